/* SPDX-License-Identifier: MIT */
/* Draws through the whole driver stack: winsim's D3D runtime -> the UMD
 * (state, virgl encoding, inline SUBMITs) -> winsim's dxgkrnl -> the KMD
 * (3D prologue, patching) -> the device -> virglrenderer, in process and
 * through QEMU. The workload: the demo's scene (demo-scene.c: a textured,
 * lit cube, 12 triangles, depth-tested) on a SIZE x SIZE target, DRAWS
 * DrawIndexed calls then Flush and a wait for idle per sample. Reported as
 * draws/s and as a ratio to virglrenderer's own draw rate measured by
 * bench-3d.c in the same run (one triangle per draw on the same target
 * size, no driver): the stack's cost per draw against the renderer's. */
#include "bench.h"
#include "demo-scene.h"

#define DRAWS 64u
#define SAMPLES 15u
#define SIZE 64u

typedef struct DrawCtx {
    RtDevice *d;
} DrawCtx;

static double time_draws(void *p)
{
    DrawCtx *c = p;
    RtDevice *d = c->d;
    double t0 = bench_now_s();
    HRESULT hr = S_OK;
    for (unsigned i = 0; i < DRAWS && hr == S_OK; i++) {
        hr = RT_CALL(d, DrawIndexed, 0, F(d, pfnDrawIndexed)(d->h, 36, 0, 0));
    }
    hr = hr ? hr : rt_flush(d);
    rt_wait_idle(d);
    if (hr) {
        g_error("bench: draws through the stack failed: 0x%08x", (unsigned)hr);
    }
    return bench_now_s() - t0;
}

static void stack_draws(const char *transport, double direct, GArray *out)
{
    WsSim *sim = ws_sim_new(transport);
    if (ws_adapter_start(sim) != STATUS_SUCCESS) {
        g_error("bench: the driver stack did not start on %s", transport);
    }
    HRESULT hr;
    RtAdapter *a = rt_adapter_open(sim, 0, &hr);
    if (!a) {
        g_error("bench: OpenAdapter10_2 failed: 0x%08x", (unsigned)hr);
    }
    DrawCtx c = { rt_device_new(a, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0) };
    RtResource *back;
    if (rt_create_tex2d(c.d, SIZE, SIZE, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                        D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &back)) {
        g_error("bench: CreateResource of the target failed");
    }
    DemoScene *scene = demo_scene_new(c.d, SIZE, SIZE);
    /* state, constants and the shaders compiled by llvmpipe before timing */
    if (!scene || demo_scene_draw(scene, back, 0.5f) != S_OK) {
        g_error("bench: the scene does not draw on %s", transport);
    }
    BenchTimes t = bench_time(time_draws, &c, SAMPLES);
    double best = DRAWS / bench_times_min(&t), median = DRAWS / bench_times_median(&t);
    double spread = bench_times_spread(&t);
    g_autofree char *name = g_strdup_printf("stack_draws_per_s_%s", transport);
    g_autofree char *label = g_strdup_printf("stack DrawIndexed/s (cube, %s)", transport);
    bench_add_times(out, name, label, &t, DRAWS, true, "1/s");
    g_autofree char *rname = g_strdup_printf("stack_draws_%s_ratio", transport);
    g_autofree char *rlabel =
        g_strdup_printf("stack draws/s (%s) / virglrenderer direct", transport);
    bench_add(out, rname, rlabel, best / direct, median / direct, spread, "x");
    demo_scene_free(scene);
    rt_destroy(c.d, back);
    rt_device_free(c.d);
    rt_adapter_close(a);
    ws_sim_free(sim);
}

void bench_draw(double direct_draws_s, GArray *out)
{
    stack_draws("inproc", direct_draws_s, out);
    stack_draws("qemu", direct_draws_s, out);
}
