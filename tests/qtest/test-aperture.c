/* SPDX-License-Identifier: MIT */
/* Swizzle ranges in the real QEMU device: CPU reads and writes of BAR4
 * (through the shared aperture-memdev mapping and through the machine's
 * address space) match the COPY_2D tiled<->linear path byte for byte; a
 * range over an unmapped GART page reports the fault and QEMU goes on;
 * adapter reset tears ranges down. */
#include <string.h>

#include "fixture.h"

#define SEED 0x7113d00du
#define W_BYTES 1000u  /* visible bytes per row (250 B8G8R8A8 pixels) */
#define PITCH 1024u    /* 8 tiles */
#define ROWS 77u       /* 3 tile rows, the last partly padding */
#define TILED_SIZE (PITCH * 96u)
#define WIN 0x200000u
#define WIN_SIZE 0x14000u /* >= PITCH * ROWS = 78848 */

static struct sable_surface surface(uint64_t addr, uint32_t tiling)
{
    return (struct sable_surface){
        .addr = addr, .pitch = PITCH, .width = W_BYTES / 4, .height = ROWS,
        .format = SABLE_SURFACE_FORMAT(SABLE_FORMAT_B8G8R8A8_UNORM, tiling) };
}

/* COPY_2D the whole surface from src to dst. */
static void copy_surface(SqtDevice *d, uint64_t src, uint32_t st, uint64_t dst,
                         uint32_t dt)
{
    struct sable_surface s = surface(src, st), t = surface(dst, dt);
    struct sable_rect all = { 0, 0, W_BYTES / 4, ROWS };
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 256);
    sqt_cmd_copy_2d(&cb, &s, &t, &all, 0, 0);
    fixture_run(d, SABLE_ENGINE_COPY, &cb);
    g_assert_cmpuint(sqt_eng_read(d, SABLE_ENGINE_COPY, SABLE_ENG_FAULT_CODE), ==, 0);
}

static void assert_rows_equal(const uint8_t *a, const uint8_t *b)
{
    for (uint32_t y = 0; y < ROWS; y++) {
        g_assert_cmpmem(a + y * PITCH, W_BYTES, b + y * PITCH, W_BYTES);
    }
}

static void test_read_write_match_copy_path(void)
{
    g_autoptr(GRand) rng = g_rand_new_with_seed(SEED);
    SqtDevice *d = fixture_open(NULL);
    g_assert_cmphex(d->features & SABLE_FEATURE_SWIZZLE_RANGES, !=, 0);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_SWIZZLE_RANGES), >=, 1);
    SqtBuf lin = sqt_alloc(d, PITCH * ROWS, 4096);
    SqtBuf back = sqt_alloc(d, PITCH * ROWS, 4096);
    uint64_t tiled = sqt_vram_alloc(d, TILED_SIZE, 4096);
    fixture_random_bytes(rng, lin.ptr, lin.size);
    copy_surface(d, lin.gpu, SABLE_TILING_LINEAR, tiled, SABLE_TILING_Y);

    SqtSwzRange c = { WIN, WIN_SIZE, tiled, PITCH, ROWS, SABLE_TILING_Y };
    g_assert_cmpuint(sqt_swz_enable(d, 0, &c), ==, SABLE_SWZ_ERR_NONE);
    uint8_t *win = sqt_aperture_ptr(d->m, WIN, WIN_SIZE);
    assert_rows_equal(win, lin.ptr);
    /* the CPU's view of BAR4 in the machine is the same memory */
    uint32_t probe = 17 * PITCH + 612;
    g_assert_cmphex(sqt_readl(d->m, SQT_BAR4_ADDR + WIN + probe), ==,
                    sqt_load32((uint8_t *)lin.ptr + probe));

    /* CPU writes: most through the mapping, one through the BAR */
    fixture_random_bytes(rng, win, PITCH * ROWS);
    sqt_writel(d->m, SQT_BAR4_ADDR + WIN + 40 * PITCH + 8, 0xc0ffee11u);
    g_assert_cmphex(sqt_load32(win + 40 * PITCH + 8), ==, 0xc0ffee11u);
    g_assert_cmpuint(sqt_swz_control(d, 0, SABLE_SWZ_CONTROL_FLUSH), ==, 0);
    copy_surface(d, tiled, SABLE_TILING_Y, back.gpu, SABLE_TILING_LINEAR);
    assert_rows_equal(back.ptr, win);

    /* DISABLE writes back (again) and clears the window */
    g_assert_cmpuint(sqt_swz_control(d, 0, SABLE_SWZ_CONTROL_DISABLE), ==, 0);
    g_assert_cmpuint(sqt_swz_status(d, 0) & SABLE_SWZ_STATUS_ENABLED, ==, 0);
    g_assert_cmphex(sqt_readl(d->m, SQT_BAR4_ADDR + WIN), ==, 0);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_ERROR_STATUS), ==, 0);
    sqt_device_close(d);
}

static void test_unmapped_gart_page(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf sys = sqt_alloc(d, TILED_SIZE, 4096);
    uint64_t hole = sys.gpu + 9 * 4096; /* tile 9: row 1, column 1 */
    sqt_gart_set_pte(d, hole, 0);
    SqtSwzRange c = { WIN, WIN_SIZE, sys.gpu, PITCH, ROWS, SABLE_TILING_Y };
    g_assert_cmpuint(sqt_swz_enable(d, 3, &c), ==, SABLE_SWZ_ERR_FAULT);
    g_assert_cmpuint(sqt_swz_status(d, 3) & SABLE_SWZ_STATUS_ENABLED, ==, 0);
    g_assert_cmphex(sqt_reg_read64(d, SABLE_REG_SWZ(3) + SABLE_SWZ_FAULT_ADDR_LO), ==,
                    hole);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_ERROR_STATUS), ==,
                    SABLE_ERROR_SWIZZLE_RANGE);
    /* QEMU lives, the engines are untouched and still run work */
    sqt_reg_write(d, SABLE_REG_SCRATCH, 0x600dcafe);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_SCRATCH), ==, 0x600dcafe);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_nop(&cb, 1);
    fixture_run(d, SABLE_ENGINE_GRAPHICS, &cb);
    g_assert_cmpuint(sqt_eng_read(d, SABLE_ENGINE_GRAPHICS, SABLE_ENG_FAULT_CODE), ==, 0);
    /* mapped again, the same range enables */
    sqt_gart_rebuild(d);
    g_assert_cmpuint(sqt_swz_enable(d, 3, &c), ==, SABLE_SWZ_ERR_NONE);
    sqt_device_close(d);
}

static void test_adapter_reset_tears_down(void)
{
    g_autoptr(GError) err = NULL;
    SqtDevice *d = fixture_open(NULL);
    uint64_t tiled = sqt_vram_alloc(d, TILED_SIZE, 4096);
    uint8_t *t = sqt_vram_ptr(d->m, tiled, TILED_SIZE);
    memset(t, 0x3c, TILED_SIZE);
    SqtSwzRange c = { WIN, WIN_SIZE, tiled, PITCH, ROWS, SABLE_TILING_Y };
    g_assert_cmpuint(sqt_swz_enable(d, 1, &c), ==, 0);
    uint8_t *win = sqt_aperture_ptr(d->m, WIN, WIN_SIZE);
    g_assert_cmpuint(win[0], ==, 0x3c);
    memset(win, 0x77, PITCH * ROWS);
    g_assert_true(sqt_device_adapter_reset(d, &err));
    g_assert_no_error(err);
    g_assert_cmpuint(sqt_swz_status(d, 1), ==, 0);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_SWZ(1) + SABLE_SWZ_SIZE), ==, 0);
    g_assert_cmpuint(win[0], ==, 0);          /* window cleared */
    g_assert_cmpuint(t[0], ==, 0x3c);         /* nothing written back */
    g_assert_cmpuint(t[TILED_SIZE - 1], ==, 0x3c);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu/aperture/read-write-match-copy", test_read_write_match_copy_path);
    g_test_add_func("/qemu/aperture/unmapped-gart-page", test_unmapped_gart_page);
    g_test_add_func("/qemu/aperture/adapter-reset", test_adapter_reset_tears_down);
    return g_test_run();
}
