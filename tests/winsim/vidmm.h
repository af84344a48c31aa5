/* SPDX-License-Identifier: MIT */
/*
 * winsim's VidMm (enough for paging): at adapter start it reads the
 * segments (QUERYSEGMENT3, two calls, as for a WDDM 1.2+ driver), creates the system device and the
 * paging context on node 0, and places the paging buffer in the segment
 * the KMD names, mapping it through BuildPagingBuffer MAP_APERTURE_SEGMENT;
 * likewise a pool of 64 KiB DMA buffers for Render (vidsch.h).
 * ws_paging() runs one paging operation as VidMm does: build, submit what
 * was written as a paging buffer, wait, and call again while the KMD says
 * STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER (MultipassOffset preserved).
 * Aperture and VRAM pages are handed out by page maps.
 */
#ifndef WS_VIDMM_H
#define WS_VIDMM_H

#include "winsim.h"

void ws_vidmm_init(WsSim *sim);
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
/* VRAM pages for an allocation: GPU address, false when VRAM is full. */
bool ws_vram_alloc(WsSim *sim, uint64_t size, uint64_t *gpu);
void ws_vram_free(WsSim *sim, uint64_t gpu, uint64_t size);

#endif
