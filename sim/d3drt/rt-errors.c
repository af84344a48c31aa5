/* SPDX-License-Identifier: MIT */
/*
 * The runtime's categories, rule by rule. Each rule names the pages it was
 * read from; the families follow the wording those pages share:
 * "The driver should not encounter any error, except for
 * D3DDDIERR_DEVICEREMOVED" (AllowDeviceRemoved), "... E_OUTOFMEMORY ..."
 * (AllowOutOfMemory), no remark on errors at all (NoErrors).
 */
#include <stdbool.h>
#include <string.h>

#include "rt-errors.h"

static bool is(const char *name, const char *const *list)
{
    for (; *list; list++) {
        if (strcmp(name, *list) == 0) {
            return true;
        }
    }
    return false;
}

static bool starts(const char *name, const char *prefix)
{
    return strncmp(name, prefix, strlen(prefix)) == 0;
}

static bool ends(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);
    return n >= s && strcmp(name + n - s, suffix) == 0;
}

/* Functions that return their HRESULT instead of calling pfnSetErrorCb:
 * the adapter functions (OpenAdapter10, OpenAdapter10_2, CalcPrivateDeviceSize,
 * CreateDevice, CloseAdapter, GetSupportedVersions, GetCaps pages), the
 * DXGI_DDI_BASE_FUNCTIONS (pfnPresent, pfnBlt, ... pages: "returns S_OK,
 * or an error code"), RecycleCreateCommandList and
 * RecycleCreateDeferredContext (their pages: return HRESULT). */
static const char *const returns_hresult[] = {
    "OpenAdapter10", "OpenAdapter10_2", "CalcPrivateDeviceSize", "CreateDevice",
    "CloseAdapter", "GetSupportedVersions", "GetCaps", "RecycleCreateCommandList",
    "RecycleCreateDeferredContext", NULL,
};

/* No error may be passed: ResourceIsStagingBusy ("should not encounter any
 * errors"), RelocateDeviceFuncs, the read-after-write hazard notifications,
 * AbandonCommandList, RecycleCommandList, RecycleDestroyCommandList (pages
 * without an error remark). CheckMultisampleQualityLevels' page allows
 * E_INVALIDARG for a format or pointer the runtime never passes here. */
static const char *const no_errors[] = {
    "ResourceIsStagingBusy", "RelocateDeviceFuncs", "AbandonCommandList",
    "RecycleCommandList", "RecycleDestroyCommandList", NULL,
};

D3D_UMDDI_ERROR_CATEGORY rt_ddi_category(const char *name, UINT ctx)
{
    if (is(name, returns_hresult) || starts(name, "Dxgi")) {
        return D3D_UMDDI_ERRCAT_RETURNS_HRESULT;
    }
    /* CheckCounter page: DXGI_DDI_ERR_UNSUPPORTED for a well-known counter,
     * E_INVALIDARG for a device-dependent one */
    if (strcmp(name, "CheckCounter") == 0) {
        return (ctx & RT_ERRCTX_DD_COUNTER) ? D3D_UMDDI_ERRCAT_ALLOW_DD_CHECK_COUNTER_ERRORS
                                            : D3D_UMDDI_ERRCAT_ALLOW_WK_CHECK_COUNTER_ERRORS;
    }
    /* CreateQuery page: E_OUTOFMEMORY, DXGI_DDI_ERR_NONEXCLUSIVE */
    if (strcmp(name, "CreateQuery") == 0) {
        return D3D_UMDDI_ERRCAT_ALLOW_COUNTER_CREATION_ERRORS;
    }
    /* QueryGetData page: DXGI_DDI_ERR_WASSTILLDRAWING, DEVICEREMOVED */
    if (strcmp(name, "QueryGetData") == 0) {
        return D3D_UMDDI_ERRCAT_ALLOW_GET_DATA_ERRORS;
    }
    /* ResourceMap and the specialized maps (StagingResourceMap,
     * Dynamic*MapDiscard, DynamicIABufferMapNoOverwrite pages): E_OUTOFMEMORY,
     * DXGI_DDI_ERR_WASSTILLDRAWING, DEVICEREMOVED */
    if (strstr(name, "Map") && !strstr(name, "Unmap")) {
        return D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS;
    }
    /* CalcPrivate*Size, Calc*HandleSize, Check* (CheckFormatSupport,
     * CheckCounterInfo, CheckDeferredContextHandleSizes ...) and the
     * *Hazard notifications: no error remark */
    if (is(name, no_errors) || starts(name, "Calc") || starts(name, "Check") ||
        ends(name, "Hazard")) {
        return D3D_UMDDI_ERRCAT_NO_ERRORS;
    }
    /* Create* and OpenResource pages: E_OUTOFMEMORY (CreateResource also
     * DXGI_DDI_ERR_UNSUPPORTED, outside the category helper) */
    if (starts(name, "Create") || strcmp(name, "OpenResource") == 0) {
        return D3D_UMDDI_ERRCAT_ALLOW_OUT_OF_MEMORY;
    }
    /* Everything else: Set*, *Set*, Destroy*, Draw*, Dispatch*, Clear*,
     * Copy*, Resource{Copy,CopyRegion,Resolve,UpdateSubresourceUP,Unmap,
     * Convert*}, Query{Begin,End}, Flush, GenMips, CommandListExecute,
     * Dynamic*Unmap, StagingResourceUnmap, SetTextFilterSize, SetPredication
     * pages: "should not encounter any error, except for
     * D3DDDIERR_DEVICEREMOVED" */
    return D3D_UMDDI_ERRCAT_ALLOW_DEVICE_REMOVED;
}
