/* SPDX-License-Identifier: MIT */
/* The SM4/SM5 assembler (see sm4_asm.h): statements are split at commas
 * outside brackets; the mnemonic is the longest opcode name whose remainder
 * parses as suffixes (_sat, _z/_nz, _uint, _rcpFloat, _aoffimmi(u,v,w),
 * _indexable(dim[, stride=n]), (type,type,type,type), sync's _t/_g/_ugroup/
 * _uglobal). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm4_asm_priv.h"

/* ---- operands ---- */

int asm_comp_index(char c)
{
    const char *p = strchr("xyzw", c);
    const char *q = strchr("rgba", c);
    return c && p ? (int)(p - "xyzw") : c && q ? (int)(q - "rgba") : -1;
}

/* .xyzw etc.: dst/decl -> mask; src -> swizzle or select_1. */
static int components(Asm *a, const char *s, int dst, uint32_t *tok)
{
    size_t n = strlen(s);
    if (n < 1 || n > 4) {
        return asm_bad(a, "bad components '.%s'", s);
    }
    if (dst) {
        uint32_t mask = 0;
        int last = -1;
        for (size_t i = 0; i < n; i++) {
            int c = asm_comp_index(s[i]);
            if (c <= last) {
                return asm_bad(a, "bad mask '.%s'", s);
            }
            mask |= 1u << c;
            last = c;
        }
        *tok |= 2 | 0u << 2 | mask << 4;
        return 0;
    }
    int c[4];
    for (size_t i = 0; i < 4; i++) {
        c[i] = asm_comp_index(s[i < n ? i : n - 1]);
        if (c[i] < 0) {
            return asm_bad(a, "bad swizzle '.%s'", s);
        }
    }
    if (n == 1) {
        *tok |= 2 | 2u << 2 | (uint32_t)c[0] << 4;
    } else {
        *tok |= 2 | 1u << 2 | (uint32_t)(c[0] | c[1] << 2 | c[2] << 4 | c[3] << 6) << 4;
    }
    return 0;
}

static int operand(Asm *a, Insn *in, const char *text, int dst, int decl);

/* One index "[...]" body or the number after a register name. */
static int index_expr(Asm *a, Insn *in, char *s, uint32_t *rep)
{
    char *plus = NULL;
    s = (char *)asm_skip(s);
    if (isdigit((unsigned char)*s)) {
        uint32_t v;
        if (asm_parse_u32(s, &v)) {
            return asm_bad(a, "bad index '%s'", s);
        }
        *rep = SM4_IDX_IMM32;
        return asm_put(a, in, v);
    }
    for (char *p = s; *p; p++) {
        if (*p == '+') {
            plus = p;
        }
    }
    uint32_t v = 0;
    if (plus) {
        *plus = 0;
        if (asm_parse_u32(plus + 1, &v)) {
            return asm_bad(a, "bad index offset '%s'", plus + 1);
        }
        *rep = SM4_IDX_IMM32_REL;
        if (asm_put(a, in, v)) {
            return -1;
        }
    } else {
        *rep = SM4_IDX_REL;
    }
    return operand(a, in, s, 0, 0);
}

static int immediate(Asm *a, Insn *in, char *s, uint32_t tok)
{
    char *parts[5];
    size_t n = strlen(s);
    if (n < 3 || s[1] != '(' || s[n - 1] != ')') {
        return asm_bad(a, "bad immediate '%s'", s);
    }
    s[n - 1] = 0;
    int k = asm_split(s + 2, parts, 5);
    if (k != 1 && k != 4) {
        return asm_bad(a, "an immediate has 1 or 4 values");
    }
    tok |= (k == 1 ? 1u : 2u) | (uint32_t)SM4_OT_IMM32 << 12;
    if (asm_put(a, in, tok)) {
        return -1;
    }
    for (int i = 0; i < k; i++) {
        uint32_t v;
        if (asm_parse_imm(parts[i], &v)) {
            return asm_bad(a, "bad immediate value '%s'", parts[i]);
        }
        if (asm_put(a, in, v)) {
            return -1;
        }
    }
    return 0;
}

static const Sm4RegName *reg_name(const char *s, size_t *len)
{
    for (unsigned i = 0; i < sm4_nregs; i++) {
        size_t l = strlen(sm4_regs[i].name);
        if (strncmp(s, sm4_regs[i].name, l)) {
            continue;
        }
        char c = s[l];
        if (sm4_regs[i].numbered ? (isdigit((unsigned char)c) || c == '[')
                                 : !(isalnum((unsigned char)c) || c == '_')) {
            *len = l;
            return &sm4_regs[i];
        }
    }
    return NULL;
}

static int operand(Asm *a, Insn *in, const char *text, int dst, int decl)
{
    char buf[256];
    uint32_t mod = 0;
    if (strlen(text) >= sizeof buf) {
        return asm_bad(a, "operand too long");
    }
    strcpy(buf, asm_skip(text));
    for (size_t n = strlen(buf); n && isspace((unsigned char)buf[n - 1]);) {
        buf[--n] = 0;
    }
    char *s = buf;
    if (*s == '-') {
        mod = SM4_MOD_NEG;
        s = (char *)asm_skip(s + 1);
    }
    if (*s == '|') {
        size_t n = strlen(s);
        if (n < 2 || s[n - 1] != '|') {
            return asm_bad(a, "unbalanced |");
        }
        s[n - 1] = 0;
        s++;
        mod = mod ? SM4_MOD_ABSNEG : SM4_MOD_ABS;
    }
    uint32_t tok = mod ? 1u << 31 : 0;
    if (s[0] == 'l' && s[1] == '(') {
        return mod ? asm_bad(a, "modifier on an immediate") : immediate(a, in, s, tok);
    }
    size_t l;
    const Sm4RegName *r = reg_name(s, &l);
    if (!r) {
        return asm_bad(a, "unknown operand '%s'", s);
    }
    tok |= (uint32_t)r->type << 12;
    s += l;
    /* indices: a number after the name, then [..] groups */
    char *idx[3];
    int nidx = 0;
    char num[16];
    if (isdigit((unsigned char)*s)) {
        size_t k = 0;
        while (isdigit((unsigned char)s[k]) && k < sizeof num - 1) {
            num[k] = s[k];
            k++;
        }
        num[k] = 0;
        idx[nidx++] = num;
        s += k;
    }
    while (*s == '[') {
        int depth = 0;
        char *e = s;
        for (; *e; e++) {
            depth += *e == '[' ? 1 : *e == ']' ? -1 : 0;
            if (!depth) {
                break;
            }
        }
        if (!*e || nidx == 3) {
            return asm_bad(a, "bad index brackets");
        }
        *e = 0;
        idx[nidx++] = s + 1;
        s = e + 1;
    }
    const char *comps = NULL;
    if (*s == '.') {
        comps = s + 1;
    } else if (*s) {
        return asm_bad(a, "junk after operand: '%s'", s);
    }
    if (comps && components(a, comps, dst || decl, &tok)) {
        return -1;
    }
    if (!comps && r->ncomp == 4 && r->type != SM4_OT_RESOURCE) {
        /* no components written: the whole register */
        tok |= dst || decl ? (2u | 0xFu << 4) : (2u | 1u << 2 | 0xE4u << 4);
    } else if (!comps && r->ncomp == 1) {
        tok |= 1;
    }
    if (r->type == SM4_OT_CONSTANT_BUFFER && decl) { /* fxc: cb0[n] with xyzw swizzle */
        tok = (tok & ~0xFFFu) | 2 | 1u << 2 | 0xE4u << 4;
    }
    tok |= (uint32_t)nidx << 20;
    uint32_t at = in->n;
    if (asm_put(a, in, tok) || (mod && asm_put(a, in, 1u | mod << 6))) {
        return -1;
    }
    for (int i = 0; i < nidx; i++) {
        uint32_t rep = 0;
        if (index_expr(a, in, idx[i], &rep)) {
            return -1;
        }
        in->tok[at] |= rep << (22 + 3 * i);
    }
    return 0;
}

/* ---- mnemonics ---- */

typedef struct Mn {
    uint32_t opcode, ctl, sat, test, has_test, ext[3], next;
    uint32_t res_dim;  /* dcl_resource_<dim>, dcl_uav_typed_<dim> */
    uint32_t samples;  /* texture2dms(n) */
} Mn;

static int ret_types(const char *s, size_t n, uint32_t *out)
{
    char buf[128];
    char *parts[5];
    if (n >= sizeof buf) {
        return -1;
    }
    memcpy(buf, s, n);
    buf[n] = 0;
    if (asm_split(buf, parts, 5) != 4) {
        return -1;
    }
    *out = 0;
    for (int c = 0; c < 4; c++) {
        int t = sm4_name_find(sm4_ret_name, 10, parts[c], strlen(parts[c]));
        if (t < 1) {
            return -1;
        }
        *out |= (uint32_t)t << (4 * c);
    }
    return 0;
}

static const char *paren(const char *s, size_t *n)
{
    if (*s != '(') {
        return NULL;
    }
    const char *e = strchr(s, ')');
    if (!e) {
        return NULL;
    }
    *n = (size_t)(e - s - 1);
    return s + 1;
}

static int dim_suffix(const char *s, size_t n, Mn *m)
{
    char buf[64];
    char *parts[2];
    uint32_t stride = 0;
    if (n >= sizeof buf) {
        return -1;
    }
    memcpy(buf, s, n);
    buf[n] = 0;
    int k = asm_split(buf, parts, 2);
    if (k < 1) {
        return -1;
    }
    int d = sm4_name_find(sm4_dim_name, SM4_RES_COUNT, parts[0], strlen(parts[0]));
    if (d < 1 || (k == 2 && (strncmp(parts[1], "stride=", 7) || asm_parse_u32(parts[1] + 7, &stride)))) {
        return -1;
    }
    m->ext[m->next++] = 2u | (uint32_t)d << 6 | (stride & 0xFFF) << 11;
    return 0;
}

/* The suffixes after an opcode name; 0 if they all parse. */
static int suffixes(const char *s, Mn *m)
{
    while (*s) {
        size_t n;
        const char *p;
        if (m->next >= 3 && (*s == '(' || !strncmp(s, "_indexable", 10) ||
                             !strncmp(s, "_aoffimmi", 9))) {
            return -1;
        }
        if (!strncmp(s, "_sat", 4)) {
            m->sat = 1, s += 4;
        } else if (!strncmp(s, "_nz", 3)) {
            m->test = 1, m->has_test = 1, s += 3;
        } else if (!strncmp(s, "_z", 2)) {
            m->test = 0, m->has_test = 1, s += 2;
        } else if (!strncmp(s, "_uint", 5)) {
            m->ctl |= m->opcode == SM4_RESINFO ? 2 : 1, s += 5;
        } else if (!strncmp(s, "_rcpFloat", 9)) {
            m->ctl |= 1, s += 9;
        } else if (!strncmp(s, "_opc", 4)) {
            /* dcl_uav_structured_opc: the UAV has a hidden counter (bit 23) */
            m->ctl |= m->opcode == SM5_DCL_UAV_STRUCTURED ? 1u << 12 : 0, s += 4;
        } else if (!strncmp(s, "_aoffimmi_indexable", 19) && paren(s + 19, &n)) {
            /* fxc's SM5 form: _aoffimmi_indexable(u,v,w)(dim)(types) */
            char buf[40];
            size_t k = (size_t)(strchr(s + 19, ')') - s) + 1;
            if (k + 1 >= sizeof buf) {
                return -1;
            }
            memcpy(buf, "_aoffimmi", 9);
            memcpy(buf + 9, s + 19, k - 19);
            buf[9 + k - 19] = 0;
            Mn off = *m;
            if (suffixes(buf, &off) || (p = paren(s + k, &n)) == NULL) {
                return -1;
            }
            *m = off;
            if (dim_suffix(p, n, m)) {
                return -1;
            }
            s = p + n + 1;
        } else if (!strncmp(s, "_aoffimmi", 9) && (p = paren(s + 9, &n))) {
            char buf[32];
            char *parts[4];
            uint32_t v[3];
            if (n >= sizeof buf) {
                return -1;
            }
            memcpy(buf, p, n);
            buf[n] = 0;
            if (asm_split(buf, parts, 4) != 3) {
                return -1;
            }
            uint32_t e = 1;
            for (int c = 0; c < 3; c++) {
                if (asm_parse_u32(parts[c], &v[c]) || (int32_t)v[c] < -8 || (int32_t)v[c] > 7) {
                    return -1;
                }
                e |= (v[c] & 0xF) << (9 + 4 * c);
            }
            m->ext[m->next++] = e;
            s = p + n + 1;
        } else if (!strncmp(s, "_indexable", 10) && (p = paren(s + 10, &n))) {
            if (dim_suffix(p, n, m)) {
                return -1;
            }
            s = p + n + 1;
        } else if ((p = paren(s, &n))) {
            uint32_t rt;
            if (ret_types(p, n, &rt)) {
                return -1;
            }
            m->ext[m->next++] = 3u | rt << 6;
            s = p + n + 1;
        } else if (m->opcode == SM5_SYNC && (!strncmp(s, "_uglobal", 8) || !strncmp(s, "_ugroup", 7) ||
                                             !strncmp(s, "_g", 2) || !strncmp(s, "_t", 2))) {
            size_t l = s[2] == 'g' && s[3] == 'l' ? 8 : s[2] == 'g' && s[3] == 'r' ? 7 : 2;
            m->ctl |= l == 8 ? 8 : l == 7 ? 4 : s[1] == 'g' ? 2 : 1;
            s += l;
        } else {
            return -1;
        }
    }
    return 0;
}

/* dcl_resource_<dim>[(samples)], dcl_uav_typed_<dim>[_glc] */
static int typed_decl(const char *s, const char *prefix, uint32_t opcode, Mn *m)
{
    size_t l = strlen(prefix);
    if (strncmp(s, prefix, l)) {
        return -1;
    }
    s += l;
    size_t n = asm_word_len(s);
    if (!strcmp(s + n, "_glc") && opcode == SM5_DCL_UAV_TYPED) {
        m->ctl |= 1u << 5;
    }
    for (int d = SM4_RES_BUFFER; d <= SM4_RES_TEXCUBEARRAY; d++) {
        size_t dl = strlen(sm4_dim_name[d]);
        if (!strncmp(s, sm4_dim_name[d], dl) && (s[dl] == 0 || s[dl] == '(' || s[dl] == '_')) {
            m->opcode = opcode;
            m->ctl |= (uint32_t)d;
            m->res_dim = (uint32_t)d;
            const char *p = s + dl;
            size_t pn;
            if (*p == '(' && (p = paren(p, &pn))) {
                char buf[8] = { 0 };
                memcpy(buf, p, pn < 7 ? pn : 7);
                if (asm_parse_u32(buf, &m->samples) || m->samples > 127) {
                    return -1;
                }
                m->ctl |= m->samples << 5;
            }
            return 0;
        }
    }
    return -1;
}

static int mnemonic(const char *s, Mn *m)
{
    memset(m, 0, sizeof *m);
    if (!typed_decl(s, "dcl_resource_", SM4_DCL_RESOURCE, m) &&
        strcmp(s, "dcl_resource_raw") && strcmp(s, "dcl_resource_structured")) {
        return 0;
    }
    memset(m, 0, sizeof *m);
    if (!typed_decl(s, "dcl_uav_typed_", SM5_DCL_UAV_TYPED, m)) {
        return 0;
    }
    int best = -1;
    size_t best_len = 0;
    for (uint32_t op = 0; op < SM4_OPCODE_COUNT; op++) {
        const Sm4OpInfo *info = sm4_op_info(op);
        if (!info) {
            continue;
        }
        size_t l = strlen(info->name);
        Mn t;
        memset(&t, 0, sizeof t);
        t.opcode = op;
        if (l > best_len && !strncmp(s, info->name, l) && !suffixes(s + l, &t)) {
            best = (int)op, best_len = l, *m = t;
        }
    }
    if (best < 0 && !strncmp(s, "ldms", 4)) { /* fxc's spelling of ld_ms */
        m->opcode = SM4_LD_MS;
        return suffixes(s + 4, m);
    }
    return best < 0 ? -1 : 0;
}

/* ---- declarations with special syntax ---- */

static int name_token(Asm *a, Insn *in, const char *s)
{
    int k = sm4_name_find(sm4_sv_name, SM4_NAMES(sm4_sv_name), s, strlen(s));
    uint32_t v;
    if (k < 0 && asm_parse_u32(s, &v)) {
        return asm_bad(a, "unknown system value '%s'", s);
    }
    return asm_put(a, in, k >= 0 ? (uint32_t)k : v);
}

static int flags_list(Asm *a, const char *s, uint32_t *out)
{
    *out = 0;
    while (*(s = asm_skip(s))) {
        size_t n = asm_word_len(s);
        int k = sm4_name_find(sm4_gflag_name, 8, s, n);
        if (k < 0) {
            return asm_bad(a, "unknown global flag '%.*s'", (int)n, s);
        }
        *out |= 1u << k;
        s = asm_skip(s + n);
        if (*s == '|') {
            s++;
        } else if (*s) {
            return asm_bad(a, "bad global flags");
        }
    }
    return 0;
}

/* "linear noperspective centroid v1.xy" -> mode, and the rest. */
static const char *interp(const char *s, uint32_t *mode)
{
    *mode = 0;
    for (int k = 7; k >= 1; k--) {
        size_t l = strlen(sm4_interp_name[k]);
        if (!strncmp(s, sm4_interp_name[k], l) && s[l] == ' ') {
            *mode = (uint32_t)k;
            return asm_skip(s + l);
        }
    }
    return s;
}

static int emit_insn(Asm *a, const Mn *m, Insn *in)
{
    uint32_t len = 1 + m->next + in->n;
    if (len > 127) {
        return asm_bad(a, "instruction longer than 127 DWORDs");
    }
    uint32_t t = m->opcode | (m->ctl & 0x1FFF) << 11 | m->sat << 13 | m->test << 18 | len << 24;
    if (m->next) {
        t |= 1u << 31;
    }
    if (asm_push(a, t)) {
        return -1;
    }
    for (uint32_t i = 0; i < m->next; i++) {
        if (asm_push(a, m->ext[i] | (i + 1 < m->next ? 1u << 31 : 0))) {
            return -1;
        }
    }
    for (uint32_t i = 0; i < in->n; i++) {
        if (asm_push(a, in->tok[i])) {
            return -1;
        }
    }
    return 0;
}

static int icb(Asm *a, char *s)
{
    uint32_t at = a->n;
    if (asm_push(a, SM4_CUSTOMDATA | (uint32_t)SM4_CD_ICB << 11) || asm_push(a, 0)) {
        return -1;
    }
    for (char *p = s; *p; p++) {
        if (*p == '{' || *p == '}') {
            *p = ' ';
        }
    }
    char *parts[4096 + 1];
    int n = asm_split(s, parts, 4096);
    if (n <= 0 || n % 4) {
        return asm_bad(a, "an immediate constant buffer holds vec4s");
    }
    for (int i = 0; i < n; i++) {
        uint32_t v;
        if (asm_parse_imm(parts[i], &v) || asm_push(a, v)) {
            return asm_bad(a, "bad immediate constant buffer value '%s'", parts[i]);
        }
    }
    a->code[at + 1] = a->n - at;
    return 0;
}

/* Declarations whose operands are not plain operands. */
static int decl_special(Asm *a, Mn *m, Insn *in, char **ops, int nops)
{
    uint32_t v;
    switch (m->opcode) {
    case SM4_DCL_GLOBAL_FLAGS:
        return nops == 1 && !flags_list(a, ops[0], &v) ? (m->ctl = v, 0) : asm_bad(a, "flags");
    case SM4_DCL_TEMPS:
    case SM4_DCL_MAX_OUTPUT_VERTEX_COUNT:
    case SM5_DCL_GS_INSTANCE_COUNT:
    case SM5_DCL_HS_FORK_PHASE_INSTANCE_COUNT:
    case SM5_DCL_HS_JOIN_PHASE_INSTANCE_COUNT:
    case SM5_DCL_FUNCTION_BODY:
        return nops == 1 && !asm_parse_u32(ops[0], &v) ? asm_put(a, in, v) : asm_bad(a, "expected a count");
    case SM5_DCL_THREAD_GROUP:
        for (int i = 0; i < 3; i++) {
            if (nops != 3 || asm_parse_u32(ops[i], &v) || asm_put(a, in, v)) {
                return asm_bad(a, "expected x, y, z");
            }
        }
        return 0;
    case SM4_DCL_INDEXABLE_TEMP: { /* x0[4], 4 */
        uint32_t r, size, comps;
        if (nops != 2 || sscanf(ops[0], "x%u[%u]", &r, &size) != 2 || asm_parse_u32(ops[1], &comps)) {
            return asm_bad(a, "expected xN[size], components");
        }
        return asm_put(a, in, r) || asm_put(a, in, size) || asm_put(a, in, comps);
    }
    case SM5_DCL_INPUT_CONTROL_POINT_COUNT:
    case SM5_DCL_OUTPUT_CONTROL_POINT_COUNT:
        return nops == 1 && !asm_parse_u32(ops[0], &v) && v <= 32 ? (m->ctl = v, 0)
                                                             : asm_bad(a, "expected a count (0..32)");
    case SM5_DCL_TESS_DOMAIN:
    case SM5_DCL_TESS_PARTITIONING:
    case SM5_DCL_TESS_OUTPUT_PRIMITIVE: {
        const char *const *names = m->opcode == SM5_DCL_TESS_DOMAIN ? sm4_tess_domain_name
                                   : m->opcode == SM5_DCL_TESS_PARTITIONING
                                       ? sm4_tess_partitioning_name
                                       : sm4_tess_output_name;
        int k = nops == 1 ? sm4_name_find(names, m->opcode == SM5_DCL_TESS_DOMAIN ? 4 : 5, ops[0],
                                          strlen(ops[0]))
                          : -1;
        return k < 0 ? asm_bad(a, "unknown tessellator setting") : (m->ctl = (uint32_t)k, 0);
    }
    case SM4_DCL_GS_INPUT_PRIMITIVE:
    case SM4_DCL_GS_OUTPUT_PRIMITIVE_TOPOLOGY: {
        int k = nops != 1 ? -1
                : m->opcode == SM4_DCL_GS_INPUT_PRIMITIVE
                    ? sm4_name_find(sm4_in_prim_name, 8, ops[0], strlen(ops[0]))
                    : sm4_name_find(sm4_out_topo_name, 6, ops[0], strlen(ops[0]));
        return k < 0 ? asm_bad(a, "unknown primitive '%s'", nops ? ops[0] : "") : (m->ctl = (uint32_t)k, 0);
    }
    default:
        return 1; /* not special */
    }
}

static int statement(Asm *a, char *s)
{
    size_t n = 0;
    while (s[n] && !isspace((unsigned char)s[n])) {
        n += s[n] == '(' ? (strchr(s + n, ')') ? (size_t)(strchr(s + n, ')') - (s + n)) : 1) : 1;
    }
    char mn[128];
    if (n >= sizeof mn) {
        return asm_bad(a, "mnemonic too long");
    }
    memcpy(mn, s, n);
    mn[n] = 0;
    char *rest = (char *)asm_skip(s + n);
    if (!strcmp(mn, "dcl_immediateConstantBuffer")) {
        return icb(a, rest);
    }
    Mn m;
    if (mnemonic(mn, &m)) {
        return asm_bad(a, "unknown instruction '%s'", mn);
    }
    const Sm4OpInfo *info = sm4_op_info(m.opcode);
    if ((info->flags & SM4_F_TEST) && !m.has_test) {
        return asm_bad(a, "'%s' needs _z or _nz", mn);
    }
    if (info->model > a->major * 10 + a->minor) {
        return asm_bad(a, "'%s' needs a later shader model", mn);
    }
    Insn in;
    memset(&in, 0, sizeof in);
    uint32_t rt = 0; /* dcl_resource, dcl_uav_typed: the return type token */
    char *ops[MAX_OPS + 2];
    int decl = (info->flags & SM4_F_DECL) != 0;
    if (decl && m.opcode >= SM4_DCL_INPUT_PS && m.opcode <= SM4_DCL_INPUT_PS_SIV) {
        rest = (char *)interp(rest, &m.ctl);
    }
    if (m.opcode == SM4_DCL_RESOURCE || m.opcode == SM5_DCL_UAV_TYPED) {
        size_t pn;
        const char *p = paren(rest, &pn);
        if (!p || ret_types(p, pn, &rt)) {
            return asm_bad(a, "expected (type,type,type,type)");
        }
        rest = (char *)asm_skip(p + pn + 1);
    }
    int nops = asm_split(rest, ops, MAX_OPS + 2);
    if (nops < 0) {
        return asm_bad(a, "too many operands");
    }
    int sp = decl ? decl_special(a, &m, &in, ops, nops) : 1;
    if (sp < 0) {
        return -1;
    }
    if (sp == 1) {
        unsigned nopnd = info->ndst + info->nsrc;
        if (m.opcode == SM4_DCL_INDEX_RANGE && nops == 1) { /* "o1.xyzw 4" */
            char *sp2 = strrchr(ops[0], ' ');
            if (!sp2) {
                return asm_bad(a, "expected register count");
            }
            *sp2 = 0;
            ops[nops++] = sp2 + 1;
        }
        if ((unsigned)nops != nopnd + info->nextra - (m.opcode == SM4_DCL_RESOURCE ||
                                                      m.opcode == SM5_DCL_UAV_TYPED) &&
            !(m.opcode == SM4_DCL_CONSTANT_BUFFER && nops == 2) &&
            !(m.opcode == SM4_DCL_SAMPLER && nops == 2)) {
            return asm_bad(a, "'%s' takes %u operands", mn, nopnd + info->nextra);
        }
        for (unsigned i = 0; i < nopnd; i++) {
            if (operand(a, &in, ops[i], i < info->ndst, decl)) {
                return -1;
            }
        }
        if (m.opcode == SM4_DCL_CONSTANT_BUFFER && nops == 2) {
            if (!strcmp(ops[1], "dynamicIndexed")) {
                m.ctl |= 1;
            } else if (strcmp(ops[1], "immediateIndexed")) {
                return asm_bad(a, "expected immediateIndexed or dynamicIndexed");
            }
        } else if (m.opcode == SM4_DCL_SAMPLER && nops == 2) {
            int k = sm4_name_find(sm4_sampler_mode_name, 3, ops[1], strlen(ops[1]));
            if (k < 0) {
                return asm_bad(a, "unknown sampler mode '%s'", ops[1]);
            }
            m.ctl |= (uint32_t)k;
        } else if (m.opcode == SM4_DCL_RESOURCE || m.opcode == SM5_DCL_UAV_TYPED) {
            if (asm_put(a, &in, rt)) {
                return -1;
            }
        } else if (info->nextra) {
            uint32_t v;
            for (unsigned i = 0; i < info->nextra; i++) {
                const char *x = ops[nopnd + i];
                if (m.opcode == SM4_DCL_INPUT_SGV || m.opcode == SM4_DCL_INPUT_SIV ||
                    m.opcode == SM4_DCL_INPUT_PS_SGV || m.opcode == SM4_DCL_INPUT_PS_SIV ||
                    m.opcode == SM4_DCL_OUTPUT_SGV || m.opcode == SM4_DCL_OUTPUT_SIV) {
                    if (name_token(a, &in, x)) {
                        return -1;
                    }
                } else if (asm_parse_imm(x, &v) || asm_put(a, &in, v)) {
                    return asm_bad(a, "bad value '%s'", x);
                }
            }
        }
    }
    return a->failed ? -1 : emit_insn(a, &m, &in);
}

static int assemble_lines(Asm *a, char *text)
{
    char *line = text;
    int started = 0;
    SigTable table = { 0 };
    while (line && *line) {
        char *nl = strchr(line, '\n');
        if (nl) {
            *nl = 0;
        }
        a->line++;
        char *c = strstr(line, "//");
        if (c) {
            if (c == asm_skip(line) && asm_sig_comment(a, &table, c)) {
                return -1;
            }
            *c = 0;
        }
        /* join lines while braces are open (dcl_immediateConstantBuffer) */
        int open = 0;
        for (char *p = line; *p; p++) {
            open += *p == '{' ? 1 : *p == '}' ? -1 : 0;
        }
        while (open > 0 && nl) {
            *nl = ' ';
            char *next = strchr(nl + 1, '\n');
            char *cc = strstr(nl + 1, "//");
            if (cc && (!next || cc < next)) {
                memset(cc, ' ', (size_t)((next ? next : cc + strlen(cc)) - cc));
            }
            for (char *p = nl + 1; *p && p != next; p++) {
                open += *p == '{' ? 1 : *p == '}' ? -1 : 0;
            }
            nl = next;
            if (nl) {
                *nl = 0;
            }
            a->line++;
        }
        char *s = (char *)asm_skip(line);
        char *e = s + strlen(s);
        while (e > s && isspace((unsigned char)e[-1])) {
            *--e = 0;
        }
        if (*s) {
            if (!started) {
                char t[3] = { 0 };
                static const char types[] = "pvghdc";
                if (sscanf(s, "%2[a-z]_%u_%u", t, &a->major, &a->minor) != 3 || t[1] != 's' ||
                    !strchr(types, t[0]) || !((a->major == 4 && a->minor <= 1) ||
                                              (a->major == 5 && a->minor == 0))) {
                    return asm_bad(a, "expected a shader version (vs_4_0, ps_5_0, ...)");
                }
                a->stage = (uint32_t)(strchr(types, t[0]) - types);
                if (asm_push(a, a->stage << 16 | a->major << 4 | a->minor) || asm_push(a, 0)) {
                    return -1;
                }
                started = 1;
            } else if (statement(a, s)) {
                return -1;
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    if (!started) {
        return asm_bad(a, "no shader version");
    }
    a->code[1] = a->n;
    return 0;
}

int sm4_assemble(const char *text, Sm4Asm *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    Asm a = { 0 };
    a.err = err;
    a.errlen = errlen;
    a.out = out;
    char *copy = malloc(strlen(text) + 1);
    if (!copy) {
        return -1;
    }
    strcpy(copy, text);
    int r = assemble_lines(&a, copy);
    free(copy);
    Sm4Program p;
    if (!r) {
        Sm4Error e = sm4_decode(a.code, a.n, &p);
        if (e) {
            a.line = 0;
            r = asm_bad(&a, "the tokens do not decode (%s)", sm4_error_name(e));
        } else {
            asm_derive_signatures(&a, &p, a.tables);
            sm4_free(&p);
        }
    }
    if (r) {
        free(a.code);
        return -1;
    }
    out->tokens = a.code;
    out->ntokens = a.n;
    return 0;
}

void sm4_asm_free(Sm4Asm *a)
{
    free(a->tokens);
    memset(a, 0, sizeof *a);
}

