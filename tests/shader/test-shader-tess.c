/* SPDX-License-Identifier: MIT */
/*
 * The 'shader' suite, hull and domain shaders: the TGSI TESS_CTRL /
 * TESS_EVAL text expected for each (derived from the SM5 token semantics
 * and gallium's TGSI: TCS_VERTICES_OUT, TES_PRIM_MODE = PIPE_PRIM_*,
 * TES_SPACING = PIPE_TESS_SPACING_*, TESSOUTER/TESSINNER, TESSCOORD,
 * INVOCATIONID), the mapping of docs/umd.md "Tessellation": the control
 * point phase's outputs in TEMP array 67, the patch constants in TEMP
 * array 66, fork/join phases unrolled under invocation 0; and the
 * malformed or unmappable ones refused with their reason.
 */
#include <stdlib.h>
#include <string.h>

#include "shader-util.h"

static const char hs_decls_tri[] =
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n";

/* Translation with explicit signatures (a pass-through HS takes its
 * control points from the output signature). */
static char *translate(const char *text, const Sm4Signatures *sig)
{
    uint32_t n;
    g_autofree uint32_t *t = su_assemble(text, &n);
    Sm4Program p;
    char *tgsi = NULL, why[160] = "";
    Sm4ShaderInfo info;
    g_assert_cmpint(sm4_decode(t, n, &p), ==, SM4_OK);
    Sm4Error e = sm4_to_tgsi(&p, sig, &tgsi, &info, why, sizeof why);
    sm4_free(&p);
    g_assert_cmpstr(why, ==, "");
    g_assert_cmpint(e, ==, SM4_OK);
    return tgsi;
}

/* CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
 * edges = cb0[0].x (a fork phase of 3 instances), inside = cb0[0].y,
 * maxtessfactor 64 */
static void test_hs_tri(void)
{
    g_autofree char *text = g_strconcat(hs_decls_tri,
        "dcl_hs_max_tessfactor l(64.000000)\n"
        "dcl_constantbuffer cb0[1], immediateIndexed\n"
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
        "ret\n", NULL);
    g_autofree char *tgsi = translate(text, NULL);
    g_assert_cmpstr(tgsi, ==,
        "TESS_CTRL\n"
        "PROPERTY TCS_VERTICES_OUT 3\n"
        "DCL TEMP[0..0]\n"
        "DCL SV[0], INVOCATIONID\n"
        "DCL TEMP[1..32], ARRAY(67)\n"
        "DCL TEMP[33..64], ARRAY(66)\n"
        "DCL OUT[64], TESSOUTER\n"
        "DCL OUT[65], TESSINNER\n"
        "DCL IN[][0], GENERIC[0]\n"
        "DCL OUT[0], GENERIC[0]\n"
        "DCL CONST[0][0..0]\n"
        "DCL ADDR[0..0]\n"
        "DCL TEMP[65..70]\n"
        "IMM[0] UINT32 {0, 0, 0, 0}\n"
        "IMM[1] UINT32 {1, 1, 1, 1}\n"
        "IMM[2] UINT32 {2, 2, 2, 2}\n"
        "IMM[3] UINT32 {1115684864, 1115684864, 1115684864, 1115684864}\n"
        "  0: MOV TEMP[0].x, SV[0].xxxx\n"
        "  1: UARL ADDR[0].x, TEMP[0].xxxx\n"
        "  2: MOV TEMP[1](67), IN[ADDR[0].x+0][0].xyzw\n"
        "  3: UARL ADDR[0].x, SV[0].xxxx\n"
        "  4: MOV OUT[ADDR[0].x][0], TEMP[1](67)\n"
        "  5: BARRIER\n"
        "  6: USEQ TEMP[65].x, SV[0].xxxx, IMM[0].xxxx\n"
        "  7: UIF TEMP[65].xxxx\n"
        "  8: MOV TEMP[0].x, IMM[0].xxxx\n"
        "  9: UARL ADDR[0].x, TEMP[0].xxxx\n"
        " 10: MOV TEMP[ADDR[0].x+33](66).x, CONST[0][0].xxxx\n"
        " 11: MOV TEMP[0].x, IMM[1].xxxx\n"
        " 12: UARL ADDR[0].x, TEMP[0].xxxx\n"
        " 13: MOV TEMP[ADDR[0].x+33](66).x, CONST[0][0].xxxx\n"
        " 14: MOV TEMP[0].x, IMM[2].xxxx\n"
        " 15: UARL ADDR[0].x, TEMP[0].xxxx\n"
        " 16: MOV TEMP[ADDR[0].x+33](66).x, CONST[0][0].xxxx\n"
        " 17: MOV TEMP[36](66).x, CONST[0][0].yyyy\n"
        " 18: MIN OUT[64].x, TEMP[33](66).xxxx, IMM[3].xxxx\n"
        " 19: MIN OUT[64].y, TEMP[34](66).xxxx, IMM[3].xxxx\n"
        " 20: MIN OUT[64].z, TEMP[35](66).xxxx, IMM[3].xxxx\n"
        " 21: MIN OUT[65].x, TEMP[36](66).xxxx, IMM[3].xxxx\n"
        " 22: ENDIF\n"
        " 23: END\n");
}

/* A pass-through HS (no control point phase) on quads, pow2
 * partitioning: edges 3 (rounded up to 4 by the HS), a patch constant
 * o5.xy from control point 2, a join phase of 2 instances writing the
 * inside factors o6/o7 = vpc5.x + vpc5.y (an l() scalar is a vec4 of
 * four equal lanes, read .xyzw, as elsewhere in the translator). */
static void test_hs_quad_passthrough(void)
{
    static const Sm4SigEntry cp[2] = { { 1, 0, 0xF }, { 0, 1, 0x3 } }; /* SV_Position, T */
    const Sm4Signatures sig = { cp, cp, NULL, 2, 2, 0 };
    g_autofree char *tgsi = translate(
        "hs_5_0\n"
        "hs_decls\n"
        "dcl_input_control_point_count 4\n"
        "dcl_output_control_point_count 4\n"
        "dcl_tessellator_domain domain_quad\n"
        "dcl_tessellator_partitioning partitioning_pow2\n"
        "dcl_tessellator_output_primitive output_triangle_ccw\n"
        "hs_fork_phase\n"
        "dcl_input vicp[4][1].xy\n"
        "dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
        "dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor\n"
        "dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor\n"
        "dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor\n"
        "dcl_output o5.xy\n"
        "mov o0.x, l(3.000000)\n"
        "mov o1.x, l(3.000000)\n"
        "mov o2.x, l(3.000000)\n"
        "mov o3.x, l(3.000000)\n"
        "mov o5.xy, vicp[2][1].xyxx\n"
        "ret\n"
        "hs_join_phase\n"
        "dcl_hs_join_phase_instance_count 2\n"
        "dcl_input vJoinInstanceID\n"
        "dcl_input vpc5.xy\n"
        "dcl_output_siv o6.x, finalQuadUInsideTessFactor\n"
        "dcl_output_siv o7.x, finalQuadVInsideTessFactor\n"
        "dcl_temps 1\n"
        "dcl_indexrange o6.x 2\n"
        "mov r0.x, vJoinInstanceID.x\n"
        "add o[r0.x + 6].x, vpc5.x, vpc5.y\n"
        "ret\n", &sig);
    static const char *const factor[6][2] = { { "1", "64].x" }, { "2", "64].y" },
                                              { "3", "64].z" }, { "4", "64].w" },
                                              { "7", "65].x" }, { "8", "65].y" } };
    GString *want = g_string_new(
        "TESS_CTRL\n"
        "PROPERTY TCS_VERTICES_OUT 4\n"
        "DCL TEMP[0..0]\n"
        "DCL SV[0], INVOCATIONID\n"
        "DCL TEMP[1..32], ARRAY(66)\n"
        "DCL OUT[37], PATCH[5]\n"
        "DCL OUT[64], TESSOUTER\n"
        "DCL OUT[65], TESSINNER\n"
        "DCL IN[][0], POSITION\n"
        "DCL IN[][1], GENERIC[1]\n"
        "DCL OUT[0], GENERIC[0]\n"
        "DCL OUT[1].xy, GENERIC[1]\n"
        "DCL ADDR[0..0]\n"
        "DCL TEMP[33..38]\n"
        "IMM[0] UINT32 {0, 0, 0, 0}\n"
        "IMM[1] UINT32 {1077936128, 1077936128, 1077936128, 1077936128}\n"
        "IMM[2] UINT32 {1, 1, 1, 1}\n"
        "  0: UARL ADDR[0].x, SV[0].xxxx\n"
        "  1: MOV OUT[ADDR[0].x][0], IN[ADDR[0].x][0]\n"
        "  2: MOV OUT[ADDR[0].x][1].xy, IN[ADDR[0].x][1]\n"
        "  3: BARRIER\n"
        "  4: USEQ TEMP[33].x, SV[0].xxxx, IMM[0].xxxx\n"
        "  5: UIF TEMP[33].xxxx\n"
        "  6: MOV TEMP[1](66).x, IMM[1].xyzw\n"
        "  7: MOV TEMP[2](66).x, IMM[1].xyzw\n"
        "  8: MOV TEMP[3](66).x, IMM[1].xyzw\n"
        "  9: MOV TEMP[4](66).x, IMM[1].xyzw\n"
        " 10: MOV TEMP[6](66).xy, IN[2][1].xyxx\n"
        " 11: MOV TEMP[0].x, IMM[0].xxxx\n"
        " 12: UARL ADDR[0].x, TEMP[0].xxxx\n"
        " 13: ADD TEMP[ADDR[0].x+7](66).x, TEMP[6](66).xxxx, TEMP[6](66).yyyy\n"
        " 14: MOV TEMP[0].x, IMM[2].xxxx\n"
        " 15: UARL ADDR[0].x, TEMP[0].xxxx\n"
        " 16: ADD TEMP[ADDR[0].x+7](66).x, TEMP[6](66).xxxx, TEMP[6](66).yyyy\n");
    unsigned line = 17;
    for (unsigned i = 0; i < 6; i++) { /* factor = 2^ceil(log2 f) */
        if (i == 4) {
            g_string_append_printf(want, "%3u: MOV OUT[37].xy, TEMP[6](66)\n", line++);
        }
        g_string_append_printf(want,
                               "%3u: LG2 TEMP[33].x, TEMP[%s](66).xxxx\n"
                               "%3u: CEIL TEMP[33].x, TEMP[33].xxxx\n"
                               "%3u: EX2 TEMP[33].x, TEMP[33].xxxx\n"
                               "%3u: MOV OUT[%s, TEMP[33].xxxx\n",
                               line, factor[i][0], line + 1, line + 2, line + 3, factor[i][1]);
        line += 4;
    }
    g_string_append_printf(want, "%3u: ENDIF\n%3u: END\n", line, line + 1);
    g_assert_cmpstr(tgsi, ==, want->str);
    g_string_free(want, TRUE);
}

/* [domain("tri")]: the position from the domain point, o1.x = the inside
 * factor read back as vpc3 (the TESSINNER system value's .x copied into
 * the patch array). */
static void test_ds_tri(void)
{
    g_autofree char *tgsi = translate(
        "ds_5_0\n"
        "dcl_input_control_point_count 3\n"
        "dcl_tessellator_domain domain_tri\n"
        "dcl_input vDomain.xyz\n"
        "dcl_input vicp[3][0].xyzw\n"
        "dcl_input_siv vpc3.x, finalTriInsideTessFactor\n"
        "dcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.x\n"
        "dcl_temps 1\n"
        "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
        "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
        "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\n"
        "mov o1.x, vpc3.x\n"
        "ret\n", NULL);
    g_assert_cmpstr(tgsi, ==,
        "TESS_EVAL\n"
        "PROPERTY TES_PRIM_MODE 4\n"
        "DCL TEMP[0..0]\n"
        "DCL SV[0], TESSCOORD\n"
        "DCL SV[1], TESSINNER\n"
        "DCL TEMP[1..32], ARRAY(66)\n"
        "DCL IN[][0], GENERIC[0]\n"
        "DCL OUT[0], POSITION\n"
        "DCL OUT[1].x, GENERIC[1]\n"
        "DCL TEMP[33..38]\n"
        "  0: MOV TEMP[4](66).x, SV[1].xxxx\n"
        "  1: MUL TEMP[0], SV[0].yyyy, IN[1][0].xyzw\n"
        "  2: MAD TEMP[0], SV[0].xxxx, IN[0][0].xyzw, TEMP[0].xyzw\n"
        "  3: MAD OUT[0], SV[0].zzzz, IN[2][0].xyzw, TEMP[0].xyzw\n"
        "  4: MOV OUT[1].x, TEMP[4](66).xxxx\n"
        "  5: END\n");
}

/* The DS's text gets the HS's spacing, vertex order and point mode:
 * integer -> EQUAL (2), fractional_odd -> 0, fractional_even -> 1;
 * triangle_cw -> VERTEX_ORDER_CW 0 and triangle_ccw -> 1 (D3D's domain
 * origin is GL's flipped); output_point -> POINT_MODE 1. */
static void test_tes_link(void)
{
    static const struct {
        uint8_t part, prim;
        const char *props;
    } cases[] = {
        { 1, 3, "PROPERTY TES_SPACING 2\nPROPERTY TES_VERTEX_ORDER_CW 0\nPROPERTY TES_POINT_MODE 0\n" },
        { 3, 4, "PROPERTY TES_SPACING 0\nPROPERTY TES_VERTEX_ORDER_CW 1\nPROPERTY TES_POINT_MODE 0\n" },
        { 4, 1, "PROPERTY TES_SPACING 1\nPROPERTY TES_VERTEX_ORDER_CW 0\nPROPERTY TES_POINT_MODE 1\n" },
        { 2, 2, "PROPERTY TES_SPACING 2\nPROPERTY TES_VERTEX_ORDER_CW 0\nPROPERTY TES_POINT_MODE 0\n" },
    };
    const char *ds = "TESS_EVAL\nPROPERTY TES_PRIM_MODE 4\n  0: END\n";
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Sm4ShaderInfo hs = { .tess_partitioning = cases[i].part,
                             .tess_output_prim = cases[i].prim };
        char *got = sm4_tes_link(ds, &hs);
        g_autofree char *want = g_strconcat("TESS_EVAL\n", cases[i].props,
                                            "PROPERTY TES_PRIM_MODE 4\n  0: END\n", NULL);
        g_assert_cmpstr(got, ==, want);
        free(got);
        Sm4ShaderInfo other = hs;
        other.tess_output_prim = (uint8_t)(cases[i].prim % 4 + 1);
        g_assert_cmpuint(sm4_tes_key(&hs), !=, sm4_tes_key(&other));
    }
    Sm4ShaderInfo none = { 0 };
    g_assert_null(sm4_tes_link(ds, &none));
}

/* Malformed or unmappable: the error and its reason. */
static void test_refused(void)
{
    static const char *const cases[][2] = {
        { "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\n"
          "dcl_output_control_point_count 3\nhs_fork_phase\nret\n",
          "error declaration: bad hull shader without its tessellator declaration" },
        { "#\nhs_fork_phase\nret\nhs_control_point_phase\nret\n",
          "error opcode: hs_control_point_phase out of order" },
        { "#\nhs_join_phase\nret\nhs_fork_phase\nret\n", "error opcode: hs_fork_phase out of order" },
        { "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
          "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
          "dcl_tessellator_output_primitive output_line\nhs_fork_phase\nret\n",
          "error declaration: bad tessellator output primitive for the domain declaration" },
        { "#\nhs_fork_phase\ndcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
          "mov o0.x, l(1.0)\nret\n",
          "error declaration: bad tessellation factor for the domain declaration" },
        { "#\nhs_fork_phase\ndcl_output_siv o0.xy, finalTriUeq0EdgeTessFactor\nret\n",
          "error declaration: bad tessellation factor declaration" },
        { "#\nhs_fork_phase\ndcl_input vpc0.x\nret\n",
          "error declaration: bad patch constant input declaration" },
        { "#\nhs_control_point_phase\ndcl_temps 1\nif_nz r0.x\nret\nendif\nret\n",
          "error unsupported: return inside a hull shader phase's flow" },
        { "#\nhs_control_point_phase\ndcl_temps 1\nretc_nz r0.x\nret\n",
          "error unsupported: conditional return in a hull shader" },
        { "#\nmov r0.x, l(0)\nhs_fork_phase\nret\n",
          "error opcode: an instruction in hs_decls" },
        { "#\nhs_fork_phase\ndcl_hs_fork_phase_instance_count 129\nret\n",
          "error too big: more than 128 phase instances" },
        { "hs_5_0\ndcl_tessellator_domain domain_tri\n"
          "dcl_tessellator_partitioning partitioning_integer\n"
          "dcl_tessellator_output_primitive output_triangle_cw\n"
          "dcl_input_control_point_count 3\ndcl_output_control_point_count 3\nret\n",
          "error opcode: a hull shader that does not begin with hs_decls" },
        { "hs_5_0\nmov r0.x, l(0)\nhs_decls\ndcl_input_control_point_count 3\n"
          "dcl_output_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
          "dcl_tessellator_partitioning partitioning_integer\n"
          "dcl_tessellator_output_primitive output_triangle_cw\nhs_fork_phase\nret\n",
          "error opcode: a hull shader that does not begin with hs_decls" },
        { "#\nhs_fork_phase\nmov o0.x, l(1.0)\nret\n", "error operand: register 0 not declared" },
        { "#\nhs_fork_phase\ndcl_hs_fork_phase_instance_count 2\ndcl_input vForkInstanceID\n"
          "ret\nhs_join_phase\ndcl_temps 1\nmov r0.x, vForkInstanceID\nret\n",
          "error operand: operand type 23 not declared" },
        { "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 4\n"
          "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
          "dcl_tessellator_output_primitive output_triangle_cw\nhs_fork_phase\nret\n",
          "error declaration: bad pass-through control point count declaration" },
        { "ds_5_0\ndcl_input vDomain.xy\ndcl_output_siv o0.xyzw, position\n"
          "mov o0.xyzw, vDomain.xyxx\nret\n",
          "error declaration: bad domain shader without a domain declaration" },
        { "ds_5_0\ndcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning "
          "partitioning_integer\nret\n",
          "error declaration: bad tessellator partitioning declaration" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        const char *c = cases[i][0];
        /* "#": the tri HS's hs_decls first */
        g_autofree char *text = c[0] == '#' ? g_strconcat(hs_decls_tri, c + 2, NULL)
                                            : g_strdup(c);
        g_autofree char *got = su_body(text);
        g_assert_cmpstr(got, ==, cases[i][1]);
    }
}

/* 128 instances (the most) of a 600-instruction fork phase: past the
 * 65536 unrolled instructions the translator takes. */
static void test_unroll_limit(void)
{
    GString *b = g_string_new(hs_decls_tri);
    g_string_append(b, "hs_fork_phase\ndcl_hs_fork_phase_instance_count 128\ndcl_temps 1\n");
    for (unsigned i = 0; i < 600; i++) {
        g_string_append(b, "mov r0.x, l(0)\n");
    }
    g_string_append(b, "ret\n");
    g_autofree char *got = su_body(b->str);
    g_string_free(b, TRUE);
    g_assert_cmpstr(got, ==, "error too big: more than 65536 instructions unrolled");
}

/* 31 plain patch constants: more than GL guarantees (120 components). */
static void test_patch_limit(void)
{
    GString *b = g_string_new(hs_decls_tri);
    g_string_append(b, "hs_fork_phase\n");
    for (unsigned i = 0; i < 31; i++) {
        g_string_append_printf(b, "dcl_output o%u.xyzw\n", i);
    }
    g_string_append(b, "ret\n");
    g_autofree char *got = su_body(b->str);
    g_string_free(b, TRUE);
    g_assert_cmpstr(got, ==, "error unsupported: more than 30 patch constant registers");
}

void shader_tess_tests_add(void)
{
    g_test_add_func("/shader/tess/patch-limit", test_patch_limit);
    g_test_add_func("/shader/tess/unroll-limit", test_unroll_limit);
    g_test_add_func("/shader/tess/hs-tri", test_hs_tri);
    g_test_add_func("/shader/tess/hs-quad-passthrough", test_hs_quad_passthrough);
    g_test_add_func("/shader/tess/ds-tri", test_ds_tri);
    g_test_add_func("/shader/tess/tes-link", test_tes_link);
    g_test_add_func("/shader/tess/refused", test_refused);
}
