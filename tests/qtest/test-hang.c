/* SPDX-License-Identifier: MIT */
/* An engine hang (injected over QMP, or DEBUG_HANG) is detected by its
 * fence not advancing for a device-time delay; the copy engine keeps
 * completing meanwhile; an engine reset aborts the hung and queued work and
 * the engine runs new work; the other engine was never disturbed. */
#include "fixture.h"

#define GFX SABLE_ENGINE_GRAPHICS
#define CPY SABLE_ENGINE_COPY
#define HANG_DETECT_NS 2000000ull /* 2 ms of device time without progress */
#define DETECT_STEP_NS 100000ull

static void write_value(SqtDevice *d, unsigned e, SqtBuf *out, unsigned slot,
                        uint32_t value, bool wait)
{
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&cb, out->gpu + 4ull * slot, value);
    if (wait) {
        fixture_run(d, e, &cb);
        g_assert_cmphex(sqt_load32((uint32_t *)out->ptr + slot), ==, value);
    } else {
        sqt_submit_cmdbuf(d, e, &cb);
    }
}

static void hang_and_recover(SqtDevice *d, const SqtCmdBuf *hang_cb)
{
    SqtBuf out = sqt_alloc(d, 4096, 4096);
    write_value(d, CPY, &out, 0, 1, true);
    uint64_t hung = sqt_submit_cmdbuf(d, GFX, hang_cb);
    g_assert_false(sqt_wait_fence(d, GFX, hung, DETECT_STEP_NS, HANG_DETECT_NS));
    g_assert_true(sqt_eng_read(d, GFX, SABLE_ENG_STATUS) & SABLE_ENGINE_STATUS_HUNG);
    g_assert_cmpuint(sqt_eng_read64(d, GFX, SABLE_ENG_CURRENT_FENCE_LO), ==, hung);

    /* The copy engine keeps completing while graphics is hung. */
    for (unsigned i = 1; i <= 5; i++) {
        write_value(d, CPY, &out, i, 100 + i, true);
    }
    write_value(d, GFX, &out, 10, 0xbad, false); /* queued behind the hang */
    uint64_t queued = d->ring[GFX].last_fence;
    g_assert_cmpuint(sqt_fence_page_read(d, GFX), <, hung);

    fixture_irq_clear(d);
    sqt_engine_reset(d, GFX);
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_MISC, SQT_STEP_NS, SQT_TIMEOUT_NS));
    uint32_t rs = sqt_reg_read(d, SABLE_REG_RESET_STATUS);
    g_assert_cmphex(rs & (SABLE_RESET_STATUS_DONE | SABLE_RESET_STATUS_FAILED),
                    ==, SABLE_RESET_STATUS_DONE);
    g_assert_cmpuint(rs >> SABLE_RESET_STATUS_ENGINE_SHIFT & 0xff, ==, GFX);
    g_assert_cmpuint(sqt_eng_read64(d, GFX, SABLE_ENG_LAST_ABORTED_FENCE_LO), ==, queued);
    g_assert_cmpuint(sqt_eng_read(d, GFX, SABLE_ENG_RESET_COUNT), ==, 1);
    g_assert_false(sqt_eng_read(d, GFX, SABLE_ENG_STATUS) & SABLE_ENGINE_STATUS_HUNG);
    g_assert_cmphex(sqt_load32((uint32_t *)out.ptr + 10), ==, 0); /* aborted */

    /* New work completes on the reset engine; copy was never disturbed. */
    write_value(d, GFX, &out, 11, 0x600d, true);
    write_value(d, CPY, &out, 12, 0x600e, true);
    g_assert_cmpuint(sqt_eng_read(d, CPY, SABLE_ENG_RESET_COUNT), ==, 0);
    g_assert_cmpuint(sqt_eng_read(d, CPY, SABLE_ENG_FAULT_COUNT), ==, 0);
    g_assert_cmpuint(sqt_fence_page_read(d, CPY), ==, d->ring[CPY].last_fence);
}

static void test_injected_hang_qmp(void)
{
    SqtDevice *d = fixture_open(NULL);
    g_autoptr(GError) err = NULL;
    g_assert_true(sqt_qom_set_str(d->m, SQT_DEVICE_PATH, "inject",
                                  "hang,engine=0", &err));
    g_assert_no_error(err);
    SqtBuf scratch = sqt_alloc(d, 64, 64);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&cb, scratch.gpu, 1);
    hang_and_recover(d, &cb);
    sqt_device_close(d);
}

static void test_bad_inject_spec_rejected(void)
{
    SqtDevice *d = fixture_open(NULL);
    g_autoptr(GError) err = NULL;
    g_assert_false(sqt_qom_set_str(d->m, SQT_DEVICE_PATH, "inject",
                                   "melt,engine=0", &err));
    g_assert_nonnull(err);
    sqt_device_close(d);
}

static void test_debug_hang(void)
{
    SqtOptions opt = { .debug = true };
    SqtDevice *d = fixture_open(&opt);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_debug_hang(&cb);
    hang_and_recover(d, &cb);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/hang/injected-qmp", test_injected_hang_qmp);
    g_test_add_func("/hang/bad-inject-spec", test_bad_inject_spec_rejected);
    g_test_add_func("/hang/debug-hang", test_debug_hang);
    return g_test_run();
}
