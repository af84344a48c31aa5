/* SPDX-License-Identifier: MIT */
/*
 * The Windows build's map/unmap and queries for scripts (lua-d3d11.h),
 * the Linux module's calls over the real d3d11.dll: dev:map returns the
 * portable mapping userdata (lua-map.h); dev:query, dev:end_query and
 * dev:get_data (whether an event query passed).
 */
#include <string.h>

#include "lua-d3d11.h"
#include "lua-d3d-args.h"
#include "lua-map.h"
#include "script.h"

static bool map_valid(const void *res, unsigned gen)
{
    const WObj *o = res;
    return o->p && o->map_gen == gen;
}

static void unmap(WObj *o, UINT sub)
{
    o->map_gen++;
    ID3D11DeviceContext_Unmap(o->c, (ID3D11Resource *)o->p, sub);
}

static void map_unmap(lua_State *L, void *res, unsigned sub)
{
    unmap(res, sub);
}

static const LdMapOps map_ops = { map_valid, map_unmap };

static UINT mip_size(UINT v, UINT mip)
{
    return v >> mip ? v >> mip : 1;
}

/* map(res, {sub = 0, type = "read", do_not_wait = false}) -> mapping */
static int dev_map(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    UINT sub = w_check_sub(L, r, ld_opt_field(L, 3, "sub", 0)), mip = sub % r->mips;
    bool do_not_wait;
    UINT type = ld_map_type(L, 3, &do_not_wait);
    D3D11_MAPPED_SUBRESOURCE ms = { 0 };
    w_check_hr(L, ID3D11DeviceContext_Map(dev->c, (ID3D11Resource *)r->p, sub, (D3D11_MAP)type,
                                          do_not_wait ? D3D11_MAP_FLAG_DO_NOT_WAIT : 0, &ms),
               "Map");
    bool buffer = r->dim == D3D11_RESOURCE_DIMENSION_BUFFER;
    LdMapping m = { ms.pData, ld_mapping_size(buffer, mip_size(r->width, mip),
                                              mip_size(r->height, mip), mip_size(r->depth, mip),
                                              r->bpp, ms.RowPitch, ms.DepthPitch),
                    ms.RowPitch, ms.DepthPitch };
    ld_push_mapping(L, 2, &map_ops, r, sub, r->map_gen, &m);
    return 1;
}

/* unmap(res [, sub]) */
static int dev_unmap(lua_State *L)
{
    w_check_dev(L, 1);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    unmap(r, w_check_sub(L, r, luaL_optinteger(L, 3, 0)));
    return 0;
}

/* resolve(dst, src [, {dst_sub = 0, src_sub = 0, format = dst's}]) */
static int dev_resolve(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *dst = w_check_obj(L, 2, WK_RESOURCE), *src = w_check_obj(L, 3, WK_RESOURCE);
    UINT dsub = w_check_sub(L, dst, ld_opt_field(L, 4, "dst_sub", 0));
    UINT ssub = w_check_sub(L, src, ld_opt_field(L, 4, "src_sub", 0));
    DXGI_FORMAT f = dst->format;
    if (lua_istable(L, 4) && lua_getfield(L, 4, "format") == LUA_TSTRING) {
        f = ld_check_format(L, lua_tostring(L, -1));
    }
    ID3D11DeviceContext_ResolveSubresource(dev->c, (ID3D11Resource *)dst->p, dsub,
                                           (ID3D11Resource *)src->p, ssub, f);
    return 0;
}

/* query("event" | "occlusion" | ...) */
static int dev_query(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    D3D11_QUERY_DESC qd = { (D3D11_QUERY)ld_check_query(L, 2), 0 };
    ID3D11Query *q = NULL;
    w_check_hr(L, ID3D11Device_CreateQuery(dev->d, &qd, &q), "CreateQuery");
    w_push_obj(L, dev, WK_QUERY, (IUnknown *)q)->stage = (int)qd.Query;
    return 1;
}

static int dev_end_query(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    ID3D11DeviceContext_End(dev->c, (ID3D11Asynchronous *)w_check_obj(L, 2, WK_QUERY)->p);
    return 0;
}

static int dev_begin_query(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    ID3D11DeviceContext_Begin(dev->c, (ID3D11Asynchronous *)w_check_obj(L, 2, WK_QUERY)->p);
    return 0;
}

/* get_data(q [, {do_not_flush = true}]) -> the query's value (an event:
 * whether it passed), nil while not available (an event: false) */
static int dev_get_data(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    WObj *q = w_check_obj(L, 2, WK_QUERY);
    UINT flags = 0;
    if (lua_istable(L, 3)) {
        lua_getfield(L, 3, "do_not_flush");
        flags = lua_toboolean(L, -1) ? D3D11_ASYNC_GETDATA_DONOTFLUSH : 0;
    }
    uint64_t data[11] = { 0 };
    HRESULT hr = ID3D11DeviceContext_GetData(dev->c, (ID3D11Asynchronous *)q->p, data,
                                             ld_query_data_size((uint32_t)q->stage), flags);
    w_check_hr(L, hr, "GetData");
    if (hr != S_OK) {
        if (q->stage == D3D11_QUERY_EVENT) {
            lua_pushboolean(L, 0);
        } else {
            lua_pushnil(L);
        }
        return 1;
    }
    ld_push_query_data(L, (uint32_t)q->stage, data);
    return 1;
}

/* set_predication(predicate | nil [, value = false]) */
static int dev_set_predication(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    ID3D11Predicate *p = NULL;
    if (!lua_isnoneornil(L, 2)) {
        WObj *q = w_check_obj(L, 2, WK_QUERY);
        if (q->stage != D3D11_QUERY_OCCLUSION_PREDICATE &&
            q->stage != D3D11_QUERY_SO_OVERFLOW_PREDICATE) {
            return sr_error(L, "set_predication: a predicate query expected");
        }
        p = (ID3D11Predicate *)q->p;
    }
    ID3D11DeviceContext_SetPredication(dev->c, p, lua_toboolean(L, 3));
    ld_keep(L, 1, "predicate", 2);
    return 0;
}

const luaL_Reg w_ops[] = {
    { "map", dev_map }, { "unmap", dev_unmap }, { "query", dev_query },
    { "resolve", dev_resolve },
    { "end_query", dev_end_query }, { "get_data", dev_get_data },
    { "begin_query", dev_begin_query }, { "set_predication", dev_set_predication },
    { NULL, NULL }
};
