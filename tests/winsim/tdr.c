/* SPDX-License-Identifier: MIT */
#include <unistd.h>

#include "tdr.h"
#include "bugcheck.h"

static void abort_pending(WsNode *n, uint32_t through)
{
    n->notified = n->retired = through;
}

#define WS_DUMP_BUFFER (64u * 1024u)

static void save_dump(WsSim *sim)
{
    g_autofree uint8_t *buf = g_malloc0(WS_DUMP_BUFFER);
    DXGKARG_COLLECTDBGINFO args = {
        .Reason = VIDEO_TDR_TIMEOUT_DETECTED, .pBuffer = buf, .BufferSize = WS_DUMP_BUFFER,
    };
    if (!sim->init.DxgkDdiCollectDbgInfo ||
        !NT_SUCCESS(sim->init.DxgkDdiCollectDbgInfo(sim->adapter, &args))) {
        return;
    }
    const char *dir = g_getenv("WINSIM_DUMP_DIR");
    char *name = g_strdup_printf("winsim-tdr-%d-%u.sdmp", (int)getpid(), sim->stats.tdrs);
    g_free(sim->last_dump);
    sim->last_dump = g_build_filename(dir ? dir : g_get_tmp_dir(), name, NULL);
    g_free(name);
    GError *err = NULL;
    if (!g_file_set_contents(sim->last_dump, (const char *)buf, WS_DUMP_BUFFER, &err)) {
        g_test_message("winsim: cannot save the TDR dump: %s", err->message);
        g_clear_error(&err);
        g_clear_pointer(&sim->last_dump, g_free);
        return;
    }
    sim->stats.dumps++;
}

void ws_tdr(WsSim *sim, unsigned node)
{
    sim->stats.tdrs++;
    if (sim->stats.tdrs > sim->tdr_limit_count) {
        ws_bugcheck(VIDEO_TDR_ERROR, node, sim->stats.tdrs, sim->tdr_limit_count, 0,
                    "TdrLimitCount exceeded: %u timeouts", sim->stats.tdrs);
    }
    save_dump(sim);
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
