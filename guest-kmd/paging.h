/* SPDX-License-Identifier: MIT */
/*
 * DxgkDdiBuildPagingBuffer. Implemented: MAP_APERTURE_SEGMENT, by writing
 * the GART entries with the CPU (the device has no TLB and VidMm maps only
 * aperture ranges no queued work uses, so no command is needed; nothing is
 * written to the DMA buffer). Every other operation returns
 * STATUS_NOT_SUPPORTED for now.
 */
#ifndef KMD_PAGING_H
#define KMD_PAGING_H

#include "adapter.h"

NTSTATUS kmd_build_paging_buffer(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args);

#endif
