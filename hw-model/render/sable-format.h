/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal to sable-render: how each enum sable_format maps onto pixman.
 */
#ifndef SABLE_FORMAT_H
#define SABLE_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <pixman.h>

typedef struct SableFormatInfo {
    const char *name;
    pixman_format_code_t pixman;
    unsigned bpp;           /* bytes per pixel */
    bool has_x;             /* byte 3 of each pixel is unused (X8 formats) */
} SableFormatInfo;

/* The table entry of a valid format, NULL for INVALID or unknown values. */
const SableFormatInfo *sable_format_info(uint32_t format);

#endif
