/* SPDX-License-Identifier: MIT */
/*
 * The system display and the display hand-over (ddi-system.c wraps them).
 * At start the KMD maps the head of VRAM (room for the largest mode at
 * 32 bpp) so that DxgkDdiSystemDisplayEnable/Write, called at any IRQL
 * when Windows shows a bugcheck, need no mapping: Enable scans out that
 * area (the committed mode, else the preferred one, X8R8G8B8) cleared to
 * black, Write copies pixel blocks into it, clipped to the screen.
 * DxgkDdiStopDeviceAndReleasePostDisplayOwnership stops the adapter but
 * keeps a scanout running and describes it in DXGK_DISPLAY_INFORMATION:
 * the current primary if it is a 32 bpp surface in VRAM, else the VRAM
 * head, cleared; no scanout committed: a zeroed description.
 */
#ifndef KMD_SYSDISPLAY_H
#define KMD_SYSDISPLAY_H

#include "adapter.h"

/* Start: take over the POST display (DxgkCbAcquirePostDisplayOwnership) if
 * it is a 32 bpp framebuffer in VRAM, keeping it scanned out until a VidPN
 * is committed; map the VRAM head if VRAM has room (else no system
 * display). */
void kmd_sysdisplay_start(KmdAdapter *a);
void kmd_sysdisplay_unmap(KmdAdapter *a);
/* kmd_adapter_stop, after its reset: program the scanout handed over. */
void kmd_sysdisplay_keep(KmdAdapter *a);

NTSTATUS kmd_system_display_enable(KmdAdapter *a, D3DDDI_VIDEO_PRESENT_TARGET_ID target,
                                   UINT *width, UINT *height, D3DDDIFORMAT *format);
void kmd_system_display_write(KmdAdapter *a, const uint8_t *src, UINT width, UINT height,
                              UINT stride, UINT x, UINT y);
NTSTATUS kmd_stop_release_post_display(KmdAdapter *a, D3DDDI_VIDEO_PRESENT_TARGET_ID target,
                                       DXGK_DISPLAY_INFORMATION *info);

#endif
