/* SPDX-License-Identifier: MIT */
/* COPY bandwidth between VRAM and GART-mapped system memory, as a ratio to
 * memcpy of the same size measured in the same run. */
#include <string.h>

#include "bench.h"

#define COPY_REPEATS 3

static double best_device_copy_s(SqtDevice *d, uint64_t dst, uint64_t src,
                                 uint64_t size)
{
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_copy(&cb, dst, src, size);
    double best = G_MAXDOUBLE;
    for (int i = 0; i < COPY_REPEATS; i++) {
        double t0 = bench_now_s();
        uint64_t fence = sqt_submit_cmdbuf(d, SABLE_ENGINE_COPY, &cb);
        if (!sqt_wait_fence(d, SABLE_ENGINE_COPY, fence, SQT_STEP_NS, SQT_TIMEOUT_NS)) {
            sqt_fatal(d->m, "bench: COPY of %" G_GUINT64_FORMAT " bytes did not complete",
                      size);
        }
        best = MIN(best, bench_now_s() - t0);
    }
    return best;
}

void bench_copy(SqtDevice *d, uint64_t size, GArray *out)
{
    SqtBuf sys = sqt_alloc(d, size, 4096);
    uint64_t vram = sqt_vram_alloc(d, size, 4096);
    memset(sys.ptr, 0x5a, size);
    memset(sqt_vram_ptr(d->m, vram, size), 0xa5, size);
    void *a = g_malloc(size), *b = g_malloc(size);
    memset(a, 1, size);
    memset(b, 2, size);
    double ref = bench_memcpy_s(b, a, size, COPY_REPEATS);
    double to_sys = best_device_copy_s(d, sys.gpu, vram, size);
    double to_vram = best_device_copy_s(d, vram, sys.gpu, size);
    g_free(a);
    g_free(b);
    double mib = (double)size / (1 << 20);
    bench_add(out, "memcpy_mib_s", "memcpy (reference)", mib / ref, "MiB/s");
    bench_add(out, "copy_vram_to_sys_mib_s", "COPY VRAM->system", mib / to_sys, "MiB/s");
    bench_add(out, "copy_vram_to_sys_ratio", "COPY VRAM->system / memcpy", ref / to_sys, "x");
    bench_add(out, "copy_sys_to_vram_mib_s", "COPY system->VRAM", mib / to_vram, "MiB/s");
    bench_add(out, "copy_sys_to_vram_ratio", "COPY system->VRAM / memcpy", ref / to_vram, "x");
}
