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

/* Doorbell to MSI-X of one submission of cb on engine e (wall seconds). */
double bench_latency_once(SqtDevice *d, const SqtCmdBuf *cb, unsigned e);
/* The pct-th percentile of samples[n] (sorted in place). */
double bench_percentile(double *samples, unsigned n, unsigned pct);
/* 3D (bench-3d.c): draws/s straight to virglrenderer in this process
 * (the reference), through Sable in process and through a QEMU started
 * with opt and 3d=on, with the ratios; 3D fence latency against rtt_s. */
void bench_3d(const SqtOptions *opt, double rtt_s, GArray *out);

double bench_now_s(void);
/* The shortest of `runs` runs of fn (each returns the seconds it took). */
double bench_best_of(double (*fn)(void *), void *arg, int runs);
/* The shortest memcpy of n bytes from src to dst over `runs` runs. */
double bench_memcpy_s(void *dst, const void *src, size_t n, int runs);
/* NAME_mib_s (mib / t_s) and NAME_ratio (ref_s / t_s, "LABEL / memcpy"). */
void bench_add_ratio(GArray *out, const char *name, const char *label, double ref_s, double t_s,
                     double mib);
/* The driver stack (winsim's D3D runtime -> UMD -> winsim -> KMD) on a
 * QEMU device of its own (the qemu transport, $SABLE_QEMU): buffer upload
 * (UpdateSubresourceUP + Flush + wait) and read back (copy to staging +
 * READ map) of size bytes, against memcpy of the same size. */
void bench_stack(uint64_t size, GArray *out);

#endif
