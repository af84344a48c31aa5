/* SPDX-License-Identifier: MIT */
/*
 * winsim-demo TRANSPORT: the Sable stack end to end for `make demo` — the
 * KMD loaded by winsim on the device (inproc or qemu), a copy through VRAM
 * rendered and checked, then an injected engine hang: timeout, the TDR
 * sequence, the decoded device dump, recovery, and new work. Exit status 0
 * when every step did what it should.
 */
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "winsim.h"
#include "kmt.h"
#include "sable-dump-decode.h"

#define SIZE (2u * SABLE_PAGE_SIZE)

static struct sable_alloc_private buffer(uint32_t segment)
{
    struct sable_alloc_private p = {
        .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION,
        .kind = SABLE_ALLOC_BUFFER, .flags = SABLE_ALLOC_F_CPU_VISIBLE, .size = SIZE,
        .segment = segment,
    };
    return p;
}

static D3DDDI_PATCHLOCATIONLIST patch(UINT alloc, UINT offset)
{
    D3DDDI_PATCHLOCATIONLIST p;
    memset(&p, 0, sizeof(p));
    p.AllocationIndex = alloc;
    p.PatchOffset = offset;
    return p;
}

/* COPY a[0] -> a[1] -> a[2] on the copy node; true if a[2] matches a[0]. */
static bool copy_through(WsKmtDevice *d, WsKmtAllocation *a[3])
{
    struct sable_cmd_copy k[2] = {
        { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8), .size = SIZE },
        { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8), .size = SIZE },
    };
    D3DDDI_PATCHLOCATIONLIST p[4] = { patch(1, 8), patch(0, 16), patch(2, 40), patch(1, 48) };
    uint8_t *src = ws_kmt_lock(d, a[0]);
    for (unsigned i = 0; i < SIZE; i++) {
        src[i] = (uint8_t)(i * 31 + 7);
    }
    ws_kmt_unlock(d, a[0]);
    uint32_t fence;
    NTSTATUS st = ws_kmt_render(d, SABLE_NODE_COPY, k, sizeof(k), a, 3, p, 4, &fence);
    bool ok = NT_SUCCESS(st) && ws_kmt_wait(d, SABLE_NODE_COPY, fence) &&
              memcmp(ws_kmt_lock(d, a[2]), src, SIZE) == 0;
    ws_kmt_unlock(d, a[2]);
    printf("render: COPY aperture -> VRAM -> aperture, %u bytes, fence %u: %s\n", SIZE, fence,
           ok ? "ok" : "MISMATCH");
    return ok;
}

static bool show_dump(const char *path)
{
    g_autofree char *data = NULL;
    gsize len = 0;
    GError *err = NULL;
    if (!g_file_get_contents(path, &data, &len, &err)) {
        printf("dump: %s\n", err->message);
        g_error_free(err);
        return false;
    }
    g_autoptr(SableDump) dump = sable_dump_decode(data, len, &err);
    if (!dump) {
        printf("dump: does not decode: %s\n", err->message);
        g_error_free(err);
        return false;
    }
    g_autofree char *text = sable_dump_to_text(dump);
    printf("---- device dump saved by the TDR (%s) ----\n%s---- end of dump ----\n", path, text);
    return (dump->engines[0].state.status & SABLE_ENGINE_STATUS_HUNG) != 0;
}

/* Hang the graphics engine under a WRITE32: the wait for it fails after one
 * engine reset and a dump, and the device's context is in error. */
static bool hang_and_recover(WsSim *sim, WsKmtDevice *d, WsKmtAllocation *target)
{
    GError *err = NULL;
    if (!sim->t->ops->inject(sim->t, "hang,engine=0", &err)) {
        printf("inject: %s\n", err->message);
        g_error_free(err);
        return false;
    }
    struct sable_cmd_write32 w = { .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4), .value = 1 };
    D3DDDI_PATCHLOCATIONLIST p = patch(0, 8);
    uint32_t fence;
    printf("tdr: graphics engine hang injected; rendering a WRITE32 on it\n");
    NTSTATUS st = ws_kmt_render(d, SABLE_NODE_GRAPHICS, &w, sizeof(w), &target, 1, &p, 1, &fence);
    bool done = NT_SUCCESS(st) && ws_kmt_wait(d, SABLE_NODE_GRAPHICS, fence);
    printf("tdr: fence %u %s after %u timeout(s): %u engine reset(s), %u adapter reset(s), "
           "%u dump(s)\n", fence, done ? "completed" : "aborted", sim->stats.timeouts,
           sim->stats.engine_resets, sim->stats.adapter_resets, sim->dump_files->len);
    st = ws_kmt_render(d, SABLE_NODE_GRAPHICS, &w, sizeof(w), &target, 1, &p, 1, &fence);
    printf("tdr: rendering again on the same device: 0x%08x (device removed)\n", (uint32_t)st);
    bool ok = !done && st == STATUS_DEVICE_REMOVED && sim->stats.engine_resets == 1 &&
              sim->dump_files->len == 1 && show_dump(g_ptr_array_index(sim->dump_files, 0));
    g_remove(g_ptr_array_index(sim->dump_files, 0));
    return ok;
}

int main(int argc, char **argv)
{
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        g_printerr("usage: winsim-demo [inproc|inproc-intx|qemu]\n");
        return 2;
    }
    const char *transport = argc > 1 ? argv[1] : "inproc";
    WsSim *sim = ws_sim_new(transport);
    if (!NT_SUCCESS(ws_adapter_start(sim))) {
        printf("StartDevice failed\n");
        return 1;
    }
    printf("winsim: KMD started on %s: %u nodes, VRAM %llu MiB, aperture %llu MiB, "
           "per-engine TDR %s\n", transport, sim->caps.GpuEngineTopology.NbAsymetricProcessingNodes,
           (unsigned long long)(sim->vidmm.seg[0].Size >> 20),
           (unsigned long long)(sim->vidmm.seg[1].Size >> 20),
           sim->caps.SupportPerEngineTDR ? "yes" : "no");
    WsKmtDevice *d = ws_kmt_create_device(sim);
    WsKmtAllocation *a[3];
    struct sable_alloc_private ap = buffer(SABLE_SEGMENT_APERTURE), vr = buffer(SABLE_SEGMENT_VRAM);
    bool ok = NT_SUCCESS(ws_kmt_create_allocation(d, &ap, &a[0])) &&
              NT_SUCCESS(ws_kmt_create_allocation(d, &vr, &a[1])) &&
              NT_SUCCESS(ws_kmt_create_allocation(d, &ap, &a[2]));
    ok = ok && copy_through(d, a) && hang_and_recover(sim, d, a[2]);
    WsKmtDevice *fresh = ws_kmt_create_device(sim);
    ok = ok && copy_through(fresh, a);
    printf("recovery: a new device renders again: %s\n", ok ? "ok" : "FAILED");
    for (unsigned i = 0; i < 3; i++) {
        ws_kmt_destroy_allocation(d, a[i]);
    }
    ws_kmt_destroy_device(d);
    ws_kmt_destroy_device(fresh);
    ws_sim_free(sim);
    printf("winsim-demo: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
