/* SPDX-License-Identifier: MIT */
/* The stack suite: Bring-up, capabilities, segments, RemoveDevice. */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"

static void test_bringup_caps(void)
{
    WsSim *sim = started();
    g_assert_cmphex(sim->init.Version, ==, DXGKDDI_INTERFACE_VERSION_WDDM3_2);
    /* not implemented, so not offered (and no preemption claimed below) */
    g_assert_null(sim->init.DxgkDdiPreemptCommand);
    g_assert_null(sim->init.DxgkDdiSetPalette);
    DXGK_DRIVERCAPS caps;
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_DRIVERCAPS, &caps, sizeof(caps) - 1), ==,
                    (uint32_t)STATUS_BUFFER_TOO_SMALL);
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_DRIVERCAPS, &caps, sizeof(caps)), ==, 0);
    g_assert_cmpuint(caps.SchedulingCaps.MultiEngineAware, ==, 1);
    g_assert_cmpuint(caps.SchedulingCaps.PreemptionAware, ==, 0);
    g_assert_cmpuint(caps.GpuEngineTopology.NbAsymetricProcessingNodes, ==, 2);
    g_assert_cmpuint(caps.SupportPerEngineTDR, ==, 1);
    /* ... at the offsets Microsoft's DXGK_DRIVERCAPS has on x64, which is
     * where dxgkrnl reads them (winsim shares the header, so check bytes). */
    const uint8_t *raw = (const uint8_t *)&caps;
    uint32_t nodes;
    memcpy(&nodes, raw + 0x4C, sizeof(nodes));
    g_assert_cmpuint(nodes, ==, 2);   /* GpuEngineTopology.NbAsymetricProcessingNodes */
    g_assert_cmpuint(raw[0x21A], ==, 1); /* SupportPerEngineTDR */
    g_assert_cmpuint(caps.NumberOfSwizzlingRanges, ==, 8);
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
    /* the device's GART maps every page of the aperture segment, within
     * the device's limit */
    g_assert_cmpuint(ap->Size, >, 0);
    g_assert_cmpuint(ap->Size % SABLE_PAGE_SIZE, ==, 0);
    uint32_t entries = sim->t->ops->mmio_read(sim->t, SABLE_REG_GART_ENTRIES);
    g_assert_cmpuint(entries, >=, ap->Size / SABLE_PAGE_SIZE);
    g_assert_cmpuint(entries, <=, sim->t->ops->mmio_read(sim->t, SABLE_REG_GART_MAX_ENTRIES));
    g_assert_cmpuint(out.PagingBufferSegmentId, ==, SABLE_SEGMENT_APERTURE);
    /* QUERYSEGMENT3 (what dxgkrnl asks a WDDM 1.2 driver) says the same */
    DXGK_QUERYSEGMENTOUT3 out3 = { 0 };
    DXGK_SEGMENTDESCRIPTOR3 seg3[2];
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_QUERYSEGMENT3, &out3, sizeof(out3)), ==, 0);
    g_assert_cmpuint(out3.NbSegment, ==, 2);
    out3.pSegmentDescriptor = seg3;
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_QUERYSEGMENT3, &out3, sizeof(out3) - 1), ==,
                    (uint32_t)STATUS_BUFFER_TOO_SMALL);
    g_assert_cmphex((uint32_t)query(sim, DXGKQAITYPE_QUERYSEGMENT3, &out3, sizeof(out3)), ==, 0);
    for (unsigned i = 0; i < 2; i++) {
        g_assert_cmphex((uint64_t)seg3[i].BaseAddress.QuadPart, ==,
                        (uint64_t)seg[i].BaseAddress.QuadPart);
        g_assert_cmpuint(seg3[i].Size, ==, seg[i].Size);
        g_assert_cmphex(seg3[i].Flags.Value, ==, seg[i].Flags.Value);
    }
    g_assert_cmpuint(out3.PagingBufferSegmentId, ==, out.PagingBufferSegmentId);
    ws_sim_free(sim);
}

static void test_remove_releases_all(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    g_assert_cmpuint(sim->stats.os_dma, >, 0);
    g_assert_cmpuint(sim->stats.mappings, ==, 2); /* BAR0, the VRAM head (sysdisplay.c) */
    close_contexts(sim, &c);
    ws_adapter_remove(sim);
    g_assert_cmpuint(sim->stats.os_allocs, ==, 0);
    g_assert_cmpuint(sim->stats.os_dma, ==, 0);
    g_assert_cmpuint(sim->mem.map.runs, ==, 0);
    g_assert_cmpuint(sim->t->ops->mmio_read(sim->t, SABLE_REG_IRQ_MASK), ==, 0);
    g_assert_cmpuint(sim->t->ops->mmio_read(sim->t, SABLE_REG_GART_ENTRIES), ==, 0);
    ws_sim_free(sim);
}

/* StartDevice with resources it cannot use fails with nothing left behind
 * (ws_sim_free checks every allocation, mapping and lock): BAR0 too small,
 * no interrupt, a resource list with no entry. */
static void test_start_failures(void)
{
    for (unsigned i = 0; i < 3; i++) {
        WsSim *sim = ws_sim_new(transport_name());
        CM_PARTIAL_RESOURCE_LIST *p = &sim->resources->List[0].PartialResourceList;
        CM_PARTIAL_RESOURCE_DESCRIPTOR *d = p->PartialDescriptors;
        if (i == 0) {
            d[0].u.Memory.Length = SABLE_MMIO_SIZE / 2;
        } else if (i == 1) {
            p->Count--; /* the interrupt is the last descriptor */
        } else {
            sim->resources->Count = 0;
        }
        NTSTATUS st = ws_adapter_start(sim);
        g_assert_false(NT_SUCCESS(st));
        g_assert_null(sim->adapter);
        ws_sim_free(sim);
    }
}

/* RequiredDmaQueueEntry sizes the rings: 1000 queued DMA buffers need 1024
 * ring entries; more than the device can hold fails StartDevice cleanly. */
static void test_dma_queue_entries(void)
{
    WsSim *sim = ws_sim_new(transport_name());
    sim->dma_queue_entries = 1000;
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, 0);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        g_assert_cmpuint(sim->t->ops->mmio_read(sim->t, SABLE_REG_ENGINE(n) + SABLE_ENG_RING_SIZE),
                         ==, 1024);
    }
    ws_sim_free(sim);
    sim = ws_sim_new(transport_name());
    sim->dma_queue_entries = SABLE_RING_MAX_ENTRIES + 1;
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, (uint32_t)STATUS_INSUFFICIENT_RESOURCES);
    ws_sim_free(sim);
}

void stack_add_basic_tests(void)
{
    g_test_add_func("/stack/bringup-caps", test_bringup_caps);
    g_test_add_func("/stack/segments", test_segments);
    g_test_add_func("/stack/start-failures", test_start_failures);
    g_test_add_func("/stack/dma-queue-entries", test_dma_queue_entries);
    g_test_add_func("/stack/remove-releases-all", test_remove_releases_all);
}
