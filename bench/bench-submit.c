/* SPDX-License-Identifier: MIT */
/* Submission throughput and doorbell-to-interrupt latency, against one MMIO
 * round trip measured in the same run. */
#include "bench.h"

#define SUBMIT_RUNS 5

typedef struct RttCtx {
    SqtDevice *d;
} RttCtx;

static double one_rtt(void *p)
{
    RttCtx *c = p;
    double t0 = bench_now_s();
    (void)sqt_reg_read(c->d, SABLE_REG_SCRATCH);
    return bench_now_s() - t0;
}

double bench_mmio_rtt(SqtDevice *d, unsigned n, GArray *out)
{
    RttCtx c = { d };
    BenchTimes t = bench_time(one_rtt, &c, n);
    double rtt = bench_times_median(&t);
    bench_add_times(out, "mmio_rtt_us", "MMIO read round trip (reference)", &t, 1e6, false,
                    "us");
    return rtt;
}

static void wait_or_die(SqtDevice *d, unsigned e, uint64_t fence)
{
    if (!sqt_wait_fence(d, e, fence, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
        sqt_fatal(d->m, "bench: fence %" G_GUINT64_FORMAT " did not complete", fence);
    }
}

typedef struct SubmitCtx {
    SqtDevice *d;
    SqtCmdBuf cb;
    unsigned n, batch;
} SubmitCtx;

/* n NOP submissions on the copy engine, one doorbell per `batch`. */
static double submit_run(void *p)
{
    SubmitCtx *c = p;
    unsigned e = SABLE_ENGINE_COPY;
    uint64_t fence = 0;
    double t0 = bench_now_s();
    for (unsigned i = 0; i < c->n; i++) {
        fence = sqt_ring_push(c->d, e, c->cb.buf.gpu, c->cb.used, 0, 0);
        if ((i + 1) % c->batch == 0 || i + 1 == c->n) {
            sqt_doorbell(c->d, e);
        }
    }
    wait_or_die(c->d, e, fence);
    return bench_now_s() - t0;
}

void bench_submissions(SqtDevice *d, unsigned n, unsigned batch, double rtt_s,
                       const char *name, const char *label, GArray *out)
{
    SubmitCtx c = { d, sqt_cmdbuf_new(d, 64), n, batch };
    sqt_cmd_nop(&c.cb, 1);
    BenchTimes t = bench_time(submit_run, &c, SUBMIT_RUNS);
    double best = n / bench_times_min(&t), med = n / bench_times_median(&t);
    double spread = bench_times_spread(&t);
    g_autofree char *rname = g_strdup_printf("%s_per_rtt", name);
    g_autofree char *rlabel = g_strdup_printf("%s, per MMIO round trip", label);
    bench_add_times(out, name, label, &t, n, true, "1/s");
    bench_add(out, rname, rlabel, best * rtt_s, med * rtt_s, spread, "x");
}

/* Spin on the MSI-X slot in shared RAM; the clock is stepped only if the
 * message does not come (it need not: completion runs in QEMU's loop). */
double bench_latency_once(void *p)
{
    BenchIrqCtx *c = p;
    unsigned e = SABLE_ENGINE_GRAPHICS, vec = SABLE_MSIX_VEC_ENGINE(e);
    sqt_reg_write(c->d, SABLE_REG_IRQ_STATUS, SABLE_IRQ_FENCE(e));
    sqt_msi_clear(c->d, vec);
    sqt_ring_push(c->d, e, c->cb.buf.gpu, c->cb.used, 0, 0);
    double t0 = bench_now_s();
    sqt_doorbell(c->d, e);
    if (!sqt_wait_msi(c->d, vec, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
        sqt_fatal(c->d->m, "bench: no MSI-X message on vector %u", vec);
    }
    return bench_now_s() - t0;
}

void bench_irq_latency(SqtDevice *d, unsigned n, double rtt_s, GArray *out)
{
    BenchIrqCtx c = { d, sqt_cmdbuf_new(d, 64) };
    sqt_cmd_nop(&c.cb, 1);
    BenchTimes t = bench_time(bench_latency_once, &c, n);
    double p99 = bench_times_quantile(&t, 99);
    double best = bench_times_min(&t), median = bench_times_median(&t);
    double spread = bench_times_spread(&t);
    bench_add_times(out, "irq_latency_us", "doorbell->MSI-X latency", &t, 1e6, false, "us");
    bench_add(out, "irq_latency_p99_us", "doorbell->MSI-X latency, p99", p99 * 1e6, p99 * 1e6,
              spread, "us");
    bench_add(out, "irq_latency_per_rtt", "doorbell->MSI-X / MMIO round trip (median)",
              best / rtt_s, median / rtt_s, spread, "x");
}
