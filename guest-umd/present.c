/* SPDX-License-Identifier: MIT */
/*
 * The DXGI base functions that do something (dxgi_ddi.h): PresentDXGI --
 * a 3D back buffer's rendered pixels are brought to its allocation, the
 * open command buffer is submitted, then the runtime's pfnPresentCb asks
 * the kernel (DxgkDdiPresent) to copy the back buffer's allocation to the
 * primary's (Blt) or to scan a primary out from the next vsync on (Flip)
 * --, SetDisplayModeDXGI (scan a primary out: pfnSetDisplayModeCb),
 * RotateResourceIdentities (a flip chain's buffers trade allocations, with
 * their 3D resource ids) and BltDXGI between two resources through the
 * copy path (no stretch, rotation, resolve or format conversion).
 *
 * These functions return their HRESULT; they never call pfnSetErrorCb
 * (umd_return, errors.c). Not supported (reported with umd_unsupported,
 * E_NOTIMPL): stereo flags, a subresource other than 0, flip intervals
 * beyond one vsync, flipping to or scanning out a resource that is not a
 * primary, and the Blt kinds above.
 */
#include "umd.h"

static UmdResource *res_of(DXGI_DDI_HRESOURCE h)
{
    UmdResource *r = (UmdResource *)h;
    return r && r->magic == UMD_RESOURCE_MAGIC ? r : NULL;
}

/* What Present can do with subresource 0 of src: a Blt to subresource 0
 * of a primary (or to the primary kernel mode picks: hDstResource NULL),
 * or a Flip to src, a primary, on the next vsync (FlipInterval 0 or 1; the
 * KMD flips on the next vsync either way) with no destination. */
static bool present_supported(const DXGI_DDI_ARG_PRESENT *p, const UmdResource *src)
{
    DXGI_DDI_PRESENT_FLAGS blt = { .Value = 0 }, flip = { .Value = 0 };
    blt.Blt = 1;
    flip.Flip = 1;
    if (p->SrcSubResourceIndex != 0) {
        return false;
    }
    if (p->Flags.Value == flip.Value) {
        return src->primary && !p->hDstResource &&
               p->FlipInterval <= DXGI_DDI_FLIP_INTERVAL_ONE;
    }
    return p->Flags.Value == blt.Value && (!p->hDstResource || p->DstSubResourceIndex == 0);
}

HRESULT umd_present(UmdDevice *d, const DXGI_DDI_ARG_PRESENT *p)
{
    if (umd_check_lost(d, UMD_DDI_DxgiPresent)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    UmdResource *src = res_of(p->hSurfaceToPresent);
    UmdResource *dst = p->hDstResource ? res_of(p->hDstResource) : NULL;
    if (!src || (p->hDstResource && (!dst || !dst->primary))) {
        return E_INVALIDARG;
    }
    if (!present_supported(p, src)) {
        return umd_unsupported(d, UMD_DDI_DxgiPresent, 0);
    }
    /* The DXGI_DDI_BASE_FUNCTIONS page (pfnPresent): submit the partially
     * built command buffer with pfnRenderCb, then call pfnPresentCbDXGI
     * with kernel (allocation) handles and pDXGIContext unchanged. A 3D
     * source's rendered pixels go to its allocation first (res3d.c: a
     * TRANSFER FROM_HOST in the command buffer, which the device runs
     * before the present's blit or flip). The blit writes a 3D
     * destination's allocation: its host copy is older from then on. */
    umd_res3d_from_host(d, UMD_DDI_DxgiPresent, src);
    umd_cmd_submit(d, UMD_DDI_DxgiPresent, false);
    if (d->lost) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    if (dst && !p->Flags.Flip) {
        umd_res3d_backing_written(dst);
    }
    DXGIDDICB_PRESENT cb = {
        .hSrcAllocation = src->alloc.h,
        .hDstAllocation = dst ? dst->alloc.h : 0,
        .pDXGIContext = p->pDXGIContext,
        .hContext = d->cb.context,
    };
    return umd_return(d, UMD_DDI_DxgiPresent, d->dxgi_cb->pfnPresentCb(d->rt.handle, &cb));
}

/* SetDisplayModeDXGI: the runtime creates primaries with CreateResource;
 * the driver programs the hardware to scan one out only when SetDisplayMode
 * is called (its reference page), turning the resource into its primary
 * allocation for pfnSetDisplayModeCb. An ordinary resource (an optional
 * primary the scanout cannot show is one) cannot be scanned out: E_NOTIMPL,
 * as for a subresource other than 0. */
HRESULT umd_set_display_mode(UmdDevice *d, const DXGI_DDI_ARG_SETDISPLAYMODE *m)
{
    if (umd_check_lost(d, UMD_DDI_DxgiSetDisplayMode)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    UmdResource *r = res_of(m->hResource);
    if (!r) {
        return E_INVALIDARG;
    }
    if (!r->primary || m->SubResourceIndex != 0) {
        return umd_unsupported(d, UMD_DDI_DxgiSetDisplayMode, 0);
    }
    /* what was rendered into a 3D primary reaches its allocation (which
     * the scanout reads) by a submission made first */
    if (r->host_newer) {
        umd_res3d_from_host(d, UMD_DDI_DxgiSetDisplayMode, r);
        umd_cmd_submit(d, UMD_DDI_DxgiSetDisplayMode, false);
        if (d->lost) {
            return D3DDDIERR_DEVICEREMOVED;
        }
    }
    D3DDDICB_SETDISPLAYMODE cb = { .hPrimaryAllocation = r->alloc.h };
    return umd_return(d, UMD_DDI_DxgiSetDisplayMode,
                      d->kt->pfnSetDisplayModeCb(d->rt.handle, &cb));
}

/* Resources that can trade identities: the same layout, both 3D or both
 * not, none mapped. */
static bool same_shape(const UmdResource *a, const UmdResource *b)
{
    return a->dim == b->dim && a->format == b->format && a->width == b->width &&
           a->height == b->height && a->nsub == b->nsub && a->tiled == b->tiled &&
           a->rows == b->rows && a->primary == b->primary && !a->mapped && !b->mapped &&
           !a->res_id == !b->res_id;
}

/* What belongs to the allocation, not to the resource: the allocation,
 * its 3D resource id and the coherence of the two copies of its contents
 * (res3d.c), the CPU copies of those contents (constant buffers, 3D
 * dynamic buffers). */
typedef struct Identity {
    UmdAlloc alloc;
    uint32_t res_id;
    bool host_newer, backing_newer, dyn_valid;
    uint8_t *cb_data, *dyn;
} Identity;

static Identity identity_of(const UmdResource *r)
{
    return (Identity){ r->alloc, r->res_id, r->host_newer, r->backing_newer, r->dyn_valid,
                       r->cb_data, r->dyn };
}

static void take_identity(UmdResource *r, const Identity *id)
{
    r->alloc = id->alloc;
    r->res_id = id->res_id;
    r->host_newer = id->host_newer;
    r->backing_newer = id->backing_newer;
    r->dyn_valid = id->dyn_valid;
    r->cb_data = id->cb_data;
    r->dyn = id->dyn;
}

/* RotateResourceIdentities: resource i takes the allocation of resource
 * i + 1, the last the first's (UNCERTAIN: the reference pages do not give
 * the direction; DXGI rotates a swap chain's buffers after each flip, and
 * with two buffers both directions are the same). The open virgl chunk
 * goes first when it names one of them (it lists resources by their
 * allocations when sent). Views and bindings keep naming the same
 * resources, so they follow the identities: a 3D view's host object is
 * made again for the resource id its resource has now (draw.c); packets
 * already built name their allocations and are unaffected. */
HRESULT umd_rotate_identities(UmdDevice *d, const DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES *a)
{
    if (umd_check_lost(d, UMD_DDI_DxgiRotateResourceIdentities)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    if (a->Resources == 0) {
        return S_OK;
    }
    UmdResource *first = res_of(a->pResources[0]);
    bool named = false;
    for (UINT i = 0; i < a->Resources; i++) {
        UmdResource *r = res_of(a->pResources[i]);
        if (!first || !r || !same_shape(first, r)) {
            return E_INVALIDARG;
        }
        named |= umd_stream_names(d, &r->alloc);
    }
    if (named) {
        umd_stream_flush(d, UMD_DDI_DxgiRotateResourceIdentities);
    }
    if (d->lost) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    Identity keep = identity_of(first);
    for (UINT i = 0; i + 1 < a->Resources; i++) {
        Identity next = identity_of(res_of(a->pResources[i + 1]));
        take_identity(res_of(a->pResources[i]), &next);
    }
    take_identity(res_of(a->pResources[a->Resources - 1]), &keep);
    return S_OK;
}

/* A Blt the copy path does: no resolve, conversion, stretch or rotation,
 * the destination rectangle the size of the source subresource and inside
 * the destination subresource, texels of the same size. */
static bool blt_supported(const DXGI_DDI_ARG_BLT *b, const UmdResource *dst,
                          const UmdResource *src)
{
    DXGI_DDI_ARG_BLT_FLAGS plain = { .Value = 0 };
    plain.Present = 1;
    if ((b->Flags.Value & ~plain.Value) ||
        (b->Rotate != DXGI_DDI_MODE_ROTATION_IDENTITY &&
         b->Rotate != DXGI_DDI_MODE_ROTATION_UNSPECIFIED) ||
        b->DstSubresource >= dst->nsub || b->SrcSubresource >= src->nsub ||
        dst->bpp != src->bpp || src->dim == D3D10DDIRESOURCE_BUFFER ||
        dst->dim == D3D10DDIRESOURCE_BUFFER) {
        return false;
    }
    const UmdSubresource *s = &src->sub[b->SrcSubresource], *t = &dst->sub[b->DstSubresource];
    return s->depth == 1 && b->DstRight > b->DstLeft && b->DstBottom > b->DstTop &&
           b->DstRight - b->DstLeft == s->width && b->DstBottom - b->DstTop == s->height &&
           b->DstRight <= t->width && b->DstBottom <= t->height;
}

HRESULT umd_blt(UmdDevice *d, const DXGI_DDI_ARG_BLT *b)
{
    if (umd_check_lost(d, UMD_DDI_DxgiBlt)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    UmdResource *dst = res_of(b->hDstResource), *src = res_of(b->hSrcResource);
    if (!dst || !src) {
        return E_INVALIDARG;
    }
    if (!blt_supported(b, dst, src)) {
        return umd_unsupported(d, UMD_DDI_DxgiBlt, 0);
    }
    umd_copy_region(d, UMD_DDI_DxgiBlt, dst, b->DstSubresource, b->DstLeft, b->DstTop, 0, src,
                    b->SrcSubresource, NULL);
    return d->lost ? D3DDDIERR_DEVICEREMOVED : S_OK;
}
