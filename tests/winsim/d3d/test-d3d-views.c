/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, shader resource views the other files do not cover
 * (issue 12): typed buffer views (Buffer<float4>, Buffer<uint>) read with
 * `ld` by a pixel shader (indexed by SV_PrimitiveID) and by a compute
 * shader (indexed by SV_DispatchThreadID), each view starting past
 * element 0, also at bytes not a multiple of 16 (a shadow, refreshed
 * after the buffer changes: an update, a WRITE_DISCARD, a copy, UAV
 * writes, stream output); array views from a slice other than 0 read
 * with the resource's own target (a Texture2DArray of slices 2-3, a
 * Texture1DArray likewise, a TextureCubeArray from cube 1; formats with
 * and without an alias; `ld` and `sample`, whose array index clamps to
 * the view's slices); pipeline-statistics queries around known
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

/* A typed buffer view {first, n} of b. */
static Srv buffer_srv(RtDevice *d, RtResource *b, DXGI_FORMAT f, UINT first, UINT n)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW c = {
        .hDrvResource = b->h, .Format = f, .ResourceDimension = D3D10DDIRESOURCE_BUFFER,
    };
    c.Buffer = (D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW){ first, n };
    Srv v = { .mem = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &c)) };
    v.h.pDrvPrivate = v.mem;
    OK(RT_CALL(d, CreateShaderResourceView, 0,
               d->f11->pfnCreateShaderResourceView(d->h, &c, v.h,
                                                   (D3D10DDI_HRTSHADERRESOURCEVIEW){ v.mem })));
    return v;
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
    g_assert_cmpuint(rt_umd_stats(d).shadow_copies, ==, 0); /* aligned: no shadow */
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

/* Buffer<float> f : register(t0); Buffer<uint2> u : register(t3);
 * float4 main(float4 p : SV_Position, uint id : SV_PrimitiveID) : SV_Target
 * { return float4(f[id], u[id] * (1.0 / 255), 1); } */
static const char ps_unaligned_text[] =
    "ps_4_0\n"
    "dcl_resource_buffer (float,float,float,float) t0\n"
    "dcl_resource_buffer (uint,uint,uint,uint) t3\n"
    "dcl_input_ps_sgv constant v2.x, primitive_id\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ld r0.x, v2.xxxx, t0.xxxx\n"
    "ld r1.xy, v2.xxxx, t3.xyxx\n"
    "utof r1.xy, r1.xyxx\n"
    "mul o0.yz, r1.xxyx, l(0, 0.00392156886, 0.00392156886, 0)\n"
    "mov o0.x, r0.x\n"
    "mov o0.w, l(1.0)\n"
    "ret\n";

/* The whole of dynamic buffer b from data (WRITE_DISCARD). */
static void discard_write(RtDevice *d, RtResource *b, const void *data, size_t size)
{
    D3D10DDI_MAPPED_SUBRESOURCE m;
    OK(rt_map(d, b, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m));
    memcpy(m.pData, data, size);
    OK(rt_unmap(d, b, 0));
}

/* Views whose first byte is not a multiple of 16 (read through a shadow,
 * docs/umd.md): a Buffer<float> from element 1 (byte 4) of a dynamic
 * buffer and a Buffer<uint2> from element 3 (byte 24), read at
 * SV_PrimitiveID (0, 1 in each draw). Rect A is drawn, the uint2 buffer
 * updated (UpdateSubresource) and the float one rewritten (WRITE_DISCARD:
 * inline writes in the stream), rect B drawn, all before the target is
 * read: A has the old words, B the new ones. Pixels (B, G, R, A) =
 * (u.y, u.x, 255 f, 255). */
static void test_buffer_unaligned_ps(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    const float f[3] = { 0.8f, 0.2f, 0.2f }, f2[3] = { 0.8f, 0.6f, 0.6f }; /* 51, 153 */
    uint32_t u[5][2] = { { 99, 99 }, { 99, 99 }, { 99, 99 }, { 10, 20 }, { 10, 20 } };
    RtResource *bf, *bu = srv_buffer(d, u, sizeof u);
    OK(rt_create_buffer(d, sizeof f, D3D10_DDI_USAGE_DYNAMIC, D3D10_DDI_BIND_SHADER_RESOURCE,
                        D3D10_DDI_CPU_ACCESS_WRITE, NULL, &bf));
    g_assert_cmpuint(((UmdResource *)bf->mem)->res_id, >, 0);
    discard_write(d, bf, f, sizeof f);
    Srv vf = buffer_srv(d, bf, DXGI_FORMAT_R32_FLOAT, 1, 2);
    Srv vu = buffer_srv(d, bu, DXGI_FORMAT_R32G32_UINT, 3, 2);
    g_assert_nonnull(((UmdSrv *)vf.mem)->shadow);
    g_assert_nonnull(((UmdSrv *)vu.mem)->shadow);
    set_srv(d, RT_PS, 0, &vf);
    set_srv(d, RT_PS, 3, &vu);
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, ps_unaligned_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    PipeVtx v[12];
    rect_vertices(v, rect_a);
    rect_vertices(v + 6, rect_b);
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const float black[4] = { 0, 0, 0, 1 };
    pipe_clear(&p, black);
    uint32_t copies = rt_umd_stats(d).shadow_copies;
    pipe_draw(&p, 6, 0);
    u[3][0] = u[4][0] = 30;
    u[3][1] = u[4][1] = 40;
    OK(rt_update(d, bu, 0, NULL, u, sizeof u));
    discard_write(d, bf, f2, sizeof f2);
    pipe_draw(&p, 6, 6);
    g_assert_cmpuint(rt_umd_stats(d).shadow_copies - copies, ==, 2 * 2); /* per view, per draw */
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    const uint8_t a[4] = { 20, 10, 51, 255 }, b[4] = { 40, 30, 153, 255 }, clear[4] = { 0, 0, 0, 255 };
    assert_two_rects(px, a, b, clear);
    set_srv(d, RT_PS, 0, NULL);
    set_srv(d, RT_PS, 3, NULL);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    srv_free(d, &vf);
    srv_free(d, &vu);
    rt_destroy(d, vb);
    rt_destroy(d, bf);
    rt_destroy(d, bu);
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
 * view (y = 10 (2 + i)) and element 4 + i of the uint one (1000 (4 + i)). */
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

/* struct V { float4 p : SV_Position; float4 c : COLOR; };
 * [maxvertexcount(1)] void main(point V i[1], inout PointStream<V> o)
 * { o.Append(i[0]); } (stream output: c) */
static const char gs_point_text[] =
    "gs_4_0\n"
    "dcl_input_siv v[1][0].xyzw, position\n"
    "dcl_input v[1][1].xyzw\n"
    "dcl_inputprimitive point\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 1\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "ret\n";

/* Buffer<float> f : register(t0);
 * float4 main(float4 p : SV_Position, uint id : SV_PrimitiveID) : SV_Target
 * { return float4(f[id], 0, 0, 1); } */
static const char ps_float_text[] =
    "ps_4_0\n"
    "dcl_resource_buffer (float,float,float,float) t0\n"
    "dcl_input_ps_sgv constant v2.x, primitive_id\n"
    "dcl_output o0.xyzw\n"
    "ld o0.x, v2.xxxx, t0.xxxx\n"
    "mov o0.yzw, l(0, 0, 0, 1.0)\n"
    "ret\n";

/* A shadow copied after stream output in the same frame: a GS writes the
 * colours of 3 points (float4 each) into a buffer, then a draw reads it
 * through a Buffer<float> view from element 1 (byte 4) at SV_PrimitiveID,
 * nothing read back in between. Colours (0.9, 0.2, 0.2, 0.6), (0.6, ...)
 * put 0.2 (51) at view elements 0 and 1 (rect A) and 0.6 (153) at 2 and 3
 * (rect B); the buffer's initial -1 would give 0. */
static void test_buffer_unaligned_after_so(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, ps_float_text);
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[1] = { { 0, 0, 1, 0xF } };
    RtShader *gs = pipe_shader_so(d, gs_point_text, so, 1, 16, D3D11_SO_NO_RASTERIZED_STREAM);
    const float c[3][4] = { { 0.9f, 0.2f, 0.2f, 0.6f }, { 0.6f, 1, 1, 1 }, { 1, 1, 1, 1 } };
    const PipeVtx pts[3] = { pipe_vtx(1, 1, c[0]), pipe_vtx(2, 2, c[1]), pipe_vtx(3, 3, c[2]) };
    RtResource *vpts = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, pts, sizeof pts);
    PipeVtx v[12];
    rect_vertices(v, rect_a);
    rect_vertices(v + 6, rect_b);
    RtResource *vrects = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    float init[12];
    for (unsigned i = 0; i < 12; i++) {
        init[i] = -1.0f;
    }
    RtResource *sob = pipe_buffer(d, D3D10_DDI_BIND_STREAM_OUTPUT | D3D10_DDI_BIND_SHADER_RESOURCE,
                                  init, sizeof init);
    const float black[4] = { 0, 0, 0, 1 };
    pipe_clear(&p, black);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_GS, gs));
    pipe_set_vb(&p, vpts);
    D3D10DDI_HRESOURCE h = sob->h;
    UINT off = 0;
    OK(RT_CALL(d, SoSetTargets, 0, F(d, pfnSoSetTargets)(d->h, 1, 3, &h, &off)));
    pipe_draw(&p, 3, 0);
    OK(RT_CALL(d, SoSetTargets, 0, F(d, pfnSoSetTargets)(d->h, 0, 4, NULL, NULL)));
    OK(rt_set_shader(d, RT_GS, NULL));
    OK(rt_set_shader(d, RT_PS, ps));
    OK(RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4 /* TRIANGLELIST */)));
    Srv vf = buffer_srv(d, sob, DXGI_FORMAT_R32_FLOAT, 1, 4);
    set_srv(d, RT_PS, 0, &vf);
    pipe_set_vb(&p, vrects);
    pipe_draw(&p, 12, 0);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    const uint8_t a[4] = { 0, 0, 51, 255 }, b[4] = { 0, 0, 153, 255 }, clear[4] = { 0, 0, 0, 255 };
    assert_two_rects(px, a, b, clear);
    set_srv(d, RT_PS, 0, NULL);
    srv_free(d, &vf);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, gs);
    rt_destroy_shader(d, ps);
    rt_destroy(d, vpts);
    rt_destroy(d, vrects);
    rt_destroy(d, sob);
    g_assert_cmpuint(d->errors, ==, 0);
    pipe_free(&p);
}

/* Buffer<float> f : register(t1); Buffer<uint2> u : register(t2);
 * RWByteAddressBuffer o; [numthreads(4,1,1)]
 * void main(uint3 id : SV_DispatchThreadID) {
 *   o.Store(id.x * 4, (uint)f[id.x] + u[id.x].x + u[id.x].y); } */
static const char cs_unaligned_text[] =
    "cs_5_0\n"
    "dcl_resource_buffer (float,float,float,float) t1\n"
    "dcl_resource_buffer (uint,uint,uint,uint) t2\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 1, 1\n"
    "ld r0.x, vThreadID.xxxx, t1.xxxx\n"
    "ftou r0.x, r0.x\n"
    "ld r1.xy, vThreadID.xxxx, t2.xyxx\n"
    "iadd r1.x, r1.x, r1.y\n"
    "iadd r1.x, r1.x, r0.x\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r0.x, r1.x\n"
    "ret\n";

/* A raw UAV of N words over o. */
static void *raw_uav(RtDevice *d, RtResource *o, UINT n, D3D11DDI_HUNORDEREDACCESSVIEW *h)
{
    D3D11DDIARG_CREATEUNORDEREDACCESSVIEW cu = {
        .hDrvResource = o->h, .Format = DXGI_FORMAT_R32_TYPELESS,
        .ResourceDimension = D3D10DDIRESOURCE_BUFFER,
        .Buffer = { 0, n, D3D11_DDI_BUFFER_UAV_FLAG_RAW },
    };
    void *umem = g_malloc0(d->f11->pfnCalcPrivateUnorderedAccessViewSize(d->h, &cu));
    h->pDrvPrivate = umem;
    OK(RT_CALL(d, CreateUnorderedAccessView, 0,
               d->f11->pfnCreateUnorderedAccessView(d->h, &cu, *h,
                                                    (D3D11DDI_HRTUNORDEREDACCESSVIEW){ umem })));
    return umem;
}

/* Views from bytes 4 (a Buffer<float> from element 1) and 24 (a
 * Buffer<uint2> from element 3) in a compute shader: thread i writes
 * f[1 + i] + u[3 + i].x + u[3 + i].y. The uint2 buffer is then copied over
 * from another and the dispatch run again: the shadow has the new words. */
static void test_buffer_unaligned_cs(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 8, M = 12 };
    float f[M];
    uint32_t u[M][2], u2[M][2], init[N], out[N];
    for (unsigned i = 0; i < M; i++) {
        f[i] = 10.0f * i;
        u[i][0] = 1000 * i;
        u[i][1] = 7;
        u2[i][0] = 100000 * i;
        u2[i][1] = 3;
    }
    memset(init, 0xee, sizeof init);
    RtResource *bf = srv_buffer(d, f, sizeof f), *bu = srv_buffer(d, u, sizeof u),
               *bu2 = srv_buffer(d, u2, sizeof u2), *o;
    OK(rt_create_buffer_ex(d, sizeof init, D3D10_DDI_USAGE_DEFAULT, D3D11_DDI_BIND_UNORDERED_ACCESS,
                           0, D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, init, &o));
    Srv vf = buffer_srv(d, bf, DXGI_FORMAT_R32_FLOAT, 1, N);
    Srv vu = buffer_srv(d, bu, DXGI_FORMAT_R32G32_UINT, 3, N);
    set_srv(d, RT_CS, 1, &vf);
    set_srv(d, RT_CS, 2, &vu);
    D3D11DDI_HUNORDEREDACCESSVIEW uh;
    void *umem = raw_uav(d, o, N, &uh);
    OK(RT_CALL(d, CsSetUnorderedAccessViews, 0,
               d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &uh, NULL)));
    RtShader *cs = pipe_shader(d, RT_CS, cs_unaligned_text);
    OK(rt_set_shader(d, RT_CS, cs));
    OK(RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, 2, 1, 1)));
    rt_read(d, o, 0, (uint8_t *)out);
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmpuint(out[i], ==, 10 * (1 + i) + 1000 * (3 + i) + 7);
    }
    OK(rt_copy(d, bu, bu2));
    OK(RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, 2, 1, 1)));
    rt_read(d, o, 0, (uint8_t *)out);
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmpuint(out[i], ==, 10 * (1 + i) + 100000 * (3 + i) + 3);
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
    rt_destroy(d, bu2);
    rt_destroy(d, o);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* RWByteAddressBuffer o; [numthreads(4,1,1)]
 * void main(uint3 id : SV_DispatchThreadID) {
 *   o.Store(id.x * 4, (id.x << 10) + 5); } */
static const char cs_fill_text[] =
    "cs_5_0\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(10)\n"
    "iadd r0.x, r0.x, l(5)\n"
    "ishl r1.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

/* A shadow copied after GPU work in the same stream: a dispatch writes
 * word w = 1024 w + 5 of a buffer through a raw UAV, the next reads it
 * through a Buffer<uint2> view from element 3 (byte 24), nothing in
 * between: uint2 element e is (2048 e + 5, 2048 e + 1029), so thread i
 * writes 10 (1 + i) + 4096 (3 + i) + 1034. */
static void test_buffer_unaligned_after_uav(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 8, WORDS = 24 };
    float f[N + 1];
    uint32_t zero[WORDS] = { 0 }, out[N];
    for (unsigned i = 0; i <= N; i++) {
        f[i] = 10.0f * i;
    }
    RtResource *bf = srv_buffer(d, f, sizeof f), *bu, *o;
    OK(rt_create_buffer_ex(d, sizeof zero, D3D10_DDI_USAGE_DEFAULT,
                           D3D11_DDI_BIND_UNORDERED_ACCESS | D3D10_DDI_BIND_SHADER_RESOURCE, 0,
                           D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, zero, &bu));
    OK(rt_create_buffer_ex(d, sizeof out, D3D10_DDI_USAGE_DEFAULT, D3D11_DDI_BIND_UNORDERED_ACCESS,
                           0, D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, zero, &o));
    D3D11DDI_HUNORDEREDACCESSVIEW uw, uo, none = { NULL };
    void *wmem = raw_uav(d, bu, WORDS, &uw), *omem = raw_uav(d, o, N, &uo);
    RtShader *fill = pipe_shader(d, RT_CS, cs_fill_text), *cs = pipe_shader(d, RT_CS, cs_unaligned_text);
    OK(RT_CALL(d, CsSetUnorderedAccessViews, 0,
               d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &uw, NULL)));
    OK(rt_set_shader(d, RT_CS, fill));
    OK(RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, WORDS / 4, 1, 1)));
    OK(RT_CALL(d, CsSetUnorderedAccessViews, 0,
               d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &uo, NULL)));
    Srv vf = buffer_srv(d, bf, DXGI_FORMAT_R32_FLOAT, 1, N);
    Srv vu = buffer_srv(d, bu, DXGI_FORMAT_R32G32_UINT, 3, N);
    set_srv(d, RT_CS, 1, &vf);
    set_srv(d, RT_CS, 2, &vu);
    OK(rt_set_shader(d, RT_CS, cs));
    OK(RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, N / 4, 1, 1)));
    rt_read(d, o, 0, (uint8_t *)out);
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmpuint(out[i], ==, 10 * (1 + i) + 4096 * (3 + i) + 1034);
    }
    OK(RT_CALL(d, CsSetUnorderedAccessViews, 0,
               d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &none, NULL)));
    set_srv(d, RT_CS, 1, NULL);
    set_srv(d, RT_CS, 2, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, fill);
    rt_destroy_shader(d, cs);
    RT_CALL(d, DestroyUnorderedAccessView, 0, d->f11->pfnDestroyUnorderedAccessView(d->h, uw));
    RT_CALL(d, DestroyUnorderedAccessView, 0, d->f11->pfnDestroyUnorderedAccessView(d->h, uo));
    g_free(wmem);
    g_free(omem);
    srv_free(d, &vf);
    srv_free(d, &vu);
    rt_destroy(d, bf);
    rt_destroy(d, bu);
    rt_destroy(d, o);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* ---- array views from a slice other than 0 ------------------------------ */

/* A texture view of r: Tex2D {mip, mips, first, n} (cubes: TexCube
 * {mip, mips, first face, cubes}); tex_srv: mip 0 alone. */
static Srv tex_srv_mips(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT mip, UINT mips,
                        UINT first, UINT n)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW c = {
        .hDrvResource = r->h, .Format = f, .ResourceDimension = r->dim,
    };
    if (r->dim == D3D10DDIRESOURCE_TEXTURECUBE) {
        c.TexCube = (D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW){ .MostDetailedMip = mip,
                                                                .MipLevels = mips,
                                                                .First2DArrayFace = first,
                                                                .NumCubes = n };
    } else {
        c.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ .MostDetailedMip = mip,
                                                          .MipLevels = mips,
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

static Srv tex_srv(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT first, UINT n)
{
    return tex_srv_mips(d, r, f, 0, 1, first, n);
}

/* An array of `slices` 1x1 slices of format f, `bytes` per texel, slice
 * s at texels + s * bytes. */
static RtResource *texel_slices(RtDevice *d, D3D10DDIRESOURCE_TYPE dim, DXGI_FORMAT f,
                                const void *texels, UINT bytes, unsigned slices)
{
    D3D10_DDIARG_SUBRESOURCE_UP up[12];
    g_assert_cmpuint(slices, <=, G_N_ELEMENTS(up));
    for (unsigned s = 0; s < slices; s++) {
        up[s] = (D3D10_DDIARG_SUBRESOURCE_UP){ (const uint8_t *)texels + s * bytes, bytes, bytes };
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
    RtResource *r = texel_slices(d, D3D10DDIRESOURCE_TEXTURE2D, DXGI_FORMAT_B8G8R8A8_UNORM,
                                 bgra, 4, 4);
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
    r = texel_slices(d, D3D10DDIRESOURCE_TEXTURE2D, DXGI_FORMAT_R32_FLOAT, w, 4, 4);
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

/* Texture2DArray<uint4> t;
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { return float4(t.Load(int4(0, 0, (int)c.x, 0)).x / 255.0, 0, 0, 1); } */
static const char ps_array_ld_uint_text[] =
    "ps_4_0\n"
    "dcl_resource_texture2darray (uint,uint,uint,uint) t0\n"
    "dcl_input_ps constant v1.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "ftoi r0.z, v1.x\n"
    "mov r0.xyw, l(0, 0, 0, 0)\n"
    "ld r0.x, r0.xyzw, t0.xxxx\n"
    "utof r0.x, r0.x\n"
    "mul o0.x, r0.x, l(0.00392156886)\n"
    "mov o0.yzw, l(0, 0, 0, 1.0)\n"
    "ret\n";

/* Texture1DArray<float4> t;
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { return t.Load(int3(0, (int)c.x, 0)); } */
static const char ps_array1d_ld_text[] =
    "ps_4_0\n"
    "dcl_resource_texture1darray (float,float,float,float) t0\n"
    "dcl_input_ps constant v1.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "ftoi r0.y, v1.x\n"
    "mov r0.xzw, l(0, 0, 0, 0)\n"
    "ld o0.xyzw, r0.xyzw, t0.xyzw\n"
    "ret\n";

/* A 4-slice array of dimension dim and format f (texels: 4 texels of
 * `bytes`), a view of its slices 2-3 read by ps_text at array indices 0
 * (left half) and 1 (right half): BGRA bytes want2 and want3. */
static void check_array_ld(Pipe *p, const char *ps_text, D3D10DDIRESOURCE_TYPE dim,
                           DXGI_FORMAT f, const void *texels, UINT bytes, const uint8_t want2[4],
                           const uint8_t want3[4])
{
    RtDevice *d = p->d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, ps_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    RtResource *r = texel_slices(d, dim, f, texels, bytes, 4);
    Srv v = tex_srv(d, r, f, 2, 2);
    set_srv(d, RT_PS, 0, &v);
    draw_indices(p);
    g_assert_nonnull(((UmdSrv *)v.mem)->shadow);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(p, px);
    assert_halves(px, want2, want3);
    set_srv(d, RT_PS, 0, NULL);
    srv_free(d, &v);
    rt_destroy(d, r);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
}

/* Formats without an alias (docs/umd.md): a view of slices 2-3 read with
 * the resource's own target reads its shadow; `ld` of indices 0 and 1
 * gives slices 2 and 3, never 0 and 1 (white, or 255). Colours convert
 * to the UNORM target as round(255 c): 0.2 -> 51, 0.6 -> 153, 0.25 ->
 * 64, 0.75 -> 191. */
static void test_array_from_slice_shadow(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    const float f32[4][4] = {
        { 1, 1, 1, 1 }, { 1, 1, 1, 1 }, { 0.2f, 0.6f, 1, 0.2f }, { 0.6f, 0.2f, 0, 1 },
    };
    const uint8_t f2[4] = { 255, 153, 51, 51 }, f3[4] = { 0, 51, 153, 255 };
    check_array_ld(&p, ps_array_ld_text, D3D10DDIRESOURCE_TEXTURE2D,
                   DXGI_FORMAT_R32G32B32A32_FLOAT, f32, 16, f2, f3);
    check_array_ld(&p, ps_array1d_ld_text, D3D10DDIRESOURCE_TEXTURE1D,
                   DXGI_FORMAT_R32G32B32A32_FLOAT, f32, 16, f2, f3);
    /* half floats: 1.0 0x3c00, 0.25 0x3400, 0.75 0x3a00 */
    const uint16_t f16[4][4] = {
        { 0x3c00, 0x3c00, 0x3c00, 0x3c00 }, { 0x3c00, 0x3c00, 0x3c00, 0x3c00 },
        { 0x3400, 0x3a00, 0x3c00, 0x3c00 }, { 0x3c00, 0x0000, 0x3400, 0x3a00 },
    };
    const uint8_t h2[4] = { 255, 191, 64, 255 }, h3[4] = { 64, 0, 255, 191 };
    check_array_ld(&p, ps_array_ld_text, D3D10DDIRESOURCE_TEXTURE2D,
                   DXGI_FORMAT_R16G16B16A16_FLOAT, f16, 8, h2, h3);
    const uint32_t u32[4] = { 255, 255, 51, 153 };
    const uint8_t u2[4] = { 0, 0, 51, 255 }, u3[4] = { 0, 0, 153, 255 };
    check_array_ld(&p, ps_array_ld_uint_text, D3D10DDIRESOURCE_TEXTURE2D, DXGI_FORMAT_R32_UINT,
                   u32, 4, u2, u3);
    g_assert_cmpuint(p.d->errors, ==, 0);
    pipe_free(&p);
}

/* Texture2DArray t; SamplerState s;
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { return t.Sample(s, float3(0.5, 0.5, c.x)); } */
static const char ps_array_sample_text[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2darray (float,float,float,float) t0\n"
    "dcl_input_ps constant v1.x\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mov r0.xy, l(0.5, 0.5, 0, 0)\n"
    "mov r0.z, v1.x\n"
    "sample o0.xyzw, r0.xyzx, t0.xyzw, s0\n"
    "ret\n";

/* Array index a drawn over the left half, b over the right half. */
static void draw_pair(Pipe *p, float a, float b)
{
    const float black[4] = { 0, 0, 0, 1 }, ia[4] = { a, 0, 0, 0 }, ib[4] = { b, 0, 0, 0 };
    pipe_clear(p, black);
    pipe_rect(p, 0, 0, 8, 16, ia);
    pipe_rect(p, 8, 0, 16, 16, ib);
}

/* `sample` of a Texture2DArray view of slices 1-2 of a 4-slice
 * R32G32B32A32_FLOAT array (its shadow): indices 0 and 1 read slices 1
 * and 2; D3D clamps the index to the view's [0, ArraySize - 1], so -3
 * reads slice 1 and 5 slice 2 (not slice 3 of the resource). A view of
 * slice 2 alone (a shadow of one slice, a non-array texture) reads slice
 * 2 at indices 0 and 3. */
static void test_array_sample_shadow(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text),
             *ps = pipe_shader(d, RT_PS, ps_array_sample_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    D3D10DDI_HSAMPLER hs;
    void *samp = pipe_point_sampler(d, &hs);
    OK(RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &hs)));
    const float texels[4][4] = {
        { 1, 1, 1, 1 }, { 0.2f, 0.6f, 1, 0.2f }, { 0.6f, 0.2f, 0, 1 }, { 1, 1, 1, 1 },
    };
    const uint8_t s1[4] = { 255, 153, 51, 51 }, s2[4] = { 0, 51, 153, 255 };
    RtResource *r = texel_slices(d, D3D10DDIRESOURCE_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                 texels, 16, 4);
    Srv v = tex_srv(d, r, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 2);
    set_srv(d, RT_PS, 0, &v);
    uint8_t px[PIPE_W * PIPE_H * 4];
    draw_pair(&p, 0, 1);
    pipe_read(&p, px);
    assert_halves(px, s1, s2);
    draw_pair(&p, -3, 5);
    pipe_read(&p, px);
    assert_halves(px, s1, s2);
    set_srv(d, RT_PS, 0, NULL);
    srv_free(d, &v);
    v = tex_srv(d, r, DXGI_FORMAT_R32G32B32A32_FLOAT, 2, 1);
    set_srv(d, RT_PS, 0, &v);
    draw_pair(&p, 0, 3);
    g_assert_nonnull(((UmdSrv *)v.mem)->shadow);
    pipe_read(&p, px);
    assert_halves(px, s2, s2);
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

/* Texture2DArray<float4> t;
 * float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target
 * { return t.Load(int4(0, 0, (int)c.x, (int)c.y)); } */
static const char ps_array_ld_mip_text[] =
    "ps_4_0\n"
    "dcl_resource_texture2darray (float,float,float,float) t0\n"
    "dcl_input_ps constant v1.xy\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "ftoi r0.zw, v1.xxxy\n"
    "mov r0.xy, l(0, 0, 0, 0)\n"
    "ld o0.xyzw, r0.xyzw, t0.xyzw\n"
    "ret\n";

/* A view of mips 1-2 and slices 2-3 of a 4x4, 3-mip, 4-slice
 * R32G32B32A32_FLOAT array (its shadow holds those 2 mips of those 2
 * slices): (index 0, mip 0) reads the resource's mip 1 of slice 2, (index
 * 1, mip 1) its mip 2 of slice 3; every other subresource is white. */
static void test_array_mips_shadow(void)
{
    enum { MIPS = 3, SLICES = 4 };
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text),
             *ps = pipe_shader(d, RT_PS, ps_array_ld_mip_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    static float texels[SLICES][MIPS][16][4];
    D3D10_DDIARG_SUBRESOURCE_UP up[SLICES * MIPS];
    for (unsigned sl = 0; sl < SLICES; sl++) {
        for (unsigned m = 0; m < MIPS; m++) {
            const float white[4] = { 1, 1, 1, 1 }, a[4] = { 0.2f, 0.6f, 1, 1 },
                        b[4] = { 0.6f, 0.2f, 0, 1 };
            const float *c = sl == 2 && m == 1 ? a : sl == 3 && m == 2 ? b : white;
            for (unsigned t = 0; t < 16; t++) {
                memcpy(texels[sl][m][t], c, 16);
            }
            unsigned w = 4u >> m;
            up[sl * MIPS + m] = (D3D10_DDIARG_SUBRESOURCE_UP){ texels[sl][m], w * 16, w * w * 16 };
        }
    }
    RtResource *r;
    OK(rt_create_texture(d, D3D10DDIRESOURCE_TEXTURE2D, 4, 4, MIPS, SLICES,
                         DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_USAGE_DEFAULT,
                         D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &r));
    Srv v = tex_srv_mips(d, r, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 2, 2, 2);
    set_srv(d, RT_PS, 0, &v);
    const float black[4] = { 0, 0, 0, 1 }, i0[4] = { 0, 0, 0, 0 }, i1[4] = { 1, 1, 0, 0 };
    pipe_clear(&p, black);
    uint32_t copies = rt_umd_stats(d).shadow_copies;
    pipe_rect(&p, 0, 0, 8, 16, i0);
    pipe_rect(&p, 8, 0, 16, 16, i1);
    g_assert_nonnull(((UmdSrv *)v.mem)->shadow);
    g_assert_cmpuint(rt_umd_stats(d).shadow_copies - copies, ==, 2 * 2); /* per mip, per draw */
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    const uint8_t wa[4] = { 255, 153, 51, 255 }, wb[4] = { 0, 51, 153, 255 };
    assert_halves(px, wa, wb);
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
 * 6-11) of format f (faces: 12 texels of `bytes`): cube index 0 in the
 * view reads face +X of cube 1 (slice 6); index 1 is past the view,
 * clamped to its last cube (slice 6 again): BGRA bytes want. */
static void check_cube_array(Pipe *p, DXGI_FORMAT f, const void *faces, UINT bytes,
                             const uint8_t want[4])
{
    RtDevice *d = p->d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text),
             *ps = pipe_shader(d, RT_PS, ps_cube_array_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    D3D10DDI_HSAMPLER hs;
    void *samp = pipe_point_sampler(d, &hs);
    OK(RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &hs)));
    RtResource *r = texel_slices(d, D3D10DDIRESOURCE_TEXTURECUBE, f, faces, bytes, 12);
    Srv v = tex_srv(d, r, f, 6, 1);
    set_srv(d, RT_PS, 0, &v);
    draw_indices(p);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(p, px);
    assert_halves(px, want, want);
    set_srv(d, RT_PS, 0, NULL);
    srv_free(d, &v);
    rt_destroy(d, r);
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, hs));
    g_free(samp);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
}

/* B8G8R8A8 (a format alias) and R32G32B32A32_FLOAT (a shadow of cube 1):
 * face s of the float array is white but face 6 (0.2, 0.6, 1, 1) and
 * faces 7-11 (0.6, 0.2, 0, 1). */
static void test_cube_array_from_cube(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    uint32_t faces[12];
    for (unsigned s = 0; s < 12; s++) {
        faces[s] = 0xff000000u | (0x10u + 0x10u * s) << 16 | (0xf0u - 0x08u * s);
    }
    check_cube_array(&p, DXGI_FORMAT_B8G8R8A8_UNORM, faces, 4, (const uint8_t *)&faces[6]);
    float f32[12][4];
    for (unsigned s = 0; s < 12; s++) {
        const float white[4] = { 1, 1, 1, 1 }, six[4] = { 0.2f, 0.6f, 1, 1 },
                    rest[4] = { 0.6f, 0.2f, 0, 1 };
        memcpy(f32[s], s < 6 ? white : s == 6 ? six : rest, sizeof f32[s]);
    }
    const uint8_t want[4] = { 255, 153, 51, 255 };
    check_cube_array(&p, DXGI_FORMAT_R32G32B32A32_FLOAT, f32, 16, want);
    g_assert_cmpuint(p.d->errors, ==, 0);
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
    g_test_add_func("/d3d/views/typed-buffer-unaligned-ps", test_buffer_unaligned_ps);
    g_test_add_func("/d3d/views/typed-buffer-unaligned-cs", test_buffer_unaligned_cs);
    g_test_add_func("/d3d/views/typed-buffer-unaligned-after-uav",
                    test_buffer_unaligned_after_uav);
    g_test_add_func("/d3d/views/typed-buffer-unaligned-after-so", test_buffer_unaligned_after_so);
    g_test_add_func("/d3d/views/array-from-slice", test_array_from_slice);
    g_test_add_func("/d3d/views/array-from-slice-shadow", test_array_from_slice_shadow);
    g_test_add_func("/d3d/views/array-sample-shadow", test_array_sample_shadow);
    g_test_add_func("/d3d/views/array-mips-shadow", test_array_mips_shadow);
    g_test_add_func("/d3d/views/cube-array-from-cube", test_cube_array_from_cube);
    g_test_add_func("/d3d/query/pipeline-stats", test_pipeline_stats);
}
