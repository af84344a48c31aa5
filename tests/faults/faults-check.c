/* SPDX-License-Identifier: MIT */
#include "faults-check.h"

uint32_t fc_last_fence(const WsSim *sim, unsigned node, uint64_t *dma_gpu, const uint8_t **cpu)
{
    uint32_t f = sim->node[node].submitted;
    *dma_gpu = 0;
    for (unsigned i = 0; i < WS_DMA_BUFFERS; i++) {
        const WsDmaBuffer *b = &sim->vidmm.dma[i];
        if (b->busy && b->node == node && b->fence == f) {
            *dma_gpu = b->gpu;
            if (cpu) {
                *cpu = b->cpu;
            }
        }
    }
    return f;
}

void fc_engine_report(const WsSim *sim, unsigned i, unsigned node, uint32_t hung,
                      uint32_t submitted)
{
    g_assert_cmpuint(sim->tdr_reports->len, >, i);
    const WsTdrReport *rep = &g_array_index(sim->tdr_reports, WsTdrReport, i);
    g_assert_true(rep->v2);
    g_assert_cmphex(rep->reason, ==, VIDEO_ENGINE_TIMEOUT_DETECTED);
    g_assert_cmpint(rep->type, ==, DXGK_TDR_TYPE_ENGINE_TIMEOUT);
    g_assert_true(rep->has_payload);
    g_assert_cmpuint(rep->payload.NodeOrdinal, ==, node);
    g_assert_cmpuint(rep->payload.LastHwSubmittedFenceId, ==, submitted);
    g_assert_cmpuint(rep->payload.LastHwCompletedFenceId, ==, hung - 1);
    g_assert_cmpuint(rep->engine_status.Responsive, ==, 0);
}

SableDump *fc_dump(const WsSim *sim, unsigned i, unsigned e, uint32_t fence, uint64_t dma_gpu,
                   uint32_t bits)
{
    GError *err = NULL;
    SableDump *dump = fs_dump(sim, i, &err);
    g_assert_no_error(err);
    const WsTdrReport *rep = &g_array_index(sim->tdr_reports, WsTdrReport, i);
    const struct sable_dump_engine *st = &dump->engines[e].state;
    g_assert_true(dump->engines[e].has_state);
    g_assert_cmphex(st->status & bits, ==, bits);
    g_assert_cmphex(st->current_fence, ==, fence);
    g_assert_cmphex(st->current_dma_addr, ==, dma_gpu);
    g_assert_cmpuint(st->current_dma_offset, ==, rep->ext.CurrentDmaBufferOffset);
    return dump;
}
