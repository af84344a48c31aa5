/* SPDX-License-Identifier: MIT */
/*
 * winsim's TDR. A wait that sees no progress for TdrDelay calls ws_tdr().
 * More than tdr_limit_count (TdrLimitCount, default 5) timeouts within
 * tdr_limit_time_ns (TdrLimitTime, default 60 s) of device time is bugcheck
 * 0x116 (VIDEO_TDR_ERROR).
 * When DRIVERCAPS claims SupportPerEngineTDR, the engine path runs first:
 * DxgkDdiQueryDependentEngineGroup (the mask must contain the node),
 * DxgkDdiCollectDbgInfo with Reason VIDEO_ENGINE_TIMEOUT_DETECTED, then
 * DxgkDdiResetEngine for each node of the group (LastAbortedFenceId checked
 * to lie in [retired, submitted], the node's pending fences aborted). If a
 * reset fails, or without the claim, the adapter path runs:
 * DxgkDdiCollectDbgInfo with VIDEO_TDR_TIMEOUT_DETECTED,
 * DxgkDdiResetFromTimeout, every pending submission on every node aborted,
 * DxgkDdiRestartFromTimeout (a failure of either: bugcheck 0x116). After
 * either reset the context of the submission that was running on the
 * timed-out node is put in error (ws_submit refuses it) and the aborted
 * work of every other context is submitted again. Each
 * dump is saved to a file in $WINSIM_DUMP_DIR or the temporary directory,
 * as Windows saves its watchdog reports.
 */
#ifndef WS_TDR_H
#define WS_TDR_H

#include "winsim.h"

void ws_tdr(WsSim *sim, unsigned node);
/* One DxgkDdiResetEngine with its checks; `blame`: the node's oldest
 * pending submission was the one running and its context goes in error. */
NTSTATUS ws_reset_engine(WsSim *sim, unsigned node, bool blame, uint32_t *last_aborted);

#endif
