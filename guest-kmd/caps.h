/* SPDX-License-Identifier: MIT */
/*
 * DxgkDdiQueryAdapterInfo: DRIVERCAPS (only what is implemented),
 * QUERYSEGMENT and QUERYSEGMENT3 (VRAM memory segment + GART aperture
 * segment, same content in both layouts) and
 * UMDRIVERPRIVATE (struct sable_umd_private). Output sizes are checked;
 * other types return STATUS_NOT_SUPPORTED.
 */
#ifndef KMD_CAPS_H
#define KMD_CAPS_H

#include "adapter.h"

#define KMD_PAGING_BUFFER_SIZE (64u * 1024u)

NTSTATUS kmd_query_adapter_info(KmdAdapter *a, const DXGKARG_QUERYADAPTERINFO *q);

#endif
