/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "kmt.h"
#include "bugcheck.h"
#include "mdl.h"
#include "dxgdisplay.h"
#include "vidmm.h"
#include "vidsch.h"
#include "kmd-report.h"

#define WS_PAGE 4096u

NTSTATUS ws_kmt_query_umd_private(WsSim *sim, void *data, UINT size)
{
    DXGKARG_QUERYADAPTERINFO q = {
        .Type = DXGKQAITYPE_UMDRIVERPRIVATE, .pOutputData = data, .OutputDataSize = size,
    };
    return sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q);
}

WsKmtDevice *ws_kmt_create_device(WsSim *sim)
{
    WsKmtDevice *d = g_new0(WsKmtDevice, 1);
    DXGKARG_CREATEDEVICE cd = { .Flags.Value = 0 };
    d->sim = sim;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateDevice(sim->adapter, &cd), ==, 0);
    d->device = cd.hDevice;
    for (unsigned n = 0; n < sim->nodes; n++) {
        g_assert_cmphex((uint32_t)ws_context_create(sim, d->device, n, false, &d->context[n]),
                        ==, 0);
    }
    return d;
}

void ws_kmt_destroy_device(WsKmtDevice *d)
{
    for (unsigned n = 0; n < d->sim->nodes; n++) {
        g_assert_cmphex((uint32_t)ws_context_destroy(d->sim, d->context[n]), ==, 0);
        /* a TDR's error state dies with the context: a new one at the same
         * address is not in error */
        g_hash_table_remove(d->sim->errored, d->context[n]);
    }
    g_assert_cmphex((uint32_t)d->sim->init.DxgkDdiDestroyDevice(d->device), ==, 0);
    g_free(d);
}

static void clear_vram(WsSim *sim, WsKmtAllocation *a)
{
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_FILL };
    op.Fill.hAllocation = a->handle;
    op.Fill.FillSize = a->size;
    op.Fill.Destination.SegmentId = a->segment;
    op.Fill.Destination.SegmentAddress.QuadPart = (LONGLONG)a->gpu;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
}

static void wait_idle(WsSim *sim)
{
    for (unsigned n = 0; n < sim->nodes; n++) {
        if (sim->node[n].retired != sim->node[n].submitted) {
            ws_wait_fence(sim, n, sim->node[n].submitted);
        }
    }
}

bool ws_kmt_busy(const WsSim *sim, const WsKmtAllocation *a)
{
    for (unsigned n = 0; n < sim->nodes; n++) {
        if (a->last_use[n] &&
            (int32_t)(sim->node[n].retired - ws_follow_fence(&sim->node[n], a->last_use[n])) < 0) {
            return true;
        }
    }
    return false;
}

void ws_kmt_wait_allocation(WsSim *sim, const WsKmtAllocation *a)
{
    for (unsigned n = 0; n < sim->nodes; n++) {
        if (a->last_use[n]) {
            ws_wait_fence(sim, n, a->last_use[n]);
        }
    }
}

/* The submission just made names these allocations. */
static void mark_used(WsKmtAllocation *const *allocs, UINT n, unsigned node, uint32_t fence)
{
    for (UINT i = 0; i < n; i++) {
        if (allocs[i]) {
            allocs[i]->last_use[node] = fence;
        }
    }
}

/* ---- swizzling ranges ---------------------------------------------------- */

static void swz_release(WsSim *sim, WsKmtAllocation *a)
{
    if (!a->swz) {
        return;
    }
    DXGKARG_RELEASESWIZZLINGRANGE rel = {
        .hAllocation = a->handle, .RangeId = (UINT)(a->swz - sim->vidmm.swz),
    };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiReleaseSwizzlingRange(sim->adapter, &rel), ==, 0);
    memset(a->swz, 0, sizeof(*a->swz));
    a->swz = NULL;
    sim->vidmm.swz_releases++;
}

/* Release the least recently used range of an unlocked allocation. */
static bool swz_release_lru(WsSim *sim)
{
    WsSwzRange *best = NULL;
    for (UINT i = 0; i < sim->caps.NumberOfSwizzlingRanges; i++) {
        WsSwzRange *r = &sim->vidmm.swz[i];
        if (r->alloc && !r->alloc->locked && (!best || r->used < best->used)) {
            best = r;
        }
    }
    if (best) {
        swz_release(sim, best->alloc);
    }
    return best != NULL;
}

static WsSwzRange *swz_free(WsSim *sim)
{
    for (UINT i = 0; i < sim->caps.NumberOfSwizzlingRanges; i++) {
        if (!sim->vidmm.swz[i].alloc) {
            return &sim->vidmm.swz[i];
        }
    }
    return NULL;
}

/* The CPU mapping of [pa, pa + len): pages of one of the adapter's
 * memory BARs. */
static uint8_t *range_map(WsSim *sim, PHYSICAL_ADDRESS pa, uint64_t len)
{
    uint8_t *p = ws_bar_ptr(sim, (uint64_t)pa.QuadPart, len);
    if (!p || ((uint64_t)pa.QuadPart & (WS_PAGE - 1))) {
        ws_bugcheck(WS_PAGE_FAULT_IN_NONPAGED_AREA, (uint64_t)pa.QuadPart, len, 0, 0,
                    "CPUTranslatedAddress is not a page range of a memory BAR");
    }
    return p;
}

NTSTATUS ws_kmt_lock_aperture(WsKmtDevice *d, WsKmtAllocation *a, void **cpu)
{
    WsSim *sim = d->sim;
    wait_idle(sim);
    while (!a->swz) {
        WsSwzRange *r = swz_free(sim);
        if (!r) {
            if (!swz_release_lru(sim)) {
                return STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNAVAILABLE;
            }
            continue;
        }
        DXGKARG_ACQUIRESWIZZLINGRANGE q = {
            .hAllocation = a->handle, .RangeId = (UINT)(r - sim->vidmm.swz),
            .SegmentId = a->segment, .RangeSize = (SIZE_T)a->size,
        };
        NTSTATUS st = sim->init.DxgkDdiAcquireSwizzlingRange(sim->adapter, &q);
        if (st == STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNAVAILABLE) {
            sim->vidmm.swz_unavailable++;
            if (!swz_release_lru(sim)) {
                return st;
            }
            continue;
        }
        if (!NT_SUCCESS(st)) {
            return st;
        }
        r->alloc = a;
        r->cpu = range_map(sim, q.CPUTranslatedAddress, a->size);
        a->swz = r;
        sim->vidmm.swz_acquires++;
    }
    a->swz->used = ++sim->vidmm.swz_clock;
    a->locked = true;
    *cpu = a->swz->cpu;
    return STATUS_SUCCESS;
}

void ws_kmt_swizzle_lost(WsSim *sim)
{
    for (unsigned i = 0; i < sim->caps.NumberOfSwizzlingRanges; i++) {
        WsSwzRange *r = &sim->vidmm.swz[i];
        if (r->alloc) {
            r->alloc->swz = NULL;
            sim->vidmm.swz_dropped++;
        }
        memset(r, 0, sizeof(*r));
    }
}

/* Back `a` with fresh system pages mapped into the aperture. */
static bool to_aperture(WsSim *sim, WsKmtAllocation *a)
{
    void *cpu;
    if (!ws_guestmem_alloc(&sim->mem, a->size, &a->bus, &cpu)) {
        return false;
    }
    a->cpu = cpu;
    a->segment = sim->vidmm.aperture_id;
    a->mdl = ws_mdl_new(a->bus, a->size / WS_PAGE);
    a->gpu = ws_aperture_map_alloc(sim, a->handle, a->mdl, a->size / WS_PAGE);
    return true;
}

/* Page an allocation out of its memory segment: TRANSFER its content to
 * system pages (which then back it in the aperture) and free its pages. */
static bool page_out(WsSim *sim, WsKmtAllocation *a)
{
    uint64_t vram = a->gpu;
    wait_idle(sim);
    swz_release(sim, a);
    if (!to_aperture(sim, a)) {
        return false;
    }
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_TRANSFER };
    op.Transfer.hAllocation = a->handle;
    op.Transfer.TransferSize = a->size;
    op.Transfer.Source.SegmentId = a->home;
    op.Transfer.Source.SegmentAddress.QuadPart = (LONGLONG)vram;
    op.Transfer.Destination.pMdl = a->mdl;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    ws_segment_free(sim, a->home, vram, a->size);
    sim->vidmm.evictions++;
    return true;
}

/* Evict the oldest allocation of memory segment `id` that is not locked. */
static bool evict_one(WsSim *sim, UINT id)
{
    GPtrArray *in_vram = sim->vidmm.in_vram;
    for (guint i = 0; i < in_vram->len; i++) {
        WsKmtAllocation *a = g_ptr_array_index(in_vram, i);
        if (a->segment == id && !a->locked && !a->primary && page_out(sim, a)) {
            g_ptr_array_remove_index(in_vram, i);
            return true;
        }
    }
    return false;
}

static bool vram_place(WsSim *sim, WsKmtAllocation *a)
{
    while (!ws_segment_alloc(sim, a->home, a->size, &a->gpu)) {
        if (!evict_one(sim, a->home)) {
            return false;
        }
    }
    a->segment = a->home;
    a->cpu = ws_segment_ptr(sim, a->home, a->gpu, a->size);
    g_ptr_array_add(sim->vidmm.in_vram, a);
    clear_vram(sim, a);
    return true;
}

/* Page an evicted allocation back into VRAM if there is room (no eviction
 * for it: that would only move the pressure). */
static void page_in(WsSim *sim, WsKmtAllocation *a)
{
    uint64_t gpu;
    if (!a->home || a->segment == a->home || a->locked ||
        !ws_segment_alloc(sim, a->home, a->size, &gpu)) {
        return;
    }
    wait_idle(sim);
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_TRANSFER };
    op.Transfer.hAllocation = a->handle;
    op.Transfer.TransferSize = a->size;
    op.Transfer.Source.pMdl = a->mdl;
    op.Transfer.Destination.SegmentId = a->home;
    op.Transfer.Destination.SegmentAddress.QuadPart = (LONGLONG)gpu;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    ws_aperture_unmap_alloc(sim, a->handle, a->gpu, a->size / WS_PAGE);
    ws_mdl_free(a->mdl);
    ws_guestmem_free(&sim->mem, a->bus, a->size);
    a->mdl = NULL;
    a->gpu = gpu;
    a->segment = a->home;
    a->cpu = ws_segment_ptr(sim, a->home, gpu, a->size);
    g_ptr_array_add(sim->vidmm.in_vram, a);
    sim->vidmm.page_ins++;
}

static bool in_set(UINT set, UINT id)
{
    return id >= 1 && id <= 32 && (set >> (id - 1) & 1);
}

/* The memory (non-aperture) segment an allocation lives in when it can:
 * the preferred one if it is such a segment of its write set, with no
 * preference the first such segment of the set; 0: none. */
static UINT home_segment(const WsSim *sim, const DXGK_ALLOCATIONINFO *info)
{
    UINT pref = info->PreferredSegment.SegmentId0, set = info->SupportedWriteSegmentSet;
    for (UINT id = 1; id <= sim->vidmm.out.NbSegment; id++) {
        if ((pref == 0 || pref == id) && in_set(set, id) &&
            !sim->vidmm.seg[id - 1].Flags.Aperture) {
            return id;
        }
    }
    return 0;
}

/* Place the allocation: its memory segment when it has one (evicting older
 * allocations under pressure), else, or when that fails, the aperture if
 * the KMD's segment set allows it (a primary's does not). */
static bool place(WsSim *sim, const DXGK_ALLOCATIONINFO *info, WsKmtAllocation *a)
{
    a->home = home_segment(sim, info);
    return (a->home && vram_place(sim, a)) ||
           (in_set(info->SupportedWriteSegmentSet, sim->vidmm.aperture_id) &&
            to_aperture(sim, a));
}

NTSTATUS ws_kmt_create_allocation(WsKmtDevice *d, const struct sable_alloc_private *p,
                                  WsKmtAllocation **out)
{
    struct sable_alloc_private copy = *p; /* the KMD may write to private data */
    return ws_kmt_create_allocation_data(d, &copy, sizeof(copy), out);
}

NTSTATUS ws_kmt_create_allocation_data(WsKmtDevice *d, void *data, UINT size,
                                       WsKmtAllocation **out)
{
    WsSim *sim = d->sim;
    const struct sable_alloc_private *p = data;
    DXGK_ALLOCATIONINFO info = {
        .pPrivateDriverData = data, .PrivateDriverDataSize = size,
    };
    DXGKARG_CREATEALLOCATION ca = { .NumAllocations = 1, .pAllocationInfo = &info };
    NTSTATUS st = sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    WsKmtAllocation *a = g_new0(WsKmtAllocation, 1);
    a->handle = info.hAllocation;
    a->size = info.Size;
    a->refs = 1;
    /* the runtime's Primary flag, in the shared part of the private data */
    a->primary = size >= sizeof(*p) && (p->flags & SABLE_ALLOC_F_PRIMARY) != 0;
    if (!place(sim, &info, a)) {
        HANDLE h = a->handle;
        DXGKARG_DESTROYALLOCATION da = { .NumAllocations = 1, .pAllocationList = &h };
        sim->init.DxgkDdiDestroyAllocation(sim->adapter, &da);
        g_free(a);
        return STATUS_GRAPHICS_NO_VIDEO_MEMORY;
    }
    *out = a;
    return STATUS_SUCCESS;
}

static void free_allocation(WsSim *sim, WsKmtAllocation *a)
{
    ws_kmt_wait_allocation(sim, a);
    swz_release(sim, a);
    if (a->segment == a->home) {
        g_ptr_array_remove(sim->vidmm.in_vram, a);
        ws_segment_free(sim, a->home, a->gpu, a->size);
    } else {
        ws_aperture_unmap_alloc(sim, a->handle, a->gpu, a->size / WS_PAGE);
        ws_mdl_free(a->mdl);
        ws_guestmem_free(&sim->mem, a->bus, a->size);
    }
    DXGKARG_DESTROYALLOCATION da = { .NumAllocations = 1, .pAllocationList = &a->handle };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyAllocation(sim->adapter, &da), ==, 0);
    if (a->opens) {
        g_array_free(a->opens, TRUE);
    }
    g_free(a);
}

static void release(WsSim *sim, WsKmtAllocation *a)
{
    g_assert_cmpuint(a->refs, >, 0);
    if (--a->refs == 0) {
        free_allocation(sim, a);
    }
}

void ws_kmt_destroy_allocation(WsKmtDevice *d, WsKmtAllocation *a)
{
    release(d->sim, a);
}

NTSTATUS ws_kmt_open_allocation(WsKmtDevice *d, WsKmtAllocation *a,
                                const struct sable_alloc_private *p)
{
    DXGK_OPENALLOCATIONINFO info = {
        .pPrivateDriverData = (void *)p,
        .PrivateDriverDataSize = sizeof(*p),
    };
    DXGKARG_OPENALLOCATION oa = { .NumAllocations = 1, .pOpenAllocation = &info };
    NTSTATUS st = d->sim->init.DxgkDdiOpenAllocation(d->device, &oa);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    if (!a->opens) {
        a->opens = g_array_new(FALSE, FALSE, sizeof(WsKmtOpen));
    }
    WsKmtOpen o = { .device = d, .handle = info.hDeviceSpecificAllocation };
    g_array_append_val(a->opens, o);
    a->refs++;
    return STATUS_SUCCESS;
}

void ws_kmt_close_allocation(WsKmtDevice *d, WsKmtAllocation *a)
{
    for (guint i = 0; a->opens && i < a->opens->len; i++) {
        WsKmtOpen *o = &g_array_index(a->opens, WsKmtOpen, i);
        if (o->device == d) {
            ws_kmt_wait_allocation(d->sim, a); /* nothing may still use the handle */
            DXGKARG_CLOSEALLOCATION ca = { .NumAllocations = 1, .pOpenHandleList = &o->handle };
            g_assert_cmphex((uint32_t)d->sim->init.DxgkDdiCloseAllocation(d->device, &ca), ==, 0);
            g_array_remove_index_fast(a->opens, i);
            release(d->sim, a);
            return;
        }
    }
    g_assert_not_reached(); /* d never opened it: a winsim bug */
}

/* The handle d's allocation lists carry: its own if it opened the
 * allocation, else the creator's. */
static HANDLE device_handle(const WsKmtDevice *d, const WsKmtAllocation *a)
{
    for (guint i = 0; a->opens && i < a->opens->len; i++) {
        const WsKmtOpen *o = &g_array_index(a->opens, WsKmtOpen, i);
        if (o->device == d) {
            return o->handle;
        }
    }
    return a->handle;
}

void *ws_kmt_lock(WsKmtDevice *d, WsKmtAllocation *a)
{
    ws_kmt_wait_allocation(d->sim, a);
    swz_release(d->sim, a); /* its CPU writes reach the surface first */
    a->locked = true;
    return a->cpu;
}

void ws_kmt_unlock(WsKmtDevice *d, WsKmtAllocation *a)
{
    a->locked = false;
}

/* VidMm before a DMA buffer naming `a`: a locked allocation cannot be
 * used; its swizzling range is released (CPU writes flushed) and it is
 * paged back in if it can; then its list element with the residency. */
/* An allocation list entry of d's: the allocation paged in, CPU writes
 * through a swizzling range flushed before the GPU reads. */
static NTSTATUS make_resident(WsKmtDevice *d, WsKmtAllocation *a, DXGK_ALLOCATIONLIST *e)
{
    WsSim *sim = d->sim;
    if (a->locked) {
        return STATUS_GRAPHICS_CANT_RENDER_LOCKED_ALLOCATION;
    }
    swz_release(sim, a);
    page_in(sim, a);
    e->hDeviceSpecificAllocation = device_handle(d, a);
    e->SegmentId = a->segment;
    e->PhysicalAddress.QuadPart = (LONGLONG)a->gpu;
    return STATUS_SUCCESS;
}

NTSTATUS ws_kmt_render(WsKmtDevice *d, unsigned node, const void *cmd, uint32_t len,
                       WsKmtAllocation *const *allocs, UINT nallocs,
                       const D3DDDI_PATCHLOCATIONLIST *patches, UINT npatches,
                       uint32_t *fence)
{
    if (node >= d->sim->nodes ||
        nallocs > ws_context_info(d->sim, d->context[node])->alloc_list_size) {
        return STATUS_INVALID_PARAMETER;
    }
    g_autofree DXGK_ALLOCATIONLIST *list = g_new0(DXGK_ALLOCATIONLIST, MAX(nallocs, 1));
    for (UINT i = 0; i < nallocs; i++) {
        NTSTATUS st = make_resident(d, allocs[i], &list[i]);
        if (!NT_SUCCESS(st)) {
            return st;
        }
    }
    WsRender rd = {
        .context = d->context[node], .node = node, .cmd = cmd, .len = len,
        .allocs = list, .nallocs = nallocs, .patches = patches, .npatches = npatches,
    };
    NTSTATUS st = ws_render(d->sim, &rd);
    *fence = rd.fence;
    if (NT_SUCCESS(st)) {
        mark_used(allocs, nallocs, node, rd.fence);
    }
    return st;
}

NTSTATUS ws_kmt_present(WsKmtDevice *d, const WsKmtPresent *p, uint32_t *fence)
{
    if (!p->src || (!p->flip && !p->dst) || (p->flip && p->dst) ||
        (p->flip && p->vidpn_source >= d->sim->display.sources)) {
        return STATUS_INVALID_PARAMETER;
    }
    DXGK_ALLOCATIONLIST list[DXGK_PRESENT_DESTINATION_INDEX + 1];
    memset(list, 0, sizeof(list));
    NTSTATUS st = make_resident(d, p->src, &list[DXGK_PRESENT_SOURCE_INDEX]);
    if (NT_SUCCESS(st) && p->dst) {
        st = make_resident(d, p->dst, &list[DXGK_PRESENT_DESTINATION_INDEX]);
    }
    if (!NT_SUCCESS(st)) {
        return st;
    }
    DXGKARG_PRESENT args;
    memset(&args, 0, sizeof(args));
    args.Flags.Blt = !p->flip;
    args.Flags.Flip = p->flip;
    args.SrcRect = p->src_rect;
    args.DstRect = p->dst_rect;
    args.FlipInterval = D3DDDI_FLIPINTERVAL_ONE;
    WsRender rd = {
        .context = d->context[SABLE_NODE_GRAPHICS], .node = SABLE_NODE_GRAPHICS,
        .allocs = list, .nallocs = DXGK_PRESENT_DESTINATION_INDEX + 1, .present = &args,
    };
    st = ws_render(d->sim, &rd);
    *fence = rd.fence;
    if (NT_SUCCESS(st)) {
        WsKmtAllocation *const used[2] = { p->src, p->dst };
        mark_used(used, 2, SABLE_NODE_GRAPHICS, rd.fence);
    }
    if (NT_SUCCESS(st) && p->flip) {
        WsFlip f = { rd.context, rd.node, rd.fence, p->src };
        ws_display_queue_flip(d->sim, &f);
    }
    return st;
}

bool ws_kmt_wait(WsKmtDevice *d, unsigned node, uint32_t fence)
{
    return node < d->sim->nodes && ws_wait_fence(d->sim, node, fence);
}

NTSTATUS ws_kmt_escape(WsKmtDevice *d, void *data, uint32_t size, bool hardware_access)
{
    DXGKARG_ESCAPE e = { .hDevice = d->device, .pPrivateDriverData = data,
                         .PrivateDriverDataSize = size };
    e.Flags.HardwareAccess = hardware_access;
    return d->sim->init.DxgkDdiEscape(d->sim->adapter, &e);
}
