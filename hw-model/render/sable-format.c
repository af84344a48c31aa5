/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Format table. pixman format codes describe a pixel as a native-endian
 * integer (a8r8g8b8: A in bits 24..31, B in bits 0..7); the Sable formats
 * are little-endian byte/bit layouts (protocol/sable_cmd.h), so on a
 * little-endian host:
 *   B8G8R8A8  bytes B,G,R,A = u32 0xAARRGGBB        -> a8r8g8b8
 *   R8G8B8A8  bytes R,G,B,A = u32 0xAABBGGRR        -> a8b8g8r8
 *   B5G6R5    u16 R[15:11] G[10:5] B[4:0]           -> r5g6b5
 *   B5G5R5A1  u16 A[15] R[14:10] G[9:5] B[4:0]      -> a1r5g5b5
 *   R10G10B10A2 u32 A[31:30] B[29:20] G[19:10] R[9:0] -> a2b10g10r10
 */
#include "sable-format.h"

#include <stddef.h>

#include "sable-render.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "the format table assumes a little-endian host");

static const SableFormatInfo formats[SABLE_FORMAT_COUNT] = {
    [SABLE_FORMAT_B8G8R8A8_UNORM] = { "B8G8R8A8_UNORM", PIXMAN_a8r8g8b8, 4, false },
    [SABLE_FORMAT_B8G8R8X8_UNORM] = { "B8G8R8X8_UNORM", PIXMAN_x8r8g8b8, 4, true },
    [SABLE_FORMAT_R8G8B8A8_UNORM] = { "R8G8B8A8_UNORM", PIXMAN_a8b8g8r8, 4, false },
    [SABLE_FORMAT_R8G8B8X8_UNORM] = { "R8G8B8X8_UNORM", PIXMAN_x8b8g8r8, 4, true },
    [SABLE_FORMAT_B5G6R5_UNORM] = { "B5G6R5_UNORM", PIXMAN_r5g6b5, 2, false },
    [SABLE_FORMAT_B5G5R5A1_UNORM] = { "B5G5R5A1_UNORM", PIXMAN_a1r5g5b5, 2, false },
    [SABLE_FORMAT_A8_UNORM] = { "A8_UNORM", PIXMAN_a8, 1, false },
    [SABLE_FORMAT_R10G10B10A2_UNORM] = { "R10G10B10A2_UNORM", PIXMAN_a2b10g10r10, 4, false },
};

const SableFormatInfo *sable_format_info(uint32_t format)
{
    if (format >= SABLE_FORMAT_COUNT || formats[format].name == NULL) {
        return NULL;
    }
    return &formats[format];
}

unsigned sable_format_bpp(uint32_t format)
{
    const SableFormatInfo *info = sable_format_info(format);

    return info ? info->bpp : 0;
}

const char *sable_format_name(uint32_t format)
{
    const SableFormatInfo *info = sable_format_info(format);

    return info ? info->name : "INVALID";
}
