/* SPDX-License-Identifier: MIT */
/* The SM4/SM5 disassembler (see sm4_asm.h): decodes with the UMD's decoder
 * and prints fxc's syntax, in a form sm4_assemble reads back to the same
 * tokens. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm4_asm.h"
#include "sm4_names.h"

typedef struct Out {
    char *s;
    size_t len, cap;
    int oom;
} Out;

static void out(Out *o, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = o->cap - o->len;
        va_start(ap, fmt);
        int n = o->oom ? -1 : vsnprintf(o->s ? o->s + o->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->oom = 1;
            return;
        }
        if ((size_t)n < room) {
            o->len += (size_t)n;
            return;
        }
        size_t cap = (o->cap + (size_t)n + 1) * 2;
        char *s = realloc(o->s, cap);
        if (!s) {
            o->oom = 1;
            return;
        }
        o->s = s;
        o->cap = cap;
    }
}

/* An immediate value: small integers as integers, floats when they print
 * back to the same bits, hex otherwise. */
static void value(Out *o, uint32_t v)
{
    int32_t i = (int32_t)v;
    float f;
    char buf[48];
    memcpy(&f, &v, 4);
    if (i > -65536 && i < 65536) {
        out(o, "%d", i);
        return;
    }
    if (isfinite(f)) {
        snprintf(buf, sizeof buf, "%.9g", f);
        float back = strtof(buf, NULL);
        if (!memcmp(&back, &f, 4)) {
            out(o, "%s%s", buf, strpbrk(buf, ".e") ? "" : ".0");
            return;
        }
    }
    out(o, "0x%08x", v);
}

static void operand(Out *o, const Sm4Program *p, const Sm4Operand *r, int decl);

static void index_text(Out *o, const Sm4Program *p, const Sm4Index *ix)
{
    if (ix->rel < 0) {
        out(o, "%llu", (unsigned long long)ix->imm);
        return;
    }
    operand(o, p, &p->opnd[ix->rel], 0);
    if (ix->rep != SM4_IDX_REL) {
        out(o, " + %llu", (unsigned long long)ix->imm);
    }
}

static void components(Out *o, const Sm4Operand *r)
{
    static const char ch[] = "xyzw";
    if (r->ncomp != 4) {
        return;
    }
    if (r->sel == SM4_SEL_MASK) {
        if (r->mask) {
            out(o, ".");
            for (int c = 0; c < 4; c++) {
                if (r->mask >> c & 1) {
                    out(o, "%c", ch[c]);
                }
            }
        }
    } else if (r->sel == SM4_SEL_SELECT1) {
        out(o, ".%c", ch[r->swz[0]]);
    } else {
        out(o, ".%c%c%c%c", ch[r->swz[0]], ch[r->swz[1]], ch[r->swz[2]], ch[r->swz[3]]);
    }
}

static void operand(Out *o, const Sm4Program *p, const Sm4Operand *r, int decl)
{
    if (r->mod == SM4_MOD_NEG || r->mod == SM4_MOD_ABSNEG) {
        out(o, "-");
    }
    if (r->mod >= SM4_MOD_ABS) {
        out(o, "|");
    }
    if (r->type == SM4_OT_IMM32 || r->type == SM4_OT_IMM64) {
        out(o, "l(");
        for (unsigned c = 0; c < r->imm_dwords; c++) {
            out(o, c ? ", " : "");
            value(o, r->imm[c]);
        }
        out(o, ")");
    } else {
        const Sm4RegName *n = sm4_reg_of_type(r->type);
        unsigned first = 0;
        out(o, "%s", n ? n->name : "?");
        if (n && n->numbered && r->ndim && r->idx[0].rel < 0) {
            out(o, "%llu", (unsigned long long)r->idx[0].imm);
            first = 1;
        }
        for (unsigned i = first; i < r->ndim; i++) {
            out(o, "[");
            index_text(o, p, &r->idx[i]);
            out(o, "]");
        }
        if (!(decl && r->type == SM4_OT_CONSTANT_BUFFER)) {
            components(o, r);
        }
    }
    if (r->mod >= SM4_MOD_ABS) {
        out(o, "|");
    }
}

static void ret_types(Out *o, uint32_t tok)
{
    out(o, "(");
    for (int c = 0; c < 4; c++) {
        uint32_t t = tok >> (4 * c) & 0xF;
        out(o, "%s%s", c ? "," : "", t < 10 && sm4_ret_name[t] ? sm4_ret_name[t] : "unknown");
    }
    out(o, ")");
}

static void mnemonic(Out *o, const Sm4Insn *in, const Sm4OpInfo *info)
{
    if (in->opcode == SM4_DCL_RESOURCE || in->opcode == SM5_DCL_UAV_TYPED) {
        uint32_t dim = in->ctl & 0x1F;
        out(o, "%s_%s", in->opcode == SM4_DCL_RESOURCE ? "dcl_resource" : "dcl_uav_typed",
            dim < SM4_RES_COUNT ? sm4_dim_name[dim] : "unknown");
        if (in->opcode == SM4_DCL_RESOURCE && (in->ctl >> 5 & 0x7F)) {
            out(o, "(%u)", in->ctl >> 5 & 0x7F);
        }
        if (in->opcode == SM5_DCL_UAV_TYPED && (in->ctl >> 5 & 1)) {
            out(o, "_glc");
        }
        return;
    }
    out(o, "%s", info->name);
    if (in->opcode == SM5_DCL_UAV_STRUCTURED && (in->ctl >> 12 & 1)) {
        out(o, "_opc");
    }
    if (info->flags & SM4_F_DECL) {
        return;
    }
    if (in->opcode == SM5_SYNC) {
        static const char *const f[4] = { "_t", "_g", "_ugroup", "_uglobal" };
        for (int b = 3; b >= 0; b--) { /* fxc order: u, g, t */
            if (in->ctl >> b & 1) {
                out(o, "%s", f[b]);
            }
        }
    }
    if (in->sat) {
        out(o, "_sat");
    }
    if (info->flags & SM4_F_TEST) {
        out(o, in->test_nz ? "_nz" : "_z");
    }
    if (in->has_offset) {
        out(o, "_aoffimmi%s(%d,%d,%d)", in->res_dim ? "_indexable" : "", in->offset[0],
            in->offset[1], in->offset[2]);
    }
    if (in->res_dim) {
        out(o, "%s(%s", in->has_offset ? "" : "_indexable", sm4_dim_name[in->res_dim]);
        if (in->stride) {
            out(o, ", stride=%u", in->stride);
        }
        out(o, ")");
    }
    if (in->ret_type[0]) {
        ret_types(o, (uint32_t)in->ret_type[0] | (uint32_t)in->ret_type[1] << 4 |
                         (uint32_t)in->ret_type[2] << 8 | (uint32_t)in->ret_type[3] << 12);
    }
    if (in->opcode == SM4_RESINFO && (in->ctl & 3)) {
        out(o, (in->ctl & 3) == 2 ? "_uint" : "_rcpFloat");
    }
    if (in->opcode == SM4_SAMPLE_INFO && (in->ctl & 1)) {
        out(o, "_uint");
    }
}

static void name_of(Out *o, const char *const *names, unsigned n, uint32_t v)
{
    if (v < n && names[v]) {
        out(o, "%s", names[v]);
    } else {
        out(o, "%u", v);
    }
}

static void decl_operands(Out *o, const Sm4Program *p, const Sm4Insn *in)
{
    switch (in->opcode) {
    case SM4_DCL_GLOBAL_FLAGS: {
        const char *sep = "";
        for (int b = 0; b < 8; b++) {
            if (in->ctl >> b & 1) {
                out(o, "%s%s", sep, sm4_gflag_name[b]);
                sep = " | ";
            }
        }
        return;
    }
    case SM4_DCL_INDEXABLE_TEMP:
        out(o, "x%u[%u], %u", in->extra[0], in->extra[1], in->extra[2]);
        return;
    case SM4_DCL_GS_INPUT_PRIMITIVE:
        name_of(o, sm4_in_prim_name, 8, in->ctl & 0x3F);
        return;
    case SM4_DCL_GS_OUTPUT_PRIMITIVE_TOPOLOGY:
        name_of(o, sm4_out_topo_name, 6, in->ctl & 0x7F);
        return;
    case SM5_DCL_INPUT_CONTROL_POINT_COUNT:
    case SM5_DCL_OUTPUT_CONTROL_POINT_COUNT:
        out(o, "%u", in->ctl & 0x3F);
        return;
    case SM5_DCL_TESS_DOMAIN:
        name_of(o, sm4_tess_domain_name, 4, in->ctl & 3);
        return;
    case SM5_DCL_TESS_PARTITIONING:
        name_of(o, sm4_tess_partitioning_name, 5, in->ctl & 7);
        return;
    case SM5_DCL_TESS_OUTPUT_PRIMITIVE:
        name_of(o, sm4_tess_output_name, 5, in->ctl & 7);
        return;
    case SM4_DCL_RESOURCE:
    case SM5_DCL_UAV_TYPED:
        ret_types(o, in->extra[0]);
        out(o, " ");
        operand(o, p, sm4_opnd(p, in, 0), 1);
        return;
    default:
        break;
    }
    if (in->opcode >= SM4_DCL_INPUT_PS && in->opcode <= SM4_DCL_INPUT_PS_SIV &&
        (in->ctl & 0xF) && (in->ctl & 0xF) < 8) {
        out(o, "%s ", sm4_interp_name[in->ctl & 0xF]);
    }
    for (unsigned i = 0; i < in->nop; i++) {
        out(o, i ? ", " : "");
        operand(o, p, sm4_opnd(p, in, i), 1);
    }
    if (in->opcode == SM4_DCL_CONSTANT_BUFFER) {
        out(o, ", %s", in->ctl & 1 ? "dynamicIndexed" : "immediateIndexed");
    } else if (in->opcode == SM4_DCL_SAMPLER) {
        name_of(o, (const char *const[]){ ", mode_default", ", mode_comparison", ", mode_mono" }, 3,
                in->ctl & 0xF);
    }
    int named = in->opcode == SM4_DCL_INPUT_SGV || in->opcode == SM4_DCL_INPUT_SIV ||
                in->opcode == SM4_DCL_INPUT_PS_SGV || in->opcode == SM4_DCL_INPUT_PS_SIV ||
                in->opcode == SM4_DCL_OUTPUT_SGV || in->opcode == SM4_DCL_OUTPUT_SIV;
    for (unsigned i = 0; i < in->nextra; i++) {
        out(o, in->nop || i ? (in->opcode == SM4_DCL_INDEX_RANGE ? " " : ", ") : "");
        if (named) {
            name_of(o, sm4_sv_name, SM4_NAMES(sm4_sv_name), in->extra[i]);
        } else {
            out(o, "%u", in->extra[i]);
        }
    }
}

static void customdata(Out *o, const Sm4Program *p, const Sm4Insn *in)
{
    if (in->ctl != SM4_CD_ICB || in->data_count % 4) {
        out(o, "// customdata class %u, %u DWORDs\n", in->ctl, in->data_count);
        return;
    }
    out(o, "dcl_immediateConstantBuffer {");
    for (uint32_t i = 0; i < in->data_count; i++) {
        out(o, i % 4 ? ", " : i ? " },\n                              { " : " { ");
        value(o, p->code[in->data_first + i]);
    }
    out(o, " } }\n");
}

char *sm4_disassemble(const uint32_t *tokens, uint32_t ndwords, char *err, size_t errlen)
{
    Sm4Program p;
    Sm4Error e = sm4_decode(tokens, ndwords, &p);
    if (e) {
        if (err && errlen) {
            snprintf(err, errlen, "the tokens do not decode (%s)", sm4_error_name(e));
        }
        return NULL;
    }
    Out o = { 0 };
    out(&o, "%cs_%u_%u\n", "pvghdc"[p.stage], p.major, p.minor);
    for (uint32_t i = 0; i < p.ninsn; i++) {
        const Sm4Insn *in = &p.insn[i];
        const Sm4OpInfo *info = sm4_op_info(in->opcode);
        if (in->opcode == SM4_CUSTOMDATA) {
            customdata(&o, &p, in);
            continue;
        }
        if (info->flags & SM4_F_VARLEN) {
            out(&o, "// %s (%u DWORDs, not disassembled)\n", info->name, in->data_count);
            continue;
        }
        mnemonic(&o, in, info);
        if (in->nop || in->nextra || (info->flags & SM4_F_DECL)) {
            out(&o, " ");
        }
        if (info->flags & SM4_F_DECL) {
            decl_operands(&o, &p, in);
        } else {
            for (unsigned k = 0; k < in->nop; k++) {
                out(&o, k ? ", " : "");
                operand(&o, &p, sm4_opnd(&p, in, k), 0);
            }
        }
        out(&o, "\n");
    }
    sm4_free(&p);
    if (o.oom) {
        free(o.s);
        if (err && errlen) {
            snprintf(err, errlen, "out of memory");
        }
        return NULL;
    }
    return o.s;
}
