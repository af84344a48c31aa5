/* SPDX-License-Identifier: MIT */
/*
 * Hull (hs_5_0) and domain (ds_5_0) shaders to TGSI TESS_CTRL / TESS_EVAL
 * (docs/umd.md "Tessellation").  The HS's phases become one TCS that runs
 * once per output control point (TGSI INVOCATIONID = vOutputControlPointID):
 *
 *   control point phase (o# in a TEMP array), or the pass-through copy of
 *   the input control points when the HS has none;
 *   its outputs stored: OUT[invocation][n];
 *   BARRIER, then for invocation 0 only: every fork phase, then every join
 *   phase, each unrolled once per instance (vForkInstanceID /
 *   vJoinInstanceID an immediate), their o# (the patch constants) in a
 *   TEMP array that join phases read as vpc#; then the patch constants
 *   stored: PATCH[n] outputs, and the tessellation factors to
 *   TESSOUTER / TESSINNER lanes (clamped to dcl_hs_max_tessfactor, rounded
 *   to a power of two for partitioning_pow2).
 *
 * The DS copies its patch constants (PATCH[n] inputs, TESSOUTER/TESSINNER
 * system values) into
 * the same kind of TEMP array at the start, so vpc# may be indexed.
 * Control point registers link by number like the other stages: the
 * HS's inputs by their signature (POSITION from a VS's SV_Position), its
 * outputs and the DS's inputs always GENERIC[n]; patch constants as
 * PATCH[n].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm4_tgsi_priv.h"

enum { DOMAIN_ISOLINE = 1, DOMAIN_TRI, DOMAIN_QUAD };
enum { PART_INTEGER = 1, PART_POW2, PART_FRACTIONAL_ODD, PART_FRACTIONAL_EVEN };
enum { PRIM_POINT = 1, PRIM_LINE, PRIM_TRIANGLE_CW, PRIM_TRIANGLE_CCW };

#define NAME_COUNT 23
#define PC_OUT_BASE SM4_MAX_IO             /* PATCH[n]: IN/OUT[32 + n] */
#define TESSOUTER_REG (2 * SM4_MAX_IO)     /* HS: OUT[64] */
#define TESSINNER_REG (2 * SM4_MAX_IO + 1) /* HS: OUT[65] */
#define MAX_UNROLLED (1u << 16)            /* HS instructions after unrolling */
#define MAX_INSTANCES 128                  /* per fork/join phase */
#define MAX_PATCH_VEC4 30                  /* GL_MAX_TESS_PATCH_COMPONENTS' minimum, 120 / 4 */

/* D3D11_SB_NAME of a tessellation factor -> 1 + its lane (outer 0..3,
 * inner 4..5), and the domain it belongs to; 0: not a factor.  GL's
 * (TGSI's) outer levels are the edges u=0, v=0, u=1, v=1 (quads), u=0,
 * v=0, w=0 (triangles), and for isolines [0] the line count (D3D's
 * density), [1] the segments per line (D3D's detail). */
static const uint8_t factor_lane[NAME_COUNT] = {
    [11] = 1, [12] = 2, [13] = 3, [14] = 4, [15] = 5, [16] = 6,
    [17] = 1, [18] = 2, [19] = 3, [20] = 5, [21] = 2, [22] = 1,
};

static uint8_t factor_domain(uint8_t name)
{
    return name >= 11 && name <= 16   ? DOMAIN_QUAD
           : name >= 17 && name <= 20 ? DOMAIN_TRI
           : name >= 21 && name <= 22 ? DOMAIN_ISOLINE
                                      : 0;
}

static bool bad(Tx *t, const char *what)
{
    return tx_fail(t, SM4_ERR_DECL, "bad %s declaration", what);
}

/* ---- declarations ---- */

static bool decl_count(Tx *t, const Sm4Insn *in)
{
    uint32_t n = in->ctl & 0x3F;
    bool input = in->opcode == SM5_DCL_INPUT_CONTROL_POINT_COUNT;
    if (n > 32 || (input && n == 0) || (!input && t->p->stage != SM4_HS)) {
        return bad(t, "control point count");
    }
    if (!input && n == 0) {
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "a hull shader without output control points");
    }
    *(input ? &t->hs_in_cp : &t->hs_out_cp) = n;
    return true;
}

static bool decl_instances(Tx *t, const Sm4Insn *in)
{
    uint8_t want = in->opcode == SM5_DCL_HS_FORK_PHASE_INSTANCE_COUNT ? SM5_HS_FORK_PHASE
                                                                       : SM5_HS_JOIN_PHASE;
    if (t->phase != want || !in->extra[0]) {
        return bad(t, "phase instance count");
    }
    if (in->extra[0] > MAX_INSTANCES) {
        return tx_fail(t, SM4_ERR_TOO_BIG, "more than %u phase instances", MAX_INSTANCES);
    }
    t->phase_instances[t->nphases - 1] = in->extra[0];
    return true;
}

bool tx_tess_decl(Tx *t, const Sm4Insn *in)
{
    Sm4ShaderInfo *info = t->info;
    bool hs = t->p->stage == SM4_HS;
    if (!hs && t->p->stage != SM4_DS) {
        return bad(t, "tessellation");
    }
    switch (in->opcode) {
    case SM5_DCL_INPUT_CONTROL_POINT_COUNT:
    case SM5_DCL_OUTPUT_CONTROL_POINT_COUNT:
        return decl_count(t, in);
    case SM5_DCL_TESS_DOMAIN:
        if ((in->ctl & 3) < DOMAIN_ISOLINE) {
            return bad(t, "tessellator domain");
        }
        info->tess_domain = (uint8_t)(in->ctl & 3);
        return true;
    case SM5_DCL_TESS_PARTITIONING:
        if (!hs || (in->ctl & 7) < PART_INTEGER || (in->ctl & 7) > PART_FRACTIONAL_EVEN) {
            return bad(t, "tessellator partitioning");
        }
        info->tess_partitioning = (uint8_t)(in->ctl & 7);
        return true;
    case SM5_DCL_TESS_OUTPUT_PRIMITIVE:
        if (!hs || (in->ctl & 7) < PRIM_POINT || (in->ctl & 7) > PRIM_TRIANGLE_CCW) {
            return bad(t, "tessellator output primitive");
        }
        info->tess_output_prim = (uint8_t)(in->ctl & 7);
        return true;
    case SM5_DCL_HS_MAX_TESSFACTOR: {
        float f;
        memcpy(&f, &in->extra[0], sizeof f);
        if (!hs || !(f >= 1.0f && f <= 64.0f)) {
            return bad(t, "maximum tessellation factor");
        }
        t->max_tessfactor = f;
        return true;
    }
    default:
        return hs ? decl_instances(t, in) : bad(t, "phase instance count");
    }
}

/* hs_decls, then at most one control point phase, fork phases, join phases. */
bool tx_tess_phase(Tx *t, const Sm4Insn *in)
{
    uint8_t now = t->phase;
    bool ok = t->p->stage == SM4_HS;
    switch (in->opcode) {
    case SM5_HS_DECLS:
        ok = ok && now == 0;
        break;
    case SM5_HS_CONTROL_POINT_PHASE:
        ok = ok && now == SM5_HS_DECLS;
        t->has_cp_phase = true;
        break;
    case SM5_HS_FORK_PHASE:
        ok = ok && now >= SM5_HS_DECLS && now <= SM5_HS_FORK_PHASE;
        break;
    default:
        ok = ok && now >= SM5_HS_DECLS;
        break;
    }
    if (!ok) {
        return tx_fail(t, SM4_ERR_OPCODE, "%s out of order", sm4_op_info(in->opcode)->name);
    }
    if (in->opcode == SM5_HS_FORK_PHASE || in->opcode == SM5_HS_JOIN_PHASE) {
        if (t->nphases == TX_MAX_PHASES) {
            return tx_fail(t, SM4_ERR_TOO_BIG, "more than %u fork/join phases", TX_MAX_PHASES);
        }
        t->phase_instances[t->nphases++] = 1;
    }
    t->phase = (uint8_t)in->opcode;
    return true;
}

static void mark(TxReg *r, uint8_t mask, uint8_t sv)
{
    r->declared = 1;
    r->mask |= mask;
    if (sv) {
        r->sv = sv;
    }
}

/* A patch constant register (HS: o# of a fork/join phase; vpc#). */
static bool decl_pc(Tx *t, uint32_t reg, uint8_t mask, uint8_t name)
{
    TxReg *r = &t->pc[reg];
    uint8_t sv = name;
    if (!sv) {
        tx_sig_sv(t->sig->patch, t->sig->npatch, reg, &sv);
    }
    if (sv && !factor_lane[sv]) {
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "patch constant system value %u", sv);
    }
    if (sv && ((mask & (mask - 1)) || (r->sv && r->sv != sv))) {
        return bad(t, "tessellation factor");
    }
    mark(r, mask, sv);
    if (sv) {
        r->sv_mask = mask;
    }
    return true;
}

static bool reg_index(const Sm4Operand *o, unsigned i, uint32_t *reg)
{
    if (o->ndim != i + 1 || o->idx[i].rel >= 0 || o->idx[i].imm >= SM4_MAX_IO) {
        return false;
    }
    *reg = (uint32_t)o->idx[i].imm;
    return true;
}

int tx_tess_decl_io(Tx *t, const Sm4Insn *in, bool output)
{
    const Sm4Operand *o = sm4_opnd(t->p, in, 0);
    uint8_t name = (uint8_t)(in->nextra ? in->extra[0] : 0), sv = name;
    uint8_t mask = tx_dst_mask(o);
    bool patch_phase = t->phase == SM5_HS_FORK_PHASE || t->phase == SM5_HS_JOIN_PHASE;
    uint32_t reg;
    switch (o->type) {
    case SM5_OT_INPUT_CONTROL_POINT:
        if (output || !reg_index(o, 1, &reg)) {
            return bad(t, "input control point");
        }
        if (!sv) {
            tx_sig_sv(t->sig->in, t->sig->nin, reg, &sv);
        }
        mark(&t->in[reg], mask, sv);
        return 1;
    case SM5_OT_OUTPUT_CONTROL_POINT:
        if (output || t->p->stage != SM4_HS || !patch_phase || !reg_index(o, 1, &reg)) {
            return bad(t, "output control point");
        }
        tx_sig_sv(t->sig->out, t->sig->nout, reg, &sv);
        mark(&t->out[reg], mask, sv);
        return 1;
    case SM5_OT_INPUT_PATCH_CONSTANT:
        if (output || !reg_index(o, 0, &reg) ||
            (t->p->stage == SM4_HS && t->phase != SM5_HS_JOIN_PHASE)) {
            return bad(t, "patch constant input");
        }
        return decl_pc(t, reg, mask, name);
    case SM4_OT_OUTPUT:
        if (t->p->stage != SM4_HS || !patch_phase) {
            return -1;
        }
        if (!reg_index(o, 0, &reg)) {
            return bad(t, "patch constant output");
        }
        return decl_pc(t, reg, mask, name);
    default:
        return -1;
    }
}

/* ---- registers ---- */

/* o#/vpc# living in a TEMP array: TEMP[base + n](id) (n may be relative). */
static bool array_reg(Tx *t, const Sm4Operand *o, const TxReg *map, uint32_t base,
                      uint32_t id, char *out)
{
    char ix[32];
    if (o->ndim != 1) {
        return tx_fail(t, SM4_ERR_OPERAND, "patch register needs one index");
    }
    if (o->idx[0].rel < 0 && o->idx[0].imm < SM4_MAX_IO && !map[o->idx[0].imm].declared) {
        return tx_fail(t, SM4_ERR_OPERAND, "register %u not declared", (uint32_t)o->idx[0].imm);
    }
    if (!tx_index_text(t, o, 0, base, SM4_MAX_IO, ix)) {
        return false;
    }
    snprintf(out, TX_REGLEN, "TEMP%s(%u)", ix, id);
    return true;
}

bool tx_tess_reg(Tx *t, const Sm4Operand *o, char *out)
{
    bool patch_phase = t->phase == SM5_HS_FORK_PHASE || t->phase == SM5_HS_JOIN_PHASE;
    uint32_t reg;
    char cp[32];
    switch (o->type) {
    case SM4_OT_OUTPUT: /* HS */
        if (t->phase == SM5_HS_CONTROL_POINT_PHASE) {
            return array_reg(t, o, t->out, t->cpo_base, TX_ARRAY_CPO, out);
        }
        if (!patch_phase) {
            return tx_fail(t, SM4_ERR_OPERAND, "output outside a hull shader phase");
        }
        return array_reg(t, o, t->pc, t->pc_base, TX_ARRAY_PC, out);
    case SM5_OT_INPUT_PATCH_CONSTANT:
        if (t->p->stage == SM4_HS && t->phase != SM5_HS_JOIN_PHASE) {
            return tx_fail(t, SM4_ERR_OPERAND, "vpc outside a join phase");
        }
        return array_reg(t, o, t->pc, t->pc_base, TX_ARRAY_PC, out);
    default: /* vocp[cp][n]: what the control point phase stored */
        if (t->p->stage != SM4_HS || !patch_phase || !reg_index(o, 1, &reg)) {
            return tx_fail(t, SM4_ERR_OPERAND, "vocp outside a fork/join phase");
        }
        if (!t->out[reg].declared) {
            return tx_fail(t, SM4_ERR_OPERAND, "output control point %u not declared", reg);
        }
        if (!tx_index_text(t, o, 0, 0, t->hs_out_cp, cp)) {
            return false;
        }
        snprintf(out, TX_REGLEN, "OUT%s[%u]", cp, reg);
        return true;
    }
}

/* ---- declarations written ---- */

static bool hs_check(Tx *t)
{
    const Sm4ShaderInfo *i = t->info;
    if (!i->tess_domain || !i->tess_partitioning || !i->tess_output_prim || !t->hs_out_cp ||
        !t->hs_in_cp) {
        return bad(t, "hull shader without its tessellator");
    }
    bool line = i->tess_output_prim == PRIM_LINE, iso = i->tess_domain == DOMAIN_ISOLINE;
    if (i->tess_output_prim != PRIM_POINT && line != iso) {
        return bad(t, "tessellator output primitive for the domain");
    }
    if (!t->has_cp_phase && t->hs_out_cp != t->hs_in_cp) {
        return bad(t, "pass-through control point count");
    }
    return true;
}

static uint32_t temp_array(Tx *t, uint32_t id)
{
    uint32_t base = t->next_temp;
    t->next_temp += SM4_MAX_IO;
    tb_printf(&t->decl, "DCL TEMP[%u..%u], ARRAY(%u)\n", base, base + SM4_MAX_IO - 1, id);
    return base;
}

static void special_sv(Tx *t, unsigned type, const char *semantic)
{
    TxReg *r = &t->special[type];
    r->file = "SV";
    r->index = t->nsv++;
    tb_printf(&t->decl, "DCL SV[%u], %s\n", r->index, semantic);
}

/* The patch constants' DCLs (HS: OUT[32 + n], OUT[64] TESSOUTER, OUT[65]
 * TESSINNER; DS: IN[32 + n] and the factors as system values, the form
 * virglrenderer 0.10.4 reads gl_TessLevelOuter/Inner from in a TES);
 * checks the factors' domain. */
static bool pc_decls(Tx *t, const char *file)
{
    bool outer = false, inner = false;
    unsigned generic = 0;
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        const TxReg *r = &t->pc[n];
        if (!r->declared) {
            continue;
        }
        if (!r->sv) {
            if (++generic > MAX_PATCH_VEC4) {
                return tx_fail(t, SM4_ERR_UNSUPPORTED, "more than %u patch constant registers",
                               MAX_PATCH_VEC4);
            }
            tb_printf(&t->decl, "DCL %s[%u], PATCH[%u]\n", file, PC_OUT_BASE + n, n);
            continue;
        }
        if (factor_domain(r->sv) != t->info->tess_domain) {
            return bad(t, "tessellation factor for the domain");
        }
        if (r->mask & ~r->sv_mask) {
            return tx_fail(t, SM4_ERR_UNSUPPORTED, "a tessellation factor packed with data");
        }
        outer |= factor_lane[r->sv] <= 4;
        inner |= factor_lane[r->sv] > 4;
    }
    bool sv = t->p->stage == SM4_DS;
    t->factor_reg[0] = outer ? (sv ? t->nsv++ : TESSOUTER_REG) : 0;
    t->factor_reg[1] = inner ? (sv ? t->nsv++ : TESSINNER_REG) : 0;
    if (outer) {
        tb_printf(&t->decl, "DCL %s[%u], TESSOUTER\n", sv ? "SV" : file, t->factor_reg[0]);
    }
    if (inner) {
        tb_printf(&t->decl, "DCL %s[%u], TESSINNER\n", sv ? "SV" : file, t->factor_reg[1]);
    }
    return true;
}

static bool any_pc(const Tx *t)
{
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        if (t->pc[n].declared) {
            return true;
        }
    }
    return false;
}

static unsigned lowest_comp(uint8_t mask)
{
    unsigned c = 0;
    while (c < 3 && !(mask >> c & 1)) {
        c++;
    }
    return c;
}

/* The TGSI register (pc_decls) and lane of factor register r. */
static void factor_place(const Tx *t, const TxReg *r, uint32_t *reg, unsigned *lane)
{
    unsigned l = factor_lane[r->sv] - 1u;
    *reg = t->factor_reg[l < 4 ? 0 : 1];
    *lane = l < 4 ? l : l - 4;
}

/* DS: the patch constants into their array (vpc#). */
static void ds_prologue(Tx *t)
{
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        const TxReg *r = &t->pc[n];
        if (!r->declared) {
            continue;
        }
        if (!r->sv) {
            tx_emit(t, "MOV TEMP[%u](%u), IN[%u]", t->pc_base + n, TX_ARRAY_PC, PC_OUT_BASE + n);
            continue;
        }
        uint32_t reg;
        unsigned lane, c = lowest_comp(r->sv_mask);
        factor_place(t, r, &reg, &lane);
        tx_emit(t, "MOV TEMP[%u](%u).%c, SV[%u].%c%c%c%c", t->pc_base + n, TX_ARRAY_PC,
                "xyzw"[c], reg, "xyzw"[lane], "xyzw"[lane], "xyzw"[lane], "xyzw"[lane]);
    }
}

/* The control points between HS and DS link as GENERIC[n] whatever their
 * signatures call them (both sides are ours; an SV_Position there is
 * data, the DS's own outputs feed the rasterizer). */
static void generic_control_points(TxReg *regs)
{
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        regs[n].sv = 0;
        regs[n].sv_mask = 0;
    }
}

static const unsigned tes_prim[] = { [DOMAIN_ISOLINE] = 1, [DOMAIN_TRI] = 4,
                                     [DOMAIN_QUAD] = 7 }; /* PIPE_PRIM_LINES, _TRIANGLES, _QUADS */

void tx_tess_finish(Tx *t)
{
    Sm4ShaderInfo *info = t->info;
    if (t->p->stage == SM4_DS) {
        if (!info->tess_domain) {
            bad(t, "domain shader without a domain");
            return;
        }
        tb_printf(&t->head, "PROPERTY TES_PRIM_MODE %u\n", tes_prim[info->tess_domain]);
        if (t->special[SM5_OT_INPUT_DOMAIN_POINT].declared) {
            special_sv(t, SM5_OT_INPUT_DOMAIN_POINT, "TESSCOORD");
        }
        if (any_pc(t) && pc_decls(t, "IN")) {
            t->pc_base = temp_array(t, TX_ARRAY_PC);
            ds_prologue(t);
        }
        info->hs_in_cp = (uint8_t)t->hs_in_cp;
        generic_control_points(t->in);
        return;
    }
    if (!hs_check(t)) {
        return;
    }
    info->hs_in_cp = (uint8_t)t->hs_in_cp;
    info->hs_out_cp = (uint8_t)t->hs_out_cp;
    tb_printf(&t->head, "PROPERTY TCS_VERTICES_OUT %u\n", t->hs_out_cp);
    if (!t->has_cp_phase) { /* pass-through: the output signature's registers */
        for (uint32_t i = 0; i < t->sig->nout; i++) {
            const Sm4SigEntry *e = &t->sig->out[i];
            if (e->reg < SM4_MAX_IO) {
                mark(&t->out[e->reg], e->mask & 0xF, 0);
            }
        }
        for (uint32_t n = 0; n < SM4_MAX_IO; n++) { /* and the ones vocp reads */
            if (t->out[n].declared) {
                uint8_t sv = 0;
                tx_sig_sv(t->sig->in, t->sig->nin, n, &sv);
                mark(&t->in[n], t->out[n].mask, sv);
            }
        }
    }
    generic_control_points(t->out);
    special_sv(t, SM5_OT_OUTPUT_CONTROL_POINT_ID, "INVOCATIONID");
    if (t->has_cp_phase) {
        t->cpo_base = temp_array(t, TX_ARRAY_CPO);
    }
    if (t->nphases) {
        t->pc_base = temp_array(t, TX_ARRAY_PC);
    }
    pc_decls(t, "OUT");
}

/* ---- the HS code ---- */

typedef struct Phase {
    uint16_t opcode;
    uint32_t first, end; /* instructions after the marker, up to the next */
} Phase;

static uint32_t phases_of(const Tx *t, Phase *ph, uint32_t max)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < t->p->ninsn; i++) {
        uint16_t op = t->p->insn[i].opcode;
        if (op >= SM5_HS_DECLS && op <= SM5_HS_JOIN_PHASE && n < max) {
            if (n) {
                ph[n - 1].end = i;
            }
            ph[n++] = (Phase){ op, i + 1, t->p->ninsn };
        }
    }
    return n;
}

static bool run_phase(Tx *t, const Phase *p)
{
    t->phase = (uint8_t)p->opcode;
    t->ended = false;
    bool ok = tx_code_range(t, p->first, p->end);
    t->ended = false;
    return ok;
}

/* ".xy" for a partial write mask, "" for all four */
static void mask_suffix(uint8_t mask, char mb[6])
{
    unsigned k = 0;
    if (mask != 0xF) {
        mb[k++] = '.';
        for (int c = 0; c < 4; c++) {
            if (mask >> c & 1) {
                mb[k++] = "xyzw"[c];
            }
        }
    }
    mb[k] = 0;
}

/* The control point phase's outputs, or the inputs passed through, to
 * OUT[invocation][n]. */
static void store_control_point(Tx *t)
{
    char mb[6];
    uint32_t inv = t->special[SM5_OT_OUTPUT_CONTROL_POINT_ID].index;
    if (t->max_addr < 1) {
        t->max_addr = 1;
    }
    tx_emit(t, "UARL ADDR[0].x, SV[%u].xxxx", inv);
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        const TxReg *r = &t->out[n];
        if (!r->declared) {
            continue;
        }
        mask_suffix(r->mask, mb);
        if (t->has_cp_phase) {
            tx_emit(t, "MOV OUT[ADDR[0].x][%u]%s, TEMP[%u](%u)", n, mb, t->cpo_base + n,
                    TX_ARRAY_CPO);
        } else {
            tx_emit(t, "MOV OUT[ADDR[0].x][%u]%s, IN[ADDR[0].x][%u]", n, mb, n);
        }
    }
}

static void store_factor(Tx *t, uint32_t n, const TxReg *r)
{
    uint32_t reg, s = t->scratch;
    unsigned lane, c = lowest_comp(r->sv_mask);
    char src[64];
    factor_place(t, r, &reg, &lane);
    snprintf(src, sizeof src, "TEMP[%u](%u).%c%c%c%c", t->pc_base + n, TX_ARRAY_PC, "xyzw"[c],
             "xyzw"[c], "xyzw"[c], "xyzw"[c]);
    if (t->info->tess_partitioning == PART_POW2) { /* 2^ceil(log2 f) */
        tx_emit(t, "LG2 TEMP[%u].x, %s", s, src);
        tx_emit(t, "CEIL TEMP[%u].x, TEMP[%u].xxxx", s, s);
        tx_emit(t, "EX2 TEMP[%u].x, TEMP[%u].xxxx", s, s);
        snprintf(src, sizeof src, "TEMP[%u].xxxx", s);
    }
    if (t->max_tessfactor > 0) {
        uint32_t bits;
        memcpy(&bits, &t->max_tessfactor, sizeof bits);
        tx_emit(t, "MIN OUT[%u].%c, %s, IMM[%u].xxxx", reg, "xyzw"[lane], src,
                tx_imm(t, bits, bits, bits, bits));
    } else {
        tx_emit(t, "MOV OUT[%u].%c, %s", reg, "xyzw"[lane], src);
    }
}

static void store_patch_constants(Tx *t)
{
    char mb[6];
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        const TxReg *r = &t->pc[n];
        if (!r->declared) {
            continue;
        }
        if (r->sv) {
            store_factor(t, n, r);
            continue;
        }
        mask_suffix(r->mask, mb);
        tx_emit(t, "MOV OUT[%u]%s, TEMP[%u](%u)", PC_OUT_BASE + n, mb, t->pc_base + n,
                TX_ARRAY_PC);
    }
}

static bool patch_phases(Tx *t, const Phase *ph, uint32_t nph)
{
    uint32_t s = t->scratch, k = 0;
    tx_emit(t, "BARRIER");
    tx_emit(t, "USEQ TEMP[%u].x, SV[%u].xxxx, IMM[%u].xxxx", s,
            t->special[SM5_OT_OUTPUT_CONTROL_POINT_ID].index, tx_imm(t, 0, 0, 0, 0));
    tx_emit(t, "UIF TEMP[%u].xxxx", s);
    for (uint32_t i = 0; i < nph; i++) {
        if (ph[i].opcode != SM5_HS_FORK_PHASE && ph[i].opcode != SM5_HS_JOIN_PHASE) {
            continue;
        }
        unsigned id = ph[i].opcode == SM5_HS_FORK_PHASE ? SM5_OT_INPUT_FORK_INSTANCE_ID
                                                         : SM5_OT_INPUT_JOIN_INSTANCE_ID;
        for (uint32_t j = 0; j < t->phase_instances[k]; j++) {
            t->special[id].file = "IMM";
            t->special[id].index = tx_imm(t, j, j, j, j);
            if (!run_phase(t, &ph[i])) {
                return false;
            }
        }
        t->special[id].file = NULL; /* only inside its phases */
        k++;
    }
    store_patch_constants(t);
    tx_emit(t, "ENDIF");
    return true;
}

bool tx_tess_code(Tx *t)
{
    Phase ph[TX_MAX_PHASES + 2];
    uint32_t nph = phases_of(t, ph, TX_MAX_PHASES + 2), k = 0;
    uint64_t unrolled = 0;
    if (!nph || ph[0].opcode != SM5_HS_DECLS || ph[0].first != 1) {
        return tx_fail(t, SM4_ERR_OPCODE, "a hull shader that does not begin with hs_decls");
    }
    for (uint32_t i = 0; i < nph; i++) {
        bool patch = ph[i].opcode == SM5_HS_FORK_PHASE || ph[i].opcode == SM5_HS_JOIN_PHASE;
        unrolled += (uint64_t)(ph[i].end - ph[i].first + 1) * (patch ? t->phase_instances[k++] : 1);
        if (ph[i].opcode == SM5_HS_DECLS && ph[i].end > ph[i].first) {
            for (uint32_t j = ph[i].first; j < ph[i].end; j++) {
                if (!(sm4_op_info(t->p->insn[j].opcode)->flags & SM4_F_DECL) &&
                    t->p->insn[j].opcode != SM4_CUSTOMDATA) {
                    return tx_fail(t, SM4_ERR_OPCODE, "an instruction in hs_decls");
                }
            }
        }
    }
    if (unrolled > MAX_UNROLLED) {
        return tx_fail(t, SM4_ERR_TOO_BIG, "more than %u instructions unrolled", MAX_UNROLLED);
    }
    for (uint32_t i = 0; i < nph; i++) {
        if (ph[i].opcode == SM5_HS_CONTROL_POINT_PHASE && !run_phase(t, &ph[i])) {
            return false;
        }
    }
    store_control_point(t);
    return !t->nphases || patch_phases(t, ph, nph);
}

/* ---- linking a DS to its HS ---- */

uint32_t sm4_tes_key(const Sm4ShaderInfo *hs)
{
    return 0x10000u | (uint32_t)hs->tess_partitioning << 8 | hs->tess_output_prim;
}

char *sm4_tes_link(const char *ds_tgsi, const Sm4ShaderInfo *hs)
{
    /* PIPE_TESS_SPACING_FRACTIONAL_ODD 0, _FRACTIONAL_EVEN 1, _EQUAL 2; pow2:
     * equal spacing of the factors the HS rounded.  Vertex order: D3D's
     * domain has its origin at the top left, GL's at the bottom left, so
     * D3D's clockwise is GL's counter-clockwise (docs/umd.md) */
    static const unsigned spacing[] = { [PART_INTEGER] = 2, [PART_POW2] = 2,
                                        [PART_FRACTIONAL_ODD] = 0, [PART_FRACTIONAL_EVEN] = 1 };
    const char *nl = strchr(ds_tgsi, '\n');
    if (!nl || hs->tess_partitioning < PART_INTEGER ||
        hs->tess_partitioning > PART_FRACTIONAL_EVEN) {
        return NULL;
    }
    TBuf b = { 0 };
    tb_printf(&b, "%.*s\nPROPERTY TES_SPACING %u\nPROPERTY TES_VERTEX_ORDER_CW %u\n"
                  "PROPERTY TES_POINT_MODE %u\n%s",
              (int)(nl - ds_tgsi), ds_tgsi, spacing[hs->tess_partitioning],
              hs->tess_output_prim == PRIM_TRIANGLE_CCW, hs->tess_output_prim == PRIM_POINT,
              nl + 1);
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
