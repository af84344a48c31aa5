/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "vidsch.h"
#include "bugcheck.h"

NTSTATUS ws_submit(WsSim *sim, HANDLE context, unsigned node, unsigned segment,
                   uint64_t gpu, uint32_t size, bool paging, uint32_t *fence)
{
    WsNode *n = &sim->node[node];
    DXGKARG_SUBMITCOMMAND s;
    memset(&s, 0, sizeof(s));
    s.hContext = context;
    s.DmaBufferSegmentId = size ? segment : 0;
    s.DmaBufferPhysicalAddress.QuadPart = (LONGLONG)(size ? gpu : 0);
    s.DmaBufferSize = size;
    s.DmaBufferSubmissionEndOffset = size;
    s.SubmissionFenceId = n->next_fence;
    s.Flags.Paging = paging;
    s.NodeOrdinal = node;
    uint32_t before = n->submitted;
    n->submitted = s.SubmissionFenceId; /* completions may arrive at once */
    NTSTATUS st = sim->init.DxgkDdiSubmitCommand(sim->adapter, &s);
    if (!NT_SUCCESS(st)) {
        n->submitted = before;
        return st;
    }
    *fence = n->next_fence++;
    return st;
}

uint32_t ws_query_current_fence(WsSim *sim, unsigned node)
{
    DXGKARG_QUERYCURRENTFENCE q = { .NodeOrdinal = node };
    unsigned before = sim->stats.notify_completed;
    NTSTATUS st = sim->init.DxgkDdiQueryCurrentFence(sim->adapter, &q);
    if (!NT_SUCCESS(st) || q.CurrentFence != sim->node[node].notified) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, node, q.CurrentFence,
                    sim->node[node].notified, (uint32_t)st,
                    "QueryCurrentFence returned 0x%x, last notified 0x%x",
                    q.CurrentFence, sim->node[node].notified);
    }
    sim->stats.queries++;
    sim->stats.notify_outside_isr += sim->stats.notify_completed - before;
    ws_run_dpc(sim);
    return q.CurrentFence;
}

bool ws_wait_fence(WsSim *sim, unsigned node, uint32_t fence)
{
    uint64_t idle = 0;
    for (uint64_t waited = 0; waited <= WS_WAIT_TIMEOUT_NS; waited += WS_WAIT_STEP_NS) {
        uint32_t retired = sim->node[node].retired;
        ws_service_interrupts(sim);
        if ((int32_t)(sim->node[node].retired - fence) >= 0) {
            return true;
        }
        idle = sim->node[node].retired == retired ? idle + WS_WAIT_STEP_NS : 0;
        if (idle >= sim->query_after_ns) {
            ws_query_current_fence(sim, node);
            idle = 0;
            continue;
        }
        sim->t->ops->advance(sim->t, WS_WAIT_STEP_NS);
    }
    return false;
}
