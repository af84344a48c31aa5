/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <string.h>

#include "kmd-report.h"

#define WS_PAGE 4096u
#define WS_MAX_DMA_BUFFER (16u << 20)      /* model limit of one DMA buffer */
#define WS_MAX_LIST_ENTRIES (1u << 16)     /* model limit of allocation/patch lists */
#define WS_MAX_DMA_PRIVATE (64u << 10)     /* model limit of DMA buffer private data */

static bool refuse(WsSim *sim, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static bool refuse(WsSim *sim, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_free(sim->refused);
    sim->refused = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    return false;
}

static bool read_caps(WsSim *sim)
{
    DXGKARG_QUERYADAPTERINFO q = {
        .Type = DXGKQAITYPE_DRIVERCAPS, .pOutputData = &sim->caps,
        .OutputDataSize = sizeof(sim->caps),
    };
    memset(&sim->caps, 0, sizeof(sim->caps));
    NTSTATUS st = sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q);
    if (!NT_SUCCESS(st)) {
        return refuse(sim, "DRIVERCAPS query failed: 0x%08x", (uint32_t)st);
    }
    UINT nodes = sim->caps.GpuEngineTopology.NbAsymetricProcessingNodes;
    if (nodes == 0 || nodes > WS_MAX_NODES) {
        return refuse(sim, "GpuEngineTopology reports %u nodes (1..%u)", nodes, WS_MAX_NODES);
    }
    if (sim->caps.NumberOfSwizzlingRanges > WS_MAX_SWIZZLING_RANGES) {
        return refuse(sim, "%u swizzling ranges (winsim models up to %u)",
                      sim->caps.NumberOfSwizzlingRanges, WS_MAX_SWIZZLING_RANGES);
    }
    if (sim->caps.MaxAllocationListSlotId == 0) {
        return refuse(sim, "MaxAllocationListSlotId is 0");
    }
    sim->nodes = nodes;
    return true;
}

/* Is [addr, addr + len) inside one memory resource the adapter was given? */
static bool in_memory_resource(const WsSim *sim, uint64_t addr, uint64_t len)
{
    const CM_PARTIAL_RESOURCE_LIST *p = &sim->resources->List[0].PartialResourceList;
    for (ULONG i = 0; i < p->Count; i++) {
        const CM_PARTIAL_RESOURCE_DESCRIPTOR *d = &p->PartialDescriptors[i];
        uint64_t start = (uint64_t)d->u.Memory.Start.QuadPart, size = d->u.Memory.Length;
        if (d->Type == CmResourceTypeMemory && addr >= start && len <= size &&
            addr - start <= size - len) {
            return true;
        }
    }
    return false;
}

static bool check_segment(WsSim *sim, UINT id, const DXGK_SEGMENTDESCRIPTOR3 *s)
{
    uint64_t base = (uint64_t)s->BaseAddress.QuadPart, size = s->Size;
    if (size == 0 || size % WS_PAGE || base % WS_PAGE || base + size < base) {
        return refuse(sim, "segment %u: base 0x%" G_GINT64_MODIFIER "x size 0x%"
                      G_GINT64_MODIFIER "x is not a page-aligned range", id, base, size);
    }
    if (s->Flags.CpuVisible && !s->Flags.Aperture &&
        !in_memory_resource(sim, (uint64_t)s->CpuTranslatedAddress.QuadPart, size)) {
        return refuse(sim, "segment %u: CPU-visible at 0x%" G_GINT64_MODIFIER
                      "x, outside the adapter's memory resources", id,
                      (uint64_t)s->CpuTranslatedAddress.QuadPart);
    }
    for (UINT j = 1; j < id; j++) {
        const DXGK_SEGMENTDESCRIPTOR *o = &sim->vidmm.seg[j - 1];
        uint64_t ob = (uint64_t)o->BaseAddress.QuadPart;
        if (base < ob + o->Size && ob < base + size) {
            return refuse(sim, "segments %u and %u overlap in GPU addresses", j, id);
        }
    }
    return true;
}

/* DXGKQAITYPE_QUERYSEGMENT3, as dxgkrnl asks a WDDM 1.2+ driver: the count
 * first, then the array; the common members kept in vidmm.seg / vidmm.out. */
static bool read_segments(WsSim *sim)
{
    WsVidMm *v = &sim->vidmm;
    DXGK_QUERYSEGMENTOUT3 out;
    DXGK_SEGMENTDESCRIPTOR3 seg[WS_MAX_SEGMENTS + 1];
    DXGKARG_QUERYADAPTERINFO q = {
        .Type = DXGKQAITYPE_QUERYSEGMENT3, .pOutputData = &out, .OutputDataSize = sizeof(out),
    };
    memset(&out, 0, sizeof(out));
    NTSTATUS st = sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q);
    UINT count = out.NbSegment;
    if (!NT_SUCCESS(st) || count == 0 || count > WS_MAX_SEGMENTS) {
        return refuse(sim, "QUERYSEGMENT3: status 0x%08x, %u segments (1..%u)", (uint32_t)st,
                      count, WS_MAX_SEGMENTS);
    }
    memset(seg, 0, sizeof(seg));
    out.pSegmentDescriptor = seg;
    st = sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q);
    if (!NT_SUCCESS(st) || out.NbSegment != count) {
        return refuse(sim, "QUERYSEGMENT3 with the array: status 0x%08x, %u segments after %u",
                      (uint32_t)st, out.NbSegment, count);
    }
    memset(&v->out, 0, sizeof(v->out));
    v->out.NbSegment = count;
    v->out.PagingBufferSegmentId = out.PagingBufferSegmentId;
    v->out.PagingBufferSize = out.PagingBufferSize;
    v->out.PagingBufferPrivateDataSize = out.PagingBufferPrivateDataSize;
    v->aperture_id = 0;
    for (UINT id = 1; id <= count; id++) {
        const DXGK_SEGMENTDESCRIPTOR3 *s = &seg[id - 1];
        if (!check_segment(sim, id, s)) {
            return false;
        }
        DXGK_SEGMENTDESCRIPTOR *d = &v->seg[id - 1];
        memset(d, 0, sizeof(*d));
        d->BaseAddress = s->BaseAddress;
        d->CpuTranslatedAddress = s->CpuTranslatedAddress;
        d->Size = s->Size;
        d->CommitLimit = s->CommitLimit;
        d->Flags = s->Flags;
        if (s->Flags.Aperture && !v->aperture_id) {
            v->aperture_id = id;
        }
    }
    if (!v->aperture_id) {
        return refuse(sim, "no aperture segment: winsim maps system memory only through one");
    }
    UINT pb = v->out.PagingBufferSegmentId;
    if (pb < 1 || pb > count || !v->seg[pb - 1].Flags.Aperture ||
        v->out.PagingBufferSize == 0 || v->out.PagingBufferSize % WS_PAGE ||
        v->out.PagingBufferSize > WS_MAX_DMA_BUFFER) {
        return refuse(sim, "paging buffer: segment %u (must be an aperture segment), size %u",
                      pb, v->out.PagingBufferSize);
    }
    return true;
}

bool ws_report_read_adapter(WsSim *sim)
{
    return read_caps(sim) && read_segments(sim);
}

static bool check_context_info(WsSim *sim, const WsContextInfo *c)
{
    UINT all = sim->vidmm.out.NbSegment >= 32 ? ~0u : (1u << sim->vidmm.out.NbSegment) - 1;
    if (c->dma_size == 0 || c->dma_size > WS_MAX_DMA_BUFFER) {
        return refuse(sim, "context on node %u: DmaBufferSize %u", c->node, c->dma_size);
    }
    if (c->dma_segment_set & ~all) {
        return refuse(sim, "context on node %u: DmaBufferSegmentSet 0x%x names segments "
                      "the adapter did not report", c->node, c->dma_segment_set);
    }
    bool aperture = false;
    for (UINT id = 1; id <= sim->vidmm.out.NbSegment; id++) {
        aperture |= (c->dma_segment_set >> (id - 1) & 1) && sim->vidmm.seg[id - 1].Flags.Aperture;
    }
    if (!aperture) {
        return refuse(sim, "context on node %u: DmaBufferSegmentSet 0x%x has no aperture "
                      "segment (winsim places DMA buffers only there)", c->node,
                      c->dma_segment_set);
    }
    if (c->alloc_list_size == 0 || c->alloc_list_size > WS_MAX_LIST_ENTRIES ||
        c->patch_list_size == 0 || c->patch_list_size > WS_MAX_LIST_ENTRIES) {
        return refuse(sim, "context on node %u: allocation list %u, patch list %u entries",
                      c->node, c->alloc_list_size, c->patch_list_size);
    }
    if (c->dma_priv_size > WS_MAX_DMA_PRIVATE) {
        return refuse(sim, "context on node %u: DmaBufferPrivateDataSize %u", c->node,
                      c->dma_priv_size);
    }
    return true;
}

/* The pool of DMA buffers follows the system context; every context's
 * patch list fits the shared output list. */
static void adopt_context_info(WsSim *sim, const WsContextInfo *c, bool system)
{
    WsVidMm *v = &sim->vidmm;
    if (system) {
        v->dma_size = (c->dma_size + WS_PAGE - 1) / WS_PAGE * WS_PAGE;
        for (UINT id = 1; !v->dma_segment; id++) {
            if ((c->dma_segment_set >> (id - 1) & 1) && v->seg[id - 1].Flags.Aperture) {
                v->dma_segment = id;
            }
        }
    }
    if (c->patch_list_size > v->patch_size) {
        v->patch_out = g_renew(D3DDDI_PATCHLOCATIONLIST, v->patch_out, c->patch_list_size);
        v->patch_size = c->patch_list_size;
    }
}

NTSTATUS ws_context_create(WsSim *sim, HANDLE device, unsigned node, bool system,
                           HANDLE *context)
{
    if (node >= sim->nodes) {
        return STATUS_INVALID_PARAMETER; /* dxgkrnl checks the ordinal first */
    }
    DXGKARG_CREATECONTEXT cc = { .NodeOrdinal = node, .EngineAffinity = 1 };
    cc.Flags.SystemContext = system;
    NTSTATUS st = sim->init.DxgkDdiCreateContext(device, &cc);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    WsContextInfo *c = g_new0(WsContextInfo, 1);
    *c = (WsContextInfo){ node, cc.ContextInfo.DmaBufferSize,
                          cc.ContextInfo.DmaBufferSegmentSet,
                          cc.ContextInfo.AllocationListSize,
                          cc.ContextInfo.PatchLocationListSize,
                          cc.ContextInfo.DmaBufferPrivateDataSize };
    if (!check_context_info(sim, c)) {
        g_free(c);
        sim->init.DxgkDdiDestroyContext(cc.hContext);
        return STATUS_UNSUCCESSFUL;
    }
    adopt_context_info(sim, c, system);
    if (!sim->vidmm.contexts) {
        sim->vidmm.contexts = g_hash_table_new_full(NULL, NULL, NULL, g_free);
    }
    g_hash_table_insert(sim->vidmm.contexts, cc.hContext, c);
    *context = cc.hContext;
    return STATUS_SUCCESS;
}

NTSTATUS ws_context_destroy(WsSim *sim, HANDLE context)
{
    NTSTATUS st = sim->init.DxgkDdiDestroyContext(context);
    if (NT_SUCCESS(st) && sim->vidmm.contexts) {
        g_hash_table_remove(sim->vidmm.contexts, context);
    }
    return st;
}

const WsContextInfo *ws_context_info(const WsSim *sim, HANDLE context)
{
    return sim->vidmm.contexts ? g_hash_table_lookup(sim->vidmm.contexts, context) : NULL;
}

uint8_t *ws_bar_ptr(WsSim *sim, uint64_t bus, uint64_t len)
{
    for (unsigned b = 0; b < WS_MAX_BARS; b++) {
        const WsBar *bar = &sim->t->bar[b];
        if (sim->t->host[b] && bar->size && bus >= bar->addr && len <= bar->size &&
            bus - bar->addr <= bar->size - len) {
            return (uint8_t *)sim->t->host[b] + (bus - bar->addr);
        }
    }
    return NULL;
}

uint8_t *ws_segment_ptr(WsSim *sim, UINT id, uint64_t gpu, uint64_t len)
{
    if (id < 1 || id > sim->vidmm.out.NbSegment) {
        return NULL;
    }
    const DXGK_SEGMENTDESCRIPTOR *s = &sim->vidmm.seg[id - 1];
    uint64_t base = (uint64_t)s->BaseAddress.QuadPart;
    if (!s->Flags.CpuVisible || s->Flags.Aperture || gpu < base || len > s->Size ||
        gpu - base > s->Size - len) {
        return NULL;
    }
    return ws_bar_ptr(sim, (uint64_t)s->CpuTranslatedAddress.QuadPart + (gpu - base), len);
}
