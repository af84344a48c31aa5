/* SPDX-License-Identifier: MIT */
/*
 * Interrupts and completed fences. kmd_isr() acknowledges (W1C) the causes
 * of the message (MSI-X: that vector's causes; line: every enabled cause),
 * then per node notifies DMA_COMPLETED for a newly completed fence and
 * DMA_FAULTED for an engine fault, and queues the DPC if it notified.
 * kmd_dpc() calls DxgkCbNotifyDpc. kmd_query_current_fence() returns the
 * node's completed fence, first reporting a completion the ISR missed (a
 * dropped interrupt) through DxgkCbSynchronizeExecution, so the
 * notification runs synchronized with the ISR. Device fence values are
 * accepted only inside (reported, submitted] (wrap-safe).
 */
#ifndef KMD_INTERRUPT_H
#define KMD_INTERRUPT_H

#include "adapter.h"

BOOLEAN kmd_isr(KmdAdapter *a, ULONG message);
void kmd_dpc(KmdAdapter *a);
NTSTATUS kmd_query_current_fence(KmdAdapter *a, DXGKARG_QUERYCURRENTFENCE *args);

#endif
