/* SPDX-License-Identifier: MIT */
#include "power.h"
#include "display.h"
#include "regs.h"
#include "tdr.h"
#include "alloc.h"

static NTSTATUS set_adapter_power(KmdAdapter *a, DEVICE_POWER_STATE state)
{
    bool down = state != PowerDeviceD0;
    if (!a->started || down == a->powered_down) {
        a->powered_down = down;
        return STATUS_SUCCESS;
    }
    /* dxgkrnl has idled the adapter before a power-down: the device loses
     * its state like in an adapter reset, and gets it back like after one. */
    NTSTATUS st = down ? kmd_reset_from_timeout(a) : kmd_restart_from_timeout(a);
    if (NT_SUCCESS(st)) {
        a->powered_down = down;
    }
    return st;
}

static NTSTATUS set_monitor_power(KmdAdapter *a, DEVICE_POWER_STATE state)
{
    if (!a->started || a->powered_down) {
        return STATUS_INVALID_DEVICE_STATE;
    }
    if (state == PowerDeviceD0) {
        return kmd_display_program(a);
    }
    kmd_reg_write(a->regs, SABLE_REG_SCANOUT_CONTROL, 0);
    return STATUS_SUCCESS;
}

NTSTATUS kmd_set_power_state(KmdAdapter *a, ULONG uid, DEVICE_POWER_STATE state)
{
    if (state < PowerDeviceD0 || state > PowerDeviceD3) {
        return STATUS_INVALID_PARAMETER;
    }
    if (uid == DISPLAY_ADAPTER_HW_ID) {
        return set_adapter_power(a, state);
    }
    if (uid == KMD_CHILD_UID && kmd_display_children(a)) {
        return set_monitor_power(a, state);
    }
    return STATUS_INVALID_PARAMETER;
}

/* Any IRQL: stop the engines, the scanout and the interrupts so that the
 * firmware's display (or a crash dump writer) can take over. */
void kmd_reset_device(KmdAdapter *a)
{
    if (!a->regs) {
        return;
    }
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, 0);
    kmd_reg_write(a->regs, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, 0);
}

/* No ACPI methods: nothing for dxgkrnl to do after any event. */
NTSTATUS kmd_notify_acpi_event(KmdAdapter *a, PULONG acpi_flags)
{
    if (!acpi_flags) {
        return STATUS_INVALID_PARAMETER;
    }
    *acpi_flags = 0;
    return STATUS_SUCCESS;
}

/* No I/O control is supported: the request's status block says so. */
NTSTATUS kmd_dispatch_io_request(KmdAdapter *a, ULONG source, VIDEO_REQUEST_PACKET *vrp)
{
    if (!vrp || !vrp->StatusBlock || source >= kmd_vidpn_sources(a)) {
        return STATUS_INVALID_PARAMETER;
    }
    vrp->StatusBlock->Status = STATUS_NOT_SUPPORTED;
    vrp->StatusBlock->Information = 0;
    return STATUS_NOT_SUPPORTED;
}

NTSTATUS kmd_query_interface(KmdAdapter *a, QUERY_INTERFACE *qi)
{
    return qi && qi->InterfaceType ? STATUS_NOT_SUPPORTED : STATUS_INVALID_PARAMETER;
}
