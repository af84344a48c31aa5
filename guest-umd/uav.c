/* SPDX-License-Identifier: MIT */
/*
 * Unordered access views: creation against the resource, the compute
 * stage's slots, and ClearUnorderedAccessView* (contract in umd_uav.h).
 * Texture clears are CLEAR_TEXTURE in the device's virgl stream; buffer
 * clears are FILLs of the backing (every element a 32-bit pattern), as
 * buffer render-target clears are.
 */
#include <string.h>

#include "umd_resource.h"
#include "umd_stream.h"
#include "umd_uav.h"

#define SSBO_OFFSET_ALIGN 16u /* GL's shader storage offset alignment on the host */

SIZE_T umd_uav_size(void)
{
    return sizeof(UmdUav);
}

static bool buffer_view(const UmdResource *r, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *c,
                        UmdUav *v)
{
    const D3D11DDIARG_BUFFER_UNORDEREDACCESSVIEW *b = &c->Buffer;
    uint32_t esize;
    if (b->Flags & ~D3D11_DDI_BUFFER_UAV_FLAG_RAW) {
        return false; /* append / counter: no counter support */
    }
    if (b->Flags & D3D11_DDI_BUFFER_UAV_FLAG_RAW) {
        v->kind = UMD_UAV_RAW;
        esize = 4;
        if (c->Format != DXGI_FORMAT_R32_TYPELESS ||
            !(r->misc & D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS)) {
            return false;
        }
    } else if (c->Format == DXGI_FORMAT_UNKNOWN) {
        v->kind = UMD_UAV_STRUCTURED;
        esize = r->byte_stride;
        if (!(r->misc & D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED) || esize == 0) {
            return false;
        }
    } else {
        v->kind = UMD_UAV_TYPED_BUFFER;
        esize = umd_format_bpp(c->Format);
        v->virgl_format = umd_virgl_format(c->Format);
        if (!v->virgl_format || esize == 0) {
            return false;
        }
    }
    uint64_t off = (uint64_t)b->FirstElement * esize, size = (uint64_t)b->NumElements * esize;
    if (b->NumElements == 0 || off + size > r->width ||
        (v->kind != UMD_UAV_TYPED_BUFFER && off % SSBO_OFFSET_ALIGN)) {
        return false;
    }
    v->offset = (uint32_t)off;
    v->size = (uint32_t)size;
    return true;
}

static bool texture_view(const UmdResource *r, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *c,
                         UmdUav *v)
{
    const D3D11DDIARG_TEX2D_UNORDEREDACCESSVIEW *t = &c->Tex2D;
    v->kind = UMD_UAV_TEXTURE;
    v->virgl_format = umd_virgl_format(c->Format);
    if (r->dim != D3D10DDIRESOURCE_TEXTURE2D || c->Format != r->format || !v->virgl_format ||
        t->MipSlice >= r->mips || t->ArraySize == 0 || t->FirstArraySlice >= r->array_size ||
        t->ArraySize > r->array_size - t->FirstArraySlice) {
        return false;
    }
    v->mip = t->MipSlice;
    v->first_slice = t->FirstArraySlice;
    v->slices = t->ArraySize;
    return true;
}

void umd_uav_create(UmdDevice *d, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *c, UmdUav *v)
{
    memset(v, 0, sizeof(*v));
    if (umd_check_lost(d, UMD_DDI_CreateUnorderedAccessView)) {
        return;
    }
    UmdResource *r = c ? umd_res(c->hDrvResource) : NULL;
    bool ok = r && r->magic == UMD_RESOURCE_MAGIC && r->res_id &&
              (r->bind & D3D11_DDI_BIND_UNORDERED_ACCESS) && c->ResourceDimension == r->dim &&
              (r->dim == D3D10DDIRESOURCE_BUFFER ? buffer_view(r, c, v) : texture_view(r, c, v));
    if (!ok) {
        memset(v, 0, sizeof(*v));
        umd_unsupported(d, UMD_DDI_CreateUnorderedAccessView, 0);
        return;
    }
    v->magic = UMD_UAV_MAGIC;
    v->res = r;
    v->format = c->Format;
}

void umd_uav_destroy(UmdDevice *d, UmdUav *v)
{
    for (uint32_t i = 0; i < UMD_UAV_SLOTS; i++) {
        if (d->state.uav[i] == v) {
            d->state.uav[i] = NULL;
        }
    }
    memset(v, 0, sizeof(*v));
}

void umd_set_uavs(UmdDevice *d, UINT start, UINT n, const D3D11DDI_HUNORDEREDACCESSVIEW *ph)
{
    if (start > UMD_UAV_SLOTS || n > UMD_UAV_SLOTS - start) {
        return; /* the runtime validated the range */
    }
    for (UINT i = 0; i < n; i++) {
        UmdUav *v = ph ? ph[i].pDrvPrivate : NULL;
        if (v && v->magic != UMD_UAV_MAGIC) {
            umd_unsupported(d, UMD_DDI_CsSetUnorderedAccessViews, 0);
            return;
        }
        d->state.uav[start + i] = v;
    }
}

bool umd_uav_bindings(const UmdState *st, UmdNamed *n, VglShaderBuffer *buf, VglImage *img)
{
    for (uint32_t i = 0; i < UMD_UAV_SLOTS; i++) {
        const UmdUav *v = st->uav[i];
        buf[i] = (VglShaderBuffer){ 0, 0, 0 };
        img[i] = (VglImage){ .access = SABLE_VIRGL_IMAGE_ACCESS_READ_WRITE };
        if (!v) {
            continue;
        }
        if (v->magic != UMD_UAV_MAGIC || !umd_stream_name(n, v->res, true)) {
            return false;
        }
        if (v->kind == UMD_UAV_RAW || v->kind == UMD_UAV_STRUCTURED) {
            buf[i] = (VglShaderBuffer){ v->offset, v->size, v->res->res_id };
        } else if (v->kind == UMD_UAV_TYPED_BUFFER) {
            img[i] = (VglImage){ v->virgl_format, SABLE_VIRGL_IMAGE_ACCESS_READ_WRITE, v->offset,
                                 v->size, 0, v->res->res_id, true };
        } else {
            img[i] = (VglImage){ v->virgl_format, SABLE_VIRGL_IMAGE_ACCESS_READ_WRITE,
                                 v->first_slice, v->first_slice + v->slices - 1, v->mip,
                                 v->res->res_id, false };
        }
    }
    return true;
}

/* ---- clears ---- */

static uint32_t unorm8(float f)
{
    return !(f > 0.0f) ? 0 : f >= 1.0f ? 255 : (uint32_t)(f * 255.0f + 0.5f);
}

/* One texel of f in memory order from the four clear values; its bytes,
 * 0 for a format not handled. Uint clears keep each channel's low bits. */
static uint32_t texel(DXGI_FORMAT f, const void *values, bool is_float, uint32_t out[4])
{
    uint32_t u[4];
    float x[4];
    memcpy(u, values, sizeof u);
    memcpy(x, values, sizeof x);
    uint32_t c8[4];
    for (int i = 0; i < 4; i++) {
        c8[i] = is_float ? unorm8(x[i]) : (u[i] & 0xffu);
    }
    memset(out, 0, 16);
    switch (f) {
    case DXGI_FORMAT_R32G32B32A32_FLOAT:
    case DXGI_FORMAT_R32G32_FLOAT:
    case DXGI_FORMAT_R32_FLOAT: {
        uint32_t n = umd_format_bpp(f) / 4u;
        memcpy(out, values, 4u * n); /* float values as they are; uint: their bits */
        return 4u * n;
    }
    case DXGI_FORMAT_R8G8B8A8_UNORM:
        out[0] = c8[0] | c8[1] << 8 | c8[2] << 16 | c8[3] << 24;
        return 4;
    case DXGI_FORMAT_B8G8R8A8_UNORM:
        out[0] = c8[2] | c8[1] << 8 | c8[0] << 16 | c8[3] << 24;
        return 4;
    default:
        return 0;
    }
}

static bool clear_texture(UmdDevice *d, UmdDdi ddi, UmdUav *v, const uint32_t data[4])
{
    UmdResource *r = v->res;
    UmdNamed n = { .n = 0 };
    const UmdSubresource *sub = &r->sub[v->mip];
    VglBox box = { 0, 0, v->first_slice, sub->width, sub->height, v->slices };
    if (!umd_stream_name(&n, r, true) || !umd_res3d_to_host(d, ddi, r)) {
        return false;
    }
    if (!umd_stream_begin(d) || !umd_stream_room(d, ddi, &n, 16) ||
        !vgl_clear_texture(&d->s3d.b, r->res_id, v->mip, &box, data) ||
        !umd_stream_send(d, ddi, &n)) {
        return false;
    }
    r->host_newer = true;
    r->backing_newer = false;
    return true;
}

static bool clear_buffer(UmdDevice *d, UmdDdi ddi, UmdUav *v, uint32_t pattern)
{
    UmdResource *r = v->res;
    if (!umd_sync_before(d, ddi, r)) {
        return false;
    }
    umd_res3d_backing_written(r);
    return umd_put_fill(d, ddi, &r->alloc, v->offset, v->size, pattern);
}

void umd_clear_uav(UmdDevice *d, UmdDdi ddi, UmdUav *v, const void *values, bool is_float)
{
    if (umd_check_lost(d, ddi)) {
        return;
    }
    uint32_t data[4];
    uint32_t bytes = 0;
    if (v && v->magic == UMD_UAV_MAGIC && values) {
        bool raw = v->kind == UMD_UAV_RAW || v->kind == UMD_UAV_STRUCTURED;
        bytes = raw && !is_float ? 4 : raw ? 0 : texel(v->format, values, is_float, data);
        if (raw && !is_float) {
            memcpy(data, values, 4); /* every 32-bit word takes the first value */
        }
    }
    bool done = bytes && (v->kind == UMD_UAV_TEXTURE ? clear_texture(d, ddi, v, data)
                          : bytes == 4                ? clear_buffer(d, ddi, v, data[0])
                                                      : false);
    if (!done && !d->lost) {
        umd_unsupported(d, ddi, 0);
    }
}
