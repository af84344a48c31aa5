/* SPDX-License-Identifier: MIT */
/* The driver stack's data paths, each as a ratio to memcpy of the same size
 * measured in the same run: winsim's D3D runtime -> the UMD -> winsim's
 * dxgkrnl -> the KMD -> a QEMU device of its own (the qemu transport).
 *   - upload: UpdateSubresourceUP of a DEFAULT buffer (idle: the UMD
 *     writes it in place, one CPU copy into VRAM), Flush, wait;
 *   - read back: CopyResource into a STAGING buffer (made once, as an
 *     application keeps one) + READ map (waits for the copy) + memcpy out. */
#include <string.h>

#include "bench.h"
#include "d3drt.h"

#define STACK_REPEATS 15

typedef struct StackCtx {
    RtDevice *d;
    RtResource *buf, *staging;
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
    D3D10DDI_MAPPED_SUBRESOURCE m;
    double t0 = bench_now_s();
    HRESULT hr = rt_copy(c->d, c->staging, c->buf);
    hr = hr ? hr : rt_map(c->d, c->staging, 0, D3D10_DDI_MAP_READ, 0, &m);
    if (hr) {
        g_error("bench: read back through the stack failed: 0x%08x", (unsigned)hr);
    }
    memcpy(c->host + c->size, m.pData, c->size);
    rt_unmap(c->d, c->staging, 0);
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
                   .size = size, .host = g_malloc(3 * size) };
    memset(c.host, 0x3c, 3 * size);
    if (rt_create_buffer(c.d, (UINT)size, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &c.buf)) {
        g_error("bench: CreateResource of %" G_GUINT64_FORMAT " bytes failed", size);
    }
    if (rt_create_buffer(c.d, (UINT)size, D3D10_DDI_USAGE_STAGING, 0, D3D10_DDI_CPU_ACCESS_READ,
                         NULL, &c.staging)) {
        g_error("bench: CreateResource of a staging buffer failed");
    }
    BenchRef ref = { c.host + 2 * size, c.host, size };
    const BenchSubject subj[] = {
        { "stack_upload", "stack UpdateSubresourceUP + Flush + wait", time_upload, &c },
        { "stack_read_back", "stack copy to staging + READ map", time_read_back, &c },
    };
    bench_ratios(out, &ref, subj, G_N_ELEMENTS(subj), STACK_REPEATS, (double)size / (1 << 20),
                 "stack_memcpy_mib_s", "memcpy, stack buffer size (reference)");
    if (memcmp(c.host, c.host + size, size) != 0) {
        g_error("bench: the stack read back other bytes than it uploaded");
    }
    rt_destroy(c.d, c.buf);
    rt_destroy(c.d, c.staging);
    rt_device_free(c.d);
    rt_adapter_close(a);
    ws_sim_free(sim);
    g_free(c.host);
}
