/* SPDX-License-Identifier: MIT */
/*
 * Sable: allocation DDI types (d3dkmddi.h / d3dkmdt.h), written from
 * Microsoft's public reference pages for DXGKARG_CREATEALLOCATION,
 * DXGK_ALLOCATIONINFO, DXGK_ALLOCATIONINFOFLAGS, DXGKARG_DESTROYALLOCATION,
 * DXGKARG_DESCRIBEALLOCATION, DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA,
 * DXGKARG_OPENALLOCATION, DXGK_OPENALLOCATIONINFO, DXGKARG_CLOSEALLOCATION.
 */
#ifndef SABLE_WDDM_ALLOC_H
#define SABLE_WDDM_ALLOC_H

#include "wddm_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* DXGK_SEGMENTBANKPREFERENCE / DXGK_SEGMENTPREFERENCE: 32-bit unions of
 * 5/6-bit identifiers (documented bit-fields: Bank0..Bank3 with Direction
 * bits; SegmentId0..SegmentId4 with Direction bits).  Sable uses Value. */
typedef struct _DXGK_SEGMENTBANKPREFERENCE {
    union {
        struct {
            UINT Bank0 : 7;
            UINT Direction0 : 1;
            UINT Bank1 : 7;
            UINT Direction1 : 1;
            UINT Bank2 : 7;
            UINT Direction2 : 1;
            UINT Bank3 : 7;
            UINT Direction3 : 1;
        };
        UINT Value;
    };
} DXGK_SEGMENTBANKPREFERENCE;

typedef struct _DXGK_SEGMENTPREFERENCE {
    union {
        struct {
            UINT SegmentId0 : 5;
            UINT Direction0 : 1;
            UINT SegmentId1 : 5;
            UINT Direction1 : 1;
            UINT SegmentId2 : 5;
            UINT Direction2 : 1;
            UINT SegmentId3 : 5;
            UINT Direction3 : 1;
            UINT SegmentId4 : 5;
            UINT Direction4 : 1;
            UINT Reserved : 2;
        };
        UINT Value;
    };
} DXGK_SEGMENTPREFERENCE;

/* DXGK_ALLOCATIONINFOFLAGS: bits in documented order (bit positions are
 * stated by the documentation for each member up to bit 16). */
typedef struct _DXGK_ALLOCATIONINFOFLAGS {
    union {
        struct {
            UINT CpuVisible : 1;                   /* 0x00000001 */
            UINT PermanentSysMem : 1;              /* 0x00000002 */
            UINT Cached : 1;                       /* 0x00000004 */
            UINT Protected : 1;                    /* 0x00000008 */
            UINT ExistingSysMem : 1;               /* 0x00000010 */
            UINT ExistingKernelSysMem : 1;         /* 0x00000020 */
            UINT FromEndOfSegment : 1;             /* 0x00000040 */
            UINT Swizzled : 1;                     /* 0x00000080 */
            UINT Overlay : 1;                      /* 0x00000100 */
            UINT Capture : 1;                      /* 0x00000200 */
            UINT UseAlternateVA : 1;               /* 0x00000400 */
            UINT SynchronousPaging : 1;            /* 0x00000800 */
            UINT LinkMirrored : 1;                 /* 0x00001000 */
            UINT LinkInstanced : 1;                /* 0x00002000 */
            UINT HistoryBuffer : 1;                /* 0x00004000 */
            UINT AccessedPhysically : 1;           /* 0x00008000 */
            UINT ExplicitResidencyNotification : 1;/* 0x00010000 */
            UINT HardwareProtected : 1;            /* listed, no bit stated */
            UINT CpuVisibleOnDemand : 1;           /* listed, no bit stated */
            UINT Reserved : 13;
        };
        UINT Value;
    };
} DXGK_ALLOCATIONINFOFLAGS;

/* DXGK_ALLOCATIONINFOFLAGS_WDDM2_0: a 32-bit flags union (bits not used by
 * Sable's WDDM 1.x-style memory model; only Value declared). */
typedef struct _DXGK_ALLOCATIONINFOFLAGS_WDDM2_0 {
    union { UINT Value; };
} DXGK_ALLOCATIONINFOFLAGS_WDDM2_0;

/* DXGK_ALLOCATIONUSAGEHINT: passed by pointer only; opaque here. */
typedef struct _DXGK_ALLOCATIONUSAGEHINT DXGK_ALLOCATIONUSAGEHINT;

/* DXGK_ALLOCATIONINFOFLAGS2 (WDDM 3.0, Microsoft's page): bit 0
 * ShareBackingStoreWithKmd; the WDDM 3.2 bits after it are not used by Sable
 * and left in Reserved. */
typedef struct _DXGK_ALLOCATIONINFOFLAGS2 {
    union {
        struct {
            UINT ShareBackingStoreWithKmd : 1; /* 0x00000001 */
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGK_ALLOCATIONINFOFLAGS2;

/* DXGK_ALLOCATIONINFO (Microsoft's page), WDDM 3.0 on x64: Flags2 fills the
 * tail padding after AllocationPriority, so the size stays 0x58. */
typedef struct _DXGK_ALLOCATIONINFO {
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    UINT Alignment;
    SIZE_T Size;
    SIZE_T PitchAlignedSize;
    DXGK_SEGMENTBANKPREFERENCE HintedBank;
    DXGK_SEGMENTPREFERENCE PreferredSegment;
    UINT SupportedReadSegmentSet;
    UINT SupportedWriteSegmentSet;
    UINT EvictionSegmentSet;
    union {
        UINT MaximumRenamingListLength;
        UINT PhysicalAdapterIndex;
    };
    HANDLE hAllocation;
    union {
        DXGK_ALLOCATIONINFOFLAGS Flags;
        DXGK_ALLOCATIONINFOFLAGS_WDDM2_0 FlagsWddm2;
    };
    DXGK_ALLOCATIONUSAGEHINT *pAllocationUsageHint;
    UINT AllocationPriority;
    DXGK_ALLOCATIONINFOFLAGS2 Flags2; /* WDDM 3.0, x64 */
} DXGK_ALLOCATIONINFO;

/* DXGK_CREATEALLOCATIONFLAGS: documented bit-field flags; "setting all of
 * the bit-field flags to 0 indicates that allocations belong to the device". */
typedef struct _DXGK_CREATEALLOCATIONFLAGS {
    union {
        struct {
            UINT Resource : 1;
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGK_CREATEALLOCATIONFLAGS;

typedef struct _DXGKARG_CREATEALLOCATION {
    const VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    UINT NumAllocations;
    DXGK_ALLOCATIONINFO *pAllocationInfo;
    HANDLE hResource;
    DXGK_CREATEALLOCATIONFLAGS Flags;
} DXGKARG_CREATEALLOCATION;

typedef struct _DXGK_DESTROYALLOCATIONFLAGS {
    union {
        struct {
            UINT DestroyResource : 1;
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGK_DESTROYALLOCATIONFLAGS;

typedef struct _DXGKARG_DESTROYALLOCATION {
    UINT NumAllocations;
    const HANDLE *pAllocationList;
    HANDLE hResource;
    DXGK_DESTROYALLOCATIONFLAGS Flags;
} DXGKARG_DESTROYALLOCATION;

/* DXGK_DESCRIBEALLOCATIONFLAGS: 32-bit flags union (only Value declared). */
typedef struct _DXGK_DESCRIBEALLOCATIONFLAGS {
    union { UINT Value; };
} DXGK_DESCRIBEALLOCATIONFLAGS;

typedef struct _DXGKARG_DESCRIBEALLOCATION {
    HANDLE hAllocation;
    UINT Width;
    UINT Height;
    D3DDDIFORMAT Format;
    D3DDDI_MULTISAMPLINGMETHOD MultisampleMethod;
    D3DDDI_RATIONAL RefreshRate;
    UINT PrivateDriverFormatAttribute;
    DXGK_DESCRIBEALLOCATIONFLAGS Flags;
    D3DDDI_ROTATION Rotation;
} DXGKARG_DESCRIBEALLOCATION;

/* D3DKMDT_STANDARDALLOCATION_TYPE (d3dkmdt.h). */
typedef enum _D3DKMDT_STANDARDALLOCATION_TYPE {
    D3DKMDT_STANDARDALLOCATION_SHAREDPRIMARYSURFACE = 1,
    D3DKMDT_STANDARDALLOCATION_SHADOWSURFACE = 2,
    D3DKMDT_STANDARDALLOCATION_STAGINGSURFACE = 3,
    D3DKMDT_STANDARDALLOCATION_GDISURFACE = 4,
} D3DKMDT_STANDARDALLOCATION_TYPE;

typedef struct _D3DKMDT_SHAREDPRIMARYSURFACEDATA {
    UINT Width;
    UINT Height;
    D3DDDIFORMAT Format;
    D3DDDI_RATIONAL RefreshRate;
    D3DDDI_VIDEO_PRESENT_SOURCE_ID VidPnSourceId;
} D3DKMDT_SHAREDPRIMARYSURFACEDATA;

typedef struct _D3DKMDT_SHADOWSURFACEDATA {
    UINT Width;
    UINT Height;
    D3DDDIFORMAT Format;
    UINT Pitch; /* [out] */
} D3DKMDT_SHADOWSURFACEDATA;

typedef struct _D3DKMDT_STAGINGSURFACEDATA {
    UINT Width;
    UINT Height;
    UINT Pitch; /* [out] */
} D3DKMDT_STAGINGSURFACEDATA;

/* D3DKMDT_GDISURFACEDATA: display/GDI path, not declared yet (opaque). */
typedef struct _D3DKMDT_GDISURFACEDATA D3DKMDT_GDISURFACEDATA;

typedef struct _DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA {
    D3DKMDT_STANDARDALLOCATION_TYPE StandardAllocationType;
    union {
        D3DKMDT_SHAREDPRIMARYSURFACEDATA *pCreateSharedPrimarySurfaceData;
        D3DKMDT_SHADOWSURFACEDATA *pCreateShadowSurfaceData;
        D3DKMDT_STAGINGSURFACEDATA *pCreateStagingSurfaceData;
        D3DKMDT_GDISURFACEDATA *pCreateGdiSurfaceData;
    };
    VOID *pAllocationPrivateDriverData;
    UINT AllocationPrivateDriverDataSize;
    VOID *pResourcePrivateDriverData;
    UINT ResourcePrivateDriverDataSize;
} DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA;

typedef struct _DXGK_OPENALLOCATIONINFO {
    D3DKMT_HANDLE hAllocation;
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    HANDLE hDeviceSpecificAllocation; /* [out] */
} DXGK_OPENALLOCATIONINFO;

typedef struct _DXGK_OPENALLOCATIONFLAGS {
    union {
        struct {
            UINT Create : 1;
            UINT ReadOnly : 1;
            UINT Reserved : 30;
        };
        UINT Value;
    };
} DXGK_OPENALLOCATIONFLAGS;

/* DXGKARG_OPENALLOCATION (Microsoft's page): the resource's private data
 * size is named PrivateDriverSize; WDDM 2.0 appends SubresourceIndex,
 * SubresourceOffset and Pitch.  0x38 bytes on x64. */
typedef struct _DXGKARG_OPENALLOCATION {
    UINT NumAllocations;
    DXGK_OPENALLOCATIONINFO *pOpenAllocation;
    VOID *pPrivateDriverData;
    UINT PrivateDriverSize;
    DXGK_OPENALLOCATIONFLAGS Flags;
    UINT SubresourceIndex;    /* WDDM 2.0 */
    SIZE_T SubresourceOffset; /* WDDM 2.0 */
    UINT Pitch;               /* WDDM 2.0 */
} DXGKARG_OPENALLOCATION;

typedef struct _DXGKARG_CLOSEALLOCATION {
    UINT NumAllocations;
    const HANDLE *pOpenHandleList;
} DXGKARG_CLOSEALLOCATION;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_ALLOC_H */
