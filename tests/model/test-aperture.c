/* SPDX-License-Identifier: MIT */
/* Swizzle ranges (ABI 1.1, sable_regs.h SABLE_REG_SWZ): what the BAR4
 * window shows and when data moves (ENABLE, FLUSH, REFRESH, DISABLE,
 * DISCARD), programming errors, GPU memory faults, and teardown on adapter
 * reset. */
#include <string.h>

#include "model-util.h"

#define TILED 0x400000ull /* tiled surface in VRAM */
#define LIN 0x800000ull   /* linear copies */
#define W_BYTES 300u      /* visible bytes per row */
#define PITCH 384u        /* 3 tiles */
#define ROWS 45u          /* 2 tile rows, the second partly padding */
#define WIN 0x10000u      /* window offset in BAR4 */
#define WIN_SIZE 0x5000u  /* >= PITCH * ROWS = 17280 */

static CmdBuf cb;

typedef struct RangeCfg {
    uint32_t offset, size;
    uint64_t gpu;
    uint32_t pitch, height, tiling;
} RangeCfg;

static const RangeCfg good = { WIN, WIN_SIZE, TILED, PITCH, ROWS, SABLE_TILING_Y };

static Mt *ap_mt(void)
{
    SimBusConfig cfg = { .vram_size = 16u << 20 };
    return mt_new(&cfg);
}

static uint32_t swz(Mt *mt, unsigned r, uint32_t reg)
{
    return simbus_read(mt->bus, SABLE_REG_SWZ(r) + reg);
}

static void swz_write(Mt *mt, unsigned r, uint32_t reg, uint32_t v)
{
    simbus_write(mt->bus, SABLE_REG_SWZ(r) + reg, v);
}

static void range_program(Mt *mt, unsigned r, const RangeCfg *c)
{
    swz_write(mt, r, SABLE_SWZ_APERTURE_OFFSET, c->offset);
    swz_write(mt, r, SABLE_SWZ_SIZE, c->size);
    simbus_write64(mt->bus, SABLE_REG_SWZ(r) + SABLE_SWZ_GPU_ADDR_LO, c->gpu);
    swz_write(mt, r, SABLE_SWZ_PITCH, c->pitch);
    swz_write(mt, r, SABLE_SWZ_HEIGHT, c->height);
    swz_write(mt, r, SABLE_SWZ_TILING, c->tiling);
}

/* Program, ENABLE and return the range's error code. */
static uint32_t range_enable(Mt *mt, unsigned r, const RangeCfg *c)
{
    range_program(mt, r, c);
    swz_write(mt, r, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_ENABLE);
    return SABLE_SWZ_STATUS_ERROR(swz(mt, r, SABLE_SWZ_STATUS));
}

static bool range_enabled(Mt *mt, unsigned r)
{
    return swz(mt, r, SABLE_SWZ_STATUS) & SABLE_SWZ_STATUS_ENABLED;
}

static uint8_t *window(Mt *mt, uint32_t offset)
{
    return mt->bus->aperture + offset;
}

static void random_fill(uint8_t *p, uint64_t n, uint32_t seed)
{
    GRand *r = g_rand_new_with_seed(seed);
    for (uint64_t i = 0; i < n; i++) {
        p[i] = (uint8_t)g_rand_int(r);
    }
    g_rand_free(r);
}

/* The tiled surface seen linearly (tile padding rows excluded). */
static void detile(Mt *mt, uint64_t gpu, uint8_t *out)
{
    uint8_t *t = mt_vram(mt, gpu);
    for (uint32_t y = 0; y < ROWS; y++) {
        for (uint32_t x = 0; x < PITCH; x++) {
            out[y * PITCH + x] = t[sable_tile_y_offset(PITCH, x, y)];
        }
    }
}

/* An A8 "surface" of PITCH x ROWS bytes through COPY_2D (engine writes). */
static void engine_copy(Mt *mt, uint64_t src, uint32_t st, uint64_t dst,
                        uint32_t dt)
{
    cb_reset(&cb);
    cb_copy_2d(&cb, mt_surface(src, PITCH, SABLE_SURFACE_FORMAT(SABLE_FORMAT_A8_UNORM, st),
                               PITCH, ROWS),
               mt_surface(dst, PITCH, SABLE_SURFACE_FORMAT(SABLE_FORMAT_A8_UNORM, dt),
                          PITCH, ROWS),
               (struct sable_rect){ 0, 0, PITCH, ROWS }, 0, 0);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_CODE), ==, 0);
}

static void test_enable_shows_linear(void)
{
    Mt *mt = ap_mt();
    random_fill(mt_vram(mt, TILED), PITCH * 64, 1);
    memset(window(mt, WIN), 0xee, WIN_SIZE);
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, SABLE_SWZ_ERR_NONE);
    g_assert_true(range_enabled(mt, 0));
    uint8_t *ref = g_malloc(PITCH * ROWS);
    detile(mt, TILED, ref);
    g_assert_cmpmem(window(mt, WIN), PITCH * ROWS, ref, PITCH * ROWS);
    /* past PITCH * HEIGHT the window reads zero */
    for (uint32_t i = PITCH * ROWS; i < WIN_SIZE; i++) {
        g_assert_cmpuint(window(mt, WIN)[i], ==, 0);
    }
    /* the COPY_2D de-tiling agrees byte for byte */
    engine_copy(mt, TILED, SABLE_TILING_Y, LIN, SABLE_TILING_LINEAR);
    g_assert_cmpmem(window(mt, WIN), PITCH * ROWS, mt_vram(mt, LIN), PITCH * ROWS);
    const SableEvent *ev = simbus_last(mt->bus, SABLE_EV_SWIZZLE);
    g_assert_nonnull(ev);
    g_assert_cmphex(ev->swizzle.gpu_addr, ==, TILED);
    g_assert_cmpuint(ev->swizzle.control, ==, SABLE_SWZ_CONTROL_ENABLE);
    g_assert_cmpuint(ev->swizzle.error, ==, 0);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==, 0);
    g_free(ref);
    mt_free(mt);
}

static void test_write_then_flush(void)
{
    Mt *mt = ap_mt();
    uint8_t *t = mt_vram(mt, TILED);
    random_fill(t, PITCH * 64, 2);
    uint8_t *before = g_memdup2(t, PITCH * 64);
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, 0);
    random_fill(window(mt, WIN), PITCH * ROWS, 3);
    /* CPU writes stay in the window until FLUSH */
    g_assert_cmpmem(t, PITCH * 64, before, PITCH * 64);
    swz_write(mt, 0, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_FLUSH);
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(swz(mt, 0, SABLE_SWZ_STATUS)), ==, 0);
    g_assert_true(range_enabled(mt, 0));
    engine_copy(mt, TILED, SABLE_TILING_Y, LIN, SABLE_TILING_LINEAR);
    g_assert_cmpmem(mt_vram(mt, LIN), PITCH * ROWS, window(mt, WIN), PITCH * ROWS);
    /* the padding rows 45..63 of the last tile row keep their bytes */
    for (uint32_t y = ROWS; y < 64; y++) {
        for (uint32_t x = 0; x < PITCH; x++) {
            uint64_t off = sable_tile_y_offset(PITCH, x, y);
            g_assert_cmpuint(t[off], ==, before[off]);
        }
    }
    g_free(before);
    mt_free(mt);
}

static void test_refresh_sees_engine_writes(void)
{
    Mt *mt = ap_mt();
    random_fill(mt_vram(mt, LIN), PITCH * ROWS, 4);
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, 0);
    window(mt, WIN)[5] = 0x77; /* unflushed: REFRESH drops it */
    uint8_t *snap = g_memdup2(window(mt, WIN), WIN_SIZE);
    engine_copy(mt, LIN, SABLE_TILING_LINEAR, TILED, SABLE_TILING_Y);
    /* engine writes are not visible through the enabled range */
    g_assert_cmpmem(window(mt, WIN), WIN_SIZE, snap, WIN_SIZE);
    swz_write(mt, 0, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_REFRESH);
    g_assert_true(range_enabled(mt, 0));
    g_assert_cmpmem(window(mt, WIN), PITCH * ROWS, mt_vram(mt, LIN), PITCH * ROWS);
    g_free(snap);
    mt_free(mt);
}

static void test_disable_and_discard(void)
{
    Mt *mt = ap_mt();
    uint8_t ref[PITCH * ROWS];
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, 0);
    random_fill(window(mt, WIN), PITCH * ROWS, 5);
    memcpy(ref, window(mt, WIN), sizeof(ref));
    swz_write(mt, 0, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_DISABLE);
    g_assert_false(range_enabled(mt, 0));
    uint8_t got[PITCH * ROWS];
    detile(mt, TILED, got);
    g_assert_cmpmem(got, sizeof(got), ref, sizeof(ref)); /* written back */
    for (uint32_t i = 0; i < WIN_SIZE; i++) {
        g_assert_cmpuint(window(mt, WIN)[i], ==, 0);    /* and zeroed */
    }
    /* DISCARD: no write-back */
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, 0);
    memset(window(mt, WIN), 0x42, PITCH * ROWS);
    swz_write(mt, 0, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_DISCARD);
    g_assert_false(range_enabled(mt, 0));
    detile(mt, TILED, got);
    g_assert_cmpmem(got, sizeof(got), ref, sizeof(ref));
    g_assert_cmpuint(window(mt, WIN)[0], ==, 0);
    /* control of a disabled range, unknown control values */
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==, 0);
    swz_write(mt, 0, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_FLUSH);
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(swz(mt, 0, SABLE_SWZ_STATUS)), ==,
                     SABLE_SWZ_ERR_BUSY);
    g_assert_cmphex(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==,
                    SABLE_ERROR_SWIZZLE_RANGE);
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, 0);
    swz_write(mt, 0, SABLE_SWZ_CONTROL, 99);
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(swz(mt, 0, SABLE_SWZ_STATUS)), ==,
                     SABLE_SWZ_ERR_BUSY);
    g_assert_true(range_enabled(mt, 0));
    mt_free(mt);
}

static void expect_config_error(const RangeCfg *c, uint32_t err)
{
    Mt *mt = ap_mt();
    g_assert_cmpuint(range_enable(mt, 1, c), ==, err);
    g_assert_false(range_enabled(mt, 1));
    g_assert_cmphex(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==,
                    SABLE_ERROR_SWIZZLE_RANGE);
    g_assert_cmpuint(mt->bus->aperture[c->offset % SABLE_APERTURE_SIZE], ==, 0);
    mt_free(mt);
}

static void test_config_errors(void)
{
    RangeCfg c = good;
    c.offset = WIN + 512;                      /* misaligned window */
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.size = 0;
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.offset = SABLE_APERTURE_SIZE - 0x1000;   /* runs past BAR4 */
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.offset = 0xfffff000u;                    /* 32-bit wrap */
    c.size = 0x2000;
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.pitch = 320;                             /* not a multiple of 128 */
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.tiling = 7;
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.height = 0;
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.height = SABLE_CORE_MAX_SURFACE_DIM + 1;
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.size = 0x4000;                           /* < PITCH * HEIGHT */
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.gpu = TILED + 0x800;                     /* tiled base not 4 KiB aligned */
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
    c = good;
    c.gpu = UINT64_MAX - 0x1fff;               /* surface wraps 2^64 */
    c.gpu &= ~0xfffull;
    expect_config_error(&c, SABLE_SWZ_ERR_BAD_CONFIG);
}

static void test_overlap_and_busy(void)
{
    Mt *mt = ap_mt();
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, 0);
    RangeCfg c = good;
    c.offset = WIN + WIN_SIZE - 0x1000;        /* overlaps range 0's last page */
    g_assert_cmpuint(range_enable(mt, 3, &c), ==, SABLE_SWZ_ERR_OVERLAP);
    g_assert_false(range_enabled(mt, 3));
    c.offset = WIN + WIN_SIZE;                 /* adjacent: fine */
    g_assert_cmpuint(range_enable(mt, 3, &c), ==, 0);
    /* configuration is frozen while enabled */
    simbus_write(mt->bus, SABLE_REG_ERROR_STATUS, UINT32_MAX);
    swz_write(mt, 0, SABLE_SWZ_PITCH, 128);
    g_assert_cmpuint(swz(mt, 0, SABLE_SWZ_PITCH), ==, PITCH);
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(swz(mt, 0, SABLE_SWZ_STATUS)), ==,
                     SABLE_SWZ_ERR_BUSY);
    g_assert_cmphex(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==,
                    SABLE_ERROR_SWIZZLE_RANGE);
    g_assert_true(range_enabled(mt, 0));
    /* every advertised range works at once; the next block does not exist */
    uint32_t n = simbus_read(mt->bus, SABLE_REG_SWIZZLE_RANGES);
    for (unsigned r = 0; r < n; r++) {
        if (r == 0 || r == 3) {
            continue;
        }
        c.offset = 0x100000u * (r + 1);
        g_assert_cmpuint(range_enable(mt, r, &c), ==, 0);
    }
    swz_write(mt, n, SABLE_SWZ_PITCH, 128);
    g_assert_cmpuint(swz(mt, n, SABLE_SWZ_PITCH), ==, 0);
    mt_free(mt);
}

/* A surface in the GART with page `bad` invalid. */
static Mt *gart_mt(unsigned bad, uint64_t bad_pte)
{
    Mt *mt = ap_mt();
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE);
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 8ull * bad, bad_pte);
    return mt;
}

static void test_fault_unmapped(void)
{
    Mt *mt = gart_mt(4, 0); /* tile 4 = tile row 1, column 1 */
    RangeCfg c = good;
    c.gpu = MT_GART(0);
    memset(window(mt, WIN), 0x5a, WIN_SIZE);
    g_assert_cmpuint(range_enable(mt, 2, &c), ==, SABLE_SWZ_ERR_FAULT);
    g_assert_false(range_enabled(mt, 2));
    g_assert_cmphex(simbus_read64(mt->bus, SABLE_REG_SWZ(2) + SABLE_SWZ_FAULT_ADDR_LO),
                    ==, MT_GART(4));
    g_assert_cmphex(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==,
                    SABLE_ERROR_SWIZZLE_RANGE);
    g_assert_cmpuint(window(mt, WIN)[0], ==, 0); /* zeroed, not half-filled */
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {   /* no engine fault */
        g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_CODE), ==, 0);
    }
    mt_free(mt);
    /* read-only page: ENABLE works, FLUSH faults and the range stays */
    mt = gart_mt(1, (MT_GART_PAGES + 4096) | SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ);
    g_assert_cmpuint(range_enable(mt, 2, &c), ==, 0);
    swz_write(mt, 2, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_FLUSH);
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(swz(mt, 2, SABLE_SWZ_STATUS)), ==,
                     SABLE_SWZ_ERR_FAULT);
    g_assert_true(range_enabled(mt, 2));
    g_assert_cmphex(simbus_read64(mt->bus, SABLE_REG_SWZ(2) + SABLE_SWZ_FAULT_ADDR_LO),
                    ==, MT_GART(1));
    /* DISABLE disables even when the write-back faults */
    swz_write(mt, 2, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_DISABLE);
    g_assert_false(range_enabled(mt, 2));
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(swz(mt, 2, SABLE_SWZ_STATUS)), ==,
                     SABLE_SWZ_ERR_FAULT);
    mt_free(mt);
}

static void test_adapter_reset_tears_down(void)
{
    Mt *mt = ap_mt();
    uint8_t *t = mt_vram(mt, TILED);
    random_fill(t, PITCH * 64, 6);
    uint8_t *before = g_memdup2(t, PITCH * 64);
    RangeCfg lin = { 0, 0x1000, LIN, 256, 16, SABLE_TILING_LINEAR };
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, 0);
    g_assert_cmpuint(range_enable(mt, 1, &lin), ==, 0);
    memset(window(mt, WIN), 0x99, PITCH * ROWS);
    simbus_write(mt->bus, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    for (unsigned r = 0; r < 2; r++) {
        g_assert_false(range_enabled(mt, r));
        g_assert_cmpuint(swz(mt, r, SABLE_SWZ_SIZE), ==, 0);
        g_assert_cmpuint(swz(mt, r, SABLE_SWZ_GPU_ADDR_LO), ==, 0);
    }
    g_assert_cmpmem(t, PITCH * 64, before, PITCH * 64); /* no write-back */
    for (uint32_t i = 0; i < WIN_SIZE; i++) {
        g_assert_cmpuint(window(mt, WIN)[i], ==, 0);
    }
    /* ranges work again after the reset */
    g_assert_cmpuint(range_enable(mt, 0, &good), ==, 0);
    g_assert_cmpuint(window(mt, WIN)[0], ==, t[0]);
    g_free(before);
    mt_free(mt);
}

/* A value for register reg: mostly plausible, sometimes hostile. */
static uint32_t random_value(GRand *rng, uint32_t reg)
{
    static const uint32_t hostile[] = { 0, 1, 0xfffff000u, 0xffffffffu, 0x80000000u,
                                        SABLE_APERTURE_SIZE, 16385, 45 };
    if (g_rand_int_range(rng, 0, 8) == 0) {
        return g_rand_boolean(rng) ? hostile[g_rand_int_range(rng, 0, G_N_ELEMENTS(hostile))]
                                   : g_rand_int(rng);
    }
    switch (reg) {
    case SABLE_SWZ_APERTURE_OFFSET: return 4096u * g_rand_int_range(rng, 0, 4096);
    case SABLE_SWZ_SIZE: return 4096u * g_rand_int_range(rng, 1, 64);
    case SABLE_SWZ_GPU_ADDR_LO: return 4096u * g_rand_int_range(rng, 0, 2048);
    case SABLE_SWZ_GPU_ADDR_HI:
        return g_rand_boolean(rng) ? 0 : (uint32_t)(SABLE_CORE_GART_BASE >> 32);
    case SABLE_SWZ_PITCH: return 128u * g_rand_int_range(rng, 1, 9);
    case SABLE_SWZ_HEIGHT: return g_rand_int_range(rng, 1, 64);
    case SABLE_SWZ_TILING: return g_rand_int_range(rng, 0, 3);
    case SABLE_SWZ_CONTROL: return g_rand_int_range(rng, 0, 7);
    default: return g_rand_int(rng);
    }
}

/* Enabled ranges are inside BAR4 and never overlap. */
static void assert_ranges_sane(Mt *mt, uint32_t n)
{
    for (unsigned a = 0; a < n; a++) {
        if (!range_enabled(mt, a)) {
            continue;
        }
        uint64_t ao = swz(mt, a, SABLE_SWZ_APERTURE_OFFSET), as = swz(mt, a, SABLE_SWZ_SIZE);
        g_assert_cmpuint(ao + as, <=, SABLE_APERTURE_SIZE);
        for (unsigned b = a + 1; b < n; b++) {
            uint64_t bo = swz(mt, b, SABLE_SWZ_APERTURE_OFFSET);
            uint64_t bs = swz(mt, b, SABLE_SWZ_SIZE);
            g_assert_true(!range_enabled(mt, b) || ao + as <= bo || bo + bs <= ao);
        }
    }
}

/* Hostile programming: random writes to every swizzle register (GART half
 * unmapped, VRAM and GART addresses mixed in), checked after each write. */
static void test_random_programming(void)
{
    Mt *mt = ap_mt();
    GRand *rng = g_rand_new_with_seed(0x5a5a1234u);
    g_test_message("seed 0x5a5a1234");
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE);
    for (unsigned i = 0; i < MT_GART_ENTRIES; i += 2) {
        simbus_ram_write64(mt->bus, MT_GART_TABLE + 8ull * i, 0);
    }
    uint32_t n = simbus_read(mt->bus, SABLE_REG_SWIZZLE_RANGES);
    unsigned enables = 0;
    for (unsigned i = 0; i < 50000; i++) {
        unsigned r = g_rand_int_range(rng, 0, n + 1);
        uint32_t reg = 4 * g_rand_int_range(rng, 0, SABLE_REG_SWZ_STRIDE / 4);
        uint32_t v = random_value(rng, reg);
        swz_write(mt, r, reg, v);
        assert_ranges_sane(mt, n);
        enables += reg == SABLE_SWZ_CONTROL && v == SABLE_SWZ_CONTROL_ENABLE &&
                   r < n && range_enabled(mt, r);
    }
    g_test_message("%u successful enables", enables);
    g_assert_cmpuint(enables, >, 0);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_CODE), ==, 0);
    }
    g_rand_free(rng);
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/aperture/enable-shows-linear", test_enable_shows_linear);
    g_test_add_func("/aperture/write-then-flush", test_write_then_flush);
    g_test_add_func("/aperture/refresh", test_refresh_sees_engine_writes);
    g_test_add_func("/aperture/disable-discard", test_disable_and_discard);
    g_test_add_func("/aperture/config-errors", test_config_errors);
    g_test_add_func("/aperture/overlap-busy-count", test_overlap_and_busy);
    g_test_add_func("/aperture/fault-unmapped", test_fault_unmapped);
    g_test_add_func("/aperture/adapter-reset", test_adapter_reset_tears_down);
    g_test_add_func("/aperture/random-programming", test_random_programming);
    return g_test_run();
}
