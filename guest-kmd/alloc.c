/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "alloc.h"
#include "device.h"
#include "s3d.h"

/* Bytes per pixel of a Sable format, 0 if unknown. */
uint32_t kmd_format_bpp(uint32_t format)
{
    switch (format) {
    case SABLE_FORMAT_B8G8R8A8_UNORM:
    case SABLE_FORMAT_B8G8R8X8_UNORM:
    case SABLE_FORMAT_R8G8B8A8_UNORM:
    case SABLE_FORMAT_R8G8B8X8_UNORM:
    case SABLE_FORMAT_R10G10B10A2_UNORM:
        return 4;
    case SABLE_FORMAT_B5G6R5_UNORM:
    case SABLE_FORMAT_B5G5R5A1_UNORM:
        return 2;
    case SABLE_FORMAT_A8_UNORM:
        return 1;
    default:
        return 0;
    }
}

/* D3DFMT codes (d3d9types.h numbering, as D3DDDIFORMAT uses). */
static D3DDDIFORMAT d3d_format(uint32_t format)
{
    switch (format) {
    case SABLE_FORMAT_B8G8R8A8_UNORM: return 21;    /* A8R8G8B8 */
    case SABLE_FORMAT_B8G8R8X8_UNORM: return 22;    /* X8R8G8B8 */
    case SABLE_FORMAT_B5G6R5_UNORM: return 23;      /* R5G6B5 */
    case SABLE_FORMAT_B5G5R5A1_UNORM: return 25;    /* A1R5G5B5 */
    case SABLE_FORMAT_A8_UNORM: return 28;          /* A8 */
    case SABLE_FORMAT_R10G10B10A2_UNORM: return 31; /* A2B10G10R10 */
    case SABLE_FORMAT_R8G8B8A8_UNORM: return 32;    /* A8B8G8R8 */
    case SABLE_FORMAT_R8G8B8X8_UNORM: return 33;    /* X8B8G8R8 */
    default: return 0;
    }
}

/* Bytes a surface spans: pitch * height, or whole TILE_Y tile rows (the
 * pitch then a whole number of tiles wide); 0 if the layout is not usable. */
static uint64_t surface_extent(const KmdAdapter *a, const struct sable_alloc_private *p)
{
    if (!(p->flags & SABLE_ALLOC_F_TILE_Y)) {
        return (uint64_t)p->pitch * p->height;
    }
    if (!(a->features & SABLE_FEATURE_TILING) || p->pitch % SABLE_TILE_WIDTH) {
        return 0;
    }
    uint64_t rows = ((uint64_t)p->height + SABLE_TILE_HEIGHT - 1) / SABLE_TILE_HEIGHT;
    return (uint64_t)p->pitch * rows * SABLE_TILE_HEIGHT;
}

static bool surface_ok(const KmdAdapter *a, const struct sable_alloc_private *p)
{
    uint32_t bpp = kmd_format_bpp(p->format);
    uint64_t extent = surface_extent(a, p);
    return bpp && p->width && p->height && p->width <= a->max_surface_dim &&
           p->height <= a->max_surface_dim && !(p->pitch & 3u) &&
           p->pitch >= (uint64_t)p->width * bpp && extent && p->size >= extent;
}

bool kmd_scanout_format_ok(uint32_t format)
{
    return kmd_format_bpp(format) && format != SABLE_FORMAT_A8_UNORM;
}

UINT kmd_vidpn_sources(const KmdAdapter *a)
{
    return (a->features & SABLE_FEATURE_SCANOUT) ? SABLE_KMD_VIDPN_SOURCES : 0;
}

/* A primary is a linear surface the scanout accepts, for an existing VidPN
 * source, that fits in VRAM (its only segment); anything else names 0. */
static bool primary_ok(const KmdAdapter *a, const struct sable_alloc_private *p)
{
    if (!(p->flags & SABLE_ALLOC_F_PRIMARY)) {
        return p->vidpn_source == 0;
    }
    return p->kind == SABLE_ALLOC_SURFACE && !(p->flags & SABLE_ALLOC_F_TILE_Y) &&
           kmd_scanout_format_ok(p->format) && p->vidpn_source < kmd_vidpn_sources(a) &&
           p->size <= a->vram_size;
}

bool kmd_alloc_surface_ok(const KmdAdapter *a, const struct sable_alloc_private *p)
{
    return p->kind == SABLE_ALLOC_SURFACE && surface_ok(a, p) && primary_ok(a, p);
}

bool kmd_alloc_desc_ok(const KmdAdapter *a, const struct sable_alloc_private *p)
{
    uint64_t limit = a->vram_size > kmd_gart_size(&a->gart) ? a->vram_size
                                                             : kmd_gart_size(&a->gart);
    bool kind_ok = (p->kind == SABLE_ALLOC_BUFFER && !(p->flags & SABLE_ALLOC_F_TILE_Y)) ||
                   (p->kind == SABLE_ALLOC_SURFACE && surface_ok(a, p));
    return p->magic == SABLE_ALLOC_PRIVATE_MAGIC && p->version == SABLE_ALLOC_PRIVATE_VERSION &&
           kind_ok && !(p->flags & ~(SABLE_ALLOC_F_ALL & ~SABLE_ALLOC_F_3D)) && primary_ok(a, p) &&
           p->size && p->size <= limit && p->segment <= SABLE_SEGMENT_COUNT;
}

/* Copy the private data once, then check the copy: version 1, or a 3D
 * allocation's version 2 (its virgl description into al->virgl). */
static bool private_ok(const KmdAdapter *a, const void *data, UINT size, KmdAllocation *al)
{
    struct sable_alloc_private_3d p3;
    memset(al, 0, sizeof(*al));
    if (data && size == sizeof(al->desc)) {
        memcpy(&al->desc, data, sizeof(al->desc));
        return kmd_alloc_desc_ok(a, &al->desc);
    }
    if (!data || size != sizeof(p3)) {
        return false;
    }
    memcpy(&p3, data, sizeof(p3));
    al->desc = p3.base;
    al->virgl = p3.virgl;
    return kmd_3d_desc_ok(a, &p3);
}

/* A 3D allocation gets its resource id, written back for the UMD. */
static NTSTATUS assign_res(KmdAdapter *a, KmdAllocation *al, DXGK_ALLOCATIONINFO *info)
{
    if (!(al->desc.flags & SABLE_ALLOC_F_3D)) {
        return STATUS_SUCCESS;
    }
    NTSTATUS st = kmd_3d_res_assign(a, &al->virgl.res_id);
    if (NT_SUCCESS(st)) {
        memcpy((uint8_t *)info->pPrivateDriverData +
                   offsetof(struct sable_alloc_private_3d, virgl.res_id),
               &al->virgl.res_id, sizeof(al->virgl.res_id));
    }
    return st;
}

static void free_allocation(KmdAdapter *a, KmdAllocation *al)
{
    if (al) {
        kmd_3d_res_release(a, al->virgl.res_id);
        kmd_os_free(al);
    }
}

/* Primaries live in VRAM only (the scanout reads them there); everything
 * else may be in either segment. */
static void describe_to_vidmm(KmdAllocation *al, DXGK_ALLOCATIONINFO *info)
{
    bool primary = (al->desc.flags & SABLE_ALLOC_F_PRIMARY) != 0;
    uint32_t vram = KMD_SEGMENT_BIT(SABLE_SEGMENT_VRAM);
    uint32_t set = primary ? vram : vram | KMD_SEGMENT_BIT(SABLE_SEGMENT_APERTURE);
    info->Size = (SIZE_T)al->size;
    info->PitchAlignedSize = 0;
    info->Alignment = SABLE_PAGE_SIZE;
    info->SupportedReadSegmentSet = set;
    info->SupportedWriteSegmentSet = set;
    info->EvictionSegmentSet = 0;
    info->PreferredSegment.Value = 0;
    info->PreferredSegment.SegmentId0 = primary ? SABLE_SEGMENT_VRAM : al->desc.segment;
    info->HintedBank.Value = 0;
    info->Flags.Value = 0;
    info->Flags.CpuVisible = (al->desc.flags & SABLE_ALLOC_F_CPU_VISIBLE) != 0;
    info->hAllocation = al;
}

static void free_created(KmdAdapter *a, DXGKARG_CREATEALLOCATION *args, UINT count)
{
    for (UINT i = 0; i < count; i++) {
        free_allocation(a, args->pAllocationInfo[i].hAllocation);
        args->pAllocationInfo[i].hAllocation = NULL;
    }
}

NTSTATUS kmd_create_allocation(KmdAdapter *a, DXGKARG_CREATEALLOCATION *args)
{
    if (!a->started || args->NumAllocations == 0 || !args->pAllocationInfo) {
        return STATUS_INVALID_PARAMETER;
    }
    for (UINT i = 0; i < args->NumAllocations; i++) {
        KmdAllocation al;
        DXGK_ALLOCATIONINFO *info = &args->pAllocationInfo[i];
        if (!private_ok(a, info->pPrivateDriverData, info->PrivateDriverDataSize, &al)) {
            free_created(a, args, i);
            return STATUS_INVALID_PARAMETER;
        }
        al.size = (al.desc.size + SABLE_PAGE_SIZE - 1) & ~(uint64_t)(SABLE_PAGE_SIZE - 1);
        KmdAllocation *p = kmd_os_alloc(sizeof(*p));
        NTSTATUS st = p ? assign_res(a, &al, info) : STATUS_NO_MEMORY;
        if (!NT_SUCCESS(st)) {
            if (p) {
                kmd_os_free(p);
            }
            free_created(a, args, i);
            return st;
        }
        *p = al;
        describe_to_vidmm(p, info);
    }
    if (args->Flags.Resource && !args->hResource) {
        KmdResource *r = kmd_os_alloc(sizeof(*r));
        if (!r) {
            free_created(a, args, args->NumAllocations);
            return STATUS_NO_MEMORY;
        }
        args->hResource = r;
    }
    if (args->Flags.Resource) {
        ((KmdResource *)args->hResource)->allocations += args->NumAllocations;
    }
    return STATUS_SUCCESS;
}

NTSTATUS kmd_destroy_allocation(KmdAdapter *a, const DXGKARG_DESTROYALLOCATION *args)
{
    if (args->NumAllocations && !args->pAllocationList) {
        return STATUS_INVALID_PARAMETER;
    }
    for (UINT i = 0; i < args->NumAllocations; i++) {
        free_allocation(a, args->pAllocationList[i]);
    }
    KmdResource *r = args->hResource;
    if (r) {
        r->allocations -= r->allocations < args->NumAllocations ? r->allocations
                                                                : args->NumAllocations;
        if (args->Flags.DestroyResource) {
            if (r->allocations) {
                kmd_os_log(KMD_LOG_WARN, "sable: resource destroyed with %u allocations",
                           (unsigned)r->allocations);
            }
            kmd_os_free(r);
        }
    }
    return STATUS_SUCCESS;
}

NTSTATUS kmd_describe_allocation(KmdAdapter *a, DXGKARG_DESCRIBEALLOCATION *args)
{
    const KmdAllocation *al = args->hAllocation;
    if (!al || al->desc.kind != SABLE_ALLOC_SURFACE) {
        return STATUS_INVALID_PARAMETER;
    }
    args->Width = al->desc.width;
    args->Height = al->desc.height;
    args->Format = d3d_format(al->desc.format);
    args->MultisampleMethod.NumSamples = 0;
    args->MultisampleMethod.NumQualityLevels = 0;
    args->RefreshRate.Numerator = 0;
    args->RefreshRate.Denominator = 1;
    args->PrivateDriverFormatAttribute = 0;
    args->Rotation = D3DDDI_ROTATION_IDENTITY;
    return STATUS_SUCCESS;
}

static void free_opened(DXGK_OPENALLOCATIONINFO *open, UINT count)
{
    for (UINT i = 0; i < count; i++) {
        kmd_os_free(open[i].hDeviceSpecificAllocation);
        open[i].hDeviceSpecificAllocation = NULL;
    }
}

NTSTATUS kmd_open_allocation(KmdDevice *d, const DXGKARG_OPENALLOCATION *args)
{
    if (args->NumAllocations == 0 || !args->pOpenAllocation) {
        return STATUS_INVALID_PARAMETER;
    }
    for (UINT i = 0; i < args->NumAllocations; i++) {
        DXGK_OPENALLOCATIONINFO *open = &args->pOpenAllocation[i];
        KmdAllocation al;
        KmdAllocation *p = NULL;
        bool ok = private_ok(d->adapter, open->pPrivateDriverData, open->PrivateDriverDataSize,
                             &al);
        if (ok && (al.desc.flags & SABLE_ALLOC_F_3D)) {
            free_opened(args->pOpenAllocation, i);
            return STATUS_NOT_SUPPORTED; /* shared 3D resources: not yet */
        }
        if (ok) {
            p = kmd_os_alloc(sizeof(*p));
        }
        if (!p) {
            free_opened(args->pOpenAllocation, i);
            return STATUS_INVALID_PARAMETER;
        }
        al.size = (al.desc.size + SABLE_PAGE_SIZE - 1) & ~(uint64_t)(SABLE_PAGE_SIZE - 1);
        *p = al;
        open->hDeviceSpecificAllocation = p;
    }
    return STATUS_SUCCESS;
}

NTSTATUS kmd_close_allocation(KmdDevice *d, const DXGKARG_CLOSEALLOCATION *args)
{
    if (args->NumAllocations && !args->pOpenHandleList) {
        return STATUS_INVALID_PARAMETER;
    }
    for (UINT i = 0; i < args->NumAllocations; i++) {
        kmd_os_free(args->pOpenHandleList[i]);
    }
    return STATUS_SUCCESS;
}
