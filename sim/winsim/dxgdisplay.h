/* SPDX-License-Identifier: MIT */
/*
 * winsim's dxgkrnl display side: the bring-up Windows runs after
 * StartDevice for an adapter with a video present source
 * (ws_display_start: QueryChildRelations -> QueryChildStatus ->
 * QueryDeviceDescriptor (EDID) -> RecommendFunctionalVidPn ->
 * IsSupportedVidPn -> EnumVidPnCofuncModality -> the shared primary of
 * the preferred mode (GetStandardAllocationDriverData, CreateAllocation,
 * VidMm places it in VRAM) -> CommitVidPn -> SetVidPnSourceAddress ->
 * SetVidPnSourceVisibility), the single DDI calls for tests, the mode
 * query and the primary for the D3D runtime, vsync control and counting
 * (the CRTC_VSYNC notifications are checked in callbacks.c), and the frame
 * the device shows (ws_display_capture: the transport's capture).
 * Every VidPN DDI is checked to release what it acquired (vidpnmgr.h).
 * winsim does not bring the display up by itself: most stack tests count
 * VRAM, and a 1024x768 primary would take 3 MiB of it. The D3D runtime
 * and the display tests call ws_display_start after ws_adapter_start;
 * ws_adapter_remove tears it down (an empty VidPN committed first).
 */
#ifndef WS_DXGDISPLAY_H
#define WS_DXGDISPLAY_H

#include "winsim.h"
#include "vidpnmgr.h"

struct WsKmtAllocation;

/* What winsim reads of the monitor's EDID (base block). */
typedef struct WsEdid {
    bool valid;                 /* header and checksum right */
    char vendor[4];             /* PNP id, e.g. "SBL" */
    uint16_t product;
    UINT pref_width, pref_height;   /* first detailed timing */
    uint32_t pref_pixel_khz;
    UINT pref_htotal, pref_vtotal;
    bool est_640x480, est_800x600, est_1024x768; /* established, 60 Hz */
    uint8_t extensions;
} WsEdid;

WsEdid ws_edid_decode(const uint8_t edid[WS_EDID_SIZE]);

/* The whole bring-up; STATUS_NOT_SUPPORTED without a source. Failures
 * of the KMD on the way are returned (or bugchecks where dxgkrnl would). */
NTSTATUS ws_display_start(WsSim *sim);
/* Commit an empty VidPN (scanout off) and free the primary; no-op if the
 * display was not started. */
void ws_display_stop(WsSim *sim);

/* The single steps, as dxgkrnl calls them (each checks the VidPN was left
 * as the interface rules require). */
NTSTATUS ws_display_recommend(WsSim *sim, WsVidPn *v);
NTSTATUS ws_display_is_supported(WsSim *sim, WsVidPn *v, bool *supported);
NTSTATUS ws_display_cofunc(WsSim *sim, WsVidPn *v, D3DKMDT_ENUMCOFUNCMODALITY_PIVOT_TYPE pivot);
NTSTATUS ws_display_commit(WsSim *sim, WsVidPn *v, struct WsKmtAllocation *primary);
/* The same with AffectedVidPnSourceId `source` (ws_display_commit passes 0;
 * dxgkrnl passes D3DDDI_ID_ALL when every source is affected). */
NTSTATUS ws_display_commit_source(WsSim *sim, WsVidPn *v, struct WsKmtAllocation *primary,
                                  D3DDDI_VIDEO_PRESENT_SOURCE_ID source);
NTSTATUS ws_display_set_address(WsSim *sim, struct WsKmtAllocation *primary);
NTSTATUS ws_display_set_visible(WsSim *sim, bool visible);
/* ControlInterrupt(CRTC_VSYNC). */
NTSTATUS ws_display_vsync(WsSim *sim, bool enable);

/* For the D3D runtime: the committed mode of `source` (false if none):
 * size and the primary's Sable format; and the primary being scanned out
 * (NULL if none). */
bool ws_display_mode(WsSim *sim, UINT source, UINT *width, UINT *height, uint32_t *format);
struct WsKmtAllocation *ws_display_primary(WsSim *sim, UINT source);

/* The frame the device shows, as packed RGB (g_free *rgb): QMP screendump
 * with QEMU, the core's scanout in process; a black 640x480 frame while
 * scanout is off. */
bool ws_display_capture(WsSim *sim, uint8_t **rgb, UINT *width, UINT *height);

/* Flips (kmt.h ws_kmt_present): queue one; after each DPC the flips
 * whose submission retired get their SetVidPnSourceAddress
 * (FlipOnNextVSync), in order; those of a context in error are dropped. */
void ws_display_queue_flip(WsSim *sim, const WsFlip *f);
void ws_display_flips_retired(WsSim *sim);

/* Let `ns` of device time pass, delivering interrupts (vsyncs). */
void ws_display_idle(WsSim *sim, uint64_t ns);

#endif
