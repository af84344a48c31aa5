/* SPDX-License-Identifier: MIT */
/* Helpers of the stack suite (see stack-util.h). */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"

const char *transport_name(void)
{
    const char *name = g_getenv("WINSIM_TRANSPORT");
    return name ? name : "inproc";
}

WsSim *started(void)
{
    WsSim *sim = ws_sim_new(transport_name());
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, (uint32_t)STATUS_SUCCESS);
    return sim;
}

NTSTATUS query(WsSim *sim, DXGK_QUERYADAPTERINFOTYPE type, void *out, UINT size)
{
    DXGKARG_QUERYADAPTERINFO q = { .Type = type, .pOutputData = out, .OutputDataSize = size };
    return sim->init.DxgkDdiQueryAdapterInfo(sim->adapter, &q);
}

void inject_ok(WsSim *sim, const char *spec)
{
    GError *err = NULL;
    g_assert_true(sim->t->ops->inject(sim->t, spec, &err));
    g_assert_no_error(err);
}

void open_contexts(WsSim *sim, Ctx *c)
{
    /* Flags (0: an application device) shares its bytes with the obsolete
     * pInfo pointer; the KMD must leave both alone. */
    DXGKARG_CREATEDEVICE cd = { .Flags.Value = 0 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateDevice(sim->adapter, &cd), ==, 0);
    g_assert_cmphex(cd.Flags.Value, ==, 0);
    c->device = cd.hDevice;
    for (unsigned n = 0; n < sim->nodes; n++) {
        g_assert_cmphex((uint32_t)ws_context_create(sim, c->device, n, false, &c->context[n]),
                        ==, 0);
        g_assert_cmphex(ws_context_info(sim, c->context[n])->dma_segment_set, ==,
                        1u << (SABLE_SEGMENT_APERTURE - 1));
    }
    DXGKARG_CREATECONTEXT bad = { .NodeOrdinal = SABLE_NODE_COUNT, .EngineAffinity = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiCreateContext(c->device, &bad), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
}

void close_contexts(WsSim *sim, Ctx *c)
{
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyDevice(c->device), ==,
                    (uint32_t)STATUS_INVALID_DEVICE_STATE); /* contexts still open */
    for (unsigned n = 0; n < sim->nodes; n++) {
        g_assert_cmphex((uint32_t)ws_context_destroy(sim, c->context[n]), ==, 0);
        g_hash_table_remove(sim->errored, c->context[n]);
    }
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyDevice(c->device), ==, 0);
}

uint32_t submit_ok(WsSim *sim, Ctx *c, unsigned node, uint64_t gpu, uint32_t size)
{
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_submit(sim, c->context[node], node, SABLE_SEGMENT_APERTURE,
                                        gpu, size, false, &fence), ==, 0);
    return fence;
}

/* Two winsim pages mapped into the aperture by VidMm (BuildPagingBuffer). */
void map_pages(WsSim *sim, Mapped *m)
{
    g_assert_true(ws_guestmem_alloc(&sim->mem, 2 * SABLE_PAGE_SIZE, &m->bus, (void **)&m->cpu));
    m->mdl = ws_mdl_new(m->bus, 2);
    m->gpu = ws_aperture_map(sim, m->mdl, 2);
}

void unmap_pages(WsSim *sim, Mapped *m)
{
    ws_aperture_unmap(sim, m->gpu, 2);
    ws_mdl_free(m->mdl);
    ws_guestmem_free(&sim->mem, m->bus, 2 * SABLE_PAGE_SIZE);
}

/* A WRITE32 at offset 256 * n of page 0, aimed at page 1 + 8 * n. */
void put_write32(Mapped *m, unsigned n, uint32_t value)
{
    struct sable_cmd_write32 w = {
        .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4),
        .value = value,
        .addr = m->gpu + SABLE_PAGE_SIZE + 8u * n,
    };
    memcpy(m->cpu + 256u * n, &w, sizeof(w));
}

uint32_t submit_write32(WsSim *sim, Ctx *c, Mapped *m, unsigned node, uint32_t value)
{
    put_write32(m, node, value);
    return submit_ok(sim, c, node, m->gpu + 256u * node, sizeof(struct sable_cmd_write32));
}

void hang_to_adapter_reset(WsSim *sim, Ctx *c, Mapped *m)
{
    inject_ok(sim, "hang,engine=0");
    inject_ok(sim, "reset-fail,engine=0");
    uint32_t f = submit_write32(sim, c, m, 0, 0x11);
    g_assert_false(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->stats.adapter_resets, ==, 1);
}

uint32_t read_result(Mapped *m, unsigned node)
{
    uint32_t v;
    memcpy(&v, m->cpu + SABLE_PAGE_SIZE + 8u * node, 4);
    return v;
}

struct sable_alloc_private surface_desc(void)
{
    struct sable_alloc_private p = {
        .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION,
        .kind = SABLE_ALLOC_SURFACE, .flags = SABLE_ALLOC_F_CPU_VISIBLE,
        .size = 64 * 256, .format = SABLE_FORMAT_B8G8R8A8_UNORM,
        .width = 64, .height = 64, .pitch = 256, .segment = SABLE_SEGMENT_VRAM,
    };
    return p;
}

struct sable_alloc_private buffer_desc(uint64_t size, uint32_t segment)
{
    struct sable_alloc_private p = {
        .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION,
        .kind = SABLE_ALLOC_BUFFER, .flags = SABLE_ALLOC_F_CPU_VISIBLE, .size = size,
        .segment = segment,
    };
    return p;
}

NTSTATUS create_one(WsSim *sim, struct sable_alloc_private *p, DXGK_ALLOCATIONINFO *info)
{
    memset(info, 0, sizeof(*info));
    info->pPrivateDriverData = p;
    info->PrivateDriverDataSize = sizeof(*p);
    DXGKARG_CREATEALLOCATION ca = { .NumAllocations = 1, .pAllocationInfo = info };
    return sim->init.DxgkDdiCreateAllocation(sim->adapter, &ca);
}

void destroy_one(WsSim *sim, HANDLE h)
{
    DXGKARG_DESTROYALLOCATION da = { .NumAllocations = 1, .pAllocationList = &h };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiDestroyAllocation(sim->adapter, &da), ==, 0);
}

void cmd_put(Cmd *c, const void *pkt, uint32_t size)
{
    memcpy(c->buf + c->len, pkt, size);
    c->len += size;
}

void cmd_patch(Cmd *c, uint32_t field_off, UINT alloc, uint32_t alloc_off)
{
    D3DDDI_PATCHLOCATIONLIST *p = &c->patch[c->npatch++];
    memset(p, 0, sizeof(*p));
    p->AllocationIndex = alloc;
    p->AllocationOffset = alloc_off;
    p->PatchOffset = field_off;
}

void cmd_write32(Cmd *c, uint32_t alloc_off, uint32_t value)
{
    struct sable_cmd_write32 w = { .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4),
                                   .value = value };
    cmd_patch(c, c->len + 8, 0, alloc_off);
    cmd_put(c, &w, sizeof(w));
}

void cmd_fill(Cmd *c, uint32_t alloc_off, uint32_t pattern, uint64_t size)
{
    struct sable_cmd_fill f = { .header = SABLE_CMD_HEADER(SABLE_OP_FILL, 0, 6),
                                .pattern = pattern, .size = size };
    cmd_patch(c, c->len + 8, 0, alloc_off);
    cmd_put(c, &f, sizeof(f));
}

void cmd_copy(Cmd *c, uint32_t dst_off, uint32_t src_off, uint64_t size)
{
    struct sable_cmd_copy k = { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8), .size = size };
    cmd_patch(c, c->len + 8, 0, dst_off);
    cmd_patch(c, c->len + 16, 0, src_off);
    cmd_put(c, &k, sizeof(k));
}

void *reg_ram(WsSim *sim, uint32_t lo_reg, uint64_t offset, uint64_t len)
{
    WsTransport *t = sim->t;
    uint64_t bus = t->ops->mmio_read(t, lo_reg) | (uint64_t)t->ops->mmio_read(t, lo_reg + 4) << 32;
    void *p = t->ops->ram_ptr(t, bus + offset, len);
    g_assert_nonnull(p);
    return p;
}
