/* SPDX-License-Identifier: MIT */
/*
 * The translated resource list of the adapter (DXGK_DEVICE_INFO): memory
 * ranges in BAR order (BAR0 registers, BAR1 MSI-X table, BAR2 VRAM, BAR4
 * aperture window) and the interrupt kind. kmd_resources_parse() fails on
 * a list without registers of at least SABLE_MMIO_SIZE bytes or without an
 * interrupt; every count is bounded before use.
 */
#ifndef KMD_RESOURCES_H
#define KMD_RESOURCES_H

#include <stdbool.h>
#include "wddm_kmd.h"

#define KMD_MAX_MEM_RANGES 6u

typedef struct KmdMemRange {
    uint64_t start;
    uint64_t length;
} KmdMemRange;

typedef struct KmdResources {
    KmdMemRange mem[KMD_MAX_MEM_RANGES];
    unsigned mem_count;
    bool has_interrupt;
    bool msi;               /* message-signaled (MSI-X on Sable) */
} KmdResources;

/* Index of each BAR in KmdResources.mem. */
#define KMD_RES_REGS 0u
#define KMD_RES_MSIX 1u
#define KMD_RES_VRAM 2u
#define KMD_RES_APERTURE 3u /* BAR4; absent on some 1.0 hosts */

NTSTATUS kmd_resources_parse(const CM_RESOURCE_LIST *list, KmdResources *out);

#endif
