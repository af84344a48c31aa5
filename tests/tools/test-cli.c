/* SPDX-License-Identifier: MIT */
/* The sable-dump CLI (path in $SABLE_DUMP): output and exit status. */
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

static Run run(const char *arg1, const char *arg2)
{
    const char *argv[] = { g_getenv("SABLE_DUMP"), arg1, arg2, NULL };
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
    assert_run(NULL, NULL, 2, NULL, "missing FILE");
    assert_run("--bogus", "x", 2, NULL, "Unknown option");
    assert_run("a", "b", 2, NULL, "too many arguments");
    assert_run("/nonexistent/dump.bin", NULL, 1, NULL, "/nonexistent/dump.bin");
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
    return g_test_run();
}
