/* SPDX-License-Identifier: MIT */
/*
 * qfuzz-gen: values and packets for the protocol-aware fuzzer, biased
 * toward the edges the device must check: the ends of VRAM and of the GART
 * window, addresses wrapping 2^64, page crossings, sizes that lie, maximum
 * surface sizes, tiled layouts. Everything is drawn from one GRand, so a
 * seed replays the same stream.
 */
#ifndef QFUZZ_GEN_H
#define QFUZZ_GEN_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "sable_protocol.h"

/* What the generator aims at. */
typedef struct QfGpuMap {
    uint64_t vram_size;
    uint64_t gart_base, gart_size;   /* GART window (GPU addresses) */
    uint64_t scratch_gpu, scratch_size; /* guest RAM the fuzzer may trash */
} QfGpuMap;

/* Pages where aliasing happens: the first QF_HOT_PAGES of VRAM and of the
 * scratch RAM's GART pages (whose entries may point back at BAR2/BAR4), so
 * copies between aliases meet often. */
#define QF_HOT_PAGES 16u

/* A GPU address: an edge of VRAM/GART, a hot page, inside scratch, or
 * anything. */
uint64_t qf_gpu_addr(GRand *r, const QfGpuMap *m);
/* A byte count or dimension near a boundary. */
uint32_t qf_edge_u32(GRand *r);
uint64_t qf_edge_u64(GRand *r);

/* Append one packet of opcode `op` (mutated fields, sometimes a lying size
 * header) to dw[0..max_dw); returns the dwords used (0 if it does not fit). */
uint32_t qf_packet(GRand *r, const QfGpuMap *m, uint32_t op, uint32_t *dw,
                   uint32_t max_dw);
/* Every opcode the device knows plus unknown ones (with or without the
 * OPTIONAL flag). */
uint32_t qf_opcode(GRand *r);

#endif
