/* SPDX-License-Identifier: MIT */
#include <json-glib/json-glib.h>

#include "soak-report.h"

const char *const soak_kind_names[SOAK_KINDS] = {
    "hang-graphics", "hang-copy", "page-fault", "invalid-cmd",
    "drop-irq", "slow-under-tdr-delay", "slow-over-tdr-delay", "hang-reset-fail",
};

bool soak_ok(const SoakStats *s)
{
    return !s->innocent_lost && !s->leaked && !s->dumps_bad && !s->unexpected_tdrs;
}

static gint cmp_u64(gconstpointer a, gconstpointer b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of the sorted samples (0 if none). */
static uint64_t percentile(GArray *v, unsigned pct)
{
    if (!v->len) {
        return 0;
    }
    guint rank = (v->len * pct + 99) / 100;
    return g_array_index(v, uint64_t, rank ? rank - 1 : 0);
}

static void add_uint(JsonBuilder *b, const char *name, uint64_t v)
{
    json_builder_set_member_name(b, name);
    json_builder_add_int_value(b, (gint64)v);
}

static char *summary_json(const SoakStats *s, uint64_t median, uint64_t p99)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "transport");
    json_builder_add_string_value(b, s->transport);
    add_uint(b, "seed", s->seed);
    add_uint(b, "faults-injected", s->count);
    json_builder_set_member_name(b, "by-kind");
    json_builder_begin_object(b);
    for (unsigned k = 0; k < SOAK_KINDS; k++) {
        add_uint(b, soak_kind_names[k], s->injected[k]);
    }
    json_builder_end_object(b);
    add_uint(b, "tdrs", s->tdrs);
    add_uint(b, "engine-resets", s->engine_resets);
    add_uint(b, "adapter-resets", s->adapter_resets);
    add_uint(b, "guilty-removed", s->removed);
    add_uint(b, "recovery-ns-median", median);
    add_uint(b, "recovery-ns-p99", p99);
    add_uint(b, "device-time-ns", s->device_ns);
    add_uint(b, "dumps-saved", s->dumps);
    add_uint(b, "innocent-fences-lost", s->innocent_lost);
    add_uint(b, "allocations-leaked", s->leaked);
    add_uint(b, "dumps-failed-to-decode", s->dumps_bad);
    add_uint(b, "unexpected-tdrs", s->unexpected_tdrs);
    json_builder_set_member_name(b, "pass");
    json_builder_add_boolean_value(b, soak_ok(s));
    json_builder_end_object(b);
    g_autoptr(JsonGenerator) gen = json_generator_new();
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    json_generator_set_root(gen, root);
    json_generator_set_pretty(gen, TRUE);
    return json_generator_to_data(gen, NULL);
}

static char *summary_text(const SoakStats *s, uint64_t median, uint64_t p99, const char *dir)
{
    GString *t = g_string_new(NULL);
    g_string_append_printf(t, "Sable soak: %u faults on %s, seed %u (rerun: --seed %u)\n",
                           s->count, s->transport, s->seed, s->seed);
    for (unsigned k = 0; k < SOAK_KINDS; k++) {
        g_string_append_printf(t, "  %-22s %u\n", soak_kind_names[k], s->injected[k]);
    }
    g_string_append_printf(t,
        "TDRs %u: engine resets %u, adapter resets %u; guilty devices/contexts removed %u\n"
        "recovery (device time, fault injected to work done): median %.3f ms, p99 %.3f ms\n"
        "device time %.3f s; dumps saved %u in %s/dumps\n"
        "must be 0: innocent fences lost %u, allocations leaked %u, dumps failed to decode %u, "
        "TDRs without cause %u\n%s\n",
        s->tdrs, s->engine_resets, s->adapter_resets, s->removed, median / 1e6, p99 / 1e6,
        s->device_ns / 1e9, s->dumps, dir, s->innocent_lost, s->leaked, s->dumps_bad,
        s->unexpected_tdrs, soak_ok(s) ? "PASS" : "FAIL");
    return g_string_free(t, FALSE);
}

char *soak_write_reports(SoakStats *s, const char *dir, GError **err)
{
    g_array_sort(s->recovery_ns, cmp_u64);
    uint64_t median = percentile(s->recovery_ns, 50), p99 = percentile(s->recovery_ns, 99);
    g_autofree char *json = summary_json(s, median, p99);
    char *text = summary_text(s, median, p99, dir);
    g_autofree char *jpath = g_build_filename(dir, "summary.json", NULL);
    g_autofree char *tpath = g_build_filename(dir, "report.txt", NULL);
    if (!g_file_set_contents(jpath, json, -1, err) || !g_file_set_contents(tpath, text, -1, err)) {
        g_free(text);
        return NULL;
    }
    return text;
}
