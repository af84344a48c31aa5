/* SPDX-License-Identifier: MIT */
/* sable_render_fill: every format and known colour, edges, invalid input. */
#include <glib.h>

#include "render-test.h"

static SableImage *image_new(uint32_t format, uint32_t width, uint32_t height)
{
    uint32_t pitch = (width * sable_format_bpp(format) + 3) / 4 * 4 + 4;

    return test_image_new(format, width, height, pitch);
}

static void check_fill(uint32_t format, uint32_t w, uint32_t h, struct sable_rect r,
                       uint32_t argb, uint32_t want)
{
    SableImage *img = image_new(format, w, h);

    g_assert_true(sable_render_fill(img, &r, argb));
    for (uint32_t y = r.y; y < r.y + r.h; y++) {
        for (uint32_t x = r.x; x < r.x + r.w; x++) {
            g_assert_cmphex(test_pixel_get(img, x, y), ==, want);
        }
    }
    test_assert_outside_untouched(img, &r);
    test_image_free(img);
}

static void test_known_colors(void)
{
    for (uint32_t f = 1; f < SABLE_FORMAT_COUNT; f++) {
        for (unsigned i = 0; i < n_known_colors; i++) {
            check_fill(f, 5, 3, (struct sable_rect){ 1, 1, 3, 1 }, known_colors[i].argb,
                       known_colors[i].enc[f]);
        }
    }
}

/* 0x80804020: A 0x80, R 0x80, G 0x40, B 0x20; narrowing keeps top bits. */
static void test_quantization(void)
{
    static const struct {
        uint32_t format, want;
    } cases[] = {
        { SABLE_FORMAT_B8G8R8A8_UNORM, 0x80804020u },
        { SABLE_FORMAT_B8G8R8X8_UNORM, 0xff804020u },
        { SABLE_FORMAT_R8G8B8A8_UNORM, 0x80204080u },
        { SABLE_FORMAT_R8G8B8X8_UNORM, 0xff204080u },
        { SABLE_FORMAT_B5G6R5_UNORM, (0x10u << 11) | (0x10u << 5) | 0x04u },
        { SABLE_FORMAT_B5G5R5A1_UNORM, 0x8000u | (0x10u << 10) | (0x08u << 5) | 0x04u },
        { SABLE_FORMAT_A8_UNORM, 0x80u },
        { SABLE_FORMAT_R10G10B10A2_UNORM, (2u << 30) | (0x080u << 20) | (0x101u << 10) | 0x202u },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        check_fill(cases[i].format, 2, 2, (struct sable_rect){ 0, 0, 2, 2 }, 0x80804020u,
                   cases[i].want);
    }
}

static void test_edges(void)
{
    for (uint32_t f = 1; f < SABLE_FORMAT_COUNT; f++) {
        uint32_t red = known_encoding(f, 0xffff0000u);

        check_fill(f, 1, 1, (struct sable_rect){ 0, 0, 1, 1 }, 0xffff0000u, red);
        check_fill(f, 7, 5, (struct sable_rect){ 6, 4, 1, 1 }, 0xffff0000u, red);
        check_fill(f, 7, 5, (struct sable_rect){ 0, 0, 1, 1 }, 0xffff0000u, red);
        check_fill(f, 7, 5, (struct sable_rect){ 0, 0, 7, 5 }, 0xffff0000u, red);
        check_fill(f, 9, 3, (struct sable_rect){ 1, 1, 5, 2 }, 0xffff0000u, red);
    }
}

static void test_empty_rect(void)
{
    SableImage *img = image_new(SABLE_FORMAT_B5G6R5_UNORM, 4, 4);
    struct sable_rect none = { 0, 0, 0, 0 };

    g_assert_true(sable_render_fill(img, &(struct sable_rect){ 4, 0, 0, 4 }, 0xffffffffu));
    g_assert_true(sable_render_fill(img, &(struct sable_rect){ 0, 2, 4, 0 }, 0xffffffffu));
    test_assert_outside_untouched(img, &none);
    test_image_free(img);
}

static void test_invalid(void)
{
    static const struct sable_rect bad_rects[] = {
        { 0, 0, 9, 1 }, { 0, 8, 1, 1 }, { 0xffffffffu, 0, 2, 1 }, { 0, 1, 1, 0xffffffffu },
    };
    SableImage *img = test_image_new(SABLE_FORMAT_B8G8R8A8_UNORM, 8, 8, 32);
    struct sable_rect all = { 0, 0, 8, 8 }, none = { 0, 0, 0, 0 };
    void *pixels = img->pixels;

    for (unsigned i = 0; i < G_N_ELEMENTS(bad_rects); i++) {
        g_assert_false(sable_render_fill(img, &bad_rects[i], 0));
    }
    g_assert_false(sable_render_fill(img, NULL, 0));
    g_assert_false(sable_render_fill(NULL, &all, 0));
    img->format = SABLE_FORMAT_COUNT;
    g_assert_false(sable_render_fill(img, &all, 0));
    img->format = SABLE_FORMAT_B8G8R8A8_UNORM;
    img->pitch = 30;
    g_assert_false(sable_render_fill(img, &all, 0));
    img->pitch = 28;
    g_assert_false(sable_render_fill(img, &all, 0));
    img->pitch = 32;
    img->pixels = (uint8_t *)pixels + 1;
    g_assert_false(sable_render_fill(img, &(struct sable_rect){ 0, 0, 1, 1 }, 0));
    img->pixels = pixels;
    img->height = 0;
    g_assert_false(sable_render_fill(img, &none, 0));
    img->height = 8;
    test_assert_outside_untouched(img, &none);
    test_image_free(img);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/render/fill/known-colors", test_known_colors);
    g_test_add_func("/render/fill/quantization", test_quantization);
    g_test_add_func("/render/fill/edges", test_edges);
    g_test_add_func("/render/fill/empty-rect", test_empty_rect);
    g_test_add_func("/render/fill/invalid", test_invalid);
    return g_test_run();
}
