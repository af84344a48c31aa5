/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-gpu boot display: the framebuffer the firmware and boot loaders use
 * before the KMD loads, as QEMU's ramfb (hw/display/ramfb.c) provides it:
 * the `vgabios-ramfb.bin` VGA BIOS (SeaBIOS: text modes and VBE linear
 * modes) or OVMF's ramfb driver (GOP) place a framebuffer in guest RAM and
 * describe it through the fw_cfg file `etc/ramfb`. The device's console
 * shows it while the scanout (SCANOUT_CONTROL) is disabled; VRAM is never
 * used for it, so the KMD's scanout and the boot framebuffer share nothing.
 *
 * Property `boot-display` (on/off/auto, default auto): auto sets it up when
 * the machine has fw_cfg with DMA and no other device owns `etc/ramfb`;
 * on fails realize instead. One per machine: ramfb cannot be removed again,
 * so the device is not hot-pluggable.
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "hw/display/ramfb.h"
#include "hw/nvram/fw_cfg.h"
#include "ui/console.h"

#include "sable-gpu.h"

#define SABLE_GPU_RAMFB_FILE "etc/ramfb"

/* True if fw_cfg already has a file `name` (another ramfb owner). */
static bool fw_cfg_has_file(FWCfgState *fw, const char *name)
{
    uint32_t count = fw->files ? be32_to_cpu(fw->files->count) : 0;

    for (uint32_t i = 0; i < count; i++) {
        if (strcmp(fw->files->f[i].name, name) == 0) {
            return true;
        }
    }
    return false;
}

/* Why the boot display cannot be set up here, or NULL if it can. */
static const char *sable_gpu_boot_obstacle(void)
{
    FWCfgState *fw = fw_cfg_find();

    if (!fw || !fw->dma_enabled) {
        return "the machine has no fw_cfg with DMA";
    }
    if (fw_cfg_has_file(fw, SABLE_GPU_RAMFB_FILE)) {
        return "another device (a ramfb, or a second sable-gpu) already "
               "provides the boot display";
    }
    return NULL;
}

bool sable_gpu_boot_init(SableGpuState *s, Error **errp)
{
    const char *obstacle;

    if (s->boot_display == ON_OFF_AUTO_OFF) {
        return true;
    }
    obstacle = sable_gpu_boot_obstacle();
    if (obstacle) {
        if (s->boot_display == ON_OFF_AUTO_ON) {
            error_setg(errp, "sable-gpu: boot-display=on: %s", obstacle);
            return false;
        }
        return true;
    }
    s->ramfb = ramfb_setup(errp);
    return s->ramfb != NULL;
}

bool sable_gpu_boot_refresh(SableGpuState *s)
{
    DisplaySurface *before = qemu_console_surface(s->con);
    DisplaySurface *now;

    if (!s->ramfb) {
        return false;
    }
    /* Installs the surface of a mode the firmware set since the last
     * refresh (created at that fw_cfg write, so never at `before`'s
     * address), and updates the whole console. */
    ramfb_display_update(s->con, s->ramfb);
    now = qemu_console_surface(s->con);
    if (now != before) {
        s->boot_surface = now;
    }
    return s->boot_surface && now == s->boot_surface;
}
