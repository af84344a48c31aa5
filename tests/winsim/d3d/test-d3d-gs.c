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
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
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

/* cbuffer C : register(b0) { float4 d; };
 * [maxvertexcount(2)] void main(point V v[1], inout PointStream<V> o) {
 *   o.Append(v[0]); V w = v[0]; w.p += d; o.Append(w); } */
static const char gs_pair_text[] =
    "gs_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_input_siv v[1][0].xyzw, position\n"
    "dcl_input v[1][1].xyzw\n"
    "dcl_inputprimitive point\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 2\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add o0.xyzw, v[0][0].xyzw, cb0[0].xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "ret\n";

static void set_so(RtDevice *d, RtResource *b, UINT offset)
{
    D3D10DDI_HRESOURCE h[1] = { b ? b->h : (D3D10DDI_HRESOURCE){ NULL } };
    UINT off[1] = { offset };
    OK(RT_CALL(d, SoSetTargets, 0, F(d, pfnSoSetTargets)(d->h, b ? 1 : 0, b ? 3 : 4, h, off)));
}

/* Stream output of a GS with no rasterized stream and no pixel shader:
 * three points, each written twice (as is, then moved by cb0), position
 * .xy and colour .yz captured (stride 16 bytes: the .yz entry starts at
 * component 1). The buffer holds exactly those six vertices in draw
 * order, the 32 bytes after them keep their initial -7.0, and the target
 * keeps its clear colour (nothing rasterized). A stream-output
 * statistics query around the draw: 6 primitives written, 6 needed. */
static void test_so_points(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text);
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[2] = { { 0, 0, 0, 0x3 },
                                                                 { 0, 0, 1, 0x6 } };
    RtShader *gs = pipe_shader_so(d, gs_pair_text, so, 2, 16, D3D11_SO_NO_RASTERIZED_STREAM);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_GS, gs));
    const float c[3][4] = { { 0.1f, 0.2f, 0.3f, 1 }, { 0.4f, 0.5f, 0.6f, 1 },
                            { 0.7f, 0.8f, 0.9f, 1 } };
    const PipeVtx v[3] = { { { -0.5f, 0.25f, 0, 1 }, { c[0][0], c[0][1], c[0][2], 1 } },
                           { { 0.125f, -0.75f, 0, 1 }, { c[1][0], c[1][1], c[1][2], 1 } },
                           { { 0.5f, 0.5f, 0, 1 }, { c[2][0], c[2][1], c[2][2], 1 } } };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const float delta[4] = { 0.25f, -0.125f, 0, 0 };
    RtResource *cb = pipe_buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, delta, sizeof delta);
    OK(RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &cb->h)));
    float init[32];
    for (unsigned i = 0; i < 32; i++) {
        init[i] = -7.0f;
    }
    RtResource *sob = pipe_buffer(d, D3D10_DDI_BIND_STREAM_OUTPUT, init, sizeof init);
    set_so(d, sob, 0);
    pipe_clear(&p, black);
    RtQuery *stats;
    OK(rt_create_query(d, D3D10DDI_QUERY_STREAMOUTPUTSTATS, &stats));
    pipe_query_begin(d, stats);
    pipe_draw(&p, 3, 0);
    OK(rt_query_end(d, stats));
    set_so(d, NULL, 0);
    uint64_t so_stats[2] = { 0, 0 }; /* NumPrimitivesWritten, PrimitivesStorageNeeded */
    pipe_query_data(d, stats, so_stats, sizeof so_stats);
    g_assert_cmpuint(so_stats[0], ==, 6);
    g_assert_cmpuint(so_stats[1], ==, 6);
    rt_destroy_query(d, stats);
    float out[32];
    pipe_read_buffer(d, sob, out, sizeof out);
    for (unsigned i = 0; i < 6; i++) {
        const PipeVtx *src = &v[i / 2];
        float dx = i % 2 ? delta[0] : 0, dy = i % 2 ? delta[1] : 0;
        const float want[4] = { src->p[0] + dx, src->p[1] + dy, src->c[1], src->c[2] };
        for (unsigned k = 0; k < 4; k++) {
            if (out[i * 4 + k] != want[k]) {
                g_error("SO vertex %u component %u = %g, want %g", i, k, out[i * 4 + k],
                        want[k]);
            }
        }
    }
    for (unsigned i = 24; i < 32; i++) {
        g_assert_cmpfloat(out[i], ==, -7.0f);
    }
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    pipe_assert_rect(px, 0, 0, 0, 0, black, black);
    D3D10DDI_HRESOURCE none = { NULL };
    RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &none));
    rt_destroy(d, sob);
    rt_destroy(d, cb);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_GS, NULL);
    rt_set_shader(d, RT_VS, NULL);
    rt_destroy_shader(d, gs);
    rt_destroy_shader(d, vs);
    pipe_free(&p);
}

/* The same draw into a buffer with room for 4 of the 6 vertices: the
 * first 4 are written, the overflow predicate is TRUE, the statistics say
 * 4 written, 6 needed; a draw of one point (2 vertices) into a fresh
 * 4-vertex target does not overflow (FALSE). */
static void test_so_overflow(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text);
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[1] = { { 0, 0, 0, 0xF } };
    RtShader *gs = pipe_shader_so(d, gs_pair_text, so, 1, 16, D3D11_SO_NO_RASTERIZED_STREAM);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_GS, gs));
    const PipeVtx v[3] = { { { 0.5f, 0.25f, 0, 1 }, { 1, 1, 1, 1 } },
                           { { -0.25f, 0.75f, 0, 1 }, { 1, 1, 1, 1 } },
                           { { 0.125f, -0.5f, 0, 1 }, { 1, 1, 1, 1 } } };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const float delta[4] = { 0.25f, 0.25f, 0, 0 };
    RtResource *cb = pipe_buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, delta, sizeof delta);
    OK(RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &cb->h)));
    for (unsigned round = 0; round < 2; round++) {
        RtResource *sob = pipe_buffer(d, D3D10_DDI_BIND_STREAM_OUTPUT, NULL, 64);
        RtQuery *over, *stats;
        OK(rt_create_query(d, D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE, &over));
        OK(rt_create_query(d, D3D10DDI_QUERY_STREAMOUTPUTSTATS, &stats));
        set_so(d, sob, 0);
        pipe_query_begin(d, over);
        pipe_query_begin(d, stats);
        pipe_draw(&p, round ? 1 : 3, 0);
        OK(rt_query_end(d, stats));
        OK(rt_query_end(d, over));
        set_so(d, NULL, 0);
        BOOL overflow = !round;
        pipe_query_data(d, over, &overflow, sizeof overflow);
        g_assert_cmpint(overflow, ==, round ? FALSE : TRUE);
        uint64_t st[2] = { 0, 0 };
        pipe_query_data(d, stats, st, sizeof st);
        g_assert_cmpuint(st[0], ==, round ? 2 : 4);
        g_assert_cmpuint(st[1], ==, round ? 2 : 6);
        float out[16];
        pipe_read_buffer(d, sob, out, sizeof out);
        for (unsigned i = 0; i < (round ? 2u : 4u); i++) {
            const PipeVtx *src = &v[i / 2];
            for (unsigned k = 0; k < 4; k++) {
                float want = src->p[k] + (i % 2 ? delta[k] : 0);
                g_assert_cmpfloat(out[i * 4 + k], ==, want);
            }
        }
        rt_destroy_query(d, over);
        rt_destroy_query(d, stats);
        rt_destroy(d, sob);
    }
    D3D10DDI_HRESOURCE none = { NULL };
    RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &none));
    rt_destroy(d, cb);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_GS, NULL);
    rt_set_shader(d, RT_VS, NULL);
    rt_destroy_shader(d, gs);
    rt_destroy_shader(d, vs);
    pipe_free(&p);
}

/* [maxvertexcount(6)] void main(point V v[1], inout TriangleStream<V> o):
 * the quad of half-size 2 pixels around v[0] (offsets from cb0 as in
 * gs_quad_text) as two triangles, each its own strip: top left, top
 * right, bottom left; bottom left, top right, bottom right (clockwise). */
static const char gs_tris_text[] =
    "gs_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_input_siv v[1][0].xyzw, position\n"
    "dcl_input v[1][1].xyzw\n"
    "dcl_temps 1\n"
    "dcl_inputprimitive point\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 6\n"
    "mov r0.zw, v[0][0].zzzw\n"
    "add r0.xy, v[0][0].xyxx, cb0[0].xyxx\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add r0.xy, v[0][0].xyxx, cb0[0].zyzz\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add r0.xy, v[0][0].xyxx, cb0[0].xwxx\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "cut\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add r0.xy, v[0][0].xyxx, cb0[0].zyzz\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add r0.xy, v[0][0].xyxx, cb0[0].zwzz\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "cut\n"
    "ret\n";

static void assert_quad(const uint8_t *px, const float c[4])
{
    pipe_assert_rect(px, 6, 2, 10, 6, c, black);
}

/* Stream output read back, then DrawAuto: one point at pixel (8, 4)
 * becomes a quad [6, 10) x [2, 6) of two triangles, rasterized (stream 0)
 * and captured whole (position and colour, stride 32: PipeVtx). The
 * buffer holds the six vertices exactly; with the GS unbound, the buffer
 * as vertex buffer 0 and a triangle list, DrawAuto draws the same quad.
 * Pipeline statistics: the first draw 2 GS primitives and clipper
 * invocations, 16 PS invocations; DrawAuto 16 PS invocations, at least
 * one VS invocation per vertex (counted by the VS: llvmpipe runs it more
 * often, see docs/umd.md) and no IA vertices (not counted). */
static void test_so_draw_auto(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[2] = { { 0, 0, 0, 0xF },
                                                                 { 0, 0, 1, 0xF } };
    RtShader *gs = pipe_shader_so(d, gs_tris_text, so, 2, sizeof(PipeVtx), 0);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_GS, gs));
    OK(rt_set_shader(d, RT_PS, ps));
    const float orange[4] = { 1, 0.5f, 0, 1 };
    const PipeVtx v[1] = { pipe_vtx(8, 4, orange) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const float h = 0.25f, delta[4] = { -h, h, h, -h };
    RtResource *cb = pipe_buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, delta, sizeof delta);
    OK(RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &cb->h)));
    RtResource *sob = pipe_buffer(d, D3D10_DDI_BIND_STREAM_OUTPUT | D3D10_DDI_BIND_VERTEX_BUFFER,
                                  NULL, 8 * sizeof(PipeVtx));
    set_so(d, sob, 0);
    pipe_clear(&p, black);
    RtQuery *q;
    OK(rt_create_query(d, D3D10DDI_QUERY_PIPELINESTATS, &q));
    pipe_query_begin(d, q);
    pipe_draw(&p, 1, 0);
    PipeStats st = pipe_stats(d, q);
    g_assert_cmpuint(st.gs_primitives, ==, 2);
    g_assert_cmpuint(st.c_invocations, ==, 2);
    g_assert_cmpuint(st.ps, ==, 16);
    set_so(d, NULL, 0);
    const float halfc[4] = { 1, 128.0f / 255.0f, 0, 1 }; /* 0.5 -> 128 (round to nearest) */
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    assert_quad(px, halfc);
    PipeVtx out[6];
    pipe_read_buffer(d, sob, out, sizeof out);
    const float x = v[0].p[0], y = v[0].p[1];
    const float corner[6][2] = { { x - h, y + h }, { x + h, y + h }, { x - h, y - h },
                                 { x - h, y - h }, { x + h, y + h }, { x + h, y - h } };
    for (unsigned i = 0; i < 6; i++) {
        const PipeVtx want = { { corner[i][0], corner[i][1], 0, 1 }, { 1, 0.5f, 0, 1 } };
        if (memcmp(&out[i], &want, sizeof want)) {
            g_error("SO vertex %u = (%g %g %g %g | %g %g %g %g)", i, out[i].p[0], out[i].p[1],
                    out[i].p[2], out[i].p[3], out[i].c[0], out[i].c[1], out[i].c[2],
                    out[i].c[3]);
        }
    }
    rt_set_shader(d, RT_GS, NULL);
    pipe_set_vb(&p, sob);
    OK(RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4)));
    pipe_clear(&p, black);
    pipe_query_begin(d, q);
    OK(RT_CALL(d, DrawAuto, 0, F(d, pfnDrawAuto)(d->h)));
    st = pipe_stats(d, q);
    g_assert_cmpuint(st.ia_vertices, ==, 0);
    g_assert_cmpuint(st.vs, >=, 6);
    g_assert_cmpuint(st.ps, ==, 16);
    rt_destroy_query(d, q);
    pipe_read(&p, px);
    assert_quad(px, halfc);
    g_assert_cmpuint(((UmdDevice *)d->drv)->draws, ==, 2);
    pipe_set_vb(&p, vb);
    D3D10DDI_HRESOURCE none = { NULL };
    RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &none));
    rt_destroy(d, sob);
    rt_destroy(d, cb);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, gs);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    pipe_free(&p);
}

/* A pipeline-statistics query and a stream-output statistics query
 * overlapping (neither nested in the other) around three draws of the
 * 3 points, each GS invocation emitting 2 points: the pipeline
 * statistics span the first two draws (6 GS invocations, 12 GS
 * primitives, no clipper invocations: no rasterized stream), the
 * stream-output statistics the last two (12 written, 12 needed). */
static void test_so_stats_overlap(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text);
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[1] = { { 0, 0, 0, 0xF } };
    RtShader *gs = pipe_shader_so(d, gs_pair_text, so, 1, 16, D3D11_SO_NO_RASTERIZED_STREAM);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_GS, gs));
    const PipeVtx v[3] = { { { 0.5f, 0.25f, 0, 1 }, { 1, 1, 1, 1 } },
                           { { -0.25f, 0.75f, 0, 1 }, { 1, 1, 1, 1 } },
                           { { 0.125f, -0.5f, 0, 1 }, { 1, 1, 1, 1 } } };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const float delta[4] = { 0.25f, 0.25f, 0, 0 };
    RtResource *cb = pipe_buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, delta, sizeof delta);
    OK(RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &cb->h)));
    RtResource *sob = pipe_buffer(d, D3D10_DDI_BIND_STREAM_OUTPUT, NULL, 1024);
    set_so(d, sob, 0);
    RtQuery *pstats, *sostats;
    OK(rt_create_query(d, D3D10DDI_QUERY_PIPELINESTATS, &pstats));
    OK(rt_create_query(d, D3D10DDI_QUERY_STREAMOUTPUTSTATS, &sostats));
    pipe_query_begin(d, pstats);
    pipe_draw(&p, 3, 0);
    pipe_query_begin(d, sostats);
    pipe_draw(&p, 3, 0);
    PipeStats s = pipe_stats(d, pstats);
    pipe_draw(&p, 3, 0);
    OK(rt_query_end(d, sostats));
    set_so(d, NULL, 0);
    uint64_t so_stats[2] = { 0, 0 };
    pipe_query_data(d, sostats, so_stats, sizeof so_stats);
    g_assert_cmpuint(s.ia_vertices, ==, 6);
    g_assert_cmpuint(s.gs, ==, 6);
    g_assert_cmpuint(s.gs_primitives, ==, 12);
    g_assert_cmpuint(s.c_invocations | s.c_primitives | s.ps, ==, 0);
    g_assert_cmpuint(so_stats[0], ==, 12);
    g_assert_cmpuint(so_stats[1], ==, 12);
    rt_destroy_query(d, pstats);
    rt_destroy_query(d, sostats);
    D3D10DDI_HRESOURCE none = { NULL };
    RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, &none));
    rt_destroy(d, sob);
    rt_destroy(d, cb);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_GS, NULL);
    rt_set_shader(d, RT_VS, NULL);
    rt_destroy_shader(d, gs);
    rt_destroy_shader(d, vs);
    pipe_free(&p);
}

void d3d_gs_tests_add(void)
{
    g_test_add_func("/d3d/gs/points-to-quads", test_gs_points_to_quads);
    g_test_add_func("/d3d/so/points", test_so_points);
    g_test_add_func("/d3d/so/draw-auto", test_so_draw_auto);
    g_test_add_func("/d3d/so/overflow", test_so_overflow);
    g_test_add_func("/d3d/so/stats-overlap", test_so_stats_overlap);
}
