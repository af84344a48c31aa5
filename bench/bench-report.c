/* SPDX-License-Identifier: MIT */
/* The table, the verdict per goal of issue 15, the JSON with every sample. */
#include <stdio.h>
#include <json-glib/json-glib.h>

#include "bench.h"

void bench_print(const GArray *res)
{
    printf("%-56s %12s %12s %7s  %s\n", "benchmark", "best", "median", "spread", "unit");
    for (guint i = 0; i < res->len; i++) {
        const BenchResult *r = &g_array_index(res, BenchResult, i);
        printf("%-56s %12.2f %12.2f %6.0f%%  %s%s\n", r->label, r->min, r->median,
               r->spread * 100, r->unit,
               r->fault ? "  MEASUREMENT FAULT (above memcpy: the reference is wrong)" : "");
    }
}

/* A goal: every named ratio at least `min` (at the median sample). */
typedef struct Goal {
    const char *what;
    double min;
    const char *names[4];
} Goal;

static const Goal goals[] = {
    { "COPY VRAM<->GART-mapped system memory, 64 MiB", 0.8,
      { "copy_vram_to_sys_ratio", "copy_sys_to_vram_ratio" } },
    { "tiled<->linear (COPY_2D, aperture ENABLE/FLUSH)", 0.5,
      { "copy2d_to_tiled_ratio", "copy2d_to_linear_ratio", "ap_write_flush_ratio",
        "ap_enable_read_ratio" } },
    { "whole-stack upload, UpdateSubresourceUP + Flush + wait, 8 MiB", 0.5,
      { "stack_upload_ratio" } },
    { "whole-stack read back through staging, 8 MiB", 0.4, { "stack_read_back_ratio" } },
};

static void print_goal(const GArray *res, const Goal *g)
{
    bool met = true, fault = false, missing = false;
    GString *vals = g_string_new(NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(g->names) && g->names[i]; i++) {
        const BenchResult *r = bench_find(res, g->names[i]);
        if (!r) {
            missing = true;
            continue;
        }
        met &= r->median >= g->min;
        fault |= r->fault;
        g_string_append_printf(vals, "%s%.2f", vals->len ? ", " : "", r->median);
    }
    const char *v = missing ? "not measured" : fault ? "measurement fault" : met ? "met" : "not met";
    printf("goal: %-62s >= %.1fx memcpy: %s (%s)\n", g->what, g->min, v, vals->str);
    g_string_free(vals, TRUE);
}

/* Flat: the largest case at most SCALE_FLAT times the smallest (median). */
#define SCALE_FLAT 1.5

static void print_scale(const GArray *res, const char *what, const char *name)
{
    const BenchResult *r = bench_find(res, name);
    const char *v = !r ? "not measured" : r->median <= SCALE_FLAT ? "met" : "not met";
    printf("goal: %-62s <= %.1fx smallest: %s (%.2f)\n", what, SCALE_FLAT, v,
           r ? r->median : 0.0);
}

/* An idle refresh (nothing changed) costs at most DISPLAY_IDLE_SHARE of a
 * full-change one: dirty tracking skips the conversion. */
#define DISPLAY_IDLE_SHARE 0.01

static void print_display(const GArray *res)
{
    const BenchResult *idle = bench_find(res, "display_idle_us");
    const BenchResult *full = bench_find(res, "display_full_mib_s");
    const BenchResult *ref = bench_find(res, "display_memcpy");
    if (!idle || !full || !ref || full->median <= 0) {
        printf("goal: %-62s    not measured\n", "display: idle refresh costs ~nothing");
        return;
    }
    /* a full refresh converts 3 MiB at full->median MiB/s */
    double full_us = 3.0 / full->median * 1e6;
    double share = idle->median / full_us;
    printf("goal: %-62s <= %.2fx full refresh: %s (%.4f; idle %.1f us, full %.0f us)\n",
           "display: idle refresh costs ~nothing", DISPLAY_IDLE_SHARE,
           share <= DISPLAY_IDLE_SHARE ? "met" : "not met", share, idle->median, full_us);
}

void bench_print_verdicts(const GArray *res)
{
    for (unsigned i = 0; i < G_N_ELEMENTS(goals); i++) {
        print_goal(res, &goals[i]);
    }
    print_scale(res, "submission cost flat, 10 -> 10000 live allocations",
                "scale_submit_allocs_10000_us_ratio");
    print_scale(res, "submission cost flat, 1 -> 64 devices round-robin",
                "scale_submit_devices_64_us_ratio");
    print_scale(res, "realize flat, VRAM 64 MiB -> 1 GiB", "realize_vram_1024_ratio");
    print_scale(res, "adapter reset flat, VRAM 64 MiB -> 1 GiB", "reset_vram_1024_ratio");
    print_scale(res, "dump flat, VRAM 64 MiB -> 1 GiB", "dump_vram_1024_ratio");
    print_scale(res, "COPY from a 4 GiB GART's last pages vs its first", "gart_copy_last_ratio");
    print_scale(res, "soak cost per fault flat, 100 -> 1000 faults", "soak_fault_1000_ms_ratio");
    print_display(res);
}

static void add_number(JsonBuilder *b, const char *member, double v)
{
    json_builder_set_member_name(b, member);
    json_builder_add_double_value(b, v);
}

static void add_result(JsonBuilder *b, const BenchResult *r)
{
    json_builder_set_member_name(b, r->name);
    json_builder_begin_object(b);
    add_number(b, "min", r->min);
    add_number(b, "median", r->median);
    add_number(b, "spread", r->spread);
    json_builder_set_member_name(b, "unit");
    json_builder_add_string_value(b, r->unit);
    json_builder_set_member_name(b, "label");
    json_builder_add_string_value(b, r->label);
    json_builder_set_member_name(b, "fault");
    json_builder_add_boolean_value(b, r->fault);
    if (r->samples) {
        json_builder_set_member_name(b, "samples_s");
        json_builder_begin_array(b);
        for (guint i = 0; i < r->samples->len; i++) {
            json_builder_add_double_value(b, g_array_index(r->samples, double, i));
        }
        json_builder_end_array(b);
    }
    json_builder_end_object(b);
}

bool bench_write_json(const GArray *res, const char *path, GError **err)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    for (guint i = 0; i < res->len; i++) {
        add_result(b, &g_array_index(res, BenchResult, i));
    }
    json_builder_end_object(b);
    g_autoptr(JsonGenerator) gen = json_generator_new();
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    json_generator_set_root(gen, root);
    json_generator_set_pretty(gen, TRUE);
    return json_generator_to_file(gen, path, err);
}
