/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-gpu: the QEMU PCI device around the Sable device model
 * (hw-model/core). This file is only glue: PCI identity and BARs, MSI-X with
 * an INTx fallback, bus-master DMA, bottom halves and timers for the
 * engines, trace-events; the QOM control surface is sable-gpu-control.c. All
 * device behaviour, including every check of guest input, is in the core.
 *
 * BARs (protocol/sable_pci.h):
 *   0  registers, SABLE_MMIO_SIZE, 32-bit accesses (64-bit ones are split)
 *   1  MSI-X table and PBA, SABLE_MSIX_VECTORS(SABLE_NUM_ENGINES) vectors
 * The scanout (ABI 1.2) is a graphic console: each display refresh reads
 * the surface through the core into the console's x8r8g8b8 surface, so QMP
 * `screendump` shows it; while it is disabled the console shows the boot
 * display (sable-gpu-boot.c) once the firmware set a mode, else black
 * 640x480.
 *
 *   2  VRAM, RAM, `vram-size` bytes (or the `vram-memdev` backend)
 *   4  swizzling aperture, SABLE_APERTURE_SIZE of RAM (or the
 *      `aperture-memdev` backend): the core's linear shadow of the enabled
 *      swizzle ranges, so CPU accesses run at memory speed
 *
 * Properties:
 *   vram-size     VRAM bytes, power of two >= 1 MiB (default 64 MiB)
 *   vram-memdev   optional memory backend for VRAM (e.g. memory-backend-file
 *                 share=on, so a test process maps VRAM); its size must equal
 *                 vram-size
 *   aperture-memdev  optional memory backend for BAR4 (like vram-memdev);
 *                 its size must equal SABLE_APERTURE_SIZE
 *   debug         accept DEBUG_* commands
 *   gart-entries  largest GART the guest may program
 *   boot-display  on/off/auto (default auto): the firmware's framebuffer
 *                 before the KMD loads (ramfb), see sable-gpu-boot.c
 *   max-hostmem   host memory the guest may make QEMU allocate for it (the
 *                 scanout's console surface; 3D resources), as virtio-gpu's
 *                 max_hostmem; a scanout mode beyond it is refused
 *   inject, inject-clear, inject-pending, state, dump: the control
 *                 surface (fault injection, device state, dumps), see
 *                 sable-gpu-control.c
 *
 * Rejected guest input (faults, register and swizzle errors) is logged with
 * `-d guest_errors`, rate-limited.
 *
 * Migration and savevm/loadvm: sable-gpu-migration.c. Reset: Resettable
 * phases (enter: quiesce and reset the core; hold: drive INTx; exit: re-arm
 * the -device injections).
 */

#include "qemu/osdep.h"
#include "qemu/units.h"
#include "qemu/log.h"
#include "qemu/main-loop.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "hw/pci/pci.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "sysemu/hostmem.h"
#include "trace/trace-hw_display_sable.h"
#include "ui/console.h"

#include "sable-gpu.h"

/* ---- Host operations for the core ----------------------------------- */

static MemoryRegion *sable_gpu_vram_mr(SableGpuState *s)
{
    return s->vram_memdev ? host_memory_backend_get_memory(s->vram_memdev)
                          : &s->vram;
}

static bool sable_gpu_dma_read(void *opaque, uint64_t addr, void *buf,
                               uint64_t len)
{
    SableGpuState *s = opaque;

    return pci_dma_read(PCI_DEVICE(s), addr, buf, len) == MEMTX_OK;
}

static bool sable_gpu_dma_write(void *opaque, uint64_t addr, const void *buf,
                                uint64_t len)
{
    SableGpuState *s = opaque;

    return pci_dma_write(PCI_DEVICE(s), addr, buf, len) == MEMTX_OK;
}

static void sable_gpu_irq_pulse(void *opaque, unsigned vector)
{
    PCIDevice *pdev = PCI_DEVICE(opaque);

    if (msix_enabled(pdev) && vector < SABLE_GPU_MSIX_VECTORS) {
        msix_notify(pdev, vector);
    }
}

/* INTx follows the core's level only while MSI-X is off. */
static void sable_gpu_update_intx(SableGpuState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);

    pci_set_irq(pdev, s->intx_level && !msix_enabled(pdev));
}

static void sable_gpu_irq_level(void *opaque, bool level)
{
    SableGpuState *s = opaque;

    s->intx_level = level;
    sable_gpu_update_intx(s);
}

static SableGpuEngine *sable_gpu_engine(SableGpuState *s, unsigned engine)
{
    return engine < SABLE_NUM_ENGINES ? &s->engines[engine] : NULL;
}

static void sable_gpu_schedule(void *opaque, unsigned engine)
{
    SableGpuEngine *e = sable_gpu_engine(opaque, engine);

    if (e) {
        qemu_bh_schedule(e->bh);
    }
}

/* The QEMU timer of a core timer index, or NULL. */
static QEMUTimer *sable_gpu_timer(SableGpuState *s, unsigned timer)
{
    SableGpuEngine *e = sable_gpu_engine(s, timer);

    if (e) {
        return e->timer;
    }
    return timer == SABLE_TIMER_VBLANK ? s->vblank_timer : NULL;
}

static void sable_gpu_timer_arm(void *opaque, unsigned timer,
                                uint64_t deadline_ns)
{
    QEMUTimer *t = sable_gpu_timer(opaque, timer);

    if (t) {
        timer_mod(t, MIN(deadline_ns, (uint64_t)INT64_MAX));
    }
}

static void sable_gpu_timer_cancel(void *opaque, unsigned timer)
{
    QEMUTimer *t = sable_gpu_timer(opaque, timer);

    if (t) {
        timer_del(t);
    }
}

/* The memory BARs where the guest has mapped them now; with no IOMMU the
 * bus-master address space sees them at those addresses. */
static unsigned sable_gpu_bar_windows(void *opaque, SableBusWindow *out)
{
    PCIDevice *pdev = PCI_DEVICE(opaque);
    unsigned n = 0;

    for (int i = 0; i < PCI_ROM_SLOT && n < SABLE_CORE_MAX_BARS; i++) {
        pcibus_t addr = pci_get_bar_addr(pdev, i);

        if (pdev->io_regions[i].size && addr != PCI_BAR_UNMAPPED) {
            out[n++] = (SableBusWindow) { addr, pdev->io_regions[i].size };
        }
    }
    return n;
}

static uint64_t sable_gpu_clock_ns(void *opaque)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* Rejected guest input goes to QEMU's log (`-d guest_errors`), as QEMU
 * devices report it, at most SABLE_GPU_LOG_BURST lines per second of host
 * time so a hostile guest cannot flood it; the next line after a full
 * second says how many were left out. */
#define SABLE_GPU_LOG_BURST 10u

static void G_GNUC_PRINTF(2, 3) sable_gpu_guest_error(SableGpuState *s,
                                                      const char *fmt, ...)
{
    int64_t now = qemu_clock_get_ms(QEMU_CLOCK_REALTIME);
    g_autofree char *msg = NULL;
    va_list ap;

    if (!qemu_loglevel_mask(LOG_GUEST_ERROR)) {
        return;
    }
    if (now - s->log_window_ms >= 1000) {
        if (s->log_suppressed) {
            qemu_log_mask(LOG_GUEST_ERROR, "sable-gpu: %u guest errors not "
                          "logged (more than %u a second)\n",
                          s->log_suppressed, SABLE_GPU_LOG_BURST);
        }
        s->log_window_ms = now;
        s->log_count = 0;
        s->log_suppressed = 0;
    }
    if (s->log_count >= SABLE_GPU_LOG_BURST) {
        s->log_suppressed++;
        return;
    }
    s->log_count++;
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    qemu_log_mask(LOG_GUEST_ERROR, "sable-gpu: %s\n", msg);
}

/* The events that are rejected guest input (docs/protocol.md names the
 * codes): engine faults, register errors, swizzle range errors. */
static void sable_gpu_log_event(SableGpuState *s, const SableEvent *ev)
{
    switch (ev->type) {
    case SABLE_EV_FAULT:
        sable_gpu_guest_error(s, "engine %u fault code %u at GPU address "
                              "0x%" PRIx64 " (fence %" PRIu64 ")",
                              ev->engine, ev->fault.code, ev->fault.addr,
                              ev->fault.fence);
        break;
    case SABLE_EV_REG_ERROR:
        sable_gpu_guest_error(s, "register error 0x%x at offset 0x%" PRIx64,
                              ev->reg_error.bit, ev->reg_error.offset);
        break;
    case SABLE_EV_SWIZZLE:
        if (ev->swizzle.error) {
            sable_gpu_guest_error(s, "swizzle range %u error 0x%x at GPU "
                                  "address 0x%" PRIx64, ev->engine,
                                  ev->swizzle.error, ev->swizzle.gpu_addr);
        }
        break;
    default:
        break;
    }
}

/* The device wrote VRAM: a display refresh must convert it again. */
static void sable_gpu_vram_dirty(void *opaque, uint64_t offset, uint64_t len)
{
    SableGpuState *s = opaque;

    if (s->display_dirty) {
        memory_region_set_dirty(sable_gpu_vram_mr(s), offset, len);
    }
}

static void sable_gpu_event(void *opaque, const SableEvent *ev)
{
    sable_gpu_log_event(opaque, ev);
    switch (ev->type) {
    case SABLE_EV_DOORBELL:
        trace_sable_gpu_doorbell(ev->engine, ev->doorbell.tail);
        break;
    case SABLE_EV_SUBMIT:
        trace_sable_gpu_submit(ev->engine, ev->submit.fence, ev->submit.dma_addr,
                               ev->submit.dma_size);
        break;
    case SABLE_EV_FENCE:
        trace_sable_gpu_fence(ev->engine, ev->fence.completed);
        break;
    case SABLE_EV_FAULT:
        trace_sable_gpu_fault(ev->engine, ev->fault.addr, ev->fault.fence,
                              ev->fault.code);
        break;
    case SABLE_EV_ENGINE_RESET:
        trace_sable_gpu_engine_reset(ev->engine, ev->engine_reset.last_aborted,
                                     ev->engine_reset.failed);
        break;
    case SABLE_EV_ADAPTER_RESET:
        trace_sable_gpu_adapter_reset(ev->adapter_reset.count);
        break;
    case SABLE_EV_DUMP:
        trace_sable_gpu_dump(ev->dump.addr, ev->dump.written, ev->dump.status);
        break;
    case SABLE_EV_IRQ:
        trace_sable_gpu_irq(ev->irq.causes, ev->irq.vector);
        break;
    case SABLE_EV_IRQ_DROPPED:
        trace_sable_gpu_irq_dropped(ev->engine, ev->irq_dropped.causes);
        break;
    case SABLE_EV_INJECT:
        trace_sable_gpu_inject(ev->engine,
                               sable_inject_kind_name((SableInjectKind)ev->inject.kind),
                               ev->inject.fired);
        break;
    case SABLE_EV_REG_ERROR:
        trace_sable_gpu_reg_error(ev->reg_error.bit, ev->reg_error.offset);
        break;
    case SABLE_EV_SWIZZLE:
        trace_sable_gpu_swizzle(ev->engine, ev->swizzle.gpu_addr, ev->swizzle.offset,
                                ev->swizzle.control | ev->swizzle.error << 8);
        break;
    }
}

static const SableHostOps sable_gpu_host_ops = {
    .dma_read = sable_gpu_dma_read,
    .dma_write = sable_gpu_dma_write,
    .irq_pulse = sable_gpu_irq_pulse,
    .irq_level = sable_gpu_irq_level,
    .schedule = sable_gpu_schedule,
    .timer_arm = sable_gpu_timer_arm,
    .timer_cancel = sable_gpu_timer_cancel,
    .bar_windows = sable_gpu_bar_windows,
    .clock_ns = sable_gpu_clock_ns,
    .notify_3d = sable_gpu_3d_notify,
    .event = sable_gpu_event,
    .vram_dirty = sable_gpu_vram_dirty,
};

/* ---- Engine bottom halves and timers --------------------------------- */

static void sable_gpu_engine_bh(void *opaque)
{
    SableGpuEngine *e = opaque;

    if (sable_gpu_engines_may_run()) {
        sable_engine_run(e->s->core, e->index);
    }
}

static void sable_gpu_engine_timer(void *opaque)
{
    SableGpuEngine *e = opaque;

    sable_engine_timer(e->s->core, e->index);
}

static void sable_gpu_vblank_timer(void *opaque)
{
    SableGpuState *s = opaque;

    sable_vblank_timer(s->core);
}

static void sable_gpu_engines_init(SableGpuState *s)
{
    s->vblank_timer = sable_gpu_timer_new(s, sable_gpu_vblank_timer, s);
    for (unsigned i = 0; i < SABLE_NUM_ENGINES; i++) {
        SableGpuEngine *e = &s->engines[i];

        e->s = s;
        e->index = i;
        e->bh = sable_gpu_bh_new(s, sable_gpu_engine_bh, e);
        e->timer = sable_gpu_timer_new(s, sable_gpu_engine_timer, e);
    }
    sable_gpu_3d_init(s);
}

/* Drop scheduled runs and armed timers (device reset). */
static void sable_gpu_engines_quiesce(SableGpuState *s)
{
    for (unsigned i = 0; i < SABLE_NUM_ENGINES; i++) {
        qemu_bh_cancel(s->engines[i].bh);
        timer_del(s->engines[i].timer);
    }
    timer_del(s->vblank_timer);
}

static void sable_gpu_engines_free(SableGpuState *s)
{
    for (unsigned i = 0; i < SABLE_NUM_ENGINES; i++) {
        SableGpuEngine *e = &s->engines[i];

        g_clear_pointer(&e->bh, qemu_bh_delete);
        g_clear_pointer(&e->timer, sable_gpu_timer_free);
    }
    g_clear_pointer(&s->vblank_timer, sable_gpu_timer_free);
    sable_gpu_3d_free(s);
}

/* ---- Scanout console ------------------------------------------------- */

#define SABLE_GPU_BLANK_WIDTH 640
#define SABLE_GPU_BLANK_HEIGHT 480

/* Shown while the scanout and the boot display are off: once, not per
 * refresh. */
static void sable_gpu_show_blank(SableGpuState *s)
{
    DisplaySurface *ds;

    qemu_console_resize(s->con, SABLE_GPU_BLANK_WIDTH, SABLE_GPU_BLANK_HEIGHT);
    ds = qemu_console_surface(s->con);
    if (ds == s->shown_surface && s->shown_blank) {
        return;
    }
    memset(surface_data(ds), 0, (size_t)surface_stride(ds) * surface_height(ds));
    dpy_gfx_update_full(s->con);
    s->shown_surface = ds;
    s->shown_blank = true;
}

/* SableScanoutDirty.changed: VRAM bytes written since the last refresh by
 * the CPU (QEMU's VGA dirty log) or the device (vram_dirty). A surface in
 * the GART is not tracked: always converted. */
static bool sable_gpu_band_changed(void *opaque, uint64_t gpa, uint64_t len)
{
    SableGpuState *s = opaque;

    if (!s->refresh_snap || gpa >= s->vram_size || len > s->vram_size - gpa) {
        return true;
    }
    return memory_region_snapshot_get_dirty(sable_gpu_vram_mr(s),
                                            s->refresh_snap, gpa, len);
}

static void sable_gpu_band_updated(void *opaque, uint32_t y, uint32_t h)
{
    SableGpuState *s = opaque;

    dpy_gfx_update(s->con, 0, y, surface_width(qemu_console_surface(s->con)), h);
}

static bool sable_gpu_same_mode(const SableScanoutInfo *a,
                                const SableScanoutInfo *b)
{
    return a->addr == b->addr && a->pitch == b->pitch &&
           a->format == b->format && a->width == b->width &&
           a->height == b->height;
}

/* The scanout: only the bands whose bytes changed are converted, unless the
 * mode or the console surface changed (or `x-display-dirty` is off). */
static void sable_gpu_show_scanout(SableGpuState *s, const SableScanoutInfo *info)
{
    SableScanoutDirty dirty = { sable_gpu_band_changed, sable_gpu_band_updated, s };
    MemoryRegion *vram = sable_gpu_vram_mr(s);
    DisplaySurface *ds;
    bool full;

    qemu_console_resize(s->con, info->width, info->height);
    ds = qemu_console_surface(s->con);
    full = !s->display_dirty || s->shown_blank || ds != s->shown_surface ||
           !sable_gpu_same_mode(info, &s->shown_mode);
    if (s->display_dirty) { /* taken even when full: it clears the log */
        s->refresh_snap = memory_region_snapshot_and_clear_dirty(
            vram, 0, s->vram_size, DIRTY_MEMORY_VGA);
    }
    if (full) {
        g_clear_pointer(&s->refresh_snap, g_free);
    }
    sable_scanout_update(s->core, surface_data(ds), surface_stride(ds), &dirty);
    g_clear_pointer(&s->refresh_snap, g_free);
    s->shown_surface = ds;
    s->shown_mode = *info;
    s->shown_blank = false;
}

static void sable_gpu_gfx_refresh(void *opaque)
{
    SableGpuState *s = opaque;
    SableScanoutInfo info;

    sable_scanout_info(s->core, &info);
    if (info.enabled) {
        s->boot_surface = NULL;
        sable_gpu_show_scanout(s, &info);
    } else if (sable_gpu_boot_refresh(s)) {
        s->shown_surface = NULL;
    } else {
        s->boot_surface = NULL;
        sable_gpu_show_blank(s);
    }
}

/* The refresh reads GPU memory (GART table, pages): as device I/O. */
static void sable_gpu_gfx_update(void *opaque)
{
    sable_gpu_guarded_call(opaque, sable_gpu_gfx_refresh, opaque);
}

static const GraphicHwOps sable_gpu_gfx_ops = {
    .gfx_update = sable_gpu_gfx_update,
};

/* ---- BARs ------------------------------------------------------------ */

static uint64_t sable_gpu_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    SableGpuState *s = opaque;
    uint32_t value = sable_mmio_read(s->core, addr);

    trace_sable_gpu_mmio_read(addr, value);
    return value;
}

static void sable_gpu_mmio_write(void *opaque, hwaddr addr, uint64_t value,
                                 unsigned size)
{
    SableGpuState *s = opaque;

    trace_sable_gpu_mmio_write(addr, value);
    sable_mmio_write(s->core, addr, value);
}

static const MemoryRegionOps sable_gpu_mmio_ops = {
    .read = sable_gpu_mmio_read,
    .write = sable_gpu_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 8 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/* RAM for a BAR: own RAM `mr`, or the backend `memdev` of exactly `size`. */
static bool sable_gpu_ram_init(SableGpuState *s, MemoryRegion *mr,
                               HostMemoryBackend *memdev, const char *what,
                               uint64_t size, Error **errp)
{
    ERRP_GUARD();
    g_autofree char *name = g_strdup_printf("sable-gpu.%s", what);

    if (!memdev) {
        memory_region_init_ram(mr, OBJECT(s), name, size, errp);
        return *errp == NULL;
    }
    if (host_memory_backend_is_mapped(memdev)) {
        error_setg(errp, "%s-memdev '%s' is already in use", what,
                   object_get_canonical_path_component(OBJECT(memdev)));
        return false;
    }
    if (memory_region_size(host_memory_backend_get_memory(memdev)) != size) {
        error_setg(errp, "%s-memdev size must be %" PRIu64 " bytes", what,
                   size);
        return false;
    }
    host_memory_backend_set_mapped(memdev, true);
    /* a backend's RAM migrates only once a user registers it */
    vmstate_register_ram(host_memory_backend_get_memory(memdev), DEVICE(s));
    return true;
}

static void sable_gpu_memdev_release(SableGpuState *s,
                                     HostMemoryBackend *memdev)
{
    if (memdev) {
        vmstate_unregister_ram(host_memory_backend_get_memory(memdev),
                               DEVICE(s));
        host_memory_backend_set_mapped(memdev, false);
    }
}

/* VRAM (BAR2) and the aperture (BAR4); on failure neither is claimed. */
static bool sable_gpu_ram_bars_init(SableGpuState *s, Error **errp)
{
    if (s->vram_size < SABLE_GPU_MIN_VRAM || !is_power_of_2(s->vram_size)) {
        error_setg(errp, "vram-size must be a power of two of at least 1 MiB,"
                   " not %" PRIu64, s->vram_size);
        return false;
    }
    if (!sable_gpu_ram_init(s, &s->vram, s->vram_memdev, "vram",
                            s->vram_size, errp)) {
        return false;
    }
    if (!sable_gpu_ram_init(s, &s->aperture, s->aperture_memdev, "aperture",
                            SABLE_APERTURE_SIZE, errp)) {
        sable_gpu_memdev_release(s, s->vram_memdev);
        return false;
    }
    return true;
}

static MemoryRegion *sable_gpu_aperture_mr(SableGpuState *s)
{
    return s->aperture_memdev
               ? host_memory_backend_get_memory(s->aperture_memdev)
               : &s->aperture;
}

static void sable_gpu_bars_init(SableGpuState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    uint8_t bar64 = PCI_BASE_ADDRESS_SPACE_MEMORY | PCI_BASE_ADDRESS_MEM_TYPE_64 |
                    PCI_BASE_ADDRESS_MEM_PREFETCH;

    memory_region_init_io(&s->mmio, OBJECT(s), &sable_gpu_mmio_ops, s,
                          "sable-gpu.mmio", SABLE_MMIO_SIZE);
    pci_register_bar(pdev, SABLE_BAR_MMIO, PCI_BASE_ADDRESS_SPACE_MEMORY,
                     &s->mmio);
    pci_register_bar(pdev, SABLE_BAR_VRAM, bar64, sable_gpu_vram_mr(s));
    pci_register_bar(pdev, SABLE_BAR_APERTURE, bar64, sable_gpu_aperture_mr(s));
}

static bool sable_gpu_msix_init(SableGpuState *s, Error **errp)
{
    PCIDevice *pdev = PCI_DEVICE(s);

    if (msix_init_exclusive_bar(pdev, SABLE_GPU_MSIX_VECTORS, SABLE_BAR_MSIX,
                                errp)) {
        return false;
    }
    for (unsigned v = 0; v < SABLE_GPU_MSIX_VECTORS; v++) {
        msix_vector_use(pdev, v);
    }
    return true;
}

bool sable_gpu_gerror(GError *gerr, Error **errp)
{
    error_setg(errp, "%s", gerr->message);
    g_error_free(gerr);
    return false;
}

/* ---- Lifecycle ------------------------------------------------------- */

/* QEMU's VGA dirty log of VRAM: CPU writes through BAR2 for the display
 * (only with x-display-dirty, which is what reads it). */
static void sable_gpu_vram_log(SableGpuState *s, bool on)
{
    if (s->vram_logging != on) {
        memory_region_set_log(sable_gpu_vram_mr(s), on, DIRTY_MEMORY_VGA);
        s->vram_logging = on;
    }
}

static void sable_gpu_teardown(SableGpuState *s)
{
    sable_gpu_vram_log(s, false);
    g_clear_pointer(&s->con, graphic_console_close);
    g_clear_pointer(&s->core, sable_device_free);
    sable_gpu_engines_free(s);
    msix_uninit_exclusive_bar(PCI_DEVICE(s));
    sable_gpu_memdev_release(s, s->vram_memdev);
    sable_gpu_memdev_release(s, s->aperture_memdev);
}

static bool sable_gpu_core_init(SableGpuState *s, Error **errp)
{
    SableConfig cfg = {
        .vram = memory_region_get_ram_ptr(sable_gpu_vram_mr(s)),
        .vram_size = s->vram_size,
        .debug = s->debug,
        .gart_max_entries = s->gart_entries,
        .max_hostmem = s->max_hostmem,
        .aperture = memory_region_get_ram_ptr(sable_gpu_aperture_mr(s)),
        .enable_3d = s->enable_3d,
    };
    GError *gerr = NULL;

    s->core = sable_device_new(&cfg, &sable_gpu_host_ops, s, &gerr);
    return s->core || sable_gpu_gerror(gerr, errp);
}

static void sable_gpu_realize(PCIDevice *pdev, Error **errp)
{
    SableGpuState *s = SABLE_GPU(pdev);

    if (!sable_gpu_ram_bars_init(s, errp)) {
        return;
    }
    pci_config_set_interrupt_pin(pdev->config, 1);
    sable_gpu_bars_init(s);
    sable_gpu_vram_log(s, s->display_dirty);
    if (!sable_gpu_msix_init(s, errp)) {
        sable_gpu_teardown(s);
        return;
    }
    sable_gpu_engines_init(s);
    if (!sable_gpu_core_init(s, errp) || !sable_gpu_prearm(s, errp)) {
        sable_gpu_teardown(s);
        return;
    }
    if (!sable_gpu_boot_init(s, errp)) {
        sable_gpu_teardown(s);
        return;
    }
    s->con = graphic_console_init(DEVICE(pdev), 0, &sable_gpu_gfx_ops, s);
    sable_gpu_migration_init(s);
}

static void sable_gpu_exit(PCIDevice *pdev)
{
    sable_gpu_migration_exit(SABLE_GPU(pdev));
    sable_gpu_teardown(SABLE_GPU(pdev));
}

static void sable_gpu_reset_enter(Object *obj, ResetType type)
{
    SableGpuState *s = SABLE_GPU(obj);

    sable_gpu_engines_quiesce(s);
    s->intx_level = false;
    sable_device_reset(s->core);
}

static void sable_gpu_reset_hold(Object *obj)
{
    sable_gpu_update_intx(SABLE_GPU(obj));
}

static void sable_gpu_reset_exit(Object *obj)
{
    sable_gpu_prearm_after_reset(SABLE_GPU(obj));
}

static void sable_gpu_write_config(PCIDevice *pdev, uint32_t addr,
                                   uint32_t val, int len)
{
    pci_default_write_config(pdev, addr, val, len);
    sable_gpu_update_intx(SABLE_GPU(pdev));
}

static void sable_gpu_finalize(Object *obj)
{
    g_free(SABLE_GPU(obj)->inject);
}

/* ---- Type registration ----------------------------------------------- */

static Property sable_gpu_properties[] = {
    DEFINE_PROP_SIZE("vram-size", SableGpuState, vram_size, 64 * MiB),
    DEFINE_PROP_LINK("vram-memdev", SableGpuState, vram_memdev,
                     TYPE_MEMORY_BACKEND, HostMemoryBackend *),
    DEFINE_PROP_LINK("aperture-memdev", SableGpuState, aperture_memdev,
                     TYPE_MEMORY_BACKEND, HostMemoryBackend *),
    DEFINE_PROP_BOOL("debug", SableGpuState, debug, false),
    DEFINE_PROP_SIZE("max-hostmem", SableGpuState, max_hostmem, 256 * MiB),
    DEFINE_PROP_BOOL("3d", SableGpuState, enable_3d, false),
    DEFINE_PROP_ON_OFF_AUTO("boot-display", SableGpuState, boot_display,
                            ON_OFF_AUTO_AUTO),
    DEFINE_PROP_BOOL("x-display-dirty", SableGpuState, display_dirty, true),
    DEFINE_PROP_UINT32("gart-entries", SableGpuState, gart_entries,
                       SABLE_CORE_DEFAULT_GART_ENTRIES),
    DEFINE_PROP_END_OF_LIST(),
};

static void sable_gpu_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    k->realize = sable_gpu_realize;
    k->exit = sable_gpu_exit;
    k->config_write = sable_gpu_write_config;
    k->vendor_id = SABLE_PCI_VENDOR_ID;
    k->device_id = SABLE_PCI_DEVICE_ID;
    k->revision = SABLE_PCI_REVISION;
    k->class_id = SABLE_PCI_CLASS_DISPLAY_OTHER;
    dc->desc = "Sable GPU (command-ring GPU with DMA, GART, resets, dumps)";
    rc->phases.enter = sable_gpu_reset_enter;
    rc->phases.hold = sable_gpu_reset_hold;
    rc->phases.exit = sable_gpu_reset_exit;
    dc->vmsd = &sable_gpu_vmstate;
    device_class_set_props(dc, sable_gpu_properties);
    set_bit(DEVICE_CATEGORY_DISPLAY, dc->categories);
    dc->hotpluggable = false; /* the boot display cannot be removed */
    sable_gpu_control_class_init(oc);
}

static const TypeInfo sable_gpu_info = {
    .name = TYPE_SABLE_GPU,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(SableGpuState),
    .instance_finalize = sable_gpu_finalize,
    .class_init = sable_gpu_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void sable_gpu_register_types(void)
{
    type_register_static(&sable_gpu_info);
}

type_init(sable_gpu_register_types)
