/* SPDX-License-Identifier: MIT */
/*
 * Sable submission rings. One ring per engine in guest memory, at the bus
 * address programmed in SABLE_ENG_RING_BASE: a 128-byte header followed by
 * RING_SIZE descriptors of 64 bytes. Head and tail are free-running 32-bit
 * counters; descriptor i lives in slot (i & (RING_SIZE - 1)). The driver
 * writes descriptors, then the tail, then rings the doorbell. The device
 * writes the head once a descriptor's work completed (or was aborted by a
 * reset). A tail with (tail - head) > RING_SIZE latches SABLE_FAULT_BAD_RING.
 */
#ifndef SABLE_RING_H
#define SABLE_RING_H

#include "sable_abi.h"

struct sable_ring_header {
    uint32_t head;          /* written by the device */
    uint32_t reserved0[15];
    uint32_t tail;          /* written by the driver */
    uint32_t reserved1[15];
};
SABLE_LAYOUT(struct sable_ring_header, 128);
SABLE_OFFSET(struct sable_ring_header, tail, 64);

#define SABLE_RING_HEADER_SIZE 128u
#define SABLE_RING_MIN_ENTRIES 2u
#define SABLE_RING_MAX_ENTRIES 4096u

/*
 * A submission: execute dma_size bytes of commands at GPU address dma_addr,
 * then complete `fence` (fences are 64-bit and must increase per engine; the
 * device reports the last completed one). dma_size 0 is an empty submission
 * that only completes its fence. dma_addr must be 4-byte aligned and
 * dma_size a multiple of 4 no larger than SABLE_DMA_MAX_SIZE; flags outside
 * SABLE_SUBMIT_F_ALL and non-zero reserved fields latch
 * SABLE_FAULT_BAD_DESCRIPTOR.
 */
struct sable_submit {
    uint64_t dma_addr;
    uint32_t dma_size;
    uint32_t flags;
    uint64_t fence;
    uint32_t context_id;
    uint32_t reserved0;
    uint64_t reserved1[4];
};
SABLE_LAYOUT(struct sable_submit, 64);
SABLE_OFFSET(struct sable_submit, fence, 16);
SABLE_OFFSET(struct sable_submit, context_id, 24);

#define SABLE_SUBMIT_F_NO_IRQ (1u << 0) /* complete the fence without an interrupt */
#define SABLE_SUBMIT_F_PAGING (1u << 1) /* informational: a paging buffer (dumps) */
#define SABLE_SUBMIT_F_ALL (SABLE_SUBMIT_F_NO_IRQ | SABLE_SUBMIT_F_PAGING)

#define SABLE_DMA_MAX_SIZE (16u * 1024 * 1024)

/* The fence page (SABLE_REG_FENCE_PAGE): completed fence per engine. */
struct sable_fence_page {
    uint64_t completed[8]; /* indexed by engine */
    uint64_t reserved[504];
};
SABLE_LAYOUT(struct sable_fence_page, 4096);

#endif
