/* SPDX-License-Identifier: MIT */
/*
 * The UMD's one table of its DDI functions: name and pfnSetErrorCb error
 * category (d3d_umddi_errors.h) of every function of the adapter, the
 * D3D10.0/10.1/11.0 device tables and the DXGI base table, shared with
 * winsim's runtime simulator, which checks every pfnSetErrorCb against it.
 *
 * Categories are read from each function's reference page ("The driver
 * should not encounter any error, except for D3DDDIERR_DEVICEREMOVED" =
 * AllowDeviceRemoved, etc.). Pages checked while writing this: ResourceMap
 * (AllowMapErrors), ResourceUnmap, [Default]ResourceUpdateSubresourceUP,
 * ResourceCopy, Flush, DestroyDevice, DestroyResource, the
 * *SetConstantBuffers and *SetShaderResources families, SetRasterizerState
 * (AllowDeviceRemoved), CreateResource and CreateShaderResourceView
 * (AllowOutOfMemory; CreateResource may also pass DXGI_DDI_ERR_UNSUPPORTED,
 * which the category helper does not allow: the UMD never uses it),
 * ResourceIsStagingBusy ("should not encounter any errors": NoErrors),
 * CalcPrivate*Size (return a size, no error remark: NoErrors),
 * CheckMultisampleQualityLevels (may pass E_INVALIDARG for a bad format or
 * NULL pointer: kept NoErrors here, stricter than the page, as the UMD never
 * does). The others follow their family (every Set* and Destroy*:
 * AllowDeviceRemoved; Create*: AllowOutOfMemory; CreateQuery:
 * AllowCounterCreationErrors; QueryGetData: AllowGetDataErrors; Draw*,
 * Dispatch*, Clear*, Copy*, Query Begin/End: AllowDeviceRemoved; Check*,
 * hazards, RelocateDeviceFuncs, deferred-context queries: NoErrors;
 * CheckCounter: AllowWKCheckCounterErrors, or AllowDDCheckCounterErrors for
 * device-dependent counters): UNVERIFIED for those pages.
 */
#ifndef SABLE_UMD_ERRORS_H
#define SABLE_UMD_ERRORS_H

#include "wddm_umd.h"

#define UMD_NO  D3D_UMDDI_ERRCAT_NO_ERRORS
#define UMD_ADR D3D_UMDDI_ERRCAT_ALLOW_DEVICE_REMOVED
#define UMD_OOM D3D_UMDDI_ERRCAT_ALLOW_OUT_OF_MEMORY
#define UMD_CCE D3D_UMDDI_ERRCAT_ALLOW_COUNTER_CREATION_ERRORS
#define UMD_MAP D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS
#define UMD_GDE D3D_UMDDI_ERRCAT_ALLOW_GET_DATA_ERRORS
#define UMD_WKC D3D_UMDDI_ERRCAT_ALLOW_WK_CHECK_COUNTER_ERRORS
#define UMD_HR  D3D_UMDDI_ERRCAT_RETURNS_HRESULT

/* X(name, category): device-table slots in D3D11DDI_DEVICEFUNCS order, then
 * the adapter and DXGI functions. */
#define UMD_DDI_LIST(X) \
    X(DefaultConstantBufferUpdateSubresourceUP, UMD_ADR) \
    X(VsSetConstantBuffers, UMD_ADR) \
    X(PsSetShaderResources, UMD_ADR) \
    X(PsSetShader, UMD_ADR) \
    X(PsSetSamplers, UMD_ADR) \
    X(VsSetShader, UMD_ADR) \
    X(DrawIndexed, UMD_ADR) \
    X(Draw, UMD_ADR) \
    X(DynamicIABufferMapNoOverwrite, UMD_MAP) \
    X(DynamicIABufferUnmap, UMD_ADR) \
    X(DynamicConstantBufferMapDiscard, UMD_MAP) \
    X(DynamicIABufferMapDiscard, UMD_MAP) \
    X(DynamicConstantBufferUnmap, UMD_ADR) \
    X(PsSetConstantBuffers, UMD_ADR) \
    X(IaSetInputLayout, UMD_ADR) \
    X(IaSetVertexBuffers, UMD_ADR) \
    X(IaSetIndexBuffer, UMD_ADR) \
    X(DrawIndexedInstanced, UMD_ADR) \
    X(DrawInstanced, UMD_ADR) \
    X(DynamicResourceMapDiscard, UMD_MAP) \
    X(DynamicResourceUnmap, UMD_ADR) \
    X(GsSetConstantBuffers, UMD_ADR) \
    X(GsSetShader, UMD_ADR) \
    X(IaSetTopology, UMD_ADR) \
    X(StagingResourceMap, UMD_MAP) \
    X(StagingResourceUnmap, UMD_ADR) \
    X(VsSetShaderResources, UMD_ADR) \
    X(VsSetSamplers, UMD_ADR) \
    X(GsSetShaderResources, UMD_ADR) \
    X(GsSetSamplers, UMD_ADR) \
    X(SetRenderTargets, UMD_ADR) \
    X(ShaderResourceViewReadAfterWriteHazard, UMD_NO) \
    X(ResourceReadAfterWriteHazard, UMD_NO) \
    X(SetBlendState, UMD_ADR) \
    X(SetDepthStencilState, UMD_ADR) \
    X(SetRasterizerState, UMD_ADR) \
    X(QueryEnd, UMD_ADR) \
    X(QueryBegin, UMD_ADR) \
    X(ResourceCopyRegion, UMD_ADR) \
    X(ResourceUpdateSubresourceUP, UMD_ADR) \
    X(SoSetTargets, UMD_ADR) \
    X(DrawAuto, UMD_ADR) \
    X(SetViewports, UMD_ADR) \
    X(SetScissorRects, UMD_ADR) \
    X(ClearRenderTargetView, UMD_ADR) \
    X(ClearDepthStencilView, UMD_ADR) \
    X(SetPredication, UMD_ADR) \
    X(QueryGetData, UMD_GDE) \
    X(Flush, UMD_ADR) \
    X(GenMips, UMD_ADR) \
    X(ResourceCopy, UMD_ADR) \
    X(ResourceResolveSubresource, UMD_ADR) \
    X(ResourceMap, UMD_MAP) \
    X(ResourceUnmap, UMD_ADR) \
    X(ResourceIsStagingBusy, UMD_NO) \
    X(RelocateDeviceFuncs, UMD_NO) \
    X(CalcPrivateResourceSize, UMD_NO) \
    X(CalcPrivateOpenedResourceSize, UMD_NO) \
    X(CreateResource, UMD_OOM) \
    X(OpenResource, UMD_OOM) \
    X(DestroyResource, UMD_ADR) \
    X(CalcPrivateShaderResourceViewSize, UMD_NO) \
    X(CreateShaderResourceView, UMD_OOM) \
    X(DestroyShaderResourceView, UMD_ADR) \
    X(CalcPrivateRenderTargetViewSize, UMD_NO) \
    X(CreateRenderTargetView, UMD_OOM) \
    X(DestroyRenderTargetView, UMD_ADR) \
    X(CalcPrivateDepthStencilViewSize, UMD_NO) \
    X(CreateDepthStencilView, UMD_OOM) \
    X(DestroyDepthStencilView, UMD_ADR) \
    X(CalcPrivateElementLayoutSize, UMD_NO) \
    X(CreateElementLayout, UMD_OOM) \
    X(DestroyElementLayout, UMD_ADR) \
    X(CalcPrivateBlendStateSize, UMD_NO) \
    X(CreateBlendState, UMD_OOM) \
    X(DestroyBlendState, UMD_ADR) \
    X(CalcPrivateDepthStencilStateSize, UMD_NO) \
    X(CreateDepthStencilState, UMD_OOM) \
    X(DestroyDepthStencilState, UMD_ADR) \
    X(CalcPrivateRasterizerStateSize, UMD_NO) \
    X(CreateRasterizerState, UMD_OOM) \
    X(DestroyRasterizerState, UMD_ADR) \
    X(CalcPrivateShaderSize, UMD_NO) \
    X(CreateVertexShader, UMD_OOM) \
    X(CreateGeometryShader, UMD_OOM) \
    X(CreatePixelShader, UMD_OOM) \
    X(CalcPrivateGeometryShaderWithStreamOutput, UMD_NO) \
    X(CreateGeometryShaderWithStreamOutput, UMD_OOM) \
    X(DestroyShader, UMD_ADR) \
    X(CalcPrivateSamplerSize, UMD_NO) \
    X(CreateSampler, UMD_OOM) \
    X(DestroySampler, UMD_ADR) \
    X(CalcPrivateQuerySize, UMD_NO) \
    X(CreateQuery, UMD_CCE) \
    X(DestroyQuery, UMD_ADR) \
    X(CheckFormatSupport, UMD_NO) \
    X(CheckMultisampleQualityLevels, UMD_NO) \
    X(CheckCounterInfo, UMD_NO) \
    X(CheckCounter, UMD_WKC) \
    X(DestroyDevice, UMD_ADR) \
    X(SetTextFilterSize, UMD_ADR) \
    X(ResourceConvert, UMD_ADR) \
    X(ResourceConvertRegion, UMD_ADR) \
    X(DrawIndexedInstancedIndirect, UMD_ADR) \
    X(DrawInstancedIndirect, UMD_ADR) \
    X(CommandListExecute, UMD_ADR) \
    X(HsSetShaderResources, UMD_ADR) \
    X(HsSetShader, UMD_ADR) \
    X(HsSetSamplers, UMD_ADR) \
    X(HsSetConstantBuffers, UMD_ADR) \
    X(DsSetShaderResources, UMD_ADR) \
    X(DsSetShader, UMD_ADR) \
    X(DsSetSamplers, UMD_ADR) \
    X(DsSetConstantBuffers, UMD_ADR) \
    X(CreateHullShader, UMD_OOM) \
    X(CreateDomainShader, UMD_OOM) \
    X(CheckDeferredContextHandleSizes, UMD_NO) \
    X(CalcDeferredContextHandleSize, UMD_NO) \
    X(CalcPrivateDeferredContextSize, UMD_NO) \
    X(CreateDeferredContext, UMD_OOM) \
    X(AbandonCommandList, UMD_NO) \
    X(CalcPrivateCommandListSize, UMD_NO) \
    X(CreateCommandList, UMD_OOM) \
    X(DestroyCommandList, UMD_ADR) \
    X(CalcPrivateTessellationShaderSize, UMD_NO) \
    X(PsSetShaderWithIfaces, UMD_ADR) \
    X(VsSetShaderWithIfaces, UMD_ADR) \
    X(GsSetShaderWithIfaces, UMD_ADR) \
    X(HsSetShaderWithIfaces, UMD_ADR) \
    X(DsSetShaderWithIfaces, UMD_ADR) \
    X(CsSetShaderWithIfaces, UMD_ADR) \
    X(CreateComputeShader, UMD_OOM) \
    X(CsSetShader, UMD_ADR) \
    X(CsSetShaderResources, UMD_ADR) \
    X(CsSetSamplers, UMD_ADR) \
    X(CsSetConstantBuffers, UMD_ADR) \
    X(CalcPrivateUnorderedAccessViewSize, UMD_NO) \
    X(CreateUnorderedAccessView, UMD_OOM) \
    X(DestroyUnorderedAccessView, UMD_ADR) \
    X(ClearUnorderedAccessViewUint, UMD_ADR) \
    X(ClearUnorderedAccessViewFloat, UMD_ADR) \
    X(CsSetUnorderedAccessViews, UMD_ADR) \
    X(Dispatch, UMD_ADR) \
    X(DispatchIndirect, UMD_ADR) \
    X(SetResourceMinLOD, UMD_ADR) \
    X(CopyStructureCount, UMD_ADR) \
    X(RecycleCommandList, UMD_NO) \
    X(RecycleCreateCommandList, UMD_HR) \
    X(RecycleCreateDeferredContext, UMD_HR) \
    X(RecycleDestroyCommandList, UMD_NO) \
    X(OpenAdapter10, UMD_HR) \
    X(OpenAdapter10_2, UMD_HR) \
    X(CalcPrivateDeviceSize, UMD_HR) \
    X(CreateDevice, UMD_HR) \
    X(CloseAdapter, UMD_HR) \
    X(GetSupportedVersions, UMD_HR) \
    X(GetCaps, UMD_HR) \
    X(DxgiPresent, UMD_HR) \
    X(DxgiGetGammaCaps, UMD_HR) \
    X(DxgiSetDisplayMode, UMD_HR) \
    X(DxgiSetResourcePriority, UMD_HR) \
    X(DxgiQueryResourceResidency, UMD_HR) \
    X(DxgiRotateResourceIdentities, UMD_HR) \
    X(DxgiBlt, UMD_HR)

typedef enum UmdDdi {
#define UMD_DDI_ENUM(name, cat) UMD_DDI_##name,
    UMD_DDI_LIST(UMD_DDI_ENUM)
#undef UMD_DDI_ENUM
    UMD_DDI_COUNT
} UmdDdi;

/* Context bits beyond D3D_UMDDI_ERRCTX_*: CheckCounter on a
 * device-dependent counter (AllowDDCheckCounterErrors). */
#define UMD_ERRCTX_DD_COUNTER 0x100u

const char *umd_ddi_name(UmdDdi ddi);
/* The category of `ddi` in the context `ctx` (UMD_ERRCTX_DD_COUNTER). */
D3D_UMDDI_ERROR_CATEGORY umd_ddi_category(UmdDdi ddi, UINT ctx);
/* May `ddi` pass `hr` to pfnSetErrorCb in context `ctx`? */
int umd_ddi_error_allowed(UmdDdi ddi, HRESULT hr, UINT ctx);

#endif
