/* SPDX-License-Identifier: MIT */
/* winsim's dxgkrnl: driver loading, the DXGKRNL_INTERFACE callbacks, the
 * adapter's resources, and interrupt delivery. */
#include <string.h>

#include "winsim.h"
#include "bugcheck.h"
#include "ddi.h"
#include "vidmm.h"
#include "vidsch.h"

static WsSim *current;

WsSim *ws_sim_current(void)
{
    g_assert_nonnull(current);
    return current;
}

/* ---- DxgkInitialize ---------------------------------------------------- */

NTSTATUS WDDM_API DxgkInitialize(PDRIVER_OBJECT driver, PUNICODE_STRING path,
                                 PDRIVER_INITIALIZATION_DATA data)
{
    WsSim *sim = ws_sim_current();
    if (!driver || !path || !data || sim->initialized) {
        return STATUS_INVALID_PARAMETER;
    }
    if (data->Version < DXGKDDI_INTERFACE_VERSION_WIN7 || !data->DxgkDdiAddDevice ||
        !data->DxgkDdiStartDevice || !data->DxgkDdiStopDevice ||
        !data->DxgkDdiRemoveDevice || !data->DxgkDdiInterruptRoutine ||
        !data->DxgkDdiDpcRoutine || !data->DxgkDdiQueryAdapterInfo ||
        !data->DxgkDdiSubmitCommand || !data->DxgkDdiQueryCurrentFence) {
        return STATUS_INVALID_PARAMETER; /* dxgkrnl refuses the miniport */
    }
    sim->init = *data;
    sim->initialized = true;
    return STATUS_SUCCESS;
}

/* ---- callbacks ----------------------------------------------------------- */

static WsSim *sim_of(HANDLE h)
{
    WsSim *sim = ws_sim_current();
    if (h != (HANDLE)sim) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, (uintptr_t)h, 0, 0, 0,
                    "callback with a handle that is not DeviceHandle");
    }
    return sim;
}

static NTSTATUS WDDM_API cb_get_device_information(HANDLE h, PDXGK_DEVICE_INFO info)
{
    WsSim *sim = sim_of(h);
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
    unsigned b;
    const WsBar *bar = bar_containing(sim, (uint64_t)pa.QuadPart, len, &b);
    if (!bar || io || user || !va || len == 0 ||
        (b != SABLE_BAR_MMIO && b != SABLE_BAR_VRAM)) {
        return STATUS_INVALID_PARAMETER;
    }
    WsMapping *m = g_new0(WsMapping, 1);
    m->bus = (uint64_t)pa.QuadPart;
    m->len = len;
    m->mmio = b == SABLE_BAR_MMIO;
    /* BAR0: a placeholder range the OS layer translates to MMIO. */
    m->va = m->mmio ? g_malloc0(len)
                    : (uint8_t *)sim->t->vram + (m->bus - bar->addr);
    g_ptr_array_add(sim->mappings, m);
    sim->stats.mappings++;
    *va = m->va;
    return STATUS_SUCCESS;
}

static NTSTATUS WDDM_API cb_unmap_memory(HANDLE h, PVOID va)
{
    WsSim *sim = sim_of(h);
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
    if (node >= SABLE_NODE_COUNT || d->DmaCompleted.EngineOrdinal != 0) {
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
    if (node >= SABLE_NODE_COUNT || NT_SUCCESS(d->DmaFaulted.Status) ||
        (int32_t)(fence - sim->node[node].notified) <= 0 ||
        (int32_t)(fence - sim->node[node].submitted) > 0) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, fence,
                    (uint32_t)d->DmaFaulted.Status, 2,
                    "DMA_FAULTED with a bad node, status or fence");
    }
    sim->node[node].faults++;
    sim->node[node].faulted_fence = fence;
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
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        ws_retire(sim, n, sim->node[n].notified);
    }
    sim->stats.notify_dpc++;
}

static void fill_interface(WsSim *sim)
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
}

/* ---- resources ------------------------------------------------------------ */

static CM_RESOURCE_LIST *build_resources(WsTransport *t)
{
    static const unsigned bars[] = { SABLE_BAR_MMIO, SABLE_BAR_MSIX, SABLE_BAR_VRAM,
                                     SABLE_BAR_APERTURE };
    unsigned count = G_N_ELEMENTS(bars) + 1;
    CM_RESOURCE_LIST *list = g_malloc0(sizeof(*list) +
                                       (count - 1) * sizeof(CM_PARTIAL_RESOURCE_DESCRIPTOR));
    list->Count = 1;
    list->List[0].InterfaceType = PCIBus;
    CM_PARTIAL_RESOURCE_LIST *p = &list->List[0].PartialResourceList;
    CM_PARTIAL_RESOURCE_DESCRIPTOR *d = p->PartialDescriptors;
    p->Version = 1;
    p->Revision = 1;
    p->Count = count;
    for (unsigned i = 0; i < G_N_ELEMENTS(bars); i++, d++) {
        d->Type = CmResourceTypeMemory;
        d->u.Memory.Start.QuadPart = (LONGLONG)t->bar[bars[i]].addr;
        d->u.Memory.Length = (ULONG)t->bar[bars[i]].size;
    }
    d->Type = CmResourceTypeInterrupt;
    d->Flags = t->msix ? CM_RESOURCE_INTERRUPT_MESSAGE | CM_RESOURCE_INTERRUPT_LATCHED
                       : CM_RESOURCE_INTERRUPT_LEVEL_SENSITIVE;
    d->u.Interrupt.Vector = 0x30;
    d->u.Interrupt.Affinity = 1;
    return list;
}

/* ---- life cycle ---------------------------------------------------------- */

WsSim *ws_sim_new(const char *transport)
{
    GError *err = NULL;
    g_assert_null(current);
    WsSim *sim = g_new0(WsSim, 1);
    sim->t = ws_transport_open(transport, &err);
    g_assert_no_error(err);
    current = sim;
    ws_guestmem_init(&sim->mem, sim->t);
    sim->mappings = g_ptr_array_new();
    sim->dump_files = g_ptr_array_new_with_free_func(g_free);
    sim->resources = build_resources(sim->t);
    sim->query_after_ns = 1000000; /* 1 ms of device time without progress */
    sim->tdr_delay_ns = 2000000000ull;
    sim->tdr_limit_count = 5;
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        sim->node[n].next_fence = 1;
        sim->node[n].pending = g_array_new(FALSE, FALSE, sizeof(WsPacket));
        sim->node[n].remap = g_array_new(FALSE, FALSE, sizeof(WsRemap));
    }
    sim->errored = g_hash_table_new(NULL, NULL);
    static WCHAR path_buf[] = { 'S', 'a', 'b', 'l', 'e', 0 };
    UNICODE_STRING path = { 10, 12, path_buf };
    NTSTATUS st = kmd_driver_entry((PDRIVER_OBJECT)sim, &path);
    g_assert_cmphex((uint32_t)st, ==, (uint32_t)STATUS_SUCCESS);
    g_assert_true(sim->initialized);
    return sim;
}

NTSTATUS ws_adapter_start(WsSim *sim)
{
    NTSTATUS st = sim->init.DxgkDdiAddDevice((PDEVICE_OBJECT)sim, &sim->adapter);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    fill_interface(sim);
    DXGK_START_INFO start = { .RequiredDmaQueueEntry = 0 };
    ULONG sources = 99, children = 99;
    st = sim->init.DxgkDdiStartDevice(sim->adapter, &start, &sim->dxgk, &sources, &children);
    if (NT_SUCCESS(st) && (sources != 0 || children != 0)) {
        ws_bugcheck(VIDEO_TDR_ERROR, sources, children, 0, 0,
                    "render-only miniport reported display sources/children");
    }
    if (NT_SUCCESS(st)) {
        DXGKARG_QUERYADAPTERINFO q = {
            .Type = DXGKQAITYPE_DRIVERCAPS, .pOutputData = &sim->caps,
            .OutputDataSize = sizeof(sim->caps),
        };
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q), ==, 0);
        ws_vidmm_init(sim);
    }
    return st;
}

void ws_adapter_remove(WsSim *sim)
{
    ws_vidmm_destroy_contexts(sim);
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiStopDevice(sim->adapter), ==, 0);
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiRemoveDevice(sim->adapter), ==, 0);
    sim->adapter = NULL;
    ws_vidmm_release_memory(sim);
}

void ws_sim_free(WsSim *sim)
{
    if (sim->adapter) {
        ws_adapter_remove(sim);
    }
    if (sim->init.DxgkDdiUnload) {
        sim->init.DxgkDdiUnload();
    }
    g_assert_cmpuint(sim->stats.os_allocs, ==, 0);
    g_assert_cmpuint(sim->stats.os_dma, ==, 0);
    g_assert_cmpuint(sim->stats.os_locks, ==, 0);
    g_assert_cmpuint(sim->stats.mappings, ==, 0);
    g_assert_cmpuint(sim->mem.map.runs, ==, 0);
    g_ptr_array_free(sim->mappings, TRUE);
    g_ptr_array_free(sim->dump_files, TRUE);
    g_hash_table_destroy(sim->errored);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        g_array_free(sim->node[n].pending, TRUE);
        g_array_free(sim->node[n].remap, TRUE);
    }
    g_free(sim->resources);
    ws_guestmem_fini(&sim->mem);
    ws_transport_close(sim->t);
    current = NULL;
    g_free(sim);
}

/* ---- interrupts ---------------------------------------------------------- */

void ws_run_dpc(WsSim *sim)
{
    if (!sim->dpc_queued) {
        return;
    }
    sim->dpc_queued = false;
    sim->in_dpc = true;
    sim->init.DxgkDdiDpcRoutine(sim->adapter);
    sim->in_dpc = false;
    sim->stats.dpc_calls++;
}

static BOOLEAN call_isr(WsSim *sim, ULONG message)
{
    sim->in_isr = true;
    sim->isr_message = message;
    BOOLEAN claimed = sim->init.DxgkDdiInterruptRoutine(sim->adapter, message);
    sim->in_isr = false;
    sim->stats.isr_claimed += claimed ? 1 : 0;
    return claimed;
}

void ws_service_interrupts(WsSim *sim)
{
    uint32_t fired = sim->t->ops->take_irqs(sim->t);
    if (sim->t->msix) {
        for (unsigned v = 0; v < 32; v++) {
            if (fired & (1u << v)) {
                call_isr(sim, v);
            }
        }
    } else {
        for (unsigned i = 0; fired; i++) {
            if (!call_isr(sim, 0) || i > 16) {
                ws_bugcheck(WS_INTERRUPT_STORM, 0, i, 0, 0,
                            "line interrupt asserted and not cleared by the ISR");
            }
            fired = sim->t->ops->take_irqs(sim->t);
        }
    }
    ws_run_dpc(sim);
}
