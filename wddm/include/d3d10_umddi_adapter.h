/* SPDX-License-Identifier: MIT */
/*
 * Sable: adapter-level user-mode DDI: OpenAdapter10 / OpenAdapter10_2,
 * D3D10DDIARG_OPENADAPTER, the adapter function tables, GetSupportedVersions,
 * GetCaps, CalcPrivateDeviceSize, CreateDevice (D3D10DDIARG_CREATEDEVICE) and
 * the interface/version constants.
 *
 * Written from Microsoft's public reference pages (d3d10umddi section) and the
 * display-driver design guide pages "Version Numbers for Direct3D Version
 * 10.1" and "Initializing Communication with the Direct3D Version 11 DDI".
 */
#ifndef SABLE_D3D10_UMDDI_ADAPTER_H
#define SABLE_D3D10_UMDDI_ADAPTER_H

#include "d3d11_umddi_devicefuncs.h"
#include "d3dddi_callbacks.h"
#include "dxgi_ddi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- interface / version constants ----
 * D3D10DDIARG_OPENADAPTER.Interface: "The high 16 bits store the major
 * release number (such as 10, 11, and so on); the low 16 bits store the minor
 * release number".  Version: "The high 16 bits represent the build number; the
 * low 16 bits represent the revision number. The driver is required only to
 * monitor the high 16 bits."  A GetSupportedVersions entry is a UINT64 made as
 * "((((UINT64)INTERFACE_VERSION) << 32) | (((UINT64)BUILD_VERSION) << 16))". */
#define D3D10_DDI_MAKE_INTERFACE_VERSION(major, minor) \
    ((UINT)(((UINT)(major) << 16) | (UINT)(minor)))
#define D3D10_DDI_MAKE_SUPPORTED(interface_version, build_version) \
    ((((UINT64)(interface_version)) << 32) | (((UINT64)(build_version)) << 16))
#define D3D10_DDI_INTERFACE_MAJOR(i) ((UINT)(i) >> 16)
#define D3D10_DDI_INTERFACE_MINOR(i) ((UINT)(i) & 0xFFFFu)
#define D3D10_DDI_VERSION_BUILD(v)   ((UINT)(v) >> 16)
/* The interface version of a GetSupportedVersions entry. */
#define D3D10_DDI_SUPPORTED_INTERFACE(s) ((UINT)((UINT64)(s) >> 32))

/* "Version Numbers for Direct3D Version 10.1" lists, verbatim values:
 *   D3D10_DDI_MAJOR_VERSION 10, D3D10_0_DDI_MINOR_VERSION 1,
 *   D3D10_0_DDI_BUILD_VERSION 4, D3D10_1_DDI_MINOR_VERSION 2,
 *   D3D10_1_DDI_BUILD_VERSION 1, D3D10on9_DDI_MINOR_VERSION 0,
 *   D3D10on9_DDI_BUILD_VERSION 0,
 *   D3D10_0_DDI_VERSION_VISTA_GOLD ((4 << 16) | 6000),
 *   D3D10_0_DDI_VERSION_VISTA_GOLD_WITH_LINKED_ADAPTER_QFE ((4 << 16) | 6008),
 *   D3D10_1_DDI_VERSION_VISTA_GOLD ((1 << 16) | 6000),
 *   D3D10_1_DDI_VERSION_VISTA_SP1 ((1 << 16) | 6008).
 * The D3D10DDIARG_CREATEDEVICE page repeats the 10.1 values. */
#define D3D10_DDI_MAJOR_VERSION   10
#define D3D10_0_DDI_MINOR_VERSION 1
#define D3D10_0_DDI_INTERFACE_VERSION \
    D3D10_DDI_MAKE_INTERFACE_VERSION(D3D10_DDI_MAJOR_VERSION, D3D10_0_DDI_MINOR_VERSION)
#define D3D10_0_DDI_BUILD_VERSION 4
#define D3D10_0_DDI_SUPPORTED \
    D3D10_DDI_MAKE_SUPPORTED(D3D10_0_DDI_INTERFACE_VERSION, D3D10_0_DDI_BUILD_VERSION)
#define D3D10_0_DDI_VERSION_VISTA_GOLD ((4u << 16) | 6000u)
#define D3D10_0_DDI_VERSION_VISTA_GOLD_WITH_LINKED_ADAPTER_QFE ((4u << 16) | 6008u)

/* Older spellings for the 10.0 interface (same values). */
#define D3D10_DDI_MINOR_VERSION     D3D10_0_DDI_MINOR_VERSION
#define D3D10_DDI_INTERFACE_VERSION D3D10_0_DDI_INTERFACE_VERSION
#define D3D10_DDI_BUILD_VERSION     D3D10_0_DDI_BUILD_VERSION

#define D3D10_1_DDI_MINOR_VERSION 2
#define D3D10_1_DDI_INTERFACE_VERSION \
    D3D10_DDI_MAKE_INTERFACE_VERSION(D3D10_DDI_MAJOR_VERSION, D3D10_1_DDI_MINOR_VERSION)
#define D3D10_1_DDI_BUILD_VERSION 1
#define D3D10_1_DDI_SUPPORTED \
    D3D10_DDI_MAKE_SUPPORTED(D3D10_1_DDI_INTERFACE_VERSION, D3D10_1_DDI_BUILD_VERSION)
#define D3D10_1_DDI_VERSION_VISTA_GOLD ((1u << 16) | 6000u)
#define D3D10_1_DDI_VERSION_VISTA_SP1  ((1u << 16) | 6008u)

/* "Initializing Communication with the Direct3D Version 11 DDI" shows
 * "#define D3D11_DDI_MAJOR_VERSION 11" and the same MAKE formulas for
 * D3D11_0 (Vista) and D3D11_0_7 (Windows 7); the page elides the minor and
 * build numbers.  d3d10umddi.h has D3D11_0 minor 10, build 2 (interface
 * 0xB000A) and D3D11_0_7 minor 11, build 2 (0xB000B): values the issue-16
 * cross-check read from independent copies of the header, recorded with
 * their source in tests/wddm/wddm_facts.c. */
#define D3D11_DDI_MAJOR_VERSION     11
#define D3D11_0_DDI_MINOR_VERSION   10
#define D3D11_0_DDI_BUILD_VERSION   2
#define D3D11_0_7_DDI_MINOR_VERSION 11
#define D3D11_0_7_DDI_BUILD_VERSION 2
#define D3D11_0_DDI_INTERFACE_VERSION \
    D3D10_DDI_MAKE_INTERFACE_VERSION(D3D11_DDI_MAJOR_VERSION, D3D11_0_DDI_MINOR_VERSION)
#define D3D11_0_DDI_SUPPORTED \
    D3D10_DDI_MAKE_SUPPORTED(D3D11_0_DDI_INTERFACE_VERSION, D3D11_0_DDI_BUILD_VERSION)
#define D3D11_0_7_DDI_INTERFACE_VERSION \
    D3D10_DDI_MAKE_INTERFACE_VERSION(D3D11_DDI_MAJOR_VERSION, D3D11_0_7_DDI_MINOR_VERSION)
#define D3D11_0_7_DDI_SUPPORTED \
    D3D10_DDI_MAKE_SUPPORTED(D3D11_0_7_DDI_INTERFACE_VERSION, D3D11_0_7_DDI_BUILD_VERSION)
#define IS_D3D11_WIN7_INTERFACE_VERSION(i) (D3D11_0_7_DDI_INTERFACE_VERSION == (i))

/* ---- adapter functions ---- */

/* D3D10DDIARG_CALCPRIVATEDEVICESIZE: Interface, Version, Flags. */
typedef struct D3D10DDIARG_CALCPRIVATEDEVICESIZE {
    UINT Interface;
    UINT Version;
    UINT Flags;
} D3D10DDIARG_CALCPRIVATEDEVICESIZE;

/* D3D10DDIARG_CREATEDEVICE.Flags values. */
#define D3D10DDI_CREATEDEVICE_FLAG_DISABLE_EXTRA_THREAD_CREATION 0x1u
#define D3D11DDI_CREATEDEVICE_FLAG_SINGLETHREADED 0x10u
#define D3D11DDI_CREATEDEVICE_FLAG_3DPIPELINESUPPORT_SHIFT 0x1u
#define D3D11DDI_CREATEDEVICE_FLAG_3DPIPELINESUPPORT_MASK \
    (0x7u << D3D11DDI_CREATEDEVICE_FLAG_3DPIPELINESUPPORT_SHIFT)

/* RetrieveSubObject(D3D11_1), Windows 8: only named here. */
typedef struct PFND3D10DDI_RETRIEVESUBOBJECT_OPAQUE *PFND3D10DDI_RETRIEVESUBOBJECT;

/* D3D10DDIARG_CREATEDEVICE: members in page order.  The device-function
 * union holds pDeviceFuncs (Interface == D3D10_0_DDI_INTERFACE_VERSION),
 * p10_1DeviceFuncs (D3D10_1_...) and p11DeviceFuncs (D3D11_0_...); later
 * table pointers share the slot and are not declared.  The runtime allocates
 * the table, the driver fills it.  Flags: Windows 7.  ppfnRetrieveSubObject:
 * Windows 8 -- declared so that the layout matches a current runtime; the
 * UMD never reads it. */
typedef struct D3D10DDIARG_CREATEDEVICE {
    D3D10DDI_HRTDEVICE hRTDevice;
    UINT Interface;
    UINT Version;
    const D3DDDI_DEVICECALLBACKS *pKTCallbacks;
    union {
        D3D10DDI_DEVICEFUNCS *pDeviceFuncs;
        D3D10_1DDI_DEVICEFUNCS *p10_1DeviceFuncs;
        D3D11DDI_DEVICEFUNCS *p11DeviceFuncs;
    };
    D3D10DDI_HDEVICE hDrvDevice;
    DXGI_DDI_BASE_ARGS DXGIBaseDDI;
    D3D10DDI_HRTCORELAYER hRTCoreLayer;
    union {
        const D3D10DDI_CORELAYER_DEVICECALLBACKS *pUMCallbacks;
        const D3D11DDI_CORELAYER_DEVICECALLBACKS *p11UMCallbacks;
    };
    UINT Flags;
    PFND3D10DDI_RETRIEVESUBOBJECT *ppfnRetrieveSubObject;
} D3D10DDIARG_CREATEDEVICE;

typedef SIZE_T (WDDM_API *PFND3D10DDI_CALCPRIVATEDEVICESIZE)(
    D3D10DDI_HADAPTER, const D3D10DDIARG_CALCPRIVATEDEVICESIZE *);
typedef HRESULT (WDDM_API *PFND3D10DDI_CREATEDEVICE)(D3D10DDI_HADAPTER, D3D10DDIARG_CREATEDEVICE *);
typedef HRESULT (WDDM_API *PFND3D10DDI_CLOSEADAPTER)(D3D10DDI_HADAPTER);

/* GetSupportedVersions: "HRESULT (D3D10DDI_HADAPTER, UINT32 *puEntries,
 * UINT64 *pSupportedDDIInterfaceVersions)"; puEntries is in/out; returns S_OK
 * or E_OUTOFMEMORY. */
typedef HRESULT (WDDM_API *PFND3D10_2DDI_GETSUPPORTEDVERSIONS)(
    D3D10DDI_HADAPTER, UINT32 *puEntries, UINT64 *pSupportedDDIInterfaceVersions);

/* D3D10_2DDICAPS_TYPE: values from the page's syntax block (Windows 7 set;
 * "the values ... do not overlap with the values in the D3DDDICAPS_TYPE
 * enumeration").  Windows 8+ values are listed for recognition only. */
typedef enum D3D10_2DDICAPS_TYPE {
    D3D11DDICAPS_THREADING = 128,
    D3D11DDICAPS_SHADER = 129,
    D3D11DDICAPS_3DPIPELINESUPPORT = 130,
    D3D11_1DDICAPS_D3D11_OPTIONS = 131,
    D3D11_1DDICAPS_ARCHITECTURE_INFO = 132,
    D3D11_1DDICAPS_SHADER_MIN_PRECISION_SUPPORT = 134,
    D3DWDDM1_3DDICAPS_D3D11_OPTIONS1 = 136,
    D3DWDDM1_3DDICAPS_MARKER = 137,
} D3D10_2DDICAPS_TYPE;

/* What GetCaps writes for the three Windows 7 types: each page declares a
 * structure of one UINT Caps member.
 * D3D11DDI_THREADING_CAPS: FREETHREADED (0x1), COMMANDLISTS (0x2,
 * deprecated), COMMANDLISTS_BUILD_2 (0x4); command lists require free
 * threading. */
typedef struct D3D11DDI_THREADING_CAPS {
    UINT Caps;
} D3D11DDI_THREADING_CAPS;
#define D3D11DDICAPS_FREETHREADED 0x1u
#define D3D11DDICAPS_COMMANDLISTS 0x2u
#define D3D11DDICAPS_COMMANDLISTS_BUILD_2 0x4u

/* D3D11DDI_SHADER_CAPS: SHADER_DOUBLES (0x1),
 * SHADER_COMPUTE_PLUS_RAW_AND_STRUCTURED_BUFFERS_IN_SHADER_4_X (0x2), which
 * "drivers that run the Direct3D version 11 pipeline ... must report". */
typedef struct D3D11DDI_SHADER_CAPS {
    UINT Caps;
} D3D11DDI_SHADER_CAPS;
#define D3D11DDICAPS_SHADER_DOUBLES 0x1u
#define D3D11DDICAPS_SHADER_COMPUTE_PLUS_RAW_AND_STRUCTURED_BUFFERS_IN_SHADER_4_X 0x2u

/* D3D11DDI_3DPIPELINELEVEL: the syntax block's order (implicit values from
 * 0); D3D11DDI_3DPIPELINESUPPORT_CAPS.Caps is an OR of
 * D3D11DDI_ENCODE_3DPIPELINESUPPORT_CAP(level) = 1 << level, and the
 * runtime passes the level it chose in D3D10DDIARG_CREATEDEVICE.Flags
 * (D3D11DDI_CREATEDEVICE_FLAG_3DPIPELINESUPPORT_MASK). */
typedef enum D3D11DDI_3DPIPELINELEVEL {
    D3D11DDI_3DPIPELINELEVEL_10_0 = 0,
    D3D11DDI_3DPIPELINELEVEL_10_1 = 1,
    D3D11DDI_3DPIPELINELEVEL_11_0 = 2,
    D3D11_1DDI_3DPIPELINELEVEL_11_1 = 3,
    D3D11_1DDI_3DPIPELINELEVEL_9_1 = 4,
    D3D11_1DDI_3DPIPELINELEVEL_9_2 = 5,
    D3D11_1DDI_3DPIPELINELEVEL_9_3 = 6,
} D3D11DDI_3DPIPELINELEVEL;
typedef struct D3D11DDI_3DPIPELINESUPPORT_CAPS {
    UINT Caps;
} D3D11DDI_3DPIPELINESUPPORT_CAPS;
#define D3D11DDI_ENCODE_3DPIPELINESUPPORT_CAP(level) (0x1u << (level))
#define D3D11DDI_EXTRACT_3DPIPELINELEVEL_FROM_FLAGS(flags) \
    ((D3D11DDI_3DPIPELINELEVEL)(((flags) & D3D11DDI_CREATEDEVICE_FLAG_3DPIPELINESUPPORT_MASK) >> \
                                D3D11DDI_CREATEDEVICE_FLAG_3DPIPELINESUPPORT_SHIFT))

/* D3D10_2DDIARG_GETCAPS: Type, pInfo, pData, DataSize. */
typedef struct D3D10_2DDIARG_GETCAPS {
    D3D10_2DDICAPS_TYPE Type;
    VOID *pInfo;
    VOID *pData;
    UINT DataSize;
} D3D10_2DDIARG_GETCAPS;

typedef HRESULT (WDDM_API *PFND3D10_2DDI_GETCAPS)(D3D10DDI_HADAPTER, const D3D10_2DDIARG_GETCAPS *);

/* D3D10DDI_ADAPTERFUNCS (OpenAdapter10): pfnCalcPrivateDeviceSize,
 * pfnCreateDevice, pfnCloseAdapter. */
#define D3D10DDI_ADAPTERFUNCS_ENTRIES 3
typedef struct D3D10DDI_ADAPTERFUNCS {
    PFND3D10DDI_CALCPRIVATEDEVICESIZE pfnCalcPrivateDeviceSize;
    PFND3D10DDI_CREATEDEVICE pfnCreateDevice;
    PFND3D10DDI_CLOSEADAPTER pfnCloseAdapter;
} D3D10DDI_ADAPTERFUNCS;

/* D3D10_2DDI_ADAPTERFUNCS (OpenAdapter10_2, Windows 7): the page's syntax
 * block lists the same three, then pfnGetSupportedVersions, pfnGetCaps. */
#define D3D10_2DDI_ADAPTERFUNCS_ENTRIES 5
typedef struct D3D10_2DDI_ADAPTERFUNCS {
    PFND3D10DDI_CALCPRIVATEDEVICESIZE pfnCalcPrivateDeviceSize;
    PFND3D10DDI_CREATEDEVICE pfnCreateDevice;
    PFND3D10DDI_CLOSEADAPTER pfnCloseAdapter;
    PFND3D10_2DDI_GETSUPPORTEDVERSIONS pfnGetSupportedVersions;
    PFND3D10_2DDI_GETCAPS pfnGetCaps;
} D3D10_2DDI_ADAPTERFUNCS;

/* D3D10DDIARG_OPENADAPTER: hRTAdapter (in), hAdapter (out), Interface,
 * Version, pAdapterCallbacks, pAdapterFuncs / pAdapterFuncs_2 ("Supported in
 * Windows 7 and later").  UNCERTAIN: the page lists pAdapterFuncs and
 * pAdapterFuncs_2 as two fields; as with the device-function pointers of
 * D3D10DDIARG_CREATEDEVICE we declare them as one union slot (the runtime
 * supplies one table, to be filled by OpenAdapter10 or OpenAdapter10_2).
 * pAdapterFuncs is at offset 32 either way; at stake if they were two
 * fields: OpenAdapter10_2 would fill its table through pAdapterFuncs' slot.
 * The issue-16 cross-check (228 structures) reported no disagreement here. */
typedef struct D3D10DDIARG_OPENADAPTER {
    D3D10DDI_HRTADAPTER hRTAdapter;
    D3D10DDI_HADAPTER hAdapter;
    UINT Interface;
    UINT Version;
    const D3DDDI_ADAPTERCALLBACKS *pAdapterCallbacks;
    union {
        D3D10DDI_ADAPTERFUNCS *pAdapterFuncs;
        D3D10_2DDI_ADAPTERFUNCS *pAdapterFuncs_2;
    };
} D3D10DDIARG_OPENADAPTER;

/* The DLL's exports: OpenAdapter10 and OpenAdapter10_2 ("The OpenAdapter10_2
 * function is the DLL's only exported function" for a D3D11 driver). */
typedef HRESULT (WDDM_API *PFND3D10DDI_OPENADAPTER)(D3D10DDIARG_OPENADAPTER *);

#ifdef __cplusplus
}
#endif

#endif /* SABLE_D3D10_UMDDI_ADAPTER_H */
