/* SPDX-License-Identifier: MIT */
/*
 * The `d3d` module: d3d.device{feature_level = "11_0"}, d3d.formats(), and
 * a device's creation methods (buffer, texture1d/2d/3d/cube, rtv, dsv,
 * query, swapchain; shaders and layouts in lua-d3d-draw.c) over winsim's D3D runtime and our UMD (lua-d3d.h).
 */
#include <stddef.h>
#include <string.h>
#include <lauxlib.h>

#include "lua-d3d.h"
#include "script-sim.h"

#define DEVICE_MT "sable.d3d.device"
#define OBJ_MT "sable.d3d.object"

static const char *const kind_names[] = { "resource", "render-target view",
                                          "depth-stencil view", "query", "swap chain",
                                          "shader", "input layout", "shader-resource view",
                                          "sampler", "blend state", "depth-stencil state",
                                          "rasterizer state", "unordered-access view" };

/* ---- errors ---- */

const char *ld_hr_name(HRESULT hr)
{
    static const struct { HRESULT hr; const char *name; } names[] = {
        { S_OK, "S_OK" }, { S_FALSE, "S_FALSE" }, { E_NOTIMPL, "E_NOTIMPL" },
        { E_FAIL, "E_FAIL" }, { E_OUTOFMEMORY, "E_OUTOFMEMORY" },
        { E_INVALIDARG, "E_INVALIDARG" },
        { D3DDDIERR_DEVICEREMOVED, "D3DDDIERR_DEVICEREMOVED" },
        { D3DDDIERR_WASSTILLDRAWING, "D3DDDIERR_WASSTILLDRAWING" },
        { D3DDDIERR_NOTAVAILABLE, "D3DDDIERR_NOTAVAILABLE" },
        { DXGI_DDI_ERR_WASSTILLDRAWING, "DXGI_DDI_ERR_WASSTILLDRAWING" },
        { DXGI_DDI_ERR_NONEXCLUSIVE, "DXGI_DDI_ERR_NONEXCLUSIVE" },
        { DXGI_DDI_ERR_UNSUPPORTED, "DXGI_DDI_ERR_UNSUPPORTED" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        if (names[i].hr == hr) {
            return names[i].name;
        }
    }
    return "HRESULT";
}

void ld_check_hr(lua_State *L, HRESULT hr, const char *what)
{
    if (FAILED(hr)) {
        sr_error(L, "%s: %s (0x%08x)", what, ld_hr_name(hr), (unsigned)hr);
    }
}

/* ---- objects ---- */

LDevice *ld_check_device(lua_State *L, int idx)
{
    LDevice *dev = *(LDevice **)luaL_checkudata(L, idx, DEVICE_MT);
    if (!dev->d) {
        sr_error(L, "the device was released");
    }
    return dev;
}

LObj *ld_check(lua_State *L, int idx, LKind kind)
{
    LObj *o = luaL_checkudata(L, idx, OBJ_MT);
    if (o->kind != kind) {
        sr_error(L, "argument %d: a %s expected, got a %s", idx, kind_names[kind],
                 kind_names[o->kind]);
    }
    if (!o->p) {
        sr_error(L, "argument %d: this %s was released", idx, kind_names[kind]);
    }
    /* a method of a device: the object must be that device's (D3D: a
     * resource of another device is invalid) */
    LDevice **self = idx != 1 ? luaL_testudata(L, 1, DEVICE_MT) : NULL;
    if (self && o->dev != *self) {
        sr_error(L, "argument %d: this %s belongs to another device", idx, kind_names[kind]);
    }
    return o;
}

LObj *ld_push(lua_State *L, LDevice *dev, LKind kind, void *p, LObj *owner)
{
    LObj *o = lua_newuserdatauv(L, sizeof(*o), 0);
    memset(o, 0, sizeof(*o));
    o->kind = kind;
    o->dev = dev;
    o->p = p;
    o->owner = owner;
    luaL_setmetatable(L, OBJ_MT);
    g_ptr_array_add(dev->objects, o);
    return o;
}

/* Out of its device's list: the object no longer touches the device. */
static void detach(LObj *o)
{
    if (o->dev) {
        g_ptr_array_remove_fast(o->dev->objects, o);
        o->dev = NULL;
    }
    o->p = NULL;
}

void ld_release(LObj *o)
{
    if (!o->p || !o->dev) {
        detach(o);
        return;
    }
    LDevice *dev = o->dev;
    if (o->kind == LK_SWAPCHAIN) { /* its buffers go with it */
        for (guint i = dev->objects->len; i-- > 0;) {
            LObj *c = g_ptr_array_index(dev->objects, i);
            if (c->owner == o) {
                detach(c);
            }
        }
    }
    if (!o->owner) {
        switch (o->kind) {
        case LK_RESOURCE: rt_destroy(dev->d, o->p); break;
        case LK_RTV: rt_destroy_rtv(dev->d, o->p); break;
        case LK_DSV: rt_destroy_dsv(dev->d, o->p); break;
        case LK_QUERY: rt_destroy_query(dev->d, o->p); break;
        case LK_SWAPCHAIN: rt_destroy_swapchain(o->p); break;
        case LK_SHADER: case LK_LAYOUT: case LK_SRV: case LK_SAMPLER:
            ld_release_pipeline(dev, o);
            break;
        case LK_UAV: ld_release_uav(dev, o); break;
        case LK_BLEND: case LK_DSS: case LK_RAST:
            ld_release_state(dev, o);
            g_free(o->p);
            break;
        }
    }
    detach(o);
}

/* The first object of `kind` alive on dev, NULL if none. */
static LObj *first_of(LDevice *dev, LKind kind)
{
    for (guint i = 0; i < dev->objects->len; i++) {
        LObj *o = g_ptr_array_index(dev->objects, i);
        if (o->kind == kind) {
            return o;
        }
    }
    return NULL;
}

static void device_release(LDevice *dev)
{
    if (!dev->d) {
        return;
    }
    ld_unbind_all(dev);
    /* swap chains, shaders, layouts and samplers, then views and queries,
     * then resources */
    static const LKind order[] = { LK_SWAPCHAIN, LK_SHADER, LK_LAYOUT, LK_SAMPLER, LK_SRV, LK_UAV,
                                   LK_BLEND, LK_DSS, LK_RAST,
                                   LK_RTV, LK_DSV, LK_QUERY, LK_RESOURCE };
    for (size_t k = 0; k < G_N_ELEMENTS(order); k++) {
        for (LObj *o; (o = first_of(dev, order[k]));) {
            ld_release(o);
        }
    }
    rt_device_free(dev->d);
    dev->d = NULL;
}

static int obj_gc(lua_State *L)
{
    ld_release(luaL_checkudata(L, 1, OBJ_MT));
    return 0;
}

static int obj_release(lua_State *L)
{
    LObj *o = luaL_checkudata(L, 1, OBJ_MT);
    if (o->owner && o->p) {
        return sr_error(L, "a swap chain's buffer goes with its swap chain");
    }
    ld_release(o);
    return 0;
}

static void push_uint_field(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

/* Fields: resources width, height, depth, mips, array, size (bytes per
 * element); swap chains back (the back buffer) and their methods;
 * everything kind and release(). */
static int obj_index(lua_State *L)
{
    LObj *o = luaL_checkudata(L, 1, OBJ_MT);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "kind") == 0) {
        lua_pushstring(L, kind_names[o->kind]);
        return 1;
    }
    if (strcmp(k, "release") == 0) {
        lua_pushcfunction(L, obj_release);
        return 1;
    }
    if (!o->p) {
        return sr_error(L, "field '%s' of a released %s", k, kind_names[o->kind]);
    }
    if (o->kind == LK_RESOURCE) {
        RtResource *r = o->p;
        lua_createtable(L, 0, 6);
        push_uint_field(L, "width", r->width);
        push_uint_field(L, "height", r->height);
        push_uint_field(L, "depth", r->dim == D3D10DDIRESOURCE_TEXTURE3D ? r->depth : 1);
        push_uint_field(L, "mips", r->mips);
        push_uint_field(L, "array", r->array_size);
        push_uint_field(L, "size", r->bpp);
        lua_getfield(L, -1, k);
        return 1;
    }
    if (o->kind == LK_SWAPCHAIN && strcmp(k, "back") == 0) {
        ld_push(L, o->dev, LK_RESOURCE, ((RtSwapChain *)o->p)->back, o);
        return 1;
    }
    if (o->kind == LK_SWAPCHAIN) {
        for (const luaL_Reg *m = ld_swapchain_ops; m->name; m++) {
            if (strcmp(m->name, k) == 0) {
                lua_pushcfunction(L, m->func);
                return 1;
            }
        }
    }
    return sr_error(L, "a %s has no field or method '%s'", kind_names[o->kind], k);
}

/* ---- creation ---- */

_Static_assert(sizeof(LdSubData) == sizeof(D3D10_DDIARG_SUBRESOURCE_UP) &&
               offsetof(LdSubData, row_pitch) == offsetof(D3D10_DDIARG_SUBRESOURCE_UP,
                                                         SysMemPitch) &&
               offsetof(LdSubData, slice_pitch) == offsetof(D3D10_DDIARG_SUBRESOURCE_UP,
                                                           SysMemSlicePitch),
               "initial data layout");

/* D3D11's bind values (ld_bind_field) as the DDI's: the same up to
 * depth-stencil, unordered access moved to 0x100. */
_Static_assert((UINT)D3D10_DDI_BIND_VERTEX_BUFFER == LD_BIND_VERTEX_BUFFER &&
               (UINT)D3D10_DDI_BIND_RENDER_TARGET == LD_BIND_RENDER_TARGET &&
               (UINT)D3D10_DDI_BIND_DEPTH_STENCIL == LD_BIND_DEPTH_STENCIL &&
               (UINT)D3D10_DDI_USAGE_STAGING == 3, "bind and usage values");

static UINT bind_field(lua_State *L, int idx)
{
    UINT b = ld_bind_field(L, idx);
    return (b & D3D10_DDI_BIND_PIPELINE_MASK) |
           (b & LD_BIND_UNORDERED_ACCESS ? D3D11_DDI_BIND_UNORDERED_ACCESS : 0);
}

static UINT cpu_field(lua_State *L, int idx)
{
    UINT c = ld_cpu_field(L, idx);
    return (c & LD_CPU_READ ? D3D10_DDI_CPU_ACCESS_READ : 0) |
           (c & LD_CPU_WRITE ? D3D10_DDI_CPU_ACCESS_WRITE : 0);
}

static int dev_buffer(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    UINT size = ld_uint_field(L, 2, "size", 0, 1u << 30);
    luaL_argcheck(L, size > 0, 2, "size (bytes, > 0) expected");
    lua_getfield(L, 2, "data");
    size_t len = 0;
    const char *data = luaL_optlstring(L, -1, NULL, &len);
    if (data && len != size) {
        return sr_error(L, "buffer data: %zu bytes for a %u-byte buffer", len, size);
    }
    uint32_t stride, m = ld_buffer_misc(L, 2, &stride);
    UINT misc = (m & LD_MISC_RAW ? D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS : 0) |
                (m & LD_MISC_STRUCTURED ? D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED : 0) |
                (m & LD_MISC_INDIRECT ? D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS : 0);
    RtResource *r;
    ld_check_hr(L, rt_create_buffer_ex(dev->d, size, ld_usage_field(L, 2), bind_field(L, 2),
                                       cpu_field(L, 2), misc, stride, data, &r),
                "CreateResource (buffer)");
    ld_push(L, dev, LK_RESOURCE, r, NULL)->stride = stride;
    return 1;
}

static int create_tex(lua_State *L, D3D10DDIRESOURCE_TYPE dim, bool cube)
{
    LDevice *dev = ld_check_device(L, 1);
    LdTexDesc t;
    ld_texture_desc(L, 2, dim == D3D10DDIRESOURCE_TEXTURE1D ? LD_TEX1D
                          : dim == D3D10DDIRESOURCE_TEXTURE3D ? LD_TEX3D : LD_TEX2D, cube, &t);
    /* Lua's memory: a Lua error below frees it too */
    D3D10_DDIARG_SUBRESOURCE_UP *up =
        lua_newuserdatauv(L, sizeof(*up) * (size_t)t.mips * t.array, 0);
    bool init = ld_texture_data(L, 2, &t, (LdSubData *)up);
    UINT usage = ld_usage_field(L, 2), bind = bind_field(L, 2), cpu = cpu_field(L, 2);
    UINT samples = ld_texture_samples(L, 2, &t, init);
    RtResource *r;
    HRESULT hr = samples > 1 ? rt_create_tex2d_ms(dev->d, t.w, t.h, samples, t.f, bind, &r)
                 : dim == D3D10DDIRESOURCE_TEXTURE3D
                     ? rt_create_tex3d(dev->d, t.w, t.h, t.depth, t.mips, t.f, usage, bind, cpu,
                                       init ? up : NULL, &r)
                     : rt_create_texture(dev->d, dim, t.w, t.h, t.mips, t.array, t.f, usage,
                                         bind, cpu, init ? up : NULL, &r);
    ld_check_hr(L, hr, "CreateResource (texture)");
    ld_push(L, dev, LK_RESOURCE, r, NULL);
    return 1;
}

static int dev_texture1d(lua_State *L) { return create_tex(L, D3D10DDIRESOURCE_TEXTURE1D, false); }
static int dev_texture2d(lua_State *L) { return create_tex(L, D3D10DDIRESOURCE_TEXTURE2D, false); }
static int dev_texture3d(lua_State *L) { return create_tex(L, D3D10DDIRESOURCE_TEXTURE3D, false); }
static int dev_texture_cube(lua_State *L)
{
    return create_tex(L, D3D10DDIRESOURCE_TEXTURECUBE, true);
}

/* rtv(res [, {mip=, first=, count=}]) or, on a buffer, {format=, first=, count=} (elements). */
static int dev_rtv(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    RtView *v;
    HRESULT hr;
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        luaL_checktype(L, 3, LUA_TTABLE);
        lua_getfield(L, 3, "format");
        DXGI_FORMAT f = ld_check_format(L, luaL_checkstring(L, -1));
        hr = rt_create_buffer_rtv(dev->d, r, f, ld_uint_field(L, 3, "first", 0, UINT32_MAX),
                                  ld_uint_field(L, 3, "count", 1, UINT32_MAX), &v);
    } else {
        hr = rt_create_rtv(dev->d, r, ld_uint_field(L, 3, "mip", 0, 15),
                           ld_uint_field(L, 3, "first", 0, UINT32_MAX),
                           ld_uint_field(L, 3, "count", 1, UINT32_MAX), &v);
    }
    ld_check_hr(L, hr, "CreateRenderTargetView");
    ld_push(L, dev, LK_RTV, v, NULL);
    return 1;
}

static int dev_dsv(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    RtView *v;
    ld_check_hr(L, rt_create_dsv(dev->d, r, ld_uint_field(L, 3, "mip", 0, 15),
                                 ld_uint_field(L, 3, "first", 0, UINT32_MAX),
                                 ld_uint_field(L, 3, "count", 1, UINT32_MAX), &v),
                "CreateDepthStencilView");
    ld_push(L, dev, LK_DSV, v, NULL);
    return 1;
}

static int dev_query(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    D3D10DDI_QUERY type = (D3D10DDI_QUERY)ld_check_query(L, 2);
    RtQuery *q;
    ld_check_hr(L, rt_create_query(dev->d, type, &q), "CreateQuery");
    ld_push(L, dev, LK_QUERY, q, NULL)->query_type = type;
    return 1;
}

/* swapchain{flip = false, output = 0}: full screen on the display. */
static int dev_swapchain(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    bool flip = false;
    if (lua_istable(L, 2)) {
        lua_getfield(L, 2, "flip");
        flip = lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    RtSwapChain *sc;
    ld_check_hr(L, rt_create_swapchain(dev->d, ld_uint_field(L, 2, "output", 0, 0), flip, &sc),
                "CreateSwapChain");
    ld_push(L, dev, LK_SWAPCHAIN, sc, NULL);
    return 1;
}

static int dev_release(lua_State *L)
{
    LDevice *dev = *(LDevice **)luaL_checkudata(L, 1, DEVICE_MT);
    device_release(dev);
    return 0;
}

static int dev_gc(lua_State *L)
{
    LDevice **u = luaL_checkudata(L, 1, DEVICE_MT);
    if (*u) {
        device_release(*u); /* detaches every object */
        g_ptr_array_free((*u)->objects, TRUE);
        g_free(*u);
        *u = NULL;
    }
    return 0;
}

/* d3d.device{feature_level = "11_0" | "10_1" | "10_0"} */
static int l_device(lua_State *L)
{
    static const char *const levels[] = { "10_0", "10_1", "11_0", NULL };
    static const UINT versions[] = { D3D10_0_DDI_INTERFACE_VERSION, D3D10_1_DDI_INTERFACE_VERSION,
                                     D3D11_0_DDI_INTERFACE_VERSION };
    int level = 2;
    if (lua_istable(L, 1)) {
        lua_getfield(L, 1, "feature_level");
        if (!lua_isnil(L, -1)) {
            level = luaL_checkoption(L, -1, NULL, levels);
        }
        lua_pop(L, 1);
    }
    RtAdapter *ad = sr_script_adapter(L);
    bool offered = false;
    for (UINT i = 0; i < ad->nversions; i++) {
        offered |= D3D10_DDI_SUPPORTED_INTERFACE(ad->versions[i]) == versions[level];
    }
    if (!offered) {
        return sr_error(L, "feature level %s: the UMD does not offer its interface",
                        levels[level]);
    }
    LDevice **u = lua_newuserdatauv(L, sizeof(*u), 1); /* 1: what is bound */
    *u = NULL;
    luaL_setmetatable(L, DEVICE_MT);
    LDevice *dev = g_new0(LDevice, 1);
    dev->level = levels[level];
    dev->objects = g_ptr_array_new();
    dev->d = rt_device_new(ad, versions[level], 0, 0, 0);
    *u = dev;
    return 1;
}

static int dev_index(lua_State *L)
{
    LDevice *dev = *(LDevice **)luaL_checkudata(L, 1, DEVICE_MT);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "feature_level") == 0) {
        lua_pushstring(L, dev ? dev->level : NULL);
        return 1;
    }
    luaL_getmetafield(L, 1, "methods");
    lua_getfield(L, -1, k);
    if (lua_isnil(L, -1)) {
        return sr_error(L, "the device has no method or field '%s'", k);
    }
    return 1;
}

void sr_open_d3d(lua_State *L)
{
    static const luaL_Reg create[] = {
        { "buffer", dev_buffer }, { "texture1d", dev_texture1d }, { "texture2d", dev_texture2d },
        { "texture3d", dev_texture3d }, { "texture_cube", dev_texture_cube }, { "rtv", dev_rtv },
        { "dsv", dev_dsv }, { "query", dev_query }, { "swapchain", dev_swapchain },
        { "release", dev_release }, { NULL, NULL }
    };
    luaL_newmetatable(L, DEVICE_MT);
    lua_pushcfunction(L, dev_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, dev_gc);
    lua_setfield(L, -2, "__gc");
    luaL_newlib(L, create);
    luaL_setfuncs(L, ld_device_ops, 0);
    luaL_setfuncs(L, ld_draw_ops, 0);
    luaL_setfuncs(L, ld_state_ops, 0);
    luaL_setfuncs(L, ld_compute_ops, 0);
    lua_setfield(L, -2, "methods");
    lua_pop(L, 1);

    ld_open_mapping(L);
    luaL_newmetatable(L, OBJ_MT);
    lua_pushcfunction(L, obj_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, obj_gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);

    static const luaL_Reg module[] = { { "device", l_device }, { "formats", ld_formats },
                                       { NULL, NULL } };
    luaL_newlib(L, module);
    lua_setglobal(L, "d3d");
}
