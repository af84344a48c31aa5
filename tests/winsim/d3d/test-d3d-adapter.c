/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, opening the UMD: OpenAdapter10/10_2, the
 * interface versions offered, GetCaps and CreateDevice.
 */
#include "test-d3d.h"

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

void d3d_adapter_tests_add(void)
{
    g_test_add_func("/d3d/adapter", test_adapter);
    g_test_add_func("/d3d/adapter10", test_adapter10);
}
