/* SPDX-License-Identifier: MIT */
/* Swizzle-range and tiled-copy bandwidth, each as a ratio to memcpy of the
 * same size measured in the same run, interleaved with it (buffers touched first):
 *   - CPU write / read of an enabled range's window (BAR4 shared mapping);
 *   - the same including the data movement the device does: ENABLE
 *     (de-tile) before reading, FLUSH (re-tile) after writing;
 *   - COPY_2D linear -> TILE_Y and TILE_Y -> linear (VRAM to VRAM). */
#include <string.h>

#include "bench.h"

#define AP_REPEATS 5
#define AP_PITCH 4096u
#define AP_WIN 0u

typedef struct ApCtx {
    SqtDevice *d;
    SqtSwzRange range;
    uint8_t *win, *host;
    uint64_t size;
    uint64_t lin, tiled;     /* VRAM GPU addresses */
} ApCtx;

static double time_cpu_write(void *p)
{
    ApCtx *c = p;
    double t0 = bench_now_s();
    memcpy(c->win, c->host, c->size);
    return bench_now_s() - t0;
}

static double time_cpu_read(void *p)
{
    ApCtx *c = p;
    double t0 = bench_now_s();
    memcpy(c->host, c->win, c->size);
    return bench_now_s() - t0;
}

static void control_or_die(ApCtx *c, uint32_t ctl)
{
    if (sqt_swz_control(c->d, 0, ctl)) {
        sqt_fatal(c->d->m, "bench: swizzle control %u failed", ctl);
    }
}

static double time_write_flush(void *p)
{
    ApCtx *c = p;
    double t0 = bench_now_s();
    memcpy(c->win, c->host, c->size);
    control_or_die(c, SABLE_SWZ_CONTROL_FLUSH);
    return bench_now_s() - t0;
}

static double time_enable_read(void *p)
{
    ApCtx *c = p;
    control_or_die(c, SABLE_SWZ_CONTROL_DISCARD);
    double t0 = bench_now_s();
    control_or_die(c, SABLE_SWZ_CONTROL_ENABLE);
    memcpy(c->host, c->win, c->size);
    return bench_now_s() - t0;
}

static double time_copy(ApCtx *c, bool to_tiled)
{
    uint32_t rows = (uint32_t)(c->size / AP_PITCH);
    struct sable_surface lin = {
        .addr = c->lin, .pitch = AP_PITCH, .width = AP_PITCH, .height = rows,
        .format = SABLE_FORMAT_A8_UNORM };
    struct sable_surface til = lin;
    til.addr = c->tiled;
    til.format = SABLE_SURFACE_FORMAT(SABLE_FORMAT_A8_UNORM, SABLE_TILING_Y);
    struct sable_rect all = { 0, 0, AP_PITCH, rows };
    SqtCmdBuf cb = sqt_cmdbuf_new(c->d, 256);
    sqt_cmd_copy_2d(&cb, to_tiled ? &lin : &til, to_tiled ? &til : &lin, &all, 0, 0);
    double t0 = bench_now_s();
    uint64_t fence = sqt_submit_cmdbuf(c->d, SABLE_ENGINE_COPY, &cb);
    if (!sqt_wait_fence(c->d, SABLE_ENGINE_COPY, fence, SQT_STEP_NS, SQT_TIMEOUT_NS) ||
        sqt_eng_read(c->d, SABLE_ENGINE_COPY, SABLE_ENG_FAULT_CODE)) {
        sqt_fatal(c->d->m, "bench: COPY_2D did not complete");
    }
    return bench_now_s() - t0;
}

static double time_to_tiled(void *p)
{
    return time_copy(p, true);
}

static double time_to_linear(void *p)
{
    return time_copy(p, false);
}

void bench_aperture(SqtDevice *d, uint64_t size, GArray *out)
{
    ApCtx c = { .d = d, .size = size };
    c.range = (SqtSwzRange){ AP_WIN, (uint32_t)size, 0, AP_PITCH,
                             (uint32_t)(size / AP_PITCH), SABLE_TILING_Y };
    c.tiled = c.range.gpu = sqt_vram_alloc(d, size, 4096);
    c.lin = sqt_vram_alloc(d, size, 4096);
    c.host = g_malloc(2 * size);
    memset(c.host, 0x5a, 2 * size);
    memset(sqt_vram_ptr(d->m, c.tiled, size), 0xa5, size);
    if (sqt_swz_enable(d, 0, &c.range)) {
        sqt_fatal(d->m, "bench: swizzle range enable failed");
    }
    c.win = sqt_aperture_ptr(d->m, AP_WIN, size);
    double mib = (double)size / (1 << 20);
    BenchRef ref = { c.host, c.host + size, size };
    BenchTimes keep = { NULL };
#define AP_RATIO(name, label, fn) \
    bench_ratio_paired(out, name, label, &ref, fn, &c, AP_REPEATS, mib, &keep)
    AP_RATIO("ap_cpu_write", "aperture CPU write", time_cpu_write);
    AP_RATIO("ap_cpu_read", "aperture CPU read", time_cpu_read);
    AP_RATIO("ap_write_flush", "aperture CPU write + FLUSH", time_write_flush);
    AP_RATIO("ap_enable_read", "aperture ENABLE + CPU read", time_enable_read);
    control_or_die(&c, SABLE_SWZ_CONTROL_DISABLE);
    AP_RATIO("copy2d_to_tiled", "COPY_2D linear->tiled", time_to_tiled);
    AP_RATIO("copy2d_to_linear", "COPY_2D tiled->linear", time_to_linear);
#undef AP_RATIO
    bench_add_memcpy(out, "ap_memcpy_mib_s", "memcpy, aperture size (reference)", &keep, mib);
    g_free(c.host);
}
