/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sable-virgl.c: the 3D thread (see sable-virgl.h). The renderer starts on
 * the thread with EGL surfaceless + THREAD_SYNC, so fences retire through
 * virglrenderer's sync thread and its poll fd: FENCE jobs block on that fd
 * (no timer), never the caller. Everything in here runs on the 3D thread
 * except the queue/owner bookkeeping, which is under `lock`.
 */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <virgl/virglrenderer.h>

#include "sable-virgl.h"

/* virglrenderer's struct virgl_box (opaque in its public header). */
struct virgl_box {
    uint32_t x, y, z, w, h, d;
};

#define CAPSET_VIRGL2 2u

struct SableVirgl {
    void (*notify)(void *opaque);
    void *opaque;
    GQueue done;         /* finished jobs */
    unsigned outstanding; /* queued or running */
    bool closed;
};

typedef struct Job {
    SableVirglJob pub;
    SableVirgl *owner;
} Job;

static struct {
    GMutex lock;
    GCond cond;
    GThread *thread;
    int init;            /* 0: starting, 1: up, -1: failed */
    GQueue queue;        /* Job, in order */
    SableVirgl *owner;   /* current owner (not closed) */
    SableVirglCaps caps;
    uint32_t fence_seq;  /* 3D thread only */
    volatile gint fence_done;
    bool quit;           /* process exit: the thread cleans up and ends */
    bool stopped;        /* ... and has */
} g3d;

/* virglrenderer reports some stream errors only through its log (the
 * context is then in error and ignores what follows): a "context error"
 * message during a job makes the job fail. 3D thread only. */
static bool job_error;

static void debug_log(const char *fmt, va_list ap)
{
    if (strstr(fmt, "context error")) {
        job_error = true;
    }
    if (g_getenv("SABLE_VIRGL_DEBUG")) {
        vfprintf(stderr, fmt, ap);
    }
}

static void write_fence(void *cookie, uint32_t fence)
{
    g_atomic_int_set(&g3d.fence_done, (gint)fence);
}

static struct virgl_renderer_callbacks callbacks = {
    .version = 1,
    .write_fence = write_fence,
};

static int norm(int r)
{
    return r > 0 ? -r : r;
}

static int run_fence(void)
{
    uint32_t id = ++g3d.fence_seq;
    int r = virgl_renderer_create_fence((int)id, 0);
    int fd = virgl_renderer_get_poll_fd();

    if (r) {
        return norm(r);
    }
    virgl_renderer_poll();
    while ((int32_t)((uint32_t)g_atomic_int_get(&g3d.fence_done) - id) < 0) {
        if (fd >= 0) {
            struct pollfd p = { .fd = fd, .events = POLLIN };
            poll(&p, 1, -1);
        } else {
            g_usleep(100);
        }
        virgl_renderer_poll();
    }
    return 0;
}

static int run_res_create(SableVirglJob *j)
{
    struct virgl_renderer_resource_create_args a = {
        .handle = j->res, .target = j->desc.target, .format = j->desc.format,
        .bind = j->desc.bind, .width = j->desc.width,
        .height = j->desc.height, .depth = j->desc.depth,
        .array_size = j->desc.array_size, .last_level = j->desc.last_level,
        .nr_samples = j->desc.nr_samples, .flags = j->desc.flags,
    };
    return norm(virgl_renderer_resource_create(&a, NULL, 0));
}

static int run_transfer(SableVirglJob *j, bool write)
{
    struct virgl_box b = { j->box.x, j->box.y, j->box.z,
                           j->box.w, j->box.h, j->box.d };
    struct iovec iov = { .iov_base = j->data, .iov_len = j->len };

    if (write) {
        return norm(virgl_renderer_transfer_write_iov(
            j->res, 0, (int)j->box.level, j->box.stride, j->box.layer_stride,
            &b, 0, &iov, 1));
    }
    return norm(virgl_renderer_transfer_read_iov(
        j->res, 0, j->box.level, j->box.stride, j->box.layer_stride, &b, 0,
        &iov, 1));
}

/* One command per virgl_renderer_submit_cmd call: the failing command is
 * known exactly, and pos_dw shows the one executing (the framing was
 * checked by the caller; it is checked again here). */
static int run_submit(SableVirglJob *j)
{
    const uint32_t *dw = (const uint32_t *)j->data;
    uint32_t n = j->len / 4;

    for (uint32_t i = 0; i < n;) {
        uint32_t len = 1 + (dw[i] >> 16);
        g_atomic_int_set(&j->pos_dw, (gint)i);
        if (len > n - i) {
            return -EINVAL;
        }
        int r = virgl_renderer_submit_cmd((void *)&dw[i], (int)j->ctx,
                                          (int)len);
        if (r || job_error) {
            return r ? norm(r) : -EIO;
        }
        i += len;
    }
    g_atomic_int_set(&j->pos_dw, (gint)n);
    return 0;
}

static int run_job(SableVirglJob *j)
{
    switch (j->op) {
    case SABLE_VIRGL_CTX_CREATE:
        return norm(virgl_renderer_context_create(j->ctx, 5, "sable"));
    case SABLE_VIRGL_CTX_DESTROY:
        virgl_renderer_context_destroy(j->ctx);
        return 0;
    case SABLE_VIRGL_RES_CREATE:
        return run_res_create(j);
    case SABLE_VIRGL_RES_DESTROY:
        virgl_renderer_resource_unref(j->res);
        return 0;
    case SABLE_VIRGL_ATTACH:
        virgl_renderer_ctx_attach_resource((int)j->ctx, (int)j->res);
        return 0;
    case SABLE_VIRGL_DETACH:
        virgl_renderer_ctx_detach_resource((int)j->ctx, (int)j->res);
        return 0;
    case SABLE_VIRGL_SUBMIT:
        return run_submit(j);
    case SABLE_VIRGL_WRITE:
        return run_transfer(j, true);
    case SABLE_VIRGL_READ:
        return run_transfer(j, false);
    case SABLE_VIRGL_FENCE:
        return run_fence();
    }
    return -EINVAL;
}

/* At process exit, before EGL's and Mesa's own exit handlers (registered
 * while the renderer started, so they run after this one), the 3D thread
 * tears virglrenderer down and ends: nothing of it still runs while the
 * process dismantles the libraries under it. Bounded: a thread stuck in GL
 * work is left alone after SABLE_VIRGL_EXIT_WAIT_US. */
#define SABLE_VIRGL_EXIT_WAIT_US (2 * G_TIME_SPAN_SECOND)

static void stop_at_exit(void)
{
    gint64 deadline = g_get_monotonic_time() + SABLE_VIRGL_EXIT_WAIT_US;

    g_mutex_lock(&g3d.lock);
    g3d.quit = true;
    g_cond_broadcast(&g3d.cond);
    while (!g3d.stopped && g_cond_wait_until(&g3d.cond, &g3d.lock, deadline)) {
    }
    bool stopped = g3d.stopped;
    g_mutex_unlock(&g3d.lock);
    if (stopped) {
        g_thread_join(g3d.thread);
    }
}

/* Mesa's GL driver (a DRI module EGL loaded for virglrenderer) stays
 * loaded until the process ends: virgl_renderer_cleanup at exit makes EGL
 * unload it, which would leave the few allocations Mesa keeps for the
 * process pointed at from a vanished module (reported as leaks). */
static int pin_gl_driver(struct dl_phdr_info *info, size_t size, void *unused)
{
    const char *name = info->dlpi_name;
    if (name && (strstr(name, "_dri.so") || strstr(name, "libgallium"))) {
        (void)dlopen(name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    }
    return 0;
}

static void start_renderer(void)
{
    int flags = VIRGL_RENDERER_USE_EGL | VIRGL_RENDERER_USE_SURFACELESS |
                VIRGL_RENDERER_THREAD_SYNC;
    uint32_t ver = 0, size = 0;
    uint8_t *caps = NULL;
    int ok;

    virgl_set_debug_callback(debug_log);
    ok = virgl_renderer_init(&g3d, flags, &callbacks) == 0 ? 1 : -1;

    if (ok == 1) {
        virgl_renderer_get_cap_set(CAPSET_VIRGL2, &ver, &size);
        caps = g_malloc0(MAX(size, 1));
        virgl_renderer_fill_caps(CAPSET_VIRGL2, ver, caps);
        dl_iterate_phdr(pin_gl_driver, NULL);
        atexit(stop_at_exit);
    }
    g_mutex_lock(&g3d.lock);
    g3d.caps = (SableVirglCaps){ CAPSET_VIRGL2, ver, size, caps };
    g3d.init = ok;
    g_cond_broadcast(&g3d.cond);
    g_mutex_unlock(&g3d.lock);
}

/* Hand a finished job to its owner, or free it if the owner closed. */
static void deliver(Job *job)
{
    SableVirgl *v = job->owner;

    /* notify under the lock: close() cannot free the owner meanwhile */
    g_mutex_lock(&g3d.lock);
    v->outstanding--;
    if (v->closed) {
        sable_virgl_job_free(&job->pub);
        if (!v->outstanding) {
            g_free(v);
        }
    } else {
        g_queue_push_tail(&v->done, job);
        v->notify(v->opaque);
    }
    g_mutex_unlock(&g3d.lock);
}

static gpointer thread_main(gpointer unused)
{
    start_renderer();
    if (g3d.init < 0) {
        return NULL;
    }
    for (;;) {
        g_mutex_lock(&g3d.lock);
        while (g_queue_is_empty(&g3d.queue) && !g3d.quit) {
            g_cond_wait(&g3d.cond, &g3d.lock);
        }
        if (g3d.quit) {
            g_mutex_unlock(&g3d.lock);
            break;
        }
        Job *job = g_queue_pop_head(&g3d.queue);
        g_mutex_unlock(&g3d.lock);
        job_error = false;
        job->pub.result = run_job(&job->pub);
        if (job_error && job->pub.result == 0) {
            job->pub.result = -EIO;
        }
        deliver(job);
    }
    virgl_renderer_cleanup(NULL);
    g_mutex_lock(&g3d.lock);
    g3d.stopped = true;
    g_cond_broadcast(&g3d.cond);
    g_mutex_unlock(&g3d.lock);
    return NULL;
}

SableVirgl *sable_virgl_open(void (*notify)(void *opaque), void *opaque,
                             GError **err)
{
    SableVirgl *v = NULL;

    g_mutex_lock(&g3d.lock);
    if (!g3d.thread) {
        g3d.thread = g_thread_new("sable-3d", thread_main, NULL);
    }
    while (!g3d.init) {
        g_cond_wait(&g3d.cond, &g3d.lock);
    }
    if (g3d.init < 0) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                    "sable: virglrenderer failed to start (EGL surfaceless)");
    } else if (g3d.owner) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                    "sable: the 3D engine (virglrenderer, one per process) is "
                    "already used by another sable-gpu; set 3d=off on this one");
    } else {
        v = g_new0(SableVirgl, 1);
        v->notify = notify;
        v->opaque = opaque;
        g_queue_init(&v->done);
        g3d.owner = v;
    }
    g_mutex_unlock(&g3d.lock);
    return v;
}

void sable_virgl_close(SableVirgl *v)
{
    if (!v) {
        return;
    }
    g_mutex_lock(&g3d.lock);
    Job *job;
    while ((job = g_queue_pop_head(&v->done))) {
        sable_virgl_job_free(&job->pub);
    }
    v->closed = true;
    g3d.owner = NULL;
    bool free_now = v->outstanding == 0;
    g_mutex_unlock(&g3d.lock);
    if (free_now) {
        g_free(v);
    }
}

SableVirglJob *sable_virgl_job_new(SableVirglOp op)
{
    Job *job = g_new0(Job, 1);
    job->pub.op = op;
    return &job->pub;
}

void sable_virgl_job_free(SableVirglJob *job)
{
    if (job) {
        g_free(job->data);
        g_free((Job *)job);
    }
}

void sable_virgl_queue(SableVirgl *v, SableVirglJob *pub)
{
    Job *job = (Job *)pub;

    job->owner = v;
    g_mutex_lock(&g3d.lock);
    v->outstanding++;
    g_queue_push_tail(&g3d.queue, job);
    g_cond_broadcast(&g3d.cond);
    g_mutex_unlock(&g3d.lock);
}

SableVirglJob *sable_virgl_done(SableVirgl *v)
{
    g_mutex_lock(&g3d.lock);
    Job *job = g_queue_pop_head(&v->done);
    g_mutex_unlock(&g3d.lock);
    return job ? &job->pub : NULL;
}

unsigned sable_virgl_pending(SableVirgl *v)
{
    g_mutex_lock(&g3d.lock);
    unsigned n = v->outstanding + g_queue_get_length(&v->done);
    g_mutex_unlock(&g3d.lock);
    return n;
}

const SableVirglCaps *sable_virgl_caps(SableVirgl *v)
{
    return &g3d.caps;
}
