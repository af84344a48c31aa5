/* SPDX-License-Identifier: MIT */
/* The assembler's signatures (fxc's comment tables, or derived from the
 * declarations) and the container it writes. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm4_asm_priv.h"

/* ---- signatures ---- */

static const char *const sv_semantic[11] = {
    NULL, "SV_Position", "SV_ClipDistance", "SV_CullDistance", "SV_RenderTargetArrayIndex",
    "SV_ViewportArrayIndex", "SV_VertexID", "SV_PrimitiveID", "SV_InstanceID",
    "SV_IsFrontFace", "SV_SampleIndex",
};

static void sig_add(DxbcSigElem *e, uint32_t *n, const char *name, uint32_t index, uint32_t sv,
                    uint32_t type, uint32_t reg, uint8_t mask)
{
    if (*n >= DXBC_MAX_SIG) {
        return;
    }
    DxbcSigElem *s = &e[(*n)++];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    s->index = index, s->sv = sv, s->type = type, s->reg = reg, s->mask = mask;
    s->rw = mask;
}

/* Which signature a declaration's register belongs to: 0 input, 1 output,
 * 2 patch constants (a hull shader's fork/join phase outputs, a domain
 * shader's vpc inputs), -1 none. */
static int sig_kind(const Sm4Program *p, const Sm4Insn *in, int patch_phase)
{
    int output = in->opcode >= SM4_DCL_OUTPUT && in->opcode <= SM4_DCL_OUTPUT_SIV;
    int input = in->opcode >= SM4_DCL_INPUT && in->opcode <= SM4_DCL_INPUT_PS_SIV;
    uint32_t type = input || output ? sm4_opnd(p, in, 0)->type : 0;
    if (output) {
        return patch_phase ? 2 : 1;
    }
    if (input && type == SM5_OT_INPUT_PATCH_CONSTANT) {
        return p->stage == SM4_DS ? 2 : -1;
    }
    return input ? 0 : -1;
}

/* A patch constant register component group already in the signature
 * (a register declared by more than one phase). */
static int sig_has(const DxbcSigElem *e, uint32_t n, uint32_t reg, uint8_t mask)
{
    for (uint32_t i = 0; i < n; i++) {
        if (e[i].reg == reg && (e[i].mask & mask)) {
            return 1;
        }
    }
    return 0;
}

/* One element for a system value declaration: D3D_NAME and semantic index
 * from the token name (the tessellation factors SV_TessFactor[i] /
 * SV_InsideTessFactor[i]). */
static void sig_add_sv(DxbcSigElem *e, uint32_t *n, uint32_t sb, uint32_t reg, uint8_t mask)
{
    uint32_t sv, index;
    dxbc_sig_d3d_name(sb, &sv, &index);
    uint32_t type = sv >= 4 && sv <= 10 ? 1 : 3; /* indices, ids, IsFrontFace: uint */
    const char *name = sv == 12 || sv == 14 ? "SV_InsideTessFactor"
                       : sv >= 11          ? "SV_TessFactor"
                                           : sv_semantic[sv];
    sig_add(e, n, name, index, sv, type, reg, mask);
}

static void derive_one(Asm *a, const Sm4Program *p, const Sm4Insn *in, int kind)
{
    Sm4Asm *o = a->out;
    DxbcSigElem *e = kind == 0 ? o->in : kind == 1 ? o->out : o->patch;
    uint32_t *n = kind == 0 ? &o->nin : kind == 1 ? &o->nout : &o->npatch;
    const Sm4Operand *r = sm4_opnd(p, in, 0);
    uint32_t sb = in->nextra && in->extra[0] <= 22 ? in->extra[0] : 0;
    if (r->type == SM4_OT_OUTPUT_DEPTH) {
        sig_add(e, n, "SV_Depth", 0, DXBC_NAME_DEPTH, 3, 0xFFFFFFFFu, 1);
        return;
    }
    if (r->type == SM4_OT_OUTPUT_COVERAGE_MASK) {
        sig_add(e, n, "SV_Coverage", 0, DXBC_NAME_COVERAGE, 1, 0xFFFFFFFFu, 1);
        return;
    }
    if (r->type != SM4_OT_INPUT && r->type != SM4_OT_OUTPUT &&
        r->type != SM5_OT_INPUT_CONTROL_POINT && r->type != SM5_OT_INPUT_PATCH_CONSTANT) {
        return;
    }
    uint32_t reg = (uint32_t)r->idx[r->ndim == 2 ? 1 : 0].imm;
    uint8_t mask = r->ncomp == 4 && r->sel == SM4_SEL_MASK ? r->mask : 0xF;
    if (kind == 2 && sig_has(e, *n, reg, mask)) {
        return;
    }
    if (sb) {
        sig_add_sv(e, n, sb, reg, mask);
    } else if (kind == 1 && p->stage == SM4_PS) {
        sig_add(e, n, "SV_Target", reg, DXBC_NAME_TARGET, 3, reg, mask);
    } else {
        sig_add(e, n, kind == 0 && p->stage == SM4_VS ? "ATTRIB" : "TEXCOORD", reg, 0, 3, reg,
                mask);
    }
}

/* Signatures derived from the declarations: system values by their SV_
 * names, PS outputs SV_Target<n>, other registers TEXCOORD<n> (ATTRIB<n> for
 * VS inputs); the kinds given by comment tables (bits 1 input, 2 output,
 * 4 patch constants) are left alone. */
void asm_derive_signatures(Asm *a, const Sm4Program *p, int tables)
{
    int patch_phase = 0;
    for (uint32_t i = 0; i < p->ninsn; i++) {
        const Sm4Insn *in = &p->insn[i];
        if (in->opcode == SM5_HS_FORK_PHASE || in->opcode == SM5_HS_JOIN_PHASE) {
            patch_phase = 1;
        } else if (in->opcode == SM5_HS_CONTROL_POINT_PHASE) {
            patch_phase = 0;
        }
        int kind = sig_kind(p, in, patch_phase);
        if (kind >= 0 && !(tables & (1 << kind))) {
            derive_one(a, p, in, kind);
        }
    }
}

/* fxc's signature tables in the comments:
 *   // Input signature:            (or Output, Patch Constant)
 *   // Name  Index Mask Register SysValue Format Used
 *   // ----- ----- ---- -------- -------- ------ ----
 *   // POSITION 0   xyzw        0     NONE  float xyzw
 * the columns are cut where the dashes are. */


static void cell(const char *line, const SigTable *t, int c, char *out, size_t n)
{
    size_t len = strlen(line), st = t->col[c][0], l = t->col[c][1];
    out[0] = 0;
    if (st >= len) {
        return;
    }
    if (st + l > len) {
        l = len - st;
    }
    const char *b = asm_skip(line + st);
    size_t k = (size_t)(line + st + l - b);
    while (k && isspace((unsigned char)b[k - 1])) {
        k--;
    }
    snprintf(out, n, "%.*s", (int)k, b);
}

static uint8_t letters(const char *s)
{
    uint8_t m = 0;
    for (; *s; s++) {
        int c = asm_comp_index(*s);
        m |= c >= 0 ? (uint8_t)(1u << c) : 0;
    }
    return m;
}

static int sig_row(Asm *a, const SigTable *t, const char *line)
{
    char f[7][DXBC_NAME_MAX];
    uint32_t index, reg;
    if (t->ncols < 7) {
        return asm_bad(a, "signature table without its 7 columns");
    }
    for (int c = 0; c < 7; c++) {
        cell(line, t, c, f[c], sizeof f[c]);
    }
    int sv = sm4_name_find(sm4_sig_sv_name, SM4_NAMES(sm4_sig_sv_name), f[4], strlen(f[4]));
    int hi = sm4_name_find(sm4_sig_sv_high_name, SM4_NAMES(sm4_sig_sv_high_name), f[4],
                           strlen(f[4]));
    if (!f[0][0] || asm_parse_u32(f[1], &index) || (sv < 0 && hi < 0)) {
        return asm_bad(a, "bad signature row");
    }
    if (asm_parse_u32(f[3], &reg)) {
        reg = 0xFFFFFFFFu; /* oDepth, oMask, ... */
    }
    uint32_t type = !strcmp(f[5], "uint") ? 1 : !strcmp(f[5], "int") ? 2 : 3;
    DxbcSigElem *e = t->which == 1 ? a->out->in : t->which == 2 ? a->out->out : a->out->patch;
    uint32_t *n = t->which == 1 ? &a->out->nin : t->which == 2 ? &a->out->nout : &a->out->npatch;
    sig_add(e, n, f[0], index, sv >= 0 ? (uint32_t)sv : DXBC_NAME_TARGET + (uint32_t)hi, type, reg,
            reg == 0xFFFFFFFFu ? 1 : letters(f[2]));
    e[*n - 1].rw = letters(f[6]);
    return 0;
}

/* One comment line; 0, or -1 on a malformed table. */
int asm_sig_comment(Asm *a, SigTable *t, const char *c)
{
    c = asm_skip(c + 2);
    if (!strncmp(c, "Input signature:", 16) || !strncmp(c, "Output signature:", 17) ||
        !strncmp(c, "Patch Constant signature:", 25)) {
        t->which = c[0] == 'I' ? 1 : c[0] == 'O' ? 2 : 3;
        t->ncols = 0;
        a->tables |= 1 << (t->which - 1);
        return 0;
    }
    if (!t->which) {
        return 0;
    }
    if (!strncmp(c, "---", 3)) {
        t->ncols = 0;
        for (const char *p = c; *p && t->ncols < 8;) {
            const char *e = p;
            while (*e == '-') {
                e++;
            }
            t->col[t->ncols][0] = (size_t)(p - c);
            t->col[t->ncols][1] = (size_t)(e - p);
            t->ncols++;
            p = asm_skip(e);
        }
        return 0;
    }
    if (!*c) {
        t->which = t->ncols ? 0 : t->which; /* a blank line ends a table */
        return 0;
    }
    return t->ncols && strncmp(c, "Name", 4) ? sig_row(a, t, c) : 0;
}

/* A minimal RDEF: no constant buffers, no bindings, the target and the
 * creator string (documented in docs/dxbc.md). */
static uint8_t *rdef(uint32_t version, uint32_t *size)
{
    static const char creator[] = "Sable sm4-asm";
    static const uint16_t target_type[] = { 0xFFFF, 0xFFFE, 0x4753, 0x4853, 0x4453, 0x4353 };
    uint32_t n = 28 + (uint32_t)sizeof creator;
    n = (n + 3u) & ~3u;
    uint8_t *b = calloc(1, n);
    if (!b) {
        return NULL;
    }
    uint32_t w[7] = { 0, 28, 0, 28, (uint32_t)target_type[(version >> 16) % 6] << 16 |
                                         ((version >> 4) & 0xF) << 8 | (version & 0xF),
                      0, 28 };
    for (int i = 0; i < 7; i++) {
        for (int k = 0; k < 4; k++) {
            b[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
        }
    }
    memcpy(b + 28, creator, sizeof creator);
    *size = n;
    return b;
}

uint8_t *sm4_assemble_dxbc(const char *text, size_t *len, char *err, size_t errlen)
{
    Sm4Asm a;
    if (sm4_assemble(text, &a, err, errlen)) {
        return NULL;
    }
    uint32_t rs, is, os, ps, stage = a.tokens[0] >> 16;
    uint8_t *r = rdef(a.tokens[0], &rs);
    uint8_t *i = dxbc_sig_build(a.in, a.nin, 0, &is);
    uint8_t *o = dxbc_sig_build(a.out, a.nout, 0, &os);
    uint8_t *pc = dxbc_sig_build(a.patch, a.npatch, 0, &ps);
    uint8_t *out = NULL;
    if (r && i && o && pc) {
        int sm5 = ((a.tokens[0] >> 4) & 0xF) == 5, ds = stage == SM4_DS;
        /* hull and domain shaders carry the patch constant signature: fxc's
         * order, HS: ISGN OSGN PCSG, DS: ISGN PCSG OSGN */
        DxbcChunk c[5] = {
            { DXBC_FOURCC('R', 'D', 'E', 'F'), r, rs },
            { DXBC_FOURCC('I', 'S', 'G', 'N'), i, is },
            ds ? (DxbcChunk){ DXBC_FOURCC('P', 'C', 'S', 'G'), pc, ps }
               : (DxbcChunk){ DXBC_FOURCC('O', 'S', 'G', 'N'), o, os },
            ds ? (DxbcChunk){ DXBC_FOURCC('O', 'S', 'G', 'N'), o, os }
               : (DxbcChunk){ DXBC_FOURCC('P', 'C', 'S', 'G'), pc, ps },
            { sm5 ? DXBC_FOURCC('S', 'H', 'E', 'X') : DXBC_FOURCC('S', 'H', 'D', 'R'),
              (const uint8_t *)a.tokens, a.ntokens * 4 },
        };
        int tess = stage == SM4_HS || ds;
        if (!tess) {
            c[3] = c[4];
        }
        out = dxbc_build(c, tess ? 5 : 4, len);
    }
    if (!out && err && errlen) {
        snprintf(err, errlen, "out of memory");
    }
    free(r);
    free(i);
    free(o);
    free(pc);
    sm4_asm_free(&a);
    return out;
}
