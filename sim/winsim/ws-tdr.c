/* SPDX-License-Identifier: MIT */
#include <unistd.h>

#include "ws-tdr.h"
#include "bugcheck.h"
#include "vidsch.h"
#include "kmt.h"

/* Everything pending on the node was aborted: take it out. */
static GArray *take_pending(WsSim *sim, unsigned node)
{
    WsNode *n = &sim->node[node];
    GArray *aborted = n->pending;
    n->pending = g_array_new(FALSE, FALSE, sizeof(WsPacket));
    n->notified = n->retired = n->submitted;
    return aborted;
}

/* The oldest aborted packet of the node that timed out was running: its
 * context is put in error. The work of other contexts is submitted again,
 * so innocent contexts lose nothing. */
static void blame_and_resubmit(WsSim *sim, unsigned node, GArray *aborted, bool blame)
{
    for (guint i = 0; i < aborted->len; i++) {
        WsPacket *p = &g_array_index(aborted, WsPacket, i);
        if (blame && i == 0) {
            g_hash_table_add(sim->errored, p->context);
            continue;
        }
        WsRemap r = { p->fence, 0 };
        if (NT_SUCCESS(ws_submit(sim, p->context, node, p->segment, p->gpu, p->size, p->paging,
                                 &r.new_fence))) {
            g_array_append_val(sim->node[node].remap, r);
            sim->stats.resubmitted++;
        }
    }
    g_array_free(aborted, TRUE);
}

#define WS_DUMP_BUFFER (64u * 1024u)

bool ws_has_collect_dbg_info2(const WsSim *sim)
{
    return sim->init.Version >= DXGKDDI_INTERFACE_VERSION_WDDM3_2 &&
           sim->init.DxgkDdiCollectDbgInfo2;
}

/* Collect the KMD's report (CollectDbgInfo2 with TdrType and payload when
 * the KMD has it, else CollectDbgInfo), record it and save the buffer. */
static void save_dump(WsSim *sim, WsTdrReport rep)
{
    g_autofree uint8_t *buf = g_malloc0(WS_DUMP_BUFFER);
    NTSTATUS st = STATUS_NOT_SUPPORTED;
    if (ws_has_collect_dbg_info2(sim)) {
        DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT payload = rep.payload;
        DXGKARG_COLLECTDBGINFO2 args = {
            .Reason = rep.reason, .pBuffer = buf, .BufferSize = WS_DUMP_BUFFER,
            .pExtension = &rep.ext, .TdrType = rep.type,
            .TdrPayloadSize = rep.has_payload ? sizeof(payload) : 0,
            .TdrPayload = rep.has_payload ? &payload : NULL,
        };
        rep.v2 = true;
        st = sim->init.DxgkDdiCollectDbgInfo2(sim->adapter, &args);
    } else if (sim->init.DxgkDdiCollectDbgInfo) {
        DXGKARG_COLLECTDBGINFO args = {
            .Reason = rep.reason, .pBuffer = buf, .BufferSize = WS_DUMP_BUFFER,
            .pExtension = &rep.ext,
        };
        st = sim->init.DxgkDdiCollectDbgInfo(sim->adapter, &args);
    }
    if (!NT_SUCCESS(st)) {
        return;
    }
    g_array_append_val(sim->tdr_reports, rep);
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

/* `promoted`: an engine reset failed first (TdrType ENGINE_TIMEOUT_PROMOTED,
 * no payload: the documentation names payloads for ENGINE_TIMEOUT and
 * VSYNC_TIMEOUT only); else the KMD has no per-engine TDR and the report is
 * an ENGINE_TIMEOUT with its payload. */
static void adapter_tdr(WsSim *sim, unsigned node, bool promoted)
{
    WsNode *n = &sim->node[node];
    WsTdrReport rep = {
        .reason = VIDEO_TDR_TIMEOUT_DETECTED,
        .type = promoted ? DXGK_TDR_TYPE_ENGINE_TIMEOUT_PROMOTED : DXGK_TDR_TYPE_ENGINE_TIMEOUT,
        .has_payload = !promoted,
        .payload = { .NodeOrdinal = node, .LastHwCompletedFenceId = n->notified,
                     .LastHwSubmittedFenceId = n->submitted },
    };
    save_dump(sim, rep);
    NTSTATUS st = sim->init.DxgkDdiResetFromTimeout(sim->adapter);
    if (!NT_SUCCESS(st)) {
        ws_bugcheck(VIDEO_TDR_ERROR, node, (uint32_t)st, 1, 0, "DxgkDdiResetFromTimeout failed");
    }
    sim->dpc_queued = false;
    ws_kmt_swizzle_lost(sim); /* the adapter reset discarded them */
    GArray *aborted[WS_MAX_NODES];
    for (unsigned i = 0; i < sim->nodes; i++) {
        aborted[i] = take_pending(sim, i);
    }
    st = sim->init.DxgkDdiRestartFromTimeout(sim->adapter);
    if (!NT_SUCCESS(st)) {
        ws_bugcheck(VIDEO_TDR_ERROR, node, (uint32_t)st, 2, 0, "DxgkDdiRestartFromTimeout failed");
    }
    sim->stats.adapter_resets++;
    for (unsigned i = 0; i < sim->nodes; i++) {
        blame_and_resubmit(sim, i, aborted[i], i == node);
    }
}

/* False when an engine reset failed: the caller promotes to the adapter. */
static bool engine_tdr(WsSim *sim, unsigned node)
{
    DXGKARG_QUERYDEPENDENTENGINEGROUP g = { .NodeOrdinal = node };
    NTSTATUS st = sim->init.DxgkDdiQueryDependentEngineGroup(sim->adapter, &g);
    uint64_t all = (1ull << sim->nodes) - 1;
    if (!NT_SUCCESS(st) || !(g.DependentNodeOrdinalMask & (1ull << node)) ||
        (g.DependentNodeOrdinalMask & ~all)) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, g.DependentNodeOrdinalMask,
                    (uint32_t)st, 7, "QueryDependentEngineGroup failed or gave a bad mask");
    }
    DXGKARG_QUERYENGINESTATUS qs = { .NodeOrdinal = node };
    st = sim->init.DxgkDdiQueryEngineStatus(sim->adapter, &qs);
    if (!NT_SUCCESS(st) || qs.EngineStatus.Reserved) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, qs.EngineStatus.Value, (uint32_t)st, 8,
                    "QueryEngineStatus failed (it \"should always succeed\") or set reserved bits");
    }
    WsNode *n = &sim->node[node];
    WsTdrReport rep = {
        .reason = VIDEO_ENGINE_TIMEOUT_DETECTED, .type = DXGK_TDR_TYPE_ENGINE_TIMEOUT,
        .has_payload = true,
        .payload = { .NodeOrdinal = node, .LastHwCompletedFenceId = n->notified,
                     .LastHwSubmittedFenceId = n->submitted },
        .engine_status = qs.EngineStatus,
    };
    save_dump(sim, rep);
    for (unsigned i = 0; i < sim->nodes; i++) {
        uint32_t last;
        if ((g.DependentNodeOrdinalMask & (1ull << i)) &&
            !NT_SUCCESS(ws_reset_engine(sim, i, i == node, &last))) {
            return false;
        }
    }
    return true;
}

/* Count this timeout among those of the last TdrLimitTime. */
static void check_limit(WsSim *sim, unsigned node)
{
    GArray *t = sim->tdr_times;
    g_array_append_val(t, sim->now_ns);
    while (t->len && sim->now_ns - g_array_index(t, uint64_t, 0) > sim->tdr_limit_time_ns) {
        g_array_remove_index(t, 0);
    }
    if (t->len > sim->tdr_limit_count) {
        ws_bugcheck(VIDEO_TDR_ERROR, node, t->len, sim->tdr_limit_count, sim->tdr_limit_time_ns,
                    "TdrLimitCount exceeded: %u timeouts within TdrLimitTime (%" G_GUINT64_FORMAT
                    " ns of device time)", t->len, sim->tdr_limit_time_ns);
    }
}

/* TdrLevelBugcheck: the report is collected, then no recovery. */
static G_NORETURN void bugcheck_tdr(WsSim *sim, unsigned node)
{
    WsNode *n = &sim->node[node];
    WsTdrReport rep = {
        .reason = VIDEO_TDR_TIMEOUT_DETECTED, .type = DXGK_TDR_TYPE_ENGINE_TIMEOUT,
        .has_payload = true,
        .payload = { .NodeOrdinal = node, .LastHwCompletedFenceId = n->notified,
                     .LastHwSubmittedFenceId = n->submitted },
    };
    save_dump(sim, rep);
    ws_bugcheck(VIDEO_TDR_TIMEOUT_DETECTED, node, n->notified, n->submitted, 0,
                "TdrLevel is Bugcheck: timeout on node %u, no recovery", node);
}

void ws_tdr(WsSim *sim, unsigned node)
{
    sim->stats.timeouts++;
    if (sim->tdr_level == WS_TDR_LEVEL_BUGCHECK) {
        bugcheck_tdr(sim, node);
    }
    check_limit(sim, node);
    if (!sim->caps.SupportPerEngineTDR) {
        adapter_tdr(sim, node, false);
    } else if (!engine_tdr(sim, node)) {
        adapter_tdr(sim, node, true);
    }
}

NTSTATUS ws_reset_engine(WsSim *sim, unsigned node, bool blame, uint32_t *last_aborted)
{
    DXGKARG_RESETENGINE r = { .NodeOrdinal = node };
    NTSTATUS st = sim->init.DxgkDdiResetEngine(sim->adapter, &r);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    /* The reset aborted everything still queued on the node: the last
     * aborted fence is the last one submitted; with nothing queued, none
     * was aborted and the KMD names the last completed one. */
    WsNode *n = &sim->node[node];
    uint32_t want = n->pending->len ? n->submitted : n->retired;
    if (r.LastAbortedFenceId != want) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, r.LastAbortedFenceId, want,
                    n->pending->len, "LastAbortedFenceId is not the node's last pending fence");
    }
    blame_and_resubmit(sim, node, take_pending(sim, node), blame);
    sim->stats.engine_resets++;
    *last_aborted = r.LastAbortedFenceId;
    return st;
}
