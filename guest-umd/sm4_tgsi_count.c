/* SPDX-License-Identifier: MIT */
/*
 * The counting variant of a translated shader (sm4_tgsi.h,
 * sm4_tgsi_count): a pass over the TGSI text sm4_to_tgsi wrote (its order:
 * processor, properties, DCLs, IMMs, numbered instructions) that adds one
 * BUFFER, one TEMP and two IMMs, and atomic increments of a 32-bit counter
 * in BUFFER[SM4_STATS_BUFFER]: a VS, PS or DS counts its invocations at the
 * top of main (before any discard), a GS the primitives its EMITs complete.
 */
#include <stdlib.h>
#include <string.h>

#include "sm4_tgsi_priv.h"

/* A line starting with n spaces then a digit: an instruction ("  3: ..."). */
static bool is_insn(const char *l)
{
    while (*l == ' ') {
        l++;
    }
    return *l >= '0' && *l <= '9';
}

static bool starts(const char *l, const char *prefix)
{
    while (*prefix && *l == *prefix) {
        l++, prefix++;
    }
    return !*prefix;
}

static bool contains(const char *s, const char *what)
{
    for (; *s; s++) {
        if (starts(s, what)) {
            return true;
        }
    }
    return false;
}

/* Decimal digits at *s (moved past them) into *v; false if none. */
static bool number(const char **s, unsigned long *v)
{
    const char *p = *s;
    for (*v = 0; *p >= '0' && *p <= '9' && *v < 100000000ul; p++) {
        *v = *v * 10 + (unsigned long)(*p - '0');
    }
    bool ok = p != *s;
    *s = p;
    return ok;
}

/* The text after an instruction's "N: " label. */
static const char *insn_text(const char *l)
{
    const char *c = strchr(l, ':');
    return c ? c + 2 : l;
}

/* Highest TEMP index declared ("DCL TEMP[a]" or "DCL TEMP[a..b]"), -1: none;
 * the number of IMM lines. */
static void scan(const char *text, long *max_temp, uint32_t *nimm)
{
    *max_temp = -1;
    *nimm = 0;
    for (const char *l = text; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
        const char *p = l + 9; /* "DCL TEMP[" */
        unsigned long a, b;
        if (starts(l, "DCL TEMP[") && number(&p, &a)) {
            b = a;
            if (starts(p, "..")) {
                p += 2;
                number(&p, &b);
            }
            *max_temp = (long)b > *max_temp ? (long)b : *max_temp;
        } else if (starts(l, "IMM[")) {
            (*nimm)++;
        }
    }
}

typedef struct Counting {
    TBuf out;
    uint32_t c, imm, n; /* the counting TEMP, its IMMs, the next label */
} Counting;

#define INSN(k, fmt, ...) tb_printf(&(k)->out, "%3u: " fmt "\n", (k)->n++, __VA_ARGS__)

/* IMM[imm] = {byte offset, 1, vertices per primitive, max vertices};
 * IMM[imm + 1] = 0. TEMP[c]: x vertices of the open strip, y vertices
 * emitted, z/w scratch. A GS vertex completes a primitive when the strip
 * has its vertices and the shader's maximum is not passed (GL drops the
 * rest). */
static void count_emit(Counting *k)
{
    uint32_t c = k->c, i = k->imm;
    INSN(k, "UADD TEMP[%u].xy, TEMP[%u].xyyy, IMM[%u].yyyy", c, c, i);
    INSN(k, "USGE TEMP[%u].z, TEMP[%u].xxxx, IMM[%u].zzzz", c, c, i);
    INSN(k, "USGE TEMP[%u].w, IMM[%u].wwww, TEMP[%u].yyyy", c, i, c);
    INSN(k, "AND TEMP[%u].z, TEMP[%u].zzzz, TEMP[%u].wwww", c, c, c);
    INSN(k, "UIF TEMP[%u].zzzz", c);
    INSN(k, "ATOMUADD TEMP[%u].z, BUFFER[%u], IMM[%u].xxxx, IMM[%u].yyyy", c, SM4_STATS_BUFFER,
         i, i);
    tb_printf(&k->out, "%3u: ENDIF\n", k->n++);
}

static void prologue(Counting *k, uint8_t stage)
{
    if (stage == SM4_GS) {
        INSN(k, "MOV TEMP[%u], IMM[%u].xxxx", k->c, k->imm + 1);
    } else {
        INSN(k, "ATOMUADD TEMP[%u].x, BUFFER[%u], IMM[%u].xxxx, IMM[%u].yyyy", k->c,
             SM4_STATS_BUFFER, k->imm, k->imm);
    }
}

/* Counter i's byte offset and the GS's vertices per output primitive. */
static bool stage_params(const Sm4ShaderInfo *info, uint32_t *offset, uint32_t *vpp)
{
    *vpp = 0;
    switch (info->stage) {
    case SM4_VS:
        *offset = SM4_STATS_VS * 4u;
        return true;
    case SM4_PS:
        *offset = SM4_STATS_PS * 4u;
        return true;
    case SM4_DS:
        *offset = SM4_STATS_DS * 4u;
        return true;
    case SM4_GS:
        *offset = SM4_STATS_GS * 4u;
        /* D3D10_SB_PRIMITIVE_TOPOLOGY: 1 point list, 3 line strip, 5 triangle strip */
        *vpp = info->gs_out_topo == 1 ? 1 : info->gs_out_topo == 3 ? 2 : 3;
        return info->gs_out_topo == 1 || info->gs_out_topo == 3 || info->gs_out_topo == 5;
    default:
        return false;
    }
}

char *sm4_tgsi_count(const char *text, const Sm4ShaderInfo *info)
{
    const char *slot = SM4_STATS_BUFFER_TEXT;
    uint32_t offset, vpp;
    if (!text || !stage_params(info, &offset, &vpp) || contains(text, slot)) {
        return NULL; /* another stage, or the shader has the slot as a resource */
    }
    long max_temp;
    Counting k = { .n = 0 };
    scan(text, &max_temp, &k.imm);
    k.c = (uint32_t)(max_temp + 1);
    bool decls = false, body = false;
    for (const char *l = text; *l;) {
        const char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) : strlen(l);
        bool code = is_insn(l);
        if (!decls && (code || starts(l, "IMM["))) {
            tb_printf(&k.out, "DCL %s\nDCL TEMP[%u]\n", slot, k.c);
            decls = true;
        }
        if (code && !body) {
            tb_printf(&k.out, "IMM[%u] UINT32 {%u, 1, %u, %u}\nIMM[%u] UINT32 {0, 0, 0, 0}\n",
                      k.imm, offset, vpp, info->gs_max_vertices, k.imm + 1);
            prologue(&k, info->stage);
            body = true;
        }
        if (code) {
            const char *s = insn_text(l);
            tb_printf(&k.out, "%3u: %.*s\n", k.n++, (int)(len - (size_t)(s - l)), s);
            if (info->stage == SM4_GS && starts(s, "EMIT ")) {
                count_emit(&k);
            } else if (info->stage == SM4_GS && starts(s, "ENDPRIM ")) {
                INSN(&k, "MOV TEMP[%u].x, IMM[%u].xxxx", k.c, k.imm + 1);
            }
        } else {
            tb_printf(&k.out, "%.*s\n", (int)len, l);
        }
        l = nl ? nl + 1 : l + len;
    }
    if (!body || k.out.oom) {
        free(k.out.s);
        return NULL;
    }
    return k.out.s;
}
