/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, shader resource views the other files do not cover
 * (issue 12): typed buffer views (Buffer<float4>, Buffer<uint>) read with
 * `ld` by a pixel shader (indexed by SV_PrimitiveID) and by a compute
 * shader (indexed by SV_DispatchThreadID), each view starting past
 * element 0; array views from a slice other than 0 read with the
 * resource's own target (a Texture2DArray of slices 2-3, a
 * TextureCubeArray from cube 1); pipeline-statistics queries around known
 * draws and a dispatch. Expected pixels, words and counts are computed
 * here from the data and arguments the test gives.
 */
#include <string.h>

#include "d3d-pipe.h"
#include "d3d11_umddi_uav.h"
#include "sm4_asm.h"
#include "umd.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

typedef struct Srv {
    void *mem;
    D3D10DDI_HSHADERRESOURCEVIEW h;
} Srv;

/* A typed buffer view {first, n} of b; want: what the UMD reports. */
static Srv buffer_srv_want(RtDevice *d, RtResource *b, DXGI_FORMAT f, UINT first, UINT n,
                           HRESULT want)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW c = {
        .hDrvResource = b->h, .Format = f, .ResourceDimension = D3D10DDIRESOURCE_BUFFER,
    };
    c.Buffer = (D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW){ first, n };
    Srv v = { .mem = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &c)) };
    v.h.pDrvPrivate = v.mem;
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateShaderResourceView, 0,
                                      d->f11->pfnCreateShaderResourceView(
                                          d->h, &c, v.h,
                                          (D3D10DDI_HRTSHADERRESOURCEVIEW){ v.mem })),
                    ==, (uint32_t)want);
    return v;
}

static Srv buffer_srv(RtDevice *d, RtResource *b, DXGI_FORMAT f, UINT first, UINT n)
{
    return buffer_srv_want(d, b, f, first, n, S_OK);
}

static void set_srv(RtDevice *d, unsigned stage, UINT t, const Srv *v)
{
    D3D10DDI_HSHADERRESOURCEVIEW h = v ? v->h : (D3D10DDI_HSHADERRESOURCEVIEW){ NULL };
    if (stage == RT_PS) {
        OK(RT_CALL(d, PsSetShaderResources, 0, d->f11->pfnPsSetShaderResources(d->h, t, 1, &h)));
    } else {
        OK(RT_CALL(d, CsSetShaderResources, 0, d->f11->pfnCsSetShaderResources(d->h, t, 1, &h)));
    }
}

static void srv_free(RtDevice *d, Srv *v)
{
    RT_CALL(d, DestroyShaderResourceView, 0, d->f11->pfnDestroyShaderResourceView(d->h, v->h));
    g_free(v->mem);
}

static RtResource *srv_buffer(RtDevice *d, const void *data, UINT size)
{
    RtResource *b;
    OK(rt_create_buffer(d, size, D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_SHADER_RESOURCE, 0, data,
                        &b));
    g_assert_cmpuint(((UmdResource *)b->mem)->res_id, >, 0);
    return b;
}

/* Buffer<float4> c : register(t0); Buffer<uint> a : register(t3);
 * float4 main(float4 p : SV_Position, uint id : SV_PrimitiveID) : SV_Target
 * { return float4(c[id].xyz, a[id] * (1.0 / 255)); } */
static const char ps_buffers_text[] =
    "ps_4_0\n"
    "dcl_resource_buffer (float,float,float,float) t0\n"
    "dcl_resource_buffer (uint,uint,uint,uint) t3\n"
    "dcl_input_ps_sgv constant v2.x, primitive_id\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ld r0.xyzw, v2.xxxx, t0.xyzw\n"
    "ld r1.x, v2.xxxx, t3.xxxx\n"
    "utof r1.x, r1.x\n"
    "mul o0.w, r1.x, l(0.00392156886)\n"
    "mov o0.xyz, r0.xyzx\n"
    "ret\n";

/* Primitives 0, 1 cover [1, 7) x [2, 8), primitives 2, 3 [9, 15) x [4, 12). */
static const float rect_a[4] = { 1, 2, 7, 8 }, rect_b[4] = { 9, 4, 15, 12 };

static void rect_vertices(PipeVtx *o, const float *q)
{
    static const float any[4] = { 0, 0, 0, 0 };
    o[0] = pipe_vtx(q[0], q[1], any), o[1] = pipe_vtx(q[2], q[1], any);
    o[2] = pipe_vtx(q[0], q[3], any), o[3] = pipe_vtx(q[0], q[3], any);
    o[4] = pipe_vtx(q[2], q[1], any), o[5] = pipe_vtx(q[2], q[3], any);
}

static bool inside(const float *q, unsigned x, unsigned y)
{
    return x >= q[0] && x < q[2] && y >= q[1] && y < q[3];
}

/* Each pixel of rect A is a, of rect B b, any other clear (BGRA bytes). */
static void assert_two_rects(const uint8_t *px, const uint8_t a[4], const uint8_t b[4],
                             const uint8_t clear[4])
{
    for (unsigned y = 0; y < PIPE_H; y++) {
        for (unsigned x = 0; x < PIPE_W; x++) {
            const uint8_t *want = inside(rect_a, x, y) ? a : inside(rect_b, x, y) ? b : clear;
            const uint8_t *p = px + (y * PIPE_W + x) * 4;
            if (memcmp(p, want, 4)) {
                g_error("pixel (%u,%u) = %02x%02x%02x%02x (BGRA), want %02x%02x%02x%02x", x, y,
                        p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
            }
        }
    }
}

/* The PS reads a float4 view from element 1 (16 bytes in) and a uint view
 * from element 4 (16 bytes in) at the primitive's index: rect A (red,
 * alpha 51) and rect B (green-blue 0.2 = 51, alpha 153). */
static void test_buffer_ps(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    const float colours[5][4] = {
        { 1, 1, 1, 1 }, { 1, 0, 0, 0 }, { 1, 0, 0, 0 }, { 0, 1, 0.2f, 0 }, { 0, 1, 0.2f, 0 },
    };
    const uint32_t alphas[8] = { 7, 7, 7, 7, 51, 51, 153, 153 };
    RtResource *bc = srv_buffer(d, colours, sizeof colours), *ba = srv_buffer(d, alphas, sizeof alphas);
    Srv vc = buffer_srv(d, bc, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 4);
    Srv va = buffer_srv(d, ba, DXGI_FORMAT_R32_UINT, 4, 4);
    set_srv(d, RT_PS, 0, &vc);
    set_srv(d, RT_PS, 3, &va);
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, ps_buffers_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    PipeVtx v[12];
    rect_vertices(v, rect_a);
    rect_vertices(v + 6, rect_b);
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const float black[4] = { 0, 0, 0, 1 };
    pipe_clear(&p, black);
    pipe_draw(&p, 12, 0);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    const uint8_t a[4] = { 0, 0, 255, 51 }, b[4] = { 51, 255, 0, 153 }, clear[4] = { 0, 0, 0, 255 };
    assert_two_rects(px, a, b, clear);
    set_srv(d, RT_PS, 0, NULL);
    set_srv(d, RT_PS, 3, NULL);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    srv_free(d, &vc);
    srv_free(d, &va);
    rt_destroy(d, vb);
    rt_destroy(d, bc);
    rt_destroy(d, ba);
    g_assert_cmpuint(d->errors, ==, 0);
    pipe_free(&p);
}

/* Buffer<float4> f : register(t1); Buffer<uint> u : register(t2);
 * RWByteAddressBuffer o; [numthreads(4,1,1)]
 * void main(uint3 id : SV_DispatchThreadID) {
 *   o.Store(id.x * 4, (uint)f[id.x].y + u[id.x]); } */
static const char cs_buffers_text[] =
    "cs_5_0\n"
    "dcl_resource_buffer (float,float,float,float) t1\n"
    "dcl_resource_buffer (uint,uint,uint,uint) t2\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 1, 1\n"
    "ld r0.xyzw, vThreadID.xxxx, t1.xyzw\n"
    "ftou r0.y, r0.y\n"
    "ld r1.x, vThreadID.xxxx, t2.xxxx\n"
    "iadd r1.x, r1.x, r0.y\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r0.x, r1.x\n"
    "ret\n";

/* Two groups of four threads: thread i reads element 2 + i of the float4
 * view (y = 10 (2 + i)) and element 4 + i of the uint one (1000 (4 + i)).
 * A view whose first byte is not a multiple of 16 is refused first. */
static void test_buffer_cs(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 8, M = 16 };
    float f[M][4];
    uint32_t u[M], init[N], out[N];
    for (unsigned i = 0; i < M; i++) {
        f[i][0] = f[i][2] = f[i][3] = -1;
        f[i][1] = 10.0f * i;
        u[i] = 1000 * i;
    }
    memset(init, 0xee, sizeof init);
    RtResource *bf = srv_buffer(d, f, sizeof f), *bu = srv_buffer(d, u, sizeof u), *o;
    OK(rt_create_buffer_ex(d, sizeof init, D3D10_DDI_USAGE_DEFAULT, D3D11_DDI_BIND_UNORDERED_ACCESS,
                           0, D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, init, &o));
    /* a view from byte 4: the host cannot bind it (docs/umd.md) */
    Srv bad = buffer_srv_want(d, bu, DXGI_FORMAT_R32_UINT, 1, N, E_OUTOFMEMORY);
    g_free(bad.mem);
    g_assert_cmpuint(d->errors, ==, 1);
    d->errors = 0;
    Srv vf = buffer_srv(d, bf, DXGI_FORMAT_R32G32B32A32_FLOAT, 2, N);
    Srv vu = buffer_srv(d, bu, DXGI_FORMAT_R32_UINT, 4, N);
    set_srv(d, RT_CS, 1, &vf);
    set_srv(d, RT_CS, 2, &vu);
    D3D11DDIARG_CREATEUNORDEREDACCESSVIEW cu = {
        .hDrvResource = o->h, .Format = DXGI_FORMAT_R32_TYPELESS,
        .ResourceDimension = D3D10DDIRESOURCE_BUFFER,
        .Buffer = { 0, N, D3D11_DDI_BUFFER_UAV_FLAG_RAW },
    };
    void *umem = g_malloc0(d->f11->pfnCalcPrivateUnorderedAccessViewSize(d->h, &cu));
    D3D11DDI_HUNORDEREDACCESSVIEW uh = { umem };
    OK(RT_CALL(d, CreateUnorderedAccessView, 0,
               d->f11->pfnCreateUnorderedAccessView(d->h, &cu, uh,
                                                    (D3D11DDI_HRTUNORDEREDACCESSVIEW){ umem })));
    OK(RT_CALL(d, CsSetUnorderedAccessViews, 0,
               d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &uh, NULL)));
    RtShader *cs = pipe_shader(d, RT_CS, cs_buffers_text);
    OK(rt_set_shader(d, RT_CS, cs));
    OK(RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, 2, 1, 1)));
    rt_read(d, o, 0, (uint8_t *)out);
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmpuint(out[i], ==, 10 * (2 + i) + 1000 * (4 + i));
    }
    D3D11DDI_HUNORDEREDACCESSVIEW none = { NULL };
    OK(RT_CALL(d, CsSetUnorderedAccessViews, 0,
               d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &none, NULL)));
    set_srv(d, RT_CS, 1, NULL);
    set_srv(d, RT_CS, 2, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    RT_CALL(d, DestroyUnorderedAccessView, 0, d->f11->pfnDestroyUnorderedAccessView(d->h, uh));
    g_free(umem);
    srv_free(d, &vf);
    srv_free(d, &vu);
    rt_destroy(d, bf);
    rt_destroy(d, bu);
    rt_destroy(d, o);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* ---- array views from a slice other than 0 ------------------------------ */

/* A texture view desc of r: Tex2D {mip 0, 1 mip, first, n} (cubes:
 * TexCube {mip 0, 1 mip, first face, cubes}). */
static Srv tex_srv(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT first, UINT n)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW c = {
        .hDrvResource = r->h, .Format = f, .ResourceDimension = r->dim,
    };
    if (r->dim == D3D10DDIRESOURCE_TEXTURECUBE) {
        c.TexCube = (D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW){ .MostDetailedMip = 0,
                                                                .MipLevels = 1,
                                                                .First2DArrayFace = first,
                                                                .NumCubes = n };
    } else {
        c.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ .MostDetailedMip = 0, .MipLevels = 1,
                                                          .FirstArraySlice = first,
                                                          .ArraySize = n };
    }
    Srv v = { .mem = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &c)) };
    v.h.pDrvPrivate = v.mem;
    OK(RT_CALL(d, CreateShaderResourceView, 0,
               d->f11->pfnCreateShaderResourceView(d->h, &c, v.h,
                                                   (D3D10DDI_HRTSHADERRESOURCEVIEW){ v.mem })));
    return v;
}

/* An array of `slices` 1x1 slices of format f, 4 bytes per texel, slice
 * s holding words[s]. */
static RtResource *slices_texture(RtDevice *d, D3D10DDIRESOURCE_TYPE dim, DXGI_FORMAT f,
                                  const uint32_t *words, unsigned slices)
{
    D3D10_DDIARG_SUBRESOURCE_UP up[12];
    g_assert_cmpuint(slices, <=, G_N_ELEMENTS(up));
    for (unsigned s = 0; s < slices; s++) {
        up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ &words[s], 4, 4 };
    }
    RtResource *r;
    OK(rt_create_texture(d, dim, 1, 1, 1, slices, f, D3D10_DDI_USAGE_DEFAULT,
                         D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &r));
    g_assert_cmpuint(((UmdResource *)r->mem)->res_id, >, 0);
    return r;
}

/* Texture2DArray<float4> t;
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { return t.Load(int4(0, 0, (int)c.x, 0)); } */
static const char ps_array_ld_text[] =
    "ps_4_0\n"
    "dcl_resource_texture2darray (float,float,float,float) t0\n"
    "dcl_input_ps constant v1.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "ftoi r0.z, v1.x\n"
    "mov r0.xyw, l(0, 0, 0, 0)\n"
    "ld o0.xyzw, r0.xyzw, t0.xyzw\n"
    "ret\n";

/* Array index 0 drawn over [0, 8) x [0, 16), index 1 over [8, 16). */
static void draw_indices(Pipe *p)
{
    const float black[4] = { 0, 0, 0, 1 }, i0[4] = { 0, 0, 0, 0 }, i1[4] = { 1, 0, 0, 0 };
    pipe_clear(p, black);
    pipe_rect(p, 0, 0, 8, 16, i0);
    pipe_rect(p, 8, 0, 16, 16, i1);
}

/* Left half a, right half b (BGRA bytes). */
static void assert_halves(const uint8_t *px, const uint8_t a[4], const uint8_t b[4])
{
    for (unsigned y = 0; y < PIPE_H; y++) {
        for (unsigned x = 0; x < PIPE_W; x++) {
            const uint8_t *want = x < 8 ? a : b, *q = px + (y * PIPE_W + x) * 4;
            if (memcmp(q, want, 4)) {
                g_error("pixel (%u,%u) = %02x%02x%02x%02x (BGRA), want %02x%02x%02x%02x", x, y,
                        q[0], q[1], q[2], q[3], want[0], want[1], want[2], want[3]);
            }
        }
    }
}

/* A Texture2DArray view of slices 2-3 of a 4-slice array (the
 * resource's own target): index 0 reads slice 2, index 1 slice 3, in a
 * B8G8R8A8 array and in an R32_FLOAT one ((r, 0, 0, 1)). */
static void test_array_from_slice(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text),
             *ps = pipe_shader(d, RT_PS, ps_array_ld_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    /* B8G8R8A8 words 0xAARRGGBB read back as bytes B, G, R, A */
    const uint32_t bgra[4] = { 0xff102030u, 0xff405060u, 0xc0708090u, 0xa0a0b0c0u };
    RtResource *r = slices_texture(d, D3D10DDIRESOURCE_TEXTURE2D, DXGI_FORMAT_B8G8R8A8_UNORM,
                                   bgra, 4);
    Srv v = tex_srv(d, r, DXGI_FORMAT_B8G8R8A8_UNORM, 2, 2);
    set_srv(d, RT_PS, 0, &v);
    draw_indices(&p);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    assert_halves(px, (const uint8_t *)&bgra[2], (const uint8_t *)&bgra[3]);
    set_srv(d, RT_PS, 0, NULL);
    srv_free(d, &v);
    rt_destroy(d, r);
    /* R32_FLOAT: 0.2 and 0.6 are 51 and 153 in the UNORM target */
    float f[4] = { 0.8f, 0.4f, 0.2f, 0.6f };
    uint32_t w[4];
    memcpy(w, f, sizeof w);
    r = slices_texture(d, D3D10DDIRESOURCE_TEXTURE2D, DXGI_FORMAT_R32_FLOAT, w, 4);
    v = tex_srv(d, r, DXGI_FORMAT_R32_FLOAT, 2, 2);
    set_srv(d, RT_PS, 0, &v);
    draw_indices(&p);
    pipe_read(&p, px);
    const uint8_t a[4] = { 0, 0, 51, 255 }, b[4] = { 0, 0, 153, 255 };
    assert_halves(px, a, b);
    set_srv(d, RT_PS, 0, NULL);
    srv_free(d, &v);
    rt_destroy(d, r);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    g_assert_cmpuint(d->errors, ==, 0);
    pipe_free(&p);
}

/* An R32G32B32A32_FLOAT array has no format alias: a Texture2DArray view
 * of its slices 2-3 cannot be made, and the draw reading it fails
 * (unsupported: the device is removed) rather than read slices 0-1. */
static void test_array_from_slice_refused(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text),
             *ps = pipe_shader(d, RT_PS, ps_array_ld_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    float texels[4][4] = { { 0 } };
    D3D10_DDIARG_SUBRESOURCE_UP up[4];
    for (unsigned s = 0; s < 4; s++) {
        up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ texels[s], 16, 16 };
    }
    RtResource *r;
    OK(rt_create_texture(d, D3D10DDIRESOURCE_TEXTURE2D, 1, 1, 1, 4,
                         DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_USAGE_DEFAULT,
                         D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &r));
    Srv v = tex_srv(d, r, DXGI_FORMAT_R32G32B32A32_FLOAT, 2, 2);
    set_srv(d, RT_PS, 0, &v);
    const float i0[4] = { 0, 0, 0, 0 };
    const PipeVtx tri[3] = { pipe_vtx(0, 0, i0), pipe_vtx(16, 0, i0), pipe_vtx(0, 16, i0) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, tri, sizeof tri);
    pipe_set_vb(&p, vb);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 3, 0)), ==,
                    (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    g_assert_cmpuint(d->critical, ==, 1);
    g_assert_cmpstr(d->critical_ddi, ==, "Draw");
    g_assert_cmphex((uint32_t)d->critical_hr, ==, (uint32_t)E_NOTIMPL);
    d->critical = 0; /* the one expected, checked above (pipe_free wants none) */
    set_srv(d, RT_PS, 0, NULL);
    srv_free(d, &v);
    rt_destroy(d, vb);
    rt_destroy(d, r);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    pipe_free(&p);
}

/* TextureCubeArray t; SamplerState s;
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { return t.Sample(s, float4(1, 0, 0, c.x)); } */
static const char ps_cube_array_text[] =
    "ps_4_1\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texturecubearray (float,float,float,float) t0\n"
    "dcl_input_ps constant v1.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mov r0.xyz, l(1.0, 0, 0, 0)\n"
    "mov r0.w, v1.x\n"
    "sample o0.xyzw, r0.xyzw, t0.xyzw, s0\n"
    "ret\n";

/* A TextureCubeArray view starting at cube 1 of a 2-cube array (faces
 * 6-11): cube index 0 in the view reads face +X of cube 1 (slice 6);
 * index 1 is past the view, clamped to its last cube (slice 6 again). */
static void test_cube_array_from_cube(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text),
             *ps = pipe_shader(d, RT_PS, ps_cube_array_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    D3D10_DDI_SAMPLER_DESC sd = { .Filter = 0, .AddressU = 3, .AddressV = 3, .AddressW = 3,
                                  .MaxAnisotropy = 1, .ComparisonFunc = 1, .MaxLOD = 1000 };
    void *samp = g_malloc0(F(d, pfnCalcPrivateSamplerSize)(d->h, &sd));
    D3D10DDI_HSAMPLER hs = { samp };
    OK(RT_CALL(d, CreateSampler, 0,
               F(d, pfnCreateSampler)(d->h, &sd, hs, (D3D10DDI_HRTSAMPLER){ samp })));
    OK(RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &hs)));
    uint32_t faces[12];
    for (unsigned s = 0; s < 12; s++) {
        faces[s] = 0xff000000u | (0x10u + 0x10u * s) << 16 | (0xf0u - 0x08u * s);
    }
    RtResource *r = slices_texture(d, D3D10DDIRESOURCE_TEXTURECUBE, DXGI_FORMAT_B8G8R8A8_UNORM,
                                   faces, 12);
    Srv v = tex_srv(d, r, DXGI_FORMAT_B8G8R8A8_UNORM, 6, 1);
    set_srv(d, RT_PS, 0, &v);
    draw_indices(&p);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    assert_halves(px, (const uint8_t *)&faces[6], (const uint8_t *)&faces[6]);
    set_srv(d, RT_PS, 0, NULL);
    srv_free(d, &v);
    rt_destroy(d, r);
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, hs));
    g_free(samp);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    g_assert_cmpuint(d->errors, ==, 0);
    pipe_free(&p);
}

/* ---- pipeline statistics ------------------------------------------------ */

/* struct V { float4 p : SV_Position; float4 c : COLOR; };
 * [maxvertexcount(3)] void main(triangle V v[3], inout TriangleStream<V> o)
 * { for (int i = 0; i < 3; i++) o.Append(v[i]); } (unrolled) */
static const char gs_pass_text[] =
    "gs_4_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_input v[3][1].xyzw\n"
    "dcl_inputprimitive triangle\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 3\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xyzw, v[1][1].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "mov o1.xyzw, v[2][1].xyzw\n"
    "emit\n"
    "cut\n"
    "ret\n";

/* numthreads(4, 2, 1), nothing written */
static const char cs_empty_text[] =
    "cs_5_0\n"
    "dcl_thread_group 4, 2, 1\n"
    "ret\n";

/* Around known work: a draw before Begin is not counted; Draw(12) of a
 * triangle list (rectangles a and b, 36 + 48 pixels) and DrawInstanced(6
 * vertices, 3 instances) (rectangle a three times, no depth buffer) give
 * 30 IA vertices and VS invocations, 10 IA primitives and clipper
 * invocations and primitives, 84 + 3 * 36 = 192 PS invocations; a strip of
 * 5 vertices in a second round 3 primitives: rectangle a's upper-left
 * triangle and two degenerate ones, so 15 PS invocations (the pixel
 * centres strictly above the diagonal, i + j < 5 for the 6 x 6 pixels;
 * those on it belong to the lower-right triangle, whose left edge it is);
 * no clipper or PS invocations in a third round with the rasterizer off;
 * a pass-through GS over 4 triangles 4 GS invocations, 4 GS primitives and
 * 4 clipper invocations (no PS: none); Dispatch(2, 3, 1) of an 8-thread
 * group 48 CS invocations. No HS or DS: 0. */
static void test_pipeline_stats(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    PipeVtx v[12];
    rect_vertices(v, rect_a);
    rect_vertices(v + 6, rect_b);
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    RtQuery *q;
    OK(rt_create_query(d, D3D10DDI_QUERY_PIPELINESTATS, &q));
    pipe_draw(&p, 6, 0); /* before Begin */
    pipe_query_begin(d, q);
    pipe_draw(&p, 12, 0);
    OK(RT_CALL(d, DrawInstanced, 0, F(d, pfnDrawInstanced)(d->h, 6, 3, 0, 0)));
    PipeStats s = pipe_stats(d, q);
    g_assert_cmpuint(s.ia_vertices, ==, 30);
    g_assert_cmpuint(s.vs, ==, 30);
    g_assert_cmpuint(s.ia_primitives, ==, 10);
    g_assert_cmpuint(s.c_invocations, ==, 10);
    g_assert_cmpuint(s.c_primitives, ==, 10);
    g_assert_cmpuint(s.ps, ==, 192);
    g_assert_cmpuint(s.gs | s.gs_primitives | s.hs | s.ds | s.cs, ==, 0);
    OK(RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 5 /* TRIANGLESTRIP */)));
    pipe_query_begin(d, q);
    pipe_draw(&p, 5, 0);
    s = pipe_stats(d, q);
    g_assert_cmpuint(s.ia_vertices, ==, 5);
    g_assert_cmpuint(s.ia_primitives, ==, 3);
    g_assert_cmpuint(s.c_invocations, ==, 3);
    g_assert_cmpuint(s.ps, ==, 15);
    /* no PS, neither depth nor stencil test: the rasterizer is off */
    D3D10_DDI_DEPTH_STENCIL_DESC dd = { .DepthEnable = FALSE,
                                        .DepthWriteMask = D3D10_DDI_DEPTH_WRITE_MASK_ZERO,
                                        .DepthFunc = D3D10_DDI_COMPARISON_ALWAYS };
    void *dss = g_malloc0(F(d, pfnCalcPrivateDepthStencilStateSize)(d->h, &dd));
    D3D10DDI_HDEPTHSTENCILSTATE hd = { dss };
    OK(RT_CALL(d, CreateDepthStencilState, 0,
               F(d, pfnCreateDepthStencilState)(d->h, &dd, hd,
                                                (D3D10DDI_HRTDEPTHSTENCILSTATE){ dss })));
    OK(RT_CALL(d, SetDepthStencilState, 0, F(d, pfnSetDepthStencilState)(d->h, hd, 0)));
    OK(rt_set_shader(d, RT_PS, NULL));
    pipe_query_begin(d, q);
    pipe_draw(&p, 5, 0);
    s = pipe_stats(d, q);
    g_assert_cmpuint(s.ia_primitives, ==, 3);
    g_assert_cmpuint(s.c_invocations | s.c_primitives | s.ps, ==, 0);
    OK(RT_CALL(d, SetDepthStencilState, 0,
               F(d, pfnSetDepthStencilState)(d->h, (D3D10DDI_HDEPTHSTENCILSTATE){ NULL }, 0)));
    RT_CALL(d, DestroyDepthStencilState, 0, F(d, pfnDestroyDepthStencilState)(d->h, hd));
    g_free(dss);
    /* a pass-through GS: one invocation and one primitive per input
     * triangle, each rasterized (the default depth state tests depth) */
    OK(RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4 /* TRIANGLELIST */)));
    RtShader *gs = pipe_shader(d, RT_GS, gs_pass_text);
    OK(rt_set_shader(d, RT_GS, gs));
    pipe_query_begin(d, q);
    pipe_draw(&p, 12, 0);
    s = pipe_stats(d, q);
    g_assert_cmpuint(s.ia_primitives, ==, 4);
    g_assert_cmpuint(s.gs, ==, 4);
    g_assert_cmpuint(s.gs_primitives, ==, 4);
    g_assert_cmpuint(s.c_invocations, ==, 4);
    g_assert_cmpuint(s.c_primitives, ==, 4);
    g_assert_cmpuint(s.ps, ==, 0);
    rt_set_shader(d, RT_GS, NULL);
    rt_destroy_shader(d, gs);
    RtShader *cs = pipe_shader(d, RT_CS, cs_empty_text);
    OK(rt_set_shader(d, RT_CS, cs));
    pipe_query_begin(d, q);
    OK(RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, 2, 3, 1)));
    s = pipe_stats(d, q);
    g_assert_cmpuint(s.cs, ==, 48);
    g_assert_cmpuint(s.ia_vertices | s.vs | s.ia_primitives | s.c_invocations, ==, 0);
    rt_destroy_query(d, q);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    rt_destroy(d, vb);
    pipe_free(&p);
}


void d3d_views_tests_add(void)
{
    g_test_add_func("/d3d/views/typed-buffer-ps", test_buffer_ps);
    g_test_add_func("/d3d/views/typed-buffer-cs", test_buffer_cs);
    g_test_add_func("/d3d/views/array-from-slice", test_array_from_slice);
    g_test_add_func("/d3d/views/array-from-slice-refused", test_array_from_slice_refused);
    g_test_add_func("/d3d/views/cube-array-from-cube", test_cube_array_from_cube);
    g_test_add_func("/d3d/query/pipeline-stats", test_pipeline_stats);
}
