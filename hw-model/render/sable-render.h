/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-render: host execution of 2D work on linear pixel buffers, via
 * pixman. The core stages guest surfaces into host memory (rows of a
 * rectangle) and calls these; they never touch guest memory themselves.
 *
 * Contract: callers pass validated images (format valid, pixels 4-byte
 * aligned, width/height in 1..SABLE_RENDER_MAX_DIM, rectangles inside the
 * images, pitch >= width * bpp, pitch a multiple of 4). An empty rectangle
 * is a no-op that succeeds. Functions re-check all of this and return
 * false when it does not hold or the host cannot execute the operation
 * (then nothing was written); the core turns that into
 * SABLE_FAULT_BAD_ARGUMENT.
 */
#ifndef SABLE_RENDER_H
#define SABLE_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "sable_cmd.h"

#define SABLE_RENDER_MAX_DIM 32768u

typedef struct SableImage {
    void *pixels;       /* first byte of row 0 */
    uint32_t pitch;     /* bytes per row, multiple of 4 */
    uint32_t format;    /* enum sable_format */
    uint32_t width;
    uint32_t height;
} SableImage;

/* Bytes per pixel of a format, 0 if the format is invalid/unknown. */
unsigned sable_format_bpp(uint32_t format);
/* "B8G8R8A8_UNORM", ...; "INVALID" for an invalid/unknown format. */
const char *sable_format_name(uint32_t format);

/* Copy src_rect of src to (dst_x, dst_y) of dst with format conversion.
 * src and dst must not share memory: their byte ranges [pixels, pixels +
 * (height - 1) * pitch + width * bpp) must not intersect (the core stages
 * overlapping ones). */
bool sable_render_blit(const SableImage *src, const struct sable_rect *src_rect,
                       SableImage *dst, uint32_t dst_x, uint32_t dst_y);

/* Fill rect of dst with color (0xAARRGGBB), converted to dst's format. */
bool sable_render_fill(SableImage *dst, const struct sable_rect *rect,
                       uint32_t color);

#endif
