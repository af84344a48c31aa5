/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-gpu-migration: live migration and savevm/loadvm of sable-gpu.
 * The VMStateDescription carries PCI config space, MSI-X, and the core's
 * state as the versioned stream of sable-state.h (pre_save builds it,
 * post_load re-validates and applies it, failing the load with an error on
 * a bad stream). VRAM and BAR4 are RAM regions and migrate as RAM. Engines
 * run only while the VM runs, so no DMA happens between the device state
 * being saved and RAM's last pass; a VM start re-kicks them. While the core
 * holds live 3D state a migration blocker is registered.
 */
#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qapi/error.h"
#include "hw/pci/msix.h"
#include "migration/blocker.h"
#include "migration/vmstate.h"
#include "sysemu/runstate.h"
#include "sable-gpu.h"
#include "sable-state.h"

static int sable_gpu_pre_save(void *opaque)
{
    SableGpuState *s = opaque;
    GByteArray *st;

    if (sable_state_has_live_3d(s->core)) {
        error_report("sable-gpu: 3D contexts are live; their renderer state "
                     "cannot be migrated");
        return -EBUSY;
    }
    st = sable_state_save(s->core);
    s->mig_len = st->len;
    s->mig_buf = g_byte_array_free(st, FALSE);
    return 0;
}

static int sable_gpu_post_save(void *opaque)
{
    SableGpuState *s = opaque;

    g_clear_pointer(&s->mig_buf, g_free);
    s->mig_len = 0;
    return 0;
}

/* Bound the buffer the stream makes us allocate before it is allocated. */
static bool sable_gpu_mig_len_ok(void *opaque, int version_id)
{
    SableGpuState *s = opaque;

    if (s->mig_len > SABLE_STATE_MAX_SIZE) {
        error_report("sable-gpu: migration state of %u bytes (at most %u)",
                     s->mig_len, SABLE_STATE_MAX_SIZE);
        return false;
    }
    return true;
}

static int sable_gpu_post_load(void *opaque, int version_id)
{
    SableGpuState *s = opaque;
    GError *gerr = NULL;
    bool ok = sable_state_load(s->core, s->mig_buf, s->mig_len, &gerr);

    sable_gpu_post_save(s);
    if (!ok) {
        error_report("sable-gpu: %s", gerr->message);
        g_error_free(gerr);
        return -EINVAL;
    }
    return 0;
}

const VMStateDescription sable_gpu_vmstate = {
    .name = TYPE_SABLE_GPU,
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = sable_gpu_pre_save,
    .post_save = sable_gpu_post_save,
    .post_load = sable_gpu_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, SableGpuState),
        VMSTATE_MSIX(parent_obj, SableGpuState),
        VMSTATE_UINT32(mig_len, SableGpuState),
        VMSTATE_VALIDATE("sable-gpu state size", sable_gpu_mig_len_ok),
        VMSTATE_VBUFFER_ALLOC_UINT32(mig_buf, SableGpuState, 0, NULL, mig_len),
        VMSTATE_END_OF_LIST()
    },
};

bool sable_gpu_update_migration_blocker(SableGpuState *s, Error **errp)
{
    bool live = s->core && sable_state_has_live_3d(s->core);

    if (live && !s->mig_blocker) {
        error_setg(&s->mig_blocker, "sable-gpu: live 3D contexts (host "
                   "renderer state) cannot be migrated");
        if (migrate_add_blocker(s->mig_blocker, errp) < 0) {
            g_clear_pointer(&s->mig_blocker, error_free);
            return false;
        }
    } else if (!live && s->mig_blocker) {
        migrate_del_blocker(s->mig_blocker);
        g_clear_pointer(&s->mig_blocker, error_free);
    }
    return true;
}

static void sable_gpu_vm_state_change(void *opaque, bool running,
                                      RunState state)
{
    SableGpuState *s = opaque;

    if (running) {
        for (unsigned i = 0; i < SABLE_NUM_ENGINES; i++) {
            qemu_bh_schedule(s->engines[i].bh);
        }
    }
}

bool sable_gpu_engines_may_run(void)
{
    return runstate_is_running();
}

void sable_gpu_migration_init(SableGpuState *s)
{
    s->vm_state = qemu_add_vm_change_state_handler(sable_gpu_vm_state_change,
                                                   s);
}

void sable_gpu_migration_exit(SableGpuState *s)
{
    if (s->mig_blocker) {
        migrate_del_blocker(s->mig_blocker);
        g_clear_pointer(&s->mig_blocker, error_free);
    }
    g_clear_pointer(&s->vm_state, qemu_del_vm_change_state_handler);
    sable_gpu_post_save(s);
}
