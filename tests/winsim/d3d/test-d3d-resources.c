/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, resources: buffers and textures (1D, 2D, cube, 3D)
 * created with initial data and read back, CheckFormatSupport, and
 * shader-resource and buffer render-target views of them.
 */
#include <string.h>

#include "test-d3d.h"

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

/* CheckFormatSupport claims RENDERTARGET exactly for the formats whose
 * render-target view the UMD creates (every DXGI format it can store, as a
 * texture with the render-target bind flag); a 4x texture can be created
 * exactly in the formats CheckMultisampleQualityLevels gives 4x (those
 * claiming MULTISAMPLE_RENDERTARGET, the 3D path's colour and depth
 * formats, /d3d/tex/msaa, /d3d/typeless/ms-depth-*, and its TYPELESS
 * formats, which claim nothing); SHADER_SAMPLE and BLENDABLE:
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
            UINT levels = 0;
            F(d, pfnCheckMultisampleQualityLevels)(d->h, (DXGI_FORMAT)f, 4, &levels);
            g_assert_cmphex(ms == S_OK, ==, levels == 1);
            g_assert_true(!(caps & msrt) || levels == 1);
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

void d3d_resources_tests_add(void)
{
    g_test_add_data_func("/d3d/buffers/10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_buffers);
    g_test_add_data_func("/d3d/buffers/10.1", GUINT_TO_POINTER(D3D10_1_DDI_INTERFACE_VERSION),
                         test_buffers);
    g_test_add_data_func("/d3d/buffers/11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_buffers);
    g_test_add_func("/d3d/views/srv", test_srv);
    g_test_add_func("/d3d/texture/1d", test_texture1d);
    g_test_add_func("/d3d/texture/cube", test_cube);
    g_test_add_func("/d3d/texture/3d", test_texture3d);
    g_test_add_func("/d3d/views/buffer-rtv", test_buffer_rtv);
    g_test_add_data_func("/d3d/format-support/10.0",
                         GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION), test_format_support);
    g_test_add_data_func("/d3d/format-support/11.0",
                         GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION), test_format_support);
    g_test_add_data_func("/d3d/texture/r8g8b8a8", GUINT_TO_POINTER(DXGI_FORMAT_R8G8B8A8_UNORM),
                         test_texture);
    g_test_add_data_func("/d3d/texture/b8g8r8a8", GUINT_TO_POINTER(DXGI_FORMAT_B8G8R8A8_UNORM),
                         test_texture);
}
