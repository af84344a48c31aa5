/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, textures on the 3D path (issue 12): 1D, 2D-array,
 * 3D, cube and cube-array textures sampled by a pixel shader through
 * views of some of their mips and slices. A W x H R8G8B8A8 target is
 * covered by rectangles whose vertices carry texture coordinates (or a
 * cube direction); with point sampling, a pixel whose centre maps inside
 * texel t shows exactly t, so every pixel is compared exactly with the
 * texel computed here.
 */
#include <stdlib.h>
#include <string.h>

#include "d3drt.h"
#include "d3d-pipe.h"
#include "test-d3d.h"
#include "umd.h"

enum { W = 16, H = 16 };


typedef struct Vtx {
    float p[4], c[4];
} Vtx;

typedef struct Tex {
    Env e;
    RtDevice *d;
    RtResource *rt;
    RtView *rtv;
    RtShader *vs, *ps;
    void *layout, *samp, *srv;
    D3D10DDI_HSHADERRESOURCEVIEW hsrv;
    D3D10DDI_HSAMPLER hsamp;
    RtResource *vb;
} Tex;

/* The R8G8B8A8 target, its viewport, triangle lists, the layout of Vtx,
 * the VS, the pixel shader ps_text and a point/CLAMP sampler at slot 0. */
static Tex tex_new(const char *ps_text)
{
    Tex t;
    memset(&t, 0, sizeof t);
    t.e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = t.d = t.e.d;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &t.rt),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_rtv(d, t.rt, 0, 0, 1, &t.rtv), ==, 0);
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { t.rtv->h };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRenderTargets, 0,
                                      d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7,
                                                                  (D3D10DDI_HDEPTHSTENCILVIEW){ NULL },
                                                                  NULL, NULL, 0, 0, 0, 0)),
                    ==, 0);
    D3D10_DDI_VIEWPORT vp = { 0, 0, W, H, 0, 1 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4)), ==,
                    0);
    const D3D10DDIARG_INPUT_ELEMENT_DESC el[2] = {
        { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 },
        { 0, 16, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 1 },
    };
    D3D10DDIARG_CREATEELEMENTLAYOUT lc = { el, 2 };
    t.layout = g_malloc0(F(d, pfnCalcPrivateElementLayoutSize)(d->h, &lc));
    D3D10DDI_HELEMENTLAYOUT hl = { t.layout };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateElementLayout, 0,
                                      F(d, pfnCreateElementLayout)(d->h, &lc, hl,
                                                                   (D3D10DDI_HRTELEMENTLAYOUT){ t.layout })),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetInputLayout, 0, F(d, pfnIaSetInputLayout)(d->h, hl)),
                    ==, 0);
    t.samp = pipe_point_sampler(d, &t.hsamp);
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetSamplers, 0,
                                      F(d, pfnPsSetSamplers)(d->h, 0, 1, &t.hsamp)), ==, 0);
    t.vs = pipe_shader(d, RT_VS, pipe_vs_text);
    t.ps = pipe_shader(d, RT_PS, ps_text);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_VS, t.vs), ==, 0);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_PS, t.ps), ==, 0);
    return t;
}

static void tex_free(Tex *t)
{
    RtDevice *d = t->d;
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, t->vs);
    rt_destroy_shader(d, t->ps);
    D3D10DDI_HSHADERRESOURCEVIEW none = { NULL };
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &none));
    if (t->srv) {
        RT_CALL(d, DestroyShaderResourceView, 0,
                F(d, pfnDestroyShaderResourceView)(d->h, t->hsrv));
        g_free(t->srv);
    }
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, t->hsamp));
    g_free(t->samp);
    RT_CALL(d, DestroyElementLayout, 0,
            F(d, pfnDestroyElementLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ t->layout }));
    g_free(t->layout);
    if (t->vb) {
        rt_destroy(d, t->vb);
    }
    rt_destroy_rtv(d, t->rtv);
    rt_destroy(d, t->rt);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&t->e);
}

/* The SRV sc (its resource already named) at PS slot 0 (replacing the
 * previous one). */
static void set_srv(Tex *t, D3D11DDIARG_CREATESHADERRESOURCEVIEW *sc)
{
    RtDevice *d = t->d;
    if (t->srv) {
        RT_CALL(d, DestroyShaderResourceView, 0,
                F(d, pfnDestroyShaderResourceView)(d->h, t->hsrv));
        g_free(t->srv);
    }
    t->srv = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, sc));
    t->hsrv = (D3D10DDI_HSHADERRESOURCEVIEW){ t->srv };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateShaderResourceView, 0,
                                      d->f11->pfnCreateShaderResourceView(
                                          d->h, sc, t->hsrv,
                                          (D3D10DDI_HRTSHADERRESOURCEVIEW){ t->srv })),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetShaderResources, 0,
                                      F(d, pfnPsSetShaderResources)(d->h, 0, 1, &t->hsrv)),
                    ==, 0);
}

/* Pixel-space point (x right, y down) -> NDC, with coordinates c. */
static Vtx vtx(float x, float y, const float c[4])
{
    Vtx v = { { x / W * 2 - 1, 1 - y / H * 2, 0, 1 }, { c[0], c[1], c[2], c[3] } };
    return v;
}

/* Rectangles [x0, x1) x [y0, y1) in pixels (two clockwise triangles
 * each), corner coordinates c00 (x0, y0), c10, c01, c11, drawn in one
 * Draw from a new vertex buffer. */
typedef struct Rect {
    float x0, y0, x1, y1;
    float c00[4], c10[4], c01[4], c11[4];
} Rect;

static void draw_rects(Tex *t, const Rect *r, unsigned n)
{
    RtDevice *d = t->d;
    Vtx *v = g_new(Vtx, 6 * n);
    for (unsigned i = 0; i < n; i++) {
        v[6 * i] = vtx(r[i].x0, r[i].y0, r[i].c00);
        v[6 * i + 1] = vtx(r[i].x1, r[i].y0, r[i].c10);
        v[6 * i + 2] = vtx(r[i].x0, r[i].y1, r[i].c01);
        v[6 * i + 3] = v[6 * i + 2];
        v[6 * i + 4] = v[6 * i + 1];
        v[6 * i + 5] = vtx(r[i].x1, r[i].y1, r[i].c11);
    }
    if (t->vb) {
        rt_destroy(d, t->vb);
    }
    g_assert_cmphex((uint32_t)rt_create_buffer(d, (UINT)(6 * n * sizeof(Vtx)),
                                               D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, v, &t->vb),
                    ==, 0);
    g_free(v);
    UINT stride = sizeof(Vtx), offset = 0;
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetVertexBuffers, 0,
                                      F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &t->vb->h, &stride,
                                                                  &offset)), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, t->rtv, 0, 0, 0, 0), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6 * n, 0)), ==, 0);
}

/* A full-target rectangle with (u, v) from 0 to 1 and z, w constant. */
static void draw_uv(Tex *t, float z, float w)
{
    const Rect r = { 0, 0, W, H, { 0, 0, z, w }, { 1, 0, z, w }, { 0, 1, z, w }, { 1, 1, z, w } };
    draw_rects(t, &r, 1);
}

/* Texel x, y of slice s, mip m: distinct bytes for every test texture. */
static uint32_t texel(unsigned s, unsigned m, unsigned x, unsigned y)
{
    return (uint32_t)(0x10 + 0x0c * s + 0x04 * m) | (uint32_t)(0x20 + 0x40 * x) << 8 |
           (uint32_t)(0x20 + 0x40 * y) << 16 | 0xffu << 24;
}

/* Subresource data: nslices x nmips (slice-major, as D3D numbers them)
 * of a w x h (x d: a 3D texture's slices are its z) texture, each mip
 * halving w and h; out: the init array (free data[0] and it). */
static D3D10_DDIARG_SUBRESOURCE_UP *texels(unsigned w, unsigned h, unsigned dz, unsigned mips,
                                           unsigned slices)
{
    D3D10_DDIARG_SUBRESOURCE_UP *up = g_new0(D3D10_DDIARG_SUBRESOURCE_UP, mips * slices);
    uint32_t *all = g_new0(uint32_t, (size_t)w * h * dz * mips * slices);
    uint32_t *p = all;
    for (unsigned s = 0; s < slices; s++) {
        for (unsigned m = 0; m < mips; m++) {
            unsigned mw = w >> m ? w >> m : 1, mh = h >> m ? h >> m : 1;
            up[s * mips + m] = (D3D10_DDIARG_SUBRESOURCE_UP){ p, mw * 4, mw * mh * 4 };
            for (unsigned z = 0; z < dz; z++) {
                for (unsigned y = 0; y < mh; y++) {
                    for (unsigned x = 0; x < mw; x++) {
                        *p++ = texel(s + z, m, x, y);
                    }
                }
            }
        }
    }
    return up;
}

static void texels_free(D3D10_DDIARG_SUBRESOURCE_UP *up)
{
    g_free((void *)up[0].pSysMem);
    g_free(up);
}

/* Every pixel of the target is want(x, y) (RGBA bytes as a uint32). */
static void check(Tex *t, uint32_t (*want)(unsigned x, unsigned y))
{
    uint32_t px[W * H];
    rt_read(t->d, t->rt, 0, (uint8_t *)px);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            if (px[y * W + x] != want(x, y)) {
                g_error("pixel (%u,%u) = %08x, want %08x", x, y, px[y * W + x], want(x, y));
            }
        }
    }
}

static RtResource *texture(RtDevice *d, D3D10DDIRESOURCE_TYPE dim, unsigned w, unsigned h,
                           unsigned mips, unsigned slices, const D3D10_DDIARG_SUBRESOURCE_UP *up)
{
    RtResource *r;
    g_assert_cmphex((uint32_t)rt_create_texture(d, dim, w, h, mips, slices,
                                                DXGI_FORMAT_R8G8B8A8_UNORM,
                                                D3D10_DDI_USAGE_DEFAULT,
                                                D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &r),
                    ==, 0);
    g_assert_cmpuint(((UmdResource *)r->mem)->res_id, >, 0); /* on the 3D path */
    return r;
}

static D3D11DDIARG_CREATESHADERRESOURCEVIEW srv_desc(RtResource *r, D3D10DDIRESOURCE_TYPE dim)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = r->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM, .ResourceDimension = dim,
    };
    return sc;
}

/* ---- 1D ----------------------------------------------------------------- */

/* Texture1D<float4> t : register(t0); SamplerState s : register(s0);
 * float4 main(float4 p : SV_Position, float4 c : TEXCOORD) : SV_Target
 * { return t.Sample(s, c.x); } */
static const char ps_1d[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture1d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.x\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xxxx, t0.xyzw, s0\n"
    "ret\n";

/* Texture1DArray t; ... return t.Sample(s, c.xy); */
static const char ps_1d_array[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture1darray (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "ret\n";

/* A 4-texel 1D texture with 2 mips: column x shows texel x / 4 of mip 0. */
static uint32_t want_1d(unsigned x, unsigned y)
{
    return texel(0, 0, x / 4, 0);
}

/* The view of mip 1 (2 texels) of the 3 slices of a 1D array, array
 * index 2: texel x / 8 of mip 1, slice 2. (Views from a first slice
 * other than 0 with the resource's own target: see docs/umd.md, not
 * honoured by virglrenderer 0.10.4.) */
static uint32_t want_1d_array(unsigned x, unsigned y)
{
    return texel(2, 1, x / 8, 0);
}

static void test_1d(void)
{
    Tex t = tex_new(ps_1d);
    D3D10_DDIARG_SUBRESOURCE_UP *up = texels(4, 1, 1, 2, 1);
    RtResource *r = texture(t.d, D3D10DDIRESOURCE_TEXTURE1D, 4, 1, 2, 1, up);
    texels_free(up);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURE1D);
    sc.Tex1D = (D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW){ .MostDetailedMip = 0, .MipLevels = (UINT)-1,
        .FirstArraySlice = 0, .ArraySize = 1 };
    set_srv(&t, &sc);
    draw_uv(&t, 0, 0);
    check(&t, want_1d);
    rt_destroy(t.d, r);
    tex_free(&t);
}

static void test_1d_array(void)
{
    Tex t = tex_new(ps_1d_array);
    D3D10_DDIARG_SUBRESOURCE_UP *up = texels(4, 1, 1, 2, 3);
    RtResource *r = texture(t.d, D3D10DDIRESOURCE_TEXTURE1D, 4, 1, 2, 3, up);
    texels_free(up);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURE1D);
    sc.Tex1D = (D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW){ .MostDetailedMip = 1, .MipLevels = 1,
        .FirstArraySlice = 0, .ArraySize = 3 };
    set_srv(&t, &sc);
    draw_rects(&t, &(Rect){ 0, 0, W, H, { 0, 2, 0, 0 }, { 1, 2, 0, 0 }, { 0, 2, 0, 0 },
                            { 1, 2, 0, 0 } }, 1);
    check(&t, want_1d_array);
    rt_destroy(t.d, r);
    tex_free(&t);
}

/* ---- 2D arrays and mips ------------------------------------------------- */

/* Texture2DArray t; ... return t.Sample(s, c.xyz); */
static const char ps_2d_array[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2darray (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xyz\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xyzx, t0.xyzw, s0\n"
    "ret\n";

/* Texture2D t; ... return t.Sample(s, c.xy); */
static const char ps_2d[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "ret\n";

/* A 4x4 array of 4 slices, 3 mips; the view: mips 1-2, slices 0-3, array
 * index 2, magnified (16 pixels per 2 texels of mip 1): point sampling
 * reads the view's most detailed mip. */
static uint32_t want_2d_array(unsigned x, unsigned y)
{
    return texel(2, 1, x / 8, y / 8);
}

/* The Texture2D view of slice 3, mip 0 (virglrenderer makes a texture
 * view: its target differs from the resource's). */
static uint32_t want_2d_slice(unsigned x, unsigned y)
{
    return texel(3, 0, x / 4, y / 4);
}

static void test_2d_array(void)
{
    Tex t = tex_new(ps_2d_array);
    D3D10_DDIARG_SUBRESOURCE_UP *up = texels(4, 4, 1, 3, 4);
    RtResource *r = texture(t.d, D3D10DDIRESOURCE_TEXTURE2D, 4, 4, 3, 4, up);
    texels_free(up);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURE2D);
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ .MostDetailedMip = 1, .MipLevels = 2,
        .FirstArraySlice = 0, .ArraySize = 4 };
    set_srv(&t, &sc);
    draw_uv(&t, 2, 0);
    check(&t, want_2d_array);
    /* a non-array shader on one slice of the same resource */
    rt_set_shader(t.d, RT_PS, NULL);
    rt_destroy_shader(t.d, t.ps);
    t.ps = pipe_shader(t.d, RT_PS, ps_2d);
    g_assert_cmphex((uint32_t)rt_set_shader(t.d, RT_PS, t.ps), ==, 0);
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ .MostDetailedMip = 0, .MipLevels = 1,
        .FirstArraySlice = 3, .ArraySize = 1 };
    set_srv(&t, &sc);
    draw_uv(&t, 0, 0);
    check(&t, want_2d_slice);
    rt_destroy(t.d, r);
    tex_free(&t);
}

/* ---- 3D ----------------------------------------------------------------- */

/* Texture3D t; ... return t.Sample(s, c.xyz); */
static const char ps_3d[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture3d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xyz\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xyzx, t0.xyzw, s0\n"
    "ret\n";

/* A 4x2x4 volume (texel z as the "slice" byte), w = 0.6: depth slice 2. */
static uint32_t want_3d(unsigned x, unsigned y)
{
    return texel(2, 0, x / 4, y / 8);
}

static void test_3d(void)
{
    Tex t = tex_new(ps_3d);
    D3D10_DDIARG_SUBRESOURCE_UP *up = texels(4, 2, 4, 1, 1);
    RtResource *r;
    g_assert_cmphex((uint32_t)rt_create_tex3d(t.d, 4, 2, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &r),
                    ==, 0);
    texels_free(up);
    g_assert_cmpuint(((UmdResource *)r->mem)->res_id, >, 0);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURE3D);
    sc.Tex3D = (D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW){ .MipLevels = 1 };
    set_srv(&t, &sc);
    draw_uv(&t, 0.6f, 0);
    check(&t, want_3d);
    rt_destroy(t.d, r);
    tex_free(&t);
}

/* ---- cubes -------------------------------------------------------------- */

/* TextureCube t; ... return t.Sample(s, c.xyz); */
static const char ps_cube[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texturecube (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xyz\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xyzx, t0.xyzw, s0\n"
    "ret\n";

/* TextureCubeArray t; ... return t.Sample(s, c.xyzw); */
static const char ps_cube_array[] =
    "ps_4_1\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texturecubearray (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, v1.xyzw, t0.xyzw, s0\n"
    "ret\n";

/* Faces +X, -X, +Y, -Y, +Z, -Z are slices 0-5 of a cube: six columns of
 * 2 pixels (12 of the 16), each with the direction of face f (the
 * texture is 1x1 per face: any direction into the face reads its one
 * texel); the other columns stay cleared. */
static const float face_dir[6][4] = { { 1, 0, 0, 0 },  { -1, 0, 0, 0 }, { 0, 1, 0, 0 },
                                      { 0, -1, 0, 0 }, { 0, 0, 1, 0 },  { 0, 0, -1, 0 } };
static unsigned cube_base; /* the first slice the view shows */

static uint32_t want_cube(unsigned x, unsigned y)
{
    return x < 12 ? texel(cube_base + x / 2, 0, 0, 0) : 0;
}

static void draw_faces(Tex *t, float cube)
{
    Rect r[6];
    for (unsigned f = 0; f < 6; f++) {
        float c[4] = { face_dir[f][0], face_dir[f][1], face_dir[f][2], cube };
        r[f] = (Rect){ .x0 = 2.0f * f, .y0 = 0, .x1 = 2.0f * f + 2, .y1 = H };
        memcpy(r[f].c00, c, sizeof c);
        memcpy(r[f].c10, c, sizeof c);
        memcpy(r[f].c01, c, sizeof c);
        memcpy(r[f].c11, c, sizeof c);
    }
    draw_rects(t, r, 6);
}

static void test_cube(void)
{
    Tex t = tex_new(ps_cube);
    D3D10_DDIARG_SUBRESOURCE_UP *up = texels(1, 1, 1, 1, 12);
    RtResource *r = texture(t.d, D3D10DDIRESOURCE_TEXTURECUBE, 1, 1, 1, 6, up);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURECUBE);
    sc.TexCube.MipLevels = 1;
    sc.TexCube.NumCubes = 1;
    set_srv(&t, &sc);
    draw_faces(&t, 0);
    cube_base = 0;
    check(&t, want_cube);
    rt_destroy(t.d, r);
    /* the second cube of a cube array, as a TextureCube */
    r = texture(t.d, D3D10DDIRESOURCE_TEXTURECUBE, 1, 1, 1, 12, up);
    texels_free(up);
    sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURECUBE);
    sc.TexCube.MipLevels = 1;
    sc.TexCube.First2DArrayFace = 6;
    sc.TexCube.NumCubes = 1;
    set_srv(&t, &sc);
    draw_faces(&t, 0);
    cube_base = 6;
    check(&t, want_cube);
    rt_destroy(t.d, r);
    tex_free(&t);
}

/* A TextureCubeArray view of the 3 cubes of an array; cube index 2:
 * slices 12-17. */
static void test_cube_array(void)
{
    Tex t = tex_new(ps_cube_array);
    D3D10_DDIARG_SUBRESOURCE_UP *up = texels(1, 1, 1, 1, 18);
    RtResource *r = texture(t.d, D3D10DDIRESOURCE_TEXTURECUBE, 1, 1, 1, 18, up);
    texels_free(up);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURECUBE);
    sc.TexCube.MipLevels = 1;
    sc.TexCube.NumCubes = 3;
    set_srv(&t, &sc);
    draw_faces(&t, 2);
    cube_base = 12;
    check(&t, want_cube);
    rt_destroy(t.d, r);
    tex_free(&t);
}

/* ---- GenMips ----------------------------------------------------------- */

/* Mip 0 of slice s of the GenMips texture: channel values whose 2x2 sums
 * vary in every channel. */
static void gen_base(unsigned s, unsigned x, unsigned y, uint8_t out[4])
{
    out[0] = (uint8_t)(40 * x + 8 * y + 3 * s);
    out[1] = (uint8_t)(255 - 60 * x - 7 * s);
    out[2] = (uint8_t)(20 * y * y + x);
    out[3] = (uint8_t)(255 - 16 * (x ^ y));
}

/* Level m of an 8x8, 4-mip, 2-slice R8G8B8A8 texture (render target and
 * shader resource): GenMips of a view of slice 1, mips 0-3, fills mips 1-3
 * of slice 1 with 2x2 box averages of the level above (a linear blit
 * halving each size samples each destination texel's centre between 4
 * source texel centres: weights 1/4 each). Each level is checked against
 * the average of the level read back above it, within 1/255 (llvmpipe's
 * filter may round the 8-bit average either way); slice 0's mips 1-3
 * stay what they were (zeros). */
static void test_gen_mips(void)
{
    Tex t = tex_new(ps_2d);
    RtDevice *d = t.d;
    enum { S = 8, MIPS = 4 };
    uint8_t *init[2 * MIPS];
    D3D10_DDIARG_SUBRESOURCE_UP up[2 * MIPS];
    for (unsigned s = 0; s < 2; s++) {
        for (unsigned m = 0; m < MIPS; m++) {
            unsigned w = S >> m;
            uint8_t *p = init[s * MIPS + m] = g_malloc0(w * w * 4);
            for (unsigned i = 0; m == 0 && i < w * w; i++) {
                gen_base(s, i % w, i / w, p + 4 * i);
            }
            up[s * MIPS + m] = (D3D10_DDIARG_SUBRESOURCE_UP){ p, w * 4, w * w * 4 };
        }
    }
    RtResource *r;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, S, S, MIPS, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_SHADER_RESOURCE |
                                                  D3D10_DDI_BIND_RENDER_TARGET,
                                              0, up, &r), ==, 0);
    g_assert_cmpuint(((UmdResource *)r->mem)->res_id, >, 0);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURE2D);
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ .MostDetailedMip = 0, .MipLevels = MIPS,
        .FirstArraySlice = 1, .ArraySize = 1 };
    set_srv(&t, &sc);
    g_assert_cmphex((uint32_t)RT_CALL(d, GenMips, 0, F(d, pfnGenMips)(d->h, t.hsrv)), ==, 0);
    uint8_t above[S * S * 4], got[S * S * 4];
    rt_read(d, r, MIPS, above);
    g_assert_cmpmem(above, S * S * 4, init[MIPS], S * S * 4);
    for (unsigned m = 1; m < MIPS; m++) {
        unsigned w = S >> m;
        rt_read(d, r, MIPS + m, got);
        for (unsigned i = 0; i < w * w * 4; i++) {
            unsigned x = i / 4 % w, y = i / 4 / w, c = i % 4, aw = 2 * w;
            unsigned sum = above[((2 * y) * aw + 2 * x) * 4 + c] +
                           above[((2 * y) * aw + 2 * x + 1) * 4 + c] +
                           above[((2 * y + 1) * aw + 2 * x) * 4 + c] +
                           above[((2 * y + 1) * aw + 2 * x + 1) * 4 + c];
            int want = (int)((sum + 2) / 4);
            if (abs((int)got[i] - want) > 1) {
                g_error("mip %u texel (%u,%u) channel %u = %u, want %d +- 1", m, x, y, c,
                        got[i], want);
            }
        }
        memcpy(above, got, w * w * 4);
        rt_read(d, r, m, got);
        for (unsigned i = 0; i < w * w * 4; i++) {
            g_assert_cmpuint(got[i], ==, 0);
        }
    }
    for (unsigned i = 0; i < 2 * MIPS; i++) {
        g_free(init[i]);
    }
    rt_destroy(d, r);
    tex_free(&t);
}

/* GenMips of a 4x4x4, 3-mip R8G8B8A8 Texture3D whose texels vary along
 * x, y and z: mip 1 (2x2x2) and mip 2 (1x1x1) are 2x2x2 box averages of
 * the level above (read back), within 1/255 (the filter's rounding). */
static void test_gen_mips_3d(void)
{
    Tex t = tex_new(ps_2d);
    RtDevice *d = t.d;
    enum { S = 4, MIPS = 3 };
    uint8_t *init[MIPS];
    D3D10_DDIARG_SUBRESOURCE_UP up[MIPS];
    for (unsigned m = 0; m < MIPS; m++) {
        unsigned w = S >> m;
        uint8_t *p = init[m] = g_malloc0(w * w * w * 4);
        for (unsigned i = 0; m == 0 && i < w * w * w; i++) {
            gen_base(i / (w * w), i % w, i / w % w, p + 4 * i);
            p[4 * i + 2] = (uint8_t)(p[4 * i + 2] + 50 * (i / (w * w))); /* z in blue too */
        }
        up[m] = (D3D10_DDIARG_SUBRESOURCE_UP){ p, w * 4, w * w * 4 };
    }
    RtResource *r;
    g_assert_cmphex((uint32_t)rt_create_tex3d(d, S, S, S, MIPS, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_SHADER_RESOURCE |
                                                  D3D10_DDI_BIND_RENDER_TARGET,
                                              0, up, &r), ==, 0);
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = srv_desc(r, D3D10DDIRESOURCE_TEXTURE3D);
    sc.Tex3D = (D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW){ .MostDetailedMip = 0, .MipLevels = MIPS };
    set_srv(&t, &sc);
    g_assert_cmphex((uint32_t)RT_CALL(d, GenMips, 0, F(d, pfnGenMips)(d->h, t.hsrv)), ==, 0);
    uint8_t above[S * S * S * 4], got[S * S * S * 4];
    rt_read(d, r, 0, above);
    g_assert_cmpmem(above, S * S * S * 4, init[0], S * S * S * 4);
    for (unsigned m = 1; m < MIPS; m++) {
        unsigned w = S >> m, aw = 2 * w;
        rt_read(d, r, m, got);
        for (unsigned i = 0; i < w * w * w * 4; i++) {
            unsigned c = i % 4, x = i / 4 % w, y = i / 4 / w % w, z = i / 4 / (w * w), sum = 0;
            for (unsigned k = 0; k < 8; k++) {
                unsigned ax = 2 * x + (k & 1), ay = 2 * y + (k >> 1 & 1), az = 2 * z + (k >> 2);
                sum += above[((az * aw + ay) * aw + ax) * 4 + c];
            }
            int want = (int)((sum + 4) / 8);
            if (abs((int)got[i] - want) > 1) {
                g_error("mip %u texel (%u,%u,%u) channel %u = %u, want %d +- 1", m, x, y, z, c,
                        got[i], want);
            }
        }
        memcpy(above, got, (size_t)w * w * w * 4);
    }
    for (unsigned m = 0; m < MIPS; m++) {
        g_free(init[m]);
    }
    rt_destroy(d, r);
    tex_free(&t);
}

/* ---- WRITE_DISCARD of 3D dynamic buffers ------------------------------ */

/* cbuffer C : register(b1) { float4 scale; };
 * float4 main(float4 p : SV_Position, float4 c : TEXCOORD) : SV_Target
 * { return c * scale; } */
static const char ps_scaled[] =
    "ps_4_0\n"
    "dcl_constantbuffer cb1[1], immediateIndexed\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mul o0.xyzw, v1.xyzw, cb1[0].xyzw\n"
    "ret\n";

/* Map (type), write n bytes, Unmap, through the dynamic-buffer DDIs the
 * runtime uses for vertex and constant buffers. */
static HRESULT map_write(RtDevice *d, RtResource *r, D3D10_DDI_MAP type, const void *data,
                         UINT off, UINT n, bool cb)
{
    D3D10DDI_MAPPED_SUBRESOURCE m = { 0 };
    HRESULT hr;
    if (cb) {
        hr = RT_CALL(d, DynamicConstantBufferMapDiscard, 0,
                     F(d, pfnDynamicConstantBufferMapDiscard)(d->h, r->h, 0, type, 0, &m));
    } else if (type == D3D10_DDI_MAP_WRITE_DISCARD) {
        hr = RT_CALL(d, DynamicIABufferMapDiscard, 0,
                     F(d, pfnDynamicIABufferMapDiscard)(d->h, r->h, 0, type, 0, &m));
    } else {
        hr = RT_CALL(d, DynamicIABufferMapNoOverwrite, 0,
                     F(d, pfnDynamicIABufferMapNoOverwrite)(d->h, r->h, 0, type, 0, &m));
    }
    if (FAILED(hr)) {
        return hr;
    }
    memcpy((uint8_t *)m.pData + off, data, n);
    return cb ? RT_CALL(d, DynamicConstantBufferUnmap, 0,
                        F(d, pfnDynamicConstantBufferUnmap)(d->h, r->h, 0))
              : RT_CALL(d, DynamicIABufferUnmap, 0, F(d, pfnDynamicIABufferUnmap)(d->h, r->h, 0));
}

static void rect6(Vtx *v, float x0, float y0, float x1, float y1, const float c[4])
{
    v[0] = vtx(x0, y0, c);
    v[1] = vtx(x1, y0, c);
    v[2] = vtx(x0, y1, c);
    v[3] = v[2];
    v[4] = v[1];
    v[5] = vtx(x1, y1, c);
}

static uint32_t want_discard(unsigned x, unsigned y)
{
    return y >= 8 ? 0xffff0000u : x < 8 ? 0xff0000ffu : 0xffffff00u; /* blue, red, cyan */
}

/* Two draws in one command buffer from a dynamic vertex buffer and a
 * dynamic constant buffer (slot 1, a buffer resource) each rewritten with
 * WRITE_DISCARD between them, then a third from vertices appended with
 * NO_OVERWRITE: draw 1 (top left, red vertices, scale 1) must see the
 * first contents, draws 2 (top right, white, scale (0,1,1,1): cyan) and 3
 * (bottom, blue) the second; none of the maps submits the command buffer
 * (nothing waits for the first draw). */
static void test_discard(void)
{
    Tex t = tex_new(ps_scaled);
    RtDevice *d = t.d;
    RtResource *vb, *cb;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 12 * sizeof(Vtx), D3D10_DDI_USAGE_DYNAMIC,
                                               D3D10_DDI_BIND_VERTEX_BUFFER,
                                               D3D10_DDI_CPU_ACCESS_WRITE, NULL, &vb), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 16, D3D10_DDI_USAGE_DYNAMIC,
                                               D3D10_DDI_BIND_CONSTANT_BUFFER,
                                               D3D10_DDI_CPU_ACCESS_WRITE, NULL, &cb), ==, 0);
    g_assert_cmpuint(((UmdResource *)vb->mem)->res_id, >, 0);
    g_assert_cmpuint(((UmdResource *)cb->mem)->res_id, >, 0);
    UINT stride = sizeof(Vtx), offset = 0;
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetVertexBuffers, 0,
                                      F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &vb->h, &stride,
                                                                  &offset)), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, PsSetConstantBuffers, 0,
                                      F(d, pfnPsSetConstantBuffers)(d->h, 1, 1, &cb->h)), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, t.rtv, 0, 0, 0, 0), ==, 0);
    const float red[4] = { 1, 0, 0, 1 }, white[4] = { 1, 1, 1, 1 }, blue[4] = { 0, 0, 1, 1 };
    const float one[4] = { 1, 1, 1, 1 }, cyan[4] = { 0, 1, 1, 1 };
    Vtx v[6];
    rect6(v, 0, 0, 8, 8, red);
    g_assert_cmphex((uint32_t)map_write(d, vb, D3D10_DDI_MAP_WRITE_DISCARD, v, 0, sizeof v, false),
                    ==, 0);
    g_assert_cmphex((uint32_t)map_write(d, cb, D3D10_DDI_MAP_WRITE_DISCARD, one, 0, 16, true), ==,
                    0);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 0)), ==, 0);
    uint32_t submits = rt_umd_stats(d).submits;
    rect6(v, 8, 0, 16, 8, white);
    g_assert_cmphex((uint32_t)map_write(d, vb, D3D10_DDI_MAP_WRITE_DISCARD, v, 0, sizeof v, false),
                    ==, 0);
    g_assert_cmphex((uint32_t)map_write(d, cb, D3D10_DDI_MAP_WRITE_DISCARD, cyan, 0, 16, true), ==,
                    0);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 0)), ==, 0);
    rect6(v, 0, 8, 16, 16, blue);
    g_assert_cmphex((uint32_t)map_write(d, vb, D3D10_DDI_MAP_WRITE_NOOVERWRITE, v, sizeof v,
                                        sizeof v, false), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 6)), ==, 0);
    g_assert_cmpuint(rt_umd_stats(d).submits, ==, submits);
    check(&t, want_discard);
    D3D10DDI_HRESOURCE none = { NULL };
    RT_CALL(d, PsSetConstantBuffers, 0, F(d, pfnPsSetConstantBuffers)(d->h, 1, 1, &none));
    rt_destroy(d, vb);
    rt_destroy(d, cb);
    tex_free(&t);
}

/* ---- MSAA ------------------------------------------------------------- */

/* float4 main(float4 p : SV_Position, float4 c : TEXCOORD) : SV_Target { return c; } */
static const char ps_color[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

/* The resolved white triangle (0,0) (16,0) (0,16) on black: pixels with
 * x + y <= 14 have all 4 samples inside (D3D's standard 4x positions are
 * within 6/16 of the centre, their x + y offsets -8/16, 4/16, -4/16 and
 * 8/16), x + y >= 16 none; on the diagonal x + y = 15 exactly the two
 * samples whose offsets sum below 0: half coverage, 255 / 2 within 1/255
 * (the resolve's rounding). Alpha is 1 everywhere. */
static void check_msaa(Tex *t)
{
    uint8_t px[W * H * 4];
    rt_read(t->d, t->rt, 0, px);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            int want = x + y <= 14 ? 255 : x + y >= 16 ? 0 : 128;
            int tol = x + y == 15 ? 1 : 0;
            const uint8_t *p = px + (y * W + x) * 4;
            for (unsigned c = 0; c < 3; c++) {
                if (abs(p[c] - want) > tol) {
                    g_error("pixel (%u,%u) channel %u = %u, want %d +- %d", x, y, c, p[c], want,
                            tol);
                }
            }
            g_assert_cmpuint(p[3], ==, 255);
        }
    }
}

/* A 4x MSAA R8G8B8A8 render target, a (clockwise: front) triangle drawn
 * into it with the default rasterizer state (MultisampleEnable FALSE: on
 * an 11.0 device triangles are multisampled all the same),
 * ResourceResolveSubresource into the single-sample target;
 * CheckMultisampleQualityLevels and CheckFormatSupport say 4x for the
 * render-target formats of the 3D path, not for R32G32B32_FLOAT (sampled
 * only). */
static void test_msaa(void)
{
    Tex t = tex_new(ps_color);
    RtDevice *d = t.d;
    UINT levels = 9, caps = 0;
    F(d, pfnCheckMultisampleQualityLevels)(d->h, DXGI_FORMAT_R8G8B8A8_UNORM, 4, &levels);
    g_assert_cmpuint(levels, ==, 1);
    F(d, pfnCheckMultisampleQualityLevels)(d->h, DXGI_FORMAT_R8G8B8A8_UNORM, 8, &levels);
    g_assert_cmpuint(levels, ==, 0);
    F(d, pfnCheckMultisampleQualityLevels)(d->h, DXGI_FORMAT_R32G32B32_FLOAT, 4, &levels);
    g_assert_cmpuint(levels, ==, 0);
    F(d, pfnCheckFormatSupport)(d->h, DXGI_FORMAT_R8G8B8A8_UNORM, &caps);
    g_assert_cmphex(caps & D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET, !=, 0);
    F(d, pfnCheckFormatSupport)(d->h, DXGI_FORMAT_R32G32B32_FLOAT, &caps);
    g_assert_cmphex(caps & D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET, ==, 0);
    RtResource *ms;
    g_assert_cmphex((uint32_t)rt_create_tex2d_ms(d, W, H, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                                 D3D10_DDI_BIND_RENDER_TARGET, &ms), ==, 0);
    g_assert_cmpuint(((UmdResource *)ms->mem)->res_id, >, 0);
    RtView *msv;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, ms, 0, 0, 1, &msv), ==, 0);
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { msv->h };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRenderTargets, 0,
                                      d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7,
                                                                  (D3D10DDI_HDEPTHSTENCILVIEW){ NULL },
                                                                  NULL, NULL, 0, 0, 0, 0)),
                    ==, 0);
    const float white[4] = { 1, 1, 1, 1 };
    Vtx v[3] = { vtx(0, 0, white), vtx(16, 0, white), vtx(0, 16, white) };
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof v, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, v, &t.vb), ==, 0);
    UINT stride = sizeof(Vtx), offset = 0;
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetVertexBuffers, 0,
                                      F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &t.vb->h, &stride,
                                                                  &offset)), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, msv, 0, 0, 0, 1), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 3, 0)), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, ResourceResolveSubresource, 0,
                                      F(d, pfnResourceResolveSubresource)(
                                          d->h, t.rt->h, 0, ms->h, 0, DXGI_FORMAT_R8G8B8A8_UNORM)),
                    ==, 0);
    check_msaa(&t);
    rtvs[0] = t.rtv->h;
    RT_CALL(d, SetRenderTargets, 0,
            d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, (D3D10DDI_HDEPTHSTENCILVIEW){ NULL },
                                        NULL, NULL, 0, 0, 0, 0));
    rt_destroy_rtv(d, msv);
    rt_destroy(d, ms);
    tex_free(&t);
}

/* ---- stencil (D24S8, D32_FLOAT_S8X24) --------------------------------- */

/* A depth-stencil state: depth off, both faces with func and pass op,
 * StencilRef ref; freed by the caller after unbinding. */
static void *stencil_state(RtDevice *d, D3D10_DDI_COMPARISON_FUNC func, D3D10_DDI_STENCIL_OP pass,
                           UINT ref)
{
    const D3D10_DDI_DEPTH_STENCILOP_DESC op = { D3D10_DDI_STENCIL_OP_KEEP,
                                                D3D10_DDI_STENCIL_OP_KEEP, pass, func };
    D3D10_DDI_DEPTH_STENCIL_DESC dd = {
        .DepthEnable = FALSE, .DepthWriteMask = D3D10_DDI_DEPTH_WRITE_MASK_ZERO,
        .DepthFunc = D3D10_DDI_COMPARISON_ALWAYS, .StencilEnable = TRUE, .FrontEnable = TRUE,
        .BackEnable = TRUE, .StencilReadMask = 0xff, .StencilWriteMask = 0xff, .FrontFace = op,
        .BackFace = op,
    };
    void *mem = g_malloc0(F(d, pfnCalcPrivateDepthStencilStateSize)(d->h, &dd));
    D3D10DDI_HDEPTHSTENCILSTATE h = { mem };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateDepthStencilState, 0,
                                      F(d, pfnCreateDepthStencilState)(
                                          d->h, &dd, h, (D3D10DDI_HRTDEPTHSTENCILSTATE){ mem })),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, SetDepthStencilState, 0,
                                      F(d, pfnSetDepthStencilState)(d->h, h, ref)), ==, 0);
    return mem;
}

static void stencil_state_free(RtDevice *d, void *mem)
{
    RT_CALL(d, SetDepthStencilState, 0,
            F(d, pfnSetDepthStencilState)(d->h, (D3D10DDI_HDEPTHSTENCILSTATE){ NULL }, 0));
    RT_CALL(d, DestroyDepthStencilState, 0,
            F(d, pfnDestroyDepthStencilState)(d->h, (D3D10DDI_HDEPTHSTENCILSTATE){ mem }));
    g_free(mem);
}

/* Left half green (stencil 1 there passes EQUAL 1), right half red
 * (stencil 0 there passes NOT_EQUAL 1). */
static uint32_t want_stencil(unsigned x, unsigned y)
{
    return x < 8 ? 0xff00ff00u : 0xff0000ffu;
}

/* The stencil of a depth-stencil format on the 3D path: cleared to 0,
 * a draw over the left half with ALWAYS / REPLACE 1 (colour black), then
 * full-target draws of green with EQUAL 1 and red with NOT_EQUAL 1 (both
 * KEEP): each pixel shows the one whose test passes. */
static void test_stencil(gconstpointer data)
{
    DXGI_FORMAT f = (DXGI_FORMAT)GPOINTER_TO_UINT(data);
    Tex t = tex_new(ps_color);
    RtDevice *d = t.d;
    RtResource *ds;
    RtView *dsv;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, f, D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_DEPTH_STENCIL, 0, NULL, &ds), ==, 0);
    g_assert_cmpuint(((UmdResource *)ds->mem)->res_id, >, 0);
    g_assert_cmphex((uint32_t)rt_create_dsv(d, ds, 0, 0, 1, &dsv), ==, 0);
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { t.rtv->h };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRenderTargets, 0,
                                      d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, dsv->dsv,
                                                                  NULL, NULL, 0, 0, 0, 0)),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_clear_dsv(d, dsv, D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL,
                                           1.0f, 0), ==, 0);
    const float black[4] = { 0, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, red[4] = { 1, 0, 0, 1 };
    Vtx v[18];
    rect6(v, 0, 0, 8, H, black);
    rect6(v + 6, 0, 0, W, H, green);
    rect6(v + 12, 0, 0, W, H, red);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof v, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, v, &t.vb), ==, 0);
    UINT stride = sizeof(Vtx), offset = 0;
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetVertexBuffers, 0,
                                      F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &t.vb->h, &stride,
                                                                  &offset)), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, t.rtv, 0, 0, 1, 1), ==, 0);
    const D3D10_DDI_COMPARISON_FUNC func[3] = { D3D10_DDI_COMPARISON_ALWAYS,
                                                D3D10_DDI_COMPARISON_EQUAL,
                                                D3D10_DDI_COMPARISON_NOT_EQUAL };
    const D3D10_DDI_STENCIL_OP op[3] = { D3D10_DDI_STENCIL_OP_REPLACE, D3D10_DDI_STENCIL_OP_KEEP,
                                         D3D10_DDI_STENCIL_OP_KEEP };
    for (unsigned i = 0; i < 3; i++) {
        void *st = stencil_state(d, func[i], op[i], 1);
        g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 6 * i)), ==, 0);
        stencil_state_free(d, st);
    }
    check(&t, want_stencil);
    RT_CALL(d, SetRenderTargets, 0,
            d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, (D3D10DDI_HDEPTHSTENCILVIEW){ NULL },
                                        NULL, NULL, 0, 0, 0, 0));
    rt_destroy_dsv(d, dsv);
    rt_destroy(d, ds);
    tex_free(&t);
}

void d3d_tex_tests_add(void)
{
    g_test_add_func("/d3d/tex/1d", test_1d);
    g_test_add_func("/d3d/tex/1d-array", test_1d_array);
    g_test_add_func("/d3d/tex/2d-array", test_2d_array);
    g_test_add_func("/d3d/tex/3d", test_3d);
    g_test_add_func("/d3d/tex/cube", test_cube);
    g_test_add_func("/d3d/tex/cube-array", test_cube_array);
    g_test_add_func("/d3d/tex/gen-mips", test_gen_mips);
    g_test_add_func("/d3d/tex/gen-mips-3d", test_gen_mips_3d);
    g_test_add_func("/d3d/tex/discard", test_discard);
    g_test_add_func("/d3d/tex/msaa", test_msaa);
    g_test_add_data_func("/d3d/tex/stencil-d24s8", GUINT_TO_POINTER(DXGI_FORMAT_D24_UNORM_S8_UINT),
                         test_stencil);
    g_test_add_data_func("/d3d/tex/stencil-d32s8",
                         GUINT_TO_POINTER(DXGI_FORMAT_D32_FLOAT_S8X24_UINT), test_stencil);
}
