/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * reset.c: engine reset, adapter reset and power-on reset, all synchronous.
 * Engine reset aborts the submission in flight and every queued one
 * (LAST_ABORTED_FENCE = highest fence aborted, 0 if none), sets the head to
 * the tail and keeps the ring configured; other engines are untouched. A
 * RESET_FAIL injection leaves the engine hung and reports FAILED. Adapter
 * reset returns everything to power-on state (GART, fence page, rings
 * disabled, injections cleared, swizzle ranges discarded without write-back
 * and BAR4 zeroed, scanout disabled) except IRQ_MASK and the reset counter, so
 * RESET_DONE can be delivered. Both report RESET_STATUS and RESET_DONE.
 */
#include <string.h>

#include "core-internal.h"

static uint64_t highest_aborted_fence(SableEngine *eng)
{
    uint64_t max = eng->busy ? eng->cur.fence : 0;
    uint32_t queued = eng->tail - eng->head;

    if (!sable_ring_enabled(eng) || queued > eng->ring_size) {
        return max;
    }
    for (uint32_t i = eng->busy ? 1 : 0; i < queued; i++) {
        struct sable_submit d;
        if (sable_ring_read_desc(eng, eng->head + i, &d)) {
            max = MAX(max, d.fence);
        }
    }
    return max;
}

static void reset_done(SableDevice *dev, uint32_t status)
{
    dev->reset_status = SABLE_RESET_STATUS_DONE | status;
    sable_irq_raise(dev, SABLE_IRQ_RESET_DONE, false);
}

void sable_reset_engine(SableEngine *eng)
{
    SableDevice *dev = eng->dev;
    uint32_t engine_bits = eng->index << SABLE_RESET_STATUS_ENGINE_SHIFT;

    sable_engine_stop(eng);
    if (sable_inject_take(eng, SABLE_INJECT_RESET_FAIL, NULL)) {
        eng->state = ENG_HUNG;
        sable_emit(dev, &(SableEvent){ .type = SABLE_EV_ENGINE_RESET, .engine = eng->index,
                                       .engine_reset = { eng->last_aborted_fence, true } });
        reset_done(dev, SABLE_RESET_STATUS_FAILED | engine_bits);
        return;
    }
    uint64_t aborted = highest_aborted_fence(eng);
    if (sable_ring_enabled(eng) && eng->head != eng->tail) {
        eng->head = eng->tail;
        sable_ring_write_head(eng); /* best effort: the reset still happens */
    }
    sable_3d_engine_reset(eng);
    eng->busy = false;
    eng->cmd_active = false;
    eng->state = ENG_READY;
    eng->offset = 0;
    eng->progress = 0;
    eng->pkt_bytes = 0;
    memset(&eng->cur, 0, sizeof(eng->cur));
    memset(&eng->pkt, 0, sizeof(eng->pkt));
    memset(&eng->fault, 0, sizeof(eng->fault));
    sable_history_clear(eng);
    eng->commands_executed = 0;
    eng->last_aborted_fence = aborted;
    eng->reset_count++;
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_ENGINE_RESET, .engine = eng->index,
                                   .engine_reset = { aborted, false } });
    reset_done(dev, engine_bits);
}

/* Everything but memory and the 3D objects of work not in flight back to
 * power-on state, including the interrupt outputs. */
static void reset_state(SableDevice *dev)
{
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        sable_engine_stop(&dev->eng[e]);
        sable_engine_init(&dev->eng[e], dev, e);
    }
    sable_inject_clear(dev);
    sable_3d_reset_guilty(dev);
    sable_swz_reset(dev);
    sable_scanout_reset(dev);
    dev->fence_page = 0;
    dev->gart_table = 0;
    dev->gart_entries = 0;
    dev->reset_status = 0;
    dev->adapter_reset_count = 0;
    dev->error_status = 0;
    dev->scratch = 0;
    dev->dump_addr = 0;
    dev->dump_size = 0;
    dev->dump_status = SABLE_DUMP_STATUS_NONE;
    dev->dump_required = 0;
    dev->dump_written = 0;
    sable_irq_ack(dev, UINT32_MAX);
    sable_irq_set_mask(dev, 0);
}

void sable_reset_power_on(SableDevice *dev)
{
    reset_state(dev);
    sable_3d_reset_all(dev);
}

void sable_reset_adapter(SableDevice *dev)
{
    uint32_t count = dev->adapter_reset_count + 1;
    uint32_t mask = dev->irq_mask;

    reset_state(dev);
    dev->adapter_reset_count = count;
    sable_irq_set_mask(dev, mask);
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_ADAPTER_RESET,
                                   .adapter_reset = { count } });
    reset_done(dev, SABLE_RESET_STATUS_ADAPTER);
}
