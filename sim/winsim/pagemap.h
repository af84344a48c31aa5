/* SPDX-License-Identifier: MIT */
/*
 * A first-fit allocator of runs of pages (guest RAM, VRAM, aperture
 * pages). Freeing pages that are not allocated is a bugcheck (0xC2, as a
 * bad pool free would be).
 */
#ifndef WS_PAGEMAP_H
#define WS_PAGEMAP_H

#include <stdbool.h>
#include <stdint.h>

typedef struct WsPageMap {
    uint64_t pages;
    uint8_t *used;     /* per page: 1 if allocated */
    unsigned runs;     /* live allocations */
} WsPageMap;

void ws_pagemap_init(WsPageMap *m, uint64_t pages);
void ws_pagemap_fini(WsPageMap *m);
bool ws_pagemap_alloc(WsPageMap *m, uint64_t count, uint64_t *first);
void ws_pagemap_free(WsPageMap *m, uint64_t first, uint64_t count);

#endif
