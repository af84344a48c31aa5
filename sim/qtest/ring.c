/* SPDX-License-Identifier: MIT */
/* Submission rings in shared guest RAM, doorbells, and fence waits that step
 * the virtual clock (device time is the only timeout). */
#include <inttypes.h>
#include <sched.h>
#include <string.h>

#include "sqt-internal.h"

/* Polls of shared RAM between clock steps: engines run asynchronously in
 * QEMU's main loop, so most waits end here without a qtest round trip. */
#define SQT_SPIN_POLLS 2000

static struct sable_ring_header *ring_header(SqtRing *r)
{
    return r->mem.ptr;
}

void sqt_ring_setup(SqtDevice *d, unsigned e, uint32_t entries)
{
    SqtRing *r = &d->ring[e];
    if (!r->mem.ptr || r->entries != entries) {
        r->mem = sqt_alloc(d, SABLE_RING_HEADER_SIZE + (uint64_t)entries * 64,
                           SABLE_PAGE_SIZE);
    }
    memset(r->mem.ptr, 0, r->mem.size);
    r->entries = entries;
    r->tail = 0;
    sqt_eng_write(d, e, SABLE_ENG_RING_CONTROL, 0);
    sqt_reg_write64(d, SABLE_REG_ENGINE(e) + SABLE_ENG_RING_BASE_LO, r->mem.bus);
    sqt_eng_write(d, e, SABLE_ENG_RING_SIZE, entries);
    sqt_eng_write(d, e, SABLE_ENG_RING_CONTROL, SABLE_RING_CONTROL_ENABLE);
}

typedef bool (*SqtPredicate)(SqtDevice *d, unsigned e, uint64_t arg);

/* Poll pred; step the clock when it stays false; false after timeout_ns. */
static bool wait_until(SqtDevice *d, unsigned e, SqtPredicate pred,
                       uint64_t arg, uint64_t step_ns, uint64_t timeout_ns)
{
    for (uint64_t waited = 0;; waited += step_ns) {
        for (int i = 0; i < SQT_SPIN_POLLS; i++) {
            if (pred(d, e, arg)) {
                return true;
            }
            sched_yield();
        }
        if (waited >= timeout_ns) {
            return false;
        }
        sqt_clock_step(d->m, (int64_t)step_ns);
    }
}

static bool ring_has_space(SqtDevice *d, unsigned e, uint64_t unused)
{
    SqtRing *r = &d->ring[e];
    return r->tail - sqt_load32(&ring_header(r)->head) < r->entries;
}

uint64_t sqt_ring_push(SqtDevice *d, unsigned e, uint64_t dma_gpu,
                       uint32_t dma_size, uint32_t flags, uint64_t fence)
{
    SqtRing *r = &d->ring[e];
    if (!wait_until(d, e, ring_has_space, 0, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
        sqt_fatal(d->m, "engine %u: ring stayed full for %" PRIu64 " ns of "
                  "device time", e, (uint64_t)SQT_TIMEOUT_NS);
    }
    struct sable_submit desc = {
        .dma_addr = dma_gpu,
        .dma_size = dma_size,
        .flags = flags,
        .fence = fence ? fence : r->last_fence + 1,
    };
    uint8_t *slots = (uint8_t *)r->mem.ptr + SABLE_RING_HEADER_SIZE;
    memcpy(slots + (uint64_t)(r->tail & (r->entries - 1)) * 64, &desc, sizeof(desc));
    r->tail++;
    r->last_fence = desc.fence;
    sqt_store32(&ring_header(r)->tail, r->tail);
    return desc.fence;
}

void sqt_doorbell(SqtDevice *d, unsigned e)
{
    sqt_eng_write(d, e, SABLE_ENG_DOORBELL, 1);
}

uint64_t sqt_submit(SqtDevice *d, unsigned e, uint64_t dma_gpu,
                    uint32_t dma_size, uint32_t flags)
{
    uint64_t fence = sqt_ring_push(d, e, dma_gpu, dma_size, flags, 0);
    sqt_doorbell(d, e);
    return fence;
}

uint64_t sqt_fence_page_read(SqtDevice *d, unsigned e)
{
    const struct sable_fence_page *fp = d->fence_page.ptr;
    return sqt_load64(&fp->completed[e]);
}

static bool fence_done(SqtDevice *d, unsigned e, uint64_t fence)
{
    return (int64_t)(sqt_fence_page_read(d, e) - fence) >= 0;
}

bool sqt_wait_fence(SqtDevice *d, unsigned e, uint64_t fence,
                    uint64_t step_ns, uint64_t timeout_ns)
{
    return wait_until(d, e, fence_done, fence, step_ns, timeout_ns);
}

static bool msi_seen(SqtDevice *d, unsigned vector, uint64_t unused)
{
    return sqt_msi_seen(d, vector);
}

bool sqt_wait_msi(SqtDevice *d, unsigned vector, uint64_t step_ns,
                  uint64_t timeout_ns)
{
    return wait_until(d, vector, msi_seen, 0, step_ns, timeout_ns);
}

void sqt_engine_reset(SqtDevice *d, unsigned e)
{
    sqt_eng_write(d, e, SABLE_ENG_RESET, 1);
}
