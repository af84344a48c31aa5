/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "paging.h"
#include "cmdwriter.h"
#include "alloc.h"

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

#define GART_BATCH 64u /* entries per GART_UPDATE packet */

static size_t gart_update_bytes(uint32_t n)
{
    return sizeof(struct sable_cmd_gart_update) + (size_t)n * sizeof(uint64_t);
}

/* Entries that fit in one GART_UPDATE packet with `extra` more bytes after it. */
static uint32_t gart_update_fit(const KmdCmdWriter *w, size_t extra, uint32_t want)
{
    size_t room = kmd_cmd_room(w);
    if (room < gart_update_bytes(1) + extra) {
        return 0;
    }
    size_t fit = (room - extra - sizeof(struct sable_cmd_gart_update)) / sizeof(uint64_t);
    return fit < want ? (uint32_t)fit : want;
}

static void put_gart_update(KmdCmdWriter *w, uint32_t first, const uint64_t *pte, uint32_t n)
{
    struct {
        struct sable_cmd_gart_update h;
        uint64_t pte[GART_BATCH];
    } pkt;
    size_t bytes = gart_update_bytes(n);
    pkt.h.header = SABLE_CMD_HEADER(SABLE_OP_GART_UPDATE, 0, bytes / 4);
    pkt.h.count = n;
    pkt.h.first_entry = first;
    pkt.h.reserved = 0;
    memcpy(pkt.pte, pte, n * sizeof(uint64_t));
    kmd_cmd_put(w, &pkt, bytes);
}

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
    uint64_t pte[GART_BATCH];
    for (unsigned i = 0; i < GART_BATCH; i++) {
        pte[i] = kmd_gart_pte(dummy ? dummy : a->gart.dummy.bus);
    }
    while (args->MultipassOffset < count) {
        uint64_t done = args->MultipassOffset;
        uint64_t left = count - done;
        uint32_t n = gart_update_fit(w, 0, left < GART_BATCH ? (uint32_t)left : GART_BATCH);
        if (n == 0) {
            return STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
        }
        put_gart_update(w, (uint32_t)(first + done), pte, n);
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

static NTSTATUS put_copy(KmdCmdWriter *w, uint64_t dst, uint64_t src, uint64_t size)
{
    struct sable_cmd_copy pkt = {
        .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, sizeof(pkt) / 4),
        .dst = dst, .src = src, .size = size,
    };
    return kmd_cmd_put(w, &pkt, sizeof(pkt)) ? STATUS_SUCCESS
                                             : STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
}

/* Segment to segment: one COPY. */
static NTSTATUS transfer_segments(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args,
                                  KmdCmdWriter *w)
{
    uint64_t size = args->Transfer.TransferSize, off = args->Transfer.TransferOffset;
    int64_t src = args->Transfer.Source.SegmentAddress.QuadPart;
    int64_t dst = args->Transfer.Destination.SegmentAddress.QuadPart;
    if (src < 0 || dst < 0 || off > (uint64_t)INT64_MAX - (uint64_t)(src > dst ? src : dst) ||
        !segment_range(a, args->Transfer.Source.SegmentId, src + (int64_t)off, size) ||
        !segment_range(a, args->Transfer.Destination.SegmentId, dst + (int64_t)off, size)) {
        return STATUS_INVALID_PARAMETER;
    }
    return put_copy(w, (uint64_t)dst + off, (uint64_t)src + off, size);
}

/* One side of a transfer that is system memory, seen through the window. */
typedef struct MdlSide {
    PMDL mdl;
    bool to_mdl;        /* the MDL is the destination */
    uint64_t seg_gpu;   /* GPU address of the segment side's first byte */
    uint64_t mdl_pos;   /* byte of the MDL where the transfer starts */
} MdlSide;

/* Emit one chunk starting `done` bytes in, at most what the window and the
 * DMA buffer allow; the bytes it covers in *chunk (0: no room). */
static NTSTATUS mdl_chunk(KmdAdapter *a, KmdCmdWriter *w, const MdlSide *m, uint64_t done,
                          uint64_t left, uint64_t *chunk)
{
    uint64_t pos = m->mdl_pos + done, in_page = pos % SABLE_PAGE_SIZE, bus;
    uint64_t max = (uint64_t)KMD_GART_WINDOW_PAGES * SABLE_PAGE_SIZE - in_page;
    *chunk = left < max ? left : max;
    uint32_t pages = (uint32_t)((in_page + *chunk + SABLE_PAGE_SIZE - 1) / SABLE_PAGE_SIZE);
    uint32_t fit = gart_update_fit(w, sizeof(struct sable_cmd_copy), pages);
    if (fit < pages) {
        *chunk = fit ? (uint64_t)fit * SABLE_PAGE_SIZE - in_page : 0;
        pages = fit;
    }
    uint64_t pte[KMD_GART_WINDOW_PAGES];
    for (uint32_t i = 0; i < pages; i++) {
        if (!kmd_os_mdl_page(m->mdl, pos / SABLE_PAGE_SIZE + i, &bus) ||
            (bus & (SABLE_PAGE_SIZE - 1))) {
            return STATUS_INVALID_PARAMETER;
        }
        pte[i] = kmd_gart_pte(bus);
    }
    if (*chunk) {
        put_gart_update(w, kmd_gart_window_first(&a->gart), pte, pages);
        uint64_t win = kmd_gart_window_gpu(&a->gart) + in_page, seg = m->seg_gpu + done;
        put_copy(w, m->to_mdl ? win : seg, m->to_mdl ? seg : win, *chunk);
    }
    return STATUS_SUCCESS;
}

/* A segment and system memory (an MDL): chunks of up to the window, each a
 * GART_UPDATE mapping the MDL pages into the window, then a COPY. The MDL
 * side starts at byte MdlOffset * 4096 + TransferOffset % 4096 (MdlOffset
 * counts pages, as for MapApertureSegment). MultipassOffset: bytes done. */
static NTSTATUS transfer_mdl(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args, KmdCmdWriter *w)
{
    MdlSide m = { .to_mdl = args->Transfer.Destination.SegmentId == 0 };
    UINT seg_id = m.to_mdl ? args->Transfer.Source.SegmentId : args->Transfer.Destination.SegmentId;
    int64_t seg = m.to_mdl ? args->Transfer.Source.SegmentAddress.QuadPart
                           : args->Transfer.Destination.SegmentAddress.QuadPart;
    m.mdl = m.to_mdl ? args->Transfer.Destination.pMdl : args->Transfer.Source.pMdl;
    uint64_t size = args->Transfer.TransferSize, off = args->Transfer.TransferOffset, bus;
    if (!m.mdl || seg < 0 || size > UINT32_MAX || off > (uint64_t)INT64_MAX - (uint64_t)seg ||
        !segment_range(a, seg_id, seg + (int64_t)off, size)) {
        return STATUS_INVALID_PARAMETER;
    }
    m.seg_gpu = (uint64_t)seg + off;
    m.mdl_pos = (uint64_t)args->Transfer.MdlOffset * SABLE_PAGE_SIZE + (off & (SABLE_PAGE_SIZE - 1));
    if (!kmd_os_mdl_page(m.mdl, (m.mdl_pos + size - 1) / SABLE_PAGE_SIZE, &bus)) {
        return STATUS_INVALID_PARAMETER; /* the MDL ends before the transfer */
    }
    while (args->MultipassOffset < size) {
        uint64_t chunk;
        NTSTATUS st = mdl_chunk(a, w, &m, args->MultipassOffset, size - args->MultipassOffset,
                                &chunk);
        if (!NT_SUCCESS(st) || chunk == 0) {
            return NT_SUCCESS(st) ? STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER : st;
        }
        args->MultipassOffset += (UINT)chunk;
    }
    return STATUS_SUCCESS;
}

static NTSTATUS transfer(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args, KmdCmdWriter *w)
{
    bool src_mdl = args->Transfer.Source.SegmentId == 0;
    bool dst_mdl = args->Transfer.Destination.SegmentId == 0;
    if (args->Transfer.TransferSize == 0) {
        return STATUS_SUCCESS; /* e.g. TDR cleanup: nothing to move */
    }
    if (src_mdl && dst_mdl) {
        return STATUS_INVALID_PARAMETER;
    }
    if (src_mdl || dst_mdl) {
        return (a->features & SABLE_FEATURE_GART_UPDATE) ? transfer_mdl(a, args, w)
                                                         : STATUS_NOT_SUPPORTED;
    }
    return transfer_segments(a, args, w);
}

/* Where an operation that names an allocation leaves it (the swizzle ranges
 * are programmed from this): FILL and TRANSFER of the whole allocation into
 * a segment and MAP_APERTURE_SEGMENT place it; a TRANSFER out of where it
 * was, or an UNMAP of the aperture pages holding it, leaves it nowhere. */
static void track(const KmdAdapter *a, const DXGKARG_BUILDPAGINGBUFFER *args)
{
    KmdAllocation *al;
    switch (args->Operation) {
    case DXGK_OPERATION_FILL:
        if ((al = args->Fill.hAllocation)) {
            al->segment = args->Fill.Destination.SegmentId;
            al->gpu = (uint64_t)args->Fill.Destination.SegmentAddress.QuadPart;
        }
        break;
    case DXGK_OPERATION_TRANSFER:
        if (!(al = args->Transfer.hAllocation) || args->Transfer.TransferOffset) {
            break;
        }
        if (args->Transfer.Destination.SegmentId) {
            al->segment = args->Transfer.Destination.SegmentId;
            al->gpu = (uint64_t)args->Transfer.Destination.SegmentAddress.QuadPart;
        } else if (al->segment == args->Transfer.Source.SegmentId &&
                   al->gpu == (uint64_t)args->Transfer.Source.SegmentAddress.QuadPart) {
            al->segment = 0;
        }
        break;
    case DXGK_OPERATION_MAP_APERTURE_SEGMENT:
        if ((al = args->MapApertureSegment.hAllocation) && !args->MapApertureSegment.MdlOffset) {
            al->segment = SABLE_SEGMENT_APERTURE;
            al->gpu = a->gart.base + (uint64_t)args->MapApertureSegment.OffsetInPages * SABLE_PAGE_SIZE;
        }
        break;
    case DXGK_OPERATION_UNMAP_APERTURE_SEGMENT:
        al = args->UnmapApertureSegment.hAllocation;
        if (al && al->segment == SABLE_SEGMENT_APERTURE &&
            (al->gpu - a->gart.base) / SABLE_PAGE_SIZE - args->UnmapApertureSegment.OffsetInPages <
                args->UnmapApertureSegment.NumberOfPages) {
            al->segment = 0;
        }
        break;
    default:
        break;
    }
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
    case DXGK_OPERATION_DISCARD_CONTENT:
        return STATUS_SUCCESS; /* nothing to do: no compression or fast-clear state */
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
    if (NT_SUCCESS(st)) {
        track(a, args);
    }
    args->pDmaBuffer = w.pos ? w.pos : args->pDmaBuffer;
    return st;
}
