/* SPDX-License-Identifier: MIT */
/* 3D: draw submission rate through Sable (in process and through QEMU)
 * against the same virgl stream handed straight to virglrenderer in this
 * process, and 3D fence latency (doorbell to MSI-X through QEMU) against
 * the MMIO round trip. The workload: DRAWS triangles per stream on a
 * SIZE x SIZE target, SUBMITS streams, then one fence. */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/uio.h>
#include <virgl/virglrenderer.h>

#include "bench.h"
#include "model-util.h"
#include "vstream.h"

#define DRAWS 64u
#define SUBMITS 200u
#define SIZE 64u
#define LATENCY_SAMPLES 200u
#define STREAM_GPA 0x20000ull
#define DRAW_GPA 0x40000ull
#define RT_GPA 0x60000ull
#define VB_GPA 0x80000ull
#define TIMEOUT_NS (60ull * 1000000000ull)

static const float verts[3][4] = { { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { 0, 1, 0, 1 } };

/* Set-up stream (colour buffer 1, pipeline, vertex buffer 2) and the
 * stream of DRAWS draws. */
static void streams(Stream *setup, Stream *draws)
{
    setup->n = draws->n = 0;
    vs_color_buffer(setup, 1);
    vs_pipeline(setup, SIZE, SIZE, vs_tgsi_green);
    vs_vertex_buffer(setup, 2);
    for (unsigned i = 0; i < DRAWS; i++) {
        vs_draw(draws, 3);
    }
}

/* ---- the reference: virglrenderer called directly ----------------------- */

static volatile gint direct_fence;

static void direct_write_fence(void *cookie, uint32_t fence)
{
    g_atomic_int_set(&direct_fence, (gint)fence);
}

static void direct_wait(uint32_t id)
{
    struct pollfd p = { .fd = virgl_renderer_get_poll_fd(), .events = POLLIN };
    virgl_renderer_create_fence((int)id, 0);
    virgl_renderer_poll();
    while ((uint32_t)g_atomic_int_get(&direct_fence) != id) {
        poll(&p, 1, 100);
        virgl_renderer_poll();
    }
}

static double direct_draws_s(Stream *setup, Stream *draws)
{
    struct virgl_renderer_callbacks cb = { .version = 1,
                                           .write_fence = direct_write_fence };
    if (virgl_renderer_init(&cb, VIRGL_RENDERER_USE_EGL | VIRGL_RENDERER_USE_SURFACELESS |
                                     VIRGL_RENDERER_THREAD_SYNC, &cb)) {
        g_error("bench: virglrenderer does not start");
    }
    struct virgl_renderer_resource_create_args rt = {
        .handle = 1, .target = SABLE_VIRGL_TARGET_TEXTURE_2D,
        .format = SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
        .bind = SABLE_VIRGL_BIND_RENDER_TARGET, .width = SIZE, .height = SIZE,
        .depth = 1, .array_size = 1 };
    struct virgl_renderer_resource_create_args vb = {
        .handle = 2, .target = SABLE_VIRGL_TARGET_BUFFER,
        .format = SABLE_VIRGL_FORMAT_R8_UNORM, .bind = SABLE_VIRGL_BIND_VERTEX_BUFFER,
        .width = sizeof(verts), .height = 1, .depth = 1, .array_size = 1 };
    struct iovec iov = { (void *)verts, sizeof(verts) };
    uint32_t box[6] = { 0, 0, 0, sizeof(verts), 1, 1 };
    virgl_renderer_context_create(1, 5, "bench");
    virgl_renderer_resource_create(&rt, NULL, 0);
    virgl_renderer_resource_create(&vb, NULL, 0);
    virgl_renderer_ctx_attach_resource(1, 1);
    virgl_renderer_ctx_attach_resource(1, 2);
    virgl_renderer_transfer_write_iov(2, 0, 0, 0, 0, (void *)box, 0, &iov, 1);
    virgl_renderer_submit_cmd(setup->dw, 1, (int)setup->n);
    /* warm-up, untimed: llvmpipe compiles the shaders at the first draw,
     * which the later runs through Sable would not pay */
    virgl_renderer_submit_cmd(draws->dw, 1, (int)draws->n);
    direct_wait(1);
    double t0 = bench_now_s();
    for (unsigned i = 0; i < SUBMITS; i++) {
        virgl_renderer_submit_cmd(draws->dw, 1, (int)draws->n);
    }
    direct_wait(2);
    double t = bench_now_s() - t0;
    virgl_renderer_context_destroy(1);
    virgl_renderer_resource_unref(1);
    virgl_renderer_resource_unref(2);
    virgl_renderer_cleanup(&cb);
    return DRAWS * SUBMITS / t;
}

/* ---- Sable packets -------------------------------------------------------- */

/* Context 1, target 1 at rt, vertex buffer 2 at vb (uploaded), and a
 * SUBMIT of the set-up stream at `stream`, appended through emit. */
typedef void (*EmitFn)(void *sink, const void *pkt, uint32_t len);

static void sable_setup(EmitFn emit, void *sink, uint64_t rt, uint64_t vb,
                        uint64_t stream, uint32_t setup_dw)
{
    struct sable_cmd_3d_ctx ctx = { SABLE_CMD_HEADER(SABLE_OP_3D_CTX_CREATE, 0, 2), 1 };
    struct sable_cmd_3d_res_create r1 = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_RES_CREATE, 0, 16), .res_id = 1,
        .target = SABLE_VIRGL_TARGET_TEXTURE_2D, .format = SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
        .bind = SABLE_VIRGL_BIND_RENDER_TARGET, .width = SIZE, .height = SIZE, .depth = 1,
        .array_size = 1, .backing_addr = rt, .backing_size = SIZE * SIZE * 4 };
    struct sable_cmd_3d_res_create r2 = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_RES_CREATE, 0, 16), .res_id = 2,
        .target = SABLE_VIRGL_TARGET_BUFFER, .format = SABLE_VIRGL_FORMAT_R8_UNORM,
        .bind = SABLE_VIRGL_BIND_VERTEX_BUFFER, .width = sizeof(verts), .height = 1,
        .depth = 1, .array_size = 1, .backing_addr = vb, .backing_size = sizeof(verts) };
    struct sable_cmd_3d_attach a1 = { SABLE_CMD_HEADER(SABLE_OP_3D_ATTACH, 0, 4), 1, 1, 0 };
    struct sable_cmd_3d_attach a2 = { SABLE_CMD_HEADER(SABLE_OP_3D_ATTACH, 0, 4), 1, 2, 0 };
    struct sable_cmd_3d_transfer up = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_TRANSFER, 0, 16),
        .direction = SABLE_3D_TO_HOST, .res_id = 2, .w = sizeof(verts), .h = 1, .d = 1,
        .size = sizeof(verts) };
    struct sable_cmd_3d_submit s = {
        SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 6), 1, setup_dw, 0, stream };
    emit(sink, &ctx, sizeof(ctx));
    emit(sink, &r1, sizeof(r1));
    emit(sink, &r2, sizeof(r2));
    emit(sink, &a1, sizeof(a1));
    emit(sink, &a2, sizeof(a2));
    emit(sink, &up, sizeof(up));
    emit(sink, &s, sizeof(s));
}

static void sable_draws(EmitFn emit, void *sink, uint64_t stream, uint32_t ndw)
{
    struct sable_cmd_3d_submit s = {
        SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 6), 1, ndw, 0, stream };
    for (unsigned i = 0; i < SUBMITS; i++) {
        emit(sink, &s, sizeof(s));
    }
}

/* ---- in process ----------------------------------------------------------- */

static void emit_cb(void *sink, const void *pkt, uint32_t len)
{
    cb_emit(sink, pkt, len);
}

static void mt_settle(Mt *mt)
{
    if (!simbus_settle_3d(mt->bus, 60000)) {
        g_error("bench: the in-process 3D engine did not finish");
    }
}

static double inproc_draws_s(const Stream *setup, const Stream *draws)
{
    SimBusConfig cfg = { .enable_3d = true };
    Mt *mt = mt_new(&cfg);
    static CmdBuf cb;
    memcpy(mt_vram(mt, STREAM_GPA), setup->dw, 4 * setup->n);
    memcpy(mt_vram(mt, DRAW_GPA), draws->dw, 4 * draws->n);
    memcpy(mt_vram(mt, VB_GPA), verts, sizeof(verts));
    cb_reset(&cb);
    sable_setup(emit_cb, &cb, RT_GPA, VB_GPA, STREAM_GPA, setup->n);
    mt_submit(mt, SABLE_ENGINE_GRAPHICS, &cb);
    mt_settle(mt);
    cb_reset(&cb);
    sable_draws(emit_cb, &cb, DRAW_GPA, draws->n);
    double t0 = bench_now_s();
    uint64_t f = mt_submit(mt, SABLE_ENGINE_GRAPHICS, &cb);
    mt_settle(mt);
    double t = bench_now_s() - t0;
    if (mt_completed(mt, SABLE_ENGINE_GRAPHICS) != f) {
        g_error("bench: in-process draws faulted (code %u)",
                mt_reg(mt, 0, SABLE_ENG_FAULT_CODE));
    }
    mt_free(mt);
    return DRAWS * SUBMITS / t;
}

/* ---- through QEMU ----------------------------------------------------------- */

static void emit_sqt(void *sink, const void *pkt, uint32_t len)
{
    sqt_cmd_raw(sink, pkt, len);
}

static uint64_t vram_put(SqtDevice *d, const void *data, uint32_t len)
{
    uint64_t gpu = sqt_vram_alloc(d, len, 4096);
    memcpy(sqt_vram_ptr(d->m, gpu, len), data, len);
    return gpu;
}

static void run_or_die(SqtDevice *d, const SqtCmdBuf *cb)
{
    uint64_t f = sqt_submit_cmdbuf(d, SABLE_ENGINE_GRAPHICS, cb);
    if (!sqt_wait_fence(d, SABLE_ENGINE_GRAPHICS, f, SQT_STEP_NS, TIMEOUT_NS)) {
        sqt_fatal(d->m, "bench: 3D submission did not complete (fault %u)",
                  sqt_eng_read(d, SABLE_ENGINE_GRAPHICS, SABLE_ENG_FAULT_CODE));
    }
}

static void qemu_3d(const SqtOptions *base, const Stream *setup, const Stream *draws,
                    double direct, double rtt_s, GArray *out)
{
    SqtOptions opt = *base;
    opt.enable_3d = true;
    g_autoptr(GError) err = NULL;
    SqtDevice *d = sqt_device_open(&opt, &err);
    if (!d) {
        g_error("bench: cannot start the 3D device: %s", err->message);
    }
    uint64_t s_gpu = vram_put(d, setup->dw, 4 * setup->n);
    uint64_t d_gpu = vram_put(d, draws->dw, 4 * draws->n);
    uint64_t vb = vram_put(d, verts, sizeof(verts));
    uint64_t rt = sqt_vram_alloc(d, SIZE * SIZE * 4, 4096);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64 * 1024);
    sable_setup(emit_sqt, &cb, rt, vb, s_gpu, setup->n);
    run_or_die(d, &cb);
    sqt_cmdbuf_reset(&cb);
    sable_draws(emit_sqt, &cb, d_gpu, draws->n);
    double t0 = bench_now_s();
    run_or_die(d, &cb);
    double per_s = DRAWS * SUBMITS / (bench_now_s() - t0);
    bench_add(out, "draws_per_s_qemu", "3D draws/s through QEMU", per_s, per_s, 0, "1/s");
    bench_add(out, "draws_qemu_ratio", "3D draws/s through QEMU / virglrenderer direct",
              per_s / direct, per_s / direct, 0, "x");

    /* fence latency: a one-command stream (NOP), doorbell to MSI-X */
    const uint32_t nop = SABLE_VIRGL_CMD(SABLE_VIRGL_CCMD_NOP, 0, 0);
    uint64_t nop_gpu = vram_put(d, &nop, 4);
    BenchIrqCtx one = { d, sqt_cmdbuf_new(d, 64) };
    struct sable_cmd_3d_submit s = {
        SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 6), 1, 1, 0, nop_gpu };
    sqt_cmd_raw(&one.cb, &s, sizeof(s));
    BenchTimes t = bench_time(bench_latency_once, &one, LATENCY_SAMPLES);
    double best = bench_times_min(&t), median = bench_times_median(&t);
    double spread = bench_times_spread(&t);
    bench_add_times(out, "fence3d_latency_us", "3D fence latency (submit to MSI-X)", &t, 1e6,
                    false, "us");
    bench_add(out, "fence3d_latency_per_rtt", "3D fence latency / MMIO round trip",
              best / rtt_s, median / rtt_s, spread, "x");
    sqt_device_close(d);
}

double bench_3d(const SqtOptions *opt, double rtt_s, GArray *out)
{
    static Stream setup, draws;
    streams(&setup, &draws);
    double direct = direct_draws_s(&setup, &draws);
    double inproc = inproc_draws_s(&setup, &draws);
    bench_add(out, "draws_per_s_direct", "3D draws/s, virglrenderer direct (reference)",
              direct, direct, 0, "1/s");
    bench_add(out, "draws_per_s_inproc", "3D draws/s through Sable in process", inproc, inproc,
              0, "1/s");
    bench_add(out, "draws_inproc_ratio", "3D draws/s in process / virglrenderer direct",
              inproc / direct, inproc / direct, 0, "x");
    qemu_3d(opt, &setup, &draws, direct, rtt_s, out);
    return direct;
}
