/* SPDX-License-Identifier: MIT */
/*
 * 3D through the KMD (docs/kmd.md, "3D"): 3D allocations and their device
 * resource ids, inline virgl SUBMITs and TRANSFERs in UMD command buffers,
 * isolation between devices, privileged packets, paging of a rendered
 * allocation and a TDR on the 3D path. Streams come from tests/virgl's
 * builders; expected pixels are computed here from the clear colours.
 */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"
#include "vstream.h"
#include "sable-dump-decode.h"

#define RT_W 16u
#define RT_H 16u
/* KMD_3D_MAX_SUBMITS (guest-kmd/s3d.h): the SUBMITs one DMA buffer records */
#define KMD_TEST_SUBMITS_PER_BUFFER 32u

/* A UMD command buffer of any length (no address fields: no patch list). */
typedef struct Cmd3d {
    GByteArray *b;
} Cmd3d;

static Cmd3d cmd3d_new(void)
{
    return (Cmd3d){ g_byte_array_new() };
}

static void cmd3d_free(Cmd3d *c)
{
    g_byte_array_free(c->b, TRUE);
}

static void cmd3d_put(Cmd3d *c, const void *p, uint32_t len)
{
    g_byte_array_append(c->b, p, len);
}

/* Inline SUBMIT: the 24-byte packet (ctx 0, addr 0), then the stream. */
static void cmd3d_submit(Cmd3d *c, const Stream *s)
{
    struct sable_cmd_3d_submit p = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 6 + s->n), .size_dw = s->n };
    cmd3d_put(c, &p, sizeof(p));
    cmd3d_put(c, s->dw, 4 * s->n);
}

static struct sable_cmd_3d_transfer transfer_pkt(uint32_t dir, uint32_t res, uint32_t w,
                                                 uint32_t h)
{
    return (struct sable_cmd_3d_transfer){
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_TRANSFER, 0, 16), .direction = dir,
        .res_id = res, .w = w, .h = h, .d = 1, .stride = w * 4, .size = (uint64_t)w * h * 4,
    };
}

static void cmd3d_transfer(Cmd3d *c, uint32_t dir, uint32_t res)
{
    struct sable_cmd_3d_transfer t = transfer_pkt(dir, res, RT_W, RT_H);
    cmd3d_put(c, &t, sizeof(t));
}

/* Private data of a w x h B8G8R8A8 2D render target preferring `segment`. */
static struct sable_alloc_private_3d rt_desc(uint32_t w, uint32_t h, uint32_t segment)
{
    return (struct sable_alloc_private_3d){
        .base = { .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION_3D,
                  .kind = SABLE_ALLOC_SURFACE,
                  .flags = SABLE_ALLOC_F_3D | SABLE_ALLOC_F_CPU_VISIBLE,
                  .size = (uint64_t)w * h * 4, .width = w, .height = h, .segment = segment },
        .virgl = { .target = SABLE_VIRGL_TARGET_TEXTURE_2D,
                   .format = SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM,
                   .bind = SABLE_VIRGL_BIND_RENDER_TARGET | SABLE_VIRGL_BIND_SAMPLER_VIEW,
                   .depth = 1, .array_size = 1 },
    };
}

/* A 3D allocation; returns the resource id the KMD wrote back. */
static uint32_t create_rt(WsKmtDevice *d, uint32_t segment, WsKmtAllocation **out)
{
    struct sable_alloc_private_3d p = rt_desc(RT_W, RT_H, segment);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation_data(d, &p, sizeof(p), out), ==, 0);
    g_assert_cmpuint(p.virgl.res_id, >=, 1);
    g_assert_cmpuint(p.virgl.res_id, <=, SABLE_3D_MAX_RESOURCES);
    return p.virgl.res_id;
}

/* Colour buffer `res` through a surface object of handle `surf` (a new
 * handle per stream of a context: virgl objects live in the context). */
static void color_buffer(Stream *s, uint32_t surf, uint32_t res)
{
    const uint32_t create[] = { surf, res, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 0, 0 };
    vs_cmd(s, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SURFACE, 5, create);
    const uint32_t fb[] = { 1, 0, surf };
    vs_cmd(s, SABLE_VIRGL_CCMD_SET_FRAMEBUFFER_STATE, 0, 3, fb);
}

/* The B8G8R8A8_UNORM pixel a clear to (r, g, b, a) leaves. */
static uint32_t unorm8(float f)
{
    return (uint32_t)(f * 255.0f + 0.5f); /* f in [0, 1] */
}

static uint32_t bgra(float r, float g, float b, float a)
{
    return unorm8(b) | unorm8(g) << 8 | unorm8(r) << 16 | unorm8(a) << 24;
}

/* Clear `res` (surface handle surf) and, if `readback`, copy it to its
 * allocation; the command buffer is rendered on the graphics node. */
static NTSTATUS render_clear(WsKmtDevice *d, WsKmtAllocation *al, uint32_t res, uint32_t surf,
                             const float rgba[4], bool readback, uint32_t *fence)
{
    Stream s = { .n = 0 };
    color_buffer(&s, surf, res);
    vs_clear(&s, rgba[0], rgba[1], rgba[2], rgba[3]);
    Cmd3d c = cmd3d_new();
    cmd3d_submit(&c, &s);
    if (readback) {
        cmd3d_transfer(&c, SABLE_3D_FROM_HOST, res);
    }
    NTSTATUS st = ws_kmt_render(d, SABLE_NODE_GRAPHICS, c.b->data, c.b->len, &al, 1, NULL, 0,
                                fence);
    cmd3d_free(&c);
    return st;
}

static uint32_t render_ok(WsKmtDevice *d, const void *cmd, uint32_t len,
                          WsKmtAllocation *const *list, UINT n)
{
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_kmt_render(d, SABLE_NODE_GRAPHICS, cmd, len, list, n, NULL, 0,
                                            &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    return fence;
}

static void readback(WsKmtDevice *d, WsKmtAllocation *al, uint32_t res)
{
    Cmd3d c = cmd3d_new();
    cmd3d_transfer(&c, SABLE_3D_FROM_HOST, res);
    render_ok(d, c.b->data, c.b->len, &al, 1);
    cmd3d_free(&c);
}

/* Every pixel of the allocation (through Lock) equals `want`. */
static void expect_pixels(WsKmtDevice *d, WsKmtAllocation *al, uint32_t want)
{
    const uint8_t *cpu = ws_kmt_lock(d, al);
    unsigned bad = 0;
    uint32_t first = 0;
    for (unsigned i = 0; i < RT_W * RT_H; i++) {
        uint32_t px;
        memcpy(&px, cpu + 4 * i, 4);
        if (px != want && bad++ == 0) {
            first = px;
        }
    }
    ws_kmt_unlock(d, al);
    if (bad) {
        g_test_message("%u pixels differ, first 0x%08x, want 0x%08x", bad, first, want);
    }
    g_assert_cmpuint(bad, ==, 0);
}

static void clear_ok(WsKmtDevice *d, WsKmtAllocation *al, uint32_t res, uint32_t surf,
                     const float rgba[4])
{
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)render_clear(d, al, res, surf, rgba, true, &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    expect_pixels(d, al, bgra(rgba[0], rgba[1], rgba[2], rgba[3]));
}

static WsSim *started_3d(void)
{
    WsSim *sim = started();
    struct sable_umd_private priv;
    g_assert_cmphex((uint32_t)ws_kmt_query_umd_private(sim, &priv, sizeof(priv)), ==, 0);
    g_assert_cmphex(priv.device_features & SABLE_FEATURE_3D, ==, SABLE_FEATURE_3D);
    g_assert_cmphex(priv.kmd_features & SABLE_KMD_F_3D, ==, SABLE_KMD_F_3D);
    return sim;
}

/* ---- allocations ----------------------------------------------------- */

static NTSTATUS create_raw(WsSim *sim, struct sable_alloc_private_3d *p, UINT size, HANDLE *h)
{
    DXGK_ALLOCATIONINFO info = { .pPrivateDriverData = p, .PrivateDriverDataSize = size };
    DXGKARG_CREATEALLOCATION ca = { .NumAllocations = 1, .pAllocationInfo = &info };
    NTSTATUS st = sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca);
    *h = info.hAllocation;
    return st;
}

/* Broken 3D private data is refused and nothing is written back. */
static void expect_refused(WsSim *sim, struct sable_alloc_private_3d p, UINT size,
                           const char *what)
{
    HANDLE h = NULL;
    uint32_t res_in = p.virgl.res_id;
    NTSTATUS st = create_raw(sim, &p, size, &h);
    if (st != STATUS_INVALID_PARAMETER) {
        g_test_message("%s: status 0x%x", what, (unsigned)st);
    }
    g_assert_cmphex((uint32_t)st, ==, (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmpuint(p.virgl.res_id, ==, res_in);
}

static void test_alloc_ids(void)
{
    WsSim *sim = started_3d();
    struct sable_alloc_private_3d good = rt_desc(RT_W, RT_H, 0), p;
    HANDLE h1 = NULL, h2 = NULL;
    struct sable_alloc_private_3d p1 = good, p2 = good;
    g_assert_cmphex((uint32_t)create_raw(sim, &p1, sizeof(p1), &h1), ==, 0);
    g_assert_cmphex((uint32_t)create_raw(sim, &p2, sizeof(p2), &h2), ==, 0);
    g_assert_cmpuint(p1.virgl.res_id, >=, 1);
    g_assert_cmpuint(p2.virgl.res_id, >=, 1);
    g_assert_cmpuint(p1.virgl.res_id, !=, p2.virgl.res_id);
    g_assert_cmpmem(&p1.base, sizeof(p1.base), &good.base, sizeof(good.base));
    p = good; p.virgl.res_id = 7; expect_refused(sim, p, sizeof(p), "res_id in");
    p = good; p.base.version = SABLE_ALLOC_PRIVATE_VERSION; expect_refused(sim, p, sizeof(p), "v1");
    p = good; p.base.flags &= ~SABLE_ALLOC_F_3D; expect_refused(sim, p, sizeof(p), "no F_3D");
    p = good; expect_refused(sim, p, sizeof(p.base), "v2 flag at v1 size");
    p = good; expect_refused(sim, p, sizeof(p) - 4, "short");
    p = good; p.virgl.target = SABLE_VIRGL_TARGET_TEXTURE_CUBE_ARRAY + 1;
    expect_refused(sim, p, sizeof(p), "target");
    p = good; p.virgl.bind |= 1u << 20; expect_refused(sim, p, sizeof(p), "bind");
    p = good; p.virgl.format = 0; expect_refused(sim, p, sizeof(p), "format 0");
    p = good; p.virgl.depth = 0; expect_refused(sim, p, sizeof(p), "depth 0");
    p = good; p.virgl.array_size = 0; expect_refused(sim, p, sizeof(p), "array 0");
    p = good; p.virgl.last_level = SABLE_KMD_3D_MAX_LEVEL + 1; expect_refused(sim, p, sizeof(p), "levels");
    p = good; p.base.flags |= SABLE_ALLOC_F_TILE_Y; expect_refused(sim, p, sizeof(p), "tile-y");
    p = good; p.base.flags |= SABLE_ALLOC_F_PRIMARY; expect_refused(sim, p, sizeof(p), "primary");
    p = good; p.base.format = SABLE_FORMAT_B8G8R8A8_UNORM; expect_refused(sim, p, sizeof(p), "format");
    p = good; p.base.size = 0; expect_refused(sim, p, sizeof(p), "size 0");
    p = good; p.base.kind = SABLE_ALLOC_BUFFER; expect_refused(sim, p, sizeof(p), "kind");
    p = good; p.virgl.target = SABLE_VIRGL_TARGET_BUFFER; p.base.kind = SABLE_ALLOC_BUFFER;
    p.base.width = (uint32_t)p.base.size + 1; p.base.height = 1;
    expect_refused(sim, p, sizeof(p), "buffer wider than its size");
    /* a 3D buffer */
    p = good; p.virgl.target = SABLE_VIRGL_TARGET_BUFFER; p.base.kind = SABLE_ALLOC_BUFFER;
    p.base.width = (uint32_t)p.base.size; p.base.height = 1;
    p.virgl.bind = SABLE_VIRGL_BIND_VERTEX_BUFFER; p.virgl.format = SABLE_VIRGL_FORMAT_R8_UNORM;
    HANDLE hb = NULL;
    g_assert_cmphex((uint32_t)create_raw(sim, &p, sizeof(p), &hb), ==, 0);
    g_assert_cmpuint(p.virgl.res_id, >=, 1);
    destroy_one(sim, hb);
    destroy_one(sim, h1);
    destroy_one(sim, h2);
    ws_sim_free(sim);
}

/* A swap chain buffer: a 3D 2D texture also described as a linear 2D
 * surface (format, pitch), and as a primary of VidPN source 0 (placed in
 * VRAM only); refused when the 2D description does not hold (pitch or
 * size too small, a format the scanout cannot show as a primary, another
 * VidPN source, TILE_Y) or the texture is more than one 2D subresource of
 * one sample. */
static void test_alloc_present(void)
{
    WsSim *sim = started_3d();
    struct sable_alloc_private_3d good = rt_desc(RT_W, RT_H, 0), p;
    good.base.format = SABLE_FORMAT_B8G8R8A8_UNORM;
    good.base.pitch = RT_W * 4;
    for (unsigned primary = 0; primary < 2; primary++) {
        p = good;
        p.base.flags |= primary ? SABLE_ALLOC_F_PRIMARY : 0;
        DXGK_ALLOCATIONINFO info = { .pPrivateDriverData = &p, .PrivateDriverDataSize = sizeof(p) };
        DXGKARG_CREATEALLOCATION ca = { .NumAllocations = 1, .pAllocationInfo = &info };
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca), ==, 0);
        g_assert_cmpuint(p.virgl.res_id, >=, 1);
        uint32_t vram = 1u << (SABLE_SEGMENT_VRAM - 1);
        g_assert_cmphex(info.SupportedReadSegmentSet == vram, ==, primary);
        destroy_one(sim, info.hAllocation);
    }
    struct sable_alloc_private_3d prim = good;
    prim.base.flags |= SABLE_ALLOC_F_PRIMARY;
    p = good; p.base.pitch = RT_W * 4 - 4; expect_refused(sim, p, sizeof(p), "pitch");
    p = good; p.base.pitch = RT_W * 4 + 2; expect_refused(sim, p, sizeof(p), "pitch % 4");
    p = good; p.base.size = (uint64_t)RT_W * 4 * RT_H - 1; expect_refused(sim, p, sizeof(p), "size");
    p = good; p.base.format = 0; expect_refused(sim, p, sizeof(p), "pitch, no format");
    p = good; p.base.format = 0x7f; expect_refused(sim, p, sizeof(p), "unknown format");
    p = good; p.base.vidpn_source = 1; expect_refused(sim, p, sizeof(p), "source, no primary");
    p = prim; p.base.vidpn_source = 1; expect_refused(sim, p, sizeof(p), "source 1");
    p = prim; p.base.format = SABLE_FORMAT_A8_UNORM; p.base.pitch = RT_W;
    expect_refused(sim, p, sizeof(p), "A8 primary");
    p = prim; p.base.format = 0; p.base.pitch = 0; expect_refused(sim, p, sizeof(p), "bare primary");
    p = prim; p.base.flags |= SABLE_ALLOC_F_TILE_Y; expect_refused(sim, p, sizeof(p), "tile-y");
    p = good; p.virgl.array_size = 2; p.virgl.target = SABLE_VIRGL_TARGET_TEXTURE_2D_ARRAY;
    expect_refused(sim, p, sizeof(p), "array");
    p = good; p.virgl.last_level = 1; expect_refused(sim, p, sizeof(p), "mips");
    p = good; p.virgl.nr_samples = 4; expect_refused(sim, p, sizeof(p), "samples");
    p = good; p.virgl.target = SABLE_VIRGL_TARGET_TEXTURE_CUBE; p.virgl.array_size = 6;
    expect_refused(sim, p, sizeof(p), "cube");
    ws_sim_free(sim);
}

/* Every id taken: CreateAllocation fails with STATUS_INSUFFICIENT_RESOURCES
 * and keeps nothing; ids of allocations never used are free again at once. */
static void test_alloc_exhausted(void)
{
    WsSim *sim = started_3d();
    const UINT n = SABLE_3D_MAX_RESOURCES;
    struct sable_alloc_private_3d *p = g_new(struct sable_alloc_private_3d, n + 1);
    DXGK_ALLOCATIONINFO *info = g_new0(DXGK_ALLOCATIONINFO, n + 1);
    for (UINT i = 0; i <= n; i++) {
        p[i] = rt_desc(RT_W, RT_H, 0);
        info[i] = (DXGK_ALLOCATIONINFO){ .pPrivateDriverData = &p[i],
                                         .PrivateDriverDataSize = sizeof(p[i]) };
    }
    DXGKARG_CREATEALLOCATION ca = { .NumAllocations = n + 1, .pAllocationInfo = info };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca), ==,
                    (uint32_t)STATUS_INSUFFICIENT_RESOURCES);
    for (UINT i = 0; i <= n; i++) {
        p[i].virgl.res_id = 0; /* the failed call wrote ids of the ones it undid */
    }
    ca.NumAllocations = n;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca), ==, 0);
    g_autofree uint8_t *seen = g_new0(uint8_t, n + 1);
    for (UINT i = 0; i < n; i++) {
        g_assert_cmpuint(p[i].virgl.res_id, >=, 1);
        g_assert_cmpuint(p[i].virgl.res_id, <=, n);
        g_assert_cmpuint(seen[p[i].virgl.res_id]++, ==, 0);
    }
    HANDLE one = NULL;
    g_assert_cmphex((uint32_t)create_raw(sim, &p[n], sizeof(p[n]), &one), ==,
                    (uint32_t)STATUS_INSUFFICIENT_RESOURCES);
    g_autofree HANDLE *hs = g_new(HANDLE, n);
    for (UINT i = 0; i < n; i++) {
        hs[i] = info[i].hAllocation;
    }
    DXGKARG_DESTROYALLOCATION da = { .NumAllocations = n, .pAllocationList = hs };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyAllocation(sim->adapter, &da), ==, 0);
    p[n].virgl.res_id = 0;
    g_assert_cmphex((uint32_t)create_raw(sim, &p[n], sizeof(p[n]), &one), ==, 0);
    destroy_one(sim, one);
    g_free(p);
    g_free(info);
    ws_sim_free(sim);
}

/* ---- rendering --------------------------------------------------------- */

static const float MAGENTA[4] = { 1.0f, 0.0f, 1.0f, 1.0f };
static const float TEAL[4] = { 0.0f, 0.6f, 0.2f, 1.0f };
static const float AMBER[4] = { 1.0f, 0.6f, 0.0f, 0.2f };

/* A clear of a 3D render target, read back with FROM_HOST, is in the
 * allocation (Lock) pixel for pixel; a second clear in the same context
 * replaces it; a clear without readback leaves the allocation alone
 * (coherence is explicit) until a FROM_HOST. */
static void test_clear_transfer(void)
{
    WsSim *sim = started_3d();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    WsKmtAllocation *rt;
    uint32_t res = create_rt(d, SABLE_SEGMENT_VRAM, &rt);
    expect_pixels(d, rt, 0); /* VidMm cleared it */
    clear_ok(d, rt, res, 1, MAGENTA);
    g_assert_cmphex(bgra(MAGENTA[0], MAGENTA[1], MAGENTA[2], MAGENTA[3]), ==, 0xffff00ffu);
    clear_ok(d, rt, res, 2, TEAL);
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)render_clear(d, rt, res, 3, AMBER, false, &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    expect_pixels(d, rt, bgra(TEAL[0], TEAL[1], TEAL[2], TEAL[3]));
    readback(d, rt, res);
    expect_pixels(d, rt, bgra(AMBER[0], AMBER[1], AMBER[2], AMBER[3]));
    /* TO_HOST of CPU-written bytes, then FROM_HOST into a second target:
     * the bytes went through the host copy */
    WsKmtAllocation *rt2;
    uint32_t res2 = create_rt(d, SABLE_SEGMENT_APERTURE, &rt2);
    uint8_t *cpu = ws_kmt_lock(d, rt2);
    for (unsigned i = 0; i < RT_W * RT_H * 4; i++) {
        cpu[i] = (uint8_t)(i * 7 + 3);
    }
    ws_kmt_unlock(d, rt2);
    Cmd3d c = cmd3d_new();
    cmd3d_transfer(&c, SABLE_3D_TO_HOST, res2);
    Stream s = { .n = 0 };
    color_buffer(&s, 4, res);
    vs_clear(&s, MAGENTA[0], MAGENTA[1], MAGENTA[2], MAGENTA[3]);
    cmd3d_submit(&c, &s);
    WsKmtAllocation *both[2] = { rt, rt2 };
    render_ok(d, c.b->data, c.b->len, both, 2);
    cpu = ws_kmt_lock(d, rt2);
    memset(cpu, 0, RT_W * RT_H * 4);
    ws_kmt_unlock(d, rt2);
    readback(d, rt2, res2);
    cpu = ws_kmt_lock(d, rt2);
    for (unsigned i = 0; i < RT_W * RT_H * 4; i++) {
        g_assert_cmpuint(cpu[i], ==, (uint8_t)(i * 7 + 3));
    }
    ws_kmt_unlock(d, rt2);
    readback(d, rt, res);
    expect_pixels(d, rt, 0xffff00ffu);
    cmd3d_free(&c);
    ws_kmt_destroy_allocation(d, rt2);
    ws_kmt_destroy_allocation(d, rt);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* Render's checks of 3D packets: each refused with its status, nothing
 * submitted. */
typedef struct Refused {
    const char *what;
    NTSTATUS status;
} Refused;

static void expect_render(WsKmtDevice *d, unsigned node, Cmd3d *c, WsKmtAllocation *const *list,
                          UINT n, const Refused *r)
{
    WsSim *sim = d->sim;
    unsigned before = sim->vidmm.render_submits;
    uint32_t fence = 0;
    NTSTATUS st = ws_kmt_render(d, node, c->b->data, c->b->len, list, n, NULL, 0, &fence);
    if (st != r->status) {
        g_test_message("%s: 0x%x, want 0x%x", r->what, (unsigned)st, (unsigned)r->status);
    }
    g_assert_cmphex((uint32_t)st, ==, (uint32_t)r->status);
    g_assert_cmpuint(sim->vidmm.render_submits, ==, before);
    g_byte_array_set_size(c->b, 0);
}

static void put_privileged(Cmd3d *c, uint32_t op, uint32_t res)
{
    uint32_t pkt[16] = { 0 };
    uint32_t dw = op == SABLE_OP_3D_RES_CREATE ? 16 : op == SABLE_OP_3D_RES_BACKING ? 6 :
                  op == SABLE_OP_3D_ATTACH || op == SABLE_OP_3D_DETACH ? 4 :
                  op == SABLE_OP_3D_CAPS ? 4 : 2;
    pkt[0] = SABLE_CMD_HEADER(op, 0, dw);
    pkt[1] = op == SABLE_OP_3D_ATTACH || op == SABLE_OP_3D_DETACH ? 1 : res;
    pkt[2] = res;
    cmd3d_put(c, pkt, 4 * dw);
}

static void test_privileged(void)
{
    WsSim *sim = started_3d();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    WsKmtAllocation *rt;
    uint32_t res = create_rt(d, SABLE_SEGMENT_VRAM, &rt);
    Cmd3d c = cmd3d_new();
    static const uint32_t ops[] = {
        SABLE_OP_3D_CTX_CREATE, SABLE_OP_3D_CTX_DESTROY, SABLE_OP_3D_RES_CREATE,
        SABLE_OP_3D_RES_DESTROY, SABLE_OP_3D_RES_BACKING, SABLE_OP_3D_ATTACH,
        SABLE_OP_3D_DETACH, SABLE_OP_3D_CAPS,
    };
    for (size_t i = 0; i < G_N_ELEMENTS(ops); i++) {
        put_privileged(&c, ops[i], res);
        Refused r = { "privileged opcode", STATUS_PRIVILEGED_INSTRUCTION };
        expect_render(d, SABLE_NODE_GRAPHICS, &c, &rt, 1, &r);
    }
    Stream s = { .n = 0 };
    vs_clear(&s, 0, 0, 0, 1);
    struct sable_cmd_3d_submit p = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 6 + s.n), .size_dw = s.n };
    struct { struct sable_cmd_3d_submit p; const char *what; NTSTATUS st; uint32_t extra; } bad[] = {
        { p, "SUBMIT naming a context", STATUS_PRIVILEGED_INSTRUCTION, 0 },
        { p, "SUBMIT naming an address", STATUS_PRIVILEGED_INSTRUCTION, 0 },
        { p, "SUBMIT reserved", STATUS_INVALID_PARAMETER, 0 },
        { p, "SUBMIT size_dw != header - 6", STATUS_INVALID_USER_BUFFER, 0 },
        { p, "SUBMIT packet flags", STATUS_INVALID_PARAMETER, 0 },
        { p, "SUBMIT past the buffer", STATUS_INVALID_USER_BUFFER, 0 },
    };
    bad[0].p.ctx_id = 1;
    bad[1].p.addr = 0x1000;
    bad[2].p.reserved = 1;
    bad[3].p.size_dw = s.n - 1;
    bad[4].p.header = SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, SABLE_CMD_F_OPTIONAL, 6 + s.n);
    bad[5].p.header = SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 7 + s.n);
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        cmd3d_put(&c, &bad[i].p, sizeof(bad[i].p));
        cmd3d_put(&c, s.dw, 4 * s.n);
        Refused r = { bad[i].what, bad[i].st };
        expect_render(d, SABLE_NODE_GRAPHICS, &c, &rt, 1, &r);
    }
    /* 3D packets on the copy node are illegal */
    cmd3d_submit(&c, &s);
    Refused copy = { "SUBMIT on the copy node", STATUS_ILLEGAL_INSTRUCTION };
    expect_render(d, SABLE_NODE_COPY, &c, &rt, 1, &copy);
    /* TRANSFERs: an id not in the allocation list, past the allocation,
     * malformed */
    WsKmtAllocation *other;
    uint32_t res_other = create_rt(d, SABLE_SEGMENT_VRAM, &other);
    struct sable_cmd_3d_transfer t = transfer_pkt(SABLE_3D_FROM_HOST, res_other, RT_W, RT_H);
    cmd3d_put(&c, &t, sizeof(t));
    Refused absent = { "TRANSFER of a resource not in the list", STATUS_PRIVILEGED_INSTRUCTION };
    expect_render(d, SABLE_NODE_GRAPHICS, &c, &rt, 1, &absent);
    t = transfer_pkt(SABLE_3D_FROM_HOST, res, RT_W, RT_H);
    t.offset = 4;
    cmd3d_put(&c, &t, sizeof(t));
    Refused past = { "TRANSFER past the allocation", STATUS_PRIVILEGED_INSTRUCTION };
    expect_render(d, SABLE_NODE_GRAPHICS, &c, &rt, 1, &past);
    t = transfer_pkt(2, res, RT_W, RT_H);
    cmd3d_put(&c, &t, sizeof(t));
    Refused dir = { "TRANSFER direction", STATUS_INVALID_PARAMETER };
    expect_render(d, SABLE_NODE_GRAPHICS, &c, &rt, 1, &dir);
    /* the valid ones still work */
    clear_ok(d, rt, res, 1, TEAL);
    cmd3d_free(&c);
    ws_kmt_destroy_allocation(d, other);
    ws_kmt_destroy_allocation(d, rt);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* Device B's stream names device A's resource: not attached to B's
 * context, so virglrenderer refuses it; only B's context faults (the TDR
 * puts it in error), A's resource keeps its pixels and A renders on. */
static void test_isolation(void)
{
    WsSim *sim = started_3d();
    WsKmtDevice *a = ws_kmt_create_device(sim), *b = ws_kmt_create_device(sim);
    WsKmtAllocation *rta, *rtb;
    uint32_t ra = create_rt(a, SABLE_SEGMENT_VRAM, &rta);
    uint32_t rb = create_rt(b, SABLE_SEGMENT_VRAM, &rtb);
    clear_ok(a, rta, ra, 1, MAGENTA);
    clear_ok(b, rtb, rb, 1, TEAL);
    /* a TRANSFER naming A's resource is refused by Render itself */
    Cmd3d c = cmd3d_new();
    cmd3d_transfer(&c, SABLE_3D_FROM_HOST, ra);
    Refused other = { "TRANSFER of another device's resource", STATUS_PRIVILEGED_INSTRUCTION };
    expect_render(b, SABLE_NODE_GRAPHICS, &c, &rtb, 1, &other);
    cmd3d_free(&c);
    /* a stream naming it reaches the device, which refuses it */
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)render_clear(b, rtb, ra, 2, AMBER, false, &fence), ==, 0);
    g_assert_false(ws_kmt_wait(b, SABLE_NODE_GRAPHICS, fence)); /* B's context in error */
    g_assert_cmpuint(sim->tdr_reports->len, ==, 1);
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    g_assert_cmphex((uint32_t)render_clear(b, rtb, rb, 3, AMBER, true, &fence), ==,
                    (uint32_t)STATUS_DEVICE_REMOVED);
    readback(a, rta, ra);
    expect_pixels(a, rta, 0xffff00ffu); /* A's host copy untouched by B */
    clear_ok(a, rta, ra, 2, AMBER);
    ws_kmt_destroy_allocation(b, rtb);
    ws_kmt_destroy_allocation(a, rta);
    ws_kmt_destroy_device(b);
    ws_kmt_destroy_device(a);
    ws_sim_free(sim);
}

/* A rendered allocation keeps its contents across paging: the host copy
 * survives eviction (the paged-out bytes are the stale backing) and, once
 * paged in at a new address, RES_BACKING + FROM_HOST bring the rendered
 * pixels into it. */
static void test_paging(void)
{
    WsSim *sim = started_3d();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    WsKmtAllocation *rt, *fill[5];
    uint32_t res = create_rt(d, SABLE_SEGMENT_VRAM, &rt);
    uint64_t first = rt->gpu;
    g_assert_cmpuint(rt->segment, ==, SABLE_SEGMENT_VRAM);
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)render_clear(d, rt, res, 1, TEAL, false, &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    /* VRAM exactly full beside the render target, then one page more: the
     * render target (the oldest) is evicted and nothing else */
    uint64_t quarter = sim->vidmm.seg[SABLE_SEGMENT_VRAM - 1].Size / 4;
    for (unsigned i = 0; i < 5; i++) {
        uint64_t size = i < 3 ? quarter : i == 3 ? quarter - rt->size : rt->size;
        struct sable_alloc_private p = buffer_desc(size, SABLE_SEGMENT_VRAM);
        g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &fill[i]), ==, 0);
        g_assert_cmpuint(sim->vidmm.evictions, ==, i < 4 ? 0 : 1);
    }
    g_assert_cmpuint(rt->segment, ==, SABLE_SEGMENT_APERTURE);
    expect_pixels(d, rt, 0); /* the backing never got the pixels */
    readback(d, rt, res);    /* in the aperture: RES_BACKING there */
    g_assert_cmpuint(sim->vidmm.page_ins, ==, 0);
    g_assert_cmpuint(rt->segment, ==, SABLE_SEGMENT_APERTURE);
    expect_pixels(d, rt, bgra(TEAL[0], TEAL[1], TEAL[2], TEAL[3]));
    uint8_t *cpu = ws_kmt_lock(d, rt);
    memset(cpu, 0x5a, RT_W * RT_H * 4); /* stale bytes that paging carries */
    ws_kmt_unlock(d, rt);
    ws_kmt_destroy_allocation(d, fill[0]);
    unsigned page_ins = sim->vidmm.page_ins;
    readback(d, rt, res);    /* paged in first, then FROM_HOST at the new address */
    g_assert_cmpuint(sim->vidmm.page_ins, ==, page_ins + 1);
    g_assert_cmpuint(rt->segment, ==, SABLE_SEGMENT_VRAM);
    g_test_message("render target at 0x%" G_GINT64_MODIFIER "x, then 0x%" G_GINT64_MODIFIER
                   "x", first, rt->gpu);
    expect_pixels(d, rt, bgra(TEAL[0], TEAL[1], TEAL[2], TEAL[3]));
    clear_ok(d, rt, res, 2, MAGENTA); /* and renders there */
    for (unsigned i = 1; i < 5; i++) {
        ws_kmt_destroy_allocation(d, fill[i]);
    }
    ws_kmt_destroy_allocation(d, rt);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* draw-hang in device B's SUBMIT with A's 3D work queued behind it, and
 * device F's first 3D work (its context and resource creates) behind that:
 * the per-engine TDR (dump with the 3D section naming B's stream), B's
 * context in error, A's and F's work resubmitted and their pixels right,
 * then a new device's context renders (no stale destroy of the guilty
 * context reaches it). */
static void test_tdr(void)
{
    WsSim *sim = started_3d();
    WsKmtDevice *a = ws_kmt_create_device(sim), *b = ws_kmt_create_device(sim);
    WsKmtDevice *f = ws_kmt_create_device(sim);
    WsKmtAllocation *rta, *rtb, *rtf;
    uint32_t ra = create_rt(a, SABLE_SEGMENT_VRAM, &rta);
    uint32_t rb = create_rt(b, SABLE_SEGMENT_VRAM, &rtb);
    uint32_t rf = create_rt(f, SABLE_SEGMENT_VRAM, &rtf);
    clear_ok(a, rta, ra, 1, MAGENTA);
    inject_ok(sim, "draw-hang");
    uint32_t fb = 0, fa = 0;
    Stream s = { .n = 0 };
    color_buffer(&s, 1, rb);
    vs_clear(&s, TEAL[0], TEAL[1], TEAL[2], TEAL[3]);
    Cmd3d c = cmd3d_new();
    cmd3d_submit(&c, &s);
    g_assert_cmphex((uint32_t)ws_kmt_render(b, SABLE_NODE_GRAPHICS, c.b->data, c.b->len, &rtb,
                                            1, NULL, 0, &fb), ==, 0);
    g_assert_cmphex((uint32_t)render_clear(a, rta, ra, 2, AMBER, true, &fa), ==, 0);
    uint32_t ff = 0;
    g_assert_cmphex((uint32_t)render_clear(f, rtf, rf, 1, TEAL, true, &ff), ==, 0);
    g_assert_true(ws_kmt_wait(a, SABLE_NODE_GRAPHICS, fa)); /* through the TDR */
    g_assert_true(ws_kmt_wait(f, SABLE_NODE_GRAPHICS, ff));
    g_assert_cmpuint(sim->stats.resubmitted, ==, 2);
    g_assert_true(g_hash_table_contains(sim->errored, b->context[SABLE_NODE_GRAPHICS]));
    uint32_t f2 = 0;
    g_assert_cmphex((uint32_t)render_clear(b, rtb, rb, 2, AMBER, true, &f2), ==,
                    (uint32_t)STATUS_DEVICE_REMOVED);
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    g_assert_cmpuint(sim->stats.adapter_resets, ==, 0);
    g_assert_cmpuint(sim->tdr_reports->len, ==, 1);
    const WsTdrReport *rep = &g_array_index(sim->tdr_reports, WsTdrReport, 0);
    g_assert_cmpuint(rep->type, ==, DXGK_TDR_TYPE_ENGINE_TIMEOUT);
    g_assert_cmpuint(rep->payload.NodeOrdinal, ==, SABLE_NODE_GRAPHICS);
    g_autofree char *data = NULL;
    gsize len = 0;
    const char *path = g_ptr_array_index(sim->dump_files, 0);
    g_assert_true(g_file_get_contents(path, &data, &len, NULL));
    GError *err = NULL;
    g_autoptr(SableDump) dump = sable_dump_decode(data, len, &err);
    g_assert_no_error(err);
    g_assert_true(dump->has_3d);
    const struct sable_dump_engine *eng = &dump->engines[SABLE_ENGINE_GRAPHICS].state;
    g_assert_cmphex(eng->status & SABLE_ENGINE_STATUS_HUNG, ==, SABLE_ENGINE_STATUS_HUNG);
    g_assert_cmpuint(dump->d3d.stream_dw, ==, s.n); /* B's stream, nothing else */
    g_assert_cmpuint(dump->d3d.stream_addr, >=, eng->current_dma_addr);
    g_assert_cmpuint(dump->d3d.stream_addr + 4ull * s.n, <=,
                     eng->current_dma_addr + eng->current_dma_size);
    g_assert_cmpuint(dump->d3d.guilty_context, !=, 0);
    g_assert_cmpuint(dump->d3d.live_contexts >> (dump->d3d.guilty_context - 1) & 1, ==, 1);
    g_autofree char *text = sable_dump_to_text(dump);
    g_assert_nonnull(strstr(text, "3D engine"));
    g_assert_cmpint(g_remove(path), ==, 0);
    expect_pixels(a, rta, bgra(AMBER[0], AMBER[1], AMBER[2], AMBER[3]));
    expect_pixels(f, rtf, bgra(TEAL[0], TEAL[1], TEAL[2], TEAL[3]));
    ws_kmt_destroy_allocation(f, rtf);
    ws_kmt_destroy_device(f);
    cmd3d_free(&c);
    ws_kmt_destroy_allocation(b, rtb);
    ws_kmt_destroy_device(b);
    /* a new context renders; A's context renders on */
    WsKmtDevice *n = ws_kmt_create_device(sim);
    WsKmtAllocation *rtn;
    uint32_t rn = create_rt(n, SABLE_SEGMENT_VRAM, &rtn);
    clear_ok(n, rtn, rn, 1, TEAL);
    clear_ok(a, rta, ra, 3, MAGENTA);
    g_assert_cmpuint(sim->tdr_reports->len, ==, 1);
    ws_kmt_destroy_allocation(n, rtn);
    ws_kmt_destroy_device(n);
    ws_kmt_destroy_allocation(a, rta);
    ws_kmt_destroy_device(a);
    ws_sim_free(sim);
}

/* A fault on the first packet of a 3D submission (its prologue, which
 * would create b's context and resource): the device reports where it
 * stopped, so the KMD knows none of the prologue ran and undoes what Patch
 * counted on; the TDR stays at the engine (no adapter reset). The innocent
 * device's rendered contents survive (no adapter reset), and the objects
 * the prologue did not create are created at their next use: a new device
 * and a's next clear render. */
static void test_reset_in_prologue(void)
{
    WsSim *sim = started_3d();
    WsKmtDevice *a = ws_kmt_create_device(sim), *b = ws_kmt_create_device(sim);
    WsKmtAllocation *rta, *rtb;
    uint32_t ra = create_rt(a, SABLE_SEGMENT_VRAM, &rta);
    uint32_t rb = create_rt(b, SABLE_SEGMENT_VRAM, &rtb);
    clear_ok(a, rta, ra, 1, MAGENTA);
    inject_ok(sim, "invalid-cmd");
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)render_clear(b, rtb, rb, 1, TEAL, true, &fence), ==, 0);
    g_assert_false(ws_kmt_wait(b, SABLE_NODE_GRAPHICS, fence));
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    g_assert_cmpuint(sim->stats.adapter_resets, ==, 0);
    readback(a, rta, ra);
    expect_pixels(a, rta, bgra(MAGENTA[0], MAGENTA[1], MAGENTA[2], MAGENTA[3]));
    clear_ok(a, rta, ra, 2, AMBER);
    WsKmtDevice *n = ws_kmt_create_device(sim);
    WsKmtAllocation *rtn;
    uint32_t rn = create_rt(n, SABLE_SEGMENT_VRAM, &rtn);
    clear_ok(n, rtn, rn, 1, TEAL);
    ws_kmt_destroy_allocation(n, rtn);
    ws_kmt_destroy_device(n);
    ws_kmt_destroy_allocation(b, rtb);
    ws_kmt_destroy_device(b);
    ws_kmt_destroy_allocation(a, rta);
    ws_kmt_destroy_device(a);
    ws_sim_free(sim);
}

/* Many inline SUBMITs split over DMA buffers (each with its prologue): by a
 * small DMA buffer, and by the 32 SUBMITs one buffer records; the last
 * clear wins. */
static void test_split(void)
{
    WsSim *sim = started_3d();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    WsKmtAllocation *rt;
    uint32_t res = create_rt(d, SABLE_SEGMENT_VRAM, &rt);
    const float *colors[3] = { MAGENTA, TEAL, AMBER };
    for (unsigned pass = 0; pass < 2; pass++) {
        sim->vidmm.dma_limit = pass ? 0 : 2048;
        Cmd3d c = cmd3d_new();
        const unsigned n = 40;
        for (unsigned i = 0; i < n; i++) {
            Stream s = { .n = 0 };
            const float *rgba = colors[(i + pass) % 3];
            color_buffer(&s, 100 * (pass + 1) + i, res);
            vs_clear(&s, rgba[0], rgba[1], rgba[2], rgba[3]);
            cmd3d_submit(&c, &s);
        }
        cmd3d_transfer(&c, SABLE_3D_FROM_HOST, res);
        unsigned before = sim->vidmm.render_submits;
        render_ok(d, c.b->data, c.b->len, &rt, 1);
        unsigned parts = sim->vidmm.render_submits - before;
        g_test_message("pass %u: %u DMA buffers", pass, parts);
        if (pass == 0) {
            g_assert_cmpuint(parts, >=, 3); /* 40 x 104 bytes in 2 KiB buffers */
        } else {
            g_assert_cmpuint(parts, ==, (n + KMD_TEST_SUBMITS_PER_BUFFER - 1) /
                                            KMD_TEST_SUBMITS_PER_BUFFER);
        }
        const float *last = colors[(n - 1 + pass) % 3];
        expect_pixels(d, rt, bgra(last[0], last[1], last[2], last[3]));
        cmd3d_free(&c);
    }
    ws_kmt_destroy_allocation(d, rt);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* The device's 3D section (through the KMD's dump escape). */
static SableDump *device_dump(WsKmtDevice *d)
{
    uint32_t size = 64u << 10;
    g_autofree uint8_t *buf = g_malloc0(size);
    struct sable_escape_header h = { .magic = SABLE_ESCAPE_MAGIC, .version = SABLE_ESCAPE_VERSION,
                                     .op = SABLE_ESCAPE_FETCH_DUMP, .size = size };
    memcpy(buf, &h, sizeof(h));
    g_assert_cmphex((uint32_t)ws_kmt_escape(d, buf, size, true), ==, 0);
    GError *err = NULL;
    SableDump *dump = sable_dump_decode(buf + sizeof(h), size - sizeof(h), &err);
    g_assert_no_error(err);
    g_assert_true(dump->has_3d);
    return dump;
}

static void expect_objects(WsKmtDevice *d, uint32_t contexts, uint32_t resources)
{
    g_autoptr(SableDump) dump = device_dump(d);
    g_assert_cmpuint(dump->d3d.context_count, ==, contexts);
    g_assert_cmpuint(dump->d3d.resource_count, ==, resources);
}

/* Destroyed allocations and contexts keep their device objects until the
 * next 3D submission, which destroys up to eight of them per DMA buffer. */
static void test_destroy_queue(void)
{
    WsSim *sim = started_3d();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    WsKmtAllocation *rt[11];
    uint32_t res[11];
    for (unsigned i = 0; i < 11; i++) {
        res[i] = create_rt(d, SABLE_SEGMENT_VRAM, &rt[i]);
    }
    expect_objects(d, 0, 0); /* nothing on the device before a submission */
    Cmd3d c = cmd3d_new();
    cmd3d_transfer(&c, SABLE_3D_FROM_HOST, res[10]);
    render_ok(d, c.b->data, c.b->len, rt, 11); /* the prologue creates all */
    expect_objects(d, 1, 11);
    for (unsigned i = 0; i < 10; i++) {
        ws_kmt_destroy_allocation(d, rt[i]);
    }
    expect_objects(d, 1, 11); /* queued */
    render_ok(d, c.b->data, c.b->len, &rt[10], 1);
    expect_objects(d, 1, 3);
    render_ok(d, c.b->data, c.b->len, &rt[10], 1);
    expect_objects(d, 1, 1);
    ws_kmt_destroy_allocation(d, rt[10]);
    ws_kmt_destroy_device(d);
    WsKmtDevice *e = ws_kmt_create_device(sim);
    WsKmtAllocation *rte;
    uint32_t re = create_rt(e, SABLE_SEGMENT_VRAM, &rte);
    expect_objects(e, 1, 1);
    clear_ok(e, rte, re, 1, TEAL); /* destroys d's context and resource */
    expect_objects(e, 1, 1);
    cmd3d_free(&c);
    ws_kmt_destroy_allocation(e, rte);
    ws_kmt_destroy_device(e);
    ws_sim_free(sim);
}

/* Every device 3D context taken: the next context's first 3D Render fails
 * with STATUS_INSUFFICIENT_RESOURCES, nothing submitted; a destroyed
 * context's id comes back once a 3D submission carried its destroy. */
static void test_context_exhausted(void)
{
    WsSim *sim = started_3d();
    const unsigned n = SABLE_3D_MAX_CONTEXTS;
    WsKmtDevice *d[SABLE_3D_MAX_CONTEXTS + 1];
    WsKmtAllocation *rt[SABLE_3D_MAX_CONTEXTS + 1];
    uint32_t res[SABLE_3D_MAX_CONTEXTS + 1];
    Cmd3d c = cmd3d_new();
    for (unsigned i = 0; i <= n; i++) {
        d[i] = ws_kmt_create_device(sim);
        res[i] = create_rt(d[i], SABLE_SEGMENT_APERTURE, &rt[i]);
        if (i < n) {
            readback(d[i], rt[i], res[i]);
        }
    }
    expect_objects(d[0], n, n);
    cmd3d_transfer(&c, SABLE_3D_FROM_HOST, res[n]);
    Refused full = { "65th 3D context", STATUS_INSUFFICIENT_RESOURCES };
    expect_render(d[n], SABLE_NODE_GRAPHICS, &c, &rt[n], 1, &full);
    ws_kmt_destroy_allocation(d[0], rt[0]);
    ws_kmt_destroy_device(d[0]);
    cmd3d_transfer(&c, SABLE_3D_FROM_HOST, res[n]);
    Refused pending = { "id still held by a queued destroy", STATUS_INSUFFICIENT_RESOURCES };
    expect_render(d[n], SABLE_NODE_GRAPHICS, &c, &rt[n], 1, &pending);
    readback(d[1], rt[1], res[1]); /* carries the destroys */
    expect_objects(d[1], n - 1, n - 1); /* d[0]'s context and resource destroyed */
    clear_ok(d[n], rt[n], res[n], 1, AMBER);
    expect_objects(d[1], n, n);
    for (unsigned i = 1; i <= n; i++) {
        ws_kmt_destroy_allocation(d[i], rt[i]);
        ws_kmt_destroy_device(d[i]);
    }
    cmd3d_free(&c);
    ws_sim_free(sim);
}

void stack_add_3d_tests(void)
{
    g_test_add_func("/stack/3d/alloc-ids", test_alloc_ids);
    g_test_add_func("/stack/3d/alloc-present", test_alloc_present);
    g_test_add_func("/stack/3d/alloc-exhausted", test_alloc_exhausted);
    g_test_add_func("/stack/3d/clear-transfer", test_clear_transfer);
    g_test_add_func("/stack/3d/privileged", test_privileged);
    g_test_add_func("/stack/3d/isolation", test_isolation);
    g_test_add_func("/stack/3d/paging", test_paging);
    g_test_add_func("/stack/3d/tdr", test_tdr);
    g_test_add_func("/stack/3d/reset-in-prologue", test_reset_in_prologue);
    g_test_add_func("/stack/3d/split", test_split);
    g_test_add_func("/stack/3d/destroy-queue", test_destroy_queue);
    g_test_add_func("/stack/3d/context-exhausted", test_context_exhausted);
}
