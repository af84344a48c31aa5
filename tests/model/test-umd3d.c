/* SPDX-License-Identifier: MIT */
/*
 * The UMD's 3D pipeline without the KMD: shaders assembled from SM4 text
 * (tools/dxbc) and created through the UMD's shader objects (SM4 -> TGSI),
 * blend / depth-stencil / rasterizer states and element layouts created
 * through the UMD's state objects from D3D10 DDI descriptions, viewports
 * and scissors mapped from D3D rectangles, all encoded by the UMD's virgl
 * encoder (guest-umd/vgl_encode.h) into a stream that the in-process
 * device's 3D engine runs (virglrenderer on llvmpipe). Pixels are checked
 * against values computed here. Also: encoder goldens (dwords derived by
 * hand from the protocol's layouts), hostile descriptions for every
 * mapping function, and the Create / Set / Destroy DDIs' error behaviour
 * on a device without a runtime (only pfnSetErrorCb is called).
 */
#include <math.h>
#include <string.h>

#include "model-3d.h"
#include "sm4_asm.h"
#include "umd.h"

#define W 16u
#define H 16u
#define STREAM_GPA 0x20000ull
#define RT_GPA 0x40000ull
#define DEPTH_GPA 0x48000ull
#define VB_GPA 0x50000ull
#define CTX 1u
#define RES_RT 1u
#define RES_DEPTH 2u
#define RES_VB 3u
#define SURF_RT 1000u  /* surface handles (state objects count up from 1) */
#define SURF_DEPTH 1001u
#define MAX_DW 8192u

/* ---- a UMD device without a runtime: pfnSetErrorCb only ---- */

static HRESULT last_error;
static unsigned nerrors;

static VOID WDDM_API set_error(D3D10DDI_HRTCORELAYER h, HRESULT hr)
{
    last_error = hr;
    nerrors++;
}

static const D3D10DDI_CORELAYER_DEVICECALLBACKS core_cb = { .pfnSetErrorCb = set_error };

static void dev_init(UmdDevice *d)
{
    memset(d, 0, sizeof *d);
    d->magic = UMD_DEVICE_MAGIC;
    d->um10 = &core_cb;
    last_error = S_OK;
    nerrors = 0;
}

/* ---- D3D descriptions ---- */

static const D3D10_DDI_RENDER_TARGET_BLEND_DESC1 rt_opaque = {
    FALSE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD,
    D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD,
    D3D10_DDI_COLOR_WRITE_ENABLE_ALL,
};

static const D3D10_DDI_RENDER_TARGET_BLEND_DESC1 rt_alpha = {
    TRUE, D3D10_DDI_BLEND_SRC_ALPHA, D3D10_DDI_BLEND_INV_SRC_ALPHA, D3D10_DDI_BLEND_OP_ADD,
    D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD,
    D3D10_DDI_COLOR_WRITE_ENABLE_ALL,
};

static const D3D10_DDI_DEPTH_STENCILOP_DESC face_keep = {
    D3D10_DDI_STENCIL_OP_KEEP, D3D10_DDI_STENCIL_OP_KEEP, D3D10_DDI_STENCIL_OP_KEEP,
    D3D10_DDI_COMPARISON_ALWAYS,
};

static D3D10_DDI_DEPTH_STENCIL_DESC dss_desc(BOOL depth, D3D10_DDI_COMPARISON_FUNC func)
{
    return (D3D10_DDI_DEPTH_STENCIL_DESC){ depth, D3D10_DDI_DEPTH_WRITE_MASK_ALL, func, FALSE,
                                           FALSE, FALSE, 0xff, 0xff, face_keep, face_keep };
}

static D3D10_DDI_RASTERIZER_DESC rast_desc(D3D10_DDI_CULL_MODE cull, BOOL ccw, BOOL scissor)
{
    return (D3D10_DDI_RASTERIZER_DESC){ D3D10_DDI_FILL_SOLID, cull, ccw, 0, 0.0f, 0.0f, TRUE,
                                        scissor, FALSE, FALSE };
}

static D3D10_1_DDI_BLEND_DESC blend_desc(const D3D10_DDI_RENDER_TARGET_BLEND_DESC1 *rt0)
{
    D3D10_1_DDI_BLEND_DESC b = { FALSE, FALSE, { *rt0 } };
    return b;
}

static D3D10_DDI_SAMPLER_DESC sampler_desc(void)
{
    return (D3D10_DDI_SAMPLER_DESC){
        D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR, D3D10_DDI_TEXTURE_ADDRESS_WRAP,
        D3D10_DDI_TEXTURE_ADDRESS_CLAMP, D3D10_DDI_TEXTURE_ADDRESS_BORDER, 0.0f, 0,
        D3D10_DDI_COMPARISON_NEVER, { 0, 0, 0, 1 }, 0.0f, 1000.0f
    };
}

/* POSITION (float4, register 0) and COLOR (float4, register 1) in slot 0. */
static const D3D10DDIARG_INPUT_ELEMENT_DESC pos_color[2] = {
    { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 },
    { 0, 16, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 1 },
};

/* ---- shaders: SM4 text -> tokens (tools/dxbc) -> the UMD's shader object ---- */

static const char vs_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "ret\n";

static const char ps_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

static void make_shader(UmdDevice *d, const char *text, unsigned program, UmdShader *s)
{
    Sm4Asm a;
    char err[256] = "";
    if (sm4_assemble(text, &a, err, sizeof err)) {
        g_error("assembling: %s", err);
    }
    umd_shader_create(d, UMD_DDI_CreateVertexShader, program, a.tokens, NULL, NULL, s);
    sm4_asm_free(&a);
    g_assert_cmphex(s->magic, ==, UMD_SHADER_MAGIC);
    g_assert_nonnull(s->tgsi);
}

/* ---- the pipeline a frame uses ---- */

typedef struct Pipe {
    UmdDevice dev;
    UmdShader vs, ps;
    UmdBlendState blend;
    UmdDepthStencilState dss;
    UmdRasterizerState rast;
    UmdElementLayout layout;
} Pipe;

static void pipe_init(Pipe *p, const D3D10_1_DDI_BLEND_DESC *blend,
                      const D3D10_DDI_DEPTH_STENCIL_DESC *dss,
                      const D3D10_DDI_RASTERIZER_DESC *rast)
{
    dev_init(&p->dev);
    make_shader(&p->dev, vs_text, SM4_VS, &p->vs);
    make_shader(&p->dev, ps_text, SM4_PS, &p->ps);
    umd_blend_create(&p->dev, blend, &p->blend);
    umd_dss_create(&p->dev, dss, &p->dss);
    umd_rast_create(&p->dev, rast, &p->rast);
    const D3D10DDIARG_CREATEELEMENTLAYOUT el = { pos_color, 2 };
    umd_layout_create(&p->dev, &el, &p->layout);
    g_assert_cmpuint(nerrors, ==, 0);
    g_assert_cmpuint(p->dev.states_created, ==, 4);
    /* what the setters record is what the frame binds */
    umd_set_blend(&p->dev, &p->blend, (const FLOAT[4]){ 0 }, ~0u);
    umd_set_dss(&p->dev, &p->dss, 0);
    umd_set_rast(&p->dev, &p->rast);
    umd_set_layout(&p->dev, &p->layout);
    umd_set_shader(&p->dev, UMD_DDI_VsSetShader, UMD_VS, &p->vs);
    umd_set_shader(&p->dev, UMD_DDI_PsSetShader, UMD_PS, &p->ps);
}

static void pipe_fini(Pipe *p)
{
    umd_shader_destroy(&p->dev, &p->vs);
    umd_shader_destroy(&p->dev, &p->ps);
}

/* A vertex: position (pixel coordinates of a W x H target, depth) and
 * colour. */
typedef struct Vtx {
    float pos[4], color[4];
} Vtx;

static Vtx vtx(float px, float py, float z, const float c[4])
{
    /* D3D: x = X + (ndc + 1) W / 2, y = Y + (1 - ndc) H / 2 */
    Vtx v = { { px / (W / 2.0f) - 1.0f, 1.0f - py / (H / 2.0f), z, 1.0f },
              { c[0], c[1], c[2], c[3] } };
    return v;
}

/* Everything of a frame but the draws: target (and depth) surfaces, the
 * recorded state's objects replayed and bound, the D3D viewport, the
 * shaders, the vertex buffer, a clear. */
static void frame_begin(Pipe *p, VglBuf *b, bool depth, const float clear[4])
{
    const UmdState *s = &p->dev.state;
    g_assert_true(vgl_create_surface(b, SURF_RT, RES_RT, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 0,
                                     0, 0));
    if (depth) {
        g_assert_true(vgl_create_surface(b, SURF_DEPTH, RES_DEPTH, SABLE_VIRGL_FORMAT_Z32_FLOAT,
                                         0, 0, 0));
    }
    g_assert_true(vgl_set_framebuffer(b, (const uint32_t[]){ SURF_RT }, 1,
                                      depth ? SURF_DEPTH : 0));
    g_assert_true(vgl_append(b, s->blend->create, s->blend->ncreate));
    g_assert_true(vgl_append(b, s->dss->create, s->dss->ncreate));
    g_assert_true(vgl_append(b, s->rast->create, s->rast->ncreate));
    g_assert_true(vgl_append(b, s->layout->create, s->layout->ncreate));
    g_assert_true(vgl_bind_object(b, SABLE_VIRGL_OBJECT_BLEND, s->blend->handle));
    g_assert_true(vgl_bind_object(b, SABLE_VIRGL_OBJECT_DSA, s->dss->handle));
    g_assert_true(vgl_bind_object(b, SABLE_VIRGL_OBJECT_RASTERIZER, s->rast->handle));
    g_assert_true(vgl_bind_object(b, SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS, s->layout->handle));
    const D3D10_DDI_VIEWPORT d3d_vp = { 0, 0, W, H, 0, 1 };
    VglViewport vp;
    umd_map_viewport(&d3d_vp, &vp);
    g_assert_true(vgl_set_viewports(b, 0, &vp, 1));
    g_assert_true(vgl_create_shader(b, 100, SABLE_VIRGL_SHADER_VERTEX, s->shader[UMD_VS]->tgsi, 0));
    g_assert_true(vgl_bind_shader(b, 100, SABLE_VIRGL_SHADER_VERTEX));
    g_assert_true(vgl_create_shader(b, 101, SABLE_VIRGL_SHADER_FRAGMENT, s->shader[UMD_PS]->tgsi,
                                    0));
    g_assert_true(vgl_bind_shader(b, 101, SABLE_VIRGL_SHADER_FRAGMENT));
    /* one binding per element (umd_layout_bindings): all in slot 0 */
    const VglVertexBuffer vb[2] = { { sizeof(Vtx), 0, RES_VB }, { sizeof(Vtx), 0, RES_VB } };
    g_assert_cmpuint(s->layout->nve, ==, 2);
    g_assert_true(vgl_set_vertex_buffers(b, vb, 2));
    g_assert_true(vgl_clear(b, SABLE_VIRGL_CLEAR_COLOR0 | (depth ? SABLE_VIRGL_CLEAR_DEPTH : 0),
                            clear, 1.0, 0));
}

static void draw(VglBuf *b, uint32_t start, uint32_t count)
{
    const VglDraw d = { .start = start, .count = count, .mode = SABLE_VIRGL_PRIM_TRIANGLES,
                        .instance_count = 1, .max_index = start + count - 1,
                        .min_index = start };
    g_assert_true(vgl_draw_vbo(b, &d));
}

/* A resource a frame also needs (uploaded before the stream). */
typedef struct Extra {
    uint32_t id, bind, format, w, h; /* h 0: a buffer of w bytes */
    uint64_t gpa;
    const void *data;
    uint32_t layers; /* textures: 1, or 2 and more for a 2D array; buffers: 0 */
} Extra;

static void add_extra(Mt *mt, CmdBuf *cb, const Extra *x)
{
    uint32_t layers = x->h ? x->layers : 1;
    uint32_t bytes = x->h ? x->w * x->h * 4 * layers : x->w;
    memcpy(mt_vram(mt, x->gpa), x->data, bytes);
    if (x->h) {
        p_res_2d_array(cb, x->id, x->format, x->bind, x->w, x->h, layers, x->gpa, bytes);
    } else {
        p_res_buffer(cb, x->id, x->bind, x->w, x->gpa);
    }
    p_attach(cb, SABLE_OP_3D_ATTACH, CTX, x->id);
    p_transfer_layers(cb, SABLE_3D_TO_HOST, x->id, x->w, x->h ? x->h : 1, layers, x->h ? 4 : 1);
}

/* Run a frame: context, target (B8G8R8A8, zeroed), optional Z32 depth,
 * vertex buffer (uploaded), extra resources, the stream, the target read
 * back. */
static Mt *run_frame_with(const Vtx *v, uint32_t nv, bool depth, const VglBuf *b,
                          const Extra *extra, uint32_t nextra)
{
    Mt *mt = mt3d();
    CmdBuf cb;
    cb_reset(&cb);
    memset(mt_vram(mt, RT_GPA), 0, W * H * 4);
    memcpy(mt_vram(mt, VB_GPA), v, nv * sizeof(Vtx));
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, CTX);
    p_res_2d(&cb, RES_RT, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, SABLE_VIRGL_BIND_RENDER_TARGET, W,
             H, RT_GPA, W * H * 4);
    p_attach(&cb, SABLE_OP_3D_ATTACH, CTX, RES_RT);
    if (depth) {
        p_res_2d(&cb, RES_DEPTH, SABLE_VIRGL_FORMAT_Z32_FLOAT, SABLE_VIRGL_BIND_DEPTH_STENCIL, W,
                 H, DEPTH_GPA, W * H * 4);
        p_attach(&cb, SABLE_OP_3D_ATTACH, CTX, RES_DEPTH);
    }
    uint32_t vb_bytes = nv * (uint32_t)sizeof(Vtx);
    p_res_buffer(&cb, RES_VB, SABLE_VIRGL_BIND_VERTEX_BUFFER, vb_bytes, VB_GPA);
    p_attach(&cb, SABLE_OP_3D_ATTACH, CTX, RES_VB);
    p_transfer(&cb, SABLE_3D_TO_HOST, RES_VB, vb_bytes, 1, 1);
    for (uint32_t i = 0; i < nextra; i++) {
        add_extra(mt, &cb, &extra[i]);
    }
    g_assert_false(b->failed);
    memcpy(mt_vram(mt, STREAM_GPA), b->dw, 4u * b->n);
    p_submit(&cb, CTX, STREAM_GPA, b->n);
    p_transfer(&cb, SABLE_3D_FROM_HOST, RES_RT, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
    return mt;
}

static Mt *run_frame(const Vtx *v, uint32_t nv, bool depth, const VglBuf *b)
{
    return run_frame_with(v, nv, depth, b, NULL, 0);
}

/* Pixel (x, y), row 0 at the top, as 0xAARRGGBB. */
static uint32_t px(Mt *mt, uint32_t x, uint32_t y)
{
    uint32_t v;
    memcpy(&v, mt_vram(mt, RT_GPA + 4ull * (y * W + x)), 4);
    return v;
}

static uint32_t unorm8(float f)
{
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return (uint32_t)lrintf(f * 255.0f);
}

static uint32_t argb(const float c[4])
{
    return unorm8(c[3]) << 24 | unorm8(c[0]) << 16 | unorm8(c[1]) << 8 | unorm8(c[2]);
}

/* Each channel within `tol` of the expected one. */
static void assert_px(Mt *mt, uint32_t x, uint32_t y, const float want[4], unsigned tol)
{
    uint32_t got = px(mt, x, y), exp = argb(want);
    for (unsigned sh = 0; sh < 32; sh += 8) {
        int g = (int)((got >> sh) & 0xff), e = (int)((exp >> sh) & 0xff);
        if (abs(g - e) > (int)tol) {
            g_error("pixel (%u, %u): 0x%08x, want 0x%08x (+-%u)", x, y, got, exp, tol);
        }
    }
}

static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
static const float black[4] = { 0, 0, 0, 1 }, grey[4] = { 0.5f, 0.5f, 0.5f, 1 };

/* ---- rendering ---- */

/* Vertices at the pixel centres (1,1) red, (13,1) green, (1,13) blue:
 * inside, the colour is the barycentric mix (weights of green and blue
 * grow along x and y over 12 pixels); outside, the clear colour. */
static void tri_color_at(uint32_t x, uint32_t y, float out[4])
{
    float u = ((float)x + 0.5f - 1.5f) / 12.0f, v = ((float)y + 0.5f - 1.5f) / 12.0f;
    float a = 1.0f - u - v;
    for (unsigned c = 0; c < 4; c++) {
        out[c] = a * red[c] + u * green[c] + v * blue[c];
    }
}

static void test_triangle(void)
{
    Pipe p;
    D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_opaque);
    D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(FALSE, D3D10_DDI_COMPARISON_LESS);
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_NONE, FALSE, FALSE);
    pipe_init(&p, &bd, &dd, &rd);
    const Vtx v[3] = { vtx(1.5f, 1.5f, 0, red), vtx(13.5f, 1.5f, 0, green),
                       vtx(1.5f, 13.5f, 0, blue) };
    static uint32_t dw[MAX_DW];
    VglBuf b;
    vgl_init(&b, dw, MAX_DW);
    frame_begin(&p, &b, false, grey);
    draw(&b, 0, 3);
    Mt *mt = run_frame(v, 3, false, &b);
    const uint32_t inside[][2] = { { 4, 4 }, { 10, 2 }, { 2, 10 }, { 6, 6 }, { 2, 2 } };
    for (unsigned i = 0; i < G_N_ELEMENTS(inside); i++) {
        float want[4];
        tri_color_at(inside[i][0], inside[i][1], want);
        assert_px(mt, inside[i][0], inside[i][1], want, 1);
    }
    const uint32_t outside[][2] = { { 0, 0 }, { 14, 14 }, { 15, 0 }, { 0, 15 }, { 9, 9 } };
    for (unsigned i = 0; i < G_N_ELEMENTS(outside); i++) {
        g_assert_cmphex(px(mt, outside[i][0], outside[i][1]), ==, argb(grey));
    }
    mt_free(mt);
    pipe_fini(&p);
}

/* A full-target triangle (-1..3 in NDC covers the target). */
static void fullscreen(Vtx *v, float z, const float c[4])
{
    v[0] = vtx(0, 0, z, c);
    v[1] = vtx(2.0f * W, 0, z, c);
    v[2] = vtx(0, 2.0f * H, z, c);
}

/* SRC_ALPHA / INV_SRC_ALPHA of (1, 0, 0, 0.25) over blue, alpha ONE/ZERO:
 * (0.25, 0, 0.75, 0.25) everywhere, within 1. */
static void test_blend(void)
{
    Pipe p;
    D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_alpha);
    D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(FALSE, D3D10_DDI_COMPARISON_LESS);
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_NONE, FALSE, FALSE);
    pipe_init(&p, &bd, &dd, &rd);
    Vtx v[3];
    fullscreen(v, 0, (const float[4]){ 1, 0, 0, 0.25f });
    static uint32_t dw[MAX_DW];
    VglBuf b;
    vgl_init(&b, dw, MAX_DW);
    frame_begin(&p, &b, false, blue);
    draw(&b, 0, 3);
    Mt *mt = run_frame(v, 3, false, &b);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            assert_px(mt, x, y, (const float[4]){ 0.25f, 0, 0.75f, 0.25f }, 1);
        }
    }
    mt_free(mt);
    pipe_fini(&p);
}

/* A quad over pixel columns [x0, x1) and rows [y0, y1) at depth z. */
static void quad(Vtx *v, float x0, float y0, float x1, float y1, float z, const float c[4])
{
    v[0] = vtx(x0, y0, z, c), v[1] = vtx(x1, y0, z, c), v[2] = vtx(x0, y1, z, c);
    v[3] = vtx(x1, y0, z, c), v[4] = vtx(x1, y1, z, c), v[5] = vtx(x0, y1, z, c);
}

/* LESS, depth cleared to 1: the nearer quad (z 0.25, red, columns 0-9)
 * drawn first, the farther (z 0.75, green, columns 6-15) second: the
 * overlap stays red. */
static void test_depth(void)
{
    Pipe p;
    D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_opaque);
    D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(TRUE, D3D10_DDI_COMPARISON_LESS);
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_NONE, FALSE, FALSE);
    pipe_init(&p, &bd, &dd, &rd);
    Vtx v[12];
    quad(v, 0, 0, 10, H, 0.25f, red);
    quad(v + 6, 6, 0, W, H, 0.75f, green);
    static uint32_t dw[MAX_DW];
    VglBuf b;
    vgl_init(&b, dw, MAX_DW);
    frame_begin(&p, &b, true, black);
    draw(&b, 0, 6);
    draw(&b, 6, 6);
    Mt *mt = run_frame(v, 12, true, &b);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            g_assert_cmphex(px(mt, x, y), ==, argb(x < 10 ? red : green));
        }
    }
    mt_free(mt);
    pipe_fini(&p);
}

/* CULL_BACK: the triangle clockwise on the target (front with
 * FrontCounterClockwise FALSE) is drawn, the counter-clockwise one is not;
 * with FrontCounterClockwise TRUE it is the other way round. */
static void cull_case(BOOL ccw)
{
    Pipe p;
    D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_opaque);
    D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(FALSE, D3D10_DDI_COMPARISON_LESS);
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_BACK, ccw, FALSE);
    pipe_init(&p, &bd, &dd, &rd);
    const Vtx v[6] = {
        /* top-left, clockwise on the target (right, then down-left) */
        vtx(0, 0, 0, green), vtx(8, 0, 0, green), vtx(0, 8, 0, green),
        /* bottom-right, counter-clockwise on the target */
        vtx(8, 8, 0, red), vtx(8, 16, 0, red), vtx(16, 8, 0, red),
    };
    static uint32_t dw[MAX_DW];
    VglBuf b;
    vgl_init(&b, dw, MAX_DW);
    frame_begin(&p, &b, false, black);
    draw(&b, 0, 6);
    Mt *mt = run_frame(v, 6, false, &b);
    g_assert_cmphex(px(mt, 2, 2), ==, argb(ccw ? black : green));
    g_assert_cmphex(px(mt, 9, 9), ==, argb(ccw ? red : black));
    mt_free(mt);
    pipe_fini(&p);
}

static void test_cull(void)
{
    cull_case(FALSE);
    cull_case(TRUE);
}

/* ScissorEnable with the D3D rectangle (4, 3)-(9, 12): a full-target
 * draw lands inside it only. */
static void test_scissor(void)
{
    Pipe p;
    D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_opaque);
    D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(FALSE, D3D10_DDI_COMPARISON_LESS);
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_NONE, FALSE, TRUE);
    pipe_init(&p, &bd, &dd, &rd);
    Vtx v[3];
    fullscreen(v, 0, green);
    static uint32_t dw[MAX_DW];
    VglBuf b;
    vgl_init(&b, dw, MAX_DW);
    frame_begin(&p, &b, false, black);
    const D3D10_DDI_RECT r = { 4, 3, 9, 12 };
    VglScissor sc;
    umd_map_scissor(&r, &sc);
    g_assert_true(vgl_set_scissors(&b, 0, &sc, 1));
    draw(&b, 0, 3);
    Mt *mt = run_frame(v, 3, false, &b);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            bool in = x >= 4 && x < 9 && y >= 3 && y < 12;
            g_assert_cmphex(px(mt, x, y), ==, argb(in ? green : black));
        }
    }
    mt_free(mt);
    pipe_fini(&p);
}

/* Constant buffers: D3D slot n is virgl constant buffer n of the stage;
 * slot 0 inline (SET_CONSTANT_BUFFER), slot 1 a buffer resource
 * (SET_UNIFORM_BUFFER). The PS (SM4 text, translated) writes
 * cb1[1] * cb0[0] + cb0[1]. */
static const char ps_cb_text[] =
    "ps_4_0\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "dcl_constantbuffer cb1[2], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "mad o0.xyzw, cb1[1].xyzw, cb0[0].xyzw, cb0[1].xyzw\n"
    "ret\n";

#define RES_TEX 4u
#define RES_CB 5u
#define TEX_GPA 0x58000ull
#define CB_GPA 0x5c000ull

static void test_constants(void)
{
    Pipe p;
    D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_opaque);
    D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(FALSE, D3D10_DDI_COMPARISON_LESS);
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_NONE, FALSE, FALSE);
    pipe_init(&p, &bd, &dd, &rd);
    UmdShader ps;
    make_shader(&p.dev, ps_cb_text, SM4_PS, &ps);
    umd_set_shader(&p.dev, UMD_DDI_PsSetShader, UMD_PS, &ps);
    static const float cb1[8] = { 9, 9, 9, 9, 0.5f, 0.25f, 1, 1 };
    static const float cb0[8] = { 0.5f, 1, 0.5f, 1, 0.25f, 0, 0.125f, 0 };
    const Extra extra = { RES_CB, SABLE_VIRGL_BIND_CONSTANT_BUFFER, 0, sizeof(cb1), 0, CB_GPA,
                          cb1, 0 };
    Vtx v[3];
    fullscreen(v, 0, black);
    static uint32_t dw[MAX_DW];
    VglBuf b;
    vgl_init(&b, dw, MAX_DW);
    frame_begin(&p, &b, false, black);
    uint32_t cb0_dw[8];
    memcpy(cb0_dw, cb0, sizeof cb0_dw);
    g_assert_true(vgl_set_constant_buffer(&b, SABLE_VIRGL_SHADER_FRAGMENT, 0, cb0_dw, 8));
    g_assert_true(vgl_set_uniform_buffer(&b, SABLE_VIRGL_SHADER_FRAGMENT, 1, 0, sizeof(cb1),
                                         RES_CB));
    draw(&b, 0, 3);
    Mt *mt = run_frame_with(v, 3, false, &b, &extra, 1);
    /* (0.5 * 0.5 + 0.25, 0.25 * 1, 1 * 0.5 + 0.125, 1 * 1) */
    const float want[4] = { 0.5f, 0.25f, 0.625f, 1 };
    for (uint32_t y = 0; y < H; y += 3) {
        for (uint32_t x = 0; x < W; x += 3) {
            assert_px(mt, x, y, want, 1);
        }
    }
    mt_free(mt);
    umd_shader_destroy(&p.dev, &ps);
    pipe_fini(&p);
}

/* ---- sampling through the translated shaders ---- */

#define RES_TEX2 6u
#define TEX2_GPA 0x59000ull
#define MAX_SLOTS 4u

/* A frame sampling textures: SRV slot i is a view of tex[i] (a buffer:
 * of 16-byte elements), sampler slot
 * i the sampler object made from samp[i]; a full-target quad with v1 =
 * (u, v, ref, 0), u from u0 (left edge) to u1 (right edge), v from 0 (top)
 * to 1 (bottom). */
typedef struct TexFrame {
    const char *ps;                 /* SM4 text, translated by the UMD */
    const Extra *tex;
    uint32_t ntex;
    const D3D10_DDI_SAMPLER_DESC *samp;
    uint32_t nsamp;
    float u0, u1, ref;
} TexFrame;

/* What the draw path does with the shader's units: unit u gets the view of
 * SRV slot unit[u].view and the sampler of slot unit[u].sampler (none: no
 * sampler state, 0). */
static void bind_units(VglBuf *b, const Sm4ShaderInfo *info, const uint32_t *views,
                       const UmdSampler *samplers)
{
    uint32_t v[SM4_MAX_UNITS], st[SM4_MAX_UNITS];
    g_assert_cmpuint(info->nunits, >, 0);
    for (uint32_t u = 0; u < info->nunits; u++) {
        const Sm4TexUnit *unit = &info->unit[u];
        v[u] = views[unit->view];
        st[u] = unit->sampler == SM4_UNIT_NO_SAMPLER ? 0 : samplers[unit->sampler].handle;
    }
    g_assert_true(vgl_set_sampler_views(b, SABLE_VIRGL_SHADER_FRAGMENT, 0, v, info->nunits));
    g_assert_true(vgl_bind_sampler_states(b, SABLE_VIRGL_SHADER_FRAGMENT, 0, st, info->nunits));
}

/* Runs the frame; the translated PS's info in *info. */
static Mt *tex_frame(const TexFrame *f, Sm4ShaderInfo *info)
{
    Pipe p;
    D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_opaque);
    D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(FALSE, D3D10_DDI_COMPARISON_LESS);
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_NONE, FALSE, FALSE);
    pipe_init(&p, &bd, &dd, &rd);
    UmdShader ps;
    make_shader(&p.dev, f->ps, SM4_PS, &ps);
    umd_set_shader(&p.dev, UMD_DDI_PsSetShader, UMD_PS, &ps);
    UmdSampler samp[MAX_SLOTS];
    uint32_t views[MAX_SLOTS];
    static uint32_t dw[MAX_DW];
    VglBuf b;
    vgl_init(&b, dw, MAX_DW);
    frame_begin(&p, &b, false, black);
    for (uint32_t i = 0; i < f->nsamp; i++) {
        umd_sampler_create(&p.dev, &f->samp[i], &samp[i]);
        g_assert_true(vgl_append(&b, samp[i].create, samp[i].ncreate));
    }
    g_assert_cmpuint(nerrors, ==, 0);
    for (uint32_t i = 0; i < f->ntex; i++) {
        const Extra *x = &f->tex[i];
        views[i] = 200 + i;
        uint32_t last = x->h ? x->layers - 1 : 0;
        g_assert_true(x->h ? vgl_create_sampler_view(&b, views[i], x->id, x->format, 0, last, 0,
                                                     0, SABLE_VIRGL_SWIZZLE_IDENTITY)
                           : vgl_create_buffer_view(&b, views[i], x->id, x->format, 0,
                                                    x->w / 16 - 1, SABLE_VIRGL_SWIZZLE_IDENTITY));
    }
    bind_units(&b, &ps.info, views, samp);
    const float c[4][4] = { { f->u0, 0, f->ref, 0 }, { f->u1, 0, f->ref, 0 },
                            { f->u0, 1, f->ref, 0 }, { f->u1, 1, f->ref, 0 } };
    const Vtx v[6] = { vtx(0, 0, 0, c[0]), vtx(W, 0, 0, c[1]), vtx(0, H, 0, c[2]),
                       vtx(W, 0, 0, c[1]), vtx(W, H, 0, c[3]), vtx(0, H, 0, c[2]) };
    draw(&b, 0, 6);
    Mt *mt = run_frame_with(v, 6, false, &b, f->tex, f->ntex);
    *info = ps.info;
    umd_shader_destroy(&p.dev, &ps);
    pipe_fini(&p);
    return mt;
}

/* 2 x 2 textures: red, green / blue, white (row 0 is v = 0, the top) and
 * a second one of other colours; as 0xAARRGGBB = B8G8R8A8 bytes. */
static const uint32_t texels[4] = { 0xffff0000u, 0xff00ff00u, 0xff0000ffu, 0xffffffffu };
static const uint32_t texels2[4] = { 0xff202020u, 0xff406080u, 0xff80a0c0u, 0xffe0e0e0u };
static const Extra tex_rgbw = { RES_TEX, SABLE_VIRGL_BIND_SAMPLER_VIEW,
                                SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 2, 2, TEX_GPA, texels, 1 };
static const Extra tex_other = { RES_TEX2, SABLE_VIRGL_BIND_SAMPLER_VIEW,
                                 SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 2, 2, TEX2_GPA, texels2, 1 };

static D3D10_DDI_SAMPLER_DESC sampler_of(D3D10_DDI_FILTER filter,
                                         D3D10_DDI_TEXTURE_ADDRESS_MODE address_u)
{
    D3D10_DDI_SAMPLER_DESC sd = sampler_desc();
    sd.Filter = filter;
    sd.AddressU = address_u;
    sd.AddressV = sd.AddressW = D3D10_DDI_TEXTURE_ADDRESS_CLAMP;
    return sd;
}

/* float4 main(float2 uv : T1) : SV_Target { return t0.Sample(s0, uv); } */
static const char ps_sample_text[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "ret\n";

/* Point filtering, u from -0.5 to 1.5 across: AddressU CLAMP: columns 0-7
 * take texel column 0, 8-15 column 1; WRAP: column 0 at 4-7 and 12-15,
 * column 1 at 0-3 and 8-11. */
static void sampler_case(D3D10_DDI_TEXTURE_ADDRESS_MODE address_u)
{
    const D3D10_DDI_SAMPLER_DESC sd = sampler_of(D3D10_DDI_FILTER_MIN_MAG_MIP_POINT, address_u);
    const TexFrame f = { ps_sample_text, &tex_rgbw, 1, &sd, 1, -0.5f, 1.5f, 0 };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            uint32_t col = address_u == D3D10_DDI_TEXTURE_ADDRESS_CLAMP ? x >= 8
                                                                         : ((x / 4) & 1) == 0;
            g_assert_cmphex(px(mt, x, y), ==, texels[(y < H / 2 ? 0 : 2) + col]);
        }
    }
    mt_free(mt);
}

static void test_sampler(void)
{
    sampler_case(D3D10_DDI_TEXTURE_ADDRESS_CLAMP);
    sampler_case(D3D10_DDI_TEXTURE_ADDRESS_WRAP);
}

static float channel(uint32_t argb, unsigned c)
{
    static const unsigned shift[4] = { 16, 8, 0, 24 }; /* c: 0 r, 1 g, 2 b, 3 a */
    return (float)(argb >> shift[c] & 0xff) / 255.0f;
}

/* Bilinear filtering of the 2 x 2 texture at (u, v), CLAMP. */
static void bilinear(const uint32_t *tx, float u, float v, float out[4])
{
    float fx = u * 2 - 0.5f, fy = v * 2 - 0.5f;
    fx = fx < 0 ? 0 : fx > 1 ? 1 : fx;
    fy = fy < 0 ? 0 : fy > 1 ? 1 : fy;
    for (unsigned c = 0; c < 4; c++) {
        float top = channel(tx[0], c) * (1 - fx) + channel(tx[1], c) * fx;
        float bottom = channel(tx[2], c) * (1 - fx) + channel(tx[3], c) * fx;
        out[c] = top * (1 - fy) + bottom * fy;
    }
}

/* Linear filtering, u and v from 0 to 1: every pixel the bilinear mix at
 * its centre (u = (x + 0.5) / 16), within 2 of 255: llvmpipe filters
 * 8-bit texels with 8-bit fractional weights (an error below one unit),
 * plus the rounding of the result. */
static void test_sample_linear(void)
{
    const D3D10_DDI_SAMPLER_DESC sd =
        sampler_of(D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR, D3D10_DDI_TEXTURE_ADDRESS_CLAMP);
    const TexFrame f = { ps_sample_text, &tex_rgbw, 1, &sd, 1, 0, 1, 0 };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    unsigned mixed = 0;
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            float want[4];
            bilinear(texels, ((float)x + 0.5f) / W, ((float)y + 0.5f) / H, want);
            assert_px(mt, x, y, want, 2);
            mixed += px(mt, x, y) != texels[0] && px(mt, x, y) != texels[1] &&
                     px(mt, x, y) != texels[2] && px(mt, x, y) != texels[3];
        }
    }
    g_assert_cmpuint(mixed, >, W * H / 2); /* filtered, not point-sampled */
    mt_free(mt);
}

/* The LOD the sampler sees, told by the filter it picks: min filter
 * POINT, mag filter LINEAR. The quad magnifies (its LOD is -3), so `sample`
 * would filter linearly; a LOD above 0.5 (GL's switch-over for these
 * filters; D3D's is 0) selects minification: point samples; one at or
 * below 0, magnification: linear. `op` samples t0 with s0 at v1.xy into
 * o0. */
static void filter_case(const char *op, bool point)
{
    g_autofree char *ps = g_strdup_printf("ps_5_0\n"
                                          "dcl_sampler s0, mode_default\n"
                                          "dcl_resource_texture2d (float,float,float,float) t0\n"
                                          "dcl_input_ps linear v1.xy\n"
                                          "dcl_output o0.xyzw\n"
                                          "%s\n"
                                          "ret\n",
                                          op);
    const D3D10_DDI_SAMPLER_DESC sd = sampler_of(D3D10_DDI_FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT,
                                                 D3D10_DDI_TEXTURE_ADDRESS_CLAMP);
    const TexFrame f = { ps, &tex_rgbw, 1, &sd, 1, 0, 1, 0 };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            float want[4];
            if (point) {
                g_assert_cmphex(px(mt, x, y), ==, texels[(y >= H / 2) * 2 + (x >= W / 2)]);
                continue;
            }
            bilinear(texels, ((float)x + 0.5f) / W, ((float)y + 0.5f) / H, want);
            assert_px(mt, x, y, want, 2);
        }
    }
    mt_free(mt);
}

/* sample_l: the LOD operand (2, 0); sample_b: the bias added to -3 (5:
 * 2, 0: -3); sample_d: the LOD from the derivatives given (a texel per
 * pixel on the 2 x 2 texture: 2 texels, LOD 1; 1/64 texel: magnified). */
static void test_sample_lod(void)
{
    filter_case("sample_l o0.xyzw, v1.xyxx, t0.xyzw, s0, l(2.0)", true);
    filter_case("sample_l o0.xyzw, v1.xyxx, t0.xyzw, s0, l(0.0)", false);
    filter_case("sample_b o0.xyzw, v1.xyxx, t0.xyzw, s0, l(5.0)", true);
    filter_case("sample_b o0.xyzw, v1.xyxx, t0.xyzw, s0, l(0.0)", false);
    filter_case("sample_d o0.xyzw, v1.xyxx, t0.xyzw, s0, l(1.0, 0, 0, 0), l(0, 1.0, 0, 0)",
                true);
    filter_case("sample_d o0.xyzw, v1.xyxx, t0.xyzw, s0, l(0.0078125, 0, 0, 0), "
                "l(0, 0.0078125, 0, 0)",
                false);
}

/* The texel offset of sample_aoffimmi (+1 in u): point CLAMP, every
 * column takes texel column 1. */
static void test_sample_offset(void)
{
    static const char ps[] = "ps_4_0\n"
                             "dcl_sampler s0, mode_default\n"
                             "dcl_resource_texture2d (float,float,float,float) t0\n"
                             "dcl_input_ps linear v1.xy\n"
                             "dcl_output o0.xyzw\n"
                             "sample_aoffimmi(1,0,0) o0.xyzw, v1.xyxx, t0.xyzw, s0\n"
                             "ret\n";
    const D3D10_DDI_SAMPLER_DESC sd =
        sampler_of(D3D10_DDI_FILTER_MIN_MAG_MIP_POINT, D3D10_DDI_TEXTURE_ADDRESS_CLAMP);
    const TexFrame f = { ps, &tex_rgbw, 1, &sd, 1, 0, 1, 0 };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            g_assert_cmphex(px(mt, x, y), ==, texels[(y >= H / 2) * 2 + 1]);
        }
    }
    mt_free(mt);
}

/* One colour for the whole target from a shader (coordinates constant). */
static void uniform_case(const char *body, uint32_t want)
{
    g_autofree char *ps = g_strdup_printf("ps_5_0\n"
                                          "dcl_sampler s0, mode_default\n"
                                          "dcl_resource_texture2d (float,float,float,float) t0\n"
                                          "dcl_output o0.xyzw\n"
                                          "dcl_temps 1\n"
                                          "%s\n"
                                          "ret\n",
                                          body);
    const D3D10_DDI_SAMPLER_DESC sd =
        sampler_of(D3D10_DDI_FILTER_MIN_MAG_MIP_POINT, D3D10_DDI_TEXTURE_ADDRESS_CLAMP);
    const TexFrame f = { ps, &tex_rgbw, 1, &sd, 1, 0, 1, 0 };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    for (uint32_t y = 0; y < H; y += 3) {
        for (uint32_t x = 0; x < W; x += 3) {
            g_assert_cmphex(px(mt, x, y), ==, want);
        }
    }
    mt_free(mt);
}

/* gather4 at the texture's centre: the footprint's four texels, in D3D's
 * order (u0, v1), (u1, v1), (u1, v0), (u0, v0) = blue, white, green, red;
 * s0.x gathers red (0, 1, 0, 1), s0.y green (0, 1, 1, 0). resinfo of the
 * 2 x 2 texture with one level: (2, 2, 0, 1), as floats scaled by 1/4;
 * _rcpFloat: (1/2, 1/2, 0, 1); _uint: integers, converted here in the
 * order wzyx: (1, 0, 2, 2), saturated by the target. */
static void test_gather_resinfo(void)
{
    uniform_case("gather4 o0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0.x", 0xff00ff00u);
    uniform_case("gather4 o0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0.y", 0x0000ffffu);
    uniform_case("resinfo r0.xyzw, l(0), t0.xyzw\n"
                 "mul o0.xyzw, r0.xyzw, l(0.25, 0.25, 0.25, 0.25)",
                 0x40808000u);
    uniform_case("resinfo_rcpFloat o0.xyzw, l(0), t0.xyzw", 0xff808000u);
    uniform_case("resinfo_uint r0.xyzw, l(0), t0.xyzw\n"
                 "utof o0.xyzw, r0.wzyx",
                 0xffff00ffu);
}

/* sample_c / sample_c_lz against a 2 x 2 Z32_FLOAT texture (0.25, 0.75 /
 * 0.4, 0.6) with a comparison sampler, reference 0.5 (v1.z), point
 * filtering: LESS passes where 0.5 < the texel (the right column);
 * GREATER where 0.5 > it (the left column). */
static void sample_c_case(const char *op, D3D10_DDI_COMPARISON_FUNC func)
{
    static const float depth[4] = { 0.25f, 0.75f, 0.4f, 0.6f };
    const Extra tex = { RES_TEX, SABLE_VIRGL_BIND_SAMPLER_VIEW, SABLE_VIRGL_FORMAT_Z32_FLOAT, 2,
                        2, TEX_GPA, depth, 1 };
    g_autofree char *ps = g_strdup_printf("ps_4_0\n"
                                          "dcl_sampler s0, mode_comparison\n"
                                          "dcl_resource_texture2d (float,float,float,float) t0\n"
                                          "dcl_input_ps linear v1.xyz\n"
                                          "dcl_output o0.xyzw\n"
                                          "dcl_temps 1\n"
                                          "%s r0.x, v1.xyxx, t0.xxxx, s0, v1.z\n"
                                          "mov o0.xyzw, r0.xxxx\n"
                                          "ret\n",
                                          op);
    D3D10_DDI_SAMPLER_DESC sd = sampler_of(D3D10_DDI_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
                                           D3D10_DDI_TEXTURE_ADDRESS_CLAMP);
    sd.ComparisonFunc = func;
    const TexFrame f = { ps, &tex, 1, &sd, 1, 0, 1, 0.5f };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            bool pass = func == D3D10_DDI_COMPARISON_LESS ? x >= W / 2 : x < W / 2;
            g_assert_cmphex(px(mt, x, y), ==, pass ? 0xffffffffu : 0);
        }
    }
    mt_free(mt);
}

static void test_sample_c(void)
{
    sample_c_case("sample_c", D3D10_DDI_COMPARISON_LESS);
    sample_c_case("sample_c", D3D10_DDI_COMPARISON_GREATER);
    sample_c_case("sample_c_lz", D3D10_DDI_COMPARISON_LESS);
}

/* ld: the texel of each 8 x 8 quadrant by integer address (SV_Position /
 * 8, mip 0), no sampler (its unit has none). */
static void test_ld(void)
{
    static const char ps[] = "ps_4_0\n"
                             "dcl_resource_texture2d (float,float,float,float) t0\n"
                             "dcl_input_ps_siv linear noperspective v0.xy, position\n"
                             "dcl_output o0.xyzw\n"
                             "dcl_temps 1\n"
                             "ftou r0.xy, v0.xyxx\n"
                             "ushr r0.xy, r0.xyxx, l(3, 3, 0, 0)\n"
                             "mov r0.zw, l(0, 0, 0, 0)\n"
                             "ld o0.xyzw, r0.xyzw, t0.xyzw\n"
                             "ret\n";
    const TexFrame f = { ps, &tex_rgbw, 1, NULL, 0, 0, 1, 0 };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    g_assert_cmpuint(info.nunits, ==, 1);
    g_assert_cmpuint(info.unit[0].sampler, ==, SM4_UNIT_NO_SAMPLER);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            g_assert_cmphex(px(mt, x, y), ==, texels[(y >= H / 2) * 2 + (x >= W / 2)]);
        }
    }
    mt_free(mt);
}

/* ld on a Buffer<float4> of four elements: element x / 4 in column x. */
static void test_ld_buffer(void)
{
    static const char ps[] = "ps_4_0\n"
                             "dcl_resource_buffer (float,float,float,float) t0\n"
                             "dcl_input_ps_siv linear noperspective v0.x, position\n"
                             "dcl_output o0.xyzw\n"
                             "dcl_temps 1\n"
                             "ftou r0.x, v0.x\n"
                             "ushr r0.x, r0.x, l(2)\n"
                             "ld o0.xyzw, r0.xxxx, t0.xyzw\n"
                             "ret\n";
    static const float elems[4][4] = {
        { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 0.5f, 0.25f, 1, 0.75f },
    };
    const Extra buf = { RES_TEX, SABLE_VIRGL_BIND_SAMPLER_VIEW,
                        SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT, sizeof elems, 0, TEX_GPA, elems, 0 };
    const TexFrame f = { ps, &buf, 1, NULL, 0, 0, 1, 0 };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    for (uint32_t y = 0; y < H; y += 5) {
        for (uint32_t x = 0; x < W; x++) {
            g_assert_cmphex(px(mt, x, y), ==, argb(elems[x / 4]));
        }
    }
    mt_free(mt);
}

/* A Texture2DArray of two layers (the two 2 x 2 textures): sample at
 * layer 1 (v1.z) and ld at layer 1 (address z) give the second one's
 * texels, point filtering. */
static void test_array(void)
{
    static uint32_t layers[8];
    memcpy(layers, texels, sizeof texels);
    memcpy(layers + 4, texels2, sizeof texels2);
    const Extra tex = { RES_TEX, SABLE_VIRGL_BIND_SAMPLER_VIEW, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
                        2, 2, TEX_GPA, layers, 2 };
    const D3D10_DDI_SAMPLER_DESC sd =
        sampler_of(D3D10_DDI_FILTER_MIN_MAG_MIP_POINT, D3D10_DDI_TEXTURE_ADDRESS_CLAMP);
    static const char *const ops[] = {
        "sample o0.xyzw, v1.xyzx, t0.xyzw, s0",
        "ftou r0.xy, v0.xyxx\nushr r0.xy, r0.xyxx, l(3, 3, 0, 0)\nmov r0.zw, l(0, 0, 1, 0)\n"
        "ld o0.xyzw, r0.xyzw, t0.xyzw",
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(ops); i++) {
        g_autofree char *ps =
            g_strdup_printf("ps_4_0\n"
                            "dcl_sampler s0, mode_default\n"
                            "dcl_resource_texture2darray (float,float,float,float) t0\n"
                            "dcl_input_ps_siv linear noperspective v0.xy, position\n"
                            "dcl_input_ps linear v1.xyz\n"
                            "dcl_output o0.xyzw\n"
                            "dcl_temps 1\n"
                            "%s\n"
                            "ret\n",
                            ops[i]);
        const TexFrame f = { ps, &tex, 1, &sd, 1, 0, 1, 1.0f };
        Sm4ShaderInfo info;
        Mt *mt = tex_frame(&f, &info);
        for (uint32_t y = 0; y < H; y++) {
            for (uint32_t x = 0; x < W; x++) {
                g_assert_cmphex(px(mt, x, y), ==, texels2[(y >= H / 2) * 2 + (x >= W / 2)]);
            }
        }
        mt_free(mt);
    }
}

/* Every texture form the translator emits compiles on the host: a draw
 * with each shader (nothing bound; a shader the host cannot translate or
 * compile is a context error, a fault of the engine). */
static void test_tex_forms_compile(void)
{
    static const char pre[] =
        "ps_5_0\n"
        "dcl_sampler s0, mode_default\n"
        "dcl_sampler s1, mode_comparison\n"
        "dcl_resource_texture1d (float,float,float,float) t0\n"
        "dcl_resource_texture1darray (float,float,float,float) t1\n"
        "dcl_resource_texture2darray (float,float,float,float) t2\n"
        "dcl_resource_texture3d (float,float,float,float) t3\n"
        "dcl_resource_texturecube (float,float,float,float) t4\n"
        "dcl_resource_texturecubearray (float,float,float,float) t5\n"
        "dcl_resource_texture2dms(4) (float,float,float,float) t6\n"
        "dcl_resource_buffer (uint,uint,uint,uint) t7\n"
        "dcl_resource_texture2d (sint,sint,sint,sint) t8\n"
        "dcl_input_ps linear v1.xyzw\n"
        "dcl_output o0.xyzw\n"
        "dcl_temps 2\n";
    static const char *const bodies[] = {
        "sample r0, v1.xxxx, t0, s0\nsample_l r1, v1.xyxx, t1, s0, l(1.0)\nadd o0, r0, r1",
        "sample_c r0.x, v1.xyzx, t2.xxxx, s1, v1.w\nsample_c_lz r0.y, v1.xyzx, t2.xxxx, s1, v1.w\n"
        "mov o0, r0",
        "sample_c r0.x, v1.xxxx, t0.xxxx, s1, v1.w\nsample_c_lz r0.y, v1.xyxx, t1.xxxx, s1, v1.w\n"
        "mov o0, r0",
        "sample_c r0.x, v1.xyzx, t4.xxxx, s1, v1.w\nsample_c_lz r0.y, v1.xyzx, t4.xxxx, s1, v1.w\n"
        "sample_c r0.z, v1.xyzw, t5.xxxx, s1, v1.w\nmov o0, r0",
        "sample_l r0, v1.xyzw, t5, s0, l(1.0)\nsample_b r1, v1.xyzw, t5, s0, l(1.0)\n"
        "sample r1, v1.xyzw, t5, s0\nadd o0, r0, r1",
        "sample_d r0, v1.xyzx, t4, s0, v1.xyzx, v1.xyzx\nsample_d r1, v1.xyzx, t3, s0, v1.xyzx, "
        "v1.xyzx\nadd o0, r0, r1",
        "gather4 r0, v1.xyzx, t2, s0.w\ngather4_c r1, v1.xyzx, t2.xyzw, s1.x, v1.w\n"
        "add o0, r0, r1",
        "gather4 r0, v1.xyzx, t4, s0.y\ngather4 r1, v1.xyzw, t5, s0.z\nadd o0, r0, r1",
        "ftoi r1, v1\ngather4_po r0, v1.xyzx, r1.xyxx, t2, s0.y\n"
        "gather4_po_c r1, v1.xyzx, r1.xyxx, t2, s1.x, v1.w\nadd o0, r0, r1",
        "sample_aoffimmi(1,-1,0) r0, v1.xyzx, t2, s0\nsample_l_aoffimmi(2,0,1) r1, v1.xyzx, t3, s0, "
        "l(0)\nadd o0, r0, r1",
        "lod r0.xy, v1.xyzx, t4, s0\nlod r0.zw, v1.xyzx, t3.zwxy, s0\nmov o0, r0",
        "ftoi r0, v1\nld_ms r1, r0, t6, l(2)\nsample_info r0.x, t6.xxxx\n"
        "sample_info_uint r0.y, t2.xxxx\nadd o0, r0, r1",
        "ftoi r0, v1\nld r1, r0, t7\nld r0, r0, t8\nutof r1, r1\nitof r0, r0\nadd o0, r0, r1",
        "ftoi r0, v1\nld r1, r0, t1\nld r0, r0, t3\nadd o0, r0, r1",
        "resinfo r0, l(0), t3\nresinfo_rcpFloat r1, l(0), t4\nadd r0, r0, r1\n"
        "resinfo_uint r1, l(0), t5\nbufinfo r1.x, t7\nutof r1, r1\nadd o0, r0, r1",
        "resinfo r0, l(0), t6\nresinfo r1, l(0), t1\nadd o0, r0, r1",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bodies); i++) {
        g_autofree char *text = g_strdup_printf("%s%s\nret\n", pre, bodies[i]);
        Pipe p;
        D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_opaque);
        D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(FALSE, D3D10_DDI_COMPARISON_LESS);
        D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_NONE, FALSE, FALSE);
        pipe_init(&p, &bd, &dd, &rd);
        UmdShader ps;
        make_shader(&p.dev, text, SM4_PS, &ps);
        umd_set_shader(&p.dev, UMD_DDI_PsSetShader, UMD_PS, &ps);
        static uint32_t dw[MAX_DW];
        VglBuf b;
        vgl_init(&b, dw, MAX_DW);
        frame_begin(&p, &b, false, black);
        Vtx v[3];
        fullscreen(v, 0, black);
        draw(&b, 0, 3);
        mt_free(run_frame(v, 3, false, &b));
        umd_shader_destroy(&p.dev, &ps);
        pipe_fini(&p);
    }
}

/* t1 with s0 (t0 is another texture, s1 a linear sampler): one unit, view
 * slot 1 with sampler slot 0; point samples of the second texture. */
static void test_sample_pair(void)
{
    static const char ps[] = "ps_4_0\n"
                             "dcl_sampler s0, mode_default\n"
                             "dcl_sampler s1, mode_default\n"
                             "dcl_resource_texture2d (float,float,float,float) t0\n"
                             "dcl_resource_texture2d (float,float,float,float) t1\n"
                             "dcl_input_ps linear v1.xy\n"
                             "dcl_output o0.xyzw\n"
                             "sample o0.xyzw, v1.xyxx, t1.xyzw, s0\n"
                             "ret\n";
    const Extra tex[2] = { tex_rgbw, tex_other };
    const D3D10_DDI_SAMPLER_DESC sd[2] = {
        sampler_of(D3D10_DDI_FILTER_MIN_MAG_MIP_POINT, D3D10_DDI_TEXTURE_ADDRESS_CLAMP),
        sampler_of(D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR, D3D10_DDI_TEXTURE_ADDRESS_CLAMP),
    };
    const TexFrame f = { ps, tex, 2, sd, 2, 0, 1, 0 };
    Sm4ShaderInfo info;
    Mt *mt = tex_frame(&f, &info);
    g_assert_cmpuint(info.nunits, ==, 1);
    g_assert_cmpuint(info.unit[0].view, ==, 1);
    g_assert_cmpuint(info.unit[0].sampler, ==, 0);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            g_assert_cmphex(px(mt, x, y), ==, texels2[(y >= H / 2) * 2 + (x >= W / 2)]);
        }
    }
    mt_free(mt);
}

/* ---- encoder goldens: dwords derived from the protocol's layouts ---- */

static void expect(const VglBuf *b, const uint32_t *want, uint32_t n)
{
    g_assert_false(b->failed);
    g_assert_cmpuint(b->n, ==, n);
    for (uint32_t i = 0; i < n; i++) {
        if (b->dw[i] != want[i]) {
            g_error("dword %u: 0x%08x, want 0x%08x", i, b->dw[i], want[i]);
        }
    }
}

static void test_golden_commands(void)
{
    uint32_t dw[64];
    VglBuf b;
    /* BIND_OBJECT (2) of a DSA (3), one argument: the handle */
    vgl_init(&b, dw, 64);
    vgl_bind_object(&b, SABLE_VIRGL_OBJECT_DSA, 7);
    expect(&b, (const uint32_t[]){ 0x00010302, 7 }, 2);
    /* SET_STENCIL_REF (13): front | back << 8 */
    vgl_init(&b, dw, 64);
    vgl_set_stencil_ref(&b, 0x12, 0x34);
    expect(&b, (const uint32_t[]){ 0x0001000d, 0x3412 }, 2);
    /* CLEAR (7): colour0 | depth, rgba floats, depth 1.0 as a double (low
     * dword first), stencil */
    vgl_init(&b, dw, 64);
    vgl_clear(&b, SABLE_VIRGL_CLEAR_COLOR0 | SABLE_VIRGL_CLEAR_DEPTH,
              (const float[4]){ 0, 0.5f, 1, 1 }, 1.0, 0);
    expect(&b, (const uint32_t[]){ 0x00080007, 5, 0, 0x3f000000, 0x3f800000, 0x3f800000, 0,
                                   0x3ff00000, 0 }, 9);
    /* DRAW_VBO (8), 12 arguments: 3 vertices from 0 as triangles (4), one
     * instance */
    vgl_init(&b, dw, 64);
    vgl_draw_vbo(&b, &(VglDraw){ .count = 3, .mode = SABLE_VIRGL_PRIM_TRIANGLES,
                                 .instance_count = 1 });
    expect(&b, (const uint32_t[]){ 0x000c0008, 0, 3, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0 }, 13);
    /* CREATE_OBJECT (1) SHADER (4): handle, type, text bytes with the NUL
     * (10), token budget (256 at least), no SO; the text in dwords */
    vgl_init(&b, dw, 64);
    vgl_create_shader(&b, 9, SABLE_VIRGL_SHADER_VERTEX, "VERT\nEND\n", 0);
    expect(&b, (const uint32_t[]){ 0x00080401, 9, 0, 10, 256, 0, 0x54524556, 0x444e450a,
                                   0x0000000a }, 9);
    /* SET_CONSTANT_BUFFER (12) inline and SET_UNIFORM_BUFFER (27) */
    vgl_init(&b, dw, 64);
    vgl_set_constant_buffer(&b, SABLE_VIRGL_SHADER_FRAGMENT, 0, (const uint32_t[]){ 1, 2, 3, 4 },
                            4);
    vgl_set_uniform_buffer(&b, SABLE_VIRGL_SHADER_FRAGMENT, 2, 256, 64, 9);
    expect(&b, (const uint32_t[]){ 0x0006000c, 1, 0, 1, 2, 3, 4, 0x0005001b, 1, 2, 256, 64, 9 },
           13);
    /* SET_VIEWPORT_STATE (4) of the D3D viewport (0, 0, 16, 16, 0, 1):
     * start slot, scale (8, -8, 1), translate (8, 8, 0) */
    const D3D10_DDI_VIEWPORT d3d_vp = { 0, 0, 16, 16, 0, 1 };
    VglViewport vp;
    umd_map_viewport(&d3d_vp, &vp);
    vgl_init(&b, dw, 64);
    vgl_set_viewports(&b, 0, &vp, 1);
    expect(&b, (const uint32_t[]){ 0x00070004, 0, 0x41000000, 0xc1000000, 0x3f800000,
                                   0x41000000, 0x41000000, 0 }, 8);
    /* SET_FRAMEBUFFER_STATE (5): count, zsurf, cbufs; CREATE_OBJECT SURFACE
     * (8): handle, res, format, level, first | last layer << 16;
     * SAMPLER_VIEW (6): handle, res, format, first | last layer << 16,
     * first | last level << 8, swizzle r | g << 3 | b << 6 | a << 9 */
    vgl_init(&b, dw, 64);
    vgl_set_framebuffer(&b, (const uint32_t[]){ 5 }, 1, 6);
    vgl_create_surface(&b, 5, 1, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 2, 3, 4);
    vgl_create_sampler_view(&b, 7, 1, SABLE_VIRGL_FORMAT_R8G8B8A8_UNORM, 1, 2, 0, 3,
                            SABLE_VIRGL_SWIZZLE(2, 1, 0, 5));
    expect(&b, (const uint32_t[]){ 0x00030005, 1, 6, 5, 0x00050801, 5, 1, 1, 2, 0x00040003,
                                   0x00060601, 7, 1, 67, 0x00020001, 0x300, 2 | 1 << 3 | 5 << 9 },
           17);
    /* SAMPLER_VIEW of a buffer: handle, res, format, first and last
     * element; first > last is refused, writing nothing */
    vgl_init(&b, dw, 64);
    vgl_create_buffer_view(&b, 8, 3, SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT, 2, 5,
                           SABLE_VIRGL_SWIZZLE(0, 1, 2, 3));
    g_assert_false(vgl_create_buffer_view(&b, 9, 3, SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT, 6, 5,
                                          SABLE_VIRGL_SWIZZLE(0, 1, 2, 3)));
    b.failed = false;
    expect(&b, (const uint32_t[]){ 0x00060601, 8, 3, 31, 2, 5, 0 | 1 << 3 | 2 << 6 | 3 << 9 }, 7);
    /* SET_SAMPLER_VIEWS (10) / BIND_SAMPLER_STATES (18): stage, start,
     * handles; SET_INDEX_BUFFER (11): res, index size, offset;
     * SET_BLEND_COLOR (14): four floats; DESTROY_OBJECT (3) of a blend (1) */
    vgl_init(&b, dw, 64);
    vgl_set_sampler_views(&b, SABLE_VIRGL_SHADER_FRAGMENT, 2, (const uint32_t[]){ 7, 8 }, 2);
    vgl_bind_sampler_states(&b, SABLE_VIRGL_SHADER_VERTEX, 0, (const uint32_t[]){ 9 }, 1);
    vgl_set_index_buffer(&b, 4, 2, 64);
    vgl_set_blend_color(&b, (const float[4]){ 1, 0, 0.5f, 0 });
    vgl_destroy_object(&b, SABLE_VIRGL_OBJECT_BLEND, 12);
    expect(&b, (const uint32_t[]){ 0x0004000a, 1, 2, 7, 8, 0x00030012, 0, 0, 9, 0x0003000b, 4, 2,
                                   64, 0x0004000e, 0x3f800000, 0, 0x3f000000, 0, 0x00010103,
                                   12 }, 20);
    /* RESOURCE_COPY_REGION (17), 13 arguments: dst, level, x, y, z, src,
     * level, box x, y, z, w, h, d */
    vgl_init(&b, dw, 64);
    vgl_resource_copy_region(&b, 1, 0, 4, 5, 0, 2, 1, &(VglBox){ 1, 2, 0, 8, 9, 1 });
    expect(&b, (const uint32_t[]){ 0x000d0011, 1, 0, 4, 5, 0, 2, 1, 1, 2, 0, 8, 9, 1 }, 14);
    /* SET_SCISSOR_STATE (15): start, minx | miny << 16, maxx | maxy << 16 */
    VglScissor sc;
    umd_map_scissor(&(D3D10_DDI_RECT){ 4, 3, 9, 12 }, &sc);
    vgl_init(&b, dw, 64);
    vgl_set_scissors(&b, 0, &sc, 1);
    expect(&b, (const uint32_t[]){ 0x0003000f, 0, 0x00030004, 0x000c0009 }, 4);
}

/* State objects from D3D descriptions through the mapping and the encoder. */
static void test_golden_states(void)
{
    uint32_t dw[64];
    VglBuf b;
    /* blend: SRC_ALPHA (3) / INV_SRC_ALPHA (0x13) ADD (0) colour, ONE (1) /
     * ZERO (0x11) ADD alpha, mask 0xf, on; without independent blending
     * every target gets render target 0's:
     * 1 | 0 << 1 | 3 << 4 | 0x13 << 9 | 0 << 14 | 1 << 17 | 0x11 << 22 | 0xf << 27 */
    D3D10_1_DDI_BLEND_DESC bd = blend_desc(&rt_alpha), norm;
    VglBlend vb;
    g_assert_cmpint(umd_map_blend(&bd, &norm, &vb), ==, UMD_STATE_OK);
    vgl_init(&b, dw, 64);
    vgl_create_blend(&b, 5, &vb);
    uint32_t want_blend[12] = { 0x000b0101, 5, 0, 0 };
    for (unsigned i = 0; i < 8; i++) {
        want_blend[4 + i] = 0x7c422631;
    }
    expect(&b, want_blend, 12);
    /* DSA: depth on, write, LESS (1): 1 | 1 << 1 | 1 << 2; front stencil on,
     * ALWAYS (7), pass REPLACE (2), masks 0xff:
     * 1 | 7 << 1 | 2 << 7 | 0xff << 13 | 0xff << 21; back off */
    D3D10_DDI_DEPTH_STENCIL_DESC dd = dss_desc(TRUE, D3D10_DDI_COMPARISON_LESS), dn;
    dd.StencilEnable = TRUE, dd.FrontEnable = TRUE;
    dd.FrontFace.StencilPassOp = D3D10_DDI_STENCIL_OP_REPLACE;
    VglDsa vd;
    g_assert_cmpint(umd_map_dsa(&dd, &dn, &vd), ==, UMD_STATE_OK);
    vgl_init(&b, dw, 64);
    vgl_create_dsa(&b, 6, &vd);
    expect(&b, (const uint32_t[]){ 0x00050301, 6, 0x7, 0x1fffe10f, 0x1fffe00e, 0 }, 6);
    /* rasterizer: solid, CULL_BACK (face 2 << 8), depth clip (1 << 1),
     * clip z to [0, w] (1 << 2), half-pixel centres (1 << 29); point size
     * and line width 1.0 */
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc(D3D10_DDI_CULL_BACK, FALSE, FALSE);
    VglRasterizer vr;
    g_assert_cmpint(umd_map_rasterizer(&rd, &vr), ==, UMD_STATE_OK);
    vgl_init(&b, dw, 64);
    vgl_create_rasterizer(&b, 7, &vr);
    expect(&b, (const uint32_t[]){ 0x00090201, 7, 0x20000206, 0x3f800000, 0, 0, 0x3f800000, 0,
                                   0, 0 }, 10);
    /* sampler: MIN_MAG_MIP_LINEAR; WRAP (REPEAT 0), CLAMP (CLAMP_TO_EDGE 2)
     * << 3, BORDER (CLAMP_TO_BORDER 3) << 6, min 1 << 9, mip 1 << 11, mag
     * 1 << 13; bias 0, lods 0 and 1000, border (0, 0, 0, 1) */
    D3D10_DDI_SAMPLER_DESC sd = sampler_desc(), sn;
    VglSampler vs;
    g_assert_cmpint(umd_map_sampler(&sd, &sn, &vs), ==, UMD_STATE_OK);
    vgl_init(&b, dw, 64);
    vgl_create_sampler_state(&b, 8, &vs);
    expect(&b, (const uint32_t[]){ 0x00090701, 8, 0x2ad0, 0, 0, 0x447a0000, 0, 0, 0,
                                   0x3f800000 }, 10);
    /* element layout: float4 POSITION in register 0 (slot 0, offset 0) and
     * RGBA8 COLOR in register 2 (slot 1, appended: offset 0); register 1
     * is fed a 1-byte R8_UNORM (64) read of the first element's data */
    const D3D10DDIARG_INPUT_ELEMENT_DESC el[2] = {
        { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 },
        { 1, UMD_APPEND_ALIGNED_ELEMENT, DXGI_FORMAT_R8G8B8A8_UNORM,
          D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 2 },
    };
    D3D10DDIARG_INPUT_ELEMENT_DESC resolved[UMD_MAX_ELEMENTS];
    VglVertexElement ve[UMD_MAX_ELEMENTS];
    uint32_t nve;
    g_assert_cmpint(umd_map_elements(&(D3D10DDIARG_CREATEELEMENTLAYOUT){ el, 2 }, resolved, ve,
                                     &nve), ==, UMD_STATE_OK);
    g_assert_cmpuint(resolved[1].AlignedByteOffset, ==, 0);
    vgl_init(&b, dw, 64);
    vgl_create_vertex_elements(&b, 9, ve, nve);
    expect(&b, (const uint32_t[]){ 0x000d0501, 9, 0, 0, 0, 31, 0, 0, 0, 64, 0, 0, 1, 67 }, 14);
}

/* A command that does not fit writes nothing; the ones that fit do. */
static void test_bounded(void)
{
    uint32_t dw[6];
    for (unsigned i = 0; i < 6; i++) {
        dw[i] = 0xdeadbeef;
    }
    VglBuf b;
    vgl_init(&b, dw, 4);
    g_assert_false(vgl_clear(&b, SABLE_VIRGL_CLEAR_COLOR0, black, 1.0, 0));
    g_assert_true(b.failed);
    g_assert_cmpuint(b.n, ==, 0);
    g_assert_cmphex(dw[0], ==, 0xdeadbeef);
    g_assert_true(vgl_bind_object(&b, SABLE_VIRGL_OBJECT_BLEND, 1));
    g_assert_true(vgl_set_stencil_ref(&b, 1, 1));
    g_assert_false(vgl_bind_object(&b, SABLE_VIRGL_OBJECT_BLEND, 1));
    g_assert_cmpuint(b.n, ==, 4);
    g_assert_cmphex(dw[4], ==, 0xdeadbeef);
    /* out-of-range arguments are refused the same way */
    uint32_t big[64];
    vgl_init(&b, big, 64);
    g_assert_false(vgl_create_vertex_elements(&b, 1, NULL, 1));
    g_assert_false(vgl_set_index_buffer(&b, 3, 3, 0));
    g_assert_false(vgl_create_shader(&b, 1, 77, "FRAG\nEND\n", 0));
    g_assert_false(vgl_set_framebuffer(&b, big, 9, 0));
    g_assert_false(vgl_append(&b, big, 65));
    g_assert_cmpuint(b.n, ==, 0);
    /* a NULL buffer holds nothing */
    vgl_init(&b, NULL, 100);
    g_assert_false(vgl_bind_object(&b, 1, 1));
}

/* ---- hostile descriptions ---- */

static void test_hostile_blend(void)
{
    D3D10_1_DDI_BLEND_DESC n;
    VglBlend v;
    const uint32_t bad_factor[] = { 0, 12, 13, 22, 0x7fffffff, 0xffffffff };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_factor); i++) {
        D3D10_1_DDI_BLEND_DESC d = blend_desc(&rt_alpha);
        d.RenderTarget[0].DestBlendAlpha = (D3D10_DDI_BLEND)bad_factor[i];
        g_assert_cmpint(umd_map_blend(&d, &n, &v), ==, UMD_STATE_INVALID);
        /* a disabled target's factors are not looked at */
        d.RenderTarget[0].BlendEnable = FALSE;
        g_assert_cmpint(umd_map_blend(&d, &n, &v), ==, UMD_STATE_OK);
        g_assert_cmpint(n.RenderTarget[0].DestBlendAlpha, ==, D3D10_DDI_BLEND_ZERO);
    }
    const uint32_t bad_op[] = { 0, 6, 0x80000000u };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_op); i++) {
        D3D10_1_DDI_BLEND_DESC d = blend_desc(&rt_alpha);
        d.RenderTarget[0].BlendOp = (D3D10_DDI_BLEND_OP)bad_op[i];
        g_assert_cmpint(umd_map_blend(&d, &n, &v), ==, UMD_STATE_INVALID);
    }
    D3D10_1_DDI_BLEND_DESC d = blend_desc(&rt_opaque);
    d.RenderTarget[0].RenderTargetWriteMask = 0x10;
    g_assert_cmpint(umd_map_blend(&d, &n, &v), ==, UMD_STATE_INVALID);
    /* independent blending judges every target; without, only target 0 */
    d = blend_desc(&rt_alpha);
    d.RenderTarget[5] = rt_alpha;
    d.RenderTarget[5].SrcBlend = (D3D10_DDI_BLEND)99;
    g_assert_cmpint(umd_map_blend(&d, &n, &v), ==, UMD_STATE_OK);
    d.IndependentBlendEnable = TRUE;
    g_assert_cmpint(umd_map_blend(&d, &n, &v), ==, UMD_STATE_INVALID);
    /* the 10.0 form */
    D3D10_DDI_BLEND_DESC d10 = { FALSE, { TRUE }, D3D10_DDI_BLEND_ONE, (D3D10_DDI_BLEND)0,
                                 D3D10_DDI_BLEND_OP_ADD, D3D10_DDI_BLEND_ONE,
                                 D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD, { 0xf } };
    g_assert_cmpint(umd_map_blend10(&d10, &n, &v), ==, UMD_STATE_INVALID);
    d10.DestBlend = D3D10_DDI_BLEND_ZERO;
    g_assert_cmpint(umd_map_blend10(&d10, &n, &v), ==, UMD_STATE_OK);
    d10.RenderTargetWriteMask[7] = 0xff;
    g_assert_cmpint(umd_map_blend10(&d10, &n, &v), ==, UMD_STATE_INVALID);
}

static void test_hostile_dsa(void)
{
    D3D10_DDI_DEPTH_STENCIL_DESC n;
    VglDsa v;
    D3D10_DDI_DEPTH_STENCIL_DESC d = dss_desc(TRUE, (D3D10_DDI_COMPARISON_FUNC)9);
    g_assert_cmpint(umd_map_dsa(&d, &n, &v), ==, UMD_STATE_INVALID);
    d.DepthFunc = (D3D10_DDI_COMPARISON_FUNC)0;
    g_assert_cmpint(umd_map_dsa(&d, &n, &v), ==, UMD_STATE_INVALID);
    d.DepthEnable = FALSE; /* a disabled test's function is ignored */
    g_assert_cmpint(umd_map_dsa(&d, &n, &v), ==, UMD_STATE_OK);
    d = dss_desc(TRUE, D3D10_DDI_COMPARISON_LESS);
    d.DepthWriteMask = (D3D10_DDI_DEPTH_WRITE_MASK)2;
    g_assert_cmpint(umd_map_dsa(&d, &n, &v), ==, UMD_STATE_INVALID);
    const uint32_t bad_op[] = { 0, 9, 0xffffffff };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_op); i++) {
        d = dss_desc(TRUE, D3D10_DDI_COMPARISON_LESS);
        d.StencilEnable = TRUE, d.BackEnable = TRUE;
        d.BackFace.StencilDepthFailOp = (D3D10_DDI_STENCIL_OP)bad_op[i];
        g_assert_cmpint(umd_map_dsa(&d, &n, &v), ==, UMD_STATE_INVALID);
        d.BackEnable = FALSE;
        g_assert_cmpint(umd_map_dsa(&d, &n, &v), ==, UMD_STATE_OK);
    }
    d = dss_desc(TRUE, D3D10_DDI_COMPARISON_LESS);
    d.StencilEnable = TRUE, d.FrontEnable = TRUE;
    d.FrontFace.StencilFunc = (D3D10_DDI_COMPARISON_FUNC)100;
    g_assert_cmpint(umd_map_dsa(&d, &n, &v), ==, UMD_STATE_INVALID);
}

static void test_hostile_rasterizer(void)
{
    VglRasterizer v;
    const uint32_t bad_fill[] = { 0, 1, 4, 0xffffffff };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_fill); i++) {
        D3D10_DDI_RASTERIZER_DESC d = rast_desc(D3D10_DDI_CULL_NONE, FALSE, FALSE);
        d.FillMode = (D3D10_DDI_FILL_MODE)bad_fill[i];
        g_assert_cmpint(umd_map_rasterizer(&d, &v), ==, UMD_STATE_INVALID);
    }
    const uint32_t bad_cull[] = { 0, 4, 0x80000000u };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_cull); i++) {
        D3D10_DDI_RASTERIZER_DESC d = rast_desc((D3D10_DDI_CULL_MODE)bad_cull[i], FALSE, FALSE);
        g_assert_cmpint(umd_map_rasterizer(&d, &v), ==, UMD_STATE_INVALID);
    }
    D3D10_DDI_RASTERIZER_DESC d = rast_desc(D3D10_DDI_CULL_FRONT, TRUE, TRUE);
    d.SlopeScaledDepthBias = NAN;
    g_assert_cmpint(umd_map_rasterizer(&d, &v), ==, UMD_STATE_INVALID);
    d.SlopeScaledDepthBias = 1.0f, d.DepthBias = -5, d.FillMode = D3D10_DDI_FILL_WIREFRAME;
    g_assert_cmpint(umd_map_rasterizer(&d, &v), ==, UMD_STATE_OK);
    g_assert_cmphex(v.s0 & (SABLE_VIRGL_RS_OFFSET_TRI | SABLE_VIRGL_RS_SCISSOR |
                            SABLE_VIRGL_RS_FRONT_CCW), ==,
                    SABLE_VIRGL_RS_OFFSET_TRI | SABLE_VIRGL_RS_SCISSOR | SABLE_VIRGL_RS_FRONT_CCW);
    g_assert_cmphex(v.s0 & SABLE_VIRGL_RS_FILL_FRONT(3), ==,
                    SABLE_VIRGL_RS_FILL_FRONT(SABLE_VIRGL_POLYGON_LINE));
    g_assert_true(v.offset_units == -5.0f);
}

static void test_hostile_sampler(void)
{
    D3D10_DDI_SAMPLER_DESC n;
    VglSampler v;
    const uint32_t bad_filter[] = { 0x2, 0x8, 0x20, 0x40, 0x41, 0x100, 0x7fffffff, 0xc0 };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_filter); i++) {
        D3D10_DDI_SAMPLER_DESC d = sampler_desc();
        d.Filter = (D3D10_DDI_FILTER)bad_filter[i];
        g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_INVALID);
    }
    D3D10_DDI_SAMPLER_DESC d = sampler_desc();
    d.Filter = D3D10_DDI_FILTER_TEXT_1BIT;
    g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_UNSUPPORTED);
    const uint32_t bad_address[] = { 0, 6, 0xffffffff };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad_address); i++) {
        d = sampler_desc();
        d.AddressW = (D3D10_DDI_TEXTURE_ADDRESS_MODE)bad_address[i];
        g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_INVALID);
    }
    d = sampler_desc();
    d.Filter = D3D10_DDI_FILTER_ANISOTROPIC;
    d.MaxAnisotropy = 17;
    g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_INVALID);
    d.MaxAnisotropy = 0;
    g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_INVALID);
    d.MaxAnisotropy = 16;
    g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_OK);
    g_assert_cmpuint(v.max_anisotropy, ==, 16);
    /* the comparison function counts only for comparison filters */
    d = sampler_desc();
    d.ComparisonFunc = (D3D10_DDI_COMPARISON_FUNC)0;
    g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_OK);
    d.Filter = D3D10_DDI_FILTER_COMPARISON_MIN_MAG_MIP_POINT;
    g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_INVALID);
    d.ComparisonFunc = D3D10_DDI_COMPARISON_LESS_EQUAL;
    g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_OK);
    g_assert_cmpuint(v.compare_mode, ==, SABLE_VIRGL_TEX_COMPARE_R_TO_TEXTURE);
    g_assert_cmpuint(v.compare_func, ==, SABLE_VIRGL_FUNC_LEQUAL);
    d = sampler_desc();
    d.MaxLOD = NAN;
    g_assert_cmpint(umd_map_sampler(&d, &n, &v), ==, UMD_STATE_INVALID);
}

static UmdStateErr map_layout(const D3D10DDIARG_INPUT_ELEMENT_DESC *e, uint32_t n)
{
    D3D10DDIARG_INPUT_ELEMENT_DESC r[UMD_MAX_ELEMENTS];
    VglVertexElement ve[UMD_MAX_ELEMENTS];
    uint32_t nve;
    return umd_map_elements(&(D3D10DDIARG_CREATEELEMENTLAYOUT){ e, n }, r, ve, &nve);
}

static void test_hostile_layout(void)
{
    const D3D10DDIARG_INPUT_ELEMENT_DESC ok = pos_color[0];
    D3D10DDIARG_INPUT_ELEMENT_DESC e[UMD_MAX_ELEMENTS + 1];
    g_assert_cmpint(map_layout(NULL, 1), ==, UMD_STATE_INVALID);
    g_assert_cmpint(map_layout(NULL, 0), ==, UMD_STATE_OK); /* no inputs */
    for (uint32_t i = 0; i <= UMD_MAX_ELEMENTS; i++) {
        e[i] = ok;
        e[i].InputRegister = i;
    }
    g_assert_cmpint(map_layout(e, UMD_MAX_ELEMENTS), ==, UMD_STATE_OK);
    g_assert_cmpint(map_layout(e, UMD_MAX_ELEMENTS + 1), ==, UMD_STATE_INVALID);
    const struct { uint32_t field, value; UmdStateErr want; } bad[] = {
        { 0, 32, UMD_STATE_INVALID },                  /* InputSlot */
        { 0, 0xffffffff, UMD_STATE_INVALID },
        { 1, 2048, UMD_STATE_INVALID },                 /* AlignedByteOffset */
        { 1, 0xfffffff0, UMD_STATE_INVALID },
        { 2, DXGI_FORMAT_BC1_UNORM, UMD_STATE_UNSUPPORTED }, /* Format */
        { 2, DXGI_FORMAT_UNKNOWN, UMD_STATE_UNSUPPORTED },
        { 2, 0x7fffffff, UMD_STATE_UNSUPPORTED },
        { 3, 2, UMD_STATE_INVALID },                    /* InputSlotClass */
        { 5, 32, UMD_STATE_INVALID },                   /* InputRegister */
        { 5, 0xffffffff, UMD_STATE_INVALID },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        D3D10DDIARG_INPUT_ELEMENT_DESC x = ok;
        uint32_t *f = (uint32_t *)&x;
        f[bad[i].field] = bad[i].value;
        g_assert_cmpint(map_layout(&x, 1), ==, bad[i].want);
    }
    /* two elements in one register */
    D3D10DDIARG_INPUT_ELEMENT_DESC two[2] = { ok, ok };
    g_assert_cmpint(map_layout(two, 2), ==, UMD_STATE_UNSUPPORTED);
}

/* ---- the DDIs on a device: codes, objects, bindings ---- */

static void test_ddi_errors(void)
{
    UmdDevice d;
    dev_init(&d);
    /* a NULL description: E_OUTOFMEMORY and the memory is not written (the
     * runtime's buffer may be smaller than the object) */
    uint8_t mem[8];
    memset(mem, 0xab, sizeof mem);
    umd_blend_create(&d, NULL, (UmdBlendState *)mem);
    umd_sampler_create(&d, NULL, (UmdSampler *)mem);
    umd_layout_create(&d, NULL, (UmdElementLayout *)mem);
    g_assert_cmpuint(nerrors, ==, 3);
    g_assert_cmphex((uint32_t)last_error, ==, (uint32_t)E_OUTOFMEMORY);
    for (unsigned i = 0; i < sizeof mem; i++) {
        g_assert_cmphex(mem[i], ==, 0xab);
    }
    /* hostile: E_OUTOFMEMORY, the object zeroed (not a live object) */
    UmdRasterizerState r;
    memset(&r, 0xab, sizeof r);
    D3D10_DDI_RASTERIZER_DESC rd = rast_desc((D3D10_DDI_CULL_MODE)7, FALSE, FALSE);
    umd_rast_create(&d, &rd, &r);
    g_assert_cmpuint(nerrors, ==, 4);
    g_assert_cmphex(r.magic, ==, 0);
    g_assert_cmpuint(d.states_rejected, ==, 4);
    /* valid D3D the UMD cannot map: the same code, counted unsupported */
    UmdSampler s;
    D3D10_DDI_SAMPLER_DESC sd = sampler_desc();
    sd.Filter = D3D10_DDI_FILTER_TEXT_1BIT;
    umd_sampler_create(&d, &sd, &s);
    g_assert_cmpuint(nerrors, ==, 5);
    g_assert_cmphex((uint32_t)last_error, ==, (uint32_t)E_OUTOFMEMORY);
    g_assert_cmpuint(d.unsupported_calls, ==, 1);
    g_assert_false(d.lost);
    /* binding a dead object: the setter cannot refuse but by removing the
     * device (umd_unsupported) */
    umd_set_rast(&d, &r);
    g_assert_true(d.lost);
    g_assert_null(d.state.rast);
}

static void test_ddi_objects(void)
{
    UmdDevice d;
    dev_init(&d);
    UmdBlendState b1, b2;
    D3D10_DDI_BLEND_DESC b10 = { FALSE, { TRUE }, D3D10_DDI_BLEND_SRC_ALPHA,
                                 D3D10_DDI_BLEND_INV_SRC_ALPHA, D3D10_DDI_BLEND_OP_ADD,
                                 D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO,
                                 D3D10_DDI_BLEND_OP_ADD, { 0xf, 0xf } };
    umd_blend_create10(&d, &b10, &b1);
    D3D10_1_DDI_BLEND_DESC b101 = blend_desc(&rt_alpha);
    umd_blend_create(&d, &b101, &b2);
    g_assert_cmpuint(nerrors, ==, 0);
    g_assert_cmphex(b1.magic, ==, UMD_BLEND_MAGIC);
    g_assert_cmpuint(b1.ncreate, ==, VGL_BLEND_DW);
    g_assert_cmpuint(b1.create[1], ==, b1.handle);
    g_assert_cmpuint(b1.handle, !=, b2.handle);
    /* the 10.0 form: target 0 blends, target 1 only writes */
    g_assert_cmphex(b1.create[4], ==, b2.create[4]);
    g_assert_cmphex(b1.create[5] & 1, ==, 0);
    g_assert_cmphex(b1.create[5] >> 27, ==, 0xf);
    g_assert_cmphex(b1.create[6] >> 27, ==, 0);
    UmdSampler s;
    D3D10_DDI_SAMPLER_DESC sd = sampler_desc();
    umd_sampler_create(&d, &sd, &s);
    const D3D10DDI_HSAMPLER hs[2] = { { &s }, { NULL } };
    umd_set_samplers(&d, UMD_DDI_PsSetSamplers, UMD_PS, 3, 2, hs);
    g_assert_true(d.state.sampler[UMD_PS][3] == &s);
    g_assert_null(d.state.sampler[UMD_PS][4]);
    umd_set_blend(&d, &b2, (const FLOAT[4]){ 1, 2, 3, 4 }, 0xf);
    g_assert_true(d.state.blend == &b2);
    g_assert_true(d.state.blend_factor[3] == 4.0f);
    /* destroying unbinds */
    umd_state_object_destroy(&d, &s, sizeof s);
    umd_state_object_destroy(&d, &b2, sizeof b2);
    g_assert_null(d.state.sampler[UMD_PS][3]);
    g_assert_null(d.state.blend);
    g_assert_cmphex(s.magic, ==, 0);
    /* NULL binds the default state */
    umd_set_blend(&d, NULL, NULL, ~0u);
    umd_set_layout(&d, NULL);
    g_assert_false(d.lost);
    g_assert_cmpuint(nerrors, ==, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/umd3d/encoder/golden-commands", test_golden_commands);
    g_test_add_func("/umd3d/encoder/golden-states", test_golden_states);
    g_test_add_func("/umd3d/encoder/bounded", test_bounded);
    g_test_add_func("/umd3d/hostile/blend", test_hostile_blend);
    g_test_add_func("/umd3d/hostile/depth-stencil", test_hostile_dsa);
    g_test_add_func("/umd3d/hostile/rasterizer", test_hostile_rasterizer);
    g_test_add_func("/umd3d/hostile/sampler", test_hostile_sampler);
    g_test_add_func("/umd3d/hostile/element-layout", test_hostile_layout);
    g_test_add_func("/umd3d/ddi/errors", test_ddi_errors);
    g_test_add_func("/umd3d/ddi/objects", test_ddi_objects);
    g_test_add_func("/umd3d/render/triangle", test_triangle);
    g_test_add_func("/umd3d/render/blend", test_blend);
    g_test_add_func("/umd3d/render/depth", test_depth);
    g_test_add_func("/umd3d/render/cull", test_cull);
    g_test_add_func("/umd3d/render/scissor", test_scissor);
    g_test_add_func("/umd3d/render/constants", test_constants);
    g_test_add_func("/umd3d/render/sampler", test_sampler);
    g_test_add_func("/umd3d/render/sample-linear", test_sample_linear);
    g_test_add_func("/umd3d/render/sample-lod", test_sample_lod);
    g_test_add_func("/umd3d/render/sample-offset", test_sample_offset);
    g_test_add_func("/umd3d/render/gather-resinfo", test_gather_resinfo);
    g_test_add_func("/umd3d/render/sample-c", test_sample_c);
    g_test_add_func("/umd3d/render/ld", test_ld);
    g_test_add_func("/umd3d/render/ld-buffer", test_ld_buffer);
    g_test_add_func("/umd3d/render/array", test_array);
    g_test_add_func("/umd3d/render/tex-forms-compile", test_tex_forms_compile);
    g_test_add_func("/umd3d/render/sample-pair", test_sample_pair);
    return g_test_run();
}
