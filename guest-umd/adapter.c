/* SPDX-License-Identifier: MIT */
/* OpenAdapter10 / OpenAdapter10_2 and the adapter functions. */
#include <stdlib.h>
#include <string.h>

#include "umd.h"

/* Oldest first: runtime_accepted compares with the first entry. */
static const UINT64 supported_versions[SABLE_UMD_VERSION_COUNT] = {
    D3D10_0_DDI_SUPPORTED, D3D10_1_DDI_SUPPORTED, D3D11_0_DDI_SUPPORTED,
};

/* The build number the UMD advertises for `interface_version`; 0 (no
 * listed build is 0) if it does not list that interface. */
static UINT advertised_build(UINT interface_version)
{
    for (unsigned i = 0; i < SABLE_UMD_VERSION_COUNT; i++) {
        if (D3D10_DDI_SUPPORTED_INTERFACE(supported_versions[i]) == interface_version) {
            return (UINT)((supported_versions[i] >> 16) & 0xffffu);
        }
    }
    return 0;
}

/* CreateDevice: an interface the UMD lists, at the build it advertised or a
 * newer one (the driver "is required only to monitor the high 16 bits" of
 * Version, and must not fail a newer runtime). */
static bool version_known(UINT interface_version, UINT version)
{
    UINT build = advertised_build(interface_version);
    return build != 0 && D3D10_DDI_VERSION_BUILD(version) >= build;
}

/* OpenAdapter: "Initializing Communication with the Direct3D Version 10
 * DDI" -- the driver "must not fail newer versions of the runtime because
 * newer runtime versions can use previous DDI versions".  OpenAdapter10 is
 * the D3D10 runtimes' entry: any 10.x at least as new as 10.0.
 * OpenAdapter10_2 takes any runtime at least as new as the oldest interface
 * listed (the Interface is major << 16 | minor, so newer compares greater);
 * that runtime then picks a version for CreateDevice from
 * GetSupportedVersions.  Older runtimes are refused. */
static bool runtime_accepted(UINT interface_version, bool v2)
{
    if (!v2) {
        return D3D10_DDI_INTERFACE_MAJOR(interface_version) == D3D10_DDI_MAJOR_VERSION &&
               interface_version >= D3D10_0_DDI_INTERFACE_VERSION;
    }
    return interface_version >= D3D10_DDI_SUPPORTED_INTERFACE(supported_versions[0]);
}

/* The KMD's UMDRIVERPRIVATE: a version this UMD understands, an ABI major
 * it was written for, and the features it relies on. */
HRESULT umd_adapter_query(UmdAdapter *a)
{
    if (!a->cb || !a->cb->pfnQueryAdapterInfoCb) {
        return E_INVALIDARG;
    }
    struct sable_umd_private p;
    memset(&p, 0, sizeof(p));
    D3DDDICB_QUERYADAPTERINFO q = { .pPrivateDriverData = &p, .PrivateDriverDataSize = sizeof(p) };
    HRESULT hr = a->cb->pfnQueryAdapterInfoCb(a->rt.handle, &q);
    if (FAILED(hr)) {
        return hr;
    }
    if (p.magic != SABLE_UMD_PRIVATE_MAGIC || p.version < SABLE_UMD_PRIVATE_VERSION ||
        p.size < sizeof(p) || SABLE_ABI_VERSION_MAJOR(p.abi_version) != SABLE_ABI_MAJOR ||
        (p.kmd_features & (SABLE_KMD_F_ALLOCATIONS | SABLE_KMD_F_RENDER)) !=
            (SABLE_KMD_F_ALLOCATIONS | SABLE_KMD_F_RENDER) ||
        p.node_count < 1) {
        return E_FAIL;
    }
    a->priv = p;
    return S_OK;
}

static SIZE_T WDDM_API calc_private_device_size(D3D10DDI_HADAPTER h,
                                                const D3D10DDIARG_CALCPRIVATEDEVICESIZE *c)
{
    return sizeof(UmdDevice);
}

static HRESULT WDDM_API create_device(D3D10DDI_HADAPTER h, D3D10DDIARG_CREATEDEVICE *c)
{
    UmdAdapter *a = h.pDrvPrivate;
    if (!a || !c || !c->hDrvDevice.pDrvPrivate || !version_known(c->Interface, c->Version)) {
        return E_INVALIDARG;
    }
    /* The D3D11 runtime passes the pipeline level it chose from GetCaps. */
    if (D3D10_DDI_INTERFACE_MAJOR(c->Interface) == D3D11_DDI_MAJOR_VERSION &&
        !(umd_pipeline_levels() & D3D11DDI_ENCODE_3DPIPELINESUPPORT_CAP(
                                      D3D11DDI_EXTRACT_3DPIPELINELEVEL_FROM_FLAGS(c->Flags)))) {
        return E_INVALIDARG;
    }
    return umd_device_create(a, c);
}

static HRESULT WDDM_API close_adapter(D3D10DDI_HADAPTER h)
{
    free(h.pDrvPrivate);
    return S_OK;
}

/* *puEntries in: room in the array (ignored when the array is NULL), out:
 * entries the UMD has. */
static HRESULT WDDM_API get_supported_versions(D3D10DDI_HADAPTER h, UINT32 *entries, UINT64 *out)
{
    if (!entries) {
        return E_INVALIDARG;
    }
    if (out) {
        if (*entries < SABLE_UMD_VERSION_COUNT) {
            *entries = SABLE_UMD_VERSION_COUNT;
            return E_OUTOFMEMORY;
        }
        memcpy(out, supported_versions, sizeof(supported_versions));
    }
    *entries = SABLE_UMD_VERSION_COUNT;
    return S_OK;
}

/* The D3D11 caps (D3D11DDI_THREADING_CAPS, _SHADER_CAPS,
 * _3DPIPELINESUPPORT_CAPS). No free threading (so no driver command lists)
 * and no shader extensions. Pipeline levels: 10.0 and 10.1; 11.0 is not
 * claimed while some of its requirements do not work (docs/umd.md, the
 * list under "GetCaps"), although compute, tessellation and UAVs do. */
UINT umd_pipeline_levels(void)
{
    return D3D11DDI_ENCODE_3DPIPELINESUPPORT_CAP(D3D11DDI_3DPIPELINELEVEL_10_0) |
           D3D11DDI_ENCODE_3DPIPELINESUPPORT_CAP(D3D11DDI_3DPIPELINELEVEL_10_1);
}

static HRESULT WDDM_API get_caps(D3D10DDI_HADAPTER h, const D3D10_2DDIARG_GETCAPS *c)
{
    if (!c || !c->pData || c->DataSize < sizeof(UINT)) {
        return E_INVALIDARG;
    }
    UINT caps;
    switch (c->Type) {
    case D3D11DDICAPS_THREADING:
    case D3D11DDICAPS_SHADER:
        caps = 0;
        break;
    case D3D11DDICAPS_3DPIPELINESUPPORT:
        caps = umd_pipeline_levels();
        break;
    default:
        return E_INVALIDARG;
    }
    memset(c->pData, 0, c->DataSize);
    memcpy(c->pData, &caps, sizeof(caps));
    return S_OK;
}

static HRESULT open_adapter(D3D10DDIARG_OPENADAPTER *o, bool v2)
{
    if (!o || !o->pAdapterCallbacks || !o->pAdapterFuncs) {
        return E_INVALIDARG;
    }
    if (!runtime_accepted(o->Interface, v2)) {
        return E_INVALIDARG;
    }
    UmdAdapter *a = calloc(1, sizeof(*a));
    if (!a) {
        return E_OUTOFMEMORY;
    }
    a->rt = o->hRTAdapter;
    a->cb = o->pAdapterCallbacks;
    a->interface_version = o->Interface;
    a->open_10_2 = v2;
    HRESULT hr = umd_adapter_query(a);
    if (FAILED(hr)) {
        free(a);
        return hr;
    }
    if (v2) {
        D3D10_2DDI_ADAPTERFUNCS *f = o->pAdapterFuncs_2;
        f->pfnCalcPrivateDeviceSize = calc_private_device_size;
        f->pfnCreateDevice = create_device;
        f->pfnCloseAdapter = close_adapter;
        f->pfnGetSupportedVersions = get_supported_versions;
        f->pfnGetCaps = get_caps;
    } else {
        D3D10DDI_ADAPTERFUNCS *f = o->pAdapterFuncs;
        f->pfnCalcPrivateDeviceSize = calc_private_device_size;
        f->pfnCreateDevice = create_device;
        f->pfnCloseAdapter = close_adapter;
    }
    o->hAdapter.pDrvPrivate = a;
    return S_OK;
}

HRESULT WDDM_API OpenAdapter10(D3D10DDIARG_OPENADAPTER *o)
{
    return open_adapter(o, false);
}

HRESULT WDDM_API OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *o)
{
    return open_adapter(o, true);
}
