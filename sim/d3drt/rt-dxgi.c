/* SPDX-License-Identifier: MIT */
/*
 * The DXGI side of winsim's D3D runtime (d3drt.h): Blt, SetDisplayMode,
 * full-screen swap chains (a back buffer and a primary scanned out) with
 * Present and RotateResourceIdentities, and what the display shows.
 * Primaries are created in d3drt.c (rt_create_primary) like every
 * resource; pfnPresentCb is in rt-callbacks.c.
 */
#include "d3drt.h"
#include "dxgdisplay.h"
#include "vidsch.h"

HRESULT rt_blt(RtDevice *d, RtResource *dst, UINT dsub, const UINT rect[4], RtResource *src,
               UINT ssub, UINT flags)
{
    DXGI_DDI_ARG_BLT b = {
        .hDevice = (DXGI_DDI_HDEVICE)d->h.pDrvPrivate,
        .hDstResource = (DXGI_DDI_HRESOURCE)dst->h.pDrvPrivate, .DstSubresource = dsub,
        .DstLeft = rect[0], .DstTop = rect[1], .DstRight = rect[2], .DstBottom = rect[3],
        .hSrcResource = (DXGI_DDI_HRESOURCE)src->h.pDrvPrivate, .SrcSubresource = ssub,
        .Flags = { .Value = flags }, .Rotate = DXGI_DDI_MODE_ROTATION_IDENTITY,
    };
    /* A DXGI base function returns its HRESULT: pfnSetErrorCb during it
     * fails the test (its category allows nothing). */
    HRESULT hr = S_OK;
    g_assert_cmphex((uint32_t)RT_CALL(d, DxgiBlt, 0, hr = d->dxgi.pfnBlt(&b)), ==, 0);
    return hr;
}

/* The DXGI format of a mode's Sable format: the 4-byte ones rt_to_rgb
 * reads (winsim's modes are B8G8R8X8); UNKNOWN for the others. */
static DXGI_FORMAT dxgi_format_of(uint32_t f)
{
    switch (f) {
    case SABLE_FORMAT_B8G8R8A8_UNORM: return DXGI_FORMAT_B8G8R8A8_UNORM;
    case SABLE_FORMAT_B8G8R8X8_UNORM: return DXGI_FORMAT_B8G8R8X8_UNORM;
    case SABLE_FORMAT_R8G8B8A8_UNORM: return DXGI_FORMAT_R8G8B8A8_UNORM;
    default: return DXGI_FORMAT_UNKNOWN;
    }
}

/* The committed mode of a VidPN source, as DXGI reads it (the display
 * must be up: ws_display_start). */
static bool current_mode(RtDevice *d, UINT vidpn_source, DXGI_DDI_MODE_DESC *m)
{
    UINT w, h;
    uint32_t f;
    if (!ws_display_mode(d->ad->sim, vidpn_source, &w, &h, &f) ||
        dxgi_format_of(f) == DXGI_FORMAT_UNKNOWN) {
        return false;
    }
    *m = (DXGI_DDI_MODE_DESC){ .Width = w, .Height = h, .Format = dxgi_format_of(f),
                               .RefreshRate = { 60, 1 },
                               .ScanlineOrdering = DXGI_DDI_MODE_SCANLINE_ORDER_PROGRESSIVE,
                               .Rotation = DXGI_DDI_MODE_ROTATION_IDENTITY };
    return true;
}

HRESULT rt_set_display_mode(RtDevice *d, RtResource *r, UINT sub)
{
    DXGI_DDI_ARG_SETDISPLAYMODE m = {
        .hDevice = (DXGI_DDI_HDEVICE)d->h.pDrvPrivate,
        .hResource = (DXGI_DDI_HRESOURCE)r->h.pDrvPrivate, .SubResourceIndex = sub,
    };
    HRESULT hr = S_OK;
    g_assert_cmphex((uint32_t)RT_CALL(d, DxgiSetDisplayMode, 0,
                                      hr = d->dxgi.pfnSetDisplayMode(&m)), ==, 0);
    return hr;
}

/* DXGI going full screen: the back buffer (a primary too for flips), the
 * primary, then SetDisplayMode to scan the primary out. */
static HRESULT create_chain(RtSwapChain *sc)
{
    RtDevice *d = sc->d;
    const DXGI_DDI_MODE_DESC *m = &sc->desc.ModeDesc;
    HRESULT hr = sc->flip ? rt_create_primary(d, &sc->desc, 1, m->Format, &sc->back)
                          : rt_create_tex2d(d, m->Width, m->Height, 1, 1, m->Format,
                                            D3D10_DDI_USAGE_DEFAULT,
                                            D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_PRESENT,
                                            0, NULL, &sc->back);
    if (FAILED(hr)) {
        return hr;
    }
    hr = rt_create_primary(d, &sc->desc, 1, m->Format, &sc->primary);
    if (SUCCEEDED(hr)) {
        hr = rt_set_display_mode(d, sc->primary, 0);
    }
    return hr;
}

HRESULT rt_create_swapchain(RtDevice *d, UINT vidpn_source, bool flip, RtSwapChain **out)
{
    RtSwapChain *sc = g_new0(RtSwapChain, 1);
    sc->d = d;
    sc->flip = flip;
    sc->vidpn_source = vidpn_source;
    sc->desc.VidPnSourceId = vidpn_source;
    g_assert_true(current_mode(d, vidpn_source, &sc->desc.ModeDesc));
    HRESULT hr = create_chain(sc);
    if (FAILED(hr)) {
        rt_destroy_swapchain(sc);
        sc = NULL;
    }
    *out = sc;
    return hr;
}

HRESULT rt_present_args(RtSwapChain *sc, UINT flags, UINT src_sub, UINT interval, bool dst)
{
    RtDevice *d = sc->d;
    DXGI_DDI_ARG_PRESENT p = {
        .hDevice = (DXGI_DDI_HDEVICE)d->h.pDrvPrivate,
        .hSurfaceToPresent = (DXGI_DDI_HRESOURCE)sc->back->h.pDrvPrivate,
        .SrcSubResourceIndex = src_sub,
        .pDXGIContext = sc,
        .Flags = { .Value = flags },
        .FlipInterval = (DXGI_DDI_FLIP_INTERVAL_TYPE)interval,
    };
    if (dst) {
        p.hDstResource = (DXGI_DDI_HRESOURCE)sc->primary->h.pDrvPrivate;
    }
    HRESULT hr = S_OK;
    d->presenting = sc;
    g_assert_cmphex((uint32_t)RT_CALL(d, DxgiPresent, 0, hr = d->dxgi.pfnPresent(&p)), ==, 0);
    d->presenting = NULL;
    sc->presents += SUCCEEDED(hr);
    return hr;
}

/* After a flip DXGI rotates the buffers' identities: the back buffer gets
 * the old front's allocation, the primary (front) the one just flipped
 * to; the runtime's records follow. */
HRESULT rt_rotate(RtSwapChain *sc)
{
    RtDevice *d = sc->d;
    const DXGI_DDI_HRESOURCE list[2] = { (DXGI_DDI_HRESOURCE)sc->back->h.pDrvPrivate,
                                         (DXGI_DDI_HRESOURCE)sc->primary->h.pDrvPrivate };
    DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES a = {
        .hDevice = (DXGI_DDI_HDEVICE)d->h.pDrvPrivate, .pResources = list, .Resources = 2,
    };
    HRESULT hr = S_OK;
    g_assert_cmphex((uint32_t)RT_CALL(d, DxgiRotateResourceIdentities, 0,
                                      hr = d->dxgi.pfnRotateResourceIdentities(&a)), ==, 0);
    if (SUCCEEDED(hr)) {
        D3DKMT_HANDLE t = sc->back->chain;
        sc->back->chain = sc->primary->chain;
        sc->primary->chain = t;
    }
    return hr;
}

HRESULT rt_present(RtSwapChain *sc)
{
    DXGI_DDI_PRESENT_FLAGS f = { .Value = 0 };
    f.Blt = !sc->flip;
    f.Flip = sc->flip;
    HRESULT hr = rt_present_args(sc, f.Value, 0, DXGI_DDI_FLIP_INTERVAL_ONE, !sc->flip);
    return SUCCEEDED(hr) && sc->flip ? rt_rotate(sc) : hr;
}

/* Leaving full screen: dxgkrnl scans the desktop's shared primary out
 * again before DXGI destroys the swap chain's. */
void rt_destroy_swapchain(RtSwapChain *sc)
{
    WsSim *sim = sc->d->ad->sim;
    /* queued flips first (a TDR may have aborted them: then they are
     * dropped, which the wait does not report) */
    for (unsigned n = 0; n < sim->nodes; n++) {
        ws_wait_fence(sim, n, sim->node[n].submitted);
    }
    if (sc->primary) {
        WsKmtAllocation *desktop = ws_display_primary(sim, sc->vidpn_source);
        g_assert_cmphex((uint32_t)ws_display_set_address(sim, desktop), ==, 0);
        rt_destroy(sc->d, sc->primary);
    }
    if (sc->back) {
        rt_destroy(sc->d, sc->back);
    }
    g_free(sc);
}

uint8_t *rt_front_rgb(RtSwapChain *sc)
{
    size_t n = (size_t)sc->primary->width * sc->primary->height;
    g_autofree uint8_t *px = g_malloc(n * 4);
    uint8_t *rgb = g_malloc(n * 3);
    rt_read(sc->d, sc->primary, 0, px);
    rt_to_rgb(px, sc->primary->format, n, rgb);
    return rgb;
}

uint8_t *rt_capture(RtDevice *d, UINT *w, UINT *h)
{
    uint8_t *rgb = NULL;
    rt_wait_idle(d);
    g_assert_true(ws_display_capture(d->ad->sim, &rgb, w, h));
    return rgb;
}
