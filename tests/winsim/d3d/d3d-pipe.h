/* SPDX-License-Identifier: MIT */
/*
 * A small pipeline fixture for the D3D tests (test-d3d-*.c; the GS,
 * stream-output and query tests use all of it; the _on helpers serve any
 * device and target): an 11.0 (or 10.x) device with a 16 x 16 B8G8R8A8
 * target bound with its viewport, shaders from SM4 assembly, buffers, a
 * POSITION/COLOR input layout, and the target read back through a staging
 * copy. Every call asserts success.
 */
#ifndef SABLE_D3D_PIPE_H
#define SABLE_D3D_PIPE_H

#include "test-d3d.h"

enum { PIPE_W = 16, PIPE_H = 16 };

typedef struct PipeVtx {
    float p[4], c[4];
} PipeVtx;

enum { PIPE_MAX_USED = 8 };

typedef struct Pipe {
    Env e;
    RtDevice *d;
    RtResource *rt;
    RtView *rtv;
    void *layout;
    RtShader *used[PIPE_MAX_USED]; /* pipe_use's, destroyed by pipe_free */
    unsigned nused;
} Pipe;

/* A pass-through VS (POSITION, COLOR) and a PS returning the colour. */
extern const char pipe_vs_text[], pipe_ps_text[];

/* The device, the target bound (no depth), the viewport, topology `topo`
 * (D3D10_DDI_PRIMITIVE_TOPOLOGY), the POSITION/COLOR layout. */
Pipe pipe_new(UINT topo);
/* The same on a device of DDI interface version iv (10.0, 10.1 or 11.0). */
Pipe pipe_new_iv(UINT iv, UINT topo);
/* Asserts the critical errors are the ones rt_expect_critical announced. */
void pipe_free(Pipe *p);
/* SM4/SM5 assembly text to a DXBC container (g_free it). */
uint8_t *pipe_assemble(const char *text, size_t *len);
RtShader *pipe_shader(RtDevice *d, unsigned stage, const char *text);
/* pipe_shader, bound at its stage; pipe_free unbinds and destroys it. */
RtShader *pipe_use(Pipe *p, unsigned stage, const char *text);
/* CreateShaderResourceView (11.0 form) of sc: its memory (g_free it after
 * pipe_srv_free, which destroys the view). */
void *pipe_srv(RtDevice *d, const D3D11DDIARG_CREATESHADERRESOURCEVIEW *sc,
               D3D10DDI_HSHADERRESOURCEVIEW *h);
/* PS slot 0 unbound, the view destroyed, its memory freed. */
void pipe_srv_free(RtDevice *d, void *mem);
/* Assembled, then CreateGeometryShaderWithStreamOutput. */
RtShader *pipe_shader_so(RtDevice *d, const char *text,
                         const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *e, UINT n,
                         UINT stride, UINT rasterized);
RtResource *pipe_buffer(RtDevice *d, UINT bind, const void *data, UINT size);
/* Vertex buffer slot 0: vb with PipeVtx stride. */
void pipe_set_vb(Pipe *p, RtResource *vb);
void pipe_set_vb_on(RtDevice *d, RtResource *vb);
/* The POSITION/COLOR layout made and bound on d (its memory), and
 * destroyed. */
void *pipe_layout(RtDevice *d);
void pipe_layout_free(RtDevice *d, void *layout);
/* Pixel-space point (pixel centres at +0.5) -> NDC, with colour c; _on: of
 * a w x h target. */
PipeVtx pipe_vtx(float x, float y, const float c[4]);
PipeVtx pipe_vtx_on(float x, float y, UINT w, UINT h, const float c[4]);
void pipe_clear(Pipe *p, const float c[4]);
void pipe_draw(Pipe *p, UINT count, UINT start);
/* The target as B, G, R, A bytes. */
void pipe_read(Pipe *p, uint8_t out[PIPE_W * PIPE_H * 4]);
/* Every pixel of [x0, x1) x [y0, y1) is `in` exactly, every other `out`. */
void pipe_assert_rect(const uint8_t *px, unsigned x0, unsigned y0, unsigned x1, unsigned y1,
                      const float in[4], const float out[4]);
/* A sampler object: point filtering, CLAMP; its memory (g_free it after
 * DestroySampler). */
void *pipe_point_sampler(RtDevice *d, D3D10DDI_HSAMPLER *h);
/* The 2x2 R8G8B8A8 texture red, green / blue, white in *tex and a view
 * of it (its memory, g_free it after DestroyShaderResourceView). */
void *pipe_quad_texture_srv(RtDevice *d, RtResource **tex, D3D10DDI_HSHADERRESOURCEVIEW *h);
/* Bytes of a buffer through a staging copy and a READ map. */
void pipe_read_buffer(RtDevice *d, RtResource *b, void *out, UINT size);

/* Draw [x0, x1) x [y0, y1) (pixels) in colour c as a triangle list
 * (clockwise: front), through a vertex buffer of its own. */
void pipe_rect(Pipe *p, float x0, float y0, float x1, float y1, const float c[4]);
/* The same on the target bound on d, w x h pixels (any interface version). */
void pipe_rect_on(RtDevice *d, UINT w, UINT h, float x0, float y0, float x1, float y1,
                  const float c[4]);
void pipe_query_begin(RtDevice *d, RtQuery *q);
/* QueryGetData until done (not done: after the device went idle, again;
 * at most 1000 times). */
void pipe_query_data(RtDevice *d, RtQuery *q, void *data, UINT size);
HRESULT pipe_query_get(RtDevice *d, RtQuery *q, void *data, UINT size, UINT flags);

/* D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS (Microsoft's member order). */
typedef struct PipeStats {
    uint64_t ia_vertices, ia_primitives, vs, gs, gs_primitives, c_invocations, c_primitives, ps,
        hs, ds, cs;
} PipeStats;
/* QueryEnd of a pipeline-statistics query, then its data. */
PipeStats pipe_stats(RtDevice *d, RtQuery *q);

#endif
