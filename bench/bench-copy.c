/* SPDX-License-Identifier: MIT */
/* COPY bandwidth between VRAM and GART-mapped system memory, as a ratio to
 * memcpy of the same size measured in the same run, interleaved with it. */
#include <string.h>

#include "bench.h"

#define COPY_REPEATS 5
#define BOUND_REPEATS 15

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

void bench_copy(SqtDevice *d, uint64_t size, GArray *out)
{
    SqtBuf sys = sqt_alloc(d, size, 4096);
    uint64_t vram = sqt_vram_alloc(d, size, 4096);
    memset(sys.ptr, 0x5a, size);
    memset(sqt_vram_ptr(d->m, vram, size), 0xa5, size);
    void *a = g_malloc(size), *b = g_malloc(size);
    memset(a, 1, size);
    BenchRef ref = { b, a, size };
    CopyCtx to_sys = { d, sqt_cmdbuf_new(d, 64), size }, to_vram = to_sys;
    to_vram.cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_copy(&to_sys.cb, sys.gpu, vram, size);
    sqt_cmd_copy(&to_vram.cb, vram, sys.gpu, size);
    const BenchSubject subj[] = {
        { "copy_vram_to_sys", "COPY VRAM->system", time_device_copy, &to_sys },
        { "copy_sys_to_vram", "COPY system->VRAM", time_device_copy, &to_vram },
    };
    bench_ratios(out, &ref, subj, G_N_ELEMENTS(subj), COPY_REPEATS, (double)size / (1 << 20),
                 "memcpy_mib_s", "memcpy, 64 MiB (reference)");
    g_free(a);
    g_free(b);
}

/* The bound of the stack's one-copy paths: the CPU's memcpy of size bytes
 * into VRAM through its shared mapping (where an upload in place writes)
 * and out of GART-mapped guest RAM (where a read back reads staging), each
 * against memcpy between heap buffers of the same size, interleaved. */
void bench_cpu_bounds(SqtDevice *d, uint64_t size, GArray *out)
{
    SqtBuf sys = sqt_alloc(d, size, 4096);
    uint8_t *vram = sqt_vram_ptr(d->m, sqt_vram_alloc(d, size, 4096), size);
    uint8_t *host = g_malloc(3 * size);
    memset(host, 0x3c, 3 * size);
    memset(sys.ptr, 0x5a, size);
    BenchRef ref = { host + size, host, size };
    BenchRef to_vram = { vram, host, size }, from_ram = { host + 2 * size, sys.ptr, size };
    const BenchSubject subj[] = {
        { "cpu_to_vram", "CPU memcpy into VRAM's mapping, 8 MiB", bench_memcpy_once, &to_vram },
        { "cpu_from_guest_ram", "CPU memcpy out of guest RAM, 8 MiB", bench_memcpy_once,
          &from_ram },
    };
    bench_ratios(out, &ref, subj, G_N_ELEMENTS(subj), BOUND_REPEATS, (double)size / (1 << 20),
                 "bounds_memcpy_mib_s", "memcpy, 8 MiB heap to heap (reference)");
    g_free(host);
}
