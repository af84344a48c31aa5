/* SPDX-License-Identifier: MIT */
/* The stack suite: Allocation DDIs. */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"

/* A valid surface is described to VidMm and back; each broken field of
 * the private data is refused and nothing is left allocated. */
static void test_allocations(void)
{
    WsSim *sim = started();
    struct sable_alloc_private p = surface_desc();
    DXGK_ALLOCATIONINFO info;
    unsigned allocs = sim->stats.os_allocs;
    p.size = 64 * 256 + 1;
    g_assert_cmphex((uint32_t)create_one(sim, &p, &info), ==, 0);
    g_assert_cmpuint(info.Size, ==, 5 * SABLE_PAGE_SIZE);
    g_assert_cmpuint(info.Alignment, ==, SABLE_PAGE_SIZE);
    g_assert_cmpuint(info.Flags.CpuVisible, ==, 1);
    g_assert_cmpuint(info.PreferredSegment.SegmentId0, ==, SABLE_SEGMENT_VRAM);
    g_assert_cmphex(info.SupportedReadSegmentSet, ==, 3);
    DXGKARG_DESCRIBEALLOCATION d = { .hAllocation = info.hAllocation };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDescribeAllocation(sim->adapter, &d), ==, 0);
    g_assert_cmpuint(d.Width, ==, 64);
    g_assert_cmpuint(d.Height, ==, 64);
    g_assert_cmpuint(d.Format, ==, 21); /* D3DFMT_A8R8G8B8 */
    destroy_one(sim, info.hAllocation);
    g_assert_cmpuint(sim->stats.os_allocs, ==, allocs);

    struct sable_alloc_private bad[8];
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        bad[i] = surface_desc();
    }
    bad[0].magic = 0;
    bad[1].width = 0;
    bad[2].pitch = 255;                 /* not a multiple of 4 */
    bad[3].pitch = 252;                 /* narrower than a row */
    bad[4].size = 64 * 256 - 1;         /* smaller than pitch * height */
    bad[5].format = SABLE_FORMAT_COUNT;
    bad[6].size = UINT64_MAX;
    bad[7].segment = 3;
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_cmphex((uint32_t)create_one(sim, &bad[i], &info), ==,
                        (uint32_t)STATUS_INVALID_PARAMETER);
    }
    /* two allocations, the second bad: the first is not kept either */
    DXGK_ALLOCATIONINFO two[2] = { { 0 } };
    two[0].pPrivateDriverData = &p;
    two[0].PrivateDriverDataSize = sizeof(p);
    two[1].pPrivateDriverData = &bad[0];
    two[1].PrivateDriverDataSize = sizeof(p);
    DXGKARG_CREATEALLOCATION ca = { .NumAllocations = 2, .pAllocationInfo = two };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmpuint(sim->stats.os_allocs, ==, allocs);
    ws_sim_free(sim);
}

/* TILE_Y surfaces (FEATURE_TILING): whole tile rows and a pitch of whole
 * tiles; a buffer cannot be tiled; without the feature none is accepted. */
static void test_tiled_allocation(void)
{
    WsSim *sim = started();
    struct sable_umd_private priv;
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_UMDRIVERPRIVATE, &priv, sizeof(priv)), ==, 0);
    bool tiling = (priv.device_features & SABLE_FEATURE_TILING) != 0;
    struct sable_alloc_private p = surface_desc();  /* 64 x 64, pitch 256 */
    DXGK_ALLOCATIONINFO info;
    p.flags |= SABLE_ALLOC_F_TILE_Y;
    p.height = 40;
    p.size = 256 * 64;                              /* two tile rows */
    g_assert_cmphex((uint32_t)create_one(sim, &p, &info), ==,
                    tiling ? 0 : (uint32_t)STATUS_INVALID_PARAMETER);
    if (tiling) {
        g_assert_cmpuint(info.Size, ==, 4 * SABLE_PAGE_SIZE);
        destroy_one(sim, info.hAllocation);
    }
    struct sable_alloc_private bad[3] = { p, p, buffer_desc(SABLE_PAGE_SIZE, 0) };
    bad[0].size = 256 * 40;                         /* linear extent, not whole tile rows */
    bad[1].pitch = 260;                             /* not whole tiles */
    bad[1].size = 260 * 64;
    bad[2].flags |= SABLE_ALLOC_F_TILE_Y;           /* a tiled buffer */
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_cmphex((uint32_t)create_one(sim, &bad[i], &info), ==,
                        (uint32_t)STATUS_INVALID_PARAMETER);
    }
    ws_sim_free(sim);
}

/* A shared allocation opened by another device gets its own handle, which
 * describes the same surface; broken private data is refused and nothing
 * is kept; Close frees it. */
static void test_open_allocation(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    unsigned allocs = sim->stats.os_allocs;
    struct sable_alloc_private p = surface_desc();
    struct sable_alloc_private bad = surface_desc();
    bad.pitch = 2;
    DXGK_OPENALLOCATIONINFO open[2] = { { 0 } };
    open[0].pPrivateDriverData = &p;
    open[0].PrivateDriverDataSize = sizeof(p);
    open[1].pPrivateDriverData = &bad;
    open[1].PrivateDriverDataSize = sizeof(bad);
    DXGKARG_OPENALLOCATION args = { .NumAllocations = 2, .pOpenAllocation = open };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiOpenAllocation(c.device, &args), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_null(open[0].hDeviceSpecificAllocation);
    g_assert_cmpuint(sim->stats.os_allocs, ==, allocs);
    args.NumAllocations = 1;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiOpenAllocation(c.device, &args), ==, 0);
    g_assert_nonnull(open[0].hDeviceSpecificAllocation);
    DXGKARG_DESCRIBEALLOCATION d = { .hAllocation = open[0].hDeviceSpecificAllocation };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDescribeAllocation(sim->adapter, &d), ==, 0);
    g_assert_cmpuint(d.Width, ==, p.width);
    HANDLE h = open[0].hDeviceSpecificAllocation;
    DXGKARG_CLOSEALLOCATION close = { .NumAllocations = 1, .pOpenHandleList = &h };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCloseAllocation(c.device, &close), ==, 0);
    g_assert_cmpuint(sim->stats.os_allocs, ==, allocs);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* Standard allocations: sizes first (NULL buffer), then private data that
 * CreateAllocation accepts, with the pitch reported back. */
static void test_standard_allocation(void)
{
    WsSim *sim = started();
    D3DKMDT_SHADOWSURFACEDATA shadow = { .Width = 100, .Height = 20, .Format = 22 };
    DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA g = {
        .StandardAllocationType = D3DKMDT_STANDARDALLOCATION_SHADOWSURFACE,
        .pCreateShadowSurfaceData = &shadow,
    };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &g),
                    ==, 0);
    g_assert_cmpuint(g.AllocationPrivateDriverDataSize, ==, sizeof(struct sable_alloc_private));
    struct sable_alloc_private p;
    g.pAllocationPrivateDriverData = &p;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &g),
                    ==, 0);
    g_assert_cmpuint(shadow.Pitch, >=, 400);
    g_assert_cmpuint(shadow.Pitch % 4, ==, 0);
    g_assert_cmpuint(p.format, ==, SABLE_FORMAT_B8G8R8X8_UNORM);
    g_assert_cmpuint(p.size, >=, (uint64_t)shadow.Pitch * 20);
    DXGK_ALLOCATIONINFO info;
    g_assert_cmphex((uint32_t)create_one(sim, &p, &info), ==, 0);
    destroy_one(sim, info.hAllocation);
    shadow.Format = 50; /* not a format these surfaces use */
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &g),
                    ==, (uint32_t)STATUS_INVALID_PARAMETER);
    g.StandardAllocationType = D3DKMDT_STANDARDALLOCATION_GDISURFACE;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &g),
                    ==, (uint32_t)STATUS_NOT_SUPPORTED);
    ws_sim_free(sim);
}

void stack_add_alloc_tests(void)
{
    g_test_add_func("/stack/allocations", test_allocations);
    g_test_add_func("/stack/allocations/tiled", test_tiled_allocation);
    g_test_add_func("/stack/allocations/open-close", test_open_allocation);
    g_test_add_func("/stack/allocations/standard", test_standard_allocation);
}
