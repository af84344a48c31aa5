/* SPDX-License-Identifier: MIT */
/*
 * Timeout detection and recovery, engine and adapter level. DRIVERCAPS
 * claims SupportPerEngineTDR: "in which case it must implement all of the
 * listed functions" (QueryDependentEngineGroup, QueryEngineStatus,
 * ResetEngine) and CollectDbgInfo with level zero synchronization.
 * - QueryDependentEngineGroup: engines are independent, so a node's group
 *   is the node alone.
 * - QueryEngineStatus: Responsive unless the engine is hung or faulted.
 * - ResetEngine: engine reset (synchronous on the device); on return the
 *   node's queue is empty and it accepts new work. LastAbortedFenceId is
 *   the highest fence the reset aborted, or the last completed one when it
 *   aborted nothing. A failed reset returns STATUS_DEVICE_HARDWARE_ERROR
 *   (dxgkrnl then resets the adapter).
 * - ResetFromTimeout: interrupts masked, adapter reset: device DMA stopped.
 * - RestartFromTimeout: GART, fence page and rings programmed again (their
 *   memory kept), every submitted fence counted as done, interrupts on.
 */
#ifndef KMD_TDR_H
#define KMD_TDR_H

#include "adapter.h"

NTSTATUS kmd_query_dependent_engine_group(KmdAdapter *a,
                                          DXGKARG_QUERYDEPENDENTENGINEGROUP *args);
NTSTATUS kmd_query_engine_status(KmdAdapter *a, DXGKARG_QUERYENGINESTATUS *args);
NTSTATUS kmd_reset_engine(KmdAdapter *a, DXGKARG_RESETENGINE *args);
NTSTATUS kmd_reset_from_timeout(KmdAdapter *a);
NTSTATUS kmd_restart_from_timeout(KmdAdapter *a);

#endif
