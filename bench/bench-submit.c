/* SPDX-License-Identifier: MIT */
/* Submission throughput and doorbell-to-interrupt latency. */
#include <stdlib.h>

#include "bench.h"

double bench_now_s(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

static void add(GArray *out, const char *name, const char *label, double v,
                const char *unit)
{
    BenchResult r = { name, label, v, unit };
    g_array_append_val(out, r);
}

static void wait_or_die(SqtDevice *d, unsigned e, uint64_t fence)
{
    if (!sqt_wait_fence(d, e, fence, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
        sqt_fatal(d->m, "bench: fence %" G_GUINT64_FORMAT " did not complete", fence);
    }
}

/* n NOP submissions on the copy engine, one doorbell per `batch`. */
void bench_submissions(SqtDevice *d, unsigned n, unsigned batch,
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
    add(out, name, label, n / (bench_now_s() - t0), "1/s");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Spin on the MSI-X slot in shared RAM; the clock is stepped only if the
 * message does not come (it need not: completion runs in QEMU's loop). */
static double one_latency(SqtDevice *d, const SqtCmdBuf *cb, unsigned e)
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

void bench_irq_latency(SqtDevice *d, unsigned n, GArray *out)
{
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_nop(&cb, 1);
    double *lat = g_new(double, n);
    for (unsigned i = 0; i < n; i++) {
        lat[i] = one_latency(d, &cb, SABLE_ENGINE_GRAPHICS);
    }
    qsort(lat, n, sizeof(double), cmp_double);
    add(out, "irq_latency_median_us", "doorbell->MSI-X latency, median",
        lat[n / 2] * 1e6, "us");
    add(out, "irq_latency_p99_us", "doorbell->MSI-X latency, p99",
        lat[(n * 99) / 100] * 1e6, "us");
    g_free(lat);
}
