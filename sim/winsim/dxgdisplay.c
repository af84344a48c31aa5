/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "dxgdisplay.h"
#include "bugcheck.h"
#include "kmt.h"
#include "vidsch.h"

/* ---- EDID ------------------------------------------------------------------ */

WsEdid ws_edid_decode(const uint8_t e[WS_EDID_SIZE])
{
    static const uint8_t header[8] = { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00 };
    WsEdid d;
    memset(&d, 0, sizeof(d));
    uint8_t sum = 0;
    for (unsigned i = 0; i < WS_EDID_SIZE; i++) {
        sum = (uint8_t)(sum + e[i]);
    }
    d.valid = sum == 0 && memcmp(e, header, sizeof(header)) == 0;
    uint16_t id = (uint16_t)(e[8] << 8 | e[9]);
    d.vendor[0] = (char)('@' + ((id >> 10) & 31));
    d.vendor[1] = (char)('@' + ((id >> 5) & 31));
    d.vendor[2] = (char)('@' + (id & 31));
    d.product = (uint16_t)(e[10] | e[11] << 8);
    d.est_640x480 = (e[35] & 0x20) != 0;
    d.est_800x600 = (e[35] & 0x01) != 0;
    d.est_1024x768 = (e[36] & 0x08) != 0;
    const uint8_t *t = e + 54; /* first descriptor: the preferred timing */
    d.pref_pixel_khz = (uint32_t)(t[0] | t[1] << 8) * 10u;
    d.pref_width = t[2] | (UINT)(t[4] >> 4) << 8;
    d.pref_htotal = d.pref_width + (t[3] | (UINT)(t[4] & 15) << 8);
    d.pref_height = t[5] | (UINT)(t[7] >> 4) << 8;
    d.pref_vtotal = d.pref_height + (t[6] | (UINT)(t[7] & 15) << 8);
    d.extensions = e[126];
    return d;
}

/* ---- children ---------------------------------------------------------------- */

static void query_child(WsSim *sim)
{
    WsDisplay *d = &sim->display;
    DXGK_CHILD_DESCRIPTOR rel[2];
    memset(rel, 0, sizeof(rel));
    NTSTATUS st = sim->init.DxgkDdiQueryChildRelations(sim->adapter, rel, sizeof(rel));
    if (!NT_SUCCESS(st) || rel[0].ChildDeviceType != TypeVideoOutput ||
        rel[1].ChildDeviceType != TypeUninitialized ||
        rel[0].ChildCapabilities.HpdAwareness == HpdAwarenessUninitialized) {
        ws_bugcheck(VIDEO_TDR_ERROR, (uint32_t)st, rel[0].ChildDeviceType,
                    rel[1].ChildDeviceType, 0, "QueryChildRelations: bad child list");
    }
    d->child = rel[0];
}

/* The monitor must be connected and give its EDID, one base block. */
static NTSTATUS query_monitor(WsSim *sim)
{
    WsDisplay *d = &sim->display;
    DXGK_CHILD_STATUS cs = { .Type = StatusConnection, .ChildUid = d->child.ChildUid };
    NTSTATUS st = sim->init.DxgkDdiQueryChildStatus(sim->adapter, &cs, TRUE);
    if (!NT_SUCCESS(st) || !cs.HotPlug.Connected) {
        return NT_SUCCESS(st) ? STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_TARGET : st;
    }
    DXGK_DEVICE_DESCRIPTOR desc = {
        .DescriptorOffset = 0, .DescriptorLength = WS_EDID_SIZE, .DescriptorBuffer = d->edid,
    };
    return sim->init.DxgkDdiQueryDeviceDescriptor(sim->adapter, d->child.ChildUid, &desc);
}

/* ---- VidPN DDIs ---------------------------------------------------------------- */

NTSTATUS ws_display_recommend(WsSim *sim, WsVidPn *v)
{
    DXGKARG_RECOMMENDFUNCTIONALVIDPN a = { .hRecommendedFunctionalVidPn = v };
    NTSTATUS st = sim->init.DxgkDdiRecommendFunctionalVidPn(sim->adapter, &a);
    ws_vidpn_check_released(v, "RecommendFunctionalVidPn");
    return st;
}

NTSTATUS ws_display_is_supported(WsSim *sim, WsVidPn *v, bool *supported)
{
    DXGKARG_ISSUPPORTEDVIDPN a = { .hDesiredVidPn = v, .IsVidPnSupported = 0xcc };
    NTSTATUS st = sim->init.DxgkDdiIsSupportedVidPn(sim->adapter, &a);
    ws_vidpn_check_released(v, "IsSupportedVidPn");
    if (NT_SUCCESS(st) && a.IsVidPnSupported > 1) {
        ws_bugcheck(VIDEO_TDR_ERROR, a.IsVidPnSupported, 0, 0, 0,
                    "IsSupportedVidPn left IsVidPnSupported unset");
    }
    *supported = NT_SUCCESS(st) && a.IsVidPnSupported;
    return st;
}

NTSTATUS ws_display_cofunc(WsSim *sim, WsVidPn *v, D3DKMDT_ENUMCOFUNCMODALITY_PIVOT_TYPE pivot)
{
    DXGKARG_ENUMVIDPNCOFUNCMODALITY a = { .hConstrainingVidPn = v, .EnumPivotType = pivot };
    NTSTATUS st = sim->init.DxgkDdiEnumVidPnCofuncModality(sim->adapter, &a);
    ws_vidpn_check_released(v, "EnumVidPnCofuncModality");
    return st;
}

NTSTATUS ws_display_commit(WsSim *sim, WsVidPn *v, WsKmtAllocation *primary)
{
    return ws_display_commit_source(sim, v, primary, 0);
}

NTSTATUS ws_display_commit_source(WsSim *sim, WsVidPn *v, WsKmtAllocation *primary,
                                  D3DDDI_VIDEO_PRESENT_SOURCE_ID source)
{
    DXGKARG_COMMITVIDPN a = {
        .hFunctionalVidPn = v, .AffectedVidPnSourceId = source,
        .MonitorConnectivityChecks = D3DKMDT_MCC_ENFORCE,
        .hPrimaryAllocation = primary ? primary->handle : NULL,
    };
    NTSTATUS st = sim->init.DxgkDdiCommitVidPn(sim->adapter, &a);
    ws_vidpn_check_released(v, "CommitVidPn");
    if (NT_SUCCESS(st)) {
        const WsMode *m = v->has_path ? ws_vidpn_pinned(v->source_set) : NULL;
        sim->display.width = m ? m->src.Format.Graphics.PrimSurfSize.cx : 0;
        sim->display.height = m ? m->src.Format.Graphics.PrimSurfSize.cy : 0;
    }
    return st;
}

static NTSTATUS set_address(WsSim *sim, WsKmtAllocation *primary, bool flip)
{
    DXGKARG_SETVIDPNSOURCEADDRESS a;
    memset(&a, 0, sizeof(a));
    a.VidPnSourceId = 0;
    a.PrimarySegment = primary->segment;
    a.PrimaryAddress.QuadPart = (LONGLONG)primary->gpu;
    a.hAllocation = primary->handle;
    a.Flags.ModeChange = !flip;
    a.Flags.FlipOnNextVSync = flip;
    NTSTATUS st = sim->init.DxgkDdiSetVidPnSourceAddress(sim->adapter, &a);
    if (NT_SUCCESS(st)) {
        sim->display.address = primary->gpu;
    }
    return st;
}

NTSTATUS ws_display_set_visible(WsSim *sim, bool visible)
{
    DXGKARG_SETVIDPNSOURCEVISIBILITY a = { .VidPnSourceId = 0, .Visible = visible };
    NTSTATUS st = sim->init.DxgkDdiSetVidPnSourceVisibility(sim->adapter, &a);
    if (NT_SUCCESS(st)) {
        sim->display.visible = visible;
    }
    return st;
}

NTSTATUS ws_display_vsync(WsSim *sim, bool enable)
{
    NTSTATUS st = sim->init.DxgkDdiControlInterrupt(sim->adapter, DXGK_INTERRUPT_CRTC_VSYNC,
                                                    enable);
    if (NT_SUCCESS(st)) {
        sim->display.vsync_enabled = enable;
    }
    return st;
}

NTSTATUS ws_display_set_address(WsSim *sim, WsKmtAllocation *primary)
{
    return set_address(sim, primary, false);
}

void ws_display_queue_flip(WsSim *sim, const WsFlip *f)
{
    if (!sim->display.flips) {
        sim->display.flips = g_array_new(FALSE, FALSE, sizeof(WsFlip));
    }
    g_array_append_val(sim->display.flips, *f);
}

void ws_display_flips_retired(WsSim *sim)
{
    GArray *q = sim->display.flips;
    while (q && q->len) {
        const WsFlip *f = &g_array_index(q, WsFlip, 0);
        const WsNode *n = &sim->node[f->node];
        bool dropped = g_hash_table_contains(sim->errored, f->context);
        if (!dropped && (int32_t)(n->retired - ws_follow_fence(n, f->fence)) < 0) {
            return;
        }
        if (!dropped && !NT_SUCCESS(set_address(sim, f->alloc, true))) {
            ws_bugcheck(VIDEO_TDR_ERROR, f->fence, 0, 0, 3,
                        "SetVidPnSourceAddress refused the primary its Present flipped to");
        }
        sim->display.flips_done += !dropped;
        g_array_remove_index(q, 0);
    }
}

/* ---- bring-up ---------------------------------------------------------------------- */

/* The shared primary of the committed mode, as dxgkrnl creates it. */
static NTSTATUS create_primary(WsSim *sim, UINT w, UINT h)
{
    WsDisplay *d = &sim->display;
    D3DKMDT_SHAREDPRIMARYSURFACEDATA spd = {
        .Width = w, .Height = h, .Format = 22 /* D3DDDIFMT_X8R8G8B8 */,
        .RefreshRate = { 60, 1 }, .VidPnSourceId = 0,
    };
    struct sable_alloc_private priv;
    DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA q = {
        .StandardAllocationType = D3DKMDT_STANDARDALLOCATION_SHAREDPRIMARYSURFACE,
        .pCreateSharedPrimarySurfaceData = &spd,
        .pAllocationPrivateDriverData = &priv, .AllocationPrivateDriverDataSize = sizeof(priv),
    };
    NTSTATUS st = sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &q);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    d->device = ws_kmt_create_device(sim);
    return ws_kmt_create_allocation(d->device, &priv, &d->primary);
}

/* Recommended, supported, cofunctional: the VidPN to commit; its pinned
 * source mode gives the primary's size. */
static NTSTATUS functional_vidpn(WsSim *sim, WsVidPn *v)
{
    bool supported = false;
    NTSTATUS st = ws_display_recommend(sim, v);
    st = NT_SUCCESS(st) ? ws_display_is_supported(sim, v, &supported) : st;
    if (NT_SUCCESS(st) && !supported) {
        ws_bugcheck(VIDEO_TDR_ERROR, 0, 0, 0, 1,
                    "the KMD does not support the VidPN it recommended");
    }
    st = NT_SUCCESS(st) ? ws_display_cofunc(sim, v, D3DKMDT_EPT_NOPIVOT) : st;
    if (NT_SUCCESS(st) && (!v->has_path || !ws_vidpn_pinned(v->source_set) ||
                           !ws_vidpn_pinned(v->target_set))) {
        ws_bugcheck(VIDEO_TDR_ERROR, v->has_path, 0, 0, 2,
                    "the recommended VidPN is not functional (path and pinned modes)");
    }
    return st;
}

static NTSTATUS bring_up(WsSim *sim, WsVidPn *v)
{
    NTSTATUS st = functional_vidpn(sim, v);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    const D3DKMDT_GRAPHICS_RENDERING_FORMAT *g =
        &ws_vidpn_pinned(v->source_set)->src.Format.Graphics;
    st = create_primary(sim, g->PrimSurfSize.cx, g->PrimSurfSize.cy);
    st = NT_SUCCESS(st) ? ws_display_commit(sim, v, sim->display.primary) : st;
    st = NT_SUCCESS(st) ? ws_display_set_address(sim, sim->display.primary) : st;
    return NT_SUCCESS(st) ? ws_display_set_visible(sim, true) : st;
}

NTSTATUS ws_display_start(WsSim *sim)
{
    if (!sim->display.children || sim->display.started) {
        return STATUS_NOT_SUPPORTED;
    }
    query_child(sim);
    NTSTATUS st = query_monitor(sim);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    sim->display.started = true; /* from here ws_display_stop cleans up */
    WsVidPn *v = ws_vidpn_new(sim);
    st = bring_up(sim, v);
    ws_vidpn_free(v);
    return st;
}

void ws_display_stop(WsSim *sim)
{
    WsDisplay *d = &sim->display;
    if (!d->started) {
        return;
    }
    if (d->vsync_enabled) {
        g_assert_cmphex((uint32_t)ws_display_vsync(sim, false), ==, 0);
    }
    /* Every source goes dark: D3DDDI_ID_ALL ((UINT)~2); the KMD refuses
     * D3DDDI_ID_UNINITIALIZED ((UINT)~0), which is no source at all. */
    WsVidPn *empty = ws_vidpn_new(sim);
    g_assert_cmphex((uint32_t)ws_display_commit_source(sim, empty, NULL, D3DDDI_ID_UNINITIALIZED),
                    ==, (uint32_t)STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE);
    g_assert_cmphex((uint32_t)ws_display_commit_source(sim, empty, NULL, D3DDDI_ID_ALL), ==, 0);
    ws_vidpn_free(empty);
    if (d->primary) {
        ws_kmt_destroy_allocation(d->device, d->primary);
    }
    if (d->device) {
        ws_kmt_destroy_device(d->device);
    }
    ULONG sources = d->sources, children = d->children;
    if (d->flips) {
        g_array_free(d->flips, TRUE);
    }
    memset(d, 0, sizeof(*d));
    d->sources = sources;
    d->children = children;
}

/* ---- for the runtime and the tests ------------------------------------------------- */

bool ws_display_mode(WsSim *sim, UINT source, UINT *width, UINT *height, uint32_t *format)
{
    const WsDisplay *d = &sim->display;
    if (source >= d->sources || !d->width || !d->primary) {
        return false;
    }
    *width = d->width;
    *height = d->height;
    *format = SABLE_FORMAT_B8G8R8X8_UNORM; /* D3DDDIFMT_X8R8G8B8, the shared primary's */
    return true;
}

WsKmtAllocation *ws_display_primary(WsSim *sim, UINT source)
{
    return source < sim->display.sources ? sim->display.primary : NULL;
}

bool ws_display_capture(WsSim *sim, uint8_t **rgb, UINT *width, UINT *height)
{
    g_autoptr(GError) err = NULL;
    uint32_t w = 0, h = 0;
    bool ok = sim->t->ops->capture(sim->t, rgb, &w, &h, &err);
    g_assert_no_error(err);
    *width = w;
    *height = h;
    return ok;
}

void ws_display_idle(WsSim *sim, uint64_t ns)
{
    const uint64_t step = 1000000ull;
    for (uint64_t done = 0; done < ns; done += step) {
        sim->t->ops->advance(sim->t, step);
        sim->now_ns += step;
        ws_service_interrupts(sim);
    }
}
