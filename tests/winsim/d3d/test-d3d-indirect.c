/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, indirect draws (issue 12, 11.0): DrawInstancedIndirect
 * and DrawIndexedInstancedIndirect with their arguments written by the CPU
 * (initial data, then UpdateSubresource) into a DRAWINDIRECT_ARGS buffer;
 * which rectangle is drawn tells the arguments were read (the start vertex
 * and base vertex pick it; an instance count of 0 draws nothing).
 */
#include <string.h>

#include "d3d-pipe.h"
#include "umd.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

static const float black[4] = { 0, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 },
                   red[4] = { 1, 0, 0, 1 };

/* vertices 0-5: red [1, 5) x [1, 5); 6-11: green [8, 14) x [6, 10) */
static void rects(PipeVtx v[12])
{
    const float r[2][4] = { { 1, 1, 5, 5 }, { 8, 6, 14, 10 } };
    for (unsigned k = 0; k < 2; k++) {
        const float *c = k ? green : red, *q = r[k];
        PipeVtx *o = v + 6 * k;
        o[0] = pipe_vtx(q[0], q[1], c), o[1] = pipe_vtx(q[2], q[1], c);
        o[2] = pipe_vtx(q[0], q[3], c), o[3] = pipe_vtx(q[0], q[3], c);
        o[4] = pipe_vtx(q[2], q[1], c), o[5] = pipe_vtx(q[2], q[3], c);
    }
}

static void draw_args(Pipe *p, RtResource *args, UINT off, bool indexed)
{
    RtDevice *d = p->d;
    if (indexed) {
        OK(RT_CALL(d, DrawIndexedInstancedIndirect, 0,
                   d->f11->pfnDrawIndexedInstancedIndirect(d->h, args->h, off)));
    } else {
        OK(RT_CALL(d, DrawInstancedIndirect, 0,
                   d->f11->pfnDrawInstancedIndirect(d->h, args->h, off)));
    }
}

static void test_indirect(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    PipeVtx v[12];
    rects(v);
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const uint16_t idx[6] = { 0, 1, 2, 3, 4, 5 };
    RtResource *ib = pipe_buffer(d, D3D10_DDI_BIND_INDEX_BUFFER, idx, sizeof idx);
    OK(RT_CALL(d, IaSetIndexBuffer, 0,
               F(d, pfnIaSetIndexBuffer)(d->h, ib->h, DXGI_FORMAT_R16_UINT, 0)));
    /* at 0: DrawInstanced {6 vertices, 1 instance, start 6, start instance 0};
     * at 16: DrawIndexedInstanced {6 indices, 1 instance, start 0, base vertex 6, 0};
     * at 36: DrawIndexedInstanced with base vertex 0 */
    const uint32_t init[14] = { 6, 1, 6, 0, 6, 1, 0, 6, 0, 6, 1, 0, 0, 0 };
    RtResource *args;
    OK(rt_create_buffer_ex(d, sizeof init, D3D10_DDI_USAGE_DEFAULT, 0, 0,
                           D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0, init, &args));
    uint8_t px[PIPE_W * PIPE_H * 4];
    const struct {
        UINT off;
        bool indexed;
        bool green;
    } cases[3] = { { 0, false, true }, { 16, true, true }, { 36, true, false } };
    for (unsigned i = 0; i < 3; i++) {
        pipe_clear(&p, black);
        draw_args(&p, args, cases[i].off, cases[i].indexed);
        pipe_read(&p, px);
        if (cases[i].green) {
            pipe_assert_rect(px, 8, 6, 14, 10, green, black);
        } else {
            pipe_assert_rect(px, 1, 1, 5, 5, red, black);
        }
    }
    /* the CPU rewrites the first arguments: start vertex 0 (red), then
     * an instance count of 0 (nothing) */
    const uint32_t red_args[4] = { 6, 1, 0, 0 }, none_args[4] = { 6, 0, 0, 0 };
    const uint32_t *rewrite[2] = { red_args, none_args };
    for (unsigned i = 0; i < 2; i++) {
        D3D10_DDI_BOX box = { .left = 0, .top = 0, .front = 0,
                              .right = 16, .bottom = 1, .back = 1 };
        OK(rt_update(d, args, 0, &box, rewrite[i], 16));
        pipe_clear(&p, black);
        draw_args(&p, args, 0, false);
        pipe_read(&p, px);
        pipe_assert_rect(px, 1, 1, i ? 1 : 5, 5, red, black);
    }
    rt_destroy(d, args);
    rt_destroy(d, ib);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    pipe_free(&p);
}

/* Pipeline statistics of indirect draws (docs/umd.md "Pipeline
 * statistics"): the VS counts them on the host. DrawInstancedIndirect
 * {6 vertices, 3 instances, start 6} (green, 6 x 4 pixels) and a direct
 * Draw(6) of red (4 x 4): 24 VS invocations and IA vertices, 3 x 24 + 16 =
 * 88 PS invocations; DrawIndexedInstancedIndirect {6 indices, 2
 * instances, base vertex 6}: 12 VS invocations (6 distinct indices: no
 * vertex to reuse), 48 PS invocations, and no IA vertices (an indexed
 * indirect draw's are not counted). */
static void test_indirect_stats(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    PipeVtx v[12];
    rects(v);
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const uint16_t idx[6] = { 0, 1, 2, 3, 4, 5 };
    RtResource *ib = pipe_buffer(d, D3D10_DDI_BIND_INDEX_BUFFER, idx, sizeof idx);
    OK(RT_CALL(d, IaSetIndexBuffer, 0,
               F(d, pfnIaSetIndexBuffer)(d->h, ib->h, DXGI_FORMAT_R16_UINT, 0)));
    const uint32_t init[9] = { 6, 3, 6, 0, 6, 2, 0, 6, 0 };
    RtResource *args;
    OK(rt_create_buffer_ex(d, sizeof init, D3D10_DDI_USAGE_DEFAULT, 0, 0,
                           D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0, init, &args));
    RtQuery *q;
    OK(rt_create_query(d, D3D10DDI_QUERY_PIPELINESTATS, &q));
    pipe_query_begin(d, q);
    draw_args(&p, args, 0, false);
    pipe_draw(&p, 6, 0);
    PipeStats s = pipe_stats(d, q);
    g_assert_cmpuint(s.vs, ==, 24);
    g_assert_cmpuint(s.ia_vertices, ==, 24);
    g_assert_cmpuint(s.ps, ==, 88);
    pipe_query_begin(d, q);
    draw_args(&p, args, 16, true);
    s = pipe_stats(d, q);
    g_assert_cmpuint(s.vs, ==, 12);
    g_assert_cmpuint(s.ia_vertices, ==, 0);
    g_assert_cmpuint(s.ps, ==, 48);
    rt_destroy_query(d, q);
    rt_destroy(d, args);
    rt_destroy(d, ib);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    pipe_free(&p);
}

void d3d_indirect_tests_add(void)
{
    g_test_add_func("/d3d/draw-indirect/args-from-cpu", test_indirect);
    g_test_add_func("/d3d/draw-indirect/pipeline-stats", test_indirect_stats);
}
