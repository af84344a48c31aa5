/* SPDX-License-Identifier: MIT */
/* QEMU survives thousands of random MMIO writes and random ring and DMA
 * buffer contents (fixed seed), and afterwards still answers, resets and
 * runs real work byte-exactly. */
#include <string.h>

#include "fixture.h"

#define SEED 0x5ab1f022u
#define MMIO_WRITES 4000u
#define RING_ROUNDS 24u
#define RANDOM_BUF_SIZE 4096u

static const uint32_t global_regs[] = {
    SABLE_REG_IRQ_STATUS, SABLE_REG_IRQ_MASK, SABLE_REG_FENCE_PAGE_LO,
    SABLE_REG_FENCE_PAGE_HI, SABLE_REG_GART_TABLE_LO, SABLE_REG_GART_TABLE_HI,
    SABLE_REG_GART_ENTRIES, SABLE_REG_ADAPTER_RESET, SABLE_REG_ERROR_STATUS,
    SABLE_REG_DUMP_ADDR_LO, SABLE_REG_DUMP_ADDR_HI, SABLE_REG_DUMP_SIZE,
    SABLE_REG_DUMP_CONTROL, SABLE_REG_SCRATCH,
};

static const uint32_t engine_regs[] = {
    SABLE_ENG_RING_BASE_LO, SABLE_ENG_RING_BASE_HI, SABLE_ENG_RING_SIZE,
    SABLE_ENG_RING_CONTROL, SABLE_ENG_DOORBELL, SABLE_ENG_RESET,
};

static uint32_t random_offset(GRand *rng)
{
    switch (g_rand_int_range(rng, 0, 3)) {
    case 0:
        return global_regs[g_rand_int_range(rng, 0, G_N_ELEMENTS(global_regs))];
    case 1:
        return SABLE_REG_ENGINE(g_rand_int_range(rng, 0, SABLE_NUM_ENGINES + 1)) +
               engine_regs[g_rand_int_range(rng, 0, G_N_ELEMENTS(engine_regs))];
    default:
        return 4u * (uint32_t)g_rand_int_range(rng, 0, SABLE_MMIO_SIZE / 4);
    }
}

/* Values that reach deeper: small counts, guest RAM addresses, anything. */
static uint32_t random_value(SqtDevice *d, GRand *rng)
{
    switch (g_rand_int_range(rng, 0, 3)) {
    case 0:
        return (uint32_t)g_rand_int_range(rng, 0, 4097);
    case 1:
        return (uint32_t)g_rand_int_range(rng, 0, (gint32)(sqt_ram_size(d->m) >> 12)) << 12;
    default:
        return g_rand_int(rng);
    }
}

static void random_mmio(SqtDevice *d, GRand *rng)
{
    for (unsigned i = 0; i < MMIO_WRITES; i++) {
        sqt_reg_write(d, random_offset(rng), random_value(d, rng));
        if (i % 64 == 63) {
            sqt_clock_step(d->m, 200000);
        }
    }
}

/* A DMA buffer of random packets with plausible headers. */
static void random_dma(GRand *rng, uint32_t *dw, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        dw[i] = g_rand_int(rng);
        if (g_rand_boolean(rng)) {
            dw[i] = SABLE_CMD_HEADER(g_rand_int_range(rng, 0, 12), 0,
                                     g_rand_int_range(rng, 0, 24));
        }
    }
}

static void random_rings(SqtDevice *d, GRand *rng)
{
    SqtBuf dma = sqt_alloc(d, RANDOM_BUF_SIZE, 4096);
    for (unsigned round = 0; round < RING_ROUNDS; round++) {
        random_dma(rng, dma.ptr, RANDOM_BUF_SIZE / 4);
        for (unsigned e = 0; e < d->engines; e++) {
            SqtRing *r = &d->ring[e];
            struct sable_submit *slot =
                (void *)((uint8_t *)r->mem.ptr + SABLE_RING_HEADER_SIZE);
            for (unsigned i = 0; i < r->entries; i++) {
                fixture_random_bytes(rng, &slot[i], sizeof(slot[i]));
                if (g_rand_boolean(rng)) { /* mostly valid descriptor */
                    slot[i] = (struct sable_submit){
                        .dma_addr = dma.gpu + 4 * g_rand_int_range(rng, 0, 64),
                        .dma_size = 4 * g_rand_int_range(rng, 0, RANDOM_BUF_SIZE / 8),
                        .fence = g_rand_int(rng),
                    };
                }
            }
            uint32_t tail = g_rand_boolean(rng) ? g_rand_int(rng)
                          : (uint32_t)g_rand_int_range(rng, 0, (gint32)r->entries);
            sqt_store32((uint8_t *)r->mem.ptr + 64, tail);
            sqt_doorbell(d, e);
        }
        sqt_clock_step(d->m, 1000000);
        for (unsigned e = 0; e < d->engines; e++) {
            if (g_rand_boolean(rng)) {
                sqt_engine_reset(d, e);
            }
        }
    }
}

/* QEMU answers, the adapter resets, and both engines do exact work. */
static void check_recovered(SqtDevice *d, GRand *rng)
{
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_MAGIC), ==, SABLE_MAGIC);
    uint32_t resets = sqt_reg_read(d, SABLE_REG_ADAPTER_RESET_COUNT);
    sqt_gart_rebuild(d);
    g_autoptr(GError) err = NULL;
    g_assert_true(sqt_device_adapter_reset(d, &err));
    g_assert_no_error(err);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_ADAPTER_RESET_COUNT), ==, resets + 1);
    for (unsigned e = 0; e < d->engines; e++) {
        SqtBuf src = sqt_alloc(d, 8192, 4096);
        SqtBuf dst = sqt_alloc(d, 8192, 4096);
        fixture_random_bytes(rng, src.ptr, src.size);
        SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
        sqt_cmd_copy(&cb, dst.gpu, src.gpu, src.size);
        fixture_run(d, e, &cb);
        g_assert_cmpmem(dst.ptr, dst.size, src.ptr, src.size);
        g_assert_cmpuint(sqt_eng_read(d, e, SABLE_ENG_FAULT_CODE), ==, 0);
    }
}

static void test_random_mmio_and_rings(void)
{
    g_test_message("seed 0x%x", SEED);
    g_autoptr(GRand) rng = g_rand_new_with_seed(SEED);
    SqtDevice *d = fixture_open(NULL);
    random_mmio(d, rng);
    check_recovered(d, rng);
    random_rings(d, rng);
    check_recovered(d, rng);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/robust/random-mmio-and-rings", test_random_mmio_and_rings);
    return g_test_run();
}
