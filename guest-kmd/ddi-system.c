/* SPDX-License-Identifier: MIT */
/* The adapter-level DDIs (wddm_system.h): WDDM-signature wrappers over
 * power.c and sysdisplay.c, put into DRIVER_INITIALIZATION_DATA by
 * kmd_driver_entry(). */
#include "ddi.h"
#include "power.h"
#include "sysdisplay.h"

static VOID WDDM_API ddi_reset_device(const PVOID ctx)
{
    kmd_reset_device(ctx);
}

static NTSTATUS WDDM_API ddi_dispatch_io_request(const PVOID ctx, ULONG source,
                                                 PVIDEO_REQUEST_PACKET vrp)
{
    return kmd_dispatch_io_request(ctx, source, vrp);
}

static NTSTATUS WDDM_API ddi_set_power_state(const PVOID ctx, ULONG uid,
                                             DEVICE_POWER_STATE state, POWER_ACTION action)
{
    (void)action; /* the same device work for sleep, hibernate and shutdown */
    return kmd_set_power_state(ctx, uid, state);
}

static NTSTATUS WDDM_API ddi_notify_acpi_event(const PVOID ctx, DXGK_EVENT_TYPE type,
                                               ULONG event, PVOID arg, PULONG flags)
{
    return kmd_notify_acpi_event(ctx, flags);
}

static NTSTATUS WDDM_API ddi_query_interface(const PVOID ctx, PQUERY_INTERFACE qi)
{
    return kmd_query_interface(ctx, qi);
}

static NTSTATUS WDDM_API ddi_system_display_enable(
    const PVOID ctx, const D3DDDI_VIDEO_PRESENT_TARGET_ID target,
    PDXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS flags, UINT *width, UINT *height,
    D3DDDIFORMAT *format)
{
    (void)flags; /* Enable always starts from a cleared screen */
    return kmd_system_display_enable(ctx, target, width, height, format);
}

static VOID WDDM_API ddi_system_display_write(const PVOID ctx, const PVOID src,
                                              const UINT width, const UINT height,
                                              const UINT stride, const UINT x, const UINT y)
{
    kmd_system_display_write(ctx, src, width, height, stride, x, y);
}

static NTSTATUS WDDM_API ddi_stop_device_and_release_post_display_ownership(
    const PVOID ctx, const D3DDDI_VIDEO_PRESENT_TARGET_ID target,
    struct _DXGK_DISPLAY_INFORMATION *info)
{
    return kmd_stop_release_post_display(ctx, target, info);
}

void kmd_ddi_system_fill(DRIVER_INITIALIZATION_DATA *init)
{
    init->DxgkDdiResetDevice = ddi_reset_device;
    init->DxgkDdiDispatchIoRequest = ddi_dispatch_io_request;
    init->DxgkDdiSetPowerState = ddi_set_power_state;
    init->DxgkDdiNotifyAcpiEvent = ddi_notify_acpi_event;
    init->DxgkDdiQueryInterface = ddi_query_interface;
    init->DxgkDdiSystemDisplayEnable = ddi_system_display_enable;
    init->DxgkDdiSystemDisplayWrite = ddi_system_display_write;
    init->DxgkDdiStopDeviceAndReleasePostDisplayOwnership =
        ddi_stop_device_and_release_post_display_ownership;
}
