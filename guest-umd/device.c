/* SPDX-License-Identifier: MIT */
/* The device: creation, flush, deferred destruction, destruction. */
#include <stdlib.h>
#include <string.h>

#include "umd.h"
#include "umd_pstats.h"

HRESULT umd_device_create(UmdAdapter *a, D3D10DDIARG_CREATEDEVICE *c)
{
    UmdDevice *d = c->hDrvDevice.pDrvPrivate;
    memset(d, 0, sizeof(*d));
    d->magic = UMD_DEVICE_MAGIC;
    d->adapter = a;
    d->interface_version = c->Interface;
    d->d3d11 = D3D10_DDI_INTERFACE_MAJOR(c->Interface) == D3D11_DDI_MAJOR_VERSION;
    d->rt = c->hRTDevice;
    d->rt_core = c->hRTCoreLayer;
    d->kt = c->pKTCallbacks;
    if (d->d3d11) {
        d->um11 = c->p11UMCallbacks;
    } else {
        d->um10 = c->pUMCallbacks;
    }
    d->deferred_tail = &d->deferred;
    d->state.sample_mask = 0xffffffffu; /* D3D's default (no SetBlendState yet) */
    const D3DDDI_DEVICECALLBACKS *kt = d->kt;
    if (!kt || !kt->pfnAllocateCb || !kt->pfnDeallocateCb || !kt->pfnLockCb ||
        !kt->pfnUnlockCb || !kt->pfnRenderCb || !kt->pfnSetDisplayModeCb ||
        !kt->pfnCreateContextCb ||
        !kt->pfnDestroyContextCb || (d->d3d11 ? !d->um11 || !d->um11->pfnSetErrorCb
                                               : !d->um10 || !d->um10->pfnSetErrorCb)) {
        return E_INVALIDARG;
    }
    if (c->Interface == D3D10_0_DDI_INTERFACE_VERSION && c->pDeviceFuncs) {
        umd_fill_funcs10(c->pDeviceFuncs);
    } else if (c->Interface == D3D10_1_DDI_INTERFACE_VERSION && c->p10_1DeviceFuncs) {
        umd_fill_funcs10_1(c->p10_1DeviceFuncs);
    } else if (c->Interface == D3D11_0_DDI_INTERFACE_VERSION && c->p11DeviceFuncs) {
        umd_fill_funcs11(c->p11DeviceFuncs);
    } else {
        return E_INVALIDARG;
    }
    if (c->DXGIBaseDDI.pDXGIDDIBaseFunctions) {
        /* Present needs the runtime's pfnPresentCb. */
        d->dxgi_cb = c->DXGIBaseDDI.pDXGIBaseCallbacks;
        if (!d->dxgi_cb || !d->dxgi_cb->pfnPresentCb) {
            return E_INVALIDARG;
        }
        umd_fill_dxgi(c->DXGIBaseDDI.pDXGIDDIBaseFunctions);
    }
    return umd_cmd_init(d);
}

void umd_deallocate(UmdDevice *d, HANDLE rt_resource, D3DKMT_HANDLE h)
{
    D3DDDICB_DEALLOCATE da = { .hResource = rt_resource, .NumAllocations = 1, .HandleList = &h };
    d->kt->pfnDeallocateCb(d->rt.handle, &da);
}

void umd_destroy_now(UmdDevice *d, HANDLE rt_resource, UmdAlloc *a)
{
    if (umd_cmd_references(d, a)) {
        umd_cmd_submit(d, UMD_DDI_DestroyResource, false);
    }
    umd_deallocate(d, rt_resource, a->h);
}

void umd_defer_destroy(UmdDevice *d, HANDLE rt_resource, D3DKMT_HANDLE h)
{
    UmdDeferred *e = calloc(1, sizeof(*e));
    if (!e) {
        /* No memory for the queue entry: submit, then free at once. */
        umd_cmd_submit(d, UMD_DDI_DestroyResource, false);
        umd_deallocate(d, rt_resource, h);
        d->deferred_freed++;
        return;
    }
    e->rt_resource = rt_resource;
    e->h = h;
    *d->deferred_tail = e;
    d->deferred_tail = &e->next;
}

/* Everything queued was referenced at most by submitted work: release it
 * (the video memory manager keeps the memory until the GPU is done). */
void umd_drain_deferred(UmdDevice *d)
{
    UmdDeferred *e = d->deferred;
    d->deferred = NULL;
    d->deferred_tail = &d->deferred;
    while (e) {
        UmdDeferred *next = e->next;
        umd_deallocate(d, e->rt_resource, e->h);
        d->deferred_freed++;
        free(e);
        e = next;
    }
}

void umd_device_flush(UmdDevice *d, UmdDdi ddi)
{
    umd_cmd_submit(d, ddi, false);
    umd_drain_deferred(d);
}

void umd_device_destroy(UmdDevice *d)
{
    umd_pstats_device_fini(d);
    umd_upload_fini(d);
    umd_cmd_submit(d, UMD_DDI_DestroyDevice, false);
    umd_drain_deferred(d);
    umd_cmd_fini(d);
    umd_stream_fini(d);
    d->magic = 0;
}

void sable_umd_stats(void *drv_device, SableUmdStats *out)
{
    const UmdDevice *d = drv_device;
    memset(out, 0, sizeof(*out));
    out->submits = d->submits;
    out->auto_flushes = d->auto_flushes;
    out->amortized_calls = d->amortized_calls;
    out->errors_reported = d->errors_reported;
    out->unsupported_calls = d->unsupported_calls;
    out->deferred_freed = d->deferred_freed;
    out->discard_retries = d->discard_retries;
    out->aperture_maps = d->aperture_maps;
    out->aperture_fallbacks = d->aperture_fallbacks;
    out->tiled_resources = d->tiled_resources;
    out->upload_pieces = d->upload_pieces;
    out->upload_renames = d->upload_renames;
    out->upload_temporaries = d->upload_temporaries;
    out->upload_in_place = d->upload_in_place;
    out->upload_ring_size = d->upload.alloc.h ? d->upload.alloc.size : 0;
    out->lost = d->lost;
    out->draws = d->draws;
    out->submits3d = d->submits3d;
    out->state_skips = d->state_skips;
    out->transfers = d->transfers;
    out->shadow_copies = d->shadow_copies;
}
