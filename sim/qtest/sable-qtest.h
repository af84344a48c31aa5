/* SPDX-License-Identifier: MIT */
/*
 * libsableqtest: drive the real QEMU `sable-gpu` device with no guest OS.
 *
 * QEMU runs with `-accel qtest`; this process is the "guest". MMIO, port I/O
 * (PCI config through 0xcf8/0xcfc) and the virtual clock go over the qtest
 * text socket (~57 us per round trip), so bulk data never does: guest RAM is
 * a `memory-backend-file,share=on` object that this process maps too, and
 * rings, DMA buffers, the fence page, dumps and MSI-X messages (table entries
 * pointed at guest RAM) are plain memory here. VRAM is shared the same way
 * (the device's `vram-memdev` property names a second file backend), so
 * VRAM contents are checked at memory speed too; BAR2 maps the same bytes.
 * BAR4 (the swizzle aperture) is shared the same way (`aperture-memdev`), so
 * the test reads and writes an aperture range as a CPU mapping would.
 *
 * The virtual clock moves only when this process steps it: every wait loop
 * steps it and measures its timeout in device time, never wall time.
 *
 * Errors: set-up functions return NULL/false with a GError. A broken qtest
 * or QMP connection (QEMU died, protocol error) cannot be recovered from by
 * any caller: it ends the process with a message and the tail of QEMU's log.
 */
#ifndef SABLE_QTEST_H
#define SABLE_QTEST_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#include "sable_protocol.h"

/* Errors of this library (code 0) that are not file or spawn errors. */
#define SQT_ERROR sqt_error_quark()
GQuark sqt_error_quark(void);

/* ---- Launch (qemu-launch.c) ------------------------------------------ */

typedef struct SqtMachine SqtMachine;

typedef struct SqtOptions {
    const char *qemu;          /* NULL: sqt_default_qemu() */
    const char *firmware_dir;  /* NULL: sqt_default_firmware_dir() */
    uint64_t ram_size;         /* guest RAM; 0: SQT_DEFAULT_RAM_SIZE */
    uint64_t vram_size;        /* 0: SQT_DEFAULT_VRAM_SIZE */
    uint32_t gart_entries;     /* device property; 0: device default */
    bool debug;                /* device property debug=on */
    bool enable_3d;            /* device property 3d=on */
    const char *inject;        /* device property inject=SPEC[;SPEC...] (commas
                                  doubled here), or NULL */
    const char *log_path;      /* QEMU stderr; NULL: a temporary file */
    const char *wrapper;       /* words run before QEMU (e.g. "valgrind
                                  --log-file=F"), found on PATH; NULL: none */
    bool migratable;           /* keep the backing files open until stop,
                                  so a second QEMU can share them */
    const char *incoming;      /* -incoming URI (e.g. "exec:cat F"), or NULL */
    SqtMachine *share_from;    /* use this (migratable) machine's RAM, VRAM
                                  and aperture files and mappings */
    bool log_guest_errors;     /* -d guest_errors: the device logs rejected
                                  guest input to the QEMU log (log_path) */
    const char *boot_display;  /* device property boot-display (on, off,
                                  auto), NULL: the device's default */
    bool display_dirty;        /* keep the device's display dirty tracking
                                  on (x-display-dirty): only VRAM written
                                  through QEMU (CPU accesses, the device) is
                                  shown again, not writes through the shared
                                  VRAM mapping, so it is off by default */
    bool run_firmware;         /* -accel tcg: the CPU runs the firmware
                                  (SeaBIOS), the clock is real; use with
                                  sqt_machine_start (not sqt_device_open:
                                  the firmware programs the BARs) */
} SqtOptions;

#define SQT_DEFAULT_RAM_SIZE (256ull << 20)
#define SQT_DEFAULT_VRAM_SIZE (64ull << 20)
#define SQT_DEVICE_ID "gpu0"
#define SQT_DEVICE_PATH "/machine/peripheral/" SQT_DEVICE_ID

/* $SABLE_QEMU, else the build's qemu_binary. */
const char *sqt_default_qemu(void);
/* $SABLE_SEABIOS, else the build's seabios_dir. */
const char *sqt_default_firmware_dir(void);

SqtMachine *sqt_machine_start(const SqtOptions *opt, GError **err);
/* Stops QEMU (SIGTERM, then wait) and removes temporary files. If QEMU's log
 * holds a sanitizer report (the sanitizer QEMU), prints it and exit(1). */
void sqt_machine_stop(SqtMachine *m);
const char *sqt_machine_log_path(const SqtMachine *m);
/* A second QMP monitor's unix socket, where QEMU listens: tools under test
 * (sablectl) connect to it while this library keeps its own monitor. */
const char *sqt_machine_control_socket(const SqtMachine *m);
/* Print msg, the tail of QEMU's log, stop QEMU and exit(1). */
G_NORETURN void sqt_fatal(SqtMachine *m, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* Wait for QEMU to exit by itself; returns its waitpid() status. */
int sqt_machine_wait_exit(SqtMachine *m);
/* Move the shared memory from `from` to `to` (which shares it): `from` may
 * then be stopped while `to` keeps the mappings. */
void sqt_machine_take_memory(SqtMachine *to, SqtMachine *from);

/* Run `qemu -device help` and return its output (stdout + stderr). */
char *sqt_device_help(const char *qemu, GError **err);

/* ---- qtest protocol (qtest-proto.c) ---------------------------------- */

uint8_t sqt_readb(SqtMachine *m, uint64_t addr);
uint16_t sqt_readw(SqtMachine *m, uint64_t addr);
uint32_t sqt_readl(SqtMachine *m, uint64_t addr);
uint64_t sqt_readq(SqtMachine *m, uint64_t addr);
void sqt_writeb(SqtMachine *m, uint64_t addr, uint8_t v);
void sqt_writew(SqtMachine *m, uint64_t addr, uint16_t v);
void sqt_writel(SqtMachine *m, uint64_t addr, uint32_t v);
void sqt_writeq(SqtMachine *m, uint64_t addr, uint64_t v);
/* Block access through the CPU's address space (b64read/b64write). */
void sqt_memread(SqtMachine *m, uint64_t addr, void *buf, size_t len);
void sqt_memwrite(SqtMachine *m, uint64_t addr, const void *buf, size_t len);
uint8_t sqt_inb(SqtMachine *m, uint16_t port);
uint16_t sqt_inw(SqtMachine *m, uint16_t port);
uint32_t sqt_inl(SqtMachine *m, uint16_t port);
void sqt_outb(SqtMachine *m, uint16_t port, uint8_t v);
void sqt_outw(SqtMachine *m, uint16_t port, uint16_t v);
void sqt_outl(SqtMachine *m, uint16_t port, uint32_t v);
/* Advance the virtual clock by ns (running due timers); returns the clock. */
int64_t sqt_clock_step(SqtMachine *m, int64_t ns);
int64_t sqt_clock_set(SqtMachine *m, int64_t ns);
/* Intercept the GPIO inputs of a QOM device (e.g. "ioapic"); afterwards
 * asynchronous "IRQ raise/lower N" lines are tracked. */
bool sqt_irq_intercept_in(SqtMachine *m, const char *qom_path, GError **err);
bool sqt_irq_level(const SqtMachine *m, unsigned line);
/* One harmless round trip. QEMU handles commands in its main loop, where the
 * device also completes work: once this returns, every device callback that
 * ran before it (e.g. the one that wrote a fence we saw) has finished. */
void sqt_sync(SqtMachine *m);

/* ---- QMP (qmp.c) ----------------------------------------------------- */

/* Send one QMP command (a JSON object) and wait for its answer. Returns the
 * "return" member serialised as JSON, or NULL with err set to QMP's error. */
char *sqt_qmp(SqtMachine *m, const char *json_command, GError **err);
bool sqt_qom_set_str(SqtMachine *m, const char *path, const char *property,
                     const char *value, GError **err);

/* ---- Screendump (screendump.c) --------------------------------------- */

/* A frame of the device's console: packed RGB rows (g_free rgb). */
typedef struct SqtFrame {
    unsigned width, height;
    uint8_t *rgb;
} SqtFrame;
/* QMP screendump of the device's console, parsed (P6, rows packed or
 * padded to 4 bytes as QEMU 7.2 writes them). */
bool sqt_screendump(SqtMachine *m, SqtFrame *f, GError **err);

/* ---- Shared guest RAM (guestmem.c) ----------------------------------- */

/* Host pointer of guest bus address [bus, bus + len); fatal if outside RAM. */
void *sqt_guest_ptr(SqtMachine *m, uint64_t bus, uint64_t len);
uint64_t sqt_ram_size(const SqtMachine *m);
/* Host pointer of VRAM [gpu, gpu + len) (VRAM GPU address = offset). */
void *sqt_vram_ptr(SqtMachine *m, uint64_t gpu, uint64_t len);
uint64_t sqt_vram_size(const SqtMachine *m);
/* Host pointer of BAR4 bytes [offset, offset + len); fatal if outside. */
void *sqt_aperture_ptr(SqtMachine *m, uint64_t offset, uint64_t len);

/* A bump allocator over an address range (guest RAM or GPU addresses). */
typedef struct SqtArena {
    uint64_t base, end, next;
} SqtArena;
void sqt_arena_init(SqtArena *a, uint64_t base, uint64_t size);
/* Returns false when the arena is exhausted. align: power of two. */
bool sqt_arena_alloc(SqtArena *a, uint64_t size, uint64_t align, uint64_t *out);

/* Load/store of u64/u32 shared with QEMU (atomic, little-endian host). */
uint64_t sqt_load64(const void *p);
uint32_t sqt_load32(const void *p);
void sqt_store64(void *p, uint64_t v);
void sqt_store32(void *p, uint32_t v);

/* ---- PCI (pci.c) ----------------------------------------------------- */

typedef struct SqtPci {
    SqtMachine *m;
    uint8_t bus, dev, fn;
} SqtPci;

uint32_t sqt_pci_cfg_read(const SqtPci *p, uint8_t reg, unsigned size);
void sqt_pci_cfg_write(const SqtPci *p, uint8_t reg, unsigned size, uint32_t v);
/* Scan bus 0 for vendor:device. */
bool sqt_pci_find(SqtMachine *m, uint16_t vendor, uint16_t device, SqtPci *out);
/* Size of a BAR (probing with all-ones), 64-bit BARs included; 0 if none. */
uint64_t sqt_pci_bar_size(const SqtPci *p, unsigned bar);
void sqt_pci_bar_set(const SqtPci *p, unsigned bar, uint64_t addr);
uint64_t sqt_pci_bar_addr(const SqtPci *p, unsigned bar);
/* Enable memory decoding and bus mastering. */
void sqt_pci_enable(const SqtPci *p);
/* Config offset of capability id, 0 if absent. */
uint8_t sqt_pci_find_cap(const SqtPci *p, uint8_t cap_id);

/* ---- MSI-X (msix.c) -------------------------------------------------- */

typedef struct SqtMsix {
    uint8_t cap;           /* config offset of the capability */
    unsigned vectors;
    uint64_t table;        /* bus address of the table */
    uint64_t pba;          /* bus address of the pending-bit array */
} SqtMsix;

/* Find MSI-X (its BAR must already be programmed) and enable it with every
 * vector masked. */
bool sqt_msix_enable(const SqtPci *p, SqtMsix *out, GError **err);
/* Route vector to a memory write of data at the bus address, unmasked. */
void sqt_msix_route(const SqtPci *p, const SqtMsix *x, unsigned vector,
                    uint64_t bus, uint32_t data);
/* Turn MSI-X off (the device falls back to INTx) or back on. */
void sqt_msix_set_enabled(const SqtPci *p, const SqtMsix *x, bool on);

/* ---- The sable-gpu device (sable-dev.c, gart.c) ---------------------- */

/* A guest RAM allocation: host pointer, bus address, GPU address (GART). */
typedef struct SqtBuf {
    void *ptr;
    uint64_t bus;
    uint64_t gpu;
    uint64_t size;
} SqtBuf;

typedef struct SqtRing {
    SqtBuf mem;            /* header + descriptors */
    uint32_t entries;
    uint32_t tail;         /* next descriptor index */
    uint64_t last_fence;   /* last fence pushed */
} SqtRing;

/* Fixed bus addresses of the BARs (q35 PCI hole, 64-bit window). */
#define SQT_BAR0_ADDR 0xe0000000ull
#define SQT_BAR1_ADDR 0xe0010000ull
#define SQT_BAR2_ADDR 0x800000000ull
#define SQT_BAR4_ADDR 0xe1000000ull

#define SQT_RING_ENTRIES 256u
#define SQT_MSI_DATA(vector) (0x5ab10000u | (vector))

typedef struct SqtDevice {
    SqtMachine *m;
    SqtPci pci;
    SqtMsix msix;
    uint64_t vram_size;
    unsigned engines;
    uint64_t features;
    uint64_t gart_base;     /* GPU address of the GART window */
    SqtBuf gart_table;
    uint32_t gart_entries;
    uint64_t gart_ram_base; /* bus address GART entry 0 maps */
    SqtArena ram;           /* guest RAM, every page GART-mapped */
    SqtArena vram;          /* VRAM GPU addresses */
    SqtBuf fence_page;
    SqtBuf msi_page;        /* vector v writes SQT_MSI_DATA(v) at +4 * v */
    SqtRing ring[SABLE_MAX_ENGINES];
} SqtDevice;

/* Start QEMU, find the device, program its BARs, enable MSI-X into
 * msi_page, and program GART, fence page, IRQ mask and one ring per engine. */
SqtDevice *sqt_device_open(const SqtOptions *opt, GError **err);
void sqt_device_close(SqtDevice *d);
/* Program the device registers (after power-on or adapter reset). */
bool sqt_device_program(SqtDevice *d, GError **err);
/* Adapter reset with the key, then sqt_device_program(). */
bool sqt_device_adapter_reset(SqtDevice *d, GError **err);

uint32_t sqt_reg_read(SqtDevice *d, uint32_t off);
void sqt_reg_write(SqtDevice *d, uint32_t off, uint32_t v);
/* A LO/HI pair read HI, LO, HI until stable. */
uint64_t sqt_reg_read64(SqtDevice *d, uint32_t lo_off);
void sqt_reg_write64(SqtDevice *d, uint32_t lo_off, uint64_t v);
uint32_t sqt_eng_read(SqtDevice *d, unsigned e, uint32_t off);
void sqt_eng_write(SqtDevice *d, unsigned e, uint32_t off, uint32_t v);
uint64_t sqt_eng_read64(SqtDevice *d, unsigned e, uint32_t lo_off);

/* Guest RAM allocation, zeroed, GART-mapped; fatal when exhausted. */
SqtBuf sqt_alloc(SqtDevice *d, uint64_t size, uint64_t align);
/* VRAM range (GPU address); fatal when exhausted. */
uint64_t sqt_vram_alloc(SqtDevice *d, uint64_t size, uint64_t align);

/* GART (gart.c): build the page table mapping the guest RAM arena 1:1
 * into the window (and set up d->ram); program writes its registers. */
bool sqt_gart_setup(SqtDevice *d, GError **err);
void sqt_gart_program(SqtDevice *d);
/* Rewrite every PTE of the 1:1 mapping (after the table was overwritten). */
void sqt_gart_rebuild(SqtDevice *d);
/* Rewrite the PTE of the page holding GPU address gpu (in the window). */
void sqt_gart_set_pte(SqtDevice *d, uint64_t gpu, uint64_t pte);
uint64_t sqt_gart_pte(SqtDevice *d, uint64_t gpu);

/* ---- Rings and fences (ring.c) --------------------------------------- */

/* Allocate (first time) and program engine e's ring, then enable it. */
void sqt_ring_setup(SqtDevice *d, unsigned e, uint32_t entries);
/* Write one descriptor and the ring tail (no doorbell). Fence 0 means
 * "the next fence" (last + 1). Waits for space while the ring is full.
 * Returns the fence. */
uint64_t sqt_ring_push(SqtDevice *d, unsigned e, uint64_t dma_gpu,
                       uint32_t dma_size, uint32_t flags, uint64_t fence);
void sqt_doorbell(SqtDevice *d, unsigned e);
/* push + doorbell */
uint64_t sqt_submit(SqtDevice *d, unsigned e, uint64_t dma_gpu,
                    uint32_t dma_size, uint32_t flags);
/* Completed fence from the fence page (shared RAM). */
uint64_t sqt_fence_page_read(SqtDevice *d, unsigned e);
/* Wait until the fence page says fence completed, stepping the clock by
 * step_ns whenever it has not; false once timeout_ns of device time passed.
 * SQT_WAIT_DEFAULT: step 10 us, timeout 1 s of device time. */
bool sqt_wait_fence(SqtDevice *d, unsigned e, uint64_t fence,
                    uint64_t step_ns, uint64_t timeout_ns);
#define SQT_STEP_NS 10000ull
#define SQT_TIMEOUT_NS 1000000000ull
/* Engine reset; afterwards the ring continues at the device's head. */
void sqt_engine_reset(SqtDevice *d, unsigned e);

/* MSI-X messages seen in shared RAM (msi_page). The device writes the
 * fence page before it signals, so after a fence wait use sqt_wait_msi()
 * (or sqt_sync() before asserting that no message came). */
bool sqt_msi_seen(SqtDevice *d, unsigned vector);
bool sqt_wait_msi(SqtDevice *d, unsigned vector, uint64_t step_ns,
                  uint64_t timeout_ns);
void sqt_msi_clear(SqtDevice *d, unsigned vector);

/* ---- Command buffers (cmdbuf.c) -------------------------------------- */

typedef struct SqtCmdBuf {
    SqtBuf buf;
    uint32_t used;          /* bytes written */
} SqtCmdBuf;

SqtCmdBuf sqt_cmdbuf_new(SqtDevice *d, uint32_t size);
/* Empty the buffer for reuse. */
void sqt_cmdbuf_reset(SqtCmdBuf *cb);
/* Append raw bytes (a multiple of 4); returns their offset. Fatal (a bug
 * in the caller) when the buffer is full. */
uint32_t sqt_cmd_raw(SqtCmdBuf *cb, const void *data, uint32_t len);
uint32_t sqt_cmd_nop(SqtCmdBuf *cb, uint32_t size_dw);
uint32_t sqt_cmd_write32(SqtCmdBuf *cb, uint64_t addr, uint32_t value);
uint32_t sqt_cmd_copy(SqtCmdBuf *cb, uint64_t dst, uint64_t src, uint64_t size);
uint32_t sqt_cmd_fill(SqtCmdBuf *cb, uint64_t dst, uint32_t pattern, uint64_t size);
uint32_t sqt_cmd_blit(SqtCmdBuf *cb, const struct sable_surface *src,
                      const struct sable_surface *dst,
                      const struct sable_rect *src_rect,
                      uint32_t dst_x, uint32_t dst_y);
/* Byte-exact rectangle copy (ABI 1.1): either surface may be tiled. */
uint32_t sqt_cmd_copy_2d(SqtCmdBuf *cb, const struct sable_surface *src,
                         const struct sable_surface *dst,
                         const struct sable_rect *src_rect,
                         uint32_t dst_x, uint32_t dst_y);
uint32_t sqt_cmd_timestamp(SqtCmdBuf *cb, uint64_t addr);
uint32_t sqt_cmd_debug_stall(SqtCmdBuf *cb, uint32_t usec);
uint32_t sqt_cmd_debug_hang(SqtCmdBuf *cb);
/* Submit the whole buffer on engine e and ring the doorbell. */
uint64_t sqt_submit_cmdbuf(SqtDevice *d, unsigned e, const SqtCmdBuf *cb);

/* ---- Swizzle ranges (swizzle.c) -------------------------------------- */

/* One range's configuration (SABLE_REG_SWZ block). */
typedef struct SqtSwzRange {
    uint32_t offset, size;      /* window in BAR4 */
    uint64_t gpu;               /* surface GPU address */
    uint32_t pitch, height, tiling;
} SqtSwzRange;

/* Program range r (disabled) and write CONTROL = ENABLE; returns the
 * range's SABLE_SWZ_ERR_* (0: enabled, the window holds the surface). */
uint32_t sqt_swz_enable(SqtDevice *d, unsigned r, const SqtSwzRange *c);
/* Write CONTROL = ctl (SABLE_SWZ_CONTROL_*); returns the SABLE_SWZ_ERR_*. */
uint32_t sqt_swz_control(SqtDevice *d, unsigned r, uint32_t ctl);
uint32_t sqt_swz_status(SqtDevice *d, unsigned r);

/* ---- Migration (migrate.c) ------------------------------------------ */

typedef struct SqtMigrateStats {
    int64_t total_ms, downtime_ms;  /* as the source's query-migrate says */
    uint64_t ram_bytes;             /* RAM bytes transferred */
    uint64_t file_bytes;            /* size of the migration stream */
} SqtMigrateStats;

/* Migrate m's QEMU to the file `path` (QMP migrate "exec:cat > path") and
 * wait until it completed; stats may be NULL. */
bool sqt_migrate_to_file(SqtMachine *m, const char *path,
                         SqtMigrateStats *stats, GError **err);

/* Migrate d's QEMU (opened with opt->migratable) to the file `path`, start
 * a second QEMU with opt and `-incoming` from that file on the same RAM,
 * VRAM and aperture files, wait until it runs, stop the first and point d
 * at the second. */
bool sqt_device_migrate(SqtDevice *d, const SqtOptions *opt, const char *path,
                        SqtMigrateStats *stats, GError **err);

/* ---- Dumps (dump.c) -------------------------------------------------- */
/* Request a dump into guest RAM (allocated at DUMP_REQUIRED bytes). On
 * success *out holds the buffer and *written the bytes the device wrote. */
bool sqt_dump_fetch(SqtDevice *d, SqtBuf *out, uint32_t *written, GError **err);

#endif
