/* SPDX-License-Identifier: MIT */
/* winsim's DXGKRNL_INTERFACE: the dxgkrnl callbacks the KMD gets in
 * DxgkDdiStartDevice, each checking the documented rules (winsim.h). */
#include <string.h>

#include "winsim.h"
#include "bugcheck.h"
#include "vidpnmgr.h"
#include "vidsch.h"

void ws_require_below_dirql(WsSim *sim, const char *what)
{
    if (sim->in_isr) {
        ws_bugcheck(WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL, 0, 0, 0, 0,
                    "%s at DIRQL (in the ISR or a synchronized routine)", what);
    }
}

void ws_require_passive(WsSim *sim, const char *what)
{
    ws_require_below_dirql(sim, what);
    if (sim->in_dpc || sim->locks_held) {
        ws_bugcheck(WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL, sim->in_dpc, sim->locks_held, 0, 0,
                    "%s at DISPATCH_LEVEL (in the DPC or holding a spinlock); "
                    "it needs PASSIVE_LEVEL", what);
    }
}

/* Every callback: the right handle, and no KMD spinlock held across it
 * (os.h). */
static WsSim *sim_of(HANDLE h)
{
    WsSim *sim = ws_sim_current();
    if (h != (HANDLE)sim) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, (uintptr_t)h, 0, 0, 0,
                    "callback with a handle that is not DeviceHandle");
    }
    if (sim->locks_held) {
        ws_bugcheck(WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL, sim->locks_held, 0, 0, 1,
                    "callback into dxgkrnl with a KMD spinlock held");
    }
    return sim;
}

static NTSTATUS WDDM_API cb_get_device_information(HANDLE h, PDXGK_DEVICE_INFO info)
{
    WsSim *sim = sim_of(h);
    ws_require_passive(sim, "DxgkCbGetDeviceInformation");
    memset(info, 0, sizeof(*info));
    info->MiniportDeviceContext = sim->adapter;
    info->TranslatedResourceList = sim->resources;
    info->SystemMemorySize.QuadPart = (LONGLONG)sim->t->ram_size;
    return STATUS_SUCCESS;
}

static const WsBar *bar_containing(WsSim *sim, uint64_t addr, uint64_t len, unsigned *index)
{
    for (unsigned b = 0; b < WS_MAX_BARS; b++) {
        const WsBar *bar = &sim->t->bar[b];
        if (bar->size && addr >= bar->addr && len <= bar->size &&
            addr - bar->addr <= bar->size - len) {
            *index = b;
            return bar;
        }
    }
    return NULL;
}

static NTSTATUS WDDM_API cb_map_memory(HANDLE h, PHYSICAL_ADDRESS pa, ULONG len,
                                       BOOLEAN io, BOOLEAN user, MEMORY_CACHING_TYPE cache,
                                       PVOID *va)
{
    WsSim *sim = sim_of(h);
    ws_require_passive(sim, "DxgkCbMapMemory");
    unsigned b;
    const WsBar *bar = bar_containing(sim, (uint64_t)pa.QuadPart, len, &b);
    /* The transport reaches registers in BAR0 only (transport.h); other
     * BARs without a host view (MSI-X table) are not mappable here. */
    if (!bar || io || user || !va || len == 0 || (b != 0 && !sim->t->host[b])) {
        return STATUS_INVALID_PARAMETER;
    }
    WsMapping *m = g_new0(WsMapping, 1);
    m->bus = (uint64_t)pa.QuadPart;
    m->len = len;
    /* The register BAR: a placeholder range the OS layer translates to MMIO. */
    m->mmio = sim->t->host[b] == NULL;
    m->va = m->mmio ? g_malloc0(len) : (uint8_t *)sim->t->host[b] + (m->bus - bar->addr);
    g_ptr_array_add(sim->mappings, m);
    sim->stats.mappings++;
    *va = m->va;
    return STATUS_SUCCESS;
}

static NTSTATUS WDDM_API cb_unmap_memory(HANDLE h, PVOID va)
{
    WsSim *sim = sim_of(h);
    ws_require_passive(sim, "DxgkCbUnmapMemory");
    for (guint i = 0; i < sim->mappings->len; i++) {
        WsMapping *m = g_ptr_array_index(sim->mappings, i);
        if (m->va == va) {
            if (m->mmio) {
                g_free(m->va);
            }
            g_ptr_array_remove_index(sim->mappings, i);
            g_free(m);
            sim->stats.mappings--;
            return STATUS_SUCCESS;
        }
    }
    return STATUS_INVALID_PARAMETER;
}

/* The firmware's display as the basic display driver leaves it. */
static NTSTATUS WDDM_API cb_acquire_post_display_ownership(HANDLE h,
                                                           PDXGK_DISPLAY_INFORMATION info)
{
    WsSim *sim = sim_of(h);
    ws_require_passive(sim, "DxgkCbAcquirePostDisplayOwnership");
    if (!info) {
        return STATUS_INVALID_PARAMETER;
    }
    *info = sim->post_display;
    sim->post_display_acquired = true;
    return STATUS_SUCCESS;
}

static BOOLEAN WDDM_API cb_queue_dpc(HANDLE h)
{
    WsSim *sim = sim_of(h);
    bool was = sim->dpc_queued;
    sim->dpc_queued = true;
    return !was;
}

static NTSTATUS WDDM_API cb_synchronize_execution(HANDLE h, PKSYNCHRONIZE_ROUTINE fn,
                                                  PVOID ctx, ULONG message, PBOOLEAN ret)
{
    WsSim *sim = sim_of(h);
    if (!fn || sim->in_isr) {
        ws_bugcheck(WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL, (uintptr_t)fn, message, 0, 0,
                    "DxgkCbSynchronizeExecution from the ISR or without a routine");
    }
    sim->in_isr = true;
    sim->isr_message = message;
    BOOLEAN r = fn(ctx);
    sim->in_isr = false;
    if (ret) {
        *ret = r;
    }
    return STATUS_SUCCESS;
}

static void check_completed(WsSim *sim, const DXGKARGCB_NOTIFY_INTERRUPT_DATA *d)
{
    UINT node = d->DmaCompleted.NodeOrdinal, fence = d->DmaCompleted.SubmissionFenceId;
    if (node >= sim->nodes || d->DmaCompleted.EngineOrdinal != 0) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, d->DmaCompleted.EngineOrdinal,
                    0, 0, "DMA_COMPLETED for a node/engine that does not exist");
    }
    WsNode *n = &sim->node[node];
    if ((int32_t)(fence - n->notified) <= 0) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, fence, n->notified, 0,
                    "DMA_COMPLETED fence 0x%x does not move past 0x%x (going backwards)",
                    fence, n->notified);
    }
    if ((int32_t)(fence - n->submitted) > 0) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, fence, n->submitted, 1,
                    "DMA_COMPLETED fence 0x%x was never submitted (last 0x%x)",
                    fence, n->submitted);
    }
    n->notified = fence;
    sim->stats.notify_completed++;
}

static void check_faulted(WsSim *sim, const DXGKARGCB_NOTIFY_INTERRUPT_DATA *d)
{
    UINT node = d->DmaFaulted.NodeOrdinal, fence = d->DmaFaulted.FaultedFenceId;
    if (node >= sim->nodes || NT_SUCCESS(d->DmaFaulted.Status) ||
        (int32_t)(fence - sim->node[node].notified) <= 0 ||
        (int32_t)(fence - sim->node[node].submitted) > 0) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, fence,
                    (uint32_t)d->DmaFaulted.Status, 2,
                    "DMA_FAULTED with a bad node, status or fence");
    }
    sim->node[node].faults++;
    sim->node[node].faulted_fence = fence;
}

/* A vertical blank: of the one target, only while enabled, with the
 * address SetVidPnSourceAddress gave. */
static void check_vsync(WsSim *sim, const DXGKARGCB_NOTIFY_INTERRUPT_DATA *d)
{
    WsDisplay *disp = &sim->display;
    uint64_t addr = (uint64_t)d->CrtcVsync.PhysicalAddress.QuadPart;
    if (d->CrtcVsync.VidPnTargetId >= disp->children || !disp->vsync_enabled ||
        addr != disp->address) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, d->CrtcVsync.VidPnTargetId,
                    disp->vsync_enabled, addr, 10,
                    "CRTC_VSYNC of a bad target, while disabled, or of address 0x%llx "
                    "(scanned out: 0x%llx)", (unsigned long long)addr,
                    (unsigned long long)disp->address);
    }
    disp->vsyncs++;
    disp->vsync_address = addr;
}

static VOID WDDM_API cb_notify_interrupt(HANDLE h, const DXGKARGCB_NOTIFY_INTERRUPT_DATA *d)
{
    WsSim *sim = sim_of(h);
    if (!sim->in_isr) {
        ws_bugcheck(WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL, d->InterruptType, 0, 0, 0,
                    "DxgkCbNotifyInterrupt outside the ISR or a synchronized routine");
    }
    if (sim->t->msix && sim->isr_message != sim->caps.InterruptMessageNumber) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, sim->isr_message,
                    sim->caps.InterruptMessageNumber, 0, 8,
                    "DxgkCbNotifyInterrupt at message %u, DRIVERCAPS names message %u",
                    (unsigned)sim->isr_message, sim->caps.InterruptMessageNumber);
    }
    switch (d->InterruptType) {
    case DXGK_INTERRUPT_DMA_COMPLETED:
        check_completed(sim, d);
        break;
    case DXGK_INTERRUPT_DMA_FAULTED:
        check_faulted(sim, d);
        break;
    case DXGK_INTERRUPT_CRTC_VSYNC:
        check_vsync(sim, d);
        break;
    default:
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, d->InterruptType, 0, 0, 3,
                    "interrupt type %d not expected from this adapter", d->InterruptType);
    }
}

static VOID WDDM_API cb_notify_dpc(HANDLE h)
{
    WsSim *sim = sim_of(h);
    if (!sim->in_dpc) {
        ws_bugcheck(WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL, 0, 0, 0, 0,
                    "DxgkCbNotifyDpc outside the DPC");
    }
    for (unsigned n = 0; n < sim->nodes; n++) {
        ws_retire(sim, n, sim->node[n].notified);
    }
    sim->stats.notify_dpc++;
}

void ws_fill_interface(WsSim *sim)
{
    memset(&sim->dxgk, 0, sizeof(sim->dxgk));
    sim->dxgk.Size = sizeof(sim->dxgk);
    sim->dxgk.Version = DXGKDDI_INTERFACE_VERSION_WIN8;
    sim->dxgk.DeviceHandle = sim;
    sim->dxgk.DxgkCbGetDeviceInformation = cb_get_device_information;
    sim->dxgk.DxgkCbMapMemory = cb_map_memory;
    sim->dxgk.DxgkCbUnmapMemory = cb_unmap_memory;
    sim->dxgk.DxgkCbQueueDpc = cb_queue_dpc;
    sim->dxgk.DxgkCbSynchronizeExecution = cb_synchronize_execution;
    sim->dxgk.DxgkCbNotifyInterrupt = cb_notify_interrupt;
    sim->dxgk.DxgkCbNotifyDpc = cb_notify_dpc;
    sim->dxgk.DxgkCbQueryVidPnInterface = ws_cb_query_vidpn_interface;
    sim->dxgk.DxgkCbAcquirePostDisplayOwnership = cb_acquire_post_display_ownership;
}
