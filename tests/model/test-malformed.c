/* SPDX-License-Identifier: MIT */
/* Hostile guest input: malformed rings, descriptors and packets latch the
 * documented fault and never crash; a randomized run of MMIO writes and
 * ring/DMA garbage leaves the device usable after an adapter reset. */
#include <string.h>

#include "model-util.h"

static CmdBuf cb;

static void expect(Mt *mt, unsigned e, uint32_t code)
{
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, e, SABLE_ENG_FAULT_CODE), ==, code);
    bool faulted = code != SABLE_FAULT_NONE;
    g_assert_cmpuint(!!(mt_status(mt, e) & SABLE_ENGINE_STATUS_FAULTED), ==, faulted);
    g_assert_cmpuint(mt_completed(mt, e), ==, faulted ? 0 : mt->fence[e]);
}

static void run_packet(const void *pkt, uint32_t bytes, uint32_t code)
{
    Mt *mt = mt_new(NULL);
    cb_reset(&cb);
    cb_emit(&cb, pkt, bytes);
    mt_submit(mt, 0, &cb);
    expect(mt, 0, code);
    mt_free(mt);
}

static void run_desc(struct sable_submit d, uint32_t code)
{
    Mt *mt = mt_new(NULL);
    mt_submit_desc(mt, 0, &d);
    expect(mt, 0, code);
    mt_free(mt);
}

static void test_descriptors(void)
{
    struct sable_submit ok = { .dma_addr = MT_DMA(0), .dma_size = 0, .fence = 1 };
    struct sable_submit d;
    d = ok; d.dma_addr += 2;
    run_desc(d, SABLE_FAULT_BAD_DESCRIPTOR);
    d = ok; d.dma_size = 6;
    run_desc(d, SABLE_FAULT_BAD_DESCRIPTOR);
    d = ok; d.dma_size = SABLE_DMA_MAX_SIZE + 4;
    run_desc(d, SABLE_FAULT_BAD_DESCRIPTOR);
    d = ok; d.reserved0 = 1;
    run_desc(d, SABLE_FAULT_BAD_DESCRIPTOR);
    d = ok; d.reserved1[3] = 1;
    run_desc(d, SABLE_FAULT_BAD_DESCRIPTOR);
    d = ok; d.flags = 0x80000000u;
    run_desc(d, SABLE_FAULT_BAD_DESCRIPTOR);
    d = ok; d.dma_addr = UINT64_MAX - 3; d.dma_size = 8; /* addr + size wraps */
    run_desc(d, SABLE_FAULT_BAD_DESCRIPTOR);
    d = ok; d.dma_addr = 1ull << 39; d.dma_size = 16; /* unmapped buffer */
    run_desc(d, SABLE_FAULT_PAGE);
    d = ok; d.dma_addr = 4ull << 20; d.dma_size = 4; /* just past VRAM */
    run_desc(d, SABLE_FAULT_PAGE);
}

static void test_packets(void)
{
    uint32_t size0[2] = { SABLE_CMD_HEADER(SABLE_OP_NOP, 0, 0), 0 };
    run_packet(size0, 8, SABLE_FAULT_BAD_PACKET);
    uint32_t oversized[2] = { SABLE_CMD_HEADER(SABLE_OP_NOP, 0, 0xffff), 0 };
    run_packet(oversized, 8, SABLE_FAULT_BAD_PACKET);
    struct sable_cmd_copy trunc = { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8) };
    run_packet(&trunc, 16, SABLE_FAULT_BAD_PACKET); /* buffer ends mid packet */
    uint32_t small[3] = { SABLE_CMD_HEADER(SABLE_OP_WRITE64, 0, 3), 0, 0 };
    run_packet(small, 12, SABLE_FAULT_BAD_PACKET);
    uint32_t flags[4] = { SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0x80, 4), 0, 0, 0 };
    run_packet(flags, 16, SABLE_FAULT_BAD_ARGUMENT);
    uint32_t unknown[1] = { SABLE_CMD_HEADER(0xff, 0, 1) };
    run_packet(unknown, 4, SABLE_FAULT_INVALID_COMMAND);
    struct sable_cmd_write64 w64 = {
        .header = SABLE_CMD_HEADER(SABLE_OP_WRITE64, 0, 6), .reserved = 1 };
    run_packet(&w64, sizeof(w64), SABLE_FAULT_BAD_ARGUMENT);
    struct sable_cmd_copy cp = {
        .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8), .dst = 0,
        .src = UINT64_MAX - 10, .size = 100 }; /* src + size wraps */
    run_packet(&cp, sizeof(cp), SABLE_FAULT_BAD_ARGUMENT);
    cp.src = 0; cp.dst = UINT64_MAX; cp.size = 1; /* ends at 2^64 */
    run_packet(&cp, sizeof(cp), SABLE_FAULT_BAD_ARGUMENT);
    cp.dst = UINT64_MAX - 7;
    run_packet(&cp, sizeof(cp), SABLE_FAULT_PAGE);
    cp.dst = 0; cp.size = UINT64_MAX; /* huge but not wrapping: faults at VRAM end */
    run_packet(&cp, sizeof(cp), SABLE_FAULT_PAGE);
    struct sable_cmd_fill fl = {
        .header = SABLE_CMD_HEADER(SABLE_OP_FILL, 0, 6), .dst = UINT64_MAX - 1,
        .size = 4 };
    run_packet(&fl, sizeof(fl), SABLE_FAULT_BAD_ARGUMENT);
    struct sable_cmd_wait_value wv = {
        .header = SABLE_CMD_HEADER(SABLE_OP_WAIT_VALUE, 0, 8), .compare = 4 };
    run_packet(&wv, sizeof(wv), SABLE_FAULT_BAD_ARGUMENT);
    wv.compare = 0; wv.addr = 4;
    run_packet(&wv, sizeof(wv), SABLE_FAULT_BAD_ARGUMENT);
    struct sable_cmd_timestamp ts = {
        .header = SABLE_CMD_HEADER(SABLE_OP_TIMESTAMP, 0, 4), .addr = 12 };
    run_packet(&ts, sizeof(ts), SABLE_FAULT_BAD_ARGUMENT);
    struct sable_cmd_gart_update gu = {
        .header = SABLE_CMD_HEADER(SABLE_OP_GART_UPDATE, 0, 4), .count = 1 };
    run_packet(&gu, sizeof(gu), SABLE_FAULT_BAD_ARGUMENT); /* GART disabled */
}

static void test_gart_update_bounds(void)
{
    Mt *mt = mt_new(NULL);
    mt_gart_setup(mt, 7);
    uint64_t e[2] = { 7, 7 };
    cb_reset(&cb);
    cb_gart_update(&cb, MT_GART_ENTRIES - 1, 2, e); /* past GART_ENTRIES */
    mt_submit(mt, 0, &cb);
    expect(mt, 0, SABLE_FAULT_BAD_ARGUMENT);
    g_assert_cmpuint(simbus_ram_read64(mt->bus, MT_GART_TABLE + 8 * (MT_GART_ENTRIES - 1)),
                     ==, (MT_GART_PAGES + (MT_GART_ENTRIES - 1) * 4096ull) | 7);
    struct sable_cmd_gart_update gu = {
        .header = SABLE_CMD_HEADER(SABLE_OP_GART_UPDATE, 0, 5), .count = 1 };
    cb_reset(&cb);
    cb_emit(&cb, &gu, sizeof(gu));
    uint32_t pad = 0;
    cb_emit(&cb, &pad, 4); /* one dword of entries instead of two */
    mt_submit(mt, 1, &cb);
    expect(mt, 1, SABLE_FAULT_BAD_PACKET);
    mt_free(mt);
}

static struct sable_cmd_blit_2d good_blit(void)
{
    return (struct sable_cmd_blit_2d){
        .header = SABLE_CMD_HEADER(SABLE_OP_BLIT_2D, 0, 20),
        .src = mt_surface(0x10000, 256, SABLE_FORMAT_B8G8R8A8_UNORM, 64, 64),
        .dst = mt_surface(0x20000, 256, SABLE_FORMAT_B8G8R8A8_UNORM, 64, 64),
        .src_rect = { 0, 0, 8, 8 },
    };
}

static void test_2d_arguments(void)
{
    struct sable_cmd_blit_2d b = good_blit();
    run_packet(&b, sizeof(b), SABLE_FAULT_NONE);
    b = good_blit(); b.src.format = SABLE_FORMAT_COUNT;
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.dst.format = SABLE_FORMAT_INVALID;
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.src.pitch = 255;
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.src.pitch = 252; /* < width * bpp */
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.dst.width = SABLE_CORE_MAX_SURFACE_DIM + 1;
    b.dst.pitch = 4 * b.dst.width;
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.src.height = 0;
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.src_rect.x = 0xffffffffu; b.src_rect.w = 2; /* 32-bit wrap */
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.src_rect.y = 60; /* 60 + 8 > 64 */
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.dst_x = 57;
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.reserved = 1;
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.src.addr = UINT64_MAX - 4096; /* surface wraps */
    run_packet(&b, sizeof(b), SABLE_FAULT_BAD_ARGUMENT);
    b = good_blit(); b.dst.addr = (4ull << 20) - 256 * 8; /* rows past VRAM */
    run_packet(&b, sizeof(b), SABLE_FAULT_NONE); /* rect rows 0..7 map */
    b.dst_y = 56;
    run_packet(&b, sizeof(b), SABLE_FAULT_PAGE);
    struct sable_cmd_solid_fill_2d s = {
        .header = SABLE_CMD_HEADER(SABLE_OP_SOLID_FILL_2D, 0, 12),
        .dst = mt_surface(0x20000, 256, 99, 64, 64), .rect = { 0, 0, 1, 1 } };
    run_packet(&s, sizeof(s), SABLE_FAULT_BAD_ARGUMENT);
    s.dst.format = SABLE_FORMAT_A8_UNORM;
    s.rect = (struct sable_rect){ 10, 10, 55, 1 };
    run_packet(&s, sizeof(s), SABLE_FAULT_BAD_ARGUMENT);
}

static void test_ring_tail_and_dma_errors(void)
{
    Mt *mt = mt_new(NULL);
    /* tail far behind head (wrapped) is also "beyond capacity" */
    simbus_ram_write32(mt->bus, MT_RING(0) + 64, 0xfffffff0u);
    mt_write_reg(mt, 0, SABLE_ENG_DOORBELL, 0);
    expect(mt, 0, SABLE_FAULT_BAD_RING);
    /* a ring that is not guest memory: the doorbell's tail read fails */
    simbus_write(mt->bus, SABLE_REG_ENGINE(1) + SABLE_ENG_RING_CONTROL, 0);
    simbus_write64(mt->bus, SABLE_REG_ENGINE(1) + SABLE_ENG_RING_BASE_LO, 1ull << 40);
    mt_write_reg(mt, 1, SABLE_ENG_RING_CONTROL, SABLE_RING_CONTROL_ENABLE);
    mt_write_reg(mt, 1, SABLE_ENG_DOORBELL, 0);
    expect(mt, 1, SABLE_FAULT_DMA_ERROR);
    mt_free(mt);
}

/* The device works from its own copy: rewriting a packet or descriptor while
 * a command is in progress has no effect on it. */
static void test_packet_copied_before_use(void)
{
    SimBusConfig cfg = { .run_byte_budget = 1000 };
    Mt *mt = mt_new(&cfg);
    uint8_t *v = mt_vram(mt, 0);
    for (unsigned i = 0; i < 10000; i++) {
        v[0x10000 + i] = (uint8_t)(i * 31 + 1);
    }
    cb_reset(&cb);
    cb_copy(&cb, 0x20000, 0x10000, 10000);
    mt_submit(mt, 0, &cb);
    g_assert_cmpuint(simbus_run_once(mt->bus), ==, 1);
    g_assert_true(mt->bus->sched[0]); /* yielded mid copy */
    /* hostile rewrite of the packet and of the descriptor */
    struct sable_cmd_copy evil = {
        .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8), .dst = 0x30000,
        .src = 0x10000, .size = UINT64_MAX - 0x10000 };
    memcpy(mt_vram(mt, mt_last_dma(mt, 0)), &evil, sizeof(evil));
    memset(simbus_ram(mt->bus, MT_RING(0) + SABLE_RING_HEADER_SIZE, 64), 0xff, 64);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, 0);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 1);
    g_assert_cmpmem(v + 0x20000, 10000, v + 0x10000, 10000);
    g_assert_cmpuint(v[0x30000], ==, 0);
    mt_free(mt);
}

/* ---- randomized robustness ---------------------------------------- */

static uint32_t urand(GRand *r, uint32_t n)
{
    return (uint32_t)g_rand_int_range(r, 0, (gint32)n);
}

static uint32_t interesting_offset(GRand *r)
{
    if (g_rand_boolean(r)) {
        return urand(r, SABLE_MMIO_SIZE + 64) & ~3u;
    }
    unsigned e = urand(r, SABLE_NUM_ENGINES + 1);
    return SABLE_REG_ENGINE(e) + (urand(r, 0x90) & ~3u);
}

static uint32_t interesting_value(GRand *r)
{
    static const uint32_t v[] = { 0, 1, 2, 3, 4, 64, 4096, 0x10000, 0x20000,
                                  0x50000, 0xffffffffu, 0x80000000u,
                                  SABLE_ADAPTER_RESET_KEY };
    return g_rand_boolean(r) ? v[urand(r, G_N_ELEMENTS(v))]
                             : g_rand_int(r);
}

/* A random GPU address: mostly VRAM or the GART window, sometimes wild. */
static uint64_t random_gpa(GRand *r, uint32_t align)
{
    uint64_t a;
    switch (urand(r, 8)) {
    case 0:
        a = MT_GART(urand(r, MT_GART_ENTRIES + 4)) + urand(r, 4096);
        break;
    case 1:
        a = ((uint64_t)g_rand_int(r) << 32) | g_rand_int(r);
        break;
    default:
        a = urand(r, MT_DMA_BASE);
        break;
    }
    return urand(r, 16) ? a & ~(uint64_t)(align - 1) : a;
}

static struct sable_surface random_surface(GRand *r)
{
    uint32_t w = 1 + urand(r, 40), h = 1 + urand(r, 40);
    uint32_t fmt = urand(r, 12) ? 1 + urand(r, SABLE_FORMAT_COUNT - 1) : urand(r, 20);
    return mt_surface(random_gpa(r, 4), (w * 4 + urand(r, 3) * 4) & ~3u, fmt, w, h);
}

/* Garbage packet: random dwords under a random or real opcode/size. */
static void garbage_packet(GRand *r, CmdBuf *c)
{
    uint32_t dw[24];
    uint32_t n = 1 + urand(r, 23);
    for (uint32_t i = 0; i < 24; i++) {
        dw[i] = g_rand_int(r);
    }
    uint32_t op = urand(r, 3) ? urand(r, 12) : urand(r, 256);
    uint32_t size = urand(r, 4) ? n : urand(r, 40);
    dw[0] = SABLE_CMD_HEADER(op, urand(r, 8) ? 0 : urand(r, 256), size);
    cb_emit(c, dw, n * 4);
}

/* A well-formed packet with random (possibly out of range) operands. */
static void random_packet(GRand *r, CmdBuf *c)
{
    struct sable_rect rect = { urand(r, 30), urand(r, 30), urand(r, 20), urand(r, 20) };
    uint64_t e = MT_GART_PAGES | 7;
    switch (urand(r, 14)) {
    case 0: cb_nop(c, 1 + urand(r, 4)); break;
    case 1: cb_write32(c, random_gpa(r, 4), g_rand_int(r)); break;
    case 2: cb_write64(c, random_gpa(r, 8), g_rand_int(r)); break;
    case 3: cb_copy(c, random_gpa(r, 1), random_gpa(r, 1), urand(r, 20000)); break;
    case 4: cb_fill(c, random_gpa(r, 1), g_rand_int(r), urand(r, 20000)); break;
    case 5: cb_timestamp(c, random_gpa(r, 8)); break;
    case 6: cb_wait(c, random_gpa(r, 8), urand(r, 5), urand(r, 2), urand(r, 2)); break;
    case 7: cb_gart_update(c, urand(r, MT_GART_ENTRIES + 2), 1, &e); break;
    case 8: cb_stall(c, urand(r, 300)); break;
    case 9:
        if (!urand(r, 8)) {
            cb_hang(c);
        }
        break;
    case 10:
        cb_blit(c, random_surface(r), random_surface(r), rect, urand(r, 30),
                urand(r, 30));
        break;
    case 11: cb_solid(c, random_surface(r), rect, g_rand_int(r)); break;
    default: garbage_packet(r, c); break;
    }
}

static void random_round(Mt *mt, GRand *r)
{
    SimBus *bus = mt->bus;
    unsigned e = urand(r, SABLE_NUM_ENGINES);
    cb_reset(&cb);
    unsigned n = 1 + urand(r, 4);
    for (unsigned i = 0; i < n; i++) {
        random_packet(r, &cb);
    }
    if (urand(r, 5)) {
        mt_submit(mt, e, &cb);
    } else { /* raw descriptor with random fields */
        struct sable_submit d;
        uint32_t *w = (uint32_t *)&d;
        for (unsigned i = 0; i < 16; i++) {
            w[i] = urand(r, 3) ? 0 : g_rand_int(r);
        }
        d.dma_addr = g_rand_boolean(r) ? mt_last_dma(mt, e) : d.dma_addr;
        mt_submit_desc(mt, e, &d);
    }
    if (!urand(r, 4)) { /* scribble on the ring or GART table */
        uint64_t a = g_rand_boolean(r) ? MT_RING(e) + urand(r, 4224)
                                       : MT_GART_TABLE + urand(r, 8192);
        simbus_ram_write32(bus, a & ~3ull, g_rand_int(r));
    }
    for (unsigned i = urand(r, 4); i > 0; i--) {
        simbus_write(bus, interesting_offset(r), interesting_value(r));
    }
    if (!urand(r, 10)) {
        SableInjection inj = { .kind = urand(r, SABLE_INJECT_KIND_COUNT),
                               .engine = e, .when = urand(r, 3),
                               .after = urand(r, 5) };
        sable_inject(bus->dev, &inj, NULL);
    }
    simbus_drain(bus, 50);
    simbus_advance(bus, urand(r, 3) * SABLE_WAIT_POLL_NS);
    if (mt_status(mt, e) & (SABLE_ENGINE_STATUS_FAULTED | SABLE_ENGINE_STATUS_HUNG)
        ? urand(r, 2) : !urand(r, 30)) {
        mt_write_reg(mt, e, SABLE_ENG_RESET, 1);
    }
}

static void check_usable(Mt *mt)
{
    simbus_write(mt->bus, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    mt->bus->sched[0] = mt->bus->sched[1] = false;
    simbus_write(mt->bus, SABLE_REG_IRQ_MASK, 0xffffffffu);
    mt_rings_init(mt);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        cb_reset(&cb);
        cb_write32(&cb, 0x40 + 4 * e, 0x600d + e);
        uint64_t f = mt_submit(mt, e, &cb);
        mt_run(mt);
        g_assert_cmpuint(mt_completed(mt, e), ==, f);
        uint32_t v;
        memcpy(&v, mt_vram(mt, 0x40 + 4 * e), 4);
        g_assert_cmpuint(v, ==, 0x600d + e);
    }
}

static void test_random(void)
{
    GRand *r = g_rand_new_with_seed(0x5ab1e);
    unsigned faults = 0, fences = 0, resets = 0;
    for (unsigned dev = 0; dev < 12; dev++) {
        SimBusConfig cfg = { .debug = dev & 1, .run_byte_budget = 1u << (10 + dev),
                             .run_cmd_budget = 1 + dev * 3, .gart_max_entries = 2048 };
        Mt *mt = mt_new(&cfg);
        mt_gart_setup(mt, dev & 2 ? 7 : 3);
        for (unsigned i = 0; i < 1500; i++) {
            random_round(mt, r);
        }
        for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
            faults += mt_reg(mt, e, SABLE_ENG_FAULT_COUNT) != 0;
        }
        fences += simbus_count(mt->bus, SABLE_EV_FENCE);
        resets += simbus_count(mt->bus, SABLE_EV_ENGINE_RESET) +
                  simbus_count(mt->bus, SABLE_EV_ADAPTER_RESET);
        check_usable(mt);
        mt_free(mt);
    }
    g_test_message("random: %u fences, %u faulted engines, %u resets",
                   fences, faults, resets);
    /* the generator reaches both execution and the checks */
    g_assert_cmpuint(faults, >, 0);
    g_assert_cmpuint(fences, >, 100);
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/malformed/descriptors", test_descriptors);
    g_test_add_func("/malformed/packets", test_packets);
    g_test_add_func("/malformed/gart-update-bounds", test_gart_update_bounds);
    g_test_add_func("/malformed/2d-arguments", test_2d_arguments);
    g_test_add_func("/malformed/ring-tail-dma", test_ring_tail_and_dma_errors);
    g_test_add_func("/malformed/copied-before-use", test_packet_copied_before_use);
    g_test_add_func("/malformed/random", test_random);
    return g_test_run();
}
