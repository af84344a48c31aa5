/* SPDX-License-Identifier: MIT */
#include <stdatomic.h>
#include <string.h>

#include "ring.h"
#include "regs.h"

static volatile struct sable_ring_header *header(const KmdRing *r)
{
    return (volatile struct sable_ring_header *)r->mem.cpu;
}

NTSTATUS kmd_ring_init(KmdRing *r, unsigned engine, uint32_t required, uint32_t max_entries)
{
    uint32_t entries = KMD_RING_ENTRIES;
    while (entries < required && entries <= SABLE_RING_MAX_ENTRIES / 2) {
        entries *= 2;
    }
    while (entries > max_entries && entries / 2 >= required &&
           entries / 2 >= SABLE_RING_MIN_ENTRIES) {
        entries /= 2; /* a smaller device ring still holds what is required */
    }
    if (entries < required || entries > max_entries) {
        return STATUS_INSUFFICIENT_RESOURCES; /* the device cannot queue that many */
    }
    size_t bytes = SABLE_RING_HEADER_SIZE + (size_t)entries * sizeof(struct sable_submit);
    bytes = (bytes + SABLE_PAGE_SIZE - 1) & ~(size_t)(SABLE_PAGE_SIZE - 1);
    memset(r, 0, sizeof(*r));
    if (!kmd_os_dma_alloc(bytes, &r->mem)) {
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    r->engine = engine;
    r->entries = entries;
    return STATUS_SUCCESS;
}

void kmd_ring_program(const KmdRing *r, volatile uint8_t *regs)
{
    uint32_t base = SABLE_REG_ENGINE(r->engine);
    kmd_reg_write64(regs, base + SABLE_ENG_RING_BASE_LO, r->mem.bus);
    kmd_reg_write(regs, base + SABLE_ENG_RING_SIZE, r->entries);
    kmd_reg_write(regs, base + SABLE_ENG_RING_CONTROL, SABLE_RING_CONTROL_ENABLE);
}

void kmd_ring_free(KmdRing *r)
{
    if (r->mem.cpu) {
        kmd_os_dma_free(&r->mem);
    }
    memset(r, 0, sizeof(*r));
}

NTSTATUS kmd_ring_submit(KmdRing *r, volatile uint8_t *regs,
                         const struct sable_submit *desc)
{
    uint32_t head = header(r)->head;
    uint32_t used = r->tail - head;
    if (used >= r->entries) { /* full, or a head the device never wrote */
        return STATUS_DEVICE_NOT_READY;
    }
    struct sable_submit *slot = (struct sable_submit *)
        ((uint8_t *)r->mem.cpu + SABLE_RING_HEADER_SIZE) + (r->tail & (r->entries - 1));
    memcpy(slot, desc, sizeof(*slot));
    atomic_thread_fence(memory_order_release);
    if (!r->primed) {
        r->reported = desc->fence - 1;
        r->primed = true;
    }
    r->submitted = desc->fence; /* before the doorbell: the ISR bounds by it */
    r->tail++;
    header(r)->tail = r->tail;
    atomic_thread_fence(memory_order_seq_cst);
    kmd_reg_write(regs, SABLE_REG_ENGINE(r->engine) + SABLE_ENG_DOORBELL, 1);
    return STATUS_SUCCESS;
}
