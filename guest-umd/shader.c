/* SPDX-License-Identifier: MIT */
/* Shader objects: Create*Shader (with stream output), DestroyShader,
 * Set*Shader (contract in umd_shader.h). */
#include <stdlib.h>
#include <string.h>

#include "umd.h"

#define MAX_SIG_ENTRIES 128 /* 32 registers x 4 components */

SIZE_T umd_shader_size(void)
{
    return sizeof(UmdShader);
}

/* Copies a runtime signature array (hostile: count bounded, NULL with a
 * count refused). */
static bool copy_sig(const D3D10DDIARG_SIGNATURE_ENTRY *e, UINT n, Sm4SigEntry *out,
                     uint32_t *nout)
{
    if (n > MAX_SIG_ENTRIES || (n && !e)) {
        return false;
    }
    for (UINT i = 0; i < n; i++) {
        D3D10DDIARG_SIGNATURE_ENTRY c = e[i];
        out[i] = (Sm4SigEntry){ (uint32_t)c.SystemValue, c.Register, c.Mask };
    }
    *nout = n;
    return true;
}

typedef struct Sigs {
    Sm4SigEntry in[MAX_SIG_ENTRIES], out[MAX_SIG_ENTRIES], patch[MAX_SIG_ENTRIES];
    Sm4Signatures s;
} Sigs;

static bool sigs_of(const D3D10DDIARG_STAGE_IO_SIGNATURES *s10,
                    const D3D11DDIARG_TESSELLATION_IO_SIGNATURES *s11, Sigs *g)
{
    memset(&g->s, 0, sizeof g->s);
    g->s.in = g->in, g->s.out = g->out, g->s.patch = g->patch;
    if (s10) {
        return copy_sig(s10->pInputSignature, s10->NumInputSignatureEntries, g->in, &g->s.nin) &&
               copy_sig(s10->pOutputSignature, s10->NumOutputSignatureEntries, g->out,
                        &g->s.nout);
    }
    if (s11) {
        return copy_sig(s11->pInputSignature, s11->NumInputSignatureEntries, g->in, &g->s.nin) &&
               copy_sig(s11->pOutputSignature, s11->NumOutputSignatureEntries, g->out,
                        &g->s.nout) &&
               copy_sig(s11->pPatchConstantSignature, s11->NumPatchConstantSignatureEntries,
                        g->patch, &g->s.npatch);
    }
    return true;
}

/* Decode + translate a program of a type in `programs` (bit per SM4_*);
 * 0 or the Sm4Error. */
static Sm4Error build(const UINT *code, uint32_t programs, const Sigs *g, UmdShader *s)
{
    Sm4Program p;
    char why[128];
    if (!code) {
        return SM4_ERR_TRUNCATED;
    }
    Sm4Error e = sm4_decode(code, SM4_MAX_DWORDS, &p);
    if (e) {
        return e;
    }
    if (p.stage > SM4_CS || !(programs >> p.stage & 1u)) {
        sm4_free(&p);
        return SM4_ERR_VERSION;
    }
    e = sm4_to_tgsi(&p, &g->s, &s->tgsi, &s->info, why, sizeof why);
    s->program = p.stage;
    sm4_free(&p);
    return e;
}

static void created(UmdDevice *d, UmdDdi ddi, Sm4Error e, UmdShader *s)
{
    if (e == SM4_OK) {
        s->magic = UMD_SHADER_MAGIC;
        d->shaders_created++;
        return;
    }
    free(s->tgsi);
    free(s->so);
    memset(s, 0, sizeof *s);
    d->shaders_rejected++;
    d->last_shader_error = e;
    if (e == SM4_ERR_UNSUPPORTED) {
        umd_unsupported(d, ddi, 0);
    } else {
        umd_error(d, ddi, E_OUTOFMEMORY, 0);
    }
}

void umd_shader_create(UmdDevice *d, UmdDdi ddi, unsigned program, const UINT *code,
                       const D3D10DDIARG_STAGE_IO_SIGNATURES *sig10,
                       const D3D11DDIARG_TESSELLATION_IO_SIGNATURES *sig11, UmdShader *s)
{
    memset(s, 0, sizeof *s);
    if (umd_check_lost(d, ddi)) {
        return;
    }
    Sigs *g = malloc(sizeof *g);
    Sm4Error e = !g ? SM4_ERR_NOMEM
                 : !sigs_of(sig10, sig11, g) ? SM4_ERR_DECL
                                              : build(code, 1u << program, g, s);
    free(g);
    created(d, ddi, e, s);
}

/* The stream output declaration, normalized to the D3D11 form. */
static Sm4Error so_entries(UmdShader *s, const void *entries, UINT n, bool d3d11)
{
    if (n == 0 || n > UMD_SO_MAX_ENTRIES || !entries) {
        return SM4_ERR_DECL;
    }
    s->so = calloc(n, sizeof *s->so);
    if (!s->so) {
        return SM4_ERR_NOMEM;
    }
    for (UINT i = 0; i < n; i++) {
        UmdSoEntry *o = &s->so[i];
        if (d3d11) {
            D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY c =
                ((const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *)entries)[i];
            *o = (UmdSoEntry){ c.Stream, c.OutputSlot, c.RegisterIndex, c.RegisterMask };
        } else {
            D3D10DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY c =
                ((const D3D10DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *)entries)[i];
            *o = (UmdSoEntry){ 0, c.OutputSlot, c.RegisterIndex, c.RegisterMask };
        }
        if (o->stream > 3 || o->slot >= UMD_SO_SLOTS || !o->mask || o->mask > 0xF ||
            (o->reg >= SM4_MAX_IO && o->reg != 0xFFFFFFFFu)) {
            return SM4_ERR_DECL;
        }
        if (o->stream) {
            return SM4_ERR_UNSUPPORTED; /* streams other than 0 */
        }
    }
    s->nso = n;
    return SM4_OK;
}

static bool stride_ok(UINT stride)
{
    return stride && stride <= 2048 && stride % 4 == 0;
}

static void create_so(UmdDevice *d, const UINT *code, const void *entries, UINT n, bool d3d11,
                      const UINT *strides, UINT nstrides, UINT rasterized,
                      const D3D10DDIARG_STAGE_IO_SIGNATURES *sig, UmdShader *s)
{
    UmdDdi ddi = UMD_DDI_CreateGeometryShaderWithStreamOutput;
    memset(s, 0, sizeof *s);
    if (umd_check_lost(d, ddi)) {
        return;
    }
    Sm4Error e = SM4_OK;
    if (nstrides > UMD_SO_SLOTS || (nstrides && !strides)) {
        e = SM4_ERR_DECL;
    }
    for (UINT i = 0; !e && i < nstrides; i++) {
        e = stride_ok(strides[i]) ? SM4_OK : SM4_ERR_DECL;
        s->so_stride[i] = e ? 0 : strides[i];
    }
    if (!e && rasterized != 0 && rasterized != D3D11_SO_NO_RASTERIZED_STREAM) {
        e = rasterized > 3 ? SM4_ERR_DECL : SM4_ERR_UNSUPPORTED;
    }
    s->rasterized_stream = rasterized;
    if (!e) {
        e = so_entries(s, entries, n, d3d11);
    }
    /* a GS, or the stage before it: a VS, with tessellation (D3D11) a DS */
    uint32_t programs = 1u << SM4_GS | 1u << SM4_VS | (d3d11 ? 1u << SM4_DS : 0);
    Sigs *g = e ? NULL : malloc(sizeof *g);
    if (!e) {
        e = !g                      ? SM4_ERR_NOMEM
            : !sigs_of(sig, NULL, g) ? SM4_ERR_DECL
                                     : build(code, programs, g, s);
    }
    free(g);
    created(d, ddi, e, s);
}

void umd_shader_create_so10(UmdDevice *d, const D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT *c,
                            const D3D10DDIARG_STAGE_IO_SIGNATURES *sig, UmdShader *s)
{
    UINT stride = c->StreamOutputStrideInBytes;
    create_so(d, c->pShaderCode, c->pOutputStreamDecl, c->NumEntries, false, &stride, 1, 0, sig, s);
}

void umd_shader_create_so11(UmdDevice *d, const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT *c,
                            const D3D10DDIARG_STAGE_IO_SIGNATURES *sig, UmdShader *s)
{
    create_so(d, c->pShaderCode, c->pOutputStreamDecl, c->NumEntries, true,
              c->BufferStridesInBytes, c->NumStrides, c->RasterizedStream, sig, s);
}

void umd_shader_destroy(UmdDevice *d, UmdShader *s)
{
    umd_state_forget(d, s);
    if (s->magic == UMD_SHADER_MAGIC) {
        umd_vgl_destroy(d, UMD_DDI_DestroyShader, SABLE_VIRGL_OBJECT_SHADER, s->handle, s->host);
        umd_vgl_destroy(d, UMD_DDI_DestroyShader, SABLE_VIRGL_OBJECT_SHADER, s->count_handle,
                        s->count_host);
        free(s->tgsi);
        free(s->count_tgsi);
        free(s->so);
    }
    memset(s, 0, sizeof *s);
}

/* SM4 program type of each UMD stage. */
static const uint8_t program_of_stage[UMD_STAGES] = {
    [UMD_VS] = SM4_VS, [UMD_PS] = SM4_PS, [UMD_GS] = SM4_GS,
    [UMD_HS] = SM4_HS, [UMD_DS] = SM4_DS, [UMD_CS] = SM4_CS,
};

void umd_set_shader(UmdDevice *d, UmdDdi ddi, unsigned stage, UmdShader *s)
{
    if (umd_check_lost(d, ddi)) {
        return;
    }
    /* a GS slot also takes a VS compiled for stream output */
    if (s && (s->magic != UMD_SHADER_MAGIC ||
              (s->program != program_of_stage[stage] && !(stage == UMD_GS && s->so)))) {
        umd_unsupported(d, ddi, 0);
        return;
    }
    d->state.shader[stage] = s;
}
