/* SPDX-License-Identifier: MIT */
/* sable-bench: start QEMU with sable-gpu (qtest accelerator) and measure,
 * in one run: submissions per second (1 and N per doorbell), doorbell to
 * MSI-X latency (median, p99; wall clock), each also as a ratio to one
 * MMIO round trip measured in the same run, and COPY bandwidth between VRAM
 * and system memory, swizzle-range CPU bandwidth and COPY_2D tiled<->linear
 * bandwidth, each as a ratio to memcpy, and 3D draw rate and fence latency
 * (bench-3d.c), draws through the whole driver stack against it
 * (bench-draw.c). Prints a table (best, median,
 * spread) and one verdict per goal; --json writes every sample. Exit 0
 * whatever the speed (1: the device or the stack did not work).
 * --draws: only the 3D rows (bench-3d.c, bench-draw.c) and the MMIO round
 * trip they are measured against.
 *   sable-bench [--qemu PATH] [--firmware DIR] [--json FILE] [--draws] */
#include <stdio.h>

#include "bench.h"

/* Submissions per run; the MMIO round trip and the interrupt latency
 * reference take as many samples. */
#define SUBMISSIONS 4000u
#define BATCH 16
#define LATENCY_SAMPLES SUBMISSIONS
#define COPY_SIZE (64ull << 20)
#define APERTURE_BENCH_SIZE ((uint64_t)SABLE_APERTURE_SIZE)
#define STACK_BENCH_SIZE (8ull << 20) /* half the stack transport's VRAM */

/* The device rows: submissions, interrupt latency, copy and CPU bandwidth. */
static void device_rows(SqtDevice *d, double rtt, GArray *res)
{
    bench_submissions(d, SUBMISSIONS, 1, rtt, "submit_per_s_1",
                      "submissions/s, 1 per doorbell", res);
    bench_submissions(d, SUBMISSIONS, BATCH, rtt, "submit_per_s_" G_STRINGIFY(BATCH),
                      "submissions/s, " G_STRINGIFY(BATCH) " per doorbell", res);
    bench_irq_latency(d, LATENCY_SAMPLES, rtt, res);
    bench_copy(d, COPY_SIZE, res);
    bench_aperture(d, APERTURE_BENCH_SIZE, res);
    bench_cpu_bounds(d, STACK_BENCH_SIZE, res);
}

int main(int argc, char **argv)
{
    g_autofree char *qemu = NULL, *firmware = NULL, *json = NULL;
    gboolean draws_only = FALSE;
    GOptionEntry entries[] = {
        { "qemu", 0, 0, G_OPTION_ARG_FILENAME, &qemu, "QEMU binary with sable-gpu", "PATH" },
        { "firmware", 0, 0, G_OPTION_ARG_FILENAME, &firmware, "firmware directory (-L)", "DIR" },
        { "json", 0, 0, G_OPTION_ARG_FILENAME, &json, "also write results as JSON", "FILE" },
        { "draws", 0, 0, G_OPTION_ARG_NONE, &draws_only, "only the 3D and draw rows", NULL },
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
    GArray *res = g_array_new(FALSE, FALSE, sizeof(BenchResult));
    double rtt = bench_mmio_rtt(d, LATENCY_SAMPLES, res);
    if (!draws_only) {
        device_rows(d, rtt, res);
    }
    sqt_device_close(d);
    if (qemu) { /* the stack starts its own QEMU (the qemu transport) */
        g_setenv("SABLE_QEMU", qemu, TRUE);
    }
    if (firmware) {
        g_setenv("SABLE_SEABIOS", firmware, TRUE);
    }
    if (!draws_only) {
        bench_stack(STACK_BENCH_SIZE, res);
    }
    double direct_draws = bench_3d(&opt, rtt, res);
    bench_draw(direct_draws, res);
    if (!draws_only) {
        bench_scale(res);
        bench_device_scale(res);
        bench_soak(res);
        bench_display(res);
    }
    bench_print(res);
    bench_print_verdicts(res);
    bool ok = !json || bench_write_json(res, json, &err);
    if (!ok) {
        fprintf(stderr, "sable-bench: cannot write %s: %s\n", json, err->message);
    }
    bench_results_free(res);
    return ok ? 0 : 1;
}
