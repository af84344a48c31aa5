/* SPDX-License-Identifier: MIT */
/*
 * Copies and updates: CopyResource and CopySubresourceRegion as COPY
 * (linear) or COPY_2D (a tiled side) packets; UpdateSubresourceUP and
 * initial data written in place when the resource is idle, else staged in
 * the upload ring (or a temporary allocation) and copied by the GPU
 * (docs/umd.md "Uploads"). 3D resources are synchronised around them
 * (umd_sync_before).
 */
#include <string.h>

#include "umd.h"
#include "umd_resource.h"

static bool emit_copy(UmdDevice *d, UmdDdi ddi, UmdAlloc *dst, uint64_t doff, UmdAlloc *src,
                      uint64_t soff, uint64_t size)
{
    UmdAlloc *const allocs[2] = { dst, src };
    uint8_t *p = umd_cmd_begin(d, ddi, sizeof(struct sable_cmd_copy), allocs, 2, 2);
    if (!p) {
        return false;
    }
    struct sable_cmd_copy k;
    memset(&k, 0, sizeof(k));
    k.header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, sizeof(k) / 4);
    k.size = size;
    memcpy(p, &k, sizeof(k));
    umd_cmd_patch(d, offsetof(struct sable_cmd_copy, dst), dst, doff, true);
    umd_cmd_patch(d, offsetof(struct sable_cmd_copy, src), src, soff, false);
    umd_cmd_commit(d);
    return true;
}

/* A 2D surface for COPY_2D: allocation, offset of its first byte, pitch,
 * size in copy pixels, layout. */
typedef struct UmdSurf {
    UmdAlloc *a;
    uint64_t off;
    uint32_t pitch, w, h, tiling;
} UmdSurf;

/* Subresource s of r as a surface of copy pixels (r's copy format). */
static UmdSurf sub_surf(UmdResource *r, uint32_t s, uint32_t scale)
{
    const UmdSubresource *sub = &r->sub[s];
    return (UmdSurf){ &r->alloc, sub->offset, sub->pitch, sub->width * scale, sub->height,
                      r->tiled ? SABLE_TILING_Y : SABLE_TILING_LINEAR };
}

static void put_surf(struct sable_surface *o, const UmdSurf *s, uint32_t format)
{
    o->pitch = s->pitch;
    o->format = SABLE_SURFACE_FORMAT(format, s->tiling);
    o->width = s->w;
    o->height = s->h;
}

/* COPY_2D of w x h copy pixels from (sx, sy) of src to (dx, dy) of dst. */
static bool emit_copy_2d(UmdDevice *d, UmdDdi ddi, uint32_t format, const UmdSurf *dst,
                         uint32_t dx, uint32_t dy, const UmdSurf *src, uint32_t sx, uint32_t sy,
                         uint32_t w, uint32_t h)
{
    UmdAlloc *const allocs[2] = { dst->a, src->a };
    uint8_t *p = umd_cmd_begin(d, ddi, sizeof(struct sable_cmd_copy_2d), allocs, 2, 2);
    if (!p) {
        return false;
    }
    struct sable_cmd_copy_2d k;
    memset(&k, 0, sizeof(k));
    k.header = SABLE_CMD_HEADER(SABLE_OP_COPY_2D, 0, sizeof(k) / 4);
    put_surf(&k.src, src, format);
    put_surf(&k.dst, dst, format);
    k.src_rect = (struct sable_rect){ sx, sy, w, h };
    k.dst_x = dx;
    k.dst_y = dy;
    memcpy(p, &k, sizeof(k));
    /* src precedes dst in the packet: patch locations in offset order */
    umd_cmd_patch(d, offsetof(struct sable_cmd_copy_2d, src.addr), src->a, src->off, false);
    umd_cmd_patch(d, offsetof(struct sable_cmd_copy_2d, dst.addr), dst->a, dst->off, true);
    umd_cmd_commit(d);
    return true;
}

/* The whole tiled surface of r and a linear allocation of the same layout
 * (the copy-and-deswizzle path), as B8G8R8A8 pixels. */
bool umd_copy_whole(UmdDevice *d, UmdDdi ddi, UmdResource *r, bool to_linear)
{
    uint32_t pitch = r->sub[0].pitch;
    UmdSurf t = { &r->alloc, 0, pitch, pitch / 4, r->rows, SABLE_TILING_Y };
    UmdSurf l = { &r->shadow, 0, pitch, pitch / 4, r->rows, SABLE_TILING_LINEAR };
    return to_linear ? emit_copy_2d(d, ddi, SABLE_FORMAT_B8G8R8A8_UNORM, &l, 0, 0, &t, 0, 0,
                                    pitch / 4, r->rows)
                     : emit_copy_2d(d, ddi, SABLE_FORMAT_B8G8R8A8_UNORM, &t, 0, 0, &l, 0, 0,
                                    pitch / 4, r->rows);
}

/* Copy `rows` rows of `row_bytes` between two pitched regions: one COPY
 * when both are contiguous, else one per row. */
static void copy_rows(UmdDevice *d, UmdDdi ddi, UmdAlloc *dst, uint64_t doff, uint32_t dpitch,
                      UmdAlloc *src, uint64_t soff, uint32_t spitch, uint64_t row_bytes,
                      uint32_t rows)
{
    if (rows == 1 || (row_bytes == dpitch && row_bytes == spitch)) {
        emit_copy(d, ddi, dst, doff, src, soff, row_bytes * rows);
        return;
    }
    for (uint32_t y = 0; y < rows; y++) {
        if (!emit_copy(d, ddi, dst, doff + (uint64_t)y * dpitch, src, soff + (uint64_t)y * spitch,
                       row_bytes)) {
            return;
        }
    }
}

/* A block-compressed box edge: on a block boundary or, for right and
 * bottom, the subresource's edge; in blocks. */
static bool block_edge(uint32_t *v, uint32_t b, uint32_t edge)
{
    if (*v % b && *v != edge) {
        return false;
    }
    *v = umd_blocks(*v, b);
    return true;
}

/* The byte region of a box in subresource s: first byte, bytes per row,
 * rows (of blocks for block-compressed formats), slices (Texture3D).
 * False if the box is empty, outside or (block-compressed) not on block
 * boundaries. */
static bool box_region(const UmdResource *r, uint32_t s, const D3D10_DDI_BOX *box,
                       uint64_t *off, uint64_t *row_bytes, uint32_t *rows, uint32_t *slices)
{
    const UmdSubresource *sub = &r->sub[s];
    uint32_t left = 0, top = 0, front = 0, right = sub->width, bottom = sub->height;
    uint32_t back = sub->depth;
    if (box) {
        if (box->left < 0 || box->top < 0 || box->front < 0 || box->right <= box->left ||
            box->bottom <= box->top || box->back <= box->front ||
            (uint32_t)box->right > sub->width || (uint32_t)box->bottom > sub->height ||
            (uint32_t)box->back > sub->depth) {
            return false;
        }
        left = (uint32_t)box->left;
        top = (uint32_t)box->top;
        front = (uint32_t)box->front;
        right = (uint32_t)box->right;
        bottom = (uint32_t)box->bottom;
        back = (uint32_t)box->back;
    }
    uint32_t b = r->block;
    if (!block_edge(&left, b, 0) || !block_edge(&top, b, 0) ||
        !block_edge(&right, b, sub->width) || !block_edge(&bottom, b, sub->height)) {
        return false;
    }
    *off = sub->offset + (uint64_t)front * sub->slice_pitch + (uint64_t)top * sub->pitch +
           (uint64_t)left * r->bpp;
    *row_bytes = (uint64_t)(right - left) * r->bpp;
    *rows = bottom - top;
    *slices = back - front;
    return true;
}

/* Where an upload's bytes go: a piece of the upload ring (1), or, for more
 * than the ring holds, a temporary allocation *tmp (0), locked for writing
 * in *p; -1 on failure (reported). */
static int stage_begin(UmdDevice *d, UmdDdi ddi, uint64_t size, UmdUploadPiece *p, UmdAlloc *tmp)
{
    int ring = umd_upload_begin(d, ddi, size, p);
    if (ring) {
        return ring;
    }
    HRESULT hr = umd_allocate(d, tmp, size, true, SABLE_SEGMENT_APERTURE);
    if (FAILED(hr)) {
        umd_error(d, ddi, hr == D3DDDIERR_DEVICEREMOVED ? hr : E_OUTOFMEMORY, 0);
        return -1;
    }
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = tmp->h;
    l.Flags.WriteOnly = 1;
    hr = umd_lock(d, &l);
    if (FAILED(hr)) {
        umd_defer_destroy(d, NULL, tmp->h);
        umd_error(d, ddi, hr, 0);
        return -1;
    }
    d->upload_temporaries++;
    *p = (UmdUploadPiece){ .cpu = l.pData, .alloc = tmp, .offset = 0 };
    return 0;
}

/* Rows of an update: slices x rows of row_bytes from data (row_pitch,
 * depth_pitch apart) to dst (dpitch, dslice apart). */
static void copy_update_rows(uint8_t *dst, uint64_t dpitch, uint64_t dslice, const void *data,
                             UINT row_pitch, UINT depth_pitch, uint64_t row_bytes, uint32_t rows,
                             uint32_t slices)
{
    for (uint32_t z = 0; z < slices; z++) {
        for (uint32_t y = 0; y < rows; y++) {
            memcpy(dst + z * dslice + (uint64_t)y * dpitch,
                   (const uint8_t *)data + (uint64_t)z * depth_pitch + (uint64_t)y * row_pitch,
                   row_bytes);
        }
    }
}

/* One CPU copy (docs/umd.md "Uploads"): a linear resource that neither the
 * command buffer being built nor the GPU uses is written in place, through
 * a DonotWait lock of its own CPU-visible allocation (VRAM through BAR2,
 * or the system pages VidMm evicted it to); the GPU reads it where it is.
 * 1: done; 0: in use (or no lock), take the staged path, which keeps the
 * update in order with what is queued; -1: the device is lost (reported). */
static int update_in_place(UmdDevice *d, UmdDdi ddi, UmdResource *r, uint64_t off,
                           uint32_t s, const void *data, UINT row_pitch, UINT depth_pitch,
                           uint64_t row_bytes, uint32_t rows, uint32_t slices)
{
    if (r->tiled || r->mapped || umd_cmd_references(d, &r->alloc)) {
        return 0;
    }
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = r->alloc.h;
    l.Flags.WriteOnly = 1;
    l.Flags.DonotWait = 1;
    HRESULT hr = umd_lock(d, &l);
    if (hr == D3DDDIERR_DEVICEREMOVED) {
        umd_error(d, ddi, hr, 0);
        return -1;
    }
    if (FAILED(hr)) {
        return 0; /* WASSTILLDRAWING: the GPU still uses it */
    }
    const UmdSubresource *sub = &r->sub[s];
    copy_update_rows((uint8_t *)l.pData + off, sub->pitch, sub->slice_pitch, data, row_pitch,
                     depth_pitch, row_bytes, rows, slices);
    umd_unlock(d, r->alloc.h);
    d->upload_in_place++;
    return 1;
}

static void update_subresource(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT s,
                               const D3D10_DDI_BOX *box, const void *data, UINT row_pitch,
                               UINT depth_pitch)
{
    uint64_t off, row_bytes;
    uint32_t rows, slices;
    if (umd_check_lost(d, ddi) || r->magic != UMD_RESOURCE_MAGIC || s >= r->nsub || !data ||
        !box_region(r, s, box, &off, &row_bytes, &rows, &slices)) {
        return;
    }
    if ((rows > 1 && row_pitch < row_bytes) ||
        (slices > 1 && depth_pitch < (uint64_t)row_pitch * (rows - 1) + row_bytes)) {
        return; /* the runtime validated it */
    }
    if (update_in_place(d, ddi, r, off, s, data, row_pitch, depth_pitch, row_bytes, rows,
                        slices)) {
        return;
    }
    /* Tiled: the staged rows are a linear surface (pitch a multiple of 4)
     * that one COPY_2D moves into the subresource. */
    uint64_t tpitch = r->tiled ? umd_align_up(row_bytes, UMD_PITCH_ALIGN) : row_bytes;
    uint64_t slice_bytes = tpitch * rows;
    UmdAlloc tmp;
    UmdUploadPiece p;
    int ring = stage_begin(d, ddi, slice_bytes * slices, &p, &tmp);
    if (ring < 0) {
        return;
    }
    copy_update_rows(p.cpu, tpitch, slice_bytes, data, row_pitch, depth_pitch, row_bytes, rows,
                     slices);
    if (ring) {
        umd_upload_end(d);
    } else {
        umd_unlock(d, tmp.h);
    }
    if (r->tiled) {
        const UmdSubresource *sub = &r->sub[s];
        uint32_t x0 = (uint32_t)((off - sub->offset) % sub->pitch / r->bpp);
        uint32_t y0 = (uint32_t)((off - sub->offset) / sub->pitch);
        uint32_t w = (uint32_t)(row_bytes / r->bpp) * r->copy_scale;
        UmdSurf dst = sub_surf(r, s, r->copy_scale);
        UmdSurf src = { p.alloc, p.offset, (uint32_t)tpitch, w, rows, SABLE_TILING_LINEAR };
        emit_copy_2d(d, ddi, r->copy_format, &dst, x0 * r->copy_scale, y0, &src, 0, 0, w, rows);
    } else {
        for (uint32_t z = 0; z < slices; z++) {
            copy_rows(d, ddi, &r->alloc, off + z * r->sub[s].slice_pitch, r->sub[s].pitch,
                      p.alloc, p.offset + z * slice_bytes, (uint32_t)row_bytes, row_bytes, rows);
        }
    }
    if (!ring) {
        umd_defer_destroy(d, NULL, tmp.h);
    }
}

/* 3D resources around a 2D/copy packet or CPU write (res3d.c): the host
 * copy first if a draw wrote it, the backing newer after a write. */
bool umd_sync_before(UmdDevice *d, UmdDdi ddi, UmdResource *r)
{
    return r->magic != UMD_RESOURCE_MAGIC || umd_res3d_from_host(d, ddi, r);
}

void umd_update_subresource(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT s,
                            const D3D10_DDI_BOX *box, const void *data, UINT row_pitch,
                            UINT depth_pitch)
{
    if (umd_check_lost(d, ddi) || !umd_sync_before(d, ddi, r)) {
        return;
    }
    update_subresource(d, ddi, r, s, box, data, row_pitch, depth_pitch);
    if (r->magic == UMD_RESOURCE_MAGIC && data) {
        umd_res3d_backing_written(r);
        uint64_t off = box ? (uint64_t)box->left : 0;
        uint64_t n = box ? (uint64_t)(box->right - box->left) : r->width;
        umd_res3d_cb_write(r, off, data, n);
    }
}

static void copy_region(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UINT ds, UINT x, UINT y,
                        UINT z, UmdResource *src, UINT ss, const D3D10_DDI_BOX *box);

/* Multisampled resources (no transfers: res3d.c) are copied on the host,
 * a whole subresource (a slice of one mip) of one size and sample count
 * as D3D requires: x, y, z 0, no box or the whole subresource. */
static bool multisampled(const UmdResource *dst, const UmdResource *src)
{
    return dst->magic == UMD_RESOURCE_MAGIC && src->magic == UMD_RESOURCE_MAGIC &&
           (dst->samples > 1 || src->samples > 1);
}

static void copy_ms(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UINT ds, UINT x, UINT y, UINT z,
                    UmdResource *src, UINT ss, const D3D10_DDI_BOX *box)
{
    if (umd_check_lost(d, ddi)) {
        return;
    }
    bool whole = !box || (box->left == 0 && box->top == 0 && box->front == 0 &&
                          (uint32_t)box->right == src->width &&
                          (uint32_t)box->bottom == src->height && box->back == 1);
    if (!dst->res_id || !src->res_id || dst->samples != src->samples ||
        dst->width != src->width || dst->height != src->height || dst->bpp != src->bpp ||
        ds >= dst->nsub || ss >= src->nsub || x || y || z || !whole) {
        umd_unsupported(d, ddi, 0);
        return;
    }
    const VglBox all = { 0, 0, ss, src->width, src->height, 1 };
    umd_copy3d(d, ddi, dst, 0, ds, src, 0, &all);
}

static void copy_resource(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UmdResource *src)
{
    if (umd_check_lost(d, ddi) || dst->magic != UMD_RESOURCE_MAGIC ||
        src->magic != UMD_RESOURCE_MAGIC) {
        return;
    }
    /* The runtime guarantees equal dimensions and compatible formats: the
     * same layout unless one is tiled and the other not (a staging copy):
     * then subresource by subresource. */
    if (dst->tiled != src->tiled || dst->nsub != src->nsub ||
        (dst->tiled && (dst->sub[0].pitch != src->sub[0].pitch || dst->rows != src->rows))) {
        for (uint32_t s = 0; s < dst->nsub && s < src->nsub; s++) {
            copy_region(d, ddi, dst, s, 0, 0, 0, src, s, NULL);
        }
        return;
    }
    uint64_t size = umd_resource_bytes(dst) < umd_resource_bytes(src) ? umd_resource_bytes(dst) : umd_resource_bytes(src);
    emit_copy(d, ddi, &dst->alloc, 0, &src->alloc, 0, size);
}

void umd_copy_resource(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UmdResource *src)
{
    if (multisampled(dst, src)) {
        for (uint32_t s = 0; s < dst->nsub; s++) {
            copy_ms(d, ddi, dst, s, 0, 0, 0, src, s, NULL);
        }
        return;
    }
    if (umd_check_lost(d, ddi) || !umd_sync_before(d, ddi, src) || !umd_sync_before(d, ddi, dst)) {
        return;
    }
    copy_resource(d, ddi, dst, src);
    if (dst->magic == UMD_RESOURCE_MAGIC) {
        umd_res3d_backing_written(dst);
    }
}

static void copy_region(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UINT ds, UINT x, UINT y,
                        UINT z, UmdResource *src, UINT ss, const D3D10_DDI_BOX *box)
{
    uint64_t soff, row_bytes;
    uint32_t rows, slices;
    if (umd_check_lost(d, ddi) || dst->magic != UMD_RESOURCE_MAGIC ||
        src->magic != UMD_RESOURCE_MAGIC || ds >= dst->nsub || ss >= src->nsub ||
        dst->bpp != src->bpp || dst->block != src->block ||
        !box_region(src, ss, box, &soff, &row_bytes, &rows, &slices) || x % dst->block ||
        y % dst->block) {
        return;
    }
    const UmdSubresource *dsub = &dst->sub[ds];
    x /= dst->block; /* in blocks from here */
    y /= dst->block;
    if ((uint64_t)x * dst->bpp + row_bytes >
            (uint64_t)umd_blocks(dsub->width, dst->block) * dst->bpp ||
        (uint64_t)y + rows > umd_blocks(dsub->height, dst->block) ||
        (uint64_t)z + slices > dsub->depth) {
        return;
    }
    if (dst->tiled || src->tiled) {
        /* COPY_2D (one side at least TILE_Y; Texture2D: one slice) */
        UmdResource *t = dst->tiled ? dst : src;
        uint32_t sc = t->copy_scale;
        const UmdSubresource *ssub = &src->sub[ss];
        uint32_t sx = (uint32_t)((soff - ssub->offset) % ssub->pitch / src->bpp);
        uint32_t sy = (uint32_t)((soff - ssub->offset) / ssub->pitch);
        UmdSurf dsf = sub_surf(dst, ds, sc), sr = sub_surf(src, ss, sc);
        emit_copy_2d(d, ddi, t->copy_format, &dsf, x * sc, y, &sr, sx * sc, sy,
                     (uint32_t)(row_bytes / src->bpp) * sc, rows);
        return;
    }
    uint64_t doff = dsub->offset + (uint64_t)z * dsub->slice_pitch + (uint64_t)y * dsub->pitch +
                    (uint64_t)x * dst->bpp;
    for (uint32_t k = 0; k < slices; k++) {
        copy_rows(d, ddi, &dst->alloc, doff + k * dsub->slice_pitch, dsub->pitch, &src->alloc,
                  soff + k * src->sub[ss].slice_pitch, src->sub[ss].pitch, row_bytes, rows);
    }
}

void umd_copy_region(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UINT ds, UINT x, UINT y, UINT z,
                     UmdResource *src, UINT ss, const D3D10_DDI_BOX *box)
{
    if (multisampled(dst, src)) {
        copy_ms(d, ddi, dst, ds, x, y, z, src, ss, box);
        return;
    }
    if (umd_check_lost(d, ddi) || !umd_sync_before(d, ddi, src) || !umd_sync_before(d, ddi, dst)) {
        return;
    }
    copy_region(d, ddi, dst, ds, x, y, z, src, ss, box);
    if (dst->magic == UMD_RESOURCE_MAGIC) {
        umd_res3d_backing_written(dst);
    }
}
