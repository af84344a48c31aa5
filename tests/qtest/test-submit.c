/* SPDX-License-Identifier: MIT */
/* Submissions on both engines complete: fences in MMIO and in the fence
 * page, MSI-X messages written into guest RAM, ring wrap-around, NO_IRQ,
 * and device-time stalls that only end when the clock is stepped. */
#include "fixture.h"

/* Fences are 64-bit: a run of submissions crossing 2^32 completes each in
 * COMPLETED_FENCE_LO/HI and in the fence page, high half included. */
static void test_fence_above_4g(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    sqt_cmd_nop(&cb, 1);
    unsigned e = SABLE_ENGINE_COPY;
    const uint64_t fences[] = { 0xfffffffeull, 0xffffffffull, 0x100000000ull, 0x100000003ull };
    for (unsigned i = 0; i < G_N_ELEMENTS(fences); i++) {
        sqt_ring_push(d, e, cb.buf.gpu, cb.used, 0, fences[i]);
        sqt_doorbell(d, e);
        g_assert_true(sqt_wait_fence(d, e, fences[i], SQT_STEP_NS, SQT_TIMEOUT_NS));
        g_assert_cmphex(sqt_fence_page_read(d, e), ==, fences[i]);
        g_assert_cmphex(sqt_eng_read(d, e, SABLE_ENG_COMPLETED_FENCE_LO), ==,
                        (uint32_t)fences[i]);
        g_assert_cmphex(sqt_eng_read(d, e, SABLE_ENG_COMPLETED_FENCE_LO + 4), ==,
                        (uint32_t)(fences[i] >> 32));
    }
    sqt_device_close(d);
}

static void test_both_engines(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf out = sqt_alloc(d, 64, 64);
    fixture_irq_clear(d);
    for (unsigned e = 0; e < d->engines; e++) {
        SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
        sqt_cmd_write32(&cb, out.gpu + 4 * e, 0xa0a00000u + e);
        uint64_t fence = fixture_run(d, e, &cb);
        uint32_t *vals = out.ptr;
        g_assert_cmphex(sqt_load32(&vals[e]), ==, 0xa0a00000u + e);
        g_assert_cmpuint(sqt_fence_page_read(d, e), ==, fence);
        g_assert_cmpuint(sqt_eng_read64(d, e, SABLE_ENG_COMPLETED_FENCE_LO), ==, fence);
        g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_ENGINE(e), SQT_STEP_NS,
                                   SQT_TIMEOUT_NS));
        g_assert_true(sqt_reg_read(d, SABLE_REG_IRQ_STATUS) & SABLE_IRQ_FENCE(e));
    }
    sqt_sync(d->m);
    g_assert_false(sqt_msi_seen(d, SABLE_MSIX_VEC_MISC));
    sqt_device_close(d);
}

/* More submissions than ring slots, interleaved over both engines, a few
 * per doorbell: every one runs once, in order. */
static void test_many_wrap(void)
{
    enum { N = 3 * SQT_RING_ENTRIES + 17, BATCH = 7 };
    SqtDevice *d = fixture_open(NULL);
    SqtBuf out = sqt_alloc(d, 2 * N * 4, 64);
    SqtBuf cmds = sqt_alloc(d, 2 * N * sizeof(struct sable_cmd_write32), 64);
    struct sable_cmd_write32 *c = cmds.ptr;
    uint64_t last[2] = { 0, 0 };
    for (unsigned i = 0; i < N; i++) {
        for (unsigned e = 0; e < 2; e++) {
            unsigned k = 2 * i + e;
            c[k] = (struct sable_cmd_write32){
                .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4),
                .value = k + 1, .addr = out.gpu + 4ull * k,
            };
            last[e] = sqt_ring_push(d, e, cmds.gpu + sizeof(*c) * k, sizeof(*c),
                                    SABLE_SUBMIT_F_NO_IRQ, 0);
            if (i % BATCH == BATCH - 1 || i == N - 1) {
                sqt_doorbell(d, e);
            }
        }
    }
    for (unsigned e = 0; e < 2; e++) {
        g_assert_true(sqt_wait_fence(d, e, last[e], SQT_STEP_NS, SQT_TIMEOUT_NS));
        g_assert_cmpuint(last[e], ==, N);
    }
    const uint32_t *v = out.ptr;
    for (unsigned k = 0; k < 2 * N; k++) {
        g_assert_cmpuint(v[k], ==, k + 1);
    }
    sqt_device_close(d);
}

static void test_no_irq(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    fixture_irq_clear(d);
    uint64_t fence = sqt_submit(d, SABLE_ENGINE_COPY, cb.buf.gpu, 0,
                                SABLE_SUBMIT_F_NO_IRQ);
    g_assert_true(sqt_wait_fence(d, SABLE_ENGINE_COPY, fence, SQT_STEP_NS,
                                 SQT_TIMEOUT_NS));
    sqt_sync(d->m);
    g_assert_false(sqt_msi_seen(d, SABLE_MSIX_VEC_ENGINE(SABLE_ENGINE_COPY)));
    g_assert_false(sqt_reg_read(d, SABLE_REG_IRQ_STATUS) &
                   SABLE_IRQ_FENCE(SABLE_ENGINE_COPY));
    /* The same empty submission with interrupts does raise one. */
    fence = sqt_submit(d, SABLE_ENGINE_COPY, cb.buf.gpu, 0, 0);
    g_assert_true(sqt_wait_fence(d, SABLE_ENGINE_COPY, fence, SQT_STEP_NS,
                                 SQT_TIMEOUT_NS));
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_ENGINE(SABLE_ENGINE_COPY),
                               SQT_STEP_NS, SQT_TIMEOUT_NS));
    sqt_device_close(d);
}

/* A 500 us stall completes only once 500 us of device time passed. */
static void test_stall_needs_clock(void)
{
    SqtOptions opt = { .debug = true };
    SqtDevice *d = fixture_open(&opt);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    SqtBuf ts = sqt_alloc(d, 16, 8);
    sqt_cmd_timestamp(&cb, ts.gpu);
    sqt_cmd_debug_stall(&cb, 500);
    sqt_cmd_timestamp(&cb, ts.gpu + 8);
    uint64_t fence = sqt_submit_cmdbuf(d, SABLE_ENGINE_GRAPHICS, &cb);
    g_assert_false(sqt_wait_fence(d, SABLE_ENGINE_GRAPHICS, fence, 50000, 300000));
    g_assert_true(sqt_eng_read(d, SABLE_ENGINE_GRAPHICS, SABLE_ENG_STATUS) &
                  SABLE_ENGINE_STATUS_WAITING);
    g_assert_true(sqt_wait_fence(d, SABLE_ENGINE_GRAPHICS, fence, 50000,
                                 SQT_TIMEOUT_NS));
    const uint64_t *t = ts.ptr;
    g_assert_cmpuint(sqt_load64(&t[1]) - sqt_load64(&t[0]), >=, 500000);
    sqt_device_close(d);
}

/* GSIs of the PCI INTx lines on q35 (PIRQ A-H). */
#define GSI_PIRQ_FIRST 16u
#define GSI_PIRQ_LAST 23u

static int raised_gsi(SqtDevice *d)
{
    sqt_sync(d->m); /* collect asynchronous "IRQ raise/lower" lines */
    for (unsigned g = GSI_PIRQ_FIRST; g <= GSI_PIRQ_LAST; g++) {
        if (sqt_irq_level(d->m, g)) {
            return (int)g;
        }
    }
    return -1;
}

/* With MSI-X off the device asserts INTx (level) until IRQ_STATUS is
 * acknowledged; the IOAPIC input is watched through irq_intercept_in. */
static void test_intx_fallback(void)
{
    SqtDevice *d = fixture_open(NULL);
    g_autoptr(GError) err = NULL;
    g_assert_true(sqt_irq_intercept_in(d->m, "ioapic", &err));
    g_assert_no_error(err);
    sqt_msix_set_enabled(&d->pci, &d->msix, false);
    fixture_irq_clear(d);
    g_assert_cmpint(raised_gsi(d), ==, -1);
    uint64_t fence = sqt_submit(d, SABLE_ENGINE_GRAPHICS, d->fence_page.gpu, 0, 0);
    g_assert_true(sqt_wait_fence(d, SABLE_ENGINE_GRAPHICS, fence, SQT_STEP_NS,
                                 SQT_TIMEOUT_NS));
    int gsi = raised_gsi(d);
    g_assert_cmpint(gsi, >=, (int)GSI_PIRQ_FIRST);
    sqt_sync(d->m);
    g_assert_false(sqt_msi_seen(d, SABLE_MSIX_VEC_ENGINE(SABLE_ENGINE_GRAPHICS)));
    sqt_reg_write(d, SABLE_REG_IRQ_STATUS, SABLE_IRQ_FENCE(SABLE_ENGINE_GRAPHICS));
    g_assert_cmpint(raised_gsi(d), ==, -1);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/submit/both-engines", test_both_engines);
    g_test_add_func("/submit/fence-above-4g", test_fence_above_4g);
    g_test_add_func("/submit/many-wrap", test_many_wrap);
    g_test_add_func("/submit/no-irq", test_no_irq);
    g_test_add_func("/submit/stall-needs-clock", test_stall_needs_clock);
    g_test_add_func("/submit/intx-fallback", test_intx_fallback);
    return g_test_run();
}
