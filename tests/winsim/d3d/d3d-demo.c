/* SPDX-License-Identifier: MIT */
/*
 * The D3D11-shaped scenario through the whole stack (winsim's D3D runtime
 * -> the Sable UMD -> winsim's dxgkrnl -> the KMD -> the device on the
 * transport named on the command line: inproc, inproc-intx, qemu): create,
 * upload, copy, clear, an event query, present a frame full screen (the
 * display's capture saved as PNG), three frames of a 3D scene (a rotating,
 * depth-tested cube drawn through the 3D pipeline, demo-scene.c), an
 * injected hang that removes the device, a new device and swap chain,
 * present again and the 3D scene again. Prints a report; exit status 0
 * when every step checked out.
 *
 *   d3d-demo [--out DIR] [TRANSPORT]
 *
 * DIR (default $SABLE_DEMO_OUT, else a new directory under the temporary
 * directory) receives frame-1.png, scene-1..3.png, frame-2.png,
 * scene-after-1..3.png, and the TDR's dump.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <png.h>

#include "d3drt.h"
#include "demo-scene.h"
#include "dxgdisplay.h"

static int failures;

static void check(bool ok, const char *what)
{
    printf("  %-58s %s\n", what, ok ? "ok" : "FAILED");
    failures += !ok;
}

static void fill(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        p[i] = (uint8_t)(i * 13 + seed);
    }
}

/* Packed RGB rows as a PNG file (libpng's simplified API). */
static bool save_png(const char *path, const uint8_t *rgb, UINT w, UINT h)
{
    png_image img;
    memset(&img, 0, sizeof(img));
    img.version = PNG_IMAGE_VERSION;
    img.width = w;
    img.height = h;
    img.format = PNG_FORMAT_RGB;
    bool ok = png_image_write_to_file(&img, path, 0, rgb, (png_int_32)(w * 3), NULL) != 0;
    if (!ok) {
        fprintf(stderr, "%s: %s\n", path, img.message);
    }
    png_image_free(&img);
    return ok;
}

static void show_frame(RtSwapChain *sc, const char *out_dir, const char *name);

/* A frame on the swap chain's back buffer: a clear, a copy of `tile` (a
 * texture of the back buffer's texel size) at two places, a gradient
 * uploaded (seed shifts its blue); presented; the display's capture must be the back
 * buffer pixel-exact; saved as out_dir/name. */
static void present_frame(RtSwapChain *sc, RtResource *tile, const float rgba[4], unsigned seed,
                          const char *out_dir, const char *name)
{
    RtDevice *d = sc->d;
    RtView *rtv;
    check(rt_create_rtv(d, sc->back, 0, 0, 1, &rtv) == S_OK &&
              rt_clear(d, rtv, rgba[0], rgba[1], rgba[2], rgba[3]) == S_OK,
          "back buffer cleared");
    rt_destroy_rtv(d, rtv);
    check(rt_copy_region(d, sc->back, 0, 40, 40, tile, 0, NULL) == S_OK &&
              rt_copy_region(d, sc->back, 0, 120, 80, tile, 0, NULL) == S_OK,
          "CopySubresourceRegion of a tile, twice");
    enum { BW = 256, BH = 128 };
    g_autofree uint8_t *block = g_malloc(BW * BH * 4);
    for (UINT i = 0; i < BW * BH; i++) { /* a gradient, B, G, R, A bytes */
        UINT x = i % BW, y = i / BW;
        uint8_t px[4] = { (uint8_t)(x + seed), (uint8_t)(y * 2), (uint8_t)(255 - x), 255 };
        memcpy(block + i * 4, px, 4);
    }
    D3D10_DDI_BOX box = { .left = 200, .right = 200 + BW, .top = 200, .bottom = 200 + BH,
                          .front = 0, .back = 1 };
    check(rt_update(d, sc->back, 0, &box, block, BW * 4) == S_OK,
          "UpdateSubresource of a 256x128 gradient");
    show_frame(sc, out_dir, name);
}

/* Present the back buffer; the display's capture must be it pixel-exact;
 * saved as out_dir/name. */
static void show_frame(RtSwapChain *sc, const char *out_dir, const char *name)
{
    RtDevice *d = sc->d;
    check(rt_present(sc) == S_OK,
          sc->flip ? "Present: Flip, RotateResourceIdentities" : "Present: Blt to the primary");
    UINT w = 0, h = 0;
    g_autofree uint8_t *shown = rt_capture(d, &w, &h);
    g_autofree uint8_t *front = rt_front_rgb(sc);
    size_t size = (size_t)w * h * 3;
    check(w == sc->back->width && h == sc->back->height &&
              memcmp(shown, front, size) == 0,
          "the display shows the frame presented, pixel-exact");
    g_autofree char *path = g_build_filename(out_dir, name, NULL);
    check(save_png(path, shown, w, h), "frame saved as PNG");
    printf("    %s (%ux%u)\n", path, w, h);
}

/* The 3D scene (demo-scene.c): a textured, lit, depth-tested cube, turned
 * a little more in each of three frames, drawn through the 3D pipeline
 * (DrawIndexed) straight into the back buffer and presented; the centre of
 * the face turned most towards the viewer shows the checkerboard's centre
 * texel times that face's light (the far side culled, the depth test on),
 * and the frame's corner is the clear colour. Saved as
 * out_dir/PREFIX-N.png. */
static void present_scene(RtDevice *d, RtSwapChain *sc, const char *out_dir, const char *prefix)
{
    UINT w = sc->back->width, h = sc->back->height;
    DemoScene *scene = demo_scene_new(d, w, h);
    check(scene != NULL,
          "3D scene: shaders, input layout, cube buffers, texture and sampler, depth buffer");
    for (unsigned i = 0; scene && i < 3; i++) {
        float angle = 0.5f + 0.35f * (float)i;
        check(demo_scene_draw(scene, sc->back, angle) == S_OK,
              "3D scene: DrawIndexed of a rotating, textured, lit, depth-tested cube");
        g_autofree char *name = g_strdup_printf("%s-%u.png", prefix, i + 1);
        show_frame(sc, out_dir, name);
        g_autofree uint8_t *front = rt_front_rgb(sc);
        UINT fx, fy;
        uint8_t want[3];
        demo_scene_facing(angle, w, h, &fx, &fy, want);
        const uint8_t *face = front + ((size_t)fy * w + fx) * 3, *corner = front;
        bool face_ok = true;
        for (unsigned c = 0; c < 3; c++) {
            /* llvmpipe's float arithmetic and unorm rounding: within 3 */
            face_ok &= abs((int)face[c] - (int)want[c]) <= 3;
        }
        if (!face_ok) {
            printf("    face centre (%u,%u): %u %u %u, expected %u %u %u\n", fx, fy, face[0],
                   face[1], face[2], want[0], want[1], want[2]);
        }
        check(face_ok && corner[0] == 13 && corner[1] == 13 && corner[2] == 26,
              "3D scene: the facing side's lit texel at its centre, the clear colour in the "
              "frame's corner");
    }
    if (scene) {
        demo_scene_free(scene);
    }
}

static const char *parse_args(int argc, char **argv, char **out_dir)
{
    const char *transport = "inproc";
    *out_dir = g_strdup(g_getenv("SABLE_DEMO_OUT"));
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            g_free(*out_dir);
            *out_dir = g_strdup(argv[++i]);
        } else {
            transport = argv[i];
        }
    }
    if (!*out_dir) {
        *out_dir = g_dir_make_tmp("sable-d3d-demo-XXXXXX", NULL);
    }
    return transport;
}

int main(int argc, char **argv)
{
    g_autofree char *out_dir = NULL;
    const char *transport = parse_args(argc, argv, &out_dir);
    if (!out_dir || g_mkdir_with_parents(out_dir, 0755) != 0) {
        fprintf(stderr, "cannot create the output directory\n");
        return 1;
    }
    g_setenv("WINSIM_DUMP_DIR", out_dir, TRUE); /* the TDR's dump goes next to the frames */
    WsSim *sim = ws_sim_new(transport);
    if (ws_adapter_start(sim) != STATUS_SUCCESS || ws_display_start(sim) != STATUS_SUCCESS) {
        fprintf(stderr, "adapter or display start failed\n");
        return 1;
    }
    printf("Sable D3D scenario on '%s'\n", transport);
    printf("  display: %ux%u\n", sim->display.width, sim->display.height);
    HRESULT hr;
    RtAdapter *ad = rt_adapter_open(sim, 0, &hr);
    check(ad && ad->nversions == 3, "OpenAdapter10_2: 10.0, 10.1, 11.0 offered");
    RtDevice *d = rt_device_new(ad, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    /* rt_device_new stops the run on a failed CreateDevice or a NULL slot. */
    printf("  %-58s ok\n", "CreateDevice(11.0), every table slot filled");

    enum { SZ = 64 * 1024, W = 64, H = 32 };
    g_autofree uint8_t *data = g_malloc(SZ), *out = g_malloc(SZ);
    fill(data, SZ, 1);
    RtResource *a, *b, *tex;
    check(rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_VERTEX_BUFFER, 0, data,
                           &a) == S_OK &&
              rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_VERTEX_BUFFER, 0,
                               NULL, &b) == S_OK,
          "two 64 KiB buffers, one with initial data");
    check(rt_copy(d, b, a) == S_OK, "CopyResource");
    rt_read(d, b, 0, out);
    check(memcmp(out, data, SZ) == 0, "read back through a staging buffer: byte-exact");

    check(rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                          D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &tex) == S_OK,
          "64x32 B8G8R8A8 render target");
    RtView *rtv;
    check(rt_create_rtv(d, tex, 0, 0, 1, &rtv) == S_OK, "render-target view");
    check(rt_clear(d, rtv, 0.2f, 0.4f, 0.6f, 1.0f) == S_OK, "ClearRenderTargetView(0.2, 0.4, 0.6, 1)");
    rt_read(d, tex, 0, out);
    uint32_t px;
    memcpy(&px, out + (H / 2 * W + W / 2) * 4, 4);
    printf("    centre pixel 0x%08x\n", px);
    check(px == 0xff336699u, "cleared pixel is 0xff336699");

    RtQuery *q;
    BOOL done = 0;
    check(rt_create_query(d, D3D10DDI_QUERY_EVENT, &q) == S_OK && rt_query_end(d, q) == S_OK,
          "event query issued");
    rt_flush(d);
    rt_wait_idle(d);
    check(rt_query_get_data(d, q, 0, &done) == S_OK && done, "event query done after the work");
    rt_destroy_query(d, q);

    RtSwapChain *sc;
    check(rt_create_swapchain(d, 0, false, &sc) == S_OK,
          "full-screen swap chain (Blt model), primary scanned out");
    static const float teal[4] = { 0.0f, 0.4f, 0.4f, 1.0f }, plum[4] = { 0.4f, 0.0f, 0.4f, 1.0f };
    present_frame(sc, tex, teal, 0, out_dir, "frame-1.png");
    present_scene(d, sc, out_dir, "scene");

    GError *err = NULL;
    check(sim->t->ops->inject(sim->t, "hang,engine=0", &err), "inject a hang on the graphics engine");
    g_clear_error(&err);
    rt_copy(d, b, a);
    RtResource *st;
    rt_create_buffer(d, SZ, D3D10_DDI_USAGE_STAGING, 0, D3D10_DDI_CPU_ACCESS_READ, NULL, &st);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    check(rt_copy(d, st, b) == S_OK && rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m) ==
                                           D3DDDIERR_DEVICEREMOVED,
          "Map after the hang: D3DDDIERR_DEVICEREMOVED (TDR)");
    printf("    TDRs %u, engine resets %u, dumps %u\n", sim->stats.timeouts,
           sim->stats.engine_resets, sim->dump_files->len);
    for (guint i = 0; i < sim->dump_files->len; i++) {
        printf("    %s (decode: sablectl decode FILE)\n",
               (const char *)g_ptr_array_index(sim->dump_files, i));
    }
    check(rt_flush(d) == D3DDDIERR_DEVICEREMOVED, "Flush: D3DDDIERR_DEVICEREMOVED");
    check(rt_present(sc) == D3DDDIERR_DEVICEREMOVED, "Present: D3DDDIERR_DEVICEREMOVED");
    SableUmdStats s = rt_umd_stats(d);
    printf("    UMD: %u submissions (%u automatic), %u amortized-processing calls, "
           "%u errors reported\n", s.submits, s.auto_flushes, s.amortized_calls, s.errors_reported);
    rt_destroy_swapchain(sc);
    rt_destroy_rtv(d, rtv);
    rt_destroy(d, tex);
    rt_destroy(d, st);
    rt_destroy(d, a);
    rt_destroy(d, b);

    /* Release the removed device, create a new one. */
    rt_device_free(d);
    d = rt_device_new(ad, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    printf("  %-58s ok\n", "new device");
    fill(data, SZ, 7);
    check(rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, data, &a) == S_OK,
          "upload on the new device");
    rt_read(d, a, 0, out);
    check(memcmp(out, data, SZ) == 0, "read back on the new device: byte-exact");
    g_autofree uint8_t *tile_px = g_malloc(W * H * 4);
    fill(tile_px, W * H * 4, 9);
    D3D10_DDIARG_SUBRESOURCE_UP up = { tile_px, W * 4, 0 };
    check(rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_USAGE_DEFAULT, 0,
                          0, &up, &tex) == S_OK,
          "a 64x32 texture with initial data");
    check(rt_create_swapchain(d, 0, true, &sc) == S_OK, "a new swap chain (flip model)");
    present_frame(sc, tex, plum, 128, out_dir, "frame-2.png");
    present_scene(d, sc, out_dir, "scene-after");
    rt_destroy_swapchain(sc);
    rt_destroy(d, tex);
    rt_destroy(d, a);
    rt_device_free(d);
    rt_adapter_close(ad);
    ws_sim_free(sim);
    printf("frames: %s/frame-1.png and scene-1..3.png (before the hang), %s/frame-2.png and "
           "scene-after-1..3.png (after recovery)\n",
           out_dir, out_dir);
    printf("%s\n", failures ? "SCENARIO FAILED" : "scenario passed");
    return failures ? 1 : 0;
}
