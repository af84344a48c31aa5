/* SPDX-License-Identifier: MIT */
#include <unistd.h>

#include "tdr.h"
#include "bugcheck.h"

static void abort_pending(WsNode *n, uint32_t through)
{
    n->notified = n->retired = through;
}

#define WS_DUMP_BUFFER (64u * 1024u)

static void save_dump(WsSim *sim, UINT reason)
{
    g_autofree uint8_t *buf = g_malloc0(WS_DUMP_BUFFER);
    DXGKARG_COLLECTDBGINFO args = {
        .Reason = reason, .pBuffer = buf, .BufferSize = WS_DUMP_BUFFER,
    };
    if (!sim->init.DxgkDdiCollectDbgInfo ||
        !NT_SUCCESS(sim->init.DxgkDdiCollectDbgInfo(sim->adapter, &args))) {
        return;
    }
    const char *dir = g_getenv("WINSIM_DUMP_DIR");
    g_autofree char *name = g_strdup_printf("winsim-tdr-%d-%u-%u.sdmp", (int)getpid(),
                                            sim->stats.timeouts, sim->dump_files->len);
    char *path = g_build_filename(dir ? dir : g_get_tmp_dir(), name, NULL);
    GError *err = NULL;
    if (!g_file_set_contents(path, (const char *)buf, WS_DUMP_BUFFER, &err)) {
        g_test_message("winsim: cannot save the TDR dump %s: %s", path, err->message);
        g_clear_error(&err);
        g_free(path);
        return;
    }
    g_ptr_array_add(sim->dump_files, path);
}

static void adapter_tdr(WsSim *sim, unsigned node)
{
    save_dump(sim, VIDEO_TDR_TIMEOUT_DETECTED);
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
    sim->stats.adapter_resets++;
}

/* False when an engine reset failed: the caller promotes to the adapter. */
static bool engine_tdr(WsSim *sim, unsigned node)
{
    DXGKARG_QUERYDEPENDENTENGINEGROUP g = { .NodeOrdinal = node };
    NTSTATUS st = sim->init.DxgkDdiQueryDependentEngineGroup(sim->adapter, &g);
    uint64_t all = (1ull << SABLE_NODE_COUNT) - 1;
    if (!NT_SUCCESS(st) || !(g.DependentNodeOrdinalMask & (1ull << node)) ||
        (g.DependentNodeOrdinalMask & ~all)) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, g.DependentNodeOrdinalMask,
                    (uint32_t)st, 7, "QueryDependentEngineGroup failed or gave a bad mask");
    }
    save_dump(sim, VIDEO_ENGINE_TIMEOUT_DETECTED);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        uint32_t last;
        if ((g.DependentNodeOrdinalMask & (1ull << n)) &&
            !NT_SUCCESS(ws_reset_engine(sim, n, &last))) {
            return false;
        }
    }
    return true;
}

void ws_tdr(WsSim *sim, unsigned node)
{
    sim->stats.timeouts++;
    if (sim->stats.timeouts > sim->tdr_limit_count) {
        ws_bugcheck(VIDEO_TDR_ERROR, node, sim->stats.timeouts, sim->tdr_limit_count, 0,
                    "TdrLimitCount exceeded: %u timeouts", sim->stats.timeouts);
    }
    if (!sim->caps.SupportPerEngineTDR || !engine_tdr(sim, node)) {
        adapter_tdr(sim, node);
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
