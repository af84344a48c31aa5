/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-gpu-guard: every callback of the device runs as device I/O, with
 * QEMU's MemReentrancyGuard of the device engaged, like its MMIO handlers.
 * A memory access such a callback causes (DMA, an MSI-X message, a fence
 * page write) that lands in one of the device's own I/O regions (registers,
 * MSI-X table) is then refused by QEMU's memory core (MEMTX_ACCESS_ERROR)
 * instead of re-entering the device: the guest cannot make the device reset
 * or reprogram itself from inside its own timer (CVE-2024-3446 class).
 * QEMU guards MMIO dispatch and guarded bottom halves itself; timers and
 * other callbacks (console refresh) go through sable_gpu_guarded_call().
 */
#include "qemu/osdep.h"
#include "qemu/main-loop.h"
#include "qemu/timer.h"

#include "sable-gpu.h"

void sable_gpu_guarded_call(SableGpuState *s, void (*fn)(void *), void *opaque)
{
    MemReentrancyGuard *guard = &DEVICE(s)->mem_reentrancy_guard;
    bool was_engaged = guard->engaged_in_io;

    guard->engaged_in_io = true;
    fn(opaque);
    guard->engaged_in_io = was_engaged;
}

QEMUBH *sable_gpu_bh_new(SableGpuState *s, QEMUBHFunc *cb, void *opaque)
{
    return qemu_bh_new_guarded(cb, opaque, &DEVICE(s)->mem_reentrancy_guard);
}

typedef struct SableGpuTimerCb {
    SableGpuState *s;
    QEMUTimerCB *cb;
    void *opaque;
} SableGpuTimerCb;

static void sable_gpu_timer_fire(void *opaque)
{
    SableGpuTimerCb *t = opaque;

    sable_gpu_guarded_call(t->s, t->cb, t->opaque);
}

QEMUTimer *sable_gpu_timer_new(SableGpuState *s, QEMUTimerCB *cb, void *opaque)
{
    SableGpuTimerCb *t = g_new(SableGpuTimerCb, 1);

    *t = (SableGpuTimerCb) { .s = s, .cb = cb, .opaque = opaque };
    return timer_new_ns(QEMU_CLOCK_VIRTUAL, sable_gpu_timer_fire, t);
}

void sable_gpu_timer_free(QEMUTimer *timer)
{
    g_free(timer->opaque);
    timer_free(timer);
}
