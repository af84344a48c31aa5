/* SPDX-License-Identifier: MIT */
/* simbus: simulated host bus for sable-core (see simbus.h). */
#include <string.h>

#include "simbus.h"

static bool ram_range(const SimBus *bus, uint64_t addr, uint64_t len)
{
    return addr <= bus->ram_size && len <= bus->ram_size - addr;
}

/* [addr, addr + len) inside the window [base, base + size)? */
static bool in_window(uint64_t addr, uint64_t len, uint64_t base, uint64_t size)
{
    return addr >= base && addr - base <= size && len <= size - (addr - base);
}

/* Host memory behind [addr, addr + len) on the bus, or NULL. */
static uint8_t *bus_ptr(SimBus *bus, uint64_t addr, uint64_t len)
{
    if (bus->fail_dma) {
        return NULL;
    }
    if (ram_range(bus, addr, len)) {
        return bus->ram + addr;
    }
    if (in_window(addr, len, SIMBUS_VRAM_BUS, bus->vram_size)) {
        return bus->vram + (addr - SIMBUS_VRAM_BUS);
    }
    if (bus->aperture &&
        in_window(addr, len, SIMBUS_APERTURE_BUS, SABLE_APERTURE_SIZE)) {
        return bus->aperture + (addr - SIMBUS_APERTURE_BUS);
    }
    return NULL;
}

/* memcpy, not memmove: like QEMU's DMA, overlapping copies are undefined
 * (ASan reports them in build-asan). */
static bool sim_dma_read(void *opaque, uint64_t addr, void *buf, uint64_t len)
{
    uint8_t *p = bus_ptr(opaque, addr, len);
    if (!p) {
        return false;
    }
    memcpy(buf, p, len);
    return true;
}

static bool sim_dma_write(void *opaque, uint64_t addr, const void *buf,
                          uint64_t len)
{
    uint8_t *p = bus_ptr(opaque, addr, len);
    if (!p) {
        return false;
    }
    memcpy(p, buf, len);
    return true;
}

static unsigned sim_bar_windows(void *opaque, SableBusWindow *out)
{
    SimBus *bus = opaque;
    unsigned n = 0;

    out[n++] = (SableBusWindow) { SIMBUS_MMIO_BUS, SABLE_MMIO_SIZE };
    out[n++] = (SableBusWindow) { SIMBUS_VRAM_BUS, bus->vram_size };
    if (bus->aperture) {
        out[n++] = (SableBusWindow) { SIMBUS_APERTURE_BUS, SABLE_APERTURE_SIZE };
    }
    return n;
}

static void sim_irq_pulse(void *opaque, unsigned vector)
{
    SimBus *bus = opaque;
    g_assert_cmpuint(vector, <, G_N_ELEMENTS(bus->pulses));
    bus->pulses[vector]++;
}

static void sim_irq_level(void *opaque, bool level)
{
    SimBus *bus = opaque;
    g_assert(level != bus->level); /* only called on a change */
    bus->level = level;
    bus->level_changes++;
}

static void sim_schedule(void *opaque, unsigned engine)
{
    SimBus *bus = opaque;
    g_assert_cmpuint(engine, <, SABLE_MAX_ENGINES);
    bus->sched[engine] = true;
}

static void sim_timer_arm(void *opaque, unsigned timer, uint64_t deadline)
{
    SimBus *bus = opaque;
    g_assert_cmpuint(timer, <, SABLE_TIMER_COUNT);
    bus->timer_armed[timer] = true;
    bus->deadline[timer] = deadline;
}

static void sim_timer_cancel(void *opaque, unsigned timer)
{
    SimBus *bus = opaque;
    g_assert_cmpuint(timer, <, SABLE_TIMER_COUNT);
    bus->timer_armed[timer] = false;
}

static uint64_t sim_clock(void *opaque)
{
    return ((SimBus *)opaque)->now_ns;
}

static void sim_event(void *opaque, const SableEvent *ev)
{
    SimBus *bus = opaque;
    g_array_append_val(bus->events, *ev);
}

static void sim_notify_3d(void *opaque)
{
    SimBus *bus = opaque;
    g_mutex_lock(&bus->notify_lock);
    bus->notified = true;
    g_cond_signal(&bus->notify_cond);
    g_mutex_unlock(&bus->notify_lock);
}

static void sim_vram_dirty(void *opaque, uint64_t offset, uint64_t len)
{
    SimBus *bus = opaque;
    g_assert_cmpuint(offset, <, bus->vram_size);
    g_assert_cmpuint(len, <=, bus->vram_size - offset);
    memset(bus->vram_dirty + offset / SIMBUS_DIRTY_BLOCK, 1,
           (offset + len - 1) / SIMBUS_DIRTY_BLOCK - offset / SIMBUS_DIRTY_BLOCK + 1);
}

void simbus_vram_clean(SimBus *bus)
{
    memset(bus->vram_dirty, 0, bus->vram_size / SIMBUS_DIRTY_BLOCK);
}

bool simbus_vram_is_dirty(const SimBus *bus, uint64_t off)
{
    return bus->vram_dirty[off / SIMBUS_DIRTY_BLOCK];
}

static const SableHostOps sim_ops = {
    .dma_read = sim_dma_read,
    .dma_write = sim_dma_write,
    .irq_pulse = sim_irq_pulse,
    .irq_level = sim_irq_level,
    .schedule = sim_schedule,
    .timer_arm = sim_timer_arm,
    .timer_cancel = sim_timer_cancel,
    .bar_windows = sim_bar_windows,
    .clock_ns = sim_clock,
    .notify_3d = sim_notify_3d,
    .event = sim_event,
    .vram_dirty = sim_vram_dirty,
};

SimBus *simbus_new(const SimBusConfig *cfg)
{
    static const SimBusConfig defaults;
    SimBus *bus = g_new0(SimBus, 1);
    GError *err = NULL;

    cfg = cfg ? cfg : &defaults;
    bus->ram_size = cfg->ram_size ? cfg->ram_size : 16u << 20;
    g_assert_cmpuint(bus->ram_size, <=, SIMBUS_MMIO_BUS);
    bus->vram_size = cfg->vram_size ? cfg->vram_size : 4u << 20;
    bus->ram = g_malloc0(bus->ram_size);
    bus->vram = g_malloc0(bus->vram_size);
    bus->vram_dirty = g_malloc0(bus->vram_size / SIMBUS_DIRTY_BLOCK);
    bus->aperture = cfg->no_aperture ? NULL : g_malloc0(SABLE_APERTURE_SIZE);
    bus->events = g_array_new(FALSE, TRUE, sizeof(SableEvent));
    SableConfig sc = {
        .vram = bus->vram, .vram_size = bus->vram_size, .debug = cfg->debug,
        .gart_max_entries = cfg->gart_max_entries,
        .run_cmd_budget = cfg->run_cmd_budget,
        .run_byte_budget = cfg->run_byte_budget,
        .aperture = bus->aperture, .enable_3d = cfg->enable_3d,
    };
    g_mutex_init(&bus->notify_lock);
    g_cond_init(&bus->notify_cond);
    bus->dev = sable_device_new(&sc, &sim_ops, bus, &err);
    g_assert_no_error(err);
    g_assert_nonnull(bus->dev);
    return bus;
}

void simbus_free(SimBus *bus)
{
    sable_device_free(bus->dev);
    for (unsigned t = 0; t < SABLE_TIMER_COUNT; t++) {
        g_assert_false(bus->timer_armed[t]); /* free cancels every timer */
    }
    g_array_free(bus->events, TRUE);
    g_free(bus->ram);
    g_free(bus->vram);
    g_free(bus->vram_dirty);
    g_free(bus->aperture);
    g_mutex_clear(&bus->notify_lock);
    g_cond_clear(&bus->notify_cond);
    g_free(bus);
}

uint32_t simbus_read(SimBus *bus, uint32_t offset)
{
    return sable_mmio_read(bus->dev, offset);
}

void simbus_write(SimBus *bus, uint32_t offset, uint32_t value)
{
    sable_mmio_write(bus->dev, offset, value);
}

uint64_t simbus_read64(SimBus *bus, uint32_t lo_offset)
{
    return simbus_read(bus, lo_offset) |
           ((uint64_t)simbus_read(bus, lo_offset + 4) << 32);
}

void simbus_write64(SimBus *bus, uint32_t lo_offset, uint64_t value)
{
    simbus_write(bus, lo_offset, (uint32_t)value);
    simbus_write(bus, lo_offset + 4, (uint32_t)(value >> 32));
}

unsigned simbus_run_once(SimBus *bus)
{
    bool todo[SABLE_MAX_ENGINES];
    unsigned ran = 0;

    sable_3d_poll(bus->dev);
    memcpy(todo, bus->sched, sizeof(todo));
    memset(bus->sched, 0, sizeof(bus->sched));
    for (unsigned e = 0; e < SABLE_MAX_ENGINES; e++) {
        if (todo[e]) {
            sable_engine_run(bus->dev, e);
            bus->runs++;
            ran++;
        }
    }
    return ran;
}

unsigned simbus_drain(SimBus *bus, unsigned max_rounds)
{
    unsigned rounds = 0;
    while (rounds < max_rounds && simbus_run_once(bus)) {
        rounds++;
    }
    return rounds;
}

bool simbus_settle_3d(SimBus *bus, unsigned timeout_ms)
{
    gint64 end = g_get_monotonic_time() + (gint64)timeout_ms * 1000;

    simbus_drain(bus, 1000);
    while (sable_3d_busy(bus->dev)) {
        g_mutex_lock(&bus->notify_lock);
        while (!bus->notified) {
            if (!g_cond_wait_until(&bus->notify_cond, &bus->notify_lock, end)) {
                break;
            }
        }
        bool got = bus->notified;
        bus->notified = false;
        g_mutex_unlock(&bus->notify_lock);
        simbus_drain(bus, 1000);
        if (!got) {
            return !sable_3d_busy(bus->dev);
        }
    }
    return true;
}

/* Timer with the earliest armed deadline <= limit, or -1. */
static int next_timer(SimBus *bus, uint64_t limit)
{
    int best = -1;
    for (unsigned e = 0; e < SABLE_TIMER_COUNT; e++) {
        if (bus->timer_armed[e] && bus->deadline[e] <= limit &&
            (best < 0 || bus->deadline[e] < bus->deadline[best])) {
            best = (int)e;
        }
    }
    return best;
}

void simbus_advance(SimBus *bus, uint64_t ns)
{
    uint64_t end = bus->now_ns + ns;
    int e;

    simbus_drain(bus, 100000);
    while ((e = next_timer(bus, end)) >= 0) {
        bus->now_ns = MAX(bus->now_ns, bus->deadline[e]);
        bus->timer_armed[e] = false;
        if (e == SABLE_TIMER_VBLANK) {
            sable_vblank_timer(bus->dev);
        } else {
            sable_engine_timer(bus->dev, (unsigned)e);
        }
        simbus_drain(bus, 100000);
    }
    bus->now_ns = end;
}

void *simbus_ram(SimBus *bus, uint64_t addr, uint64_t len)
{
    g_assert_true(ram_range(bus, addr, len));
    return bus->ram + addr;
}

void simbus_ram_write32(SimBus *bus, uint64_t addr, uint32_t v)
{
    memcpy(simbus_ram(bus, addr, 4), &v, 4);
}

void simbus_ram_write64(SimBus *bus, uint64_t addr, uint64_t v)
{
    memcpy(simbus_ram(bus, addr, 8), &v, 8);
}

uint32_t simbus_ram_read32(SimBus *bus, uint64_t addr)
{
    uint32_t v;
    memcpy(&v, simbus_ram(bus, addr, 4), 4);
    return v;
}

uint64_t simbus_ram_read64(SimBus *bus, uint64_t addr)
{
    uint64_t v;
    memcpy(&v, simbus_ram(bus, addr, 8), 8);
    return v;
}

unsigned simbus_count(SimBus *bus, SableEventType type)
{
    unsigned n = 0;
    for (guint i = 0; i < bus->events->len; i++) {
        n += g_array_index(bus->events, SableEvent, i).type == type;
    }
    return n;
}

const SableEvent *simbus_last(SimBus *bus, SableEventType type)
{
    for (guint i = bus->events->len; i-- > 0;) {
        const SableEvent *ev = &g_array_index(bus->events, SableEvent, i);
        if (ev->type == type) {
            return ev;
        }
    }
    return NULL;
}

void simbus_clear_events(SimBus *bus)
{
    g_array_set_size(bus->events, 0);
}
