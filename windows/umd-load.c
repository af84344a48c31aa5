/* SPDX-License-Identifier: MIT */
/*
 * umd-load.exe DLL: load the UMD the way the D3D runtime does (LoadLibrary,
 * GetProcAddress of the undecorated export names) and open an adapter
 * through OpenAdapter10_2 with a runtime callback that answers the KMD's
 * UMDRIVERPRIVATE, so the DLL's Windows ABI (export names, calling
 * convention, the OPENADAPTER and ADAPTERFUNCS layouts) runs for real under
 * Wine. Checks: both exports resolve; a good open fills all five adapter
 * functions and hands back the runtime's handle in the callback;
 * GetSupportedVersions lists the three D3D10/10.1/11 versions in order;
 * CalcPrivateDeviceSize is non-zero; CloseAdapter succeeds; an unknown
 * interface and a private block with a bad magic are refused.
 * Exit 0 if all hold, 1 listing failures, 2 if the DLL does not load.
 */
#include <stdio.h>

#include "sable_umd.h"
#include "sable_kmd_private.h"

/* kernel32 (no windows.h: its base types collide with ours). */
__declspec(dllimport) void *__stdcall LoadLibraryA(const char *name);
__declspec(dllimport) void *__stdcall GetProcAddress(void *module, const char *name);
__declspec(dllimport) int __stdcall FreeLibrary(void *module);

static int failures;
static uint32_t magic = SABLE_UMD_PRIVATE_MAGIC;
static HANDLE seen_handle;

#define CHECK(cond, what)                                                                    \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            printf("umd-load: %s\n", what);                                                  \
            failures++;                                                                      \
        }                                                                                    \
    } while (0)

/* The KMD's answer to DXGKQAITYPE_UMDRIVERPRIVATE for a device with both
 * engines, as the runtime relays it. */
static HRESULT WDDM_API query_adapter_info(HANDLE h, const D3DDDICB_QUERYADAPTERINFO *q)
{
    struct sable_umd_private *p = q->pPrivateDriverData;
    seen_handle = h;
    if (q->PrivateDriverDataSize < sizeof(*p)) {
        return E_INVALIDARG;
    }
    *p = (struct sable_umd_private){
        .magic = magic,
        .version = SABLE_UMD_PRIVATE_VERSION,
        .size = sizeof(*p),
        .abi_version = (uint32_t)SABLE_ABI_MAJOR << 16,
        .vram_size = 64u << 20,
        .aperture_size = 64u << 20,
        .node_count = 2,
        .max_surface_dim = 8192,
        .kmd_features = SABLE_KMD_F_SUBMIT | SABLE_KMD_F_ALLOCATIONS | SABLE_KMD_F_RENDER,
    };
    return S_OK;
}

static const D3DDDI_ADAPTERCALLBACKS callbacks = { .pfnQueryAdapterInfoCb = query_adapter_info };

static HRESULT open_adapter(PFND3D10DDI_OPENADAPTER fn, UINT interface,
                            D3D10_2DDI_ADAPTERFUNCS *f,
                    D3D10DDIARG_OPENADAPTER *o)
{
    static int runtime_adapter;
    *o = (D3D10DDIARG_OPENADAPTER){ .Interface = interface, .pAdapterCallbacks = &callbacks };
    o->hRTAdapter.handle = &runtime_adapter;
    o->pAdapterFuncs_2 = f;
    HRESULT hr = fn(o);
    CHECK(hr != S_OK || seen_handle == &runtime_adapter,
          "the callback did not get the runtime's adapter handle");
    return hr;
}

static void check_adapter(const D3D10_2DDI_ADAPTERFUNCS *f, D3D10DDI_HADAPTER h)
{
    UINT32 n = 0;
    UINT64 versions[8] = { 0 };
    CHECK(f->pfnGetSupportedVersions(h, &n, NULL) == S_OK && n == SABLE_UMD_VERSION_COUNT,
          "GetSupportedVersions does not count 3 versions");
    n = 8;
    CHECK(f->pfnGetSupportedVersions(h, &n, versions) == S_OK && n == 3 &&
              versions[0] == D3D10_0_DDI_SUPPORTED && versions[1] == D3D10_1_DDI_SUPPORTED &&
              versions[2] == D3D11_0_DDI_SUPPORTED,
          "GetSupportedVersions does not list D3D10.0, 10.1, 11.0 in order");
    D3D10DDIARG_CALCPRIVATEDEVICESIZE size = { .Interface = D3D11_0_DDI_INTERFACE_VERSION,
                                               .Version = (UINT)(D3D11_0_DDI_SUPPORTED) };
    CHECK(f->pfnCalcPrivateDeviceSize(h, &size) > 0, "CalcPrivateDeviceSize is 0");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        printf("usage: umd-load.exe DLL\n");
        return 2;
    }
    void *dll = LoadLibraryA(argv[1]);
    if (!dll) {
        printf("umd-load: cannot load %s\n", argv[1]);
        return 2;
    }
    PFND3D10DDI_OPENADAPTER open10 = (PFND3D10DDI_OPENADAPTER)GetProcAddress(dll, "OpenAdapter10");
    PFND3D10DDI_OPENADAPTER open10_2 =
        (PFND3D10DDI_OPENADAPTER)GetProcAddress(dll, "OpenAdapter10_2");
    CHECK(open10 != NULL, "OpenAdapter10 not exported");
    if (!open10_2) {
        printf("umd-load: OpenAdapter10_2 not exported\n");
        return 1;
    }
    D3D10_2DDI_ADAPTERFUNCS f = { 0 };
    D3D10DDIARG_OPENADAPTER o;
    CHECK(open_adapter(open10_2, D3D11_0_DDI_INTERFACE_VERSION, &f, &o) == S_OK,
          "OpenAdapter10_2 refused a D3D11 adapter");
    CHECK(f.pfnCalcPrivateDeviceSize && f.pfnCreateDevice && f.pfnCloseAdapter &&
              f.pfnGetSupportedVersions && f.pfnGetCaps,
          "OpenAdapter10_2 left an adapter function NULL");
    if (f.pfnCloseAdapter && f.pfnGetSupportedVersions && f.pfnCalcPrivateDeviceSize) {
        check_adapter(&f, o.hAdapter);
        CHECK(f.pfnCloseAdapter(o.hAdapter) == S_OK, "CloseAdapter failed");
    }
    /* newer runtimes must be accepted (they may use older DDI versions);
     * a runtime older than D3D10 is refused */
    CHECK(open_adapter(open10_2, 0x00090001u, &f, &o) == E_INVALIDARG,
          "a pre-D3D10 interface version was accepted");
    magic ^= 1;
    CHECK(open_adapter(open10_2, D3D11_0_DDI_INTERFACE_VERSION, &f, &o) == E_FAIL,
          "a UMDRIVERPRIVATE with a bad magic was accepted");
    FreeLibrary(dll);
    printf("umd-load: %s: %d failure(s)\n", argv[1], failures);
    return failures ? 1 : 0;
}
