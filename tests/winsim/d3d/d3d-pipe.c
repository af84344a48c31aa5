/* SPDX-License-Identifier: MIT */
/* The GS / stream-output / query test fixture (contract in d3d-pipe.h). */
#include <stdlib.h>
#include <string.h>

#include "d3d-pipe.h"
#include "sm4_asm.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

/* struct V { float4 p : POSITION; float4 c : COLOR; };
 * V main(V v) { return v; } */
const char pipe_vs_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "ret\n";

/* float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target { return c; } */
const char pipe_ps_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

uint8_t *pipe_assemble(const char *text, size_t *len)
{
    char err[256] = "";
    uint8_t *c = sm4_assemble_dxbc(text, len, err, sizeof err);
    if (!c) {
        g_error("assembling: %s", err);
    }
    return c;
}

RtShader *pipe_shader(RtDevice *d, unsigned stage, const char *text)
{
    size_t len;
    uint8_t *c = pipe_assemble(text, &len);
    RtShader *s;
    OK(rt_create_shader(d, stage, c, len, &s));
    g_free(c);
    return s;
}

RtShader *pipe_shader_so(RtDevice *d, const char *text,
                         const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *e, UINT n,
                         UINT stride, UINT rasterized)
{
    size_t len;
    uint8_t *c = pipe_assemble(text, &len);
    RtShader *s;
    OK(rt_create_shader_so(d, c, len, e, n, &stride, 1, rasterized, &s));
    g_free(c);
    return s;
}

RtResource *pipe_buffer(RtDevice *d, UINT bind, const void *data, UINT size)
{
    RtResource *b;
    OK(rt_create_buffer(d, size, D3D10_DDI_USAGE_DEFAULT, bind, 0, data, &b));
    return b;
}

void *pipe_layout(RtDevice *d)
{
    const D3D10DDIARG_INPUT_ELEMENT_DESC el[2] = {
        { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 },
        { 0, 16, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 1 },
    };
    D3D10DDIARG_CREATEELEMENTLAYOUT c = { el, 2 };
    void *layout = g_malloc0(F(d, pfnCalcPrivateElementLayoutSize)(d->h, &c));
    D3D10DDI_HELEMENTLAYOUT h = { layout };
    OK(RT_CALL(d, CreateElementLayout, 0,
               F(d, pfnCreateElementLayout)(d->h, &c, h,
                                            (D3D10DDI_HRTELEMENTLAYOUT){ layout })));
    OK(RT_CALL(d, IaSetInputLayout, 0, F(d, pfnIaSetInputLayout)(d->h, h)));
    return layout;
}

void pipe_layout_free(RtDevice *d, void *layout)
{
    RT_CALL(d, DestroyElementLayout, 0,
            F(d, pfnDestroyElementLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ layout }));
    g_free(layout);
}

Pipe pipe_new(UINT topo)
{
    return pipe_new_iv(D3D11_0_DDI_INTERFACE_VERSION, topo);
}

Pipe pipe_new_iv(UINT iv, UINT topo)
{
    Pipe p;
    memset(&p, 0, sizeof p);
    p.e = env_new(iv, 0, 0, 0);
    RtDevice *d = p.d = p.e.d;
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &p.rt));
    OK(rt_create_rtv(d, p.rt, 0, 0, 1, &p.rtv));
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { p.rtv->h };
    D3D10DDI_HDEPTHSTENCILVIEW nodsv = { NULL };
    OK(RT_CALL(d, SetRenderTargets, 0,
               d->f11 ? d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, nodsv, NULL, NULL, 0, 0,
                                                    0, 0)
                      : F10(d, pfnSetRenderTargets)(d->h, rtvs, 1, 7, nodsv)));
    D3D10_DDI_VIEWPORT vp = { 0, 0, PIPE_W, PIPE_H, 0, 1 };
    OK(RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)));
    OK(RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, topo)));
    p.layout = pipe_layout(d);
    return p;
}

RtShader *pipe_use(Pipe *p, unsigned stage, const char *text)
{
    g_assert_cmpuint(p->nused, <, PIPE_MAX_USED);
    RtShader *s = p->used[p->nused++] = pipe_shader(p->d, stage, text);
    OK(rt_set_shader(p->d, stage, s));
    return s;
}

void *pipe_srv(RtDevice *d, const D3D11DDIARG_CREATESHADERRESOURCEVIEW *sc,
               D3D10DDI_HSHADERRESOURCEVIEW *h)
{
    void *mem = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, sc));
    *h = (D3D10DDI_HSHADERRESOURCEVIEW){ mem };
    OK(RT_CALL(d, CreateShaderResourceView, 0,
               d->f11->pfnCreateShaderResourceView(d->h, sc, *h,
                                                   (D3D10DDI_HRTSHADERRESOURCEVIEW){ mem })));
    return mem;
}

void pipe_srv_free(RtDevice *d, void *mem)
{
    D3D10DDI_HSHADERRESOURCEVIEW none = { NULL };
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &none));
    RT_CALL(d, DestroyShaderResourceView, 0,
            F(d, pfnDestroyShaderResourceView)(d->h, (D3D10DDI_HSHADERRESOURCEVIEW){ mem }));
    g_free(mem);
}

void pipe_free(Pipe *p)
{
    RtDevice *d = p->d;
    for (unsigned st = RT_VS; st <= (d->f11 ? RT_DS : RT_GS); st++) {
        rt_set_shader(d, st, NULL); /* a 10.x device has no HS or DS */
    }
    for (unsigned i = 0; i < p->nused; i++) {
        rt_destroy_shader(d, p->used[i]);
    }
    pipe_layout_free(d, p->layout);
    rt_destroy_rtv(d, p->rtv);
    rt_destroy(d, p->rt);
    /* "still drawing" is no error; a test expecting one says so first */
    g_assert_cmpuint(d->critical, ==, d->expect_critical);
    env_free(&p->e);
}

void pipe_set_vb(Pipe *p, RtResource *vb)
{
    pipe_set_vb_on(p->d, vb);
}

void pipe_set_vb_on(RtDevice *d, RtResource *vb)
{
    D3D10DDI_HRESOURCE hb[1] = { vb->h };
    UINT strides[1] = { sizeof(PipeVtx) }, offsets[1] = { 0 };
    OK(RT_CALL(d, IaSetVertexBuffers, 0,
               F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, hb, strides, offsets)));
}

PipeVtx pipe_vtx(float x, float y, const float c[4])
{
    return pipe_vtx_on(x, y, PIPE_W, PIPE_H, c);
}

PipeVtx pipe_vtx_on(float x, float y, UINT w, UINT h, const float c[4])
{
    PipeVtx v = { { x / (float)w * 2 - 1, 1 - y / (float)h * 2, 0, 1 },
                  { c[0], c[1], c[2], c[3] } };
    return v;
}

void pipe_clear(Pipe *p, const float c[4])
{
    OK(rt_clear(p->d, p->rtv, c[0], c[1], c[2], c[3]));
}

void pipe_draw(Pipe *p, UINT count, UINT start)
{
    OK(RT_CALL(p->d, Draw, 0, F(p->d, pfnDraw)(p->d->h, count, start)));
}

void pipe_read(Pipe *p, uint8_t out[PIPE_W * PIPE_H * 4])
{
    RtDevice *d = p->d;
    RtResource *st;
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                       D3D10_DDI_USAGE_STAGING, 0, D3D10_DDI_CPU_ACCESS_READ, NULL, &st));
    OK(rt_copy(d, st, p->rt));
    D3D10DDI_MAPPED_SUBRESOURCE m;
    OK(rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m));
    for (unsigned y = 0; y < PIPE_H; y++) {
        memcpy(out + y * PIPE_W * 4, (const uint8_t *)m.pData + y * m.RowPitch, PIPE_W * 4);
    }
    OK(rt_unmap(d, st, 0));
    rt_destroy(d, st);
}

static uint8_t u8(float f)
{
    return (uint8_t)(f * 255.0f + 0.5f);
}

void pipe_assert_rect(const uint8_t *px, unsigned x0, unsigned y0, unsigned x1, unsigned y1,
                      const float in[4], const float out[4])
{
    for (unsigned y = 0; y < PIPE_H; y++) {
        for (unsigned x = 0; x < PIPE_W; x++) {
            const float *c = x >= x0 && x < x1 && y >= y0 && y < y1 ? in : out;
            const uint8_t *p = px + (y * PIPE_W + x) * 4;
            const uint8_t want[4] = { u8(c[2]), u8(c[1]), u8(c[0]), u8(c[3]) };
            if (memcmp(p, want, 4)) {
                g_error("pixel (%u,%u) = %02x%02x%02x%02x (BGRA), want %02x%02x%02x%02x", x, y,
                        p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
            }
        }
    }
}

void pipe_rect(Pipe *p, float x0, float y0, float x1, float y1, const float c[4])
{
    pipe_rect_on(p->d, PIPE_W, PIPE_H, x0, y0, x1, y1, c);
}

void pipe_rect_on(RtDevice *d, UINT w, UINT h, float x0, float y0, float x1, float y1,
                  const float c[4])
{
    const PipeVtx v[6] = { pipe_vtx_on(x0, y0, w, h, c), pipe_vtx_on(x1, y0, w, h, c),
                           pipe_vtx_on(x0, y1, w, h, c), pipe_vtx_on(x0, y1, w, h, c),
                           pipe_vtx_on(x1, y0, w, h, c), pipe_vtx_on(x1, y1, w, h, c) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb_on(d, vb);
    OK(RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 0)));
    rt_destroy(d, vb);
}

void pipe_query_begin(RtDevice *d, RtQuery *q)
{
    OK(RT_CALL(d, QueryBegin, 0, F(d, pfnQueryBegin)(d->h, q->h)));
}

HRESULT pipe_query_get(RtDevice *d, RtQuery *q, void *data, UINT size, UINT flags)
{
    return RT_CALL(d, QueryGetData, 0, F(d, pfnQueryGetData)(d->h, q->h, data, size, flags));
}

void pipe_query_data(RtDevice *d, RtQuery *q, void *data, UINT size)
{
    HRESULT hr = pipe_query_get(d, q, data, size, 0);
    for (unsigned i = 0; hr == DXGI_DDI_ERR_WASSTILLDRAWING && i < 1000; i++) {
        rt_wait_idle(d);
        hr = pipe_query_get(d, q, data, size, 0);
    }
    OK(hr);
}

PipeStats pipe_stats(RtDevice *d, RtQuery *q)
{
    PipeStats s;
    memset(&s, 0xee, sizeof s);
    OK(rt_query_end(d, q));
    pipe_query_data(d, q, &s, sizeof s);
    return s;
}

void pipe_read_buffer(RtDevice *d, RtResource *b, void *out, UINT size)
{
    RtResource *st;
    OK(rt_create_buffer(d, size, D3D10_DDI_USAGE_STAGING, 0, D3D10_DDI_CPU_ACCESS_READ, NULL,
                        &st));
    OK(rt_copy(d, st, b));
    D3D10DDI_MAPPED_SUBRESOURCE m;
    OK(rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m));
    memcpy(out, m.pData, size);
    OK(rt_unmap(d, st, 0));
    rt_destroy(d, st);
}

void *pipe_point_sampler(RtDevice *d, D3D10DDI_HSAMPLER *h)
{
    D3D10_DDI_SAMPLER_DESC desc = { .Filter = 0, .AddressU = 3, .AddressV = 3, .AddressW = 3,
                                    .MaxAnisotropy = 1, .ComparisonFunc = 1, .MaxLOD = 1000 };
    void *mem = g_malloc0(F(d, pfnCalcPrivateSamplerSize)(d->h, &desc));
    *h = (D3D10DDI_HSAMPLER){ mem };
    OK(RT_CALL(d, CreateSampler, 0,
               F(d, pfnCreateSampler)(d->h, &desc, *h, (D3D10DDI_HRTSAMPLER){ mem })));
    return mem;
}

void *pipe_quad_texture_srv(RtDevice *d, RtResource **tex, D3D10DDI_HSHADERRESOURCEVIEW *h)
{
    const uint8_t texels[16] = { 255, 0, 0, 255, 0, 255, 0, 255,
                                 0, 0, 255, 255, 255, 255, 255, 255 };
    const D3D10_DDIARG_SUBRESOURCE_UP up = { texels, 8, 16 };
    OK(rt_create_tex2d(d, 2, 2, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                       D3D10_DDI_BIND_SHADER_RESOURCE, 0, &up, tex));
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = (*tex)->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ 0, 0, 1, 1 };
    return pipe_srv(d, &sc, h);
}
