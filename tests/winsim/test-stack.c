/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite: winsim + the KMD on a transport named by
 * $WINSIM_TRANSPORT (inproc, inproc-intx, qemu). Every test loads the
 * driver, starts the adapter and ends with RemoveDevice and the leak check
 * of ws_sim_free().
 */
#include <string.h>
#include <glib/gstdio.h>

#include "winsim.h"
#include "vidsch.h"
#include "vidmm.h"
#include "tdr.h"
#include "kmt.h"
#include "sable-dump-decode.h"
#include "gart.h"
#include "mdl.h"

static const char *transport_name(void)
{
    const char *name = g_getenv("WINSIM_TRANSPORT");
    return name ? name : "inproc";
}

static WsSim *started(void)
{
    WsSim *sim = ws_sim_new(transport_name());
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, (uint32_t)STATUS_SUCCESS);
    return sim;
}

static NTSTATUS query(WsSim *sim, DXGK_QUERYADAPTERINFOTYPE type, void *out, UINT size)
{
    DXGKARG_QUERYADAPTERINFO q = { .Type = type, .pOutputData = out, .OutputDataSize = size };
    return sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q);
}

static void test_bringup_caps(void)
{
    WsSim *sim = started();
    g_assert_cmphex(sim->init.Version, ==, DXGKDDI_INTERFACE_VERSION_WIN8);
    /* not implemented, so not offered (and no preemption claimed below) */
    g_assert_null(sim->init.DxgkDdiPreemptCommand);
    g_assert_null(sim->init.DxgkDdiAcquireSwizzlingRange);
    g_assert_null(sim->init.DxgkDdiSetPalette);
    DXGK_DRIVERCAPS caps;
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_DRIVERCAPS, &caps, sizeof(caps) - 1), ==,
                    (uint32_t)STATUS_BUFFER_TOO_SMALL);
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_DRIVERCAPS, &caps, sizeof(caps)), ==, 0);
    g_assert_cmpuint(caps.SchedulingCaps.MultiEngineAware, ==, 1);
    g_assert_cmpuint(caps.SchedulingCaps.PreemptionAware, ==, 0);
    g_assert_cmpuint(caps.GpuEngineTopology.NbAsymetricProcessingNodes, ==, 2);
    g_assert_cmpuint(caps.SupportPerEngineTDR, ==, 1);
    g_assert_cmpuint(caps.NumberOfSwizzlingRanges, ==, 0);
    g_assert_cmpuint(caps.MaxAllocationListSlotId, ==, SABLE_KMD_ALLOCATION_LIST_SIZE);
    g_assert_cmpuint(caps.InterruptMessageNumber, ==, sim->t->msix ? SABLE_MSIX_VEC_ENGINE(0) : 0);
    g_assert_cmpuint(caps.ApertureSegmentCommitLimit, >, 0);
    struct sable_umd_private priv;
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_UMDRIVERPRIVATE, &priv, sizeof(priv)), ==, 0);
    g_assert_cmphex(priv.magic, ==, SABLE_UMD_PRIVATE_MAGIC);
    g_assert_cmpuint(priv.version, ==, SABLE_UMD_PRIVATE_VERSION);
    g_assert_cmpuint(priv.size, ==, sizeof(priv));
    g_assert_cmpuint(SABLE_ABI_VERSION_MAJOR(priv.abi_version), ==, SABLE_ABI_MAJOR);
    g_assert_cmpuint(priv.vram_size, ==, sim->t->vram_size);
    g_assert_cmpuint(priv.node_count, ==, 2);
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_GPUMMUCAPS, &priv, sizeof(priv)), ==,
                    (uint32_t)STATUS_NOT_SUPPORTED);
    ws_sim_free(sim);
}

static void test_segments(void)
{
    WsSim *sim = started();
    DXGK_QUERYSEGMENTOUT out = { 0 };
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_QUERYSEGMENT, &out, sizeof(out)), ==, 0);
    g_assert_cmpuint(out.NbSegment, ==, 2);
    DXGK_SEGMENTDESCRIPTOR seg[2];
    out.pSegmentDescriptor = seg;
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_QUERYSEGMENT, &out, sizeof(out)), ==, 0);
    const DXGK_SEGMENTDESCRIPTOR *vram = &seg[SABLE_SEGMENT_VRAM - 1];
    const DXGK_SEGMENTDESCRIPTOR *ap = &seg[SABLE_SEGMENT_APERTURE - 1];
    g_assert_cmpuint(vram->Size, ==, sim->t->vram_size);
    g_assert_cmphex((uint64_t)vram->CpuTranslatedAddress.QuadPart, ==,
                    sim->t->bar[SABLE_BAR_VRAM].addr);
    g_assert_cmpuint(vram->Flags.CpuVisible, ==, 1);
    g_assert_cmpuint(vram->Flags.Aperture, ==, 0);
    g_assert_cmpuint(ap->Flags.Aperture, ==, 1);
    uint64_t gart_base = sim->t->ops->mmio_read(sim->t, SABLE_REG_GART_BASE_LO) |
                         (uint64_t)sim->t->ops->mmio_read(sim->t, SABLE_REG_GART_BASE_HI) << 32;
    g_assert_cmphex((uint64_t)ap->BaseAddress.QuadPart, ==, gart_base);
    g_assert_cmpuint(ap->Size, >, 0);
    g_assert_cmpuint(sim->t->ops->mmio_read(sim->t, SABLE_REG_GART_ENTRIES), ==,
                     ap->Size / SABLE_PAGE_SIZE + KMD_GART_WINDOW_PAGES); /* + the KMD's window */
    g_assert_cmpuint(out.PagingBufferSegmentId, ==, SABLE_SEGMENT_APERTURE);
    ws_sim_free(sim);
}

typedef struct Ctx {
    HANDLE device;
    HANDLE context[SABLE_NODE_COUNT];
} Ctx;

static void open_contexts(WsSim *sim, Ctx *c)
{
    DXGK_DEVICEINFO info;
    DXGKARG_CREATEDEVICE cd = { .pInfo = &info };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateDevice(sim->adapter, &cd), ==, 0);
    g_assert_cmphex(info.DmaBufferSegmentSet, ==, 1u << (SABLE_SEGMENT_APERTURE - 1));
    c->device = cd.hDevice;
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        DXGKARG_CREATECONTEXT cc = { .NodeOrdinal = n, .EngineAffinity = 1 };
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateContext(c->device, &cc), ==, 0);
        g_assert_cmpuint(cc.ContextInfo.DmaBufferSize, >, 0);
        c->context[n] = cc.hContext;
    }
    DXGKARG_CREATECONTEXT bad = { .NodeOrdinal = SABLE_NODE_COUNT, .EngineAffinity = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateContext(c->device, &bad), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
}

static void close_contexts(WsSim *sim, Ctx *c)
{
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyDevice(c->device), ==,
                    (uint32_t)STATUS_INVALID_DEVICE_STATE); /* contexts still open */
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyContext(c->context[n]), ==, 0);
    }
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyDevice(c->device), ==, 0);
}

static uint32_t submit_ok(WsSim *sim, Ctx *c, unsigned node, uint64_t gpu, uint32_t size)
{
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_submit(sim, c->context[node], node, SABLE_SEGMENT_APERTURE,
                                        gpu, size, false, &fence), ==, 0);
    return fence;
}

static void test_empty_submissions(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    uint32_t f0 = submit_ok(sim, &c, SABLE_NODE_GRAPHICS, 0, 0);
    uint32_t f1 = submit_ok(sim, &c, SABLE_NODE_COPY, 0, 0);
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_GRAPHICS, f0));
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_COPY, f1));
    g_assert_cmpuint(sim->node[SABLE_NODE_GRAPHICS].retired, ==, f0);
    g_assert_cmpuint(sim->node[SABLE_NODE_COPY].retired, ==, f1);
    g_assert_cmpuint(sim->stats.isr_claimed, >=, 1);
    g_assert_cmpuint(sim->stats.notify_completed, >=, 2);
    g_assert_cmpuint(sim->stats.notify_outside_isr, ==, 0); /* no interrupt was lost */
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

typedef struct Mapped {
    uint64_t bus, gpu;
    uint8_t *cpu;
    struct _MDL *mdl;
} Mapped;

/* Two winsim pages mapped into the aperture by VidMm (BuildPagingBuffer). */
static void map_pages(WsSim *sim, Mapped *m)
{
    g_assert_true(ws_guestmem_alloc(&sim->mem, 2 * SABLE_PAGE_SIZE, &m->bus, (void **)&m->cpu));
    m->mdl = ws_mdl_new(m->bus, 2);
    m->gpu = ws_aperture_map(sim, m->mdl, 2);
}

static void unmap_pages(WsSim *sim, Mapped *m)
{
    ws_aperture_unmap(sim, m->gpu, 2);
    ws_mdl_free(m->mdl);
    ws_guestmem_free(&sim->mem, m->bus, 2 * SABLE_PAGE_SIZE);
}

/* A WRITE32 at offset 256 * n of page 0, aimed at page 1 + 8 * n. */
static void put_write32(Mapped *m, unsigned n, uint32_t value)
{
    struct sable_cmd_write32 w = {
        .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4),
        .value = value,
        .addr = m->gpu + SABLE_PAGE_SIZE + 8u * n,
    };
    memcpy(m->cpu + 256u * n, &w, sizeof(w));
}

/* A WRITE32 per node in page 0 aimed at page 1; both run, page 1 checked. */
static void test_dma_buffers(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        put_write32(&m, n, 0xC0FFEE00u + n);
    }
    uint32_t f0 = submit_ok(sim, &c, SABLE_NODE_GRAPHICS, m.gpu, sizeof(struct sable_cmd_write32));
    uint32_t f1 = submit_ok(sim, &c, SABLE_NODE_COPY, m.gpu + 256, sizeof(struct sable_cmd_write32));
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_GRAPHICS, f0));
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_COPY, f1));
    uint32_t got[2];
    memcpy(got, m.cpu + SABLE_PAGE_SIZE, 4);
    memcpy(got + 1, m.cpu + SABLE_PAGE_SIZE + 8, 4);
    g_assert_cmphex(got[0], ==, 0xC0FFEE00u);
    g_assert_cmphex(got[1], ==, 0xC0FFEE01u);
    g_assert_cmpuint(sim->node[SABLE_NODE_GRAPHICS].faults + sim->node[SABLE_NODE_COPY].faults, ==, 0);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* An injected page fault on the copy engine: DMA_FAULTED with the fence of
 * the faulting submission, the fence never reported complete, and the
 * graphics node keeps working. */
static void test_dma_faulted(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    GError *err = NULL;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    put_write32(&m, 0, 1);
    put_write32(&m, 1, 2);
    g_assert_true(sim->t->ops->inject(sim->t, "page-fault,engine=1", &err));
    g_assert_no_error(err);
    uint32_t f1 = submit_ok(sim, &c, SABLE_NODE_COPY, m.gpu + 256, sizeof(struct sable_cmd_write32));
    for (unsigned i = 0; i < 1000 && sim->node[SABLE_NODE_COPY].faults == 0; i++) {
        ws_service_interrupts(sim);
        sim->t->ops->advance(sim->t, WS_WAIT_STEP_NS);
    }
    g_assert_cmpuint(sim->node[SABLE_NODE_COPY].faults, ==, 1);
    g_assert_cmphex(sim->node[SABLE_NODE_COPY].faulted_fence, ==, f1);
    g_assert_cmphex(sim->node[SABLE_NODE_COPY].notified, !=, f1);
    uint32_t f0 = submit_ok(sim, &c, SABLE_NODE_GRAPHICS, m.gpu, sizeof(struct sable_cmd_write32));
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_GRAPHICS, f0));
    uint32_t got;
    memcpy(&got, m.cpu + SABLE_PAGE_SIZE, 4);
    g_assert_cmphex(got, ==, 1);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

static uint64_t gart_pte(WsSim *sim, uint64_t gpu)
{
    WsTransport *t = sim->t;
    uint64_t table = t->ops->mmio_read(t, SABLE_REG_GART_TABLE_LO) |
                     (uint64_t)t->ops->mmio_read(t, SABLE_REG_GART_TABLE_HI) << 32;
    uint64_t index = (gpu - (uint64_t)sim->vidmm.seg[SABLE_SEGMENT_APERTURE - 1].BaseAddress.QuadPart)
                     / SABLE_PAGE_SIZE;
    uint64_t pte;
    memcpy(&pte, t->ops->ram_ptr(t, table + 8 * index, 8), 8);
    return pte;
}

/* MAP beyond the MDL is refused; UNMAP in a paging buffer that holds one
 * entry at a time takes two passes and leaves the pages on the dummy page:
 * a later GPU write no longer reaches them. */
static void test_aperture_map_unmap(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    DXGKARG_BUILDPAGINGBUFFER pb = { .Operation = DXGK_OPERATION_MAP_APERTURE_SEGMENT };
    pb.MapApertureSegment.SegmentId = SABLE_SEGMENT_APERTURE;
    pb.MapApertureSegment.OffsetInPages = 100;
    pb.MapApertureSegment.NumberOfPages = 3;
    pb.MapApertureSegment.pMdl = m.mdl;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiBuildPagingBuffer(sim->adapter, &pb), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmphex(gart_pte(sim, m.gpu + SABLE_PAGE_SIZE) & SABLE_GART_PTE_ADDR_MASK, ==,
                    m.bus + SABLE_PAGE_SIZE);
    unsigned submits = sim->vidmm.paging_submits;
    sim->vidmm.dma_limit = sizeof(struct sable_cmd_gart_update) + 8;
    ws_aperture_unmap(sim, m.gpu, 2);
    sim->vidmm.dma_limit = 0;
    g_assert_cmpuint(sim->vidmm.paging_submits - submits, ==, 2);
    uint64_t pte = gart_pte(sim, m.gpu + SABLE_PAGE_SIZE);
    g_assert_cmphex(pte & SABLE_GART_PTE_VALID, ==, SABLE_GART_PTE_VALID);
    g_assert_cmphex(pte & SABLE_GART_PTE_ADDR_MASK, !=, m.bus + SABLE_PAGE_SIZE);
    /* the DMA buffer itself must stay mapped: run it from a second mapping */
    uint64_t gpu2 = ws_aperture_map(sim, m.mdl, 1);
    struct sable_cmd_write32 w = {
        .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4), .value = 0x5a5a5a5a,
        .addr = m.gpu + SABLE_PAGE_SIZE, /* unmapped now */
    };
    memcpy(m.cpu, &w, sizeof(w));
    uint32_t f = submit_ok(sim, &c, 0, gpu2, sizeof(w));
    g_assert_true(ws_wait_fence(sim, 0, f));
    uint32_t got;
    memcpy(&got, m.cpu + SABLE_PAGE_SIZE, 4);
    g_assert_cmphex(got, ==, 0);
    ws_aperture_unmap(sim, gpu2, 1);
    ws_mdl_free(m.mdl);
    ws_guestmem_free(&sim->mem, m.bus, 2 * SABLE_PAGE_SIZE);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* FILL a VRAM range, TRANSFER it into an aperture page, check both. */
static void test_fill_transfer(void)
{
    WsSim *sim = started();
    Mapped m;
    map_pages(sim, &m);
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_FILL };
    op.Fill.FillSize = 256;
    op.Fill.FillPattern = 0xa1b2c3d4u;
    op.Fill.Destination.SegmentId = SABLE_SEGMENT_VRAM;
    op.Fill.Destination.SegmentAddress.QuadPart = 0x2000;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    uint32_t v;
    memcpy(&v, (uint8_t *)sim->t->vram + 0x2000 + 252, 4);
    g_assert_cmphex(v, ==, 0xa1b2c3d4u);
    op.Fill.Destination.SegmentAddress.QuadPart = (LONGLONG)sim->t->vram_size - 128;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, (uint32_t)STATUS_INVALID_PARAMETER);

    memset(&op, 0, sizeof(op));
    op.Operation = DXGK_OPERATION_TRANSFER;
    op.Transfer.TransferOffset = 16;
    op.Transfer.TransferSize = 64;
    op.Transfer.Source.SegmentId = SABLE_SEGMENT_VRAM;
    op.Transfer.Source.SegmentAddress.QuadPart = 0x2000;
    op.Transfer.Destination.SegmentId = SABLE_SEGMENT_APERTURE;
    op.Transfer.Destination.SegmentAddress.QuadPart = (LONGLONG)m.gpu;
    unsigned submits = sim->vidmm.paging_submits;
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    g_assert_cmpuint(sim->vidmm.paging_submits, ==, submits + 1);
    memcpy(&v, m.cpu + 16, 4);
    g_assert_cmphex(v, ==, 0xa1b2c3d4u);
    memcpy(&v, m.cpu + 16 + 64, 4);
    g_assert_cmphex(v, ==, 0); /* nothing past TransferSize */
    op.Transfer.TransferSize = 0; /* TDR cleanup: no work, no submission */
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    g_assert_cmpuint(sim->vidmm.paging_submits, ==, submits + 1);
    op.Operation = DXGK_OPERATION_DISCARD_CONTENT; /* nothing to do, nothing written */
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    g_assert_cmpuint(sim->vidmm.paging_submits, ==, submits + 1);
    unmap_pages(sim, &m);
    ws_sim_free(sim);
}

static struct sable_alloc_private surface_desc(void)
{
    struct sable_alloc_private p = {
        .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION,
        .kind = SABLE_ALLOC_SURFACE, .flags = SABLE_ALLOC_F_CPU_VISIBLE,
        .size = 64 * 256, .format = SABLE_FORMAT_B8G8R8A8_UNORM,
        .width = 64, .height = 64, .pitch = 256, .segment = SABLE_SEGMENT_VRAM,
    };
    return p;
}

static NTSTATUS create_one(WsSim *sim, struct sable_alloc_private *p, DXGK_ALLOCATIONINFO *info)
{
    memset(info, 0, sizeof(*info));
    info->pPrivateDriverData = p;
    info->PrivateDriverDataSize = sizeof(*p);
    DXGKARG_CREATEALLOCATION ca = { .NumAllocations = 1, .pAllocationInfo = info };
    return sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca);
}

static void destroy_one(WsSim *sim, HANDLE h)
{
    DXGKARG_DESTROYALLOCATION da = { .NumAllocations = 1, .pAllocationList = &h };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyAllocation(sim->adapter, &da), ==, 0);
}

/* A valid surface is described to VidMm and back; each broken field of
 * the private data is refused and nothing is left allocated. */
static void test_allocations(void)
{
    WsSim *sim = started();
    struct sable_alloc_private p = surface_desc();
    DXGK_ALLOCATIONINFO info;
    unsigned allocs = sim->stats.os_allocs;
    p.size = 64 * 256 + 1;
    g_assert_cmphex((uint32_t)create_one(sim, &p, &info), ==, 0);
    g_assert_cmpuint(info.Size, ==, 5 * SABLE_PAGE_SIZE);
    g_assert_cmpuint(info.Alignment, ==, SABLE_PAGE_SIZE);
    g_assert_cmpuint(info.Flags.CpuVisible, ==, 1);
    g_assert_cmpuint(info.PreferredSegment.SegmentId0, ==, SABLE_SEGMENT_VRAM);
    g_assert_cmphex(info.SupportedReadSegmentSet, ==, 3);
    DXGKARG_DESCRIBEALLOCATION d = { .hAllocation = info.hAllocation };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDescribeAllocation(sim->adapter, &d), ==, 0);
    g_assert_cmpuint(d.Width, ==, 64);
    g_assert_cmpuint(d.Height, ==, 64);
    g_assert_cmpuint(d.Format, ==, 21); /* D3DFMT_A8R8G8B8 */
    destroy_one(sim, info.hAllocation);
    g_assert_cmpuint(sim->stats.os_allocs, ==, allocs);

    struct sable_alloc_private bad[8];
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        bad[i] = surface_desc();
    }
    bad[0].magic = 0;
    bad[1].width = 0;
    bad[2].pitch = 255;                 /* not a multiple of 4 */
    bad[3].pitch = 252;                 /* narrower than a row */
    bad[4].size = 64 * 256 - 1;         /* smaller than pitch * height */
    bad[5].format = SABLE_FORMAT_COUNT;
    bad[6].size = UINT64_MAX;
    bad[7].segment = 3;
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_cmphex((uint32_t)create_one(sim, &bad[i], &info), ==,
                        (uint32_t)STATUS_INVALID_PARAMETER);
    }
    /* two allocations, the second bad: the first is not kept either */
    DXGK_ALLOCATIONINFO two[2] = { { 0 } };
    two[0].pPrivateDriverData = &p;
    two[0].PrivateDriverDataSize = sizeof(p);
    two[1].pPrivateDriverData = &bad[0];
    two[1].PrivateDriverDataSize = sizeof(p);
    DXGKARG_CREATEALLOCATION ca = { .NumAllocations = 2, .pAllocationInfo = two };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmpuint(sim->stats.os_allocs, ==, allocs);
    ws_sim_free(sim);
}

/* A buffer allocation of two aperture pages, resident for Render/Patch. */
typedef struct Resident {
    Mapped m;
    DXGK_ALLOCATIONINFO info;
    DXGK_ALLOCATIONLIST entry;
} Resident;

static void resident_new(WsSim *sim, Resident *r)
{
    struct sable_alloc_private p = {
        .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION,
        .kind = SABLE_ALLOC_BUFFER, .size = 2 * SABLE_PAGE_SIZE,
    };
    map_pages(sim, &r->m);
    g_assert_cmphex((uint32_t)create_one(sim, &p, &r->info), ==, 0);
    memset(&r->entry, 0, sizeof(r->entry));
    r->entry.hDeviceSpecificAllocation = r->info.hAllocation;
    r->entry.SegmentId = SABLE_SEGMENT_APERTURE;
    r->entry.PhysicalAddress.QuadPart = (LONGLONG)r->m.gpu;
}

static void resident_free(WsSim *sim, Resident *r)
{
    destroy_one(sim, r->info.hAllocation);
    unmap_pages(sim, &r->m);
}

/* A UMD command buffer under construction: packets + sorted patch list. */
typedef struct Cmd {
    uint8_t buf[512];
    uint32_t len;
    D3DDDI_PATCHLOCATIONLIST patch[16];
    UINT npatch;
} Cmd;

static void cmd_put(Cmd *c, const void *pkt, uint32_t size)
{
    memcpy(c->buf + c->len, pkt, size);
    c->len += size;
}

static void cmd_patch(Cmd *c, uint32_t field_off, UINT alloc, uint32_t alloc_off)
{
    D3DDDI_PATCHLOCATIONLIST *p = &c->patch[c->npatch++];
    memset(p, 0, sizeof(*p));
    p->AllocationIndex = alloc;
    p->AllocationOffset = alloc_off;
    p->PatchOffset = field_off;
}

static void cmd_write32(Cmd *c, uint32_t alloc_off, uint32_t value)
{
    struct sable_cmd_write32 w = { .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4),
                                   .value = value };
    cmd_patch(c, c->len + 8, 0, alloc_off);
    cmd_put(c, &w, sizeof(w));
}

static void cmd_fill(Cmd *c, uint32_t alloc_off, uint32_t pattern, uint64_t size)
{
    struct sable_cmd_fill f = { .header = SABLE_CMD_HEADER(SABLE_OP_FILL, 0, 6),
                                .pattern = pattern, .size = size };
    cmd_patch(c, c->len + 8, 0, alloc_off);
    cmd_put(c, &f, sizeof(f));
}

static void cmd_copy(Cmd *c, uint32_t dst_off, uint32_t src_off, uint64_t size)
{
    struct sable_cmd_copy k = { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8), .size = size };
    cmd_patch(c, c->len + 8, 0, dst_off);
    cmd_patch(c, c->len + 16, 0, src_off);
    cmd_put(c, &k, sizeof(k));
}

static NTSTATUS render(WsSim *sim, Ctx *ctx, Resident *r, const Cmd *c)
{
    WsRender rd = {
        .context = ctx->context[0], .node = 0, .cmd = c->buf, .len = c->len,
        .allocs = &r->entry, .nallocs = 1, .patches = c->patch, .npatches = c->npatch,
    };
    return ws_render(sim, &rd);
}

/* WRITE32, FILL, COPY through Render -> Patch -> SubmitCommand, first in one
 * DMA buffer, then split over three by a 32-byte DMA buffer. */
static void test_render(void)
{
    WsSim *sim = started();
    Ctx ctx;
    Resident r;
    open_contexts(sim, &ctx);
    resident_new(sim, &r);
    for (unsigned pass = 0; pass < 2; pass++) {
        Cmd c = { .len = 0 };
        cmd_write32(&c, 0x10, 0x1234u + pass);
        cmd_fill(&c, 0x100, 0xabcd0000u + pass, 64);
        cmd_copy(&c, 0x200, 0x100, 16);
        sim->vidmm.dma_limit = pass ? 32 : 0;
        unsigned submits = sim->vidmm.render_submits;
        g_assert_cmphex((uint32_t)render(sim, &ctx, &r, &c), ==, 0);
        g_assert_cmpuint(sim->vidmm.render_submits - submits, ==, pass ? 3 : 1);
        uint32_t v[3];
        memcpy(&v[0], r.m.cpu + 0x10, 4);
        memcpy(&v[1], r.m.cpu + 0x100 + 60, 4);
        memcpy(&v[2], r.m.cpu + 0x200 + 12, 4);
        g_assert_cmphex(v[0], ==, 0x1234u + pass);
        g_assert_cmphex(v[1], ==, 0xabcd0000u + pass);
        g_assert_cmphex(v[2], ==, 0xabcd0000u + pass);
    }
    sim->vidmm.dma_limit = 0;
    resident_free(sim, &r);
    close_contexts(sim, &ctx);
    ws_sim_free(sim);
}

/* Each malformed command buffer gets its documented status and nothing
 * reaches the device. */
static void test_render_rejects(void)
{
    WsSim *sim = started();
    Ctx ctx;
    Resident r;
    open_contexts(sim, &ctx);
    resident_new(sim, &r);
    unsigned submits = sim->vidmm.render_submits;
    Cmd c;
    uint32_t hang = SABLE_CMD_HEADER(SABLE_OP_DEBUG_HANG, 0, 1);
    struct sable_cmd_gart_update gu = { .header = SABLE_CMD_HEADER(SABLE_OP_GART_UPDATE, 0, 4) };
    uint32_t optional = SABLE_CMD_HEADER(0x30, SABLE_CMD_F_OPTIONAL, 1);
    uint32_t zero = 0;
    struct sable_cmd_write32 raw = { .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4),
                                     .addr = 0x1000 };
    struct { const char *what; NTSTATUS want; } cases[] = {
        { "privileged GART_UPDATE", STATUS_PRIVILEGED_INSTRUCTION },
        { "debug hang", STATUS_ILLEGAL_INSTRUCTION },
        { "unknown optional opcode", STATUS_ILLEGAL_INSTRUCTION },
        { "size 0 packet", STATUS_INVALID_USER_BUFFER },
        { "packet past the end", STATUS_INVALID_USER_BUFFER },
        { "length not a multiple of 4", STATUS_INVALID_USER_BUFFER },
        { "unpatched address", STATUS_PRIVILEGED_INSTRUCTION },
        { "bad allocation index", STATUS_INVALID_HANDLE },
        { "access past the allocation", STATUS_PRIVILEGED_INSTRUCTION },
        { "patch on a non-address field", STATUS_INVALID_PARAMETER },
        { "extra patch location", STATUS_INVALID_PARAMETER },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        memset(&c, 0, sizeof(c));
        cmd_write32(&c, 0, 1); /* a valid packet first: nothing may run */
        switch (i) {
        case 0: cmd_put(&c, &gu, sizeof(gu)); break;
        case 1: cmd_put(&c, &hang, 4); break;
        case 2: cmd_put(&c, &optional, 4); break;
        case 3: cmd_put(&c, &zero, 4); break;
        case 4: cmd_put(&c, &raw, 8); break;
        case 5: cmd_put(&c, &zero, 4); c.len -= 2; break;
        case 6: cmd_put(&c, &raw, sizeof(raw)); break;
        case 7: cmd_write32(&c, 0, 2); c.patch[1].AllocationIndex = 1; break;
        case 8: cmd_fill(&c, 0x100, 0, 2 * SABLE_PAGE_SIZE); break;
        case 9: cmd_write32(&c, 0, 2); c.patch[1].PatchOffset -= 4; break;
        case 10: cmd_patch(&c, c.len + 8, 0, 0); break;
        }
        g_test_message("case: %s", cases[i].what);
        g_assert_cmphex((uint32_t)render(sim, &ctx, &r, &c), ==, (uint32_t)cases[i].want);
    }
    g_assert_cmpuint(sim->vidmm.render_submits, ==, submits);
    g_assert_cmpuint(sim->node[0].faults, ==, 0);
    resident_free(sim, &r);
    close_contexts(sim, &ctx);
    ws_sim_free(sim);
}

/* Patch refuses locations outside the submission or the allocation list,
 * and allocations that are not resident, before writing anything. */
static void test_patch_bounds(void)
{
    WsSim *sim = started();
    uint8_t dma[64] = { 0 };
    DXGK_ALLOCATIONLIST al = { .SegmentId = SABLE_SEGMENT_VRAM };
    al.PhysicalAddress.QuadPart = 0x5000;
    D3DDDI_PATCHLOCATIONLIST loc[2] = { { 0 } };
    loc[0].PatchOffset = 8;
    loc[1].PatchOffset = 16;
    loc[1].AllocationOffset = 0x20;
    DXGKARG_PATCH p = {
        .pDmaBuffer = dma, .DmaBufferSize = 64, .DmaBufferSubmissionEndOffset = 24,
        .pAllocationList = &al, .AllocationListSize = 1, .pPatchLocationList = loc,
        .PatchLocationListSize = 2, .PatchLocationListSubmissionLength = 2,
    };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiPatch(sim->adapter, &p), ==, 0);
    uint64_t v;
    memcpy(&v, dma + 16, 8);
    g_assert_cmphex(v, ==, 0x5020);
    memset(dma, 0, sizeof(dma));
    DXGKARG_PATCH bad[5] = { p, p, p, p, p };
    bad[0].DmaBufferSubmissionEndOffset = 20;       /* location 1 straddles the end */
    bad[1].PatchLocationListSubmissionStart = 1;    /* start + length past the list */
    bad[2].AllocationListSize = 0;                  /* index 0 out of range */
    bad[3].DmaBufferSubmissionStartOffset = 12;     /* location 0 before the start */
    bad[4].DmaBufferSize = 20;                      /* end past the buffer */
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiPatch(sim->adapter, &bad[i]), ==,
                        (uint32_t)STATUS_INVALID_PARAMETER);
    }
    al.SegmentId = 0;                               /* not resident */
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiPatch(sim->adapter, &p), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    for (unsigned i = 0; i < sizeof(dma); i++) {
        g_assert_cmpuint(dma[i], ==, 0); /* nothing written by a refused Patch */
    }
    ws_sim_free(sim);
}

static uint32_t submit_write32(WsSim *sim, Ctx *c, Mapped *m, unsigned node, uint32_t value)
{
    put_write32(m, node, value);
    return submit_ok(sim, c, node, m->gpu + 256u * node, sizeof(struct sable_cmd_write32));
}

static uint32_t read_result(Mapped *m, unsigned node)
{
    uint32_t v;
    memcpy(&v, m->cpu + SABLE_PAGE_SIZE + 8u * node, 4);
    return v;
}

/* Check saved TDR dump i: engine `e` hung on fence f, DMA buffer gpu. */
static void check_dump(WsSim *sim, unsigned i, unsigned e, uint32_t f, uint64_t gpu)
{
    GError *err = NULL;
    g_autofree char *data = NULL;
    gsize len = 0;
    const char *path = g_ptr_array_index(sim->dump_files, i);
    g_assert_true(g_file_get_contents(path, &data, &len, NULL));
    g_autoptr(SableDump) dump = sable_dump_decode(data, len, &err);
    g_assert_no_error(err);
    g_assert_true(dump->engines[e].has_state);
    g_assert_cmphex(dump->engines[e].state.status & SABLE_ENGINE_STATUS_HUNG, ==,
                    SABLE_ENGINE_STATUS_HUNG);
    g_assert_cmphex(dump->engines[e].state.current_fence, ==, f);
    g_assert_cmphex(dump->engines[e].state.current_dma_addr, ==, gpu);
    g_assert_cmpint(g_remove(path), ==, 0);
}

/* After a TDR blamed `guilty`'s context: it is refused; new work runs on
 * every node (a new device for the guilty node, the old contexts of the
 * others). */
static void run_after_tdr(WsSim *sim, Ctx *c, Mapped *m, unsigned guilty)
{
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_submit(sim, c->context[guilty], guilty, 0, 0, 0, false,
                                        &fence), ==, (uint32_t)STATUS_DEVICE_REMOVED);
    Ctx fresh;
    open_contexts(sim, &fresh);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        uint32_t f2 = submit_write32(sim, n == guilty ? &fresh : c, m, n, 0x22 + n);
        g_assert_true(ws_wait_fence(sim, n, f2));
        g_assert_cmphex(read_result(m, n), ==, 0x22 + n);
    }
    close_contexts(sim, &fresh);
}

/* An injected hang on the graphics engine times out after TdrDelay: the
 * per-engine path (dump, ResetEngine) recovers it; the copy node, busy
 * meanwhile, is not disturbed; new work runs on both nodes. */
static void test_tdr_engine(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    GError *err = NULL;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    g_assert_true(sim->t->ops->inject(sim->t, "hang,engine=0", &err));
    g_assert_no_error(err);
    uint32_t f = submit_write32(sim, &c, &m, 0, 0x11);
    uint32_t copy = submit_write32(sim, &c, &m, 1, 0x12);
    g_assert_false(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->node[1].retired, ==, copy); /* completed, not aborted */
    g_assert_cmphex(read_result(&m, 1), ==, 0x12);
    g_assert_cmpuint(sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    g_assert_cmpuint(sim->stats.adapter_resets, ==, 0);
    g_assert_cmpuint(sim->node[0].retired, ==, f); /* aborted, not completed */
    g_assert_cmphex(read_result(&m, 0), ==, 0);
    g_assert_cmpuint(sim->dump_files->len, ==, 1);
    check_dump(sim, 0, 0, f, m.gpu);
    run_after_tdr(sim, &c, &m, 0);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* Two contexts share the graphics node; the first hangs, the second's work
 * is queued behind it. The engine reset aborts both: the hung context is
 * put in error, the innocent one's work is submitted again and completes,
 * and its wait follows it to the new fence. */
static void test_tdr_innocent_resubmitted(void)
{
    WsSim *sim = started();
    Ctx a, b;
    Mapped m;
    GError *err = NULL;
    open_contexts(sim, &a);
    open_contexts(sim, &b);
    map_pages(sim, &m);
    g_assert_true(sim->t->ops->inject(sim->t, "hang,engine=0", &err));
    g_assert_no_error(err);
    submit_write32(sim, &a, &m, 0, 0x66);
    put_write32(&m, 1, 0x77);
    uint32_t innocent;
    g_assert_cmphex((uint32_t)ws_submit(sim, b.context[0], 0, SABLE_SEGMENT_APERTURE,
                                        m.gpu + 256, sizeof(struct sable_cmd_write32), false,
                                        &innocent), ==, 0);
    g_assert_true(ws_wait_fence(sim, 0, innocent));
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    g_assert_cmpuint(sim->stats.resubmitted, ==, 1);
    g_assert_cmphex(read_result(&m, 1), ==, 0x77);
    g_assert_cmphex(read_result(&m, 0), ==, 0);
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_submit(sim, a.context[0], 0, 0, 0, 0, false, &fence), ==,
                    (uint32_t)STATUS_DEVICE_REMOVED);
    unmap_pages(sim, &m);
    close_contexts(sim, &a);
    close_contexts(sim, &b);
    ws_sim_free(sim);
}

/* The engine reset fails: the TDR is promoted to an adapter reset
 * (ResetFromTimeout/RestartFromTimeout, the KMD programs everything again)
 * and new work runs on both nodes. */
static void test_tdr_promoted(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    GError *err = NULL;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    g_assert_true(sim->t->ops->inject(sim->t, "hang,engine=0", &err));
    g_assert_true(sim->t->ops->inject(sim->t, "reset-fail,engine=0", &err));
    g_assert_no_error(err);
    uint32_t f = submit_write32(sim, &c, &m, 0, 0x11);
    g_assert_false(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(sim->stats.engine_resets, ==, 0);
    g_assert_cmpuint(sim->stats.adapter_resets, ==, 1);
    g_assert_cmpuint(sim->dump_files->len, ==, 2); /* engine, then adapter report */
    check_dump(sim, 0, 0, f, m.gpu);
    check_dump(sim, 1, 0, f, m.gpu);
    run_after_tdr(sim, &c, &m, 0);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* Per-engine recovery: a hung copy engine is reported unresponsive, its
 * group is itself, ResetEngine aborts exactly the hung fence, the graphics
 * node is never disturbed, and the copy node runs new work. A reset the
 * device fails is reported as a failure. */
static void test_reset_engine(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    GError *err = NULL;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    g_assert_true(sim->t->ops->inject(sim->t, "hang,engine=1", &err));
    g_assert_no_error(err);
    uint32_t hung = submit_write32(sim, &c, &m, 1, 0x33);
    uint32_t f0 = submit_write32(sim, &c, &m, 0, 0x44);
    g_assert_true(ws_wait_fence(sim, 0, f0));
    DXGKARG_QUERYENGINESTATUS qs = { .NodeOrdinal = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryEngineStatus(sim->adapter, &qs), ==, 0);
    g_assert_cmpuint(qs.EngineStatus.Responsive, ==, 0);
    qs.NodeOrdinal = 0;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryEngineStatus(sim->adapter, &qs), ==, 0);
    g_assert_cmpuint(qs.EngineStatus.Responsive, ==, 1);
    DXGKARG_QUERYDEPENDENTENGINEGROUP g = { .NodeOrdinal = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryDependentEngineGroup(sim->adapter, &g), ==, 0);
    g_assert_cmphex(g.DependentNodeOrdinalMask, ==, 2);
    uint32_t aborted = 0;
    g_assert_cmphex((uint32_t)ws_reset_engine(sim, 1, true, &aborted), ==, 0);
    g_assert_cmphex(aborted, ==, hung);
    g_assert_cmphex(read_result(&m, 1), ==, 0); /* the hung write never ran */
    Ctx fresh;
    open_contexts(sim, &fresh);
    uint32_t f1 = submit_write32(sim, &fresh, &m, 1, 0x55);
    g_assert_true(ws_wait_fence(sim, 1, f1));
    g_assert_cmphex(read_result(&m, 1), ==, 0x55);
    close_contexts(sim, &fresh);
    g_assert_cmpuint(sim->stats.timeouts, ==, 0);

    g_assert_true(sim->t->ops->inject(sim->t, "reset-fail,engine=1", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)ws_reset_engine(sim, 1, true, &aborted), ==,
                    (uint32_t)STATUS_DEVICE_HARDWARE_ERROR);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* More TDRs than TdrLimitCount: the simulated bugcheck 0x116 ends the run
 * with its report. In a subprocess, so in-process transports only (a
 * killed test process would leave its QEMU behind). */
static void test_tdr_limit(void)
{
    if (g_str_equal(transport_name(), "qemu")) {
        g_test_skip("needs an in-process device");
        return;
    }
    if (g_test_subprocess()) {
        WsSim *sim = started();
        Ctx c;
        Mapped m;
        GError *err = NULL;
        sim->tdr_limit_count = 0;
        open_contexts(sim, &c);
        map_pages(sim, &m);
        g_assert_true(sim->t->ops->inject(sim->t, "hang,engine=0", &err));
        ws_wait_fence(sim, 0, submit_write32(sim, &c, &m, 0, 1));
        return; /* not reached */
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr("*STOP 0x00000116*TdrLimitCount exceeded*");
}

static NTSTATUS escape(WsSim *sim, void *buf, uint32_t size, uint32_t op, bool hw)
{
    struct sable_escape_header h = {
        .magic = SABLE_ESCAPE_MAGIC, .version = SABLE_ESCAPE_VERSION, .op = op, .size = size,
    };
    memcpy(buf, &h, sizeof(h));
    DXGKARG_ESCAPE e = { .pPrivateDriverData = buf, .PrivateDriverDataSize = size };
    e.Flags.HardwareAccess = hw;
    return sim->init.DxgkDdiEscape(sim->adapter, &e);
}

/* Tools' escapes: statistics that follow the submissions, a dump that
 * decodes, sizes reported when the buffer is short, malformed headers
 * refused. */
static void test_escape(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    uint32_t f = submit_ok(sim, &c, 1, 0, 0);
    g_assert_true(ws_wait_fence(sim, 1, f));
    struct {
        struct sable_escape_header h;
        struct sable_escape_stats s;
    } st;
    g_assert_cmphex((uint32_t)escape(sim, &st, sizeof(st), SABLE_ESCAPE_QUERY_STATS, true), ==, 0);
    g_assert_cmpuint(st.h.data_size, ==, sizeof(st.s));
    g_assert_cmpuint(st.s.node_count, ==, 2);
    g_assert_cmphex(st.s.submitted_fence[1], ==, f);
    g_assert_cmphex(st.s.completed_fence[1], ==, f);
    g_assert_cmphex((uint32_t)escape(sim, &st, sizeof(st), SABLE_ESCAPE_QUERY_STATS, false), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER); /* no HardwareAccess */
    g_assert_cmphex((uint32_t)escape(sim, &st, sizeof(st) - 8, SABLE_ESCAPE_QUERY_STATS, true), ==,
                    (uint32_t)STATUS_BUFFER_TOO_SMALL);
    g_assert_cmpuint(st.h.data_size, ==, sizeof(st.s));
    g_assert_cmphex((uint32_t)escape(sim, &st, sizeof(st), 99, true), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    st.h.magic = 0;
    DXGKARG_ESCAPE bad = { .pPrivateDriverData = &st, .PrivateDriverDataSize = sizeof(st) };
    bad.Flags.HardwareAccess = 1;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiEscape(sim->adapter, &bad), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);

    uint8_t small[64];
    g_assert_cmphex((uint32_t)escape(sim, small, sizeof(small), SABLE_ESCAPE_FETCH_DUMP, true), ==,
                    (uint32_t)STATUS_BUFFER_TOO_SMALL);
    struct sable_escape_header h;
    memcpy(&h, small, sizeof(h));
    g_assert_cmpuint(h.data_size, >, sizeof(small));
    uint32_t size = (uint32_t)sizeof(h) + h.data_size;
    g_autofree uint8_t *buf = g_malloc0(size);
    g_assert_cmphex((uint32_t)escape(sim, buf, size, SABLE_ESCAPE_FETCH_DUMP, true), ==, 0);
    GError *err = NULL;
    g_autoptr(SableDump) dump = sable_dump_decode(buf + sizeof(h), size - sizeof(h), &err);
    g_assert_no_error(err);
    g_assert_cmphex(dump->engines[1].state.completed_fence, ==, f);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* System memory <-> VRAM through the KMD's GART window, split so that each
 * paging buffer holds one page: bytes arrive intact both ways, and an MDL
 * shorter than the transfer is refused before anything runs. */
static void test_transfer_system_memory(void)
{
    WsSim *sim = started();
    uint64_t bus[2];
    uint8_t *cpu[2];
    struct _MDL *mdl[2];
    for (unsigned i = 0; i < 2; i++) {
        g_assert_true(ws_guestmem_alloc(&sim->mem, 3 * SABLE_PAGE_SIZE, &bus[i], (void **)&cpu[i]));
        mdl[i] = ws_mdl_new(bus[i], 3);
    }
    for (unsigned i = 0; i < 3 * SABLE_PAGE_SIZE; i++) {
        cpu[0][i] = (uint8_t)(i * 7 + 3);
    }
    const uint32_t off = 0x10, size = 3 * SABLE_PAGE_SIZE - 0x18;
    DXGKARG_BUILDPAGINGBUFFER op = { .Operation = DXGK_OPERATION_TRANSFER };
    op.Transfer.TransferOffset = off;
    op.Transfer.TransferSize = size;
    op.Transfer.Source.pMdl = mdl[0];
    op.Transfer.Destination.SegmentId = SABLE_SEGMENT_VRAM;
    op.Transfer.Destination.SegmentAddress.QuadPart = 0x10000;
    unsigned submits = sim->vidmm.paging_submits;
    sim->vidmm.dma_limit = sizeof(struct sable_cmd_gart_update) + 8 + sizeof(struct sable_cmd_copy);
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    g_assert_cmpuint(sim->vidmm.paging_submits - submits, >=, 3);
    g_assert_cmpmem((uint8_t *)sim->t->vram + 0x10000 + off, size, cpu[0] + off, size);

    memset(&op, 0, sizeof(op));
    op.Operation = DXGK_OPERATION_TRANSFER;
    op.Transfer.TransferOffset = off;
    op.Transfer.TransferSize = size;
    op.Transfer.Source.SegmentId = SABLE_SEGMENT_VRAM;
    op.Transfer.Source.SegmentAddress.QuadPart = 0x10000;
    op.Transfer.Destination.pMdl = mdl[1];
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, 0);
    sim->vidmm.dma_limit = 0;
    g_assert_cmpmem(cpu[1] + off, size, cpu[0] + off, size);
    g_assert_cmpuint(cpu[1][off - 1], ==, 0); /* nothing before the range */

    submits = sim->vidmm.paging_submits;
    op.Transfer.MdlOffset = 1; /* the MDL has 3 pages: 1 + 3 pages do not fit */
    g_assert_cmphex((uint32_t)ws_paging(sim, &op), ==, (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_cmpuint(sim->vidmm.paging_submits, ==, submits);
    for (unsigned i = 0; i < 2; i++) {
        ws_mdl_free(mdl[i]);
        ws_guestmem_free(&sim->mem, bus[i], 3 * SABLE_PAGE_SIZE);
    }
    ws_sim_free(sim);
}

/* A shared allocation opened by another device gets its own handle, which
 * describes the same surface; broken private data is refused and nothing
 * is kept; Close frees it. */
static void test_open_allocation(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    unsigned allocs = sim->stats.os_allocs;
    struct sable_alloc_private p = surface_desc();
    struct sable_alloc_private bad = surface_desc();
    bad.pitch = 2;
    DXGK_OPENALLOCATIONINFO open[2] = { { 0 } };
    open[0].pPrivateDriverData = &p;
    open[0].PrivateDriverDataSize = sizeof(p);
    open[1].pPrivateDriverData = &bad;
    open[1].PrivateDriverDataSize = sizeof(bad);
    DXGKARG_OPENALLOCATION args = { .NumAllocations = 2, .pOpenAllocation = open };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiOpenAllocation(c.device, &args), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    g_assert_null(open[0].hDeviceSpecificAllocation);
    g_assert_cmpuint(sim->stats.os_allocs, ==, allocs);
    args.NumAllocations = 1;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiOpenAllocation(c.device, &args), ==, 0);
    g_assert_nonnull(open[0].hDeviceSpecificAllocation);
    DXGKARG_DESCRIBEALLOCATION d = { .hAllocation = open[0].hDeviceSpecificAllocation };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDescribeAllocation(sim->adapter, &d), ==, 0);
    g_assert_cmpuint(d.Width, ==, p.width);
    HANDLE h = open[0].hDeviceSpecificAllocation;
    DXGKARG_CLOSEALLOCATION close = { .NumAllocations = 1, .pOpenHandleList = &h };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCloseAllocation(c.device, &close), ==, 0);
    g_assert_cmpuint(sim->stats.os_allocs, ==, allocs);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* Standard allocations: sizes first (NULL buffer), then private data that
 * CreateAllocation accepts, with the pitch reported back. */
static void test_standard_allocation(void)
{
    WsSim *sim = started();
    D3DKMDT_SHADOWSURFACEDATA shadow = { .Width = 100, .Height = 20, .Format = 22 };
    DXGKARG_GETSTANDARDALLOCATIONDRIVERDATA g = {
        .StandardAllocationType = D3DKMDT_STANDARDALLOCATION_SHADOWSURFACE,
        .pCreateShadowSurfaceData = &shadow,
    };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &g),
                    ==, 0);
    g_assert_cmpuint(g.AllocationPrivateDriverDataSize, ==, sizeof(struct sable_alloc_private));
    struct sable_alloc_private p;
    g.pAllocationPrivateDriverData = &p;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &g),
                    ==, 0);
    g_assert_cmpuint(shadow.Pitch, >=, 400);
    g_assert_cmpuint(shadow.Pitch % 4, ==, 0);
    g_assert_cmpuint(p.format, ==, SABLE_FORMAT_B8G8R8X8_UNORM);
    g_assert_cmpuint(p.size, >=, (uint64_t)shadow.Pitch * 20);
    DXGK_ALLOCATIONINFO info;
    g_assert_cmphex((uint32_t)create_one(sim, &p, &info), ==, 0);
    destroy_one(sim, info.hAllocation);
    shadow.Format = 50; /* not a format these surfaces use */
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &g),
                    ==, (uint32_t)STATUS_INVALID_PARAMETER);
    g.StandardAllocationType = D3DKMDT_STANDARDALLOCATION_GDISURFACE;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiGetStandardAllocationDriverData(sim->adapter, &g),
                    ==, (uint32_t)STATUS_NOT_SUPPORTED);
    ws_sim_free(sim);
}

static void *reg_ram(WsSim *sim, uint32_t lo_reg, uint64_t offset, uint64_t len)
{
    WsTransport *t = sim->t;
    uint64_t bus = t->ops->mmio_read(t, lo_reg) | (uint64_t)t->ops->mmio_read(t, lo_reg + 4) << 32;
    void *p = t->ops->ram_ptr(t, bus + offset, len);
    g_assert_nonnull(p);
    return p;
}

/* Values the device writes to memory are not trusted: a completed fence
 * past the last submitted one is never reported, and a ring head the device
 * could not have written makes SubmitCommand refuse instead of overwriting
 * queued descriptors. */
static void test_defensive_device_values(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    uint32_t f = submit_ok(sim, &c, 0, 0, 0);
    g_assert_true(ws_wait_fence(sim, 0, f));
    uint64_t *fence_page = reg_ram(sim, SABLE_REG_FENCE_PAGE_LO, 0, 8);
    uint64_t good = *fence_page;
    *fence_page = good + 1000;
    g_assert_cmpuint(ws_query_current_fence(sim, 0), ==, f); /* winsim checks it too */
    *fence_page = good;
    struct sable_ring_header *ring =
        reg_ram(sim, SABLE_REG_ENGINE(1) + SABLE_ENG_RING_BASE_LO, 0, sizeof(*ring));
    ring->head = ring->tail + 5000;
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[1], 1, 0, 0, 0, false, &fence), ==,
                    (uint32_t)STATUS_DEVICE_NOT_READY);
    ring->head = ring->tail;
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[1], 1, 0, 0, 0, false, &fence), ==, 0);
    g_assert_true(ws_wait_fence(sim, 1, fence));
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

static struct sable_alloc_private buffer_desc(uint64_t size, uint32_t segment)
{
    struct sable_alloc_private p = {
        .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION,
        .kind = SABLE_ALLOC_BUFFER, .flags = SABLE_ALLOC_F_CPU_VISIBLE, .size = size,
        .segment = segment,
    };
    return p;
}

/* The thunk path a runtime uses: allocations placed by VidMm in VRAM and in
 * the aperture, Lock/Unlock, Render of COPY packets across them, a render
 * refused while an allocation is locked, an escape, and everything
 * released. */
static void test_kmt(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    const uint64_t size = 2 * SABLE_PAGE_SIZE;
    WsKmtAllocation *src, *vram, *dst;
    struct sable_alloc_private p = buffer_desc(size, SABLE_SEGMENT_APERTURE);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &src), ==, 0);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &dst), ==, 0);
    p = buffer_desc(size, SABLE_SEGMENT_VRAM);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &vram), ==, 0);
    g_assert_cmpuint(src->segment, ==, SABLE_SEGMENT_APERTURE);
    g_assert_cmpuint(vram->segment, ==, SABLE_SEGMENT_VRAM);
    uint8_t *cpu = ws_kmt_lock(d, src);
    for (unsigned i = 0; i < size; i++) {
        cpu[i] = (uint8_t)(i * 13 + 1);
    }
    Cmd c = { .len = 0 };
    struct sable_cmd_copy k = { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8), .size = size };
    cmd_patch(&c, c.len + 8, 1, 0);  /* dst: vram */
    cmd_patch(&c, c.len + 16, 0, 0); /* src: src */
    cmd_put(&c, &k, sizeof(k));
    cmd_patch(&c, c.len + 8, 2, 0);  /* dst: dst */
    cmd_patch(&c, c.len + 16, 1, 0); /* src: vram */
    cmd_put(&c, &k, sizeof(k));
    WsKmtAllocation *list[3] = { src, vram, dst };
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 1, c.buf, c.len, list, 3, c.patch, c.npatch,
                                            &fence), ==,
                    (uint32_t)STATUS_GRAPHICS_CANT_RENDER_LOCKED_ALLOCATION);
    ws_kmt_unlock(d, src);
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 1, c.buf, c.len, list, 3, c.patch, c.npatch,
                                            &fence), ==, 0);
    g_assert_cmpuint(fence, !=, 0);
    uint8_t *out = ws_kmt_lock(d, dst);
    g_assert_cmpmem(out, size, cpu, size);
    ws_kmt_unlock(d, dst);
    struct {
        struct sable_escape_header h;
        struct sable_escape_stats s;
    } st = { .h = { .magic = SABLE_ESCAPE_MAGIC, .version = SABLE_ESCAPE_VERSION,
                    .op = SABLE_ESCAPE_QUERY_STATS, .size = sizeof(st) } };
    g_assert_cmphex((uint32_t)ws_kmt_escape(d, &st, sizeof(st), true), ==, 0);
    g_assert_cmphex(st.s.completed_fence[1], ==, fence);
    for (unsigned i = 0; i < 3; i++) {
        ws_kmt_destroy_allocation(d, list[i]);
    }
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

/* VRAM pressure: allocations fill VRAM, one more evicts the oldest (paged
 * out with a TRANSFER to system memory, content intact, now in the
 * aperture) while a locked one stays; the evicted allocation still renders. */
static void test_eviction(void)
{
    WsSim *sim = started();
    WsKmtDevice *d = ws_kmt_create_device(sim);
    uint64_t vram = sim->vidmm.seg[SABLE_SEGMENT_VRAM - 1].Size, size = vram / 4;
    struct sable_alloc_private p = buffer_desc(size, SABLE_SEGMENT_VRAM);
    WsKmtAllocation *a[5];
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a[i]), ==, 0);
        g_assert_cmpuint(a[i]->segment, ==, SABLE_SEGMENT_VRAM);
        uint8_t *cpu = ws_kmt_lock(d, a[i]);
        memset(cpu, 0x10 + i, size);
        ws_kmt_unlock(d, a[i]);
    }
    ws_kmt_lock(d, a[0]); /* locked: VidMm must pass over it */
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(d, &p, &a[4]), ==, 0);
    g_assert_cmpuint(a[4]->segment, ==, SABLE_SEGMENT_VRAM);
    g_assert_cmpuint(sim->vidmm.evictions, ==, 1);
    g_assert_cmpuint(a[0]->segment, ==, SABLE_SEGMENT_VRAM);
    g_assert_cmpuint(a[1]->segment, ==, SABLE_SEGMENT_APERTURE);
    ws_kmt_unlock(d, a[0]);
    uint8_t *evicted = ws_kmt_lock(d, a[1]);
    g_assert_cmpuint(evicted[0], ==, 0x11);
    g_assert_cmpuint(evicted[size - 1], ==, 0x11);
    ws_kmt_unlock(d, a[1]);
    /* the paged-out allocation is still usable by the GPU where it is now */
    Cmd c = { .len = 0 };
    cmd_write32(&c, 0x40, 0xe71c7ed);
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_kmt_render(d, 0, c.buf, c.len, &a[1], 1, c.patch, c.npatch,
                                            &fence), ==, 0);
    uint32_t v;
    memcpy(&v, ws_kmt_lock(d, a[1]) + 0x40, 4);
    ws_kmt_unlock(d, a[1]);
    g_assert_cmphex(v, ==, 0xe71c7ed);
    for (unsigned i = 0; i < 5; i++) {
        ws_kmt_destroy_allocation(d, a[i]);
    }
    ws_kmt_destroy_device(d);
    ws_sim_free(sim);
}

static void test_bad_submissions(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[0], 0, SABLE_SEGMENT_APERTURE,
                                        0x1000, 6, false, &fence), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER); /* not a multiple of 4 */
    uint32_t f = submit_ok(sim, &c, 0, 0, 0);
    sim->node[0].next_fence = f; /* the same id again: not moving forward */
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[0], 0, 0, 0, 0, false, &fence), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    sim->node[0].next_fence = f + 1;
    g_assert_true(ws_wait_fence(sim, 0, f));
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* 32-bit fence ids wrap; the device's 64-bit fences must not. */
static void test_fence_wrap(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    sim->node[1].next_fence = 0xfffffffeu;
    sim->node[1].notified = sim->node[1].retired = 0xfffffffdu;
    uint32_t last = 0;
    for (unsigned i = 0; i < 4; i++) {
        last = submit_ok(sim, &c, 1, 0, 0);
        g_assert_true(ws_wait_fence(sim, 1, last));
    }
    g_assert_cmphex(last, ==, 1u);
    uint32_t hi = sim->t->ops->mmio_read(sim->t, SABLE_REG_ENGINE(1) + SABLE_ENG_COMPLETED_FENCE_HI);
    g_assert_cmphex(hi, ==, 1u); /* 0x1_00000001 */
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

static void test_dropped_interrupt(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    GError *err = NULL;
    g_assert_true(sim->t->ops->inject(sim->t, "drop-irq,engine=0", &err));
    g_assert_no_error(err);
    uint32_t f = submit_ok(sim, &c, 0, 0, 0);
    g_assert_true(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->stats.queries, >=, 1);
    g_assert_cmpuint(sim->stats.notify_outside_isr, ==, 1); /* reported by QueryCurrentFence */
    uint32_t f2 = submit_ok(sim, &c, 0, 0, 0); /* interrupts work again */
    unsigned queries = sim->stats.queries;
    g_assert_true(ws_wait_fence(sim, 0, f2));
    g_assert_cmpuint(sim->stats.queries, ==, queries);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

static void test_remove_releases_all(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    g_assert_cmpuint(sim->stats.os_dma, >, 0);
    g_assert_cmpuint(sim->stats.mappings, ==, 1);
    close_contexts(sim, &c);
    ws_adapter_remove(sim);
    g_assert_cmpuint(sim->stats.os_allocs, ==, 0);
    g_assert_cmpuint(sim->stats.os_dma, ==, 0);
    g_assert_cmpuint(sim->mem.map.runs, ==, 0);
    g_assert_cmpuint(sim->t->ops->mmio_read(sim->t, SABLE_REG_IRQ_MASK), ==, 0);
    g_assert_cmpuint(sim->t->ops->mmio_read(sim->t, SABLE_REG_GART_ENTRIES), ==, 0);
    ws_sim_free(sim);
}

/* TDR dumps go to a directory of this run, removed at the end. */
static char *dump_dir_new(void)
{
    char *dir = g_dir_make_tmp("winsim-dumps-XXXXXX", NULL);
    g_assert_nonnull(dir);
    g_setenv("WINSIM_DUMP_DIR", dir, TRUE);
    return dir;
}

static void dump_dir_remove(char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *name;
    while (d && (name = g_dir_read_name(d))) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        g_remove(path);
    }
    if (d) {
        g_dir_close(d);
    }
    g_rmdir(dir);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    char *dumps = g_test_subprocess() ? NULL : dump_dir_new();
    g_test_add_func("/stack/bringup-caps", test_bringup_caps);
    g_test_add_func("/stack/segments", test_segments);
    g_test_add_func("/stack/submit/empty-both-nodes", test_empty_submissions);
    g_test_add_func("/stack/submit/dma-buffers", test_dma_buffers);
    g_test_add_func("/stack/submit/bad", test_bad_submissions);
    g_test_add_func("/stack/submit/dma-faulted", test_dma_faulted);
    g_test_add_func("/stack/submit/defensive", test_defensive_device_values);
    g_test_add_func("/stack/paging/aperture-map-unmap", test_aperture_map_unmap);
    g_test_add_func("/stack/paging/fill-transfer", test_fill_transfer);
    g_test_add_func("/stack/paging/transfer-system-memory", test_transfer_system_memory);
    g_test_add_func("/stack/allocations", test_allocations);
    g_test_add_func("/stack/allocations/open-close", test_open_allocation);
    g_test_add_func("/stack/allocations/standard", test_standard_allocation);
    g_test_add_func("/stack/render/ok-and-split", test_render);
    g_test_add_func("/stack/render/rejects", test_render_rejects);
    g_test_add_func("/stack/render/patch-bounds", test_patch_bounds);
    g_test_add_func("/stack/tdr/engine-reset", test_tdr_engine);
    g_test_add_func("/stack/tdr/promoted-to-adapter", test_tdr_promoted);
    g_test_add_func("/stack/tdr/innocent-resubmitted", test_tdr_innocent_resubmitted);
    g_test_add_func("/stack/tdr/reset-engine", test_reset_engine);
    g_test_add_func("/stack/tdr/limit-bugcheck", test_tdr_limit);
    g_test_add_func("/stack/escape", test_escape);
    g_test_add_func("/stack/kmt", test_kmt);
    g_test_add_func("/stack/kmt/eviction", test_eviction);
    g_test_add_func("/stack/submit/fence-wrap", test_fence_wrap);
    g_test_add_func("/stack/dropped-interrupt", test_dropped_interrupt);
    g_test_add_func("/stack/remove-releases-all", test_remove_releases_all);
    int status = g_test_run();
    if (dumps) {
        dump_dir_remove(dumps);
    }
    return status;
}
