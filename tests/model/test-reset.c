/* SPDX-License-Identifier: MIT */
/* Engine reset and adapter reset (and power-on reset) leave no stale state. */
#include <string.h>

#include "model-util.h"

static CmdBuf cb;

static Mt *debug_mt(void)
{
    SimBusConfig cfg = { .debug = true };
    return mt_new(&cfg);
}

static uint32_t vram32(Mt *mt, uint64_t gpa)
{
    uint32_t v;
    memcpy(&v, mt_vram(mt, gpa), 4);
    return v;
}

static void test_engine_reset_hung(void)
{
    Mt *mt = debug_mt();
    cb_reset(&cb);
    cb_write32(&cb, 0x100, 1);
    uint64_t f1 = mt_submit(mt, 0, &cb);
    mt_run(mt);
    cb_reset(&cb);
    cb_hang(&cb);
    mt_submit(mt, 0, &cb);
    cb_reset(&cb);
    cb_write32(&cb, 0x104, 2);
    mt_submit(mt, 0, &cb);
    uint64_t f4 = mt_submit(mt, 0, &cb);
    /* engine 1 has work in flight (waiting) across engine 0's reset */
    cb_reset(&cb);
    cb_wait(&cb, 0x900, SABLE_COMPARE_EQUAL, 1, ~0ull);
    cb_write32(&cb, 0x904, 0x77);
    uint64_t g1 = mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_HUNG, !=, 0);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f1);
    g_assert_cmpuint(mt_status(mt, 1) & SABLE_ENGINE_STATUS_WAITING, !=, 0);
    uint32_t misc = mt->bus->pulses[SABLE_MSIX_VEC_MISC];

    mt_write_reg(mt, 0, SABLE_ENG_RESET, 1);
    /* synchronous */
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_RESET_STATUS), ==,
                     SABLE_RESET_STATUS_DONE | (0u << SABLE_RESET_STATUS_ENGINE_SHIFT));
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_LAST_ABORTED_FENCE_LO), ==, f4);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f1);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_RING_HEAD), ==, 4);
    g_assert_cmpuint(simbus_ram_read32(mt->bus, MT_RING(0)), ==, 4);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_RESET_COUNT), ==, 1);
    g_assert_cmpuint(mt_status(mt, 0), ==, SABLE_ENGINE_STATUS_ENABLED);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS) &
                     SABLE_IRQ_RESET_DONE, !=, 0);
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_MISC], ==, misc + 1);
    const SableEvent *ev = simbus_last(mt->bus, SABLE_EV_ENGINE_RESET);
    g_assert_nonnull(ev);
    g_assert_cmpuint(ev->engine_reset.last_aborted, ==, f4);
    g_assert_false(ev->engine_reset.failed);
    mt_run(mt);
    g_assert_cmpuint(vram32(mt, 0x104), ==, 0); /* aborted work never ran */

    /* engine 1 is undisturbed and completes when released */
    g_assert_cmpuint(mt_status(mt, 1) & SABLE_ENGINE_STATUS_WAITING, !=, 0);
    uint64_t one = 1;
    memcpy(mt_vram(mt, 0x900), &one, 8);
    simbus_advance(mt->bus, SABLE_WAIT_POLL_NS);
    g_assert_cmpuint(mt_completed(mt, 1), ==, g1);
    g_assert_cmpuint(vram32(mt, 0x904), ==, 0x77);

    /* new work on the reset engine completes */
    cb_reset(&cb);
    cb_write32(&cb, 0x108, 3);
    uint64_t f5 = mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f5);
    g_assert_cmpuint(vram32(mt, 0x108), ==, 3);
    mt_free(mt);
}

static void test_engine_reset_idle(void)
{
    Mt *mt = mt_new(NULL);
    cb_reset(&cb);
    cb_nop(&cb, 1);
    uint64_t f = mt_submit(mt, 1, &cb);
    mt_run(mt);
    mt_write_reg(mt, 1, SABLE_ENG_RESET, 1);
    g_assert_cmpuint(mt_reg64(mt, 1, SABLE_ENG_LAST_ABORTED_FENCE_LO), ==, 0);
    g_assert_cmpuint(mt_completed(mt, 1), ==, f);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_RESET_STATUS), ==,
                     SABLE_RESET_STATUS_DONE | (1u << SABLE_RESET_STATUS_ENGINE_SHIFT));
    mt_write_reg(mt, 1, SABLE_ENG_RESET, 2); /* only 1 resets */
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_RESET_COUNT), ==, 1);
    mt_free(mt);
}

static void test_engine_reset_clears_fault(void)
{
    Mt *mt = mt_new(NULL);
    cb_reset(&cb);
    cb_write32(&cb, 1ull << 39, 0);
    uint64_t f = mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_PAGE);
    mt_write_reg(mt, 0, SABLE_ENG_RESET, 1);
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_LAST_ABORTED_FENCE_LO), ==, f);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, 0);
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_FAULT_ADDR_LO), ==, 0);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_FAULTED, ==, 0);
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_CURRENT_DMA_LO), ==, 0);
    cb_reset(&cb);
    cb_write32(&cb, 0x10, 9);
    uint64_t f2 = mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f2);
    mt_free(mt);
}

static void test_engine_reset_stalled_cancels_timer(void)
{
    Mt *mt = debug_mt();
    cb_reset(&cb);
    cb_stall(&cb, 1000);
    cb_write32(&cb, 0x20, 1);
    uint64_t f = mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_true(mt->bus->timer_armed[1]);
    mt_write_reg(mt, 1, SABLE_ENG_RESET, 1);
    g_assert_false(mt->bus->timer_armed[1]);
    g_assert_cmpuint(mt_reg64(mt, 1, SABLE_ENG_LAST_ABORTED_FENCE_LO), ==, f);
    simbus_advance(mt->bus, 10000000);
    g_assert_cmpuint(vram32(mt, 0x20), ==, 0);
    mt_free(mt);
}

static void test_adapter_reset(void)
{
    Mt *mt = debug_mt();
    mt_gart_setup(mt, 7);
    simbus_write64(mt->bus, SABLE_REG_FENCE_PAGE_LO, MT_FENCE_PAGE);
    simbus_write(mt->bus, SABLE_REG_SCRATCH, 0x1234);
    cb_reset(&cb);
    cb_write32(&cb, MT_GART(0), 1);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    cb_reset(&cb);
    cb_stall(&cb, 100);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    SableInjection inj = { .kind = SABLE_INJECT_HANG, .engine = 0 };
    g_assert_true(sable_inject(mt->bus->dev, &inj, NULL));

    simbus_write(mt->bus, SABLE_REG_ADAPTER_RESET, 1); /* wrong key: ignored */
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_ADAPTER_RESET_COUNT), ==, 0);
    simbus_write(mt->bus, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_ADAPTER_RESET_COUNT), ==, 1);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_RESET_STATUS), ==,
                     SABLE_RESET_STATUS_DONE | SABLE_RESET_STATUS_ADAPTER);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_GART_ENTRIES), ==, 0);
    g_assert_cmpuint(simbus_read64(mt->bus, SABLE_REG_GART_TABLE_LO), ==, 0);
    g_assert_cmpuint(simbus_read64(mt->bus, SABLE_REG_FENCE_PAGE_LO), ==, 0);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_SCRATCH), ==, 0);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS), ==,
                     SABLE_IRQ_RESET_DONE);
    g_assert_cmpuint(sable_inject_pending(mt->bus->dev), ==, 0);
    g_assert_false(mt->bus->timer_armed[1]);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        g_assert_cmpuint(mt_status(mt, e), ==, 0); /* rings disabled */
        g_assert_cmpuint(mt_completed(mt, e), ==, 0);
        g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_RING_SIZE), ==, 0);
    }
    g_assert_nonnull(simbus_last(mt->bus, SABLE_EV_ADAPTER_RESET));

    /* re-initialise: the old GART mapping is gone until reprogrammed */
    mt_rings_init(mt);
    cb_reset(&cb);
    cb_write32(&cb, MT_GART(0), 2);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_PAGE);
    cb_reset(&cb);
    cb_write32(&cb, 0x30, 2);
    uint64_t f = mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 1), ==, f);
    g_assert_cmpuint(vram32(mt, 0x30), ==, 2);
    mt_free(mt);
}

static void test_power_on_reset(void)
{
    Mt *mt = debug_mt();
    cb_reset(&cb);
    cb_wait(&cb, 0x40, SABLE_COMPARE_EQUAL, 1, ~0ull);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    simbus_write(mt->bus, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    g_assert_true(mt->bus->level);
    sable_device_reset(mt->bus->dev);
    g_assert_false(mt->bus->level);
    g_assert_false(mt->bus->timer_armed[0]);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_ADAPTER_RESET_COUNT), ==, 0);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_MASK), ==, 0);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_RESET_STATUS), ==, 0);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_MAGIC), ==, SABLE_MAGIC);
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/reset/engine-hung", test_engine_reset_hung);
    g_test_add_func("/reset/engine-idle", test_engine_reset_idle);
    g_test_add_func("/reset/engine-clears-fault", test_engine_reset_clears_fault);
    g_test_add_func("/reset/engine-stall-timer", test_engine_reset_stalled_cancels_timer);
    g_test_add_func("/reset/adapter", test_adapter_reset);
    g_test_add_func("/reset/power-on", test_power_on_reset);
    return g_test_run();
}
