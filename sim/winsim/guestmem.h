/* SPDX-License-Identifier: MIT */
/*
 * winsim's allocator of physically contiguous guest pages, over the RAM
 * range the transport hands out; `map.runs` counts live allocations so
 * tests can check that nothing leaked.
 */
#ifndef WS_GUESTMEM_H
#define WS_GUESTMEM_H

#include <stdbool.h>
#include <stdint.h>

#include "transport.h"
#include "pagemap.h"

typedef struct WsGuestMem {
    WsTransport *t;
    WsPageMap map;
} WsGuestMem;

void ws_guestmem_init(WsGuestMem *m, WsTransport *t);
void ws_guestmem_fini(WsGuestMem *m);
/* Zeroed, page-aligned; false when no contiguous run is free. */
bool ws_guestmem_alloc(WsGuestMem *m, uint64_t size, uint64_t *bus, void **cpu);
void ws_guestmem_free(WsGuestMem *m, uint64_t bus, uint64_t size);

#endif
