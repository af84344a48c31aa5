/* SPDX-License-Identifier: MIT */
/*
 * The ntoskrnl.exe functions and structures the Windows build of the KMD
 * uses (os-windows.c, dxgk-windows.c), declared from Microsoft's reference
 * pages (wdm.h / ntddk.h). x64 only: the .sys is a 64-bit image, where
 * NTAPI is the single x64 calling convention. Every function named here is
 * listed in windows/ntoskrnl-exports.txt, which the PE check holds the
 * .sys's import table to.
 */
#ifndef KMD_NT_KERNEL_H
#define KMD_NT_KERNEL_H

#include <stdarg.h>

#include "wddm_types.h"

#if !defined(_WIN64)
#error "nt-kernel.h: the Windows KMD is built for x64 only"
#endif

typedef ULONG_PTR KSPIN_LOCK, *PKSPIN_LOCK;
typedef ULONG_PTR PFN_NUMBER;
typedef int16_t CSHORT;
typedef const char *PCSTR;
typedef struct _FILE_OBJECT FILE_OBJECT, *PFILE_OBJECT;
typedef struct _IRP IRP, *PIRP;

/* MDL: the documented header; the PFN array follows it
 * (MmGetMdlPfnArray(Mdl) == (PPFN_NUMBER)(Mdl + 1)). */
struct _MDL {
    struct _MDL *Next;
    CSHORT Size;
    CSHORT MdlFlags;
    void *Process;
    PVOID MappedSystemVa;
    PVOID StartVa;
    ULONG ByteCount;
    ULONG ByteOffset;
};

/* KEVENT: a DISPATCHER_HEADER (24 bytes on x64) the caller only
 * initializes and waits on; kept opaque at its documented size. */
typedef struct _KEVENT {
    uint64_t opaque[3];
} KEVENT, *PKEVENT;

typedef struct _IO_STATUS_BLOCK {
    union {
        NTSTATUS Status;
        PVOID Pointer;
    };
    ULONG_PTR Information;
} IO_STATUS_BLOCK, *PIO_STATUS_BLOCK;

/* POOL_TYPE NonPagedPoolNx; EVENT_TYPE NotificationEvent; KWAIT_REASON
 * Executive; KPROCESSOR_MODE KernelMode (wdm.h enumerations). */
#define NT_NONPAGED_POOL_NX 512
#define NT_NOTIFICATION_EVENT 0
#define NT_EXECUTIVE 0
#define NT_KERNEL_MODE 0
/* ACCESS_MASK FILE_ALL_ACCESS = STANDARD_RIGHTS_REQUIRED | SYNCHRONIZE | 0x1FF */
#define NT_FILE_ALL_ACCESS 0x001F01FFu
/* dpfilter.h: DPFLTR_IHVVIDEO_ID and the DbgPrintEx levels. */
#define NT_DPFLTR_IHVVIDEO_ID 23u
#define NT_DPFLTR_ERROR_LEVEL 0u
#define NT_DPFLTR_WARNING_LEVEL 1u
#define NT_DPFLTR_INFO_LEVEL 3u
#define NT_PAGE_SHIFT 12
#define NT_PAGE_SIZE 4096u
#define STATUS_IMAGE_ALREADY_LOADED WDDM_NTSTATUS(0xC000010Eu)

PVOID ExAllocatePoolWithTag(int PoolType, SIZE_T NumberOfBytes, ULONG Tag);
void ExFreePoolWithTag(PVOID P, ULONG Tag);
PVOID MmAllocateContiguousMemorySpecifyCache(SIZE_T NumberOfBytes,
                                             PHYSICAL_ADDRESS LowestAcceptableAddress,
                                             PHYSICAL_ADDRESS HighestAcceptableAddress,
                                             PHYSICAL_ADDRESS BoundaryAddressMultiple,
                                             MEMORY_CACHING_TYPE CacheType);
void MmFreeContiguousMemorySpecifyCache(PVOID BaseAddress, SIZE_T NumberOfBytes,
                                        MEMORY_CACHING_TYPE CacheType);
PHYSICAL_ADDRESS MmGetPhysicalAddress(PVOID BaseAddress);
KIRQL KeAcquireSpinLockRaiseToDpc(PKSPIN_LOCK SpinLock);
void KeReleaseSpinLock(PKSPIN_LOCK SpinLock, KIRQL NewIrql);
ULONG vDbgPrintEx(ULONG ComponentId, ULONG Level, PCSTR Format, va_list arglist);
ULONG DbgPrintEx(ULONG ComponentId, ULONG Level, PCSTR Format, ...);

void RtlInitUnicodeString(PUNICODE_STRING DestinationString, const WCHAR *SourceString);
NTSTATUS ZwLoadDriver(PUNICODE_STRING DriverServiceName);
NTSTATUS IoGetDeviceObjectPointer(PUNICODE_STRING ObjectName, ULONG DesiredAccess,
                                  PFILE_OBJECT *FileObject, PDEVICE_OBJECT *DeviceObject);
PIRP IoBuildDeviceIoControlRequest(ULONG IoControlCode, PDEVICE_OBJECT DeviceObject,
                                   PVOID InputBuffer, ULONG InputBufferLength,
                                   PVOID OutputBuffer, ULONG OutputBufferLength,
                                   BOOLEAN InternalDeviceIoControl, PKEVENT Event,
                                   PIO_STATUS_BLOCK IoStatusBlock);
/* IoCallDriver and ObDereferenceObject are macros over these exports. */
NTSTATUS IofCallDriver(PDEVICE_OBJECT DeviceObject, PIRP Irp);
intptr_t ObfDereferenceObject(PVOID Object);
void KeInitializeEvent(PKEVENT Event, int Type, BOOLEAN State);
NTSTATUS KeWaitForSingleObject(PVOID Object, int WaitReason, int WaitMode,
                               BOOLEAN Alertable, PLARGE_INTEGER Timeout);

#endif
