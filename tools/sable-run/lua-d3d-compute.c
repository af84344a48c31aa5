/* SPDX-License-Identifier: MIT */
/*
 * The stages beyond vs/ps for scripts (lua-d3d.h): shaders bound to any
 * stage (set_shader), geometry shaders with stream output, SO targets,
 * DrawAuto; compute: unordered-access views of buffers (raw, structured,
 * typed) and 2D textures, the compute shader's UAV slots, Dispatch,
 * DispatchIndirect, ClearUnorderedAccessView{Uint,Float}, each a DDI of
 * our UMD through winsim's runtime.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

#include "d3d11_umddi_uav.h"
#include "lua-d3d.h"
#include "script.h"
#include "sm4_asm.h"

static const char *const set_names[LD_STAGES] = {
    "VsSetShader", "PsSetShader", "GsSetShader", "HsSetShader", "DsSetShader", "CsSetShader" };

/* set_shader(stage, shader | nil) */
static int dev_set_shader(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    LDevice *dev = ld_check_device(L, 1);
    unsigned stage = ld_check_any_stage(L, 2);
    RtShader *s = lua_isnoneornil(L, 3) ? NULL : ld_check(L, 3, LK_SHADER)->p;
    if (s && s->stage != stage) {
        return sr_error(L, "set_shader: a %s shader expected", lua_tostring(L, 2));
    }
    ld_check_hr(L, rt_set_shader(d, stage, s), set_names[stage]);
    dev->shaders[stage] = s;
    ld_keep(L, 1, lua_tostring(L, 2), 3);
    return 0;
}

enum { SO_ENTRIES = 64, SO_SLOTS = 4 };

/* shader_so(gs text, {{register =, mask =, slot =, stream =}, ...}
 * [, {strides = {16}, rasterized = 0 | "none"}]): a geometry shader with
 * stream output (CreateGeometryShaderWithStreamOutput). */
static int dev_shader_so(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    const char *text = luaL_checkstring(L, 2);
    LdSoEntry e[SO_ENTRIES];
    uint32_t n = ld_so_decl(L, 3, e, SO_ENTRIES), strides[SO_SLOTS], rast;
    uint32_t ns = ld_so_options(L, 4, strides, &rast);
    D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY de[SO_ENTRIES];
    for (uint32_t i = 0; i < n; i++) {
        de[i] = (D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY){ e[i].stream, e[i].slot, e[i].reg,
                                                                e[i].mask };
    }
    char err[256] = "";
    size_t len = 0;
    uint8_t *blob = sm4_assemble_dxbc(text, &len, err, sizeof err);
    if (!blob) {
        return sr_error(L, "shader: %s", err);
    }
    RtShader *s;
    HRESULT hr = rt_create_shader_so(d, blob, len, de, n, strides, ns, rast, &s);
    free(blob);
    ld_check_hr(L, hr, "CreateGeometryShaderWithStreamOutput");
    ld_push(L, ld_check_device(L, 1), LK_SHADER, s, NULL);
    return 1;
}

static HRESULT set_so(RtDevice *d, UINT n, const D3D10DDI_HRESOURCE *h, const UINT *off)
{
    return RT_CALL(d, SoSetTargets, 0, F(d, pfnSoSetTargets)(d->h, n, SO_SLOTS - n, h, off));
}

/* set_so_targets({ {buf, offset = 0}, ... }): offset -1 appends where the
 * buffer's last stream output ended; {} unbinds */
static int dev_set_so_targets(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 2);
    luaL_argcheck(L, n <= SO_SLOTS, 2, "at most 4 targets");
    D3D10DDI_HRESOURCE h[SO_SLOTS] = { { NULL } };
    UINT off[SO_SLOTS] = { 0 };
    for (lua_Integer i = 0; i < n; i++) {
        luaL_argcheck(L, lua_geti(L, 2, i + 1) == LUA_TTABLE, 2, "{buf, offset=} expected");
        lua_geti(L, -1, 1);
        h[i] = ((RtResource *)ld_check(L, lua_gettop(L), LK_RESOURCE)->p)->h;
        char key[8];
        snprintf(key, sizeof key, "so%d", (int)i);
        ld_keep(L, 1, key, -1);
        lua_Integer o = ld_opt_field(L, -2, "offset", 0);
        luaL_argcheck(L, o >= -1 && o <= UINT32_MAX, 2, "offset");
        off[i] = (UINT)o;
        lua_pop(L, 2);
    }
    ld_check_hr(L, set_so(d, (UINT)n, h, off), "SoSetTargets");
    return 0;
}

/* draw_auto(): as many vertices as the stream output into vertex buffer 0
 * wrote */
static int dev_draw_auto(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    if (!ld_check_device(L, 1)->shaders[RT_VS]) {
        return sr_error(L, "draw: no vertex shader bound (set_shaders)");
    }
    ld_check_hr(L, RT_CALL(d, DrawAuto, 0, F(d, pfnDrawAuto)(d->h)), "DrawAuto");
    return 0;
}

/* uav(res, {format =, first = 0, count =, mip = 0}): a buffer's (raw if
 * created with raw = true, structured with structure =, else typed by
 * `format`) or a 2D texture's unordered-access view. */
static int dev_uav(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    LObj *ro = ld_check(L, 2, LK_RESOURCE);
    RtResource *r = ro->p;
    D3D11DDIARG_CREATEUNORDEREDACCESSVIEW c = {
        .hDrvResource = r->h, .Format = r->format, .ResourceDimension = r->dim,
    };
    if (lua_istable(L, 3) && lua_getfield(L, 3, "format") == LUA_TSTRING) {
        c.Format = ld_check_format(L, lua_tostring(L, -1));
    }
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        UINT elem = r->misc & D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED ? ro->stride
                    : r->misc & D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS ? 4
                    : umd_format_bpp(c.Format);
        if (!elem) {
            return sr_error(L, "uav: a typed buffer view needs a format");
        }
        UINT first = ld_uint_field(L, 3, "first", 0, r->width / elem);
        UINT count = ld_uint_field(L, 3, "count", r->width / elem - first, r->width / elem - first);
        UINT flags = 0;
        if (r->misc & D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS) {
            c.Format = DXGI_FORMAT_R32_TYPELESS;
            flags = D3D11_DDI_BUFFER_UAV_FLAG_RAW;
        } else if (r->misc & D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED) {
            c.Format = DXGI_FORMAT_UNKNOWN;
            if (lua_istable(L, 3) && lua_getfield(L, 3, "append") != LUA_TNIL) {
                flags = lua_toboolean(L, -1) ? D3D11_DDI_BUFFER_UAV_FLAG_APPEND : 0;
            }
        }
        c.Buffer = (D3D11DDIARG_BUFFER_UNORDEREDACCESSVIEW){ first, count, flags };
    } else if (r->dim == D3D10DDIRESOURCE_TEXTURE2D) {
        c.Tex2D = (D3D11DDIARG_TEX2D_UNORDEREDACCESSVIEW){
            ld_uint_field(L, 3, "mip", 0, r->mips - 1), 0, r->array_size };
    } else {
        return sr_error(L, "uav: a buffer or a 2D texture expected");
    }
    void *mem = g_malloc0(d->f11->pfnCalcPrivateUnorderedAccessViewSize(d->h, &c));
    HRESULT hr = RT_CALL(d, CreateUnorderedAccessView, 0,
                         d->f11->pfnCreateUnorderedAccessView(
                             d->h, &c, (D3D11DDI_HUNORDEREDACCESSVIEW){ mem },
                             (D3D11DDI_HRTUNORDEREDACCESSVIEW){ mem }));
    if (FAILED(hr)) {
        g_free(mem);
    }
    ld_check_hr(L, hr, "CreateUnorderedAccessView");
    ld_push(L, ld_check_device(L, 1), LK_UAV, mem, NULL);
    return 1;
}

static HRESULT bind_uav(RtDevice *d, UINT slot, void *mem, UINT count)
{
    D3D11DDI_HUNORDEREDACCESSVIEW h = { mem };
    return RT_CALL(d, CsSetUnorderedAccessViews, 0,
                   d->f11->pfnCsSetUnorderedAccessViews(d->h, slot, 1, &h, &count));
}

/* set_uav(slot, uav | nil [, initial_count]): the compute shader's uN;
 * initial_count sets an append/counter UAV's counter (-1 keeps it). */
static int dev_set_uav(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    lua_Integer slot = luaL_checkinteger(L, 2);
    luaL_argcheck(L, slot >= 0 && slot < LD_UAV_SLOTS, 2, "slot 0..7 expected");
    void *mem = lua_isnoneornil(L, 3) ? NULL : ld_check(L, 3, LK_UAV)->p;
    lua_Integer count = luaL_optinteger(L, 4, -1);
    ld_check_hr(L, bind_uav(d, (UINT)slot, mem, (UINT)count), "CsSetUnorderedAccessViews");
    ld_check_device(L, 1)->uavs[slot] = mem;
    char key[16];
    snprintf(key, sizeof key, "uav%d", (int)slot);
    ld_keep(L, 1, key, 3);
    return 0;
}

/* dispatch(x [, y = 1, z = 1]) */
static int dev_dispatch(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    if (!ld_check_device(L, 1)->shaders[RT_CS]) {
        return sr_error(L, "dispatch: no compute shader bound (set_shader)");
    }
    UINT x = ld_count_arg(L, 2, true);
    UINT y = lua_isnoneornil(L, 3) ? 1 : ld_count_arg(L, 3, true);
    UINT z = lua_isnoneornil(L, 4) ? 1 : ld_count_arg(L, 4, true);
    ld_check_hr(L, RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, x, y, z)), "Dispatch");
    return 0;
}

/* dispatch_indirect(buf [, offset = 0]): buf made with indirect = true */
static int dev_dispatch_indirect(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    if (!ld_check_device(L, 1)->shaders[RT_CS]) {
        return sr_error(L, "dispatch_indirect: no compute shader bound (set_shader)");
    }
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    UINT off = ld_count_arg(L, 3, false);
    ld_check_hr(L, RT_CALL(d, DispatchIndirect, 0, d->f11->pfnDispatchIndirect(d->h, r->h, off)),
                "DispatchIndirect");
    return 0;
}

/* clear_uav_uint(uav, {a, b, c, d}), clear_uav_float(uav, {a, b, c, d}) */
static int clear_uav(lua_State *L, bool fl)
{
    RtDevice *d = ld_check_3d(L);
    D3D11DDI_HUNORDEREDACCESSVIEW h = { ld_check(L, 2, LK_UAV)->p };
    luaL_checktype(L, 3, LUA_TTABLE);
    UINT u[4];
    FLOAT f[4];
    for (int i = 0; i < 4; i++) {
        lua_geti(L, 3, i + 1);
        f[i] = (FLOAT)luaL_optnumber(L, -1, 0);
        u[i] = fl ? 0 : (UINT)luaL_optinteger(L, -1, 0);
        lua_pop(L, 1);
    }
    HRESULT hr = fl ? RT_CALL(d, ClearUnorderedAccessViewFloat, 0,
                              d->f11->pfnClearUnorderedAccessViewFloat(d->h, h, f))
                    : RT_CALL(d, ClearUnorderedAccessViewUint, 0,
                              d->f11->pfnClearUnorderedAccessViewUint(d->h, h, u));
    ld_check_hr(L, hr, fl ? "ClearUnorderedAccessViewFloat" : "ClearUnorderedAccessViewUint");
    return 0;
}

static int dev_clear_uav_uint(lua_State *L)
{
    return clear_uav(L, false);
}

static int dev_clear_uav_float(lua_State *L)
{
    return clear_uav(L, true);
}

/* copy_structure_count(dst_buf, offset, uav) */
static int dev_copy_structure_count(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    UINT off = ld_count_arg(L, 3, true);
    D3D11DDI_HUNORDEREDACCESSVIEW h = { ld_check(L, 4, LK_UAV)->p };
    ld_check_hr(L, RT_CALL(d, CopyStructureCount, 0,
                           d->f11->pfnCopyStructureCount(d->h, r->h, off, h)),
                "CopyStructureCount");
    return 0;
}

void ld_release_uav(LDevice *dev, LObj *o)
{
    RtDevice *d = dev->d;
    for (UINT i = 0; i < LD_UAV_SLOTS; i++) {
        if (dev->uavs[i] == o->p) {
            bind_uav(d, i, NULL, (UINT)-1);
            dev->uavs[i] = NULL;
        }
    }
    RT_CALL(d, DestroyUnorderedAccessView, 0,
            d->f11->pfnDestroyUnorderedAccessView(d->h, (D3D11DDI_HUNORDEREDACCESSVIEW){ o->p }));
    g_free(o->p);
}

void ld_unbind_compute(LDevice *dev)
{
    RtDevice *d = dev->d;
    for (UINT i = 0; i < LD_UAV_SLOTS; i++) {
        if (dev->uavs[i]) {
            bind_uav(d, i, NULL, (UINT)-1);
            dev->uavs[i] = NULL;
        }
    }
    set_so(d, 0, NULL, NULL);
    RT_CALL(d, SetPredication, 0, F(d, pfnSetPredication)(d->h, (D3D10DDI_HQUERY){ NULL }, FALSE));
    for (unsigned st = RT_GS; st <= RT_CS; st++) {
        if (dev->shaders[st]) {
            rt_set_shader(d, st, NULL);
        }
    }
}

const luaL_Reg ld_compute_ops[] = {
    { "set_shader", dev_set_shader }, { "shader_so", dev_shader_so },
    { "set_so_targets", dev_set_so_targets }, { "draw_auto", dev_draw_auto },
    { "uav", dev_uav }, { "set_uav", dev_set_uav },
    { "dispatch", dev_dispatch }, { "dispatch_indirect", dev_dispatch_indirect },
    { "clear_uav_uint", dev_clear_uav_uint }, { "clear_uav_float", dev_clear_uav_float },
    { "copy_structure_count", dev_copy_structure_count }, { NULL, NULL }
};
