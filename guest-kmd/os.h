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
 * spinlocks: never held across a callback into dxgkrnl.
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
