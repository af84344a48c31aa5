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

/* DXGKCB_NOTIFY_INTERRUPT_DATA_FLAGS (Microsoft's page): bit 0
 * ValidPhysicalAdapterMask (CrtcVsync.PhysicalAdapterMask is meaningful);
 * later bits are left in Reserved (the KMD sets none). */
typedef struct _DXGKCB_NOTIFY_INTERRUPT_DATA_FLAGS {
    union {
        struct {
            UINT ValidPhysicalAdapterMask : 1; /* 0x00000001 */
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGKCB_NOTIFY_INTERRUPT_DATA_FLAGS;

/*
 * DXGKARGCB_NOTIFY_INTERRUPT_DATA (Microsoft's page).  The DMA payloads and
 * CrtcVsync / DisplayOnlyVsync are declared as documented; the union's other
 * members (page faults, monitored fences, MPO vsyncs, ...) are not, but its
 * documented last member Reserved (UINT[16]) fixes the union at 0x40 bytes,
 * 8-aligned (CrtcVsync holds a PHYSICAL_ADDRESS), so Flags is at 0x48 and
 * the structure is 0x50 bytes on x64, as the issue-16 cross-check measured.
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
        struct {
            UINT Reserved[16];
        } Reserved;
    };
    DXGKCB_NOTIFY_INTERRUPT_DATA_FLAGS Flags;
} DXGKARGCB_NOTIFY_INTERRUPT_DATA;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_INTERRUPT_H */
