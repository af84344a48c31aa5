/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the render tests: test images with a sentinel background and
 * a table of known colours with their encoding in every format, derived by
 * hand from the layouts in protocol/sable_cmd.h.
 */
#ifndef RENDER_TEST_H
#define RENDER_TEST_H

#include <stdint.h>
#include <glib.h>

#include "sable-render.h"

#define TEST_SENTINEL 0xa5u

typedef struct KnownColor {
    const char *name;
    uint32_t argb;                        /* 0xAARRGGBB */
    uint32_t enc[SABLE_FORMAT_COUNT];     /* pixel value per format */
} KnownColor;

extern const KnownColor known_colors[];
extern const unsigned n_known_colors;

/* The encoding of argb in format; argb must be in the table. */
uint32_t known_encoding(uint32_t format, uint32_t argb);
/* The colour a pixel of format holding argb reads back as. */
uint32_t known_view(uint32_t format, uint32_t argb);

/* A width x height image with pitch bytes per row, every byte TEST_SENTINEL. */
SableImage *test_image_new(uint32_t format, uint32_t width, uint32_t height,
                           uint32_t pitch);
void test_image_free(SableImage *img);
uint32_t test_pixel_get(const SableImage *img, uint32_t x, uint32_t y);
void test_pixel_set(SableImage *img, uint32_t x, uint32_t y, uint32_t value);
/* The value a pixel holds when every byte is TEST_SENTINEL. */
uint32_t test_sentinel_pixel(uint32_t format);
/* Assert pixels outside rect and row padding still hold the sentinel. */
void test_assert_outside_untouched(const SableImage *img, const struct sable_rect *r);

#endif
