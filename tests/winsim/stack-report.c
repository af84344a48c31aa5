/* SPDX-License-Identifier: MIT */
/*
 * The stack suite: winsim judges what the KMD reports. Each case wraps one
 * DDI of the loaded KMD so that it reports something wrong (or merely
 * different) about the adapter, and checks that winsim refuses the
 * inconsistent report, as dxgkrnl fails such a start, or follows the
 * different one instead of assuming Sable's numbers.
 */
#include <string.h>

#include "stack-util.h"

typedef enum Lie {
    LIE_NONE,
    LIE_NO_NODES,
    LIE_TOO_MANY_NODES,
    LIE_ONE_NODE,
    LIE_SWIZZLING_RANGES,
    LIE_SEGMENT_COUNT_CHANGES,
    LIE_SEGMENT_SIZE,
    LIE_SEGMENTS_OVERLAP,
    LIE_CPU_VIEW_OUTSIDE_BARS,
    LIE_PAGING_IN_MEMORY_SEGMENT,
    LIE_NO_APERTURE,
    LIE_DMA_SEGMENT_UNKNOWN,
    LIE_NO_PATCH_LIST,
    LIE_SMALL_LISTS,
} Lie;

static Lie lie;
static PDXGKDDI_QUERYADAPTERINFO real_query;
static PDXGKDDI_CREATECONTEXT real_create_context;
static PDXGKDDI_RENDER real_render;
static UINT max_dma_size, max_patch_out; /* what Render was handed */

static void lie_caps(DXGK_DRIVERCAPS *caps)
{
    switch (lie) {
    case LIE_NO_NODES: caps->GpuEngineTopology.NbAsymetricProcessingNodes = 0; break;
    case LIE_TOO_MANY_NODES:
        caps->GpuEngineTopology.NbAsymetricProcessingNodes = WS_MAX_NODES + 1;
        break;
    case LIE_ONE_NODE: caps->GpuEngineTopology.NbAsymetricProcessingNodes = 1; break;
    case LIE_SWIZZLING_RANGES: caps->NumberOfSwizzlingRanges = WS_MAX_SWIZZLING_RANGES + 1; break;
    default: break;
    }
}

/* Segment 1 is Sable's VRAM, segment 2 its aperture (what is being lied about). */
static void lie_segments(DXGK_QUERYSEGMENTOUT3 *out)
{
    DXGK_SEGMENTDESCRIPTOR3 *s = out->pSegmentDescriptor;
    if (!s) {
        out->NbSegment += lie == LIE_SEGMENT_COUNT_CHANGES;
        return;
    }
    switch (lie) {
    case LIE_SEGMENT_SIZE: s[0].Size += 512; break;
    case LIE_SEGMENTS_OVERLAP: s[1].BaseAddress.QuadPart = s[0].BaseAddress.QuadPart + 4096; break;
    case LIE_CPU_VIEW_OUTSIDE_BARS: s[0].CpuTranslatedAddress.QuadPart += 4096; break;
    case LIE_PAGING_IN_MEMORY_SEGMENT: out->PagingBufferSegmentId = SABLE_SEGMENT_VRAM; break;
    case LIE_NO_APERTURE: s[1].Flags.Aperture = 0; break;
    default: break;
    }
}

static NTSTATUS WDDM_API lying_query(const HANDLE adapter, const DXGKARG_QUERYADAPTERINFO *q)
{
    NTSTATUS st = real_query(adapter, q);
    if (NT_SUCCESS(st) && q->Type == DXGKQAITYPE_DRIVERCAPS) {
        lie_caps(q->pOutputData);
    } else if (NT_SUCCESS(st) && q->Type == DXGKQAITYPE_QUERYSEGMENT3) {
        lie_segments(q->pOutputData);
    }
    return st;
}

static NTSTATUS WDDM_API lying_create_context(const HANDLE device, DXGKARG_CREATECONTEXT *cc)
{
    NTSTATUS st = real_create_context(device, cc);
    DXGK_CONTEXTINFO *i = &cc->ContextInfo;
    if (NT_SUCCESS(st) && lie == LIE_DMA_SEGMENT_UNKNOWN) {
        i->DmaBufferSegmentSet |= 1u << 4; /* a fifth segment */
    } else if (NT_SUCCESS(st) && lie == LIE_NO_PATCH_LIST) {
        i->PatchLocationListSize = 0;
    } else if (NT_SUCCESS(st) && lie == LIE_SMALL_LISTS && !cc->Flags.SystemContext) {
        i->PatchLocationListSize = 3;
        i->DmaBufferSize = 4096;
        i->AllocationListSize = 2;
    }
    return st;
}

static NTSTATUS WDDM_API recording_render(const HANDLE context, DXGKARG_RENDER *r)
{
    max_dma_size = MAX(max_dma_size, r->DmaSize);
    max_patch_out = MAX(max_patch_out, r->PatchLocationListOutSize);
    return real_render(context, r);
}

static WsSim *sim_lying(Lie l)
{
    WsSim *sim = ws_sim_new(transport_name());
    lie = l;
    real_query = sim->init.DxgkDdiQueryAdapterInfo;
    real_create_context = sim->init.DxgkDdiCreateContext;
    real_render = sim->init.DxgkDdiRender;
    sim->init.DxgkDdiQueryAdapterInfo = lying_query;
    sim->init.DxgkDdiCreateContext = lying_create_context;
    sim->init.DxgkDdiRender = recording_render;
    max_dma_size = max_patch_out = 0;
    return sim;
}

typedef struct Refusal {
    const char *path;
    Lie lie;
    const char *reason; /* a phrase sim->refused must contain */
} Refusal;

static const Refusal refusals[] = {
    { "/stack/report/refused/no-nodes", LIE_NO_NODES, "0 nodes" },
    { "/stack/report/refused/too-many-nodes", LIE_TOO_MANY_NODES, "9 nodes" },
    { "/stack/report/refused/swizzling-ranges", LIE_SWIZZLING_RANGES, "swizzling ranges" },
    { "/stack/report/refused/segment-count-changes", LIE_SEGMENT_COUNT_CHANGES,
      "segments after 3" },
    { "/stack/report/refused/segment-size", LIE_SEGMENT_SIZE, "page-aligned" },
    { "/stack/report/refused/segments-overlap", LIE_SEGMENTS_OVERLAP, "overlap" },
    { "/stack/report/refused/cpu-view-outside-bars", LIE_CPU_VIEW_OUTSIDE_BARS,
      "outside the adapter's memory resources" },
    { "/stack/report/refused/paging-in-memory-segment", LIE_PAGING_IN_MEMORY_SEGMENT,
      "paging buffer" },
    { "/stack/report/refused/no-aperture", LIE_NO_APERTURE, "no aperture segment" },
    { "/stack/report/refused/dma-segment-unknown", LIE_DMA_SEGMENT_UNKNOWN,
      "did not report" },
    { "/stack/report/refused/no-patch-list", LIE_NO_PATCH_LIST, "patch list 0" },
};

/* The start fails, the reason names the lie, and nothing leaks (checked
 * by ws_sim_free). */
static void test_refused(gconstpointer data)
{
    const Refusal *r = data;
    WsSim *sim = sim_lying(r->lie);
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, (uint32_t)STATUS_UNSUCCESSFUL);
    g_assert_null(sim->adapter);
    g_assert_nonnull(sim->refused);
    g_assert_nonnull(strstr(sim->refused, r->reason));
    ws_sim_free(sim);
}

/* One node reported: winsim makes contexts and accepts work on that node
 * only, and the work there completes. */
static void test_one_node(void)
{
    WsSim *sim = sim_lying(LIE_ONE_NODE);
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, 0);
    g_assert_cmpuint(sim->nodes, ==, 1);
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[0], 1, 0, 0, 0, false, &fence), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    HANDLE extra;
    g_assert_cmphex((uint32_t)ws_context_create(sim, c.device, 1, false, &extra), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_true(ws_wait_fence(sim, 0, submit_write32(sim, &c, &m, 0, 0xabc)));
    g_assert_cmphex(read_result(&m, 0), ==, 0xabc);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* Smaller DMA buffers and lists than Sable's: Render gets buffers and patch
 * lists of the reported sizes, and more allocations than the reported list
 * holds are refused before the KMD sees them. */
static void test_small_lists(void)
{
    WsSim *sim = sim_lying(LIE_SMALL_LISTS);
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, 0);
    WsKmtDevice *d = ws_kmt_create_device(sim);
    struct sable_alloc_private p = buffer_desc(2 * SABLE_PAGE_SIZE, SABLE_SEGMENT_APERTURE);
    WsKmtAllocation *a;
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a), ==, 0);
    Cmd c = { .len = 0 };
    for (unsigned i = 0; i < 3; i++) {
        cmd_write32(&c, 0x10 + 4 * i, 0x500 + i);
    }
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 0, c.buf, c.len, &a, 1, c.patch, c.npatch,
                                            &fence), ==, 0);
    g_assert_true(ws_kmt_wait(d, 0, fence));
    g_assert_cmpuint(max_dma_size, ==, 4096);
    g_assert_cmpuint(max_patch_out, ==, 3);
    WsKmtAllocation *three[3] = { a, a, a };
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 0, c.buf, c.len, three, 3, c.patch, c.npatch,
                                            &fence), ==, (uint32_t)STATUS_INVALID_PARAMETER);
    ws_kmt_destroy_allocation(d, a);
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

void stack_add_report_tests(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(refusals); i++) {
        g_test_add_data_func(refusals[i].path, &refusals[i], test_refused);
    }
    g_test_add_func("/stack/report/follows/one-node", test_one_node);
    g_test_add_func("/stack/report/follows/small-lists", test_small_lists);
}
