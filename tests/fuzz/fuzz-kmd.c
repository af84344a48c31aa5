/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: what the KMD accepts from user mode. The first byte
 * picks the entry point:
 *   even: DxgkDdiRender on a UMD command buffer, patch list and allocation
 *         list taken from the input (sizes bounded like dxgkrnl's), then
 *         DxgkDdiPatch on what Render emitted, as dxgkrnl would call it;
 *   odd:  DxgkDdiEscape on the rest of the input as private driver data,
 *         against an adapter whose registers (plain memory) say what the
 *         input says.
 * Render must only write inside the DMA buffer and output patch list it is
 * given (ASan checks: both are exact-size heap blocks). The adapter may have
 * 3D (allocations then may be 3D ones with input resource ids, and the DMA
 * buffer private data starts with input bytes, as a reused one would).
 */
#include <stdlib.h>

#include "fuzz-input.h"
#include "render.h"
#include "escape.h"
#include "alloc.h"
#include "s3d.h"

#define MAX_ALLOCS 4u
#define MAX_PATCHES 32u
#define MAX_DMA 8192u

typedef struct Fixture {
    KmdAdapter adapter;
    KmdDevice device;
    KmdContext context;
    KmdAllocation alloc[MAX_ALLOCS];
    DXGK_ALLOCATIONLIST list[MAX_ALLOCS];
    uint8_t regs[SABLE_MMIO_SIZE];
    Kmd3d s3d;
    uint8_t priv[sizeof(KmdDmaPrivate)];
} Fixture;

static void fixture_init(Fixture *f, FuzzIn *in)
{
    memset(f, 0, sizeof(*f));
    f->adapter.started = true;
    f->adapter.regs = f->regs;
    uint8_t features = fuzz_u8(in);
    f->adapter.features = features & 1 ? SABLE_FEATURE_TILING : 0;
    f->adapter.s3d = features & 2 ? &f->s3d : NULL;
    f->device.adapter = &f->adapter;
    f->context.device = &f->device;
    for (unsigned i = 0; i < MAX_ALLOCS; i++) {
        f->alloc[i].desc.size = fuzz_u32(in) % (1u << 24);
        if (features & (4u << i)) {
            f->alloc[i].desc.flags = SABLE_ALLOC_F_3D;
            f->alloc[i].virgl.res_id = fuzz_u8(in) % 8 + 1;
            f->alloc[i].size = f->alloc[i].desc.size;
        }
        f->list[i].hDeviceSpecificAllocation = &f->alloc[i];
        f->list[i].SegmentId = fuzz_u8(in) % 4;
        f->list[i].PhysicalAddress.QuadPart = (LONGLONG)(fuzz_u64(in) >> 1);
    }
}

static void render_and_patch(Fixture *f, FuzzIn *in)
{
    UINT nalloc = fuzz_u8(in) % (MAX_ALLOCS + 1);
    UINT nin = fuzz_u8(in) % (MAX_PATCHES + 1), nout = fuzz_u8(in) % (MAX_PATCHES + 1);
    UINT dma_size = fuzz_u32(in) % (MAX_DMA + 1);
    D3DDDI_PATCHLOCATIONLIST *pin = calloc(nin + 1, sizeof(*pin));
    D3DDDI_PATCHLOCATIONLIST *pout = calloc(nout + 1, sizeof(*pout));
    for (UINT i = 0; i < nin; i++) {
        pin[i].AllocationIndex = fuzz_u8(in) % (MAX_ALLOCS + 1);
        pin[i].AllocationOffset = fuzz_u32(in);
        pin[i].PatchOffset = fuzz_u32(in) % 4096;
    }
    fuzz_take(in, f->priv, sizeof(f->priv)); /* a reused buffer's stale record */
    UINT len = (UINT)in->left;
    uint8_t *cmd = malloc(len + 1), *dma = malloc(dma_size + 1);
    fuzz_take(in, cmd, len);
    DXGKARG_RENDER r = {
        .pCommand = cmd, .CommandLength = len, .pDmaBuffer = dma, .DmaSize = dma_size,
        .pDmaBufferPrivateData = f->adapter.s3d ? f->priv : NULL,
        .DmaBufferPrivateDataSize = f->adapter.s3d ? (UINT)sizeof(f->priv) : 0,
        .pAllocationList = f->list, .AllocationListSize = nalloc,
        .pPatchLocationListIn = pin, .PatchLocationListInSize = nin,
        .pPatchLocationListOut = pout, .PatchLocationListOutSize = nout,
    };
    if (NT_SUCCESS(kmd_render(&f->context, &r)) || r.pDmaBuffer != dma) {
        DXGKARG_PATCH p = {
            .hContext = &f->context,
            .DmaBufferPhysicalAddress.QuadPart = 0x10000,
            .pDmaBufferPrivateData = r.pDmaBufferPrivateData,
            .DmaBufferPrivateDataSize = r.DmaBufferPrivateDataSize,
            .pDmaBuffer = dma, .DmaBufferSize = dma_size,
            .DmaBufferSubmissionEndOffset = (UINT)((uint8_t *)r.pDmaBuffer - dma),
            .pAllocationList = f->list, .AllocationListSize = nalloc,
            .pPatchLocationList = pout,
            .PatchLocationListSize = (UINT)(r.pPatchLocationListOut - pout),
            .PatchLocationListSubmissionLength = (UINT)(r.pPatchLocationListOut - pout),
        };
        kmd_patch(&f->adapter, &p);
    }
    free(cmd);
    free(dma);
    free(pin);
    free(pout);
}

static void escape(Fixture *f, FuzzIn *in)
{
    uint32_t written = fuzz_u32(in) % 8192;
    f->adapter.dump.size = fuzz_u8(in) & 1 ? 4096 : 0;
    f->adapter.dump.cpu = f->adapter.dump.size ? calloc(1, f->adapter.dump.size) : NULL;
    memcpy(f->regs + SABLE_REG_DUMP_WRITTEN, &written, 4);
    uint32_t ok = SABLE_DUMP_STATUS_OK;
    memcpy(f->regs + SABLE_REG_DUMP_STATUS, &ok, 4);
    DXGKARG_ESCAPE e = { 0 };
    e.Flags.HardwareAccess = fuzz_u8(in) & 1;
    e.PrivateDriverDataSize = (UINT)in->left;
    e.pPrivateDriverData = malloc(e.PrivateDriverDataSize + 1);
    fuzz_take(in, e.pPrivateDriverData, e.PrivateDriverDataSize);
    kmd_escape(&f->adapter, &e);
    free(e.pPrivateDriverData);
    free(f->adapter.dump.cpu);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Fixture f;
    FuzzIn in = { data, size };
    bool is_escape = fuzz_u8(&in) & 1;
    fixture_init(&f, &in);
    if (is_escape) {
        escape(&f, &in);
    } else {
        render_and_patch(&f, &in);
    }
    return 0;
}
