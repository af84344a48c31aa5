/* SPDX-License-Identifier: MIT */
/* The driver stack's data paths, each as a ratio to memcpy of the same size
 * measured in the same run: winsim's D3D runtime -> the UMD -> winsim's
 * dxgkrnl -> the KMD -> a QEMU device of its own (the qemu transport).
 *   - upload: UpdateSubresourceUP of a DEFAULT buffer (the UMD fills a
 *     temporary CPU-visible allocation, COPYs it on the GPU), Flush, wait;
 *   - read back: CopyResource into a STAGING buffer + READ map + memcpy
 *     out (d3drt's rt_read). */
#include <string.h>

#include "bench.h"
#include "d3drt.h"

#define STACK_REPEATS 3

typedef struct StackCtx {
    RtDevice *d;
    RtResource *buf;
    uint8_t *host;
    uint64_t size;
} StackCtx;

static double time_upload(void *p)
{
    StackCtx *c = p;
    double t0 = bench_now_s();
    HRESULT hr = rt_update(c->d, c->buf, 0, NULL, c->host, (UINT)c->size);
    hr = hr ? hr : rt_flush(c->d);
    rt_wait_idle(c->d);
    if (hr) {
        g_error("bench: upload through the stack failed: 0x%08x", (unsigned)hr);
    }
    return bench_now_s() - t0;
}

static double time_read_back(void *p)
{
    StackCtx *c = p;
    double t0 = bench_now_s();
    rt_read(c->d, c->buf, 0, c->host + c->size);
    return bench_now_s() - t0;
}

void bench_stack(uint64_t size, GArray *out)
{
    WsSim *sim = ws_sim_new("qemu");
    if (ws_adapter_start(sim) != STATUS_SUCCESS) {
        g_error("bench: the driver stack did not start on QEMU");
    }
    HRESULT hr;
    RtAdapter *a = rt_adapter_open(sim, 0, &hr);
    if (!a) {
        g_error("bench: OpenAdapter10_2 failed: 0x%08x", (unsigned)hr);
    }
    StackCtx c = { .d = rt_device_new(a, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0),
                   .size = size, .host = g_malloc(2 * size) };
    memset(c.host, 0x3c, 2 * size);
    if (rt_create_buffer(c.d, (UINT)size, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &c.buf)) {
        g_error("bench: CreateResource of %" G_GUINT64_FORMAT " bytes failed", size);
    }
    double mib = (double)size / (1 << 20);
    double ref = bench_memcpy_s(c.host + size, c.host, size, STACK_REPEATS);
    bench_add(out, "stack_memcpy_mib_s", "memcpy, stack buffer size (reference)", mib / ref,
              "MiB/s");
    bench_add_ratio(out, "stack_upload", "stack UpdateSubresourceUP + Flush + wait", ref,
                    bench_best_of(time_upload, &c, STACK_REPEATS), mib);
    bench_add_ratio(out, "stack_read_back", "stack copy to staging + READ map", ref,
                    bench_best_of(time_read_back, &c, STACK_REPEATS), mib);
    if (memcmp(c.host, c.host + size, size) != 0) {
        g_error("bench: the stack read back other bytes than it uploaded");
    }
    rt_destroy(c.d, c.buf);
    rt_device_free(c.d);
    rt_adapter_close(a);
    ws_sim_free(sim);
    g_free(c.host);
}
