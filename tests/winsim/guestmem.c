/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "guestmem.h"
#include "bugcheck.h"
#include "sable_protocol.h"

void ws_guestmem_init(WsGuestMem *m, WsTransport *t)
{
    m->t = t;
    m->pages = t->ram_size / SABLE_PAGE_SIZE;
    m->used = g_malloc0(m->pages);
    m->live = 0;
}

void ws_guestmem_fini(WsGuestMem *m)
{
    g_free(m->used);
    m->used = NULL;
}

static uint64_t page_count(uint64_t size)
{
    return (size + SABLE_PAGE_SIZE - 1) / SABLE_PAGE_SIZE;
}

bool ws_guestmem_alloc(WsGuestMem *m, uint64_t size, uint64_t *bus, void **cpu)
{
    uint64_t want = page_count(size), run = 0;
    for (uint64_t p = 0; p < m->pages && want; p++) {
        run = m->used[p] ? 0 : run + 1;
        if (run == want) {
            uint64_t first = p + 1 - want;
            memset(m->used + first, 1, want);
            *bus = m->t->ram_base + first * SABLE_PAGE_SIZE;
            *cpu = m->t->ops->ram_ptr(m->t, *bus, want * SABLE_PAGE_SIZE);
            memset(*cpu, 0, want * SABLE_PAGE_SIZE);
            m->live++;
            return true;
        }
    }
    return false;
}

void ws_guestmem_free(WsGuestMem *m, uint64_t bus, uint64_t size)
{
    uint64_t first = (bus - m->t->ram_base) / SABLE_PAGE_SIZE, n = page_count(size);
    if (bus < m->t->ram_base || first + n > m->pages || m->live == 0) {
        ws_bugcheck(0xC2 /* BAD_POOL_CALLER */, bus, size, 0, 0,
                    "freeing guest memory that was not allocated");
    }
    for (uint64_t p = first; p < first + n; p++) {
        if (!m->used[p]) {
            ws_bugcheck(0xC2, bus, size, p, 0, "double free of a guest page");
        }
        m->used[p] = 0;
    }
    m->live--;
}
