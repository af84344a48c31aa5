/* SPDX-License-Identifier: MIT */
/*
 * Power, reset and the adapter-level requests (ddi-system.c wraps them):
 * SetPowerState of the adapter (DISPLAY_ADAPTER_HW_ID) resets the device
 * on the way to D1..D3 and reprograms it on the way back to D0, as after a
 * TDR; of the monitor (KMD_CHILD_UID) it turns the scanout off and on.
 * ResetDevice may run at any IRQL (also during a bugcheck): registers only,
 * no lock, no allocation. Sable has no ACPI methods, no I/O controls and
 * no interfaces to hand out: those requests are answered as documented for
 * a driver that supports none.
 */
#ifndef KMD_POWER_H
#define KMD_POWER_H

#include "adapter.h"

NTSTATUS kmd_set_power_state(KmdAdapter *a, ULONG uid, DEVICE_POWER_STATE state);
void kmd_reset_device(KmdAdapter *a);
NTSTATUS kmd_notify_acpi_event(KmdAdapter *a, PULONG acpi_flags);
NTSTATUS kmd_dispatch_io_request(KmdAdapter *a, ULONG source, VIDEO_REQUEST_PACKET *vrp);
NTSTATUS kmd_query_interface(KmdAdapter *a, QUERY_INTERFACE *qi);

#endif
