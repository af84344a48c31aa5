/* SPDX-License-Identifier: MIT */
/*
 * Shared resources. CreateResource with D3D10_DDI_RESOURCE_MISC_SHARED
 * allocates through the runtime resource (resource.c: allocate_desc) with
 * a UmdSharedPrivate as the resource's private data; OpenResource on
 * another device gets that data and the allocation's private data back
 * (D3D10DDIARG_OPENRESOURCE), both written by some UMD and relayed by
 * dxgkrnl: they are checked as hostile. The opened resource is laid out
 * again from the description; it must come out exactly as the creator's
 * (same tiling, same allocation private data), else the open fails with
 * E_OUTOFMEMORY, the one failure OpenResource reports besides
 * DEVICEREMOVED.
 */
#include <string.h>

#include "umd.h"

void umd_shared_private(const UmdResource *r, UmdSharedPrivate *out)
{
    memset(out, 0, sizeof(*out));
    out->magic = UMD_SHARED_MAGIC;
    out->version = UMD_SHARED_VERSION;
    out->desc = (UmdResourceDesc){
        .dim = r->dim, .usage = r->usage, .bind = r->bind, .cpu_access = r->cpu_access,
        .misc = r->misc, .format = r->format, .width = r->width, .height = r->height,
        .depth = r->depth, .mips = r->mips, .array_size = r->array_size, .samples = 1,
    };
    out->tiled = r->tiled;
}

/* A description CreateResource could have made (desc_of in resource.c):
 * known usage and flags, 1 where the dimension has no depth, mips or
 * array, one sample (multisampled resources are never shared). */
static bool desc_consistent(const UmdResourceDesc *s)
{
    const uint32_t misc_known =
        D3D10_DDI_RESOURCE_AUTO_GEN_MIP_MAP | D3D10_DDI_RESOURCE_MISC_SHARED |
        D3D10_DDI_RESOURCE_MISC_DISCARD_ON_PRESENT | D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS |
        D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS | D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED |
        D3D11_DDI_RESOURCE_MISC_RESOURCE_CLAMP;
    bool buffer = s->dim == D3D10DDIRESOURCE_BUFFER;
    bool linear = buffer || s->dim == D3D10DDIRESOURCE_TEXTURE1D;
    return s->usage <= D3D10_DDI_USAGE_STAGING && !(s->bind & ~(uint32_t)D3D11_DDI_BIND_MASK) &&
           !(s->cpu_access & ~(uint32_t)D3D10_DDI_CPU_ACCESS_MASK) &&
           (s->misc & D3D10_DDI_RESOURCE_MISC_SHARED) && !(s->misc & ~misc_known) &&
           (s->dim == D3D10DDIRESOURCE_TEXTURE3D || s->depth == 1) &&
           (!linear || s->height == 1) && (!buffer || (s->mips == 1 && s->array_size == 1)) &&
           s->samples == 1;
}

/* The resource private data copied, or false if it is not ours. */
static bool shared_private_of(const D3D10DDIARG_OPENRESOURCE *o, UmdSharedPrivate *out)
{
    if (!o || !o->pPrivateDriverData || o->PrivateDriverDataSize != sizeof(*out)) {
        return false;
    }
    memcpy(out, o->pPrivateDriverData, sizeof(*out));
    return out->magic == UMD_SHARED_MAGIC && out->version == UMD_SHARED_VERSION &&
           out->tiled <= 1 && out->reserved == 0 && desc_consistent(&out->desc);
}

SIZE_T umd_opened_resource_size(const D3D10DDIARG_OPENRESOURCE *o)
{
    UmdSharedPrivate sp;
    uint32_t n = shared_private_of(o, &sp) ? umd_desc_subresources(&sp.desc) : 0;
    return sizeof(UmdResource) + (SIZE_T)(n ? n : 1) * sizeof(UmdSubresource);
}

/* The one allocation of a Sable resource, as the creator described it. */
static bool allocation_matches(const UmdResource *r, const D3D10DDIARG_OPENRESOURCE *o)
{
    if (o->NumAllocations != 1 || !o->pOpenAllocationInfo) {
        return false;
    }
    const D3DDDI_OPENALLOCATIONINFO *info = &o->pOpenAllocationInfo[0];
    struct sable_alloc_private want, got;
    if (!info->hAllocation || !info->pPrivateDriverData ||
        info->PrivateDriverDataSize != sizeof(got)) {
        return false;
    }
    memcpy(&got, info->pPrivateDriverData, sizeof(got));
    umd_resource_alloc_private(r, &want);
    return memcmp(&want, &got, sizeof(want)) == 0;
}

void umd_resource_open(UmdDevice *d, const D3D10DDIARG_OPENRESOURCE *o, UmdResource *r,
                       D3D10DDI_HRTRESOURCE rt)
{
    memset(r, 0, sizeof(*r));
    if (umd_check_lost(d, UMD_DDI_OpenResource)) {
        return;
    }
    UmdSharedPrivate sp;
    if (!shared_private_of(o, &sp) || !umd_resource_setup(d, r, &sp.desc) ||
        r->tiled != (sp.tiled != 0) || !allocation_matches(r, o)) {
        memset(r, 0, sizeof(*r));
        umd_error(d, UMD_DDI_OpenResource, E_OUTOFMEMORY, 0);
        return;
    }
    r->magic = UMD_RESOURCE_MAGIC;
    r->rt = rt;
    r->opened = true;
    r->km_resource = o->hKMResource.handle;
    struct sable_alloc_private p;
    umd_resource_alloc_private(r, &p); /* what allocation_matches compared */
    r->alloc.h = o->pOpenAllocationInfo[0].hAllocation;
    r->alloc.size = p.size;
    d->tiled_resources += r->tiled;
}
