/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite: winsim + the KMD on a transport named by
 * $WINSIM_TRANSPORT (inproc, inproc-intx, qemu). Every test loads the
 * driver, starts the adapter and ends with RemoveDevice and the leak check
 * of ws_sim_free(). The cases live in stack-*.c.
 */
#include <glib/gstdio.h>

#include "stack-util.h"

/* TDR dumps go to a directory of this run, removed at the end. */
static char *dump_dir_new(void)
{
    char *dir = g_dir_make_tmp("winsim-dumps-XXXXXX", NULL);
    g_assert_nonnull(dir);
    g_setenv("WINSIM_DUMP_DIR", dir, TRUE);
    return dir;
}

static void dump_dir_remove(char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *name;
    while (d && (name = g_dir_read_name(d))) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        g_remove(path);
    }
    if (d) {
        g_dir_close(d);
    }
    g_rmdir(dir);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    char *dumps = g_test_subprocess() ? NULL : dump_dir_new();
    stack_add_basic_tests();
    stack_add_submit_tests();
    stack_add_paging_tests();
    stack_add_alloc_tests();
    stack_add_render_tests();
    stack_add_tdr_tests();
    stack_add_kmt_tests();
    stack_add_swizzle_tests();
    stack_add_display_tests();
    stack_add_irql_tests();
    stack_add_system_tests();
    stack_add_report_tests();
    stack_add_3d_tests();
    int status = g_test_run();
    if (dumps) {
        dump_dir_remove(dumps);
    }
    return status;
}
