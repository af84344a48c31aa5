/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * device.c: device lifetime (new/free/power-on reset), the public MMIO entry
 * points and read-only views. Configuration errors are host errors and are
 * reported through GError; nothing here trusts guest input.
 */
#include "core-internal.h"

static bool config_valid(const SableConfig *cfg, const SableHostOps *ops,
                         GError **err)
{
    if (!cfg || !ops || !ops->dma_read || !ops->dma_write || !ops->irq_pulse ||
        !ops->irq_level || !ops->schedule || !ops->timer_arm ||
        !ops->timer_cancel || !ops->clock_ns || !ops->bar_windows ||
        (cfg && cfg->enable_3d && !ops->notify_3d)) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "sable: missing configuration or host callback");
        return false;
    }
    if (!cfg->vram || cfg->vram_size < (1ull << 20) ||
        (cfg->vram_size & (cfg->vram_size - 1)) ||
        cfg->vram_size >= SABLE_CORE_GART_BASE) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "sable: vram-size must be a power of two, >= 1 MiB and "
                    "below the GART window");
        return false;
    }
    if (cfg->gart_max_entries > SABLE_CORE_DEFAULT_GART_ENTRIES * 16u) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "sable: gart_max_entries too large");
        return false;
    }
    return true;
}

SableDevice *sable_device_new(const SableConfig *cfg, const SableHostOps *ops,
                              void *opaque, GError **err)
{
    if (!config_valid(cfg, ops, err)) {
        return NULL;
    }
    SableDevice *dev = g_new0(SableDevice, 1);
    dev->cfg = *cfg;
    if (!dev->cfg.max_hostmem) {
        dev->cfg.max_hostmem = SABLE_CORE_DEFAULT_MAX_HOSTMEM;
    }
    dev->ops = *ops;
    dev->opaque = opaque;
    dev->vram = cfg->vram;
    dev->gart_max = cfg->gart_max_entries ? cfg->gart_max_entries
                                          : SABLE_CORE_DEFAULT_GART_ENTRIES;
    dev->cmd_budget = cfg->run_cmd_budget ? cfg->run_cmd_budget
                                          : SABLE_CORE_DEFAULT_CMD_BUDGET;
    dev->byte_budget = cfg->run_byte_budget ? cfg->run_byte_budget
                                            : SABLE_CORE_DEFAULT_BYTE_BUDGET;
    dev->bounce = g_malloc(SABLE_BOUNCE_SIZE);
    dev->aperture = cfg->aperture;
    sable_swz_reset(dev);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        sable_engine_init(&dev->eng[e], dev, e);
    }
    if (!sable_3d_init(dev, err)) {
        g_free(dev->bounce);
        g_free(dev);
        return NULL;
    }
    return dev;
}

void sable_device_free(SableDevice *dev)
{
    if (!dev) {
        return;
    }
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        dev->ops.timer_cancel(dev->opaque, e);
    }
    dev->ops.timer_cancel(dev->opaque, SABLE_TIMER_VBLANK);
    sable_3d_fini(dev);
    g_free(dev->bounce);
    g_free(dev);
}

void sable_device_reset(SableDevice *dev)
{
    sable_reset_power_on(dev);
}

void sable_emit(SableDevice *dev, const SableEvent *ev)
{
    if (dev->ops.event) {
        dev->ops.event(dev->opaque, ev);
    }
}

unsigned sable_engine_count(const SableDevice *dev)
{
    return SABLE_NUM_ENGINES;
}

uint64_t sable_engine_completed_fence(const SableDevice *dev, unsigned engine)
{
    return engine < SABLE_NUM_ENGINES ? dev->eng[engine].completed_fence : 0;
}
