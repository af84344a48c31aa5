/* SPDX-License-Identifier: MIT */
/*
 * Sable: DxgkDdiPresent (d3dkmddi.h), written from Microsoft's reference
 * pages for DXGKARG_PRESENT, DXGK_PRESENTFLAGS and DxgkDdiPresent.
 *
 * The allocation list: "The driver accesses the source allocation handle
 * through the hDeviceSpecificAllocation member of the
 * pAllocationList[DXGK_PRESENT_SOURCE_INDEX] element (that is, element 1)
 * ... destination ... pAllocationList[DXGK_PRESENT_DESTINATION_INDEX]
 * element (that is, element 2)"; "the first element in the allocation list
 * (element 0) is always NULL"; a missing source or destination has a NULL
 * handle.
 */
#ifndef SABLE_WDDM_PRESENT_H
#define SABLE_WDDM_PRESENT_H

#include "wddm_types.h"
#include "wddm_render.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DXGK_PRESENT_SOURCE_INDEX 1
#define DXGK_PRESENT_DESTINATION_INDEX 2

/* DXGK_PRESENTFLAGS: bit positions stated by the page for each member
 * (Blt 0x1 ... FlipWithMultiPlaneOverlay 0x1000). RedirectedFlip is listed
 * after FlipWithMultiPlaneOverlay with no description; its bit (13) is
 * UNCERTAIN: the page's Reserved text says "the remaining 19 bits
 * (0xFFFFE000)", which leaves it no room. */
typedef struct _DXGK_PRESENTFLAGS {
    union {
        struct {
            UINT Blt : 1;                       /* 0x00000001 */
            UINT ColorFill : 1;                 /* 0x00000002 */
            UINT Flip : 1;                      /* 0x00000004 */
            UINT FlipWithNoWait : 1;            /* 0x00000008 */
            UINT SrcColorKey : 1;               /* 0x00000010 */
            UINT DstColorKey : 1;               /* 0x00000020 */
            UINT LinearToSrgb : 1;              /* 0x00000040 */
            UINT Rotate : 1;                    /* 0x00000080 */
            UINT FlipStereo : 1;                /* 0x00000100 */
            UINT FlipStereoTemporaryMono : 1;   /* 0x00000200 */
            UINT FlipStereoPreferRight : 1;     /* 0x00000400 */
            UINT BltStereoUseRight : 1;         /* 0x00000800 */
            UINT FlipWithMultiPlaneOverlay : 1; /* 0x00001000 */
            UINT RedirectedFlip : 1;            /* UNCERTAIN: 0x00002000 */
            UINT Reserved : 18;
        };
        UINT Value;
    };
} DXGK_PRESENTFLAGS;

/* "Reserved for system use": passed by pointer only. */
typedef struct _DXGK_PRESENTALLOCATIONINFO DXGK_PRESENTALLOCATIONINFO;
typedef struct _DXGK_PRESENTMULTIPLANEOVERLAYINFO DXGK_PRESENTMULTIPLANEOVERLAYINFO;

/*
 * DXGKARG_PRESENT, members in the page's order for a WDDM 2.0+ interface
 * (the union of pAllocationList/pAllocationInfo/
 * pPresentMultiPlaneOverlayInfo, then pPatchLocationListOut and
 * PatchLocationListOutSize; the page's syntax box shows the older
 * alternatives under #if). The last five members have no description on
 * the page; they are declared so the layout matches and left unused.
 */
typedef struct _DXGKARG_PRESENT {
    VOID *pDmaBuffer;                         /* [out] next free byte */
    UINT DmaSize;
    VOID *pDmaBufferPrivateData;
    UINT DmaBufferPrivateDataSize;
    union {
        DXGK_ALLOCATIONLIST *pAllocationList;
        DXGK_PRESENTALLOCATIONINFO *pAllocationInfo;
        DXGK_PRESENTMULTIPLANEOVERLAYINFO *pPresentMultiPlaneOverlayInfo;
    };
    D3DDDI_PATCHLOCATIONLIST *pPatchLocationListOut; /* [in/out] */
    UINT PatchLocationListOutSize;
    UINT MultipassOffset;                     /* [in/out] */
    UINT Color;                               /* A8R8G8B8 */
    RECT DstRect;
    RECT SrcRect;
    UINT SubRectCnt;
    const RECT *pDstSubRects;
    D3DDDI_FLIPINTERVAL_TYPE FlipInterval;
    DXGK_PRESENTFLAGS Flags;
    UINT DmaBufferSegmentId;
    PHYSICAL_ADDRESS DmaBufferPhysicalAddress;
    UINT Reserved;
    D3DGPU_VIRTUAL_ADDRESS DmaBufferGpuVirtualAddress;
    UINT NumSrcAllocations;
    UINT NumDstAllocations;
    UINT PrivateDriverDataSize;
    PVOID pPrivateDriverData;
} DXGKARG_PRESENT;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_PRESENT_H */
