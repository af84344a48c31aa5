/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "demo-scene.h"
#include "sm4_asm.h"

/* cbuffer M : register(b0) { float4x4 m; float3x4 r; float4 light; };
 * struct VI { float3 p : POSITION; float3 n : NORMAL; float2 uv : TEXCOORD; };
 * struct VO { float4 p : SV_Position; float3 t : TEXCOORD; };
 * VO main(VI v) {
 *     VO o; o.p = mul(m, float4(v.p, 1));
 *     float3 n = mul((float3x3)r, v.n);           // the normal turned like the cube
 *     o.t = float3(v.uv, light.w + (1 - light.w) * max(0, dot(n, light.xyz)));
 *     return o; } */
static const char vs_text[] =
    "vs_4_0\n"
    "dcl_constantbuffer cb0[8], immediateIndexed\n"
    "dcl_input v0.xyz\n"
    "dcl_input v1.xyz\n"
    "dcl_input v2.xy\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyz\n"
    "dcl_temps 2\n"
    "mov r0.xyz, v0.xyzx\n"
    "mov r0.w, l(1.000000)\n"
    "dp4 o0.x, cb0[0].xyzw, r0.xyzw\n"
    "dp4 o0.y, cb0[1].xyzw, r0.xyzw\n"
    "dp4 o0.z, cb0[2].xyzw, r0.xyzw\n"
    "dp4 o0.w, cb0[3].xyzw, r0.xyzw\n"
    "dp3 r1.x, cb0[4].xyzx, v1.xyzx\n"
    "dp3 r1.y, cb0[5].xyzx, v1.xyzx\n"
    "dp3 r1.z, cb0[6].xyzx, v1.xyzx\n"
    "dp3_sat r1.x, r1.xyzx, cb0[7].xyzx\n"
    "add r1.y, -cb0[7].w, l(1.000000)\n"
    "mad o1.z, r1.x, r1.y, cb0[7].w\n"
    "mov o1.xy, v2.xyxx\n"
    "ret\n";

/* Texture2D t : register(t0); SamplerState s : register(s0);
 * float4 main(float4 p : SV_Position, float3 t : TEXCOORD) : SV_Target
 * { return float4(t.sample(s, t.xy).rgb * t.z, 1); } */
static const char ps_text[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xyz\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "sample r0.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "mul o0.xyz, r0.xyzx, v1.zzzz\n"
    "mov o0.w, l(1.000000)\n"
    "ret\n";

enum { TEX = 5 }; /* a TEX x TEX checkerboard: the centre texel is colour A */
static const uint8_t colour_a[4] = { 230, 180, 40, 255 }, colour_b[4] = { 40, 90, 200, 255 };
static const float light_dir[3] = { -0.3f, 0.4f, -0.866f }; /* towards the light, view space */
static const float ambient = 0.25f;

typedef struct Vtx {
    float p[3], n[3], uv[2];
} Vtx;

struct DemoScene {
    RtDevice *d;
    UINT w, h;
    RtResource *target;         /* what rtv views, NULL: none yet */
    RtResource *depth, *vb, *ib, *cb, *tex;
    RtView *rtv, *dsv;
    RtShader *vs, *ps;
    void *layout, *srv, *sampler;
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

/* The corners of [-1, 1]^3 (bit 0: x, bit 1: y, bit 2: z) around each
 * face, in cyclic order, clockwise seen from outside (D3D's default front
 * face: the rasterizer culls the far side, the depth test sorts the rest). */
static const uint8_t faces[6][4] = { { 0, 1, 3, 2 }, { 4, 6, 7, 5 }, { 0, 4, 5, 1 },
                                     { 2, 3, 7, 6 }, { 0, 2, 6, 4 }, { 1, 5, 7, 3 } };

/* Face f's outward normal: the mean of its corners (the axis it lies on). */
static void face_normal(unsigned f, float n[3])
{
    for (unsigned a = 0; a < 3; a++) {
        n[a] = 0;
        for (unsigned k = 0; k < 4; k++) {
            n[a] += (faces[f][k] >> a & 1 ? 1.0f : -1.0f) / 4;
        }
    }
}

/* Four vertices per face (its normal, the texture's corners in the same
 * cyclic order) and its two triangles. */
static void cube(Vtx v[24], uint16_t idx[36])
{
    static const float uv[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
    for (unsigned f = 0; f < 6; f++) {
        for (unsigned k = 0; k < 4; k++) {
            Vtx *o = &v[4 * f + k];
            for (unsigned a = 0; a < 3; a++) {
                o->p[a] = faces[f][k] >> a & 1 ? 1.0f : -1.0f;
            }
            face_normal(f, o->n);
            memcpy(o->uv, uv[k], sizeof(o->uv));
        }
        const uint16_t b = (uint16_t)(4 * f);
        const uint16_t t[6] = { b, b + 2, b + 1, b, b + 3, b + 2 };
        memcpy(idx + 6 * f, t, sizeof(t));
    }
}

static void checkerboard(uint8_t texels[TEX * TEX * 4])
{
    for (unsigned i = 0; i < TEX * TEX; i++) {
        memcpy(texels + 4 * i, (i / TEX + i % TEX) % 2 ? colour_b : colour_a, 4);
    }
}

static bool set_input(DemoScene *s)
{
    RtDevice *d = s->d;
    const D3D10DDIARG_INPUT_ELEMENT_DESC el[3] = {
        { 0, 0, DXGI_FORMAT_R32G32B32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 },
        { 0, 12, DXGI_FORMAT_R32G32B32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 1 },
        { 0, 24, DXGI_FORMAT_R32G32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 2 },
    };
    D3D10DDIARG_CREATEELEMENTLAYOUT c = { el, 3 };
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

/* The checkerboard's view and a point sampler (CLAMP) at t0 and s0. */
static bool set_texture(DemoScene *s)
{
    RtDevice *d = s->d;
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = s->tex->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ 0, 0, 1, 1 };
    void *srv = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &sc));
    D3D10DDI_HSHADERRESOURCEVIEW hs = { srv };
    if (RT_CALL(d, CreateShaderResourceView, 0,
                d->f11->pfnCreateShaderResourceView(d->h, &sc, hs,
                                                    (D3D10DDI_HRTSHADERRESOURCEVIEW){ srv })) !=
        S_OK) {
        g_free(srv);
        return false;
    }
    s->srv = srv;
    D3D10_DDI_SAMPLER_DESC desc = { .Filter = 0, .AddressU = 3, .AddressV = 3, .AddressW = 3,
                                    .MaxAnisotropy = 1, .ComparisonFunc = 1, .MaxLOD = 1000 };
    void *samp = g_malloc0(F(d, pfnCalcPrivateSamplerSize)(d->h, &desc));
    D3D10DDI_HSAMPLER hsamp = { samp };
    if (RT_CALL(d, CreateSampler, 0,
                F(d, pfnCreateSampler)(d->h, &desc, hsamp, (D3D10DDI_HRTSAMPLER){ samp })) !=
        S_OK) {
        g_free(samp);
        return false;
    }
    s->sampler = samp;
    return RT_CALL(d, PsSetShaderResources, 0,
                   F(d, pfnPsSetShaderResources)(d->h, 0, 1, &hs)) == S_OK &&
           RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &hsamp)) == S_OK;
}

static bool set_pipeline(DemoScene *s)
{
    RtDevice *d = s->d;
    D3D10_DDI_VIEWPORT vp = { 0, 0, (FLOAT)s->w, (FLOAT)s->h, 0, 1 };
    return RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)) == S_OK &&
           rt_set_shader(d, RT_VS, s->vs) == S_OK && rt_set_shader(d, RT_PS, s->ps) == S_OK &&
           RT_CALL(d, VsSetConstantBuffers, 0,
                   F(d, pfnVsSetConstantBuffers)(d->h, 0, 1, &s->cb->h)) == S_OK;
}

/* A view of `target` bound with the depth buffer (once per target). */
static HRESULT set_target(DemoScene *s, RtResource *target)
{
    RtDevice *d = s->d;
    if (s->target == target) {
        return S_OK;
    }
    if (s->rtv) {
        rt_destroy_rtv(d, s->rtv);
        s->rtv = NULL;
        s->target = NULL;
    }
    HRESULT hr = rt_create_rtv(d, target, 0, 0, 1, &s->rtv);
    if (FAILED(hr)) {
        s->rtv = NULL;
        return hr;
    }
    s->target = target;
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { s->rtv->h };
    return RT_CALL(d, SetRenderTargets, 0,
                   d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, s->dsv->dsv, NULL, NULL, 0, 0,
                                               0, 0));
}

static bool create_resources(DemoScene *s)
{
    RtDevice *d = s->d;
    Vtx v[24];
    uint16_t idx[36];
    cube(v, idx);
    float consts[32] = { 0 };
    uint8_t texels[TEX * TEX * 4];
    checkerboard(texels);
    const D3D10_DDIARG_SUBRESOURCE_UP up = { texels, TEX * 4, TEX * TEX * 4 };
    return rt_create_tex2d(d, s->w, s->h, 1, 1, DXGI_FORMAT_D32_FLOAT, D3D10_DDI_USAGE_DEFAULT,
                           D3D10_DDI_BIND_DEPTH_STENCIL, 0, NULL, &s->depth) == S_OK &&
           rt_create_dsv(d, s->depth, 0, 0, 1, &s->dsv) == S_OK &&
           rt_create_tex2d(d, TEX, TEX, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                           D3D10_DDI_BIND_SHADER_RESOURCE, 0, &up, &s->tex) == S_OK &&
           rt_create_buffer(d, sizeof(v), D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_VERTEX_BUFFER,
                            0, v, &s->vb) == S_OK &&
           rt_create_buffer(d, sizeof(idx), D3D10_DDI_USAGE_DEFAULT, D3D10_DDI_BIND_INDEX_BUFFER,
                            0, idx, &s->ib) == S_OK &&
           rt_create_buffer(d, sizeof(consts), D3D10_DDI_USAGE_DEFAULT,
                            D3D10_DDI_BIND_CONSTANT_BUFFER, 0, consts, &s->cb) == S_OK;
}

DemoScene *demo_scene_new(RtDevice *d, UINT w, UINT h)
{
    DemoScene *s = g_new0(DemoScene, 1);
    s->d = d;
    s->w = w;
    s->h = h;
    bool ok = create_resources(s) && (s->vs = shader(d, RT_VS, vs_text)) &&
              (s->ps = shader(d, RT_PS, ps_text)) && set_input(s) && set_texture(s) &&
              set_pipeline(s);
    if (!ok) {
        demo_scene_free(s);
        return NULL;
    }
    return s;
}

/* The turn at `a`: about y by a and about x by 0.6 a (rows). */
static void rotation(float a, float r[3][3])
{
    float cy = cosf(a), sy = sinf(a), cx = cosf(0.6f * a), sx = sinf(0.6f * a);
    const float t[3][3] = { { cy, sy * sx, sy * cx }, { 0, cx, -sx }, { -sy, cy * sx, cy * cx } };
    memcpy(r, t, sizeof(t));
}

/* The constant buffer: the matrix (rows: the turn, the cube scaled into
 * the view, x by the aspect ratio, depth from [-1, 1] to [0, 1]), the turn
 * alone for the normals, the light's direction and the ambient term. */
static void constants(float a, float aspect, float m[32])
{
    float r[3][3];
    rotation(a, r);
    const float k = 0.45f;
    memset(m, 0, 32 * sizeof(float));
    for (unsigned c = 0; c < 3; c++) {
        m[0 + c] = k * r[0][c] / aspect;
        m[4 + c] = k * r[1][c];
        m[8 + c] = 0.25f * r[2][c];
        for (unsigned row = 0; row < 3; row++) {
            m[16 + 4 * row + c] = r[row][c];
        }
        m[28 + c] = light_dir[c];
    }
    m[11] = 0.5f;
    m[15] = 1;
    m[31] = ambient;
}

void demo_scene_facing(float angle, UINT w, UINT h, UINT *x, UINT *y, uint8_t rgb[3])
{
    float m[32], best = 2, lum = 0, centre[3] = { 0 };
    constants(angle, (float)w / (float)h, m);
    for (unsigned f = 0; f < 6; f++) {
        float n[3], t[3];
        face_normal(f, n);
        for (unsigned row = 0; row < 3; row++) {
            t[row] = m[16 + 4 * row] * n[0] + m[17 + 4 * row] * n[1] + m[18 + 4 * row] * n[2];
        }
        if (t[2] < best) {
            best = t[2];
            memcpy(centre, n, sizeof(centre));
            float l = t[0] * light_dir[0] + t[1] * light_dir[1] + t[2] * light_dir[2];
            lum = ambient + (1 - ambient) * fminf(fmaxf(l, 0), 1);
        }
    }
    float nx = m[0] * centre[0] + m[1] * centre[1] + m[2] * centre[2],
          ny = m[4] * centre[0] + m[5] * centre[1] + m[6] * centre[2];
    *x = (UINT)((nx + 1) / 2 * (float)w);
    *y = (UINT)((1 - ny) / 2 * (float)h);
    for (unsigned c = 0; c < 3; c++) {
        rgb[c] = (uint8_t)(colour_a[c] * lum + 0.5f);
    }
}

HRESULT demo_scene_draw(DemoScene *s, RtResource *back, float angle)
{
    RtDevice *d = s->d;
    float m[32];
    constants(angle, (float)s->w / (float)s->h, m);
    HRESULT hr = set_target(s, back);
    hr = hr ? hr : rt_update(d, s->cb, 0, NULL, m, sizeof(m));
    hr = hr ? hr : rt_clear(d, s->rtv, 0.05f, 0.05f, 0.1f, 1.0f);
    hr = hr ? hr : rt_clear_dsv(d, s->dsv, D3D10_DDI_CLEAR_DEPTH, 1.0f, 0);
    return hr ? hr : RT_CALL(d, DrawIndexed, 0, F(d, pfnDrawIndexed)(d->h, 36, 0, 0));
}

void demo_scene_free(DemoScene *s)
{
    RtDevice *d = s->d;
    if (s->layout) {
        RT_CALL(d, DestroyElementLayout, 0,
                F(d, pfnDestroyElementLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ s->layout }));
        g_free(s->layout);
    }
    if (s->sampler) {
        RT_CALL(d, DestroySampler, 0,
                F(d, pfnDestroySampler)(d->h, (D3D10DDI_HSAMPLER){ s->sampler }));
        g_free(s->sampler);
    }
    if (s->srv) {
        RT_CALL(d, DestroyShaderResourceView, 0,
                F(d, pfnDestroyShaderResourceView)(d->h,
                                                   (D3D10DDI_HSHADERRESOURCEVIEW){ s->srv }));
        g_free(s->srv);
    }
    RtShader *shaders[] = { s->vs, s->ps };
    for (unsigned i = 0; i < G_N_ELEMENTS(shaders); i++) {
        if (shaders[i]) {
            rt_destroy_shader(d, shaders[i]);
        }
    }
    if (s->rtv) {
        rt_destroy_rtv(d, s->rtv);
    }
    if (s->dsv) {
        rt_destroy_dsv(d, s->dsv);
    }
    RtResource *res[] = { s->depth, s->vb, s->ib, s->cb, s->tex };
    for (unsigned i = 0; i < G_N_ELEMENTS(res); i++) {
        if (res[i]) {
            rt_destroy(d, res[i]);
        }
    }
    g_free(s);
}
