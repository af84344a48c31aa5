/* SPDX-License-Identifier: MIT */
/*
 * Allocations: DxgkDdiCreateAllocation validates each allocation's
 * struct sable_alloc_private (sizes with 64-bit arithmetic, surface
 * dimensions, format, pitch; primaries: linear, scanout format, VidPN
 * source) and describes it to VidMm: page-aligned size, 4 KiB alignment,
 * readable/writable in both segments (primaries: VRAM only), preferred
 * segment, CpuVisible. One bad allocation fails the whole call and nothing is kept.
 * With Flags.Resource a resource handle is returned as well.
 * DestroyAllocation frees them (and the resource with DestroyResource);
 * DescribeAllocation reports surface size and format (D3DDDIFORMAT).
 * OpenAllocation (a shared allocation opened by another device) checks the
 * same private data again and gives the device its own handle;
 * CloseAllocation frees those. GetStandardAllocationDriverData describes
 * the shared primary, shadow and staging surfaces dxgkrnl creates itself.
 */
#ifndef KMD_ALLOC_H
#define KMD_ALLOC_H

#include "adapter.h"
#include "device.h"

typedef struct KmdAllocation {
    struct sable_alloc_private desc;
    uint64_t size;               /* page-aligned */
    UINT segment;                /* where the last paging operation put it, 0: none */
    uint64_t gpu;                /* its GPU address there */
    struct sable_alloc_virgl virgl; /* 3D allocations (SABLE_ALLOC_F_3D): res_id != 0 */
} KmdAllocation;

typedef struct KmdResource {
    uint32_t allocations;
} KmdResource;

NTSTATUS kmd_create_allocation(KmdAdapter *a, DXGKARG_CREATEALLOCATION *args);
NTSTATUS kmd_destroy_allocation(KmdAdapter *a, const DXGKARG_DESTROYALLOCATION *args);
NTSTATUS kmd_describe_allocation(KmdAdapter *a, DXGKARG_DESCRIBEALLOCATION *args);
NTSTATUS kmd_open_allocation(KmdDevice *d, const DXGKARG_OPENALLOCATION *args);
NTSTATUS kmd_close_allocation(KmdDevice *d, const DXGKARG_CLOSEALLOCATION *args);
NTSTATUS kmd_standard_allocation(KmdAdapter *a, DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA *args);

/* Shared with stdalloc.c: bytes per pixel of a Sable format (0: unknown),
 * and the full check of allocation private data. */
uint32_t kmd_format_bpp(uint32_t format);
bool kmd_alloc_desc_ok(const KmdAdapter *a, const struct sable_alloc_private *p);
/* A surface of a 2D format and pitch within its size, with TILE_Y only
 * where the device tiles; a primary (SABLE_ALLOC_F_PRIMARY) also one the
 * scanout shows; else VidPN source 0. */
bool kmd_alloc_surface_ok(const KmdAdapter *a, const struct sable_alloc_private *p);
/* The scanout accepts the format (docs/protocol.md section 2.10). */
bool kmd_scanout_format_ok(uint32_t format);
/* VidPN sources the adapter has: 1 with SABLE_FEATURE_SCANOUT, else 0. */
UINT kmd_vidpn_sources(const KmdAdapter *a);

#endif
