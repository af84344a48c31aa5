/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "demo-scene.h"
#include "sm4_asm.h"

/* cbuffer M : register(b0) { float4x4 m; };  (rows)
 * struct V { float4 p : POSITION; float4 c : COLOR; };
 * V main(V v) { V o; o.p = mul(m, v.p); o.c = v.c; return o; } */
static const char vs_text[] =
    "vs_4_0\n"
    "dcl_constantbuffer cb0[4], immediateIndexed\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dp4 o0.x, cb0[0].xyzw, v0.xyzw\n"
    "dp4 o0.y, cb0[1].xyzw, v0.xyzw\n"
    "dp4 o0.z, cb0[2].xyzw, v0.xyzw\n"
    "dp4 o0.w, cb0[3].xyzw, v0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "ret\n";

/* float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target { return c; } */
static const char ps_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

typedef struct Vtx {
    float p[4], c[4];
} Vtx;

struct DemoScene {
    RtDevice *d;
    UINT w, h;
    RtResource *rt, *depth, *vb, *ib, *cb;
    RtView *rtv, *dsv;
    RtShader *vs, *ps;
    void *layout;
};

static RtShader *shader(RtDevice *d, unsigned stage, const char *text)
{
    char err[256] = "";
    size_t len;
    uint8_t *c = sm4_assemble_dxbc(text, &len, err, sizeof err);
    RtShader *s = NULL;
    if (c && rt_create_shader(d, stage, c, len, &s) != S_OK) {
        s = NULL;
    }
    g_free(c);
    return s;
}

/* The corners of [-1, 1]^3 coloured by their coordinates, and the twelve
 * triangles of its faces, clockwise seen from outside (D3D's default front
 * face: the rasterizer culls the far side, the depth test sorts the rest). */
static void cube(Vtx v[8], uint16_t idx[36])
{
    for (unsigned i = 0; i < 8; i++) {
        float x = i & 1 ? 1 : -1, y = i & 2 ? 1 : -1, z = i & 4 ? 1 : -1;
        v[i] = (Vtx){ { x, y, z, 1 }, { (x + 1) / 2, (y + 1) / 2, (z + 1) / 2, 1 } };
    }
    static const uint16_t faces[6][4] = { { 0, 1, 3, 2 }, { 4, 6, 7, 5 }, { 0, 4, 5, 1 },
                                          { 2, 3, 7, 6 }, { 0, 2, 6, 4 }, { 1, 5, 7, 3 } };
    for (unsigned f = 0; f < 6; f++) {
        const uint16_t *q = faces[f];
        const uint16_t t[6] = { q[0], q[2], q[1], q[0], q[3], q[2] };
        memcpy(idx + 6 * f, t, sizeof(t));
    }
}

static bool set_input(DemoScene *s)
{
    RtDevice *d = s->d;
    const D3D10DDIARG_INPUT_ELEMENT_DESC el[2] = {
        { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 },
        { 0, 16, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 1 },
    };
    D3D10DDIARG_CREATEELEMENTLAYOUT c = { el, 2 };
    s->layout = g_malloc0(F(d, pfnCalcPrivateElementLayoutSize)(d->h, &c));
    D3D10DDI_HELEMENTLAYOUT h = { s->layout };
    UINT stride = sizeof(Vtx), offset = 0;
    return RT_CALL(d, CreateElementLayout, 0,
                   F(d, pfnCreateElementLayout)(d->h, &c, h,
                                                (D3D10DDI_HRTELEMENTLAYOUT){ s->layout })) == S_OK &&
           RT_CALL(d, IaSetInputLayout, 0, F(d, pfnIaSetInputLayout)(d->h, h)) == S_OK &&
           RT_CALL(d, IaSetVertexBuffers, 0,
                   F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &s->vb->h, &stride, &offset)) == S_OK &&
           RT_CALL(d, IaSetIndexBuffer, 0,
                   F(d, pfnIaSetIndexBuffer)(d->h, s->ib->h, DXGI_FORMAT_R16_UINT, 0)) == S_OK &&
           RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4)) == S_OK;
}

static bool set_output(DemoScene *s)
{
    RtDevice *d = s->d;
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { s->rtv->h };
    D3D10_DDI_VIEWPORT vp = { 0, 0, (FLOAT)s->w, (FLOAT)s->h, 0, 1 };
    return RT_CALL(d, SetRenderTargets, 0,
                   d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, s->dsv->dsv, NULL, NULL, 0, 0,
                                               0, 0)) == S_OK &&
           RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)) == S_OK &&
           rt_set_shader(d, RT_VS, s->vs) == S_OK && rt_set_shader(d, RT_PS, s->ps) == S_OK &&
           RT_CALL(d, VsSetConstantBuffers, 0,
                   F(d, pfnVsSetConstantBuffers)(d->h, 0, 1, &s->cb->h)) == S_OK;
}

DemoScene *demo_scene_new(RtDevice *d, UINT w, UINT h)
{
    DemoScene *s = g_new0(DemoScene, 1);
    s->d = d;
    s->w = w;
    s->h = h;
    Vtx v[8];
    uint16_t idx[36];
    cube(v, idx);
    float m[16] = { 0 };
    bool ok =
        rt_create_tex2d(d, w, h, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                        D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &s->rt) == S_OK &&
        rt_create_rtv(d, s->rt, 0, 0, 1, &s->rtv) == S_OK &&
        rt_create_tex2d(d, w, h, 1, 1, DXGI_FORMAT_D32_FLOAT, D3D10_DDI_USAGE_DEFAULT,
                        D3D10_DDI_BIND_DEPTH_STENCIL, 0, NULL, &s->depth) == S_OK &&
        rt_create_dsv(d, s->depth, 0, 0, 1, &s->dsv) == S_OK &&
        rt_create_buffer(d, sizeof(v), D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_VERTEX_BUFFER, 0,
                         v, &s->vb) == S_OK &&
        rt_create_buffer(d, sizeof(idx), D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_INDEX_BUFFER, 0,
                         idx, &s->ib) == S_OK &&
        rt_create_buffer(d, sizeof(m), D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_CONSTANT_BUFFER, 0,
                         m, &s->cb) == S_OK &&
        (s->vs = shader(d, RT_VS, vs_text)) && (s->ps = shader(d, RT_PS, ps_text)) &&
        set_input(s) && set_output(s);
    if (!ok) {
        demo_scene_free(s);
        return NULL;
    }
    return s;
}

/* Rows of the matrix: a turn of `a` about y and 0.6 a about x, the cube
 * scaled into the view (x by the aspect ratio), depth from [-1, 1] to
 * [0, 1]. */
static void matrix(float a, float aspect, float m[16])
{
    float cy = cosf(a), sy = sinf(a), cx = cosf(0.6f * a), sx = sinf(0.6f * a);
    const float r[3][3] = { { cy, sy * sx, sy * cx }, { 0, cx, -sx }, { -sy, cy * sx, cy * cx } };
    const float k = 0.45f;
    for (unsigned c = 0; c < 3; c++) {
        m[0 + c] = k * r[0][c] / aspect;
        m[4 + c] = k * r[1][c];
        m[8 + c] = 0.25f * r[2][c];
    }
    m[3] = m[7] = 0;
    m[11] = 0.5f;
    m[12] = m[13] = m[14] = 0;
    m[15] = 1;
}

void demo_scene_near_corner(float angle, UINT w, UINT h, UINT *x, UINT *y, uint8_t rgb[3])
{
    Vtx v[8];
    uint16_t idx[36];
    float m[16];
    cube(v, idx);
    matrix(angle, (float)w / (float)h, m);
    unsigned near = 0;
    float best = 2;
    for (unsigned i = 0; i < 8; i++) {
        const float *p = v[i].p;
        float z = m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11];
        if (z < best) {
            best = z;
            near = i;
        }
    }
    const float *p = v[near].p;
    float nx = m[0] * p[0] + m[1] * p[1] + m[2] * p[2], ny = m[4] * p[0] + m[5] * p[1] + m[6] * p[2];
    *x = (UINT)((nx + 1) / 2 * (float)w);
    *y = (UINT)((1 - ny) / 2 * (float)h);
    for (unsigned c = 0; c < 3; c++) {
        rgb[c] = (uint8_t)(v[near].c[c] * 255.0f + 0.5f);
    }
}

HRESULT demo_scene_draw(DemoScene *s, RtResource *back, float angle)
{
    RtDevice *d = s->d;
    float m[16];
    matrix(angle, (float)s->w / (float)s->h, m);
    HRESULT hr = rt_update(d, s->cb, 0, NULL, m, sizeof(m));
    hr = hr ? hr : rt_clear(d, s->rtv, 0.05f, 0.05f, 0.1f, 1.0f);
    hr = hr ? hr : rt_clear_dsv(d, s->dsv, D3D10_DDI_CLEAR_DEPTH, 1.0f, 0);
    hr = hr ? hr : RT_CALL(d, DrawIndexed, 0, F(d, pfnDrawIndexed)(d->h, 36, 0, 0));
    return hr ? hr : rt_copy(d, back, s->rt);
}

void demo_scene_free(DemoScene *s)
{
    RtDevice *d = s->d;
    if (s->layout) {
        RT_CALL(d, DestroyElementLayout, 0,
                F(d, pfnDestroyElementLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ s->layout }));
        g_free(s->layout);
    }
    if (s->vs) {
        rt_destroy_shader(d, s->vs);
    }
    if (s->ps) {
        rt_destroy_shader(d, s->ps);
    }
    if (s->rtv) {
        rt_destroy_rtv(d, s->rtv);
    }
    if (s->dsv) {
        rt_destroy_dsv(d, s->dsv);
    }
    RtResource *res[] = { s->rt, s->depth, s->vb, s->ib, s->cb };
    for (unsigned i = 0; i < G_N_ELEMENTS(res); i++) {
        if (res[i]) {
            rt_destroy(d, res[i]);
        }
    }
    g_free(s);
}
