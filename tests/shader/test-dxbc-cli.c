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

static void test_cli(void)
{
    g_autofree char *dir = g_dir_make_tmp("dxbc-XXXXXX", NULL);
    g_autofree char *src = g_build_filename(dir, "ps.asm", NULL);
    g_autofree char *bin = g_build_filename(dir, "ps.dxbc", NULL);
    g_autofree char *src2 = g_build_filename(dir, "ps2.asm", NULL);
    g_autofree char *bin2 = g_build_filename(dir, "ps2.dxbc", NULL);
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
    g_assert_true(g_file_set_contents(src, text, -1, NULL));
    char *out, *err;
    g_assert_cmpint(run((const char *[]){ "asm", src, "-o", bin, NULL }, &out, &err), ==, 0);
    g_free(out), g_free(err);
    g_assert_cmpint(run((const char *[]){ "dis", bin, NULL }, &out, &err), ==, 0);
    g_assert_nonnull(strstr(out, "mul_sat o0.xyzw, v1.xyzw, l(2.0, 2.0, 2.0, 2.0)\n"));
    /* the signature names survive the round trip (the container compared below) */
    g_assert_nonnull(strstr(out, "// COLOR                    1   xyzw        1     NONE"));
    g_assert_true(g_file_set_contents(src2, out, -1, NULL));
    g_free(out), g_free(err);
    g_assert_cmpint(run((const char *[]){ "asm", src2, "-o", bin2, NULL }, &out, &err), ==, 0);
    g_free(out), g_free(err);
    g_autofree char *c1 = NULL, *c2 = NULL;
    gsize l1, l2;
    g_assert_true(g_file_get_contents(bin, &c1, &l1, NULL));
    g_assert_true(g_file_get_contents(bin2, &c2, &l2, NULL));
    g_assert_cmpmem(c1, l1, c2, l2);
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
    for (const char *f = src; f; f = f == src ? bin : f == bin ? src2 : f == src2 ? bin2 : NULL) {
        g_unlink(f);
    }
    g_rmdir(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/shader/cli", test_cli);
    return g_test_run();
}
