/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "escape.h"
#include "dump.h"
#include "regs.h"

static void query_stats(KmdAdapter *a, struct sable_escape_stats *s)
{
    memset(s, 0, sizeof(*s));
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        uint32_t base = SABLE_REG_ENGINE(n);
        s->submitted_fence[n] = a->ring[n].submitted;
        s->completed_fence[n] = kmd_reg_read64(a->regs, base + SABLE_ENG_COMPLETED_FENCE_LO);
        s->engine_status[n] = kmd_reg_read(a->regs, base + SABLE_ENG_STATUS);
        s->reset_count[n] = kmd_reg_read(a->regs, base + SABLE_ENG_RESET_COUNT);
        s->fault_count[n] = kmd_reg_read(a->regs, base + SABLE_ENG_FAULT_COUNT);
    }
    s->node_count = SABLE_NODE_COUNT;
    s->adapter_reset_count = kmd_reg_read(a->regs, SABLE_REG_ADAPTER_RESET_COUNT);
}

static NTSTATUS run(KmdAdapter *a, struct sable_escape_header *h, uint8_t *data, uint32_t room)
{
    if (h->op == SABLE_ESCAPE_QUERY_STATS) {
        h->data_size = sizeof(struct sable_escape_stats);
        if (room < h->data_size) {
            return STATUS_BUFFER_TOO_SMALL;
        }
        struct sable_escape_stats s;
        query_stats(a, &s);
        memcpy(data, &s, sizeof(s));
        return STATUS_SUCCESS;
    }
    if (h->op == SABLE_ESCAPE_FETCH_DUMP) {
        uint32_t written;
        NTSTATUS st = kmd_dump_take(a, &written);
        h->data_size = NT_SUCCESS(st) ? written : 0;
        if (NT_SUCCESS(st) && room < written) {
            return STATUS_BUFFER_TOO_SMALL;
        }
        if (NT_SUCCESS(st)) {
            memcpy(data, a->dump.cpu, written);
        }
        return st;
    }
    return STATUS_INVALID_PARAMETER;
}

NTSTATUS kmd_escape(KmdAdapter *a, const DXGKARG_ESCAPE *args)
{
    struct sable_escape_header h;
    if (!a->started || !args->pPrivateDriverData || args->PrivateDriverDataSize < sizeof(h) ||
        !args->Flags.HardwareAccess) {
        return STATUS_INVALID_PARAMETER;
    }
    memcpy(&h, args->pPrivateDriverData, sizeof(h));
    if (h.magic != SABLE_ESCAPE_MAGIC || h.version != SABLE_ESCAPE_VERSION ||
        h.size != args->PrivateDriverDataSize || h.reserved[0] || h.reserved[1] ||
        h.reserved[2]) {
        return STATUS_INVALID_PARAMETER;
    }
    uint8_t *data = (uint8_t *)args->pPrivateDriverData + sizeof(h);
    NTSTATUS st = run(a, &h, data, h.size - (uint32_t)sizeof(h));
    memcpy(args->pPrivateDriverData, &h, sizeof(h));
    return st;
}
