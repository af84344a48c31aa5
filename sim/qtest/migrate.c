/* SPDX-License-Identifier: MIT */
/* Migration of the device's QEMU to a file and into a second QEMU started
 * with -incoming on the same shared memory (sable-qtest.h). */
#include <sys/stat.h>

#include <json-glib/json-glib.h>

#include "sqt-internal.h"

#define MIGRATE_POLL_US 10000
#define MIGRATE_FAILSAFE_POLLS 6000 /* 60 s of wall time: QEMU hung */

/* query-migrate's answer; NULL on a QMP error. */
static JsonObject *query_migrate(SqtMachine *m, JsonParser *p, GError **err)
{
    g_autofree char *ret = sqt_qmp(m, "{\"execute\":\"query-migrate\"}", err);
    if (!ret || !json_parser_load_from_data(p, ret, -1, err)) {
        return NULL;
    }
    return json_node_get_object(json_parser_get_root(p));
}

/* Poll m's query-migrate until status is "completed"; the last answer is
 * left in p. */
static JsonObject *wait_completed(SqtMachine *m, JsonParser *p, GError **err)
{
    for (unsigned i = 0; i < MIGRATE_FAILSAFE_POLLS; i++) {
        JsonObject *o = query_migrate(m, p, err);
        if (!o) {
            return NULL;
        }
        const char *st = json_object_get_string_member_with_default(o, "status",
                                                                    "none");
        if (g_str_equal(st, "completed")) {
            return o;
        }
        if (g_str_equal(st, "failed") || g_str_equal(st, "cancelled")) {
            g_set_error(err, SQT_ERROR, 0, "migration %s: %s; see %s", st,
                        json_object_get_string_member_with_default(
                            o, "error-desc", "(no reason)"), m->log_path);
            return NULL;
        }
        g_usleep(MIGRATE_POLL_US);
    }
    g_set_error(err, SQT_ERROR, 0, "migration did not complete; see %s",
                m->log_path);
    return NULL;
}

static void read_stats(JsonObject *o, const char *path, SqtMigrateStats *s)
{
    struct stat st;
    JsonObject *ram = json_object_has_member(o, "ram")
                          ? json_object_get_object_member(o, "ram") : NULL;

    s->total_ms = json_object_get_int_member_with_default(o, "total-time", -1);
    s->downtime_ms = json_object_get_int_member_with_default(o, "downtime", -1);
    s->ram_bytes = ram ? (uint64_t)json_object_get_int_member_with_default(
                             ram, "transferred", 0) : 0;
    s->file_bytes = stat(path, &st) == 0 ? (uint64_t)st.st_size : 0;
}

bool sqt_migrate_to_file(SqtMachine *m, const char *path,
                         SqtMigrateStats *stats, GError **err)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    g_autofree char *uri = g_strdup_printf("exec:cat > '%s'", path);
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "execute");
    json_builder_add_string_value(b, "migrate");
    json_builder_set_member_name(b, "arguments");
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "uri");
    json_builder_add_string_value(b, uri);
    json_builder_end_object(b);
    json_builder_end_object(b);
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    g_autofree char *cmd = json_to_string(root, FALSE);
    g_autofree char *ret = sqt_qmp(m, cmd, err);
    g_autoptr(JsonParser) p = json_parser_new();
    JsonObject *done = ret ? wait_completed(m, p, err) : NULL;
    if (done && stats) {
        read_stats(done, path, stats);
    }
    return done != NULL;
}

bool sqt_device_migrate(SqtDevice *d, const SqtOptions *opt, const char *path,
                        SqtMigrateStats *stats, GError **err)
{
    if (!sqt_migrate_to_file(d->m, path, stats, err)) {
        return false;
    }
    g_autofree char *incoming = g_strdup_printf("exec:cat '%s'", path);
    SqtOptions o = *opt;
    o.incoming = incoming;
    o.share_from = d->m;
    SqtMachine *dst = sqt_machine_start(&o, err);
    if (!dst) {
        return false;
    }
    g_autoptr(JsonParser) p = json_parser_new();
    if (!wait_completed(dst, p, err)) {
        sqt_machine_stop(dst);
        return false;
    }
    sqt_machine_take_memory(dst, d->m);
    sqt_machine_stop(d->m);
    d->m = dst;
    d->pci.m = dst;
    return true;
}
