/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "swizzle.h"
#include "regs.h"

#define WINDOW_ALIGN SABLE_PAGE_SIZE

void kmd_swizzle_init(KmdAdapter *a)
{
    memset(a->swz, 0, sizeof(a->swz));
    a->swz_count = 0;
    a->swz_aperture = 0;
    if (!(a->features & SABLE_FEATURE_SWIZZLE_RANGES) ||
        a->res.mem_count <= KMD_RES_APERTURE) {
        return;
    }
    /* The window space: what the device says BAR4 holds, no more than the
     * resource the OS assigned, whole 4 KiB granules, 32-bit offsets. */
    uint64_t size = kmd_reg_read64(a->regs, SABLE_REG_APERTURE_SIZE_LO);
    uint64_t res = a->res.mem[KMD_RES_APERTURE].length;
    size = size < res ? size : res;
    size = size < UINT32_MAX ? size : UINT32_MAX;
    a->swz_aperture = (uint32_t)(size & ~(uint64_t)(WINDOW_ALIGN - 1));
    uint32_t n = kmd_reg_read(a->regs, SABLE_REG_SWIZZLE_RANGES);
    a->swz_count = !a->swz_aperture ? 0 : n < SABLE_SWZ_MAX_RANGES ? n : SABLE_SWZ_MAX_RANGES;
}

void kmd_swizzle_reset(KmdAdapter *a)
{
    kmd_os_lock_acquire(a->lock);
    memset(a->swz, 0, sizeof(a->swz));
    kmd_os_lock_release(a->lock);
}

/* First fit of `bytes` in BAR4 among the windows of the busy ranges. */
static bool find_window(const KmdAdapter *a, uint32_t bytes, uint32_t *out)
{
    uint64_t at = 0;
    for (unsigned r = 0; r < a->swz_count;) {
        const KmdSwzRange *s = &a->swz[r];
        if (s->alloc && at < (uint64_t)s->offset + s->size && s->offset < at + bytes) {
            at = (uint64_t)s->offset + s->size;
            r = 0; /* moved past it: check every window again */
            continue;
        }
        r++;
    }
    if (at + bytes > a->swz_aperture) {
        return false;
    }
    *out = (uint32_t)at;
    return true;
}

/* Window bytes of a TILE_Y surface that can use a range, 0 if it cannot:
 * one surface per allocation (PrivateDriverData 0), placed in a segment,
 * no larger than BAR4. The window is the whole allocation (the CPU maps
 * RangeSize bytes at CPUTranslatedAddress); the device shows PITCH x
 * HEIGHT of it (allocation checks: size >= the TILE_Y extent) and zeroes
 * the rest. */
static uint32_t window_bytes(const KmdAdapter *a, const KmdAllocation *al, UINT part)
{
    const struct sable_alloc_private *p = &al->desc;
    uint64_t bytes = al->size; /* page-aligned */
    bool ok = p->kind == SABLE_ALLOC_SURFACE && (p->flags & SABLE_ALLOC_F_TILE_Y) && part == 0 &&
              al->segment != 0 && bytes && bytes <= a->swz_aperture;
    return ok ? (uint32_t)bytes : 0;
}

static uint32_t swz_read(KmdAdapter *a, UINT id, uint32_t reg)
{
    return kmd_reg_read(a->regs, SABLE_REG_SWZ(id) + reg);
}

static void swz_write(KmdAdapter *a, UINT id, uint32_t reg, uint32_t value)
{
    kmd_reg_write(a->regs, SABLE_REG_SWZ(id) + reg, value);
}

/* Program range id for `al` in window [off, +bytes) and ENABLE it; the
 * device de-tiles the surface into the window before the write returns. */
static bool enable(KmdAdapter *a, UINT id, const KmdAllocation *al, uint32_t off, uint32_t bytes)
{
    swz_write(a, id, SABLE_SWZ_APERTURE_OFFSET, off);
    swz_write(a, id, SABLE_SWZ_SIZE, bytes);
    kmd_reg_write64(a->regs, SABLE_REG_SWZ(id) + SABLE_SWZ_GPU_ADDR_LO, al->gpu);
    swz_write(a, id, SABLE_SWZ_PITCH, al->desc.pitch);
    swz_write(a, id, SABLE_SWZ_HEIGHT, al->desc.height);
    swz_write(a, id, SABLE_SWZ_TILING, SABLE_TILING_Y);
    swz_write(a, id, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_ENABLE);
    uint32_t status = swz_read(a, id, SABLE_SWZ_STATUS);
    if (status & SABLE_SWZ_STATUS_ENABLED) {
        return true;
    }
    kmd_os_log(KMD_LOG_ERROR, "sable: swizzle range %u not enabled (error %u, fault 0x%llx)",
               (unsigned)id, (unsigned)SABLE_SWZ_STATUS_ERROR(status),
               (unsigned long long)kmd_reg_read64(a->regs,
                                                  SABLE_REG_SWZ(id) + SABLE_SWZ_FAULT_ADDR_LO));
    kmd_reg_write(a->regs, SABLE_REG_ERROR_STATUS, SABLE_ERROR_SWIZZLE_RANGE);
    return false;
}

NTSTATUS kmd_acquire_swizzling_range(KmdAdapter *a, DXGKARG_ACQUIRESWIZZLINGRANGE *args)
{
    const KmdAllocation *al = args->hAllocation;
    if (!a->started || !al || args->RangeId >= a->swz_count || args->RangeSize != al->size) {
        return STATUS_INVALID_PARAMETER;
    }
    uint32_t bytes = window_bytes(a, al, args->PrivateDriverData);
    if (!bytes) {
        return STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNSUPPORTED;
    }
    if (args->SegmentId != al->segment) {
        return STATUS_INVALID_PARAMETER; /* not where it was paged */
    }
    NTSTATUS st = STATUS_SUCCESS;
    uint32_t off = 0;
    kmd_os_lock_acquire(a->lock);
    KmdSwzRange *r = &a->swz[args->RangeId];
    if (r->alloc) {
        st = STATUS_INVALID_PARAMETER; /* VidMm releases a range before reusing it */
    } else if (!find_window(a, bytes, &off)) {
        st = STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNAVAILABLE;
    } else if (!enable(a, args->RangeId, al, off, bytes)) {
        st = STATUS_GRAPHICS_UNSWIZZLING_APERTURE_UNSUPPORTED;
    } else {
        *r = (KmdSwzRange){ .alloc = al, .offset = off, .size = bytes };
        args->CPUTranslatedAddress.QuadPart =
            (LONGLONG)(a->res.mem[KMD_RES_APERTURE].start + off);
    }
    kmd_os_lock_release(a->lock);
    return st;
}

NTSTATUS kmd_release_swizzling_range(KmdAdapter *a, const DXGKARG_RELEASESWIZZLINGRANGE *args)
{
    if (!a->started || args->RangeId >= a->swz_count) {
        return STATUS_INVALID_PARAMETER;
    }
    NTSTATUS st = STATUS_SUCCESS;
    kmd_os_lock_acquire(a->lock);
    KmdSwzRange *r = &a->swz[args->RangeId];
    if (!r->alloc || r->alloc != args->hAllocation) {
        st = STATUS_INVALID_PARAMETER;
    } else {
        /* DISABLE writes the window back into the surface, then frees it. */
        swz_write(a, args->RangeId, SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_DISABLE);
        uint32_t status = swz_read(a, args->RangeId, SABLE_SWZ_STATUS);
        memset(r, 0, sizeof(*r));
        if (SABLE_SWZ_STATUS_ERROR(status)) {
            kmd_os_log(KMD_LOG_ERROR, "sable: swizzle range %u release: error %u",
                       (unsigned)args->RangeId, (unsigned)SABLE_SWZ_STATUS_ERROR(status));
            kmd_reg_write(a->regs, SABLE_REG_ERROR_STATUS, SABLE_ERROR_SWIZZLE_RANGE);
        }
        st = (status & SABLE_SWZ_STATUS_ENABLED) ? STATUS_DEVICE_HARDWARE_ERROR : STATUS_SUCCESS;
    }
    kmd_os_lock_release(a->lock);
    return st;
}
