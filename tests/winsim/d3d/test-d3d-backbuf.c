/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, drawing straight into swap chain buffers (3D
 * allocations, docs/umd.md "The draw path"): clears and draws into the
 * back buffer's render-target view, presented full screen (Blt and flip
 * model) as the display shows it; several flips with the view and the
 * bindings made once (they follow the back buffer's identity); drawing
 * on over what a buffer held before; reading a drawn back buffer back (a
 * copy, a DXGI Blt); a primary drawn into and scanned out by
 * SetDisplayMode; a hang on such a frame and a new device drawing again. Expected frames are the rectangles' colours on the clear colour
 * (the rasterizer covers exactly [x0, x1) x [y0, y1) for integer edges).
 */
#include <string.h>

#include "d3d-pipe.h"
#include "dxgdisplay.h"
#include "vidsch.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

/* A full-screen swap chain on VidPN source 0 with the back buffer's view
 * bound as the render target (its viewport the whole screen), the
 * pipe fixture's shaders and POSITION/COLOR layout, triangle lists. */
typedef struct Chain {
    RtDevice *d;
    RtSwapChain *sc;
    RtView *rtv;
    RtShader *vs, *ps;
    void *layout;
    UINT w, h;
} Chain;

typedef struct Case {
    UINT iv;
    bool flip;
} Case;

static const Case cases[] = {
    { D3D11_0_DDI_INTERFACE_VERSION, false },
    { D3D11_0_DDI_INTERFACE_VERSION, true },
    { D3D10_1_DDI_INTERFACE_VERSION, false },
    { D3D10_1_DDI_INTERFACE_VERSION, true },
};

static const RtAlloc *alloc_of(RtDevice *d, const RtResource *r)
{
    const RtAlloc *al = g_hash_table_lookup(d->allocs, GUINT_TO_POINTER(r->chain));
    g_assert_nonnull(al);
    return al;
}

static void bind_target(RtDevice *d, RtView *rtv, UINT w, UINT h)
{
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { rtv->h };
    D3D10DDI_HDEPTHSTENCILVIEW nodsv = { NULL };
    if (d->f11) {
        OK(RT_CALL(d, SetRenderTargets, 0,
                   d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, nodsv, NULL, NULL, 0, 0, 0, 0)));
    } else {
        OK(RT_CALL(d, SetRenderTargets, 0, F10(d, pfnSetRenderTargets)(d->h, rtvs, 1, 7, nodsv)));
    }
    D3D10_DDI_VIEWPORT vp = { 0, 0, (FLOAT)w, (FLOAT)h, 0, 1 };
    OK(RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)));
}

/* The swap chain's buffers are 3D allocations (the back buffer a primary
 * too in the flip model). */
static void chain_open(Chain *c, RtDevice *d, bool flip)
{
    memset(c, 0, sizeof(*c));
    c->d = d;
    OK(rt_create_swapchain(d, 0, flip, &c->sc));
    c->w = c->sc->back->width;
    c->h = c->sc->back->height;
    const RtAlloc *b = alloc_of(d, c->sc->back), *p = alloc_of(d, c->sc->primary);
    g_assert_cmphex(b->priv.flags & SABLE_ALLOC_F_3D, ==, SABLE_ALLOC_F_3D);
    g_assert_cmphex(p->priv.flags & SABLE_ALLOC_F_3D, ==, SABLE_ALLOC_F_3D);
    g_assert_cmphex(b->priv.flags & SABLE_ALLOC_F_PRIMARY, ==, flip ? SABLE_ALLOC_F_PRIMARY : 0);
    OK(rt_create_rtv(d, c->sc->back, 0, 0, 1, &c->rtv));
    bind_target(d, c->rtv, c->w, c->h);
    c->vs = pipe_shader(d, RT_VS, pipe_vs_text);
    c->ps = pipe_shader(d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(d, RT_VS, c->vs));
    OK(rt_set_shader(d, RT_PS, c->ps));
    c->layout = pipe_layout(d);
    OK(RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4))); /* triangle list */
}

static void chain_close(Chain *c)
{
    RtDevice *d = c->d;
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, c->vs);
    rt_destroy_shader(d, c->ps);
    pipe_layout_free(d, c->layout);
    rt_destroy_rtv(d, c->rtv);
    rt_destroy_swapchain(c->sc);
}

static uint8_t u8(float f)
{
    return (uint8_t)(f * 255.0f + 0.5f);
}

/* A rectangle of `rgb` (w x h R, G, B bytes) set to colour c. */
static void fill(uint8_t *rgb, UINT w, UINT x0, UINT y0, UINT x1, UINT y1, const float c[4])
{
    for (UINT y = y0; y < y1; y++) {
        for (UINT x = x0; x < x1; x++) {
            uint8_t *p = rgb + ((size_t)y * w + x) * 3;
            p[0] = u8(c[0]);
            p[1] = u8(c[1]);
            p[2] = u8(c[2]);
        }
    }
}

/* A rectangle drawn into the back buffer, and into the expected frame. */
static void rect(Chain *c, UINT x0, UINT y0, UINT x1, UINT y1, const float col[4],
                 uint8_t *expect)
{
    pipe_rect_on(c->d, c->w, c->h, (float)x0, (float)y0, (float)x1, (float)y1, col);
    fill(expect, c->w, x0, y0, x1, y1, col);
}

/* The back buffer cleared through its view, and the expected frame. */
static void clear(Chain *c, const float col[4], uint8_t *expect)
{
    OK(rt_clear(c->d, c->rtv, col[0], col[1], col[2], col[3]));
    fill(expect, c->w, 0, 0, c->w, c->h, col);
}

/* rgb (w x h R, G, B) is `expect`, pixel-exact; else the first pixel that
 * differs. */
static void assert_rgb(const uint8_t *rgb, const uint8_t *expect, UINT w, UINT h,
                       const char *what)
{
    for (size_t i = 0; i < (size_t)w * h; i++) {
        if (memcmp(rgb + i * 3, expect + i * 3, 3)) {
            g_error("%s: pixel (%zu,%zu) = %02x%02x%02x (RGB), want %02x%02x%02x", what, i % w,
                    i / w, rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], expect[i * 3],
                    expect[i * 3 + 1], expect[i * 3 + 2]);
        }
    }
}

/* Present; the display then shows `expect`, and (flip model) scans out
 * the allocation just drawn. */
static void present_shown(Chain *c, const uint8_t *expect)
{
    WsSim *sim = c->d->ad->sim;
    uint64_t drawn = alloc_of(c->d, c->sc->back)->a->gpu;
    OK(rt_present(c->sc));
    UINT w = 0, h = 0;
    g_autofree uint8_t *shown = rt_capture(c->d, &w, &h);
    g_assert_cmpuint(w, ==, c->w);
    g_assert_cmpuint(h, ==, c->h);
    assert_rgb(shown, expect, w, h, "display");
    g_assert_cmpuint(sim->display.address == drawn, ==, c->sc->flip);
}

static Env env_display(UINT iv)
{
    Env e = env_new(iv, 0, 0, 0);
    g_assert_cmphex((uint32_t)ws_display_start(e.sim), ==, (uint32_t)STATUS_SUCCESS);
    return e;
}

static const float colours[4][4] = {
    { 0.2f, 0.4f, 0.6f, 1.0f }, { 1.0f, 0.8f, 0.0f, 1.0f },
    { 0.0f, 0.6f, 0.2f, 1.0f }, { 0.8f, 0.0f, 0.4f, 1.0f },
};

/* Four frames, each cleared to its colour with a rectangle of the next
 * colour at its own place, drawn through the view made before the first
 * (flip model: the back buffer's identity rotates after each flip; the
 * view and the bound target follow it) and presented: the display shows
 * each frame as drawn. The first present brings the drawn buffer to its
 * allocation with one TRANSFER; a present with nothing drawn since does
 * none. */
static void test_backbuf_frames(gconstpointer data)
{
    const Case *tc = data;
    Env e = env_display(tc->iv);
    Chain c;
    chain_open(&c, e.d, tc->flip);
    g_autofree uint8_t *expect = g_malloc((size_t)c.w * c.h * 3);
    for (UINT f = 0; f < 4; f++) {
        clear(&c, colours[f], expect);
        UINT x = 24 + 70 * f, y = 16 + 40 * f;
        rect(&c, x, y, x + 160, y + 96, colours[(f + 1) % 4], expect);
        SableUmdStats before = rt_umd_stats(e.d);
        present_shown(&c, expect);
        g_assert_cmpuint(rt_umd_stats(e.d).transfers - before.transfers, ==, 1);
    }
    if (!tc->flip) {
        SableUmdStats before = rt_umd_stats(e.d);
        present_shown(&c, expect);
        g_assert_cmpuint(rt_umd_stats(e.d).transfers, ==, before.transfers);
    }
    chain_close(&c);
    g_assert_cmpuint(e.d->errors, ==, 0);
    g_assert_cmpuint(rt_umd_stats(e.d).unsupported_calls, ==, 0);
    env_free(&e);
}

/* Drawing on over what a buffer holds: a rectangle with no clear lands on
 * the buffer's last contents. Blt model: the back buffer keeps the frame
 * just presented; flip model: after two flips the back buffer is again
 * the one the first frame was drawn in, and holds that frame. */
static void test_backbuf_draw_on(gconstpointer data)
{
    const Case *tc = data;
    Env e = env_display(tc->iv);
    Chain c;
    chain_open(&c, e.d, tc->flip);
    size_t size = (size_t)c.w * c.h * 3;
    g_autofree uint8_t *first = g_malloc(size), *second = g_malloc(size);
    clear(&c, colours[0], first);
    rect(&c, 10, 20, 130, 90, colours[1], first);
    present_shown(&c, first);
    clear(&c, colours[2], second);
    rect(&c, 200, 100, 300, 220, colours[3], second);
    present_shown(&c, second);
    uint8_t *on = tc->flip ? first : second;
    rect(&c, 60, 50, 260, 150, colours[1], on);
    rect(&c, 0, 0, 32, 32, colours[2], on);
    present_shown(&c, on);
    chain_close(&c);
    g_assert_cmpuint(e.d->errors, ==, 0);
    env_free(&e);
}

/* Reading a drawn back buffer: a copy into a staging texture mapped for
 * reading (rt_read) and a DXGI Blt into a texture read the same way see
 * the drawing (the X byte aside); presenting it afterwards shows it too. */
static void test_backbuf_read(gconstpointer data)
{
    const Case *tc = data;
    Env e = env_display(tc->iv);
    RtDevice *d = e.d;
    Chain c;
    chain_open(&c, d, tc->flip);
    size_t n = (size_t)c.w * c.h;
    g_autofree uint8_t *expect = g_malloc(n * 3), *px = g_malloc(n * 4),
                       *rgb = g_malloc(n * 3);
    clear(&c, colours[3], expect);
    rect(&c, 40, 30, 240, 130, colours[0], expect);
    rect(&c, 100, 80, 164, 200, colours[2], expect);
    rt_read(d, c.sc->back, 0, px);
    rt_to_rgb(px, c.sc->back->format, n, rgb);
    assert_rgb(rgb, expect, c.w, c.h, "copy of the back buffer");
    RtResource *t;
    OK(rt_create_tex2d(d, c.w, c.h, 1, 1, c.sc->back->format, D3D10_DDI_USAGE_DEFAULT, 0, 0,
                       NULL, &t));
    const UINT all[4] = { 0, 0, c.w, c.h };
    OK(rt_blt(d, t, 0, all, c.sc->back, 0, 0));
    rt_read(d, t, 0, px);
    rt_to_rgb(px, t->format, n, rgb);
    assert_rgb(rgb, expect, c.w, c.h, "DXGI Blt of the back buffer");
    rt_destroy(d, t);
    present_shown(&c, expect);
    g_autofree uint8_t *front = rt_front_rgb(c.sc);
    assert_rgb(front, expect, c.w, c.h, "the front buffer");
    chain_close(&c);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* An sRGB swap chain buffer (B8G8R8A8_UNORM_SRGB, RENDER_TARGET |
 * PRESENT) is a 3D allocation whose 2D surface is B8G8R8A8_UNORM (the
 * encoded bytes). A rectangle of linear (0.5, 0.25, 0) drawn through its
 * sRGB view holds D3D's sRGB codes 188 and 137 (0.5 -> 187.5, 0.25 ->
 * 137.0 before rounding: within 1), read back by a copy and by a DXGI Blt
 * into a texture of its format. */
static void test_backbuf_srgb(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtResource *bb, *t;
    RtView *v;
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB,
                       D3D10_DDI_USAGE_DEFAULT,
                       D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_PRESENT, 0, NULL, &bb));
    const RtAlloc *al = alloc_of(d, bb);
    g_assert_cmphex(al->priv.flags & SABLE_ALLOC_F_3D, ==, SABLE_ALLOC_F_3D);
    g_assert_cmpuint(al->priv.format, ==, SABLE_FORMAT_B8G8R8A8_UNORM);
    OK(rt_create_rtv(d, bb, 0, 0, 1, &v));
    bind_target(d, v, PIPE_W, PIPE_H);
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, pipe_ps_text);
    OK(rt_clear(d, v, 0, 0, 0, 1));
    const float c[4] = { 0.5f, 0.25f, 0, 1 };
    pipe_rect(&p, 0, 0, PIPE_W, PIPE_H, c);
    uint8_t px[PIPE_W * PIPE_H * 4];
    OK(rt_create_tex2d(d, PIPE_W, PIPE_H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB,
                       D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &t));
    const UINT all[4] = { 0, 0, PIPE_W, PIPE_H };
    OK(rt_blt(d, t, 0, all, bb, 0, 0));
    RtResource *const read[2] = { bb, t };
    for (unsigned k = 0; k < 2; k++) {
        rt_read(d, read[k], 0, px);
        for (unsigned i = 0; i < PIPE_W * PIPE_H; i++) {
            const uint8_t *q = px + i * 4; /* B, G, R, A */
            if (q[0] || abs((int)q[1] - 137) > 1 || abs((int)q[2] - 188) > 1 || q[3] != 255) {
                g_error("%s: pixel %u = %02x%02x%02x%02x (BGRA), want 00 89 bc ff +- 1",
                        k ? "DXGI Blt" : "copy", i, q[0], q[1], q[2], q[3]);
            }
        }
    }
    bind_target(d, p.rtv, PIPE_W, PIPE_H);
    rt_destroy(d, t);
    rt_destroy_rtv(d, v);
    rt_destroy(d, bb);
    pipe_free(&p);
}

/* A primary drawn into, then scanned out by SetDisplayMode: the display
 * shows the drawing (SetDisplayMode brought it to the allocation the
 * scanout reads); the swap chain's primary is scanned out again after. */
static void test_backbuf_scanout(void)
{
    Env e = env_display(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    Chain c;
    chain_open(&c, d, false);
    RtResource *prim;
    RtView *rtv;
    OK(rt_create_primary(d, &c.sc->desc, 1, c.sc->desc.ModeDesc.Format, &prim));
    g_assert_cmphex(alloc_of(d, prim)->priv.flags & SABLE_ALLOC_F_3D, ==, SABLE_ALLOC_F_3D);
    OK(rt_create_rtv(d, prim, 0, 0, 1, &rtv));
    bind_target(d, rtv, c.w, c.h);
    g_autofree uint8_t *expect = g_malloc((size_t)c.w * c.h * 3);
    OK(rt_clear(d, rtv, colours[1][0], colours[1][1], colours[1][2], colours[1][3]));
    fill(expect, c.w, 0, 0, c.w, c.h, colours[1]);
    rect(&c, 100, 60, 300, 260, colours[2], expect);
    OK(rt_set_display_mode(d, prim, 0));
    g_assert_cmpuint(e.sim->display.address, ==, alloc_of(d, prim)->a->gpu);
    UINT w = 0, h = 0;
    g_autofree uint8_t *shown = rt_capture(d, &w, &h);
    assert_rgb(shown, expect, w, h, "display");
    OK(rt_set_display_mode(d, c.sc->primary, 0));
    bind_target(d, c.rtv, c.w, c.h);
    rt_destroy_rtv(d, rtv);
    rt_destroy(d, prim);
    chain_close(&c);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* A hang on a drawn frame (its allocations made and paged in before the
 * engine hangs): the TDR puts the device's context in error,
 * Present reports D3DDDIERR_DEVICEREMOVED and nothing is shown; a new
 * device with a new swap chain draws into its back buffer and presents
 * it. */
static void test_backbuf_tdr(gconstpointer data)
{
    const Case *tc = data;
    Env e = env_display(tc->iv);
    Chain c;
    chain_open(&c, e.d, tc->flip);
    g_autofree uint8_t *expect = g_malloc((size_t)c.w * c.h * 3);
    clear(&c, colours[0], expect);
    rect(&c, 10, 10, 50, 50, colours[1], expect);
    OK(rt_flush(e.d));
    WsNode *gfx = &e.sim->node[SABLE_NODE_GRAPHICS];
    g_assert_true(ws_wait_fence(e.sim, SABLE_NODE_GRAPHICS, gfx->submitted));
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "hang,engine=0", &err));
    g_assert_no_error(err);
    /* no new allocation from here on: the hung engine runs no paging */
    clear(&c, colours[2], expect);
    OK(rt_flush(e.d));
    ws_wait_fence(e.sim, SABLE_NODE_GRAPHICS, gfx->submitted);
    g_assert_cmpuint(e.sim->stats.timeouts, ==, 1);
    g_assert_cmphex((uint32_t)rt_present(c.sc), ==, (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_cmpuint(e.d->presents, ==, 0);
    g_assert_cmpuint(e.sim->display.flips_done, ==, 0);
    chain_close(&c);

    rt_device_free(e.d);
    e.d = rt_device_new(e.ad, tc->iv, 0, 0, 0);
    chain_open(&c, e.d, tc->flip);
    clear(&c, colours[3], expect);
    rect(&c, 30, 40, 330, 240, colours[0], expect);
    present_shown(&c, expect);
    chain_close(&c);
    g_assert_cmpuint(e.d->errors, ==, 0);
    env_free(&e);
}

void d3d_backbuf_tests_add(void)
{
    static const char *const model[2] = { "blt", "flip" };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        const char *v = cases[i].iv == D3D11_0_DDI_INTERFACE_VERSION ? "11.0" : "10.1";
        const char *m = model[cases[i].flip];
        g_autofree char *frames = g_strdup_printf("/d3d/backbuf/frames/%s/%s", m, v);
        g_autofree char *on = g_strdup_printf("/d3d/backbuf/draw-on/%s/%s", m, v);
        g_test_add_data_func(frames, &cases[i], test_backbuf_frames);
        g_test_add_data_func(on, &cases[i], test_backbuf_draw_on);
    }
    g_test_add_data_func("/d3d/backbuf/read/blt", &cases[0], test_backbuf_read);
    g_test_add_data_func("/d3d/backbuf/read/flip", &cases[1], test_backbuf_read);
    g_test_add_func("/d3d/backbuf/scanout", test_backbuf_scanout);
    g_test_add_func("/d3d/backbuf/srgb", test_backbuf_srgb);
    g_test_add_data_func("/d3d/backbuf/tdr/blt", &cases[0], test_backbuf_tdr);
    g_test_add_data_func("/d3d/backbuf/tdr/flip", &cases[1], test_backbuf_tdr);
}
