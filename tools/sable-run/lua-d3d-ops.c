/* SPDX-License-Identifier: MIT */
/*
 * A device's operations for scripts (lua-d3d.h): map/unmap, copies,
 * ResolveSubresource, UpdateSubresource, clears, flush, queries and
 * predication, read back (bytes or an image), the display's capture, UMD
 * statistics; swap chain present. Shaders, layouts and draws:
 * lua-d3d-draw.c; the other stages and compute: lua-d3d-compute.c.
 */
#include <string.h>
#include <lauxlib.h>

#include "lua-d3d.h"
#include "script.h"

/* ---- Map ---- */

static void sub_size(const RtResource *r, UINT sub, UINT *w, UINT *h, UINT *d)
{
    UINT mip = sub % r->mips;
    *w = MAX(r->width >> mip, 1u);
    *h = MAX(r->height >> mip, 1u);
    *d = r->dim == D3D10DDIRESOURCE_TEXTURE3D ? MAX(r->depth >> mip, 1u) : 1;
}

static UINT check_sub(lua_State *L, const RtResource *r, lua_Integer sub)
{
    lua_Integer n = (lua_Integer)r->mips * r->array_size;
    if (sub < 0 || sub >= n) {
        sr_error(L, "subresource %lld of a resource with %lld", (long long)sub, (long long)n);
    }
    return (UINT)sub;
}

/* The mapping's view of a resource (lua-map.h). */
static bool map_valid(const void *res, unsigned gen)
{
    const LObj *o = res;
    return o->p && o->map_gen == gen;
}

static void unmap(lua_State *L, LDevice *dev, LObj *o, UINT sub);

static void map_unmap(lua_State *L, void *res, unsigned sub)
{
    LObj *o = res;
    if (!o->dev || !o->dev->d) {
        sr_error(L, "the device was released");
    }
    unmap(L, o->dev, o, sub);
}

static const LdMapOps map_ops = { map_valid, map_unmap };

/* map(res, {sub = 0, type = "read", do_not_wait = false}) -> mapping */
static int dev_map(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    LObj *o = ld_check(L, 2, LK_RESOURCE);
    RtResource *r = o->p;
    UINT sub = check_sub(L, r, ld_opt_field(L, 3, "sub", 0));
    bool do_not_wait;
    UINT type = ld_map_type(L, 3, &do_not_wait);
    UINT flags = do_not_wait ? D3D10_DDI_MAP_FLAG_DONOTWAIT : 0;
    D3D10DDI_MAPPED_SUBRESOURCE ms = { 0 };
    ld_check_hr(L, rt_map(dev->d, r, sub, (D3D10_DDI_MAP)type, flags, &ms), "Map");
    UINT w, h, d;
    sub_size(r, sub, &w, &h, &d);
    LdMapping m = { ms.pData, ld_mapping_size(r->dim == D3D10DDIRESOURCE_BUFFER, w, h, d, r->bpp,
                                              ms.RowPitch, ms.DepthPitch),
                    ms.RowPitch, ms.DepthPitch };
    ld_push_mapping(L, 2, &map_ops, o, sub, o->map_gen, &m);
    return 1;
}

static void unmap(lua_State *L, LDevice *dev, LObj *o, UINT sub)
{
    o->map_gen++;
    ld_check_hr(L, rt_unmap(dev->d, o->p, sub), "Unmap");
}

/* unmap(res [, sub]) */
static int dev_unmap(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    LObj *o = ld_check(L, 2, LK_RESOURCE);
    unmap(L, dev, o, check_sub(L, o->p, luaL_optinteger(L, 3, 0)));
    return 0;
}

/* ---- copies, update, clears ---- */

static int dev_copy(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    ld_check_hr(L, rt_copy(dev->d, ld_check(L, 2, LK_RESOURCE)->p,
                           ld_check(L, 3, LK_RESOURCE)->p), "CopyResource");
    return 0;
}

/* A box {left, top, right, bottom [, front, back]} at idx (a field of the
 * table at idx named `key`); false if absent. */
static bool box_field(lua_State *L, int idx, D3D10_DDI_BOX *box)
{
    LdBox b;
    if (!ld_box_field(L, idx, &b)) {
        return false;
    }
    *box = (D3D10_DDI_BOX){ .left = (INT)b.left, .top = (INT)b.top, .front = (INT)b.front,
                            .right = (INT)b.right, .bottom = (INT)b.bottom, .back = (INT)b.back };
    return true;
}

/* resolve(dst, src [, {dst_sub = 0, src_sub = 0, format = dst's}]):
 * ResolveSubresource of a multisampled texture */
static int dev_resolve(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtDevice *d = dev->d;
    RtResource *dst = ld_check(L, 2, LK_RESOURCE)->p, *src = ld_check(L, 3, LK_RESOURCE)->p;
    UINT dsub = check_sub(L, dst, ld_opt_field(L, 4, "dst_sub", 0));
    UINT ssub = check_sub(L, src, ld_opt_field(L, 4, "src_sub", 0));
    DXGI_FORMAT f = dst->format;
    if (lua_istable(L, 4) && lua_getfield(L, 4, "format") == LUA_TSTRING) {
        f = ld_check_format(L, lua_tostring(L, -1));
    }
    ld_check_hr(L, RT_CALL(d, ResourceResolveSubresource, 0,
                           F(d, pfnResourceResolveSubresource)(d->h, dst->h, dsub, src->h, ssub,
                                                               f)),
                "ResolveSubresource");
    return 0;
}

/* copy_region(dst, src [, {dst_sub=, x=, y=, src_sub=, box=}]) */
static int dev_copy_region(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtResource *dst = ld_check(L, 2, LK_RESOURCE)->p, *src = ld_check(L, 3, LK_RESOURCE)->p;
    D3D10_DDI_BOX box;
    bool has_box = box_field(L, 4, &box);
    lua_Integer x = ld_opt_field(L, 4, "x", 0), y = ld_opt_field(L, 4, "y", 0);
    luaL_argcheck(L, x >= 0 && y >= 0 && x <= UINT32_MAX && y <= UINT32_MAX, 4, "x, y");
    ld_check_hr(L, rt_copy_region(dev->d, dst, check_sub(L, dst, ld_opt_field(L, 4, "dst_sub", 0)),
                                  (UINT)x, (UINT)y, src,
                                  check_sub(L, src, ld_opt_field(L, 4, "src_sub", 0)),
                                  has_box ? &box : NULL), "CopySubresourceRegion");
    return 0;
}

/* update(res, data [, {sub=, box=, row_pitch=}]): rows of the box (the
 * whole subresource without one), tight unless row_pitch says otherwise. */
static int dev_update(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    size_t len;
    const char *data = luaL_checklstring(L, 3, &len);
    UINT sub = check_sub(L, r, ld_opt_field(L, 4, "sub", 0));
    D3D10_DDI_BOX box;
    bool has_box = box_field(L, 4, &box);
    UINT w, h, d;
    sub_size(r, sub, &w, &h, &d);
    if (has_box) {
        w = box.right - box.left;
        h = box.bottom - box.top;
        d = box.back - box.front;
    }
    uint64_t tight = (uint64_t)w * MAX(r->bpp, 1u);
    lua_Integer pitch = ld_opt_field(L, 4, "row_pitch", (lua_Integer)tight);
    luaL_argcheck(L, pitch >= 0 && (uint64_t)pitch >= tight && pitch <= UINT32_MAX, 4,
                  "row_pitch smaller than a row");
    uint64_t need = r->dim == D3D10DDIRESOURCE_BUFFER ? w : (uint64_t)pitch * h * d;
    if (len < need) {
        return sr_error(L, "update: %zu bytes given, the region takes %" G_GUINT64_FORMAT, len,
                        need);
    }
    ld_check_hr(L, rt_update(dev->d, r, sub, has_box ? &box : NULL, data, (UINT)pitch),
                "UpdateSubresource");
    return 0;
}

static float float_at(lua_State *L, int t, int i, float def)
{
    float v = def;
    if (lua_geti(L, t, i) != LUA_TNIL) {
        v = (float)luaL_checknumber(L, -1);
    }
    lua_pop(L, 1);
    return v;
}

/* clear(rtv, {r, g, b, a}) with floats. */
static int dev_clear(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtView *v = ld_check(L, 2, LK_RTV)->p;
    luaL_checktype(L, 3, LUA_TTABLE);
    ld_check_hr(L, rt_clear(dev->d, v, float_at(L, 3, 1, 0), float_at(L, 3, 2, 0),
                            float_at(L, 3, 3, 0), float_at(L, 3, 4, 1)),
                "ClearRenderTargetView");
    return 0;
}

/* clear_depth(dsv, {depth = 1.0, stencil = 0}): the fields present say
 * what is cleared. */
static int dev_clear_depth(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtView *v = ld_check(L, 2, LK_DSV)->p;
    luaL_checktype(L, 3, LUA_TTABLE);
    UINT flags = 0;
    lua_getfield(L, 3, "depth");
    float depth = (float)luaL_optnumber(L, -1, 1.0);
    flags |= lua_isnil(L, -1) ? 0 : D3D10_DDI_CLEAR_DEPTH;
    lua_Integer stencil = ld_opt_field(L, 3, "stencil", -1);
    flags |= stencil >= 0 ? D3D10_DDI_CLEAR_STENCIL : 0;
    luaL_argcheck(L, stencil <= 255, 3, "stencil 0..255");
    ld_check_hr(L, rt_clear_dsv(dev->d, v, flags, depth, (uint8_t)MAX(stencil, 0)),
                "ClearDepthStencilView");
    return 0;
}

static int dev_flush(lua_State *L)
{
    ld_check_hr(L, rt_flush(ld_check_device(L, 1)->d), "Flush");
    return 0;
}

static int dev_wait_idle(lua_State *L)
{
    rt_wait_idle(ld_check_device(L, 1)->d);
    return 0;
}

/* ---- queries ---- */

static int dev_end_query(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    ld_check_hr(L, rt_query_end(dev->d, ld_check(L, 2, LK_QUERY)->p), "End");
    return 0;
}

/* begin_query(q) */
static int dev_begin_query(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtDevice *d = dev->d;
    RtQuery *q = ld_check(L, 2, LK_QUERY)->p;
    ld_check_hr(L, RT_CALL(d, QueryBegin, 0, F(d, pfnQueryBegin)(d->h, q->h)), "Begin");
    return 0;
}

/* get_data(q [, {do_not_flush = true}]) -> the query's value (an event:
 * whether it passed), nil while not available (an event: false) */
static int dev_get_data(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtDevice *d = dev->d;
    LObj *q = ld_check(L, 2, LK_QUERY);
    UINT flags = 0;
    if (lua_istable(L, 3)) {
        lua_getfield(L, 3, "do_not_flush");
        flags = lua_toboolean(L, -1) ? D3D10_DDI_GET_DATA_DO_NOT_FLUSH : 0;
    }
    uint64_t data[11] = { 0 };
    UINT size = ld_query_data_size(q->query_type);
    HRESULT hr = RT_CALL(d, QueryGetData, 0,
                         F(d, pfnQueryGetData)(d->h, ((RtQuery *)q->p)->h, data, size, flags));
    if (hr == D3DDDIERR_WASSTILLDRAWING || hr == DXGI_DDI_ERR_WASSTILLDRAWING) {
        if (q->query_type == D3D10DDI_QUERY_EVENT) {
            lua_pushboolean(L, 0);
        } else {
            lua_pushnil(L);
        }
        return 1;
    }
    ld_check_hr(L, hr, "GetData");
    ld_push_query_data(L, q->query_type, data);
    return 1;
}

/* set_predication(predicate | nil [, value = false]): later draws,
 * dispatches, copies and clears are skipped while the predicate's result
 * equals value */
static int dev_set_predication(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtDevice *d = dev->d;
    D3D10DDI_HQUERY h = { NULL };
    if (!lua_isnoneornil(L, 2)) {
        h = ((RtQuery *)ld_check(L, 2, LK_QUERY)->p)->h;
    }
    ld_check_hr(L, RT_CALL(d, SetPredication, 0,
                           F(d, pfnSetPredication)(d->h, h, lua_toboolean(L, 3))),
                "SetPredication");
    if (d->f11) { /* unset before the query goes (ld_unbind_compute) */
        dev->pipeline = true;
    }
    ld_keep(L, 1, "predicate", 2);
    return 0;
}

/* ---- read back ---- */

static int dev_read(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    UINT sub = check_sub(L, r, luaL_optinteger(L, 3, 0));
    UINT w, h, d;
    sub_size(r, sub, &w, &h, &d);
    size_t n = r->dim == D3D10DDIRESOURCE_BUFFER ? r->width : (size_t)w * h * d * r->bpp;
    luaL_Buffer b;
    uint8_t *out = (uint8_t *)luaL_buffinitsize(L, &b, n);
    ld_check_hr(L, rt_read_hr(dev->d, r, sub, out), "read back (CopySubresourceRegion + Map)");
    luaL_pushresultsize(&b, n);
    return 1;
}

/* image(res [, sub]) -> image of a 2D subresource (8-bit and 16-bit colour formats). */
static int dev_image(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    UINT sub = check_sub(L, r, luaL_optinteger(L, 3, 0));
    UINT w, h, d;
    sub_size(r, sub, &w, &h, &d);
    static const uint8_t black[4];
    SrImage *img = r->dim == D3D10DDIRESOURCE_BUFFER || d != 1 ? NULL
                                                               : sr_image_new(w, h, black);
    if (!img) {
        return sr_error(L, "image: a 1D or 2D texture subresource expected (read() gives bytes)");
    }
    sr_push_image(L, img); /* Lua owns both from here, errors included */
    uint8_t *raw = lua_newuserdatauv(L, (size_t)w * h * r->bpp, 0);
    ld_check_hr(L, rt_read_hr(dev->d, r, sub, raw), "read back (CopySubresourceRegion + Map)");
    if (!ld_to_rgba(r->format, raw, (size_t)w * h, img->px)) {
        return sr_error(L, "image: format %d has no image conversion (read() gives bytes)",
                        (int)r->format);
    }
    lua_pop(L, 1);
    return 1;
}

/* Packed RGB rows (g_free'd here) as a new image on the stack. */
static void push_rgb_image(lua_State *L, uint8_t *rgb, UINT w, UINT h)
{
    static const uint8_t opaque[4] = { 0, 0, 0, 255 };
    SrImage *img = sr_image_new(w, h, opaque);
    for (size_t i = 0; img && i < (size_t)w * h; i++) {
        memcpy(img->px + i * 4, rgb + i * 3, 3);
    }
    g_free(rgb);
    if (!img) {
        sr_error(L, "a %ux%u frame is not an image scripts handle", w, h);
    }
    sr_push_image(L, img);
}

/* capture() -> what the display shows once the work so far is done. */
static int dev_capture(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    UINT w = 0, h = 0;
    uint8_t *rgb = rt_capture(dev->d, &w, &h);
    push_rgb_image(L, rgb, w, h);
    return 1;
}

static int dev_stats(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    SableUmdStats s = rt_umd_stats(dev->d);
    lua_createtable(L, 0, 8);
#define STAT(name, v) (lua_pushinteger(L, (lua_Integer)(v)), lua_setfield(L, -2, name))
    STAT("submits", s.submits);
    STAT("auto_flushes", s.auto_flushes);
    STAT("errors_reported", s.errors_reported);
    STAT("lost", s.lost);
    STAT("upload_pieces", s.upload_pieces);
    STAT("renames", dev->d->renames);
    STAT("presents", dev->d->presents);
    STAT("live_allocations", rt_live_allocations(dev->d));
#undef STAT
    return 1;
}

/* ---- swap chains ---- */

static int sc_present(lua_State *L)
{
    LObj *o = ld_check(L, 1, LK_SWAPCHAIN);
    ld_check_hr(L, rt_present(o->p), "Present");
    return 0;
}

/* front() -> the front buffer (after a present, the frame presented). */
static int sc_front(lua_State *L)
{
    LObj *o = ld_check(L, 1, LK_SWAPCHAIN);
    RtSwapChain *sc = o->p;
    push_rgb_image(L, rt_front_rgb(sc), sc->primary->width, sc->primary->height);
    return 1;
}

const luaL_Reg ld_swapchain_ops[] = { { "present", sc_present }, { "front", sc_front },
                                      { NULL, NULL } };

const luaL_Reg ld_device_ops[] = {
    { "map", dev_map }, { "unmap", dev_unmap }, { "copy", dev_copy },
    { "copy_region", dev_copy_region }, { "resolve", dev_resolve }, { "update", dev_update },
    { "clear", dev_clear },
    { "clear_depth", dev_clear_depth }, { "flush", dev_flush }, { "wait_idle", dev_wait_idle },
    { "end_query", dev_end_query }, { "get_data", dev_get_data },
    { "begin_query", dev_begin_query }, { "set_predication", dev_set_predication },
    { "read", dev_read },
    { "image", dev_image }, { "capture", dev_capture }, { "stats", dev_stats },
    { NULL, NULL }
};
