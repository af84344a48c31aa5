/* SPDX-License-Identifier: MIT */
/* The stack suite: Render and Patch. */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"

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

/* Render on the graphics node and wait for the work to complete. */
static NTSTATUS render(WsSim *sim, Ctx *ctx, Resident *r, const Cmd *c)
{
    WsRender rd = {
        .context = ctx->context[0], .node = 0, .cmd = c->buf, .len = c->len,
        .allocs = &r->entry, .nallocs = 1, .patches = c->patch, .npatches = c->npatch,
    };
    NTSTATUS st = ws_render(sim, &rd);
    if (NT_SUCCESS(st)) {
        g_assert_true(ws_wait_fence(sim, 0, rd.fence));
    }
    return st;
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


/* The allocation's end is exact: a WRITE32 or a FILL ending at the last
 * byte of the two-page allocation runs, one that reaches 4 bytes (or one
 * byte) further is refused before anything runs. */
static void test_render_allocation_end(void)
{
    WsSim *sim = started();
    Ctx ctx;
    Resident r;
    open_contexts(sim, &ctx);
    resident_new(sim, &r);
    const uint32_t size = 2 * SABLE_PAGE_SIZE;
    Cmd c = { .len = 0 };
    cmd_write32(&c, size - 4, 0x600d);
    cmd_fill(&c, size - 64, 0x5a5a5a5au, 60); /* ends 4 bytes before the last WRITE32 */
    g_assert_cmphex((uint32_t)render(sim, &ctx, &r, &c), ==, 0);
    uint32_t v;
    memcpy(&v, r.m.cpu + size - 4, 4);
    g_assert_cmphex(v, ==, 0x600d);
    memcpy(&v, r.m.cpu + size - 8, 4);
    g_assert_cmphex(v, ==, 0x5a5a5a5au);
    unsigned submits = sim->vidmm.render_submits;
    const struct { uint32_t off; uint64_t fill; } past[] = {
        { size, 0 },          /* WRITE32 just past the end */
        { size - 60, 64 },    /* FILL 4 bytes past the end */
        { size - 64, 65 },    /* FILL 1 byte past the end */
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(past); i++) {
        memset(&c, 0, sizeof(c));
        if (past[i].fill) {
            cmd_fill(&c, past[i].off, 0, past[i].fill);
        } else {
            cmd_write32(&c, past[i].off, 1);
        }
        g_assert_cmphex((uint32_t)render(sim, &ctx, &r, &c), ==,
                        (uint32_t)STATUS_PRIVILEGED_INSTRUCTION);
    }
    g_assert_cmpuint(sim->vidmm.render_submits, ==, submits);
    resident_free(sim, &r);
    close_contexts(sim, &ctx);
    ws_sim_free(sim);
}

/* Patch's 8-byte locations against the submission's end, exactly: ending at
 * the end (also when the end is the buffer's size) is patched, ending one
 * byte past is refused; offsets and ends near 2^32 do not wrap. */
static void test_patch_end(void)
{
    WsSim *sim = started();
    uint8_t dma[64];
    DXGK_ALLOCATIONLIST al = { .SegmentId = SABLE_SEGMENT_VRAM };
    al.PhysicalAddress.QuadPart = 0x7000;
    D3DDDI_PATCHLOCATIONLIST loc = { .PatchOffset = 16 };
    DXGKARG_PATCH base = {
        .pDmaBuffer = dma, .DmaBufferSize = 64, .DmaBufferSubmissionEndOffset = 24,
        .pAllocationList = &al, .AllocationListSize = 1, .pPatchLocationList = &loc,
        .PatchLocationListSize = 1, .PatchLocationListSubmissionLength = 1,
    };
    const struct { UINT patch, end, size; NTSTATUS want; } cases[] = {
        { 16, 24, 64, STATUS_SUCCESS },               /* ends at the end */
        { 17, 24, 64, STATUS_INVALID_PARAMETER },     /* one byte past */
        { 56, 64, 64, STATUS_SUCCESS },               /* end == DmaBufferSize */
        { 57, 64, 64, STATUS_INVALID_PARAMETER },
        { 56, 65, 64, STATUS_INVALID_PARAMETER },     /* end past the buffer */
        { 0xFFFFFFF8u, 64, 64, STATUS_INVALID_PARAMETER },
        { 16, 0xFFFFFFFFu, 64, STATUS_INVALID_PARAMETER },
        { 0xFFFFFFF8u, 0xFFFFFFFFu, 0xFFFFFFFFu, STATUS_INVALID_PARAMETER },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        memset(dma, 0, sizeof(dma));
        DXGKARG_PATCH p = base;
        loc.PatchOffset = cases[i].patch;
        p.DmaBufferSubmissionEndOffset = cases[i].end;
        p.DmaBufferSize = cases[i].size;
        g_test_message("case %u", i);
        g_assert_cmphex((uint32_t)sim->init.DxgkDdiPatch(sim->adapter, &p), ==,
                        (uint32_t)cases[i].want);
        uint64_t v = 0;
        if (cases[i].want == STATUS_SUCCESS) {
            memcpy(&v, dma + cases[i].patch, 8);
            g_assert_cmphex(v, ==, 0x7000);
        } else {
            for (unsigned b = 0; b < sizeof(dma); b++) {
                g_assert_cmpuint(dma[b], ==, 0);
            }
        }
    }
    ws_sim_free(sim);
}

void stack_add_render_tests(void)
{
    g_test_add_func("/stack/render/ok-and-split", test_render);
    g_test_add_func("/stack/render/rejects", test_render_rejects);
    g_test_add_func("/stack/render/patch-bounds", test_patch_bounds);
    g_test_add_func("/stack/render/allocation-end", test_render_allocation_end);
    g_test_add_func("/stack/render/patch-end", test_patch_end);
}
