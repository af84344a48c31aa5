/* SPDX-License-Identifier: MIT */
/*
 * Pipeline statistics the shaders count on the host (docs/umd.md
 * "Pipeline statistics"): PS invocations of rectangles whose edges lie on
 * pixel boundaries are their pixel counts (D3D's rasterization rules: a
 * pixel whose centre is inside), a discarding PS counted all the same
 * (invocations, not writes), draws outside Begin..End not counted; GS
 * primitives of a GS expanding each point into a strip of 4 vertices (2
 * triangles) and the clipper's invocations behind it. The stream-output
 * overlap is in test-d3d-gs.c, the domain shader in test-d3d-tess.c.
 */
#include <string.h>

#include "d3d-pipe.h"
#include "test-d3d.h"
#include "umd.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

static const float black[4] = { 0, 0, 0, 1 }, white[4] = { 1, 1, 1, 1 };

/* Discards every pixel whose colour has alpha != 0. */
static const char ps_discard_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "discard_nz v1.w\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

/* The white pixels of the target. */
static unsigned white_pixels(Pipe *p)
{
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(p, px);
    unsigned n = 0;
    for (unsigned i = 0; i < PIPE_W * PIPE_H; i++) {
        n += px[i * 4] == 0xFF && px[i * 4 + 1] == 0xFF && px[i * 4 + 2] == 0xFF;
    }
    return n;
}

/* [2, 6) x [3, 7) before Begin (16 pixels, not counted); the whole 16 x 16
 * target with a PS discarding everything: 256 invocations, nothing
 * written; [8, 12) x [8, 10) after End (not counted, drawn with the PS's
 * own object: no object made); a second round of [1, 4) x [1, 6): 15 (the
 * PS's counting variant made at its first counting draw). */
static void test_ps(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text),
             *psd = pipe_shader(d, RT_PS, ps_discard_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    RtQuery *q;
    OK(rt_create_query(d, D3D10DDI_QUERY_PIPELINESTATS, &q));
    pipe_clear(&p, black);
    pipe_rect(&p, 2, 3, 6, 7, white);
    pipe_query_begin(d, q);
    OK(rt_set_shader(d, RT_PS, psd));
    pipe_rect(&p, 0, 0, PIPE_W, PIPE_H, white);
    PipeStats s = pipe_stats(d, q);
    OK(rt_set_shader(d, RT_PS, ps));
    const UmdDevice *u = d->drv;
    uint32_t objects = u->objects3d;
    pipe_rect(&p, 8, 8, 12, 10, white);
    g_assert_cmpuint(u->objects3d, ==, objects); /* the PS's own object again */
    g_assert_cmpuint(s.ps, ==, PIPE_W * PIPE_H);
    g_assert_cmpuint(s.vs, ==, 6);
    g_assert_cmpuint(s.ia_primitives, ==, 2);
    g_assert_cmpuint(s.c_invocations, ==, 2);
    g_assert_cmpuint(s.c_primitives, ==, 2);
    g_assert_cmpuint(s.gs | s.gs_primitives | s.hs | s.ds | s.cs, ==, 0);
    g_assert_cmpuint(white_pixels(&p), ==, 16 + 8);
    pipe_query_begin(d, q);
    pipe_rect(&p, 1, 1, 4, 6, white);
    g_assert_cmpuint(u->objects3d, ==, objects + 1); /* its counting variant, made now */
    s = pipe_stats(d, q);
    g_assert_cmpuint(s.ps, ==, 15);
    rt_destroy_query(d, q);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    rt_destroy_shader(d, psd);
    pipe_free(&p);
}

/* A point at pixel corner (x, y) -> the strip (x, y), (x + 2, y),
 * (x, y + 2), (x + 2, y + 2): the 2 x 2 pixels below right of it, two
 * triangles (the first clockwise on screen: front). */
static const char gs_quad_text[] =
    "gs_4_0\n"
    "dcl_input_siv v[1][0].xyzw, position\n"
    "dcl_input v[1][1].xyzw\n"
    "dcl_inputprimitive point\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 4\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add o0.xyzw, v[0][0].xyzw, l(0.25, 0, 0, 0)\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add o0.xyzw, v[0][0].xyzw, l(0, -0.25, 0, 0)\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add o0.xyzw, v[0][0].xyzw, l(0.25, -0.25, 0, 0)\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "ret\n";

/* 5 points, apart: 5 GS invocations, 2 x 5 = 10 GS primitives and
 * clipper invocations, 4 x 5 = 20 PS invocations and white pixels. */
static void test_gs(void)
{
    Pipe p = pipe_new(1 /* POINTLIST */);
    RtDevice *d = p.d;
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_GS, gs_quad_text);
    pipe_use(&p, RT_PS, pipe_ps_text);
    const PipeVtx v[5] = { pipe_vtx(1, 1, white), pipe_vtx(5, 1, white), pipe_vtx(9, 1, white),
                           pipe_vtx(1, 5, white), pipe_vtx(5, 9, white) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    pipe_clear(&p, black);
    RtQuery *q;
    OK(rt_create_query(d, D3D10DDI_QUERY_PIPELINESTATS, &q));
    pipe_query_begin(d, q);
    pipe_draw(&p, 5, 0);
    PipeStats s = pipe_stats(d, q);
    g_assert_cmpuint(s.ia_vertices, ==, 5);
    g_assert_cmpuint(s.ia_primitives, ==, 5);
    g_assert_cmpuint(s.gs, ==, 5);
    g_assert_cmpuint(s.gs_primitives, ==, 10);
    g_assert_cmpuint(s.c_invocations, ==, 10);
    g_assert_cmpuint(s.c_primitives, ==, 10);
    g_assert_cmpuint(s.ps, ==, 20);
    g_assert_cmpuint(white_pixels(&p), ==, 20);
    rt_destroy_query(d, q);
    rt_destroy(d, vb);
    pipe_free(&p);
}

void d3d_pstats_tests_add(void)
{
    g_test_add_func("/d3d/query/pipeline-stats-ps", test_ps);
    g_test_add_func("/d3d/query/pipeline-stats-gs", test_gs);
}
