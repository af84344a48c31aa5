/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * history.c: the last SABLE_CORE_CMD_HISTORY commands of an engine (executed
 * or faulting), from the local packet copy, for dumps. Oldest first on copy.
 */
#include <string.h>

#include "core-internal.h"

void sable_history_add(SableEngine *eng, uint32_t result)
{
    SableHistory *h = &eng->history;
    struct sable_dump_cmd *c = &h->cmd[h->next];
    uint32_t payload_dw = eng->pkt_bytes / 4;

    memset(c, 0, sizeof(*c));
    c->dma_addr = eng->cur.dma_addr;
    c->fence = eng->cur.fence;
    c->dma_offset = eng->offset;
    c->header = eng->pkt.header;
    c->context_id = eng->cur.context_id;
    c->result = result;
    for (uint32_t i = 0; i < 4 && i + 1 < payload_dw && i + 1 < 20; i++) {
        c->args[i] = eng->pkt.dw[i + 1];
    }
    h->next = (h->next + 1) % SABLE_CORE_CMD_HISTORY;
    if (h->count < SABLE_CORE_CMD_HISTORY) {
        h->count++;
    }
}

void sable_history_clear(SableEngine *eng)
{
    memset(&eng->history, 0, sizeof(eng->history));
}

uint32_t sable_history_copy(const SableEngine *eng, struct sable_dump_cmd *out)
{
    const SableHistory *h = &eng->history;
    uint32_t first = (h->next + SABLE_CORE_CMD_HISTORY - h->count) %
                     SABLE_CORE_CMD_HISTORY;
    for (uint32_t i = 0; i < h->count; i++) {
        out[i] = h->cmd[(first + i) % SABLE_CORE_CMD_HISTORY];
    }
    return h->count;
}
