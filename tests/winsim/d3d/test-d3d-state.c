/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, device state: the setters' bindings, viewports and
 * scissor rects, and the small device functions.
 */
#include <string.h>

#include "test-d3d.h"

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

void d3d_state_tests_add(void)
{
    g_test_add_func("/d3d/misc", test_misc);
    g_test_add_data_func("/d3d/bindings/10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_bindings);
    g_test_add_data_func("/d3d/viewports/10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_viewports);
    g_test_add_data_func("/d3d/viewports/11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_viewports);
    g_test_add_data_func("/d3d/bindings/11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_bindings);
}
