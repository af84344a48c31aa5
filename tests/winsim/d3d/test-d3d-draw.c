/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, draws (issue 12): winsim's runtime calls the UMD's
 * state, resource and Draw* DDIs of an 11.0 device; the UMD builds virgl
 * streams in inline 3D SUBMITs, the KMD creates the device objects, the
 * device runs them through virglrenderer (llvmpipe). Pixels come back by
 * CopyResource into a staging texture and Map, checked against values
 * computed here: inside pixels within a stated tolerance, outside pixels
 * exactly the clear colour.
 */
#include <stdlib.h>
#include <string.h>

#include "d3drt.h"
#include "d3d-pipe.h"
#include "test-d3d.h"
#include "umd.h"

enum { W = 16, H = 16 };


/* V main(V v, float2 o : OFFSET) { v.p.xy += o; return v; }  (o: per instance) */
static const char vs_inst_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_input v2.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "mov r0.xyzw, v0.xyzw\n"
    "add r0.xy, r0.xyxx, v2.xyxx\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "ret\n";

/* float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target { return c; } */
static const char ps_color_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

/* cbuffer C : register(b0) { float4 color; };
 * cbuffer S : register(b1) { float4 scale; };
 * float4 main() : SV_Target { return color * scale; } */
static const char ps_cb_text[] =
    "ps_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_constantbuffer cb1[1], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "mul o0.xyzw, cb0[0].xyzw, cb1[0].xyzw\n"
    "ret\n";

typedef struct Vtx {
    float p[4], c[4];
} Vtx;

typedef struct Scene {
    Env e;
    RtDevice *d;
    RtResource *rt;
    RtView *rtv;
    RtResource *depth;
    RtView *dsv;
    RtShader *vs, *ps;
    void *layout;
    RtResource *vb, *ib, *inst, *cb;
} Scene;

/* Pixel-space point (x right, y down, pixel centres at +0.5) -> NDC. */
static Vtx vtx(float x, float y, float z, const float c[4])
{
    Vtx v = { { x / W * 2 - 1, 1 - y / H * 2, z, 1 }, { c[0], c[1], c[2], c[3] } };
    return v;
}

static RtResource *buffer(RtDevice *d, UINT bind, const void *data, UINT size)
{
    RtResource *b;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, size, D3D10_DDI_USAGE_DEFAULT, bind, 0, data,
                                               &b), ==, 0);
    return b;
}

static void set_layout(Scene *s, bool instanced)
{
    RtDevice *d = s->d;
    const D3D10DDIARG_INPUT_ELEMENT_DESC el[3] = {
        { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 },
        { 0, 16, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 1 },
        { 1, 0, DXGI_FORMAT_R32G32_FLOAT, D3D10_DDI_INPUT_PER_INSTANCE_DATA, 1, 2 },
    };
    D3D10DDIARG_CREATEELEMENTLAYOUT c = { el, instanced ? 3 : 2 };
    s->layout = g_malloc0(F(d, pfnCalcPrivateElementLayoutSize)(d->h, &c));
    D3D10DDI_HELEMENTLAYOUT h = { s->layout };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateElementLayout, 0,
                                      F(d, pfnCreateElementLayout)(d->h, &c, h,
                                                                   (D3D10DDI_HRTELEMENTLAYOUT){ s->layout })),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetInputLayout, 0, F(d, pfnIaSetInputLayout)(d->h, h)),
                    ==, 0);
}

static void set_vbs(Scene *s, RtResource *vb, RtResource *inst)
{
    RtDevice *d = s->d;
    D3D10DDI_HRESOURCE hb[2] = { vb->h, inst ? inst->h : (D3D10DDI_HRESOURCE){ NULL } };
    UINT strides[2] = { sizeof(Vtx), 8 }, offsets[2] = { 0, 0 };
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetVertexBuffers, 0,
                                      F(d, pfnIaSetVertexBuffers)(d->h, 0, inst ? 2 : 1, hb,
                                                                  strides, offsets)), ==, 0);
}

/* A W x H B8G8R8A8 target (and a depth buffer of `depth_format`, or
 * none), the viewport over it, triangle lists, the VS and a PS. */
static Scene scene_new_vs(const char *vs, const char *ps_text, DXGI_FORMAT depth_format)
{
    Scene s;
    memset(&s, 0, sizeof s);
    s.e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = s.d = s.e.d;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &s.rt),
                    ==, 0);
    g_assert_cmpuint(((UmdResource *)s.rt->mem)->res_id, >, 0);
    g_assert_cmphex((uint32_t)rt_create_rtv(d, s.rt, 0, 0, 1, &s.rtv), ==, 0);
    D3D10DDI_HDEPTHSTENCILVIEW nodsv = { NULL };
    if (depth_format) {
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, depth_format,
                                                  D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_DEPTH_STENCIL, 0, NULL, &s.depth),
                        ==, 0);
        g_assert_cmphex((uint32_t)rt_create_dsv(d, s.depth, 0, 0, 1, &s.dsv), ==, 0);
    }
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { s.rtv->h };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRenderTargets, 0,
                                      d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7,
                                                                  s.dsv ? s.dsv->dsv : nodsv,
                                                                  NULL, NULL, 0, 0, 0, 0)),
                    ==, 0);
    D3D10_DDI_VIEWPORT vp = { 0, 0, W, H, 0, 1 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4)), ==,
                    0);
    s.vs = pipe_shader(d, RT_VS, vs);
    s.ps = pipe_shader(d, RT_PS, ps_text);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_VS, s.vs), ==, 0);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_PS, s.ps), ==, 0);
    return s;
}

static Scene scene_new(const char *ps_text, DXGI_FORMAT depth_format)
{
    return scene_new_vs(pipe_vs_text, ps_text, depth_format);
}

/* removed: the device was removed (every call after reports it) */
static void scene_free_as(Scene *s, bool removed)
{
    RtDevice *d = s->d;
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, s->vs);
    rt_destroy_shader(d, s->ps);
    if (s->layout) {
        RT_CALL(d, DestroyElementLayout, 0,
                F(d, pfnDestroyElementLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ s->layout }));
        g_free(s->layout);
    }
    RtResource *bufs[4] = { s->vb, s->ib, s->inst, s->cb };
    for (unsigned i = 0; i < 4; i++) {
        if (bufs[i]) {
            rt_destroy(d, bufs[i]);
        }
    }
    rt_destroy_rtv(d, s->rtv);
    rt_destroy(d, s->rt);
    if (s->dsv) {
        rt_destroy_dsv(d, s->dsv);
        rt_destroy(d, s->depth);
    }
    if (removed) {
        g_assert_cmpuint(d->errors, >=, 2);
    } else {
        g_assert_cmpuint(d->errors, ==, 0);
    }
    env_free(&s->e);
}

static void scene_free(Scene *s)
{
    scene_free_as(s, false);
}

/* The target's pixels (B, G, R, A bytes) through CopyResource into a
 * staging texture and Map. */
static void read_rt(Scene *s, uint8_t out[W * H * 4])
{
    RtDevice *d = s->d;
    RtResource *st;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_STAGING, 0,
                                              D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, st, s->rt), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    for (unsigned y = 0; y < H; y++) {
        memcpy(out + y * W * 4, (const uint8_t *)m.pData + y * m.RowPitch, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, st, 0), ==, 0);
    rt_destroy(d, st);
}

static uint8_t u8(float f)
{
    return (uint8_t)(f * 255.0f + 0.5f);
}

/* Pixel (x, y) is rgba within tol per channel. */
static void assert_px(const uint8_t *px, unsigned x, unsigned y, const float rgba[4], int tol)
{
    const uint8_t *p = px + (y * W + x) * 4;
    const uint8_t want[4] = { u8(rgba[2]), u8(rgba[1]), u8(rgba[0]), u8(rgba[3]) };
    for (unsigned i = 0; i < 4; i++) {
        if (abs((int)p[i] - (int)want[i]) > tol) {
            g_error("pixel (%u,%u) = %02x%02x%02x%02x (BGRA), want %02x%02x%02x%02x +- %d", x, y,
                    p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3], tol);
        }
    }
}

static const float clear_c[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 1 };

static void clear(Scene *s)
{
    g_assert_cmphex((uint32_t)rt_clear(s->d, s->rtv, clear_c[0], clear_c[1], clear_c[2],
                                       clear_c[3]), ==, 0);
}

static void draw(Scene *s, UINT count, UINT start)
{
    g_assert_cmphex((uint32_t)RT_CALL(s->d, Draw, 0, F(s->d, pfnDraw)(s->d->h, count, start)),
                    ==, 0);
}

/* A triangle with a colour per vertex, vertices at the pixel centres
 * (1,1) red, (14,1) green, (1,14) blue; the default rasterizer culls
 * back faces, this one is clockwise on screen (front). Inside pixel
 * (px, py): barycentric weights from the centre (px + 0.5, py + 0.5),
 * within 2/255; pixels whose centre is past the hypotenuse, exactly the
 * clear colour. */
static void test_triangle(void)
{
    Scene s = scene_new(ps_color_text, 0);
    const Vtx v[3] = { vtx(1.5f, 1.5f, 0, red), vtx(14.5f, 1.5f, 0, green),
                       vtx(1.5f, 14.5f, 0, blue) };
    s.vb = buffer(s.d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    clear(&s);
    draw(&s, 3, 0);
    uint8_t px[W * H * 4];
    read_rt(&s, px);
    const unsigned inside[][2] = { { 4, 4 }, { 2, 10 }, { 10, 2 }, { 6, 7 } };
    for (unsigned i = 0; i < G_N_ELEMENTS(inside); i++) {
        float cx = inside[i][0] + 0.5f - 1.5f, cy = inside[i][1] + 0.5f - 1.5f;
        float wb = cx / 13, wc = cy / 13, wa = 1 - wb - wc;
        const float want[4] = { wa, wb, wc, 1 };
        assert_px(px, inside[i][0], inside[i][1], want, 2);
    }
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            if (x == 0 || y == 0 || x + y >= 16 || x == 15 || y == 15) {
                assert_px(px, x, y, clear_c, 0);
            }
        }
    }
    SableUmdStats st = rt_umd_stats(s.d);
    (void)st;
    UmdDevice *u = s.d->drv;
    g_assert_cmpuint(u->draws, ==, 1);
    g_assert_cmpuint(u->submits3d, >=, 1);
    g_assert_cmpuint(u->transfers, >=, 2); /* the cleared target and the vertices to the host,
                                            * the drawn target back */
    scene_free(&s);
}

/* An axis-aligned rectangle [x0, x1) x [y0, y1) in pixels (edges on pixel
 * boundaries: exactly those pixels are covered), two clockwise
 * triangles as 4 vertices + 6 indices. */
static void rect_vertices(Vtx *v, float x0, float y0, float x1, float y1, float z,
                          const float c[4])
{
    v[0] = vtx(x0, y0, z, c);
    v[1] = vtx(x1, y0, z, c);
    v[2] = vtx(x0, y1, z, c);
    v[3] = vtx(x1, y1, z, c);
}

static const uint16_t rect_idx[6] = { 0, 1, 2, 2, 1, 3 };

static void assert_rect(const uint8_t *px, unsigned x0, unsigned y0, unsigned x1, unsigned y1,
                        const float c[4], const float outside[4])
{
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
            if (in || outside) {
                assert_px(px, x, y, in ? c : outside, in ? 1 : 0);
            }
        }
    }
}

/* DrawIndexed with 16-bit indices, then 32-bit ones with a base vertex
 * of 4 (the first 4 vertices are elsewhere). */
static void test_indexed(void)
{
    Scene s = scene_new(ps_color_text, 0);
    Vtx v[8];
    rect_vertices(v, 0, 0, 16, 16, 0, red); /* never drawn: base vertex skips it */
    rect_vertices(v + 4, 2, 3, 10, 12, 0, green);
    s.vb = buffer(s.d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    uint16_t i16[6];
    uint32_t i32[6];
    for (unsigned i = 0; i < 6; i++) {
        i16[i] = (uint16_t)(rect_idx[i] + 4);
        i32[i] = rect_idx[i];
    }
    RtDevice *d = s.d;
    uint8_t px[W * H * 4];
    for (unsigned k = 0; k < 2; k++) {
        s.ib = buffer(d, D3D10_DDI_BIND_INDEX_BUFFER, k ? (const void *)i32 : (const void *)i16,
                      k ? sizeof i32 : sizeof i16);
        g_assert_cmphex((uint32_t)RT_CALL(d, IaSetIndexBuffer, 0,
                                          F(d, pfnIaSetIndexBuffer)(d->h, s.ib->h,
                                                                    k ? DXGI_FORMAT_R32_UINT
                                                                      : DXGI_FORMAT_R16_UINT,
                                                                    0)), ==, 0);
        clear(&s);
        g_assert_cmphex((uint32_t)RT_CALL(d, DrawIndexed, 0,
                                          F(d, pfnDrawIndexed)(d->h, 6, 0, k ? 4 : 0)), ==, 0);
        read_rt(&s, px);
        assert_rect(px, 2, 3, 10, 12, green, clear_c);
        rt_destroy(d, s.ib);
        s.ib = NULL;
    }
    scene_free(&s);
}

/* DrawInstanced, then DrawIndexedInstanced (indices 0-5): two instances
 * of a 4 x 4 rectangle, the second offset by (8, 8) pixels from a
 * per-instance vertex buffer in slot 1 (NDC (1, -1)). */
static void test_instanced(void)
{
    Scene s = scene_new_vs(vs_inst_text, ps_color_text, 0);
    Vtx v[6];
    Vtx q[4];
    rect_vertices(q, 1, 1, 5, 5, 0, blue);
    for (unsigned i = 0; i < 6; i++) {
        v[i] = q[rect_idx[i]];
    }
    const float offsets[4] = { 0, 0, 1.0f, -1.0f };
    s.vb = buffer(s.d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    s.inst = buffer(s.d, D3D10_DDI_BIND_VERTEX_BUFFER, offsets, sizeof offsets);
    set_layout(&s, true);
    set_vbs(&s, s.vb, s.inst);
    RtDevice *d = s.d;
    const uint16_t idx[6] = { 0, 1, 2, 3, 4, 5 };
    s.ib = buffer(d, D3D10_DDI_BIND_INDEX_BUFFER, idx, sizeof idx);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetIndexBuffer, 0,
                                      F(d, pfnIaSetIndexBuffer)(d->h, s.ib->h,
                                                                DXGI_FORMAT_R16_UINT, 0)), ==, 0);
    uint8_t px[W * H * 4];
    for (unsigned k = 0; k < 2; k++) { /* DrawInstanced, DrawIndexedInstanced */
        clear(&s);
        if (k) {
            g_assert_cmphex((uint32_t)RT_CALL(d, DrawIndexedInstanced, 0,
                                              F(d, pfnDrawIndexedInstanced)(d->h, 6, 2, 0, 0, 0)),
                            ==, 0);
        } else {
            g_assert_cmphex((uint32_t)RT_CALL(d, DrawInstanced, 0,
                                              F(d, pfnDrawInstanced)(d->h, 6, 2, 0, 0)), ==, 0);
        }
        read_rt(&s, px);
        for (unsigned y = 0; y < H; y++) {
            for (unsigned x = 0; x < W; x++) {
                bool in = (x >= 1 && x < 5 && y >= 1 && y < 5) ||
                          (x >= 9 && x < 13 && y >= 9 && y < 13);
                assert_px(px, x, y, in ? blue : clear_c, in ? 1 : 0);
            }
        }
    }
    scene_free(&s);
}

/* Depth (the default depth-stencil state: LESS, writes): green at z 0.5
 * over everything, then red at z 0.7 over everything (behind: hidden),
 * then blue at z 0.3 over the left half (in front). */
static void depth_case(DXGI_FORMAT f)
{
    Scene s = scene_new(ps_color_text, f);
    Vtx q[12];
    rect_vertices(q, 0, 0, 16, 16, 0.5f, green);
    rect_vertices(q + 4, 0, 0, 16, 16, 0.7f, red);
    rect_vertices(q + 8, 0, 0, 8, 16, 0.3f, blue);
    Vtx v[18];
    for (unsigned r = 0; r < 3; r++) {
        for (unsigned i = 0; i < 6; i++) {
            v[r * 6 + i] = q[r * 4 + rect_idx[i]];
        }
    }
    s.vb = buffer(s.d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    clear(&s);
    g_assert_cmphex((uint32_t)rt_clear_dsv(s.d, s.dsv,
                                           D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL, 1.0f,
                                           0), ==, 0);
    for (unsigned r = 0; r < 3; r++) {
        draw(&s, 6, r * 6);
    }
    uint8_t px[W * H * 4];
    read_rt(&s, px);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            assert_px(px, x, y, x < 8 ? blue : green, 1);
        }
    }
    scene_free(&s);
}

static void test_depth_d32(void)
{
    depth_case(DXGI_FORMAT_D32_FLOAT);
}

/* A constant buffer changing between two draws of one frame (one
 * command buffer): UpdateSubresource red, draw the left half; green,
 * draw the right half. Slot 0 goes inline, slot 1 (a scale of
 * (1, 0.5, 1, 1)) is the buffer resource on the host. */
static void test_constants(void)
{
    Scene s = scene_new(ps_cb_text, 0);
    Vtx q[8];
    rect_vertices(q, 0, 0, 8, 16, 0, clear_c);
    rect_vertices(q + 4, 8, 0, 16, 16, 0, clear_c);
    Vtx v[12];
    for (unsigned r = 0; r < 2; r++) {
        for (unsigned i = 0; i < 6; i++) {
            v[r * 6 + i] = q[r * 4 + rect_idx[i]];
        }
    }
    RtDevice *d = s.d;
    const float half_green[4] = { 0, 0.5f, 0, 1 };
    s.vb = buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    s.cb = buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, red, 16);
    const float scale[4] = { 1, 0.5f, 1, 1 };
    RtResource *cb1 = buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, scale, 16);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetConstantBuffers, 0,
                                      F(d, pfnPsSetConstantBuffers)(d->h, 0, 1, &s.cb->h)),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetConstantBuffers, 0,
                                      F(d, pfnPsSetConstantBuffers)(d->h, 1, 1, &cb1->h)),
                    ==, 0);
    clear(&s);
    draw(&s, 6, 0);
    g_assert_cmphex((uint32_t)rt_update(d, s.cb, 0, NULL, green, 16), ==, 0);
    draw(&s, 6, 6);
    uint8_t px[W * H * 4];
    read_rt(&s, px);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            assert_px(px, x, y, x < 8 ? red : half_green, 1);
        }
    }
    rt_destroy(d, cb1);
    scene_free(&s);
}

static void *rasterizer(RtDevice *d, D3D10_DDI_CULL_MODE cull, BOOL scissor)
{
    const D3D10_DDI_RASTERIZER_DESC rd = { D3D10_DDI_FILL_SOLID, cull, FALSE, 0, 0.0f, 0.0f,
                                           TRUE, scissor, FALSE, FALSE };
    void *mem = g_malloc0(F(d, pfnCalcPrivateRasterizerStateSize)(d->h, &rd));
    D3D10DDI_HRASTERIZERSTATE h = { mem };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateRasterizerState, 0,
                                      F(d, pfnCreateRasterizerState)(d->h, &rd, h,
                                                                     (D3D10DDI_HRTRASTERIZERSTATE){ mem })),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRasterizerState, 0,
                                      F(d, pfnSetRasterizerState)(d->h, h)), ==, 0);
    return mem;
}

static void destroy_rasterizer(RtDevice *d, void *mem)
{
    RT_CALL(d, SetRasterizerState, 0,
            F(d, pfnSetRasterizerState)(d->h, (D3D10DDI_HRASTERIZERSTATE){ NULL }));
    RT_CALL(d, DestroyRasterizerState, 0,
            F(d, pfnDestroyRasterizerState)(d->h, (D3D10DDI_HRASTERIZERSTATE){ mem }));
    g_free(mem);
}

/* Culling: the left rectangle clockwise on screen (front), the right one
 * counter-clockwise (back). Default state: the right one is culled;
 * CULL_FRONT: the left one; CULL_NONE: both drawn. */
static void test_cull(void)
{
    Scene s = scene_new(ps_color_text, 0);
    Vtx q[8];
    rect_vertices(q, 1, 1, 7, 15, 0, red);
    rect_vertices(q + 4, 9, 1, 15, 15, 0, red);
    static const uint16_t ccw[6] = { 0, 2, 1, 1, 2, 3 };
    Vtx v[12];
    for (unsigned i = 0; i < 6; i++) {
        v[i] = q[rect_idx[i]];
        v[6 + i] = q[4 + ccw[i]];
    }
    RtDevice *d = s.d;
    s.vb = buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    uint8_t px[W * H * 4];
    const D3D10_DDI_CULL_MODE modes[3] = { 0, D3D10_DDI_CULL_FRONT, D3D10_DDI_CULL_NONE };
    for (unsigned k = 0; k < 3; k++) {
        void *rs = modes[k] ? rasterizer(d, modes[k], FALSE) : NULL;
        clear(&s);
        draw(&s, 12, 0);
        read_rt(&s, px);
        bool left = k != 1, right = k != 0;
        for (unsigned y = 1; y < 15; y++) {
            assert_px(px, 3, y, left ? red : clear_c, left ? 1 : 0);
            assert_px(px, 12, y, right ? red : clear_c, right ? 1 : 0);
        }
        if (rs) {
            destroy_rasterizer(d, rs);
        }
    }
    scene_free(&s);
}

/* A draw that hangs the 3D engine (the device's draw-hang injection: the
 * next 3D SUBMIT never finishes): the TDR resets the engine, the device's
 * context is in error, and the UMD reports DEVICEREMOVED from the Map
 * that waits for it and from the next draw. */
static void test_tdr(void)
{
    Scene s = scene_new(ps_color_text, 0);
    Vtx v[3] = { vtx(1.5f, 1.5f, 0, red), vtx(14.5f, 1.5f, 0, green), vtx(1.5f, 14.5f, 0, blue) };
    s.vb = buffer(s.d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    RtDevice *d = s.d;
    clear(&s);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);
    GError *err = NULL;
    g_assert_true(s.e.sim->t->ops->inject(s.e.sim->t, "draw-hang", &err));
    g_assert_no_error(err);
    draw(&s, 3, 0);
    RtResource *st;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_STAGING, 0,
                                              D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, st, s.rt), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==,
                    (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_cmpuint(s.e.sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 3, 0)), ==,
                    (uint32_t)D3DDDIERR_DEVICEREMOVED);
    rt_destroy(d, st);
    scene_free_as(&s, true);
}

/* Scissor rectangle (4, 3)-(9, 12): ignored while the rasterizer does
 * not enable scissoring (the whole target drawn), honoured when it does. */
static void test_scissor(void)
{
    Scene s = scene_new(ps_color_text, 0);
    Vtx q[4], v[6];
    rect_vertices(q, 0, 0, 16, 16, 0, green);
    for (unsigned i = 0; i < 6; i++) {
        v[i] = q[rect_idx[i]];
    }
    RtDevice *d = s.d;
    s.vb = buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    const D3D10_DDI_RECT r = { 4, 3, 9, 12 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetScissorRects, 0,
                                      F(d, pfnSetScissorRects)(d->h, 1, 0, &r)), ==, 0);
    uint8_t px[W * H * 4];
    for (unsigned k = 0; k < 2; k++) {
        void *rs = rasterizer(d, D3D10_DDI_CULL_NONE, k == 1);
        clear(&s);
        draw(&s, 6, 0);
        read_rt(&s, px);
        if (k) {
            assert_rect(px, 4, 3, 9, 12, green, clear_c);
        } else {
            assert_rect(px, 0, 0, 16, 16, green, NULL);
        }
        destroy_rasterizer(d, rs);
    }
    scene_free(&s);
}

/* Blending (D3D11 blend state, SrcAlpha / InvSrcAlpha for colour, One /
 * Zero for alpha): opaque red, then green with alpha 0.5 over the left
 * half: (0.5, 0.5, 0, 0.5) there within 2/255, red elsewhere. */
static void test_blend(void)
{
    Scene s = scene_new(ps_color_text, 0);
    const float half[4] = { 0, 1, 0, 0.5f };
    Vtx q[8], v[12];
    rect_vertices(q, 0, 0, 16, 16, 0, red);
    rect_vertices(q + 4, 0, 0, 8, 16, 0, half);
    for (unsigned r = 0; r < 2; r++) {
        for (unsigned i = 0; i < 6; i++) {
            v[r * 6 + i] = q[r * 4 + rect_idx[i]];
        }
    }
    RtDevice *d = s.d;
    s.vb = buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    D3D10_1_DDI_BLEND_DESC bd;
    memset(&bd, 0, sizeof bd);
    for (unsigned i = 0; i < 8; i++) {
        bd.RenderTarget[i] = (D3D10_DDI_RENDER_TARGET_BLEND_DESC1){
            i == 0, D3D10_DDI_BLEND_SRC_ALPHA, D3D10_DDI_BLEND_INV_SRC_ALPHA,
            D3D10_DDI_BLEND_OP_ADD, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO,
            D3D10_DDI_BLEND_OP_ADD, 0xf };
    }
    void *mem = g_malloc0(d->f11->pfnCalcPrivateBlendStateSize(d->h, &bd));
    D3D10DDI_HBLENDSTATE h = { mem };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateBlendState, 0,
                                      d->f11->pfnCreateBlendState(d->h, &bd, h,
                                                                  (D3D10DDI_HRTBLENDSTATE){ mem })),
                    ==, 0);
    const FLOAT factor[4] = { 1, 1, 1, 1 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetBlendState, 0,
                                      d->f11->pfnSetBlendState(d->h, h, factor, ~0u)), ==, 0);
    clear(&s);
    draw(&s, 12, 0);
    uint8_t px[W * H * 4];
    read_rt(&s, px);
    const float mixed[4] = { 0.5f, 0.5f, 0, 0.5f };
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            assert_px(px, x, y, x < 8 ? mixed : red, 2);
        }
    }
    D3D10DDI_HBLENDSTATE none = { NULL };
    RT_CALL(d, SetBlendState, 0, d->f11->pfnSetBlendState(d->h, none, factor, ~0u));
    RT_CALL(d, DestroyBlendState, 0, d->f11->pfnDestroyBlendState(d->h, h));
    g_free(mem);
    scene_free(&s);
}

/* Texture2D t : register(t1); SamplerState s : register(s0);
 * float4 main(float4 p : SV_Position, float4 uv : COLOR) : SV_Target
 * { return t.Sample(s, uv.xy); } */
static const char ps_tex_text[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t1\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xyxx, t1.xyzw, s0\n"
    "ret\n";

/* Sampling through the whole stack: a 2x2 R8G8B8A8 texture (red, green /
 * blue, white) bound at SRV slot 1 with a point sampler at slot 0 (the
 * shader's t1 with s0: one sampler unit pairing them), a full-target
 * quad with texture coordinates 0..1: each 8x8 quarter of the target is
 * exactly its texel (point sampling of UNORM texels at their centres). */
static void test_textured(void)
{
    Scene s = scene_new(ps_tex_text, 0);
    RtDevice *d = s.d;
    RtResource *tex;
    D3D10DDI_HSHADERRESOURCEVIEW hs;
    void *srv = pipe_quad_texture_srv(d, &tex, &hs);
    D3D10DDI_HSAMPLER hsamp;
    void *samp = pipe_point_sampler(d, &hsamp);
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetShaderResources, 0,
                                      F(d, pfnPsSetShaderResources)(d->h, 1, 1, &hs)), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetSamplers, 0,
                                      F(d, pfnPsSetSamplers)(d->h, 0, 1, &hsamp)), ==, 0);
    const float uv00[4] = { 0, 0, 0, 0 }, uv10[4] = { 1, 0, 0, 0 }, uv01[4] = { 0, 1, 0, 0 },
                uv11[4] = { 1, 1, 0, 0 };
    const Vtx v[6] = { vtx(0, 0, 0, uv00), vtx(16, 0, 0, uv10), vtx(0, 16, 0, uv01),
                       vtx(0, 16, 0, uv01), vtx(16, 0, 0, uv10), vtx(16, 16, 0, uv11) };
    s.vb = buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    clear(&s);
    draw(&s, 6, 0);
    uint8_t px[W * H * 4];
    read_rt(&s, px);
    const float white[4] = { 1, 1, 1, 1 };
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            const float *want = y < 8 ? (x < 8 ? red : green) : (x < 8 ? blue : white);
            assert_px(px, x, y, want, 0);
        }
    }
    D3D10DDI_HSHADERRESOURCEVIEW none = { NULL };
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 1, 1, &none));
    RT_CALL(d, DestroyShaderResourceView, 0, F(d, pfnDestroyShaderResourceView)(d->h, hs));
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, hsamp));
    g_free(srv);
    g_free(samp);
    rt_destroy(d, tex);
    scene_free(&s);
}

/* Batching (docs/umd.md "The draw path"): the draws between two
 * submissions go as one 3D SUBMIT, and after the first each sends only
 * what changed. Rectangles of the vertex buffer (6 vertices each, y 0..4):
 * red x 0..4, green x 4..8 (both clockwise: front), blue x 8..12
 * (counter-clockwise: culled by the default rasterizer). Between draws one
 * state changes: the vertex buffer offset (green drawn, not red again),
 * the offset to blue (culled), the rasterizer to CULL_NONE (blue drawn),
 * the viewport 8 pixels down (blue at y 8..12), the offset back to green
 * (green at y 8..12). Each change shows in the pixels only if it reached
 * the host. */
static void set_vb_offset(Scene *s, UINT vertices)
{
    RtDevice *d = s->d;
    UINT stride = sizeof(Vtx), offset = vertices * (UINT)sizeof(Vtx);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetVertexBuffers, 0,
                                      F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &s->vb->h, &stride,
                                                                  &offset)), ==, 0);
}

static void set_viewport_y(Scene *s, float y)
{
    RtDevice *d = s->d;
    D3D10_DDI_VIEWPORT vp = { 0, y, W, H, 0, 1 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)),
                    ==, 0);
}

static void test_batched(void)
{
    Scene s = scene_new(ps_color_text, 0);
    static const uint16_t ccw[6] = { 0, 2, 1, 1, 2, 3 };
    Vtx q[12], v[18];
    rect_vertices(q, 0, 0, 4, 4, 0, red);
    rect_vertices(q + 4, 4, 0, 8, 4, 0, green);
    rect_vertices(q + 8, 8, 0, 12, 4, 0, blue);
    for (unsigned i = 0; i < 6; i++) {
        v[i] = q[rect_idx[i]];
        v[6 + i] = q[4 + rect_idx[i]];
        v[12 + i] = q[8 + ccw[i]];
    }
    RtDevice *d = s.d;
    s.vb = buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    clear(&s);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    SableUmdStats before = rt_umd_stats(d);
    draw(&s, 6, 0);
    set_vb_offset(&s, 6);
    draw(&s, 6, 0);
    set_vb_offset(&s, 12);
    draw(&s, 6, 0);
    void *rs = rasterizer(d, D3D10_DDI_CULL_NONE, FALSE);
    draw(&s, 6, 0);
    set_viewport_y(&s, 8);
    draw(&s, 6, 0);
    set_vb_offset(&s, 6);
    draw(&s, 6, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    SableUmdStats after = rt_umd_stats(d);
    g_assert_cmpuint(after.draws - before.draws, ==, 6);
    g_assert_cmpuint(after.submits3d - before.submits3d, ==, 1);
    /* draws 2..6 change one of framebuffer, binds, inputs: the other two
     * repeat (the stages' groups are empty: no constants, no samplers) */
    g_assert_cmpuint(after.state_skips - before.state_skips, ==, 5 * 2);
    uint8_t px[W * H * 4];
    read_rt(&s, px);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            bool top = y < 4, low = y >= 8 && y < 12;
            const float *want = clear_c;
            if (x < 4 && top) {
                want = red;
            } else if (x >= 4 && x < 8 && (top || low)) {
                want = green;
            } else if (x >= 8 && x < 12 && (top || low)) {
                want = blue;
            }
            assert_px(px, x, y, want, 0);
        }
    }
    set_viewport_y(&s, 0);
    destroy_rasterizer(d, rs);
    scene_free(&s);
}

/* Ordering between 3D and 2D work in one command buffer: draw red over the
 * left half, CopyResource of the target into a staging texture, draw green
 * over the right half. The copy sees the first draw only; the target both. */
static void test_copy_between(void)
{
    Scene s = scene_new(ps_color_text, 0);
    Vtx q[8], v[12];
    rect_vertices(q, 0, 0, 8, 16, 0, red);
    rect_vertices(q + 4, 8, 0, 16, 16, 0, green);
    for (unsigned i = 0; i < 6; i++) {
        v[i] = q[rect_idx[i]];
        v[6 + i] = q[4 + rect_idx[i]];
    }
    RtDevice *d = s.d;
    s.vb = buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    RtResource *st;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_STAGING, 0,
                                              D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    clear(&s);
    draw(&s, 6, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, st, s.rt), ==, 0);
    draw(&s, 6, 6);
    uint8_t px[W * H * 4];
    read_rt(&s, px);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            assert_px(px, x, y, x < 8 ? red : green, 0);
        }
    }
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    for (unsigned y = 0; y < H; y++) {
        memcpy(px + y * W * 4, (const uint8_t *)m.pData + y * m.RowPitch, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, st, 0), ==, 0);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            assert_px(px, x, y, x < 8 ? red : clear_c, 0);
        }
    }
    rt_destroy(d, st);
    scene_free(&s);
}

/* State skipping per stage: between draws of one SUBMIT only a constant
 * buffer binding changes (PS cb0 = colour, inline; cb1 = scale, a buffer
 * on the host; the PS writes cb0 * cb1). Quarters of the target, x 0..4:
 * red * 1; x 4..8: cb0 rebound to green; x 8..12: cb1 rebound to
 * (1, 0.5, 1, 1): half green; x 12..16: cb0 back to red: red (the scale
 * leaves red alone). Warm-up draws first bring every buffer to the host,
 * so no transfer splits the measured draws. */
static void set_ps_cb(RtDevice *d, UINT slot, RtResource *b)
{
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetConstantBuffers, 0,
                                      F(d, pfnPsSetConstantBuffers)(d->h, slot, 1, &b->h)),
                    ==, 0);
}

static void test_batched_constants(void)
{
    Scene s = scene_new(ps_cb_text, 0);
    Vtx q[16], v[24];
    for (unsigned r = 0; r < 4; r++) {
        rect_vertices(q + 4 * r, 4.0f * r, 0, 4.0f * r + 4, 16, 0, clear_c);
        for (unsigned i = 0; i < 6; i++) {
            v[6 * r + i] = q[4 * r + rect_idx[i]];
        }
    }
    RtDevice *d = s.d;
    const float one[4] = { 1, 1, 1, 1 }, scale[4] = { 1, 0.5f, 1, 1 };
    const float half_green[4] = { 0, 0.5f, 0, 1 };
    s.vb = buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    RtResource *cb[4] = {
        buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, red, 16),
        buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, green, 16),
        buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, one, 16),
        buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, scale, 16),
    };
    set_layout(&s, false);
    set_vbs(&s, s.vb, NULL);
    set_ps_cb(d, 0, cb[0]);
    set_ps_cb(d, 1, cb[2]);
    draw(&s, 6, 0);
    set_ps_cb(d, 0, cb[1]);
    set_ps_cb(d, 1, cb[3]);
    draw(&s, 6, 0);
    clear(&s);
    set_ps_cb(d, 0, cb[0]);
    set_ps_cb(d, 1, cb[2]);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    SableUmdStats before = rt_umd_stats(d);
    draw(&s, 6, 0);
    set_ps_cb(d, 0, cb[1]);
    draw(&s, 6, 6);
    set_ps_cb(d, 1, cb[3]);
    draw(&s, 6, 12);
    set_ps_cb(d, 0, cb[0]);
    draw(&s, 6, 18);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    SableUmdStats after = rt_umd_stats(d);
    g_assert_cmpuint(after.submits3d - before.submits3d, ==, 1);
    uint8_t px[W * H * 4];
    read_rt(&s, px);
    const float *want[4] = { red, green, half_green, red };
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            assert_px(px, x, y, want[x / 4], 1);
        }
    }
    for (unsigned i = 0; i < 4; i++) {
        rt_destroy(d, cb[i]);
    }
    scene_free(&s);
}

void d3d_draw_tests_add(void)
{
    g_test_add_func("/d3d/draw/batched-constants", test_batched_constants);
    g_test_add_func("/d3d/draw/batched", test_batched);
    g_test_add_func("/d3d/draw/copy-between", test_copy_between);
    g_test_add_func("/d3d/draw/textured", test_textured);
    g_test_add_func("/d3d/draw/blend", test_blend);
    g_test_add_func("/d3d/draw/scissor", test_scissor);
    g_test_add_func("/d3d/draw/tdr", test_tdr);
    g_test_add_func("/d3d/draw/triangle", test_triangle);
    g_test_add_func("/d3d/draw/indexed", test_indexed);
    g_test_add_func("/d3d/draw/instanced", test_instanced);
    g_test_add_func("/d3d/draw/depth-d32", test_depth_d32);
    g_test_add_func("/d3d/draw/constants", test_constants);
    g_test_add_func("/d3d/draw/cull", test_cull);
}
