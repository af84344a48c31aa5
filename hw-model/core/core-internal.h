/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-core internals shared by the core's modules. Not part of the public
 * API (sable-core.h). Each module's contract is stated next to its
 * prototypes below and at the top of its .c file.
 */
#ifndef SABLE_CORE_INTERNAL_H
#define SABLE_CORE_INTERNAL_H

#include "sable-core.h"
#include "sable-virgl.h"

/* Why an engine is not simply running/idle. */
typedef enum SableEngineState {
    ENG_READY,      /* runs when scheduled */
    ENG_WAIT_VALUE, /* blocked in WAIT_VALUE: re-checks on events and timer */
    ENG_STALL,      /* DEBUG_STALL: timer continues */
    ENG_SLOW,       /* SLOW injection: timer completes the fence */
    ENG_HUNG,       /* no progress until reset */
    ENG_FAULTED,    /* stopped on a fault until reset */
    ENG_3D,         /* waits for the 3D thread (cmd-3d.c) */
} SableEngineState;

/* Local copy of the packet in flight (never re-read from the guest). */
typedef union SablePacket {
    uint32_t header;
    uint32_t dw[20];
    struct sable_cmd_write32 write32;
    struct sable_cmd_write64 write64;
    struct sable_cmd_copy copy;
    struct sable_cmd_fill fill;
    struct sable_cmd_blit_2d blit;    /* also COPY_2D (same layout) */
    struct sable_cmd_solid_fill_2d solid;
    struct sable_cmd_timestamp timestamp;
    struct sable_cmd_wait_value wait;
    struct sable_cmd_gart_update gart;
    struct sable_cmd_debug_stall stall;
    struct sable_cmd_3d_ctx ctx3d;
    struct sable_cmd_3d_res_create res3d;
    struct sable_cmd_3d_res res3d_id;
    struct sable_cmd_3d_res_backing backing3d;
    struct sable_cmd_3d_attach attach3d;
    struct sable_cmd_3d_transfer transfer3d;
    struct sable_cmd_3d_submit submit3d;
    struct sable_cmd_3d_caps caps3d;
} SablePacket;

typedef struct SableHistory {
    struct sable_dump_cmd cmd[SABLE_CORE_CMD_HISTORY];
    uint32_t next;  /* slot of the next entry */
    uint32_t count; /* valid entries, <= SABLE_CORE_CMD_HISTORY */
} SableHistory;

typedef struct SableEngine {
    SableDevice *dev;
    unsigned index;
    /* ring registers */
    uint64_t ring_base;
    uint32_t ring_size, ring_control;
    uint32_t head, tail;
    /* fences and counters */
    uint64_t submitted_fence, completed_fence, last_aborted_fence;
    uint32_t reset_count, fault_count, commands_executed;
    uint64_t commands_total; /* never reset: injection triggers */
    /* submission in flight */
    bool busy;
    struct sable_submit cur;
    uint32_t offset;         /* byte offset of the next command */
    /* command in flight (resumable) */
    bool cmd_active;
    SablePacket pkt;
    uint32_t pkt_bytes;      /* packet size in bytes */
    uint64_t progress;       /* bytes/rows/entries done */
    SableEngineState state;
    uint64_t deadline_ns;    /* timer deadline of a WAIT_VALUE/STALL/SLOW */
    SableFaultRecord fault;
    SableHistory history;
    /* per-run budget */
    uint32_t cmd_budget;
    uint64_t byte_budget;
} SableEngine;

/* One swizzle range (aperture.c); registers as programmed. */
typedef struct SableSwzRange {
    uint32_t offset, size;   /* window in BAR4 */
    uint64_t gpu_addr;
    uint32_t pitch, height, tiling;
    bool enabled;
    uint32_t error;          /* SABLE_SWZ_ERR_* of the last write */
    uint64_t fault_addr;
} SableSwzRange;

/* Scanout (scanout.c): staged registers and the latched ("live") copy. */
typedef struct SableScanout {
    uint64_t addr;
    uint32_t pitch, format, width, height, control;
    bool enabled;
    uint64_t live_addr;
    uint32_t live_pitch, live_format, live_width, live_height;
    uint32_t error;          /* SABLE_SCANOUT_ERR_* */
    uint64_t fault_addr;
    uint64_t epoch_ns;       /* clock at the last enable */
    uint32_t frame_base;     /* FRAME_COUNT at the last enable */
} SableScanout;

typedef struct SableInjectSlot {
    bool active;
    SableInjection inj;
    uint32_t remaining;
    uint64_t base_cmds;      /* AFTER_CMDS: engine commands_total when armed */
} SableInjectSlot;

#define SABLE_CORE_3D_RECENT 32u

/* 3D objects (cmd-3d.c). virgl NULL: the device has no 3D engine. */
typedef struct Sable3DRes {
    bool live;
    uint64_t backing_addr, backing_size;
} Sable3DRes;
typedef struct Sable3D {
    SableVirgl *virgl;
    bool ctx_live[SABLE_3D_MAX_CONTEXTS + 1];
    Sable3DRes *res;         /* SABLE_3D_MAX_RESOURCES + 1 entries */
    uint32_t ctx_count, res_count;
    uint64_t next_tag, wait_tag; /* wait_tag: the job the engine waits for */
    SableVirglJob *result;   /* that job, back from the 3D thread */
    SableVirglJob *wait_job; /* that job while it is away (wait_tag != 0) */
    uint32_t guilty_ctx;     /* context of the last SUBMIT in flight */
    bool fence_needed;       /* the submission in flight ran 3D work */
    uint64_t slow_until;     /* DRAW_SLOW: the SUBMIT finishes at this time */
    /* the last SUBMIT of the submission in flight (dump) */
    uint64_t stream_addr;
    uint32_t stream_dw, stream_pos_dw, stream_cmd;
    /* recent virgl commands, a ring (dump) */
    struct sable_dump_3d_cmd recent[SABLE_CORE_3D_RECENT];
    uint32_t recent_next, recent_count;
} Sable3D;

struct SableDevice {
    SableConfig cfg;
    SableHostOps ops;
    void *opaque;
    uint8_t *vram;
    uint32_t gart_max;
    uint32_t cmd_budget;
    uint64_t byte_budget;
    /* interrupts */
    uint32_t irq_status, irq_mask;
    bool irq_level;
    /* global registers */
    uint64_t fence_page;
    uint64_t gart_table;
    uint32_t gart_entries;
    uint32_t reset_status, adapter_reset_count, error_status, scratch;
    uint64_t dump_addr;
    uint32_t dump_size, dump_status, dump_required, dump_written;
    SableEngine eng[SABLE_NUM_ENGINES];
    SableInjectSlot inj[SABLE_CORE_MAX_INJECTIONS];
    uint8_t *bounce;         /* SABLE_BOUNCE_SIZE bytes for COPY/FILL */
    uint8_t *aperture;       /* BAR4 (cfg.aperture), NULL: no ranges */
    SableSwzRange swz[SABLE_CORE_SWZ_RANGES];
    SableScanout scanout;
    Sable3D s3d;
};

/* GART pages translated per access chunk (gpumem.c): their entries are read
 * in one DMA. */
#define SABLE_CORE_GART_BATCH 64u
#define SABLE_BOUNCE_SIZE (64u * 1024)
#define SABLE_STAGE_MAX (4u * 1024 * 1024) /* bytes staged per 2D band */

/* device.c: event emission helper. */
void sable_emit(SableDevice *dev, const SableEvent *ev);

/* irq.c: IRQ_STATUS/IRQ_MASK; pulses the vector of every cause that newly
 * becomes pending&unmasked, drives the level on every change. `drop` skips
 * the delivery of this raise once (DROP_IRQ injection). */
void sable_irq_raise(SableDevice *dev, uint32_t causes, bool drop);
void sable_irq_ack(SableDevice *dev, uint32_t causes);
void sable_irq_set_mask(SableDevice *dev, uint32_t mask);

/* gpumem.c: GPU address translation. Every access is bounds and permission
 * checked; on failure the fault is recorded in the SableMem (and latched on
 * its engine, if it has one) and false is returned. sable_gpu_* are the
 * engine shorthands. */
typedef struct SableMemFault {
    uint32_t code, flags;    /* SABLE_FAULT_*, SABLE_FAULT_F_* */
    uint64_t addr;
} SableMemFault;
typedef struct SableMem {
    SableDevice *dev;
    SableEngine *eng;        /* NULL: not an engine access (no injection) */
    SableMemFault fault;     /* the last fault */
} SableMem;
SableMem sable_mem_of(SableEngine *eng);
bool sable_mem_read(SableMem *m, uint64_t gpa, void *buf, uint64_t len);
bool sable_mem_write(SableMem *m, uint64_t gpa, const void *buf, uint64_t len);
/* The device is about to write VRAM [offset, offset + len): tell the host
 * (SableHostOps.vram_dirty). Every device write into VRAM goes through
 * sable_mem_write/sable_mem_direct(write) or calls this itself. */
void sable_vram_written(SableDevice *dev, uint64_t offset, uint64_t len);
/* Direct access for bulk work: after the checks every access starts with
 * (false: faulted), *out is the host pointer of [gpa, gpa + len) if it all
 * lies in VRAM, else NULL (use read/write). */
bool sable_mem_direct(SableMem *m, uint64_t gpa, uint64_t len, bool write,
                      uint8_t **out);
bool sable_gpu_read(SableEngine *eng, uint64_t gpa, void *buf, uint64_t len);
bool sable_gpu_write(SableEngine *eng, uint64_t gpa, const void *buf,
                     uint64_t len);
/* True if [addr, addr + len) does not wrap around 2^64. */
bool sable_range_ok(uint64_t addr, uint64_t len);

/* fault.c: latch a fault (first one only; FAULT_COUNT counts all), stop the
 * engine, raise FAULT(e). */
void sable_fault(SableEngine *eng, uint32_t code, uint64_t addr, uint32_t flags);

/* history.c: last SABLE_CORE_CMD_HISTORY commands per engine. */
void sable_history_add(SableEngine *eng, uint32_t result);
void sable_history_clear(SableEngine *eng);
uint32_t sable_history_copy(const SableEngine *eng, struct sable_dump_cmd *out);

/* ring.c: descriptor fetch/validation, tail read, head write-back. */
bool sable_ring_enabled(const SableEngine *eng);
void sable_ring_doorbell(SableEngine *eng);
bool sable_ring_fetch(SableEngine *eng);
bool sable_ring_write_head(SableEngine *eng);
bool sable_ring_read_desc(SableEngine *eng, uint32_t index,
                          struct sable_submit *out);
/* regs.c: RING_BASE/RING_SIZE may be enabled (aligned, power of two). */
bool sable_ring_config_valid(const SableEngine *eng);
/* regs.c: GART_TABLE/GART_ENTRIES as gart_check accepts them. */
bool sable_gart_config_valid(const SableDevice *dev);

/* engine.c: per-engine state machine and budgeted run loop. */
void sable_engine_init(SableEngine *eng, SableDevice *dev, unsigned index);
void sable_engine_stop(SableEngine *eng);
uint32_t sable_engine_status(const SableEngine *eng);
/* Grant up to `want` bytes of this run's byte budget, in multiples of
 * `unit` (one unit even if it exceeds a fresh budget); 0 = exhausted. */
uint64_t sable_budget_take(SableEngine *eng, uint64_t want, uint64_t unit);
void sable_engine_block(SableEngine *eng, SableEngineState state,
                        uint64_t deadline_ns);
uint64_t sable_now(const SableDevice *dev);

/* cmd.c: decode and execute the command at the engine's offset. */
typedef enum SableCmdResult {
    CMD_DONE,    /* command finished: advance */
    CMD_YIELD,   /* budget exhausted mid command: resume later */
    CMD_BLOCKED, /* engine waits/hung: stop running */
    CMD_FAULT,   /* fault latched */
} SableCmdResult;
SableCmdResult sable_cmd_step(SableEngine *eng);
uint64_t sable_cmd_gpa(const SableEngine *eng);
/* The command in flight (pkt, pkt_bytes, offset) is one cmd_step may resume:
 * a known opcode allowed by the config, of a valid size inside the
 * submission (state.c re-checks restored state with it). */
/* The header's flags are allowed for its opcode (cmd.c). */
bool sable_cmd_flags_ok(uint32_t header);
bool sable_cmd_resumable(const SableEngine *eng);

/* tiling.c: surface layouts (LINEAR, TILE_Y). A layout is valid for rows
 * of row_bytes bytes when the pitch and alignment rules hold and the
 * surface's bytes (*size, tile padding included) do not wrap. read/write
 * move the byte rectangle [xb, xb + wb) x [y, y + h), which must lie inside
 * the surface, to/from buf (bpitch bytes per row). */
typedef struct SableLayout {
    uint64_t addr;
    uint32_t pitch, tiling, height;
} SableLayout;
bool sable_layout_check(const SableLayout *l, uint64_t row_bytes,
                        uint64_t *size);
bool sable_layout_read(SableMem *m, const SableLayout *l, uint32_t xb,
                       uint32_t y, uint32_t wb, uint32_t h, uint8_t *buf,
                       uint64_t bpitch);
bool sable_layout_write(SableMem *m, const SableLayout *l, uint32_t xb,
                        uint32_t y, uint32_t wb, uint32_t h,
                        const uint8_t *buf, uint64_t bpitch);

/* aperture.c: swizzle ranges (SABLE_REG_SWZ block), BAR4 shadow. */
uint32_t sable_swz_count(const SableDevice *dev);
uint32_t sable_swz_read(const SableDevice *dev, uint32_t offset);
void sable_swz_write(SableDevice *dev, uint32_t offset, uint32_t value);
/* Adapter/power-on reset: every range disabled without write-back, BAR4
 * zeroed. */
void sable_swz_reset(SableDevice *dev);
/* SABLE_SWZ_ERR_* an enable of range r would latch (config, overlap). */
uint32_t sable_swz_range_check(const SableDevice *dev, const SableSwzRange *r);

/* scanout.c: SABLE_REG_SCANOUT_* block; reset disables scanout and cancels
 * the vblank timer; sync_timer (re-)arms it iff enabled and VBLANK is
 * unmasked (call after IRQ_MASK changes). */
uint32_t sable_scanout_reg_read(const SableDevice *dev, uint32_t reg);
void sable_scanout_reg_write(SableDevice *dev, uint32_t reg, uint32_t value);
void sable_scanout_reset(SableDevice *dev);
void sable_scanout_sync_timer(SableDevice *dev);
/* A scanout mode the device accepts (format, size, host-memory budget). */
typedef struct SableScanoutMode {
    uint64_t addr;
    uint32_t pitch, format, width, height;
} SableScanoutMode;
bool sable_scanout_mode_valid(const SableDevice *dev, const SableScanoutMode *m);

/* cmd-2d.c: BLIT_2D, COPY_2D and SOLID_FILL_2D. */
SableCmdResult sable_cmd_blit(SableEngine *eng);
SableCmdResult sable_cmd_copy_2d(SableEngine *eng);
SableCmdResult sable_cmd_solid_fill(SableEngine *eng);

/* cmd-3d.c: 3D packets and objects. init opens the 3D thread when
 * cfg.enable_3d; reset_all destroys every object and drops the job waited
 * for; engine_reset destroys the guilty context; fence_begin (at the end of
 * a submission) queues the final FENCE and returns true if the engine must
 * wait for it. */
bool sable_3d_init(SableDevice *dev, GError **err);
void sable_3d_fini(SableDevice *dev);
/* Adapter reset (and graphics engine reset): the 3D context whose work was
 * in flight is destroyed; other contexts and every resource (with its host
 * copy, as VRAM keeps its contents) survive. */
void sable_3d_reset_guilty(SableDevice *dev);
void sable_3d_reset_all(SableDevice *dev);
void sable_3d_engine_reset(SableEngine *eng);
bool sable_3d_fence_begin(SableEngine *eng);
SableCmdResult sable_cmd_3d_ctx_create(SableEngine *eng);
SableCmdResult sable_cmd_3d_ctx_destroy(SableEngine *eng);
SableCmdResult sable_cmd_3d_res_create(SableEngine *eng);
SableCmdResult sable_cmd_3d_res_destroy(SableEngine *eng);
SableCmdResult sable_cmd_3d_res_backing(SableEngine *eng);
SableCmdResult sable_cmd_3d_attach(SableEngine *eng);
SableCmdResult sable_cmd_3d_transfer(SableEngine *eng);
SableCmdResult sable_cmd_3d_submit(SableEngine *eng);
SableCmdResult sable_cmd_3d_caps(SableEngine *eng);

/* dump-3d.c: the 3D section (0 bytes without 3D). */
uint32_t sable_dump_3d_size(const SableDevice *dev);
void sable_dump_3d_put(const SableDevice *dev, uint8_t *p);

/* reset.c: engine and adapter reset (synchronous). */
void sable_reset_engine(SableEngine *eng);
void sable_reset_adapter(SableDevice *dev);
void sable_reset_power_on(SableDevice *dev);

/* dump.c: DUMP_CONTROL: encode a dump (sable_dump_build) into guest memory. */
void sable_dump_request(SableDevice *dev, uint32_t value);

/* inject.c: armed injections; take() consumes one firing if due now. */
bool sable_inject_take(SableEngine *eng, SableInjectKind kind,
                       uint64_t *param_ns);
bool sable_inject_valid(const SableInjection *inj, GError **err);

/* regs.c: register decode; reads have no side effects. */
uint32_t sable_regs_read(const SableDevice *dev, uint32_t offset);
void sable_reg_error(SableDevice *dev, uint32_t bit, uint32_t offset);

#endif
