/* SPDX-License-Identifier: MIT */
#include "fixture.h"

SqtDevice *fixture_open(const SqtOptions *opt)
{
    static const SqtOptions defaults;
    g_autoptr(GError) err = NULL;
    SqtDevice *d = sqt_device_open(opt ? opt : &defaults, &err);
    g_assert_no_error(err);
    g_assert_nonnull(d);
    g_test_message("QEMU log: %s", sqt_machine_log_path(d->m));
    return d;
}

uint64_t fixture_run(SqtDevice *d, unsigned e, const SqtCmdBuf *cb)
{
    uint64_t fence = sqt_submit_cmdbuf(d, e, cb);
    g_assert_true(sqt_wait_fence(d, e, fence, SQT_STEP_NS, SQT_TIMEOUT_NS));
    return fence;
}

void fixture_irq_clear(SqtDevice *d)
{
    sqt_reg_write(d, SABLE_REG_IRQ_STATUS, UINT32_MAX);
    for (unsigned v = 0; v < SABLE_MSIX_VECTORS(d->engines); v++) {
        sqt_msi_clear(d, v);
    }
}

SqtFrame fixture_screendump(SqtDevice *d)
{
    g_autoptr(GError) err = NULL;
    SqtFrame f = { 0 };
    g_assert_true(sqt_screendump(d->m, &f, &err));
    g_assert_no_error(err);
    return f;
}

void fixture_random_bytes(GRand *rng, void *buf, size_t len)
{
    uint8_t *p = buf;
    for (size_t i = 0; i < len; i++) {
        p[i] = (uint8_t)g_rand_int(rng);
    }
}
