/* SPDX-License-Identifier: MIT */
/*
 * Map, Unmap and IsBusy by the pfnLockCb rules (docs/umd.md): DISCARD
 * renames (umd_lock_discard), NO_OVERWRITE ignores sync, the others wait
 * (or DO_NOT_WAIT reports WASSTILLDRAWING); a locked allocation is first
 * submitted out of the command buffer. Tiled resources map through a
 * swizzling range or the copy-and-deswizzle fallback.
 */
#include <stdlib.h>
#include <string.h>

#include "umd.h"
#include "umd_resource.h"

HRESULT umd_lock(UmdDevice *d, D3DDDICB_LOCK *l)
{
    return d->kt->pfnLockCb(d->rt.handle, l);
}

HRESULT umd_lock_discard(UmdDevice *d, UmdDdi ddi, UmdAlloc *a, bool donotwait,
                         D3DDDICB_LOCK *l)
{
    /* Rename: a new instance, whatever the command buffer holds. If the
     * video memory manager cannot, submit what references the allocation
     * and retry, now without existing reference. */
    memset(l, 0, sizeof(*l));
    l->hAllocation = a->h;
    l->Flags.Discard = 1;
    l->Flags.WriteOnly = 1;
    HRESULT hr = umd_lock(d, l);
    if (FAILED(hr) && hr != D3DDDIERR_DEVICEREMOVED) {
        umd_cmd_submit(d, ddi, false);
        if (d->lost) {
            umd_check_lost(d, ddi);
            return D3DDDIERR_DEVICEREMOVED;
        }
        d->discard_retries++;
        memset(l, 0, sizeof(*l));
        l->hAllocation = a->h;
        l->Flags.Discard = 1;
        l->Flags.WriteOnly = 1;
        l->Flags.NoExistingReference = 1;
        l->Flags.DonotWait = donotwait;
        hr = umd_lock(d, l);
    }
    if (SUCCEEDED(hr) && l->hAllocation != a->h) {
        a->h = l->hAllocation; /* later packets name the new instance */
        a->list_seq = 0;
        a->renames++;
    }
    return hr;
}

void umd_unlock(UmdDevice *d, D3DKMT_HANDLE h)
{
    D3DDDICB_UNLOCK u = { .NumAllocations = 1, .phAllocations = &h };
    d->kt->pfnUnlockCb(d->rt.handle, &u);
}

HRESULT umd_peek(UmdDevice *d, D3DKMT_HANDLE h, uint32_t off, void *out, uint32_t n)
{
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = h;
    l.Flags.ReadOnly = 1;
    l.Flags.IgnoreSync = 1;
    HRESULT hr = umd_lock(d, &l);
    if (SUCCEEDED(hr)) {
        memcpy(out, (const uint8_t *)l.pData + off, n);
        umd_unlock(d, h);
    }
    return hr;
}

/* Map of a tiled resource (docs/umd.md "Tiled surfaces"): pfnLockCb with
 * AcquireAperture gives the linear view of the whole surface through a
 * swizzling range (PrivateDriverData 0: the allocation is one TILE_Y
 * surface, subresources are row bands of it). Never with DonotWait nor
 * IgnoreSync: DO_NOT_WAIT is answered by a plain DonotWait probe first,
 * NO_OVERWRITE and DISCARD wait like WRITE. D3DERR_NOTAVAILABLE (no range):
 * copy-and-deswizzle into a linear allocation of the same layout. */
static bool map_tiled(UmdDevice *d, UmdDdi ddi, UmdResource *r, D3D10_DDI_MAP type, UINT ctx)
{
    if (umd_cmd_references(d, &r->alloc)) {
        umd_cmd_submit(d, ddi, false);
        if (d->lost) {
            umd_check_lost(d, ddi);
            return false;
        }
    }
    D3DDDICB_LOCK l;
    HRESULT hr;
    if (ctx) {
        memset(&l, 0, sizeof(l));
        l.hAllocation = r->alloc.h;
        l.Flags.ReadOnly = 1;
        l.Flags.DonotWait = 1;
        hr = umd_lock(d, &l);
        if (hr == D3DERR_WASSTILLDRAWING) {
            umd_error(d, ddi, DXGI_DDI_ERR_WASSTILLDRAWING, ctx);
            return false;
        }
        if (FAILED(hr)) {
            umd_error(d, ddi, hr, ctx);
            return false;
        }
        umd_unlock(d, r->alloc.h);
    }
    memset(&l, 0, sizeof(l));
    l.hAllocation = r->alloc.h;
    l.PrivateDriverData = 0;
    l.Flags.AcquireAperture = 1;
    l.Flags.ReadOnly = type == D3D10_DDI_MAP_READ;
    l.Flags.WriteOnly = type == D3D10_DDI_MAP_WRITE || type == D3D10_DDI_MAP_WRITE_DISCARD ||
                        type == D3D10_DDI_MAP_WRITE_NOOVERWRITE;
    hr = umd_lock(d, &l);
    if (SUCCEEDED(hr)) {
        d->aperture_maps++;
        r->map_base = l.pData;
        return true;
    }
    if (hr != D3DERR_NOTAVAILABLE) {
        umd_error(d, ddi, hr, ctx);
        return false;
    }
    /* copy-and-deswizzle */
    d->aperture_fallbacks++;
    hr = umd_allocate(d, &r->shadow, umd_resource_bytes(r), true, SABLE_SEGMENT_APERTURE);
    if (FAILED(hr)) {
        umd_error(d, ddi, hr == D3DDDIERR_DEVICEREMOVED ? hr : E_OUTOFMEMORY, ctx);
        return false;
    }
    if (!umd_copy_whole(d, ddi, r, true) || FAILED(umd_cmd_submit(d, ddi, false)) || d->lost) {
        umd_defer_destroy(d, NULL, r->shadow.h);
        umd_check_lost(d, ddi);
        return false;
    }
    memset(&l, 0, sizeof(l));
    l.hAllocation = r->shadow.h;
    l.Flags.ReadOnly = type == D3D10_DDI_MAP_READ;
    hr = umd_lock(d, &l); /* waits for the copy */
    if (FAILED(hr)) {
        umd_defer_destroy(d, NULL, r->shadow.h);
        umd_error(d, ddi, hr, ctx);
        return false;
    }
    r->shadow_used = true;
    r->shadow_write = type != D3D10_DDI_MAP_READ;
    r->map_base = l.pData;
    return true;
}

/* DISCARD of a 3D dynamic buffer (docs/umd.md "The draw path"): the CPU
 * writes r->dyn and Unmap sends the whole of it as RESOURCE_INLINE_WRITE
 * into the 3D stream, so draws before it read the earlier contents, later
 * ones the new, and nothing waits. NO_OVERWRITE maps after a DISCARD
 * write dyn too, until something else writes the backing. */
#define UMD_DYN_MAX (64u * 1024u)

static bool map_dyn(UmdResource *r, D3D10_DDI_MAP type)
{
    if (r->mapped || !r->res_id || r->dim != D3D10DDIRESOURCE_BUFFER ||
        r->usage != D3D10_DDI_USAGE_DYNAMIC || r->width > UMD_DYN_MAX) {
        return false;
    }
    if (type == D3D10_DDI_MAP_WRITE_DISCARD) {
        if (!r->dyn && !(r->dyn = calloc(1, r->width))) {
            return false; /* the waiting path below */
        }
        r->dyn_valid = true;
        return true;
    }
    return type == D3D10_DDI_MAP_WRITE_NOOVERWRITE && r->dyn_valid;
}

void umd_resource_map(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT s, D3D10_DDI_MAP type,
                      UINT flags, D3D10DDI_MAPPED_SUBRESOURCE *out)
{
    UINT ctx = (flags & D3D10_DDI_MAP_FLAG_DONOTWAIT) ? D3D_UMDDI_ERRCTX_MAP_DONOTWAIT : 0;
    memset(out, 0, sizeof(*out));
    if (umd_check_lost(d, ddi) || r->magic != UMD_RESOURCE_MAGIC || s >= r->nsub) {
        return;
    }
    if (map_dyn(r, type)) {
        r->mapped = 1;
        r->map_base = r->dyn;
        out->pData = r->dyn;
        out->RowPitch = r->sub[0].pitch;
        out->DepthPitch = (UINT)r->sub[0].slice_pitch;
        return;
    }
    if (!umd_sync_before(d, ddi, r)) {
        return;
    }
    /* Other 3D allocations keep their resource id: no renaming (DISCARD
     * waits) */
    if (r->res_id && type == D3D10_DDI_MAP_WRITE_DISCARD) {
        type = D3D10_DDI_MAP_WRITE;
    }
    if (r->tiled) {
        if (!r->mapped && !map_tiled(d, ddi, r, type, ctx)) {
            return;
        }
        r->shadow_write |= r->shadow_used && type != D3D10_DDI_MAP_READ;
    } else if (!r->mapped) {
        D3DDDICB_LOCK l;
        memset(&l, 0, sizeof(l));
        l.hAllocation = r->alloc.h;
        HRESULT hr;
        if (type == D3D10_DDI_MAP_WRITE_DISCARD) {
            hr = umd_lock_discard(d, ddi, &r->alloc, ctx != 0, &l);
            if (d->lost) {
                return; /* the submission before the retry lost it: reported */
            }
        } else {
            /* A locked allocation cannot be rendered with: what the command
             * buffer holds for it goes first. */
            if (umd_cmd_references(d, &r->alloc)) {
                umd_cmd_submit(d, ddi, false);
                if (d->lost) {
                    umd_check_lost(d, ddi);
                    return;
                }
            }
            if (type == D3D10_DDI_MAP_WRITE_NOOVERWRITE) {
                l.Flags.IgnoreSync = 1; /* the application promised not to touch data in use */
                l.Flags.WriteOnly = 1;
            } else {
                l.Flags.ReadOnly = type == D3D10_DDI_MAP_READ;
                l.Flags.WriteOnly = type == D3D10_DDI_MAP_WRITE;
                l.Flags.DonotWait = ctx != 0;
            }
            hr = umd_lock(d, &l);
        }
        if (hr == D3DERR_WASSTILLDRAWING && ctx) {
            umd_error(d, ddi, DXGI_DDI_ERR_WASSTILLDRAWING, ctx);
            return;
        }
        if (FAILED(hr)) {
            umd_error(d, ddi, hr, ctx); /* DEVICEREMOVED, or the device is lost */
            return;
        }
        r->map_base = l.pData;
    }
    r->mapped++;
    if (type != D3D10_DDI_MAP_READ) {
        umd_res3d_backing_written(r);
    }
    out->pData = r->map_base + r->sub[s].offset;
    out->RowPitch = r->sub[s].pitch;
    out->DepthPitch = (UINT)r->sub[s].slice_pitch;
}

void umd_resource_unmap(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT s)
{
    if (r->magic != UMD_RESOURCE_MAGIC || !r->mapped) {
        return;
    }
    if (--r->mapped == 0) {
        umd_res3d_cb_write(r, 0, r->map_base, r->width);
        if (r->dyn && r->map_base == r->dyn) {
            r->map_base = NULL;
            if (!umd_check_lost(d, ddi) && !umd_res3d_inline(d, ddi, r, r->dyn) && !d->lost) {
                umd_unsupported(d, ddi, 0);
            }
            umd_check_lost(d, ddi);
            return;
        }
        r->map_base = NULL;
        if (!r->shadow_used) {
            umd_unlock(d, r->alloc.h); /* the range stays until VidMm needs it */
            return;
        }
        /* copy-and-deswizzle path: write the linear copy back */
        umd_unlock(d, r->shadow.h);
        r->shadow_used = false;
        if (r->shadow_write && !umd_check_lost(d, ddi)) {
            umd_copy_whole(d, ddi, r, false);
        }
        umd_defer_destroy(d, NULL, r->shadow.h);
    }
}

/* Busy: referenced by the command buffer being built, or the GPU still
 * uses it (a DonotWait lock says so). */
BOOL umd_resource_is_busy(UmdDevice *d, UmdResource *r)
{
    if (r->magic != UMD_RESOURCE_MAGIC || r->mapped || d->lost) {
        return 0;
    }
    if (umd_cmd_references(d, &r->alloc)) {
        return 1;
    }
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = r->alloc.h;
    l.Flags.ReadOnly = 1;
    l.Flags.DonotWait = 1;
    HRESULT hr = umd_lock(d, &l);
    if (SUCCEEDED(hr)) {
        umd_unlock(d, r->alloc.h);
        return 0;
    }
    return hr == D3DERR_WASSTILLDRAWING;
}
