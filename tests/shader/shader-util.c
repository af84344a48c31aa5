/* SPDX-License-Identifier: MIT */
/* The 'shader' suite's helpers (see shader-util.h). */
#include <ctype.h>
#include <string.h>

#include "shader-util.h"

uint32_t *su_assemble(const char *text, uint32_t *n)
{
    Sm4Asm a;
    char err[256] = "";
    if (sm4_assemble(text, &a, err, sizeof err)) {
        g_error("assembling: %s\n%s", err, text);
    }
    uint32_t *t = g_memdup2(a.tokens, a.ntokens * 4u);
    *n = a.ntokens;
    sm4_asm_free(&a);
    return t;
}

Sm4Error su_translate(const uint32_t *tokens, uint32_t n, char **tgsi, Sm4ShaderInfo *info,
                      char *why, size_t whylen)
{
    uint32_t *copy = g_memdup2(tokens, n ? n * 4u : 1);
    Sm4Program p;
    *tgsi = NULL;
    Sm4Error e = sm4_decode(copy, n, &p);
    if (!e) {
        e = sm4_to_tgsi(&p, NULL, tgsi, info, why, whylen);
        sm4_free(&p);
    }
    g_free(copy);
    return e;
}

char *su_body(const char *text)
{
    uint32_t n;
    g_autofree uint32_t *t = su_assemble(text, &n);
    char *tgsi, why[160] = "";
    Sm4ShaderInfo info;
    Sm4Error e = su_translate(t, n, &tgsi, &info, why, sizeof why);
    if (e) {
        return g_strdup_printf("error %s: %s", sm4_error_name(e), why);
    }
    GString *out = g_string_new(NULL);
    g_auto(GStrv) lines = g_strsplit(tgsi, "\n", -1);
    for (char **l = lines; *l; l++) {
        const char *s = *l;
        while (*s == ' ') {
            s++;
        }
        if (!strncmp(s, "IMM[", 4)) {
            g_string_append_printf(out, "%s%s", out->len ? "\n" : "", s);
        } else if (isdigit((unsigned char)*s)) {
            s = strchr(s, ':') + 2;
            if (strcmp(s, "END")) {
                g_string_append_printf(out, "%s%s", out->len ? "\n" : "", s);
            }
        }
    }
    free(tgsi);
    return g_string_free(out, FALSE);
}
