/* SPDX-License-Identifier: MIT */
/*
 * winsim's TDR. A wait that sees no progress for TdrDelay calls ws_tdr().
 * More than tdr_limit_count (TdrLimitCount, default 5) timeouts within
 * tdr_limit_time_ns (TdrLimitTime, default 60 s) of device time is bugcheck
 * 0x116 (VIDEO_TDR_ERROR).
 * When DRIVERCAPS claims SupportPerEngineTDR, the engine path runs first:
 * DxgkDdiQueryDependentEngineGroup (the mask must contain the node),
 * DxgkDdiQueryEngineStatus of the node (it "should always succeed": a
 * failure is a bugcheck; the status is recorded with the report), the
 * report with Reason VIDEO_ENGINE_TIMEOUT_DETECTED, then DxgkDdiResetEngine
 * for each node of the group (LastAbortedFenceId checked to lie in
 * [retired, submitted], the node's pending fences aborted). If a reset
 * fails, or without the claim, the adapter path runs: the report with
 * VIDEO_TDR_TIMEOUT_DETECTED, DxgkDdiResetFromTimeout, every pending
 * submission on every node aborted, DxgkDdiRestartFromTimeout (a failure of
 * either: bugcheck 0x116). After either reset the context of the submission
 * that was running on the timed-out node is put in error (ws_submit refuses
 * it) and the aborted work of every other context is submitted again.
 * The report: DxgkDdiCollectDbgInfo2 when the KMD declares
 * DXGKDDI_INTERFACE_VERSION_WDDM3_2 or later and fills the slot, with
 * TdrType ENGINE_TIMEOUT and a DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT (node, last
 * completed and submitted fences) for the engine path and for the adapter
 * path without per-engine support, ENGINE_TIMEOUT_PROMOTED without a
 * payload for a promoted one; else DxgkDdiCollectDbgInfo. Each report is
 * recorded in sim->tdr_reports and its buffer saved to a file in
 * $WINSIM_DUMP_DIR or the temporary directory,
 * as Windows saves its watchdog reports.
 */
#ifndef WS_TDR_H
#define WS_TDR_H

#include "winsim.h"

/* TdrLevel (GraphicsDrivers registry value, documented with the TDR
 * registry keys): Off (0) "detection disabled": a wait gives up after
 * TdrDelay without any TDR, so a test sees that nothing was reset;
 * Bugcheck (1) "bug check on detected timeout": the report is collected,
 * then bugcheck 0x117 (VIDEO_TDR_TIMEOUT_DETECTED); RecoverVGA (2) is
 * documented as not implemented and behaves as Recover (3), the default. */
enum {
    WS_TDR_LEVEL_OFF = 0,
    WS_TDR_LEVEL_BUGCHECK = 1,
    WS_TDR_LEVEL_RECOVER_VGA = 2,
    WS_TDR_LEVEL_RECOVER = 3,
};

void ws_tdr(WsSim *sim, unsigned node);
/* The KMD offers DxgkDdiCollectDbgInfo2 (declared version and slot). */
bool ws_has_collect_dbg_info2(const WsSim *sim);
/* One DxgkDdiResetEngine with its checks; `blame`: the node's oldest
 * pending submission was the one running and its context goes in error. */
NTSTATUS ws_reset_engine(WsSim *sim, unsigned node, bool blame, uint32_t *last_aborted);

#endif
