/* SPDX-License-Identifier: MIT */
/*
 * Statuses (the DxgkDdiPresent page's list where it has one):
 * - STATUS_INVALID_HANDLE: the source or destination element has no
 *   allocation ("detected an invalid handle");
 * - STATUS_ILLEGAL_INSTRUCTION: what the device cannot do ("instructions
 *   that graphics hardware cannot support"): a stretch (SrcRect and
 *   DstRect of different sizes), any flags but Blt alone or Flip alone
 *   (color fill, color keys, sRGB, rotation, stereo, overlays);
 * - STATUS_PRIVILEGED_INSTRUCTION: a rectangle reaching outside its
 *   surface ("instructions that access memory beyond the privilege of the
 *   current CPU process");
 * - STATUS_INVALID_PARAMETER (not on the page: a malformed argument): no
 *   DMA buffer or allocation list, an allocation that is not a surface (Blt)
 *   or not a primary of source 0 (Flip), a destination with Flip, an
 *   inverted rectangle, a sub-rectangle outside DstRect, MultipassOffset
 *   past the rectangles.
 */
#include <string.h>

#include "present.h"
#include "s3d.h"
#include "alloc.h"

#define PRESENT_PACKET_BYTES ((uint32_t)sizeof(struct sable_cmd_blit_2d))

/* A checked rectangle: origin and size. */
typedef struct Box {
    uint32_t x, y, w, h;
} Box;

static const KmdAllocation *element(const DXGKARG_PRESENT *p, unsigned index)
{
    return p->pAllocationList[index].hDeviceSpecificAllocation;
}

/* A rectangle with 0 <= left <= right and 0 <= top <= bottom. */
static bool box_of(const RECT *r, Box *b)
{
    if (r->left < 0 || r->top < 0 || r->right < r->left || r->bottom < r->top) {
        return false;
    }
    *b = (Box){ (uint32_t)r->left, (uint32_t)r->top, (uint32_t)(r->right - r->left),
                (uint32_t)(r->bottom - r->top) };
    return true;
}

static bool box_inside(const Box *b, uint64_t width, uint64_t height)
{
    return (uint64_t)b->x + b->w <= width && (uint64_t)b->y + b->h <= height;
}

/* The rectangle to copy for pass `i`: DstRect, or sub-rectangle i (which
 * must lie inside DstRect). */
static bool dst_box(const DXGKARG_PRESENT *p, const Box *dst, UINT i, Box *out)
{
    if (p->SubRectCnt == 0) {
        *out = *dst;
        return true;
    }
    return box_of(&p->pDstSubRects[i], out) && out->x >= dst->x && out->y >= dst->y &&
           box_inside(&(Box){ out->x - dst->x, out->y - dst->y, out->w, out->h }, dst->w,
                      dst->h);
}

/* Blt alone or Flip alone. */
static NTSTATUS check_flags(const DXGKARG_PRESENT *p, bool *flip)
{
    DXGK_PRESENTFLAGS blt = { .Value = 0 }, flp = { .Value = 0 };
    blt.Blt = 1;
    flp.Flip = 1;
    *flip = p->Flags.Value == flp.Value;
    return p->Flags.Value == blt.Value || *flip ? STATUS_SUCCESS : STATUS_ILLEGAL_INSTRUCTION;
}

static NTSTATUS check_surfaces(const DXGKARG_PRESENT *p, Box *src, Box *dst)
{
    const KmdAllocation *s = element(p, DXGK_PRESENT_SOURCE_INDEX);
    const KmdAllocation *d = element(p, DXGK_PRESENT_DESTINATION_INDEX);
    if (!s || !d) {
        return STATUS_INVALID_HANDLE;
    }
    if (s->desc.kind != SABLE_ALLOC_SURFACE || d->desc.kind != SABLE_ALLOC_SURFACE ||
        !box_of(&p->SrcRect, src) || !box_of(&p->DstRect, dst)) {
        return STATUS_INVALID_PARAMETER;
    }
    if (!box_inside(src, s->desc.width, s->desc.height) ||
        !box_inside(dst, d->desc.width, d->desc.height)) {
        return STATUS_PRIVILEGED_INSTRUCTION;
    }
    return src->w == dst->w && src->h == dst->h ? STATUS_SUCCESS : STATUS_ILLEGAL_INSTRUCTION;
}

static NTSTATUS validate(const DXGKARG_PRESENT *p, Box *src, Box *dst)
{
    UINT passes = p->SubRectCnt ? p->SubRectCnt : 1;
    if ((p->SubRectCnt && !p->pDstSubRects) || p->MultipassOffset > passes) {
        return STATUS_INVALID_PARAMETER;
    }
    NTSTATUS st = check_surfaces(p, src, dst);
    for (UINT i = 0; NT_SUCCESS(st) && i < p->SubRectCnt; i++) {
        Box b;
        st = dst_box(p, dst, i, &b) ? STATUS_SUCCESS : STATUS_INVALID_PARAMETER;
    }
    return st;
}

static struct sable_surface surface(const DXGKARG_PRESENT *p, unsigned index)
{
    const DXGK_ALLOCATIONLIST *e = &p->pAllocationList[index];
    const struct sable_alloc_private *d =
        &((const KmdAllocation *)e->hDeviceSpecificAllocation)->desc;
    uint32_t tiling = (d->flags & SABLE_ALLOC_F_TILE_Y) ? SABLE_TILING_Y : SABLE_TILING_LINEAR;
    return (struct sable_surface){
        .addr = e->SegmentId ? (uint64_t)e->PhysicalAddress.QuadPart : 0, /* pre-patched */
        .pitch = d->pitch, .format = SABLE_SURFACE_FORMAT(d->format, tiling),
        .width = d->width, .height = d->height,
    };
}

static D3DDDI_PATCHLOCATIONLIST location(unsigned index, uint32_t offset)
{
    D3DDDI_PATCHLOCATIONLIST l;
    memset(&l, 0, sizeof(l));
    l.AllocationIndex = index;
    l.PatchOffset = offset;
    return l;
}

/* Output cursors: the DMA buffer and the patch list. */
typedef struct Out {
    uint8_t *start, *pos, *end;
    D3DDDI_PATCHLOCATIONLIST *loc, *loc_end;
} Out;

/* One packet copying `b` of the destination from the matching source
 * pixels, with its two patch locations; false when it does not fit. */
static bool emit(const DXGKARG_PRESENT *p, bool tiling, const Box *src, const Box *dst,
                 const Box *b, Out *o)
{
    if ((size_t)(o->end - o->pos) < PRESENT_PACKET_BYTES || o->loc_end - o->loc < 2) {
        return false;
    }
    struct sable_cmd_blit_2d pkt;
    memset(&pkt, 0, sizeof(pkt));
    pkt.src = surface(p, DXGK_PRESENT_SOURCE_INDEX);
    pkt.dst = surface(p, DXGK_PRESENT_DESTINATION_INDEX);
    bool same = SABLE_SURFACE_PIXEL_FORMAT(pkt.src.format) ==
                SABLE_SURFACE_PIXEL_FORMAT(pkt.dst.format);
    uint32_t op = same && tiling ? SABLE_OP_COPY_2D : SABLE_OP_BLIT_2D;
    pkt.header = SABLE_CMD_HEADER(op, 0, PRESENT_PACKET_BYTES / 4);
    pkt.src_rect = (struct sable_rect){ b->x - dst->x + src->x, b->y - dst->y + src->y,
                                        b->w, b->h };
    pkt.dst_x = b->x;
    pkt.dst_y = b->y;
    uint32_t at = (uint32_t)(o->pos - o->start);
    *o->loc++ = location(DXGK_PRESENT_SOURCE_INDEX,
                         at + (uint32_t)offsetof(struct sable_cmd_blit_2d, src.addr));
    *o->loc++ = location(DXGK_PRESENT_DESTINATION_INDEX,
                         at + (uint32_t)offsetof(struct sable_cmd_blit_2d, dst.addr));
    memcpy(o->pos, &pkt, sizeof(pkt));
    o->pos += sizeof(pkt);
    return true;
}

/* Flip: no destination; the source is a primary of source 0. One NOP
 * makes the flip a fenced submission ordered after the context's earlier
 * work; once it completed dxgkrnl points the scanout at the source
 * (DxgkDdiSetVidPnSourceAddress). MultipassOffset 1: written. */
static NTSTATUS present_flip(DXGKARG_PRESENT *p)
{
    const KmdAllocation *s = element(p, DXGK_PRESENT_SOURCE_INDEX);
    if (!s) {
        return STATUS_INVALID_HANDLE;
    }
    if (element(p, DXGK_PRESENT_DESTINATION_INDEX) || !(s->desc.flags & SABLE_ALLOC_F_PRIMARY) ||
        s->desc.vidpn_source != 0 || p->MultipassOffset > 1) {
        return STATUS_INVALID_PARAMETER;
    }
    if (p->MultipassOffset == 1) {
        return STATUS_SUCCESS;
    }
    uint32_t nop = SABLE_CMD_HEADER(SABLE_OP_NOP, 0, 1);
    if (p->DmaSize < sizeof(nop)) {
        return STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
    }
    memcpy(p->pDmaBuffer, &nop, sizeof(nop));
    p->pDmaBuffer = (uint8_t *)p->pDmaBuffer + sizeof(nop);
    p->MultipassOffset = 1;
    return STATUS_SUCCESS;
}

static NTSTATUS present_blt(KmdContext *c, DXGKARG_PRESENT *p)
{
    Box src, dst;
    NTSTATUS st = validate(p, &src, &dst);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    bool tiling = (c->device->adapter->features & SABLE_FEATURE_TILING) != 0;
    Out o = { .start = p->pDmaBuffer, .pos = p->pDmaBuffer };
    o.end = o.start + p->DmaSize;
    o.loc = p->pPatchLocationListOut;
    o.loc_end = o.loc + (o.loc ? p->PatchLocationListOutSize : 0);
    UINT passes = p->SubRectCnt ? p->SubRectCnt : 1;
    for (; p->MultipassOffset < passes; p->MultipassOffset++) {
        Box b = { 0, 0, 0, 0 };
        dst_box(p, &dst, p->MultipassOffset, &b); /* checked by validate() */
        if (b.w && b.h && !emit(p, tiling, &src, &dst, &b, &o)) {
            st = STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER;
            break;
        }
    }
    p->pDmaBuffer = o.pos;
    p->pPatchLocationListOut = o.loc;
    return st;
}

NTSTATUS kmd_present(KmdContext *c, DXGKARG_PRESENT *p)
{
    bool flip = false;
    if (!c || !p->pDmaBuffer || !p->pAllocationList) {
        return STATUS_INVALID_PARAMETER;
    }
    NTSTATUS st = check_flags(p, &flip);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    /* a present is no 3D submission: Patch must not read a stale record */
    kmd_3d_private_init(p->pDmaBufferPrivateData, p->DmaBufferPrivateDataSize);
    return flip ? present_flip(p) : present_blt(c, p);
}
