/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-core: the Sable device model in plain C11 + glib, independent of
 * QEMU. The same code runs inside QEMU (hw-model/qemu) and in-process under
 * tests (sim/simbus). The host provides guest-memory DMA, interrupts,
 * a main-loop "run soon" hook, per-engine timers and a clock through
 * SableHostOps; the core never blocks, never calls back into itself through
 * them, and never aborts on guest input (bad input latches a fault or sets
 * ERROR_STATUS; see protocol/ and docs/protocol.md).
 *
 * Threading: every entry point must be called from one thread at a time
 * (QEMU: the main loop with the BQL held).
 */
#ifndef SABLE_CORE_H
#define SABLE_CORE_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#include "sable_protocol.h"

typedef struct SableDevice SableDevice;

/* Observable actions, for trace-events and tests: the type, the engine (or
 * swizzle range) it concerns, and the members of that type. */
typedef enum SableEventType {
    SABLE_EV_DOORBELL,
    SABLE_EV_SUBMIT,
    SABLE_EV_FENCE,
    SABLE_EV_FAULT,
    SABLE_EV_ENGINE_RESET,
    SABLE_EV_ADAPTER_RESET,
    SABLE_EV_DUMP,
    SABLE_EV_IRQ,
    SABLE_EV_IRQ_DROPPED,
    SABLE_EV_INJECT,
    SABLE_EV_REG_ERROR,
    SABLE_EV_SWIZZLE,
} SableEventType;

typedef struct SableEvent {
    SableEventType type;
    unsigned engine;          /* SWIZZLE: the range */
    union {
        struct { uint64_t tail; } doorbell;                 /* read from the ring */
        struct { uint64_t fence, dma_addr, dma_size; } submit;
        struct { uint64_t completed; } fence;
        struct { uint64_t addr, fence; uint32_t code; } fault; /* SABLE_FAULT_* */
        struct { uint64_t last_aborted; bool failed; } engine_reset;
        struct { uint64_t count; } adapter_reset;
        struct { uint64_t addr, written; uint32_t status; } dump; /* SABLE_DUMP_STATUS_* */
        struct { uint64_t vector; uint32_t causes; } irq;   /* causes newly raised */
        struct { uint32_t causes; } irq_dropped;            /* whose injection dropped */
        struct { uint32_t kind; bool fired; } inject;       /* SableInjectKind, armed or fired */
        struct { uint64_t offset; uint32_t bit; } reg_error; /* SABLE_ERROR_* latched */
        struct { uint64_t gpu_addr, offset; uint32_t control, error; } swizzle;
    };
} SableEvent;

/* A range of bus addresses [addr, addr + size). */
typedef struct SableBusWindow {
    uint64_t addr, size;
} SableBusWindow;

#define SABLE_CORE_MAX_BARS 6u

typedef struct SableHostOps {
    /* Bus-master DMA of guest memory; false if any byte is not accessible
     * (the core then latches SABLE_FAULT_DMA_ERROR or reports an error). */
    bool (*dma_read)(void *opaque, uint64_t addr, void *buf, uint64_t len);
    bool (*dma_write)(void *opaque, uint64_t addr, const void *buf, uint64_t len);
    /* A cause routed to MSI-X vector `vector` became pending and unmasked. */
    void (*irq_pulse)(void *opaque, unsigned vector);
    /* INTx level: (IRQ_STATUS & IRQ_MASK) != 0, called on every change. */
    void (*irq_level)(void *opaque, bool level);
    /* Call sable_engine_run(dev, engine) soon, from the host's main loop,
     * never from inside this call. Repeated requests may coalesce. */
    void (*schedule)(void *opaque, unsigned engine);
    /* Timer `timer` (an engine index, or SABLE_TIMER_VBLANK): once
     * clock_ns() >= deadline_ns call sable_engine_timer(dev, timer), or
     * sable_vblank_timer(dev) for SABLE_TIMER_VBLANK. Re-arming replaces
     * the previous deadline. */
    void (*timer_arm)(void *opaque, unsigned timer, uint64_t deadline_ns);
    void (*timer_cancel)(void *opaque, unsigned timer);
    /* The device's own BARs where they are mapped on the bus at this moment
     * (unmapped ones left out): fills out[], returns how many (at most
     * SABLE_CORE_MAX_BARS). A GART entry whose page overlaps one of them
     * faults like an invalid entry (docs/protocol.md, GART). */
    unsigned (*bar_windows)(void *opaque, SableBusWindow *out);
    /* The device clock in ns (QEMU: the virtual clock). */
    uint64_t (*clock_ns)(void *opaque);
    /* Required with SableConfig.enable_3d; called from the 3D thread (any
     * thread): call sable_3d_poll(dev) soon from the main loop. */
    void (*notify_3d)(void *opaque);
    /* Optional: observable actions (trace-events). */
    void (*event)(void *opaque, const SableEvent *ev);
    /* Optional: the device wrote VRAM bytes [offset, offset + len) (writes
     * the host makes into VRAM itself, e.g. the CPU's through BAR2, it
     * tracks on its own), so a display can refresh only what changed. */
    void (*vram_dirty)(void *opaque, uint64_t offset, uint64_t len);
} SableHostOps;

typedef struct SableConfig {
    void *vram;                /* host memory backing VRAM, owned by the host */
    uint64_t vram_size;        /* bytes, power of two, >= 1 MiB */
    bool debug;                /* accept DEBUG_* commands */
    uint32_t gart_max_entries; /* 0: default (SABLE_CORE_DEFAULT_GART_ENTRIES) */
    uint32_t run_cmd_budget;   /* commands per sable_engine_run; 0: default */
    uint64_t run_byte_budget;  /* bytes moved per sable_engine_run; 0: default */
    /* Host memory backing BAR4 (SABLE_APERTURE_SIZE bytes, owned by the
     * host), or NULL: no swizzle ranges. The core de-tiles surfaces into it
     * and re-tiles them from it on swizzle-range CONTROL writes only; CPU
     * accesses go straight to this memory (ABI 1.1). */
    void *aperture;
    /* Host memory a guest may make the host allocate on its behalf (the
     * console surface of the scanout mode; 3D resources to come), bytes;
     * 0: SABLE_CORE_DEFAULT_MAX_HOSTMEM. A request beyond it is refused
     * like any bad programming (docs/protocol.md). */
    uint64_t max_hostmem;
    /* 3D engine (ABI 1.3): the process's one virglrenderer. Only one device
     * per process may have it; sable_device_new fails for a second. */
    bool enable_3d;
} SableConfig;

#define SABLE_CORE_DEFAULT_GART_ENTRIES (1u << 20) /* 4 GiB window */
#define SABLE_CORE_GART_BASE (1ull << 40)
#define SABLE_CORE_MAX_SURFACE_DIM 16384u
#define SABLE_CORE_DEFAULT_MAX_HOSTMEM (256ull << 20)
#define SABLE_CORE_CMD_HISTORY 32u
#define SABLE_CORE_DEFAULT_CMD_BUDGET 256u
#define SABLE_CORE_DEFAULT_BYTE_BUDGET (8ull << 20)

/* Create a device in its power-on state. Returns NULL and sets err if the
 * configuration is invalid (this is host input, not guest input). */
SableDevice *sable_device_new(const SableConfig *cfg, const SableHostOps *ops,
                              void *opaque, GError **err);
void sable_device_free(SableDevice *dev);
/* Power-on/PCI reset: every register, engine, fault and injection cleared. */
void sable_device_reset(SableDevice *dev);

/* BAR0 accesses, 32-bit, offset < SABLE_MMIO_SIZE (others read 0 / ignored). */
uint32_t sable_mmio_read(SableDevice *dev, uint32_t offset);
void sable_mmio_write(SableDevice *dev, uint32_t offset, uint32_t value);

/* Host timers: one per engine (index = engine) and the scanout's. */
#define SABLE_TIMER_VBLANK SABLE_MAX_ENGINES
#define SABLE_TIMER_COUNT (SABLE_MAX_ENGINES + 1)

/* Host callbacks requested through SableHostOps.schedule / timer_arm. */
void sable_engine_run(SableDevice *dev, unsigned engine);
void sable_engine_timer(SableDevice *dev, unsigned engine);
void sable_vblank_timer(SableDevice *dev);

/* 3D: collect finished 3D jobs (after notify_3d); busy: 3D jobs are
 * queued or running on the 3D thread. */
void sable_3d_poll(SableDevice *dev);
bool sable_3d_busy(const SableDevice *dev);

/* Scanout (ABI 1.2) as the host displays it. width/height are those of
 * the latched configuration (0 while disabled). */
typedef struct SableScanoutInfo {
    bool enabled;
    uint32_t width, height;
    uint32_t frame_count;
    uint64_t addr;            /* latched surface (0 while disabled) */
    uint32_t pitch, format;
} SableScanoutInfo;
void sable_scanout_info(const SableDevice *dev, SableScanoutInfo *out);
/* Read the scanout surface into dst as x8r8g8b8 (little-endian u32
 * 0xXXRRGGBB, X undefined): height rows of width pixels, dst_pitch bytes
 * apart (a multiple of 4, >= width * 4). False if scanout is disabled or
 * dst_pitch is invalid (dst untouched), or GPU memory faulted (dst is
 * black, SCANOUT_STATUS reports ERR_FAULT and FAULT_ADDR). */
bool sable_scanout_read(SableDevice *dev, void *dst, uint64_t dst_pitch);
/* The same for a display that keeps dst between refreshes: rows are
 * converted in bands of SABLE_SCANOUT_DIRTY_ROWS, and a band whose GPU
 * bytes `changed` reports unchanged since the last update is skipped;
 * `updated` hears each band rewritten. A fault rewrites all of dst (black)
 * and reports it whole. */
#define SABLE_SCANOUT_DIRTY_ROWS 16u
typedef struct SableScanoutDirty {
    bool (*changed)(void *opaque, uint64_t gpa, uint64_t len);
    void (*updated)(void *opaque, uint32_t y, uint32_t h);
    void *opaque;
} SableScanoutDirty;
bool sable_scanout_update(SableDevice *dev, void *dst, uint64_t dst_pitch,
                          const SableScanoutDirty *dirty);

/* Fault injection (tests, QMP/QOM). */
typedef enum SableInjectKind {
    SABLE_INJECT_HANG,        /* engine stops with the current submission in flight */
    SABLE_INJECT_PAGE_FAULT,  /* next GPU memory access of the engine faults */
    SABLE_INJECT_DROP_IRQ,    /* next completion interrupt is not delivered */
    SABLE_INJECT_INVALID_CMD, /* next command is treated as invalid */
    SABLE_INJECT_SLOW,        /* next fence completes param_ns later */
    SABLE_INJECT_RESET_FAIL,  /* next engine reset fails (engine stays stuck) */
    SABLE_INJECT_DRAW_HANG,   /* next 3D SUBMIT never completes (3D only) */
    SABLE_INJECT_DRAW_SLOW,   /* next 3D SUBMIT finishes param_ns later */
    SABLE_INJECT_CONTEXT_ERROR, /* next 3D SUBMIT is rejected (3D_REJECTED) */
    SABLE_INJECT_KIND_COUNT
} SableInjectKind;

typedef enum SableInjectWhen {
    SABLE_INJECT_NOW,         /* at the next opportunity */
    SABLE_INJECT_AFTER_CMDS,  /* after `after` more commands executed */
    SABLE_INJECT_ON_FENCE,    /* when the submission with fence `after` runs */
} SableInjectWhen;

typedef struct SableInjection {
    SableInjectKind kind;
    unsigned engine;
    SableInjectWhen when;
    uint64_t after;     /* commands or fence, per `when` */
    uint32_t count;     /* times it fires; 0 means 1 */
    uint64_t param_ns;  /* SLOW: extra delay; 0: 1 ms */
} SableInjection;

#define SABLE_CORE_MAX_INJECTIONS 16u

/* Parse "KIND[,engine=N][,after=N|,fence=F][,count=N][,delay-ns=N]" where
 * KIND is hang|page-fault|drop-irq|invalid-cmd|slow|reset-fail|draw-hang|
 * draw-slow|context-error. */
bool sable_inject_parse(const char *spec, SableInjection *out, GError **err);
bool sable_inject(SableDevice *dev, const SableInjection *inj, GError **err);
/* Parse "SPEC[;SPEC...]" (1 to SABLE_CORE_MAX_INJECTIONS specs) into out[];
 * returns the count, 0 with err set if any spec is bad. */
unsigned sable_inject_parse_list(const char *specs, SableInjection *out,
                                 GError **err);
/* Arm all of inj[0..n) or, if one is invalid or they do not all fit in the
 * free slots, none. */
bool sable_inject_all(SableDevice *dev, const SableInjection *inj, unsigned n,
                      GError **err);
void sable_inject_clear(SableDevice *dev);
const char *sable_inject_kind_name(SableInjectKind kind);
unsigned sable_inject_pending(SableDevice *dev);
/* The canonical spec of inj (parses back to the same injection); g_free. */
char *sable_inject_format(const SableInjection *inj);

/* Read-only views for the host (QMP state, tests). */
unsigned sable_engine_count(const SableDevice *dev);
uint64_t sable_engine_completed_fence(const SableDevice *dev, unsigned engine);

/* The fault an engine latched (code SABLE_FAULT_NONE: none). */
typedef struct SableFaultRecord {
    uint32_t code, flags;
    uint64_t addr, fence, dma_addr;
    uint32_t dma_offset, opcode, context_id;
} SableFaultRecord;

/* Device state as a host sees it (snapshot.c). Register-like fields hold
 * what a register read would return; the submission in flight is all zero
 * when the engine is idle. */
typedef struct SableEngineSnapshot {
    uint32_t status;                  /* STATUS register (SABLE_ENGINE_STATUS_*) */
    uint64_t ring_base;
    uint32_t ring_size, ring_head, ring_tail;
    uint64_t submitted_fence, completed_fence, last_aborted_fence;
    bool busy;                        /* a submission is in flight */
    uint64_t dma_addr, fence;         /* the submission in flight */
    uint32_t dma_size, dma_offset, context_id;
    uint32_t reset_count, fault_count, commands_executed;
    SableFaultRecord fault;
} SableEngineSnapshot;

typedef struct SableInjectSnapshot {
    SableInjection inj;               /* as armed (count and delay defaulted) */
    uint32_t remaining;               /* firings left */
} SableInjectSnapshot;

typedef struct SableSwzSnapshot {
    uint32_t status;                  /* SWZ_STATUS register */
    uint32_t aperture_offset, size;
    uint64_t gpu_addr;
    uint32_t pitch, height, tiling;
    uint64_t fault_addr;
} SableSwzSnapshot;

#define SABLE_CORE_SWZ_RANGES 8u

/* Scanout registers as a read returns them (ADDR..HEIGHT: staged). */
typedef struct SableScanoutSnapshot {
    uint32_t control, status;
    uint64_t addr;
    uint32_t pitch, format, width, height;
    uint64_t fault_addr;
    uint32_t frame_count;
} SableScanoutSnapshot;

typedef struct SableSnapshot {
    uint64_t timestamp_ns;            /* device clock */
    uint64_t features, vram_size, gart_table, fence_page;
    uint32_t gart_entries, irq_status, irq_mask, error_status;
    uint32_t reset_status, adapter_reset_count;
    bool debug;
    unsigned engine_count;
    SableEngineSnapshot engine[SABLE_NUM_ENGINES];
    unsigned inject_count;            /* pending injections, in slot order */
    SableInjectSnapshot inject[SABLE_CORE_MAX_INJECTIONS];
    unsigned swz_count;               /* SWIZZLE_RANGES (0: no aperture) */
    SableSwzSnapshot swz[SABLE_CORE_SWZ_RANGES];
    SableScanoutSnapshot scanout;
} SableSnapshot;

void sable_device_snapshot(const SableDevice *dev, SableSnapshot *out);

/* A dump as DUMP_CONTROL writes it (protocol/sable_dump.h), built in host
 * memory: *size bytes, free with g_free. Changes no device state. */
uint8_t *sable_dump_build(const SableDevice *dev, uint32_t *size);

#endif
