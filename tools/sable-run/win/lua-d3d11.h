/* SPDX-License-Identifier: MIT */
/*
 * The Windows build's `d3d` module (lua-d3d11.c) and its 3D pipeline
 * (lua-d3d11-draw.c): a device and its objects as Lua userdata over the
 * real d3d11.dll's COM objects. An object holds a reference on the device
 * and its context; a released one (p NULL) raises when used.
 */
#ifndef SABLE_RUN_WIN_LUA_D3D11_H
#define SABLE_RUN_WIN_LUA_D3D11_H

#define COBJMACROS
#include <windows.h>
#include <stdint.h>
#include <d3d11.h>
#include <lua.h>
#include <lauxlib.h>

#define DEVICE_MT "sable.d3d11.device"
#define OBJ_MT "sable.d3d11.object"

typedef struct WDev {
    ID3D11Device *d;            /* NULL once released */
    ID3D11DeviceContext *c;
    const char *level;
} WDev;

typedef enum WKind { WK_RESOURCE, WK_RTV, WK_DSV, WK_SHADER, WK_LAYOUT, WK_SRV, WK_SAMPLER,
                     WK_BLEND, WK_DSS, WK_RAST, WK_QUERY, WK_UAV } WKind;

typedef struct WObj {
    WKind kind;
    IUnknown *p;                /* NULL once released */
    ID3D11Device *d;            /* a reference: the device outlives the object */
    ID3D11DeviceContext *c;
    D3D11_RESOURCE_DIMENSION dim;
    UINT width, height, depth, mips, array, bpp, misc;
    DXGI_FORMAT format;
    UINT stride;                /* structured buffers: bytes per structure */
    UINT samples;               /* textures: samples per pixel */
    int stage;                  /* shaders: 0..5 vs, ps, gs, hs, ds, cs; queries: D3D11_QUERY */
    unsigned map_gen;           /* resources: bumped by each Unmap */
} WObj;

/* Raises "what: NAME (0x...)" if hr failed. */
void w_check_hr(lua_State *L, HRESULT hr, const char *what);
/* The device at idx, not released (a Lua error otherwise). */
WDev *w_check_dev(lua_State *L, int idx);
/* The object at idx of `kind`, not released. */
WObj *w_check_obj(lua_State *L, int idx, WKind kind);
/* A new object userdata for p (its reference moves to it). */
WObj *w_push_obj(lua_State *L, WDev *dev, WKind kind, IUnknown *p);
/* Subresource sub of r (a Lua error if r has no such one). */
UINT w_check_sub(lua_State *L, const WObj *r, lua_Integer sub);
/* Pipeline objects: unbound from the context's slots holding them. */
void w_unbind(WObj *o);
/* The pipeline and state calls (lua-d3d11-draw.c). */
extern const luaL_Reg w_draw_ops[];
/* Shaders of the stages beyond vs/ps, UAVs, dispatches
 * (lua-d3d11-compute.c); a stage's Create*Shader; unbinding such a
 * shader or a UAV. */
extern const luaL_Reg w_compute_ops[];
/* SM4 assembly text -> a DXBC container (free()), or a Lua error. */
uint8_t *w_assemble(lua_State *L, const char *text, size_t *len);
HRESULT w_create_shader(ID3D11Device *d, int stage, const void *blob, size_t len, IUnknown **s);
void w_unbind_compute(WObj *o);
/* Map/unmap and queries (lua-d3d11-ops.c). */
extern const luaL_Reg w_ops[];
/* Swap chains and the screen's capture (lua-d3d11-present.c); its
 * metatable. */
extern const luaL_Reg w_present_ops[];
void w_open_present(lua_State *L);

#endif
