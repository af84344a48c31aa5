/* SPDX-License-Identifier: MIT */
/* Sable: WDDM declaration checks.  The layout asserts are compile-time (see
 * wddm_layout_check.h); this program also checks documented enum and status
 * values at run time and that flag unions alias their Value words. */
#include <stdio.h>
#include <string.h>

#include "wddm_kmd.h"
#include "wddm_layout_check.h"
#include "wddm_system_layout_check.h"

static int failures;
static int passes;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (cond) {                                                        \
            passes++;                                                      \
        } else {                                                           \
            failures++;                                                    \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                  \
    } while (0)

int main(void)
{
    /* documented enum values */
    CHECK(DXGK_INTERRUPT_DMA_COMPLETED == 1);
    CHECK(DXGK_INTERRUPT_DMA_PREEMPTED == 2);
    CHECK(DXGK_INTERRUPT_DMA_FAULTED == 4);
    CHECK(DXGK_INTERRUPT_DMA_PAGE_FAULTED == 9);
    CHECK(DXGK_TDR_TYPE_ENGINE_TIMEOUT == 6);
    CHECK(DXGK_TDR_TYPE_ENGINE_TIMEOUT_PROMOTED == 9);
    CHECK(DXGK_TDR_TYPE_DISPLAY_ENGINE_FAULT == 13);
    CHECK(DXGK_OPERATION_TRANSFER == 0);
    CHECK(DXGK_OPERATION_FILL == 1);
    CHECK(DXGK_OPERATION_DISCARD_CONTENT == 2);
    CHECK(DXGK_OPERATION_MAP_APERTURE_SEGMENT == 5);
    CHECK(DXGK_OPERATION_UNMAP_APERTURE_SEGMENT == 6);
    CHECK(DXGKQAITYPE_UMDRIVERPRIVATE == 0);
    CHECK(DXGKQAITYPE_DRIVERCAPS == 1);
    CHECK(DXGKQAITYPE_QUERYSEGMENT == 2);

    /* NTSTATUS values and NT_SUCCESS */
    CHECK(STATUS_SUCCESS == 0);
    CHECK((uint32_t)STATUS_INVALID_PARAMETER == 0xC000000Du);
    CHECK((uint32_t)STATUS_NO_MEMORY == 0xC0000017u);
    CHECK((uint32_t)STATUS_BUFFER_TOO_SMALL == 0xC0000023u);
    CHECK((uint32_t)STATUS_NOT_SUPPORTED == 0xC00000BBu);
    CHECK((uint32_t)STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER == 0xC01E0001u);
    CHECK(NT_SUCCESS(STATUS_SUCCESS));
    CHECK(!NT_SUCCESS(STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER));
    CHECK(STATUS_INVALID_PARAMETER < 0);

    /* bit-field unions: documented bit positions alias Value */
    {
        DXGK_SEGMENTFLAGS f;
        memset(&f, 0, sizeof f);
        f.Aperture = 1;
        CHECK(f.Value == 0x1u);
        f.Value = 0;
        f.CpuVisible = 1;
        CHECK(f.Value == 0x4u);
        f.Value = 0;
        f.DirectFlip = 1;
        CHECK(f.Value == 0x400u);
    }
    {
        DXGK_VIDSCHCAPS c;
        memset(&c, 0, sizeof c);
        c.MultiEngineAware = 1;
        c.PreemptionAware = 1;
        c.NoDmaPatching = 1;
        CHECK(c.Value == 0xDu);
    }
    {
        DXGK_ALLOCATIONINFOFLAGS a;
        memset(&a, 0, sizeof a);
        a.Swizzled = 1;
        CHECK(a.Value == 0x80u);
        a.Value = 0;
        a.AccessedPhysically = 1;
        CHECK(a.Value == 0x8000u);
    }
    {
        DXGK_TRANSFERFLAGS t;
        memset(&t, 0, sizeof t);
        t.TransferEnd = 1;
        CHECK(t.Value == 0x10u);
    }
    {
        D3DDDI_PATCHLOCATIONLIST p;
        memset(&p, 0, sizeof p);
        p.SlotId = 0xFFFFFFu;
        CHECK(p.Value == 0xFFFFFFu);
    }
    {
        LARGE_INTEGER li;
        li.QuadPart = 0x123456789ABCDEF0LL;
        CHECK(li.LowPart == 0x9ABCDEF0u && li.HighPart == 0x12345678);
        CHECK(li.u.LowPart == li.LowPart);
    }
    {
        DXGKARGCB_NOTIFY_INTERRUPT_DATA d;
        memset(&d, 0, sizeof d);
        d.InterruptType = DXGK_INTERRUPT_DMA_COMPLETED;
        d.DmaCompleted.SubmissionFenceId = 7;
        CHECK(d.DmaFaulted.FaultedFenceId == 7);
    }

    printf("%d passed, %d failed\n", passes, failures);
    return failures ? 1 : 0;
}
