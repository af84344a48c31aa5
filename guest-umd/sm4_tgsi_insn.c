/* SPDX-License-Identifier: MIT */
/* The translator's instructions: each SM4/SM5 instruction becomes one or
 * more TGSI instructions with D3D's semantics (per-component transcendental
 * ops, masked shift counts, integer tests for conditionals, ...; texture
 * instructions in sm4_tgsi_tex.c).  Scratch temporaries S0..S5 hold the
 * intermediate results of the multi-instruction expansions; the last one
 * is the sink of null destinations. */
#include <stdio.h>
#include <string.h>

#include "sm4_tgsi_priv.h"

#define MAX_DEPTH TX_MAX_DEPTH

/* One-to-one opcodes (the operands in the same order). */
static const char *const direct[SM4_OPCODE_COUNT] = {
    [SM4_ADD] = "ADD", [SM4_AND] = "AND", [SM4_DERIV_RTX] = "DDX", [SM4_DERIV_RTY] = "DDY",
    [SM4_DIV] = "DIV", [SM4_DP2] = "DP2", [SM4_DP3] = "DP3", [SM4_DP4] = "DP4",
    [SM4_EQ] = "FSEQ", [SM4_FRC] = "FRC", [SM4_FTOI] = "F2I", [SM4_FTOU] = "F2U",
    [SM4_GE] = "FSGE", [SM4_IADD] = "UADD", [SM4_IEQ] = "USEQ", [SM4_IGE] = "ISGE",
    [SM4_ILT] = "ISLT", [SM4_IMAD] = "UMAD", [SM4_IMAX] = "IMAX", [SM4_IMIN] = "IMIN",
    [SM4_INE] = "USNE", [SM4_INEG] = "INEG", [SM4_ITOF] = "I2F", [SM4_LT] = "FSLT",
    [SM4_MAD] = "MAD", [SM4_MIN] = "MIN", [SM4_MAX] = "MAX", [SM4_MOV] = "MOV",
    [SM4_MOVC] = "UCMP", [SM4_MUL] = "MUL", [SM4_NE] = "FSNE", [SM4_NOT] = "NOT",
    [SM4_OR] = "OR", [SM4_ROUND_NE] = "ROUND", [SM4_ROUND_NI] = "FLR", [SM4_ROUND_PI] = "CEIL",
    [SM4_ROUND_Z] = "TRUNC", [SM4_ULT] = "USLT", [SM4_UGE] = "USGE", [SM4_UMAD] = "UMAD",
    [SM4_UMAX] = "UMAX", [SM4_UMIN] = "UMIN", [SM4_UTOF] = "U2F", [SM4_XOR] = "XOR",
    [SM5_DERIV_RTX_COARSE] = "DDX", [SM5_DERIV_RTX_FINE] = "DDX_FINE",
    [SM5_DERIV_RTY_COARSE] = "DDY", [SM5_DERIV_RTY_FINE] = "DDY_FINE",
    [SM5_COUNTBITS] = "POPC", [SM5_FIRSTBIT_LO] = "LSB", [SM5_BFREV] = "BREV",
};

/* TGSI's scalar (replicating) opcodes: D3D's are per component. */
static const char *const per_lane[SM4_OPCODE_COUNT] = {
    [SM4_EXP] = "EX2", [SM4_LOG] = "LG2", [SM4_RSQ] = "RSQ", [SM4_SQRT] = "SQRT",
    [SM5_RCP] = "RCP",
};

static const char *const shifts[SM4_OPCODE_COUNT] = {
    [SM4_ISHL] = "SHL", [SM4_ISHR] = "ISHR", [SM4_USHR] = "USHR",
};

static const char *sat(const Sm4Insn *in)
{
    return in->sat ? "_SAT" : "";
}

static unsigned S(const Tx *t, unsigned k)
{
    return t->scratch + k;
}

static const Sm4Operand *op(const Tx *t, const Sm4Insn *in, unsigned k)
{
    return sm4_opnd(t->p, in, k);
}

/* The sources k0.. of in, as text. */
static bool srcs(Tx *t, const Sm4Insn *in, unsigned k0, unsigned n, char s[][TX_OPLEN])
{
    for (unsigned i = 0; i < n; i++) {
        if (!tx_src(t, op(t, in, k0 + i), s[i])) {
            return false;
        }
    }
    return true;
}

static uint32_t imm1(Tx *t, uint32_t v)
{
    return tx_imm(t, v, v, v, v);
}

static bool one_to_one(Tx *t, const Sm4Insn *in, const char *name)
{
    char d[TX_OPLEN], s[4][TX_OPLEN];
    unsigned n = in->nop - 1;
    if (!srcs(t, in, 1, n, s) || !tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    char line[6 * TX_OPLEN + 64];
    int len = snprintf(line, sizeof line, "%s%s %s", name, sat(in), d);
    for (unsigned i = 0; i < n && len > 0 && (size_t)len < sizeof line; i++) {
        len += snprintf(line + len, sizeof line - (size_t)len, ", %s", s[i]);
    }
    tx_emit(t, "%s", line);
    return true;
}

/* MOV[_SAT] dst, S<k> (the result of an expansion). */
static bool move_out(Tx *t, const Sm4Operand *dst, unsigned k, bool saturate)
{
    char d[TX_OPLEN];
    if (dst->type == SM4_OT_NULL) {
        return true;
    }
    if (!tx_dst(t, dst, d)) {
        return false;
    }
    tx_emit(t, "MOV%s %s, TEMP[%u]", saturate ? "_SAT" : "", d, S(t, k));
    return true;
}

static bool lanes(Tx *t, const Sm4Insn *in, const char *name)
{
    TxSrc s;
    char l[TX_OPLEN];
    if (!tx_src_get(t, op(t, in, 1), &s)) {
        return false;
    }
    uint8_t mask = tx_dst_mask(op(t, in, 0));
    for (int c = 0; c < 4; c++) {
        if (mask >> c & 1) {
            tx_src_fmt(&s, c, l);
            tx_emit(t, "%s TEMP[%u].%c, %s", name, S(t, 0), "xyzw"[c], l);
        }
    }
    return move_out(t, op(t, in, 0), 0, in->sat);
}

static bool sin_cos(Tx *t, const Sm4Insn *in)
{
    TxSrc s;
    char l[TX_OPLEN];
    if (!tx_src_get(t, op(t, in, 2), &s)) {
        return false;
    }
    uint8_t mask = tx_dst_mask(op(t, in, 0)) | tx_dst_mask(op(t, in, 1));
    for (int c = 0; c < 4; c++) {
        if (mask >> c & 1) {
            tx_src_fmt(&s, c, l);
            tx_emit(t, "SIN TEMP[%u].%c, %s", S(t, 0), "xyzw"[c], l);
            tx_emit(t, "COS TEMP[%u].%c, %s", S(t, 1), "xyzw"[c], l);
        }
    }
    return move_out(t, op(t, in, 0), 0, in->sat) && move_out(t, op(t, in, 1), 1, in->sat);
}

/* D3D uses the low 5 bits of the shift count. */
static bool shift(Tx *t, const Sm4Insn *in, const char *name)
{
    char d[TX_OPLEN], s[2][TX_OPLEN];
    if (!srcs(t, in, 1, 2, s) || !tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    tx_emit(t, "AND TEMP[%u], %s, IMM[%u]", S(t, 0), s[1], imm1(t, 31));
    tx_emit(t, "%s %s, %s, TEMP[%u]", name, d, s[0], S(t, 0));
    return true;
}

/* Two results (hi/lo, quotient/remainder, sum/carry, ...): S0, S1. */
static bool two_results(Tx *t, const Sm4Insn *in)
{
    char s[3][TX_OPLEN];
    unsigned n = in->nop - 2;
    if (!srcs(t, in, 2, n, s)) {
        return false;
    }
    unsigned a = S(t, 0), b = S(t, 1);
    switch (in->opcode) {
    case SM4_IMUL:
    case SM4_UMUL:
        tx_emit(t, "%s TEMP[%u], %s, %s", in->opcode == SM4_IMUL ? "IMUL_HI" : "UMUL_HI", a,
                s[0], s[1]);
        tx_emit(t, "UMUL TEMP[%u], %s, %s", b, s[0], s[1]);
        break;
    case SM4_UDIV:
        tx_emit(t, "UDIV TEMP[%u], %s, %s", a, s[0], s[1]);
        tx_emit(t, "UMOD TEMP[%u], %s, %s", b, s[0], s[1]);
        break;
    case SM5_UADDC: /* carry = sum < a */
        tx_emit(t, "UADD TEMP[%u], %s, %s", a, s[0], s[1]);
        tx_emit(t, "USLT TEMP[%u], TEMP[%u], %s", b, a, s[0]);
        tx_emit(t, "AND TEMP[%u], TEMP[%u], IMM[%u]", b, b, imm1(t, 1));
        break;
    case SM5_USUBB: /* borrow = a < b */
        tx_emit(t, "INEG TEMP[%u], %s", S(t, 2), s[1]);
        tx_emit(t, "UADD TEMP[%u], %s, TEMP[%u]", a, s[0], S(t, 2));
        tx_emit(t, "USLT TEMP[%u], %s, %s", b, s[0], s[1]);
        tx_emit(t, "AND TEMP[%u], TEMP[%u], IMM[%u]", b, b, imm1(t, 1));
        break;
    default: /* swapc d0, d1, cond, a, b */
        tx_emit(t, "UCMP TEMP[%u], %s, %s, %s", a, s[0], s[2], s[1]);
        tx_emit(t, "UCMP TEMP[%u], %s, %s, %s", b, s[0], s[1], s[2]);
        break;
    }
    return move_out(t, op(t, in, 0), 0, in->sat) && move_out(t, op(t, in, 1), 1, in->sat);
}

/* firstbit_hi/_shi count from the most significant bit: 31 - msb, ~0 if none. */
static bool firstbit_hi(Tx *t, const Sm4Insn *in)
{
    char d[TX_OPLEN], s[TX_OPLEN];
    if (!tx_src(t, op(t, in, 1), s) || !tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    unsigned a = S(t, 0), b = S(t, 1), c = S(t, 2);
    tx_emit(t, "%s TEMP[%u], %s", in->opcode == SM5_FIRSTBIT_HI ? "UMSB" : "IMSB", a, s);
    tx_emit(t, "UADD TEMP[%u], -TEMP[%u], IMM[%u]", b, a, imm1(t, 31));
    tx_emit(t, "USEQ TEMP[%u], TEMP[%u], IMM[%u]", c, a, imm1(t, 0xFFFFFFFFu));
    tx_emit(t, "UCMP %s, TEMP[%u], TEMP[%u], TEMP[%u]", d, c, a, b);
    return true;
}

static bool half_convert(Tx *t, const Sm4Insn *in)
{
    TxSrc s;
    char l[TX_OPLEN];
    if (!tx_src_get(t, op(t, in, 1), &s)) {
        return false;
    }
    uint8_t mask = tx_dst_mask(op(t, in, 0));
    for (int c = 0; c < 4; c++) {
        if (!(mask >> c & 1)) {
            continue;
        }
        tx_src_fmt(&s, c, l);
        if (in->opcode == SM5_F32TOF16) {
            tx_emit(t, "PK2H TEMP[%u].%c, %s", S(t, 0), "xyzw"[c], l);
            tx_emit(t, "AND TEMP[%u].%c, TEMP[%u], IMM[%u]", S(t, 0), "xyzw"[c], S(t, 0),
                    imm1(t, 0xFFFF));
        } else {
            tx_emit(t, "UP2H TEMP[%u], %s", S(t, 1), l);
            tx_emit(t, "MOV TEMP[%u].%c, TEMP[%u].xxxx", S(t, 0), "xyzw"[c], S(t, 1));
        }
    }
    return move_out(t, op(t, in, 0), 0, in->sat);
}

/* ubfe/ibfe dst, width, offset, value; bfi dst, width, offset, insert, base:
 * width and offset use their low 5 bits. */
static bool bitfield(Tx *t, const Sm4Insn *in)
{
    char d[TX_OPLEN], s[4][TX_OPLEN];
    if (!srcs(t, in, 1, in->nop - 1, s) || !tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    uint32_t m = imm1(t, 31);
    tx_emit(t, "AND TEMP[%u], %s, IMM[%u]", S(t, 0), s[0], m);
    tx_emit(t, "AND TEMP[%u], %s, IMM[%u]", S(t, 1), s[1], m);
    if (in->opcode == SM5_BFI) {
        tx_emit(t, "BFI %s, %s, %s, TEMP[%u], TEMP[%u]", d, s[3], s[2], S(t, 1), S(t, 0));
    } else {
        tx_emit(t, "%s %s, %s, TEMP[%u], TEMP[%u]", in->opcode == SM5_UBFE ? "UBFE" : "IBFE", d,
                s[2], S(t, 1), S(t, 0));
    }
    return true;
}

/* ---- flow control ---- */

bool tx_open_block(Tx *t, char kind)
{
    if (t->depth >= MAX_DEPTH) {
        return tx_fail(t, SM4_ERR_TOO_BIG, "flow control nested deeper than %d", MAX_DEPTH);
    }
    t->flow[t->depth++] = kind;
    return true;
}

static bool in_block(Tx *t, const char *kinds)
{
    return t->depth > 0 && strchr(kinds, t->flow[t->depth - 1]);
}

bool tx_close_block(Tx *t, char kind, const char *tgsi)
{
    if (!in_block(t, (char[]){ kind, 0 })) {
        return tx_fail(t, SM4_ERR_OPCODE, "unbalanced %s", tgsi);
    }
    t->depth--;
    tx_emit(t, "%s", tgsi);
    return true;
}

/* Whether a block of this kind is open in the code being read (a
 * subroutine's own blocks only: not its caller's). */
static bool inside(Tx *t, char kind)
{
    for (int i = t->sub_base; i < t->depth; i++) {
        if (t->flow[i] == kind) {
            return true;
        }
    }
    return false;
}

/* UIF on the operand (nz) or on operand == 0 (z). */
bool tx_uif(Tx *t, const Sm4Insn *in, unsigned k)
{
    char s[TX_OPLEN];
    if (!tx_src(t, op(t, in, k), s)) {
        return false;
    }
    if (in->test_nz) {
        tx_emit(t, "UIF %s", s);
    } else {
        tx_emit(t, "USEQ TEMP[%u].x, %s, IMM[%u]", S(t, 0), s, imm1(t, 0));
        tx_emit(t, "UIF TEMP[%u].xxxx", S(t, 0));
    }
    return true;
}

bool tx_conditional(Tx *t, const Sm4Insn *in, const char *what)
{
    if (!tx_uif(t, in, 0)) {
        return false;
    }
    tx_emit(t, "%s", what);
    tx_emit(t, "ENDIF");
    return true;
}

/* Main ends here: the staged outputs to OUT (a GS's went at each emit). */
static void main_outputs(Tx *t)
{
    if (t->p->stage != SM4_GS && t->p->stage != SM4_HS) {
        tx_flush_outputs(t);
    }
}

static bool flow(Tx *t, const Sm4Insn *in)
{
    char s[TX_OPLEN];
    switch (in->opcode) {
    case SM4_IF:
        return tx_uif(t, in, 0) && tx_open_block(t, 'i');
    case SM4_ELSE:
        if (!in_block(t, "i")) {
            return tx_fail(t, SM4_ERR_OPCODE, "else outside if");
        }
        t->flow[t->depth - 1] = 'e';
        tx_emit(t, "ELSE");
        return true;
    case SM4_ENDIF:
        if (in_block(t, "e")) {
            t->flow[t->depth - 1] = 'i';
        }
        return tx_close_block(t, 'i', "ENDIF");
    case SM4_LOOP:
        tx_emit(t, "BGNLOOP");
        return tx_open_block(t, 'l');
    case SM4_ENDLOOP:
        return tx_close_block(t, 'l', "ENDLOOP");
    case SM4_SWITCH:
        if (!tx_src(t, op(t, in, 0), s)) {
            return false;
        }
        tx_emit(t, "SWITCH %s", s);
        return tx_open_block(t, 's');
    case SM4_CASE:
        if (!in_block(t, "s") || op(t, in, 0)->type != SM4_OT_IMM32 || !tx_src(t, op(t, in, 0), s)) {
            return tx_fail(t, SM4_ERR_OPCODE, "bad case");
        }
        tx_emit(t, "CASE %s", s);
        return true;
    case SM4_DEFAULT:
        if (!in_block(t, "s")) {
            return tx_fail(t, SM4_ERR_OPCODE, "default outside switch");
        }
        tx_emit(t, "DEFAULT");
        return true;
    case SM4_ENDSWITCH:
        return tx_close_block(t, 's', "ENDSWITCH");
    case SM4_BREAK:
    case SM4_BREAKC:
        if (!inside(t, 'l') && !inside(t, 's')) {
            return tx_fail(t, SM4_ERR_OPCODE, "break outside loop/switch");
        }
        return in->opcode == SM4_BREAK ? (tx_emit(t, "BRK"), true) : tx_conditional(t, in, "BRK");
    case SM4_CONTINUE:
    case SM4_CONTINUEC:
        if (!inside(t, 'l')) {
            return tx_fail(t, SM4_ERR_OPCODE, "continue outside loop");
        }
        return in->opcode == SM4_CONTINUE ? (tx_emit(t, "CONT"), true)
                                          : tx_conditional(t, in, "CONT");
    case SM4_RET:
        if (t->calls) {
            return t->depth == t->sub_base ? (t->ended = true) : tx_sub_return(t, in);
        }
        if (t->depth && t->p->stage == SM4_HS) { /* it would skip the phases after it */
            return tx_fail(t, SM4_ERR_UNSUPPORTED, "return inside a hull shader phase's flow");
        }
        main_outputs(t);
        if (!t->depth) {
            t->ended = true; /* the end of main */
            return true;
        }
        tx_emit(t, "RET");
        return true;
    case SM4_RETC:
        if (t->calls) {
            return tx_sub_return(t, in);
        }
        if (t->p->stage == SM4_HS) {
            return tx_fail(t, SM4_ERR_UNSUPPORTED, "conditional return in a hull shader");
        }
        if (!tx_uif(t, in, 0)) {
            return false;
        }
        main_outputs(t);
        tx_emit(t, "RET");
        tx_emit(t, "ENDIF");
        return true;
    default: /* discard_z / discard_nz */
        if (t->p->stage != SM4_PS) {
            return tx_fail(t, SM4_ERR_OPCODE, "discard outside a pixel shader");
        }
        return tx_conditional(t, in, "KILL");
    }
}

/* ---- geometry shader output ---- */

static bool gs_output(Tx *t, const Sm4Insn *in)
{
    if (t->p->stage != SM4_GS) {
        return tx_fail(t, SM4_ERR_OPCODE, "emit/cut outside a geometry shader");
    }
    if (in->nop) {
        const Sm4Operand *m = op(t, in, 0);
        if (m->type != SM5_OT_STREAM || m->ndim != 1 || m->idx[0].rel >= 0 || m->idx[0].imm) {
            return tx_fail(t, SM4_ERR_UNSUPPORTED, "streams other than 0");
        }
    }
    uint32_t zero = imm1(t, 0);
    bool emit = in->opcode != SM4_CUT && in->opcode != SM5_CUT_STREAM;
    bool cut = in->opcode != SM4_EMIT && in->opcode != SM5_EMIT_STREAM;
    if (emit) {
        tx_flush_outputs(t);
        tx_emit(t, "EMIT IMM[%u].xxxx", zero);
    }
    if (cut) {
        tx_emit(t, "ENDPRIM IMM[%u].xxxx", zero);
    }
    return true;
}

/* ---- resources ---- */

/* The result in S0 goes to dst through the resource operand's swizzle. */
bool tx_swizzled_out(Tx *t, const Sm4Insn *in, const Sm4Operand *res)
{
    char d[TX_OPLEN];
    if (!tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    uint8_t w[4] = { 0, 1, 2, 3 };
    if (res->ncomp == 4 && res->sel != SM4_SEL_MASK) {
        memcpy(w, res->swz, 4);
    }
    tx_emit(t, "MOV%s %s, TEMP[%u].%c%c%c%c", sat(in), d, S(t, 0), "xyzw"[w[0]], "xyzw"[w[1]],
            "xyzw"[w[2]], "xyzw"[w[3]]);
    return true;
}

/* ---- raw, structured and typed memory (SM5) ---- */

typedef struct Mem {
    const Sm4Operand *o;
    char reg[TX_OPLEN];
    uint8_t kind;      /* TX_KIND_* */
    uint32_t stride;   /* structured */
    uint32_t base;     /* groupshared: g#'s offset in MEMORY[0] */
    const char *quals; /* typed: ", 2D, PIPE_FORMAT_..." */
    char qbuf[64];
} Mem;

static bool mem_of(Tx *t, const Sm4Operand *o, Mem *m)
{
    uint64_t i = o->ndim == 1 ? o->idx[0].imm : UINT64_MAX;
    m->o = o;
    m->quals = "";
    m->base = 0;
    if (!tx_reg(t, o, m->reg)) {
        return false;
    }
    if (o->type == SM5_OT_TGSM) {
        m->stride = t->tgsm_stride[i];
        m->base = t->tgsm_base[i];
        m->kind = m->stride ? TX_KIND_STRUCTURED : TX_KIND_RAW;
    } else if (o->type == SM5_OT_UAV) {
        m->kind = t->uav_kind[i];
        m->stride = t->uav_stride[i];
        if (m->kind == TX_KIND_TYPED) {
            snprintf(m->qbuf, sizeof m->qbuf, ", %s, %s", tx_tex_target(t->uav_dim[i]),
                     tx_image_format(t->uav_ret[i]));
            m->quals = m->qbuf;
        }
    } else if (o->type == SM4_OT_RESOURCE) {
        m->kind = t->srv_kind[i];
        m->stride = t->srv_stride[i];
    } else {
        return tx_fail(t, SM4_ERR_OPERAND, "not a memory operand");
    }
    return true;
}

/* The byte address of (index, offset) in S1.x for structured memory. */
static void structured_address(Tx *t, const Mem *m, const char *index, const char *offset)
{
    tx_emit(t, "UMAD TEMP[%u].x, %s, IMM[%u], %s", S(t, 1), index, imm1(t, m->stride), offset);
}

/* A groupshared region's base added to the address in addr (into S1.x). */
static void add_base(Tx *t, const Mem *m, char *addr)
{
    if (m->base) {
        tx_emit(t, "UADD TEMP[%u].x, %s, IMM[%u].xxxx", S(t, 1), addr, imm1(t, m->base));
        snprintf(addr, TX_OPLEN, "TEMP[%u].xxxx", S(t, 1));
    }
}

/* Checks the instruction fits the memory's kind (typed_op only on typed
 * memory, structured_op only on structured) and writes the address operand:
 * s[0], or for structured memory the byte address of (s[0], s[1]) in S1. */
static bool mem_address(Tx *t, const Sm4Insn *in, const Mem *m, uint16_t typed_op,
                        uint16_t structured_op, char s[][TX_OPLEN], char *addr)
{
    if ((in->opcode == typed_op) != (m->kind == TX_KIND_TYPED) ||
        (in->opcode == structured_op) != (m->kind == TX_KIND_STRUCTURED)) {
        return tx_fail(t, SM4_ERR_OPERAND, "%s on the wrong kind of resource",
                       sm4_op_info(in->opcode)->name);
    }
    if (m->kind == TX_KIND_STRUCTURED) {
        structured_address(t, m, s[0], s[1]);
        snprintf(addr, TX_OPLEN, "TEMP[%u].xxxx", S(t, 1));
    } else {
        memcpy(addr, s[0], TX_OPLEN);
    }
    add_base(t, m, addr);
    return true;
}

static bool mem_load(Tx *t, const Sm4Insn *in)
{
    char s[2][TX_OPLEN], addr[TX_OPLEN];
    Mem m;
    unsigned nres = in->nop - 1; /* the resource is the last operand */
    if (!srcs(t, in, 1, nres - 1, s) || !mem_of(t, op(t, in, nres), &m)) {
        return false;
    }
    if (!mem_address(t, in, &m, SM5_LD_UAV_TYPED, SM5_LD_STRUCTURED, s, addr)) {
        return false;
    }
    tx_emit(t, "LOAD TEMP[%u], %s, %s%s", S(t, 0), m.reg, addr, m.quals);
    return tx_swizzled_out(t, in, m.o);
}

static bool mem_store(Tx *t, const Sm4Insn *in)
{
    char s[3][TX_OPLEN], d[TX_OPLEN], addr[TX_OPLEN];
    Mem m;
    unsigned n = in->nop - 1;
    if (!srcs(t, in, 1, n, s) || !mem_of(t, op(t, in, 0), &m) || !tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    if (m.o->type == SM4_OT_RESOURCE) {
        return tx_fail(t, SM4_ERR_OPERAND, "store to a read-only resource");
    }
    if (!mem_address(t, in, &m, SM5_STORE_UAV_TYPED, SM5_STORE_STRUCTURED, s, addr)) {
        return false;
    }
    tx_emit(t, "STORE %s, %s, %s%s", d, addr, s[n - 1], m.quals);
    return true;
}

static const char *const atomic_op[SM4_OPCODE_COUNT] = {
    [SM5_ATOMIC_AND] = "ATOMAND", [SM5_ATOMIC_OR] = "ATOMOR", [SM5_ATOMIC_XOR] = "ATOMXOR",
    [SM5_ATOMIC_CMP_STORE] = "ATOMCAS", [SM5_ATOMIC_IADD] = "ATOMUADD",
    [SM5_ATOMIC_IMAX] = "ATOMIMAX", [SM5_ATOMIC_IMIN] = "ATOMIMIN",
    [SM5_ATOMIC_UMAX] = "ATOMUMAX", [SM5_ATOMIC_UMIN] = "ATOMUMIN",
    [SM5_IMM_ATOMIC_IADD] = "ATOMUADD", [SM5_IMM_ATOMIC_AND] = "ATOMAND",
    [SM5_IMM_ATOMIC_OR] = "ATOMOR", [SM5_IMM_ATOMIC_XOR] = "ATOMXOR",
    [SM5_IMM_ATOMIC_EXCH] = "ATOMXCHG", [SM5_IMM_ATOMIC_CMP_EXCH] = "ATOMCAS",
    [SM5_IMM_ATOMIC_IMAX] = "ATOMIMAX", [SM5_IMM_ATOMIC_IMIN] = "ATOMIMIN",
    [SM5_IMM_ATOMIC_UMAX] = "ATOMUMAX", [SM5_IMM_ATOMIC_UMIN] = "ATOMUMIN",
};

/* atomic_* u#, address, value[, value2]; imm_atomic_* dst, u#, address, ... */
static bool atomic(Tx *t, const Sm4Insn *in)
{
    bool imm = in->opcode >= SM5_IMM_ATOMIC_IADD;
    unsigned k = imm ? 1 : 0;
    char s[3][TX_OPLEN], d[TX_OPLEN], addr[TX_OPLEN];
    Mem m;
    unsigned n = in->nop - k - 1;
    if (!srcs(t, in, k + 1, n, s) || !mem_of(t, op(t, in, k), &m)) {
        return false;
    }
    if (m.o->type == SM4_OT_RESOURCE) {
        return tx_fail(t, SM4_ERR_OPERAND, "atomic on a read-only resource");
    }
    if (imm) {
        if (!tx_dst(t, op(t, in, 0), d)) {
            return false;
        }
    } else {
        snprintf(d, sizeof d, "TEMP[%u].x", S(t, 0));
    }
    if (m.kind == TX_KIND_STRUCTURED) {
        TxSrc a;
        char i[TX_OPLEN], o[TX_OPLEN];
        if (!tx_src_get(t, op(t, in, k + 1), &a)) {
            return false;
        }
        tx_src_fmt(&a, 0, i);
        tx_src_fmt(&a, 1, o);
        structured_address(t, &m, i, o);
        snprintf(addr, sizeof addr, "TEMP[%u].xxxx", S(t, 1));
    } else {
        memcpy(addr, s[0], sizeof addr);
    }
    add_base(t, &m, addr);
    tx_emit(t, "%s %s, %s, %s, %s%s%s%s", atomic_op[in->opcode], d, m.reg, addr, s[1],
            n > 2 ? ", " : "", n > 2 ? s[2] : "", m.quals);
    return true;
}

/* imm_atomic_alloc / consume dst, u#: the structured UAV's hidden counter
 * (BUFFER[SM4_COUNTER_BUFFER + #]) + 1, giving the old count, or - 1,
 * giving the new one. */
static bool counter_op(Tx *t, const Sm4Insn *in)
{
    const Sm4Operand *u = op(t, in, 1);
    uint64_t n = u->ndim == 1 && u->idx[0].rel < 0 ? u->idx[0].imm : SM4_MAX_UAV;
    char d[TX_OPLEN];
    if (u->type != SM5_OT_UAV || n >= SM4_MAX_UAV || !(t->info->uav_counters >> n & 1)) {
        return tx_fail(t, SM4_ERR_OPERAND, "a counter of a UAV that is not structured");
    }
    if (!tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    bool alloc = in->opcode == SM5_IMM_ATOMIC_ALLOC;
    uint32_t zero = imm1(t, 0), step = imm1(t, alloc ? 1u : UINT32_MAX);
    tx_emit(t, "ATOMUADD TEMP[%u].x, BUFFER[%u], IMM[%u].xxxx, IMM[%u].xxxx", S(t, 0),
            SM4_COUNTER_BUFFER + (uint32_t)n, zero, step);
    if (!alloc) {
        tx_emit(t, "UADD TEMP[%u].x, TEMP[%u].xxxx, IMM[%u].xxxx", S(t, 0), S(t, 0),
                imm1(t, UINT32_MAX));
    }
    tx_emit(t, "MOV %s, TEMP[%u].xxxx", d, S(t, 0));
    return true;
}

static bool bufinfo(Tx *t, const Sm4Insn *in)
{
    Mem m;
    const Sm4Operand *res = op(t, in, 1);
    if (!mem_of(t, res, &m) || res->type == SM5_OT_TGSM) {
        return res->type == SM5_OT_TGSM ? tx_fail(t, SM4_ERR_OPERAND, "bufinfo of memory") : false;
    }
    if (res->type == SM4_OT_RESOURCE && m.kind == TX_KIND_TYPED) {
        char mip[TX_OPLEN];
        snprintf(mip, sizeof mip, "IMM[%u].xxxx", imm1(t, 0));
        if (!tx_tex_size(t, res, mip)) {
            return false;
        }
    } else {
        tx_emit(t, "RESQ TEMP[%u], %s", S(t, 0), m.reg);
    }
    if (m.kind == TX_KIND_STRUCTURED) {
        tx_emit(t, "UDIV TEMP[%u].x, TEMP[%u].xxxx, IMM[%u]", S(t, 0), S(t, 0),
                imm1(t, m.stride));
    }
    char d[TX_OPLEN];
    if (!tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    tx_emit(t, "MOV %s, TEMP[%u].xxxx", d, S(t, 0));
    return true;
}

/* sync: memory barriers for the memories named, then the group barrier. */
static bool sync_op(Tx *t, const Sm4Insn *in)
{
    uint32_t flags = 0;
    if (in->ctl & 2) {
        flags |= 8; /* TGSI_MEMBAR_SHARED */
    }
    if (in->ctl & 4) {
        flags |= 1 | 4 | 16; /* buffers, images, thread-group scope */
    }
    if (in->ctl & 8) {
        flags |= 1 | 4;
    }
    if (flags) {
        tx_emit(t, "MEMBAR IMM[%u].xxxx", imm1(t, flags));
    }
    if (in->ctl & 1) {
        if (t->p->stage != SM4_CS) {
            return tx_fail(t, SM4_ERR_OPCODE, "group sync outside a compute shader");
        }
        tx_emit(t, "BARRIER");
    }
    return true;
}

/* eval_centroid dst, v#; eval_sample_index dst, v#, index; eval_snapped
 * dst, v#, offset (1/16 pixel units). */
static bool eval(Tx *t, const Sm4Insn *in)
{
    char d[TX_OPLEN], s[2][TX_OPLEN];
    const Sm4Operand *v = op(t, in, 1);
    if (t->p->stage != SM4_PS || v->type != SM4_OT_INPUT) {
        return tx_fail(t, SM4_ERR_OPERAND, "eval of a non-input");
    }
    if (!srcs(t, in, 1, in->nop - 1, s) || !tx_dst(t, op(t, in, 0), d)) {
        return false;
    }
    if (in->opcode == SM5_EVAL_CENTROID) {
        tx_emit(t, "INTERP_CENTROID %s, %s", d, s[0]);
    } else if (in->opcode == SM5_EVAL_SAMPLE_INDEX) {
        tx_emit(t, "INTERP_SAMPLE %s, %s, %s", d, s[0], s[1]);
    } else {
        uint32_t sixteenth = 0x3D800000u; /* 1.0f / 16 */
        tx_emit(t, "I2F TEMP[%u], %s", S(t, 0), s[1]);
        tx_emit(t, "MUL TEMP[%u], TEMP[%u], IMM[%u]", S(t, 0), S(t, 0), imm1(t, sixteenth));
        tx_emit(t, "INTERP_OFFSET %s, %s, TEMP[%u]", d, s[0], S(t, 0));
    }
    return true;
}

static bool memory(Tx *t, const Sm4Insn *in)
{
    switch (in->opcode) {
    case SM5_LD_RAW:
    case SM5_LD_STRUCTURED:
    case SM5_LD_UAV_TYPED:
        return mem_load(t, in);
    case SM5_STORE_RAW:
    case SM5_STORE_STRUCTURED:
    case SM5_STORE_UAV_TYPED:
        return mem_store(t, in);
    case SM5_BUFINFO:
        return bufinfo(t, in);
    case SM5_SYNC:
        return sync_op(t, in);
    default:
        return atomic(t, in);
    }
}

bool tx_insn(Tx *t, const Sm4Insn *in)
{
    uint16_t o = in->opcode;
    if (direct[o]) {
        return one_to_one(t, in, direct[o]);
    }
    if (per_lane[o]) {
        return lanes(t, in, per_lane[o]);
    }
    if (shifts[o]) {
        return shift(t, in, shifts[o]);
    }
    if (atomic_op[o] || (o >= SM5_LD_UAV_TYPED && o <= SM5_STORE_STRUCTURED) ||
        o == SM5_BUFINFO || o == SM5_SYNC) {
        return memory(t, in);
    }
    switch (o) {
    case SM4_SINCOS:
        return sin_cos(t, in);
    case SM4_IMUL:
    case SM4_UMUL:
    case SM4_UDIV:
    case SM5_UADDC:
    case SM5_USUBB:
    case SM5_SWAPC:
        return two_results(t, in);
    case SM5_FIRSTBIT_HI:
    case SM5_FIRSTBIT_SHI:
        return firstbit_hi(t, in);
    case SM5_F32TOF16:
    case SM5_F16TOF32:
        return half_convert(t, in);
    case SM5_UBFE:
    case SM5_IBFE:
    case SM5_BFI:
        return bitfield(t, in);
    case SM4_IF: case SM4_ELSE: case SM4_ENDIF: case SM4_LOOP: case SM4_ENDLOOP:
    case SM4_SWITCH: case SM4_CASE: case SM4_DEFAULT: case SM4_ENDSWITCH: case SM4_BREAK:
    case SM4_BREAKC: case SM4_CONTINUE: case SM4_CONTINUEC: case SM4_RET: case SM4_RETC:
    case SM4_DISCARD:
        return flow(t, in);
    case SM4_EMIT: case SM4_CUT: case SM4_EMITTHENCUT: case SM5_EMIT_STREAM:
    case SM5_CUT_STREAM: case SM5_EMITTHENCUT_STREAM:
        return gs_output(t, in);
    case SM4_SAMPLE: case SM4_SAMPLE_B: case SM4_SAMPLE_L: case SM4_SAMPLE_D:
    case SM4_SAMPLE_C: case SM4_SAMPLE_C_LZ: case SM4_LOD: case SM4_GATHER4:
    case SM5_GATHER4_C: case SM5_GATHER4_PO: case SM5_GATHER4_PO_C:
    case SM4_LD: case SM4_LD_MS: case SM4_RESINFO: case SM4_SAMPLE_INFO: case SM4_SAMPLE_POS:
        return tx_tex_insn(t, in);
    case SM5_EVAL_SNAPPED:
    case SM5_EVAL_SAMPLE_INDEX:
    case SM5_EVAL_CENTROID:
        return eval(t, in);
    case SM5_IMM_ATOMIC_ALLOC:
    case SM5_IMM_ATOMIC_CONSUME:
        return counter_op(t, in);
    case SM4_CALL:
    case SM4_CALLC:
        return tx_call(t, in);
    case SM4_LABEL: /* the first subroutine: main ended before it */
        t->ended = true;
        return true;
    case SM4_NOP:
    case SM5_DEBUG_BREAK:
        return true;
    default:
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "instruction %s", sm4_op_info(o)->name);
    }
}
