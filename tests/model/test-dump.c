/* SPDX-License-Identifier: MIT */
/* Dumps: written synchronously, parsed back section by section. */
#include <string.h>

#include "model-util.h"

static CmdBuf cb;

typedef struct Parsed {
    struct sable_dump_header hdr;
    struct sable_dump_device dev;
    struct sable_dump_engine eng[SABLE_NUM_ENGINES];
    struct sable_dump_cmd hist[SABLE_NUM_ENGINES][SABLE_CORE_CMD_HISTORY];
    uint32_t hist_count[SABLE_NUM_ENGINES];
    uint32_t reg_count;
    uint32_t magic_reg;
    uint32_t scratch_reg;
    uint32_t swz_count;
    struct sable_dump_swz_range swz[16];
    unsigned sections;
} Parsed;

static void parse_registers(const uint8_t *p, const struct sable_dump_section *s,
                            Parsed *out)
{
    struct sable_dump_registers r;
    memcpy(&r, p, sizeof(r));
    g_assert_cmpuint(s->size, ==, sizeof(r) + r.count * sizeof(struct sable_dump_reg));
    out->reg_count = r.count;
    for (uint32_t i = 0; i < r.count; i++) {
        struct sable_dump_reg reg;
        memcpy(&reg, p + sizeof(r) + i * sizeof(reg), sizeof(reg));
        if (reg.offset == SABLE_REG_MAGIC) {
            out->magic_reg = reg.value;
        } else if (reg.offset == SABLE_REG_SCRATCH) {
            out->scratch_reg = reg.value;
        }
    }
}

static void parse_section(const uint8_t *p, const struct sable_dump_section *s,
                          Parsed *out)
{
    switch (s->type) {
    case SABLE_DUMP_SEC_DEVICE:
        g_assert_cmpuint(s->size, >=, sizeof(out->dev));
        memcpy(&out->dev, p, sizeof(out->dev));
        break;
    case SABLE_DUMP_SEC_ENGINE:
        g_assert_cmpuint(s->instance, <, SABLE_NUM_ENGINES);
        g_assert_cmpuint(s->size, >=, sizeof(out->eng[0]));
        memcpy(&out->eng[s->instance], p, sizeof(out->eng[0]));
        break;
    case SABLE_DUMP_SEC_CMD_HISTORY: {
        struct sable_dump_history h;
        g_assert_cmpuint(s->instance, <, SABLE_NUM_ENGINES);
        memcpy(&h, p, sizeof(h));
        g_assert_cmpuint(h.count, <=, SABLE_CORE_CMD_HISTORY);
        g_assert_cmpuint(s->size, ==, sizeof(h) + h.count * sizeof(struct sable_dump_cmd));
        out->hist_count[s->instance] = h.count;
        memcpy(out->hist[s->instance], p + sizeof(h), h.count * sizeof(struct sable_dump_cmd));
        break;
    }
    case SABLE_DUMP_SEC_REGISTERS:
        parse_registers(p, s, out);
        break;
    case SABLE_DUMP_SEC_SWIZZLE: {
        struct sable_dump_swizzle h;
        memcpy(&h, p, sizeof(h));
        g_assert_cmpuint(h.count, <=, G_N_ELEMENTS(out->swz));
        g_assert_cmpuint(s->size, ==, sizeof(h) + h.count * sizeof(out->swz[0]));
        out->swz_count = h.count;
        memcpy(out->swz, p + sizeof(h), h.count * sizeof(out->swz[0]));
        break;
    }
    default:
        g_assert_not_reached();
    }
}

static void parse(const uint8_t *buf, uint32_t len, Parsed *out)
{
    memset(out, 0, sizeof(*out));
    g_assert_cmpuint(len, >=, sizeof(out->hdr));
    memcpy(&out->hdr, buf, sizeof(out->hdr));
    g_assert_cmphex(out->hdr.magic, ==, SABLE_DUMP_MAGIC);
    g_assert_cmpuint(out->hdr.major, ==, SABLE_DUMP_MAJOR);
    g_assert_cmpuint(out->hdr.header_size, ==, sizeof(out->hdr));
    g_assert_cmpuint(out->hdr.total_size, ==, len);
    g_assert_cmpuint(out->hdr.engine_count, ==, SABLE_NUM_ENGINES);
    g_assert_cmphex(out->hdr.abi_version, ==, SABLE_ABI_VERSION);
    uint32_t off = out->hdr.header_size;
    while (off < len) {
        struct sable_dump_section s;
        g_assert_cmpuint(len - off, >=, sizeof(s));
        memcpy(&s, buf + off, sizeof(s));
        g_assert_cmpuint(s.size % 8, ==, 0);
        g_assert_cmpuint(s.size, >=, sizeof(s));
        g_assert_cmpuint(s.size, <=, len - off);
        parse_section(buf + off, &s, out);
        off += s.size;
        out->sections++;
    }
    g_assert_cmpuint(off, ==, len);
    g_assert_cmpuint(out->sections, ==, out->hdr.section_count);
}

static uint32_t request_dump(Mt *mt, uint64_t addr, uint32_t size)
{
    simbus_write64(mt->bus, SABLE_REG_DUMP_ADDR_LO, addr);
    simbus_write(mt->bus, SABLE_REG_DUMP_SIZE, size);
    simbus_write(mt->bus, SABLE_REG_DUMP_CONTROL, 1);
    return simbus_read(mt->bus, SABLE_REG_DUMP_STATUS);
}

static void test_dump_fault(void)
{
    Mt *mt = mt_new(NULL);
    mt->bus->now_ns = 4242;
    simbus_write(mt->bus, SABLE_REG_SCRATCH, 0xabc);
    cb_reset(&cb);
    cb_write32(&cb, 0x100, 1);
    cb_write32(&cb, 0x104, 2);
    cb_copy(&cb, 0x200, 1ull << 39, 16); /* faults at offset 32 */
    cb_write32(&cb, 0x108, 3);
    uint64_t f = mt_submit(mt, 1, &cb);
    mt_run(mt);
    uint64_t dma = mt_last_dma(mt, 1);

    /* too small: nothing written, DUMP_REQUIRED tells the size */
    memset(simbus_ram(mt->bus, MT_DUMP, 64), 0xee, 64);
    g_assert_cmpuint(request_dump(mt, MT_DUMP, 64), ==, SABLE_DUMP_STATUS_TOO_SMALL);
    uint32_t need = simbus_read(mt->bus, SABLE_REG_DUMP_REQUIRED);
    g_assert_cmpuint(need, >, 64);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_DUMP_WRITTEN), ==, 0);
    g_assert_cmpuint(*(uint8_t *)simbus_ram(mt->bus, MT_DUMP, 1), ==, 0xee);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS) &
                     SABLE_IRQ_DUMP_DONE, !=, 0);

    g_assert_cmpuint(request_dump(mt, MT_DUMP, need + 100), ==, SABLE_DUMP_STATUS_OK);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_DUMP_WRITTEN), ==, need);
    const SableEvent *ev = simbus_last(mt->bus, SABLE_EV_DUMP);
    g_assert_cmpuint(ev->dump.addr, ==, MT_DUMP);
    g_assert_cmpuint(ev->dump.written, ==, need);
    g_assert_cmpuint(ev->dump.status, ==, SABLE_DUMP_STATUS_OK);

    Parsed *p = g_new0(Parsed, 1);
    parse(simbus_ram(mt->bus, MT_DUMP, need), need, p);
    g_assert_cmpuint(p->hdr.timestamp_ns, ==, 4242);
    g_assert_cmpuint(p->dev.vram_size, ==, mt->bus->vram_size);
    g_assert_cmphex(p->dev.gart_base, ==, SABLE_CORE_GART_BASE);
    g_assert_cmphex(p->dev.irq_status & SABLE_IRQ_FAULT(1), !=, 0);
    const struct sable_dump_engine *e1 = &p->eng[1];
    g_assert_cmpuint(e1->status & SABLE_ENGINE_STATUS_FAULTED, !=, 0);
    g_assert_cmphex(e1->current_dma_addr, ==, dma);
    g_assert_cmpuint(e1->current_dma_size, ==, cb.n * 4);
    g_assert_cmpuint(e1->current_dma_offset, ==, 32);
    g_assert_cmpuint(e1->current_fence, ==, f);
    g_assert_cmpuint(e1->current_context, ==, 101);
    g_assert_cmpuint(e1->submitted_fence, ==, f);
    g_assert_cmpuint(e1->ring_tail, ==, 1);
    g_assert_cmpuint(e1->ring_head, ==, 0);
    g_assert_cmpuint(e1->ring_base, ==, MT_RING(1));
    g_assert_cmpuint(e1->commands_executed, ==, 2);
    g_assert_cmpuint(e1->fault.code, ==, SABLE_FAULT_PAGE);
    g_assert_cmphex(e1->fault.addr, ==, 1ull << 39);
    g_assert_cmpuint(e1->fault.dma_offset, ==, 32);
    g_assert_cmpuint(e1->fault.opcode, ==, SABLE_OP_COPY);
    g_assert_cmpuint(p->eng[0].status, ==, SABLE_ENGINE_STATUS_ENABLED);
    g_assert_cmpuint(p->eng[0].current_dma_addr, ==, 0);
    /* history: the two writes, then the faulting copy */
    g_assert_cmpuint(p->hist_count[1], ==, 3);
    g_assert_cmpuint(p->hist_count[0], ==, 0);
    const struct sable_dump_cmd *h = p->hist[1];
    g_assert_cmpuint(SABLE_CMD_OPCODE(h[0].header), ==, SABLE_OP_WRITE32);
    g_assert_cmpuint(h[0].args[0], ==, 1);
    g_assert_cmpuint(h[0].args[1], ==, 0x100);
    g_assert_cmpuint(h[1].dma_offset, ==, 16);
    g_assert_cmpuint(SABLE_CMD_OPCODE(h[2].header), ==, SABLE_OP_COPY);
    g_assert_cmpuint(h[2].result, ==, SABLE_FAULT_PAGE);
    g_assert_cmpuint(h[2].dma_offset, ==, 32);
    g_assert_cmphex(h[2].dma_addr, ==, dma);
    g_assert_cmpuint(h[2].fence, ==, f);
    g_assert_cmpuint(h[2].context_id, ==, 101);
    g_assert_cmpuint(h[0].result, ==, 0);
    g_assert_cmphex(p->magic_reg, ==, SABLE_MAGIC);
    g_assert_cmphex(p->scratch_reg, ==, 0xabc);
    g_assert_cmpuint(p->reg_count, >, 50);
    g_free(p);
    mt_free(mt);
}

/* Dump 1.1: the SWIZZLE section lists every range with its state. */
static void test_dump_swizzle(void)
{
    Mt *mt = mt_new(NULL);
    uint32_t r1 = SABLE_REG_SWZ(1), r5 = SABLE_REG_SWZ(5);
    simbus_write(mt->bus, r1 + SABLE_SWZ_APERTURE_OFFSET, 0x3000);
    simbus_write(mt->bus, r1 + SABLE_SWZ_SIZE, 0x2000);
    simbus_write64(mt->bus, r1 + SABLE_SWZ_GPU_ADDR_LO, 0x40000);
    simbus_write(mt->bus, r1 + SABLE_SWZ_PITCH, 256);
    simbus_write(mt->bus, r1 + SABLE_SWZ_HEIGHT, 20);
    simbus_write(mt->bus, r1 + SABLE_SWZ_TILING, SABLE_TILING_Y);
    simbus_write(mt->bus, r1 + SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_ENABLE);
    simbus_write(mt->bus, r5 + SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_ENABLE); /* size 0 */
    g_assert_cmpuint(request_dump(mt, MT_DUMP, 1 << 20), ==, SABLE_DUMP_STATUS_OK);
    uint32_t need = simbus_read(mt->bus, SABLE_REG_DUMP_WRITTEN);
    Parsed *p = g_new0(Parsed, 1);
    parse(simbus_ram(mt->bus, MT_DUMP, need), need, p);
    g_assert_cmpuint(p->hdr.minor, >=, 1); /* SWIZZLE since dump 1.1 */
    g_assert_cmpuint(p->swz_count, ==, simbus_read(mt->bus, SABLE_REG_SWIZZLE_RANGES));
    const struct sable_dump_swz_range *a = &p->swz[1], *b = &p->swz[5];
    g_assert_cmpuint(a->index, ==, 1);
    g_assert_cmphex(a->status, ==, SABLE_SWZ_STATUS_ENABLED);
    g_assert_cmphex(a->aperture_offset, ==, 0x3000);
    g_assert_cmphex(a->size, ==, 0x2000);
    g_assert_cmphex(a->gpu_addr, ==, 0x40000);
    g_assert_cmpuint(a->pitch, ==, 256);
    g_assert_cmpuint(a->height, ==, 20);
    g_assert_cmpuint(a->tiling, ==, SABLE_TILING_Y);
    g_assert_cmpuint(b->index, ==, 5);
    g_assert_cmpuint(SABLE_SWZ_STATUS_ERROR(b->status), ==, SABLE_SWZ_ERR_BAD_CONFIG);
    g_free(p);
    mt_free(mt);
    /* a device without ranges writes no SWIZZLE section */
    SimBusConfig noap = { .no_aperture = true };
    mt = mt_new(&noap);
    g_assert_cmpuint(request_dump(mt, MT_DUMP, 1 << 20), ==, SABLE_DUMP_STATUS_OK);
    need = simbus_read(mt->bus, SABLE_REG_DUMP_WRITTEN);
    p = g_new0(Parsed, 1);
    parse(simbus_ram(mt->bus, MT_DUMP, need), need, p);
    g_assert_cmpuint(p->sections, ==, 2 + 2 * SABLE_NUM_ENGINES);
    g_assert_cmpuint(p->swz_count, ==, 0);
    g_free(p);
    mt_free(mt);
}

static void test_dump_history_wraps(void)
{
    Mt *mt = mt_new(NULL);
    cb_reset(&cb);
    for (unsigned i = 0; i < SABLE_CORE_CMD_HISTORY + 10; i++) {
        cb_write32(&cb, 0x100, i);
    }
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    uint32_t st = request_dump(mt, MT_DUMP, 1u << 20);
    g_assert_cmpuint(st, ==, SABLE_DUMP_STATUS_OK);
    uint32_t need = simbus_read(mt->bus, SABLE_REG_DUMP_WRITTEN);
    Parsed *p = g_new0(Parsed, 1);
    parse(simbus_ram(mt->bus, MT_DUMP, need), need, p);
    g_assert_cmpuint(p->hist_count[0], ==, SABLE_CORE_CMD_HISTORY);
    g_assert_cmpuint(p->hist[0][0].args[0], ==, 10); /* oldest kept */
    g_assert_cmpuint(p->hist[0][SABLE_CORE_CMD_HISTORY - 1].args[0], ==,
                     SABLE_CORE_CMD_HISTORY + 9);
    g_assert_cmpuint(p->eng[0].completed_fence, ==, 1);
    g_free(p);
    mt_free(mt);
}

static void test_dump_errors(void)
{
    Mt *mt = mt_new(NULL);
    g_assert_cmpuint(request_dump(mt, mt->bus->ram_size - 16, 1u << 20), ==,
                     SABLE_DUMP_STATUS_DMA_ERROR);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_DUMP_WRITTEN), ==, 0);
    g_assert_cmpuint(request_dump(mt, 0xfffffffffffff000ull, 1u << 20), ==,
                     SABLE_DUMP_STATUS_DMA_ERROR);
    simbus_write(mt->bus, SABLE_REG_DUMP_CONTROL, 2);
    g_assert_cmphex(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==,
                    SABLE_ERROR_BAD_DUMP_REQUEST);
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/dump/fault", test_dump_fault);
    g_test_add_func("/dump/history-wraps", test_dump_history_wraps);
    g_test_add_func("/dump/errors", test_dump_errors);
    g_test_add_func("/dump/swizzle", test_dump_swizzle);
    return g_test_run();
}
