/* SPDX-License-Identifier: MIT */
/*
 * Resources: buffers, Texture1D, Texture2D, cubes and Texture3D (mips,
 * arrays; a Texture1D is a Texture2D of height 1, a cube a 2D array of 6n
 * faces, a Texture3D mip a stack of depth slices), one KMD allocation each
 * holding every subresource (subresource = mip + slice * mips, as D3D
 * numbers them): linearly, or for Texture2D/cubes that are not staging as
 * one TILE_Y surface whose 32-row bands are the subresources (tiled_layout;
 * COPY_2D moves their bytes, Map goes through a swizzling range or the
 * copy-and-deswizzle fallback). Uploads (initial data, UpdateSubresourceUP) go through
 * a driver temporary allocation and COPY packets; copies are COPY packets;
 * clears of render targets are SOLID_FILL_2D packets. Map follows the
 * pfnLockCb rules (docs/umd.md).
 */
#include <stdlib.h>
#include <string.h>

#include "umd.h"

#define UMD_PITCH_ALIGN 64u
#define UMD_SUB_ALIGN 256u

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) / a * a;
}

uint32_t umd_format_bpp(DXGI_FORMAT f)
{
    switch (f) {
    case DXGI_FORMAT_R32G32B32A32_TYPELESS:
    case DXGI_FORMAT_R32G32B32A32_FLOAT:
    case DXGI_FORMAT_R32G32B32A32_UINT:
        return 16;
    case DXGI_FORMAT_R32G32B32_FLOAT:
        return 12;
    case DXGI_FORMAT_R16G16B16A16_TYPELESS:
    case DXGI_FORMAT_R16G16B16A16_FLOAT:
    case DXGI_FORMAT_R16G16B16A16_UNORM:
    case DXGI_FORMAT_R32G32_FLOAT:
    case DXGI_FORMAT_R32G8X24_TYPELESS:
    case DXGI_FORMAT_D32_FLOAT_S8X24_UINT:
        return 8;
    case DXGI_FORMAT_R10G10B10A2_TYPELESS:
    case DXGI_FORMAT_R10G10B10A2_UNORM:
    case DXGI_FORMAT_R11G11B10_FLOAT:
    case DXGI_FORMAT_R8G8B8A8_TYPELESS:
    case DXGI_FORMAT_R8G8B8A8_UNORM:
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
    case DXGI_FORMAT_R8G8B8A8_UINT:
    case DXGI_FORMAT_R8G8B8A8_SNORM:
    case DXGI_FORMAT_R8G8B8A8_SINT:
    case DXGI_FORMAT_R16G16_TYPELESS:
    case DXGI_FORMAT_R16G16_FLOAT:
    case DXGI_FORMAT_R16G16_UNORM:
    case DXGI_FORMAT_R32_TYPELESS:
    case DXGI_FORMAT_D32_FLOAT:
    case DXGI_FORMAT_R32_FLOAT:
    case DXGI_FORMAT_R32_UINT:
    case DXGI_FORMAT_R32_SINT:
    case DXGI_FORMAT_R24G8_TYPELESS:
    case DXGI_FORMAT_D24_UNORM_S8_UINT:
    case DXGI_FORMAT_R24_UNORM_X8_TYPELESS:
    case DXGI_FORMAT_X24_TYPELESS_G8_UINT:
    case DXGI_FORMAT_B8G8R8A8_UNORM:
    case DXGI_FORMAT_B8G8R8X8_UNORM:
    case DXGI_FORMAT_B8G8R8A8_TYPELESS:
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
    case DXGI_FORMAT_B8G8R8X8_TYPELESS:
    case DXGI_FORMAT_B8G8R8X8_UNORM_SRGB:
        return 4;
    case DXGI_FORMAT_R8G8_TYPELESS:
    case DXGI_FORMAT_R8G8_UNORM:
    case DXGI_FORMAT_R16_TYPELESS:
    case DXGI_FORMAT_R16_FLOAT:
    case DXGI_FORMAT_D16_UNORM:
    case DXGI_FORMAT_R16_UNORM:
    case DXGI_FORMAT_R16_UINT:
    case DXGI_FORMAT_B5G6R5_UNORM:
    case DXGI_FORMAT_B5G5R5A1_UNORM:
        return 2;
    case DXGI_FORMAT_R8_TYPELESS:
    case DXGI_FORMAT_R8_UNORM:
    case DXGI_FORMAT_R8_UINT:
    case DXGI_FORMAT_A8_UNORM:
        return 1;
    default:
        return 0; /* block-compressed and the rest: not supported yet */
    }
}

/* The device's 2D format for a render-target format (UNORM, linear). */
static uint32_t sable_format_of(DXGI_FORMAT f)
{
    switch (f) {
    case DXGI_FORMAT_R8G8B8A8_UNORM: return SABLE_FORMAT_R8G8B8A8_UNORM;
    case DXGI_FORMAT_B8G8R8A8_UNORM: return SABLE_FORMAT_B8G8R8A8_UNORM;
    case DXGI_FORMAT_B8G8R8X8_UNORM: return SABLE_FORMAT_B8G8R8X8_UNORM;
    case DXGI_FORMAT_B5G6R5_UNORM: return SABLE_FORMAT_B5G6R5_UNORM;
    case DXGI_FORMAT_B5G5R5A1_UNORM: return SABLE_FORMAT_B5G5R5A1_UNORM;
    case DXGI_FORMAT_A8_UNORM: return SABLE_FORMAT_A8_UNORM;
    case DXGI_FORMAT_R10G10B10A2_UNORM: return SABLE_FORMAT_R10G10B10A2_UNORM;
    default: return SABLE_FORMAT_INVALID;
    }
}

/* CheckFormatSupport: RENDERTARGET for the formats a texture RTV can have
 * (clears are what a render target does until the 3D issue); no shader
 * sampling, blending or multisampling yet. */
UINT umd_format_caps(DXGI_FORMAT f)
{
    return sable_format_of(f) != SABLE_FORMAT_INVALID ? D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET : 0;
}

uint32_t umd_desc_subresources(const UmdResourceDesc *s)
{
    if (s->dim == D3D10DDIRESOURCE_BUFFER) {
        return 1;
    }
    /* A cube is a 2D array of ArraySize faces, 6 per cube ("First2DArrayFace
     * + 6 * NumCubes <= Resource ArraySize", D3D10_1DDIARG_TEXCUBE_SRV). */
    if (s->dim == D3D10DDIRESOURCE_TEXTURECUBE && (s->array_size % 6 || s->width != s->height)) {
        return 0;
    }
    if (s->dim == D3D10DDIRESOURCE_TEXTURE3D && s->array_size != 1) {
        return 0;
    }
    if ((s->dim != D3D10DDIRESOURCE_TEXTURE2D && s->dim != D3D10DDIRESOURCE_TEXTURE1D &&
         s->dim != D3D10DDIRESOURCE_TEXTURECUBE && s->dim != D3D10DDIRESOURCE_TEXTURE3D) ||
        s->mips == 0 || s->array_size == 0 || s->mips > 15 ||
        s->array_size > UMD_MAX_SUBRESOURCES ||
        (uint64_t)s->mips * s->array_size > UMD_MAX_SUBRESOURCES) {
        return 0;
    }
    return s->mips * s->array_size;
}

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

/* A KMD allocation of `size` bytes. */
HRESULT umd_allocate(UmdDevice *d, UmdAlloc *a, uint64_t size, bool cpu, uint32_t segment)
{
    struct sable_alloc_private p;
    buffer_private(&p, size, cpu, segment);
    return allocate_desc(d, a, &p, sizeof(p), NULL);
}

static HRESULT lock(UmdDevice *d, D3DDDICB_LOCK *l)
{
    return d->kt->pfnLockCb(d->rt.handle, l);
}

HRESULT umd_lock_discard(UmdDevice *d, UmdDdi ddi, UmdAlloc *a, bool donotwait,
                         D3DDDICB_LOCK *l)
{
    /* Rename: a new instance, whatever the command buffer holds. If the
     * video memory manager cannot, submit what references the allocation
     * and retry, now without existing reference. */
    memset(l, 0, sizeof(*l));
    l->hAllocation = a->h;
    l->Flags.Discard = 1;
    l->Flags.WriteOnly = 1;
    HRESULT hr = lock(d, l);
    if (FAILED(hr) && hr != D3DDDIERR_DEVICEREMOVED) {
        umd_cmd_submit(d, ddi, false);
        if (d->lost) {
            umd_check_lost(d, ddi);
            return D3DDDIERR_DEVICEREMOVED;
        }
        d->discard_retries++;
        memset(l, 0, sizeof(*l));
        l->hAllocation = a->h;
        l->Flags.Discard = 1;
        l->Flags.WriteOnly = 1;
        l->Flags.NoExistingReference = 1;
        l->Flags.DonotWait = donotwait;
        hr = lock(d, l);
    }
    if (SUCCEEDED(hr) && l->hAllocation != a->h) {
        a->h = l->hAllocation; /* later packets name the new instance */
        a->list_seq = 0;
        a->renames++;
    }
    return hr;
}

static void unlock(UmdDevice *d, D3DKMT_HANDLE h)
{
    D3DDDICB_UNLOCK u = { .NumAllocations = 1, .phAllocations = &h };
    d->kt->pfnUnlockCb(d->rt.handle, &u);
}

/* TILE_Y where the layout allows it: Texture2D and cubes that are not
 * staging, on a device with FEATURE_TILING, whose texel is 1, 2 or a
 * multiple of 4 bytes (COPY_2D moves them as A8, B5G6R5 or B8G8R8A8
 * pixels), with the whole surface (pitch / 4 pixels, every subresource's
 * rows padded to 32) within the device's maximum dimension. */
static bool tiled_layout(const UmdDevice *d, UmdResource *r)
{
    if (!(d->adapter->priv.device_features & SABLE_FEATURE_TILING) ||
        (r->dim != D3D10DDIRESOURCE_TEXTURE2D && r->dim != D3D10DDIRESOURCE_TEXTURECUBE) ||
        r->usage == D3D10_DDI_USAGE_STAGING) {
        return false;
    }
    if (r->bpp == 1) {
        r->copy_format = SABLE_FORMAT_A8_UNORM;
        r->copy_scale = 1;
    } else if (r->bpp == 2) {
        r->copy_format = SABLE_FORMAT_B5G6R5_UNORM;
        r->copy_scale = 1;
    } else if (r->bpp % 4 == 0) {
        r->copy_format = SABLE_FORMAT_B8G8R8A8_UNORM;
        r->copy_scale = r->bpp / 4;
    } else {
        return false;
    }
    uint64_t pitch = align_up((uint64_t)r->width * r->bpp, SABLE_TILE_WIDTH);
    uint64_t rows = 0;
    for (uint32_t m = 0; m < r->mips; m++) {
        uint32_t h = r->height >> m ? r->height >> m : 1;
        rows += align_up(h, SABLE_TILE_HEIGHT);
    }
    rows *= r->array_size;
    uint32_t max = d->adapter->priv.max_surface_dim;
    if (pitch / 4 > max || rows > max) {
        return false;
    }
    uint64_t row = 0;
    for (uint32_t s = 0; s < r->array_size; s++) {
        for (uint32_t m = 0; m < r->mips; m++) {
            UmdSubresource *sub = &r->sub[m + s * r->mips];
            sub->width = r->width >> m ? r->width >> m : 1;
            sub->height = r->height >> m ? r->height >> m : 1;
            sub->depth = 1;
            sub->pitch = (uint32_t)pitch;
            sub->slice_pitch = pitch * sub->height;
            sub->size = sub->slice_pitch;
            sub->offset = row * pitch;
            row += align_up(sub->height, SABLE_TILE_HEIGHT);
        }
    }
    r->rows = (uint32_t)rows;
    r->tiled = true;
    return true;
}

static void layout(UmdResource *r)
{
    uint64_t off = 0;
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        r->sub[0] = (UmdSubresource){ .offset = 0, .pitch = r->width, .width = r->width,
                                      .height = 1, .depth = 1, .slice_pitch = r->width,
                                      .size = r->width };
        return;
    }
    for (uint32_t s = 0; s < r->array_size; s++) {
        for (uint32_t m = 0; m < r->mips; m++) {
            UmdSubresource *sub = &r->sub[m + s * r->mips];
            sub->width = r->width >> m ? r->width >> m : 1;
            sub->height = r->height >> m ? r->height >> m : 1;
            sub->depth = r->depth >> m ? r->depth >> m : 1;
            sub->pitch = (uint32_t)align_up((uint64_t)sub->width * r->bpp, UMD_PITCH_ALIGN);
            sub->slice_pitch = (uint64_t)sub->pitch * sub->height;
            sub->size = sub->slice_pitch * sub->depth;
            off = align_up(off, UMD_SUB_ALIGN);
            sub->offset = off;
            off += sub->size;
        }
    }
}

static uint64_t total_size(const UmdResource *r)
{
    if (r->tiled) {
        return (uint64_t)r->sub[0].pitch * r->rows;
    }
    const UmdSubresource *last = &r->sub[r->nsub - 1];
    return last->offset + last->size;
}

void umd_resource_alloc_private(const UmdResource *r, struct sable_alloc_private *p)
{
    bool cpu = r->usage == D3D10_DDI_USAGE_DYNAMIC || r->usage == D3D10_DDI_USAGE_STAGING ||
               r->cpu_access != 0;
    uint32_t segment = cpu ? SABLE_SEGMENT_APERTURE : SABLE_SEGMENT_VRAM;
    /* A linear resource in VRAM is CPU visible too (BAR2): uploads write it
     * in place (update_in_place). */
    buffer_private(p, total_size(r), cpu || !r->tiled, segment);
    if (r->primary) {
        /* A linear surface in VRAM (scanout) that the KMD knows as the
         * primary of its VidPN source; allocate_desc tells the runtime too
         * (Flags.Primary, VidPnSourceId: "only for the primary"). */
        p->kind = SABLE_ALLOC_SURFACE;
        p->flags = SABLE_ALLOC_F_PRIMARY;
        p->format = sable_format_of(r->format);
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

bool umd_resource_setup(UmdDevice *d, UmdResource *r, const UmdResourceDesc *desc)
{
    uint32_t nsub = umd_desc_subresources(desc);
    bool buffer = desc->dim == D3D10DDIRESOURCE_BUFFER;
    bool tex1d = desc->dim == D3D10DDIRESOURCE_TEXTURE1D;
    uint32_t bpp = buffer ? 1 : umd_format_bpp(desc->format);
    uint32_t max = d->adapter->priv.max_surface_dim;
    if (!nsub || !bpp || desc->width == 0 || desc->height == 0 ||
        (!buffer && (desc->width > max || (!tex1d && desc->height > max)))) {
        return false;
    }
    r->dim = desc->dim;
    r->usage = desc->usage;
    r->bind = desc->bind;
    r->cpu_access = desc->cpu_access;
    r->misc = desc->misc;
    r->format = desc->format;
    r->bpp = bpp;
    r->width = desc->width;
    r->height = desc->height;
    r->depth = desc->depth;
    r->mips = desc->mips;
    r->array_size = desc->array_size;
    r->nsub = nsub;
    /* primaries stay linear: the display scans them out */
    if (r->primary || umd_res3d_wanted(d, r) || !tiled_layout(d, r)) {
        layout(r);
    }
    return true;
}

/* A primary (pPrimaryDesc: a surface the display scans out): a Texture2D
 * of one subresource in a format the scanout accepts (docs/protocol.md
 * section 2.10: every 2D format but A8_UNORM), not rotated. */
static bool primary_ok(const D3D11DDIARG_CREATERESOURCE *c)
{
    uint32_t f = sable_format_of(c->Format);
    DXGI_DDI_MODE_ROTATION rot = c->pPrimaryDesc->ModeDesc.Rotation;
    return c->ResourceDimension == D3D10DDIRESOURCE_TEXTURE2D && c->MipLevels == 1 &&
           c->ArraySize == 1 && f != SABLE_FORMAT_INVALID && f != SABLE_FORMAT_A8_UNORM &&
           (rot == DXGI_DDI_MODE_ROTATION_IDENTITY || rot == DXGI_DDI_MODE_ROTATION_UNSPECIFIED);
}

/* What the UMD can create beyond a layout (umd_resource_setup): not yet
 * multisampling; an optional primary the display cannot show is created as
 * an ordinary resource (DriverFlags NO_SCANOUT). */
static bool creatable(const D3D11DDIARG_CREATERESOURCE *c)
{
    return c->SampleDesc.Count <= 1 &&
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
 * private data; constant buffers get their CPU copy. */
static HRESULT allocate_3d(UmdDevice *d, UmdResource *r)
{
    struct sable_alloc_private_3d p;
    umd_res3d_private(r, total_size(r), &p);
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
    if (!creatable(c) || !umd_resource_setup(d, r, &desc)) {
        memset(r, 0, sizeof(*r));
        umd_unsupported(d, UMD_DDI_CreateResource, 0);
        return;
    }
    r->magic = UMD_RESOURCE_MAGIC;
    r->rt = rt;
    HRESULT hr = umd_res3d_wanted(d, r) ? allocate_3d(d, r)
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
    if (r->mapped) {
        unlock(d, r->shadow_used ? r->shadow.h : r->alloc.h);
        if (r->shadow_used) {
            umd_defer_destroy(d, NULL, r->shadow.h);
            r->shadow_used = false;
        }
        r->mapped = 0;
    }
    umd_state_forget(d, r);
    free(r->cb_data);
    r->cb_data = NULL;
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

/* ---- packets ---- */

static bool emit_copy(UmdDevice *d, UmdDdi ddi, UmdAlloc *dst, uint64_t doff, UmdAlloc *src,
                      uint64_t soff, uint64_t size)
{
    UmdAlloc *const allocs[2] = { dst, src };
    uint8_t *p = umd_cmd_begin(d, ddi, sizeof(struct sable_cmd_copy), allocs, 2, 2);
    if (!p) {
        return false;
    }
    struct sable_cmd_copy k;
    memset(&k, 0, sizeof(k));
    k.header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, sizeof(k) / 4);
    k.size = size;
    memcpy(p, &k, sizeof(k));
    umd_cmd_patch(d, offsetof(struct sable_cmd_copy, dst), dst, doff, true);
    umd_cmd_patch(d, offsetof(struct sable_cmd_copy, src), src, soff, false);
    umd_cmd_commit(d);
    return true;
}

/* A 2D surface for COPY_2D: allocation, offset of its first byte, pitch,
 * size in copy pixels, layout. */
typedef struct UmdSurf {
    UmdAlloc *a;
    uint64_t off;
    uint32_t pitch, w, h, tiling;
} UmdSurf;

/* Subresource s of r as a surface of copy pixels (r's copy format). */
static UmdSurf sub_surf(UmdResource *r, uint32_t s, uint32_t scale)
{
    const UmdSubresource *sub = &r->sub[s];
    return (UmdSurf){ &r->alloc, sub->offset, sub->pitch, sub->width * scale, sub->height,
                      r->tiled ? SABLE_TILING_Y : SABLE_TILING_LINEAR };
}

static void put_surf(struct sable_surface *o, const UmdSurf *s, uint32_t format)
{
    o->pitch = s->pitch;
    o->format = SABLE_SURFACE_FORMAT(format, s->tiling);
    o->width = s->w;
    o->height = s->h;
}

/* COPY_2D of w x h copy pixels from (sx, sy) of src to (dx, dy) of dst. */
static bool emit_copy_2d(UmdDevice *d, UmdDdi ddi, uint32_t format, const UmdSurf *dst,
                         uint32_t dx, uint32_t dy, const UmdSurf *src, uint32_t sx, uint32_t sy,
                         uint32_t w, uint32_t h)
{
    UmdAlloc *const allocs[2] = { dst->a, src->a };
    uint8_t *p = umd_cmd_begin(d, ddi, sizeof(struct sable_cmd_copy_2d), allocs, 2, 2);
    if (!p) {
        return false;
    }
    struct sable_cmd_copy_2d k;
    memset(&k, 0, sizeof(k));
    k.header = SABLE_CMD_HEADER(SABLE_OP_COPY_2D, 0, sizeof(k) / 4);
    put_surf(&k.src, src, format);
    put_surf(&k.dst, dst, format);
    k.src_rect = (struct sable_rect){ sx, sy, w, h };
    k.dst_x = dx;
    k.dst_y = dy;
    memcpy(p, &k, sizeof(k));
    /* src precedes dst in the packet: patch locations in offset order */
    umd_cmd_patch(d, offsetof(struct sable_cmd_copy_2d, src.addr), src->a, src->off, false);
    umd_cmd_patch(d, offsetof(struct sable_cmd_copy_2d, dst.addr), dst->a, dst->off, true);
    umd_cmd_commit(d);
    return true;
}

/* The whole tiled surface of r and a linear allocation of the same layout
 * (the copy-and-deswizzle path), as B8G8R8A8 pixels. */
static bool copy_whole(UmdDevice *d, UmdDdi ddi, UmdResource *r, bool to_linear)
{
    uint32_t pitch = r->sub[0].pitch;
    UmdSurf t = { &r->alloc, 0, pitch, pitch / 4, r->rows, SABLE_TILING_Y };
    UmdSurf l = { &r->shadow, 0, pitch, pitch / 4, r->rows, SABLE_TILING_LINEAR };
    return to_linear ? emit_copy_2d(d, ddi, SABLE_FORMAT_B8G8R8A8_UNORM, &l, 0, 0, &t, 0, 0,
                                    pitch / 4, r->rows)
                     : emit_copy_2d(d, ddi, SABLE_FORMAT_B8G8R8A8_UNORM, &t, 0, 0, &l, 0, 0,
                                    pitch / 4, r->rows);
}

/* Copy `rows` rows of `row_bytes` between two pitched regions: one COPY
 * when both are contiguous, else one per row. */
static void copy_rows(UmdDevice *d, UmdDdi ddi, UmdAlloc *dst, uint64_t doff, uint32_t dpitch,
                      UmdAlloc *src, uint64_t soff, uint32_t spitch, uint64_t row_bytes,
                      uint32_t rows)
{
    if (rows == 1 || (row_bytes == dpitch && row_bytes == spitch)) {
        emit_copy(d, ddi, dst, doff, src, soff, row_bytes * rows);
        return;
    }
    for (uint32_t y = 0; y < rows; y++) {
        if (!emit_copy(d, ddi, dst, doff + (uint64_t)y * dpitch, src, soff + (uint64_t)y * spitch,
                       row_bytes)) {
            return;
        }
    }
}

/* The byte region of a box in subresource s: first byte, bytes per row,
 * rows, slices (Texture3D). False if the box is empty or outside. */
static bool box_region(const UmdResource *r, uint32_t s, const D3D10_DDI_BOX *box,
                       uint64_t *off, uint64_t *row_bytes, uint32_t *rows, uint32_t *slices)
{
    const UmdSubresource *sub = &r->sub[s];
    uint32_t left = 0, top = 0, front = 0, right = sub->width, bottom = sub->height;
    uint32_t back = sub->depth;
    if (box) {
        if (box->left < 0 || box->top < 0 || box->front < 0 || box->right <= box->left ||
            box->bottom <= box->top || box->back <= box->front ||
            (uint32_t)box->right > sub->width || (uint32_t)box->bottom > sub->height ||
            (uint32_t)box->back > sub->depth) {
            return false;
        }
        left = (uint32_t)box->left;
        top = (uint32_t)box->top;
        front = (uint32_t)box->front;
        right = (uint32_t)box->right;
        bottom = (uint32_t)box->bottom;
        back = (uint32_t)box->back;
    }
    *off = sub->offset + (uint64_t)front * sub->slice_pitch + (uint64_t)top * sub->pitch +
           (uint64_t)left * r->bpp;
    *row_bytes = (uint64_t)(right - left) * r->bpp;
    *rows = bottom - top;
    *slices = back - front;
    return true;
}

/* Where an upload's bytes go: a piece of the upload ring (1), or, for more
 * than the ring holds, a temporary allocation *tmp (0), locked for writing
 * in *p; -1 on failure (reported). */
static int stage_begin(UmdDevice *d, UmdDdi ddi, uint64_t size, UmdUploadPiece *p, UmdAlloc *tmp)
{
    int ring = umd_upload_begin(d, ddi, size, p);
    if (ring) {
        return ring;
    }
    HRESULT hr = umd_allocate(d, tmp, size, true, SABLE_SEGMENT_APERTURE);
    if (FAILED(hr)) {
        umd_error(d, ddi, hr == D3DDDIERR_DEVICEREMOVED ? hr : E_OUTOFMEMORY, 0);
        return -1;
    }
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = tmp->h;
    l.Flags.WriteOnly = 1;
    hr = lock(d, &l);
    if (FAILED(hr)) {
        umd_defer_destroy(d, NULL, tmp->h);
        umd_error(d, ddi, hr, 0);
        return -1;
    }
    d->upload_temporaries++;
    *p = (UmdUploadPiece){ .cpu = l.pData, .alloc = tmp, .offset = 0 };
    return 0;
}

/* Rows of an update: slices x rows of row_bytes from data (row_pitch,
 * depth_pitch apart) to dst (dpitch, dslice apart). */
static void copy_update_rows(uint8_t *dst, uint64_t dpitch, uint64_t dslice, const void *data,
                             UINT row_pitch, UINT depth_pitch, uint64_t row_bytes, uint32_t rows,
                             uint32_t slices)
{
    for (uint32_t z = 0; z < slices; z++) {
        for (uint32_t y = 0; y < rows; y++) {
            memcpy(dst + z * dslice + (uint64_t)y * dpitch,
                   (const uint8_t *)data + (uint64_t)z * depth_pitch + (uint64_t)y * row_pitch,
                   row_bytes);
        }
    }
}

/* One CPU copy (docs/umd.md "Uploads"): a linear resource that neither the
 * command buffer being built nor the GPU uses is written in place, through
 * a DonotWait lock of its own CPU-visible allocation (VRAM through BAR2,
 * or the system pages VidMm evicted it to); the GPU reads it where it is.
 * 1: done; 0: in use (or no lock), take the staged path, which keeps the
 * update in order with what is queued; -1: the device is lost (reported). */
static int update_in_place(UmdDevice *d, UmdDdi ddi, UmdResource *r, uint64_t off,
                           uint32_t s, const void *data, UINT row_pitch, UINT depth_pitch,
                           uint64_t row_bytes, uint32_t rows, uint32_t slices)
{
    if (r->tiled || r->mapped || umd_cmd_references(d, &r->alloc)) {
        return 0;
    }
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = r->alloc.h;
    l.Flags.WriteOnly = 1;
    l.Flags.DonotWait = 1;
    HRESULT hr = lock(d, &l);
    if (hr == D3DDDIERR_DEVICEREMOVED) {
        umd_error(d, ddi, hr, 0);
        return -1;
    }
    if (FAILED(hr)) {
        return 0; /* WASSTILLDRAWING: the GPU still uses it */
    }
    const UmdSubresource *sub = &r->sub[s];
    copy_update_rows((uint8_t *)l.pData + off, sub->pitch, sub->slice_pitch, data, row_pitch,
                     depth_pitch, row_bytes, rows, slices);
    unlock(d, r->alloc.h);
    d->upload_in_place++;
    return 1;
}

static void update_subresource(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT s,
                               const D3D10_DDI_BOX *box, const void *data, UINT row_pitch,
                               UINT depth_pitch)
{
    uint64_t off, row_bytes;
    uint32_t rows, slices;
    if (umd_check_lost(d, ddi) || r->magic != UMD_RESOURCE_MAGIC || s >= r->nsub || !data ||
        !box_region(r, s, box, &off, &row_bytes, &rows, &slices)) {
        return;
    }
    if ((rows > 1 && row_pitch < row_bytes) ||
        (slices > 1 && depth_pitch < (uint64_t)row_pitch * (rows - 1) + row_bytes)) {
        return; /* the runtime validated it */
    }
    if (update_in_place(d, ddi, r, off, s, data, row_pitch, depth_pitch, row_bytes, rows,
                        slices)) {
        return;
    }
    /* Tiled: the staged rows are a linear surface (pitch a multiple of 4)
     * that one COPY_2D moves into the subresource. */
    uint64_t tpitch = r->tiled ? align_up(row_bytes, UMD_PITCH_ALIGN) : row_bytes;
    uint64_t slice_bytes = tpitch * rows;
    UmdAlloc tmp;
    UmdUploadPiece p;
    int ring = stage_begin(d, ddi, slice_bytes * slices, &p, &tmp);
    if (ring < 0) {
        return;
    }
    copy_update_rows(p.cpu, tpitch, slice_bytes, data, row_pitch, depth_pitch, row_bytes, rows,
                     slices);
    if (ring) {
        umd_upload_end(d);
    } else {
        unlock(d, tmp.h);
    }
    if (r->tiled) {
        const UmdSubresource *sub = &r->sub[s];
        uint32_t x0 = (uint32_t)((off - sub->offset) % sub->pitch / r->bpp);
        uint32_t y0 = (uint32_t)((off - sub->offset) / sub->pitch);
        uint32_t w = (uint32_t)(row_bytes / r->bpp) * r->copy_scale;
        UmdSurf dst = sub_surf(r, s, r->copy_scale);
        UmdSurf src = { p.alloc, p.offset, (uint32_t)tpitch, w, rows, SABLE_TILING_LINEAR };
        emit_copy_2d(d, ddi, r->copy_format, &dst, x0 * r->copy_scale, y0, &src, 0, 0, w, rows);
    } else {
        for (uint32_t z = 0; z < slices; z++) {
            copy_rows(d, ddi, &r->alloc, off + z * r->sub[s].slice_pitch, r->sub[s].pitch,
                      p.alloc, p.offset + z * slice_bytes, (uint32_t)row_bytes, row_bytes, rows);
        }
    }
    if (!ring) {
        umd_defer_destroy(d, NULL, tmp.h);
    }
}

/* 3D resources around a 2D/copy packet or CPU write (res3d.c): the host
 * copy first if a draw wrote it, the backing newer after a write. */
static bool sync_before(UmdDevice *d, UmdDdi ddi, UmdResource *r)
{
    return r->magic != UMD_RESOURCE_MAGIC || umd_res3d_from_host(d, ddi, r);
}

void umd_update_subresource(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT s,
                            const D3D10_DDI_BOX *box, const void *data, UINT row_pitch,
                            UINT depth_pitch)
{
    if (umd_check_lost(d, ddi) || !sync_before(d, ddi, r)) {
        return;
    }
    update_subresource(d, ddi, r, s, box, data, row_pitch, depth_pitch);
    if (r->magic == UMD_RESOURCE_MAGIC && data) {
        umd_res3d_backing_written(r);
        uint64_t off = box ? (uint64_t)box->left : 0;
        uint64_t n = box ? (uint64_t)(box->right - box->left) : r->width;
        umd_res3d_cb_write(r, off, data, n);
    }
}

static void copy_region(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UINT ds, UINT x, UINT y,
                        UINT z, UmdResource *src, UINT ss, const D3D10_DDI_BOX *box);

static void copy_resource(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UmdResource *src)
{
    if (umd_check_lost(d, ddi) || dst->magic != UMD_RESOURCE_MAGIC ||
        src->magic != UMD_RESOURCE_MAGIC) {
        return;
    }
    /* The runtime guarantees equal dimensions and compatible formats: the
     * same layout unless one is tiled and the other not (a staging copy):
     * then subresource by subresource. */
    if (dst->tiled != src->tiled || dst->nsub != src->nsub ||
        (dst->tiled && (dst->sub[0].pitch != src->sub[0].pitch || dst->rows != src->rows))) {
        for (uint32_t s = 0; s < dst->nsub && s < src->nsub; s++) {
            copy_region(d, ddi, dst, s, 0, 0, 0, src, s, NULL);
        }
        return;
    }
    uint64_t size = total_size(dst) < total_size(src) ? total_size(dst) : total_size(src);
    emit_copy(d, ddi, &dst->alloc, 0, &src->alloc, 0, size);
}

void umd_copy_resource(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UmdResource *src)
{
    if (umd_check_lost(d, ddi) || !sync_before(d, ddi, src) || !sync_before(d, ddi, dst)) {
        return;
    }
    copy_resource(d, ddi, dst, src);
    if (dst->magic == UMD_RESOURCE_MAGIC) {
        umd_res3d_backing_written(dst);
    }
}

static void copy_region(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UINT ds, UINT x, UINT y,
                        UINT z, UmdResource *src, UINT ss, const D3D10_DDI_BOX *box)
{
    uint64_t soff, row_bytes;
    uint32_t rows, slices;
    if (umd_check_lost(d, ddi) || dst->magic != UMD_RESOURCE_MAGIC ||
        src->magic != UMD_RESOURCE_MAGIC || ds >= dst->nsub || ss >= src->nsub ||
        dst->bpp != src->bpp || !box_region(src, ss, box, &soff, &row_bytes, &rows, &slices)) {
        return;
    }
    const UmdSubresource *dsub = &dst->sub[ds];
    if ((uint64_t)x * dst->bpp + row_bytes > (uint64_t)dsub->width * dst->bpp ||
        (uint64_t)y + rows > dsub->height || (uint64_t)z + slices > dsub->depth) {
        return;
    }
    if (dst->tiled || src->tiled) {
        /* COPY_2D (one side at least TILE_Y; Texture2D: one slice) */
        UmdResource *t = dst->tiled ? dst : src;
        uint32_t sc = t->copy_scale;
        const UmdSubresource *ssub = &src->sub[ss];
        uint32_t sx = (uint32_t)((soff - ssub->offset) % ssub->pitch / src->bpp);
        uint32_t sy = (uint32_t)((soff - ssub->offset) / ssub->pitch);
        UmdSurf dsf = sub_surf(dst, ds, sc), sr = sub_surf(src, ss, sc);
        emit_copy_2d(d, ddi, t->copy_format, &dsf, x * sc, y, &sr, sx * sc, sy,
                     (uint32_t)(row_bytes / src->bpp) * sc, rows);
        return;
    }
    uint64_t doff = dsub->offset + (uint64_t)z * dsub->slice_pitch + (uint64_t)y * dsub->pitch +
                    (uint64_t)x * dst->bpp;
    for (uint32_t k = 0; k < slices; k++) {
        copy_rows(d, ddi, &dst->alloc, doff + k * dsub->slice_pitch, dsub->pitch, &src->alloc,
                  soff + k * src->sub[ss].slice_pitch, src->sub[ss].pitch, row_bytes, rows);
    }
}

void umd_copy_region(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UINT ds, UINT x, UINT y, UINT z,
                     UmdResource *src, UINT ss, const D3D10_DDI_BOX *box)
{
    if (umd_check_lost(d, ddi) || !sync_before(d, ddi, src) || !sync_before(d, ddi, dst)) {
        return;
    }
    copy_region(d, ddi, dst, ds, x, y, z, src, ss, box);
    if (dst->magic == UMD_RESOURCE_MAGIC) {
        umd_res3d_backing_written(dst);
    }
}

/* ---- map ---- */

/* Map of a tiled resource (docs/umd.md "Tiled surfaces"): pfnLockCb with
 * AcquireAperture gives the linear view of the whole surface through a
 * swizzling range (PrivateDriverData 0: the allocation is one TILE_Y
 * surface, subresources are row bands of it). Never with DonotWait nor
 * IgnoreSync: DO_NOT_WAIT is answered by a plain DonotWait probe first,
 * NO_OVERWRITE and DISCARD wait like WRITE. D3DERR_NOTAVAILABLE (no range):
 * copy-and-deswizzle into a linear allocation of the same layout. */
static bool map_tiled(UmdDevice *d, UmdDdi ddi, UmdResource *r, D3D10_DDI_MAP type, UINT ctx)
{
    if (umd_cmd_references(d, &r->alloc)) {
        umd_cmd_submit(d, ddi, false);
        if (d->lost) {
            umd_check_lost(d, ddi);
            return false;
        }
    }
    D3DDDICB_LOCK l;
    HRESULT hr;
    if (ctx) {
        memset(&l, 0, sizeof(l));
        l.hAllocation = r->alloc.h;
        l.Flags.ReadOnly = 1;
        l.Flags.DonotWait = 1;
        hr = lock(d, &l);
        if (hr == D3DERR_WASSTILLDRAWING) {
            umd_error(d, ddi, DXGI_DDI_ERR_WASSTILLDRAWING, ctx);
            return false;
        }
        if (FAILED(hr)) {
            umd_error(d, ddi, hr, ctx);
            return false;
        }
        unlock(d, r->alloc.h);
    }
    memset(&l, 0, sizeof(l));
    l.hAllocation = r->alloc.h;
    l.PrivateDriverData = 0;
    l.Flags.AcquireAperture = 1;
    l.Flags.ReadOnly = type == D3D10_DDI_MAP_READ;
    l.Flags.WriteOnly = type == D3D10_DDI_MAP_WRITE || type == D3D10_DDI_MAP_WRITE_DISCARD ||
                        type == D3D10_DDI_MAP_WRITE_NOOVERWRITE;
    hr = lock(d, &l);
    if (SUCCEEDED(hr)) {
        d->aperture_maps++;
        r->map_base = l.pData;
        return true;
    }
    if (hr != D3DERR_NOTAVAILABLE) {
        umd_error(d, ddi, hr, ctx);
        return false;
    }
    /* copy-and-deswizzle */
    d->aperture_fallbacks++;
    hr = umd_allocate(d, &r->shadow, total_size(r), true, SABLE_SEGMENT_APERTURE);
    if (FAILED(hr)) {
        umd_error(d, ddi, hr == D3DDDIERR_DEVICEREMOVED ? hr : E_OUTOFMEMORY, ctx);
        return false;
    }
    if (!copy_whole(d, ddi, r, true) || FAILED(umd_cmd_submit(d, ddi, false)) || d->lost) {
        umd_defer_destroy(d, NULL, r->shadow.h);
        umd_check_lost(d, ddi);
        return false;
    }
    memset(&l, 0, sizeof(l));
    l.hAllocation = r->shadow.h;
    l.Flags.ReadOnly = type == D3D10_DDI_MAP_READ;
    hr = lock(d, &l); /* waits for the copy */
    if (FAILED(hr)) {
        umd_defer_destroy(d, NULL, r->shadow.h);
        umd_error(d, ddi, hr, ctx);
        return false;
    }
    r->shadow_used = true;
    r->shadow_write = type != D3D10_DDI_MAP_READ;
    r->map_base = l.pData;
    return true;
}

void umd_resource_map(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT s, D3D10_DDI_MAP type,
                      UINT flags, D3D10DDI_MAPPED_SUBRESOURCE *out)
{
    UINT ctx = (flags & D3D10_DDI_MAP_FLAG_DONOTWAIT) ? D3D_UMDDI_ERRCTX_MAP_DONOTWAIT : 0;
    memset(out, 0, sizeof(*out));
    if (umd_check_lost(d, ddi) || r->magic != UMD_RESOURCE_MAGIC || s >= r->nsub ||
        !sync_before(d, ddi, r)) {
        return;
    }
    /* A 3D allocation keeps its resource id: no renaming (DISCARD waits) */
    if (r->res_id && type == D3D10_DDI_MAP_WRITE_DISCARD) {
        type = D3D10_DDI_MAP_WRITE;
    }
    if (r->tiled) {
        if (!r->mapped && !map_tiled(d, ddi, r, type, ctx)) {
            return;
        }
        r->shadow_write |= r->shadow_used && type != D3D10_DDI_MAP_READ;
    } else if (!r->mapped) {
        D3DDDICB_LOCK l;
        memset(&l, 0, sizeof(l));
        l.hAllocation = r->alloc.h;
        HRESULT hr;
        if (type == D3D10_DDI_MAP_WRITE_DISCARD) {
            hr = umd_lock_discard(d, ddi, &r->alloc, ctx != 0, &l);
            if (d->lost) {
                return; /* the submission before the retry lost it: reported */
            }
        } else {
            /* A locked allocation cannot be rendered with: what the command
             * buffer holds for it goes first. */
            if (umd_cmd_references(d, &r->alloc)) {
                umd_cmd_submit(d, ddi, false);
                if (d->lost) {
                    umd_check_lost(d, ddi);
                    return;
                }
            }
            if (type == D3D10_DDI_MAP_WRITE_NOOVERWRITE) {
                l.Flags.IgnoreSync = 1; /* the application promised not to touch data in use */
                l.Flags.WriteOnly = 1;
            } else {
                l.Flags.ReadOnly = type == D3D10_DDI_MAP_READ;
                l.Flags.WriteOnly = type == D3D10_DDI_MAP_WRITE;
                l.Flags.DonotWait = ctx != 0;
            }
            hr = lock(d, &l);
        }
        if (hr == D3DERR_WASSTILLDRAWING && ctx) {
            umd_error(d, ddi, DXGI_DDI_ERR_WASSTILLDRAWING, ctx);
            return;
        }
        if (FAILED(hr)) {
            umd_error(d, ddi, hr, ctx); /* DEVICEREMOVED, or the device is lost */
            return;
        }
        r->map_base = l.pData;
    }
    r->mapped++;
    if (type != D3D10_DDI_MAP_READ) {
        umd_res3d_backing_written(r);
    }
    out->pData = r->map_base + r->sub[s].offset;
    out->RowPitch = r->sub[s].pitch;
    out->DepthPitch = (UINT)r->sub[s].slice_pitch;
}

void umd_resource_unmap(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT s)
{
    if (r->magic != UMD_RESOURCE_MAGIC || !r->mapped) {
        return;
    }
    if (--r->mapped == 0) {
        umd_res3d_cb_write(r, 0, r->map_base, r->width);
        r->map_base = NULL;
        if (!r->shadow_used) {
            unlock(d, r->alloc.h); /* the range stays until VidMm needs it */
            return;
        }
        /* copy-and-deswizzle path: write the linear copy back */
        unlock(d, r->shadow.h);
        r->shadow_used = false;
        if (r->shadow_write && !umd_check_lost(d, ddi)) {
            copy_whole(d, ddi, r, false);
        }
        umd_defer_destroy(d, NULL, r->shadow.h);
    }
}

/* Busy: referenced by the command buffer being built, or the GPU still
 * uses it (a DonotWait lock says so). */
BOOL umd_resource_is_busy(UmdDevice *d, UmdResource *r)
{
    if (r->magic != UMD_RESOURCE_MAGIC || r->mapped || d->lost) {
        return 0;
    }
    if (umd_cmd_references(d, &r->alloc)) {
        return 1;
    }
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = r->alloc.h;
    l.Flags.ReadOnly = 1;
    l.Flags.DonotWait = 1;
    HRESULT hr = lock(d, &l);
    if (SUCCEEDED(hr)) {
        unlock(d, r->alloc.h);
        return 0;
    }
    return hr == D3DERR_WASSTILLDRAWING;
}

/* ---- render-target views and clears ---- */

/* Texture1D and cube RTV/DSVs are read through the Tex2D member of the
 * view unions (cube SRVs differ: umd_srv_create gets them converted). */
#define SAME_VIEW_LAYOUT(a, b) \
    _Static_assert(sizeof(a) == sizeof(b) && \
                       offsetof(a, ArraySize) == offsetof(b, ArraySize), \
                   #a " reads as " #b)
SAME_VIEW_LAYOUT(D3D10DDIARG_TEXCUBE_RENDERTARGETVIEW, D3D10DDIARG_TEX2D_RENDERTARGETVIEW);
SAME_VIEW_LAYOUT(D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW, D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW);
SAME_VIEW_LAYOUT(D3D10DDIARG_TEX1D_RENDERTARGETVIEW, D3D10DDIARG_TEX2D_RENDERTARGETVIEW);
SAME_VIEW_LAYOUT(D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW, D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW);
SAME_VIEW_LAYOUT(D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW, D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW);
_Static_assert(offsetof(D3D10DDIARG_TEX3D_RENDERTARGETVIEW, FirstW) ==
                   offsetof(D3D10DDIARG_TEX2D_RENDERTARGETVIEW, FirstArraySlice) &&
               offsetof(D3D10DDIARG_TEX3D_RENDERTARGETVIEW, WSize) ==
                   offsetof(D3D10DDIARG_TEX2D_RENDERTARGETVIEW, ArraySize),
               "Tex3D RTVs (MipSlice, FirstW, WSize) read as Tex2D");

static uint32_t unorm(FLOAT f, uint32_t max);

/* The 32-bit FILL pattern of a buffer view's element cleared to rgba, for
 * the formats whose element repeats every 4 bytes; false for the others. */
static bool buffer_pattern(DXGI_FORMAT f, const FLOAT rgba[4], uint32_t *pattern)
{
    uint32_t p;
    switch (f) {
    case DXGI_FORMAT_R8G8B8A8_UNORM:
        p = unorm(rgba[0], 255) | unorm(rgba[1], 255) << 8 | unorm(rgba[2], 255) << 16 |
            unorm(rgba[3], 255) << 24;
        break;
    case DXGI_FORMAT_B8G8R8A8_UNORM:
        p = unorm(rgba[2], 255) | unorm(rgba[1], 255) << 8 | unorm(rgba[0], 255) << 16 |
            unorm(rgba[3], 255) << 24;
        break;
    case DXGI_FORMAT_R32_FLOAT:
        memcpy(&p, &rgba[0], 4);
        break;
    case DXGI_FORMAT_R32_UINT:
        p = rgba[0] > 0.0f ? (rgba[0] >= 4294967295.0f ? UINT32_MAX : (uint32_t)rgba[0]) : 0;
        break;
    case DXGI_FORMAT_R16_UNORM:
        p = unorm(rgba[0], 0xffffu) * 0x10001u;
        break;
    case DXGI_FORMAT_R8_UNORM:
        p = unorm(rgba[0], 255) * 0x01010101u;
        break;
    default:
        return false;
    }
    if (pattern) {
        *pattern = p;
    }
    return true;
}

void umd_rtv_create(UmdDevice *d, const D3D10DDIARG_CREATERENDERTARGETVIEW *c, UmdRtv *v)
{
    memset(v, 0, sizeof(*v));
    if (umd_check_lost(d, UMD_DDI_CreateRenderTargetView)) {
        return;
    }
    UmdResource *r = umd_res(c->hDrvResource);
    /* Tex1D {MipSlice, FirstArraySlice, ArraySize} has the Tex2D layout. */
    if (r && r->magic == UMD_RESOURCE_MAGIC && r->dim == D3D10DDIRESOURCE_BUFFER &&
        c->ResourceDimension == D3D10DDIRESOURCE_BUFFER) {
        uint32_t esize = umd_format_bpp(c->Format);
        if (!buffer_pattern(c->Format, (const FLOAT[4]){ 0 }, NULL) || !c->Buffer.NumElements ||
            ((uint64_t)c->Buffer.FirstElement + c->Buffer.NumElements) * esize > r->width) {
            umd_unsupported(d, UMD_DDI_CreateRenderTargetView, 0);
            return;
        }
        v->res = r;
        v->format = c->Format;
        v->first_element = c->Buffer.FirstElement;
        v->elements = c->Buffer.NumElements;
        return;
    }
    /* Tex3D {MipSlice, FirstW, WSize}: W slices of the mip play the array
     * slices. */
    uint32_t layers = r && r->magic == UMD_RESOURCE_MAGIC && r->dim == D3D10DDIRESOURCE_TEXTURE3D &&
                      c->Tex3D.MipSlice < r->mips ? r->sub[c->Tex3D.MipSlice].depth
                      : r ? r->array_size : 0;
    if (!r || r->magic != UMD_RESOURCE_MAGIC || c->ResourceDimension != r->dim ||
        r->dim == D3D10DDIRESOURCE_BUFFER || c->Tex2D.MipSlice >= r->mips ||
        c->Tex2D.FirstArraySlice >= layers || c->Tex2D.ArraySize == 0 ||
        c->Tex2D.ArraySize > layers - c->Tex2D.FirstArraySlice ||
        sable_format_of(c->Format != DXGI_FORMAT_UNKNOWN ? c->Format : r->format) ==
            SABLE_FORMAT_INVALID) {
        umd_unsupported(d, UMD_DDI_CreateRenderTargetView, 0); /* buffer views, other formats */
        return;
    }
    v->res = r;
    v->format = c->Format != DXGI_FORMAT_UNKNOWN ? c->Format : r->format;
    v->mip = c->Tex2D.MipSlice;
    v->first_slice = c->Tex2D.FirstArraySlice;
    v->slices = c->Tex2D.ArraySize;
}

static uint32_t unorm8(FLOAT f)
{
    if (!(f > 0.0f)) {
        return 0;
    }
    if (f >= 1.0f) {
        return 255;
    }
    return (uint32_t)(f * 255.0f + 0.5f);
}

void umd_clear_rtv(UmdDevice *d, UmdRtv *v, const FLOAT rgba[4])
{
    if (umd_check_lost(d, UMD_DDI_ClearRenderTargetView) || !v->res ||
        v->res->magic != UMD_RESOURCE_MAGIC) {
        return;
    }
    if (v->res->res_id && v->res->dim != D3D10DDIRESOURCE_BUFFER) {
        umd_clear3d_rtv(d, v, rgba);
        return;
    }
    if (!sync_before(d, UMD_DDI_ClearRenderTargetView, v->res)) {
        return;
    }
    UmdResource *r = v->res;
    umd_res3d_backing_written(r); /* the fills below come before any later draw */
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        uint32_t pattern = 0, esize = umd_format_bpp(v->format);
        buffer_pattern(v->format, rgba, &pattern);
        UmdAlloc *const allocs[1] = { &r->alloc };
        uint8_t *p = umd_cmd_begin(d, UMD_DDI_ClearRenderTargetView, sizeof(struct sable_cmd_fill),
                                   allocs, 1, 1);
        if (!p) {
            return;
        }
        struct sable_cmd_fill f;
        memset(&f, 0, sizeof(f));
        f.header = SABLE_CMD_HEADER(SABLE_OP_FILL, 0, sizeof(f) / 4);
        f.pattern = pattern;
        f.size = (uint64_t)v->elements * esize;
        memcpy(p, &f, sizeof(f));
        umd_cmd_patch(d, offsetof(struct sable_cmd_fill, dst), &r->alloc,
                      (uint64_t)v->first_element * esize, true);
        umd_cmd_commit(d);
        return;
    }
    uint32_t color = unorm8(rgba[3]) << 24 | unorm8(rgba[0]) << 16 | unorm8(rgba[1]) << 8 |
                     unorm8(rgba[2]);
    bool vol = r->dim == D3D10DDIRESOURCE_TEXTURE3D;
    for (uint32_t s = v->first_slice; s < v->first_slice + v->slices; s++) {
        const UmdSubresource *sub = &r->sub[vol ? v->mip : v->mip + s * r->mips];
        uint64_t at = sub->offset + (vol ? s * sub->slice_pitch : 0);
        UmdAlloc *const allocs[1] = { &r->alloc };
        uint8_t *p = umd_cmd_begin(d, UMD_DDI_ClearRenderTargetView,
                                   sizeof(struct sable_cmd_solid_fill_2d), allocs, 1, 1);
        if (!p) {
            return;
        }
        struct sable_cmd_solid_fill_2d f;
        memset(&f, 0, sizeof(f));
        f.header = SABLE_CMD_HEADER(SABLE_OP_SOLID_FILL_2D, 0, sizeof(f) / 4);
        f.color = color;
        f.dst.pitch = sub->pitch;
        f.dst.format = SABLE_SURFACE_FORMAT(sable_format_of(v->format),
                                            r->tiled ? SABLE_TILING_Y : SABLE_TILING_LINEAR);
        f.dst.width = sub->width;
        f.dst.height = sub->height;
        f.rect.w = sub->width;
        f.rect.h = sub->height;
        memcpy(p, &f, sizeof(f));
        umd_cmd_patch(d, offsetof(struct sable_cmd_solid_fill_2d, dst.addr), &r->alloc, at,
                      true);
        umd_cmd_commit(d);
    }
}

/* ---- depth-stencil views and clears ---- */

static bool depth_format(DXGI_FORMAT f)
{
    return f == DXGI_FORMAT_D32_FLOAT || f == DXGI_FORMAT_D16_UNORM ||
           f == DXGI_FORMAT_D24_UNORM_S8_UINT;
}

void umd_dsv_create(UmdDevice *d, UmdResource *r, DXGI_FORMAT format,
                    D3D10DDIRESOURCE_TYPE dim, const D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW *t,
                    UmdDsv *v)
{
    memset(v, 0, sizeof(*v));
    if (umd_check_lost(d, UMD_DDI_CreateDepthStencilView)) {
        return;
    }
    DXGI_FORMAT f = format != DXGI_FORMAT_UNKNOWN ? format : (r ? r->format : format);
    if (!r || r->magic != UMD_RESOURCE_MAGIC || dim != r->dim ||
        r->dim == D3D10DDIRESOURCE_BUFFER || r->dim == D3D10DDIRESOURCE_TEXTURE3D ||
        !depth_format(f) || umd_format_bpp(f) != r->bpp ||
        t->MipSlice >= r->mips || t->FirstArraySlice >= r->array_size || t->ArraySize == 0 ||
        t->ArraySize > r->array_size - t->FirstArraySlice) {
        umd_unsupported(d, UMD_DDI_CreateDepthStencilView, 0); /* 1D/cube, D32S8 */
        return;
    }
    v->res = r;
    v->format = f;
    v->mip = t->MipSlice;
    v->first_slice = t->FirstArraySlice;
    v->slices = t->ArraySize;
}

static uint32_t unorm(FLOAT f, uint32_t max)
{
    if (!(f > 0.0f)) {
        return 0;
    }
    if (f >= 1.0f) {
        return max;
    }
    return (uint32_t)((double)f * max + 0.5);
}

/* A FILL of each view slice with the cleared texel (every byte of the
 * subresource: the pattern repeats per 4 bytes). D24S8 with only one of
 * depth and stencil would need a masked write: not supported yet. */
void umd_clear_dsv(UmdDevice *d, UmdDsv *v, UINT flags, FLOAT depth, UINT8 stencil)
{
    if (umd_check_lost(d, UMD_DDI_ClearDepthStencilView) || !v->res ||
        v->res->magic != UMD_RESOURCE_MAGIC) {
        return;
    }
    if (v->res->res_id) {
        umd_clear3d_dsv(d, v, flags, depth, stencil);
        return;
    }
    if (!sync_before(d, UMD_DDI_ClearDepthStencilView, v->res)) {
        return;
    }
    umd_res3d_backing_written(v->res);
    uint32_t pattern;
    bool clear_depth = (flags & D3D10_DDI_CLEAR_DEPTH) != 0;
    switch (v->format) {
    case DXGI_FORMAT_D32_FLOAT: {
        FLOAT c = depth < 0.0f ? 0.0f : depth > 1.0f ? 1.0f : depth;
        memcpy(&pattern, &c, 4);
        break;
    }
    case DXGI_FORMAT_D16_UNORM:
        pattern = unorm(depth, 0xffffu) * 0x10001u;
        break;
    default: /* D24_UNORM_S8_UINT */
        if ((flags & (D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL)) !=
            (D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL)) {
            umd_unsupported(d, UMD_DDI_ClearDepthStencilView, 0);
            return;
        }
        pattern = unorm(depth, 0xffffffu) | (uint32_t)stencil << 24;
        clear_depth = true;
        break;
    }
    if (!clear_depth) {
        return; /* stencil of a format without stencil: nothing */
    }
    UmdResource *r = v->res;
    for (uint32_t s = v->first_slice; s < v->first_slice + v->slices; s++) {
        const UmdSubresource *sub = &r->sub[v->mip + s * r->mips];
        UmdAlloc *const allocs[1] = { &r->alloc };
        uint8_t *p = umd_cmd_begin(d, UMD_DDI_ClearDepthStencilView, sizeof(struct sable_cmd_fill),
                                   allocs, 1, 1);
        if (!p) {
            return;
        }
        struct sable_cmd_fill f;
        memset(&f, 0, sizeof(f));
        f.header = SABLE_CMD_HEADER(SABLE_OP_FILL, 0, sizeof(f) / 4);
        f.pattern = pattern;
        /* tiled: the subresource's whole tile rows (the pattern repeats per
         * 4 bytes and TILE_Y keeps 16-byte columns, so every texel gets it) */
        f.size = r->tiled ? (uint64_t)sub->pitch * align_up(sub->height, SABLE_TILE_HEIGHT)
                          : sub->size;
        memcpy(p, &f, sizeof(f));
        umd_cmd_patch(d, offsetof(struct sable_cmd_fill, dst), &r->alloc, sub->offset, true);
        umd_cmd_commit(d);
    }
}

/* ---- shader-resource views ---- */

/* Buffer and Texture2D views are recorded for when shaders sample them;
 * other dimensions are not supported yet. MipLevels (UINT)-1: all from
 * MostDetailedMip. */
void umd_srv_create(UmdDevice *d, UmdResource *r, DXGI_FORMAT format, D3D10DDIRESOURCE_TYPE dim,
                    const D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW *buf,
                    const D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW *tex, UmdSrv *v)
{
    memset(v, 0, sizeof(*v));
    if (umd_check_lost(d, UMD_DDI_CreateShaderResourceView)) {
        return;
    }
    bool ok = r && r->magic == UMD_RESOURCE_MAGIC && dim == r->dim;
    if (ok && dim == D3D10DDIRESOURCE_BUFFER) {
        uint32_t esize = umd_format_bpp(format);
        ok = esize && buf->NumElements &&
             ((uint64_t)buf->FirstElement + buf->NumElements) * esize <= r->width;
        if (ok) {
            v->first_element = buf->FirstElement;
            v->elements = buf->NumElements;
        }
    } else if (ok) { /* 1D, 2D, cube (as 2D), 3D (Tex3D given as {mip, 0, mips, 1}) */
        /* (Tex1D has the Tex2D layout) */
        uint32_t mips = tex->MipLevels == UINT32_MAX && tex->MostDetailedMip < r->mips
                            ? r->mips - tex->MostDetailedMip : tex->MipLevels;
        ok = umd_format_bpp(format ? format : r->format) == r->bpp && mips &&
             tex->MostDetailedMip < r->mips && mips <= r->mips - tex->MostDetailedMip &&
             tex->ArraySize && tex->FirstArraySlice < r->array_size &&
             tex->ArraySize <= r->array_size - tex->FirstArraySlice;
        if (ok) {
            v->first_mip = tex->MostDetailedMip;
            v->mips = mips;
            v->first_slice = tex->FirstArraySlice;
            v->slices = tex->ArraySize;
        }
    } else {
        ok = false;
    }
    if (!ok) {
        umd_unsupported(d, UMD_DDI_CreateShaderResourceView, 0);
        return;
    }
    v->res = r;
    v->format = format ? format : r->format;
}

int sable_umd_resource_tiled(const void *drv_resource)
{
    const UmdResource *r = drv_resource;
    return r && r->magic == UMD_RESOURCE_MAGIC && r->tiled;
}
