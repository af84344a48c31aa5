/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ring.c: the submission ring in guest memory. The doorbell only reads the
 * tail (then the engine is scheduled). fetch() copies the next descriptor
 * into the engine, validates it (BAD_RING / BAD_DESCRIPTOR / DMA_ERROR
 * faults) and starts the submission. The head is written back once a
 * descriptor's work completed or was aborted.
 */
#include <string.h>

#include "core-internal.h"

bool sable_ring_enabled(const SableEngine *eng)
{
    return eng->ring_control & SABLE_RING_CONTROL_ENABLE;
}

void sable_ring_doorbell(SableEngine *eng)
{
    SableDevice *dev = eng->dev;
    uint32_t tail;

    if (!sable_ring_enabled(eng)) {
        return;
    }
    if (!dev->ops.dma_read(dev->opaque, eng->ring_base +
                           offsetof(struct sable_ring_header, tail), &tail, 4)) {
        sable_fault(eng, SABLE_FAULT_DMA_ERROR, eng->ring_base, 0);
        return;
    }
    eng->tail = GUINT32_FROM_LE(tail);
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_DOORBELL, .engine = eng->index,
                                   .doorbell = { eng->tail } });
    dev->ops.schedule(dev->opaque, eng->index);
}

bool sable_ring_read_desc(SableEngine *eng, uint32_t index,
                          struct sable_submit *out)
{
    SableDevice *dev = eng->dev;
    uint64_t slot = index & (eng->ring_size - 1);
    uint64_t addr = eng->ring_base + SABLE_RING_HEADER_SIZE + slot * 64;
    struct sable_submit raw;

    if (!dev->ops.dma_read(dev->opaque, addr, &raw, sizeof(raw))) {
        return false;
    }
    out->dma_addr = GUINT64_FROM_LE(raw.dma_addr);
    out->dma_size = GUINT32_FROM_LE(raw.dma_size);
    out->flags = GUINT32_FROM_LE(raw.flags);
    out->fence = GUINT64_FROM_LE(raw.fence);
    out->context_id = GUINT32_FROM_LE(raw.context_id);
    out->reserved0 = raw.reserved0;
    memcpy(out->reserved1, raw.reserved1, sizeof(raw.reserved1));
    return true;
}

static bool desc_valid(const struct sable_submit *d)
{
    return !(d->flags & ~SABLE_SUBMIT_F_ALL) && !d->reserved0 &&
           !d->reserved1[0] && !d->reserved1[1] && !d->reserved1[2] &&
           !d->reserved1[3] && !(d->dma_addr & 3) && !(d->dma_size & 3) &&
           d->dma_size <= SABLE_DMA_MAX_SIZE &&
           sable_range_ok(d->dma_addr, d->dma_size);
}

bool sable_ring_fetch(SableEngine *eng)
{
    SableDevice *dev = eng->dev;
    struct sable_submit d;

    memset(&eng->cur, 0, sizeof(eng->cur));
    memset(&eng->pkt, 0, sizeof(eng->pkt));
    eng->pkt_bytes = 0;
    eng->offset = 0;
    if (eng->tail - eng->head > eng->ring_size) {
        sable_fault(eng, SABLE_FAULT_BAD_RING, eng->tail, 0);
        return false;
    }
    if (!sable_ring_read_desc(eng, eng->head, &d)) {
        uint64_t slot = eng->head & (eng->ring_size - 1);
        sable_fault(eng, SABLE_FAULT_DMA_ERROR,
                    eng->ring_base + SABLE_RING_HEADER_SIZE + slot * 64, 0);
        return false;
    }
    eng->cur = d;
    eng->busy = true;
    eng->submitted_fence = d.fence;
    if (!desc_valid(&d)) {
        sable_fault(eng, SABLE_FAULT_BAD_DESCRIPTOR, d.dma_addr, 0);
        return false;
    }
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_SUBMIT, .engine = eng->index,
                                   .submit = { d.fence, d.dma_addr, d.dma_size } });
    return true;
}

bool sable_ring_write_head(SableEngine *eng)
{
    SableDevice *dev = eng->dev;
    uint32_t head = GUINT32_TO_LE(eng->head);

    return dev->ops.dma_write(dev->opaque, eng->ring_base +
                              offsetof(struct sable_ring_header, head),
                              &head, 4);
}
