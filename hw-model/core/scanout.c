/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scanout.c: the display engine (SABLE_REG_SCANOUT_*, ABI 1.2). The
 * configuration registers are staged and latched on CONTROL writes after
 * the checks of a linear surface; invalid programming disables scanout.
 * FRAME_COUNT is derived from the clock (epoch of the last enable), so the
 * vblank timer (SABLE_TIMER_VBLANK) runs only while scanout is enabled and
 * SABLE_IRQ_VBLANK is unmasked. The host reads frames with
 * sable_scanout_read: GPU memory through the usual translation, converted
 * to x8r8g8b8 by sable-render; faults are reported in SCANOUT_STATUS only.
 */
#include <string.h>

#include "core-internal.h"
#include "sable-render.h"

#define LO(v) ((uint32_t)(v))
#define HI(v) ((uint32_t)((v) >> 32))

static uint64_t frames_since_epoch(const SableDevice *dev)
{
    uint64_t now = sable_now(dev);
    uint64_t epoch = dev->scanout.epoch_ns;
    return now > epoch ? (now - epoch) / SABLE_SCANOUT_VBLANK_PERIOD_NS : 0;
}

static uint32_t frame_count(const SableDevice *dev)
{
    const SableScanout *so = &dev->scanout;
    return so->enabled ? so->frame_base + (uint32_t)frames_since_epoch(dev)
                       : so->frame_base;
}

void sable_scanout_sync_timer(SableDevice *dev)
{
    const SableScanout *so = &dev->scanout;

    if (!so->enabled || !(dev->irq_mask & SABLE_IRQ_VBLANK)) {
        dev->ops.timer_cancel(dev->opaque, SABLE_TIMER_VBLANK);
        return;
    }
    uint64_t next = so->epoch_ns +
                    (frames_since_epoch(dev) + 1) * SABLE_SCANOUT_VBLANK_PERIOD_NS;
    dev->ops.timer_arm(dev->opaque, SABLE_TIMER_VBLANK, next);
}

void sable_vblank_timer(SableDevice *dev)
{
    if (!dev->scanout.enabled || !(dev->irq_mask & SABLE_IRQ_VBLANK)) {
        return; /* stale timer */
    }
    sable_irq_raise(dev, SABLE_IRQ_VBLANK, false);
    sable_scanout_sync_timer(dev);
}

/* The host shows the mode in a 32-bit-per-pixel console surface: its size
 * counts against the host memory the guest may cause (max_hostmem). */
bool sable_scanout_mode_valid(const SableDevice *dev, const SableScanoutMode *m)
{
    unsigned bpp = sable_format_bpp(m->format);
    SableLayout l = { .addr = m->addr, .pitch = m->pitch,
                      .tiling = SABLE_TILING_LINEAR, .height = m->height };
    uint64_t size;

    return bpp && m->format != SABLE_FORMAT_A8_UNORM &&
           m->width >= 1 && m->width <= SABLE_CORE_MAX_SURFACE_DIM &&
           m->height >= 1 && m->height <= SABLE_CORE_MAX_SURFACE_DIM &&
           (uint64_t)m->width * m->height * 4 <= dev->cfg.max_hostmem &&
           sable_layout_check(&l, (uint64_t)m->width * bpp, &size);
}

static bool config_valid(const SableDevice *dev, uint32_t control)
{
    const SableScanout *so = &dev->scanout;
    SableScanoutMode m = { .addr = so->addr, .pitch = so->pitch,
                           .format = so->format, .width = so->width,
                           .height = so->height };

    return !(control & ~SABLE_SCANOUT_CONTROL_ENABLE) &&
           sable_scanout_mode_valid(dev, &m);
}

static void disable(SableDevice *dev)
{
    SableScanout *so = &dev->scanout;
    so->frame_base = frame_count(dev);
    so->enabled = false;
}

static void control_write(SableDevice *dev, uint32_t value, uint32_t offset)
{
    SableScanout *so = &dev->scanout;

    if (!(value & SABLE_SCANOUT_CONTROL_ENABLE) || !config_valid(dev, value)) {
        if (so->enabled) {
            disable(dev);
        }
        so->control = 0;
        if (value) {
            so->error = SABLE_SCANOUT_ERR_BAD_CONFIG;
            sable_reg_error(dev, SABLE_ERROR_BAD_SCANOUT, offset);
        } else {
            so->error = SABLE_SCANOUT_ERR_NONE;
        }
    } else {
        if (!so->enabled) {
            so->epoch_ns = sable_now(dev);
            so->enabled = true;
        }
        so->control = value;
        so->error = SABLE_SCANOUT_ERR_NONE;
        so->live_addr = so->addr;
        so->live_pitch = so->pitch;
        so->live_format = so->format;
        so->live_width = so->width;
        so->live_height = so->height;
    }
    sable_scanout_sync_timer(dev);
}

uint32_t sable_scanout_reg_read(const SableDevice *dev, uint32_t reg)
{
    const SableScanout *so = &dev->scanout;

    switch (reg) {
    case SABLE_REG_SCANOUT_ADDR_LO: return LO(so->addr);
    case SABLE_REG_SCANOUT_ADDR_HI: return HI(so->addr);
    case SABLE_REG_SCANOUT_PITCH: return so->pitch;
    case SABLE_REG_SCANOUT_FORMAT: return so->format;
    case SABLE_REG_SCANOUT_WIDTH: return so->width;
    case SABLE_REG_SCANOUT_HEIGHT: return so->height;
    case SABLE_REG_SCANOUT_CONTROL: return so->control;
    case SABLE_REG_SCANOUT_STATUS:
        return (so->enabled ? SABLE_SCANOUT_STATUS_ENABLED : 0) |
               so->error << SABLE_SCANOUT_STATUS_ERROR_SHIFT;
    case SABLE_REG_SCANOUT_FAULT_ADDR_LO: return LO(so->fault_addr);
    case SABLE_REG_SCANOUT_FAULT_ADDR_HI: return HI(so->fault_addr);
    case SABLE_REG_SCANOUT_FRAME_COUNT: return frame_count(dev);
    case SABLE_REG_SCANOUT_VBLANK_NS: return SABLE_SCANOUT_VBLANK_PERIOD_NS;
    default: return 0;
    }
}

void sable_scanout_reg_write(SableDevice *dev, uint32_t reg, uint32_t value)
{
    SableScanout *so = &dev->scanout;

    switch (reg) {
    case SABLE_REG_SCANOUT_ADDR_LO:
        so->addr = (so->addr & 0xffffffff00000000ull) | value;
        break;
    case SABLE_REG_SCANOUT_ADDR_HI:
        so->addr = (so->addr & 0xffffffffull) | ((uint64_t)value << 32);
        break;
    case SABLE_REG_SCANOUT_PITCH: so->pitch = value; break;
    case SABLE_REG_SCANOUT_FORMAT: so->format = value; break;
    case SABLE_REG_SCANOUT_WIDTH: so->width = value; break;
    case SABLE_REG_SCANOUT_HEIGHT: so->height = value; break;
    case SABLE_REG_SCANOUT_CONTROL: control_write(dev, value, reg); break;
    default: break;
    }
}

void sable_scanout_reset(SableDevice *dev)
{
    memset(&dev->scanout, 0, sizeof(dev->scanout));
    dev->ops.timer_cancel(dev->opaque, SABLE_TIMER_VBLANK);
}

void sable_scanout_info(const SableDevice *dev, SableScanoutInfo *out)
{
    const SableScanout *so = &dev->scanout;

    out->enabled = so->enabled;
    out->width = so->enabled ? so->live_width : 0;
    out->height = so->enabled ? so->live_height : 0;
    out->frame_count = frame_count(dev);
    out->addr = so->enabled ? so->live_addr : 0;
    out->pitch = so->enabled ? so->live_pitch : 0;
    out->format = so->enabled ? so->live_format : 0;
}

/* Convert rows [y, y + k) of the live surface into dst. */
static bool read_band(SableDevice *dev, SableMem *m, uint32_t y, uint32_t k,
                      uint8_t *stage, uint8_t *dst, uint64_t dst_pitch)
{
    const SableScanout *so = &dev->scanout;
    SableLayout l = { .addr = so->live_addr, .pitch = so->live_pitch,
                      .tiling = SABLE_TILING_LINEAR, .height = so->live_height };
    uint32_t w = so->live_width;
    uint32_t wb = w * sable_format_bpp(so->live_format);
    uint32_t spitch = (wb + 3u) & ~3u;
    SableImage si = { .pixels = stage, .pitch = spitch,
                      .format = so->live_format, .width = w, .height = k };
    SableImage di = { .pixels = dst + y * dst_pitch, .pitch = (uint32_t)dst_pitch,
                      .format = SABLE_FORMAT_B8G8R8X8_UNORM, .width = w,
                      .height = k };
    struct sable_rect rect = { 0, 0, w, k };

    return sable_layout_read(m, &l, 0, y, wb, k, stage, spitch) &&
           sable_render_blit(&si, &rect, &di, 0, 0);
}

/* GPU bytes of rows [y, y + k) of the live surface have changed. */
static bool band_changed(const SableScanout *so, const SableScanoutDirty *d,
                         uint32_t y, uint32_t k)
{
    uint64_t wb = (uint64_t)so->live_width * sable_format_bpp(so->live_format);
    return !d || d->changed(d->opaque, so->live_addr + (uint64_t)y * so->live_pitch,
                            (uint64_t)(k - 1) * so->live_pitch + wb);
}

static void blacken(const SableScanout *so, void *dst, uint64_t dst_pitch)
{
    for (uint32_t y = 0; y < so->live_height; y++) {
        memset((uint8_t *)dst + y * dst_pitch, 0, (uint64_t)so->live_width * 4);
    }
}

bool sable_scanout_update(SableDevice *dev, void *dst, uint64_t dst_pitch,
                          const SableScanoutDirty *dirty)
{
    SableScanout *so = &dev->scanout;
    SableMem m = { .dev = dev };

    if (!so->enabled || dst_pitch < (uint64_t)so->live_width * 4 ||
        dst_pitch > UINT32_MAX || (dst_pitch & 3)) {
        return false;
    }
    uint32_t h = so->live_height;
    uint64_t row = (((uint64_t)so->live_width *
                     sable_format_bpp(so->live_format)) + 3) & ~3ull;
    uint32_t band = (uint32_t)MIN(h, MAX(1, SABLE_STAGE_MAX / row));
    if (dirty) {
        band = MIN(band, SABLE_SCANOUT_DIRTY_ROWS);
    }
    uint8_t *stage = g_malloc(row * band);
    bool ok = true;

    for (uint32_t y = 0; ok && y < h; y += band) {
        uint32_t k = MIN(band, h - y);
        if (!band_changed(so, dirty, y, k)) {
            continue;
        }
        ok = read_band(dev, &m, y, k, stage, dst, dst_pitch);
        if (ok && dirty) {
            dirty->updated(dirty->opaque, y, k);
        }
    }
    g_free(stage);
    if (!ok) {
        blacken(so, dst, dst_pitch);
        if (dirty) {
            dirty->updated(dirty->opaque, 0, h);
        }
        so->error = SABLE_SCANOUT_ERR_FAULT;
        so->fault_addr = m.fault.addr;
    }
    return ok;
}

bool sable_scanout_read(SableDevice *dev, void *dst, uint64_t dst_pitch)
{
    return sable_scanout_update(dev, dst, dst_pitch, NULL);
}
