/* SPDX-License-Identifier: MIT */
/* model-util: test helpers on top of simbus (see model-util.h). */
#include <string.h>

#include "model-util.h"

uint32_t mt_reg(Mt *mt, unsigned e, uint32_t reg)
{
    return simbus_read(mt->bus, SABLE_REG_ENGINE(e) + reg);
}

uint64_t mt_reg64(Mt *mt, unsigned e, uint32_t reg_lo)
{
    return simbus_read64(mt->bus, SABLE_REG_ENGINE(e) + reg_lo);
}

void mt_write_reg(Mt *mt, unsigned e, uint32_t reg, uint32_t v)
{
    simbus_write(mt->bus, SABLE_REG_ENGINE(e) + reg, v);
}

void mt_rings_init(Mt *mt)
{
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        mt->tail[e] = 0;
        mt->fence[e] = 0;
        simbus_write64(mt->bus, SABLE_REG_ENGINE(e) + SABLE_ENG_RING_BASE_LO,
                       MT_RING(e));
        mt_write_reg(mt, e, SABLE_ENG_RING_SIZE, MT_RING_ENTRIES);
        mt_write_reg(mt, e, SABLE_ENG_RING_CONTROL, SABLE_RING_CONTROL_ENABLE);
        g_assert_cmpuint(mt_status(mt, e) & SABLE_ENGINE_STATUS_ENABLED, !=, 0);
    }
}

Mt *mt_new(const SimBusConfig *cfg)
{
    Mt *mt = g_new0(Mt, 1);
    mt->bus = simbus_new(cfg);
    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, 0xffffffffu);
    mt_rings_init(mt);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==, 0);
    return mt;
}

void mt_free(Mt *mt)
{
    simbus_free(mt->bus);
    g_free(mt);
}

void mt_gart_setup(Mt *mt, uint64_t flags)
{
    for (unsigned i = 0; i < MT_GART_ENTRIES; i++) {
        uint64_t pte = flags ? (MT_GART_PAGES + (uint64_t)i * SABLE_PAGE_SIZE) | flags
                             : 0;
        simbus_ram_write64(mt->bus, MT_GART_TABLE + 8ull * i, pte);
    }
    simbus_write64(mt->bus, SABLE_REG_GART_TABLE_LO, MT_GART_TABLE);
    simbus_write(mt->bus, SABLE_REG_GART_ENTRIES, MT_GART_ENTRIES);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_GART_ENTRIES), ==,
                     MT_GART_ENTRIES);
}

void *mt_gart_page(Mt *mt, unsigned page)
{
    return simbus_ram(mt->bus, MT_GART_PAGES + (uint64_t)page * SABLE_PAGE_SIZE,
                      SABLE_PAGE_SIZE);
}

void mt_submit_desc(Mt *mt, unsigned e, const struct sable_submit *d)
{
    uint64_t slot = mt->tail[e] & (MT_RING_ENTRIES - 1);
    memcpy(simbus_ram(mt->bus, MT_RING(e) + SABLE_RING_HEADER_SIZE + slot * 64, 64),
           d, 64);
    mt->tail[e]++;
    simbus_ram_write32(mt->bus, MT_RING(e) + 64, mt->tail[e]);
    mt_write_reg(mt, e, SABLE_ENG_DOORBELL, 1);
}

uint64_t mt_submit_flags(Mt *mt, unsigned e, const CmdBuf *cb, uint32_t flags)
{
    uint32_t bytes = cb->n * 4;
    if (mt->dma_next[e] + bytes > MT_DMA_REGION) {
        mt->dma_next[e] = 0;
    }
    uint64_t gpa = MT_DMA(e) + mt->dma_next[e];
    memcpy(mt_vram(mt, gpa), cb->dw, bytes);
    mt->dma_next[e] += (bytes + 63) & ~63u;
    struct sable_submit d = { .dma_addr = gpa, .dma_size = bytes,
                              .flags = flags, .fence = ++mt->fence[e],
                              .context_id = 100 + e };
    mt_submit_desc(mt, e, &d);
    return d.fence;
}

uint64_t mt_submit(Mt *mt, unsigned e, const CmdBuf *cb)
{
    return mt_submit_flags(mt, e, cb, 0);
}

void mt_inject(Mt *mt, const char *spec)
{
    SableInjection inj;
    GError *err = NULL;
    g_assert_true(sable_inject_parse(spec, &inj, &err));
    g_assert_no_error(err);
    g_assert_true(sable_inject(mt->bus->dev, &inj, &err));
    g_assert_no_error(err);
}

uint64_t mt_submit_writes(Mt *mt, CmdBuf *cb, unsigned e, unsigned n)
{
    cb_reset(cb);
    for (unsigned i = 0; i < n; i++) {
        cb_write32(cb, 0x100 + 4 * i, i + 1);
    }
    return mt_submit(mt, e, cb);
}

uint64_t mt_last_dma(Mt *mt, unsigned e)
{
    struct sable_submit d;
    uint64_t slot = (mt->tail[e] - 1) & (MT_RING_ENTRIES - 1);
    memcpy(&d, simbus_ram(mt->bus, MT_RING(e) + SABLE_RING_HEADER_SIZE + slot * 64,
                          64), 64);
    return d.dma_addr;
}

void mt_run(Mt *mt)
{
    simbus_drain(mt->bus, 100000);
}

uint64_t mt_completed(Mt *mt, unsigned e)
{
    return mt_reg64(mt, e, SABLE_ENG_COMPLETED_FENCE_LO);
}

uint32_t mt_status(Mt *mt, unsigned e)
{
    return mt_reg(mt, e, SABLE_ENG_STATUS);
}

void *mt_vram(Mt *mt, uint64_t gpa)
{
    g_assert_cmpuint(gpa, <, mt->bus->vram_size);
    return mt->bus->vram + gpa;
}

void cb_reset(CmdBuf *cb)
{
    cb->n = 0;
}

void cb_emit(CmdBuf *cb, const void *pkt, uint32_t bytes)
{
    g_assert_cmpuint(bytes % 4, ==, 0);
    g_assert_cmpuint(cb->n + bytes / 4, <=, G_N_ELEMENTS(cb->dw));
    memcpy(cb->dw + cb->n, pkt, bytes);
    cb->n += bytes / 4;
}

#define EMIT(cb, op, ...) do { \
        __typeof__(__VA_ARGS__) p_ = __VA_ARGS__; \
        p_.header = SABLE_CMD_HEADER(op, 0, sizeof(p_) / 4); \
        cb_emit(cb, &p_, sizeof(p_)); \
    } while (0)

void cb_nop(CmdBuf *cb, uint32_t dwords)
{
    uint32_t h = SABLE_CMD_HEADER(SABLE_OP_NOP, 0, dwords);
    cb_emit(cb, &h, 4);
    for (uint32_t i = 1; i < dwords; i++) {
        uint32_t z = 0xdeadbeef;
        cb_emit(cb, &z, 4);
    }
}

void cb_write32(CmdBuf *cb, uint64_t addr, uint32_t v)
{
    EMIT(cb, SABLE_OP_WRITE32, (struct sable_cmd_write32){ .value = v, .addr = addr });
}

void cb_write64(CmdBuf *cb, uint64_t addr, uint64_t v)
{
    EMIT(cb, SABLE_OP_WRITE64, (struct sable_cmd_write64){ .addr = addr, .value = v });
}

void cb_copy(CmdBuf *cb, uint64_t dst, uint64_t src, uint64_t size)
{
    EMIT(cb, SABLE_OP_COPY,
         (struct sable_cmd_copy){ .dst = dst, .src = src, .size = size });
}

void cb_fill(CmdBuf *cb, uint64_t dst, uint32_t pattern, uint64_t size)
{
    EMIT(cb, SABLE_OP_FILL,
         (struct sable_cmd_fill){ .pattern = pattern, .dst = dst, .size = size });
}

void cb_timestamp(CmdBuf *cb, uint64_t addr)
{
    EMIT(cb, SABLE_OP_TIMESTAMP, (struct sable_cmd_timestamp){ .addr = addr });
}

void cb_wait(CmdBuf *cb, uint64_t addr, uint32_t compare, uint64_t value,
             uint64_t mask)
{
    EMIT(cb, SABLE_OP_WAIT_VALUE,
         (struct sable_cmd_wait_value){ .compare = compare, .addr = addr,
                                        .value = value, .mask = mask });
}

void cb_gart_update(CmdBuf *cb, uint32_t first, uint32_t count,
                    const uint64_t *entries)
{
    struct sable_cmd_gart_update p = {
        .header = SABLE_CMD_HEADER(SABLE_OP_GART_UPDATE, 0, 4 + 2 * count),
        .count = count, .first_entry = first,
    };
    cb_emit(cb, &p, sizeof(p));
    cb_emit(cb, entries, count * 8);
}

void cb_stall(CmdBuf *cb, uint32_t usec)
{
    EMIT(cb, SABLE_OP_DEBUG_STALL, (struct sable_cmd_debug_stall){ .usec = usec });
}

void cb_hang(CmdBuf *cb)
{
    uint32_t h = SABLE_CMD_HEADER(SABLE_OP_DEBUG_HANG, 0, 1);
    cb_emit(cb, &h, 4);
}

struct sable_surface mt_surface(uint64_t addr, uint32_t pitch, uint32_t format,
                                uint32_t w, uint32_t h)
{
    return (struct sable_surface){ .addr = addr, .pitch = pitch,
                                   .format = format, .width = w, .height = h };
}

void cb_blit(CmdBuf *cb, struct sable_surface src, struct sable_surface dst,
             struct sable_rect r, uint32_t dx, uint32_t dy)
{
    EMIT(cb, SABLE_OP_BLIT_2D,
         (struct sable_cmd_blit_2d){ .src = src, .dst = dst, .src_rect = r,
                                     .dst_x = dx, .dst_y = dy });
}

void cb_copy_2d(CmdBuf *cb, struct sable_surface src, struct sable_surface dst,
                struct sable_rect r, uint32_t dx, uint32_t dy)
{
    EMIT(cb, SABLE_OP_COPY_2D,
         (struct sable_cmd_copy_2d){ .src = src, .dst = dst, .src_rect = r,
                                     .dst_x = dx, .dst_y = dy });
}

void cb_solid(CmdBuf *cb, struct sable_surface dst, struct sable_rect r,
              uint32_t color)
{
    EMIT(cb, SABLE_OP_SOLID_FILL_2D,
         (struct sable_cmd_solid_fill_2d){ .color = color, .dst = dst, .rect = r });
}
