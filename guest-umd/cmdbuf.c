/* SPDX-License-Identifier: MIT */
/*
 * The command buffer: device packets (sable_cmd.h) written into the
 * runtime's command buffer, each GPU address field 0 and named by one patch
 * location (PatchOffset = the field's byte offset, sorted), every allocation
 * listed once per command buffer -- the format DxgkDdiRender validates
 * (sable_kmd_private.h). Submitted with pfnRenderCb at Flush, when a map
 * needs it, and by itself when the buffer, the allocation list or the patch
 * list could not take the next packet. The draw path's open virgl chunk
 * (draw.c) is written as its SUBMIT before any other packet and before
 * each submission.
 */
#include <string.h>

#include "umd.h"

static void take_buffers(UmdCmdBuf *cb, void *buf, UINT size, D3DDDI_ALLOCATIONLIST *alloc,
                         UINT alloc_size, D3DDDI_PATCHLOCATIONLIST *patch, UINT patch_size)
{
    cb->buf = buf;
    cb->size = size & ~3u;
    cb->alloc = alloc;
    cb->alloc_size = alloc_size;
    cb->patch = patch;
    cb->patch_size = patch_size;
    cb->len = cb->nalloc = cb->npatch = 0;
}

HRESULT umd_cmd_init(UmdDevice *d)
{
    D3DDDICB_CREATECONTEXT cc;
    memset(&cc, 0, sizeof(cc));
    cc.NodeOrdinal = SABLE_NODE_GRAPHICS;
    cc.EngineAffinity = 1;
    HRESULT hr = d->kt->pfnCreateContextCb(d->rt.handle, &cc);
    if (FAILED(hr)) {
        return hr;
    }
    if (!cc.pCommandBuffer || cc.CommandBufferSize < 128 || !cc.pAllocationList ||
        cc.AllocationListSize < 2 || !cc.pPatchLocationList || cc.PatchLocationListSize < 2) {
        D3DDDICB_DESTROYCONTEXT dc = { .hContext = cc.hContext };
        d->kt->pfnDestroyContextCb(d->rt.handle, &dc);
        return E_FAIL;
    }
    d->cb.context = cc.hContext;
    take_buffers(&d->cb, cc.pCommandBuffer, cc.CommandBufferSize, cc.pAllocationList,
                 cc.AllocationListSize, cc.pPatchLocationList, cc.PatchLocationListSize);
    d->cb_seq = 1;
    return S_OK;
}

void umd_cmd_fini(UmdDevice *d)
{
    if (d->cb.context) {
        D3DDDICB_DESTROYCONTEXT dc = { .hContext = d->cb.context };
        d->kt->pfnDestroyContextCb(d->rt.handle, &dc);
        d->cb.context = NULL;
    }
}

bool umd_cmd_references(const UmdDevice *d, const UmdAlloc *a)
{
    return (a->list_seq == d->cb_seq && d->cb.nalloc > 0) || umd_stream_names(d, a);
}

HRESULT umd_cmd_submit(UmdDevice *d, UmdDdi ddi, bool automatic)
{
    UmdCmdBuf *cb = &d->cb;
    umd_stream_flush(d, ddi); /* the open 3D chunk goes with this submission */
    if (cb->len == 0 || d->lost) {
        return S_OK;
    }
    D3DDDICB_RENDER r;
    memset(&r, 0, sizeof(r));
    r.CommandLength = cb->len;
    r.CommandOffset = 0;
    r.NumAllocations = cb->nalloc;
    r.NumPatchLocations = cb->npatch;
    r.NewCommandBufferSize = cb->size;
    r.NewAllocationListSize = cb->alloc_size;
    r.NewPatchLocationListSize = cb->patch_size;
    r.hContext = cb->context;
    HRESULT hr = d->kt->pfnRenderCb(d->rt.handle, &r);
    d->cb_seq++;
    cb->len = cb->nalloc = cb->npatch = 0;
    if (FAILED(hr)) {
        umd_error(d, ddi, hr == D3DDDIERR_DEVICEREMOVED ? hr : E_FAIL, 0);
        return hr;
    }
    if (r.pNewCommandBuffer && r.pNewAllocationList && r.pNewPatchLocationList) {
        take_buffers(cb, r.pNewCommandBuffer, r.NewCommandBufferSize, r.pNewAllocationList,
                     r.NewAllocationListSize, r.pNewPatchLocationList, r.NewPatchLocationListSize);
    }
    d->submits++;
    if (automatic) {
        d->auto_flushes++;
    }
    /* Whatever was queued for destruction is named at most by submitted
     * work now: release it (keeps the queue bounded between Flushes). */
    umd_drain_deferred(d);
    /* D3D11: after each submission on the immediate context, once. */
    if (d->um11 && d->um11->pfnPerformAmortizedProcessingCb) {
        d->um11->pfnPerformAmortizedProcessingCb(d->rt_core);
        d->amortized_calls++;
    }
    return S_OK;
}

/* Allocation-list entries the packet adds (those not listed yet). */
static uint32_t new_entries(const UmdDevice *d, UmdAlloc *const *allocs, uint32_t n)
{
    uint32_t count = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool seen = allocs[i]->list_seq == d->cb_seq;
        for (uint32_t j = 0; j < i && !seen; j++) {
            seen = allocs[j] == allocs[i];
        }
        count += !seen;
    }
    return count;
}

uint8_t *umd_cmd_begin(UmdDevice *d, UmdDdi ddi, uint32_t bytes, UmdAlloc *const *allocs,
                       uint32_t nalloc, uint32_t npatch)
{
    UmdCmdBuf *cb = &d->cb;
    umd_stream_flush(d, ddi); /* 3D work recorded before stays before this packet */
    if (d->lost || (bytes & 3u) || bytes > cb->size || nalloc > cb->alloc_size ||
        npatch > cb->patch_size) {
        if (!d->lost) {
            umd_error(d, ddi, E_FAIL, 0); /* a packet larger than any buffer: a UMD bug */
        }
        return NULL;
    }
    if (bytes > cb->size - cb->len ||
        new_entries(d, allocs, nalloc) > cb->alloc_size - cb->nalloc ||
        npatch > cb->patch_size - cb->npatch) {
        umd_cmd_submit(d, ddi, true);
        if (d->lost) {
            return NULL;
        }
    }
    cb->packet = cb->buf + cb->len;
    cb->packet_bytes = bytes;
    memset(cb->packet, 0, bytes);
    return cb->packet;
}

uint32_t umd_cmd_list(UmdDevice *d, UmdAlloc *a, bool write)
{
    UmdCmdBuf *cb = &d->cb;
    uint32_t index;
    if (a->list_seq == d->cb_seq) {
        index = a->list_index;
    } else {
        index = cb->nalloc++;
        memset(&cb->alloc[index], 0, sizeof(cb->alloc[index]));
        cb->alloc[index].hAllocation = a->h;
        a->list_seq = d->cb_seq;
        a->list_index = index;
    }
    if (write) {
        cb->alloc[index].WriteOperation = 1;
    }
    return index;
}

void umd_cmd_patch(UmdDevice *d, uint32_t field_off, UmdAlloc *a, uint64_t off, bool write)
{
    UmdCmdBuf *cb = &d->cb;
    uint32_t index = umd_cmd_list(d, a, write);
    D3DDDI_PATCHLOCATIONLIST *p = &cb->patch[cb->npatch++];
    memset(p, 0, sizeof(*p));
    p->AllocationIndex = index;
    p->AllocationOffset = (UINT)off;
    p->PatchOffset = cb->len + field_off;
}

void umd_cmd_commit(UmdDevice *d)
{
    d->cb.len += d->cb.packet_bytes;
    d->cb.packet = NULL;
    d->cb.packet_bytes = 0;
}
