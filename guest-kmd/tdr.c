/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "tdr.h"
#include "fence.h"
#include "regs.h"
#include "swizzle.h"
#include "s3d.h"

static bool node_ok(const KmdAdapter *a, UINT node, UINT engine)
{
    return a->started && node < SABLE_NODE_COUNT && engine == 0;
}

NTSTATUS kmd_query_dependent_engine_group(KmdAdapter *a,
                                          DXGKARG_QUERYDEPENDENTENGINEGROUP *args)
{
    if (!node_ok(a, args->NodeOrdinal, args->EngineOrdinal)) {
        return STATUS_INVALID_PARAMETER;
    }
    args->DependentNodeOrdinalMask = 1ull << args->NodeOrdinal;
    return STATUS_SUCCESS;
}

NTSTATUS kmd_query_engine_status(KmdAdapter *a, DXGKARG_QUERYENGINESTATUS *args)
{
    if (!node_ok(a, args->NodeOrdinal, args->EngineOrdinal)) {
        return STATUS_INVALID_PARAMETER;
    }
    uint32_t status = kmd_reg_read(a->regs, SABLE_REG_ENGINE(args->NodeOrdinal) + SABLE_ENG_STATUS);
    args->EngineStatus.Value = 0;
    args->EngineStatus.Responsive =
        !(status & (SABLE_ENGINE_STATUS_HUNG | SABLE_ENGINE_STATUS_FAULTED));
    return STATUS_SUCCESS;
}

/* The reset emptied the queue: every submitted fence is complete or aborted. */
static UINT last_aborted(KmdAdapter *a, unsigned node)
{
    KmdRing *r = &a->ring[node];
    uint32_t base = SABLE_REG_ENGINE(node);
    uint64_t aborted = kmd_reg_read64(a->regs, base + SABLE_ENG_LAST_ABORTED_FENCE_LO);
    uint64_t done = kmd_reg_read64(a->regs, base + SABLE_ENG_COMPLETED_FENCE_LO);
    bool aborted_ok = aborted && !kmd_fence_after(aborted, r->submitted) &&
                      kmd_fence_after(aborted, r->reported);
    bool done_ok = !kmd_fence_after(done, r->submitted) && !kmd_fence_after(r->reported, done);
    uint64_t last = aborted_ok ? aborted : done_ok ? done : r->reported;
    r->reported = r->submitted;
    return (UINT)last;
}

/* What the graphics engine was running when it stopped: the faulting
 * packet (fault record) or the packet in flight; packets before `offset`
 * finished. */
static void in_flight(KmdAdapter *a, unsigned node, KmdInFlight *f)
{
    uint32_t base = SABLE_REG_ENGINE(node);
    memset(f, 0, sizeof(*f));
    if (node != SABLE_NODE_GRAPHICS) {
        return;
    }
    if (kmd_reg_read(a->regs, base + SABLE_ENG_FAULT_CODE) != SABLE_FAULT_NONE) {
        f->dma = kmd_reg_read64(a->regs, base + SABLE_ENG_FAULT_DMA_LO);
        f->offset = kmd_reg_read(a->regs, base + SABLE_ENG_FAULT_DMA_OFFSET);
        f->valid = true;
    } else if (kmd_reg_read(a->regs, base + SABLE_ENG_STATUS) & SABLE_ENGINE_STATUS_BUSY) {
        f->dma = kmd_reg_read64(a->regs, base + SABLE_ENG_CURRENT_DMA_LO);
        f->offset = kmd_reg_read(a->regs, base + SABLE_ENG_CURRENT_DMA_OFFSET);
        f->valid = true;
    }
}

NTSTATUS kmd_reset_engine(KmdAdapter *a, DXGKARG_RESETENGINE *args)
{
    if (!node_ok(a, args->NodeOrdinal, args->EngineOrdinal)) {
        return STATUS_INVALID_PARAMETER;
    }
    unsigned node = args->NodeOrdinal;
    uint32_t base = SABLE_REG_ENGINE(node);
    KmdInFlight f;
    in_flight(a, node, &f);
    kmd_reg_write(a->regs, base + SABLE_ENG_RESET, 1);
    uint32_t st = kmd_reg_read(a->regs, SABLE_REG_RESET_STATUS);
    uint32_t want = SABLE_RESET_STATUS_DONE | (node << SABLE_RESET_STATUS_ENGINE_SHIFT);
    kmd_reg_write(a->regs, SABLE_REG_IRQ_STATUS, SABLE_IRQ_ENGINE_CAUSES(node));
    if (st != want) {
        kmd_os_log(KMD_LOG_ERROR, "sable: node %u reset failed (status 0x%x)", node,
                   (unsigned)st);
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    /* The device set the ring's head to the tail it read at the last
     * doorbell, which is ours: every submission rings it (ring.c), so the
     * ring is empty and in step with us. */
    args->LastAbortedFenceId = last_aborted(a, node);
    if (!kmd_3d_engine_reset(a, &f)) {
        /* stopped inside a 3D prologue: which objects exist is unknown;
         * the adapter reset that dxgkrnl does next destroys them all */
        kmd_os_log(KMD_LOG_ERROR, "sable: reset inside a 3D prologue, promoting");
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    return STATUS_SUCCESS;
}

NTSTATUS kmd_reset_from_timeout(KmdAdapter *a)
{
    if (!a->started) {
        return STATUS_INVALID_DEVICE_STATE;
    }
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, 0);
    kmd_reg_write(a->regs, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, 0);
    kmd_reg_write(a->regs, SABLE_REG_IRQ_STATUS, 0xffffffffu);
    /* The reset discarded every swizzle range without writing it back,
     * and destroyed every 3D context and resource. */
    kmd_swizzle_reset(a);
    kmd_3d_forget(a);
    return STATUS_SUCCESS;
}

NTSTATUS kmd_restart_from_timeout(KmdAdapter *a)
{
    if (!a->started) {
        return STATUS_INVALID_DEVICE_STATE;
    }
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        KmdRing *r = &a->ring[n];
        memset(r->mem.cpu, 0, SABLE_RING_HEADER_SIZE);
        r->tail = 0;
        r->reported = r->submitted;
    }
    if (a->fence_page.cpu) {
        memset(a->fence_page.cpu, 0, SABLE_PAGE_SIZE);
    }
    return kmd_adapter_program(a);
}
