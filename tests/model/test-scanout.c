/* SPDX-License-Identifier: MIT */
/* Scanout (ABI 1.2, SABLE_REG_SCANOUT_*): register validation, vblank
 * cadence in device time, no timer or interrupt while disabled or masked,
 * GPU memory faults reported in SCANOUT_STATUS only, reset, and the
 * x8r8g8b8 conversion of sable_scanout_read. */
#include <string.h>

#include "model-util.h"

#define SURF 0x200000ull /* VRAM */
#define PERIOD SABLE_SCANOUT_VBLANK_PERIOD_NS

static uint32_t rd(Mt *mt, uint32_t reg)
{
    return simbus_read(mt->bus, reg);
}

static void program(Mt *mt, uint64_t addr, uint32_t pitch, uint32_t format,
                    uint32_t w, uint32_t h)
{
    simbus_write64(mt->bus, SABLE_REG_SCANOUT_ADDR_LO, addr);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_PITCH, pitch);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_FORMAT, format);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_WIDTH, w);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_HEIGHT, h);
}

static void enable(Mt *mt, uint32_t control)
{
    simbus_write(mt->bus, SABLE_REG_SCANOUT_CONTROL, control);
}

static uint32_t status(Mt *mt)
{
    return rd(mt, SABLE_REG_SCANOUT_STATUS);
}

static void test_discovery(void)
{
    Mt *mt = mt_new(NULL);
    g_assert_true(simbus_read64(mt->bus, SABLE_REG_FEATURES_LO) &
                  SABLE_FEATURE_SCANOUT);
    g_assert_cmpuint(SABLE_ABI_VERSION_MINOR(rd(mt, SABLE_REG_ABI_VERSION)), >=, 2); /* scanout since 1.2 */
    g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_VBLANK_NS), ==, 16666667u);
    g_assert_cmpuint(status(mt), ==, 0);
    mt_free(mt);
}

typedef struct BadCase {
    const char *what;
    uint64_t addr;
    uint32_t pitch, format, w, h, control;
} BadCase;

static void test_validation(void)
{
    static const BadCase bad[] = {
        { "format invalid", SURF, 256, SABLE_FORMAT_INVALID, 64, 8, 1 },
        { "format A8", SURF, 256, SABLE_FORMAT_A8_UNORM, 64, 8, 1 },
        { "format unknown", SURF, 256, 99, 64, 8, 1 },
        { "width 0", SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 0, 8, 1 },
        { "width too big", SURF, 0x10004 * 4, SABLE_FORMAT_B8G8R8X8_UNORM, 16385, 8, 1 },
        { "height 0", SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 0, 1 },
        { "height too big", SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 16385, 1 },
        { "pitch short", SURF, 252, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8, 1 },
        { "pitch unaligned", SURF, 258, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8, 1 },
        { "wraps", UINT64_MAX - 1024, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8, 1 },
        { "control bits", SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8, 3 },
    };
    Mt *mt = mt_new(NULL);

    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        const BadCase *c = &bad[i];
        g_test_message("%s", c->what);
        program(mt, SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8);
        enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
        g_assert_cmphex(status(mt), ==, SABLE_SCANOUT_STATUS_ENABLED);
        simbus_write(mt->bus, SABLE_REG_ERROR_STATUS, UINT32_MAX);
        program(mt, c->addr, c->pitch, c->format, c->w, c->h);
        enable(mt, c->control); /* a rejected flip disables scanout */
        g_assert_cmphex(status(mt), ==, SABLE_SCANOUT_ERR_BAD_CONFIG << 8);
        g_assert_cmphex(rd(mt, SABLE_REG_ERROR_STATUS), ==, SABLE_ERROR_BAD_SCANOUT);
        g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_CONTROL), ==, 0);
        SableScanoutInfo info;
        sable_scanout_info(mt->bus->dev, &info);
        g_assert_false(info.enabled);
    }
    /* Registers read back as written; disabling clears the error. */
    g_assert_cmphex(simbus_read64(mt->bus, SABLE_REG_SCANOUT_ADDR_LO), ==, SURF);
    g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_WIDTH), ==, 64);
    enable(mt, 0);
    g_assert_cmphex(status(mt), ==, 0);
    /* The host shows a mode in a 4-byte-per-pixel console surface, bounded
     * by max_hostmem (default 256 MiB): 8192 x 8192 fits exactly, one more
     * row does not, and neither does the largest 2D surface (1 GiB). */
    program(mt, SURF, 8192 * 2, SABLE_FORMAT_B5G6R5_UNORM, 8192, 8192);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_cmphex(status(mt), ==, SABLE_SCANOUT_STATUS_ENABLED);
    const uint32_t over[][2] = { { 8192, 8193 }, { 16384, 16384 } };
    for (unsigned i = 0; i < G_N_ELEMENTS(over); i++) {
        program(mt, SURF, over[i][0] * 2, SABLE_FORMAT_B5G6R5_UNORM, over[i][0], over[i][1]);
        enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
        g_assert_cmphex(status(mt), ==, SABLE_SCANOUT_ERR_BAD_CONFIG << 8);
    }
    mt_free(mt);
}

static uint32_t misc_pulses(Mt *mt)
{
    return mt->bus->pulses[SABLE_MSIX_VEC_MISC];
}

static void test_vblank_cadence(void)
{
    Mt *mt = mt_new(NULL);

    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, SABLE_IRQ_VBLANK);
    program(mt, SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8);
    simbus_advance(mt->bus, 5000); /* the epoch is the enable, not 0 */
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    simbus_advance(mt->bus, PERIOD - 1);
    g_assert_cmpuint(misc_pulses(mt), ==, 0);
    g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_FRAME_COUNT), ==, 0);
    simbus_advance(mt->bus, 1);
    g_assert_cmpuint(misc_pulses(mt), ==, 1);
    g_assert_cmphex(rd(mt, SABLE_REG_IRQ_STATUS), ==, SABLE_IRQ_VBLANK);
    /* One second of device time: 60 frames, one pulse each when acked. */
    for (unsigned i = 1; i < 60; i++) {
        simbus_write(mt->bus, SABLE_REG_IRQ_STATUS, SABLE_IRQ_VBLANK);
        simbus_advance(mt->bus, PERIOD);
        g_assert_cmpuint(misc_pulses(mt), ==, i + 1);
    }
    g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_FRAME_COUNT), ==, 60);
    g_assert_cmpuint(simbus_count(mt->bus, SABLE_EV_IRQ), ==, 60);
    /* A flip (ENABLE while enabled) keeps the cadence. */
    simbus_write(mt->bus, SABLE_REG_IRQ_STATUS, SABLE_IRQ_VBLANK);
    simbus_advance(mt->bus, PERIOD / 2);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    simbus_advance(mt->bus, PERIOD / 2 + 1);
    g_assert_cmpuint(misc_pulses(mt), ==, 61);
    g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_FRAME_COUNT), ==, 61);
    mt_free(mt);
}

static void test_no_vblank_when_off(void)
{
    Mt *mt = mt_new(NULL);

    /* Unmasked but disabled: no timer, nothing raised. */
    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, SABLE_IRQ_VBLANK);
    simbus_advance(mt->bus, 10 * PERIOD);
    g_assert_false(mt->bus->timer_armed[SABLE_TIMER_VBLANK]);
    g_assert_cmpuint(misc_pulses(mt), ==, 0);
    /* Enabled but masked: frames count, no timer, no status bit. */
    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, 0);
    program(mt, SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8);
    uint64_t epoch = mt->bus->now_ns;
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_false(mt->bus->timer_armed[SABLE_TIMER_VBLANK]);
    simbus_advance(mt->bus, 3 * PERIOD + 10);
    g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_FRAME_COUNT), ==, 3);
    g_assert_cmphex(rd(mt, SABLE_REG_IRQ_STATUS), ==, 0);
    /* Unmasking arms the timer at the next frame boundary. */
    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, SABLE_IRQ_VBLANK);
    g_assert_true(mt->bus->timer_armed[SABLE_TIMER_VBLANK]);
    g_assert_cmpuint(mt->bus->deadline[SABLE_TIMER_VBLANK], ==, epoch + 4ull * PERIOD);
    simbus_advance(mt->bus, PERIOD);
    g_assert_cmpuint(misc_pulses(mt), ==, 1);
    /* Disable: the counter freezes, the timer is cancelled. */
    simbus_write(mt->bus, SABLE_REG_IRQ_STATUS, SABLE_IRQ_VBLANK);
    enable(mt, 0);
    g_assert_false(mt->bus->timer_armed[SABLE_TIMER_VBLANK]);
    simbus_advance(mt->bus, 5 * PERIOD);
    g_assert_cmpuint(misc_pulses(mt), ==, 1);
    g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_FRAME_COUNT), ==, 4);
    g_assert_cmphex(rd(mt, SABLE_REG_IRQ_STATUS), ==, 0);
    mt_free(mt);
}

static void test_reset_disables(void)
{
    Mt *mt = mt_new(NULL);

    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, SABLE_IRQ_VBLANK);
    program(mt, SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    simbus_advance(mt->bus, 2 * PERIOD);
    simbus_write(mt->bus, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    g_assert_cmphex(status(mt), ==, 0);
    g_assert_cmphex(simbus_read64(mt->bus, SABLE_REG_SCANOUT_ADDR_LO), ==, 0);
    g_assert_cmpuint(rd(mt, SABLE_REG_SCANOUT_FRAME_COUNT), ==, 0);
    g_assert_false(mt->bus->timer_armed[SABLE_TIMER_VBLANK]);
    uint32_t pulses = misc_pulses(mt); /* includes RESET_DONE if unmasked */
    simbus_write(mt->bus, SABLE_REG_IRQ_STATUS, UINT32_MAX);
    simbus_advance(mt->bus, 3 * PERIOD);
    g_assert_cmpuint(misc_pulses(mt), ==, pulses);
    /* Power-on reset too. */
    program(mt, SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_true(status(mt) & SABLE_SCANOUT_STATUS_ENABLED);
    sable_device_reset(mt->bus->dev);
    g_assert_cmphex(status(mt), ==, 0);
    g_assert_false(mt->bus->timer_armed[SABLE_TIMER_VBLANK]);
    mt_free(mt);
}

static void test_faults(void)
{
    Mt *mt = mt_new(NULL);
    uint32_t *dst = g_new(uint32_t, 64 * 8);
    uint64_t outside = mt->bus->vram_size - 256 * 4; /* rows 4.. outside VRAM */

    mt_gart_setup(mt, 0); /* no valid PTE */
    program(mt, MT_GART(2), 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    memset(dst, 0xaa, 64 * 8 * 4);
    g_assert_false(sable_scanout_read(mt->bus->dev, dst, 256));
    g_assert_cmphex(status(mt), ==, SABLE_SCANOUT_STATUS_ENABLED |
                                    SABLE_SCANOUT_ERR_FAULT << 8);
    g_assert_cmphex(simbus_read64(mt->bus, SABLE_REG_SCANOUT_FAULT_ADDR_LO), ==,
                    MT_GART(2));
    for (unsigned i = 0; i < 64 * 8; i++) {
        g_assert_cmphex(dst[i], ==, 0); /* black frame */
    }
    /* Not an engine fault: no engine state, no interrupt cause. */
    g_assert_cmpuint(simbus_count(mt->bus, SABLE_EV_FAULT), ==, 0);
    g_assert_cmphex(rd(mt, SABLE_REG_IRQ_STATUS), ==, 0);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_COUNT), ==, 0);

    program(mt, outside, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE); /* clears the error */
    g_assert_cmphex(status(mt), ==, SABLE_SCANOUT_STATUS_ENABLED);
    g_assert_false(sable_scanout_read(mt->bus->dev, dst, 256));
    g_assert_cmphex(simbus_read64(mt->bus, SABLE_REG_SCANOUT_FAULT_ADDR_LO), ==,
                    mt->bus->vram_size);
    /* Invalid destination pitch, or disabled: nothing read, no error. */
    program(mt, SURF, 256, SABLE_FORMAT_B8G8R8X8_UNORM, 64, 8);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_false(sable_scanout_read(mt->bus->dev, dst, 252));
    g_assert_false(sable_scanout_read(mt->bus->dev, dst, 258));
    g_assert_true(sable_scanout_read(mt->bus->dev, dst, 256));
    g_assert_cmphex(status(mt), ==, SABLE_SCANOUT_STATUS_ENABLED);
    enable(mt, 0);
    g_assert_false(sable_scanout_read(mt->bus->dev, dst, 256));
    g_free(dst);
    mt_free(mt);
}

/* R8G8B8A8 through the GART (guest RAM) and B5G6R5 (odd width) in VRAM. */
static void test_conversion(void)
{
    Mt *mt = mt_new(NULL);
    enum { W = 5, H = 3, DPITCH = 32 };
    uint32_t dst[DPITCH / 4 * H];
    SableScanoutInfo info;

    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ);
    uint8_t *rgba = mt_gart_page(mt, 1);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            uint8_t *p = rgba + y * 64 + x * 4;
            p[0] = (uint8_t)(0x10 * x + y);  /* R */
            p[1] = (uint8_t)(0x80 + x);      /* G */
            p[2] = (uint8_t)(0xf0 - y);      /* B */
            p[3] = 0x7f;                     /* A */
        }
    }
    program(mt, MT_GART(1), 64, SABLE_FORMAT_R8G8B8A8_UNORM, W, H);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    sable_scanout_info(mt->bus->dev, &info);
    g_assert_true(info.enabled);
    g_assert_cmpuint(info.width, ==, W);
    g_assert_cmpuint(info.height, ==, H);
    memset(dst, 0x55, sizeof(dst));
    g_assert_true(sable_scanout_read(mt->bus->dev, dst, DPITCH));
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            uint32_t want = (0x10u * x + y) << 16 | (0x80u + x) << 8 | (0xf0u - y);
            g_assert_cmphex(dst[y * DPITCH / 4 + x] & 0xffffff, ==, want);
        }
        g_assert_cmphex(dst[y * DPITCH / 4 + W], ==, 0x55555555); /* past width */
    }

    /* B5G6R5: 5/6-bit channels widen by bit replication. */
    static const uint16_t px[W] = { 0x0000, 0xffff, 0xf800, 0x07e0, 0x801f };
    static const uint32_t want565[W] = { 0x000000, 0xffffff, 0xff0000,
                                         0x00ff00, 0x8400ff };
    uint16_t *v = mt_vram(mt, SURF);
    for (unsigned y = 0; y < H; y++) {
        memcpy((uint8_t *)v + y * 12, px, sizeof(px)); /* pitch 12 >= 10 */
    }
    program(mt, SURF, 12, SABLE_FORMAT_B5G6R5_UNORM, W, H);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_true(sable_scanout_read(mt->bus->dev, dst, DPITCH));
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            g_assert_cmphex(dst[y * DPITCH / 4 + x] & 0xffffff, ==, want565[x]);
        }
    }
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/scanout/discovery", test_discovery);
    g_test_add_func("/scanout/validation", test_validation);
    g_test_add_func("/scanout/vblank-cadence", test_vblank_cadence);
    g_test_add_func("/scanout/no-vblank-when-off", test_no_vblank_when_off);
    g_test_add_func("/scanout/reset-disables", test_reset_disables);
    g_test_add_func("/scanout/faults", test_faults);
    g_test_add_func("/scanout/conversion", test_conversion);
    return g_test_run();
}
