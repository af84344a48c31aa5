/* SPDX-License-Identifier: MIT */
/*
 * winsim's VidMm (enough for paging): with the segments the KMD reported
 * (kmd-report.h) it creates the system device and the paging context on node
 * 0, places the paging buffer in the segment the KMD names, mapping it
 * through BuildPagingBuffer MAP_APERTURE_SEGMENT, and likewise a pool of
 * DMA buffers for Render (vidsch.h) of the size and in the segment the
 * paging context's ContextInfo asks for.
 * ws_paging() runs one paging operation as VidMm does: build, submit what
 * was written as a paging buffer, wait, and call again while the KMD says
 * STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER (MultipassOffset preserved).
 * Each segment's pages are handed out by a page map; system memory is
 * mapped through the first aperture segment (vidmm.aperture_id).
 */
#ifndef WS_VIDMM_H
#define WS_VIDMM_H

#include "winsim.h"

/* False (sim->refused set) when the paging context's report is unusable. */
bool ws_vidmm_init(WsSim *sim);
void ws_vidmm_destroy_contexts(WsSim *sim);
void ws_vidmm_release_memory(WsSim *sim);
NTSTATUS ws_paging(WsSim *sim, DXGKARG_BUILDPAGINGBUFFER *op);

/* Map the first `pages` pages of an MDL into free aperture pages; returns
 * the GPU address. */
uint64_t ws_aperture_map(WsSim *sim, struct _MDL *mdl, uint64_t pages);
/* The same for allocation `alloc` (its hAllocation named in the operation). */
uint64_t ws_aperture_map_alloc(WsSim *sim, HANDLE alloc, struct _MDL *mdl, uint64_t pages);
void ws_aperture_unmap_alloc(WsSim *sim, HANDLE alloc, uint64_t gpu, uint64_t pages);
/* UNMAP_APERTURE_SEGMENT of the pages at gpu (through the paging buffer);
 * the aperture pages become free. */
void ws_aperture_unmap(WsSim *sim, uint64_t gpu, uint64_t pages);
/* Map an MDL's pages into free pages of aperture segment `id`. */
uint64_t ws_segment_map(WsSim *sim, UINT id, HANDLE alloc, struct _MDL *mdl, uint64_t pages);
/* Pages of memory segment `id` for an allocation: GPU address, false when full. */
/* Runs of pages in use over all segments (leak accounting). */
unsigned ws_vidmm_runs(const WsSim *sim);
bool ws_segment_alloc(WsSim *sim, UINT id, uint64_t size, uint64_t *gpu);
void ws_segment_free(WsSim *sim, UINT id, uint64_t gpu, uint64_t size);

#endif
