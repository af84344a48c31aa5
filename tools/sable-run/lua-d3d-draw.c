/* SPDX-License-Identifier: MIT */
/*
 * A device's 3D pipeline for scripts (lua-d3d.h): shaders from SM4
 * assembly text (tools/dxbc's assembler), input layouts, vertex, index
 * and constant buffers bound, textures' shader-resource views, GenMips,
 * samplers, the render target, viewport and topology, and the Draw*
 * calls, each a DDI of our UMD through winsim's runtime.
 * Feature level 11_0 devices (the DDI tables draws are tested with).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

#include "lua-d3d.h"
#include "script.h"
#include "sm4_asm.h"

enum { MAX_ELEMENTS = 16, MAX_VBS = 16, MAX_CBS = 14 };
_Static_assert((int)MAX_CBS <= (int)LD_VIEW_SLOTS, "slots");
/* What a per-stage slot setter binds. */
typedef enum SlotKind { SLOT_CB, SLOT_SRV, SLOT_SAMPLER } SlotKind;

RtDevice *ld_check_3d(lua_State *L)
{
    LDevice *dev = ld_check_device(L, 1);
    if (!dev->d->f11) {
        sr_error(L, "the 3D pipeline's calls need a feature level 11_0 device (this one: %s)",
                 dev->level);
    }
    dev->pipeline = true;
    return dev->d;
}

/* ---- shaders and layouts ---- */

/* shader("vs" | "ps" | "gs" | "hs" | "ds" | "cs", sm4 assembly text) -> shader */
static int dev_shader(lua_State *L)
{
    static const char *const creates[LD_STAGES] = {
        "CreateVertexShader", "CreatePixelShader", "CreateGeometryShader",
        "CreateHullShader", "CreateDomainShader", "CreateComputeShader" };
    RtDevice *d = ld_check_3d(L);
    unsigned stage = ld_check_any_stage(L, 2);
    const char *text = luaL_checkstring(L, 3);
    char err[256] = "";
    size_t len = 0;
    uint8_t *blob = sm4_assemble_dxbc(text, &len, err, sizeof err);
    if (!blob) {
        return sr_error(L, "shader: %s", err);
    }
    RtShader *s;
    HRESULT hr = rt_create_shader(d, stage, blob, len, &s);
    free(blob);
    ld_check_hr(L, hr, creates[stage]);
    ld_push(L, ld_check_device(L, 1), LK_SHADER, s, NULL);
    return 1;
}

/* input_layout{ {slot=, offset=, format=, instance=false}, ... } */
static int dev_input_layout(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    LdElement el[MAX_ELEMENTS];
    uint32_t n = ld_layout_elements(L, 2, el, MAX_ELEMENTS);
    D3D10DDIARG_INPUT_ELEMENT_DESC desc[MAX_ELEMENTS];
    for (uint32_t i = 0; i < n; i++) {
        desc[i] = (D3D10DDIARG_INPUT_ELEMENT_DESC){
            el[i].slot, el[i].offset, el[i].f,
            el[i].step ? D3D10_DDI_INPUT_PER_INSTANCE_DATA : D3D10_DDI_INPUT_PER_VERTEX_DATA,
            el[i].step, i };
    }
    D3D10DDIARG_CREATEELEMENTLAYOUT c = { desc, n };
    void *mem = g_malloc0(F(d, pfnCalcPrivateElementLayoutSize)(d->h, &c));
    HRESULT hr = RT_CALL(d, CreateElementLayout, 0,
                         F(d, pfnCreateElementLayout)(d->h, &c, (D3D10DDI_HELEMENTLAYOUT){ mem },
                                                      (D3D10DDI_HRTELEMENTLAYOUT){ mem }));
    if (FAILED(hr)) {
        g_free(mem);
    }
    ld_check_hr(L, hr, "CreateInputLayout");
    ld_push(L, ld_check_device(L, 1), LK_LAYOUT, mem, NULL);
    return 1;
}

/* srv(texture [, {format =, mip = 0, mips = the rest}]): a 1D, 2D, 3D or
 * cube texture's shader-resource view of every slice (arrays: an array
 * view; format: the texture's by default). */
static int dev_srv(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        return sr_error(L, "srv: a texture expected");
    }
    DXGI_FORMAT f = r->format;
    if (lua_istable(L, 3) && lua_getfield(L, 3, "format") == LUA_TSTRING) {
        f = ld_check_format(L, lua_tostring(L, -1));
    }
    UINT mip = ld_uint_field(L, 3, "mip", 0, r->mips - 1);
    UINT mips = ld_uint_field(L, 3, "mips", r->mips - mip, r->mips - mip);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW c = {
        .hDrvResource = r->h, .Format = f, .ResourceDimension = r->dim,
    };
    switch (r->dim) {
    case D3D10DDIRESOURCE_TEXTURE1D:
        c.Tex1D = (D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW){ mip, 0, mips, r->array_size };
        break;
    case D3D10DDIRESOURCE_TEXTURE3D:
        c.Tex3D = (D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW){ mip, mips };
        break;
    case D3D10DDIRESOURCE_TEXTURECUBE:
        c.TexCube = (D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW){ mip, mips, 0,
                                                                 r->array_size / 6 };
        break;
    default:
        c.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ mip, 0, mips, r->array_size };
        break;
    }
    void *mem = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &c));
    HRESULT hr = RT_CALL(d, CreateShaderResourceView, 0,
                         d->f11->pfnCreateShaderResourceView(
                             d->h, &c, (D3D10DDI_HSHADERRESOURCEVIEW){ mem },
                             (D3D10DDI_HRTSHADERRESOURCEVIEW){ mem }));
    if (FAILED(hr)) {
        g_free(mem);
    }
    ld_check_hr(L, hr, "CreateShaderResourceView");
    ld_push(L, ld_check_device(L, 1), LK_SRV, mem, NULL);
    return 1;
}

/* gen_mips(srv): GenerateMips, every mip of the view below its first
 * from the one above */
static int dev_gen_mips(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    void *srv = ld_check(L, 2, LK_SRV)->p;
    ld_check_hr(L, RT_CALL(d, GenMips, 0,
                           F(d, pfnGenMips)(d->h, (D3D10DDI_HSHADERRESOURCEVIEW){ srv })),
                "GenerateMips");
    return 0;
}

/* sampler{filter = "point" | "linear", address = "clamp" | "wrap" | "mirror"} */
static int dev_sampler(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    LdSampler ls;
    ld_sampler_desc(L, lua_isnoneornil(L, 2) ? (lua_newtable(L), lua_gettop(L)) : 2, &ls);
    D3D10_DDI_SAMPLER_DESC desc = {
        .Filter = (D3D10_DDI_FILTER)ls.filter,
        .AddressU = (D3D10_DDI_TEXTURE_ADDRESS_MODE)ls.address,
        .AddressV = (D3D10_DDI_TEXTURE_ADDRESS_MODE)ls.address,
        .AddressW = (D3D10_DDI_TEXTURE_ADDRESS_MODE)ls.address,
        .MaxAnisotropy = 1, .ComparisonFunc = D3D10_DDI_COMPARISON_NEVER, .MaxLOD = 1000 };
    void *mem = g_malloc0(F(d, pfnCalcPrivateSamplerSize)(d->h, &desc));
    HRESULT hr = RT_CALL(d, CreateSampler, 0,
                         F(d, pfnCreateSampler)(d->h, &desc, (D3D10DDI_HSAMPLER){ mem },
                                                (D3D10DDI_HRTSAMPLER){ mem }));
    if (FAILED(hr)) {
        g_free(mem);
    }
    ld_check_hr(L, hr, "CreateSampler");
    ld_push(L, ld_check_device(L, 1), LK_SAMPLER, mem, NULL);
    return 1;
}

static void unbind_shader(RtDevice *d, unsigned stage)
{
    rt_set_shader(d, stage, NULL);
}

static void unbind_layout(RtDevice *d)
{
    RT_CALL(d, IaSetInputLayout, 0,
            F(d, pfnIaSetInputLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ NULL }));
}

static void release_shader(LDevice *dev, RtShader *s)
{
    if (dev->shaders[s->stage] == s) {
        unbind_shader(dev->d, s->stage);
        dev->shaders[s->stage] = NULL;
    }
    rt_destroy_shader(dev->d, s);
}

static void release_layout(LDevice *dev, void *mem)
{
    RtDevice *d = dev->d;
    if (dev->layout == mem) {
        unbind_layout(d);
        dev->layout = NULL;
    }
    RT_CALL(d, DestroyElementLayout, 0,
            F(d, pfnDestroyElementLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ mem }));
}

static void set_slot(RtDevice *d, int stage, SlotKind k, UINT slot, void *h, HRESULT *hr);

/* An SRV or a sampler: unbound from the slots holding it first, as the
 * D3D runtime does. */
static void release_view(LDevice *dev, LObj *o)
{
    RtDevice *d = dev->d;
    SlotKind k = o->kind == LK_SRV ? SLOT_SRV : SLOT_SAMPLER;
    void *(*t)[LD_VIEW_SLOTS] = k == SLOT_SRV ? dev->srvs : dev->samplers;
    HRESULT hr;
    for (unsigned st = 0; st < LD_STAGES; st++) {
        for (unsigned i = 0; i < LD_VIEW_SLOTS; i++) {
            if (t[st][i] == o->p) {
                set_slot(d, (int)st, k, i, NULL, &hr);
                t[st][i] = NULL;
            }
        }
    }
    if (k == SLOT_SRV) {
        RT_CALL(d, DestroyShaderResourceView, 0,
                F(d, pfnDestroyShaderResourceView)(d->h, (D3D10DDI_HSHADERRESOURCEVIEW){ o->p }));
    } else {
        RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, (D3D10DDI_HSAMPLER){ o->p }));
    }
}

void ld_release_pipeline(LDevice *dev, LObj *o)
{
    switch (o->kind) {
    case LK_SHADER: release_shader(dev, o->p); return;
    case LK_LAYOUT: release_layout(dev, o->p); break;
    default: release_view(dev, o); break;
    }
    g_free(o->p);
}

static void set_rts(RtDevice *d, const D3D10DDI_HRENDERTARGETVIEW *rtvs, UINT n,
                    D3D10DDI_HDEPTHSTENCILVIEW dsv, HRESULT *hr)
{
    *hr = RT_CALL(d, SetRenderTargets, 0,
                  d->f11->pfnSetRenderTargets(d->h, rtvs, n, n ? 0 : 1, dsv, NULL, NULL, 0, 0,
                                              0, 0));
}

void ld_unbind_all(LDevice *dev)
{
    RtDevice *d = dev->d;
    if (!dev->pipeline) {
        return;
    }
    static const D3D10DDI_HRESOURCE none[MAX_VBS];
    static const UINT zeros[MAX_VBS];
    HRESULT hr;
    unbind_shader(d, RT_VS);
    unbind_shader(d, RT_PS);
    unbind_layout(d);
    ld_unbind_compute(dev);
    memset(dev->shaders, 0, sizeof dev->shaders);
    dev->layout = NULL;
    RT_CALL(d, IaSetVertexBuffers, 0,
            F(d, pfnIaSetVertexBuffers)(d->h, 0, MAX_VBS, none, zeros, zeros));
    RT_CALL(d, IaSetIndexBuffer, 0,
            F(d, pfnIaSetIndexBuffer)(d->h, none[0], DXGI_FORMAT_R16_UINT, 0));
    for (int st = 0; st < LD_STAGES; st++) {
        for (UINT i = 0; i < LD_VIEW_SLOTS; i++) {
            if (i < MAX_CBS) {
                set_slot(d, st, SLOT_CB, i, NULL, &hr);
            }
            set_slot(d, st, SLOT_SRV, i, NULL, &hr);
            set_slot(d, st, SLOT_SAMPLER, i, NULL, &hr);
        }
    }
    memset(dev->srvs, 0, sizeof dev->srvs);
    memset(dev->samplers, 0, sizeof dev->samplers);
    set_rts(d, NULL, 0, (D3D10DDI_HDEPTHSTENCILVIEW){ NULL }, &hr);
    ld_unbind_states(dev);
    dev->pipeline = false;
}

/* ---- binding ---- */

/* set_shaders(vs, ps): either may be nil (unbound). */
static int dev_set_shaders(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    LDevice *dev = ld_check_device(L, 1);
    for (int i = 0; i < 2; i++) {
        RtShader *s = lua_isnoneornil(L, 2 + i) ? NULL : ld_check(L, 2 + i, LK_SHADER)->p;
        unsigned stage = i == 0 ? RT_VS : RT_PS;
        if (s && s->stage != stage) {
            return sr_error(L, "set_shaders: argument %d is not a %s shader", 2 + i,
                            i == 0 ? "vertex" : "pixel");
        }
        ld_check_hr(L, rt_set_shader(d, stage, s), i == 0 ? "VsSetShader" : "PsSetShader");
        dev->shaders[stage] = s;
        ld_keep(L, 1, i == 0 ? "vs" : "ps", 2 + i);
    }
    return 0;
}

static int dev_set_input_layout(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    void *mem = lua_isnoneornil(L, 2) ? NULL : ld_check(L, 2, LK_LAYOUT)->p;
    ld_check_hr(L, RT_CALL(d, IaSetInputLayout, 0,
                           F(d, pfnIaSetInputLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ mem })),
                "IaSetInputLayout");
    ld_check_device(L, 1)->layout = mem;
    ld_keep(L, 1, "layout", 2);
    return 0;
}

/* set_vertex_buffers({ {buf, stride=, offset=0}, ... } [, first_slot = 0]) */
static int dev_set_vertex_buffers(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    UINT first = (UINT)luaL_optinteger(L, 3, 0);
    lua_Integer n = luaL_len(L, 2);
    luaL_argcheck(L, n <= MAX_VBS && first <= MAX_VBS - n, 2, "at most 16 slots");
    D3D10DDI_HRESOURCE h[MAX_VBS];
    UINT strides[MAX_VBS], offsets[MAX_VBS];
    for (lua_Integer i = 0; i < n; i++) {
        luaL_argcheck(L, lua_geti(L, 2, i + 1) == LUA_TTABLE, 2, "{buf, stride=} expected");
        lua_geti(L, -1, 1);
        h[i] = ((RtResource *)ld_check(L, lua_gettop(L), LK_RESOURCE)->p)->h;
        char key[8];
        snprintf(key, sizeof key, "vb%u", (unsigned)(first + i));
        ld_keep(L, 1, key, -1);
        strides[i] = ld_uint_field(L, -2, "stride", 0, 2048);
        offsets[i] = ld_uint_field(L, -2, "offset", 0, UINT32_MAX);
        lua_pop(L, 2);
    }
    ld_check_hr(L, RT_CALL(d, IaSetVertexBuffers, 0,
                           F(d, pfnIaSetVertexBuffers)(d->h, first, (UINT)n, h, strides,
                                                       offsets)), "IaSetVertexBuffers");
    return 0;
}

/* set_index_buffer(buf, "R16_UINT" | "R32_UINT" [, offset = 0]) */
static int dev_set_index_buffer(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    RtResource *r = ld_check(L, 2, LK_RESOURCE)->p;
    DXGI_FORMAT f = ld_check_format(L, luaL_checkstring(L, 3));
    luaL_argcheck(L, f == DXGI_FORMAT_R16_UINT || f == DXGI_FORMAT_R32_UINT, 3,
                  "R16_UINT or R32_UINT expected");
    lua_Integer off = luaL_optinteger(L, 4, 0);
    luaL_argcheck(L, off >= 0 && off <= UINT32_MAX, 4, "offset");
    ld_check_hr(L, RT_CALL(d, IaSetIndexBuffer, 0,
                           F(d, pfnIaSetIndexBuffer)(d->h, r->h, f, (UINT)off)),
                "IaSetIndexBuffer");
    ld_keep(L, 1, "ib", 2);
    return 0;
}

/* One slot of a stage (RT_VS..RT_CS): a constant buffer (a resource's
 * handle), an SRV or a sampler (their memory is their handle); h NULL
 * unbinds. Every stage's setter is in the 11.0 table (ld_check_3d). */
static void set_slot(RtDevice *d, int stage, SlotKind k, UINT slot, void *h, HRESULT *hr)
{
#define STAGE_ROW(x) { UMD_DDI_##x##SetConstantBuffers, UMD_DDI_##x##SetShaderResources, \
                       UMD_DDI_##x##SetSamplers }
    static const UmdDdi ddis[LD_STAGES][3] = {
        STAGE_ROW(Vs), STAGE_ROW(Ps), STAGE_ROW(Gs), STAGE_ROW(Hs), STAGE_ROW(Ds), STAGE_ROW(Cs) };
#undef STAGE_ROW
    const D3D11DDI_DEVICEFUNCS *f = d->f11;
    const PFND3D10DDI_SETCONSTANTBUFFERS cbs[LD_STAGES] = {
        f->pfnVsSetConstantBuffers, f->pfnPsSetConstantBuffers, f->pfnGsSetConstantBuffers,
        f->pfnHsSetConstantBuffers, f->pfnDsSetConstantBuffers, f->pfnCsSetConstantBuffers };
    const PFND3D10DDI_SETSHADERRESOURCES srvs[LD_STAGES] = {
        f->pfnVsSetShaderResources, f->pfnPsSetShaderResources, f->pfnGsSetShaderResources,
        f->pfnHsSetShaderResources, f->pfnDsSetShaderResources, f->pfnCsSetShaderResources };
    const PFND3D10DDI_SETSAMPLERS samplers[LD_STAGES] = {
        f->pfnVsSetSamplers, f->pfnPsSetSamplers, f->pfnGsSetSamplers,
        f->pfnHsSetSamplers, f->pfnDsSetSamplers, f->pfnCsSetSamplers };
    D3D10DDI_HRESOURCE r = { h };
    D3D10DDI_HSHADERRESOURCEVIEW v = { h };
    D3D10DDI_HSAMPLER s = { h };
    rt_enter(d, ddis[stage][k], 0);
    switch (k) {
    case SLOT_CB: cbs[stage](d->h, slot, 1, &r); break;
    case SLOT_SRV: srvs[stage](d->h, slot, 1, &v); break;
    default: samplers[stage](d->h, slot, 1, &s); break;
    }
    *hr = rt_leave(d);
}

/* set_X(stage, slot, obj | nil) for X of kind k (objects of `kind`). */
static int set_stage_slot(lua_State *L, SlotKind k, LKind kind, UINT slots, const char *what)
{
    RtDevice *d = ld_check_3d(L);
    int stage = (int)ld_check_any_stage(L, 2);
    lua_Integer slot = luaL_checkinteger(L, 3);
    luaL_argcheck(L, slot >= 0 && slot < slots, 3, "slot out of range");
    void *h = NULL;
    if (!lua_isnoneornil(L, 4)) {
        void *p = ld_check(L, 4, kind)->p;
        h = k == SLOT_CB ? ((RtResource *)p)->h.pDrvPrivate : p;
    }
    HRESULT hr;
    set_slot(d, stage, k, (UINT)slot, h, &hr);
    ld_check_hr(L, hr, what);
    char key[24];
    snprintf(key, sizeof key, "%d.%d.%d", (int)k, stage, (int)slot);
    ld_keep(L, 1, key, 4);
    LDevice *dev = ld_check_device(L, 1);
    if (k != SLOT_CB) {
        (k == SLOT_SRV ? dev->srvs : dev->samplers)[stage][slot] = h;
    }
    return 0;
}

/* set_constant_buffer("vs" | "ps" | "gs" | "hs" | "ds" | "cs", slot, buf | nil) */
static int dev_set_constant_buffer(lua_State *L)
{
    return set_stage_slot(L, SLOT_CB, LK_RESOURCE, MAX_CBS, "SetConstantBuffers");
}

/* set_shader_resource("vs" | "ps" | "gs" | "hs" | "ds" | "cs", slot, srv | nil) */
static int dev_set_shader_resource(lua_State *L)
{
    return set_stage_slot(L, SLOT_SRV, LK_SRV, LD_VIEW_SLOTS, "SetShaderResources");
}

/* set_sampler("vs" | "ps" | "gs" | "hs" | "ds" | "cs", slot, sampler | nil) */
static int dev_set_sampler(lua_State *L)
{
    return set_stage_slot(L, SLOT_SAMPLER, LK_SAMPLER, LD_VIEW_SLOTS, "SetSamplers");
}

/* set_render_target(rtv [, dsv]) */
static int dev_set_render_target(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    D3D10DDI_HRENDERTARGETVIEW rtv = ((RtView *)ld_check(L, 2, LK_RTV)->p)->h;
    D3D10DDI_HDEPTHSTENCILVIEW dsv = { NULL };
    if (!lua_isnoneornil(L, 3)) {
        dsv = ((RtView *)ld_check(L, 3, LK_DSV)->p)->dsv;
    }
    HRESULT hr;
    set_rts(d, &rtv, 1, dsv, &hr);
    ld_check_hr(L, hr, "SetRenderTargets");
    ld_keep(L, 1, "rtv", 2);
    ld_keep(L, 1, "dsv", 3);
    return 0;
}

/* set_viewport{x = 0, y = 0, width=, height=, min_depth = 0, max_depth = 1} */
static int dev_set_viewport(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    float v[6];
    ld_viewport(L, 2, v);
    D3D10_DDI_VIEWPORT vp = { v[0], v[1], v[2], v[3], v[4], v[5] };
    ld_check_hr(L, RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)),
                "SetViewports");
    return 0;
}

/* set_topology("triangle_list" | "triangle_strip" | "line_list" | ...) */
static int dev_set_topology(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    UINT t = ld_check_topology(L, 2);
    ld_check_hr(L, RT_CALL(d, IaSetTopology, 0,
                           F(d, pfnIaSetTopology)(d->h, (D3D10_DDI_PRIMITIVE_TOPOLOGY)t)),
                "IaSetTopology");
    return 0;
}

/* ---- draws ---- */

/* ld_check_3d for a draw: a vertex shader bound (without one the D3D
 * runtime drops the draw; our UMD would report it unsupported, removing
 * the device), else a Lua error. */
static RtDevice *check_draw(lua_State *L)
{
    RtDevice *d = ld_check_3d(L);
    if (!ld_check_device(L, 1)->shaders[RT_VS]) {
        sr_error(L, "draw: no vertex shader bound (set_shaders)");
    }
    return d;
}

/* draw(vertices [, first = 0]) */
static int dev_draw(lua_State *L)
{
    RtDevice *d = check_draw(L);
    UINT n = ld_count_arg(L, 2, true), first = ld_count_arg(L, 3, false);
    ld_check_hr(L, RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, n, first)), "Draw");
    return 0;
}

/* draw_indexed(indices [, first = 0, base_vertex = 0]) */
static int dev_draw_indexed(lua_State *L)
{
    RtDevice *d = check_draw(L);
    UINT n = ld_count_arg(L, 2, true), first = ld_count_arg(L, 3, false);
    INT base = ld_base_arg(L, 4);
    ld_check_hr(L, RT_CALL(d, DrawIndexed, 0, F(d, pfnDrawIndexed)(d->h, n, first, base)),
                "DrawIndexed");
    return 0;
}

/* draw_instanced(vertices, instances [, first = 0, first_instance = 0]) */
static int dev_draw_instanced(lua_State *L)
{
    RtDevice *d = check_draw(L);
    UINT n = ld_count_arg(L, 2, true), inst = ld_count_arg(L, 3, true);
    UINT first = ld_count_arg(L, 4, false), first_inst = ld_count_arg(L, 5, false);
    ld_check_hr(L, RT_CALL(d, DrawInstanced, 0,
                           F(d, pfnDrawInstanced)(d->h, n, inst, first, first_inst)),
                "DrawInstanced");
    return 0;
}

/* draw_indexed_instanced(indices, instances [, first = 0, base_vertex = 0,
 * first_instance = 0]) */
static int dev_draw_indexed_instanced(lua_State *L)
{
    RtDevice *d = check_draw(L);
    UINT n = ld_count_arg(L, 2, true), inst = ld_count_arg(L, 3, true);
    UINT first = ld_count_arg(L, 4, false);
    INT base = ld_base_arg(L, 5);
    UINT first_inst = ld_count_arg(L, 6, false);
    ld_check_hr(L, RT_CALL(d, DrawIndexedInstanced, 0,
                           F(d, pfnDrawIndexedInstanced)(d->h, n, inst, first, base, first_inst)),
                "DrawIndexedInstanced");
    return 0;
}

const luaL_Reg ld_draw_ops[] = {
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
    { "draw_indexed_instanced", dev_draw_indexed_instanced }, { NULL, NULL }
};
