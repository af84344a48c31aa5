/* SPDX-License-Identifier: MIT */
/*
 * How sable.sys attaches to dxgkrnl on Windows: DriverEntry, and our own
 * DxgkInitialize. dxgkrnl.sys exports no DxgkInitialize; the WDK supplies it
 * in a static library. The mechanism (facts and what is UNCERTAIN:
 * docs/windows.md, "DxgkInitialize"):
 *   1. load dxgkrnl through its service key (ZwLoadDriver; "already loaded"
 *      is success),
 *   2. open \Device\DxgKrnl (IoGetDeviceObjectPointer),
 *   3. send it the internal device control IOCTL_VIDEO_DDI_FUNC_REGISTER,
 *      whose output buffer receives dxgkrnl's initialization function,
 *   4. call that function with DriverEntry's arguments and the
 *      DRIVER_INITIALIZATION_DATA.
 */
#include "ddi.h"
#include "nt-kernel.h"

/* ntddvdeo.h: CTL_CODE(FILE_DEVICE_VIDEO 0x23, 0xF, METHOD_NEITHER 3,
 * FILE_ANY_ACCESS 0) = (0x23 << 16) | (0 << 14) | (0xF << 2) | 3.
 * UNCERTAIN: the function number 0xF (docs/windows.md). */
#define IOCTL_VIDEO_DDI_FUNC_REGISTER 0x0023003Fu

typedef NTSTATUS (*DxgkInitializeFn)(PDRIVER_OBJECT, PUNICODE_STRING,
                                     PDRIVER_INITIALIZATION_DATA);

static const WCHAR dxgkrnl_service[] =
    u"\\Registry\\Machine\\System\\CurrentControlSet\\Services\\DXGKrnl";
static const WCHAR dxgkrnl_device[] = u"\\Device\\DxgKrnl";

/* Ask the opened dxgkrnl device for its initialization function. */
static NTSTATUS query_initialize(PDEVICE_OBJECT dev, DxgkInitializeFn *fn)
{
    KEVENT done;
    IO_STATUS_BLOCK iosb = { .Information = 0 };
    KeInitializeEvent(&done, NT_NOTIFICATION_EVENT, FALSE);
    PIRP irp = IoBuildDeviceIoControlRequest(IOCTL_VIDEO_DDI_FUNC_REGISTER, dev, NULL, 0, fn,
                                             sizeof(*fn), TRUE, &done, &iosb);
    if (!irp) {
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    NTSTATUS st = IofCallDriver(dev, irp);
    if (st == STATUS_PENDING) {
        KeWaitForSingleObject(&done, NT_EXECUTIVE, NT_KERNEL_MODE, FALSE, NULL);
        st = iosb.Status;
    }
    return NT_SUCCESS(st) && !*fn ? STATUS_UNSUCCESSFUL : st;
}

NTSTATUS DxgkInitialize(PDRIVER_OBJECT driver, PUNICODE_STRING registry_path,
                        PDRIVER_INITIALIZATION_DATA init)
{
    UNICODE_STRING name;
    RtlInitUnicodeString(&name, dxgkrnl_service);
    NTSTATUS st = ZwLoadDriver(&name);
    if (!NT_SUCCESS(st) && st != STATUS_IMAGE_ALREADY_LOADED) {
        return st;
    }
    PFILE_OBJECT file = NULL;
    PDEVICE_OBJECT dev = NULL;
    RtlInitUnicodeString(&name, dxgkrnl_device);
    st = IoGetDeviceObjectPointer(&name, NT_FILE_ALL_ACCESS, &file, &dev);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    DxgkInitializeFn fn = NULL;
    st = query_initialize(dev, &fn);
    ObfDereferenceObject(file);
    return NT_SUCCESS(st) ? fn(driver, registry_path, init) : st;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT driver, PUNICODE_STRING registry_path);

NTSTATUS DriverEntry(PDRIVER_OBJECT driver, PUNICODE_STRING registry_path)
{
    return kmd_driver_entry(driver, registry_path);
}
