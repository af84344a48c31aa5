/* SPDX-License-Identifier: MIT */
/*
 * 3D resources (docs/umd.md "The draw path"): on an adapter whose KMD
 * reports SABLE_KMD_F_3D, a buffer or 2D texture bound for the 3D pipeline
 * (vertex, index, constant buffer, shader resource, render target, depth
 * stencil) is a 3D allocation: linear, with a virgl description, named in
 * streams and TRANSFERs by the resource id the KMD writes back.
 *
 * Coherence (the guest's, protocol 14.3) per resource, two flags:
 * backing_newer (the CPU or a 2D/copy packet wrote the allocation: a
 * TRANSFER TO_HOST before the next draw that uses it) and host_newer (a
 * draw wrote the host copy: a TRANSFER FROM_HOST before the CPU or a
 * 2D/copy packet reads or writes it). At most one is set.
 */
#include <stdlib.h>
#include <string.h>

#include "umd.h"
#include "umd_resource.h"

/* what virgl binds a buffer resource for (not render target or depth) */
#define BUFFER_BINDS_3D \
    (D3D10_DDI_BIND_VERTEX_BUFFER | D3D10_DDI_BIND_INDEX_BUFFER | \
     D3D10_DDI_BIND_CONSTANT_BUFFER | D3D10_DDI_BIND_SHADER_RESOURCE | \
     D3D11_DDI_BIND_UNORDERED_ACCESS | D3D10_DDI_BIND_STREAM_OUTPUT)
#define BINDS_3D \
    (D3D10_DDI_BIND_VERTEX_BUFFER | D3D10_DDI_BIND_INDEX_BUFFER | \
     D3D10_DDI_BIND_CONSTANT_BUFFER | D3D10_DDI_BIND_SHADER_RESOURCE | \
     D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_DEPTH_STENCIL | \
     D3D11_DDI_BIND_UNORDERED_ACCESS | D3D10_DDI_BIND_STREAM_OUTPUT)

static uint32_t virgl_bind(UINT bind, UINT misc, bool buffer)
{
    uint32_t b = 0;
    /* UAVs: buffers are shader storage; textures are images with the
     * sampler view bind (virglrenderer takes a bind of 0 for a buffer's) */
    if (bind & D3D11_DDI_BIND_UNORDERED_ACCESS) {
        b |= buffer ? SABLE_VIRGL_BIND_SHADER_BUFFER : SABLE_VIRGL_BIND_SAMPLER_VIEW;
    }
    b |= (misc & D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS) ? SABLE_VIRGL_BIND_COMMAND_ARGS : 0;
    b |= (bind & D3D10_DDI_BIND_VERTEX_BUFFER) ? SABLE_VIRGL_BIND_VERTEX_BUFFER : 0;
    b |= (bind & D3D10_DDI_BIND_INDEX_BUFFER) ? SABLE_VIRGL_BIND_INDEX_BUFFER : 0;
    b |= (bind & D3D10_DDI_BIND_CONSTANT_BUFFER) ? SABLE_VIRGL_BIND_CONSTANT_BUFFER : 0;
    b |= (bind & D3D10_DDI_BIND_SHADER_RESOURCE) ? SABLE_VIRGL_BIND_SAMPLER_VIEW : 0;
    b |= (bind & D3D10_DDI_BIND_RENDER_TARGET) ? SABLE_VIRGL_BIND_RENDER_TARGET : 0;
    b |= (bind & D3D10_DDI_BIND_DEPTH_STENCIL) ? SABLE_VIRGL_BIND_DEPTH_STENCIL : 0;
    b |= (bind & D3D10_DDI_BIND_STREAM_OUTPUT) ? SABLE_VIRGL_BIND_STREAM_OUTPUT : 0;
    return b;
}

/* virglrenderer takes a buffer with one bind, or with SAMPLER_VIEW among
 * others (a texture buffer); any other mix is refused ("Invalid texture
 * bind flags"): such a buffer is created with none (a plain GL buffer,
 * which GL binds anywhere). */
static uint32_t buffer_bind(UINT bind, UINT misc)
{
    uint32_t b = virgl_bind(bind & BUFFER_BINDS_3D, misc, true);
    bool one = (b & (b - 1)) == 0;
    return one || (b & SABLE_VIRGL_BIND_SAMPLER_VIEW) ? b : 0;
}

/* A swap chain buffer (BIND_PRESENT, or a primary): the present blit and
 * the scanout read its allocation as a linear 2D surface. */
static bool present_buffer(const UmdResource *r)
{
    return (r->bind & D3D10_DDI_BIND_PRESENT) || r->primary;
}

/* Buffers bound as vertex, index, constant buffer, shader resource,
 * unordered access or stream output or made for indirect arguments, and
 * 1D, 2D, 3D and cube textures and their arrays (multisampled: a 2D
 * texture or array of one mip) with a 3D bind; textures in a format of
 * format3d.c (3D textures bound as render targets too: draw.c draws into
 * views of one W slice and clears the others slice by slice). Shared
 * resources stay 2D (the KMD refuses to open 3D allocations on another
 * device). Swap chain buffers are 3D when they are also a 2D surface the
 * present blit and the scanout can read (umd_res3d_private describes them
 * so): a single-sampled Texture2D of one subresource in a format of the
 * 2D engine, sRGB ones as their UNORM sibling (umd_present_format); the
 * others stay 2D. */
bool umd_res3d_wanted(const UmdDevice *d, const UmdResource *r)
{
    bool args = r->dim == D3D10DDIRESOURCE_BUFFER &&
                (r->misc & D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS);
    if (!(d->adapter->priv.kmd_features & SABLE_KMD_F_3D) || !((r->bind & BINDS_3D) || args) ||
        (r->misc & D3D10_DDI_RESOURCE_MISC_SHARED)) {
        return false;
    }
    if (present_buffer(r) &&
        (r->dim != D3D10DDIRESOURCE_TEXTURE2D || r->mips != 1 || r->array_size != 1 ||
         r->samples > 1 || umd_present_format(r->format) == SABLE_FORMAT_INVALID)) {
        return false;
    }
    if (r->dim == D3D10DDIRESOURCE_BUFFER) { /* draws also read indirect arguments */
        return (r->bind & BUFFER_BINDS_3D) != 0 || args;
    }
    return umd_res3d_format(r) != 0 &&
           (r->samples <= 1 || (r->dim == D3D10DDIRESOURCE_TEXTURE2D && r->mips == 1));
}

/* The virgl target of a texture: its dimension, the array form when it
 * has more than one slice (more than one cube). */
uint32_t umd_res3d_target(const UmdResource *r)
{
    switch (r->dim) {
    case D3D10DDIRESOURCE_TEXTURE1D:
        return r->array_size > 1 ? SABLE_VIRGL_TARGET_TEXTURE_1D_ARRAY
                                 : SABLE_VIRGL_TARGET_TEXTURE_1D;
    case D3D10DDIRESOURCE_TEXTURE3D:
        return SABLE_VIRGL_TARGET_TEXTURE_3D;
    case D3D10DDIRESOURCE_TEXTURECUBE:
        return r->array_size > 6 ? SABLE_VIRGL_TARGET_TEXTURE_CUBE_ARRAY
                                 : SABLE_VIRGL_TARGET_TEXTURE_CUBE;
    default:
        return r->array_size > 1 ? SABLE_VIRGL_TARGET_TEXTURE_2D_ARRAY
                                 : SABLE_VIRGL_TARGET_TEXTURE_2D;
    }
}

void umd_res3d_private(const UmdResource *r, uint64_t size, struct sable_alloc_private_3d *p)
{
    memset(p, 0, sizeof(*p));
    p->base.magic = SABLE_ALLOC_PRIVATE_MAGIC;
    p->base.version = SABLE_ALLOC_PRIVATE_VERSION_3D;
    p->base.flags = SABLE_ALLOC_F_3D | SABLE_ALLOC_F_CPU_VISIBLE;
    p->base.size = size;
    bool cpu = r->usage == D3D10_DDI_USAGE_DYNAMIC || r->cpu_access != 0;
    p->base.segment = cpu ? SABLE_SEGMENT_APERTURE : SABLE_SEGMENT_VRAM;
    p->virgl.bind = r->dim == D3D10DDIRESOURCE_BUFFER ? buffer_bind(r->bind, r->misc)
                                                     : virgl_bind(r->bind, r->misc, false);
    p->virgl.depth = 1;
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        p->base.kind = SABLE_ALLOC_BUFFER;
        p->base.width = r->width;
        p->base.height = 1;
        p->virgl.target = SABLE_VIRGL_TARGET_BUFFER;
        p->virgl.format = SABLE_VIRGL_FORMAT_R8_UNORM;
        p->virgl.array_size = 1;
        return;
    }
    p->base.kind = SABLE_ALLOC_SURFACE;
    p->base.width = r->width;
    p->base.height = r->dim == D3D10DDIRESOURCE_TEXTURE1D ? 1 : r->height;
    p->virgl.target = umd_res3d_target(r);
    p->virgl.depth = r->dim == D3D10DDIRESOURCE_TEXTURE3D ? r->depth : 1;
    p->virgl.format = umd_res3d_format(r);
    p->virgl.array_size = r->array_size;
    p->virgl.last_level = r->mips - 1;
    p->virgl.nr_samples = r->samples > 1 ? r->samples : 0;
    if (present_buffer(r)) {
        /* also the linear 2D surface the present blit reads; a primary
         * (in VRAM, which the scanout reads) of its VidPN source */
        p->base.format = umd_present_format(r->format);
        p->base.pitch = r->sub[0].pitch;
        if (r->primary) {
            p->base.flags |= SABLE_ALLOC_F_PRIMARY;
            p->base.segment = SABLE_SEGMENT_VRAM;
            p->base.vidpn_source = r->vidpn_source;
        }
    }
}

/* One TRANSFER of subresource s, or of its W slices [z, z + depth) of a
 * 3D mip (slice_pitch apart): the packet names the allocation by listing
 * it (no patch location). A slice of an array (1D arrays too, as gallium
 * numbers their layers) is z = slice. */
static bool transfer_box(UmdDevice *d, UmdDdi ddi, UmdResource *r, uint32_t s, uint32_t dir,
                         uint32_t z, uint32_t depth)
{
    UmdAlloc *const a = &r->alloc;
    uint8_t *p = umd_cmd_begin(d, ddi, sizeof(struct sable_cmd_3d_transfer), &a, 1, 0);
    if (!p) {
        return false;
    }
    const UmdSubresource *sub = &r->sub[s];
    bool buffer = r->dim == D3D10DDIRESOURCE_BUFFER;
    bool vol = r->dim == D3D10DDIRESOURCE_TEXTURE3D;
    struct sable_cmd_3d_transfer t = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_TRANSFER,
                                   r->virgl_format == SABLE_VIRGL_FORMAT_S8_UINT_Z24_UNORM
                                       ? SABLE_CMD_F_SWAP_Z24S8
                                       : 0,
                                   sizeof(t) / 4),
        .direction = dir,
        .res_id = r->res_id,
        .level = buffer ? 0 : s % r->mips,
        .z = buffer ? 0 : vol ? z : s / r->mips,
        .w = sub->width,
        .h = sub->height,
        .d = vol ? depth : 1,
        .stride = buffer ? 0 : sub->pitch,
        .layer_stride = vol ? (uint32_t)sub->slice_pitch : 0,
        .offset = sub->offset + (vol ? z * sub->slice_pitch : 0),
        .size = vol ? depth * sub->slice_pitch : sub->size,
    };
    memcpy(p, &t, sizeof(t));
    umd_cmd_list(d, &r->alloc, dir == SABLE_3D_FROM_HOST);
    umd_cmd_commit(d);
    d->transfers++;
    return true;
}

/* Subresource s. virglrenderer 0.10.4 reads back only the first W slice
 * of a deeper box of a 3D texture (the others arrive as zeros: found by
 * /d3d/mrt/texture3d), so a 3D mip comes back slice by slice; it
 * uploads whole boxes. */
static bool transfer_sub(UmdDevice *d, UmdDdi ddi, UmdResource *r, uint32_t s, uint32_t dir)
{
    const UmdSubresource *sub = &r->sub[s];
    if (r->dim != D3D10DDIRESOURCE_TEXTURE3D) {
        return transfer_box(d, ddi, r, s, dir, 0, 1);
    }
    if (dir == SABLE_3D_TO_HOST) {
        return transfer_box(d, ddi, r, s, dir, 0, sub->depth);
    }
    for (uint32_t z = 0; z < sub->depth; z++) {
        if (!transfer_box(d, ddi, r, s, dir, z, 1)) {
            return false;
        }
    }
    return true;
}

/* Multisampled resources have no transfers (virgl cannot): the copy that
 * needs one is not supported. */
static bool transfer_all(UmdDevice *d, UmdDdi ddi, UmdResource *r, uint32_t dir)
{
    if (r->samples > 1) {
        umd_unsupported(d, ddi, 0);
        return false;
    }
    for (uint32_t s = 0; s < r->nsub; s++) {
        if (!transfer_sub(d, ddi, r, s, dir)) {
            return false;
        }
    }
    return true;
}

bool umd_res3d_to_host(UmdDevice *d, UmdDdi ddi, UmdResource *r)
{
    if (!r->res_id || !r->backing_newer) {
        return true;
    }
    if (!transfer_all(d, ddi, r, SABLE_3D_TO_HOST)) {
        return false;
    }
    r->backing_newer = false;
    return true;
}

bool umd_res3d_from_host(UmdDevice *d, UmdDdi ddi, UmdResource *r)
{
    if (!r->res_id || !r->host_newer) {
        return true;
    }
    if (!transfer_all(d, ddi, r, SABLE_3D_FROM_HOST)) {
        return false;
    }
    r->host_newer = false;
    return true;
}

void umd_res3d_backing_written(UmdResource *r)
{
    if (r->res_id) {
        r->backing_newer = true;
        r->host_newer = false;
        r->dyn_valid = false;
    }
}

void umd_res3d_cb_write(UmdResource *r, uint64_t off, const void *data, uint64_t n)
{
    if (r->cb_data && off < r->width && data) {
        memcpy(r->cb_data + off, data, n > r->width - off ? r->width - off : n);
    }
}
