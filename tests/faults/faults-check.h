/* SPDX-License-Identifier: MIT */
/* Shared checks of the 'faults' suite: what a TDR recorded and saved. */
#ifndef FAULTS_CHECK_H
#define FAULTS_CHECK_H

#include "fstack.h"

/* The last fence submitted on the node and the GPU address of the pool DMA
 * buffer carrying it (0 if none): read right after a submission. */
uint32_t fc_last_fence(const WsSim *sim, unsigned node, uint64_t *dma_gpu, const uint8_t **cpu);
/* Report i is a per-engine ENGINE_TIMEOUT of node with its payload: the
 * last fence completed is the one before `hung`, the last submitted is
 * `submitted`; QueryEngineStatus said unresponsive. */
void fc_engine_report(const WsSim *sim, unsigned i, unsigned node, uint32_t hung,
                      uint32_t submitted);
/* Saved dump i decodes; engine `e` stopped in the DMA buffer at dma_gpu
 * on `fence` at the report's CurrentDmaBufferOffset; status has `bits`. */
SableDump *fc_dump(const WsSim *sim, unsigned i, unsigned e, uint32_t fence, uint64_t dma_gpu,
                   uint32_t bits);
void fc_add_hang_tests(void);
void fc_add_kind_tests(void);

#endif
