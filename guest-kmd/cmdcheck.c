/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "cmdcheck.h"

static uint32_t min_size(uint32_t opcode)
{
    switch (opcode) {
    case SABLE_OP_NOP: return 4;
    case SABLE_OP_WRITE32: return sizeof(struct sable_cmd_write32);
    case SABLE_OP_WRITE64: return sizeof(struct sable_cmd_write64);
    case SABLE_OP_COPY: return sizeof(struct sable_cmd_copy);
    case SABLE_OP_FILL: return sizeof(struct sable_cmd_fill);
    case SABLE_OP_BLIT_2D: return sizeof(struct sable_cmd_blit_2d);
    case SABLE_OP_SOLID_FILL_2D: return sizeof(struct sable_cmd_solid_fill_2d);
    case SABLE_OP_TIMESTAMP: return sizeof(struct sable_cmd_timestamp);
    case SABLE_OP_WAIT_VALUE: return sizeof(struct sable_cmd_wait_value);
    default: return 0;
    }
}

NTSTATUS kmd_cmd_header(uint32_t header, uint32_t avail, uint32_t *min_bytes)
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
    if (*min_bytes == 0) {
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

/* Bytes a surface covers from its address, 0 if its shape is invalid. */
static uint64_t surface_extent(const struct sable_surface *s)
{
    static const uint8_t bpp[SABLE_FORMAT_COUNT] = { 0, 4, 4, 4, 4, 2, 2, 1, 4 };
    if (s->format == 0 || s->format >= SABLE_FORMAT_COUNT || s->width == 0 ||
        s->height == 0 || (s->pitch & 3u) || s->pitch < (uint64_t)s->width * bpp[s->format]) {
        return 0;
    }
    return (uint64_t)s->pitch * (s->height - 1) + (uint64_t)s->width * bpp[s->format];
}

static NTSTATUS check_2d(const uint8_t *p, uint32_t op, KmdPacketInfo *info)
{
    if (op == SABLE_OP_BLIT_2D) {
        struct sable_cmd_blit_2d b;
        memcpy(&b, p, sizeof(b));
        uint64_t src = surface_extent(&b.src), dst = surface_extent(&b.dst);
        if (b.reserved || !src || !dst) {
            return STATUS_INVALID_PARAMETER;
        }
        add_addr(info, offsetof(struct sable_cmd_blit_2d, src.addr), src, 4);
        add_addr(info, offsetof(struct sable_cmd_blit_2d, dst.addr), dst, 4);
        return STATUS_SUCCESS;
    }
    struct sable_cmd_solid_fill_2d f;
    memcpy(&f, p, sizeof(f));
    uint64_t dst = surface_extent(&f.dst);
    if (!dst) {
        return STATUS_INVALID_PARAMETER;
    }
    add_addr(info, offsetof(struct sable_cmd_solid_fill_2d, dst.addr), dst, 4);
    return STATUS_SUCCESS;
}

static NTSTATUS check_memory(const uint8_t *p, uint32_t op, KmdPacketInfo *info)
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
        return check_2d(p, op, info);
    }
}

NTSTATUS kmd_cmd_check(const uint8_t *p, KmdPacketInfo *info)
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
        return check_memory(p, op, info);
    }
}
