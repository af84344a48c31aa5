/* SPDX-License-Identifier: MIT */
/* Hangs: graphics, copy, a failed engine reset, too many TDRs. */
#include <string.h>

#include "faults-check.h"

/* The graphics engine hangs on device G's copy while device I's copy is
 * queued behind it and a D3DKMT device copies on the copy engine: TDR after
 * TdrDelay, CollectDbgInfo2 with the engine payload, the dump names the hung
 * DMA buffer and offset, ResetEngine of node 0 only; G is removed (Map and
 * Flush say DEVICEREMOVED, as their category allows); I's work is submitted
 * again and the copy engine's completes, both byte-exact; a new device
 * works. */
static void test_graphics_hang(void)
{
    FStack s;
    fs_start(&s);
    UmdJob *g = umd_job_new(&s, 1), *inn = umd_job_new(&s, 2);
    KmtJob *k = kmt_job_new(&s, 3);
    fs_inject(&s, "hang,engine=0");
    g_assert_cmphex((uint32_t)kmt_job_submit(k), ==, 0);
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    uint64_t dma;
    uint32_t hung = fc_last_fence(s.sim, 0, &dma, NULL);
    g_assert_cmphex(dma, !=, 0);
    g_assert_cmphex((uint32_t)umd_job_submit(inn), ==, 0);
    g_assert_cmpint(kmt_job_finish(k), ==, JOB_EXACT);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_REMOVED);
    g_assert_cmpint(umd_job_finish(inn), ==, JOB_EXACT);
    g_assert_cmpuint(s.sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(s.sim->stats.engine_resets, ==, 1);
    g_assert_cmpuint(s.sim->stats.adapter_resets, ==, 0);
    g_assert_cmpuint(s.sim->stats.resubmitted, ==, 1);
    fc_engine_report(s.sim, 0, 0, hung, hung + 1); /* I queued behind */
    g_autoptr(SableDump) dump = fc_dump(s.sim, 0, 0, hung, dma, SABLE_ENGINE_STATUS_HUNG);
    g_assert_cmpuint(dump->engines[1].state.reset_count, ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(g->d), ==, (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_cmpuint(rt_umd_stats(g->d).lost, ==, 1);
    g_assert_cmpuint(rt_umd_stats(inn->d).lost, ==, 0);
    g_assert_false(kmt_job_errored(k));
    umd_job_free(g);
    g = umd_job_new(&s, 4);
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_EXACT);
    g_assert_cmpint(kmt_job_finish(k), ==, JOB_EXACT);
    g_assert_cmpuint(g->d->errors + inn->d->errors, ==, 0);
    umd_job_free(g);
    umd_job_free(inn);
    kmt_job_free(k);
    g_assert_cmpuint(fs_live_objects(s.sim), ==, s.live_base);
    fs_stop(&s);
}

/* The copy engine hangs while the graphics engine has slow work in flight:
 * only node 1 (its dependent group is itself) is reset, the copy context is
 * put in error, the graphics work completes byte-exact and its device is
 * not removed. */
static void test_copy_hang(void)
{
    FStack s;
    fs_start(&s);
    UmdJob *g = umd_job_new(&s, 5);
    KmtJob *k = kmt_job_new(&s, 6);
    fs_inject(&s, "slow,engine=0,delay-ns=1500000000;hang,engine=1");
    g_assert_cmphex((uint32_t)kmt_job_submit(k), ==, 0);
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    uint64_t dma;
    uint32_t hung = fc_last_fence(s.sim, 1, &dma, NULL);
    g_assert_cmpuint(s.sim->node[0].retired, !=, s.sim->node[0].submitted); /* busy */
    g_assert_cmpint(kmt_job_finish(k), ==, JOB_REMOVED);
    g_assert_true(kmt_job_errored(k));
    g_assert_cmpint(umd_job_finish(g), ==, JOB_EXACT);
    g_assert_cmpuint(rt_umd_stats(g->d).lost, ==, 0);
    g_assert_cmpuint(s.sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(s.sim->stats.engine_resets, ==, 1);
    fc_engine_report(s.sim, 0, 1, hung, hung);
    g_autoptr(SableDump) dump = fc_dump(s.sim, 0, 1, hung, dma, SABLE_ENGINE_STATUS_HUNG);
    g_assert_cmpuint(dump->engines[0].state.reset_count, ==, 0);
    g_assert_cmphex((uint32_t)kmt_job_submit(k), ==, (uint32_t)STATUS_DEVICE_REMOVED);
    kmt_job_free(k);
    k = kmt_job_new(&s, 7);
    g_assert_cmphex((uint32_t)kmt_job_submit(k), ==, 0);
    g_assert_cmpint(kmt_job_finish(k), ==, JOB_EXACT);
    kmt_job_free(k);
    umd_job_free(g);
    fs_stop(&s);
}

/* Hang + a failed engine reset: promoted to an adapter reset (second report
 * ENGINE_TIMEOUT_PROMOTED, no payload); the guilty device is removed, the
 * innocent ones complete; every device is then recreated and works, and
 * nothing leaked. */
static void test_reset_fail(void)
{
    FStack s;
    fs_start(&s);
    UmdJob *g = umd_job_new(&s, 8), *inn = umd_job_new(&s, 9);
    KmtJob *k = kmt_job_new(&s, 10);
    fs_inject(&s, "hang,engine=0;reset-fail,engine=0");
    g_assert_cmphex((uint32_t)kmt_job_submit(k), ==, 0);
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    uint64_t dma;
    uint32_t hung = fc_last_fence(s.sim, 0, &dma, NULL);
    g_assert_cmphex((uint32_t)umd_job_submit(inn), ==, 0);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_REMOVED);
    g_assert_cmpint(umd_job_finish(inn), ==, JOB_EXACT);
    g_assert_cmpint(kmt_job_finish(k), ==, JOB_EXACT);
    g_assert_cmpuint(s.sim->stats.engine_resets, ==, 0);
    g_assert_cmpuint(s.sim->stats.adapter_resets, ==, 1);
    fc_engine_report(s.sim, 0, 0, hung, hung + 1);
    g_assert_cmpuint(s.sim->tdr_reports->len, ==, 2);
    const WsTdrReport *adp = &g_array_index(s.sim->tdr_reports, WsTdrReport, 1);
    g_assert_cmphex(adp->reason, ==, VIDEO_TDR_TIMEOUT_DETECTED);
    g_assert_cmpint(adp->type, ==, DXGK_TDR_TYPE_ENGINE_TIMEOUT_PROMOTED);
    g_assert_false(adp->has_payload);
    g_autoptr(SableDump) d0 = fc_dump(s.sim, 0, 0, hung, dma, SABLE_ENGINE_STATUS_HUNG);
    g_autoptr(SableDump) d1 = fc_dump(s.sim, 1, 0, hung, dma, SABLE_ENGINE_STATUS_HUNG);
    umd_job_free(g);
    umd_job_free(inn);
    kmt_job_free(k);
    g_assert_cmpuint(fs_live_objects(s.sim), ==, s.live_base);
    g = umd_job_new(&s, 11);
    k = kmt_job_new(&s, 12);
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    g_assert_cmphex((uint32_t)kmt_job_submit(k), ==, 0);
    g_assert_cmpint(kmt_job_finish(k), ==, JOB_EXACT);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_EXACT);
    umd_job_free(g);
    kmt_job_free(k);
    g_assert_cmpuint(fs_live_objects(s.sim), ==, s.live_base);
    fs_stop(&s);
}

/* TdrLimitCount (5) TDRs within TdrLimitTime recover; the sixth is bugcheck
 * 0x116 VIDEO_TDR_ERROR, reported by the child process. */
static void test_tdr_limit(void)
{
    if (g_test_subprocess()) {
        FStack s;
        fs_start(&s);
        for (unsigned i = 0;; i++) {
            UmdJob *g = umd_job_new(&s, 20 + i);
            fs_inject(&s, "hang,engine=0");
            g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
            g_assert_cmpint(umd_job_finish(g), ==, JOB_REMOVED);
            umd_job_free(g);
            g_print("%u TDRs recovered\n", s.sim->stats.timeouts);
        }
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stdout("*5 TDRs recovered*");
    g_test_trap_assert_stdout_unmatched("*6 TDRs recovered*");
    g_test_trap_assert_stderr("*STOP 0x00000116*");
}

void fc_add_hang_tests(void)
{
    g_test_add_func("/faults/graphics-hang", test_graphics_hang);
    g_test_add_func("/faults/copy-hang", test_copy_hang);
    g_test_add_func("/faults/reset-fail", test_reset_fail);
    /* A killed child would leave its QEMU behind: in-process only. */
    if (g_strcmp0(g_getenv("WINSIM_TRANSPORT"), "qemu") != 0) {
        g_test_add_func("/faults/tdr-limit-bugcheck", test_tdr_limit);
    }
}
