/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "render.h"
#include "alloc.h"
#include "cmdcheck.h"
#include "s3d.h"

/* One pass over the command buffer from `pos`: validating only (out NULL)
 * or also emitting into the DMA buffer and the output patch list. */
typedef struct Walk {
    const DXGKARG_RENDER *r;
    bool tiling;              /* the device has SABLE_FEATURE_TILING */
    bool s3d;                 /* 3D packets allowed: 3D adapter, graphics context */
    bool has3d;               /* a 3D packet was seen */
    uint32_t ctx3d;           /* emitting: the context's device 3D context */
    uint32_t pos;             /* command buffer offset */
    UINT patch;               /* next input patch location */
    uint8_t *dma, *dma_end;   /* NULL when only validating */
    uint8_t *body;            /* emitting: where packets start (past a prologue) */
    D3DDDI_PATCHLOCATIONLIST *out, *out_end;
    KmdDmaPrivate *priv;      /* emitting a 3D submission: Patch's record */
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

/* ---- 3D packets (contract in sable_kmd_private.h) ---- */

static bool is_3d_op(uint32_t op)
{
    return op >= SABLE_OP_3D_CTX_CREATE && op <= SABLE_OP_3D_CAPS;
}

static NTSTATUS check_submit(const uint8_t *src, uint32_t bytes)
{
    struct sable_cmd_3d_submit s;
    if (bytes < sizeof(s) + 4) {
        return STATUS_INVALID_USER_BUFFER;
    }
    memcpy(&s, src, sizeof(s));
    if (s.ctx_id || s.addr) {
        return STATUS_PRIVILEGED_INSTRUCTION; /* the KMD names context and stream */
    }
    if (s.reserved || s.size_dw == 0 || s.size_dw > SABLE_KMD_3D_MAX_INLINE_DW) {
        return STATUS_INVALID_PARAMETER;
    }
    return bytes == sizeof(s) + 4ull * s.size_dw ? STATUS_SUCCESS : STATUS_INVALID_USER_BUFFER;
}

/* The 3D allocation of the list whose resource is res_id, or NULL. */
static const KmdAllocation *list_resource(const DXGKARG_RENDER *r, uint32_t res_id)
{
    for (UINT i = 0; r->pAllocationList && i < r->AllocationListSize; i++) {
        const KmdAllocation *al = r->pAllocationList[i].hDeviceSpecificAllocation;
        if (al && (al->desc.flags & SABLE_ALLOC_F_3D) && al->virgl.res_id == res_id) {
            return al;
        }
    }
    return NULL;
}

static NTSTATUS check_transfer(const Walk *w, const uint8_t *src, uint32_t bytes)
{
    struct sable_cmd_3d_transfer t;
    if (bytes != sizeof(t)) {
        return STATUS_INVALID_USER_BUFFER;
    }
    memcpy(&t, src, sizeof(t));
    bool swap = SABLE_CMD_FLAGS(t.header) & SABLE_CMD_F_SWAP_Z24S8;
    if (t.direction > SABLE_3D_FROM_HOST || t.size == 0 || t.size > SABLE_3D_MAX_TRANSFER_BYTES ||
        (swap && t.size % 4)) {
        return STATUS_INVALID_PARAMETER;
    }
    const KmdAllocation *al = t.res_id ? list_resource(w->r, t.res_id) : NULL;
    if (!al || t.offset > al->desc.size || t.size > al->desc.size - t.offset) {
        return STATUS_PRIVILEGED_INSTRUCTION;
    }
    return STATUS_SUCCESS;
}

/* The inline stream goes into a NOP's payload, then a device SUBMIT whose
 * address Patch writes (the DMA buffer's GPU address is known there). */
static NTSTATUS emit_submit(Walk *w, const uint8_t *src)
{
    struct sable_cmd_3d_submit s;
    memcpy(&s, src, sizeof(s));
    uint32_t stream = 4u * s.size_dw;
    if ((size_t)(w->dma_end - w->dma) < 4u + stream + sizeof(s) ||
        w->priv->nsubmit >= KMD_3D_MAX_SUBMITS) {
        return STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
    }
    uint32_t nop = SABLE_CMD_HEADER(SABLE_OP_NOP, 0, 1u + s.size_dw);
    memcpy(w->dma, &nop, 4);
    memcpy(w->dma + 4, src + sizeof(s), stream);
    w->dma += 4u + stream;
    s.header = SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, sizeof(s) / 4);
    s.ctx_id = w->ctx3d;
    memcpy(w->dma, &s, sizeof(s));
    w->priv->submit_off[w->priv->nsubmit++] = (uint32_t)(w->dma - (uint8_t *)w->r->pDmaBuffer);
    w->dma += sizeof(s);
    return STATUS_SUCCESS;
}

static NTSTATUS emit_transfer(Walk *w, const uint8_t *src)
{
    struct sable_cmd_3d_transfer t;
    if ((size_t)(w->dma_end - w->dma) < sizeof(t)) {
        return STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
    }
    memcpy(&t, src, sizeof(t));
    t.header = SABLE_CMD_HEADER(SABLE_OP_3D_TRANSFER, SABLE_CMD_FLAGS(t.header) & SABLE_CMD_F_SWAP_Z24S8,
                                sizeof(t) / 4);
    memcpy(w->dma, &t, sizeof(t));
    w->dma += sizeof(t);
    return STATUS_SUCCESS;
}

static NTSTATUS step_3d(Walk *w, uint32_t header)
{
    uint64_t bytes = (uint64_t)SABLE_CMD_SIZE_DW(header) * 4;
    uint32_t op = SABLE_CMD_OPCODE(header);
    const DXGKARG_RENDER *r = w->r;
    if (bytes == 0 || bytes > r->CommandLength - w->pos) {
        return STATUS_INVALID_USER_BUFFER;
    }
    if (!w->s3d) {
        return STATUS_ILLEGAL_INSTRUCTION;
    }
    if (op != SABLE_OP_3D_SUBMIT && op != SABLE_OP_3D_TRANSFER) {
        return STATUS_PRIVILEGED_INSTRUCTION;
    }
    uint32_t flags_ok = op == SABLE_OP_3D_TRANSFER ? SABLE_CMD_F_SWAP_Z24S8 : 0;
    if ((SABLE_CMD_FLAGS(header) & ~flags_ok) || (w->patch < r->PatchLocationListInSize &&
                                    r->pPatchLocationListIn[w->patch].PatchOffset < w->pos + bytes)) {
        return STATUS_INVALID_PARAMETER; /* no address field to patch in a 3D packet */
    }
    const uint8_t *src = (const uint8_t *)r->pCommand + w->pos;
    NTSTATUS st = op == SABLE_OP_3D_SUBMIT ? check_submit(src, (uint32_t)bytes)
                                           : check_transfer(w, src, (uint32_t)bytes);
    if (NT_SUCCESS(st) && w->dma) {
        st = op == SABLE_OP_3D_SUBMIT ? emit_submit(w, src)
                                      : emit_transfer(w, src);
        if (st == STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER && w->dma == w->body) {
            return STATUS_INVALID_PARAMETER; /* too large for any DMA buffer */
        }
    }
    if (NT_SUCCESS(st)) {
        w->has3d = true;
        w->pos += (uint32_t)bytes;
    }
    return st;
}

static NTSTATUS step(Walk *w)
{
    const uint8_t *cmd = w->r->pCommand;
    uint32_t header, min_bytes;
    memcpy(&header, cmd + w->pos, 4);
    if (is_3d_op(SABLE_CMD_OPCODE(header))) {
        return step_3d(w, header);
    }
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

static NTSTATUS validate_all(const DXGKARG_RENDER *r, bool tiling, bool s3d, bool *has3d)
{
    Walk w = { .r = r, .tiling = tiling, .s3d = s3d };
    NTSTATUS st = walk(&w);
    if (NT_SUCCESS(st) && w.patch != r->PatchLocationListInSize) {
        return STATUS_INVALID_PARAMETER; /* locations that name no address field */
    }
    *has3d = w.has3d;
    return st;
}

static uint32_t count_3d(const DXGKARG_RENDER *r)
{
    uint32_t n = 0;
    for (UINT i = 0; r->pAllocationList && i < r->AllocationListSize; i++) {
        const KmdAllocation *al = r->pAllocationList[i].hDeviceSpecificAllocation;
        n += al && (al->desc.flags & SABLE_ALLOC_F_3D);
    }
    return n;
}

/* Patch's record in the DMA buffer private data (none: a context without
 * it); a 3D submission also gets its context id and the prologue. */
static NTSTATUS start_dma_buffer(KmdContext *c, Walk *w, bool is3d)
{
    const DXGKARG_RENDER *r = w->r;
    KmdDmaPrivate *priv = kmd_3d_private_init(r->pDmaBufferPrivateData,
                                              r->DmaBufferPrivateDataSize);
    w->body = w->dma;
    if (!is3d) {
        return STATUS_SUCCESS;
    }
    uint32_t n3d = count_3d(r), bytes = kmd_3d_prologue_bytes(n3d);
    if (!priv || r->DmaSize < bytes || r->AllocationListSize > SABLE_KMD_ALLOCATION_LIST_SIZE) {
        return STATUS_INVALID_PARAMETER;
    }
    NTSTATUS st = kmd_3d_context_id(c, &w->ctx3d);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    w->priv = priv;
    priv->prologue_bytes = bytes;
    priv->nalloc3d = n3d;
    kmd_3d_reserve(w->dma, n3d);
    w->dma += bytes;
    w->body = w->dma;
    return STATUS_SUCCESS;
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
    KmdAdapter *a = c->device->adapter;
    bool tiling = (a->features & SABLE_FEATURE_TILING) != 0;
    bool s3d = a->s3d && c->node == SABLE_NODE_GRAPHICS, has3d = false;
    NTSTATUS st = validate_all(r, tiling, s3d, &has3d);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    Walk w = { .r = r, .tiling = tiling, .s3d = s3d, .pos = r->MultipassOffset };
    w.patch = first_patch(r, w.pos);
    w.dma = r->pDmaBuffer;
    w.dma_end = w.dma + r->DmaSize;
    w.out = r->pPatchLocationListOut;
    w.out_end = w.out + (w.out ? r->PatchLocationListOutSize : 0);
    st = start_dma_buffer(c, &w, s3d && (has3d || count_3d(r)));
    if (!NT_SUCCESS(st)) {
        return st;
    }
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
    if (!a->s3d) {
        return STATUS_SUCCESS;
    }
    KmdDmaPrivate priv;
    bool has = p->pDmaBufferPrivateData && p->DmaBufferPrivateDataSize >= sizeof(priv);
    if (has) {
        memcpy(&priv, p->pDmaBufferPrivateData, sizeof(priv));
    }
    return kmd_3d_patch(a, p, has && priv.magic == KMD_DMA_PRIVATE_MAGIC ? &priv : NULL);
}
