/* SPDX-License-Identifier: MIT */
/* sable-bench: measurements through the qemu transport (wall clock). */
#ifndef SABLE_BENCH_H
#define SABLE_BENCH_H

#include "sable-qtest.h"

typedef struct BenchResult {
    char name[64];         /* stable key for JSON */
    char label[96];        /* table row */
    double value;
    const char *unit;
} BenchResult;

/* Append one result to out (an array of BenchResult). */
void bench_add(GArray *out, const char *name, const char *label, double v,
               const char *unit);

/* Each appends its results to out. The transport reference is the median
 * wall time of one MMIO register read over the qtest socket (rtt_s, from
 * bench_mmio_rtt): submission rates and interrupt latency are also given
 * as ratios to it, since they are dominated by that round trip. */
double bench_mmio_rtt(SqtDevice *d, unsigned n, GArray *out);
void bench_submissions(SqtDevice *d, unsigned n, unsigned batch, double rtt_s,
                       const char *name, const char *label, GArray *out);
void bench_irq_latency(SqtDevice *d, unsigned n, double rtt_s, GArray *out);
void bench_copy(SqtDevice *d, uint64_t size, GArray *out);
/* Swizzle range CPU read/write and COPY_2D tiled<->linear, size bytes
 * (<= SABLE_APERTURE_SIZE, a multiple of 4 KiB). */
void bench_aperture(SqtDevice *d, uint64_t size, GArray *out);

double bench_now_s(void);

#endif
