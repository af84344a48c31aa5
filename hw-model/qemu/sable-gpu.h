/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-gpu: state shared by the device glue (sable-gpu.c) and its control
 * surface (sable-gpu-control.c: fault injection, `state` and `dump`).
 */
#ifndef HW_DISPLAY_SABLE_GPU_H
#define HW_DISPLAY_SABLE_GPU_H

#include "qemu/units.h"
#include "hw/pci/pci.h"
#include "sysemu/hostmem.h"
#include "hw/display/ramfb.h"
#include "ui/console.h"

#include "sable-core.h"

#define TYPE_SABLE_GPU "sable-gpu"
OBJECT_DECLARE_SIMPLE_TYPE(SableGpuState, SABLE_GPU)

#define SABLE_GPU_MSIX_VECTORS SABLE_MSIX_VECTORS(SABLE_NUM_ENGINES)
#define SABLE_GPU_MIN_VRAM (1 * MiB)

typedef struct SableGpuEngine {
    SableGpuState *s;
    unsigned index;
    QEMUBH *bh;
    QEMUTimer *timer;
} SableGpuEngine;

struct SableGpuState {
    PCIDevice parent_obj;

    MemoryRegion mmio;
    MemoryRegion vram;
    MemoryRegion aperture;      /* unless aperture_memdev */
    SableDevice *core;
    SableGpuEngine engines[SABLE_NUM_ENGINES];
    QEMUTimer *vblank_timer;    /* SABLE_TIMER_VBLANK */
    QEMUBH *bh3d;               /* collects finished 3D jobs */
    QemuConsole *con;           /* graphic console showing the scanout */
    RAMFBState *ramfb;          /* boot display (sable-gpu-boot.c), or NULL */
    DisplaySurface *boot_surface; /* ramfb's surface while the console shows it */
    bool intx_level;            /* the core's INTx line, before MSI-X gating */
    unsigned prearm_count;      /* apply `prearm_inj` at the next reset */
    SableInjection prearm_inj[SABLE_CORE_MAX_INJECTIONS];
    /* migration (sable-gpu-migration.c) */
    uint8_t *mig_buf;           /* the core's state stream while saving/loading */
    uint32_t mig_len;
    Error *mig_blocker;         /* registered while 3D state is live */
    VMChangeStateEntry *vm_state;
    /* guest-error log rate limit (sable-gpu.c) */
    int64_t log_window_ms;      /* QEMU_CLOCK_REALTIME start of the window */
    unsigned log_count;         /* lines logged in the window */
    unsigned log_suppressed;    /* lines left out in the window */

    /* properties */
    uint64_t vram_size;
    HostMemoryBackend *vram_memdev;
    HostMemoryBackend *aperture_memdev;
    bool debug;
    uint32_t gart_entries;
    uint64_t max_hostmem;
    bool enable_3d;             /* property "3d" */
    OnOffAuto boot_display;     /* property "boot-display" */
    char *inject;               /* last injection spec accepted */
};

/* Report a core GError as a QEMU Error (frees gerr); returns false. */
bool sable_gpu_gerror(GError *gerr, Error **errp);

/* sable-gpu-guard.c: device callbacks that never re-enter the device.
 * Create every bottom half and timer of the device with these (the 3D
 * thread's completions reach the main loop through a sable_gpu_bh_new BH),
 * and run any other callback through sable_gpu_guarded_call: a DMA or
 * MSI-X write they cause that targets the device's own registers or MSI-X
 * table is refused (docs/protocol.md 1.2). */
void sable_gpu_guarded_call(SableGpuState *s, void (*fn)(void *), void *opaque);
QEMUBH *sable_gpu_bh_new(SableGpuState *s, QEMUBHFunc *cb, void *opaque);
/* A QEMU_CLOCK_VIRTUAL ns timer; free it with sable_gpu_timer_free. */
QEMUTimer *sable_gpu_timer_new(SableGpuState *s, QEMUTimerCB *cb, void *opaque);
void sable_gpu_timer_free(QEMUTimer *timer);
/* sable-gpu-3d.c: the 3D thread's wake-up (SableHostOps.notify_3d). */
void sable_gpu_3d_notify(void *opaque);
void sable_gpu_3d_init(SableGpuState *s);
void sable_gpu_3d_free(SableGpuState *s);

/* sable-gpu-boot.c: the boot display (ramfb). Init at realize; refresh
 * while the scanout is disabled: true if the console shows the boot
 * framebuffer (the firmware set a mode), false to show a blank frame. */
bool sable_gpu_boot_init(SableGpuState *s, Error **errp);
bool sable_gpu_boot_refresh(SableGpuState *s);

/* sable-gpu-control.c */
void sable_gpu_control_class_init(ObjectClass *oc);
/* Arm the -device `inject` specs at realize (validating them). */
bool sable_gpu_prearm(SableGpuState *s, Error **errp);
/* Arm them again after the power-on reset that follows realize. */
void sable_gpu_prearm_after_reset(SableGpuState *s);

/* sable-gpu-migration.c */
extern const VMStateDescription sable_gpu_vmstate;
void sable_gpu_migration_init(SableGpuState *s);
void sable_gpu_migration_exit(SableGpuState *s);
/* Register or drop the migration blocker as the core has live 3D state or
 * not; call after creating or destroying 3D contexts. */
bool sable_gpu_update_migration_blocker(SableGpuState *s, Error **errp);
/* Engines run only while the VM runs (no DMA after the state is saved). */
bool sable_gpu_engines_may_run(void);

#endif
