/* SPDX-License-Identifier: MIT */
/*
 * winsim's TDR. A wait that sees no progress for TdrDelay calls ws_tdr():
 * with DRIVERCAPS.SupportPerEngineTDR (not claimed by the KMD yet) it would
 * reset the engine first; today it resets the adapter as Windows does for a
 * driver without per-engine reset: DxgkDdiCollectDbgInfo (Reason
 * VIDEO_TDR_TIMEOUT_DETECTED; the buffer is saved to a file in
 * $WINSIM_DUMP_DIR or the temporary directory, as Windows saves its
 * watchdog reports), DxgkDdiResetFromTimeout, every pending
 * submission on every node aborted, DxgkDdiRestartFromTimeout. A failing
 * reset or restart, or more than tdr_limit_count TDRs, is bugcheck 0x116
 * (VIDEO_TDR_ERROR). ws_reset_engine() is the per-engine step on its own:
 * DxgkDdiResetEngine, LastAbortedFenceId checked to lie in
 * [retired, submitted], and the node's pending fences aborted.
 */
#ifndef WS_TDR_H
#define WS_TDR_H

#include "winsim.h"

void ws_tdr(WsSim *sim, unsigned node);
NTSTATUS ws_reset_engine(WsSim *sim, unsigned node, uint32_t *last_aborted);

#endif
