/* SPDX-License-Identifier: MIT */
/* The translator's texture instructions: sample*, gather4*, lod, ld,
 * ld_ms, resinfo, sample_info, sample_pos (and bufinfo's size query).
 *
 * virglrenderer 0.10.4 (the host's GLSL backend) translates only the TEX
 * family of TGSI texture opcodes: TEX, TEX2, TXB, TXB2, TXL, TXL2, TXD,
 * TXF, TG4, LODQ, TXQ, TXQS, with the target on the instruction; it drops
 * SAMPLE*, SAMPLE_I*, GATHER4, LOD, SVIEWINFO and SAMPLE_INFO ("failed to
 * convert opcode", the destination never written).  A TEX-family
 * instruction names one sampler register, SAMP[u], which the host binds to
 * the stage's sampler view u and sampler state u.  So each (t#, s#) pair a
 * shader samples with becomes a unit u (Sm4ShaderInfo.unit, in the order
 * of first use; comparison sampling gets units of its own, as its GLSL
 * sampler type differs), and fetches and size queries, which need no
 * sampler state, use any non-comparison unit of their t#.  The extra
 * operands D3D passes apart go where TGSI wants them: the LOD or bias in
 * the coordinate's w (TXL2 / TXB2's second source for cube arrays), the
 * comparison reference in z or w (TEX2 / TG4's second source for cube
 * arrays), the sample index of ld_ms in w. */
#include <stdio.h>
#include <string.h>

#include "sm4_tgsi_priv.h"

/* One texture instruction's unit and TGSI target. */
typedef struct TexOp {
    uint32_t unit, dim;
    const char *target;
} TexOp;

static const char *const shadow_target[SM4_RES_COUNT] = {
    [SM4_RES_TEX1D] = "SHADOW1D",         [SM4_RES_TEX1DARRAY] = "SHADOW1D_ARRAY",
    [SM4_RES_TEX2D] = "SHADOW2D",         [SM4_RES_TEX2DARRAY] = "SHADOW2D_ARRAY",
    [SM4_RES_TEXCUBE] = "SHADOWCUBE",     [SM4_RES_TEXCUBEARRAY] = "SHADOWCUBEARRAY",
};

/* The coordinate component that carries the comparison reference (cube
 * arrays: none, it is a second source). */
static const char ref_comp[SM4_RES_COUNT] = {
    [SM4_RES_TEX1D] = 'z', [SM4_RES_TEX1DARRAY] = 'z', [SM4_RES_TEX2D] = 'z',
    [SM4_RES_TEX2DARRAY] = 'w', [SM4_RES_TEXCUBE] = 'w',
};

static unsigned S(const Tx *t, unsigned k)
{
    return t->scratch + k;
}

static const Sm4Operand *opnd(const Tx *t, const Sm4Insn *in, unsigned k)
{
    return sm4_opnd(t->p, in, k);
}

/* The unit of (view, sampler, shadow): an equal one; for a fetch (no
 * sampler), any non-comparison unit of the view; for non-comparison
 * sampling, a fetch-only unit of the view, which takes the sampler; else a
 * new one. */
static bool find_unit(Tx *t, uint8_t view, uint8_t smp, bool shadow, uint32_t *u)
{
    Sm4ShaderInfo *info = t->info;
    for (uint32_t i = 0; i < info->nunits; i++) {
        if (info->unit[i].view == view && info->unit[i].sampler == smp &&
            t->unit_shadow[i] == shadow) {
            *u = i;
            return true;
        }
    }
    for (uint32_t i = 0; i < info->nunits && !shadow; i++) {
        if (info->unit[i].view == view && !t->unit_shadow[i] &&
            (smp == SM4_UNIT_NO_SAMPLER || info->unit[i].sampler == SM4_UNIT_NO_SAMPLER)) {
            if (smp != SM4_UNIT_NO_SAMPLER) {
                info->unit[i].sampler = smp;
            }
            *u = i;
            return true;
        }
    }
    if (info->nunits == SM4_MAX_UNITS) {
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "more than %u resource/sampler pairs",
                       SM4_MAX_UNITS);
    }
    *u = info->nunits++;
    info->unit[*u] = (Sm4TexUnit){ view, smp };
    t->unit_shadow[*u] = shadow;
    return true;
}

/* A t# or s# operand of the given type with one immediate index: true;
 * else false, the error recorded. */
static bool slot_operand(Tx *t, const Sm4Operand *o, uint8_t type, const char *what)
{
    if (o->type != type || o->ndim != 1) {
        return tx_fail(t, SM4_ERR_OPERAND, "not a %s", what);
    }
    if (o->idx[0].rel >= 0) {
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "dynamically indexed %s", what);
    }
    return true;
}

/* The unit and target of t# res with s# smp (NULL: a fetch or query). */
static bool tex_unit(Tx *t, const Sm4Operand *res, const Sm4Operand *smp, bool shadow, TexOp *x)
{
    if (!slot_operand(t, res, SM4_OT_RESOURCE, "typed shader resource") ||
        (smp && !slot_operand(t, smp, SM4_OT_SAMPLER, "declared sampler"))) {
        return false;
    }
    if (res->idx[0].imm >= SM4_MAX_SRV || t->srv_kind[res->idx[0].imm] != TX_KIND_TYPED) {
        return tx_fail(t, SM4_ERR_OPERAND, "not a typed shader resource");
    }
    if (smp && (smp->idx[0].imm >= SM4_MAX_SAMPLERS ||
                !(t->info->samplers_used >> smp->idx[0].imm & 1))) {
        return tx_fail(t, SM4_ERR_OPERAND, "not a declared sampler");
    }
    uint8_t view = (uint8_t)res->idx[0].imm;
    x->dim = t->info->srv_dim[view];
    x->target = shadow ? shadow_target[x->dim] : tx_tex_target(x->dim);
    if (!x->target) {
        return tx_fail(t, SM4_ERR_OPERAND, "comparison on a %s resource", tx_tex_target(x->dim));
    }
    return find_unit(t, view, smp ? (uint8_t)smp->idx[0].imm : SM4_UNIT_NO_SAMPLER, shadow,
                     &x->unit);
}

/* OP S0<mask>, args, SAMP[u], target<offset> */
static void tex_emit(Tx *t, const char *name, const char *mask, const char *args, const TexOp *x,
                     const char *offset)
{
    tx_emit(t, "%s TEMP[%u]%s, %s%sSAMP[%u], %s%s", name, S(t, 0), mask, args, *args ? ", " : "",
            x->unit, x->target, offset);
}

/* Lane 0 of operand v (D3D's LOD, bias, reference, sample index). */
static bool lane0(Tx *t, const Sm4Operand *v, char *out)
{
    TxSrc s;
    if (!tx_src_get(t, v, &s)) {
        return false;
    }
    tx_src_fmt(&s, 0, out);
    return true;
}

/* S1 = coord with lane 0 of v in component c; out (may be coord) names S1. */
static bool compose(Tx *t, const char *coord, const Sm4Operand *v, char c, char *out)
{
    char vs[TX_OPLEN], s1[16];
    if (!lane0(t, v, vs)) {
        return false;
    }
    snprintf(s1, sizeof s1, "TEMP[%u]", S(t, 1));
    if (strcmp(coord, s1)) { /* ld_aoffimmi's address is there already */
        tx_emit(t, "MOV %s, %s", s1, coord);
    }
    tx_emit(t, "MOV %s.%c, %s", s1, c, vs);
    snprintf(out, TX_OPLEN, "%s", s1);
    return true;
}

/* ", IMM[k].xyz" for aoffimmi, ", TEMP[S2].xyz" for gather4_po's offset
 * operand (moved there: the host reads offsets from temporaries and
 * immediates only), "" for none. */
static bool tex_offset(Tx *t, const Sm4Insn *in, const Sm4Operand *reg, char *out)
{
    out[0] = 0;
    if (reg) {
        char s[TX_OPLEN];
        if (!tx_src(t, reg, s)) {
            return false;
        }
        tx_emit(t, "MOV TEMP[%u], %s", S(t, 2), s);
        snprintf(out, TX_OPLEN, ", TEMP[%u].xyz", S(t, 2));
    } else if (in->has_offset && (in->offset[0] || in->offset[1] || in->offset[2])) {
        snprintf(out, TX_OPLEN, ", IMM[%u].xyz",
                 tx_imm(t, (uint32_t)in->offset[0], (uint32_t)in->offset[1],
                        (uint32_t)in->offset[2], 0));
    }
    return true;
}

static bool is_shadow_op(uint16_t o)
{
    return o == SM4_SAMPLE_C || o == SM4_SAMPLE_C_LZ || o == SM5_GATHER4_C ||
           o == SM5_GATHER4_PO_C;
}

static bool samplable(Tx *t, uint32_t dim)
{
    return (dim != SM4_RES_BUFFER && dim != SM4_RES_TEX2DMS && dim != SM4_RES_TEX2DMSARRAY) ||
           tx_fail(t, SM4_ERR_OPERAND, "sampling a %s resource", tx_tex_target(dim));
}

/* gather4 (_c, _po, _po_c): TG4 with the channel the sampler operand
 * selects (comparison: the reference in the coordinate, or the second
 * source for cube arrays). */
static bool gather(Tx *t, const Sm4Insn *in, const TexOp *x, char *c, const char *off)
{
    const Sm4Operand *smp = opnd(t, in, in->nop - (is_shadow_op(in->opcode) ? 2 : 1));
    uint32_t ch = smp->ncomp == 4 && smp->sel != SM4_SEL_MASK ? smp->swz[0] : 0;
    char args[2 * TX_OPLEN + 32];
    if (is_shadow_op(in->opcode)) {
        char ref[TX_OPLEN];
        const Sm4Operand *r = opnd(t, in, in->nop - 1);
        if (x->dim == SM4_RES_TEXCUBEARRAY) {
            if (!lane0(t, r, ref)) {
                return false;
            }
            snprintf(args, sizeof args, "%s, %s", c, ref);
            tex_emit(t, "TG4", "", args, x, off);
            return true;
        }
        if (!compose(t, c, r, ref_comp[x->dim], c)) {
            return false;
        }
        ch = 0;
    }
    snprintf(args, sizeof args, "%s, IMM[%u].xxxx", c, tx_imm(t, ch, ch, ch, ch));
    tex_emit(t, "TG4", "", args, x, off);
    return true;
}

/* sample_b / sample_l: the bias or LOD in w (cube arrays: TXB2 / TXL2's
 * second source). */
static bool lod_or_bias(Tx *t, const Sm4Insn *in, const TexOp *x, char *c, const char *off)
{
    bool bias = in->opcode == SM4_SAMPLE_B;
    const Sm4Operand *v = opnd(t, in, 4);
    char args[2 * TX_OPLEN + 8], vs[TX_OPLEN];
    if (x->dim == SM4_RES_TEXCUBEARRAY) {
        if (!lane0(t, v, vs)) {
            return false;
        }
        snprintf(args, sizeof args, "%s, %s", c, vs);
        tex_emit(t, bias ? "TXB2" : "TXL2", "", args, x, off);
        return true;
    }
    if (!compose(t, c, v, 'w', c)) {
        return false;
    }
    tex_emit(t, bias ? "TXB" : "TXL", "", c, x, off);
    return true;
}

/* sample_c (TEX) and sample_c_lz (TXD with zero derivatives: GLSL has no
 * textureLod for array and cube shadow samplers, textureGrad it has). */
static bool compare(Tx *t, const Sm4Insn *in, const TexOp *x, char *c, const char *off)
{
    const Sm4Operand *r = opnd(t, in, 4);
    char args[3 * TX_OPLEN + 16], ref[TX_OPLEN];
    if (x->dim == SM4_RES_TEXCUBEARRAY) {
        if (in->opcode == SM4_SAMPLE_C_LZ) {
            return tx_fail(t, SM4_ERR_UNSUPPORTED, "sample_c_lz on a cube array");
        }
        if (!lane0(t, r, ref)) {
            return false;
        }
        snprintf(args, sizeof args, "%s, %s", c, ref);
        tex_emit(t, "TEX2", "", args, x, off);
        return true;
    }
    if (!compose(t, c, r, ref_comp[x->dim], c)) {
        return false;
    }
    if (in->opcode == SM4_SAMPLE_C) {
        tex_emit(t, "TEX", "", c, x, off);
        return true;
    }
    uint32_t zero = tx_imm(t, 0, 0, 0, 0);
    snprintf(args, sizeof args, "%s, IMM[%u], IMM[%u]", c, zero, zero);
    tex_emit(t, "TXD", "", args, x, off);
    return true;
}

/* sample*, gather4*, lod: dst, coord, [offset,] t#, s#, [extra sources] */
static bool sample(Tx *t, const Sm4Insn *in)
{
    uint16_t o = in->opcode;
    bool po = o == SM5_GATHER4_PO || o == SM5_GATHER4_PO_C;
    unsigned r = po ? 3 : 2;
    const Sm4Operand *res = opnd(t, in, r);
    char c[TX_OPLEN], off[TX_OPLEN], args[3 * TX_OPLEN + 8];
    TexOp x;
    if (!tex_unit(t, res, opnd(t, in, r + 1), is_shadow_op(o), &x) || !samplable(t, x.dim) ||
        !tx_src(t, opnd(t, in, 1), c) || !tex_offset(t, in, po ? opnd(t, in, 2) : NULL, off)) {
        return false;
    }
    if (off[0] && (x.dim == SM4_RES_TEXCUBE || x.dim == SM4_RES_TEXCUBEARRAY)) {
        return tx_fail(t, SM4_ERR_OPERAND, "texel offsets on a cube resource");
    }
    switch (o) {
    case SM4_SAMPLE:
        tex_emit(t, "TEX", "", c, &x, off);
        break;
    case SM4_SAMPLE_B:
    case SM4_SAMPLE_L:
        if (!lod_or_bias(t, in, &x, c, off)) {
            return false;
        }
        break;
    case SM4_SAMPLE_D: {
        char d[2][TX_OPLEN];
        if (!tx_src(t, opnd(t, in, 4), d[0]) || !tx_src(t, opnd(t, in, 5), d[1])) {
            return false;
        }
        snprintf(args, sizeof args, "%s, %s, %s", c, d[0], d[1]);
        tex_emit(t, "TXD", "", args, &x, off);
        break;
    }
    case SM4_SAMPLE_C:
    case SM4_SAMPLE_C_LZ:
        if (!compare(t, in, &x, c, off)) {
            return false;
        }
        break;
    case SM4_LOD: /* LODQ writes x (clamped) and y (unclamped) only */
        tx_emit(t, "MOV TEMP[%u], IMM[%u]", S(t, 0), tx_imm(t, 0, 0, 0, 0));
        tex_emit(t, "LODQ", ".xy", c, &x, "");
        break;
    default:
        if (!gather(t, in, &x, c, off)) {
            return false;
        }
        break;
    }
    return tx_swizzled_out(t, in, res);
}

/* ld dst, address, t#; ld_ms dst, address, t#, sample: TXF with the mip
 * level (ld_ms: the sample index) in w; immediate offsets are added to
 * the address. */
static bool load(Tx *t, const Sm4Insn *in)
{
    char a[TX_OPLEN];
    const Sm4Operand *res = opnd(t, in, 2);
    TexOp x;
    if (!tex_unit(t, res, NULL, false, &x) || !tx_src(t, opnd(t, in, 1), a)) {
        return false;
    }
    bool ms = x.dim == SM4_RES_TEX2DMS || x.dim == SM4_RES_TEX2DMSARRAY;
    if (x.dim == SM4_RES_TEXCUBE || x.dim == SM4_RES_TEXCUBEARRAY) {
        return tx_fail(t, SM4_ERR_OPERAND, "ld on a cube resource");
    }
    if ((in->opcode == SM4_LD_MS) != ms) {
        return tx_fail(t, SM4_ERR_OPERAND, "%s on a resource that is %smultisampled",
                       sm4_op_info(in->opcode)->name, ms ? "" : "not ");
    }
    if (in->has_offset && (in->offset[0] || in->offset[1] || in->offset[2])) {
        tx_emit(t, "UADD TEMP[%u], %s, IMM[%u]", S(t, 1), a,
                tx_imm(t, (uint32_t)in->offset[0], (uint32_t)in->offset[1],
                       (uint32_t)in->offset[2], 0));
        snprintf(a, sizeof a, "TEMP[%u]", S(t, 1));
    }
    if (in->opcode == SM4_LD_MS && !compose(t, a, opnd(t, in, 3), 'w', a)) {
        return false;
    }
    tex_emit(t, "TXF", "", a, &x, "");
    return tx_swizzled_out(t, in, res);
}

bool tx_tex_size(Tx *t, const Sm4Operand *res, const char *mip)
{
    TexOp x;
    if (!tex_unit(t, res, NULL, false, &x)) {
        return false;
    }
    /* TXQ writes the target's dimensions and the level count only */
    tx_emit(t, "MOV TEMP[%u], IMM[%u]", S(t, 0), tx_imm(t, 0, 0, 0, 0));
    tex_emit(t, "TXQ", "", mip, &x, "");
    return true;
}

/* resinfo[_uint|_rcpFloat] dst, mip, t#: TXQ (integers), then U2F (and
 * the reciprocals of the dimensions, not of the array size) */
static bool resinfo(Tx *t, const Sm4Insn *in)
{
    static const char *const dims[SM4_RES_COUNT] = {
        [SM4_RES_BUFFER] = "x", [SM4_RES_TEX1D] = "x", [SM4_RES_TEX1DARRAY] = "x",
        [SM4_RES_TEX2D] = "xy", [SM4_RES_TEX2DMS] = "xy", [SM4_RES_TEX2DARRAY] = "xy",
        [SM4_RES_TEX2DMSARRAY] = "xy", [SM4_RES_TEXCUBE] = "xy",
        [SM4_RES_TEXCUBEARRAY] = "xy", [SM4_RES_TEX3D] = "xyz",
    };
    char m[TX_OPLEN];
    const Sm4Operand *res = opnd(t, in, 2);
    uint32_t rt = in->ctl & 3;
    unsigned s0 = S(t, 0);
    if (rt > 2) {
        return tx_fail(t, SM4_ERR_OPCODE, "resinfo return type");
    }
    if (!tx_src(t, opnd(t, in, 1), m) || !tx_tex_size(t, res, m)) {
        return false;
    }
    if (rt != 2) {
        tx_emit(t, "U2F TEMP[%u], TEMP[%u]", s0, s0);
    }
    for (const char *d = rt == 1 ? dims[t->info->srv_dim[res->idx[0].imm]] : NULL; d && *d;
         d++) {
        tx_emit(t, "RCP TEMP[%u].%c, TEMP[%u].%c%c%c%c", s0, *d, s0, *d, *d, *d, *d);
    }
    return tx_swizzled_out(t, in, res);
}

/* The sample count of res into S0.x of a zeroed S0: a multisampled
 * resource's by TXQS (the host refuses it on others: 0 for them, as D3D
 * returns); the rasterizer's (a PS's bound render target) from the
 * driver's register after constant buffer 0, CONST[0][cb_size[0]], which
 * the draw path fills (Sm4ShaderInfo.rt_samples). */
static bool sample_count(Tx *t, const Sm4Operand *res, bool *counted)
{
    unsigned s0 = S(t, 0);
    if (res->type == SM4_OT_RASTERIZER) {
        uint32_t k = t->info->cb_size[0];
        if (t->p->stage != SM4_PS) {
            return tx_fail(t, SM4_ERR_OPERAND, "rasterizer outside a pixel shader");
        }
        if (k >= TX_MAX_CB_SIZE) {
            return tx_fail(t, SM4_ERR_UNSUPPORTED, "rasterizer with a full constant buffer 0");
        }
        if (!t->info->rt_samples) {
            tb_printf(&t->decl, "DCL CONST[0][%u]\n", k);
            t->info->rt_samples = 1;
        }
        tx_emit(t, "MOV TEMP[%u], IMM[%u]", s0, tx_imm(t, 0, 0, 0, 0));
        tx_emit(t, "MOV TEMP[%u].x, CONST[0][%u].xxxx", s0, k);
        *counted = true;
        return true;
    }
    TexOp x;
    if (!tex_unit(t, res, NULL, false, &x)) {
        return false;
    }
    tx_emit(t, "MOV TEMP[%u], IMM[%u]", s0, tx_imm(t, 0, 0, 0, 0));
    *counted = x.dim == SM4_RES_TEX2DMS || x.dim == SM4_RES_TEX2DMSARRAY;
    if (*counted) {
        tex_emit(t, "TXQS", ".x", "", &x, "");
    }
    return true;
}

/* sample_info[_uint] dst, t# | rasterizer. */
static bool sample_info(Tx *t, const Sm4Insn *in)
{
    const Sm4Operand *res = opnd(t, in, 1);
    bool counted;
    if (!sample_count(t, res, &counted)) {
        return false;
    }
    if (!(in->ctl & 1)) {
        tx_emit(t, "U2F TEMP[%u], TEMP[%u]", S(t, 0), S(t, 0));
    }
    return tx_swizzled_out(t, in, res);
}

/* sample_pos dst, t# | rasterizer, index: where sample `index` lies from
 * the pixel centre in the resource's pattern. The host multisamples only
 * 4x, in llvmpipe's pattern, which is D3D's standard 4x one; (0, 0) for
 * one sample, for an index out of range and for another count, as D3D
 * returns. */
static bool sample_pos(Tx *t, const Sm4Insn *in)
{
    static const uint32_t pos4[4][2] = { /* (-1/8, -3/8) (3/8, -1/8) (-3/8, 1/8) (1/8, 3/8) */
                                         { 0xBE000000u, 0xBEC00000u },
                                         { 0x3EC00000u, 0xBE000000u },
                                         { 0xBEC00000u, 0x3E000000u },
                                         { 0x3E000000u, 0x3EC00000u } };
    const Sm4Operand *res = opnd(t, in, 1);
    TxSrc ix;
    char l[TX_OPLEN];
    bool counted;
    if (!tx_src_get(t, opnd(t, in, 2), &ix) || !sample_count(t, res, &counted)) {
        return false;
    }
    if (!counted) { /* one sample: (0, 0) */
        return tx_swizzled_out(t, in, res);
    }
    tx_src_fmt(&ix, 0, l);
    unsigned s0 = S(t, 0), s1 = S(t, 1);
    uint32_t zero = tx_imm(t, 0, 0, 0, 0);
    tx_emit(t, "USEQ TEMP[%u].y, TEMP[%u].xxxx, IMM[%u].xxxx", s1, s0, tx_imm(t, 4, 4, 4, 4));
    tx_emit(t, "MOV TEMP[%u], IMM[%u]", s0, zero);
    for (uint32_t i = 0; i < 4; i++) {
        tx_emit(t, "USEQ TEMP[%u].x, %s, IMM[%u].xxxx", s1, l, tx_imm(t, i, i, i, i));
        tx_emit(t, "AND TEMP[%u].x, TEMP[%u].xxxx, TEMP[%u].yyyy", s1, s1, s1);
        tx_emit(t, "UCMP TEMP[%u].xy, TEMP[%u].xxxx, IMM[%u].xyxx, TEMP[%u].xyxx", s0, s1,
                tx_imm(t, pos4[i][0], pos4[i][1], 0, 0), s0);
    }
    return tx_swizzled_out(t, in, res);
}

bool tx_tex_insn(Tx *t, const Sm4Insn *in)
{
    switch (in->opcode) {
    case SM4_LD:
    case SM4_LD_MS:
        return load(t, in);
    case SM4_RESINFO:
        return resinfo(t, in);
    case SM4_SAMPLE_INFO:
        return sample_info(t, in);
    case SM4_SAMPLE_POS:
        return sample_pos(t, in);
    default:
        return sample(t, in);
    }
}

void tx_declare_units(Tx *t)
{
    const Sm4ShaderInfo *info = t->info;
    for (uint32_t u = 0; u < info->nunits; u++) {
        uint8_t v = info->unit[u].view;
        tb_printf(&t->decl, "DCL SAMP[%u]\nDCL SVIEW[%u], %s, %s\n", u, u,
                  tx_tex_target(info->srv_dim[v]), tx_return_type(t->srv_ret[v]));
    }
}
