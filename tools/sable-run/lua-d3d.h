/* SPDX-License-Identifier: MIT */
/*
 * The `d3d` module's objects (lua-d3d.c): a device and what it created
 * (resources, views, queries, swap chains), each a userdata whose pointer
 * the device clears when it releases it, so a script using a released
 * object gets a Lua error, never a dangling pointer. Errors the UMD
 * reports become Lua errors naming the HRESULT ("Map:
 * D3DDDIERR_DEVICEREMOVED (0x88760870)").
 */
#ifndef SABLE_RUN_LUA_D3D_H
#define SABLE_RUN_LUA_D3D_H

#include <lua.h>
#include <lauxlib.h>

#include "d3drt.h"
#include "lua-d3d-args.h"
#include "lua-map.h"

typedef enum LKind { LK_RESOURCE, LK_RTV, LK_DSV, LK_QUERY, LK_SWAPCHAIN, LK_SHADER,
                     LK_LAYOUT, LK_SRV, LK_SAMPLER, LK_BLEND, LK_DSS, LK_RAST, LK_UAV } LKind;

enum { LD_VIEW_SLOTS = 16 }; /* SRV and sampler slots scripts bind, per stage */
enum { LD_STAGES = 6 };      /* vs, ps, gs, hs, ds, cs: the order of RT_VS.. */
enum { LD_UAV_SLOTS = 8 };   /* compute UAV slots (feature level 11_0) */

typedef struct LDevice {
    RtDevice *d;                /* NULL once released */
    const char *level;          /* "10_0", "10_1", "11_0" */
    GPtrArray *objects;         /* LObj * alive */
    bool pipeline;              /* a draw state was set: unbound before release */
    void *shaders[LD_STAGES];   /* the RtShader bound per stage (RT_VS..RT_CS) */
    void *layout;               /* the input layout bound */
    void *uavs[LD_UAV_SLOTS];   /* the compute UAVs bound */
    void *srvs[LD_STAGES][LD_VIEW_SLOTS]; /* the SRVs, samplers bound per stage */
    void *samplers[LD_STAGES][LD_VIEW_SLOTS];
    void *states[3];            /* the blend, depth-stencil, rasterizer state bound */
} LDevice;

typedef struct LObj {
    LKind kind;
    LDevice *dev;               /* NULL once released: in dev->objects iff set */
    void *p;                    /* RtResource, RtView, RtQuery, RtSwapChain, RtShader,
                                 * a layout's, SRV's, sampler's or state's memory;
                                 * NULL: released */
    struct LObj *owner;         /* a swap chain's buffers: the swap chain; else NULL */
    unsigned map_gen;           /* resources: bumped by each Unmap */
    D3D10DDI_QUERY query_type;
    uint32_t stride;            /* structured buffers: bytes per structure */
} LObj;

/* The object at idx of `kind`, alive (a Lua error otherwise). */
LObj *ld_check(lua_State *L, int idx, LKind kind);
LDevice *ld_check_device(lua_State *L, int idx);
/* A new userdata for p, a child of dev (with owner, released with it). */
LObj *ld_push(lua_State *L, LDevice *dev, LKind kind, void *p, LObj *owner);
/* Releases obj (and what it owns) through the runtime. */
void ld_release(LObj *obj);
/* Raises "what: NAME (0x...)" if hr failed. */
void ld_check_hr(lua_State *L, HRESULT hr, const char *what);
const char *ld_hr_name(HRESULT hr);
/* lua-d3d-ops.c: methods of a device beyond creation. */
extern const luaL_Reg ld_device_ops[];
/* Methods of a swap chain (present, front). */
extern const luaL_Reg ld_swapchain_ops[];
/* lua-d3d-draw.c: shaders, input layouts, pipeline state, draws. The
 * device at 1 for a pipeline call: an 11.0 one (a Lua error otherwise),
 * marked as having pipeline state to unbind. */
RtDevice *ld_check_3d(lua_State *L);
extern const luaL_Reg ld_draw_ops[];
/* Releases a shader, an input layout, an SRV or a sampler. */
void ld_release_pipeline(LDevice *dev, LObj *o);
/* Unbinds what scripts bound (before the device releases its objects). */
void ld_unbind_all(LDevice *dev);
/* lua-d3d-state.c: blend, depth-stencil, rasterizer states, scissors. */
extern const luaL_Reg ld_state_ops[];
/* Releases a state object (unbound first if bound); unbinds them all. */
void ld_release_state(LDevice *dev, LObj *o);
void ld_unbind_states(LDevice *dev);
/* lua-d3d-compute.c: the stages beyond vs/ps, UAVs, dispatches. */
extern const luaL_Reg ld_compute_ops[];
/* Releases a UAV (unbound first); unbinds the UAVs, the stages beyond
 * vs/ps, the SO targets and the predicate. */
void ld_release_uav(LDevice *dev, LObj *o);
void ld_unbind_compute(LDevice *dev);

#endif
