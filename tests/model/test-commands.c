/* SPDX-License-Identifier: MIT */
/* Every command executes as specified (sable_cmd.h), with fences, the fence
 * page, interrupts and the run budgets. */
#include <string.h>

#include "model-util.h"

static CmdBuf cb;

static uint32_t vram32(Mt *mt, uint64_t gpa)
{
    uint32_t v;
    memcpy(&v, mt_vram(mt, gpa), 4);
    return v;
}

static uint64_t vram64(Mt *mt, uint64_t gpa)
{
    uint64_t v;
    memcpy(&v, mt_vram(mt, gpa), 8);
    return v;
}

static void assert_no_fault(Mt *mt, unsigned e)
{
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_NONE);
    g_assert_cmpuint(mt_status(mt, e) & SABLE_ENGINE_STATUS_FAULTED, ==, 0);
}

static void test_write32_64(void)
{
    Mt *mt = mt_new(NULL);
    cb_reset(&cb);
    cb_write32(&cb, 0x1000, 0x11223344);
    cb_write64(&cb, 0x1008, 0x8877665544332211ull);
    uint64_t f = mt_submit(mt, 0, &cb);
    /* the doorbell only schedules: nothing executed yet */
    g_assert_cmpuint(vram32(mt, 0x1000), ==, 0);
    g_assert_true(mt->bus->sched[0]);
    mt_run(mt);
    g_assert_cmpuint(vram32(mt, 0x1000), ==, 0x11223344);
    g_assert_cmpuint(vram64(mt, 0x1008), ==, 0x8877665544332211ull);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_RING_HEAD), ==, 1);
    g_assert_cmpuint(simbus_ram_read32(mt->bus, MT_RING(0)), ==, 1);
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_SUBMITTED_FENCE_LO), ==, f);
    assert_no_fault(mt, 0);
    const SableEvent *db = simbus_last(mt->bus, SABLE_EV_DOORBELL);
    g_assert_cmpuint(db->doorbell.tail, ==, 1);
    const SableEvent *sub = simbus_last(mt->bus, SABLE_EV_SUBMIT);
    g_assert_cmpuint(sub->engine, ==, 0);
    g_assert_cmpuint(sub->submit.fence, ==, f);
    g_assert_cmphex(sub->submit.dma_addr, ==, mt_last_dma(mt, 0));
    g_assert_cmpuint(sub->submit.dma_size, ==, cb.n * 4);
    /* idle again: nothing in flight */
    g_assert_cmpuint(mt_status(mt, 0), ==, SABLE_ENGINE_STATUS_ENABLED);
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_CURRENT_DMA_LO), ==, 0);
    mt_free(mt);
}

/* Fences are 64-bit: submissions crossing 2^32 complete in
 * COMPLETED_FENCE_LO/HI and in the fence page with their high half. */
static void test_fence_above_4g(void)
{
    Mt *mt = mt_new(NULL);
    simbus_write64(mt->bus, SABLE_REG_FENCE_PAGE_LO, MT_FENCE_PAGE);
    mt->fence[0] = 0xfffffffdull;
    for (unsigned i = 0; i < 4; i++) {
        cb_reset(&cb);
        cb_nop(&cb, 1);
        uint64_t f = mt_submit(mt, 0, &cb);
        g_assert_cmphex(f, ==, 0xfffffffeull + i);
        mt_run(mt);
        g_assert_cmphex(simbus_ram_read64(mt->bus, MT_FENCE_PAGE), ==, f);
        g_assert_cmphex(mt_reg(mt, 0, SABLE_ENG_COMPLETED_FENCE_LO), ==, (uint32_t)f);
        g_assert_cmphex(mt_reg(mt, 0, SABLE_ENG_COMPLETED_FENCE_LO + 4), ==,
                        (uint32_t)(f >> 32));
    }
    mt_free(mt);
}

static void test_fence_page_and_irq(void)
{
    Mt *mt = mt_new(NULL);
    simbus_write64(mt->bus, SABLE_REG_FENCE_PAGE_LO, MT_FENCE_PAGE);
    cb_reset(&cb);
    cb_nop(&cb, 1);
    uint64_t f = mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(simbus_ram_read64(mt->bus, MT_FENCE_PAGE + 8), ==, f);
    g_assert_cmpuint(simbus_ram_read64(mt->bus, MT_FENCE_PAGE), ==, 0);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS), ==,
                     SABLE_IRQ_FENCE(1));
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_ENGINE(1)], ==, 1);
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_ENGINE(0)], ==, 0);
    g_assert_true(mt->bus->level);
    /* the fence event precedes the interrupt event */
    const SableEvent *fe = simbus_last(mt->bus, SABLE_EV_FENCE);
    const SableEvent *ie = simbus_last(mt->bus, SABLE_EV_IRQ);
    g_assert_nonnull(fe);
    g_assert_true(fe < ie);
    g_assert_cmpuint(fe->fence.completed, ==, f);
    /* W1C */
    simbus_write(mt->bus, SABLE_REG_IRQ_STATUS, SABLE_IRQ_FENCE(1));
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS), ==, 0);
    g_assert_false(mt->bus->level);
    /* NO_IRQ: fence completes, no interrupt */
    uint64_t f2 = mt_submit_flags(mt, 1, &cb, SABLE_SUBMIT_F_NO_IRQ);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 1), ==, f2);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS), ==, 0);
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_ENGINE(1)], ==, 1);
    mt_free(mt);
}

static void test_irq_mask(void)
{
    Mt *mt = mt_new(NULL);
    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, 0);
    cb_reset(&cb);
    cb_nop(&cb, 2);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS), ==,
                     SABLE_IRQ_FENCE(0));
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_ENGINE(0)], ==, 0);
    g_assert_false(mt->bus->level);
    /* unmasking a pending cause delivers it */
    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, SABLE_IRQ_FENCE(0));
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_ENGINE(0)], ==, 1);
    g_assert_true(mt->bus->level);
    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, 0);
    g_assert_false(mt->bus->level);
    mt_free(mt);
}

static void test_copy(void)
{
    Mt *mt = mt_new(NULL);
    uint8_t *v = mt_vram(mt, 0);
    for (unsigned i = 0; i < 100000; i++) {
        v[0x10000 + i] = (uint8_t)(i * 7 + 3);
    }
    cb_reset(&cb);
    cb_copy(&cb, 0x40000, 0x10000, 100000);
    cb_copy(&cb, 0x0, 0x0, 0); /* size 0: no-op */
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    assert_no_fault(mt, 1);
    g_assert_cmpmem(v + 0x40000, 100000, v + 0x10000, 100000);
    mt_free(mt);
}

static void copy_overlap(int64_t delta)
{
    SimBusConfig cfg = { .run_byte_budget = 1000 }; /* forces chunking */
    Mt *mt = mt_new(&cfg);
    uint8_t *v = mt_vram(mt, 0);
    enum { N = 200000 };
    uint8_t *expect = g_malloc(N + 2 * 70000);
    for (unsigned i = 0; i < N; i++) {
        v[0x80000 + i] = (uint8_t)(i ^ (i >> 8));
    }
    memcpy(expect, v + 0x60000, N + 2 * 70000);
    memmove(expect + 0x20000 + delta, expect + 0x20000, N);
    cb_reset(&cb);
    cb_copy(&cb, 0x80000 + delta, 0x80000, N);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 1);
    g_assert_cmpuint(mt->bus->runs, >=, N / 1000); /* bounded work per run */
    g_assert_cmpmem(v + 0x60000, N + 2 * 70000, expect, N + 2 * 70000);
    g_free(expect);
    mt_free(mt);
}

static void test_copy_overlap_forward(void)
{
    copy_overlap(4093);
}

static void test_copy_overlap_backward(void)
{
    copy_overlap(-65539);
}

static void test_copy_vram_gart(void)
{
    Mt *mt = mt_new(NULL);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ |
                      SABLE_GART_PTE_WRITE);
    /* scatter: GART page 5 -> backing page 9, page 6 -> backing page 2 */
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 5 * 8,
                       (MT_GART_PAGES + 9 * 4096) | 7);
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 6 * 8,
                       (MT_GART_PAGES + 2 * 4096) | 7);
    uint8_t *v = mt_vram(mt, 0);
    for (unsigned i = 0; i < 8192; i++) {
        v[0x2000 + i] = (uint8_t)(i * 13);
    }
    cb_reset(&cb);
    cb_copy(&cb, MT_GART(5) + 100, 0x2000, 6000);  /* VRAM -> GART, 2 pages */
    cb_copy(&cb, 0x20000, MT_GART(5) + 100, 6000); /* GART -> VRAM */
    cb_copy(&cb, MT_GART(20), MT_GART(5), 8192);   /* GART -> GART */
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    assert_no_fault(mt, 1);
    g_assert_cmpmem((uint8_t *)mt_gart_page(mt, 9) + 100, 3996, v + 0x2000, 3996);
    g_assert_cmpmem(mt_gart_page(mt, 2), 6000 - 3996, v + 0x2000 + 3996,
                    6000 - 3996);
    g_assert_cmpmem(v + 0x20000, 6000, v + 0x2000, 6000);
    g_assert_cmpmem(mt_gart_page(mt, 20), 4096, mt_gart_page(mt, 9), 4096);
    g_assert_cmpmem(mt_gart_page(mt, 21), 4096, mt_gart_page(mt, 2), 4096);
    mt_free(mt);
}

/* A copy over 100 GART pages (more than one batch of entries): pages 0..69
 * map bus-contiguous pages, 70..99 map them in reverse, page 85 has no
 * READ. The fault names page 85's first byte; every byte before it arrives
 * from the page its own entry names (GART pages are read straight into
 * VRAM), and nothing from page 85 on is written. */
static void test_copy_gart_runs(void)
{
    Mt *mt = mt_new(NULL);
    mt_gart_setup(mt, 0);
    for (unsigned i = 0; i < 100; i++) {
        unsigned backing = i < 70 ? i : 169 - i;
        uint64_t flags = i == 85 ? 5 : 7;
        simbus_ram_write64(mt->bus, MT_GART_TABLE + (200 + i) * 8,
                           (MT_GART_PAGES + (uint64_t)backing * 4096) | flags);
        uint8_t *p = mt_gart_page(mt, backing);
        for (unsigned j = 0; j < 4096; j++) {
            p[j] = (uint8_t)(backing * 7 + j);
        }
    }
    uint8_t *v = mt_vram(mt, 0);
    memset(v + 0x100000, 0xee, 100 * 4096);
    cb_reset(&cb);
    cb_copy(&cb, 0x100000, MT_GART(200) + 8, 100 * 4096 - 8);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_PROTECTION);
    g_assert_cmphex(mt_reg(mt, 0, SABLE_ENG_FAULT_ADDR_LO) |
                    (uint64_t)mt_reg(mt, 0, SABLE_ENG_FAULT_ADDR_HI) << 32, ==, MT_GART(285));
    for (unsigned i = 0; i < 85; i++) {
        unsigned backing = i < 70 ? i : 169 - i;
        unsigned off = i ? 0 : 8;
        g_assert_cmpmem(v + 0x100000 + i * 4096 - (i ? 8 : 0), 4096 - off,
                        (uint8_t *)mt_gart_page(mt, backing) + off, 4096 - off);
    }
    for (unsigned i = 85 * 4096 - 8; i < 100 * 4096 - 8; i++) {
        g_assert_cmphex(v[0x100000 + i], ==, 0xee);
    }
    mt_free(mt);
}

/* No translation outlives an access: a copy through GART page 10, the
 * entry remapped by GART_UPDATE, the same copy again (one submission), then
 * the CPU remaps it while the engines are idle and a third copy runs: each
 * copy reads the page its entry names at that moment. */
static void test_gart_remap_between_packets(void)
{
    Mt *mt = mt_new(NULL);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE);
    for (unsigned page = 40; page < 43; page++) {
        memset(mt_gart_page(mt, page), 0x10 + page, 4096);
    }
    uint64_t e = (MT_GART_PAGES + 41 * 4096) | 7;
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 10 * 8, (MT_GART_PAGES + 40 * 4096) | 7);
    cb_reset(&cb);
    cb_copy(&cb, 0x1000, MT_GART(10), 4096);
    cb_gart_update(&cb, 10, 1, &e);
    cb_copy(&cb, 0x2000, MT_GART(10), 4096);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    simbus_ram_write64(mt->bus, MT_GART_TABLE + 10 * 8, (MT_GART_PAGES + 42 * 4096) | 7);
    cb_reset(&cb);
    cb_copy(&cb, 0x3000, MT_GART(10), 4096);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    uint8_t *v = mt_vram(mt, 0);
    g_assert_cmphex(v[0x1000], ==, 0x10 + 40);
    g_assert_cmphex(v[0x2fff], ==, 0x10 + 41);
    g_assert_cmphex(v[0x3800], ==, 0x10 + 42);
    mt_free(mt);
}

static void test_fill(void)
{
    SimBusConfig cfg = { .run_byte_budget = 4096 };
    Mt *mt = mt_new(&cfg);
    uint8_t *v = mt_vram(mt, 0);
    cb_reset(&cb);
    cb_fill(&cb, 0x3001, 0xaabbccdd, 10001);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    static const uint8_t pat[4] = { 0xdd, 0xcc, 0xbb, 0xaa };
    for (unsigned i = 0; i < 10001; i++) {
        g_assert_cmpuint(v[0x3001 + i], ==, pat[i % 4]);
    }
    g_assert_cmpuint(v[0x3000], ==, 0);
    g_assert_cmpuint(v[0x3001 + 10001], ==, 0);
    mt_free(mt);
}

static void test_timestamp(void)
{
    Mt *mt = mt_new(NULL);
    mt->bus->now_ns = 123456789;
    cb_reset(&cb);
    cb_timestamp(&cb, 0x5000);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(vram64(mt, 0x5000), ==, 123456789);
    g_assert_cmpuint(simbus_read64(mt->bus, SABLE_REG_TIMESTAMP_LO), ==,
                     123456789);
    mt_free(mt);
}

static void test_nop_and_optional(void)
{
    Mt *mt = mt_new(NULL);
    cb_reset(&cb);
    cb_nop(&cb, 7);
    uint32_t opt[3] = { SABLE_CMD_HEADER(0x33, SABLE_CMD_F_OPTIONAL, 3), 1, 2 };
    cb_emit(&cb, opt, sizeof(opt));
    cb_write32(&cb, 0x100, 5);
    /* a known packet larger than needed: the extra dwords are ignored */
    uint32_t big[6] = { SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 6), 9, 0x104, 0,
                        0xffffffff, 0xffffffff };
    cb_emit(&cb, big, sizeof(big));
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    g_assert_cmpuint(vram32(mt, 0x100), ==, 5);
    g_assert_cmpuint(vram32(mt, 0x104), ==, 9);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 1);
    mt_free(mt);
}

static void test_empty_submission(void)
{
    Mt *mt = mt_new(NULL);
    struct sable_submit d = { .fence = 77 };
    mt_submit_desc(mt, 0, &d);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 77);
    mt_free(mt);
}

static void test_wait_value_cross_engine(void)
{
    Mt *mt = mt_new(NULL);
    cb_reset(&cb);
    cb_wait(&cb, 0x7000, SABLE_COMPARE_GEQUAL_WRAP, 5, ~0ull);
    cb_write32(&cb, 0x7100, 0xcafe);
    uint64_t fw = mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 0);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_WAITING, !=, 0);
    g_assert_true(mt->bus->timer_armed[0]);
    uint64_t runs = mt->bus->runs;
    /* the copy engine writes a smaller value first: still waiting */
    cb_reset(&cb);
    cb_write64(&cb, 0x7000, 4);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 0);
    g_assert_cmpuint(mt->bus->runs, >, runs + 1); /* re-checked on completion */
    /* then the awaited value: engine 0 resumes without any timer */
    cb_reset(&cb);
    cb_write64(&cb, 0x7000, 5);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, fw);
    g_assert_cmpuint(vram32(mt, 0x7100), ==, 0xcafe);
    g_assert_false(mt->bus->timer_armed[0]);
    mt_free(mt);
}

static void test_wait_value_poll(void)
{
    Mt *mt = mt_new(NULL);
    cb_reset(&cb);
    cb_wait(&cb, 0x7000, SABLE_COMPARE_EQUAL, 0x12, 0xff);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 1), ==, 0);
    uint64_t runs = mt->bus->runs;
    simbus_advance(mt->bus, SABLE_WAIT_POLL_NS * 3);
    g_assert_cmpuint(mt->bus->runs, ==, runs + 3); /* one check per poll */
    g_assert_cmpuint(mt_completed(mt, 1), ==, 0);
    /* the CPU writes the value (masked compare) */
    uint64_t val = 0xff12;
    memcpy(mt_vram(mt, 0x7000), &val, 8);
    simbus_advance(mt->bus, SABLE_WAIT_POLL_NS);
    g_assert_cmpuint(mt_completed(mt, 1), ==, 1);
    mt_free(mt);
}

static void test_gart_update(void)
{
    Mt *mt = mt_new(NULL);
    mt_gart_setup(mt, 0);
    uint64_t e[3] = { (MT_GART_PAGES + 40 * 4096) | 7, (MT_GART_PAGES + 41 * 4096) | 3,
                      0 };
    cb_reset(&cb);
    cb_gart_update(&cb, 10, 3, e);
    cb_write32(&cb, MT_GART(10) + 8, 0xabcdef01); /* the update is live at once */
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    for (unsigned i = 0; i < 3; i++) {
        g_assert_cmpuint(simbus_ram_read64(mt->bus, MT_GART_TABLE + (10 + i) * 8),
                         ==, e[i]);
    }
    g_assert_cmpuint(simbus_ram_read32(mt->bus, MT_GART_PAGES + 40 * 4096 + 8), ==,
                     0xabcdef01);
    mt_free(mt);
}

static void test_debug_stall(void)
{
    SimBusConfig cfg = { .debug = true };
    Mt *mt = mt_new(&cfg);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_FEATURES_LO) &
                     SABLE_FEATURE_DEBUG_CMDS, !=, 0);
    cb_reset(&cb);
    cb_stall(&cb, 50);
    cb_write32(&cb, 0x200, 1);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_WAITING, !=, 0);
    simbus_advance(mt->bus, 49999);
    g_assert_cmpuint(vram32(mt, 0x200), ==, 0);
    simbus_advance(mt->bus, 1);
    g_assert_cmpuint(vram32(mt, 0x200), ==, 1);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 1);
    mt_free(mt);
}

static void test_debug_hang(void)
{
    SimBusConfig cfg = { .debug = true };
    Mt *mt = mt_new(&cfg);
    cb_reset(&cb);
    cb_hang(&cb);
    cb_write32(&cb, 0x200, 1);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_HUNG, !=, 0);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_BUSY, !=, 0);
    uint64_t runs = mt->bus->runs;
    simbus_advance(mt->bus, 1000000000ull);
    mt_write_reg(mt, 0, SABLE_ENG_DOORBELL, 1);
    mt_run(mt);
    g_assert_cmpuint(mt->bus->runs, <=, runs + 1); /* never spins */
    g_assert_cmpuint(vram32(mt, 0x200), ==, 0);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 0);
    /* the copy engine is not affected */
    cb_reset(&cb);
    cb_write32(&cb, 0x204, 2);
    mt_submit(mt, 1, &cb);
    mt_run(mt);
    g_assert_cmpuint(vram32(mt, 0x204), ==, 2);
    mt_free(mt);
}

static void test_debug_disabled(void)
{
    Mt *mt = mt_new(NULL);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_FEATURES_LO) &
                     SABLE_FEATURE_DEBUG_CMDS, ==, 0);
    for (unsigned i = 0; i < 2; i++) {
        cb_reset(&cb);
        cb_nop(&cb, 2);
        if (i == 0) {
            cb_stall(&cb, 10);
        } else {
            cb_hang(&cb);
        }
        mt_submit(mt, 0, &cb);
        mt_run(mt);
        g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==,
                         SABLE_FAULT_DEBUG_DISABLED);
        g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_DMA_OFFSET), ==, 8);
        g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_OPCODE), ==,
                         i ? SABLE_OP_DEBUG_HANG : SABLE_OP_DEBUG_STALL);
        mt_write_reg(mt, 0, SABLE_ENG_RESET, 1);
    }
    mt_free(mt);
}

static void test_cmd_budget(void)
{
    SimBusConfig cfg = { .run_cmd_budget = 3 };
    Mt *mt = mt_new(&cfg);
    cb_reset(&cb);
    for (unsigned i = 0; i < 30; i++) {
        cb_write32(&cb, 0x400 + 4 * i, i + 1);
    }
    mt_submit(mt, 0, &cb);
    g_assert_cmpuint(simbus_run_once(mt->bus), ==, 1);
    /* one descriptor fetch + 2 commands */
    g_assert_cmpuint(vram32(mt, 0x400 + 4), ==, 2);
    g_assert_cmpuint(vram32(mt, 0x400 + 8), ==, 0);
    g_assert_true(mt->bus->sched[0]);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_CURRENT_DMA_OFFSET), ==, 32);
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_CURRENT_DMA_LO), ==, MT_DMA(0));
    mt_run(mt);
    g_assert_cmpuint(vram32(mt, 0x400 + 4 * 29), ==, 30);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 1);
    mt_free(mt);
}

static void test_many_submissions(void)
{
    Mt *mt = mt_new(NULL);
    for (unsigned i = 0; i < 3 * MT_RING_ENTRIES; i++) {
        cb_reset(&cb);
        cb_write32(&cb, 0x800, i);
        mt_submit(mt, i & 1, &cb);
        if (i % 16 == 15) {
            mt_run(mt);
        }
    }
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 3 * MT_RING_ENTRIES / 2);
    g_assert_cmpuint(mt_completed(mt, 1), ==, 3 * MT_RING_ENTRIES / 2);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_RING_HEAD), ==, 3 * MT_RING_ENTRIES / 2);
    mt_free(mt);
}

static void test_blit_convert_to_gart(void)
{
    Mt *mt = mt_new(NULL);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ |
                      SABLE_GART_PTE_WRITE);
    /* scatter the destination: GART page i -> backing page 60 - i */
    for (unsigned i = 0; i < 16; i++) {
        simbus_ram_write64(mt->bus, MT_GART_TABLE + 8 * i,
                           (MT_GART_PAGES + (60 - i) * 4096ull) | 7);
    }
    const uint32_t W = 100, H = 50, SP = 400, DP = 1024;
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            uint32_t px = 0x80000000u | (y << 16) | (x << 8) | (x ^ y);
            memcpy(mt_vram(mt, 0x10000 + y * SP + x * 4), &px, 4);
        }
    }
    struct sable_surface src = mt_surface(0x10000, SP, SABLE_FORMAT_B8G8R8A8_UNORM, W, H);
    struct sable_surface dst = mt_surface(MT_GART(0), DP, SABLE_FORMAT_R8G8B8A8_UNORM,
                                          200, 60);
    cb_reset(&cb);
    cb_blit(&cb, src, dst, (struct sable_rect){ 10, 5, 80, 40 }, 7, 3);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    for (uint32_t y = 0; y < 40; y++) {
        for (uint32_t x = 0; x < 80; x++) {
            uint64_t off = (uint64_t)(y + 3) * DP + (x + 7) * 4;
            uint8_t *p = simbus_ram(mt->bus, MT_GART_PAGES +
                                    (60 - off / 4096) * 4096ull + off % 4096, 4);
            uint32_t sx = x + 10, sy = y + 5;
            /* B,G,R,A bytes in the source -> R,G,B,A in the destination */
            g_assert_cmpuint(p[0], ==, sy);
            g_assert_cmpuint(p[1], ==, sx);
            g_assert_cmpuint(p[2], ==, sx ^ sy);
            g_assert_cmpuint(p[3], ==, 0x80);
        }
    }
    /* outside the rectangle nothing was written */
    g_assert_cmpuint(simbus_ram_read32(mt->bus, MT_GART_PAGES + 60 * 4096ull), ==, 0);
    mt_free(mt);
}

static void blit_overlap(uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy)
{
    SimBusConfig cfg = { .run_byte_budget = 3000 }; /* a few rows per band */
    Mt *mt = mt_new(&cfg);
    const uint32_t W = 64, H = 64, P = 256, RW = 40, RH = 30;
    uint32_t *pix = mt_vram(mt, 0x20000);
    uint32_t ref[64 * 64];
    for (uint32_t i = 0; i < W * H; i++) {
        pix[i] = 0x01000000u * (i & 0x7f) + i * 2654435761u % 0xffffff;
    }
    memcpy(ref, pix, sizeof(ref));
    uint32_t tmp[40 * 30];
    for (uint32_t y = 0; y < RH; y++) {
        memcpy(tmp + y * RW, ref + (sy + y) * W + sx, RW * 4);
    }
    for (uint32_t y = 0; y < RH; y++) {
        memcpy(ref + (dy + y) * W + dx, tmp + y * RW, RW * 4);
    }
    struct sable_surface s = mt_surface(0x20000, P, SABLE_FORMAT_B8G8R8A8_UNORM, W, H);
    cb_reset(&cb);
    cb_blit(&cb, s, s, (struct sable_rect){ sx, sy, RW, RH }, dx, dy);
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    g_assert_cmpuint(mt->bus->runs, >, 3);
    g_assert_cmpmem(pix, sizeof(ref), ref, sizeof(ref));
    mt_free(mt);
}

static void test_blit_overlap_down(void)
{
    blit_overlap(2, 1, 5, 9);
}

static void test_blit_overlap_up(void)
{
    blit_overlap(9, 20, 3, 4);
}

static void test_blit_overlap_same_row(void)
{
    blit_overlap(0, 10, 3, 10);
}

static void test_solid_fill(void)
{
    SimBusConfig cfg = { .run_byte_budget = 512 };
    Mt *mt = mt_new(&cfg);
    struct sable_surface d = mt_surface(0x30000, 64, SABLE_FORMAT_B5G6R5_UNORM, 30, 20);
    cb_reset(&cb);
    cb_solid(&cb, d, (struct sable_rect){ 3, 2, 25, 17 }, 0xffff0000u);
    cb_solid(&cb, d, (struct sable_rect){ 0, 0, 0, 5 }, 0xffffffffu); /* empty */
    mt_submit(mt, 0, &cb);
    mt_run(mt);
    assert_no_fault(mt, 0);
    for (uint32_t y = 0; y < 20; y++) {
        for (uint32_t x = 0; x < 30; x++) {
            uint16_t v;
            memcpy(&v, mt_vram(mt, 0x30000 + y * 64 + x * 2), 2);
            bool in = x >= 3 && x < 28 && y >= 2 && y < 19;
            g_assert_cmpuint(v, ==, in ? 0xf800 : 0);
        }
    }
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/commands/write32-64", test_write32_64);
    g_test_add_func("/commands/fence-page-irq", test_fence_page_and_irq);
    g_test_add_func("/commands/fence-above-4g", test_fence_above_4g);
    g_test_add_func("/commands/irq-mask", test_irq_mask);
    g_test_add_func("/commands/copy", test_copy);
    g_test_add_func("/commands/copy-overlap-forward", test_copy_overlap_forward);
    g_test_add_func("/commands/copy-overlap-backward", test_copy_overlap_backward);
    g_test_add_func("/commands/copy-vram-gart", test_copy_vram_gart);
    g_test_add_func("/commands/copy-gart-runs", test_copy_gart_runs);
    g_test_add_func("/commands/gart-remap-between-packets", test_gart_remap_between_packets);
    g_test_add_func("/commands/fill", test_fill);
    g_test_add_func("/commands/timestamp", test_timestamp);
    g_test_add_func("/commands/nop-optional", test_nop_and_optional);
    g_test_add_func("/commands/empty-submission", test_empty_submission);
    g_test_add_func("/commands/wait-value-cross-engine", test_wait_value_cross_engine);
    g_test_add_func("/commands/wait-value-poll", test_wait_value_poll);
    g_test_add_func("/commands/gart-update", test_gart_update);
    g_test_add_func("/commands/debug-stall", test_debug_stall);
    g_test_add_func("/commands/debug-hang", test_debug_hang);
    g_test_add_func("/commands/debug-disabled", test_debug_disabled);
    g_test_add_func("/commands/cmd-budget", test_cmd_budget);
    g_test_add_func("/commands/many-submissions", test_many_submissions);
    g_test_add_func("/commands/blit-convert-gart", test_blit_convert_to_gart);
    g_test_add_func("/commands/blit-overlap-down", test_blit_overlap_down);
    g_test_add_func("/commands/blit-overlap-up", test_blit_overlap_up);
    g_test_add_func("/commands/blit-overlap-same-row", test_blit_overlap_same_row);
    g_test_add_func("/commands/solid-fill", test_solid_fill);
    return g_test_run();
}
