/* SPDX-License-Identifier: MIT */
/*
 * Subresource layout: a resource's subresources (numbered as D3D does:
 * mip + slice x mips) in its one KMD allocation, linearly
 * (pitches of 64 bytes, subresources 256-byte aligned; block-compressed
 * formats in rows of 4x4 blocks, sizes rounded up to whole blocks; a Texture1D is a
 * Texture2D of height 1, a cube a 2D array of 6n faces, a Texture3D mip a
 * stack of depth slices), or for Texture2D/cubes that are not staging as
 * one TILE_Y surface whose 32-row bands are the subresources
 * (tiled_layout).
 */
#include "umd.h"
#include "umd_resource.h"

#define UMD_SUB_ALIGN 256u

uint32_t umd_desc_subresources(const UmdResourceDesc *s)
{
    if (s->dim == D3D10DDIRESOURCE_BUFFER) {
        return 1;
    }
    /* A cube is a 2D array of ArraySize faces, 6 per cube ("First2DArrayFace
     * + 6 * NumCubes <= Resource ArraySize", D3D10_1DDIARG_TEXCUBE_SRV). */
    if (s->dim == D3D10DDIRESOURCE_TEXTURECUBE && (s->array_size % 6 || s->width != s->height)) {
        return 0;
    }
    if (s->dim == D3D10DDIRESOURCE_TEXTURE3D && s->array_size != 1) {
        return 0;
    }
    if ((s->dim != D3D10DDIRESOURCE_TEXTURE2D && s->dim != D3D10DDIRESOURCE_TEXTURE1D &&
         s->dim != D3D10DDIRESOURCE_TEXTURECUBE && s->dim != D3D10DDIRESOURCE_TEXTURE3D) ||
        s->mips == 0 || s->array_size == 0 || s->mips > 15 ||
        s->array_size > UMD_MAX_SUBRESOURCES ||
        (uint64_t)s->mips * s->array_size > UMD_MAX_SUBRESOURCES) {
        return 0;
    }
    return s->mips * s->array_size;
}

/* TILE_Y where the layout allows it: Texture2D and cubes that are not
 * staging, on a device with FEATURE_TILING, whose texel is 1, 2 or a
 * multiple of 4 bytes, not block-compressed (COPY_2D moves them as A8, B5G6R5 or B8G8R8A8
 * pixels), with the whole surface (pitch / 4 pixels, every subresource's
 * rows padded to 32) within the device's maximum dimension. */
static bool tiled_layout(const UmdDevice *d, UmdResource *r)
{
    if (!(d->adapter->priv.device_features & SABLE_FEATURE_TILING) || r->block > 1 ||
        (r->dim != D3D10DDIRESOURCE_TEXTURE2D && r->dim != D3D10DDIRESOURCE_TEXTURECUBE) ||
        r->usage == D3D10_DDI_USAGE_STAGING) {
        return false;
    }
    if (r->bpp == 1) {
        r->copy_format = SABLE_FORMAT_A8_UNORM;
        r->copy_scale = 1;
    } else if (r->bpp == 2) {
        r->copy_format = SABLE_FORMAT_B5G6R5_UNORM;
        r->copy_scale = 1;
    } else if (r->bpp % 4 == 0) {
        r->copy_format = SABLE_FORMAT_B8G8R8A8_UNORM;
        r->copy_scale = r->bpp / 4;
    } else {
        return false;
    }
    uint64_t pitch = umd_align_up((uint64_t)r->width * r->bpp, SABLE_TILE_WIDTH);
    uint64_t rows = 0;
    for (uint32_t m = 0; m < r->mips; m++) {
        uint32_t h = r->height >> m ? r->height >> m : 1;
        rows += umd_align_up(h, SABLE_TILE_HEIGHT);
    }
    rows *= r->array_size;
    uint32_t max = d->adapter->priv.max_surface_dim;
    if (pitch / 4 > max || rows > max) {
        return false;
    }
    uint64_t row = 0;
    for (uint32_t s = 0; s < r->array_size; s++) {
        for (uint32_t m = 0; m < r->mips; m++) {
            UmdSubresource *sub = &r->sub[m + s * r->mips];
            sub->width = r->width >> m ? r->width >> m : 1;
            sub->height = r->height >> m ? r->height >> m : 1;
            sub->depth = 1;
            sub->pitch = (uint32_t)pitch;
            sub->slice_pitch = pitch * sub->height;
            sub->size = sub->slice_pitch;
            sub->offset = row * pitch;
            row += umd_align_up(sub->height, SABLE_TILE_HEIGHT);
        }
    }
    r->rows = (uint32_t)rows;
    r->tiled = true;
    return true;
}

/* A linear row: UMD_PITCH_ALIGN-aligned and a whole number of texels
 * (virglrenderer gives GL the row length in texels: a 12-byte format's
 * rows are 192-byte aligned). */
static uint32_t row_pitch(uint32_t width, uint32_t bpp)
{
    uint32_t align = UMD_PITCH_ALIGN;
    while (align % bpp) {
        align += UMD_PITCH_ALIGN;
    }
    return (uint32_t)umd_align_up((uint64_t)width * bpp, align);
}

static void layout(UmdResource *r)
{
    uint64_t off = 0;
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        r->sub[0] = (UmdSubresource){ .offset = 0, .pitch = r->width, .width = r->width,
                                      .height = 1, .depth = 1, .slice_pitch = r->width,
                                      .size = r->width };
        return;
    }
    for (uint32_t s = 0; s < r->array_size; s++) {
        for (uint32_t m = 0; m < r->mips; m++) {
            UmdSubresource *sub = &r->sub[m + s * r->mips];
            sub->width = r->width >> m ? r->width >> m : 1;
            sub->height = r->height >> m ? r->height >> m : 1;
            sub->depth = r->depth >> m ? r->depth >> m : 1;
            sub->pitch = row_pitch(umd_blocks(sub->width, r->block), r->bpp);
            sub->slice_pitch = (uint64_t)sub->pitch * umd_blocks(sub->height, r->block);
            sub->size = sub->slice_pitch * sub->depth;
            off = umd_align_up(off, UMD_SUB_ALIGN);
            sub->offset = off;
            off += sub->size;
        }
    }
}

uint64_t umd_resource_bytes(const UmdResource *r)
{
    if (r->tiled) {
        return (uint64_t)r->sub[0].pitch * r->rows;
    }
    const UmdSubresource *last = &r->sub[r->nsub - 1];
    return last->offset + last->size;
}

bool umd_resource_setup(UmdDevice *d, UmdResource *r, const UmdResourceDesc *desc)
{
    uint32_t nsub = umd_desc_subresources(desc);
    bool buffer = desc->dim == D3D10DDIRESOURCE_BUFFER;
    bool tex1d = desc->dim == D3D10DDIRESOURCE_TEXTURE1D;
    uint32_t bpp = buffer ? 1 : umd_format_bpp(desc->format);
    uint32_t max = d->adapter->priv.max_surface_dim;
    if (!nsub || !bpp || desc->width == 0 || desc->height == 0 ||
        (!buffer && (desc->width > max || (!tex1d && desc->height > max)))) {
        return false;
    }
    r->dim = desc->dim;
    r->usage = desc->usage;
    r->bind = desc->bind;
    r->cpu_access = desc->cpu_access;
    r->misc = desc->misc;
    r->format = desc->format;
    r->bpp = bpp;
    r->block = buffer ? 1 : umd_format_block(desc->format);
    r->width = desc->width;
    r->height = desc->height;
    r->depth = desc->depth;
    r->mips = desc->mips;
    r->array_size = desc->array_size;
    r->samples = desc->samples > 1 ? desc->samples : 1;
    r->nsub = nsub;
    /* primaries stay linear: the display scans them out */
    if (r->primary || umd_res3d_wanted(d, r) || !tiled_layout(d, r)) {
        layout(r);
    }
    return true;
}
