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
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, ps_call_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
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
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
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
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text);
    RtShader *ps = pipe_shader(d, RT_PS, ps_sample_pos_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    RtResource *ms;
    OK(rt_create_tex2d_ms(d, 4, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                          D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, &ms));
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = ms->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ 0, 0, 1, 1 };
    void *srv = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &sc));
    D3D10DDI_HSHADERRESOURCEVIEW hs = { srv };
    OK(RT_CALL(d, CreateShaderResourceView, 0,
               d->f11->pfnCreateShaderResourceView(d->h, &sc, hs,
                                                   (D3D10DDI_HRTSHADERRESOURCEVIEW){ srv })));
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
    D3D10DDI_HSHADERRESOURCEVIEW none = { NULL };
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &none));
    RT_CALL(d, DestroyShaderResourceView, 0, F(d, pfnDestroyShaderResourceView)(d->h, hs));
    g_free(srv);
    rt_destroy(d, ms);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    pipe_free(&p);
}

void d3d_sm4_tests_add(void)
{
    g_test_add_func("/d3d/sm4/sample-pos", test_sample_pos);
    g_test_add_func("/d3d/sm4/subroutines", test_subroutines);
}
