/* SPDX-License-Identifier: MIT */
/* sable-bench: start QEMU with sable-gpu (qtest accelerator) and measure,
 * in one run: submissions per second (1 and N per doorbell), doorbell to
 * MSI-X latency (median, p99; wall clock), each also as a ratio to one
 * MMIO round trip measured in the same run, and COPY bandwidth between VRAM
 * and system memory, swizzle-range CPU bandwidth and COPY_2D tiled<->linear
 * bandwidth, each as a ratio to memcpy, and 3D draw rate and fence latency
 * (bench-3d.c). Prints a table; --json writes it.
 *   sable-bench [--qemu PATH] [--firmware DIR] [--json FILE] */
#include <stdio.h>
#include <json-glib/json-glib.h>

#include "bench.h"

#define SUBMISSIONS 4000u
#define BATCH 16
#define LATENCY_SAMPLES 1000u
#define COPY_SIZE (64ull << 20)
#define APERTURE_BENCH_SIZE ((uint64_t)SABLE_APERTURE_SIZE)
#define STACK_BENCH_SIZE (8ull << 20) /* half the stack transport's VRAM */

static void print_table(const GArray *res)
{
    printf("%-52s %14s  %s\n", "benchmark", "value", "unit");
    for (guint i = 0; i < res->len; i++) {
        const BenchResult *r = &g_array_index(res, BenchResult, i);
        printf("%-52s %14.2f  %s\n", r->label, r->value, r->unit);
    }
}

static bool write_json(const GArray *res, const char *path, GError **err)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    for (guint i = 0; i < res->len; i++) {
        const BenchResult *r = &g_array_index(res, BenchResult, i);
        json_builder_set_member_name(b, r->name);
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "value");
        json_builder_add_double_value(b, r->value);
        json_builder_set_member_name(b, "unit");
        json_builder_add_string_value(b, r->unit);
        json_builder_set_member_name(b, "label");
        json_builder_add_string_value(b, r->label);
        json_builder_end_object(b);
    }
    json_builder_end_object(b);
    g_autoptr(JsonGenerator) gen = json_generator_new();
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    json_generator_set_root(gen, root);
    json_generator_set_pretty(gen, TRUE);
    return json_generator_to_file(gen, path, err);
}

int main(int argc, char **argv)
{
    g_autofree char *qemu = NULL, *firmware = NULL, *json = NULL;
    GOptionEntry entries[] = {
        { "qemu", 0, 0, G_OPTION_ARG_FILENAME, &qemu, "QEMU binary with sable-gpu", "PATH" },
        { "firmware", 0, 0, G_OPTION_ARG_FILENAME, &firmware, "firmware directory (-L)", "DIR" },
        { "json", 0, 0, G_OPTION_ARG_FILENAME, &json, "also write results as JSON", "FILE" },
        { NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new("- Sable benchmarks");
    g_autoptr(GError) err = NULL;
    g_option_context_add_main_entries(ctx, entries, NULL);
    if (!g_option_context_parse(ctx, &argc, &argv, &err)) {
        fprintf(stderr, "sable-bench: %s\n", err->message);
        return 2;
    }
    SqtOptions opt = { .qemu = qemu, .firmware_dir = firmware,
                       .ram_size = 512ull << 20, .vram_size = 128ull << 20 };
    SqtDevice *d = sqt_device_open(&opt, &err);
    if (!d) {
        fprintf(stderr, "sable-bench: cannot start the device: %s\n", err->message);
        return 1;
    }
    g_autoptr(GArray) res = g_array_new(FALSE, FALSE, sizeof(BenchResult));
    double rtt = bench_mmio_rtt(d, LATENCY_SAMPLES, res);
    bench_submissions(d, SUBMISSIONS, 1, rtt, "submit_per_s_1",
                      "submissions/s, 1 per doorbell", res);
    bench_submissions(d, SUBMISSIONS, BATCH, rtt, "submit_per_s_" G_STRINGIFY(BATCH),
                      "submissions/s, " G_STRINGIFY(BATCH) " per doorbell", res);
    bench_irq_latency(d, LATENCY_SAMPLES, rtt, res);
    bench_copy(d, COPY_SIZE, res);
    bench_aperture(d, APERTURE_BENCH_SIZE, res);
    sqt_device_close(d);
    if (qemu) { /* the stack starts its own QEMU (the qemu transport) */
        g_setenv("SABLE_QEMU", qemu, TRUE);
    }
    if (firmware) {
        g_setenv("SABLE_SEABIOS", firmware, TRUE);
    }
    bench_stack(STACK_BENCH_SIZE, res);
    bench_3d(&opt, rtt, res);
    print_table(res);
    if (json && !write_json(res, json, &err)) {
        fprintf(stderr, "sable-bench: cannot write %s: %s\n", json, err->message);
        return 1;
    }
    return 0;
}
