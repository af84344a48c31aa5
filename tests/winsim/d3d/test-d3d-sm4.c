/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, SM4 instructions the translator composes from other
 * TGSI (tests/shader has their text), drawn through the whole stack on an
 * 11.0 device: subroutines (call, callc, ret and retc inside a label's
 * body, inlined). Expected colours computed from the shader's arithmetic,
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
        const float *want = y < 12 ? cases[y / 4].want : black;
        for (unsigned x = 0; x < PIPE_W; x++) {
            const uint8_t *q = px + (y * PIPE_W + x) * 4; /* B, G, R, A */
            for (int k = 0; k < 4; k++) {
                int w = (int)(want[k < 3 ? 2 - k : 3] * 255.0f + 0.5f);
                if (abs((int)q[k] - w) > 1) {
                    g_error("pixel (%u,%u) byte %d = %u, want %d", x, y, k, q[k], w);
                }
            }
        }
    }
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    pipe_free(&p);
}

void d3d_sm4_tests_add(void)
{
    g_test_add_func("/d3d/sm4/subroutines", test_subroutines);
}
