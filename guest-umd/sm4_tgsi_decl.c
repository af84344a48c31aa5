/* SPDX-License-Identifier: MIT */
/* The translator's declarations: each SM4/SM5 declaration is checked and
 * recorded (tx_decl); tx_finish_decls then writes the TGSI properties and
 * DCL lines, and the prologue that converts system values TGSI gives in
 * another form (IsFrontFace, DispatchThreadID, the flattened group index)
 * and fills the immediate constant buffer. */
#include <stdio.h>
#include <string.h>

#include "sm4_tgsi_priv.h"

#define NAME_UNDEFINED 0
#define NAME_POSITION 1
#define NAME_CLIP 2
#define NAME_CULL 3
#define NAME_RT_INDEX 4
#define NAME_VP_INDEX 5
#define NAME_VERTEX_ID 6
#define NAME_PRIMITIVE_ID 7
#define NAME_INSTANCE_ID 8
#define NAME_FRONT_FACE 9
#define NAME_SAMPLE_INDEX 10
#define NAME_COUNT 23

static bool bad(Tx *t, const char *what)
{
    return tx_fail(t, SM4_ERR_DECL, "bad %s declaration", what);
}

static bool one_dim(const Sm4Operand *o, uint32_t limit)
{
    return o->ndim == 1 && o->idx[0].rel < 0 && o->idx[0].imm < limit;
}

static uint32_t idx(const Sm4Operand *o, unsigned i)
{
    return (uint32_t)o->idx[i].imm;
}

bool tx_sig_sv(const Sm4SigEntry *e, uint32_t n, uint32_t reg, uint8_t *sv)
{
    for (uint32_t i = 0; i < n; i++) {
        if (e[i].reg == reg && e[i].sv != NAME_UNDEFINED && e[i].sv < NAME_COUNT) {
            *sv = (uint8_t)e[i].sv;
            return true;
        }
    }
    return false;
}

static bool tess_stage(const Tx *t)
{
    return t->p->stage == SM4_HS || t->p->stage == SM4_DS;
}

/* dcl_input*, dcl_output*: a register of v#/o# (GS/HS/DS: v[n][reg]) or a
 * special operand (vPrim, oDepth, vThreadID, ...). */
static bool decl_io(Tx *t, const Sm4Insn *in, bool output)
{
    const Sm4Operand *o = sm4_opnd(t->p, in, 0);
    uint8_t name = (uint8_t)(in->nextra ? in->extra[0] : 0);
    if ((in->nextra && in->extra[0] >= NAME_COUNT)) {
        return bad(t, "system value");
    }
    int tess = tess_stage(t) ? tx_tess_decl_io(t, in, output) : -1;
    if (tess >= 0) {
        return tess == 1;
    }
    if (o->type != (output ? SM4_OT_OUTPUT : SM4_OT_INPUT)) {
        if (o->type == SM4_OT_INPUT || o->type == SM4_OT_OUTPUT || o->type == SM4_OT_TEMP ||
            o->ndim > 1) {
            return bad(t, "input/output");
        }
        t->special[o->type].declared = 1;
        t->special[o->type].mask = tx_dst_mask(o);
        return true;
    }
    unsigned ri = o->ndim == 2 ? 1 : 0;
    if (o->ndim < 1 || o->idx[ri].rel >= 0 || o->idx[ri].imm >= SM4_MAX_IO ||
        (o->ndim == 2 && t->p->stage != SM4_GS && !tess_stage(t))) {
        return bad(t, "input/output register");
    }
    TxReg *r = &(output ? t->out : t->in)[idx(o, ri)];
    const Sm4SigEntry *sig = output ? t->sig->out : t->sig->in;
    uint32_t nsig = output ? t->sig->nout : t->sig->nin;
    r->declared = 1;
    r->mask |= tx_dst_mask(o);
    if (name) {
        r->sv_mask |= tx_dst_mask(o);
        for (int c = 0; c < 4; c++) {
            r->comp_sv[c] = tx_dst_mask(o) >> c & 1 ? name : r->comp_sv[c];
        }
    }
    if (!tx_sig_sv(sig, nsig, idx(o, ri), &r->sv) && name) {
        r->sv = name;
    }
    if ((r->sv == NAME_CULL || name == NAME_CULL) && (!output || t->p->stage == SM4_PS)) {
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "SV_CullDistance as an input");
    }
    if (in->opcode >= SM4_DCL_INPUT_PS && in->opcode <= SM4_DCL_INPUT_PS_SIV) {
        if ((in->ctl & 0xF) > 7) {
            return bad(t, "interpolation mode");
        }
        if (!name || !r->interp) { /* a packed system value keeps the others' mode */
            r->interp = (uint8_t)(in->ctl & 0xF);
        }
    }
    return true;
}

static bool decl_resource(Tx *t, const Sm4Insn *in)
{
    const Sm4Operand *o = sm4_opnd(t->p, in, 0);
    uint32_t dim = in->ctl & 0x1F;
    if (o->type != SM4_OT_RESOURCE || !one_dim(o, SM4_MAX_SRV)) {
        return bad(t, "resource");
    }
    uint32_t n = idx(o, 0);
    switch (in->opcode) {
    case SM4_DCL_RESOURCE:
        if (dim < SM4_RES_BUFFER || dim > SM4_RES_TEXCUBEARRAY) {
            return bad(t, "resource dimension");
        }
        for (int c = 0; c < 4; c++) {
            uint32_t rt = in->extra[0] >> (4 * c) & 0xF;
            if (rt < SM4_RT_UNORM || rt > SM4_RT_UNUSED) {
                return bad(t, "resource return type");
            }
        }
        t->srv_kind[n] = TX_KIND_TYPED;
        t->srv_ret[n] = (uint8_t)(in->extra[0] & 0xF);
        t->info->srv_dim[n] = (uint8_t)dim;
        break;
    case SM5_DCL_RESOURCE_STRUCTURED:
        if (!in->extra[0] || in->extra[0] % 4 || in->extra[0] > 2048) {
            return bad(t, "structure stride");
        }
        t->srv_stride[n] = in->extra[0];
        t->srv_kind[n] = TX_KIND_STRUCTURED;
        t->info->srv_dim[n] = SM4_RES_STRUCTURED_BUFFER;
        break;
    default:
        t->srv_kind[n] = TX_KIND_RAW;
        t->info->srv_dim[n] = SM4_RES_RAW_BUFFER;
        break;
    }
    t->info->srv_used[n / 32] |= 1u << (n % 32);
    return true;
}

static bool decl_uav(Tx *t, const Sm4Insn *in)
{
    const Sm4Operand *o = sm4_opnd(t->p, in, 0);
    if (o->type != SM5_OT_UAV || !one_dim(o, SM4_MAX_UAV)) {
        return bad(t, "unordered access view");
    }
    uint32_t n = idx(o, 0), dim = in->ctl & 0x1F;
    if (in->opcode == SM5_DCL_UAV_TYPED) {
        uint32_t rt = in->extra[0] & 0xF;
        if (dim < SM4_RES_BUFFER || dim > SM4_RES_TEX2DARRAY || dim == SM4_RES_TEX2DMS ||
            dim == SM4_RES_TEXCUBE || rt < SM4_RT_UNORM || rt > SM4_RT_FLOAT) {
            return bad(t, "typed UAV");
        }
        t->uav_kind[n] = TX_KIND_TYPED;
        t->uav_dim[n] = (uint8_t)dim;
        t->uav_ret[n] = (uint8_t)rt;
    } else if (in->opcode == SM5_DCL_UAV_STRUCTURED) {
        if (!in->extra[0] || in->extra[0] % 4 || in->extra[0] > 2048) {
            return bad(t, "structure stride");
        }
        if (in->ctl >> 12 & 1) {
            t->info->uav_counters |= (uint8_t)(1u << n); /* _opc */
        }
        t->uav_kind[n] = TX_KIND_STRUCTURED;
        t->uav_stride[n] = in->extra[0];
    } else {
        t->uav_kind[n] = TX_KIND_RAW;
    }
    t->info->uavs_used |= (uint8_t)(1u << n);
    return true;
}

static bool decl_tgsm(Tx *t, const Sm4Insn *in)
{
    const Sm4Operand *o = sm4_opnd(t->p, in, 0);
    uint64_t bytes = in->opcode == SM5_DCL_TGSM_RAW ? in->extra[0]
                                                    : (uint64_t)in->extra[0] * in->extra[1];
    if (o->type != SM5_OT_TGSM || !one_dim(o, TX_MAX_TGSM) || !bytes || bytes > 32768 ||
        in->extra[0] % 4) {
        return bad(t, "groupshared memory");
    }
    if ((t->tgsm_used >> idx(o, 0) & 1) || t->tgsm_bytes + bytes > 32768) {
        return bad(t, "groupshared memory"); /* D3D11: 32 KiB per group in all */
    }
    t->tgsm_used |= 1u << idx(o, 0);
    t->tgsm_stride[idx(o, 0)] = in->opcode == SM5_DCL_TGSM_RAW ? 0 : in->extra[0];
    t->tgsm_base[idx(o, 0)] = t->tgsm_bytes;
    t->tgsm_bytes += (uint32_t)bytes;
    t->info->cs_shared_bytes = t->tgsm_bytes;
    return true;
}

static bool decl_cb(Tx *t, const Sm4Insn *in)
{
    const Sm4Operand *o = sm4_opnd(t->p, in, 0);
    if (o->type != SM4_OT_CONSTANT_BUFFER || o->ndim != 2 || o->idx[0].rel >= 0 ||
        o->idx[1].rel >= 0 || o->idx[0].imm >= SM4_MAX_CB || !o->idx[1].imm ||
        o->idx[1].imm > TX_MAX_CB_SIZE) {
        return bad(t, "constant buffer");
    }
    t->info->cb_size[idx(o, 0)] = idx(o, 1);
    return true;
}

static bool decl_sampler(Tx *t, const Sm4Insn *in)
{
    const Sm4Operand *o = sm4_opnd(t->p, in, 0);
    if (o->type != SM4_OT_SAMPLER || !one_dim(o, SM4_MAX_SAMPLERS) || (in->ctl & 0xF) > 2) {
        return bad(t, "sampler");
    }
    t->info->samplers_used |= (uint16_t)(1u << idx(o, 0));
    return true;
}

static bool decl_icb(Tx *t, const Sm4Insn *in)
{
    if (in->ctl != SM4_CD_ICB) {
        return true; /* comments, debug info, messages: nothing to translate */
    }
    if (t->icb_size || !in->data_count || in->data_count % 4 ||
        in->data_count / 4 > TX_MAX_CB_SIZE) {
        return bad(t, "immediate constant buffer");
    }
    t->icb_size = in->data_count / 4;
    return true;
}

static const char *const gs_in_prim[] = { [1] = "POINTS", [2] = "LINES", [3] = "TRIANGLES",
                                          [6] = "LINES_ADJACENCY",
                                          [7] = "TRIANGLES_ADJACENCY" };
static const char *const gs_out_topo[] = { [1] = "POINTS", [3] = "LINE_STRIP",
                                           [5] = "TRIANGLE_STRIP" };

static bool decl_gs(Tx *t, const Sm4Insn *in)
{
    Sm4ShaderInfo *info = t->info;
    switch (in->opcode) {
    case SM4_DCL_GS_INPUT_PRIMITIVE:
        if ((in->ctl & 0x3F) >= 8 || !gs_in_prim[in->ctl & 0x3F]) {
            return bad(t, "GS input primitive");
        }
        info->gs_in_prim = (uint8_t)(in->ctl & 0x3F);
        tb_printf(&t->head, "PROPERTY GS_INPUT_PRIMITIVE %s\n", gs_in_prim[info->gs_in_prim]);
        return true;
    case SM4_DCL_GS_OUTPUT_PRIMITIVE_TOPOLOGY:
        if ((in->ctl & 0x7F) >= 6 || !gs_out_topo[in->ctl & 0x7F]) {
            return bad(t, "GS output topology");
        }
        info->gs_out_topo = (uint8_t)(in->ctl & 0x7F);
        tb_printf(&t->head, "PROPERTY GS_OUTPUT_PRIMITIVE %s\n",
                  gs_out_topo[info->gs_out_topo]);
        return true;
    case SM4_DCL_MAX_OUTPUT_VERTEX_COUNT:
        if (!in->extra[0] || in->extra[0] > 1024) {
            return bad(t, "GS maximum output vertex count");
        }
        info->gs_max_vertices = in->extra[0];
        tb_printf(&t->head, "PROPERTY GS_MAX_OUTPUT_VERTICES %u\n", in->extra[0]);
        return true;
    case SM5_DCL_GS_INSTANCE_COUNT:
        if (!in->extra[0] || in->extra[0] > 32) {
            return bad(t, "GS instance count");
        }
        info->gs_instances = (uint8_t)in->extra[0];
        tb_printf(&t->head, "PROPERTY GS_INVOCATIONS %u\n", in->extra[0]);
        return true;
    default: { /* dcl_stream */
        const Sm4Operand *o = sm4_opnd(t->p, in, 0);
        if (o->type != SM5_OT_STREAM || !one_dim(o, 4)) {
            return bad(t, "stream");
        }
        return idx(o, 0) == 0 || tx_fail(t, SM4_ERR_UNSUPPORTED, "GS streams other than 0");
    }
    }
}

static bool decl_thread_group(Tx *t, const Sm4Insn *in)
{
    uint64_t x = in->extra[0], y = in->extra[1], z = in->extra[2];
    if (!x || !y || !z || x > 1024 || y > 1024 || z > 64 || x * y * z > 1024) {
        return bad(t, "thread group");
    }
    for (int c = 0; c < 3; c++) {
        t->info->cs_block[c] = in->extra[c];
    }
    tb_printf(&t->head, "PROPERTY CS_FIXED_BLOCK_WIDTH %u\nPROPERTY CS_FIXED_BLOCK_HEIGHT %u\n"
                        "PROPERTY CS_FIXED_BLOCK_DEPTH %u\n",
              in->extra[0], in->extra[1], in->extra[2]);
    return true;
}

static bool decl_temps(Tx *t, const Sm4Insn *in)
{
    if (in->opcode == SM4_DCL_TEMPS) {
        if (in->extra[0] > TX_MAX_TEMPS) {
            return bad(t, "temps");
        }
        /* HS: each phase declares its own; they share the registers */
        t->ntemps = in->extra[0] > t->ntemps ? in->extra[0] : t->ntemps;
        return true;
    }
    uint32_t x = in->extra[0], size = in->extra[1], comps = in->extra[2];
    if (x >= TX_MAX_X || !size || size > TX_MAX_TEMPS || !comps || comps > 4 ||
        (t->xsize[x] && t->p->stage != SM4_HS)) {
        return bad(t, "indexable temp");
    }
    t->xsize[x] = size > t->xsize[x] ? size : t->xsize[x]; /* HS: per phase */
    uint64_t total = t->ntemps;
    for (unsigned i = 0; i < TX_MAX_X; i++) {
        total += t->xsize[i];
    }
    return total <= TX_MAX_TEMPS || bad(t, "indexable temp (too many)");
}

bool tx_decl(Tx *t, const Sm4Insn *in)
{
    switch (in->opcode) {
    case SM4_CUSTOMDATA:
        return decl_icb(t, in);
    case SM4_DCL_GLOBAL_FLAGS:
        if (in->ctl >> 2 & 1) { /* forceEarlyDepthStencil */
            tb_printf(&t->head, "PROPERTY FS_EARLY_DEPTH_STENCIL 1\n");
        }
        return true;
    case SM4_DCL_TEMPS:
    case SM4_DCL_INDEXABLE_TEMP:
        return decl_temps(t, in);
    case SM4_DCL_CONSTANT_BUFFER:
        return decl_cb(t, in);
    case SM4_DCL_SAMPLER:
        return decl_sampler(t, in);
    case SM4_DCL_RESOURCE:
    case SM5_DCL_RESOURCE_RAW:
    case SM5_DCL_RESOURCE_STRUCTURED:
        return decl_resource(t, in);
    case SM5_DCL_UAV_TYPED:
    case SM5_DCL_UAV_RAW:
    case SM5_DCL_UAV_STRUCTURED:
        return decl_uav(t, in);
    case SM5_DCL_TGSM_RAW:
    case SM5_DCL_TGSM_STRUCTURED:
        return decl_tgsm(t, in);
    case SM4_DCL_INPUT:
    case SM4_DCL_INPUT_SGV:
    case SM4_DCL_INPUT_SIV:
    case SM4_DCL_INPUT_PS:
    case SM4_DCL_INPUT_PS_SGV:
    case SM4_DCL_INPUT_PS_SIV:
        return decl_io(t, in, false);
    case SM4_DCL_OUTPUT:
    case SM4_DCL_OUTPUT_SGV:
    case SM4_DCL_OUTPUT_SIV:
        return decl_io(t, in, true);
    case SM4_DCL_INDEX_RANGE:
        return tx_decl_range(t, in);
    case SM4_DCL_GS_INPUT_PRIMITIVE:
    case SM4_DCL_GS_OUTPUT_PRIMITIVE_TOPOLOGY:
    case SM4_DCL_MAX_OUTPUT_VERTEX_COUNT:
    case SM5_DCL_GS_INSTANCE_COUNT:
    case SM5_DCL_STREAM:
        return t->p->stage == SM4_GS ? decl_gs(t, in) : bad(t, "GS-only");
    case SM5_DCL_THREAD_GROUP:
        return t->p->stage == SM4_CS ? decl_thread_group(t, in) : bad(t, "CS-only");
    case SM5_DCL_INPUT_CONTROL_POINT_COUNT:
    case SM5_DCL_OUTPUT_CONTROL_POINT_COUNT:
    case SM5_DCL_TESS_DOMAIN:
    case SM5_DCL_TESS_PARTITIONING:
    case SM5_DCL_TESS_OUTPUT_PRIMITIVE:
    case SM5_DCL_HS_MAX_TESSFACTOR:
    case SM5_DCL_HS_FORK_PHASE_INSTANCE_COUNT:
    case SM5_DCL_HS_JOIN_PHASE_INSTANCE_COUNT:
        return tx_tess_decl(t, in);
    default:
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "declaration %s",
                       sm4_op_info(in->opcode)->name);
    }
}

/* ---- writing the declarations ---- */

static const char *const interp_name[8] = {
    "PERSPECTIVE", "CONSTANT", "PERSPECTIVE", "PERSPECTIVE, CENTROID", "LINEAR",
    "LINEAR, CENTROID", "PERSPECTIVE, SAMPLE", "LINEAR, SAMPLE",
};

static void mask_letters(uint8_t mask, char *buf)
{
    unsigned n = 0;
    for (int c = 0; c < 4; c++) {
        if (mask >> c & 1) {
            buf[n++] = "xyzw"[c];
        }
    }
    buf[n] = 0;
}

/* ".xy" for a partial mask, "" for all four (or none) */
static const char *mask_text(uint8_t mask, char *buf)
{
    if (mask == 0xF || !mask) {
        return "";
    }
    buf[0] = '.';
    mask_letters(mask, buf + 1);
    return buf;
}

static void sv_decl(Tx *t, TxReg *r, const char *semantic)
{
    r->file = "SV";
    r->index = t->nsv++;
    tb_printf(&t->decl, "DCL SV[%u], %s\n", r->index, semantic);
}

static uint32_t new_temp(Tx *t)
{
    tb_printf(&t->decl, "DCL TEMP[%u]\n", t->next_temp);
    return t->next_temp++;
}

/* The semantic of input/output register n with system value sv. */
static const char *io_semantic(Tx *t, uint8_t sv, uint32_t n, bool output, char *buf)
{
    const TxReg *regs = output ? t->out : t->in;
    unsigned before = 0; /* CLIPDIST[k]: the k-th register of clip distances */
    for (uint32_t i = 0; i < n; i++) {
        before += regs[i].declared && regs[i].sv == sv;
    }
    switch (sv) {
    case NAME_POSITION:
        return "POSITION";
    case NAME_CLIP:
        snprintf(buf, 24, "CLIPDIST[%u]", before);
        return buf;
    case NAME_RT_INDEX:
        return "LAYER";
    case NAME_VP_INDEX:
        return "VIEWPORT_INDEX";
    case NAME_PRIMITIVE_ID:
        return "PRIM_ID";
    default:
        break;
    }
    snprintf(buf, 24, "%s[%u]", output && t->p->stage == SM4_PS ? "COLOR" : "GENERIC", n);
    return buf;
}

/* The system values that have their own TGSI register (VS: VertexID,
 * InstanceID; PS: SampleIndex, IsFrontFace, PrimitiveID). */
static bool scalar_sv(const Tx *t, uint8_t sv)
{
    return t->p->stage == SM4_VS ? sv == NAME_VERTEX_ID || sv == NAME_INSTANCE_ID
           : t->p->stage == SM4_PS
               ? sv == NAME_SAMPLE_INDEX || sv == NAME_FRONT_FACE || sv == NAME_PRIMITIVE_ID
               : false;
}

/* A scalar system value: its TGSI register; used directly when it is
 * alone in .x, else the SM4 register is composed in a TEMP at the start
 * (its other components from IN[n], the value converted: IsFrontFace
 * from TGSI's float FACE to ~0 / 0). */
static void finish_scalar_sv(Tx *t, uint32_t n, TxReg *r)
{
    char mb[6], gl[5];
    uint8_t gen = r->mask & (uint8_t)~r->sv_mask, svm = r->sv_mask ? r->sv_mask : r->mask;
    bool face = r->sv == NAME_FRONT_FACE;
    const char *file = "SV";
    uint32_t index = 0;
    if (r->sv == NAME_FRONT_FACE || r->sv == NAME_PRIMITIVE_ID) {
        file = "IN";
        index = gen ? SM4_MAX_IO + n : n;
        tb_printf(&t->decl, "DCL IN[%u], %s, CONSTANT\n", index, face ? "FACE" : "PRIM_ID");
    } else {
        index = t->nsv++;
        tb_printf(&t->decl, "DCL SV[%u], %s\n", index,
                  r->sv == NAME_VERTEX_ID     ? "VERTEXID"
                  : r->sv == NAME_INSTANCE_ID ? "INSTANCEID"
                                              : "SAMPLEID");
    }
    if (!gen && svm == 1 && !face) {
        r->file = file;
        r->index = index;
        return;
    }
    if (gen && t->p->stage == SM4_VS) {
        tb_printf(&t->decl, "DCL IN[%u]%s\n", n, mask_text(gen, mb));
    } else if (gen) {
        tb_printf(&t->decl, "DCL IN[%u]%s, GENERIC[%u], %s\n", n, mask_text(gen, mb), n,
                  interp_name[r->interp]);
    }
    uint32_t tmp = new_temp(t);
    if (gen) {
        mask_letters(gen, gl);
        tx_emit(t, "MOV TEMP[%u].%s, IN[%u]", tmp, gl, n);
    }
    for (int c = 0; c < 4; c++) {
        if (!(svm >> c & 1)) {
            continue;
        }
        if (face) {
            tx_emit(t, "FSLT TEMP[%u].%c, IMM[%u].xxxx, IN[%u].xxxx", tmp, "xyzw"[c],
                    tx_imm(t, 0, 0, 0, 0), index);
        } else {
            tx_emit(t, "MOV TEMP[%u].%c, %s[%u].xxxx", tmp, "xyzw"[c], file, index);
        }
    }
    r->file = "TEMP";
    r->index = tmp;
}

static void finish_inputs(Tx *t)
{
    char mb[6], sb[24];
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        TxReg *r = &t->in[n];
        if (!r->declared) {
            continue;
        }
        t->info->in_mask |= 1u << n;
        t->info->in_sv[n] = r->sv;
        t->info->in_usage[n] = r->mask;
        if (scalar_sv(t, r->sv)) {
            finish_scalar_sv(t, n, r);
            continue;
        }
        r->file = "IN";
        r->index = n;
        if (t->p->stage == SM4_VS) {
            tb_printf(&t->decl, "DCL IN[%u]%s\n", n, mask_text(r->mask, mb));
            continue;
        }
        const char *sem = io_semantic(t, r->sv, n, false, sb);
        if (t->p->stage == SM4_GS || tess_stage(t)) {
            tb_printf(&t->decl, "DCL IN[][%u], %s\n", n, sem);
        } else if (r->sv == NAME_POSITION) {
            tb_printf(&t->decl, "DCL IN[%u], POSITION, LINEAR\n", n);
        } else {
            tb_printf(&t->decl, "DCL IN[%u]%s, %s, %s\n", n, mask_text(r->mask, mb), sem,
                      r->sv == NAME_RT_INDEX || r->sv == NAME_VP_INDEX ? "CONSTANT"
                                                                       : interp_name[r->interp]);
        }
    }
}

static void finish_outputs(Tx *t)
{
    char mb[6], sb[24];
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        TxReg *r = &t->out[n];
        if (!r->declared) {
            continue;
        }
        t->info->out_mask |= 1u << n;
        t->info->out_sv[n] = r->sv;
        t->info->out_usage[n] = r->mask;
        if (!r->distances) { /* packed distances: sm4_tgsi_out.c declares them */
            tb_printf(&t->decl, "DCL OUT[%u]%s, %s\n", n, mask_text(r->mask, mb),
                      io_semantic(t, r->sv, n, true, sb));
        }
        r->file = "OUT";
        r->index = n;
        if (r->distances || tx_gs_int_output(t, r)) {
            r->file = "TEMP"; /* copied to OUT at each output point */
            r->index = new_temp(t);
            r->staged = true;
        }
    }
}

/* Special operands: their TGSI register, and the prologue computing the
 * ones TGSI does not give as such. */
static void finish_specials(Tx *t)
{
    TxReg *s = t->special;
    if (s[SM4_OT_INPUT_PRIMITIVEID].declared && t->p->stage == SM4_GS) {
        /* virglrenderer reads a GS's primitive ID from an input
         * (gl_PrimitiveIDIn); as a system value it is gl_PrimitiveID, the
         * GS's output */
        TxReg *r = &s[SM4_OT_INPUT_PRIMITIVEID];
        r->file = "IN[0]";
        r->index = SM4_MAX_IO;
        tb_printf(&t->decl, "DCL IN[][%u], PRIM_ID\n", r->index);
    } else if (s[SM4_OT_INPUT_PRIMITIVEID].declared) {
        sv_decl(t, &s[SM4_OT_INPUT_PRIMITIVEID], "PRIM_ID");
    }
    if (s[SM5_OT_INPUT_GS_INSTANCE_ID].declared) {
        sv_decl(t, &s[SM5_OT_INPUT_GS_INSTANCE_ID], "INVOCATIONID");
    }
    if (s[SM5_OT_INPUT_COVERAGE_MASK].declared) {
        sv_decl(t, &s[SM5_OT_INPUT_COVERAGE_MASK], "SAMPLEMASK");
    }
    static const int depth_types[] = { SM4_OT_OUTPUT_DEPTH, SM5_OT_OUTPUT_DEPTH_GE,
                                       SM5_OT_OUTPUT_DEPTH_LE };
    for (unsigned i = 0; i < 3; i++) {
        TxReg *r = &s[depth_types[i]];
        if (r->declared) {
            r->file = "OUT";
            r->index = SM4_MAX_IO;
            tb_printf(&t->decl, "DCL OUT[%u], POSITION\n", r->index);
            t->info->writes_depth = 1;
        }
    }
    if (s[SM4_OT_OUTPUT_COVERAGE_MASK].declared) {
        TxReg *r = &s[SM4_OT_OUTPUT_COVERAGE_MASK];
        r->file = "OUT";
        r->index = SM4_MAX_IO + 1;
        tb_printf(&t->decl, "DCL OUT[%u], SAMPLEMASK\n", r->index);
        t->info->writes_mask = 1;
    }
    bool tid = s[SM5_OT_INPUT_THREAD_ID].declared;
    bool flat = s[SM5_OT_INPUT_THREAD_ID_IN_GROUP_FLATTENED].declared;
    if (s[SM5_OT_INPUT_THREAD_ID_IN_GROUP].declared || tid || flat) {
        sv_decl(t, &s[SM5_OT_INPUT_THREAD_ID_IN_GROUP], "THREAD_ID");
    }
    if (s[SM5_OT_INPUT_THREAD_GROUP_ID].declared || tid) {
        sv_decl(t, &s[SM5_OT_INPUT_THREAD_GROUP_ID], "BLOCK_ID");
    }
    uint32_t local = s[SM5_OT_INPUT_THREAD_ID_IN_GROUP].index;
    if (tid) { /* SV_DispatchThreadID = group id * group size + id in group */
        TxReg *r = &s[SM5_OT_INPUT_THREAD_ID];
        const uint32_t *b = t->info->cs_block;
        r->file = "TEMP";
        r->index = new_temp(t);
        tx_emit(t, "UMAD TEMP[%u].xyz, SV[%u].xyzz, IMM[%u].xyzz, SV[%u].xyzz", r->index,
                s[SM5_OT_INPUT_THREAD_GROUP_ID].index, tx_imm(t, b[0], b[1], b[2], 0), local);
    }
    if (flat) { /* SV_GroupIndex = (z * height + y) * width + x */
        TxReg *r = &s[SM5_OT_INPUT_THREAD_ID_IN_GROUP_FLATTENED];
        const uint32_t *b = t->info->cs_block;
        uint32_t dims = tx_imm(t, b[0], b[1], 0, 0);
        r->file = "TEMP";
        r->index = new_temp(t);
        tx_emit(t, "UMAD TEMP[%u].x, SV[%u].zzzz, IMM[%u].yyyy, SV[%u].yyyy", r->index, local,
                dims, local);
        tx_emit(t, "UMAD TEMP[%u].x, TEMP[%u].xxxx, IMM[%u].xxxx, SV[%u].xxxx", r->index,
                r->index, dims, local);
    }
}

/* Resources, samplers, UAVs, memory, constant buffers. */
static const char *const tex_target[] = {
    [SM4_RES_BUFFER] = "BUFFER", [SM4_RES_TEX1D] = "1D", [SM4_RES_TEX2D] = "2D",
    [SM4_RES_TEX2DMS] = "2D_MSAA", [SM4_RES_TEX3D] = "3D", [SM4_RES_TEXCUBE] = "CUBE",
    [SM4_RES_TEX1DARRAY] = "1D_ARRAY", [SM4_RES_TEX2DARRAY] = "2D_ARRAY",
    [SM4_RES_TEX2DMSARRAY] = "2D_ARRAY_MSAA", [SM4_RES_TEXCUBEARRAY] = "CUBEARRAY",
};
static const char *const ret_name[] = { [SM4_RT_UNORM] = "UNORM", [SM4_RT_SNORM] = "SNORM",
                                        [SM4_RT_SINT] = "SINT", [SM4_RT_UINT] = "UINT",
                                        [SM4_RT_FLOAT] = "FLOAT" };

const char *tx_tex_target(uint32_t dim)
{
    return dim < sizeof tex_target / sizeof *tex_target && tex_target[dim] ? tex_target[dim]
                                                                           : "BUFFER";
}

const char *tx_return_type(uint32_t ret)
{
    return ret < sizeof ret_name / sizeof *ret_name && ret_name[ret] ? ret_name[ret] : "FLOAT";
}

const char *tx_image_format(uint32_t ret)
{
    return ret == SM4_RT_UINT   ? "PIPE_FORMAT_R32G32B32A32_UINT"
           : ret == SM4_RT_SINT ? "PIPE_FORMAT_R32G32B32A32_SINT"
                                : "PIPE_FORMAT_R32G32B32A32_FLOAT";
}

/* u# with a hidden counter: declared _opc, or used by imm_atomic_alloc /
 * consume (an append or consume buffer is declared without _opc). */
static void find_counters(Tx *t)
{
    for (uint32_t k = 0; k < t->p->ninsn; k++) {
        const Sm4Insn *in = &t->p->insn[k];
        if ((in->opcode != SM5_IMM_ATOMIC_ALLOC && in->opcode != SM5_IMM_ATOMIC_CONSUME) ||
            in->nop != 2) {
            continue;
        }
        const Sm4Operand *u = sm4_opnd(t->p, in, 1);
        if (u->type == SM5_OT_UAV && u->ndim == 1 && u->idx[0].imm < SM4_MAX_UAV &&
            t->uav_kind[u->idx[0].imm] == TX_KIND_STRUCTURED) {
            t->info->uav_counters |= (uint8_t)(1u << u->idx[0].imm);
        }
    }
}

static void finish_resources(Tx *t)
{
    find_counters(t);
    for (uint32_t i = 0; i < SM4_MAX_CB; i++) {
        if (t->info->cb_size[i]) {
            tb_printf(&t->decl, "DCL CONST[%u][0..%u]\n", i, t->info->cb_size[i] - 1);
        }
    }
    /* typed SRVs and samplers: the units (tx_declare_units) */
    for (uint32_t i = 0; i < SM4_MAX_SRV; i++) {
        if ((t->info->srv_used[i / 32] >> (i % 32) & 1) && t->srv_kind[i] != TX_KIND_TYPED) {
            tb_printf(&t->decl, "DCL BUFFER[%u]\n", TX_SRV_BUFFER_BASE + i);
        }
    }
    for (uint32_t i = 0; i < SM4_MAX_UAV; i++) {
        if (t->uav_kind[i] == TX_KIND_TYPED) {
            tb_printf(&t->decl, "DCL IMAGE[%u], %s, %s, WR\n", i, tex_target[t->uav_dim[i]],
                      tx_image_format(t->uav_ret[i]));
        } else if (t->uav_kind[i]) {
            tb_printf(&t->decl, "DCL BUFFER[%u]\n", i);
        }
    }
    for (uint32_t i = 0; i < SM4_MAX_UAV; i++) {
        uint32_t srv = SM4_COUNTER_BUFFER + i - TX_SRV_BUFFER_BASE;
        if (!(t->info->uav_counters >> i & 1)) {
            continue;
        }
        if ((t->info->srv_used[srv / 32] >> (srv % 32) & 1) && t->srv_kind[srv] != TX_KIND_TYPED) {
            tx_fail(t, SM4_ERR_UNSUPPORTED, "raw/structured t%u and the counter of u%u", srv, i);
        }
        tb_printf(&t->decl, "DCL BUFFER[%u]\n", SM4_COUNTER_BUFFER + i);
    }
    if (t->tgsm_used) {
        tb_printf(&t->decl, "DCL MEMORY[0], SHARED\n");
    }
}

static void finish_icb(Tx *t)
{
    for (uint32_t k = 0; k < t->p->ninsn; k++) {
        const Sm4Insn *in = &t->p->insn[k];
        if (in->opcode != SM4_CUSTOMDATA || in->ctl != SM4_CD_ICB) {
            continue;
        }
        const uint32_t *d = &t->p->code[in->data_first];
        for (uint32_t i = 0; i < t->icb_size; i++, d += 4) {
            tx_emit(t, "MOV TEMP[%u](%u), IMM[%u]", t->icb_base + i, TX_MAX_X + 1,
                    tx_imm(t, d[0], d[1], d[2], d[3]));
        }
    }
}

void tx_finish_decls(Tx *t)
{
    if (t->p->stage == SM4_PS) {
        tb_printf(&t->head, "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\n"
                            "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n");
    }
    if (tess_stage(t)) {
        tx_tess_finish(t);
    }
    finish_inputs(t);
    if (!tx_finish_clip_cull(t)) {
        return;
    }
    finish_outputs(t);
    tx_finish_ranges(t);
    finish_specials(t);
    finish_resources(t);
    finish_icb(t);
}
