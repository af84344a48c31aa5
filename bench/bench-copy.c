/* SPDX-License-Identifier: MIT */
/* COPY bandwidth between VRAM and GART-mapped system memory, as a ratio to
 * memcpy of the same size measured in the same run, as many times. */
#include <string.h>

#include "bench.h"

#define COPY_REPEATS 5

typedef struct CopyCtx {
    SqtDevice *d;
    SqtCmdBuf cb;
    uint64_t size;
} CopyCtx;

static double time_device_copy(void *p)
{
    CopyCtx *c = p;
    double t0 = bench_now_s();
    uint64_t fence = sqt_submit_cmdbuf(c->d, SABLE_ENGINE_COPY, &c->cb);
    if (!sqt_wait_fence(c->d, SABLE_ENGINE_COPY, fence, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
        sqt_fatal(c->d->m, "bench: COPY of %" G_GUINT64_FORMAT " bytes did not complete",
                  c->size);
    }
    return bench_now_s() - t0;
}

static BenchTimes device_copy(SqtDevice *d, uint64_t dst, uint64_t src, uint64_t size)
{
    CopyCtx c = { d, sqt_cmdbuf_new(d, 64), size };
    sqt_cmd_copy(&c.cb, dst, src, size);
    return bench_time(time_device_copy, &c, COPY_REPEATS);
}

void bench_copy(SqtDevice *d, uint64_t size, GArray *out)
{
    SqtBuf sys = sqt_alloc(d, size, 4096);
    uint64_t vram = sqt_vram_alloc(d, size, 4096);
    memset(sys.ptr, 0x5a, size);
    memset(sqt_vram_ptr(d->m, vram, size), 0xa5, size);
    void *a = g_malloc(size), *b = g_malloc(size);
    memset(a, 1, size);
    BenchTimes ref = bench_time_memcpy(b, a, size, COPY_REPEATS);
    BenchTimes to_sys = device_copy(d, sys.gpu, vram, size);
    BenchTimes to_vram = device_copy(d, vram, sys.gpu, size);
    g_free(a);
    g_free(b);
    double mib = (double)size / (1 << 20);
    bench_add_ratio(out, "copy_vram_to_sys", "COPY VRAM->system", &ref, &to_sys, mib);
    bench_add_ratio(out, "copy_sys_to_vram", "COPY system->VRAM", &ref, &to_vram, mib);
    bench_add_memcpy(out, "memcpy_mib_s", "memcpy, 64 MiB (reference)", &ref, mib);
}
