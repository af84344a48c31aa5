/* SPDX-License-Identifier: MIT
 *
 * The allocation callbacks of winsim's D3D runtime (D3DDDI_DEVICECALLBACKS
 * on winsim's D3DKMT-style thunks): pfnAllocateCb and pfnDeallocateCb
 * (shared resources, primaries), pfnLockCb and pfnUnlockCb with their
 * checks and Discard renames, and the release of renamed-away instances.
 * rt-callbacks.c installs them (rt_callbacks_alloc).
 */
#include <string.h>

#include "d3drt.h"
#include "rt-internal.h"

/* GPU use of an allocation by any device (VidMm's view, kmt.h). */
static bool busy(RtDevice *d, const RtAlloc *al)
{
    return ws_kmt_busy(d->ad->sim, al->a);
}

static void wait_for(RtDevice *d, const RtAlloc *al)
{
    ws_kmt_wait_allocation(d->ad->sim, al->a);
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
    RtAlloc *al = rt_lookup(d, c->pAllocationInfo[0].hAllocation);
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
    rt_poll(d);
    if (rt_removed(d)) {
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
                RtAlloc *prev = rt_lookup(d, c->pAllocationInfo[j].hAllocation);
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
        RtAlloc *al = rt_lookup(d, c->HandleList[i]);
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
        if (rt_removed(d)) {
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
    if (rt_removed(d)) {
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
    rt_poll(d);
    rt_release_retired(d, false);
    RtAlloc *al = rt_lookup(d, l->hAllocation);
    if (!al || al->a->locked || al->retired) {
        RT_FAIL("pfnLockCb from %s: allocation 0x%x %s", rt_cur_name(d), l->hAllocation,
                al ? "already locked" : "unknown");
        return E_INVALIDARG;
    }
    if (rt_removed(d)) {
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
        RtAlloc *al = rt_lookup(d, u->phAllocations[i]);
        if (!al || !al->a->locked) {
            RT_FAIL("pfnUnlockCb from %s: allocation 0x%x not locked", rt_cur_name(d),
                    u->phAllocations[i]);
            return E_INVALIDARG;
        }
        ws_kmt_unlock(d->kmt, al->a);
    }
    return S_OK;
}

void rt_callbacks_alloc(RtDevice *d)
{
    d->kt.pfnAllocateCb = cb_allocate;
    d->kt.pfnDeallocateCb = cb_deallocate;
    d->kt.pfnLockCb = cb_lock;
    d->kt.pfnUnlockCb = cb_unlock;
}
