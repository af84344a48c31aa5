/* SPDX-License-Identifier: MIT */
#include <stdatomic.h>
#include <string.h>

#include "gart.h"
#include "regs.h"
#include "sable_protocol.h"

uint64_t kmd_gart_pte(uint64_t bus)
{
    return (bus & SABLE_GART_PTE_ADDR_MASK) | SABLE_GART_PTE_VALID |
           SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE;
}

NTSTATUS kmd_gart_init(KmdGart *g, uint64_t base, uint32_t max_entries)
{
    memset(g, 0, sizeof(*g));
    uint32_t total = max_entries < KMD_GART_ENTRIES ? max_entries : KMD_GART_ENTRIES;
    if (total <= KMD_GART_WINDOW_PAGES || (base & (SABLE_PAGE_SIZE - 1))) {
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    g->entries = total - KMD_GART_WINDOW_PAGES;
    if (!kmd_os_dma_alloc(SABLE_PAGE_SIZE, &g->dummy) ||
        !kmd_os_dma_alloc((size_t)total * sizeof(uint64_t), &g->table)) {
        kmd_gart_free(g);
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    g->base = base;
    uint64_t *pte = g->table.cpu;
    for (uint32_t i = 0; i < total; i++) {
        pte[i] = kmd_gart_pte(g->dummy.bus);
    }
    return STATUS_SUCCESS;
}

void kmd_gart_program(const KmdGart *g, volatile uint8_t *regs)
{
    kmd_reg_write64(regs, SABLE_REG_GART_TABLE_LO, g->table.bus);
    kmd_reg_write(regs, SABLE_REG_GART_ENTRIES, g->entries + KMD_GART_WINDOW_PAGES);
}

void kmd_gart_free(KmdGart *g)
{
    if (g->table.cpu) {
        kmd_os_dma_free(&g->table);
    }
    if (g->dummy.cpu) {
        kmd_os_dma_free(&g->dummy);
    }
    memset(g, 0, sizeof(*g));
}

uint64_t kmd_gart_size(const KmdGart *g)
{
    return (uint64_t)g->entries * SABLE_PAGE_SIZE;
}

uint32_t kmd_gart_window_first(const KmdGart *g)
{
    return g->entries;
}

uint64_t kmd_gart_window_gpu(const KmdGart *g)
{
    return g->base + kmd_gart_size(g);
}

NTSTATUS kmd_gart_map_mdl(KmdGart *g, uint64_t first, uint64_t count,
                          PMDL mdl, uint64_t mdl_page)
{
    uint64_t bus;
    if (!mdl || count == 0 || first > g->entries || count > g->entries - first ||
        mdl_page > UINT64_MAX - count ||
        !kmd_os_mdl_page(mdl, mdl_page + count - 1, &bus)) {
        return STATUS_INVALID_PARAMETER;
    }
    uint64_t *pte = g->table.cpu;
    for (uint64_t i = 0; i < count; i++) {
        if (!kmd_os_mdl_page(mdl, mdl_page + i, &bus) || (bus & (SABLE_PAGE_SIZE - 1))) {
            return STATUS_INVALID_PARAMETER;
        }
        pte[first + i] = kmd_gart_pte(bus);
    }
    atomic_thread_fence(memory_order_seq_cst);
    return STATUS_SUCCESS;
}
