/* SPDX-License-Identifier: MIT */
/*
 * The Windows build's compute and extra stages (lua-d3d11.h): shaders of
 * every stage, set_shader, unordered-access views of buffers (raw,
 * structured, typed) and 2D textures, the compute shader's UAV slots,
 * Dispatch, DispatchIndirect, the UAV clears and CopyStructureCount: the
 * same calls as the Linux module (lua-d3d-compute.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua-d3d11.h"
#include "lua-d3d-args.h"
#include "script.h"
#include "dxbc.h"

enum { UAV_SLOTS = 8 };

HRESULT w_create_shader(ID3D11Device *d, int stage, const void *blob, size_t len, IUnknown **s)
{
    switch (stage) {
    case 0: return ID3D11Device_CreateVertexShader(d, blob, len, NULL, (ID3D11VertexShader **)s);
    case 1: return ID3D11Device_CreatePixelShader(d, blob, len, NULL, (ID3D11PixelShader **)s);
    case 2:
        return ID3D11Device_CreateGeometryShader(d, blob, len, NULL, (ID3D11GeometryShader **)s);
    case 3: return ID3D11Device_CreateHullShader(d, blob, len, NULL, (ID3D11HullShader **)s);
    case 4: return ID3D11Device_CreateDomainShader(d, blob, len, NULL, (ID3D11DomainShader **)s);
    default:
        return ID3D11Device_CreateComputeShader(d, blob, len, NULL, (ID3D11ComputeShader **)s);
    }
}

/* Binds s (NULL: unbinds) to stage. */
static void set_stage(ID3D11DeviceContext *c, int stage, void *s)
{
    switch (stage) {
    case 0: ID3D11DeviceContext_VSSetShader(c, s, NULL, 0); break;
    case 1: ID3D11DeviceContext_PSSetShader(c, s, NULL, 0); break;
    case 2: ID3D11DeviceContext_GSSetShader(c, s, NULL, 0); break;
    case 3: ID3D11DeviceContext_HSSetShader(c, s, NULL, 0); break;
    case 4: ID3D11DeviceContext_DSSetShader(c, s, NULL, 0); break;
    default: ID3D11DeviceContext_CSSetShader(c, s, NULL, 0); break;
    }
}

/* What stage has bound (a reference), NULL if nothing. */
static IUnknown *stage_bound(ID3D11DeviceContext *c, int stage)
{
    IUnknown *p = NULL;
    switch (stage) {
    case 0: ID3D11DeviceContext_VSGetShader(c, (ID3D11VertexShader **)&p, NULL, NULL); break;
    case 1: ID3D11DeviceContext_PSGetShader(c, (ID3D11PixelShader **)&p, NULL, NULL); break;
    case 2: ID3D11DeviceContext_GSGetShader(c, (ID3D11GeometryShader **)&p, NULL, NULL); break;
    case 3: ID3D11DeviceContext_HSGetShader(c, (ID3D11HullShader **)&p, NULL, NULL); break;
    case 4: ID3D11DeviceContext_DSGetShader(c, (ID3D11DomainShader **)&p, NULL, NULL); break;
    default: ID3D11DeviceContext_CSGetShader(c, (ID3D11ComputeShader **)&p, NULL, NULL); break;
    }
    return p;
}

static WDev *check_11(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    if (strcmp(dev->level, "11_0") != 0) {
        sr_error(L, "the 3D pipeline's calls need a feature level 11_0 device (this one: %s)",
                 dev->level);
    }
    return dev;
}

/* set_shader(stage, shader | nil) */
static int dev_set_shader(lua_State *L)
{
    WDev *dev = check_11(L);
    int stage = (int)ld_check_any_stage(L, 2);
    WObj *o = lua_isnoneornil(L, 3) ? NULL : w_check_obj(L, 3, WK_SHADER);
    if (o && o->stage != stage) {
        return sr_error(L, "set_shader: a %s shader expected", lua_tostring(L, 2));
    }
    set_stage(dev->c, stage, o ? o->p : NULL);
    ld_keep(L, 1, lua_tostring(L, 2), 3);
    return 0;
}

enum { SO_ENTRIES = 64, SO_SLOTS = 4 };

/* The output signature element of register reg in the container (the
 * semantic the SO declaration names), or a Lua error. */
static const DxbcSigElem *out_elem(lua_State *L, const DxbcSigElem *e, uint32_t n, uint32_t reg)
{
    for (uint32_t i = 0; i < n; i++) {
        if (e[i].reg == reg) {
            return &e[i];
        }
    }
    sr_error(L, "shader_so: the shader writes no output o%u", (unsigned)reg);
    return NULL;
}

static uint32_t lowest_bit(uint32_t m)
{
    uint32_t i = 0;
    while (!(m & 1u << i)) {
        i++;
    }
    return i;
}

static uint32_t bit_count(uint32_t m)
{
    uint32_t n = 0;
    for (; m; m &= m - 1) {
        n++;
    }
    return n;
}

/* shader_so(gs text, {{register =, mask =, slot =, stream =}, ...}
 * [, {strides = {16}, rasterized = 0 | "none"}]) */
static int dev_shader_so(lua_State *L)
{
    WDev *dev = check_11(L);
    size_t len = 0;
    LdSoEntry e[SO_ENTRIES];
    uint32_t n = ld_so_decl(L, 3, e, SO_ENTRIES), strides[SO_SLOTS], rast;
    uint32_t ns = ld_so_options(L, 4, strides, &rast);
    /* Lua's memory: the errors below free it */
    DxbcSigElem *sig = lua_newuserdatauv(L, sizeof(*sig) * DXBC_MAX_SIG, 0);
    D3D11_SO_DECLARATION_ENTRY *de = lua_newuserdatauv(L, sizeof(*de) * SO_ENTRIES, 0);
    uint8_t *text = w_assemble(L, luaL_checkstring(L, 2), &len);
    uint8_t *blob = lua_newuserdatauv(L, len, 0); /* Lua's: freed on an error */
    memcpy(blob, text, len);
    free(text);
    Dxbc x;
    char err[128];
    const DxbcChunk *c = NULL;
    uint32_t nsig = 0;
    if (dxbc_parse(blob, len, &x, err, sizeof err) == 0) {
        c = dxbc_find(&x, DXBC_FOURCC('O', 'S', 'G', '5'));
        c = c ? c : dxbc_find(&x, DXBC_FOURCC('O', 'S', 'G', 'N'));
    }
    if (!c || dxbc_sig_parse(c, sig, DXBC_MAX_SIG, &nsig)) {
        return sr_error(L, "shader_so: no output signature");
    }
    for (uint32_t i = 0; i < n; i++) {
        const DxbcSigElem *o = out_elem(L, sig, nsig, e[i].reg);
        de[i] = (D3D11_SO_DECLARATION_ENTRY){ e[i].stream, o->name, o->index,
                                              (BYTE)lowest_bit(e[i].mask),
                                              (BYTE)bit_count(e[i].mask), (BYTE)e[i].slot };
    }
    ID3D11GeometryShader *s = NULL;
    HRESULT hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(
        dev->d, blob, len, de, n, strides, ns,
        rast == LD_SO_NO_RASTERIZED ? D3D11_SO_NO_RASTERIZED_STREAM : rast, NULL, &s);
    w_check_hr(L, hr, "CreateGeometryShaderWithStreamOutput");
    w_push_obj(L, dev, WK_SHADER, (IUnknown *)s)->stage = 2;
    return 1;
}

/* set_so_targets({ {buf, offset = 0}, ... }) */
static int dev_set_so_targets(lua_State *L)
{
    WDev *dev = check_11(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 2);
    luaL_argcheck(L, n <= SO_SLOTS, 2, "at most 4 targets");
    ID3D11Buffer *b[SO_SLOTS] = { NULL };
    UINT off[SO_SLOTS] = { 0 };
    for (lua_Integer i = 0; i < n; i++) {
        luaL_argcheck(L, lua_geti(L, 2, i + 1) == LUA_TTABLE, 2, "{buf, offset=} expected");
        lua_geti(L, -1, 1);
        b[i] = (ID3D11Buffer *)w_check_obj(L, lua_gettop(L), WK_RESOURCE)->p;
        char key[8];
        snprintf(key, sizeof key, "so%d", (int)i);
        ld_keep(L, 1, key, -1);
        lua_Integer o = ld_opt_field(L, -2, "offset", 0);
        luaL_argcheck(L, o >= -1 && o <= UINT32_MAX, 2, "offset");
        off[i] = (UINT)o;
        lua_pop(L, 2);
    }
    ID3D11DeviceContext_SOSetTargets(dev->c, SO_SLOTS, b, off);
    return 0;
}

static int dev_draw_auto(lua_State *L)
{
    WDev *dev = check_11(L);
    IUnknown *vs = stage_bound(dev->c, 0);
    if (!vs) {
        return sr_error(L, "draw: no vertex shader bound (set_shaders)");
    }
    IUnknown_Release(vs);
    ID3D11DeviceContext_DrawAuto(dev->c);
    return 0;
}

/* uav(res, {format =, first = 0, count =, mip = 0, append = false}) */
static int dev_uav(lua_State *L)
{
    WDev *dev = check_11(L);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    D3D11_UNORDERED_ACCESS_VIEW_DESC u = { .Format = r->format };
    if (lua_istable(L, 3) && lua_getfield(L, 3, "format") == LUA_TSTRING) {
        u.Format = ld_check_format(L, lua_tostring(L, -1));
    }
    if (r->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        bool raw = r->misc & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS;
        bool st = r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
        UINT elem = st ? r->stride : raw ? 4 : umd_format_bpp(u.Format);
        if (!elem) {
            return sr_error(L, "uav: a typed buffer view needs a format");
        }
        UINT first = ld_uint_field(L, 3, "first", 0, r->width / elem);
        UINT count = ld_uint_field(L, 3, "count", r->width / elem - first, r->width / elem - first);
        UINT flags = 0;
        if (raw) {
            u.Format = DXGI_FORMAT_R32_TYPELESS;
            flags = D3D11_BUFFER_UAV_FLAG_RAW;
        } else if (st) {
            u.Format = DXGI_FORMAT_UNKNOWN;
            if (lua_istable(L, 3) && lua_getfield(L, 3, "append") != LUA_TNIL) {
                flags = lua_toboolean(L, -1) ? D3D11_BUFFER_UAV_FLAG_APPEND : 0;
            }
        }
        u.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
        u.Buffer = (D3D11_BUFFER_UAV){ first, count, flags };
    } else if (r->dim == D3D11_RESOURCE_DIMENSION_TEXTURE2D && r->array == 1) {
        u.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2D;
        u.Texture2D.MipSlice = ld_uint_field(L, 3, "mip", 0, r->mips - 1);
    } else if (r->dim == D3D11_RESOURCE_DIMENSION_TEXTURE2D) {
        u.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2DARRAY;
        u.Texture2DArray = (D3D11_TEX2D_ARRAY_UAV){ ld_uint_field(L, 3, "mip", 0, r->mips - 1), 0,
                                                    r->array };
    } else {
        return sr_error(L, "uav: a buffer or a 2D texture expected");
    }
    ID3D11UnorderedAccessView *v = NULL;
    w_check_hr(L, ID3D11Device_CreateUnorderedAccessView(dev->d, (ID3D11Resource *)r->p, &u, &v),
               "CreateUnorderedAccessView");
    w_push_obj(L, dev, WK_UAV, (IUnknown *)v);
    return 1;
}

/* set_uav(slot, uav | nil [, initial_count = -1]) */
static int dev_set_uav(lua_State *L)
{
    WDev *dev = check_11(L);
    lua_Integer slot = luaL_checkinteger(L, 2);
    luaL_argcheck(L, slot >= 0 && slot < UAV_SLOTS, 2, "slot 0..7 expected");
    ID3D11UnorderedAccessView *v =
        lua_isnoneornil(L, 3) ? NULL : (void *)w_check_obj(L, 3, WK_UAV)->p;
    UINT count = (UINT)luaL_optinteger(L, 4, -1);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(dev->c, (UINT)slot, 1, &v, &count);
    char key[16];
    snprintf(key, sizeof key, "uav%d", (int)slot);
    ld_keep(L, 1, key, 3);
    return 0;
}

/* The device at 1 with a compute shader bound (a Lua error otherwise, as
 * on Sable). */
static ID3D11DeviceContext *check_dispatch(lua_State *L, const char *what)
{
    WDev *dev = check_11(L);
    IUnknown *cs = stage_bound(dev->c, 5);
    if (!cs) {
        sr_error(L, "%s: no compute shader bound (set_shader)", what);
    }
    IUnknown_Release(cs);
    return dev->c;
}

static int dev_dispatch(lua_State *L)
{
    ID3D11DeviceContext *c = check_dispatch(L, "dispatch");
    UINT x = ld_count_arg(L, 2, true);
    UINT y = lua_isnoneornil(L, 3) ? 1 : ld_count_arg(L, 3, true);
    UINT z = lua_isnoneornil(L, 4) ? 1 : ld_count_arg(L, 4, true);
    ID3D11DeviceContext_Dispatch(c, x, y, z);
    return 0;
}

static int dev_dispatch_indirect(lua_State *L)
{
    ID3D11DeviceContext *c = check_dispatch(L, "dispatch_indirect");
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    ID3D11DeviceContext_DispatchIndirect(c, (ID3D11Buffer *)r->p, ld_count_arg(L, 3, false));
    return 0;
}

static int clear_uav(lua_State *L, bool fl)
{
    WDev *dev = check_11(L);
    ID3D11UnorderedAccessView *v = (void *)w_check_obj(L, 2, WK_UAV)->p;
    luaL_checktype(L, 3, LUA_TTABLE);
    UINT u[4];
    FLOAT f[4];
    for (int i = 0; i < 4; i++) {
        lua_geti(L, 3, i + 1);
        f[i] = (FLOAT)luaL_optnumber(L, -1, 0);
        u[i] = fl ? 0 : (UINT)luaL_optinteger(L, -1, 0);
        lua_pop(L, 1);
    }
    if (fl) {
        ID3D11DeviceContext_ClearUnorderedAccessViewFloat(dev->c, v, f);
    } else {
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(dev->c, v, u);
    }
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
    WDev *dev = check_11(L);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    UINT off = ld_count_arg(L, 3, true);
    ID3D11UnorderedAccessView *v = (void *)w_check_obj(L, 4, WK_UAV)->p;
    ID3D11DeviceContext_CopyStructureCount(dev->c, (ID3D11Buffer *)r->p, off, v);
    return 0;
}

void w_unbind_compute(WObj *o)
{
    ID3D11DeviceContext *c = o->c;
    if (o->kind == WK_SHADER) {
        IUnknown *p = stage_bound(c, o->stage);
        if (p == o->p) {
            set_stage(c, o->stage, NULL);
        }
        if (p) {
            IUnknown_Release(p);
        }
        return;
    }
    ID3D11UnorderedAccessView *got[UAV_SLOTS];
    ID3D11DeviceContext_CSGetUnorderedAccessViews(c, 0, UAV_SLOTS, got);
    for (UINT i = 0; i < UAV_SLOTS; i++) {
        if (got[i]) {
            if ((IUnknown *)got[i] == o->p) {
                ID3D11UnorderedAccessView *none = NULL;
                ID3D11DeviceContext_CSSetUnorderedAccessViews(c, i, 1, &none, NULL);
            }
            ID3D11UnorderedAccessView_Release(got[i]);
        }
    }
}

const luaL_Reg w_compute_ops[] = {
    { "set_shader", dev_set_shader }, { "shader_so", dev_shader_so },
    { "set_so_targets", dev_set_so_targets }, { "draw_auto", dev_draw_auto }, { "uav", dev_uav }, { "set_uav", dev_set_uav },
    { "dispatch", dev_dispatch }, { "dispatch_indirect", dev_dispatch_indirect },
    { "clear_uav_uint", dev_clear_uav_uint }, { "clear_uav_float", dev_clear_uav_float },
    { "copy_structure_count", dev_copy_structure_count }, { NULL, NULL }
};
