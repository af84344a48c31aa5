/* SPDX-License-Identifier: MIT */
/* DxgkDdiGetStandardAllocationDriverData: private data for the surfaces
 * dxgkrnl creates itself (shared primary, a SABLE_ALLOC_F_PRIMARY of its
 * VidPN source; shadow, staging). */
#include <string.h>

#include "alloc.h"

#define KMD_PITCH_ALIGN 64u

/* The Sable format of a D3DDDIFORMAT dxgkrnl uses for these surfaces. */
static uint32_t sable_format(D3DDDIFORMAT f)
{
    switch (f) {
    case 21: return SABLE_FORMAT_B8G8R8A8_UNORM; /* D3DFMT_A8R8G8B8 */
    case 22: return SABLE_FORMAT_B8G8R8X8_UNORM; /* D3DFMT_X8R8G8B8 */
    default: return SABLE_FORMAT_INVALID;
    }
}

/* The shape of a standard surface; primary: the shared primary of VidPN
 * source `source`. */
typedef struct StdSurface {
    UINT width, height;
    uint32_t format, segment;
    bool primary;
    UINT source;
} StdSurface;

static NTSTATUS describe(KmdAdapter *a, const StdSurface *s, struct sable_alloc_private *p)
{
    UINT width = s->width, height = s->height;
    uint32_t format = s->format;
    memset(p, 0, sizeof(*p));
    uint64_t row = (uint64_t)width * kmd_format_bpp(format);
    uint64_t pitch = (row + KMD_PITCH_ALIGN - 1) & ~(uint64_t)(KMD_PITCH_ALIGN - 1);
    p->magic = SABLE_ALLOC_PRIVATE_MAGIC;
    p->version = SABLE_ALLOC_PRIVATE_VERSION;
    p->kind = SABLE_ALLOC_SURFACE;
    p->flags = SABLE_ALLOC_F_CPU_VISIBLE | (s->primary ? SABLE_ALLOC_F_PRIMARY : 0);
    p->vidpn_source = s->primary ? s->source : 0;
    p->format = format;
    p->width = width;
    p->height = height;
    p->pitch = pitch > UINT32_MAX ? 0 : (uint32_t)pitch;
    p->size = pitch * height;
    p->segment = s->segment;
    return kmd_alloc_desc_ok(a, p) ? STATUS_SUCCESS : STATUS_INVALID_PARAMETER;
}

static NTSTATUS standard_desc(KmdAdapter *a, DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA *args,
                              struct sable_alloc_private *p, UINT **pitch_out)
{
    switch (args->StandardAllocationType) {
    case D3DKMDT_STANDARDALLOCATION_SHAREDPRIMARYSURFACE: {
        const D3DKMDT_SHAREDPRIMARYSURFACEDATA *d = args->pCreateSharedPrimarySurfaceData;
        *pitch_out = NULL;
        return d ? describe(a, &(StdSurface){ d->Width, d->Height, sable_format(d->Format),
                                              SABLE_SEGMENT_VRAM, true, d->VidPnSourceId }, p)
                 : STATUS_INVALID_PARAMETER;
    }
    case D3DKMDT_STANDARDALLOCATION_SHADOWSURFACE: {
        D3DKMDT_SHADOWSURFACEDATA *d = args->pCreateShadowSurfaceData;
        *pitch_out = d ? &d->Pitch : NULL;
        return d ? describe(a, &(StdSurface){ d->Width, d->Height, sable_format(d->Format),
                                              SABLE_SEGMENT_APERTURE, false, 0 }, p)
                 : STATUS_INVALID_PARAMETER;
    }
    case D3DKMDT_STANDARDALLOCATION_STAGINGSURFACE: {
        D3DKMDT_STAGINGSURFACEDATA *d = args->pCreateStagingSurfaceData;
        *pitch_out = d ? &d->Pitch : NULL;
        return d ? describe(a, &(StdSurface){ d->Width, d->Height, SABLE_FORMAT_B8G8R8A8_UNORM,
                                              SABLE_SEGMENT_APERTURE, false, 0 }, p)
                 : STATUS_INVALID_PARAMETER;
    }
    default:
        return STATUS_NOT_SUPPORTED; /* GDI surfaces: with display support */
    }
}

/* Called first with pAllocationPrivateDriverData NULL for the sizes, then
 * with buffers of those sizes. */
NTSTATUS kmd_standard_allocation(KmdAdapter *a, DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA *args)
{
    struct sable_alloc_private p;
    UINT *pitch = NULL;
    NTSTATUS st = standard_desc(a, args, &p, &pitch);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    args->ResourcePrivateDriverDataSize = 0;
    if (!args->pAllocationPrivateDriverData) {
        args->AllocationPrivateDriverDataSize = sizeof(p);
        return STATUS_SUCCESS;
    }
    if (args->AllocationPrivateDriverDataSize < sizeof(p)) {
        return STATUS_BUFFER_TOO_SMALL;
    }
    memcpy(args->pAllocationPrivateDriverData, &p, sizeof(p));
    args->AllocationPrivateDriverDataSize = sizeof(p);
    if (pitch) {
        *pitch = p.pitch;
    }
    return STATUS_SUCCESS;
}
