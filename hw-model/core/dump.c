/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dump.c: device dump per protocol/sable_dump.h, written synchronously by a
 * DUMP_CONTROL write: header, DEVICE, then per engine ENGINE and
 * CMD_HISTORY, then REGISTERS (global registers, then every engine's), then
 * SWIZZLE (every swizzle range) when the device has ranges.
 * DUMP_REQUIRED is always updated; TOO_SMALL writes nothing; DMA_ERROR if
 * the buffer is not guest memory. Completion raises DUMP_DONE.
 */
#include <string.h>

#include "core-internal.h"

#define GLOBAL_REGS (SABLE_REG_TIMESTAMP_HI / 4 + 1)
#define ENGINE_REGS (SABLE_ENG_FAULT_CONTEXT / 4 + 1)
#define DUMP_REGS (GLOBAL_REGS + SABLE_NUM_ENGINES * ENGINE_REGS)

static uint32_t history_bytes(uint32_t count)
{
    return sizeof(struct sable_dump_history) + count * sizeof(struct sable_dump_cmd);
}

static uint32_t swizzle_bytes(const SableDevice *dev)
{
    uint32_t n = sable_swz_count(dev);
    return n ? sizeof(struct sable_dump_swizzle) +
               n * sizeof(struct sable_dump_swz_range) : 0;
}

static uint32_t dump_size(const SableDevice *dev)
{
    uint32_t size = swizzle_bytes(dev) + sizeof(struct sable_dump_header) +
                    sizeof(struct sable_dump_device) +
                    sizeof(struct sable_dump_registers) +
                    DUMP_REGS * sizeof(struct sable_dump_reg);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        size += sizeof(struct sable_dump_engine) +
                history_bytes(dev->eng[e].history.count);
    }
    return size;
}

static struct sable_dump_section section(uint32_t type, uint32_t size,
                                         uint32_t instance)
{
    return (struct sable_dump_section) { .type = type, .size = size,
                                         .instance = instance };
}

static void put_device(const SableDevice *dev, uint8_t *p)
{
    struct sable_dump_device d = {
        .sec = section(SABLE_DUMP_SEC_DEVICE, sizeof(d), 0),
        .features = ((uint64_t)sable_regs_read(dev, SABLE_REG_FEATURES_HI) << 32) |
                    sable_regs_read(dev, SABLE_REG_FEATURES_LO),
        .vram_size = dev->cfg.vram_size,
        .gart_base = SABLE_CORE_GART_BASE,
        .gart_table = dev->gart_table,
        .fence_page = dev->fence_page,
        .gart_entries = dev->gart_entries,
        .irq_status = dev->irq_status,
        .irq_mask = dev->irq_mask,
        .error_status = dev->error_status,
        .reset_status = dev->reset_status,
        .adapter_reset_count = dev->adapter_reset_count,
        .debug_enabled = dev->cfg.debug,
    };
    memcpy(p, &d, sizeof(d));
}

static void put_engine(const SableEngine *e, uint8_t *p)
{
    const SableFaultRecord *f = &e->fault;
    struct sable_dump_engine d = {
        .sec = section(SABLE_DUMP_SEC_ENGINE, sizeof(d), e->index),
        .status = sable_engine_status(e),
        .ring_size = e->ring_size,
        .ring_base = e->ring_base,
        .ring_head = e->head,
        .ring_tail = e->tail,
        .submitted_fence = e->submitted_fence,
        .completed_fence = e->completed_fence,
        .last_aborted_fence = e->last_aborted_fence,
        .current_dma_addr = e->busy ? e->cur.dma_addr : 0,
        .current_dma_size = e->busy ? e->cur.dma_size : 0,
        .current_dma_offset = e->busy ? e->offset : 0,
        .current_fence = e->busy ? e->cur.fence : 0,
        .current_context = e->busy ? e->cur.context_id : 0,
        .reset_count = e->reset_count,
        .fault_count = e->fault_count,
        .commands_executed = e->commands_executed,
        .fault = { .code = f->code, .flags = f->flags, .addr = f->addr,
                   .fence = f->fence, .dma_addr = f->dma_addr,
                   .dma_offset = f->dma_offset, .opcode = f->opcode,
                   .context_id = f->context_id },
    };
    memcpy(p, &d, sizeof(d));
}

static uint32_t put_history(const SableEngine *e, uint8_t *p)
{
    struct sable_dump_cmd cmds[SABLE_CORE_CMD_HISTORY];
    uint32_t n = sable_history_copy(e, cmds);
    struct sable_dump_history h = {
        .sec = section(SABLE_DUMP_SEC_CMD_HISTORY, history_bytes(n), e->index),
        .count = n,
    };
    memcpy(p, &h, sizeof(h));
    memcpy(p + sizeof(h), cmds, n * sizeof(cmds[0]));
    return history_bytes(n);
}

static void put_reg(const SableDevice *dev, uint8_t *p, uint32_t *i,
                    uint32_t offset)
{
    struct sable_dump_reg r = { offset, sable_regs_read(dev, offset) };
    memcpy(p + (*i)++ * sizeof(r), &r, sizeof(r));
}

static void put_registers(const SableDevice *dev, uint8_t *p)
{
    uint32_t size = sizeof(struct sable_dump_registers) +
                    DUMP_REGS * sizeof(struct sable_dump_reg);
    struct sable_dump_registers h = {
        .sec = section(SABLE_DUMP_SEC_REGISTERS, size, 0),
        .count = DUMP_REGS,
    };
    uint8_t *regs = p + sizeof(h);
    uint32_t i = 0;

    memcpy(p, &h, sizeof(h));
    for (uint32_t r = 0; r < GLOBAL_REGS; r++) {
        put_reg(dev, regs, &i, r * 4);
    }
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        for (uint32_t r = 0; r < ENGINE_REGS; r++) {
            put_reg(dev, regs, &i, SABLE_REG_ENGINE(e) + r * 4);
        }
    }
}

static void put_swizzle(const SableDevice *dev, uint8_t *p)
{
    uint32_t n = sable_swz_count(dev);
    struct sable_dump_swizzle h = {
        .sec = section(SABLE_DUMP_SEC_SWIZZLE, swizzle_bytes(dev), 0),
        .count = n,
    };

    memcpy(p, &h, sizeof(h));
    for (uint32_t i = 0; i < n; i++) {
        const SableSwzRange *r = &dev->swz[i];
        struct sable_dump_swz_range e = {
            .index = i,
            .status = sable_regs_read(dev, SABLE_REG_SWZ(i) + SABLE_SWZ_STATUS),
            .aperture_offset = r->offset, .size = r->size,
            .gpu_addr = r->gpu_addr, .pitch = r->pitch, .height = r->height,
            .tiling = r->tiling, .fault_addr = r->fault_addr,
        };
        memcpy(p + sizeof(h) + i * sizeof(e), &e, sizeof(e));
    }
}

static void encode(const SableDevice *dev, uint8_t *buf, uint32_t size)
{
    struct sable_dump_header h = {
        .magic = SABLE_DUMP_MAGIC, .major = SABLE_DUMP_MAJOR,
        .minor = SABLE_DUMP_MINOR, .header_size = sizeof(h),
        .total_size = size,
        .section_count = 2 + 2 * SABLE_NUM_ENGINES + (swizzle_bytes(dev) ? 1 : 0),
        .engine_count = SABLE_NUM_ENGINES,
        .timestamp_ns = dev->ops.clock_ns(dev->opaque),
        .abi_version = SABLE_ABI_VERSION,
    };
    uint8_t *p = buf + sizeof(h);

    memcpy(buf, &h, sizeof(h));
    put_device(dev, p);
    p += sizeof(struct sable_dump_device);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        put_engine(&dev->eng[e], p);
        p += sizeof(struct sable_dump_engine);
        p += put_history(&dev->eng[e], p);
    }
    put_registers(dev, p);
    if (swizzle_bytes(dev)) {
        put_swizzle(dev, p + sizeof(struct sable_dump_registers) +
                         DUMP_REGS * sizeof(struct sable_dump_reg));
    }
}

static uint32_t dump_write(SableDevice *dev, uint32_t size)
{
    if (dev->dump_size < size) {
        return SABLE_DUMP_STATUS_TOO_SMALL;
    }
    uint8_t *buf = g_malloc0(size);
    encode(dev, buf, size);
    bool ok = sable_range_ok(dev->dump_addr, size) &&
              dev->ops.dma_write(dev->opaque, dev->dump_addr, buf, size);
    g_free(buf);
    return ok ? SABLE_DUMP_STATUS_OK : SABLE_DUMP_STATUS_DMA_ERROR;
}

void sable_dump_request(SableDevice *dev, uint32_t value)
{
    if (value != 1) {
        sable_reg_error(dev, SABLE_ERROR_BAD_DUMP_REQUEST,
                        SABLE_REG_DUMP_CONTROL);
        return;
    }
    uint32_t size = dump_size(dev);
    dev->dump_required = size;
    dev->dump_status = dump_write(dev, size);
    dev->dump_written = dev->dump_status == SABLE_DUMP_STATUS_OK ? size : 0;
    sable_emit(dev, SABLE_EV_DUMP, 0, dev->dump_addr, dev->dump_written,
               dev->dump_status);
    sable_irq_raise(dev, SABLE_IRQ_DUMP_DONE, false);
}
