/* SPDX-License-Identifier: MIT */
/* The 3D engine through the real QEMU (3d=on): a virgl stream clears a
 * render target that is read back through VRAM; hostile streams fault the
 * graphics engine only, MMIO and the copy engine keep answering, and a
 * reset recovers; a second 3D device in one QEMU is refused. */
#include <string.h>

#include "fixture.h"
#include "vstream.h"

#define GFX SABLE_ENGINE_GRAPHICS
#define CPY SABLE_ENGINE_COPY
#define W 32u
#define H 8u
#define TIMEOUT_3D_NS (20ull * 1000000000ull) /* device time; 3D runs in real time */

typedef struct Gpu3d {
    SqtDevice *d;
    uint64_t rt, stream;    /* VRAM GPU addresses */
    uint32_t *stream_ptr;
} Gpu3d;

static Gpu3d open_3d(void)
{
    SqtOptions opt = { .enable_3d = true };
    Gpu3d g = { .d = fixture_open(&opt) };
    g.rt = sqt_vram_alloc(g.d, W * H * 4, 4096);
    g.stream = sqt_vram_alloc(g.d, 64 * 1024, 4096);
    g.stream_ptr = sqt_vram_ptr(g.d->m, g.stream, 64 * 1024);
    return g;
}

/* Submit cb on the graphics engine and step the clock until its fence
 * completes or the engine faults (the 3D thread runs in real time). */
static uint64_t run_3d(Gpu3d *g, const SqtCmdBuf *cb)
{
    uint64_t fence = sqt_submit_cmdbuf(g->d, GFX, cb);
    for (uint64_t t = 0; t < TIMEOUT_3D_NS; t += SQT_STEP_NS) {
        if (sqt_fence_page_read(g->d, GFX) >= fence ||
            (sqt_eng_read(g->d, GFX, SABLE_ENG_STATUS) & SABLE_ENGINE_STATUS_FAULTED)) {
            return fence;
        }
        sqt_clock_step(g->d->m, SQT_STEP_NS);
    }
    g_error("3D submission %" G_GUINT64_FORMAT " neither completed nor faulted", fence);
}

static void pkt(SqtCmdBuf *cb, const void *p, uint32_t len)
{
    sqt_cmd_raw(cb, p, len);
}

static void ctx_create(SqtCmdBuf *cb, uint32_t ctx)
{
    struct sable_cmd_3d_ctx p = { SABLE_CMD_HEADER(SABLE_OP_3D_CTX_CREATE, 0, 2), ctx };
    pkt(cb, &p, sizeof(p));
}

/* Context ctx with W x H B8G8R8A8 target 1 attached (created once). */
static void setup(Gpu3d *g, SqtCmdBuf *cb, uint32_t ctx, bool create_res)
{
    ctx_create(cb, ctx);
    if (create_res) {
        struct sable_cmd_3d_res_create r = {
            .header = SABLE_CMD_HEADER(SABLE_OP_3D_RES_CREATE, 0, 16), .res_id = 1,
            .target = SABLE_VIRGL_TARGET_TEXTURE_2D,
            .format = SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
            .bind = SABLE_VIRGL_BIND_RENDER_TARGET, .width = W, .height = H,
            .depth = 1, .array_size = 1, .backing_addr = g->rt,
            .backing_size = W * H * 4,
        };
        pkt(cb, &r, sizeof(r));
    }
    struct sable_cmd_3d_attach a = {
        SABLE_CMD_HEADER(SABLE_OP_3D_ATTACH, 0, 4), ctx, 1, 0 };
    pkt(cb, &a, sizeof(a));
}

/* Stream: CLEAR resource 1 to rgba; returns its dword count. */
static uint32_t clear_stream(Gpu3d *g, float r, float gr, float b, float a)
{
    Stream s = { .n = 0 };
    vs_color_buffer(&s, 1);
    vs_clear(&s, r, gr, b, a);
    memcpy(g->stream_ptr, s.dw, 4 * s.n);
    return s.n;
}

static uint32_t submit(SqtCmdBuf *cb, uint32_t ctx, uint64_t addr, uint32_t ndw)
{
    struct sable_cmd_3d_submit p = {
        SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 6), ctx, ndw, 0, addr };
    return sqt_cmd_raw(cb, &p, sizeof(p));
}

static void read_back(SqtCmdBuf *cb)
{
    struct sable_cmd_3d_transfer t = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_TRANSFER, 0, 16),
        .direction = SABLE_3D_FROM_HOST, .res_id = 1, .w = W, .h = H, .d = 1,
        .stride = W * 4, .size = W * H * 4,
    };
    pkt(cb, &t, sizeof(t));
}

/* Every pixel of the target is argb (0xAARRGGBB). */
static void assert_target(Gpu3d *g, uint32_t argb)
{
    const uint8_t *p = sqt_vram_ptr(g->d->m, g->rt, W * H * 4);
    for (uint32_t i = 0; i < W * H; i++) {
        g_assert_cmphex(sqt_load32(p + 4 * i), ==, argb);
    }
}

/* (0.25, 1, 0, 1): unorm8 0.25 -> round(63.75) = 0x40. */
static void test_clear(void)
{
    Gpu3d g = open_3d();
    g_assert_true(sqt_reg_read64(g.d, SABLE_REG_FEATURES_LO) & SABLE_FEATURE_3D);
    memset(sqt_vram_ptr(g.d->m, g.rt, W * H * 4), 0x5a, W * H * 4);
    SqtCmdBuf cb = sqt_cmdbuf_new(g.d, 4096);
    setup(&g, &cb, 1, true);
    submit(&cb, 1, g.stream, clear_stream(&g, 0.25f, 1, 0, 1));
    read_back(&cb);
    uint64_t f = run_3d(&g, &cb);
    g_assert_cmpuint(sqt_fence_page_read(g.d, GFX), ==, f);
    g_assert_cmpuint(sqt_eng_read(g.d, GFX, SABLE_ENG_FAULT_CODE), ==, 0);
    assert_target(&g, 0xff40ff00u);
    sqt_device_close(g.d);
}

/* Hidden input: streams of random dwords, a truncated command, a stream
 * address outside GPU memory. Each faults the graphics engine (never
 * QEMU); the copy engine still runs; the reset recovers. */
static void test_hostile(void)
{
    Gpu3d g = open_3d();
    SqtCmdBuf cb = sqt_cmdbuf_new(g.d, 4096);
    setup(&g, &cb, 1, true);
    run_3d(&g, &cb);
    GRand *rng = g_rand_new_with_seed(0x3d);
    for (unsigned round = 0; round < 6; round++) {
        uint32_t ndw = 256;
        uint64_t addr = g.stream;
        if (round < 4) {
            fixture_random_bytes(rng, g.stream_ptr, 4 * ndw);
        } else if (round == 4) {
            g.stream_ptr[0] = SABLE_VIRGL_CMD(SABLE_VIRGL_CCMD_CLEAR, 0, 8);
            ndw = 3;
        } else {
            addr = 0x7f0000000000ull;
        }
        sqt_cmdbuf_reset(&cb);
        uint32_t off = submit(&cb, 1, addr, ndw);
        run_3d(&g, &cb);
        uint32_t code = sqt_eng_read(g.d, GFX, SABLE_ENG_FAULT_CODE);
        g_test_message("round %u: fault %u", round, code);
        g_assert_true(code == SABLE_FAULT_3D_REJECTED || code == SABLE_FAULT_PAGE ||
                      (round < 4 && code == SABLE_FAULT_NONE));
        if (code != SABLE_FAULT_NONE) {
            g_assert_cmpuint(sqt_eng_read(g.d, GFX, SABLE_ENG_FAULT_DMA_OFFSET), ==, off);
        }
        g_assert_true(round != 4 || code == SABLE_FAULT_3D_REJECTED);
        g_assert_true(round != 5 || code == SABLE_FAULT_PAGE);
        SqtBuf out = sqt_alloc(g.d, 64, 64);
        SqtCmdBuf ok = sqt_cmdbuf_new(g.d, 64);
        sqt_cmd_write32(&ok, out.gpu, 0x3d00 + round);
        fixture_run(g.d, CPY, &ok);
        g_assert_cmphex(sqt_load32(out.ptr), ==, 0x3d00 + round);
        sqt_engine_reset(g.d, GFX); /* destroys context 1 (guilty) */
        sqt_cmdbuf_reset(&cb);
        setup(&g, &cb, 1, false);
        run_3d(&g, &cb);
        g_assert_cmpuint(sqt_eng_read(g.d, GFX, SABLE_ENG_FAULT_CODE), ==, 0);
    }
    g_rand_free(rng);
    /* after all that, context 1 still renders */
    sqt_cmdbuf_reset(&cb);
    submit(&cb, 1, g.stream, clear_stream(&g, 0, 0, 1, 1));
    read_back(&cb);
    run_3d(&g, &cb);
    assert_target(&g, 0xff0000ffu);
    sqt_device_close(g.d);
}

/* Without 3d=on the device has no 3D engine. */
static void test_off(void)
{
    SqtDevice *d = fixture_open(NULL);
    g_assert_false(sqt_reg_read64(d, SABLE_REG_FEATURES_LO) & SABLE_FEATURE_3D);
    sqt_device_close(d);
}

/* Two 3d=on devices in one QEMU: realize of the second fails, clearly. */
static void test_second_device(void)
{
    const char *argv[] = {
        sqt_default_qemu(), "-machine", "q35", "-accel", "qtest", "-display", "none",
        "-nodefaults", "-L", sqt_default_firmware_dir(),
        "-device", "sable-gpu,3d=on", "-device", "sable-gpu,3d=on", NULL,
    };
    g_autofree char *err = NULL;
    int status = 0;
    g_autoptr(GError) gerr = NULL;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, &err, &status, &gerr));
    g_assert_no_error(gerr);
    g_assert_false(g_spawn_check_wait_status(status, NULL));
    g_assert_nonnull(strstr(err, "already used by another sable-gpu; set 3d=off"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu/3d/clear", test_clear);
    g_test_add_func("/qemu/3d/hostile", test_hostile);
    g_test_add_func("/qemu/3d/off", test_off);
    g_test_add_func("/qemu/3d/second-device", test_second_device);
    return g_test_run();
}
