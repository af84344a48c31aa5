/* SPDX-License-Identifier: MIT */
/*
 * The 'shader' suite, the counting variants of the pipeline statistics
 * (sm4_tgsi_count, docs/umd.md "Pipeline statistics"): the text expected
 * from a translated PS, GS and DS. PS and DS: BUFFER[31], one more TEMP
 * and the IMMs {byte offset of the stage's counter, 1, vertices per
 * primitive, max vertices} and 0, then an ATOMUADD of 1 at the top of main
 * (before a KILL: a discarding invocation counts), a VS likewise; GS: a count of the open
 * strip's vertices and of all vertices, and an ATOMUADD after each EMIT
 * that completes a primitive within the declared maximum; instructions
 * renumbered. Refused: other stages and shaders using BUFFER[31].
 */
#include <stdlib.h>
#include <string.h>

#include "shader-util.h"

static char *counted(const char *asm_text, char **plain)
{
    uint32_t n;
    g_autofree uint32_t *t = su_assemble(asm_text, &n);
    char *tgsi = NULL, why[160] = "";
    Sm4ShaderInfo info;
    g_assert_cmpint(su_translate(t, n, &tgsi, &info, why, sizeof why), ==, SM4_OK);
    char *c = sm4_tgsi_count(tgsi, &info);
    if (plain) {
        *plain = tgsi;
    } else {
        free(tgsi);
    }
    return c;
}

static void test_ps_discard(void)
{
    char *c = counted("ps_4_0\n"
                      "dcl_input_ps linear v1.x\n"
                      "dcl_output o0.xyzw\n"
                      "discard_nz v1.x\n"
                      "mov o0.xyzw, l(1.0, 0, 0, 1.0)\n"
                      "ret\n", NULL);
    g_assert_cmpstr(c, ==,
        "FRAG\n"
        "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\n"
        "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n"
        "DCL IN[1].x, GENERIC[1], PERSPECTIVE\n"
        "DCL OUT[0], COLOR[0]\n"
        "DCL TEMP[0..5]\n"
        "DCL BUFFER[31]\n"
        "DCL TEMP[6]\n"
        "IMM[0] UINT32 {1065353216, 0, 0, 1065353216}\n"
        "IMM[1] UINT32 {0, 1, 0, 0}\n"
        "IMM[2] UINT32 {0, 0, 0, 0}\n"
        "  0: ATOMUADD TEMP[6].x, BUFFER[31], IMM[1].xxxx, IMM[1].yyyy\n"
        "  1: UIF IN[1].xxxx\n"
        "  2: KILL\n"
        "  3: ENDIF\n"
        "  4: MOV OUT[0], IMM[0].xyzw\n"
        "  5: END\n");
    free(c);
}

/* A point in, a strip of three vertices, a cut, and one more vertex:
 * counted at the third EMIT only (the fourth starts a new strip). */
static void test_gs_strip(void)
{
    char *c = counted("gs_4_0\n"
                      "dcl_input_siv v[1][0].xyzw, position\n"
                      "dcl_inputprimitive point\n"
                      "dcl_outputtopology trianglestrip\n"
                      "dcl_output_siv o0.xyzw, position\n"
                      "dcl_maxout 4\n"
                      "mov o0.xyzw, v[0][0].xyzw\n"
                      "emit\n"
                      "emit\n"
                      "emit_then_cut\n"
                      "emit\n"
                      "ret\n", NULL);
    static const char emit_count[] =
        "UADD TEMP[6].xy, TEMP[6].xyyy, IMM[1].yyyy\n"
        "USGE TEMP[6].z, TEMP[6].xxxx, IMM[1].zzzz\n"
        "USGE TEMP[6].w, IMM[1].wwww, TEMP[6].yyyy\n"
        "AND TEMP[6].z, TEMP[6].zzzz, TEMP[6].wwww\n"
        "UIF TEMP[6].zzzz\n"
        "ATOMUADD TEMP[6].z, BUFFER[31], IMM[1].xxxx, IMM[1].yyyy\n"
        "ENDIF\n";
    g_autofree char *want_body = g_strjoin("",
        "MOV TEMP[6], IMM[2].xxxx\n"
        "MOV OUT[0], IN[0][0].xyzw\n"
        "EMIT IMM[0].xxxx\n", emit_count,
        "EMIT IMM[0].xxxx\n", emit_count,
        "EMIT IMM[0].xxxx\n", emit_count,
        "ENDPRIM IMM[0].xxxx\n"
        "MOV TEMP[6].x, IMM[2].xxxx\n"
        "EMIT IMM[0].xxxx\n", emit_count,
        "END\n", NULL);
    GString *want = g_string_new(
        "GEOM\n"
        "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
        "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
        "PROPERTY GS_MAX_OUTPUT_VERTICES 4\n"
        "DCL IN[][0], POSITION\n"
        "DCL OUT[0], POSITION\n"
        "DCL TEMP[0..5]\n"
        "DCL BUFFER[31]\n"
        "DCL TEMP[6]\n"
        "IMM[0] UINT32 {0, 0, 0, 0}\n"
        "IMM[1] UINT32 {4, 1, 3, 4}\n"
        "IMM[2] UINT32 {0, 0, 0, 0}\n");
    g_auto(GStrv) lines = g_strsplit(want_body, "\n", -1);
    for (unsigned i = 0; lines[i][0]; i++) {
        g_string_append_printf(want, "%3u: %s\n", i, lines[i]);
    }
    g_assert_cmpstr(c, ==, want->str);
    g_string_free(want, TRUE);
    free(c);
}

/* Point and line output: one and two vertices per primitive. */
static void test_gs_topologies(void)
{
    static const struct {
        const char *topo, *imm;
    } cases[] = {
        { "pointlist", "IMM[1] UINT32 {4, 1, 1, 2}\n" },
        { "linestrip", "IMM[1] UINT32 {4, 1, 2, 2}\n" },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *text = g_strdup_printf("gs_4_0\n"
                                                "dcl_input_siv v[1][0].xyzw, position\n"
                                                "dcl_inputprimitive point\n"
                                                "dcl_outputtopology %s\n"
                                                "dcl_output_siv o0.xyzw, position\n"
                                                "dcl_maxout 2\n"
                                                "mov o0.xyzw, v[0][0].xyzw\n"
                                                "emit\n"
                                                "ret\n", cases[i].topo);
        char *c = counted(text, NULL);
        g_assert_nonnull(strstr(c, cases[i].imm));
        free(c);
    }
}

/* The DS's counter is word 2 (byte 8); its prologue (the patch constant
 * copy) follows the increment. */
static void test_ds(void)
{
    char *c = counted("ds_5_0\n"
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
    g_assert_cmpstr(c, ==,
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
        "DCL BUFFER[31]\n"
        "DCL TEMP[39]\n"
        "IMM[0] UINT32 {8, 1, 0, 0}\n"
        "IMM[1] UINT32 {0, 0, 0, 0}\n"
        "  0: ATOMUADD TEMP[39].x, BUFFER[31], IMM[0].xxxx, IMM[0].yyyy\n"
        "  1: MOV TEMP[4](66).x, SV[1].xxxx\n"
        "  2: MUL TEMP[0], SV[0].yyyy, IN[1][0].xyzw\n"
        "  3: MAD TEMP[0], SV[0].xxxx, IN[0][0].xyzw, TEMP[0].xyzw\n"
        "  4: MAD OUT[0], SV[0].zzzz, IN[2][0].xyzw, TEMP[0].xyzw\n"
        "  5: MOV OUT[1].x, TEMP[4](66).xxxx\n"
        "  6: END\n");
    free(c);
}

/* A VS's counter is word 3 (byte 12). */
static void test_vs(void)
{
    char *c = counted("vs_4_0\n"
                      "dcl_input v0.xyzw\n"
                      "dcl_output_siv o0.xyzw, position\n"
                      "mov o0.xyzw, v0.xyzw\n"
                      "ret\n", NULL);
    g_assert_cmpstr(c, ==,
        "VERT\n"
        "DCL IN[0]\n"
        "DCL OUT[0], POSITION\n"
        "DCL TEMP[0..5]\n"
        "DCL BUFFER[31]\n"
        "DCL TEMP[6]\n"
        "IMM[0] UINT32 {12, 1, 0, 0}\n"
        "IMM[1] UINT32 {0, 0, 0, 0}\n"
        "  0: ATOMUADD TEMP[6].x, BUFFER[31], IMM[0].xxxx, IMM[0].yyyy\n"
        "  1: MOV OUT[0], IN[0].xyzw\n"
        "  2: END\n");
    free(c);
}

/* No variant: a CS (its invocations are counted from the dispatches), a
 * PS reading raw t23 (BUFFER[31]). */
static void test_refused(void)
{
    static const char *const cases[] = {
        "cs_5_0\n"
        "dcl_thread_group 4, 2, 1\n"
        "ret\n",
        "ps_5_0\n"
        "dcl_resource_raw t23\n"
        "dcl_output o0.xyzw\n"
        "ld_raw o0.xyzw, l(0), t23.xyzw\n"
        "ret\n",
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *plain = NULL;
        g_assert_null(counted(cases[i], &plain));
        g_assert_nonnull(plain);
        free(plain);
    }
    Sm4ShaderInfo ps = { .stage = SM4_PS };
    g_assert_null(sm4_tgsi_count(NULL, &ps));
}

void shader_count_tests_add(void)
{
    g_test_add_func("/shader/count/ps-discard", test_ps_discard);
    g_test_add_func("/shader/count/gs-strip", test_gs_strip);
    g_test_add_func("/shader/count/gs-topologies", test_gs_topologies);
    g_test_add_func("/shader/count/ds", test_ds);
    g_test_add_func("/shader/count/vs", test_vs);
    g_test_add_func("/shader/count/refused", test_refused);
}
