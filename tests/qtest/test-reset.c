/* SPDX-License-Identifier: MIT */
/* Resettable phases: at start-up the machine reset's enter phase clears the
 * injections realize armed and the exit phase arms the -device `inject`
 * specs again (once); QMP system_reset drops work in flight, interrupts and
 * injections. */
#include <string.h>

#include "fixture.h"

static char *qom_get(SqtDevice *d, const char *property)
{
    g_autoptr(GError) err = NULL;
    g_autofree char *cmd = g_strdup_printf(
        "{\"execute\":\"qom-get\",\"arguments\":{\"path\":\"" SQT_DEVICE_PATH
        "\",\"property\":\"%s\"}}", property);
    char *ret = sqt_qmp(d->m, cmd, &err);
    g_assert_no_error(err);
    return ret;
}

static void qmp_ok(SqtDevice *d, const char *cmd)
{
    g_autoptr(GError) err = NULL;
    g_free(sqt_qmp(d->m, cmd, &err));
    g_assert_no_error(err);
}

static void test_system_reset(void)
{
    SqtOptions opt = { .debug = true, .inject = "hang,engine=1" };
    SqtDevice *d = fixture_open(&opt);
    g_autofree char *armed = qom_get(d, "inject-pending");
    g_assert_cmpstr(armed, ==, "1");

    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_debug_stall(&cb, 5000);
    sqt_submit_cmdbuf(d, 0, &cb);
    sqt_sync(d->m);
    g_assert_cmphex(sqt_eng_read(d, 0, SABLE_ENG_STATUS) &
                    SABLE_ENGINE_STATUS_BUSY, !=, 0);
    g_autofree char *busy = qom_get(d, "state");
    g_assert_nonnull(strstr(busy, "\"busy\":true"));

    qmp_ok(d, "{\"execute\":\"system_reset\"}");
    sqt_sync(d->m);
    g_autofree char *none = qom_get(d, "inject-pending");
    g_assert_cmpstr(none, ==, "0");
    g_autofree char *state = qom_get(d, "state");
    g_assert_null(strstr(state, "\"busy\":true"));
    g_assert_nonnull(strstr(state, "\"irq-mask\":0,"));
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu/reset/system-reset", test_system_reset);
    return g_test_run();
}
