/* SPDX-License-Identifier: MIT */
/*
 * Resources: buffers, Texture1D/2D/3D and cubes (mips, arrays), one KMD
 * allocation each holding every subresource (layout.c); creation
 * (CreateResource, with its initial data, primaries and shared
 * resources), destruction, and the KMD allocations of the UMD.
 */
#include <stdlib.h>
#include <string.h>

#include "umd.h"
#include "umd_resource.h"

/* The description of a creation request (no mip list: width 0, refused). */
static void desc_of(const D3D11DDIARG_CREATERESOURCE *c, UmdResourceDesc *o)
{
    const D3D10DDI_MIPINFO *m = c->pMipInfoList;
    bool linear = c->ResourceDimension == D3D10DDIRESOURCE_BUFFER ||
                  c->ResourceDimension == D3D10DDIRESOURCE_TEXTURE1D;
    bool buffer = c->ResourceDimension == D3D10DDIRESOURCE_BUFFER;
    *o = (UmdResourceDesc){
        .dim = c->ResourceDimension, .usage = c->Usage, .bind = c->BindFlags,
        .cpu_access = c->MapFlags, .misc = c->MiscFlags, .format = c->Format,
        .width = m ? m[0].TexelWidth : 0,
        .height = linear ? 1 : m ? m[0].TexelHeight : 0,
        .depth = c->ResourceDimension == D3D10DDIRESOURCE_TEXTURE3D && m && m[0].TexelDepth
                     ? m[0].TexelDepth : 1,
        .mips = buffer ? 1 : c->MipLevels,
        .array_size = buffer ? 1 : c->ArraySize,
        .samples = c->SampleDesc.Count,
    };
}

SIZE_T umd_resource_size(const D3D11DDIARG_CREATERESOURCE *c)
{
    UmdResourceDesc desc;
    desc_of(c, &desc);
    uint32_t n = umd_desc_subresources(&desc);
    return sizeof(UmdResource) + (SIZE_T)(n ? n : 1) * sizeof(UmdSubresource);
}

static HRESULT to_create_error(HRESULT hr)
{
    return hr == D3DDDIERR_DEVICEREMOVED ? hr : E_OUTOFMEMORY;
}

static void buffer_private(struct sable_alloc_private *p, uint64_t size, bool cpu,
                           uint32_t segment)
{
    memset(p, 0, sizeof(*p));
    p->magic = SABLE_ALLOC_PRIVATE_MAGIC;
    p->version = SABLE_ALLOC_PRIVATE_VERSION;
    p->kind = SABLE_ALLOC_BUFFER;
    p->flags = cpu ? SABLE_ALLOC_F_CPU_VISIBLE : 0;
    p->size = size;
    p->segment = segment;
}

/* pfnAllocateCb of one allocation. A shared resource's allocation belongs
 * to its runtime resource (hResource) and carries the resource's private
 * data, which dxgkrnl keeps for OpenResource; the kernel-mode resource
 * handle comes back in hKMResource. */
static HRESULT allocate_desc(UmdDevice *d, UmdAlloc *a, struct sable_alloc_private *p,
                             UINT psize, UmdResource *shared)
{
    uint64_t size = p->size;
    D3DDDI_ALLOCATIONINFO info;
    memset(&info, 0, sizeof(info));
    info.pPrivateDriverData = p;
    info.PrivateDriverDataSize = psize;
    if (p->flags & SABLE_ALLOC_F_PRIMARY) {
        info.Flags.Primary = 1;
        info.VidPnSourceId = p->vidpn_source;
    }
    D3DDDICB_ALLOCATE al;
    memset(&al, 0, sizeof(al));
    al.NumAllocations = 1;
    al.pAllocationInfo = &info;
    UmdSharedPrivate sp;
    if (shared) {
        umd_shared_private(shared, &sp);
        al.hResource = shared->rt.handle;
        al.pPrivateDriverData = &sp;
        al.PrivateDriverDataSize = sizeof(sp);
    }
    HRESULT hr = d->kt->pfnAllocateCb(d->rt.handle, &al);
    if (FAILED(hr)) {
        return hr;
    }
    memset(a, 0, sizeof(*a));
    a->h = info.hAllocation;
    a->size = size;
    if (shared) {
        shared->km_resource = al.hKMResource;
    }
    return S_OK;
}

HRESULT umd_allocate_3d(UmdDevice *d, UmdAlloc *a, struct sable_alloc_private_3d *p)
{
    return allocate_desc(d, a, &p->base, sizeof(*p), NULL);
}

/* A KMD allocation of `size` bytes. */
HRESULT umd_allocate(UmdDevice *d, UmdAlloc *a, uint64_t size, bool cpu, uint32_t segment)
{
    struct sable_alloc_private p;
    buffer_private(&p, size, cpu, segment);
    return allocate_desc(d, a, &p, sizeof(p), NULL);
}

void umd_resource_alloc_private(const UmdResource *r, struct sable_alloc_private *p)
{
    bool cpu = r->usage == D3D10_DDI_USAGE_DYNAMIC || r->usage == D3D10_DDI_USAGE_STAGING ||
               r->cpu_access != 0;
    uint32_t segment = cpu ? SABLE_SEGMENT_APERTURE : SABLE_SEGMENT_VRAM;
    /* A linear resource in VRAM is CPU visible too (BAR2): uploads write it
     * in place (update_in_place). */
    buffer_private(p, umd_resource_bytes(r), cpu || !r->tiled, segment);
    if (r->primary) {
        /* A linear surface in VRAM (scanout) that the KMD knows as the
         * primary of its VidPN source; allocate_desc tells the runtime too
         * (Flags.Primary, VidPnSourceId: "only for the primary"). */
        p->kind = SABLE_ALLOC_SURFACE;
        p->flags = SABLE_ALLOC_F_PRIMARY;
        p->format = umd_sable_format(r->format);
        p->pitch = r->sub[0].pitch;
        p->width = r->width;
        p->height = r->height;
        p->segment = SABLE_SEGMENT_VRAM;
        p->vidpn_source = r->vidpn_source;
    } else if (r->tiled) {
        /* One TILE_Y surface of r->rows rows of r->sub[0].pitch bytes
         * (described as B8G8R8A8 pixels: the KMD checks the extent; the UMD
         * names each subresource's format in its packets). */
        p->kind = SABLE_ALLOC_SURFACE;
        p->flags |= SABLE_ALLOC_F_TILE_Y;
        p->format = SABLE_FORMAT_B8G8R8A8_UNORM;
        p->pitch = r->sub[0].pitch;
        p->width = p->pitch / 4;
        p->height = r->rows;
    }
}

/* A primary (pPrimaryDesc: a surface the display scans out): a Texture2D
 * of one subresource in a format the scanout accepts (docs/protocol.md
 * section 2.10: every 2D format but A8_UNORM), not rotated. */
static bool primary_ok(const D3D11DDIARG_CREATERESOURCE *c)
{
    uint32_t f = umd_sable_format(c->Format);
    DXGI_DDI_MODE_ROTATION rot = c->pPrimaryDesc->ModeDesc.Rotation;
    return c->ResourceDimension == D3D10DDIRESOURCE_TEXTURE2D && c->MipLevels == 1 &&
           c->ArraySize == 1 && f != SABLE_FORMAT_INVALID && f != SABLE_FORMAT_A8_UNORM &&
           (rot == DXGI_DDI_MODE_ROTATION_IDENTITY || rot == DXGI_DDI_MODE_ROTATION_UNSPECIFIED);
}

/* What the UMD can create beyond a layout (umd_resource_setup): 4x
 * multisampling (quality 0) only on the 3D path (checked once the
 * resource is described); an optional primary the display cannot show is
 * created as an ordinary resource (DriverFlags NO_SCANOUT). */
static bool creatable(const D3D11DDIARG_CREATERESOURCE *c)
{
    return (c->SampleDesc.Count <= 1 ||
            (c->SampleDesc.Count == UMD_MSAA_SAMPLES && c->SampleDesc.Quality == 0)) &&
           (!c->pPrimaryDesc || primary_ok(c) ||
            (c->pPrimaryDesc->Flags & DXGI_DDI_PRIMARY_OPTIONAL));
}

static HRESULT allocate_2d(UmdDevice *d, UmdResource *r)
{
    struct sable_alloc_private p;
    umd_resource_alloc_private(r, &p);
    return allocate_desc(d, &r->alloc, &p, sizeof(p),
                         (r->misc & D3D10_DDI_RESOURCE_MISC_SHARED) ? r : NULL);
}

/* A 3D allocation (res3d.c): the KMD writes the resource id back into the
 * private data. */
HRESULT umd_resource_alloc_3d(UmdDevice *d, UmdResource *r)
{
    struct sable_alloc_private_3d p;
    umd_res3d_private(r, umd_resource_bytes(r), &p);
    if ((r->bind & D3D10_DDI_BIND_CONSTANT_BUFFER) && !(r->cb_data = calloc(1, r->width))) {
        return E_OUTOFMEMORY;
    }
    HRESULT hr = allocate_desc(d, &r->alloc, &p.base, sizeof(p), NULL);
    if (SUCCEEDED(hr) && p.virgl.res_id == 0) {
        umd_deallocate(d, NULL, r->alloc.h);
        hr = E_OUTOFMEMORY;
    }
    if (FAILED(hr)) {
        free(r->cb_data);
        r->cb_data = NULL;
        return hr;
    }
    r->res_id = p.virgl.res_id;
    r->virgl_format = p.virgl.format;
    return S_OK;
}

void umd_resource_create(UmdDevice *d, const D3D11DDIARG_CREATERESOURCE *c, UmdResource *r,
                         D3D10DDI_HRTRESOURCE rt)
{
    memset(r, 0, sizeof(*r));
    if (umd_check_lost(d, UMD_DDI_CreateResource)) {
        return;
    }
    /* "cannot create" is the one failure CreateResource reports */
    UmdResourceDesc desc;
    desc_of(c, &desc);
    r->primary = c->pPrimaryDesc && primary_ok(c);
    r->vidpn_source = r->primary ? c->pPrimaryDesc->VidPnSourceId : 0;
    if (!creatable(c) || !umd_resource_setup(d, r, &desc) ||
        (r->samples > 1 && (!umd_res3d_wanted(d, r) || !umd_res3d_msaa(d, r->format, r->samples)))) {
        memset(r, 0, sizeof(*r));
        umd_unsupported(d, UMD_DDI_CreateResource, 0);
        return;
    }
    r->magic = UMD_RESOURCE_MAGIC;
    r->rt = rt;
    r->byte_stride = c->ByteStride;
    HRESULT hr = umd_res3d_wanted(d, r) ? umd_resource_alloc_3d(d, r)
                                        : allocate_2d(d, r);
    d->tiled_resources += r->tiled && SUCCEEDED(hr);
    if (FAILED(hr)) {
        r->magic = 0;
        umd_error(d, UMD_DDI_CreateResource, to_create_error(hr), 0);
        return;
    }
    if (c->pPrimaryDesc) {
        c->pPrimaryDesc->DriverFlags = r->primary ? 0 : DXGI_DDI_PRIMARY_DRIVER_FLAG_NO_SCANOUT;
    }
    if (c->pInitialDataUP) {
        for (uint32_t s = 0; s < r->nsub; s++) {
            const D3D10_DDIARG_SUBRESOURCE_UP *up = &c->pInitialDataUP[s];
            if (up->pSysMem) {
                umd_update_subresource(d, UMD_DDI_CreateResource, r, s, NULL, up->pSysMem,
                                       up->SysMemPitch, up->SysMemSlicePitch);
            }
        }
    }
}

void umd_resource_destroy(UmdDevice *d, UmdResource *r)
{
    if (r->magic != UMD_RESOURCE_MAGIC) {
        return; /* creation failed */
    }
    if (umd_stream_names(d, &r->alloc)) {
        umd_stream_flush(d, UMD_DDI_DestroyResource); /* the chunk names r */
    }
    if (r->mapped && !(r->dyn && r->map_base == r->dyn)) {
        umd_unlock(d, r->shadow_used ? r->shadow.h : r->alloc.h);
        if (r->shadow_used) {
            umd_defer_destroy(d, NULL, r->shadow.h);
            r->shadow_used = false;
        }
    }
    r->mapped = 0;
    umd_state_forget(d, r);
    free(r->cb_data);
    r->cb_data = NULL;
    free(r->dyn);
    r->dyn = NULL;
    /* Primaries are destroyed at once (after submitting what names them);
     * the rest waits for the submission of whatever references it. A shared
     * (or opened) resource is released through its runtime resource
     * handle, which releases its allocations and its reference to the
     * kernel-mode resource (pfnDeallocateCb with hResource). */
    HANDLE rt = (r->misc & D3D10_DDI_RESOURCE_MISC_SHARED) ? r->rt.handle : NULL;
    if (r->primary) {
        umd_destroy_now(d, rt, &r->alloc);
    } else {
        umd_defer_destroy(d, rt, r->alloc.h);
    }
    r->magic = 0;
}

int sable_umd_resource_tiled(const void *drv_resource)
{
    const UmdResource *r = drv_resource;
    return r && r->magic == UMD_RESOURCE_MAGIC && r->tiled;
}
