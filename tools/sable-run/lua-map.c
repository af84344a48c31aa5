/* SPDX-License-Identifier: MIT */
/* The mapping userdata (lua-map.h). */
#include <string.h>
#include <lauxlib.h>

#include "lua-map.h"
#include "script.h"

#define MAP_MT "sable.d3d.mapping"

typedef struct LMap {
    const LdMapOps *ops;
    void *res;
    unsigned sub, gen;
    LdMapping m;
} LMap;

void ld_push_mapping(lua_State *L, int res_idx, const LdMapOps *ops, void *res, unsigned sub,
                     unsigned gen, const LdMapping *m)
{
    res_idx = lua_absindex(L, res_idx);
    LMap *u = lua_newuserdatauv(L, sizeof(*u), 1);
    *u = (LMap){ .ops = ops, .res = res, .sub = sub, .gen = gen, .m = *m };
    lua_pushvalue(L, res_idx); /* the resource stays alive with its mapping */
    lua_setiuservalue(L, -2, 1);
    luaL_setmetatable(L, MAP_MT);
}

size_t ld_mapping_size(bool buffer, uint32_t w, uint32_t h, uint32_t d, uint32_t bpp,
                       uint32_t row_pitch, uint32_t depth_pitch)
{
    return buffer ? w : (size_t)(d - 1) * depth_pitch + (size_t)(h - 1) * row_pitch +
                        (size_t)w * bpp;
}

static LMap *check_map(lua_State *L, int idx)
{
    LMap *u = luaL_checkudata(L, idx, MAP_MT);
    if (!u->m.data || !u->ops->valid(u->res, u->gen)) {
        sr_error(L, "the mapping is no longer valid (unmapped or released)");
    }
    return u;
}

static int map_unmap(lua_State *L)
{
    LMap *u = check_map(L, 1);
    u->ops->unmap(L, u->res, u->sub);
    return 0;
}

/* [off, off + len) inside the mapping. */
static size_t check_range(lua_State *L, const LMap *u, lua_Integer off, lua_Integer len)
{
    size_t size = u->m.size;
    if (off < 0 || len < 0 || (uint64_t)off > size || (uint64_t)len > size - (uint64_t)off) {
        sr_error(L, "bytes [%lld, +%lld) outside the %llu mapped", (long long)off,
                 (long long)len, (unsigned long long)size);
    }
    return (size_t)off;
}

static int map_read(lua_State *L)
{
    LMap *u = check_map(L, 1);
    lua_Integer off = luaL_optinteger(L, 2, 0);
    lua_Integer len = luaL_optinteger(L, 3, (lua_Integer)u->m.size - off);
    lua_pushlstring(L, (const char *)u->m.data + check_range(L, u, off, len), (size_t)len);
    return 1;
}

static int map_write(lua_State *L)
{
    LMap *u = check_map(L, 1);
    lua_Integer off = luaL_checkinteger(L, 2);
    size_t len;
    const char *s = luaL_checklstring(L, 3, &len);
    memcpy(u->m.data + check_range(L, u, off, (lua_Integer)len), s, len);
    return 0;
}

static int map_index(lua_State *L)
{
    LMap *u = luaL_checkudata(L, 1, MAP_MT);
    const char *k = luaL_checkstring(L, 2);
    static const luaL_Reg methods[] = { { "read", map_read }, { "write", map_write },
                                        { "unmap", map_unmap }, { NULL, NULL } };
    for (const luaL_Reg *f = methods; f->name; f++) {
        if (strcmp(k, f->name) == 0) {
            lua_pushcfunction(L, f->func);
            return 1;
        }
    }
    lua_Integer v = strcmp(k, "row_pitch") == 0 ? u->m.row_pitch
                    : strcmp(k, "depth_pitch") == 0 ? u->m.depth_pitch
                    : strcmp(k, "size") == 0 ? (lua_Integer)u->m.size : -1;
    if (v < 0) {
        return sr_error(L, "a mapping has no field or method '%s'", k);
    }
    lua_pushinteger(L, v);
    return 1;
}

void ld_open_mapping(lua_State *L)
{
    luaL_newmetatable(L, MAP_MT);
    lua_pushcfunction(L, map_index);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
