/* SPDX-License-Identifier: MIT */
/* winsim's D3D runtime, shaders: a DXBC container is checked (magic, sizes,
 * checksum: a bad one is refused before the driver, as the runtime's
 * E_INVALIDARG) and split as the runtime does -- pCode points at the
 * SHDR/SHEX chunk's tokens, the ISGN/OSGN(/OSG5)/PCSG elements become
 * D3D10DDIARG_SIGNATURE_ENTRYs (SystemValue: the D3D10_SB_NAME of the
 * element's D3D_NAME -- 0-10 as is, a tessellation factor's by its semantic
 * index, SV_TessFactor[1] of a tri is TRI_V_EQ_0 -- else UNDEFINED; elements
 * without a register, such as
 * SV_Depth, are left out: UNCERTAIN, no reference page says) -- then
 * CalcPrivate*Size and Create*Shader are called. */
#include <glib.h>
#include <string.h>

#include "d3drt.h"
#include "dxbc.h"

static D3D10DDIARG_SIGNATURE_ENTRY *sig_entries(const Dxbc *x, uint32_t fourcc, uint32_t alt,
                                                UINT *n, bool *bad)
{
    const DxbcChunk *c = dxbc_find(x, fourcc);
    DxbcSigElem e[DXBC_MAX_SIG];
    uint32_t k = 0;
    *n = 0;
    if (!c && alt) {
        c = dxbc_find(x, alt);
    }
    if (!c) {
        return NULL;
    }
    if (dxbc_sig_parse(c, e, DXBC_MAX_SIG, &k)) {
        *bad = true;
        return NULL;
    }
    D3D10DDIARG_SIGNATURE_ENTRY *out = g_new0(D3D10DDIARG_SIGNATURE_ENTRY, k ? k : 1);
    for (uint32_t i = 0; i < k; i++) {
        if (e[i].reg == 0xFFFFFFFFu) {
            continue;
        }
        out[*n].SystemValue = (D3D10_SB_NAME)dxbc_sig_sb_name(e[i].sv, e[i].index);
        out[*n].Register = e[i].reg;
        out[*n].Mask = e[i].mask;
        (*n)++;
    }
    return out;
}

static void shader_free(RtShader *s)
{
    g_free(s->mem);
    g_free(s->blob);
    g_free(s->in);
    g_free(s->out);
    g_free(s->patch);
    g_free(s);
}

/* Splits the container into s (the blob copied: pCode points into it). */
static HRESULT split(const void *dxbc, size_t len, RtShader *s)
{
    Dxbc x;
    bool bad = false;
    s->blob = g_memdup2(dxbc, len);
    if (dxbc_parse(s->blob, len, &x, NULL, 0)) {
        return E_INVALIDARG;
    }
    const DxbcChunk *code = dxbc_find(&x, DXBC_FOURCC('S', 'H', 'E', 'X'));
    if (!code) {
        code = dxbc_find(&x, DXBC_FOURCC('S', 'H', 'D', 'R'));
    }
    if (!code || code->size < 8 || code->size % 4 || ((uintptr_t)code->data & 3)) {
        return E_INVALIDARG;
    }
    s->code = (const UINT *)code->data;
    s->in = sig_entries(&x, DXBC_FOURCC('I', 'S', 'G', 'N'), 0, &s->nin, &bad);
    s->out = sig_entries(&x, DXBC_FOURCC('O', 'S', 'G', 'N'), DXBC_FOURCC('O', 'S', 'G', '5'),
                         &s->nout, &bad);
    s->patch = sig_entries(&x, DXBC_FOURCC('P', 'C', 'S', 'G'), 0, &s->npatch, &bad);
    /* the runtime's own check: the token length fits the chunk */
    return bad || s->code[1] > code->size / 4 ? E_INVALIDARG : S_OK;
}

static HRESULT call_create(RtDevice *d, unsigned stage, RtShader *s)
{
    D3D10DDIARG_STAGE_IO_SIGNATURES sig = { s->in, s->nin, s->out, s->nout };
    D3D11DDIARG_TESSELLATION_IO_SIGNATURES tsig = { s->in, s->nin, s->out, s->nout, s->patch,
                                                    s->npatch };
    SIZE_T size = stage == RT_HS || stage == RT_DS
                      ? d->f11->pfnCalcPrivateTessellationShaderSize(d->h, s->code, &tsig)
                      : F(d, pfnCalcPrivateShaderSize)(d->h, s->code, &sig);
    s->mem = g_malloc0(size);
    s->h.pDrvPrivate = s->mem;
    s->stage = stage;
    D3D10DDI_HRTSHADER rt = { .handle = s };
    switch (stage) {
    case RT_VS:
        return RT_CALL(d, CreateVertexShader, 0, F(d, pfnCreateVertexShader)(d->h, s->code, s->h, rt, &sig));
    case RT_PS:
        return RT_CALL(d, CreatePixelShader, 0, F(d, pfnCreatePixelShader)(d->h, s->code, s->h, rt, &sig));
    case RT_GS:
        return RT_CALL(d, CreateGeometryShader, 0,
                       F(d, pfnCreateGeometryShader)(d->h, s->code, s->h, rt, &sig));
    case RT_HS:
        return RT_CALL(d, CreateHullShader, 0, d->f11->pfnCreateHullShader(d->h, s->code, s->h, rt, &tsig));
    case RT_DS:
        return RT_CALL(d, CreateDomainShader, 0,
                       d->f11->pfnCreateDomainShader(d->h, s->code, s->h, rt, &tsig));
    default:
        return RT_CALL(d, CreateComputeShader, 0, d->f11->pfnCreateComputeShader(d->h, s->code, s->h, rt));
    }
}

static HRESULT finish(HRESULT hr, RtShader *s, RtShader **out)
{
    if (FAILED(hr)) {
        shader_free(s);
        s = NULL;
    }
    *out = s;
    return hr;
}

HRESULT rt_create_shader(RtDevice *d, unsigned stage, const void *dxbc, size_t len, RtShader **out)
{
    RtShader *s = g_new0(RtShader, 1);
    g_assert(stage <= RT_CS && (stage < RT_HS || d->f11));
    HRESULT hr = split(dxbc, len, s);
    return finish(SUCCEEDED(hr) ? call_create(d, stage, s) : hr, s, out);
}

HRESULT rt_create_shader_code(RtDevice *d, unsigned stage, const UINT *code,
                              const D3D10DDIARG_SIGNATURE_ENTRY *in, UINT nin,
                              const D3D10DDIARG_SIGNATURE_ENTRY *outs, UINT nout, RtShader **out)
{
    RtShader *s = g_new0(RtShader, 1);
    s->code = code;
    s->in = in ? g_memdup2(in, nin * sizeof *in) : NULL;
    s->nin = in ? nin : 0;
    s->out = outs ? g_memdup2(outs, nout * sizeof *outs) : NULL;
    s->nout = outs ? nout : 0;
    return finish(call_create(d, stage, s), s, out);
}

HRESULT rt_create_shader_so(RtDevice *d, const void *dxbc, size_t len,
                            const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *e, UINT n,
                            const UINT *strides, UINT nstrides, UINT rasterized, RtShader **out)
{
    RtShader *s = g_new0(RtShader, 1);
    HRESULT hr = split(dxbc, len, s);
    if (FAILED(hr)) {
        return finish(hr, s, out);
    }
    D3D10DDIARG_STAGE_IO_SIGNATURES sig = { s->in, s->nin, s->out, s->nout };
    D3D10DDI_HRTSHADER rt = { .handle = s };
    s->stage = RT_GS;
    if (d->f11) {
        D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT c = { s->code, e, n, strides, nstrides,
                                                               rasterized };
        s->mem = g_malloc0(d->f11->pfnCalcPrivateGeometryShaderWithStreamOutput(d->h, &c, &sig));
        s->h.pDrvPrivate = s->mem;
        hr = RT_CALL(d, CreateGeometryShaderWithStreamOutput, 0,
                     d->f11->pfnCreateGeometryShaderWithStreamOutput(d->h, &c, s->h, rt, &sig));
    } else {
        /* the D3D10 form: one buffer, entries without a stream */
        D3D10DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY e10[128];
        g_assert(n <= G_N_ELEMENTS(e10) && nstrides == 1);
        for (UINT i = 0; i < n; i++) {
            e10[i] = (D3D10DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY){ e[i].OutputSlot,
                                                                    e[i].RegisterIndex,
                                                                    e[i].RegisterMask };
        }
        D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT c = { s->code, e10, n, strides[0] };
        s->mem = g_malloc0(F10(d, pfnCalcPrivateGeometryShaderWithStreamOutput)(d->h, &c, &sig));
        s->h.pDrvPrivate = s->mem;
        hr = RT_CALL(d, CreateGeometryShaderWithStreamOutput, 0,
                     F10(d, pfnCreateGeometryShaderWithStreamOutput)(d->h, &c, s->h, rt, &sig));
    }
    return finish(hr, s, out);
}

void rt_destroy_shader(RtDevice *d, RtShader *s)
{
    RT_CALL(d, DestroyShader, 0, F(d, pfnDestroyShader)(d->h, s->h));
    shader_free(s);
}

HRESULT rt_set_shader(RtDevice *d, unsigned stage, RtShader *s)
{
    D3D10DDI_HSHADER h = { s ? s->mem : NULL };
    switch (stage) {
    case RT_VS:
        return RT_CALL(d, VsSetShader, 0, F(d, pfnVsSetShader)(d->h, h));
    case RT_PS:
        return RT_CALL(d, PsSetShader, 0, F(d, pfnPsSetShader)(d->h, h));
    case RT_GS:
        return RT_CALL(d, GsSetShader, 0, F(d, pfnGsSetShader)(d->h, h));
    case RT_HS:
        return RT_CALL(d, HsSetShader, 0, d->f11->pfnHsSetShader(d->h, h));
    case RT_DS:
        return RT_CALL(d, DsSetShader, 0, d->f11->pfnDsSetShader(d->h, h));
    default:
        return RT_CALL(d, CsSetShader, 0, d->f11->pfnCsSetShader(d->h, h));
    }
}
