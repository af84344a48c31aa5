/* SPDX-License-Identifier: MIT */
/*
 * The device-table entries: thin functions that find the objects and call
 * the core (device.c, cmdbuf.c, resource.c), and for what is not
 * implemented yet, entries that report through umd_unsupported() (errors.c)
 * -- never a NULL slot, never a silent success. umd_fill_funcs10/10_1/11
 * fill every slot of each table.
 */
#include <string.h>

#include "umd.h"
#include "umd_uav.h"

#define DEV(h) umd_dev(h)
#define RES(h) umd_res(h)

/* ---- implemented ---- */

static VOID WDDM_API ddi_default_cb_update(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub,
                                           const D3D10_DDI_BOX *box, const VOID *data, UINT row,
                                           UINT depth)
{
    umd_update_subresource(DEV(h), UMD_DDI_DefaultConstantBufferUpdateSubresourceUP, RES(r), sub,
                           box, data, row, depth);
}

static VOID WDDM_API ddi_update(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub,
                                const D3D10_DDI_BOX *box, const VOID *data, UINT row, UINT depth)
{
    umd_update_subresource(DEV(h), UMD_DDI_ResourceUpdateSubresourceUP, RES(r), sub, box, data,
                           row, depth);
}

#define MAP_ENTRY(fn, ddi) \
    static VOID WDDM_API fn(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub, \
                            D3D10_DDI_MAP type, UINT flags, D3D10DDI_MAPPED_SUBRESOURCE *out) \
    { \
        umd_resource_map(DEV(h), ddi, RES(r), sub, type, flags, out); \
    }
MAP_ENTRY(ddi_map, UMD_DDI_ResourceMap)
MAP_ENTRY(ddi_map_ia_nooverwrite, UMD_DDI_DynamicIABufferMapNoOverwrite)
MAP_ENTRY(ddi_map_cb_discard, UMD_DDI_DynamicConstantBufferMapDiscard)
MAP_ENTRY(ddi_map_ia_discard, UMD_DDI_DynamicIABufferMapDiscard)
MAP_ENTRY(ddi_map_dynamic_discard, UMD_DDI_DynamicResourceMapDiscard)
MAP_ENTRY(ddi_map_staging, UMD_DDI_StagingResourceMap)

#define UNMAP_ENTRY(fn, ddi) \
    static VOID WDDM_API fn(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub) \
    { \
        umd_resource_unmap(DEV(h), ddi, RES(r), sub); \
    }
UNMAP_ENTRY(ddi_unmap, UMD_DDI_ResourceUnmap)
UNMAP_ENTRY(ddi_unmap_ia, UMD_DDI_DynamicIABufferUnmap)
UNMAP_ENTRY(ddi_unmap_cb, UMD_DDI_DynamicConstantBufferUnmap)
UNMAP_ENTRY(ddi_unmap_dynamic, UMD_DDI_DynamicResourceUnmap)
UNMAP_ENTRY(ddi_unmap_staging, UMD_DDI_StagingResourceUnmap)

static VOID WDDM_API ddi_copy_region(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, UINT dsub,
                                     UINT x, UINT y, UINT z, D3D10DDI_HRESOURCE src, UINT ssub,
                                     const D3D10_DDI_BOX *box)
{
    umd_copy_region(DEV(h), UMD_DDI_ResourceCopyRegion, RES(dst), dsub, x, y, z, RES(src), ssub,
                    box);
}

static VOID WDDM_API ddi_copy(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, D3D10DDI_HRESOURCE src)
{
    umd_copy_resource(DEV(h), UMD_DDI_ResourceCopy, RES(dst), RES(src));
}

/* D3D10.1 ResourceConvert[Region]: the ResourceCopy page lets one function
 * do both; copies here are byte copies between castable formats (equal
 * texel sizes), which is what a conversion between them is. */
static VOID WDDM_API ddi_convert(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, D3D10DDI_HRESOURCE src)
{
    umd_copy_resource(DEV(h), UMD_DDI_ResourceConvert, RES(dst), RES(src));
}

static VOID WDDM_API ddi_convert_region(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, UINT dsub,
                                        UINT x, UINT y, UINT z, D3D10DDI_HRESOURCE src,
                                        UINT ssub, const D3D10_DDI_BOX *box)
{
    umd_copy_region(DEV(h), UMD_DDI_ResourceConvertRegion, RES(dst), dsub, x, y, z, RES(src),
                    ssub, box);
}

static VOID WDDM_API ddi_clear_rtv(D3D10DDI_HDEVICE h, D3D10DDI_HRENDERTARGETVIEW v,
                                   FLOAT rgba[4])
{
    umd_clear_rtv(DEV(h), v.pDrvPrivate, rgba);
}

static VOID WDDM_API ddi_flush(D3D10DDI_HDEVICE h)
{
    UmdDevice *d = DEV(h);
    if (!umd_check_lost(d, UMD_DDI_Flush)) {
        umd_device_flush(d, UMD_DDI_Flush);
    }
}

static BOOL WDDM_API ddi_is_staging_busy(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r)
{
    return umd_resource_is_busy(DEV(h), RES(r));
}

/* The UMD keeps no pointer to its function table: nothing to relocate. */
static VOID WDDM_API ddi_relocate10(D3D10DDI_HDEVICE h, D3D10DDI_DEVICEFUNCS *f) {}
static VOID WDDM_API ddi_relocate10_1(D3D10DDI_HDEVICE h, D3D10_1DDI_DEVICEFUNCS *f) {}
static VOID WDDM_API ddi_relocate11(D3D10DDI_HDEVICE h, D3D11DDI_DEVICEFUNCS *f) {}

/* Hazard notifications: Sable has no shader caches to invalidate yet. */
static VOID WDDM_API ddi_srv_raw_hazard(D3D10DDI_HDEVICE h, D3D10DDI_HSHADERRESOURCEVIEW v,
                                        D3D10DDI_HRESOURCE r) {}
static VOID WDDM_API ddi_raw_hazard(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r) {}

_Static_assert(offsetof(D3D11DDIARG_CREATERESOURCE, pPrimaryDesc) ==
                   offsetof(D3D10DDIARG_CREATERESOURCE, pPrimaryDesc) &&
               offsetof(D3D11DDIARG_CREATERESOURCE, ByteStride) >=
                   sizeof(D3D10DDIARG_CREATERESOURCE),
               "D3D11DDIARG_CREATERESOURCE extends D3D10DDIARG_CREATERESOURCE");

static D3D11DDIARG_CREATERESOURCE from10(const D3D10DDIARG_CREATERESOURCE *c)
{
    D3D11DDIARG_CREATERESOURCE c11;
    memcpy(&c11, c, sizeof(*c));
    c11.ByteStride = 0;
    return c11;
}

static SIZE_T WDDM_API ddi_calc_resource10(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATERESOURCE *c)
{
    D3D11DDIARG_CREATERESOURCE c11 = from10(c);
    return umd_resource_size(&c11);
}

static SIZE_T WDDM_API ddi_calc_resource11(D3D10DDI_HDEVICE h, const D3D11DDIARG_CREATERESOURCE *c)
{
    return umd_resource_size(c);
}

static VOID WDDM_API ddi_create_resource10(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATERESOURCE *c,
                                           D3D10DDI_HRESOURCE r, D3D10DDI_HRTRESOURCE rt)
{
    D3D11DDIARG_CREATERESOURCE c11 = from10(c);
    umd_resource_create(DEV(h), &c11, RES(r), rt);
}

static VOID WDDM_API ddi_create_resource11(D3D10DDI_HDEVICE h, const D3D11DDIARG_CREATERESOURCE *c,
                                           D3D10DDI_HRESOURCE r, D3D10DDI_HRTRESOURCE rt)
{
    umd_resource_create(DEV(h), c, RES(r), rt);
}

static SIZE_T WDDM_API ddi_calc_opened_resource(D3D10DDI_HDEVICE h,
                                                const D3D10DDIARG_OPENRESOURCE *o)
{
    return umd_opened_resource_size(o);
}

static VOID WDDM_API ddi_open_resource(D3D10DDI_HDEVICE h, const D3D10DDIARG_OPENRESOURCE *o,
                                       D3D10DDI_HRESOURCE r, D3D10DDI_HRTRESOURCE rt)
{
    umd_resource_open(DEV(h), o, RES(r), rt);
}

static VOID WDDM_API ddi_destroy_resource(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r)
{
    umd_resource_destroy(DEV(h), RES(r));
}

static SIZE_T WDDM_API ddi_calc_rtv(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATERENDERTARGETVIEW *c)
{
    return sizeof(UmdRtv);
}

static VOID WDDM_API ddi_create_rtv(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATERENDERTARGETVIEW *c,
                                    D3D10DDI_HRENDERTARGETVIEW v, D3D10DDI_HRTRENDERTARGETVIEW rt)
{
    umd_rtv_create(DEV(h), c, v.pDrvPrivate);
}

static VOID WDDM_API ddi_destroy_rtv(D3D10DDI_HDEVICE h, D3D10DDI_HRENDERTARGETVIEW v)
{
    UmdRtv *o = v.pDrvPrivate;
    umd_state_forget(DEV(h), o);
    umd_vgl_destroy(DEV(h), UMD_DDI_DestroyRenderTargetView, SABLE_VIRGL_OBJECT_SURFACE,
                    o->handle, o->host);
    umd_rtv_shadow_free(DEV(h), o);
    memset(v.pDrvPrivate, 0, sizeof(UmdRtv));
}

static VOID WDDM_API ddi_check_format(D3D10DDI_HDEVICE h, DXGI_FORMAT f, UINT *caps)
{
    if (caps) {
        *caps = umd_format_caps(f) | umd_res3d_format_caps(DEV(h), f);
    }
}

static VOID WDDM_API ddi_check_msaa(D3D10DDI_HDEVICE h, DXGI_FORMAT f, UINT samples, UINT *levels)
{
    if (levels) {
        *levels = (samples == 1 && umd_format_bpp(f)) || umd_res3d_msaa(DEV(h), f, samples) ? 1
                                                                                            : 0;
    }
}

/* No counters: DXGI_DDI_ERR_UNSUPPORTED for a well-known one, E_INVALIDARG
 * for a device-dependent one (the codes their categories allow). */
static VOID WDDM_API ddi_check_counter(D3D10DDI_HDEVICE h, D3D10DDI_QUERY q,
                                       D3D10DDI_COUNTER_TYPE *type, UINT *active, LPSTR name,
                                       UINT *name_len, LPSTR units, UINT *units_len, LPSTR desc,
                                       UINT *desc_len)
{
    umd_unsupported(DEV(h), UMD_DDI_CheckCounter,
                    (UINT)q >= (UINT)D3D10DDI_COUNTER_DEVICE_DEPENDENT_0 ? UMD_ERRCTX_DD_COUNTER : 0);
}

static SIZE_T WDDM_API ddi_calc_dsv10(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATEDEPTHSTENCILVIEW *c)
{
    return sizeof(UmdDsv);
}

static SIZE_T WDDM_API ddi_calc_dsv11(D3D10DDI_HDEVICE h, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW *c)
{
    return sizeof(UmdDsv);
}

static VOID WDDM_API ddi_create_dsv10(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATEDEPTHSTENCILVIEW *c,
                                      D3D10DDI_HDEPTHSTENCILVIEW v, D3D10DDI_HRTDEPTHSTENCILVIEW rt)
{
    umd_dsv_create(DEV(h), RES(c->hDrvResource), c->Format, c->ResourceDimension, &c->Tex2D,
                   v.pDrvPrivate);
}

/* D3D11 Flags (read-only depth/stencil) only matter for binding. */
static VOID WDDM_API ddi_create_dsv11(D3D10DDI_HDEVICE h, const D3D11DDIARG_CREATEDEPTHSTENCILVIEW *c,
                                      D3D10DDI_HDEPTHSTENCILVIEW v, D3D10DDI_HRTDEPTHSTENCILVIEW rt)
{
    umd_dsv_create(DEV(h), RES(c->hDrvResource), c->Format, c->ResourceDimension, &c->Tex2D,
                   v.pDrvPrivate);
}

static VOID WDDM_API ddi_destroy_dsv(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILVIEW v)
{
    UmdDsv *o = v.pDrvPrivate;
    umd_state_forget(DEV(h), o);
    umd_vgl_destroy(DEV(h), UMD_DDI_DestroyDepthStencilView, SABLE_VIRGL_OBJECT_SURFACE,
                    o->handle, o->host);
    memset(v.pDrvPrivate, 0, sizeof(UmdDsv));
}

static VOID WDDM_API ddi_clear_dsv(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILVIEW v, UINT flags,
                                   FLOAT depth, UINT8 stencil)
{
    umd_clear_dsv(DEV(h), v.pDrvPrivate, flags, depth, stencil);
}

/* Cube SRVs arrive as TexCube {MostDetailedMip, MipLevels} (10.0: the
 * first cube) or {..., First2DArrayFace, NumCubes} (10.1, 11.0): given to
 * the core as the equivalent Tex2D view of the faces. */
#define CUBE_AS_2D(c, first_face, cubes) \
    ((D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ (c)->TexCube.MostDetailedMip, (first_face), \
                                             (c)->TexCube.MipLevels, 6 * (cubes) })
#define SRV_ENTRIES(suffix, arg_t, first_face, cubes) \
    static SIZE_T WDDM_API ddi_calc_srv##suffix(D3D10DDI_HDEVICE h, const arg_t *c) \
    { \
        return sizeof(UmdSrv); \
    } \
    static VOID WDDM_API ddi_create_srv##suffix(D3D10DDI_HDEVICE h, const arg_t *c, \
                                                D3D10DDI_HSHADERRESOURCEVIEW v, \
                                                D3D10DDI_HRTSHADERRESOURCEVIEW rt) \
    { \
        D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW tex = c->Tex2D; \
        if (c->ResourceDimension == D3D10DDIRESOURCE_TEXTURECUBE) { \
            tex = CUBE_AS_2D(c, first_face, cubes); \
        } else if (c->ResourceDimension == D3D10DDIRESOURCE_TEXTURE3D) { \
            tex = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ c->Tex3D.MostDetailedMip, 0, \
                                                          c->Tex3D.MipLevels, 1 }; \
        } \
        umd_srv_create(DEV(h), RES(c->hDrvResource), c->Format, c->ResourceDimension, \
                       &c->Buffer, &tex, v.pDrvPrivate); \
    }
SRV_ENTRIES(10, D3D10DDIARG_CREATESHADERRESOURCEVIEW, 0, 1)
SRV_ENTRIES(10_1, D3D10_1DDIARG_CREATESHADERRESOURCEVIEW, c->TexCube.First2DArrayFace,
            c->TexCube.NumCubes)
SRV_ENTRIES(11, D3D11DDIARG_CREATESHADERRESOURCEVIEW, c->TexCube.First2DArrayFace,
            c->TexCube.NumCubes)
/* D3D11 BufferEx views (raw, structured, typed buffers): uav.c */
static VOID WDDM_API ddi_create_srv11ex(D3D10DDI_HDEVICE h,
                                        const D3D11DDIARG_CREATESHADERRESOURCEVIEW *c,
                                        D3D10DDI_HSHADERRESOURCEVIEW v,
                                        D3D10DDI_HRTSHADERRESOURCEVIEW rt)
{
    if (c && c->ResourceDimension == D3D11DDIRESOURCE_BUFFEREX) {
        umd_srv_bufferex(DEV(h), RES(c->hDrvResource), c->Format, &c->BufferEx, v.pDrvPrivate);
        return;
    }
    ddi_create_srv11(h, c, v, rt);
}

static VOID WDDM_API ddi_ResourceResolveSubresource(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst,
                                                    UINT ds, D3D10DDI_HRESOURCE src, UINT ss,
                                                    DXGI_FORMAT f)
{
    umd_resolve(DEV(h), RES(dst), ds, RES(src), ss, f);
}

static VOID WDDM_API ddi_GenMips(D3D10DDI_HDEVICE h, D3D10DDI_HSHADERRESOURCEVIEW v)
{
    umd_gen_mips(DEV(h), v.pDrvPrivate);
}

static VOID WDDM_API ddi_destroy_srv(D3D10DDI_HDEVICE h, D3D10DDI_HSHADERRESOURCEVIEW v)
{
    UmdSrv *o = v.pDrvPrivate;
    umd_state_forget(DEV(h), o);
    umd_vgl_destroy(DEV(h), UMD_DDI_DestroyShaderResourceView, SABLE_VIRGL_OBJECT_SAMPLER_VIEW,
                    o->handle, o->host);
    umd_srv_shadow_free(DEV(h), o);
    memset(v.pDrvPrivate, 0, sizeof(UmdSrv));
}

static SIZE_T WDDM_API ddi_calc_query(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATEQUERY *c)
{
    return sizeof(UmdQuery);
}

static VOID WDDM_API ddi_create_query(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATEQUERY *c,
                                      D3D10DDI_HQUERY q, D3D10DDI_HRTQUERY rt)
{
    umd_query_create(DEV(h), c, q.pDrvPrivate);
}

static VOID WDDM_API ddi_destroy_query(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q)
{
    umd_query_destroy(DEV(h), q.pDrvPrivate);
}

static VOID WDDM_API ddi_query_begin(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q)
{
    umd_query_begin(DEV(h), q.pDrvPrivate);
}

static VOID WDDM_API ddi_query_end(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q)
{
    umd_query_end(DEV(h), q.pDrvPrivate);
}

static VOID WDDM_API ddi_query_get_data(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q, VOID *data,
                                        UINT size, UINT flags)
{
    umd_query_get_data(DEV(h), q.pDrvPrivate, data, size, flags);
}

static VOID WDDM_API ddi_destroy_device(D3D10DDI_HDEVICE h)
{
    umd_device_destroy(DEV(h));
}

/* Objects whose creation is not implemented still get a private size. */
#define CALC_ENTRY(fn, arg_t) \
    static SIZE_T WDDM_API fn(D3D10DDI_HDEVICE h, const arg_t *c) { return 2 * sizeof(void *); }
CALC_ENTRY(ddi_calc_deferred_context, D3D11DDIARG_CALCPRIVATEDEFERREDCONTEXTSIZE)
CALC_ENTRY(ddi_calc_command_list, D3D11DDIARG_CREATECOMMANDLIST)

static SIZE_T WDDM_API ddi_calc_shader(D3D10DDI_HDEVICE h, const UINT *code,
                                       const D3D10DDIARG_STAGE_IO_SIGNATURES *s)
{
    return umd_shader_size();
}
static SIZE_T WDDM_API ddi_calc_gsso10(D3D10DDI_HDEVICE h,
                                       const D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT *c,
                                       const D3D10DDIARG_STAGE_IO_SIGNATURES *s)
{
    return umd_shader_size();
}
static SIZE_T WDDM_API ddi_calc_gsso11(D3D10DDI_HDEVICE h,
                                       const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT *c,
                                       const D3D10DDIARG_STAGE_IO_SIGNATURES *s)
{
    return umd_shader_size();
}
static SIZE_T WDDM_API ddi_calc_tess_shader(D3D10DDI_HDEVICE h, const UINT *code,
                                            const D3D11DDIARG_TESSELLATION_IO_SIGNATURES *s)
{
    return umd_shader_size();
}
static SIZE_T WDDM_API ddi_calc_dc_handle(D3D10DDI_HDEVICE h, D3D11DDI_HANDLETYPE t, VOID *p)
{
    return 2 * sizeof(void *);
}

/* ---- shaders (shader.c) ---- */

/* sig10/sig11: which of the signature forms the DDI passes (the other NULL) */
#define CREATE_SHADER(name, program, sig_t, sig10, sig11) \
    static VOID WDDM_API ddi_##name(D3D10DDI_HDEVICE h, const UINT *code, D3D10DDI_HSHADER s, \
                                    D3D10DDI_HRTSHADER rt, const sig_t *sig) \
    { \
        umd_shader_create(DEV(h), UMD_DDI_##name, program, code, sig10, sig11, s.pDrvPrivate); \
    }
CREATE_SHADER(CreateVertexShader, SM4_VS, D3D10DDIARG_STAGE_IO_SIGNATURES, sig, NULL)
CREATE_SHADER(CreateGeometryShader, SM4_GS, D3D10DDIARG_STAGE_IO_SIGNATURES, sig, NULL)
CREATE_SHADER(CreatePixelShader, SM4_PS, D3D10DDIARG_STAGE_IO_SIGNATURES, sig, NULL)
CREATE_SHADER(CreateHullShader, SM4_HS, D3D11DDIARG_TESSELLATION_IO_SIGNATURES, NULL, sig)
CREATE_SHADER(CreateDomainShader, SM4_DS, D3D11DDIARG_TESSELLATION_IO_SIGNATURES, NULL, sig)

static VOID WDDM_API ddi_CreateComputeShader(D3D10DDI_HDEVICE h, const UINT *code,
                                             D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER rt)
{
    umd_shader_create(DEV(h), UMD_DDI_CreateComputeShader, SM4_CS, code, NULL, NULL,
                      s.pDrvPrivate);
}
static VOID WDDM_API ddi_CreateGsSo10(D3D10DDI_HDEVICE h,
                                      const D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT *c,
                                      D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER rt,
                                      const D3D10DDIARG_STAGE_IO_SIGNATURES *sig)
{
    umd_shader_create_so10(DEV(h), c, sig, s.pDrvPrivate);
}
static VOID WDDM_API ddi_CreateGsSo11(D3D10DDI_HDEVICE h,
                                      const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT *c,
                                      D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER rt,
                                      const D3D10DDIARG_STAGE_IO_SIGNATURES *sig)
{
    umd_shader_create_so11(DEV(h), c, sig, s.pDrvPrivate);
}
static VOID WDDM_API ddi_DestroyShader(D3D10DDI_HDEVICE h, D3D10DDI_HSHADER s)
{
    umd_shader_destroy(DEV(h), s.pDrvPrivate);
}
#define SET_SHADER(name, stage) \
    static VOID WDDM_API ddi_##name(D3D10DDI_HDEVICE h, D3D10DDI_HSHADER s) \
    { \
        umd_set_shader(DEV(h), UMD_DDI_##name, stage, s.pDrvPrivate); \
    }
SET_SHADER(VsSetShader, UMD_VS)
SET_SHADER(PsSetShader, UMD_PS)
SET_SHADER(GsSetShader, UMD_GS)
SET_SHADER(HsSetShader, UMD_HS)
SET_SHADER(DsSetShader, UMD_DS)
SET_SHADER(CsSetShader, UMD_CS)

/* ---- pipeline state objects (state3d.c) ---- */

#define STATE_CALC(fn, arg_t, obj_t) \
    static SIZE_T WDDM_API fn(D3D10DDI_HDEVICE h, const arg_t *c) { return sizeof(obj_t); }
STATE_CALC(ddi_calc_element_layout, D3D10DDIARG_CREATEELEMENTLAYOUT, UmdElementLayout)
STATE_CALC(ddi_calc_blend10, D3D10_DDI_BLEND_DESC, UmdBlendState)
STATE_CALC(ddi_calc_blend10_1, D3D10_1_DDI_BLEND_DESC, UmdBlendState)
STATE_CALC(ddi_calc_ds_state, D3D10_DDI_DEPTH_STENCIL_DESC, UmdDepthStencilState)
STATE_CALC(ddi_calc_rast_state, D3D10_DDI_RASTERIZER_DESC, UmdRasterizerState)
STATE_CALC(ddi_calc_sampler, D3D10_DDI_SAMPLER_DESC, UmdSampler)

#define STATE_CREATE(fn, arg_t, handle_t, rt_t, core) \
    static VOID WDDM_API fn(D3D10DDI_HDEVICE h, const arg_t *c, handle_t o, rt_t rt) \
    { \
        core(DEV(h), c, o.pDrvPrivate); \
    }
STATE_CREATE(ddi_create_element_layout, D3D10DDIARG_CREATEELEMENTLAYOUT, D3D10DDI_HELEMENTLAYOUT,
             D3D10DDI_HRTELEMENTLAYOUT, umd_layout_create)
STATE_CREATE(ddi_create_blend10, D3D10_DDI_BLEND_DESC, D3D10DDI_HBLENDSTATE,
             D3D10DDI_HRTBLENDSTATE, umd_blend_create10)
STATE_CREATE(ddi_create_blend10_1, D3D10_1_DDI_BLEND_DESC, D3D10DDI_HBLENDSTATE,
             D3D10DDI_HRTBLENDSTATE, umd_blend_create)
STATE_CREATE(ddi_create_ds_state, D3D10_DDI_DEPTH_STENCIL_DESC, D3D10DDI_HDEPTHSTENCILSTATE,
             D3D10DDI_HRTDEPTHSTENCILSTATE, umd_dss_create)
STATE_CREATE(ddi_create_rast_state, D3D10_DDI_RASTERIZER_DESC, D3D10DDI_HRASTERIZERSTATE,
             D3D10DDI_HRTRASTERIZERSTATE, umd_rast_create)
STATE_CREATE(ddi_create_sampler, D3D10_DDI_SAMPLER_DESC, D3D10DDI_HSAMPLER, D3D10DDI_HRTSAMPLER,
             umd_sampler_create)

#define STATE_DESTROY(fn, handle_t, obj_t) \
    static VOID WDDM_API fn(D3D10DDI_HDEVICE h, handle_t o) \
    { \
        umd_state_object_destroy(DEV(h), o.pDrvPrivate, sizeof(obj_t)); \
    }
STATE_DESTROY(ddi_destroy_element_layout, D3D10DDI_HELEMENTLAYOUT, UmdElementLayout)
STATE_DESTROY(ddi_destroy_blend, D3D10DDI_HBLENDSTATE, UmdBlendState)
STATE_DESTROY(ddi_destroy_ds_state, D3D10DDI_HDEPTHSTENCILSTATE, UmdDepthStencilState)
STATE_DESTROY(ddi_destroy_rast_state, D3D10DDI_HRASTERIZERSTATE, UmdRasterizerState)
STATE_DESTROY(ddi_destroy_sampler, D3D10DDI_HSAMPLER, UmdSampler)

static VOID WDDM_API ddi_SetBlendState(D3D10DDI_HDEVICE h, D3D10DDI_HBLENDSTATE s,
                                       const FLOAT factor[4], UINT mask)
{
    umd_set_blend(DEV(h), s.pDrvPrivate, factor, mask);
}

static VOID WDDM_API ddi_SetDepthStencilState(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILSTATE s,
                                              UINT ref)
{
    umd_set_dss(DEV(h), s.pDrvPrivate, ref);
}

static VOID WDDM_API ddi_SetRasterizerState(D3D10DDI_HDEVICE h, D3D10DDI_HRASTERIZERSTATE s)
{
    umd_set_rast(DEV(h), s.pDrvPrivate);
}

static VOID WDDM_API ddi_IaSetInputLayout(D3D10DDI_HDEVICE h, D3D10DDI_HELEMENTLAYOUT l)
{
    umd_set_layout(DEV(h), l.pDrvPrivate);
}

#define SET_SAMPLERS(name, stage) \
    static VOID WDDM_API ddi_##name(D3D10DDI_HDEVICE h, UINT start, UINT n, \
                                    const D3D10DDI_HSAMPLER *ph) \
    { \
        umd_set_samplers(DEV(h), UMD_DDI_##name, stage, start, n, ph); \
    }
SET_SAMPLERS(VsSetSamplers, UMD_VS)
SET_SAMPLERS(PsSetSamplers, UMD_PS)
SET_SAMPLERS(GsSetSamplers, UMD_GS)
SET_SAMPLERS(HsSetSamplers, UMD_HS)
SET_SAMPLERS(DsSetSamplers, UMD_DS)
SET_SAMPLERS(CsSetSamplers, UMD_CS)

/* ---- draws (draw.c) ---- */

static void draw(D3D10DDI_HDEVICE h, UmdDdi ddi, VglDraw v)
{
    UmdDevice *d = DEV(h);
    int mode = umd_prim_mode(d->state.topology);
    if (mode < 0 || v.count == 0 || v.instance_count == 0) {
        if (mode < 0 && !umd_check_lost(d, ddi)) {
            umd_unsupported(d, ddi, 0); /* an undefined topology */
        }
        return;
    }
    v.mode = (uint32_t)mode;
    v.vertices_per_patch = mode == SABLE_VIRGL_PRIM_PATCHES ? d->state.topology - 32u : 0;
    v.max_index = 0xffffffffu;
    if (v.indexed) {
        v.primitive_restart = true; /* D3D10+: strip cuts at the all-ones index */
        v.restart_index = d->state.ib_format == DXGI_FORMAT_R32_UINT ? 0xffffffffu : 0xffffu;
    }
    umd_draw(d, ddi, &v);
}

/* The arguments (D3D11's DrawInstancedIndirect / DrawIndexedInstancedIndirect
 * layouts: 4 or 5 dwords, GL's indirect commands) from buffer r at off. */
static void draw_indirect(D3D10DDI_HDEVICE h, UmdDdi ddi, D3D10DDI_HRESOURCE hr, UINT off,
                          bool indexed)
{
    UmdDevice *d = DEV(h);
    UmdResource *r = umd_res(hr);
    int mode = umd_prim_mode(d->state.topology);
    uint64_t end = (uint64_t)off + (indexed ? 20u : 16u);
    if (umd_check_lost(d, ddi)) {
        return;
    }
    if (mode < 0 || !r || r->magic != UMD_RESOURCE_MAGIC || !r->res_id || off % 4 ||
        end > r->width) {
        umd_unsupported(d, ddi, 0);
        return;
    }
    VglDraw v = { .mode = (uint32_t)mode, .indexed = indexed, .max_index = 0xffffffffu,
                  .indirect_res = r->res_id, .indirect_offset = off };
    if (indexed) {
        v.primitive_restart = true;
        v.restart_index = d->state.ib_format == DXGI_FORMAT_R32_UINT ? 0xffffffffu : 0xffffu;
    }
    umd_draw_args(d, ddi, &v, r);
}

static VOID WDDM_API ddi_DrawInstancedIndirect(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT off)
{
    draw_indirect(h, UMD_DDI_DrawInstancedIndirect, r, off, false);
}

static VOID WDDM_API ddi_DrawIndexedInstancedIndirect(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r,
                                                      UINT off)
{
    draw_indirect(h, UMD_DDI_DrawIndexedInstancedIndirect, r, off, true);
}

static VOID WDDM_API ddi_DrawAuto(D3D10DDI_HDEVICE h)
{
    umd_draw_auto(DEV(h));
}

static VOID WDDM_API ddi_Draw(D3D10DDI_HDEVICE h, UINT count, UINT start)
{
    draw(h, UMD_DDI_Draw, (VglDraw){ .start = start, .count = count, .instance_count = 1 });
}

static VOID WDDM_API ddi_DrawIndexed(D3D10DDI_HDEVICE h, UINT count, UINT start, INT base)
{
    draw(h, UMD_DDI_DrawIndexed, (VglDraw){ .start = start, .count = count, .indexed = true,
                                            .index_bias = base, .instance_count = 1 });
}

static VOID WDDM_API ddi_DrawInstanced(D3D10DDI_HDEVICE h, UINT count, UINT instances,
                                       UINT start, UINT start_instance)
{
    draw(h, UMD_DDI_DrawInstanced, (VglDraw){ .start = start, .count = count,
                                              .instance_count = instances,
                                              .start_instance = start_instance });
}

static VOID WDDM_API ddi_DrawIndexedInstanced(D3D10DDI_HDEVICE h, UINT count, UINT instances,
                                              UINT start, INT base, UINT start_instance)
{
    draw(h, UMD_DDI_DrawIndexedInstanced,
         (VglDraw){ .start = start, .count = count, .indexed = true, .index_bias = base,
                    .instance_count = instances, .start_instance = start_instance });
}

/* ---- not implemented yet: umd_unsupported() ---- */

#define UNSUP(name) umd_unsupported(DEV(h), UMD_DDI_##name, 0)

#define STUB(name, ...) \
    static VOID WDDM_API stub_##name(D3D10DDI_HDEVICE h, __VA_ARGS__) { UNSUP(name); }
#define STUB0(name) \
    static VOID WDDM_API stub_##name(D3D10DDI_HDEVICE h) { UNSUP(name); }
#define STUB_NAMED(fn, name, ...) \
    static VOID WDDM_API fn(D3D10DDI_HDEVICE h, __VA_ARGS__) { UNSUP(name); }

_Static_assert(sizeof(D3D10DDI_HRESOURCE) == sizeof(void *), "handles are one pointer");


/* ---- bindings (state.c) ---- */

#define SET_CBS(name, stage) \
    static VOID WDDM_API ddi_##name(D3D10DDI_HDEVICE h, UINT start, UINT n, \
                                    const D3D10DDI_HRESOURCE *ph) \
    { \
        umd_set_cbs(DEV(h), UMD_DDI_##name, stage, start, n, ph); \
    }
#define SET_SRVS(name, stage) \
    static VOID WDDM_API ddi_##name(D3D10DDI_HDEVICE h, UINT start, UINT n, \
                                    const D3D10DDI_HSHADERRESOURCEVIEW *ph) \
    { \
        umd_set_srvs(DEV(h), UMD_DDI_##name, stage, start, n, ph); \
    }
SET_CBS(VsSetConstantBuffers, UMD_VS)
SET_CBS(PsSetConstantBuffers, UMD_PS)
SET_CBS(GsSetConstantBuffers, UMD_GS)
SET_CBS(HsSetConstantBuffers, UMD_HS)
SET_CBS(DsSetConstantBuffers, UMD_DS)
SET_CBS(CsSetConstantBuffers, UMD_CS)
SET_SRVS(VsSetShaderResources, UMD_VS)
SET_SRVS(PsSetShaderResources, UMD_PS)
SET_SRVS(GsSetShaderResources, UMD_GS)
SET_SRVS(HsSetShaderResources, UMD_HS)
SET_SRVS(DsSetShaderResources, UMD_DS)
SET_SRVS(CsSetShaderResources, UMD_CS)

static VOID WDDM_API ddi_IaSetVertexBuffers(D3D10DDI_HDEVICE h, UINT start, UINT n,
                                            const D3D10DDI_HRESOURCE *ph, const UINT *strides,
                                            const UINT *offsets)
{
    umd_set_vbs(DEV(h), start, n, ph, strides, offsets);
}

static VOID WDDM_API ddi_IaSetIndexBuffer(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, DXGI_FORMAT f,
                                          UINT off)
{
    umd_set_ib(DEV(h), r, f, off);
}

static VOID WDDM_API ddi_SoSetTargets(D3D10DDI_HDEVICE h, UINT n, UINT clear,
                                      const D3D10DDI_HRESOURCE *ph, const UINT *offsets)
{
    umd_set_so(DEV(h), n, clear, ph, offsets);
}

static VOID WDDM_API ddi_set_viewports(D3D10DDI_HDEVICE h, UINT n, UINT clear,
                                       const D3D10_DDI_VIEWPORT *v)
{
    umd_set_viewports(DEV(h), n, v);
}

static VOID WDDM_API ddi_set_scissors(D3D10DDI_HDEVICE h, UINT n, UINT clear,
                                      const D3D10_DDI_RECT *r)
{
    umd_set_scissors(DEV(h), n, r);
}

static VOID WDDM_API ddi_IaSetTopology(D3D10DDI_HDEVICE h, D3D10_DDI_PRIMITIVE_TOPOLOGY t)
{
    DEV(h)->state.topology = t;
}

static VOID WDDM_API ddi_SetTextFilterSize(D3D10DDI_HDEVICE h, UINT w, UINT hh)
{
    DEV(h)->state.text_filter_width = w;
    DEV(h)->state.text_filter_height = hh;
}

static VOID WDDM_API ddi_SetRenderTargets10(D3D10DDI_HDEVICE h,
                                            const D3D10DDI_HRENDERTARGETVIEW *rtv, UINT n,
                                            UINT clear, D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    umd_set_rts(DEV(h), rtv, n, clear, dsv);
}

/* The UAVs are the pixel shader's (uav.c). */
static VOID WDDM_API ddi_SetRenderTargets11(D3D10DDI_HDEVICE h,
                                            const D3D10DDI_HRENDERTARGETVIEW *rtv, UINT n,
                                            UINT clear, D3D10DDI_HDEPTHSTENCILVIEW dsv,
                                            const D3D11DDI_HUNORDEREDACCESSVIEW *uav,
                                            const UINT *counts, UINT uav_start, UINT nuav,
                                            UINT range_start, UINT range_size)
{
    umd_set_rts(DEV(h), rtv, n, clear, dsv);
    umd_set_om_uavs(DEV(h), uav, counts, uav_start, nuav, range_start, range_size);
}

static VOID WDDM_API ddi_SetPredication(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q, BOOL value)
{
    umd_set_predication(DEV(h), q.pDrvPrivate, value);
}
/* ---- UAVs and compute (uav.c, compute.c) ---- */

static SIZE_T WDDM_API ddi_calc_uav(D3D10DDI_HDEVICE h,
                                    const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *c)
{
    return umd_uav_size();
}
static VOID WDDM_API ddi_create_uav(D3D10DDI_HDEVICE h,
                                    const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *c,
                                    D3D11DDI_HUNORDEREDACCESSVIEW v,
                                    D3D11DDI_HRTUNORDEREDACCESSVIEW rt)
{
    umd_uav_create(DEV(h), c, v.pDrvPrivate);
}
static VOID WDDM_API ddi_destroy_uav(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW v)
{
    umd_uav_destroy(DEV(h), v.pDrvPrivate);
}
static VOID WDDM_API ddi_clear_uav_uint(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW v,
                                        const UINT values[4])
{
    umd_clear_uav(DEV(h), UMD_DDI_ClearUnorderedAccessViewUint, v.pDrvPrivate, values, false);
}
static VOID WDDM_API ddi_clear_uav_float(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW v,
                                         const FLOAT values[4])
{
    umd_clear_uav(DEV(h), UMD_DDI_ClearUnorderedAccessViewFloat, v.pDrvPrivate, values, true);
}
static VOID WDDM_API ddi_cs_set_uavs(D3D10DDI_HDEVICE h, UINT start, UINT n,
                                     const D3D11DDI_HUNORDEREDACCESSVIEW *uav, const UINT *counts)
{
    umd_set_uavs(DEV(h), start, n, uav, counts);
}
static VOID WDDM_API ddi_copy_structure_count(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst,
                                              UINT off, D3D11DDI_HUNORDEREDACCESSVIEW v)
{
    umd_copy_structure_count(DEV(h), RES(dst), off, v.pDrvPrivate);
}
static VOID WDDM_API ddi_dispatch(D3D10DDI_HDEVICE h, UINT x, UINT y, UINT z)
{
    const UINT groups[3] = { x, y, z };
    umd_dispatch(DEV(h), UMD_DDI_Dispatch, groups, NULL, 0);
}
static VOID WDDM_API ddi_dispatch_indirect(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT off)
{
    umd_dispatch(DEV(h), UMD_DDI_DispatchIndirect, NULL, RES(r), off);
}
/* With interfaces: only shaders without any (n == 0) are bound. */
#define SET_WITH_IFACES(name, stage) \
    static VOID WDDM_API stub_##name(D3D10DDI_HDEVICE h, D3D10DDI_HSHADER s, UINT n, \
                                     const UINT *ifaces, const D3D11DDIARG_POINTERDATA *pd) \
    { \
        if (n) { \
            UNSUP(name); \
            return; \
        } \
        umd_set_shader(DEV(h), UMD_DDI_##name, stage, s.pDrvPrivate); \
    }
SET_WITH_IFACES(PsSetShaderWithIfaces, UMD_PS)
SET_WITH_IFACES(VsSetShaderWithIfaces, UMD_VS)
SET_WITH_IFACES(GsSetShaderWithIfaces, UMD_GS)
SET_WITH_IFACES(HsSetShaderWithIfaces, UMD_HS)
SET_WITH_IFACES(DsSetShaderWithIfaces, UMD_DS)
SET_WITH_IFACES(CsSetShaderWithIfaces, UMD_CS)

STUB(CheckCounterInfo, D3D10DDI_COUNTER_INFO *info)
STUB(CommandListExecute, D3D11DDI_HCOMMANDLIST l)
STUB(CheckDeferredContextHandleSizes, UINT *n, D3D11DDI_HANDLESIZE *sizes)
STUB(CreateDeferredContext, const D3D11DDIARG_CREATEDEFERREDCONTEXT *c)
STUB0(AbandonCommandList)
STUB(CreateCommandList, const D3D11DDIARG_CREATECOMMANDLIST *c, D3D11DDI_HCOMMANDLIST l,
     D3D11DDI_HRTCOMMANDLIST rt)
STUB(DestroyCommandList, D3D11DDI_HCOMMANDLIST l)
STUB(SetResourceMinLOD, D3D10DDI_HRESOURCE r, FLOAT lod)
STUB(RecycleCommandList, D3D11DDI_HCOMMANDLIST l)
STUB(RecycleDestroyCommandList, D3D11DDI_HCOMMANDLIST l)

static HRESULT WDDM_API stub_RecycleCreateCommandList(D3D10DDI_HDEVICE h,
                                                      const D3D11DDIARG_CREATECOMMANDLIST *c,
                                                      D3D11DDI_HCOMMANDLIST l,
                                                      D3D11DDI_HRTCOMMANDLIST rt)
{
    return UNSUP(RecycleCreateCommandList);
}
static HRESULT WDDM_API stub_RecycleCreateDeferredContext(D3D10DDI_HDEVICE h,
                                                          const D3D11DDIARG_CREATEDEFERREDCONTEXT *c)
{
    return UNSUP(RecycleCreateDeferredContext);
}

/* DXGI base functions: HRESULT-returning; hDevice is the driver's device
 * (hDrvDevice.pDrvPrivate). Present, SetDisplayMode, RotateResourceIdentities
 * and Blt are implemented (present.c); gamma, priorities and residency
 * not. */
static HRESULT WDDM_API ddi_dxgi_present(DXGI_DDI_ARG_PRESENT *p)
{
    return umd_present((UmdDevice *)p->hDevice, p);
}

static HRESULT WDDM_API ddi_dxgi_set_display_mode(DXGI_DDI_ARG_SETDISPLAYMODE *m)
{
    return umd_set_display_mode((UmdDevice *)m->hDevice, m);
}

static HRESULT WDDM_API ddi_dxgi_rotate(DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES *a)
{
    return umd_rotate_identities((UmdDevice *)a->hDevice, a);
}

static HRESULT WDDM_API ddi_dxgi_blt(DXGI_DDI_ARG_BLT *b)
{
    return umd_blt((UmdDevice *)b->hDevice, b);
}

#define DXGI_STUB(name, arg_t) \
    static HRESULT WDDM_API stub_##name(arg_t *a) { return umd_unsupported(NULL, UMD_DDI_##name, 0); }
DXGI_STUB(DxgiGetGammaCaps, DXGI_DDI_ARG_GET_GAMMA_CONTROL_CAPS)
DXGI_STUB(DxgiSetResourcePriority, DXGI_DDI_ARG_SETRESOURCEPRIORITY)
DXGI_STUB(DxgiQueryResourceResidency, DXGI_DDI_ARG_QUERYRESOURCERESIDENCY)

void umd_fill_dxgi(DXGI_DDI_BASE_FUNCTIONS *f)
{
    f->pfnPresent = ddi_dxgi_present;
    f->pfnGetGammaCaps = stub_DxgiGetGammaCaps;
    f->pfnSetDisplayMode = ddi_dxgi_set_display_mode;
    f->pfnSetResourcePriority = stub_DxgiSetResourcePriority;
    f->pfnQueryResourceResidency = stub_DxgiQueryResourceResidency;
    f->pfnRotateResourceIdentities = ddi_dxgi_rotate;
    f->pfnBlt = ddi_dxgi_blt;
}

/* ---- the tables ---- */

/* Slots with the same type in the 10.0, 10.1 and 11.0 tables. */
#define FILL_COMMON(f) do { \
    (f)->pfnDefaultConstantBufferUpdateSubresourceUP = ddi_default_cb_update; \
    (f)->pfnVsSetConstantBuffers = ddi_VsSetConstantBuffers; \
    (f)->pfnPsSetShaderResources = ddi_PsSetShaderResources; \
    (f)->pfnPsSetShader = ddi_PsSetShader; \
    (f)->pfnPsSetSamplers = ddi_PsSetSamplers; \
    (f)->pfnVsSetShader = ddi_VsSetShader; \
    (f)->pfnDrawIndexed = ddi_DrawIndexed; \
    (f)->pfnDraw = ddi_Draw; \
    (f)->pfnDynamicIABufferMapNoOverwrite = ddi_map_ia_nooverwrite; \
    (f)->pfnDynamicIABufferUnmap = ddi_unmap_ia; \
    (f)->pfnDynamicConstantBufferMapDiscard = ddi_map_cb_discard; \
    (f)->pfnDynamicIABufferMapDiscard = ddi_map_ia_discard; \
    (f)->pfnDynamicConstantBufferUnmap = ddi_unmap_cb; \
    (f)->pfnPsSetConstantBuffers = ddi_PsSetConstantBuffers; \
    (f)->pfnIaSetInputLayout = ddi_IaSetInputLayout; \
    (f)->pfnIaSetVertexBuffers = ddi_IaSetVertexBuffers; \
    (f)->pfnIaSetIndexBuffer = ddi_IaSetIndexBuffer; \
    (f)->pfnDrawIndexedInstanced = ddi_DrawIndexedInstanced; \
    (f)->pfnDrawInstanced = ddi_DrawInstanced; \
    (f)->pfnDynamicResourceMapDiscard = ddi_map_dynamic_discard; \
    (f)->pfnDynamicResourceUnmap = ddi_unmap_dynamic; \
    (f)->pfnGsSetConstantBuffers = ddi_GsSetConstantBuffers; \
    (f)->pfnGsSetShader = ddi_GsSetShader; \
    (f)->pfnIaSetTopology = ddi_IaSetTopology; \
    (f)->pfnStagingResourceMap = ddi_map_staging; \
    (f)->pfnStagingResourceUnmap = ddi_unmap_staging; \
    (f)->pfnVsSetShaderResources = ddi_VsSetShaderResources; \
    (f)->pfnVsSetSamplers = ddi_VsSetSamplers; \
    (f)->pfnGsSetShaderResources = ddi_GsSetShaderResources; \
    (f)->pfnGsSetSamplers = ddi_GsSetSamplers; \
    (f)->pfnShaderResourceViewReadAfterWriteHazard = ddi_srv_raw_hazard; \
    (f)->pfnResourceReadAfterWriteHazard = ddi_raw_hazard; \
    (f)->pfnSetBlendState = ddi_SetBlendState; \
    (f)->pfnSetDepthStencilState = ddi_SetDepthStencilState; \
    (f)->pfnSetRasterizerState = ddi_SetRasterizerState; \
    (f)->pfnQueryEnd = ddi_query_end; \
    (f)->pfnQueryBegin = ddi_query_begin; \
    (f)->pfnResourceCopyRegion = ddi_copy_region; \
    (f)->pfnResourceUpdateSubresourceUP = ddi_update; \
    (f)->pfnSoSetTargets = ddi_SoSetTargets; \
    (f)->pfnDrawAuto = ddi_DrawAuto; \
    (f)->pfnSetViewports = ddi_set_viewports; \
    (f)->pfnSetScissorRects = ddi_set_scissors; \
    (f)->pfnClearRenderTargetView = ddi_clear_rtv; \
    (f)->pfnClearDepthStencilView = ddi_clear_dsv; \
    (f)->pfnSetPredication = ddi_SetPredication; \
    (f)->pfnQueryGetData = ddi_query_get_data; \
    (f)->pfnFlush = ddi_flush; \
    (f)->pfnGenMips = ddi_GenMips; \
    (f)->pfnResourceCopy = ddi_copy; \
    (f)->pfnResourceResolveSubresource = ddi_ResourceResolveSubresource; \
    (f)->pfnResourceMap = ddi_map; \
    (f)->pfnResourceUnmap = ddi_unmap; \
    (f)->pfnResourceIsStagingBusy = ddi_is_staging_busy; \
    (f)->pfnCalcPrivateOpenedResourceSize = ddi_calc_opened_resource; \
    (f)->pfnOpenResource = ddi_open_resource; \
    (f)->pfnDestroyResource = ddi_destroy_resource; \
    (f)->pfnDestroyShaderResourceView = ddi_destroy_srv; \
    (f)->pfnCalcPrivateRenderTargetViewSize = ddi_calc_rtv; \
    (f)->pfnCreateRenderTargetView = ddi_create_rtv; \
    (f)->pfnDestroyRenderTargetView = ddi_destroy_rtv; \
    (f)->pfnDestroyDepthStencilView = ddi_destroy_dsv; \
    (f)->pfnCalcPrivateElementLayoutSize = ddi_calc_element_layout; \
    (f)->pfnCreateElementLayout = ddi_create_element_layout; \
    (f)->pfnDestroyElementLayout = ddi_destroy_element_layout; \
    (f)->pfnDestroyBlendState = ddi_destroy_blend; \
    (f)->pfnCalcPrivateDepthStencilStateSize = ddi_calc_ds_state; \
    (f)->pfnCreateDepthStencilState = ddi_create_ds_state; \
    (f)->pfnDestroyDepthStencilState = ddi_destroy_ds_state; \
    (f)->pfnCalcPrivateRasterizerStateSize = ddi_calc_rast_state; \
    (f)->pfnCreateRasterizerState = ddi_create_rast_state; \
    (f)->pfnDestroyRasterizerState = ddi_destroy_rast_state; \
    (f)->pfnCalcPrivateShaderSize = ddi_calc_shader; \
    (f)->pfnCreateVertexShader = ddi_CreateVertexShader; \
    (f)->pfnCreateGeometryShader = ddi_CreateGeometryShader; \
    (f)->pfnCreatePixelShader = ddi_CreatePixelShader; \
    (f)->pfnDestroyShader = ddi_DestroyShader; \
    (f)->pfnCalcPrivateSamplerSize = ddi_calc_sampler; \
    (f)->pfnCreateSampler = ddi_create_sampler; \
    (f)->pfnDestroySampler = ddi_destroy_sampler; \
    (f)->pfnCalcPrivateQuerySize = ddi_calc_query; \
    (f)->pfnCreateQuery = ddi_create_query; \
    (f)->pfnDestroyQuery = ddi_destroy_query; \
    (f)->pfnCheckFormatSupport = ddi_check_format; \
    (f)->pfnCheckMultisampleQualityLevels = ddi_check_msaa; \
    (f)->pfnCheckCounterInfo = stub_CheckCounterInfo; \
    (f)->pfnCheckCounter = ddi_check_counter; \
    (f)->pfnDestroyDevice = ddi_destroy_device; \
    (f)->pfnSetTextFilterSize = ddi_SetTextFilterSize; \
} while (0)

void umd_fill_funcs10(D3D10DDI_DEVICEFUNCS *f)
{
    FILL_COMMON(f);
    f->pfnSetRenderTargets = ddi_SetRenderTargets10;
    f->pfnRelocateDeviceFuncs = ddi_relocate10;
    f->pfnCalcPrivateResourceSize = ddi_calc_resource10;
    f->pfnCreateResource = ddi_create_resource10;
    f->pfnCalcPrivateShaderResourceViewSize = ddi_calc_srv10;
    f->pfnCreateShaderResourceView = ddi_create_srv10;
    f->pfnCalcPrivateDepthStencilViewSize = ddi_calc_dsv10;
    f->pfnCreateDepthStencilView = ddi_create_dsv10;
    f->pfnCalcPrivateBlendStateSize = ddi_calc_blend10;
    f->pfnCreateBlendState = ddi_create_blend10;
    f->pfnCalcPrivateGeometryShaderWithStreamOutput = ddi_calc_gsso10;
    f->pfnCreateGeometryShaderWithStreamOutput = ddi_CreateGsSo10;
}

void umd_fill_funcs10_1(D3D10_1DDI_DEVICEFUNCS *f)
{
    FILL_COMMON(f);
    f->pfnSetRenderTargets = ddi_SetRenderTargets10;
    f->pfnRelocateDeviceFuncs = ddi_relocate10_1;
    f->pfnCalcPrivateResourceSize = ddi_calc_resource10;
    f->pfnCreateResource = ddi_create_resource10;
    f->pfnCalcPrivateShaderResourceViewSize = ddi_calc_srv10_1;
    f->pfnCreateShaderResourceView = ddi_create_srv10_1;
    f->pfnCalcPrivateDepthStencilViewSize = ddi_calc_dsv10;
    f->pfnCreateDepthStencilView = ddi_create_dsv10;
    f->pfnCalcPrivateBlendStateSize = ddi_calc_blend10_1;
    f->pfnCreateBlendState = ddi_create_blend10_1;
    f->pfnCalcPrivateGeometryShaderWithStreamOutput = ddi_calc_gsso10;
    f->pfnCreateGeometryShaderWithStreamOutput = ddi_CreateGsSo10;
    f->pfnResourceConvert = ddi_convert;
    f->pfnResourceConvertRegion = ddi_convert_region;
}

void umd_fill_funcs11(D3D11DDI_DEVICEFUNCS *f)
{
    FILL_COMMON(f);
    f->pfnSetRenderTargets = ddi_SetRenderTargets11;
    f->pfnRelocateDeviceFuncs = ddi_relocate11;
    f->pfnCalcPrivateResourceSize = ddi_calc_resource11;
    f->pfnCreateResource = ddi_create_resource11;
    f->pfnCalcPrivateShaderResourceViewSize = ddi_calc_srv11;
    f->pfnCreateShaderResourceView = ddi_create_srv11ex;
    f->pfnCalcPrivateDepthStencilViewSize = ddi_calc_dsv11;
    f->pfnCreateDepthStencilView = ddi_create_dsv11;
    f->pfnCalcPrivateBlendStateSize = ddi_calc_blend10_1;
    f->pfnCreateBlendState = ddi_create_blend10_1;
    f->pfnCalcPrivateGeometryShaderWithStreamOutput = ddi_calc_gsso11;
    f->pfnCreateGeometryShaderWithStreamOutput = ddi_CreateGsSo11;
    f->pfnResourceConvert = ddi_convert;
    f->pfnResourceConvertRegion = ddi_convert_region;
    f->pfnDrawIndexedInstancedIndirect = ddi_DrawIndexedInstancedIndirect;
    f->pfnDrawInstancedIndirect = ddi_DrawInstancedIndirect;
    f->pfnCommandListExecute = stub_CommandListExecute;
    f->pfnHsSetShaderResources = ddi_HsSetShaderResources;
    f->pfnHsSetShader = ddi_HsSetShader;
    f->pfnHsSetSamplers = ddi_HsSetSamplers;
    f->pfnHsSetConstantBuffers = ddi_HsSetConstantBuffers;
    f->pfnDsSetShaderResources = ddi_DsSetShaderResources;
    f->pfnDsSetShader = ddi_DsSetShader;
    f->pfnDsSetSamplers = ddi_DsSetSamplers;
    f->pfnDsSetConstantBuffers = ddi_DsSetConstantBuffers;
    f->pfnCreateHullShader = ddi_CreateHullShader;
    f->pfnCreateDomainShader = ddi_CreateDomainShader;
    f->pfnCheckDeferredContextHandleSizes = stub_CheckDeferredContextHandleSizes;
    f->pfnCalcDeferredContextHandleSize = ddi_calc_dc_handle;
    f->pfnCalcPrivateDeferredContextSize = ddi_calc_deferred_context;
    f->pfnCreateDeferredContext = stub_CreateDeferredContext;
    f->pfnAbandonCommandList = stub_AbandonCommandList;
    f->pfnCalcPrivateCommandListSize = ddi_calc_command_list;
    f->pfnCreateCommandList = stub_CreateCommandList;
    f->pfnDestroyCommandList = stub_DestroyCommandList;
    f->pfnCalcPrivateTessellationShaderSize = ddi_calc_tess_shader;
    f->pfnPsSetShaderWithIfaces = stub_PsSetShaderWithIfaces;
    f->pfnVsSetShaderWithIfaces = stub_VsSetShaderWithIfaces;
    f->pfnGsSetShaderWithIfaces = stub_GsSetShaderWithIfaces;
    f->pfnHsSetShaderWithIfaces = stub_HsSetShaderWithIfaces;
    f->pfnDsSetShaderWithIfaces = stub_DsSetShaderWithIfaces;
    f->pfnCsSetShaderWithIfaces = stub_CsSetShaderWithIfaces;
    f->pfnCreateComputeShader = ddi_CreateComputeShader;
    f->pfnCsSetShader = ddi_CsSetShader;
    f->pfnCsSetShaderResources = ddi_CsSetShaderResources;
    f->pfnCsSetSamplers = ddi_CsSetSamplers;
    f->pfnCsSetConstantBuffers = ddi_CsSetConstantBuffers;
    f->pfnCalcPrivateUnorderedAccessViewSize = ddi_calc_uav;
    f->pfnCreateUnorderedAccessView = ddi_create_uav;
    f->pfnDestroyUnorderedAccessView = ddi_destroy_uav;
    f->pfnClearUnorderedAccessViewUint = ddi_clear_uav_uint;
    f->pfnClearUnorderedAccessViewFloat = ddi_clear_uav_float;
    f->pfnCsSetUnorderedAccessViews = ddi_cs_set_uavs;
    f->pfnDispatch = ddi_dispatch;
    f->pfnDispatchIndirect = ddi_dispatch_indirect;
    f->pfnSetResourceMinLOD = stub_SetResourceMinLOD;
    f->pfnCopyStructureCount = ddi_copy_structure_count;
    f->pfnRecycleCommandList = stub_RecycleCommandList;
    f->pfnRecycleCreateCommandList = stub_RecycleCreateCommandList;
    f->pfnRecycleCreateDeferredContext = stub_RecycleCreateDeferredContext;
    f->pfnRecycleDestroyCommandList = stub_RecycleDestroyCommandList;
}
