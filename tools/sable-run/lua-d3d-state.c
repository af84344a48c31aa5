/* SPDX-License-Identifier: MIT */
/*
 * A device's output-merger and rasterizer states for scripts (lua-d3d.h):
 * blend, depth-stencil and rasterizer state objects from a table
 * (lua-d3d-args.h), binding them, and scissor rectangles; each a DDI of
 * our UMD through winsim's runtime (feature level 11_0 devices).
 */
#include <string.h>
#include <lauxlib.h>

#include "lua-d3d.h"
#include "script.h"

static int push_state(lua_State *L, LKind kind, void *mem, HRESULT hr, const char *what)
{
    if (FAILED(hr)) {
        g_free(mem);
    }
    ld_check_hr(L, hr, what);
    ld_push(L, ld_check_device(L, 1), kind, mem, NULL);
    return 1;
}

/* blend_state{enable =, src =, dest =, op =, src_alpha =, dest_alpha =,
 * op_alpha =, write_mask =}: the same for every render target. */
static int dev_blend_state(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    LdBlend b;
    ld_blend_desc(L, 2, &b);
    D3D10_1_DDI_BLEND_DESC desc = { 0 };
    for (int i = 0; i < D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT; i++) {
        desc.RenderTarget[i] = (D3D10_DDI_RENDER_TARGET_BLEND_DESC1){
            b.enable, (D3D10_DDI_BLEND)b.src, (D3D10_DDI_BLEND)b.dest,
            (D3D10_DDI_BLEND_OP)b.op, (D3D10_DDI_BLEND)b.src_alpha,
            (D3D10_DDI_BLEND)b.dest_alpha, (D3D10_DDI_BLEND_OP)b.op_alpha, b.write_mask };
    }
    void *mem = g_malloc0(d->f11->pfnCalcPrivateBlendStateSize(d->h, &desc));
    HRESULT hr = RT_CALL(d, CreateBlendState, 0,
                         d->f11->pfnCreateBlendState(d->h, &desc, (D3D10DDI_HBLENDSTATE){ mem },
                                                     (D3D10DDI_HRTBLENDSTATE){ mem }));
    return push_state(L, LK_BLEND, mem, hr, "CreateBlendState");
}

static D3D10_DDI_DEPTH_STENCILOP_DESC face(const LdStencilFace *f)
{
    return (D3D10_DDI_DEPTH_STENCILOP_DESC){
        (D3D10_DDI_STENCIL_OP)f->fail, (D3D10_DDI_STENCIL_OP)f->depth_fail,
        (D3D10_DDI_STENCIL_OP)f->pass, (D3D10_DDI_COMPARISON_FUNC)f->func };
}

/* depth_stencil_state{depth =, depth_write =, depth_func =, stencil =,
 * stencil_read_mask =, stencil_write_mask =, front = {...}, back = {...}} */
static int dev_depth_stencil_state(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    LdDepthStencil s;
    ld_depth_stencil_desc(L, 2, &s);
    /* the runtime enables both faces' stencil with StencilEnable */
    D3D10_DDI_DEPTH_STENCIL_DESC desc = {
        s.depth, s.depth_write ? D3D10_DDI_DEPTH_WRITE_MASK_ALL : D3D10_DDI_DEPTH_WRITE_MASK_ZERO,
        (D3D10_DDI_COMPARISON_FUNC)s.depth_func, s.stencil, s.stencil, s.stencil,
        s.read_mask, s.write_mask, face(&s.front), face(&s.back) };
    void *mem = g_malloc0(F(d, pfnCalcPrivateDepthStencilStateSize)(d->h, &desc));
    HRESULT hr = RT_CALL(d, CreateDepthStencilState, 0,
                         F(d, pfnCreateDepthStencilState)(
                             d->h, &desc, (D3D10DDI_HDEPTHSTENCILSTATE){ mem },
                             (D3D10DDI_HRTDEPTHSTENCILSTATE){ mem }));
    return push_state(L, LK_DSS, mem, hr, "CreateDepthStencilState");
}

/* rasterizer_state{fill =, cull =, front_ccw =, depth_bias =,
 * depth_bias_clamp =, slope_scaled_depth_bias =, depth_clip =, scissor =} */
static int dev_rasterizer_state(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    LdRaster r;
    ld_raster_desc(L, 2, &r);
    D3D10_DDI_RASTERIZER_DESC desc = {
        (D3D10_DDI_FILL_MODE)r.fill, (D3D10_DDI_CULL_MODE)r.cull, r.front_ccw, r.depth_bias,
        r.depth_bias_clamp, r.slope_scaled_depth_bias, r.depth_clip, r.scissor, FALSE, FALSE };
    void *mem = g_malloc0(F(d, pfnCalcPrivateRasterizerStateSize)(d->h, &desc));
    HRESULT hr = RT_CALL(d, CreateRasterizerState, 0,
                         F(d, pfnCreateRasterizerState)(
                             d->h, &desc, (D3D10DDI_HRASTERIZERSTATE){ mem },
                             (D3D10DDI_HRTRASTERIZERSTATE){ mem }));
    return push_state(L, LK_RAST, mem, hr, "CreateRasterizerState");
}

static const float white[4] = { 1, 1, 1, 1 };

/* Binds state s (NULL: the default) of kind k. */
static HRESULT bind(RtDevice *d, LKind k, void *s, const float factor[4], UINT mask_or_ref)
{
    switch (k) {
    case LK_BLEND:
        return RT_CALL(d, SetBlendState, 0,
                       F(d, pfnSetBlendState)(d->h, (D3D10DDI_HBLENDSTATE){ s }, factor,
                                              mask_or_ref));
    case LK_DSS:
        return RT_CALL(d, SetDepthStencilState, 0,
                       F(d, pfnSetDepthStencilState)(d->h, (D3D10DDI_HDEPTHSTENCILSTATE){ s },
                                                     mask_or_ref));
    default:
        return RT_CALL(d, SetRasterizerState, 0,
                       F(d, pfnSetRasterizerState)(d->h, (D3D10DDI_HRASTERIZERSTATE){ s }));
    }
}

static int set_state(lua_State *L, LKind k, const float factor[4], UINT mask_or_ref,
                     const char *what)
{
    RtDevice *d = ld_check_3d(L);
    void *s = lua_isnoneornil(L, 2) ? NULL : ld_check(L, 2, k)->p;
    ld_check_hr(L, bind(d, k, s, factor, mask_or_ref), what);
    ld_check_device(L, 1)->states[k - LK_BLEND] = s;
    static const char *const keys[] = { "blend", "dss", "rast" };
    ld_keep(L, 1, keys[k - LK_BLEND], 2);
    return 0;
}

/* set_blend_state(bs | nil [, {r, g, b, a} factor = 1s, sample_mask = all]) */
static int dev_set_blend_state(lua_State *L)
{
    float factor[4];
    ld_float4(L, 3, factor);
    lua_Integer mask = luaL_optinteger(L, 4, 0xffffffff);
    luaL_argcheck(L, mask >= 0 && mask <= UINT32_MAX, 4, "a 32-bit sample mask expected");
    return set_state(L, LK_BLEND, factor, (UINT)mask, "SetBlendState");
}

/* set_depth_stencil_state(dss | nil [, stencil_ref = 0]) */
static int dev_set_depth_stencil_state(lua_State *L)
{
    lua_Integer ref = luaL_optinteger(L, 3, 0);
    luaL_argcheck(L, ref >= 0 && ref <= 255, 3, "a stencil reference 0..255 expected");
    return set_state(L, LK_DSS, NULL, (UINT)ref, "SetDepthStencilState");
}

/* set_rasterizer_state(rs | nil) */
static int dev_set_rasterizer_state(lua_State *L)
{
    return set_state(L, LK_RAST, NULL, 0, "SetRasterizerState");
}

/* set_scissor{left, top, right, bottom}: the one scissor rectangle (used
 * with a rasterizer state's scissor = true). */
static int dev_set_scissor(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    int32_t r[4];
    ld_rect(L, 2, r);
    D3D10_DDI_RECT rect = { r[0], r[1], r[2], r[3] };
    ld_check_hr(L, RT_CALL(d, SetScissorRects, 0, F(d, pfnSetScissorRects)(d->h, 1, 0, &rect)),
                "SetScissorRects");
    return 0;
}

void ld_release_state(LDevice *dev, LObj *o)
{
    RtDevice *d = dev->d;
    if (dev->states[o->kind - LK_BLEND] == o->p) {
        bind(d, o->kind, NULL, white, 0xffffffff);
        dev->states[o->kind - LK_BLEND] = NULL;
    }
    switch (o->kind) {
    case LK_BLEND:
        RT_CALL(d, DestroyBlendState, 0,
                F(d, pfnDestroyBlendState)(d->h, (D3D10DDI_HBLENDSTATE){ o->p }));
        break;
    case LK_DSS:
        RT_CALL(d, DestroyDepthStencilState, 0,
                F(d, pfnDestroyDepthStencilState)(d->h, (D3D10DDI_HDEPTHSTENCILSTATE){ o->p }));
        break;
    default:
        RT_CALL(d, DestroyRasterizerState, 0,
                F(d, pfnDestroyRasterizerState)(d->h, (D3D10DDI_HRASTERIZERSTATE){ o->p }));
        break;
    }
}

void ld_unbind_states(LDevice *dev)
{
    for (LKind k = LK_BLEND; k <= LK_RAST; k++) {
        bind(dev->d, k, NULL, white, 0xffffffff);
        dev->states[k - LK_BLEND] = NULL;
    }
}

const luaL_Reg ld_state_ops[] = {
    { "blend_state", dev_blend_state }, { "depth_stencil_state", dev_depth_stencil_state },
    { "rasterizer_state", dev_rasterizer_state }, { "set_blend_state", dev_set_blend_state },
    { "set_depth_stencil_state", dev_set_depth_stencil_state },
    { "set_rasterizer_state", dev_set_rasterizer_state }, { "set_scissor", dev_set_scissor },
    { NULL, NULL }
};
