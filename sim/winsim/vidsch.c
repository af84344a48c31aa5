/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "vidsch.h"
#include "kmd-report.h"
#include "bugcheck.h"
#include "ws-tdr.h"

NTSTATUS ws_submit(WsSim *sim, HANDLE context, unsigned node, unsigned segment,
                   uint64_t gpu, uint32_t size, bool paging, uint32_t *fence)
{
    if (node >= sim->nodes) {
        return STATUS_INVALID_PARAMETER;
    }
    WsNode *n = &sim->node[node];
    if (g_hash_table_contains(sim->errored, context)) {
        return STATUS_DEVICE_REMOVED;
    }
    /* no more than RequiredDmaQueueEntry submissions in flight per node */
    while (n->pending->len >= sim->dma_queue_entries) {
        ws_wait_fence(sim, node, g_array_index(n->pending, WsPacket, 0).fence);
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

uint32_t ws_follow_fence(const WsNode *n, uint32_t fence)
{
    bool moved = true;
    while (moved) { /* resubmitted again by a later TDR */
        moved = false;
        for (guint i = 0; i < n->remap->len && !moved; i++) {
            const WsRemap *r = &g_array_index(n->remap, WsRemap, i);
            if (r->old_fence == fence) {
                fence = r->new_fence;
                moved = true;
            }
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
    fence = ws_follow_fence(&sim->node[node], fence); /* resubmitted by an earlier TDR */
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
            if (sim->tdr_level == WS_TDR_LEVEL_OFF) {
                return false;
            }
            ws_tdr(sim, node);
            uint32_t next = ws_follow_fence(&sim->node[node], fence);
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

/* True once the submission that used the buffer retired (following it
 * when a TDR resubmitted it). */
static bool dma_free(WsSim *sim, const WsDmaBuffer *b)
{
    const WsNode *n = &sim->node[b->node];
    return !b->busy || (int32_t)(n->retired - ws_follow_fence(n, b->fence)) >= 0;
}

/* A DMA buffer no submission uses any more, waiting for one if needed. */
static WsDmaBuffer *dma_buffer(WsSim *sim)
{
    WsDmaBuffer *pool = sim->vidmm.dma;
    for (;;) {
        for (unsigned i = 0; i < WS_DMA_BUFFERS; i++) {
            if (dma_free(sim, &pool[i])) {
                pool[i].busy = false;
                return &pool[i];
            }
        }
        ws_wait_fence(sim, pool[0].node, pool[0].fence); /* returns once it retired */
    }
}

/* Patch (must succeed: the KMD validated the buffer in Render) and submit;
 * the buffer stays busy until the submission retires. */
static NTSTATUS patch_and_submit(WsSim *sim, WsRender *rd, WsDmaBuffer *b, size_t written,
                                 UINT nout)
{
    WsVidMm *v = &sim->vidmm;
    DXGKARG_PATCH p;
    memset(&p, 0, sizeof(p));
    p.hContext = rd->context;
    p.DmaBufferSegmentId = v->dma_segment;
    p.DmaBufferPhysicalAddress.QuadPart = (LONGLONG)b->gpu;
    p.pDmaBuffer = b->cpu;
    p.DmaBufferSize = (UINT)written;
    p.DmaBufferSubmissionEndOffset = (UINT)written;
    p.DmaBufferPrivateDataSize = ws_context_info(sim, rd->context)->dma_priv_size;
    p.pDmaBufferPrivateData = p.DmaBufferPrivateDataSize ? b->priv : NULL;
    p.DmaBufferPrivateDataSubmissionEndOffset = p.DmaBufferPrivateDataSize;
    p.pAllocationList = rd->allocs;
    p.AllocationListSize = rd->nallocs;
    p.pPatchLocationList = v->patch_out;
    p.PatchLocationListSize = nout;
    p.PatchLocationListSubmissionLength = nout;
    p.SubmissionFenceId = sim->node[rd->node].next_fence;
    p.Flags.Present = rd->present != NULL;
    NTSTATUS st = sim->init.DxgkDdiPatch(sim->adapter, &p);
    if (!NT_SUCCESS(st)) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, (uint32_t)st, written, nout, 9,
                    "Patch refused a DMA buffer its Render produced");
    }
    uint32_t fence = 0;
    st = ws_submit(sim, rd->context, rd->node, v->dma_segment, b->gpu,
                   (uint32_t)written, false, &fence);
    if (NT_SUCCESS(st)) {
        *b = (WsDmaBuffer){ b->bus, b->gpu, b->cpu, b->mdl, true, rd->node, fence, b->priv,
                            b->priv_size };
        v->render_submits++;
        rd->fence = fence;
    }
    return st;
}

/* DxgkDdiPresent into `b`: the runtime's present with this buffer. */
static NTSTATUS present_into(WsSim *sim, WsRender *rd, WsDmaBuffer *b, uint32_t size,
                             UINT *multipass, uint8_t **end, D3DDDI_PATCHLOCATIONLIST **out)
{
    const WsContextInfo *info = ws_context_info(sim, rd->context);
    DXGKARG_PRESENT p = *rd->present;
    p.pDmaBuffer = b->cpu;
    p.DmaSize = size;
    p.pDmaBufferPrivateData = info->dma_priv_size ? b->priv : NULL;
    p.DmaBufferPrivateDataSize = info->dma_priv_size;
    p.pAllocationList = rd->allocs;
    p.pPatchLocationListOut = sim->vidmm.patch_out;
    p.PatchLocationListOutSize = info->patch_list_size;
    p.MultipassOffset = *multipass;
    p.DmaBufferSegmentId = sim->vidmm.dma_segment;
    p.DmaBufferPhysicalAddress.QuadPart = (LONGLONG)b->gpu;
    NTSTATUS st = sim->init.DxgkDdiPresent(rd->context, &p);
    *multipass = p.MultipassOffset;
    *end = p.pDmaBuffer;
    *out = p.pPatchLocationListOut;
    return st;
}

/* DxgkDdiRender of the command buffer into `b`. */
static NTSTATUS render_into(WsSim *sim, WsRender *rd, WsDmaBuffer *b, uint32_t size,
                            UINT *multipass, uint8_t **end, D3DDDI_PATCHLOCATIONLIST **out)
{
    const WsContextInfo *info = ws_context_info(sim, rd->context);
    DXGKARG_RENDER r;
    memset(&r, 0, sizeof(r));
    r.pCommand = rd->cmd;
    r.CommandLength = rd->len;
    r.pDmaBuffer = b->cpu;
    r.DmaSize = size;
    r.pDmaBufferPrivateData = info->dma_priv_size ? b->priv : NULL;
    r.DmaBufferPrivateDataSize = info->dma_priv_size;
    r.pAllocationList = rd->allocs;
    r.AllocationListSize = rd->nallocs;
    r.pPatchLocationListIn = (D3DDDI_PATCHLOCATIONLIST *)rd->patches;
    r.PatchLocationListInSize = rd->npatches;
    r.pPatchLocationListOut = sim->vidmm.patch_out;
    r.PatchLocationListOutSize = info->patch_list_size;
    r.MultipassOffset = *multipass;
    r.DmaBufferSegmentId = sim->vidmm.dma_segment;
    r.DmaBufferPhysicalAddress.QuadPart = (LONGLONG)b->gpu;
    NTSTATUS st = sim->init.DxgkDdiRender(rd->context, &r);
    *multipass = r.MultipassOffset;
    *end = r.pDmaBuffer;
    *out = r.pPatchLocationListOut;
    return st;
}

/* The buffer's private data, as large as the context asked for, filled
 * with a pattern: what dxgkrnl hands Render or Present is the driver's to
 * fill, and may hold what an earlier submission left. */
static void private_data(WsDmaBuffer *b, UINT size)
{
    if (b->priv_size < size) {
        b->priv = g_realloc(b->priv, size);
        b->priv_size = size;
    }
    if (b->priv) {
        memset(b->priv, 0xcd, b->priv_size);
    }
}

/* Render (or Present) into `b` from *multipass;
 * STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER when more remains. */
static NTSTATUS render_part(WsSim *sim, WsRender *rd, WsDmaBuffer *b, UINT *multipass)
{
    WsVidMm *v = &sim->vidmm;
    const WsContextInfo *info = ws_context_info(sim, rd->context);
    /* a buffer of the pool, no larger than the context asked for */
    uint32_t size = MIN(v->dma_size, info->dma_size);
    size = v->dma_limit ? MIN(size, v->dma_limit) : size;
    UINT before = *multipass;
    private_data(b, info->dma_priv_size);
    uint8_t *end;
    D3DDDI_PATCHLOCATIONLIST *out_end;
    NTSTATUS st = rd->present ? present_into(sim, rd, b, size, multipass, &end, &out_end)
                              : render_into(sim, rd, b, size, multipass, &end, &out_end);
    if (!NT_SUCCESS(st) && st != STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER) {
        return st;
    }
    if (end < b->cpu || end > b->cpu + size || out_end < v->patch_out ||
        out_end > v->patch_out + info->patch_list_size) {
        ws_bugcheck(WS_PAGE_FAULT_IN_NONPAGED_AREA, (uintptr_t)end, (uintptr_t)out_end,
                    0, 0, "Render moved its output pointers outside the buffers");
    }
    size_t written = (size_t)(end - b->cpu);
    if (st == STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER && (!written || *multipass <= before)) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, *multipass, before, 0, 6,
                    "Render asked for a new DMA buffer without progress");
    }
    NTSTATUS sub = written ? patch_and_submit(sim, rd, b, written, (UINT)(out_end - v->patch_out))
                           : STATUS_SUCCESS;
    return NT_SUCCESS(sub) ? st : sub;
}

NTSTATUS ws_render(WsSim *sim, WsRender *rd)
{
    const WsContextInfo *info = ws_context_info(sim, rd->context);
    if (!info || info->node != rd->node || rd->nallocs > info->alloc_list_size) {
        return STATUS_INVALID_PARAMETER; /* the thunk's own checks */
    }
    if (g_hash_table_contains(sim->errored, rd->context)) {
        return STATUS_DEVICE_REMOVED; /* dxgkrnl no longer renders for it */
    }
    UINT multipass = 0;
    NTSTATUS st;
    do {
        st = render_part(sim, rd, dma_buffer(sim), &multipass);
    } while (st == STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER);
    return st;
}
