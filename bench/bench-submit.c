/* SPDX-License-Identifier: MIT */
/* Submission throughput and doorbell-to-interrupt latency. */
#include <stdlib.h>

#include "bench.h"

double bench_now_s(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

void bench_add(GArray *out, const char *name, const char *label, double v,
               const char *unit)
{
    BenchResult r = { .value = v, .unit = unit };
    g_strlcpy(r.name, name, sizeof(r.name));
    g_strlcpy(r.label, label, sizeof(r.label));
    g_array_append_val(out, r);
}

double bench_best_of(double (*fn)(void *), void *arg, int runs)
{
    double best = G_MAXDOUBLE;
    for (int i = 0; i < runs; i++) {
        best = MIN(best, fn(arg));
    }
    return best;
}

double bench_memcpy_s(void *dst, const void *src, size_t n, int runs)
{
    double best = G_MAXDOUBLE;
    for (int i = 0; i < runs; i++) {
        double t0 = bench_now_s();
        memcpy(dst, src, n);
        best = MIN(best, bench_now_s() - t0);
    }
    return best;
}

void bench_add_ratio(GArray *out, const char *name, const char *label, double ref_s, double t_s,
                     double mib)
{
    g_autofree char *n1 = g_strdup_printf("%s_mib_s", name);
    g_autofree char *n2 = g_strdup_printf("%s_ratio", name);
    g_autofree char *l2 = g_strdup_printf("%s / memcpy", label);
    bench_add(out, n1, label, mib / t_s, "MiB/s");
    bench_add(out, n2, l2, ref_s / t_s, "x");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts samples[n] in place. */
double bench_percentile(double *samples, unsigned n, unsigned pct)
{
    qsort(samples, n, sizeof(double), cmp_double);
    return samples[MIN(n - 1, (n * pct) / 100)];
}

double bench_mmio_rtt(SqtDevice *d, unsigned n, GArray *out)
{
    double *t = g_new(double, n);
    for (unsigned i = 0; i < n; i++) {
        double t0 = bench_now_s();
        (void)sqt_reg_read(d, SABLE_REG_SCRATCH);
        t[i] = bench_now_s() - t0;
    }
    double rtt = bench_percentile(t, n, 50);
    g_free(t);
    bench_add(out, "mmio_rtt_us", "MMIO read round trip, median (reference)",
              rtt * 1e6, "us");
    return rtt;
}

static void wait_or_die(SqtDevice *d, unsigned e, uint64_t fence)
{
    if (!sqt_wait_fence(d, e, fence, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
        sqt_fatal(d->m, "bench: fence %" G_GUINT64_FORMAT " did not complete", fence);
    }
}

/* n NOP submissions on the copy engine, one doorbell per `batch`. */
void bench_submissions(SqtDevice *d, unsigned n, unsigned batch, double rtt_s,
                       const char *name, const char *label, GArray *out)
{
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_nop(&cb, 1);
    unsigned e = SABLE_ENGINE_COPY;
    uint64_t fence = 0;
    double t0 = bench_now_s();
    for (unsigned i = 0; i < n; i++) {
        fence = sqt_ring_push(d, e, cb.buf.gpu, cb.used, 0, 0);
        if ((i + 1) % batch == 0 || i + 1 == n) {
            sqt_doorbell(d, e);
        }
    }
    wait_or_die(d, e, fence);
    double per_s = n / (bench_now_s() - t0);
    bench_add(out, name, label, per_s, "1/s");
    g_autofree char *rname = g_strdup_printf("%s_per_rtt", name);
    g_autofree char *rlabel = g_strdup_printf("%s, per MMIO round trip", label);
    bench_add(out, rname, rlabel, per_s * rtt_s, "x");
}

/* Spin on the MSI-X slot in shared RAM; the clock is stepped only if the
 * message does not come (it need not: completion runs in QEMU's loop). */
double bench_latency_once(SqtDevice *d, const SqtCmdBuf *cb, unsigned e)
{
    unsigned vec = SABLE_MSIX_VEC_ENGINE(e);
    sqt_reg_write(d, SABLE_REG_IRQ_STATUS, SABLE_IRQ_FENCE(e));
    sqt_msi_clear(d, vec);
    sqt_ring_push(d, e, cb->buf.gpu, cb->used, 0, 0);
    double t0 = bench_now_s();
    sqt_doorbell(d, e);
    if (!sqt_wait_msi(d, vec, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
        sqt_fatal(d->m, "bench: no MSI-X message on vector %u", vec);
    }
    return bench_now_s() - t0;
}

void bench_irq_latency(SqtDevice *d, unsigned n, double rtt_s, GArray *out)
{
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_nop(&cb, 1);
    double *lat = g_new(double, n);
    for (unsigned i = 0; i < n; i++) {
        lat[i] = bench_latency_once(d, &cb, SABLE_ENGINE_GRAPHICS);
    }
    double p99 = bench_percentile(lat, n, 99), median = bench_percentile(lat, n, 50);
    bench_add(out, "irq_latency_median_us", "doorbell->MSI-X latency, median",
              median * 1e6, "us");
    bench_add(out, "irq_latency_p99_us", "doorbell->MSI-X latency, p99",
              p99 * 1e6, "us");
    bench_add(out, "irq_latency_median_per_rtt",
              "doorbell->MSI-X median / MMIO round trip", median / rtt_s, "x");
    g_free(lat);
}
