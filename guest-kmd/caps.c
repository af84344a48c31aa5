/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "caps.h"
#include "interrupt.h"

static NTSTATUS driver_caps(KmdAdapter *a, DXGK_DRIVERCAPS *caps)
{
    memset(caps, 0, sizeof(*caps));
    /* GART PTEs hold bus address bits 12..51. */
    caps->HighestAcceptableAddress.QuadPart = (LONGLONG)SABLE_GART_PTE_ADDR_MASK | 0xfff;
    caps->MaxAllocationListSlotId = SABLE_KMD_ALLOCATION_LIST_SIZE;
    caps->ApertureSegmentCommitLimit = (SIZE_T)kmd_gart_size(&a->gart);
    caps->InterruptMessageNumber = kmd_notify_message(a);
    caps->SchedulingCaps.MultiEngineAware = 1;
    caps->GpuEngineTopology.NbAsymetricProcessingNodes = SABLE_NODE_COUNT;
    caps->PreemptionCaps.GraphicsPreemptionGranularity = D3DKMDT_GRAPHICS_PREEMPTION_NONE;
    caps->PreemptionCaps.ComputePreemptionGranularity = D3DKMDT_COMPUTE_PREEMPTION_NONE;
    /* QueryDependentEngineGroup, QueryEngineStatus, ResetEngine and a
     * CollectDbgInfo that needs no other lock are implemented (tdr.c). */
    caps->SupportPerEngineTDR = TRUE;
    return STATUS_SUCCESS;
}

static void describe_segments(KmdAdapter *a, DXGK_SEGMENTDESCRIPTOR *seg)
{
    memset(seg, 0, SABLE_SEGMENT_COUNT * sizeof(*seg));
    DXGK_SEGMENTDESCRIPTOR *vram = &seg[SABLE_SEGMENT_VRAM - 1];
    vram->BaseAddress.QuadPart = 0; /* VRAM GPU addresses start at 0 */
    vram->CpuTranslatedAddress.QuadPart = (LONGLONG)a->res.mem[KMD_RES_VRAM].start;
    vram->Size = (SIZE_T)a->vram_size;
    vram->CommitLimit = (SIZE_T)a->vram_size;
    vram->Flags.CpuVisible = 1;
    DXGK_SEGMENTDESCRIPTOR *ap = &seg[SABLE_SEGMENT_APERTURE - 1];
    ap->BaseAddress.QuadPart = (LONGLONG)a->gart.base;
    ap->Size = (SIZE_T)kmd_gart_size(&a->gart);
    ap->CommitLimit = (SIZE_T)kmd_gart_size(&a->gart);
    ap->Flags.Aperture = 1;
    ap->Flags.CacheCoherent = 1;
}

static NTSTATUS query_segment(KmdAdapter *a, const DXGKARG_QUERYADAPTERINFO *q)
{
    if (q->OutputDataSize < sizeof(DXGK_QUERYSEGMENTOUT)) {
        return STATUS_BUFFER_TOO_SMALL;
    }
    DXGK_QUERYSEGMENTOUT *out = q->pOutputData;
    if (out->pSegmentDescriptor) { /* second call: the array has NbSegment entries */
        if (out->NbSegment < SABLE_SEGMENT_COUNT) {
            return STATUS_BUFFER_TOO_SMALL;
        }
        describe_segments(a, out->pSegmentDescriptor);
    }
    out->NbSegment = SABLE_SEGMENT_COUNT;
    out->PagingBufferSegmentId = SABLE_SEGMENT_APERTURE;
    out->PagingBufferSize = KMD_PAGING_BUFFER_SIZE;
    out->PagingBufferPrivateDataSize = 0;
    return STATUS_SUCCESS;
}

static NTSTATUS umd_private(KmdAdapter *a, struct sable_umd_private *p)
{
    memset(p, 0, sizeof(*p));
    p->magic = SABLE_UMD_PRIVATE_MAGIC;
    p->version = SABLE_UMD_PRIVATE_VERSION;
    p->size = sizeof(*p);
    p->abi_version = a->abi_version;
    p->device_features = a->features;
    p->vram_size = a->vram_size;
    p->aperture_size = kmd_gart_size(&a->gart);
    p->node_count = SABLE_NODE_COUNT;
    p->max_surface_dim = a->max_surface_dim;
    p->kmd_features = SABLE_KMD_F_SUBMIT | SABLE_KMD_F_APERTURE_MAP |
                      SABLE_KMD_F_ALLOCATIONS | SABLE_KMD_F_RENDER | SABLE_KMD_F_ESCAPE;
    return STATUS_SUCCESS;
}

NTSTATUS kmd_query_adapter_info(KmdAdapter *a, const DXGKARG_QUERYADAPTERINFO *q)
{
    if (!a->started || !q->pOutputData) {
        return STATUS_INVALID_PARAMETER;
    }
    switch (q->Type) {
    case DXGKQAITYPE_DRIVERCAPS:
        return q->OutputDataSize < sizeof(DXGK_DRIVERCAPS)
                   ? STATUS_BUFFER_TOO_SMALL : driver_caps(a, q->pOutputData);
    case DXGKQAITYPE_QUERYSEGMENT:
        return query_segment(a, q);
    case DXGKQAITYPE_UMDRIVERPRIVATE:
        return q->OutputDataSize < sizeof(struct sable_umd_private)
                   ? STATUS_BUFFER_TOO_SMALL : umd_private(a, q->pOutputData);
    default:
        return STATUS_NOT_SUPPORTED;
    }
}
