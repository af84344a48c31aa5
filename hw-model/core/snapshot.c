/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * snapshot.c: the device state as the host sees it (QMP `state`, dumps,
 * tests), read without side effects. Register-like fields are what a
 * register read returns; the dump encoder (dump.c) serialises the same view.
 */
#include <string.h>

#include "core-internal.h"

static void snapshot_engine(const SableEngine *e, SableEngineSnapshot *out)
{
    *out = (SableEngineSnapshot) {
        .status = sable_engine_status(e),
        .ring_base = e->ring_base,
        .ring_size = e->ring_size,
        .ring_head = e->head,
        .ring_tail = e->tail,
        .submitted_fence = e->submitted_fence,
        .completed_fence = e->completed_fence,
        .last_aborted_fence = e->last_aborted_fence,
        .busy = e->busy,
        .reset_count = e->reset_count,
        .fault_count = e->fault_count,
        .commands_executed = e->commands_executed,
        .fault = e->fault,
    };
    if (e->busy) {
        out->dma_addr = e->cur.dma_addr;
        out->dma_size = e->cur.dma_size;
        out->dma_offset = e->offset;
        out->fence = e->cur.fence;
        out->context_id = e->cur.context_id;
    }
}

static void snapshot_swz(const SableDevice *dev, uint32_t i,
                         SableSwzSnapshot *out)
{
    const SableSwzRange *r = &dev->swz[i];
    *out = (SableSwzSnapshot) {
        .status = sable_swz_read(dev, SABLE_REG_SWZ(i) + SABLE_SWZ_STATUS),
        .aperture_offset = r->offset, .size = r->size,
        .gpu_addr = r->gpu_addr, .pitch = r->pitch, .height = r->height,
        .tiling = r->tiling, .fault_addr = r->fault_addr,
    };
}

static uint64_t reg64(const SableDevice *dev, uint32_t lo)
{
    return ((uint64_t)sable_regs_read(dev, lo + 4) << 32) |
           sable_regs_read(dev, lo);
}

static void snapshot_scanout(const SableDevice *dev, SableScanoutSnapshot *out)
{
    *out = (SableScanoutSnapshot) {
        .control = sable_regs_read(dev, SABLE_REG_SCANOUT_CONTROL),
        .status = sable_regs_read(dev, SABLE_REG_SCANOUT_STATUS),
        .addr = reg64(dev, SABLE_REG_SCANOUT_ADDR_LO),
        .pitch = sable_regs_read(dev, SABLE_REG_SCANOUT_PITCH),
        .format = sable_regs_read(dev, SABLE_REG_SCANOUT_FORMAT),
        .width = sable_regs_read(dev, SABLE_REG_SCANOUT_WIDTH),
        .height = sable_regs_read(dev, SABLE_REG_SCANOUT_HEIGHT),
        .fault_addr = reg64(dev, SABLE_REG_SCANOUT_FAULT_ADDR_LO),
        .frame_count = sable_regs_read(dev, SABLE_REG_SCANOUT_FRAME_COUNT),
    };
}

void sable_device_snapshot(const SableDevice *dev, SableSnapshot *out)
{
    memset(out, 0, sizeof(*out));
    out->timestamp_ns = dev->ops.clock_ns(dev->opaque);
    out->features = reg64(dev, SABLE_REG_FEATURES_LO);
    out->vram_size = dev->cfg.vram_size;
    out->gart_table = dev->gart_table;
    out->fence_page = dev->fence_page;
    out->gart_entries = dev->gart_entries;
    out->irq_status = dev->irq_status;
    out->irq_mask = dev->irq_mask;
    out->error_status = dev->error_status;
    out->reset_status = dev->reset_status;
    out->adapter_reset_count = dev->adapter_reset_count;
    out->debug = dev->cfg.debug;
    out->engine_count = SABLE_NUM_ENGINES;
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        snapshot_engine(&dev->eng[e], &out->engine[e]);
    }
    for (unsigned i = 0; i < SABLE_CORE_MAX_INJECTIONS; i++) {
        const SableInjectSlot *s = &dev->inj[i];
        if (s->active) {
            out->inject[out->inject_count++] = (SableInjectSnapshot) {
                .inj = s->inj, .remaining = s->remaining,
            };
        }
    }
    out->swz_count = sable_swz_count(dev);
    for (uint32_t i = 0; i < out->swz_count; i++) {
        snapshot_swz(dev, i, &out->swz[i]);
    }
    snapshot_scanout(dev, &out->scanout);
}
