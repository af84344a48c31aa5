/* SPDX-License-Identifier: MIT */
/* Interrupt delivery: the transport's messages (or line) become calls of
 * the KMD's InterruptRoutine, then its DpcRoutine when one was queued. */
#include "winsim.h"
#include "bugcheck.h"
#include "dxgdisplay.h"

void ws_run_dpc(WsSim *sim)
{
    if (!sim->dpc_queued) {
        return;
    }
    sim->dpc_queued = false;
    sim->in_dpc = true;
    sim->init.DxgkDdiDpcRoutine(sim->adapter);
    sim->in_dpc = false;
    sim->stats.dpc_calls++;
    ws_display_flips_retired(sim);
}

static BOOLEAN call_isr(WsSim *sim, ULONG message)
{
    sim->in_isr = true;
    sim->isr_message = message;
    BOOLEAN claimed = sim->init.DxgkDdiInterruptRoutine(sim->adapter, message);
    sim->in_isr = false;
    sim->stats.isr_claimed += claimed ? 1 : 0;
    return claimed;
}

void ws_service_interrupts(WsSim *sim)
{
    uint32_t fired = sim->t->ops->take_irqs(sim->t);
    if (sim->t->msix) {
        for (unsigned v = 0; v < 32; v++) {
            if (fired & (1u << v)) {
                call_isr(sim, v);
            }
        }
    } else {
        for (unsigned i = 0; fired; i++) {
            if (!call_isr(sim, 0) || i > 16) {
                ws_bugcheck(WS_INTERRUPT_STORM, 0, i, 0, 0,
                            "line interrupt asserted and not cleared by the ISR");
            }
            fired = sim->t->ops->take_irqs(sim->t);
        }
    }
    ws_run_dpc(sim);
}
