/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, formats of the 3D path (issue 12, guest-umd/format3d.c):
 * for every format CheckFormatSupport says can be sampled or rendered, a
 * W x H texture of known texels is read by a pixel shader into an
 * R32G32B32A32 target (sample with a point sampler at the texel centres for
 * the formats claiming SHADER_SAMPLE, ld for the integer ones) and every
 * texel compared with the value decoded here from the DXGI rules (UNORM c /
 * (2^n - 1), SNORM c / (2^(n-1) - 1) clamped to -1, float16/11/10 and the
 * shared exponent format, sRGB); each format claiming RENDERTARGET is drawn
 * with values it holds exactly and read back byte for byte. Also a typed
 * R32_UINT texture UAV written by compute and a 4x multisampled
 * R16G16B16A16_FLOAT target resolved.
 */
#include <math.h>
#include <string.h>

#include "d3d11_umddi_uav.h"
#include "d3drt.h"
#include "sm4_asm.h"
#include "test-d3d.h"
#include "umd.h"

enum { W = 4, H = 2, N = W * H };

typedef enum Kind { UNORM, SNORM, UINT_, SINT, FLOAT_, SRGB } Kind;

/* A format as components from the least significant bit of its texel:
 * bits of each (n of them), which output channel each one is (r g b a =
 * 0..3), their kind; packed float formats by their own decoders. */
typedef struct Fmt {
    DXGI_FORMAT f;
    const char *name;
    uint8_t bytes, n;
    uint8_t bits[4], chan[4];
    Kind kind;
} Fmt;

#define C4(a, b, c, d) { a, b, c, d }
#define RGBA C4(0, 1, 2, 3)

static const Fmt fmts[] = {
    { DXGI_FORMAT_R32G32B32A32_FLOAT, "R32G32B32A32_FLOAT", 16, 4, C4(32, 32, 32, 32), RGBA,
      FLOAT_ },
    { DXGI_FORMAT_R32G32B32A32_UINT, "R32G32B32A32_UINT", 16, 4, C4(32, 32, 32, 32), RGBA, UINT_ },
    { DXGI_FORMAT_R32G32B32A32_SINT, "R32G32B32A32_SINT", 16, 4, C4(32, 32, 32, 32), RGBA,
      SINT },
    { DXGI_FORMAT_R32G32B32_FLOAT, "R32G32B32_FLOAT", 12, 3, C4(32, 32, 32, 0), RGBA, FLOAT_ },
    { DXGI_FORMAT_R16G16B16A16_FLOAT, "R16G16B16A16_FLOAT", 8, 4, C4(16, 16, 16, 16), RGBA,
      FLOAT_ },
    { DXGI_FORMAT_R16G16B16A16_UNORM, "R16G16B16A16_UNORM", 8, 4, C4(16, 16, 16, 16), RGBA, UNORM },
    { DXGI_FORMAT_R16G16B16A16_UINT, "R16G16B16A16_UINT", 8, 4, C4(16, 16, 16, 16), RGBA, UINT_ },
    { DXGI_FORMAT_R16G16B16A16_SNORM, "R16G16B16A16_SNORM", 8, 4, C4(16, 16, 16, 16), RGBA, SNORM },
    { DXGI_FORMAT_R16G16B16A16_SINT, "R16G16B16A16_SINT", 8, 4, C4(16, 16, 16, 16), RGBA, SINT },
    { DXGI_FORMAT_R32G32_FLOAT, "R32G32_FLOAT", 8, 2, C4(32, 32, 0, 0), RGBA, FLOAT_ },
    { DXGI_FORMAT_R32G32_UINT, "R32G32_UINT", 8, 2, C4(32, 32, 0, 0), RGBA, UINT_ },
    { DXGI_FORMAT_R32G32_SINT, "R32G32_SINT", 8, 2, C4(32, 32, 0, 0), RGBA, SINT },
    { DXGI_FORMAT_R10G10B10A2_UNORM, "R10G10B10A2_UNORM", 4, 4, C4(10, 10, 10, 2), RGBA, UNORM },
    { DXGI_FORMAT_R10G10B10A2_UINT, "R10G10B10A2_UINT", 4, 4, C4(10, 10, 10, 2), RGBA, UINT_ },
    { DXGI_FORMAT_R11G11B10_FLOAT, "R11G11B10_FLOAT", 4, 3, C4(11, 11, 10, 0), RGBA, FLOAT_ },
    { DXGI_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", 4, 4, C4(8, 8, 8, 8), RGBA, UNORM },
    { DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, "R8G8B8A8_UNORM_SRGB", 4, 4, C4(8, 8, 8, 8), RGBA, SRGB },
    { DXGI_FORMAT_R8G8B8A8_UINT, "R8G8B8A8_UINT", 4, 4, C4(8, 8, 8, 8), RGBA, UINT_ },
    { DXGI_FORMAT_R8G8B8A8_SNORM, "R8G8B8A8_SNORM", 4, 4, C4(8, 8, 8, 8), RGBA, SNORM },
    { DXGI_FORMAT_R8G8B8A8_SINT, "R8G8B8A8_SINT", 4, 4, C4(8, 8, 8, 8), RGBA, SINT },
    { DXGI_FORMAT_R16G16_FLOAT, "R16G16_FLOAT", 4, 2, C4(16, 16, 0, 0), RGBA, FLOAT_ },
    { DXGI_FORMAT_R16G16_UNORM, "R16G16_UNORM", 4, 2, C4(16, 16, 0, 0), RGBA, UNORM },
    { DXGI_FORMAT_R16G16_UINT, "R16G16_UINT", 4, 2, C4(16, 16, 0, 0), RGBA, UINT_ },
    { DXGI_FORMAT_R16G16_SNORM, "R16G16_SNORM", 4, 2, C4(16, 16, 0, 0), RGBA, SNORM },
    { DXGI_FORMAT_R16G16_SINT, "R16G16_SINT", 4, 2, C4(16, 16, 0, 0), RGBA, SINT },
    { DXGI_FORMAT_R32_FLOAT, "R32_FLOAT", 4, 1, C4(32, 0, 0, 0), RGBA, FLOAT_ },
    { DXGI_FORMAT_R32_UINT, "R32_UINT", 4, 1, C4(32, 0, 0, 0), RGBA, UINT_ },
    { DXGI_FORMAT_R32_SINT, "R32_SINT", 4, 1, C4(32, 0, 0, 0), RGBA, SINT },
    { DXGI_FORMAT_R8G8_UNORM, "R8G8_UNORM", 2, 2, C4(8, 8, 0, 0), RGBA, UNORM },
    { DXGI_FORMAT_R8G8_UINT, "R8G8_UINT", 2, 2, C4(8, 8, 0, 0), RGBA, UINT_ },
    { DXGI_FORMAT_R8G8_SNORM, "R8G8_SNORM", 2, 2, C4(8, 8, 0, 0), RGBA, SNORM },
    { DXGI_FORMAT_R8G8_SINT, "R8G8_SINT", 2, 2, C4(8, 8, 0, 0), RGBA, SINT },
    { DXGI_FORMAT_R16_FLOAT, "R16_FLOAT", 2, 1, C4(16, 0, 0, 0), RGBA, FLOAT_ },
    { DXGI_FORMAT_R16_UNORM, "R16_UNORM", 2, 1, C4(16, 0, 0, 0), RGBA, UNORM },
    { DXGI_FORMAT_R16_UINT, "R16_UINT", 2, 1, C4(16, 0, 0, 0), RGBA, UINT_ },
    { DXGI_FORMAT_R16_SNORM, "R16_SNORM", 2, 1, C4(16, 0, 0, 0), RGBA, SNORM },
    { DXGI_FORMAT_R16_SINT, "R16_SINT", 2, 1, C4(16, 0, 0, 0), RGBA, SINT },
    { DXGI_FORMAT_R8_UNORM, "R8_UNORM", 1, 1, C4(8, 0, 0, 0), RGBA, UNORM },
    { DXGI_FORMAT_R8_UINT, "R8_UINT", 1, 1, C4(8, 0, 0, 0), RGBA, UINT_ },
    { DXGI_FORMAT_R8_SNORM, "R8_SNORM", 1, 1, C4(8, 0, 0, 0), RGBA, SNORM },
    { DXGI_FORMAT_R8_SINT, "R8_SINT", 1, 1, C4(8, 0, 0, 0), RGBA, SINT },
    { DXGI_FORMAT_A8_UNORM, "A8_UNORM", 1, 1, C4(8, 0, 0, 0), C4(3, 0, 0, 0), UNORM },
    { DXGI_FORMAT_R9G9B9E5_SHAREDEXP, "R9G9B9E5_SHAREDEXP", 4, 4, C4(9, 9, 9, 5), RGBA, FLOAT_ },
    { DXGI_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM", 4, 4, C4(8, 8, 8, 8), C4(2, 1, 0, 3), UNORM },
    { DXGI_FORMAT_B8G8R8X8_UNORM, "B8G8R8X8_UNORM", 4, 3, C4(8, 8, 8, 0), C4(2, 1, 0, 0), UNORM },
    { DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, "B8G8R8A8_UNORM_SRGB", 4, 4, C4(8, 8, 8, 8), C4(2, 1, 0, 3),
      SRGB },
};

static bool is_int(const Fmt *m)
{
    return m->kind == UINT_ || m->kind == SINT;
}

/* ---- bits ------------------------------------------------------------ */

static uint32_t get_bits(const uint8_t *p, unsigned at, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        v |= (uint64_t)((p[(at + i) / 8] >> ((at + i) % 8)) & 1) << i;
    }
    return (uint32_t)v;
}

static void put_bits(uint8_t *p, unsigned at, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned b = at + i;
        p[b / 8] = (uint8_t)((p[b / 8] & ~(1u << (b % 8))) | ((v >> i) & 1) << (b % 8));
    }
}

static unsigned offset_of(const Fmt *m, unsigned c)
{
    unsigned at = 0;
    for (unsigned i = 0; i < c; i++) {
        at += m->bits[i];
    }
    return at;
}

/* ---- decoding (the DXGI conversion rules) ---------------------------- */

/* A float with e exponent bits (bias 2^(e-1) - 1) and m mantissa bits,
 * sign bit s (0 or 1) above them if present: float16, 11 and 10-bit. */
static float small_float(uint32_t v, unsigned e, unsigned m, bool sign)
{
    uint32_t man = v & ((1u << m) - 1), ex = (v >> m) & ((1u << e) - 1);
    int bias = (1 << (e - 1)) - 1;
    double x = ex ? ldexp(1.0 + man / (double)(1u << m), (int)ex - bias)
                  : ldexp(man / (double)(1u << m), 1 - bias);
    return (float)(sign && (v >> (m + e)) & 1 ? -x : x);
}

static float srgb_to_linear(uint32_t c)
{
    double s = c / 255.0;
    return (float)(s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4));
}

/* Component c of texel p as the shader reads it (floats as bits). */
static uint32_t decode_comp(const Fmt *m, const uint8_t *p, unsigned c)
{
    unsigned n = m->bits[c];
    uint32_t v = get_bits(p, offset_of(m, c), n);
    float f;
    switch (m->kind) {
    case UINT_:
        return v;
    case SINT:
        return n == 32 ? v : (uint32_t)((int32_t)(v << (32 - n)) >> (32 - n));
    case UNORM:
        f = (float)(v / (double)((1ull << n) - 1));
        break;
    case SRGB:
        f = m->chan[c] == 3 ? (float)(v / 255.0) : srgb_to_linear(v);
        break;
    case SNORM: {
        int32_t s = (int32_t)(v << (32 - n)) >> (32 - n);
        double x = s / (double)((1u << (n - 1)) - 1);
        f = (float)(x < -1 ? -1 : x);
        break;
    }
    default:
        if (m->f == DXGI_FORMAT_R9G9B9E5_SHAREDEXP) {
            f = (float)ldexp(v, (int)get_bits(p, 27, 5) - 15 - 9);
        } else if (n == 32) {
            memcpy(&f, &v, 4);
        } else {
            f = n == 16 ? small_float(v, 5, 10, true) : small_float(v, 5, n - 5, false);
        }
    }
    uint32_t bits;
    memcpy(&bits, &f, 4);
    return bits;
}

/* The RGBA the shader reads for texel p: missing channels 0, alpha 1
 * (1.0f or integer 1). */
static void decode(const Fmt *m, const uint8_t *p, uint32_t out[4])
{
    const float one = 1.0f;
    uint32_t fone;
    memcpy(&fone, &one, 4);
    out[0] = out[1] = out[2] = 0;
    out[3] = is_int(m) ? 1 : fone;
    unsigned n = m->f == DXGI_FORMAT_R9G9B9E5_SHAREDEXP ? 3 : m->n;
    for (unsigned c = 0; c < n; c++) {
        out[m->chan[c]] = decode_comp(m, p, c);
    }
}

/* Texel bytes from a fixed generator; float16/11/10 exponents kept below
 * all-ones (no infinities or NaNs), float32 components small multiples of
 * 1/8 (any such value is exact). */
static void make_texels(const Fmt *m, uint8_t *px)
{
    uint32_t seed = 0x9e3779b9u ^ (uint32_t)m->f;
    for (unsigned i = 0; i < N * m->bytes; i++) {
        seed = seed * 1664525u + 1013904223u;
        px[i] = (uint8_t)(seed >> 24);
    }
    if (m->kind != FLOAT_ || m->f == DXGI_FORMAT_R9G9B9E5_SHAREDEXP) {
        return;
    }
    for (unsigned t = 0; t < N; t++) {
        uint8_t *p = px + t * m->bytes;
        for (unsigned c = 0; c < m->n; c++) {
            unsigned n = m->bits[c], at = offset_of(m, c);
            uint32_t v = get_bits(p, at, n);
            if (n == 32) {
                float f = (float)((int)(v % 2001) - 1000) / 8;
                memcpy(&v, &f, 4);
            } else {
                unsigned man = n == 16 ? 10 : n - 5;
                v &= ~(1u << (man + 4)); /* top exponent bit */
            }
            put_bits(p, at, n, v);
        }
    }
}

/* ---- the pipeline ------------------------------------------------------ */

/* float4 main(float4 p : POSITION) : SV_Position { return p; } */
static const char vs_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xyzw, v0.xyzw\n"
    "ret\n";

/* Texture2D t; SamplerState s;
 * float4 main(float4 p : SV_Position) : SV_Target
 * { return t.Sample(s, p.xy / float2(4, 2)); } */
static const char ps_sample[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mul r0.xy, v0.xyxx, l(0.250000, 0.500000, 0.000000, 0.000000)\n"
    "sample o0.xyzw, r0.xyxx, t0.xyzw, s0\n"
    "ret\n";

/* Texture2D<uint4> t (or int4, float4: ps_load_sint, ps_load_float);
 * uint4 main(float4 p : SV_Position) : SV_Target
 * { return t.Load(int3(p.xy, 0)); } */
#define PS_LOAD(type)                                                                          \
    "ps_4_0\n"                                                                                 \
    "dcl_resource_texture2d (" type "," type "," type "," type ") t0\n"                        \
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"                                  \
    "dcl_output o0.xyzw\n"                                                                     \
    "dcl_temps 1\n"                                                                            \
    "ftou r0.xy, v0.xyxx\n"                                                                    \
    "mov r0.zw, l(0, 0, 0, 0)\n"                                                               \
    "ld r0.xyzw, r0.xyzw, t0.xyzw\n"                                                           \
    "mov o0.xyzw, r0.xyzw\n"                                                                   \
    "ret\n"
static const char ps_load_uint[] = PS_LOAD("uint");

/* Texture2DMS<uint4, 4> t (or float4: ps_load_ms_float);
 * uint4 main(float4 p : SV_Position) : SV_Target
 * { uint2 q = uint2(p.xy); return t.Load(q, (q.x + q.y) & 3); } */
#define PS_LOAD_MS(type)                                                                       \
    "ps_4_1\n"                                                                                 \
    "dcl_resource_texture2dms(4) (" type "," type "," type "," type ") t0\n"                   \
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"                                  \
    "dcl_output o0.xyzw\n"                                                                     \
    "dcl_temps 2\n"                                                                            \
    "ftou r0.xy, v0.xyxx\n"                                                                    \
    "mov r0.zw, l(0, 0, 0, 0)\n"                                                               \
    "iadd r1.x, r0.x, r0.y\n"                                                                  \
    "and r1.x, r1.x, l(3)\n"                                                                   \
    "ld_ms r0.xyzw, r0.xyzw, t0.xyzw, r1.x\n"                                                  \
    "mov o0.xyzw, r0.xyzw\n"                                                                   \
    "ret\n"
static const char ps_load_ms_uint[] = PS_LOAD_MS("uint");
static const char ps_load_ms_float[] = PS_LOAD_MS("float");
static const char ps_load_sint[] = PS_LOAD("sint");
static const char ps_load_float[] = PS_LOAD("float");

typedef struct Pipe3 {
    Env e;
    RtDevice *d;
    void *layout, *samp;
    D3D10DDI_HSAMPLER hsamp;
    RtResource *vb;
    RtShader *vs;
} Pipe3;

static RtShader *shader(RtDevice *d, unsigned stage, const char *text)
{
    char err[256] = "";
    size_t len;
    uint8_t *c = sm4_assemble_dxbc(text, &len, err, sizeof err);
    if (!c) {
        g_error("assembling: %s", err);
    }
    RtShader *s;
    g_assert_cmphex((uint32_t)rt_create_shader(d, stage, c, len, &s), ==, 0);
    g_free(c);
    return s;
}

/* An 11.0 device, a full-viewport rectangle (two clockwise triangles) as
 * the vertex buffer, its layout, the VS and a point/CLAMP sampler. */
static Pipe3 pipe3_new(void)
{
    Pipe3 p;
    memset(&p, 0, sizeof p);
    p.e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = p.d = p.e.d;
    const float v[6][4] = { { -1, 1, 0, 1 }, { 1, 1, 0, 1 }, { -1, -1, 0, 1 },
                            { -1, -1, 0, 1 }, { 1, 1, 0, 1 }, { 1, -1, 0, 1 } };
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof v, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, v, &p.vb), ==, 0);
    const D3D10DDIARG_INPUT_ELEMENT_DESC el = { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 };
    D3D10DDIARG_CREATEELEMENTLAYOUT lc = { &el, 1 };
    p.layout = g_malloc0(F(d, pfnCalcPrivateElementLayoutSize)(d->h, &lc));
    D3D10DDI_HELEMENTLAYOUT hl = { p.layout };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateElementLayout, 0,
                                      F(d, pfnCreateElementLayout)(
                                          d->h, &lc, hl, (D3D10DDI_HRTELEMENTLAYOUT){ p.layout })),
                    ==, 0);
    RT_CALL(d, IaSetInputLayout, 0, F(d, pfnIaSetInputLayout)(d->h, hl));
    UINT stride = sizeof v[0], offset = 0;
    RT_CALL(d, IaSetVertexBuffers, 0,
            F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &p.vb->h, &stride, &offset));
    RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4));
    D3D10_DDI_SAMPLER_DESC sd = { .Filter = 0, .AddressU = 3, .AddressV = 3, .AddressW = 3,
                                  .MaxAnisotropy = 1, .ComparisonFunc = 1, .MaxLOD = 1000 };
    p.samp = g_malloc0(F(d, pfnCalcPrivateSamplerSize)(d->h, &sd));
    p.hsamp = (D3D10DDI_HSAMPLER){ p.samp };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateSampler, 0,
                                      F(d, pfnCreateSampler)(d->h, &sd, p.hsamp,
                                                             (D3D10DDI_HRTSAMPLER){ p.samp })),
                    ==, 0);
    RT_CALL(d, PsSetSamplers, 0, F(d, pfnPsSetSamplers)(d->h, 0, 1, &p.hsamp));
    p.vs = shader(d, RT_VS, vs_text);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_VS, p.vs), ==, 0);
    return p;
}

static void pipe3_free(Pipe3 *p)
{
    RtDevice *d = p->d;
    rt_set_shader(d, RT_VS, NULL);
    rt_destroy_shader(d, p->vs);
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, p->hsamp));
    g_free(p->samp);
    RT_CALL(d, DestroyElementLayout, 0,
            F(d, pfnDestroyElementLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ p->layout }));
    g_free(p->layout);
    rt_destroy(d, p->vb);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&p->e);
}

static UINT caps_of(RtDevice *d, DXGI_FORMAT f)
{
    UINT caps = 0;
    g_assert_cmphex((uint32_t)RT_CALL(d, CheckFormatSupport, 0,
                                      F(d, pfnCheckFormatSupport)(d->h, f, &caps)), ==, 0);
    return caps;
}

/* A W x H texture of format f (bind) holding px (NULL: uninitialised). */
static RtResource *texture(RtDevice *d, DXGI_FORMAT f, UINT bind, const void *px, UINT bytes)
{
    D3D10_DDIARG_SUBRESOURCE_UP up = { px, W * bytes, N * bytes };
    RtResource *r;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, f, D3D10_DDI_USAGE_DEFAULT, bind, 0,
                                              px ? &up : NULL, &r), ==, 0);
    g_assert_cmpuint(((UmdResource *)r->mem)->res_id, >, 0); /* on the 3D path */
    return r;
}

typedef struct SrvObj {
    void *mem;
    D3D10DDI_HSHADERRESOURCEVIEW h;
} SrvObj;

static SrvObj srv_bind(RtDevice *d, RtResource *r, DXGI_FORMAT f)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW sc = {
        .hDrvResource = r->h, .Format = f, .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    sc.Tex2D.MipLevels = 1;
    sc.Tex2D.ArraySize = 1;
    SrvObj s = { .mem = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &sc)) };
    s.h.pDrvPrivate = s.mem;
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateShaderResourceView, 0,
                                      d->f11->pfnCreateShaderResourceView(
                                          d->h, &sc, s.h,
                                          (D3D10DDI_HRTSHADERRESOURCEVIEW){ s.mem })),
                    ==, 0);
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &s.h));
    return s;
}

static void srv_free(RtDevice *d, SrvObj *s)
{
    D3D10DDI_HSHADERRESOURCEVIEW none = { NULL };
    RT_CALL(d, PsSetShaderResources, 0, F(d, pfnPsSetShaderResources)(d->h, 0, 1, &none));
    RT_CALL(d, DestroyShaderResourceView, 0, F(d, pfnDestroyShaderResourceView)(d->h, s->h));
    g_free(s->mem);
}

static void set_target(RtDevice *d, RtView *v)
{
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { { v ? v->h.pDrvPrivate : NULL } };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRenderTargets, 0,
                                      d->f11->pfnSetRenderTargets(
                                          d->h, rtvs, 1, 7, (D3D10DDI_HDEPTHSTENCILVIEW){ NULL },
                                          NULL, NULL, 0, 0, 0, 0)), ==, 0);
    D3D10_DDI_VIEWPORT vp = { 0, 0, W, H, 0, 1 };
    RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp));
}

/* Draws the rectangle with pixel shader text into target rt (a view of
 * it made here; of ms if not NULL, resolved into rt in format rf) reading
 * srv (format sf), and reads rt back into out. */
static void draw_read_ms(Pipe3 *p, const char *text, RtResource *src, DXGI_FORMAT sf,
                         RtResource *ms, RtResource *rt, DXGI_FORMAT rf, uint8_t *out)
{
    RtDevice *d = p->d;
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, ms ? ms : rt, 0, 0, 1, &v), ==, 0);
    set_target(d, v);
    SrvObj s = srv_bind(d, src, sf);
    RtShader *ps = shader(d, RT_PS, text);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_PS, ps), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 0)), ==, 0);
    if (ms) {
        g_assert_cmphex((uint32_t)RT_CALL(d, ResourceResolveSubresource, 0,
                                          F(d, pfnResourceResolveSubresource)(d->h, rt->h, 0,
                                                                              ms->h, 0, rf)),
                        ==, 0);
    }
    rt_read(d, rt, 0, out);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, ps);
    srv_free(d, &s);
    set_target(d, NULL);
    rt_destroy_rtv(d, v);
}

static void draw_read(Pipe3 *p, const char *text, RtResource *src, DXGI_FORMAT sf,
                      RtResource *rt, uint8_t *out)
{
    draw_read_ms(p, text, src, sf, NULL, rt, DXGI_FORMAT_UNKNOWN, out);
}

/* Within one unit in the last place of a float32 for UNORM and SNORM
 * (the rules let the quotient be off by less than one float32 ulp; ours
 * is rounded once from double); exact for the integer and float formats.
 * sRGB colour channels: llvmpipe decodes 8-bit sRGB with an
 * approximation (0.15 of a code step off at code 64), so the bound is the
 * one that keeps the code recoverable: nearer to our decoded value of the
 * code than halfway to its neighbours'. */
static bool matches(const Fmt *m, const uint8_t *texel, unsigned ch, uint32_t got, uint32_t want)
{
    if (got == want) {
        return true;
    }
    if (m->kind == UNORM || m->kind == SNORM || (m->kind == SRGB && ch == 3)) {
        int64_t a = (int32_t)got, b = (int32_t)want;
        return (a ^ b) >= 0 && a - b <= 1 && b - a <= 1;
    }
    if (m->kind != SRGB) {
        return false;
    }
    unsigned c = 0;
    while (m->chan[c] != ch) {
        c++;
    }
    uint32_t code = get_bits(texel, offset_of(m, c), 8);
    float g, w = srgb_to_linear(code);
    memcpy(&g, &got, 4);
    float lo = code ? (w - srgb_to_linear(code - 1)) / 2 : 0;
    float hi = code < 255 ? (srgb_to_linear(code + 1) - w) / 2 : 0;
    return g >= w - lo && g <= w + hi;
}

/* ---- sampling every format ------------------------------------------- */

static void sample_one(Pipe3 *p, const Fmt *m)
{
    RtDevice *d = p->d;
    uint8_t px[N * 16];
    make_texels(m, px);
    RtResource *tex = texture(d, m->f, D3D10_DDI_BIND_SHADER_RESOURCE, px, m->bytes);
    DXGI_FORMAT tf = is_int(m) ? DXGI_FORMAT_R32G32B32A32_UINT : DXGI_FORMAT_R32G32B32A32_FLOAT;
    RtResource *rt = texture(d, tf, D3D10_DDI_BIND_RENDER_TARGET, NULL, 16);
    uint32_t out[N * 4];
    const char *text = m->kind == UINT_ ? ps_load_uint : m->kind == SINT ? ps_load_sint
                                                                          : ps_sample;
    draw_read(p, text, tex, m->f, rt, (uint8_t *)out);
    for (unsigned t = 0; t < N; t++) {
        uint32_t want[4];
        decode(m, px + t * m->bytes, want);
        for (unsigned c = 0; c < 4; c++) {
            if (!matches(m, px + t * m->bytes, c, out[t * 4 + c], want[c])) {
                g_error("%s texel %u channel %u: %08x, want %08x", m->name, t, c,
                        out[t * 4 + c], want[c]);
            }
        }
    }
    rt_destroy(d, rt);
    rt_destroy(d, tex);
}

/* Every format whose CheckFormatSupport has SHADER_SAMPLE, and every
 * integer format with RENDERTARGET (they have no SHADER_SAMPLE: ld), is
 * read exactly; the table above covers every format claiming either. */
static void test_sample(void)
{
    Pipe3 p = pipe3_new();
    unsigned sampled = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
        UINT caps = caps_of(p.d, fmts[i].f);
        bool claims = is_int(&fmts[i]) ? (caps & D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET) != 0
                                       : (caps & D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE) != 0;
        g_assert_true(claims); /* the table lists what the UMD claims */
        if (g_test_verbose()) {
            g_test_message("sampling %s", fmts[i].name);
        }
        sample_one(&p, &fmts[i]);
        sampled++;
    }
    g_assert_cmpuint(sampled, ==, G_N_ELEMENTS(fmts));
    pipe3_free(&p);
}

/* ---- rendering every renderable format ------------------------------- */

static uint32_t linear_to_srgb8(double l)
{
    double v = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055;
    return (uint32_t)lround(v * 255);
}

/* The encoding of float f (f / 8 an integer below 256) as a float of
 * n bits (16: half; 11 and 10: 5-bit exponent, no sign). */
static uint32_t small_code(float f, unsigned n)
{
    if (n == 32) {
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    unsigned man = n == 16 ? 10 : n - 5;
    int e;
    double fr = frexp(f, &e); /* f = fr * 2^e, fr in [0.5, 1) */
    return f != 0 ? (uint32_t)(e - 1 + 15) << man | (uint32_t)((fr * 2 - 1) * (1u << man)) : 0;
}

/* A component value for texel t, component c that the format holds
 * exactly, also when mul (1 or 2: additive blending of two draws) times
 * it: the float or integer the shader writes (bits), and *code the
 * encoding of mul times it (sRGB: of mul times the linear value, the
 * nearest code). */
static uint32_t exact_value(const Fmt *m, unsigned t, unsigned c, unsigned mul, uint32_t *code)
{
    unsigned n = m->bits[c];
    /* float11/10 hold 6 significant bits: k < 32 for them */
    uint32_t k = (t * 7 + c * 3 + 1) % ((m->kind == FLOAT_ && n < 16 ? 32u
                                         : n >= 8                    ? 250u
                                                                     : 1u << n) /
                                        mul);
    float f;
    switch (m->kind) {
    case UINT_:
        *code = k;
        return k;
    case SINT: {
        int32_t s = (int32_t)k - (n >= 8 ? 125 : (1 << (n - 1)));
        *code = (uint32_t)s & (uint32_t)((1ull << n) - 1);
        return (uint32_t)s;
    }
    case UNORM:
        *code = k * mul;
        f = (float)(k / (double)((1ull << n) - 1));
        break;
    case SNORM: {
        int32_t s = (int32_t)k - 125 / (int32_t)mul;
        *code = (uint32_t)(s * (int32_t)mul) & (uint32_t)((1ull << n) - 1);
        f = (float)(s / (double)((1u << (n - 1)) - 1));
        break;
    }
    case SRGB:
        f = m->chan[c] == 3 ? (float)(k / 255.0) : srgb_to_linear(k);
        *code = m->chan[c] == 3 ? k * mul : linear_to_srgb8((double)f * mul);
        break;
    default: /* k / 8: exact in float32, float16, float11/10 (k < 250) */
        f = (float)k / 8;
        *code = small_code(f * (float)mul, n);
    }
    uint32_t bits;
    memcpy(&bits, &f, 4);
    return bits;
}

/* The rectangle drawn twice (ps_load_float from src) into rt, cleared
 * to 0, with additive blending (ONE, ONE, ADD for colour and alpha);
 * rt read back into out. */
static void draw_twice(Pipe3 *p, RtResource *src, DXGI_FORMAT sf, RtResource *rt, uint8_t *out)
{
    RtDevice *d = p->d;
    D3D10_1_DDI_BLEND_DESC bd;
    memset(&bd, 0, sizeof bd);
    for (unsigned i = 0; i < 8; i++) {
        bd.RenderTarget[i] = (D3D10_DDI_RENDER_TARGET_BLEND_DESC1){
            i == 0, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_OP_ADD,
            D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_OP_ADD, 0xf };
    }
    void *mem = g_malloc0(d->f11->pfnCalcPrivateBlendStateSize(d->h, &bd));
    D3D10DDI_HBLENDSTATE h = { mem }, none = { NULL };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateBlendState, 0,
                                      d->f11->pfnCreateBlendState(d->h, &bd, h,
                                                                  (D3D10DDI_HRTBLENDSTATE){ mem })),
                    ==, 0);
    const FLOAT factor[4] = { 1, 1, 1, 1 };
    RT_CALL(d, SetBlendState, 0, d->f11->pfnSetBlendState(d->h, h, factor, ~0u));
    RtView *v;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, rt, 0, 0, 1, &v), ==, 0);
    set_target(d, v);
    g_assert_cmphex((uint32_t)rt_clear(d, v, 0, 0, 0, 0), ==, 0);
    SrvObj s = srv_bind(d, src, sf);
    RtShader *ps = shader(d, RT_PS, ps_load_float);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_PS, ps), ==, 0);
    for (unsigned i = 0; i < 2; i++) {
        g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 0)), ==, 0);
    }
    rt_read(d, rt, 0, out);
    rt_set_shader(d, RT_PS, NULL);
    rt_destroy_shader(d, ps);
    srv_free(d, &s);
    set_target(d, NULL);
    rt_destroy_rtv(d, v);
    RT_CALL(d, SetBlendState, 0, d->f11->pfnSetBlendState(d->h, none, factor, ~0u));
    RT_CALL(d, DestroyBlendState, 0, d->f11->pfnDestroyBlendState(d->h, h));
    g_free(mem);
}

/* ms: through a 4x multisampled target of the format, every sample
 * covered (the resolve averages 4 equal samples: the value itself).
 * blend: drawn twice with ONE + ONE blending over a target cleared to 0:
 * twice the value (sRGB colour channels: blended in linear and encoded
 * again, within one code of the nearest, D3D's sRGB conversion
 * tolerance). */
static void render_one(Pipe3 *p, const Fmt *m, bool ms, bool blend, bool load)
{
    RtDevice *d = p->d;
    uint32_t src[N * 4];
    uint8_t want[N * 16], out[N * 16];
    memset(want, 0, sizeof want);
    for (unsigned t = 0; t < N; t++) {
        src[t * 4] = src[t * 4 + 1] = src[t * 4 + 2] = src[t * 4 + 3] = 0;
        for (unsigned c = 0; c < m->n; c++) {
            uint32_t code;
            src[t * 4 + m->chan[c]] = exact_value(m, t, c, blend ? 2 : 1, &code);
            put_bits(want + t * m->bytes, offset_of(m, c), m->bits[c], code);
        }
    }
    bool in = is_int(m);
    DXGI_FORMAT sf = in ? DXGI_FORMAT_R32G32B32A32_UINT : DXGI_FORMAT_R32G32B32A32_FLOAT;
    RtResource *tex = texture(d, sf, D3D10_DDI_BIND_SHADER_RESOURCE, src, 16);
    RtResource *rt = texture(d, m->f, D3D10_DDI_BIND_RENDER_TARGET, NULL, m->bytes);
    RtResource *msrt = NULL;
    if (ms) {
        g_assert_cmphex((uint32_t)rt_create_tex2d_ms(d, W, H, 4, m->f,
                                                     D3D10_DDI_BIND_RENDER_TARGET |
                                                         D3D10_DDI_BIND_SHADER_RESOURCE,
                                                     &msrt), ==, 0);
    }
    if (blend) {
        draw_twice(p, tex, sf, rt, out);
    } else if (load) { /* the 4x target, then its samples read by ld_ms into rt */
        RtView *v;
        g_assert_cmphex((uint32_t)rt_create_rtv(d, msrt, 0, 0, 1, &v), ==, 0);
        set_target(d, v);
        SrvObj so = srv_bind(d, tex, sf);
        RtShader *ps = shader(d, RT_PS, in ? ps_load_uint : ps_load_float);
        g_assert_cmphex((uint32_t)rt_set_shader(d, RT_PS, ps), ==, 0);
        g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 0)), ==, 0);
        rt_set_shader(d, RT_PS, NULL);
        rt_destroy_shader(d, ps);
        srv_free(d, &so);
        set_target(d, NULL);
        rt_destroy_rtv(d, v);
        draw_read(p, in ? ps_load_ms_uint : ps_load_ms_float, msrt, m->f, rt, out);
    } else {
        draw_read_ms(p, in ? ps_load_uint : ps_load_float, tex, sf, msrt, rt, m->f, out);
    }
    if (msrt) {
        rt_destroy(d, msrt);
    }
    for (unsigned t = 0; t < N; t++) {
        for (unsigned c = 0; c < m->n; c++) {
            uint32_t g = get_bits(out + t * m->bytes, offset_of(m, c), m->bits[c]);
            uint32_t w = get_bits(want + t * m->bytes, offset_of(m, c), m->bits[c]);
            bool near = blend && m->kind == SRGB && m->chan[c] != 3 && g - w + 1 <= 2;
            if (g != w && !near) {
                g_error("%s texel %u component %u: %x, want %x", m->name, t, c, g, w);
            }
        }
    }
    rt_destroy(d, rt);
    rt_destroy(d, tex);
}

/* Every format claiming RENDERTARGET is rendered (the 32-bit-per-channel
 * source read with ld and written as is) and read back exactly. */
static void test_render(void)
{
    Pipe3 p = pipe3_new();
    unsigned rendered = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
        if (!(caps_of(p.d, fmts[i].f) & D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET)) {
            continue;
        }
        if (g_test_verbose()) {
            g_test_message("rendering %s", fmts[i].name);
        }
        render_one(&p, &fmts[i], false, false, false);
        rendered++;
    }
    g_assert_cmpuint(rendered, >, 0);
    pipe3_free(&p);
}

/* Every format claiming MULTISAMPLE_RENDERTARGET (and 4x in
 * CheckMultisampleQualityLevels) is rendered 4x, resolved and read back
 * exactly; at least R8G8B8A8_UNORM and R16G16B16A16_FLOAT do. */
static void test_msaa(void)
{
    Pipe3 p = pipe3_new();
    unsigned n = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
        UINT levels = 0;
        F(p.d, pfnCheckMultisampleQualityLevels)(p.d->h, fmts[i].f, 4, &levels);
        const UINT msrt = D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
        bool ms = (caps_of(p.d, fmts[i].f) & msrt) != 0;
        g_assert_cmpuint(levels, ==, ms ? 1 : 0);
        if (!ms || is_int(&fmts[i])) { /* integer formats: no resolve (msaa-load) */
            continue;
        }
        if (g_test_verbose()) {
            g_test_message("4x %s", fmts[i].name);
        }
        render_one(&p, &fmts[i], true, false, false);
        n += fmts[i].f == DXGI_FORMAT_R8G8B8A8_UNORM || fmts[i].f == DXGI_FORMAT_R16G16B16A16_FLOAT;
    }
    g_assert_cmpuint(n, ==, 2);
    pipe3_free(&p);
}

/* ---- block-compressed formats --------------------------------------- */

enum { BW = 8, BH = 8 }; /* 2 x 2 blocks */

/* A BC1 colour block: endpoints c0 > c1 (4-colour mode), texel (x, y)
 * index x / 2 & 1: columns 0-1 are c0, 2-3 c1 (exactly the endpoints). */
static void bc1_block(uint8_t *b, uint16_t c0, uint16_t c1)
{
    b[0] = (uint8_t)c0;
    b[1] = (uint8_t)(c0 >> 8);
    b[2] = (uint8_t)c1;
    b[3] = (uint8_t)(c1 >> 8);
    for (unsigned y = 0; y < 4; y++) {
        b[4 + y] = 0x50; /* indices 0, 0, 1, 1 (2 bits from the low end) */
    }
}

/* A BC4 block: endpoints e0, e1 (the order chooses the 8-value palette;
 * indices 0 and 1 are the endpoints themselves in both), texel (x, y)
 * index x / 2 & 1. */
static void bc4_block(uint8_t *b, uint8_t e0, uint8_t e1)
{
    b[0] = e0;
    b[1] = e1;
    uint64_t idx = 0;
    for (unsigned t = 0; t < 16; t++) {
        idx |= (uint64_t)((t % 4) / 2) << (3 * t);
    }
    for (unsigned i = 0; i < 6; i++) {
        b[2 + i] = (uint8_t)(idx >> (8 * i));
    }
}

/* A BC2 alpha block: 4 bits per texel, texel t alpha (t + k) % 16. */
static void bc2_alpha(uint8_t *b, unsigned k)
{
    for (unsigned t = 0; t < 16; t += 2) {
        b[t / 2] = (uint8_t)(((t + k) % 16) | ((t + 1 + k) % 16) << 4);
    }
}

static float unorm8(uint32_t c)
{
    return (float)(c / 255.0);
}

static float snorm8(uint8_t c)
{
    double x = (int8_t)c / 127.0;
    return (float)(x < -1 ? -1 : x);
}

typedef struct BcCase {
    DXGI_FORMAT f;
    const char *name;
    unsigned bytes; /* per block */
    bool srgb;
} BcCase;

static const BcCase bcs[] = {
    { DXGI_FORMAT_BC1_UNORM, "BC1_UNORM", 8, false },
    { DXGI_FORMAT_BC1_UNORM_SRGB, "BC1_UNORM_SRGB", 8, true },
    { DXGI_FORMAT_BC2_UNORM, "BC2_UNORM", 16, false },
    { DXGI_FORMAT_BC2_UNORM_SRGB, "BC2_UNORM_SRGB", 16, true },
    { DXGI_FORMAT_BC3_UNORM, "BC3_UNORM", 16, false },
    { DXGI_FORMAT_BC3_UNORM_SRGB, "BC3_UNORM_SRGB", 16, true },
    { DXGI_FORMAT_BC4_UNORM, "BC4_UNORM", 8, false },
    { DXGI_FORMAT_BC4_SNORM, "BC4_SNORM", 8, false },
    { DXGI_FORMAT_BC5_UNORM, "BC5_UNORM", 16, false },
    { DXGI_FORMAT_BC5_SNORM, "BC5_SNORM", 16, false },
    { DXGI_FORMAT_BC6H_UF16, "BC6H_UF16", 16, false },
    { DXGI_FORMAT_BC6H_SF16, "BC6H_SF16", 16, false },
    { DXGI_FORMAT_BC7_UNORM, "BC7_UNORM", 16, false },
    { DXGI_FORMAT_BC7_UNORM_SRGB, "BC7_UNORM_SRGB", 16, true },
};

/* A BC7 mode 6 block (one subset, RGBA endpoints of 7 bits and a p-bit
 * each: endpoint = c << 1 | p; 4-bit indices, texel 0's 3 bits): texel
 * (x, y) index 0 or 15 (x / 2 & 1), weights 0 and 64: exactly endpoint 0
 * or 1. e[end][ch]: the 8-bit endpoints, whose low bits must match per
 * endpoint (one p-bit for all four channels). */
static void bc7_block(uint8_t *b, const uint8_t e[2][4])
{
    memset(b, 0, 16);
    put_bits(b, 0, 7, 0x40); /* mode 6: bit 6 */
    unsigned at = 7;
    for (unsigned ch = 0; ch < 4; ch++) {
        for (unsigned end = 0; end < 2; end++) {
            put_bits(b, at, 7, e[end][ch] >> 1);
            at += 7;
        }
    }
    put_bits(b, at++, 1, e[0][0] & 1);
    put_bits(b, at++, 1, e[1][0] & 1);
    for (unsigned t = 0; t < 16; t++) {
        unsigned n = t ? 4 : 3;
        put_bits(b, at, n, (t % 4) / 2 ? 15 : 0);
        at += n;
    }
}

/* BC6H mode 11 (one region, endpoints of 10 bits per channel stored
 * whole: mode bits 00011, then RW GW BW RX GX BX, 10 bits each, then
 * 4-bit indices, texel 0's 3 bits): texel (x, y) index 0 or 15 (x / 2 &
 * 1), weights 0 and 64: exactly endpoint 0 or 1. */
static void bc6h_block(uint8_t *b, const uint16_t e[2][3])
{
    memset(b, 0, 16);
    put_bits(b, 0, 5, 0x03);
    unsigned at = 5;
    for (unsigned end = 0; end < 2; end++) {
        for (unsigned ch = 0; ch < 3; ch++) {
            put_bits(b, at, 10, e[end][ch]);
            at += 10;
        }
    }
    for (unsigned t = 0; t < 16; t++) {
        unsigned n = t ? 4 : 3;
        put_bits(b, at, n, (t % 4) / 2 ? 15 : 0);
        at += n;
    }
}

/* 10-bit BC6H endpoints of block k (signed: two's complement, the top
 * bit the sign). */
static void bc6h_endpoints(unsigned k, uint16_t e[2][3])
{
    static const uint16_t v[4][2][3] = {
        { { 0, 512, 1023 }, { 100, 7, 300 } },
        { { 0x3ff, 0x200, 0x2aa }, { 1, 2, 3 } },
        { { 256, 128, 64 }, { 0x301, 0x1ff, 0x17f } },
        { { 999, 0, 33 }, { 0x3fe, 0x201, 500 } },
    };
    memcpy(e, v[k], sizeof v[k]);
}

/* What a BC6H endpoint channel decodes to at weight 0 (the format page's
 * unquantize, interpolation with weight 0: the endpoint, finish
 * unquantize), as the half float it is. */
static float bc6h_value(uint16_t c, bool sgn)
{
    uint32_t h;
    if (!sgn) {
        uint32_t u = c == 0 ? 0 : c == 1023 ? 0xffff : ((uint32_t)c << 16 | 0x8000) >> 10;
        h = u * 31 >> 6;
    } else {
        int32_t s = (int32_t)((uint32_t)c << 22) >> 22, q;
        bool neg = s < 0;
        int32_t m = neg ? -s : s;
        q = m == 0 ? 0 : m >= 511 ? 0x7fff : ((m << 15) + 0x4000) >> 9;
        h = (uint32_t)(q * 31 >> 5) | (neg ? 0x8000u : 0);
    }
    return small_float(h, 5, 10, true);
}

/* BC7 endpoints of block k: low bits equal per endpoint (the p-bit);
 * sRGB blocks use colour channels of 0 or 255 only (exact however the
 * decoder converts sRGB), alpha anything. */
static void bc7_endpoints(unsigned k, bool srgb, uint8_t e[2][4])
{
    static const uint8_t any[4][2][4] = {
        { { 200, 18, 96, 254 }, { 3, 251, 129, 77 } },
        { { 0, 128, 64, 32 }, { 255, 1, 33, 99 } },
        { { 16, 240, 100, 2 }, { 5, 7, 9, 11 } },
        { { 254, 254, 0, 128 }, { 1, 1, 255, 63 } },
    };
    static const uint8_t bw[4][2][4] = {
        { { 0, 0, 0, 0 }, { 255, 255, 255, 255 } },
        { { 255, 255, 255, 77 }, { 0, 0, 0, 128 } },
        { { 0, 0, 0, 200 }, { 255, 255, 255, 17 } },
        { { 255, 255, 255, 3 }, { 0, 0, 0, 64 } },
    };
    memcpy(e, srgb ? bw[k] : any[k], 8);
}

/* Colour endpoints of block k (RGB565 with every channel 0 or its
 * maximum: the decoded channels are exactly 0 or 1 however the decoder
 * widens 5 and 6 bits; c0 > c1). */
static const uint16_t bc_c0[4] = { 0xf81f, 0xffe0, 0xf800, 0xffff };
static const uint16_t bc_c1[4] = { 0x07e0, 0x001f, 0x07ff, 0x0000 };

static void rgb565(uint16_t c, float out[3])
{
    out[0] = (float)((c >> 11) / 31.0);
    out[1] = (float)(((c >> 5) & 63) / 63.0);
    out[2] = (float)((c & 31) / 31.0);
}

/* Endpoints of BC4/BC5 channel ch of block k: any byte values (index 0
 * and 1 select them exactly). */
static uint8_t bc_e(unsigned k, unsigned ch, unsigned which)
{
    static const uint8_t e[4][2][2] = { { { 200, 17 }, { 3, 251 } },
                                        { { 0x80, 0x7f }, { 0x81, 0x05 } },
                                        { { 255, 0 }, { 64, 128 } },
                                        { { 0xc0, 0x40 }, { 0x10, 0xf0 } } };
    return e[k][ch][which];
}

/* The 2 x 2 blocks of case c; block k = by * 2 + bx. */
static void bc_blocks(const BcCase *c, uint8_t *data)
{
    for (unsigned k = 0; k < 4; k++) {
        uint8_t *b = data + k * c->bytes;
        uint8_t e[2][4];
        uint16_t e6[2][3];
        switch (c->f) {
        case DXGI_FORMAT_BC6H_UF16:
        case DXGI_FORMAT_BC6H_SF16:
            bc6h_endpoints(k, e6);
            bc6h_block(b, (const uint16_t(*)[3])e6);
            break;
        case DXGI_FORMAT_BC7_UNORM:
        case DXGI_FORMAT_BC7_UNORM_SRGB:
            bc7_endpoints(k, c->srgb, e);
            bc7_block(b, (const uint8_t(*)[4])e);
            break;
        case DXGI_FORMAT_BC1_UNORM:
        case DXGI_FORMAT_BC1_UNORM_SRGB:
            bc1_block(b, bc_c0[k], bc_c1[k]);
            break;
        case DXGI_FORMAT_BC2_UNORM:
        case DXGI_FORMAT_BC2_UNORM_SRGB:
            bc2_alpha(b, k * 5);
            bc1_block(b + 8, bc_c0[k], bc_c1[k]);
            break;
        case DXGI_FORMAT_BC3_UNORM:
        case DXGI_FORMAT_BC3_UNORM_SRGB:
            bc4_block(b, bc_e(k, 0, 0), bc_e(k, 0, 1));
            bc1_block(b + 8, bc_c0[k], bc_c1[k]);
            break;
        default: /* BC4: red; BC5: red, then green */
            bc4_block(b, bc_e(k, 0, 0), bc_e(k, 0, 1));
            if (c->bytes == 16) {
                bc4_block(b + 8, bc_e(k, 1, 0), bc_e(k, 1, 1));
            }
        }
    }
}

/* What texel (x, y) of case c decodes to (the DXGI rules; index x / 2 & 1
 * picks endpoint 0 or 1 of its block). */
static void bc_texel(const BcCase *c, unsigned x, unsigned y, float out[4])
{
    unsigned k = (y / 4) * 2 + x / 4, i = (x % 4) / 2, t = (y % 4) * 4 + x % 4;
    bool snorm = c->f == DXGI_FORMAT_BC4_SNORM || c->f == DXGI_FORMAT_BC5_SNORM;
    out[0] = out[1] = out[2] = 0;
    out[3] = 1;
    uint8_t e[2][4];
    uint16_t e6[2][3];
    switch (c->f) {
    case DXGI_FORMAT_BC6H_UF16:
    case DXGI_FORMAT_BC6H_SF16:
        bc6h_endpoints(k, e6);
        for (unsigned ch = 0; ch < 3; ch++) {
            out[ch] = bc6h_value(e6[i][ch], c->f == DXGI_FORMAT_BC6H_SF16);
        }
        return;
    case DXGI_FORMAT_BC7_UNORM:
    case DXGI_FORMAT_BC7_UNORM_SRGB: /* sRGB: colour channels 0 or 255 */
        bc7_endpoints(k, c->srgb, e);
        for (unsigned ch = 0; ch < 4; ch++) {
            out[ch] = unorm8(e[i][ch]);
        }
        return;
    case DXGI_FORMAT_BC4_UNORM:
    case DXGI_FORMAT_BC4_SNORM:
    case DXGI_FORMAT_BC5_UNORM:
    case DXGI_FORMAT_BC5_SNORM:
        out[0] = snorm ? snorm8(bc_e(k, 0, i)) : unorm8(bc_e(k, 0, i));
        if (c->f == DXGI_FORMAT_BC5_UNORM || c->f == DXGI_FORMAT_BC5_SNORM) {
            out[1] = snorm ? snorm8(bc_e(k, 1, i)) : unorm8(bc_e(k, 1, i));
        }
        return;
    default:
        rgb565(i ? bc_c1[k] : bc_c0[k], out); /* 0 or 1: sRGB leaves them */
    }
    if (c->f == DXGI_FORMAT_BC2_UNORM || c->f == DXGI_FORMAT_BC2_UNORM_SRGB) {
        out[3] = (float)(((t + k * 5) % 16) / 15.0);
    } else if (c->f == DXGI_FORMAT_BC3_UNORM || c->f == DXGI_FORMAT_BC3_UNORM_SRGB) {
        out[3] = unorm8(bc_e(k, 0, i));
    }
}

/* Texture2D t; SamplerState s;
 * float4 main(float4 p : SV_Position) : SV_Target
 * { return t.Sample(s, (floor(p.xy) * float2(2, 4) + 0.5) / 8); }
 * pixel (x, y) of the 4 x 2 target: texel (2x, 4y) of the 8 x 8 texture */
static const char ps_sample_bc[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "round_ni r0.xy, v0.xyxx\n"
    "mad r0.xy, r0.xyxx, l(0.250000, 0.500000, 0.000000, 0.000000), "
    "l(0.062500, 0.062500, 0.000000, 0.000000)\n"
    "sample o0.xyzw, r0.xyxx, t0.xyzw, s0\n"
    "ret\n";

/* Within one float32 ulp (the UNORM/SNORM quotients; 0 and 1 exact). */
static void bc_check(const BcCase *c, const float *out, const char *what)
{
    for (unsigned py = 0; py < H; py++) {
        for (unsigned px = 0; px < W; px++) {
            float want[4];
            bc_texel(c, px * 2, py * 4, want);
            for (unsigned ch = 0; ch < 4; ch++) {
                float g = out[(py * W + px) * 4 + ch];
                if (g != want[ch] && fabsf(g - want[ch]) > 1.2e-7f * fabsf(want[ch])) {
                    g_error("%s %s pixel (%u,%u)[%u] = %.9g, want %.9g", c->name, what, px, py,
                            ch, g, want[ch]);
                }
            }
        }
    }
}

/* Every block-compressed format: an 8 x 8 texture of 2 x 2 blocks (rows
 * of 2 blocks, pitch 2 * block bytes) sampled at texels (2x, 4y), which
 * are both endpoints of every block; then UpdateSubresource of block
 * (1, 1) alone with a box on block boundaries ({4, 4} - {8, 8}) from
 * block 0's bytes, and CopySubresourceRegion of block (0, 0) of the
 * original to (4, 4) of a second such texture: in both, that block now
 * decodes as block 0, the rest unchanged. */
static void test_bc(void)
{
    Pipe3 p = pipe3_new();
    RtDevice *d = p.d;
    for (size_t i = 0; i < G_N_ELEMENTS(bcs); i++) {
        const BcCase *c = &bcs[i];
        g_assert_cmphex(caps_of(d, c->f), ==, D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE);
        uint8_t data[4 * 16];
        bc_blocks(c, data);
        D3D10_DDIARG_SUBRESOURCE_UP up = { data, 2 * c->bytes, 4 * c->bytes };
        RtResource *tex, *rt;
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, BW, BH, 1, 1, c->f, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0, &up, &tex),
                        ==, 0);
        g_assert_cmpuint(((UmdResource *)tex->mem)->res_id, >, 0);
        rt = texture(d, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_BIND_RENDER_TARGET, NULL, 16);
        float out[N * 4];
        draw_read(&p, ps_sample_bc, tex, c->f, rt, (uint8_t *)out);
        bc_check(c, out, "initial");
        const D3D10_DDI_BOX box = { 4, 4, 0, 8, 8, 1 };
        g_assert_cmphex((uint32_t)rt_update(d, tex, 0, &box, data, c->bytes), ==, 0);
        float want[N * 4]; /* pixels of block 3 (x 2-3, y 1) show block 0 */
        for (unsigned py = 0; py < H; py++) {
            for (unsigned px = 0; px < W; px++) {
                bool moved = px >= 2 && py == 1;
                bc_texel(c, moved ? px * 2 - 4 : px * 2, moved ? 0 : py * 4,
                         &want[(py * W + px) * 4]);
            }
        }
        RtResource *copy;
        g_assert_cmphex((uint32_t)rt_create_tex2d(d, BW, BH, 1, 1, c->f, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0, &up, &copy),
                        ==, 0);
        const D3D10_DDI_BOX first = { 0, 0, 0, 4, 4, 1 };
        g_assert_cmphex((uint32_t)rt_copy_region(d, copy, 0, 4, 4, tex, 0, &first), ==, 0);
        RtResource *read[2] = { tex, copy };
        for (unsigned r = 0; r < 2; r++) {
            draw_read(&p, ps_sample_bc, read[r], c->f, rt, (uint8_t *)out);
            for (unsigned j = 0; j < N * 4; j++) {
                if (out[j] != want[j] && fabsf(out[j] - want[j]) > 1.2e-7f * fabsf(want[j])) {
                    g_error("%s after the %s: [%u] = %.9g, want %.9g", c->name,
                            r ? "copy" : "update", j, out[j], want[j]);
                }
            }
        }
        rt_destroy(d, copy);
        rt_destroy(d, rt);
        rt_destroy(d, tex);
    }
    pipe3_free(&p);
}

/* No format outside the table claims anything but B5G6R5 and B5G5R5A1,
 * the 2D engine's RENDERTARGET (clears, docs/umd.md), the depth
 * formats, MULTISAMPLE_RENDERTARGET alone, and the views reading their
 * depth, SHADER_SAMPLE and MULTISAMPLE_LOAD; TYPELESS formats nothing. */
static void test_claims(void)
{
    Pipe3 p = pipe3_new();
    for (UINT f = 1; f <= DXGI_FORMAT_BC7_UNORM_SRGB; f++) {
        bool listed = false;
        for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
            listed |= fmts[i].f == (DXGI_FORMAT)f;
        }
        for (size_t i = 0; i < G_N_ELEMENTS(bcs); i++) {
            listed |= bcs[i].f == (DXGI_FORMAT)f;
        }
        UINT caps = caps_of(p.d, (DXGI_FORMAT)f);
        bool clear2d = f == DXGI_FORMAT_B5G6R5_UNORM || f == DXGI_FORMAT_B5G5R5A1_UNORM;
        /* 4x depth-stencil views: test-d3d-typeless.c's ms-depth */
        bool depth = f == DXGI_FORMAT_D24_UNORM_S8_UINT || f == DXGI_FORMAT_D32_FLOAT ||
                     f == DXGI_FORMAT_D16_UNORM || f == DXGI_FORMAT_D32_FLOAT_S8X24_UINT;
        /* reading the depth of D24S8 / D32S8: test-d3d-typeless.c */
        bool read = f == DXGI_FORMAT_R24_UNORM_X8_TYPELESS ||
                    f == DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS;
        if (!listed) {
            g_assert_cmphex(caps, ==, clear2d ? D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET
                                      : depth ? D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET
                                      : read  ? D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE |
                                                   D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD
                                              : 0);
        }
    }
    pipe3_free(&p);
}

/* ---- typed UAVs ------------------------------------------------------- */

/* RWTexture2D<uint> t; [numthreads(4, 2, 1)]
 * void main(uint3 id : SV_DispatchThreadID)
 * { t[id.xy] = 0x80000000 | id.y << 16 | id.x * 3; }
 * (the same bits for RWTexture2D<int>: ps_uav_sint) */
#define CS_UAV(type)                                                                           \
    "cs_5_0\n"                                                                                 \
    "dcl_uav_typed_texture2d (" type "," type "," type "," type ") u0\n"                        \
    "dcl_input vThreadID.xy\n"                                                                 \
    "dcl_temps 1\n"                                                                            \
    "dcl_thread_group 4, 2, 1\n"                                                               \
    "ishl r0.x, vThreadID.y, l(16)\n"                                                          \
    "imad r0.x, vThreadID.x, l(3), r0.x\n"                                                     \
    "or r0.x, r0.x, l(0x80000000)\n"                                                           \
    "store_uav_typed u0.xyzw, vThreadID.xyyy, r0.xxxx\n"                                       \
    "ret\n"
static const char cs_uav_uint[] = CS_UAV("uint");
static const char cs_uav_sint[] = CS_UAV("sint");

/* RWTexture2D<float4> t; [numthreads(4, 2, 1)]
 * void main(uint3 id : SV_DispatchThreadID)
 * { t[id.xy] = float4(id.x * 17, id.y * 3, id.x + 200, 255) / 255; } */
static const char cs_uav_float[] =
    "cs_5_0\n"
    "dcl_uav_typed_texture2d (float,float,float,float) u0\n"
    "dcl_input vThreadID.xy\n"
    "dcl_temps 1\n"
    "dcl_thread_group 4, 2, 1\n"
    "imul null, r0.x, vThreadID.x, l(17)\n"
    "imul null, r0.y, vThreadID.y, l(3)\n"
    "iadd r0.z, vThreadID.x, l(200)\n"
    "mov r0.w, l(255)\n"
    "utof r0.xyzw, r0.xyzw\n"
    "div r0.xyzw, r0.xyzw, l(255.000000, 255.000000, 255.000000, 255.000000)\n"
    "store_uav_typed u0.xyzw, vThreadID.xyyy, r0.xyzw\n"
    "ret\n";

/* A W x H texture of format res (texel bytes) written through a typed
 * UAV of format f by compute (shader text), read back into out. */
static void uav_write_as(DXGI_FORMAT res, DXGI_FORMAT f, unsigned bytes, const char *text,
                         uint8_t *out)
{
    Pipe3 p = pipe3_new();
    RtDevice *d = p.d;
    RtResource *t = texture(d, res, D3D11_DDI_BIND_UNORDERED_ACCESS, NULL, bytes);
    D3D11DDIARG_CREATEUNORDEREDACCESSVIEW cu = {
        .hDrvResource = t->h, .Format = f, .ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D,
    };
    cu.Tex2D = (D3D11DDIARG_TEX2D_UNORDEREDACCESSVIEW){ 0, 0, 1 };
    void *mem = g_malloc0(d->f11->pfnCalcPrivateUnorderedAccessViewSize(d->h, &cu));
    D3D11DDI_HUNORDEREDACCESSVIEW h = { mem };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateUnorderedAccessView, 0,
                                      d->f11->pfnCreateUnorderedAccessView(
                                          d->h, &cu, h, (D3D11DDI_HRTUNORDEREDACCESSVIEW){ mem })),
                    ==, 0);
    RtShader *cs = shader(d, RT_CS, text);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_CS, cs), ==, 0);
    RT_CALL(d, CsSetUnorderedAccessViews, 0,
            d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &h, NULL));
    g_assert_cmphex((uint32_t)RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, 1, 1, 1)), ==,
                    0);
    rt_read(d, t, 0, out);
    D3D11DDI_HUNORDEREDACCESSVIEW none = { NULL };
    RT_CALL(d, CsSetUnorderedAccessViews, 0,
            d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &none, NULL));
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    RT_CALL(d, DestroyUnorderedAccessView, 0, d->f11->pfnDestroyUnorderedAccessView(d->h, h));
    g_free(mem);
    rt_destroy(d, t);
    pipe3_free(&p);
}

static void uav_write(DXGI_FORMAT f, unsigned bytes, const char *text, uint8_t *out)
{
    uav_write_as(f, f, bytes, text, out);
}

/* R32_UINT / R32_SINT (of a resource of format res): every texel the
 * thread's value, bit for bit. */
static void uav_r32(DXGI_FORMAT res, DXGI_FORMAT f, const char *text)
{
    uint32_t out[N];
    uav_write_as(res, f, 4, text, (uint8_t *)out);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            g_assert_cmphex(out[y * W + x], ==, 0x80000000u | y << 16 | x * 3);
        }
    }
}

static void test_uav_uint(void)
{
    uav_r32(DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R32_UINT, cs_uav_uint);
}

/* A typed UAV of a TYPELESS texture: R32_UINT of R32_TYPELESS. */
static void test_uav_typeless(void)
{
    uav_r32(DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R32_UINT, cs_uav_uint);
}

static void test_uav_sint(void)
{
    uav_r32(DXGI_FORMAT_R32_SINT, DXGI_FORMAT_R32_SINT, cs_uav_sint);
}

/* Typed stores converting: R8G8B8A8_UNORM (c / 255 stored as code c,
 * exactly: the quotient is within an ulp of it, far from the rounding
 * boundary) and R16G16B16A16_FLOAT (the same quotients as halves: within
 * half a half-float ulp, 2^-11 relative, of the float32 quotient, which
 * round to nearest gives). */
static void test_uav_convert(void)
{
    uint8_t out[N * 8];
    uav_write(DXGI_FORMAT_R8G8B8A8_UNORM, 4, cs_uav_float, out);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            const uint8_t *p = out + (y * W + x) * 4;
            const uint8_t want[4] = { (uint8_t)(x * 17), (uint8_t)(y * 3), (uint8_t)(x + 200),
                                      255 };
            g_assert_cmpmem(p, 4, want, 4);
        }
    }
    uav_write(DXGI_FORMAT_R16G16B16A16_FLOAT, 8, cs_uav_float, out);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            const uint8_t *p = out + (y * W + x) * 8;
            const unsigned k[4] = { x * 17, y * 3, x + 200, 255 };
            for (unsigned c = 0; c < 4; c++) {
                float want = (float)k[c] / 255.0f;
                float got = small_float(get_bits(p, 16 * c, 16), 5, 10, true);
                /* the nearest half: within half a half-ulp (2^-11 relative) */
                if (fabsf(got - want) > fabsf(want) * 0x1p-11f) {
                    g_error("R16G16B16A16_FLOAT texel (%u,%u)[%u] = %g, want %g", x, y, c, got,
                            want);
                }
            }
        }
    }
}

/* Every format claiming BLENDABLE (RENDERTARGET formats that are not
 * integer) is drawn twice with additive blending and read back: twice
 * the value. */
static void test_blend(void)
{
    Pipe3 p = pipe3_new();
    unsigned n = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
        UINT caps = caps_of(p.d, fmts[i].f);
        bool rt = (caps & D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET) != 0;
        g_assert_cmpuint((caps & D3D10_DDI_FORMAT_SUPPORT_BLENDABLE) != 0, ==,
                         rt && !is_int(&fmts[i]));
        if (!(caps & D3D10_DDI_FORMAT_SUPPORT_BLENDABLE)) {
            continue;
        }
        if (g_test_verbose()) {
            g_test_message("blending %s", fmts[i].name);
        }
        render_one(&p, &fmts[i], false, true, false);
        n++;
    }
    g_assert_cmpuint(n, >, 0);
    pipe3_free(&p);
}

/* Every render-target format claims 4x (MULTISAMPLE_RENDERTARGET and
 * MULTISAMPLE_LOAD): rendered 4x (every sample the value) and each
 * pixel's sample (x + y) & 3 read by ld_ms: exactly the value. */
static void test_msaa_load(void)
{
    Pipe3 p = pipe3_new();
    for (size_t i = 0; i < G_N_ELEMENTS(fmts); i++) {
        UINT caps = caps_of(p.d, fmts[i].f);
        const UINT ms = D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET |
                        D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
        g_assert_cmphex(caps & ms, ==,
                        (caps & D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET) ? ms : 0);
        if (!(caps & D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET)) {
            continue;
        }
        if (g_test_verbose()) {
            g_test_message("4x load %s", fmts[i].name);
        }
        render_one(&p, &fmts[i], true, false, true);
    }
    pipe3_free(&p);
}

void d3d_formats_tests_add(void)
{
    g_test_add_func("/d3d/formats/claims", test_claims);
    g_test_add_func("/d3d/formats/sample", test_sample);
    g_test_add_func("/d3d/formats/render", test_render);
    g_test_add_func("/d3d/formats/msaa", test_msaa);
    g_test_add_func("/d3d/formats/blend", test_blend);
    g_test_add_func("/d3d/formats/msaa-load", test_msaa_load);
    g_test_add_func("/d3d/formats/bc", test_bc);
    g_test_add_func("/d3d/formats/uav-r32-uint", test_uav_uint);
    g_test_add_func("/d3d/formats/uav-r32-sint", test_uav_sint);
    g_test_add_func("/d3d/formats/uav-typeless", test_uav_typeless);
    g_test_add_func("/d3d/formats/uav-convert", test_uav_convert);
}
