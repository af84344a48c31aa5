/* SPDX-License-Identifier: MIT */
/* GART entries aliasing the device's own BARs (docs/protocol.md section 4):
 * an entry whose page overlaps BAR0, VRAM (BAR2) or the aperture (BAR4), as
 * the host's bar_windows() reports them, faults with PAGE like an invalid
 * entry, on every path that moves data: COPY, COPY_2D straight to/from
 * VRAM (the direct-pointer path), and swizzle ENABLE/FLUSH over BAR4. The
 * page just past a window is not the device's: it is plain bus memory
 * (here: none, so DMA_ERROR). Without the rule the copies below would
 * memcpy VRAM onto itself (ASan: memcpy-param-overlap in build-asan). */
#include <string.h>

#include "model-util.h"

#define PAGE SABLE_PAGE_SIZE
#define VRAM_SRC 0x200000ull /* VRAM data the aliasing page also reaches */
#define ALIAS 7u             /* GART page aliasing a BAR */
#define RAM_PAGE 8u          /* GART page mapping plain guest RAM */

static CmdBuf cb;

static Mt *alias_mt(void)
{
    SimBusConfig cfg = { .vram_size = 16u << 20 };
    Mt *mt = mt_new(&cfg);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ |
                      SABLE_GART_PTE_WRITE);
    return mt;
}

static void gart_map(Mt *mt, unsigned page, uint64_t bus)
{
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 8ull * page,
                       bus | SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ |
                       SABLE_GART_PTE_WRITE);
}

static void vram_pattern(Mt *mt, uint64_t gpa, uint64_t len, uint8_t seed)
{
    uint8_t *p = mt_vram(mt, gpa);
    for (uint64_t i = 0; i < len; i++) {
        p[i] = (uint8_t)(seed + i * 7);
    }
}

/* Run cb on engine 0; expect a fault `code` at `addr` (GART flag set). */
static void expect_fault(Mt *mt, uint32_t code, uint64_t addr)
{
    uint64_t f = mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), <, f);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, code);
    g_assert_cmphex(mt_reg64(mt, 0, SABLE_ENG_FAULT_ADDR_LO), ==, addr);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_FLAGS) &
                     SABLE_FAULT_F_GART, !=, 0);
}

static void expect_done(Mt *mt)
{
    uint64_t f = mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_NONE);
}

/* A 64x16 linear 32bpp COPY_2D of `src` to `dst`. */
static void copy_2d(uint64_t dst, uint64_t src)
{
    struct sable_rect r = { 0, 0, 64, 16 };
    cb_reset(&cb);
    cb_copy_2d(&cb, mt_surface(src, 256, SABLE_FORMAT_B8G8R8A8_UNORM, 64, 16),
               mt_surface(dst, 256, SABLE_FORMAT_B8G8R8A8_UNORM, 64, 16), r,
               0, 0);
}

/* COPY_2D from a GART page aliasing VRAM_SRC's own bus address into VRAM
 * right over it: the direct path would read VRAM into VRAM. */
static void test_copy_2d_from_vram_alias(void)
{
    Mt *mt = alias_mt();
    gart_map(mt, ALIAS, SIMBUS_VRAM_BUS + VRAM_SRC);
    vram_pattern(mt, VRAM_SRC, PAGE, 3);
    uint8_t before[PAGE];
    memcpy(before, mt_vram(mt, VRAM_SRC), PAGE);

    copy_2d(VRAM_SRC + 128, MT_GART(ALIAS));
    expect_fault(mt, SABLE_FAULT_PAGE, MT_GART(ALIAS));
    g_assert_cmpmem(mt_vram(mt, VRAM_SRC), PAGE, before, PAGE);
    mt_free(mt);
}

/* The other direction: VRAM -> a GART page aliasing that same VRAM. */
static void test_copy_2d_to_vram_alias(void)
{
    Mt *mt = alias_mt();
    gart_map(mt, ALIAS, SIMBUS_VRAM_BUS + VRAM_SRC);
    vram_pattern(mt, VRAM_SRC, 2 * PAGE, 5);
    uint8_t before[2 * PAGE];
    memcpy(before, mt_vram(mt, VRAM_SRC), sizeof(before));

    copy_2d(MT_GART(ALIAS), VRAM_SRC + 128);
    expect_fault(mt, SABLE_FAULT_PAGE, MT_GART(ALIAS));
    g_assert_cmpmem(mt_vram(mt, VRAM_SRC), sizeof(before), before,
                    sizeof(before));
    mt_free(mt);
}

/* COPY (bounce-buffered) into pages aliasing BAR4 and BAR0, and a mapping
 * whose page starts inside a window's last page. */
static void test_copy_into_bars(void)
{
    const uint64_t targets[] = {
        SIMBUS_APERTURE_BUS,
        SIMBUS_APERTURE_BUS + SABLE_APERTURE_SIZE - PAGE,
        SIMBUS_MMIO_BUS + SABLE_MMIO_SIZE - PAGE,
        SIMBUS_VRAM_BUS + (16u << 20) - PAGE,
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(targets); i++) {
        Mt *mt = alias_mt();
        gart_map(mt, ALIAS, targets[i]);
        vram_pattern(mt, VRAM_SRC, PAGE, 9);
        cb_reset(&cb);
        cb_copy(&cb, MT_GART(ALIAS) + 16, VRAM_SRC, 64);
        expect_fault(mt, SABLE_FAULT_PAGE, MT_GART(ALIAS) + 16);
        g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_FLAGS) &
                         SABLE_FAULT_F_WRITE, !=, 0);
        mt_free(mt);
    }
}

/* Just past the VRAM window is not the device's: no PAGE fault there (the
 * bus has nothing, so DMA_ERROR); a RAM page works. */
static void test_window_edges(void)
{
    Mt *mt = alias_mt();
    gart_map(mt, ALIAS, SIMBUS_VRAM_BUS + (16u << 20));
    vram_pattern(mt, VRAM_SRC, PAGE, 11);
    cb_reset(&cb);
    cb_copy(&cb, MT_GART(ALIAS), VRAM_SRC, 64);
    expect_fault(mt, SABLE_FAULT_DMA_ERROR, MT_GART(ALIAS));
    mt_free(mt);

    mt = alias_mt();
    vram_pattern(mt, VRAM_SRC, PAGE, 13);
    copy_2d(MT_GART(RAM_PAGE), VRAM_SRC);
    expect_done(mt);
    const uint8_t *ram = mt_gart_page(mt, RAM_PAGE);
    for (unsigned row = 0; row < 16; row++) {
        g_assert_cmpmem(ram + row * 256u, 256, mt_vram(mt, VRAM_SRC + row * 256u),
                        256);
    }
    mt_free(mt);
}

static uint32_t swz_status(Mt *mt)
{
    return simbus_read(mt->bus, SABLE_REG_SWZ(0) + SABLE_SWZ_STATUS);
}

/* Swizzle ENABLE over a GART page aliasing the range's own window in BAR4:
 * de-tiling would DMA BAR4 into BAR4. It faults, the range stays off. */
static void test_swizzle_over_aperture_alias(void)
{
    Mt *mt = alias_mt();
    const uint32_t win = 0x20000;
    gart_map(mt, ALIAS, SIMBUS_APERTURE_BUS + win);
    memset(mt->bus->aperture + win, 0x5c, PAGE);
    uint32_t base = SABLE_REG_SWZ(0);
    simbus_write(mt->bus, base + SABLE_SWZ_APERTURE_OFFSET, win);
    simbus_write(mt->bus, base + SABLE_SWZ_SIZE, PAGE);
    simbus_write64(mt->bus, base + SABLE_SWZ_GPU_ADDR_LO, MT_GART(ALIAS));
    simbus_write(mt->bus, base + SABLE_SWZ_PITCH, 256);
    simbus_write(mt->bus, base + SABLE_SWZ_HEIGHT, 16);
    simbus_write(mt->bus, base + SABLE_SWZ_TILING, SABLE_TILING_LINEAR);
    simbus_write(mt->bus, base + SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_ENABLE);
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(swz_status(mt)), ==,
                     SABLE_SWZ_ERR_FAULT);
    g_assert_cmpuint(swz_status(mt) & SABLE_SWZ_STATUS_ENABLED, ==, 0);
    g_assert_cmphex(simbus_read64(mt->bus, base + SABLE_SWZ_FAULT_ADDR_LO), ==,
                    MT_GART(ALIAS));

    /* The same range over a RAM page enables; re-pointing the entry at BAR4
     * makes FLUSH fault and leaves the range enabled. */
    simbus_write64(mt->bus, base + SABLE_SWZ_GPU_ADDR_LO, MT_GART(RAM_PAGE));
    simbus_write(mt->bus, base + SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_ENABLE);
    g_assert_cmpuint(swz_status(mt), ==, SABLE_SWZ_STATUS_ENABLED);
    gart_map(mt, RAM_PAGE, SIMBUS_APERTURE_BUS + win);
    simbus_write(mt->bus, base + SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_FLUSH);
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(swz_status(mt)), ==,
                     SABLE_SWZ_ERR_FAULT);
    g_assert_cmpuint(swz_status(mt) & SABLE_SWZ_STATUS_ENABLED, !=, 0);
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/model/bar-alias/copy-2d-from-vram",
                    test_copy_2d_from_vram_alias);
    g_test_add_func("/model/bar-alias/copy-2d-to-vram",
                    test_copy_2d_to_vram_alias);
    g_test_add_func("/model/bar-alias/copy-into-bars", test_copy_into_bars);
    g_test_add_func("/model/bar-alias/window-edges", test_window_edges);
    g_test_add_func("/model/bar-alias/swizzle", test_swizzle_over_aperture_alias);
    return g_test_run();
}
