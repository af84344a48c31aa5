/* SPDX-License-Identifier: MIT */
/*
 * Sable: swizzling-range DDI types (d3dkmddi.h), written from Microsoft's
 * public reference pages for DXGKARG_ACQUIRESWIZZLINGRANGE and
 * DXGKARG_RELEASESWIZZLINGRANGE.
 */
#ifndef SABLE_WDDM_SWIZZLE_H
#define SABLE_WDDM_SWIZZLE_H

#include "wddm_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every member is [in] but CPUTranslatedAddress ([in/out], set on success).
 * RangeId is chosen by VidMm: "the swizzling range that the
 * DxgkDdiAcquireSwizzlingRange function programs". */
typedef struct _DXGKARG_ACQUIRESWIZZLINGRANGE {
    HANDLE hAllocation;
    UINT PrivateDriverData;
    UINT RangeId;
    UINT SegmentId;
    SIZE_T RangeSize;
    PHYSICAL_ADDRESS CPUTranslatedAddress; /* [in/out] */
} DXGKARG_ACQUIRESWIZZLINGRANGE;

typedef struct _DXGKARG_RELEASESWIZZLINGRANGE {
    HANDLE hAllocation;
    UINT PrivateDriverData;
    UINT RangeId;
} DXGKARG_RELEASESWIZZLINGRANGE;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_SWIZZLE_H */
