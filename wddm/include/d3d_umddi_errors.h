/* SPDX-License-Identifier: MIT */
/*
 * Sable: the error categories of the Direct3D 10/11 user-mode DDI -- which
 * HRESULT a driver function may pass to pfnSetErrorCb -- as data for the UMD's
 * error helper and for winsim's runtime checks.
 *
 * Source: the display design guide page "Handling Errors"
 * (learn.microsoft.com/windows-hardware/drivers/display/handling-errors) and
 * the pfnSetErrorCb / per-function reference pages.  Quotes:
 *
 *   "The reference page for each user-mode display driver function specifies
 *    the errors that the function can pass through a call to pfnSetErrorCb.
 *    This means that if the user-mode display driver calls pfnSetErrorCb with
 *    an error code that is not allowed for the current user-mode display
 *    driver function, the runtime determines that the error condition is
 *    critical and acts appropriately."
 *
 *   "... the runtime determines that S_OK is just as invalid or critical as
 *    E_FAIL. The concept of an S_OK return code is equivalent to the user-mode
 *    display driver function not calling pfnSetErrorCb at all."
 *
 *   "If the Direct3D runtime determines that an error condition is critical,
 *    it will first take action by logging the error with Dr. Watson ... The
 *    runtime will then lose the device on purpose, thereby emulating the
 *    scenario of receiving the D3DDDIERR_DEVICEREMOVED error code."
 *
 * The function -> category mapping belongs to the UMD (one table, shared with
 * winsim); only the categories and their rules live here.  Functions that
 * return an HRESULT themselves (OpenAdapter10[_2], CreateDevice,
 * CloseAdapter, GetSupportedVersions, GetCaps, the DXGI base functions) report
 * through their return value, not pfnSetErrorCb: D3D_UMDDI_ERRCAT_RETURNS_HRESULT.
 */
#ifndef SABLE_D3D_UMDDI_ERRORS_H
#define SABLE_D3D_UMDDI_ERRORS_H

#include "d3d10_umddi_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum D3D_UMDDI_ERROR_CATEGORY {
    /* "NoErrors: The driver should not encounter any errors, including
     *  D3DDDIERR_DEVICEREMOVED. The runtime will determine that any call to
     *  pfnSetErrorCb is critical." */
    D3D_UMDDI_ERRCAT_NO_ERRORS = 0,

    /* "AllowDeviceRemoved: The driver should not encounter any errors, except
     *  for D3DDDIERR_DEVICEREMOVED. ... The driver is not required to return
     *  DEVICEREMOVED if the device has been removed. However, the runtime
     *  allows the driver to return DEVICEREMOVED, in case DEVICEREMOVED
     *  interfered with the driver function, which typically should not
     *  happen."  (E.g. DestroyDevice: "The driver should not encounter any
     *  errors, except for D3DDDIERR_DEVICEREMOVED.") */
    D3D_UMDDI_ERRCAT_ALLOW_DEVICE_REMOVED = 1,

    /* "AllowOutOfMemory: The driver can possibly run out of memory. Therefore,
     *  the driver can pass E_OUTOFMEMORY and D3DDDIERR_DEVICEREMOVED through
     *  pfnSetErrorCb. The runtime will determine that any other error codes
     *  are critical." */
    D3D_UMDDI_ERRCAT_ALLOW_OUT_OF_MEMORY = 2,

    /* "AllowCounterCreationErrors: ... the driver can pass E_OUTOFMEMORY,
     *  DXGI_DDI_ERR_NONEXCLUSIVE, and D3DDDIERR_DEVICEREMOVED through
     *  pfnSetErrorCb." */
    D3D_UMDDI_ERRCAT_ALLOW_COUNTER_CREATION_ERRORS = 3,

    /* "AllowMapErrors: The driver should check for resource contention.
     *  Therefore, the driver can pass DXGI_DDI_ERR_WASSTILLDRAWING through
     *  pfnSetErrorCb if the D3D10_DDI_MAP_FLAG_DONOTWAIT flag was passed into
     *  the driver's ResourceMap function. The driver can also pass
     *  D3DDDIERR_DEVICEREMOVED through pfnSetErrorCb." */
    D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS = 4,

    /* "AllowGetDataErrors: The driver should check for query completion.
     *  Therefore, the driver can pass DXGI_DDI_ERR_WASSTILLDRAWING through
     *  pfnSetErrorCb if the query has not finished yet. The driver can also
     *  pass D3DDDIERR_DEVICEREMOVED through pfnSetErrorCb." */
    D3D_UMDDI_ERRCAT_ALLOW_GET_DATA_ERRORS = 5,

    /* "AllowWKCheckCounterErrors: The driver's CheckCounter function should
     *  indicate whether it supports any runtime-defined counters. Therefore,
     *  the driver can pass DXGI_DDI_ERR_UNSUPPORTED through pfnSetErrorCb.
     *  ... The driver cannot return D3DDDIERR_DEVICEREMOVED for any check-type
     *  function." */
    D3D_UMDDI_ERRCAT_ALLOW_WK_CHECK_COUNTER_ERRORS = 6,

    /* "AllowDDCheckCounterErrors: The driver should validate the
     *  device-dependent counter identifier ... The driver can pass
     *  E_INVALIDARG through pfnSetErrorCb, when the parameters are incorrect in
     *  this way. The driver cannot return D3DDDIERR_DEVICEREMOVED for any
     *  check-type function." */
    D3D_UMDDI_ERRCAT_ALLOW_DD_CHECK_COUNTER_ERRORS = 7,

    /* Sable's own label (not a documented category): the function returns an
     * HRESULT and must not call pfnSetErrorCb at all. */
    D3D_UMDDI_ERRCAT_RETURNS_HRESULT = 8,

    D3D_UMDDI_ERRCAT_COUNT = 9
} D3D_UMDDI_ERROR_CATEGORY;

/* Context the rules depend on. */
#define D3D_UMDDI_ERRCTX_MAP_DONOTWAIT 0x1u /* Map was called with D3D10_DDI_MAP_FLAG_DONOTWAIT */

/* May a function of category `cat` pass `hr` to pfnSetErrorCb?  `ctx` carries
 * D3D_UMDDI_ERRCTX_* bits.  S_OK (and any success code) is never allowed. */
static inline int d3d_umddi_error_allowed(D3D_UMDDI_ERROR_CATEGORY cat, HRESULT hr, UINT ctx)
{
    if (!FAILED(hr))
        return 0;
    switch (cat) {
    case D3D_UMDDI_ERRCAT_NO_ERRORS:
        return 0;
    case D3D_UMDDI_ERRCAT_ALLOW_DEVICE_REMOVED:
        return hr == D3DDDIERR_DEVICEREMOVED;
    case D3D_UMDDI_ERRCAT_ALLOW_OUT_OF_MEMORY:
        return hr == E_OUTOFMEMORY || hr == D3DDDIERR_DEVICEREMOVED;
    case D3D_UMDDI_ERRCAT_ALLOW_COUNTER_CREATION_ERRORS:
        return hr == E_OUTOFMEMORY || hr == DXGI_DDI_ERR_NONEXCLUSIVE ||
               hr == D3DDDIERR_DEVICEREMOVED;
    case D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS:
        return hr == D3DDDIERR_DEVICEREMOVED ||
               (hr == DXGI_DDI_ERR_WASSTILLDRAWING && (ctx & D3D_UMDDI_ERRCTX_MAP_DONOTWAIT));
    case D3D_UMDDI_ERRCAT_ALLOW_GET_DATA_ERRORS:
        return hr == DXGI_DDI_ERR_WASSTILLDRAWING || hr == D3DDDIERR_DEVICEREMOVED;
    case D3D_UMDDI_ERRCAT_ALLOW_WK_CHECK_COUNTER_ERRORS:
        return hr == DXGI_DDI_ERR_UNSUPPORTED;
    case D3D_UMDDI_ERRCAT_ALLOW_DD_CHECK_COUNTER_ERRORS:
        return hr == E_INVALIDARG;
    case D3D_UMDDI_ERRCAT_RETURNS_HRESULT:
    case D3D_UMDDI_ERRCAT_COUNT:
    default:
        return 0;
    }
}

/* Does the category allow D3DDDIERR_DEVICEREMOVED (what the UMD reports after
 * a TDR "where allowed")? */
static inline int d3d_umddi_error_allows_device_removed(D3D_UMDDI_ERROR_CATEGORY cat)
{
    return d3d_umddi_error_allowed(cat, D3DDDIERR_DEVICEREMOVED, 0);
}

static inline const char *d3d_umddi_error_category_name(D3D_UMDDI_ERROR_CATEGORY cat)
{
    switch (cat) {
    case D3D_UMDDI_ERRCAT_NO_ERRORS: return "NoErrors";
    case D3D_UMDDI_ERRCAT_ALLOW_DEVICE_REMOVED: return "AllowDeviceRemoved";
    case D3D_UMDDI_ERRCAT_ALLOW_OUT_OF_MEMORY: return "AllowOutOfMemory";
    case D3D_UMDDI_ERRCAT_ALLOW_COUNTER_CREATION_ERRORS: return "AllowCounterCreationErrors";
    case D3D_UMDDI_ERRCAT_ALLOW_MAP_ERRORS: return "AllowMapErrors";
    case D3D_UMDDI_ERRCAT_ALLOW_GET_DATA_ERRORS: return "AllowGetDataErrors";
    case D3D_UMDDI_ERRCAT_ALLOW_WK_CHECK_COUNTER_ERRORS: return "AllowWKCheckCounterErrors";
    case D3D_UMDDI_ERRCAT_ALLOW_DD_CHECK_COUNTER_ERRORS: return "AllowDDCheckCounterErrors";
    case D3D_UMDDI_ERRCAT_RETURNS_HRESULT: return "ReturnsHRESULT";
    case D3D_UMDDI_ERRCAT_COUNT:
    default: return "?";
    }
}

#ifdef __cplusplus
}
#endif

#endif /* SABLE_D3D_UMDDI_ERRORS_H */
