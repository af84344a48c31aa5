/* SPDX-License-Identifier: MIT */
/* sablectl ($SABLECTL) against a running QEMU: it connects to the machine's
 * control QMP socket while the test drives the device as the guest. */
#include <inttypes.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "fixture.h"

#define GFX SABLE_ENGINE_GRAPHICS

typedef struct Run {
    int status;
    char *out, *err;
} Run;

/* sablectl --qmp SOCKET ARGS... (args NULL-terminated, at most 4). */
static Run sablectl(const char *socket, const char *const *args)
{
    const char *argv[8] = { g_getenv("SABLECTL"), "--qmp", socket };
    for (unsigned i = 0; args[i] != NULL; i++) {
        g_assert_cmpuint(i, <, 4);
        argv[i + 3] = args[i];
    }
    g_autoptr(GError) error = NULL;
    Run r = { 0 };
    int ws;
    g_assert_nonnull(argv[0]);
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out,
                               &r.err, &ws, &error));
    g_assert_no_error(error);
    g_assert_true(WIFEXITED(ws));
    r.status = WEXITSTATUS(ws);
    g_test_message("sablectl %s: exit %d\n%s%s", args[0], r.status, r.out, r.err);
    return r;
}

static void run_clear(Run *r)
{
    g_free(r->out);
    g_free(r->err);
}

#define CTL(d, ...) sablectl(sqt_machine_control_socket((d)->m), (const char *[]){ __VA_ARGS__, NULL })

static char *hex64(uint64_t v)
{
    return g_strdup_printf("0x%016" PRIx64, v);
}

/* The engine-0 line of `status` and the member of `status --json`. */
static void test_hang_status_dump(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf out = sqt_alloc(d, 64, 64);
    Run r = CTL(d, "inject", "hang,engine=0,fence=2");
    g_assert_cmpint(r.status, ==, 0);
    run_clear(&r);
    r = CTL(d, "status");
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "injections pending: 1\n  hang,engine=0,fence=2,count=1"));
    run_clear(&r);

    SqtCmdBuf ok = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&ok, out.gpu, 1);
    uint64_t f1 = fixture_run(d, GFX, &ok);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&cb, out.gpu, 2);
    uint64_t f2 = sqt_submit_cmdbuf(d, GFX, &cb);
    g_assert_cmpuint(f2, ==, 2);
    sqt_clock_step(d->m, SQT_STEP_NS);
    sqt_sync(d->m);

    r = CTL(d, "status");
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "engine 0 (graphics): ENABLED|BUSY|HUNG\n"));
    g_assert_nonnull(strstr(r.out, "engine 1 (copy): ENABLED\n"));
    g_assert_nonnull(strstr(r.out, "injections pending: 0\n"));
    g_autofree char *dma = hex64(cb.buf.gpu);
    g_autofree char *line = g_strdup_printf("in flight: fence %" PRIu64 ", DMA buffer %s",
                                            f2, dma);
    g_assert_nonnull(strstr(r.out, line));
    run_clear(&r);

    r = CTL(d, "status", "--json");
    g_assert_cmpint(r.status, ==, 0);
    g_autoptr(JsonParser) p = json_parser_new();
    g_assert_true(json_parser_load_from_data(p, r.out, -1, NULL));
    JsonObject *st = json_node_get_object(json_parser_get_root(p));
    JsonObject *e0 = json_array_get_object_element(json_object_get_array_member(st, "engines"), 0);
    g_assert_cmphex(json_object_get_int_member(e0, "status") & SABLE_ENGINE_STATUS_HUNG, !=, 0);
    g_assert_cmpstr(json_object_get_string_member(e0, "dma-addr"), ==, dma);
    g_autofree char *f1s = hex64(f1);
    g_assert_cmpstr(json_object_get_string_member(e0, "completed-fence"), ==, f1s);
    g_assert_cmpuint(json_array_get_length(json_object_get_array_member(st, "injections")), ==, 0);
    run_clear(&r);

    /* The dump fetched over QMP names the hung DMA buffer; saved, it decodes. */
    g_autofree char *dir = g_dir_make_tmp("sablectl-XXXXXX", NULL);
    g_autofree char *file = g_build_filename(dir, "dump.sdmp", NULL);
    r = CTL(d, "dump", "-o", file);
    g_assert_cmpint(r.status, ==, 0);
    g_autofree char *current = g_strdup_printf("current              dma %s", dma);
    g_assert_nonnull(strstr(r.out, current));
    g_assert_nonnull(strstr(r.out, "HUNG"));
    run_clear(&r);
    r = CTL(d, "decode", "--json", file);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, dma));
    run_clear(&r);
    g_unlink(file);
    g_rmdir(dir);
    sqt_device_close(d);
}

static uint32_t pending(SqtDevice *d)
{
    g_autoptr(GError) err = NULL;
    g_autofree char *r = sqt_qmp(d->m,
        "{\"execute\":\"qom-get\",\"arguments\":{\"path\":\"" SQT_DEVICE_PATH "\","
        "\"property\":\"inject-pending\"}}", &err);
    g_assert_no_error(err);
    return (uint32_t)g_ascii_strtoull(r, NULL, 10);
}

static void test_clear_and_errors(void)
{
    SqtDevice *d = fixture_open(NULL);
    Run r = CTL(d, "inject", "slow,engine=1,delay-ns=5;drop-irq,engine=1,count=3");
    g_assert_cmpint(r.status, ==, 0);
    run_clear(&r);
    g_assert_cmpuint(pending(d), ==, 2);
    r = CTL(d, "clear");
    g_assert_cmpint(r.status, ==, 0);
    run_clear(&r);
    g_assert_cmpuint(pending(d), ==, 0);

    /* A bad spec: QEMU's message, nothing armed (all or none). */
    r = CTL(d, "inject", "hang;hang,engine=9");
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.err, "inject: bad option 'engine=9'"));
    run_clear(&r);
    g_assert_cmpuint(pending(d), ==, 0);
    r = CTL(d, "inject", "melt");
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.err, "unknown kind in 'melt'"));
    run_clear(&r);

    /* A device id that does not exist: QEMU's message. */
    const char *argv[] = { "--device", "nope", "status", NULL };
    r = sablectl(sqt_machine_control_socket(d->m), argv);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.err, "'/machine/peripheral/nope' not found"));
    run_clear(&r);

    /* Bad usage. */
    r = CTL(d, "inject");
    g_assert_cmpint(r.status, ==, 2);
    run_clear(&r);
    r = CTL(d, "status", "--bogus");
    g_assert_cmpint(r.status, ==, 2);
    run_clear(&r);
    sqt_device_close(d);
}

static void test_dead_socket(void)
{
    g_autofree char *dir = g_dir_make_tmp("sablectl-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "gone.sock", NULL);
    Run r = sablectl(path, (const char *[]){ "status", NULL });
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.err, "cannot connect to QMP socket"));
    g_assert_nonnull(strstr(r.err, path));
    run_clear(&r);
    g_rmdir(dir);
}

/* -device sable-gpu,inject=A;B arms both, after the power-on reset. */
static void test_startup_prearm(void)
{
    SqtOptions opt = { .inject = "hang,engine=1;slow,engine=0,delay-ns=5" };
    SqtDevice *d = fixture_open(&opt);
    Run r = CTL(d, "status");
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "injections pending: 2\n"
                                   "  hang,engine=1,count=1 (1 left)\n"
                                   "  slow,engine=0,count=1,delay-ns=5 (1 left)\n"));
    run_clear(&r);
    sqt_device_close(d);

    /* A bad spec among them stops QEMU at realize with the reason. */
    const char *argv[] = {
        sqt_default_qemu(), "-machine", "q35", "-accel", "qtest", "-display", "none",
        "-nodefaults", "-L", sqt_default_firmware_dir(),
        "-device", "sable-gpu,inject=hang;hang,,engine=9", NULL,
    };
    g_autofree char *out = NULL, *err_text = NULL;
    g_autoptr(GError) err = NULL;
    int ws;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err_text, &ws, &err));
    g_assert_no_error(err);
    g_assert_true(WIFEXITED(ws));
    g_assert_cmpint(WEXITSTATUS(ws), !=, 0);
    g_assert_nonnull(strstr(err_text, "inject: bad option 'engine=9'"));
}

/* The control surface is listed by -device sable-gpu,help. */
static void test_property_help(void)
{
    const char *argv[] = { sqt_default_qemu(), "-device", "sable-gpu,help", NULL };
    g_autofree char *out = NULL, *err_text = NULL;
    g_autoptr(GError) err = NULL;
    int ws;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err_text, &ws, &err));
    g_assert_no_error(err);
    g_assert_nonnull(strstr(out, "state=<any>"));
    g_assert_nonnull(strstr(out, "dump=<string>"));
    g_assert_nonnull(strstr(out, "inject-clear=<bool>"));
    g_assert_nonnull(strstr(out, "SPEC[;SPEC...]"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu/sablectl/hang-status-dump", test_hang_status_dump);
    g_test_add_func("/qemu/sablectl/clear-and-errors", test_clear_and_errors);
    g_test_add_func("/qemu/sablectl/dead-socket", test_dead_socket);
    g_test_add_func("/qemu/sablectl/startup-prearm", test_startup_prearm);
    g_test_add_func("/qemu/sablectl/property-help", test_property_help);
    return g_test_run();
}
