/* SPDX-License-Identifier: MIT */
/* The stack suite: Escapes and the D3DKMT-style thunks. */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"
#include "sable-dump-decode.h"

static NTSTATUS escape(WsSim *sim, void *buf, uint32_t size, uint32_t op, bool hw)
{
    struct sable_escape_header h = {
        .magic = SABLE_ESCAPE_MAGIC, .version = SABLE_ESCAPE_VERSION, .op = op, .size = size,
    };
    memcpy(buf, &h, sizeof(h));
    DXGKARG_ESCAPE e = { .pPrivateDriverData = buf, .PrivateDriverDataSize = size };
    e.Flags.HardwareAccess = hw;
    return sim->init.DxgkDdiEscape(sim->adapter, &e);
}

/* Tools' escapes: statistics that follow the submissions, a dump that
 * decodes, sizes reported when the buffer is short, malformed headers
 * refused. */
static void test_escape(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    uint32_t f = submit_ok(sim, &c, 1, 0, 0);
    g_assert_true(ws_wait_fence(sim, 1, f));
    struct {
        struct sable_escape_header h;
        struct sable_escape_stats s;
    } st;
    g_assert_cmphex((uint32_t)escape(sim, &st, sizeof(st), SABLE_ESCAPE_QUERY_STATS, true), ==, 0);
    g_assert_cmpuint(st.h.data_size, ==, sizeof(st.s));
    g_assert_cmpuint(st.s.node_count, ==, 2);
    g_assert_cmphex(st.s.submitted_fence[1], ==, f);
    g_assert_cmphex(st.s.completed_fence[1], ==, f);
    g_assert_cmphex((uint32_t)escape(sim, &st, sizeof(st), SABLE_ESCAPE_QUERY_STATS, false), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER); /* no HardwareAccess */
    g_assert_cmphex((uint32_t)escape(sim, &st, sizeof(st) - 8, SABLE_ESCAPE_QUERY_STATS, true), ==,
                    (uint32_t)STATUS_BUFFER_TOO_SMALL);
    g_assert_cmpuint(st.h.data_size, ==, sizeof(st.s));
    g_assert_cmphex((uint32_t)escape(sim, &st, sizeof(st), 99, true), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    st.h.magic = 0;
    DXGKARG_ESCAPE bad = { .pPrivateDriverData = &st, .PrivateDriverDataSize = sizeof(st) };
    bad.Flags.HardwareAccess = 1;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiEscape(sim->adapter, &bad), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);

    uint8_t small[64];
    g_assert_cmphex((uint32_t)escape(sim, small, sizeof(small), SABLE_ESCAPE_FETCH_DUMP, true), ==,
                    (uint32_t)STATUS_BUFFER_TOO_SMALL);
    struct sable_escape_header h;
    memcpy(&h, small, sizeof(h));
    g_assert_cmpuint(h.data_size, >, sizeof(small));
    uint32_t size = (uint32_t)sizeof(h) + h.data_size;
    g_autofree uint8_t *buf = g_malloc0(size);
    g_assert_cmphex((uint32_t)escape(sim, buf, size, SABLE_ESCAPE_FETCH_DUMP, true), ==, 0);
    GError *err = NULL;
    g_autoptr(SableDump) dump = sable_dump_decode(buf + sizeof(h), size - sizeof(h), &err);
    g_assert_no_error(err);
    g_assert_cmphex(dump->engines[1].state.completed_fence, ==, f);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* The thunk path a runtime uses: allocations placed by VidMm in VRAM and in
 * the aperture, Lock/Unlock, Render of COPY packets across them, a render
 * refused while an allocation is locked, an escape, and everything
 * released. */
static void test_kmt(void)
{
    WsSim *sim = started();
    struct sable_umd_private priv;
    g_assert_cmphex((uint32_t)ws_kmt_query_umd_private(sim, &priv, sizeof(priv)), ==, 0);
    g_assert_cmpuint(priv.kmd_features & SABLE_KMD_F_RENDER, ==, SABLE_KMD_F_RENDER);
    WsKmtDevice *d = ws_kmt_create_device(sim);
    const uint64_t size = 2 * SABLE_PAGE_SIZE;
    WsKmtAllocation *src, *vram, *dst;
    struct sable_alloc_private p = buffer_desc(size, SABLE_SEGMENT_APERTURE);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &src), ==, 0);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &dst), ==, 0);
    p = buffer_desc(size, SABLE_SEGMENT_VRAM);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &vram), ==, 0);
    g_assert_cmpuint(src->segment, ==, SABLE_SEGMENT_APERTURE);
    g_assert_cmpuint(vram->segment, ==, SABLE_SEGMENT_VRAM);
    uint8_t *cpu = ws_kmt_lock(d, src);
    for (unsigned i = 0; i < size; i++) {
        cpu[i] = (uint8_t)(i * 13 + 1);
    }
    Cmd c = { .len = 0 };
    struct sable_cmd_copy k = { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8), .size = size };
    cmd_patch(&c, c.len + 8, 1, 0);  /* dst: vram */
    cmd_patch(&c, c.len + 16, 0, 0); /* src: src */
    cmd_put(&c, &k, sizeof(k));
    cmd_patch(&c, c.len + 8, 2, 0);  /* dst: dst */
    cmd_patch(&c, c.len + 16, 1, 0); /* src: vram */
    cmd_put(&c, &k, sizeof(k));
    WsKmtAllocation *list[3] = { src, vram, dst };
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 1, c.buf, c.len, list, 3, c.patch, c.npatch,
                                            &fence), ==,
                    (uint32_t)STATUS_GRAPHICS_CANT_RENDER_LOCKED_ALLOCATION);
    ws_kmt_unlock(d, src);
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 1, c.buf, c.len, list, 3, c.patch, c.npatch,
                                            &fence), ==, 0);
    g_assert_cmpuint(fence, !=, 0);
    uint8_t *out = ws_kmt_lock(d, dst);
    g_assert_cmpmem(out, size, cpu, size);
    ws_kmt_unlock(d, dst);
    struct {
        struct sable_escape_header h;
        struct sable_escape_stats s;
    } st = { .h = { .magic = SABLE_ESCAPE_MAGIC, .version = SABLE_ESCAPE_VERSION,
                    .op = SABLE_ESCAPE_QUERY_STATS, .size = sizeof(st) } };
    g_assert_cmphex((uint32_t)ws_kmt_escape(d, &st, sizeof(st), true), ==, 0);
    g_assert_cmphex(st.s.completed_fence[1], ==, fence);
    for (unsigned i = 0; i < 3; i++) {
        ws_kmt_destroy_allocation(d, list[i]);
    }
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* VRAM pressure: allocations fill VRAM, one more evicts the oldest (paged
 * out with a TRANSFER to system memory, content intact, now in the
 * aperture) while a locked one stays; the evicted allocation still renders,
 * and once VRAM has room again a render pages it back in. */
static void test_eviction(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    uint64_t vram = sim->vidmm.seg[SABLE_SEGMENT_VRAM - 1].Size, size = vram / 4;
    struct sable_alloc_private p = buffer_desc(size, SABLE_SEGMENT_VRAM);
    WsKmtAllocation *a[5];
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a[i]), ==, 0);
        g_assert_cmpuint(a[i]->segment, ==, SABLE_SEGMENT_VRAM);
        uint8_t *cpu = ws_kmt_lock(d, a[i]);
        memset(cpu, 0x10 + i, size);
        ws_kmt_unlock(d, a[i]);
    }
    ws_kmt_lock(d, a[0]); /* locked: VidMm must pass over it */
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a[4]), ==, 0);
    g_assert_cmpuint(a[4]->segment, ==, SABLE_SEGMENT_VRAM);
    g_assert_cmpuint(sim->vidmm.evictions, ==, 1);
    g_assert_cmpuint(a[0]->segment, ==, SABLE_SEGMENT_VRAM);
    g_assert_cmpuint(a[1]->segment, ==, SABLE_SEGMENT_APERTURE);
    ws_kmt_unlock(d, a[0]);
    uint8_t *evicted = ws_kmt_lock(d, a[1]);
    g_assert_cmpuint(evicted[0], ==, 0x11);
    g_assert_cmpuint(evicted[size - 1], ==, 0x11);
    ws_kmt_unlock(d, a[1]);
    /* the paged-out allocation is still usable by the GPU where it is now */
    Cmd c = { .len = 0 };
    cmd_write32(&c, 0x40, 0xe71c7ed);
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 0, c.buf, c.len, &a[1], 1, c.patch, c.npatch,
                                            &fence), ==, 0);
    uint32_t v;
    memcpy(&v, ws_kmt_lock(d, a[1]) + 0x40, 4);
    ws_kmt_unlock(d, a[1]);
    g_assert_cmphex(v, ==, 0xe71c7ed);
    g_assert_cmpuint(sim->vidmm.page_ins, ==, 0); /* no room: it stayed out */
    /* room again: the next render pages it back in, content intact */
    ws_kmt_destroy_allocation(d, a[2]);
    a[2] = NULL;
    c = (Cmd){ .len = 0 };
    cmd_write32(&c, 0x44, 0xbacc);
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 0, c.buf, c.len, &a[1], 1, c.patch, c.npatch,
                                            &fence), ==, 0);
    g_assert_cmpuint(sim->vidmm.page_ins, ==, 1);
    g_assert_cmpuint(a[1]->segment, ==, SABLE_SEGMENT_VRAM);
    const uint8_t *back = ws_kmt_lock(d, a[1]);
    g_assert_cmpuint(back[0], ==, 0x11);
    g_assert_cmpuint(back[size - 1], ==, 0x11);
    memcpy(&v, back + 0x40, 4);
    g_assert_cmphex(v, ==, 0xe71c7ed);
    memcpy(&v, back + 0x44, 4);
    g_assert_cmphex(v, ==, 0xbacc);
    ws_kmt_unlock(d, a[1]);
    for (unsigned i = 0; i < 5; i++) {
        if (!a[i]) {
            continue;
        }
        ws_kmt_destroy_allocation(d, a[i]);
    }
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* Renders are asynchronous: sixteen in flight on both nodes, more than the
 * pool of DMA buffers, each reused only once its submission retired; every
 * write lands. */
static void test_kmt_async(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    WsKmtAllocation *a;
    struct sable_alloc_private p = buffer_desc(SABLE_PAGE_SIZE, SABLE_SEGMENT_APERTURE);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a), ==, 0);
    unsigned submits = sim->vidmm.render_submits;
    for (unsigned i = 0; i < 16; i++) {
        Cmd c = { .len = 0 };
        cmd_write32(&c, 4 * i, 0x1000 + i);
        uint32_t fence;
        g_assert_cmphex((uint32_t)ws_kmt_render(d, i % SABLE_NODE_COUNT, c.buf, c.len, &a, 1,
                                                c.patch, c.npatch, &fence), ==, 0);
    }
    g_assert_cmpuint(sim->vidmm.render_submits - submits, ==, 16);
    const uint32_t *v = ws_kmt_lock(d, a);
    for (unsigned i = 0; i < 16; i++) {
        g_assert_cmphex(v[i], ==, 0x1000 + i);
    }
    ws_kmt_unlock(d, a);
    ws_kmt_destroy_allocation(d, a);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* VidMm knows each allocation's GPU use, whichever device submitted it: a
 * slow write to `a` on the copy engine keeps `a` busy, for the device that
 * opened it too, while `b` is not; locking `b` does not wait for the
 * engine, locking `a` from the other device waits for the write. */
static void test_kmt_busy(void)
{
    WsSim *sim = started();
    WsKmtDevice *d1 = ws_kmt_create_device(sim), *d2 = ws_kmt_create_device(sim);
    WsKmtAllocation *a, *b;
    struct sable_alloc_private p = buffer_desc(SABLE_PAGE_SIZE, SABLE_SEGMENT_APERTURE);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d1, &p, &a), ==, 0);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d1, &p, &b), ==, 0);
    g_assert_cmphex((uint32_t)ws_kmt_open_allocation(d2, a, &p), ==, 0);
    g_assert_cmpuint(a->refs, ==, 2);
    inject_ok(sim, "slow,engine=1,delay-ns=500000000");
    Cmd c = { .len = 0 };
    cmd_write32(&c, 0, 0xfeedf00du);
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_kmt_render(d1, 1, c.buf, c.len, &a, 1, c.patch, c.npatch,
                                            &fence), ==, 0);
    g_assert_true(ws_kmt_busy(sim, a));
    g_assert_false(ws_kmt_busy(sim, b));
    ws_kmt_lock(d1, b);
    ws_kmt_unlock(d1, b);
    g_assert_true(ws_kmt_busy(sim, a)); /* locking b did not wait for the engine */
    const uint32_t *v = ws_kmt_lock(d2, a);
    g_assert_false(ws_kmt_busy(sim, a));
    g_assert_cmphex(v[0], ==, 0xfeedf00du);
    ws_kmt_unlock(d2, a);
    ws_kmt_destroy_allocation(d1, a); /* d2 still holds it */
    g_assert_cmpuint(a->refs, ==, 1);
    g_assert_cmphex(*(const uint32_t *)ws_kmt_lock(d2, a), ==, 0xfeedf00du);
    ws_kmt_unlock(d2, a);
    ws_kmt_close_allocation(d2, a);
    ws_kmt_destroy_allocation(d1, b);
    ws_kmt_destroy_device(d2);
    ws_kmt_destroy_device(d1);
    ws_sim_free(sim);
}

static void put_copy_2d(Cmd *c, UINT src, uint32_t src_tiling, UINT dst, uint32_t dst_tiling)
{
    struct sable_cmd_copy_2d k = {
        .header = SABLE_CMD_HEADER(SABLE_OP_COPY_2D, 0, sizeof(k) / 4),
        .src = { .pitch = 256, .width = 64, .height = 32,
                 .format = SABLE_SURFACE_FORMAT(SABLE_FORMAT_B8G8R8A8_UNORM, src_tiling) },
        .dst = { .pitch = 256, .width = 64, .height = 32,
                 .format = SABLE_SURFACE_FORMAT(SABLE_FORMAT_B8G8R8A8_UNORM, dst_tiling) },
        .src_rect = { 0, 0, 64, 32 },
    };
    cmd_patch(c, c->len + offsetof(struct sable_cmd_copy_2d, src.addr), src, 0);
    cmd_patch(c, c->len + offsetof(struct sable_cmd_copy_2d, dst.addr), dst, 0);
    cmd_put(c, &k, sizeof(k));
}

/* COPY_2D (ABI 1.1, FEATURE_TILING): linear -> TILE_Y -> linear gives the
 * bytes back while the tiled copy is laid out differently; a tiled pitch
 * that is not a multiple of 128 is refused. Without the feature the opcode
 * is an illegal instruction. */
static void test_copy_2d_tiling(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_umd_private priv;
    g_assert_cmphex((uint32_t)ws_kmt_query_umd_private(sim, &priv, sizeof(priv)), ==, 0);
    bool tiling = (priv.device_features & SABLE_FEATURE_TILING) != 0;
    struct sable_alloc_private p = buffer_desc(2 * SABLE_PAGE_SIZE, SABLE_SEGMENT_APERTURE);
    WsKmtAllocation *a[3];
    for (unsigned i = 0; i < 3; i++) {
        g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a[i]), ==, 0);
    }
    uint8_t *src = ws_kmt_lock(d, a[0]);
    for (unsigned i = 0; i < 256 * 32; i++) {
        src[i] = (uint8_t)(i * 7 + i / 256);
    }
    ws_kmt_unlock(d, a[0]);
    Cmd c = { .len = 0 };
    put_copy_2d(&c, 0, SABLE_TILING_LINEAR, 1, SABLE_TILING_Y);
    put_copy_2d(&c, 1, SABLE_TILING_Y, 2, SABLE_TILING_LINEAR);
    uint32_t fence;
    NTSTATUS st = ws_kmt_render(d, 0, c.buf, c.len, a, 3, c.patch, c.npatch, &fence);
    if (!tiling) {
        g_assert_cmphex((uint32_t)st, ==, (uint32_t)STATUS_ILLEGAL_INSTRUCTION);
    } else {
        g_assert_cmphex((uint32_t)st, ==, 0);
        const uint8_t *tiled = ws_kmt_lock(d, a[1]);
        g_assert_true(memcmp(tiled, src, 256 * 32) != 0);
        ws_kmt_unlock(d, a[1]);
        g_assert_cmpmem(ws_kmt_lock(d, a[2]), 256 * 32, src, 256 * 32);
        ws_kmt_unlock(d, a[2]);
        struct sable_cmd_copy_2d *k = (struct sable_cmd_copy_2d *)c.buf;
        k->dst.pitch = 320; /* TILE_Y pitch must be a multiple of 128 */
        g_assert_cmphex((uint32_t)ws_kmt_render(d, 0, c.buf, c.len, a, 3, c.patch, c.npatch,
                                                &fence), ==, (uint32_t)STATUS_INVALID_PARAMETER);
    }
    for (unsigned i = 0; i < 3; i++) {
        ws_kmt_destroy_allocation(d, a[i]);
    }
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

void stack_add_kmt_tests(void)
{
    g_test_add_func("/stack/escape", test_escape);
    g_test_add_func("/stack/kmt", test_kmt);
    g_test_add_func("/stack/kmt/eviction", test_eviction);
    g_test_add_func("/stack/kmt/async", test_kmt_async);
    g_test_add_func("/stack/kmt/busy-per-allocation", test_kmt_busy);
    g_test_add_func("/stack/kmt/copy-2d-tiling", test_copy_2d_tiling);
}
