/* SPDX-License-Identifier: MIT */
/*
 * winsim's VidSch (minimal): fence ids per node, SubmitCommand, completion
 * through ISR -> DxgkCbNotifyInterrupt -> DPC -> DxgkCbNotifyDpc, and
 * waiting by letting the device advance. When a wait sees no completion
 * for query_after_ns of device time it asks DxgkDdiQueryCurrentFence (again
 * every query_after_ns), as dxgkrnl does when it suspects a missed
 * interrupt; the fence it returns must equal the last one notified. After
 * tdr_delay_ns without progress it starts a TDR.
 */
#ifndef WS_VIDSCH_H
#define WS_VIDSCH_H

#include "winsim.h"

#define WS_WAIT_STEP_NS 10000ull
#define WS_WAIT_LONG_STEP_NS 1000000ull /* once idle past query_after_ns */

/* Submit [gpu, gpu + size) of segment `segment` (ignored when size is 0)
 * on the context's node; returns SubmitCommand's status, the fence in
 * *fence. At most dma_queue_entries (RequiredDmaQueueEntry) submissions
 * are in flight per node: beyond, it waits for the oldest. A context a TDR
 * put in error gets STATUS_DEVICE_REMOVED and nothing reaches the KMD. */
NTSTATUS ws_submit(WsSim *sim, HANDLE context, unsigned node, unsigned segment,
                   uint64_t gpu, uint32_t size, bool paging, uint32_t *fence);
/* Wait until `fence` retired on node: true. No progress for tdr_delay_ns of
 * device time is a timeout: the TDR (ws-tdr.h) runs; if it resubmitted the
 * fence's work (an innocent context; also an earlier TDR) the wait
 * follows the new fence, else it returns false (the work was aborted). */
bool ws_wait_fence(WsSim *sim, unsigned node, uint32_t fence);
/* A command buffer as the runtime hands it to dxgkrnl (D3DDDICB_RENDER),
 * or a present (D3DKMTPresent): then DxgkDdiPresent fills the DMA buffers
 * with `present`'s flags and rectangles, allocs is the three-element
 * present list (0 NULL, DXGK_PRESENT_SOURCE_INDEX, _DESTINATION_INDEX)
 * and cmd/patches are unused. */
typedef struct WsRender {
    HANDLE context;
    unsigned node;
    const void *cmd;
    uint32_t len;
    DXGK_ALLOCATIONLIST *allocs;     /* with residency filled in by VidMm */
    UINT nallocs;
    const D3DDDI_PATCHLOCATIONLIST *patches;
    UINT npatches;
    const DXGKARG_PRESENT *present;  /* non-NULL: a present */
    uint32_t fence;                  /* out: fence of the last part */
} WsRender;

/* Render (or Present) -> Patch -> SubmitCommand into DMA buffers of the
 * pool, repeated while the DDI reports STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER (DmaSize
 * capped by vidmm.dma_limit). Asynchronous: returns once submitted (waiting
 * only for a free DMA buffer); rd->fence is the last part's fence. Returns
 * Render's status, the submission's failure, or STATUS_DEVICE_REMOVED for
 * a context a TDR put in error. */
NTSTATUS ws_render(WsSim *sim, WsRender *rd);

/* The fence of work a TDR resubmitted (its latest resubmission), or the
 * fence itself. */
uint32_t ws_follow_fence(const WsNode *n, uint32_t fence);

/* Everything up to `fence` completed on node (at DPC time). */
void ws_retire(WsSim *sim, unsigned node, uint32_t fence);

/* DxgkDdiQueryCurrentFence for node, checked against the notified fence. */
uint32_t ws_query_current_fence(WsSim *sim, unsigned node);

#endif
