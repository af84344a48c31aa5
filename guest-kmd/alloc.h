/* SPDX-License-Identifier: MIT */
/*
 * Allocations: DxgkDdiCreateAllocation validates each allocation's
 * struct sable_alloc_private (sizes with 64-bit arithmetic, surface
 * dimensions, format, pitch) and describes it to VidMm: page-aligned size,
 * 4 KiB alignment, readable/writable in both segments, preferred segment,
 * CpuVisible. One bad allocation fails the whole call and nothing is kept.
 * With Flags.Resource a resource handle is returned as well.
 * DestroyAllocation frees them (and the resource with DestroyResource);
 * DescribeAllocation reports surface size and format (D3DDDIFORMAT).
 */
#ifndef KMD_ALLOC_H
#define KMD_ALLOC_H

#include "adapter.h"

typedef struct KmdAllocation {
    struct sable_alloc_private desc;
    uint64_t size;               /* page-aligned */
} KmdAllocation;

typedef struct KmdResource {
    uint32_t allocations;
} KmdResource;

NTSTATUS kmd_create_allocation(KmdAdapter *a, DXGKARG_CREATEALLOCATION *args);
NTSTATUS kmd_destroy_allocation(KmdAdapter *a, const DXGKARG_DESTROYALLOCATION *args);
NTSTATUS kmd_describe_allocation(KmdAdapter *a, DXGKARG_DESCRIBEALLOCATION *args);

#endif
