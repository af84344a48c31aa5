/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "submit.h"
#include "fence.h"

static bool range_ok(const DXGKARG_SUBMITCOMMAND *s, uint64_t *addr, uint32_t *size)
{
    uint32_t start = s->DmaBufferSubmissionStartOffset;
    uint32_t end = s->DmaBufferSubmissionEndOffset;
    if (end < start || end - start > SABLE_DMA_MAX_SIZE || ((end - start) & 3u)) {
        return false;
    }
    *addr = (uint64_t)s->DmaBufferPhysicalAddress.QuadPart + start;
    *size = end - start;
    bool segment_ok = s->DmaBufferSegmentId == SABLE_SEGMENT_VRAM ||
                      s->DmaBufferSegmentId == SABLE_SEGMENT_APERTURE;
    return *size == 0 || (segment_ok && !(*addr & 3u));
}

NTSTATUS kmd_submit_command(KmdAdapter *a, const DXGKARG_SUBMITCOMMAND *args)
{
    const KmdContext *c = args->hContext;
    struct sable_submit desc;
    memset(&desc, 0, sizeof(desc));
    if (!a->started || !c || !range_ok(args, &desc.dma_addr, &desc.dma_size)) {
        return STATUS_INVALID_PARAMETER;
    }
    KmdRing *r = &a->ring[c->node];
    uint64_t fence = kmd_fence_next(r->submitted, r->primed, args->SubmissionFenceId);
    if (fence == 0) {
        return STATUS_INVALID_PARAMETER;
    }
    if (desc.dma_size == 0) {
        desc.dma_addr = 0;
    }
    desc.fence = fence;
    desc.context_id = c->id;
    desc.flags = args->Flags.Paging ? SABLE_SUBMIT_F_PAGING : 0;
    return kmd_ring_submit(r, a->regs, &desc);
}
