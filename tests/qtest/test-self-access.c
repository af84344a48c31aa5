/* SPDX-License-Identifier: MIT */
/* Accesses the device makes to itself (docs/protocol.md 1.2 and 4), one
 * test per path the guest can aim at the device's own BARs:
 *   - a GART entry into VRAM (BAR2) used by COPY_2D's direct path, and into
 *     the aperture (BAR4) used by a swizzle ENABLE: PAGE fault, no copy of
 *     device memory onto itself (ASan's memcpy-param-overlap before);
 *   - MSI-X messages and fence page writes into BAR0 from the VBLANK timer,
 *     an engine timer (SLOW injection completes the fence) and the engine
 *     bottom half: refused, so ADAPTER_RESET and the ring registers they
 *     point at never change;
 *   - a GART table inside BAR0 read by the display refresh (screendump) and
 *     by an engine: the read is refused (black frame + ERR_FAULT, DMA_ERROR).
 * Each would re-enter or corrupt the device without the rule or the guard. */
#include <string.h>

#include "fixture.h"

#define GFX SABLE_ENGINE_GRAPHICS
#define CPY SABLE_ENGINE_COPY
#define PAGE SABLE_PAGE_SIZE
#define PERIOD SABLE_SCANOUT_VBLANK_PERIOD_NS
#define RWV (SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE)
#define SCRATCH_ENTRY (SABLE_REG_SCRATCH / 8u) /* GART entry SCRATCH overlays */

static void expect_fault(SqtDevice *d, unsigned e, uint32_t code, uint64_t addr,
                         uint64_t fence)
{
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_ENGINE(e), SQT_STEP_NS, SQT_TIMEOUT_NS));
    g_assert_cmpuint(sqt_eng_read(d, e, SABLE_ENG_FAULT_CODE), ==, code);
    g_assert_cmphex(sqt_eng_read64(d, e, SABLE_ENG_FAULT_ADDR_LO), ==, addr);
    g_assert_cmpuint(sqt_eng_read64(d, e, SABLE_ENG_COMPLETED_FENCE_LO), <, fence);
}

static void surface_64x16(struct sable_surface *s, uint64_t gpu)
{
    *s = (struct sable_surface) { .addr = gpu, .pitch = 256,
                                  .format = SABLE_FORMAT_B8G8R8A8_UNORM,
                                  .width = 64, .height = 16 };
}

/* COPY_2D from a GART page aliasing VRAM (through BAR2's bus address) into
 * the VRAM right over it. */
static void test_gart_alias_vram_copy_2d(void)
{
    SqtDevice *d = fixture_open(NULL);
    uint64_t vram = sqt_vram_alloc(d, 2 * PAGE, PAGE);
    SqtBuf alias = sqt_alloc(d, PAGE, PAGE);
    uint8_t *v = sqt_vram_ptr(d->m, vram, 2 * PAGE);
    for (unsigned i = 0; i < 2 * PAGE; i++) {
        v[i] = (uint8_t)(i * 13 + 1);
    }
    uint8_t before[2 * PAGE];
    memcpy(before, v, sizeof(before));
    sqt_gart_set_pte(d, alias.gpu, (SQT_BAR2_ADDR + vram) | RWV);

    struct sable_surface src, dst;
    struct sable_rect r = { 0, 0, 64, 16 };
    surface_64x16(&src, alias.gpu);
    surface_64x16(&dst, vram + 128);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 256);
    sqt_cmd_copy_2d(&cb, &src, &dst, &r, 0, 0);
    fixture_irq_clear(d);
    uint64_t fence = sqt_submit_cmdbuf(d, GFX, &cb);
    expect_fault(d, GFX, SABLE_FAULT_PAGE, alias.gpu, fence);
    g_assert_cmpmem(v, sizeof(before), before, sizeof(before));
    sqt_device_close(d);
}

/* A swizzle range over a GART page aliasing its own BAR4 window. */
static void test_gart_alias_aperture_swizzle(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf alias = sqt_alloc(d, PAGE, PAGE);
    const uint32_t win = 0x40000;
    sqt_gart_set_pte(d, alias.gpu, (SQT_BAR4_ADDR + win) | RWV);
    SqtSwzRange c = { .offset = win, .size = PAGE, .gpu = alias.gpu,
                      .pitch = 256, .height = 16, .tiling = SABLE_TILING_LINEAR };
    g_assert_cmpuint(sqt_swz_enable(d, 0, &c), ==, SABLE_SWZ_ERR_FAULT);
    g_assert_cmpuint(sqt_swz_status(d, 0) & SABLE_SWZ_STATUS_ENABLED, ==, 0);
    g_assert_cmphex(sqt_reg_read64(d, SABLE_REG_SWZ(0) + SABLE_SWZ_FAULT_ADDR_LO),
                    ==, alias.gpu);
    /* The same range over the page's own RAM works. */
    sqt_gart_set_pte(d, alias.gpu, alias.bus | RWV);
    g_assert_cmpuint(sqt_swz_enable(d, 0, &c), ==, SABLE_SWZ_ERR_NONE);
    sqt_device_close(d);
}

/* Route vector v to an adapter reset: a message the device sends to
 * itself would reset it. */
static void msix_at_adapter_reset(SqtDevice *d, unsigned v)
{
    sqt_msix_route(&d->pci, &d->msix, v, SQT_BAR0_ADDR + SABLE_REG_ADAPTER_RESET,
                   SABLE_ADAPTER_RESET_KEY);
}

/* The device still answers, never reset itself, and copies right. */
static void expect_not_reset(SqtDevice *d)
{
    sqt_sync(d->m);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_MAGIC), ==, SABLE_MAGIC);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_ADAPTER_RESET_COUNT), ==, 0);
}

static void test_vblank_timer_msix_self(void)
{
    SqtDevice *d = fixture_open(NULL);
    uint64_t gpu = sqt_vram_alloc(d, 256 * 16, PAGE);
    msix_at_adapter_reset(d, SABLE_MSIX_VEC_MISC);
    fixture_irq_clear(d);
    sqt_reg_write(d, SABLE_REG_IRQ_MASK,
                  sqt_reg_read(d, SABLE_REG_IRQ_MASK) | SABLE_IRQ_VBLANK);
    sqt_reg_write64(d, SABLE_REG_SCANOUT_ADDR_LO, gpu);
    sqt_reg_write(d, SABLE_REG_SCANOUT_PITCH, 256);
    sqt_reg_write(d, SABLE_REG_SCANOUT_FORMAT, SABLE_FORMAT_B8G8R8X8_UNORM);
    sqt_reg_write(d, SABLE_REG_SCANOUT_WIDTH, 64);
    sqt_reg_write(d, SABLE_REG_SCANOUT_HEIGHT, 16);
    sqt_reg_write(d, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);
    sqt_clock_step(d->m, 3ull * PERIOD + PERIOD / 2);
    expect_not_reset(d);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_SCANOUT_FRAME_COUNT), >=, 3);
    g_assert_true(sqt_reg_read(d, SABLE_REG_IRQ_STATUS) & SABLE_IRQ_VBLANK);
    g_assert_true(sqt_reg_read(d, SABLE_REG_SCANOUT_STATUS) &
                  SABLE_SCANOUT_STATUS_ENABLED);
    sqt_device_close(d);
}

/* A SLOW injection completes the fence from the engine's timer. */
static void test_engine_timer_msix_self(void)
{
    SqtDevice *d = fixture_open(NULL);
    g_autoptr(GError) err = NULL;
    SqtBuf out = sqt_alloc(d, 64, 64);
    msix_at_adapter_reset(d, SABLE_MSIX_VEC_ENGINE(CPY));
    g_assert_true(sqt_qom_set_str(d->m, SQT_DEVICE_PATH, "inject",
                                  "slow,engine=1,delay-ns=2000000", &err));
    g_assert_no_error(err);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&cb, out.gpu, 0x7157);
    fixture_irq_clear(d);
    uint64_t fence = fixture_run(d, CPY, &cb);
    expect_not_reset(d);
    g_assert_true(sqt_reg_read(d, SABLE_REG_IRQ_STATUS) & SABLE_IRQ_FENCE(CPY));
    g_assert_cmpuint(sqt_eng_read64(d, CPY, SABLE_ENG_COMPLETED_FENCE_LO), ==, fence);
    g_assert_cmphex(sqt_load32(out.ptr), ==, 0x7157);
    sqt_device_close(d);
}

/* The engine's bottom half: the copy engine's fence page slot lands on the
 * graphics engine's RING_SIZE/RING_CONTROL, its vector on ADAPTER_RESET. */
static void test_engine_bh_fence_page_self(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf out = sqt_alloc(d, 64, 64);
    uint32_t size = sqt_eng_read(d, GFX, SABLE_ENG_RING_SIZE);
    uint32_t control = sqt_eng_read(d, GFX, SABLE_ENG_RING_CONTROL);
    msix_at_adapter_reset(d, SABLE_MSIX_VEC_ENGINE(CPY));
    sqt_reg_write64(d, SABLE_REG_FENCE_PAGE_LO,
                    SQT_BAR0_ADDR + SABLE_REG_ENGINE(GFX) + SABLE_ENG_RING_SIZE - 8 * CPY);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_ERROR_STATUS), ==, 0);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&cb, out.gpu, 0xb4);
    uint64_t fence = sqt_submit_cmdbuf(d, CPY, &cb);
    for (unsigned i = 0; i < 1000 && sqt_eng_read64(d, CPY, SABLE_ENG_COMPLETED_FENCE_LO) < fence;
         i++) {
        sqt_clock_step(d->m, SQT_STEP_NS);
    }
    g_assert_cmpuint(sqt_eng_read64(d, CPY, SABLE_ENG_COMPLETED_FENCE_LO), ==, fence);
    expect_not_reset(d);
    g_assert_cmpuint(sqt_eng_read(d, GFX, SABLE_ENG_RING_SIZE), ==, size);
    g_assert_cmpuint(sqt_eng_read(d, GFX, SABLE_ENG_RING_CONTROL), ==, control);
    g_assert_cmphex(sqt_load32(out.ptr), ==, 0xb4);
    sqt_device_close(d);
}

/* GART table at BAR0: entry SCRATCH_ENTRY is the SCRATCH register (the next
 * register reads 0), set to a valid PTE of a RAM page full of 0xff. */
static SqtBuf gart_table_in_bar0(SqtDevice *d)
{
    SqtBuf page = sqt_alloc(d, PAGE, PAGE);
    memset(page.ptr, 0xff, PAGE);
    sqt_reg_write(d, SABLE_REG_SCRATCH, (uint32_t)(page.bus | RWV));
    g_assert_cmpuint(page.bus >> 32, ==, 0);
    sqt_reg_write64(d, SABLE_REG_GART_TABLE_LO, SQT_BAR0_ADDR);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_ERROR_STATUS), ==, 0);
    return page;
}

static void test_display_refresh_gart_in_bar0(void)
{
    SqtDevice *d = fixture_open(NULL);
    gart_table_in_bar0(d);
    uint64_t gpu = d->gart_base + SCRATCH_ENTRY * PAGE;
    sqt_reg_write64(d, SABLE_REG_SCANOUT_ADDR_LO, gpu);
    sqt_reg_write(d, SABLE_REG_SCANOUT_PITCH, 256);
    sqt_reg_write(d, SABLE_REG_SCANOUT_FORMAT, SABLE_FORMAT_B8G8R8X8_UNORM);
    sqt_reg_write(d, SABLE_REG_SCANOUT_WIDTH, 64);
    sqt_reg_write(d, SABLE_REG_SCANOUT_HEIGHT, 16);
    sqt_reg_write(d, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);
    g_autoptr(GError) err = NULL;
    SqtFrame f = { 0 };
    g_assert_true(sqt_screendump(d->m, &f, &err));
    g_assert_no_error(err);
    g_assert_cmpuint(f.width, ==, 64);
    for (unsigned i = 0; i < 64 * 16 * 3; i++) {
        g_assert_cmpuint(f.rgb[i], ==, 0);
    }
    g_free(f.rgb);
    g_assert_cmpuint(SABLE_SCANOUT_STATUS_ERROR(sqt_reg_read(d, SABLE_REG_SCANOUT_STATUS)),
                     ==, SABLE_SCANOUT_ERR_FAULT);
    g_assert_cmphex(sqt_reg_read64(d, SABLE_REG_SCANOUT_FAULT_ADDR_LO), ==, gpu);
    expect_not_reset(d);
    sqt_device_close(d);
}

static void test_engine_gart_in_bar0(void)
{
    SqtDevice *d = fixture_open(NULL);
    uint64_t vram = sqt_vram_alloc(d, PAGE, PAGE);
    gart_table_in_bar0(d);
    uint64_t gpu = d->gart_base + SCRATCH_ENTRY * PAGE;
    /* The DMA buffer in VRAM: the GART no longer maps guest RAM. */
    struct sable_cmd_copy copy = {
        .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, sizeof(copy) / 4),
        .dst = vram + 2048, .src = gpu, .size = 64,
    };
    memcpy(sqt_vram_ptr(d->m, vram, sizeof(copy)), &copy, sizeof(copy));
    fixture_irq_clear(d);
    uint64_t fence = sqt_submit(d, CPY, vram, sizeof(copy), 0);
    expect_fault(d, CPY, SABLE_FAULT_DMA_ERROR, gpu, fence);
    g_assert_cmpuint(sqt_load32(sqt_vram_ptr(d->m, vram + 2048, 4)), ==, 0);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu/self/gart-vram-copy-2d", test_gart_alias_vram_copy_2d);
    g_test_add_func("/qemu/self/gart-aperture-swizzle", test_gart_alias_aperture_swizzle);
    g_test_add_func("/qemu/self/vblank-timer-msix", test_vblank_timer_msix_self);
    g_test_add_func("/qemu/self/engine-timer-msix", test_engine_timer_msix_self);
    g_test_add_func("/qemu/self/engine-bh-fence-page", test_engine_bh_fence_page_self);
    g_test_add_func("/qemu/self/display-gart-in-bar0", test_display_refresh_gart_in_bar0);
    g_test_add_func("/qemu/self/engine-gart-in-bar0", test_engine_gart_in_bar0);
    return g_test_run();
}
