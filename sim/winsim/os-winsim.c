/* SPDX-License-Identifier: MIT */
/* The KMD's OS layer (guest-kmd/os.h) on winsim: registers through the
 * transport, counted allocations, contiguous memory from guest RAM, and the
 * IRQL rules of os.h checked on every call (ws_require_*, callbacks.c). */
#include <stdarg.h>
#include <stdio.h>

#include "os.h"
#include "winsim.h"
#include "bugcheck.h"
#include "mdl.h"

static uint32_t mmio_offset(WsSim *sim, volatile void *reg)
{
    uint8_t *p = (uint8_t *)reg;
    for (guint i = 0; i < sim->mappings->len; i++) {
        WsMapping *m = g_ptr_array_index(sim->mappings, i);
        uint8_t *va = m->va;
        if (m->mmio && p >= va && p + 4 <= va + m->len && !((p - va) & 3)) {
            return (uint32_t)(m->bus - sim->t->bar[0].addr + (uint64_t)(p - va));
        }
    }
    ws_bugcheck(WS_PAGE_FAULT_IN_NONPAGED_AREA, (uintptr_t)reg, 0, 0, 0,
                "register access outside a mapped BAR0 range (or misaligned)");
}

uint32_t kmd_os_read32(volatile void *reg)
{
    WsSim *sim = ws_sim_current();
    return sim->t->ops->mmio_read(sim->t, mmio_offset(sim, reg));
}

void kmd_os_write32(volatile void *reg, uint32_t value)
{
    WsSim *sim = ws_sim_current();
    sim->t->ops->mmio_write(sim->t, mmio_offset(sim, reg), value);
}

void *kmd_os_alloc(size_t size)
{
    WsSim *sim = ws_sim_current();
    ws_require_below_dirql(sim, "kmd_os_alloc");
    sim->stats.os_allocs++;
    return g_malloc0(size);
}

void kmd_os_free(void *p)
{
    WsSim *sim = ws_sim_current();
    ws_require_below_dirql(sim, "kmd_os_free");
    if (!p || sim->stats.os_allocs == 0) {
        ws_bugcheck(0xC2, (uintptr_t)p, 0, 0, 0, "bad kmd_os_free");
    }
    sim->stats.os_allocs--;
    g_free(p);
}

bool kmd_os_dma_alloc(size_t size, KmdDmaMem *out)
{
    WsSim *sim = ws_sim_current();
    ws_require_passive(sim, "kmd_os_dma_alloc");
    if (size == 0 || !ws_guestmem_alloc(&sim->mem, size, &out->bus, &out->cpu)) {
        return false;
    }
    out->size = (size + SABLE_PAGE_SIZE - 1) & ~(size_t)(SABLE_PAGE_SIZE - 1);
    sim->stats.os_dma++;
    return true;
}

void kmd_os_dma_free(KmdDmaMem *mem)
{
    WsSim *sim = ws_sim_current();
    ws_require_passive(sim, "kmd_os_dma_free");
    ws_guestmem_free(&sim->mem, mem->bus, mem->size);
    sim->stats.os_dma--;
    mem->cpu = NULL;
}

/* A spinlock on one thread: taking it twice would spin forever on
 * Windows, so it is a bugcheck here, as are the IRQL rules of os.h. */
struct KmdOsLock {
    bool held;
};

KmdOsLock *kmd_os_lock_new(void)
{
    WsSim *sim = ws_sim_current();
    ws_require_below_dirql(sim, "kmd_os_lock_new");
    sim->stats.os_locks++;
    return g_new0(KmdOsLock, 1);
}

void kmd_os_lock_free(KmdOsLock *lock)
{
    WsSim *sim = ws_sim_current();
    if (lock->held) {
        ws_bugcheck(0xC2, (uintptr_t)lock, 0, 0, 0, "kmd_os_lock_free of a held lock");
    }
    g_free(lock);
    sim->stats.os_locks--;
}

void kmd_os_lock_acquire(KmdOsLock *lock)
{
    WsSim *sim = ws_sim_current();
    ws_require_below_dirql(sim, "kmd_os_lock_acquire");
    if (lock->held) {
        ws_bugcheck(WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL, (uintptr_t)lock, 0, 0, 2,
                    "kmd_os_lock_acquire of a lock already held (a deadlock on Windows)");
    }
    lock->held = true;
    sim->locks_held++;
}

void kmd_os_lock_release(KmdOsLock *lock)
{
    WsSim *sim = ws_sim_current();
    if (!lock->held) {
        ws_bugcheck(WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL, (uintptr_t)lock, 0, 0, 3,
                    "kmd_os_lock_release of a lock not held");
    }
    lock->held = false;
    sim->locks_held--;
}

void kmd_os_log(int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_test_message("kmd[%d]: %s", level, msg);
    g_free(msg);
}

bool kmd_os_mdl_page(struct _MDL *mdl, uint64_t index, uint64_t *bus)
{
    if (index >= mdl->pages) {
        return false;
    }
    *bus = mdl->bus[index];
    return true;
}

struct _MDL *ws_mdl_new(uint64_t bus, uint64_t pages)
{
    struct _MDL *mdl = g_malloc0(sizeof(*mdl) + pages * sizeof(uint64_t));
    mdl->pages = pages;
    for (uint64_t i = 0; i < pages; i++) {
        mdl->bus[i] = bus + i * SABLE_PAGE_SIZE;
    }
    return mdl;
}

void ws_mdl_free(struct _MDL *mdl)
{
    g_free(mdl);
}
