/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-render: 2D blits and fills through pixman (PIXMAN_OP_SRC: the
 * destination takes the converted source value, no blending).
 *
 * Every entry point re-checks the contract of sable-render.h with 64-bit
 * arithmetic and returns false, writing nothing, when it does not hold.
 * Images are wrapped per call around only the rows the rectangle touches,
 * so pixman's int-sized strides and coordinates cannot overflow.
 */
#include "sable-render.h"

#include <limits.h>
#include <stddef.h>

#include "sable-format.h"

static bool image_valid(const SableImage *img)
{
    const SableFormatInfo *info;

    if (img == NULL || img->pixels == NULL || ((uintptr_t)img->pixels & 3) != 0) {
        return false;
    }
    info = sable_format_info(img->format);
    if (info == NULL) {
        return false;
    }
    if (img->width == 0 || img->height == 0 ||
        img->width > SABLE_RENDER_MAX_DIM || img->height > SABLE_RENDER_MAX_DIM) {
        return false;
    }
    return img->pitch % 4 == 0 && img->pitch <= INT32_MAX &&
           (uint64_t)img->width * info->bpp <= img->pitch;
}

static bool rect_inside(const SableImage *img, const struct sable_rect *r)
{
    return (uint64_t)r->x + r->w <= img->width &&
           (uint64_t)r->y + r->h <= img->height;
}

static bool rect_empty(const struct sable_rect *r)
{
    return r->w == 0 || r->h == 0;
}

/* Byte range [start, end) an image's pixels occupy. */
static void image_span(const SableImage *img, uintptr_t *start, uintptr_t *end)
{
    uint64_t len = (uint64_t)(img->height - 1) * img->pitch +
                   (uint64_t)img->width * sable_format_bpp(img->format);

    *start = (uintptr_t)img->pixels;
    *end = *start + len;
}

static bool images_overlap(const SableImage *a, const SableImage *b)
{
    uintptr_t a0, a1, b0, b1;

    image_span(a, &a0, &a1);
    image_span(b, &b0, &b1);
    return a0 < b1 && b0 < a1;
}

/* A pixman image over rows [y, y + h) of img; NULL if pixman refuses it. */
static pixman_image_t *wrap_rows(const SableImage *img, uint32_t y, uint32_t h)
{
    uint8_t *row = (uint8_t *)img->pixels + (uint64_t)y * img->pitch;

    if ((uint64_t)h * img->pitch > INT32_MAX) {
        return NULL;
    }
    return pixman_image_create_bits_no_clear(sable_format_info(img->format)->pixman,
                                             (int)img->width, (int)h,
                                             (uint32_t *)row, (int)img->pitch);
}

/* X8 formats: store the unused byte as 0xff, whatever path pixman took, so
 * results are deterministic (protocol/sable_cmd.h). */
static void fill_x_bytes(SableImage *img, const struct sable_rect *r)
{
    if (!sable_format_info(img->format)->has_x) {
        return;
    }
    for (uint32_t j = 0; j < r->h; j++) {
        uint8_t *px = (uint8_t *)img->pixels + (uint64_t)(r->y + j) * img->pitch +
                      (uint64_t)r->x * 4;
        for (uint32_t i = 0; i < r->w; i++) {
            px[i * 4 + 3] = 0xff;
        }
    }
}

bool sable_render_blit(const SableImage *src, const struct sable_rect *src_rect,
                       SableImage *dst, uint32_t dst_x, uint32_t dst_y)
{
    pixman_image_t *s, *d;
    struct sable_rect dst_rect;

    if (src_rect == NULL || !image_valid(src) || !image_valid(dst) ||
        !rect_inside(src, src_rect) || images_overlap(src, dst)) {
        return false;
    }
    dst_rect = (struct sable_rect){ dst_x, dst_y, src_rect->w, src_rect->h };
    if (!rect_inside(dst, &dst_rect)) {
        return false;
    }
    if (rect_empty(src_rect)) {
        return true;
    }
    s = wrap_rows(src, src_rect->y, src_rect->h);
    d = wrap_rows(dst, dst_y, src_rect->h);
    if (s != NULL && d != NULL) {
        pixman_image_composite32(PIXMAN_OP_SRC, s, NULL, d, (int32_t)src_rect->x, 0,
                                 0, 0, (int32_t)dst_x, 0,
                                 (int32_t)src_rect->w, (int32_t)src_rect->h);
        fill_x_bytes(dst, &dst_rect);
    }
    if (s != NULL) {
        pixman_image_unref(s);
    }
    if (d != NULL) {
        pixman_image_unref(d);
    }
    return s != NULL && d != NULL;
}

/* 0xAARRGGBB -> pixman's 16-bit-per-channel colour (8-bit c -> c * 0x101). */
static pixman_color_t color_from_argb(uint32_t argb)
{
    return (pixman_color_t){
        .red = (uint16_t)(((argb >> 16) & 0xff) * 0x101),
        .green = (uint16_t)(((argb >> 8) & 0xff) * 0x101),
        .blue = (uint16_t)((argb & 0xff) * 0x101),
        .alpha = (uint16_t)((argb >> 24) * 0x101),
    };
}

bool sable_render_fill(SableImage *dst, const struct sable_rect *rect,
                       uint32_t color)
{
    pixman_image_t *d;
    pixman_color_t c = color_from_argb(color);
    pixman_box32_t box;
    bool ok;

    if (rect == NULL || !image_valid(dst) || !rect_inside(dst, rect)) {
        return false;
    }
    if (rect_empty(rect)) {
        return true;
    }
    d = wrap_rows(dst, rect->y, rect->h);
    if (d == NULL) {
        return false;
    }
    box = (pixman_box32_t){ (int32_t)rect->x, 0, (int32_t)(rect->x + rect->w),
                            (int32_t)rect->h };
    ok = pixman_image_fill_boxes(PIXMAN_OP_SRC, d, &c, 1, &box);
    pixman_image_unref(d);
    if (ok) {
        fill_x_bytes(dst, rect);
    }
    return ok;
}
