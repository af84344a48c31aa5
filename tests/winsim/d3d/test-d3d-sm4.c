/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, SM4 instructions the translator composes from other
 * TGSI (tests/shader has their text), drawn through the whole stack on an
 * 11.0 device: subroutines (call, callc, ret and retc inside a label's
 * body, inlined) and sample_pos. Expected colours computed from the shader's arithmetic,
 * compared within 1/255 (UNORM rounding).
 */
#include <string.h>

#include "d3d-pipe.h"
#include "sable_kmd_private.h"
#include "umd.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

/* float4 r;  (the HLSL a hand-written subroutine stands for)
 * void l0() { r *= float4(0.5, 0.5, 0.5, 1); if (r.y == 0) return; r.x += 0.25; }
 * void l1() { r.z = 1; }
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { r = c; l0(); if (asuint(r.x) != 0) l1(); return r; } */
static const char ps_call_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mov r0.xyzw, v1.xyzw\n"
    "call l0\n"
    "callc_nz r0.x, l1\n"
    "mov o0.xyzw, r0.xyzw\n"
    "ret\n"
    "label l0\n"
    "mul r0.xyzw, r0.xyzw, l(0.500000, 0.500000, 0.500000, 1.000000)\n"
    "retc_z r0.y\n"
    "add r0.x, r0.x, l(0.250000)\n"
    "ret\n"
    "label l1\n"
    "mov r0.z, l(1.000000)\n"
    "ret\n";

/* Every pixel of row y (B, G, R, A bytes) is want (R, G, B, A) within 1
 * (UNORM rounding). */
static void assert_row(const uint8_t *row, unsigned y, const float want[4])
{
    for (unsigned x = 0; x < PIPE_W; x++) {
        const uint8_t *q = row + x * 4;
        for (int k = 0; k < 4; k++) {
            int w = (int)(want[k < 3 ? 2 - k : 3] * 255.0f + 0.5f);
            if (abs((int)q[k] - w) > 1) {
                g_error("pixel (%u,%u) byte %d = %u, want %d", x, y, k, q[k], w);
            }
        }
    }
}

/* The subroutine shader on three rectangles of the target, each colour c
 * giving what the HLSL above computes: the full path, the early retc,
 * and the early retc with callc not taken. */
static void test_subroutines(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, ps_call_text);
    static const struct {
        float c[4], want[4];
    } cases[3] = {
        { { 0.8f, 0.4f, 0.2f, 1 }, { 0.65f, 0.2f, 1, 1 } },
        { { 0.8f, 0, 0.2f, 1 }, { 0.4f, 0, 1, 1 } },
        { { 0, 0, 0.2f, 1 }, { 0, 0, 0.1f, 1 } },
    };
    const float black[4] = { 0, 0, 0, 1 };
    pipe_clear(&p, black);
    for (unsigned k = 0; k < 3; k++) {
        pipe_rect(&p, 0, (float)(k * 4), 16, (float)(k * 4 + 4), cases[k].c);
    }
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    for (unsigned y = 0; y < PIPE_H; y++) {
        assert_row(px + y * PIPE_W * 4, y, y < 12 ? cases[y / 4].want : black);
    }
    pipe_free(&p);
}

/* Texture2DMS<float4> t : register(t0);
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { return float4(t.GetSamplePosition((uint)c.x) + 0.5, 0, 1); } */
static const char ps_sample_pos_text[] =
    "ps_4_1\n"
    "dcl_resource_texture2dms(4) (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ftou r0.x, v1.x\n"
    "sample_pos r1.xy, t0.xyxx, r0.x\n"
    "add o0.xy, r1.xyxx, l(0.500000, 0.500000, 0.000000, 0.000000)\n"
    "mov o0.zw, l(0, 0, 0, 1.000000)\n"
    "ret\n";

/* GetSamplePosition of a 4x texture for indices 0..4, one band of rows
 * each: D3D's standard 4x pattern (-1/8, -3/8), (3/8, -1/8), (-3/8, 1/8),
 * (1/8, 3/8) (llvmpipe's), and (0, 0) past the count; + 0.5 to store as
 * UNORM. */
static void test_sample_pos(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, ps_sample_pos_text);
    RtResource *ms;
    OK(rt_create_tex2d_ms(d, 4, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                          D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, &ms));
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = ms->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ 0, 0, 1, 1 };
    D3D10DDI_HSHADERRESOURCEVIEW hs;
    void *srv = pipe_srv(d, &sc, &hs);
    OK(RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &hs)));
    static const float pos[5][2] = { { -0.125f, -0.375f }, { 0.375f, -0.125f },
                                     { -0.375f, 0.125f }, { 0.125f, 0.375f }, { 0, 0 } };
    const float black[4] = { 0, 0, 0, 1 };
    pipe_clear(&p, black);
    for (unsigned k = 0; k < 5; k++) {
        const float c[4] = { (float)k + 0.5f, 0, 0, 1 };
        pipe_rect(&p, 0, (float)(k * 3), 16, (float)(k * 3 + 3), c);
    }
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    for (unsigned y = 0; y < 15; y++) {
        const float want[4] = { pos[y / 3][0] + 0.5f, pos[y / 3][1] + 0.5f, 0, 1 };
        assert_row(px + y * PIPE_W * 4, y, want);
    }
    pipe_srv_free(d, srv);
    rt_destroy(d, ms);
    pipe_free(&p);
}

/* struct V { float4 p : SV_Position; float4 a[3] : A; };
 * V main(float4 p : POSITION, float4 c : COLOR) { V o; o.p = p;
 *   [loop] for (uint k = 0; k < 3; k++) o.a[k] = c * k; return o; } */
static const char vs_range_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output o2.xyzw\n"
    "dcl_output o3.xyzw\n"
    "dcl_indexrange o1.xyzw 3\n"
    "dcl_temps 2\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov r0.x, l(0)\n"
    "loop\n"
    "uge r0.y, r0.x, l(3)\n"
    "breakc_nz r0.y\n"
    "utof r1.x, r0.x\n"
    "mul r1.xyzw, v1.xyzw, r1.xxxx\n"
    "mov o[r0.x + 1].xyzw, r1.xyzw\n"
    "iadd r0.x, r0.x, l(1)\n"
    "endloop\n"
    "ret\n";

/* float4 main(float4 p : SV_Position, float4 a[3] : A) : SV_Target
 * { float4 s = 0; [loop] for (uint k = 0; k < 3; k++) s += a[k] * (k + 1); return s; } */
static const char ps_range_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_input_ps linear v2.xyzw\n"
    "dcl_input_ps linear v3.xyzw\n"
    "dcl_indexrange v1.xyzw 3\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "mov r0.xyzw, l(0, 0, 0, 0)\n"
    "mov r1.x, l(0)\n"
    "loop\n"
    "uge r1.y, r1.x, l(3)\n"
    "breakc_nz r1.y\n"
    "iadd r1.z, r1.x, l(1)\n"
    "utof r1.w, r1.z\n"
    "mad r0.xyzw, v[r1.x + 1].xyzw, r1.wwww, r0.xyzw\n"
    "iadd r1.x, r1.x, l(1)\n"
    "endloop\n"
    "mov o0.xyzw, r0.xyzw\n"
    "ret\n";

/* Index ranges both ways: the VS writes a[k] = c * k through o[r0.x + 1],
 * the PS sums a[k] * (k + 1) through v[r1.x + 1]: 0 + 2c + 6c = 8c, which
 * for c = (0.1, 0.05, 0.025, 0.125) is (0.8, 0.4, 0.2, 1). Registers in
 * the wrong order would give another sum (reversed: 4c). */
static void test_index_range(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    pipe_use(&p, RT_VS, vs_range_text);
    pipe_use(&p, RT_PS, ps_range_text);
    const float black[4] = { 0, 0, 0, 1 }, c[4] = { 0.1f, 0.05f, 0.025f, 0.125f };
    const float want[4] = { 0.8f, 0.4f, 0.2f, 1 };
    pipe_clear(&p, black);
    pipe_rect(&p, 0, 0, 16, 16, c);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    for (unsigned y = 0; y < PIPE_H; y++) {
        assert_row(px + y * PIPE_W * 4, y, want);
    }
    pipe_free(&p);
}

/* struct V { float4 p : SV_Position; float4 c : COLOR; float cull : SV_CullDistance;
 *   float clip : SV_ClipDistance; };  (fxc packs them as o2.x, o2.y)
 * V main(float4 p : POSITION, float4 c : COLOR) { V o; o.p = p; o.c = float4(0, 0, 1, 1);
 *   o.cull = c.x - 0.5; o.clip = p.x - p.y - 0.0625; return o; } */
static const char vs_cull_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output_siv o2.x, cull_distance\n"
    "dcl_output_siv o2.y, clip_distance\n"
    "dcl_temps 1\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, l(0, 0, 1.000000, 1.000000)\n"
    "add o2.x, v1.x, l(-0.500000)\n"
    "add r0.x, v0.x, -v0.y\n"
    "add o2.y, r0.x, l(-0.062500)\n"
    "ret\n";

/* SV_CullDistance beside SV_ClipDistance in one register (cull first):
 * the left half's rectangle has cull distance -0.5 at every vertex and is
 * culled whole; the right half's (+0.5) is drawn where its clip distance
 * x - y - 1/16 (NDC) is not negative: pixels with x + y + 1 > 16. */
static void test_cull_distance(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    pipe_use(&p, RT_VS, vs_cull_text);
    pipe_use(&p, RT_PS, pipe_ps_text);
    const float black[4] = { 0, 0, 0, 1 }, culled[4] = { 0, 0, 0, 1 }, kept[4] = { 1, 0, 0, 1 };
    const float blue[4] = { 0, 0, 1, 1 };
    pipe_clear(&p, black);
    pipe_rect(&p, 0, 0, 8, 16, culled);
    pipe_rect(&p, 8, 0, 16, 16, kept);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    for (unsigned y = 0; y < PIPE_H; y++) {
        for (unsigned x = 0; x < PIPE_W; x++) {
            const float *want = x >= 8 && x + y + 1 > 16 ? blue : black;
            const uint8_t *q = px + (y * PIPE_W + x) * 4;
            if (q[0] != (uint8_t)(want[2] * 255) || q[1] || q[2]) {
                g_error("pixel (%u,%u) = %02x%02x%02x (BGR)", x, y, q[0], q[1], q[2]);
            }
        }
    }
    pipe_free(&p);
}

/* cbuffer C : register(b0) { float a; float2 half; };
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { return float4(GetRenderTargetSamplePosition((uint)c.x) + half,
 *                 GetRenderTargetSampleCount() * 0.25, a); } */
static const char ps_rt_samples_text[] =
    "ps_4_1\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "dcl_input_ps linear v1.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ftou r0.x, v1.x\n"
    "sample_pos r1.xy, rasterizer.xyxx, r0.x\n"
    "sample_info_uint r1.z, rasterizer.x\n"
    "utof r1.z, r1.z\n"
    "add o0.xy, r1.xyxx, cb0[1].xyxx\n"
    "mul o0.z, r1.z, l(0.250000)\n"
    "mov o0.w, cb0[0].x\n"
    "ret\n";

/* The rasterizer's sample count and positions (the driver's register
 * after constant buffer 0, whose own registers still arrive): on a 4x
 * target, resolved, each band of rows is sample k's standard position
 * + 0.5 (k = 4: (0, 0)), count 4 (* 0.25 = 1), alpha from cb0; on the
 * single-sample target every position is (0, 0) and the count 1. */
static void test_rasterizer_samples(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, ps_rt_samples_text);
    const float cbd[8] = { 1, 0, 0, 0, 0.5f, 0.5f, 0, 0 };
    RtResource *cb = pipe_buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, cbd, sizeof cbd);
    OK(RT_CALL(d, PsSetConstantBuffers, 0, F(d, pfnPsSetConstantBuffers)(d->h, 0, 1, &cb->h)));
    static const float pos[5][2] = { { -0.125f, -0.375f }, { 0.375f, -0.125f },
                                     { -0.375f, 0.125f }, { 0.125f, 0.375f }, { 0, 0 } };
    RtResource *ms, *rs;
    RtView *v;
    OK(rt_create_tex2d_ms(d, PIPE_W, PIPE_H, 4, DXGI_FORMAT_B8G8R8A8_UNORM,
                          D3D10_DDI_BIND_RENDER_TARGET, &ms));
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &rs));
    OK(rt_create_rtv(d, ms, 0, 0, 1, &v));
    D3D10DDI_HRENDERTARGETVIEW h[1] = { v->h };
    for (unsigned pass = 0; pass < 2; pass++) {
        h[0] = pass ? p.rtv->h : v->h;
        OK(RT_CALL(d, SetRenderTargets, 0,
                   d->f11->pfnSetRenderTargets(d->h, h, 1, 7,
                                               (D3D10DDI_HDEPTHSTENCILVIEW){ NULL }, NULL, NULL,
                                               0, 0, 0, 0)));
        for (unsigned k = 0; k < 5; k++) {
            const float c[4] = { (float)k + 0.5f, 0, 0, 1 };
            pipe_rect(&p, 0, (float)(k * 3), 16, (float)(k * 3 + 3), c);
        }
        uint8_t px[PIPE_W * PIPE_H * 4];
        if (pass) {
            pipe_read(&p, px);
        } else {
            OK(RT_CALL(d, ResourceResolveSubresource, 0,
                       F(d, pfnResourceResolveSubresource)(d->h, rs->h, 0, ms->h, 0,
                                                           DXGI_FORMAT_B8G8R8A8_UNORM)));
            rt_read(d, rs, 0, px);
        }
        for (unsigned y = 0; y < 15; y++) {
            const float *q = pass ? pos[4] : pos[y / 3];
            const float want[4] = { q[0] + 0.5f, q[1] + 0.5f, pass ? 0.25f : 1.0f, 1 };
            assert_row(px + y * PIPE_W * 4, y, want);
        }
    }
    D3D10DDI_HRESOURCE none = { NULL };
    RT_CALL(d, PsSetConstantBuffers, 0, F(d, pfnPsSetConstantBuffers)(d->h, 0, 1, &none));
    rt_destroy(d, cb);
    rt_destroy_rtv(d, v);
    rt_destroy(d, rs);
    rt_destroy(d, ms);
    pipe_free(&p);
}

/* A pixel shader of 2000 MADs (r0 += (0.0001, 0.0002, 0, 0) each): its
 * TGSI text (about 120 KB) is longer than one 32 KiB chunk, so it reaches
 * the host in parts (virgl's long-shader form). Colour (0.1, 0.2, 0.5, 1)
 * comes out as (0.3, 0.6, 0.5, 1) (float rounding of the sums stays far
 * below 1/255). */
static void test_long_shader(void)
{
    GString *t = g_string_new("ps_4_0\n"
                              "dcl_input_ps linear v1.xyzw\n"
                              "dcl_output o0.xyzw\n"
                              "dcl_temps 1\n"
                              "mov r0.xyzw, v1.xyzw\n");
    for (unsigned i = 0; i < 2000; i++) {
        g_string_append(t, "mad r0.xyzw, r0.xyzw, l(1.000000, 1.000000, 1.000000, 1.000000), "
                           "l(0.000100, 0.000200, 0.000000, 0.000000)\n");
    }
    g_string_append(t, "mov o0.xyzw, r0.xyzw\nret\n");
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    pipe_use(&p, RT_VS, pipe_vs_text);
    RtShader *ps = pipe_use(&p, RT_PS, t->str);
    g_string_free(t, TRUE);
    g_assert_cmpuint(strlen(((UmdShader *)ps->mem)->tgsi), >, 4 * SABLE_KMD_3D_MAX_INLINE_DW);
    const float black[4] = { 0, 0, 0, 1 }, c[4] = { 0.1f, 0.2f, 0.5f, 1 };
    const float want[4] = { 0.3f, 0.6f, 0.5f, 1 };
    pipe_clear(&p, black);
    pipe_rect(&p, 0, 0, 16, 16, c);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    for (unsigned y = 0; y < PIPE_H; y++) {
        assert_row(px + y * PIPE_W * 4, y, want);
    }
    pipe_free(&p);
}

void d3d_sm4_tests_add(void)
{
    g_test_add_func("/d3d/sm4/long-shader", test_long_shader);
    g_test_add_func("/d3d/sm4/rasterizer-samples", test_rasterizer_samples);
    g_test_add_func("/d3d/sm4/index-range", test_index_range);
    g_test_add_func("/d3d/sm4/cull-distance", test_cull_distance);
    g_test_add_func("/d3d/sm4/sample-pos", test_sample_pos);
    g_test_add_func("/d3d/sm4/subroutines", test_subroutines);
}
