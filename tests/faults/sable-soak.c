/* SPDX-License-Identifier: MIT */
/*
 * sable-soak: N random injected faults over a mixed workload on both
 * engines, through the whole stack (fstack.h): per fault a UMD device
 * copies, clears a TILE_Y render target and maps on the graphics engine
 * and a D3DKMT device copies on the copy engine. The job on the faulted engine may be removed (its device or
 * context in error, then recreated); the other job must be byte-exact. At
 * the end: faults, TDRs, resets, recovery time in device time, and the
 * must-be-0 figures (innocent work lost, winsim objects leaked, dumps that
 * do not decode, TDRs without cause); summary.json and report.txt in the
 * run directory, TDR dumps in its dumps/ (each cut to the dump's size).
 * Exit status 1 if a must-be-0 figure is not 0.
 *
 *   sable-soak [--count N] [--seed S] [--transport inproc|inproc-intx|qemu] [--out DIR]
 *
 * TdrLimitCount is raised for the run (its bugcheck has its own test).
 */
#include <glib/gstdio.h>

#include "fstack.h"
#include "soak-report.h"

typedef struct Soak {
    FStack s;
    SoakStats st;
    GRand *rand;
    UmdJob *g;
    KmtJob *k;
    unsigned dumps_seen, next_seed;
} Soak;

/* The spec of kind `kind` on engine e; *tdr: a TDR must follow. */
static char *fault_spec(Soak *k, unsigned kind, unsigned e, bool *tdr)
{
    uint64_t delay = k->s.sim->tdr_delay_ns;
    *tdr = kind != 4 && kind != 5;
    switch (kind) {
    case 0: return g_strdup("hang,engine=0");
    case 1: return g_strdup("hang,engine=1");
    case 2: return g_strdup_printf("page-fault,engine=%u", e);
    case 3: return g_strdup_printf("invalid-cmd,engine=%u", e);
    case 4: return g_strdup_printf("drop-irq,engine=%u", e);
    case 5:
        return g_strdup_printf("slow,engine=%u,delay-ns=%" G_GUINT64_FORMAT, e,
                               (uint64_t)g_rand_double_range(k->rand, 1e6, delay * 0.9));
    case 6:
        return g_strdup_printf("slow,engine=%u,delay-ns=%" G_GUINT64_FORMAT, e, delay * 5 / 4);
    default:
        return g_strdup_printf("hang,engine=%u;reset-fail,engine=%u", e, e);
    }
}

/* One job's outcome: removed only if it ran on the faulted engine of a
 * fault that times out; else byte-exact. */
static void judge(Soak *k, JobResult r, bool on_faulted, bool tdr)
{
    if (r == JOB_REMOVED && on_faulted && tdr) {
        k->st.removed++;
    } else if (r != JOB_EXACT) {
        k->st.innocent_lost++;
    }
}

/* Decode the dumps the last TDRs saved; keep each cut to its size. */
static void check_dumps(Soak *k)
{
    GPtrArray *files = k->s.sim->dump_files;
    for (; k->dumps_seen < files->len; k->dumps_seen++) {
        const char *path = g_ptr_array_index(files, k->dumps_seen);
        g_autofree char *data = NULL;
        gsize len = 0;
        g_autoptr(SableDump) dump = NULL;
        if (g_file_get_contents(path, &data, &len, NULL)) {
            dump = sable_dump_decode(data, len, NULL);
        }
        k->st.dumps++;
        if (!dump || !g_file_set_contents(path, data, dump->header.total_size, NULL)) {
            k->st.dumps_bad++;
        }
    }
}

static void one_fault(Soak *k)
{
    WsSim *sim = k->s.sim;
    unsigned kind = (unsigned)g_rand_int_range(k->rand, 0, SOAK_KINDS);
    unsigned e = kind == 0 ? 0 : kind == 1 ? 1 : (unsigned)g_rand_int_range(k->rand, 0, 2);
    bool tdr;
    g_autofree char *spec = fault_spec(k, kind, e, &tdr);
    unsigned timeouts = sim->stats.timeouts;
    uint64_t t0 = sim->now_ns;
    k->st.injected[kind]++;
    fs_inject(&k->s, spec);
    g_assert_cmphex((uint32_t)kmt_job_submit(k->k), ==, 0);
    g_assert_cmphex((uint32_t)umd_job_submit(k->g), ==, 0);
    JobResult rk = kmt_job_finish(k->k), rg = umd_job_finish(k->g);
    judge(k, rk, e == SABLE_NODE_COPY, tdr);
    judge(k, rg, e == SABLE_NODE_GRAPHICS, tdr);
    if (sim->stats.timeouts != timeouts) {
        if (!tdr) {
            k->st.unexpected_tdrs++;
        }
        uint64_t rec = sim->now_ns - t0;
        g_array_append_val(k->st.recovery_ns, rec);
    }
    if (rk == JOB_REMOVED) {
        kmt_job_free(k->k);
        k->k = kmt_job_new(&k->s, k->next_seed++);
    }
    if (rg == JOB_REMOVED) {
        umd_job_free(k->g);
        k->g = umd_job_new(&k->s, k->next_seed++);
    }
    check_dumps(k);
}

int main(int argc, char **argv)
{
    gint count = -1;
    gint64 seed = -1;
    g_autofree char *transport = NULL, *out = NULL;
    GOptionEntry opts[] = {
        { "count", 'n', 0, G_OPTION_ARG_INT, &count, "faults (default 1000, 100 on qemu)", "N" },
        { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "random seed (default: from the clock)", "S" },
        { "transport", 't', 0, G_OPTION_ARG_STRING, &transport, "inproc, inproc-intx, qemu", "T" },
        { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "run directory (default soak-SEED)", "DIR" },
        { NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new("- random faults through the stack");
    g_option_context_add_main_entries(ctx, opts, NULL);
    GError *err = NULL;
    if (!g_option_context_parse(ctx, &argc, &argv, &err)) {
        g_printerr("sable-soak: %s\n", err->message);
        return 2;
    }
    Soak k = { .next_seed = 100 };
    k.st.transport = transport ? transport : "inproc";
    k.st.seed = seed >= 0 ? (uint32_t)seed : (uint32_t)g_get_real_time();
    k.st.count = count >= 0 ? (unsigned)count : g_str_equal(k.st.transport, "qemu") ? 100 : 1000;
    k.st.recovery_ns = g_array_new(FALSE, FALSE, sizeof(uint64_t));
    if (!out) {
        out = g_strdup_printf("soak-%u", k.st.seed);
    }
    g_autofree char *dumps = g_build_filename(out, "dumps", NULL);
    if (g_mkdir_with_parents(dumps, 0755) != 0) {
        g_printerr("sable-soak: cannot create %s\n", dumps);
        return 2;
    }
    g_setenv("WINSIM_TRANSPORT", k.st.transport, TRUE);
    g_setenv("WINSIM_DUMP_DIR", dumps, TRUE);
    g_print("sable-soak: %u faults on %s, seed %u, run directory %s\n", k.st.count,
            k.st.transport, k.st.seed, out);
    k.rand = g_rand_new_with_seed(k.st.seed);
    fs_start(&k.s);
    k.s.sim->tdr_limit_count = G_MAXUINT;
    uint64_t t0 = k.s.sim->now_ns;
    k.g = umd_job_new(&k.s, 1);
    k.k = kmt_job_new(&k.s, 2);
    for (unsigned i = 0; i < k.st.count; i++) {
        one_fault(&k);
    }
    umd_job_free(k.g);
    kmt_job_free(k.k);
    WsSim *sim = k.s.sim;
    k.st.tdrs = sim->stats.timeouts;
    k.st.engine_resets = sim->stats.engine_resets;
    k.st.adapter_resets = sim->stats.adapter_resets;
    k.st.device_ns = sim->now_ns - t0;
    unsigned live = fs_live_objects(sim);
    k.st.leaked = live > k.s.live_base ? live - k.s.live_base : 0;
    fs_stop(&k.s);
    g_autofree char *text = soak_write_reports(&k.st, out, &err);
    if (!text) {
        g_printerr("sable-soak: %s\n", err->message);
        return 2;
    }
    g_print("%s", text);
    bool ok = soak_ok(&k.st);
    g_array_free(k.st.recovery_ns, TRUE);
    g_rand_free(k.rand);
    return ok ? 0 : 1;
}
