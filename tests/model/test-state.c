/* SPDX-License-Identifier: MIT */
/* sable_state_save/sable_state_load (migration): a device saved with work in
 * flight on both engines (a COPY half done, a DEBUG_STALL waiting on its
 * timer), a swizzle range enabled, scanout on and an injection pending is
 * restored into a second device over a copy of its memory: the two are
 * indistinguishable (identical dumps), the work completes there with the
 * right bytes, fences and interrupts, timers are re-armed from the new
 * device clock, and a damaged stream fails the load and changes nothing. */
#include <string.h>

#include "model-util.h"
#include "sable-state.h"

#define COPY_SRC (4ull << 20)
#define COPY_DST (8ull << 20)
#define COPY_SIZE (2ull << 20)
#define SURF 0x200000ull         /* scanout surface */
#define TILED 0xc00000ull        /* swizzle range surface */
#define WIN 0x10000u
#define STALL_US 1000u
#define W32_PAGE 3u       /* the write goes through the GART */
#define W32_VALUE 0xabcd1234u

/* Stream offsets (docs/architecture.md, "Migration": header 44 bytes,
 * globals 68 bytes, then engine 0). */
#define OFF_VERSION 4
#define OFF_GART_ENTRIES (44 + 24)
#define OFF_ENG0 112
#define OFF_ENG0_RING_SIZE (OFF_ENG0 + 8)
#define OFF_ENG0_BUSY (OFF_ENG0 + 68)
#define OFF_ENG0_PKT_HEADER (OFF_ENG0 + 144)
#define OFF_ENG0_STATE (OFF_ENG0 + 236)

static CmdBuf cb;
static const SimBusConfig cfg = {
    .vram_size = 16u << 20, .debug = true, .run_byte_budget = 64u << 10,
};

typedef struct Work {
    uint64_t fence[SABLE_NUM_ENGINES];
} Work;

static uint8_t pattern(uint64_t i)
{
    return (uint8_t)(i * 7 + (i >> 12));
}

static void scanout_on(Mt *mt)
{
    simbus_write64(mt->bus, SABLE_REG_SCANOUT_ADDR_LO, SURF);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_PITCH, 256);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_FORMAT, SABLE_FORMAT_B8G8R8A8_UNORM);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_WIDTH, 64);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_HEIGHT, 64);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_ERROR_STATUS), ==, 0);
}

static void swizzle_on(Mt *mt)
{
    uint32_t r = SABLE_REG_SWZ(0);
    simbus_write(mt->bus, r + SABLE_SWZ_APERTURE_OFFSET, WIN);
    simbus_write(mt->bus, r + SABLE_SWZ_SIZE, 0x5000);
    simbus_write64(mt->bus, r + SABLE_SWZ_GPU_ADDR_LO, TILED);
    simbus_write(mt->bus, r + SABLE_SWZ_PITCH, 384);
    simbus_write(mt->bus, r + SABLE_SWZ_HEIGHT, 45);
    simbus_write(mt->bus, r + SABLE_SWZ_TILING, SABLE_TILING_Y);
    simbus_write(mt->bus, r + SABLE_SWZ_CONTROL, SABLE_SWZ_CONTROL_ENABLE);
    g_assert_cmphex(simbus_read(mt->bus, r + SABLE_SWZ_STATUS) &
                    SABLE_SWZ_STATUS_ENABLED, !=, 0);
}

/* A device with work in flight on both engines. */
static Mt *busy_source(Work *w)
{
    Mt *mt = mt_new(&cfg);
    uint8_t *src = mt_vram(mt, COPY_SRC);
    for (uint64_t i = 0; i < COPY_SIZE; i++) {
        src[i] = pattern(i);
    }
    simbus_write64(mt->bus, SABLE_REG_FENCE_PAGE_LO, MT_FENCE_PAGE);
    mt_gart_setup(mt, SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ |
                          SABLE_GART_PTE_WRITE);
    swizzle_on(mt);
    scanout_on(mt);
    simbus_advance(mt->bus, 3 * SABLE_SCANOUT_VBLANK_PERIOD_NS / 2);
    cb_reset(&cb);
    cb_copy(&cb, COPY_DST, COPY_SRC, COPY_SIZE);
    w->fence[0] = mt_submit(mt, 0, &cb);
    cb_reset(&cb);
    cb_stall(&cb, STALL_US);
    cb_write32(&cb, MT_GART(W32_PAGE) + 8, W32_VALUE);
    w->fence[1] = mt_submit(mt, 1, &cb);
    mt_inject(mt, "slow,engine=0,after=1000,count=2");
    for (unsigned i = 0; i < 3; i++) {
        simbus_run_once(mt->bus);
    }
    /* Still in flight: the copy half done, the stall waiting. */
    g_assert_cmpuint(mt_completed(mt, 0), <, w->fence[0]);
    g_assert_cmpuint(mt_completed(mt, 1), <, w->fence[1]);
    g_assert_cmpuint(*(uint8_t *)mt_vram(mt, COPY_DST), ==, pattern(0));
    g_assert_cmpuint(*(uint8_t *)mt_vram(mt, COPY_DST + COPY_SIZE - 1), !=,
                     pattern(COPY_SIZE - 1));
    g_assert_cmphex(mt_status(mt, 1) & SABLE_ENGINE_STATUS_WAITING, !=, 0);
    return mt;
}

/* What the host migrates as RAM: guest RAM, VRAM, BAR4. */
static void copy_memory(Mt *to, Mt *from)
{
    memcpy(to->bus->ram, from->bus->ram, from->bus->ram_size);
    memcpy(to->bus->vram, from->bus->vram, from->bus->vram_size);
    memcpy(to->bus->aperture, from->bus->aperture, SABLE_APERTURE_SIZE);
}

static GBytes *dump_of(Mt *mt)
{
    uint32_t size;
    uint8_t *d = sable_dump_build(mt->bus->dev, &size);
    return g_bytes_new_take(d, size);
}

static void assert_same_device(Mt *a, Mt *b)
{
    g_autoptr(GBytes) da = dump_of(a);
    g_autoptr(GBytes) db = dump_of(b);
    g_assert_true(g_bytes_equal(da, db));
}

static void test_roundtrip_completes(void)
{
    Work w;
    Mt *src = busy_source(&w);
    g_autoptr(GByteArray) st = sable_state_save(src->bus->dev);
    g_autoptr(GBytes) before = dump_of(src);
    /* The layout docs/architecture.md documents. */
    g_assert_cmpuint(st->len, ==, 44 + 68 + SABLE_NUM_ENGINES * 1836 +
                                  SABLE_CORE_MAX_INJECTIONS * 48 +
                                  SABLE_CORE_SWZ_RANGES * 44 + 80);

    Mt *dst = mt_new(&cfg);
    copy_memory(dst, src);
    dst->bus->now_ns = src->bus->now_ns;
    g_autoptr(GError) err = NULL;
    g_assert_true(sable_state_load(dst->bus->dev, st->data, st->len, &err));
    g_assert_no_error(err);
    assert_same_device(dst, src);
    /* Saving changed nothing in the source. */
    g_autoptr(GBytes) after = dump_of(src);
    g_assert_true(g_bytes_equal(before, after));

    /* Timers re-armed: the stall's deadline, the next vblank. */
    g_assert_true(dst->bus->timer_armed[1]);
    g_assert_cmpuint(dst->bus->deadline[1], ==, src->bus->deadline[1]);
    g_assert_true(dst->bus->timer_armed[SABLE_TIMER_VBLANK]);
    g_assert_cmpuint(dst->bus->deadline[SABLE_TIMER_VBLANK], ==,
                     src->bus->deadline[SABLE_TIMER_VBLANK]);

    uint32_t pulses0 = dst->bus->pulses[SABLE_MSIX_VEC_ENGINE(0)];
    uint32_t pulses1 = dst->bus->pulses[SABLE_MSIX_VEC_ENGINE(1)];
    mt_run(dst);
    simbus_advance(dst->bus, STALL_US * 1000ull);
    mt_run(dst);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        g_assert_cmpuint(mt_completed(dst, e), ==, w.fence[e]);
        g_assert_cmpuint(simbus_ram_read64(dst->bus, MT_FENCE_PAGE +
                         offsetof(struct sable_fence_page, completed) + 8 * e), ==,
                         w.fence[e]);
    }
    g_assert_cmpuint(dst->bus->pulses[SABLE_MSIX_VEC_ENGINE(0)], ==, pulses0 + 1);
    g_assert_cmpuint(dst->bus->pulses[SABLE_MSIX_VEC_ENGINE(1)], ==, pulses1 + 1);
    const uint8_t *out = mt_vram(dst, COPY_DST);
    for (uint64_t i = 0; i < COPY_SIZE; i++) {
        if (out[i] != pattern(i)) {
            g_error("copy byte %" G_GUINT64_FORMAT " is %u", i, out[i]);
        }
    }
    g_assert_cmphex(*(uint32_t *)((uint8_t *)mt_gart_page(dst, W32_PAGE) + 8), ==,
                    W32_VALUE);
    g_assert_cmpuint(sable_inject_pending(dst->bus->dev), ==, 1);
    g_assert_cmphex(simbus_read(dst->bus, SABLE_REG_SWZ(0) + SABLE_SWZ_STATUS) &
                    SABLE_SWZ_STATUS_ENABLED, !=, 0);
    mt_free(dst);
    mt_free(src);
}

/* The destination's clock differs: deadlines keep their time left and
 * FRAME_COUNT continues. */
static void test_clock_rebased(void)
{
    Work w;
    Mt *src = busy_source(&w);
    g_autoptr(GByteArray) st = sable_state_save(src->bus->dev);
    uint64_t left = src->bus->deadline[1] - src->bus->now_ns;
    uint32_t frames = simbus_read(src->bus, SABLE_REG_SCANOUT_FRAME_COUNT);
    g_assert_cmpuint(frames, ==, 1);

    Mt *dst = mt_new(&cfg);
    copy_memory(dst, src);
    dst->bus->now_ns = 7; /* a young clock (qtest's restarts at 0) */
    g_assert_true(sable_state_load(dst->bus->dev, st->data, st->len, NULL));
    g_assert_cmpuint(dst->bus->deadline[1], ==, 7 + left);
    g_assert_cmpuint(simbus_read(dst->bus, SABLE_REG_SCANOUT_FRAME_COUNT), ==,
                     frames);
    simbus_advance(dst->bus, SABLE_SCANOUT_VBLANK_PERIOD_NS);
    g_assert_cmpuint(simbus_read(dst->bus, SABLE_REG_SCANOUT_FRAME_COUNT), ==,
                     frames + 1);
    mt_free(dst);
    mt_free(src);
}

/* Load `data` into dst: must fail and leave dst as it was. */
static void assert_refused(Mt *dst, const uint8_t *data, size_t len)
{
    g_autoptr(GBytes) before = dump_of(dst);
    g_autoptr(GError) err = NULL;
    g_assert_false(sable_state_load(dst->bus->dev, data, len, &err));
    g_assert_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL);
    g_autoptr(GBytes) after = dump_of(dst);
    g_assert_true(g_bytes_equal(before, after));
}

static void put32(GByteArray *a, size_t off, uint32_t v)
{
    v = GUINT32_TO_LE(v);
    memcpy(a->data + off, &v, 4);
}

static void test_bad_streams(void)
{
    Work w;
    Mt *src = busy_source(&w);
    g_autoptr(GByteArray) st = sable_state_save(src->bus->dev);
    Mt *dst = mt_new(&cfg);

    for (size_t len = 0; len < st->len; len++) {
        assert_refused(dst, st->data, len);
    }
    g_autoptr(GByteArray) longer = g_byte_array_new();
    g_byte_array_append(longer, st->data, st->len);
    g_byte_array_append(longer, (const guint8 *)"", 1);
    assert_refused(dst, longer->data, longer->len);

    struct { size_t off; uint32_t value; } bad[] = {
        { 0, 0 },                                   /* magic */
        { OFF_VERSION, SABLE_STATE_VERSION + 1 },
        { OFF_GART_ENTRIES, SABLE_CORE_DEFAULT_GART_ENTRIES + 1 },
        { OFF_ENG0_RING_SIZE, 3 },                  /* ring enabled */
        { OFF_ENG0_BUSY, 2 },
        { OFF_ENG0_PKT_HEADER, SABLE_CMD_HEADER(0xfe, 0, 5) },
        { OFF_ENG0_STATE, 99 },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GByteArray) c = g_byte_array_new();
        g_byte_array_append(c, st->data, st->len);
        put32(c, bad[i].off, bad[i].value);
        assert_refused(dst, c->data, c->len);
    }
    /* The unchanged stream still loads (the offsets hit real fields). */
    g_assert_true(sable_state_load(dst->bus->dev, st->data, st->len, NULL));
    mt_free(dst);

    SimBusConfig other = cfg;
    other.vram_size *= 2;
    Mt *bigger = mt_new(&other);
    assert_refused(bigger, st->data, st->len);
    mt_free(bigger);
    mt_free(src);
}

/* Every word of a stream inverted: the load fails cleanly or yields a
 * device that runs (never an abort or a bad access under ASan). */
static void test_corrupt_words(void)
{
    Work w;
    Mt *src = busy_source(&w);
    g_autoptr(GByteArray) st = sable_state_save(src->bus->dev);
    unsigned loaded = 0;

    Mt *dst = mt_new(&cfg);
    for (size_t off = 0; off + 4 <= st->len; off += 4) {
        g_autoptr(GByteArray) c = g_byte_array_new();
        g_byte_array_append(c, st->data, st->len);
        for (unsigned b = 0; b < 4; b++) {
            c->data[off + b] ^= 0xff;
        }
        if (sable_state_load(dst->bus->dev, c->data, c->len, NULL)) {
            loaded++;
            simbus_drain(dst->bus, 20);
            simbus_advance(dst->bus, 2 * STALL_US * 1000ull);
            g_assert_true(sable_state_load(dst->bus->dev, st->data, st->len,
                                           NULL));
        }
    }
    mt_free(dst);
    /* Counters, addresses and history are free-form: many words load. */
    g_assert_cmpuint(loaded, >, 0);
    mt_free(src);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/state/roundtrip-completes", test_roundtrip_completes);
    g_test_add_func("/state/clock-rebased", test_clock_rebased);
    g_test_add_func("/state/bad-streams", test_bad_streams);
    g_test_add_func("/state/corrupt-words", test_corrupt_words);
    return g_test_run();
}
