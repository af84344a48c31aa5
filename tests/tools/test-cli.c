/* SPDX-License-Identifier: MIT */
/* `sablectl decode` (sablectl's path in $SABLECTL): output and exit status.
 * The QMP commands are tested against QEMU (tests/qtest/test-sablectl.c). */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "dump-builder.h"

typedef struct Run {
    int status;
    char *out, *err;
} Run;

/* Run sablectl with args (NULL-terminated, at most 4). */
static Run run_args(const char *const *args)
{
    const char *argv[6] = { g_getenv("SABLECTL") };
    for (unsigned i = 0; args[i] != NULL; i++) {
        g_assert_cmpuint(i, <, 4);
        argv[i + 1] = args[i];
    }
    g_autoptr(GError) error = NULL;
    Run r = { 0 };
    int wait_status;

    g_assert_nonnull(argv[0]);
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out,
                               &r.err, &wait_status, &error));
    g_assert_no_error(error);
    g_assert_true(WIFEXITED(wait_status));
    r.status = WEXITSTATUS(wait_status);
    return r;
}

static Run run(const char *arg1, const char *arg2)
{
    const char *args[] = { "decode", arg1, arg2, NULL };
    return run_args(args); /* a NULL arg1 ends the list there */
}

static void run_clear(Run *r)
{
    g_free(r->out);
    g_free(r->err);
}

static void assert_run(const char *a1, const char *a2, int status, const char *out_has,
                       const char *err_has)
{
    Run r = run(a1, a2);

    g_assert_cmpint(r.status, ==, status);
    if (out_has != NULL) {
        g_assert_nonnull(strstr(r.out, out_has));
    }
    if (err_has != NULL) {
        g_assert_nonnull(strstr(r.err, err_has));
    }
    run_clear(&r);
}

/* Write data to a new file in the temp dir; returns its path. */
static char *write_temp(const guint8 *data, size_t len)
{
    g_autoptr(GError) err = NULL;
    char *path = NULL;
    int fd = g_file_open_tmp("sable-dump-XXXXXX.bin", &path, &err);

    g_assert_no_error(err);
    close(fd);
    g_assert_true(g_file_set_contents(path, (const char *)data, (gssize)len, &err));
    return path;
}

static void test_usage(void)
{
    assert_run(NULL, NULL, 2, NULL, "decode: missing argument");
    assert_run("--bogus", "x", 2, NULL, "Unknown option");
    assert_run("a", "b", 2, NULL, "decode: too many arguments");
    assert_run("/nonexistent/dump.bin", NULL, 1, NULL, "/nonexistent/dump.bin");
}

static void assert_args(const char *const *args, int status, const char *err_has)
{
    Run r = run_args(args);
    g_assert_cmpint(r.status, ==, status);
    g_assert_nonnull(strstr(r.err, err_has));
    run_clear(&r);
}

/* Global usage: a command is needed, known, and given --qmp if it needs it. */
static void test_commands(void)
{
    assert_args((const char *[]){ NULL }, 2, "missing COMMAND");
    assert_args((const char *[]){ "frob", NULL }, 2, "unknown command 'frob'");
    assert_args((const char *[]){ "status", NULL }, 2, "status needs --qmp PATH");
    assert_args((const char *[]){ "--timeout", "0", "status", NULL }, 2, "--timeout");
    assert_args((const char *[]){ "--qmp", "/x", "inject", NULL }, 2, "inject: missing argument");
    assert_args((const char *[]){ "--qmp", "/x", "clear", "y", NULL }, 2,
                "clear: too many arguments");
}

/* winsim saves the KMD's CollectDbgInfo buffer: the device dump as the
 * device wrote it, then zeros to the buffer's size. */
static void test_collect_dbg_info_buffer(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);
    g_autofree guint8 *padded = g_malloc0(len + 4096);
    memcpy(padded, data, len);
    g_autofree char *path = write_temp(padded, len + 4096);
    g_autofree char *cut = write_temp(padded, len - 8);

    assert_run(path, NULL, 0, "Engine 0 (graphics)", NULL);
    assert_run(cut, NULL, 1, NULL, "invalid dump");
    g_unlink(path);
    g_unlink(cut);
}

static void test_valid(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);
    g_autofree char *path = write_temp(data, len);
    Run r = run("--json", path);
    g_autoptr(JsonParser) parser = json_parser_new();

    assert_run(path, NULL, 0, "Engine 0 (graphics)", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_true(json_parser_load_from_data(parser, r.out, -1, NULL));
    g_assert_true(JSON_NODE_HOLDS_OBJECT(json_parser_get_root(parser)));
    run_clear(&r);
    g_unlink(path);
}

static void test_invalid(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);
    g_autofree char *path = NULL;
    g_autofree char *short_path = NULL;

    dump_header(data)->magic = 0;
    path = write_temp(data, len);
    short_path = write_temp(data, 10);
    assert_run(path, NULL, 1, NULL, "bad magic");
    assert_run("--json", short_path, 1, NULL, "shorter than");
    g_unlink(path);
    g_unlink(short_path);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tools/cli/usage", test_usage);
    g_test_add_func("/tools/cli/valid", test_valid);
    g_test_add_func("/tools/cli/invalid", test_invalid);
    g_test_add_func("/tools/cli/commands", test_commands);
    g_test_add_func("/tools/cli/collect-dbg-info-buffer", test_collect_dbg_info_buffer);
    return g_test_run();
}
