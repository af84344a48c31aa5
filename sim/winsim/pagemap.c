/* SPDX-License-Identifier: MIT */
#include <string.h>
#include <glib.h>

#include "pagemap.h"
#include "bugcheck.h"

void ws_pagemap_init(WsPageMap *m, uint64_t pages)
{
    m->pages = pages;
    m->used = g_malloc0(pages ? pages : 1);
    m->runs = 0;
}

void ws_pagemap_fini(WsPageMap *m)
{
    g_free(m->used);
    m->used = NULL;
}

bool ws_pagemap_alloc(WsPageMap *m, uint64_t count, uint64_t *first)
{
    uint64_t run = 0;
    for (uint64_t p = 0; p < m->pages && count; p++) {
        run = m->used[p] ? 0 : run + 1;
        if (run == count) {
            *first = p + 1 - count;
            memset(m->used + *first, 1, count);
            m->runs++;
            return true;
        }
    }
    return false;
}

void ws_pagemap_free(WsPageMap *m, uint64_t first, uint64_t count)
{
    if (first > m->pages || count > m->pages - first || m->runs == 0) {
        ws_bugcheck(0xC2 /* BAD_POOL_CALLER */, first, count, m->pages, 0,
                    "freeing pages that were never allocated");
    }
    for (uint64_t p = first; p < first + count; p++) {
        if (!m->used[p]) {
            ws_bugcheck(0xC2, first, count, p, 1, "double free of a page");
        }
        m->used[p] = 0;
    }
    m->runs--;
}
