/* SPDX-License-Identifier: MIT */
/*
 * Interrupts and completed fences. DXGKCB_NOTIFY_INTERRUPT is only ever
 * called at one message, kmd_notify_message() (reported as DRIVERCAPS
 * InterruptMessageNumber): the documentation says a driver with
 * message-signaled interrupts "can call DXGKCB_NOTIFY_INTERRUPT from an
 * interrupt handler corresponding to a fixed message number", and it must
 * never be called reentrantly.
 * - ISR of the notification message (MSI-X vector of engine 0) or of the
 *   line: acknowledges (W1C) every pending enabled cause, then per node
 *   notifies DMA_COMPLETED for a newly completed fence and DMA_FAULTED for
 *   an engine fault, and queues the DPC if it notified.
 * - ISR of another MSI-X vector: acknowledges nothing, marks the work
 *   deferred and queues the DPC; the DPC handles it through
 *   DxgkCbSynchronizeExecution at the notification message.
 * kmd_dpc() then calls DxgkCbNotifyDpc. kmd_query_current_fence() returns
 * the node's completed fence, first reporting a completion the ISR missed
 * (a dropped interrupt), also synchronized at the notification message.
 * Device fence values are accepted only inside (reported, submitted]
 * (wrap-safe).
 */
#ifndef KMD_INTERRUPT_H
#define KMD_INTERRUPT_H

#include "adapter.h"

ULONG kmd_notify_message(const KmdAdapter *a);
BOOLEAN kmd_isr(KmdAdapter *a, ULONG message);
void kmd_dpc(KmdAdapter *a);
NTSTATUS kmd_query_current_fence(KmdAdapter *a, DXGKARG_QUERYCURRENTFENCE *args);

#endif
