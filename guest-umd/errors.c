/* SPDX-License-Identifier: MIT */
/* The DDI -> error category table (umd_errors.h) and the UMD's one error
 * helper (umd_error, umd.h). */
#include "umd.h"

static const struct {
    const char *name;
    D3D_UMDDI_ERROR_CATEGORY cat;
} ddi_table[UMD_DDI_COUNT] = {
#define UMD_DDI_ROW(name, cat) { #name, cat },
    UMD_DDI_LIST(UMD_DDI_ROW)
#undef UMD_DDI_ROW
};

const char *umd_ddi_name(UmdDdi ddi)
{
    return (unsigned)ddi < UMD_DDI_COUNT ? ddi_table[ddi].name : "?";
}

D3D_UMDDI_ERROR_CATEGORY umd_ddi_category(UmdDdi ddi, UINT ctx)
{
    if ((unsigned)ddi >= UMD_DDI_COUNT) {
        return D3D_UMDDI_ERRCAT_RETURNS_HRESULT;
    }
    if (ddi == UMD_DDI_CheckCounter && (ctx & UMD_ERRCTX_DD_COUNTER)) {
        return D3D_UMDDI_ERRCAT_ALLOW_DD_CHECK_COUNTER_ERRORS;
    }
    return ddi_table[ddi].cat;
}

int umd_ddi_error_allowed(UmdDdi ddi, HRESULT hr, UINT ctx)
{
    return d3d_umddi_error_allowed(umd_ddi_category(ddi, ctx), hr, ctx);
}

/* The only place the UMD calls pfnSetErrorCb, as close to the point of
 * detection as it gets (Microsoft's "Handling Errors" page for the D3D10
 * DDI): a code the DDI's category allows is passed as it is; any other
 * failure is passed all the same, since absorbing a critical error "would
 * be even worse" (the runtime logs it and removes the device), and the
 * device is marked lost. D3DDDIERR_DEVICEREMOVED is the device's state,
 * not a driver error: a DDI whose category does not allow it leaves it to
 * the first later function that does (umd_check_lost). Functions that
 * return their HRESULT report nothing here (umd_return). */
void umd_error(UmdDevice *d, UmdDdi ddi, HRESULT hr, UINT ctx)
{
    if (!FAILED(hr)) {
        return;
    }
    bool allowed = umd_ddi_error_allowed(ddi, hr, ctx);
    if ((hr == D3DDDIERR_DEVICEREMOVED || !allowed) && !d->lost) {
        d->lost = true;
        d->lost_reason = hr;
        d->lost_ddi = ddi;
    }
    if ((hr == D3DDDIERR_DEVICEREMOVED && !allowed) ||
        umd_ddi_category(ddi, ctx) == D3D_UMDDI_ERRCAT_RETURNS_HRESULT) {
        return;
    }
    umd_set_error_cb(d, hr);
    d->errors_reported++;
}

/* Functions that return their HRESULT (the DXGI base functions) report
 * through the return value, never pfnSetErrorCb: D3DDDIERR_DEVICEREMOVED
 * marks the device lost (umd_error passes nothing for their category);
 * other codes are returned as they are. */
HRESULT umd_return(UmdDevice *d, UmdDdi ddi, HRESULT hr)
{
    if (hr == D3DDDIERR_DEVICEREMOVED) {
        umd_error(d, ddi, hr, 0);
    }
    return hr;
}

bool umd_check_lost(UmdDevice *d, UmdDdi ddi)
{
    if (!d->lost) {
        return false;
    }
    if (umd_ddi_error_allowed(ddi, D3DDDIERR_DEVICEREMOVED, 0)) {
        umd_set_error_cb(d, D3DDDIERR_DEVICEREMOVED);
        d->errors_reported++;
    }
    return true;
}

/* A function not implemented yet: the code its category allows for "cannot
 * do this" (E_OUTOFMEMORY for creation, DXGI_DDI_ERR_UNSUPPORTED for a
 * well-known counter, E_INVALIDARG for a device-dependent one); for the
 * others the device is lost (umd_error). Functions that return an HRESULT
 * get E_NOTIMPL back to return (d may be NULL for them); the others S_OK. */
HRESULT umd_unsupported(UmdDevice *d, UmdDdi ddi, UINT ctx)
{
    D3D_UMDDI_ERROR_CATEGORY cat = umd_ddi_category(ddi, ctx);
    if (cat == D3D_UMDDI_ERRCAT_RETURNS_HRESULT) {
        if (d) {
            d->unsupported_calls++;
            d->last_unsupported = ddi;
        }
        return E_NOTIMPL;
    }
    d->unsupported_calls++;
    d->last_unsupported = ddi;
    switch (cat) {
    case D3D_UMDDI_ERRCAT_ALLOW_OUT_OF_MEMORY:
    case D3D_UMDDI_ERRCAT_ALLOW_COUNTER_CREATION_ERRORS:
        umd_error(d, ddi, E_OUTOFMEMORY, ctx);
        break;
    case D3D_UMDDI_ERRCAT_ALLOW_WK_CHECK_COUNTER_ERRORS:
        umd_error(d, ddi, DXGI_DDI_ERR_UNSUPPORTED, ctx);
        break;
    case D3D_UMDDI_ERRCAT_ALLOW_DD_CHECK_COUNTER_ERRORS:
        umd_error(d, ddi, E_INVALIDARG, ctx);
        break;
    default:
        umd_error(d, ddi, E_NOTIMPL, ctx);
        break;
    }
    return S_OK;
}
