/* SPDX-License-Identifier: MIT */
/* The assembler's text helpers (see sm4_asm_priv.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm4_asm_priv.h"

int asm_bad(Asm *a, const char *fmt, ...)
{
    if (!a->failed && a->err && a->errlen) {
        int k = snprintf(a->err, a->errlen, "line %d: ", a->line);
        va_list ap;
        va_start(ap, fmt);
        if (k > 0 && (size_t)k < a->errlen) {
            vsnprintf(a->err + k, a->errlen - (size_t)k, fmt, ap);
        }
        va_end(ap);
    }
    a->failed = 1;
    return -1;
}

int asm_push(Asm *a, uint32_t v)
{
    if (a->n == a->cap) {
        uint32_t cap = a->cap ? a->cap * 2 : 256;
        uint32_t *c = realloc(a->code, cap * sizeof *c);
        if (!c) {
            return asm_bad(a, "out of memory");
        }
        a->code = c;
        a->cap = cap;
    }
    a->code[a->n++] = v;
    return 0;
}

int asm_put(Asm *a, Insn *in, uint32_t v)
{
    if (in->n >= MAX_TOK) {
        return asm_bad(a, "instruction too long");
    }
    in->tok[in->n++] = v;
    return 0;
}

/* ---- text helpers ---- */

const char *asm_skip(const char *s)
{
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    return s;
}

size_t asm_word_len(const char *s)
{
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '_') {
        n++;
    }
    return n;
}

/* Splits s at commas outside (), [], {}; trims; returns the count. */
int asm_split(char *s, char **parts, int max)
{
    int n = 0, depth = 0;
    char *start = s;
    for (char *p = s;; p++) {
        if (*p == '(' || *p == '[' || *p == '{') {
            depth++;
        } else if (*p == ')' || *p == ']' || *p == '}') {
            depth--;
        }
        if ((*p == ',' && depth == 0) || !*p) {
            int end = !*p;
            *p = 0;
            char *b = (char *)asm_skip(start), *e = b + strlen(b);
            while (e > b && isspace((unsigned char)e[-1])) {
                *--e = 0;
            }
            if (n >= max) {
                return -1;
            }
            if (*b || n || !end) {
                parts[n++] = b;
            }
            if (end) {
                break;
            }
            start = p + 1;
        }
    }
    return n;
}

int asm_parse_u32(const char *s, uint32_t *v)
{
    char *e;
    const char *b = asm_skip(s);
    int neg = *b == '-';
    unsigned long long x = strtoull(neg ? b + 1 : b, &e, 0);
    if (e == b + neg || *asm_skip(e) || x > 0xFFFFFFFFull) {
        return -1;
    }
    *v = neg ? (uint32_t)-(int64_t)x : (uint32_t)x;
    return 0;
}

/* An immediate: an integer (decimal, 0x hex, negative) or a float. */
int asm_parse_imm(const char *s, uint32_t *v)
{
    s = asm_skip(s);
    if (!asm_parse_u32(s, v)) {
        return 0;
    }
    char *e;
    float f = strtof(s, &e);
    if (e == s || *asm_skip(e)) {
        return -1;
    }
    memcpy(v, &f, 4);
    return 0;
}

