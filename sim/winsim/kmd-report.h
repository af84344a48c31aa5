/* SPDX-License-Identifier: MIT */
/*
 * What the KMD reports about its adapter, read as dxgkrnl reads it and
 * checked for consistency before winsim relies on it: DRIVERCAPS (node
 * count from GpuEngineTopology, swizzling ranges), the segments
 * (QUERYSEGMENT3: count, GPU ranges, CPU views inside the adapter's memory
 * resources, the paging buffer segment) and each context's DXGK_CONTEXTINFO
 * (DMA buffer size and segment set, list sizes). winsim uses only these
 * numbers, never Sable's own constants. A report that is inconsistent, or
 * beyond winsim's model (WS_MAX_*), refuses the adapter or the context with
 * the reason in sim->refused, as dxgkrnl fails a start it cannot use.
 */
#ifndef WS_KMD_REPORT_H
#define WS_KMD_REPORT_H

#include "winsim.h"

/* After StartDevice: DRIVERCAPS and segments into sim->caps, sim->nodes,
 * sim->vidmm.seg/out. False (sim->refused set) when the report is unusable. */
bool ws_report_read_adapter(WsSim *sim);

/* DxgkDdiCreateContext on `node` (refused without calling the KMD when the
 * adapter reported fewer nodes), its ContextInfo checked and recorded.
 * The system (paging) context's DMA buffer size and segment set size the
 * pool of DMA buffers VidSch fills (vidmm.h). */
NTSTATUS ws_context_create(WsSim *sim, HANDLE device, unsigned node, bool system,
                           HANDLE *context);
NTSTATUS ws_context_destroy(WsSim *sim, HANDLE context);
/* What the context's creation reported; NULL for a context winsim did not create. */
const WsContextInfo *ws_context_info(const WsSim *sim, HANDLE context);

/* Host view of [bus, bus + len) of a memory BAR the transport maps; NULL
 * when the range is not inside one. */
uint8_t *ws_bar_ptr(WsSim *sim, uint64_t bus, uint64_t len);
/* Host view of [gpu, gpu + len) of CPU-visible segment `id`; NULL if not. */
uint8_t *ws_segment_ptr(WsSim *sim, UINT id, uint64_t gpu, uint64_t len);

#endif
