/* SPDX-License-Identifier: MIT */
/*
 * The Windows build's 3D pipeline for scripts (lua-d3d11.h), the calls of
 * the Linux module's lua-d3d-draw.c and lua-d3d-state.c over the real
 * d3d11.dll: shaders assembled from the same SM4 text by tools/dxbc into
 * DXBC containers (checksummed, as d3d11 checks), input layouts, buffers,
 * SRVs and samplers bound, render target, viewport, topology, the Draw*
 * calls, blend, depth-stencil and rasterizer states, the scissor.
 *
 * Input layouts: the assembler names a vertex shader's input register i
 * ATTRIB<i> (no semantics in the text), so element i of a layout is
 * ATTRIB<i>, validated against a stub vertex shader declaring v0..vN-1:
 * any shader of the script then matches it register by register, as on
 * Sable where the layout's element i feeds register i.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua-d3d11.h"
#include "lua-d3d-args.h"
#include "script.h"
#include "sm4_asm.h"

enum { MAX_ELEMENTS = 16, MAX_VBS = 16, MAX_CBS = 14, VIEW_SLOTS = 16 };

/* The device at 1, an 11.0 one (a Lua error otherwise, as on Sable). */
static WDev *check_3d(lua_State *L)
{
    WDev *dev = w_check_dev(L, 1);
    if (strcmp(dev->level, "11_0") != 0) {
        sr_error(L, "the 3D pipeline's calls need a feature level 11_0 device (this one: %s)",
                 dev->level);
    }
    return dev;
}

/* ---- shaders and layouts ---- */

uint8_t *w_assemble(lua_State *L, const char *text, size_t *len)
{
    char err[256] = "";
    uint8_t *blob = sm4_assemble_dxbc(text, len, err, sizeof err);
    if (!blob) {
        sr_error(L, "shader: %s", err);
    }
    return blob;
}

/* shader("vs" | "ps" | "gs" | "hs" | "ds" | "cs", sm4 assembly text) -> shader */
static int dev_shader(lua_State *L)
{
    static const char *const creates[] = {
        "CreateVertexShader", "CreatePixelShader", "CreateGeometryShader",
        "CreateHullShader", "CreateDomainShader", "CreateComputeShader" };
    WDev *dev = check_3d(L);
    int stage = (int)ld_check_any_stage(L, 2);
    size_t len = 0;
    uint8_t *blob = w_assemble(L, luaL_checkstring(L, 3), &len);
    IUnknown *s = NULL;
    HRESULT hr = w_create_shader(dev->d, stage, blob, len, &s);
    free(blob);
    w_check_hr(L, hr, creates[stage]);
    w_push_obj(L, dev, WK_SHADER, s)->stage = stage;
    return 1;
}

/* input_layout{ {slot=, offset=, format=, instance=false}, ... } */
static int dev_input_layout(lua_State *L)
{
    WDev *dev = check_3d(L);
    LdElement el[MAX_ELEMENTS];
    uint32_t n = ld_layout_elements(L, 2, el, MAX_ELEMENTS);
    D3D11_INPUT_ELEMENT_DESC desc[MAX_ELEMENTS];
    char stub[64 + MAX_ELEMENTS * 24] = "vs_4_0\n";
    for (uint32_t i = 0; i < n; i++) {
        desc[i] = (D3D11_INPUT_ELEMENT_DESC){
            "ATTRIB", i, el[i].f, el[i].slot, el[i].offset,
            el[i].step ? D3D11_INPUT_PER_INSTANCE_DATA : D3D11_INPUT_PER_VERTEX_DATA,
            el[i].step };
        snprintf(stub + strlen(stub), sizeof stub - strlen(stub), "dcl_input v%u.xyzw\n",
                 (unsigned)i);
    }
    snprintf(stub + strlen(stub), sizeof stub - strlen(stub),
             "dcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n");
    size_t len = 0;
    uint8_t *blob = w_assemble(L, stub, &len);
    ID3D11InputLayout *layout = NULL;
    HRESULT hr = ID3D11Device_CreateInputLayout(dev->d, desc, n, blob, len, &layout);
    free(blob);
    w_check_hr(L, hr, "CreateInputLayout");
    w_push_obj(L, dev, WK_LAYOUT, (IUnknown *)layout);
    return 1;
}

/* srv(texture2d [, {format =, mip = 0, mips = the rest}]) */
static int dev_srv(lua_State *L)
{
    WDev *dev = check_3d(L);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    if (r->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        return sr_error(L, "srv: a texture expected");
    }
    D3D11_SHADER_RESOURCE_VIEW_DESC v = { .Format = r->format };
    if (lua_istable(L, 3) && lua_getfield(L, 3, "format") == LUA_TSTRING) {
        v.Format = ld_check_format(L, lua_tostring(L, -1));
    }
    UINT mip = ld_uint_field(L, 3, "mip", 0, r->mips - 1);
    UINT mips = ld_uint_field(L, 3, "mips", r->mips - mip, r->mips - mip);
    /* every view's first members: MostDetailedMip, MipLevels (a single
     * slice's view takes the array form's first two) */
    if (r->dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
        v.ViewDimension = r->array == 1 ? D3D11_SRV_DIMENSION_TEXTURE1D
                                        : D3D11_SRV_DIMENSION_TEXTURE1DARRAY;
        v.Texture1DArray = (D3D11_TEX1D_ARRAY_SRV){ mip, mips, 0, r->array };
    } else if (r->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
        v.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE3D;
        v.Texture3D = (D3D11_TEX3D_SRV){ mip, mips };
    } else if (r->misc & D3D11_RESOURCE_MISC_TEXTURECUBE) {
        v.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
        v.TextureCubeArray = (D3D11_TEXCUBE_ARRAY_SRV){ mip, mips, 0, r->array / 6 };
        if (r->array == 6) {
            v.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE;
        }
    } else {
        v.ViewDimension = r->array == 1 ? D3D11_SRV_DIMENSION_TEXTURE2D
                                        : D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
        v.Texture2DArray = (D3D11_TEX2D_ARRAY_SRV){ mip, mips, 0, r->array };
    }
    ID3D11ShaderResourceView *srv = NULL;
    w_check_hr(L, ID3D11Device_CreateShaderResourceView(dev->d, (ID3D11Resource *)r->p, &v,
                                                         &srv), "CreateShaderResourceView");
    w_push_obj(L, dev, WK_SRV, (IUnknown *)srv);
    return 1;
}

/* gen_mips(srv) */
static int dev_gen_mips(lua_State *L)
{
    WDev *dev = check_3d(L);
    ID3D11DeviceContext_GenerateMips(dev->c,
                                     (ID3D11ShaderResourceView *)w_check_obj(L, 2, WK_SRV)->p);
    return 0;
}

/* sampler{filter = "point" | "linear", address = "clamp" | "wrap" | "mirror"} */
static int dev_sampler(lua_State *L)
{
    WDev *dev = check_3d(L);
    LdSampler ls;
    ld_sampler_desc(L, lua_isnoneornil(L, 2) ? (lua_newtable(L), lua_gettop(L)) : 2, &ls);
    D3D11_SAMPLER_DESC desc = {
        .Filter = (D3D11_FILTER)ls.filter,
        .AddressU = (D3D11_TEXTURE_ADDRESS_MODE)ls.address,
        .AddressV = (D3D11_TEXTURE_ADDRESS_MODE)ls.address,
        .AddressW = (D3D11_TEXTURE_ADDRESS_MODE)ls.address,
        .MaxAnisotropy = 1, .ComparisonFunc = D3D11_COMPARISON_NEVER, .MaxLOD = 1000 };
    ID3D11SamplerState *s = NULL;
    w_check_hr(L, ID3D11Device_CreateSamplerState(dev->d, &desc, &s), "CreateSamplerState");
    w_push_obj(L, dev, WK_SAMPLER, (IUnknown *)s);
    return 1;
}

/* ---- states ---- */

static int dev_blend_state(lua_State *L)
{
    WDev *dev = check_3d(L);
    LdBlend b;
    ld_blend_desc(L, 2, &b);
    D3D11_BLEND_DESC desc = { FALSE, FALSE, { { 0 } } };
    for (int i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; i++) {
        desc.RenderTarget[i] = (D3D11_RENDER_TARGET_BLEND_DESC){
            b.enable, (D3D11_BLEND)b.src, (D3D11_BLEND)b.dest, (D3D11_BLEND_OP)b.op,
            (D3D11_BLEND)b.src_alpha, (D3D11_BLEND)b.dest_alpha, (D3D11_BLEND_OP)b.op_alpha,
            b.write_mask };
    }
    ID3D11BlendState *s = NULL;
    w_check_hr(L, ID3D11Device_CreateBlendState(dev->d, &desc, &s), "CreateBlendState");
    w_push_obj(L, dev, WK_BLEND, (IUnknown *)s);
    return 1;
}

static D3D11_DEPTH_STENCILOP_DESC face(const LdStencilFace *f)
{
    return (D3D11_DEPTH_STENCILOP_DESC){
        (D3D11_STENCIL_OP)f->fail, (D3D11_STENCIL_OP)f->depth_fail,
        (D3D11_STENCIL_OP)f->pass, (D3D11_COMPARISON_FUNC)f->func };
}

static int dev_depth_stencil_state(lua_State *L)
{
    WDev *dev = check_3d(L);
    LdDepthStencil s;
    ld_depth_stencil_desc(L, 2, &s);
    D3D11_DEPTH_STENCIL_DESC desc = {
        s.depth, s.depth_write ? D3D11_DEPTH_WRITE_MASK_ALL : D3D11_DEPTH_WRITE_MASK_ZERO,
        (D3D11_COMPARISON_FUNC)s.depth_func, s.stencil, s.read_mask, s.write_mask,
        face(&s.front), face(&s.back) };
    ID3D11DepthStencilState *o = NULL;
    w_check_hr(L, ID3D11Device_CreateDepthStencilState(dev->d, &desc, &o),
               "CreateDepthStencilState");
    w_push_obj(L, dev, WK_DSS, (IUnknown *)o);
    return 1;
}

static int dev_rasterizer_state(lua_State *L)
{
    WDev *dev = check_3d(L);
    LdRaster r;
    ld_raster_desc(L, 2, &r);
    D3D11_RASTERIZER_DESC desc = {
        (D3D11_FILL_MODE)r.fill, (D3D11_CULL_MODE)r.cull, r.front_ccw, r.depth_bias,
        r.depth_bias_clamp, r.slope_scaled_depth_bias, r.depth_clip, r.scissor, FALSE, FALSE };
    ID3D11RasterizerState *o = NULL;
    w_check_hr(L, ID3D11Device_CreateRasterizerState(dev->d, &desc, &o),
               "CreateRasterizerState");
    w_push_obj(L, dev, WK_RAST, (IUnknown *)o);
    return 1;
}

/* The state object at 2 of kind k, NULL for nil; kept bound. */
static void *opt_state(lua_State *L, WKind k)
{
    void *p = lua_isnoneornil(L, 2) ? NULL : w_check_obj(L, 2, k)->p;
    ld_keep(L, 1, k == WK_BLEND ? "blend" : k == WK_DSS ? "dss" : "rast", 2);
    return p;
}

static int dev_set_blend_state(lua_State *L)
{
    WDev *dev = check_3d(L);
    void *s = opt_state(L, WK_BLEND);
    float factor[4];
    ld_float4(L, 3, factor);
    lua_Integer mask = luaL_optinteger(L, 4, 0xffffffff);
    luaL_argcheck(L, mask >= 0 && mask <= UINT32_MAX, 4, "a 32-bit sample mask expected");
    ID3D11DeviceContext_OMSetBlendState(dev->c, s, factor, (UINT)mask);
    return 0;
}

static int dev_set_depth_stencil_state(lua_State *L)
{
    WDev *dev = check_3d(L);
    void *s = opt_state(L, WK_DSS);
    lua_Integer ref = luaL_optinteger(L, 3, 0);
    luaL_argcheck(L, ref >= 0 && ref <= 255, 3, "a stencil reference 0..255 expected");
    ID3D11DeviceContext_OMSetDepthStencilState(dev->c, s, (UINT)ref);
    return 0;
}

static int dev_set_rasterizer_state(lua_State *L)
{
    WDev *dev = check_3d(L);
    ID3D11DeviceContext_RSSetState(dev->c, opt_state(L, WK_RAST));
    return 0;
}

static int dev_set_scissor(lua_State *L)
{
    WDev *dev = check_3d(L);
    int32_t r[4];
    ld_rect(L, 2, r);
    D3D11_RECT rect = { r[0], r[1], r[2], r[3] };
    ID3D11DeviceContext_RSSetScissorRects(dev->c, 1, &rect);
    return 0;
}

/* ---- unbinding a released object ---- */

/* Each slot of `got` (n, filled by a Get call) holding p set to NULL by
 * set(slot); the references Get took released. */
static void unbind_slots(IUnknown **got, UINT n, IUnknown *p, ID3D11DeviceContext *c,
                         void (*set)(ID3D11DeviceContext *, UINT))
{
    for (UINT i = 0; i < n; i++) {
        if (got[i]) {
            if (got[i] == p) {
                set(c, i);
            }
            IUnknown_Release(got[i]);
        }
    }
}

static void vs_srv_null(ID3D11DeviceContext *c, UINT i)
{
    ID3D11ShaderResourceView *none = NULL;
    ID3D11DeviceContext_VSSetShaderResources(c, i, 1, &none);
}

static void ps_srv_null(ID3D11DeviceContext *c, UINT i)
{
    ID3D11ShaderResourceView *none = NULL;
    ID3D11DeviceContext_PSSetShaderResources(c, i, 1, &none);
}

static void vs_sampler_null(ID3D11DeviceContext *c, UINT i)
{
    ID3D11SamplerState *none = NULL;
    ID3D11DeviceContext_VSSetSamplers(c, i, 1, &none);
}

static void ps_sampler_null(ID3D11DeviceContext *c, UINT i)
{
    ID3D11SamplerState *none = NULL;
    ID3D11DeviceContext_PSSetSamplers(c, i, 1, &none);
}

static void unbind_views(WObj *o)
{
    IUnknown *got[VIEW_SLOTS];
    ID3D11DeviceContext *c = o->c;
    if (o->kind == WK_SRV) {
        ID3D11DeviceContext_VSGetShaderResources(c, 0, VIEW_SLOTS,
                                                 (ID3D11ShaderResourceView **)got);
        unbind_slots(got, VIEW_SLOTS, o->p, c, vs_srv_null);
        ID3D11DeviceContext_PSGetShaderResources(c, 0, VIEW_SLOTS,
                                                 (ID3D11ShaderResourceView **)got);
        unbind_slots(got, VIEW_SLOTS, o->p, c, ps_srv_null);
    } else {
        ID3D11DeviceContext_VSGetSamplers(c, 0, VIEW_SLOTS, (ID3D11SamplerState **)got);
        unbind_slots(got, VIEW_SLOTS, o->p, c, vs_sampler_null);
        ID3D11DeviceContext_PSGetSamplers(c, 0, VIEW_SLOTS, (ID3D11SamplerState **)got);
        unbind_slots(got, VIEW_SLOTS, o->p, c, ps_sampler_null);
    }
}

/* What the context has bound of kind k (a reference), NULL if nothing. */
static IUnknown *bound(ID3D11DeviceContext *c, WKind k, int stage)
{
    IUnknown *p = NULL;
    FLOAT factor[4];
    UINT u;
    switch (k) {
    case WK_SHADER:
        if (stage == 0) {
            ID3D11DeviceContext_VSGetShader(c, (ID3D11VertexShader **)&p, NULL, NULL);
        } else {
            ID3D11DeviceContext_PSGetShader(c, (ID3D11PixelShader **)&p, NULL, NULL);
        }
        break;
    case WK_LAYOUT: ID3D11DeviceContext_IAGetInputLayout(c, (ID3D11InputLayout **)&p); break;
    case WK_BLEND:
        ID3D11DeviceContext_OMGetBlendState(c, (ID3D11BlendState **)&p, factor, &u);
        break;
    case WK_DSS:
        ID3D11DeviceContext_OMGetDepthStencilState(c, (ID3D11DepthStencilState **)&p, &u);
        break;
    case WK_RAST: ID3D11DeviceContext_RSGetState(c, (ID3D11RasterizerState **)&p); break;
    default: break;
    }
    return p;
}

void w_unbind(WObj *o)
{
    ID3D11DeviceContext *c = o->c;
    if (o->kind == WK_SRV || o->kind == WK_SAMPLER) {
        unbind_views(o);
        return;
    }
    if (o->kind == WK_UAV || (o->kind == WK_SHADER && o->stage > 1)) {
        w_unbind_compute(o);
        return;
    }
    IUnknown *p = bound(c, o->kind, o->stage);
    if (!p) {
        return;
    }
    if (p == o->p) {
        switch (o->kind) {
        case WK_SHADER:
            if (o->stage == 0) {
                ID3D11DeviceContext_VSSetShader(c, NULL, NULL, 0);
            } else {
                ID3D11DeviceContext_PSSetShader(c, NULL, NULL, 0);
            }
            break;
        case WK_LAYOUT: ID3D11DeviceContext_IASetInputLayout(c, NULL); break;
        case WK_BLEND: ID3D11DeviceContext_OMSetBlendState(c, NULL, NULL, 0xffffffff); break;
        case WK_DSS: ID3D11DeviceContext_OMSetDepthStencilState(c, NULL, 0); break;
        default: ID3D11DeviceContext_RSSetState(c, NULL); break;
        }
    }
    IUnknown_Release(p);
}

/* ---- binding ---- */

/* set_shaders(vs, ps): either may be nil (unbound). */
static int dev_set_shaders(lua_State *L)
{
    WDev *dev = check_3d(L);
    void *s[2];
    for (int i = 0; i < 2; i++) {
        WObj *o = lua_isnoneornil(L, 2 + i) ? NULL : w_check_obj(L, 2 + i, WK_SHADER);
        if (o && o->stage != i) {
            return sr_error(L, "set_shaders: argument %d is not a %s shader", 2 + i,
                            i == 0 ? "vertex" : "pixel");
        }
        s[i] = o ? o->p : NULL;
    }
    ID3D11DeviceContext_VSSetShader(dev->c, s[0], NULL, 0);
    ID3D11DeviceContext_PSSetShader(dev->c, s[1], NULL, 0);
    ld_keep(L, 1, "vs", 2);
    ld_keep(L, 1, "ps", 3);
    return 0;
}

static int dev_set_input_layout(lua_State *L)
{
    WDev *dev = check_3d(L);
    ID3D11DeviceContext_IASetInputLayout(dev->c, lua_isnoneornil(L, 2) ? NULL
                                         : (ID3D11InputLayout *)w_check_obj(L, 2, WK_LAYOUT)->p);
    ld_keep(L, 1, "layout", 2);
    return 0;
}

/* set_vertex_buffers({ {buf, stride=, offset=0}, ... } [, first_slot = 0]) */
static int dev_set_vertex_buffers(lua_State *L)
{
    WDev *dev = check_3d(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    UINT first = (UINT)luaL_optinteger(L, 3, 0);
    lua_Integer n = luaL_len(L, 2);
    luaL_argcheck(L, n <= MAX_VBS && first <= MAX_VBS - n, 2, "at most 16 slots");
    ID3D11Buffer *b[MAX_VBS];
    UINT strides[MAX_VBS], offsets[MAX_VBS];
    for (lua_Integer i = 0; i < n; i++) {
        luaL_argcheck(L, lua_geti(L, 2, i + 1) == LUA_TTABLE, 2, "{buf, stride=} expected");
        lua_geti(L, -1, 1);
        b[i] = (ID3D11Buffer *)w_check_obj(L, lua_gettop(L), WK_RESOURCE)->p;
        char key[8];
        snprintf(key, sizeof key, "vb%u", (unsigned)(first + i));
        ld_keep(L, 1, key, -1);
        strides[i] = ld_uint_field(L, -2, "stride", 0, 2048);
        offsets[i] = ld_uint_field(L, -2, "offset", 0, UINT32_MAX);
        lua_pop(L, 2);
    }
    ID3D11DeviceContext_IASetVertexBuffers(dev->c, first, (UINT)n, b, strides, offsets);
    return 0;
}

/* set_index_buffer(buf, "R16_UINT" | "R32_UINT" [, offset = 0]) */
static int dev_set_index_buffer(lua_State *L)
{
    WDev *dev = check_3d(L);
    WObj *r = w_check_obj(L, 2, WK_RESOURCE);
    DXGI_FORMAT f = ld_check_format(L, luaL_checkstring(L, 3));
    luaL_argcheck(L, f == DXGI_FORMAT_R16_UINT || f == DXGI_FORMAT_R32_UINT, 3,
                  "R16_UINT or R32_UINT expected");
    lua_Integer off = luaL_optinteger(L, 4, 0);
    luaL_argcheck(L, off >= 0 && off <= UINT32_MAX, 4, "offset");
    ID3D11DeviceContext_IASetIndexBuffer(dev->c, (ID3D11Buffer *)r->p, f, (UINT)off);
    ld_keep(L, 1, "ib", 2);
    return 0;
}

/* The slot argument at 3 and the object of `kind` (or nil) at 4, kept
 * bound in the device at 1 (stage at 2: *stage 0..5 vs, ps, gs, hs, ds, cs). */
static void *slot_args(lua_State *L, WKind kind, UINT slots, int *stage, UINT *slot)
{
    *stage = (int)ld_check_any_stage(L, 2);
    lua_Integer s = luaL_checkinteger(L, 3);
    luaL_argcheck(L, s >= 0 && s < slots, 3, "slot out of range");
    *slot = (UINT)s;
    void *p = lua_isnoneornil(L, 4) ? NULL : w_check_obj(L, 4, kind)->p;
    char key[24];
    snprintf(key, sizeof key, "%d.%d.%d", (int)kind, *stage, (int)s);
    ld_keep(L, 1, key, 4);
    return p;
}

/* ID3D11DeviceContext_<stage><what>(c, slot, 1, arr) for the stage 0..5. */
#define STAGE_SET(stage, what, c, slot, arr) \
    do { \
        switch (stage) { \
        case 0: ID3D11DeviceContext_VS##what(c, slot, 1, arr); break; \
        case 1: ID3D11DeviceContext_PS##what(c, slot, 1, arr); break; \
        case 2: ID3D11DeviceContext_GS##what(c, slot, 1, arr); break; \
        case 3: ID3D11DeviceContext_HS##what(c, slot, 1, arr); break; \
        case 4: ID3D11DeviceContext_DS##what(c, slot, 1, arr); break; \
        default: ID3D11DeviceContext_CS##what(c, slot, 1, arr); break; \
        } \
    } while (0)

/* set_constant_buffer("vs" | "ps" | "gs" | "hs" | "ds" | "cs", slot, buf | nil) */
static int dev_set_constant_buffer(lua_State *L)
{
    WDev *dev = check_3d(L);
    int stage;
    UINT slot;
    ID3D11Buffer *b = slot_args(L, WK_RESOURCE, MAX_CBS, &stage, &slot);
    STAGE_SET(stage, SetConstantBuffers, dev->c, slot, &b);
    return 0;
}

/* set_shader_resource("vs" | "ps" | "gs" | "hs" | "ds" | "cs", slot, srv | nil) */
static int dev_set_shader_resource(lua_State *L)
{
    WDev *dev = check_3d(L);
    int stage;
    UINT slot;
    ID3D11ShaderResourceView *v = slot_args(L, WK_SRV, VIEW_SLOTS, &stage, &slot);
    STAGE_SET(stage, SetShaderResources, dev->c, slot, &v);
    return 0;
}

/* set_sampler("vs" | "ps" | "gs" | "hs" | "ds" | "cs", slot, sampler | nil) */
static int dev_set_sampler(lua_State *L)
{
    WDev *dev = check_3d(L);
    int stage;
    UINT slot;
    ID3D11SamplerState *s = slot_args(L, WK_SAMPLER, VIEW_SLOTS, &stage, &slot);
    STAGE_SET(stage, SetSamplers, dev->c, slot, &s);
    return 0;
}

/* set_render_target(rtv [, dsv]) */
static int dev_set_render_target(lua_State *L)
{
    WDev *dev = check_3d(L);
    ID3D11RenderTargetView *rtv = (ID3D11RenderTargetView *)w_check_obj(L, 2, WK_RTV)->p;
    ID3D11DepthStencilView *dsv = lua_isnoneornil(L, 3) ? NULL
                                : (ID3D11DepthStencilView *)w_check_obj(L, 3, WK_DSV)->p;
    ID3D11DeviceContext_OMSetRenderTargets(dev->c, 1, &rtv, dsv);
    ld_keep(L, 1, "rtv", 2);
    ld_keep(L, 1, "dsv", 3);
    return 0;
}

/* set_viewport{x = 0, y = 0, width=, height=, min_depth = 0, max_depth = 1} */
static int dev_set_viewport(lua_State *L)
{
    WDev *dev = check_3d(L);
    float v[6];
    ld_viewport(L, 2, v);
    D3D11_VIEWPORT vp = { v[0], v[1], v[2], v[3], v[4], v[5] };
    ID3D11DeviceContext_RSSetViewports(dev->c, 1, &vp);
    return 0;
}

static int dev_set_topology(lua_State *L)
{
    WDev *dev = check_3d(L);
    ID3D11DeviceContext_IASetPrimitiveTopology(dev->c,
                                               (D3D11_PRIMITIVE_TOPOLOGY)ld_check_topology(L, 2));
    return 0;
}

/* ---- draws ---- */

/* check_3d for a draw: a vertex shader bound (a Lua error otherwise, as
 * on Sable, where D3D would drop the draw). */
static ID3D11DeviceContext *check_draw(lua_State *L)
{
    WDev *dev = check_3d(L);
    IUnknown *vs = bound(dev->c, WK_SHADER, 0);
    if (!vs) {
        sr_error(L, "draw: no vertex shader bound (set_shaders)");
    }
    IUnknown_Release(vs);
    return dev->c;
}

static int dev_draw(lua_State *L)
{
    ID3D11DeviceContext *c = check_draw(L);
    ID3D11DeviceContext_Draw(c, ld_count_arg(L, 2, true), ld_count_arg(L, 3, false));
    return 0;
}

static int dev_draw_indexed(lua_State *L)
{
    ID3D11DeviceContext *c = check_draw(L);
    ID3D11DeviceContext_DrawIndexed(c, ld_count_arg(L, 2, true), ld_count_arg(L, 3, false),
                                    ld_base_arg(L, 4));
    return 0;
}

static int dev_draw_instanced(lua_State *L)
{
    ID3D11DeviceContext *c = check_draw(L);
    ID3D11DeviceContext_DrawInstanced(c, ld_count_arg(L, 2, true), ld_count_arg(L, 3, true),
                                      ld_count_arg(L, 4, false), ld_count_arg(L, 5, false));
    return 0;
}

static int dev_draw_indexed_instanced(lua_State *L)
{
    ID3D11DeviceContext *c = check_draw(L);
    ID3D11DeviceContext_DrawIndexedInstanced(c, ld_count_arg(L, 2, true), ld_count_arg(L, 3, true),
                                             ld_count_arg(L, 4, false), ld_base_arg(L, 5),
                                             ld_count_arg(L, 6, false));
    return 0;
}

const luaL_Reg w_draw_ops[] = {
    { "shader", dev_shader }, { "input_layout", dev_input_layout },
    { "set_shaders", dev_set_shaders }, { "set_input_layout", dev_set_input_layout },
    { "set_vertex_buffers", dev_set_vertex_buffers },
    { "set_index_buffer", dev_set_index_buffer },
    { "set_constant_buffer", dev_set_constant_buffer }, { "srv", dev_srv },
    { "gen_mips", dev_gen_mips },
    { "sampler", dev_sampler }, { "set_shader_resource", dev_set_shader_resource },
    { "set_sampler", dev_set_sampler },
    { "set_render_target", dev_set_render_target }, { "set_viewport", dev_set_viewport },
    { "set_topology", dev_set_topology }, { "draw", dev_draw },
    { "draw_indexed", dev_draw_indexed }, { "draw_instanced", dev_draw_instanced },
    { "draw_indexed_instanced", dev_draw_indexed_instanced },
    { "blend_state", dev_blend_state }, { "depth_stencil_state", dev_depth_stencil_state },
    { "rasterizer_state", dev_rasterizer_state }, { "set_blend_state", dev_set_blend_state },
    { "set_depth_stencil_state", dev_set_depth_stencil_state },
    { "set_rasterizer_state", dev_set_rasterizer_state }, { "set_scissor", dev_set_scissor },
    { NULL, NULL }
};
