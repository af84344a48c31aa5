/* SPDX-License-Identifier: MIT */
/*
 * Swizzling ranges (ABI 1.1, feature SWIZZLE_RANGES): DxgkDdiAcquireSwizzlingRange
 * and DxgkDdiReleaseSwizzlingRange over the device's range registers
 * (SABLE_REG_SWZ) and the BAR4 window.
 *
 * VidMm picks RangeId (< DRIVERCAPS.NumberOfSwizzlingRanges = the device's
 * SWIZZLE_RANGES, 0 on a 1.0 device or without the feature). Acquire takes
 * the allocation's location from the paging operation that last placed it
 * (KmdAllocation.segment/gpu: FILL, TRANSFER, MAP_APERTURE_SEGMENT), carves a
 * window of BAR4 (first fit, 4 KiB granules), programs and ENABLEs range
 * RangeId (the device de-tiles the surface into the window) and returns
 * CPUTranslatedAddress = BAR4 base + window offset.
 *  - UNSUPPORTED: not a TILE_Y surface, PrivateDriverData != 0 (one surface
 *    per allocation, no sub-parts), larger than BAR4, or placed nowhere.
 *  - UNAVAILABLE: no free BAR4 space left by the other enabled ranges.
 * Release DISABLEs it (the device writes the window back) and frees the
 * window. An adapter reset discards every range on the device:
 * kmd_swizzle_reset forgets them (ResetFromTimeout), so the KMD and the
 * device agree that none is enabled.
 */
#ifndef KMD_SWIZZLE_H
#define KMD_SWIZZLE_H

#include "adapter.h"
#include "alloc.h"

/* Read SWIZZLE_RANGES and the BAR4 size at start (defensively). */
void kmd_swizzle_init(KmdAdapter *a);
NTSTATUS kmd_acquire_swizzling_range(KmdAdapter *a, DXGKARG_ACQUIRESWIZZLINGRANGE *args);
NTSTATUS kmd_release_swizzling_range(KmdAdapter *a, const DXGKARG_RELEASESWIZZLINGRANGE *args);
/* After an adapter reset: every range is gone on the device. */
void kmd_swizzle_reset(KmdAdapter *a);

#endif
