/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, shaders: winsim's runtime splits containers assembled
 * by our assembler (tools/dxbc) and calls Create*Shader on 10.0, 10.1 and
 * 11.0 devices; the tests check the UMD's shader object (TGSI text, the
 * draw path's info), the bindings, stream output, and that malformed
 * tokens and containers give the errors their categories allow.
 */
#include <string.h>

#include "d3drt.h"
#include "d3d-pipe.h"
#include "test-d3d.h"
#include "umd.h"

static UmdDevice *umd_of(RtDevice *d)
{
    return d->drv;
}

static const UmdShader *shader_of(const RtShader *s)
{
    return s->mem;
}

/* float4 main(float4 p : POSITION, float4 c : COLOR0, out float4 oc : COLOR0)
 *     : SV_Position { oc = c; return mul(p, World); }   // World: cb0[0..3] */
static const char vs_text[] =
    "vs_4_0\n"
    "dcl_constantbuffer cb0[4], immediateIndexed\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, v0.yyyy, cb0[1].xyzw\n"
    "mad r0.xyzw, cb0[0].xyzw, v0.xxxx, r0.xyzw\n"
    "mad r0.xyzw, cb0[2].xyzw, v0.zzzz, r0.xyzw\n"
    "mad o0.xyzw, cb0[3].xyzw, v0.wwww, r0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "ret\n";

/* Expected from the TGSI text rules: constants as CONST[buffer][index],
 * inputs IN[n], position POSITION, the other output GENERIC[its register],
 * the scratch temporaries after r0, the final ret ending main. */
static const char vs_tgsi[] =
    "VERT\n"
    "DCL TEMP[0..0]\n"
    "DCL IN[0]\n"
    "DCL IN[1]\n"
    "DCL OUT[0], POSITION\n"
    "DCL OUT[1], GENERIC[1]\n"
    "DCL CONST[0][0..3]\n"
    "DCL TEMP[1..6]\n"
    "  0: MUL TEMP[0], IN[0].yyyy, CONST[0][1].xyzw\n"
    "  1: MAD TEMP[0], CONST[0][0].xyzw, IN[0].xxxx, TEMP[0].xyzw\n"
    "  2: MAD TEMP[0], CONST[0][2].xyzw, IN[0].zzzz, TEMP[0].xyzw\n"
    "  3: MAD OUT[0], CONST[0][3].xyzw, IN[0].wwww, TEMP[0].xyzw\n"
    "  4: MOV OUT[1], IN[1].xyzw\n"
    "  5: END\n";

/* Texture2D t; SamplerState s;
 * float4 main(float4 pos : SV_Position, float4 c : COLOR0) : SV_Target
 * { return t.Sample(s, c.xy) * c; } */
static const char ps_text[] =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "sample r0.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "mul o0.xyzw, r0.xyzw, v1.xyzw\n"
    "ret\n";

static void test_create(gconstpointer data)
{
    UINT iv = GPOINTER_TO_UINT(data);
    Env e = env_new(iv, 0, 0, 0);
    RtDevice *d = e.d;
    size_t vl, pl;
    g_autofree uint8_t *vs_blob = pipe_assemble(vs_text, &vl);
    g_autofree uint8_t *ps_blob = pipe_assemble(ps_text, &pl);
    RtShader *vs, *ps;
    g_assert_cmphex((uint32_t)rt_create_shader(d, RT_VS, vs_blob, vl, &vs), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_shader(d, RT_PS, ps_blob, pl, &ps), ==, 0);
    /* the runtime passed the container's signatures: VS 2 in / 2 out, PS 1 in */
    g_assert_cmpuint(vs->nin, ==, 2);
    g_assert_cmpuint(vs->nout, ==, 2);
    g_assert_cmpuint(vs->out[0].SystemValue, ==, D3D10_SB_NAME_POSITION);
    g_assert_cmpuint(ps->nin, ==, 1);
    const UmdShader *u = shader_of(vs);
    g_assert_cmphex(u->magic, ==, UMD_SHADER_MAGIC);
    g_assert_cmpstr(u->tgsi, ==, vs_tgsi);
    g_assert_cmpuint(u->info.cb_size[0], ==, 4);
    g_assert_cmphex(u->info.in_mask, ==, 0x3);
    g_assert_cmphex(u->info.out_mask, ==, 0x3);
    g_assert_cmpuint(u->info.out_sv[0], ==, D3D10_SB_NAME_POSITION);
    const UmdShader *p = shader_of(ps);
    g_assert_cmpuint(p->info.srv_dim[0], ==, SM4_RES_TEX2D);
    g_assert_cmphex(p->info.samplers_used, ==, 1);
    g_assert_nonnull(strstr(p->tgsi, "TEX TEMP[1], IN[1].xyxx, SAMP[0], 2D\n"));
    g_assert_cmpuint(p->info.nunits, ==, 1); /* unit 0: t0 with s0 */
    g_assert_cmpuint(p->info.unit[0].view, ==, 0);
    g_assert_cmpuint(p->info.unit[0].sampler, ==, 0);
    g_assert_nonnull(strstr(p->tgsi, "DCL IN[1], GENERIC[1], PERSPECTIVE\n"));
    /* binding records; destroying unbinds */
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_VS, vs), ==, 0);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_PS, ps), ==, 0);
    g_assert_true(umd_of(d)->state.shader[UMD_VS] == vs->mem);
    g_assert_true(umd_of(d)->state.shader[UMD_PS] == ps->mem);
    rt_destroy_shader(d, vs);
    g_assert_null(umd_of(d)->state.shader[UMD_VS]);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_PS, NULL), ==, 0);
    g_assert_null(umd_of(d)->state.shader[UMD_PS]);
    rt_destroy_shader(d, ps);
    g_assert_cmpuint(umd_of(d)->shaders_created, ==, 2);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    env_free(&e);
}

/* [maxvertexcount(3)] void main(triangle float4 p[3] : SV_Position,
 *     inout TriangleStream<float4> s) { for (i..3) s.Append(p[i]); } (unrolled) */
static const char gs_text[] =
    "gs_4_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_inputprimitive triangle\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_maxout 3\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "emit\n"
    "cut\n"
    "ret\n";

/* RWByteAddressBuffer b; [numthreads(8,1,1)]
 * void main(uint3 id : SV_DispatchThreadID) { b.Store(id.x * 4, id.x); } */
static const char cs_text[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 1\n"
    "dcl_thread_group 8, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r0.x, vThreadID.x\n"
    "ret\n";

/* A hull shader without its tessellator declarations (domain,
 * partitioning, output primitive) is malformed: refused with the create
 * category's E_OUTOFMEMORY, the device goes on. */
static const char hs_text[] = "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\n"
                              "dcl_output_control_point_count 3\nret\n";

static void test_stages(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    size_t gl, cl, hl;
    g_autofree uint8_t *gs_blob = pipe_assemble(gs_text, &gl);
    g_autofree uint8_t *cs_blob = pipe_assemble(cs_text, &cl);
    g_autofree uint8_t *hs_blob = pipe_assemble(hs_text, &hl);
    RtShader *gs, *cs, *hs;
    g_assert_cmphex((uint32_t)rt_create_shader(d, RT_GS, gs_blob, gl, &gs), ==, 0);
    const UmdShader *g = shader_of(gs);
    g_assert_cmpuint(g->info.gs_max_vertices, ==, 3);
    g_assert_nonnull(strstr(g->tgsi, "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"));
    g_assert_nonnull(strstr(g->tgsi, "DCL IN[][0], POSITION\n"));
    g_assert_nonnull(strstr(g->tgsi, "MOV OUT[0], IN[2][0].xyzw\n"));
    g_assert_cmphex((uint32_t)rt_create_shader(d, RT_CS, cs_blob, cl, &cs), ==, 0);
    const UmdShader *c = shader_of(cs);
    g_assert_cmpuint(c->info.cs_block[0], ==, 8);
    g_assert_cmphex(c->info.uavs_used, ==, 1);
    g_assert_nonnull(strstr(c->tgsi, "STORE BUFFER[0].x, TEMP[0].xxxx, TEMP[1].xxxx\n"));
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_CS, cs), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_shader(d, RT_HS, hs_blob, hl, &hs), ==,
                    (uint32_t)E_OUTOFMEMORY);
    g_assert_null(hs);
    g_assert_cmpint(umd_of(d)->last_shader_error, ==, SM4_ERR_DECL);
    /* a compute shader is not a geometry shader: the driver reports it at
     * once (umd_unsupported: E_NOTIMPL, outside the setter's category), a
     * critical error: the runtime removes the device */
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_GS, cs), ==,
                    (uint32_t)RT_DXGI_ERROR_DEVICE_REMOVED);
    g_assert_cmpstr(d->critical_ddi, ==, "GsSetShader");
    rt_destroy_shader(d, gs);
    rt_destroy_shader(d, cs);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 1); /* the refused binding */
    rt_expect_critical(d, 1);
    env_free(&e);
}

/* GS with stream output: position to buffer 0 (the 10 form: one stride). */
static void test_stream_output(gconstpointer data)
{
    UINT iv = GPOINTER_TO_UINT(data);
    Env e = env_new(iv, 0, 0, 0);
    RtDevice *d = e.d;
    size_t gl, vl;
    g_autofree uint8_t *gs_blob = pipe_assemble(gs_text, &gl);
    g_autofree uint8_t *vs_blob = pipe_assemble(vs_text, &vl);
    D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY so[2] = { { 0, 0, 0, 0xF }, { 0, 0, 1, 0x3 } };
    UINT stride = 24;
    RtShader *s;
    g_assert_cmphex((uint32_t)rt_create_shader_so(d, gs_blob, gl, so, 1, &stride, 1, 0, &s), ==, 0);
    const UmdShader *u = shader_of(s);
    g_assert_cmpuint(u->nso, ==, 1);
    g_assert_cmpuint(u->so[0].reg, ==, 0);
    g_assert_cmphex(u->so[0].mask, ==, 0xF);
    g_assert_cmpuint(u->so_stride[0], ==, 24);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_GS, s), ==, 0);
    rt_destroy_shader(d, s);
    /* stream output from a vertex shader (no GS) is accepted in the GS slot */
    g_assert_cmphex((uint32_t)rt_create_shader_so(d, vs_blob, vl, so, 2, &stride, 1, 0, &s), ==, 0);
    g_assert_cmpuint(shader_of(s)->program, ==, SM4_VS);
    g_assert_cmphex((uint32_t)rt_set_shader(d, RT_GS, s), ==, 0);
    rt_destroy_shader(d, s);
    /* a pixel shader's code is no stage stream output follows */
    size_t pl;
    g_autofree uint8_t *ps_blob = pipe_assemble(ps_text, &pl);
    g_assert_cmphex((uint32_t)rt_create_shader_so(d, ps_blob, pl, so, 1, &stride, 1, 0, &s), ==,
                    (uint32_t)E_OUTOFMEMORY);
    /* a register beyond the outputs, a zero mask, a stride not a multiple of 4 */
    D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY bad[3] = { { 0, 0, 40, 1 }, { 0, 0, 0, 0 },
                                                           { 0, 0, 0, 1 } };
    UINT bad_stride = 6;
    g_assert_cmphex((uint32_t)rt_create_shader_so(d, gs_blob, gl, &bad[0], 1, &stride, 1, 0, &s),
                    ==, (uint32_t)E_OUTOFMEMORY);
    g_assert_cmphex((uint32_t)rt_create_shader_so(d, gs_blob, gl, &bad[1], 1, &stride, 1, 0, &s),
                    ==, (uint32_t)E_OUTOFMEMORY);
    g_assert_cmphex((uint32_t)rt_create_shader_so(d, gs_blob, gl, &bad[2], 1, &bad_stride, 1, 0,
                                                  &s),
                    ==, (uint32_t)E_OUTOFMEMORY);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    env_free(&e);
}

/* Malformed tokens straight to the DDI: the create category's E_OUTOFMEMORY,
 * never a crash, the device goes on; a container the runtime refuses never
 * reaches the driver. */
static void test_malformed(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    RtShader *s;
    static const UINT not_a_version[4] = { 0x00070040, 4, 0x0100003e, 0 };
    static const UINT lying_length[3] = { 0x00010040, 3, 0x0200003e }; /* ret claims 2 DWORDs */
    static const UINT unknown_op[3] = { 0x00010040, 3, 0x0100006b };   /* reserved opcode 107 */
    static const UINT ps_code[3] = { 0x00000040, 3, 0x0100003e };      /* ps_4_0: ret */
    g_assert_cmphex((uint32_t)rt_create_shader_code(d, RT_VS, not_a_version, NULL, 0, NULL, 0, &s),
                    ==, (uint32_t)E_OUTOFMEMORY);
    g_assert_cmphex((uint32_t)rt_create_shader_code(d, RT_VS, lying_length, NULL, 0, NULL, 0, &s),
                    ==, (uint32_t)E_OUTOFMEMORY);
    g_assert_cmphex((uint32_t)rt_create_shader_code(d, RT_VS, unknown_op, NULL, 0, NULL, 0, &s),
                    ==, (uint32_t)E_OUTOFMEMORY);
    /* a pixel shader's tokens given to CreateVertexShader */
    g_assert_cmphex((uint32_t)rt_create_shader_code(d, RT_VS, ps_code, NULL, 0, NULL, 0, &s), ==,
                    (uint32_t)E_OUTOFMEMORY);
    g_assert_cmphex((uint32_t)rt_create_shader_code(d, RT_PS, ps_code, NULL, 0, NULL, 0, &s), ==, 0);
    rt_destroy_shader(d, s);
    g_assert_cmpuint(umd_of(d)->shaders_rejected, ==, 4);
    /* a corrupted container: the runtime refuses it, the driver is not called */
    size_t len;
    g_autofree uint8_t *blob = pipe_assemble(vs_text, &len);
    blob[len - 8] ^= 1;
    g_assert_cmphex((uint32_t)rt_create_shader(d, RT_VS, blob, len, &s), ==,
                    (uint32_t)E_INVALIDARG);
    g_assert_cmpuint(umd_of(d)->shaders_rejected, ==, 4);
    g_assert_cmpuint(umd_of(d)->shaders_created, ==, 1);
    g_assert_cmpuint(rt_umd_stats(d).lost, ==, 0);
    env_free(&e);
}

void d3d_shader_tests_add(void)
{
    g_test_add_data_func("/d3d/shader/create/10.0", GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION),
                         test_create);
    g_test_add_data_func("/d3d/shader/create/10.1", GUINT_TO_POINTER(D3D10_1_DDI_INTERFACE_VERSION),
                         test_create);
    g_test_add_data_func("/d3d/shader/create/11.0", GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION),
                         test_create);
    g_test_add_func("/d3d/shader/stages/11.0", test_stages);
    g_test_add_data_func("/d3d/shader/stream-output/10.0",
                         GUINT_TO_POINTER(D3D10_0_DDI_INTERFACE_VERSION), test_stream_output);
    g_test_add_data_func("/d3d/shader/stream-output/11.0",
                         GUINT_TO_POINTER(D3D11_0_DDI_INTERFACE_VERSION), test_stream_output);
    g_test_add_func("/d3d/shader/malformed", test_malformed);
}
