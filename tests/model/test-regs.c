/* SPDX-License-Identifier: MIT */
/* Register map: discovery values, RW/W1C behaviour, and ERROR_STATUS for
 * invalid programming (sable_regs.h). */
#include "model-util.h"

static void test_discovery(void)
{
    SimBusConfig cfg = { .vram_size = 8u << 20, .gart_max_entries = 4096 };
    SimBus *bus = simbus_new(&cfg);
    g_assert_cmphex(simbus_read(bus, SABLE_REG_MAGIC), ==, SABLE_MAGIC);
    g_assert_cmphex(simbus_read(bus, SABLE_REG_ABI_VERSION), ==, SABLE_ABI_VERSION);
    uint64_t feat = simbus_read64(bus, SABLE_REG_FEATURES_LO);
    uint64_t want = SABLE_FEATURE_FENCE_PAGE | SABLE_FEATURE_BLIT_2D |
                    SABLE_FEATURE_WAIT_VALUE | SABLE_FEATURE_DUMP |
                    SABLE_FEATURE_ENGINE_RESET | SABLE_FEATURE_GART_UPDATE;
    g_assert_cmphex(feat & want, ==, want);
    g_assert_cmphex(feat & SABLE_FEATURE_DEBUG_CMDS, ==, 0);
    g_assert_cmpuint(simbus_read64(bus, SABLE_REG_VRAM_SIZE_LO), ==, 8u << 20);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_ENGINE_COUNT), ==, SABLE_NUM_ENGINES);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_MAX_RING_ENTRIES), ==,
                     SABLE_RING_MAX_ENTRIES);
    g_assert_cmphex(simbus_read64(bus, SABLE_REG_GART_BASE_LO), ==,
                    SABLE_CORE_GART_BASE);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_GART_MAX_ENTRIES), ==, 4096);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_CMD_HISTORY), ==,
                     SABLE_CORE_CMD_HISTORY);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_MAX_SURFACE_DIM), ==,
                     SABLE_CORE_MAX_SURFACE_DIM);
    g_assert_cmpuint(simbus_read64(bus, SABLE_REG_APERTURE_SIZE_LO), ==,
                     SABLE_APERTURE_SIZE);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_SWIZZLE_RANGES), ==, 8);
    g_assert_cmphex(feat & (SABLE_FEATURE_TILING | SABLE_FEATURE_SWIZZLE_RANGES),
                    ==, SABLE_FEATURE_TILING | SABLE_FEATURE_SWIZZLE_RANGES);
    g_assert_cmpuint(sable_engine_count(bus->dev), ==, SABLE_NUM_ENGINES);
    /* read-only: writes ignored */
    simbus_write(bus, SABLE_REG_MAGIC, 0);
    g_assert_cmphex(simbus_read(bus, SABLE_REG_MAGIC), ==, SABLE_MAGIC);
    /* unknown, misaligned and out-of-range offsets */
    g_assert_cmpuint(simbus_read(bus, 0x0fc), ==, 0);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_MAGIC + 1), ==, 0);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_ENGINE(SABLE_NUM_ENGINES)), ==, 0);
    g_assert_cmpuint(simbus_read(bus, SABLE_MMIO_SIZE), ==, 0);
    simbus_write(bus, SABLE_MMIO_SIZE + 0x10, 1);
    simbus_write(bus, SABLE_REG_SCRATCH + 2, 5);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_SCRATCH), ==, 0);
    simbus_write(bus, SABLE_REG_SCRATCH, 0xfeedf00d);
    g_assert_cmphex(simbus_read(bus, SABLE_REG_SCRATCH), ==, 0xfeedf00d);
    bus->now_ns = 0x123456789abull;
    g_assert_cmphex(simbus_read64(bus, SABLE_REG_TIMESTAMP_LO), ==, 0x123456789abull);
    simbus_free(bus);
}

static void test_debug_feature_and_config_errors(void)
{
    SimBusConfig cfg = { .debug = true };
    SimBus *bus = simbus_new(&cfg);
    g_assert_cmphex(simbus_read(bus, SABLE_REG_FEATURES_LO) &
                    SABLE_FEATURE_DEBUG_CMDS, !=, 0);
    simbus_free(bus);
    /* a host without BAR4 memory has no swizzle ranges */
    SimBusConfig noap = { .no_aperture = true };
    bus = simbus_new(&noap);
    g_assert_cmphex(simbus_read(bus, SABLE_REG_FEATURES_LO) &
                    SABLE_FEATURE_SWIZZLE_RANGES, ==, 0);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_SWIZZLE_RANGES), ==, 0);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_APERTURE_SIZE_LO), ==, 0);
    simbus_write(bus, SABLE_REG_SWZ(0) + SABLE_SWZ_PITCH, 128);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_SWZ(0) + SABLE_SWZ_PITCH), ==, 0);
    simbus_free(bus);
    /* host configuration errors are reported, not fatal */
    uint8_t vram[4096];
    SableConfig bad = { .vram = vram, .vram_size = 3u << 20 };
    SableHostOps none = { 0 };
    GError *err = NULL;
    g_assert_null(sable_device_new(&bad, &none, NULL, &err));
    g_assert_nonnull(err);
    g_clear_error(&err);
}

static void expect_error(SimBus *bus, uint32_t bit)
{
    g_assert_cmphex(simbus_read(bus, SABLE_REG_ERROR_STATUS) & bit, ==, bit);
    const SableEvent *ev = simbus_last(bus, SABLE_EV_REG_ERROR);
    g_assert_nonnull(ev);
    g_assert_cmphex(ev->reg_error.bit, ==, bit);
    simbus_write(bus, SABLE_REG_ERROR_STATUS, bit); /* W1C */
    g_assert_cmphex(simbus_read(bus, SABLE_REG_ERROR_STATUS) & bit, ==, 0);
    simbus_clear_events(bus);
}

static void ring_program(SimBus *bus, unsigned e, uint64_t base, uint32_t size)
{
    simbus_write64(bus, SABLE_REG_ENGINE(e) + SABLE_ENG_RING_BASE_LO, base);
    simbus_write(bus, SABLE_REG_ENGINE(e) + SABLE_ENG_RING_SIZE, size);
    simbus_write(bus, SABLE_REG_ENGINE(e) + SABLE_ENG_RING_CONTROL,
                 SABLE_RING_CONTROL_ENABLE);
}

static uint32_t eng_status(SimBus *bus, unsigned e)
{
    return simbus_read(bus, SABLE_REG_ENGINE(e) + SABLE_ENG_STATUS);
}

static void test_ring_config_errors(void)
{
    SimBus *bus = simbus_new(NULL);
    static const struct { uint64_t base; uint32_t size; } bad[] = {
        { 0x10010, 64 },                 /* misaligned */
        { 0x10000, 3 },                  /* not a power of two */
        { 0x10000, 1 },                  /* below minimum */
        { 0x10000, 8192 },               /* above MAX_RING_ENTRIES */
        { 0x10000, 0 },
        { 0xfffffffffffff000ull, 64 },   /* base + size wraps */
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        ring_program(bus, 0, bad[i].base, bad[i].size);
        g_assert_cmpuint(eng_status(bus, 0) & SABLE_ENGINE_STATUS_ENABLED, ==, 0);
        expect_error(bus, SABLE_ERROR_BAD_RING_CONFIG);
    }
    ring_program(bus, 0, 0x10000, 4096);
    g_assert_cmpuint(eng_status(bus, 0) & SABLE_ENGINE_STATUS_ENABLED, !=, 0);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_ERROR_STATUS), ==, 0);
    /* reconfiguring an enabled ring is refused */
    simbus_write(bus, SABLE_REG_ENGINE(0) + SABLE_ENG_RING_SIZE, 8);
    expect_error(bus, SABLE_ERROR_BAD_RING_CONFIG);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_ENGINE(0) + SABLE_ENG_RING_SIZE), ==,
                     4096);
    /* reserved control bits */
    simbus_write(bus, SABLE_REG_ENGINE(0) + SABLE_ENG_RING_CONTROL, 3);
    expect_error(bus, SABLE_ERROR_BAD_RING_CONFIG);
    /* disable is fine while idle */
    simbus_write(bus, SABLE_REG_ENGINE(0) + SABLE_ENG_RING_CONTROL, 0);
    g_assert_cmpuint(eng_status(bus, 0) & SABLE_ENGINE_STATUS_ENABLED, ==, 0);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_ERROR_STATUS), ==, 0);
    /* doorbell on a disabled ring does nothing */
    simbus_write(bus, SABLE_REG_ENGINE(0) + SABLE_ENG_DOORBELL, 1);
    g_assert_false(bus->sched[0]);
    simbus_free(bus);
}

static void test_disable_busy_refused(void)
{
    SimBusConfig cfg = { .debug = true };
    Mt *mt = mt_new(&cfg);
    CmdBuf *cb = g_new0(CmdBuf, 1);
    cb_hang(cb);
    mt_submit(mt, 0, cb);
    mt_run(mt);
    mt_write_reg(mt, 0, SABLE_ENG_RING_CONTROL, 0);
    expect_error(mt->bus, SABLE_ERROR_BAD_RING_CONFIG);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_ENABLED, !=, 0);
    g_free(cb);
    mt_free(mt);
}

static void test_gart_config_errors(void)
{
    SimBus *bus = simbus_new(NULL);
    simbus_write64(bus, SABLE_REG_GART_TABLE_LO, 0x50000);
    simbus_write(bus, SABLE_REG_GART_ENTRIES, SABLE_CORE_DEFAULT_GART_ENTRIES + 1);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_GART_ENTRIES), ==, 0);
    expect_error(bus, SABLE_ERROR_BAD_GART_CONFIG);
    simbus_write(bus, SABLE_REG_GART_ENTRIES, 16);
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_GART_ENTRIES), ==, 16);
    simbus_write(bus, SABLE_REG_GART_TABLE_LO, 0x50008); /* misaligned: disables */
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_GART_ENTRIES), ==, 0);
    expect_error(bus, SABLE_ERROR_BAD_GART_CONFIG);
    simbus_free(bus);
}

static void test_fence_page_errors(void)
{
    SimBus *bus = simbus_new(NULL);
    simbus_write64(bus, SABLE_REG_FENCE_PAGE_LO, 0x40000);
    g_assert_cmphex(simbus_read64(bus, SABLE_REG_FENCE_PAGE_LO), ==, 0x40000);
    simbus_write(bus, SABLE_REG_FENCE_PAGE_LO, 0x40004);
    g_assert_cmphex(simbus_read64(bus, SABLE_REG_FENCE_PAGE_LO), ==, 0);
    expect_error(bus, SABLE_ERROR_BAD_FENCE_PAGE);
    simbus_free(bus);
    /* a fence page outside guest RAM is reported when written */
    Mt *mt = mt_new(NULL);
    simbus_write64(mt->bus, SABLE_REG_FENCE_PAGE_LO, 1ull << 40);
    CmdBuf *cb = g_new0(CmdBuf, 1);
    cb_nop(cb, 1);
    uint64_t f = mt_submit(mt, 0, cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f);
    expect_error(mt->bus, SABLE_ERROR_BAD_FENCE_PAGE);
    g_free(cb);
    mt_free(mt);
}

static void test_irq_w1c_and_mask_bits(void)
{
    SimBus *bus = simbus_new(NULL);
    simbus_write(bus, SABLE_REG_IRQ_MASK, 0xffffffffu);
    uint32_t valid = SABLE_IRQ_MISC_CAUSES;
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        valid |= SABLE_IRQ_ENGINE_CAUSES(e);
    }
    g_assert_cmphex(simbus_read(bus, SABLE_REG_IRQ_MASK), ==, valid);
    simbus_write(bus, SABLE_REG_IRQ_STATUS, 0xffffffffu); /* nothing pending */
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_IRQ_STATUS), ==, 0);
    g_assert_cmpuint(bus->level_changes, ==, 0);
    simbus_write(bus, SABLE_REG_DUMP_CONTROL, 1); /* raises DUMP_DONE */
    g_assert_cmpuint(simbus_read(bus, SABLE_REG_IRQ_STATUS), ==, SABLE_IRQ_DUMP_DONE);
    g_assert_cmpuint(bus->pulses[SABLE_MSIX_VEC_MISC], ==, 1);
    g_assert_true(bus->level);
    simbus_write(bus, SABLE_REG_IRQ_STATUS, SABLE_IRQ_RESET_DONE); /* other bit */
    g_assert_true(bus->level);
    simbus_write(bus, SABLE_REG_IRQ_STATUS, SABLE_IRQ_DUMP_DONE);
    g_assert_false(bus->level);
    g_assert_cmpuint(bus->level_changes, ==, 2);
    simbus_free(bus);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/regs/discovery", test_discovery);
    g_test_add_func("/regs/debug-and-config", test_debug_feature_and_config_errors);
    g_test_add_func("/regs/ring-config-errors", test_ring_config_errors);
    g_test_add_func("/regs/disable-busy", test_disable_busy_refused);
    g_test_add_func("/regs/gart-config-errors", test_gart_config_errors);
    g_test_add_func("/regs/fence-page-errors", test_fence_page_errors);
    g_test_add_func("/regs/irq-w1c-mask", test_irq_w1c_and_mask_bits);
    return g_test_run();
}
