/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, primitive assembly and clipping through the whole
 * stack on an 11.0 device: strip cuts (the all-ones index of 16- and
 * 32-bit index buffers), triangle lists with adjacency read by a GS, and
 * SV_ClipDistance. Every edge lies on pixel boundaries or away from pixel
 * centres, so coverage is exact.
 */
#include <string.h>

#include "d3d-pipe.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

static const float black[4] = { 0, 0, 0, 1 };

static void draw_indexed(Pipe *p, const void *idx, UINT size, DXGI_FORMAT f, UINT count)
{
    RtDevice *d = p->d;
    RtResource *ib = pipe_buffer(d, D3D10_DDI_BIND_INDEX_BUFFER, idx, size);
    OK(RT_CALL(d, IaSetIndexBuffer, 0, F(d, pfnIaSetIndexBuffer)(d->h, ib->h, f, 0)));
    OK(RT_CALL(d, DrawIndexed, 0, F(d, pfnDrawIndexed)(d->h, count, 0, 0)));
    OK(RT_CALL(d, IaSetIndexBuffer, 0,
               F(d, pfnIaSetIndexBuffer)(d->h, (D3D10DDI_HRESOURCE){ NULL }, f, 0)));
    rt_destroy(d, ib);
}

/* A triangle strip of two quads, [0, 4) x [0, 16) and [12, 16) x [0, 16),
 * cut between them by the all-ones index: exactly the two quads are
 * drawn. Without the cut, the strip's triangles (3, 4, 5) and (2, 3, 4)
 * would bridge the gap through [4, 12). Both index sizes. */
static void test_strip_cut(void)
{
    Pipe p = pipe_new(5 /* TRIANGLESTRIP */);
    RtDevice *d = p.d;
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, pipe_ps_text);
    const float green[4] = { 0, 1, 0, 1 };
    const PipeVtx v[8] = { pipe_vtx(0, 0, green),  pipe_vtx(4, 0, green),
                           pipe_vtx(0, 16, green), pipe_vtx(4, 16, green),
                           pipe_vtx(12, 0, green), pipe_vtx(16, 0, green),
                           pipe_vtx(12, 16, green), pipe_vtx(16, 16, green) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    const uint16_t i16[9] = { 0, 1, 2, 3, 0xffff, 4, 5, 6, 7 };
    const uint32_t i32[9] = { 0, 1, 2, 3, 0xffffffffu, 4, 5, 6, 7 };
    uint8_t px[PIPE_W * PIPE_H * 4];
    for (unsigned k = 0; k < 2; k++) {
        pipe_clear(&p, black);
        draw_indexed(&p, k ? (const void *)i32 : i16, k ? sizeof i32 : sizeof i16,
                     k ? DXGI_FORMAT_R32_UINT : DXGI_FORMAT_R16_UINT, 9);
        pipe_read(&p, px);
        for (unsigned y = 0; y < PIPE_H; y++) {
            for (unsigned x = 0; x < PIPE_W; x++) {
                const uint8_t *q = px + (y * PIPE_W + x) * 4;
                bool in = x < 4 || x >= 12;
                if (q[1] != (in ? 255 : 0) || q[0] || q[2]) {
                    g_error("%u-bit indices: pixel (%u,%u) = %02x%02x%02x (BGR)", k ? 32 : 16, x,
                            y, q[0], q[1], q[2]);
                }
            }
        }
    }
    rt_destroy(d, vb);
    pipe_free(&p);
}

/* [maxvertexcount(4)] void main(triangleadj V v[6], inout TriangleStream<V> o) {
 *   V q = v[1]; o.Append(q); q.p = v[3].p; o.Append(q); q.p = v[5].p; o.Append(q);
 *   q.p = v[3].p + v[5].p - v[1].p; o.Append(q); }
 * The quad spanned by the adjacent vertices 1, 3, 5, in vertex 1's colour. */
static const char gs_adj_text[] =
    "gs_4_0\n"
    "dcl_input_siv v[6][0].xyzw, position\n"
    "dcl_input v[6][1].xyzw\n"
    "dcl_temps 1\n"
    "dcl_inputprimitive triangleadj\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 4\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xyzw, v[1][1].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[3][0].xyzw\n"
    "mov o1.xyzw, v[1][1].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[5][0].xyzw\n"
    "mov o1.xyzw, v[1][1].xyzw\n"
    "emit\n"
    "add r0.xyzw, v[3][0].xyzw, v[5][0].xyzw\n"
    "add o0.xyzw, r0.xyzw, -v[1][0].xyzw\n"
    "mov o1.xyzw, v[1][1].xyzw\n"
    "emit\n"
    "ret\n";

/* TRIANGLELIST_ADJ: the triangle's own vertices (0, 2, 4) lie off the
 * target, its adjacent ones (1, 3, 5) at the corners top-left, top-right
 * and bottom-left of [2, 10) x [3, 11): that rectangle is exactly yellow
 * (vertex 1's colour), the rest the clear colour. Drawn as a list and,
 * through an index buffer, with the vertices reordered. */
static void test_triangle_adjacency(void)
{
    Pipe p = pipe_new(12 /* TRIANGLELIST_ADJ */);
    RtDevice *d = p.d;
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_GS, gs_adj_text);
    pipe_use(&p, RT_PS, pipe_ps_text);
    const float yellow[4] = { 1, 1, 0, 1 }, red[4] = { 1, 0, 0, 1 };
    const PipeVtx v[6] = { pipe_vtx(-40, -40, red), pipe_vtx(2, 3, yellow),
                           pipe_vtx(-40, -30, red), pipe_vtx(10, 3, red),
                           pipe_vtx(-30, -40, red), pipe_vtx(2, 11, red) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(&p, vb);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_clear(&p, black);
    pipe_draw(&p, 6, 0);
    pipe_read(&p, px);
    pipe_assert_rect(px, 2, 3, 10, 11, yellow, black);
    /* the same through indices into a vertex buffer in another order */
    const PipeVtx w[6] = { v[5], v[4], v[3], v[2], v[1], v[0] };
    RtResource *wb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, w, sizeof w);
    pipe_set_vb(&p, wb);
    const uint16_t idx[6] = { 5, 4, 3, 2, 1, 0 };
    pipe_clear(&p, black);
    draw_indexed(&p, idx, sizeof idx, DXGI_FORMAT_R16_UINT, 6);
    pipe_read(&p, px);
    pipe_assert_rect(px, 2, 3, 10, 11, yellow, black);
    rt_destroy(d, wb);
    rt_destroy(d, vb);
    pipe_free(&p);
}

/* struct O { float4 p : SV_Position; float4 c : COLOR; float d : SV_ClipDistance0; };
 * O main(float4 p : POSITION, float4 c : COLOR) { O o; o.p = p; o.c = c;
 *   o.d = p.x - p.y - 0.0625; return o; } */
static const char vs_clip_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output_siv o2.x, clip_distance\n"
    "dcl_temps 1\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "add r0.x, v0.x, -v0.y\n"
    "add o2.x, r0.x, l(-0.062500)\n"
    "ret\n";

/* A full-target quad with clip distance x - y - 1/16 (NDC): what survives
 * is x - y >= 1/16 in NDC, i.e. the pixels whose centre (cx, cy) has
 * cx / 8 - 1 - (1 - cy / 8) >= 1/16, that is cx + cy >= 16.5: below the
 * anti-diagonal. No pixel centre lies on that line (cx + cy = x + y + 1
 * is an integer). */
static void test_clip_distance(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    pipe_use(&p, RT_VS, vs_clip_text);
    pipe_use(&p, RT_PS, pipe_ps_text);
    const float blue[4] = { 0, 0, 1, 1 };
    pipe_clear(&p, black);
    pipe_rect(&p, 0, 0, 16, 16, blue);
    uint8_t px[PIPE_W * PIPE_H * 4];
    pipe_read(&p, px);
    for (unsigned y = 0; y < PIPE_H; y++) {
        for (unsigned x = 0; x < PIPE_W; x++) {
            const uint8_t *q = px + (y * PIPE_W + x) * 4;
            bool kept = x + y + 1 > 16; /* 16.5 apart from the integers */
            if (q[0] != (kept ? 255 : 0) || q[1] || q[2]) {
                g_error("pixel (%u,%u) = %02x%02x%02x (BGR), %s", x, y, q[0], q[1], q[2],
                        kept ? "kept" : "clipped");
            }
        }
    }
    pipe_free(&p);
}

void d3d_prims_tests_add(void)
{
    g_test_add_func("/d3d/prims/strip-cut", test_strip_cut);
    g_test_add_func("/d3d/prims/triangle-adjacency", test_triangle_adjacency);
    g_test_add_func("/d3d/prims/clip-distance", test_clip_distance);
}
