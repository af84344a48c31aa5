/* SPDX-License-Identifier: MIT */
/*
 * Display refresh cost (in process: the device core on simbus). One refresh
 * converts a 1024x768 B8G8R8A8 scanout in VRAM into the console's x8r8g8b8
 * frame: with every band changed (a full-change frame, what every refresh
 * cost before dirty tracking) and with none changed (an idle desktop, what
 * QEMU's refresh does now: sable_scanout_update skips clean bands). The
 * reference is memcpy of the frame, timed in the same run.
 */
#include <string.h>

#include "bench.h"
#include "simbus.h"

#define DISPLAY_W 1024u
#define DISPLAY_H 768u
#define DISPLAY_REPS 50u

typedef struct DisplayCtx {
    SimBus *bus;
    uint32_t *frame;
    bool changed;
    unsigned batch;        /* refreshes per sample (the clock ticks in us) */
} DisplayCtx;

static bool display_changed(void *opaque, uint64_t gpa, uint64_t len)
{
    return ((DisplayCtx *)opaque)->changed;
}

static void display_updated(void *opaque, uint32_t y, uint32_t h)
{
}

static double display_refresh_once(void *arg)
{
    DisplayCtx *c = arg;
    SableScanoutDirty dirty = { display_changed, display_updated, c };
    double t0 = bench_now_s();
    for (unsigned i = 0; i < c->batch; i++) {
        g_assert_true(sable_scanout_update(c->bus->dev, c->frame, DISPLAY_W * 4, &dirty));
    }
    return (bench_now_s() - t0) / c->batch;
}

void bench_display(GArray *out)
{
    SimBusConfig cfg = { .vram_size = 16u << 20 };
    DisplayCtx c = { .bus = simbus_new(&cfg) };
    const uint64_t bytes = (uint64_t)DISPLAY_W * DISPLAY_H * 4;
    c.frame = g_malloc(bytes);
    memset(c.bus->vram, 0x5a, bytes);
    simbus_write64(c.bus, SABLE_REG_SCANOUT_ADDR_LO, 0);
    simbus_write(c.bus, SABLE_REG_SCANOUT_PITCH, DISPLAY_W * 4);
    simbus_write(c.bus, SABLE_REG_SCANOUT_FORMAT, SABLE_FORMAT_B8G8R8A8_UNORM);
    simbus_write(c.bus, SABLE_REG_SCANOUT_WIDTH, DISPLAY_W);
    simbus_write(c.bus, SABLE_REG_SCANOUT_HEIGHT, DISPLAY_H);
    simbus_write(c.bus, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);

    BenchRef ref = { g_malloc(bytes), c.bus->vram, bytes };
    BenchTimes rt, full, idle;
    c.changed = true;
    c.batch = 1;
    bench_pair(&ref, display_refresh_once, &c, DISPLAY_REPS, &rt, &full);
    c.changed = false;
    c.batch = 1000;
    idle = bench_time(display_refresh_once, &c, DISPLAY_REPS);
    double mib = (double)bytes / (1 << 20);
    bench_add_ratio(out, "display_full", "display refresh 1024x768, every row changed", &rt,
                    &full, mib);
    bench_add_times(out, "display_idle_us", "display refresh 1024x768, nothing changed",
                    &idle, 1e6, false, "us");
    bench_add_memcpy(out, "display_memcpy", "memcpy, 1024x768x4 frame (reference)", &rt, mib);
    g_free(ref.dst);
    g_free(c.frame);
    simbus_free(c.bus);
}
