/* SPDX-License-Identifier: MIT */
/*
 * The KMD's OS layer (os.h) on Windows: ntoskrnl.exe services. Built only
 * into sable.sys (windows/meson.build); sim/winsim/os-winsim.c is the
 * host implementation of the same contract.
 */
#include <string.h>

#include "nt-kernel.h"
#include "os.h"

/* Pool tag "Sabl" as pool tools show it (first character in the low byte). */
#define KMD_POOL_TAG ((ULONG)'S' | ((ULONG)'a' << 8) | ((ULONG)'b' << 16) | ((ULONG)'l' << 24))

/* x64 READ_REGISTER_ULONG / WRITE_REGISTER_ULONG are inline volatile
 * accesses with a compiler barrier (no ntoskrnl export on x64). */
uint32_t kmd_os_read32(volatile void *reg)
{
    uint32_t v = *(volatile uint32_t *)reg;
    __asm__ __volatile__("" ::: "memory");
    return v;
}

void kmd_os_write32(volatile void *reg, uint32_t value)
{
    __asm__ __volatile__("" ::: "memory");
    *(volatile uint32_t *)reg = value;
}

void *kmd_os_alloc(size_t size)
{
    void *p = ExAllocatePoolWithTag(NT_NONPAGED_POOL_NX, size, KMD_POOL_TAG);
    if (p) {
        memset(p, 0, size);
    }
    return p;
}

void kmd_os_free(void *p)
{
    if (p) {
        ExFreePoolWithTag(p, KMD_POOL_TAG);
    }
}

bool kmd_os_dma_alloc(size_t size, KmdDmaMem *out)
{
    size_t rounded = (size + NT_PAGE_SIZE - 1) & ~(size_t)(NT_PAGE_SIZE - 1);
    if (size == 0 || rounded < size) {
        return false;
    }
    PHYSICAL_ADDRESS low = { .QuadPart = 0 };
    PHYSICAL_ADDRESS high = { .QuadPart = -1 };
    PHYSICAL_ADDRESS boundary = { .QuadPart = 0 };
    void *cpu = MmAllocateContiguousMemorySpecifyCache(rounded, low, high, boundary, MmCached);
    if (!cpu) {
        return false;
    }
    memset(cpu, 0, rounded);
    out->cpu = cpu;
    /* Bus == physical: no DMA remapping for this device (UNCERTAIN under a
     * guest IOMMU; see docs/windows.md). */
    out->bus = (uint64_t)MmGetPhysicalAddress(cpu).QuadPart;
    out->size = rounded;
    return true;
}

void kmd_os_dma_free(KmdDmaMem *mem)
{
    if (mem->cpu) {
        MmFreeContiguousMemorySpecifyCache(mem->cpu, mem->size, MmCached);
    }
    mem->cpu = NULL;
}

struct KmdOsLock {
    KSPIN_LOCK spin;
    KIRQL old_irql;
};

KmdOsLock *kmd_os_lock_new(void)
{
    KmdOsLock *l = kmd_os_alloc(sizeof(*l));
    if (l) {
        l->spin = 0; /* KeInitializeSpinLock on x64 */
    }
    return l;
}

void kmd_os_lock_free(KmdOsLock *lock)
{
    kmd_os_free(lock);
}

/* os.h: never taken in the ISR, so IRQL <= DISPATCH_LEVEL here. */
void kmd_os_lock_acquire(KmdOsLock *lock)
{
    KIRQL old = KeAcquireSpinLockRaiseToDpc(&lock->spin);
    lock->old_irql = old;
}

void kmd_os_lock_release(KmdOsLock *lock)
{
    KeReleaseSpinLock(&lock->spin, lock->old_irql);
}

bool kmd_os_mdl_page(struct _MDL *mdl, uint64_t index, uint64_t *bus)
{
    uint64_t first = (uint64_t)(uintptr_t)mdl->StartVa + mdl->ByteOffset;
    uint64_t pages = ((first & (NT_PAGE_SIZE - 1)) + mdl->ByteCount + NT_PAGE_SIZE - 1) >>
                     NT_PAGE_SHIFT;
    if (index >= pages) {
        return false;
    }
    const PFN_NUMBER *pfn = (const PFN_NUMBER *)(mdl + 1);
    *bus = (uint64_t)pfn[index] << NT_PAGE_SHIFT;
    return true;
}

void kmd_os_log(int level, const char *fmt, ...)
{
    static const ULONG levels[] = {
        [KMD_LOG_ERROR] = NT_DPFLTR_ERROR_LEVEL,
        [KMD_LOG_WARN] = NT_DPFLTR_WARNING_LEVEL,
        [KMD_LOG_INFO] = NT_DPFLTR_INFO_LEVEL,
    };
    ULONG nt_level = level >= 0 && level <= KMD_LOG_INFO ? levels[level] : NT_DPFLTR_INFO_LEVEL;
    va_list ap;
    va_start(ap, fmt);
    vDbgPrintEx(NT_DPFLTR_IHVVIDEO_ID, nt_level, fmt, ap);
    va_end(ap);
    DbgPrintEx(NT_DPFLTR_IHVVIDEO_ID, nt_level, "\n"); /* core messages carry none */
}
