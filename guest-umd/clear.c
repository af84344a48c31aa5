/* SPDX-License-Identifier: MIT */
/*
 * Clears of 2D resources: a render-target view as SOLID_FILL_2D per slice
 * (FILL of the element pattern for buffer views), a depth-stencil view as
 * FILL of the cleared texel; 3D resources go to state3d (umd_clear3d_*).
 */
#include <string.h>

#include "umd.h"
#include "umd_resource.h"

/* umd_resource.h */
bool umd_put_fill(UmdDevice *d, UmdDdi ddi, UmdAlloc *al, uint64_t offset, uint64_t size,
                  uint32_t pattern)
{
    UmdAlloc *const allocs[1] = { al };
    uint8_t *p = umd_cmd_begin(d, ddi, sizeof(struct sable_cmd_fill), allocs, 1, 1);
    if (!p) {
        return false;
    }
    struct sable_cmd_fill f;
    memset(&f, 0, sizeof(f));
    f.header = SABLE_CMD_HEADER(SABLE_OP_FILL, 0, sizeof(f) / 4);
    f.pattern = pattern;
    f.size = size;
    memcpy(p, &f, sizeof(f));
    umd_cmd_patch(d, offsetof(struct sable_cmd_fill, dst), al, offset, true);
    umd_cmd_commit(d);
    return true;
}
static uint32_t unorm(FLOAT f, uint32_t max)
{
    if (!(f > 0.0f)) {
        return 0;
    }
    if (f >= 1.0f) {
        return max;
    }
    return (uint32_t)((double)f * max + 0.5);
}

/* The 32-bit FILL pattern of a buffer view's element cleared to rgba, for
 * the formats whose element repeats every 4 bytes; false for the others. */
bool umd_buffer_pattern(DXGI_FORMAT f, const FLOAT rgba[4], uint32_t *pattern)
{
    uint32_t p;
    switch (f) {
    case DXGI_FORMAT_R8G8B8A8_UNORM:
        p = unorm(rgba[0], 255) | unorm(rgba[1], 255) << 8 | unorm(rgba[2], 255) << 16 |
            unorm(rgba[3], 255) << 24;
        break;
    case DXGI_FORMAT_B8G8R8A8_UNORM:
        p = unorm(rgba[2], 255) | unorm(rgba[1], 255) << 8 | unorm(rgba[0], 255) << 16 |
            unorm(rgba[3], 255) << 24;
        break;
    case DXGI_FORMAT_R32_FLOAT:
        memcpy(&p, &rgba[0], 4);
        break;
    case DXGI_FORMAT_R32_UINT:
        p = rgba[0] > 0.0f ? (rgba[0] >= 4294967295.0f ? UINT32_MAX : (uint32_t)rgba[0]) : 0;
        break;
    case DXGI_FORMAT_R16_UNORM:
        p = unorm(rgba[0], 0xffffu) * 0x10001u;
        break;
    case DXGI_FORMAT_R8_UNORM:
        p = unorm(rgba[0], 255) * 0x01010101u;
        break;
    default:
        return false;
    }
    if (pattern) {
        *pattern = p;
    }
    return true;
}

static uint32_t unorm8(FLOAT f)
{
    if (!(f > 0.0f)) {
        return 0;
    }
    if (f >= 1.0f) {
        return 255;
    }
    return (uint32_t)(f * 255.0f + 0.5f);
}

void umd_clear_rtv(UmdDevice *d, UmdRtv *v, const FLOAT rgba[4])
{
    if (umd_check_lost(d, UMD_DDI_ClearRenderTargetView) || !v->res ||
        v->res->magic != UMD_RESOURCE_MAGIC) {
        return;
    }
    if (v->res->res_id && v->res->dim != D3D10DDIRESOURCE_BUFFER) {
        umd_clear3d_rtv(d, v, rgba);
        return;
    }
    if (!umd_sync_before(d, UMD_DDI_ClearRenderTargetView, v->res)) {
        return;
    }
    UmdResource *r = v->res;
    umd_res3d_backing_written(r); /* the fills below come before any later draw */
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        uint32_t pattern = 0, esize = umd_format_bpp(v->format);
        umd_buffer_pattern(v->format, rgba, &pattern);
        umd_put_fill(d, UMD_DDI_ClearRenderTargetView, &r->alloc,
                     (uint64_t)v->first_element * esize, (uint64_t)v->elements * esize, pattern);
        return;
    }
    uint32_t color = unorm8(rgba[3]) << 24 | unorm8(rgba[0]) << 16 | unorm8(rgba[1]) << 8 |
                     unorm8(rgba[2]);
    bool vol = r->dim == D3D10DDIRESOURCE_TEXTURE3D;
    for (uint32_t s = v->first_slice; s < v->first_slice + v->slices; s++) {
        const UmdSubresource *sub = &r->sub[vol ? v->mip : v->mip + s * r->mips];
        uint64_t at = sub->offset + (vol ? s * sub->slice_pitch : 0);
        UmdAlloc *const allocs[1] = { &r->alloc };
        uint8_t *p = umd_cmd_begin(d, UMD_DDI_ClearRenderTargetView,
                                   sizeof(struct sable_cmd_solid_fill_2d), allocs, 1, 1);
        if (!p) {
            return;
        }
        struct sable_cmd_solid_fill_2d f;
        memset(&f, 0, sizeof(f));
        f.header = SABLE_CMD_HEADER(SABLE_OP_SOLID_FILL_2D, 0, sizeof(f) / 4);
        f.color = color;
        f.dst.pitch = sub->pitch;
        f.dst.format = SABLE_SURFACE_FORMAT(umd_sable_format(v->format),
                                            r->tiled ? SABLE_TILING_Y : SABLE_TILING_LINEAR);
        f.dst.width = sub->width;
        f.dst.height = sub->height;
        f.rect.w = sub->width;
        f.rect.h = sub->height;
        memcpy(p, &f, sizeof(f));
        umd_cmd_patch(d, offsetof(struct sable_cmd_solid_fill_2d, dst.addr), &r->alloc, at,
                      true);
        umd_cmd_commit(d);
    }
}

/* A FILL of each view slice with the cleared texel (every byte of the
 * subresource: the pattern repeats per 4 bytes). D24S8 with only one of
 * depth and stencil would need a masked write: not supported yet. */
void umd_clear_dsv(UmdDevice *d, UmdDsv *v, UINT flags, FLOAT depth, UINT8 stencil)
{
    if (umd_check_lost(d, UMD_DDI_ClearDepthStencilView) || !v->res ||
        v->res->magic != UMD_RESOURCE_MAGIC) {
        return;
    }
    if (v->res->res_id) {
        umd_clear3d_dsv(d, v, flags, depth, stencil);
        return;
    }
    if (!umd_sync_before(d, UMD_DDI_ClearDepthStencilView, v->res)) {
        return;
    }
    umd_res3d_backing_written(v->res);
    uint32_t pattern;
    bool clear_depth = (flags & D3D10_DDI_CLEAR_DEPTH) != 0;
    switch (v->format) {
    case DXGI_FORMAT_D32_FLOAT: {
        FLOAT c = depth < 0.0f ? 0.0f : depth > 1.0f ? 1.0f : depth;
        memcpy(&pattern, &c, 4);
        break;
    }
    case DXGI_FORMAT_D16_UNORM:
        pattern = unorm(depth, 0xffffu) * 0x10001u;
        break;
    default: /* D24_UNORM_S8_UINT */
        if ((flags & (D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL)) !=
            (D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL)) {
            umd_unsupported(d, UMD_DDI_ClearDepthStencilView, 0);
            return;
        }
        pattern = unorm(depth, 0xffffffu) | (uint32_t)stencil << 24;
        clear_depth = true;
        break;
    }
    if (!clear_depth) {
        return; /* stencil of a format without stencil: nothing */
    }
    UmdResource *r = v->res;
    for (uint32_t s = v->first_slice; s < v->first_slice + v->slices; s++) {
        const UmdSubresource *sub = &r->sub[v->mip + s * r->mips];
        /* tiled: the subresource's whole tile rows (the pattern repeats per
         * 4 bytes and TILE_Y keeps 16-byte columns, so every texel gets it) */
        uint64_t size = r->tiled
                            ? (uint64_t)sub->pitch * umd_align_up(sub->height, SABLE_TILE_HEIGHT)
                            : sub->size;
        if (!umd_put_fill(d, UMD_DDI_ClearDepthStencilView, &r->alloc, sub->offset, size,
                          pattern)) {
            return;
        }
    }
}
