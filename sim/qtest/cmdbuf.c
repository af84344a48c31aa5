/* SPDX-License-Identifier: MIT */
/* Building DMA buffers (command packets) in shared guest RAM. */
#include <string.h>

#include "sqt-internal.h"

SqtCmdBuf sqt_cmdbuf_new(SqtDevice *d, uint32_t size)
{
    return (SqtCmdBuf){ .buf = sqt_alloc(d, size, SABLE_PAGE_SIZE), .used = 0 };
}

void sqt_cmdbuf_reset(SqtCmdBuf *cb)
{
    cb->used = 0;
}

uint32_t sqt_cmd_raw(SqtCmdBuf *cb, const void *data, uint32_t len)
{
    uint32_t off = cb->used;
    if ((len & 3u) || len > cb->buf.size - off) {
        g_error("command buffer: cannot append %u bytes at %u of %u",
                len, off, (unsigned)cb->buf.size);
    }
    memcpy((uint8_t *)cb->buf.ptr + off, data, len);
    cb->used += len;
    return off;
}

#define HEADER(op, type) SABLE_CMD_HEADER(op, 0, sizeof(type) / 4)

uint32_t sqt_cmd_nop(SqtCmdBuf *cb, uint32_t size_dw)
{
    uint32_t off = cb->used;
    uint32_t header = SABLE_CMD_HEADER(SABLE_OP_NOP, 0, size_dw);
    uint32_t zero = 0;
    sqt_cmd_raw(cb, &header, 4);
    for (uint32_t i = 1; i < size_dw; i++) {
        sqt_cmd_raw(cb, &zero, 4);
    }
    return off;
}

uint32_t sqt_cmd_write32(SqtCmdBuf *cb, uint64_t addr, uint32_t value)
{
    struct sable_cmd_write32 c = {
        .header = HEADER(SABLE_OP_WRITE32, c), .value = value, .addr = addr,
    };
    return sqt_cmd_raw(cb, &c, sizeof(c));
}

uint32_t sqt_cmd_copy(SqtCmdBuf *cb, uint64_t dst, uint64_t src, uint64_t size)
{
    struct sable_cmd_copy c = {
        .header = HEADER(SABLE_OP_COPY, c), .dst = dst, .src = src, .size = size,
    };
    return sqt_cmd_raw(cb, &c, sizeof(c));
}

uint32_t sqt_cmd_fill(SqtCmdBuf *cb, uint64_t dst, uint32_t pattern, uint64_t size)
{
    struct sable_cmd_fill c = {
        .header = HEADER(SABLE_OP_FILL, c), .pattern = pattern, .dst = dst,
        .size = size,
    };
    return sqt_cmd_raw(cb, &c, sizeof(c));
}

uint32_t sqt_cmd_blit(SqtCmdBuf *cb, const struct sable_surface *src,
                      const struct sable_surface *dst,
                      const struct sable_rect *src_rect,
                      uint32_t dst_x, uint32_t dst_y)
{
    struct sable_cmd_blit_2d c = {
        .header = HEADER(SABLE_OP_BLIT_2D, c), .src = *src, .dst = *dst,
        .src_rect = *src_rect, .dst_x = dst_x, .dst_y = dst_y,
    };
    return sqt_cmd_raw(cb, &c, sizeof(c));
}

uint32_t sqt_cmd_copy_2d(SqtCmdBuf *cb, const struct sable_surface *src,
                         const struct sable_surface *dst,
                         const struct sable_rect *src_rect,
                         uint32_t dst_x, uint32_t dst_y)
{
    struct sable_cmd_copy_2d c = {
        .header = HEADER(SABLE_OP_COPY_2D, c), .src = *src, .dst = *dst,
        .src_rect = *src_rect, .dst_x = dst_x, .dst_y = dst_y,
    };
    return sqt_cmd_raw(cb, &c, sizeof(c));
}

uint32_t sqt_cmd_timestamp(SqtCmdBuf *cb, uint64_t addr)
{
    struct sable_cmd_timestamp c = {
        .header = HEADER(SABLE_OP_TIMESTAMP, c), .addr = addr,
    };
    return sqt_cmd_raw(cb, &c, sizeof(c));
}

uint32_t sqt_cmd_debug_stall(SqtCmdBuf *cb, uint32_t usec)
{
    struct sable_cmd_debug_stall c = {
        .header = HEADER(SABLE_OP_DEBUG_STALL, c), .usec = usec,
    };
    return sqt_cmd_raw(cb, &c, sizeof(c));
}

uint32_t sqt_cmd_debug_hang(SqtCmdBuf *cb)
{
    uint32_t header = SABLE_CMD_HEADER(SABLE_OP_DEBUG_HANG, 0, 1);
    return sqt_cmd_raw(cb, &header, 4);
}

uint64_t sqt_submit_cmdbuf(SqtDevice *d, unsigned e, const SqtCmdBuf *cb)
{
    return sqt_submit(d, e, cb->buf.gpu, cb->used, 0);
}
