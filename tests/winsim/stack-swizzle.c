/* SPDX-License-Identifier: MIT */
/*
 * Swizzling ranges end to end: DRIVERCAPS, VidMm's lock with AcquireAperture
 * (ws_kmt_lock_aperture) over DxgkDdiAcquire/ReleaseSwizzlingRange, the CPU
 * writing and reading the linear view in BAR4 (the transport's aperture
 * mapping) compared byte-exact with the TILE_Y bytes (sable_tile_y_offset),
 * exhaustion of range ids and of BAR4 with VidMm's release-and-retry,
 * UNSUPPORTED allocations, and TDRs while a range is held (an adapter reset
 * drops it, an engine reset keeps it).
 */
#include <string.h>

#include "stack-util.h"

static uint8_t pattern(uint32_t xb, uint32_t y, uint32_t seed)
{
    return (uint8_t)(xb * 7u + y * 131u + seed * 29u + 1u);
}

/* A TILE_Y B8G8R8A8 surface: pitch whole tiles, size whole tile rows. */
static struct sable_alloc_private tiled_desc(uint32_t w, uint32_t h, uint32_t segment)
{
    struct sable_alloc_private p = surface_desc();
    p.flags |= SABLE_ALLOC_F_TILE_Y;
    p.width = w;
    p.height = h;
    p.pitch = (w * 4 + SABLE_TILE_WIDTH - 1) / SABLE_TILE_WIDTH * SABLE_TILE_WIDTH;
    p.size = (uint64_t)p.pitch * ((h + SABLE_TILE_HEIGHT - 1) / SABLE_TILE_HEIGHT) *
             SABLE_TILE_HEIGHT;
    p.segment = segment;
    return p;
}

static WsKmtAllocation *create(WsKmtDevice *d, struct sable_alloc_private p)
{
    WsKmtAllocation *a;
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a), ==, 0);
    g_assert_cmpuint(a->segment, ==, p.segment);
    return a;
}

static void *lock_ap(WsKmtDevice *d, WsKmtAllocation *a)
{
    void *cpu = NULL;
    g_assert_cmphex((uint32_t)ws_kmt_lock_aperture(d, a, &cpu), ==, 0);
    g_assert_nonnull(cpu);
    return cpu;
}

static void fill_linear(uint8_t *cpu, const struct sable_alloc_private *p, uint32_t seed)
{
    for (uint32_t y = 0; y < p->height; y++) {
        for (uint32_t xb = 0; xb < p->pitch; xb++) {
            cpu[(uint64_t)y * p->pitch + xb] = pattern(xb, y, seed);
        }
    }
}

static void fill_tiled(uint8_t *cpu, const struct sable_alloc_private *p, uint32_t seed)
{
    for (uint32_t y = 0; y < p->height; y++) {
        for (uint32_t xb = 0; xb < p->pitch; xb++) {
            cpu[sable_tile_y_offset(p->pitch, xb, y)] = pattern(xb, y, seed);
        }
    }
}

static void check_linear(const uint8_t *cpu, const struct sable_alloc_private *p, uint32_t seed)
{
    for (uint32_t y = 0; y < p->height; y++) {
        for (uint32_t xb = 0; xb < p->pitch; xb++) {
            if (cpu[(uint64_t)y * p->pitch + xb] != pattern(xb, y, seed)) {
                g_error("linear (%u, %u): 0x%02x, want 0x%02x", xb, y,
                        cpu[(uint64_t)y * p->pitch + xb], pattern(xb, y, seed));
            }
        }
    }
}

/* The tiled bytes, through a plain Lock (VidMm releases the range first). */
static void check_tiled(WsKmtDevice *d, WsKmtAllocation *a, const struct sable_alloc_private *p,
                        uint32_t seed)
{
    const uint8_t *cpu = ws_kmt_lock(d, a);
    g_assert_null(a->swz);
    for (uint32_t y = 0; y < p->height; y++) {
        for (uint32_t xb = 0; xb < p->pitch; xb++) {
            uint64_t off = sable_tile_y_offset(p->pitch, xb, y);
            if (cpu[off] != pattern(xb, y, seed)) {
                g_error("tiled (%u, %u) at 0x%llx: 0x%02x, want 0x%02x", xb, y,
                        (unsigned long long)off, cpu[off], pattern(xb, y, seed));
            }
        }
    }
    ws_kmt_unlock(d, a);
}

static uint32_t range_status(WsSim *sim, unsigned r)
{
    return sim->t->ops->mmio_read(sim->t, SABLE_REG_SWZ(r) + SABLE_SWZ_STATUS);
}

static unsigned enabled_ranges(WsSim *sim)
{
    unsigned n = 0;
    for (unsigned r = 0; r < SABLE_SWZ_MAX_RANGES; r++) {
        n += (range_status(sim, r) & SABLE_SWZ_STATUS_ENABLED) != 0;
    }
    return n;
}

static void test_swizzle_caps(void)
{
    WsSim *sim = started();
    g_assert_nonnull(sim->init.DxgkDdiAcquireSwizzlingRange);
    g_assert_nonnull(sim->init.DxgkDdiReleaseSwizzlingRange);
    uint32_t device = sim->t->ops->mmio_read(sim->t, SABLE_REG_SWIZZLE_RANGES);
    g_assert_cmpuint(device, ==, 8);
    g_assert_cmpuint(sim->caps.NumberOfSwizzlingRanges, ==, device);
    g_assert_nonnull(sim->t->aperture);
    ws_sim_free(sim);
}

/* CPU writes through the range reach the tiled surface, byte-exact, when
 * VidMm releases it; in VRAM and in the aperture segment. */
static void test_swizzle_write_through(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    static const uint32_t segs[] = { SABLE_SEGMENT_VRAM, SABLE_SEGMENT_APERTURE };
    for (unsigned i = 0; i < G_N_ELEMENTS(segs); i++) {
        struct sable_alloc_private p = tiled_desc(200, 45, segs[i]);
        WsKmtAllocation *a = create(d, p);
        uint8_t *cpu = lock_ap(d, a);
        unsigned id = (unsigned)(a->swz - sim->vidmm.swz);
        g_assert_cmphex(range_status(sim, id), ==, SABLE_SWZ_STATUS_ENABLED);
        g_assert_cmpuint(cpu[0], ==, 0);            /* the cleared surface */
        g_assert_cmpuint(cpu[p.size - 1], ==, 0);   /* window past PITCH x HEIGHT */
        fill_linear(cpu, &p, i);
        ws_kmt_unlock(d, a);
        g_assert_nonnull(a->swz); /* kept after Unlock */
        check_tiled(d, a, &p, i);
        g_assert_cmphex(range_status(sim, id), ==, 0);
        ws_kmt_destroy_allocation(d, a);
    }
    g_assert_cmpuint(sim->vidmm.swz_acquires, ==, 2);
    g_assert_cmpuint(sim->vidmm.swz_releases, ==, 2);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* Reads through a range see what the GPU wrote: tiled bytes copied by a
 * COPY packet into a second surface read back linearly. */
static void test_swizzle_read_gpu_data(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private p = tiled_desc(100, 70, SABLE_SEGMENT_APERTURE);
    WsKmtAllocation *src = create(d, p);
    p.segment = SABLE_SEGMENT_VRAM;
    WsKmtAllocation *dst = create(d, p);
    fill_tiled(ws_kmt_lock(d, src), &p, 5);
    ws_kmt_unlock(d, src);
    Cmd c = { .len = 0 };
    struct sable_cmd_copy k = { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8),
                                .size = p.size };
    cmd_patch(&c, c.len + 8, 1, 0);
    cmd_patch(&c, c.len + 16, 0, 0);
    cmd_put(&c, &k, sizeof(k));
    WsKmtAllocation *list[] = { src, dst };
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_kmt_render(d, SABLE_NODE_COPY, c.buf, c.len, list, 2, c.patch,
                                            c.npatch, &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_COPY, fence));
    check_linear(lock_ap(d, dst), &p, 5);
    ws_kmt_unlock(d, dst);
    ws_kmt_destroy_allocation(d, dst);
    ws_kmt_destroy_allocation(d, src);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* Eight ranges locked: a ninth lock fails UNAVAILABLE (nothing VidMm may
 * release); with one unlocked, VidMm releases it (its writes flushed) and
 * the ninth gets its range id. */
static void test_swizzle_range_exhaustion(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private p = tiled_desc(32, 32, SABLE_SEGMENT_APERTURE);
    WsKmtAllocation *a[9];
    for (unsigned i = 0; i < 9; i++) {
        a[i] = create(d, p);
    }
    for (unsigned i = 0; i < 8; i++) {
        fill_linear(lock_ap(d, a[i]), &p, i);
    }
    void *cpu = NULL;
    g_assert_cmphex((uint32_t)ws_kmt_lock_aperture(d, a[8], &cpu), ==,
                    (uint32_t)STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNAVAILABLE);
    g_assert_null(a[8]->swz);
    g_assert_cmpuint(enabled_ranges(sim), ==, 8);
    ws_kmt_unlock(d, a[3]);
    unsigned freed = (unsigned)(a[3]->swz - sim->vidmm.swz);
    fill_linear(lock_ap(d, a[8]), &p, 8);
    g_assert_null(a[3]->swz);
    g_assert_cmpuint((unsigned)(a[8]->swz - sim->vidmm.swz), ==, freed);
    g_assert_cmpuint(sim->vidmm.swz_releases, ==, 1);
    g_assert_cmpuint(sim->vidmm.swz_acquires, ==, 9);
    check_tiled(d, a[3], &p, 3);
    for (unsigned i = 0; i < 9; i++) {
        if (i != 3) {
            ws_kmt_unlock(d, a[i]);
            check_tiled(d, a[i], &p, i);
        }
        ws_kmt_destroy_allocation(d, a[i]);
    }
    g_assert_cmpuint(enabled_ranges(sim), ==, 0);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* Two 6 MiB windows leave no room in the 16 MiB BAR4 for a third: the KMD
 * says UNAVAILABLE; VidMm releases the unlocked one and retries. */
static void test_swizzle_aperture_full(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private p = tiled_desc(1024, 1536, SABLE_SEGMENT_APERTURE);
    g_assert_cmpuint(p.size, ==, 6u << 20);
    WsKmtAllocation *a[3];
    for (unsigned i = 0; i < 3; i++) {
        a[i] = create(d, p);
    }
    fill_linear(lock_ap(d, a[0]), &p, 1);
    lock_ap(d, a[1]);
    void *cpu = NULL;
    g_assert_cmphex((uint32_t)ws_kmt_lock_aperture(d, a[2], &cpu), ==,
                    (uint32_t)STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNAVAILABLE);
    g_assert_cmpuint(sim->vidmm.swz_unavailable, ==, 1);
    g_assert_cmpuint(enabled_ranges(sim), ==, 2);
    ws_kmt_unlock(d, a[0]);
    lock_ap(d, a[2]);
    g_assert_cmpuint(sim->vidmm.swz_unavailable, ==, 2);
    g_assert_null(a[0]->swz);
    g_assert_cmpuint(enabled_ranges(sim), ==, 2);
    check_tiled(d, a[0], &p, 1);
    ws_kmt_unlock(d, a[1]);
    ws_kmt_unlock(d, a[2]);
    for (unsigned i = 0; i < 3; i++) {
        ws_kmt_destroy_allocation(d, a[i]);
    }
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

static NTSTATUS acquire(WsSim *sim, WsKmtAllocation *a, UINT id, UINT part)
{
    DXGKARG_ACQUIRESWIZZLINGRANGE q = {
        .hAllocation = a->handle, .PrivateDriverData = part, .RangeId = id,
        .SegmentId = a->segment, .RangeSize = (SIZE_T)a->size,
    };
    return sim->init.DxgkDdiAcquireSwizzlingRange(sim->adapter, &q);
}

/* Allocations that cannot use a range: a buffer, a linear surface, a
 * sub-part, a surface larger than BAR4. VidMm does not retry. Bad range ids
 * are refused without touching the device. */
static void test_swizzle_unsupported(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private descs[] = {
        buffer_desc(SABLE_PAGE_SIZE, SABLE_SEGMENT_VRAM),
        surface_desc(),
        tiled_desc(1024, 4128, SABLE_SEGMENT_APERTURE), /* > 16 MiB */
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(descs); i++) {
        WsKmtAllocation *a = create(d, descs[i]);
        void *cpu = NULL;
        g_assert_cmphex((uint32_t)ws_kmt_lock_aperture(d, a, &cpu), ==,
                        (uint32_t)STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNSUPPORTED);
        g_assert_null(cpu);
        ws_kmt_destroy_allocation(d, a);
    }
    WsKmtAllocation *t = create(d, tiled_desc(64, 64, SABLE_SEGMENT_VRAM));
    g_assert_cmphex((uint32_t)acquire(sim, t, 0, 1), ==,
                    (uint32_t)STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNSUPPORTED);
    g_assert_cmphex((uint32_t)acquire(sim, t, 8, 0), ==, (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmpuint(sim->vidmm.swz_acquires, ==, 0);
    g_assert_cmpuint(enabled_ranges(sim), ==, 0);
    lock_ap(d, t);
    unsigned id = (unsigned)(t->swz - sim->vidmm.swz);
    g_assert_cmphex((uint32_t)acquire(sim, t, id, 0), ==, (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmpuint(enabled_ranges(sim), ==, 1); /* the held range untouched */
    ws_kmt_unlock(d, t);
    ws_kmt_destroy_allocation(d, t);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* A hang whose engine reset fails while a range is held: the adapter reset
 * discards the range; VidMm drops it, the KMD has forgotten it (releasing
 * it is refused), no range is enabled, and every range id works again. */
static void test_swizzle_tdr(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private p = tiled_desc(64, 64, SABLE_SEGMENT_VRAM);
    WsKmtAllocation *a = create(d, p);
    fill_linear(lock_ap(d, a), &p, 2);
    unsigned id = (unsigned)(a->swz - sim->vidmm.swz);
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    hang_to_adapter_reset(sim, &c, &m);
    g_assert_cmpuint(sim->vidmm.swz_dropped, ==, 1);
    g_assert_null(a->swz);
    g_assert_cmpuint(enabled_ranges(sim), ==, 0);
    DXGKARG_RELEASESWIZZLINGRANGE rel = { .hAllocation = a->handle, .RangeId = id };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiReleaseSwizzlingRange(sim->adapter, &rel), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    ws_kmt_unlock(d, a);
    WsKmtAllocation *b[8];
    for (unsigned i = 0; i < 8; i++) {
        b[i] = create(d, p);
        fill_linear(lock_ap(d, b[i]), &p, 10 + i);
    }
    g_assert_cmpuint(enabled_ranges(sim), ==, 8);
    for (unsigned i = 0; i < 8; i++) {
        ws_kmt_unlock(d, b[i]);
        check_tiled(d, b[i], &p, 10 + i);
        ws_kmt_destroy_allocation(d, b[i]);
    }
    ws_kmt_destroy_allocation(d, a);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* An engine reset (per-engine TDR) leaves a held range alone: still
 * enabled, and its CPU writes still reach the surface at release. */
static void test_swizzle_engine_reset_keeps_range(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private p = tiled_desc(64, 64, SABLE_SEGMENT_VRAM);
    WsKmtAllocation *a = create(d, p);
    uint8_t *cpu = lock_ap(d, a);
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    inject_ok(sim, "hang,engine=0");
    uint32_t f = submit_write32(sim, &c, &m, 0, 0x11);
    g_assert_false(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    g_assert_cmpuint(sim->stats.adapter_resets, ==, 0);
    g_assert_nonnull(a->swz);
    g_assert_cmpuint(enabled_ranges(sim), ==, 1);
    fill_linear(cpu, &p, 4);
    ws_kmt_unlock(d, a);
    check_tiled(d, a, &p, 4);
    ws_kmt_destroy_allocation(d, a);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

void stack_add_swizzle_tests(void)
{
    g_test_add_func("/stack/swizzle/caps", test_swizzle_caps);
    g_test_add_func("/stack/swizzle/write-through", test_swizzle_write_through);
    g_test_add_func("/stack/swizzle/read-gpu-data", test_swizzle_read_gpu_data);
    g_test_add_func("/stack/swizzle/range-exhaustion", test_swizzle_range_exhaustion);
    g_test_add_func("/stack/swizzle/aperture-full-retry", test_swizzle_aperture_full);
    g_test_add_func("/stack/swizzle/unsupported", test_swizzle_unsupported);
    g_test_add_func("/stack/swizzle/tdr", test_swizzle_tdr);
    g_test_add_func("/stack/swizzle/engine-reset-keeps-range",
                    test_swizzle_engine_reset_keeps_range);
}
