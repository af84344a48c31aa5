/* SPDX-License-Identifier: MIT */
/*
 * Sable: interrupt notification types (d3dkmddi.h), written from Microsoft's
 * public reference pages for DXGK_INTERRUPT_TYPE and
 * DXGKARGCB_NOTIFY_INTERRUPT_DATA.
 */
#ifndef SABLE_WDDM_INTERRUPT_H
#define SABLE_WDDM_INTERRUPT_H

#include "wddm_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* DXGK_INTERRUPT_TYPE: values as documented. */
typedef enum _DXGK_INTERRUPT_TYPE {
    DXGK_INTERRUPT_DMA_COMPLETED = 1,
    DXGK_INTERRUPT_DMA_PREEMPTED = 2,
    DXGK_INTERRUPT_CRTC_VSYNC = 3,
    DXGK_INTERRUPT_DMA_FAULTED = 4,
    DXGK_INTERRUPT_DISPLAYONLY_VSYNC = 5,
    DXGK_INTERRUPT_DISPLAYONLY_PRESENT_PROGRESS = 6,
    DXGK_INTERRUPT_CRTC_VSYNC_WITH_MULTIPLANE_OVERLAY = 7,
    DXGK_INTERRUPT_MICACAST_CHUNK_PROCESSING_COMPLETE = 8,
    DXGK_INTERRUPT_DMA_PAGE_FAULTED = 9,
    DXGK_INTERRUPT_CRTC_VSYNC_WITH_MULTIPLANE_OVERLAY2 = 10,
    DXGK_INTERRUPT_MONITORED_FENCE_SIGNALED = 11,
    DXGK_INTERRUPT_HWQUEUE_PAGE_FAULTED = 12,
    DXGK_INTERRUPT_HWCONTEXTLIST_SWITCH_COMPLETED = 13,
    DXGK_INTERRUPT_PERIODIC_MONITORED_FENCE_SIGNALED = 14,
    DXGK_INTERRUPT_SCHEDULING_LOG_INTERRUPT = 15,
    DXGK_INTERRUPT_GPU_ENGINE_TIMEOUT = 16,
    DXGK_INTERRUPT_SUSPEND_CONTEXT_COMPLETED = 17,
    DXGK_INTERRUPT_CRTC_VSYNC_WITH_MULTIPLANE_OVERLAY3 = 18,
    DXGK_INTERRUPT_NATIVE_FENCE_SIGNALED = 19,
    DXGK_INTERRUPT_GPU_ENGINE_STATE_CHANGE = 20,
} DXGK_INTERRUPT_TYPE;

/*
 * DXGKARGCB_NOTIFY_INTERRUPT_DATA.  The DMA payloads and CrtcVsync /
 * DisplayOnlyVsync are declared as documented.  The documentation's union
 * also holds larger members (DmaPageFaulted with a UINT64, a GPU VA and a
 * process handle; CrtcVsyncWithMultiPlaneOverlay2; Miracast; ...) and the
 * structure ends with a Flags union.  Those members are not declared, so
 * instead the union is padded with Reserved[] to a size that is not smaller
 * than any documented member would need.  UNCERTAIN: the exact WDK sizeof is
 * not documented; the KMD only ever passes this structure to the callback by
 * pointer, and winsim reads only InterruptType and the DMA payloads.
 */
typedef struct _DXGKARGCB_NOTIFY_INTERRUPT_DATA {
    DXGK_INTERRUPT_TYPE InterruptType;
    union {
        struct {
            UINT SubmissionFenceId;
            UINT NodeOrdinal;
            UINT EngineOrdinal;
        } DmaCompleted;
        struct {
            UINT PreemptionFenceId;
            UINT LastCompletedFenceId;
            UINT NodeOrdinal;
            UINT EngineOrdinal;
        } DmaPreempted;
        struct {
            UINT FaultedFenceId;
            NTSTATUS Status;
            UINT NodeOrdinal;
            UINT EngineOrdinal;
        } DmaFaulted;
        struct {
            D3DDDI_VIDEO_PRESENT_TARGET_ID VidPnTargetId;
            PHYSICAL_ADDRESS PhysicalAddress;
            UINT PhysicalAdapterMask;
        } CrtcVsync;
        struct {
            D3DDDI_VIDEO_PRESENT_TARGET_ID VidPnTargetId;
        } DisplayOnlyVsync;
        UINT64 Reserved[16]; /* room for undeclared members, see above */
    };
} DXGKARGCB_NOTIFY_INTERRUPT_DATA;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_INTERRUPT_H */
