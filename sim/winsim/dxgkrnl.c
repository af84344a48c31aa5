/* SPDX-License-Identifier: MIT */
/* winsim's dxgkrnl: driver loading (DxgkInitialize), the adapter's
 * resources, and the life cycle of a simulated adapter. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "winsim.h"
#include "bugcheck.h"
#include "dxgdisplay.h"
#include "ddi.h"
#include "vidmm.h"
#include "vidsch.h"
#include "ws-tdr.h"
#include "kmd-report.h"

static WsSim *current;

WsSim *ws_sim_current(void)
{
    g_assert_nonnull(current);
    return current;
}

/* ---- DxgkInitialize ---------------------------------------------------- */

#define WS_DDI_SINCE(name, version) { #name, offsetof(DRIVER_INITIALIZATION_DATA, name), version }
#define WS_DDI(name) WS_DDI_SINCE(name, DXGKDDI_INTERFACE_VERSION_WIN7)

/* The entries dxgkrnl needs of a WDDM display miniport with rendering and
 * display, from Microsoft's reference pages (winsim's own list, never read
 * from the driver): the basic display miniport set the
 * DRIVER_INITIALIZATION_DATA page and the DxgkDdi* pages describe as what
 * every display miniport provides (add/start/stop/remove, I/O requests,
 * interrupts, children, power, ACPI, reset, unload, interfaces); the WDDM
 * rendering set (adapter info, devices, contexts, allocations, paging,
 * submission, fences, TDR recovery, VidPN); and, since WDDM 1.2 (Windows 8),
 * the system display and display hand-over entries. docs/windows.md lists
 * what is UNCERTAIN about this list. */
const WsRequiredDdi ws_required_ddis[] = {
    WS_DDI(DxgkDdiAddDevice),
    WS_DDI(DxgkDdiStartDevice),
    WS_DDI(DxgkDdiStopDevice),
    WS_DDI(DxgkDdiRemoveDevice),
    WS_DDI(DxgkDdiDispatchIoRequest),
    WS_DDI(DxgkDdiInterruptRoutine),
    WS_DDI(DxgkDdiDpcRoutine),
    WS_DDI(DxgkDdiQueryChildRelations),
    WS_DDI(DxgkDdiQueryChildStatus),
    WS_DDI(DxgkDdiQueryDeviceDescriptor),
    WS_DDI(DxgkDdiSetPowerState),
    WS_DDI(DxgkDdiNotifyAcpiEvent),
    WS_DDI(DxgkDdiResetDevice),
    WS_DDI(DxgkDdiUnload),
    WS_DDI(DxgkDdiQueryInterface),
    WS_DDI(DxgkDdiQueryAdapterInfo),
    WS_DDI(DxgkDdiCreateDevice),
    WS_DDI(DxgkDdiCreateAllocation),
    WS_DDI(DxgkDdiDestroyAllocation),
    WS_DDI(DxgkDdiDescribeAllocation),
    WS_DDI(DxgkDdiGetStandardAllocationDriverData),
    WS_DDI(DxgkDdiPatch),
    WS_DDI(DxgkDdiSubmitCommand),
    WS_DDI(DxgkDdiBuildPagingBuffer),
    WS_DDI(DxgkDdiResetFromTimeout),
    WS_DDI(DxgkDdiRestartFromTimeout),
    WS_DDI(DxgkDdiEscape),
    WS_DDI(DxgkDdiCollectDbgInfo),
    WS_DDI(DxgkDdiQueryCurrentFence),
    WS_DDI(DxgkDdiIsSupportedVidPn),
    WS_DDI(DxgkDdiRecommendFunctionalVidPn),
    WS_DDI(DxgkDdiEnumVidPnCofuncModality),
    WS_DDI(DxgkDdiSetVidPnSourceAddress),
    WS_DDI(DxgkDdiSetVidPnSourceVisibility),
    WS_DDI(DxgkDdiCommitVidPn),
    WS_DDI(DxgkDdiControlInterrupt),
    WS_DDI(DxgkDdiDestroyDevice),
    WS_DDI(DxgkDdiOpenAllocation),
    WS_DDI(DxgkDdiCloseAllocation),
    WS_DDI(DxgkDdiRender),
    WS_DDI(DxgkDdiPresent),
    WS_DDI(DxgkDdiCreateContext),
    WS_DDI(DxgkDdiDestroyContext),
    WS_DDI_SINCE(DxgkDdiStopDeviceAndReleasePostDisplayOwnership, DXGKDDI_INTERFACE_VERSION_WIN8),
    WS_DDI_SINCE(DxgkDdiSystemDisplayEnable, DXGKDDI_INTERFACE_VERSION_WIN8),
    WS_DDI_SINCE(DxgkDdiSystemDisplayWrite, DXGKDDI_INTERFACE_VERSION_WIN8),
};
const size_t ws_required_ddi_count = G_N_ELEMENTS(ws_required_ddis);

static bool has_required(const DRIVER_INITIALIZATION_DATA *data)
{
    for (size_t i = 0; i < ws_required_ddi_count; i++) {
        void *slot;
        if (data->Version < ws_required_ddis[i].since) {
            continue;
        }
        memcpy(&slot, (const uint8_t *)data + ws_required_ddis[i].offset, sizeof(slot));
        if (!slot) {
            g_test_message("winsim: DxgkInitialize refuses a driver without %s",
                           ws_required_ddis[i].name);
            return false;
        }
    }
    return true;
}

NTSTATUS WDDM_API DxgkInitialize(PDRIVER_OBJECT driver, PUNICODE_STRING path,
                                 PDRIVER_INITIALIZATION_DATA data)
{
    WsSim *sim = ws_sim_current();
    if (!driver || !path || !data || sim->initialized) {
        return STATUS_INVALID_PARAMETER;
    }
    if (data->Version < DXGKDDI_INTERFACE_VERSION_WIN7 || !has_required(data)) {
        return STATUS_INVALID_PARAMETER; /* dxgkrnl refuses the miniport */
    }
    sim->init = *data;
    sim->initialized = true;
    return STATUS_SUCCESS;
}

/* ---- resources ------------------------------------------------------------ */

/* What the PnP manager assigned: every memory BAR of the device, in BAR
 * order, then the interrupt. */
static CM_RESOURCE_LIST *build_resources(WsTransport *t)
{
    unsigned count = 1;
    for (unsigned b = 0; b < WS_MAX_BARS; b++) {
        count += t->bar[b].size != 0;
    }
    CM_RESOURCE_LIST *list = g_malloc0(sizeof(*list) +
                                       (count - 1) * sizeof(CM_PARTIAL_RESOURCE_DESCRIPTOR));
    list->Count = 1;
    list->List[0].InterfaceType = PCIBus;
    CM_PARTIAL_RESOURCE_LIST *p = &list->List[0].PartialResourceList;
    CM_PARTIAL_RESOURCE_DESCRIPTOR *d = p->PartialDescriptors;
    p->Version = 1;
    p->Revision = 1;
    p->Count = count;
    for (unsigned b = 0; b < WS_MAX_BARS; b++) {
        if (t->bar[b].size) {
            d->Type = CmResourceTypeMemory;
            d->u.Memory.Start.QuadPart = (LONGLONG)t->bar[b].addr;
            d->u.Memory.Length = (ULONG)t->bar[b].size;
            d++;
        }
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
    if (!sim->t) {
        /* Host input (a test's or the demo's argument), not a driver bug. */
        g_printerr("winsim: %s\n", err->message);
        exit(2);
    }
    current = sim;
    ws_guestmem_init(&sim->mem, sim->t);
    sim->mappings = g_ptr_array_new();
    sim->dump_files = g_ptr_array_new_with_free_func(g_free);
    sim->tdr_reports = g_array_new(FALSE, TRUE, sizeof(WsTdrReport));
    sim->resources = build_resources(sim->t);
    sim->query_after_ns = 1000000; /* 1 ms of device time without progress */
    sim->tdr_delay_ns = 2000000000ull;
    sim->tdr_level = WS_TDR_LEVEL_RECOVER;
    sim->dma_queue_entries = 64;
    sim->tdr_limit_count = 5;        /* TdrLimitCount default */
    sim->tdr_limit_time_ns = 60000000000ull; /* TdrLimitTime default: 60 s */
    sim->tdr_times = g_array_new(FALSE, FALSE, sizeof(uint64_t));
    for (unsigned n = 0; n < WS_MAX_NODES; n++) {
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
    ws_fill_interface(sim);
    DXGK_START_INFO start = { .RequiredDmaQueueEntry = sim->dma_queue_entries };
    ULONG sources = 99, children = 99;
    st = sim->init.DxgkDdiStartDevice(sim->adapter, &start, &sim->dxgk, &sources, &children);
    if (!NT_SUCCESS(st)) {
        /* dxgkrnl removes a device whose start failed */
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiRemoveDevice(sim->adapter), ==, 0);
        sim->adapter = NULL;
        return st;
    }
    if (sources > 1 || children > 1 || sources != children) {
        ws_bugcheck(VIDEO_TDR_ERROR, sources, children, 0, 0,
                    "winsim models one source and one child (or none)");
    }
    sim->display.sources = sources;
    sim->display.children = children;
    if (!ws_report_read_adapter(sim) || !ws_vidmm_init(sim)) {
        /* dxgkrnl cannot use what the driver reported: the start fails */
        g_printerr("winsim: adapter refused: %s\n", sim->refused);
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiStopDevice(sim->adapter), ==, 0);
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiRemoveDevice(sim->adapter), ==, 0);
        sim->adapter = NULL;
        ws_vidmm_release_memory(sim);
        return STATUS_UNSUCCESSFUL;
    }
    return STATUS_SUCCESS;
}

void ws_adapter_remove(WsSim *sim)
{
    ws_display_stop(sim);
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
    g_array_free(sim->tdr_reports, TRUE);
    g_hash_table_destroy(sim->errored);
    g_array_free(sim->tdr_times, TRUE);
    g_free(sim->refused);
    for (unsigned n = 0; n < WS_MAX_NODES; n++) {
        g_array_free(sim->node[n].pending, TRUE);
        g_array_free(sim->node[n].remap, TRUE);
    }
    g_free(sim->resources);
    ws_guestmem_fini(&sim->mem);
    ws_transport_close(sim->t);
    current = NULL;
    g_free(sim);
}

