/* SPDX-License-Identifier: MIT */
/* sable-dxbc end to end ($SABLE_DXBC): asm -> dis -> asm gives the same
 * container, tgsi prints the translation; bad input and bad usage give a
 * message and exit statuses 1 and 2. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

static int run(const char *const *args, char **out, char **err)
{
    int status = -1;
    GError *e = NULL;
    const char *argv[8] = { g_getenv("SABLE_DXBC") };
    for (int i = 0; args[i] && i < 6; i++) {
        argv[i + 1] = args[i];
    }
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err,
                               &status, &e));
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* asm text -> bin, dis bin -> src2, asm src2 -> bin2: the same container;
 * returns dis's text. */
static char *round_trip(const char *text, const char *src, const char *bin, const char *src2,
                        const char *bin2)
{
    g_assert_true(g_file_set_contents(src, text, -1, NULL));
    char *out, *err, *dis;
    g_assert_cmpint(run((const char *[]){ "asm", src, "-o", bin, NULL }, &out, &err), ==, 0);
    g_free(out), g_free(err);
    g_assert_cmpint(run((const char *[]){ "dis", bin, NULL }, &dis, &err), ==, 0);
    g_free(err);
    g_assert_true(g_file_set_contents(src2, dis, -1, NULL));
    g_assert_cmpint(run((const char *[]){ "asm", src2, "-o", bin2, NULL }, &out, &err), ==, 0);
    g_free(out), g_free(err);
    g_autofree char *c1 = NULL, *c2 = NULL;
    gsize l1, l2;
    g_assert_true(g_file_get_contents(bin, &c1, &l1, NULL));
    g_assert_true(g_file_get_contents(bin2, &c2, &l2, NULL));
    g_assert_cmpmem(c1, l1, c2, l2);
    return dis;
}

typedef struct Files {
    char *dir, *src, *bin, *src2, *bin2;
} Files;

static Files files(void)
{
    Files f;
    f.dir = g_dir_make_tmp("dxbc-XXXXXX", NULL);
    f.src = g_build_filename(f.dir, "a.asm", NULL);
    f.bin = g_build_filename(f.dir, "a.dxbc", NULL);
    f.src2 = g_build_filename(f.dir, "b.asm", NULL);
    f.bin2 = g_build_filename(f.dir, "b.dxbc", NULL);
    return f;
}

static void files_free(Files *f)
{
    char *const paths[] = { f->src, f->bin, f->src2, f->bin2 };
    for (unsigned i = 0; i < G_N_ELEMENTS(paths); i++) {
        g_unlink(paths[i]);
        g_free(paths[i]);
    }
    g_rmdir(f->dir);
    g_free(f->dir);
}

static void test_cli(void)
{
    Files f = files();
    const char *src = f.src, *bin = f.bin, *src2 = f.src2, *bin2 = f.bin2;
    /* float4 main(float4 c : COLOR1) : SV_Target { return saturate(c * 2); } */
    static const char text[] =
        "// Input signature:\n"
        "//\n"
        "// Name                 Index   Mask Register SysValue  Format   Used\n"
        "// -------------------- ----- ------ -------- -------- ------- ------\n"
        "// COLOR                    1   xyzw        1     NONE   float   xyzw\n"
        "//\n"
        "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
        "mul_sat o0.xyzw, v1.xyzw, l(2.0, 2.0, 2.0, 2.0)\nret\n";
    char *out, *err;
    out = round_trip(text, src, bin, src2, bin2);
    g_assert_nonnull(strstr(out, "mul_sat o0.xyzw, v1.xyzw, l(2.0, 2.0, 2.0, 2.0)\n"));
    /* the signature names survive the round trip (the container compared) */
    g_assert_nonnull(strstr(out, "// COLOR                    1   xyzw        1     NONE"));
    g_assert_null(strstr(out, "Patch Constant")); /* a PS has none */
    g_free(out);
    g_autofree char *c1 = NULL;
    gsize l1;
    g_assert_true(g_file_get_contents(bin, &c1, &l1, NULL));
    g_assert_cmpint(run((const char *[]){ "tgsi", bin, NULL }, &out, &err), ==, 0);
    g_assert_nonnull(strstr(out, "MUL_SAT OUT[0], IN[1].xyzw, IMM[0].xyzw\n"));
    g_free(out), g_free(err);
    /* bad input: a message and 1; bad usage: 2 */
    g_assert_true(g_file_set_contents(src2, "ps_4_0\nmul r0.xyzw, r9\n", -1, NULL));
    g_assert_cmpint(run((const char *[]){ "asm", src2, "-o", bin2, NULL }, &out, &err), ==, 1);
    g_assert_nonnull(strstr(err, "line 2"));
    g_free(out), g_free(err);
    c1[40] ^= 1;
    g_assert_true(g_file_set_contents(bin2, c1, (gssize)l1, NULL));
    g_assert_cmpint(run((const char *[]){ "dis", bin2, NULL }, &out, &err), ==, 1);
    g_assert_nonnull(strstr(err, "bad checksum"));
    g_free(out), g_free(err);
    g_assert_cmpint(run((const char *[]){ "frobnicate", NULL }, &out, &err), ==, 2);
    g_free(out), g_free(err);
    files_free(&f);
}

/* A hull shader: the patch constant signature is printed in fxc's table
 * and read back (the tri edge factors SV_TessFactor[0..2], D3D_NAME 13). */
static void test_cli_pcsg(void)
{
    Files f = files();
    static const char text[] =
        "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
        "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
        "dcl_tessellator_output_primitive output_triangle_cw\n"
        "hs_fork_phase\ndcl_hs_fork_phase_instance_count 3\ndcl_input vForkInstanceID\n"
        "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
        "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
        "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
        "dcl_temps 1\ndcl_indexrange o0.x 3\nmov r0.x, vForkInstanceID.x\n"
        "mov o[r0.x + 0].x, l(2.0)\nret\n"
        "hs_fork_phase\ndcl_output_siv o3.x, finalTriInsideTessFactor\nmov o3.x, l(2.0)\nret\n";
    g_autofree char *out = round_trip(text, f.src, f.bin, f.src2, f.bin2);
    g_assert_nonnull(strstr(out, "// Patch Constant signature:\n"));
    g_assert_nonnull(strstr(out, "// SV_TessFactor            1   x           1  TRIEDGE   float"));
    g_assert_nonnull(strstr(out, "// SV_InsideTessFactor      0   x           3   TRIINT   float"));
    files_free(&f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/shader/cli", test_cli);
    g_test_add_func("/shader/cli/pcsg", test_cli_pcsg);
    return g_test_run();
}
