/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aperture.c: swizzle ranges (protocol/sable_regs.h, SABLE_REG_SWZ). BAR4 is
 * host memory the CPU reaches directly; an enabled range keeps a linear
 * shadow of its surface there. Data moves only on CONTROL writes: ENABLE and
 * REFRESH de-tile the surface into the window, FLUSH and DISABLE re-tile the
 * window into the surface, DISABLE and DISCARD zero the window. Every check
 * uses 64-bit math; an error never changes an enabled range's window except
 * as documented per command, and is reported in the range's STATUS (and
 * FAULT_ADDR) and ERROR_STATUS.SWIZZLE_RANGE. A control write moves at most
 * SABLE_APERTURE_SIZE bytes.
 */
#include <string.h>

#include "core-internal.h"

#define LO(v) ((uint32_t)(v))
#define HI(v) ((uint32_t)((v) >> 32))

uint32_t sable_swz_count(const SableDevice *dev)
{
    return dev->aperture ? SABLE_CORE_SWZ_RANGES : 0;
}

/* Range index of a register offset in the SWZ block, or -1. */
static int range_index(const SableDevice *dev, uint32_t offset)
{
    uint32_t r = (offset - SABLE_REG_SWZ_BASE) / SABLE_REG_SWZ_STRIDE;
    if (offset < SABLE_REG_SWZ_BASE || r >= sable_swz_count(dev)) {
        return -1;
    }
    return (int)r;
}

static SableLayout range_layout(const SableSwzRange *r)
{
    return (SableLayout) { .addr = r->gpu_addr, .pitch = r->pitch,
                           .tiling = r->tiling, .height = r->height };
}

uint32_t sable_swz_read(const SableDevice *dev, uint32_t offset)
{
    int i = range_index(dev, offset);
    if (i < 0) {
        return 0;
    }
    const SableSwzRange *r = &dev->swz[i];
    switch (offset % SABLE_REG_SWZ_STRIDE) {
    case SABLE_SWZ_APERTURE_OFFSET: return r->offset;
    case SABLE_SWZ_SIZE: return r->size;
    case SABLE_SWZ_GPU_ADDR_LO: return LO(r->gpu_addr);
    case SABLE_SWZ_GPU_ADDR_HI: return HI(r->gpu_addr);
    case SABLE_SWZ_PITCH: return r->pitch;
    case SABLE_SWZ_HEIGHT: return r->height;
    case SABLE_SWZ_TILING: return r->tiling;
    case SABLE_SWZ_STATUS:
        return (r->enabled ? SABLE_SWZ_STATUS_ENABLED : 0) |
               r->error << SABLE_SWZ_STATUS_ERROR_SHIFT;
    case SABLE_SWZ_FAULT_ADDR_LO: return LO(r->fault_addr);
    case SABLE_SWZ_FAULT_ADDR_HI: return HI(r->fault_addr);
    default: return 0;
    }
}

static void range_result(SableDevice *dev, SableSwzRange *r, uint32_t ctl,
                         uint32_t err, uint32_t offset)
{
    r->error = err;
    if (err) {
        sable_reg_error(dev, SABLE_ERROR_SWIZZLE_RANGE, offset);
    }
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_SWIZZLE,
                                   .engine = (unsigned)(r - dev->swz),
                                   .swizzle = { r->gpu_addr, r->offset, ctl, err } });
}

static bool windows_overlap(const SableSwzRange *a, const SableSwzRange *b)
{
    return (uint64_t)a->offset < (uint64_t)b->offset + b->size &&
           (uint64_t)b->offset < (uint64_t)a->offset + a->size;
}

uint32_t sable_swz_range_check(const SableDevice *dev, const SableSwzRange *r)
{
    SableLayout l = range_layout(r);
    uint64_t gpu_size;

    if ((r->offset | r->size) & (SABLE_PAGE_SIZE - 1) || !r->size ||
        (uint64_t)r->offset + r->size > SABLE_APERTURE_SIZE ||
        !r->height || r->height > SABLE_CORE_MAX_SURFACE_DIM ||
        (uint64_t)r->pitch * r->height > r->size ||
        !sable_layout_check(&l, 1, &gpu_size)) {
        return SABLE_SWZ_ERR_BAD_CONFIG;
    }
    for (unsigned i = 0; i < SABLE_CORE_SWZ_RANGES; i++) {
        const SableSwzRange *o = &dev->swz[i];
        if (o != r && o->enabled && windows_overlap(o, r)) {
            return SABLE_SWZ_ERR_OVERLAP;
        }
    }
    return SABLE_SWZ_ERR_NONE;
}

static void window_zero(SableDevice *dev, const SableSwzRange *r)
{
    memset(dev->aperture + r->offset, 0, r->size);
}

/* GPU memory -> window; the bytes past PITCH * HEIGHT are zeroed. */
static uint32_t range_fill(SableDevice *dev, SableSwzRange *r)
{
    SableMem m = { .dev = dev };
    SableLayout l = range_layout(r);
    uint64_t used = (uint64_t)r->pitch * r->height;

    memset(dev->aperture + r->offset + used, 0, r->size - used);
    if (!sable_layout_read(&m, &l, 0, 0, r->pitch, r->height,
                           dev->aperture + r->offset, r->pitch)) {
        r->fault_addr = m.fault.addr;
        return SABLE_SWZ_ERR_FAULT;
    }
    return SABLE_SWZ_ERR_NONE;
}

/* Window -> GPU memory. */
static uint32_t range_flush(SableDevice *dev, SableSwzRange *r)
{
    SableMem m = { .dev = dev };
    SableLayout l = range_layout(r);

    if (!sable_layout_write(&m, &l, 0, 0, r->pitch, r->height,
                            dev->aperture + r->offset, r->pitch)) {
        r->fault_addr = m.fault.addr;
        return SABLE_SWZ_ERR_FAULT;
    }
    return SABLE_SWZ_ERR_NONE;
}

/* ENABLE or REFRESH: a fault leaves the range disabled, its window zeroed. */
static uint32_t range_load(SableDevice *dev, SableSwzRange *r)
{
    uint32_t err = range_fill(dev, r);
    r->enabled = !err;
    if (err) {
        window_zero(dev, r);
    }
    return err;
}

static uint32_t range_control(SableDevice *dev, SableSwzRange *r,
                              uint32_t ctl)
{
    uint32_t err;

    if (ctl == SABLE_SWZ_CONTROL_ENABLE && !r->enabled) {
        err = sable_swz_range_check(dev, r);
        return err ? err : range_load(dev, r);
    }
    if (!r->enabled) {
        return SABLE_SWZ_ERR_BUSY;
    }
    switch (ctl) {
    case SABLE_SWZ_CONTROL_FLUSH:
        return range_flush(dev, r);
    case SABLE_SWZ_CONTROL_REFRESH:
        return range_load(dev, r);
    case SABLE_SWZ_CONTROL_DISABLE:
        err = range_flush(dev, r);
        break;
    case SABLE_SWZ_CONTROL_DISCARD:
        err = SABLE_SWZ_ERR_NONE;
        break;
    default:
        return SABLE_SWZ_ERR_BUSY;
    }
    r->enabled = false;
    window_zero(dev, r);
    return err;
}

static void range_config(SableSwzRange *r, uint32_t reg, uint32_t value)
{
    switch (reg) {
    case SABLE_SWZ_APERTURE_OFFSET: r->offset = value; break;
    case SABLE_SWZ_SIZE: r->size = value; break;
    case SABLE_SWZ_GPU_ADDR_LO:
        r->gpu_addr = (r->gpu_addr & 0xffffffff00000000ull) | value;
        break;
    case SABLE_SWZ_GPU_ADDR_HI:
        r->gpu_addr = (r->gpu_addr & 0xffffffffull) | (uint64_t)value << 32;
        break;
    case SABLE_SWZ_PITCH: r->pitch = value; break;
    case SABLE_SWZ_HEIGHT: r->height = value; break;
    case SABLE_SWZ_TILING: r->tiling = value; break;
    default: break;
    }
}

void sable_swz_write(SableDevice *dev, uint32_t offset, uint32_t value)
{
    int i = range_index(dev, offset);
    uint32_t reg = offset % SABLE_REG_SWZ_STRIDE;

    if (i < 0 || reg >= SABLE_SWZ_STATUS) {
        return;
    }
    SableSwzRange *r = &dev->swz[i];
    if (reg == SABLE_SWZ_CONTROL) {
        range_result(dev, r, value, range_control(dev, r, value), offset);
    } else if (r->enabled) {
        range_result(dev, r, 0, SABLE_SWZ_ERR_BUSY, offset);
    } else {
        range_config(r, reg, value);
    }
}

void sable_swz_reset(SableDevice *dev)
{
    memset(dev->swz, 0, sizeof(dev->swz));
    if (dev->aperture) {
        memset(dev->aperture, 0, SABLE_APERTURE_SIZE);
    }
}
