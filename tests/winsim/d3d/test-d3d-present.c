/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, swap chains: Present (Blt and flip model) as the
 * display shows it, Present after a hang, primaries, and what Present
 * refuses.
 */
#include <string.h>

#include "dxgdisplay.h"
#include "vidsch.h"
#include "test-d3d.h"

/* An Env whose display is up (the desktop's primary scanned out), as
 * Windows has it before any swap chain exists. */
static Env env_display(UINT iv)
{
    Env e = env_new(iv, 0, 0, 0);
    g_assert_cmphex((uint32_t)ws_display_start(e.sim), ==, (uint32_t)STATUS_SUCCESS);
    return e;
}

/* A swap chain on VidPN source 0 (Blt or flip model) and a render-target
 * view of its back buffer. */
static RtSwapChain *chain_new(RtDevice *d, bool flip, RtView **rtv)
{
    RtSwapChain *sc;
    g_assert_cmphex((uint32_t)rt_create_swapchain(d, 0, flip, &sc), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_rtv(d, sc->back, 0, 0, 1, rtv), ==, 0);
    return sc;
}

static void chain_free(RtDevice *d, RtSwapChain *sc, RtView *rtv)
{
    rt_destroy_rtv(d, rtv);
    rt_destroy_swapchain(sc);
}

/* The allocation winsim made for a resource (its first). */
static const RtAlloc *alloc_of(RtDevice *d, const RtResource *r)
{
    const RtAlloc *al = g_hash_table_lookup(d->allocs, GUINT_TO_POINTER(r->chain));
    g_assert_nonnull(al);
    return al;
}

/* One frame into the back buffer (B8G8R8A8 or B8G8R8X8): a clear to
 * rgba, then a block of pattern(seed) uploaded at (x, y); *expect gets the
 * frame's bytes (width * 4 per row). */
static void draw_frame(RtDevice *d, RtSwapChain *sc, RtView *rtv, const float rgba[4],
                       unsigned seed, UINT x, UINT y, uint8_t *expect)
{
    enum { BW = 48, BH = 32 };
    UINT w = sc->back->width, h = sc->back->height;
    uint8_t px[4] = { (uint8_t)(rgba[2] * 255.0f + 0.5f), (uint8_t)(rgba[1] * 255.0f + 0.5f),
                      (uint8_t)(rgba[0] * 255.0f + 0.5f), (uint8_t)(rgba[3] * 255.0f + 0.5f) };
    g_assert_true(sc->back->format == DXGI_FORMAT_B8G8R8A8_UNORM ||
                  sc->back->format == DXGI_FORMAT_B8G8R8X8_UNORM);
    for (UINT i = 0; i < w * h; i++) {
        memcpy(expect + i * 4, px, 4);
    }
    g_assert_cmphex((uint32_t)rt_clear(d, rtv, rgba[0], rgba[1], rgba[2], rgba[3]), ==, 0);
    uint8_t block[BW * BH * 4];
    pattern(block, sizeof(block), seed);
    D3D10_DDI_BOX box = { .left = (INT)x, .right = (INT)(x + BW), .top = (INT)y,
                          .bottom = (INT)(y + BH), .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)rt_update(d, sc->back, 0, &box, block, BW * 4), ==, 0);
    for (UINT r = 0; r < BH; r++) {
        memcpy(expect + ((y + r) * w + x) * 4, block + r * BW * 4, BW * 4);
    }
}

/* What the display shows once the GPU is done (rt_capture) is `frame`
 * (w x h pixels of the back buffer's format), pixel-exact. */
static void assert_displayed(RtSwapChain *sc, const uint8_t *frame)
{
    UINT w = sc->back->width, h = sc->back->height, cw = 0, ch = 0;
    g_autofree uint8_t *expect = g_malloc((size_t)w * h * 3);
    g_autofree uint8_t *rgb = rt_capture(sc->d, &cw, &ch);
    g_assert_cmpuint(cw, ==, w);
    g_assert_cmpuint(ch, ==, h);
    rt_to_rgb(frame, sc->back->format, (size_t)w * h, expect);
    g_assert_cmpmem(rgb, (size_t)w * h * 3, expect, (size_t)w * h * 3);
}

typedef struct PresentCase {
    UINT iv;
    bool flip;
} PresentCase;

static const PresentCase present_cases[] = {
    { D3D10_0_DDI_INTERFACE_VERSION, false },
    { D3D11_0_DDI_INTERFACE_VERSION, false },
    { D3D11_0_DDI_INTERFACE_VERSION, true },
    { D3D10_1_DDI_INTERFACE_VERSION, false },
    { D3D10_1_DDI_INTERFACE_VERSION, true },
};

/* Present, full screen in the display's mode, Blt model (10.0, 10.1, 11.0)
 * and flip model (10.1, 11.0: Flip to the back buffer, a primary, then
 * RotateResourceIdentities): a cleared back buffer with an uploaded block
 * is presented; the display shows it pixel-exact and the primary (the
 * front) holds it byte-exact but for X bytes (the Blt writes 0xff there);
 * a second frame with other content replaces it -- Blt: presented with
 * hDstResource NULL (kernel mode picks the primary); flips: drawn into
 * the old front, which the back buffer now is (winsim fails a present of
 * any other allocation). The UMD submits its command buffer
 * itself (the runtime does not Flush first). Leaving, the desktop is
 * scanned out again. */
static void test_present_frames(gconstpointer data)
{
    const PresentCase *pc = data;
    Env e = env_display(pc->iv);
    RtDevice *d = e.d;
    RtView *rtv;
    RtSwapChain *sc = chain_new(d, pc->flip, &rtv);
    UINT w = sc->back->width, h = sc->back->height;
    g_assert_cmpuint(w, ==, e.sim->display.width);
    g_assert_cmpuint(e.sim->display.address, ==, alloc_of(d, sc->primary)->a->gpu);
    size_t size = (size_t)w * h * 4;
    g_autofree uint8_t *expect = g_malloc(size), *out = g_malloc(size);
    static const float colors[2][4] = { { 0.2f, 0.4f, 0.6f, 1.0f }, { 1.0f, 0.8f, 0.0f, 1.0f } };
    for (unsigned f = 0; f < 2; f++) {
        unsigned renders = d->renders->len, flips = e.sim->display.flips_done;
        draw_frame(d, sc, rtv, colors[f], 40 + f, 16 + 100 * f, 8 + 50 * f, expect);
        uint64_t drawn = alloc_of(d, sc->back)->a->gpu;
        if (!pc->flip && f == 1) {
            /* hDstResource NULL: kernel mode picks the primary */
            DXGI_DDI_PRESENT_FLAGS blt = { .Value = 0 };
            blt.Blt = 1;
            g_assert_cmphex((uint32_t)rt_present_args(sc, blt.Value, 0, 0, false), ==, 0);
        } else {
            g_assert_cmphex((uint32_t)rt_present(sc), ==, 0);
        }
        g_assert_cmpuint(d->renders->len, ==, renders + 1); /* Present submitted the frame */
        g_assert_cmpuint(d->presents, ==, f + 1);
        assert_displayed(sc, expect);
        g_assert_cmpuint(e.sim->display.flips_done, ==, flips + pc->flip);
        g_assert_cmpuint(e.sim->display.address == drawn, ==, pc->flip);
        rt_read(d, sc->primary, 0, out);
        for (size_t i = 3; i < size; i += 4) {
            out[i] = expect[i] = 0;
        }
        g_assert_cmpmem(out, size, expect, size);
    }
    chain_free(d, sc, rtv);
    g_assert_cmpuint(e.sim->display.address, ==, ws_display_primary(e.sim, 0)->gpu);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Present after a hang (Blt and flip model): the frame's work hangs the
 * graphics engine and the TDR puts the device's context in error before
 * the UMD has seen anything; Present is the first to hear it
 * (pfnPresentCb) and returns D3DDDIERR_DEVICEREMOVED (the DXGI functions
 * report through their return value), nothing is flipped; a new device
 * and swap chain present again. */
static void test_present_tdr(gconstpointer data)
{
    const PresentCase *pc = data;
    Env e = env_display(pc->iv);
    RtDevice *d = e.d;
    RtView *rtv;
    RtSwapChain *sc = chain_new(d, pc->flip, &rtv);
    g_autofree uint8_t *expect = g_malloc((size_t)sc->back->width * sc->back->height * 4);
    static const float blue[4] = { 0.0f, 0.2f, 1.0f, 1.0f }, red[4] = { 1.0f, 0.0f, 0.2f, 1.0f };
    /* The frame is built (its upload's paging work done), then the engine
     * hangs on its submission. */
    draw_frame(d, sc, rtv, blue, 3, 10, 10, expect);
    WsNode *gfx = &e.sim->node[SABLE_NODE_GRAPHICS];
    g_assert_true(ws_wait_fence(e.sim, SABLE_NODE_GRAPHICS, gfx->submitted));
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "hang,engine=0", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    /* the wait runs into the TDR, which puts the device's context in error
     * (the aborted fence counts as retired: the wait itself says nothing) */
    ws_wait_fence(e.sim, SABLE_NODE_GRAPHICS, gfx->submitted);
    g_assert_cmpuint(e.sim->stats.timeouts, ==, 1);
    g_assert_true(g_hash_table_contains(e.sim->errored, d->kmt->context[SABLE_NODE_GRAPHICS]));
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    g_assert_cmphex((uint32_t)rt_present(sc), ==, (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1);
    g_assert_cmpuint(d->presents, ==, 0);
    g_assert_cmpuint(e.sim->display.flips_done, ==, 0);
    g_assert_cmphex((uint32_t)rt_present(sc), ==, (uint32_t)D3DDDIERR_DEVICEREMOVED);
    chain_free(d, sc, rtv);

    rt_device_free(d);
    d = e.d = rt_device_new(e.ad, pc->iv, 0, 0, 0);
    sc = chain_new(d, pc->flip, &rtv);
    draw_frame(d, sc, rtv, red, 4, 30, 20, expect);
    g_assert_cmphex((uint32_t)rt_present(sc), ==, 0);
    assert_displayed(sc, expect);
    chain_free(d, sc, rtv);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Primaries, as winsim sees them: the swap chain's primary is a linear
 * SURFACE allocation marked primary for its VidPN source, a 3D one (its
 * format is on the 3D path, the KMD has 3D) also described as the 2D
 * surface the scanout reads (the back buffer is not a primary, a 3D
 * SURFACE too; an optional primary is one too, DriverFlags 0), and
 * SetDisplayMode made it the one scanned out. DestroyResource of a
 * primary while the open command buffer names it (a Blt into it) submits
 * that buffer and deallocates within the call; the back buffer waits for
 * the next Flush like any resource. */
static void test_present_primary(void)
{
    Env e = env_display(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    RtSwapChain *sc;
    g_assert_cmphex((uint32_t)rt_create_swapchain(d, 0, false, &sc), ==, 0);
    const RtAlloc *p = alloc_of(d, sc->primary), *b = alloc_of(d, sc->back);
    const uint32_t primary3d = SABLE_ALLOC_F_PRIMARY | SABLE_ALLOC_F_3D | SABLE_ALLOC_F_CPU_VISIBLE;
    g_assert_cmphex(p->priv.flags, ==, primary3d);
    g_assert_cmpuint(p->priv.version, ==, SABLE_ALLOC_PRIVATE_VERSION_3D);
    g_assert_cmpuint(p->priv.kind, ==, SABLE_ALLOC_SURFACE);
    g_assert_cmpuint(p->priv.vidpn_source, ==, 0);
    g_assert_cmpuint(p->priv.width, ==, sc->desc.ModeDesc.Width);
    g_assert_cmpuint(p->priv.height, ==, sc->desc.ModeDesc.Height);
    g_assert_cmpuint(p->priv.pitch, >=, sc->desc.ModeDesc.Width * 4);
    g_assert_cmpuint(p->priv.format, !=, SABLE_FORMAT_INVALID);
    g_assert_cmpuint(e.sim->display.address, ==, p->a->gpu);
    g_assert_cmphex(b->priv.flags, ==, SABLE_ALLOC_F_3D | SABLE_ALLOC_F_CPU_VISIBLE);
    g_assert_cmpuint(b->priv.kind, ==, SABLE_ALLOC_SURFACE);
    g_assert_cmpuint(b->priv.format, ==, p->priv.format);
    g_assert_cmpuint(b->priv.pitch, ==, p->priv.pitch);
    /* DriverFlags: 0 for a primary (scanned out), optional or not. */
    DXGI_DDI_PRIMARY_DESC reg = sc->desc, opt = sc->desc;
    reg.DriverFlags = ~0u;
    opt.Flags = DXGI_DDI_PRIMARY_OPTIONAL;
    opt.DriverFlags = ~0u;
    RtResource *r, *o;
    DXGI_FORMAT fmt = sc->desc.ModeDesc.Format;
    g_assert_cmphex((uint32_t)rt_create_primary(d, &reg, 1, fmt, &r), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_primary(d, &opt, 1, fmt, &o), ==, 0);
    g_assert_cmphex(reg.DriverFlags, ==, 0);
    g_assert_cmphex(opt.DriverFlags, ==, 0);
    g_assert_cmphex(alloc_of(d, r)->priv.flags, ==, primary3d);
    g_assert_cmphex(alloc_of(d, o)->priv.flags, ==, primary3d);
    rt_destroy(d, o);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);

    const UINT rect[4] = { 0, 0, sc->back->width, sc->back->height };
    g_assert_cmphex((uint32_t)rt_blt(d, r, 0, rect, sc->back, 0, 0), ==, 0);
    unsigned live = rt_live_allocations(d), renders = d->renders->len;
    unsigned deallocs = d->deallocations;
    rt_destroy(d, r);
    g_assert_cmpuint(d->renders->len, ==, renders + 1);
    g_assert_cmpuint(d->deallocations, ==, deallocs + 1);
    g_assert_cmpuint(rt_live_allocations(d), ==, live - 1);
    /* the swap chain: the primary at once, the back buffer at the Flush */
    rt_destroy_swapchain(sc);
    g_assert_cmpuint(d->deallocations, ==, deallocs + 2);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    g_assert_cmpuint(d->deallocations, ==, deallocs + 3);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* What Present and primaries cannot do, refused honestly: a Flip to a
 * back buffer that is not a primary, a stereo flag, a source subresource
 * other than 0, a flip interval of two vsyncs, a flip with a destination,
 * scanning out a non-primary or subresource 1 (E_NOTIMPL, the device goes
 * on); rotating resources of different layouts (E_INVALIDARG); a primary
 * with mips or of a format the scanout cannot show (A8) (CreateResource:
 * E_OUTOFMEMORY; an optional one is created as an ordinary resource,
 * DriverFlags NO_SCANOUT). */
static void test_present_unsupported(void)
{
    Env e = env_display(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    RtSwapChain *sc;
    g_assert_cmphex((uint32_t)rt_create_swapchain(d, 0, false, &sc), ==, 0);
    DXGI_DDI_PRESENT_FLAGS f[3] = { { .Value = 0 } };
    f[0].Flip = 1;
    f[1].Blt = f[1].PreferRight = 1;
    f[2].Blt = 1;
    for (unsigned i = 0; i < G_N_ELEMENTS(f); i++) {
        g_assert_cmphex((uint32_t)rt_present_args(sc, f[i].Value, i == 2 ? 1 : 0,
                                                  DXGI_DDI_FLIP_INTERVAL_ONE, !f[i].Flip), ==,
                        (uint32_t)E_NOTIMPL);
    }
    g_assert_cmpuint(d->presents, ==, 0);
    /* a back buffer and a primary */
    g_assert_cmphex((uint32_t)rt_rotate(sc), ==, (uint32_t)E_INVALIDARG);
    /* SetDisplayMode of what is not a primary, or of subresource 1 */
    g_assert_cmphex((uint32_t)rt_set_display_mode(d, sc->back, 0), ==, (uint32_t)E_NOTIMPL);
    g_assert_cmphex((uint32_t)rt_set_display_mode(d, sc->primary, 1), ==, (uint32_t)E_NOTIMPL);
    RtResource *none, *opt;
    DXGI_DDI_PRIMARY_DESC desc = sc->desc;
    g_assert_cmphex((uint32_t)rt_create_primary(d, &desc, 2, desc.ModeDesc.Format, &none), ==,
                    (uint32_t)E_OUTOFMEMORY);
    g_assert_cmphex((uint32_t)rt_create_primary(d, &desc, 1, DXGI_FORMAT_A8_UNORM, &none), ==,
                    (uint32_t)E_OUTOFMEMORY);
    desc.Flags = DXGI_DDI_PRIMARY_OPTIONAL;
    g_assert_cmphex((uint32_t)rt_create_primary(d, &desc, 2, desc.ModeDesc.Format, &opt), ==, 0);
    g_assert_cmphex(desc.DriverFlags, ==, DXGI_DDI_PRIMARY_DRIVER_FLAG_NO_SCANOUT);
    g_assert_cmphex(alloc_of(d, opt)->priv.flags & SABLE_ALLOC_F_PRIMARY, ==, 0);
    rt_destroy(d, opt);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    g_assert_cmphex((uint32_t)rt_present(sc), ==, 0);
    g_assert_cmpuint(d->presents, ==, 1);
    rt_destroy_swapchain(sc);

    g_assert_cmphex((uint32_t)rt_create_swapchain(d, 0, true, &sc), ==, 0);
    DXGI_DDI_PRESENT_FLAGS flip = { .Value = 0 };
    flip.Flip = 1;
    g_assert_cmphex((uint32_t)rt_present_args(sc, flip.Value, 0, DXGI_DDI_FLIP_INTERVAL_TWO,
                                              false), ==, (uint32_t)E_NOTIMPL);
    g_assert_cmphex((uint32_t)rt_present_args(sc, flip.Value, 0, DXGI_DDI_FLIP_INTERVAL_ONE,
                                              true), ==, (uint32_t)E_NOTIMPL); /* a destination */
    g_assert_cmpuint(d->presents, ==, 1);
    rt_destroy_swapchain(sc);
    g_assert_cmpuint(d->errors, ==, 2); /* the two CreateResource E_OUTOFMEMORY */
    env_free(&e);
}

void d3d_present_tests_add(void)
{
    g_test_add_func("/d3d/present/primary", test_present_primary);
    g_test_add_data_func("/d3d/present/tdr/blt", &present_cases[1], test_present_tdr);
    g_test_add_data_func("/d3d/present/tdr/flip", &present_cases[2], test_present_tdr);
    g_test_add_data_func("/d3d/present/blt/10.0", &present_cases[0], test_present_frames);
    g_test_add_data_func("/d3d/present/blt/11.0", &present_cases[1], test_present_frames);
    g_test_add_data_func("/d3d/present/flip/11.0", &present_cases[2], test_present_frames);
    g_test_add_data_func("/d3d/present/blt/10.1", &present_cases[3], test_present_frames);
    g_test_add_data_func("/d3d/present/flip/10.1", &present_cases[4], test_present_frames);
    g_test_add_func("/d3d/present/unsupported", test_present_unsupported);
}
