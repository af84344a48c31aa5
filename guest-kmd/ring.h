/* SPDX-License-Identifier: MIT */
/*
 * A node's submission ring (sable_ring.h) in contiguous memory, and the
 * node's fence bookkeeping: `submitted` is the last 64-bit fence written to
 * the ring, `reported` the last completed fence notified to dxgkrnl.
 * kmd_ring_submit() writes one descriptor, publishes the tail and rings the
 * doorbell, recording desc->fence as `submitted` first. A full ring (per the device-written head, checked
 * defensively) returns STATUS_DEVICE_NOT_READY and writes nothing.
 */
#ifndef KMD_RING_H
#define KMD_RING_H

#include "wddm_kmd.h"
#include "os.h"
#include "sable_protocol.h"

#define KMD_RING_ENTRIES 256u

typedef struct KmdRing {
    KmdDmaMem mem;
    unsigned engine;
    uint32_t entries;
    uint32_t tail;
    uint64_t submitted;
    uint64_t reported;
    bool primed;        /* a fence was submitted since the ring was set up */
} KmdRing;

/* Allocate a ring of KMD_RING_ENTRIES descriptors, more if `required`
 * (DXGK_START_INFO.RequiredDmaQueueEntry) needs them, fewer if the device
 * accepts fewer and `required` still fits; else
 * STATUS_INSUFFICIENT_RESOURCES. Sizes are powers of two. */
NTSTATUS kmd_ring_init(KmdRing *r, unsigned engine, uint32_t required, uint32_t max_entries);
void kmd_ring_program(const KmdRing *r, volatile uint8_t *regs);
void kmd_ring_free(KmdRing *r);
NTSTATUS kmd_ring_submit(KmdRing *r, volatile uint8_t *regs,
                         const struct sable_submit *desc);

#endif
