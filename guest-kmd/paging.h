/* SPDX-License-Identifier: MIT */
/*
 * DxgkDdiBuildPagingBuffer (segments: 1 = VRAM, 2 = GART aperture; segment
 * addresses are GPU addresses, BaseAddress + offset). On return pDmaBuffer
 * points past the last packet written.
 * - MAP_APERTURE_SEGMENT: writes the GART entries with the CPU (the device
 *   has no TLB and VidMm maps only ranges no queued work uses); no packet.
 * - UNMAP_APERTURE_SEGMENT: GART_UPDATE packets pointing the range at the
 *   dummy page (DummyPage if given), ordered after earlier work.
 * - FILL: one FILL packet.
 * - TRANSFER between segments: one COPY packet. Between a segment and
 *   system memory (an MDL): per chunk of up to the KMD's GART window, a
 *   GART_UPDATE mapping the MDL pages into the window, then a COPY.
 *   TransferSize 0 writes nothing and succeeds (TDR cleanup).
 * - DISCARD_CONTENT: nothing to do (no compression or fast-clear state).
 * When the next packet does not fit, STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER
 * is returned; UNMAP (pages) and MDL transfers (bytes) keep their progress
 * in MultipassOffset, which VidMm zeroes before the first call and
 * preserves between calls. Ranges are checked against the segments and
 * MDLs before anything is written. Other operations: STATUS_NOT_SUPPORTED.
 */
#ifndef KMD_PAGING_H
#define KMD_PAGING_H

#include "adapter.h"

NTSTATUS kmd_build_paging_buffer(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args);

#endif
