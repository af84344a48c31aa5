/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "ddi.h"
#include "alloc.h"
#include "caps.h"
#include "device.h"
#include "display.h"
#include "dump.h"
#include "escape.h"
#include "interrupt.h"
#include "paging.h"
#include "present.h"
#include "render.h"
#include "submit.h"
#include "swizzle.h"
#include "tdr.h"
#include "vidpn.h"

static NTSTATUS WDDM_API ddi_add_device(const PDEVICE_OBJECT pdo, PVOID *ctx)
{
    if (!pdo || !ctx) {
        return STATUS_INVALID_PARAMETER;
    }
    *ctx = kmd_adapter_new(pdo);
    return *ctx ? STATUS_SUCCESS : STATUS_NO_MEMORY;
}

static NTSTATUS WDDM_API ddi_start_device(const PVOID ctx, PDXGK_START_INFO start,
                                          PDXGKRNL_INTERFACE dxgk, PULONG sources,
                                          PULONG children)
{
    if (!start || !dxgk || !sources || !children) {
        return STATUS_INVALID_PARAMETER;
    }
    NTSTATUS st = kmd_adapter_start(ctx, dxgk, start->RequiredDmaQueueEntry);
    if (NT_SUCCESS(st)) {
        *sources = kmd_vidpn_sources(ctx);
        *children = kmd_display_children(ctx);
    }
    return st;
}

static NTSTATUS WDDM_API ddi_stop_device(const PVOID ctx)
{
    kmd_adapter_stop(ctx);
    return STATUS_SUCCESS;
}

static NTSTATUS WDDM_API ddi_remove_device(const PVOID ctx)
{
    kmd_adapter_stop(ctx);
    kmd_adapter_free(ctx);
    return STATUS_SUCCESS;
}

static BOOLEAN WDDM_API ddi_interrupt_routine(const PVOID ctx, ULONG message)
{
    return kmd_isr(ctx, message);
}

static VOID WDDM_API ddi_dpc_routine(const PVOID ctx)
{
    kmd_dpc(ctx);
}

static VOID WDDM_API ddi_unload(VOID)
{
}

static NTSTATUS WDDM_API ddi_query_adapter_info(const HANDLE adapter,
                                                const DXGKARG_QUERYADAPTERINFO *q)
{
    return q ? kmd_query_adapter_info(adapter, q) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_create_device(const HANDLE adapter, DXGKARG_CREATEDEVICE *args)
{
    return args ? kmd_device_create(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_destroy_device(const HANDLE device)
{
    return kmd_device_destroy(device);
}

static NTSTATUS WDDM_API ddi_create_context(const HANDLE device, DXGKARG_CREATECONTEXT *args)
{
    return args ? kmd_context_create(device, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_destroy_context(const HANDLE context)
{
    return kmd_context_destroy(context);
}

static NTSTATUS WDDM_API ddi_submit_command(const HANDLE adapter,
                                            const DXGKARG_SUBMITCOMMAND *args)
{
    return args ? kmd_submit_command(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_query_current_fence(const HANDLE adapter,
                                                 DXGKARG_QUERYCURRENTFENCE *args)
{
    return args ? kmd_query_current_fence(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_build_paging_buffer(const HANDLE adapter,
                                                 DXGKARG_BUILDPAGINGBUFFER *args)
{
    return args ? kmd_build_paging_buffer(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_create_allocation(const HANDLE adapter,
                                               DXGKARG_CREATEALLOCATION *args)
{
    return args ? kmd_create_allocation(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_destroy_allocation(const HANDLE adapter,
                                                const DXGKARG_DESTROYALLOCATION *args)
{
    return args ? kmd_destroy_allocation(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_describe_allocation(const HANDLE adapter,
                                                 DXGKARG_DESCRIBEALLOCATION *args)
{
    return args ? kmd_describe_allocation(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_query_child_relations(const PVOID ctx, PDXGK_CHILD_DESCRIPTOR rel,
                                                   ULONG size)
{
    return kmd_query_child_relations(ctx, rel, size);
}

static NTSTATUS WDDM_API ddi_query_child_status(const PVOID ctx, PDXGK_CHILD_STATUS status,
                                                BOOLEAN non_destructive)
{
    (void)non_destructive; /* polling the virtual monitor never disturbs it */
    return kmd_query_child_status(ctx, status);
}

static NTSTATUS WDDM_API ddi_query_device_descriptor(const PVOID ctx, ULONG uid,
                                                     PDXGK_DEVICE_DESCRIPTOR desc)
{
    return kmd_query_device_descriptor(ctx, uid, desc);
}

static NTSTATUS WDDM_API ddi_is_supported_vidpn(const HANDLE adapter,
                                                DXGKARG_ISSUPPORTEDVIDPN *args)
{
    return args ? kmd_is_supported_vidpn(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_recommend_functional_vidpn(
    const HANDLE adapter, const DXGKARG_RECOMMENDFUNCTIONALVIDPN *args)
{
    return args ? kmd_recommend_functional_vidpn(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_enum_cofunc_modality(const HANDLE adapter,
                                                  const DXGKARG_ENUMVIDPNCOFUNCMODALITY *args)
{
    return args ? kmd_enum_cofunc_modality(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_commit_vidpn(const HANDLE adapter, const DXGKARG_COMMITVIDPN *args)
{
    return args ? kmd_commit_vidpn(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_set_source_address(const HANDLE adapter,
                                                const DXGKARG_SETVIDPNSOURCEADDRESS *args)
{
    return args ? kmd_set_source_address(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_set_source_visibility(
    const HANDLE adapter, const DXGKARG_SETVIDPNSOURCEVISIBILITY *args)
{
    return args ? kmd_set_source_visibility(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_control_interrupt(const HANDLE adapter,
                                               const DXGK_INTERRUPT_TYPE type, BOOLEAN enable)
{
    return kmd_control_interrupt(adapter, type, enable);
}

static NTSTATUS WDDM_API ddi_present(const HANDLE context, DXGKARG_PRESENT *args)
{
    return args ? kmd_present(context, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_render(const HANDLE context, DXGKARG_RENDER *args)
{
    return args ? kmd_render(context, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_patch(const HANDLE adapter, const DXGKARG_PATCH *args)
{
    return args ? kmd_patch(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_query_dependent_engine_group(
    const HANDLE adapter, DXGKARG_QUERYDEPENDENTENGINEGROUP *args)
{
    return args ? kmd_query_dependent_engine_group(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_query_engine_status(const HANDLE adapter,
                                                 DXGKARG_QUERYENGINESTATUS *args)
{
    return args ? kmd_query_engine_status(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_reset_engine(const HANDLE adapter, DXGKARG_RESETENGINE *args)
{
    return args ? kmd_reset_engine(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_reset_from_timeout(const HANDLE adapter)
{
    return kmd_reset_from_timeout(adapter);
}

static NTSTATUS WDDM_API ddi_restart_from_timeout(const HANDLE adapter)
{
    return kmd_restart_from_timeout(adapter);
}

static NTSTATUS WDDM_API ddi_collect_dbg_info(const HANDLE adapter,
                                              const DXGKARG_COLLECTDBGINFO *args)
{
    return args ? kmd_collect_dbg_info(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_collect_dbg_info2(const HANDLE adapter,
                                               const DXGKARG_COLLECTDBGINFO2 *args)
{
    return args ? kmd_collect_dbg_info2(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_escape(const HANDLE adapter, const DXGKARG_ESCAPE *args)
{
    return args ? kmd_escape(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_get_standard_allocation_driver_data(
    const HANDLE adapter, DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA *args)
{
    return args ? kmd_standard_allocation(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_open_allocation(const HANDLE device,
                                             const DXGKARG_OPENALLOCATION *args)
{
    return args ? kmd_open_allocation(device, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_close_allocation(const HANDLE device,
                                              const DXGKARG_CLOSEALLOCATION *args)
{
    return args ? kmd_close_allocation(device, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_acquire_swizzling_range(const HANDLE adapter,
                                                     DXGKARG_ACQUIRESWIZZLINGRANGE *args)
{
    return args ? kmd_acquire_swizzling_range(adapter, args) : STATUS_INVALID_PARAMETER;
}

static NTSTATUS WDDM_API ddi_release_swizzling_range(const HANDLE adapter,
                                                     const DXGKARG_RELEASESWIZZLINGRANGE *args)
{
    return args ? kmd_release_swizzling_range(adapter, args) : STATUS_INVALID_PARAMETER;
}

NTSTATUS kmd_driver_entry(PDRIVER_OBJECT driver, PUNICODE_STRING registry_path)
{
    DRIVER_INITIALIZATION_DATA init;
    memset(&init, 0, sizeof(init));
    init.Version = DXGKDDI_INTERFACE_VERSION_WDDM3_2;
    init.DxgkDdiAddDevice = ddi_add_device;
    init.DxgkDdiStartDevice = ddi_start_device;
    init.DxgkDdiStopDevice = ddi_stop_device;
    init.DxgkDdiRemoveDevice = ddi_remove_device;
    init.DxgkDdiInterruptRoutine = ddi_interrupt_routine;
    init.DxgkDdiDpcRoutine = ddi_dpc_routine;
    init.DxgkDdiUnload = ddi_unload;
    init.DxgkDdiQueryAdapterInfo = ddi_query_adapter_info;
    init.DxgkDdiCreateDevice = ddi_create_device;
    init.DxgkDdiDestroyDevice = ddi_destroy_device;
    init.DxgkDdiCreateContext = ddi_create_context;
    init.DxgkDdiDestroyContext = ddi_destroy_context;
    init.DxgkDdiSubmitCommand = ddi_submit_command;
    init.DxgkDdiQueryCurrentFence = ddi_query_current_fence;
    init.DxgkDdiBuildPagingBuffer = ddi_build_paging_buffer;
    init.DxgkDdiCreateAllocation = ddi_create_allocation;
    init.DxgkDdiDestroyAllocation = ddi_destroy_allocation;
    init.DxgkDdiDescribeAllocation = ddi_describe_allocation;
    init.DxgkDdiGetStandardAllocationDriverData = ddi_get_standard_allocation_driver_data;
    init.DxgkDdiOpenAllocation = ddi_open_allocation;
    init.DxgkDdiCloseAllocation = ddi_close_allocation;
    init.DxgkDdiRender = ddi_render;
    init.DxgkDdiPresent = ddi_present;
    init.DxgkDdiQueryChildRelations = ddi_query_child_relations;
    init.DxgkDdiQueryChildStatus = ddi_query_child_status;
    init.DxgkDdiQueryDeviceDescriptor = ddi_query_device_descriptor;
    init.DxgkDdiIsSupportedVidPn = ddi_is_supported_vidpn;
    init.DxgkDdiRecommendFunctionalVidPn = ddi_recommend_functional_vidpn;
    init.DxgkDdiEnumVidPnCofuncModality = ddi_enum_cofunc_modality;
    init.DxgkDdiCommitVidPn = ddi_commit_vidpn;
    init.DxgkDdiSetVidPnSourceAddress = ddi_set_source_address;
    init.DxgkDdiSetVidPnSourceVisibility = ddi_set_source_visibility;
    init.DxgkDdiControlInterrupt = ddi_control_interrupt;
    init.DxgkDdiPatch = ddi_patch;
    init.DxgkDdiQueryDependentEngineGroup = ddi_query_dependent_engine_group;
    init.DxgkDdiQueryEngineStatus = ddi_query_engine_status;
    init.DxgkDdiResetEngine = ddi_reset_engine;
    init.DxgkDdiResetFromTimeout = ddi_reset_from_timeout;
    init.DxgkDdiRestartFromTimeout = ddi_restart_from_timeout;
    init.DxgkDdiCollectDbgInfo = ddi_collect_dbg_info;
    init.DxgkDdiCollectDbgInfo2 = ddi_collect_dbg_info2;
    init.DxgkDdiEscape = ddi_escape;
    init.DxgkDdiAcquireSwizzlingRange = ddi_acquire_swizzling_range;
    init.DxgkDdiReleaseSwizzlingRange = ddi_release_swizzling_range;
    kmd_ddi_system_fill(&init);
    return DxgkInitialize(driver, registry_path, &init);
}
