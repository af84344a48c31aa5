/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "guestmem.h"
#include "sable_protocol.h"

static uint64_t page_count(uint64_t size)
{
    return (size + SABLE_PAGE_SIZE - 1) / SABLE_PAGE_SIZE;
}

void ws_guestmem_init(WsGuestMem *m, WsTransport *t)
{
    m->t = t;
    ws_pagemap_init(&m->map, t->ram_size / SABLE_PAGE_SIZE);
}

void ws_guestmem_fini(WsGuestMem *m)
{
    ws_pagemap_fini(&m->map);
}

bool ws_guestmem_alloc(WsGuestMem *m, uint64_t size, uint64_t *bus, void **cpu)
{
    uint64_t first, n = page_count(size);
    if (!ws_pagemap_alloc(&m->map, n, &first)) {
        return false;
    }
    *bus = m->t->ram_base + first * SABLE_PAGE_SIZE;
    *cpu = m->t->ops->ram_ptr(m->t, *bus, n * SABLE_PAGE_SIZE);
    memset(*cpu, 0, n * SABLE_PAGE_SIZE);
    return true;
}

void ws_guestmem_free(WsGuestMem *m, uint64_t bus, uint64_t size)
{
    ws_pagemap_free(&m->map, (bus - m->t->ram_base) / SABLE_PAGE_SIZE, page_count(size));
}
