/* SPDX-License-Identifier: MIT */
/*
 * The KMD's OS layer: the only calls the portable core makes outside the
 * DXGKRNL_INTERFACE callbacks. Windows implements it with the kernel
 * (READ_REGISTER_ULONG, ExAllocatePool2, contiguous memory, KSPIN_LOCK,
 * DbgPrintEx); tests/winsim implements it on its transports.
 *
 * Contract: register accessors take the address of a 32-bit register inside
 * a range returned by DxgkCbMapMemory. kmd_os_alloc returns zeroed
 * non-paged memory or NULL. kmd_os_dma_alloc returns zeroed, page-aligned,
 * physically contiguous memory with its device (bus) address, or false.
 * Every allocation is released with the matching free. Locks are
 * spinlocks: never held across a callback into dxgkrnl, never taken twice.
 *
 * Paging: everything the KMD has is non-paged. The .sys has no pageable
 * section (it is linked without PAGE sections) and kmd_os_alloc returns
 * non-paged pool, because the ISR and DPC paths touch the same objects.
 *
 * IRQL (what each call may be made at; winsim's os-winsim.c and
 * callbacks.c stop the run where a Windows kernel would bugcheck):
 *   - DIRQL, in DxgkDdiInterruptRoutine or a DxgkCbSynchronizeExecution
 *     routine: kmd_os_read32/write32, kmd_os_log and kmd_os_mdl_page only;
 *     no allocation, no free, no lock (a spinlock raises to DISPATCH_LEVEL,
 *     below DIRQL). Of the dxgkrnl callbacks only DxgkCbNotifyInterrupt and
 *     DxgkCbQueueDpc.
 *   - DISPATCH_LEVEL (DxgkDdiDpcRoutine, or holding a lock): allocation,
 *     free and locks, but not kmd_os_dma_alloc/free; DxgkCbNotifyDpc
 *     (in the DPC only).
 *   - PASSIVE_LEVEL (the other DDIs, which start, stop and reset the
 *     adapter): everything, including kmd_os_dma_alloc/free and the
 *     callbacks documented as PASSIVE_LEVEL (DxgkCbGetDeviceInformation,
 *     DxgkCbMapMemory, DxgkCbUnmapMemory, DxgkCbQueryVidPnInterface).
 * There is no wait primitive here on purpose: the KMD never waits on an
 * OS object, so no DDI can block in it.
 */
#ifndef KMD_OS_H
#define KMD_OS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

uint32_t kmd_os_read32(volatile void *reg);
void kmd_os_write32(volatile void *reg, uint32_t value);

void *kmd_os_alloc(size_t size);
void kmd_os_free(void *p);

typedef struct KmdDmaMem {
    void *cpu;     /* kernel virtual address */
    uint64_t bus;  /* address the device uses */
    size_t size;   /* bytes, a multiple of the page size */
} KmdDmaMem;

bool kmd_os_dma_alloc(size_t size, KmdDmaMem *out);
void kmd_os_dma_free(KmdDmaMem *mem);

typedef struct KmdOsLock KmdOsLock;
KmdOsLock *kmd_os_lock_new(void);
void kmd_os_lock_free(KmdOsLock *lock);
void kmd_os_lock_acquire(KmdOsLock *lock);
void kmd_os_lock_release(KmdOsLock *lock);

/* Bus address of page `index` of the buffer an MDL describes (Windows:
 * MmGetMdlPfnArray). False when index is past the MDL's pages. */
struct _MDL;
bool kmd_os_mdl_page(struct _MDL *mdl, uint64_t index, uint64_t *bus);

enum { KMD_LOG_ERROR, KMD_LOG_WARN, KMD_LOG_INFO };
void kmd_os_log(int level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
