/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, UMD part: winsim's D3D runtime (d3drt.h) drives the
 * Sable UMD over the KMD and the device named by $WINSIM_TRANSPORT
 * (inproc, inproc-intx, qemu). Each test starts the adapter, opens the UMD
 * as the D3D11 runtime does and ends with the leak check of ws_sim_free().
 */
#include <string.h>
#include <glib/gstdio.h>

#include "d3drt.h"
#include "dxgdisplay.h"
#include "test-d3d.h"
#include "vidsch.h"

static const char *transport(void)
{
    const char *name = g_getenv("WINSIM_TRANSPORT");
    return name ? name : "inproc";
}

static WsSim *start(void)
{
    WsSim *sim = ws_sim_new(transport());
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, (uint32_t)STATUS_SUCCESS);
    return sim;
}

Env env_new(UINT iv, UINT cmd, UINT alist, UINT plist)
{
    Env e = { .sim = start() };
    HRESULT hr;
    e.ad = rt_adapter_open(e.sim, 0, &hr);
    g_assert_nonnull(e.ad);
    e.d = rt_device_new(e.ad, iv, cmd, alist, plist);
    return e;
}

/* An Env whose UMD sees a KMD without 3D: resources stay 2D (TILE_Y). */
static Env env_new_2d(UINT iv)
{
    Env e = { .sim = start() };
    HRESULT hr;
    e.ad = rt_adapter_open_ex(e.sim, 0, true, &hr);
    g_assert_nonnull(e.ad);
    e.d = rt_device_new(e.ad, iv, 0, 0, 0);
    return e;
}

/* An Env whose display is up (the desktop's primary scanned out), as
 * Windows has it before any swap chain exists. */
static Env env_display(UINT iv)
{
    Env e = env_new(iv, 0, 0, 0);
    g_assert_cmphex((uint32_t)ws_display_start(e.sim), ==, (uint32_t)STATUS_SUCCESS);
    return e;
}

void env_free(Env *e)
{
    rt_device_free(e->d);
    rt_adapter_close(e->ad);
    ws_sim_free(e->sim);
}

static void pattern(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        p[i] = (uint8_t)(i * 31 + seed * 7 + (i >> 8));
    }
}

static const UINT versions[3] = {
    D3D10_0_DDI_INTERFACE_VERSION, D3D10_1_DDI_INTERFACE_VERSION, D3D11_0_DDI_INTERFACE_VERSION,
};

/* OpenAdapter10_2 from a runtime newer than the UMD queries the KMD and
 * offers exactly 10.0, 10.1 and 11.0; GetCaps answers the D3D11 caps and
 * refuses others; CreateDevice works for each offered version (also at a
 * newer build) and refuses another or an older build; OpenAdapter10 takes a
 * D3D10 runtime and not a D3D11 one; OpenAdapter10_2 refuses a runtime older
 * than every listed version; an unknown KMD ABI major is refused. */
static void test_adapter(void)
{
    WsSim *sim = start();
    HRESULT hr;
    RtAdapter *a = rt_adapter_open(sim, 0, &hr);
    g_assert_cmphex((uint32_t)hr, ==, 0);
    g_assert_cmpuint(a->queries, ==, 1);
    g_assert_cmpuint(a->nversions, ==, 3);
    for (unsigned i = 0; i < 3; i++) {
        g_assert_cmphex(D3D10_DDI_SUPPORTED_INTERFACE(a->versions[i]), ==, versions[i]);
    }
    g_assert_cmphex(a->versions[2], ==, D3D11_0_DDI_SUPPORTED);
    UINT32 small = 2;
    UINT64 two[2];
    g_assert_cmphex((uint32_t)a->funcs.pfnGetSupportedVersions(a->h, &small, two), ==,
                    (uint32_t)E_OUTOFMEMORY);
    g_assert_cmpuint(small, ==, 3);

    UINT caps = 0xffffffffu;
    D3D10_2DDIARG_GETCAPS gc = { .Type = D3D11DDICAPS_THREADING, .pData = &caps,
                                 .DataSize = sizeof(caps) };
    g_assert_cmphex((uint32_t)a->funcs.pfnGetCaps(a->h, &gc), ==, 0);
    g_assert_cmphex(caps, ==, 0); /* no free threading, no driver command lists */
    caps = 0xffffffffu;
    gc.Type = D3D11DDICAPS_SHADER;
    g_assert_cmphex((uint32_t)a->funcs.pfnGetCaps(a->h, &gc), ==, 0);
    g_assert_cmphex(caps, ==, 0); /* no doubles, no compute */
    gc.Type = D3D11DDICAPS_3DPIPELINESUPPORT;
    g_assert_cmphex((uint32_t)a->funcs.pfnGetCaps(a->h, &gc), ==, 0);
    g_assert_cmphex(caps, ==,
                    D3D11DDI_ENCODE_3DPIPELINESUPPORT_CAP(D3D11DDI_3DPIPELINELEVEL_10_0) |
                        D3D11DDI_ENCODE_3DPIPELINESUPPORT_CAP(D3D11DDI_3DPIPELINELEVEL_10_1));
    gc.DataSize = 0;
    g_assert_cmphex((uint32_t)a->funcs.pfnGetCaps(a->h, &gc), ==, (uint32_t)E_INVALIDARG);
    gc.DataSize = sizeof(caps);
    gc.Type = (D3D10_2DDICAPS_TYPE)77;
    g_assert_cmphex((uint32_t)a->funcs.pfnGetCaps(a->h, &gc), ==, (uint32_t)E_INVALIDARG);

    for (unsigned i = 0; i < 3; i++) {
        RtDevice *d = rt_device_new(a, versions[i], 0, 0, 0);
        g_assert_cmpuint(d->errors, ==, 0);
        rt_device_free(d);
    }
    g_assert_cmphex(RT_RUNTIME_INTERFACE, >, D3D11_0_DDI_INTERFACE_VERSION);
    /* The 10.1 interface at a build newer than advertised is accepted (the
     * runtime creates it as if the UMD had listed that build) ... */
    UINT64 listed = a->versions[1];
    a->versions[1] = D3D10_DDI_MAKE_SUPPORTED(D3D10_1_DDI_INTERFACE_VERSION,
                                              D3D10_1_DDI_BUILD_VERSION + 1);
    rt_device_free(rt_device_new(a, D3D10_1_DDI_INTERFACE_VERSION, 0, 0, 0));
    a->versions[1] = listed;
    /* ... an older one is not. */
    {
        D3D10DDIARG_CALCPRIVATEDEVICESIZE s10 = { .Interface = D3D10_1_DDI_INTERFACE_VERSION };
        g_autofree uint8_t *m10 = g_malloc0(a->funcs.pfnCalcPrivateDeviceSize(a->h, &s10));
        D3D10_1DDI_DEVICEFUNCS f10;
        D3D10DDIARG_CREATEDEVICE c10 = { .Interface = s10.Interface,
                                         .Version = (D3D10_1_DDI_BUILD_VERSION - 1) << 16,
                                         .hDrvDevice = { m10 } };
        c10.p10_1DeviceFuncs = &f10;
        g_assert_cmphex((uint32_t)a->funcs.pfnCreateDevice(a->h, &c10), ==,
                        (uint32_t)E_INVALIDARG);
    }
    /* An interface it did not offer. */
    D3D10DDIARG_CALCPRIVATEDEVICESIZE cs = { .Interface = D3D10_DDI_MAKE_INTERFACE_VERSION(12, 0) };
    g_autofree uint8_t *mem = g_malloc0(a->funcs.pfnCalcPrivateDeviceSize(a->h, &cs));
    D3D11DDI_DEVICEFUNCS f;
    D3D10DDIARG_CREATEDEVICE c = { .Interface = cs.Interface, .hDrvDevice = { mem } };
    c.p11DeviceFuncs = &f;
    g_assert_cmphex((uint32_t)a->funcs.pfnCreateDevice(a->h, &c), ==, (uint32_t)E_INVALIDARG);
    /* D3D11 at a pipeline level GetCaps did not report (11.0). */
    c.Interface = D3D11_0_DDI_INTERFACE_VERSION;
    c.Version = D3D11_0_DDI_BUILD_VERSION << 16;
    c.Flags = D3D11DDI_3DPIPELINELEVEL_11_0 << D3D11DDI_CREATEDEVICE_FLAG_3DPIPELINESUPPORT_SHIFT;
    g_assert_cmphex((uint32_t)a->funcs.pfnCreateDevice(a->h, &c), ==, (uint32_t)E_INVALIDARG);
    rt_adapter_close(a);

    /* OpenAdapter10 (the D3D10 runtime). */
    D3D10DDI_ADAPTERFUNCS f10 = { 0 };
    RtAdapter holder = { .sim = sim };
    holder.cb.pfnQueryAdapterInfoCb = NULL;
    D3DDDI_ADAPTERCALLBACKS cb = { 0 };
    D3D10DDIARG_OPENADAPTER o = { .hRTAdapter = { &holder }, .Interface = D3D11_0_DDI_INTERFACE_VERSION,
                                  .pAdapterCallbacks = &cb };
    o.pAdapterFuncs = &f10;
    g_assert_cmphex((uint32_t)OpenAdapter10(&o), ==, (uint32_t)E_INVALIDARG);
    g_assert_null(f10.pfnCreateDevice);
    /* OpenAdapter10_2 from a runtime older than 10.0 (a D3D9-era one). */
    D3D10_2DDI_ADAPTERFUNCS f2 = { 0 };
    o.Interface = D3D10_DDI_MAKE_INTERFACE_VERSION(9, 0);
    o.pAdapterFuncs_2 = &f2;
    g_assert_cmphex((uint32_t)OpenAdapter10_2(&o), ==, (uint32_t)E_INVALIDARG);
    g_assert_null(f2.pfnCreateDevice);

    /* A KMD of another ABI major. */
    RtAdapter *bad = rt_adapter_open(sim, SABLE_ABI_MAJOR + 1, &hr);
    g_assert_null(bad);
    g_assert_true(FAILED(hr));
    ws_sim_free(sim);
}

/* OpenAdapter10 for the D3D10.1 runtime fills the three-entry table and the
 * device works. */
static void test_adapter10(void)
{
    WsSim *sim = start();
    HRESULT hr;
    RtAdapter *a = rt_adapter_open(sim, 0, &hr); /* for its callbacks */
    D3D10DDI_ADAPTERFUNCS f10 = { 0 };
    D3D10DDIARG_OPENADAPTER o = { .hRTAdapter = { a }, .Interface = D3D10_1_DDI_INTERFACE_VERSION,
                                  .Version = D3D10_1_DDI_VERSION_VISTA_SP1,
                                  .pAdapterCallbacks = &a->cb };
    o.pAdapterFuncs = &f10;
    g_assert_cmphex((uint32_t)OpenAdapter10(&o), ==, 0);
    g_assert_nonnull(f10.pfnCalcPrivateDeviceSize);
    g_assert_nonnull(f10.pfnCreateDevice);
    g_assert_nonnull(f10.pfnCloseAdapter);
    g_assert_cmpuint(a->queries, ==, 2);
    g_assert_cmphex((uint32_t)f10.pfnCloseAdapter(o.hAdapter), ==, 0);
    rt_adapter_close(a);
    ws_sim_free(sim);
}

/* Not implemented yet, reported with the code the category allows:
 * creation -> E_OUTOFMEMORY, a well-known counter -> UNSUPPORTED, a
 * device-dependent one -> E_INVALIDARG (the device goes on); a draw or a
 * draw on a 10.0 device (DrawAuto) -> DEVICEREMOVED (the device
 * is lost); a NoErrors function of a lost device passes nothing, the next
 * one that may reports it. */
static void test_unsupported(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    uint8_t mem[64];
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateSampler, 0,
                                      d->f11->pfnCreateSampler(d->h, NULL,
                                                               (D3D10DDI_HSAMPLER){ mem },
                                                               (D3D10DDI_HRTSAMPLER){ mem })),
                    ==, (uint32_t)E_OUTOFMEMORY);
    D3D10DDI_QUERY q = D3D10DDI_QUERY_EVENT;
    g_assert_cmphex((uint32_t)RT_CALL(d, CheckCounter, 0,
                                      d->f11->pfnCheckCounter(d->h, q, NULL, NULL, NULL, NULL,
                                                              NULL, NULL, NULL, NULL)),
                    ==, (uint32_t)DXGI_DDI_ERR_UNSUPPORTED);
    q = D3D10DDI_COUNTER_DEVICE_DEPENDENT_0;
    g_assert_cmphex((uint32_t)RT_CALL(d, CheckCounter, UMD_ERRCTX_DD_COUNTER,
                                      d->f11->pfnCheckCounter(d->h, q, NULL, NULL, NULL, NULL,
                                                              NULL, NULL, NULL, NULL)),
                    ==, (uint32_t)E_INVALIDARG);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    /* Unbinding is done, binding a state object that cannot exist is not. */
    D3D10DDI_HBLENDSTATE none = { NULL };
    FLOAT factor[4] = { 0 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetBlendState, 0,
                                      d->f11->pfnSetBlendState(d->h, none, factor, ~0u)), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    /* A draw it cannot do: reported at once (E_NOTIMPL, outside Draw's
     * category), a critical error: the runtime removes the device. */
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, d->f11->pfnDraw(d->h, 3, 0)), ==,
                    (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1);
    g_assert_cmpuint(d->critical, ==, 1);
    g_assert_cmpstr(d->critical_ddi, ==, "Draw");
    g_assert_cmphex((uint32_t)d->critical_hr, ==, (uint32_t)E_NOTIMPL);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    rt_expect_critical(d, 1);
    env_free(&e);

    e = env_new(D3D10_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    d = e.d;
    g_assert_cmphex((uint32_t)RT_CALL(d, DrawAuto, 0, d->f10->pfnDrawAuto(d->h)), ==,
                    (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1);
    g_assert_cmpuint(rt_umd_stats(d).unsupported_calls, ==, 1);
    g_assert_cmpstr(d->critical_ddi, ==, "DrawAuto");
    /* the driver reports nothing more; the removed device stays removed */
    UINT levels = 9;
    unsigned errors = d->errors;
    g_assert_cmphex((uint32_t)RT_CALL(d, CheckMultisampleQualityLevels, 0,
                                      d->f10->pfnCheckMultisampleQualityLevels(
                                          d->h, DXGI_FORMAT_R8G8B8A8_UNORM, 1, &levels)), ==,
                    (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    g_assert_cmpuint(d->errors, ==, errors);
    g_assert_cmpuint(d->critical, ==, 1);
    rt_expect_critical(d, 1);
    env_free(&e);
}

/* An internal failure (the runtime's pfnRenderCb runs out of memory) inside
 * Flush, whose category allows only D3DDDIERR_DEVICEREMOVED: the UMD reports
 * it at once, and the runtime logs exactly one critical error, at Flush. */
static void test_critical_at_detection(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    RtResource *b;
    uint8_t data[64] = { 1, 2, 3 };
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(data), D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, data, &b), ==, 0);
    RtResource *c; /* a queued COPY: Flush has something to render */
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(data), D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               NULL, &c), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, c, b), ==, 0);
    g_assert_cmpuint(d->critical, ==, 0);
    d->fail_renders = 1;
    g_assert_cmphex((uint32_t)rt_flush(d), ==, (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    g_assert_cmpuint(d->critical, ==, 1);
    g_assert_cmpstr(d->critical_ddi, ==, "Flush");
    g_assert_cmphex((uint32_t)d->critical_hr, ==, (uint32_t)E_FAIL);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1);
    rt_destroy(d, b);
    rt_destroy(d, c);
    rt_expect_critical(d, 1);
    env_free(&e);
}

/* The runtime's category table (rt-errors.c, from Microsoft's pages) and
 * the UMD's (umd_errors.h) agree on every DDI the UMD has. */
static void test_error_tables_agree(void)
{
    for (unsigned i = 0; i < UMD_DDI_COUNT; i++) {
        const char *name = umd_ddi_name((UmdDdi)i);
        for (UINT ctx = 0; ctx <= UMD_ERRCTX_DD_COUNTER; ctx += UMD_ERRCTX_DD_COUNTER) {
            if (umd_ddi_category((UmdDdi)i, ctx) != rt_ddi_category(name, ctx)) {
                g_test_message("%s (ctx 0x%x): UMD %s, runtime %s", name, ctx,
                               d3d_umddi_error_category_name(umd_ddi_category((UmdDdi)i, ctx)),
                               d3d_umddi_error_category_name(rt_ddi_category(name, ctx)));
                g_test_fail();
            }
        }
    }
}

/* The runtime's check itself: pfnSetErrorCb with a code the calling
 * function's category does not allow fails the test. */
static void test_error_check(void)
{
    if (g_test_subprocess()) {
        Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
        rt_enter(e.d, UMD_DDI_ResourceMap, 0);
        e.d->um11.pfnSetErrorCb((D3D10DDI_HRTCORELAYER){ e.d }, DXGI_DDI_ERR_WASSTILLDRAWING);
        rt_leave(e.d);
        env_free(&e);
        return;
    }
    g_test_trap_subprocess(NULL, 0, 0);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr("*ResourceMap*AllowMapErrors*");
}

/* Buffers: initial data, CopyResource, CopySubresourceRegion, a map WRITE_DISCARD of a
 * dynamic buffer, UpdateSubresourceUP with a box, read back byte-exact; the
 * D3D11 runtime gets one pfnPerformAmortizedProcessingCb per submission. */
static void test_buffers(gconstpointer data)
{
    UINT iv = GPOINTER_TO_UINT(data);
    Env e = env_new(iv, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 3 * 4096 + 100 };
    g_autofree uint8_t *init = g_malloc(N), *expect = g_malloc(N), *out = g_malloc(N);
    pattern(init, N, 1);
    RtResource *a, *b, *dyn;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, N, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, init, &a), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, N, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, NULL, &b), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 256, D3D10_DDI_USAGE_DYNAMIC,
                                               D3D10_DDI_BIND_CONSTANT_BUFFER,
                                               D3D10_DDI_CPU_ACCESS_WRITE, NULL, &dyn), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, b, a), ==, 0);
    memcpy(expect, init, N);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, dyn, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
    g_assert_nonnull(m.pData);
    pattern(m.pData, 256, 9);
    pattern(expect + 1000, 256, 9);
    g_assert_cmphex((uint32_t)rt_unmap(d, dyn, 0), ==, 0);
    D3D10_DDI_BOX box = { .left = 0, .right = 256, .top = 0, .bottom = 1, .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)rt_copy_region(d, b, 0, 1000, 0, dyn, 0, &box), ==, 0);
    uint8_t upd[333];
    pattern(upd, sizeof(upd), 5);
    D3D10_DDI_BOX ubox = { .left = 5000, .right = 5000 + sizeof(upd), .top = 0, .bottom = 1,
                           .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)rt_update(d, b, 0, &ubox, upd, sizeof(upd)), ==, 0);
    memcpy(expect + 5000, upd, sizeof(upd));
    rt_read(d, b, 0, out);
    g_assert_cmpmem(out, N, expect, N);
    rt_read(d, a, 0, out);
    g_assert_cmpmem(out, N, init, N);
    rt_destroy(d, a);
    rt_destroy(d, b);
    rt_destroy(d, dyn);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    g_assert_cmpuint(d->renders->len, ==, 2); /* the two read-back maps */
    if (iv == D3D11_0_DDI_INTERFACE_VERSION) {
        g_assert_cmpuint(d->amortized, ==, d->renders->len);
        g_assert_cmpuint(d->renders_since_amortized, ==, 0);
    } else {
        g_assert_cmpuint(d->amortized, ==, 0);
    }
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* WRITE_DISCARD renames: each map of a dynamic buffer that pending copies
 * still read gets a new instance (new handle), the copies see the old
 * contents; when renaming fails (forced, then at the instance limit) the
 * UMD submits and retries with Discard|NoExistingReference. */
static void test_discard(void)
{
    /* a 2D-only runtime: 3D allocations keep their resource id and never
     * rename (docs/umd.md "The draw path") */
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    d->max_instances = 3;
    enum { ROUNDS = 6, SZ = 512 };
    RtResource *dyn, *dst;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DYNAMIC,
                                               D3D10_DDI_BIND_VERTEX_BUFFER,
                                               D3D10_DDI_CPU_ACCESS_WRITE, NULL, &dyn), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ * ROUNDS, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, NULL, &dst), ==, 0);
    g_autofree uint8_t *expect = g_malloc(SZ * ROUNDS), *out = g_malloc(SZ * ROUNDS);
    D3D10_DDI_BOX box = { .left = 0, .right = SZ, .top = 0, .bottom = 1, .front = 0, .back = 1 };
    d->fail_renames = 1; /* the first rename fails: the retry path */
    for (unsigned i = 0; i < ROUNDS; i++) {
        D3D10DDI_MAPPED_SUBRESOURCE m;
        g_assert_cmphex((uint32_t)rt_map(d, dyn, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
        pattern(m.pData, SZ, 40 + i);
        pattern(expect + i * SZ, SZ, 40 + i);
        g_assert_cmphex((uint32_t)rt_unmap(d, dyn, 0), ==, 0);
        g_assert_cmphex((uint32_t)rt_copy_region(d, dst, 0, i * SZ, 0, dyn, 0, &box), ==, 0);
    }
    /* DO_NOT_WAIT with WRITE_DISCARD while no rename is possible and the
     * GPU still reads the buffer (slow completion): WASSTILLDRAWING, not a
     * wait. */
    rt_flush(d);
    rt_wait_idle(d);
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "slow,engine=0,delay-ns=30000000", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy_region(d, dst, 0, 0, 0, dyn, 0, &box), ==, 0);
    d->fail_renames = 2; /* the first Discard and the retry's rename */
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, dyn, 0, D3D10_DDI_MAP_WRITE_DISCARD,
                                     D3D10_DDI_MAP_FLAG_DONOTWAIT, &m), ==,
                    (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    g_assert_null(m.pData);
    memcpy(expect, expect + (ROUNDS - 1) * SZ, SZ); /* the copy of the last round's data */
    rt_read(d, dst, 0, out);
    g_assert_cmpmem(out, SZ * ROUNDS, expect, SZ * ROUNDS);
    SableUmdStats s = rt_umd_stats(d);
    g_assert_cmpuint(d->renames, >=, 2);
    g_assert_cmpuint(d->rename_failures, >=, 2);     /* forced + the instance limit */
    g_assert_cmpuint(s.discard_retries, ==, d->rename_failures);
    g_assert_cmpuint(d->ner_locks, ==, d->rename_failures);
    rt_destroy(d, dyn);
    rt_destroy(d, dst);
    g_assert_cmpuint(d->errors, ==, 1); /* the WASSTILLDRAWING */
    env_free(&e);
}

/* DO_NOT_WAIT while the GPU still writes a staging buffer (a slow
 * completion injected): DXGI_DDI_ERR_WASSTILLDRAWING and
 * ResourceIsStagingBusy; WRITE_NO_OVERWRITE of a dynamic buffer the GPU
 * still reads does not wait; a READ map waits and sees the data. */
static void test_donotwait(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { SZ = 8192 };
    g_autofree uint8_t *init = g_malloc(SZ), *out = g_malloc(SZ);
    pattern(init, SZ, 3);
    RtResource *src, *st, *dyn, *dst2;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, init, &src),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_STAGING, 0,
                                               D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DYNAMIC,
                                               D3D10_DDI_BIND_VERTEX_BUFFER,
                                               D3D10_DDI_CPU_ACCESS_WRITE, init, &dyn), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &dst2),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);

    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "slow,engine=0,delay-ns=30000000", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy(d, st, src), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, dst2, dyn), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, D3D10_DDI_MAP_FLAG_DONOTWAIT,
                                     &m), ==, (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    g_assert_null(m.pData);
    rt_enter(d, UMD_DDI_ResourceIsStagingBusy, 0);
    BOOL busy = d->f11->pfnResourceIsStagingBusy(d->h, st->h);
    g_assert_cmphex((uint32_t)rt_leave(d), ==, 0);
    g_assert_true(busy);
    /* No-overwrite: returns while the copy reading it is still running. */
    g_assert_cmphex((uint32_t)rt_map(d, dyn, 0, D3D10_DDI_MAP_WRITE_NOOVERWRITE, 0, &m), ==, 0);
    g_assert_nonnull(m.pData);
    uint32_t submitted = e.sim->node[0].submitted;
    g_assert_cmpint((int32_t)(e.sim->node[0].retired - submitted), <, 0);
    g_assert_cmphex((uint32_t)rt_unmap(d, dyn, 0), ==, 0);

    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    g_assert_nonnull(m.pData);
    g_assert_cmpmem(m.pData, SZ, init, SZ);
    g_assert_cmphex((uint32_t)rt_unmap(d, st, 0), ==, 0);
    rt_enter(d, UMD_DDI_ResourceIsStagingBusy, 0);
    busy = d->f11->pfnResourceIsStagingBusy(d->h, st->h);
    g_assert_cmphex((uint32_t)rt_leave(d), ==, 0);
    g_assert_false(busy);
    rt_read(d, dst2, 0, out);
    g_assert_cmpmem(out, SZ, init, SZ);
    rt_destroy(d, src);
    rt_destroy(d, st);
    rt_destroy(d, dyn);
    rt_destroy(d, dst2);
    g_assert_cmpuint(d->errors, ==, 1); /* the WASSTILLDRAWING */
    env_free(&e);
}

/* Deferred destruction: a destroyed buffer a pending copy uses keeps its
 * allocation until Flush submits the copy, then it is released (after the
 * submission); an unused one waits for Flush too, even with nothing to
 * submit; any other submission (a READ map's) drains as well; DestroyDevice
 * releases what is left. */
static void test_deferred(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    uint8_t init[1024];
    pattern(init, sizeof(init), 11);
    RtResource *a, *b, *c, *x;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(init), D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               init, &a), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(init), D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               NULL, &b), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    unsigned live = rt_live_allocations(d), renders = d->renders->len;
    unsigned deallocs = d->deallocations;
    g_assert_cmphex((uint32_t)rt_copy(d, b, a), ==, 0);
    rt_destroy(d, a);
    g_assert_cmpuint(rt_live_allocations(d), ==, live);
    g_assert_cmpuint(d->deallocations, ==, deallocs);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    g_assert_cmpuint(d->renders->len, ==, renders + 1);
    g_assert_cmpuint(d->deallocations, ==, deallocs + 1);
    g_assert_cmpuint(rt_live_allocations(d), ==, live - 1);
    uint8_t out[1024];
    rt_read(d, b, 0, out);
    g_assert_cmpmem(out, sizeof(out), init, sizeof(init));

    /* Nothing to submit: Flush still drains. */
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 4096, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &c),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    live = rt_live_allocations(d);
    renders = d->renders->len;
    rt_destroy(d, c);
    g_assert_cmpuint(rt_live_allocations(d), ==, live);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    g_assert_cmpuint(d->renders->len, ==, renders);
    g_assert_cmpuint(rt_live_allocations(d), ==, live - 1);

    /* Any submission drains too: here the one a READ map makes. */
    RtResource *y, *st;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 1024, D3D10_DDI_USAGE_DEFAULT, 0, 0, init, &y),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 1024, D3D10_DDI_USAGE_STAGING, 0,
                                               D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    live = rt_live_allocations(d);
    g_assert_cmphex((uint32_t)rt_copy(d, st, y), ==, 0);
    rt_destroy(d, y);
    g_assert_cmpuint(rt_live_allocations(d), ==, live);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    g_assert_cmpuint(rt_live_allocations(d), ==, live - 1);
    g_assert_cmpmem(m.pData, 1024, init, 1024);
    g_assert_cmphex((uint32_t)rt_unmap(d, st, 0), ==, 0);
    rt_destroy(d, st);

    /* DestroyDevice drains the rest (rt_device_free fails on leftovers). */
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 4096, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &x),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, x, b), ==, 0);
    rt_destroy(d, x);
    rt_destroy(d, b);
    g_assert_cmpuint(rt_live_allocations(d), >=, 2);
    env_free(&e);
}

/* Command-buffer overflow: with a small command buffer, allocation list or
 * patch list the UMD submits by itself when the next packet does not fit;
 * no submission exceeds the limits, an allocation used twice is listed
 * once, and every copy lands. */
typedef struct OverflowCase {
    UINT cmd, alist, plist;
} OverflowCase;

static void test_overflow(gconstpointer data)
{
    const OverflowCase *oc = data;
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, oc->cmd, oc->alist, oc->plist);
    RtDevice *d = e.d;
    enum { N = 6, SZ = 256 };
    uint8_t init[N][SZ], out[SZ];
    RtResource *src[N], *dst[N], *shared;
    for (unsigned i = 0; i < N; i++) {
        pattern(init[i], SZ, 20 + i);
        g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, init[i],
                                                   &src[i]), ==, 0);
        g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                                   &dst[i]), ==, 0);
    }
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ * N, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                               &shared), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    unsigned first = d->renders->len;
    SableUmdStats before = rt_umd_stats(d);
    D3D10_DDI_BOX box = { .left = 0, .right = SZ, .top = 0, .bottom = 1, .front = 0, .back = 1 };
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmphex((uint32_t)rt_copy(d, dst[i], src[i]), ==, 0);
        g_assert_cmphex((uint32_t)rt_copy_region(d, shared, 0, i * SZ, 0, src[i], 0, &box), ==, 0);
    }
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    SableUmdStats after = rt_umd_stats(d);
    g_assert_cmpuint(after.auto_flushes - before.auto_flushes, >=, 2);
    g_assert_cmpuint(d->renders->len - first, ==, after.submits - before.submits);
    bool deduplicated = false;
    for (guint i = first; i < d->renders->len; i++) {
        RtRender *r = &g_array_index(d->renders, RtRender, i);
        g_assert_cmpuint(r->len, <=, d->cfg_cmd_size);
        g_assert_cmpuint(r->nalloc, <=, d->cfg_alist_size);
        g_assert_cmpuint(r->npatch, <=, d->cfg_plist_size);
        deduplicated |= r->npatch > r->nalloc; /* some allocation named twice, listed once */
    }
    g_assert_true(deduplicated);
    for (unsigned i = 0; i < N; i++) {
        rt_read(d, dst[i], 0, out);
        g_assert_cmpmem(out, SZ, init[i], SZ);
    }
    g_autofree uint8_t *all = g_malloc(SZ * N);
    rt_read(d, shared, 0, all);
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmpmem(all + i * SZ, SZ, init[i], SZ);
    }
    for (unsigned i = 0; i < N; i++) {
        rt_destroy(d, src[i]);
        rt_destroy(d, dst[i]);
    }
    rt_destroy(d, shared);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Textures: mips and array slices with initial data, UpdateSubresourceUP
 * of a box, CopySubresourceRegion between slices, ClearRenderTargetView of
 * one mip of two slices through SOLID_FILL_2D, all read back; the other
 * subresources are untouched. */
static void test_texture(gconstpointer data)
{
    DXGI_FORMAT fmt = (DXGI_FORMAT)GPOINTER_TO_UINT(data);
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { W = 40, H = 24, MIPS = 3, SLICES = 3 };
    const UINT nsub = MIPS * SLICES;
    uint8_t *init[MIPS * SLICES];
    D3D10_DDIARG_SUBRESOURCE_UP up[MIPS * SLICES];
    for (UINT s = 0; s < nsub; s++) {
        UINT m = s % MIPS, w = MAX(W >> m, 1), h = MAX(H >> m, 1);
        init[s] = g_malloc(w * h * 4);
        pattern(init[s], w * h * 4, 60 + s);
        up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ init[s], w * 4, w * h * 4 };
    }
    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, MIPS, SLICES, fmt, D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET |
                                                  D3D10_DDI_BIND_SHADER_RESOURCE,
                                              0, up, &t), ==, 0);
    /* Update a box of mip 0 slice 1. */
    UINT s1 = 0 + 1 * MIPS;
    uint8_t patch[7 * 5 * 4];
    pattern(patch, sizeof(patch), 99);
    D3D10_DDI_BOX box = { .left = 3, .right = 10, .top = 2, .bottom = 7, .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)rt_update(d, t, s1, &box, patch, 7 * 4), ==, 0);
    for (UINT y = 0; y < 5; y++) {
        memcpy(init[s1] + ((2 + y) * W + 3) * 4, patch + y * 7 * 4, 7 * 4);
    }
    /* Copy mip 1 of slice 0 into mip 1 of slice 2 at (2, 1), 8x4 from (1, 1). */
    UINT src = 1, dsts = 1 + 2 * MIPS, mw = W >> 1;
    D3D10_DDI_BOX cb = { .left = 1, .right = 9, .top = 1, .bottom = 5, .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)rt_copy_region(d, t, dsts, 2, 1, t, src, &cb), ==, 0);
    for (UINT y = 0; y < 4; y++) {
        memcpy(init[dsts] + ((1 + y) * mw + 2) * 4, init[src] + ((1 + y) * mw + 1) * 4, 8 * 4);
    }
    /* Clear mip 2 of slices 1..2. */
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, t, 2, 1, 2, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, v, 1.0f, 0.5f, 0.0f, 1.0f), ==, 0);
    uint8_t px[4];
    if (fmt == DXGI_FORMAT_R8G8B8A8_UNORM) {
        memcpy(px, (uint8_t[4]){ 255, 128, 0, 255 }, 4);
    } else {
        memcpy(px, (uint8_t[4]){ 0, 128, 255, 255 }, 4); /* B8G8R8A8 */
    }
    for (UINT sl = 1; sl < 3; sl++) {
        UINT s = 2 + sl * MIPS, w = W >> 2, h = H >> 2;
        for (UINT i = 0; i < w * h; i++) {
            memcpy(init[s] + i * 4, px, 4);
        }
    }
    for (UINT s = 0; s < nsub; s++) {
        UINT m = s % MIPS, w = MAX(W >> m, 1), h = MAX(H >> m, 1);
        g_autofree uint8_t *out = g_malloc(w * h * 4);
        rt_read(d, t, s, out);
        g_assert_cmpmem(out, w * h * 4, init[s], w * h * 4);
        g_free(init[s]);
    }
    rt_destroy_rtv(d, v);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* BltDXGI between resources: mip 1 of a render target into a larger
 * texture at (5, 3) and into a staging texture, read back byte-exact with
 * the rest of the destination intact; a stretch, a resolve, a conversion
 * and a mismatched rectangle are refused with E_NOTIMPL without losing the
 * device. */
static void test_blt(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { SW = 24, SH = 14, DW = 40, DH = 30, X = 5, Y = 3 };
    uint8_t s0[SW * SH * 4], s1[(SW / 2) * (SH / 2) * 4], d0[DW * DH * 4], out[DW * DH * 4];
    pattern(s0, sizeof(s0), 11);
    pattern(s1, sizeof(s1), 12);
    pattern(d0, sizeof(d0), 13);
    D3D10_DDIARG_SUBRESOURCE_UP sup[2] = { { s0, SW * 4, 0 }, { s1, SW / 2 * 4, 0 } };
    D3D10_DDIARG_SUBRESOURCE_UP dup = { d0, DW * 4, 0 };
    RtResource *src, *dst, *st;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, SW, SH, 2, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET, 0, sup, &src), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, DW, DH, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET, 0, &dup, &dst), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, SW / 2, SH / 2, 1, 1,
                                              DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_USAGE_STAGING,
                                              0, D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    const UINT rect[4] = { X, Y, X + SW / 2, Y + SH / 2 };
    g_assert_cmphex((uint32_t)rt_blt(d, dst, 0, rect, src, 1, 0), ==, 0);
    for (UINT y = 0; y < SH / 2; y++) {
        memcpy(d0 + ((Y + y) * DW + X) * 4, s1 + y * SW / 2 * 4, SW / 2 * 4);
    }
    rt_read(d, dst, 0, out);
    g_assert_cmpmem(out, sizeof(d0), d0, sizeof(d0));
    const UINT whole[4] = { 0, 0, SW / 2, SH / 2 };
    g_assert_cmphex((uint32_t)rt_blt(d, st, 0, whole, src, 1, 0), ==, 0);
    rt_read(d, st, 0, out);
    g_assert_cmpmem(out, sizeof(s1), s1, sizeof(s1));

    DXGI_DDI_ARG_BLT_FLAGS f[3] = { { .Value = 0 } };
    f[0].Stretch = 1;
    f[1].Resolve = 1;
    f[2].Convert = 1;
    for (unsigned i = 0; i < G_N_ELEMENTS(f); i++) {
        g_assert_cmphex((uint32_t)rt_blt(d, dst, 0, rect, src, 1, f[i].Value), ==,
                        (uint32_t)E_NOTIMPL);
    }
    const UINT bigger[4] = { X, Y, X + SW, Y + SH / 2 }; /* a stretch without the flag */
    g_assert_cmphex((uint32_t)rt_blt(d, dst, 0, bigger, src, 1, 0), ==, (uint32_t)E_NOTIMPL);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    rt_read(d, dst, 0, out);
    g_assert_cmpmem(out, sizeof(d0), d0, sizeof(d0));
    rt_destroy(d, src);
    rt_destroy(d, dst);
    rt_destroy(d, st);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
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
 * SURFACE allocation marked primary for its VidPN source (the back buffer
 * is not; an optional primary is one too, DriverFlags 0), and
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
    g_assert_cmphex(p->priv.flags, ==, SABLE_ALLOC_F_PRIMARY);
    g_assert_cmpuint(p->priv.kind, ==, SABLE_ALLOC_SURFACE);
    g_assert_cmpuint(p->priv.vidpn_source, ==, 0);
    g_assert_cmpuint(p->priv.width, ==, sc->desc.ModeDesc.Width);
    g_assert_cmpuint(p->priv.height, ==, sc->desc.ModeDesc.Height);
    g_assert_cmpuint(e.sim->display.address, ==, p->a->gpu);
    g_assert_cmphex(b->priv.flags & SABLE_ALLOC_F_PRIMARY, ==, 0);
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
    g_assert_cmphex(alloc_of(d, r)->priv.flags, ==, SABLE_ALLOC_F_PRIMARY);
    g_assert_cmphex(alloc_of(d, o)->priv.flags, ==, SABLE_ALLOC_F_PRIMARY);
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
    g_assert_cmphex((uint32_t)rt_rotate(sc), ==, (uint32_t)E_INVALIDARG); /* tiled vs linear */
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

/* After an injected hang and the TDR that aborts the device's work, the UMD
 * reports DEVICEREMOVED from the functions whose category allows it (Map,
 * Flush, copies, creation) and from no other (the runtime checks each);
 * cleanup still works and a new device on the same adapter works. */
static void test_tdr(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    uint8_t init[2048], out[2048];
    pattern(init, sizeof(init), 77);
    RtResource *src, *st, *none;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(init), D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               init, &src), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(init), D3D10_DDI_USAGE_STAGING, 0,
                                               D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "hang,engine=0", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy(d, st, src), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==,
                    (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_null(m.pData);
    g_assert_cmpuint(e.sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_cmphex((uint32_t)rt_copy(d, st, src), ==, (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 64, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &none),
                    ==, (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_null(none);
    UINT caps = 1;
    g_assert_cmphex((uint32_t)RT_CALL(d, CheckFormatSupport, 0,
                                      d->f11->pfnCheckFormatSupport(d->h,
                                                                    DXGI_FORMAT_R8G8B8A8_UNORM,
                                                                    &caps)), ==, 0);
    D3D10DDI_HBLENDSTATE nobs = { NULL };
    FLOAT factor[4] = { 0 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetBlendState, 0,
                                      d->f11->pfnSetBlendState(d->h, nobs, factor, ~0u)), ==, 0);
    rt_destroy(d, src);
    rt_destroy(d, st);

    /* A new device (after the removed one is gone) works. */
    rt_device_free(d);
    d = e.d = rt_device_new(e.ad, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(init), D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               init, &src), ==, 0);
    rt_read(d, src, 0, out);
    g_assert_cmpmem(out, sizeof(out), init, sizeof(init));
    rt_destroy(d, src);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Event query: not done while its write is unsubmitted (DO_NOT_FLUSH),
 * submitted by GetData otherwise, done once the work retired; again for a
 * second End; a query type the UMD does not know (8, past
 * STREAMOVERFLOWPREDICATE: D3D11's per-stream statistics) is refused
 * with E_OUTOFMEMORY. */
static void test_event_query(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { SZ = 65536 };
    g_autofree uint8_t *init = g_malloc(SZ);
    pattern(init, SZ, 5);
    RtResource *src, *dst;
    RtQuery *q, *occ;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, init, &src),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &dst),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_query(d, (D3D10DDI_QUERY)8, &occ), ==,
                    (uint32_t)E_OUTOFMEMORY);
    g_assert_null(occ);
    g_assert_cmphex((uint32_t)rt_create_query(d, D3D10DDI_QUERY_EVENT, &q), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);

    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "slow,engine=0,delay-ns=30000000", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy(d, dst, src), ==, 0);
    g_assert_cmphex((uint32_t)rt_query_end(d, q), ==, 0);
    unsigned renders = d->renders->len;
    BOOL done;
    unsigned still_drawing = 1;
    g_assert_cmphex((uint32_t)rt_query_get_data(d, q, D3D10_DDI_GET_DATA_DO_NOT_FLUSH, &done), ==,
                    (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    g_assert_cmpuint(d->renders->len, ==, renders);
    /* Submitted now. The device executes the packets at once and only
     * reports the fence late (in process the engine may also run late):
     * either the write landed (done) or not yet (WASSTILLDRAWING, the
     * fence not retired either). */
    HRESULT hr = rt_query_get_data(d, q, 0, &done);
    g_assert_cmpuint(d->renders->len, ==, renders + 1);
    if (hr == DXGI_DDI_ERR_WASSTILLDRAWING) {
        g_assert_false(done);
        still_drawing++;
    } else {
        g_assert_cmphex((uint32_t)hr, ==, 0);
        g_assert_true(done);
    }
    rt_wait_idle(d);
    g_assert_cmphex((uint32_t)rt_query_get_data(d, q, 0, &done), ==, 0);
    g_assert_true(done);
    g_assert_cmphex((uint32_t)rt_query_end(d, q), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);
    g_assert_cmphex((uint32_t)rt_query_get_data(d, q, 0, &done), ==, 0);
    g_assert_true(done);
    rt_destroy_query(d, q);
    rt_destroy(d, src);
    rt_destroy(d, dst);
    g_assert_cmpuint(d->errors, ==, 1 + still_drawing); /* occlusion, WASSTILLDRAWINGs */
    env_free(&e);
}

/* ClearDepthStencilView through FILL: D32_FLOAT (depth), D16_UNORM, and
 * D24_UNORM_S8_UINT with depth and stencil, of one mip of one slice of
 * textures with initial data, read back; the other subresources are
 * untouched. Depth only on D24S8 (a masked write) is not supported yet: it
 * reports DEVICEREMOVED (the one code its category allows). */
static void test_depth_clear(gconstpointer data)
{
    UINT iv = GPOINTER_TO_UINT(data);
    /* the 2D path (FILL); with 3D, depth textures are host textures, whose
     * uploads of arbitrary bytes (not valid depths) do not round-trip */
    Env e = env_new_2d(iv);
    RtDevice *d = e.d;
    enum { W = 16, H = 8, MIPS = 2, SLICES = 2 };
    static const DXGI_FORMAT fmts[3] = {
        DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_D24_UNORM_S8_UINT,
    };
    RtResource *t[3];
    RtView *v[3];
    uint8_t *init[3][MIPS * SLICES];
    for (unsigned k = 0; k < 3; k++) {
        UINT bpp = umd_format_bpp(fmts[k]);
        D3D10_DDIARG_SUBRESOURCE_UP up[MIPS * SLICES];
        for (UINT s = 0; s < MIPS * SLICES; s++) {
            UINT m = s % MIPS, w = W >> m, h = H >> m;
            init[k][s] = g_malloc(w * h * bpp);
            pattern(init[k][s], w * h * bpp, 30 + s + 4 * k);
            up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ init[k][s], w * bpp, w * h * bpp };
        }
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, MIPS, SLICES, fmts[k],
                                                  D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_DEPTH_STENCIL, 0, up, &t[k]),
                        ==, 0);
        g_assert_cmphex((uint32_t)rt_create_dsv(d, t[k], 0, 1, 1, &v[k]), ==, 0);
    }
    UINT both = D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL;
    g_assert_cmphex((uint32_t)rt_clear_dsv(d, v[0], D3D10_DDI_CLEAR_DEPTH, 0.25f, 0), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear_dsv(d, v[1], both, 0.5f, 0), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear_dsv(d, v[2], both, 1.0f, 0x7f), ==, 0);
    float quarter = 0.25f;
    uint32_t texel[3] = { 0, 0x8000u, 0x7fffffffu };
    memcpy(&texel[0], &quarter, 4);
    for (unsigned k = 0; k < 3; k++) {
        UINT bpp = umd_format_bpp(fmts[k]);
        for (UINT i = 0; i < W * H; i++) {
            memcpy(init[k][MIPS] + i * bpp, &texel[k], bpp); /* mip 0 of slice 1 */
        }
        for (UINT s = 0; s < MIPS * SLICES; s++) {
            UINT m = s % MIPS, w = W >> m, h = H >> m;
            g_autofree uint8_t *out = g_malloc(w * h * bpp);
            rt_read(d, t[k], s, out);
            g_assert_cmpmem(out, w * h * bpp, init[k][s], w * h * bpp);
            g_free(init[k][s]);
        }
    }
    g_assert_cmpuint(d->errors, ==, 0);
    /* a clear it cannot do: a critical error at ClearDepthStencilView */
    g_assert_cmphex((uint32_t)rt_clear_dsv(d, v[2], D3D10_DDI_CLEAR_DEPTH, 0.5f, 0), ==,
                    (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    g_assert_cmpstr(d->critical_ddi, ==, "ClearDepthStencilView");
    rt_expect_critical(d, 1);
    for (unsigned k = 0; k < 3; k++) {
        rt_destroy_dsv(d, v[k]);
        rt_destroy(d, t[k]);
    }
    env_free(&e);
}

/* Shader-resource views of a Texture2D (all mips) and of a buffer are
 * created and bound (recorded); a cube view of a 2D texture is refused with
 * E_OUTOFMEMORY; a destroyed view is unbound. */
static SIZE_T srv_create(RtDevice *d, const D3D11DDIARG_CREATESHADERRESOURCEVIEW *c, void **mem,
                         HRESULT *hr)
{
    SIZE_T size = d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, c);
    *mem = g_malloc0(size);
    D3D10DDI_HSHADERRESOURCEVIEW v = { *mem };
    D3D10DDI_HRTSHADERRESOURCEVIEW rt = { *mem };
    *hr = RT_CALL(d, CreateShaderResourceView, 0,
                  d->f11->pfnCreateShaderResourceView(d->h, c, v, rt));
    return size;
}

static void test_srv(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    RtResource *t, *b;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, 32, 32, 3, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_SHADER_RESOURCE, 0, NULL, &t), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 256, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_SHADER_RESOURCE, 0, NULL, &b), ==, 0);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW c = {
        .hDrvResource = t->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    c.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ 1, 0, UINT32_MAX, 2 };
    void *tex_srv, *buf_srv, *bad;
    HRESULT hr;
    srv_create(d, &c, &tex_srv, &hr);
    g_assert_cmphex((uint32_t)hr, ==, 0);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW cb = {
        .hDrvResource = b->h, .Format = DXGI_FORMAT_R32_UINT,
        .ResourceDimension = D3D10DDIRESOURCE_BUFFER,
    };
    cb.Buffer = (D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW){ 16, 48 };
    srv_create(d, &cb, &buf_srv, &hr);
    g_assert_cmphex((uint32_t)hr, ==, 0);
    c.ResourceDimension = D3D10DDIRESOURCE_TEXTURECUBE;
    srv_create(d, &c, &bad, &hr);
    g_assert_cmphex((uint32_t)hr, ==, (uint32_t)E_OUTOFMEMORY);
    g_free(bad);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    D3D10DDI_HSHADERRESOURCEVIEW views[2] = { { tex_srv }, { buf_srv } };
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetShaderResources, 0,
                                      d->f11->pfnPsSetShaderResources(d->h, 3, 2, views)), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, CsSetShaderResources, 0,
                                      d->f11->pfnCsSetShaderResources(d->h, 0, 1, views)), ==, 0);
    SableUmdBindings bnd;
    sable_umd_bindings(d->drv, &bnd);
    g_assert_cmpuint(bnd.shader_resources, ==, 3);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    for (unsigned i = 0; i < 2; i++) {
        g_assert_cmphex((uint32_t)RT_CALL(d, DestroyShaderResourceView, 0,
                                          d->f11->pfnDestroyShaderResourceView(d->h, views[i])),
                        ==, 0);
        sable_umd_bindings(d->drv, &bnd);
        g_assert_cmpuint(bnd.shader_resources, ==, i == 0 ? 1 : 0); /* unbound with it */
    }
    g_free(tex_srv);
    g_free(buf_srv);
    rt_destroy(d, t);
    rt_destroy(d, b);
    env_free(&e);
}

/* The setters record bindings: constant buffers, vertex buffers, the index
 * buffer, stream-output targets, render targets and the depth-stencil view,
 * topology; a destroyed resource leaves every slot it was bound to; NULL
 * unbinds; nothing is reported and the device is not lost. */
static void test_bindings(gconstpointer data)
{
    UINT iv = GPOINTER_TO_UINT(data);
    Env e = env_new(iv, 0, 0, 0);
    RtDevice *d = e.d;
    RtResource *buf[3], *rt, *ds;
    for (unsigned i = 0; i < 3; i++) {
        g_assert_cmphex((uint32_t)rt_create_buffer(d, 256, D3D10_DDI_USAGE_DEFAULT,
                                                   D3D10_DDI_BIND_VERTEX_BUFFER |
                                                       D3D10_DDI_BIND_STREAM_OUTPUT,
                                                   0, NULL, &buf[i]), ==, 0);
    }
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, 16, 16, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_RENDER_TARGET,
                                              0, NULL, &rt), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, 16, 16, 1, 1, DXGI_FORMAT_D32_FLOAT,
                                              D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_DEPTH_STENCIL,
                                              0, NULL, &ds), ==, 0);
    RtView *rtv, *dsv;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, rt, 0, 0, 1, &rtv), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_dsv(d, ds, 0, 0, 1, &dsv), ==, 0);
    D3D10DDI_HRESOURCE hb[3] = { buf[0]->h, buf[1]->h, buf[2]->h };
    UINT strides[3] = { 16, 16, 32 }, offsets[3] = { 0, 16, 32 };
    RT_CALL(d, VsSetConstantBuffers, 0, F(d, pfnVsSetConstantBuffers)(d->h, 1, 3, hb));
    RT_CALL(d, GsSetConstantBuffers, 0, F(d, pfnGsSetConstantBuffers)(d->h, 0, 1, hb));
    RT_CALL(d, IaSetVertexBuffers, 0, F(d, pfnIaSetVertexBuffers)(d->h, 0, 2, hb, strides, offsets));
    RT_CALL(d, IaSetIndexBuffer, 0, F(d, pfnIaSetIndexBuffer)(d->h, hb[2], DXGI_FORMAT_R16_UINT, 0));
    RT_CALL(d, SoSetTargets, 0, F(d, pfnSoSetTargets)(d->h, 2, 2, hb, offsets));
    RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4));
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { rtv->h };
    if (d->f11) {
        RT_CALL(d, SetRenderTargets, 0,
                d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, dsv->dsv, NULL, NULL, 0, 0, 0, 0));
    } else {
        RT_CALL(d, SetRenderTargets, 0, F10(d, pfnSetRenderTargets)(d->h, rtvs, 1, 7, dsv->dsv));
    }
    SableUmdBindings b;
    sable_umd_bindings(d->drv, &b);
    g_assert_cmpuint(b.constant_buffers, ==, 4);
    g_assert_cmpuint(b.vertex_buffers, ==, 2);
    g_assert_cmpuint(b.index_buffer, ==, 1);
    g_assert_cmpuint(b.stream_outputs, ==, 2);
    g_assert_cmpuint(b.render_targets, ==, 1);
    g_assert_cmpuint(b.depth_stencil, ==, 1);
    g_assert_cmpuint(b.topology, ==, 4);
    rt_destroy(d, buf[0]); /* CB VS1, CB GS0, VB0, SO0 */
    sable_umd_bindings(d->drv, &b);
    g_assert_cmpuint(b.constant_buffers, ==, 2);
    g_assert_cmpuint(b.vertex_buffers, ==, 1);
    g_assert_cmpuint(b.stream_outputs, ==, 1);
    D3D10DDI_HDEPTHSTENCILVIEW nodsv = { NULL };
    if (d->f11) {
        RT_CALL(d, SetRenderTargets, 0,
                d->f11->pfnSetRenderTargets(d->h, NULL, 0, 8, nodsv, NULL, NULL, 0, 0, 0, 0));
    } else {
        RT_CALL(d, SetRenderTargets, 0, F10(d, pfnSetRenderTargets)(d->h, NULL, 0, 8, nodsv));
    }
    RT_CALL(d, VsSetConstantBuffers, 0, F(d, pfnVsSetConstantBuffers)(d->h, 0, 14, NULL));
    RT_CALL(d, IaSetVertexBuffers, 0, F(d, pfnIaSetVertexBuffers)(d->h, 0, 16, NULL, NULL, NULL));
    D3D10DDI_HRESOURCE none = { NULL };
    RT_CALL(d, IaSetIndexBuffer, 0, F(d, pfnIaSetIndexBuffer)(d->h, none, DXGI_FORMAT_UNKNOWN, 0));
    RT_CALL(d, SoSetTargets, 0, F(d, pfnSoSetTargets)(d->h, 0, 4, NULL, NULL));
    sable_umd_bindings(d->drv, &b);
    g_assert_cmpuint(b.constant_buffers + b.vertex_buffers + b.index_buffer + b.stream_outputs +
                         b.render_targets + b.depth_stencil, ==, 0);
    g_assert_cmpuint(d->errors, ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    rt_destroy_rtv(d, rtv);
    rt_destroy_dsv(d, dsv);
    rt_destroy(d, rt);
    rt_destroy(d, ds);
    rt_destroy(d, buf[1]);
    rt_destroy(d, buf[2]);
    env_free(&e);
}

/* CheckFormatSupport claims RENDERTARGET exactly for the formats whose
 * render-target view the UMD creates (every DXGI format it can store, as a
 * texture with the render-target bind flag), MULTISAMPLE_RENDERTARGET
 * exactly for those a 4x texture of can be created (the 3D path's colour
 * formats, /d3d/tex/msaa); SHADER_SAMPLE and BLENDABLE:
 * /d3d/formats/sample and /d3d/formats/blend. */
static void test_format_support(gconstpointer data)
{
    Env e = env_new(GPOINTER_TO_UINT(data), 0, 0, 0);
    RtDevice *d = e.d;
    unsigned render_targets = 0;
    for (UINT f = 1; f <= DXGI_FORMAT_B8G8R8X8_UNORM_SRGB; f++) {
        UINT caps = 0xdeadu;
        g_assert_cmphex((uint32_t)RT_CALL(d, CheckFormatSupport, 0,
                                          F(d, pfnCheckFormatSupport)(d->h, (DXGI_FORMAT)f, &caps)),
                        ==, 0);
        const UINT msrt = D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
        const UINT rtc = D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET;
        g_assert_cmphex(caps & ~(UINT)(rtc | msrt | D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE |
                                       D3D10_DDI_FORMAT_SUPPORT_BLENDABLE |
                                       D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD), ==, 0);
        RtResource *t = NULL;
        if (umd_format_bpp((DXGI_FORMAT)f)) {
            HRESULT ms = rt_create_tex2d_ms(d, 8, 8, 4, (DXGI_FORMAT)f,
                                            D3D10_DDI_BIND_RENDER_TARGET, &t);
            g_assert_cmphex(ms == S_OK, ==, (caps & msrt) != 0);
            if (t) {
                rt_destroy(d, t);
                t = NULL;
            }
        }
        if (!umd_format_bpp((DXGI_FORMAT)f) ||
            rt_create_tex2d(d, 8, 8, 1, 1, (DXGI_FORMAT)f, D3D10_DDI_USAGE_DEFAULT,
                            D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &t) != S_OK) {
            g_assert_cmphex(caps & rtc, ==, 0); /* cannot even be created */
            continue;
        }
        RtView *v = NULL;
        HRESULT hr = rt_create_rtv(d, t, 0, 0, 1, &v);
        g_assert_cmphex((caps & rtc) != 0, ==, hr == S_OK);
        render_targets += hr == S_OK;
        if (v) {
            rt_destroy_rtv(d, v);
        }
        rt_destroy(d, t);
    }
    g_assert_cmpuint(render_targets, ==, 46); /* docs/umd.md: the RTV formats */
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    env_free(&e);
}

/* SetViewports / SetScissorRects set all slots at once: the first n are
 * what was passed, the rest unbound; 0 unbinds every one. */
static void test_viewports(gconstpointer data)
{
    Env e = env_new(GPOINTER_TO_UINT(data), 0, 0, 0);
    RtDevice *d = e.d;
    const D3D10_DDI_VIEWPORT vp[3] = { { 0, 0, 640, 480, 0, 1 },
                                       { 10.5f, 20, 100, 50, 0.25f, 0.75f },
                                       { 1, 2, 3, 4, 0, 0 } };
    const D3D10_DDI_RECT sc[2] = { { 0, 0, 320, 240 }, { 5, 6, 70, 80 } };
    RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 3, 0, vp));
    RT_CALL(d, SetScissorRects, 0, F(d, pfnSetScissorRects)(d->h, 2, 0, sc));
    SableUmdBindings b;
    sable_umd_bindings(d->drv, &b);
    g_assert_cmpuint(b.viewports, ==, 3);
    g_assert_cmpuint(b.scissor_rects, ==, 2);
    g_assert_cmpmem(b.viewport, sizeof(vp), vp, sizeof(vp));
    g_assert_cmpmem(b.scissor, sizeof(sc), sc, sizeof(sc));
    RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 2, &vp[1]));
    sable_umd_bindings(d->drv, &b);
    g_assert_cmpuint(b.viewports, ==, 1);
    g_assert_cmpfloat(b.viewport[0].TopLeftX, ==, 10.5f);
    g_assert_cmpfloat(b.viewport[1].Width, ==, 0); /* unbound */
    RT_CALL(d, SetScissorRects, 0, F(d, pfnSetScissorRects)(d->h, 0, 2, NULL));
    sable_umd_bindings(d->drv, &b);
    g_assert_cmpuint(b.scissor_rects, ==, 0);
    g_assert_cmpint(b.scissor[1].right, ==, 0);
    g_assert_cmpuint(d->errors, ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    env_free(&e);
}

/* Uploads into a resource in use go through the upload ring: buffers each
 * named by a queued COPY (so not written in place) and a tiled texture,
 * updated many times without a Flush between them (more bytes than the
 * ring holds, so it is renamed while the GPU still reads the old
 * instance), every one read back byte-exact (the update, not the earlier
 * COPY's bytes); no temporary allocation for any of them. An upload larger
 * than the ring takes a temporary of its own and is exact too. */
static void test_upload_ring(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 24, TW = 300, TH = 200 };
    g_autofree uint8_t *tex_data = g_malloc(TW * TH * 4), *out = NULL;
    RtResource *buf[N], *tex;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, TW, TH, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &tex), ==, 0);
    g_assert_true(sable_umd_resource_tiled(tex->mem));
    pattern(tex_data, TW * TH * 4, 99);
    g_assert_cmphex((uint32_t)rt_update(d, tex, 0, NULL, tex_data, TW * 4), ==, 0);
    uint64_t ring = rt_umd_stats(d).upload_ring_size;
    g_assert_cmpuint(ring, >=, 1u << 20);
    UINT size = (UINT)(ring / 8 + 4096); /* 8 of them overflow the ring */
    out = g_malloc(size);
    g_autofree uint8_t *data = g_malloc(size);
    RtResource *old;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, size, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                               &old), ==, 0);
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmphex((uint32_t)rt_create_buffer(d, size, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                                   &buf[i]), ==, 0);
        g_assert_cmphex((uint32_t)rt_copy(d, buf[i], old), ==, 0);
        pattern(data, size, i);
        g_assert_cmphex((uint32_t)rt_update(d, buf[i], 0, NULL, data, size), ==, 0);
    }
    SableUmdStats st = rt_umd_stats(d);
    g_assert_cmpuint(st.upload_pieces, ==, N + 1);
    g_assert_cmpuint(st.upload_renames, >=, 2);
    g_assert_cmpuint(st.upload_temporaries, ==, 0);
    g_assert_cmpuint(st.upload_in_place, ==, 0);
    for (unsigned i = 0; i < N; i++) {
        pattern(data, size, i);
        rt_read(d, buf[i], 0, out);
        g_assert_cmpmem(out, size, data, size);
        rt_destroy(d, buf[i]);
    }
    g_autofree uint8_t *tex_out = g_malloc(TW * TH * 4);
    rt_read(d, tex, 0, tex_out);
    g_assert_cmpmem(tex_out, TW * TH * 4, tex_data, TW * TH * 4);
    rt_destroy(d, tex);
    /* larger than the ring: a temporary */
    UINT big = (UINT)ring + 8192;
    g_autofree uint8_t *big_data = g_malloc(big), *big_out = g_malloc(big);
    pattern(big_data, big, 7);
    RtResource *b, *bsrc;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, big, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &b),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, big, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                               &bsrc), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, b, bsrc), ==, 0);
    g_assert_cmphex((uint32_t)rt_update(d, b, 0, NULL, big_data, big), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).upload_temporaries, ==, 1);
    rt_read(d, b, 0, big_out);
    g_assert_cmpmem(big_out, big, big_data, big);
    rt_destroy(d, b);
    rt_destroy(d, bsrc);
    rt_destroy(d, old);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Update one buffer in place: the box [at, at + n) of data, the rest of
 * the buffer as `before` had it; read back and compared whole. */
static void update_box_exact(RtDevice *d, RtResource *r, uint8_t *before, UINT size, UINT at,
                             UINT n, unsigned seed)
{
    g_autofree uint8_t *data = g_malloc(n), *out = g_malloc(size);
    pattern(data, n, seed);
    D3D10_DDI_BOX box = { .left = at, .right = at + n, .top = 0, .bottom = 1, .front = 0,
                          .back = 1 };
    unsigned pieces = rt_umd_stats(d).upload_pieces, in_place = rt_umd_stats(d).upload_in_place;
    g_assert_cmphex((uint32_t)rt_update(d, r, 0, &box, data, n), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).upload_in_place, ==, in_place + 1);
    g_assert_cmpuint(rt_umd_stats(d).upload_pieces, ==, pieces); /* no second copy */
    memcpy(before + at, data, n);
    rt_read(d, r, 0, out);
    g_assert_cmpmem(out, size, before, size);
}

/* One-copy uploads (docs/umd.md "Uploads"): an idle linear resource is
 * written in place, with the CPU, where the GPU reads it: a box of a
 * buffer (the bytes around it kept), a box of a 3D texture (rows and
 * slices at their pitches); byte-exact through a GPU copy to staging. Under
 * memory pressure: a buffer evicted from VRAM is written in its system
 * pages and paged back in exact. After a TDR: a new device's in-place
 * uploads are exact. A resource still queued takes the ring (order kept). */
static void test_upload_in_place(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { SZ = 256 * 1024, W = 40, H = 12, D = 3, BPP = 4 };
    g_autofree uint8_t *before = g_malloc(SZ);
    pattern(before, SZ, 1);
    RtResource *b;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, before, &b),
                    ==, 0);
    update_box_exact(d, b, before, SZ, 4097, 70001, 2);

    /* 3D texture: rows of W * BPP bytes, its pitches */
    uint8_t tex[D][H][W * BPP], src[D][H][W * BPP + 8], out[D][H][W * BPP];
    pattern(&tex[0][0][0], sizeof(tex), 3);
    pattern(&src[0][0][0], sizeof(src), 4);
    D3D10_DDIARG_SUBRESOURCE_UP up = { .pSysMem = tex, .SysMemPitch = W * BPP,
                                       .SysMemSlicePitch = H * W * BPP };
    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_tex3d(d, W, H, D, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, &up, &t), ==, 0);
    g_assert_false(sable_umd_resource_tiled(t->mem));
    D3D10_DDI_BOX box = { .left = 5, .right = 31, .top = 2, .bottom = 11, .front = 1, .back = 3 };
    unsigned in_place = rt_umd_stats(d).upload_in_place;
    g_assert_cmphex((uint32_t)RT_CALL(d, ResourceUpdateSubresourceUP, 0,
                                      d->f11->pfnResourceUpdateSubresourceUP(
                                          d->h, t->h, 0, &box, src, sizeof(src[0][0]),
                                          sizeof(src[0]))), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).upload_in_place, ==, in_place + 1);
    for (INT z = box.front; z < box.back; z++) {
        for (INT y = box.top; y < box.bottom; y++) {
            memcpy(&tex[z][y][box.left * BPP], &src[z - box.front][y - box.top][0],
                   (box.right - box.left) * BPP);
        }
    }
    rt_read(d, t, 0, &out[0][0][0]);
    g_assert_cmpmem(out, sizeof(out), tex, sizeof(tex));
    rt_destroy(d, t);

    /* queued: a COPY names it, so the update goes through the ring after it */
    RtResource *other;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                               &other), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, other, b), ==, 0);
    unsigned pieces = rt_umd_stats(d).upload_pieces;
    in_place = rt_umd_stats(d).upload_in_place;
    g_autofree uint8_t *data = g_malloc(SZ), *got = g_malloc(SZ);
    pattern(data, SZ, 5);
    g_assert_cmphex((uint32_t)rt_update(d, other, 0, NULL, data, SZ), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).upload_pieces, ==, pieces + 1);
    g_assert_cmpuint(rt_umd_stats(d).upload_in_place, ==, in_place);
    rt_read(d, other, 0, got);
    g_assert_cmpmem(got, SZ, data, SZ);
    rt_destroy(d, other);

    /* memory pressure: buffers beyond VRAM evict b (the oldest) */
    uint64_t vram = e.sim->t->vram_size;
    unsigned nfill = (unsigned)(vram / SZ) + 2, evicted = e.sim->vidmm.evictions;
    RtResource **fill = g_new(RtResource *, nfill);
    for (unsigned i = 0; i < nfill; i++) {
        g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                                   &fill[i]), ==, 0);
    }
    g_assert_cmpuint(e.sim->vidmm.evictions, >, evicted);
    unsigned page_ins = e.sim->vidmm.page_ins;
    for (unsigned i = 0; i < nfill; i++) {
        rt_destroy(d, fill[i]);
    }
    g_free(fill);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);
    update_box_exact(d, b, before, SZ, 0, SZ / 2 + 3, 6);
    g_assert_cmpuint(e.sim->vidmm.page_ins, >, page_ins); /* written while evicted */
    rt_destroy(d, b);

    /* after a TDR, on a new device */
    RtResource *h, *st;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 4096, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &h),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 4096, D3D10_DDI_USAGE_STAGING, 0,
                                               D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "hang,engine=0", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy(d, st, h), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==,
                    (uint32_t)D3DDDIERR_DEVICEREMOVED);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1);
    rt_destroy(d, h);
    rt_destroy(d, st);
    rt_device_free(d);
    d = e.d = rt_device_new(e.ad, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    pattern(before, SZ, 7);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, before, &b),
                    ==, 0);
    update_box_exact(d, b, before, SZ, 100, 1000, 8);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* A shared resource: device A creates a TILE_Y render target with initial
 * data (a kernel-mode resource comes back), device B (another interface
 * version) opens it through the private data dxgkrnl kept and reads it
 * byte-exact, clears it; A sees the clear. A destroys its resource first:
 * B's still works; when B's is destroyed too (deferred to its Flush) the
 * allocation is gone from VRAM and the kernel-mode resource with it. */
static void test_shared(gconstpointer data)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *a = e.d, *b = rt_device_new(e.ad, GPOINTER_TO_UINT(data), 0, 0, 0);
    enum { W = 70, H = 45 };
    g_autofree uint8_t *init = g_malloc(W * H * 4), *out = g_malloc(W * H * 4);
    pattern(init, W * H * 4, 5);
    D3D10_DDIARG_SUBRESOURCE_UP up = { .pSysMem = init, .SysMemPitch = W * 4 };
    unsigned vram = e.sim->vidmm.in_vram->len;
    RtResource *ra, *rb;
    g_assert_cmphex((uint32_t)rt_create_shared_tex2d(a, W, H, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                     D3D10_DDI_BIND_RENDER_TARGET |
                                                         D3D10_DDI_BIND_SHADER_RESOURCE,
                                                     &up, &ra), ==, 0);
    g_assert_cmphex(ra->km, !=, 0);
    g_assert_true(sable_umd_resource_tiled(ra->mem));
    g_assert_cmphex((uint32_t)rt_flush(a), ==, 0); /* B's reads come after A's upload */
    g_assert_cmphex((uint32_t)rt_open_resource(b, ra->km, &rb), ==, 0);
    g_assert_true(sable_umd_resource_tiled(rb->mem));
    rt_read(b, rb, 0, out);
    g_assert_cmpmem(out, W * H * 4, init, W * H * 4);

    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(b, rb, 0, 0, 1, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(b, v, 1.0f, 0.0f, 0.0f, 1.0f), ==, 0);
    rt_destroy_rtv(b, v);
    g_assert_cmphex((uint32_t)rt_flush(b), ==, 0);
    rt_wait_idle(b);
    rt_read(a, ra, 0, out);
    for (unsigned i = 0; i < W * H; i++) {
        g_assert_cmphex(out[4 * i] | out[4 * i + 1] << 8 | out[4 * i + 2] << 16 |
                            (uint32_t)out[4 * i + 3] << 24, ==, 0xff0000ffu);
    }
    rt_destroy(a, ra);
    g_assert_cmphex((uint32_t)rt_flush(a), ==, 0);
    g_assert_cmpuint(e.sim->vidmm.in_vram->len, ==, vram + 1); /* B still holds it */
    RtResource *st;
    g_assert_cmphex((uint32_t)rt_create_tex2d(b, W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, &up, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(b, rb, st), ==, 0);
    rt_read(b, rb, 0, out);
    g_assert_cmpmem(out, W * H * 4, init, W * H * 4);
    rt_destroy(b, st);
    rt_destroy(b, rb);
    g_assert_cmphex((uint32_t)rt_flush(b), ==, 0);
    g_assert_cmpuint(e.sim->vidmm.in_vram->len, ==, vram);
    g_assert_cmpuint(g_hash_table_size(e.ad->shared), ==, 0);
    g_assert_cmpuint(a->errors + b->errors, ==, 0);
    rt_device_free(b);
    env_free(&e);
}

/* OpenResource checks what dxgkrnl relays: resource private data that is
 * not a Sable description, or describes a different layout, fails with
 * E_OUTOFMEMORY (the runtime then closes what it opened and never calls
 * DestroyResource); the device is not lost and a good open still works. */
static void test_shared_bad(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *a = e.d, *b = rt_device_new(e.ad, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtResource *ra, *rb;
    g_assert_cmphex((uint32_t)rt_create_shared_tex2d(a, 64, 64, DXGI_FORMAT_B8G8R8A8_UNORM,
                                                     D3D10_DDI_BIND_RENDER_TARGET, NULL, &ra),
                    ==, 0);
    UINT size;
    uint8_t *priv = rt_shared_private(e.ad, ra->km, &size);
    g_autofree uint8_t *good = g_memdup2(priv, size);
    /* every byte flipped in turn: each must be refused or open the same */
    unsigned refused = 0;
    for (UINT i = 0; i < size; i++) {
        priv[i] ^= 0x5a;
        HRESULT hr = rt_open_resource(b, ra->km, &rb);
        g_assert_true(hr == S_OK || hr == E_OUTOFMEMORY);
        if (hr == S_OK) {
            g_assert_cmpuint(rb->width, ==, 64);
            rt_destroy(b, rb);
        }
        refused += hr == E_OUTOFMEMORY;
        memcpy(priv, good, size);
    }
    /* only the low byte of the bind flags can flip into another valid
     * description of the same layout */
    g_assert_cmpuint(refused, >=, size - 1);
    g_assert_cmpuint(rt_umd_stats(b).lost, ==, 0);
    g_assert_cmphex((uint32_t)rt_open_resource(b, ra->km, &rb), ==, 0);
    rt_destroy(b, rb);
    rt_destroy(a, ra);
    g_assert_cmphex((uint32_t)rt_flush(b), ==, 0);
    rt_device_free(b);
    env_free(&e);
}

/* Map of texture subresources: WRITE into mip 1 of slice 1 of a staging
 * texture through the returned pointer and RowPitch, copied into a default
 * texture and read back; READ_WRITE of another subresource sees its
 * initial data. */
static void test_map_texture(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { W = 20, H = 12, MIPS = 2, SLICES = 2 };
    uint8_t init[W * H * 4];
    pattern(init, sizeof(init), 8);
    D3D10_DDIARG_SUBRESOURCE_UP up[MIPS * SLICES];
    for (UINT s = 0; s < MIPS * SLICES; s++) {
        up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ init, (W >> (s % MIPS)) * 4, 0 };
    }
    RtResource *st, *t;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, MIPS, SLICES, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_STAGING, 0,
                                              D3D10_DDI_CPU_ACCESS_READ | D3D10_DDI_CPU_ACCESS_WRITE,
                                              up, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, MIPS, SLICES, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &t), ==, 0);
    const UINT sub = 1 + 1 * MIPS, w = W >> 1, h = H >> 1;
    uint8_t expect[(W >> 1) * (H >> 1) * 4], out[sizeof(expect)];
    pattern(expect, sizeof(expect), 123);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, sub, D3D10_DDI_MAP_WRITE, 0, &m), ==, 0);
    g_assert_cmpuint(m.RowPitch, >=, w * 4);
    g_assert_cmpuint(m.DepthPitch, >=, m.RowPitch * h);
    for (UINT y = 0; y < h; y++) {
        memcpy((uint8_t *)m.pData + y * m.RowPitch, expect + y * w * 4, w * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, st, sub), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, t, st), ==, 0);
    rt_read(d, t, sub, out);
    g_assert_cmpmem(out, sizeof(out), expect, sizeof(expect));
    /* Subresource 2 (mip 0, slice 1) kept its initial data. */
    g_assert_cmphex((uint32_t)rt_map(d, st, MIPS, D3D10_DDI_MAP_READWRITE, 0, &m), ==, 0);
    for (UINT y = 0; y < H; y++) {
        g_assert_cmpmem((uint8_t *)m.pData + y * m.RowPitch, W * 4, init + y * W * 4, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, st, MIPS), ==, 0);
    rt_destroy(d, st);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* The small ones: DefaultConstantBufferUpdateSubresourceUP lands (read
 * back), CheckMultisampleQualityLevels answers 1 level for 1 sample of a
 * known format and 0 otherwise, RelocateDeviceFuncs and the hazard
 * notifications report nothing, and the device keeps working. */
static void test_misc(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    RtResource *cb;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 256, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_CONSTANT_BUFFER, 0, NULL, &cb), ==, 0);
    uint8_t data[256], out[256];
    pattern(data, sizeof(data), 17);
    g_assert_cmphex((uint32_t)RT_CALL(d, DefaultConstantBufferUpdateSubresourceUP, 0,
                                      d->f11->pfnDefaultConstantBufferUpdateSubresourceUP(
                                          d->h, cb->h, 0, NULL, data, 0, 0)), ==, 0);
    rt_read(d, cb, 0, out);
    g_assert_cmpmem(out, sizeof(out), data, sizeof(data));
    UINT levels = 77;
    RT_CALL(d, CheckMultisampleQualityLevels, 0,
            d->f11->pfnCheckMultisampleQualityLevels(d->h, DXGI_FORMAT_R8G8B8A8_UNORM, 1, &levels));
    g_assert_cmpuint(levels, ==, 1);
    RT_CALL(d, CheckMultisampleQualityLevels, 0,
            d->f11->pfnCheckMultisampleQualityLevels(d->h, DXGI_FORMAT_R8G8B8A8_UNORM, 8, &levels));
    g_assert_cmpuint(levels, ==, 0); /* 4x only (/d3d/tex/msaa) */
    RT_CALL(d, CheckMultisampleQualityLevels, 0,
            d->f11->pfnCheckMultisampleQualityLevels(d->h, DXGI_FORMAT_R32G32B32_UINT, 1, &levels));
    g_assert_cmpuint(levels, ==, 0); /* a format the UMD cannot store */
    D3D11DDI_DEVICEFUNCS *moved = g_new0(D3D11DDI_DEVICEFUNCS, 1);
    memcpy(moved, d->f11, sizeof(*moved));
    RT_CALL(d, RelocateDeviceFuncs, 0, d->f11->pfnRelocateDeviceFuncs(d->h, moved));
    RT_CALL(d, ResourceReadAfterWriteHazard, 0,
            moved->pfnResourceReadAfterWriteHazard(d->h, cb->h));
    g_free(moved);
    g_assert_cmpuint(d->errors, ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    rt_read(d, cb, 0, out);
    g_assert_cmpmem(out, sizeof(out), data, sizeof(data));
    rt_destroy(d, cb);
    env_free(&e);
}

/* Texture1D: mips and slices with initial data, an updated range, a copy
 * between slices, a clear of one mip of one slice, an SRV; read back. */
static void test_texture1d(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { W = 100, MIPS = 3, SLICES = 2 };
    uint8_t *init[MIPS * SLICES];
    D3D10_DDIARG_SUBRESOURCE_UP up[MIPS * SLICES];
    for (UINT s = 0; s < MIPS * SLICES; s++) {
        UINT w = W >> (s % MIPS);
        init[s] = g_malloc(w * 4);
        pattern(init[s], w * 4, 90 + s);
        up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ init[s], w * 4, w * 4 };
    }
    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_texture(d, D3D10DDIRESOURCE_TEXTURE1D, W, 1, MIPS, SLICES,
                                                DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                                                D3D10_DDI_BIND_RENDER_TARGET |
                                                    D3D10_DDI_BIND_SHADER_RESOURCE,
                                                0, up, &t), ==, 0);
    uint8_t upd[10 * 4];
    pattern(upd, sizeof(upd), 3);
    D3D10_DDI_BOX box = { .left = 40, .right = 50, .top = 0, .bottom = 1, .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)rt_update(d, t, 0, &box, upd, sizeof(upd)), ==, 0);
    memcpy(init[0] + 40 * 4, upd, sizeof(upd));
    D3D10_DDI_BOX cbox = { .left = 0, .right = 20, .top = 0, .bottom = 1, .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)rt_copy_region(d, t, MIPS + 1, 5, 0, t, 1, &cbox), ==, 0);
    memcpy(init[MIPS + 1] + 5 * 4, init[1], 20 * 4);
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, t, 2, 1, 1, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, v, 0.0f, 0.0f, 1.0f, 1.0f), ==, 0);
    for (UINT i = 0; i < (W >> 2); i++) {
        memcpy(init[MIPS + 2] + i * 4, (uint8_t[4]){ 255, 0, 0, 255 }, 4);
    }
    for (UINT s = 0; s < MIPS * SLICES; s++) {
        UINT w = W >> (s % MIPS);
        g_autofree uint8_t *out = g_malloc(w * 4);
        rt_read(d, t, s, out);
        g_assert_cmpmem(out, w * 4, init[s], w * 4);
        g_free(init[s]);
    }
    rt_destroy_rtv(d, v);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* A cube (ArraySize 6 faces) with mips and initial data: a clear of face 3
 * through a cube RTV, a face copied into another, a cube SRV of all faces;
 * every face read back. */
static void test_cube(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { S = 16, MIPS = 2, FACES = 6 };
    uint8_t *init[MIPS * FACES];
    D3D10_DDIARG_SUBRESOURCE_UP up[MIPS * FACES];
    for (UINT s = 0; s < MIPS * FACES; s++) {
        UINT w = S >> (s % MIPS);
        init[s] = g_malloc(w * w * 4);
        pattern(init[s], w * w * 4, 50 + s);
        up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ init[s], w * 4, w * w * 4 };
    }
    RtResource *c;
    g_assert_cmphex((uint32_t)rt_create_texture(d, D3D10DDIRESOURCE_TEXTURECUBE, S, S, MIPS, FACES,
                                                DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                                                D3D10_DDI_BIND_RENDER_TARGET |
                                                    D3D10_DDI_BIND_SHADER_RESOURCE,
                                                0, up, &c), ==, 0);
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, c, 0, 3, 1, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, v, 0.0f, 1.0f, 0.0f, 1.0f), ==, 0);
    for (UINT i = 0; i < S * S; i++) {
        memcpy(init[3 * MIPS] + i * 4, (uint8_t[4]){ 0, 255, 0, 255 }, 4);
    }
    g_assert_cmphex((uint32_t)rt_copy_region(d, c, 5 * MIPS + 1, 0, 0, c, 0 * MIPS + 1, NULL), ==, 0);
    memcpy(init[5 * MIPS + 1], init[1], (S / 2) * (S / 2) * 4);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = c->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURECUBE,
    };
    sc.TexCube = (D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW){ 0, MIPS, 0, 1 };
    void *srv = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &sc));
    D3D10DDI_HSHADERRESOURCEVIEW hs = { srv };
    D3D10DDI_HRTSHADERRESOURCEVIEW rs = { srv };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateShaderResourceView, 0,
                                      d->f11->pfnCreateShaderResourceView(d->h, &sc, hs, rs)), ==, 0);
    for (UINT s = 0; s < MIPS * FACES; s++) {
        UINT w = S >> (s % MIPS);
        g_autofree uint8_t *out = g_malloc(w * w * 4);
        rt_read(d, c, s, out);
        g_assert_cmpmem(out, w * w * 4, init[s], w * w * 4);
        g_free(init[s]);
    }
    RT_CALL(d, DestroyShaderResourceView, 0, d->f11->pfnDestroyShaderResourceView(d->h, hs));
    g_free(srv);
    rt_destroy_rtv(d, v);
    rt_destroy(d, c);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Texture3D: two mips of depth slices with initial data (slice pitch), an
 * update of a 3D box, a copy of a box between mips, a clear of two W
 * slices through a Tex3D RTV, a Map WRITE of a staging volume; read back
 * slice by slice. */
static void test_texture3d(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { W = 12, H = 8, D = 6, MIPS = 2 };
    uint8_t *init[MIPS];
    D3D10_DDIARG_SUBRESOURCE_UP up[MIPS];
    for (UINT m = 0; m < MIPS; m++) {
        UINT w = W >> m, h = H >> m, dd = D >> m;
        init[m] = g_malloc(w * h * dd * 4);
        pattern(init[m], w * h * dd * 4, 70 + m);
        up[m] = (D3D10_DDIARG_SUBRESOURCE_UP){ init[m], w * 4, w * h * 4 };
    }
    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_tex3d(d, W, H, D, MIPS, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET, 0, up, &t), ==, 0);
    /* Update the box x 2..5, y 1..3, z 2..4 of mip 0. */
    uint8_t upd[3 * 2 * 2 * 4];
    pattern(upd, sizeof(upd), 31);
    D3D10_DDI_BOX box = { .left = 2, .right = 5, .top = 1, .bottom = 3, .front = 2, .back = 4 };
    g_assert_cmphex((uint32_t)RT_CALL(d, ResourceUpdateSubresourceUP, 0,
                                      d->f11->pfnResourceUpdateSubresourceUP(
                                          d->h, t->h, 0, &box, upd, 3 * 4, 3 * 2 * 4)), ==, 0);
    for (UINT z = 0; z < 2; z++) {
        for (UINT y = 0; y < 2; y++) {
            memcpy(init[0] + (((2 + z) * H + 1 + y) * W + 2) * 4, upd + (z * 2 + y) * 3 * 4, 3 * 4);
        }
    }
    /* Copy mip 1's box x 0..4, y 0..2, z 0..2 to mip 0 at (6, 4, 3). */
    D3D10_DDI_BOX cb = { .left = 0, .right = 4, .top = 0, .bottom = 2, .front = 0, .back = 2 };
    g_assert_cmphex((uint32_t)RT_CALL(d, ResourceCopyRegion, 0,
                                      d->f11->pfnResourceCopyRegion(d->h, t->h, 0, 6, 4, 3, t->h,
                                                                    1, &cb)), ==, 0);
    for (UINT z = 0; z < 2; z++) {
        for (UINT y = 0; y < 2; y++) {
            memcpy(init[0] + (((3 + z) * H + 4 + y) * W + 6) * 4,
                   init[1] + ((z * (H / 2) + y) * (W / 2)) * 4, 4 * 4);
        }
    }
    /* Clear W slices 1..2 of mip 1. */
    D3D10DDIARG_CREATERENDERTARGETVIEW rc = {
        .hDrvResource = t->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURE3D,
    };
    rc.Tex3D = (D3D10DDIARG_TEX3D_RENDERTARGETVIEW){ 1, 1, 2 };
    void *rtv = g_malloc0(d->f11->pfnCalcPrivateRenderTargetViewSize(d->h, &rc));
    D3D10DDI_HRENDERTARGETVIEW hv = { rtv };
    D3D10DDI_HRTRENDERTARGETVIEW rv = { rtv };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateRenderTargetView, 0,
                                      d->f11->pfnCreateRenderTargetView(d->h, &rc, hv, rv)), ==, 0);
    FLOAT red[4] = { 1.0f, 0.0f, 0.0f, 1.0f };
    g_assert_cmphex((uint32_t)RT_CALL(d, ClearRenderTargetView, 0,
                                      d->f11->pfnClearRenderTargetView(d->h, hv, red)), ==, 0);
    for (UINT i = 0; i < 2 * (W / 2) * (H / 2); i++) {
        memcpy(init[1] + ((W / 2) * (H / 2) + i) * 4, (uint8_t[4]){ 255, 0, 0, 255 }, 4);
    }
    for (UINT m = 0; m < MIPS; m++) {
        UINT n = (W >> m) * (H >> m) * (D >> m) * 4;
        g_autofree uint8_t *out = g_malloc(n);
        rt_read(d, t, m, out);
        g_assert_cmpmem(out, n, init[m], n);
    }
    /* A staging volume written through Map (RowPitch, DepthPitch). */
    RtResource *st;
    g_assert_cmphex((uint32_t)rt_create_tex3d(d, W, H, D, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_STAGING, 0,
                                              D3D10_DDI_CPU_ACCESS_WRITE | D3D10_DDI_CPU_ACCESS_READ,
                                              NULL, &st), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_WRITE, 0, &m), ==, 0);
    g_assert_cmpuint(m.DepthPitch, >=, m.RowPitch * H);
    for (UINT z = 0; z < D; z++) {
        for (UINT y = 0; y < H; y++) {
            memcpy((uint8_t *)m.pData + z * m.DepthPitch + y * m.RowPitch,
                   init[0] + ((z * H + y) * W) * 4, W * 4);
        }
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, st, 0), ==, 0);
    RtResource *t2;
    g_assert_cmphex((uint32_t)rt_create_tex3d(d, W, H, D, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &t2), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, t2, st), ==, 0);
    g_autofree uint8_t *out = g_malloc(W * H * D * 4);
    rt_read(d, t2, 0, out);
    g_assert_cmpmem(out, W * H * D * 4, init[0], W * H * D * 4);
    RT_CALL(d, DestroyRenderTargetView, 0, d->f11->pfnDestroyRenderTargetView(d->h, hv));
    g_free(rtv);
    for (UINT i = 0; i < MIPS; i++) {
        g_free(init[i]);
    }
    rt_destroy(d, st);
    rt_destroy(d, t2);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Buffer render-target views: ClearRenderTargetView fills their element
 * range (R8G8B8A8_UNORM, R32_FLOAT, R16_UNORM), the rest of the buffer
 * keeps its data; a 16-byte element format cannot be cleared with a 32-bit
 * pattern: the view is refused (E_OUTOFMEMORY). */
static void test_buffer_rtv(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { SZ = 1024 };
    uint8_t init[SZ], out[SZ];
    pattern(init, SZ, 44);
    RtResource *b;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_RENDER_TARGET, 0, init, &b), ==, 0);
    RtView *v1, *v2, *v3, *bad;
    g_assert_cmphex((uint32_t)rt_create_buffer_rtv(d, b, DXGI_FORMAT_R8G8B8A8_UNORM, 10, 50, &v1),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer_rtv(d, b, DXGI_FORMAT_R32_FLOAT, 100, 20, &v2), ==,
                    0);
    g_assert_cmphex((uint32_t)rt_create_buffer_rtv(d, b, DXGI_FORMAT_R16_UNORM, 400, 33, &v3), ==,
                    0);
    g_assert_cmphex((uint32_t)rt_create_buffer_rtv(d, b, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 4, &bad),
                    ==, (uint32_t)E_OUTOFMEMORY);
    g_assert_cmphex((uint32_t)rt_clear(d, v1, 1.0f, 0.0f, 0.5f, 1.0f), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, v2, 2.5f, 0.0f, 0.0f, 0.0f), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, v3, 1.0f, 0.0f, 0.0f, 0.0f), ==, 0);
    for (unsigned i = 0; i < 50; i++) {
        memcpy(init + (10 + i) * 4, (uint8_t[4]){ 255, 0, 128, 255 }, 4);
    }
    float f = 2.5f;
    for (unsigned i = 0; i < 20; i++) {
        memcpy(init + (100 + i) * 4, &f, 4);
    }
    memset(init + 800, 0xff, 66);
    rt_read(d, b, 0, out);
    g_assert_cmpmem(out, SZ, init, SZ);
    rt_destroy_rtv(d, v1);
    rt_destroy_rtv(d, v2);
    rt_destroy_rtv(d, v3);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 1);
    env_free(&e);
}

/* Every creation function not implemented yet reports E_OUTOFMEMORY (the
 * runtime checks the code against each one's category) and the device goes
 * on; the HRESULT-returning ones return E_NOTIMPL; the DXGI base functions
 * too. */
static void test_unsupported_sweep(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    D3D11DDI_DEVICEFUNCS *f = d->f11;
    uint8_t mem[256];
#define OOM(name, call) \
    g_assert_cmphex((uint32_t)RT_CALL(d, name, 0, call), ==, (uint32_t)E_OUTOFMEMORY)
    OOM(CreateElementLayout, f->pfnCreateElementLayout(d->h, NULL, (D3D10DDI_HELEMENTLAYOUT){ mem },
                                                       (D3D10DDI_HRTELEMENTLAYOUT){ mem }));
    OOM(CreateBlendState, f->pfnCreateBlendState(d->h, NULL, (D3D10DDI_HBLENDSTATE){ mem },
                                                 (D3D10DDI_HRTBLENDSTATE){ mem }));
    OOM(CreateDepthStencilState,
        f->pfnCreateDepthStencilState(d->h, NULL, (D3D10DDI_HDEPTHSTENCILSTATE){ mem },
                                      (D3D10DDI_HRTDEPTHSTENCILSTATE){ mem }));
    OOM(CreateRasterizerState,
        f->pfnCreateRasterizerState(d->h, NULL, (D3D10DDI_HRASTERIZERSTATE){ mem },
                                    (D3D10DDI_HRTRASTERIZERSTATE){ mem }));
    OOM(CreateSampler, f->pfnCreateSampler(d->h, NULL, (D3D10DDI_HSAMPLER){ mem },
                                           (D3D10DDI_HRTSAMPLER){ mem }));
    OOM(CreateUnorderedAccessView,
        f->pfnCreateUnorderedAccessView(d->h, NULL, (D3D11DDI_HUNORDEREDACCESSVIEW){ mem },
                                        (D3D11DDI_HRTUNORDEREDACCESSVIEW){ mem }));
    OOM(CreateDeferredContext, f->pfnCreateDeferredContext(d->h, NULL));
    OOM(CreateCommandList, f->pfnCreateCommandList(d->h, NULL, (D3D11DDI_HCOMMANDLIST){ mem },
                                                   (D3D11DDI_HRTCOMMANDLIST){ mem }));
#undef OOM
    HRESULT hr = S_OK;
    g_assert_cmphex((uint32_t)RT_CALL(d, RecycleCreateCommandList, 0,
                                      hr = f->pfnRecycleCreateCommandList(
                                          d->h, NULL, (D3D11DDI_HCOMMANDLIST){ mem },
                                          (D3D11DDI_HRTCOMMANDLIST){ mem })), ==, 0);
    g_assert_cmphex((uint32_t)hr, ==, (uint32_t)E_NOTIMPL);
    g_assert_cmphex((uint32_t)RT_CALL(d, RecycleCreateDeferredContext, 0,
                                      hr = f->pfnRecycleCreateDeferredContext(d->h, NULL)), ==, 0);
    g_assert_cmphex((uint32_t)hr, ==, (uint32_t)E_NOTIMPL);
    g_assert_cmphex((uint32_t)d->dxgi.pfnGetGammaCaps(NULL), ==, (uint32_t)E_NOTIMPL);
    g_assert_cmphex((uint32_t)d->dxgi.pfnSetResourcePriority(NULL), ==, (uint32_t)E_NOTIMPL);
    g_assert_cmphex((uint32_t)d->dxgi.pfnQueryResourceResidency(NULL), ==, (uint32_t)E_NOTIMPL);
    SableUmdStats st = rt_umd_stats(d);
    g_assert_cmpuint(st.lost, ==, 0);
    /* 3 creations (a UAV of a NULL description: refused as one it cannot
     * make; deferred context, command list), 2 recycles (the
     * DXGI stubs count nothing: they do not look at the device); the five
     * state objects are implemented and refuse a NULL description with the
     * same E_OUTOFMEMORY, not as unsupported; shaders: test-d3d-shader.c */
    g_assert_cmpuint(st.unsupported_calls, ==, 5);
    g_assert_cmpuint(d->errors, ==, 8);
    /* Still working. */
    RtResource *b;
    uint8_t init[64], out[64];
    pattern(init, sizeof(init), 2);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(init), D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               init, &b), ==, 0);
    rt_read(d, b, 0, out);
    g_assert_cmpmem(out, sizeof(out), init, sizeof(init));
    rt_destroy(d, b);
    env_free(&e);
}

/* D3D10.1 ResourceConvert / ResourceConvertRegion between castable formats
 * (R32_FLOAT -> R32_UINT: the bits), read back. */
static void test_convert(void)
{
    Env e = env_new(D3D10_1_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { W = 16, H = 4 };
    float src[W * H];
    for (unsigned i = 0; i < W * H; i++) {
        src[i] = (float)i * 0.75f - 3.0f;
    }
    D3D10_DDIARG_SUBRESOURCE_UP up = { src, W * 4, W * H * 4 };
    RtResource *a, *b, *c;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_R32_FLOAT,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, &up, &a), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_R32_UINT,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &b), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_R32_UINT,
                                              D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &c), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, ResourceConvert, 0,
                                      d->f10_1->pfnResourceConvert(d->h, b->h, a->h)), ==, 0);
    D3D10_DDI_BOX box = { .left = 4, .right = 12, .top = 1, .bottom = 3, .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)RT_CALL(d, ResourceConvertRegion, 0,
                                      d->f10_1->pfnResourceConvertRegion(d->h, c->h, 0, 0, 0, 0,
                                                                         a->h, 0, &box)), ==, 0);
    uint32_t out[W * H], expect[W * H];
    rt_read(d, b, 0, (uint8_t *)out);
    g_assert_cmpmem(out, sizeof(out), src, sizeof(src));
    memset(expect, 0, sizeof(expect));
    for (unsigned y = 0; y < 2; y++) {
        memcpy(&expect[y * W], &src[(1 + y) * W + 4], 8 * 4);
    }
    rt_read(d, c, 0, (uint8_t *)out);
    g_assert_cmpmem(out, sizeof(out), expect, sizeof(expect));
    rt_destroy(d, a);
    rt_destroy(d, b);
    rt_destroy(d, c);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

static const OverflowCase overflow_cases[] = {
    { .cmd = 128, .alist = 64, .plist = 256 }, /* the command buffer runs out */
    { .cmd = 16384, .alist = 3, .plist = 256 }, /* the allocation list */
    { .cmd = 16384, .alist = 64, .plist = 5 }, /* the patch list */
};

/* The TDR test's dumps go to a directory of this run, removed at the end. */
static char *dump_dir_new(void)
{
    char *dir = g_dir_make_tmp("winsim-d3d-dumps-XXXXXX", NULL);
    g_assert_nonnull(dir);
    g_setenv("WINSIM_DUMP_DIR", dir, TRUE);
    return dir;
}

static void dump_dir_remove(char *dir)
{
    GDir *dd = g_dir_open(dir, 0, NULL);
    const char *name;
    while (dd && (name = g_dir_read_name(dd))) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        g_remove(path);
    }
    if (dd) {
        g_dir_close(dd);
    }
    g_rmdir(dir);
    g_free(dir);
}

/* ---- tiled (TILE_Y) surfaces ---- */

static bool tiled(RtResource *r)
{
    return sable_umd_resource_tiled(r->mem) != 0;
}

/* Initial data of every subresource: its own pattern, tightly packed rows. */
typedef struct TiledCase {
    DXGI_FORMAT format;
    UINT bpp, w, h, mips, slices;
} TiledCase;

static const TiledCase tiled_cases[] = {
    { DXGI_FORMAT_R8G8B8A8_UNORM, 4, 37, 19, 3, 2 },
    { DXGI_FORMAT_A8_UNORM, 1, 131, 45, 4, 1 },
    { DXGI_FORMAT_B5G6R5_UNORM, 2, 33, 70, 2, 3 },
    { DXGI_FORMAT_R16G16B16A16_FLOAT, 8, 21, 33, 2, 1 },
    { DXGI_FORMAT_R32G32B32_FLOAT, 12, 9, 5, 1, 2 },
    { DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 40, 31, 6, 1 },
};

static UINT mip_dim(UINT v, UINT m)
{
    return v >> m ? v >> m : 1;
}

/* Tiled creation with initial data, read back (COPY_2D tiled->linear into
 * staging) byte-exact for every subresource; UpdateSubresourceUP of a box;
 * CopySubresourceRegion tiled->tiled and CopyResource tiled->staging ->
 * tiled; on each format of tiled_cases (odd sizes, mips, arrays). */
static void test_tiled_roundtrip(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    for (size_t c = 0; c < G_N_ELEMENTS(tiled_cases); c++) {
        const TiledCase *k = &tiled_cases[c];
        UINT nsub = k->mips * k->slices;
        g_autofree D3D10_DDIARG_SUBRESOURCE_UP *up = g_new0(D3D10_DDIARG_SUBRESOURCE_UP, nsub);
        g_autoptr(GPtrArray) data = g_ptr_array_new_with_free_func(g_free);
        for (UINT s = 0; s < nsub; s++) {
            UINT w = mip_dim(k->w, s % k->mips), h = mip_dim(k->h, s % k->mips);
            uint8_t *p = g_malloc((size_t)w * h * k->bpp);
            pattern(p, (size_t)w * h * k->bpp, (unsigned)(c * 16 + s));
            g_ptr_array_add(data, p);
            up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ p, w * k->bpp, 0 };
        }
        RtResource *t, *t2;
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, k->w, k->h, k->mips, k->slices, k->format,
                                                  D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &t), ==, 0);
        g_assert_true(tiled(t));
        for (UINT s = 0; s < nsub; s++) {
            UINT w = mip_dim(k->w, s % k->mips), h = mip_dim(k->h, s % k->mips);
            size_t n = (size_t)w * h * k->bpp;
            g_autofree uint8_t *out = g_malloc(n);
            rt_read(d, t, s, out);
            g_assert_cmpmem(out, n, g_ptr_array_index(data, s), n);
        }
        /* a box update of the last subresource (odd offset and size) */
        UINT ls = nsub - 1, lw = mip_dim(k->w, ls % k->mips), lh = mip_dim(k->h, ls % k->mips);
        uint8_t *last = g_ptr_array_index(data, ls);
        if (lw >= 3 && lh >= 3) {
            D3D10_DDI_BOX box = { 1, 1, 0, (INT)lw - 1, (INT)lh, 1 };
            UINT bw = lw - 2, bh = lh - 1;
            g_autofree uint8_t *upd = g_malloc((size_t)bw * bh * k->bpp);
            pattern(upd, (size_t)bw * bh * k->bpp, 99);
            g_assert_cmphex((uint32_t)rt_update(d, t, ls, &box, upd, bw * k->bpp), ==, 0);
            for (UINT y = 0; y < bh; y++) {
                memcpy(last + ((size_t)(y + 1) * lw + 1) * k->bpp, upd + (size_t)y * bw * k->bpp,
                       (size_t)bw * k->bpp);
            }
        }
        /* tiled -> tiled: CopyResource (one layout) then a region of mip 0
         * of slice 0 moved by (2, 3) within a second texture */
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, k->w, k->h, k->mips, k->slices, k->format,
                                                  D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0, NULL, &t2), ==, 0);
        g_assert_true(tiled(t2));
        g_assert_cmphex((uint32_t)rt_copy(d, t2, t), ==, 0);
        for (UINT s = 0; s < nsub; s++) {
            UINT w = mip_dim(k->w, s % k->mips), h = mip_dim(k->h, s % k->mips);
            size_t n = (size_t)w * h * k->bpp;
            g_autofree uint8_t *out = g_malloc(n);
            rt_read(d, t2, s, out);
            g_assert_cmpmem(out, n, g_ptr_array_index(data, s), n);
        }
        if (k->w > 4 && k->h > 5) {
            D3D10_DDI_BOX box = { 0, 0, 0, (INT)k->w - 2, (INT)k->h - 3, 1 };
            g_assert_cmphex((uint32_t)rt_copy_region(d, t2, 0, 2, 3, t, 0, &box), ==, 0);
            size_t n = (size_t)k->w * k->h * k->bpp;
            g_autofree uint8_t *out = g_malloc(n), *expect = g_memdup2(data->pdata[0], n);
            for (UINT y = 0; y < k->h - 3; y++) {
                memcpy(expect + ((size_t)(y + 3) * k->w + 2) * k->bpp,
                       (uint8_t *)data->pdata[0] + (size_t)y * k->w * k->bpp,
                       (size_t)(k->w - 2) * k->bpp);
            }
            rt_read(d, t2, 0, out);
            g_assert_cmpmem(out, n, expect, n);
        }
        rt_destroy(d, t2);
        rt_destroy(d, t);
    }
    g_assert_cmpuint(rt_umd_stats(d).tiled_resources, ==, 2 * G_N_ELEMENTS(tiled_cases));
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Map of a tiled subresource through the aperture: WRITE_DISCARD of mip 1
 * of a dynamic texture and READ of a cleared render target (the GPU wrote
 * it after an earlier aperture map: VidMm's range was released at the
 * render, so the view is fresh); writes read back byte-exact. */
static void test_tiled_map_aperture(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    enum { W = 45, H = 40 };
    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DYNAMIC,
                                              D3D10_DDI_BIND_SHADER_RESOURCE | D3D10_DDI_BIND_RENDER_TARGET,
                                              D3D10_DDI_CPU_ACCESS_WRITE, NULL, &t), ==, 0);
    g_assert_true(tiled(t));
    const UINT w = W / 2, h = H / 2;
    uint8_t expect[(W / 2) * (H / 2) * 4], out[sizeof(expect)];
    pattern(expect, sizeof(expect), 77);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, t, 1, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
    g_assert_cmpuint(m.RowPitch % 128, ==, 0);
    g_assert_cmpuint(m.RowPitch, >=, w * 4);
    for (UINT y = 0; y < h; y++) {
        memcpy((uint8_t *)m.pData + y * m.RowPitch, expect + y * w * 4, w * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 1), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, 1);
    g_assert_cmpuint(d->aperture_locks, ==, 1);
    rt_read(d, t, 1, out);
    g_assert_cmpmem(out, sizeof(out), expect, sizeof(expect));
    /* the GPU clears mip 0; a READ map through the aperture sees it */
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, t, 0, 0, 1, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, v, 1.0f, 0.0f, 0.5f, 1.0f), ==, 0);
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    for (UINT y = 0; y < H; y++) {
        for (UINT x = 0; x < W; x++) {
            uint32_t px;
            memcpy(&px, (uint8_t *)m.pData + y * m.RowPitch + x * 4, 4);
            g_assert_cmphex(px, ==, 0xff8000ffu);
        }
    }
    /* mip 1 is still what was written, in the same view */
    D3D10DDI_MAPPED_SUBRESOURCE m1;
    g_assert_cmphex((uint32_t)rt_map(d, t, 1, D3D10_DDI_MAP_READ, 0, &m1), ==, 0);
    for (UINT y = 0; y < h; y++) {
        g_assert_cmpmem((uint8_t *)m1.pData + y * m1.RowPitch, w * 4, expect + y * w * 4, w * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 1), ==, 0);
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, 2);
    g_assert_cmpuint(rt_umd_stats(d).aperture_fallbacks, ==, 0);
    g_assert_cmpuint(d->aperture_unavailable, ==, 0);
    /* DO_NOT_WAIT on an idle tiled texture: the probe, then the aperture */
    rt_wait_idle(d);
    g_assert_cmphex((uint32_t)rt_map(d, t, 1, D3D10_DDI_MAP_WRITE_DISCARD,
                                     D3D10_DDI_MAP_FLAG_DONOTWAIT, &m), ==, 0);
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 1), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, 3);
    rt_destroy_rtv(d, v);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Every swizzling range held (a locked allocation's range cannot be
 * released): pfnLockCb with AcquireAperture fails with D3DERR_NOTAVAILABLE
 * and the UMD copies and de-swizzles instead; READ sees the initial data,
 * WRITE is copied back at Unmap; both byte-exact. */
static void test_tiled_map_fallback(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    UINT ranges = e.sim->caps.NumberOfSwizzlingRanges;
    g_assert_cmpuint(ranges, >, 0);
    g_assert_cmpuint(ranges, <=, 16);
    enum { W = 29, H = 35 };
    uint8_t init[W * H * 4], expect[W * H * 4], out[W * H * 4];
    pattern(init, sizeof(init), 5);
    pattern(expect, sizeof(expect), 6);
    D3D10_DDIARG_SUBRESOURCE_UP up = { init, W * 4, 0 };
    RtResource *t, *hold[16];
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_DYNAMIC,
                                              D3D10_DDI_BIND_SHADER_RESOURCE,
                                              D3D10_DDI_CPU_ACCESS_WRITE, &up, &t), ==, 0);
    g_assert_true(tiled(t));
    D3D10DDI_MAPPED_SUBRESOURCE m, mh;
    for (UINT i = 0; i < ranges; i++) {
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                  D3D10_DDI_USAGE_DYNAMIC,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE,
                                                  D3D10_DDI_CPU_ACCESS_WRITE, NULL, &hold[i]), ==, 0);
        g_assert_cmphex((uint32_t)rt_map(d, hold[i], 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &mh), ==, 0);
    }
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, ranges);
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    g_assert_cmpuint(d->aperture_unavailable, ==, 1);
    g_assert_cmpuint(rt_umd_stats(d).aperture_fallbacks, ==, 1);
    for (UINT y = 0; y < H; y++) {
        g_assert_cmpmem((uint8_t *)m.pData + y * m.RowPitch, W * 4, init + y * W * 4, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_fallbacks, ==, 2);
    for (UINT y = 0; y < H; y++) {
        memcpy((uint8_t *)m.pData + y * m.RowPitch, expect + y * W * 4, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    for (UINT i = 0; i < ranges; i++) {
        g_assert_cmphex((uint32_t)rt_unmap(d, hold[i], 0), ==, 0);
        rt_destroy(d, hold[i]);
    }
    rt_read(d, t, 0, out);
    g_assert_cmpmem(out, sizeof(out), expect, sizeof(expect));
    /* ranges free again: the next map goes through the aperture */
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).aperture_fallbacks, ==, 2);
    g_assert_cmpuint(rt_umd_stats(d).aperture_maps, ==, ranges + 1);
    g_assert_cmpmem(m.pData, W * 4, expect, W * 4);
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* The runtime's flag rules for AcquireAperture: with DonotWait or
 * IgnoreSync the test fails (the UMD's own maps above never trip them). */
static void test_aperture_flag_rules(gconstpointer data)
{
    const char *which = data;
    if (g_test_subprocess()) {
        Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
        RtDevice *d = e.d;
        RtResource *t;
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                  D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &t), ==, 0);
        g_assert_true(tiled(t));
        rt_flush(d);
        GHashTableIter it;
        gpointer key, value;
        D3DKMT_HANDLE h = 0;
        g_hash_table_iter_init(&it, d->allocs);
        while (g_hash_table_iter_next(&it, &key, &value)) {
            RtAlloc *al = value;
            if (al->priv.flags & SABLE_ALLOC_F_TILE_Y) {
                h = al->h;
            }
        }
        g_assert_cmpuint(h, !=, 0);
        D3DDDICB_LOCK l = { .hAllocation = h };
        l.Flags.AcquireAperture = 1;
        l.Flags.DonotWait = strcmp(which, "donotwait") == 0;
        l.Flags.IgnoreSync = strcmp(which, "ignoresync") == 0;
        rt_enter(d, UMD_DDI_ResourceMap, 0);
        HRESULT hr = d->kt.pfnLockCb(d, &l);
        rt_leave(d);
        g_assert_true(FAILED(hr));
        rt_destroy(d, t);
        env_free(&e);
        return;
    }
    g_test_trap_subprocess(NULL, 0, 0);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr(strcmp(which, "donotwait") == 0 ? "*AcquireAperture with DonotWait*"
                                                              : "*AcquireAperture with IgnoreSync*");
}

/* DO_NOT_WAIT map of a tiled texture the GPU is still clearing (injected
 * slow completion): WASSTILLDRAWING from the probe, no AcquireAperture lock
 * made; without the flag the map waits and sees the clear. */
static void test_tiled_donotwait(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    enum { W = 33, H = 17 };
    RtResource *t;
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DYNAMIC,
                                              D3D10_DDI_BIND_SHADER_RESOURCE | D3D10_DDI_BIND_RENDER_TARGET,
                                              D3D10_DDI_CPU_ACCESS_WRITE, NULL, &t), ==, 0);
    g_assert_true(tiled(t));
    g_assert_cmphex((uint32_t)rt_create_rtv(d, t, 0, 0, 1, &v), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);
    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "slow,engine=0,delay-ns=30000000", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_clear(d, v, 0.0f, 1.0f, 0.0f, 1.0f), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_WRITE_DISCARD,
                                     D3D10_DDI_MAP_FLAG_DONOTWAIT, &m),
                    ==, (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    g_assert_null(m.pData);
    g_assert_cmpuint(d->aperture_locks, ==, 0);
    g_assert_cmphex((uint32_t)rt_map(d, t, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    g_assert_cmpuint(d->aperture_locks, ==, 1);
    for (UINT y = 0; y < H; y++) {
        for (UINT x = 0; x < W; x++) {
            uint32_t px;
            memcpy(&px, (uint8_t *)m.pData + y * m.RowPitch + x * 4, 4);
            g_assert_cmphex(px, ==, 0xff00ff00u);
        }
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, t, 0), ==, 0);
    rt_destroy_rtv(d, v);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 1); /* the WASSTILLDRAWING */
    env_free(&e);
}

/* Clears of tiled render targets: SOLID_FILL_2D on a TILE_Y mip/slice of
 * two formats and a FILL of a tiled depth buffer, every texel read back;
 * the neighbouring subresources keep their data. */
static void test_tiled_clears(void)
{
    Env e = env_new_2d(D3D11_0_DDI_INTERFACE_VERSION);
    RtDevice *d = e.d;
    static const struct { DXGI_FORMAT f; UINT bpp; uint32_t texel; } fmts[] = {
        { DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0x80ff0000u }, /* r 0, g 0, b 1, a .5 */
        { DXGI_FORMAT_B5G6R5_UNORM, 2, 0x001fu },
    };
    enum { W = 70, H = 50 };
    for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
        UINT bpp = fmts[i].bpp;
        g_autofree uint8_t *init = g_malloc(W * H * bpp), *out = g_malloc(W * H * bpp);
        pattern(init, W * H * bpp, 11);
        D3D10_DDIARG_SUBRESOURCE_UP up[4];
        for (UINT s = 0; s < 4; s++) {
            up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ init, mip_dim(W, s % 2) * bpp, 0 };
        }
        RtResource *t;
        RtView *v;
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 2, 2, fmts[i].f, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_RENDER_TARGET, 0, up, &t), ==, 0);
        g_assert_true(tiled(t));
        g_assert_cmphex((uint32_t)rt_create_rtv(d, t, 1, 1, 1, &v), ==, 0);
        g_assert_cmphex((uint32_t)rt_clear(d, v, 0.0f, 0.0f, 1.0f, 0.5f), ==, 0);
        rt_read(d, t, 3, out);
        for (UINT p = 0; p < (W / 2) * (H / 2); p++) {
            uint32_t px = 0;
            memcpy(&px, out + p * bpp, bpp);
            g_assert_cmphex(px, ==, fmts[i].texel);
        }
        for (UINT s = 0; s < 3; s++) {
            size_t n = (size_t)mip_dim(W, s % 2) * mip_dim(H, s % 2) * bpp;
            rt_read(d, t, s, out);
            g_assert_cmpmem(out, n, init, n);
        }
        rt_destroy_rtv(d, v);
        rt_destroy(d, t);
    }
    /* a tiled D32_FLOAT depth buffer, mip 1 cleared */
    RtResource *z;
    RtView *dv;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 2, 1, DXGI_FORMAT_D32_FLOAT,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_DEPTH_STENCIL, 0, NULL, &z), ==, 0);
    g_assert_true(tiled(z));
    g_assert_cmphex((uint32_t)rt_create_dsv(d, z, 1, 0, 1, &dv), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear_dsv(d, dv, D3D10_DDI_CLEAR_DEPTH, 0.25f, 0), ==, 0);
    float depth[(W / 2) * (H / 2)];
    rt_read(d, z, 1, (uint8_t *)depth);
    for (size_t p = 0; p < G_N_ELEMENTS(depth); p++) {
        g_assert_cmpfloat(depth[p], ==, 0.25f);
    }
    rt_destroy_dsv(d, dv);
    rt_destroy(d, z);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    char *dumps = g_test_subprocess() ? NULL : dump_dir_new();
    g_test_add_func("/d3d/adapter", test_adapter);
    g_test_add_func("/d3d/adapter10", test_adapter10);
    g_test_add_func("/d3d/unsupported", test_unsupported);
    g_test_add_func("/d3d/errors/critical-at-detection", test_critical_at_detection);
    g_test_add_func("/d3d/errors/tables-agree", test_error_tables_agree);
    g_test_add_func("/d3d/error-check", test_error_check);
    g_test_add_data_func("/d3d/buffers/10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_buffers);
    g_test_add_data_func("/d3d/buffers/10.1", GUINT_TO_POINTER(D3D10_1_DDI_INTERFACE_VERSION),
                         test_buffers);
    g_test_add_data_func("/d3d/buffers/11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_buffers);
    g_test_add_func("/d3d/map/discard", test_discard);
    g_test_add_func("/d3d/map/donotwait", test_donotwait);
    g_test_add_func("/d3d/deferred-destruction", test_deferred);
    g_test_add_func("/d3d/tdr", test_tdr);
    g_test_add_func("/d3d/query/event", test_event_query);
    g_test_add_func("/d3d/views/srv", test_srv);
    g_test_add_func("/d3d/map/texture", test_map_texture);
    g_test_add_func("/d3d/tiled/roundtrip", test_tiled_roundtrip);
    g_test_add_func("/d3d/tiled/map-aperture", test_tiled_map_aperture);
    g_test_add_func("/d3d/tiled/map-fallback", test_tiled_map_fallback);
    g_test_add_data_func("/d3d/tiled/flag-rules/donotwait", "donotwait", test_aperture_flag_rules);
    g_test_add_data_func("/d3d/tiled/flag-rules/ignoresync", "ignoresync", test_aperture_flag_rules);
    g_test_add_func("/d3d/tiled/clears", test_tiled_clears);
    g_test_add_func("/d3d/tiled/donotwait", test_tiled_donotwait);
    g_test_add_func("/d3d/misc", test_misc);
    g_test_add_func("/d3d/texture/1d", test_texture1d);
    g_test_add_func("/d3d/texture/cube", test_cube);
    g_test_add_func("/d3d/texture/3d", test_texture3d);
    g_test_add_func("/d3d/views/buffer-rtv", test_buffer_rtv);
    g_test_add_func("/d3d/unsupported/sweep", test_unsupported_sweep);
    g_test_add_func("/d3d/dxgi/blt", test_blt);
    g_test_add_func("/d3d/present/primary", test_present_primary);
    g_test_add_data_func("/d3d/present/tdr/blt", &present_cases[1], test_present_tdr);
    g_test_add_data_func("/d3d/present/tdr/flip", &present_cases[2], test_present_tdr);
    g_test_add_data_func("/d3d/present/blt/10.0", &present_cases[0], test_present_frames);
    g_test_add_data_func("/d3d/present/blt/11.0", &present_cases[1], test_present_frames);
    g_test_add_data_func("/d3d/present/flip/11.0", &present_cases[2], test_present_frames);
    g_test_add_data_func("/d3d/present/blt/10.1", &present_cases[3], test_present_frames);
    g_test_add_data_func("/d3d/present/flip/10.1", &present_cases[4], test_present_frames);
    g_test_add_func("/d3d/present/unsupported", test_present_unsupported);
    g_test_add_func("/d3d/convert", test_convert);
    g_test_add_data_func("/d3d/bindings/10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_bindings);
    g_test_add_data_func("/d3d/shared/11.0-11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_shared);
    g_test_add_data_func("/d3d/shared/11.0-10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_shared);
    g_test_add_func("/d3d/shared/bad-private-data", test_shared_bad);
    g_test_add_func("/d3d/upload-ring", test_upload_ring);
    g_test_add_func("/d3d/upload-in-place", test_upload_in_place);
    g_test_add_data_func("/d3d/format-support/10.0",
                         GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION), test_format_support);
    g_test_add_data_func("/d3d/format-support/11.0",
                         GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION), test_format_support);
    g_test_add_data_func("/d3d/viewports/10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_viewports);
    g_test_add_data_func("/d3d/viewports/11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_viewports);
    g_test_add_data_func("/d3d/bindings/11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_bindings);
    g_test_add_data_func("/d3d/depth-clear/10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_depth_clear);
    g_test_add_data_func("/d3d/depth-clear/11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_depth_clear);
    g_test_add_data_func("/d3d/overflow/command-buffer", &overflow_cases[0], test_overflow);
    g_test_add_data_func("/d3d/overflow/allocation-list", &overflow_cases[1], test_overflow);
    g_test_add_data_func("/d3d/overflow/patch-list", &overflow_cases[2], test_overflow);
    g_test_add_data_func("/d3d/texture/r8g8b8a8", GUINT_TO_POINTER(DXGI_FORMAT_R8G8B8A8_UNORM),
                         test_texture);
    g_test_add_data_func("/d3d/texture/b8g8r8a8", GUINT_TO_POINTER(DXGI_FORMAT_B8G8R8A8_UNORM),
                         test_texture);
    d3d_shader_tests_add();
    d3d_draw_tests_add();
    d3d_tex_tests_add();
    d3d_compute_tests_add();
    d3d_tess_tests_add();
    d3d_gs_tests_add();
    d3d_query_tests_add();
    d3d_indirect_tests_add();
    d3d_views_tests_add();
    d3d_formats_tests_add();
    int status = g_test_run();
    if (dumps) {
        dump_dir_remove(dumps);
    }
    return status;
}
