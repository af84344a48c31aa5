/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "paging.h"
#include "cmdwriter.h"

/* [addr, addr + size) lies inside segment `id`. Segment addresses are GPU
 * addresses: the segment's BaseAddress plus the offset VidMm chose
 * (DXGK_SEGMENTDESCRIPTOR.BaseAddress). */
static bool segment_range(const KmdAdapter *a, UINT id, int64_t addr, uint64_t size)
{
    uint64_t base, limit;
    if (id == SABLE_SEGMENT_VRAM) {
        base = 0;
        limit = a->vram_size;
    } else if (id == SABLE_SEGMENT_APERTURE) {
        base = a->gart.base;
        limit = kmd_gart_size(&a->gart);
    } else {
        return false;
    }
    uint64_t off = (uint64_t)addr - base;
    return addr >= 0 && (uint64_t)addr >= base && off <= limit && size <= limit - off;
}

static NTSTATUS map_aperture(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args)
{
    if (args->MapApertureSegment.SegmentId != SABLE_SEGMENT_APERTURE) {
        return STATUS_INVALID_PARAMETER;
    }
    return kmd_gart_map_mdl(&a->gart, args->MapApertureSegment.OffsetInPages,
                            args->MapApertureSegment.NumberOfPages,
                            args->MapApertureSegment.pMdl,
                            args->MapApertureSegment.MdlOffset);
}

#define UNMAP_BATCH 64u /* entries per GART_UPDATE packet */

static NTSTATUS unmap_aperture(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args,
                               KmdCmdWriter *w)
{
    uint64_t first = args->UnmapApertureSegment.OffsetInPages;
    uint64_t count = args->UnmapApertureSegment.NumberOfPages;
    uint64_t dummy = (uint64_t)args->UnmapApertureSegment.DummyPage.QuadPart;
    if (args->UnmapApertureSegment.SegmentId != SABLE_SEGMENT_APERTURE ||
        !(a->features & SABLE_FEATURE_GART_UPDATE) || (dummy & (SABLE_PAGE_SIZE - 1)) ||
        count == 0 || first > a->gart.entries || count > a->gart.entries - first) {
        return STATUS_INVALID_PARAMETER;
    }
    uint64_t pte = kmd_gart_pte(dummy ? dummy : a->gart.dummy.bus);
    while (args->MultipassOffset < count) {
        uint64_t done = args->MultipassOffset;
        uint32_t n = (uint32_t)(count - done < UNMAP_BATCH ? count - done : UNMAP_BATCH);
        size_t room = kmd_cmd_room(w);
        if (room < sizeof(struct sable_cmd_gart_update) + sizeof(uint64_t)) {
            return STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
        }
        size_t fit = (room - sizeof(struct sable_cmd_gart_update)) / sizeof(uint64_t);
        n = fit < n ? (uint32_t)fit : n;
        struct {
            struct sable_cmd_gart_update h;
            uint64_t pte[UNMAP_BATCH];
        } pkt;
        size_t bytes = sizeof(pkt.h) + n * sizeof(uint64_t);
        pkt.h.header = SABLE_CMD_HEADER(SABLE_OP_GART_UPDATE, 0, bytes / 4);
        pkt.h.count = n;
        pkt.h.first_entry = (uint32_t)(first + done);
        pkt.h.reserved = 0;
        for (uint32_t i = 0; i < n; i++) {
            pkt.pte[i] = pte;
        }
        kmd_cmd_put(w, &pkt, bytes);
        args->MultipassOffset = (UINT)(done + n);
    }
    return STATUS_SUCCESS;
}

static NTSTATUS fill(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args, KmdCmdWriter *w)
{
    struct sable_cmd_fill pkt = {
        .header = SABLE_CMD_HEADER(SABLE_OP_FILL, 0, sizeof(pkt) / 4),
        .pattern = args->Fill.FillPattern,
        .dst = (uint64_t)args->Fill.Destination.SegmentAddress.QuadPart,
        .size = args->Fill.FillSize,
    };
    if (!segment_range(a, args->Fill.Destination.SegmentId,
                       args->Fill.Destination.SegmentAddress.QuadPart, pkt.size)) {
        return STATUS_INVALID_PARAMETER;
    }
    if (pkt.size == 0) {
        return STATUS_SUCCESS;
    }
    return kmd_cmd_put(w, &pkt, sizeof(pkt)) ? STATUS_SUCCESS
                                             : STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
}

static NTSTATUS transfer(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args, KmdCmdWriter *w)
{
    uint64_t size = args->Transfer.TransferSize, off = args->Transfer.TransferOffset;
    if (size == 0) {
        return STATUS_SUCCESS; /* e.g. TDR cleanup: nothing to move */
    }
    if (args->Transfer.Source.SegmentId == 0 || args->Transfer.Destination.SegmentId == 0) {
        return STATUS_NOT_SUPPORTED; /* system memory (MDL) side: not yet */
    }
    struct sable_cmd_copy pkt = {
        .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, sizeof(pkt) / 4),
        .size = size,
    };
    int64_t src = args->Transfer.Source.SegmentAddress.QuadPart;
    int64_t dst = args->Transfer.Destination.SegmentAddress.QuadPart;
    if (src < 0 || dst < 0 || off > (uint64_t)INT64_MAX - (uint64_t)(src > dst ? src : dst) ||
        !segment_range(a, args->Transfer.Source.SegmentId, src + (int64_t)off, size) ||
        !segment_range(a, args->Transfer.Destination.SegmentId, dst + (int64_t)off, size)) {
        return STATUS_INVALID_PARAMETER;
    }
    pkt.src = (uint64_t)src + off;
    pkt.dst = (uint64_t)dst + off;
    return kmd_cmd_put(w, &pkt, sizeof(pkt)) ? STATUS_SUCCESS
                                             : STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
}

static NTSTATUS build(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args, KmdCmdWriter *w)
{
    switch (args->Operation) {
    case DXGK_OPERATION_MAP_APERTURE_SEGMENT:
        return map_aperture(a, args);
    case DXGK_OPERATION_UNMAP_APERTURE_SEGMENT:
        return unmap_aperture(a, args, w);
    case DXGK_OPERATION_FILL:
        return fill(a, args, w);
    case DXGK_OPERATION_TRANSFER:
        return transfer(a, args, w);
    default:
        return STATUS_NOT_SUPPORTED;
    }
}

NTSTATUS kmd_build_paging_buffer(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args)
{
    if (!a->started) {
        return STATUS_DEVICE_NOT_READY;
    }
    KmdCmdWriter w;
    kmd_cmd_init(&w, args->pDmaBuffer, args->DmaSize);
    NTSTATUS st = build(a, args, &w);
    args->pDmaBuffer = w.pos ? w.pos : args->pDmaBuffer;
    return st;
}
