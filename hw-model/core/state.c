/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * state.c: save/restore of the core's state (sable-state.h). One visitor
 * walks the fields for both directions, so the stream layout is written
 * once: a header (magic, version, the build's array sizes and the device
 * configuration, which must match), the global registers, each engine, the
 * injection slots, the swizzle ranges and the scanout. Loading fills a copy
 * of the device, re-validates every value a guest could have set (the same
 * checks the registers apply) and only then replaces the device's state.
 */
#include <string.h>

#include "core-internal.h"
#include "sable-state.h"

typedef struct StateIO {
    GByteArray *out;     /* saving; NULL while loading */
    const uint8_t *in;
    size_t len, pos;
    bool ok;             /* loading: no read ran past the end */
    uint64_t now;        /* device clock at save/load */
} StateIO;

static void io_bytes(StateIO *io, void *le, size_t n)
{
    if (io->out) {
        g_byte_array_append(io->out, le, n);
    } else if (io->ok && io->len - io->pos >= n) {
        memcpy(le, io->in + io->pos, n);
        io->pos += n;
    } else {
        io->ok = false;
        memset(le, 0, n);
    }
}

static void io_u64(StateIO *io, uint64_t *v)
{
    uint64_t le = GUINT64_TO_LE(*v);
    io_bytes(io, &le, 8);
    *v = GUINT64_FROM_LE(le);
}

static void io_u32(StateIO *io, uint32_t *v)
{
    uint32_t le = GUINT32_TO_LE(*v);
    io_bytes(io, &le, 4);
    *v = GUINT32_FROM_LE(le);
}

static void io_bool(StateIO *io, bool *v)
{
    uint32_t x = *v;
    io_u32(io, &x);
    io->ok &= x <= 1;
    *v = x;
}

/* Enums and unsigned travel as u32 (their values are range-checked later). */
#define IO_ENUM(io, lvalue)                                                   \
    do {                                                                      \
        uint32_t t_ = (uint32_t)(lvalue);                                     \
        io_u32((io), &t_);                                                    \
        (lvalue) = t_;                                                        \
    } while (0)

/* A future deadline travels as the time left on the device clock. */
static void io_deadline(StateIO *io, uint64_t *abs)
{
    uint64_t left = *abs > io->now ? *abs - io->now : 0;
    io_u64(io, &left);
    *abs = left > UINT64_MAX - io->now ? UINT64_MAX : io->now + left;
}

static void io_submit(StateIO *io, struct sable_submit *d)
{
    io_u64(io, &d->dma_addr);
    io_u32(io, &d->dma_size);
    io_u32(io, &d->flags);
    io_u64(io, &d->fence);
    io_u32(io, &d->context_id);
    io_u32(io, &d->reserved0);
    for (unsigned i = 0; i < G_N_ELEMENTS(d->reserved1); i++) {
        io_u64(io, &d->reserved1[i]);
    }
}

static void io_fault(StateIO *io, SableFaultRecord *f)
{
    io_u32(io, &f->code);
    io_u32(io, &f->flags);
    io_u64(io, &f->addr);
    io_u64(io, &f->fence);
    io_u64(io, &f->dma_addr);
    io_u32(io, &f->dma_offset);
    io_u32(io, &f->opcode);
    io_u32(io, &f->context_id);
}

static void io_history(StateIO *io, SableHistory *h)
{
    io_u32(io, &h->next);
    io_u32(io, &h->count);
    for (unsigned i = 0; i < SABLE_CORE_CMD_HISTORY; i++) {
        struct sable_dump_cmd *c = &h->cmd[i];
        io_u64(io, &c->dma_addr);
        io_u64(io, &c->fence);
        io_u32(io, &c->dma_offset);
        io_u32(io, &c->header);
        io_u32(io, &c->context_id);
        io_u32(io, &c->result);
        for (unsigned a = 0; a < G_N_ELEMENTS(c->args); a++) {
            io_u32(io, &c->args[a]);
        }
    }
}

static void io_engine(StateIO *io, SableEngine *e)
{
    io_u64(io, &e->ring_base);
    io_u32(io, &e->ring_size);
    io_u32(io, &e->ring_control);
    io_u32(io, &e->head);
    io_u32(io, &e->tail);
    io_u64(io, &e->submitted_fence);
    io_u64(io, &e->completed_fence);
    io_u64(io, &e->last_aborted_fence);
    io_u32(io, &e->reset_count);
    io_u32(io, &e->fault_count);
    io_u32(io, &e->commands_executed);
    io_u64(io, &e->commands_total);
    io_bool(io, &e->busy);
    io_submit(io, &e->cur);
    io_u32(io, &e->offset);
    io_bool(io, &e->cmd_active);
    for (unsigned i = 0; i < G_N_ELEMENTS(e->pkt.dw); i++) {
        io_u32(io, &e->pkt.dw[i]);
    }
    io_u32(io, &e->pkt_bytes);
    io_u64(io, &e->progress);
    IO_ENUM(io, e->state);
    io_deadline(io, &e->deadline_ns);
    io_fault(io, &e->fault);
    io_history(io, &e->history);
}

static void io_inject(StateIO *io, SableInjectSlot *s)
{
    io_bool(io, &s->active);
    IO_ENUM(io, s->inj.kind);
    IO_ENUM(io, s->inj.engine);
    IO_ENUM(io, s->inj.when);
    io_u64(io, &s->inj.after);
    io_u32(io, &s->inj.count);
    io_u64(io, &s->inj.param_ns);
    io_u32(io, &s->remaining);
    io_u64(io, &s->base_cmds);
}

static void io_swz(StateIO *io, SableSwzRange *r)
{
    io_u32(io, &r->offset);
    io_u32(io, &r->size);
    io_u64(io, &r->gpu_addr);
    io_u32(io, &r->pitch);
    io_u32(io, &r->height);
    io_u32(io, &r->tiling);
    io_bool(io, &r->enabled);
    io_u32(io, &r->error);
    io_u64(io, &r->fault_addr);
}

/* The vblank epoch travels as its age; a load folds whole periods into
 * frame_base so FRAME_COUNT continues even if the new clock is younger. */
static void io_scanout_epoch(StateIO *io, SableScanout *so)
{
    uint64_t age = io->now > so->epoch_ns ? io->now - so->epoch_ns : 0;
    io_u64(io, &age);
    if (!io->out) {
        uint64_t phase = age % SABLE_SCANOUT_VBLANK_PERIOD_NS;
        if (so->enabled) {
            so->frame_base += (uint32_t)(age / SABLE_SCANOUT_VBLANK_PERIOD_NS);
        }
        so->epoch_ns = io->now - MIN(phase, io->now);
    }
}

static void io_scanout(StateIO *io, SableScanout *so)
{
    io_u64(io, &so->addr);
    io_u32(io, &so->pitch);
    io_u32(io, &so->format);
    io_u32(io, &so->width);
    io_u32(io, &so->height);
    io_u32(io, &so->control);
    io_bool(io, &so->enabled);
    io_u64(io, &so->live_addr);
    io_u32(io, &so->live_pitch);
    io_u32(io, &so->live_format);
    io_u32(io, &so->live_width);
    io_u32(io, &so->live_height);
    io_u32(io, &so->error);
    io_u64(io, &so->fault_addr);
    io_u32(io, &so->frame_base);
    io_scanout_epoch(io, so);
}

static void io_globals(StateIO *io, SableDevice *d)
{
    io_u32(io, &d->irq_status);
    io_u32(io, &d->irq_mask);
    io_u64(io, &d->fence_page);
    io_u64(io, &d->gart_table);
    io_u32(io, &d->gart_entries);
    io_u32(io, &d->reset_status);
    io_u32(io, &d->adapter_reset_count);
    io_u32(io, &d->error_status);
    io_u32(io, &d->scratch);
    io_u64(io, &d->dump_addr);
    io_u32(io, &d->dump_size);
    io_u32(io, &d->dump_status);
    io_u32(io, &d->dump_required);
    io_u32(io, &d->dump_written);
}

static void io_device(StateIO *io, SableDevice *d)
{
    io_globals(io, d);
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        io_engine(io, &d->eng[e]);
    }
    for (unsigned i = 0; i < SABLE_CORE_MAX_INJECTIONS; i++) {
        io_inject(io, &d->inj[i]);
    }
    for (unsigned i = 0; i < SABLE_CORE_SWZ_RANGES; i++) {
        io_swz(io, &d->swz[i]);
    }
    io_scanout(io, &d->scanout);
}

/* What must be equal on both sides: the stream's shape and the device's
 * configuration. */
typedef struct StateHeader {
    uint32_t magic, version, engines, injections, swz_ranges, history;
    uint64_t vram_size;
    uint32_t gart_max, debug, aperture;
} StateHeader;

static StateHeader header_of(const SableDevice *dev)
{
    return (StateHeader) {
        .magic = SABLE_STATE_MAGIC, .version = SABLE_STATE_VERSION,
        .engines = SABLE_NUM_ENGINES, .injections = SABLE_CORE_MAX_INJECTIONS,
        .swz_ranges = SABLE_CORE_SWZ_RANGES,
        .history = SABLE_CORE_CMD_HISTORY, .vram_size = dev->cfg.vram_size,
        .gart_max = dev->gart_max, .debug = dev->cfg.debug,
        .aperture = dev->aperture != NULL,
    };
}

static bool header_equal(const StateHeader *a, const StateHeader *b)
{
    return a->magic == b->magic && a->version == b->version &&
           a->engines == b->engines && a->injections == b->injections &&
           a->swz_ranges == b->swz_ranges && a->history == b->history &&
           a->vram_size == b->vram_size && a->gart_max == b->gart_max &&
           a->debug == b->debug && a->aperture == b->aperture;
}

static void io_header(StateIO *io, StateHeader *h)
{
    io_u32(io, &h->magic);
    io_u32(io, &h->version);
    io_u32(io, &h->engines);
    io_u32(io, &h->injections);
    io_u32(io, &h->swz_ranges);
    io_u32(io, &h->history);
    io_u64(io, &h->vram_size);
    io_u32(io, &h->gart_max);
    io_u32(io, &h->debug);
    io_u32(io, &h->aperture);
}

GByteArray *sable_state_save(SableDevice *dev)
{
    StateIO io = { .out = g_byte_array_new(), .ok = true,
                   .now = sable_now(dev) };
    StateHeader h = header_of(dev);
    SableDevice *copy = g_memdup2(dev, sizeof(*dev)); /* the visitor writes */

    io_header(&io, &h);
    io_device(&io, copy);
    g_free(copy);
    return io.out;
}

/* ---- Validation of a loaded state ----------------------------------- */

static bool fail(GError **err, const char *what, unsigned index)
{
    g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                "sable state: invalid %s (%u)", what, index);
    return false;
}

static bool engine_valid(const SableEngine *e)
{
    bool enabled = sable_ring_enabled(e);
    const SableHistory *h = &e->history;

    return e->state <= ENG_FAULTED &&
           !(e->ring_control & ~SABLE_RING_CONTROL_ENABLE) &&
           (!enabled || sable_ring_config_valid(e)) &&
           (!e->busy || enabled) &&
           (!e->cmd_active || (e->busy && sable_cmd_resumable(e))) &&
           h->next < SABLE_CORE_CMD_HISTORY &&
           h->count <= SABLE_CORE_CMD_HISTORY;
}

static bool scanout_valid(const SableDevice *d)
{
    const SableScanout *so = &d->scanout;
    SableScanoutMode live = { .addr = so->live_addr, .pitch = so->live_pitch,
                              .format = so->live_format,
                              .width = so->live_width,
                              .height = so->live_height };

    if (!so->enabled) {
        return so->control == 0;
    }
    return so->control == SABLE_SCANOUT_CONTROL_ENABLE &&
           sable_scanout_mode_valid(d, &live);
}

static bool device_valid(const SableDevice *d, GError **err)
{
    if (d->gart_entries && !sable_gart_config_valid(d)) {
        return fail(err, "GART configuration", 0);
    }
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        if (!engine_valid(&d->eng[e])) {
            return fail(err, "engine", e);
        }
    }
    for (unsigned i = 0; i < SABLE_CORE_MAX_INJECTIONS; i++) {
        const SableInjectSlot *s = &d->inj[i];
        if (s->active && (!s->remaining || !sable_inject_valid(&s->inj, NULL))) {
            return fail(err, "injection", i);
        }
    }
    for (unsigned i = 0; i < SABLE_CORE_SWZ_RANGES; i++) {
        const SableSwzRange *r = &d->swz[i];
        if (r->enabled && (!d->aperture ||
                           sable_swz_range_check(d, r) != SABLE_SWZ_ERR_NONE)) {
            return fail(err, "swizzle range", i);
        }
    }
    return scanout_valid(d) || fail(err, "scanout", 0);
}

/* Timers and scheduled runs are host state: re-create them. */
static void rearm(SableDevice *dev)
{
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        SableEngine *eng = &dev->eng[e];
        dev->ops.timer_cancel(dev->opaque, e);
        if (eng->state == ENG_WAIT_VALUE || eng->state == ENG_STALL ||
            eng->state == ENG_SLOW) {
            dev->ops.timer_arm(dev->opaque, e, eng->deadline_ns);
        }
        dev->ops.schedule(dev->opaque, e);
    }
    sable_scanout_sync_timer(dev);
    bool level = (dev->irq_status & dev->irq_mask) != 0;
    if (level != dev->irq_level) { /* irq_level: the host's line until now */
        dev->irq_level = level;
        dev->ops.irq_level(dev->opaque, level);
    }
}

bool sable_state_load(SableDevice *dev, const uint8_t *data, size_t len,
                      GError **err)
{
    StateIO io = { .in = data, .len = len, .ok = true, .now = sable_now(dev) };
    StateHeader want = header_of(dev), got = { 0 };

    if (len > SABLE_STATE_MAX_SIZE) {
        return fail(err, "stream size", (unsigned)MIN(len, UINT32_MAX));
    }
    io_header(&io, &got);
    if (!io.ok || !header_equal(&got, &want)) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "sable state: version %u or configuration (vram-size, "
                    "gart-entries, debug, aperture) differs from this "
                    "device's", got.version);
        return false;
    }
    g_autofree SableDevice *st = g_memdup2(dev, sizeof(*dev));
    io_device(&io, st);
    if (!io.ok || io.pos != len) {
        return fail(err, "stream length", (unsigned)MIN(len, UINT32_MAX));
    }
    if (!device_valid(st, err)) {
        return false;
    }
    *dev = *st;
    rearm(dev);
    return true;
}

bool sable_state_has_live_3d(const SableDevice *dev)
{
    (void)dev;
    return false;
}
