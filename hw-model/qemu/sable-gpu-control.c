/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-gpu-control: the device's control surface for tools and QMP, as QOM
 * properties of the device (docs/tdr.md "Controlling faults from QMP and
 * sablectl"; docs/protocol.md 1.1):
 *
 *   inject          write: arm fault injections, "SPEC[;SPEC...]" (each
 *                   parsed by sable_inject_parse; all or none are armed);
 *                   given on -device they are armed at power-on. Read: the
 *                   last value accepted.
 *   inject-clear    write-only: true disarms every pending injection
 *   inject-pending  read-only: number of injections armed and not yet spent
 *   state           read-only: the device state (sable_device_snapshot) as
 *                   a JSON object; qom-get returns it as structured JSON
 *   dump            read-only: a fresh device dump (protocol/sable_dump.h),
 *                   base64; it changes no device or guest state
 *
 * JSON conventions of `state` (shared with the dump decoder's JSON): 64-bit
 * values are "0x%016x" strings, 32-bit values numbers.
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qemu/error-report.h"
#include "qapi/qmp/qbool.h"
#include "qapi/qmp/qdict.h"
#include "qapi/qmp/qlist.h"

#include "sable-gpu.h"

/* ---- Fault injection --------------------------------------------------- */

/* Parse "SPEC[;SPEC...]" into out[]; returns the count, 0 on error. */
static unsigned sable_gpu_parse_specs(const char *specs, SableInjection *out,
                                      Error **errp)
{
    GError *gerr = NULL;
    unsigned n = sable_inject_parse_list(specs, out, &gerr);

    if (!n) {
        sable_gpu_gerror(gerr, errp);
    }
    return n;
}

/* Arm all of inj[0..n) or none. */
static bool sable_gpu_arm(SableGpuState *s, const SableInjection *inj,
                          unsigned n, Error **errp)
{
    GError *gerr = NULL;

    return sable_inject_all(s->core, inj, n, &gerr) ||
           sable_gpu_gerror(gerr, errp);
}

static void sable_gpu_set_inject(Object *obj, const char *spec, Error **errp)
{
    SableGpuState *s = SABLE_GPU(obj);
    SableInjection inj[SABLE_CORE_MAX_INJECTIONS];
    unsigned n = sable_gpu_parse_specs(spec, inj, errp);

    if (!n || (DEVICE(obj)->realized && !sable_gpu_arm(s, inj, n, errp))) {
        return;
    }
    g_free(s->inject);
    s->inject = g_strdup(spec);
}

static char *sable_gpu_get_inject(Object *obj, Error **errp)
{
    SableGpuState *s = SABLE_GPU(obj);

    return g_strdup(s->inject ? s->inject : "");
}

static void sable_gpu_set_inject_clear(Object *obj, bool value, Error **errp)
{
    SableGpuState *s = SABLE_GPU(obj);

    if (!value) {
        return;
    }
    if (DEVICE(obj)->realized) {
        sable_inject_clear(s->core);
    }
    g_clear_pointer(&s->inject, g_free);
}

static void sable_gpu_get_inject_pending(Object *obj, Visitor *v,
                                         const char *name, void *opaque,
                                         Error **errp)
{
    SableGpuState *s = SABLE_GPU(obj);
    uint32_t pending = DEVICE(obj)->realized ? sable_inject_pending(s->core)
                                             : 0;

    visit_type_uint32(v, name, &pending, errp);
}

/*
 * An `inject` given on -device is armed at realize (which validates it
 * against the live core) and armed again after the power-on reset that
 * follows, since a reset disarms every injection.
 */
bool sable_gpu_prearm(SableGpuState *s, Error **errp)
{
    if (!s->inject) {
        return true;
    }
    s->prearm_count = sable_gpu_parse_specs(s->inject, s->prearm_inj, errp);
    if (!s->prearm_count ||
        !sable_gpu_arm(s, s->prearm_inj, s->prearm_count, errp)) {
        s->prearm_count = 0;
        return false;
    }
    return true;
}

void sable_gpu_prearm_after_reset(SableGpuState *s)
{
    Error *err = NULL;

    if (s->prearm_count &&
        !sable_gpu_arm(s, s->prearm_inj, s->prearm_count, &err)) {
        warn_report_err(err);
    }
    s->prearm_count = 0;
}

/* ---- state: the device snapshot as JSON -------------------------------- */

/* qdict_put_str copies the string: ours are freed here. */
static void put_u64(QDict *d, const char *key, uint64_t v)
{
    g_autofree char *text = g_strdup_printf("0x%016" PRIx64, v);

    qdict_put_str(d, key, text);
}

static QDict *sable_gpu_fault_qdict(const SableFaultRecord *f)
{
    QDict *d = qdict_new();

    qdict_put_int(d, "code", f->code);
    qdict_put_int(d, "flags", f->flags);
    put_u64(d, "addr", f->addr);
    put_u64(d, "fence", f->fence);
    put_u64(d, "dma-addr", f->dma_addr);
    qdict_put_int(d, "dma-offset", f->dma_offset);
    qdict_put_int(d, "opcode", f->opcode);
    qdict_put_int(d, "context", f->context_id);
    return d;
}

static QDict *sable_gpu_engine_qdict(const SableEngineSnapshot *e,
                                     unsigned index)
{
    QDict *d = qdict_new();

    qdict_put_int(d, "index", index);
    qdict_put_int(d, "status", e->status);
    put_u64(d, "ring-base", e->ring_base);
    qdict_put_int(d, "ring-size", e->ring_size);
    qdict_put_int(d, "ring-head", e->ring_head);
    qdict_put_int(d, "ring-tail", e->ring_tail);
    put_u64(d, "submitted-fence", e->submitted_fence);
    put_u64(d, "completed-fence", e->completed_fence);
    put_u64(d, "last-aborted-fence", e->last_aborted_fence);
    qdict_put_bool(d, "busy", e->busy);
    put_u64(d, "dma-addr", e->dma_addr);
    qdict_put_int(d, "dma-size", e->dma_size);
    qdict_put_int(d, "dma-offset", e->dma_offset);
    put_u64(d, "fence", e->fence);
    qdict_put_int(d, "context", e->context_id);
    qdict_put_int(d, "reset-count", e->reset_count);
    qdict_put_int(d, "fault-count", e->fault_count);
    qdict_put_int(d, "commands-executed", e->commands_executed);
    qdict_put(d, "fault", sable_gpu_fault_qdict(&e->fault));
    return d;
}

static QDict *sable_gpu_inject_qdict(const SableInjectSnapshot *i)
{
    QDict *d = qdict_new();
    g_autofree char *spec = sable_inject_format(&i->inj);

    qdict_put_str(d, "spec", spec);
    qdict_put_str(d, "kind", sable_inject_kind_name(i->inj.kind));
    qdict_put_int(d, "engine", i->inj.engine);
    qdict_put_int(d, "remaining", i->remaining);
    return d;
}

static QDict *sable_gpu_swz_qdict(const SableSwzSnapshot *r, unsigned index)
{
    QDict *d = qdict_new();

    qdict_put_int(d, "index", index);
    qdict_put_int(d, "status", r->status);
    qdict_put_int(d, "aperture-offset", r->aperture_offset);
    qdict_put_int(d, "size", r->size);
    put_u64(d, "gpu-addr", r->gpu_addr);
    qdict_put_int(d, "pitch", r->pitch);
    qdict_put_int(d, "height", r->height);
    qdict_put_int(d, "tiling", r->tiling);
    put_u64(d, "fault-addr", r->fault_addr);
    return d;
}

static QDict *sable_gpu_scanout_qdict(const SableScanoutSnapshot *so)
{
    QDict *d = qdict_new();

    qdict_put_int(d, "control", so->control);
    qdict_put_int(d, "status", so->status);
    put_u64(d, "addr", so->addr);
    qdict_put_int(d, "pitch", so->pitch);
    qdict_put_int(d, "format", so->format);
    qdict_put_int(d, "width", so->width);
    qdict_put_int(d, "height", so->height);
    put_u64(d, "fault-addr", so->fault_addr);
    qdict_put_int(d, "frame-count", so->frame_count);
    return d;
}

static QDict *sable_gpu_state_qdict(const SableSnapshot *snap)
{
    QDict *d = qdict_new();
    QList *engines = qlist_new(), *inj = qlist_new(), *swz = qlist_new();

    put_u64(d, "timestamp-ns", snap->timestamp_ns);
    put_u64(d, "features", snap->features);
    put_u64(d, "vram-size", snap->vram_size);
    put_u64(d, "gart-table", snap->gart_table);
    qdict_put_int(d, "gart-entries", snap->gart_entries);
    put_u64(d, "fence-page", snap->fence_page);
    qdict_put_int(d, "irq-status", snap->irq_status);
    qdict_put_int(d, "irq-mask", snap->irq_mask);
    qdict_put_int(d, "error-status", snap->error_status);
    qdict_put_int(d, "reset-status", snap->reset_status);
    qdict_put_int(d, "adapter-reset-count", snap->adapter_reset_count);
    qdict_put_bool(d, "debug", snap->debug);
    for (unsigned e = 0; e < snap->engine_count; e++) {
        qlist_append(engines, sable_gpu_engine_qdict(&snap->engine[e], e));
    }
    for (unsigned i = 0; i < snap->inject_count; i++) {
        qlist_append(inj, sable_gpu_inject_qdict(&snap->inject[i]));
    }
    for (unsigned i = 0; i < snap->swz_count; i++) {
        qlist_append(swz, sable_gpu_swz_qdict(&snap->swz[i], i));
    }
    qdict_put(d, "engines", engines);
    qdict_put(d, "injections", inj);
    qdict_put(d, "swizzle-ranges", swz);
    qdict_put(d, "scanout", sable_gpu_scanout_qdict(&snap->scanout));
    return d;
}

static void sable_gpu_get_state(Object *obj, Visitor *v, const char *name,
                                void *opaque, Error **errp)
{
    SableGpuState *s = SABLE_GPU(obj);
    SableSnapshot snap;
    QObject *state;

    if (!DEVICE(obj)->realized) {
        error_setg(errp, "sable-gpu: the device is not realized");
        return;
    }
    sable_device_snapshot(s->core, &snap);
    state = QOBJECT(sable_gpu_state_qdict(&snap));
    visit_type_any(v, name, &state, errp);
    qobject_unref(state);
}

static char *sable_gpu_get_dump(Object *obj, Error **errp)
{
    SableGpuState *s = SABLE_GPU(obj);
    g_autofree uint8_t *dump = NULL;
    uint32_t size;

    if (!DEVICE(obj)->realized) {
        error_setg(errp, "sable-gpu: the device is not realized");
        return NULL;
    }
    dump = sable_dump_build(s->core, &size);
    return g_base64_encode(dump, size);
}

void sable_gpu_control_class_init(ObjectClass *oc)
{
    object_class_property_add_str(oc, "inject", sable_gpu_get_inject,
                                  sable_gpu_set_inject);
    object_class_property_set_description(oc, "inject",
        "Arm fault injections, SPEC[;SPEC...], SPEC = KIND[,engine=N]"
        "[,after=N|,fence=F][,count=N][,delay-ns=N], KIND = hang|page-fault|"
        "drop-irq|invalid-cmd|slow|reset-fail|draw-hang|draw-slow|"
        "context-error (docs/tdr.md)");
    object_class_property_add_bool(oc, "inject-clear", NULL,
                                   sable_gpu_set_inject_clear);
    object_class_property_set_description(oc, "inject-clear",
        "Write true to disarm every pending fault injection");
    object_class_property_add(oc, "inject-pending", "uint32",
                              sable_gpu_get_inject_pending, NULL, NULL, NULL);
    object_class_property_set_description(oc, "inject-pending",
        "Number of fault injections armed and not yet spent");
    object_class_property_add(oc, "state", "any", sable_gpu_get_state,
                              NULL, NULL, NULL);
    object_class_property_set_description(oc, "state",
        "Read-only: engines, fences, faults, reset counters, pending "
        "injections and swizzle ranges as a JSON object (docs/tdr.md)");
    object_class_property_add_str(oc, "dump", sable_gpu_get_dump, NULL);
    object_class_property_set_description(oc, "dump",
        "Read-only: a fresh device dump (protocol/sable_dump.h), base64");
}
