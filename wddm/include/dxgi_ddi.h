/* SPDX-License-Identifier: MIT */
/*
 * Sable: the DXGI part of the user-mode DDI (dxgiddi.h): the base function
 * table the UMD fills (present, gamma, display mode, residency, identity
 * rotation, blt), the runtime's base callbacks (present), and their arguments.
 *
 * Written from Microsoft's public reference pages for DXGI_DDI_BASE_FUNCTIONS,
 * DXGI_DDI_BASE_CALLBACKS, DXGI_DDI_BASE_ARGS, DXGI_DDI_ARG_PRESENT,
 * DXGI_DDI_ARG_BLT, DXGIDDICB_PRESENT.
 */
#ifndef SABLE_DXGI_DDI_H
#define SABLE_DXGI_DDI_H

#include "d3dddi_callbacks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* DXGI DDI handles.  DXGI_DDI_ARG_PRESENT.hDevice is "the same handle that
 * the driver's CreateDevice(D3D10) function passed back to the runtime in the
 * hDrvDevice member"; hSurfaceToPresent / hDstResource are "driver-defined
 * resource handles that the driver returned ... in previous calls to
 * CreateResource(D3D10)".  Carried as pointer-sized integers (the pDrvPrivate
 * value).  UNCERTAIN: the exact typedef; nothing is at stake for the layout
 * or the calling convention (pointer-sized either way). */
typedef UINT_PTR DXGI_DDI_HDEVICE;
typedef UINT_PTR DXGI_DDI_HRESOURCE;

/* DXGI_DDI_FLIP_INTERVAL_TYPE: zero to four vertical syncs. */
typedef enum DXGI_DDI_FLIP_INTERVAL_TYPE {
    DXGI_DDI_FLIP_INTERVAL_IMMEDIATE = 0,
    DXGI_DDI_FLIP_INTERVAL_ONE = 1,
    DXGI_DDI_FLIP_INTERVAL_TWO = 2,
    DXGI_DDI_FLIP_INTERVAL_THREE = 3,
    DXGI_DDI_FLIP_INTERVAL_FOUR = 4,
} DXGI_DDI_FLIP_INTERVAL_TYPE;

/* DXGI_DDI_PRESENT_FLAGS (dxgiddi.h, Microsoft's page): Blt "first bit ...
 * (0x00000001)", Flip "second bit (0x00000002)", PreferRight and
 * TemporaryMono (Windows 8), AllowTearing, AllowFlexibleRefresh and
 * NoScanoutTransform (later DXGI DDIs), in that order. */
typedef struct DXGI_DDI_PRESENT_FLAGS {
    union {
        struct {
            UINT Blt : 1;                  /* 0x00000001 */
            UINT Flip : 1;                 /* 0x00000002 */
            UINT PreferRight : 1;          /* 0x00000004 */
            UINT TemporaryMono : 1;        /* 0x00000008 */
            UINT AllowTearing : 1;         /* 0x00000010 */
            UINT AllowFlexibleRefresh : 1; /* 0x00000020 */
            UINT NoScanoutTransform : 1;   /* 0x00000040 */
            UINT Reserved : 25;
        };
        UINT Value;
    };
} DXGI_DDI_PRESENT_FLAGS;

/* DXGI_DDI_ARG_PRESENT: hDevice, hSurfaceToPresent, SrcSubResourceIndex,
 * hDstResource ("can be NULL if the destination is unknown"),
 * DstSubResourceIndex, pDXGIContext (opaque, copied unchanged into
 * DXGIDDICB_PRESENT), Flags, FlipInterval. */
typedef struct DXGI_DDI_ARG_PRESENT {
    DXGI_DDI_HDEVICE hDevice;
    DXGI_DDI_HRESOURCE hSurfaceToPresent;
    UINT SrcSubResourceIndex;
    DXGI_DDI_HRESOURCE hDstResource;
    UINT DstSubResourceIndex;
    VOID *pDXGIContext;
    DXGI_DDI_PRESENT_FLAGS Flags;
    DXGI_DDI_FLIP_INTERVAL_TYPE FlipInterval;
} DXGI_DDI_ARG_PRESENT;

/* DXGI_DDI_ARG_BLT_FLAGS: Resolve (0x1), Convert (0x2), Stretch (0x4),
 * Present (0x8), Reserved "the remaining 28 bits (0xFFFFFFF0)" -- bit
 * positions as the page states them. */
typedef struct DXGI_DDI_ARG_BLT_FLAGS {
    union {
        struct {
            UINT Resolve : 1;
            UINT Convert : 1;
            UINT Stretch : 1;
            UINT Present : 1;
            UINT Reserved : 28;
        };
        UINT Value;
    };
} DXGI_DDI_ARG_BLT_FLAGS;

/* DXGI_DDI_ARG_BLT: members in page order -- note the destination comes
 * before the source: hDevice, hDstResource, DstSubresource, DstLeft, DstTop,
 * DstRight, DstBottom, hSrcResource, SrcSubresource, Flags, Rotate. */
typedef struct DXGI_DDI_ARG_BLT {
    DXGI_DDI_HDEVICE hDevice;
    DXGI_DDI_HRESOURCE hDstResource;
    UINT DstSubresource;
    UINT DstLeft;
    UINT DstTop;
    UINT DstRight;
    UINT DstBottom;
    DXGI_DDI_HRESOURCE hSrcResource;
    UINT SrcSubresource;
    DXGI_DDI_ARG_BLT_FLAGS Flags;
    DXGI_DDI_MODE_ROTATION Rotate;
} DXGI_DDI_ARG_BLT;

/* DXGI_DDI_ARG_SETDISPLAYMODE: hDevice, hResource ("the resource that
 * contains the display surface"), SubResourceIndex. */
typedef struct DXGI_DDI_ARG_SETDISPLAYMODE {
    DXGI_DDI_HDEVICE hDevice;
    DXGI_DDI_HRESOURCE hResource;
    UINT SubResourceIndex;
} DXGI_DDI_ARG_SETDISPLAYMODE;

/* DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES: hDevice, pResources ("a pointer
 * to an array of handles to the resources to rotate"), Resources (their
 * number). The page does not say which way identities move. */
typedef struct DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES {
    DXGI_DDI_HDEVICE hDevice;
    const DXGI_DDI_HRESOURCE *pResources;
    UINT Resources;
} DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES;

/* Arguments of the other base functions: opaque until the UMD reads them. */
typedef struct DXGI_DDI_ARG_GET_GAMMA_CONTROL_CAPS DXGI_DDI_ARG_GET_GAMMA_CONTROL_CAPS;
typedef struct DXGI_DDI_ARG_SETRESOURCEPRIORITY DXGI_DDI_ARG_SETRESOURCEPRIORITY;
typedef struct DXGI_DDI_ARG_QUERYRESOURCERESIDENCY DXGI_DDI_ARG_QUERYRESOURCERESIDENCY;

/* DXGI_DDI_BASE_FUNCTIONS: pfnPresent, pfnGetGammaCaps, pfnSetDisplayMode,
 * pfnSetResourcePriority, pfnQueryResourceResidency,
 * pfnRotateResourceIdentities, pfnBlt -- 7 members in page order.  Each takes
 * one argument pointer ("pPresentData", "pGammaData", ...) and returns an
 * HRESULT (QueryResourceResidencyDXGI "must return S_OK only if ...").
 * DXGI1_1_DDI_BASE_FUNCTIONS (Windows 7) appends members and is not declared. */
typedef HRESULT (WDDM_API *PFNDXGIDDI_PRESENT)(DXGI_DDI_ARG_PRESENT *pPresentData);
typedef HRESULT (WDDM_API *PFNDXGIDDI_GETGAMMACAPS)(DXGI_DDI_ARG_GET_GAMMA_CONTROL_CAPS *pGammaData);
typedef HRESULT (WDDM_API *PFNDXGIDDI_SETDISPLAYMODE)(DXGI_DDI_ARG_SETDISPLAYMODE *pDisplayModeData);
typedef HRESULT (WDDM_API *PFNDXGIDDI_SETRESOURCEPRIORITY)(DXGI_DDI_ARG_SETRESOURCEPRIORITY *pPriorityData);
typedef HRESULT (WDDM_API *PFNDXGIDDI_QUERYRESOURCERESIDENCY)(
    DXGI_DDI_ARG_QUERYRESOURCERESIDENCY *pResidencyData);
typedef HRESULT (WDDM_API *PFNDXGIDDI_ROTATE_RESOURCE_IDENTITIES)(
    DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES *pRotateData);
typedef HRESULT (WDDM_API *PFNDXGIDDI_BLT)(DXGI_DDI_ARG_BLT *pBltData);

#define DXGI_DDI_BASE_FUNCTIONS_ENTRIES 7
typedef struct DXGI_DDI_BASE_FUNCTIONS {
    PFNDXGIDDI_PRESENT pfnPresent;
    PFNDXGIDDI_GETGAMMACAPS pfnGetGammaCaps;
    PFNDXGIDDI_SETDISPLAYMODE pfnSetDisplayMode;
    PFNDXGIDDI_SETRESOURCEPRIORITY pfnSetResourcePriority;
    PFNDXGIDDI_QUERYRESOURCERESIDENCY pfnQueryResourceResidency;
    PFNDXGIDDI_ROTATE_RESOURCE_IDENTITIES pfnRotateResourceIdentities;
    PFNDXGIDDI_BLT pfnBlt;
} DXGI_DDI_BASE_FUNCTIONS;

/* DXGIDDICB_PRESENT: hSrcAllocation, hDstAllocation ("can be zero if the
 * destination is unknown"), pDXGIContext, hContext, BroadcastContextCount,
 * BroadcastContext[D3DDDI_MAX_BROADCAST_CONTEXT].  The members after
 * BroadcastContext on the page (BroadcastSrcAllocation ... SyncIntervalOverride)
 * come with later DXGI DDI versions and are not declared. */
typedef struct DXGIDDICB_PRESENT {
    D3DKMT_HANDLE hSrcAllocation;
    D3DKMT_HANDLE hDstAllocation;
    VOID *pDXGIContext;
    HANDLE hContext;
    UINT BroadcastContextCount;
    HANDLE BroadcastContext[D3DDDI_MAX_BROADCAST_CONTEXT];
} DXGIDDICB_PRESENT;

/* pfnPresentCbDXGI: HRESULT (HANDLE hDevice, DXGIDDICB_PRESENT*), hDevice
 * being hRTDevice.handle as for the device callbacks. */
typedef HRESULT (WDDM_API *PFNDDXGIDDI_PRESENTCB)(HANDLE hDevice, DXGIDDICB_PRESENT *);

/* DXGI_DDI_BASE_CALLBACKS: pfnPresentCb (the only Vista/Windows 7 member). */
#define DXGI_DDI_BASE_CALLBACKS_ENTRIES 1
typedef struct DXGI_DDI_BASE_CALLBACKS {
    PFNDDXGIDDI_PRESENTCB pfnPresentCb;
} DXGI_DDI_BASE_CALLBACKS;

/* DXGI_DDI_BASE_ARGS: pDXGIBaseCallbacks, then a union of pointers to the
 * base function tables (pDXGIDDIBaseFunctions, ...2 for DXGI 1.1, ...).  Sable
 * fills the DXGI_DDI_BASE_FUNCTIONS table; the DXGI 1.1+ names share the
 * pointer slot and are not declared. */
typedef struct DXGI_DDI_BASE_ARGS {
    DXGI_DDI_BASE_CALLBACKS *pDXGIBaseCallbacks;
    union {
        DXGI_DDI_BASE_FUNCTIONS *pDXGIDDIBaseFunctions;
    };
} DXGI_DDI_BASE_ARGS;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_DXGI_DDI_H */
