/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, geometry shaders and stream output (issue 12) through
 * the whole stack on an 11.0 device: a GS bound with GsSetShader reading
 * its own constant buffer, shader resource and sampler expands points
 * into quads; expected pixels computed from the rasterization rules
 * (quad edges on pixel boundaries: exactly those pixels covered).
 */
#include <string.h>

#include "d3d-pipe.h"
#include "umd.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

/* struct V { float4 p : POSITION; float4 c : COLOR; };
 * V main(V v) { return v; } */
static const char vs_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "ret\n";

/* float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target { return c; } */
static const char ps_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

/* cbuffer C : register(b0) { float4 d; };   // (-h, h, h, -h) in NDC
 * Texture2D t : register(t0); SamplerState s : register(s0);
 * [maxvertexcount(4)] void main(point V v[1], inout TriangleStream<V> o) {
 *   float4 c = v[0].c * t.SampleLevel(s, float2(0.5, 0.5), 0);
 *   V q; q.c = c; q.p = v[0].p;
 *   q.p.xy = v[0].p.xy + d.xy; o.Append(q);   // top left
 *   q.p.xy = v[0].p.xy + d.zy; o.Append(q);   // top right
 *   q.p.xy = v[0].p.xy + d.xw; o.Append(q);   // bottom left
 *   q.p.xy = v[0].p.xy + d.zw; o.Append(q);   // bottom right
 *   o.RestartStrip(); } */
static const char gs_quad_text[] =
    "gs_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_siv v[1][0].xyzw, position\n"
    "dcl_input v[1][1].xyzw\n"
    "dcl_temps 2\n"
    "dcl_inputprimitive point\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 4\n"
    "sample_l r0.xyzw, l(0.500000, 0.500000, 0.000000, 0.000000), t0.xyzw, s0, l(0.000000)\n"
    "mul r0.xyzw, r0.xyzw, v[0][1].xyzw\n"
    "mov r1.zw, v[0][0].zzzw\n"
    "add r1.xy, v[0][0].xyxx, cb0[0].xyxx\n"
    "mov o0.xyzw, r1.xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "add r1.xy, v[0][0].xyxx, cb0[0].zyzz\n"
    "mov o0.xyzw, r1.xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "add r1.xy, v[0][0].xyxx, cb0[0].xwxx\n"
    "mov o0.xyzw, r1.xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "add r1.xy, v[0][0].xyxx, cb0[0].zwzz\n"
    "mov o0.xyzw, r1.xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "cut\n"
    "ret\n";

static const float black[4] = { 0, 0, 0, 1 };

/* A 1x1 R8G8B8A8 texture of `texel` as GS t0, a point sampler as GS s0
 * (what the test frees). */
typedef struct GsInputs {
    RtResource *tex;
    void *srv, *samp;
    D3D10DDI_HSHADERRESOURCEVIEW hsrv;
    D3D10DDI_HSAMPLER hsamp;
} GsInputs;

static GsInputs gs_inputs(RtDevice *d, const uint8_t texel[4])
{
    GsInputs g;
    const D3D10_DDIARG_SUBRESOURCE_UP up = { texel, 4, 4 };
    OK(rt_create_tex2d(d, 1, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                       D3D10_DDI_BIND_SHADER_RESOURCE, 0, &up, &g.tex));
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = g.tex->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ 0, 0, 1, 1 };
    g.srv = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &sc));
    g.hsrv = (D3D10DDI_HSHADERRESOURCEVIEW){ g.srv };
    OK(RT_CALL(d, CreateShaderResourceView, 0,
               d->f11->pfnCreateShaderResourceView(d->h, &sc, g.hsrv,
                                                   (D3D10DDI_HRTSHADERRESOURCEVIEW){ g.srv })));
    D3D10_DDI_SAMPLER_DESC desc = { .Filter = 0, .AddressU = 3, .AddressV = 3, .AddressW = 3,
                                    .MaxAnisotropy = 1, .ComparisonFunc = 1, .MaxLOD = 1000 };
    g.samp = g_malloc0(F(d, pfnCalcPrivateSamplerSize)(d->h, &desc));
    g.hsamp = (D3D10DDI_HSAMPLER){ g.samp };
    OK(RT_CALL(d, CreateSampler, 0,
               F(d, pfnCreateSampler)(d->h, &desc, g.hsamp, (D3D10DDI_HRTSAMPLER){ g.samp })));
    OK(RT_CALL(d, GsSetShaderResources, 0, F(d, pfnGsSetShaderResources)(d->h, 0, 1, &g.hsrv)));
    OK(RT_CALL(d, GsSetSamplers, 0, F(d, pfnGsSetSamplers)(d->h, 0, 1, &g.hsamp)));
    return g;
}

static void gs_inputs_free(RtDevice *d, GsInputs *g)
{
    D3D10DDI_HSHADERRESOURCEVIEW none = { NULL };
    RT_CALL(d, GsSetShaderResources, 0, F(d, pfnGsSetShaderResources)(d->h, 0, 1, &none));
    RT_CALL(d, DestroyShaderResourceView, 0, F(d, pfnDestroyShaderResourceView)(d->h, g->hsrv));
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, g->hsamp));
    g_free(g->srv);
    g_free(g->samp);
    rt_destroy(d, g->tex);
}

/* Two points (pixel (4, 4) yellow, pixel (12, 10) cyan) expanded by the GS
 * into quads of half-size 2 pixels (0.25 in NDC, from cb0), each
 * multiplied by the texel (255, 128, 255, 255): [2, 6) x [2, 6) is
 * (255, 128, 0), [10, 14) x [8, 12) is (0, 128, 255), the rest the clear
 * colour. The strip's first triangle is clockwise on screen (front). */
static void test_gs_points_to_quads(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, vs_text), *ps = pipe_shader(d, RT_PS, ps_text);
    RtShader *gs = pipe_shader(d, RT_GS, gs_quad_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_GS, gs));
    OK(rt_set_shader(d, RT_PS, ps));
    const float yellow[4] = { 1, 1, 0, 1 }, cyan[4] = { 0, 1, 1, 1 };
    const PipeVtx v[2] = { pipe_vtx(4, 4, yellow), pipe_vtx(12, 10, cyan) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const float h = 0.25f, delta[4] = { -h, h, h, -h };
    RtResource *cb = pipe_buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, delta, sizeof delta);
    OK(RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &cb->h)));
    const uint8_t texel[4] = { 255, 128, 255, 255 };
    GsInputs in = gs_inputs(d, texel);
    pipe_clear(&p, black);
    pipe_draw(&p, 2, 0);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    const float half = 128.0f / 255.0f;
    const float c0[4] = { 1, half, 0, 1 }, c1[4] = { 0, half, 1, 1 };
    for (unsigned y = 0; y < PIPE_H; y++) {
        for (unsigned x = 0; x < PIPE_W; x++) {
            bool q0 = x >= 2 && x < 6 && y >= 2 && y < 6;
            bool q1 = x >= 10 && x < 14 && y >= 8 && y < 12;
            const float *c = q0 ? c0 : q1 ? c1 : black;
            const uint8_t *q = px + (y * PIPE_W + x) * 4;
            const uint8_t want[4] = { (uint8_t)(c[2] * 255 + 0.5f), (uint8_t)(c[1] * 255 + 0.5f),
                                      (uint8_t)(c[0] * 255 + 0.5f), 255 };
            if (memcmp(q, want, 4)) {
                g_error("pixel (%u,%u) = %02x%02x%02x%02x (BGRA), want %02x%02x%02x%02x", x, y,
                        q[0], q[1], q[2], q[3], want[0], want[1], want[2], want[3]);
            }
        }
    }
    g_assert_cmpuint(((UmdDevice *)d->drv)->draws, ==, 1);
    gs_inputs_free(d, &in);
    D3D10DDI_HRESOURCE none = { NULL };
    RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &none));
    rt_destroy(d, cb);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_GS, NULL);
    rt_destroy_shader(d, gs);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    pipe_free(&p);
}

void d3d_gs_tests_add(void)
{
    g_test_add_func("/d3d/gs/points-to-quads", test_gs_points_to_quads);
}
