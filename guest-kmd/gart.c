/* SPDX-License-Identifier: MIT */
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
    g->entries = max_entries < KMD_GART_ENTRIES ? max_entries : KMD_GART_ENTRIES;
    if (g->entries == 0 || (base & (SABLE_PAGE_SIZE - 1))) {
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    if (!kmd_os_dma_alloc(SABLE_PAGE_SIZE, &g->dummy) ||
        !kmd_os_dma_alloc((size_t)g->entries * sizeof(uint64_t), &g->table)) {
        kmd_gart_free(g);
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    g->base = base;
    uint64_t *pte = g->table.cpu;
    for (uint32_t i = 0; i < g->entries; i++) {
        pte[i] = kmd_gart_pte(g->dummy.bus);
    }
    return STATUS_SUCCESS;
}

void kmd_gart_program(const KmdGart *g, volatile uint8_t *regs)
{
    kmd_reg_write64(regs, SABLE_REG_GART_TABLE_LO, g->table.bus);
    kmd_reg_write(regs, SABLE_REG_GART_ENTRIES, g->entries);
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
