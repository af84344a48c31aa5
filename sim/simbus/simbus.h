/* SPDX-License-Identifier: MIT */
/*
 * simbus: a simulated host bus for running sable-core in-process. Guest RAM
 * is a buffer at bus address 0; VRAM (BAR2) and the aperture (BAR4) are host
 * buffers also mapped on the bus at SIMBUS_VRAM_BUS / SIMBUS_APERTURE_BUS,
 * and BAR0 sits at SIMBUS_MMIO_BUS, as bar_windows() reports them. DMA is
 * bounds-checked; DMA into BAR0 fails (as QEMU refuses a device's access to
 * its own registers) and anything else outside the windows fails. Interrupts are recorded, schedule()
 * requests go to a run queue that the test drains, timers fire when the test
 * advances the virtual clock, and every core event is recorded. The bus checks
 * the host contract it can see: level changes only on a change, timers
 * cancelled by sable_device_free.
 */
#ifndef SIMBUS_H
#define SIMBUS_H

#include "sable-core.h"

/* Bus addresses of the BARs (RAM must end below SIMBUS_MMIO_BUS). */
#define SIMBUS_MMIO_BUS 0xfe000000ull
#define SIMBUS_VRAM_BUS (1ull << 36)
#define SIMBUS_APERTURE_BUS (1ull << 37)

typedef struct SimBusConfig {
    uint64_t ram_size;   /* guest RAM bytes; 0: 16 MiB */
    uint64_t vram_size;  /* 0: 4 MiB */
    bool debug;
    uint32_t gart_max_entries;
    uint32_t run_cmd_budget;
    uint64_t run_byte_budget;
    bool no_aperture;    /* no BAR4 memory: the device has no swizzle ranges */
    bool enable_3d;      /* the 3D engine (one SimBus with it at a time) */
} SimBusConfig;

typedef struct SimBus {
    SableDevice *dev;
    uint8_t *ram;
    uint64_t ram_size;
    uint8_t *vram;
    uint64_t vram_size;
    uint8_t *aperture;    /* SABLE_APERTURE_SIZE bytes (BAR4), or NULL */
    uint64_t now_ns;
    bool sched[SABLE_MAX_ENGINES];
    bool timer_armed[SABLE_TIMER_COUNT]; /* engines, then SABLE_TIMER_VBLANK */
    uint64_t deadline[SABLE_TIMER_COUNT];
    uint32_t pulses[SABLE_MSIX_VECTORS(SABLE_MAX_ENGINES)];
    bool level;
    uint32_t level_changes;
    uint64_t runs;        /* sable_engine_run calls made by the bus */
    GArray *events;       /* SableEvent */
    bool fail_dma;        /* make every DMA fail (tests of DMA errors) */
    GMutex notify_lock;   /* notify_3d comes from the 3D thread */
    GCond notify_cond;
    bool notified;
    uint8_t *vram_dirty;  /* one byte per SIMBUS_DIRTY_BLOCK of VRAM: the
                             device reported a write (vram_dirty op) */
} SimBus;

#define SIMBUS_DIRTY_BLOCK 64u
/* Forget the device's VRAM write reports. */
void simbus_vram_clean(SimBus *bus);
/* True if the device reported a write into the block holding VRAM byte off. */
bool simbus_vram_is_dirty(const SimBus *bus, uint64_t off);

SimBus *simbus_new(const SimBusConfig *cfg);
void simbus_free(SimBus *bus);

uint32_t simbus_read(SimBus *bus, uint32_t offset);
void simbus_write(SimBus *bus, uint32_t offset, uint32_t value);
uint64_t simbus_read64(SimBus *bus, uint32_t lo_offset);
void simbus_write64(SimBus *bus, uint32_t lo_offset, uint64_t value);

/* Run every scheduled engine once; returns how many ran. */
unsigned simbus_run_once(SimBus *bus);
/* Run until no engine is scheduled or max_rounds rounds; returns rounds. */
unsigned simbus_drain(SimBus *bus, unsigned max_rounds);
/* Wait (real time, at most timeout_ms) until the 3D thread has finished
 * every job of the device, collecting results and draining after each;
 * false on timeout (the 3D work is still running). */
bool simbus_settle_3d(SimBus *bus, unsigned timeout_ms);
/* Advance the clock by ns, firing due timers in deadline order and draining
 * the run queue after each. */
void simbus_advance(SimBus *bus, uint64_t ns);

/* Guest RAM access by bus address (asserts the range is inside RAM). */
void *simbus_ram(SimBus *bus, uint64_t addr, uint64_t len);
void simbus_ram_write32(SimBus *bus, uint64_t addr, uint32_t v);
void simbus_ram_write64(SimBus *bus, uint64_t addr, uint64_t v);
uint32_t simbus_ram_read32(SimBus *bus, uint64_t addr);
uint64_t simbus_ram_read64(SimBus *bus, uint64_t addr);

/* Events. */
unsigned simbus_count(SimBus *bus, SableEventType type);
const SableEvent *simbus_last(SimBus *bus, SableEventType type);
void simbus_clear_events(SimBus *bus);

#endif
