/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, sampler states through the whole stack on an 11.0
 * device: every texture address mode (with the border colour) on a 2x2
 * texture sampled far outside [0, 1], and the MinLOD / MaxLOD clamp of the
 * mip level. Point filtering at coordinates that are never on a texel
 * edge, so every pixel is one texel (or the border colour) exactly.
 */
#include <math.h>
#include <string.h>

#include "d3d-pipe.h"

#define OK(expr) g_assert_cmphex((uint32_t)(expr), ==, 0)

/* Texture2D t : register(t0); SamplerState s : register(s0);
 * float4 main(float4 p : SV_Position, float4 uv : COLOR) : SV_Target
 * { return t.SampleLevel(s, uv.xy, uv.z); } */
static const char ps_sample_text[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xyz\n"
    "dcl_output o0.xyzw\n"
    "sample_l o0.xyzw, v1.xyxx, t0.xyzw, s0, v1.z\n"
    "ret\n";

static void *sampler(RtDevice *d, const D3D10_DDI_SAMPLER_DESC *desc)
{
    void *mem = g_malloc0(F(d, pfnCalcPrivateSamplerSize)(d->h, desc));
    D3D10DDI_HSAMPLER h = { mem };
    OK(RT_CALL(d, CreateSampler, 0,
               F(d, pfnCreateSampler)(d->h, desc, h, (D3D10DDI_HRTSAMPLER){ mem })));
    OK(RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &h)));
    return mem;
}

static void sampler_free(RtDevice *d, void *mem)
{
    D3D10DDI_HSAMPLER none = { NULL };
    RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &none));
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, (D3D10DDI_HSAMPLER){ mem }));
    g_free(mem);
}

/* A full-target quad whose texture coordinates run from (u0, u0) at the
 * top left to (u1, u1) at the bottom right, at mip level lod. */
static void draw_uv(Pipe *p, float u0, float u1, float lod)
{
    const float a[4] = { u0, u0, lod, 0 }, b[4] = { u1, u0, lod, 0 }, c[4] = { u0, u1, lod, 0 },
                e[4] = { u1, u1, lod, 0 };
    const PipeVtx v[6] = { pipe_vtx(0, 0, a),  pipe_vtx(16, 0, b), pipe_vtx(0, 16, c),
                           pipe_vtx(0, 16, c), pipe_vtx(16, 0, b), pipe_vtx(16, 16, e) };
    RtResource *vb = pipe_buffer(p->d, D3D10_DDI_BIND_VERTEX_BUFFER, v, sizeof v);
    pipe_set_vb(p, vb);
    pipe_draw(p, 6, 0);
    rt_destroy(p->d, vb);
}

/* D3D10_DDI_TEXTURE_ADDRESS_MODE applied to texel index i of a row of n
 * texels: the texel, or -1 for the border colour. */
static int address(int mode, int i, int n)
{
    switch (mode) {
    case 1: /* WRAP */
        return ((i % n) + n) % n;
    case 2: { /* MIRROR */
        int m = ((i % (2 * n)) + 2 * n) % (2 * n);
        return m < n ? m : 2 * n - 1 - m;
    }
    case 3: /* CLAMP */
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    case 4: /* BORDER */
        return i < 0 || i >= n ? -1 : i;
    default: { /* MIRROR_ONCE: mirrored about 0 once, then clamped */
        int m = i < 0 ? -i - 1 : i;
        return m >= n ? n - 1 : m;
    }
    }
}

/* Texture coordinates -2 .. 3 across the target: pixel x samples
 * u = -2 + 5 (x + 0.5) / 16, texel u * 2, never an integer (5 (2x + 1) / 16
 * is not). Each pixel is the texel the address mode picks from the 2x2
 * red, green / blue, white texture, or the border colour (1, 0, 1, 0.5:
 * 0.5 written to UNORM8 is 127.5, so bytes are compared within 1). */
static void test_address_modes(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, ps_sample_text);
    RtResource *tex;
    D3D10DDI_HSHADERRESOURCEVIEW hs;
    void *srv = pipe_quad_texture_srv(d, &tex, &hs);
    OK(RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &hs)));
    static const uint8_t texel[4][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
                                         { 0, 0, 255, 255 }, { 255, 255, 255, 255 } };
    const uint8_t border[4] = { 255, 0, 255, 128 };
    for (int mode = 1; mode <= 5; mode++) {
        const D3D10_DDI_SAMPLER_DESC desc = {
            .Filter = 0, .AddressU = mode, .AddressV = mode, .AddressW = mode,
            .MaxAnisotropy = 1, .ComparisonFunc = 1, .BorderColor = { 1, 0, 1, 0.5f },
            .MaxLOD = 1000,
        };
        void *samp = sampler(d, &desc);
        const float black[4] = { 0, 0, 0, 1 };
        pipe_clear(&p, black);
        draw_uv(&p, -2, 3, 0);
        uint8_t px[PIPE_W * PIPE_H * 4];
        pipe_read(&p, px);
        for (unsigned y = 0; y < PIPE_H; y++) {
            for (unsigned x = 0; x < PIPE_W; x++) {
                int i = (int)floorf((-2.0f + 5.0f * (x + 0.5f) / 16.0f) * 2.0f);
                int j = (int)floorf((-2.0f + 5.0f * (y + 0.5f) / 16.0f) * 2.0f);
                int ti = address(mode, i, 2), tj = address(mode, j, 2);
                const uint8_t *want = ti < 0 || tj < 0 ? border : texel[tj * 2 + ti];
                const uint8_t *q = px + (y * PIPE_W + x) * 4; /* B, G, R, A */
                const uint8_t got[4] = { q[2], q[1], q[0], q[3] };
                for (int k = 0; k < 4; k++) {
                    if (abs((int)got[k] - (int)want[k]) > 1) {
                        g_error("mode %d: pixel (%u,%u) = %02x%02x%02x%02x (RGBA), want "
                                "%02x%02x%02x%02x",
                                mode, x, y, got[0], got[1], got[2], got[3], want[0], want[1],
                                want[2], want[3]);
                    }
                }
            }
        }
        sampler_free(d, samp);
    }
    pipe_srv_free(d, srv);
    rt_destroy(d, tex);
    pipe_free(&p);
}

/* A 2x2 texture of two mips, mip 0 all red, mip 1 (1x1) green: SampleLevel
 * at level 0 with MinLOD 1 reads green, at level 1 with MaxLOD 0 reads
 * red, at level 1 with no clamp reads green. */
static void test_lod_clamp(void)
{
    Pipe p = pipe_new(4 /* TRIANGLELIST */);
    RtDevice *d = p.d;
    pipe_use(&p, RT_VS, pipe_vs_text);
    pipe_use(&p, RT_PS, ps_sample_text);
    const uint8_t red[16] = { 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255 };
    const uint8_t green[4] = { 0, 255, 0, 255 };
    const D3D10_DDIARG_SUBRESOURCE_UP up[2] = { { red, 8, 16 }, { green, 4, 4 } };
    RtResource *tex;
    OK(rt_create_tex2d(d, 2, 2, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                       D3D10_DDI_BIND_SHADER_RESOURCE, 0, up, &tex));
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = tex->h, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
        .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    sc.Tex2D = (D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW){ 0, 0, 2, 1 };
    D3D10DDI_HSHADERRESOURCEVIEW hs;
    void *srv = pipe_srv(d, &sc, &hs);
    OK(RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &hs)));
    static const struct {
        float lod, min_lod, max_lod;
        float want[4];
    } cases[] = {
        { 0, 1, 1000, { 0, 1, 0, 1 } },
        { 1, 0, 0, { 1, 0, 0, 1 } },
        { 1, 0, 1000, { 0, 1, 0, 1 } },
        { 0, 0, 1000, { 1, 0, 0, 1 } },
    };
    for (size_t k = 0; k < G_N_ELEMENTS(cases); k++) {
        const D3D10_DDI_SAMPLER_DESC desc = {
            .Filter = 0, .AddressU = 3, .AddressV = 3, .AddressW = 3, .MaxAnisotropy = 1,
            .ComparisonFunc = 1, .MinLOD = cases[k].min_lod, .MaxLOD = cases[k].max_lod,
        };
        void *samp = sampler(d, &desc);
        const float black[4] = { 0, 0, 0, 1 };
        pipe_clear(&p, black);
        draw_uv(&p, 0, 1, cases[k].lod);
        uint8_t px[PIPE_W * PIPE_H * 4];
        pipe_read(&p, px);
        pipe_assert_rect(px, 0, 0, PIPE_W, PIPE_H, cases[k].want, NULL);
        sampler_free(d, samp);
    }
    pipe_srv_free(d, srv);
    rt_destroy(d, tex);
    pipe_free(&p);
}

void d3d_sampler_tests_add(void)
{
    g_test_add_func("/d3d/sampler/address-modes", test_address_modes);
    g_test_add_func("/d3d/sampler/lod-clamp", test_lod_clamp);
}
