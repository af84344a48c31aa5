/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dump.c: device dump per protocol/sable_dump.h, built in host memory from
 * the device snapshot (sable_dump_build: QMP `dump`, and DUMP_CONTROL):
 * header, DEVICE, then per engine ENGINE and CMD_HISTORY, then REGISTERS
 * (global registers, then every engine's), then SWIZZLE (every swizzle
 * range) when the device has ranges, then 3D (dump-3d.c) when it has 3D. A DUMP_CONTROL write DMA's it into the
 * guest buffer synchronously: DUMP_REQUIRED is always updated; TOO_SMALL
 * writes nothing; DMA_ERROR if the buffer is not guest memory. Completion
 * raises DUMP_DONE.
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

static uint32_t swizzle_bytes(uint32_t n)
{
    return n ? sizeof(struct sable_dump_swizzle) +
               n * sizeof(struct sable_dump_swz_range) : 0;
}

static uint32_t dump_size(const SableDevice *dev)
{
    uint32_t size = swizzle_bytes(sable_swz_count(dev)) + sable_dump_3d_size(dev) +
                    sizeof(struct sable_dump_header) +
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

static void put_device(const SableSnapshot *snap, uint8_t *p)
{
    struct sable_dump_device d = {
        .sec = section(SABLE_DUMP_SEC_DEVICE, sizeof(d), 0),
        .features = snap->features,
        .vram_size = snap->vram_size,
        .gart_base = SABLE_CORE_GART_BASE,
        .gart_table = snap->gart_table,
        .fence_page = snap->fence_page,
        .gart_entries = snap->gart_entries,
        .irq_status = snap->irq_status,
        .irq_mask = snap->irq_mask,
        .error_status = snap->error_status,
        .reset_status = snap->reset_status,
        .adapter_reset_count = snap->adapter_reset_count,
        .debug_enabled = snap->debug,
    };
    memcpy(p, &d, sizeof(d));
}

static void put_engine(const SableEngineSnapshot *e, unsigned index, uint8_t *p)
{
    const SableFaultRecord *f = &e->fault;
    struct sable_dump_engine d = {
        .sec = section(SABLE_DUMP_SEC_ENGINE, sizeof(d), index),
        .status = e->status,
        .ring_size = e->ring_size,
        .ring_base = e->ring_base,
        .ring_head = e->ring_head,
        .ring_tail = e->ring_tail,
        .submitted_fence = e->submitted_fence,
        .completed_fence = e->completed_fence,
        .last_aborted_fence = e->last_aborted_fence,
        .current_dma_addr = e->dma_addr,
        .current_dma_size = e->dma_size,
        .current_dma_offset = e->dma_offset,
        .current_fence = e->fence,
        .current_context = e->context_id,
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

static void put_swizzle(const SableSnapshot *snap, uint8_t *p)
{
    struct sable_dump_swizzle h = {
        .sec = section(SABLE_DUMP_SEC_SWIZZLE, swizzle_bytes(snap->swz_count), 0),
        .count = snap->swz_count,
    };

    memcpy(p, &h, sizeof(h));
    for (uint32_t i = 0; i < snap->swz_count; i++) {
        const SableSwzSnapshot *r = &snap->swz[i];
        struct sable_dump_swz_range e = {
            .index = i, .status = r->status,
            .aperture_offset = r->aperture_offset, .size = r->size,
            .gpu_addr = r->gpu_addr, .pitch = r->pitch, .height = r->height,
            .tiling = r->tiling, .fault_addr = r->fault_addr,
        };
        memcpy(p + sizeof(h) + i * sizeof(e), &e, sizeof(e));
    }
}

uint8_t *sable_dump_build(const SableDevice *dev, uint32_t *size)
{
    SableSnapshot snap;
    sable_device_snapshot(dev, &snap);
    uint32_t total = dump_size(dev);
    struct sable_dump_header h = {
        .magic = SABLE_DUMP_MAGIC, .major = SABLE_DUMP_MAJOR,
        .minor = SABLE_DUMP_MINOR, .header_size = sizeof(h),
        .total_size = total,
        .section_count = 2 + 2 * SABLE_NUM_ENGINES + (snap.swz_count ? 1 : 0) +
                         (sable_dump_3d_size(dev) ? 1 : 0),
        .engine_count = SABLE_NUM_ENGINES,
        .timestamp_ns = snap.timestamp_ns,
        .abi_version = SABLE_ABI_VERSION,
    };
    uint8_t *buf = g_malloc0(total);
    uint8_t *p = buf + sizeof(h);

    memcpy(buf, &h, sizeof(h));
    put_device(&snap, p);
    p += sizeof(struct sable_dump_device);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        put_engine(&snap.engine[e], e, p);
        p += sizeof(struct sable_dump_engine);
        p += put_history(&dev->eng[e], p);
    }
    put_registers(dev, p);
    p += sizeof(struct sable_dump_registers) +
         DUMP_REGS * sizeof(struct sable_dump_reg);
    if (snap.swz_count) {
        put_swizzle(&snap, p);
        p += swizzle_bytes(snap.swz_count);
    }
    sable_dump_3d_put(dev, p);
    *size = total;
    return buf;
}

/* DUMP_REQUIRED (as the dump's REGISTERS show it) is this dump's size. */
static uint32_t dump_write(SableDevice *dev)
{
    dev->dump_required = dump_size(dev);
    if (dev->dump_size < dev->dump_required) {
        return SABLE_DUMP_STATUS_TOO_SMALL;
    }
    uint32_t size;
    g_autofree uint8_t *buf = sable_dump_build(dev, &size);
    bool ok = sable_range_ok(dev->dump_addr, size) &&
              dev->ops.dma_write(dev->opaque, dev->dump_addr, buf, size);
    return ok ? SABLE_DUMP_STATUS_OK : SABLE_DUMP_STATUS_DMA_ERROR;
}

void sable_dump_request(SableDevice *dev, uint32_t value)
{
    if (value != 1) {
        sable_reg_error(dev, SABLE_ERROR_BAD_DUMP_REQUEST,
                        SABLE_REG_DUMP_CONTROL);
        return;
    }
    dev->dump_status = dump_write(dev);
    dev->dump_written = dev->dump_status == SABLE_DUMP_STATUS_OK
                            ? dev->dump_required : 0;
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_DUMP,
                                   .dump = { dev->dump_addr, dev->dump_written,
                                             dev->dump_status } });
    sable_irq_raise(dev, SABLE_IRQ_DUMP_DONE, false);
}
