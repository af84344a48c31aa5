/* SPDX-License-Identifier: MIT */
/*
 * Views: render-target (buffer elements, or a mip's array/W slices),
 * depth-stencil (D16, D24S8, D32 textures; D32S8 on the 3D path) and
 * shader-resource views,
 * checked against their resource; what is not supported yet is reported
 * through umd_unsupported.
 */
#include <string.h>

#include "umd.h"
#include "umd_resource.h"

/* Texture1D and cube RTV/DSVs are read through the Tex2D member of the
 * view unions (cube SRVs differ: umd_srv_create gets them converted). */
#define SAME_VIEW_LAYOUT(a, b) \
    _Static_assert(sizeof(a) == sizeof(b) && \
                       offsetof(a, ArraySize) == offsetof(b, ArraySize), \
                   #a " reads as " #b)
SAME_VIEW_LAYOUT(D3D10DDIARG_TEXCUBE_RENDERTARGETVIEW, D3D10DDIARG_TEX2D_RENDERTARGETVIEW);
SAME_VIEW_LAYOUT(D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW, D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW);
SAME_VIEW_LAYOUT(D3D10DDIARG_TEX1D_RENDERTARGETVIEW, D3D10DDIARG_TEX2D_RENDERTARGETVIEW);
SAME_VIEW_LAYOUT(D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW, D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW);
SAME_VIEW_LAYOUT(D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW, D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW);
_Static_assert(offsetof(D3D10DDIARG_TEX3D_RENDERTARGETVIEW, FirstW) ==
                   offsetof(D3D10DDIARG_TEX2D_RENDERTARGETVIEW, FirstArraySlice) &&
               offsetof(D3D10DDIARG_TEX3D_RENDERTARGETVIEW, WSize) ==
                   offsetof(D3D10DDIARG_TEX2D_RENDERTARGETVIEW, ArraySize),
               "Tex3D RTVs (MipSlice, FirstW, WSize) read as Tex2D");

/* A render target view's format: one the 3D path renders (a 3D
 * resource), else one the 2D engine clears. */
static bool rtv_format(const UmdDevice *d, const UmdResource *r, DXGI_FORMAT f)
{
    return r->res_id ? umd_format3d_renderable(d, f) : umd_sable_format(f) != SABLE_FORMAT_INVALID;
}

void umd_rtv_create(UmdDevice *d, const D3D10DDIARG_CREATERENDERTARGETVIEW *c, UmdRtv *v)
{
    memset(v, 0, sizeof(*v));
    if (umd_check_lost(d, UMD_DDI_CreateRenderTargetView)) {
        return;
    }
    UmdResource *r = umd_res(c->hDrvResource);
    /* Tex1D {MipSlice, FirstArraySlice, ArraySize} has the Tex2D layout. */
    if (r && r->magic == UMD_RESOURCE_MAGIC && r->dim == D3D10DDIRESOURCE_BUFFER &&
        c->ResourceDimension == D3D10DDIRESOURCE_BUFFER) {
        uint32_t esize = umd_format_bpp(c->Format);
        if (!umd_buffer_pattern(c->Format, (const FLOAT[4]){ 0 }, NULL) || !c->Buffer.NumElements ||
            ((uint64_t)c->Buffer.FirstElement + c->Buffer.NumElements) * esize > r->width) {
            umd_unsupported(d, UMD_DDI_CreateRenderTargetView, 0);
            return;
        }
        v->res = r;
        v->format = c->Format;
        v->first_element = c->Buffer.FirstElement;
        v->elements = c->Buffer.NumElements;
        return;
    }
    /* Tex3D {MipSlice, FirstW, WSize}: W slices of the mip play the array
     * slices. */
    uint32_t layers = r && r->magic == UMD_RESOURCE_MAGIC && r->dim == D3D10DDIRESOURCE_TEXTURE3D &&
                      c->Tex3D.MipSlice < r->mips ? r->sub[c->Tex3D.MipSlice].depth
                      : r ? r->array_size : 0;
    if (!r || r->magic != UMD_RESOURCE_MAGIC || c->ResourceDimension != r->dim ||
        r->dim == D3D10DDIRESOURCE_BUFFER || c->Tex2D.MipSlice >= r->mips ||
        c->Tex2D.FirstArraySlice >= layers || c->Tex2D.ArraySize == 0 ||
        c->Tex2D.ArraySize > layers - c->Tex2D.FirstArraySlice ||
        !rtv_format(d, r, c->Format != DXGI_FORMAT_UNKNOWN ? c->Format : r->format)) {
        umd_unsupported(d, UMD_DDI_CreateRenderTargetView, 0); /* buffer views, other formats */
        return;
    }
    v->res = r;
    v->format = c->Format != DXGI_FORMAT_UNKNOWN ? c->Format : r->format;
    v->mip = c->Tex2D.MipSlice;
    v->first_slice = c->Tex2D.FirstArraySlice;
    v->slices = c->Tex2D.ArraySize;
}

static bool depth_format(DXGI_FORMAT f)
{
    return f == DXGI_FORMAT_D32_FLOAT || f == DXGI_FORMAT_D16_UNORM ||
           f == DXGI_FORMAT_D24_UNORM_S8_UINT;
}

void umd_dsv_create(UmdDevice *d, UmdResource *r, DXGI_FORMAT format,
                    D3D10DDIRESOURCE_TYPE dim, const D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW *t,
                    UmdDsv *v)
{
    memset(v, 0, sizeof(*v));
    if (umd_check_lost(d, UMD_DDI_CreateDepthStencilView)) {
        return;
    }
    DXGI_FORMAT f = format != DXGI_FORMAT_UNKNOWN ? format : (r ? r->format : format);
    if (!r || r->magic != UMD_RESOURCE_MAGIC || dim != r->dim ||
        r->dim == D3D10DDIRESOURCE_BUFFER || r->dim == D3D10DDIRESOURCE_TEXTURE3D ||
        !(depth_format(f) || (f == DXGI_FORMAT_D32_FLOAT_S8X24_UINT && r->res_id)) ||
        umd_format_bpp(f) != r->bpp ||
        t->MipSlice >= r->mips || t->FirstArraySlice >= r->array_size || t->ArraySize == 0 ||
        t->ArraySize > r->array_size - t->FirstArraySlice) {
        umd_unsupported(d, UMD_DDI_CreateDepthStencilView, 0); /* 3D, D32S8 off the 3D path */
        return;
    }
    v->res = r;
    v->format = f;
    v->mip = t->MipSlice;
    v->first_slice = t->FirstArraySlice;
    v->slices = t->ArraySize;
}

/* A typed buffer view whose first byte is not a multiple of this reads
 * a shadow (view_shadow.c): the host binds a view with glTexBufferRange,
 * whose offset llvmpipe wants aligned to GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT
 * (16); another offset puts the whole virgl context in error (tried: 20
 * bytes). */
#define UMD_BUFFER_VIEW_ALIGN 16u

static bool buffer_view_aligned(const UmdSrv *v)
{
    return (uint64_t)v->first_element * umd_format_bpp(v->format) % UMD_BUFFER_VIEW_ALIGN == 0;
}

/* Buffer views (typed: a virgl buffer view at the first draw; from a
 * byte UMD_BUFFER_VIEW_ALIGN does not allow, on a shadow made now) and
 * texture views of every dimension are recorded for when shaders read
 * them. MipLevels (UINT)-1: all from MostDetailedMip. */
void umd_srv_create(UmdDevice *d, UmdResource *r, DXGI_FORMAT format, D3D10DDIRESOURCE_TYPE dim,
                    const D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW *buf,
                    const D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW *tex, UmdSrv *v)
{
    memset(v, 0, sizeof(*v));
    if (umd_check_lost(d, UMD_DDI_CreateShaderResourceView)) {
        return;
    }
    bool ok = r && r->magic == UMD_RESOURCE_MAGIC && dim == r->dim;
    if (ok && dim == D3D10DDIRESOURCE_BUFFER) {
        uint32_t esize = umd_format_bpp(format);
        ok = esize && buf->NumElements &&
             ((uint64_t)buf->FirstElement + buf->NumElements) * esize <= r->width;
        if (ok) {
            v->first_element = buf->FirstElement;
            v->elements = buf->NumElements;
        }
    } else if (ok) { /* 1D, 2D, cube (as 2D), 3D (Tex3D given as {mip, 0, mips, 1}) */
        /* (Tex1D has the Tex2D layout) */
        uint32_t mips = tex->MipLevels == UINT32_MAX && tex->MostDetailedMip < r->mips
                            ? r->mips - tex->MostDetailedMip : tex->MipLevels;
        /* 3D textures: a format the host reads */
        DXGI_FORMAT f = format ? format : r->format;
        uint32_t swizzle;
        ok = umd_format_bpp(f) == r->bpp && (!r->res_id || umd_view_format(r, f, &swizzle)) &&
             mips &&
             tex->MostDetailedMip < r->mips && mips <= r->mips - tex->MostDetailedMip &&
             tex->ArraySize && tex->FirstArraySlice < r->array_size &&
             tex->ArraySize <= r->array_size - tex->FirstArraySlice;
        if (ok) {
            v->first_mip = tex->MostDetailedMip;
            v->mips = mips;
            v->first_slice = tex->FirstArraySlice;
            v->slices = tex->ArraySize;
        }
    }
    if (ok) {
        v->res = r;
        v->format = format ? format : r->format;
        v->stencil = umd_view_stencil(r, v->format);
        /* a 3D buffer's misaligned view: its shadow now, so that running
         * out of memory is this call's error */
        ok = !r->res_id || dim != D3D10DDIRESOURCE_BUFFER || buffer_view_aligned(v) ||
             umd_srv_shadow_make(d, v);
    }
    if (!ok) {
        memset(v, 0, sizeof(*v));
        umd_unsupported(d, UMD_DDI_CreateShaderResourceView, 0);
    }
}

/* GL samples a depth-stencil texture in one mode (depth or stencil) at a
 * time: virglrenderer sets it as it binds each sampler view, so in one
 * draw the last view bound would decide for all of them. */
static bool reads_other_than_stencil(const UmdState *st, const unsigned *stages,
                                     uint32_t nstages, const UmdResource *r)
{
    for (uint32_t k = 0; k < nstages; k++) {
        for (uint32_t i = 0; i < UMD_SRV_SLOTS; i++) {
            const UmdSrv *w = st->srv[stages[k]][i];
            if (w && w->res == r && !w->stencil) {
                return true;
            }
        }
    }
    return false;
}

void umd_srv_split_modes(const UmdState *st, const unsigned *stages, uint32_t nstages)
{
    for (uint32_t k = 0; k < nstages; k++) {
        for (uint32_t i = 0; i < UMD_SRV_SLOTS; i++) {
            UmdSrv *v = st->srv[stages[k]][i];
            if (v) {
                v->stencil_shadow =
                    v->stencil && reads_other_than_stencil(st, stages, nstages, v->res);
            }
        }
    }
}

/* A view format the host stores exactly as `vf` (the same GL internal
 * format, so GL may view one as the other) and that reads the same with
 * *swizzle, or 0 (virglrenderer 0.10.4's format table: B8G8R8A8 and
 * R8G8B8A8 UNORM are both GL_RGBA8; B8G8R8X8 and R8G8B8X8 GL_RGBA8 with
 * alpha 1; L32_FLOAT is GL_R32F read as (r, r, r, 1), so (r, 0, 0, 1)
 * through the swizzle, R32_FLOAT's own reading). */
static uint32_t alias_format(uint32_t vf, uint32_t *swizzle)
{
    switch (vf) {
    case SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM:
        return SABLE_VIRGL_FORMAT_R8G8B8A8_UNORM;
    case SABLE_VIRGL_FORMAT_R8G8B8A8_UNORM:
        return SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM;
    case SABLE_VIRGL_FORMAT_B8G8R8X8_UNORM:
        return SABLE_VIRGL_FORMAT_R8G8B8X8_UNORM;
    case SABLE_VIRGL_FORMAT_R32_FLOAT:
        *swizzle = SABLE_VIRGL_SWIZZLE(0, 4, 4, 5);
        return SABLE_VIRGL_FORMAT_L32_FLOAT;
    default:
        return 0;
    }
}

/* A texture view (host format vf) of part of the slices, read with the
 * resource's own target: virglrenderer 0.10.4 makes the GL texture view
 * that starts at the first slice only when the view's target or format
 * differs from the resource's (not for the formats of a depth-stencil
 * resource: it reads the resource's own), and otherwise reads the whole
 * texture from slice 0. */
static bool part_own(const UmdSrv *v, uint32_t target, uint32_t vf)
{
    const UmdResource *r = v->res;
    bool other = vf != r->virgl_format && !umd_virgl_depth(r->virgl_format);
    return target == umd_res3d_target(r) && !other &&
           (v->first_slice || v->slices != r->array_size);
}

bool umd_srv_shadowed(const UmdSrv *v, uint32_t target)
{
    uint32_t swizzle;
    if (v->ex_kind) {
        return false;
    }
    if (v->res->dim == D3D10DDIRESOURCE_BUFFER) {
        return !buffer_view_aligned(v);
    }
    if (v->stencil_shadow) {
        return true;
    }
    uint32_t vf = umd_view_format(v->res, v->format, &swizzle);
    return part_own(v, target, vf) && !alias_format(vf, &swizzle);
}

/* virglrenderer 0.10.4 binds a buffer view with glTexBufferRange over
 * elements first..last (times the format's size; Mesa's virgl encoder
 * sends elements too), target BUFFER. A view of part of the slices read
 * with the resource's own target takes a format alias (above), which
 * forces the texture view; without one it reads its shadow, which holds
 * exactly the view's mips and slices (view_shadow.c). */
bool umd_srv_encode(const UmdSrv *v, uint32_t target, VglBuf *b)
{
    bool shadowed = umd_srv_shadowed(v, target);
    const UmdResource *sh = shadowed ? v->shadow : NULL;
    if (shadowed && !sh) {
        return false;
    }
    if (v->res->dim == D3D10DDIRESOURCE_BUFFER) {
        uint32_t vf = umd_virgl_format(v->format), first = sh ? 0 : v->first_element;
        return vf && vgl_create_buffer_view(b, v->handle, (sh ? sh : v->res)->res_id,
                                            vf | SABLE_VIRGL_TARGET_BUFFER << 24, first,
                                            first + v->elements - 1,
                                            SABLE_VIRGL_SWIZZLE_IDENTITY);
    }
    uint32_t swizzle, vf = umd_view_format(v->res, v->format, &swizzle);
    if (!vf) {
        return false;
    }
    if (sh) {
        return vgl_create_sampler_view(b, v->handle, sh->res_id, vf | target << 24, 0,
                                       v->slices - 1, 0, v->mips - 1, swizzle);
    }
    if (part_own(v, target, vf) && !(vf = alias_format(vf, &swizzle))) {
        return false;
    }
    return vgl_create_sampler_view(b, v->handle, v->res->res_id, vf | target << 24,
                                   v->first_slice, v->first_slice + v->slices - 1, v->first_mip,
                                   v->first_mip + v->mips - 1, swizzle);
}
