/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "vidmm.h"
#include "vidsch.h"
#include "mdl.h"
#include "bugcheck.h"

#include "kmd-report.h"

#define WS_PAGE 4096u

static bool create_paging_context(WsSim *sim)
{
    DXGKARG_CREATEDEVICE cd = { .Flags.SystemDevice = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateDevice(sim->adapter, &cd), ==, 0);
    g_assert_cmphex(cd.Flags.Value, ==, 1u); /* the KMD wrote nothing through pInfo */
    sim->vidmm.system_device = cd.hDevice;
    NTSTATUS st = ws_context_create(sim, cd.hDevice, 0, true, &sim->vidmm.paging_context);
    if (!NT_SUCCESS(st)) {
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyDevice(cd.hDevice), ==, 0);
        sim->vidmm.system_device = NULL;
        return false;
    }
    return true;
}

/* After ws_report_read_adapter: the paging context, a page map per
 * segment, the paging buffer and the DMA-buffer pool, as reported. */
bool ws_vidmm_init(WsSim *sim)
{
    WsVidMm *v = &sim->vidmm;
    for (UINT id = 1; id <= v->out.NbSegment; id++) {
        ws_pagemap_init(&v->pages[id - 1], v->seg[id - 1].Size / WS_PAGE);
    }
    v->in_vram = g_ptr_array_new();
    if (!create_paging_context(sim)) {
        return false;
    }
    uint64_t pages = v->out.PagingBufferSize / WS_PAGE;
    g_assert_true(ws_guestmem_alloc(&sim->mem, v->out.PagingBufferSize, &v->pb_bus,
                                    (void **)&v->pb_cpu));
    v->pb_mdl = ws_mdl_new(v->pb_bus, pages);
    v->pb_gpu = ws_aperture_map(sim, v->pb_mdl, pages);
    for (unsigned i = 0; i < WS_DMA_BUFFERS; i++) {
        WsDmaBuffer *b = &v->dma[i];
        g_assert_true(ws_guestmem_alloc(&sim->mem, v->dma_size, &b->bus, (void **)&b->cpu));
        b->mdl = ws_mdl_new(b->bus, v->dma_size / WS_PAGE);
        b->gpu = ws_segment_map(sim, v->dma_segment, NULL, b->mdl, v->dma_size / WS_PAGE);
    }
    return true;
}

void ws_vidmm_destroy_contexts(WsSim *sim)
{
    WsVidMm *v = &sim->vidmm;
    g_assert_cmphex((uint32_t)ws_context_destroy(sim, v->paging_context), ==, 0);
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyDevice(v->system_device), ==, 0);
}

/* After StopDevice (or a refused start): the device no longer reads the
 * paging buffer. */
void ws_vidmm_release_memory(WsSim *sim)
{
    WsVidMm *v = &sim->vidmm;
    unsigned mapped = 0;
    if (v->pb_mdl) {
        ws_mdl_free(v->pb_mdl);
        ws_guestmem_free(&sim->mem, v->pb_bus, v->out.PagingBufferSize);
        mapped++;
    }
    for (unsigned i = 0; i < WS_DMA_BUFFERS; i++) {
        if (v->dma[i].mdl) {
            ws_mdl_free(v->dma[i].mdl);
            ws_guestmem_free(&sim->mem, v->dma[i].bus, v->dma_size);
            mapped++;
        }
        g_clear_pointer(&v->dma[i].priv, g_free);
    }
    /* the paging and DMA buffers were still mapped (the GART went with the
     * adapter); everything else must have been released */
    g_assert_cmpuint(ws_vidmm_runs(sim), ==, mapped);
    for (UINT id = 1; id <= v->out.NbSegment; id++) {
        ws_pagemap_fini(&v->pages[id - 1]);
    }
    if (v->in_vram) {
        g_ptr_array_free(v->in_vram, TRUE);
    }
    if (v->contexts) {
        g_hash_table_destroy(v->contexts);
    }
    g_free(v->patch_out);
    memset(v, 0, sizeof(*v));
}

static void submit_paging(WsSim *sim, size_t written)
{
    uint32_t fence;
    NTSTATUS st = ws_submit(sim, sim->vidmm.paging_context, 0,
                            sim->vidmm.out.PagingBufferSegmentId, sim->vidmm.pb_gpu,
                            (uint32_t)written, true, &fence);
    if (!NT_SUCCESS(st) || !ws_wait_fence(sim, 0, fence)) {
        ws_bugcheck(VIDEO_TDR_ERROR, (uint32_t)st, written, 0, 0,
                    "paging buffer not accepted or not completed");
    }
    sim->vidmm.paging_submits++;
}

NTSTATUS ws_paging(WsSim *sim, DXGKARG_BUILDPAGINGBUFFER *op)
{
    WsVidMm *v = &sim->vidmm;
    uint32_t size = v->dma_limit ? v->dma_limit : v->out.PagingBufferSize;
    op->MultipassOffset = 0;
    for (;;) {
        op->pDmaBuffer = v->pb_cpu;
        op->DmaSize = size;
        NTSTATUS st = sim->init.DxgkDdiBuildPagingBuffer(sim->adapter, op);
        uint8_t *end = op->pDmaBuffer;
        if (end < v->pb_cpu || end > v->pb_cpu + size) {
            ws_bugcheck(WS_PAGE_FAULT_IN_NONPAGED_AREA, (uintptr_t)end, size, 0, 0,
                        "BuildPagingBuffer moved pDmaBuffer outside the buffer");
        }
        size_t written = (size_t)(end - v->pb_cpu);
        if (written) {
            submit_paging(sim, written);
        }
        if (st != STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER) {
            return st;
        }
        if (!written) {
            ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, op->Operation, size, 0, 5,
                        "INSUFFICIENT_DMA_BUFFER without progress in an empty buffer");
        }
    }
}

uint64_t ws_aperture_map(WsSim *sim, struct _MDL *mdl, uint64_t pages)
{
    return ws_segment_map(sim, sim->vidmm.aperture_id, NULL, mdl, pages);
}

uint64_t ws_aperture_map_alloc(WsSim *sim, HANDLE alloc, struct _MDL *mdl, uint64_t pages)
{
    return ws_segment_map(sim, sim->vidmm.aperture_id, alloc, mdl, pages);
}

uint64_t ws_segment_map(WsSim *sim, UINT id, HANDLE alloc, struct _MDL *mdl, uint64_t pages)
{
    WsVidMm *v = &sim->vidmm;
    uint64_t first;
    g_assert_true(ws_pagemap_alloc(&v->pages[id - 1], pages, &first));
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_MAP_APERTURE_SEGMENT };
    op.MapApertureSegment.SegmentId = id;
    op.MapApertureSegment.OffsetInPages = first;
    op.MapApertureSegment.NumberOfPages = pages;
    op.MapApertureSegment.pMdl = mdl;
    op.MapApertureSegment.hAllocation = alloc;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    return (uint64_t)v->seg[id - 1].BaseAddress.QuadPart + first * WS_PAGE;
}

void ws_aperture_unmap(WsSim *sim, uint64_t gpu, uint64_t pages)
{
    ws_aperture_unmap_alloc(sim, NULL, gpu, pages);
}

void ws_aperture_unmap_alloc(WsSim *sim, HANDLE alloc, uint64_t gpu, uint64_t pages)
{
    WsVidMm *v = &sim->vidmm;
    UINT id = v->aperture_id;
    uint64_t first = (gpu - (uint64_t)v->seg[id - 1].BaseAddress.QuadPart) / WS_PAGE;
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_UNMAP_APERTURE_SEGMENT };
    op.UnmapApertureSegment.SegmentId = id;
    op.UnmapApertureSegment.OffsetInPages = first;
    op.UnmapApertureSegment.NumberOfPages = pages;
    op.UnmapApertureSegment.hAllocation = alloc;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    ws_pagemap_free(&v->pages[id - 1], first, pages);
}

bool ws_segment_alloc(WsSim *sim, UINT id, uint64_t size, uint64_t *gpu)
{
    uint64_t first;
    if (!ws_pagemap_alloc(&sim->vidmm.pages[id - 1], (size + WS_PAGE - 1) / WS_PAGE, &first)) {
        return false;
    }
    *gpu = (uint64_t)sim->vidmm.seg[id - 1].BaseAddress.QuadPart + first * WS_PAGE;
    return true;
}

void ws_segment_free(WsSim *sim, UINT id, uint64_t gpu, uint64_t size)
{
    uint64_t base = (uint64_t)sim->vidmm.seg[id - 1].BaseAddress.QuadPart;
    ws_pagemap_free(&sim->vidmm.pages[id - 1], (gpu - base) / WS_PAGE,
                    (size + WS_PAGE - 1) / WS_PAGE);
}

unsigned ws_vidmm_runs(const WsSim *sim)
{
    unsigned runs = 0;
    for (UINT id = 1; id <= sim->vidmm.out.NbSegment; id++) {
        runs += sim->vidmm.pages[id - 1].runs;
    }
    return runs;
}
