/* SPDX-License-Identifier: MIT */
/*
 * Sable: miniport initialization, DDI entry-point types and dxgkrnl callbacks
 * (dispmprt.h / d3dkmddi.h), written from Microsoft's public reference pages
 * for DRIVER_INITIALIZATION_DATA, DXGKRNL_INTERFACE, DXGK_DEVICE_INFO,
 * DXGK_START_INFO and the individual DXGKDDI_* / DXGKCB_* functions.
 */
#ifndef SABLE_WDDM_INIT_H
#define SABLE_WDDM_INIT_H

#include "wddm_types.h"
#include "wddm_caps.h"
#include "wddm_alloc.h"
#include "wddm_render.h"
#include "wddm_present.h"
#include "wddm_display.h"
#include "wddm_interrupt.h"
#include "wddm_tdr.h"
#include "wddm_swizzle.h"
#include "wddm_system.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- structures exchanged at start-up ---- */

typedef struct _DXGK_START_INFO {
    ULONG RequiredDmaQueueEntry;
    GUID AdapterGuid;
    LUID AdapterLuid; /* Windows 8 */
} DXGK_START_INFO, *PDXGK_START_INFO;

/* DOCKING_STATE: only carried; values not used by Sable. */
typedef INT DOCKING_STATE;

/* DXGK_DEVICE_INFO: members in documented order.  The reference page lists
 * names only; the types are those the member descriptions name (a handle, a
 * PDO pointer, a Unicode string, a CM_RESOURCE_LIST pointer, sizes and
 * physical addresses as LARGE_INTEGER/PHYSICAL_ADDRESS, a docking state). */
typedef struct _DXGK_DEVICE_INFO {
    PVOID MiniportDeviceContext;
    PDEVICE_OBJECT PhysicalDeviceObject;
    UNICODE_STRING DeviceRegistryPath;
    PCM_RESOURCE_LIST TranslatedResourceList;
    LARGE_INTEGER SystemMemorySize;
    PHYSICAL_ADDRESS HighestPhysicalAddress;
    PHYSICAL_ADDRESS AgpApertureBase;
    SIZE_T AgpApertureSize; /* SIZE_T in the DXGK_DEVICE_INFO page's syntax */
    DOCKING_STATE DockingState;
} DXGK_DEVICE_INFO, *PDXGK_DEVICE_INFO;

/* DXGK_DISPLAY_INFORMATION (DxgkCbAcquirePostDisplayOwnership). */
typedef struct _DXGK_DISPLAY_INFORMATION {
    UINT Width;
    UINT Height;
    UINT Pitch;
    D3DDDIFORMAT ColorFormat;
    PHYSICAL_ADDRESS PhysicAddress;
    D3DDDI_VIDEO_PRESENT_TARGET_ID TargetId;
    UINT AcpiId;
} DXGK_DISPLAY_INFORMATION, *PDXGK_DISPLAY_INFORMATION;

/* ---- dxgkrnl callbacks (DXGKCB_*) ---- */

typedef BOOLEAN (WDDM_API *PKSYNCHRONIZE_ROUTINE)(PVOID SynchronizeContext);

/* DataType of DxgkCbReadDeviceSpace / DxgkCbWriteDeviceSpace: PCI
 * configuration space is DXGK_WHICHSPACE_CONFIG, defined by dispmprt.h as
 * PCI_WHICHSPACE_CONFIG (wdm.h), which is 0. */
#define DXGK_WHICHSPACE_CONFIG 0x0u

typedef NTSTATUS (WDDM_API *DXGKCB_GET_DEVICE_INFORMATION)(
    HANDLE DeviceHandle, PDXGK_DEVICE_INFO DeviceInfo);
typedef NTSTATUS (WDDM_API *DXGKCB_MAP_MEMORY)(
    HANDLE DeviceHandle, PHYSICAL_ADDRESS TranslatedAddress, ULONG Length,
    BOOLEAN InIoSpace, BOOLEAN MapToUserMode, MEMORY_CACHING_TYPE CacheType,
    PVOID *VirtualAddress);
typedef NTSTATUS (WDDM_API *DXGKCB_UNMAP_MEMORY)(
    HANDLE DeviceHandle, PVOID VirtualAddress);
typedef BOOLEAN (WDDM_API *DXGKCB_QUEUE_DPC)(HANDLE DeviceHandle);
typedef NTSTATUS (WDDM_API *DXGKCB_READ_DEVICE_SPACE)(
    HANDLE DeviceHandle, ULONG DataType, PVOID Buffer, ULONG Offset,
    ULONG Length, PULONG BytesRead);
typedef NTSTATUS (WDDM_API *DXGKCB_WRITE_DEVICE_SPACE)(
    HANDLE DeviceHandle, ULONG DataType, PVOID Buffer, ULONG Offset,
    ULONG Length, PULONG BytesWritten);
typedef NTSTATUS (WDDM_API *DXGKCB_SYNCHRONIZE_EXECUTION)(
    HANDLE DeviceHandle, PKSYNCHRONIZE_ROUTINE SynchronizeRoutine,
    PVOID Context, ULONG MessageNumber, PBOOLEAN ReturnValue);
typedef VOID (WDDM_API *DXGKCB_NOTIFY_INTERRUPT)(
    HANDLE hAdapter, const DXGKARGCB_NOTIFY_INTERRUPT_DATA *pNotifyInterruptData);
typedef VOID (WDDM_API *DXGKCB_NOTIFY_DPC)(HANDLE hAdapter);
typedef NTSTATUS (WDDM_API *DXGKCB_ACQUIRE_POST_DISPLAY_OWNERSHIP)(
    HANDLE DeviceHandle, PDXGK_DISPLAY_INFORMATION DisplayInfo);

/* Callbacks Sable does not use are kept as opaque function pointers of the
 * same size, so the DXGKRNL_INTERFACE layout is right. */
typedef VOID (WDDM_API *DXGKCB_UNUSED)(VOID);

typedef struct _DXGKRNL_INTERFACE {
    ULONG Size;
    ULONG Version;
    HANDLE DeviceHandle;
    DXGKCB_UNUSED DxgkCbEvalAcpiMethod;
    DXGKCB_GET_DEVICE_INFORMATION DxgkCbGetDeviceInformation;
    DXGKCB_UNUSED DxgkCbIndicateChildStatus;
    DXGKCB_MAP_MEMORY DxgkCbMapMemory;
    DXGKCB_QUEUE_DPC DxgkCbQueueDpc;
    DXGKCB_UNUSED DxgkCbQueryServices;
    DXGKCB_READ_DEVICE_SPACE DxgkCbReadDeviceSpace;
    DXGKCB_SYNCHRONIZE_EXECUTION DxgkCbSynchronizeExecution;
    DXGKCB_UNMAP_MEMORY DxgkCbUnmapMemory;
    DXGKCB_WRITE_DEVICE_SPACE DxgkCbWriteDeviceSpace;
    DXGKCB_UNUSED DxgkCbIsDevicePresent;
    DXGKCB_UNUSED DxgkCbGetHandleData;
    DXGKCB_UNUSED DxgkCbGetHandleParent;
    DXGKCB_UNUSED DxgkCbEnumHandleChildren;
    DXGKCB_NOTIFY_INTERRUPT DxgkCbNotifyInterrupt;
    DXGKCB_NOTIFY_DPC DxgkCbNotifyDpc;
    DXGKCB_QUERYVIDPNINTERFACE DxgkCbQueryVidPnInterface;
    DXGKCB_UNUSED DxgkCbQueryMonitorInterface;
    DXGKCB_UNUSED DxgkCbGetCaptureAddress;
    DXGKCB_UNUSED DxgkCbLogEtwEvent;
    DXGKCB_UNUSED DxgkCbExcludeAdapterAccess;
    /* Windows 8 */
    DXGKCB_UNUSED DxgkCbCreateContextAllocation;
    DXGKCB_UNUSED DxgkCbDestroyContextAllocation;
    DXGKCB_UNUSED DxgkCbSetPowerComponentActive;
    DXGKCB_UNUSED DxgkCbSetPowerComponentIdle;
    DXGKCB_ACQUIRE_POST_DISPLAY_OWNERSHIP DxgkCbAcquirePostDisplayOwnership;
    DXGKCB_UNUSED DxgkCbPowerRuntimeControlRequest;
    DXGKCB_UNUSED DxgkCbSetPowerComponentLatency;
    DXGKCB_UNUSED DxgkCbSetPowerComponentResidency;
    DXGKCB_UNUSED DxgkCbCompleteFStateTransition;
    /* WDDM 1.3 */
    DXGKCB_UNUSED DxgkCbCompletePStateTransition;
    /* Later (WDDM 2.x) members exist in the documentation and are not
     * declared; a miniport must check Size/Version before using any. */
} DXGKRNL_INTERFACE, *PDXGKRNL_INTERFACE;

/* ---- DDI entry points implemented by the miniport (DXGKDDI_*) ---- */

typedef NTSTATUS (WDDM_API *PDXGKDDI_ADD_DEVICE)(
    const PDEVICE_OBJECT PhysicalDeviceObject, PVOID *MiniportDeviceContext);
typedef NTSTATUS (WDDM_API *PDXGKDDI_START_DEVICE)(
    const PVOID MiniportDeviceContext, PDXGK_START_INFO DxgkStartInfo,
    PDXGKRNL_INTERFACE DxgkInterface, PULONG NumberOfVideoPresentSources,
    PULONG NumberOfChildren);
typedef NTSTATUS (WDDM_API *PDXGKDDI_STOP_DEVICE)(const PVOID MiniportDeviceContext);
typedef NTSTATUS (WDDM_API *PDXGKDDI_REMOVE_DEVICE)(const PVOID MiniportDeviceContext);
typedef BOOLEAN (WDDM_API *PDXGKDDI_INTERRUPT_ROUTINE)(
    const PVOID MiniportDeviceContext, ULONG MessageNumber);
typedef VOID (WDDM_API *PDXGKDDI_DPC_ROUTINE)(const PVOID MiniportDeviceContext);
typedef VOID (WDDM_API *PDXGKDDI_UNLOAD)(VOID);

typedef NTSTATUS (WDDM_API *PDXGKDDI_QUERYADAPTERINFO)(
    const HANDLE hAdapter, const DXGKARG_QUERYADAPTERINFO *pQueryAdapterInfo);
typedef NTSTATUS (WDDM_API *PDXGKDDI_CREATEDEVICE)(
    const HANDLE hAdapter, DXGKARG_CREATEDEVICE *pCreateDevice);
typedef NTSTATUS (WDDM_API *PDXGKDDI_CREATEALLOCATION)(
    const HANDLE hAdapter, DXGKARG_CREATEALLOCATION *pCreateAllocation);
typedef NTSTATUS (WDDM_API *PDXGKDDI_DESTROYALLOCATION)(
    const HANDLE hAdapter, const DXGKARG_DESTROYALLOCATION *pDestroyAllocation);
typedef NTSTATUS (WDDM_API *PDXGKDDI_DESCRIBEALLOCATION)(
    const HANDLE hAdapter, DXGKARG_DESCRIBEALLOCATION *pDescribeAllocation);
typedef NTSTATUS (WDDM_API *PDXGKDDI_GETSTANDARDALLOCATIONDRIVERDATA)(
    const HANDLE hAdapter,
    DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA *pGetStandardAllocationDriverData);
typedef NTSTATUS (WDDM_API *PDXGKDDI_ACQUIRESWIZZLINGRANGE)(
    const HANDLE hAdapter, DXGKARG_ACQUIRESWIZZLINGRANGE *pAcquireSwizzlingRange);
typedef NTSTATUS (WDDM_API *PDXGKDDI_RELEASESWIZZLINGRANGE)(
    const HANDLE hAdapter,
    const DXGKARG_RELEASESWIZZLINGRANGE *pReleaseSwizzlingRange);
typedef NTSTATUS (WDDM_API *PDXGKDDI_PATCH)(
    const HANDLE hAdapter, const DXGKARG_PATCH *pPatch);
typedef NTSTATUS (WDDM_API *PDXGKDDI_SUBMITCOMMAND)(
    const HANDLE hAdapter, const DXGKARG_SUBMITCOMMAND *pSubmitCommand);
typedef NTSTATUS (WDDM_API *PDXGKDDI_PREEMPTCOMMAND)(
    const HANDLE hAdapter, const DXGKARG_PREEMPTCOMMAND *pPreemptCommand);
typedef NTSTATUS (WDDM_API *PDXGKDDI_BUILDPAGINGBUFFER)(
    const HANDLE hAdapter, DXGKARG_BUILDPAGINGBUFFER *pBuildPagingBuffer);
typedef NTSTATUS (WDDM_API *PDXGKDDI_RESETFROMTIMEOUT)(const HANDLE hAdapter);
typedef NTSTATUS (WDDM_API *PDXGKDDI_RESTARTFROMTIMEOUT)(const HANDLE hAdapter);
typedef NTSTATUS (WDDM_API *PDXGKDDI_ESCAPE)(
    const HANDLE hAdapter, const DXGKARG_ESCAPE *pEscape);
typedef NTSTATUS (WDDM_API *PDXGKDDI_COLLECTDBGINFO)(
    const HANDLE hAdapter, const DXGKARG_COLLECTDBGINFO *pCollectDbgInfo);
typedef NTSTATUS (WDDM_API *PDXGKDDI_COLLECTDBGINFO2)(
    const HANDLE hAdapter, const DXGKARG_COLLECTDBGINFO2 *pCollectDbgInfo);
typedef NTSTATUS (WDDM_API *PDXGKDDI_QUERYCURRENTFENCE)(
    const HANDLE hAdapter, DXGKARG_QUERYCURRENTFENCE *pCurrentFence);
typedef NTSTATUS (WDDM_API *PDXGKDDI_DESTROYDEVICE)(const HANDLE hDevice);
typedef NTSTATUS (WDDM_API *PDXGKDDI_OPENALLOCATIONINFO)(
    const HANDLE hDevice, const DXGKARG_OPENALLOCATION *pOpenAllocation);
typedef NTSTATUS (WDDM_API *PDXGKDDI_CLOSEALLOCATION)(
    const HANDLE hDevice, const DXGKARG_CLOSEALLOCATION *pCloseAllocation);
typedef NTSTATUS (WDDM_API *PDXGKDDI_PRESENT)(
    const HANDLE hContext, DXGKARG_PRESENT *pPresent);
typedef NTSTATUS (WDDM_API *PDXGKDDI_RENDER)(
    const HANDLE hContext, DXGKARG_RENDER *pRender);
typedef NTSTATUS (WDDM_API *PDXGKDDI_CREATECONTEXT)(
    const HANDLE hDevice, DXGKARG_CREATECONTEXT *pCreateContext);
typedef NTSTATUS (WDDM_API *PDXGKDDI_DESTROYCONTEXT)(const HANDLE hContext);
typedef NTSTATUS (WDDM_API *PDXGKDDI_QUERYDEPENDENTENGINEGROUP)(
    const HANDLE hAdapter, DXGKARG_QUERYDEPENDENTENGINEGROUP *pQueryDependentEngineGroup);
typedef NTSTATUS (WDDM_API *PDXGKDDI_QUERYENGINESTATUS)(
    const HANDLE hAdapter, DXGKARG_QUERYENGINESTATUS *pQueryEngineStatus);
typedef NTSTATUS (WDDM_API *PDXGKDDI_RESETENGINE)(
    const HANDLE hAdapter, DXGKARG_RESETENGINE *pResetEngine);

/* Entry points Sable does not declare a signature for (display, power,
 * VidPN, overlays, ...): same-size placeholders keep the layout. */
typedef VOID (WDDM_API *PDXGKDDI_UNDECLARED)(VOID);

/*
 * DRIVER_INITIALIZATION_DATA: members in the order of the documentation's
 * member list (the DRIVER_INITIALIZATION_DATA reference page, dispmprt.h),
 * through DxgkDdiCollectDbgInfo2, a WDDM 3.2 member ("Available starting
 * with Windows 11 version 24H2 (DXGKDDI_INTERFACE_VERSION >=
 * DXGKDDI_INTERFACE_VERSION_WDDM3_2)").  The two WDDM 3.2 members the page
 * lists after it (DxgkDdiNotifyContextPriorityChange,
 * DxgkDdiResetDisplayEngine) are not declared: a miniport's structure ends
 * at the last member it knows, and dxgkrnl reads members by Version.
 * Which members dxgkrnl reads depends on Version (DXGKDDI_INTERFACE_VERSION).
 * Slot offsets are asserted in tests/wddm/test_wddm_layout.c.
 */
typedef struct _DRIVER_INITIALIZATION_DATA {
    ULONG Version;
    PDXGKDDI_ADD_DEVICE DxgkDdiAddDevice;
    PDXGKDDI_START_DEVICE DxgkDdiStartDevice;
    PDXGKDDI_STOP_DEVICE DxgkDdiStopDevice;
    PDXGKDDI_REMOVE_DEVICE DxgkDdiRemoveDevice;
    PDXGKDDI_DISPATCH_IO_REQUEST DxgkDdiDispatchIoRequest;
    PDXGKDDI_INTERRUPT_ROUTINE DxgkDdiInterruptRoutine;
    PDXGKDDI_DPC_ROUTINE DxgkDdiDpcRoutine;
    PDXGKDDI_QUERY_CHILD_RELATIONS DxgkDdiQueryChildRelations;
    PDXGKDDI_QUERY_CHILD_STATUS DxgkDdiQueryChildStatus;
    PDXGKDDI_QUERY_DEVICE_DESCRIPTOR DxgkDdiQueryDeviceDescriptor;
    PDXGKDDI_SET_POWER_STATE DxgkDdiSetPowerState;
    PDXGKDDI_NOTIFY_ACPI_EVENT DxgkDdiNotifyAcpiEvent;
    PDXGKDDI_RESET_DEVICE DxgkDdiResetDevice;
    PDXGKDDI_UNLOAD DxgkDdiUnload;
    PDXGKDDI_QUERY_INTERFACE DxgkDdiQueryInterface;
    PDXGKDDI_UNDECLARED DxgkDdiControlEtwLogging;
    PDXGKDDI_QUERYADAPTERINFO DxgkDdiQueryAdapterInfo;
    PDXGKDDI_CREATEDEVICE DxgkDdiCreateDevice;
    PDXGKDDI_CREATEALLOCATION DxgkDdiCreateAllocation;
    PDXGKDDI_DESTROYALLOCATION DxgkDdiDestroyAllocation;
    PDXGKDDI_DESCRIBEALLOCATION DxgkDdiDescribeAllocation;
    PDXGKDDI_GETSTANDARDALLOCATIONDRIVERDATA DxgkDdiGetStandardAllocationDriverData;
    PDXGKDDI_ACQUIRESWIZZLINGRANGE DxgkDdiAcquireSwizzlingRange;
    PDXGKDDI_RELEASESWIZZLINGRANGE DxgkDdiReleaseSwizzlingRange;
    PDXGKDDI_PATCH DxgkDdiPatch;
    PDXGKDDI_SUBMITCOMMAND DxgkDdiSubmitCommand;
    PDXGKDDI_PREEMPTCOMMAND DxgkDdiPreemptCommand;
    PDXGKDDI_BUILDPAGINGBUFFER DxgkDdiBuildPagingBuffer;
    PDXGKDDI_UNDECLARED DxgkDdiSetPalette;
    PDXGKDDI_UNDECLARED DxgkDdiSetPointerPosition;
    PDXGKDDI_UNDECLARED DxgkDdiSetPointerShape;
    PDXGKDDI_RESETFROMTIMEOUT DxgkDdiResetFromTimeout;
    PDXGKDDI_RESTARTFROMTIMEOUT DxgkDdiRestartFromTimeout;
    PDXGKDDI_ESCAPE DxgkDdiEscape;
    PDXGKDDI_COLLECTDBGINFO DxgkDdiCollectDbgInfo;
    PDXGKDDI_QUERYCURRENTFENCE DxgkDdiQueryCurrentFence;
    PDXGKDDI_ISSUPPORTEDVIDPN DxgkDdiIsSupportedVidPn;
    PDXGKDDI_RECOMMENDFUNCTIONALVIDPN DxgkDdiRecommendFunctionalVidPn;
    PDXGKDDI_ENUMVIDPNCOFUNCMODALITY DxgkDdiEnumVidPnCofuncModality;
    PDXGKDDI_SETVIDPNSOURCEADDRESS DxgkDdiSetVidPnSourceAddress;
    PDXGKDDI_SETVIDPNSOURCEVISIBILITY DxgkDdiSetVidPnSourceVisibility;
    PDXGKDDI_COMMITVIDPN DxgkDdiCommitVidPn;
    PDXGKDDI_UNDECLARED DxgkDdiUpdateActiveVidPnPresentPath;
    PDXGKDDI_UNDECLARED DxgkDdiRecommendMonitorModes;
    PDXGKDDI_UNDECLARED DxgkDdiRecommendVidPnTopology;
    PDXGKDDI_UNDECLARED DxgkDdiGetScanLine;
    PDXGKDDI_UNDECLARED DxgkDdiStopCapture;
    PDXGKDDI_CONTROLINTERRUPT DxgkDdiControlInterrupt;
    PDXGKDDI_UNDECLARED DxgkDdiCreateOverlay;
    /* device-specific */
    PDXGKDDI_DESTROYDEVICE DxgkDdiDestroyDevice;
    PDXGKDDI_OPENALLOCATIONINFO DxgkDdiOpenAllocation;
    PDXGKDDI_CLOSEALLOCATION DxgkDdiCloseAllocation;
    PDXGKDDI_RENDER DxgkDdiRender;
    PDXGKDDI_PRESENT DxgkDdiPresent;
    /* overlay-specific */
    PDXGKDDI_UNDECLARED DxgkDdiUpdateOverlay;
    PDXGKDDI_UNDECLARED DxgkDdiFlipOverlay;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyOverlay;
    /* contexts */
    PDXGKDDI_CREATECONTEXT DxgkDdiCreateContext;
    PDXGKDDI_DESTROYCONTEXT DxgkDdiDestroyContext;
    PDXGKDDI_UNDECLARED DxgkDdiLinkDevice;
    PDXGKDDI_UNDECLARED DxgkDdiSetDisplayPrivateDriverFormat;
    /* Windows 7: reserved, must be zero */
    PDXGKDDI_UNDECLARED DxgkDdiDescribePageTable;
    PDXGKDDI_UNDECLARED DxgkDdiUpdatePageTable;
    PDXGKDDI_UNDECLARED DxgkDdiUpdatePageDirectory;
    PDXGKDDI_UNDECLARED DxgkDdiMovePageDirectory;
    PDXGKDDI_UNDECLARED DxgkDdiSubmitRender;
    PDXGKDDI_UNDECLARED DxgkDdiCreateAllocation2;
    /* Windows 7 */
    PDXGKDDI_UNDECLARED DxgkDdiRenderKm;
    VOID *Reserved;
    PDXGKDDI_UNDECLARED DxgkDdiQueryVidPnHWCapability;
    /* Windows 8 */
    PDXGKDDI_UNDECLARED DxgkDdiSetPowerComponentFState;
    PDXGKDDI_QUERYDEPENDENTENGINEGROUP DxgkDdiQueryDependentEngineGroup;
    PDXGKDDI_QUERYENGINESTATUS DxgkDdiQueryEngineStatus;
    PDXGKDDI_RESETENGINE DxgkDdiResetEngine;
    PDXGKDDI_STOP_DEVICE_AND_RELEASE_POST_DISPLAY_OWNERSHIP
        DxgkDdiStopDeviceAndReleasePostDisplayOwnership;
    PDXGKDDI_SYSTEM_DISPLAY_ENABLE DxgkDdiSystemDisplayEnable;
    PDXGKDDI_SYSTEM_DISPLAY_WRITE DxgkDdiSystemDisplayWrite;
    PDXGKDDI_UNDECLARED DxgkDdiCancelCommand;
    PDXGKDDI_UNDECLARED DxgkDdiGetChildContainerId;
    PDXGKDDI_UNDECLARED DxgkDdiPowerRuntimeControlRequest;
    PDXGKDDI_UNDECLARED DxgkDdiSetVidPnSourceAddressWithMultiPlaneOverlay;
    PDXGKDDI_UNDECLARED DxgkDdiNotifySurpriseRemoval;
    /* Windows 8.1 */
    PDXGKDDI_UNDECLARED DxgkDdiGetNodeMetadata;
    PDXGKDDI_UNDECLARED DxgkDdiSetPowerPState;
    PDXGKDDI_UNDECLARED DxgkDdiControlInterrupt2;
    PDXGKDDI_UNDECLARED DxgkDdiCheckMultiPlaneOverlaySupport;
    PDXGKDDI_UNDECLARED DxgkDdiCalibrateGpuClock;
    PDXGKDDI_UNDECLARED DxgkDdiFormatHistoryBuffer;
    /* Windows 10 (WDDM 2.0) */
    PDXGKDDI_UNDECLARED DxgkDdiRenderGdi;
    PDXGKDDI_UNDECLARED DxgkDdiSubmitCommandVirtual;
    PDXGKDDI_UNDECLARED DxgkDdiSetRootPageTable;
    PDXGKDDI_UNDECLARED DxgkDdiGetRootPageTableSize;
    PDXGKDDI_UNDECLARED DxgkDdiMapCpuHostAperture;
    PDXGKDDI_UNDECLARED DxgkDdiUnmapCpuHostAperture;
    PDXGKDDI_UNDECLARED DxgkDdiCheckMultiPlaneOverlaySupport2;
    PDXGKDDI_UNDECLARED DxgkDdiCreateProcess;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyProcess;
    PDXGKDDI_UNDECLARED DxgkDdiSetVidPnSourceAddressWithMultiPlaneOverlay2;
    VOID *Reserved1;
    VOID *Reserved2;
    PDXGKDDI_UNDECLARED DxgkDdiPowerRuntimeSetDeviceHandle;
    PDXGKDDI_UNDECLARED DxgkDdiSetStablePowerState;
    PDXGKDDI_UNDECLARED DxgkDdiSetVideoProtectedRegion;
    /* WDDM 2.1 */
    PDXGKDDI_UNDECLARED DxgkDdiCheckMultiPlaneOverlaySupport3;
    PDXGKDDI_UNDECLARED DxgkDdiSetVidPnSourceAddressWithMultiPlaneOverlay3;
    PDXGKDDI_UNDECLARED DxgkDdiPostMultiPlaneOverlayPresent;
    PDXGKDDI_UNDECLARED DxgkDdiValidateUpdateAllocationProperty;
    PDXGKDDI_UNDECLARED DxgkDdiControlModeBehavior;
    PDXGKDDI_UNDECLARED DxgkDdiUpdateMonitorLinkInfo;
    /* WDDM 2.2 */
    PDXGKDDI_UNDECLARED DxgkDdiCreateHwContext;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyHwContext;
    PDXGKDDI_UNDECLARED DxgkDdiCreateHwQueue;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyHwQueue;
    PDXGKDDI_UNDECLARED DxgkDdiSubmitCommandToHwQueue;
    PDXGKDDI_UNDECLARED DxgkDdiSwitchToHwContextList;
    PDXGKDDI_UNDECLARED DxgkDdiResetHwEngine;
    PDXGKDDI_UNDECLARED DxgkDdiCreatePeriodicFrameNotification;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyPeriodicFrameNotification;
    PDXGKDDI_UNDECLARED DxgkDdiSetTimingsFromVidPn;
    PDXGKDDI_UNDECLARED DxgkDdiSetTargetGamma;
    PDXGKDDI_UNDECLARED DxgkDdiSetTargetContentType;
    PDXGKDDI_UNDECLARED DxgkDdiSetTargetAnalogCopyProtection;
    PDXGKDDI_UNDECLARED DxgkDdiSetTargetAdjustedColorimetry;
    PDXGKDDI_UNDECLARED DxgkDdiDisplayDetectControl;
    PDXGKDDI_UNDECLARED DxgkDdiQueryConnectionChange;
    PDXGKDDI_UNDECLARED DxgkDdiExchangePreStartInfo;
    PDXGKDDI_UNDECLARED DxgkDdiGetMultiPlaneOverlayCaps;
    PDXGKDDI_UNDECLARED DxgkDdiGetPostCompositionCaps;
    /* WDDM 2.3 */
    PDXGKDDI_UNDECLARED DxgkDdiUpdateHwContextState;
    PDXGKDDI_UNDECLARED DxgkDdiCreateProtectedSession;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyProtectedSession;
    /* WDDM 2.4 */
    PDXGKDDI_UNDECLARED DxgkDdiSetSchedulingLogBuffer;
    PDXGKDDI_UNDECLARED DxgkDdiSetupPriorityBands;
    PDXGKDDI_UNDECLARED DxgkDdiNotifyFocusPresent;
    PDXGKDDI_UNDECLARED DxgkDdiSetContextSchedulingProperties;
    PDXGKDDI_UNDECLARED DxgkDdiSuspendContext;
    PDXGKDDI_UNDECLARED DxgkDdiResumeContext;
    PDXGKDDI_UNDECLARED DxgkDdiSetVirtualMachineData;
    PDXGKDDI_UNDECLARED DxgkDdiBeginExclusiveAccess;
    PDXGKDDI_UNDECLARED DxgkDdiEndExclusiveAccess;
    PDXGKDDI_UNDECLARED DxgkDdiQueryDiagnosticTypesSupport;
    PDXGKDDI_UNDECLARED DxgkDdiControlDiagnosticReporting;
    PDXGKDDI_UNDECLARED DxgkDdiResumeHwEngine;
    /* WDDM 2.5 */
    PDXGKDDI_UNDECLARED DxgkDdiSignalMonitoredFence;
    PDXGKDDI_UNDECLARED DxgkDdiPresentToHwQueue;
    PDXGKDDI_UNDECLARED DxgkDdiValidateSubmitCommand;
    PDXGKDDI_UNDECLARED DxgkDdiSetTargetAdjustedColorimetry2;
    PDXGKDDI_UNDECLARED DxgkDdiSetTrackedWorkloadPowerLevel;
    /* WDDM 2.6 */
    PDXGKDDI_UNDECLARED DxgkDdiSaveMemoryForHotUpdate;
    PDXGKDDI_UNDECLARED DxgkDdiRestoreMemoryForHotUpdate;
    PDXGKDDI_UNDECLARED DxgkDdiCollectDiagnosticInfo;
    VOID *Reserved3;
    /* WDDM 2.7 */
    PDXGKDDI_UNDECLARED DxgkDdiControlInterrupt3;
    /* WDDM 2.9 */
    PDXGKDDI_UNDECLARED DxgkDdiSetFlipQueueLogBuffer;
    PDXGKDDI_UNDECLARED DxgkDdiUpdateFlipQueueLog;
    PDXGKDDI_UNDECLARED DxgkDdiCancelQueuedFlips;
    PDXGKDDI_UNDECLARED DxgkDdiSetInterruptTargetPresentId;
    /* WDDM 3.0 */
    PDXGKDDI_UNDECLARED DxgkDdiSetAllocationBackingStore;
    PDXGKDDI_UNDECLARED DxgkDdiCreateCpuEvent;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyCpuEvent;
    PDXGKDDI_UNDECLARED DxgkDdiCancelFlips;
    /* WDDM 3.1 */
    PDXGKDDI_UNDECLARED DxgkDdiCreateNativeFence;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyNativeFence;
    PDXGKDDI_UNDECLARED DxgkDdiUpdateMonitoredValues;
    PDXGKDDI_UNDECLARED DxgkDdiUpdateCurrentValuesFromCpu;
    PDXGKDDI_UNDECLARED DxgkDdiCreateDoorbell;
    PDXGKDDI_UNDECLARED DxgkDdiConnectDoorbell;
    PDXGKDDI_UNDECLARED DxgkDdiDisconnectDoorbell;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyDoorbell;
    PDXGKDDI_UNDECLARED DxgkDdiNotifyWorkSubmission;
    VOID *Reserved4;
    /* WDDM 3.2 */
    PDXGKDDI_UNDECLARED DxgkDdiCreateMemoryBasis;
    PDXGKDDI_UNDECLARED DxgkDdiDestroyMemoryBasis;
    PDXGKDDI_UNDECLARED DxgkDdiStartDirtyTracking;
    PDXGKDDI_UNDECLARED DxgkDdiStopDirtyTracking;
    PDXGKDDI_UNDECLARED DxgkDdiQueryDirtyBitData;
    PDXGKDDI_UNDECLARED DxgkDdiPrepareLiveMigration;
    PDXGKDDI_UNDECLARED DxgkDdiSaveImmutableMigrationData;
    PDXGKDDI_UNDECLARED DxgkDdiSaveMutableMigrationData;
    PDXGKDDI_UNDECLARED DxgkDdiEndLiveMigration;
    PDXGKDDI_UNDECLARED DxgkDdiRestoreImmutableMigrationData;
    PDXGKDDI_UNDECLARED DxgkDdiRestoreMutableMigrationData;
    PDXGKDDI_UNDECLARED DxgkDdiWriteVirtualizedInterrupt;
    PDXGKDDI_UNDECLARED DxgkDdiSetVirtualGpuResources2;
    PDXGKDDI_UNDECLARED DxgkDdiSetVirtualFunctionPauseState;
    PDXGKDDI_UNDECLARED DxgkDdiOpenNativeFence;
    PDXGKDDI_UNDECLARED DxgkDdiCloseNativeFence;
    PDXGKDDI_UNDECLARED DxgkDdiSetNativeFenceLogBuffer;
    PDXGKDDI_UNDECLARED DxgkDdiUpdateNativeFenceLogs;
    PDXGKDDI_COLLECTDBGINFO2 DxgkDdiCollectDbgInfo2;
} DRIVER_INITIALIZATION_DATA, *PDRIVER_INITIALIZATION_DATA;

/* DRIVER_INITIALIZATION_DATA.Version values (d3dukmdt.h), as published in
 * Microsoft's Windows metadata (windows-docs-rs, Wdk::Graphics::Direct3D:
 * DXGKDDI_INTERFACE_VERSION_WIN7 = 8197, DXGKDDI_INTERFACE_VERSION_WIN8 =
 * 12302, DXGKDDI_INTERFACE_VERSION_WDDM3_1 = 65540).
 * DXGKDDI_INTERFACE_VERSION_WDDM3_2 is not in the metadata pages; 0x11007
 * is the value independent translations of the WDK 10.0.26100 d3dukmdt.h
 * agree on (a Pascal binding, driver projects' notes), consistent with the
 * known values (0x1000 per WDDM version: 3.1 = 0x10004).  The KMD claims
 * this version, so dxgkrnl lays out every argument for it. */
#define DXGKDDI_INTERFACE_VERSION_WIN7 0x2005u
#define DXGKDDI_INTERFACE_VERSION_WIN8 0x300Eu
#define DXGKDDI_INTERFACE_VERSION_WDDM3_1 0x10004u
#define DXGKDDI_INTERFACE_VERSION_WDDM3_2 0x11007u

/* DxgkInitialize (dispmprt.h): implemented by dxgkrnl (winsim on the host). */
NTSTATUS WDDM_API DxgkInitialize(PDRIVER_OBJECT DriverObject,
                                 PUNICODE_STRING RegistryPath,
                                 PDRIVER_INITIALIZATION_DATA DriverInitializationData);

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_INIT_H */
