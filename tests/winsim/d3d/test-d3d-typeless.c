/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, TYPELESS resources, depth read as a texture,
 * multisampled depth and copies of multisampled resources on the 3D path
 * (guest-umd/format3d.c, docs/umd.md "Formats of the 3D path"):
 * - a shadow map: depth drawn through a DSV of an R24G8 / R32 / R16
 *   TYPELESS texture, then read through its R24_UNORM_X8 / R32_FLOAT /
 *   R16_UNORM view (ld: the depths drawn within the format's
 *   quantisation) and compared by sample_c;
 * - every colour TYPELESS format 4x, cleared through a typed view,
 *   resolved and read back; the block-compressed ones read through their
 *   typed views; a typed Texture2DArray view from a later slice;
 * - an R8G8B8A8_TYPELESS texture drawn through an _UNORM_SRGB view and
 *   read through _UNORM and _UINT views (the sRGB encoding of the colour);
 * - its stencil written by a draw, read through the X24_TYPELESS_G8_UINT /
 *   X32_TYPELESS_G8X24_UINT view;
 * - a typeless depth texture read back through a staging copy in DXGI's
 *   D24_UNORM_S8_UINT layout;
 * - 4x depth-stencil: a depth test into a 4x colour target, resolved;
 *   4x depth read by ld_ms;
 * - CopyResource / CopySubresourceRegion of a 4x texture: resolving the
 *   copy gives what resolving the source does.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3d-pipe.h"
#include "d3drt.h"
#include "test-d3d.h"
#include "umd.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

enum { W = PIPE_W, H = PIPE_H, N = W * H };

#define TOPO_TRIANGLES 4 /* D3D10_DDI_PRIMITIVE_TOPOLOGY: TRIANGLELIST */

/* float4 main(float4 p : SV_Position) : SV_Target
 * { return t.Load(int3(p.xy, 0)); }   (Texture2D t) */
static const char ps_load[] =
    "ps_4_0\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "ftou r0.xy, v0.xyxx\n"
    "mov r0.zw, l(0, 0, 0, 0)\n"
    "ld r0.xyzw, r0.xyzw, t0.xyzw\n"
    "mov o0.xyzw, r0.xyzw\n"
    "ret\n";

/* The same through Texture2D<uint4>, the integers as floats:
 * { return float4(t.Load(int3(p.xy, 0))); } */
static const char ps_load_uint[] =
    "ps_4_0\n"
    "dcl_resource_texture2d (uint,uint,uint,uint) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "ftou r0.xy, v0.xyxx\n"
    "mov r0.zw, l(0, 0, 0, 0)\n"
    "ld r0.xyzw, r0.xyzw, t0.xyzw\n"
    "utof o0.xyzw, r0.xyzw\n"
    "ret\n";

/* Texture2DArray<uint4> t;
 * float4 main(float4 p : SV_Position) : SV_Target
 * { return float4(t.Load(int4(p.xy, 0, 0))); }   (the view's first slice) */
static const char ps_load_array_uint[] =
    "ps_4_0\n"
    "dcl_resource_texture2darray (uint,uint,uint,uint) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "ftou r0.xy, v0.xyxx\n"
    "mov r0.zw, l(0, 0, 0, 0)\n"
    "ld r0.xyzw, r0.xyzw, t0.xyzw\n"
    "utof o0.xyzw, r0.xyzw\n"
    "ret\n";

/* Texture2D<float> z; Texture2D<uint2> s;
 * float4 main(float4 p : SV_Position) : SV_Target
 * { int3 q = int3(p.xy, 0); return float4(z.Load(q).x, s.Load(q).y / 255.0, 0, 1); } */
static const char ps_depth_stencil[] =
    "ps_4_0\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_resource_texture2d (uint,uint,uint,uint) t1\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ftou r0.xy, v0.xyxx\n"
    "mov r0.zw, l(0, 0, 0, 0)\n"
    "ld r1.xyzw, r0.xyzw, t0.xyzw\n"
    "ld r0.xyzw, r0.xyzw, t1.xyzw\n"
    "mov o0.x, r1.x\n"
    "utof r0.y, r0.y\n"
    "mul o0.y, r0.y, l(0.003921569)\n"
    "mov o0.zw, l(0, 0, 0, 1.000000)\n"
    "ret\n";

/* SamplerState s (point);
 * float4 main(float4 p : SV_Position) : SV_Target
 * { return t.Sample(s, p.xy / 16); } */
static const char ps_sample[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mul r0.xy, v0.xyxx, l(0.062500, 0.062500, 0.000000, 0.000000)\n"
    "sample o0.xyzw, r0.xyxx, t0.xyzw, s0\n"
    "ret\n";

/* SamplerComparisonState s;
 * float4 main(float4 p : SV_Position) : SV_Target
 * { return t.SampleCmp(s, p.xy / 16, 0.5).xxxx; } */
static const char ps_cmp[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_comparison\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mul r0.xy, v0.xyxx, l(0.062500, 0.062500, 0.000000, 0.000000)\n"
    "sample_c r0.x, r0.xyxx, t0.xxxx, s0, l(0.500000)\n"
    "mov o0.xyzw, r0.xxxx\n"
    "ret\n";

/* Texture2DMS<float, 4> t;
 * float4 main(float4 p : SV_Position) : SV_Target
 * { uint2 q = uint2(p.xy); return t.Load(q, (q.x + q.y) & 3); } */
static const char ps_load_ms[] =
    "ps_4_1\n"
    "dcl_resource_texture2dms(4) (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ftou r0.xy, v0.xyxx\n"
    "mov r0.zw, l(0, 0, 0, 0)\n"
    "iadd r1.x, r0.x, r0.y\n"
    "and r1.x, r1.x, l(3)\n"
    "ld_ms r0.xyzw, r0.xyzw, t0.xyzw, r1.x\n"
    "mov o0.xyzw, r0.xyzw\n"
    "ret\n";

/* A depth family: the TYPELESS resource format, the DSV's, the SRV's
 * reading the depth, and one unit of the depth format (0: float, exact
 * for the depths drawn here). */
typedef struct Depth {
    DXGI_FORMAT res, dsv, srv;
    double unit;
} Depth;

static const Depth depths[] = {
    { DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24_UNORM_X8_TYPELESS,
      1.0 / 16777215.0 },
    { DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT, 0 },
    { DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_R16_UNORM, 1.0 / 65535.0 },
    { DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT,
      DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 0 },
};

/* The depths drawn: the left half at 0.25, the top right quarter at
 * 0.625, the rest cleared to 1. */
static float want_depth(unsigned x, unsigned y)
{
    return x < 8 ? 0.25f : y < 8 ? 0.625f : 1.0f;
}

typedef struct SrvObj {
    void *mem;
    D3D10DDI_HSHADERRESOURCEVIEW h;
} SrvObj;

/* A view of slices [first, first + n) of r in format f, bound at slot 0. */
static SrvObj srv_bind_slices(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT first, UINT n)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = r->h, .Format = f, .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    sc.Tex2D.MipLevels = 1;
    sc.Tex2D.FirstArraySlice = first;
    sc.Tex2D.ArraySize = n;
    SrvObj s = { .mem = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &sc)) };
    s.h.pDrvPrivate = s.mem;
    OK(RT_CALL(d, CreateShaderResourceView, 0,
               d->f11->pfnCreateShaderResourceView(d->h, &sc, s.h,
                                                   (D3D10DDI_HRTSHADERRESOURCEVIEW){ s.mem })));
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &s.h));
    return s;
}

static SrvObj srv_bind(RtDevice *d, RtResource *r, DXGI_FORMAT f)
{
    return srv_bind_slices(d, r, f, 0, 1);
}

static void srv_free(RtDevice *d, SrvObj *s)
{
    D3D10DDI_HSHADERRESOURCEVIEW none = { NULL };
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &none));
    RT_CALL(d, DestroyShaderResourceView, 0, F(d, pfnDestroyShaderResourceView)(d->h, s->h));
    g_free(s->mem);
}

static void set_targets(RtDevice *d, RtView *rtv, RtView *dsv)
{
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { { rtv ? rtv->h.pDrvPrivate : NULL } };
    D3D10DDI_HDEPTHSTENCILVIEW ds = { dsv ? dsv->dsv.pDrvPrivate : NULL };
    OK(RT_CALL(d, SetRenderTargets, 0,
               d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7, ds, NULL, NULL, 0, 0, 0, 0)));
}

static RtResource *tex2d(RtDevice *d, DXGI_FORMAT f, UINT samples, UINT bind)
{
    RtResource *r;
    if (samples > 1) {
        OK(rt_create_tex2d_ms(d, W, H, samples, f, bind, &r));
    } else {
        OK(rt_create_tex2d(d, W, H, 1, 1, f, D3D10_DDI_USAGE_DEFAULT, bind, 0, NULL, &r));
    }
    g_assert_cmpuint(((UmdResource *)r->mem)->res_id, >, 0); /* on the 3D path */
    return r;
}

/* [x0, x1) x [y0, y1) at depth z in colour c (two clockwise triangles). */
static void rect_z(Pipe *p, float x0, float y0, float x1, float y1, float z, const float c[4])
{
    PipeVtx v[6] = { pipe_vtx(x0, y0, c), pipe_vtx(x1, y0, c), pipe_vtx(x0, y1, c),
                     pipe_vtx(x0, y1, c), pipe_vtx(x1, y0, c), pipe_vtx(x1, y1, c) };
    for (unsigned i = 0; i < 6; i++) {
        v[i].p[2] = z;
    }
    RtResource *vb = pipe_buffer(p->d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(p, vb);
    pipe_draw(p, 6, 0);
    rt_destroy(p->d, vb);
}

/* The depths of want_depth drawn into ds (any sample count) through a
 * DSV of format f, with the default depth state (LESS, writes) and
 * colour into rtv. */
static void draw_depths(Pipe *p, RtResource *ds, DXGI_FORMAT f, RtView *rtv)
{
    RtDevice *d = p->d;
    RtView *dsv;
    OK(rt_create_dsv_as(d, ds, f, 0, 0, 1, &dsv));
    set_targets(d, rtv, dsv);
    OK(rt_clear_dsv(d, dsv, D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL, 1.0f, 0));
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    const float grey[4] = { 0.5f, 0.5f, 0.5f, 1 };
    rect_z(p, 0, 0, 8, H, 0.25f, grey);
    rect_z(p, 8, 0, W, 8, 0.625f, grey);
    set_targets(d, rtv, NULL); /* the depth is read next */
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, ps);
    rt_destroy_shader(d, vs);
    rt_destroy_dsv(d, dsv);
}

/* A full-target draw of pixel shader text reading the bound SRV into a
 * W x H R32G32B32A32_FLOAT target, read back into out. */
static void read_bound(Pipe *p, const char *text, float *out)
{
    RtDevice *d = p->d;
    RtResource *rt = tex2d(d, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, D3D10_DDI_BIND_RENDER_TARGET);
    RtView *v;
    OK(rt_create_rtv(d, rt, 0, 0, 1, &v));
    set_targets(d, v, NULL);
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    const float any[4] = { 0, 0, 0, 0 };
    rect_z(p, 0, 0, W, H, 0, any);
    rt_read(d, rt, 0, (uint8_t *)out);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, ps);
    rt_destroy_shader(d, vs);
    set_targets(d, p->rtv, NULL);
    rt_destroy_rtv(d, v);
    rt_destroy(d, rt);
}

/* The same through a new view of src in format f. */
static void read_through(Pipe *p, const char *text, RtResource *src, DXGI_FORMAT f, float *out)
{
    SrvObj s = srv_bind(p->d, src, f);
    read_bound(p, text, out);
    srv_free(p->d, &s);
}

/* Every texel's first channel within one unit of the depth format of
 * want_depth (D3D's reading of a depth view: (depth, 0, 0, 1) for ld). */
static void check_depths(const Depth *m, const float *out, bool rgba)
{
    for (unsigned i = 0; i < N; i++) {
        double want = want_depth(i % W, i / W);
        const float *t = out + i * 4;
        if (fabs(t[0] - want) > m->unit || (rgba && (t[1] != 0 || t[2] != 0 || t[3] != 1))) {
            g_error("texel (%u,%u) = (%g, %g, %g, %g), want (%g +- %g, 0, 0, 1)", i % W, i / W,
                    t[0], t[1], t[2], t[3], want, m->unit);
        }
    }
}

/* A comparison sampler, point filtering, LESS, CLAMP, bound at slot 0
 * (its memory: g_free after DestroySampler). */
static void *cmp_sampler(RtDevice *d, D3D10DDI_HSAMPLER *h)
{
    D3D10_DDI_SAMPLER_DESC desc = {
        .Filter = D3D10_DDI_FILTER_COMPARISON_MIN_MAG_MIP_POINT, .AddressU = 3, .AddressV = 3,
        .AddressW = 3, .MaxAnisotropy = 1, .ComparisonFunc = D3D10_DDI_COMPARISON_LESS,
        .MaxLOD = 1000,
    };
    void *mem = g_malloc0(F(d, pfnCalcPrivateSamplerSize)(d->h, &desc));
    *h = (D3D10DDI_HSAMPLER){ mem };
    OK(RT_CALL(d, CreateSampler, 0,
               F(d, pfnCreateSampler)(d->h, &desc, *h, (D3D10DDI_HRTSAMPLER){ mem })));
    OK(RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, h)));
    return mem;
}

static void sampler_free(RtDevice *d, D3D10DDI_HSAMPLER h, void *mem)
{
    D3D10DDI_HSAMPLER none = { NULL };
    RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &none));
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, h));
    g_free(mem);
}

/* A shadow map: depth drawn through the DSV, read through the SRV by ld
 * and by sample with a point sampler at the texel centres (the depths),
 * by sample_c against 0.5 with LESS (D3D: the
 * reference less than the texel passes: 1 where the depth is 0.625 or 1,
 * 0 where 0.25). */
static void test_shadow(gconstpointer data)
{
    const Depth *m = data;
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    RtResource *ds =
        tex2d(d, m->res, 1, D3D10_DDI_BIND_DEPTH_STENCIL | D3D10_DDI_BIND_SHADER_RESOURCE);
    draw_depths(&p, ds, m->dsv, p.rtv);
    float out[N * 4];
    read_through(&p, ps_load, ds, m->srv, out);
    check_depths(m, out, true);
    D3D10DDI_HSAMPLER hs;
    void *smem = pipe_point_sampler(d, &hs);
    OK(RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &hs)));
    read_through(&p, ps_sample, ds, m->srv, out);
    check_depths(m, out, true);
    sampler_free(d, hs, smem);
    smem = cmp_sampler(d, &hs);
    read_through(&p, ps_cmp, ds, m->srv, out);
    sampler_free(d, hs, smem);
    for (unsigned i = 0; i < N; i++) {
        float want = 0.5f < want_depth(i % W, i / W) ? 1.0f : 0.0f;
        if (out[i * 4] != want) {
            g_error("sample_c at (%u,%u) = %g, want %g", i % W, i / W, out[i * 4], want);
        }
    }
    rt_destroy(d, ds);
    pipe_free(&p);
}

/* A depth-stencil state: depth off, both faces ALWAYS / REPLACE with
 * StencilRef ref, bound (its memory: g_free after unbinding, destroying). */
static void *stencil_replace(RtDevice *d, UINT ref)
{
    const D3D10_DDI_DEPTH_STENCILOP_DESC op = { D3D10_DDI_STENCIL_OP_KEEP,
                                                D3D10_DDI_STENCIL_OP_KEEP,
                                                D3D10_DDI_STENCIL_OP_REPLACE,
                                                D3D10_DDI_COMPARISON_ALWAYS };
    D3D10_DDI_DEPTH_STENCIL_DESC dd = {
        .DepthEnable = FALSE, .DepthWriteMask = D3D10_DDI_DEPTH_WRITE_MASK_ZERO,
        .DepthFunc = D3D10_DDI_COMPARISON_ALWAYS, .StencilEnable = TRUE, .FrontEnable = TRUE,
        .BackEnable = TRUE, .StencilReadMask = 0xff, .StencilWriteMask = 0xff, .FrontFace = op,
        .BackFace = op,
    };
    void *mem = g_malloc0(F(d, pfnCalcPrivateDepthStencilStateSize)(d->h, &dd));
    D3D10DDI_HDEPTHSTENCILSTATE h = { mem };
    OK(RT_CALL(d, CreateDepthStencilState, 0,
               F(d, pfnCreateDepthStencilState)(d->h, &dd, h,
                                                (D3D10DDI_HRTDEPTHSTENCILSTATE){ mem })));
    OK(RT_CALL(d, SetDepthStencilState, 0, F(d, pfnSetDepthStencilState)(d->h, h, ref)));
    return mem;
}

static void stencil_free(RtDevice *d, void *mem)
{
    RT_CALL(d, SetDepthStencilState, 0,
            F(d, pfnSetDepthStencilState)(d->h, (D3D10DDI_HDEPTHSTENCILSTATE){ NULL }, 0));
    RT_CALL(d, DestroyDepthStencilState, 0,
            F(d, pfnDestroyDepthStencilState)(d->h, (D3D10DDI_HDEPTHSTENCILSTATE){ mem }));
    g_free(mem);
}

/* A stencil family: the TYPELESS resource, its DSV, stencil SRV and
 * depth SRV, a unit of the depth (0: float). */
typedef struct Stencil {
    DXGI_FORMAT res, dsv, srv, depth;
    double unit;
} Stencil;

static const Stencil stencils[] = {
    { DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT,
      DXGI_FORMAT_X24_TYPELESS_G8_UINT, DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 1.0 / 16777215.0 },
    { DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT,
      DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 0 },
};

/* Every texel's depth (ld through the depth view) 0.25 within a unit. */
static void check_depth_025(Pipe *p, const Stencil *m)
{
    float out[N * 4];
    read_bound(p, ps_load, out);
    for (unsigned i = 0; i < N; i++) {
        if (fabs(out[i * 4] - 0.25) > m->unit) {
            g_error("depth at (%u,%u) = %g, want 0.25 +- %g", i % W, i / W, out[i * 4], m->unit);
        }
    }
}

/* Depth cleared to 0.25, stencil to 3, 0xa7 written over the left half
 * by a draw (ALWAYS / REPLACE, depth off); a depth view and a stencil
 * view of the resource used in turn: depth, the stencil by ld (D3D's
 * (0, stencil, 0, 1)), the depth again through the first view. */
static void test_stencil(gconstpointer data)
{
    const Stencil *m = data;
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    RtResource *ds =
        tex2d(d, m->res, 1, D3D10_DDI_BIND_DEPTH_STENCIL | D3D10_DDI_BIND_SHADER_RESOURCE);
    RtView *dsv;
    OK(rt_create_dsv_as(d, ds, m->dsv, 0, 0, 1, &dsv));
    set_targets(d, p.rtv, dsv);
    OK(rt_clear_dsv(d, dsv, D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL, 0.25f, 3));
    void *st = stencil_replace(d, 0xa7);
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    const float grey[4] = { 0.5f, 0.5f, 0.5f, 1 };
    rect_z(&p, 0, 0, 8, H, 0.5f, grey);
    stencil_free(d, st);
    set_targets(d, p.rtv, NULL);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, ps);
    rt_destroy_shader(d, vs);
    rt_destroy_dsv(d, dsv);
    SrvObj z = srv_bind(d, ds, m->depth);
    check_depth_025(&p, m);
    float out[N * 4];
    read_through(&p, ps_load_uint, ds, m->srv, out);
    for (unsigned i = 0; i < N; i++) {
        const float *t = out + i * 4;
        float s = i % W < 8 ? 0xa7 : 3;
        if (t[0] != 0 || t[1] != s || t[2] != 0 || t[3] != 1) {
            g_error("texel (%u,%u) = (%g, %g, %g, %g), want (0, %g, 0, 1)", i % W, i / W, t[0],
                    t[1], t[2], t[3], s);
        }
    }
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &z.h));
    check_depth_025(&p, m);
    srv_free(d, &z);
    rt_destroy(d, ds);
    pipe_free(&p);
}

/* The depth and the stencil of one resource read in one draw: GL samples
 * one texture in one mode per draw, so the stencil view reads a shadow
 * copy of the resource (view_shadow.c) while the depth view reads the
 * resource itself. Depth 0.25 (64/255 within 1) in red, stencil 3 (as
 * 3/255) in green, on every pixel; both views then read alone again. */
static void test_depth_and_stencil(void)
{
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    RtResource *ds = tex2d(d, DXGI_FORMAT_R24G8_TYPELESS, 1,
                           D3D10_DDI_BIND_DEPTH_STENCIL | D3D10_DDI_BIND_SHADER_RESOURCE);
    RtView *dsv;
    OK(rt_create_dsv_as(d, ds, DXGI_FORMAT_D24_UNORM_S8_UINT, 0, 0, 1, &dsv));
    OK(rt_clear_dsv(d, dsv, D3D10_DDI_CLEAR_DEPTH | D3D10_DDI_CLEAR_STENCIL, 0.25f, 3));
    rt_destroy_dsv(d, dsv);
    SrvObj sv = srv_bind(d, ds, DXGI_FORMAT_X24_TYPELESS_G8_UINT);
    SrvObj z = srv_bind(d, ds, DXGI_FORMAT_R24_UNORM_X8_TYPELESS);
    const D3D10DDI_HSHADERRESOURCEVIEW both[2] = { z.h, sv.h };
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 2, both));
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, ps_depth_stencil);
    const float any[4] = { 0, 0, 0, 0 };
    pipe_rect(&p, 0, 0, W, H, any);
    uint8_t px[W * H * 4];
    pipe_read(&p, px);
    for (unsigned i = 0; i < W * H; i++) {
        const uint8_t *q = px + i * 4; /* B, G, R, A */
        if (abs((int)q[2] - 64) > 1 || q[1] != 3 || q[0] || q[3] != 255) {
            g_error("pixel (%u,%u) = %02x%02x%02x%02x (BGRA), want depth 64 +- 1, stencil 3",
                    i % W, i / W, q[0], q[1], q[2], q[3]);
        }
    }
    g_assert_cmpuint(rt_umd_stats(d).shadow_copies, >, 0);
    const D3D10DDI_HSHADERRESOURCEVIEW none[2] = { { NULL }, { NULL } };
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 2, none));
    srv_free(d, &z);
    srv_free(d, &sv);
    rt_destroy(d, ds);
    pipe_free(&p);
}

/* D3D's sRGB encoding of linear c, as an 8-bit code (before rounding). */
static double srgb_code(double c)
{
    double s = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055;
    return s * 255;
}

/* An R8G8B8A8_TYPELESS texture drawn (data: cleared) through an
 * _UNORM_SRGB RTV in linear (0.5, 0.25, 1, 0.5), read through _UNORM (code / 255) and _UINT
 * (the code) views and through a staging copy: the colour channels'
 * codes within 0.6 of the sRGB encoding (D3D's tolerance for the float
 * to sRGB conversion), alpha within 0.6 of 0.5 * 255 (UNORM rounding). */
static void test_srgb(gconstpointer data)
{
    bool clear = GPOINTER_TO_UINT(data);
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    RtResource *t = tex2d(d, DXGI_FORMAT_R8G8B8A8_TYPELESS, 1,
                          D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE);
    RtView *v;
    OK(rt_create_rtv_as(d, t, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0, 0, 1, &v));
    set_targets(d, v, NULL);
    const float c[4] = { 0.5f, 0.25f, 1.0f, 0.5f };
    if (clear) {
        OK(rt_clear(d, v, c[0], c[1], c[2], c[3]));
    } else {
        RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text);
        RtShader *ps = pipe_shader(d, RT_PS, pipe_ps_text);
        OK(rt_set_shader(d, RT_VS, vs));
        OK(rt_set_shader(d, RT_PS, ps));
        rect_z(&p, 0, 0, W, H, 0, c);
        rt_set_shader(d, RT_PS, NULL);
        rt_destroy_shader(d, ps);
        rt_destroy_shader(d, vs);
    }
    set_targets(d, p.rtv, NULL);
    rt_destroy_rtv(d, v);
    const double want[4] = { srgb_code(c[0]), srgb_code(c[1]), srgb_code(c[2]), c[3] * 255.0 };
    float unorm[N * 4], uint[N * 4];
    uint8_t bytes[N * 4];
    read_through(&p, ps_load, t, DXGI_FORMAT_R8G8B8A8_UNORM, unorm);
    read_through(&p, ps_load_uint, t, DXGI_FORMAT_R8G8B8A8_UINT, uint);
    rt_read(d, t, 0, bytes);
    for (unsigned i = 0; i < N * 4; i++) {
        double w = want[i % 4];
        if (fabs(bytes[i] - w) > 0.6 || uint[i] != bytes[i] ||
            fabs(unorm[i] - bytes[i] / 255.0) > 1e-6) {
            g_error("texel %u channel %u: byte %u, UINT %g, UNORM %g; want %g +- 0.6", i / 4,
                    i % 4, bytes[i], uint[i], unorm[i], w);
        }
    }
    rt_destroy(d, t);
    pipe_free(&p);
}

/* An R24G8_TYPELESS depth-stencil texture (depths of want_depth, stencil
 * cleared to 0x5a) copied to a staging texture: each texel is DXGI's
 * D24_UNORM_S8_UINT, the depth's 24-bit code in bits 0-23 (within one of
 * z * (2^24 - 1)), the stencil in bits 24-31. */
static void test_staging(void)
{
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    RtResource *ds =
        tex2d(d, DXGI_FORMAT_R24G8_TYPELESS, 1,
              D3D10_DDI_BIND_DEPTH_STENCIL | D3D10_DDI_BIND_SHADER_RESOURCE);
    RtView *dsv;
    OK(rt_create_dsv_as(d, ds, DXGI_FORMAT_D24_UNORM_S8_UINT, 0, 0, 1, &dsv));
    OK(rt_clear_dsv(d, dsv, D3D10_DDI_CLEAR_STENCIL, 1.0f, 0x5a));
    rt_destroy_dsv(d, dsv);
    draw_depths(&p, ds, DXGI_FORMAT_D24_UNORM_S8_UINT, p.rtv);
    /* draw_depths cleared the stencil to 0: again after it */
    OK(rt_create_dsv_as(d, ds, DXGI_FORMAT_D24_UNORM_S8_UINT, 0, 0, 1, &dsv));
    OK(rt_clear_dsv(d, dsv, D3D10_DDI_CLEAR_STENCIL, 1.0f, 0x5a));
    rt_destroy_dsv(d, dsv);
    uint32_t px[N];
    rt_read(d, ds, 0, (uint8_t *)px);
    for (unsigned i = 0; i < N; i++) {
        double code = want_depth(i % W, i / W) * 16777215.0;
        if (px[i] >> 24 != 0x5a || fabs((px[i] & 0xffffff) - code) > 1) {
            g_error("texel (%u,%u) = %08x, want stencil 5a, depth %g +- 1", i % W, i / W, px[i],
                    code);
        }
    }
    rt_destroy(d, ds);
    pipe_free(&p);
}

/* Resolve 4x ms (format f) into a new single-sample texture, read it. */
static void resolve_read(RtDevice *d, RtResource *ms, DXGI_FORMAT f, uint8_t *out)
{
    RtResource *one = tex2d(d, f, 1, D3D10_DDI_BIND_RENDER_TARGET);
    OK(RT_CALL(d, ResourceResolveSubresource, 0,
               F(d, pfnResourceResolveSubresource)(d->h, one->h, 0, ms->h, 0, f)));
    rt_read(d, one, 0, out);
    rt_destroy(d, one);
}

/* 4x depth: a 4x R8G8B8A8 target and a 4x depth-stencil resource of the
 * family (its typed format and TYPELESS one), CheckMultisampleQuality
 * Levels 1 and MULTISAMPLE_RENDERTARGET for the DSV format; the depths of
 * want_depth drawn, then a blue rectangle over everything at 0.5 (LESS:
 * drawn where the depth is 0.625 or 1, not on the left half): the
 * resolved target is grey (128) on the left half, blue elsewhere. */
static void ms_depth_case(const Depth *m, DXGI_FORMAT res)
{
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    UINT levels = 0, caps = 0;
    F(d, pfnCheckMultisampleQualityLevels)(d->h, res, 4, &levels);
    g_assert_cmpuint(levels, ==, 1);
    F(d, pfnCheckFormatSupport)(d->h, m->dsv, &caps);
    g_assert_cmphex(caps, ==, D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET);
    RtResource *ms = tex2d(d, DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D10_DDI_BIND_RENDER_TARGET);
    RtResource *ds = tex2d(d, res, 4, D3D10_DDI_BIND_DEPTH_STENCIL);
    RtView *v;
    OK(rt_create_rtv(d, ms, 0, 0, 1, &v));
    set_targets(d, v, NULL);
    OK(rt_clear(d, v, 0, 0, 0, 1));
    draw_depths(&p, ds, m->dsv, v);
    RtView *dsv;
    OK(rt_create_dsv_as(d, ds, m->dsv, 0, 0, 1, &dsv));
    set_targets(d, v, dsv);
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    const float blue[4] = { 0, 0, 1, 1 };
    rect_z(&p, 0, 0, W, H, 0.5f, blue);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, ps);
    rt_destroy_shader(d, vs);
    set_targets(d, p.rtv, NULL);
    rt_destroy_dsv(d, dsv);
    rt_destroy_rtv(d, v);
    uint8_t out[N * 4];
    resolve_read(d, ms, DXGI_FORMAT_R8G8B8A8_UNORM, out);
    for (unsigned i = 0; i < N; i++) {
        const uint8_t *px = out + i * 4;
        bool left = i % W < 8;
        const uint8_t want[4] = { left ? 128 : 0, left ? 128 : 0, left ? 128 : 255, 255 };
        if (memcmp(px, want, 4)) {
            g_error("pixel (%u,%u) = %02x%02x%02x%02x, want %02x%02x%02x%02x (RGBA)", i % W,
                    i / W, px[0], px[1], px[2], px[3], want[0], want[1], want[2], want[3]);
        }
    }
    rt_destroy(d, ds);
    rt_destroy(d, ms);
    pipe_free(&p);
}

static void test_ms_depth(gconstpointer data)
{
    const Depth *m = data;
    ms_depth_case(m, m->dsv);
    ms_depth_case(m, m->res);
}

/* 4x depth of a TYPELESS resource read by ld_ms through the depth view
 * (Texture2DMS): every sample covered, so sample (x + y) & 3 of each
 * pixel is the depth drawn there; the same of a copy of it
 * (CopyResource of a 4x depth resource). */
static void test_ms_load(gconstpointer data)
{
    const Depth *m = data;
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    RtResource *ms = tex2d(d, DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D10_DDI_BIND_RENDER_TARGET);
    RtResource *ds =
        tex2d(d, m->res, 4, D3D10_DDI_BIND_DEPTH_STENCIL | D3D10_DDI_BIND_SHADER_RESOURCE);
    RtView *v;
    OK(rt_create_rtv(d, ms, 0, 0, 1, &v));
    draw_depths(&p, ds, m->dsv, v);
    set_targets(d, p.rtv, NULL);
    rt_destroy_rtv(d, v);
    float out[N * 4];
    read_through(&p, ps_load_ms, ds, m->srv, out);
    check_depths(m, out, true);
    RtResource *copy =
        tex2d(d, m->res, 4, D3D10_DDI_BIND_DEPTH_STENCIL | D3D10_DDI_BIND_SHADER_RESOURCE);
    OK(rt_copy(d, copy, ds));
    read_through(&p, ps_load_ms, copy, m->srv, out);
    check_depths(m, out, true);
    rt_destroy(d, copy);
    rt_destroy(d, ds);
    rt_destroy(d, ms);
    pipe_free(&p);
}

/* A 4x target of format res (RTV format f) with a triangle (0,0) (16,0)
 * (0,16) drawn white over black: its diagonal pixels half covered. */
static RtResource *ms_triangle(Pipe *p, DXGI_FORMAT res, DXGI_FORMAT f)
{
    RtDevice *d = p->d;
    RtResource *ms = tex2d(d, res, 4, D3D10_DDI_BIND_RENDER_TARGET);
    RtView *v;
    OK(rt_create_rtv_as(d, ms, f, 0, 0, 1, &v));
    set_targets(d, v, NULL);
    OK(rt_clear(d, v, 0, 0, 0, 1));
    RtShader *vs = pipe_shader(d, RT_VS, pipe_vs_text), *ps = pipe_shader(d, RT_PS, pipe_ps_text);
    OK(rt_set_shader(d, RT_VS, vs));
    OK(rt_set_shader(d, RT_PS, ps));
    const float white[4] = { 1, 1, 1, 1 };
    const PipeVtx tri[3] = { pipe_vtx(0, 0, white), pipe_vtx(16, 0, white),
                             pipe_vtx(0, 16, white) };
    RtResource *vb = pipe_buffer(d, D3D10_DDI_BIND_VERTEX_BUFFER, tri, sizeof tri);
    pipe_set_vb(p, vb);
    pipe_draw(p, 3, 0);
    rt_destroy(d, vb);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, ps);
    rt_destroy_shader(d, vs);
    set_targets(d, p->rtv, NULL);
    rt_destroy_rtv(d, v);
    return ms;
}

/* CopyResource (region: CopySubresourceRegion, no box) of a 4x texture
 * of format res with the triangle into another: both resolve (format f)
 * to the same bytes, with a half-covered pixel (x + y = 15: 255 / 2
 * within 1) among them, so the samples were copied, not one colour. */
static void ms_copy_case(DXGI_FORMAT res, DXGI_FORMAT f, bool region)
{
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    RtResource *src = ms_triangle(&p, res, f);
    RtResource *dst = tex2d(d, res, 4, D3D10_DDI_BIND_RENDER_TARGET);
    if (region) {
        OK(rt_copy_region(d, dst, 0, 0, 0, src, 0, NULL));
    } else {
        OK(rt_copy(d, dst, src));
    }
    uint8_t a[N * 4], b[N * 4];
    resolve_read(d, src, f, a);
    resolve_read(d, dst, f, b);
    g_assert_cmpmem(a, sizeof a, b, sizeof b);
    const uint8_t *edge = a + (7 * W + 8) * 4; /* (8, 7) */
    g_assert_cmpint(abs(edge[0] - 128), <=, 1);
    g_assert_cmpuint(a[0], ==, 255);
    g_assert_cmpuint(a[(N - 1) * 4], ==, 0);
    rt_destroy(d, dst);
    rt_destroy(d, src);
    pipe_free(&p);
}

static void test_ms_copy(void)
{
    ms_copy_case(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM, false);
    ms_copy_case(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM, true);
    ms_copy_case(DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM, false);
}

/* A colour TYPELESS family: the resource format, a typed view format,
 * its bytes per texel and the bytes of (1, 0, 1, 0) in it (compared:
 * `cmp` bytes; B8G8R8X8's X is undefined). */
typedef struct Family {
    DXGI_FORMAT res, view;
    uint8_t bytes, cmp;
    uint8_t texel[16];
} Family;

#define F1 0x00, 0x00, 0x80, 0x3f /* 1.0f */
#define F0 0x00, 0x00, 0x00, 0x00

static const Family families[] = {
    { DXGI_FORMAT_R32G32B32A32_TYPELESS, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 16,
      { F1, F0, F1, F0 } },
    { DXGI_FORMAT_R16G16B16A16_TYPELESS, DXGI_FORMAT_R16G16B16A16_FLOAT, 8, 8,
      { 0x00, 0x3c, 0, 0, 0x00, 0x3c, 0, 0 } }, /* half 1.0: 0x3c00 */
    { DXGI_FORMAT_R32G32_TYPELESS, DXGI_FORMAT_R32G32_FLOAT, 8, 8, { F1, F0 } },
    { DXGI_FORMAT_R10G10B10A2_TYPELESS, DXGI_FORMAT_R10G10B10A2_UNORM, 4, 4,
      { 0xff, 0x03, 0xf0, 0x3f } }, /* 1023 | 1023 << 20 */
    { DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, { 0xff, 0, 0xff, 0 } },
    { DXGI_FORMAT_R16G16_TYPELESS, DXGI_FORMAT_R16G16_UNORM, 4, 4, { 0xff, 0xff, 0, 0 } },
    { DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R32_FLOAT, 4, 4, { F1 } },
    { DXGI_FORMAT_R8G8_TYPELESS, DXGI_FORMAT_R8G8_UNORM, 2, 2, { 0xff, 0 } },
    { DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_R16_UNORM, 2, 2, { 0xff, 0xff } },
    { DXGI_FORMAT_R8_TYPELESS, DXGI_FORMAT_R8_UNORM, 1, 1, { 0xff } },
    { DXGI_FORMAT_B8G8R8A8_TYPELESS, DXGI_FORMAT_B8G8R8A8_UNORM, 4, 4, { 0xff, 0, 0xff, 0 } },
    { DXGI_FORMAT_B8G8R8X8_TYPELESS, DXGI_FORMAT_B8G8R8X8_UNORM, 4, 3, { 0xff, 0, 0xff } },
};

/* Every colour TYPELESS format of the 3D path: 4x (CheckMultisample
 * QualityLevels 1, no caps of its own), a 4x texture cleared through a
 * typed RTV to (1, 0, 1, 0), resolved in the typed format into a
 * single-sample TYPELESS texture, read back through a staging copy: the
 * bytes of the colour in the typed format. */
static void test_families(void)
{
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    for (size_t i = 0; i < G_N_ELEMENTS(families); i++) {
        const Family *m = &families[i];
        UINT levels = 0, caps = 0xdead;
        F(d, pfnCheckMultisampleQualityLevels)(d->h, m->res, 4, &levels);
        g_assert_cmpuint(levels, ==, 1);
        F(d, pfnCheckFormatSupport)(d->h, m->res, &caps);
        g_assert_cmphex(caps, ==, 0);
        RtResource *ms = tex2d(d, m->res, 4, D3D10_DDI_BIND_RENDER_TARGET);
        RtResource *one = tex2d(d, m->res, 1, D3D10_DDI_BIND_RENDER_TARGET);
        RtView *v;
        OK(rt_create_rtv_as(d, ms, m->view, 0, 0, 1, &v));
        OK(rt_clear(d, v, 1, 0, 1, 0));
        rt_destroy_rtv(d, v);
        OK(RT_CALL(d, ResourceResolveSubresource, 0,
                   F(d, pfnResourceResolveSubresource)(d->h, one->h, 0, ms->h, 0, m->view)));
        uint8_t out[N * 16];
        rt_read(d, one, 0, out);
        for (unsigned t = 0; t < N; t++) {
            if (memcmp(out + t * m->bytes, m->texel, m->cmp)) {
                g_error("family %zu (format %u) texel %u differs", i, m->res, t);
            }
        }
        rt_destroy(d, one);
        rt_destroy(d, ms);
    }
    pipe_free(&p);
}

/* An R8G8B8A8_TYPELESS array of 3 slices (texel bytes: slice, x, y, 7)
 * read through an R8G8B8A8_UINT Texture2DArray view of slices 1 and 2:
 * its slice 0 is the resource's slice 1 (the host's texture view in
 * another format starts at the view's first slice). */
static void test_slices(void)
{
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    uint8_t px[3][N * 4];
    D3D10_DDIARG_SUBRESOURCE_UP up[3];
    for (unsigned z = 0; z < 3; z++) {
        for (unsigned i = 0; i < N; i++) {
            const uint8_t t[4] = { (uint8_t)z, (uint8_t)(i % W), (uint8_t)(i / W), 7 };
            memcpy(px[z] + i * 4, t, 4);
        }
        up[z] = (D3D10_DDIARG_SUBRESOURCE_UP){ px[z], W * 4, N * 4 };
    }
    RtResource *t;
    OK(rt_create_tex2d(d, W, H, 1, 3, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D10_DDI_USAGE_DEFAULT,
                       D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &t));
    SrvObj s = srv_bind_slices(d, t, DXGI_FORMAT_R8G8B8A8_UINT, 1, 2);
    float out[N * 4];
    read_bound(&p, ps_load_array_uint, out);
    srv_free(d, &s);
    for (unsigned i = 0; i < N * 4; i++) {
        if (out[i] != px[1][i]) {
            g_error("texel %u channel %u = %g, want %u", i / 4, i % 4, out[i], px[1][i]);
        }
    }
    rt_destroy(d, t);
    pipe_free(&p);
}

/* A block-compressed TYPELESS texture of one 4x4 block (every texel the
 * block's first colour: index 0 everywhere) read by ld through a typed
 * view: the texel within `tol` (mid-range channels: decoders differ in
 * the last bits of their 5/6-bit expansion). */
typedef struct BcView {
    DXGI_FORMAT res, view;
    uint8_t bytes;
    uint8_t block[16];
    float texel[4];
    float tol;
} BcView;

/* sRGB to linear (the DXGI rule) of code c / 255. */
static float lin(double c)
{
    c /= 255;
    return (float)(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4));
}

/* BC1 colour: c0 = 565 (31, 0, 16) above c1 = 0 (4-colour mode), indices
 * 0: (1, 0, 132 / 255) (16 expanded to 8 bits: 132). BC7 mode 6 (bit 6
 * of byte 0), endpoint 0 = (132, 0, 254, 254) (7 bits each and p-bit 0),
 * endpoint 1 = 0, indices 0. BC4 red0 0xff, red1 0: UNORM 1, SNORM
 * -1 / 127 (the byte as int8); BC5 green0 0x80: UNORM 128 / 255, SNORM
 * -128, clamped to -1. */
#define BC1_COLOUR 0x10, 0xf8, 0, 0, 0, 0, 0, 0
#define BC7_E0 0x40, 0x21, 0x00, 0x00, 0xf8, 0x03, 0xfe, 0x00

/* Every block-compressed TYPELESS format read through its typed views
 * (UNORM and UNORM_SRGB, UNORM and SNORM) on the 3D path. */
static void test_bc(void)
{
    const float b = 132 / 255.0f;
    const BcView v[] = {
        { DXGI_FORMAT_BC1_TYPELESS, DXGI_FORMAT_BC1_UNORM, 8, { BC1_COLOUR }, { 1, 0, b, 1 },
          0.005f },
        { DXGI_FORMAT_BC1_TYPELESS, DXGI_FORMAT_BC1_UNORM_SRGB, 8, { BC1_COLOUR },
          { 1, 0, lin(132), 1 }, 0.005f },
        { DXGI_FORMAT_BC2_TYPELESS, DXGI_FORMAT_BC2_UNORM, 16,
          { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, BC1_COLOUR }, { 1, 0, b, 1 },
          0.005f },
        { DXGI_FORMAT_BC2_TYPELESS, DXGI_FORMAT_BC2_UNORM_SRGB, 16,
          { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, BC1_COLOUR },
          { 1, 0, lin(132), 1 }, 0.005f },
        { DXGI_FORMAT_BC3_TYPELESS, DXGI_FORMAT_BC3_UNORM, 16,
          { 0xff, 0, 0, 0, 0, 0, 0, 0, BC1_COLOUR }, { 1, 0, b, 1 }, 0.005f },
        { DXGI_FORMAT_BC3_TYPELESS, DXGI_FORMAT_BC3_UNORM_SRGB, 16,
          { 0xff, 0, 0, 0, 0, 0, 0, 0, BC1_COLOUR }, { 1, 0, lin(132), 1 }, 0.005f },
        { DXGI_FORMAT_BC4_TYPELESS, DXGI_FORMAT_BC4_UNORM, 8, { 0xff }, { 1, 0, 0, 1 }, 0 },
        { DXGI_FORMAT_BC4_TYPELESS, DXGI_FORMAT_BC4_SNORM, 8, { 0xff }, { -1 / 127.0f, 0, 0, 1 },
          1e-6f },
        { DXGI_FORMAT_BC5_TYPELESS, DXGI_FORMAT_BC5_UNORM, 16,
          { 0xff, 0, 0, 0, 0, 0, 0, 0, 0x80 }, { 1, 128 / 255.0f, 0, 1 }, 1e-6f },
        { DXGI_FORMAT_BC5_TYPELESS, DXGI_FORMAT_BC5_SNORM, 16,
          { 0xff, 0, 0, 0, 0, 0, 0, 0, 0x80 }, { -1 / 127.0f, -1, 0, 1 }, 1e-6f },
        { DXGI_FORMAT_BC7_TYPELESS, DXGI_FORMAT_BC7_UNORM, 16, { BC7_E0 },
          { b, 0, 254 / 255.0f, 254 / 255.0f }, 1e-6f },
        { DXGI_FORMAT_BC7_TYPELESS, DXGI_FORMAT_BC7_UNORM_SRGB, 16, { BC7_E0 },
          { lin(132), 0, lin(254), 254 / 255.0f }, 0.003f },
    };
    Pipe p = pipe_new(TOPO_TRIANGLES);
    RtDevice *d = p.d;
    for (size_t i = 0; i < G_N_ELEMENTS(v); i++) {
        const D3D10_DDIARG_SUBRESOURCE_UP up = { v[i].block, v[i].bytes, v[i].bytes };
        RtResource *t;
        OK(rt_create_tex2d(d, 4, 4, 1, 1, v[i].res, D3D10_DDI_USAGE_DEFAULT,
                           D3D10_DDI_BIND_SHADER_RESOURCE, 0, &up, &t));
        g_assert_cmpuint(((UmdResource *)t->mem)->res_id, >, 0);
        float out[N * 4];
        read_through(&p, ps_load, t, v[i].view, out);
        for (unsigned y = 0; y < 4; y++) {
            for (unsigned x = 0; x < 4; x++) {
                const float *o = out + (y * W + x) * 4;
                for (unsigned c = 0; c < 4; c++) {
                    if (fabsf(o[c] - v[i].texel[c]) > v[i].tol) {
                        g_error("view %zu (format %u) texel (%u,%u) channel %u = %g, want %g",
                                i, v[i].view, x, y, c, o[c], v[i].texel[c]);
                    }
                }
            }
        }
        rt_destroy(d, t);
    }
    pipe_free(&p);
}

void d3d_typeless_tests_add(void)
{
    static const char *const names[] = { "r24g8", "r32", "r16", "r32g8x24" };
    for (size_t i = 0; i < G_N_ELEMENTS(depths); i++) {
        g_autofree char *shadow = g_strdup_printf("/d3d/typeless/shadow-%s", names[i]);
        g_autofree char *msd = g_strdup_printf("/d3d/typeless/ms-depth-%s", names[i]);
        g_autofree char *msl = g_strdup_printf("/d3d/typeless/ms-load-%s", names[i]);
        g_test_add_data_func(shadow, &depths[i], test_shadow);
        g_test_add_data_func(msd, &depths[i], test_ms_depth);
        g_test_add_data_func(msl, &depths[i], test_ms_load);
    }
    g_test_add_data_func("/d3d/typeless/stencil-r24g8", &stencils[0], test_stencil);
    g_test_add_data_func("/d3d/typeless/stencil-r32g8x24", &stencils[1], test_stencil);
    g_test_add_func("/d3d/typeless/depth-and-stencil", test_depth_and_stencil);
    g_test_add_func("/d3d/typeless/families", test_families);
    g_test_add_func("/d3d/typeless/slices", test_slices);
    g_test_add_func("/d3d/typeless/bc", test_bc);
    g_test_add_data_func("/d3d/typeless/srgb", GUINT_TO_POINTER(false), test_srgb);
    g_test_add_data_func("/d3d/typeless/srgb-clear", GUINT_TO_POINTER(true), test_srgb);
    g_test_add_func("/d3d/typeless/staging-d24s8", test_staging);
    g_test_add_func("/d3d/typeless/ms-copy", test_ms_copy);
}
