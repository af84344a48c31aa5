/* SPDX-License-Identifier: MIT */
/* The stack suite: BuildPagingBuffer through winsim's VidMm. */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"

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

void stack_add_paging_tests(void)
{
    g_test_add_func("/stack/paging/aperture-map-unmap", test_aperture_map_unmap);
    g_test_add_func("/stack/paging/fill-transfer", test_fill_transfer);
    g_test_add_func("/stack/paging/transfer-system-memory", test_transfer_system_memory);
}
