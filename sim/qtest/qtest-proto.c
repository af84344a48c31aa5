/* SPDX-License-Identifier: MIT */
/* Client of QEMU's qtest text protocol: one command line, one reply line
 * ("OK ...", "FAIL ...", "ERR ..."), with asynchronous "IRQ raise|lower N"
 * lines interleaved anywhere. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sqt-internal.h"

#define SQT_BLOCK_CHUNK (256u * 1024) /* bytes per b64read/b64write */

/* Track an IRQ line; false if the line is not an IRQ notification. */
static bool handle_irq_line(SqtMachine *m, const char *line)
{
    unsigned n;
    bool raise = strncmp(line, "IRQ raise ", 10) == 0;
    if (!raise && strncmp(line, "IRQ lower ", 10) != 0) {
        return false;
    }
    n = (unsigned)strtoul(line + 10, NULL, 10);
    if (n < SQT_IRQ_LINES) {
        m->irq_level[n] = raise;
    }
    return true;
}

/* Send a command and return its reply; FAIL/ERR replies are returned too. */
static char *transact(SqtMachine *m, const char *cmd)
{
    g_autofree char *line = g_strconcat(cmd, "\n", NULL);
    sqt_conn_write(m, &m->qtest, line, strlen(line));
    for (;;) {
        char *reply = sqt_conn_read_line(m, &m->qtest);
        if (!handle_irq_line(m, reply)) {
            return reply;
        }
        g_free(reply);
    }
}

/* Send a command that must succeed; returns what follows "OK" (may be ""). */
static char *command(SqtMachine *m, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static char *command(SqtMachine *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *cmd = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_autofree char *reply = transact(m, cmd);
    if (strncmp(reply, "OK", 2) != 0) {
        sqt_fatal(m, "qtest command '%.80s' failed: %s", cmd, reply);
    }
    return g_strdup(reply[2] == ' ' ? reply + 3 : reply + 2);
}

static uint64_t command_u64(SqtMachine *m, const char *op, uint64_t arg)
{
    g_autofree char *r = command(m, "%s 0x%" PRIx64, op, arg);
    char *end;
    uint64_t v = g_ascii_strtoull(r, &end, 0);
    if (end == r) {
        sqt_fatal(m, "qtest %s: unexpected reply '%s'", op, r);
    }
    return v;
}

static void command_ok(SqtMachine *m, const char *op, uint64_t a, uint64_t b)
{
    g_free(command(m, "%s 0x%" PRIx64 " 0x%" PRIx64, op, a, b));
}

uint8_t sqt_readb(SqtMachine *m, uint64_t a) { return (uint8_t)command_u64(m, "readb", a); }
uint16_t sqt_readw(SqtMachine *m, uint64_t a) { return (uint16_t)command_u64(m, "readw", a); }
uint32_t sqt_readl(SqtMachine *m, uint64_t a) { return (uint32_t)command_u64(m, "readl", a); }
uint64_t sqt_readq(SqtMachine *m, uint64_t a) { return command_u64(m, "readq", a); }
void sqt_writeb(SqtMachine *m, uint64_t a, uint8_t v) { command_ok(m, "writeb", a, v); }
void sqt_writew(SqtMachine *m, uint64_t a, uint16_t v) { command_ok(m, "writew", a, v); }
void sqt_writel(SqtMachine *m, uint64_t a, uint32_t v) { command_ok(m, "writel", a, v); }
void sqt_writeq(SqtMachine *m, uint64_t a, uint64_t v) { command_ok(m, "writeq", a, v); }
uint8_t sqt_inb(SqtMachine *m, uint16_t p) { return (uint8_t)command_u64(m, "inb", p); }
uint16_t sqt_inw(SqtMachine *m, uint16_t p) { return (uint16_t)command_u64(m, "inw", p); }
uint32_t sqt_inl(SqtMachine *m, uint16_t p) { return (uint32_t)command_u64(m, "inl", p); }
void sqt_outb(SqtMachine *m, uint16_t p, uint8_t v) { command_ok(m, "outb", p, v); }
void sqt_outw(SqtMachine *m, uint16_t p, uint16_t v) { command_ok(m, "outw", p, v); }
void sqt_outl(SqtMachine *m, uint16_t p, uint32_t v) { command_ok(m, "outl", p, v); }

static void memread_chunk(SqtMachine *m, uint64_t addr, uint8_t *buf, size_t len)
{
    g_autofree char *r = command(m, "b64read 0x%" PRIx64 " 0x%zx", addr, len);
    gsize n = 0;
    g_autofree guchar *data = g_base64_decode(r, &n);
    if (n != len) {
        sqt_fatal(m, "b64read 0x%" PRIx64 ": got %zu bytes, wanted %zu",
                  addr, (size_t)n, len);
    }
    memcpy(buf, data, len);
}

void sqt_memread(SqtMachine *m, uint64_t addr, void *buf, size_t len)
{
    for (size_t off = 0; off < len; off += SQT_BLOCK_CHUNK) {
        size_t n = MIN(SQT_BLOCK_CHUNK, len - off);
        memread_chunk(m, addr + off, (uint8_t *)buf + off, n);
    }
}

void sqt_memwrite(SqtMachine *m, uint64_t addr, const void *buf, size_t len)
{
    for (size_t off = 0; off < len; off += SQT_BLOCK_CHUNK) {
        size_t n = MIN(SQT_BLOCK_CHUNK, len - off);
        g_autofree char *b64 = g_base64_encode((const guchar *)buf + off, n);
        g_free(command(m, "b64write 0x%" PRIx64 " 0x%zx %s", addr + off, n, b64));
    }
}

static int64_t clock_reply(SqtMachine *m, char *r)
{
    char *end;
    int64_t now = g_ascii_strtoll(r, &end, 10);
    if (end == r) {
        sqt_fatal(m, "qtest clock: unexpected reply '%s'", r);
    }
    g_free(r);
    return now;
}

int64_t sqt_clock_step(SqtMachine *m, int64_t ns)
{
    return clock_reply(m, command(m, "clock_step %" PRId64, ns));
}

int64_t sqt_clock_set(SqtMachine *m, int64_t ns)
{
    return clock_reply(m, command(m, "clock_set %" PRId64, ns));
}

bool sqt_irq_intercept_in(SqtMachine *m, const char *qom_path, GError **err)
{
    g_autofree char *cmd = g_strdup_printf("irq_intercept_in %s", qom_path);
    g_autofree char *r = transact(m, cmd);
    if (strncmp(r, "OK", 2) != 0) {
        g_set_error(err, SQT_ERROR, 0,
                    "irq_intercept_in %s: %s", qom_path, r);
        return false;
    }
    return true;
}

bool sqt_irq_level(const SqtMachine *m, unsigned line)
{
    return line < SQT_IRQ_LINES && m->irq_level[line];
}

void sqt_sync(SqtMachine *m)
{
    g_free(command(m, "endianness"));
}
