/* SPDX-License-Identifier: MIT */
/*
 * The soak's cost per fault (wall time of `sable-soak` in process, seed 7:
 * random faults through the whole stack, each detected, dumped, reset and
 * recovered from) at 100 and at 1000 faults: flat means recovery leaves
 * nothing behind that makes the next fault dearer.
 */
#include <stdlib.h>

#include "bench.h"

#define SOAK_REPS 2u

typedef struct SoakCtx {
    unsigned faults;
    char *dir;
} SoakCtx;

static double soak_once(void *arg)
{
    SoakCtx *c = arg;
    g_autofree char *n = g_strdup_printf("%u", c->faults);
    const char *argv[] = { SABLE_SOAK_EXE, "--count", n, "--seed", "7", "--transport",
                           "inproc", "--out", c->dir, NULL };
    g_autoptr(GError) err = NULL;
    int status = 0;
    double t0 = bench_now_s();
    if (!g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                      NULL, NULL, &status, &err) ||
        !g_spawn_check_wait_status(status, &err)) {
        g_error("bench: sable-soak --count %u: %s", c->faults, err->message);
    }
    return (bench_now_s() - t0) / c->faults;
}

void bench_soak(GArray *out)
{
    g_autoptr(GError) err = NULL;
    g_autofree char *dir = g_dir_make_tmp("sable-bench-soak-XXXXXX", &err);
    if (!dir) {
        g_error("bench: %s", err->message);
    }
    SoakCtx c = { 100, dir };
    BenchTimes t100 = bench_time(soak_once, &c, SOAK_REPS);
    c.faults = 1000;
    BenchTimes t1000 = bench_time(soak_once, &c, SOAK_REPS);
    double base = bench_times_median(&t100);
    double best = bench_times_min(&t1000), med = bench_times_median(&t1000);
    double spread = bench_times_spread(&t1000);
    bench_add_times(out, "soak_fault_100_ms", "soak, per fault, 100 faults", &t100, 1e3, false,
                    "ms");
    bench_add_times(out, "soak_fault_1000_ms", "soak, per fault, 1000 faults", &t1000, 1e3,
                    false, "ms");
    bench_add(out, "soak_fault_1000_ms_ratio", "soak, per fault, 1000 faults / 100 faults",
              best / base, med / base, spread, "x");
    g_autofree char *rm = g_strdup_printf("rm -rf '%s'", dir);
    if (system(rm) != 0) {
        g_warning("bench: could not remove %s", dir);
    }
}
