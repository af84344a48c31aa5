/* SPDX-License-Identifier: MIT */
#include <stdatomic.h>
#include <string.h>

#include "interrupt.h"
#include "display.h"
#include "fence.h"
#include "regs.h"

static uint64_t device_completed(KmdAdapter *a, unsigned node)
{
    if (a->fence_page.cpu) {
        const volatile uint64_t *page = a->fence_page.cpu;
        return page[node];
    }
    return kmd_reg_read64(a->regs, SABLE_REG_ENGINE(node) + SABLE_ENG_COMPLETED_FENCE_LO);
}

static void notify(KmdAdapter *a, const DXGKARGCB_NOTIFY_INTERRUPT_DATA *data)
{
    a->dxgk.DxgkCbNotifyInterrupt(a->dxgk.DeviceHandle, data);
}

/* Report the node's completed fence if it moved forward; true if it did. */
static bool report_completed(KmdAdapter *a, unsigned node)
{
    KmdRing *r = &a->ring[node];
    uint64_t done = device_completed(a, node);
    if (!kmd_fence_after(done, r->reported) || kmd_fence_after(done, r->submitted)) {
        return false; /* nothing new, or a value the device cannot have */
    }
    r->reported = done;
    DXGKARGCB_NOTIFY_INTERRUPT_DATA data;
    memset(&data, 0, sizeof(data));
    data.InterruptType = DXGK_INTERRUPT_DMA_COMPLETED;
    data.DmaCompleted.SubmissionFenceId = (UINT)done;
    data.DmaCompleted.NodeOrdinal = node;
    notify(a, &data);
    return true;
}

static NTSTATUS fault_status(uint32_t code)
{
    switch (code) {
    case SABLE_FAULT_INVALID_COMMAND:
    case SABLE_FAULT_BAD_PACKET:
    case SABLE_FAULT_BAD_ARGUMENT:
        return STATUS_ILLEGAL_INSTRUCTION;
    default:
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
}

static void report_fault(KmdAdapter *a, unsigned node)
{
    uint32_t base = SABLE_REG_ENGINE(node);
    uint64_t fence = kmd_reg_read64(a->regs, base + SABLE_ENG_FAULT_FENCE_LO);
    KmdRing *r = &a->ring[node];
    if (!kmd_fence_after(fence, r->reported) || kmd_fence_after(fence, r->submitted)) {
        kmd_os_log(KMD_LOG_WARN, "sable: node %u fault fence 0x%llx out of range",
                   node, (unsigned long long)fence);
        fence = r->reported + 1;
    }
    DXGKARGCB_NOTIFY_INTERRUPT_DATA data;
    memset(&data, 0, sizeof(data));
    data.InterruptType = DXGK_INTERRUPT_DMA_FAULTED;
    data.DmaFaulted.FaultedFenceId = (UINT)fence;
    data.DmaFaulted.Status = fault_status(kmd_reg_read(a->regs, base + SABLE_ENG_FAULT_CODE));
    data.DmaFaulted.NodeOrdinal = node;
    notify(a, &data);
}

ULONG kmd_notify_message(const KmdAdapter *a)
{
    return a->msix ? SABLE_MSIX_VEC_ENGINE(0) : 0;
}

/* Acknowledge `causes` (before reading fences: a later completion raises a
 * new interrupt) and notify per node; true if anything was notified. */
static bool handle_causes(KmdAdapter *a, uint32_t causes)
{
    kmd_reg_write(a->regs, SABLE_REG_IRQ_STATUS, causes);
    bool notified = false;
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        if (causes & SABLE_IRQ_ENGINE_CAUSES(n)) {
            notified |= report_completed(a, n); /* DMA before fault, as documented */
        }
        if (causes & SABLE_IRQ_FAULT(n)) {
            report_fault(a, n);
            notified = true;
        }
    }
    if (causes & SABLE_IRQ_VBLANK) {
        notified |= kmd_display_vsync(a);
    }
    return notified;
}

static uint32_t pending(KmdAdapter *a)
{
    return kmd_reg_read(a->regs, SABLE_REG_IRQ_STATUS) & a->irq_mask;
}

/* The causes MSI-X vector `message` signals. */
static uint32_t vector_causes(ULONG message)
{
    if (message == SABLE_MSIX_VEC_MISC) {
        return SABLE_IRQ_VBLANK;
    }
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        if (message == SABLE_MSIX_VEC_ENGINE(n)) {
            return SABLE_IRQ_ENGINE_CAUSES(n);
        }
    }
    return 0;
}

/* Another MSI-X message (the copy engine's, or MISC for vertical blanks):
 * only note that there is work; the DPC handles it synchronized with the
 * notification message. */
static BOOLEAN defer(KmdAdapter *a, ULONG message)
{
    if (!(pending(a) & vector_causes(message))) {
        return FALSE;
    }
    atomic_store(&a->deferred, true);
    a->dxgk.DxgkCbQueueDpc(a->dxgk.DeviceHandle);
    return TRUE;
}

BOOLEAN kmd_isr(KmdAdapter *a, ULONG message)
{
    if (!a->started) {
        return FALSE;
    }
    if (message != kmd_notify_message(a)) {
        return a->msix ? defer(a, message) : FALSE;
    }
    uint32_t causes = pending(a);
    if (!causes) {
        return FALSE;
    }
    if (handle_causes(a, causes)) {
        a->dxgk.DxgkCbQueueDpc(a->dxgk.DeviceHandle);
    }
    return TRUE;
}

static BOOLEAN WDDM_API sync_deferred(PVOID context)
{
    KmdAdapter *a = context;
    uint32_t causes = pending(a);
    return causes && handle_causes(a, causes);
}

void kmd_dpc(KmdAdapter *a)
{
    if (atomic_exchange(&a->deferred, false)) {
        BOOLEAN notified;
        a->dxgk.DxgkCbSynchronizeExecution(a->dxgk.DeviceHandle, sync_deferred, a,
                                           kmd_notify_message(a), &notified);
    }
    a->dxgk.DxgkCbNotifyDpc(a->dxgk.DeviceHandle);
}

typedef struct FenceQuery {
    KmdAdapter *a;
    unsigned node;
} FenceQuery;

/* Runs synchronized with the ISR: acknowledge the node's completion cause
 * too, or the device, which signals only newly raised causes, would never
 * interrupt for this node again. */
static BOOLEAN WDDM_API sync_report(PVOID context)
{
    FenceQuery *q = context;
    kmd_reg_write(q->a->regs, SABLE_REG_IRQ_STATUS, SABLE_IRQ_FENCE(q->node));
    if (report_completed(q->a, q->node)) {
        q->a->dxgk.DxgkCbQueueDpc(q->a->dxgk.DeviceHandle);
        return TRUE;
    }
    return FALSE;
}

NTSTATUS kmd_query_current_fence(KmdAdapter *a, DXGKARG_QUERYCURRENTFENCE *args)
{
    if (!a->started || args->NodeOrdinal >= SABLE_NODE_COUNT || args->EngineOrdinal != 0) {
        return STATUS_INVALID_PARAMETER;
    }
    FenceQuery q = { a, args->NodeOrdinal };
    BOOLEAN reported = FALSE;
    NTSTATUS st = a->dxgk.DxgkCbSynchronizeExecution(a->dxgk.DeviceHandle, sync_report,
                                                     &q, kmd_notify_message(a), &reported);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    if (reported) {
        kmd_os_log(KMD_LOG_INFO, "sable: node %u: reported a missed completion", q.node);
    }
    args->CurrentFence = (UINT)a->ring[q.node].reported;
    return STATUS_SUCCESS;
}
