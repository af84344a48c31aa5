/* SPDX-License-Identifier: MIT */
#include "device.h"
#include "s3d.h"

NTSTATUS kmd_device_create(KmdAdapter *a, DXGKARG_CREATEDEVICE *args)
{
    if (!a->started) {
        return STATUS_DEVICE_NOT_READY;
    }
    KmdDevice *d = kmd_os_alloc(sizeof(*d));
    if (!d) {
        return STATUS_NO_MEMORY;
    }
    d->adapter = a;
    /* Flags shares its bytes with the obsolete WDDM 1.0 pInfo pointer: a
     * multi-engine-aware driver reads Flags and never writes through pInfo
     * (the DMA buffer sizes go in each context's ContextInfo instead). */
    d->system = args->Flags.SystemDevice;
    args->hDevice = d;
    return STATUS_SUCCESS;
}

NTSTATUS kmd_device_destroy(KmdDevice *d)
{
    if (d->contexts) {
        return STATUS_INVALID_DEVICE_STATE;
    }
    kmd_os_free(d);
    return STATUS_SUCCESS;
}

static uint32_t next_context_id(KmdAdapter *a)
{
    kmd_os_lock_acquire(a->lock);
    a->context_ids++;
    if (a->context_ids == 0) { /* 0 means "no context" in dumps */
        a->context_ids = 1;
    }
    uint32_t id = a->context_ids;
    kmd_os_lock_release(a->lock);
    return id;
}

NTSTATUS kmd_context_create(KmdDevice *d, DXGKARG_CREATECONTEXT *args)
{
    if (args->NodeOrdinal >= SABLE_NODE_COUNT || args->EngineAffinity != 1u) {
        return STATUS_INVALID_PARAMETER;
    }
    KmdContext *c = kmd_os_alloc(sizeof(*c));
    if (!c) {
        return STATUS_NO_MEMORY;
    }
    c->device = d;
    c->node = args->NodeOrdinal;
    c->id = next_context_id(d->adapter);
    d->contexts++;
    args->ContextInfo.DmaBufferSize = KMD_DMA_BUFFER_SIZE;
    args->ContextInfo.DmaBufferSegmentSet = KMD_SEGMENT_BIT(SABLE_SEGMENT_APERTURE);
    /* graphics contexts of a 3D adapter: Render leaves Patch a record */
    bool s3d = d->adapter->s3d && c->node == SABLE_NODE_GRAPHICS;
    args->ContextInfo.DmaBufferPrivateDataSize = s3d ? sizeof(KmdDmaPrivate) : 0;
    args->ContextInfo.AllocationListSize = SABLE_KMD_ALLOCATION_LIST_SIZE;
    args->ContextInfo.PatchLocationListSize = SABLE_KMD_PATCH_LIST_SIZE;
    args->ContextInfo.Reserved = 0;
    args->ContextInfo.Caps.Value = 0; /* patching required, dxgkrnl-managed residency */
    args->ContextInfo.PagingCompanionNodeId = 0;
    args->hContext = c;
    return STATUS_SUCCESS;
}

NTSTATUS kmd_context_destroy(KmdContext *c)
{
    kmd_3d_context_release(c->device->adapter, c->ctx3d); /* destroyed by a later prologue */
    c->device->contexts--;
    kmd_os_free(c);
    return STATUS_SUCCESS;
}
