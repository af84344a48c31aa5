/* SPDX-License-Identifier: MIT */
/* The 3D engine (protocol/sable_3d.h) in process: hand-written virgl streams
 * with TGSI text shaders run through virglrenderer on llvmpipe and are read
 * back byte-exact against values derived here; object rules, isolation,
 * hostile streams and resets. One SimBus with 3D at a time (one renderer
 * per process). */
#include <string.h>

#include "model-3d.h"
#include "vstream.h"

#define W 16u
#define H 16u
#define STREAM_GPA 0x20000ull  /* virgl streams (VRAM) */
#define RT_GPA 0x40000ull      /* render target backing, W * H * 4 */
#define VB_GPA 0x50000ull      /* vertex buffer backing */
#define CAPS_GPA 0x60000ull

static CmdBuf cb;

static Stream vs;

/* Place the stream in VRAM and append a SUBMIT of it. */
static void p_stream(Mt *mt, CmdBuf *c, uint32_t ctx, const Stream *s,
                     uint64_t gpa)
{
    memcpy(mt_vram(mt, gpa), s->dw, 4 * s->n);
    p_submit(c, ctx, gpa, s->n);
}

/* ---- fixtures ------------------------------------------------------------ */

static void assert_fault(Mt *mt, uint32_t code, uint32_t dma_offset)
{
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, code);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_DMA_OFFSET), ==, dma_offset);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_FAULTED, !=, 0);
}

static void engine_reset(Mt *mt)
{
    mt_write_reg(mt, SABLE_ENGINE_GRAPHICS, SABLE_ENG_RESET, 1);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_FAULTED, ==, 0);
}

/* Context ctx with a W x H B8G8R8A8 render target `rt` attached, bound as
 * the only colour buffer through surface object 1 (stream into s). */
static void setup_rt(Mt *mt, CmdBuf *c, Stream *s, uint32_t ctx, uint32_t rt,
                     uint64_t rt_gpa)
{
    p_ctx(c, SABLE_OP_3D_CTX_CREATE, ctx);
    p_res_2d(c, rt, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
             SABLE_VIRGL_BIND_RENDER_TARGET | SABLE_VIRGL_BIND_SAMPLER_VIEW,
             W, H, rt_gpa, W * H * 4);
    p_attach(c, SABLE_OP_3D_ATTACH, ctx, rt);
    vs_color_buffer(s, rt);
}

/* Pixel (x, y) of a B8G8R8A8 image at gpa as 0xAARRGGBB. */
static uint32_t px(Mt *mt, uint64_t gpa, uint32_t x, uint32_t y)
{
    uint32_t v;
    memcpy(&v, mt_vram(mt, gpa + 4ull * (y * W + x)), 4);
    return v;
}

/* ---- tests --------------------------------------------------------------- */

static void test_caps(void)
{
    Mt *mt = mt3d();
    g_assert_cmpuint(simbus_read64(mt->bus, SABLE_REG_FEATURES_LO) &
                     SABLE_FEATURE_3D, !=, 0);
    cb_reset(&cb);
    struct sable_cmd_3d_caps p = {
        SABLE_CMD_HEADER(SABLE_OP_3D_CAPS, 0, 4), 4096, CAPS_GPA };
    cb_emit(&cb, &p, sizeof(p));
    assert_ok(mt, run3d(mt, &cb));
    struct sable_3d_caps caps;
    memcpy(&caps, mt_vram(mt, CAPS_GPA), sizeof(caps));
    g_assert_cmpuint(caps.version, ==, SABLE_3D_CAPS_VERSION);
    g_assert_cmpuint(caps.capset_id, ==, 2);
    g_assert_cmpuint(caps.capset_version, >=, 1);
    g_assert_cmpuint(caps.capset_size, >, 0);
    g_assert_cmpuint(caps.max_contexts, ==, SABLE_3D_MAX_CONTEXTS);
    g_assert_cmpuint(caps.max_resources, ==, SABLE_3D_MAX_RESOURCES);
    g_assert_cmpuint(caps.max_stream_bytes, ==, SABLE_3D_MAX_STREAM_BYTES);
    /* virgl caps v2 start with max_version (>= 1) */
    uint32_t max_version;
    memcpy(&max_version, mt_vram(mt, CAPS_GPA + sizeof(caps)), 4);
    g_assert_cmpuint(max_version, >=, 1);
    mt_free(mt);
}

/* A device without 3D refuses the packets as unknown commands. */
static void test_no_3d(void)
{
    Mt *mt = mt_new(NULL);
    g_assert_cmpuint(simbus_read64(mt->bus, SABLE_REG_FEATURES_LO) &
                     SABLE_FEATURE_3D, ==, 0);
    cb_reset(&cb);
    cb_nop(&cb, 1);
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 1);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_fault(mt, SABLE_FAULT_INVALID_COMMAND, 4);
    mt_free(mt);
}

/* Only one device per process has the 3D engine. */
static void test_second_device(void)
{
    Mt *mt = mt3d();
    SableConfig sc = { .vram = g_malloc0(1u << 20), .vram_size = 1u << 20,
                       .enable_3d = true };
    SableHostOps ops = { 0 };
    GError *err = NULL;
    ops = (SableHostOps){ .dma_read = (void *)1, .dma_write = (void *)1,
        .irq_pulse = (void *)1, .irq_level = (void *)1, .schedule = (void *)1,
        .timer_arm = (void *)1, .timer_cancel = (void *)1,
        .clock_ns = (void *)1, .bar_windows = (void *)1, .notify_3d = (void *)1 };
    g_assert_null(sable_device_new(&sc, &ops, NULL, &err));
    g_assert_nonnull(err);
    g_assert_nonnull(strstr(err->message, "3d=off"));
    g_error_free(err);
    g_free(sc.vram);
    mt_free(mt);
}

/* CLEAR to (1, 0.25, 0, 1): unorm8 of 0.25 is round(63.75) = 0x40. */
static void test_clear(void)
{
    Mt *mt = mt3d();
    memset(mt_vram(mt, RT_GPA), 0xee, W * H * 4);
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 1, 1, RT_GPA);
    vs_clear(&vs, 1.0f, 0.25f, 0.0f, 1.0f);
    p_stream(mt, &cb, 1, &vs, STREAM_GPA);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            g_assert_cmphex(px(mt, RT_GPA, x, y), ==, 0xffff4000u);
        }
    }
    mt_free(mt);
}

/* Data written to the backing goes up with TO_HOST and comes back with
 * FROM_HOST into another place of the same backing... of another resource:
 * the round trip is exact. */
static void test_transfer_roundtrip(void)
{
    Mt *mt = mt3d();
    uint32_t *src = mt_vram(mt, RT_GPA);
    for (uint32_t i = 0; i < W * H; i++) {
        src[i] = 0x01020304u * (i + 1);
    }
    cb_reset(&cb);
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 1);
    p_res_2d(&cb, 7, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
             SABLE_VIRGL_BIND_SAMPLER_VIEW, W, H, RT_GPA, W * H * 4);
    p_transfer(&cb, SABLE_3D_TO_HOST, 7, W, H, 4);
    struct sable_cmd_3d_res_backing mv = {
        SABLE_CMD_HEADER(SABLE_OP_3D_RES_BACKING, 0, 6), 7, VB_GPA, W * H * 4 };
    cb_emit(&cb, &mv, sizeof(mv));
    p_transfer(&cb, SABLE_3D_FROM_HOST, 7, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
    g_assert_cmpmem(mt_vram(mt, VB_GPA), W * H * 4, src, W * H * 4);
    mt_free(mt);
}

/* The triangle (-1,-1) (-1,1) (1,0) (NDC) on a black target. In window
 * space it is wx + 2|wy - 8| <= 16, symmetric in y (so independent of the
 * row order), and no pixel centre lies on an edge: pixel (x, y) is green
 * iff x + 0.5 + 2 |y + 0.5 - 8| < 16. */
static bool in_triangle(uint32_t x, uint32_t y)
{
    double dy = (double)y + 0.5 - H / 2.0;
    return (double)x + 0.5 + 2 * (dy < 0 ? -dy : dy) < W;
}

static void draw_triangle(Mt *mt, uint32_t ctx, uint32_t rt, uint32_t vb,
                          uint64_t rt_gpa, uint64_t vb_gpa)
{
    const float verts[3][4] = {
        { -1, -1, 0, 1 }, { -1, 1, 0, 1 }, { 1, 0, 0, 1 } };
    memcpy(mt_vram(mt, vb_gpa), verts, sizeof(verts));
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, ctx, rt, rt_gpa);
    p_res_buffer(&cb, vb, SABLE_VIRGL_BIND_VERTEX_BUFFER, sizeof(verts), vb_gpa);
    p_attach(&cb, SABLE_OP_3D_ATTACH, ctx, vb);
    p_transfer(&cb, SABLE_3D_TO_HOST, vb, sizeof(verts), 1, 1);
    vs_pipeline(&vs, W, H, vs_tgsi_green);
    vs_clear(&vs, 0, 0, 0, 1);
    vs_vertex_buffer(&vs, vb);
    vs_draw(&vs, 3);
    p_stream(mt, &cb, ctx, &vs, STREAM_GPA);
    p_transfer(&cb, SABLE_3D_FROM_HOST, rt, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
}

static void assert_triangle(Mt *mt, uint64_t rt_gpa)
{
    unsigned inside = 0;
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            uint32_t want = in_triangle(x, y) ? 0xff00ff00u : 0xff000000u;
            inside += in_triangle(x, y);
            g_assert_cmphex(px(mt, rt_gpa, x, y), ==, want);
        }
    }
    g_assert_cmpuint(inside, >, W * H / 4);
}

static void test_triangle(void)
{
    Mt *mt = mt3d();
    draw_triangle(mt, 1, 1, 2, RT_GPA, VB_GPA);
    assert_triangle(mt, RT_GPA);
    mt_free(mt);
}

/* A 2 x 2 texture (texels 0xff0000ff, 0xff00ff00 / 0xffff0000, 0xffffffff)
 * on a full-target quad with texcoords 0..1, nearest filtering: pixel
 * (x, y) takes texel (x < W/2 ? 0 : 1, y < H/2 ? 0 : 1). Row 0 of the target
 * is NDC y = -1 (texcoord v = 0), row 0 of the texture is v = 0, as gallium
 * (and so virgl) lays both out. */
static const char vs_tex[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL IN[1]\n"
    "DCL OUT[0], POSITION\n"
    "DCL OUT[1], GENERIC[0]\n"
    "  0: MOV OUT[0], IN[0]\n"
    "  1: MOV OUT[1], IN[1]\n"
    "  2: END\n";

static const char fs_tex[] =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], LINEAR\n"
    "DCL OUT[0], COLOR\n"
    "DCL SAMP[0]\n"
    "DCL SVIEW[0], 2D, FLOAT\n"
    "  0: TEX OUT[0], IN[0], SAMP[0], 2D\n"
    "  1: END\n";

static void test_textured_quad(void)
{
    static const uint32_t texels[4] = { 0xff0000ffu, 0xff00ff00u, 0xffff0000u, 0xffffffffu };
    /* position xyzw, texcoord stqr; two triangles */
    static const float quad[6][8] = {
        { -1, -1, 0, 1, 0, 0, 0, 1 }, { 1, -1, 0, 1, 1, 0, 0, 1 }, { 1, 1, 0, 1, 1, 1, 0, 1 },
        { -1, -1, 0, 1, 0, 0, 0, 1 }, { 1, 1, 0, 1, 1, 1, 0, 1 }, { -1, 1, 0, 1, 0, 1, 0, 1 },
    };
    Mt *mt = mt3d();
    memcpy(mt_vram(mt, CAPS_GPA), texels, sizeof(texels));
    memcpy(mt_vram(mt, VB_GPA), quad, sizeof(quad));
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 1, 1, RT_GPA);
    p_res_2d(&cb, 3, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, SABLE_VIRGL_BIND_SAMPLER_VIEW,
             2, 2, CAPS_GPA, sizeof(texels));
    p_attach(&cb, SABLE_OP_3D_ATTACH, 1, 3);
    p_transfer(&cb, SABLE_3D_TO_HOST, 3, 2, 2, 4);
    p_res_buffer(&cb, 2, SABLE_VIRGL_BIND_VERTEX_BUFFER, sizeof(quad), VB_GPA);
    p_attach(&cb, SABLE_OP_3D_ATTACH, 1, 2);
    p_transfer(&cb, SABLE_3D_TO_HOST, 2, sizeof(quad), 1, 1);
    vs_pipeline(&vs, W, H, fs_tex);
    vs_shader(&vs, 24, SABLE_VIRGL_SHADER_VERTEX, vs_tex);
    /* sampler view 30 of texture 3 (identity swizzle), sampler 31 nearest,
     * clamp to edge (wrap 2), no mipmaps (mip filter 2) */
    const uint32_t view[6] = { 30, 3, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 0, 0,
                               0 | (1u << 3) | (2u << 6) | (3u << 9) };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SAMPLER_VIEW, 6, view);
    const uint32_t views[3] = { SABLE_VIRGL_SHADER_FRAGMENT, 0, 30 };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_SET_SAMPLER_VIEWS, 0, 3, views);
    const uint32_t samp[9] = { 31, 2 | (2u << 3) | (2u << 6) | (2u << 11), 0, 0,
                               vs_f2u(0.0f) };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SAMPLER_STATE, 9, samp);
    const uint32_t samps[3] = { SABLE_VIRGL_SHADER_FRAGMENT, 0, 31 };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_BIND_SAMPLER_STATES, 0, 3, samps);
    const uint32_t ve[9] = { 14, 0, 0, 0, SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT,
                             16, 0, 0, SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS, 9, ve);
    vs_bind(&vs, SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS, 14);
    const uint32_t vbs[3] = { 32, 0, 2 };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_SET_VERTEX_BUFFERS, 0, 3, vbs);
    vs_draw(&vs, 6);
    p_stream(mt, &cb, 1, &vs, STREAM_GPA);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            g_assert_cmphex(px(mt, RT_GPA, x, y), ==,
                            texels[(y < H / 2 ? 0 : 2) + (x < W / 2 ? 0 : 1)]);
        }
    }
    mt_free(mt);
}

static const char fs_red[] =
    "FRAG\n"
    "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
    "DCL OUT[0], COLOR\n"
    "IMM[0] FLT32 { 1.0000, 0.0000, 0.0000, 1.0000 }\n"
    "  0: MOV OUT[0], IMM[0]\n"
    "  1: END\n";

/* Depth test LESS on a Z32_FLOAT buffer cleared to 1.0: the green triangle
 * of test_triangle at z = 0 (depth 0.5), then a full-target red triangle at
 * z = 0.5 (depth 0.75): red only where the green one is not. */
static void test_depth(void)
{
    static const float verts[6][4] = {
        { -1, -1, 0, 1 }, { -1, 1, 0, 1 }, { 1, 0, 0, 1 },
        { -1, -1, 0.5f, 1 }, { 3, -1, 0.5f, 1 }, { -1, 3, 0.5f, 1 },
    };
    Mt *mt = mt3d();
    memcpy(mt_vram(mt, VB_GPA), verts, sizeof(verts));
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 1, 1, RT_GPA);
    p_res_2d(&cb, 4, SABLE_VIRGL_FORMAT_Z32_FLOAT, SABLE_VIRGL_BIND_DEPTH_STENCIL,
             W, H, CAPS_GPA, W * H * 4);
    p_attach(&cb, SABLE_OP_3D_ATTACH, 1, 4);
    p_res_buffer(&cb, 2, SABLE_VIRGL_BIND_VERTEX_BUFFER, sizeof(verts), VB_GPA);
    p_attach(&cb, SABLE_OP_3D_ATTACH, 1, 2);
    p_transfer(&cb, SABLE_3D_TO_HOST, 2, sizeof(verts), 1, 1);
    const uint32_t zs[5] = { 2, 4, SABLE_VIRGL_FORMAT_Z32_FLOAT, 0, 0 };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SURFACE, 5, zs);
    const uint32_t fb[3] = { 1, 2, VS_SURFACE };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_SET_FRAMEBUFFER_STATE, 0, 3, fb);
    vs_pipeline(&vs, W, H, vs_tgsi_green);
    /* depth enable, write mask, func LESS */
    const uint32_t dsa[5] = { 15, 1u | (1u << 1) | (SABLE_VIRGL_FUNC_LESS << 2), 0, 0, 0 };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_DSA, 5, dsa);
    vs_bind(&vs, SABLE_VIRGL_OBJECT_DSA, 15);
    double one = 1.0;
    uint32_t d[2];
    memcpy(d, &one, 8);
    const uint32_t clr[8] = { SABLE_VIRGL_CLEAR_COLOR0 | SABLE_VIRGL_CLEAR_DEPTH,
                              0, 0, 0, vs_f2u(1.0f), d[0], d[1], 0 };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_CLEAR, 0, 8, clr);
    vs_vertex_buffer(&vs, 2);
    vs_draw_range(&vs, 0, 3);
    vs_shader(&vs, 25, SABLE_VIRGL_SHADER_FRAGMENT, fs_red);
    vs_draw_range(&vs, 3, 3);
    p_stream(mt, &cb, 1, &vs, STREAM_GPA);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            g_assert_cmphex(px(mt, RT_GPA, x, y), ==,
                            in_triangle(x, y) ? 0xff00ff00u : 0xffff0000u);
        }
    }
    mt_free(mt);
}

/* Context 2 naming context 1's render target faults context 2 only; after
 * the engine reset (which destroys context 2) context 1 still draws. */
static void test_isolation(void)
{
    Mt *mt = mt3d();
    draw_triangle(mt, 1, 1, 2, RT_GPA, VB_GPA);
    cb_reset(&cb);
    vs.n = 0;
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 2);
    const uint32_t surf[] = { 1, 1, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 0, 0 };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SURFACE, 5, surf);
    uint32_t submit_off = 4 * cb.n;
    p_stream(mt, &cb, 2, &vs, STREAM_GPA);
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_3D_REJECTED, submit_off);
    engine_reset(mt);
    /* context 2 is gone: naming it is an object fault */
    cb_reset(&cb);
    p_submit(&cb, 2, STREAM_GPA, vs.n);
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_3D_OBJECT, 0);
    engine_reset(mt);
    /* context 1 and its resources are intact: clear red and read back */
    cb_reset(&cb);
    vs.n = 0;
    vs_clear(&vs, 1, 0, 0, 1);
    p_stream(mt, &cb, 1, &vs, STREAM_GPA);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
    g_assert_cmphex(px(mt, RT_GPA, 3, 5), ==, 0xffff0000u);
    mt_free(mt);
}

/* Object rules: ids in range, no double create, detach then use. */
static void test_objects(void)
{
    static const struct { uint32_t op, ctx, res; } bad[] = {
        { SABLE_OP_3D_CTX_CREATE, 0, 0 },
        { SABLE_OP_3D_CTX_CREATE, SABLE_3D_MAX_CONTEXTS + 1, 0 },
        { SABLE_OP_3D_CTX_CREATE, 1, 0 },       /* exists */
        { SABLE_OP_3D_CTX_DESTROY, 9, 0 },      /* never created */
        { SABLE_OP_3D_ATTACH, 1, 99 },          /* no resource 99 */
        { SABLE_OP_3D_ATTACH, 3, 1 },           /* no context 3 */
        { SABLE_OP_3D_RES_DESTROY, 0, 5000 },
    };
    Mt *mt = mt3d();
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 1, 1, RT_GPA);
    assert_ok(mt, run3d(mt, &cb));
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        cb_reset(&cb);
        if (bad[i].op == SABLE_OP_3D_ATTACH) {
            p_attach(&cb, bad[i].op, bad[i].ctx, bad[i].res);
        } else if (bad[i].op == SABLE_OP_3D_RES_DESTROY) {
            struct sable_cmd_3d_res p = { SABLE_CMD_HEADER(bad[i].op, 0, 2),
                                          bad[i].res };
            cb_emit(&cb, &p, sizeof(p));
        } else {
            p_ctx(&cb, bad[i].op, bad[i].ctx);
        }
        run3d(mt, &cb);
        assert_fault(mt, SABLE_FAULT_3D_OBJECT, 0);
        engine_reset(mt);
    }
    /* the copy engine has no 3D */
    cb_reset(&cb);
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 5);
    mt_submit(mt, SABLE_ENGINE_COPY, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_CODE), ==,
                     SABLE_FAULT_3D_OBJECT);
    /* a detached resource cannot be named by the stream */
    cb_reset(&cb);
    vs.n = 0;
    p_attach(&cb, SABLE_OP_3D_DETACH, 1, 1);
    vs_clear(&vs, 0, 0, 1, 1);
    const uint32_t surf[] = { 2, 1, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 0, 0 };
    vs_cmd(&vs, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SURFACE, 5, surf);
    p_stream(mt, &cb, 1, &vs, STREAM_GPA);
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_3D_REJECTED, 16);
    mt_free(mt);
}

/* Hostile SUBMIT and TRANSFER arguments and stream contents: each faults
 * the engine (never the process), and the engine works after a reset. */
static void test_hostile(void)
{
    Mt *mt = mt3d();
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 1, 1, RT_GPA);
    p_stream(mt, &cb, 1, &vs, STREAM_GPA);
    assert_ok(mt, run3d(mt, &cb));

    /* framing: bad size, alignment, unmapped stream, huge transfer */
    const struct { uint32_t ndw; uint64_t addr; uint32_t code; } sub[] = {
        { 0, STREAM_GPA, SABLE_FAULT_BAD_ARGUMENT },
        { SABLE_3D_MAX_STREAM_BYTES / 4 + 1, STREAM_GPA, SABLE_FAULT_BAD_ARGUMENT },
        { 4, STREAM_GPA + 2, SABLE_FAULT_BAD_ARGUMENT },
        { 4, UINT64_MAX - 7, SABLE_FAULT_BAD_ARGUMENT },
        { 16, 0x7f000000000ull, SABLE_FAULT_PAGE },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(sub); i++) {
        cb_reset(&cb);
        p_submit(&cb, 1, sub[i].addr, sub[i].ndw);
        run3d(mt, &cb);
        g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, sub[i].code);
        engine_reset(mt);
        cb_reset(&cb);
        p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 1); /* the reset destroyed it */
        p_attach(&cb, SABLE_OP_3D_ATTACH, 1, 1);
        assert_ok(mt, run3d(mt, &cb));
    }

    /* stream contents: truncated command, unknown command, bad handle, a
     * length running past the end, random dwords */
    Stream bad[5] = { 0 };
    bad[0].dw[bad[0].n++] = SABLE_VIRGL_CMD(SABLE_VIRGL_CCMD_CLEAR, 0, 8);
    bad[0].dw[bad[0].n++] = SABLE_VIRGL_CLEAR_COLOR0;
    bad[1].dw[bad[1].n++] = SABLE_VIRGL_CMD(200, 0, 0);
    const uint32_t bind[] = { 0xdeadbeef };
    vs_cmd(&bad[2], SABLE_VIRGL_CCMD_BIND_OBJECT, SABLE_VIRGL_OBJECT_DSA, 1, bind);
    bad[3].dw[bad[3].n++] = SABLE_VIRGL_CMD(SABLE_VIRGL_CCMD_NOP, 0, 0xffff);
    GRand *rnd = g_rand_new_with_seed(11);
    for (unsigned i = 0; i < 512; i++) {
        bad[4].dw[bad[4].n++] = g_rand_int(rnd);
    }
    g_rand_free(rnd);
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        cb_reset(&cb);
        cb_nop(&cb, 2);
        p_stream(mt, &cb, 1, &bad[i], STREAM_GPA);
        run3d(mt, &cb);
        uint32_t code = mt_reg(mt, 0, SABLE_ENG_FAULT_CODE);
        if (code != SABLE_FAULT_NONE) {
            assert_fault(mt, SABLE_FAULT_3D_REJECTED, 8);
        }
        g_test_message("hostile stream %u: fault %u", i, code);
        g_assert_true(i == 4 || code == SABLE_FAULT_3D_REJECTED);
        engine_reset(mt);
        cb_reset(&cb);
        p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 1);
        p_attach(&cb, SABLE_OP_3D_ATTACH, 1, 1);
        assert_ok(mt, run3d(mt, &cb));
    }

    /* huge resource descriptions are refused by virglrenderer */
    cb_reset(&cb);
    p_res_2d(&cb, 50, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
             SABLE_VIRGL_BIND_RENDER_TARGET, 0xffffffffu, 0xffffffffu, 0, 0);
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_3D_REJECTED, 0);
    engine_reset(mt);

    /* transfers outside the backing, too large, or not covering the box */
    const struct { uint64_t offset, size; uint32_t code; } tr[] = {
        { 0, W * H * 4 + 4, SABLE_FAULT_BAD_ARGUMENT },
        { W * H * 4, 4, SABLE_FAULT_BAD_ARGUMENT },
        { UINT64_MAX - 3, 8, SABLE_FAULT_BAD_ARGUMENT },
        { 0, 0, SABLE_FAULT_BAD_ARGUMENT },
        { 0, 16, SABLE_FAULT_3D_REJECTED },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(tr); i++) {
        struct sable_cmd_3d_transfer p = {
            .header = SABLE_CMD_HEADER(SABLE_OP_3D_TRANSFER, 0, 16),
            .direction = SABLE_3D_FROM_HOST, .res_id = 1, .w = W, .h = H,
            .d = 1, .stride = W * 4, .offset = tr[i].offset, .size = tr[i].size,
        };
        cb_reset(&cb);
        cb_emit(&cb, &p, sizeof(p));
        run3d(mt, &cb);
        g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, tr[i].code);
        engine_reset(mt);
    }
    mt_free(mt);
}

/* Adapter reset with live objects destroys them all: ids are free again
 * and a new context draws on new resources with the same ids. */
/* The packet appended last (starting at dword `at`) gets SABLE_CMD_F_ENSURE. */
static void ensure_from(CmdBuf *c, uint32_t at)
{
    c->dw[at] |= SABLE_CMD_F_ENSURE << 8;
}

/* Adapter reset with 3D objects live and no 3D work in flight: the context
 * and the resources survive, with the host copy's contents (as VRAM keeps
 * its own): creating resource 1 again is a 3D_OBJECT fault; with ENSURE
 * it moves on, and so does a context create of the live context 1; a new
 * context attaches the surviving target and a FROM_HOST transfer brings
 * back the triangle drawn before the reset, over a cleared backing. */
static void test_adapter_reset(void)
{
    Mt *mt = mt3d();
    draw_triangle(mt, 1, 1, 2, RT_GPA, VB_GPA);
    simbus_write(mt->bus, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    g_assert_true(simbus_settle_3d(mt->bus, SETTLE_MS));
    mt_rings_init(mt);

    cb_reset(&cb);
    p_res_2d(&cb, 1, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, SABLE_VIRGL_BIND_RENDER_TARGET, W, H,
             RT_GPA, W * H * 4);
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_3D_OBJECT, 0);
    mt_write_reg(mt, 0, SABLE_ENG_RESET, 1);

    memset(mt_vram(mt, RT_GPA), 0, W * H * 4);
    cb_reset(&cb);
    uint32_t at = cb.n;
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 1);
    ensure_from(&cb, at);
    at = cb.n;
    p_res_2d(&cb, 1, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, SABLE_VIRGL_BIND_RENDER_TARGET, W, H,
             RT_GPA, W * H * 4);
    ensure_from(&cb, at);
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 3);
    p_attach(&cb, SABLE_OP_3D_ATTACH, 3, 1);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
    assert_triangle(mt, RT_GPA);
    mt_free(mt);
}

/* ENSURE is for the 3D object packets: on another packet it is a bad
 * argument; a destroy of a missing object with it succeeds. */
static void test_ensure_flag(void)
{
    Mt *mt = mt3d();
    cb_reset(&cb);
    uint32_t at = cb.n;
    p_ctx(&cb, SABLE_OP_3D_CTX_DESTROY, 7);
    ensure_from(&cb, at);
    at = cb.n;
    p_ctx(&cb, SABLE_OP_3D_RES_DESTROY, 9); /* same layout: header, id */
    ensure_from(&cb, at);
    uint64_t f = run3d(mt, &cb);
    assert_ok(mt, f);
    cb_reset(&cb);
    cb_write32(&cb, 0x100, 1);
    cb.dw[0] |= SABLE_CMD_F_ENSURE << 8;
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_BAD_ARGUMENT, 0);
    mt_free(mt);
}

/* The packet at cb->dw[at] gets SWAP_Z24S8. */
static void swap_from(CmdBuf *c, uint32_t at)
{
    c->dw[at] |= SABLE_CMD_F_SWAP_Z24S8 << 8;
}

/* D24_UNORM_S8_UINT texels (stencil in the high byte) go up with
 * SWAP_Z24S8 into an S8_UINT_Z24_UNORM resource: read back plain they are
 * GL's layout (stencil in the low byte), read back with the flag they are
 * the texels again. A size that is not whole dwords, or the flag on
 * another packet, is BAD_ARGUMENT. */
static void test_swap_z24s8(void)
{
    Mt *mt = mt3d();
    uint32_t *src = mt_vram(mt, RT_GPA);
    for (uint32_t i = 0; i < W * H; i++) {
        src[i] = (i * 0x9e3779b9u) >> 8 | (i & 0xffu) << 24; /* depth | stencil << 24 */
    }
    cb_reset(&cb);
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 1);
    p_res_2d(&cb, 7, SABLE_VIRGL_FORMAT_S8_UINT_Z24_UNORM, SABLE_VIRGL_BIND_DEPTH_STENCIL, W,
             H, RT_GPA, W * H * 4);
    uint32_t at = cb.n;
    p_transfer(&cb, SABLE_3D_TO_HOST, 7, W, H, 4);
    swap_from(&cb, at);
    struct sable_cmd_3d_res_backing mv = {
        SABLE_CMD_HEADER(SABLE_OP_3D_RES_BACKING, 0, 6), 7, VB_GPA, W * H * 4 };
    cb_emit(&cb, &mv, sizeof(mv));
    p_transfer(&cb, SABLE_3D_FROM_HOST, 7, W, H, 4);
    assert_ok(mt, run3d(mt, &cb));
    const uint32_t *plain = mt_vram(mt, VB_GPA);
    for (uint32_t i = 0; i < W * H; i++) {
        g_assert_cmphex(plain[i], ==, src[i] << 8 | src[i] >> 24);
    }
    cb_reset(&cb);
    at = cb.n;
    p_transfer(&cb, SABLE_3D_FROM_HOST, 7, W, H, 4);
    swap_from(&cb, at);
    assert_ok(mt, run3d(mt, &cb));
    g_assert_cmpmem(mt_vram(mt, VB_GPA), W * H * 4, src, W * H * 4);

    cb_reset(&cb);
    at = cb.n;
    p_transfer(&cb, SABLE_3D_FROM_HOST, 7, W, H, 4);
    swap_from(&cb, at);
    struct sable_cmd_3d_transfer t;
    memcpy(&t, &cb.dw[at], sizeof(t));
    t.size -= 2;
    memcpy(&cb.dw[at], &t, sizeof(t));
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_BAD_ARGUMENT, 0);
    mt_free(mt);

    mt = mt3d();
    cb_reset(&cb);
    cb_write32(&cb, 0x100, 1);
    swap_from(&cb, 0);
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_BAD_ARGUMENT, 0);
    mt_free(mt);
}

/* A 2D packet after a draw sees it (through FROM_HOST) and a draw after a
 * 2D packet sees the 2D result (through TO_HOST), in one submission. */
static void test_2d_3d_order(void)
{
    Mt *mt = mt3d();
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 1, 1, RT_GPA);
    vs_clear(&vs, 0, 0, 1, 1);
    p_stream(mt, &cb, 1, &vs, STREAM_GPA);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, W, H, 4);
    cb_copy(&cb, VB_GPA, RT_GPA, W * H * 4);            /* 2D sees the clear */
    cb_fill(&cb, RT_GPA, 0xff123456u, W * 4);           /* row 0 by 2D */
    p_transfer(&cb, SABLE_3D_TO_HOST, 1, W, H, 4);
    cb_fill(&cb, RT_GPA, 0, W * H * 4);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, W, H, 4);    /* host kept row 0 */
    assert_ok(mt, run3d(mt, &cb));
    for (uint32_t x = 0; x < W; x++) {
        g_assert_cmphex(px(mt, VB_GPA, x, 4), ==, 0xff0000ffu);
        g_assert_cmphex(px(mt, RT_GPA, x, 0), ==, 0xff123456u);
        g_assert_cmphex(px(mt, RT_GPA, x, 1), ==, 0xff0000ffu);
    }
    mt_free(mt);
}

/* ---- hangs, injections, dumps -------------------------------------------- */

#define BIG 160u                      /* the long draw's target: BIG x BIG */
#define BIG_GPA (4ull << 20)          /* its backing, in a 16 MiB VRAM */

/* Every pixel loops until llvmpipe's loop bound (65535 iterations): the
 * exit condition x < -1 never holds; the output depends on the loop, so
 * the compiler cannot drop it. */
static const char fs_loop[] =
    "FRAG\n"
    "DCL OUT[0], COLOR\n"
    "DCL TEMP[0]\n"
    "IMM[0] FLT32 { 0.0000, 1.0000, 0.0000, 1.0000 }\n"
    "IMM[1] FLT32 { -1.0000, 0.0000, 0.0000, 0.0000 }\n"
    "  0: MOV TEMP[0], IMM[0]\n"
    "  1: BGNLOOP\n"
    "  2:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
    "  3:   SLT TEMP[0].z, TEMP[0].xxxx, IMM[1].xxxx\n"
    "  4:   IF TEMP[0].zzzz\n"
    "  5:     BRK\n"
    "  6:   ENDIF\n"
    "  7: ENDLOOP\n"
    "  8: MOV OUT[0], TEMP[0]\n"
    "  9: END\n";

static Mt *mt3d_big(void)
{
    SimBusConfig cfg = { .enable_3d = true, .vram_size = 16u << 20 };
    return mt_new(&cfg);
}

/* Submit (without waiting) a BIG x BIG full-screen draw of fs_loop in
 * context ctx; returns its fence. */
static uint64_t submit_long_draw(Mt *mt, uint32_t ctx)
{
    const float verts[3][4] = {
        { -1, -1, 0, 1 }, { 3, -1, 0, 1 }, { -1, 3, 0, 1 } };
    memcpy(mt_vram(mt, VB_GPA), verts, sizeof(verts));
    cb_reset(&cb);
    vs.n = 0;
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, ctx);
    p_res_2d(&cb, 40, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
             SABLE_VIRGL_BIND_RENDER_TARGET, BIG, BIG, BIG_GPA, BIG * BIG * 4);
    p_attach(&cb, SABLE_OP_3D_ATTACH, ctx, 40);
    p_res_buffer(&cb, 41, SABLE_VIRGL_BIND_VERTEX_BUFFER, sizeof(verts), VB_GPA);
    p_attach(&cb, SABLE_OP_3D_ATTACH, ctx, 41);
    p_transfer(&cb, SABLE_3D_TO_HOST, 41, sizeof(verts), 1, 1);
    vs_color_buffer(&vs, 40);
    vs_pipeline(&vs, BIG, BIG, fs_loop);
    vs_vertex_buffer(&vs, 41);
    vs_draw(&vs, 3);
    p_stream(mt, &cb, ctx, &vs, STREAM_GPA);
    return mt_submit(mt, SABLE_ENGINE_GRAPHICS, &cb);
}

static const struct sable_dump_section *find_section(const uint8_t *d,
                                                     uint32_t type);

/* Run until the 3D thread consumed the SUBMIT in flight (the engine then
 * waits for the host GPU to finish it), as the dump's 3D section shows. */
static void wait_stream_consumed(Mt *mt)
{
    for (unsigned i = 0; i < 1000; i++) {
        uint32_t size;
        g_autofree uint8_t *d = sable_dump_build(mt->bus->dev, &size);
        const struct sable_dump_3d *s3 = (const void *)find_section(d, SABLE_DUMP_SEC_3D);
        if (s3->waiting && s3->stream_dw && s3->stream_pos_dw == s3->stream_dw) {
            return;
        }
        simbus_settle_3d(mt->bus, 10);
    }
    g_assert_not_reached();
}

/* A draw that outlives the TDR delay: the engine stays BUSY while MMIO and
 * the copy engine keep answering; the engine reset returns at once (the
 * 3D thread is still drawing), destroys the guilty context only, and the
 * next context's work runs once the abandoned draw is done. */
static void test_long_draw_reset(void)
{
    Mt *mt = mt3d_big();
    uint64_t f = submit_long_draw(mt, 1);
    wait_stream_consumed(mt);
    simbus_advance(mt->bus, 3000000000ull); /* past a 2 s TdrDelay */
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_BUSY, !=, 0);
    g_assert_cmpuint(mt_completed(mt, 0), <, f);
    uint64_t cf = mt_submit_writes(mt, &cb, SABLE_ENGINE_COPY, 4);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 1), ==, cf);
    g_assert_true(sable_3d_busy(mt->bus->dev));

    mt_write_reg(mt, 0, SABLE_ENG_RESET, 1);
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_LAST_ABORTED_FENCE_LO), ==, f);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_BUSY, ==, 0);
    g_assert_true(sable_3d_busy(mt->bus->dev)); /* the reset did not wait */

    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 2, 1, RT_GPA);
    vs_clear(&vs, 0, 1, 0, 1);
    p_stream(mt, &cb, 2, &vs, STREAM_GPA);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, W, H, 4);
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 1); /* free again: it was destroyed */
    uint64_t f2 = run3d(mt, &cb);
    assert_ok(mt, f2);
    g_assert_cmphex(px(mt, RT_GPA, 7, 7), ==, 0xff00ff00u);
    mt_free(mt);
}

/* draw-hang, draw-slow and context-error fire on the next SUBMIT. */
static void test_inject(void)
{
    Mt *mt = mt3d();
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 1, 1, RT_GPA);
    vs_clear(&vs, 0, 0, 1, 1);
    memcpy(mt_vram(mt, STREAM_GPA), vs.dw, 4 * vs.n);
    assert_ok(mt, run3d(mt, &cb));
    /* each reset destroys context 1: `again` re-creates it, then draws */
    CmdBuf again;
    cb_reset(&again);
    p_ctx(&again, SABLE_OP_3D_CTX_CREATE, 1);
    p_attach(&again, SABLE_OP_3D_ATTACH, 1, 1);
    uint32_t submit_off = 4 * again.n;
    p_submit(&again, 1, STREAM_GPA, vs.n);

    mt_inject(mt, "context-error,engine=0");
    cb_reset(&cb);
    p_submit(&cb, 1, STREAM_GPA, vs.n);
    run3d(mt, &cb);
    assert_fault(mt, SABLE_FAULT_3D_REJECTED, 0);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_FLAGS) & SABLE_FAULT_F_INJECTED,
                     !=, 0);
    engine_reset(mt);

    mt_inject(mt, "draw-hang,engine=0");
    run3d(mt, &again);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_HUNG, !=, 0);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_CURRENT_DMA_OFFSET), ==, submit_off);
    engine_reset(mt);

    mt_inject(mt, "draw-slow,engine=0,delay-ns=5000000");
    uint64_t f = run3d(mt, &again);
    g_assert_cmpuint(mt_completed(mt, 0), <, f);
    simbus_advance(mt->bus, 4000000);
    g_assert_cmpuint(mt_completed(mt, 0), <, f);
    simbus_advance(mt->bus, 1000000);
    g_assert_true(simbus_settle_3d(mt->bus, SETTLE_MS));
    assert_ok(mt, f);
    mt_free(mt);
}

static const struct sable_dump_section *find_section(const uint8_t *d,
                                                     uint32_t type)
{
    const struct sable_dump_header *h = (const void *)d;
    uint32_t off = h->header_size;
    for (uint32_t i = 0; i < h->section_count; i++) {
        const struct sable_dump_section *s = (const void *)(d + off);
        if (s->type == type) {
            return s;
        }
        off += s->size;
    }
    return NULL;
}

/* A rejected stream: the dump's 3D section names the failing virgl
 * command, its stream and context, and lists the commands before it. */
static void test_dump(void)
{
    Mt *mt = mt3d();
    cb_reset(&cb);
    vs.n = 0;
    setup_rt(mt, &cb, &vs, 3, 1, RT_GPA);           /* 2 commands: 6 + 4 dw */
    vs_clear(&vs, 0, 0, 1, 1);                       /* 9 dw, at 10 */
    const uint32_t bind[] = { 77 };                 /* no such DSA: at 19 */
    vs_cmd(&vs, SABLE_VIRGL_CCMD_BIND_OBJECT, SABLE_VIRGL_OBJECT_DSA, 1, bind);
    vs_clear(&vs, 1, 0, 1, 1);
    p_stream(mt, &cb, 3, &vs, STREAM_GPA);
    run3d(mt, &cb);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_3D_REJECTED);
    g_assert_cmphex(mt_reg64(mt, 0, SABLE_ENG_FAULT_ADDR_LO), ==, STREAM_GPA + 4 * 19);

    uint32_t size;
    g_autofree uint8_t *d = sable_dump_build(mt->bus->dev, &size);
    const struct sable_dump_3d *s3 = (const void *)find_section(d, SABLE_DUMP_SEC_3D);
    g_assert_nonnull(s3);
    g_assert_cmpuint(s3->sec.size, ==, sizeof(*s3) + 4 * sizeof(struct sable_dump_3d_cmd));
    g_assert_cmpuint(s3->context_count, ==, 1);
    g_assert_cmpuint(s3->resource_count, ==, 1);
    g_assert_cmpuint(s3->guilty_context, ==, 3);
    g_assert_cmpuint(s3->waiting, ==, 0);
    g_assert_cmphex(s3->live_contexts, ==, 1u << 2);
    g_assert_cmphex(s3->stream_addr, ==, STREAM_GPA);
    g_assert_cmpuint(s3->stream_dw, ==, vs.n);
    g_assert_cmpuint(s3->stream_pos_dw, ==, 19);
    g_assert_cmphex(s3->stream_cmd, ==, SABLE_VIRGL_CMD(SABLE_VIRGL_CCMD_BIND_OBJECT,
                                                        SABLE_VIRGL_OBJECT_DSA, 1));
    const struct sable_dump_3d_cmd *r = (const void *)(s3 + 1);
    const uint32_t want_off[] = { 0, 6, 10, 19 };
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmpuint(r[i].offset_dw, ==, want_off[i]);
        g_assert_cmpuint(r[i].context_id, ==, 3);
        g_assert_cmphex(r[i].header, ==, vs.dw[want_off[i]]);
        g_assert_cmpuint(r[i].result, ==, i == 3 ? SABLE_FAULT_3D_REJECTED : 0);
    }
    /* the engine reset destroys context 3: the section says so */
    engine_reset(mt);
    g_assert_true(simbus_settle_3d(mt->bus, SETTLE_MS));
    g_free(d);
    d = sable_dump_build(mt->bus->dev, &size);
    s3 = (const void *)find_section(d, SABLE_DUMP_SEC_3D);
    g_assert_cmpuint(s3->context_count, ==, 0);
    g_assert_cmpuint(s3->guilty_context, ==, 0);
    g_assert_cmphex(s3->stream_addr, ==, 0);
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/3d/caps", test_caps);
    g_test_add_func("/3d/no-3d", test_no_3d);
    g_test_add_func("/3d/second-device", test_second_device);
    g_test_add_func("/3d/clear", test_clear);
    g_test_add_func("/3d/transfer-roundtrip", test_transfer_roundtrip);
    g_test_add_func("/3d/triangle", test_triangle);
    g_test_add_func("/3d/textured-quad", test_textured_quad);
    g_test_add_func("/3d/depth", test_depth);
    g_test_add_func("/3d/isolation", test_isolation);
    g_test_add_func("/3d/objects", test_objects);
    g_test_add_func("/3d/hostile", test_hostile);
    g_test_add_func("/3d/adapter-reset", test_adapter_reset);
    g_test_add_func("/3d/ensure-flag", test_ensure_flag);
    g_test_add_func("/3d/swap-z24s8", test_swap_z24s8);
    g_test_add_func("/3d/2d-3d-order", test_2d_3d_order);
    g_test_add_func("/3d/long-draw-reset", test_long_draw_reset);
    g_test_add_func("/3d/inject", test_inject);
    g_test_add_func("/3d/dump", test_dump);
    return g_test_run();
}
