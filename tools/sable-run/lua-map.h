/* SPDX-License-Identifier: MIT */
/*
 * The mapping userdata dev:map returns, shared by both backends (portable):
 * m.row_pitch, m.depth_pitch, m.size, m:read([offset, length]),
 * m:write(offset, bytes), m:unmap(). A mapping is valid until its
 * resource is unmapped or released (the backend's ops say which); used
 * after that it raises "the mapping is no longer valid".
 */
#ifndef SABLE_RUN_LUA_MAP_H
#define SABLE_RUN_LUA_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lua.h>

typedef struct LdMapOps {
    /* res is alive and not unmapped since its unmap count was gen */
    bool (*valid)(const void *res, unsigned gen);
    /* Unmaps subresource sub of res (a Lua error on failure). */
    void (*unmap)(lua_State *L, void *res, unsigned sub);
} LdMapOps;

typedef struct LdMapping {
    uint8_t *data;
    size_t size;                /* bytes addressable from data */
    uint32_t row_pitch, depth_pitch;
} LdMapping;

/* Pushes a mapping of subresource sub of res (the userdata at res_idx,
 * kept alive by the mapping); gen: res's unmap count now. */
void ld_push_mapping(lua_State *L, int res_idx, const LdMapOps *ops, void *res, unsigned sub,
                     unsigned gen, const LdMapping *m);
/* The bytes a mapping of a w x h x d subresource of bpp bytes per element
 * covers, given its pitches (buffers: their size, w bytes). */
size_t ld_mapping_size(bool buffer, uint32_t w, uint32_t h, uint32_t d, uint32_t bpp,
                       uint32_t row_pitch, uint32_t depth_pitch);
/* Registers the mapping metatable. */
void ld_open_mapping(lua_State *L);

#endif
