/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-3d.c: the 3D packets (protocol/sable_3d.h) on the graphics engine.
 * Each packet is checked against the device's object tables, turned into
 * one job for the 3D thread (hw-model/render/sable-virgl.c) and the engine
 * waits (ENG_3D, not running, not spinning) until sable_3d_poll() collects
 * the job; the packet then finishes from eng->progress == 1 (result check,
 * FROM_HOST bytes written to the backing). A submission that ran 3D work
 * ends with a FENCE job, so its fence completes once the host GPU is done.
 * Guest memory is only touched here, on the caller's thread, through the
 * checked GPU memory paths; the 3D thread only sees copies.
 */
#include <string.h>

#include "core-internal.h"
#include "sable_virgl.h"

enum { STEP_START = 0, STEP_WAIT = 1 };

static void notify(void *opaque)
{
    SableDevice *dev = opaque;
    dev->ops.notify_3d(dev->opaque);
}

bool sable_3d_init(SableDevice *dev, GError **err)
{
    Sable3D *s = &dev->s3d;

    if (!dev->cfg.enable_3d) {
        return true;
    }
    s->virgl = sable_virgl_open(notify, dev, err);
    if (!s->virgl) {
        return false;
    }
    s->res = g_new0(Sable3DRes, SABLE_3D_MAX_RESOURCES + 1);
    return true;
}

static void queue_job(Sable3D *s, SableVirglOp op, uint32_t ctx, uint32_t res)
{
    SableVirglJob *job = sable_virgl_job_new(op);
    job->ctx = ctx;
    job->res = res;
    sable_virgl_queue(s->virgl, job);
}

static void destroy_ctx(Sable3D *s, uint32_t ctx)
{
    s->ctx_live[ctx] = false;
    s->ctx_count--;
    queue_job(s, SABLE_VIRGL_CTX_DESTROY, ctx, 0);
}

/* The submission in flight ended (completed or reset). */
static void end_submission(Sable3D *s)
{
    s->guilty_ctx = 0;
    s->fence_needed = false;
    s->slow_until = 0;
    s->stream_addr = 0;
    s->stream_dw = s->stream_pos_dw = s->stream_cmd = 0;
}

/* Stop waiting for the 3D thread: its result is dropped when it arrives. */
static void abandon(Sable3D *s)
{
    s->wait_tag = 0;
    s->wait_job = NULL;
    sable_virgl_job_free(s->result);
    s->result = NULL;
}

void sable_3d_reset_guilty(SableDevice *dev)
{
    Sable3D *s = &dev->s3d;

    if (!s->virgl) {
        return;
    }
    abandon(s);
    if (s->guilty_ctx && s->ctx_live[s->guilty_ctx]) {
        destroy_ctx(s, s->guilty_ctx);
    }
    end_submission(s);
}

void sable_3d_reset_all(SableDevice *dev)
{
    Sable3D *s = &dev->s3d;

    if (!s->virgl) {
        return;
    }
    sable_3d_reset_guilty(dev);
    s->recent_count = s->recent_next = 0;
    for (uint32_t c = 1; c <= SABLE_3D_MAX_CONTEXTS; c++) {
        if (s->ctx_live[c]) {
            destroy_ctx(s, c);
        }
    }
    for (uint32_t r = 1; r <= SABLE_3D_MAX_RESOURCES; r++) {
        if (s->res[r].live) {
            s->res[r].live = false;
            queue_job(s, SABLE_VIRGL_RES_DESTROY, 0, r);
        }
    }
    s->res_count = 0;
}

void sable_3d_fini(SableDevice *dev)
{
    Sable3D *s = &dev->s3d;

    sable_3d_reset_all(dev);
    sable_virgl_close(s->virgl);
    s->virgl = NULL;
    g_free(s->res);
    s->res = NULL;
}

void sable_3d_engine_reset(SableEngine *eng)
{
    if (eng->index == SABLE_ENGINE_GRAPHICS) {
        sable_3d_reset_guilty(eng->dev);
    }
}

/* Queue `job` and block the engine until sable_3d_poll() brings it back. */
static SableCmdResult wait_for(SableEngine *eng, SableVirglJob *job)
{
    Sable3D *s = &eng->dev->s3d;

    job->tag = ++s->next_tag;
    s->wait_tag = job->tag;
    s->wait_job = job;
    sable_virgl_queue(s->virgl, job);
    eng->state = ENG_3D;
    return CMD_BLOCKED;
}

void sable_3d_poll(SableDevice *dev)
{
    Sable3D *s = &dev->s3d;
    SableVirglJob *job;

    if (!s->virgl) {
        return;
    }
    while ((job = sable_virgl_done(s->virgl))) {
        SableEngine *eng = &dev->eng[SABLE_ENGINE_GRAPHICS];
        if (!job->tag || job->tag != s->wait_tag || eng->state != ENG_3D) {
            sable_virgl_job_free(job);
            continue;
        }
        s->wait_tag = 0;
        s->wait_job = NULL;
        if (job->op == SABLE_VIRGL_FENCE) {
            end_submission(s);
            sable_virgl_job_free(job);
        } else {
            sable_virgl_job_free(s->result);
            s->result = job;
        }
        eng->state = ENG_READY;
        dev->ops.schedule(dev->opaque, SABLE_ENGINE_GRAPHICS);
    }
}

bool sable_3d_fence_begin(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;

    if (!s->virgl || eng->index != SABLE_ENGINE_GRAPHICS) {
        return false;
    }
    if (!s->fence_needed) {
        end_submission(s);
        return false;
    }
    wait_for(eng, sable_virgl_job_new(SABLE_VIRGL_FENCE));
    return true;
}

bool sable_3d_busy(const SableDevice *dev)
{
    return dev->s3d.virgl && sable_virgl_pending(dev->s3d.virgl) > 0;
}

/* ---- packet checks ------------------------------------------------------ */

static SableCmdResult fault3d(SableEngine *eng, uint32_t code)
{
    sable_fault(eng, code, sable_cmd_gpa(eng), 0);
    return CMD_FAULT;
}

/* The 3D engine exists and this is the graphics engine. */
static bool usable(SableEngine *eng, SableCmdResult *r)
{
    if (!eng->dev->s3d.virgl) {
        *r = fault3d(eng, SABLE_FAULT_INVALID_COMMAND);
        return false;
    }
    if (eng->index != SABLE_ENGINE_GRAPHICS) {
        *r = fault3d(eng, SABLE_FAULT_3D_OBJECT);
        return false;
    }
    return true;
}

static bool ctx_ok(const Sable3D *s, uint32_t ctx)
{
    return ctx >= 1 && ctx <= SABLE_3D_MAX_CONTEXTS && s->ctx_live[ctx];
}

static bool res_ok(const Sable3D *s, uint32_t res)
{
    return res >= 1 && res <= SABLE_3D_MAX_RESOURCES && s->res[res].live;
}

/* The job came back: a virglrenderer error faults the packet. */
static SableCmdResult finish(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    int result = s->result ? s->result->result : -1;

    if (result != 0) {
        sable_virgl_job_free(s->result);
        s->result = NULL;
        return fault3d(eng, SABLE_FAULT_3D_REJECTED);
    }
    return CMD_DONE;
}

static void drop_result(Sable3D *s)
{
    sable_virgl_job_free(s->result);
    s->result = NULL;
}

/* ---- packets ------------------------------------------------------------ */

static bool ensure(const SableEngine *eng)
{
    return SABLE_CMD_FLAGS(eng->pkt.header) & SABLE_CMD_F_ENSURE;
}

SableCmdResult sable_cmd_3d_ctx_create(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_ctx *c = &eng->pkt.ctx3d;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    if (eng->progress == STEP_START && ensure(eng) && ctx_ok(s, c->ctx_id)) {
        return CMD_DONE;
    }
    if (eng->progress == STEP_START) {
        if (c->ctx_id < 1 || c->ctx_id > SABLE_3D_MAX_CONTEXTS ||
            s->ctx_live[c->ctx_id]) {
            return fault3d(eng, SABLE_FAULT_3D_OBJECT);
        }
        eng->progress = STEP_WAIT;
        SableVirglJob *job = sable_virgl_job_new(SABLE_VIRGL_CTX_CREATE);
        job->ctx = c->ctx_id;
        return wait_for(eng, job);
    }
    r = finish(eng);
    if (r == CMD_DONE) {
        s->ctx_live[c->ctx_id] = true;
        s->ctx_count++;
        drop_result(s);
    }
    return r;
}

SableCmdResult sable_cmd_3d_ctx_destroy(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_ctx *c = &eng->pkt.ctx3d;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    if (!ctx_ok(s, c->ctx_id)) {
        return ensure(eng) && c->ctx_id >= 1 && c->ctx_id <= SABLE_3D_MAX_CONTEXTS
                   ? CMD_DONE : fault3d(eng, SABLE_FAULT_3D_OBJECT);
    }
    if (s->guilty_ctx == c->ctx_id) {
        s->guilty_ctx = 0;
    }
    destroy_ctx(s, c->ctx_id);
    return CMD_DONE;
}

SableCmdResult sable_cmd_3d_res_create(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_res_create *c = &eng->pkt.res3d;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    if (eng->progress == STEP_START) {
        if (!sable_range_ok(c->backing_addr, c->backing_size)) {
            return fault3d(eng, SABLE_FAULT_BAD_ARGUMENT);
        }
        if (ensure(eng) && res_ok(s, c->res_id)) { /* live: its backing moves */
            s->res[c->res_id].backing_addr = c->backing_addr;
            s->res[c->res_id].backing_size = c->backing_size;
            return CMD_DONE;
        }
        if (c->res_id < 1 || c->res_id > SABLE_3D_MAX_RESOURCES ||
            s->res[c->res_id].live) {
            return fault3d(eng, SABLE_FAULT_3D_OBJECT);
        }
        eng->progress = STEP_WAIT;
        SableVirglJob *job = sable_virgl_job_new(SABLE_VIRGL_RES_CREATE);
        job->res = c->res_id;
        job->desc = (SableVirglResDesc){
            c->target, c->format, c->bind, c->width, c->height, c->depth,
            c->array_size, c->last_level, c->nr_samples, c->flags,
        };
        return wait_for(eng, job);
    }
    r = finish(eng);
    if (r == CMD_DONE) {
        s->res[c->res_id] = (Sable3DRes){ true, c->backing_addr,
                                          c->backing_size };
        s->res_count++;
        drop_result(s);
    }
    return r;
}

SableCmdResult sable_cmd_3d_res_destroy(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_res *c = &eng->pkt.res3d_id;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    if (!res_ok(s, c->res_id)) {
        return ensure(eng) && c->res_id >= 1 && c->res_id <= SABLE_3D_MAX_RESOURCES
                   ? CMD_DONE : fault3d(eng, SABLE_FAULT_3D_OBJECT);
    }
    s->res[c->res_id].live = false;
    s->res_count--;
    queue_job(s, SABLE_VIRGL_RES_DESTROY, 0, c->res_id);
    return CMD_DONE;
}

SableCmdResult sable_cmd_3d_res_backing(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_res_backing *c = &eng->pkt.backing3d;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    if (!res_ok(s, c->res_id)) {
        return fault3d(eng, SABLE_FAULT_3D_OBJECT);
    }
    if (!sable_range_ok(c->backing_addr, c->backing_size)) {
        return fault3d(eng, SABLE_FAULT_BAD_ARGUMENT);
    }
    s->res[c->res_id].backing_addr = c->backing_addr;
    s->res[c->res_id].backing_size = c->backing_size;
    return CMD_DONE;
}

SableCmdResult sable_cmd_3d_attach(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_attach *c = &eng->pkt.attach3d;
    bool attach = SABLE_CMD_OPCODE(c->header) == SABLE_OP_3D_ATTACH;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    if (c->reserved) {
        return fault3d(eng, SABLE_FAULT_BAD_ARGUMENT);
    }
    if (!ctx_ok(s, c->ctx_id) || !res_ok(s, c->res_id)) {
        return fault3d(eng, SABLE_FAULT_3D_OBJECT);
    }
    queue_job(s, attach ? SABLE_VIRGL_ATTACH : SABLE_VIRGL_DETACH, c->ctx_id,
              c->res_id);
    return CMD_DONE;
}

static bool swap_z24s8(const SableEngine *eng)
{
    return SABLE_CMD_FLAGS(eng->pkt.header) & SABLE_CMD_F_SWAP_Z24S8;
}

/* D24_UNORM_S8_UINT <-> S8_UINT_Z24_UNORM, every whole dword of data. */
static void rotate_z24s8(uint8_t *data, uint32_t len, bool to_host)
{
    for (uint32_t i = 0; i + 4 <= len; i += 4) {
        uint32_t v;
        memcpy(&v, data + i, 4);
        v = to_host ? v << 8 | v >> 24 : v >> 8 | v << 24;
        memcpy(data + i, &v, 4);
    }
}

static SableCmdResult transfer_start(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_transfer *c = &eng->pkt.transfer3d;
    bool to_host = c->direction == SABLE_3D_TO_HOST;

    if (!res_ok(s, c->res_id)) {
        return fault3d(eng, SABLE_FAULT_3D_OBJECT);
    }
    const Sable3DRes *res = &s->res[c->res_id];
    if (c->direction > SABLE_3D_FROM_HOST || c->size == 0 ||
        c->size > SABLE_3D_MAX_TRANSFER_BYTES ||
        c->offset > res->backing_size ||
        c->size > res->backing_size - c->offset ||
        (swap_z24s8(eng) && c->size % 4)) {
        return fault3d(eng, SABLE_FAULT_BAD_ARGUMENT);
    }
    SableVirglJob *job = sable_virgl_job_new(to_host ? SABLE_VIRGL_WRITE
                                                     : SABLE_VIRGL_READ);
    job->res = c->res_id;
    job->box = (SableVirglBox){ c->level, c->x, c->y, c->z, c->w, c->h, c->d,
                                c->stride, c->layer_stride };
    job->len = (uint32_t)c->size;
    job->data = g_malloc0(job->len);
    if (to_host && !sable_gpu_read(eng, res->backing_addr + c->offset,
                                   job->data, job->len)) {
        sable_virgl_job_free(job);
        return CMD_FAULT;
    }
    if (to_host && swap_z24s8(eng)) {
        rotate_z24s8(job->data, job->len, true);
    }
    eng->progress = STEP_WAIT;
    return wait_for(eng, job);
}

SableCmdResult sable_cmd_3d_transfer(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_transfer *c = &eng->pkt.transfer3d;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    if (eng->progress == STEP_START) {
        return transfer_start(eng);
    }
    r = finish(eng);
    if (r == CMD_DONE && c->direction == SABLE_3D_FROM_HOST && swap_z24s8(eng)) {
        rotate_z24s8(s->result->data, s->result->len, false);
    }
    if (r == CMD_DONE && c->direction == SABLE_3D_FROM_HOST &&
        !sable_gpu_write(eng, s->res[c->res_id].backing_addr + c->offset,
                         s->result->data, s->result->len)) {
        r = CMD_FAULT;
    }
    drop_result(s);
    return r;
}

/* The stream's framing: every command's length fits in the stream. */
static bool framing_ok(const uint32_t *dw, uint32_t n)
{
    for (uint32_t i = 0; i < n; i += 1 + SABLE_VIRGL_CMD_LEN(dw[i])) {
        if (SABLE_VIRGL_CMD_LEN(dw[i]) > n - i - 1) {
            return false;
        }
    }
    return true;
}

/* Append the stream's commands up to `end` (the failing one included) to
 * the recent ring. */
static void record_recent(Sable3D *s, uint32_t ctx, const SableVirglJob *job,
                          uint32_t end, uint32_t result)
{
    const uint32_t *dw = (const uint32_t *)job->data;
    uint32_t n = job->len / 4;

    for (uint32_t i = 0; i < n && i <= end; i += 1 + SABLE_VIRGL_CMD_LEN(dw[i])) {
        s->recent[s->recent_next] = (struct sable_dump_3d_cmd){
            .stream_addr = s->stream_addr, .context_id = ctx,
            .header = dw[i], .offset_dw = i,
            .result = i == end ? result : 0,
        };
        s->recent_next = (s->recent_next + 1) % SABLE_CORE_3D_RECENT;
        s->recent_count = MIN(s->recent_count + 1, SABLE_CORE_3D_RECENT);
    }
}

/* The stream came back: record it; a rejected command faults at its own
 * GPU address (the packet's offset is in the fault record). */
static SableCmdResult submit_finish(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_submit *c = &eng->pkt.submit3d;
    SableVirglJob *job = s->result;

    if (s->slow_until && sable_now(eng->dev) < s->slow_until) {
        sable_engine_block(eng, ENG_STALL, s->slow_until);
        return CMD_BLOCKED;
    }
    s->slow_until = 0;
    if (!job) {
        return fault3d(eng, SABLE_FAULT_3D_REJECTED);
    }
    uint32_t pos = (uint32_t)g_atomic_int_get(&job->pos_dw);
    s->stream_pos_dw = pos;
    s->stream_cmd = pos < c->size_dw ? ((const uint32_t *)job->data)[pos] : 0;
    if (job->result == 0) {
        record_recent(s, c->ctx_id, job, UINT32_MAX, 0);
        drop_result(s);
        return CMD_DONE;
    }
    record_recent(s, c->ctx_id, job, pos, SABLE_FAULT_3D_REJECTED);
    drop_result(s);
    sable_fault(eng, SABLE_FAULT_3D_REJECTED, c->addr + 4ull * pos, 0);
    return CMD_FAULT;
}

/* Injections that apply to a SUBMIT about to run; true if one fired. */
static bool submit_injected(SableEngine *eng, SableCmdResult *r)
{
    Sable3D *s = &eng->dev->s3d;
    uint64_t delay;

    if (sable_inject_take(eng, SABLE_INJECT_CONTEXT_ERROR, NULL)) {
        sable_fault(eng, SABLE_FAULT_3D_REJECTED, eng->pkt.submit3d.addr,
                    SABLE_FAULT_F_INJECTED);
        *r = CMD_FAULT;
        return true;
    }
    if (sable_inject_take(eng, SABLE_INJECT_DRAW_HANG, NULL)) {
        sable_engine_stop(eng);
        eng->state = ENG_HUNG;
        sable_history_add(eng, SABLE_FAULT_NONE);
        *r = CMD_BLOCKED;
        return true;
    }
    if (sable_inject_take(eng, SABLE_INJECT_DRAW_SLOW, &delay)) {
        s->slow_until = sable_now(eng->dev) + delay;
    }
    return false;
}

SableCmdResult sable_cmd_3d_submit(SableEngine *eng)
{
    Sable3D *s = &eng->dev->s3d;
    const struct sable_cmd_3d_submit *c = &eng->pkt.submit3d;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    if (eng->progress == STEP_WAIT) {
        return submit_finish(eng);
    }
    if (!ctx_ok(s, c->ctx_id)) {
        return fault3d(eng, SABLE_FAULT_3D_OBJECT);
    }
    s->guilty_ctx = c->ctx_id; /* from here on, its faults are its own */
    if (c->reserved || (c->addr & 3) || c->size_dw == 0 ||
        c->size_dw > SABLE_3D_MAX_STREAM_BYTES / 4 ||
        !sable_range_ok(c->addr, 4ull * c->size_dw)) {
        return fault3d(eng, SABLE_FAULT_BAD_ARGUMENT);
    }
    s->stream_addr = c->addr;
    s->stream_dw = c->size_dw;
    s->stream_pos_dw = s->stream_cmd = 0;
    SableVirglJob *job = sable_virgl_job_new(SABLE_VIRGL_SUBMIT);
    job->ctx = c->ctx_id;
    job->len = 4 * c->size_dw;
    job->data = g_malloc(job->len);
    if (!sable_gpu_read(eng, c->addr, job->data, job->len)) {
        sable_virgl_job_free(job);
        return CMD_FAULT;
    }
    if (!framing_ok((const uint32_t *)job->data, c->size_dw)) {
        sable_virgl_job_free(job);
        return fault3d(eng, SABLE_FAULT_3D_REJECTED);
    }
    if (submit_injected(eng, &r)) {
        sable_virgl_job_free(job);
        return r;
    }
    s->fence_needed = true;
    eng->progress = STEP_WAIT;
    return wait_for(eng, job);
}

SableCmdResult sable_cmd_3d_caps(SableEngine *eng)
{
    const struct sable_cmd_3d_caps *c = &eng->pkt.caps3d;
    SableCmdResult r;

    if (!usable(eng, &r)) {
        return r;
    }
    const SableVirglCaps *vc = sable_virgl_caps(eng->dev->s3d.virgl);
    struct sable_3d_caps hdr = {
        .version = SABLE_3D_CAPS_VERSION, .capset_id = vc->capset_id,
        .capset_version = vc->capset_version, .capset_size = vc->capset_size,
        .max_contexts = SABLE_3D_MAX_CONTEXTS,
        .max_resources = SABLE_3D_MAX_RESOURCES,
        .max_stream_bytes = SABLE_3D_MAX_STREAM_BYTES,
        .max_transfer_bytes = SABLE_3D_MAX_TRANSFER_BYTES,
    };
    if (c->size < sizeof(hdr) || !sable_range_ok(c->addr, c->size)) {
        return fault3d(eng, SABLE_FAULT_BAD_ARGUMENT);
    }
    uint64_t caps_len = MIN((uint64_t)c->size - sizeof(hdr), vc->capset_size);
    if (!sable_gpu_write(eng, c->addr, &hdr, sizeof(hdr)) ||
        (caps_len && !sable_gpu_write(eng, c->addr + sizeof(hdr),
                                      vc->capset, caps_len))) {
        return CMD_FAULT;
    }
    return CMD_DONE;
}
