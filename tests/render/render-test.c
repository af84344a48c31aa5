/* SPDX-License-Identifier: MIT */
#include "render-test.h"

#include <string.h>

/* Columns: BGRA, BGRX, RGBA, RGBX, B5G6R5, B5G5R5A1, A8, R10G10B10A2. */
#define ENC(bgra, bgrx, rgba, rgbx, r565, r5551, a8, r1010102) \
    { 0, bgra, bgrx, rgba, rgbx, r565, r5551, a8, r1010102 }

const KnownColor known_colors[] = {
    { "red", 0xffff0000u, ENC(0xffff0000u, 0xffff0000u, 0xff0000ffu, 0xff0000ffu,
                              0xf800u, 0xfc00u, 0xffu, 0xc00003ffu) },
    { "green", 0xff00ff00u, ENC(0xff00ff00u, 0xff00ff00u, 0xff00ff00u, 0xff00ff00u,
                                0x07e0u, 0x83e0u, 0xffu, 0xc00ffc00u) },
    { "blue", 0xff0000ffu, ENC(0xff0000ffu, 0xff0000ffu, 0xffff0000u, 0xffff0000u,
                               0x001fu, 0x801fu, 0xffu, 0xfff00000u) },
    { "white", 0xffffffffu, ENC(0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
                                0xffffu, 0xffffu, 0xffu, 0xffffffffu) },
    { "black", 0xff000000u, ENC(0xff000000u, 0xff000000u, 0xff000000u, 0xff000000u,
                                0x0000u, 0x8000u, 0xffu, 0xc0000000u) },
    { "transparent", 0x00000000u, ENC(0x00000000u, 0xff000000u, 0x00000000u, 0xff000000u,
                                      0x0000u, 0x0000u, 0x00u, 0x00000000u) },
    { "cyan", 0xff00ffffu, ENC(0xff00ffffu, 0xff00ffffu, 0xffffff00u, 0xffffff00u,
                               0x07ffu, 0x83ffu, 0xffu, 0xfffffc00u) },
    { "clear-cyan", 0x0000ffffu, ENC(0x0000ffffu, 0xff00ffffu, 0x00ffff00u, 0xffffff00u,
                                     0x07ffu, 0x03ffu, 0x00u, 0x3ffffc00u) },
};
const unsigned n_known_colors = G_N_ELEMENTS(known_colors);

uint32_t known_encoding(uint32_t format, uint32_t argb)
{
    for (unsigned i = 0; i < n_known_colors; i++) {
        if (known_colors[i].argb == argb) {
            return known_colors[i].enc[format];
        }
    }
    g_error("colour 0x%08x not in the table", argb);
}

uint32_t known_view(uint32_t format, uint32_t argb)
{
    switch (format) {
    case SABLE_FORMAT_B8G8R8X8_UNORM:
    case SABLE_FORMAT_R8G8B8X8_UNORM:
    case SABLE_FORMAT_B5G6R5_UNORM:
        return argb | 0xff000000u;
    case SABLE_FORMAT_A8_UNORM:
        return argb & 0xff000000u;
    default:
        return argb;
    }
}

SableImage *test_image_new(uint32_t format, uint32_t width, uint32_t height,
                           uint32_t pitch)
{
    SableImage *img = g_new0(SableImage, 1);

    img->pixels = g_malloc((gsize)pitch * height);
    memset(img->pixels, TEST_SENTINEL, (gsize)pitch * height);
    img->pitch = pitch;
    img->format = format;
    img->width = width;
    img->height = height;
    return img;
}

void test_image_free(SableImage *img)
{
    g_free(img->pixels);
    g_free(img);
}

static uint8_t *pixel_addr(const SableImage *img, uint32_t x, uint32_t y)
{
    return (uint8_t *)img->pixels + (gsize)y * img->pitch +
           (gsize)x * sable_format_bpp(img->format);
}

uint32_t test_pixel_get(const SableImage *img, uint32_t x, uint32_t y)
{
    uint32_t v = 0;

    memcpy(&v, pixel_addr(img, x, y), sable_format_bpp(img->format));
    return v;
}

void test_pixel_set(SableImage *img, uint32_t x, uint32_t y, uint32_t value)
{
    memcpy(pixel_addr(img, x, y), &value, sable_format_bpp(img->format));
}

uint32_t test_sentinel_pixel(uint32_t format)
{
    unsigned bpp = sable_format_bpp(format);

    return bpp == 4 ? 0xa5a5a5a5u : bpp == 2 ? 0xa5a5u : 0xa5u;
}

static void assert_row_padding_untouched(const SableImage *img, uint32_t y)
{
    const uint8_t *row = (const uint8_t *)img->pixels + (gsize)y * img->pitch;

    for (uint32_t i = img->width * sable_format_bpp(img->format); i < img->pitch; i++) {
        g_assert_cmphex(row[i], ==, TEST_SENTINEL);
    }
}

void test_assert_outside_untouched(const SableImage *img, const struct sable_rect *r)
{
    for (uint32_t y = 0; y < img->height; y++) {
        assert_row_padding_untouched(img, y);
        for (uint32_t x = 0; x < img->width; x++) {
            gboolean inside = x >= r->x && x - r->x < r->w &&
                              y >= r->y && y - r->y < r->h;
            if (!inside) {
                g_assert_cmphex(test_pixel_get(img, x, y), ==,
                                test_sentinel_pixel(img->format));
            }
        }
    }
}
