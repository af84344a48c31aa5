/* SPDX-License-Identifier: MIT */
/* The scale table: how the cost of one submission through the stack (the
 * KMD and winsim's dxgkrnl, in process) grows with the number of live
 * allocations (each submission names one of them) and with the number of
 * devices submitting round-robin. Each row: microseconds per submission
 * and the ratio to the smallest case (flat: about 1). */
#include <stddef.h>
#include "bench.h"
#include "kmt.h"
#include "winsim.h"

#define SCALE_REPEATS 5
#define SCALE_SUBMITS 256u
#define SCALE_ALLOC_SIZE 4096u

typedef struct ScaleCtx {
    WsKmtDevice **dev;
    WsKmtAllocation **alloc;   /* alloc[i] belongs to dev[i % ndev] */
    unsigned ndev;
} ScaleCtx;

/* SCALE_SUBMITS buffers of one WRITE32 into the device's first allocation
 * (one allocation and one patch each), device by device round-robin; then
 * a wait for the last of each device. */
static double submit_round(void *p)
{
    ScaleCtx *c = p;
    struct sable_cmd_write32 w = { .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4),
                                   .value = 1 };
    D3DDDI_PATCHLOCATIONLIST patch = {
        .AllocationIndex = 0, .PatchOffset = offsetof(struct sable_cmd_write32, addr) };
    uint32_t *fence = g_new0(uint32_t, c->ndev);
    double t0 = bench_now_s();
    for (unsigned i = 0; i < SCALE_SUBMITS; i++) {
        unsigned k = i % c->ndev;
        if (ws_kmt_render(c->dev[k], 1, &w, sizeof(w), &c->alloc[k], 1, &patch, 1,
                          &fence[k]) || !fence[k]) {
            g_error("bench: a WRITE32 submission failed");
        }
    }
    for (unsigned k = 0; k < c->ndev; k++) {
        if (fence[k] && !ws_kmt_wait(c->dev[k], 1, fence[k])) {
            g_error("bench: a WRITE32 submission did not complete");
        }
    }
    double t = bench_now_s() - t0;
    g_free(fence);
    return t / SCALE_SUBMITS;
}

/* One row: ndev devices, nalloc live allocations spread over them. */
static double scale_case(WsSim *sim, unsigned ndev, unsigned nalloc, const char *name,
                         const char *label, double base, GArray *out)
{
    ScaleCtx c = { g_new0(WsKmtDevice *, ndev), g_new0(WsKmtAllocation *, nalloc), ndev };
    struct sable_alloc_private p = {
        .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION,
        .kind = SABLE_ALLOC_BUFFER, .size = SCALE_ALLOC_SIZE, .segment = SABLE_SEGMENT_APERTURE,
    };
    for (unsigned k = 0; k < ndev; k++) {
        c.dev[k] = ws_kmt_create_device(sim);
    }
    for (unsigned i = 0; i < nalloc; i++) {
        if (ws_kmt_create_allocation(c.dev[i % ndev], &p, &c.alloc[i])) {
            g_error("bench: allocation %u of %u failed", i, nalloc);
        }
    }
    BenchTimes t = bench_time(submit_round, &c, SCALE_REPEATS);
    double best = bench_times_min(&t), med = bench_times_median(&t);
    double spread = bench_times_spread(&t);
    g_autofree char *n2 = g_strdup_printf("%s_ratio", name);
    g_autofree char *l2 = g_strdup_printf("%s / smallest case", label);
    double b = base ? base : med;
    bench_add_times(out, name, label, &t, 1e6, false, "us");
    bench_add(out, n2, l2, best / b, med / b, spread, "x");
    for (unsigned i = 0; i < nalloc; i++) {
        ws_kmt_destroy_allocation(c.dev[i % ndev], c.alloc[i]);
    }
    for (unsigned k = 0; k < ndev; k++) {
        ws_kmt_destroy_device(c.dev[k]);
    }
    g_free(c.dev);
    g_free(c.alloc);
    return b;
}

void bench_scale(GArray *out)
{
    WsSim *sim = ws_sim_new("inproc");
    if (ws_adapter_start(sim) != STATUS_SUCCESS) {
        g_error("bench: the driver stack did not start in process");
    }
    static const unsigned allocs[] = { 10, 100, 1000, 10000 };
    static const unsigned devs[] = { 1, 8, 64 };
    double base = 0;
    for (unsigned i = 0; i < G_N_ELEMENTS(allocs); i++) {
        g_autofree char *name = g_strdup_printf("scale_submit_allocs_%u_us", allocs[i]);
        g_autofree char *label = g_strdup_printf("submission, %u live allocations", allocs[i]);
        base = scale_case(sim, 1, allocs[i], name, label, base, out);
    }
    base = 0;
    for (unsigned i = 0; i < G_N_ELEMENTS(devs); i++) {
        g_autofree char *name = g_strdup_printf("scale_submit_devices_%u_us", devs[i]);
        g_autofree char *label = g_strdup_printf("submission, %u device(s) round-robin", devs[i]);
        base = scale_case(sim, devs[i], devs[i], name, label, base, out);
    }
    ws_sim_free(sim);
}
