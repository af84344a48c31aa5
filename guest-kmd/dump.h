/* SPDX-License-Identifier: MIT */
/*
 * Device dumps for DxgkDdiCollectDbgInfo and DxgkDdiCollectDbgInfo2. The
 * dump buffer (contiguous, KMD_DUMP_SIZE) is allocated at start when the
 * device has SABLE_FEATURE_DUMP, so nothing is allocated at TDR time. The
 * device writes the dump synchronously; the KMD copies min(written,
 * BufferSize) bytes into pBuffer (a prefix when the buffer is smaller:
 * decoders reject it as truncated) and zeroes the rest of pBuffer. No dump
 * feature, or a device error: STATUS_UNSUCCESSFUL.
 * pExtension (when given) gets CurrentDmaBufferOffset, the device's offset
 * of the next command in the DMA buffer in flight on the node the report is
 * about, and a BucketingKey (kmd_bucketing_key). The node is the payload's
 * NodeOrdinal for an ENGINE_TIMEOUT report whose TdrPayload is present and
 * at least sizeof(DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT) bytes; otherwise the
 * first hung or faulted engine, if any.
 */
#ifndef KMD_DUMP_H
#define KMD_DUMP_H

#include "adapter.h"

#define KMD_DUMP_SIZE (64u * 1024u)

/* Have the device write a dump into a->dump; *written is its size. */
NTSTATUS kmd_dump_take(KmdAdapter *a, uint32_t *written);
NTSTATUS kmd_collect_dbg_info(KmdAdapter *a, const DXGKARG_COLLECTDBGINFO *args);
NTSTATUS kmd_collect_dbg_info2(KmdAdapter *a, const DXGKARG_COLLECTDBGINFO2 *args);

/* BucketingKey: the same for the same failure across runs and driver
 * versions (no fences or addresses): KMD_BUCKET_TAG << 16 | TdrType << 8 |
 * (node + 1, 0 unknown) << 4 | cause (1 hung, 2 faulted, 0 other). */
#define KMD_BUCKET_TAG 0x5AB1u
UINT kmd_bucketing_key(DXGK_TDR_TYPE type, int node, uint32_t engine_status);

#endif
