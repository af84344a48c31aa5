/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, errors: what is not implemented yet reported with
 * the code its category allows, critical errors, the runtime's error
 * tables and check, and the device after a hang and TDR.
 */
#include "test-d3d.h"

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

void d3d_errors_tests_add(void)
{
    g_test_add_func("/d3d/unsupported", test_unsupported);
    g_test_add_func("/d3d/errors/critical-at-detection", test_critical_at_detection);
    g_test_add_func("/d3d/errors/tables-agree", test_error_tables_agree);
    g_test_add_func("/d3d/error-check", test_error_check);
    g_test_add_func("/d3d/tdr", test_tdr);
    g_test_add_func("/d3d/unsupported/sweep", test_unsupported_sweep);
}
