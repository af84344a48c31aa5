/* SPDX-License-Identifier: MIT */
/*
 * Sable: scheduling / render / paging DDI types (d3dkmddi.h, d3dukmdt.h),
 * written from Microsoft's public reference pages for DXGKARG_RENDER,
 * D3DDDI_ALLOCATIONLIST, D3DDDI_PATCHLOCATIONLIST, DXGK_ALLOCATIONLIST,
 * DXGKARG_PATCH, DXGKARG_SUBMITCOMMAND, DXGKARG_BUILDPAGINGBUFFER,
 * DXGK_BUILDPAGINGBUFFER_OPERATION, DXGK_TRANSFERFLAGS, DXGKARG_CREATEDEVICE,
 * DXGKARG_CREATECONTEXT, DXGKARG_QUERYCURRENTFENCE, DXGKARG_PREEMPTCOMMAND.
 */
#ifndef SABLE_WDDM_RENDER_H
#define SABLE_WDDM_RENDER_H

#include "wddm_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- allocation and patch lists ---- */

/* D3DDDI_ALLOCATIONLIST (UMD -> runtime). */
typedef struct _D3DDDI_ALLOCATIONLIST {
    D3DKMT_HANDLE hAllocation;
    union {
        struct {
            UINT WriteOperation : 1;
            UINT DoNotRetireInstance : 1;
            UINT OfferPriority : 3; /* Windows 8 */
            UINT Reserved : 27;
        };
        UINT Value;
    };
} D3DDDI_ALLOCATIONLIST;

/* D3DDDI_PATCHLOCATIONLIST. */
typedef struct _D3DDDI_PATCHLOCATIONLIST {
    UINT AllocationIndex;
    union {
        struct {
            UINT SlotId : 24;
            UINT Reserved : 8;
        };
        UINT Value;
    };
    UINT DriverId;
    UINT AllocationOffset;
    UINT PatchOffset;
    UINT SplitOffset;
} D3DDDI_PATCHLOCATIONLIST;

/* DXGK_ALLOCATIONLIST (dxgkrnl -> KMD in Render/Patch). */
typedef struct _DXGK_ALLOCATIONLIST {
    HANDLE hDeviceSpecificAllocation;
    struct {
        UINT WriteOperation : 1;
        UINT SegmentId : 5;
        UINT Reserved : 26;
    };
    PHYSICAL_ADDRESS PhysicalAddress;
} DXGK_ALLOCATIONLIST;

/* ---- Render / Patch / SubmitCommand ---- */

typedef struct _DXGKARG_RENDER {
    const VOID *pCommand;
    UINT CommandLength;
    VOID *pDmaBuffer;
    UINT DmaSize;
    VOID *pDmaBufferPrivateData;
    UINT DmaBufferPrivateDataSize;
    DXGK_ALLOCATIONLIST *pAllocationList;
    UINT AllocationListSize;
    D3DDDI_PATCHLOCATIONLIST *pPatchLocationListIn;
    UINT PatchLocationListInSize;
    D3DDDI_PATCHLOCATIONLIST *pPatchLocationListOut;
    UINT PatchLocationListOutSize;
    UINT MultipassOffset;
    UINT DmaBufferSegmentId;
    PHYSICAL_ADDRESS DmaBufferPhysicalAddress;
} DXGKARG_RENDER;

/* DXGK_PATCHFLAGS (Microsoft's page): the first bits are Paging, Present,
 * RedirectedPresent, NullRendering; the rest are left in Reserved (the KMD
 * does not read DXGK_PATCHFLAGS beyond Value). */
typedef struct _DXGK_PATCHFLAGS {
    union {
        struct {
            UINT Paging : 1;
            UINT Present : 1;
            UINT RedirectedPresent : 1;
            UINT NullRendering : 1;
            UINT Reserved : 28;
        };
        UINT Value;
    };
} DXGK_PATCHFLAGS;

/* DXGK_SUBMITCOMMANDFLAGS (Microsoft's page): every documented bit, in
 * order, through VirtualMachineData (bit 8). */
typedef struct _DXGK_SUBMITCOMMANDFLAGS {
    union {
        struct {
            UINT Paging : 1;             /* 0x00000001 */
            UINT Present : 1;            /* 0x00000002 */
            UINT RedirectedPresent : 1;  /* 0x00000004 */
            UINT NullRendering : 1;      /* 0x00000008 */
            UINT Flip : 1;               /* 0x00000010 */
            UINT FlipWithNoWait : 1;     /* 0x00000020 */
            UINT ContextSwitch : 1;      /* 0x00000040 */
            UINT Resubmission : 1;       /* 0x00000080 */
            UINT VirtualMachineData : 1; /* 0x00000100 */
            UINT Reserved : 23;
        };
        UINT Value;
    };
} DXGK_SUBMITCOMMANDFLAGS;

typedef struct _DXGKARG_PATCH {
    union {
        HANDLE hDevice;
        HANDLE hContext;
    };
    UINT DmaBufferSegmentId;
    PHYSICAL_ADDRESS DmaBufferPhysicalAddress;
    VOID *pDmaBuffer;
    UINT DmaBufferSize;
    UINT DmaBufferSubmissionStartOffset;
    UINT DmaBufferSubmissionEndOffset;
    VOID *pDmaBufferPrivateData;
    UINT DmaBufferPrivateDataSize;
    UINT DmaBufferPrivateDataSubmissionStartOffset;
    UINT DmaBufferPrivateDataSubmissionEndOffset;
    const DXGK_ALLOCATIONLIST *pAllocationList;
    UINT AllocationListSize;
    const D3DDDI_PATCHLOCATIONLIST *pPatchLocationList;
    UINT PatchLocationListSize;
    UINT PatchLocationListSubmissionStart;
    UINT PatchLocationListSubmissionLength;
    UINT SubmissionFenceId;
    DXGK_PATCHFLAGS Flags;
    UINT EngineOrdinal;
} DXGKARG_PATCH;

typedef struct _DXGKARG_SUBMITCOMMAND {
    union {
        HANDLE hDevice;
        HANDLE hContext;
    };
    UINT DmaBufferSegmentId;
    PHYSICAL_ADDRESS DmaBufferPhysicalAddress;
    UINT DmaBufferSize;
    UINT DmaBufferSubmissionStartOffset;
    UINT DmaBufferSubmissionEndOffset;
    VOID *pDmaBufferPrivateData;
    UINT DmaBufferPrivateDataSize;
    UINT DmaBufferPrivateDataSubmissionStartOffset;
    UINT DmaBufferPrivateDataSubmissionEndOffset;
    UINT SubmissionFenceId;
    D3DDDI_VIDEO_PRESENT_SOURCE_ID VidPnSourceId;
    D3DDDI_FLIPINTERVAL_TYPE FlipInterval;
    DXGK_SUBMITCOMMANDFLAGS Flags;
    UINT EngineOrdinal;
    D3DGPU_VIRTUAL_ADDRESS DmaBufferVirtualAddress; /* WDDM 2.0 */
    UINT NodeOrdinal;                               /* WDDM 2.0 */
} DXGKARG_SUBMITCOMMAND;

/* ---- BuildPagingBuffer ---- */

/* DXGK_BUILDPAGINGBUFFER_OPERATION: values as documented. */
typedef enum _DXGK_BUILDPAGINGBUFFER_OPERATION {
    DXGK_OPERATION_TRANSFER = 0,
    DXGK_OPERATION_FILL = 1,
    DXGK_OPERATION_DISCARD_CONTENT = 2,
    DXGK_OPERATION_READ_PHYSICAL = 3,
    DXGK_OPERATION_WRITE_PHYSICAL = 4,
    DXGK_OPERATION_MAP_APERTURE_SEGMENT = 5,
    DXGK_OPERATION_UNMAP_APERTURE_SEGMENT = 6,
    DXGK_OPERATION_SPECIAL_LOCK_TRANSFER = 7,
    DXGK_OPERATION_VIRTUAL_TRANSFER = 8,
    DXGK_OPERATION_VIRTUAL_FILL = 9,
    DXGK_OPERATION_INIT_CONTEXT_RESOURCE = 10,
    DXGK_OPERATION_UPDATE_PAGE_TABLE = 11,
    DXGK_OPERATION_FLUSH_TLB = 12,
    DXGK_OPERATION_UPDATE_CONTEXT_ALLOCATION = 13,
    DXGK_OPERATION_COPY_PAGE_TABLE_ENTRIES = 14,
    DXGK_OPERATION_NOTIFY_RESIDENCY = 15,
    DXGK_OPERATION_SIGNAL_MONITORED_FENCE = 16,
    DXGK_OPERATION_MAP_APERTURE_SEGMENT2 = 17,
    DXGK_OPERATION_NOTIFY_FENCE_RESIDENCY = 18,
    DXGK_OPERATION_MAP_MMU = 19,
    DXGK_OPERATION_UNMAP_MMU = 20,
    DXGK_OPERATION_NOTIFY_RESIDENCY2 = 21,
    DXGK_OPERATION_NOTIFY_ALLOC = 22,
} DXGK_BUILDPAGINGBUFFER_OPERATION;

/* DXGK_TRANSFERFLAGS: bit positions stated by the documentation. */
typedef struct _DXGK_TRANSFERFLAGS {
    union {
        struct {
            UINT Swizzle : 1;          /* 0x01 */
            UINT Unswizzle : 1;        /* 0x02 */
            UINT AllocationIsIdle : 1; /* 0x04 */
            UINT TransferStart : 1;    /* 0x08 */
            UINT TransferEnd : 1;      /* 0x10 */
            UINT Reserved : 27;
        };
        UINT Value;
    };
} DXGK_TRANSFERFLAGS;

/* DXGK_DISCARDCONTENTFLAGS (d3dkmddi.h as published in MIT-licensed
 * copies): bit 0 AllocationIsIdle.  DXGK_MAPAPERTUREFLAGS (Microsoft's
 * page): bit 0 CacheCoherent ("the driver must ensure that cache coherency
 * is enforced on the pages that are mapped"). */
typedef struct _DXGK_DISCARDCONTENTFLAGS {
    union {
        struct {
            UINT AllocationIsIdle : 1; /* 0x00000001 */
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGK_DISCARDCONTENTFLAGS;

typedef struct _DXGK_MAPAPERTUREFLAGS {
    union {
        struct {
            UINT CacheCoherent : 1; /* 0x00000001 */
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGK_MAPAPERTUREFLAGS;

/* A segment-or-MDL location as used by Transfer.Source/Destination. */
typedef struct _DXGK_BUILDPAGINGBUFFER_LOCATION {
    UINT SegmentId; /* 0 => pMdl is valid */
    union {
        LARGE_INTEGER SegmentAddress;
        MDL *pMdl;
    };
} DXGK_BUILDPAGINGBUFFER_LOCATION;

/*
 * DXGKARG_BUILDPAGINGBUFFER.  The WDDM 1.x operation payloads are declared in
 * documented order.  The documentation's union also holds WDDM 2.x payloads
 * (VirtualTransfer, UpdatePageTable, ... MapApertureSegment2 etc.), and the
 * structure continues after the union with hSystemContext,
 * DmaBufferGpuVirtualAddress and DmaBufferWriteOffset.  Sable's KMD uses the
 * WDDM 1.x (physical segment) memory model, so those are NOT declared here:
 * sizeof(DXGKARG_BUILDPAGINGBUFFER) below is smaller than the WDK's, and code
 * must never allocate this structure for a real dxgkrnl.
 */
typedef struct _DXGKARG_BUILDPAGINGBUFFER {
    VOID *pDmaBuffer;
    UINT DmaSize;
    VOID *pDmaBufferPrivateData;
    UINT DmaBufferPrivateDataSize;
    DXGK_BUILDPAGINGBUFFER_OPERATION Operation;
    UINT MultipassOffset;
    union {
        struct {
            HANDLE hAllocation;
            UINT TransferOffset;
            SIZE_T TransferSize;
            DXGK_BUILDPAGINGBUFFER_LOCATION Source;
            DXGK_BUILDPAGINGBUFFER_LOCATION Destination;
            DXGK_TRANSFERFLAGS Flags;
            UINT MdlOffset;
        } Transfer;
        struct {
            HANDLE hAllocation;
            SIZE_T FillSize;
            UINT FillPattern;
            struct {
                UINT SegmentId;
                LARGE_INTEGER SegmentAddress;
            } Destination;
        } Fill;
        struct {
            HANDLE hAllocation;
            DXGK_DISCARDCONTENTFLAGS Flags;
            UINT SegmentId;
            PHYSICAL_ADDRESS SegmentAddress;
        } DiscardContent;
        struct {
            UINT SegmentId;
            PHYSICAL_ADDRESS PhysicalAddress;
        } ReadPhysical;
        struct {
            UINT SegmentId;
            PHYSICAL_ADDRESS PhysicalAddress;
        } WritePhysical;
        struct {
            HANDLE hDevice;
            HANDLE hAllocation;
            UINT SegmentId;
            SIZE_T OffsetInPages;
            SIZE_T NumberOfPages;
            PMDL pMdl;
            DXGK_MAPAPERTUREFLAGS Flags;
            ULONG MdlOffset;
        } MapApertureSegment;
        struct {
            HANDLE hDevice;
            HANDLE hAllocation;
            UINT SegmentId;
            SIZE_T OffsetInPages;
            SIZE_T NumberOfPages;
            PHYSICAL_ADDRESS DummyPage;
        } UnmapApertureSegment;
        struct {
            HANDLE hAllocation;
            UINT TransferOffset;
            SIZE_T TransferSize;
            DXGK_BUILDPAGINGBUFFER_LOCATION Source;
            DXGK_BUILDPAGINGBUFFER_LOCATION Destination;
            DXGK_TRANSFERFLAGS Flags;
            UINT SwizzlingRangeId;
            UINT SwizzlingRangeData;
        } SpecialLockTransfer;
    };
} DXGKARG_BUILDPAGINGBUFFER;

/* ---- devices and contexts ---- */

/* DXGK_CREATEDEVICEFLAGS (Microsoft's page): SystemDevice, GdiDevice, then
 * Reserved; d3dkmddi.h names bit 31 DXGK_DEVICE_RESERVED0 (a system bit the
 * KMD must ignore), declared here as Reserved0. */
typedef struct _DXGK_CREATEDEVICEFLAGS {
    union {
        struct {
            UINT SystemDevice : 1; /* 0x00000001 */
            UINT GdiDevice : 1;    /* 0x00000002 */
            UINT Reserved : 29;
            UINT Reserved0 : 1;    /* 0x80000000 */
        };
        UINT Value;
    };
} DXGK_CREATEDEVICEFLAGS;

/* DXGK_DEVICEINFO: sizes the KMD returns for the device's DMA buffers. */
typedef struct _DXGK_DEVICEINFOFLAGS {
    union {
        struct {
            UINT GuaranteedDmaBufferContract : 1;
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGK_DEVICEINFOFLAGS;

typedef struct _DXGK_DEVICEINFO {
    UINT DmaBufferSize;
    UINT DmaBufferSegmentSet;
    UINT DmaBufferPrivateDataSize;
    UINT AllocationListSize;
    UINT PatchLocationListSize;
    DXGK_DEVICEINFOFLAGS Flags;
} DXGK_DEVICEINFO;

/* DXGKARG_CREATEDEVICE (Microsoft's page): hDevice, then one union of Flags
 * [in] and pInfo (at 8: the WDDM 1.0 out-pointer, obsolete; a WDDM 2.x
 * driver must not write through it, since the same bytes carry Flags), then
 * Pasid and hKmdProcess (WDDM 2.0).  0x20 bytes on x64. */
typedef struct _DXGKARG_CREATEDEVICE {
    HANDLE hDevice;
    union {
        DXGK_CREATEDEVICEFLAGS Flags;
        DXGK_DEVICEINFO *pInfo;
    };
    ULONG Pasid;        /* WDDM 2.0 */
    HANDLE hKmdProcess; /* WDDM 2.0 */
} DXGKARG_CREATEDEVICE;

typedef struct _DXGK_CREATECONTEXTFLAGS {
    union {
        struct {
            UINT SystemContext : 1;
            UINT GdiContext : 1;
            UINT VirtualAddressing : 1;
            UINT SystemProtectedContext : 1;
            UINT HwQueueSupported : 1;
            UINT TestContext : 1;
            UINT Reserved : 26;
        };
        UINT Value;
    };
} DXGK_CREATECONTEXTFLAGS;

/* DXGK_CONTEXTINFO_CAPS (WDDM 2.0, Microsoft's page): NoPatchingRequired,
 * DriverManagesResidency, UseIoMmu. */
typedef struct _DXGK_CONTEXTINFO_CAPS {
    union {
        struct {
            UINT NoPatchingRequired : 1;     /* 0x00000001 */
            UINT DriverManagesResidency : 1; /* 0x00000002 */
            UINT UseIoMmu : 1;               /* 0x00000004 */
            UINT Reserved : 29;
        };
        UINT Value;
    };
} DXGK_CONTEXTINFO_CAPS;

/* DXGK_CONTEXTINFO (Microsoft's page) as dxgkrnl lays it out for the
 * interface the KMD claims (DRIVER_INITIALIZATION_DATA.Version is
 * DXGKDDI_INTERFACE_VERSION_WDDM3_2, past WDDM 2.0): the WDDM 1.x members,
 * Reserved (WIN7), then Caps and PagingCompanionNodeId.  0x20 bytes, so
 * DXGKARG_CREATECONTEXT is 0x48. */
typedef struct _DXGK_CONTEXTINFO {
    UINT DmaBufferSize;
    UINT DmaBufferSegmentSet;
    UINT DmaBufferPrivateDataSize;
    UINT AllocationListSize;
    UINT PatchLocationListSize;
    UINT Reserved;
    DXGK_CONTEXTINFO_CAPS Caps;  /* WDDM 2.0 */
    ULONG PagingCompanionNodeId; /* WDDM 2.0 */
} DXGK_CONTEXTINFO;

typedef struct _DXGKARG_CREATECONTEXT {
    HANDLE hContext;
    UINT NodeOrdinal;
    UINT EngineAffinity;
    DXGK_CREATECONTEXTFLAGS Flags;
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
    DXGK_CONTEXTINFO ContextInfo;
} DXGKARG_CREATECONTEXT;

/* ---- fences and preemption ---- */

typedef struct _DXGKARG_QUERYCURRENTFENCE {
    UINT CurrentFence; /* [out] */
    UINT NodeOrdinal;
    UINT EngineOrdinal;
} DXGKARG_QUERYCURRENTFENCE;

/* DXGK_PREEMPTCOMMANDFLAGS: a 32-bit flags union the page documents as
 * reserved; only Value is declared. */
typedef struct _DXGK_PREEMPTCOMMANDFLAGS {
    union { UINT Value; };
} DXGK_PREEMPTCOMMANDFLAGS;

/* DXGKARG_PREEMPTCOMMAND (Microsoft's page): PreemptionFenceId, NodeOrdinal,
 * EngineOrdinal, Flags at 0, 4, 8, 0xC.  (The last completed fence is what
 * the driver reports in the DMA_PREEMPTED interrupt, not an argument.) */
typedef struct _DXGKARG_PREEMPTCOMMAND {
    UINT PreemptionFenceId;
    UINT NodeOrdinal;
    UINT EngineOrdinal;
    DXGK_PREEMPTCOMMANDFLAGS Flags;
} DXGKARG_PREEMPTCOMMAND;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_RENDER_H */
