/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine.c: per-engine state machine and the budgeted run loop. A run does
 * at most run_cmd_budget commands (descriptor fetches count as one) and
 * run_byte_budget bytes, then re-schedules itself. Hung and faulted engines
 * do nothing until reset; waits, stalls and slow completions use the
 * engine's timer, never spinning. Completing a fence writes the head, the
 * fence page, then raises FENCE(e), and wakes engines blocked in WAIT_VALUE.
 */
#include <string.h>

#include "core-internal.h"

void sable_engine_init(SableEngine *eng, SableDevice *dev, unsigned index)
{
    memset(eng, 0, sizeof(*eng));
    eng->dev = dev;
    eng->index = index;
}

uint64_t sable_now(const SableDevice *dev)
{
    return dev->ops.clock_ns(dev->opaque);
}

void sable_engine_stop(SableEngine *eng)
{
    eng->dev->ops.timer_cancel(eng->dev->opaque, eng->index);
}

void sable_engine_block(SableEngine *eng, SableEngineState state,
                        uint64_t deadline_ns)
{
    eng->state = state;
    eng->deadline_ns = deadline_ns;
    eng->dev->ops.timer_arm(eng->dev->opaque, eng->index, deadline_ns);
}

uint32_t sable_engine_status(const SableEngine *eng)
{
    uint32_t s = 0;
    if (sable_ring_enabled(eng)) {
        s |= SABLE_ENGINE_STATUS_ENABLED;
    }
    if (eng->busy) {
        s |= SABLE_ENGINE_STATUS_BUSY;
    }
    switch (eng->state) {
    case ENG_WAIT_VALUE:
    case ENG_STALL:
    case ENG_SLOW:
        s |= SABLE_ENGINE_STATUS_WAITING;
        break;
    case ENG_HUNG:
        s |= SABLE_ENGINE_STATUS_HUNG;
        break;
    case ENG_FAULTED:
        s |= SABLE_ENGINE_STATUS_FAULTED;
        break;
    case ENG_READY:
    case ENG_3D:
        break;
    }
    return s;
}

uint64_t sable_budget_take(SableEngine *eng, uint64_t want, uint64_t unit)
{
    if (eng->byte_budget == 0 || want == 0) {
        return 0;
    }
    uint64_t got = MIN(want, eng->byte_budget);
    got -= got % unit;
    if (!got) {
        if (eng->byte_budget < eng->dev->byte_budget) {
            return 0; /* finish in the next run */
        }
        got = MIN(unit, want); /* one unit larger than the whole budget */
    }
    eng->byte_budget -= MIN(got, eng->byte_budget);
    return got;
}

static void wake_waiters(SableDevice *dev, unsigned except)
{
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        if (e != except && dev->eng[e].state == ENG_WAIT_VALUE) {
            dev->ops.schedule(dev->opaque, e);
        }
    }
}

static void write_fence_page(SableEngine *eng)
{
    SableDevice *dev = eng->dev;
    uint64_t v = GUINT64_TO_LE(eng->completed_fence);

    if (dev->fence_page &&
        !dev->ops.dma_write(dev->opaque, dev->fence_page +
                            offsetof(struct sable_fence_page, completed) +
                            8ull * eng->index, &v, 8)) {
        sable_reg_error(dev, SABLE_ERROR_BAD_FENCE_PAGE,
                        SABLE_REG_FENCE_PAGE_LO);
    }
}

static void finish_fence(SableEngine *eng)
{
    SableDevice *dev = eng->dev;

    eng->head++;
    if (!sable_ring_write_head(eng)) {
        eng->head--;
        sable_fault(eng, SABLE_FAULT_DMA_ERROR, eng->ring_base, SABLE_FAULT_F_WRITE);
        return;
    }
    eng->busy = false;
    eng->completed_fence = eng->cur.fence;
    write_fence_page(eng);
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_FENCE, .engine = eng->index,
                                   .fence = { eng->completed_fence } });
    if (!(eng->cur.flags & SABLE_SUBMIT_F_NO_IRQ)) {
        bool drop = sable_inject_take(eng, SABLE_INJECT_DROP_IRQ, NULL);
        sable_irq_raise(dev, SABLE_IRQ_FENCE(eng->index), drop);
    }
    wake_waiters(dev, eng->index);
}

/* The submission's commands are done: complete now or after a SLOW delay. */
static bool complete_submission(SableEngine *eng)
{
    uint64_t delay;

    if (sable_3d_fence_begin(eng)) {
        return false;
    }
    if (sable_inject_take(eng, SABLE_INJECT_SLOW, &delay)) {
        sable_engine_block(eng, ENG_SLOW, sable_now(eng->dev) + delay);
        return false;
    }
    finish_fence(eng);
    return eng->state == ENG_READY;
}

static bool yield(SableEngine *eng)
{
    eng->dev->ops.schedule(eng->dev->opaque, eng->index);
    return false;
}

/* One step of the run loop; false when the run must stop. */
static bool engine_step(SableEngine *eng)
{
    if (!eng->busy) {
        if (eng->head == eng->tail) {
            return false;
        }
        if (eng->cmd_budget == 0) {
            return yield(eng);
        }
        eng->cmd_budget--;
        return sable_ring_fetch(eng);
    }
    if (sable_inject_take(eng, SABLE_INJECT_HANG, NULL)) {
        sable_engine_stop(eng);
        eng->state = ENG_HUNG;
        return false;
    }
    if (!eng->cmd_active && eng->offset >= eng->cur.dma_size) {
        return complete_submission(eng);
    }
    if (!eng->cmd_active && eng->cmd_budget == 0) {
        return yield(eng);
    }
    switch (sable_cmd_step(eng)) {
    case CMD_DONE:
        return true;
    case CMD_YIELD:
        return yield(eng);
    case CMD_BLOCKED:
    case CMD_FAULT:
        break;
    }
    return false;
}

void sable_engine_run(SableDevice *dev, unsigned engine)
{
    if (engine >= SABLE_NUM_ENGINES) {
        return;
    }
    SableEngine *eng = &dev->eng[engine];
    if (!sable_ring_enabled(eng) ||
        (eng->state != ENG_READY && eng->state != ENG_WAIT_VALUE)) {
        return;
    }
    eng->cmd_budget = dev->cmd_budget;
    eng->byte_budget = dev->byte_budget;
    while (engine_step(eng)) {
    }
}

void sable_engine_timer(SableDevice *dev, unsigned engine)
{
    if (engine >= SABLE_NUM_ENGINES) {
        return;
    }
    SableEngine *eng = &dev->eng[engine];
    switch (eng->state) {
    case ENG_STALL:
        eng->state = ENG_READY;
        break;
    case ENG_SLOW:
        eng->state = ENG_READY;
        finish_fence(eng);
        break;
    case ENG_WAIT_VALUE:
        break;
    default:
        return; /* stale timer */
    }
    dev->ops.schedule(dev->opaque, engine);
}
