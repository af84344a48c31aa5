/* SPDX-License-Identifier: MIT
 *
 * The runtime callbacks winsim's D3D runtime gives the UMD (d3drt.h): the
 * adapter callback, D3DDDI_DEVICECALLBACKS on winsim's D3DKMT-style thunks
 * (allocations, Lock/Unlock with their checks, Render, contexts, display
 * mode), the core-layer callbacks (SetError and its categories, State*
 * callbacks) and the DXGI base callbacks (Present). d3drt.c installs them
 * (rt_callbacks_adapter, rt_callbacks_device) and offers the test API.
 */
#include <string.h>

#include "d3drt.h"
#include "rt-internal.h"
#include "dxgdisplay.h"
#include "kmd-report.h"

/* ---- adapter callbacks ---- */

static HRESULT WDDM_API cb_query_adapter_info(HANDLE h, const D3DDDICB_QUERYADAPTERINFO *q)
{
    RtAdapter *a = h;
    a->queries++;
    if (!q || !q->pPrivateDriverData) {
        return E_INVALIDARG;
    }
    NTSTATUS st = ws_kmt_query_umd_private(a->sim, q->pPrivateDriverData, q->PrivateDriverDataSize);
    if (!NT_SUCCESS(st)) {
        return E_INVALIDARG;
    }
    if (a->fake_abi_major) {
        struct sable_umd_private *p = q->pPrivateDriverData;
        p->abi_version = (a->fake_abi_major << 16) | SABLE_ABI_VERSION_MINOR(p->abi_version);
    }
    if (a->hide_3d) {
        ((struct sable_umd_private *)q->pPrivateDriverData)->kmd_features &= ~SABLE_KMD_F_3D;
    }
    return S_OK;
}

/* ---- device callbacks ---- */

static RtAlloc *lookup(RtDevice *d, D3DKMT_HANDLE h)
{
    return g_hash_table_lookup(d->allocs, GUINT_TO_POINTER(h));
}

/* Interrupts delivered, completed work retired, idle renamed instances
 * released. */
static void poll(RtDevice *d)
{
    ws_service_interrupts(d->ad->sim);
}

/* GPU use of an allocation by any device (VidMm's view, kmt.h). */
static bool busy(RtDevice *d, const RtAlloc *al)
{
    return ws_kmt_busy(d->ad->sim, al->a);
}

static void wait_for(RtDevice *d, const RtAlloc *al)
{
    ws_kmt_wait_allocation(d->ad->sim, al->a);
}

/* A TDR put one of the device's contexts in error: the device is removed
 * (winsim's dxgkrnl refuses its renders with STATUS_DEVICE_REMOVED). */
static bool removed(RtDevice *d)
{
    for (unsigned n = 0; n < d->ad->sim->nodes; n++) {
        if (g_hash_table_contains(d->ad->sim->errored, d->kmt->context[n])) {
            return true;
        }
    }
    return false;
}

void rt_free_alloc(RtDevice *d, RtAlloc *al)
{
    if (al->opened) {
        ws_kmt_close_allocation(d->kmt, al->a);
    } else {
        ws_kmt_destroy_allocation(d->kmt, al->a);
    }
    g_free(al->data);
    g_free(al);
}

/* A renamed-away instance may still be named by the UMD's command buffer
 * until its next submission; it is released once a submission followed
 * the rename and the GPU is done with it. */
void rt_release_retired(RtDevice *d, bool all)
{
    for (guint i = 0; i < d->retired->len;) {
        RtAlloc *al = g_ptr_array_index(d->retired, i);
        if (all || (d->renders->len > al->retired_render && !busy(d, al))) {
            if (all) {
                wait_for(d, al);
            }
            g_hash_table_remove(d->allocs, GUINT_TO_POINTER(al->h));
            rt_free_alloc(d, al);
            g_ptr_array_remove_index(d->retired, i);
        } else {
            i++;
        }
    }
}

/* data: private data of at least struct sable_alloc_private (the part the
 * runtime reads); passed to the KMD as is, so what it writes back (a 3D
 * allocation's res_id) reaches the UMD's buffer. */
static RtAlloc *new_alloc(RtDevice *d, void *data, UINT size, D3DKMT_HANDLE chain, NTSTATUS *st)
{
    WsKmtAllocation *ka = NULL;
    g_autofree uint8_t *given = g_memdup2(data, size);
    *st = ws_kmt_create_allocation_data(d->kmt, data, size, &ka);
    if (!NT_SUCCESS(*st)) {
        return NULL;
    }
    RtAlloc *al = g_new0(RtAlloc, 1);
    al->h = d->next_handle++;
    al->chain = chain ? chain : al->h;
    al->a = ka;
    memcpy(&al->priv, data, sizeof(al->priv));
    al->data = g_steal_pointer(&given);
    al->data_size = size;
    g_hash_table_insert(d->allocs, GUINT_TO_POINTER(al->h), al);
    return al;
}

/* Allocations of a runtime resource: the one being created. A shared one
 * gets a kernel-mode resource that keeps the private data for
 * OpenResource. Returns hKMResource (0: not shared). */
static D3DKMT_HANDLE share(RtDevice *d, const D3DDDICB_ALLOCATE *c)
{
    RtResource *r = d->creating;
    if (!(r->misc & D3D10_DDI_RESOURCE_MISC_SHARED)) {
        return 0;
    }
    if (c->NumAllocations != 1 || r->km) {
        RT_FAIL("%s: a shared resource with more than one allocation", rt_cur_name(d));
    }
    RtShared *s = g_new0(RtShared, 1);
    RtAlloc *al = lookup(d, c->pAllocationInfo[0].hAllocation);
    s->refs = 1;
    s->a = al->a;
    s->alloc_priv = al->priv;
    s->res_priv = g_memdup2(c->pPrivateDriverData, c->PrivateDriverDataSize);
    s->res_priv_size = c->PrivateDriverDataSize;
    s->desc = *r;
    r->km = al->km = ++d->ad->next_km;
    g_hash_table_insert(d->ad->shared, GUINT_TO_POINTER(r->km), s);
    return r->km;
}

/* D3DDDI_ALLOCATIONINFO of a primary: Flags.Primary and its VidPnSourceId,
 * which a driver sets "only for the primary allocation type"; the KMD's
 * private data says the same. */
static bool primary_info_ok(RtDevice *d, const D3DDDI_ALLOCATIONINFO *info)
{
    const struct sable_alloc_private *p = info->pPrivateDriverData;
    bool primary = (p->flags & SABLE_ALLOC_F_PRIMARY) != 0;
    if (info->Flags.Primary != primary || (primary && info->VidPnSourceId != p->vidpn_source) ||
        (!primary && info->VidPnSourceId != 0)) {
        RT_FAIL("pfnAllocateCb from %s: Flags.Primary %u VidPnSourceId %u for an allocation "
                "whose private data says primary %d source %u", rt_cur_name(d), info->Flags.Primary,
                info->VidPnSourceId, primary, p->vidpn_source);
        return false;
    }
    return true;
}

static HRESULT WDDM_API cb_allocate(HANDLE h, D3DDDICB_ALLOCATE *c)
{
    RtDevice *d = h;
    poll(d);
    if (removed(d)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    if (c->hResource && (!d->creating || c->hResource != d->creating->rt.handle)) {
        RT_FAIL("pfnAllocateCb from %s: hResource is not the resource being created",
                rt_cur_name(d));
        return E_INVALIDARG;
    }
    for (UINT i = 0; i < c->NumAllocations; i++) {
        D3DDDI_ALLOCATIONINFO *info = &c->pAllocationInfo[i];
        if (!info->pPrivateDriverData ||
            info->PrivateDriverDataSize < sizeof(struct sable_alloc_private)) {
            RT_FAIL("pfnAllocateCb from %s: private data of %u bytes", rt_cur_name(d),
                    info->PrivateDriverDataSize);
            return E_INVALIDARG;
        }
        if (!primary_info_ok(d, info)) {
            return E_INVALIDARG;
        }
        NTSTATUS st;
        RtAlloc *al = new_alloc(d, info->pPrivateDriverData, info->PrivateDriverDataSize, 0, &st);
        if (!al) {
            for (UINT j = 0; j < i; j++) {
                RtAlloc *prev = lookup(d, c->pAllocationInfo[j].hAllocation);
                g_hash_table_steal(d->allocs, GUINT_TO_POINTER(prev->h));
                rt_free_alloc(d, prev);
            }
            return st == STATUS_GRAPHICS_NO_VIDEO_MEMORY ? E_OUTOFMEMORY : E_INVALIDARG;
        }
        info->hAllocation = al->h;
        al->resource = c->hResource;
        d->allocations++;
        if (d->creating && !d->creating->chain) {
            d->creating->chain = al->h;
        }
    }
    c->hKMResource = c->hResource ? share(d, c) : 0;
    return S_OK;
}

/* "If hResource is non-NULL, the HandleList and NumAllocations members
 * ... are ignored": every allocation of the resource is released, and its
 * reference to a shared kernel-mode resource. */
static HRESULT deallocate_resource(RtDevice *d, HANDLE resource)
{
    GHashTableIter it;
    gpointer k, v;
    D3DKMT_HANDLE km = 0;
    unsigned n = 0;
    g_hash_table_iter_init(&it, d->allocs);
    while (g_hash_table_iter_next(&it, &k, &v)) {
        RtAlloc *al = v;
        if (al->resource == resource && !al->retired) {
            km = al->km ? al->km : km;
            g_hash_table_iter_steal(&it);
            rt_free_alloc(d, al);
            d->deallocations++;
            n++;
        }
    }
    if (!n) {
        RT_FAIL("pfnDeallocateCb from %s: resource %p has no allocations", rt_cur_name(d), resource);
        return E_INVALIDARG;
    }
    if (km) {
        rt_shared_release(d->ad, km);
    }
    return S_OK;
}

static HRESULT WDDM_API cb_deallocate(HANDLE h, const D3DDDICB_DEALLOCATE *c)
{
    RtDevice *d = h;
    if (c->hResource) {
        return deallocate_resource(d, c->hResource);
    }
    for (UINT i = 0; i < c->NumAllocations; i++) {
        RtAlloc *al = lookup(d, c->HandleList[i]);
        if (!al || al->retired) {
            RT_FAIL("pfnDeallocateCb from %s: unknown allocation 0x%x", rt_cur_name(d),
                    c->HandleList[i]);
            return E_INVALIDARG;
        }
        if (al->a->locked) {
            RT_FAIL("pfnDeallocateCb from %s: allocation 0x%x still locked", rt_cur_name(d), al->h);
        }
        if (al->a->primary && d->ad->sim->display.address == al->a->gpu) {
            RT_FAIL("pfnDeallocateCb from %s: primary 0x%x is being scanned out", rt_cur_name(d),
                    al->h);
        }
        g_hash_table_steal(d->allocs, GUINT_TO_POINTER(al->h));
        rt_free_alloc(d, al);
        d->deallocations++;
    }
    return S_OK;
}

/* pfnSetDisplayModeCb: scan out a primary allocation of the committed
 * mode's size (another size: E_INVALIDARG, as the page says for a mode
 * whose resolution differs) through SetVidPnSourceAddress. */
static HRESULT WDDM_API cb_set_display_mode(HANDLE h, D3DDDICB_SETDISPLAYMODE *m)
{
    RtDevice *d = h;
    WsSim *sim = d->ad->sim;
    RtAlloc *al = lookup(d, m->hPrimaryAllocation);
    if (!al || al->retired || !(al->priv.flags & SABLE_ALLOC_F_PRIMARY)) {
        RT_FAIL("pfnSetDisplayModeCb from %s: 0x%x is not a primary allocation", rt_cur_name(d),
                m->hPrimaryAllocation);
        return E_INVALIDARG;
    }
    UINT w, hgt;
    uint32_t f;
    if (!ws_display_mode(sim, al->priv.vidpn_source, &w, &hgt, &f) || al->priv.width != w ||
        al->priv.height != hgt) {
        return E_INVALIDARG;
    }
    if (removed(d)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    NTSTATUS st = ws_display_set_address(sim, al->a);
    if (!NT_SUCCESS(st)) {
        RT_FAIL("pfnSetDisplayModeCb from %s: SetVidPnSourceAddress failed: 0x%08x", rt_cur_name(d),
                (uint32_t)st);
        return E_INVALIDARG;
    }
    return S_OK;
}

static unsigned instances(RtDevice *d, D3DKMT_HANDLE chain)
{
    unsigned n = 1;
    for (guint i = 0; i < d->retired->len; i++) {
        n += ((RtAlloc *)g_ptr_array_index(d->retired, i))->chain == chain;
    }
    return n;
}

static HRESULT lock_now(RtAlloc *al, D3DDDICB_LOCK *l, bool wait, RtDevice *d)
{
    if (wait) { /* a TDR on the way removes the device if its work was guilty */
        wait_for(d, al);
        if (removed(d)) {
            return D3DDDIERR_DEVICEREMOVED;
        }
        l->pData = ws_kmt_lock(d->kmt, al->a);
    } else {
        /* IgnoreSync / a renamed instance nothing uses: no wait (the thunk
         * has no such flag, ws_kmt_lock waits) */
        al->a->locked = true;
        l->pData = al->a->cpu;
    }
    return S_OK;
}

/* Lock with AcquireAperture: VidMm (ws_kmt_lock_aperture) waits for the
 * GPU, then acquires a swizzling range (releasing the least recently used
 * range of an unlocked allocation and retrying while none is free or BAR4
 * has no room). The rules checked: no DonotWait with an acquired range, no
 * IgnoreSync (nor Discard) with AcquireAperture, PrivateDriverData 0 (a
 * Sable allocation is one surface: the KMD has no sub-parts). When no range
 * can be had (UNAVAILABLE after every retry, or UNSUPPORTED: the allocation
 * cannot use one) the lock fails with D3DERR_NOTAVAILABLE, as the runtime
 * reports it (Sable's reading: both are "no aperture for this lock"). */
static HRESULT lock_aperture(RtDevice *d, RtAlloc *al, D3DDDICB_LOCK *l)
{
    if (l->Flags.DonotWait || l->Flags.IgnoreSync || l->Flags.Discard) {
        RT_FAIL("pfnLockCb from %s: AcquireAperture with%s%s%s", rt_cur_name(d),
                l->Flags.DonotWait ? " DonotWait" : "", l->Flags.IgnoreSync ? " IgnoreSync" : "",
                l->Flags.Discard ? " Discard" : "");
        return E_INVALIDARG;
    }
    if (l->PrivateDriverData != 0) {
        RT_FAIL("pfnLockCb from %s: AcquireAperture with PrivateDriverData %u (Sable "
                "allocations are one surface)", rt_cur_name(d), l->PrivateDriverData);
        return E_INVALIDARG;
    }
    wait_for(d, al);
    if (removed(d)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    void *cpu = NULL;
    NTSTATUS st = ws_kmt_lock_aperture(d->kmt, al->a, &cpu);
    if (st == STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNAVAILABLE ||
        st == STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNSUPPORTED) {
        d->aperture_unavailable++;
        return D3DERR_NOTAVAILABLE;
    }
    if (!NT_SUCCESS(st)) {
        return E_INVALIDARG;
    }
    d->aperture_locks++;
    l->pData = cpu;
    return S_OK;
}

/* pfnLockCb: Discard renames (a new instance, new handle) and fails when
 * the allocation has max_instances live instances (or a test forces it);
 * Discard|NoExistingReference (after a flush) waits instead when it cannot
 * rename; DonotWait fails with WASSTILLDRAWING while the GPU uses it;
 * IgnoreSync does not wait; anything else waits. */
static HRESULT WDDM_API cb_lock(HANDLE h, D3DDDICB_LOCK *l)
{
    RtDevice *d = h;
    poll(d);
    rt_release_retired(d, false);
    RtAlloc *al = lookup(d, l->hAllocation);
    if (!al || al->a->locked || al->retired) {
        RT_FAIL("pfnLockCb from %s: allocation 0x%x %s", rt_cur_name(d), l->hAllocation,
                al ? "already locked" : "unknown");
        return E_INVALIDARG;
    }
    if (removed(d)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    if (l->Flags.NoExistingReference && !l->Flags.Discard) {
        RT_FAIL("pfnLockCb from %s: NoExistingReference without Discard", rt_cur_name(d));
        return E_INVALIDARG;
    }
    if (l->Flags.AcquireAperture) {
        return lock_aperture(d, al, l);
    }
    if (l->Flags.Discard) {
        if (l->Flags.NoExistingReference) {
            /* The UMD says nothing it has not submitted names the
             * allocation: its allocation list (cleared by each render)
             * must not hold it. */
            RtContext *c = &d->ctx[0];
            for (UINT i = 0; c->open && i < c->alist_size; i++) {
                if (c->alist[i].hAllocation == al->h) {
                    RT_FAIL("pfnLockCb from %s: Discard|NoExistingReference of 0x%x while the "
                            "unsubmitted allocation list names it", rt_cur_name(d), al->h);
                }
            }
            d->ner_locks++;
            if (!busy(d, al)) {
                return lock_now(al, l, false, d);
            }
        }
        bool can = instances(d, al->chain) < d->max_instances;
        if (d->fail_renames > 0) {
            d->fail_renames--;
            can = false;
        }
        if (!can) {
            if (l->Flags.NoExistingReference) {
                if (l->Flags.DonotWait) {
                    return D3DERR_WASSTILLDRAWING;
                }
                return lock_now(al, l, true, d); /* wait for the GPU, same instance */
            }
            d->rename_failures++;
            return E_OUTOFMEMORY;
        }
        NTSTATUS st;
        UINT size = al->data ? al->data_size : (UINT)sizeof(al->priv);
        g_autofree uint8_t *data = g_memdup2(al->data ? (void *)al->data : &al->priv, size);
        RtAlloc *n = new_alloc(d, data, size, al->chain, &st);
        if (!n) {
            return E_OUTOFMEMORY;
        }
        al->retired = true;
        al->retired_render = d->renders->len;
        g_ptr_array_add(d->retired, al);
        d->renames++;
        l->hAllocation = n->h;
        return lock_now(n, l, false, d);
    }
    if (l->Flags.IgnoreSync) {
        return lock_now(al, l, false, d);
    }
    if (l->Flags.DonotWait && busy(d, al)) {
        return D3DERR_WASSTILLDRAWING;
    }
    return lock_now(al, l, true, d);
}

static HRESULT WDDM_API cb_unlock(HANDLE h, const D3DDDICB_UNLOCK *u)
{
    RtDevice *d = h;
    for (UINT i = 0; i < u->NumAllocations; i++) {
        RtAlloc *al = lookup(d, u->phAllocations[i]);
        if (!al || !al->a->locked) {
            RT_FAIL("pfnUnlockCb from %s: allocation 0x%x not locked", rt_cur_name(d),
                    u->phAllocations[i]);
            return E_INVALIDARG;
        }
        ws_kmt_unlock(d->kmt, al->a);
    }
    return S_OK;
}

static RtContext *context_of(RtDevice *d, HANDLE h)
{
    for (unsigned n = 0; n < d->ad->sim->nodes; n++) {
        if (h == (HANDLE)&d->ctx[n] && d->ctx[n].open) {
            return &d->ctx[n];
        }
    }
    return NULL;
}

static HRESULT WDDM_API cb_render(HANDLE h, D3DDDICB_RENDER *r)
{
    RtDevice *d = h;
    RtContext *c = context_of(d, r->hContext);
    if (!c || r->CommandOffset != 0 || r->CommandLength > c->cmd_size ||
        r->NumAllocations > c->alist_size || r->NumPatchLocations > c->plist_size) {
        RT_FAIL("pfnRenderCb from %s: bad arguments", rt_cur_name(d));
        return E_INVALIDARG;
    }
    if (d->fail_renders > 0) {
        d->fail_renders--;
        return E_OUTOFMEMORY; /* the pfnRenderCb page's "insufficient memory" */
    }
    g_autofree WsKmtAllocation **list = g_new0(WsKmtAllocation *, r->NumAllocations + 1);
    g_autofree RtAlloc **ral = g_new0(RtAlloc *, r->NumAllocations + 1);
    for (UINT i = 0; i < r->NumAllocations; i++) {
        ral[i] = lookup(d, c->alist[i].hAllocation);
        if (!ral[i]) {
            RT_FAIL("pfnRenderCb from %s: unknown allocation 0x%x", rt_cur_name(d),
                    c->alist[i].hAllocation);
            return E_INVALIDARG;
        }
        for (UINT j = 0; j < i; j++) {
            if (ral[j] == ral[i]) {
                RT_FAIL("pfnRenderCb from %s: allocation 0x%x listed twice", rt_cur_name(d),
                        ral[i]->h);
            }
        }
        list[i] = ral[i]->a;
    }
    uint32_t fence = 0;
    NTSTATUS st = ws_kmt_render(d->kmt, c->node, c->cmd, r->CommandLength, list,
                                r->NumAllocations, c->plist, r->NumPatchLocations, &fence);
    if (st == STATUS_DEVICE_REMOVED) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    if (!NT_SUCCESS(st)) {
        RT_FAIL("pfnRenderCb from %s: the KMD refused the command buffer: 0x%08x", rt_cur_name(d),
                (uint32_t)st);
        return E_INVALIDARG;
    }
    memset(c->alist, 0, sizeof(*c->alist) * c->alist_size); /* a fresh list */
    RtRender rec = { r->CommandLength, r->NumAllocations, r->NumPatchLocations };
    g_array_append_val(d->renders, rec);
    d->renders_since_amortized++;
    r->pNewCommandBuffer = c->cmd;
    r->NewCommandBufferSize = c->cmd_size;
    r->pNewAllocationList = c->alist;
    r->NewAllocationListSize = c->alist_size;
    r->pNewPatchLocationList = c->plist;
    r->NewPatchLocationListSize = c->plist_size;
    r->QueuedBufferCount = 0;
    return S_OK;
}

static HRESULT WDDM_API cb_create_context(HANDLE h, D3DDDICB_CREATECONTEXT *cc)
{
    RtDevice *d = h;
    if (cc->NodeOrdinal >= d->ad->sim->nodes || d->ctx[cc->NodeOrdinal].open) {
        return E_INVALIDARG;
    }
    /* the list sizes dxgkrnl hands back are the ones the KMD reported for
     * the kernel context (a test may ask for smaller ones) */
    const WsContextInfo *info = ws_context_info(d->ad->sim, d->kmt->context[cc->NodeOrdinal]);
    RtContext *c = &d->ctx[cc->NodeOrdinal];
    c->open = true;
    c->node = cc->NodeOrdinal;
    c->cmd_size = d->cfg_cmd_size;
    c->alist_size = d->cfg_alist_size ? MIN(d->cfg_alist_size, info->alloc_list_size)
                                      : info->alloc_list_size;
    c->plist_size = d->cfg_plist_size ? MIN(d->cfg_plist_size, info->patch_list_size)
                                      : info->patch_list_size;
    c->cmd = g_malloc0(c->cmd_size);
    c->alist = g_new0(D3DDDI_ALLOCATIONLIST, c->alist_size);
    c->plist = g_new0(D3DDDI_PATCHLOCATIONLIST, c->plist_size);
    cc->hContext = (HANDLE)c;
    cc->pCommandBuffer = c->cmd;
    cc->CommandBufferSize = c->cmd_size;
    cc->pAllocationList = c->alist;
    cc->AllocationListSize = c->alist_size;
    cc->pPatchLocationList = c->plist;
    cc->PatchLocationListSize = c->plist_size;
    return S_OK;
}

static HRESULT WDDM_API cb_destroy_context(HANDLE h, const D3DDDICB_DESTROYCONTEXT *dc)
{
    RtDevice *d = h;
    RtContext *c = context_of(d, dc->hContext);
    if (!c) {
        return E_INVALIDARG;
    }
    g_free(c->cmd);
    g_free(c->alist);
    g_free(c->plist);
    memset(c, 0, sizeof(*c));
    return S_OK;
}

/* ---- core-layer callbacks ---- */

static VOID WDDM_API cb_set_error(D3D10DDI_HRTCORELAYER h, HRESULT hr)
{
    RtDevice *d = h.handle;
    d->errors++;
    if (d->cur < 0) {
        RT_FAIL("pfnSetErrorCb(0x%08x) outside of a DDI call", (uint32_t)hr);
        return;
    }
    D3D_UMDDI_ERROR_CATEGORY cat = rt_ddi_category(rt_cur_name(d), d->cur_ctx);
    if (!d3d_umddi_error_allowed(cat, hr, d->cur_ctx)) {
        /* a critical error: logged, and the device is lost on purpose */
        if (d->critical++ == 0) {
            d->critical_ddi = rt_cur_name(d);
            d->critical_hr = hr;
        }
        g_printerr("d3d runtime: critical error 0x%08x from %s (category %s): device removed\n",
                   (uint32_t)hr, rt_cur_name(d), d3d_umddi_error_category_name(cat));
        return;
    }
    if (FAILED(d->last_error) == 0) {
        d->last_error = hr;
    }
}

static VOID WDDM_API cb_amortized(D3D10DDI_HRTCORELAYER h)
{
    RtDevice *d = h.handle;
    if (d->renders_since_amortized == 0) {
        RT_FAIL("pfnPerformAmortizedProcessingCb from %s without a submission since the last",
                rt_cur_name(d));
    }
    d->renders_since_amortized = 0;
    d->amortized++;
}

static VOID WDDM_API cb_state_range(D3D10DDI_HRTCORELAYER h, UINT base, UINT count)
{
    RT_FAIL("a pfnState*Cb called (not expected yet)");
}

static VOID WDDM_API cb_state(D3D10DDI_HRTCORELAYER h)
{
    RT_FAIL("a pfnState*Cb called (not expected yet)");
}

static VOID WDDM_API cb_disable_deferred_staging(D3D10DDI_HRTCORELAYER h) {}

/* The allocation `h` names if it is the current instance of the swap
 * chain resource r's allocation, else NULL. */
static RtAlloc *instance_of(RtDevice *d, D3DKMT_HANDLE h, const RtResource *r)
{
    RtAlloc *al = lookup(d, h);
    return al && !al->retired && al->chain == r->chain ? al : NULL;
}

/* What D3DKMTPresent gets for the present the runtime asked for: Blt of
 * the whole back buffer to the primary (hDstAllocation 0: kernel mode
 * picks the swap chain's primary), or Flip to the back buffer (a primary)
 * with no destination. NULL source: not the handles the runtime expects. */
static bool kmt_present_of(RtDevice *d, const DXGIDDICB_PRESENT *p, const RtSwapChain *sc,
                           WsKmtPresent *kp, RtAlloc **src, RtAlloc **dst)
{
    *src = instance_of(d, p->hSrcAllocation, sc->back);
    *dst = NULL;
    if (sc->flip) {
        *kp = (WsKmtPresent){ .src = *src ? (*src)->a : NULL, .flip = true,
                              .vidpn_source = sc->vidpn_source };
        return *src && p->hDstAllocation == 0;
    }
    *dst = instance_of(d, p->hDstAllocation ? p->hDstAllocation : sc->primary->chain,
                       sc->primary);
    RECT all = { 0, 0, (LONG)sc->back->width, (LONG)sc->back->height };
    *kp = (WsKmtPresent){ .src = *src ? (*src)->a : NULL, .dst = *dst ? (*dst)->a : NULL,
                          .vidpn_source = sc->vidpn_source, .src_rect = all, .dst_rect = all };
    return *src && *dst;
}

/* pfnPresentCbDXGI: the UMD passes the handles it created for the back
 * buffer (and the primary), its graphics context and pDXGIContext
 * unchanged; D3DKMTPresent (ws_kmt_present) does the Blt or queues the
 * Flip. */
static HRESULT WDDM_API cb_dxgi_present(HANDLE h, DXGIDDICB_PRESENT *p)
{
    RtDevice *d = h;
    RtSwapChain *sc = d->presenting;
    RtContext *c = context_of(d, p->hContext);
    poll(d);
    if (!sc || p->pDXGIContext != sc || !c || c->node != SABLE_NODE_GRAPHICS) {
        RT_FAIL("pfnPresentCb from %s: pDXGIContext %p (passed %p) or context %p not the "
                "device's graphics context", rt_cur_name(d), p->pDXGIContext, (void *)sc,
                p->hContext);
        return E_INVALIDARG;
    }
    WsKmtPresent kp;
    RtAlloc *src, *dst;
    if (!kmt_present_of(d, p, sc, &kp, &src, &dst)) {
        RT_FAIL("pfnPresentCb from %s: allocations 0x%x -> 0x%x are not the swap chain's for "
                "a %s", rt_cur_name(d), p->hSrcAllocation, p->hDstAllocation,
                sc->flip ? "flip" : "blt");
        return E_INVALIDARG;
    }
    if (removed(d)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    uint32_t fence = 0;
    NTSTATUS st = ws_kmt_present(d->kmt, &kp, &fence);
    if (st == STATUS_DEVICE_REMOVED) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    if (!NT_SUCCESS(st)) {
        RT_FAIL("pfnPresentCb from %s: D3DKMTPresent failed: 0x%08x", rt_cur_name(d), (uint32_t)st);
        return E_INVALIDARG;
    }
    d->presents++; /* VidMm recorded the use of both (ws_kmt_present) */
    return S_OK;
}

/* Every member of a callback table of only State callbacks set to the two
 * shapes; the specific ones after. */
#define FILL_STATE10(um) do { \
    (um)->pfnStateVsConstBufCb = cb_state_range; (um)->pfnStatePsSrvCb = cb_state_range; \
    (um)->pfnStatePsShaderCb = cb_state; (um)->pfnStatePsSamplerCb = cb_state_range; \
    (um)->pfnStateVsShaderCb = cb_state; (um)->pfnStatePsConstBufCb = cb_state_range; \
    (um)->pfnStateIaInputLayoutCb = cb_state; (um)->pfnStateIaVertexBufCb = cb_state_range; \
    (um)->pfnStateIaIndexBufCb = cb_state; (um)->pfnStateGsConstBufCb = cb_state_range; \
    (um)->pfnStateGsShaderCb = cb_state; (um)->pfnStateIaPrimitiveTopologyCb = cb_state; \
    (um)->pfnStateVsSrvCb = cb_state_range; (um)->pfnStateVsSamplerCb = cb_state_range; \
    (um)->pfnStateGsSrvCb = cb_state_range; (um)->pfnStateGsSamplerCb = cb_state_range; \
    (um)->pfnStateOmRenderTargetsCb = cb_state; (um)->pfnStateOmBlendStateCb = cb_state; \
    (um)->pfnStateOmDepthStateCb = cb_state; (um)->pfnStateRsRastStateCb = cb_state; \
    (um)->pfnStateSoTargetsCb = cb_state; (um)->pfnStateRsViewportsCb = cb_state; \
    (um)->pfnStateRsScissorCb = cb_state; \
    (um)->pfnDisableDeferredStagingResourceDestruction = cb_disable_deferred_staging; \
    (um)->pfnStateTextFilterSizeCb = cb_state; \
    (um)->pfnSetErrorCb = cb_set_error; \
} while (0)

/* ---- the tables ---- */

void rt_callbacks_adapter(RtAdapter *a)
{
    a->cb.pfnQueryAdapterInfoCb = cb_query_adapter_info;
}

void rt_callbacks_device(RtDevice *d)
{
    d->kt.pfnAllocateCb = cb_allocate;
    d->kt.pfnDeallocateCb = cb_deallocate;
    d->kt.pfnRenderCb = cb_render;
    d->kt.pfnLockCb = cb_lock;
    d->kt.pfnUnlockCb = cb_unlock;
    d->kt.pfnSetDisplayModeCb = cb_set_display_mode;
    d->kt.pfnCreateContextCb = cb_create_context;
    d->kt.pfnDestroyContextCb = cb_destroy_context;
    FILL_STATE10(&d->um10);
    FILL_STATE10(&d->um11);
    d->um11.pfnStateHsSrvCb = cb_state_range;
    d->um11.pfnStateHsShaderCb = cb_state;
    d->um11.pfnStateHsSamplerCb = cb_state_range;
    d->um11.pfnStateHsConstBufCb = cb_state_range;
    d->um11.pfnStateDsSrvCb = cb_state_range;
    d->um11.pfnStateDsShaderCb = cb_state;
    d->um11.pfnStateDsSamplerCb = cb_state_range;
    d->um11.pfnStateDsConstBufCb = cb_state_range;
    d->um11.pfnPerformAmortizedProcessingCb = cb_amortized;
    d->um11.pfnStateCsSrvCb = cb_state_range;
    d->um11.pfnStateCsUavCb = cb_state_range;
    d->um11.pfnStateCsShaderCb = cb_state;
    d->um11.pfnStateCsSamplerCb = cb_state_range;
    d->um11.pfnStateCsConstBufCb = cb_state_range;
    d->dxgi_cb.pfnPresentCb = cb_dxgi_present;
}
