/* SPDX-License-Identifier: MIT */
/* winsim's D3D runtime (d3drt.h): adapters, devices and the D3D11-shaped
 * API tests call; the callbacks the UMD calls are in rt-callbacks.c and
 * rt-alloc.c, the DXGI side (swap chains, present, display) in rt-dxgi.c. */
#include <string.h>

#include "d3drt.h"
#include "rt-internal.h"
#include "vidsch.h"

static void shared_free(gpointer p);

RtAdapter *rt_adapter_open(WsSim *sim, uint32_t fake_abi_major, HRESULT *hr)
{
    return rt_adapter_open_ex(sim, fake_abi_major, false, hr);
}

RtAdapter *rt_adapter_open_ex(WsSim *sim, uint32_t fake_abi_major, bool hide_3d, HRESULT *hr)
{
    RtAdapter *a = g_new0(RtAdapter, 1);
    a->sim = sim;
    a->fake_abi_major = fake_abi_major;
    a->hide_3d = hide_3d;
    rt_callbacks_adapter(a);
    /* Like every Windows 10/11 runtime, this one is newer than any version
     * the UMD lists; it learns what to create through GetSupportedVersions. */
    D3D10DDIARG_OPENADAPTER o = {
        .hRTAdapter = { .handle = a },
        .Interface = RT_RUNTIME_INTERFACE,
        .Version = RT_RUNTIME_BUILD << 16,
        .pAdapterCallbacks = &a->cb,
    };
    o.pAdapterFuncs_2 = &a->funcs;
    *hr = OpenAdapter10_2(&o);
    if (FAILED(*hr)) {
        g_assert_null(a->funcs.pfnCreateDevice);
        g_free(a);
        return NULL;
    }
    g_assert_nonnull(o.hAdapter.pDrvPrivate);
    a->h = o.hAdapter;
    a->shared = g_hash_table_new_full(NULL, NULL, NULL, shared_free);
    g_assert_nonnull(a->funcs.pfnCalcPrivateDeviceSize);
    g_assert_nonnull(a->funcs.pfnCreateDevice);
    g_assert_nonnull(a->funcs.pfnCloseAdapter);
    g_assert_nonnull(a->funcs.pfnGetSupportedVersions);
    g_assert_nonnull(a->funcs.pfnGetCaps);
    /* The D3D11 runtime picks the pipeline level it creates devices with. */
    D3D10_2DDIARG_GETCAPS gc = { .Type = D3D11DDICAPS_3DPIPELINESUPPORT,
                                 .pData = &a->pipeline_caps, .DataSize = sizeof(UINT) };
    g_assert_cmphex((uint32_t)a->funcs.pfnGetCaps(a->h, &gc), ==, 0);
    g_assert_cmphex(a->pipeline_caps, !=, 0);
    /* The runtime asks how many, then for the list. */
    UINT32 n = 0;
    g_assert_cmphex((uint32_t)a->funcs.pfnGetSupportedVersions(a->h, &n, NULL), ==, 0);
    g_assert_cmpuint(n, >=, 1);
    g_assert_cmpuint(n, <=, G_N_ELEMENTS(a->versions));
    a->nversions = n;
    g_assert_cmphex((uint32_t)a->funcs.pfnGetSupportedVersions(a->h, &a->nversions, a->versions),
                    ==, 0);
    g_assert_cmpuint(a->nversions, ==, n);
    return a;
}

void rt_adapter_close(RtAdapter *a)
{
    g_assert_cmphex((uint32_t)a->funcs.pfnCloseAdapter(a->h), ==, 0);
    if (g_hash_table_size(a->shared)) {
        RT_FAIL("%u shared resources outlive every device", g_hash_table_size(a->shared));
    }
    g_hash_table_destroy(a->shared);
    g_free(a);
}

/* ---- shared resources (dxgkrnl's kernel-mode resource objects,
 * RtShared in rt-internal.h) ---- */
static void shared_free(gpointer p)
{
    RtShared *s = p;
    g_free(s->res_priv);
    g_free(s);
}

void rt_shared_release(RtAdapter *a, D3DKMT_HANDLE km)
{
    RtShared *s = g_hash_table_lookup(a->shared, GUINT_TO_POINTER(km));
    g_assert_nonnull(s);
    if (--s->refs == 0) {
        g_hash_table_remove(a->shared, GUINT_TO_POINTER(km));
    }
}

uint8_t *rt_shared_private(RtAdapter *a, D3DKMT_HANDLE km, UINT *size)
{
    RtShared *s = g_hash_table_lookup(a->shared, GUINT_TO_POINTER(km));
    g_assert_nonnull(s);
    *size = s->res_priv_size;
    return s->res_priv;
}

/* ---- device ---- */

static size_t table_size(UINT iv, size_t *entries)
{
    if (iv == D3D10_0_DDI_INTERFACE_VERSION) {
        *entries = D3D10DDI_DEVICEFUNCS_ENTRIES;
        return sizeof(D3D10DDI_DEVICEFUNCS);
    }
    if (iv == D3D10_1_DDI_INTERFACE_VERSION) {
        *entries = D3D10_1DDI_DEVICEFUNCS_ENTRIES;
        return sizeof(D3D10_1DDI_DEVICEFUNCS);
    }
    g_assert_cmphex(iv, ==, D3D11_0_DDI_INTERFACE_VERSION);
    *entries = D3D11DDI_DEVICEFUNCS_ENTRIES;
    return sizeof(D3D11DDI_DEVICEFUNCS);
}

static void check_slots(const void *table, size_t size, size_t entries, const char *what)
{
    g_assert_cmpuint(size, ==, entries * sizeof(void *));
    for (size_t i = 0; i < entries; i++) {
        void *p;
        memcpy(&p, (const uint8_t *)table + i * sizeof(void *), sizeof(p));
        if (!p) {
            RT_FAIL("%s: slot %zu (1-based %zu) is NULL after CreateDevice", what, i, i + 1);
        }
    }
}

RtDevice *rt_device_new(RtAdapter *a, UINT iv, UINT cmd_size, UINT alist_size, UINT plist_size)
{
    RtDevice *d = g_new0(RtDevice, 1);
    d->ad = a;
    d->cur = -1;
    d->interface_version = iv;
    d->cfg_cmd_size = cmd_size ? cmd_size : 16384;
    d->cfg_alist_size = alist_size; /* 0: what the KMD reported */
    d->cfg_plist_size = plist_size;
    d->max_instances = 4;
    d->next_handle = 0x100;
    d->allocs = g_hash_table_new(g_direct_hash, g_direct_equal);
    d->retired = g_ptr_array_new();
    d->renders = g_array_new(FALSE, TRUE, sizeof(RtRender));
    d->kmt = ws_kmt_create_device(a->sim);

    size_t entries;
    d->funcs_size = table_size(iv, &entries);
    d->funcs = g_malloc0(d->funcs_size);
    d->f10 = iv == D3D10_0_DDI_INTERFACE_VERSION ? d->funcs : NULL;
    d->f10_1 = iv == D3D10_1_DDI_INTERFACE_VERSION ? d->funcs : NULL;
    d->f11 = iv == D3D11_0_DDI_INTERFACE_VERSION ? d->funcs : NULL;

    rt_callbacks_device(d);

    D3D10DDIARG_CALCPRIVATEDEVICESIZE cs = { .Interface = iv };
    for (UINT i = 0; i < a->nversions; i++) {
        if (D3D10_DDI_SUPPORTED_INTERFACE(a->versions[i]) == iv) {
            cs.Version = (UINT)((a->versions[i] >> 16) & 0xffffu) << 16;
        }
    }
    g_assert_cmphex(cs.Version, !=, 0); /* the UMD offered this interface */
    SIZE_T size = a->funcs.pfnCalcPrivateDeviceSize(a->h, &cs);
    g_assert_cmpuint(size, >, 0);
    d->drv = g_malloc0(size);
    D3D10DDIARG_CREATEDEVICE c = {
        .hRTDevice = { .handle = d },
        .Interface = iv,
        .Version = cs.Version,
        .pKTCallbacks = &d->kt,
        .hDrvDevice = { .pDrvPrivate = d->drv },
        .hRTCoreLayer = { .handle = d },
    };
    if (d->f11) { /* the highest pipeline level the driver reported */
        UINT level = (UINT)g_bit_nth_msf(a->pipeline_caps, -1);
        c.Flags = level << D3D11DDI_CREATEDEVICE_FLAG_3DPIPELINESUPPORT_SHIFT;
    }
    c.pDeviceFuncs = d->funcs;
    c.DXGIBaseDDI.pDXGIBaseCallbacks = &d->dxgi_cb;
    c.DXGIBaseDDI.pDXGIDDIBaseFunctions = &d->dxgi;
    if (d->f11) {
        c.p11UMCallbacks = &d->um11;
    } else {
        c.pUMCallbacks = &d->um10;
    }
    g_assert_cmphex((uint32_t)a->funcs.pfnCreateDevice(a->h, &c), ==, 0);
    d->h = c.hDrvDevice;
    check_slots(d->funcs, d->funcs_size, entries, "device table");
    check_slots(&d->dxgi, sizeof(d->dxgi), DXGI_DDI_BASE_FUNCTIONS_ENTRIES, "DXGI table");
    return d;
}

void rt_enter(RtDevice *d, UmdDdi ddi, UINT ctx)
{
    g_assert_cmpint(d->cur, ==, -1);
    d->cur = (int)ddi;
    d->cur_ctx = ctx;
    d->last_error = S_OK;
}

HRESULT rt_leave(RtDevice *d)
{
    /* releasing an object returns nothing to the application */
    bool destroy = strncmp(rt_cur_name(d), "Destroy", 7) == 0;
    d->cur = -1;
    return d->critical && !destroy ? RT_DXGI_ERROR_DEVICE_REMOVED : d->last_error;
}

void rt_expect_critical(RtDevice *d, unsigned count)
{
    d->expect_critical = count;
}


void rt_device_free(RtDevice *d)
{
    RT_CALL(d, DestroyDevice, 0, F(d, pfnDestroyDevice)(d->h));
    if (d->critical != d->expect_critical) {
        RT_FAIL("%u critical errors (the first 0x%08x from %s), %u expected", d->critical,
                (uint32_t)d->critical_hr, d->critical_ddi ? d->critical_ddi : "-",
                d->expect_critical);
    }
    for (unsigned n = 0; n < d->ad->sim->nodes; n++) {
        g_assert_false(d->ctx[n].open); /* the UMD destroyed its contexts */
    }
    rt_release_retired(d, true);
    if (g_hash_table_size(d->allocs)) {
        RT_FAIL("DestroyDevice left %u allocations", g_hash_table_size(d->allocs));
        GHashTableIter it;
        gpointer k, v;
        g_hash_table_iter_init(&it, d->allocs);
        while (g_hash_table_iter_next(&it, &k, &v)) {
            rt_free_alloc(d, v);
        }
    }
    ws_kmt_destroy_device(d->kmt);
    g_hash_table_destroy(d->allocs);
    g_ptr_array_free(d->retired, TRUE);
    g_array_free(d->renders, TRUE);
    g_free(d->funcs);
    g_free(d->drv);
    g_free(d);
}

/* ---- the D3D11-shaped API ---- */

static HRESULT create_resource(RtDevice *d, D3D11DDIARG_CREATERESOURCE *c, RtResource *r)
{
    SIZE_T size;
    if (d->f11) {
        size = d->f11->pfnCalcPrivateResourceSize(d->h, c);
    } else {
        size = F10(d, pfnCalcPrivateResourceSize)(d->h, (const D3D10DDIARG_CREATERESOURCE *)c);
    }
    g_assert_cmpuint(size, >, 0);
    r->mem = g_malloc0(size);
    r->h.pDrvPrivate = r->mem;
    r->rt.handle = (HANDLE)++d->next_rt;
    r->misc = c->MiscFlags;
    d->creating = r;
    rt_enter(d, UMD_DDI_CreateResource, 0);
    if (d->f11) {
        d->f11->pfnCreateResource(d->h, c, r->h, r->rt);
    } else {
        F10(d, pfnCreateResource)(d->h, (const D3D10DDIARG_CREATERESOURCE *)c, r->h, r->rt);
    }
    d->creating = NULL;
    return rt_leave(d);
}

_Static_assert(offsetof(D3D11DDIARG_CREATERESOURCE, pPrimaryDesc) ==
               offsetof(D3D10DDIARG_CREATERESOURCE, pPrimaryDesc),
               "D3D11 CREATERESOURCE extends the D3D10 one");

HRESULT rt_create_buffer(RtDevice *d, UINT size, UINT usage, UINT bind, UINT cpu,
                         const void *init, RtResource **out)
{
    return rt_create_buffer_ex(d, size, usage, bind, cpu, 0, 0, init, out);
}

HRESULT rt_create_buffer_ex(RtDevice *d, UINT size, UINT usage, UINT bind, UINT cpu, UINT misc,
                            UINT stride, const void *init, RtResource **out)
{
    RtResource *r = g_new0(RtResource, 1);
    D3D10DDI_MIPINFO mip = { .TexelWidth = size, .TexelHeight = 1, .TexelDepth = 1,
                             .PhysicalWidth = size, .PhysicalHeight = 1, .PhysicalDepth = 1 };
    D3D10_DDIARG_SUBRESOURCE_UP up = { .pSysMem = init, .SysMemPitch = size };
    D3D11DDIARG_CREATERESOURCE c = {
        .pMipInfoList = &mip, .pInitialDataUP = init ? &up : NULL,
        .ResourceDimension = D3D10DDIRESOURCE_BUFFER, .Usage = usage, .BindFlags = bind,
        .MapFlags = cpu, .MiscFlags = misc, .Format = DXGI_FORMAT_UNKNOWN,
        .SampleDesc = { 1, 0 }, .MipLevels = 1, .ArraySize = 1, .ByteStride = stride,
    };
    r->dim = D3D10DDIRESOURCE_BUFFER;
    r->width = size;
    r->height = r->mips = r->array_size = r->bpp = 1;
    HRESULT hr = create_resource(d, &c, r);
    if (FAILED(hr)) {
        g_free(r->mem);
        g_free(r);
        r = NULL;
    }
    *out = r;
    return hr;
}

/* primary: DXGI's pPrimaryDesc for a primary, else NULL. */
static HRESULT create_texture_ms(RtDevice *d, D3D10DDIRESOURCE_TYPE dim, UINT w, UINT h,
                                 UINT depth, UINT mips, UINT array, DXGI_FORMAT f, UINT usage,
                                 UINT bind, UINT cpu, UINT misc,
                                 const D3D10_DDIARG_SUBRESOURCE_UP *init,
                                 DXGI_DDI_PRIMARY_DESC *primary, UINT samples, RtResource **out)
{
    RtResource *r = g_new0(RtResource, 1);
    D3D10DDI_MIPINFO mip[16];
    h = dim == D3D10DDIRESOURCE_TEXTURE1D ? 1 : h;
    g_assert_cmpuint(mips, <=, G_N_ELEMENTS(mip));
    for (UINT m = 0; m < mips; m++) {
        UINT mw = MAX(w >> m, 1u), mh = MAX(h >> m, 1u), md = MAX(depth >> m, 1u);
        mip[m] = (D3D10DDI_MIPINFO){ mw, mh, md, mw, mh, md };
    }
    r->depth = depth;
    D3D11DDIARG_CREATERESOURCE c = {
        .pMipInfoList = mip, .pInitialDataUP = init,
        .ResourceDimension = dim, .Usage = usage, .BindFlags = bind,
        .MapFlags = cpu, .MiscFlags = misc, .Format = f, .SampleDesc = { samples, 0 },
        .MipLevels = mips, .ArraySize = array, .pPrimaryDesc = primary,
    };
    r->dim = dim;
    r->width = w;
    r->height = h;
    r->mips = mips;
    r->array_size = array;
    r->format = f;
    r->bpp = umd_format_bpp(f);
    HRESULT hr = create_resource(d, &c, r);
    if (FAILED(hr)) {
        g_free(r->mem);
        g_free(r);
        r = NULL;
    }
    *out = r;
    return hr;
}

static HRESULT create_texture(RtDevice *d, D3D10DDIRESOURCE_TYPE dim, UINT w, UINT h, UINT depth,
                              UINT mips, UINT array, DXGI_FORMAT f, UINT usage, UINT bind,
                              UINT cpu, UINT misc, const D3D10_DDIARG_SUBRESOURCE_UP *init,
                              DXGI_DDI_PRIMARY_DESC *primary, RtResource **out)
{
    return create_texture_ms(d, dim, w, h, depth, mips, array, f, usage, bind, cpu, misc, init,
                             primary, 1, out);
}

HRESULT rt_create_tex2d_ms(RtDevice *d, UINT w, UINT h, UINT samples, DXGI_FORMAT f, UINT bind,
                           RtResource **out)
{
    return create_texture_ms(d, D3D10DDIRESOURCE_TEXTURE2D, w, h, 1, 1, 1, f,
                             D3D10_DDI_USAGE_DEFAULT, bind, 0, 0, NULL, NULL, samples, out);
}

HRESULT rt_create_texture(RtDevice *d, D3D10DDIRESOURCE_TYPE dim, UINT w, UINT h, UINT mips,
                          UINT array, DXGI_FORMAT f, UINT usage, UINT bind, UINT cpu,
                          const D3D10_DDIARG_SUBRESOURCE_UP *init, RtResource **out)
{
    return create_texture(d, dim, w, h, 1, mips, array, f, usage, bind, cpu, 0, init, NULL, out);
}

HRESULT rt_create_tex3d(RtDevice *d, UINT w, UINT h, UINT depth, UINT mips, DXGI_FORMAT f,
                        UINT usage, UINT bind, UINT cpu, const D3D10_DDIARG_SUBRESOURCE_UP *init,
                        RtResource **out)
{
    return create_texture(d, D3D10DDIRESOURCE_TEXTURE3D, w, h, depth, mips, 1, f, usage, bind,
                          cpu, 0, init, NULL, out);
}

HRESULT rt_create_tex2d(RtDevice *d, UINT w, UINT h, UINT mips, UINT array, DXGI_FORMAT f,
                        UINT usage, UINT bind, UINT cpu, const D3D10_DDIARG_SUBRESOURCE_UP *init,
                        RtResource **out)
{
    return rt_create_texture(d, D3D10DDIRESOURCE_TEXTURE2D, w, h, mips, array, f, usage, bind, cpu,
                             init, out);
}

HRESULT rt_create_shared_tex2d(RtDevice *d, UINT w, UINT h, DXGI_FORMAT f, UINT bind,
                               const D3D10_DDIARG_SUBRESOURCE_UP *init, RtResource **out)
{
    return create_texture(d, D3D10DDIRESOURCE_TEXTURE2D, w, h, 1, 1, 1, f,
                          D3D10_DDI_USAGE_DEFAULT, bind, 0, D3D10_DDI_RESOURCE_MISC_SHARED, init,
                          NULL, out);
}

/* What D3DKMTOpenResource does for the runtime: each allocation opened on
 * d's KMD device under a new handle of d. */
static RtAlloc *open_allocation(RtDevice *d, RtShared *s, D3DKMT_HANDLE km, HANDLE resource)
{
    g_assert_cmphex((uint32_t)ws_kmt_open_allocation(d->kmt, s->a, &s->alloc_priv), ==, 0);
    RtAlloc *al = g_new0(RtAlloc, 1);
    al->h = al->chain = d->next_handle++;
    al->a = s->a;
    al->priv = s->alloc_priv;
    al->resource = resource;
    al->km = km;
    al->opened = true;
    g_hash_table_insert(d->allocs, GUINT_TO_POINTER(al->h), al);
    s->refs++;
    return al;
}

HRESULT rt_open_resource(RtDevice *d, D3DKMT_HANDLE km, RtResource **out)
{
    RtShared *s = g_hash_table_lookup(d->ad->shared, GUINT_TO_POINTER(km));
    g_assert_nonnull(s);
    RtResource *r = g_new(RtResource, 1);
    *r = s->desc;
    r->rt.handle = (HANDLE)++d->next_rt;
    RtAlloc *al = open_allocation(d, s, km, r->rt.handle);
    r->chain = al->chain;
    struct sable_alloc_private priv = s->alloc_priv;
    D3DDDI_OPENALLOCATIONINFO info = {
        .hAllocation = al->h, .pPrivateDriverData = &priv, .PrivateDriverDataSize = sizeof(priv),
    };
    D3D10DDIARG_OPENRESOURCE o = {
        .NumAllocations = 1, .pOpenAllocationInfo = &info, .hKMResource = { km },
        .pPrivateDriverData = s->res_priv, .PrivateDriverDataSize = s->res_priv_size,
    };
    SIZE_T size = F(d, pfnCalcPrivateOpenedResourceSize)(d->h, &o);
    g_assert_cmpuint(size, >=, sizeof(void *));
    r->mem = g_malloc0(size);
    r->h.pDrvPrivate = r->mem;
    HRESULT hr = RT_CALL(d, OpenResource, 0, F(d, pfnOpenResource)(d->h, &o, r->h, r->rt));
    if (FAILED(hr)) { /* the runtime will not call DestroyResource: it closes */
        g_hash_table_steal(d->allocs, GUINT_TO_POINTER(al->h));
        rt_free_alloc(d, al);
        rt_shared_release(d->ad, km);
        g_free(r->mem);
        g_free(r);
        r = NULL;
    }
    *out = r;
    return hr;
}

void rt_destroy(RtDevice *d, RtResource *r)
{
    g_assert_cmphex((uint32_t)RT_CALL(d, DestroyResource, 0, F(d, pfnDestroyResource)(d->h, r->h)),
                    ==, 0);
    g_free(r->mem);
    g_free(r);
}

HRESULT rt_map(RtDevice *d, RtResource *r, UINT sub, D3D10_DDI_MAP type, UINT flags,
               D3D10DDI_MAPPED_SUBRESOURCE *out)
{
    UINT ctx = (flags & D3D10_DDI_MAP_FLAG_DONOTWAIT) ? D3D_UMDDI_ERRCTX_MAP_DONOTWAIT : 0;
    return RT_CALL(d, ResourceMap, ctx, F(d, pfnResourceMap)(d->h, r->h, sub, type, flags, out));
}

HRESULT rt_unmap(RtDevice *d, RtResource *r, UINT sub)
{
    return RT_CALL(d, ResourceUnmap, 0, F(d, pfnResourceUnmap)(d->h, r->h, sub));
}

HRESULT rt_copy(RtDevice *d, RtResource *dst, RtResource *src)
{
    return RT_CALL(d, ResourceCopy, 0, F(d, pfnResourceCopy)(d->h, dst->h, src->h));
}

HRESULT rt_copy_region(RtDevice *d, RtResource *dst, UINT dsub, UINT x, UINT y,
                       RtResource *src, UINT ssub, const D3D10_DDI_BOX *box)
{
    return RT_CALL(d, ResourceCopyRegion, 0,
                   F(d, pfnResourceCopyRegion)(d->h, dst->h, dsub, x, y, 0, src->h, ssub, box));
}

HRESULT rt_update(RtDevice *d, RtResource *r, UINT sub, const D3D10_DDI_BOX *box,
                  const void *data, UINT row_pitch)
{
    return RT_CALL(d, ResourceUpdateSubresourceUP, 0,
                   F(d, pfnResourceUpdateSubresourceUP)(d->h, r->h, sub, box, data, row_pitch, 0));
}

static HRESULT create_rtv(RtDevice *d, const D3D10DDIARG_CREATERENDERTARGETVIEW *cp, RtView **out);

HRESULT rt_create_rtv(RtDevice *d, RtResource *r, UINT mip, UINT first_slice, UINT slices,
                      RtView **out)
{
    return rt_create_rtv_as(d, r, r->format, mip, first_slice, slices, out);
}

HRESULT rt_create_rtv_as(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT mip, UINT first_slice,
                         UINT slices, RtView **out)
{
    D3D10DDIARG_CREATERENDERTARGETVIEW c = {
        .hDrvResource = r->h, .Format = f, .ResourceDimension = r->dim,
    };
    c.Tex2D.MipSlice = mip;
    c.Tex2D.FirstArraySlice = first_slice;
    c.Tex2D.ArraySize = slices;
    return create_rtv(d, &c, out);
}

HRESULT rt_create_buffer_rtv(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT first, UINT n,
                             RtView **out)
{
    D3D10DDIARG_CREATERENDERTARGETVIEW c = {
        .hDrvResource = r->h, .Format = f, .ResourceDimension = D3D10DDIRESOURCE_BUFFER,
    };
    c.Buffer.FirstElement = first;
    c.Buffer.NumElements = n;
    return create_rtv(d, &c, out);
}

static HRESULT create_rtv(RtDevice *d, const D3D10DDIARG_CREATERENDERTARGETVIEW *cp, RtView **out)
{
    D3D10DDIARG_CREATERENDERTARGETVIEW c = *cp;
    RtView *v = g_new0(RtView, 1);
    SIZE_T size = F(d, pfnCalcPrivateRenderTargetViewSize)(d->h, &c);
    v->mem = g_malloc0(size);
    v->h.pDrvPrivate = v->mem;
    D3D10DDI_HRTRENDERTARGETVIEW rt = { .handle = v };
    HRESULT hr = RT_CALL(d, CreateRenderTargetView, 0,
                         F(d, pfnCreateRenderTargetView)(d->h, &c, v->h, rt));
    if (FAILED(hr)) {
        g_free(v->mem);
        g_free(v);
        v = NULL;
    }
    *out = v;
    return hr;
}

void rt_destroy_rtv(RtDevice *d, RtView *v)
{
    RT_CALL(d, DestroyRenderTargetView, 0, F(d, pfnDestroyRenderTargetView)(d->h, v->h));
    g_free(v->mem);
    g_free(v);
}

HRESULT rt_clear(RtDevice *d, RtView *v, float r, float g, float b, float a)
{
    FLOAT rgba[4] = { r, g, b, a };
    return RT_CALL(d, ClearRenderTargetView, 0, F(d, pfnClearRenderTargetView)(d->h, v->h, rgba));
}

HRESULT rt_create_dsv(RtDevice *d, RtResource *r, UINT mip, UINT first_slice, UINT slices,
                      RtView **out)
{
    return rt_create_dsv_as(d, r, r->format, mip, first_slice, slices, out);
}

HRESULT rt_create_dsv_as(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT mip, UINT first_slice,
                         UINT slices, RtView **out)
{
    RtView *v = g_new0(RtView, 1);
    D3D10DDI_HRTDEPTHSTENCILVIEW rt = { .handle = v };
    D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW t = { mip, first_slice, slices };
    HRESULT hr;
    if (d->f11) {
        D3D11DDIARG_CREATEDEPTHSTENCILVIEW c = {
            .hDrvResource = r->h, .Format = f, .ResourceDimension = r->dim,
        };
        c.Tex2D = t;
        v->mem = g_malloc0(d->f11->pfnCalcPrivateDepthStencilViewSize(d->h, &c));
        v->dsv.pDrvPrivate = v->mem;
        hr = RT_CALL(d, CreateDepthStencilView, 0,
                     d->f11->pfnCreateDepthStencilView(d->h, &c, v->dsv, rt));
    } else {
        D3D10DDIARG_CREATEDEPTHSTENCILVIEW c = {
            .hDrvResource = r->h, .Format = f, .ResourceDimension = r->dim,
        };
        c.Tex2D = t;
        v->mem = g_malloc0(F10(d, pfnCalcPrivateDepthStencilViewSize)(d->h, &c));
        v->dsv.pDrvPrivate = v->mem;
        hr = RT_CALL(d, CreateDepthStencilView, 0,
                     F10(d, pfnCreateDepthStencilView)(d->h, &c, v->dsv, rt));
    }
    if (FAILED(hr)) {
        g_free(v->mem);
        g_free(v);
        v = NULL;
    }
    *out = v;
    return hr;
}

void rt_destroy_dsv(RtDevice *d, RtView *v)
{
    RT_CALL(d, DestroyDepthStencilView, 0, F(d, pfnDestroyDepthStencilView)(d->h, v->dsv));
    g_free(v->mem);
    g_free(v);
}

HRESULT rt_clear_dsv(RtDevice *d, RtView *v, UINT flags, float depth, uint8_t stencil)
{
    return RT_CALL(d, ClearDepthStencilView, 0,
                   F(d, pfnClearDepthStencilView)(d->h, v->dsv, flags, depth, stencil));
}

HRESULT rt_flush(RtDevice *d)
{
    return RT_CALL(d, Flush, 0, F(d, pfnFlush)(d->h));
}

HRESULT rt_create_query(RtDevice *d, D3D10DDI_QUERY type, RtQuery **out)
{
    D3D10DDIARG_CREATEQUERY c = { .Query = type };
    RtQuery *q = g_new0(RtQuery, 1);
    q->mem = g_malloc0(F(d, pfnCalcPrivateQuerySize)(d->h, &c));
    q->h.pDrvPrivate = q->mem;
    D3D10DDI_HRTQUERY rt = { .handle = q };
    HRESULT hr = RT_CALL(d, CreateQuery, 0, F(d, pfnCreateQuery)(d->h, &c, q->h, rt));
    if (FAILED(hr)) {
        g_free(q->mem);
        g_free(q);
        q = NULL;
    }
    *out = q;
    return hr;
}

void rt_destroy_query(RtDevice *d, RtQuery *q)
{
    g_assert_cmphex((uint32_t)RT_CALL(d, DestroyQuery, 0, F(d, pfnDestroyQuery)(d->h, q->h)),
                    ==, 0);
    g_free(q->mem);
    g_free(q);
}

HRESULT rt_query_end(RtDevice *d, RtQuery *q)
{
    return RT_CALL(d, QueryEnd, 0, F(d, pfnQueryEnd)(d->h, q->h));
}

HRESULT rt_query_get_data(RtDevice *d, RtQuery *q, UINT flags, BOOL *done)
{
    *done = 0;
    return RT_CALL(d, QueryGetData, 0,
                   F(d, pfnQueryGetData)(d->h, q->h, done, sizeof(*done), flags));
}

HRESULT rt_create_primary(RtDevice *d, DXGI_DDI_PRIMARY_DESC *desc, UINT mips, DXGI_FORMAT f,
                          RtResource **out)
{
    const DXGI_DDI_MODE_DESC *m = &desc->ModeDesc;
    return create_texture(d, D3D10DDIRESOURCE_TEXTURE2D, m->Width, m->Height, 1, mips, 1, f,
                          D3D10_DDI_USAGE_DEFAULT,
                          D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_PRESENT, 0, 0, NULL,
                          desc, out);
}

HRESULT rt_read_hr(RtDevice *d, RtResource *r, UINT sub, uint8_t *out)
{
    RtResource *st;
    UINT mip = sub % r->mips;
    UINT w = MAX(r->width >> mip, 1u), h = MAX(r->height >> mip, 1u);
    UINT depth = r->dim == D3D10DDIRESOURCE_TEXTURE3D ? MAX(r->depth >> mip, 1u) : 1;
    HRESULT hr;
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        hr = rt_create_buffer(d, r->width, D3D10_DDI_USAGE_STAGING, 0, D3D10_DDI_CPU_ACCESS_READ,
                              NULL, &st);
    } else if (r->dim == D3D10DDIRESOURCE_TEXTURE3D) {
        hr = rt_create_tex3d(d, w, h, depth, 1, r->format, D3D10_DDI_USAGE_STAGING, 0,
                             D3D10_DDI_CPU_ACCESS_READ, NULL, &st);
    } else {
        /* a cube face is read through a Texture2D */
        D3D10DDIRESOURCE_TYPE dim = r->dim == D3D10DDIRESOURCE_TEXTURECUBE
                                        ? D3D10DDIRESOURCE_TEXTURE2D : r->dim;
        hr = rt_create_texture(d, dim, w, h, 1, 1, r->format, D3D10_DDI_USAGE_STAGING, 0,
                               D3D10_DDI_CPU_ACCESS_READ, NULL, &st);
    }
    if (FAILED(hr)) {
        return hr;
    }
    D3D10DDI_MAPPED_SUBRESOURCE m;
    hr = rt_copy_region(d, st, 0, 0, 0, r, sub, NULL);
    if (SUCCEEDED(hr)) {
        hr = rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m);
    }
    if (FAILED(hr)) {
        rt_destroy(d, st);
        return hr;
    }
    g_assert_nonnull(m.pData);
    for (UINT z = 0; z < depth; z++) {
        for (UINT y = 0; y < h; y++) {
            memcpy(out + ((size_t)z * h + y) * w * r->bpp,
                   (uint8_t *)m.pData + (size_t)z * m.DepthPitch + (size_t)y * m.RowPitch,
                   (size_t)w * r->bpp);
        }
    }
    hr = rt_unmap(d, st, 0);
    rt_destroy(d, st);
    return hr;
}

void rt_read(RtDevice *d, RtResource *r, UINT sub, uint8_t *out)
{
    g_assert_cmphex((uint32_t)rt_read_hr(d, r, sub, out), ==, 0);
}

void rt_to_rgb(const uint8_t *px, DXGI_FORMAT f, size_t n, uint8_t *rgb)
{
    bool bgr = f == DXGI_FORMAT_B8G8R8A8_UNORM || f == DXGI_FORMAT_B8G8R8X8_UNORM;
    g_assert_true(bgr || f == DXGI_FORMAT_R8G8B8A8_UNORM);
    for (size_t i = 0; i < n; i++) {
        rgb[i * 3] = px[i * 4 + (bgr ? 2 : 0)];
        rgb[i * 3 + 1] = px[i * 4 + 1];
        rgb[i * 3 + 2] = px[i * 4 + (bgr ? 0 : 2)];
    }
}

void rt_wait_idle(RtDevice *d)
{
    WsSim *sim = d->ad->sim;
    for (unsigned n = 0; n < d->ad->sim->nodes; n++) {
        g_assert_true(ws_wait_fence(sim, n, sim->node[n].submitted));
    }
    /* Renamed-away instances go now (winsim's destroy waits for idle:
     * releasing them later would be a hidden wait). */
    rt_release_retired(d, false);
}

unsigned rt_live_allocations(RtDevice *d)
{
    return g_hash_table_size(d->allocs) - d->retired->len;
}

SableUmdStats rt_umd_stats(RtDevice *d)
{
    SableUmdStats s;
    sable_umd_stats(d->drv, &s);
    return s;
}
