/* SPDX-License-Identifier: MIT */
/*
 * View shadows (docs/umd.md "View shadows"): a shader resource view the
 * host cannot make on its resource (umd_srv_shadowed) is made on a 3D
 * resource of the UMD's own that holds only the view's range: a buffer
 * of the view's elements from byte 0, or a texture of the resource's
 * dimension, format and samples with exactly the view's mips and slices.
 * The draw and compute paths copy the range into it (RESOURCE_COPY_REGION
 * in the stream, so the copy sees every earlier write in stream order)
 * before each draw or dispatch whose shader reads the view.
 */
#include <stdlib.h>

#include "umd.h"
#include "umd_resource.h"

#define COPY_DW (1u + SABLE_VIRGL_RESOURCE_COPY_REGION_LEN)

static void shadow_desc(const UmdSrv *v, UmdResourceDesc *o)
{
    const UmdResource *r = v->res;
    *o = (UmdResourceDesc){ .dim = r->dim, .usage = D3D10_DDI_USAGE_DEFAULT,
                            .bind = D3D10_DDI_BIND_SHADER_RESOURCE, .depth = 1, .mips = 1,
                            .array_size = 1, .height = 1 };
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        o->format = DXGI_FORMAT_UNKNOWN;
        o->width = v->elements * umd_format_bpp(v->format); /* within r->width */
        return;
    }
    const UmdSubresource *top = &r->sub[v->first_mip]; /* slice 0 of the first mip */
    o->format = r->format; /* with the depth bind: the same host format (umd_res3d_format) */
    o->bind |= r->bind & D3D10_DDI_BIND_DEPTH_STENCIL;
    o->width = top->width;
    o->height = top->height;
    o->mips = v->mips;
    o->array_size = v->slices;
    o->samples = r->samples;
}

/* A 3D resource of the UMD's own, described by desc; NULL: it cannot be
 * had. */
static UmdResource *shadow_new(UmdDevice *d, const UmdResourceDesc *desc)
{
    uint32_t nsub = umd_desc_subresources(desc);
    UmdResource *r = nsub ? calloc(1, sizeof(UmdResource) + nsub * sizeof(UmdSubresource)) : NULL;
    if (!r || !umd_resource_setup(d, r, desc) || !umd_res3d_wanted(d, r) ||
        FAILED(umd_resource_alloc_3d(d, r))) {
        free(r);
        return NULL;
    }
    r->magic = UMD_RESOURCE_MAGIC;
    return r;
}

bool umd_srv_shadow_make(UmdDevice *d, UmdSrv *v)
{
    if (v->shadow) {
        return true;
    }
    UmdResourceDesc desc;
    shadow_desc(v, &desc);
    v->shadow = shadow_new(d, &desc);
    return v->shadow != NULL;
}

bool umd_rtv_w_range(const UmdRtv *v)
{
    const UmdResource *r = v->res;
    return r->dim == D3D10DDIRESOURCE_TEXTURE3D && v->slices > 1 && v->mip < r->nsub &&
           (v->first_slice || v->slices != r->sub[v->mip].depth);
}

bool umd_rtv_shadow_make(UmdDevice *d, UmdRtv *v)
{
    if (v->shadow) {
        return true;
    }
    const UmdResource *r = v->res;
    const UmdSubresource *sub = &r->sub[v->mip];
    const UmdResourceDesc desc = { .dim = D3D10DDIRESOURCE_TEXTURE3D, .format = r->format,
                                   .usage = D3D10_DDI_USAGE_DEFAULT,
                                   .bind = D3D10_DDI_BIND_RENDER_TARGET, .width = sub->width,
                                   .height = sub->height, .depth = v->slices, .mips = 1,
                                   .array_size = 1 };
    v->shadow = shadow_new(d, &desc);
    return v->shadow != NULL;
}

bool umd_rtv_shadow_copy(UmdDevice *d, const UmdRtv *v, bool back)
{
    const UmdResource *r = v->res, *s = v->shadow;
    const UmdSubresource *sub = &r->sub[v->mip];
    VglBuf *b = &d->s3d.b;
    d->shadow_copies++;
    if (back) {
        const VglBox box = { 0, 0, 0, sub->width, sub->height, v->slices };
        return vgl_resource_copy_region(b, r->res_id, v->mip, 0, 0, v->first_slice, s->res_id, 0,
                                        &box);
    }
    const VglBox box = { 0, 0, v->first_slice, sub->width, sub->height, v->slices };
    return vgl_resource_copy_region(b, s->res_id, 0, 0, 0, 0, r->res_id, v->mip, &box);
}

static void shadow_free(UmdDevice *d, UmdResource **shadow)
{
    if (*shadow) {
        umd_resource_destroy(d, *shadow);
        free(*shadow);
        *shadow = NULL;
    }
}

void umd_rtv_shadow_free(UmdDevice *d, UmdRtv *v)
{
    shadow_free(d, &v->shadow);
}

void umd_srv_shadow_free(UmdDevice *d, UmdSrv *v)
{
    shadow_free(d, &v->shadow);
}

uint32_t umd_srv_shadow_dw(const UmdSrv *v)
{
    return v->res->dim == D3D10DDIRESOURCE_BUFFER ? COPY_DW : COPY_DW * v->mips;
}

/* Buffers: the view's bytes to byte 0. Textures: per mip of the view,
 * its slices (gallium's z, 1D arrays too) to slices 0.. of the shadow's
 * mip. */
bool umd_srv_shadow_copy(UmdDevice *d, const UmdSrv *v)
{
    const UmdResource *r = v->res, *s = v->shadow;
    VglBuf *b = &d->s3d.b;
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        uint32_t esize = umd_format_bpp(v->format);
        const VglBox box = { v->first_element * esize, 0, 0, v->elements * esize, 1, 1 };
        d->shadow_copies++;
        return vgl_resource_copy_region(b, s->res_id, 0, 0, 0, 0, r->res_id, 0, &box);
    }
    bool ok = true;
    for (uint32_t m = 0; ok && m < v->mips; m++) {
        const UmdSubresource *sub = &r->sub[v->first_mip + m];
        const VglBox box = { 0, 0, v->first_slice, sub->width, sub->height, v->slices };
        ok = vgl_resource_copy_region(b, s->res_id, m, 0, 0, 0, r->res_id, v->first_mip + m,
                                      &box);
        d->shadow_copies++;
    }
    return ok;
}
