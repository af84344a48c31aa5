/* SPDX-License-Identifier: MIT */
/* sable-bench: measurements through the qemu transport (wall clock). */
#ifndef SABLE_BENCH_H
#define SABLE_BENCH_H

#include "sable-qtest.h"

typedef struct BenchResult {
    const char *name;      /* stable key for JSON */
    const char *label;     /* table row */
    double value;
    const char *unit;
} BenchResult;

/* Each appends its results to out (an array of BenchResult). */
void bench_submissions(SqtDevice *d, unsigned n, unsigned batch,
                       const char *name, const char *label, GArray *out);
void bench_irq_latency(SqtDevice *d, unsigned n, GArray *out);
void bench_copy(SqtDevice *d, uint64_t size, GArray *out);

double bench_now_s(void);

#endif
