/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, tiled (TILE_Y) surfaces on a KMD without 3D:
 * creation and read back, maps through the aperture and its fallback,
 * the runtime's AcquireAperture flag rules, and clears.
 */
#include <string.h>

#include "test-d3d.h"

/* Initial data of every subresource: its own pattern, tightly packed rows. */
typedef struct TiledCase {
    DXGI_FORMAT format;
    UINT bpp, w, h, mips, slices;
} TiledCase;

static const TiledCase tiled_cases[] = {
    { DXGI_FORMAT_R8G8B8A8_UNORM, 4, 37, 19, 3, 2 },
    { DXGI_FORMAT_A8_UNORM, 1, 131, 45, 4, 1 },
    { DXGI_FORMAT_B5G6R5_UNORM, 2, 33, 70, 2, 3 },
    { DXGI_FORMAT_R16G16B16A16_FLOAT, 8, 21, 33, 2, 1 },
    { DXGI_FORMAT_R32G32B32_FLOAT, 12, 9, 5, 1, 2 },
    { DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 40, 31, 6, 1 },
};

static UINT mip_dim(UINT v, UINT m)
{
    return v >> m ? v >> m : 1;
}

/* Tiled creation with initial data, read back (COPY_2D tiled->linear into
 * staging) byte-exact for every subresource; UpdateSubresourceUP of a box;
 * CopySubresourceRegion tiled->tiled and CopyResource tiled->staging ->
 * tiled; on each format of tiled_cases (odd sizes, mips, arrays). */
static void test_tiled_roundtrip(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    for (size_t c = 0; c < G_N_ELEMENTS(tiled_cases); c++) {
        const TiledCase *k = &tiled_cases[c];
        UINT nsub = k->mips * k->slices;
        g_autofree D3D10_DDIARG_SUBRESOURCE_UP *up = g_new0(D3D10_DDIARG_SUBRESOURCE_UP, nsub);
        g_autoptr(GPtrArray) data = g_ptr_array_new_with_free_func(g_free);
        for (UINT s = 0; s < nsub; s++) {
            UINT w = mip_dim(k->w, s % k->mips), h = mip_dim(k->h, s % k->mips);
            uint8_t *p = g_malloc((size_t)w * h * k->bpp);
            pattern(p, (size_t)w * h * k->bpp, (unsigned)(c * 16 + s));
            g_ptr_array_add(data, p);
            up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ p, w * k->bpp, 0 };
        }
        RtResource *t, *t2;
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, k->w, k->h, k->mips, k->slices, k->format,
                                                  D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &t), ==, 0);
        g_assert_true(tiled(t));
        for (UINT s = 0; s < nsub; s++) {
            UINT w = mip_dim(k->w, s % k->mips), h = mip_dim(k->h, s % k->mips);
            size_t n = (size_t)w * h * k->bpp;
            g_autofree uint8_t *out = g_malloc(n);
            rt_read(d, t, s, out);
            g_assert_cmpmem(out, n, g_ptr_array_index(data, s), n);
        }
        /* a box update of the last subresource (odd offset and size) */
        UINT ls = nsub - 1, lw = mip_dim(k->w, ls % k->mips), lh = mip_dim(k->h, ls % k->mips);
        uint8_t *last = g_ptr_array_index(data, ls);
        if (lw >= 3 && lh >= 3) {
            D3D10_DDI_BOX box = { 1, 1, 0, (INT)lw - 1, (INT)lh, 1 };
            UINT bw = lw - 2, bh = lh - 1;
            g_autofree uint8_t *upd = g_malloc((size_t)bw * bh * k->bpp);
            pattern(upd, (size_t)bw * bh * k->bpp, 99);
            g_assert_cmphex((uint32_t)rt_update(d, t, ls, &box, upd, bw * k->bpp), ==, 0);
            for (UINT y = 0; y < bh; y++) {
                memcpy(last + ((size_t)(y + 1) * lw + 1) * k->bpp, upd + (size_t)y * bw * k->bpp,
                       (size_t)bw * k->bpp);
            }
        }
        /* tiled -> tiled: CopyResource (one layout) then a region of mip 0
         * of slice 0 moved by (2, 3) within a second texture */
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, k->w, k->h, k->mips, k->slices, k->format,
                                                  D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0, NULL, &t2), ==, 0);
        g_assert_true(tiled(t2));
        g_assert_cmphex((uint32_t)rt_copy(d, t2, t), ==, 0);
        for (UINT s = 0; s < nsub; s++) {
            UINT w = mip_dim(k->w, s % k->mips), h = mip_dim(k->h, s % k->mips);
            size_t n = (size_t)w * h * k->bpp;
            g_autofree uint8_t *out = g_malloc(n);
            rt_read(d, t2, s, out);
            g_assert_cmpmem(out, n, g_ptr_array_index(data, s), n);
        }
        if (k->w > 4 && k->h > 5) {
            D3D10_DDI_BOX box = { 0, 0, 0, (INT)k->w - 2, (INT)k->h - 3, 1 };
            g_assert_cmphex((uint32_t)rt_copy_region(d, t2, 0, 2, 3, t, 0, &box), ==, 0);
            size_t n = (size_t)k->w * k->h * k->bpp;
            g_autofree uint8_t *out = g_malloc(n), *expect = g_memdup2(data->pdata[0], n);
            for (UINT y = 0; y < k->h - 3; y++) {
                memcpy(expect + ((size_t)(y + 3) * k->w + 2) * k->bpp,
                       (uint8_t *)data->pdata[0] + (size_t)y * k->w * k->bpp,
                       (size_t)(k->w - 2) * k->bpp);
            }
            rt_read(d, t2, 0, out);
            g_assert_cmpmem(out, n, expect, n);
        }
        rt_destroy(d, t2);
        rt_destroy(d, t);
    }
    g_assert_cmpuint(rt_umd_stats(d).tiled_resources, ==, 2 * G_N_ELEMENTS(tiled_cases));
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Map of a tiled subresource through the aperture: WRITE_DISCARD of mip 1
 * of a dynamic texture and READ of a cleared render target (the GPU wrote
 * it after an earlier aperture map: VidMm's range was released at the
 * render, so the view is fresh); writes read back byte-exact. */
static void test_tiled_map_aperture(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    enum { W = 45, H = 40 };
    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DYNAMIC,
                                              D3D10_DDI_BIND_SHADER_RESOURCE | D3D10_DDI_BIND_RENDER_TARGET,
                                              D3D10_DDI_CPU_ACCESS_WRITE, NULL, &t), ==, 0);
    g_assert_true(tiled(t));
    const UINT w = W / 2, h = H / 2;
    uint8_t expect[(W / 2) * (H / 2) * 4], out[sizeof(expect)];
    pattern(expect, sizeof(expect), 77);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, t, 1, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
    g_assert_cmpuint(m.RowPitch % 128, ==, 0);
    g_assert_cmpuint(m.RowPitch, >=, w * 4);
    for (UINT y = 0; y < h; y++) {
        memcpy((uint8_t *)m.pData + y * m.RowPitch, expect + y * w * 4, w * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 1), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, 1);
    g_assert_cmpuint(d->aperture_locks, ==, 1);
    rt_read(d, t, 1, out);
    g_assert_cmpmem(out, sizeof(out), expect, sizeof(expect));
    /* the GPU clears mip 0; a READ map through the aperture sees it */
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, t, 0, 0, 1, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, v, 1.0f, 0.0f, 0.5f, 1.0f), ==, 0);
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    for (UINT y = 0; y < H; y++) {
        for (UINT x = 0; x < W; x++) {
            uint32_t px;
            memcpy(&px, (uint8_t *)m.pData + y * m.RowPitch + x * 4, 4);
            g_assert_cmphex(px, ==, 0xff8000ffu);
        }
    }
    /* mip 1 is still what was written, in the same view */
    D3D10DDI_MAPPED_SUBRESOURCE m1;
    g_assert_cmphex((uint32_t)rt_map(d, t, 1, D3D10_DDI_MAP_READ, 0, &m1), ==, 0);
    for (UINT y = 0; y < h; y++) {
        g_assert_cmpmem((uint8_t *)m1.pData + y * m1.RowPitch, w * 4, expect + y * w * 4, w * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 1), ==, 0);
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, 2);
    g_assert_cmpuint(rt_umd_stats(d).aperture_fallbacks, ==, 0);
    g_assert_cmpuint(d->aperture_unavailable, ==, 0);
    /* DO_NOT_WAIT on an idle tiled texture: the probe, then the aperture */
    rt_wait_idle(d);
    g_assert_cmphex((uint32_t)rt_map(d, t, 1, D3D10_DDI_MAP_WRITE_DISCARD,
                                     D3D10_DDI_MAP_FLAG_DONOTWAIT, &m), ==, 0);
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 1), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, 3);
    rt_destroy_rtv(d, v);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Every swizzling range held (a locked allocation's range cannot be
 * released): pfnLockCb with AcquireAperture fails with D3DERR_NOTAVAILABLE
 * and the UMD copies and de-swizzles instead; READ sees the initial data,
 * WRITE is copied back at Unmap; both byte-exact. */
static void test_tiled_map_fallback(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    UINT ranges = e.sim->caps.NumberOfSwizzlingRanges;
    g_assert_cmpuint(ranges, >, 0);
    g_assert_cmpuint(ranges, <=, 16);
    enum { W = 29, H = 35 };
    uint8_t init[W * H * 4], expect[W * H * 4], out[W * H * 4];
    pattern(init, sizeof(init), 5);
    pattern(expect, sizeof(expect), 6);
    D3D10_DDIARG_SUBRESOURCE_UP up = { init, W * 4, 0 };
    RtResource *t, *hold[16];
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_DYNAMIC,
                                              D3D10_DDI_BIND_SHADER_RESOURCE,
                                              D3D10_DDI_CPU_ACCESS_WRITE, &up, &t), ==, 0);
    g_assert_true(tiled(t));
    D3D10DDI_MAPPED_SUBRESOURCE m, mh;
    for (UINT i = 0; i < ranges; i++) {
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                  D3D10_DDI_USAGE_DYNAMIC,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE,
                                                  D3D10_DDI_CPU_ACCESS_WRITE, NULL, &hold[i]), ==, 0);
        g_assert_cmphex((uint32_t)rt_map(d, hold[i], 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &mh), ==, 0);
    }
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, ranges);
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    g_assert_cmpuint(d->aperture_unavailable, ==, 1);
    g_assert_cmpuint(rt_umd_stats(d).aperture_fallbacks, ==, 1);
    for (UINT y = 0; y < H; y++) {
        g_assert_cmpmem((uint8_t *)m.pData + y * m.RowPitch, W * 4, init + y * W * 4, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_fallbacks, ==, 2);
    for (UINT y = 0; y < H; y++) {
        memcpy((uint8_t *)m.pData + y * m.RowPitch, expect + y * W * 4, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    for (UINT i = 0; i < ranges; i++) {
        g_assert_cmphex((uint32_t)rt_unmap(d, hold[i], 0), ==, 0);
        rt_destroy(d, hold[i]);
    }
    rt_read(d, t, 0, out);
    g_assert_cmpmem(out, sizeof(out), expect, sizeof(expect));
    /* ranges free again: the next map goes through the aperture */
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_fallbacks, ==, 2);
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, ranges + 1);
    g_assert_cmpmem(m.pData, W * 4, expect, W * 4);
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* The runtime's flag rules for AcquireAperture: with DonotWait or
 * IgnoreSync the test fails (the UMD's own maps above never trip them). */
static void test_aperture_flag_rules(gconstpointer data)
{
    const char *which = data;
    if (g_test_subprocess()) {
        Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
        RtDevice *d = e.d;
        RtResource *t;
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                  D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &t), ==, 0);
        g_assert_true(tiled(t));
        rt_flush(d);
        GHashTableIter it;
        gpointer key, value;
        D3DKMT_HANDLE h = 0;
        g_hash_table_iter_init(&it, d->allocs);
        while (g_hash_table_iter_next(&it, &key, &value)) {
            RtAlloc *al = value;
            if (al->priv.flags & SABLE_ALLOC_F_TILE_Y) {
                h = al->h;
            }
        }
        g_assert_cmpuint(h, !=, 0);
        D3DDDICB_LOCK l = { .hAllocation = h };
        l.Flags.AcquireAperture = 1;
        l.Flags.DonotWait = strcmp(which, "donotwait") == 0;
        l.Flags.IgnoreSync = strcmp(which, "ignoresync") == 0;
        rt_enter(d, UMD_DDI_ResourceMap, 0);
        HRESULT hr = d->kt.pfnLockCb(d, &l);
        rt_leave(d);
        g_assert_true(FAILED(hr));
        rt_destroy(d, t);
        env_free(&e);
        return;
    }
    g_test_trap_subprocess(NULL, 0, 0);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr(strcmp(which, "donotwait") == 0 ? "*AcquireAperture with DonotWait*"
                                                              : "*AcquireAperture with IgnoreSync*");
}

/* DO_NOT_WAIT map of a tiled texture the GPU is still clearing (injected
 * slow completion): WASSTILLDRAWING from the probe, no AcquireAperture lock
 * made; without the flag the map waits and sees the clear. */
static void test_tiled_donotwait(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    enum { W = 33, H = 17 };
    RtResource *t;
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DYNAMIC,
                                              D3D10_DDI_BIND_SHADER_RESOURCE | D3D10_DDI_BIND_RENDER_TARGET,
                                              D3D10_DDI_CPU_ACCESS_WRITE, NULL, &t), ==, 0);
    g_assert_true(tiled(t));
    g_assert_cmphex((uint32_t)rt_create_rtv(d, t, 0, 0, 1, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "slow,engine=0,delay-ns=30000000", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_clear(d, v, 0.0f, 1.0f, 0.0f, 1.0f), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_WRITE_DISCARD,
                                     D3D10_DDI_MAP_FLAG_DONOTWAIT, &m),
                    ==, (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    g_assert_null(m.pData);
    g_assert_cmpuint(d->aperture_locks, ==, 0);
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    g_assert_cmpuint(d->aperture_locks, ==, 1);
    for (UINT y = 0; y < H; y++) {
        for (UINT x = 0; x < W; x++) {
            uint32_t px;
            memcpy(&px, (uint8_t *)m.pData + y * m.RowPitch + x * 4, 4);
            g_assert_cmphex(px, ==, 0xff00ff00u);
        }
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    rt_destroy_rtv(d, v);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 1); /* the WASSTILLDRAWING */
    env_free(&e);
}

/* Clears of tiled render targets: SOLID_FILL_2D on a TILE_Y mip/slice of
 * two formats and a FILL of a tiled depth buffer, every texel read back;
 * the neighbouring subresources keep their data. */
static void test_tiled_clears(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    static const struct { DXGI_FORMAT f; UINT bpp; uint32_t texel; } fmts[] = {
        { DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0x80ff0000u }, /* r 0, g 0, b 1, a .5 */
        { DXGI_FORMAT_B5G6R5_UNORM, 2, 0x001fu },
    };
    enum { W = 70, H = 50 };
    for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
        UINT bpp = fmts[i].bpp;
        g_autofree uint8_t *init = g_malloc(W * H * bpp), *out = g_malloc(W * H * bpp);
        pattern(init, W * H * bpp, 11);
        D3D10_DDIARG_SUBRESOURCE_UP up[4];
        for (UINT s = 0; s < 4; s++) {
            up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ init, mip_dim(W, s % 2) * bpp, 0 };
        }
        RtResource *t;
        RtView *v;
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 2, 2, fmts[i].f, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_RENDER_TARGET, 0, up, &t), ==, 0);
        g_assert_true(tiled(t));
        g_assert_cmphex((uint32_t)rt_create_rtv(d, t, 1, 1, 1, &v), ==, 0);
        g_assert_cmphex((uint32_t)rt_clear(d, v, 0.0f, 0.0f, 1.0f, 0.5f), ==, 0);
        rt_read(d, t, 3, out);
        for (UINT p = 0; p < (W / 2) * (H / 2); p++) {
            uint32_t px = 0;
            memcpy(&px, out + p * bpp, bpp);
            g_assert_cmphex(px, ==, fmts[i].texel);
        }
        for (UINT s = 0; s < 3; s++) {
            size_t n = (size_t)mip_dim(W, s % 2) * mip_dim(H, s % 2) * bpp;
            rt_read(d, t, s, out);
            g_assert_cmpmem(out, n, init, n);
        }
        rt_destroy_rtv(d, v);
        rt_destroy(d, t);
    }
    /* a tiled D32_FLOAT depth buffer, mip 1 cleared */
    RtResource *z;
    RtView *dv;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 2, 1, DXGI_FORMAT_D32_FLOAT,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_DEPTH_STENCIL, 0, NULL, &z), ==, 0);
    g_assert_true(tiled(z));
    g_assert_cmphex((uint32_t)rt_create_dsv(d, z, 1, 0, 1, &dv), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear_dsv(d, dv, D3D10_DDI_CLEAR_DEPTH, 0.25f, 0), ==, 0);
    float depth[(W / 2) * (H / 2)];
    rt_read(d, z, 1, (uint8_t *)depth);
    for (size_t p = 0; p < G_N_ELEMENTS(depth); p++) {
        g_assert_cmpfloat(depth[p], ==, 0.25f);
    }
    rt_destroy_dsv(d, dv);
    rt_destroy(d, z);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

void d3d_tiled_tests_add(void)
{
    g_test_add_func("/d3d/tiled/roundtrip", test_tiled_roundtrip);
    g_test_add_func("/d3d/tiled/map-aperture", test_tiled_map_aperture);
    g_test_add_func("/d3d/tiled/map-fallback", test_tiled_map_fallback);
    g_test_add_data_func("/d3d/tiled/flag-rules/donotwait", "donotwait", test_aperture_flag_rules);
    g_test_add_data_func("/d3d/tiled/flag-rules/ignoresync", "ignoresync", test_aperture_flag_rules);
    g_test_add_func("/d3d/tiled/clears", test_tiled_clears);
    g_test_add_func("/d3d/tiled/donotwait", test_tiled_donotwait);
}
