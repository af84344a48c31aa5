/* SPDX-License-Identifier: MIT */
/* Page fault, invalid command, dropped interrupt, slow completion. */
#include <string.h>

#include "faults-check.h"

/* A device fault on the graphics engine's next job: DMA_FAULTED at ISR
 * time (the fence never completes), then the TDR after TdrDelay (the
 * engine reads FAULTED: unresponsive) resets the engine and removes the
 * device; the copy engine's job is exact. Returns the dump's fault record
 * and the faulting job's DMA buffer (CPU view, offset). */
static struct sable_dump_fault device_fault(const char *spec, const uint8_t **cmd)
{
    FStack s;
    fs_start(&s);
    UmdJob *g = umd_job_new(&s, 30);
    KmtJob *k = kmt_job_new(&s, 31);
    fs_inject(&s, spec);
    g_assert_cmphex((uint32_t)kmt_job_submit(k), ==, 0);
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    uint64_t dma;
    const uint8_t *cpu = NULL;
    uint32_t f = fc_last_fence(s.sim, 0, &dma, &cpu);
    g_assert_cmpint(kmt_job_finish(k), ==, JOB_EXACT);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_REMOVED);
    g_assert_cmpuint(s.sim->node[0].faults, ==, 1);
    g_assert_cmpuint(s.sim->node[0].faulted_fence, ==, f);
    g_assert_cmpuint(s.sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(s.sim->stats.engine_resets, ==, 1);
    fc_engine_report(s.sim, 0, 0, f, f);
    g_autoptr(SableDump) dump = fc_dump(s.sim, 0, 0, f, dma, SABLE_ENGINE_STATUS_FAULTED);
    struct sable_dump_fault fault = dump->engines[0].state.fault;
    g_assert_cmphex(fault.fence, ==, f);
    g_assert_cmphex(fault.dma_addr, ==, dma);
    g_assert_cmpuint(fault.dma_offset, ==, dump->engines[0].state.current_dma_offset);
    g_assert_cmpuint(fault.dma_offset, <, dump->engines[0].state.current_dma_size);
    static uint8_t saved[4096];  /* the DMA buffer is reused once freed */
    memcpy(saved, cpu, sizeof(saved));
    *cmd = saved + fault.dma_offset;
    umd_job_free(g);
    kmt_job_free(k);
    fs_stop(&s);
    return fault;
}

/* page-fault: the engine's next GPU memory access faults, which is the
 * fetch of the DMA buffer itself: PAGE, named with that address. */
static void test_page_fault(void)
{
    const uint8_t *cmd;
    struct sable_dump_fault fault = device_fault("page-fault,engine=0", &cmd);
    g_assert_cmpuint(fault.code, ==, SABLE_FAULT_PAGE);
    g_assert_cmphex(fault.addr, ==, fault.dma_addr + fault.dma_offset);
}

/* invalid-cmd (injected at the device: the KMD's Render would refuse it
 * from the UMD): INVALID_COMMAND at the offset of the command it hit. */
static void test_invalid_cmd(void)
{
    const uint8_t *cmd;
    struct sable_dump_fault fault = device_fault("invalid-cmd,engine=0", &cmd);
    g_assert_cmpuint(fault.code, ==, SABLE_FAULT_INVALID_COMMAND);
    uint32_t header;
    memcpy(&header, cmd, 4);
    g_assert_cmpuint(fault.opcode, ==, SABLE_CMD_OPCODE(header));
}

/* drop-irq: the completion interrupt is lost; QueryCurrentFence reports it
 * and the work completes with no TDR. */
static void test_dropped_irq(void)
{
    FStack s;
    fs_start(&s);
    UmdJob *g = umd_job_new(&s, 40);
    unsigned queries = s.sim->stats.queries;
    fs_inject(&s, "drop-irq,engine=0");
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_EXACT);
    g_assert_cmpuint(s.sim->stats.queries, >, queries);
    g_assert_cmpuint(s.sim->stats.notify_outside_isr, ==, 1);
    g_assert_cmpuint(s.sim->stats.timeouts, ==, 0);
    g_assert_cmpuint(s.sim->dump_files->len, ==, 0);
    umd_job_free(g);
    fs_stop(&s);
}

/* slow: a completion late by less than TdrDelay is waited for (no TDR, the
 * work exact); late by more, it is a timeout like a hang. */
static void test_slow(void)
{
    FStack s;
    fs_start(&s);
    UmdJob *g = umd_job_new(&s, 50);
    uint64_t t0 = s.sim->now_ns;
    fs_inject(&s, "slow,engine=0,delay-ns=1900000000");
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_EXACT);
    g_assert_cmpuint(s.sim->now_ns - t0, >=, 1900000000ull);
    g_assert_cmpuint(s.sim->stats.timeouts, ==, 0);
    fs_inject(&s, "slow,engine=0,delay-ns=2500000000");
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_REMOVED);
    g_assert_cmpuint(s.sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(s.sim->stats.engine_resets, ==, 1);
    umd_job_free(g);
    fs_stop(&s);
}

void fc_add_kind_tests(void)
{
    g_test_add_func("/faults/page-fault", test_page_fault);
    g_test_add_func("/faults/invalid-cmd", test_invalid_cmd);
    g_test_add_func("/faults/dropped-irq", test_dropped_irq);
    g_test_add_func("/faults/slow", test_slow);
}
