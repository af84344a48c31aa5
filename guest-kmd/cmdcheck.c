/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "cmdcheck.h"
#include "alloc.h"

static uint32_t min_size(uint32_t opcode)
{
    switch (opcode) {
    case SABLE_OP_NOP: return 4;
    case SABLE_OP_WRITE32: return sizeof(struct sable_cmd_write32);
    case SABLE_OP_WRITE64: return sizeof(struct sable_cmd_write64);
    case SABLE_OP_COPY: return sizeof(struct sable_cmd_copy);
    case SABLE_OP_FILL: return sizeof(struct sable_cmd_fill);
    case SABLE_OP_BLIT_2D: return sizeof(struct sable_cmd_blit_2d);
    case SABLE_OP_COPY_2D: return sizeof(struct sable_cmd_copy_2d);
    case SABLE_OP_SOLID_FILL_2D: return sizeof(struct sable_cmd_solid_fill_2d);
    case SABLE_OP_TIMESTAMP: return sizeof(struct sable_cmd_timestamp);
    case SABLE_OP_WAIT_VALUE: return sizeof(struct sable_cmd_wait_value);
    default: return 0;
    }
}

NTSTATUS kmd_cmd_header(uint32_t header, uint32_t avail, bool tiling, uint32_t *min_bytes)
{
    uint64_t bytes = (uint64_t)SABLE_CMD_SIZE_DW(header) * 4;
    if (bytes == 0 || bytes > avail) {
        return STATUS_INVALID_USER_BUFFER;
    }
    uint32_t op = SABLE_CMD_OPCODE(header);
    if (op == SABLE_OP_GART_UPDATE) {
        return STATUS_PRIVILEGED_INSTRUCTION;
    }
    *min_bytes = min_size(op);
    if (*min_bytes == 0 || (op == SABLE_OP_COPY_2D && !tiling)) {
        return STATUS_ILLEGAL_INSTRUCTION;
    }
    if (SABLE_CMD_FLAGS(header)) {
        return STATUS_INVALID_PARAMETER;
    }
    return bytes < *min_bytes ? STATUS_INVALID_USER_BUFFER : STATUS_SUCCESS;
}

static void add_addr(KmdPacketInfo *info, uint32_t off, uint64_t extent, uint32_t align)
{
    info->addr_off[info->naddr] = off;
    info->extent[info->naddr] = extent;
    info->align[info->naddr] = align;
    info->naddr++;
}

_Static_assert(sizeof(struct sable_cmd_copy_2d) == sizeof(struct sable_cmd_blit_2d) &&
               offsetof(struct sable_cmd_copy_2d, dst) == offsetof(struct sable_cmd_blit_2d, dst) &&
               offsetof(struct sable_cmd_copy_2d, dst_y) == offsetof(struct sable_cmd_blit_2d, dst_y),
               "COPY_2D and BLIT_2D share their layout");

/* Bytes a surface covers from its address and the alignment its address
 * needs; 0 if its shape is invalid (sable_cmd.h: LINEAR and TILE_Y). */
static uint64_t surface_extent(const struct sable_surface *s, bool tiling, uint32_t *align)
{
    uint32_t bpp = kmd_format_bpp(SABLE_SURFACE_PIXEL_FORMAT(s->format));
    uint32_t layout = SABLE_SURFACE_TILING(s->format);
    if (!bpp || SABLE_SURFACE_RESERVED(s->format) || s->width == 0 || s->height == 0 ||
        s->pitch < (uint64_t)s->width * bpp) {
        return 0;
    }
    if (layout == SABLE_TILING_LINEAR && !(s->pitch & 3u)) {
        *align = 4;
        return (uint64_t)s->pitch * (s->height - 1) + (uint64_t)s->width * bpp;
    }
    if (layout == SABLE_TILING_Y && tiling && !(s->pitch % SABLE_TILE_WIDTH)) {
        uint64_t rows = ((uint64_t)s->height + SABLE_TILE_HEIGHT - 1) / SABLE_TILE_HEIGHT;
        *align = SABLE_TILE_SIZE;
        return (uint64_t)s->pitch * rows * SABLE_TILE_HEIGHT;
    }
    return 0;
}

/* BLIT_2D and COPY_2D share their layout: two surfaces, a rectangle. */
static NTSTATUS check_2d(const uint8_t *p, uint32_t op, bool tiling, KmdPacketInfo *info)
{
    if (op == SABLE_OP_BLIT_2D || op == SABLE_OP_COPY_2D) {
        struct sable_cmd_blit_2d b;
        memcpy(&b, p, sizeof(b));
        uint32_t src_align = 0, dst_align = 0;
        uint64_t src = surface_extent(&b.src, tiling, &src_align);
        uint64_t dst = surface_extent(&b.dst, tiling, &dst_align);
        if (b.reserved || !src || !dst) {
            return STATUS_INVALID_PARAMETER;
        }
        if (op == SABLE_OP_COPY_2D && kmd_format_bpp(SABLE_SURFACE_PIXEL_FORMAT(b.src.format)) !=
                                      kmd_format_bpp(SABLE_SURFACE_PIXEL_FORMAT(b.dst.format))) {
            return STATUS_INVALID_PARAMETER; /* COPY_2D copies bytes: equal pixel sizes */
        }
        add_addr(info, offsetof(struct sable_cmd_blit_2d, src.addr), src, src_align);
        add_addr(info, offsetof(struct sable_cmd_blit_2d, dst.addr), dst, dst_align);
        return STATUS_SUCCESS;
    }
    struct sable_cmd_solid_fill_2d f;
    memcpy(&f, p, sizeof(f));
    uint32_t align = 0;
    uint64_t dst = surface_extent(&f.dst, tiling, &align);
    if (!dst) {
        return STATUS_INVALID_PARAMETER;
    }
    add_addr(info, offsetof(struct sable_cmd_solid_fill_2d, dst.addr), dst, align);
    return STATUS_SUCCESS;
}

static NTSTATUS check_memory(const uint8_t *p, uint32_t op, bool tiling, KmdPacketInfo *info)
{
    switch (op) {
    case SABLE_OP_WRITE32:
        add_addr(info, offsetof(struct sable_cmd_write32, addr), 4, 4);
        return STATUS_SUCCESS;
    case SABLE_OP_WRITE64: {
        struct sable_cmd_write64 w;
        memcpy(&w, p, sizeof(w));
        add_addr(info, offsetof(struct sable_cmd_write64, addr), 8, 8);
        return w.reserved ? STATUS_INVALID_PARAMETER : STATUS_SUCCESS;
    }
    case SABLE_OP_COPY: {
        struct sable_cmd_copy c;
        memcpy(&c, p, sizeof(c));
        add_addr(info, offsetof(struct sable_cmd_copy, dst), c.size, 1);
        add_addr(info, offsetof(struct sable_cmd_copy, src), c.size, 1);
        return c.reserved ? STATUS_INVALID_PARAMETER : STATUS_SUCCESS;
    }
    case SABLE_OP_FILL: {
        struct sable_cmd_fill f;
        memcpy(&f, p, sizeof(f));
        add_addr(info, offsetof(struct sable_cmd_fill, dst), f.size, 1);
        return STATUS_SUCCESS;
    }
    default:
        return check_2d(p, op, tiling, info);
    }
}

NTSTATUS kmd_cmd_check(const uint8_t *p, bool tiling, KmdPacketInfo *info)
{
    uint32_t header;
    memcpy(&header, p, 4);
    uint32_t op = SABLE_CMD_OPCODE(header);
    memset(info, 0, sizeof(*info));
    info->bytes = min_size(op);
    switch (op) {
    case SABLE_OP_NOP:
        return STATUS_SUCCESS;
    case SABLE_OP_TIMESTAMP: {
        struct sable_cmd_timestamp t;
        memcpy(&t, p, sizeof(t));
        add_addr(info, offsetof(struct sable_cmd_timestamp, addr), 8, 8);
        return t.reserved ? STATUS_INVALID_PARAMETER : STATUS_SUCCESS;
    }
    case SABLE_OP_WAIT_VALUE: {
        struct sable_cmd_wait_value w;
        memcpy(&w, p, sizeof(w));
        add_addr(info, offsetof(struct sable_cmd_wait_value, addr), 8, 8);
        return w.compare > SABLE_COMPARE_GEQUAL_WRAP ? STATUS_INVALID_PARAMETER
                                                     : STATUS_SUCCESS;
    }
    default:
        return check_memory(p, op, tiling, info);
    }
}
