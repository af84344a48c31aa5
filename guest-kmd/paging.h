/* SPDX-License-Identifier: MIT */
/*
 * DxgkDdiBuildPagingBuffer (segments: 1 = VRAM, 2 = GART aperture; segment
 * addresses are GPU addresses, BaseAddress + offset). On return pDmaBuffer points past the last
 * packet written.
 * - MAP_APERTURE_SEGMENT: writes the GART entries with the CPU (the device
 *   has no TLB and VidMm maps only ranges no queued work uses); no packet.
 * - UNMAP_APERTURE_SEGMENT: GART_UPDATE packets pointing the range at the
 *   dummy page (DummyPage if given), ordered after earlier work.
 * - FILL: one FILL packet. TRANSFER between segments: one COPY packet;
 *   TransferSize 0 writes nothing and succeeds. Transfers from or to an MDL
 *   (system memory) return STATUS_NOT_SUPPORTED for now.
 * When the next packet does not fit, STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER
 * is returned; UNMAP keeps the pages done in MultipassOffset, which VidMm
 * preserves for the next call (FILL and TRANSFER are one packet each). Other operations:
 * STATUS_NOT_SUPPORTED. Ranges are checked against the segments first.
 */
#ifndef KMD_PAGING_H
#define KMD_PAGING_H

#include "adapter.h"

NTSTATUS kmd_build_paging_buffer(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args);

#endif
