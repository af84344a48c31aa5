/* SPDX-License-Identifier: MIT */
/*
 * The display path (docs/display.md): primary allocations (what
 * CreateAllocation accepts, where VidMm puts them, that they are never
 * evicted); DxgkDdiPresent through the D3DKMTPresent thunk
 * (ws_kmt_present): Blt of a linear and a TILE_Y source into a primary
 * read back byte for byte, a format conversion, the DDI's validation
 * statuses called directly, its multipass output and patch locations, a
 * present on a context a TDR put in error, Flip; and the display itself:
 * child and EDID, the VidPN DDIs through winsim's VidPN manager, the
 * scanout registers after commit, vsync, the captured frame, the scanout
 * after an adapter reset.
 */
#include <string.h>

#include "stack-util.h"
#include "dxgdisplay.h"

static uint8_t pattern(uint32_t xb, uint32_t y)
{
    return (uint8_t)(xb * 5u + y * 97u + 3u);
}

/* A linear primary of VidPN source 0, pitch aligned to 64 bytes. */
static struct sable_alloc_private primary_desc(uint32_t w, uint32_t h, uint32_t format)
{
    struct sable_alloc_private p = surface_desc();
    p.flags |= SABLE_ALLOC_F_PRIMARY;
    p.format = format;
    p.width = w;
    p.height = h;
    p.pitch = (w * 4 + 63) / 64 * 64;
    p.size = (uint64_t)p.pitch * h;
    return p;
}

/* A source surface: linear in the aperture, or TILE_Y in VRAM. */
static struct sable_alloc_private source_desc(uint32_t w, uint32_t h, uint32_t format, bool tiled)
{
    struct sable_alloc_private p = surface_desc();
    p.format = format;
    p.width = w;
    p.height = h;
    p.pitch = tiled ? (w * 4 + SABLE_TILE_WIDTH - 1) / SABLE_TILE_WIDTH * SABLE_TILE_WIDTH
                    : w * 4;
    uint32_t rows = tiled ? (h + SABLE_TILE_HEIGHT - 1) / SABLE_TILE_HEIGHT * SABLE_TILE_HEIGHT
                          : h;
    p.size = (uint64_t)p.pitch * rows;
    p.flags |= tiled ? SABLE_ALLOC_F_TILE_Y : 0;
    p.segment = tiled ? SABLE_SEGMENT_VRAM : SABLE_SEGMENT_APERTURE;
    return p;
}

static uint64_t device_features(WsSim *sim)
{
    struct sable_umd_private priv;
    g_assert_cmphex((uint32_t)ws_kmt_query_umd_private(sim, &priv, sizeof(priv)), ==, 0);
    return priv.device_features;
}

static WsKmtAllocation *create(WsKmtDevice *d, struct sable_alloc_private p)
{
    WsKmtAllocation *a;
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a), ==, 0);
    return a;
}

/* Byte offset of (xb, y) in the allocation's own layout. */
static uint64_t at(const struct sable_alloc_private *p, uint32_t xb, uint32_t y)
{
    return (p->flags & SABLE_ALLOC_F_TILE_Y) ? sable_tile_y_offset(p->pitch, xb, y)
                                             : (uint64_t)y * p->pitch + xb;
}

static void fill(WsKmtDevice *d, WsKmtAllocation *a, const struct sable_alloc_private *p)
{
    uint8_t *cpu = ws_kmt_lock(d, a);
    for (uint32_t y = 0; y < p->height; y++) {
        for (uint32_t xb = 0; xb < p->width * 4; xb++) {
            cpu[at(p, xb, y)] = pattern(xb, y);
        }
    }
    ws_kmt_unlock(d, a);
}

/* Expected byte b (0..3) of a pixel copied from source pixel (sx, sy);
 * convert: R8G8B8A8 source into a B8G8R8X8 primary. */
static uint8_t expect(uint32_t sx, uint32_t sy, unsigned b, bool convert)
{
    static const unsigned swap_rb[4] = { 2, 1, 0, 3 };
    if (convert && b == 3) {
        return 0xff; /* X written as 0xff */
    }
    return pattern(sx * 4 + (convert ? swap_rb[b] : b), sy);
}

/* The primary holds the source's rect at dst_rect and zero elsewhere. */
static void check_primary(WsKmtDevice *d, WsKmtAllocation *a, const struct sable_alloc_private *p,
                          const RECT *src, const RECT *dst, bool convert)
{
    const uint8_t *cpu = ws_kmt_lock(d, a);
    for (uint32_t y = 0; y < p->height; y++) {
        for (uint32_t x = 0; x < p->width; x++) {
            bool in = (LONG)x >= dst->left && (LONG)x < dst->right && (LONG)y >= dst->top &&
                      (LONG)y < dst->bottom;
            uint32_t sx = x - dst->left + src->left, sy = y - dst->top + src->top;
            for (unsigned b = 0; b < 4; b++) {
                uint8_t want = in ? expect(sx, sy, b, convert) : 0;
                uint8_t got = cpu[(uint64_t)y * p->pitch + x * 4 + b];
                if (got != want) {
                    g_error("primary (%u, %u) byte %u: 0x%02x, want 0x%02x", x, y, b, got, want);
                }
            }
        }
    }
    ws_kmt_unlock(d, a);
}

/* Primaries: accepted linear in a scanout format for source 0, described
 * to VidMm as VRAM only; refused for source 1, TILE_Y, A8, a buffer, and a
 * non-primary naming a source. Under VRAM pressure VidMm evicts the next
 * oldest allocation, never the primary. */
static void test_primary_rules(void)
{
    WsSim *sim = started();
    struct sable_alloc_private p = primary_desc(64, 32, SABLE_FORMAT_B8G8R8X8_UNORM);
    p.segment = SABLE_SEGMENT_APERTURE; /* the KMD overrides the preference */
    DXGK_ALLOCATIONINFO info;
    g_assert_cmphex((uint32_t)create_one(sim, &p, &info), ==, 0);
    g_assert_cmphex(info.SupportedReadSegmentSet, ==, 1u << (SABLE_SEGMENT_VRAM - 1));
    g_assert_cmphex(info.SupportedWriteSegmentSet, ==, 1u << (SABLE_SEGMENT_VRAM - 1));
    g_assert_cmpuint(info.PreferredSegment.SegmentId0, ==, SABLE_SEGMENT_VRAM);
    destroy_one(sim, info.hAllocation);
    struct sable_alloc_private bad[5] = { p, p, p, buffer_desc(4096, 0), surface_desc() };
    bad[0].vidpn_source = 1;
    bad[1].flags |= SABLE_ALLOC_F_TILE_Y;
    bad[1].pitch = 256;
    bad[1].size = 256 * 32;
    bad[2].format = SABLE_FORMAT_A8_UNORM;
    bad[3].flags |= SABLE_ALLOC_F_PRIMARY;
    bad[4].vidpn_source = 1;
    for (unsigned i = 0; i < 5; i++) {
        if (create_one(sim, &bad[i], &info) != STATUS_INVALID_PARAMETER) {
            g_error("bad primary %u accepted", i);
        }
    }
    WsKmtDevice *d = ws_kmt_create_device(sim);
    WsKmtAllocation *primary = create(d, p);
    g_assert_cmpuint(primary->segment, ==, SABLE_SEGMENT_VRAM);
    uint64_t quarter = sim->vidmm.seg[SABLE_SEGMENT_VRAM - 1].Size / 4;
    struct sable_alloc_private q = buffer_desc(quarter, SABLE_SEGMENT_VRAM);
    WsKmtAllocation *b[4];
    for (unsigned i = 0; i < 4; i++) {
        b[i] = create(d, q);
        g_assert_cmpuint(b[i]->segment, ==, SABLE_SEGMENT_VRAM);
    }
    g_assert_cmpuint(sim->vidmm.evictions, ==, 1);
    g_assert_cmpuint(primary->segment, ==, SABLE_SEGMENT_VRAM);
    g_assert_cmpuint(b[0]->segment, ==, SABLE_SEGMENT_APERTURE);
    for (unsigned i = 0; i < 4; i++) {
        ws_kmt_destroy_allocation(d, b[i]);
    }
    ws_kmt_destroy_allocation(d, primary);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* Blt of src_rect of a source into dst_rect of a primary through the
 * thunk, read back byte for byte. */
static void blt_case(uint32_t src_format, bool tiled)
{
    WsSim *sim = started();
    g_assert_cmphex(device_features(sim) & SABLE_FEATURE_TILING, ==, SABLE_FEATURE_TILING);
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private sp = source_desc(64, 48, src_format, tiled);
    struct sable_alloc_private pp = primary_desc(80, 60, SABLE_FORMAT_B8G8R8X8_UNORM);
    WsKmtAllocation *src = create(d, sp), *primary = create(d, pp);
    fill(d, src, &sp);
    WsKmtPresent pr = {
        .src = src, .dst = primary, .src_rect = { 8, 4, 48, 40 }, .dst_rect = { 30, 17, 70, 53 },
    };
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_kmt_present(d, &pr, &fence), ==, 0);
    g_assert_cmpuint(fence, !=, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    check_primary(d, primary, &pp, &pr.src_rect, &pr.dst_rect,
                  src_format == SABLE_FORMAT_R8G8B8A8_UNORM);
    /* a locked source cannot be presented */
    ws_kmt_lock(d, src);
    g_assert_cmphex((uint32_t)ws_kmt_present(d, &pr, &fence), ==,
                    (uint32_t)STATUS_GRAPHICS_CANT_RENDER_LOCKED_ALLOCATION);
    ws_kmt_unlock(d, src);
    ws_kmt_destroy_allocation(d, src);
    ws_kmt_destroy_allocation(d, primary);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

static void test_blt_linear(void)
{
    blt_case(SABLE_FORMAT_B8G8R8X8_UNORM, false);
}

static void test_blt_tiled(void)
{
    blt_case(SABLE_FORMAT_B8G8R8X8_UNORM, true);
}

static void test_blt_convert(void)
{
    blt_case(SABLE_FORMAT_R8G8B8A8_UNORM, false);
}

/* DxgkDdiPresent called directly, as dxgkrnl would. */
typedef struct Direct {
    WsSim *sim;
    Ctx c;
    DXGK_ALLOCATIONINFO src, dst, buf;
    DXGK_ALLOCATIONLIST list[3];
    uint8_t dma[256];
    D3DDDI_PATCHLOCATIONLIST out[8];
    DXGKARG_PRESENT p;
} Direct;

static void direct_open(Direct *t)
{
    memset(t, 0, sizeof(*t));
    t->sim = started();
    open_contexts(t->sim, &t->c);
    struct sable_alloc_private s = source_desc(64, 48, SABLE_FORMAT_B8G8R8A8_UNORM, false);
    struct sable_alloc_private d = primary_desc(80, 60, SABLE_FORMAT_B8G8R8A8_UNORM);
    struct sable_alloc_private b = buffer_desc(4096, 0);
    g_assert_cmphex((uint32_t)create_one(t->sim, &s, &t->src), ==, 0);
    g_assert_cmphex((uint32_t)create_one(t->sim, &d, &t->dst), ==, 0);
    g_assert_cmphex((uint32_t)create_one(t->sim, &b, &t->buf), ==, 0);
}

/* A Blt of the whole source to (16, 12), the list not pre-patched. */
static DXGKARG_PRESENT *direct_args(Direct *t)
{
    memset(t->list, 0, sizeof(t->list));
    t->list[DXGK_PRESENT_SOURCE_INDEX].hDeviceSpecificAllocation = t->src.hAllocation;
    t->list[DXGK_PRESENT_DESTINATION_INDEX].hDeviceSpecificAllocation = t->dst.hAllocation;
    memset(&t->p, 0, sizeof(t->p));
    t->p.pDmaBuffer = t->dma;
    t->p.DmaSize = sizeof(t->dma);
    t->p.pAllocationList = t->list;
    t->p.pPatchLocationListOut = t->out;
    t->p.PatchLocationListOutSize = 8;
    t->p.Flags.Blt = 1;
    t->p.SrcRect = (RECT){ 0, 0, 64, 48 };
    t->p.DstRect = (RECT){ 16, 12, 80, 60 };
    return &t->p;
}

static NTSTATUS direct_call(Direct *t)
{
    return t->sim->init.DxgkDdiPresent(t->c.context[SABLE_NODE_GRAPHICS], &t->p);
}

static void direct_close(Direct *t)
{
    destroy_one(t->sim, t->src.hAllocation);
    destroy_one(t->sim, t->dst.hAllocation);
    destroy_one(t->sim, t->buf.hAllocation);
    close_contexts(t->sim, &t->c);
    ws_sim_free(t->sim);
}

/* Each malformed present gets its status and writes nothing. */
static void test_present_validation(void)
{
    Direct t;
    direct_open(&t);
    static const struct {
        const char *what;
        uint32_t status;
    } cases[] = {
        { "no source", (uint32_t)STATUS_INVALID_HANDLE },
        { "no destination", (uint32_t)STATUS_INVALID_HANDLE },
        { "source a buffer", (uint32_t)STATUS_INVALID_PARAMETER },
        { "inverted rect", (uint32_t)STATUS_INVALID_PARAMETER },
        { "negative rect", (uint32_t)STATUS_INVALID_PARAMETER },
        { "src rect past the source", (uint32_t)STATUS_PRIVILEGED_INSTRUCTION },
        { "dst rect past the primary", (uint32_t)STATUS_PRIVILEGED_INSTRUCTION },
        { "stretch", (uint32_t)STATUS_ILLEGAL_INSTRUCTION },
        { "color fill", (uint32_t)STATUS_ILLEGAL_INSTRUCTION },
        { "blt + rotate", (uint32_t)STATUS_ILLEGAL_INSTRUCTION },
        { "sub-rect outside DstRect", (uint32_t)STATUS_INVALID_PARAMETER },
        { "sub-rects missing", (uint32_t)STATUS_INVALID_PARAMETER },
        { "multipass past the end", (uint32_t)STATUS_INVALID_PARAMETER },
        { "no DMA buffer", (uint32_t)STATUS_INVALID_PARAMETER },
    };
    static const RECT outside = { 10, 10, 90, 20 };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        DXGKARG_PRESENT *p = direct_args(&t);
        switch (i) {
        case 0: t.list[DXGK_PRESENT_SOURCE_INDEX].hDeviceSpecificAllocation = NULL; break;
        case 1: t.list[DXGK_PRESENT_DESTINATION_INDEX].hDeviceSpecificAllocation = NULL; break;
        case 2: t.list[DXGK_PRESENT_SOURCE_INDEX].hDeviceSpecificAllocation = t.buf.hAllocation;
                break;
        case 3: p->SrcRect = (RECT){ 10, 0, 5, 48 }; break;
        case 4: p->SrcRect = (RECT){ -1, 0, 63, 48 }; p->DstRect = (RECT){ 0, 0, 64, 48 }; break;
        case 5: p->SrcRect = (RECT){ 1, 0, 65, 48 }; break;
        case 6: p->DstRect = (RECT){ 17, 12, 81, 60 }; break;
        case 7: p->DstRect = (RECT){ 0, 0, 80, 60 }; break;
        case 8: p->Flags.Blt = 0; p->Flags.ColorFill = 1; break;
        case 9: p->Flags.Rotate = 1; break;
        case 10: p->SubRectCnt = 1; p->pDstSubRects = &outside; break;
        case 11: p->SubRectCnt = 2; break;
        case 12: p->MultipassOffset = 2; break;
        default: p->pDmaBuffer = NULL; break;
        }
        uint32_t st = (uint32_t)direct_call(&t);
        if (st != cases[i].status) {
            g_error("%s: 0x%08x, want 0x%08x", cases[i].what, st, cases[i].status);
        }
        if (i != 13) {
            g_assert_true(p->pDmaBuffer == (void *)t.dma);
            g_assert_true(p->pPatchLocationListOut == t.out);
        }
    }
    direct_close(&t);
}

/* Three sub-rectangles into a DMA buffer with room for two packets: the
 * first call writes two, says INSUFFICIENT_DMA_BUFFER with MultipassOffset
 * 2, the second writes the third. Packets and patch locations as the
 * contract says: COPY_2D (same format) or BLIT_2D, addresses 0 or the
 * pre-patched ones, locations naming allocation 1 and 2 at src.addr and
 * dst.addr. */
static void test_present_multipass(void)
{
    Direct t;
    direct_open(&t);
    static const RECT subs[3] = { { 16, 12, 20, 14 }, { 40, 20, 80, 60 }, { 16, 59, 80, 60 } };
    DXGKARG_PRESENT *p = direct_args(&t);
    p->SubRectCnt = 3;
    p->pDstSubRects = subs;
    p->DmaSize = 2 * sizeof(struct sable_cmd_blit_2d) + 40;
    t.list[DXGK_PRESENT_DESTINATION_INDEX].SegmentId = SABLE_SEGMENT_VRAM;
    t.list[DXGK_PRESENT_DESTINATION_INDEX].PhysicalAddress.QuadPart = 0x123000;
    g_assert_cmphex((uint32_t)direct_call(&t), ==,
                    (uint32_t)STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER);
    g_assert_cmpuint(p->MultipassOffset, ==, 2);
    g_assert_true((uint8_t *)p->pDmaBuffer == t.dma + 2 * sizeof(struct sable_cmd_blit_2d));
    g_assert_true(p->pPatchLocationListOut == t.out + 4);
    bool tiling = (device_features(t.sim) & SABLE_FEATURE_TILING) != 0;
    for (unsigned k = 0; k < 2; k++) {
        struct sable_cmd_blit_2d pkt;
        uint32_t off = k * (uint32_t)sizeof(pkt);
        memcpy(&pkt, t.dma + off, sizeof(pkt));
        g_assert_cmpuint(SABLE_CMD_OPCODE(pkt.header), ==,
                         tiling ? SABLE_OP_COPY_2D : SABLE_OP_BLIT_2D);
        g_assert_cmphex(pkt.src.addr, ==, 0);
        g_assert_cmphex(pkt.dst.addr, ==, 0x123000);
        g_assert_cmpuint(pkt.dst_x, ==, (uint32_t)subs[k].left);
        g_assert_cmpuint(pkt.src_rect.x, ==, (uint32_t)subs[k].left - 16);
        g_assert_cmpuint(pkt.src_rect.y, ==, (uint32_t)subs[k].top - 12);
        g_assert_cmpuint(pkt.src_rect.w, ==, (uint32_t)(subs[k].right - subs[k].left));
        g_assert_cmpuint(t.out[2 * k].AllocationIndex, ==, DXGK_PRESENT_SOURCE_INDEX);
        g_assert_cmpuint(t.out[2 * k].PatchOffset, ==,
                         off + offsetof(struct sable_cmd_blit_2d, src.addr));
        g_assert_cmpuint(t.out[2 * k + 1].AllocationIndex, ==, DXGK_PRESENT_DESTINATION_INDEX);
        g_assert_cmpuint(t.out[2 * k + 1].PatchOffset, ==,
                         off + offsetof(struct sable_cmd_blit_2d, dst.addr));
    }
    p->pDmaBuffer = t.dma;
    p->pPatchLocationListOut = t.out;
    g_assert_cmphex((uint32_t)direct_call(&t), ==, 0);
    g_assert_cmpuint(p->MultipassOffset, ==, 3);
    g_assert_true((uint8_t *)p->pDmaBuffer == t.dma + sizeof(struct sable_cmd_blit_2d));
    g_assert_true(p->pPatchLocationListOut == t.out + 2);
    direct_close(&t);
}

/* A hang on the graphics engine puts the device's context in error: its
 * present is refused with STATUS_DEVICE_REMOVED and reaches no DDI; a new
 * device presents, byte-exact. */
static void test_present_after_tdr(void)
{
    WsSim *sim = started();
    WsKmtDevice *guilty = ws_kmt_create_device(sim);
    struct sable_alloc_private sp = source_desc(64, 48, SABLE_FORMAT_B8G8R8X8_UNORM, false);
    struct sable_alloc_private pp = primary_desc(64, 48, SABLE_FORMAT_B8G8R8X8_UNORM);
    WsKmtAllocation *src = create(guilty, sp), *primary = create(guilty, pp);
    fill(guilty, src, &sp);
    inject_ok(sim, "hang,engine=0");
    Cmd c = { .len = 0 };
    cmd_write32(&c, 0, 1);
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_kmt_render(guilty, SABLE_NODE_GRAPHICS, c.buf, c.len, &src, 1,
                                            c.patch, c.npatch, &fence), ==, 0);
    g_assert_false(ws_kmt_wait(guilty, SABLE_NODE_GRAPHICS, fence));
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    fill(guilty, src, &sp); /* the hung write may have landed: restore */
    WsKmtPresent pr = {
        .src = src, .dst = primary, .src_rect = { 0, 0, 64, 48 }, .dst_rect = { 0, 0, 64, 48 },
    };
    unsigned submits = sim->vidmm.render_submits;
    g_assert_cmphex((uint32_t)ws_kmt_present(guilty, &pr, &fence), ==,
                    (uint32_t)STATUS_DEVICE_REMOVED);
    g_assert_cmpuint(sim->vidmm.render_submits, ==, submits);
    WsKmtDevice *d = ws_kmt_create_device(sim);
    g_assert_cmphex((uint32_t)ws_kmt_present(d, &pr, &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    check_primary(d, primary, &pp, &pr.src_rect, &pr.dst_rect, false);
    ws_kmt_destroy_allocation(d, src);
    ws_kmt_destroy_allocation(d, primary);
    ws_kmt_destroy_device(d);
    ws_kmt_destroy_device(guilty);
    ws_sim_free(sim);
}

/* ---- the display ------------------------------------------------------------ */

static uint32_t reg(WsSim *sim, uint32_t off)
{
    return sim->t->ops->mmio_read(sim->t, off);
}

/* A started adapter with the display brought up. */
static WsSim *display_started(void)
{
    WsSim *sim = started();
    g_assert_cmpuint(sim->display.sources, ==, 1);
    g_assert_cmpuint(sim->display.children, ==, 1);
    g_assert_cmphex((uint32_t)ws_display_start(sim), ==, 0);
    return sim;
}

/* The child and its EDID: a polled video output, connected; a base block
 * with the right header and checksum, vendor SBL, product 0x5ab1, the
 * preferred timing 1024x768 (DMT: 65 MHz, 1344 x 806), the established
 * 640x480, 800x600 and 1024x768 at 60 Hz, no extension; partial reads
 * stay inside their length; past the block there is no more data. */
static void test_children_edid(void)
{
    WsSim *sim = started();
    DXGK_CHILD_DESCRIPTOR rel[2];
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryChildRelations(sim->adapter, rel,
                                                                   sizeof(rel[0])), ==,
                    (uint32_t)STATUS_BUFFER_TOO_SMALL);
    g_assert_cmphex((uint32_t)ws_display_start(sim), ==, 0);
    g_assert_cmpuint(sim->display.child.ChildDeviceType, ==, TypeVideoOutput);
    g_assert_cmpuint(sim->display.child.ChildCapabilities.HpdAwareness, ==, HpdAwarenessPolled);
    DXGK_CHILD_STATUS cs = { .Type = StatusRotation, .ChildUid = 0 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryChildStatus(sim->adapter, &cs, TRUE), ==,
                    (uint32_t)STATUS_NOT_SUPPORTED);
    cs = (DXGK_CHILD_STATUS){ .Type = StatusConnection, .ChildUid = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryChildStatus(sim->adapter, &cs, TRUE), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    WsEdid e = ws_edid_decode(sim->display.edid);
    g_assert_true(e.valid);
    g_assert_cmpstr(e.vendor, ==, "SBL");
    g_assert_cmphex(e.product, ==, 0x5ab1);
    g_assert_cmpuint(e.pref_width, ==, 1024);
    g_assert_cmpuint(e.pref_height, ==, 768);
    g_assert_cmpuint(e.pref_pixel_khz, ==, 65000);
    g_assert_cmpuint(e.pref_htotal, ==, 1344);
    g_assert_cmpuint(e.pref_vtotal, ==, 806);
    g_assert_true(e.est_640x480 && e.est_800x600 && e.est_1024x768);
    g_assert_cmpuint(e.extensions, ==, 0);
    g_assert_cmphex(sim->display.edid[75], ==, 0xfc); /* second descriptor: the name */
    g_assert_cmpmem(sim->display.edid + 77, 8, "Sable\n  ", 8);
    uint8_t part[16];
    memset(part, 0xa5, sizeof(part));
    DXGK_DEVICE_DESCRIPTOR dd = { .DescriptorOffset = 8, .DescriptorLength = 10,
                                  .DescriptorBuffer = part };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryDeviceDescriptor(sim->adapter, 0, &dd), ==, 0);
    g_assert_cmpmem(part, 10, sim->display.edid + 8, 10);
    g_assert_cmphex(part[10], ==, 0xa5);
    dd.DescriptorOffset = WS_EDID_SIZE;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryDeviceDescriptor(sim->adapter, 0, &dd), ==,
                    (uint32_t)STATUS_MONITOR_NO_MORE_DESCRIPTOR_DATA);
    ws_sim_free(sim);
}

static WsMode source_mode(UINT id, UINT w, UINT h, UINT d3dfmt)
{
    WsMode m;
    memset(&m, 0, sizeof(m));
    m.src.Id = id;
    m.src.Type = D3DKMDT_RMT_GRAPHICS;
    m.src.Format.Graphics.PrimSurfSize = (D3DKMDT_2DREGION){ w, h };
    m.src.Format.Graphics.VisibleRegionSize = (D3DKMDT_2DREGION){ w, h };
    m.src.Format.Graphics.PixelFormat = d3dfmt;
    return m;
}

static WsMode target_mode(UINT id, UINT w, UINT h, UINT hz)
{
    WsMode m;
    memset(&m, 0, sizeof(m));
    m.tgt.Id = id;
    m.tgt.VideoSignalInfo.ActiveSize = (D3DKMDT_2DREGION){ w, h };
    m.tgt.VideoSignalInfo.VSyncFreq = (D3DDDI_RATIONAL){ hz, 1 };
    return m;
}

static void pin_source(WsVidPn *v, WsMode m)
{
    ws_vidpn_pin(v->source_set, ws_vidpn_add_mode(v->source_set, &m));
}

static void pin_target(WsVidPn *v, WsMode m)
{
    ws_vidpn_pin(v->target_set, ws_vidpn_add_mode(v->target_set, &m));
}

/* RecommendFunctionalVidPn: the path 0 -> 0 with 1024x768 X8R8G8B8 and
 * 1024x768 at 60 Hz (preferred) pinned. EnumVidPnCofuncModality: with
 * nothing pinned every monitor mode on both ends and identity-only
 * scaling/rotation support; with the target pinned at 800x600 the source
 * set holds 800x600 only; the pivot's own set is left alone. */
static void test_vidpn_recommend_cofunc(void)
{
    WsSim *sim = started();
    WsVidPn *v = ws_vidpn_new(sim);
    g_assert_cmphex((uint32_t)ws_display_recommend(sim, v), ==, 0);
    g_assert_true(v->has_path);
    g_assert_cmpuint(v->path.VidPnSourceId, ==, 0);
    g_assert_cmpuint(v->path.VidPnTargetId, ==, 0);
    const WsMode *s = ws_vidpn_pinned(v->source_set), *t = ws_vidpn_pinned(v->target_set);
    g_assert_nonnull(s);
    g_assert_nonnull(t);
    g_assert_cmpuint(s->src.Format.Graphics.PrimSurfSize.cx, ==, 1024);
    g_assert_cmpuint(s->src.Format.Graphics.PrimSurfSize.cy, ==, 768);
    g_assert_cmpuint(s->src.Format.Graphics.PixelFormat, ==, 22);
    g_assert_cmpuint(t->tgt.VideoSignalInfo.ActiveSize.cx, ==, 1024);
    g_assert_cmpuint(t->tgt.VideoSignalInfo.VSyncFreq.Numerator, ==, 60);
    g_assert_cmpuint(t->tgt.Preference, ==, D3DKMDT_MP_PREFERRED);
    ws_vidpn_free(v);

    v = ws_vidpn_new(sim);
    ws_vidpn_set_path(v, D3DKMDT_VPPS_UNPINNED, D3DKMDT_VPPR_UNPINNED);
    g_assert_cmphex((uint32_t)ws_display_cofunc(sim, v, D3DKMDT_EPT_NOPIVOT), ==, 0);
    g_assert_cmpuint(v->source_set->count, ==, 3);
    g_assert_cmpuint(v->target_set->count, ==, 3);
    g_assert_cmpuint(v->path.ContentTransformation.ScalingSupport.Identity, ==, 1);
    g_assert_cmpuint(v->path.ContentTransformation.ScalingSupport.Stretched, ==, 0);
    g_assert_cmpuint(v->path.ContentTransformation.RotationSupport.Identity, ==, 1);
    ws_vidpn_free(v);

    v = ws_vidpn_new(sim);
    ws_vidpn_set_path(v, D3DKMDT_VPPS_IDENTITY, D3DKMDT_VPPR_IDENTITY);
    pin_target(v, target_mode(500, 800, 600, 60));
    g_assert_cmphex((uint32_t)ws_display_cofunc(sim, v, D3DKMDT_EPT_VIDPNTARGET), ==, 0);
    g_assert_cmpuint(v->source_set->count, ==, 1);
    g_assert_cmpuint(v->source_set->mode[0].src.Format.Graphics.PrimSurfSize.cx, ==, 800);
    g_assert_cmpuint(v->target_set->count, ==, 1);
    ws_vidpn_free(v);
    ws_sim_free(sim);
}

/* Supported: the empty VidPN, the path with our pinned modes. Refused
 * (and not committed): a mode the monitor lacks, another pixel format,
 * a partial visible region, 75 Hz, source and target of different sizes,
 * stretching, rotation. */
static void test_vidpn_refused(void)
{
    WsSim *sim = started();
    enum { GOOD, EMPTY, ODD_SIZE, FORMAT, VISIBLE, HZ, MISMATCH, STRETCH, ROTATE, CASES };
    for (int c = GOOD; c < CASES; c++) {
        WsVidPn *v = ws_vidpn_new(sim);
        WsMode src = source_mode(1, 1024, 768, 22);
        if (c != EMPTY) {
            ws_vidpn_set_path(v, c == STRETCH ? D3DKMDT_VPPS_STRETCHED : D3DKMDT_VPPS_IDENTITY,
                              c == ROTATE ? D3DKMDT_VPPR_ROTATE90 : D3DKMDT_VPPR_IDENTITY);
            src = c == ODD_SIZE ? source_mode(1, 1000, 700, 22)
                  : c == FORMAT ? source_mode(1, 1024, 768, 21) : src;
            src.src.Format.Graphics.VisibleRegionSize.cx -= c == VISIBLE ? 16 : 0;
            pin_source(v, src);
            pin_target(v, target_mode(2, c == MISMATCH ? 800 : 1024, c == MISMATCH ? 600 : 768,
                                      c == HZ ? 75 : 60));
        }
        bool ok = false;
        g_assert_cmphex((uint32_t)ws_display_is_supported(sim, v, &ok), ==, 0);
        if (ok != (c == GOOD || c == EMPTY)) {
            g_error("VidPN case %d: supported %d", c, ok);
        }
        if (!ok) {
            g_assert_cmphex((uint32_t)ws_display_commit(sim, v, NULL), ==,
                            (uint32_t)STATUS_GRAPHICS_INVALID_VIDPN);
        }
        ws_vidpn_free(v);
    }
    ws_sim_free(sim);
}

/* The bring-up commits 1024x768 and programs the scanout with the
 * primary; visibility off disables it and on enables it again; a
 * SetVidPnSourceAddress of a non-primary, of a primary smaller than the
 * mode or of source 1, and a commit with such a primary, are refused and
 * change nothing. */
static void test_commit_scanout(void)
{
    WsSim *sim = display_started();
    WsKmtAllocation *primary = ws_display_primary(sim, 0);
    g_assert_nonnull(primary);
    g_assert_cmpuint(primary->segment, ==, SABLE_SEGMENT_VRAM);
    UINT w = 0, h = 0;
    uint32_t format = 0;
    g_assert_true(ws_display_mode(sim, 0, &w, &h, &format));
    g_assert_cmpuint(w, ==, 1024);
    g_assert_cmpuint(h, ==, 768);
    g_assert_cmpuint(format, ==, SABLE_FORMAT_B8G8R8X8_UNORM);
    g_assert_false(ws_display_mode(sim, 1, &w, &h, &format));
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_STATUS), ==, SABLE_SCANOUT_STATUS_ENABLED);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_ADDR_LO), ==, (uint32_t)primary->gpu);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_WIDTH), ==, 1024);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_HEIGHT), ==, 768);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_PITCH), ==, 4096);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_FORMAT), ==, SABLE_FORMAT_B8G8R8X8_UNORM);
    g_assert_cmphex((uint32_t)ws_display_set_visible(sim, false), ==, 0);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_STATUS), ==, 0);
    g_assert_cmphex((uint32_t)ws_display_set_visible(sim, true), ==, 0);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_STATUS), ==, SABLE_SCANOUT_STATUS_ENABLED);

    WsKmtAllocation *small = create(sim->display.device,
                                    primary_desc(640, 480, SABLE_FORMAT_B8G8R8X8_UNORM));
    WsKmtAllocation *plain = create(sim->display.device, surface_desc());
    g_assert_cmphex((uint32_t)ws_display_set_address(sim, plain), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmphex((uint32_t)ws_display_set_address(sim, small), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER); /* 640x480 < the 1024x768 mode */
    WsVidPn *v = ws_vidpn_new(sim);
    g_assert_cmphex((uint32_t)ws_display_recommend(sim, v), ==, 0);
    g_assert_cmphex((uint32_t)ws_display_commit(sim, v, small), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER); /* a primary smaller than the mode */
    g_assert_cmphex((uint32_t)ws_display_commit(sim, v, plain), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    ws_vidpn_free(v);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_STATUS), ==, SABLE_SCANOUT_STATUS_ENABLED);
    DXGKARG_SETVIDPNSOURCEADDRESS a = { .VidPnSourceId = 1, .hAllocation = primary->handle };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiSetVidPnSourceAddress(sim->adapter, &a), ==,
                    (uint32_t)STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_ADDR_LO), ==, (uint32_t)primary->gpu);
    ws_kmt_destroy_allocation(sim->display.device, small);
    ws_kmt_destroy_allocation(sim->display.device, plain);
    ws_sim_free(sim);
}

/* A mode change as dxgkrnl makes it: a VidPN with 800x600 pinned at both
 * ends is supported, committed with an 800x600 primary, and the scanout
 * shows 800x600 from that primary's address; then back to 1024x768. */
static void test_mode_change(void)
{
    WsSim *sim = display_started();
    WsKmtAllocation *big = ws_display_primary(sim, 0);
    WsKmtAllocation *p8 = create(sim->display.device,
                                 primary_desc(800, 600, SABLE_FORMAT_B8G8R8X8_UNORM));
    WsVidPn *v = ws_vidpn_new(sim);
    ws_vidpn_set_path(v, D3DKMDT_VPPS_IDENTITY, D3DKMDT_VPPR_IDENTITY);
    pin_source(v, source_mode(1, 800, 600, 22));
    pin_target(v, target_mode(2, 800, 600, 60));
    bool ok = false;
    g_assert_cmphex((uint32_t)ws_display_is_supported(sim, v, &ok), ==, 0);
    g_assert_true(ok);
    g_assert_cmphex((uint32_t)ws_display_commit(sim, v, p8), ==, 0);
    ws_vidpn_free(v);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_CONTROL), ==, 0); /* until the address */
    g_assert_cmphex((uint32_t)ws_display_set_address(sim, p8), ==, 0);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_STATUS), ==, SABLE_SCANOUT_STATUS_ENABLED);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_WIDTH), ==, 800);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_HEIGHT), ==, 600);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_ADDR_LO), ==, (uint32_t)p8->gpu);
    UINT w = 0, h = 0;
    uint32_t format = 0;
    g_assert_true(ws_display_mode(sim, 0, &w, &h, &format));
    g_assert_cmpuint(w, ==, 800);
    g_autofree uint8_t *rgb = NULL;
    g_assert_true(ws_display_capture(sim, &rgb, &w, &h));
    g_assert_cmpuint(w, ==, 800);
    g_assert_cmpuint(h, ==, 600);
    v = ws_vidpn_new(sim);
    g_assert_cmphex((uint32_t)ws_display_recommend(sim, v), ==, 0);
    g_assert_cmphex((uint32_t)ws_display_commit(sim, v, big), ==, 0);
    ws_vidpn_free(v);
    g_assert_cmphex((uint32_t)ws_display_set_address(sim, big), ==, 0);
    g_assert_cmpuint(reg(sim, SABLE_REG_SCANOUT_WIDTH), ==, 1024);
    ws_kmt_destroy_allocation(sim->display.device, p8);
    ws_sim_free(sim);
}

/* CRTC_VSYNC: none while disabled; about 60 per second of device time
 * once enabled, each with the primary's address; none after disabling;
 * other interrupt types are not implemented. */
static void test_vsync(void)
{
    WsSim *sim = display_started();
    ws_display_idle(sim, 50000000ull);
    g_assert_cmpuint(sim->display.vsyncs, ==, 0);
    g_assert_cmphex((uint32_t)ws_display_vsync(sim, true), ==, 0);
    ws_display_idle(sim, 100000000ull);
    g_assert_cmpuint(sim->display.vsyncs, >=, 5);
    g_assert_cmpuint(sim->display.vsyncs, <=, 7);
    g_assert_cmphex(sim->display.vsync_address, ==, ws_display_primary(sim, 0)->gpu);
    g_assert_cmphex((uint32_t)ws_display_vsync(sim, false), ==, 0);
    unsigned seen = sim->display.vsyncs;
    ws_display_idle(sim, 100000000ull);
    g_assert_cmpuint(sim->display.vsyncs, ==, seen);
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiControlInterrupt(
                        sim->adapter, DXGK_INTERRUPT_DMA_PREEMPTED, TRUE), ==,
                    (uint32_t)STATUS_NOT_IMPLEMENTED);
    ws_sim_free(sim);
}

/* A Blt present of a 64x48 source at (100, 50) of the primary. */
static WsKmtAllocation *present_frame(WsSim *sim, WsKmtDevice *d, struct sable_alloc_private *sp)
{
    *sp = source_desc(64, 48, SABLE_FORMAT_B8G8R8X8_UNORM, false);
    WsKmtAllocation *src = create(d, *sp);
    fill(d, src, sp);
    WsKmtPresent pr = {
        .src = src, .dst = ws_display_primary(sim, 0), .src_rect = { 0, 0, 64, 48 },
        .dst_rect = { 100, 50, 164, 98 },
    };
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_kmt_present(d, &pr, &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    return src;
}

/* The captured frame: 1024x768, the presented pixels at (100, 50) as RGB,
 * black elsewhere. */
static void check_capture(WsSim *sim)
{
    g_autofree uint8_t *rgb = NULL;
    UINT w = 0, h = 0;
    g_assert_true(ws_display_capture(sim, &rgb, &w, &h));
    g_assert_cmpuint(w, ==, 1024);
    g_assert_cmpuint(h, ==, 768);
    for (UINT y = 0; y < h; y++) {
        for (UINT x = 0; x < w; x++) {
            bool in = x >= 100 && x < 164 && y >= 50 && y < 98;
            const uint8_t *p = rgb + ((gsize)y * w + x) * 3;
            for (unsigned c = 0; c < 3; c++) {
                uint8_t want = in ? pattern((x - 100) * 4 + 2 - c, y - 50) : 0;
                if (p[c] != want) {
                    g_error("capture (%u, %u) channel %u: 0x%02x, want 0x%02x", x, y, c,
                            p[c], want);
                }
            }
        }
    }
}

/* Present, then what the display shows (screendump with QEMU). */
static void test_capture_present(void)
{
    WsSim *sim = display_started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private sp;
    WsKmtAllocation *src = present_frame(sim, d, &sp);
    check_capture(sim);
    ws_kmt_destroy_allocation(d, src);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* A hang whose engine reset fails: the adapter reset disables the
 * scanout, and RestartFromTimeout programs it again as it was (same
 * address, the frame still shows, vsyncs still delivered). */
static void test_scanout_after_adapter_reset(void)
{
    WsSim *sim = display_started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private sp;
    WsKmtAllocation *src = present_frame(sim, d, &sp);
    g_assert_cmphex((uint32_t)ws_display_vsync(sim, true), ==, 0);
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    hang_to_adapter_reset(sim, &c, &m);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_STATUS), ==, SABLE_SCANOUT_STATUS_ENABLED);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_ADDR_LO), ==,
                    (uint32_t)ws_display_primary(sim, 0)->gpu);
    check_capture(sim);
    unsigned seen = sim->display.vsyncs;
    ws_display_idle(sim, 50000000ull);
    g_assert_cmpuint(sim->display.vsyncs, >, seen);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_kmt_destroy_allocation(d, src);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* Flip to a second primary: the DMA buffer is a NOP, and once it retired
 * dxgkrnl's SetVidPnSourceAddress points the scanout at it (register,
 * capture and vsync address all show it); flipping back restores the
 * first. A flip to a non-primary is refused by the KMD, one with a
 * destination by the thunk. */
static void test_flip(void)
{
    WsSim *sim = display_started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private bp = primary_desc(1024, 768, SABLE_FORMAT_B8G8R8X8_UNORM);
    WsKmtAllocation *back = create(d, bp), *front = ws_display_primary(sim, 0);
    fill(d, back, &bp);
    WsKmtPresent pr = { .src = back, .flip = true };
    uint32_t fence = 0;
    unsigned submits = sim->vidmm.render_submits;
    g_assert_cmphex((uint32_t)ws_kmt_present(d, &pr, &fence), ==, 0);
    g_assert_cmpuint(sim->vidmm.render_submits, ==, submits + 1);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    g_assert_cmpuint(sim->display.flips_done, ==, 1);
    g_assert_cmphex(sim->display.address, ==, back->gpu);
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_ADDR_LO), ==, (uint32_t)back->gpu);
    g_autofree uint8_t *rgb = NULL;
    UINT w = 0, h = 0;
    g_assert_true(ws_display_capture(sim, &rgb, &w, &h));
    g_assert_cmpuint(w, ==, 1024);
    for (UINT y = 0; y < h; y += 97) {
        for (UINT x = 0; x < w; x += 13) {
            const uint8_t *px = rgb + ((gsize)y * w + x) * 3;
            g_assert_cmphex(px[0], ==, pattern(x * 4 + 2, y));
            g_assert_cmphex(px[2], ==, pattern(x * 4, y));
        }
    }
    g_assert_cmphex((uint32_t)ws_display_vsync(sim, true), ==, 0);
    ws_display_idle(sim, 40000000ull);
    g_assert_cmphex(sim->display.vsync_address, ==, back->gpu);
    pr.src = front;
    g_assert_cmphex((uint32_t)ws_kmt_present(d, &pr, &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence));
    g_assert_cmphex(reg(sim, SABLE_REG_SCANOUT_ADDR_LO), ==, (uint32_t)front->gpu);
    WsKmtAllocation *plain = create(d, surface_desc());
    pr.src = plain;
    g_assert_cmphex((uint32_t)ws_kmt_present(d, &pr, &fence), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    pr = (WsKmtPresent){ .src = back, .dst = front, .flip = true };
    g_assert_cmphex((uint32_t)ws_kmt_present(d, &pr, &fence), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmpuint(sim->display.flips_done, ==, 2);
    ws_kmt_destroy_allocation(d, plain);
    ws_kmt_destroy_allocation(d, back);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

void stack_add_display_tests(void)
{
    g_test_add_func("/stack/display/primary-rules", test_primary_rules);
    g_test_add_func("/stack/display/present-blt-linear", test_blt_linear);
    g_test_add_func("/stack/display/present-blt-tiled", test_blt_tiled);
    g_test_add_func("/stack/display/present-blt-convert", test_blt_convert);
    g_test_add_func("/stack/display/present-validation", test_present_validation);
    g_test_add_func("/stack/display/present-multipass", test_present_multipass);
    g_test_add_func("/stack/display/present-after-tdr", test_present_after_tdr);
    g_test_add_func("/stack/display/children-edid", test_children_edid);
    g_test_add_func("/stack/display/vidpn-recommend-cofunc", test_vidpn_recommend_cofunc);
    g_test_add_func("/stack/display/vidpn-refused", test_vidpn_refused);
    g_test_add_func("/stack/display/commit-scanout", test_commit_scanout);
    g_test_add_func("/stack/display/mode-change", test_mode_change);
    g_test_add_func("/stack/display/vsync", test_vsync);
    g_test_add_func("/stack/display/capture-present", test_capture_present);
    g_test_add_func("/stack/display/scanout-after-adapter-reset",
                    test_scanout_after_adapter_reset);
    g_test_add_func("/stack/display/flip", test_flip);
}
