/* SPDX-License-Identifier: MIT */
/*
 * The GART: a page table in contiguous memory. Entries [0, entries) are the
 * aperture segment VidMm manages (GPU addresses [base, base + 4096 *
 * entries)); the KMD_GART_WINDOW_PAGES entries after them are the KMD's own
 * window, through which paging buffers reach system memory (MDL pages) for
 * transfers. Unmapped entries point at a zeroed dummy page (valid,
 * read/write) so a stray GPU access never reaches memory that is not the
 * driver's.
 */
#ifndef KMD_GART_H
#define KMD_GART_H

#include "wddm_kmd.h"
#include "os.h"

#define KMD_GART_ENTRIES 16384u /* 64 MiB: aperture + window */
#define KMD_GART_WINDOW_PAGES 64u

typedef struct KmdGart {
    KmdDmaMem table;
    KmdDmaMem dummy;
    uint64_t base;
    uint32_t entries;           /* aperture segment entries */
} KmdGart;

/* min(KMD_GART_ENTRIES, max_entries) entries in all, the last
 * KMD_GART_WINDOW_PAGES of them the window; all on the dummy page. */
NTSTATUS kmd_gart_init(KmdGart *g, uint64_t base, uint32_t max_entries);
void kmd_gart_program(const KmdGart *g, volatile uint8_t *regs);
void kmd_gart_free(KmdGart *g);
/* Bytes of the aperture segment (the window excluded). */
uint64_t kmd_gart_size(const KmdGart *g);
/* GPU address of the window and the index of its first entry. */
uint64_t kmd_gart_window_gpu(const KmdGart *g);
uint32_t kmd_gart_window_first(const KmdGart *g);
/* PTE mapping bus page `bus` (4 KiB aligned) read/write. */
uint64_t kmd_gart_pte(uint64_t bus);

/* Point entries [first, first + count) at the pages of an MDL starting at
 * its page mdl_page. Everything is checked before any entry is written;
 * STATUS_INVALID_PARAMETER on a range outside the GART or the MDL. */
NTSTATUS kmd_gart_map_mdl(KmdGart *g, uint64_t first, uint64_t count,
                          PMDL mdl, uint64_t mdl_page);

#endif
