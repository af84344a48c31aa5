/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, stream output without a geometry shader: a VS
 * created with stream output (CreateGeometryShaderWithStreamOutput of VS
 * code) bound in the GS slot streams out what the bound VS computes, on
 * 10.0 and 11.0 devices. The SO object is made from a pass-through VS
 * with the same output signature as the bound VS, which transforms: the
 * captured values are the bound VS's (expected values computed here from
 * the inputs and its math; every value dyadic, so exact).
 */
#include <string.h>

#include "d3d-pipe.h"
#include "umd.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)
#define GAP 0xFFFFFFFFu /* a declaration entry that skips components */

/* cbuffer C : register(b0) { float4 k; };   // scale .xy, offset .zw
 * struct V { float4 p : POSITION; float4 c : COLOR; };
 * struct O { float4 p : SV_Position; float4 c : COLOR; };
 * O main(V v) { O o; o.p = float4(v.p.xy * k.xy + k.zw, v.p.zw);
 *               o.c = v.c.zyxw; return o; } */
static const char vs_xform_text[] =
    "vs_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "mad o0.xy, v0.xyxx, cb0[0].xyxx, cb0[0].zwzz\n"
    "mov o0.zw, v0.zzzw\n"
    "mov o1.xyzw, v1.zyxw\n"
    "ret\n";

/* struct O2 { float4 p : SV_Position; float4 c : COLOR; float2 t : TEXCOORD; };
 * O2 main(V v) { O2 o; o.p = v.p; o.c = v.c; o.t = v.c.xy; return o; } */
static const char vs_three_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output o2.xy\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "mov o2.xy, v1.xyxx\n"
    "ret\n";

static const float black[4] = { 0, 0, 0, 1 };

/* What the bound VS makes of v with constants k. */
static PipeVtx xform(const PipeVtx *v, const float k[4])
{
    PipeVtx o = { { v->p[0] * k[0] + k[2], v->p[1] * k[1] + k[3], v->p[2], v->p[3] },
                  { v->c[2], v->c[1], v->c[0], v->c[3] } };
    return o;
}

static void set_so(RtDevice *d, RtResource *b, UINT offset)
{
    D3D10DDI_HRESOURCE h[1] = { b ? b->h : (D3D10DDI_HRESOURCE){ NULL } };
    UINT off[1] = { offset };
    OK(RT_CALL(d, SoSetTargets, 0, F(d, pfnSoSetTargets)(d->h, b ? 1 : 0, b ? 3 : 4, h, off)));
}

static void set_cb(RtDevice *d, RtResource *cb)
{
    D3D10DDI_HRESOURCE h[1] = { cb ? cb->h : (D3D10DDI_HRESOURCE){ NULL } };
    OK(RT_CALL(d, VsSetConstantBuffers, 0, F(d, pfnVsSetConstantBuffers)(d->h, 0, 1, h)));
}

static bool no_variants(RtDevice *d)
{
    const UmdSoState *so = &((UmdDevice *)d->drv)->s3d.so;
    for (uint32_t i = 0; i < UMD_SO_VARIANTS; i++) {
        if (so->var[i].handle) {
            return false;
        }
    }
    return true;
}

/* Three points, no pixel shader; position .xy, a one-component gap and
 * colour .yzw captured (stride 24 bytes): per vertex the transformed
 * position's x, y, the initial -7.0 (the gap is not written), the
 * swizzled colour's y, z, w; the bytes after the three vertices keep
 * -7.0. SO statistics around the draw: 3 written, 3 needed. Destroying
 * the SO object destroys the variant made for it. */
static void test_points(gconstpointer data)
{
    Pipe p = pipe_new_iv(GPOINTER_TO_UINT(data), 1 /* POINTLIST */);
    RtDevice *d = p.d;
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[3] = {
        { 0, 0, 0, 0x3 }, { 0, 0, GAP, 0x1 }, { 0, 0, 1, 0xE }
    };
    RtShader *vs = pipe_shader(d, RT_VS, vs_xform_text);
    RtShader *gs = pipe_shader_so(d, pipe_vs_text, so, 3, 24, 0);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_GS, gs));
    const PipeVtx v[3] = { { { -0.5f, 0.25f, 0, 1 }, { 0.125f, 0.25f, 0.375f, 1 } },
                           { { 0.75f, -1.0f, 0.5f, 1 }, { 0.5f, 0.625f, 0.75f, 0.5f } },
                           { { 1.5f, 0.5f, 0, 1 }, { 0.875f, 1, 0, 0.25f } } };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const float k[4] = { 0.5f, 0.25f, 0.125f, -0.375f };
    RtResource *cb = pipe_buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, k, sizeof k);
    set_cb(d, cb);
    float init[24];
    for (unsigned i = 0; i < 24; i++) {
        init[i] = -7.0f;
    }
    RtResource *sob = pipe_buffer(d, D3D10_DDI_BIND_STREAM_OUTPUT, init, sizeof init);
    set_so(d, sob, 0);
    RtQuery *stats;
    OK(rt_create_query(d, D3D10DDI_QUERY_STREAMOUTPUTSTATS, &stats));
    pipe_query_begin(d, stats);
    pipe_draw(&p, 3, 0);
    OK(rt_query_end(d, stats));
    set_so(d, NULL, 0);
    uint64_t st[2] = { 0, 0 }; /* NumPrimitivesWritten, PrimitivesStorageNeeded */
    pipe_query_data(d, stats, st, sizeof st);
    g_assert_cmpuint(st[0], ==, 3);
    g_assert_cmpuint(st[1], ==, 3);
    rt_destroy_query(d, stats);
    float out[24];
    pipe_read_buffer(d, sob, out, sizeof out);
    for (unsigned i = 0; i < 3; i++) {
        PipeVtx o = xform(&v[i], k);
        const float want[6] = { o.p[0], o.p[1], -7.0f, o.c[1], o.c[2], o.c[3] };
        for (unsigned c = 0; c < 6; c++) {
            if (out[i * 6 + c] != want[c]) {
                g_error("SO vertex %u dword %u = %g, want %g", i, c, out[i * 6 + c], want[c]);
            }
        }
    }
    for (unsigned i = 18; i < 24; i++) {
        g_assert_cmpfloat(out[i], ==, -7.0f);
    }
    g_assert_cmpuint(((UmdDevice *)d->drv)->draws, ==, 1);
    g_assert_false(no_variants(d));
    rt_set_shader(d, RT_GS, NULL);
    rt_destroy_shader(d, gs);
    g_assert_true(no_variants(d));
    set_cb(d, NULL);
    rt_destroy(d, sob);
    rt_destroy(d, cb);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_VS, NULL);
    rt_destroy_shader(d, vs);
    pipe_free(&p);
}

/* The quad [4, 12) x [2, 8) (pixels) the bound VS makes of `in` with k:
 * NDC x -0.5 .. 0.5, y 0.75 .. 0, as two clockwise triangles. */
static const float k_quad[4] = { 0.5f, 0.5f, 0.25f, -0.25f };

static void quad_input(PipeVtx in[6], const float c[4])
{
    /* (out - offset) / scale of the NDC corners above */
    const float x0 = -1.5f, x1 = 0.5f, y0 = 2.0f, y1 = 0.5f;
    const float xy[6][2] = { { x0, y0 }, { x1, y0 }, { x0, y1 },
                             { x0, y1 }, { x1, y0 }, { x1, y1 } };
    for (unsigned i = 0; i < 6; i++) {
        in[i] = (PipeVtx){ { xy[i][0], xy[i][1], 0, 1 }, { c[0], c[1], c[2], c[3] } };
    }
}

static void assert_so_vertices(RtDevice *d, RtResource *sob, const PipeVtx *in, unsigned n,
                               const float k[4], unsigned first)
{
    PipeVtx out[12];
    g_assert_cmpuint(first + n, <=, 12);
    pipe_read_buffer(d, sob, out, (UINT)((first + n) * sizeof(PipeVtx)));
    for (unsigned i = 0; i < n; i++) {
        PipeVtx want = xform(&in[i], k);
        const PipeVtx *o = &out[first + i];
        if (memcmp(o, &want, sizeof want)) {
            g_error("SO vertex %u = (%g %g %g %g | %g %g %g %g)", first + i, o->p[0], o->p[1],
                    o->p[2], o->p[3], o->c[0], o->c[1], o->c[2], o->c[3]);
        }
    }
}

/* The SO object in the GS slot, the transforming VS, `ps`, the quad's
 * vertices and k as they were before DrawAuto. */
static void bind_so_vs(Pipe *p, RtShader *gs, RtShader *vs, RtResource *vb)
{
    OK(rt_set_shader(p->d, RT_VS, vs));
    OK(rt_set_shader(p->d, RT_GS, gs));
    pipe_set_vb(p, vb);
}

/* With a pixel shader and the target: the quad is rasterized (stream 0)
 * in the swizzled colour (1, 0.5, 0) and captured whole (stride 32:
 * PipeVtx). With the GS unbound, a pass-through VS and the buffer as
 * vertex buffer 0, DrawAuto draws the same quad. The SO-VS again with k
 * moved down by 1.0 (8 pixels) and the target appended (offset -1): the
 * six new vertices land after the first six, and the draw makes no new
 * virgl object (the variant is made once); destroying the VS destroys
 * the variant. Streaming out is the same with rasterization off (11.0,
 * D3D11_SO_NO_RASTERIZED_STREAM, `norast`): the SO draws leave the
 * target black. */
static void run_quads(UINT iv, bool norast)
{
    Pipe p = pipe_new_iv(iv, 4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[2] = { { 0, 0, 0, 0xF },
                                                                 { 0, 0, 1, 0xF } };
    RtShader *vs = pipe_shader(d, RT_VS, vs_xform_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    RtShader *pass = pipe_shader(d, RT_VS, pipe_vs_text);
    RtShader *gs = pipe_shader_so(d, pipe_vs_text, so, 2, sizeof(PipeVtx),
                                  norast ? D3D11_SO_NO_RASTERIZED_STREAM : 0);
    OK(rt_set_shader(d, RT_PS, ps));
    const float c[4] = { 0, 0.5f, 1, 1 }, drawn[4] = { 1, 128.0f / 255.0f, 0, 1 };
    PipeVtx in[6];
    quad_input(in, c);
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, in, sizeof in);
    bind_so_vs(&p, gs, vs, vb);
    RtResource *cb = pipe_buffer(d, D3D10_DDI_BIND_CONSTANT_BUFFER, k_quad, sizeof k_quad);
    set_cb(d, cb);
    RtResource *sob = pipe_buffer(d, D3D10_DDI_BIND_STREAM_OUTPUT | D3D10_DDI_BIND_VERTEX_BUFFER,
                                  NULL, 12 * sizeof(PipeVtx));
    set_so(d, sob, 0);
    pipe_clear(&p, black);
    pipe_draw(&p, 6, 0);
    set_so(d, NULL, 0);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    pipe_assert_rect(px, 4, 2, 12, 8, norast ? black : drawn, black);
    assert_so_vertices(d, sob, in, 6, k_quad, 0);
    rt_set_shader(d, RT_GS, NULL);
    OK(rt_set_shader(d, RT_VS, pass));
    pipe_set_vb(&p, sob);
    pipe_clear(&p, black);
    OK(RT_CALL(d, DrawAuto, 0, F(d, pfnDrawAuto)(d->h)));
    pipe_read(&p, px);
    pipe_assert_rect(px, 4, 2, 12, 8, drawn, black);
    /* appended: the same target object, the same variant */
    const float k2[4] = { k_quad[0], k_quad[1], k_quad[2], k_quad[3] - 1.0f };
    OK(rt_update(d, cb, 0, NULL, k2, sizeof k2));
    bind_so_vs(&p, gs, vs, vb);
    uint32_t objects = ((UmdDevice *)d->drv)->objects3d;
    set_so(d, sob, 0xFFFFFFFFu);
    pipe_clear(&p, black);
    pipe_draw(&p, 6, 0);
    g_assert_cmpuint(((UmdDevice *)d->drv)->objects3d, ==, objects);
    set_so(d, NULL, 0);
    assert_so_vertices(d, sob, in, 6, k_quad, 0);
    assert_so_vertices(d, sob, in, 6, k2, 6);
    pipe_read(&p, px);
    pipe_assert_rect(px, 4, 10, 12, 16, norast ? black : drawn, black);
    g_assert_cmpuint(((UmdDevice *)d->drv)->draws, ==, 3);
    set_cb(d, NULL);
    rt_destroy(d, sob);
    rt_destroy(d, cb);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_GS, NULL);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    g_assert_false(no_variants(d));
    rt_destroy_shader(d, vs); /* the variant goes with the VS too */
    g_assert_true(no_variants(d));
    rt_destroy_shader(d, gs);
    rt_destroy_shader(d, pass);
    rt_destroy_shader(d, ps);
    pipe_free(&p);
}

static void test_quads(gconstpointer data)
{
    run_quads(GPOINTER_TO_UINT(data), false);
}

static void test_no_rasterized_stream(void)
{
    run_quads(D3D11_0_DDI_INTERFACE_VERSION, true);
}

/* The declaration names o2, which the bound VS does not write: the draw
 * path cannot stream it out. Draw reports it at once (E_NOTIMPL, outside
 * its category): a critical error, the runtime removes the device. */
static void test_mismatch(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[2] = { { 0, 0, 0, 0xF },
                                                                 { 0, 0, 2, 0x3 } };
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text);
    RtShader *gs = pipe_shader_so(d, vs_three_text, so, 2, 24, 0);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_GS, gs));
    const PipeVtx v[1] = { pipe_vtx(4, 4, black) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    RtResource *sob = pipe_buffer(d, D3D10_DDI_BIND_STREAM_OUTPUT, NULL, 64);
    set_so(d, sob, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 1, 0)), ==,
                    (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    g_assert_cmpstr(d->critical_ddi, ==, "Draw");
    g_assert_cmphex((uint32_t)d->critical_hr, ==, (uint32_t)E_NOTIMPL);
    g_assert_cmpuint(((UmdDevice *)d->drv)->draws, ==, 0);
    g_assert_true(no_variants(d));
    rt_expect_critical(d, 1);
    rt_destroy(d, sob);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_GS, NULL);
    rt_set_shader(d, RT_VS, NULL);
    rt_destroy_shader(d, gs);
    rt_destroy_shader(d, vs);
    pipe_free(&p);
}

void d3d_so_vs_tests_add(void)
{
    const UINT v10 = D3D10_0_DDI_INTERFACE_VERSION, v11 = D3D11_0_DDI_INTERFACE_VERSION;
    g_test_add_data_func("/d3d/so-vs/points/10.0", GUINT_TO_POINTER(v10), test_points);
    g_test_add_data_func("/d3d/so-vs/points/11.0", GUINT_TO_POINTER(v11), test_points);
    g_test_add_data_func("/d3d/so-vs/quads/10.0", GUINT_TO_POINTER(v10), test_quads);
    g_test_add_data_func("/d3d/so-vs/quads/11.0", GUINT_TO_POINTER(v11), test_quads);
    g_test_add_func("/d3d/so-vs/no-rasterized-stream", test_no_rasterized_stream);
    g_test_add_func("/d3d/so-vs/mismatch", test_mismatch);
}
