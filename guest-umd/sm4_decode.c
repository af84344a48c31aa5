/* SPDX-License-Identifier: MIT */
/* The SM4/SM5 token decoder (contract in sm4.h): version and length tokens,
 * opcode tokens with their extended tokens, operands with their index
 * representations and modifiers, declarations' DWORDs, custom data.  Every
 * read is bounded by the instruction's end, itself bounded by the
 * program's length; nothing is trusted. */
#include <stdlib.h>
#include <string.h>

#include "sm4.h"

#define MAX_REL_DEPTH 3 /* a relative index's operand may itself be indexed */

typedef struct Dec {
    Sm4Program *p;
    uint32_t k;   /* next DWORD */
    uint32_t end; /* end of the current instruction */
} Dec;

static bool rd(Dec *d, uint32_t *v)
{
    if (d->k >= d->end) {
        return false;
    }
    *v = d->p->code[d->k++];
    return true;
}

static bool grow(void **arr, uint32_t *cap, uint32_t n, size_t elem)
{
    if (n < *cap) {
        return true;
    }
    uint32_t c = *cap ? *cap * 2 : 32;
    void *a = realloc(*arr, (size_t)c * elem);
    if (!a) {
        return false;
    }
    *arr = a;
    *cap = c;
    return true;
}

static Sm4Error decode_operand(Dec *d, int depth, uint32_t *out);

static Sm4Error decode_index(Dec *d, uint32_t rep, int depth, Sm4Index *ix)
{
    uint32_t lo, hi;
    ix->imm = 0;
    ix->rel = -1;
    ix->rep = (uint8_t)rep;
    switch (rep) {
    case SM4_IDX_IMM32:
    case SM4_IDX_IMM32_REL:
        if (!rd(d, &lo)) {
            return SM4_ERR_TRUNCATED;
        }
        ix->imm = lo;
        break;
    case SM4_IDX_IMM64:
    case SM4_IDX_IMM64_REL:
        if (!rd(d, &hi) || !rd(d, &lo)) {
            return SM4_ERR_TRUNCATED;
        }
        ix->imm = (uint64_t)hi << 32 | lo;
        break;
    case SM4_IDX_REL:
        break;
    default:
        return SM4_ERR_OPERAND;
    }
    if (rep >= SM4_IDX_REL) {
        uint32_t r;
        if (depth >= MAX_REL_DEPTH) {
            return SM4_ERR_OPERAND;
        }
        Sm4Error e = decode_operand(d, depth + 1, &r);
        if (e) {
            return e;
        }
        ix->rel = (int32_t)r;
    }
    return SM4_OK;
}

static Sm4Error decode_components(uint32_t t, Sm4Operand *o)
{
    static const uint8_t ncomp[3] = { 0, 1, 4 };
    if ((t & 3) == 3) {
        return SM4_ERR_OPERAND; /* N-component operands are not used by SM4/5 */
    }
    o->ncomp = ncomp[t & 3];
    if (o->ncomp != 4) {
        return SM4_OK;
    }
    o->sel = (t >> 2) & 3;
    switch (o->sel) {
    case SM4_SEL_MASK:
        o->mask = (t >> 4) & 0xF;
        break;
    case SM4_SEL_SWIZZLE:
        for (int c = 0; c < 4; c++) {
            o->swz[c] = (t >> (4 + 2 * c)) & 3;
        }
        break;
    case SM4_SEL_SELECT1:
        memset(o->swz, (t >> 4) & 3, 4);
        break;
    default:
        return SM4_ERR_OPERAND;
    }
    return SM4_OK;
}

static Sm4Error decode_extended_operand(Dec *d, Sm4Operand *o)
{
    uint32_t e;
    do {
        if (!rd(d, &e)) {
            return SM4_ERR_TRUNCATED;
        }
        switch (e & 0x3F) {
        case 0: /* empty */
            break;
        case 1: /* modifier (bits 14..16: 11.1 minimum precision, ignored) */
            if (((e >> 6) & 0xFF) > SM4_MOD_ABSNEG) {
                return SM4_ERR_OPERAND;
            }
            o->mod = (e >> 6) & 0xFF;
            break;
        default:
            return SM4_ERR_OPERAND;
        }
    } while (e >> 31);
    return SM4_OK;
}

static Sm4Error decode_immediate(Dec *d, Sm4Operand *o)
{
    unsigned n = o->ncomp == 4 ? 4 : (o->type == SM4_OT_IMM64 ? 2 : 1);
    if (o->ncomp == 0 || o->ndim) {
        return SM4_ERR_OPERAND;
    }
    for (unsigned c = 0; c < n; c++) {
        if (!rd(d, &o->imm[c])) {
            return SM4_ERR_TRUNCATED;
        }
    }
    o->imm_dwords = (uint8_t)n;
    return SM4_OK;
}

static Sm4Error decode_operand(Dec *d, int depth, uint32_t *out)
{
    Sm4Program *p = d->p;
    uint32_t t;
    if (!rd(d, &t)) {
        return SM4_ERR_TRUNCATED;
    }
    Sm4Operand o;
    memset(&o, 0, sizeof o);
    Sm4Error e = decode_components(t, &o);
    if (e) {
        return e;
    }
    o.type = (t >> 12) & 0xFF;
    o.ndim = (t >> 20) & 3;
    if (o.type >= SM4_OT_COUNT) {
        return SM4_ERR_OPERAND;
    }
    if ((t >> 31) && (e = decode_extended_operand(d, &o))) {
        return e;
    }
    if (o.type == SM4_OT_IMM32 || o.type == SM4_OT_IMM64) {
        e = decode_immediate(d, &o);
    }
    for (unsigned i = 0; !e && i < o.ndim; i++) {
        e = decode_index(d, (t >> (22 + 3 * i)) & 7, depth, &o.idx[i]);
    }
    if (e) {
        return e;
    }
    if (!grow((void **)&p->opnd, &p->cap_opnd, p->nopnd, sizeof *p->opnd)) {
        return SM4_ERR_NOMEM;
    }
    *out = p->nopnd;
    p->opnd[p->nopnd++] = o;
    return SM4_OK;
}

static Sm4Error decode_extended_opcode(Dec *d, Sm4Insn *in)
{
    uint32_t e;
    do {
        if (!rd(d, &e)) {
            return SM4_ERR_TRUNCATED;
        }
        switch (e & 0x3F) {
        case 0:
            break;
        case 1: /* sample controls: signed 4-bit texel offsets */
            for (int c = 0; c < 3; c++) {
                int v = (e >> (9 + 4 * c)) & 0xF;
                in->offset[c] = (int8_t)(v >= 8 ? v - 16 : v);
            }
            in->has_offset = 1;
            break;
        case 2: /* resource dimension, structure stride */
            in->res_dim = (e >> 6) & 0x1F;
            in->stride = (e >> 11) & 0xFFF;
            if (in->res_dim >= SM4_RES_COUNT) {
                return SM4_ERR_OPCODE;
            }
            break;
        case 3: /* resource return type per component */
            for (int c = 0; c < 4; c++) {
                in->ret_type[c] = (e >> (6 + 4 * c)) & 0xF;
            }
            break;
        default:
            return SM4_ERR_OPCODE;
        }
    } while (e >> 31);
    return SM4_OK;
}

/* Custom data: the opcode token, then its length in DWORDs (both counted). */
static Sm4Error decode_customdata(Dec *d, uint32_t pos, Sm4Insn *in)
{
    uint32_t n = d->p->ndwords;
    if (pos + 1 >= n) {
        return SM4_ERR_TRUNCATED;
    }
    uint32_t len = d->p->code[pos + 1];
    if (len < 2 || (uint64_t)pos + len > n) {
        return SM4_ERR_TRUNCATED;
    }
    in->ctl = d->p->code[pos] >> 11; /* the class */
    in->data_first = pos + 2;
    in->data_count = len - 2;
    d->end = pos + len;
    d->k = d->end;
    return SM4_OK;
}

static Sm4Error decode_body(Dec *d, const Sm4OpInfo *info, uint32_t t, Sm4Insn *in)
{
    Sm4Error e;
    in->ctl = (t >> 11) & 0x1FFF;
    in->sat = (t >> 13) & 1;
    in->test_nz = (t >> 18) & 1;
    if ((t >> 31) && (e = decode_extended_opcode(d, in))) {
        return e;
    }
    if (info->flags & SM4_F_VARLEN) { /* not translated: kept as raw DWORDs */
        in->data_first = d->k;
        in->data_count = d->end - d->k;
        d->k = d->end;
        return SM4_OK;
    }
    unsigned nop = info->ndst + info->nsrc;
    for (unsigned i = 0; i < nop; i++) {
        if ((e = decode_operand(d, 0, &in->op[i]))) {
            return e;
        }
    }
    in->nop = (uint8_t)nop;
    for (unsigned i = 0; i < info->nextra; i++) {
        if (!rd(d, &in->extra[i])) {
            return SM4_ERR_TRUNCATED;
        }
    }
    in->nextra = info->nextra;
    return d->k == d->end ? SM4_OK : SM4_ERR_OPCODE; /* the length must not lie */
}

static Sm4Error decode_insn(Dec *d, uint32_t pos)
{
    Sm4Program *p = d->p;
    uint32_t t = p->code[pos];
    const Sm4OpInfo *info = sm4_op_info(t & 0x7FF);
    if (!info || info->model > p->major * 10 + p->minor) {
        return SM4_ERR_OPCODE;
    }
    if (!grow((void **)&p->insn, &p->cap_insn, p->ninsn, sizeof *p->insn)) {
        return SM4_ERR_NOMEM;
    }
    Sm4Insn *in = &p->insn[p->ninsn];
    memset(in, 0, sizeof *in);
    in->opcode = (uint16_t)(t & 0x7FF);
    in->at = pos;
    d->k = pos + 1;
    Sm4Error e;
    if (in->opcode == SM4_CUSTOMDATA) {
        e = decode_customdata(d, pos, in);
    } else {
        uint32_t len = (t >> 24) & 0x7F;
        if (len == 0 || (uint64_t)pos + len > p->ndwords) {
            return len ? SM4_ERR_TRUNCATED : SM4_ERR_OPCODE;
        }
        d->end = pos + len;
        e = decode_body(d, info, t, in);
    }
    if (e == SM4_OK) {
        p->ninsn++;
    }
    return e;
}

static bool version_ok(uint32_t v)
{
    uint32_t type = v >> 16, major = (v >> 4) & 0xF, minor = v & 0xF;
    if (type > SM4_CS) {
        return false;
    }
    if (major == 5) {
        return minor == 0;
    }
    /* SM4.x: no hull or domain shaders (compute: cs_4_0/cs_4_1) */
    return major == 4 && minor <= 1 && type != SM4_HS && type != SM4_DS;
}

Sm4Error sm4_decode(const uint32_t *tokens, uint32_t avail, Sm4Program *out)
{
    memset(out, 0, sizeof *out);
    if (!tokens || avail < 2) {
        return SM4_ERR_TRUNCATED;
    }
    uint32_t v = tokens[0], n = tokens[1];
    if (!version_ok(v)) {
        return SM4_ERR_VERSION;
    }
    if (n < 2 || n > avail) {
        return SM4_ERR_TRUNCATED;
    }
    if (n > SM4_MAX_DWORDS) {
        return SM4_ERR_TOO_BIG;
    }
    out->code = malloc((size_t)n * sizeof *out->code);
    if (!out->code) {
        return SM4_ERR_NOMEM;
    }
    memcpy(out->code, tokens, (size_t)n * sizeof *out->code); /* copy, then check */
    out->ndwords = n;
    out->stage = (uint8_t)(v >> 16);
    out->major = (uint8_t)((v >> 4) & 0xF);
    out->minor = (uint8_t)(v & 0xF);
    Dec d = { out, 2, n };
    Sm4Error e = SM4_OK;
    for (uint32_t pos = 2; pos < n && !e; pos = d.end) {
        e = decode_insn(&d, pos);
    }
    if (e) {
        sm4_free(out);
    }
    return e;
}

void sm4_free(Sm4Program *p)
{
    free(p->code);
    free(p->insn);
    free(p->opnd);
    memset(p, 0, sizeof *p);
}

const char *sm4_error_name(Sm4Error e)
{
    static const char *names[] = { "ok", "truncated", "version", "opcode", "operand",
                                   "declaration", "too big", "out of memory", "unsupported" };
    return (unsigned)e < sizeof names / sizeof names[0] ? names[e] : "?";
}
