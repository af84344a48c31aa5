/* SPDX-License-Identifier: MIT */
/*
 * Sable: the adapter-level DDIs every WDDM display miniport provides besides
 * rendering and display (dispmprt.h): power (DxgkDdiSetPowerState), ACPI
 * events, I/O requests (DxgkDdiDispatchIoRequest), interfaces, reset at any
 * IRQL, the system (bugcheck) display and the hand-over of the display to
 * the basic display driver. Written from Microsoft's reference pages for
 * each DXGKDDI_* function and for VIDEO_REQUEST_PACKET, STATUS_BLOCK,
 * QUERY_INTERFACE, DEVICE_POWER_STATE, POWER_ACTION and
 * DXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS.
 */
#ifndef SABLE_WDDM_SYSTEM_H
#define SABLE_WDDM_SYSTEM_H

#include "wddm_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* DeviceUid of the adapter itself in DxgkDdiSetPowerState (dispmprt.h). */
#define DISPLAY_ADAPTER_HW_ID 0xFFFFFFFFu

typedef enum _DEVICE_POWER_STATE {
    PowerDeviceUnspecified = 0,
    PowerDeviceD0,
    PowerDeviceD1,
    PowerDeviceD2,
    PowerDeviceD3,
    PowerDeviceMaximum
} DEVICE_POWER_STATE;

typedef enum _POWER_ACTION {
    PowerActionNone = 0,
    PowerActionReserved,
    PowerActionSleep,
    PowerActionHibernate,
    PowerActionShutdown,
    PowerActionShutdownReset,
    PowerActionShutdownOff,
    PowerActionWarmEject,
    PowerActionDisplayOff
} POWER_ACTION;

/* DXGK_EVENT_TYPE: only carried (Sable has no ACPI methods).
 * UNCERTAIN: the enumerator values; Sable reads none of them. */
typedef INT DXGK_EVENT_TYPE;

/* video.h */
typedef struct _STATUS_BLOCK {
    union {
        NTSTATUS Status;
        PVOID Pointer;
    };
    ULONG_PTR Information;
} STATUS_BLOCK, *PSTATUS_BLOCK;

typedef struct _VIDEO_REQUEST_PACKET {
    ULONG IoControlCode;
    PSTATUS_BLOCK StatusBlock;
    PVOID InputBuffer;
    ULONG InputBufferLength;
    PVOID OutputBuffer;
    ULONG OutputBufferLength;
} VIDEO_REQUEST_PACKET, *PVIDEO_REQUEST_PACKET;

typedef struct _QUERY_INTERFACE {
    const GUID *InterfaceType;
    USHORT Size;
    USHORT Version;
    PVOID Interface;               /* PINTERFACE */
    PVOID InterfaceSpecificData;
} QUERY_INTERFACE, *PQUERY_INTERFACE;

typedef struct _DXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS {
    union {
        struct {
            UINT Reset : 1;
            UINT Reserved : 31;
        };
        UINT Value;
    };
} DXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS, *PDXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS;

struct _DXGK_DISPLAY_INFORMATION; /* wddm_init.h */

typedef VOID (WDDM_API *PDXGKDDI_RESET_DEVICE)(const PVOID MiniportDeviceContext);
typedef NTSTATUS (WDDM_API *PDXGKDDI_DISPATCH_IO_REQUEST)(
    const PVOID MiniportDeviceContext, ULONG VidPnSourceId,
    PVIDEO_REQUEST_PACKET VideoRequestPacket);
typedef NTSTATUS (WDDM_API *PDXGKDDI_SET_POWER_STATE)(
    const PVOID MiniportDeviceContext, ULONG DeviceUid,
    DEVICE_POWER_STATE DevicePowerState, POWER_ACTION ActionType);
typedef NTSTATUS (WDDM_API *PDXGKDDI_NOTIFY_ACPI_EVENT)(
    const PVOID MiniportDeviceContext, DXGK_EVENT_TYPE EventType, ULONG Event,
    PVOID Argument, PULONG AcpiFlags);
typedef NTSTATUS (WDDM_API *PDXGKDDI_QUERY_INTERFACE)(
    const PVOID MiniportDeviceContext, PQUERY_INTERFACE QueryInterface);
typedef NTSTATUS (WDDM_API *PDXGKDDI_SYSTEM_DISPLAY_ENABLE)(
    const PVOID MiniportDeviceContext, const D3DDDI_VIDEO_PRESENT_TARGET_ID TargetId,
    PDXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS Flags, UINT *Width, UINT *Height,
    D3DDDIFORMAT *ColorFormat);
typedef VOID (WDDM_API *PDXGKDDI_SYSTEM_DISPLAY_WRITE)(
    const PVOID MiniportDeviceContext, const PVOID Source, const UINT SourceWidth,
    const UINT SourceHeight, const UINT SourceStride, const UINT PositionX,
    const UINT PositionY);
typedef NTSTATUS (WDDM_API *PDXGKDDI_STOP_DEVICE_AND_RELEASE_POST_DISPLAY_OWNERSHIP)(
    const PVOID MiniportDeviceContext, const D3DDDI_VIDEO_PRESENT_TARGET_ID TargetId,
    struct _DXGK_DISPLAY_INFORMATION *DisplayInfo);

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_SYSTEM_H */
