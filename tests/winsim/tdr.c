/* SPDX-License-Identifier: MIT */
#include "tdr.h"
#include "bugcheck.h"

static void abort_pending(WsNode *n, uint32_t through)
{
    n->notified = n->retired = through;
}

void ws_tdr(WsSim *sim, unsigned node)
{
    sim->stats.tdrs++;
    if (sim->stats.tdrs > sim->tdr_limit_count) {
        ws_bugcheck(VIDEO_TDR_ERROR, node, sim->stats.tdrs, sim->tdr_limit_count, 0,
                    "TdrLimitCount exceeded: %u timeouts", sim->stats.tdrs);
    }
    NTSTATUS st = sim->init.DxgkDdiResetFromTimeout(sim->adapter);
    if (!NT_SUCCESS(st)) {
        ws_bugcheck(VIDEO_TDR_ERROR, node, (uint32_t)st, 1, 0, "DxgkDdiResetFromTimeout failed");
    }
    sim->dpc_queued = false;
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        abort_pending(&sim->node[n], sim->node[n].submitted);
    }
    st = sim->init.DxgkDdiRestartFromTimeout(sim->adapter);
    if (!NT_SUCCESS(st)) {
        ws_bugcheck(VIDEO_TDR_ERROR, node, (uint32_t)st, 2, 0, "DxgkDdiRestartFromTimeout failed");
    }
}

NTSTATUS ws_reset_engine(WsSim *sim, unsigned node, uint32_t *last_aborted)
{
    DXGKARG_RESETENGINE r = { .NodeOrdinal = node };
    NTSTATUS st = sim->init.DxgkDdiResetEngine(sim->adapter, &r);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    WsNode *n = &sim->node[node];
    if ((int32_t)(r.LastAbortedFenceId - n->retired) < 0 ||
        (int32_t)(r.LastAbortedFenceId - n->submitted) > 0) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, r.LastAbortedFenceId, n->retired,
                    n->submitted, "LastAbortedFenceId outside [retired, submitted]");
    }
    abort_pending(n, n->submitted);
    sim->stats.engine_resets++;
    *last_aborted = r.LastAbortedFenceId;
    return st;
}
