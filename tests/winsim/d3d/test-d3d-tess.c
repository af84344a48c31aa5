/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, tessellation (issue 12): a hull and a domain shader
 * on an 11.0 device, a 3-control-point patch list drawn through the whole
 * stack (runtime -> UMD -> KMD -> device -> virglrenderer on llvmpipe).
 *
 * One triangle patch, corners at pixel centres P0 (32.5, 8.5), P1 (56.5,
 * 56.5), P2 (8.5, 56.5) of a 64 x 64 target; integer partitioning; the HS
 * sets the three edge factors to cb0[0].x and the inside factor to
 * cb0[0].y; the DS places the domain point u*P0 + v*P1 + w*P2.
 *  - solid: whatever the factors, the triangles cover exactly the patch:
 *    pixels whose centre is 1 pixel or more inside it are white, 1 pixel
 *    or more outside it the clear colour;
 *  - wireframe: with every factor 1 the patch is one triangle (no line
 *    inside it); with every factor 2 the tessellator (D3D's and GL's
 *    alike) puts a vertex at each edge's midpoint and one at the centre
 *    (32.5, 40.5) and fans six triangles from it, so the vertical line
 *    x = 32.5 (P0 -> centre -> midpoint of P1P2) is drawn: pixel column 32
 *    is lit along it, while a pixel 2 pixels or more from every edge of
 *    the six stays clear.
 * Then: the winding with back-face culling, patch constants and vocp
 * reaching the DS, a quad patch, stream output from the DS, and the draws
 * the path refuses (each test's comment says what it expects and why).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3drt.h"
#include "d3d-pipe.h"
#include "test-d3d.h"
#include "umd.h"

enum { W = 64, H = 64, PATCHLIST_3 = 35 /* D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST */ };

/* float4 main(float4 p : SV_Position) : SV_Position { return p; } */
static const char vs_text[] =
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xyzw, v0.xyzw\n"
    "ret\n";

/* struct CP { float4 p : SV_Position; };
 * struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
 * cbuffer F : register(b0) { float2 f; };
 * PC consts() { PC o; for (uint k = 0; k < 3; k++) o.e[k] = f.x; o.i = f.y; return o; }
 * [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
 * [outputcontrolpoints(3)] [patchconstantfunc("consts")] [maxtessfactor(64.0)]
 * CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; } */
static const char hs_text[] =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "dcl_hs_max_tessfactor l(64.000000)\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "hs_control_point_phase\n"
    "dcl_input vOutputControlPointID\n"
    "dcl_input v[3][0].xyzw\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mov r0.x, vOutputControlPointID\n"
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_hs_fork_phase_instance_count 3\n"
    "dcl_input vForkInstanceID\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_temps 1\n"
    "dcl_indexrange o0.x 3\n"
    "mov r0.x, vForkInstanceID.x\n"
    "mov o[r0.x + 0].x, cb0[0].x\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "mov o3.x, cb0[0].y\n"
    "ret\n";

/* [domain("tri")] float4 main(OutputPatch<CP, 3> p, float3 d : SV_DomainLocation)
 *     : SV_Position { return d.x * p[0].p + d.y * p[1].p + d.z * p[2].p; } */
static const char ds_text[] =
    "ds_5_0\n"
    "dcl_input_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_input vDomain.xyz\n"
    "dcl_input vicp[3][0].xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\n"
    "ret\n";

/* float4 main() : SV_Target { return 1; } */
static const char ps_text[] =
    "ps_4_0\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, l(1.000000,1.000000,1.000000,1.000000)\n"
    "ret\n";

/* The same patch constants from a hull shader without a control point
 * phase (the input control points pass through), plus a colour:
 * struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor;
 *             float4 c : COLOR; };
 * PC consts() { ...; o.c = col; }  (cbuffer F { float2 f; float4 col; }) */
static const char hs_pass_text[] =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "dcl_hs_max_tessfactor l(64.000000)\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "hs_fork_phase\n"
    "dcl_hs_fork_phase_instance_count 3\n"
    "dcl_input vForkInstanceID\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_temps 1\n"
    "dcl_indexrange o0.x 3\n"
    "mov r0.x, vForkInstanceID.x\n"
    "mov o[r0.x + 0].x, cb0[0].x\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "mov o3.x, cb0[0].y\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_output o4.xyzw\n"
    "mov o4.xyzw, cb0[1].xyzw\n"
    "ret\n";

/* A control point phase that gives each control point a colour (cb0[1]
 * times its id + 1, in o1) and a fork phase that reads control point 2's
 * back (vocp) into the patch constant o4 = vocp[2][1] / 4:
 * (0.25, 0.5, 0.75, 1) * 3 / 4. */
static const char hs_vocp_text[] =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "hs_control_point_phase\n"
    "dcl_input vOutputControlPointID\n"
    "dcl_input v[3][0].xyzw\n"
    "dcl_output o0.xyzw\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "mov r0.x, vOutputControlPointID\n"
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\n"
    "iadd r0.y, r0.x, l(1)\n"
    "utof r0.y, r0.y\n"
    "mul o1.xyzw, r0.yyyy, cb0[1].xyzw\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_hs_fork_phase_instance_count 3\n"
    "dcl_input vForkInstanceID\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_temps 1\n"
    "dcl_indexrange o0.x 3\n"
    "mov r0.x, vForkInstanceID.x\n"
    "mov o[r0.x + 0].x, cb0[0].x\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_input vocp[3][1].xyzw\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "dcl_output o4.xyzw\n"
    "mov o3.x, cb0[0].y\n"
    "mul o4.xyzw, vocp[2][1].xyzw, l(0.250000, 0.250000, 0.250000, 0.250000)\n"
    "ret\n";

/* The tri DS that also returns float4(pc.c.rgb, pc.i * 0.25) as COLOR. */
static const char ds_colour_text[] =
    "ds_5_0\n"
    "dcl_input_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_input vDomain.xyz\n"
    "dcl_input vicp[3][0].xyzw\n"
    "dcl_input_siv vpc3.x, finalTriInsideTessFactor\n"
    "dcl_input vpc4.xyz\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\n"
    "mov o1.xyz, vpc4.xyzx\n"
    "mul o1.w, vpc3.x, l(0.250000)\n"
    "ret\n";

/* The tri DS returning as COLOR t0.SampleLevel(s0, float2(0.75, 0.25), 0):
 * texel (1, 0) of a 2x2 texture. */
static const char ds_texture_text[] =
    "ds_5_0\n"
    "dcl_input_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input vDomain.xyz\n"
    "dcl_input vicp[3][0].xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\n"
    "sample_l o1.xyzw, l(0.750000, 0.250000, 0.000000, 0.000000), t0.xyzw, s0, l(0.000000)\n"
    "ret\n";

/* float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target { return c; } */
static const char ps_colour_text[] =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

/* A quad patch: edges cb0[0].x (4 instances), insides cb0[0].y, the
 * control points passed through. */
static const char hs_quad_text[] =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 4\n"
    "dcl_output_control_point_count 4\n"
    "dcl_tessellator_domain domain_quad\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "dcl_hs_max_tessfactor l(64.000000)\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "hs_fork_phase\n"
    "dcl_hs_fork_phase_instance_count 4\n"
    "dcl_input vForkInstanceID\n"
    "dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n"
    "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n"
    "dcl_temps 1\n"
    "dcl_indexrange o0.x 4\n"
    "mov r0.x, vForkInstanceID.x\n"
    "mov o[r0.x + 0].x, cb0[0].x\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_hs_fork_phase_instance_count 2\n"
    "dcl_input vForkInstanceID\n"
    "dcl_output_siv o4.x, finalQuadUInsideTessFactor\n"
    "dcl_output_siv o5.x, finalQuadVInsideTessFactor\n"
    "dcl_temps 1\n"
    "dcl_indexrange o4.x 2\n"
    "mov r0.x, vForkInstanceID.x\n"
    "mov o[r0.x + 4].x, cb0[0].y\n"
    "ret\n";

/* Isolines over 4 control points passed through: detail cb0[0].x,
 * density cb0[0].y. */
static const char hs_iso_text[] =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 4\n"
    "dcl_output_control_point_count 4\n"
    "dcl_tessellator_domain domain_isoline\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_line\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "hs_fork_phase\n"
    "dcl_output_siv o0.x, finalLineDetailTessFactor\n"
    "dcl_output_siv o1.x, finalLineDensityTessFactor\n"
    "mov o0.x, cb0[0].x\n"
    "mov o1.x, cb0[0].y\n"
    "ret\n";

/* [domain("quad")]: top = p0 + u (p1 - p0), bottom = p3 + u (p2 - p3),
 * position = top + v (bottom - top) (exact on the patch's edges). */
static const char ds_quad_text[] =
    "ds_5_0\n"
    "dcl_input_control_point_count 4\n"
    "dcl_tessellator_domain domain_quad\n"
    "dcl_input vDomain.xy\n"
    "dcl_input vicp[4][0].xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_temps 2\n"
    "add r0.xyzw, vicp[1][0].xyzw, -vicp[0][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw\n"
    "add r1.xyzw, vicp[2][0].xyzw, -vicp[3][0].xyzw\n"
    "mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw\n"
    "add r1.xyzw, r1.xyzw, -r0.xyzw\n"
    "mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw\n"
    "ret\n";

static const float corner[3][2] = { { 32.5f, 8.5f }, { 56.5f, 56.5f }, { 8.5f, 56.5f } };

typedef struct Tess {
    Env e;
    RtDevice *d;
    RtResource *rt, *vb, *cb;
    RtView *rtv;
    RtShader *sh[4]; /* VS, HS, DS, PS */
    void *layout, *rast;
    unsigned ncp;
} Tess;

static const unsigned stages[4] = { RT_VS, RT_HS, RT_DS, RT_PS };

static void layout(Tess *t)
{
    RtDevice *d = t->d;
    const D3D10DDIARG_INPUT_ELEMENT_DESC el = { 0, 0, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0 };
    D3D10DDIARG_CREATEELEMENTLAYOUT c = { &el, 1 };
    t->layout = g_malloc0(F(d, pfnCalcPrivateElementLayoutSize)(d->h, &c));
    D3D10DDI_HELEMENTLAYOUT h = { t->layout };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateElementLayout, 0,
                                      F(d, pfnCreateElementLayout)(d->h, &c, h,
                                                                   (D3D10DDI_HRTELEMENTLAYOUT){ t->layout })),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetInputLayout, 0, F(d, pfnIaSetInputLayout)(d->h, h)),
                    ==, 0);
}

static void vertices(Tess *t, const float (*cp)[2], unsigned n)
{
    RtDevice *d = t->d;
    float v[4][4];
    for (unsigned i = 0; i < n; i++) {
        v[i][0] = cp[i][0] / W * 2 - 1;
        v[i][1] = 1 - cp[i][1] / H * 2;
        v[i][2] = 0;
        v[i][3] = 1;
    }
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 16 * n, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_VERTEX_BUFFER, 0, v, &t->vb), ==, 0);
    UINT stride = 16, offset = 0;
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetVertexBuffers, 0,
                                      F(d, pfnIaSetVertexBuffers)(d->h, 0, 1, &t->vb->h, &stride,
                                                                  &offset)), ==, 0);
}

static void rasterizer(Tess *t, D3D10_DDI_FILL_MODE fill)
{
    RtDevice *d = t->d;
    const D3D10_DDI_RASTERIZER_DESC rd = { fill, D3D10_DDI_CULL_NONE, FALSE, 0, 0.0f, 0.0f,
                                           TRUE, FALSE, FALSE, FALSE };
    t->rast = g_malloc0(F(d, pfnCalcPrivateRasterizerStateSize)(d->h, &rd));
    D3D10DDI_HRASTERIZERSTATE h = { t->rast };
    g_assert_cmphex((uint32_t)RT_CALL(d, CreateRasterizerState, 0,
                                      F(d, pfnCreateRasterizerState)(d->h, &rd, h,
                                                                     (D3D10DDI_HRTRASTERIZERSTATE){ t->rast })),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRasterizerState, 0,
                                      F(d, pfnSetRasterizerState)(d->h, h)), ==, 0);
}

typedef struct Setup {
    const char *hs, *ds, *ps;
    UINT topology;
    const float (*cp)[2]; /* control points in pixels */
    unsigned ncp;
    D3D10_DDI_FILL_MODE fill;
} Setup;

/* The target, the four shaders bound, the patch in its vertex buffer, the
 * HS's constant buffer (2 registers), a rasterizer culling nothing. */
static Tess tess_setup(const Setup *u)
{
    Tess t;
    memset(&t, 0, sizeof t);
    t.e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = t.d = t.e.d;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &t.rt),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_rtv(d, t.rt, 0, 0, 1, &t.rtv), ==, 0);
    D3D10DDI_HRENDERTARGETVIEW rtvs[1] = { t.rtv->h };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetRenderTargets, 0,
                                      d->f11->pfnSetRenderTargets(d->h, rtvs, 1, 7,
                                                                  (D3D10DDI_HDEPTHSTENCILVIEW){ NULL },
                                                                  NULL, NULL, 0, 0, 0, 0)),
                    ==, 0);
    D3D10_DDI_VIEWPORT vp = { 0, 0, W, H, 0, 1 };
    g_assert_cmphex((uint32_t)RT_CALL(d, SetViewports, 0, F(d, pfnSetViewports)(d->h, 1, 0, &vp)),
                    ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, IaSetTopology, 0,
                                      F(d, pfnIaSetTopology)(d->h, u->topology)), ==, 0);
    const char *texts[4] = { vs_text, u->hs, u->ds, u->ps };
    for (unsigned i = 0; i < 4; i++) {
        t.sh[i] = pipe_shader(d, stages[i], texts[i]);
        g_assert_cmphex((uint32_t)rt_set_shader(d, stages[i], t.sh[i]), ==, 0);
    }
    layout(&t);
    vertices(&t, u->cp, u->ncp);
    t.ncp = u->ncp;
    const float f[8] = { 1, 1, 0, 0 };
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 32, D3D10_DDI_USAGE_DEFAULT,
                                               D3D10_DDI_BIND_CONSTANT_BUFFER, 0, f, &t.cb), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, HsSetConstantBuffers, 0,
                                      d->f11->pfnHsSetConstantBuffers(d->h, 0, 1, &t.cb->h)),
                    ==, 0);
    rasterizer(&t, u->fill);
    return t;
}

static Tess tess_new(D3D10_DDI_FILL_MODE fill)
{
    const Setup u = { hs_text, ds_text, ps_text, PATCHLIST_3, corner, 3, fill };
    return tess_setup(&u);
}

/* removed: the test had the device removed (the destroys then report it) */
static void tess_free_as(Tess *t, bool removed)
{
    RtDevice *d = t->d;
    for (unsigned i = 0; i < 4; i++) {
        rt_set_shader(d, stages[i], NULL);
        rt_destroy_shader(d, t->sh[i]);
    }
    RT_CALL(d, SetRasterizerState, 0,
            F(d, pfnSetRasterizerState)(d->h, (D3D10DDI_HRASTERIZERSTATE){ NULL }));
    RT_CALL(d, DestroyRasterizerState, 0,
            F(d, pfnDestroyRasterizerState)(d->h, (D3D10DDI_HRASTERIZERSTATE){ t->rast }));
    RT_CALL(d, DestroyElementLayout, 0,
            F(d, pfnDestroyElementLayout)(d->h, (D3D10DDI_HELEMENTLAYOUT){ t->layout }));
    g_free(t->rast);
    g_free(t->layout);
    rt_destroy(d, t->vb);
    rt_destroy(d, t->cb);
    rt_destroy_rtv(d, t->rtv);
    rt_destroy(d, t->rt);
    if (!removed) {
        g_assert_cmpuint(d->errors, ==, 0);
    }
    env_free(&t->e);
}

static void tess_free(Tess *t)
{
    tess_free_as(t, false);
}

static const float colour[4] = { 0.25f, 0.5f, 0.75f, 1.0f };

/* Clear to black, set the factors (cb0[0].xy) and a colour (cb0[1]), draw
 * the patch, read the target back (B, G, R, A bytes) through a staging
 * copy. */
static void draw_patch(Tess *t, float edge, float inside, uint8_t px[W * H * 4])
{
    RtDevice *d = t->d;
    const float f[8] = { edge, inside, 0, 0, colour[0], colour[1], colour[2], colour[3] };
    g_assert_cmphex((uint32_t)rt_update(d, t->cb, 0, NULL, f, 32), ==, 0);
    g_assert_cmphex((uint32_t)rt_clear(d, t->rtv, 0, 0, 0, 1), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, t->ncp, 0)), ==, 0);
    RtResource *st;
    g_assert_cmphex((uint32_t)rt_create_tex2d(d, W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                                              D3D10_DDI_USAGE_STAGING, 0,
                                              D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, st, t->rt), ==, 0);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    for (unsigned y = 0; y < H; y++) {
        memcpy(px + y * W * 4, (const uint8_t *)m.pData + y * m.RowPitch, W * 4);
    }
    g_assert_cmphex((uint32_t)rt_unmap(d, st, 0), ==, 0);
    rt_destroy(d, st);
}

static void assert_px(const uint8_t *px, unsigned x, unsigned y, bool white)
{
    const uint8_t *p = px + (y * W + x) * 4;
    uint8_t v = white ? 0xFF : 0;
    if (p[0] != v || p[1] != v || p[2] != v || p[3] != 0xFF) {
        g_error("pixel (%u,%u) = %02x%02x%02x%02x (BGRA), want %s", x, y, p[0], p[1], p[2], p[3],
                white ? "white" : "the clear colour");
    }
}

/* Signed distance of (x, y) to the line a -> b, positive on the right
 * of it (y down: inside the clockwise patch). */
static float side(const float a[2], const float b[2], float x, float y)
{
    float dx = b[0] - a[0], dy = b[1] - a[1];
    return ((x - a[0]) * dy - (y - a[1]) * dx) / sqrtf(dx * dx + dy * dy) * -1.0f;
}

/* Solid: every pixel whose centre is at least 1 pixel inside the patch is
 * white, at least 1 pixel outside it clear, for factors 1 and 2 and a
 * finer 5 / 3. */
static void test_solid(void)
{
    Tess t = tess_new(D3D10_DDI_FILL_SOLID);
    static const float factors[][2] = { { 1, 1 }, { 2, 2 }, { 5, 3 } };
    uint8_t *px = g_malloc(W * H * 4);
    for (unsigned k = 0; k < G_N_ELEMENTS(factors); k++) {
        draw_patch(&t, factors[k][0], factors[k][1], px);
        unsigned in = 0, out = 0;
        for (unsigned y = 0; y < H; y++) {
            for (unsigned x = 0; x < W; x++) {
                float cx = x + 0.5f, cy = y + 0.5f, m = INFINITY;
                for (unsigned e = 0; e < 3; e++) {
                    float s = side(corner[e], corner[(e + 1) % 3], cx, cy);
                    m = s < m ? s : m;
                }
                if (m >= 1.0f || m <= -1.0f) {
                    assert_px(px, x, y, m > 0);
                    in += m > 0;
                    out += m < 0;
                }
            }
        }
        g_assert_cmpuint(in, >, 400);
        g_assert_cmpuint(out, >, 2000);
    }
    UmdDevice *u = t.d->drv;
    g_assert_cmpuint(u->draws, ==, 3);
    g_free(px);
    tess_free(&t);
}

/* Wireframe: column 32 along x = 32.5 (rows 12..36 above the centre,
 * 44..52 below it) is clear with factors 1 and lit with factors 2; pixel
 * (27, 46), 2.2 pixels from the nearest of the six triangles' edges, is
 * clear in both. */
static void test_wireframe(void)
{
    Tess t = tess_new(D3D10_DDI_FILL_WIREFRAME);
    uint8_t *px = g_malloc(W * H * 4);
    for (unsigned f = 1; f <= 2; f++) {
        draw_patch(&t, (float)f, (float)f, px);
        for (unsigned y = 12; y <= 52; y++) {
            if (y <= 36 || y >= 44) {
                assert_px(px, 32, y, f == 2);
            }
        }
        assert_px(px, 27, 46, false);
    }
    g_free(px);
    tess_free(&t);
}

/* A pass-through HS (no control point phase) whose patch constants carry
 * a colour to the DS, which also reads back the inside factor (first, the
 * patch constant signatures both were created with, above): the solid
 * patch's inner pixels are (0.25, 0.5, 0.75, inside / 4) within 1/255
 * (interpolating four equal values), the outer ones clear. */
/* What CreateHullShader/CreateDomainShader received as the patch constant
 * signature (the assembler's PCSG chunk, split by the runtime), and that
 * the UMD took the shader: the HS's fork phases declare the three tri edge
 * factors (D3D11_SB_NAME 17-19, SV_TessFactor[0..2]) in o0-o2, the inside
 * factor (20) in o3 and a plain o4.xyzw; the DS reads vpc3.x (20) and
 * vpc4.xyz. */
static void assert_patch_sig(const RtShader *s, const D3D10DDIARG_SIGNATURE_ENTRY *want,
                             UINT n)
{
    g_assert_cmpuint(s->npatch, ==, n);
    for (UINT i = 0; i < n; i++) {
        g_assert_cmpuint(s->patch[i].SystemValue, ==, want[i].SystemValue);
        g_assert_cmpuint(s->patch[i].Register, ==, want[i].Register);
        g_assert_cmphex(s->patch[i].Mask, ==, want[i].Mask);
    }
    g_assert_cmphex(((const UmdShader *)s->mem)->magic, ==, UMD_SHADER_MAGIC);
}

static void test_patch_constants(void)
{
    const Setup u = { hs_pass_text, ds_colour_text, ps_colour_text, PATCHLIST_3, corner, 3,
                      D3D10_DDI_FILL_SOLID };
    Tess t = tess_setup(&u);
    const D3D10DDIARG_SIGNATURE_ENTRY hs_pc[] = {
        { D3D11_SB_NAME_FINAL_TRI_U_EQ_0_EDGE_TESSFACTOR, 0, 1 },
        { D3D11_SB_NAME_FINAL_TRI_V_EQ_0_EDGE_TESSFACTOR, 1, 1 },
        { D3D11_SB_NAME_FINAL_TRI_W_EQ_0_EDGE_TESSFACTOR, 2, 1 },
        { D3D11_SB_NAME_FINAL_TRI_INSIDE_TESSFACTOR, 3, 1 },
        { D3D10_SB_NAME_UNDEFINED, 4, 0xF },
    };
    const D3D10DDIARG_SIGNATURE_ENTRY ds_pc[] = {
        { D3D11_SB_NAME_FINAL_TRI_INSIDE_TESSFACTOR, 3, 1 },
        { D3D10_SB_NAME_UNDEFINED, 4, 0x7 },
    };
    assert_patch_sig(t.sh[1], hs_pc, G_N_ELEMENTS(hs_pc));
    assert_patch_sig(t.sh[2], ds_pc, G_N_ELEMENTS(ds_pc));
    uint8_t *px = g_malloc(W * H * 4);
    for (unsigned inside = 1; inside <= 3; inside++) {
        draw_patch(&t, 2, (float)inside, px);
        const uint8_t want[4] = { 191, 128, 64, (uint8_t)(inside * 255 / 4.0 + 0.5) }; /* BGRA */
        for (unsigned y = 0; y < H; y++) {
            for (unsigned x = 0; x < W; x++) {
                float m = INFINITY;
                for (unsigned e = 0; e < 3; e++) {
                    float s = side(corner[e], corner[(e + 1) % 3], x + 0.5f, y + 0.5f);
                    m = s < m ? s : m;
                }
                const uint8_t *p = px + (y * W + x) * 4;
                for (unsigned c = 0; m >= 1.0f && c < 4; c++) {
                    if (abs((int)p[c] - (int)want[c]) > 1) {
                        g_error("pixel (%u,%u) channel %u = %u, want %u", x, y, c, p[c], want[c]);
                    }
                }
                if (m <= -1.0f) {
                    assert_px(px, x, y, false);
                }
            }
        }
    }
    g_free(px);
    tess_free(&t);
}

/* The fork phase reads the control point phase's outputs (vocp): the
 * patch's colour is control point 2's, (0.25, 0.5, 0.75, 1) * 3 / 4, the
 * alpha the DS's inside / 4 = 2 / 4; 1/255 of tolerance. */
static void test_vocp(void)
{
    const Setup u = { hs_vocp_text, ds_colour_text, ps_colour_text, PATCHLIST_3, corner, 3,
                      D3D10_DDI_FILL_SOLID };
    Tess t = tess_setup(&u);
    uint8_t *px = g_malloc(W * H * 4);
    draw_patch(&t, 2, 2, px);
    const uint8_t want[4] = { 143, 96, 48, 128 }; /* BGRA: 0.5625, 0.375, 0.1875, 0.5 */
    const unsigned at[][2] = { { 32, 30 }, { 26, 48 }, { 40, 48 }, { 32, 50 } };
    for (unsigned i = 0; i < G_N_ELEMENTS(at); i++) {
        const uint8_t *p = px + (at[i][1] * W + at[i][0]) * 4;
        for (unsigned c = 0; c < 4; c++) {
            if (abs((int)p[c] - (int)want[c]) > 1) {
                g_error("pixel (%u,%u) channel %u = %u, want %u", at[i][0], at[i][1], c, p[c],
                        want[c]);
            }
        }
    }
    assert_px(px, 5, 5, false);
    g_free(px);
    tess_free(&t);
}

/* The patch's point at barycentric (a, b, c) in NDC. */
static void patch_point(float a, float b, float c, float out[2])
{
    for (unsigned k = 0; k < 2; k++) {
        float p0 = k ? 1 - corner[0][1] / H * 2 : corner[0][0] / W * 2 - 1;
        float p1 = k ? 1 - corner[1][1] / H * 2 : corner[1][0] / W * 2 - 1;
        float p2 = k ? 1 - corner[2][1] / H * 2 : corner[2][0] / W * 2 - 1;
        out[k] = a * p0 + b * p1 + c * p2;
    }
}

/* Stream output from the DS: the DS's code created with stream output
 * (position whole, stride 16) in the GS slot, HS and DS bound, the patch
 * also rasterized (the pixel at its centroid white). Factors 1: one
 * triangle, its vertices the three corners, each once (the order is the
 * tessellator's); factors 2: six triangles fanned from the centre, each
 * with the centre and two of the corners and edge midpoints (within 1e-4:
 * domain locations come from a fixed-point tessellator, D3D's is 16.16).
 * The buffer's bytes after them keep -7.0. */
static void test_stream_output(void)
{
    Tess t = tess_new(D3D10_DDI_FILL_SOLID);
    RtDevice *d = t.d;
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[1] = { { 0, 0, 0, 0xF } };
    RtShader *gs = pipe_shader_so(d, ds_text, so, 1, 16, 0);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_GS, gs), ==, 0);
    uint8_t *px = g_malloc(W * H * 4);
    float pts[7][2]; /* corners, midpoints of P0P1, P1P2, P2P0, centre */
    patch_point(1, 0, 0, pts[0]);
    patch_point(0, 1, 0, pts[1]);
    patch_point(0, 0, 1, pts[2]);
    patch_point(0.5f, 0.5f, 0, pts[3]);
    patch_point(0, 0.5f, 0.5f, pts[4]);
    patch_point(0.5f, 0, 0.5f, pts[5]);
    patch_point(1.0f / 3, 1.0f / 3, 1.0f / 3, pts[6]);
    for (unsigned f = 1; f <= 2; f++) {
        float init[20 * 4];
        for (unsigned i = 0; i < 20 * 4; i++) {
            init[i] = -7.0f;
        }
        RtResource *sob;
        g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof init, D3D10_DDI_USAGE_DEFAULT,
                                                   D3D10_DDI_BIND_STREAM_OUTPUT, 0, init, &sob),
                        ==, 0);
        UINT zero = 0;
        g_assert_cmphex((uint32_t)RT_CALL(d, SoSetTargets, 0,
                                          F(d, pfnSoSetTargets)(d->h, 1, 3, &sob->h, &zero)),
                        ==, 0);
        draw_patch(&t, (float)f, (float)f, px);
        assert_px(px, 32, 40, true);
        unsigned prims = f == 1 ? 1 : 6;
        float out[20 * 4];
        pipe_read_buffer(d, sob, out, sizeof out);
        unsigned seen[7] = { 0 };
        for (unsigned v = 0; v < prims * 3; v++) {
            const float *o = out + v * 4;
            unsigned k = 0;
            while (k < 7 && (fabsf(o[0] - pts[k][0]) > 1e-4f || fabsf(o[1] - pts[k][1]) > 1e-4f)) {
                k++;
            }
            if (k == 7 || o[2] != 0 || o[3] != 1 || (f == 1 && k > 2)) {
                g_error("factor %u: SO vertex %u = (%g %g %g %g)", f, v, o[0], o[1], o[2], o[3]);
            }
            seen[k]++;
        }
        for (unsigned k = 0; k < 7; k++) { /* factor 2: a corner in 2 triangles, a midpoint in 2 */
            unsigned want = f == 1 ? (k < 3 ? 1 : 0) : (k < 6 ? 2 : 6);
            g_assert_cmpuint(seen[k], ==, want);
        }
        for (unsigned i = prims * 3 * 4; i < 20 * 4; i++) {
            g_assert_cmpfloat(out[i], ==, -7.0f);
        }
        g_assert_cmphex((uint32_t)RT_CALL(d, SoSetTargets, 0,
                                          F(d, pfnSoSetTargets)(d->h, 0, 4, NULL, NULL)),
                        ==, 0);
        rt_destroy(d, sob);
    }
    g_free(px);
    rt_set_shader(d, RT_GS, NULL);
    rt_destroy_shader(d, gs);
    tess_free(&t);
}

/* A quad patch over the rectangle [8, 56) x [8, 40) (corners on pixel
 * boundaries): solid, every factor 3, then 1: exactly the rectangle's
 * pixels are white, every other pixel clear. The default rasterizer
 * state culls back faces: the DS lays D3D's quad domain (origin top left,
 * u right, v down) on the screen unflipped, so triangle_cw's triangles
 * are clockwise there, front faces. */
static void test_quad(void)
{
    static const float rect[4][2] = { { 8, 8 }, { 56, 8 }, { 56, 40 }, { 8, 40 } };
    const Setup u = { hs_quad_text, ds_quad_text, ps_text, PATCHLIST_3 + 1, rect, 4,
                      D3D10_DDI_FILL_SOLID };
    Tess t = tess_setup(&u);
    g_assert_cmphex((uint32_t)RT_CALL(t.d, SetRasterizerState, 0,
                                      F(t.d, pfnSetRasterizerState)(t.d->h,
                                                                    (D3D10DDI_HRASTERIZERSTATE){ NULL })),
                    ==, 0);
    uint8_t *px = g_malloc(W * H * 4);
    static const float factors[2] = { 3, 1 };
    for (unsigned k = 0; k < 2; k++) {
        draw_patch(&t, factors[k], factors[k], px);
        for (unsigned y = 0; y < H; y++) {
            for (unsigned x = 0; x < W; x++) {
                assert_px(px, x, y, x >= 8 && x < 56 && y >= 8 && y < 40);
            }
        }
    }
    g_free(px);
    tess_free(&t);
}

/* The quad patch of test_quad under a pipeline-statistics query, every
 * factor n = 1, 2, 3 (integer partitioning): the tessellator's domain
 * points are the (n + 1) x (n + 1) grid, one DS invocation each; one HS
 * invocation (one patch of 4 control points, 4 VS invocations); the
 * rectangle's 48 x 32 pixels one PS invocation each. */
static void test_quad_stats(void)
{
    static const float rect[4][2] = { { 8, 8 }, { 56, 8 }, { 56, 40 }, { 8, 40 } };
    const Setup u = { hs_quad_text, ds_quad_text, ps_text, PATCHLIST_3 + 1, rect, 4,
                      D3D10_DDI_FILL_SOLID };
    Tess t = tess_setup(&u);
    g_assert_cmphex((uint32_t)RT_CALL(t.d, SetRasterizerState, 0,
                                      F(t.d, pfnSetRasterizerState)(t.d->h,
                                                                    (D3D10DDI_HRASTERIZERSTATE){ NULL })),
                    ==, 0);
    RtQuery *q;
    g_assert_cmphex((uint32_t)rt_create_query(t.d, D3D10DDI_QUERY_PIPELINESTATS, &q), ==, 0);
    uint8_t *px = g_malloc(W * H * 4);
    for (unsigned n = 1; n <= 3; n++) {
        pipe_query_begin(t.d, q);
        draw_patch(&t, (float)n, (float)n, px);
        PipeStats s = pipe_stats(t.d, q);
        g_assert_cmpuint(s.ds, ==, (n + 1) * (n + 1));
        g_assert_cmpuint(s.hs, ==, 1);
        g_assert_cmpuint(s.ia_primitives, ==, 1);
        g_assert_cmpuint(s.vs, ==, 4);
        g_assert_cmpuint(s.ps, ==, 48 * 32);
    }
    rt_destroy_query(t.d, q);
    g_free(px);
    tess_free(&t);
}

/* Draws the path cannot do, each on a new device: HS and DS bound with a
 * triangle list, an HS without a DS on a patch list, a patch list without
 * HS and DS. Reported at once by Draw (E_NOTIMPL, outside its category):
 * a critical error, the runtime removes the device. */
static void test_refused_draws(void)
{
    for (unsigned k = 0; k < 3; k++) {
        Tess t = tess_new(D3D10_DDI_FILL_SOLID);
        RtDevice *d = t.d;
        if (k == 0) {
            g_assert_cmphex((uint32_t)RT_CALL(d, IaSetTopology, 0,
                                              F(d, pfnIaSetTopology)(d->h, 4)), ==, 0);
        }
        for (unsigned i = 1; i <= k; i++) { /* k = 1: no DS; k = 2: neither */
            g_assert_cmphex((uint32_t)rt_set_shader(d, stages[3 - i], NULL), ==, 0);
        }
        g_assert_cmphex((uint32_t)RT_CALL(d, Draw, 0, F(d, pfnDraw)(d->h, 3, 0)), ==,
                        (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
        g_assert_cmpstr(d->critical_ddi, ==, "Draw");
        g_assert_cmphex((uint32_t)d->critical_hr, ==, (uint32_t)E_NOTIMPL);
        g_assert_cmpuint(((UmdDevice *)d->drv)->draws, ==, 0);
        rt_expect_critical(d, 1);
        tess_free_as(&t, true);
    }
}

/* Winding: the patch P0 P1 P2 is clockwise on screen, the DS maps
 * (u, v, w) to u P0 + v P1 + w P2, and the default rasterizer state culls
 * back faces (front: clockwise). D3D's triangle_cw then gives triangles
 * wound like the patch (the convention D3D11 samples rely on: clockwise
 * meshes, triangle_cw, back faces culled), drawn; triangle_ccw gives the
 * reverse, culled: nothing drawn. */
static void test_winding(void)
{
    for (unsigned ccw = 0; ccw < 2; ccw++) {
        const char *prim = strstr(hs_text, "output_triangle_cw");
        g_autofree char *head = g_strndup(hs_text, (size_t)(prim - hs_text));
        g_autofree char *hs = g_strconcat(head, ccw ? "output_triangle_ccw" : "output_triangle_cw",
                                          prim + strlen("output_triangle_cw"), NULL);
        const Setup u = { hs, ds_text, ps_text, PATCHLIST_3, corner, 3, D3D10_DDI_FILL_SOLID };
        Tess t = tess_setup(&u);
        RtDevice *d = t.d;
        g_assert_cmphex((uint32_t)RT_CALL(d, SetRasterizerState, 0,
                                          F(d, pfnSetRasterizerState)(d->h,
                                                                      (D3D10DDI_HRASTERIZERSTATE){ NULL })),
                        ==, 0);
        uint8_t *px = g_malloc(W * H * 4);
        draw_patch(&t, 2, 2, px);
        const unsigned at[][2] = { { 32, 30 }, { 26, 48 }, { 40, 48 }, { 32, 50 }, { 5, 5 } };
        for (unsigned i = 0; i < G_N_ELEMENTS(at); i++) {
            assert_px(px, at[i][0], at[i][1], !ccw && i < 4);
        }
        g_free(px);
        tess_free(&t);
    }
}

/* The DS samples a texture (DsSetShaderResources, DsSetSamplers): a 2x2
 * R8G8B8A8 texture (red, green / blue, white) point sampled at texel
 * (1, 0)'s centre: the patch is green, within 1/255 (the colour
 * interpolated between three equal values), the outside clear. */
static void test_ds_texture(void)
{
    const Setup u = { hs_text, ds_texture_text, ps_colour_text, PATCHLIST_3, corner, 3,
                      D3D10_DDI_FILL_SOLID };
    Tess t = tess_setup(&u);
    RtDevice *d = t.d;
    RtResource *tex;
    D3D10DDI_HSHADERRESOURCEVIEW hv;
    void *srv = pipe_quad_texture_srv(d, &tex, &hv);
    D3D10DDI_HSAMPLER hs;
    void *samp = pipe_point_sampler(d, &hs);
    g_assert_cmphex((uint32_t)RT_CALL(d, DsSetShaderResources, 0,
                                      d->f11->pfnDsSetShaderResources(d->h, 0, 1, &hv)), ==, 0);
    g_assert_cmphex((uint32_t)RT_CALL(d, DsSetSamplers, 0,
                                      d->f11->pfnDsSetSamplers(d->h, 0, 1, &hs)), ==, 0);
    uint8_t *px = g_malloc(W * H * 4);
    draw_patch(&t, 2, 2, px);
    const uint8_t want[4] = { 0, 255, 0, 255 }; /* BGRA */
    const unsigned at[][2] = { { 32, 30 }, { 26, 48 }, { 40, 48 }, { 32, 50 } };
    for (unsigned i = 0; i < G_N_ELEMENTS(at); i++) {
        const uint8_t *p = px + (at[i][1] * W + at[i][0]) * 4;
        for (unsigned c = 0; c < 4; c++) {
            if (abs((int)p[c] - (int)want[c]) > 1) {
                g_error("pixel (%u,%u) channel %u = %u, want %u", at[i][0], at[i][1], c, p[c],
                        want[c]);
            }
        }
    }
    assert_px(px, 5, 5, false);
    g_free(px);
    D3D10DDI_HSHADERRESOURCEVIEW none = { NULL };
    RT_CALL(d, DsSetShaderResources, 0, d->f11->pfnDsSetShaderResources(d->h, 0, 1, &none));
    RT_CALL(d, DestroyShaderResourceView, 0, F(d, pfnDestroyShaderResourceView)(d->h, hv));
    RT_CALL(d, DestroySampler, 0, F(d, pfnDestroySampler)(d->h, hs));
    g_free(srv);
    g_free(samp);
    rt_destroy(d, tex);
    tess_free(&t);
}

/* Isolines on the rectangle (8.5, 8.5)-(56.5, 40.5) (the quad DS's
 * bilinear map on domain_isoline: u along each line, v = k / density for
 * k < density, v = 1 never): density 2 draws rows 8 and 24 (lines through
 * pixel centres), density 1 row 8 only; rows 16, 32 and 40 stay clear.
 * The factors are told apart by their names (D3D's detail and density
 * are GL's outer[1] and outer[0]). */
static void test_isolines(void)
{
    static const float rect[4][2] = { { 8.5f, 8.5f }, { 56.5f, 8.5f }, { 56.5f, 40.5f },
                                      { 8.5f, 40.5f } };
    /* the quad DS's code under an isoline domain */
    g_autofree char *ds_iso = g_strconcat("ds_5_0\ndcl_input_control_point_count 4\n"
                                          "dcl_tessellator_domain domain_isoline\n",
                                          strstr(ds_quad_text, "dcl_input vDomain"), NULL);
    const Setup u = { hs_iso_text, ds_iso, ps_text, PATCHLIST_3 + 1, rect, 4,
                      D3D10_DDI_FILL_SOLID };
    Tess t = tess_setup(&u);
    uint8_t *px = g_malloc(W * H * 4);
    for (unsigned density = 1; density <= 2; density++) {
        draw_patch(&t, 1, (float)density, px);
        for (unsigned x = 12; x <= 52; x += 4) {
            assert_px(px, x, 8, true);
            assert_px(px, x, 24, density == 2);
            assert_px(px, x, 16, false);
            assert_px(px, x, 32, false);
            assert_px(px, x, 40, false);
        }
    }
    g_free(px);
    tess_free(&t);
}

void d3d_tess_tests_add(void)
{
    g_test_add_func("/d3d/tess/isolines", test_isolines);
    g_test_add_func("/d3d/tess/ds-texture", test_ds_texture);
    g_test_add_func("/d3d/tess/winding", test_winding);
    g_test_add_func("/d3d/tess/refused-draws", test_refused_draws);
    g_test_add_func("/d3d/tess/patch-constants", test_patch_constants);
    g_test_add_func("/d3d/tess/quad", test_quad);
    g_test_add_func("/d3d/tess/quad-stats", test_quad_stats);
    g_test_add_func("/d3d/tess/stream-output", test_stream_output);
    g_test_add_func("/d3d/tess/vocp", test_vocp);
    g_test_add_func("/d3d/tess/solid", test_solid);
    g_test_add_func("/d3d/tess/wireframe", test_wireframe);
}
