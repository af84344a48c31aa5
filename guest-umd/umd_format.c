/* SPDX-License-Identifier: MIT */
/*
 * umd_format.c: the printf subset the UMD prints with (TGSI text, names),
 * for the Windows DLL, which links no C runtime (dll-libc.c makes it
 * vsnprintf and gives it strlen). Same results as C's vsnprintf for these
 * conversions.
 */
#include "umd_format.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Output of the formatter: bytes past size - 1 are counted, not stored. */
typedef struct Out {
    char *buf;
    size_t size, len;
} Out;

static void out_char(Out *o, char c)
{
    if (o->len + 1 < o->size) {
        o->buf[o->len] = c;
    }
    o->len++;
}

static void out_field(Out *o, const char *s, size_t n, unsigned width, char pad)
{
    for (size_t i = n; i < width; i++) {
        out_char(o, pad);
    }
    for (size_t i = 0; i < n; i++) {
        out_char(o, s[i]);
    }
}

static void out_number(Out *o, uint64_t v, bool neg, unsigned base, unsigned width,
                       char pad)
{
    char digits[24];
    size_t n = 0;
    do {
        digits[sizeof(digits) - 1 - n++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    if (neg) {
        digits[sizeof(digits) - 1 - n++] = '-';
    }
    out_field(o, digits + sizeof(digits) - n, n, width, pad);
}

/* One conversion at *fmt (after the '%'); returns the next character. */
static const char *out_conversion(Out *o, const char *fmt, va_list *ap)
{
    char pad = ' ';
    unsigned width = 0, longs = 0;
    if (*fmt == '0') {
        pad = '0';
        fmt++;
    }
    while (*fmt >= '0' && *fmt <= '9') {
        width = width * 10 + (unsigned)(*fmt++ - '0');
    }
    while (*fmt == 'l') {
        longs++;
        fmt++;
    }
    switch (*fmt) {
    case 'c':
        out_field(o, (char[]){ (char)va_arg(*ap, int) }, 1, width, ' ');
        break;
    case 's': {
        const char *s = va_arg(*ap, const char *);
        s = s ? s : "(null)";
        out_field(o, s, strlen(s), width, ' ');
        break;
    }
    case 'd': {
        int64_t v = longs >= 2 ? va_arg(*ap, long long)
                   : longs ? va_arg(*ap, long) : va_arg(*ap, int);
        out_number(o, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0, 10, width, pad);
        break;
    }
    case 'u':
    case 'x': {
        uint64_t v = longs >= 2 ? va_arg(*ap, unsigned long long)
                    : longs ? va_arg(*ap, unsigned long) : va_arg(*ap, unsigned);
        out_number(o, v, false, *fmt == 'x' ? 16 : 10, width, pad);
        break;
    }
    case '%':
        out_char(o, '%');
        break;
    default: /* not used by the core: shown as written */
        out_char(o, '%');
        if (!*fmt) {
            return fmt;
        }
        out_char(o, *fmt);
        break;
    }
    return fmt + 1;
}

int umd_vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
    Out o = { buf, size, 0 };
    va_list args;
    va_copy(args, ap);
    while (*fmt) {
        if (*fmt != '%') {
            out_char(&o, *fmt++);
            continue;
        }
        fmt = out_conversion(&o, fmt + 1, &args);
    }
    va_end(args);
    if (size) {
        buf[o.len < size ? o.len : size - 1] = '\0';
    }
    return o.len > INT32_MAX ? -1 : (int)o.len;
}
