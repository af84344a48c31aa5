/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the device core's register and command path on simbus.
 * The input is a program of byte-coded operations on a device whose rings,
 * GART (every entry valid, some pages aliasing its own BARs), fence page
 * and IRQ mask are programmed like a driver would: MMIO writes anywhere,
 * guest RAM and VRAM writes (DMA buffers, ring descriptors, PTEs), ring
 * submissions, clock advances, scanout reads, injections, dumps. One
 * device is reused; every input starts from a power-on reset with RAM and
 * VRAM zeroed, so each input replays alone. simbus asserts the host
 * contract (vectors, level changes); ASan/UBSan check the rest.
 */
#include "fuzz-input.h"
#include "simbus.h"

#define RAM (1u << 20)
#define VRAM (1u << 20)
#define RING(e) (0x10000u + (e) * 0x1000u)
#define RING_ENTRIES 16u
#define FENCE_PAGE 0x8000u
#define GART_TABLE 0x9000u
#define GART_ENTRIES 256u
#define GART_PAGES 0x40000u
#define MAX_OPS 256u

static SimBus *bus;

static void program(void)
{
    for (unsigned i = 0; i < GART_ENTRIES; i++) {
        uint64_t page = i % 16 == 15 ? SIMBUS_VRAM_BUS + 4096ull * i
                                     : GART_PAGES + 4096ull * i;
        simbus_ram_write64(bus, GART_TABLE + 8ull * i, page | 7);
    }
    simbus_write64(bus, SABLE_REG_GART_TABLE_LO, GART_TABLE);
    simbus_write(bus, SABLE_REG_GART_ENTRIES, GART_ENTRIES);
    simbus_write64(bus, SABLE_REG_FENCE_PAGE_LO, FENCE_PAGE);
    simbus_write(bus, SABLE_REG_IRQ_MASK, UINT32_MAX);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        simbus_write64(bus, SABLE_REG_ENGINE(e) + SABLE_ENG_RING_BASE_LO, RING(e));
        simbus_write(bus, SABLE_REG_ENGINE(e) + SABLE_ENG_RING_SIZE, RING_ENTRIES);
        simbus_write(bus, SABLE_REG_ENGINE(e) + SABLE_ENG_RING_CONTROL,
                     SABLE_RING_CONTROL_ENABLE);
    }
}

static void start(void)
{
    if (!bus) {
        SimBusConfig cfg = { .ram_size = RAM, .vram_size = VRAM, .debug = true };
        bus = simbus_new(&cfg);
    }
    sable_device_reset(bus->dev);
    memset(bus->ram, 0, RAM);
    memset(bus->vram, 0, VRAM);
    simbus_clear_events(bus);
    memset(bus->sched, 0, sizeof(bus->sched));
    program();
}

/* Write up to 255 input bytes at a bounded offset of `mem`. */
static void mem_write(FuzzIn *in, uint8_t *mem, uint32_t size)
{
    uint32_t off = fuzz_u32(in) % size;
    uint8_t n = fuzz_u8(in);
    uint8_t buf[255];
    fuzz_take(in, buf, n);
    memcpy(mem + off, buf, MIN(n, size - off));
}

/* A descriptor at the ring's tail, the tail bumped, the doorbell rung. */
static void submit(FuzzIn *in)
{
    unsigned e = fuzz_u8(in) % SABLE_NUM_ENGINES;
    struct sable_submit d = { .dma_addr = fuzz_u32(in) % VRAM, .dma_size = fuzz_u32(in) % 8192,
                              .flags = fuzz_u8(in) % 4, .fence = fuzz_u64(in) };
    struct sable_ring_header *h = simbus_ram(bus, RING(e), sizeof(*h));
    uint32_t tail = h->tail;
    memcpy(simbus_ram(bus, RING(e) + SABLE_RING_HEADER_SIZE + 64u * (tail % RING_ENTRIES), 64),
           &d, sizeof(d));
    h->tail = tail + 1;
    simbus_write(bus, SABLE_REG_ENGINE(e) + SABLE_ENG_DOORBELL, 1);
}

static void scanout(void)
{
    SableScanoutInfo info;
    sable_scanout_info(bus->dev, &info);
    if (info.enabled && (uint64_t)info.width * info.height <= (1u << 20)) {
        uint32_t *px = g_malloc((size_t)info.width * info.height * 4);
        sable_scanout_read(bus->dev, px, (uint64_t)info.width * 4);
        g_free(px);
    }
}

static void inject(FuzzIn *in)
{
    SableInjection inj = { .kind = fuzz_u8(in) % SABLE_INJECT_KIND_COUNT,
                           .engine = fuzz_u8(in) % 3, .when = fuzz_u8(in) % 3,
                           .after = fuzz_u8(in), .count = fuzz_u8(in) % 4,
                           .param_ns = fuzz_u32(in) };
    GError *err = NULL;
    if (!sable_inject(bus->dev, &inj, &err)) {
        g_error_free(err);
    }
}

static void dump(void)
{
    uint32_t size;
    g_free(sable_dump_build(bus->dev, &size));
}

static void op(FuzzIn *in)
{
    switch (fuzz_u8(in) % 10) {
    case 0: simbus_write(bus, (fuzz_u32(in) % SABLE_MMIO_SIZE) & ~3u, fuzz_u32(in)); break;
    case 1: mem_write(in, bus->ram, RAM); break;
    case 2: mem_write(in, bus->vram, VRAM); break;
    case 3: submit(in); break;
    case 4: simbus_drain(bus, 64); break;
    case 5: simbus_advance(bus, fuzz_u32(in) % 20000000u); break;
    case 6: scanout(); break;
    case 7: inject(in); break;
    case 8: dump(); break;
    default: (void)simbus_read(bus, (fuzz_u32(in) % SABLE_MMIO_SIZE) & ~3u); break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzIn in = { data, size };
    start();
    for (unsigned i = 0; i < MAX_OPS && in.left; i++) {
        op(&in);
    }
    simbus_advance(bus, 1000000);
    return 0;
}
