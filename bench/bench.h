/* SPDX-License-Identifier: MIT */
/* sable-bench: measurements through the qemu transport (wall clock).
 * Every figure is a set of samples (seconds per repetition, after one
 * untimed warm-up run); a row reports min, median and spread
 * ((max - min) / median), and every sample goes to the JSON. A ratio to a
 * reference uses a reference timed in the same run with the same number of
 * repetitions, interleaved with it sample by sample, its buffers touched
 * first; a ratio above BENCH_FAULT_RATIO
 * against memcpy is flagged as a measurement fault, not a result. */
#ifndef SABLE_BENCH_H
#define SABLE_BENCH_H

#include "sable-qtest.h"

#define BENCH_FAULT_RATIO 1.05

/* Seconds per repetition. */
typedef struct BenchTimes {
    GArray *s;             /* double */
} BenchTimes;

typedef struct BenchResult {
    char name[64];         /* stable key for JSON */
    char label[96];        /* table row */
    double min, median, spread;  /* value at the best and the median sample */
    const char *unit;
    bool fault;            /* a ratio to memcpy above BENCH_FAULT_RATIO */
    GArray *samples;       /* double seconds (owned), NULL for derived rows */
} BenchResult;

typedef double (*BenchFn)(void *arg);

double bench_now_s(void);
/* fn once untimed (warm-up: pages touched, caches filled), then `reps`
 * timed runs (fn returns the seconds each took). */
BenchTimes bench_time(BenchFn fn, void *arg, unsigned reps);
/* A memcpy reference: n bytes from src to dst. */
typedef struct BenchRef {
    void *dst;
    const void *src;
    size_t n;
} BenchRef;
/* One timed memcpy of a BenchRef (a BenchFn). */
double bench_memcpy_once(void *ref);
/* The reference and fn alternately, `reps` samples of each, after the
 * reference's buffers are touched and one untimed run of each: load that
 * comes and goes on the machine hits both series alike. */
void bench_pair(BenchRef *ref, BenchFn fn, void *arg, unsigned reps, BenchTimes *rt,
                BenchTimes *t);
double bench_times_min(const BenchTimes *t);
double bench_times_median(const BenchTimes *t);
/* The sample at percentile pct (0..100) of the sorted samples. */
double bench_times_quantile(const BenchTimes *t, unsigned pct);
void bench_times_free(BenchTimes *t);

/* (max - min) / median of the samples. */
double bench_times_spread(const BenchTimes *t);
/* A row derived from samples (already in `unit`): the value at the best
 * sample, at the median, and the samples' spread. */
void bench_add(GArray *out, const char *name, const char *label, double min, double median,
               double spread, const char *unit);
/* A row of t (which it keeps): k / seconds (per_second) or k * seconds. */
void bench_add_times(GArray *out, const char *name, const char *label, BenchTimes *t, double k,
                     bool per_second, const char *unit);
/* NAME_mib_s (mib per second, from t, which the row keeps) and NAME_ratio
 * ("LABEL / memcpy": best reference / best t, and the median of the
 * ratios of the pairs, ref and t sampled alternately; flagged as a fault
 * above BENCH_FAULT_RATIO). */
void bench_add_ratio(GArray *out, const char *name, const char *label, const BenchTimes *ref,
                     BenchTimes *t, double mib);
/* bench_pair of ref and fn, then bench_add_ratio; the reference's samples
 * go to *keep_ref when it has none yet (for the reference's own row, which
 * the caller adds with bench_add_memcpy), else they are dropped. */
void bench_ratio_paired(GArray *out, const char *name, const char *label, BenchRef *ref,
                        BenchFn fn, void *arg, unsigned reps, double mib, BenchTimes *keep_ref);
/* bench_ratio_paired of each of n subjects against ref, then the
 * reference's own row (REF_NAME, REF_LABEL). */
typedef struct BenchSubject {
    const char *name, *label;
    BenchFn fn;
    void *arg;
} BenchSubject;
void bench_ratios(GArray *out, BenchRef *ref, const BenchSubject *subj, unsigned n,
                  unsigned reps, double mib, const char *ref_name, const char *ref_label);
/* The reference row of a memcpy (MiB/s; keeps t). */
void bench_add_memcpy(GArray *out, const char *name, const char *label, BenchTimes *t,
                      double mib);
const BenchResult *bench_find(const GArray *out, const char *name);
void bench_results_free(GArray *out);

/* Each appends its results to out. The transport reference is the median
 * wall time of one MMIO register read over the qtest socket (rtt_s, from
 * bench_mmio_rtt, n reads): submission rates and interrupt latency are
 * also given as ratios to it, since they are dominated by that round trip. */
double bench_mmio_rtt(SqtDevice *d, unsigned n, GArray *out);
void bench_submissions(SqtDevice *d, unsigned n, unsigned batch, double rtt_s,
                       const char *name, const char *label, GArray *out);
void bench_irq_latency(SqtDevice *d, unsigned n, double rtt_s, GArray *out);
/* One submission of cb on the graphics engine, doorbell to MSI-X (a BenchFn). */
typedef struct BenchIrqCtx {
    SqtDevice *d;
    SqtCmdBuf cb;
} BenchIrqCtx;
double bench_latency_once(void *ctx);
/* 3D (bench-3d.c): draws/s straight to virglrenderer in this process
 * (the reference), through Sable in process and through a QEMU started
 * with opt and 3d=on, with the ratios; 3D fence latency against rtt_s.
 * Returns the reference's draws/s. */
double bench_3d(const SqtOptions *opt, double rtt_s, GArray *out);
/* Draws through the whole driver stack (bench-draw.c), in process and on
 * QEMU, against direct_draws_s (bench_3d's reference). */
void bench_draw(double direct_draws_s, GArray *out);
void bench_copy(SqtDevice *d, uint64_t size, GArray *out);
/* CPU memcpy into VRAM's mapping and out of guest RAM, against memcpy
 * between heap buffers: the bound of the stack's one-copy paths. */
void bench_cpu_bounds(SqtDevice *d, uint64_t size, GArray *out);
/* Swizzle range CPU read/write and COPY_2D tiled<->linear, size bytes
 * (<= SABLE_APERTURE_SIZE, a multiple of 4 KiB). */
void bench_aperture(SqtDevice *d, uint64_t size, GArray *out);
/* The driver stack (winsim's D3D runtime -> UMD -> winsim -> KMD) on a
 * QEMU device of its own (the qemu transport, $SABLE_QEMU): buffer upload
 * (UpdateSubresourceUP + Flush + wait) and read back (copy to staging +
 * READ map) of size bytes, against memcpy of the same size. */
void bench_stack(uint64_t size, GArray *out);
/* The scale table (in process): per-submission cost of the KMD and
 * winsim against the number of live allocations and of devices submitting
 * round-robin, each also as a ratio to the smallest case. */
void bench_scale(GArray *out);

/* The device's scale rows (in process): realize, adapter reset and dump
 * time for VRAM of 64 MiB to 1 GiB; a COPY through a 4 GiB GART's last
 * pages against its first; each as a ratio to the smallest case. */
void bench_device_scale(GArray *out);
/* The soak's wall time per fault at 100 and 1000 faults (in process). */
void bench_soak(GArray *out);
/* Display refresh of a 1024x768 scanout in process, every band changed
 * and none changed (dirty tracking), against memcpy of the frame. */
void bench_display(GArray *out);

/* The table; one verdict line per goal of issue 15 (never a failure). */
void bench_print(const GArray *res);
void bench_print_verdicts(const GArray *res);
bool bench_write_json(const GArray *res, const char *path, GError **err);

#endif
