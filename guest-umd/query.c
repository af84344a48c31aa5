/* SPDX-License-Identifier: MIT */
/*
 * Queries. QueryEnd appends a WRITE32 of an increasing value into the
 * query's CPU-visible allocation; QueryGetData submits the command buffer
 * if it still holds that write (unless D3D10_DDI_GET_DATA_DO_NOT_FLUSH),
 * then reads the value without waiting (IgnoreSync lock): written -> the
 * data (the event: TRUE), else DXGI_DDI_ERR_WASSTILLDRAWING. The other
 * types' GPU work goes before the WRITE32 (query3d.c); a type neither
 * handles: CreateQuery reports E_OUTOFMEMORY (the one failure its
 * category allows besides NONEXCLUSIVE/DEVICEREMOVED).
 */
#include <string.h>

#include "umd.h"

void umd_query_create(UmdDevice *d, const D3D10DDIARG_CREATEQUERY *c, UmdQuery *q)
{
    memset(q, 0, sizeof(*q));
    if (umd_check_lost(d, UMD_DDI_CreateQuery)) {
        return;
    }
    if (c->Query != D3D10DDI_QUERY_EVENT && !umd_query3d_supported(d, c->Query)) {
        umd_unsupported(d, UMD_DDI_CreateQuery, 0);
        return;
    }
    HRESULT hr = umd_allocate(d, &q->alloc, 64, true, SABLE_SEGMENT_APERTURE);
    if (FAILED(hr)) {
        umd_error(d, UMD_DDI_CreateQuery, hr == D3DDDIERR_DEVICEREMOVED ? hr : E_OUTOFMEMORY, 0);
        return;
    }
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = q->alloc.h;
    l.Flags.WriteOnly = 1;
    hr = d->kt->pfnLockCb(d->rt.handle, &l);
    if (FAILED(hr)) {
        umd_defer_destroy(d, NULL, q->alloc.h);
        umd_error(d, UMD_DDI_CreateQuery, hr == D3DDDIERR_DEVICEREMOVED ? hr : E_OUTOFMEMORY, 0);
        return;
    }
    memset(l.pData, 0, 64);
    D3DDDICB_UNLOCK u = { .NumAllocations = 1, .phAllocations = &q->alloc.h };
    d->kt->pfnUnlockCb(d->rt.handle, &u);
    q->type = c->Query;
    if (!umd_query3d_init(d, q)) {
        umd_defer_destroy(d, NULL, q->alloc.h);
        if (!d->lost) {
            umd_error(d, UMD_DDI_CreateQuery, E_OUTOFMEMORY, 0);
        }
        return;
    }
    q->magic = UMD_QUERY_MAGIC;
}

void umd_query_destroy(UmdDevice *d, UmdQuery *q)
{
    if (q->magic == UMD_QUERY_MAGIC) {
        umd_query3d_fini(d, q);
        umd_defer_destroy(d, NULL, q->alloc.h);
        q->magic = 0;
    }
}

/* An event has no Begin; the GPU queries begin their objects. */
void umd_query_begin(UmdDevice *d, UmdQuery *q)
{
    if (umd_check_lost(d, UMD_DDI_QueryBegin) || q->magic != UMD_QUERY_MAGIC) {
        return;
    }
    if (!umd_query3d_begin(d, q) && !d->lost) {
        umd_unsupported(d, UMD_DDI_QueryBegin, 0);
    }
}

static void fence(UmdDevice *d, UmdDdi ddi, UmdQuery *q);

void umd_query_end(UmdDevice *d, UmdQuery *q)
{
    if (umd_check_lost(d, UMD_DDI_QueryEnd) || q->magic != UMD_QUERY_MAGIC) {
        return;
    }
    if (!umd_query3d_end(d, UMD_DDI_QueryEnd, q, false)) {
        if (!d->lost) {
            umd_unsupported(d, UMD_DDI_QueryEnd, 0);
        }
        return;
    }
    fence(d, UMD_DDI_QueryEnd, q);
}

/* The WRITE32 of the next value into the query's allocation. */
static void fence(UmdDevice *d, UmdDdi ddi, UmdQuery *q)
{
    UmdAlloc *const allocs[1] = { &q->alloc };
    uint8_t *p = umd_cmd_begin(d, ddi, sizeof(struct sable_cmd_write32), allocs, 1, 1);
    if (!p) {
        return;
    }
    q->issued = q->issued + 1 ? q->issued + 1 : 1;
    struct sable_cmd_write32 w;
    memset(&w, 0, sizeof(w));
    w.header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, sizeof(w) / 4);
    w.value = q->issued;
    memcpy(p, &w, sizeof(w));
    umd_cmd_patch(d, offsetof(struct sable_cmd_write32, addr), &q->alloc, 0, true);
    umd_cmd_commit(d);
}

void umd_query_get_data(UmdDevice *d, UmdQuery *q, void *data, UINT size, UINT flags)
{
    if (umd_check_lost(d, UMD_DDI_QueryGetData) || q->magic != UMD_QUERY_MAGIC) {
        return;
    }
    if (umd_cmd_references(d, &q->alloc)) {
        if (flags & D3D10_DDI_GET_DATA_DO_NOT_FLUSH) {
            umd_error(d, UMD_DDI_QueryGetData, DXGI_DDI_ERR_WASSTILLDRAWING, 0);
            return;
        }
        umd_cmd_submit(d, UMD_DDI_QueryGetData, false);
        if (umd_check_lost(d, UMD_DDI_QueryGetData)) {
            return;
        }
    }
    uint32_t value = q->issued;
    if (q->issued) {
        HRESULT hr = umd_peek(d, q->alloc.h, 0, &value, sizeof(value));
        if (FAILED(hr)) {
            umd_error(d, UMD_DDI_QueryGetData, hr, 0); /* DEVICEREMOVED, or lost */
            return;
        }
    }
    if ((int32_t)(value - q->issued) < 0 || value == 0) {
        umd_error(d, UMD_DDI_QueryGetData, DXGI_DDI_ERR_WASSTILLDRAWING, 0);
        return;
    }
    if (q->type != D3D10DDI_QUERY_EVENT) {
        if (umd_query3d_data(d, q, data, size) == 0) {
            /* the host had no result yet: ask again, answer "not yet" */
            if (umd_query3d_end(d, UMD_DDI_QueryGetData, q, true)) {
                fence(d, UMD_DDI_QueryGetData, q);
            }
            umd_error(d, UMD_DDI_QueryGetData, DXGI_DDI_ERR_WASSTILLDRAWING, 0);
        }
    } else if (data && size >= sizeof(BOOL)) {
        BOOL done = 1;
        memcpy(data, &done, sizeof(done));
    }
}
