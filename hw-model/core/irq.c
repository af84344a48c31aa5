/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * irq.c: IRQ_STATUS (W1C) and IRQ_MASK. A cause that newly becomes
 * pending&unmasked pulses its MSI-X vector (engine causes -> ENGINE(e), misc
 * -> MISC); the INTx level follows (status & mask) != 0 on every change.
 * A dropped raise updates IRQ_STATUS but delivers neither pulse nor level.
 */
#include "core-internal.h"

static void irq_pulse_new(SableDevice *dev, uint32_t newly)
{
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        uint32_t c = newly & SABLE_IRQ_ENGINE_CAUSES(e);
        if (c) {
            dev->ops.irq_pulse(dev->opaque, SABLE_MSIX_VEC_ENGINE(e));
            sable_emit(dev, &(SableEvent){ .type = SABLE_EV_IRQ, .engine = e,
                                           .irq = { SABLE_MSIX_VEC_ENGINE(e), c } });
        }
    }
    if (newly & SABLE_IRQ_MISC_CAUSES) {
        dev->ops.irq_pulse(dev->opaque, SABLE_MSIX_VEC_MISC);
        sable_emit(dev, &(SableEvent){ .type = SABLE_EV_IRQ,
                                       .irq = { SABLE_MSIX_VEC_MISC,
                                                newly & SABLE_IRQ_MISC_CAUSES } });
    }
}

static void irq_update_level(SableDevice *dev)
{
    bool level = (dev->irq_status & dev->irq_mask) != 0;
    if (level != dev->irq_level) {
        dev->irq_level = level;
        dev->ops.irq_level(dev->opaque, level);
    }
}

/* Apply new status/mask and deliver what changed. */
static void irq_apply(SableDevice *dev, uint32_t status, uint32_t mask)
{
    uint32_t before = dev->irq_status & dev->irq_mask;
    dev->irq_status = status;
    dev->irq_mask = mask;
    irq_pulse_new(dev, (status & mask) & ~before);
    irq_update_level(dev);
}

void sable_irq_raise(SableDevice *dev, uint32_t causes, bool drop)
{
    if (drop) {
        uint32_t e_mask = causes & ~SABLE_IRQ_MISC_CAUSES;
        unsigned engine = e_mask ? (unsigned)g_bit_nth_lsf(e_mask, -1) % 8u : 0;
        dev->irq_status |= causes;
        sable_emit(dev, &(SableEvent){ .type = SABLE_EV_IRQ_DROPPED, .engine = engine,
                                       .irq_dropped = { causes } });
        return;
    }
    irq_apply(dev, dev->irq_status | causes, dev->irq_mask);
}

void sable_irq_ack(SableDevice *dev, uint32_t causes)
{
    irq_apply(dev, dev->irq_status & ~causes, dev->irq_mask);
}

void sable_irq_set_mask(SableDevice *dev, uint32_t mask)
{
    irq_apply(dev, dev->irq_status, mask);
}
