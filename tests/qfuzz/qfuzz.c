/* SPDX-License-Identifier: MIT */
/*
 * sable-qfuzz: the protocol-aware fuzzer of the real QEMU device over
 * qtest. Each batch mixes, at random: DMA buffers of packets of every
 * opcode mutated toward their edges (qfuzz-gen.c) on both engines, with
 * hostile descriptors; GART entries aliasing the device's own BARs;
 * swizzle-range programming mid-work; engine and adapter resets and fault
 * injections mid-work; scanout at garbage with screendumps; MSI-X vectors
 * and the fence page aimed at the device's own registers; dumps anywhere;
 * clock steps. After every batch the device must still answer and, after
 * an adapter reset, copy known bytes exactly on both engines.
 *
 * Seeded and replayable: the same --seed and --batches replay the same
 * qtest stream (QEMU runs on a virtual clock only this process moves).
 * Usage: sable-qfuzz [--seed N] [--batches N | --time SECONDS] [--steps N]
 * Exit status 0; a broken device exits 1 naming the seed and batch. Run it
 * against the sanitizer QEMU (SABLE_QEMU) with ASAN_OPTIONS=abort_on_error=1:
 * a report aborts QEMU, which ends this run with its log.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qfuzz-gen.h"
#include "sable-qtest.h"

#define SCRATCH_SIZE (1u << 20)
#define CMD_BYTES 4096u
#define CHECK_BYTES 8192u

typedef struct Qf {
    SqtDevice *d;
    GRand *r;
    QfGpuMap map;
    SqtBuf scratch;
    SqtCmdBuf cmd[SABLE_MAX_ENGINES];
    SqtBuf src, dst;          /* known-good copy */
    uint64_t vram_check;      /* VRAM bounce of the known-good copy */
    uint64_t seed, batch;
} Qf;

static uint32_t pick(Qf *q, uint32_t n)
{
    return (uint32_t)g_rand_int_range(q->r, 0, (gint32)n);
}

static G_NORETURN void qf_fail(Qf *q, const char *what)
{
    sqt_fatal(q->d->m, "qfuzz: %s", what);
}

/* The run in progress, for the replay line when anything ends it early
 * (qf_fail, or the library's fatal error when QEMU aborts on a report). */
static const Qf *running;

static void print_replay(void)
{
    if (running) {
        fprintf(stderr, "sable-qfuzz: failed in batch %" PRIu64 " (replay: --seed %" PRIu64
                " --batches %" PRIu64 ")\n", running->batch, running->seed,
                running->batch + 1);
    }
}

/* ---- actions ---------------------------------------------------------- */

static bool ring_full(Qf *q, unsigned e)
{
    SqtRing *ring = &q->d->ring[e];
    const struct sable_ring_header *h = ring->mem.ptr;
    return ring->tail - sqt_load32(&h->head) >= ring->entries;
}

/* A buffer of mutated packets; a sometimes hostile descriptor. */
static void act_submit(Qf *q)
{
    unsigned e = pick(q, q->d->engines);
    SqtCmdBuf *cb = &q->cmd[e];
    uint32_t *dw = cb->buf.ptr, max = CMD_BYTES / 4, n = 0;
    for (unsigned k = 1 + pick(q, 8); k > 0 && n < max; k--) {
        n += qf_packet(q->r, &q->map, qf_opcode(q->r), dw + n, max - n);
    }
    if (ring_full(q, e)) {
        sqt_engine_reset(q->d, e);
        if (ring_full(q, e)) { /* the ring registers hold garbage */
            return;
        }
    }
    uint64_t addr = cb->buf.gpu;
    uint32_t size = n * 4, flags = 0;
    switch (pick(q, 8)) {
    case 0: addr = qf_gpu_addr(q->r, &q->map); break;
    case 1: size = qf_edge_u32(q->r); break;
    case 2: flags = g_rand_int(q->r); break;
    default: break;
    }
    sqt_ring_push(q->d, e, addr, size, flags, pick(q, 8) ? 0 : g_rand_int(q->r));
    sqt_doorbell(q->d, e);
}

/* Own BAR bus addresses, as the fuzzer programmed them. */
static uint64_t own_bar_addr(Qf *q)
{
    static const uint64_t bars[] = { SQT_BAR0_ADDR, SQT_BAR1_ADDR, SQT_BAR2_ADDR,
                                     SQT_BAR4_ADDR };
    return bars[pick(q, G_N_ELEMENTS(bars))] + 4096ull * pick(q, QF_HOT_PAGES);
}

/* Hot GART page i aliases page i of a BAR: copies and swizzle ranges
 * between hot pages and VRAM/aperture offsets meet the alias. */
static void act_gart_alias(Qf *q)
{
    static const uint64_t bars[] = { SQT_BAR0_ADDR, SQT_BAR1_ADDR, SQT_BAR2_ADDR,
                                     SQT_BAR4_ADDR };
    uint64_t i = pick(q, QF_HOT_PAGES);
    sqt_gart_set_pte(q->d, q->map.scratch_gpu + 4096 * i,
                     (bars[pick(q, G_N_ELEMENTS(bars))] + 4096 * i) | (pick(q, 8) | 1u));
}

/* A valid range over hot GART page i, its window at page i of BAR4. */
static void swizzle_hot(Qf *q, uint32_t base)
{
    uint32_t i = pick(q, QF_HOT_PAGES);
    uint64_t gpu = q->map.scratch_gpu + 4096ull * i;
    sqt_reg_write(q->d, base + SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_DISCARD);
    sqt_reg_write(q->d, base + SABLE_SWZ_APERTURE_OFFSET, 4096 * i);
    sqt_reg_write(q->d, base + SABLE_SWZ_SIZE, 4096);
    sqt_reg_write64(q->d, base + SABLE_SWZ_GPU_ADDR_LO, gpu);
    sqt_reg_write(q->d, base + SABLE_SWZ_PITCH, 256);
    sqt_reg_write(q->d, base + SABLE_SWZ_HEIGHT, 16);
    sqt_reg_write(q->d, base + SABLE_SWZ_TILING, SABLE_TILING_LINEAR);
}

static void act_swizzle(Qf *q)
{
    uint32_t base = SABLE_REG_SWZ(pick(q, SABLE_SWZ_MAX_RANGES));
    if (pick(q, 2)) {
        swizzle_hot(q, base);
    }
    for (unsigned i = pick(q, 3); i > 0; i--) {
        uint32_t reg = 4u * pick(q, SABLE_SWZ_STATUS / 4);
        uint32_t v = reg == SABLE_SWZ_GPU_ADDR_LO ? (uint32_t)qf_gpu_addr(q->r, &q->map)
                                                   : qf_edge_u32(q->r);
        sqt_reg_write(q->d, base + reg, v);
    }
    sqt_reg_write(q->d, base + SABLE_SWZ_CONTROL, pick(q, 8));
}

static void act_reset(Qf *q)
{
    if (pick(q, 4)) {
        sqt_engine_reset(q->d, pick(q, q->d->engines));
        return;
    }
    g_autoptr(GError) err = NULL;
    sqt_device_adapter_reset(q->d, &err); /* ERROR_STATUS may hold anything */
}

static void act_inject(Qf *q)
{
    static const char *const kinds[] = { "hang", "page-fault", "drop-irq",
                                         "invalid-cmd", "slow", "reset-fail" };
    g_autofree char *spec = g_strdup_printf("%s,engine=%u,after=%u,count=%u",
                                            kinds[pick(q, G_N_ELEMENTS(kinds))],
                                            pick(q, q->d->engines), pick(q, 4),
                                            1 + pick(q, 3));
    g_autoptr(GError) err = NULL;
    if (!sqt_qom_set_str(q->d->m, SQT_DEVICE_PATH, "inject", spec, &err)) {
        g_clear_error(&err); /* the slots may be full */
    }
}

/* Scanout sizes: invalid ones and a few valid ones (a screendump of a
 * 16384-pixel square would be 1 GiB). */
static uint32_t scanout_dim(Qf *q)
{
    static const uint32_t dims[] = { 0, 1, 640, 1024, 16385, UINT32_MAX };
    return pick(q, 2) ? 1 + pick(q, 64) : dims[pick(q, G_N_ELEMENTS(dims))];
}

static void act_scanout(Qf *q)
{
    SqtDevice *d = q->d;
    sqt_reg_write64(d, SABLE_REG_SCANOUT_ADDR_LO, qf_gpu_addr(q->r, &q->map));
    sqt_reg_write(d, SABLE_REG_SCANOUT_PITCH, qf_edge_u32(q->r));
    sqt_reg_write(d, SABLE_REG_SCANOUT_FORMAT, pick(q, SABLE_FORMAT_COUNT + 2));
    sqt_reg_write(d, SABLE_REG_SCANOUT_WIDTH, scanout_dim(q));
    sqt_reg_write(d, SABLE_REG_SCANOUT_HEIGHT, scanout_dim(q));
    sqt_reg_write(d, SABLE_REG_SCANOUT_CONTROL, pick(q, 4));
    SqtFrame f = { 0 };
    g_autoptr(GError) err = NULL;
    if (!sqt_screendump(d->m, &f, &err)) {
        qf_fail(q, err->message);
    }
    g_free(f.rgb);
}

/* Vectors, the fence page or a dump aimed at the device itself. */
static void act_self_target(Qf *q)
{
    SqtDevice *d = q->d;
    uint64_t reg = SQT_BAR0_ADDR + 4u * pick(q, SABLE_MMIO_SIZE / 4);
    switch (pick(q, 4)) {
    case 0:
        reg = SQT_BAR0_ADDR + SABLE_REG_ADAPTER_RESET;
        /* fall through */
    case 1:
        sqt_msix_route(&d->pci, &d->msix, pick(q, SABLE_MSIX_VECTORS(d->engines)),
                       pick(q, 4) ? reg : own_bar_addr(q),
                       pick(q, 2) ? SABLE_ADAPTER_RESET_KEY : g_rand_int(q->r));
        break;
    case 2:
        sqt_reg_write64(d, SABLE_REG_FENCE_PAGE_LO, own_bar_addr(q));
        break;
    default:
        sqt_reg_write64(d, SABLE_REG_DUMP_ADDR_LO,
                        pick(q, 2) ? own_bar_addr(q) : qf_edge_u64(q->r));
        sqt_reg_write(d, SABLE_REG_DUMP_SIZE, qf_edge_u32(q->r));
        sqt_reg_write(d, SABLE_REG_DUMP_CONTROL, 1);
        break;
    }
}

static void act_mmio(Qf *q)
{
    uint32_t off = pick(q, 2) ? 4u * pick(q, SABLE_MMIO_SIZE / 4)
                              : SABLE_REG_ENGINE(pick(q, 3)) + 4u * pick(q, 16);
    sqt_reg_write(q->d, off, pick(q, 2) ? qf_edge_u32(q->r) : g_rand_int(q->r));
}

static void act_clock(Qf *q)
{
    sqt_clock_step(q->d->m, pick(q, 4) ? pick(q, 200000) : 20000000);
}

static void step(Qf *q)
{
    static void (*const actions[])(Qf *) = {
        act_submit, act_submit, act_submit, act_submit, act_gart_alias,
        act_swizzle, act_reset, act_inject, act_scanout, act_self_target,
        act_mmio, act_clock, act_clock,
    };
    actions[pick(q, G_N_ELEMENTS(actions))](q);
}

/* ---- the check after every batch -------------------------------------- */

static void restore(Qf *q)
{
    SqtDevice *d = q->d;
    g_autoptr(GError) err = NULL;
    if (sqt_reg_read(d, SABLE_REG_MAGIC) != SABLE_MAGIC) {
        qf_fail(q, "the device does not answer");
    }
    g_autofree char *ok = sqt_qmp(d->m, "{\"execute\": \"qom-set\", \"arguments\": {"
                                  "\"path\": \"" SQT_DEVICE_PATH "\", \"property\": "
                                  "\"inject-clear\", \"value\": true}}", &err);
    if (!ok) {
        qf_fail(q, err->message);
    }
    for (unsigned v = 0; v < SABLE_MSIX_VECTORS(d->engines); v++) {
        sqt_msix_route(&d->pci, &d->msix, v, d->msi_page.bus + 4u * v, SQT_MSI_DATA(v));
    }
    sqt_gart_rebuild(d);
    if (!sqt_device_adapter_reset(d, &err)) {
        qf_fail(q, err->message);
    }
    /* Fences restart at 1: forget the hostile ones the batch completed. */
    for (unsigned e = 0; e < d->engines; e++) {
        sqt_store64((uint64_t *)d->fence_page.ptr + e, 0);
        d->ring[e].last_fence = 0;
    }
}

/* RAM -> VRAM (COPY) -> RAM (COPY_2D) on each engine, bytes checked. */
static void known_good_copy(Qf *q)
{
    SqtDevice *d = q->d;
    struct sable_rect rect = { 0, 0, 256, CHECK_BYTES / 1024 };
    struct sable_surface vram = { q->vram_check, 1024, SABLE_FORMAT_B8G8R8A8_UNORM, 256,
                                  CHECK_BYTES / 1024 };
    struct sable_surface out = vram;
    out.addr = q->dst.gpu;
    for (unsigned e = 0; e < d->engines; e++) {
        uint8_t *s = q->src.ptr;
        for (unsigned i = 0; i < CHECK_BYTES; i++) {
            s[i] = (uint8_t)g_rand_int(q->r);
        }
        memset(q->dst.ptr, 0, CHECK_BYTES);
        SqtCmdBuf *cb = &q->cmd[e];
        sqt_cmdbuf_reset(cb);
        sqt_cmd_copy(cb, q->vram_check, q->src.gpu, CHECK_BYTES);
        sqt_cmd_copy_2d(cb, &vram, &out, &rect, 0, 0);
        uint64_t fence = sqt_submit_cmdbuf(d, e, cb);
        if (!sqt_wait_fence(d, e, fence, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
            qf_fail(q, "the known-good copy did not complete");
        }
        if (memcmp(q->dst.ptr, q->src.ptr, CHECK_BYTES)) {
            qf_fail(q, "the known-good copy has wrong bytes");
        }
    }
}

/* ---- main ------------------------------------------------------------- */

static void qf_setup(Qf *q)
{
    static const SqtOptions opt = { .debug = true };
    g_autoptr(GError) err = NULL;
    q->d = sqt_device_open(&opt, &err);
    if (!q->d) {
        fprintf(stderr, "sable-qfuzz: %s\n", err->message);
        exit(1);
    }
    SqtDevice *d = q->d;
    q->scratch = sqt_alloc(d, SCRATCH_SIZE, 4096);
    for (unsigned e = 0; e < d->engines; e++) {
        q->cmd[e] = sqt_cmdbuf_new(d, CMD_BYTES);
    }
    q->src = sqt_alloc(d, CHECK_BYTES, 4096);
    q->dst = sqt_alloc(d, CHECK_BYTES, 4096);
    q->vram_check = sqt_vram_alloc(d, CHECK_BYTES, 4096);
    q->map = (QfGpuMap) { .vram_size = d->vram_size, .gart_base = d->gart_base,
                          .gart_size = 4096ull * d->gart_entries,
                          .scratch_gpu = q->scratch.gpu, .scratch_size = SCRATCH_SIZE };
}

int main(int argc, char **argv)
{
    gint64 seed = 1, batches = 0, seconds = 0, steps = 40;
    GOptionEntry entries[] = {
        { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "random seed", "N" },
        { "batches", 0, 0, G_OPTION_ARG_INT64, &batches, "batches to run", "N" },
        { "time", 0, 0, G_OPTION_ARG_INT64, &seconds, "run for SECONDS instead", "S" },
        { "steps", 0, 0, G_OPTION_ARG_INT64, &steps, "actions per batch (40)", "N" },
        { NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new("- fuzz the sable-gpu QEMU device");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_autoptr(GError) err = NULL;
    if (!g_option_context_parse(ctx, &argc, &argv, &err) || steps < 1 ||
        (batches <= 0) == (seconds <= 0)) {
        fprintf(stderr, "sable-qfuzz: %s\n",
                err ? err->message : "give one of --batches N or --time S (> 0)");
        return 2;
    }
    Qf q = { .r = g_rand_new_with_seed((guint32)seed), .seed = (uint64_t)seed };
    qf_setup(&q);
    running = &q;
    atexit(print_replay);
    gint64 end = g_get_monotonic_time() + seconds * G_USEC_PER_SEC;
    for (q.batch = 0; batches ? q.batch < (uint64_t)batches : g_get_monotonic_time() < end;
         q.batch++) {
        for (gint64 i = 0; i < steps; i++) {
            step(&q);
        }
        restore(&q);
        known_good_copy(&q);
    }
    running = NULL;
    printf("sable-qfuzz: seed %" PRId64 ": %" PRIu64 " batches of %" PRId64
           " actions, device healthy after each\n", seed, q.batch, steps);
    sqt_device_close(q.d);
    g_rand_free(q.r);
    return 0;
}
