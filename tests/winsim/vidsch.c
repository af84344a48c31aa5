/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "vidsch.h"
#include "bugcheck.h"
#include "tdr.h"

NTSTATUS ws_submit(WsSim *sim, HANDLE context, unsigned node, unsigned segment,
                   uint64_t gpu, uint32_t size, bool paging, uint32_t *fence)
{
    WsNode *n = &sim->node[node];
    if (g_hash_table_contains(sim->errored, context)) {
        return STATUS_DEVICE_REMOVED;
    }
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
    WsPacket pkt = { context, segment, gpu, size, paging, n->next_fence };
    g_array_append_val(n->pending, pkt);
    *fence = n->next_fence++;
    return st;
}

void ws_retire(WsSim *sim, unsigned node, uint32_t fence)
{
    WsNode *n = &sim->node[node];
    guint done = 0;
    while (done < n->pending->len &&
           (int32_t)(g_array_index(n->pending, WsPacket, done).fence - fence) <= 0) {
        done++;
    }
    g_array_remove_range(n->pending, 0, done);
    n->retired = fence;
}

/* The new fence of resubmitted work, or the fence itself. */
static uint32_t follow(const WsNode *n, uint32_t fence)
{
    for (guint i = 0; i < n->remap->len; i++) {
        const WsRemap *r = &g_array_index(n->remap, WsRemap, i);
        if (r->old_fence == fence) {
            return r->new_fence;
        }
    }
    return fence;
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
    uint64_t idle = 0, since_query = 0;
    uint32_t retired = sim->node[node].retired;
    for (;;) {
        ws_service_interrupts(sim);
        if ((int32_t)(sim->node[node].retired - fence) >= 0) {
            return true;
        }
        if (sim->node[node].retired != retired) {
            retired = sim->node[node].retired;
            idle = since_query = 0;
        }
        if (since_query >= sim->query_after_ns) {
            ws_query_current_fence(sim, node);
            since_query = 0;
            continue;
        }
        if (idle >= sim->tdr_delay_ns) {
            ws_tdr(sim, node);
            uint32_t next = follow(&sim->node[node], fence);
            if (next == fence) {
                return false;
            }
            fence = next;
            idle = since_query = 0;
            continue;
        }
        uint64_t step = idle < sim->query_after_ns ? WS_WAIT_STEP_NS : WS_WAIT_LONG_STEP_NS;
        sim->t->ops->advance(sim->t, step);
        sim->now_ns += step;
        idle += step;
        since_query += step;
    }
}

/* Patch (must succeed: the KMD validated the buffer in Render), submit and
 * wait. Work a TDR aborted for good gives STATUS_DEVICE_REMOVED, as the
 * runtime sees it. */
static NTSTATUS patch_and_submit(WsSim *sim, WsRender *rd, size_t written, UINT nout)
{
    WsVidMm *v = &sim->vidmm;
    DXGKARG_PATCH p;
    memset(&p, 0, sizeof(p));
    p.hContext = rd->context;
    p.DmaBufferSegmentId = SABLE_SEGMENT_APERTURE;
    p.DmaBufferPhysicalAddress.QuadPart = (LONGLONG)v->dma_gpu;
    p.pDmaBuffer = v->dma_cpu;
    p.DmaBufferSize = (UINT)written;
    p.DmaBufferSubmissionEndOffset = (UINT)written;
    p.pAllocationList = rd->allocs;
    p.AllocationListSize = rd->nallocs;
    p.pPatchLocationList = v->patch_out;
    p.PatchLocationListSize = nout;
    p.PatchLocationListSubmissionLength = nout;
    p.SubmissionFenceId = sim->node[rd->node].next_fence;
    NTSTATUS st = sim->init.DxgkDdiPatch(sim->adapter, &p);
    if (!NT_SUCCESS(st)) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, (uint32_t)st, written, nout, 9,
                    "Patch refused a DMA buffer its Render produced");
    }
    uint32_t fence = 0;
    st = ws_submit(sim, rd->context, rd->node, SABLE_SEGMENT_APERTURE, v->dma_gpu,
                   (uint32_t)written, false, &fence);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    v->render_submits++;
    rd->fence = fence;
    return ws_wait_fence(sim, rd->node, fence) ? STATUS_SUCCESS : STATUS_DEVICE_REMOVED;
}

NTSTATUS ws_render(WsSim *sim, WsRender *rd)
{
    WsVidMm *v = &sim->vidmm;
    UINT multipass = 0;
    for (;;) {
        DXGKARG_RENDER r;
        memset(&r, 0, sizeof(r));
        r.pCommand = rd->cmd;
        r.CommandLength = rd->len;
        r.pDmaBuffer = v->dma_cpu;
        r.DmaSize = v->dma_limit ? v->dma_limit : v->dma_size;
        r.pAllocationList = rd->allocs;
        r.AllocationListSize = rd->nallocs;
        r.pPatchLocationListIn = (D3DDDI_PATCHLOCATIONLIST *)rd->patches;
        r.PatchLocationListInSize = rd->npatches;
        r.pPatchLocationListOut = v->patch_out;
        r.PatchLocationListOutSize = SABLE_KMD_PATCH_LIST_SIZE;
        r.MultipassOffset = multipass;
        r.DmaBufferSegmentId = SABLE_SEGMENT_APERTURE;
        r.DmaBufferPhysicalAddress.QuadPart = (LONGLONG)v->dma_gpu;
        NTSTATUS st = sim->init.DxgkDdiRender(rd->context, &r);
        if (!NT_SUCCESS(st) && st != STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER) {
            return st;
        }
        uint8_t *end = r.pDmaBuffer;
        D3DDDI_PATCHLOCATIONLIST *out_end = r.pPatchLocationListOut;
        size_t size = v->dma_limit ? v->dma_limit : v->dma_size;
        if (end < v->dma_cpu || end > v->dma_cpu + size || out_end < v->patch_out ||
            out_end > v->patch_out + SABLE_KMD_PATCH_LIST_SIZE) {
            ws_bugcheck(WS_PAGE_FAULT_IN_NONPAGED_AREA, (uintptr_t)end, (uintptr_t)out_end,
                        0, 0, "Render moved its output pointers outside the buffers");
        }
        size_t written = (size_t)(end - v->dma_cpu);
        NTSTATUS sub = written ? patch_and_submit(sim, rd, written,
                                                  (UINT)(out_end - v->patch_out))
                               : STATUS_SUCCESS;
        if (!NT_SUCCESS(sub)) {
            return sub;
        }
        if (st == STATUS_SUCCESS) {
            return st;
        }
        if (!written || r.MultipassOffset <= multipass) {
            ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, r.MultipassOffset, multipass, 0, 6,
                        "Render asked for a new DMA buffer without progress");
        }
        multipass = r.MultipassOffset;
    }
}
