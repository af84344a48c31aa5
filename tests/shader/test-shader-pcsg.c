/* SPDX-License-Identifier: MIT */
/*
 * The 'shader' suite, the patch constant signature (PCSG) of hull and
 * domain shaders (docs/dxbc.md): derived from a hull shader's fork/join
 * phase outputs and a domain shader's vpc inputs, or read from fxc's
 * "// Patch Constant signature:" table; written in fxc's chunk order with
 * a valid checksum; the tessellation factors' D3D_NAME (11 quad edge, 12
 * quad inside, 13 tri edge, 14 tri inside, 15/16 line detail/density, per
 * Microsoft's D3D_NAME page) and semantic index map to the token names
 * D3D11_SB_NAME 11-22 and back.
 */
#include <string.h>

#include "dxbc.h"
#include "shader-util.h"

/* the tri HS of tests/winsim/d3d/test-d3d-tess.c with a control point phase
 * and a plain patch constant o4.xyz, o3 declared again by a join phase */
static const char hs_text[] =
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[3][0].xyzw\n"
    "dcl_output o0.xyzw\ndcl_temps 1\nmov r0.x, vOutputControlPointID\n"
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\nret\n"
    "hs_fork_phase\ndcl_hs_fork_phase_instance_count 3\ndcl_input vForkInstanceID\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_temps 1\ndcl_indexrange o0.x 3\nmov r0.x, vForkInstanceID.x\n"
    "mov o[r0.x + 0].x, l(2.0)\nret\n"
    "hs_fork_phase\ndcl_output_siv o3.x, finalTriInsideTessFactor\nmov o3.x, l(2.0)\nret\n"
    "hs_fork_phase\ndcl_output o4.xyz\nmov o4.xyz, l(1.0, 2.0, 3.0, 0)\nret\n"
    "hs_join_phase\ndcl_output_siv o3.x, finalTriInsideTessFactor\nmov o3.x, l(3.0)\nret\n";

static const char ds_text[] =
    "ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
    "dcl_input vDomain.xyz\ndcl_input vicp[3][0].xyzw\n"
    "dcl_input_siv vpc3.x, finalTriInsideTessFactor\ndcl_input vpc4.xyz\n"
    "dcl_output_siv o0.xyzw, position\nmov o0.xyzw, vicp[0][0].xyzw\n"
    "mul o0.x, vpc3.x, vpc4.x\nret\n";

static void assert_elem(const DxbcSigElem *e, const char *name, uint32_t index, uint32_t sv,
                        uint32_t reg, uint8_t mask)
{
    g_assert_cmpstr(e->name, ==, name);
    g_assert_cmpuint(e->index, ==, index);
    g_assert_cmpuint(e->sv, ==, sv);
    g_assert_cmpuint(e->type, ==, 3); /* float */
    g_assert_cmpuint(e->reg, ==, reg);
    g_assert_cmphex(e->mask, ==, mask);
}

/* The container's chunks in order, and its PCSG parsed. */
static void container(const char *text, const uint32_t *order, uint32_t nchunks,
                      DxbcSigElem *pc, uint32_t *npc)
{
    size_t len;
    char err[160] = "";
    g_autofree uint8_t *b = sm4_assemble_dxbc(text, &len, err, sizeof err);
    g_assert_cmpstr(err, ==, "");
    Dxbc x;
    g_assert_cmpint(dxbc_parse(b, len, &x, err, sizeof err), ==, 0); /* the checksum too */
    g_assert_cmpuint(x.nchunks, ==, nchunks);
    for (uint32_t i = 0; i < nchunks; i++) {
        g_assert_cmphex(x.chunk[i].fourcc, ==, order[i]);
    }
    const DxbcChunk *c = dxbc_find(&x, DXBC_FOURCC('P', 'C', 'S', 'G'));
    *npc = 0;
    if (c) {
        g_assert_cmpint(dxbc_sig_parse(c, pc, DXBC_MAX_SIG, npc), ==, 0);
    }
}

#define RDEF DXBC_FOURCC('R', 'D', 'E', 'F')
#define ISGN DXBC_FOURCC('I', 'S', 'G', 'N')
#define OSGN DXBC_FOURCC('O', 'S', 'G', 'N')
#define PCSG DXBC_FOURCC('P', 'C', 'S', 'G')
#define SHEX DXBC_FOURCC('S', 'H', 'E', 'X')
#define SHDR DXBC_FOURCC('S', 'H', 'D', 'R')

/* The HS: tess factors and o4 in PCSG (o3 once), the control point o0 in
 * OSGN; the DS: vpc3/vpc4; a VS has no PCSG. */
static void test_derived(void)
{
    DxbcSigElem pc[DXBC_MAX_SIG];
    uint32_t n;
    container(hs_text, (const uint32_t[]){ RDEF, ISGN, OSGN, PCSG, SHEX }, 5, pc, &n);
    g_assert_cmpuint(n, ==, 5);
    assert_elem(&pc[0], "SV_TessFactor", 0, 13, 0, 1);
    assert_elem(&pc[1], "SV_TessFactor", 1, 13, 1, 1);
    assert_elem(&pc[2], "SV_TessFactor", 2, 13, 2, 1);
    assert_elem(&pc[3], "SV_InsideTessFactor", 0, 14, 3, 1);
    assert_elem(&pc[4], "TEXCOORD", 4, 0, 4, 0x7);
    Sm4Asm a;
    char err[160] = "";
    g_assert_cmpint(sm4_assemble(hs_text, &a, err, sizeof err), ==, 0);
    g_assert_cmpuint(a.nout, ==, 1);
    assert_elem(&a.out[0], "TEXCOORD", 0, 0, 0, 0xF);
    sm4_asm_free(&a);

    container(ds_text, (const uint32_t[]){ RDEF, ISGN, PCSG, OSGN, SHEX }, 5, pc, &n);
    g_assert_cmpuint(n, ==, 2);
    assert_elem(&pc[0], "SV_InsideTessFactor", 0, 14, 3, 1);
    assert_elem(&pc[1], "TEXCOORD", 4, 0, 4, 0x7);

    container("vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
              "mov o0.xyzw, v0.xyzw\nret\n",
              (const uint32_t[]){ RDEF, ISGN, OSGN, SHDR }, 4, pc, &n);
    g_assert_cmpuint(n, ==, 0);
}

/* fxc's table for a quad patch gives the elements as written (the
 * declarations are not consulted for that signature). */
static void test_table(void)
{
    static const char text[] =
        "// Patch Constant signature:\n"
        "//\n"
        "// Name                 Index   Mask Register SysValue  Format   Used\n"
        "// -------------------- ----- ------ -------- -------- ------- ------\n"
        "// SV_TessFactor            0   x           0 QUADEDGE   float   x   \n"
        "// SV_TessFactor            1   x           1 QUADEDGE   float   x   \n"
        "// SV_TessFactor            2   x           2 QUADEDGE   float   x   \n"
        "// SV_TessFactor            3   x           3 QUADEDGE   float   x   \n"
        "// SV_InsideTessFactor      0   x           4  QUADINT   float   x   \n"
        "// SV_InsideTessFactor      1   x           5  QUADINT   float       \n"
        "//\n"
        "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
        "dcl_input vDomain.xy\ndcl_output_siv o0.xyzw, position\n"
        "mov o0.xyzw, vDomain.xyxx\nret\n";
    Sm4Asm a;
    char err[160] = "";
    g_assert_cmpint(sm4_assemble(text, &a, err, sizeof err), ==, 0);
    g_assert_cmpuint(a.npatch, ==, 6);
    for (uint32_t i = 0; i < 4; i++) {
        assert_elem(&a.patch[i], "SV_TessFactor", i, 11, i, 1);
        g_assert_cmpuint(dxbc_sig_sb_name(a.patch[i].sv, a.patch[i].index), ==, 11 + i);
    }
    assert_elem(&a.patch[4], "SV_InsideTessFactor", 0, 12, 4, 1);
    assert_elem(&a.patch[5], "SV_InsideTessFactor", 1, 12, 5, 1);
    g_assert_cmphex(a.patch[5].rw, ==, 0);
    g_assert_cmpuint(dxbc_sig_sb_name(12, 0), ==, 15);
    g_assert_cmpuint(dxbc_sig_sb_name(12, 1), ==, 16);
    sm4_asm_free(&a);
}

/* D3D_NAME + semantic index <-> D3D11_SB_NAME, both ways for 0-22. */
static void test_names(void)
{
    g_assert_cmpuint(dxbc_sig_sb_name(13, 2), ==, 19); /* tri W edge */
    g_assert_cmpuint(dxbc_sig_sb_name(13, 3), ==, 0);  /* a tri has 3 edges */
    g_assert_cmpuint(dxbc_sig_sb_name(11, 4), ==, 0);
    g_assert_cmpuint(dxbc_sig_sb_name(14, 0), ==, 20);
    g_assert_cmpuint(dxbc_sig_sb_name(15, 0), ==, 21);
    g_assert_cmpuint(dxbc_sig_sb_name(16, 1), ==, 22);
    g_assert_cmpuint(dxbc_sig_sb_name(5, 0), ==, 5);
    g_assert_cmpuint(dxbc_sig_sb_name(64, 0), ==, 0); /* SV_Target: no token name */
    g_assert_cmpuint(dxbc_sig_sb_name(23, 0), ==, 0);
    for (uint32_t sb = 0; sb <= 22; sb++) {
        uint32_t sv, index;
        dxbc_sig_d3d_name(sb, &sv, &index);
        g_assert_cmpuint(sv, <=, 16);
        g_assert_cmpuint(dxbc_sig_sb_name(sv, index), ==, sb);
    }
}

void shader_pcsg_tests_add(void)
{
    g_test_add_func("/shader/pcsg/derived", test_derived);
    g_test_add_func("/shader/pcsg/table", test_table);
    g_test_add_func("/shader/pcsg/names", test_names);
}
