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

/* Buffer and Texture2D views are recorded for when shaders sample them;
 * other dimensions are not supported yet. MipLevels (UINT)-1: all from
 * MostDetailedMip. */
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
        ok = umd_format_bpp(format ? format : r->format) == r->bpp && mips &&
             tex->MostDetailedMip < r->mips && mips <= r->mips - tex->MostDetailedMip &&
             tex->ArraySize && tex->FirstArraySlice < r->array_size &&
             tex->ArraySize <= r->array_size - tex->FirstArraySlice;
        if (ok) {
            v->first_mip = tex->MostDetailedMip;
            v->mips = mips;
            v->first_slice = tex->FirstArraySlice;
            v->slices = tex->ArraySize;
        }
    } else {
        ok = false;
    }
    if (!ok) {
        umd_unsupported(d, UMD_DDI_CreateShaderResourceView, 0);
        return;
    }
    v->res = r;
    v->format = format ? format : r->format;
}
