/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, Map and uploads: WRITE_DISCARD renames, DO_NOT_WAIT,
 * maps of texture subresources, the upload ring and one-copy uploads.
 */
#include <string.h>

#include "test-d3d.h"

/* WRITE_DISCARD renames: each map of a dynamic buffer that pending copies
 * still read gets a new instance (new handle), the copies see the old
 * contents; when renaming fails (forced, then at the instance limit) the
 * UMD submits and retries with Discard|NoExistingReference. */
static void test_discard(void)
{
    /* a 2D-only runtime: 3D allocations keep their resource id and never
     * rename (docs/umd.md "The draw path") */
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    d->max_instances = 3;
    enum { ROUNDS = 6, SZ = 512 };
    RtResource *dyn, *dst;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DYNAMIC,
                                               D3D10_DDI_BIND_VERTEX_BUFFER,
                                               D3D10_DDI_CPU_ACCESS_WRITE, NULL, &dyn), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ * ROUNDS, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, NULL, &dst), ==, 0);
    g_autofree uint8_t *expect = g_malloc(SZ * ROUNDS), *out = g_malloc(SZ * ROUNDS);
    D3D10_DDI_BOX box = { .left = 0, .right = SZ, .top = 0, .bottom = 1, .front = 0, .back = 1 };
    d->fail_renames = 1; /* the first rename fails: the retry path */
    for (unsigned i = 0; i < ROUNDS; i++) {
        D3D10DDI_MAPPED_SUBRESOURCE m;
        g_assert_cmphex((uint32_t)rt_map(d, dyn, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
        pattern(m.pData, SZ, 40 + i);
        pattern(expect + i * SZ, SZ, 40 + i);
        g_assert_cmphex((uint32_t)rt_unmap(d, dyn, 0), ==, 0);
        g_assert_cmphex((uint32_t)rt_copy_region(d, dst, 0, i * SZ, 0, dyn, 0, &box), ==, 0);
    }
    /* DO_NOT_WAIT with WRITE_DISCARD while no rename is possible and the
     * GPU still reads the buffer (slow completion): WASSTILLDRAWING, not a
     * wait. */
    rt_flush(d);
    rt_wait_idle(d);
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "slow,engine=0,delay-ns=30000000", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy_region(d, dst, 0, 0, 0, dyn, 0, &box), ==, 0);
    d->fail_renames = 2; /* the first Discard and the retry's rename */
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, dyn, 0, D3D10_DDI_MAP_WRITE_DISCARD,
                                     D3D10_DDI_MAP_FLAG_DONOTWAIT, &m), ==,
                    (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    g_assert_null(m.pData);
    memcpy(expect, expect + (ROUNDS - 1) * SZ, SZ); /* the copy of the last round's data */
    rt_read(d, dst, 0, out);
    g_assert_cmpmem(out, SZ * ROUNDS, expect, SZ * ROUNDS);
    SableUmdStats s = rt_umd_stats(d);
    g_assert_cmpuint(d->renames, >=, 2);
    g_assert_cmpuint(d->rename_failures, >=, 2);     /* forced + the instance limit */
    g_assert_cmpuint(s.discard_retries, ==, d->rename_failures);
    g_assert_cmpuint(d->ner_locks, ==, d->rename_failures);
    rt_destroy(d, dyn);
    rt_destroy(d, dst);
    g_assert_cmpuint(d->errors, ==, 1); /* the WASSTILLDRAWING */
    env_free(&e);
}

/* DO_NOT_WAIT while the GPU still writes a staging buffer (a slow
 * completion injected): DXGI_DDI_ERR_WASSTILLDRAWING and
 * ResourceIsStagingBusy; WRITE_NO_OVERWRITE of a dynamic buffer the GPU
 * still reads does not wait; a READ map waits and sees the data. */
static void test_donotwait(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { SZ = 8192 };
    g_autofree uint8_t *init = g_malloc(SZ), *out = g_malloc(SZ);
    pattern(init, SZ, 3);
    RtResource *src, *st, *dyn, *dst2;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, init, &src),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_STAGING, 0,
                                               D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DYNAMIC,
                                               D3D10_DDI_BIND_VERTEX_BUFFER,
                                               D3D10_DDI_CPU_ACCESS_WRITE, init, &dyn), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &dst2),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);

    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "slow,engine=0,delay-ns=30000000", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy(d, st, src), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, dst2, dyn), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, D3D10_DDI_MAP_FLAG_DONOTWAIT,
                                     &m), ==, (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    g_assert_null(m.pData);
    rt_enter(d, UMD_DDI_ResourceIsStagingBusy, 0);
    BOOL busy = d->f11->pfnResourceIsStagingBusy(d->h, st->h);
    g_assert_cmphex((uint32_t)rt_leave(d), ==, 0);
    g_assert_true(busy);
    /* No-overwrite: returns while the copy reading it is still running. */
    g_assert_cmphex((uint32_t)rt_map(d, dyn, 0, D3D10_DDI_MAP_WRITE_NOOVERWRITE, 0, &m), ==, 0);
    g_assert_nonnull(m.pData);
    uint32_t submitted = e.sim->node[0].submitted;
    g_assert_cmpint((int32_t)(e.sim->node[0].retired - submitted), <, 0);
    g_assert_cmphex((uint32_t)rt_unmap(d, dyn, 0), ==, 0);

    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    g_assert_nonnull(m.pData);
    g_assert_cmpmem(m.pData, SZ, init, SZ);
    g_assert_cmphex((uint32_t)rt_unmap(d, st, 0), ==, 0);
    rt_enter(d, UMD_DDI_ResourceIsStagingBusy, 0);
    busy = d->f11->pfnResourceIsStagingBusy(d->h, st->h);
    g_assert_cmphex((uint32_t)rt_leave(d), ==, 0);
    g_assert_false(busy);
    rt_read(d, dst2, 0, out);
    g_assert_cmpmem(out, SZ, init, SZ);
    rt_destroy(d, src);
    rt_destroy(d, st);
    rt_destroy(d, dyn);
    rt_destroy(d, dst2);
    g_assert_cmpuint(d->errors, ==, 1); /* the WASSTILLDRAWING */
    env_free(&e);
}

/* Map of texture subresources: WRITE into mip 1 of slice 1 of a staging
 * texture through the returned pointer and RowPitch, copied into a default
 * texture and read back; READ_WRITE of another subresource sees its
 * initial data. */
static void test_map_texture(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { W = 20, H = 12, MIPS = 2, SLICES = 2 };
    uint8_t init[W * H * 4];
    pattern(init, sizeof(init), 8);
    D3D10_DDIARG_SUBRESOURCE_UP up[MIPS * SLICES];
    for (UINT s = 0; s < MIPS * SLICES; s++) {
        up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ init, (W >> (s % MIPS)) * 4, 0 };
    }
    RtResource *st, *t;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, MIPS, SLICES, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_STAGING, 0,
                                              D3D10_DDI_CPU_ACCESS_READ | D3D10_DDI_CPU_ACCESS_WRITE,
                                              up, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, MIPS, SLICES, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &t), ==, 0);
    const UINT sub = 1 + 1 * MIPS, w = W >> 1, h = H >> 1;
    uint8_t expect[(W >> 1) * (H >> 1) * 4], out[sizeof(expect)];
    pattern(expect, sizeof(expect), 123);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, sub, D3D10_DDI_MAP_WRITE, 0, &m), ==, 0);
    g_assert_cmpuint(m.RowPitch, >=, w * 4);
    g_assert_cmpuint(m.DepthPitch, >=, m.RowPitch * h);
    for (UINT y = 0; y < h; y++) {
        memcpy((uint8_t *)m.pData + y * m.RowPitch, expect + y * w * 4, w * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, st, sub), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, t, st), ==, 0);
    rt_read(d, t, sub, out);
    g_assert_cmpmem(out, sizeof(out), expect, sizeof(expect));
    /* Subresource 2 (mip 0, slice 1) kept its initial data. */
    g_assert_cmphex((uint32_t)rt_map(d, st, MIPS, D3D10_DDI_MAP_READWRITE, 0, &m), ==, 0);
    for (UINT y = 0; y < H; y++) {
        g_assert_cmpmem((uint8_t *)m.pData + y * m.RowPitch, W * 4, init + y * W * 4, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, st, MIPS), ==, 0);
    rt_destroy(d, st);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Uploads into a resource in use go through the upload ring: buffers each
 * named by a queued COPY (so not written in place) and a tiled texture,
 * updated many times without a Flush between them (more bytes than the
 * ring holds, so it is renamed while the GPU still reads the old
 * instance), every one read back byte-exact (the update, not the earlier
 * COPY's bytes); no temporary allocation for any of them. An upload larger
 * than the ring takes a temporary of its own and is exact too. */
static void test_upload_ring(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 24, TW = 300, TH = 200 };
    g_autofree uint8_t *tex_data = g_malloc(TW * TH * 4), *out = NULL;
    RtResource *buf[N], *tex;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, TW, TH, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &tex), ==, 0);
    g_assert_true(sable_umd_resource_tiled(tex->mem));
    pattern(tex_data, TW * TH * 4, 99);
    g_assert_cmphex((uint32_t)rt_update(d, tex, 0, NULL, tex_data, TW * 4), ==, 0);
    uint64_t ring = rt_umd_stats(d).upload_ring_size;
    g_assert_cmpuint(ring, >=, 1u << 20);
    UINT size = (UINT)(ring / 8 + 4096); /* 8 of them overflow the ring */
    out = g_malloc(size);
    g_autofree uint8_t *data = g_malloc(size);
    RtResource *old;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, size, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                               &old), ==, 0);
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmphex((uint32_t)rt_create_buffer(d, size, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                                   &buf[i]), ==, 0);
        g_assert_cmphex((uint32_t)rt_copy(d, buf[i], old), ==, 0);
        pattern(data, size, i);
        g_assert_cmphex((uint32_t)rt_update(d, buf[i], 0, NULL, data, size), ==, 0);
    }
    SableUmdStats st = rt_umd_stats(d);
    g_assert_cmpuint(st.upload_pieces, ==, N + 1);
    g_assert_cmpuint(st.upload_renames, >=, 2);
    g_assert_cmpuint(st.upload_temporaries, ==, 0);
    g_assert_cmpuint(st.upload_in_place, ==, 0);
    for (unsigned i = 0; i < N; i++) {
        pattern(data, size, i);
        rt_read(d, buf[i], 0, out);
        g_assert_cmpmem(out, size, data, size);
        rt_destroy(d, buf[i]);
    }
    g_autofree uint8_t *tex_out = g_malloc(TW * TH * 4);
    rt_read(d, tex, 0, tex_out);
    g_assert_cmpmem(tex_out, TW * TH * 4, tex_data, TW * TH * 4);
    rt_destroy(d, tex);
    /* larger than the ring: a temporary */
    UINT big = (UINT)ring + 8192;
    g_autofree uint8_t *big_data = g_malloc(big), *big_out = g_malloc(big);
    pattern(big_data, big, 7);
    RtResource *b, *bsrc;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, big, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &b),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, big, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                               &bsrc), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, b, bsrc), ==, 0);
    g_assert_cmphex((uint32_t)rt_update(d, b, 0, NULL, big_data, big), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).upload_temporaries, ==, 1);
    rt_read(d, b, 0, big_out);
    g_assert_cmpmem(big_out, big, big_data, big);
    rt_destroy(d, b);
    rt_destroy(d, bsrc);
    rt_destroy(d, old);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Update one buffer in place: the box [at, at + n) of data, the rest of
 * the buffer as `before` had it; read back and compared whole. */
static void update_box_exact(RtDevice *d, RtResource *r, uint8_t *before, UINT size, UINT at,
                             UINT n, unsigned seed)
{
    g_autofree uint8_t *data = g_malloc(n), *out = g_malloc(size);
    pattern(data, n, seed);
    D3D10_DDI_BOX box = { .left = at, .right = at + n, .top = 0, .bottom = 1, .front = 0,
                          .back = 1 };
    unsigned pieces = rt_umd_stats(d).upload_pieces, in_place = rt_umd_stats(d).upload_in_place;
    g_assert_cmphex((uint32_t)rt_update(d, r, 0, &box, data, n), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).upload_in_place, ==, in_place + 1);
    g_assert_cmpuint(rt_umd_stats(d).upload_pieces, ==, pieces); /* no second copy */
    memcpy(before + at, data, n);
    rt_read(d, r, 0, out);
    g_assert_cmpmem(out, size, before, size);
}

/* One-copy uploads (docs/umd.md "Uploads"): an idle linear resource is
 * written in place, with the CPU, where the GPU reads it: a box of a
 * buffer (the bytes around it kept), a box of a 3D texture (rows and
 * slices at their pitches); byte-exact through a GPU copy to staging. Under
 * memory pressure: a buffer evicted from VRAM is written in its system
 * pages and paged back in exact. After a TDR: a new device's in-place
 * uploads are exact. A resource still queued takes the ring (order kept). */
static void test_upload_in_place(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { SZ = 256 * 1024, W = 40, H = 12, D = 3, BPP = 4 };
    g_autofree uint8_t *before = g_malloc(SZ);
    pattern(before, SZ, 1);
    RtResource *b;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, before, &b),
                    ==, 0);
    update_box_exact(d, b, before, SZ, 4097, 70001, 2);

    /* 3D texture: rows of W * BPP bytes, its pitches */
    uint8_t tex[D][H][W * BPP], src[D][H][W * BPP + 8], out[D][H][W * BPP];
    pattern(&tex[0][0][0], sizeof(tex), 3);
    pattern(&src[0][0][0], sizeof(src), 4);
    D3D10_DDIARG_SUBRESOURCE_UP up = { .pSysMem = tex, .SysMemPitch = W * BPP,
                                       .SysMemSlicePitch = H * W * BPP };
    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_tex3d(d, W, H, D, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, &up, &t), ==, 0);
    g_assert_false(sable_umd_resource_tiled(t->mem));
    D3D10_DDI_BOX box = { .left = 5, .right = 31, .top = 2, .bottom = 11, .front = 1, .back = 3 };
    unsigned in_place = rt_umd_stats(d).upload_in_place;
    g_assert_cmphex((uint32_t)RT_CALL(d, ResourceUpdateSubresourceUP, 0,
                                      d->f11->pfnResourceUpdateSubresourceUP(
                                          d->h, t->h, 0, &box, src, sizeof(src[0][0]),
                                          sizeof(src[0]))), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).upload_in_place, ==, in_place + 1);
    for (INT z = box.front; z < box.back; z++) {
        for (INT y = box.top; y < box.bottom; y++) {
            memcpy(&tex[z][y][box.left * BPP], &src[z - box.front][y - box.top][0],
                   (box.right - box.left) * BPP);
        }
    }
    rt_read(d, t, 0, &out[0][0][0]);
    g_assert_cmpmem(out, sizeof(out), tex, sizeof(tex));
    rt_destroy(d, t);

    /* queued: a COPY names it, so the update goes through the ring after it */
    RtResource *other;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                               &other), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, other, b), ==, 0);
    unsigned pieces = rt_umd_stats(d).upload_pieces;
    in_place = rt_umd_stats(d).upload_in_place;
    g_autofree uint8_t *data = g_malloc(SZ), *got = g_malloc(SZ);
    pattern(data, SZ, 5);
    g_assert_cmphex((uint32_t)rt_update(d, other, 0, NULL, data, SZ), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).upload_pieces, ==, pieces + 1);
    g_assert_cmpuint(rt_umd_stats(d).upload_in_place, ==, in_place);
    rt_read(d, other, 0, got);
    g_assert_cmpmem(got, SZ, data, SZ);
    rt_destroy(d, other);

    /* memory pressure: buffers beyond VRAM evict b (the oldest) */
    uint64_t vram = e.sim->t->vram_size;
    unsigned nfill = (unsigned)(vram / SZ) + 2, evicted = e.sim->vidmm.evictions;
    RtResource **fill = g_new(RtResource *, nfill);
    for (unsigned i = 0; i < nfill; i++) {
        g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                                   &fill[i]), ==, 0);
    }
    g_assert_cmpuint(e.sim->vidmm.evictions, >, evicted);
    unsigned page_ins = e.sim->vidmm.page_ins;
    for (unsigned i = 0; i < nfill; i++) {
        rt_destroy(d, fill[i]);
    }
    g_free(fill);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);
    update_box_exact(d, b, before, SZ, 0, SZ / 2 + 3, 6);
    g_assert_cmpuint(e.sim->vidmm.page_ins, >, page_ins); /* written while evicted */
    rt_destroy(d, b);

    /* after a TDR, on a new device */
    RtResource *h, *st;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 4096, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &h),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 4096, D3D10_DDI_USAGE_STAGING, 0,
                                               D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "hang,engine=0", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy(d, st, h), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==,
                    (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1);
    rt_destroy(d, h);
    rt_destroy(d, st);
    rt_device_free(d);
    d = e.d = rt_device_new(e.ad, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    pattern(before, SZ, 7);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, before, &b),
                    ==, 0);
    update_box_exact(d, b, before, SZ, 100, 1000, 8);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

void d3d_map_tests_add(void)
{
    g_test_add_func("/d3d/map/discard", test_discard);
    g_test_add_func("/d3d/map/donotwait", test_donotwait);
    g_test_add_func("/d3d/map/texture", test_map_texture);
    g_test_add_func("/d3d/upload-ring", test_upload_ring);
    g_test_add_func("/d3d/upload-in-place", test_upload_in_place);
}
