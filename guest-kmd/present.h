/* SPDX-License-Identifier: MIT */
/*
 * DxgkDdiPresent, Blt: copy SrcRect of the source allocation
 * (pAllocationList[DXGK_PRESENT_SOURCE_INDEX]) to DstRect of the
 * destination (pAllocationList[DXGK_PRESENT_DESTINATION_INDEX]), or each
 * of the pDstSubRects (inside DstRect) from the matching part of SrcRect.
 * One packet per rectangle: COPY_2D when both surfaces have the same
 * format and the device has FEATURE_TILING (either may be TILE_Y), else
 * BLIT_2D (a format conversion). Address fields get the pre-patched
 * address when the list element has a SegmentId, else 0, and an output
 * patch location each (AllocationIndex 1 or 2), as Render's output is
 * patched. When the DMA buffer or the patch list is full:
 * STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER with MultipassOffset = the next
 * rectangle. Flip: no destination, the source a primary of source 0;
 * the DMA buffer holds one NOP (a fenced submission in the context's
 * order) and dxgkrnl calls DxgkDdiSetVidPnSourceAddress with the source
 * once it completed. Everything is checked before anything is written;
 * statuses in present.c.
 */
#ifndef KMD_PRESENT_H
#define KMD_PRESENT_H

#include "device.h"

NTSTATUS kmd_present(KmdContext *c, DXGKARG_PRESENT *args);

#endif
