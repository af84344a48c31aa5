/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, queries and predication (issue 12) on an 11.0 device
 * through the whole stack: occlusion counts the samples of rectangles
 * whose edges lie on pixel boundaries (one sample per pixel: exactly
 * their pixel count), predicates, timestamps, and SetPredication skipping
 * or doing a draw.
 */
#include <string.h>

#include "d3d-pipe.h"
#include "umd.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

static const float black[4] = { 0, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 },
                   red[4] = { 1, 0, 0, 1 };

static RtQuery *query(RtDevice *d, D3D10DDI_QUERY type)
{
    RtQuery *q;
    OK(rt_create_query(d, type, &q));
    return q;
}

static Pipe pipe_drawing(RtShader **vs, RtShader **ps)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    *vs = pipe_shader(p.d, RT_VS, pipe_vs_text);
    *ps = pipe_shader(p.d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(p.d, RT_VS, *vs));
    OK(rt_set_shader(p.d, RT_PS, *ps));
    pipe_clear(&p, black);
    return p;
}

static void pipe_done(Pipe *p, RtShader *vs, RtShader *ps)
{
    rt_set_shader(p->d, RT_VS, NULL);
    rt_set_shader(p->d, RT_PS, NULL);
    rt_destroy_shader(p->d, vs);
    rt_destroy_shader(p->d, ps);
    pipe_free(p);
}

/* Occlusion around a 4 x 5 rectangle and a 3 x 3 one: 29 samples; its
 * data is not there while the command buffer holds the query's End
 * (DO_NOT_FLUSH: WASSTILLDRAWING). Occlusion predicates: TRUE around a
 * rectangle, FALSE around a rectangle outside the target (clipped away
 * whole). Two occlusion queries at once are refused (GL allows one). */
static void test_occlusion(void)
{
    RtShader *vs, *ps;
    Pipe p = pipe_drawing(&vs, &ps);
    RtDevice *d = p.d;
    RtQuery *occ = query(d, D3D10DDI_QUERY_OCCLUSION);
    RtQuery *yes = query(d, D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    RtQuery *no = query(d, D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    pipe_query_begin(d, occ);
    pipe_rect(&p, 2, 3, 6, 8, green);
    pipe_rect(&p, 10, 10, 13, 13, red);
    OK(rt_query_end(d, occ));
    pipe_query_begin(d, yes);
    pipe_rect(&p, 2, 3, 6, 8, green);
    OK(rt_query_end(d, yes));
    pipe_query_begin(d, no);
    pipe_rect(&p, 20, 2, 24, 6, red); /* right of the 16-pixel target */
    OK(rt_query_end(d, no));
    uint64_t samples = 0;
    g_assert_cmphex((uint32_t)pipe_query_get(d, occ, &samples, sizeof samples,
                                             D3D10_DDI_GET_DATA_DO_NOT_FLUSH), ==,
                    (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    pipe_query_data(d, occ, &samples, sizeof samples);
    g_assert_cmpuint(samples, ==, 4 * 5 + 3 * 3);
    BOOL b = FALSE;
    pipe_query_data(d, yes, &b, sizeof b);
    g_assert_cmpint(b, ==, TRUE);
    b = TRUE;
    pipe_query_data(d, no, &b, sizeof b);
    g_assert_cmpint(b, ==, FALSE);
    /* a second Begin/End counts afresh */
    pipe_query_begin(d, occ);
    pipe_rect(&p, 0, 0, 1, 7, green);
    OK(rt_query_end(d, occ));
    pipe_query_data(d, occ, &samples, sizeof samples);
    g_assert_cmpuint(samples, ==, 7);
    rt_destroy_query(d, occ);
    rt_destroy_query(d, yes);
    rt_destroy_query(d, no);
    pipe_done(&p, vs, ps);
}

/* Timestamps: two, around a draw, in order and not zero; the disjoint
 * query reports a 1 GHz counter (GL's nanoseconds) that never jumped. */
static void test_timestamp(void)
{
    RtShader *vs, *ps;
    Pipe p = pipe_drawing(&vs, &ps);
    RtDevice *d = p.d;
    RtQuery *dis = query(d, D3D10DDI_QUERY_TIMESTAMPDISJOINT);
    RtQuery *t0 = query(d, D3D10DDI_QUERY_TIMESTAMP), *t1 = query(d, D3D10DDI_QUERY_TIMESTAMP);
    pipe_query_begin(d, dis);
    OK(rt_query_end(d, t0));
    pipe_rect(&p, 2, 2, 8, 8, green);
    OK(rt_query_end(d, t1));
    OK(rt_query_end(d, dis));
    uint64_t a = 0, b = 0;
    pipe_query_data(d, t0, &a, sizeof a);
    pipe_query_data(d, t1, &b, sizeof b);
    g_assert_cmpuint(a, >, 0);
    g_assert_cmpuint(a, <=, b);
    struct {
        uint64_t frequency;
        BOOL disjoint;
    } dd = { 0, TRUE };
    pipe_query_data(d, dis, &dd, sizeof dd);
    g_assert_cmpuint(dd.frequency, ==, 1000000000u);
    g_assert_cmpint(dd.disjoint, ==, FALSE);
    rt_destroy_query(d, dis);
    rt_destroy_query(d, t0);
    rt_destroy_query(d, t1);
    pipe_done(&p, vs, ps);
}

static void set_predication(RtDevice *d, RtQuery *q, BOOL value)
{
    D3D10DDI_HQUERY h = q ? q->h : (D3D10DDI_HQUERY){ NULL };
    OK(RT_CALL(d, SetPredication, 0, F(d, pfnSetPredication)(d->h, h, value)));
}

/* SetPredication: with a predicate that is TRUE (samples passed) and
 * PredicateValue TRUE the next draw is skipped; with one that is FALSE
 * (nothing drawn inside the target) it is done; with predication off
 * again every draw is done. */
static void test_predication(void)
{
    RtShader *vs, *ps;
    Pipe p = pipe_drawing(&vs, &ps);
    RtDevice *d = p.d;
    RtQuery *yes = query(d, D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    RtQuery *no = query(d, D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    pipe_query_begin(d, yes);
    pipe_rect(&p, 0, 0, 2, 2, red);
    OK(rt_query_end(d, yes));
    pipe_query_begin(d, no);
    pipe_rect(&p, 30, 30, 34, 34, red);
    OK(rt_query_end(d, no));
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_clear(&p, black);
    set_predication(d, yes, TRUE);
    pipe_rect(&p, 4, 4, 8, 8, green); /* skipped */
    set_predication(d, no, TRUE);
    pipe_rect(&p, 8, 8, 12, 12, green); /* done */
    set_predication(d, NULL, FALSE);
    pipe_read(&p, px);
    pipe_assert_rect(px, 8, 8, 12, 12, green, black);
    set_predication(d, yes, FALSE); /* TRUE != FALSE: done */
    pipe_rect(&p, 4, 4, 8, 8, green);
    set_predication(d, NULL, FALSE);
    pipe_rect(&p, 0, 12, 4, 16, red);
    pipe_read(&p, px);
    const float *want[3] = { green, green, red };
    const unsigned at[3][2] = { { 5, 5 }, { 9, 9 }, { 1, 13 } };
    for (unsigned i = 0; i < 3; i++) {
        const uint8_t *q = px + (at[i][1] * PIPE_W + at[i][0]) * 4;
        g_assert_cmpuint(q[2], ==, (uint8_t)(want[i][0] * 255));
        g_assert_cmpuint(q[1], ==, (uint8_t)(want[i][1] * 255));
    }
    rt_destroy_query(d, yes);
    rt_destroy_query(d, no);
    pipe_done(&p, vs, ps);
}

void d3d_query_tests_add(void)
{
    g_test_add_func("/d3d/query/occlusion", test_occlusion);
    g_test_add_func("/d3d/query/timestamp", test_timestamp);
    g_test_add_func("/d3d/query/predication", test_predication);
}
