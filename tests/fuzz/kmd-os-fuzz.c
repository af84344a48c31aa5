/* SPDX-License-Identifier: MIT */
/* The KMD's OS layer (guest-kmd/os.h) for fuzz-kmd: registers are plain
 * memory, allocations are the C heap, locks do nothing (one thread). */
#include <stdlib.h>

#include "os.h"

uint32_t kmd_os_read32(volatile void *reg)
{
    return *(volatile uint32_t *)reg;
}

void kmd_os_write32(volatile void *reg, uint32_t value)
{
    *(volatile uint32_t *)reg = value;
}

void *kmd_os_alloc(size_t size)
{
    return calloc(1, size);
}

void kmd_os_free(void *p)
{
    free(p);
}

bool kmd_os_dma_alloc(size_t size, KmdDmaMem *out)
{
    out->cpu = calloc(1, size);
    out->bus = 0x100000;
    out->size = size;
    return out->cpu != NULL;
}

void kmd_os_dma_free(KmdDmaMem *mem)
{
    free(mem->cpu);
}

KmdOsLock *kmd_os_lock_new(void)
{
    return (KmdOsLock *)calloc(1, 1);
}

void kmd_os_lock_free(KmdOsLock *lock)
{
    free(lock);
}

void kmd_os_lock_acquire(KmdOsLock *lock)
{
    (void)lock;
}

void kmd_os_lock_release(KmdOsLock *lock)
{
    (void)lock;
}

bool kmd_os_mdl_page(struct _MDL *mdl, uint64_t index, uint64_t *bus)
{
    (void)mdl;
    (void)index;
    (void)bus;
    return false;
}

void kmd_os_log(int level, const char *fmt, ...)
{
    (void)level;
    (void)fmt;
}
