/* SPDX-License-Identifier: MIT */
/*
 * The D3D11-shaped scenario through the whole stack (winsim's D3D runtime
 * -> the Sable UMD -> winsim's dxgkrnl -> the KMD -> the device on the
 * transport named by argv[1]: inproc, inproc-intx, qemu): create, upload,
 * copy, clear, an event query, an injected hang that removes the device,
 * a new device, continue. Prints a report; exit status 0 when every step
 * checked out. (Present comes with the present path of issue 4.)
 */
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "d3drt.h"

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

int main(int argc, char **argv)
{
    const char *transport = argc > 1 ? argv[1] : "inproc";
    g_autofree char *dumps = g_dir_make_tmp("winsim-d3d-demo-XXXXXX", NULL);
    g_setenv("WINSIM_DUMP_DIR", dumps, TRUE);
    WsSim *sim = ws_sim_new(transport);
    if (ws_adapter_start(sim) != STATUS_SUCCESS) {
        fprintf(stderr, "adapter start failed\n");
        return 1;
    }
    printf("Sable D3D scenario on '%s'\n", transport);
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
    check(rt_flush(d) == D3DDDIERR_DEVICEREMOVED, "Flush: D3DDDIERR_DEVICEREMOVED");
    SableUmdStats s = rt_umd_stats(d);
    printf("    UMD: %u submissions (%u automatic), %u amortized-processing calls, "
           "%u errors reported\n", s.submits, s.auto_flushes, s.amortized_calls, s.errors_reported);
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
    rt_destroy(d, a);
    rt_device_free(d);
    rt_adapter_close(ad);
    ws_sim_free(sim);
    GDir *dir = g_dir_open(dumps, 0, NULL);
    const char *name;
    while (dir && (name = g_dir_read_name(dir))) {
        g_autofree char *path = g_build_filename(dumps, name, NULL);
        g_remove(path);
    }
    if (dir) {
        g_dir_close(dir);
    }
    g_rmdir(dumps);
    printf("%s\n", failures ? "SCENARIO FAILED" : "scenario passed");
    return failures ? 1 : 0;
}
