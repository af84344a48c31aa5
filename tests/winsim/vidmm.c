/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "vidmm.h"
#include "vidsch.h"
#include "mdl.h"
#include "bugcheck.h"

#define KMD_RENDER_DMA_SIZE (64u * 1024u)

/* DXGKQAITYPE_QUERYSEGMENT3, as dxgkrnl asks a WDDM 1.2+ driver: sizes
 * first, then the array; kept in v->seg / v->out (the common members). */
static NTSTATUS query_segments(WsSim *sim)
{
    WsVidMm *v = &sim->vidmm;
    DXGK_QUERYSEGMENTOUT3 out;
    DXGK_SEGMENTDESCRIPTOR3 seg[SABLE_SEGMENT_COUNT];
    DXGKARG_QUERYADAPTERINFO q = {
        .Type = DXGKQAITYPE_QUERYSEGMENT3, .pOutputData = &out, .OutputDataSize = sizeof(out),
    };
    memset(&out, 0, sizeof(out));
    NTSTATUS st = sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q);
    if (!NT_SUCCESS(st) || out.NbSegment != SABLE_SEGMENT_COUNT) {
        return NT_SUCCESS(st) ? STATUS_NOT_SUPPORTED : st;
    }
    out.pSegmentDescriptor = seg;
    st = sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q);
    memset(&v->out, 0, sizeof(v->out));
    v->out.NbSegment = out.NbSegment;
    v->out.PagingBufferSegmentId = out.PagingBufferSegmentId;
    v->out.PagingBufferSize = out.PagingBufferSize;
    v->out.PagingBufferPrivateDataSize = out.PagingBufferPrivateDataSize;
    for (unsigned i = 0; i < SABLE_SEGMENT_COUNT; i++) {
        memset(&v->seg[i], 0, sizeof(v->seg[i]));
        v->seg[i].BaseAddress = seg[i].BaseAddress;
        v->seg[i].CpuTranslatedAddress = seg[i].CpuTranslatedAddress;
        v->seg[i].Size = seg[i].Size;
        v->seg[i].CommitLimit = seg[i].CommitLimit;
        v->seg[i].Flags = seg[i].Flags;
    }
    return st;
}

static void create_paging_context(WsSim *sim)
{
    DXGKARG_CREATEDEVICE cd = { .Flags.SystemDevice = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateDevice(sim->adapter, &cd), ==, 0);
    g_assert_cmphex(cd.Flags.Value, ==, 1u); /* the KMD wrote nothing through pInfo */
    sim->vidmm.system_device = cd.hDevice;
    DXGKARG_CREATECONTEXT cc = { .NodeOrdinal = 0, .EngineAffinity = 1 };
    cc.Flags.SystemContext = 1;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateContext(cd.hDevice, &cc), ==, 0);
    sim->vidmm.paging_context = cc.hContext;
}

void ws_vidmm_init(WsSim *sim)
{
    WsVidMm *v = &sim->vidmm;
    g_assert_cmphex((uint32_t)query_segments(sim), ==, 0);
    UINT id = v->out.PagingBufferSegmentId;
    if (id < 1 || id > SABLE_SEGMENT_COUNT || !v->seg[id - 1].Flags.Aperture ||
        v->out.PagingBufferSize == 0 || v->out.PagingBufferSize % SABLE_PAGE_SIZE) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, id, v->out.PagingBufferSize, 0, 4,
                    "paging buffer segment must be an aperture segment");
    }
    create_paging_context(sim);
    ws_pagemap_init(&v->aperture, v->seg[SABLE_SEGMENT_APERTURE - 1].Size / SABLE_PAGE_SIZE);
    ws_pagemap_init(&v->vram, v->seg[SABLE_SEGMENT_VRAM - 1].Size / SABLE_PAGE_SIZE);
    v->in_vram = g_ptr_array_new();
    uint64_t pages = v->out.PagingBufferSize / SABLE_PAGE_SIZE;
    g_assert_true(ws_guestmem_alloc(&sim->mem, v->out.PagingBufferSize, &v->pb_bus,
                                    (void **)&v->pb_cpu));
    v->pb_mdl = ws_mdl_new(v->pb_bus, pages);
    v->pb_gpu = ws_aperture_map(sim, v->pb_mdl, pages);
    v->dma_size = KMD_RENDER_DMA_SIZE;
    for (unsigned i = 0; i < WS_DMA_BUFFERS; i++) {
        WsDmaBuffer *b = &v->dma[i];
        g_assert_true(ws_guestmem_alloc(&sim->mem, v->dma_size, &b->bus, (void **)&b->cpu));
        b->mdl = ws_mdl_new(b->bus, v->dma_size / SABLE_PAGE_SIZE);
        b->gpu = ws_aperture_map(sim, b->mdl, v->dma_size / SABLE_PAGE_SIZE);
    }
}

void ws_vidmm_destroy_contexts(WsSim *sim)
{
    WsVidMm *v = &sim->vidmm;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyContext(v->paging_context), ==, 0);
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyDevice(v->system_device), ==, 0);
}

/* After StopDevice: the device no longer reads the paging buffer. */
void ws_vidmm_release_memory(WsSim *sim)
{
    WsVidMm *v = &sim->vidmm;
    ws_mdl_free(v->pb_mdl);
    ws_guestmem_free(&sim->mem, v->pb_bus, v->out.PagingBufferSize);
    for (unsigned i = 0; i < WS_DMA_BUFFERS; i++) {
        ws_mdl_free(v->dma[i].mdl);
        ws_guestmem_free(&sim->mem, v->dma[i].bus, v->dma_size);
    }
    /* the paging and DMA buffers were still mapped: the GART went with the
     * adapter; everything else must have been released */
    g_assert_cmpuint(v->aperture.runs, ==, 1 + WS_DMA_BUFFERS);
    g_assert_cmpuint(v->vram.runs, ==, 0);
    ws_pagemap_fini(&v->aperture);
    ws_pagemap_fini(&v->vram);
    g_ptr_array_free(v->in_vram, TRUE);
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
    return ws_aperture_map_alloc(sim, NULL, mdl, pages);
}

uint64_t ws_aperture_map_alloc(WsSim *sim, HANDLE alloc, struct _MDL *mdl, uint64_t pages)
{
    WsVidMm *v = &sim->vidmm;
    uint64_t first;
    g_assert_true(ws_pagemap_alloc(&v->aperture, pages, &first));
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_MAP_APERTURE_SEGMENT };
    op.MapApertureSegment.SegmentId = SABLE_SEGMENT_APERTURE;
    op.MapApertureSegment.OffsetInPages = first;
    op.MapApertureSegment.NumberOfPages = pages;
    op.MapApertureSegment.pMdl = mdl;
    op.MapApertureSegment.hAllocation = alloc;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    return (uint64_t)v->seg[SABLE_SEGMENT_APERTURE - 1].BaseAddress.QuadPart +
           first * SABLE_PAGE_SIZE;
}

void ws_aperture_unmap(WsSim *sim, uint64_t gpu, uint64_t pages)
{
    ws_aperture_unmap_alloc(sim, NULL, gpu, pages);
}

void ws_aperture_unmap_alloc(WsSim *sim, HANDLE alloc, uint64_t gpu, uint64_t pages)
{
    WsVidMm *v = &sim->vidmm;
    uint64_t first = (gpu - (uint64_t)v->seg[SABLE_SEGMENT_APERTURE - 1].BaseAddress.QuadPart) /
                     SABLE_PAGE_SIZE;
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_UNMAP_APERTURE_SEGMENT };
    op.UnmapApertureSegment.SegmentId = SABLE_SEGMENT_APERTURE;
    op.UnmapApertureSegment.OffsetInPages = first;
    op.UnmapApertureSegment.NumberOfPages = pages;
    op.UnmapApertureSegment.hAllocation = alloc;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    ws_pagemap_free(&v->aperture, first, pages);
}

bool ws_vram_alloc(WsSim *sim, uint64_t size, uint64_t *gpu)
{
    uint64_t first;
    if (!ws_pagemap_alloc(&sim->vidmm.vram, (size + SABLE_PAGE_SIZE - 1) / SABLE_PAGE_SIZE,
                          &first)) {
        return false;
    }
    *gpu = (uint64_t)sim->vidmm.seg[SABLE_SEGMENT_VRAM - 1].BaseAddress.QuadPart +
           first * SABLE_PAGE_SIZE;
    return true;
}

void ws_vram_free(WsSim *sim, uint64_t gpu, uint64_t size)
{
    uint64_t base = (uint64_t)sim->vidmm.seg[SABLE_SEGMENT_VRAM - 1].BaseAddress.QuadPart;
    ws_pagemap_free(&sim->vidmm.vram, (gpu - base) / SABLE_PAGE_SIZE,
                    (size + SABLE_PAGE_SIZE - 1) / SABLE_PAGE_SIZE);
}
