/* SPDX-License-Identifier: MIT */
/* The portable layer (port.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "port.h"

void *sr_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("sable-run: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *sr_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fputs("sable-run: out of memory\n", stderr);
        abort();
    }
    return p;
}

char *sr_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(sr_xmalloc(n), s, n);
}

char *sr_strdup_vprintf(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = sr_xmalloc(n > 0 ? (size_t)n + 1 : 1);
    vsnprintf(s, n > 0 ? (size_t)n + 1 : 1, fmt, again);
    va_end(again);
    return s;
}

char *sr_strdup_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = sr_strdup_vprintf(fmt, ap);
    va_end(ap);
    return s;
}

static bool is_sep(char c)
{
#ifdef _WIN32
    return c == '/' || c == '\\';
#else
    return c == '/';
#endif
}

char *sr_path_join(const char *dir, const char *name)
{
    size_t n = strlen(dir);
    return sr_strdup_printf("%s%s%s", dir, n && is_sep(dir[n - 1]) ? "" : "/", name);
}

const char *sr_path_basename(const char *path)
{
    const char *b = path;
    for (const char *p = path; *p; p++) {
        if (is_sep(*p) && p[1]) {
            b = p + 1;
        }
    }
    return b;
}

char *sr_path_dirname(const char *path)
{
    size_t end = 0;
    for (size_t i = 0; path[i]; i++) {
        if (is_sep(path[i])) {
            end = i;
        }
    }
    if (end == 0) {
        return sr_strdup(is_sep(path[0]) ? "/" : ".");
    }
    char *d = sr_xmalloc(end + 1);
    memcpy(d, path, end);
    d[end] = 0;
    return d;
}

bool sr_path_is_absolute(const char *path)
{
#ifdef _WIN32
    if (path[0] && path[1] == ':') {
        return true;
    }
#endif
    return is_sep(path[0]);
}

char *sr_strescape(const char *s)
{
    char *o = sr_xmalloc(strlen(s) * 4 + 1), *p = o;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        const char *e = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r"
                      : c == '\\' ? "\\\\" : c == '"' ? "\\\"" : NULL;
        if (e) {
            p += sprintf(p, "%s", e);
        } else if (c < 0x20 || c == 0x7f) {
            p += sprintf(p, "\\%03o", c);
        } else {
            *p++ = (char)c;
        }
    }
    *p = 0;
    return o;
}
