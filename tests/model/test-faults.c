/* SPDX-License-Identifier: MIT */
/* Every fault kind latches the engine's fault record with its address,
 * offset, opcode and context, raises FAULT(e), stops that engine only. */
#include <string.h>

#include "model-util.h"

static CmdBuf cb;

#define AT_PACKET UINT64_MAX /* expected fault address: the packet's own */

typedef struct Expect {
    uint32_t code, flags, opcode, offset;
    uint64_t addr;
} Expect;

static void check_fault(Mt *mt, unsigned e, uint64_t fence, const Expect *x)
{
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_CODE), ==, x->code);
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_FLAGS), ==, x->flags);
    g_assert_cmphex(mt_reg64(mt, e, SABLE_ENG_FAULT_ADDR_LO), ==, x->addr);
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_OPCODE), ==, x->opcode);
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_DMA_OFFSET), ==, x->offset);
    g_assert_cmpuint(mt_reg64(mt, e, SABLE_ENG_FAULT_FENCE_LO), ==, fence);
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_CONTEXT), ==, 100 + e);
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_COUNT), >=, 1);
    g_assert_cmpuint(mt_status(mt, e) & SABLE_ENGINE_STATUS_FAULTED, !=, 0);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS) &
                     SABLE_IRQ_FAULT(e), !=, 0);
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_ENGINE(e)], >=, 1);
    const SableEvent *ev = simbus_last(mt->bus, SABLE_EV_FAULT);
    g_assert_nonnull(ev);
    g_assert_cmpuint(ev->fault.code, ==, x->code);
    g_assert_cmpuint(ev->fault.addr, ==, x->addr);
    g_assert_cmpuint(mt_completed(mt, e), <, fence);
}

/* Run cb on engine 1 (after a NOP and a good write at offset 0/4). */
static void expect_fault(Mt *mt, const CmdBuf *body, Expect x)
{
    cb_reset(&cb);
    cb_nop(&cb, 1);
    cb_write32(&cb, 0x100, 0x5a5a);
    uint32_t prefix = cb.n * 4;
    cb_emit(&cb, body->dw, body->n * 4);
    cb_write32(&cb, 0x104, 0x6b6b); /* never reached */
    uint64_t f = mt_submit(mt, 1, &cb);
    mt_run(mt);
    x.offset += prefix;
    if (x.addr == AT_PACKET) {
        x.addr = mt_last_dma(mt, 1) + x.offset;
    }
    check_fault(mt, 1, f, &x);
    g_assert_cmphex(mt_reg64(mt, 1, SABLE_ENG_FAULT_DMA_LO), ==, mt_last_dma(mt, 1));
    uint32_t v;
    memcpy(&v, mt_vram(mt, 0x104), 4);
    g_assert_cmpuint(v, ==, 0);
    memcpy(&v, mt_vram(mt, 0x100), 4);
    g_assert_cmpuint(v, ==, 0x5a5a);
}

static Mt *setup(void)
{
    Mt *mt = mt_new(NULL);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ |
                      SABLE_GART_PTE_WRITE);
    return mt;
}

static CmdBuf body;

static void test_page_vram_end(void)
{
    Mt *mt = setup();
    cb_reset(&body);
    cb_write32(&body, mt->bus->vram_size, 1);
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_PAGE, SABLE_FAULT_F_WRITE,
                                      SABLE_OP_WRITE32, 0, mt->bus->vram_size });
    mt_free(mt);
}

static void test_page_straddle(void)
{
    Mt *mt = setup();
    cb_reset(&body);
    cb_copy(&body, 0x1000, mt->bus->vram_size - 16, 64); /* read runs off VRAM */
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_PAGE, 0, SABLE_OP_COPY, 0,
                                      mt->bus->vram_size });
    mt_free(mt);
}

static void test_page_gart_beyond(void)
{
    Mt *mt = setup();
    cb_reset(&body);
    cb_fill(&body, MT_GART(MT_GART_ENTRIES) - 8, 0, 16);
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_PAGE,
                                      SABLE_FAULT_F_WRITE | SABLE_FAULT_F_GART,
                                      SABLE_OP_FILL, 0, MT_GART(MT_GART_ENTRIES) });
    mt_free(mt);
}

static void test_page_gart_invalid_pte(void)
{
    Mt *mt = setup();
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 8 * 3, MT_GART_PAGES); /* !VALID */
    cb_reset(&body);
    cb_nop(&body, 3);
    cb_copy(&body, 0x2000, MT_GART(3) + 0x10, 8);
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_PAGE, SABLE_FAULT_F_GART,
                                      SABLE_OP_COPY, 12, MT_GART(3) + 0x10 });
    mt_free(mt);
}

static void test_protection_write(void)
{
    Mt *mt = setup();
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 8 * 4,
                       MT_GART_PAGES | SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ);
    cb_reset(&body);
    cb_write64(&body, MT_GART(4) + 8, 1);
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_PROTECTION,
                                      SABLE_FAULT_F_WRITE | SABLE_FAULT_F_GART,
                                      SABLE_OP_WRITE64, 0, MT_GART(4) + 8 });
    mt_free(mt);
}

static void test_protection_read(void)
{
    Mt *mt = setup();
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 8 * 4,
                       MT_GART_PAGES | SABLE_GART_PTE_VALID | SABLE_GART_PTE_WRITE);
    cb_reset(&body);
    cb_wait(&body, MT_GART(4), SABLE_COMPARE_EQUAL, 0, ~0ull);
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_PROTECTION, SABLE_FAULT_F_GART,
                                      SABLE_OP_WAIT_VALUE, 0, MT_GART(4) });
    mt_free(mt);
}

static void test_invalid_command(void)
{
    Mt *mt = setup();
    uint32_t pkt[2] = { SABLE_CMD_HEADER(0x37, 0, 2), 0 };
    cb_reset(&body);
    cb_emit(&body, pkt, sizeof(pkt));
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_INVALID_COMMAND, 0, 0x37, 0,
                                      AT_PACKET });
    mt_free(mt);
}

static void test_bad_packet_kinds(void)
{
    static const uint32_t cases[][2] = {
        { SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 0), 0 },  /* size 0 */
        { SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 2), 0 },  /* too small */
        { SABLE_CMD_HEADER(SABLE_OP_NOP, 0, 100), 0 },    /* past the end */
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Mt *mt = mt_new(NULL);
        cb_reset(&cb);
        cb_nop(&cb, 2);
        cb_emit(&cb, cases[i], 8);
        uint64_t f = mt_submit(mt, 0, &cb);
        mt_run(mt);
        uint64_t gpa = mt_last_dma(mt, 0) + 8;
        check_fault(mt, 0, f, &(Expect){ SABLE_FAULT_BAD_PACKET, 0,
                                         SABLE_CMD_OPCODE(cases[i][0]), 8, gpa });
        mt_free(mt);
    }
}

static void test_bad_argument(void)
{
    Mt *mt = setup();
    cb_reset(&body);
    cb_write32(&body, 0x102, 1); /* misaligned */
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_BAD_ARGUMENT, 0,
                                      SABLE_OP_WRITE32, 0, AT_PACKET });
    g_assert_cmphex(mt_reg64(mt, 1, SABLE_ENG_FAULT_ADDR_LO), ==,
                    mt_last_dma(mt, 1) + 20);
    mt_free(mt);
}

static void test_bad_descriptor(void)
{
    Mt *mt = mt_new(NULL);
    struct sable_submit d = { .dma_addr = MT_DMA(0), .fence = 9, .flags = 1u << 7,
                              .context_id = 100 };
    mt_submit_desc(mt, 0, &d);
    mt_run(mt);
    check_fault(mt, 0, 9, &(Expect){ SABLE_FAULT_BAD_DESCRIPTOR, 0, 0, 0, MT_DMA(0) });
    mt_free(mt);
}

static void test_bad_ring(void)
{
    Mt *mt = mt_new(NULL);
    simbus_ram_write32(mt->bus, MT_RING(1) + 64, MT_RING_ENTRIES + 1);
    mt_write_reg(mt, 1, SABLE_ENG_DOORBELL, 1);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_RING_TAIL), ==, MT_RING_ENTRIES + 1);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_BAD_RING);
    g_assert_cmpuint(mt_reg64(mt, 1, SABLE_ENG_FAULT_ADDR_LO), ==, MT_RING_ENTRIES + 1);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_RING_HEAD), ==, 0);
    mt_free(mt);
}

static void test_dma_error(void)
{
    Mt *mt = setup();
    /* GART page backed by a bus address outside guest RAM */
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 8 * 7, (1ull << 40) | 7);
    cb_reset(&body);
    cb_write32(&body, MT_GART(7) + 4, 1);
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_DMA_ERROR,
                                      SABLE_FAULT_F_WRITE | SABLE_FAULT_F_GART,
                                      SABLE_OP_WRITE32, 0, MT_GART(7) + 4 });
    mt_free(mt);
}

static void test_dma_error_gart_table(void)
{
    Mt *mt = mt_new(NULL);
    /* a table whose entries lie beyond guest RAM */
    simbus_write64(mt->bus, SABLE_REG_GART_TABLE_LO, mt->bus->ram_size - 4096);
    simbus_write(mt->bus, SABLE_REG_GART_ENTRIES, 4096);
    cb_reset(&body);
    cb_write32(&body, MT_GART(1000), 1);
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_DMA_ERROR,
                                      SABLE_FAULT_F_WRITE | SABLE_FAULT_F_GART,
                                      SABLE_OP_WRITE32, 0, MT_GART(1000) });
    mt_free(mt);
}

static void test_other_engine_keeps_working(void)
{
    Mt *mt = setup();
    cb_reset(&body);
    cb_write32(&body, 1ull << 39, 1); /* hole between VRAM and GART */
    expect_fault(mt, &body, (Expect){ SABLE_FAULT_PAGE, SABLE_FAULT_F_WRITE,
                                      SABLE_OP_WRITE32, 0, 1ull << 39 });
    cb_reset(&cb);
    cb_write32(&cb, 0x300, 3);
    uint64_t f1 = mt_submit(mt, 1, &cb);
    uint64_t f0 = mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f0);
    g_assert_cmpuint(mt_completed(mt, 1), <, f1); /* faulted engine stays stopped */
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, 0);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_COUNT), ==, 1);
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/faults/page-vram-end", test_page_vram_end);
    g_test_add_func("/faults/page-straddle", test_page_straddle);
    g_test_add_func("/faults/page-gart-beyond", test_page_gart_beyond);
    g_test_add_func("/faults/page-gart-invalid-pte", test_page_gart_invalid_pte);
    g_test_add_func("/faults/protection-write", test_protection_write);
    g_test_add_func("/faults/protection-read", test_protection_read);
    g_test_add_func("/faults/invalid-command", test_invalid_command);
    g_test_add_func("/faults/bad-packet", test_bad_packet_kinds);
    g_test_add_func("/faults/bad-argument", test_bad_argument);
    g_test_add_func("/faults/bad-descriptor", test_bad_descriptor);
    g_test_add_func("/faults/bad-ring", test_bad_ring);
    g_test_add_func("/faults/dma-error", test_dma_error);
    g_test_add_func("/faults/dma-error-gart-table", test_dma_error_gart_table);
    g_test_add_func("/faults/other-engine-works", test_other_engine_keeps_working);
    return g_test_run();
}
