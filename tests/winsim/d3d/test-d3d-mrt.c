/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, several render targets and the geometry shader's
 * routing outputs through the whole stack on an 11.0 device: two render
 * targets with independent blending (feature level 10.1's blend state),
 * SV_ViewportArrayIndex picking one of two viewports, and
 * SV_RenderTargetArrayIndex picking a slice of an array render target.
 * Every covered area is a whole viewport or target, so coverage is exact;
 * only the UNORM arithmetic of blending is bounded (1/255).
 */
#include <string.h>

#include "d3d-pipe.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

/* struct O { float4 a : SV_Target0; float4 b : SV_Target1; };
 * O main(float4 p : SV_Position, float4 c : COLOR) { O o; o.a = c;
 *   o.b = c.zyxw; return o; } */
static const char ps_two_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "mov o1.xyzw, v1.zyxw\n"
    "ret\n";

/* One input point becomes a quad over the whole viewport in the point's
 * colour, routed by its primitive ID (o2: viewport or slice).
 * [maxvertexcount(4)] void main(point V v[1], uint id : SV_PrimitiveID,
 *   inout TriangleStream<W> o) { W w; w.c = v[0].c; w.i = id;
 *   w.p = float4(-1, 1, 0, 1); o.Append(w);  w.p = float4(1, 1, 0, 1); o.Append(w);
 *   w.p = float4(-1, -1, 0, 1); o.Append(w); w.p = float4(1, -1, 0, 1); o.Append(w); }
 * with W's third member SV_ViewportArrayIndex or SV_RenderTargetArrayIndex. */
static char *gs_route_text(const char *name)
{
    return g_strdup_printf("gs_4_0\n"
                           "dcl_input_siv v[1][0].xyzw, position\n"
                           "dcl_input v[1][1].xyzw\n"
                           "dcl_input vPrim\n"
                           "dcl_inputprimitive point\n"
                           "dcl_outputtopology trianglestrip\n"
                           "dcl_output_siv o0.xyzw, position\n"
                           "dcl_output o1.xyzw\n"
                           "dcl_output_siv o2.x, %s\n"
                           "dcl_maxout 4\n"
                           "mov o0.xyzw, l(-1.000000, 1.000000, 0.000000, 1.000000)\n"
                           "mov o1.xyzw, v[0][1].xyzw\n"
                           "mov o2.x, vPrim\n"
                           "emit\n"
                           "mov o0.xyzw, l(1.000000, 1.000000, 0.000000, 1.000000)\n"
                           "mov o1.xyzw, v[0][1].xyzw\n"
                           "mov o2.x, vPrim\n"
                           "emit\n"
                           "mov o0.xyzw, l(-1.000000, -1.000000, 0.000000, 1.000000)\n"
                           "mov o1.xyzw, v[0][1].xyzw\n"
                           "mov o2.x, vPrim\n"
                           "emit\n"
                           "mov o0.xyzw, l(1.000000, -1.000000, 0.000000, 1.000000)\n"
                           "mov o1.xyzw, v[0][1].xyzw\n"
                           "mov o2.x, vPrim\n"
                           "emit\n"
                           "ret\n",
                           name);
}

static uint8_t u8(float f)
{
    return (uint8_t)(f * 255.0f + 0.5f);
}

/* Every pixel of a w x h 4-byte image is `want` (R, G, B, A floats; bgra:
 * the bytes are B, G, R, A) within tol. */
static void assert_all(const uint8_t *px, unsigned w, unsigned h, bool bgra, const float want[4],
                       unsigned tol, const char *what)
{
    const uint8_t c[4] = { u8(want[bgra ? 2 : 0]), u8(want[1]), u8(want[bgra ? 0 : 2]),
                           u8(want[3]) };
    for (unsigned i = 0; i < w * h; i++) {
        for (unsigned k = 0; k < 4; k++) {
            if (abs((int)px[i * 4 + k] - (int)c[k]) > (int)tol) {
                g_error("%s: pixel (%u,%u) byte %u = %u, want %u", what, i % w, i / w, k,
                        px[i * 4 + k], c[k]);
            }
        }
    }
}

static void *blend_state(RtDevice *d, const D3D10_1_DDI_BLEND_DESC *bd)
{
    void *mem = g_malloc0(d->f11->pfnCalcPrivateBlendStateSize(d->h, bd));
    D3D10DDI_HBLENDSTATE h = { mem };
    OK(RT_CALL(d, CreateBlendState, 0,
               d->f11->pfnCreateBlendState(d->h, bd, h, (D3D10DDI_HRTBLENDSTATE){ mem })));
    const FLOAT factor[4] = { 1, 1, 1, 1 };
    OK(RT_CALL(d, SetBlendState, 0, d->f11->pfnSetBlendState(d->h, h, factor, ~0u)));
    return mem;
}

static void blend_state_free(RtDevice *d, void *mem)
{
    const FLOAT factor[4] = { 1, 1, 1, 1 };
    RT_CALL(d, SetBlendState, 0,
            d->f11->pfnSetBlendState(d->h, (D3D10DDI_HBLENDSTATE){ NULL }, factor, ~0u));
    RT_CALL(d, DestroyBlendState, 0,
            d->f11->pfnDestroyBlendState(d->h, (D3D10DDI_HBLENDSTATE){ mem }));
    g_free(mem);
}

static void set_targets(RtDevice *d, RtView *const *v, UINT n)
{
    D3D10DDI_HRENDERTARGETVIEW h[2] = { { NULL }, { NULL } };
    const D3D10DDI_HDEPTHSTENCILVIEW none = { NULL };
    for (UINT i = 0; i < n; i++) {
        h[i] = v[i]->h;
    }
    OK(RT_CALL(d, SetRenderTargets, 0,
               d->f11 ? d->f11->pfnSetRenderTargets(d->h, h, n, 8 - n, none, NULL, NULL, 0, 0, 0, 0)
                      : F10(d, pfnSetRenderTargets)(d->h, h, n, 8 - n, none)));
}

/* Two targets, independent blending: target 0 (B8G8R8A8) unblended gets
 * the colour c, target 1 (R8G8B8A8) adds c.zyxw to its clear colour k
 * (ONE + ONE) over the left half [0, 8) only; the right half of both
 * keeps its clear colour. c, k and c.zyxw + k are multiples of 1/8, the
 * sums below 1, so only UNORM rounding (1/255) separates the results. */
static void test_mrt_independent_blend(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtResource *rt1;
    RtView *rtv1;
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &rt1));
    OK(rt_create_rtv(d, rt1, 0, 0, 1, &rtv1));
    RtView *both[2] = { p.rtv, rtv1 };
    set_targets(d, both, 2);
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, ps_two_text);
    D3D10_1_DDI_BLEND_DESC bd;
    memset(&bd, 0, sizeof bd);
    bd.IndependentBlendEnable = TRUE;
    for (unsigned i = 0; i < 8; i++) {
        bd.RenderTarget[i] = (D3D10_DDI_RENDER_TARGET_BLEND_DESC1){
            i == 1, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_OP_ADD,
            D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_OP_ADD, 0xf };
    }
    void *bs = blend_state(d, &bd);
    const float black[4] = { 0, 0, 0, 1 }, k[4] = { 0.25f, 0.25f, 0.25f, 0.5f };
    const float c[4] = { 0.5f, 0.25f, 0.125f, 0.25f };
    pipe_clear(&p, black);
    OK(rt_clear(d, rtv1, k[0], k[1], k[2], k[3]));
    pipe_rect(&p, 0, 0, 8, 16, c);
    uint8_t px0[PIPE_W * PIPE_H * 4], px1[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px0);
    rt_read(d, rt1, 0, px1);
    const float sum[4] = { k[0] + c[2], k[1] + c[1], k[2] + c[0], k[3] + c[3] };
    for (unsigned y = 0; y < PIPE_H; y++) {
        assert_all(px0 + y * PIPE_W * 4, 8, 1, true, c, 1, "target 0, left");
        assert_all(px0 + (y * PIPE_W + 8) * 4, 8, 1, true, black, 0, "target 0, right");
        assert_all(px1 + y * PIPE_W * 4, 8, 1, false, sum, 1, "target 1, left");
        assert_all(px1 + (y * PIPE_W + 8) * 4, 8, 1, false, k, 1, "target 1, right");
    }
    blend_state_free(d, bs);
    set_targets(d, &p.rtv, 1);
    rt_destroy_rtv(d, rtv1);
    rt_destroy(d, rt1);
    pipe_free(&p);
}

/* The 10.0 blend state (D3D10_DDI_BLEND_DESC: one set of factors, an
 * enable and a write mask per target) on a 10.0 device: target 1 blends
 * ONE + ONE onto its clear colour, target 0 is not blended and writes red
 * and alpha only (its green and blue keep the clear colour). */
static void test_blend_10_0(void)
{
    Pipe p = pipe_new_iv(D3D10_0_DDI_INTERFACE_VERSION, 4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtResource *rt1;
    RtView *rtv1;
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &rt1));
    OK(rt_create_rtv(d, rt1, 0, 0, 1, &rtv1));
    RtView *both[2] = { p.rtv, rtv1 };
    set_targets(d, both, 2);
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, ps_two_text);
    D3D10_DDI_BLEND_DESC bd = {
        .SrcBlend = D3D10_DDI_BLEND_ONE, .DestBlend = D3D10_DDI_BLEND_ONE,
        .BlendOp = D3D10_DDI_BLEND_OP_ADD, .SrcBlendAlpha = D3D10_DDI_BLEND_ONE,
        .DestBlendAlpha = D3D10_DDI_BLEND_ONE, .BlendOpAlpha = D3D10_DDI_BLEND_OP_ADD,
    };
    for (unsigned i = 0; i < 8; i++) {
        bd.BlendEnable[i] = i == 1;
        bd.RenderTargetWriteMask[i] = i == 0 ? 0x9 /* red, alpha */ : 0xf;
    }
    void *mem = g_malloc0(d->f10->pfnCalcPrivateBlendStateSize(d->h, &bd));
    const D3D10DDI_HBLENDSTATE h = { mem };
    OK(RT_CALL(d, CreateBlendState, 0,
               d->f10->pfnCreateBlendState(d->h, &bd, h, (D3D10DDI_HRTBLENDSTATE){ mem })));
    const FLOAT factor[4] = { 1, 1, 1, 1 };
    OK(RT_CALL(d, SetBlendState, 0, d->f10->pfnSetBlendState(d->h, h, factor, ~0u)));
    const float k0[4] = { 0.25f, 0.5f, 0.75f, 0.25f }, k1[4] = { 0.25f, 0.25f, 0.25f, 0.5f };
    const float c[4] = { 0.5f, 0.25f, 0.125f, 0.25f };
    pipe_clear(&p, k0);
    OK(rt_clear(d, rtv1, k1[0], k1[1], k1[2], k1[3]));
    pipe_rect(&p, 0, 0, 16, 16, c);
    uint8_t px0[PIPE_W * PIPE_H * 4], px1[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px0);
    rt_read(d, rt1, 0, px1);
    const float want0[4] = { c[0], k0[1], k0[2], c[3] };
    const float want1[4] = { k1[0] + c[2], k1[1] + c[1], k1[2] + c[0], k1[3] + c[3] };
    assert_all(px0, PIPE_W, PIPE_H, true, want0, 1, "target 0 (red and alpha written)");
    assert_all(px1, PIPE_W, PIPE_H, false, want1, 1, "target 1 (ONE + ONE)");
    OK(RT_CALL(d, SetBlendState, 0,
               d->f10->pfnSetBlendState(d->h, (D3D10DDI_HBLENDSTATE){ NULL }, factor, ~0u)));
    RT_CALL(d, DestroyBlendState, 0, d->f10->pfnDestroyBlendState(d->h, h));
    g_free(mem);
    set_targets(d, &p.rtv, 1);
    rt_destroy_rtv(d, rtv1);
    rt_destroy(d, rt1);
    pipe_free(&p);
}

/* Two points through the routing GS: point i (colour col[i]) covers the
 * whole of what its primitive ID routes it to. */
static void draw_routed(Pipe *p, const char *name, const float col[2][4])
{
    char *text = gs_route_text(name);
    pipe_use(p, RT_VS, pipe_vs_text);
    pipe_use(p, RT_GS, text);
    pipe_use(p, RT_PS, pipe_ps_text);
    g_free(text);
    const PipeVtx v[2] = { pipe_vtx(1, 1, col[0]), pipe_vtx(2, 2, col[1]) };
    RtResource *vb = pipe_buffer(p->d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(p, vb);
    pipe_draw(p, 2, 0);
    rt_destroy(p->d, vb);
}

static const float route_col[2][4] = { { 1, 0, 0, 1 }, { 0, 0, 1, 1 } };

/* SV_ViewportArrayIndex: viewport 0 the left half, viewport 1 the right
 * half; each point's quad fills its viewport, so the left half is point
 * 0's colour and the right half point 1's. */
static void test_viewport_index(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    const D3D10_DDI_VIEWPORT vp[2] = { { 0, 0, PIPE_W / 2, PIPE_H, 0, 1 },
                                       { PIPE_W / 2, 0, PIPE_W / 2, PIPE_H, 0, 1 } };
    OK(RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 2, 0, vp)));
    const float black[4] = { 0, 0, 0, 1 };
    pipe_clear(&p, black);
    draw_routed(&p, "viewport_array_index", route_col);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    pipe_assert_rect(px, 0, 0, PIPE_W / 2, PIPE_H, route_col[0], route_col[1]);
    pipe_free(&p);
}

/* SV_RenderTargetArrayIndex: a view of both slices of a 2-slice
 * R8G8B8A8 array; slice 0 is all point 0's colour, slice 1 all point 1's. */
static void test_rt_array_index(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtResource *arr;
    RtView *rtv;
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &arr));
    OK(rt_create_rtv(d, arr, 0, 0, 2, &rtv));
    OK(rt_clear(d, rtv, 0, 1, 0, 1));
    set_targets(d, &rtv, 1);
    draw_routed(&p, "rendertarget_array_index", route_col);
    uint8_t px[PIPE_W * PIPE_H * 4];
    for (UINT s = 0; s < 2; s++) {
        rt_read(d, arr, s, px);
        assert_all(px, PIPE_W, PIPE_H, false, route_col[s], 0, s ? "slice 1" : "slice 0");
    }
    set_targets(d, &p.rtv, 1);
    rt_destroy_rtv(d, rtv);
    rt_destroy(d, arr);
    pipe_free(&p);
}

/* A 4x R8G8B8A8 target cleared black, a full-target quad in colour c
 * drawn with blend state bd (NULL: the default) and sample mask `mask`,
 * resolved into a single-sample texture, read back. */
static void draw_4x(Pipe *p, const D3D10_1_DDI_BLEND_DESC *bd, UINT mask, const float c[4],
                    uint8_t px[PIPE_W * PIPE_H * 4])
{
    RtDevice *d = p->d;
    RtResource *ms, *rs;
    RtView *v;
    OK(rt_create_tex2d_ms(d, PIPE_W, PIPE_H, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                          D3D10_DDI_BIND_RENDER_TARGET, &ms));
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &rs));
    OK(rt_create_rtv(d, ms, 0, 0, 1, &v));
    OK(rt_clear(d, v, 0, 0, 0, 1));
    set_targets(d, &v, 1);
    D3D10_1_DDI_BLEND_DESC none;
    memset(&none, 0, sizeof none);
    for (unsigned i = 0; i < 8; i++) {
        none.RenderTarget[i].RenderTargetWriteMask = 0xf;
        none.RenderTarget[i].SrcBlend = none.RenderTarget[i].SrcBlendAlpha = D3D10_DDI_BLEND_ONE;
        none.RenderTarget[i].DestBlend = none.RenderTarget[i].DestBlendAlpha = D3D10_DDI_BLEND_ZERO;
        none.RenderTarget[i].BlendOp = none.RenderTarget[i].BlendOpAlpha = D3D10_DDI_BLEND_OP_ADD;
    }
    void *mem = g_malloc0(d->f11->pfnCalcPrivateBlendStateSize(d->h, bd ? bd : &none));
    OK(RT_CALL(d, CreateBlendState, 0,
               d->f11->pfnCreateBlendState(d->h, bd ? bd : &none, (D3D10DDI_HBLENDSTATE){ mem },
                                           (D3D10DDI_HRTBLENDSTATE){ mem })));
    const FLOAT factor[4] = { 1, 1, 1, 1 };
    OK(RT_CALL(d, SetBlendState, 0,
               d->f11->pfnSetBlendState(d->h, (D3D10DDI_HBLENDSTATE){ mem }, factor, mask)));
    pipe_rect(p, 0, 0, PIPE_W, PIPE_H, c);
    OK(RT_CALL(d, ResourceResolveSubresource, 0,
               F(d, pfnResourceResolveSubresource)(d->h, rs->h, 0, ms->h, 0,
                                                   DXGI_FORMAT_R8G8B8A8_UNORM)));
    rt_read(d, rs, 0, px);
    blend_state_free(d, mem);
    set_targets(d, &p->rtv, 1);
    rt_destroy_rtv(d, v);
    rt_destroy(d, rs);
    rt_destroy(d, ms);
}

/* The sample mask and alpha-to-coverage on a 4x target: mask 0x5 keeps 2
 * of the 4 samples of every pixel (the resolve averages them: half the
 * colour, within 1), mask 0 none; alpha-to-coverage keeps no sample at
 * alpha 0 and every one at alpha 1 (between, the coverage is the
 * implementation's). */
static void test_sample_mask_a2c(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, pipe_ps_text);
    uint8_t px[PIPE_W * PIPE_H * 4];
    const float red[4] = { 1, 0, 0, 1 }, half[4] = { 0.5f, 0, 0, 1 }, black[4] = { 0, 0, 0, 1 };
    draw_4x(&p, NULL, 0x5, red, px);
    assert_all(px, PIPE_W, PIPE_H, false, half, 1, "sample mask 0x5");
    draw_4x(&p, NULL, 0, red, px);
    assert_all(px, PIPE_W, PIPE_H, false, black, 0, "sample mask 0");
    D3D10_1_DDI_BLEND_DESC a2c;
    memset(&a2c, 0, sizeof a2c);
    a2c.AlphaToCoverageEnable = TRUE;
    for (unsigned i = 0; i < 8; i++) {
        a2c.RenderTarget[i] = (D3D10_DDI_RENDER_TARGET_BLEND_DESC1){
            FALSE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD,
            D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD, 0xf };
    }
    const float clear_alpha[4] = { 1, 0, 0, 0 };
    draw_4x(&p, &a2c, ~0u, clear_alpha, px);
    assert_all(px, PIPE_W, PIPE_H, false, black, 0, "alpha-to-coverage, alpha 0");
    draw_4x(&p, &a2c, ~0u, red, px);
    assert_all(px, PIPE_W, PIPE_H, false, red, 0, "alpha-to-coverage, alpha 1");
    pipe_free(&p);
}

/* A Texture3D render target (16 x 16 x 4 R8G8B8A8): a view of all four
 * W slices cleared blue (slice by slice), a view of slice 2 cleared red,
 * a view of slice 1 drawn into (the left half green); each slice read
 * back exactly. */
static void test_texture3d(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, pipe_ps_text);
    RtResource *vol;
    RtView *all, *s1, *s2;
    OK(rt_create_tex3d(d, PIPE_W, PIPE_H, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &vol));
    OK(rt_create_rtv(d, vol, 0, 0, 4, &all));
    OK(rt_create_rtv(d, vol, 0, 1, 1, &s1));
    OK(rt_create_rtv(d, vol, 0, 2, 1, &s2));
    OK(rt_clear(d, all, 0, 0, 1, 1));
    OK(rt_clear(d, s2, 1, 0, 0, 1));
    set_targets(d, &s1, 1);
    const float green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 1 }, red[4] = { 1, 0, 0, 1 };
    pipe_rect(&p, 0, 0, 8, 16, green);
    g_autofree uint8_t *px = g_malloc(PIPE_W * PIPE_H * 4 * 4);
    rt_read(d, vol, 0, px);
    for (unsigned w = 0; w < 4; w++) {
        for (unsigned y = 0; y < PIPE_H; y++) {
            const uint8_t *row = px + ((size_t)w * PIPE_H + y) * PIPE_W * 4;
            assert_all(row, w == 1 ? 8 : PIPE_W, 1, false, w == 2 ? red : w == 1 ? green : blue,
                       0, "slice, left");
            assert_all(row + 8 * 4, 8, 1, false, w == 2 ? red : blue, 0, "slice, right");
        }
    }
    set_targets(d, &p.rtv, 1);
    rt_destroy_rtv(d, all);
    rt_destroy_rtv(d, s1);
    rt_destroy_rtv(d, s2);
    rt_destroy(d, vol);
    pipe_free(&p);
}

/* A view of all W slices of a Texture3D routed by
 * SV_RenderTargetArrayIndex (a layered attachment): slice 0 is all point
 * 0's colour, slice 1 all point 1's. */
static void test_texture3d_layered(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtResource *vol;
    RtView *all;
    OK(rt_create_tex3d(d, PIPE_W, PIPE_H, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &vol));
    OK(rt_create_rtv(d, vol, 0, 0, 2, &all));
    OK(rt_clear(d, all, 0, 1, 0, 1));
    set_targets(d, &all, 1);
    draw_routed(&p, "rendertarget_array_index", route_col);
    g_autofree uint8_t *px = g_malloc(PIPE_W * PIPE_H * 4 * 2);
    rt_read(d, vol, 0, px);
    for (unsigned w = 0; w < 2; w++) {
        assert_all(px + (size_t)w * PIPE_W * PIPE_H * 4, PIPE_W, PIPE_H, false, route_col[w], 0,
                   w ? "W slice 1" : "W slice 0");
    }
    set_targets(d, &p.rtv, 1);
    rt_destroy_rtv(d, all);
    rt_destroy(d, vol);
    pipe_free(&p);
}

/* A view of W slices 1-2 of a 4-slice Texture3D (some but not all: the
 * host draws into its shadow and the UMD copies it back) routed by
 * SV_RenderTargetArrayIndex: slice 1 is point 0's colour, slice 2 point
 * 1's, slices 0 and 3 keep the clear colour; after a clear, a draw into
 * slice 1 only leaves slice 2 cleared (the shadow gets the slices before
 * each draw). */
static void test_texture3d_w_range(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtResource *vol;
    RtView *all, *mid;
    OK(rt_create_tex3d(d, PIPE_W, PIPE_H, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                       D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &vol));
    OK(rt_create_rtv(d, vol, 0, 0, 4, &all));
    OK(rt_create_rtv(d, vol, 0, 1, 2, &mid));
    OK(rt_clear(d, all, 0, 1, 0, 1));
    set_targets(d, &mid, 1);
    draw_routed(&p, "rendertarget_array_index", route_col);
    g_autofree uint8_t *px = g_malloc(PIPE_W * PIPE_H * 4 * 4);
    rt_read(d, vol, 0, px);
    const float green[4] = { 0, 1, 0, 1 };
    const float *want[4] = { green, route_col[0], route_col[1], green };
    for (unsigned w = 0; w < 4; w++) {
        assert_all(px + (size_t)w * PIPE_W * PIPE_H * 4, PIPE_W, PIPE_H, false, want[w], 0,
                   "W slice");
    }
    g_assert_cmpuint(rt_umd_stats(d).shadow_copies, ==, 2); /* in, and back */
    /* cleared again, then one point (slice 1 only): slice 2 shows the
     * clear, not what the shadow held (it got the slices first) */
    OK(rt_clear(d, all, 0, 1, 0, 1));
    const float yellow[4] = { 1, 1, 0, 1 };
    const PipeVtx one = pipe_vtx(1, 1, yellow);
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, &one, sizeof one);
    pipe_set_vb(&p, vb);
    pipe_draw(&p, 1, 0);
    rt_read(d, vol, 0, px);
    const float *again[4] = { green, yellow, green, green };
    for (unsigned w = 0; w < 4; w++) {
        assert_all(px + (size_t)w * PIPE_W * PIPE_H * 4, PIPE_W, PIPE_H, false, again[w], 0,
                   "W slice, second draw");
    }
    rt_destroy(d, vb);
    set_targets(d, &p.rtv, 1);
    rt_destroy_rtv(d, mid);
    rt_destroy_rtv(d, all);
    rt_destroy(d, vol);
    pipe_free(&p);
}

void d3d_mrt_tests_add(void)
{
    g_test_add_func("/d3d/mrt/texture3d-w-range", test_texture3d_w_range);
    g_test_add_func("/d3d/mrt/blend-10.0", test_blend_10_0);
    g_test_add_func("/d3d/mrt/texture3d-layered", test_texture3d_layered);
    g_test_add_func("/d3d/mrt/texture3d", test_texture3d);
    g_test_add_func("/d3d/mrt/sample-mask-a2c", test_sample_mask_a2c);
    g_test_add_func("/d3d/mrt/independent-blend", test_mrt_independent_blend);
    g_test_add_func("/d3d/mrt/viewport-index", test_viewport_index);
    g_test_add_func("/d3d/mrt/rt-array-index", test_rt_array_index);
}
