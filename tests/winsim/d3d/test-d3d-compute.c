/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, compute (issue 12): winsim's runtime calls the UMD's
 * CreateComputeShader, CreateUnorderedAccessView, CsSetUnorderedAccessViews,
 * ClearUnorderedAccessView* and Dispatch[Indirect] of an 11.0 device; the
 * UMD encodes LAUNCH_GRID with shader buffers / images in inline 3D
 * SUBMITs, the device runs them through virglrenderer (llvmpipe). Results
 * come back by a copy into a staging resource and Map, compared exactly
 * with values computed here from the thread indices D3D defines
 * (SV_DispatchThreadID = group * numthreads + thread in group;
 * SV_GroupIndex = (z * h + y) * w + x).
 */
#include <string.h>

#include "d3d11_umddi_uav.h"
#include "d3drt.h"
#include "d3d-pipe.h"
#include "test-d3d.h"
#include "umd.h"

#define GUARD 0xdeadbeefu

static RtShader *cs_new(RtDevice *d, const char *text)
{
    RtShader *s = pipe_shader(d, RT_CS, text);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_CS, s), ==, 0);
    return s;
}

typedef struct Uav {
    void *mem;
    D3D11DDI_HUNORDEREDACCESSVIEW h;
} Uav;

/* a, b, c: Buffer {FirstElement, NumElements, Flags} or Tex2D {MipSlice,
 * FirstArraySlice, ArraySize}; want: what the UMD reports. */
static Uav uav_new(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT a, UINT b, UINT c, HRESULT want)
{
    D3D11DDIARG_CREATEUNORDEREDACCESSVIEW cu = {
        .hDrvResource = r->h, .Format = f, .ResourceDimension = r->dim,
    };
    if (r->dim == D3D10DDIRESOURCE_BUFFER) {
        cu.Buffer = (D3D11DDIARG_BUFFER_UNORDEREDACCESSVIEW){ a, b, c };
    } else {
        cu.Tex2D = (D3D11DDIARG_TEX2D_UNORDEREDACCESSVIEW){ a, b, c };
    }
    Uav u = { .mem = g_malloc0(d->f11->pfnCalcPrivateUnorderedAccessViewSize(d->h, &cu)) };
    u.h.pDrvPrivate = u.mem;
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateUnorderedAccessView, 0,
                                      d->f11->pfnCreateUnorderedAccessView(
                                          d->h, &cu, u.h,
                                          (D3D11DDI_HRTUNORDEREDACCESSVIEW){ u.mem })),
                    ==, (uint32_t)want);
    return u;
}

static void uav_free(RtDevice *d, Uav *u)
{
    RT_CALL(d, DestroyUnorderedAccessView, 0, d->f11->pfnDestroyUnorderedAccessView(d->h, u->h));
    g_free(u->mem);
}

static void bind(RtDevice *d, UINT slot, Uav *u)
{
    D3D11DDI_HUNORDEREDACCESSVIEW h = u ? u->h : (D3D11DDI_HUNORDEREDACCESSVIEW){ NULL };
    g_assert_cmphex((uint32_t)RT_CALL(d, CsSetUnorderedAccessViews, 0,
                                      d->f11->pfnCsSetUnorderedAccessViews(d->h, slot, 1, &h,
                                                                           NULL)), ==, 0);
}

static void dispatch(RtDevice *d, UINT x, UINT y, UINT z)
{
    g_assert_cmphex((uint32_t)RT_CALL(d, Dispatch, 0, d->f11->pfnDispatch(d->h, x, y, z)), ==, 0);
}

static RtResource *raw_buffer(RtDevice *d, const uint32_t *init, UINT words)
{
    RtResource *b;
    g_assert_cmphex((uint32_t)rt_create_buffer_ex(d, words * 4, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D11_DDI_BIND_UNORDERED_ACCESS, 0,
                                                  D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
                                                  0, init, &b), ==, 0);
    g_assert_cmpuint(((UmdResource *)b->mem)->res_id, >, 0);
    return b;
}

static void fill(uint32_t *w, UINT n, uint32_t v)
{
    for (UINT i = 0; i < n; i++) {
        w[i] = v;
    }
}

/* RWByteAddressBuffer b; [numthreads(4,1,1)]
 * void main(uint3 id : SV_DispatchThreadID, uint3 g : SV_GroupID,
 *           uint3 t : SV_GroupThreadID) {
 *   b.Store(id.x * 4, id.x | g.x << 8 | t.x << 16); } */
static const char cs_ids_text[] =
    "cs_5_0\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadGroupID.x\n"
    "dcl_input vThreadIDInGroup.x\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "ishl r1.x, vThreadGroupID.x, l(8)\n"
    "ishl r1.y, vThreadIDInGroup.x, l(16)\n"
    "or r1.x, r1.x, r1.y\n"
    "or r1.x, r1.x, vThreadID.x\n"
    "store_raw u0.x, r0.x, r1.x\n"
    "ret\n";

/* Words 0 .. 4 * groups - 1 hold their thread's ids, the rest the guard. */
static void check_ids(const uint32_t *w, UINT words, UINT groups)
{
    for (UINT i = 0; i < words; i++) {
        uint32_t want = i < 4 * groups ? i | (i / 4) << 8 | (i % 4) << 16 : GUARD;
        if (w[i] != want) {
            g_error("word %u = %08x, want %08x", i, w[i], want);
        }
    }
}

/* Three groups of four threads write their ids into a raw UAV. */
static void test_raw_ids(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 16 };
    uint32_t init[N], out[N];
    fill(init, N, GUARD);
    RtResource *b = raw_buffer(d, init, N);
    Uav u = uav_new(d, b, DXGI_FORMAT_R32_TYPELESS, 0, N, D3D11_DDI_BUFFER_UAV_FLAG_RAW, S_OK);
    RtShader *cs = cs_new(d, cs_ids_text);
    bind(d, 0, &u);
    dispatch(d, 3, 1, 1);
    rt_read(d, b, 0, (uint8_t *)out);
    check_ids(out, N, 3);
    UmdDevice *ud = d->drv;
    g_assert_cmpuint(ud->dispatches, ==, 1);
    /* a zero count runs nothing (D3D) */
    dispatch(d, 0, 1, 1);
    g_assert_cmpuint(ud->dispatches, ==, 1);
    bind(d, 0, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &u);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* RWStructuredBuffer<uint2> s; [numthreads(2,2,1)]
 * void main(uint3 g : SV_GroupID, uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
 *   s[g.x * 4 + gi] = uint2(id.x | id.y << 16, gi); } */
static const char cs_structured_text[] =
    "cs_5_0\n"
    "dcl_uav_structured u0, 8\n"
    "dcl_input vThreadGroupID.x\n"
    "dcl_input vThreadID.xy\n"
    "dcl_input vThreadIDInGroupFlattened\n"
    "dcl_temps 2\n"
    "dcl_thread_group 2, 2, 1\n"
    "imad r0.x, vThreadGroupID.x, l(4), vThreadIDInGroupFlattened\n"
    "ishl r1.x, vThreadID.y, l(16)\n"
    "or r1.x, r1.x, vThreadID.x\n"
    "mov r1.y, vThreadIDInGroupFlattened\n"
    "store_structured u0.xy, r0.x, l(0), r1.xyxx\n"
    "ret\n";

/* Two groups of 2x2 threads write a structure each into a structured
 * UAV of 10 structures; the last two keep their contents. */
static void test_structured(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 10 };
    uint32_t init[2 * N], out[2 * N];
    fill(init, 2 * N, GUARD);
    RtResource *b;
    g_assert_cmphex((uint32_t)rt_create_buffer_ex(d, sizeof init, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D11_DDI_BIND_UNORDERED_ACCESS, 0,
                                                  D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED, 8,
                                                  init, &b), ==, 0);
    Uav u = uav_new(d, b, DXGI_FORMAT_UNKNOWN, 0, N, 0, S_OK);
    RtShader *cs = cs_new(d, cs_structured_text);
    bind(d, 0, &u);
    dispatch(d, 2, 1, 1);
    rt_read(d, b, 0, (uint8_t *)out);
    for (UINT g = 0; g < 2; g++) {
        for (UINT ly = 0; ly < 2; ly++) {
            for (UINT lx = 0; lx < 2; lx++) {
                UINT gi = ly * 2 + lx, idx = g * 4 + gi, idx_x = g * 2 + lx;
                g_assert_cmphex(out[2 * idx], ==, idx_x | ly << 16);
                g_assert_cmphex(out[2 * idx + 1], ==, gi);
            }
        }
    }
    for (UINT i = 16; i < 2 * N; i++) {
        g_assert_cmphex(out[i], ==, GUARD);
    }
    bind(d, 0, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &u);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* RWTexture2D<float4> t; [numthreads(4,4,1)]
 * void main(uint3 id : SV_DispatchThreadID) {
 *   t[id.xy] = float4(id.x, id.y, id.x * id.y, 1); } */
static const char cs_typed_text[] =
    "cs_5_0\n"
    "dcl_uav_typed_texture2d (float,float,float,float) u1\n"
    "dcl_input vThreadID.xy\n"
    "dcl_temps 1\n"
    "dcl_thread_group 4, 4, 1\n"
    "utof r0.xy, vThreadID.xyxx\n"
    "mul r0.z, r0.x, r0.y\n"
    "mov r0.w, l(1.000000)\n"
    "store_uav_typed u1.xyzw, vThreadID.xyyy, r0.xyzw\n"
    "ret\n";

/* 2x2 groups of 4x4 threads cover an 8x8 R32G32B32A32_FLOAT texture
 * through a typed UAV in slot 1; every texel is exact (small integers). */
static void test_typed_texture(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { S = 8 };
    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, S, S, 1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D11_DDI_BIND_UNORDERED_ACCESS, 0, NULL, &t),
                    ==, 0);
    g_assert_cmpuint(((UmdResource *)t->mem)->res_id, >, 0);
    Uav u = uav_new(d, t, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, 1, S_OK);
    RtShader *cs = cs_new(d, cs_typed_text);
    bind(d, 1, &u);
    dispatch(d, 2, 2, 1);
    float out[S * S * 4];
    rt_read(d, t, 0, (uint8_t *)out);
    for (UINT y = 0; y < S; y++) {
        for (UINT x = 0; x < S; x++) {
            const float *p = &out[(y * S + x) * 4];
            const float want[4] = { (float)x, (float)y, (float)(x * y), 1.0f };
            for (int c = 0; c < 4; c++) {
                if (p[c] != want[c]) {
                    g_error("texel (%u,%u)[%d] = %g, want %g", x, y, c, p[c], want[c]);
                }
            }
        }
    }
    bind(d, 1, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &u);
    rt_destroy(d, t);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* RWTexture2D<float> t; RWBuffer<float> b; [numthreads(4,4,1)]
 * void main(uint3 id : SV_DispatchThreadID) {
 *   float v = t[id.xy] + 1; t[id.xy] = v; b[id.y * 4 + id.x] = v; } */
static const char cs_typed_load_text[] =
    "cs_5_0\n"
    "dcl_uav_typed_texture2d (float,float,float,float) u0\n"
    "dcl_uav_typed_buffer (float,float,float,float) u1\n"
    "dcl_input vThreadID.xy\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 4, 1\n"
    "ld_uav_typed r0.x, vThreadID.xyyy, u0.xyzw\n"
    "add r0.x, r0.x, l(1.000000)\n"
    "store_uav_typed u0.xyzw, vThreadID.xyyy, r0.xxxx\n"
    "imad r1.x, vThreadID.y, l(4), vThreadID.x\n"
    "store_uav_typed u1.xyzw, r1.xxxx, r0.xxxx\n"
    "ret\n";

/* A typed load from a one-channel (R32_FLOAT) texture UAV, the value + 1
 * stored back and into a typed R32_FLOAT buffer UAV (D3D11.0's typed UAV
 * loads are of one-channel 32-bit formats); exact (i / 2 + 1). */
static void test_typed_load(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { S = 4 };
    float init[S * S], out[S * S];
    for (UINT i = 0; i < S * S; i++) {
        init[i] = (float)i * 0.5f;
    }
    D3D10_DDIARG_SUBRESOURCE_UP up = { init, S * 4, 0 };
    RtResource *t, *b;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, S, S, 1, 1, DXGI_FORMAT_R32_FLOAT,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D11_DDI_BIND_UNORDERED_ACCESS, 0, &up, &t),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof out, D3D10_DDI_USAGE_DEFAULT,
                                               D3D11_DDI_BIND_UNORDERED_ACCESS, 0, NULL, &b),
                    ==, 0);
    Uav ut = uav_new(d, t, DXGI_FORMAT_R32_FLOAT, 0, 0, 1, S_OK);
    Uav ub = uav_new(d, b, DXGI_FORMAT_R32_FLOAT, 0, S * S, 0, S_OK);
    RtShader *cs = cs_new(d, cs_typed_load_text);
    bind(d, 0, &ut);
    bind(d, 1, &ub);
    dispatch(d, 1, 1, 1);
    rt_read(d, t, 0, (uint8_t *)out);
    for (UINT i = 0; i < S * S; i++) {
        g_assert_cmpfloat(out[i], ==, init[i] + 1.0f);
    }
    rt_read(d, b, 0, (uint8_t *)out);
    for (UINT i = 0; i < S * S; i++) {
        g_assert_cmpfloat(out[i], ==, init[i] + 1.0f);
    }
    bind(d, 0, NULL);
    bind(d, 1, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &ut);
    uav_free(d, &ub);
    rt_destroy(d, t);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

typedef struct Srv {
    void *mem;
    D3D10DDI_HSHADERRESOURCEVIEW h;
} Srv;

static void set_srv(RtDevice *d, bool ps, UINT t, D3D10DDI_HSHADERRESOURCEVIEW h)
{
    if (ps) {
        g_assert_cmphex((uint32_t)RT_CALL(d, PsSetShaderResources, 0,
                                          d->f11->pfnPsSetShaderResources(d->h, t, 1, &h)), ==, 0);
    } else {
        g_assert_cmphex((uint32_t)RT_CALL(d, CsSetShaderResources, 0,
                                          d->f11->pfnCsSetShaderResources(d->h, t, 1, &h)), ==, 0);
    }
}

/* A D3D11 BufferEx view of b bound at slot t of the compute stage (or,
 * ps, the pixel stage). */
static Srv srv_ex_new(RtDevice *d, RtResource *b, DXGI_FORMAT f, UINT first, UINT n, UINT flags,
                      UINT t, bool ps)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW c = {
        .hDrvResource = b->h, .Format = f, .ResourceDimension = D3D11DDIRESOURCE_BUFFEREX,
    };
    c.BufferEx = (D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW){ first, n, flags };
    Srv v = { .mem = g_malloc0(d->f11->pfnCalcPrivateShaderResourceViewSize(d->h, &c)) };
    v.h.pDrvPrivate = v.mem;
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateShaderResourceView, 0,
                                      d->f11->pfnCreateShaderResourceView(
                                          d->h, &c, v.h,
                                          (D3D10DDI_HRTSHADERRESOURCEVIEW){ v.mem })), ==, 0);
    set_srv(d, ps, t, v.h);
    return v;
}

static void srv_free(RtDevice *d, Srv *v, UINT t, bool ps)
{
    set_srv(d, ps, t, (D3D10DDI_HSHADERRESOURCEVIEW){ NULL });
    RT_CALL(d, DestroyShaderResourceView, 0, d->f11->pfnDestroyShaderResourceView(d->h, v->h));
    g_free(v->mem);
}

/* ByteAddressBuffer a : register(t0); StructuredBuffer<uint2> s : register(t23);
 * RWByteAddressBuffer o; [numthreads(4,1,1)]
 * void main(uint3 id : SV_DispatchThreadID) {
 *   o.Store(id.x * 4, a.Load(id.x * 4) + s[id.x].y); } */
static const char cs_srv_text[] =
    "cs_5_0\n"
    "dcl_resource_raw t0\n"
    "dcl_resource_structured t23, 8\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "ld_raw r1.x, r0.x, t0.xxxx\n"
    "ld_structured r1.y, vThreadID.x, l(4), t23.xxxx\n"
    "iadd r1.x, r1.x, r1.y\n"
    "store_raw u0.x, r0.x, r1.x\n"
    "ret\n";

/* Raw and structured shader resource views (BufferEx) read by a compute
 * shader: the raw view starts at element 4 (16 bytes in), so thread i
 * reads word 4 + i (= 104 + i) and structure i's y (= 1000 i); t23 is
 * shader buffer 31, the last one virgl has. */
static void test_srv_buffers(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 8 };
    uint32_t words[N], st[2 * N], init[N], out[N];
    for (UINT i = 0; i < N; i++) {
        words[i] = 100 + i;
        st[2 * i] = i;
        st[2 * i + 1] = 1000 * i;
    }
    fill(init, N, GUARD);
    RtResource *a, *s, *o = raw_buffer(d, init, N);
    g_assert_cmphex((uint32_t)rt_create_buffer_ex(d, sizeof words, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0,
                                                  D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
                                                  0, words, &a), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer_ex(d, sizeof st, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0,
                                                  D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED, 8, st,
                                                  &s), ==, 0);
    Srv va = srv_ex_new(d, a, DXGI_FORMAT_R32_TYPELESS, 4, 4, D3D11_DDI_BUFFEREX_SRV_FLAG_RAW, 0,
                        false);
    Srv vs = srv_ex_new(d, s, DXGI_FORMAT_UNKNOWN, 0, N, 0, 23, false);
    Uav u = uav_new(d, o, DXGI_FORMAT_R32_TYPELESS, 0, N, D3D11_DDI_BUFFER_UAV_FLAG_RAW, S_OK);
    RtShader *cs = cs_new(d, cs_srv_text);
    bind(d, 0, &u);
    dispatch(d, 1, 1, 1);
    rt_read(d, o, 0, (uint8_t *)out);
    for (UINT i = 0; i < N; i++) {
        g_assert_cmphex(out[i], ==, i < 4 ? 104 + i + 1000 * i : GUARD);
    }
    bind(d, 0, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &u);
    srv_free(d, &va, 0, false);
    srv_free(d, &vs, 23, false);
    rt_destroy(d, a);
    rt_destroy(d, s);
    rt_destroy(d, o);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* RWByteAddressBuffer b; groupshared uint g[8]; [numthreads(8,1,1)]
 * void main(uint3 gid : SV_GroupID, uint3 t : SV_GroupThreadID) {
 *   g[t.x] = gid.x * 8 + t.x + 1; GroupMemoryBarrierWithGroupSync();
 *   b.InterlockedAdd(16, 1);
 *   if (t.x == 0) { uint s = 0; for (uint i = 0; i < 32; i += 4) s += g[i / 4];
 *                   b.Store(gid.x * 4, s); } } */
static const char cs_reduce_text[] =
    "cs_5_0\n"
    "dcl_uav_raw u0\n"
    "dcl_tgsm_raw g0, 32\n"
    "dcl_input vThreadGroupID.x\n"
    "dcl_input vThreadIDInGroup.x\n"
    "dcl_temps 3\n"
    "dcl_thread_group 8, 1, 1\n"
    "imad r0.x, vThreadGroupID.x, l(8), vThreadIDInGroup.x\n"
    "iadd r0.x, r0.x, l(1)\n"
    "ishl r0.y, vThreadIDInGroup.x, l(2)\n"
    "store_raw g0.x, r0.y, r0.x\n"
    "sync_g_t\n"
    "atomic_iadd u0, l(16), l(1)\n"
    "if_z vThreadIDInGroup.x\n"
    "mov r1.xy, l(0,0,0,0)\n"
    "loop\n"
    "uge r1.z, r1.y, l(32)\n"
    "breakc_nz r1.z\n"
    "ld_raw r2.x, r1.y, g0.xxxx\n"
    "iadd r1.x, r1.x, r2.x\n"
    "iadd r1.y, r1.y, l(4)\n"
    "endloop\n"
    "ishl r0.z, vThreadGroupID.x, l(2)\n"
    "store_raw u0.x, r0.z, r1.x\n"
    "endif\n"
    "ret\n";

/* Four groups each sum their eight threads' groupshared values after the
 * barrier: group g stores sum(g * 8 + t + 1, t < 8) = 64 g + 36; every
 * thread adds 1 atomically to word 4 (32 threads). */
static void test_groupshared_reduce(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 8 };
    uint32_t init[N] = { 0 }, out[N];
    fill(init + 5, N - 5, GUARD);
    RtResource *b = raw_buffer(d, init, N);
    Uav u = uav_new(d, b, DXGI_FORMAT_R32_TYPELESS, 0, N, D3D11_DDI_BUFFER_UAV_FLAG_RAW, S_OK);
    RtShader *cs = cs_new(d, cs_reduce_text);
    bind(d, 0, &u);
    dispatch(d, 4, 1, 1);
    rt_read(d, b, 0, (uint8_t *)out);
    for (UINT g = 0; g < 4; g++) {
        g_assert_cmpuint(out[g], ==, 64 * g + 36);
    }
    g_assert_cmpuint(out[4], ==, 32);
    for (UINT i = 5; i < N; i++) {
        g_assert_cmphex(out[i], ==, GUARD);
    }
    bind(d, 0, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &u);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* DispatchIndirect: the group counts come from a buffer the CPU wrote
 * (initial data, then UpdateSubresource); 2 groups run, not the 3 of the
 * initial data. */
static void test_dispatch_indirect(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 16 };
    uint32_t init[N], out[N];
    fill(init, N, GUARD);
    RtResource *b = raw_buffer(d, init, N);
    Uav u = uav_new(d, b, DXGI_FORMAT_R32_TYPELESS, 0, N, D3D11_DDI_BUFFER_UAV_FLAG_RAW, S_OK);
    const uint32_t args0[5] = { 99, 3, 1, 1, 99 };
    RtResource *args;
    g_assert_cmphex((uint32_t)rt_create_buffer_ex(d, sizeof args0, D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                                  D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0,
                                                  args0, &args), ==, 0);
    g_assert_cmpuint(((UmdResource *)args->mem)->res_id, >, 0);
    const uint32_t two = 2;
    D3D10_DDI_BOX box = { .left = 4, .right = 8, .top = 0, .bottom = 1, .front = 0, .back = 1 };
    g_assert_cmphex((uint32_t)rt_update(d, args, 0, &box, &two, 4), ==, 0);
    RtShader *cs = cs_new(d, cs_ids_text);
    bind(d, 0, &u);
    g_assert_cmphex((uint32_t)RT_CALL(d, DispatchIndirect, 0,
                                      d->f11->pfnDispatchIndirect(d->h, args->h, 4)), ==, 0);
    rt_read(d, b, 0, (uint8_t *)out);
    check_ids(out, N, 2);
    bind(d, 0, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &u);
    rt_destroy(d, args);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* float4 main(float4 p : POSITION) : SV_Position { return p; } */
static const char vs_pos_text[] =
    "vs_5_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xyzw, v0.xyzw\n"
    "ret\n";

/* ByteAddressBuffer a : register(t0); RWByteAddressBuffer b : register(u1);
 * float4 main(float4 p : SV_Position) : SV_Target {
 *   uint i = uint(p.y) * 8 + uint(p.x); b.Store(i * 4, i + a.Load(0));
 *   return float4(0, 1, 0, 1); } */
static const char ps_uav_text[] =
    "ps_5_0\n"
    "dcl_resource_raw t0\n"
    "dcl_uav_raw u1\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "ftou r0.xy, v0.xyxx\n"
    "imad r0.x, r0.y, l(8), r0.x\n"
    "ishl r0.y, r0.x, l(2)\n"
    "ld_raw r0.w, l(0), t0.xxxx\n"
    "iadd r0.z, r0.x, r0.w\n"
    "store_raw u1.x, r0.y, r0.z\n"
    "mov o0.xyzw, l(0,1.000000,0,1.000000)\n"
    "ret\n";

/* A pixel shader writes a raw UAV bound with the render target
 * (SetRenderTargets: RTV in slot 0, the UAV in slot 1): a rectangle over
 * the left half of an 8x8 target (edges on pixel boundaries, so exactly
 * columns 0..3 are covered) stores i + 1000 (1000: read from a raw shader
 * resource view of the pixel stage) at word i = y * 8 + x of each covered
 * pixel; the other words keep the guard. */
static void test_pixel_uav(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { S = 8, N = S * S };
    uint32_t init[N], out[N];
    fill(init, N, GUARD);
    RtResource *b = raw_buffer(d, init, N), *rt, *vb;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, S, S, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &rt), ==, 0);
    RtView *rtv;
    g_assert_cmphex((uint32_t)rt_create_rtv(d, rt, 0, 0, 1, &rtv), ==, 0);
    Uav u = uav_new(d, b, DXGI_FORMAT_R32_TYPELESS, 0, N, D3D11_DDI_BUFFER_UAV_FLAG_RAW, S_OK);
    const uint32_t base[4] = { 1000, 1, 2, 3 };
    RtResource *a;
    g_assert_cmphex((uint32_t)rt_create_buffer_ex(d, sizeof base, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D10_DDI_BIND_SHADER_RESOURCE, 0,
                                                  D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
                                                  0, base, &a), ==, 0);
    Srv va = srv_ex_new(d, a, DXGI_FORMAT_R32_TYPELESS, 0, 4, D3D11_DDI_BUFFEREX_SRV_FLAG_RAW, 0,
                        true);
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { rtv->h };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRenderTargets, 0,
                                      d->f11->pfnSetRenderTargets(
                                          d->h, rtvs, 1, 7, (D3D10DDI_HDEPTHSTENCILVIEW){ NULL },
                                          &u.h, NULL, 1, 1, 1, 7)), ==, 0);
    D3D10_DDI_VIEWPORT vp = { 0, 0, S, S, 0, 1 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetTopology, 0, F(d, pfnIaSetTopology)(d->h, 4)), ==,
                    0);
    /* x = 0 .. 4 pixels is NDC -1 .. 0; clockwise on screen */
    const float v[6][4] = { { -1, 1, 0, 1 }, { 0, 1, 0, 1 }, { -1, -1, 0, 1 },
                            { -1, -1, 0, 1 }, { 0, 1, 0, 1 }, { 0, -1, 0, 1 } };
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof v, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, v, &vb), ==, 0);
    const D3D10DDIARG_INPUT_ELEMENT_DESC el = { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 };
    D3D10DDIARG_CREATEELEMENTLAYOUT lc = { &el, 1 };
    void *layout = g_malloc0(F(d, pfnCalcPrivateElementLayoutSize)(d->h, &lc));
    D3D10DDI_HELEMENTLAYOUT hl = { layout };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateElementLayout, 0,
                                      F(d, pfnCreateElementLayout)(
                                          d->h, &lc, hl, (D3D10DDI_HRTELEMENTLAYOUT){ layout })),
                    ==, 0);
    RT_CALL(d, IaSetInputLayout, 0, F(d, pfnIaSetInputLayout)(d->h, hl));
    UINT stride = sizeof v[0], offset = 0;
    RT_CALL(d, IaSetVertexBuffers, 0, F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &vb->h, &stride,
                                                                   &offset));
    RtShader *vs = pipe_shader(d, RT_VS, vs_pos_text), *ps = pipe_shader(d, RT_PS, ps_uav_text);
    rt_set_shader(d, RT_VS, vs);
    rt_set_shader(d, RT_PS, ps);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 6, 0)), ==, 0);
    rt_read(d, b, 0, (uint8_t *)out);
    for (UINT i = 0; i < N; i++) {
        g_assert_cmphex(out[i], ==, i % S < 4 ? i + 1000 : GUARD);
    }
    rt_set_shader(d, RT_VS, NULL);
    rt_set_shader(d, RT_PS, NULL);
    RT_CALL(d, SetRenderTargets, 0,
            d->f11->pfnSetRenderTargets(d->h, NULL, 0, 1, (D3D10DDI_HDEPTHSTENCILVIEW){ NULL },
                                        NULL, NULL, 1, 0, 0, 8));
    rt_destroy_shader(d, vs);
    rt_destroy_shader(d, ps);
    RT_CALL(d, DestroyElementLayout, 0, F(d, pfnDestroyElementLayout)(d->h, hl));
    g_free(layout);
    uav_free(d, &u);
    srv_free(d, &va, 0, true);
    rt_destroy(d, a);
    rt_destroy_rtv(d, rtv);
    rt_destroy(d, vb);
    rt_destroy(d, rt);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* AppendStructuredBuffer<uint> a; [numthreads(4,1,1)]
 * void main(uint3 id : SV_DispatchThreadID) { a.Append(id.x); } */
static const char cs_append_text[] =
    "cs_5_0\n"
    "dcl_uav_structured u0, 4\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 1\n"
    "dcl_thread_group 4, 1, 1\n"
    "imm_atomic_alloc r0.x, u0\n"
    "store_structured u0.x, r0.x, l(0), vThreadID.x\n"
    "ret\n";

static void bind_count(RtDevice *d, Uav *u, UINT count)
{
    g_assert_cmphex((uint32_t)RT_CALL(d, CsSetUnorderedAccessViews, 0,
                                      d->f11->pfnCsSetUnorderedAccessViews(d->h, 0, 1, &u->h,
                                                                           &count)), ==, 0);
}

static void copy_count(RtDevice *d, RtResource *dst, UINT off, Uav *u)
{
    g_assert_cmphex((uint32_t)RT_CALL(d, CopyStructureCount, 0,
                                      d->f11->pfnCopyStructureCount(d->h, dst->h, off, u->h)),
                    ==, 0);
}

/* An append view (hidden counter) bound with initial count 2: 3 groups of
 * 4 threads append their ids at elements 2..13 (in any order: those
 * elements hold 0..11 once each); CopyStructureCount gives 14. Bound again
 * keeping the count (-1), one group appends at 14..17: 18. */
static void test_append_counter(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 32 };
    uint32_t init[N], out[N], counts[4] = { GUARD, GUARD, GUARD, GUARD };
    fill(init, N, GUARD);
    RtResource *b, *c;
    g_assert_cmphex((uint32_t)rt_create_buffer_ex(d, sizeof init, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D11_DDI_BIND_UNORDERED_ACCESS, 0,
                                                  D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED, 4,
                                                  init, &b), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof counts, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_SHADER_RESOURCE, 0, counts, &c),
                    ==, 0);
    Uav u = uav_new(d, b, DXGI_FORMAT_UNKNOWN, 0, N, D3D11_DDI_BUFFER_UAV_FLAG_APPEND, S_OK);
    RtShader *cs = cs_new(d, cs_append_text);
    bind_count(d, &u, 2);
    dispatch(d, 3, 1, 1);
    copy_count(d, c, 4, &u);
    rt_read(d, b, 0, (uint8_t *)out);
    uint32_t seen = 0;
    for (UINT i = 0; i < N; i++) {
        if (i < 2 || i >= 14) {
            g_assert_cmphex(out[i], ==, GUARD);
        } else {
            g_assert_cmpuint(out[i], <, 12);
            seen |= 1u << out[i];
        }
    }
    g_assert_cmphex(seen, ==, 0xfff);
    bind_count(d, &u, UINT32_MAX);
    dispatch(d, 1, 1, 1);
    copy_count(d, c, 8, &u);
    rt_read(d, b, 0, (uint8_t *)out);
    seen = 0;
    for (UINT i = 14; i < 18; i++) {
        g_assert_cmpuint(out[i], <, 4);
        seen |= 1u << out[i];
    }
    g_assert_cmphex(seen, ==, 0xf);
    g_assert_cmphex(out[18], ==, GUARD);
    rt_read(d, c, 0, (uint8_t *)counts);
    g_assert_cmphex(counts[0], ==, GUARD);
    g_assert_cmpuint(counts[1], ==, 14);
    g_assert_cmpuint(counts[2], ==, 18);
    g_assert_cmphex(counts[3], ==, GUARD);
    bind(d, 0, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &u);
    rt_destroy(d, c);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

static void clear_uint(RtDevice *d, Uav *u, const UINT v[4])
{
    g_assert_cmphex((uint32_t)RT_CALL(d, ClearUnorderedAccessViewUint, 0,
                                      d->f11->pfnClearUnorderedAccessViewUint(d->h, u->h, v)),
                    ==, 0);
}

static void clear_float(RtDevice *d, Uav *u, const FLOAT v[4])
{
    g_assert_cmphex((uint32_t)RT_CALL(d, ClearUnorderedAccessViewFloat, 0,
                                      d->f11->pfnClearUnorderedAccessViewFloat(d->h, u->h, v)),
                    ==, 0);
}

/* ClearUnorderedAccessViewUint of raw elements 4..11 (every word the first
 * value); Float of a float texture (the values), Uint of it (each channel
 * the value's bits); Float of slice 1 of an RGBA8 array (unorm rounding:
 * 0.5 -> 128), slice 0 untouched. */
static void test_clear(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 16, S = 4 };
    uint32_t init[N], out[N];
    fill(init, N, GUARD);
    RtResource *b = raw_buffer(d, init, N);
    Uav ub = uav_new(d, b, DXGI_FORMAT_R32_TYPELESS, 4, 8, D3D11_DDI_BUFFER_UAV_FLAG_RAW, S_OK);
    const UINT v[4] = { 0x12345678u, 1, 2, 3 };
    clear_uint(d, &ub, v);
    rt_read(d, b, 0, (uint8_t *)out);
    for (UINT i = 0; i < N; i++) {
        g_assert_cmphex(out[i], ==, i >= 4 && i < 12 ? 0x12345678u : GUARD);
    }

    RtResource *t;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, S, S, 1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D11_DDI_BIND_UNORDERED_ACCESS, 0, NULL, &t),
                    ==, 0);
    Uav ut = uav_new(d, t, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, 1, S_OK);
    const FLOAT fv[4] = { 0.25f, -1.0f, 2.0f, 0.5f };
    clear_float(d, &ut, fv);
    float tex[S * S * 4];
    rt_read(d, t, 0, (uint8_t *)tex);
    for (UINT i = 0; i < S * S; i++) {
        g_assert_cmpmem(&tex[i * 4], 16, fv, 16);
    }
    const UINT bits[4] = { 1, 2, 3, 0x3f800000u };
    clear_uint(d, &ut, bits);
    rt_read(d, t, 0, (uint8_t *)tex);
    for (UINT i = 0; i < S * S; i++) {
        g_assert_cmpmem(&tex[i * 4], 16, bits, 16);
    }

    uint8_t px0[S * S * 4];
    memset(px0, 0x5a, sizeof px0);
    D3D10_DDIARG_SUBRESOURCE_UP up[2] = { { px0, S * 4, 0 }, { px0, S * 4, 0 } };
    RtResource *a;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, S, S, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D11_DDI_BIND_UNORDERED_ACCESS, 0, up, &a),
                    ==, 0);
    Uav ua = uav_new(d, a, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 1, 1, S_OK);
    const FLOAT rgba[4] = { 1.0f, 0.5f, 0.0f, 1.0f };
    clear_float(d, &ua, rgba);
    uint8_t px[S * S * 4];
    rt_read(d, a, 0, px);
    g_assert_cmpmem(px, sizeof px, px0, sizeof px0);
    rt_read(d, a, 1, px);
    for (UINT i = 0; i < S * S; i++) {
        const uint8_t want[4] = { 255, 128, 0, 255 };
        g_assert_cmpmem(&px[i * 4], 4, want, 4);
    }
    uav_free(d, &ua);
    uav_free(d, &ut);
    uav_free(d, &ub);
    rt_destroy(d, a);
    rt_destroy(d, t);
    rt_destroy(d, b);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

/* Views the UMD cannot make are refused with E_OUTOFMEMORY (the category's
 * only code) and the device goes on: an append counter on a raw view (only
 * structured views have one), a raw view of a buffer without ALLOW_RAW_VIEWS, elements past the end, a texture view
 * in another format, a slice past the array. */
static void test_refused(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { N = 16 };
    uint32_t init[N];
    fill(init, N, GUARD);
    RtResource *b = raw_buffer(d, init, N), *plain, *t;
    g_assert_cmphex((uint32_t)rt_create_buffer_ex(d, 64, D3D10_DDI_USAGE_DEFAULT,
                                                  D3D11_DDI_BIND_UNORDERED_ACCESS, 0, 0, 0, NULL,
                                                  &plain), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, 4, 4, 1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D11_DDI_BIND_UNORDERED_ACCESS, 0, NULL, &t),
                    ==, 0);
    Uav bad[5] = {
        uav_new(d, b, DXGI_FORMAT_R32_TYPELESS, 0, N,
                D3D11_DDI_BUFFER_UAV_FLAG_RAW | D3D11_DDI_BUFFER_UAV_FLAG_APPEND, E_OUTOFMEMORY),
        uav_new(d, plain, DXGI_FORMAT_R32_TYPELESS, 0, 16, D3D11_DDI_BUFFER_UAV_FLAG_RAW,
                E_OUTOFMEMORY),
        uav_new(d, b, DXGI_FORMAT_R32_TYPELESS, 8, N, D3D11_DDI_BUFFER_UAV_FLAG_RAW,
                E_OUTOFMEMORY),
        uav_new(d, t, DXGI_FORMAT_R32_FLOAT, 0, 0, 1, E_OUTOFMEMORY),
        uav_new(d, t, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 1, 1, E_OUTOFMEMORY),
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_free(bad[i].mem);
    }
    g_assert_cmpuint(d->errors, ==, G_N_ELEMENTS(bad));
    /* still working */
    Uav u = uav_new(d, b, DXGI_FORMAT_R32_TYPELESS, 0, N, D3D11_DDI_BUFFER_UAV_FLAG_RAW, S_OK);
    RtShader *cs = cs_new(d, cs_ids_text);
    bind(d, 0, &u);
    dispatch(d, 1, 1, 1);
    uint32_t out[N];
    rt_read(d, b, 0, (uint8_t *)out);
    check_ids(out, N, 1);
    bind(d, 0, NULL);
    rt_set_shader(d, RT_CS, NULL);
    rt_destroy_shader(d, cs);
    uav_free(d, &u);
    rt_destroy(d, t);
    rt_destroy(d, plain);
    rt_destroy(d, b);
    env_free(&e);
}

void d3d_compute_tests_add(void)
{
    g_test_add_func("/d3d/compute/raw-ids", test_raw_ids);
    g_test_add_func("/d3d/compute/structured", test_structured);
    g_test_add_func("/d3d/compute/typed-texture", test_typed_texture);
    g_test_add_func("/d3d/compute/typed-load", test_typed_load);
    g_test_add_func("/d3d/compute/srv-buffers", test_srv_buffers);
    g_test_add_func("/d3d/compute/groupshared-reduce", test_groupshared_reduce);
    g_test_add_func("/d3d/compute/dispatch-indirect", test_dispatch_indirect);
    g_test_add_func("/d3d/compute/pixel-uav", test_pixel_uav);
    g_test_add_func("/d3d/compute/append-counter", test_append_counter);
    g_test_add_func("/d3d/compute/clear", test_clear);
    g_test_add_func("/d3d/compute/refused", test_refused);
}
