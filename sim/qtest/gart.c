/* SPDX-License-Identifier: MIT */
/* The GART: a page table in guest RAM mapping the allocator's arena 1:1
 * into the device's GART window, so every sqt_alloc() buffer has a GPU
 * address. Guest RAM below SQT_RAM_RESERVED is left alone (ROM shadows). */
#include <inttypes.h>

#include "sqt-internal.h"

#define SQT_RAM_RESERVED (16ull << 20)
#define PTE_RW (SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE)

static uint64_t page_align(uint64_t v)
{
    return (v + SABLE_PAGE_SIZE - 1) & ~(uint64_t)(SABLE_PAGE_SIZE - 1);
}

bool sqt_gart_setup(SqtDevice *d, GError **err)
{
    uint64_t ram = sqt_ram_size(d->m);
    uint32_t max = sqt_reg_read(d, SABLE_REG_GART_MAX_ENTRIES);
    if (ram <= SQT_RAM_RESERVED + 2 * SABLE_PAGE_SIZE || max == 0) {
        g_set_error(err, SQT_ERROR, 0,
                    "no room for a GART: RAM 0x%" PRIx64 ", GART_MAX_ENTRIES %u",
                    ram, max);
        return false;
    }
    uint64_t avail = ram - SQT_RAM_RESERVED;
    uint64_t table_bytes = page_align(avail / SABLE_PAGE_SIZE * 8);
    uint64_t pages = MIN((avail - table_bytes) / SABLE_PAGE_SIZE, (uint64_t)max);
    d->gart_entries = (uint32_t)pages;
    d->gart_table = (SqtBuf){
        .ptr = sqt_guest_ptr(d->m, SQT_RAM_RESERVED, table_bytes),
        .bus = SQT_RAM_RESERVED,
        .size = table_bytes,
    };
    d->gart_ram_base = SQT_RAM_RESERVED + table_bytes;
    sqt_gart_rebuild(d);
    sqt_arena_init(&d->ram, d->gart_ram_base, pages * SABLE_PAGE_SIZE);
    return true;
}

void sqt_gart_rebuild(SqtDevice *d)
{
    uint64_t *pte = d->gart_table.ptr;
    for (uint64_t i = 0; i < d->gart_entries; i++) {
        sqt_store64(&pte[i], (d->gart_ram_base + i * SABLE_PAGE_SIZE) | PTE_RW);
    }
}

void sqt_gart_program(SqtDevice *d)
{
    sqt_reg_write64(d, SABLE_REG_GART_TABLE_LO, d->gart_table.bus);
    sqt_reg_write(d, SABLE_REG_GART_ENTRIES, d->gart_entries);
}

static uint64_t *pte_ptr(SqtDevice *d, uint64_t gpu)
{
    uint64_t index = (gpu - d->gart_base) / SABLE_PAGE_SIZE;
    if (gpu < d->gart_base || index >= d->gart_entries) {
        sqt_fatal(d->m, "GPU address 0x%" PRIx64 " is outside the GART window", gpu);
    }
    return (uint64_t *)d->gart_table.ptr + index;
}

void sqt_gart_set_pte(SqtDevice *d, uint64_t gpu, uint64_t pte)
{
    sqt_store64(pte_ptr(d, gpu), pte);
}

uint64_t sqt_gart_pte(SqtDevice *d, uint64_t gpu)
{
    return sqt_load64(pte_ptr(d, gpu));
}
