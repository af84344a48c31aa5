/* SPDX-License-Identifier: MIT */
/* Samples, their statistics and the result rows. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

double bench_now_s(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

BenchTimes bench_time(BenchFn fn, void *arg, unsigned reps)
{
    BenchTimes t = { g_array_sized_new(FALSE, FALSE, sizeof(double), reps) };
    (void)fn(arg);
    for (unsigned i = 0; i < reps; i++) {
        double s = fn(arg);
        g_array_append_val(t.s, s);
    }
    return t;
}

double bench_memcpy_once(void *p)
{
    BenchRef *a = p;
    double t0 = bench_now_s();
    memcpy(a->dst, a->src, a->n);
    return bench_now_s() - t0;
}

/* dst written and src read, page by page. */
static void touch(const BenchRef *r)
{
    memset(r->dst, 0x11, r->n);
    volatile uint8_t sink = 0;
    for (size_t i = 0; i < r->n; i += 4096) {
        sink ^= ((const volatile uint8_t *)r->src)[i];
    }
    (void)sink;
}

void bench_pair(BenchRef *ref, BenchFn fn, void *arg, unsigned reps, BenchTimes *rt,
                BenchTimes *t)
{
    touch(ref);
    (void)bench_memcpy_once(ref);
    (void)fn(arg);
    rt->s = g_array_sized_new(FALSE, FALSE, sizeof(double), reps);
    t->s = g_array_sized_new(FALSE, FALSE, sizeof(double), reps);
    for (unsigned i = 0; i < reps; i++) {
        double a = bench_memcpy_once(ref), b = fn(arg);
        g_array_append_val(rt->s, a);
        g_array_append_val(t->s, b);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The sorted samples (a copy). */
static GArray *sorted(const BenchTimes *t)
{
    GArray *c = g_array_copy(t->s);
    g_array_sort(c, cmp_double);
    return c;
}

double bench_times_min(const BenchTimes *t)
{
    double m = G_MAXDOUBLE;
    for (guint i = 0; i < t->s->len; i++) {
        m = MIN(m, g_array_index(t->s, double, i));
    }
    return m;
}

double bench_times_quantile(const BenchTimes *t, unsigned pct)
{
    g_autoptr(GArray) c = sorted(t);
    return c->len ? g_array_index(c, double, MIN(c->len - 1, c->len * pct / 100)) : 0;
}

double bench_times_median(const BenchTimes *t)
{
    return bench_times_quantile(t, 50);
}

double bench_times_spread(const BenchTimes *t)
{
    double med = bench_times_median(t);
    return med > 0 ? (bench_times_quantile(t, 100) - bench_times_min(t)) / med : 0;
}

void bench_times_free(BenchTimes *t)
{
    if (t->s) {
        g_array_unref(t->s);
        t->s = NULL;
    }
}

static BenchResult *add_row(GArray *out, const char *name, const char *label, double min,
                            double median, double spread, const char *unit)
{
    BenchResult r = { .min = min, .median = median, .spread = spread, .unit = unit };
    g_strlcpy(r.name, name, sizeof(r.name));
    g_strlcpy(r.label, label, sizeof(r.label));
    g_array_append_val(out, r);
    return &g_array_index(out, BenchResult, out->len - 1);
}

void bench_add(GArray *out, const char *name, const char *label, double min, double median,
               double spread, const char *unit)
{
    add_row(out, name, label, min, median, spread, unit);
}

void bench_add_times(GArray *out, const char *name, const char *label, BenchTimes *t, double k,
                     bool per_second, const char *unit)
{
    double lo = bench_times_min(t), med = bench_times_median(t);
    BenchResult *r = add_row(out, name, label, per_second ? k / lo : k * lo,
                             per_second ? k / med : k * med, bench_times_spread(t), unit);
    r->samples = t->s;
    t->s = NULL;
}

/* MiB/s row of t (which it keeps): the best sample and the median. */
static void add_rate(GArray *out, const char *name, const char *label, BenchTimes *t,
                     double mib)
{
    bench_add_times(out, name, label, t, mib, true, "MiB/s");
}

void bench_add_memcpy(GArray *out, const char *name, const char *label, BenchTimes *t,
                      double mib)
{
    add_rate(out, name, label, t, mib);
}

void bench_add_ratio(GArray *out, const char *name, const char *label, const BenchTimes *ref,
                     BenchTimes *t, double mib)
{
    g_autofree char *n1 = g_strdup_printf("%s_mib_s", name);
    g_autofree char *n2 = g_strdup_printf("%s_ratio", name);
    g_autofree char *l2 = g_strdup_printf("%s / memcpy", label);
    /* the median of the pairs' ratios: a pair shares the machine's load */
    BenchTimes pairs = { g_array_sized_new(FALSE, FALSE, sizeof(double), t->s->len) };
    for (guint i = 0; i < t->s->len && i < ref->s->len; i++) {
        double r = g_array_index(ref->s, double, i) / g_array_index(t->s, double, i);
        g_array_append_val(pairs.s, r);
    }
    double rmin = bench_times_min(ref) / bench_times_min(t);
    double rmed = bench_times_median(&pairs);
    bench_times_free(&pairs);
    double spread = bench_times_spread(t);
    add_rate(out, n1, label, t, mib);
    BenchResult *r = add_row(out, n2, l2, rmin, rmed, spread, "x");
    r->fault = rmin > BENCH_FAULT_RATIO || rmed > BENCH_FAULT_RATIO;
}

void bench_ratio_paired(GArray *out, const char *name, const char *label, BenchRef *ref,
                        BenchFn fn, void *arg, unsigned reps, double mib, BenchTimes *keep_ref)
{
    BenchTimes rt, t;
    bench_pair(ref, fn, arg, reps, &rt, &t);
    bench_add_ratio(out, name, label, &rt, &t, mib);
    if (!keep_ref->s) {
        *keep_ref = rt;
    } else {
        bench_times_free(&rt);
    }
}

void bench_ratios(GArray *out, BenchRef *ref, const BenchSubject *subj, unsigned n,
                  unsigned reps, double mib, const char *ref_name, const char *ref_label)
{
    BenchTimes keep = { NULL };
    for (unsigned i = 0; i < n; i++) {
        bench_ratio_paired(out, subj[i].name, subj[i].label, ref, subj[i].fn, subj[i].arg, reps,
                           mib, &keep);
    }
    bench_add_memcpy(out, ref_name, ref_label, &keep, mib);
}

const BenchResult *bench_find(const GArray *out, const char *name)
{
    for (guint i = 0; i < out->len; i++) {
        const BenchResult *r = &g_array_index(out, BenchResult, i);
        if (strcmp(r->name, name) == 0) {
            return r;
        }
    }
    return NULL;
}

void bench_results_free(GArray *out)
{
    for (guint i = 0; i < out->len; i++) {
        BenchResult *r = &g_array_index(out, BenchResult, i);
        if (r->samples) {
            g_array_unref(r->samples);
        }
    }
    g_array_unref(out);
}
