/* SPDX-License-Identifier: MIT */
/*
 * D3DKMT-style thunks: what the D3D runtime reaches through gdi32's
 * D3DKMTCreateDevice, D3DKMTCreateAllocation, D3DKMTLock, D3DKMTRender,
 * D3DKMTPresent, D3DKMTEscape..., for the UMD runtime simulator of the next issue.
 * A device has one context per node. VidMm places an allocation in its
 * preferred segment: VRAM (cleared with a paging FILL), evicting the oldest
 * unlocked VRAM allocations under pressure (paged out with a TRANSFER to
 * system pages that then back them in the aperture; never a primary, and
 * a primary only ever goes to VRAM), else the aperture
 * (system pages mapped through BuildPagingBuffer). Before a render, an
 * allocation that prefers VRAM but was paged out is paged back in when
 * VRAM has room (TRANSFER from its system pages). VidMm records each
 * allocation's last use per node (renders and presents of any device);
 * Lock waits for that use only and returns the CPU view (BAR2 for VRAM,
 * the system pages for the aperture); rendering with a
 * locked allocation fails with STATUS_GRAPHICS_CANT_RENDER_LOCKED_ALLOCATION
 * as VidMm does. Render runs Render -> Patch -> SubmitCommand (vidsch.h)
 * and returns once submitted; Wait waits for a fence (false: a TDR aborted
 * the work and put the context in error).
 */
#ifndef WS_KMT_H
#define WS_KMT_H

#include "winsim.h"

typedef struct WsKmtDevice {
    WsSim *sim;
    HANDLE device;
    HANDLE context[WS_MAX_NODES];
} WsKmtDevice;

typedef struct WsKmtAllocation {
    HANDLE handle;              /* the KMD's hAllocation */
    UINT segment;               /* where VidMm placed it */
    UINT home;                  /* its memory segment, 0: aperture only */
    uint64_t gpu;
    uint64_t size;              /* as VidMm was told (page-aligned) */
    uint8_t *cpu;               /* CPU view */
    uint64_t bus;               /* aperture: the system pages backing it */
    struct _MDL *mdl;
    bool locked;
    bool primary;               /* SABLE_ALLOC_F_PRIMARY: never evicted */
    WsSwzRange *swz;            /* the swizzling range VidMm holds for it */
    unsigned refs;              /* the creator + each device that opened it */
    uint32_t last_use[WS_MAX_NODES]; /* fence of the last submission naming it, 0: none */
    GArray *opens;              /* WsKmtOpen: devices that opened it (shared) */
} WsKmtAllocation;

/* A device's own handle of an allocation it opened (DxgkDdiOpenAllocation's
 * hDeviceSpecificAllocation), used in that device's allocation lists. */
typedef struct WsKmtOpen {
    WsKmtDevice *device;
    HANDLE handle;
} WsKmtOpen;

/* D3DKMTQueryAdapterInfo(KMTQAITYPE_UMDRIVERPRIVATE): the KMD's
 * struct sable_umd_private for the UMD. */
NTSTATUS ws_kmt_query_umd_private(WsSim *sim, void *data, UINT size);
WsKmtDevice *ws_kmt_create_device(WsSim *sim);
void ws_kmt_destroy_device(WsKmtDevice *d);
NTSTATUS ws_kmt_create_allocation(WsKmtDevice *d, const struct sable_alloc_private *p,
                                  WsKmtAllocation **out);
/* The same with private data of any size (pfnAllocateCb's
 * pPrivateDriverData): passed to DxgkDdiCreateAllocation as is, so what the
 * KMD writes into it (a 3D allocation's res_id) reaches the caller. */
NTSTATUS ws_kmt_create_allocation_data(WsKmtDevice *d, void *data, UINT size,
                                       WsKmtAllocation **out);
/* The creator's D3DKMTDestroyAllocation: drops its reference; the
 * allocation is freed (DxgkDdiDestroyAllocation) with the last one. */
void ws_kmt_destroy_allocation(WsKmtDevice *d, WsKmtAllocation *a);
/* D3DKMTOpenResource, per allocation of a shared resource: another device
 * takes a reference and its KMD device a device-specific handle
 * (DxgkDdiOpenAllocation with the private data dxgkrnl kept); its renders
 * name the allocation by that handle. */
NTSTATUS ws_kmt_open_allocation(WsKmtDevice *d, WsKmtAllocation *a,
                                const struct sable_alloc_private *p);
/* The opener's release: DxgkDdiCloseAllocation, then its reference. */
void ws_kmt_close_allocation(WsKmtDevice *d, WsKmtAllocation *a);
/* VidMm's view of an allocation's GPU use, whichever device submitted it:
 * busy while a submission naming it has not retired; the wait returns once
 * they all retired (or a TDR aborted them). */
bool ws_kmt_busy(const WsSim *sim, const WsKmtAllocation *a);
void ws_kmt_wait_allocation(WsSim *sim, const WsKmtAllocation *a);
/* Lock waits for the allocation's GPU use (ws_kmt_wait_allocation). */
void *ws_kmt_lock(WsKmtDevice *d, WsKmtAllocation *a);
void ws_kmt_unlock(WsKmtDevice *d, WsKmtAllocation *a);
/* Lock with AcquireAperture: the linear CPU view of a swizzled allocation
 * through a swizzling range (its BAR4 window). VidMm picks a free RangeId
 * (none: it releases the least recently used range of an unlocked
 * allocation first); on UNAVAILABLE it releases such a range and retries.
 * Fails with UNAVAILABLE when every held range is locked, and with what
 * the KMD returned otherwise (UNSUPPORTED: no retry). The range stays
 * acquired after Unlock and is released when the allocation is rendered
 * with, locked without the aperture, evicted or destroyed, or when another
 * lock needs it. */
NTSTATUS ws_kmt_lock_aperture(WsKmtDevice *d, WsKmtAllocation *a, void **cpu);
/* TDR cleanup (ws-tdr.c): the adapter reset discarded every range. */
void ws_kmt_swizzle_lost(WsSim *sim);
/* allocs[i] is allocation index i of the patch list. */
NTSTATUS ws_kmt_render(WsKmtDevice *d, unsigned node, const void *cmd, uint32_t len,
                       WsKmtAllocation *const *allocs, UINT nallocs,
                       const D3DDDI_PATCHLOCATIONLIST *patches, UINT npatches,
                       uint32_t *fence);
/* D3DKMTPresent: DxgkDdiPresent -> Patch -> SubmitCommand on the
 * device's graphics context, through VidSch as ws_kmt_render (the same
 * residency, locked-allocation and swizzling-range rules, the same TDR
 * behaviour: STATUS_DEVICE_REMOVED once the context is in error); the
 * fence of the last DMA buffer in *fence. Blt copies src_rect of src to
 * dst_rect of dst (the KMD validates: docs/display.md). Flip (dst NULL,
 * src a primary of vidpn_source): once the fence retired, dxgkrnl calls
 * SetVidPnSourceAddress with src (dxgdisplay.h); wait for the fence, then
 * the scanout shows src from the next frame on. */
typedef struct WsKmtPresent {
    WsKmtAllocation *src;   /* DXGK_PRESENT_SOURCE_INDEX */
    WsKmtAllocation *dst;   /* Blt: the primary (DXGK_PRESENT_DESTINATION_INDEX); Flip: NULL */
    bool flip;              /* Flip to src (a primary) instead of Blt */
    UINT vidpn_source;
    RECT src_rect, dst_rect;/* Blt */
} WsKmtPresent;
NTSTATUS ws_kmt_present(WsKmtDevice *d, const WsKmtPresent *p, uint32_t *fence);
bool ws_kmt_wait(WsKmtDevice *d, unsigned node, uint32_t fence);
NTSTATUS ws_kmt_escape(WsKmtDevice *d, void *data, uint32_t size, bool hardware_access);

#endif
