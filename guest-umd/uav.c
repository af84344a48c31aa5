/* SPDX-License-Identifier: MIT */
/*
 * Unordered access views: creation against the resource, the compute
 * stage's slots, and ClearUnorderedAccessView* (contract in umd_uav.h).
 * Texture clears are CLEAR_TEXTURE in the device's virgl stream; buffer
 * clears are FILLs of the backing (every element a 32-bit pattern), as
 * buffer render-target clears are.
 */
#include <stdlib.h>
#include <string.h>

#include "umd_resource.h"
#include "umd_stream.h"
#include "umd_uav.h"

#define SSBO_OFFSET_ALIGN 16u /* GL's shader storage offset alignment on the host */
#define COUNTER_BYTES 16u
#define COUNTER_FLAGS (D3D11_DDI_BUFFER_UAV_FLAG_APPEND | D3D11_DDI_BUFFER_UAV_FLAG_COUNTER)

SIZE_T umd_uav_size(void)
{
    return sizeof(UmdUav);
}

/* Elements first .. first + num - 1 of r as a raw view (R32_TYPELESS, a
 * resource allowing raw views: 4-byte elements) or a structured one
 * (UNKNOWN, a structured resource: its stride); a typed view's element is
 * its format's. The byte range must lie inside r; raw and structured
 * ranges start on the host's shader storage alignment. */
static bool buffer_range(const UmdResource *r, DXGI_FORMAT f, bool raw, uint32_t first,
                         uint32_t num, uint8_t *kind, uint32_t *offset, uint32_t *size)
{
    uint32_t esize;
    if (raw) {
        *kind = UMD_UAV_RAW;
        esize = f == DXGI_FORMAT_R32_TYPELESS &&
                (r->misc & D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS) ? 4 : 0;
    } else if (f == DXGI_FORMAT_UNKNOWN) {
        *kind = UMD_UAV_STRUCTURED;
        esize = (r->misc & D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED) ? r->byte_stride : 0;
    } else {
        *kind = UMD_UAV_TYPED_BUFFER;
        esize = umd_format_bpp(f);
    }
    uint64_t off = (uint64_t)first * esize, bytes = (uint64_t)num * esize;
    if (esize == 0 || num == 0 || off + bytes > r->width ||
        (*kind != UMD_UAV_TYPED_BUFFER && off % SSBO_OFFSET_ALIGN)) {
        return false;
    }
    *offset = (uint32_t)off;
    *size = (uint32_t)bytes;
    return true;
}

static bool buffer_view(const UmdResource *r, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *c,
                        UmdUav *v)
{
    const D3D11DDIARG_BUFFER_UNORDEREDACCESSVIEW *b = &c->Buffer;
    bool raw = b->Flags & D3D11_DDI_BUFFER_UAV_FLAG_RAW;
    if ((b->Flags & ~(D3D11_DDI_BUFFER_UAV_FLAG_RAW | COUNTER_FLAGS)) ||
        ((b->Flags & COUNTER_FLAGS) && (raw || c->Format != DXGI_FORMAT_UNKNOWN ||
                                        (b->Flags & COUNTER_FLAGS) == COUNTER_FLAGS))) {
        return false; /* a counter only on a structured view, append or counter */
    }
    v->virgl_format = umd_virgl_format(c->Format);
    return buffer_range(r, c->Format, raw, b->FirstElement, b->NumElements, &v->kind, &v->offset,
                        &v->size) &&
           (v->kind != UMD_UAV_TYPED_BUFFER || v->virgl_format);
}

static bool texture_view(const UmdResource *r, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *c,
                         UmdUav *v)
{
    const D3D11DDIARG_TEX2D_UNORDEREDACCESSVIEW *t = &c->Tex2D;
    v->kind = UMD_UAV_TEXTURE;
    v->virgl_format = umd_virgl_format(c->Format);
    /* the resource's format, or a typed one of a TYPELESS resource's
     * family (the runtime checks the family; the host binds the image in
     * the view's format, of the same size) */
    if (r->dim != D3D10DDIRESOURCE_TEXTURE2D || umd_format_bpp(c->Format) != r->bpp ||
        !v->virgl_format ||
        t->MipSlice >= r->mips || t->ArraySize == 0 || t->FirstArraySlice >= r->array_size ||
        t->ArraySize > r->array_size - t->FirstArraySlice) {
        return false;
    }
    v->mip = t->MipSlice;
    v->first_slice = t->FirstArraySlice;
    v->slices = t->ArraySize;
    return true;
}

/* The hidden count of v set to `count` (the next draw or dispatch sends
 * it to the host). */
static void set_count(UmdDevice *d, UmdDdi ddi, UmdUav *v, uint32_t count)
{
    const D3D10_DDI_BOX box = { 0, 0, 0, 4, 1, 1 };
    umd_update_subresource(d, ddi, v->counter, 0, &box, &count, 4, 4);
}

UmdResource *umd_hidden_buffer(UmdDevice *d, uint32_t bytes)
{
    D3D10DDI_MIPINFO mip = { bytes, 1, 1, bytes, 1, 1 };
    D3D11DDIARG_CREATERESOURCE c = {
        .pMipInfoList = &mip, .ResourceDimension = D3D10DDIRESOURCE_BUFFER,
        .Usage = D3D10_DDI_USAGE_DEFAULT, .BindFlags = D3D11_DDI_BIND_UNORDERED_ACCESS,
        .Format = DXGI_FORMAT_UNKNOWN, .SampleDesc = { 1, 0 }, .MipLevels = 1, .ArraySize = 1,
    };
    UmdResource *r = calloc(1, umd_resource_size(&c));
    if (r) {
        umd_resource_create(d, &c, r, (D3D10DDI_HRTRESOURCE){ NULL });
    }
    if (r && (r->magic != UMD_RESOURCE_MAGIC || !r->res_id)) {
        umd_resource_destroy(d, r);
        free(r);
        r = NULL;
    }
    return r;
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
    uint32_t reported = d->errors_reported;
    if (v->kind == UMD_UAV_STRUCTURED && (c->Buffer.Flags & COUNTER_FLAGS) &&
        !(v->counter = umd_hidden_buffer(d, COUNTER_BYTES))) {
        memset(v, 0, sizeof(*v));
        if (d->errors_reported == reported) { /* else the creation reported it */
            umd_unsupported(d, UMD_DDI_CreateUnorderedAccessView, 0);
        }
        return;
    }
    v->magic = UMD_UAV_MAGIC;
    v->res = r;
    v->format = c->Format;
    if (v->counter) {
        set_count(d, UMD_DDI_CreateUnorderedAccessView, v, 0);
    }
}

void umd_uav_destroy(UmdDevice *d, UmdUav *v)
{
    for (uint32_t i = 0; i < UMD_UAV_SLOTS; i++) {
        d->state.uav[i] = d->state.uav[i] == v ? NULL : d->state.uav[i];
        d->state.ps_uav[i] = d->state.ps_uav[i] == v ? NULL : d->state.ps_uav[i];
    }
    if (v->magic == UMD_UAV_MAGIC && v->counter) {
        umd_resource_destroy(d, v->counter);
        free(v->counter);
    }
    memset(v, 0, sizeof(*v));
}

/* A view bound with its initial count (UINT32_MAX: keep the count). */
static bool bind_one(UmdDevice *d, UmdDdi ddi, UmdUav **slot, UmdUav *v, const UINT *count)
{
    if (v && v->magic != UMD_UAV_MAGIC) {
        umd_unsupported(d, ddi, 0);
        return false;
    }
    *slot = v;
    if (v && v->counter && count && *count != UINT32_MAX) {
        set_count(d, ddi, v, *count);
    }
    return true;
}

void umd_set_uavs(UmdDevice *d, UINT start, UINT n, const D3D11DDI_HUNORDEREDACCESSVIEW *ph,
                  const UINT *counts)
{
    if (start > UMD_UAV_SLOTS || n > UMD_UAV_SLOTS - start) {
        return; /* the runtime validated the range */
    }
    for (UINT i = 0; i < n; i++) {
        if (!bind_one(d, UMD_DDI_CsSetUnorderedAccessViews, &d->state.uav[start + i],
                      ph ? ph[i].pDrvPrivate : NULL, counts ? &counts[i] : NULL)) {
            return;
        }
    }
}

void umd_set_om_uavs(UmdDevice *d, const D3D11DDI_HUNORDEREDACCESSVIEW *ph, const UINT *counts,
                     UINT start, UINT n, UINT range_start, UINT range_size)
{
    uint64_t end = (uint64_t)range_start + range_size;
    for (uint64_t slot = range_start; slot < end && slot < UMD_UAV_SLOTS; slot++) {
        bool given = ph && slot >= start && slot - start < n;
        if (!bind_one(d, UMD_DDI_SetRenderTargets, &d->state.ps_uav[slot],
                      given ? ph[slot - start].pDrvPrivate : NULL,
                      given && counts ? &counts[slot - start] : NULL)) {
            return;
        }
    }
}

static UmdUav *const *stage_uavs(const UmdState *st, unsigned stage)
{
    return stage == UMD_CS ? st->uav : st->ps_uav;
}

bool umd_uav_name(const UmdState *st, unsigned stage, UmdNamed *n)
{
    UmdUav *const *slots = stage_uavs(st, stage);
    for (uint32_t i = 0; i < UMD_UAV_SLOTS; i++) {
        if (slots[i] && (slots[i]->magic != UMD_UAV_MAGIC ||
                         !umd_stream_name(n, slots[i]->res, true) ||
                         !umd_stream_name(n, slots[i]->counter, true))) {
            return false;
        }
    }
    return true;
}

bool umd_put_uavs(UmdDevice *d, unsigned stage)
{
    UmdUav *const *slots = stage_uavs(&d->state, stage);
    VglShaderBuffer buf[UMD_UAV_SLOTS], cnt[UMD_UAV_SLOTS];
    VglImage img[UMD_UAV_SLOTS];
    const uint32_t rw = SABLE_VIRGL_IMAGE_ACCESS_READ_WRITE;
    for (uint32_t i = 0; i < UMD_UAV_SLOTS; i++) {
        const UmdUav *v = slots[i];
        buf[i] = (VglShaderBuffer){ 0, 0, 0 };
        cnt[i] = (VglShaderBuffer){ 0, 0, 0 };
        img[i] = (VglImage){ .access = rw };
        if (!v) {
            continue;
        }
        if (v->counter) {
            cnt[i] = (VglShaderBuffer){ 0, 4, v->counter->res_id };
        }
        if (v->kind == UMD_UAV_RAW || v->kind == UMD_UAV_STRUCTURED) {
            buf[i] = (VglShaderBuffer){ v->offset, v->size, v->res->res_id };
        } else if (v->kind == UMD_UAV_TYPED_BUFFER) {
            img[i] = (VglImage){ v->virgl_format, rw, v->offset, v->size, 0, v->res->res_id, true };
        } else {
            img[i] = (VglImage){ v->virgl_format, rw, v->first_slice,
                                 v->first_slice + v->slices - 1, v->mip, v->res->res_id, false };
        }
    }
    uint32_t type = umd_virgl_stage(stage);
    VglBuf *b = &d->s3d.b;
    bool ok = vgl_set_shader_buffers(b, type, 0, buf, UMD_UAV_SLOTS) &&
              vgl_set_shader_images(b, type, 0, img, UMD_UAV_SLOTS);
    /* only the counters the shader uses: the other slots from
     * SM4_COUNTER_BUFFER may be raw / structured SRVs (umd_put_srv_buffers) */
    uint8_t used = d->state.shader[stage] ? d->state.shader[stage]->info.uav_counters : 0;
    for (uint32_t i = 0; ok && i < UMD_UAV_SLOTS; i++) {
        ok = !(used >> i & 1) ||
             vgl_set_shader_buffers(b, type, SM4_COUNTER_BUFFER + i, &cnt[i], 1);
    }
    return ok;
}

void umd_copy_structure_count(UmdDevice *d, UmdResource *dst, UINT offset, UmdUav *v)
{
    const UmdDdi ddi = UMD_DDI_CopyStructureCount;
    if (umd_check_lost(d, ddi)) {
        return;
    }
    UmdNamed n = { .n = 0 };
    const VglBox box = { 0, 0, 0, 4, 1, 1 };
    bool ok = v && v->magic == UMD_UAV_MAGIC && v->counter && dst &&
              dst->magic == UMD_RESOURCE_MAGIC && dst->dim == D3D10DDIRESOURCE_BUFFER &&
              (uint64_t)offset + 4 <= dst->width && umd_stream_name(&n, v->counter, false) &&
              umd_stream_name(&n, dst, true);
    if (!ok) {
        umd_unsupported(d, ddi, 0);
        return;
    }
    if (!umd_res3d_to_host(d, ddi, v->counter) || !umd_res3d_to_host(d, ddi, dst)) {
        return;
    }
    if (!umd_stream_begin(d, ddi, &n) || !umd_stream_room(d, ddi, &n, 16) ||
        !vgl_resource_copy_region(&d->s3d.b, dst->res_id, 0, offset, 0, 0, v->counter->res_id,
                                  0, &box) ||
        !umd_stream_send(d, ddi, &n)) {
        if (!d->lost) {
            umd_unsupported(d, ddi, 0);
        }
        return;
    }
    dst->host_newer = true;
    dst->backing_newer = false;
}

/* ---- raw and structured shader resource views ---- */

void umd_srv_bufferex(UmdDevice *d, UmdResource *r, DXGI_FORMAT format,
                      const D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW *bx, UmdSrv *v)
{
    bool raw = bx->Flags & D3D11_DDI_BUFFEREX_SRV_FLAG_RAW;
    if (!raw && format != DXGI_FORMAT_UNKNOWN) { /* a typed buffer view */
        const D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW b = { bx->FirstElement, bx->NumElements };
        umd_srv_create(d, r, format, D3D10DDIRESOURCE_BUFFER, &b, NULL, v);
        return;
    }
    memset(v, 0, sizeof(*v));
    if (umd_check_lost(d, UMD_DDI_CreateShaderResourceView)) {
        return;
    }
    uint8_t kind;
    uint32_t offset, size;
    if (!r || r->magic != UMD_RESOURCE_MAGIC || r->dim != D3D10DDIRESOURCE_BUFFER ||
        !r->res_id || (bx->Flags & ~D3D11_DDI_BUFFEREX_SRV_FLAG_RAW) ||
        !buffer_range(r, format, raw, bx->FirstElement, bx->NumElements, &kind, &offset,
                      &size)) {
        umd_unsupported(d, UMD_DDI_CreateShaderResourceView, 0);
        return;
    }
    v->res = r;
    v->format = format;
    v->first_element = offset; /* bytes, for ex views */
    v->elements = size;
    v->ex_kind = kind;
}

bool umd_put_srv_buffers(UmdDevice *d, unsigned stage)
{
    const UmdShader *sh = d->state.shader[stage];
    VglShaderBuffer buf[VGL_MAX_SHADER_BUFFERS - SM4_MAX_UAV];
    uint32_t n = 0;
    for (uint32_t t = 0; sh && t < SM4_MAX_SRV; t++) {
        uint8_t dim = sh->info.srv_dim[t];
        if (!(sh->info.srv_used[t / 32] >> (t % 32) & 1) ||
            (dim != SM4_RES_RAW_BUFFER && dim != SM4_RES_STRUCTURED_BUFFER)) {
            continue;
        }
        if (t >= sizeof buf / sizeof buf[0]) {
            return false; /* past the shader buffers virgl has */
        }
        for (; n <= t; n++) {
            buf[n] = (VglShaderBuffer){ 0, 0, 0 };
        }
        const UmdSrv *v = d->state.srv[stage][t];
        if (v && v->ex_kind) {
            buf[t] = (VglShaderBuffer){ v->first_element, v->elements, v->res->res_id };
        }
    }
    return !n || vgl_set_shader_buffers(&d->s3d.b, umd_virgl_stage(stage), SM4_MAX_UAV, buf, n);
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
    if (!umd_stream_begin(d, ddi, &n) || !umd_stream_room(d, ddi, &n, 16) ||
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
