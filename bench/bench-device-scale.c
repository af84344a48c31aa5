/* SPDX-License-Identifier: MIT */
/*
 * The device's side of the scale table (wall time): realize (QEMU started
 * with the device until QMP answers), and in process (the core on simbus)
 * adapter reset and a dump, for VRAM of 64 MiB to 1 GiB, each also as a ratio to the 64 MiB case; and a 1 MiB COPY from the
 * last pages of a 4 GiB GART (1M entries) into VRAM against the same copy
 * from its first pages. Flat (about 1) is the goal: nothing the device does
 * should walk all of VRAM or the GART.
 */
#include <string.h>

#include "bench.h"
#include "model-util.h"

#define DEV_REPS 5u
#define GART_TABLE (32ull << 20)          /* 8 MiB of entries */
#define GART_PAGES (16ull << 20)          /* 256 backing pages, reused */
#define GART_COPY (1u << 20)
#define DUMP_BUF (48ull << 20)

typedef struct DevCtx {
    uint64_t vram;
    Mt *mt;
    uint64_t src;                         /* GPU address of the GART copy */
} DevCtx;

static SimBusConfig dev_cfg(uint64_t vram)
{
    return (SimBusConfig){ .vram_size = vram, .ram_size = 64ull << 20 };
}

/* QEMU started with -device sable-gpu of this VRAM size until its QMP
 * monitor answers (realize happens inside; the VRAM backing file is
 * sparse): what a user waits for. */
static double realize_once(void *arg)
{
    DevCtx *c = arg;
    SqtOptions opt = { .vram_size = c->vram };
    g_autoptr(GError) err = NULL;
    double t0 = bench_now_s();
    SqtMachine *m = sqt_machine_start(&opt, &err);
    double t = bench_now_s() - t0;
    if (!m) {
        g_error("bench: QEMU with %" G_GUINT64_FORMAT " bytes of VRAM: %s", c->vram,
                err->message);
    }
    sqt_machine_stop(m);
    return t;
}

static double reset_once(void *arg)
{
    DevCtx *c = arg;
    double t0 = bench_now_s();
    simbus_write(c->mt->bus, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    return bench_now_s() - t0;
}

/* DUMP_BATCH dumps per sample (one takes about a microsecond, the clock's
 * tick); each must succeed. */
#define DUMP_BATCH 200u

static double dump_once(void *arg)
{
    DevCtx *c = arg;
    SimBus *bus = c->mt->bus;
    simbus_write64(bus, SABLE_REG_DUMP_ADDR_LO, DUMP_BUF);
    simbus_write(bus, SABLE_REG_DUMP_SIZE, 1u << 20);
    double t0 = bench_now_s();
    for (unsigned i = 0; i < DUMP_BATCH; i++) {
        simbus_write(bus, SABLE_REG_DUMP_CONTROL, 1);
    }
    double t = bench_now_s() - t0;
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_DUMP_STATUS), ==, SABLE_DUMP_STATUS_OK);
    return t / DUMP_BATCH;
}

static double gart_copy_once(void *arg)
{
    DevCtx *c = arg;
    static CmdBuf cb;
    cb_reset(&cb);
    cb_copy(&cb, 0x100000, c->src, GART_COPY);
    double t0 = bench_now_s();
    mt_submit(c->mt, SABLE_ENGINE_COPY, &cb);
    mt_run(c->mt);
    return bench_now_s() - t0;
}

/* A row of t (microseconds) and its ratio to base (the smallest case). */
static double add_scaled(GArray *out, const char *name, const char *label, BenchTimes *t,
                         double base)
{
    double best = bench_times_min(t), med = bench_times_median(t);
    double spread = bench_times_spread(t);
    double b = base ? base : med;
    g_autofree char *n2 = g_strdup_printf("%s_ratio", name);
    g_autofree char *l2 = g_strdup_printf("%s / smallest case", label);
    bench_add_times(out, name, label, t, 1e6, false, "us");
    bench_add(out, n2, l2, best / b, med / b, spread, "x");
    return med;
}

static void vram_cases(GArray *out)
{
    static const unsigned mib[] = { 64, 256, 1024 };
    double base[3] = { 0 };
    for (unsigned i = 0; i < G_N_ELEMENTS(mib); i++) {
        DevCtx c = { .vram = (uint64_t)mib[i] << 20 };
        SimBusConfig cfg = dev_cfg(c.vram);
        g_autofree char *rn = g_strdup_printf("realize_vram_%u", mib[i]);
        g_autofree char *rl = g_strdup_printf("QEMU start (realize), VRAM %u MiB", mib[i]);
        g_autofree char *sn = g_strdup_printf("reset_vram_%u", mib[i]);
        g_autofree char *sl = g_strdup_printf("adapter reset, VRAM %u MiB", mib[i]);
        g_autofree char *dn = g_strdup_printf("dump_vram_%u", mib[i]);
        g_autofree char *dl = g_strdup_printf("dump, VRAM %u MiB", mib[i]);
        BenchTimes t = bench_time(realize_once, &c, 3);
        double r = add_scaled(out, rn, rl, &t, base[0]);
        c.mt = mt_new(&cfg);
        t = bench_time(reset_once, &c, DEV_REPS);
        double s = add_scaled(out, sn, sl, &t, base[1]);
        mt_rings_init(c.mt);
        t = bench_time(dump_once, &c, DEV_REPS);
        double d = add_scaled(out, dn, dl, &t, base[2]);
        mt_free(c.mt);
        if (i == 0) {
            base[0] = r;
            base[1] = s;
            base[2] = d;
        }
    }
}

static void gart_cases(GArray *out)
{
    SimBusConfig cfg = dev_cfg(64ull << 20);
    DevCtx c = { .mt = mt_new(&cfg) };
    SimBus *bus = c.mt->bus;
    const uint32_t entries = 1u << 20;
    for (uint32_t i = 0; i < entries; i++) {
        simbus_ram_write64(bus, GART_TABLE + 8ull * i,
                           (GART_PAGES + (uint64_t)(i % 256) * SABLE_PAGE_SIZE) | 7);
    }
    simbus_write64(bus, SABLE_REG_GART_TABLE_LO, GART_TABLE);
    simbus_write(bus, SABLE_REG_GART_ENTRIES, entries);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_GART_ENTRIES), ==, entries);
    c.src = SABLE_CORE_GART_BASE;
    BenchTimes t = bench_time(gart_copy_once, &c, DEV_REPS * 4);
    double base = add_scaled(out, "gart_copy_first", "1 MiB COPY from a 4 GiB GART's first pages",
                             &t, 0);
    c.src = SABLE_CORE_GART_BASE + ((uint64_t)entries - 256) * SABLE_PAGE_SIZE;
    t = bench_time(gart_copy_once, &c, DEV_REPS * 4);
    add_scaled(out, "gart_copy_last", "1 MiB COPY from a 4 GiB GART's last pages", &t, base);
    mt_free(c.mt);
}

void bench_device_scale(GArray *out)
{
    vram_cases(out);
    gart_cases(out);
}
