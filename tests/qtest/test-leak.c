/* SPDX-License-Identifier: MIT */
/* QEMU under valgrind's memcheck: the device starts, works on both engines,
 * is read through the properties tools use (state, dump, inject-pending)
 * and set up for injection, then QEMU exits cleanly; no block the device's
 * code allocated may be definitely lost. */
#include <string.h>
#include <glib/gstdio.h>

#include "fixture.h"

#define READS 3

static void qom_get(SqtDevice *d, const char *property)
{
    g_autofree char *cmd = g_strdup_printf(
        "{\"execute\": \"qom-get\", \"arguments\": {\"path\": \"" SQT_DEVICE_PATH
        "\", \"property\": \"%s\"}}", property);
    g_autoptr(GError) err = NULL;
    g_autofree char *ret = sqt_qmp(d->m, cmd, &err);
    g_assert_no_error(err);
    g_assert_nonnull(ret);
}

/* The definitely-lost records of a memcheck log whose stack passes through
 * the device's code (files sable-gpu*.c and the core's, functions sable_*). */
static GString *device_leaks(const char *log)
{
    g_autofree char *text = NULL;
    g_assert_true(g_file_get_contents(log, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "HEAP SUMMARY")); /* memcheck ran to the end */
    GString *found = g_string_new(NULL);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (!strstr(*l, "definitely lost in loss record")) {
            continue;
        }
        g_autoptr(GString) rec = g_string_new(*l);
        bool ours = false;
        for (char **s = l + 1; *s && (strstr(*s, " at 0x") || strstr(*s, " by 0x")); s++) {
            g_string_append_printf(rec, "\n%s", *s);
            ours |= strstr(*s, "sable") != NULL;
        }
        if (ours) {
            g_string_append_printf(found, "%s\n", rec->str);
        }
    }
    return found;
}

static void test_no_device_leaks(void)
{
    if (!g_find_program_in_path("valgrind")) {
        g_test_skip("valgrind is not installed (scripts/deps.sh installs it)");
        return;
    }
    g_autofree char *dir = g_dir_make_tmp("sable-leak-XXXXXX", NULL);
    g_autofree char *log = g_build_filename(dir, "memcheck.log", NULL);
    g_autofree char *wrapper = g_strdup_printf(
        "valgrind --leak-check=full --show-leak-kinds=definite --num-callers=40 "
        "--log-file=%s", log);
    SqtOptions opt = { .wrapper = wrapper };
    SqtDevice *d = fixture_open(&opt);
    SqtBuf out = sqt_alloc(d, 64, 64);
    for (unsigned e = 0; e < d->engines; e++) {
        SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
        sqt_cmd_write32(&cb, out.gpu + 4 * e, 0x1ea0 + e);
        fixture_run(d, e, &cb);
        g_assert_cmphex(sqt_load32((uint32_t *)out.ptr + e), ==, 0x1ea0 + e);
    }
    g_autoptr(GError) err = NULL;
    g_assert_true(sqt_qom_set_str(d->m, SQT_DEVICE_PATH, "inject", "slow,engine=1", &err));
    g_assert_no_error(err);
    for (unsigned i = 0; i < READS; i++) {
        qom_get(d, "state");
        qom_get(d, "dump");
        qom_get(d, "inject-pending");
    }
    sqt_device_close(d); /* SIGTERM: QEMU exits through its cleanup */
    g_autoptr(GString) leaks = device_leaks(log);
    if (leaks->len) {
        g_test_message("definitely lost in the device's code:\n%s", leaks->str);
    }
    g_assert_cmpuint(leaks->len, ==, 0);
    g_unlink(log);
    g_rmdir(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/leak/device", test_no_device_leaks);
    return g_test_run();
}
