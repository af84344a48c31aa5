/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fault.c: engine fault latching. The first fault since the last reset is
 * recorded with the submission/command context; FAULT_COUNT counts all.
 * The engine stops (FAULTED) and FAULT(e) is raised; other engines go on.
 */
#include "core-internal.h"

void sable_fault(SableEngine *eng, uint32_t code, uint64_t addr, uint32_t flags)
{
    SableDevice *dev = eng->dev;

    eng->fault_count++;
    if (eng->fault.code == SABLE_FAULT_NONE) {
        eng->fault = (SableFaultRecord) {
            .code = code, .flags = flags, .addr = addr,
            .fence = eng->cur.fence, .dma_addr = eng->cur.dma_addr,
            .dma_offset = eng->offset,
            .opcode = SABLE_CMD_OPCODE(eng->pkt.header),
            .context_id = eng->cur.context_id,
        };
    }
    sable_engine_stop(eng);
    eng->state = ENG_FAULTED;
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_FAULT, .engine = eng->index,
                                   .fault = { addr, eng->cur.fence, code } });
    sable_irq_raise(dev, SABLE_IRQ_FAULT(eng->index), false);
}
