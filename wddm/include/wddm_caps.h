/* SPDX-License-Identifier: MIT */
/*
 * Sable: DxgkDdiQueryAdapterInfo types (d3dkmddi.h), written from Microsoft's
 * public reference pages for DXGKARG_QUERYADAPTERINFO,
 * DXGK_QUERYADAPTERINFOTYPE, DXGK_DRIVERCAPS, DXGK_VIDSCHCAPS, DXGK_VIDMMCAPS,
 * DXGK_QUERYSEGMENTIN/OUT, DXGK_SEGMENTDESCRIPTOR and DXGK_SEGMENTFLAGS.
 */
#ifndef SABLE_WDDM_CAPS_H
#define SABLE_WDDM_CAPS_H

#include "wddm_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* DXGK_QUERYADAPTERINFOTYPE: values as documented. */
typedef enum _DXGK_QUERYADAPTERINFOTYPE {
    DXGKQAITYPE_UMDRIVERPRIVATE = 0,
    DXGKQAITYPE_DRIVERCAPS = 1,
    DXGKQAITYPE_QUERYSEGMENT = 2,
    DXGKQAITYPE_RESERVED = 3,
    DXGKQAITYPE_QUERYSEGMENT2 = 4,
    DXGKQAITYPE_QUERYSEGMENT3 = 5,
    DXGKQAITYPE_NUMPOWERCOMPONENTS = 6,
    DXGKQAITYPE_POWERCOMPONENTINFO = 7,
    DXGKQAITYPE_PREFERREDGPUNODE = 8,
    DXGKQAITYPE_POWERCOMPONENTPSTATEINFO = 9,
    DXGKQAITYPE_HISTORYBUFFERPRECISION = 10,
    DXGKQAITYPE_QUERYSEGMENT4 = 11,
    DXGKQAITYPE_SEGMENTMEMORYSTATE = 12,
    DXGKQAITYPE_GPUMMUCAPS = 13,
    DXGKQAITYPE_PAGETABLELEVELDESC = 14,
    DXGKQAITYPE_PHYSICALADAPTERCAPS = 15,
    DXGKQAITYPE_DISPLAY_DRIVERCAPS_EXTENSION = 16,
    DXGKQAITYPE_INTEGRATED_DISPLAY_DESCRIPTOR = 17,
    DXGKQAITYPE_UEFIFRAMEBUFFERRANGES = 18,
    DXGKQAITYPE_QUERYCOLORIMETRYOVERRIDES = 19,
    DXGKQAITYPE_DISPLAYID_DESCRIPTOR = 20,
    DXGKQAITYPE_FRAMEBUFFERSAVESIZE = 21,
    DXGKQAITYPE_HARDWARERESERVEDRANGES = 22,
    DXGKQAITYPE_INTEGRATED_DISPLAY_DESCRIPTOR2 = 23,
    DXGKQAITYPE_NODEPERFDATA = 24,
    DXGKQAITYPE_ADAPTERPERFDATA = 25,
    DXGKQAITYPE_ADAPTERPERFDATA_CAPS = 26,
    DXGKQAITYPE_GPUVERSION = 27,
    DXGKQAITYPE_DEVICE_TYPE_CAPS = 28,
    DXGKQAITYPE_WDDMDEVICECAPS = 29,
    DXGKQAITYPE_GPUPCAPS = 30,
    DXGKQAITYPE_QUERYTARGETGAMMACAPS = 31,
    /* 32 is not listed in the documentation. */
    DXGKQAITYPE_SCANOUT_CAPS = 33,
    DXGKQAITYPE_PHYSICAL_MEMORY_CAPS = 34,
    DXGKQAITYPE_IOMMU_CAPS = 35,
} DXGK_QUERYADAPTERINFOTYPE;

/* DXGK_QUERYADAPTERINFOFLAGS (WDDM 2.0): a 32-bit flags union; the individual
 * bits are not used by Sable and are not declared here. */
typedef struct _DXGK_QUERYADAPTERINFOFLAGS {
    union { UINT Value; };
} DXGK_QUERYADAPTERINFOFLAGS;

typedef struct _DXGKARG_QUERYADAPTERINFO {
    DXGK_QUERYADAPTERINFOTYPE Type;
    VOID *pInputData;
    UINT InputDataSize;
    VOID *pOutputData;
    UINT OutputDataSize;
    DXGK_QUERYADAPTERINFOFLAGS Flags; /* WDDM 2.0 */
    HANDLE hKmdProcessHandle;         /* WDDM 2.0 */
} DXGKARG_QUERYADAPTERINFO;

/* ---- capability flag unions carried in DXGK_DRIVERCAPS ---- */

/* Display-side caps (pointer, gamma, presentation, flip): each is documented
 * as a 32-bit union of bit-fields and Value.  Sable's render KMD reports none
 * of them yet, so only Value is declared (layout is what matters here). */
typedef struct _DXGK_POINTERFLAGS { union { UINT Value; }; } DXGK_POINTERFLAGS;
typedef struct _DXGK_GAMMARAMPCAPS { union { UINT Value; }; } DXGK_GAMMARAMPCAPS;
typedef struct _DXGK_COLORTRANSFORMCAPS { union { UINT Value; }; } DXGK_COLORTRANSFORMCAPS;
typedef struct _DXGK_PRESENTATIONCAPS { union { UINT Value; }; } DXGK_PRESENTATIONCAPS;
typedef struct _DXGK_FLIPCAPS { union { UINT Value; }; } DXGK_FLIPCAPS;

/* DXGK_VIDSCHCAPS (d3dkmddi.h; Microsoft's DXGK_VIDSCHCAPS page): every
 * documented bit, in order.  HwQueuePacketCap (WDDM 2.3) is 4 bits wide, so
 * NativeGpuFence is bit 11 and OptimizedNativeFenceSignaledInterrupt bit 12
 * (WDDM 3.1). */
typedef struct _DXGK_VIDSCHCAPS {
    union {
        struct {
            UINT MultiEngineAware : 1;                      /* 0x00000001 */
            UINT VSyncPowerSaveAware : 1;                   /* 0x00000002 */
            UINT PreemptionAware : 1;                       /* 0x00000004 */
            UINT NoDmaPatching : 1;                         /* 0x00000008 */
            UINT CancelCommandAware : 1;                    /* 0x00000010 */
            UINT No64BitAtomics : 1;                        /* 0x00000020 */
            UINT LowIrqlPreemptCommand : 1;                 /* 0x00000040 */
            UINT HwQueuePacketCap : 4;                      /* 0x00000780 */
            UINT NativeGpuFence : 1;                        /* 0x00000800 */
            UINT OptimizedNativeFenceSignaledInterrupt : 1; /* 0x00001000 */
            UINT Reserved : 19;
        };
        UINT Value;
    };
} DXGK_VIDSCHCAPS;

/* DXGK_VIDMMCAPS (Microsoft's DXGK_VIDMMCAPS page): every documented bit, in
 * order (through AlwaysPoweredVRAM, bit 17), then PagingNode. */
typedef struct _DXGK_VIDMMCAPS {
    union {
        struct {
            UINT OutOfOrderLock : 1;
            UINT DedicatedPagingEngine : 1;
            UINT PagingEngineCanSwizzle : 1;
            UINT SectionBackedPrimary : 1;
            UINT CrossAdapterResource : 1;
            UINT VirtualAddressingSupported : 1;
            UINT GpuMmuSupported : 1;
            UINT IoMmuSupported : 1;
            UINT ReplicateGdiContent : 1;
            UINT NonCpuVisiblePrimary : 1;
            UINT ParavirtualizationSupported : 1;
            UINT IoMmuSecureModeSupported : 1;
            UINT DisableSelfRefreshVRAMInS3 : 1;
            UINT IoMmuSecureModeRequired : 1;     /* 0x00002000 */
            UINT MapAperture2Supported : 1;       /* 0x00004000 */
            UINT CrossAdapterResourceTexture : 1; /* 0x00008000 */
            UINT CrossAdapterResourceScanout : 1; /* 0x00010000 */
            UINT AlwaysPoweredVRAM : 1;           /* 0x00020000 */
            UINT Reserved : 14;
        };
        UINT Value;
    };
    UINT PagingNode; /* WDDM 1.x only */
} DXGK_VIDMMCAPS;

/* DXGK_GPUENGINETOPOLOGY (Microsoft's page): the node count, then
 * UINT Reserved[DXGK_MAX_ASYMETRICAL_PROCESSING_NODES] (64): 0x104 bytes. */
#define DXGK_MAX_ASYMETRICAL_PROCESSING_NODES 64
typedef struct _DXGK_GPUENGINETOPOLOGY {
    UINT NbAsymetricProcessingNodes;
    UINT Reserved[DXGK_MAX_ASYMETRICAL_PROCESSING_NODES];
} DXGK_GPUENGINETOPOLOGY;

/* DXGK_WDDMVERSION: "reserved and should be set to zero" for WIN7+ drivers. */
typedef UINT DXGK_WDDMVERSION;

/* DXGK_VIRTUALADDRESSCAPS (reserved for system use): documented syntax is a
 * flags union plus six UINTs. */
typedef struct _DXGK_VIRTUALADDRESSCAPS_DEPRECATED {
    union {
        struct {
            UINT PrivilegedMemorySupported : 1;
            UINT ReadOnlyMemorySupported : 1;
            UINT Reserved : 30;
        };
        UINT Value;
    };
    UINT VirtualAddressBitCount;
    UINT PageTableCoverageBitCount;
    UINT PageDirectoryEntrySize;
    UINT PageDirectorySegment;
    UINT PageTableSegment;
    UINT IdealGPUPageSize;
} DXGK_VIRTUALADDRESSCAPS_DEPRECATED;

/* DXGK_DMABUFFERCAPS_DEPRECATED (reserved for system use): two blocks of
 * {Size, PrivateDriverDataSize, SegmentId, Reserved1, Reserved[16]}, 0xA0
 * bytes in all.  Settled from d3dkmddi.h as published in MIT-licensed
 * headers (ReactOS-derived sdk/include/ddk/d3dkmddi.h) and the size the
 * issue-16 cross-check measured; it only places the members after it. */
typedef struct _DXGK_DMABUFFERCAPS_DEPRECATED {
    struct {
        UINT Size;
        UINT PrivateDriverDataSize;
        UINT SegmentId;
        UINT Reserved1;
        UINT Reserved[16];
    } PresentDmaBuffer;
    struct {
        UINT Size;
        UINT PrivateDriverDataSize;
        UINT SegmentId;
        UINT Reserved1;
        UINT Reserved[16];
    } PagingDmaBuffer;
} DXGK_DMABUFFERCAPS_DEPRECATED;

/* D3DKMDT_PREEMPTION_CAPS (d3dkmdt.h): two granularity enums. */
typedef enum _D3DKMDT_GRAPHICS_PREEMPTION_GRANULARITY {
    D3DKMDT_GRAPHICS_PREEMPTION_NONE = 0,
    D3DKMDT_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY = 100,
    D3DKMDT_GRAPHICS_PREEMPTION_PRIMITIVE_BOUNDARY = 200,
    D3DKMDT_GRAPHICS_PREEMPTION_TRIANGLE_BOUNDARY = 300,
    D3DKMDT_GRAPHICS_PREEMPTION_PIXEL_BOUNDARY = 400,
    D3DKMDT_GRAPHICS_PREEMPTION_SHADER_BOUNDARY = 500,
} D3DKMDT_GRAPHICS_PREEMPTION_GRANULARITY;

typedef enum _D3DKMDT_COMPUTE_PREEMPTION_GRANULARITY {
    D3DKMDT_COMPUTE_PREEMPTION_NONE = 0,
    D3DKMDT_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY = 100,
    D3DKMDT_COMPUTE_PREEMPTION_DISPATCH_BOUNDARY = 200,
    D3DKMDT_COMPUTE_PREEMPTION_THREAD_GROUP_BOUNDARY = 300,
    D3DKMDT_COMPUTE_PREEMPTION_THREAD_BOUNDARY = 400,
    D3DKMDT_COMPUTE_PREEMPTION_SHADER_BOUNDARY = 500,
} D3DKMDT_COMPUTE_PREEMPTION_GRANULARITY;

typedef struct _D3DKMDT_PREEMPTION_CAPS {
    D3DKMDT_GRAPHICS_PREEMPTION_GRANULARITY GraphicsPreemptionGranularity;
    D3DKMDT_COMPUTE_PREEMPTION_GRANULARITY ComputePreemptionGranularity;
} D3DKMDT_PREEMPTION_CAPS;

/* DXGK_HWQUEUEDFLIP_CAPS (WDDM 2.9): a 32-bit flags union; Sable reports no
 * hardware-queued flips, so only Value is declared. */
typedef struct _DXGK_HWQUEUEDFLIP_CAPS {
    union { UINT Value; };
} DXGK_HWQUEUEDFLIP_CAPS;

/* DXGK_DRIVERCAPS (Microsoft's DXGK_DRIVERCAPS page): every member in
 * documented order through the WDDM 2.9 tail (MaxHwQueuedFlips,
 * HwQueuedFlipCaps); 0x250 bytes on x64, MiscCaps at 0x240.  dxgkrnl reads
 * the members after GpuEngineTopology at these offsets only if
 * GpuEngineTopology (0x104) and Reserved1 (0xA0) have their full sizes. */
typedef struct _DXGK_DRIVERCAPS {
    PHYSICAL_ADDRESS HighestAcceptableAddress;
    UINT MaxAllocationListSlotId;
    SIZE_T ApertureSegmentCommitLimit;
    UINT MaxPointerWidth;
    UINT MaxPointerHeight;
    DXGK_POINTERFLAGS PointerCaps;
    UINT InterruptMessageNumber;
    UINT NumberOfSwizzlingRanges;
    UINT MaxOverlays;
    union {
        DXGK_GAMMARAMPCAPS GammaRampCaps;
        DXGK_COLORTRANSFORMCAPS ColorTransformCaps;
    };
    DXGK_PRESENTATIONCAPS PresentationCaps;
    UINT MaxQueuedFlipOnVSync;
    DXGK_FLIPCAPS FlipCaps;
    DXGK_VIDSCHCAPS SchedulingCaps;
    DXGK_VIDMMCAPS MemoryManagementCaps;
    DXGK_GPUENGINETOPOLOGY GpuEngineTopology;
    DXGK_WDDMVERSION WDDMVersion;
    DXGK_VIRTUALADDRESSCAPS_DEPRECATED Reserved;
    DXGK_DMABUFFERCAPS_DEPRECATED Reserved1;
    D3DKMDT_PREEMPTION_CAPS PreemptionCaps;               /* Windows 8 */
    BOOLEAN SupportNonVGA;                                /* Windows 8 */
    BOOLEAN SupportSmoothRotation;                        /* Windows 8 */
    BOOLEAN SupportPerEngineTDR;                          /* Windows 8 */
    BOOLEAN SupportDirectFlip;                            /* Windows 8 */
    BOOLEAN SupportMultiPlaneOverlay;                     /* Windows 8.1 */
    BOOLEAN SupportRuntimePowerManagement;                /* Windows 8 */
    BOOLEAN SupportSurpriseRemovalInHibernation;          /* Windows 8 */
    BOOLEAN HybridDiscrete;                               /* Windows 8.1 */
    UINT MaxOverlayPlanes;                                /* Windows 8.1 */
    BOOLEAN HybridIntegrated;
    D3DGPU_VIRTUAL_ADDRESS InternalGpuVirtualAddressRangeStart;
    D3DGPU_VIRTUAL_ADDRESS InternalGpuVirtualAddressRangeEnd;
    BOOLEAN SupportSurpriseRemoval;
    BOOLEAN SupportMultiPlaneOverlayImmediateFlip;
    BOOLEAN CursorScaledWithMultiPlaneOverlayPlane0;
    BOOLEAN HybridAcpiChainingRequired;
    UINT MaxQueuedMultiPlaneOverlayFlipVSync;
    union {
        struct {
            UINT SupportContextlessPresent : 1;
            UINT Detachable : 1;
            UINT VirtualGpuOnly : 1;
            UINT ComputeOnly : 1;
            UINT IndependentVidPnVSyncControl : 1;
            UINT NoHybridDiscreteDListDllSupport : 1;
            UINT DisplayableSupport : 1;
            UINT NoHybridDiscreteDListDllMuxSupport : 1;
            UINT CursorDoesNotSupportXorBlendWithMultiPlaneOverlay : 1;
            UINT Reserved : 23;
        };
        UINT Value;
    } MiscCaps;
    UINT MaxHwQueuedFlips;                   /* WDDM 2.9 */
    DXGK_HWQUEUEDFLIP_CAPS HwQueuedFlipCaps; /* WDDM 2.9 */
} DXGK_DRIVERCAPS;

/* ---- segments ---- */

/* DXGK_SEGMENTFLAGS (Microsoft's DXGK_SEGMENTFLAGS page): every documented
 * bit, in order, through NonLocalBudgetGroup (bit 20). */
typedef struct _DXGK_SEGMENTFLAGS {
    union {
        struct {
            UINT Aperture : 1;
            UINT Agp : 1;
            UINT CpuVisible : 1;
            UINT UseBanking : 1;
            UINT CacheCoherent : 1;
            UINT PitchAlignment : 1;
            UINT PopulatedFromSystemMemory : 1;
            UINT PreservedDuringStandby : 1;
            UINT PreservedDuringHibernate : 1;
            UINT PartiallyPreservedDuringHibernate : 1;
            UINT DirectFlip : 1;
            UINT Use64KBPages : 1;
            UINT ReservedSysMem : 1;
            UINT SupportsCpuHostAperture : 1;
            UINT SupportsCachedCpuHostAperture : 1;
            UINT ApplicationTarget : 1;         /* 0x00008000 */
            UINT VprSupported : 1;              /* 0x00010000 */
            UINT VprPreservedDuringStandby : 1; /* 0x00020000 */
            UINT EncryptedPagingSupported : 1;  /* 0x00040000 */
            UINT LocalBudgetGroup : 1;          /* 0x00080000 */
            UINT NonLocalBudgetGroup : 1;       /* 0x00100000 */
            UINT Reserved : 11;
        };
        UINT Value;
    };
} DXGK_SEGMENTFLAGS;

typedef struct _DXGK_SEGMENTDESCRIPTOR {
    PHYSICAL_ADDRESS BaseAddress;
    PHYSICAL_ADDRESS CpuTranslatedAddress;
    SIZE_T Size;
    UINT NbOfBanks;
    SIZE_T *pBankRangeTable;
    SIZE_T CommitLimit;
    DXGK_SEGMENTFLAGS Flags;
} DXGK_SEGMENTDESCRIPTOR;

typedef struct _DXGK_QUERYSEGMENTIN {
    PHYSICAL_ADDRESS AgpApertureBase;
    LARGE_INTEGER AgpApertureSize;
    DXGK_SEGMENTFLAGS AgpFlags;
} DXGK_QUERYSEGMENTIN;

typedef struct _DXGK_QUERYSEGMENTOUT {
    UINT NbSegment;
    DXGK_SEGMENTDESCRIPTOR *pSegmentDescriptor;
    UINT PagingBufferSegmentId;
    UINT PagingBufferSize;
    UINT PagingBufferPrivateDataSize;
} DXGK_QUERYSEGMENTOUT;

/* DXGKQAITYPE_QUERYSEGMENT3: "memory-segment information that a Windows
 * Display Driver Model (WDDM) 1.2 or later display miniport driver should
 * return" (DXGK_QUERYSEGMENTOUT3 page); members in documented order. */
typedef struct _DXGK_SEGMENTDESCRIPTOR3 {
    DXGK_SEGMENTFLAGS Flags;
    PHYSICAL_ADDRESS BaseAddress;
    PHYSICAL_ADDRESS CpuTranslatedAddress;
    SIZE_T Size;
    UINT NbOfBanks;
    SIZE_T *pBankRangeTable;
    SIZE_T CommitLimit;
    SIZE_T SystemMemoryEndAddress;
    SIZE_T Reserved;
} DXGK_SEGMENTDESCRIPTOR3;

typedef struct _DXGK_QUERYSEGMENTOUT3 {
    UINT NbSegment;
    DXGK_SEGMENTDESCRIPTOR3 *pSegmentDescriptor;
    UINT PagingBufferSegmentId;
    UINT PagingBufferSize;
    UINT PagingBufferPrivateDataSize;
} DXGK_QUERYSEGMENTOUT3;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_CAPS_H */
