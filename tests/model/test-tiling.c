/* SPDX-License-Identifier: MIT */
/* Tiled surfaces (ABI 1.1, sable_cmd.h): the TILE_Y address formula against
 * literal vectors, COPY_2D/BLIT_2D/SOLID_FILL_2D with tiled sources and
 * destinations (every format, odd sizes, a mip chain, unaligned rectangles,
 * resumed bands, scattered GART pages) and the layout argument checks. */
#include <string.h>

#include "model-util.h"

#define LIN 0x400000ull   /* linear source */
#define TILED 0x800000ull /* tiled surface (4 KiB aligned) */
#define OUT 0xc00000ull   /* linear read-back */

static CmdBuf cb;

static Mt *tiling_mt(uint64_t byte_budget)
{
    SimBusConfig cfg = { .vram_size = 16u << 20, .run_byte_budget = byte_budget };
    return mt_new(&cfg);
}

static void assert_no_fault(Mt *mt, unsigned e)
{
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_NONE);
}

static uint32_t tiled_pitch(uint32_t row_bytes)
{
    return (row_bytes + SABLE_TILE_WIDTH - 1) / SABLE_TILE_WIDTH * SABLE_TILE_WIDTH;
}

static struct sable_surface tiled(uint64_t addr, uint32_t pitch, uint32_t fmt,
                                  uint32_t w, uint32_t h)
{
    return mt_surface(addr, pitch, SABLE_SURFACE_FORMAT(fmt, SABLE_TILING_Y), w, h);
}

static void random_fill(uint8_t *p, uint64_t n, uint32_t seed)
{
    GRand *r = g_rand_new_with_seed(seed);
    for (uint64_t i = 0; i < n; i++) {
        p[i] = (uint8_t)g_rand_int(r);
    }
    g_rand_free(r);
}

static void test_formula_vectors(void)
{
    static const struct { uint32_t pitch, xb, y; uint64_t off; } v[] = {
        { 512, 0, 0, 0 },       { 512, 15, 0, 15 },     { 512, 16, 0, 512 },
        { 512, 0, 1, 16 },      { 512, 127, 31, 4095 }, { 512, 128, 0, 4096 },
        { 512, 0, 32, 16384 },  { 512, 200, 45, 22744 }, { 512, 511, 63, 32767 },
        { 128, 5, 33, 4096 + 16 + 5 }, { 65536, 65535, 16383, (1ull << 30) - 1 },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(v); i++) {
        g_assert_cmpuint(sable_tile_y_offset(v[i].pitch, v[i].xb, v[i].y), ==, v[i].off);
    }
    /* the device places bytes by the same formula: copy a linear ramp of
     * 512 x 64 bytes into a tiled A8 surface and look at the vectors */
    Mt *mt = tiling_mt(0);
    uint8_t *lin = mt_vram(mt, LIN);
    for (uint32_t y = 0; y < 64; y++) {
        for (uint32_t x = 0; x < 512; x++) {
            lin[y * 512 + x] = (uint8_t)(x * 7 + y * 13 + 1);
        }
    }
    cb_reset(&cb);
    cb_copy_2d(&cb, mt_surface(LIN, 512, SABLE_FORMAT_A8_UNORM, 512, 64),
               tiled(TILED, 512, SABLE_FORMAT_A8_UNORM, 512, 64),
               (struct sable_rect){ 0, 0, 512, 64 }, 0, 0);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    assert_no_fault(mt, 1);
    uint8_t *t = mt_vram(mt, TILED);
    for (unsigned i = 0; i < 9; i++) {
        g_assert_cmpuint(t[v[i].off], ==, (uint8_t)(v[i].xb * 7 + v[i].y * 13 + 1));
    }
    g_assert_cmpmem(t, 16, lin, 16);           /* one column row: 16 bytes */
    g_assert_cmpmem(t + 16, 16, lin + 512, 16); /* next row follows in the column */
    mt_free(mt);
}

/* Linear (LIN, pitch lp) -> tiled -> linear (OUT) for a w x h surface of
 * format fmt; checks the tiled bytes against the formula and the round
 * trip byte for byte. */
static void round_trip(Mt *mt, uint32_t fmt, uint32_t bpp, uint32_t w, uint32_t h)
{
    uint32_t lp = (w * bpp + 3) & ~3u, tp = tiled_pitch(w * bpp);
    uint8_t *lin = mt_vram(mt, LIN), *out = mt_vram(mt, OUT), *t = mt_vram(mt, TILED);
    random_fill(lin, (uint64_t)lp * h, fmt * 1000 + w * 7 + h);
    memset(out, 0, (uint64_t)lp * h);
    struct sable_surface ls = mt_surface(LIN, lp, fmt, w, h);
    struct sable_surface ts = tiled(TILED, tp, fmt, w, h);
    struct sable_surface os = mt_surface(OUT, lp, fmt, w, h);
    cb_reset(&cb);
    cb_copy_2d(&cb, ls, ts, (struct sable_rect){ 0, 0, w, h }, 0, 0);
    cb_copy_2d(&cb, ts, os, (struct sable_rect){ 0, 0, w, h }, 0, 0);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    assert_no_fault(mt, 1);
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t xb = 0; xb < w * bpp; xb++) {
            g_assert_cmpuint(t[sable_tile_y_offset(tp, xb, y)], ==, lin[y * lp + xb]);
        }
        g_assert_cmpmem(out + y * lp, w * bpp, lin + y * lp, w * bpp);
    }
}

static void test_round_trip_formats(void)
{
    static const uint32_t sizes[][2] = { { 1, 1 }, { 7, 3 }, { 33, 35 },
                                         { 130, 65 }, { 61, 97 }, { 300, 31 } };
    static const uint32_t bpp[SABLE_FORMAT_COUNT] = { 0, 4, 4, 4, 4, 2, 2, 1, 4 };
    Mt *mt = tiling_mt(0);
    for (uint32_t f = 1; f < SABLE_FORMAT_COUNT; f++) {
        for (unsigned i = 0; i < G_N_ELEMENTS(sizes); i++) {
            round_trip(mt, f, bpp[f], sizes[i][0], sizes[i][1]);
        }
    }
    mt_free(mt);
}

/* Each mip of a 67 x 45 chain is its own surface (own address and pitch). */
static void test_round_trip_mips(void)
{
    Mt *mt = tiling_mt(4096); /* small budget: bands resume across runs */
    uint32_t w = 67, h = 45;
    for (;;) {
        round_trip(mt, SABLE_FORMAT_B5G6R5_UNORM, 2, w, h);
        round_trip(mt, SABLE_FORMAT_R10G10B10A2_UNORM, 4, w, h);
        if (w == 1 && h == 1) {
            break;
        }
        w = MAX(1, w / 2);
        h = MAX(1, h / 2);
    }
    g_assert_cmpuint(mt->bus->runs, >, 20);
    mt_free(mt);
}

/* An unaligned rectangle into a tiled surface changes exactly its bytes. */
static void test_unaligned_rect(void)
{
    Mt *mt = tiling_mt(3000);
    const uint32_t W = 100, H = 70, TP = 512, LP = 400; /* 4 bpp */
    uint8_t *t = mt_vram(mt, TILED), *lin = mt_vram(mt, LIN);
    random_fill(t, (uint64_t)TP * 96, 1);
    random_fill(lin, (uint64_t)LP * H, 2);
    uint8_t *before = g_memdup2(t, TP * 96);
    struct sable_rect r = { 3, 5, 41, 37 };
    const uint32_t dx = 29, dy = 30; /* crosses tile columns and rows */
    cb_reset(&cb);
    cb_copy_2d(&cb, mt_surface(LIN, LP, SABLE_FORMAT_B8G8R8A8_UNORM, W, H),
               tiled(TILED, TP, SABLE_FORMAT_B8G8R8A8_UNORM, W, H), r, dx, dy);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    for (uint32_t y = 0; y < 96; y++) {
        for (uint32_t xb = 0; xb < TP; xb++) {
            uint64_t off = sable_tile_y_offset(TP, xb, y);
            bool inside = y >= dy && y < dy + r.h && xb >= dx * 4 && xb < (dx + r.w) * 4;
            uint8_t want = inside ? lin[(y - dy + r.y) * LP + xb - dx * 4 + r.x * 4]
                                  : before[off];
            g_assert_cmpuint(t[off], ==, want);
        }
    }
    g_free(before);
    mt_free(mt);
}

/* Overlapping rectangles of one tiled surface go through staging (bands
 * bottom-up, budget-limited) and give what a move of the pixels gives. */
static void test_overlap_same_tiled(void)
{
    Mt *mt = tiling_mt(2000);
    const uint32_t W = 96, H = 80, TP = 256; /* 2 bpp */
    uint8_t *t = mt_vram(mt, TILED);
    random_fill(t, (uint64_t)TP * 96, 9);
    uint8_t *lin = g_malloc((uint64_t)TP * H), *want = g_malloc((uint64_t)TP * H);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t xb = 0; xb < TP; xb++) {
            lin[y * TP + xb] = t[sable_tile_y_offset(TP, xb, y)];
        }
    }
    memcpy(want, lin, (uint64_t)TP * H);
    struct sable_rect r = { 5, 3, 60, 50 };
    const uint32_t dx = 20, dy = 25;
    for (uint32_t y = r.h; y-- > 0;) {
        memmove(want + (dy + y) * TP + dx * 2, lin + (r.y + y) * TP + r.x * 2, r.w * 2);
    }
    struct sable_surface ts = tiled(TILED, TP, SABLE_FORMAT_B5G6R5_UNORM, W, H);
    cb_reset(&cb);
    cb_copy_2d(&cb, ts, ts, r, dx, dy);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    g_assert_cmpuint(mt->bus->runs, >, 3);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t xb = 0; xb < W * 2; xb++) {
            g_assert_cmpuint(t[sable_tile_y_offset(TP, xb, y)], ==, want[y * TP + xb]);
        }
    }
    g_free(lin);
    g_free(want);
    mt_free(mt);
}

/* BLIT_2D converts the same way whatever the layouts; SOLID_FILL_2D fills
 * a tiled rectangle. */
static void test_blit_and_fill_tiled(void)
{
    Mt *mt = tiling_mt(0);
    const uint32_t W = 50, H = 40, LP = 200, TP = 256;
    random_fill(mt_vram(mt, LIN), LP * H, 3);
    struct sable_surface ls = mt_surface(LIN, LP, SABLE_FORMAT_B8G8R8A8_UNORM, W, H);
    struct sable_surface ts = tiled(TILED, TP, SABLE_FORMAT_R8G8B8X8_UNORM, W, H);
    struct sable_surface ref = mt_surface(OUT, LP, SABLE_FORMAT_R8G8B8X8_UNORM, W, H);
    struct sable_surface back = mt_surface(OUT + 0x10000, LP, SABLE_FORMAT_R8G8B8X8_UNORM,
                                           W, H);
    struct sable_rect all = { 0, 0, W, H };
    cb_reset(&cb);
    cb_blit(&cb, ls, ts, all, 0, 0);       /* converting into a tiled surface */
    cb_blit(&cb, ls, ref, all, 0, 0);      /* the same into a linear one */
    cb_copy_2d(&cb, ts, back, all, 0, 0);  /* de-tile for comparison */
    cb_solid(&cb, ts, (struct sable_rect){ 7, 9, 20, 25 }, 0xff102030u);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    g_assert_cmpmem(mt_vram(mt, OUT + 0x10000), LP * H, mt_vram(mt, OUT), LP * H);
    uint8_t *t = mt_vram(mt, TILED);
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            uint8_t *p = t + sable_tile_y_offset(TP, x * 4, y);
            bool in = x >= 7 && x < 27 && y >= 9 && y < 34;
            uint8_t *r = mt_vram(mt, OUT + (uint64_t)y * LP + x * 4);
            uint8_t want[4] = { 0x10, 0x20, 0x30, 0xff }; /* R, G, B, X */
            g_assert_cmpmem(p, 4, in ? want : r, 4);
        }
    }
    mt_free(mt);
}

/* A tiled surface on scattered GART pages: one tile per page. */
static void test_tiled_in_gart(void)
{
    Mt *mt = tiling_mt(0);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE);
    for (unsigned i = 0; i < 32; i++) {
        simbus_ram_write64(mt->bus, MT_GART_TABLE + 8 * i,
                           (MT_GART_PAGES + (100 - 3 * i) * 4096ull) | 7);
    }
    const uint32_t W = 200, H = 90, TP = 512; /* 4 x 3 tiles of 2 bpp */
    random_fill(mt_vram(mt, LIN), 400 * H, 4);
    struct sable_surface ls = mt_surface(LIN, 400, SABLE_FORMAT_B5G5R5A1_UNORM, W, H);
    struct sable_surface gs = tiled(MT_GART(0), TP, SABLE_FORMAT_B5G5R5A1_UNORM, W, H);
    struct sable_surface os = mt_surface(OUT, 400, SABLE_FORMAT_B5G5R5A1_UNORM, W, H);
    cb_reset(&cb);
    cb_copy_2d(&cb, ls, gs, (struct sable_rect){ 0, 0, W, H }, 0, 0);
    cb_copy_2d(&cb, gs, os, (struct sable_rect){ 0, 0, W, H }, 0, 0);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    assert_no_fault(mt, 1);
    g_assert_cmpmem(mt_vram(mt, OUT), 400 * H, mt_vram(mt, LIN), 400 * H);
    /* tile (1, 2) = tile index 9 lives in GART page 9 -> backing page 73 */
    uint8_t *page = simbus_ram(mt->bus, MT_GART_PAGES + 73 * 4096ull, 4096);
    g_assert_cmpuint(page[0], ==, *(uint8_t *)mt_vram(mt, LIN + 64 * 400 + 128));
    mt_free(mt);
}

static void expect_bad(struct sable_surface src, struct sable_surface dst,
                       uint32_t code)
{
    Mt *mt = tiling_mt(0);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE);
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 8 * 1, 0); /* page 1 unmapped */
    cb_reset(&cb);
    cb_copy_2d(&cb, src, dst, (struct sable_rect){ 0, 0, 8, 8 }, 0, 0);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_CODE), ==, code);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_OPCODE), ==, SABLE_OP_COPY_2D);
    mt_free(mt);
}

static void test_bad_arguments(void)
{
    const uint32_t F = SABLE_FORMAT_B8G8R8A8_UNORM;
    struct sable_surface ok = mt_surface(LIN, 128, F, 32, 32);
    struct sable_surface t = tiled(TILED, 128, F, 32, 32);
    struct sable_surface bad = t;
    bad.addr = TILED + 64; /* tiled base not 4 KiB aligned */
    expect_bad(ok, bad, SABLE_FAULT_BAD_ARGUMENT);
    bad = t;
    bad.pitch = 192; /* not a multiple of 128 */
    expect_bad(ok, bad, SABLE_FAULT_BAD_ARGUMENT);
    bad = t;
    bad.format = SABLE_SURFACE_FORMAT(F, SABLE_TILING_COUNT); /* unknown layout */
    expect_bad(bad, ok, SABLE_FAULT_BAD_ARGUMENT);
    bad = t;
    bad.format |= 1u << 24; /* reserved format bits */
    expect_bad(ok, bad, SABLE_FAULT_BAD_ARGUMENT);
    bad = mt_surface(LIN, 128, SABLE_FORMAT_B5G6R5_UNORM, 32, 32); /* 2 vs 4 bpp */
    expect_bad(bad, t, SABLE_FAULT_BAD_ARGUMENT);
    /* row 32 of a 33-row surface lives in its second tile row (GART page
     * 1, unmapped): the fault names that page */
    bad = tiled(MT_GART(0), 128, F, 32, 33);
    cb_reset(&cb);
    Mt *mt = tiling_mt(0);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE);
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 8 * 1, 0);
    cb_copy_2d(&cb, ok, bad, (struct sable_rect){ 0, 0, 32, 1 }, 0, 32);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_PAGE);
    g_assert_cmphex(mt_reg64(mt, 1, SABLE_ENG_FAULT_ADDR_LO), ==, MT_GART(1));
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tiling/formula-vectors", test_formula_vectors);
    g_test_add_func("/tiling/round-trip-formats", test_round_trip_formats);
    g_test_add_func("/tiling/round-trip-mips", test_round_trip_mips);
    g_test_add_func("/tiling/unaligned-rect", test_unaligned_rect);
    g_test_add_func("/tiling/overlap-same-tiled", test_overlap_same_tiled);
    g_test_add_func("/tiling/blit-and-fill", test_blit_and_fill_tiled);
    g_test_add_func("/tiling/gart-scattered", test_tiled_in_gart);
    g_test_add_func("/tiling/bad-arguments", test_bad_arguments);
    return g_test_run();
}
