/* SPDX-License-Identifier: MIT */
/*
 * The adapter: one per PCI function, created by DxgkDdiAddDevice and freed
 * by DxgkDdiRemoveDevice. kmd_adapter_start() maps BAR0 from the translated
 * resources, checks the device (magic, ABI major, engines, sizes), then
 * allocates and programs the GART table, fence page, dump buffer and one
 * ring per node,
 * and unmasks the engine interrupts. kmd_adapter_stop() resets the device
 * (its DMA has stopped on return) and releases everything start acquired.
 */
#ifndef KMD_ADAPTER_H
#define KMD_ADAPTER_H

#include <stdatomic.h>
#include <stdbool.h>

#include "wddm_kmd.h"
#include "os.h"
#include "resources.h"
#include "ring.h"
#include "gart.h"
#include "sable_kmd_private.h"

/* A swizzle range the KMD programmed (swizzle.c); alloc NULL: free. */
typedef struct KmdSwzRange {
    const void *alloc;          /* the KmdAllocation it shows */
    uint32_t offset, size;      /* BAR4 window */
} KmdSwzRange;

/* The display state of VidPN source 0 (display.c): the committed mode,
 * the primary SetVidPnSourceAddress named, visibility and vsync. The
 * scanout is enabled when all of mode, primary and visibility are set. */
typedef struct KmdDisplay {
    uint32_t width, height;     /* committed source mode; 0: none */
    bool has_primary;
    uint64_t addr;              /* primary GPU address */
    uint32_t pitch, format;     /* primary layout (sable format) */
    bool visible;
    bool vsync;                 /* CRTC_VSYNC enabled (ControlInterrupt) */
} KmdDisplay;

typedef struct KmdAdapter {
    PDEVICE_OBJECT pdo;
    DXGKRNL_INTERFACE dxgk;
    bool started;
    KmdResources res;
    volatile uint8_t *regs;
    uint32_t abi_version;
    uint64_t features;
    uint64_t vram_size;
    uint32_t max_surface_dim;
    bool msix;
    uint32_t irq_mask;
    _Atomic bool deferred;      /* an MSI-X ISR left work for the DPC */
    KmdGart gart;
    KmdDmaMem fence_page;       /* size 0 when the device has none */
    KmdDmaMem dump;             /* size 0 when the device has no dumps */
    KmdRing ring[SABLE_NODE_COUNT];
    KmdOsLock *lock;            /* protects context_ids, swz and s3d */
    uint32_t context_ids;       /* bit i: context id i + 1 in use */
    uint32_t swz_count;         /* NumberOfSwizzlingRanges */
    uint32_t swz_aperture;      /* BAR4 bytes usable for windows */
    KmdSwzRange swz[SABLE_SWZ_MAX_RANGES];
    KmdDisplay display;
    bool powered_down;          /* power.c: the adapter is in D1..D3 */
    volatile uint8_t *sysdisplay; /* sysdisplay.c: CPU view of the VRAM head */
    KmdDisplay handoff;         /* sysdisplay.c: scanout kept by stop; width 0: none */
    struct Kmd3d *s3d;          /* s3d.c: 3D objects; NULL without FEATURE_3D */
} KmdAdapter;

KmdAdapter *kmd_adapter_new(PDEVICE_OBJECT pdo);
void kmd_adapter_free(KmdAdapter *a);
/* queue_entries: DXGK_START_INFO.RequiredDmaQueueEntry, "the number of DMA
 * buffers that the display miniport driver ... must be able to hold in a
 * queue"; each node's ring holds at least that many. */
NTSTATUS kmd_adapter_start(KmdAdapter *a, const DXGKRNL_INTERFACE *dxgk, uint32_t queue_entries);
void kmd_adapter_stop(KmdAdapter *a);
/* Program GART, fence page, rings, the interrupt mask and the scanout
 * the KMD had (start, and after an adapter reset); fails if the device
 * reports ERROR_STATUS. */
NTSTATUS kmd_adapter_program(KmdAdapter *a);

#endif
