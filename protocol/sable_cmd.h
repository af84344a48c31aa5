/* SPDX-License-Identifier: MIT */
/*
 * Sable commands: the contents of DMA buffers. A buffer is a sequence of
 * packets; each starts with a 32-bit header
 *     bits 0..7   opcode (SABLE_OP_*)
 *     bits 8..15  flags  (SABLE_CMD_F_*; others reserved, must be zero)
 *     bits 16..31 size of the whole packet in dwords, header included (>= 1)
 * so any decoder can skip packets it does not know. The device executes
 * packets in order. An unknown opcode latches SABLE_FAULT_INVALID_COMMAND,
 * unless the packet carries SABLE_CMD_F_OPTIONAL, in which case it is skipped
 * (new optional packets may appear in later minor versions). A packet whose
 * size is 0, smaller than its opcode needs, or runs past the end of the DMA
 * buffer latches SABLE_FAULT_BAD_PACKET. Packets may be larger than needed;
 * the extra dwords are ignored. GPU addresses are 64-bit: VRAM at
 * [0, VRAM_SIZE), the GART window at [GART_BASE, GART_BASE + 4096 * entries);
 * anything else faults with SABLE_FAULT_PAGE.
 */
#ifndef SABLE_CMD_H
#define SABLE_CMD_H

#include "sable_abi.h"

#define SABLE_CMD_HEADER(op, flags, size_dw) \
    ((uint32_t)(op) | ((uint32_t)(flags) << 8) | ((uint32_t)(size_dw) << 16))
#define SABLE_CMD_OPCODE(h) ((h) & 0xffu)
#define SABLE_CMD_FLAGS(h) (((h) >> 8) & 0xffu)
#define SABLE_CMD_SIZE_DW(h) ((h) >> 16)

#define SABLE_CMD_F_OPTIONAL (1u << 0)
/* 1.4, only on 3D_CTX_CREATE, 3D_CTX_DESTROY, 3D_RES_CREATE, 3D_RES_DESTROY
 * (elsewhere BAD_ARGUMENT): the packet states what must hold afterwards
 * (sable_3d.h), so it is not an error that it already does. */
#define SABLE_CMD_F_ENSURE (1u << 1)
/* 1.5, only on 3D_TRANSFER (elsewhere BAD_ARGUMENT): the backing holds
 * D3D's D24_UNORM_S8_UINT dwords (depth in bits 0-23, stencil in 24-31)
 * and the host copy virgl's S8_UINT_Z24_UNORM (stencil in bits 0-7, GL's
 * DEPTH24_STENCIL8): every dword of the transfer is rotated by 8 bits on
 * its way (sable_3d.h, TRANSFER). */
#define SABLE_CMD_F_SWAP_Z24S8 (1u << 2)

enum sable_opcode {
    SABLE_OP_NOP = 0x00,          /* any size: padding */
    SABLE_OP_WRITE32 = 0x01,      /* struct sable_cmd_write32 */
    SABLE_OP_WRITE64 = 0x02,      /* struct sable_cmd_write64 */
    SABLE_OP_COPY = 0x03,         /* struct sable_cmd_copy */
    SABLE_OP_FILL = 0x04,         /* struct sable_cmd_fill */
    SABLE_OP_BLIT_2D = 0x05,      /* struct sable_cmd_blit_2d */
    SABLE_OP_SOLID_FILL_2D = 0x06, /* struct sable_cmd_solid_fill_2d */
    SABLE_OP_TIMESTAMP = 0x07,    /* struct sable_cmd_timestamp */
    SABLE_OP_WAIT_VALUE = 0x08,   /* struct sable_cmd_wait_value */
    SABLE_OP_GART_UPDATE = 0x09,  /* struct sable_cmd_gart_update + entries */
    SABLE_OP_COPY_2D = 0x0a,      /* struct sable_cmd_copy_2d; ABI 1.1 (FEATURE_TILING) */
    SABLE_OP_DEBUG_STALL = 0x40,  /* struct sable_cmd_debug_stall; debug=on only */
    SABLE_OP_DEBUG_HANG = 0x41,   /* header only; debug=on only: never completes */
};

/* Write a 32-bit value to a 4-byte aligned GPU address. */
struct sable_cmd_write32 {
    uint32_t header;
    uint32_t value;
    uint64_t addr;
};
SABLE_LAYOUT(struct sable_cmd_write32, 16);

/* Write a 64-bit value to an 8-byte aligned GPU address. */
struct sable_cmd_write64 {
    uint32_t header;
    uint32_t reserved;
    uint64_t addr;
    uint64_t value;
};
SABLE_LAYOUT(struct sable_cmd_write64, 24);

/* Copy size bytes; overlapping ranges behave as memmove (by GPU address). */
struct sable_cmd_copy {
    uint32_t header;
    uint32_t reserved;
    uint64_t dst;
    uint64_t src;
    uint64_t size;
};
SABLE_LAYOUT(struct sable_cmd_copy, 32);

/* Fill size bytes with the little-endian 32-bit pattern; byte i of the
 * destination gets byte (i % 4) of the pattern. */
struct sable_cmd_fill {
    uint32_t header;
    uint32_t pattern;
    uint64_t dst;
    uint64_t size;
};
SABLE_LAYOUT(struct sable_cmd_fill, 24);

/* Surface formats for 2D commands (DXGI naming: components listed from the
 * least significant bit of the little-endian pixel). X formats read alpha
 * as 1.0 and are written with 0xff in the X byte; formats without a
 * component read it as 0 (A8: colour 0) or 1.0 (alpha). Converting keeps a
 * component's most significant bits when narrowing it and replicates its
 * bits when widening it (8-bit 0x84 -> 5-bit 0x10 -> 8-bit 0x84). */
enum sable_format {
    SABLE_FORMAT_INVALID = 0,
    SABLE_FORMAT_B8G8R8A8_UNORM = 1, /* bytes B,G,R,A */
    SABLE_FORMAT_B8G8R8X8_UNORM = 2, /* bytes B,G,R,X */
    SABLE_FORMAT_R8G8B8A8_UNORM = 3, /* bytes R,G,B,A */
    SABLE_FORMAT_R8G8B8X8_UNORM = 4, /* bytes R,G,B,X */
    SABLE_FORMAT_B5G6R5_UNORM = 5,   /* u16: B 0..4, G 5..10, R 11..15 */
    SABLE_FORMAT_B5G5R5A1_UNORM = 6, /* u16: B 0..4, G 5..9, R 10..14, A 15 */
    SABLE_FORMAT_A8_UNORM = 7,       /* byte A */
    SABLE_FORMAT_R10G10B10A2_UNORM = 8, /* u32: R 0..9, G 10..19, B 20..29, A 30..31 */
    SABLE_FORMAT_COUNT
};

/* A surface: pitch >= width * bytes per pixel, width/height in
 * 1..MAX_SURFACE_DIM; all of its memory must be mapped. `format` carries the
 * pixel format in bits 0..15 and (ABI 1.1, FEATURE_TILING) the memory layout
 * in bits 16..23; bits 24..31 are reserved (zero). Layout 0 is linear, so
 * ABI 1.0 packets keep their meaning:
 *   LINEAR  pitch a multiple of 4; byte (xb, y) at addr + y * pitch + xb.
 *   TILE_Y  4 KiB tiles of 128 bytes x 32 rows; inside a tile, 16-byte wide
 *           columns of 32 rows each, stored column after column. addr 4 KiB
 *           aligned, pitch a multiple of 128; the surface occupies
 *           pitch * align_up(height, 32) bytes. Byte (xb, y) is at
 *             addr + ((y / 32) * (pitch / 128) + xb / 128) * 4096
 *                  + ((xb % 128) / 16) * 512 + (y % 32) * 16 + xb % 16
 *           (sable_tile_y_offset() below). */
struct sable_surface {
    uint64_t addr;
    uint32_t pitch;
    uint32_t format; /* SABLE_SURFACE_FORMAT(format, tiling) */
    uint32_t width;
    uint32_t height;
};
SABLE_LAYOUT(struct sable_surface, 24);

enum sable_tiling {
    SABLE_TILING_LINEAR = 0,
    SABLE_TILING_Y = 1,
    SABLE_TILING_COUNT
};
#define SABLE_SURFACE_FORMAT(format, tiling) \
    ((uint32_t)(format) | ((uint32_t)(tiling) << 16))
#define SABLE_SURFACE_PIXEL_FORMAT(f) ((f) & 0xffffu)
#define SABLE_SURFACE_TILING(f) (((f) >> 16) & 0xffu)
#define SABLE_SURFACE_RESERVED(f) ((f) & 0xff000000u)

#define SABLE_TILE_SIZE 4096u
#define SABLE_TILE_WIDTH 128u  /* bytes */
#define SABLE_TILE_HEIGHT 32u  /* rows */
#define SABLE_TILE_COLUMN 16u  /* bytes per column */

/* Byte offset of byte xb of row y in a TILE_Y surface of `pitch` bytes. */
static inline uint64_t sable_tile_y_offset(uint32_t pitch, uint32_t xb,
                                           uint32_t y)
{
    uint64_t tile = (uint64_t)(y / SABLE_TILE_HEIGHT) *
                    (pitch / SABLE_TILE_WIDTH) + xb / SABLE_TILE_WIDTH;
    return tile * SABLE_TILE_SIZE +
           (xb % SABLE_TILE_WIDTH) / SABLE_TILE_COLUMN *
               (SABLE_TILE_COLUMN * SABLE_TILE_HEIGHT) +
           (y % SABLE_TILE_HEIGHT) * SABLE_TILE_COLUMN + xb % SABLE_TILE_COLUMN;
}

struct sable_rect {
    uint32_t x, y, w, h;
};
SABLE_LAYOUT(struct sable_rect, 16);

/* Copy src_rect of src to (dst_x, dst_y) of dst, converting formats (no
 * scaling, no blending: the destination takes the source's value; X formats
 * read alpha as 1.0). Rectangles must lie inside their surfaces; an empty
 * rectangle is a no-op. Overlapping source and destination are handled. */
struct sable_cmd_blit_2d {
    uint32_t header;
    uint32_t reserved;
    struct sable_surface src;
    struct sable_surface dst;
    struct sable_rect src_rect;
    uint32_t dst_x;
    uint32_t dst_y;
};
SABLE_LAYOUT(struct sable_cmd_blit_2d, 80);

/* Copy src_rect of src to (dst_x, dst_y) of dst byte for byte: no format
 * conversion (X bytes are kept), so both pixel formats must have the same
 * bytes per pixel. Either surface may be tiled: this is the tiled<->linear
 * copy used by paging. Same rules as BLIT_2D otherwise. */
struct sable_cmd_copy_2d {
    uint32_t header;
    uint32_t reserved;
    struct sable_surface src;
    struct sable_surface dst;
    struct sable_rect src_rect;
    uint32_t dst_x;
    uint32_t dst_y;
};
SABLE_LAYOUT(struct sable_cmd_copy_2d, 80);

/* Fill rect of dst with color, given as a B8G8R8A8 value (0xAARRGGBB) and
 * converted to the destination format. */
struct sable_cmd_solid_fill_2d {
    uint32_t header;
    uint32_t color;
    struct sable_surface dst;
    struct sable_rect rect;
};
SABLE_LAYOUT(struct sable_cmd_solid_fill_2d, 48);

/* Write the device clock (ns, 64-bit) to an 8-byte aligned GPU address. */
struct sable_cmd_timestamp {
    uint32_t header;
    uint32_t reserved;
    uint64_t addr;
};
SABLE_LAYOUT(struct sable_cmd_timestamp, 16);

/* Block the engine until ((*(u64 *)addr & mask) compare value) holds.
 * The device re-checks whenever another engine completes work and every
 * SABLE_WAIT_POLL_NS of device time (the CPU may write the value). */
enum sable_compare {
    SABLE_COMPARE_EQUAL = 0,
    SABLE_COMPARE_NOT_EQUAL = 1,
    SABLE_COMPARE_GEQUAL = 2, /* unsigned */
    SABLE_COMPARE_GEQUAL_WRAP = 3, /* (int64_t)(v - value) >= 0: fence compare */
};
struct sable_cmd_wait_value {
    uint32_t header;
    uint32_t compare;
    uint64_t addr; /* 8-byte aligned */
    uint64_t value;
    uint64_t mask;
};
SABLE_LAYOUT(struct sable_cmd_wait_value, 32);
#define SABLE_WAIT_POLL_NS 100000u

/* Write count GART entries starting at first_entry; the packet is followed
 * by count little-endian u64 entries (packet size >= 4 + 2 * count dwords).
 * The range must lie within GART_ENTRIES. */
struct sable_cmd_gart_update {
    uint32_t header;
    uint32_t count;
    uint32_t first_entry;
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_cmd_gart_update, 16);

/* debug=on only: stall the engine for usec microseconds of device time. */
struct sable_cmd_debug_stall {
    uint32_t header;
    uint32_t usec;
};
SABLE_LAYOUT(struct sable_cmd_debug_stall, 8);

#endif
