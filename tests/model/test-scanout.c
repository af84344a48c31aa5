/* SPDX-License-Identifier: MIT */
/* Scanout (ABI 1.2, SABLE_REG_SCANOUT_*): register validation, vblank
 * cadence in device time, no timer or interrupt while disabled or masked,
 * GPU memory faults reported in SCANOUT_STATUS only, reset, and the
 * x8r8g8b8 conversion of sable_scanout_read. */
#include <string.h>

#include "model-util.h"

#define SURF 0x200000ull /* VRAM */
#define PERIOD SABLE_SCANOUT_VBLANK_PERIOD_NS

static CmdBuf cb;

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

/* Every VRAM byte the device changes is reported (SableHostOps.vram_dirty)
 * before a display reads it: after each kind of command that writes VRAM,
 * each 64-byte block whose bytes differ from before is marked. */
static void expect_reported(Mt *mt, uint8_t *before, unsigned e, const CmdBuf *cmds)
{
    SimBus *bus = mt->bus;
    mt_submit(mt, e, cmds); /* the command buffer is the test's own write */
    memcpy(before, bus->vram, bus->vram_size);
    simbus_vram_clean(bus);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_CODE), ==, 0);
    unsigned changed = 0;
    for (uint64_t off = 0; off < bus->vram_size; off++) {
        if (bus->vram[off] != before[off]) {
            changed++;
            if (!simbus_vram_is_dirty(bus, off)) {
                g_test_message("byte 0x%" G_GINT64_MODIFIER "x not reported", off);
            }
            g_assert_true(simbus_vram_is_dirty(bus, off));
        }
    }
    g_assert_cmpuint(changed, >, 0);
}

static void test_vram_writes_reported(void)
{
    Mt *mt = mt_new(NULL);
    SimBus *bus = mt->bus;
    g_autofree uint8_t *before = g_malloc(bus->vram_size);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE);
    memset(mt_gart_page(mt, 3), 0x5a, 4096);
    struct sable_surface lin = mt_surface(0x10000, 256, SABLE_FORMAT_B8G8R8A8_UNORM, 64, 64);
    struct sable_surface lin2 = mt_surface(0x40000, 256, SABLE_FORMAT_B8G8R8A8_UNORM, 64, 64);
    struct sable_surface tiled = mt_surface(0x80000, 512,
        SABLE_SURFACE_FORMAT(SABLE_FORMAT_B8G8R8A8_UNORM, SABLE_TILING_Y), 64, 64);
    struct sable_rect r = { 3, 5, 40, 33 };

    for (unsigned step = 0; step < 7; step++) {
        cb_reset(&cb);
        switch (step) {
        case 0: cb_write32(&cb, 0x1234, 0xdeadbeef); break;
        case 1: cb_copy(&cb, 0x3001, MT_GART(3) + 7, 5000); break;   /* GART -> VRAM */
        case 2: cb_copy(&cb, 0x9000, 0x3001, 4000); break;           /* VRAM -> VRAM */
        case 3: cb_fill(&cb, 0x20003, 0x01020304, 70001); break;
        case 4: cb_solid(&cb, lin, r, 0xff00ff00); break;
        case 5: cb_blit(&cb, lin, lin2, r, 1, 2); break;
        case 6: cb_copy_2d(&cb, lin, tiled, r, 9, 4); break;
        }
        g_test_message("step %u", step);
        expect_reported(mt, before, step % 2, &cb);
    }
    mt_free(mt);
}

typedef struct Updates {
    unsigned changed_calls, rows;
    uint64_t lo, hi;  /* the GPU range reported changed */
} Updates;

static bool range_changed(void *opaque, uint64_t gpa, uint64_t len)
{
    Updates *u = opaque;
    u->changed_calls++;
    return gpa < u->hi && gpa + len > u->lo;
}

static void rows_updated(void *opaque, uint32_t y, uint32_t h)
{
    ((Updates *)opaque)->rows += h;
}

/* sable_scanout_update converts only the bands whose bytes changed: none
 * when nothing did, exactly the band holding a changed row otherwise, with
 * the new pixels in place and the other rows left as they were. */
static void test_update_changed_bands(void)
{
    Mt *mt = mt_new(NULL);
    enum { W = 32, H = 50, PITCH = 128, DPITCH = W * 4 };
    g_autofree uint32_t *dst = g_malloc0(DPITCH * H);
    uint32_t *src = mt_vram(mt, SURF);
    for (unsigned i = 0; i < PITCH / 4 * H; i++) {
        src[i] = 0x00102030u + i;
    }
    program(mt, SURF, PITCH, SABLE_FORMAT_B8G8R8A8_UNORM, W, H);
    enable(mt, SABLE_SCANOUT_CONTROL_ENABLE);
    Updates u = { .lo = 0, .hi = UINT64_MAX };
    SableScanoutDirty d = { range_changed, rows_updated, &u };
    g_assert_true(sable_scanout_update(mt->bus->dev, dst, DPITCH, &d));
    g_assert_cmpuint(u.rows, ==, H);
    g_assert_cmpuint(u.changed_calls, ==, (H + SABLE_SCANOUT_DIRTY_ROWS - 1) /
                                          SABLE_SCANOUT_DIRTY_ROWS);
    g_assert_cmphex(dst[(H - 1) * W + 5] & 0xffffff, ==, (0x00102030u + (H - 1) * 32 + 5) & 0xffffff);

    u = (Updates){ .lo = 1, .hi = 1 }; /* nothing changed */
    g_assert_true(sable_scanout_update(mt->bus->dev, dst, DPITCH, &d));
    g_assert_cmpuint(u.rows, ==, 0);

    /* Row 20 changes: the band of rows 16..31 is converted, nothing else. */
    src[20 * PITCH / 4 + 3] = 0x00abcdefu;
    src[40 * PITCH / 4 + 3] = 0x00111111u; /* not reported: must not show */
    u = (Updates){ .lo = SURF + 20 * PITCH, .hi = SURF + 20 * PITCH + 16 };
    g_assert_true(sable_scanout_update(mt->bus->dev, dst, DPITCH, &d));
    g_assert_cmpuint(u.rows, ==, SABLE_SCANOUT_DIRTY_ROWS);
    g_assert_cmphex(dst[20 * W + 3] & 0xffffff, ==, 0xabcdef);
    g_assert_cmphex(dst[40 * W + 3] & 0xffffff, ==, (0x00102030u + 40 * 32 + 3) & 0xffffff);
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
    g_test_add_func("/scanout/vram-writes-reported", test_vram_writes_reported);
    g_test_add_func("/scanout/update-changed-bands", test_update_changed_bands);
    return g_test_run();
}
