/* SPDX-License-Identifier: MIT */
/*
 * The 'faults' suite: every fault kind through the whole stack (winsim's
 * D3D runtime -> UMD -> winsim's dxgkrnl -> KMD -> the device named by
 * $WINSIM_TRANSPORT), asserting what Windows does (docs/tdr.md, fault
 * kinds). TDR dumps are saved in $WINSIM_DUMP_DIR (created if missing).
 */
#include <glib/gstdio.h>

#include "faults-check.h"

/* `sablectl decode` (text and --json) of the dump a full-stack graphics
 * hang saved: it names the hung engine, the fence and the DMA buffer. */
static void test_sablectl_decode(void)
{
    const char *sablectl = g_getenv("SABLECTL");
    if (!sablectl) {
        g_test_skip("SABLECTL not set");
        return;
    }
    FStack s;
    fs_start(&s);
    UmdJob *g = umd_job_new(&s, 60);
    fs_inject(&s, "hang,engine=0");
    g_assert_cmphex((uint32_t)umd_job_submit(g), ==, 0);
    uint64_t dma;
    uint32_t hung = fc_last_fence(s.sim, 0, &dma, NULL);
    g_assert_cmpint(umd_job_finish(g), ==, JOB_REMOVED);
    g_assert_cmpuint(s.sim->dump_files->len, ==, 1);
    const char *path = g_ptr_array_index(s.sim->dump_files, 0);
    const char *argv[] = { sablectl, "decode", path, NULL };
    g_autofree char *out = NULL, *errout = NULL, *json = NULL;
    int status = -1;
    GError *err = NULL;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &errout, &status, &err));
    g_assert_no_error(err);
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    g_autofree char *current = g_strdup_printf("dma 0x%016" G_GINT64_MODIFIER "x", dma);
    g_autofree char *fence = g_strdup_printf("fence %u,", hung);
    g_assert_nonnull(strstr(out, "ENABLED|BUSY|HUNG"));
    g_assert_nonnull(strstr(out, current));
    g_assert_nonnull(strstr(out, fence));
    const char *jargv[] = { sablectl, "decode", "--json", path, NULL };
    g_assert_true(g_spawn_sync(NULL, (char **)jargv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &json,
                               NULL, &status, &err));
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    g_autoptr(JsonParser) p = json_parser_new();
    g_assert_true(json_parser_load_from_data(p, json, -1, &err));
    g_assert_no_error(err);
    umd_job_free(g);
    fs_stop(&s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    const char *dir = g_getenv("WINSIM_DUMP_DIR");
    if (dir) {
        g_assert_cmpint(g_mkdir_with_parents(dir, 0755), ==, 0);
    }
    fc_add_hang_tests();
    fc_add_kind_tests();
    g_test_add_func("/faults/sablectl-decode", test_sablectl_decode);
    return g_test_run();
}
