/* SPDX-License-Identifier: MIT */
/*
 * The IRQL rules of guest-kmd/os.h as winsim enforces them: each violating
 * call, made from a started stack in a subprocess, ends the run with the
 * simulated bugcheck naming it; the same calls where os.h allows them pass.
 * os.h is the boundary between the portable KMD and its OS, which winsim
 * implements (sim/winsim/os-winsim.c): what is tested here is winsim.
 */
#include "stack-util.h"
#include "os.h"

/* Where a call is made: the ISR (DIRQL), the DPC, holding a KMD lock, or
 * at PASSIVE_LEVEL (the call moves itself). */
typedef enum { AT_ISR, AT_DPC, AT_LOCK, AT_PASSIVE } Where;

typedef struct Violation {
    const char *name;
    Where where;
    void (*call)(WsSim *sim);
    const char *pattern; /* expected on stderr */
} Violation;

static void call_alloc(WsSim *sim)
{
    kmd_os_free(kmd_os_alloc(16));
}

/* Created at PASSIVE_LEVEL, taken in the ISR. */
static void call_lock(WsSim *sim)
{
    KmdOsLock *l = kmd_os_lock_new();
    sim->in_isr = true;
    kmd_os_lock_acquire(l);
}

static void call_dma(WsSim *sim)
{
    KmdDmaMem mem;
    if (kmd_os_dma_alloc(SABLE_PAGE_SIZE, &mem)) {
        kmd_os_dma_free(&mem);
    }
}

static void call_lock_twice(WsSim *sim)
{
    KmdOsLock *l = kmd_os_lock_new();
    kmd_os_lock_acquire(l);
    kmd_os_lock_acquire(l);
}

static void call_queue_dpc(WsSim *sim)
{
    sim->dxgk.DxgkCbQueueDpc(sim->dxgk.DeviceHandle);
}

static void call_map_memory(WsSim *sim)
{
    void *va = NULL;
    PHYSICAL_ADDRESS pa = { .QuadPart = (LONGLONG)sim->t->bar[SABLE_BAR_MMIO].addr };
    sim->dxgk.DxgkCbMapMemory(sim->dxgk.DeviceHandle, pa, 4096, FALSE, FALSE, MmNonCached,
                              &va);
}

static const Violation violations[] = {
    { "alloc-in-isr", AT_ISR, call_alloc, "*STOP 0x000000D1*kmd_os_alloc at DIRQL*" },
    { "lock-in-isr", AT_PASSIVE, call_lock, "*STOP 0x000000D1*kmd_os_lock_acquire at DIRQL*" },
    { "dma-in-dpc", AT_DPC, call_dma, "*STOP 0x000000D1*kmd_os_dma_alloc at DISPATCH_LEVEL*" },
    { "dma-holding-lock", AT_LOCK, call_dma,
      "*STOP 0x000000D1*kmd_os_dma_alloc at DISPATCH_LEVEL*" },
    { "lock-twice", AT_DPC, call_lock_twice, "*STOP 0x000000D1*already held*" },
    { "callback-holding-lock", AT_LOCK, call_queue_dpc,
      "*STOP 0x000000D1*callback into dxgkrnl with a KMD spinlock held*" },
    { "map-memory-in-dpc", AT_DPC, call_map_memory,
      "*STOP 0x000000D1*DxgkCbMapMemory at DISPATCH_LEVEL*" },
};

static void enter(WsSim *sim, Where where, KmdOsLock **lock)
{
    *lock = NULL;
    if (where == AT_ISR) {
        sim->in_isr = true;
    } else if (where == AT_DPC) {
        sim->in_dpc = true;
    } else if (where == AT_LOCK) {
        *lock = kmd_os_lock_new();
        kmd_os_lock_acquire(*lock);
    }
}

/* In-process transports only: a killed subprocess would leave QEMU behind. */
static void test_violation(gconstpointer data)
{
    const Violation *v = data;
    if (g_str_equal(transport_name(), "qemu")) {
        g_test_skip("needs an in-process device");
        return;
    }
    if (g_test_subprocess()) {
        WsSim *sim = started();
        KmdOsLock *lock;
        enter(sim, v->where, &lock);
        v->call(sim);
        return; /* not reached */
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr(v->pattern);
}

/* What os.h allows: allocation and locks in the DPC, the DPC queued from
 * the ISR, DMA memory and mapping at PASSIVE_LEVEL. */
static void test_allowed(void)
{
    WsSim *sim = started();
    sim->in_dpc = true;
    call_alloc(sim);
    KmdOsLock *l = kmd_os_lock_new();
    kmd_os_lock_acquire(l);
    kmd_os_lock_release(l);
    kmd_os_lock_free(l);
    sim->in_dpc = false;
    g_assert_cmpuint(sim->locks_held, ==, 0);
    sim->in_isr = true;
    call_queue_dpc(sim);
    sim->in_isr = false;
    ws_run_dpc(sim);
    call_dma(sim);
    unsigned maps = sim->stats.mappings;
    void *va = NULL;
    PHYSICAL_ADDRESS pa = { .QuadPart = (LONGLONG)sim->t->bar[SABLE_BAR_MMIO].addr };
    g_assert_cmphex((uint32_t)sim->dxgk.DxgkCbMapMemory(sim->dxgk.DeviceHandle, pa, 4096,
                                                        FALSE, FALSE, MmNonCached, &va),
                    ==, (uint32_t)STATUS_SUCCESS);
    g_assert_cmpuint(sim->stats.mappings, ==, maps + 1);
    g_assert_cmphex((uint32_t)sim->dxgk.DxgkCbUnmapMemory(sim->dxgk.DeviceHandle, va), ==,
                    (uint32_t)STATUS_SUCCESS);
    ws_sim_free(sim);
}

void stack_add_irql_tests(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(violations); i++) {
        g_autofree char *path = g_strdup_printf("/stack/irql/%s", violations[i].name);
        g_test_add_data_func(path, &violations[i], test_violation);
    }
    g_test_add_func("/stack/irql/allowed", test_allowed);
}
