/* SPDX-License-Identifier: MIT */
/*
 * RGBA8 images for scripts: PNG in and out and the per-channel comparison
 * expectations use. Errors come back as a message (free()) rather than
 * aborting: inputs are users' files. PNG files: png-libpng.c (Linux),
 * png-own.c (the Windows build, no libpng there).
 */
#ifndef SABLE_RUN_IMAGE_H
#define SABLE_RUN_IMAGE_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#define SR_IMAGE_MAX_SIDE 16384u

typedef struct SrImage {
    uint32_t width, height;
    uint8_t *px;                /* width * height * 4 bytes, R G B A */
} SrImage;

/* A new image filled with rgba; NULL if a side is 0 or above SR_IMAGE_MAX_SIDE. */
SrImage *sr_image_new(uint32_t w, uint32_t h, const uint8_t rgba[4]);
void sr_image_free(SrImage *img);
SrImage *sr_image_load(const char *path, char **err);
bool sr_image_save(const SrImage *img, const char *path, char **err);

typedef struct SrCompare {
    uint64_t differing;         /* pixels with a channel beyond the tolerance */
    uint32_t first_x, first_y;  /* the first of them (row-major) */
    unsigned max_delta;         /* largest channel difference anywhere */
} SrCompare;

/* Compare same-sized images; *diff (if not NULL) gets the actual image
 * dimmed, with the differing pixels in magenta. */
SrCompare sr_image_compare(const SrImage *actual, const SrImage *expected, unsigned tolerance,
                           SrImage **diff);

#endif
