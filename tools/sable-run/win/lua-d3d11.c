/* SPDX-License-Identifier: MIT */
/*
 * The `d3d` module of the Windows build over the real d3d11.dll (COM, C
 * bindings of mingw-w64's headers), with the arguments read as on Linux
 * (lua-d3d-args.h): d3d.device{feature_level =}, d3d.formats(); a device's
 * buffer, texture1d/2d/3d/cube, rtv, dsv, clear, clear_depth, copy,
 * copy_region, update, read, image, flush, wait_idle, release; the 3D
 * pipeline (lua-d3d11-draw.c), map and queries (lua-d3d11-ops.c), swap
 * chains and capture (lua-d3d11-present.c). The one other call of the
 * Linux module, stats (the UMD's counters), raises an error naming it
 * ("not in the Windows build yet"), so a script using it fails loudly.
 * Objects hold a reference on their device; a released one raises.
 */
#include <stddef.h>
#include <string.h>

#include "lua-d3d11.h"
#include "lua-d3d-args.h"
#include "lua-map.h"

_Static_assert(sizeof(LdBox) == sizeof(D3D11_BOX) && offsetof(LdBox, back) ==
               offsetof(D3D11_BOX, back), "box layout");
#include "script.h"

static const struct { HRESULT hr; const char *name; } hr_names[] = {
    { E_INVALIDARG, "E_INVALIDARG" }, { E_OUTOFMEMORY, "E_OUTOFMEMORY" },
    { E_FAIL, "E_FAIL" }, { E_NOTIMPL, "E_NOTIMPL" },
    { DXGI_ERROR_DEVICE_REMOVED, "DXGI_ERROR_DEVICE_REMOVED" },
    { DXGI_ERROR_DEVICE_HUNG, "DXGI_ERROR_DEVICE_HUNG" },
    { DXGI_ERROR_DEVICE_RESET, "DXGI_ERROR_DEVICE_RESET" },
    { DXGI_ERROR_WAS_STILL_DRAWING, "DXGI_ERROR_WAS_STILL_DRAWING" },
    { DXGI_ERROR_UNSUPPORTED, "DXGI_ERROR_UNSUPPORTED" },
};

void w_check_hr(lua_State *L, HRESULT hr, const char *what)
{
    if (SUCCEEDED(hr)) {
        return;
    }
    const char *name = "HRESULT";
    for (size_t i = 0; i < SR_N_ELEMENTS(hr_names); i++) {
        if (hr_names[i].hr == hr) {
            name = hr_names[i].name;
        }
    }
    sr_error(L, "%s: %s (0x%08x)", what, name, (unsigned)hr);
}

WDev *w_check_dev(lua_State *L, int idx)
{
    WDev *dev = luaL_checkudata(L, idx, DEVICE_MT);
    if (!dev->d) {
        sr_error(L, "the device was released");
    }
    return dev;
}

WObj *w_check_obj(lua_State *L, int idx, WKind kind)
{
    static const char *const names[] = { "resource", "render-target view",
        "depth-stencil view", "shader", "input layout", "shader-resource view", "sampler",
        "blend state", "depth-stencil state", "rasterizer state", "query" };
    WObj *o = luaL_checkudata(L, idx, OBJ_MT);
    if (o->kind != kind) {
        sr_error(L, "argument %d: a %s expected, got a %s", idx, names[kind], names[o->kind]);
    }
    if (!o->p) {
        sr_error(L, "argument %d: this %s was released", idx, names[kind]);
    }
    return o;
}

WObj *w_push_obj(lua_State *L, WDev *dev, WKind kind, IUnknown *p)
{
    WObj *o = lua_newuserdatauv(L, sizeof(*o), 0);
    memset(o, 0, sizeof(*o));
    o->kind = kind;
    o->p = p;
    o->d = dev->d;
    o->c = dev->c;
    ID3D11Device_AddRef(o->d);
    ID3D11DeviceContext_AddRef(o->c);
    luaL_setmetatable(L, OBJ_MT);
    return o;
}

static int obj_release(lua_State *L)
{
    WObj *o = luaL_checkudata(L, 1, OBJ_MT);
    if (o->p) {
        w_unbind(o);
        IUnknown_Release(o->p);
        ID3D11DeviceContext_Release(o->c);
        ID3D11Device_Release(o->d);
        o->p = NULL;
    }
    return 0;
}

static int obj_index(lua_State *L)
{
    WObj *o = luaL_checkudata(L, 1, OBJ_MT);
    const char *k = luaL_checkstring(L, 2);
    const UINT v = strcmp(k, "width") == 0 ? o->width : strcmp(k, "height") == 0 ? o->height
                 : strcmp(k, "depth") == 0 ? o->depth : strcmp(k, "mips") == 0 ? o->mips
                 : strcmp(k, "array") == 0 ? o->array : strcmp(k, "size") == 0 ? o->bpp : 0;
    if (strcmp(k, "release") == 0) {
        lua_pushcfunction(L, obj_release);
    } else if (o->kind == WK_RESOURCE && v) {
        lua_pushinteger(L, v);
    } else {
        return sr_error(L, "an object has no field or method '%s'", k);
    }
    return 1;
}

/* ---- creation ---- */

static UINT cpu_flags(lua_State *L, int idx)
{
    UINT c = ld_cpu_field(L, idx);
    return (c & LD_CPU_READ ? D3D11_CPU_ACCESS_READ : 0) |
           (c & LD_CPU_WRITE ? D3D11_CPU_ACCESS_WRITE : 0);
}

/* Field `data`: a string of exactly `size` bytes, or NULL if absent. */
static const char *data_field(lua_State *L, int idx, size_t size)
{
    lua_getfield(L, idx, "data");
    size_t n = 0;
    const char *d = lua_isnil(L, -1) ? NULL : luaL_checklstring(L, -1, &n);
    if (d && n != size) {
        sr_error(L, "data: %u bytes, expected %u", (unsigned)n, (unsigned)size);
    }
    lua_pop(L, 1); /* the table still references the string */
    return d;
}

static int dev_buffer(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    D3D11_BUFFER_DESC bd = { .ByteWidth = ld_uint_field(L, 2, "size", 0, 1u << 30),
                             .Usage = (D3D11_USAGE)ld_usage_field(L, 2),
                             .BindFlags = ld_bind_field(L, 2),
                             .CPUAccessFlags = cpu_flags(L, 2) };
    uint32_t m = ld_buffer_misc(L, 2, &bd.StructureByteStride);
    bd.MiscFlags = (m & LD_MISC_RAW ? D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS : 0) |
                   (m & LD_MISC_STRUCTURED ? D3D11_RESOURCE_MISC_BUFFER_STRUCTURED : 0) |
                   (m & LD_MISC_INDIRECT ? D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS : 0);
    D3D11_SUBRESOURCE_DATA init = { .pSysMem = data_field(L, 2, bd.ByteWidth) };
    ID3D11Buffer *b = NULL;
    w_check_hr(L, ID3D11Device_CreateBuffer(dev->d, &bd, init.pSysMem ? &init : NULL, &b),
             "CreateBuffer");
    WObj *o = w_push_obj(L, dev, WK_RESOURCE, (IUnknown *)b);
    o->dim = D3D11_RESOURCE_DIMENSION_BUFFER;
    o->width = bd.ByteWidth;
    o->height = o->depth = o->mips = o->array = o->bpp = 1;
    o->misc = bd.MiscFlags;
    o->stride = bd.StructureByteStride;
    return 1;
}

static UINT mip_size(UINT v, UINT mip)
{
    return v >> mip ? v >> mip : 1;
}

_Static_assert(sizeof(LdSubData) == sizeof(D3D11_SUBRESOURCE_DATA) &&
               offsetof(LdSubData, row_pitch) == offsetof(D3D11_SUBRESOURCE_DATA, SysMemPitch) &&
               offsetof(LdSubData, slice_pitch) == offsetof(D3D11_SUBRESOURCE_DATA,
                                                           SysMemSlicePitch),
               "initial data layout");

static int create_tex(lua_State *L, LdTexDim dim, bool cube)
{
    WDev *dev = w_check_dev(L, 1);
    LdTexDesc t;
    ld_texture_desc(L, 2, dim, cube, &t);
    D3D11_SUBRESOURCE_DATA *init = lua_newuserdatauv(L, sizeof(*init) * t.mips * t.array, 0);
    bool has_data = ld_texture_data(L, 2, &t, (LdSubData *)init);
    UINT usage = ld_usage_field(L, 2), bind = ld_bind_field(L, 2), cpu = cpu_flags(L, 2);
    UINT samples = ld_texture_samples(L, 2, &t, has_data);
    /* what GenerateMips needs (Sable's runtime passes no such flag) */
    UINT misc = (cube ? D3D11_RESOURCE_MISC_TEXTURECUBE : 0) |
                (t.mips != 1 && (bind & D3D11_BIND_RENDER_TARGET) &&
                         (bind & D3D11_BIND_SHADER_RESOURCE)
                     ? D3D11_RESOURCE_MISC_GENERATE_MIPS : 0);
    HRESULT hr;
    IUnknown *p = NULL;
    if (dim == LD_TEX3D) {
        D3D11_TEXTURE3D_DESC d = { t.w, t.h, t.depth, t.mips, t.f, usage, bind, cpu, 0 };
        hr = ID3D11Device_CreateTexture3D(dev->d, &d, has_data ? init : NULL,
                                          (ID3D11Texture3D **)&p);
    } else if (dim == LD_TEX2D) {
        D3D11_TEXTURE2D_DESC d = { t.w, t.h, t.mips, t.array, t.f, { samples, 0 }, usage, bind,
                                   cpu, misc };
        hr = ID3D11Device_CreateTexture2D(dev->d, &d, has_data ? init : NULL,
                                          (ID3D11Texture2D **)&p);
    } else {
        D3D11_TEXTURE1D_DESC d = { t.w, t.mips, t.array, t.f, usage, bind, cpu, 0 };
        hr = ID3D11Device_CreateTexture1D(dev->d, &d, has_data ? init : NULL,
                                          (ID3D11Texture1D **)&p);
    }
    w_check_hr(L, hr, "CreateTexture");
    WObj *o = w_push_obj(L, dev, WK_RESOURCE, p);
    static const D3D11_RESOURCE_DIMENSION dims[] = { D3D11_RESOURCE_DIMENSION_TEXTURE1D,
                                                     D3D11_RESOURCE_DIMENSION_TEXTURE2D,
                                                     D3D11_RESOURCE_DIMENSION_TEXTURE3D };
    o->dim = dims[dim];
    o->format = t.f;
    o->bpp = t.bpp;
    o->width = t.w;
    o->height = t.h;
    o->depth = t.depth;
    o->mips = t.mips;
    o->array = t.array;
    o->misc = misc;
    o->samples = samples;
    return 1;
}

static int dev_texture1d(lua_State *L) { return create_tex(L, LD_TEX1D, false); }
static int dev_texture2d(lua_State *L) { return create_tex(L, LD_TEX2D, false); }
static int dev_texture3d(lua_State *L) { return create_tex(L, LD_TEX3D, false); }
static int dev_texture_cube(lua_State *L) { return create_tex(L, LD_TEX2D, true); }

/* rtv(res, {mip =, first =, count =}); on a buffer {format =, first =, count =}. */
static int dev_rtv(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    D3D11_RENDER_TARGET_VIEW_DESC v = { .Format = r->format };
    UINT first = ld_uint_field(L, 3, "first", 0, UINT32_MAX);
    UINT count = ld_uint_field(L, 3, "count", 1, UINT32_MAX);
    UINT mip = ld_uint_field(L, 3, "mip", 0, 15);
    switch (r->dim) {
    case D3D11_RESOURCE_DIMENSION_BUFFER:
        lua_getfield(L, 3, "format");
        v.Format = ld_check_format(L, luaL_checkstring(L, -1));
        lua_pop(L, 1);
        v.ViewDimension = D3D11_RTV_DIMENSION_BUFFER;
        v.Buffer.FirstElement = first;
        v.Buffer.NumElements = count;
        break;
    case D3D11_RESOURCE_DIMENSION_TEXTURE1D:
        v.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE1DARRAY;
        v.Texture1DArray = (D3D11_TEX1D_ARRAY_RTV){ mip, first, count };
        break;
    case D3D11_RESOURCE_DIMENSION_TEXTURE3D:
        v.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
        v.Texture3D = (D3D11_TEX3D_RTV){ mip, first, count };
        break;
    default:
        if (r->samples > 1) {
            v.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
            break;
        }
        v.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
        v.Texture2DArray = (D3D11_TEX2D_ARRAY_RTV){ mip, first, count };
        break;
    }
    ID3D11RenderTargetView *rtv = NULL;
    w_check_hr(L, ID3D11Device_CreateRenderTargetView(dev->d, (ID3D11Resource *)r->p, &v, &rtv),
             "CreateRenderTargetView");
    w_push_obj(L, dev, WK_RTV, (IUnknown *)rtv);
    return 1;
}

static int dev_clear(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *v = w_check_obj(L, 2, WK_RTV);
    luaL_checktype(L, 3, LUA_TTABLE);
    FLOAT c[4];
    for (int i = 0; i < 4; i++) {
        lua_geti(L, 3, i + 1);
        c[i] = (FLOAT)luaL_optnumber(L, -1, 0);
        lua_pop(L, 1);
    }
    ID3D11DeviceContext_ClearRenderTargetView(dev->c, (ID3D11RenderTargetView *)v->p, c);
    return 0;
}

/* dsv(res, {mip =, first =, count =}) of a 2D texture. */
static int dev_dsv(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    D3D11_DEPTH_STENCIL_VIEW_DESC v = { .Format = r->format,
                                        .ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY };
    v.Texture2DArray = (D3D11_TEX2D_ARRAY_DSV){ ld_uint_field(L, 3, "mip", 0, 15),
                                                ld_uint_field(L, 3, "first", 0, UINT32_MAX),
                                                ld_uint_field(L, 3, "count", 1, UINT32_MAX) };
    ID3D11DepthStencilView *dsv = NULL;
    w_check_hr(L, ID3D11Device_CreateDepthStencilView(dev->d, (ID3D11Resource *)r->p, &v, &dsv),
             "CreateDepthStencilView");
    w_push_obj(L, dev, WK_DSV, (IUnknown *)dsv);
    return 1;
}

/* clear_depth(dsv, {depth =, stencil =}): clears the fields given. */
static int dev_clear_depth(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *v = w_check_obj(L, 2, WK_DSV);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_getfield(L, 3, "depth");
    lua_getfield(L, 3, "stencil");
    UINT flags = (lua_isnil(L, -2) ? 0 : D3D11_CLEAR_DEPTH) |
                 (lua_isnil(L, -1) ? 0 : D3D11_CLEAR_STENCIL);
    FLOAT depth = (FLOAT)luaL_optnumber(L, -2, 0);
    UINT8 stencil = (UINT8)ld_uint_field(L, 3, "stencil", 0, 255);
    ID3D11DeviceContext_ClearDepthStencilView(dev->c, (ID3D11DepthStencilView *)v->p, flags,
                                              depth, stencil);
    return 0;
}

static int dev_copy(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *dst = w_check_obj(L, 2, WK_RESOURCE), *src = w_check_obj(L, 3, WK_RESOURCE);
    ID3D11DeviceContext_CopyResource(dev->c, (ID3D11Resource *)dst->p, (ID3D11Resource *)src->p);
    return 0;
}

UINT w_check_sub(lua_State *L, const WObj *r, lua_Integer sub)
{
    if (sub < 0 || sub >= (lua_Integer)r->mips * r->array) {
        sr_error(L, "subresource %lld: the resource has %u", (long long)sub, r->mips * r->array);
    }
    return (UINT)sub;
}

/* copy_region(dst, src, {x =, y =, dst_sub =, src_sub =, box =}) */
static int dev_copy_region(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *dst = w_check_obj(L, 2, WK_RESOURCE), *src = w_check_obj(L, 3, WK_RESOURCE);
    LdBox box;
    bool has_box = ld_box_field(L, 4, &box);
    ID3D11DeviceContext_CopySubresourceRegion(dev->c, (ID3D11Resource *)dst->p,
        w_check_sub(L, dst, ld_opt_field(L, 4, "dst_sub", 0)), ld_uint_field(L, 4, "x", 0, UINT32_MAX),
        ld_uint_field(L, 4, "y", 0, UINT32_MAX), 0, (ID3D11Resource *)src->p,
        w_check_sub(L, src, ld_opt_field(L, 4, "src_sub", 0)), has_box ? (D3D11_BOX *)&box : NULL);
    return 0;
}

/* update(res, bytes, {sub =, box =, row_pitch =}) */
static int dev_update(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    size_t len;
    const char *data = luaL_checklstring(L, 3, &len);
    UINT sub = w_check_sub(L, r, ld_opt_field(L, 4, "sub", 0)), mip = sub % r->mips;
    LdBox box;
    bool has_box = ld_box_field(L, 4, &box);
    uint64_t w = has_box ? box.right - box.left : mip_size(r->width, mip);
    uint64_t h = has_box ? box.bottom - box.top : mip_size(r->height, mip);
    uint64_t d = has_box ? box.back - box.front : mip_size(r->depth, mip);
    uint64_t pitch = ld_uint_field(L, 4, "row_pitch", (lua_Integer)(w * r->bpp), UINT32_MAX);
    uint64_t need = r->dim == D3D11_RESOURCE_DIMENSION_BUFFER ? w : pitch * h * d;
    if (pitch < w * r->bpp || len < need) {
        return sr_error(L, "update: %u bytes given, the region takes %llu", (unsigned)len,
                        (unsigned long long)need);
    }
    ID3D11DeviceContext_UpdateSubresource(dev->c, (ID3D11Resource *)r->p, sub,
                                          has_box ? (D3D11_BOX *)&box : NULL, data, (UINT)pitch,
                                          (UINT)(pitch * h));
    return 0;
}

static int dev_flush(lua_State *L)
{
    ID3D11DeviceContext_Flush(w_check_dev(L, 1)->c);
    return 0;
}

/* Flush, then an event query polled until the GPU passed it. */
static int dev_wait_idle(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    D3D11_QUERY_DESC qd = { D3D11_QUERY_EVENT, 0 };
    ID3D11Query *q = NULL;
    w_check_hr(L, ID3D11Device_CreateQuery(dev->d, &qd, &q), "CreateQuery");
    ID3D11DeviceContext_End(dev->c, (ID3D11Asynchronous *)q);
    BOOL done = FALSE;
    HRESULT hr;
    while ((hr = ID3D11DeviceContext_GetData(dev->c, (ID3D11Asynchronous *)q, &done,
                                             sizeof(done), 0)) == S_FALSE || !done) {
        if (FAILED(hr)) {
            break;
        }
        Sleep(1);
    }
    ID3D11Query_Release(q);
    w_check_hr(L, hr, "GetData (event)");
    return 0;
}

/* The bytes of subresource sub of r (tight rows) into a new Lua string,
 * through a staging copy. */
static void push_subresource(lua_State *L, WDev *dev, WObj *r, UINT sub)
{
    UINT mip = sub % r->mips;
    UINT w = mip_size(r->width, mip), h = mip_size(r->height, mip), d = mip_size(r->depth, mip);
    ID3D11Resource *staging = NULL;
    HRESULT hr;
    if (r->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        D3D11_BUFFER_DESC bd = { r->width, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ,
                                 r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, r->stride };
        hr = ID3D11Device_CreateBuffer(dev->d, &bd, NULL, (ID3D11Buffer **)&staging);
    } else if (r->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
        D3D11_TEXTURE3D_DESC td = { r->width, r->height, r->depth, r->mips, r->format,
                                    D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0 };
        hr = ID3D11Device_CreateTexture3D(dev->d, &td, NULL, (ID3D11Texture3D **)&staging);
    } else if (r->dim == D3D11_RESOURCE_DIMENSION_TEXTURE2D) {
        D3D11_TEXTURE2D_DESC td = { r->width, r->height, r->mips, r->array, r->format, { 1, 0 },
                                    D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ,
                                    r->misc & D3D11_RESOURCE_MISC_TEXTURECUBE };
        hr = ID3D11Device_CreateTexture2D(dev->d, &td, NULL, (ID3D11Texture2D **)&staging);
    } else {
        D3D11_TEXTURE1D_DESC td = { r->width, r->mips, r->array, r->format, D3D11_USAGE_STAGING,
                                    0, D3D11_CPU_ACCESS_READ, 0 };
        hr = ID3D11Device_CreateTexture1D(dev->d, &td, NULL, (ID3D11Texture1D **)&staging);
    }
    w_check_hr(L, hr, "read back (staging resource)");
    ID3D11DeviceContext_CopyResource(dev->c, staging, (ID3D11Resource *)r->p);
    D3D11_MAPPED_SUBRESOURCE m;
    hr = ID3D11DeviceContext_Map(dev->c, staging, sub, D3D11_MAP_READ, 0, &m);
    if (FAILED(hr)) {
        ID3D11Resource_Release(staging);
        w_check_hr(L, hr, "read back (Map)");
    }
    size_t row = (size_t)w * r->bpp;
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, row * h * d);
    for (UINT z = 0; z < d; z++) {
        for (UINT y = 0; y < h; y++) {
            memcpy(out + (z * h + y) * row,
                   (const char *)m.pData + (size_t)z * m.DepthPitch + (size_t)y * m.RowPitch,
                   row);
        }
    }
    ID3D11DeviceContext_Unmap(dev->c, staging, sub);
    ID3D11Resource_Release(staging);
    luaL_pushresultsize(&b, row * h * d);
}

static int dev_read(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    push_subresource(L, dev, r, w_check_sub(L, r, luaL_optinteger(L, 3, 0)));
    return 1;
}

/* image(res [, sub]): a 1D or 2D subresource as an image. */
static int dev_image(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    UINT sub = w_check_sub(L, r, luaL_optinteger(L, 3, 0));
    static const uint8_t black[4];
    UINT mip = sub % r->mips;
    SrImage *img = r->dim == D3D11_RESOURCE_DIMENSION_BUFFER ||
                   r->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? NULL
                 : sr_image_new(mip_size(r->width, mip), mip_size(r->height, mip), black);
    if (!img) {
        return sr_error(L, "image: a 1D or 2D texture subresource expected (read() gives bytes)");
    }
    sr_push_image(L, img);
    push_subresource(L, dev, r, sub);
    if (!ld_to_rgba(r->format, (const uint8_t *)lua_tostring(L, -1),
                    (size_t)img->width * img->height, img->px)) {
        return sr_error(L, "image: format %d has no image conversion (read() gives bytes)",
                        (int)r->format);
    }
    lua_pop(L, 1);
    return 1;
}

static int dev_release(lua_State *L)
{
    WDev *dev = luaL_checkudata(L, 1, DEVICE_MT);
    if (dev->d) {
        ID3D11DeviceContext_ClearState(dev->c);
        ID3D11DeviceContext_Release(dev->c);
        ID3D11Device_Release(dev->d);
        dev->d = NULL;
    }
    return 0;
}

static const luaL_Reg dev_methods[] = {
    { "buffer", dev_buffer }, { "texture1d", dev_texture1d }, { "texture2d", dev_texture2d },
    { "texture3d", dev_texture3d }, { "rtv", dev_rtv }, { "clear", dev_clear },
    { "dsv", dev_dsv }, { "clear_depth", dev_clear_depth }, { "texture_cube", dev_texture_cube },
    { "copy_region", dev_copy_region }, { "update", dev_update },
    { "copy", dev_copy }, { "flush", dev_flush }, { "wait_idle", dev_wait_idle },
    { "read", dev_read }, { "image", dev_image }, { "release", dev_release }, { NULL, NULL },
};

/* Calls of the Linux module this build does not have yet. */
static const char *const missing[] = {
    "stats", NULL,
};

static int dev_index(lua_State *L)
{
    WDev *dev = luaL_checkudata(L, 1, DEVICE_MT);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "feature_level") == 0) {
        lua_pushstring(L, dev->level);
        return 1;
    }
    const luaL_Reg *const tables[] = { dev_methods, w_draw_ops, w_compute_ops, w_ops,
                                       w_present_ops };
    for (size_t i = 0; i < SR_N_ELEMENTS(tables); i++) {
        for (const luaL_Reg *m = tables[i]; m->name; m++) {
            if (strcmp(m->name, k) == 0) {
                lua_pushcfunction(L, m->func);
                return 1;
            }
        }
    }
    for (const char *const *m = missing; *m; m++) {
        if (strcmp(*m, k) == 0) {
            return sr_error(L, "dev:%s: not in the Windows build yet", k);
        }
    }
    return sr_error(L, "a device has no field or method '%s'", k);
}

static int l_device(lua_State *L)
{
    static const char *const levels[] = { "10_0", "10_1", "11_0", NULL };
    static const D3D_FEATURE_LEVEL fl[] = { D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1,
                                            D3D_FEATURE_LEVEL_11_0 };
    int level = 2;
    if (lua_istable(L, 1)) {
        lua_getfield(L, 1, "feature_level");
        if (!lua_isnil(L, -1)) {
            level = luaL_checkoption(L, -1, NULL, levels);
        }
        lua_pop(L, 1);
    }
    WDev *dev = lua_newuserdatauv(L, sizeof(*dev), 1); /* 1: what is bound */
    memset(dev, 0, sizeof(*dev));
    luaL_setmetatable(L, DEVICE_MT);
    D3D_FEATURE_LEVEL got;
    w_check_hr(L, D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &fl[level], 1,
                                  D3D11_SDK_VERSION, &dev->d, &got, &dev->c),
             "D3D11CreateDevice");
    dev->level = levels[level];
    return 1;
}

void sr_open_d3d11(lua_State *L)
{
    luaL_newmetatable(L, DEVICE_MT);
    lua_pushcfunction(L, dev_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, dev_release);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
    ld_open_mapping(L);
    w_open_present(L);
    luaL_newmetatable(L, OBJ_MT);
    lua_pushcfunction(L, obj_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, obj_release);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
    static const luaL_Reg d3d[] = { { "device", l_device }, { "formats", ld_formats },
                                    { NULL, NULL } };
    luaL_newlib(L, d3d);
    lua_setglobal(L, "d3d");
}
