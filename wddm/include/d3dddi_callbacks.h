/* SPDX-License-Identifier: MIT */
/*
 * Sable: the runtime's kernel-thunk callbacks for user-mode drivers
 * (d3dumddi.h / d3dukmdt.h): D3DDDI_DEVICECALLBACKS, D3DDDI_ADAPTERCALLBACKS
 * and the D3DDDICB_* argument structures the UMD uses.
 *
 * Written from Microsoft's public reference pages for _D3DDDI_DEVICECALLBACKS,
 * _D3DDDI_ADAPTERCALLBACKS, _D3DDDICB_LOCK, _D3DDDICB_LOCKFLAGS,
 * _D3DDDICB_ALLOCATE, _D3DDDI_ALLOCATIONINFO, _D3DDDICB_RENDER,
 * _D3DDDICB_RENDERFLAGS, _D3DDDICB_CREATECONTEXT, _D3DDDICB_ESCAPE.
 *
 * Callback signature, as the D3DDDI_ADAPTERCALLBACKS page shows it:
 *   "typedef HRESULT (APIENTRY CALLBACK *PFND3DDDI_QUERYADAPTERINFOCB)
 *    (HANDLE hAdapter, CONST D3DDDICB_QUERYADAPTERINFO*);"
 * Every device callback has the same shape: (HANDLE hDevice, <arg>*), where
 * hDevice is D3D10DDIARG_CREATEDEVICE.hRTDevice.handle.  APIENTRY and
 * CALLBACK are both __stdcall, i.e. WDDM_API here.
 */
#ifndef SABLE_D3DDDI_CALLBACKS_H
#define SABLE_D3DDDI_CALLBACKS_H

#include "d3d10_umddi_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* D3DDDI_MAX_BROADCAST_CONTEXT: "which is defined as 64" (D3DDDICB_RENDER). */
#define D3DDDI_MAX_BROADCAST_CONTEXT 64

/* ---- D3DDDICB_LOCKFLAGS (d3dukmdt.h) ----
 * Bit positions as the page states them: "Setting this member is equivalent
 * to setting the first bit of the 32-bit Value member (0x00000001)" ... up to
 * IgnoreReadSync, "the eleventh bit ... (0x00000400)"; Reserved is "the
 * remaining 21 bits (0xFFFFF800)". */
typedef struct _D3DDDICB_LOCKFLAGS {
    union {
        struct {
            UINT ReadOnly : 1;            /* 0x00000001 */
            UINT WriteOnly : 1;           /* 0x00000002 */
            UINT DonotWait : 1;           /* 0x00000004: fail with WASSTILLDRAWING */
            UINT IgnoreSync : 1;          /* 0x00000008 */
            UINT LockEntire : 1;          /* 0x00000010 */
            UINT DonotEvict : 1;          /* 0x00000020: fail with NOTAVAILABLE */
            UINT AcquireAperture : 1;     /* 0x00000040 */
            UINT Discard : 1;             /* 0x00000080: rename */
            UINT NoExistingReference : 1; /* 0x00000100: with Discard, after a flush */
            UINT UseAlternateVA : 1;      /* 0x00000200 */
            UINT IgnoreReadSync : 1;      /* 0x00000400 */
            UINT Reserved : 21;           /* 0xFFFFF800 */
        };
        UINT Value;
    };
} D3DDDICB_LOCKFLAGS;

/* D3DDDICB_LOCK: hAllocation (in/out: "If the Discard bit-field flag is set
 * ... the video memory manager creates a new instance of the allocation and
 * returns a new handle"), PrivateDriverData, NumPages, pPages, pData (out),
 * Flags, GpuVirtualAddress ("reserved ... available beginning with
 * Windows 7"). */
typedef struct _D3DDDICB_LOCK {
    D3DKMT_HANDLE hAllocation;
    UINT PrivateDriverData;
    UINT NumPages;
    const UINT *pPages;
    VOID *pData;
    D3DDDICB_LOCKFLAGS Flags;
    D3DGPU_VIRTUAL_ADDRESS GpuVirtualAddress;
} D3DDDICB_LOCK;

/* D3DDDICB_UNLOCK: NumAllocations, phAllocations. */
typedef struct _D3DDDICB_UNLOCK {
    UINT NumAllocations;
    const D3DKMT_HANDLE *phAllocations;
} D3DDDICB_UNLOCK;

/* D3DDDI_ALLOCATIONINFO (d3dukmdt.h), syntax block of the page.
 * VidPnSourceId: the VidPN source "if the allocation is for the primary
 * surface"; a driver sets it "only for the primary allocation type" (else
 * pfnAllocateCb returns D3DDDI_ID_NOTAPPLICABLE). Flags.Primary marks a
 * primary (the DXGI1_1_DDI_BASE_FUNCTIONS page: an allocation to scan out
 * "must be marked as primary" through this bit field at pfnAllocateCb). */
typedef struct _D3DDDI_ALLOCATIONINFO {
    D3DKMT_HANDLE hAllocation;
    const VOID *pSystemMem;
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    D3DDDI_VIDEO_PRESENT_SOURCE_ID VidPnSourceId;
    union {
        struct {
            UINT Primary : 1;  /* 0x00000001 */
            UINT Stereo : 1;   /* 0x00000002, Windows 8 */
            UINT Reserved : 30;
        };
        UINT Value;
    } Flags;
} D3DDDI_ALLOCATIONINFO;

/* D3DDDICB_ALLOCATE: syntax block of the page (the Windows 7 union with the
 * reserved pAllocationInfo2 has the same size and offset). */
typedef struct _D3DDDICB_ALLOCATE {
    const VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    HANDLE hResource;          /* hRTResource.handle, or NULL for device allocations */
    D3DKMT_HANDLE hKMResource; /* out */
    UINT NumAllocations;
    D3DDDI_ALLOCATIONINFO *pAllocationInfo;
} D3DDDICB_ALLOCATE;

/* D3DDDICB_DEALLOCATE: hResource, NumAllocations, HandleList. */
typedef struct _D3DDDICB_DEALLOCATE {
    HANDLE hResource;
    UINT NumAllocations;
    const D3DKMT_HANDLE *HandleList;
} D3DDDICB_DEALLOCATE;

/* D3DDDICB_RENDERFLAGS: ResizeCommandBuffer (0x1), ResizeAllocationList
 * (0x2), ResizePatchLocationList (0x4), NullRendering (0x8), Reserved ("the
 * remaining 28 bits (0xFFFFFFF0)"). */
typedef struct _D3DDDICB_RENDERFLAGS {
    union {
        struct {
            UINT ResizeCommandBuffer : 1;
            UINT ResizeAllocationList : 1;
            UINT ResizePatchLocationList : 1;
            UINT NullRendering : 1;
            UINT Reserved : 28;
        };
        UINT Value;
    };
} D3DDDICB_RENDERFLAGS;

/* D3DDDICB_RENDER: members in page order up to the Windows 7 additions
 * (NewCommandBuffer, pPrivateDriverData, PrivateDriverDataSize: "reserved and
 * should be set to zero").  The WDDM 1.3+/2.x members that follow on the page
 * (MarkerLogType, RenderCBSequence, API sequence numbers) are not part of the
 * Windows 7 DDI and are left out. */
typedef struct _D3DDDICB_RENDER {
    UINT CommandLength;
    UINT CommandOffset;
    UINT NumAllocations;
    UINT NumPatchLocations;
    VOID *pNewCommandBuffer;                        /* out */
    UINT NewCommandBufferSize;                      /* in/out */
    D3DDDI_ALLOCATIONLIST *pNewAllocationList;      /* out */
    UINT NewAllocationListSize;                     /* in/out */
    D3DDDI_PATCHLOCATIONLIST *pNewPatchLocationList;/* out */
    UINT NewPatchLocationListSize;                  /* in/out */
    D3DDDICB_RENDERFLAGS Flags;
    HANDLE hContext;
    UINT BroadcastContextCount;
    HANDLE BroadcastContext[D3DDDI_MAX_BROADCAST_CONTEXT];
    UINT QueuedBufferCount;                         /* out */
    D3DGPU_VIRTUAL_ADDRESS NewCommandBuffer;        /* Windows 7, reserved */
    VOID *pPrivateDriverData;                       /* Windows 7, reserved */
    UINT PrivateDriverDataSize;                     /* Windows 7, reserved */
} D3DDDICB_RENDER;

/* D3DDDICB_QUERYADAPTERINFO: pPrivateDriverData, PrivateDriverDataSize (the
 * KMD's DXGKQAITYPE_UMDRIVERPRIVATE answer). */
typedef struct _D3DDDICB_QUERYADAPTERINFO {
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
} D3DDDICB_QUERYADAPTERINFO;

/* D3DDDI_CREATECONTEXTFLAGS (d3dukmdt.h, Microsoft's page): every documented
 * bit, in order, through TestContext (bit 6). */
typedef struct _D3DDDI_CREATECONTEXTFLAGS {
    union {
        struct {
            UINT NullRendering : 1;       /* 0x00000001 */
            UINT InitialData : 1;         /* 0x00000002 */
            UINT DisableGpuTimeout : 1;   /* 0x00000004 */
            UINT SynchronizationOnly : 1; /* 0x00000008 */
            UINT HwQueueSupported : 1;    /* 0x00000010 */
            UINT NoKmdAccess : 1;         /* 0x00000020 */
            UINT TestContext : 1;         /* 0x00000040 */
            UINT Reserved : 25;
        };
        UINT Value;
    };
} D3DDDI_CREATECONTEXTFLAGS;

/* D3DDDICB_CREATECONTEXT: members in page order; CommandBuffer is "reserved
 * ... available beginning with Windows 7". */
typedef struct _D3DDDICB_CREATECONTEXT {
    UINT NodeOrdinal;
    UINT EngineAffinity;
    D3DDDI_CREATECONTEXTFLAGS Flags;
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    HANDLE hContext;                             /* out */
    VOID *pCommandBuffer;                        /* out */
    UINT CommandBufferSize;                      /* out */
    D3DDDI_ALLOCATIONLIST *pAllocationList;      /* out */
    UINT AllocationListSize;                     /* out */
    D3DDDI_PATCHLOCATIONLIST *pPatchLocationList;/* out */
    UINT PatchLocationListSize;                  /* out */
    D3DGPU_VIRTUAL_ADDRESS CommandBuffer;        /* Windows 7, reserved */
} D3DDDICB_CREATECONTEXT;

/* D3DDDICB_DESTROYCONTEXT: hContext. */
typedef struct _D3DDDICB_DESTROYCONTEXT {
    HANDLE hContext;
} D3DDDICB_DESTROYCONTEXT;

/* D3DDDI_ESCAPEFLAGS (d3dukmdt.h, Microsoft's page): every documented bit,
 * in order; bit 4 is a reserved gap (named Reserved in d3dukmdt.h), the
 * bits from 8 on are Reserved2. */
typedef struct _D3DDDI_ESCAPEFLAGS {
    union {
        struct {
            UINT HardwareAccess : 1;           /* 0x00000001 */
            UINT DeviceStatusQuery : 1;        /* 0x00000002 */
            UINT ChangeFrameLatency : 1;       /* 0x00000004 */
            UINT NoAdapterSynchronization : 1; /* 0x00000008 */
            UINT Reserved : 1;                 /* 0x00000010 */
            UINT VirtualMachineData : 1;       /* 0x00000020 */
            UINT DriverKnownEscape : 1;        /* 0x00000040 */
            UINT DriverCommonEscape : 1;       /* 0x00000080 */
            UINT Reserved2 : 24;
        };
        UINT Value;
    };
} D3DDDI_ESCAPEFLAGS;

/* D3DDDICB_ESCAPE: hDevice, Flags, pPrivateDriverData, PrivateDriverDataSize,
 * hContext. */
typedef struct _D3DDDICB_ESCAPE {
    HANDLE hDevice;
    D3DDDI_ESCAPEFLAGS Flags;
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    HANDLE hContext;
} D3DDDICB_ESCAPE;

/* D3DDDICB_SETDISPLAYMODE (d3dumddi.h): hPrimaryAllocation [in] ("the
 * kernel-mode handle to the primary allocation for scanning out"),
 * PrivateDriverFormatAttribute [out] (meaningful only when
 * pfnSetDisplayModeCb returned D3DDDIERR_INCOMPATIBLEPRIVATEFORMAT). The
 * allocation "must be marked as a primary" (D3DDDI_ALLOCATIONINFO
 * Flags.Primary at pfnAllocateCb). */
typedef struct _D3DDDICB_SETDISPLAYMODE {
    D3DKMT_HANDLE hPrimaryAllocation;
    UINT PrivateDriverFormatAttribute;
} D3DDDICB_SETDISPLAYMODE;

/* Callback arguments the UMD does not fill yet: opaque. */
typedef struct _D3DDDICB_SETPRIORITY D3DDDICB_SETPRIORITY;
typedef struct _D3DDDICB_QUERYRESIDENCY D3DDDICB_QUERYRESIDENCY;
typedef struct _D3DDDICB_PRESENT D3DDDICB_PRESENT;
typedef struct _D3DDDICB_CREATEOVERLAY D3DDDICB_CREATEOVERLAY;
typedef struct _D3DDDICB_UPDATEOVERLAY D3DDDICB_UPDATEOVERLAY;
typedef struct _D3DDDICB_FLIPOVERLAY D3DDDICB_FLIPOVERLAY;
typedef struct _D3DDDICB_DESTROYOVERLAY D3DDDICB_DESTROYOVERLAY;
typedef struct _D3DDDICB_CREATESYNCHRONIZATIONOBJECT D3DDDICB_CREATESYNCHRONIZATIONOBJECT;
typedef struct _D3DDDICB_DESTROYSYNCHRONIZATIONOBJECT D3DDDICB_DESTROYSYNCHRONIZATIONOBJECT;
typedef struct _D3DDDICB_WAITFORSYNCHRONIZATIONOBJECT D3DDDICB_WAITFORSYNCHRONIZATIONOBJECT;
typedef struct _D3DDDICB_SIGNALSYNCHRONIZATIONOBJECT D3DDDICB_SIGNALSYNCHRONIZATIONOBJECT;
typedef struct _D3DDDICB_SETDISPLAYPRIVATEDRIVERFORMAT D3DDDICB_SETDISPLAYPRIVATEDRIVERFORMAT;
typedef struct _D3DDDICB_GETMULTISAMPLEMETHODLIST D3DDDICB_GETMULTISAMPLEMETHODLIST;

/* ---- callback function types ---- */
typedef HRESULT (WDDM_API *PFND3DDDI_ALLOCATECB)(HANDLE hDevice, D3DDDICB_ALLOCATE *);
typedef HRESULT (WDDM_API *PFND3DDDI_DEALLOCATECB)(HANDLE hDevice, const D3DDDICB_DEALLOCATE *);
typedef HRESULT (WDDM_API *PFND3DDDI_SETPRIORITYCB)(HANDLE hDevice, D3DDDICB_SETPRIORITY *);
typedef HRESULT (WDDM_API *PFND3DDDI_QUERYRESIDENCYCB)(HANDLE hDevice, const D3DDDICB_QUERYRESIDENCY *);
typedef HRESULT (WDDM_API *PFND3DDDI_SETDISPLAYMODECB)(HANDLE hDevice, D3DDDICB_SETDISPLAYMODE *);
typedef HRESULT (WDDM_API *PFND3DDDI_PRESENTCB)(HANDLE hDevice, D3DDDICB_PRESENT *);
typedef HRESULT (WDDM_API *PFND3DDDI_RENDERCB)(HANDLE hDevice, D3DDDICB_RENDER *);
typedef HRESULT (WDDM_API *PFND3DDDI_LOCKCB)(HANDLE hDevice, D3DDDICB_LOCK *);
typedef HRESULT (WDDM_API *PFND3DDDI_UNLOCKCB)(HANDLE hDevice, const D3DDDICB_UNLOCK *);
typedef HRESULT (WDDM_API *PFND3DDDI_ESCAPECB)(HANDLE hAdapter, const D3DDDICB_ESCAPE *);
typedef HRESULT (WDDM_API *PFND3DDDI_CREATEOVERLAYCB)(HANDLE hDevice, D3DDDICB_CREATEOVERLAY *);
typedef HRESULT (WDDM_API *PFND3DDDI_UPDATEOVERLAYCB)(HANDLE hDevice, const D3DDDICB_UPDATEOVERLAY *);
typedef HRESULT (WDDM_API *PFND3DDDI_FLIPOVERLAYCB)(HANDLE hDevice, const D3DDDICB_FLIPOVERLAY *);
typedef HRESULT (WDDM_API *PFND3DDDI_DESTROYOVERLAYCB)(HANDLE hDevice, const D3DDDICB_DESTROYOVERLAY *);
typedef HRESULT (WDDM_API *PFND3DDDI_CREATECONTEXTCB)(HANDLE hDevice, D3DDDICB_CREATECONTEXT *);
typedef HRESULT (WDDM_API *PFND3DDDI_DESTROYCONTEXTCB)(HANDLE hDevice, const D3DDDICB_DESTROYCONTEXT *);
typedef HRESULT (WDDM_API *PFND3DDDI_CREATESYNCHRONIZATIONOBJECTCB)(
    HANDLE hDevice, D3DDDICB_CREATESYNCHRONIZATIONOBJECT *);
typedef HRESULT (WDDM_API *PFND3DDDI_DESTROYSYNCHRONIZATIONOBJECTCB)(
    HANDLE hDevice, const D3DDDICB_DESTROYSYNCHRONIZATIONOBJECT *);
typedef HRESULT (WDDM_API *PFND3DDDI_WAITFORSYNCHRONIZATIONOBJECTCB)(
    HANDLE hDevice, const D3DDDICB_WAITFORSYNCHRONIZATIONOBJECT *);
typedef HRESULT (WDDM_API *PFND3DDDI_SIGNALSYNCHRONIZATIONOBJECTCB)(
    HANDLE hDevice, const D3DDDICB_SIGNALSYNCHRONIZATIONOBJECT *);
/* pfnSetAsyncCallbacksCb: "Only DirectX 9 and Direct 9L versions of the
 * runtime support [it]. DirectX 10 and later versions of the runtime set the
 * pfnSetAsyncCallbacksCb member to NULL". */
typedef HRESULT (WDDM_API *PFND3DDDI_SETASYNCCALLBACKSCB)(HANDLE hDevice, BOOL Enable);
typedef HRESULT (WDDM_API *PFND3DDDI_SETDISPLAYPRIVATEDRIVERFORMATCB)(
    HANDLE hDevice, D3DDDICB_SETDISPLAYPRIVATEDRIVERFORMAT *);

typedef HRESULT (WDDM_API *PFND3DDDI_QUERYADAPTERINFOCB)(HANDLE hAdapter, const D3DDDICB_QUERYADAPTERINFO *);
typedef HRESULT (WDDM_API *PFND3DDDI_GETMULTISAMPLEMETHODLISTCB)(
    HANDLE hAdapter, D3DDDICB_GETMULTISAMPLEMETHODLIST *);

/* D3DDDI_DEVICECALLBACKS: the 22 members the page lists before
 * "#if (D3D_UMD_INTERFACE_VERSION >= D3D_UMD_INTERFACE_VERSION_WIN8)", in
 * that order.  The WIN8 / WDDM 1.3 / WDDM 2.x members that follow on the page
 * (pfnOfferAllocationsCb ... ) belong to later interface versions and are not
 * declared: the runtime owns this table and the UMD only reads from it. */
#define D3DDDI_DEVICECALLBACKS_ENTRIES 22
typedef struct _D3DDDI_DEVICECALLBACKS {
    PFND3DDDI_ALLOCATECB pfnAllocateCb;
    PFND3DDDI_DEALLOCATECB pfnDeallocateCb;
    PFND3DDDI_SETPRIORITYCB pfnSetPriorityCb;
    PFND3DDDI_QUERYRESIDENCYCB pfnQueryResidencyCb;
    PFND3DDDI_SETDISPLAYMODECB pfnSetDisplayModeCb;
    PFND3DDDI_PRESENTCB pfnPresentCb;
    PFND3DDDI_RENDERCB pfnRenderCb;
    PFND3DDDI_LOCKCB pfnLockCb;
    PFND3DDDI_UNLOCKCB pfnUnlockCb;
    PFND3DDDI_ESCAPECB pfnEscapeCb;
    PFND3DDDI_CREATEOVERLAYCB pfnCreateOverlayCb;
    PFND3DDDI_UPDATEOVERLAYCB pfnUpdateOverlayCb;
    PFND3DDDI_FLIPOVERLAYCB pfnFlipOverlayCb;
    PFND3DDDI_DESTROYOVERLAYCB pfnDestroyOverlayCb;
    PFND3DDDI_CREATECONTEXTCB pfnCreateContextCb;
    PFND3DDDI_DESTROYCONTEXTCB pfnDestroyContextCb;
    PFND3DDDI_CREATESYNCHRONIZATIONOBJECTCB pfnCreateSynchronizationObjectCb;
    PFND3DDDI_DESTROYSYNCHRONIZATIONOBJECTCB pfnDestroySynchronizationObjectCb;
    PFND3DDDI_WAITFORSYNCHRONIZATIONOBJECTCB pfnWaitForSynchronizationObjectCb;
    PFND3DDDI_SIGNALSYNCHRONIZATIONOBJECTCB pfnSignalSynchronizationObjectCb;
    PFND3DDDI_SETASYNCCALLBACKSCB pfnSetAsyncCallbacksCb;
    PFND3DDDI_SETDISPLAYPRIVATEDRIVERFORMATCB pfnSetDisplayPrivateDriverFormatCb;
} D3DDDI_DEVICECALLBACKS;

/* D3DDDI_ADAPTERCALLBACKS: pfnQueryAdapterInfoCb, pfnGetMultisampleMethodListCb
 * (a later pfnQueryAdapterInfoCb2 is listed without description and is not
 * declared). */
#define D3DDDI_ADAPTERCALLBACKS_ENTRIES 2
typedef struct _D3DDDI_ADAPTERCALLBACKS {
    PFND3DDDI_QUERYADAPTERINFOCB pfnQueryAdapterInfoCb;
    PFND3DDDI_GETMULTISAMPLEMETHODLISTCB pfnGetMultisampleMethodListCb;
} D3DDDI_ADAPTERCALLBACKS;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_D3DDDI_CALLBACKS_H */
