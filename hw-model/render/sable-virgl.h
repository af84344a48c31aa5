/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-virgl: the process's one virglrenderer (headless: EGL surfaceless on
 * Mesa, llvmpipe here), owned by one dedicated thread. Callers never touch
 * virglrenderer themselves: they queue jobs and collect them when done, so
 * the caller's thread (QEMU's main loop) never waits on GL.
 *
 * One owner at a time (virglrenderer is one instance per process):
 * sable_virgl_open() fails while another owner holds it. Jobs run in queue
 * order; each finished job goes to the owner's done queue and the owner's
 * notify callback runs (on the 3D thread, under this module's lock: it must
 * only wake the owner's main loop and call nothing of this module). sable_virgl_close() never waits: jobs still queued run, and
 * their results are freed by the 3D thread. Object ids are virglrenderer's
 * handles, so the owner must destroy its objects (queue the jobs) before
 * closing; the next owner then starts from a clean renderer.
 */
#ifndef SABLE_VIRGL_H_HOST
#define SABLE_VIRGL_H_HOST

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

typedef enum SableVirglOp {
    SABLE_VIRGL_CTX_CREATE,  /* ctx */
    SABLE_VIRGL_CTX_DESTROY, /* ctx */
    SABLE_VIRGL_RES_CREATE,  /* res, desc */
    SABLE_VIRGL_RES_DESTROY, /* res */
    SABLE_VIRGL_ATTACH,      /* ctx, res */
    SABLE_VIRGL_DETACH,      /* ctx, res */
    SABLE_VIRGL_SUBMIT,      /* ctx, data = stream (len bytes, multiple of 4) */
    SABLE_VIRGL_WRITE,       /* res, box: data (len bytes) -> host copy */
    SABLE_VIRGL_READ,        /* res, box: host copy -> data (len bytes) */
    SABLE_VIRGL_FENCE,       /* done once all earlier GPU work finished */
} SableVirglOp;

typedef struct SableVirglResDesc {
    uint32_t target, format, bind, width, height, depth;
    uint32_t array_size, last_level, nr_samples, flags;
} SableVirglResDesc;

typedef struct SableVirglBox {
    uint32_t level, x, y, z, w, h, d, stride, layer_stride;
} SableVirglBox;

typedef struct SableVirglJob {
    SableVirglOp op;
    uint32_t ctx, res;
    SableVirglResDesc desc;
    SableVirglBox box;
    uint8_t *data;      /* g_malloc'ed, freed with the job */
    uint32_t len;
    int result;         /* set by the 3D thread: 0 or a negative errno */
    /* SUBMIT: the stream is submitted one command at a time; pos_dw is the
     * dword offset of the command being executed (atomic, readable while
     * the job runs), and after a failure that of the failing command. */
    volatile gint pos_dw;
    uint64_t tag;       /* the owner's */
} SableVirglJob;

typedef struct SableVirglCaps {
    uint32_t capset_id, capset_version, capset_size;
    const uint8_t *capset; /* capset_size bytes, valid while open */
} SableVirglCaps;

typedef struct SableVirgl SableVirgl;

/* Start (once per process) or reuse the 3D thread and take ownership.
 * NULL with err set if the renderer cannot start or is owned. */
SableVirgl *sable_virgl_open(void (*notify)(void *opaque), void *opaque,
                             GError **err);
void sable_virgl_close(SableVirgl *v);
SableVirglJob *sable_virgl_job_new(SableVirglOp op);
void sable_virgl_job_free(SableVirglJob *job);
/* Queue a job (ownership passes to the 3D thread until it is done). */
void sable_virgl_queue(SableVirgl *v, SableVirglJob *job);
/* The oldest finished job, or NULL; ownership passes to the caller. */
SableVirglJob *sable_virgl_done(SableVirgl *v);
/* Jobs queued and not yet collected with sable_virgl_done. */
unsigned sable_virgl_pending(SableVirgl *v);
const SableVirglCaps *sable_virgl_caps(SableVirgl *v);

#endif
