/* SPDX-License-Identifier: MIT */
/*
 * Device dumps for DxgkDdiCollectDbgInfo. The dump buffer (contiguous,
 * KMD_DUMP_SIZE) is allocated at start when the device has
 * SABLE_FEATURE_DUMP, so nothing is allocated at TDR time. The device
 * writes the dump synchronously; the KMD copies min(written, BufferSize)
 * bytes into pBuffer (a prefix when the buffer is smaller: decoders reject
 * it as truncated) and zeroes the rest of pBuffer. No dump feature, or a
 * device error: STATUS_UNSUCCESSFUL.
 */
#ifndef KMD_DUMP_H
#define KMD_DUMP_H

#include "adapter.h"

#define KMD_DUMP_SIZE (64u * 1024u)

/* Have the device write a dump into a->dump; *written is its size. */
NTSTATUS kmd_dump_take(KmdAdapter *a, uint32_t *written);
NTSTATUS kmd_collect_dbg_info(KmdAdapter *a, const DXGKARG_COLLECTDBGINFO *args);

#endif
