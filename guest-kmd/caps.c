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
    caps->NumberOfSwizzlingRanges = a->swz_count; /* 0 on an ABI 1.0 device */
    caps->SchedulingCaps.MultiEngineAware = 1;
    caps->GpuEngineTopology.NbAsymetricProcessingNodes = SABLE_NODE_COUNT;
    caps->PreemptionCaps.GraphicsPreemptionGranularity = D3DKMDT_GRAPHICS_PREEMPTION_NONE;
    caps->PreemptionCaps.ComputePreemptionGranularity = D3DKMDT_COMPUTE_PREEMPTION_NONE;
    /* QueryDependentEngineGroup, QueryEngineStatus, ResetEngine and a
     * CollectDbgInfo that needs no other lock are implemented (tdr.c). */
    caps->SupportPerEngineTDR = TRUE;
    return STATUS_SUCCESS;
}

/* What both descriptor layouts say of segment `id`. */
typedef struct Segment {
    PHYSICAL_ADDRESS base, cpu;
    SIZE_T size;
    DXGK_SEGMENTFLAGS flags;
} Segment;

static Segment segment(const KmdAdapter *a, unsigned id)
{
    Segment s;
    memset(&s, 0, sizeof(s));
    if (id == SABLE_SEGMENT_VRAM) {
        s.base.QuadPart = 0; /* VRAM GPU addresses start at 0 */
        s.cpu.QuadPart = (LONGLONG)a->res.mem[KMD_RES_VRAM].start;
        s.size = (SIZE_T)a->vram_size;
        s.flags.CpuVisible = 1;
    } else {
        s.base.QuadPart = (LONGLONG)a->gart.base;
        s.size = (SIZE_T)kmd_gart_size(&a->gart);
        s.flags.Aperture = 1;
        s.flags.CacheCoherent = 1;
    }
    return s;
}

static void describe_v1(const KmdAdapter *a, DXGK_SEGMENTDESCRIPTOR *d)
{
    for (unsigned id = 1; id <= SABLE_SEGMENT_COUNT; id++, d++) {
        Segment s = segment(a, id);
        memset(d, 0, sizeof(*d));
        d->BaseAddress = s.base;
        d->CpuTranslatedAddress = s.cpu;
        d->Size = s.size;
        d->CommitLimit = s.size;
        d->Flags = s.flags;
    }
}

static void describe_v3(const KmdAdapter *a, DXGK_SEGMENTDESCRIPTOR3 *d)
{
    for (unsigned id = 1; id <= SABLE_SEGMENT_COUNT; id++, d++) {
        Segment s = segment(a, id);
        memset(d, 0, sizeof(*d));
        d->BaseAddress = s.base;
        d->CpuTranslatedAddress = s.cpu;
        d->Size = s.size;
        d->CommitLimit = s.size;
        d->Flags = s.flags;
    }
}

/* The members QUERYSEGMENT and QUERYSEGMENT3 share, after the array. */
static void paging_buffer(UINT *nb, UINT *segment_id, UINT *size, UINT *private_size)
{
    *nb = SABLE_SEGMENT_COUNT;
    *segment_id = SABLE_SEGMENT_APERTURE;
    *size = KMD_PAGING_BUFFER_SIZE;
    *private_size = 0;
}

/* Two calls: first NbSegment, then the array (pSegmentDescriptor set). */
static NTSTATUS query_segment(KmdAdapter *a, const DXGKARG_QUERYADAPTERINFO *q)
{
    if (q->OutputDataSize < sizeof(DXGK_QUERYSEGMENTOUT)) {
        return STATUS_BUFFER_TOO_SMALL;
    }
    DXGK_QUERYSEGMENTOUT *out = q->pOutputData;
    if (out->pSegmentDescriptor && out->NbSegment < SABLE_SEGMENT_COUNT) {
        return STATUS_BUFFER_TOO_SMALL;
    }
    if (out->pSegmentDescriptor) {
        describe_v1(a, out->pSegmentDescriptor);
    }
    paging_buffer(&out->NbSegment, &out->PagingBufferSegmentId, &out->PagingBufferSize,
                  &out->PagingBufferPrivateDataSize);
    return STATUS_SUCCESS;
}

static NTSTATUS query_segment3(KmdAdapter *a, const DXGKARG_QUERYADAPTERINFO *q)
{
    if (q->OutputDataSize < sizeof(DXGK_QUERYSEGMENTOUT3)) {
        return STATUS_BUFFER_TOO_SMALL;
    }
    DXGK_QUERYSEGMENTOUT3 *out = q->pOutputData;
    if (out->pSegmentDescriptor && out->NbSegment < SABLE_SEGMENT_COUNT) {
        return STATUS_BUFFER_TOO_SMALL;
    }
    if (out->pSegmentDescriptor) {
        describe_v3(a, out->pSegmentDescriptor);
    }
    paging_buffer(&out->NbSegment, &out->PagingBufferSegmentId, &out->PagingBufferSize,
                  &out->PagingBufferPrivateDataSize);
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
                      SABLE_KMD_F_ALLOCATIONS | SABLE_KMD_F_RENDER | SABLE_KMD_F_ESCAPE |
                      (a->s3d ? SABLE_KMD_F_3D : 0);
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
    case DXGKQAITYPE_QUERYSEGMENT3: /* what dxgkrnl asks a WDDM 1.2+ driver */
        return query_segment3(a, q);
    case DXGKQAITYPE_UMDRIVERPRIVATE:
        return q->OutputDataSize < sizeof(struct sable_umd_private)
                   ? STATUS_BUFFER_TOO_SMALL : umd_private(a, q->pOutputData);
    default:
        return STATUS_NOT_SUPPORTED;
    }
}
