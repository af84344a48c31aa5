/* SPDX-License-Identifier: MIT */
/*
 * `make demo`, second part: one injected hang end to end with sablectl.
 * The whole stack runs against QEMU (winsim's D3D runtime -> UMD -> winsim
 * dxgkrnl -> KMD -> sable-gpu); sablectl, a separate process, talks to the
 * same QEMU's QMP socket: `inject` arms the hang, `status` and `dump` show
 * the engine stuck, the TDR runs (CollectDbgInfo2, ResetEngine), `sablectl
 * decode` reads the dump winsim saved, `status` shows the reset, and a new
 * device works.
 *
 *   fault-demo SABLECTL [TRANSPORT]     (TRANSPORT default qemu)
 */
#include <string.h>
#include <glib/gstdio.h>

#include "fstack.h"
#include "faults-check.h"

static const char *sablectl;
static const char *qmp;

/* Run sablectl with args, print its output (up to a line starting with
 * `stop`, if given); false if it failed. */
static bool ctl(const char *stop, const char *a1, const char *a2, const char *a3)
{
    const char *argv[8] = { sablectl };
    unsigned n = 1;
    if (qmp) {
        argv[n++] = "--qmp";
        argv[n++] = qmp;
    }
    argv[n++] = a1;
    argv[n++] = a2;
    argv[n] = a3;
    g_autofree char *cmd = g_strjoinv(" ", (char **)argv + 1);
    g_print("\n$ sablectl %s\n", cmd);
    g_autofree char *out = NULL, *err = NULL;
    int status;
    if (!g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                      NULL) || !g_spawn_check_wait_status(status, NULL)) {
        g_print("sablectl failed: %s\n", err ? err : "");
        return false;
    }
    const char *cut = stop ? strstr(out, stop) : NULL;
    g_print("%.*s", cut ? (int)(cut - out) : (int)strlen(out), out);
    return true;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        g_printerr("usage: fault-demo SABLECTL [TRANSPORT]\n");
        return 2;
    }
    sablectl = argv[1];
    const char *dumps = g_getenv("WINSIM_DUMP_DIR");
    if (dumps && g_mkdir_with_parents(dumps, 0755) != 0) {
        g_printerr("fault-demo: cannot create %s\n", dumps);
        return 2;
    }
    g_setenv("WINSIM_TRANSPORT", argc > 2 ? argv[2] : "qemu", TRUE);
    FStack s;
    fs_start(&s);
    qmp = ws_transport_qemu_control_socket(s.sim->t);
    bool ok = true;
    g_print("== TDR demo: a hang injected with sablectl, through the whole stack ==\n"
            "device G (D3D11 UMD) copies on the graphics engine; a D3DKMT device copies\n"
            "on the copy engine. QMP socket for sablectl: %s\n", qmp ? qmp : "(none)");
    UmdJob *g = umd_job_new(&s, 1);
    KmtJob *k = kmt_job_new(&s, 2);
    if (qmp) {
        ok &= ctl(NULL, "inject", "hang,engine=0", NULL);
        ok &= ctl(NULL, "status", NULL, NULL);
    } else {
        fs_inject(&s, "hang,engine=0");
    }
    ok &= kmt_job_submit(k) == 0 && umd_job_submit(g) == 0;
    uint64_t dma;
    uint32_t hung = fc_last_fence(s.sim, 0, &dma, NULL);
    s.sim->t->ops->advance(s.sim->t, 1000000);
    g_print("\nG's copy submitted: fence %u in DMA buffer 0x%" G_GINT64_MODIFIER "x\n", hung, dma);
    if (qmp) {
        ok &= ctl("Engine 1", "dump", NULL, NULL);
    }
    JobResult rk = kmt_job_finish(k), rg = umd_job_finish(g);
    const WsTdrReport *rep = s.sim->tdr_reports->len
        ? &g_array_index(s.sim->tdr_reports, WsTdrReport, 0) : NULL;
    ok &= rk == JOB_EXACT && rg == JOB_REMOVED && rep && s.sim->dump_files->len == 1;
    if (ok) {
        g_print("\nwinsim: TDR after TdrDelay (%.1f s of device time): CollectDbgInfo2 reason 0x%x "
                "TdrType %d, payload node %u, last completed %u, last submitted %u, "
                "CurrentDmaBufferOffset %u; ResetEngine (engine resets %u, adapter resets %u)\n",
                s.sim->tdr_delay_ns / 1e9, rep->reason, rep->type, rep->payload.NodeOrdinal,
                (unsigned)rep->payload.LastHwCompletedFenceId,
                (unsigned)rep->payload.LastHwSubmittedFenceId,
                rep->ext.CurrentDmaBufferOffset, s.sim->stats.engine_resets,
                s.sim->stats.adapter_resets);
        g_print("copy engine job: %s; device G: Map says DEVICEREMOVED: %s\n",
                rk == JOB_EXACT ? "byte-exact" : "LOST", rg == JOB_REMOVED ? "yes" : "no");
        ok &= ctl("Registers", "decode", g_ptr_array_index(s.sim->dump_files, 0), NULL);
    }
    if (qmp) {
        ok &= ctl(NULL, "status", NULL, NULL);
    }
    umd_job_free(g);
    g = umd_job_new(&s, 3);
    ok &= umd_job_submit(g) == 0 && umd_job_finish(g) == JOB_EXACT;
    g_print("\na new device G works: %s\n", ok ? "yes" : "no");
    umd_job_free(g);
    kmt_job_free(k);
    fs_stop(&s);
    g_print("%s\n", ok ? "demo: OK" : "demo: FAILED");
    return ok ? 0 : 1;
}
