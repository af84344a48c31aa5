/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "render.h"
#include "alloc.h"
#include "cmdcheck.h"

/* One pass over the command buffer from `pos`: validating only (out NULL)
 * or also emitting into the DMA buffer and the output patch list. */
typedef struct Walk {
    const DXGKARG_RENDER *r;
    bool tiling;              /* the device has SABLE_FEATURE_TILING */
    uint32_t pos;             /* command buffer offset */
    UINT patch;               /* next input patch location */
    uint8_t *dma, *dma_end;   /* NULL when only validating */
    D3DDDI_PATCHLOCATIONLIST *out, *out_end;
} Walk;

/* The allocation named by a patch location, or NULL. */
static const KmdAllocation *patch_allocation(const DXGKARG_RENDER *r,
                                             const D3DDDI_PATCHLOCATIONLIST *loc)
{
    if (loc->AllocationIndex >= r->AllocationListSize || !r->pAllocationList) {
        return NULL;
    }
    return r->pAllocationList[loc->AllocationIndex].hDeviceSpecificAllocation;
}

/* Check the patch location naming address field k of the packet at w->pos. */
static NTSTATUS check_field(Walk *w, const KmdPacketInfo *info, unsigned k,
                            D3DDDI_PATCHLOCATIONLIST *loc)
{
    const DXGKARG_RENDER *r = w->r;
    uint64_t field = (uint64_t)w->pos + info->addr_off[k];
    if (w->patch >= r->PatchLocationListInSize) {
        return STATUS_PRIVILEGED_INSTRUCTION; /* a raw GPU address */
    }
    *loc = r->pPatchLocationListIn[w->patch];
    if (loc->PatchOffset != field) {
        return loc->PatchOffset > field ? STATUS_PRIVILEGED_INSTRUCTION
                                        : STATUS_INVALID_PARAMETER;
    }
    const KmdAllocation *al = patch_allocation(r, loc);
    if (!al) {
        return STATUS_INVALID_HANDLE;
    }
    if (loc->AllocationOffset % info->align[k]) {
        return STATUS_INVALID_PARAMETER;
    }
    if (loc->AllocationOffset > al->desc.size ||
        info->extent[k] > al->desc.size - loc->AllocationOffset) {
        return STATUS_PRIVILEGED_INSTRUCTION;
    }
    w->patch++;
    return STATUS_SUCCESS;
}

static bool room(const Walk *w, const KmdPacketInfo *info)
{
    return (size_t)(w->dma_end - w->dma) >= info->bytes &&
           (size_t)(w->out_end - w->out) >= info->naddr;
}

/* Emit the checked packet with its address fields zeroed. */
static void emit(Walk *w, uint8_t *packet, const KmdPacketInfo *info,
                 const D3DDDI_PATCHLOCATIONLIST *locs)
{
    uint32_t dma_off = (uint32_t)(w->dma - (uint8_t *)w->r->pDmaBuffer);
    uint32_t header;
    memcpy(&header, packet, 4);
    header = SABLE_CMD_HEADER(SABLE_CMD_OPCODE(header), 0, info->bytes / 4);
    memcpy(packet, &header, 4);
    for (unsigned k = 0; k < info->naddr; k++) {
        memset(packet + info->addr_off[k], 0, 8);
        *w->out = locs[k];
        w->out->PatchOffset = dma_off + info->addr_off[k];
        w->out->SplitOffset = 0;
        w->out++;
    }
    memcpy(w->dma, packet, info->bytes);
    w->dma += info->bytes;
}

static NTSTATUS step(Walk *w)
{
    const uint8_t *cmd = w->r->pCommand;
    uint32_t header, min_bytes;
    memcpy(&header, cmd + w->pos, 4);
    NTSTATUS st = kmd_cmd_header(header, w->r->CommandLength - w->pos, w->tiling, &min_bytes);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    uint8_t packet[KMD_MAX_PACKET_BYTES];
    KmdPacketInfo info;
    memcpy(packet, cmd + w->pos, min_bytes);
    st = kmd_cmd_check(packet, w->tiling, &info);
    D3DDDI_PATCHLOCATIONLIST locs[KMD_MAX_ADDR_FIELDS];
    UINT first_patch = w->patch;
    for (unsigned k = 0; k < info.naddr && NT_SUCCESS(st); k++) {
        st = check_field(w, &info, k, &locs[k]);
    }
    if (!NT_SUCCESS(st) || !w->dma || SABLE_CMD_OPCODE(header) == SABLE_OP_NOP) {
        w->pos += SABLE_CMD_SIZE_DW(header) * 4u;
        return st;
    }
    if (!room(w, &info)) {
        w->patch = first_patch;
        return STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
    }
    emit(w, packet, &info, locs);
    w->pos += SABLE_CMD_SIZE_DW(header) * 4u;
    return STATUS_SUCCESS;
}

static NTSTATUS walk(Walk *w)
{
    NTSTATUS st = STATUS_SUCCESS;
    while (NT_SUCCESS(st) && w->pos < w->r->CommandLength) {
        st = step(w);
    }
    return st;
}

/* First input patch location at or after `pos` (the list is sorted: the
 * validation pass checked it). */
static UINT first_patch(const DXGKARG_RENDER *r, uint32_t pos)
{
    UINT i = 0;
    while (i < r->PatchLocationListInSize && r->pPatchLocationListIn[i].PatchOffset < pos) {
        i++;
    }
    return i;
}

static NTSTATUS validate_all(const DXGKARG_RENDER *r, bool tiling)
{
    Walk w = { .r = r, .tiling = tiling };
    NTSTATUS st = walk(&w);
    if (NT_SUCCESS(st) && w.patch != r->PatchLocationListInSize) {
        return STATUS_INVALID_PARAMETER; /* locations that name no address field */
    }
    return st;
}

NTSTATUS kmd_render(KmdContext *c, DXGKARG_RENDER *r)
{
    if (!c || !r->pDmaBuffer || (r->CommandLength && !r->pCommand) ||
        (r->PatchLocationListInSize && !r->pPatchLocationListIn) ||
        r->MultipassOffset > r->CommandLength || (r->MultipassOffset & 3u)) {
        return STATUS_INVALID_PARAMETER;
    }
    if (r->CommandLength & 3u) {
        return STATUS_INVALID_USER_BUFFER;
    }
    bool tiling = (c->device->adapter->features & SABLE_FEATURE_TILING) != 0;
    NTSTATUS st = validate_all(r, tiling);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    Walk w = { .r = r, .tiling = tiling, .pos = r->MultipassOffset };
    w.patch = first_patch(r, w.pos);
    w.dma = r->pDmaBuffer;
    w.dma_end = w.dma + r->DmaSize;
    w.out = r->pPatchLocationListOut;
    w.out_end = w.out + (w.out ? r->PatchLocationListOutSize : 0);
    st = walk(&w);
    r->pDmaBuffer = w.dma;
    r->pPatchLocationListOut = w.out;
    r->MultipassOffset = w.pos;
    return st;
}

static NTSTATUS check_location(const DXGKARG_PATCH *p, const D3DDDI_PATCHLOCATIONLIST *loc)
{
    if (loc->AllocationIndex >= p->AllocationListSize) {
        return STATUS_INVALID_PARAMETER;
    }
    UINT seg = p->pAllocationList[loc->AllocationIndex].SegmentId;
    uint32_t end = p->DmaBufferSubmissionEndOffset;
    bool in_range = loc->PatchOffset >= p->DmaBufferSubmissionStartOffset &&
                    end <= p->DmaBufferSize && loc->PatchOffset <= end &&
                    end - loc->PatchOffset >= 8;
    return (seg == SABLE_SEGMENT_VRAM || seg == SABLE_SEGMENT_APERTURE) && in_range
               ? STATUS_SUCCESS : STATUS_INVALID_PARAMETER;
}

NTSTATUS kmd_patch(KmdAdapter *a, const DXGKARG_PATCH *p)
{
    UINT start = p->PatchLocationListSubmissionStart, n = p->PatchLocationListSubmissionLength;
    if (!a->started || !p->pDmaBuffer || start > p->PatchLocationListSize ||
        n > p->PatchLocationListSize - start || (n && (!p->pPatchLocationList ||
                                                       !p->pAllocationList))) {
        return STATUS_INVALID_PARAMETER;
    }
    const D3DDDI_PATCHLOCATIONLIST *list = p->pPatchLocationList + start;
    for (UINT i = 0; i < n; i++) {
        NTSTATUS st = check_location(p, &list[i]);
        if (!NT_SUCCESS(st)) {
            return st;
        }
    }
    for (UINT i = 0; i < n; i++) {
        const DXGK_ALLOCATIONLIST *al = &p->pAllocationList[list[i].AllocationIndex];
        uint64_t addr = (uint64_t)al->PhysicalAddress.QuadPart + list[i].AllocationOffset;
        memcpy((uint8_t *)p->pDmaBuffer + list[i].PatchOffset, &addr, 8);
    }
    return STATUS_SUCCESS;
}
