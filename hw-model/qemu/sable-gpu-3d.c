/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-gpu-3d.c: QEMU side of the 3D engine. The core's 3D thread calls
 * notify_3d when a job is done; that only schedules a bottom half (thread
 * safe), guarded by the device's re-entrancy guard, and the BH collects the
 * jobs on the main loop with the BQL held. Nothing here waits for GL.
 */
#include "qemu/osdep.h"
#include "qemu/main-loop.h"

#include "sable-gpu.h"

void sable_gpu_3d_notify(void *opaque)
{
    SableGpuState *s = opaque;

    qemu_bh_schedule(s->bh3d);
}

static void sable_gpu_3d_bh(void *opaque)
{
    SableGpuState *s = opaque;

    if (s->core) {
        sable_3d_poll(s->core);
    }
}

void sable_gpu_3d_init(SableGpuState *s)
{
    s->bh3d = qemu_bh_new_guarded(sable_gpu_3d_bh, s,
                                  &DEVICE(s)->mem_reentrancy_guard);
}

void sable_gpu_3d_free(SableGpuState *s)
{
    g_clear_pointer(&s->bh3d, qemu_bh_delete);
}
