/* SPDX-License-Identifier: MIT */
/* Line-buffered socket I/O for the qtest connection. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "sqt-internal.h"

char *sqt_conn_read_line(SqtMachine *m, SqtConn *c)
{
    for (;;) {
        char *nl = memchr(c->in->str, '\n', c->in->len);
        if (nl) {
            size_t n = (size_t)(nl - c->in->str);
            char *line = g_strndup(c->in->str, n);
            g_string_erase(c->in, 0, (gssize)(n + 1));
            return line;
        }
        char chunk[65536];
        ssize_t got = read(c->fd, chunk, sizeof(chunk));
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            sqt_fatal(m, "%s connection: %s", c->name,
                      got == 0 ? "QEMU closed it (did QEMU exit?)"
                               : g_strerror(errno));
        }
        g_string_append_len(c->in, chunk, got);
    }
}

void sqt_conn_write(SqtMachine *m, SqtConn *c, const char *s, size_t len)
{
    while (len > 0) {
        ssize_t put = write(c->fd, s, len);
        if (put < 0 && errno == EINTR) {
            continue;
        }
        if (put <= 0) {
            sqt_fatal(m, "%s connection: write failed: %s", c->name,
                      g_strerror(errno));
        }
        s += put;
        len -= (size_t)put;
    }
}
