/* SPDX-License-Identifier: MIT */
/* sable_render_blit: copies, conversions, edge rectangles, invalid input. */
#include <glib.h>
#include <string.h>

#include "render-test.h"

static uint32_t padded_pitch(uint32_t format, uint32_t width)
{
    return (width * sable_format_bpp(format) + 3) / 4 * 4 + 8;
}

static SableImage *image_new(uint32_t format, uint32_t width, uint32_t height)
{
    return test_image_new(format, width, height, padded_pitch(format, width));
}

static gboolean has_x(uint32_t format)
{
    return format == SABLE_FORMAT_B8G8R8X8_UNORM || format == SABLE_FORMAT_R8G8B8X8_UNORM;
}

#define SEED 0x5ab1e001u
static GRand *rng; /* fixed seed: failures reproduce */

/* Random pixels; X formats get 0xff in the X byte, which a blit keeps. */
static void fill_random(SableImage *img)
{
    for (uint32_t y = 0; y < img->height; y++) {
        for (uint32_t x = 0; x < img->width; x++) {
            uint32_t v = g_rand_int(rng);
            test_pixel_set(img, x, y, has_x(img->format) ? v | 0xff000000u : v);
        }
    }
}

static void assert_copied(const SableImage *src, const struct sable_rect *r,
                          const SableImage *dst, uint32_t dx, uint32_t dy)
{
    struct sable_rect dr = { dx, dy, r->w, r->h };

    for (uint32_t y = 0; y < r->h; y++) {
        for (uint32_t x = 0; x < r->w; x++) {
            g_assert_cmphex(test_pixel_get(dst, dx + x, dy + y), ==,
                            test_pixel_get(src, r->x + x, r->y + y));
        }
    }
    test_assert_outside_untouched(dst, &dr);
}

static void check_same_format(uint32_t format, uint32_t w, uint32_t h,
                              struct sable_rect r, uint32_t dx, uint32_t dy)
{
    SableImage *src = image_new(format, w, h);
    SableImage *dst = image_new(format, w + 2, h + 1);

    fill_random(src);
    g_assert_true(sable_render_blit(src, &r, dst, dx, dy));
    assert_copied(src, &r, dst, dx, dy);
    test_image_free(src);
    test_image_free(dst);
}

static void test_same_format_exact(void)
{
    for (uint32_t f = 1; f < SABLE_FORMAT_COUNT; f++) {
        check_same_format(f, 13, 7, (struct sable_rect){ 0, 0, 13, 7 }, 0, 0);
        check_same_format(f, 13, 7, (struct sable_rect){ 2, 1, 9, 5 }, 3, 2);
    }
}

/* Every (source, destination) pair, every known colour. */
static void check_conversion(uint32_t sf, uint32_t df)
{
    SableImage *src = image_new(sf, n_known_colors, 1);
    SableImage *dst = image_new(df, n_known_colors, 1);
    struct sable_rect r = { 0, 0, n_known_colors, 1 };

    for (unsigned i = 0; i < n_known_colors; i++) {
        test_pixel_set(src, i, 0, known_colors[i].enc[sf]);
    }
    g_assert_true(sable_render_blit(src, &r, dst, 0, 0));
    for (unsigned i = 0; i < n_known_colors; i++) {
        uint32_t seen = known_view(sf, known_colors[i].argb);
        if (test_pixel_get(dst, i, 0) != known_encoding(df, seen)) {
            g_error("%s -> %s, %s: got 0x%x, want 0x%x", sable_format_name(sf),
                    sable_format_name(df), known_colors[i].name,
                    test_pixel_get(dst, i, 0), known_encoding(df, seen));
        }
    }
    test_image_free(src);
    test_image_free(dst);
}

static void test_conversions(void)
{
    for (uint32_t sf = 1; sf < SABLE_FORMAT_COUNT; sf++) {
        for (uint32_t df = 1; df < SABLE_FORMAT_COUNT; df++) {
            check_conversion(sf, df);
        }
    }
}

/* Narrowing keeps the top bits, widening replicates them (sable_cmd.h). */
static void test_quantization(void)
{
    static const struct {
        uint32_t sf, src, df, want;
    } cases[] = {
        /* 0x80 -> 5 bits 0x10, 6 bits 0x20 */
        { SABLE_FORMAT_B8G8R8A8_UNORM, 0xff808080u, SABLE_FORMAT_B5G6R5_UNORM, 0x8410u },
        /* 5 bits 0x10 -> 0x84, 6 bits 0x20 -> 0x82 */
        { SABLE_FORMAT_B5G6R5_UNORM, 0x8410u, SABLE_FORMAT_B8G8R8A8_UNORM, 0xff848284u },
        /* A 0x80 -> 1, R 0x80 -> 0x10, G 0x40 -> 0x08, B 0x20 -> 0x04 */
        { SABLE_FORMAT_B8G8R8A8_UNORM, 0x80804020u, SABLE_FORMAT_B5G5R5A1_UNORM, 0xc104u },
        /* A 1 -> 0xff, R 0x10 -> 0x84, G 0x01 -> 0x08, B 0x1f -> 0xff */
        { SABLE_FORMAT_B5G5R5A1_UNORM, 0xc03fu, SABLE_FORMAT_B8G8R8A8_UNORM, 0xff8408ffu },
        /* A 0x80 -> 2, R 0x80 -> 0x202, G 0x40 -> 0x101, B 0x20 -> 0x080 */
        { SABLE_FORMAT_B8G8R8A8_UNORM, 0x80804020u, SABLE_FORMAT_R10G10B10A2_UNORM,
          0x88040602u },
        /* A 2 -> 0xaa, R 0x200 -> 0x80, G 0x1ff -> 0x7f, B 0x201 -> 0x80 */
        { SABLE_FORMAT_R10G10B10A2_UNORM, (2u << 30) | (0x201u << 20) | (0x1ffu << 10) | 0x200u,
          SABLE_FORMAT_B8G8R8A8_UNORM,
          0xaa807f80u },
        /* the X byte is written as 0xff */
        { SABLE_FORMAT_B8G8R8A8_UNORM, 0x12345678u, SABLE_FORMAT_B8G8R8X8_UNORM, 0xff345678u },
        { SABLE_FORMAT_B8G8R8A8_UNORM, 0x12345678u, SABLE_FORMAT_R8G8B8X8_UNORM, 0xff785634u },
        /* byte swizzle between BGRA and RGBA */
        { SABLE_FORMAT_R8G8B8A8_UNORM, 0x12345678u, SABLE_FORMAT_B8G8R8A8_UNORM, 0x12785634u },
        { SABLE_FORMAT_B8G8R8A8_UNORM, 0x9abcdef0u, SABLE_FORMAT_A8_UNORM, 0x9au },
        { SABLE_FORMAT_A8_UNORM, 0x9au, SABLE_FORMAT_R8G8B8A8_UNORM, 0x9a000000u },
    };
    struct sable_rect r = { 0, 0, 1, 1 };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        SableImage *src = image_new(cases[i].sf, 1, 1);
        SableImage *dst = image_new(cases[i].df, 1, 1);

        test_pixel_set(src, 0, 0, cases[i].src);
        g_assert_true(sable_render_blit(src, &r, dst, 0, 0));
        g_assert_cmphex(test_pixel_get(dst, 0, 0), ==, cases[i].want);
        test_image_free(src);
        test_image_free(dst);
    }
}

/* 1x1 at each corner, the full surface and odd widths (rows not a multiple
 * of 4 bytes), every format. */
static void test_edges(void)
{
    for (uint32_t f = 1; f < SABLE_FORMAT_COUNT; f++) {
        check_same_format(f, 1, 1, (struct sable_rect){ 0, 0, 1, 1 }, 0, 0);
        check_same_format(f, 7, 5, (struct sable_rect){ 6, 4, 1, 1 }, 8, 5);
        check_same_format(f, 7, 5, (struct sable_rect){ 0, 0, 1, 1 }, 8, 0);
        check_same_format(f, 7, 5, (struct sable_rect){ 0, 0, 7, 5 }, 2, 1);
        check_same_format(f, 5, 3, (struct sable_rect){ 1, 0, 3, 3 }, 0, 0);
    }
}

static void test_empty_rect(void)
{
    SableImage *src = image_new(SABLE_FORMAT_B8G8R8A8_UNORM, 4, 4);
    SableImage *dst = image_new(SABLE_FORMAT_B8G8R8A8_UNORM, 4, 4);
    struct sable_rect none = { 0, 0, 0, 0 };
    struct sable_rect zero_w = { 4, 1, 0, 3 };

    g_assert_true(sable_render_blit(src, &zero_w, dst, 1, 1));
    g_assert_true(sable_render_blit(src, &(struct sable_rect){ 1, 4, 2, 0 }, dst, 0, 4));
    test_assert_outside_untouched(dst, &none);
    test_image_free(src);
    test_image_free(dst);
}

/* Each case corrupts one property of a valid blit; none may write. */
typedef void (*Corrupt)(SableImage *src, struct sable_rect *r, SableImage *dst,
                        uint32_t *dx, uint32_t *dy);

static void bad_src_format(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { s->format = SABLE_FORMAT_INVALID; }
static void bad_dst_format(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { d->format = SABLE_FORMAT_COUNT; }
static void bad_pitch_align(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { d->pitch = 34; }
static void bad_pitch_small(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { s->pitch = 28; }
static void bad_width_zero(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { d->width = 0; }
static void bad_height_huge(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { s->height = SABLE_RENDER_MAX_DIM + 1; }
static void bad_src_rect(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { r->x = 1; }
static void bad_src_rect_wrap(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { r->y = 0xffffffffu; r->h = 2; }
static void bad_dst_x(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { *x = 1; }
static void bad_dst_y_wrap(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { *y = 0xfffffffeu; }
static void bad_unaligned(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { s->pixels = (uint8_t *)s->pixels + 2; s->width = 7; }
static void bad_overlap(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { s->pixels = (uint8_t *)d->pixels + 4 * d->pitch; s->height = 4; r->h = 4; }
static void bad_null_pixels(SableImage *s, struct sable_rect *r, SableImage *d, uint32_t *x, uint32_t *y) { s->pixels = NULL; }

static void test_invalid(void)
{
    static const Corrupt cases[] = {
        bad_src_format, bad_dst_format, bad_pitch_align, bad_pitch_small, bad_width_zero,
        bad_height_huge, bad_src_rect, bad_src_rect_wrap, bad_dst_x, bad_dst_y_wrap,
        bad_unaligned, bad_overlap, bad_null_pixels,
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        SableImage *src = test_image_new(SABLE_FORMAT_B8G8R8A8_UNORM, 8, 8, 32);
        SableImage *dst = test_image_new(SABLE_FORMAT_B8G8R8A8_UNORM, 8, 8, 32);
        void *src_pixels = src->pixels;
        struct sable_rect r = { 0, 0, 8, 8 }, none = { 0, 0, 0, 0 };
        uint32_t dx = 0, dy = 0;

        memset(src->pixels, 0, 32 * 8);
        cases[i](src, &r, dst, &dx, &dy);
        g_assert_false(sable_render_blit(src, &r, dst, dx, dy));
        dst->format = SABLE_FORMAT_B8G8R8A8_UNORM;
        dst->pitch = 32;
        dst->width = 8;
        test_assert_outside_untouched(dst, &none);
        src->pixels = src_pixels;
        test_image_free(src);
        test_image_free(dst);
    }
}

static void test_null_args(void)
{
    SableImage *img = image_new(SABLE_FORMAT_A8_UNORM, 4, 4);
    struct sable_rect r = { 0, 0, 1, 1 };

    g_assert_false(sable_render_blit(NULL, &r, img, 0, 0));
    g_assert_false(sable_render_blit(img, NULL, img, 0, 0));
    g_assert_false(sable_render_blit(img, &r, NULL, 0, 0));
    test_image_free(img);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    rng = g_rand_new_with_seed(SEED);
    g_test_message("random seed 0x%x", SEED);
    g_test_add_func("/render/blit/same-format-exact", test_same_format_exact);
    g_test_add_func("/render/blit/conversions", test_conversions);
    g_test_add_func("/render/blit/quantization", test_quantization);
    g_test_add_func("/render/blit/edges", test_edges);
    g_test_add_func("/render/blit/empty-rect", test_empty_rect);
    g_test_add_func("/render/blit/invalid", test_invalid);
    g_test_add_func("/render/blit/null-args", test_null_args);
    return g_test_run();
}
