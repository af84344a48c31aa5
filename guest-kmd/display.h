/* SPDX-License-Identifier: MIT */
/*
 * The display side of the adapter: one VidPN source (0) and one child,
 * a monitor on target 0 (ChildUid 0) always connected (polled), whose EDID
 * the KMD builds (1024x768 preferred, 800x600, 640x480, all 60 Hz).
 * DxgkDdiQueryChildRelations/QueryChildStatus/QueryDeviceDescriptor
 * report it; DxgkDdiControlInterrupt(CRTC_VSYNC) unmasks SABLE_IRQ_VBLANK
 * and the ISR reports each vertical blank as DXGK_INTERRUPT_CRTC_VSYNC
 * with the address being scanned out. kmd_display_program() writes the
 * scanout registers from KmdDisplay (after CommitVidPn,
 * SetVidPnSourceAddress/Visibility and an adapter reset). A device
 * without FEATURE_SCANOUT has no source and no child.
 */
#ifndef KMD_DISPLAY_H
#define KMD_DISPLAY_H

#include "adapter.h"

#define KMD_CHILD_UID 0u         /* = VidPN target id */
#define KMD_REFRESH_HZ 60u
#define KMD_EDID_SIZE 128u
#define KMD_MODE_COUNT 3u

typedef struct KmdMode {
    uint32_t width, height;
    uint32_t pixel_khz;          /* VESA DMT pixel clock */
    uint32_t htotal, vtotal;
} KmdMode;

/* The monitor's modes, preferred first. */
extern const KmdMode kmd_modes[KMD_MODE_COUNT];
/* The mode of this size, or NULL. */
const KmdMode *kmd_mode_find(uint64_t width, uint64_t height);
/* Children reported by StartDevice: 1 with FEATURE_SCANOUT, else 0. */
ULONG kmd_display_children(const KmdAdapter *a);

NTSTATUS kmd_query_child_relations(KmdAdapter *a, DXGK_CHILD_DESCRIPTOR *rel, ULONG size);
NTSTATUS kmd_query_child_status(KmdAdapter *a, DXGK_CHILD_STATUS *st);
NTSTATUS kmd_query_device_descriptor(KmdAdapter *a, ULONG uid, DXGK_DEVICE_DESCRIPTOR *d);
NTSTATUS kmd_control_interrupt(KmdAdapter *a, DXGK_INTERRUPT_TYPE type, BOOLEAN enable);

/* Write the scanout registers from a->display: enabled with the committed
 * mode and the primary when all are set and visible, else disabled.
 * STATUS_DEVICE_HARDWARE_ERROR if the device refused it. */
NTSTATUS kmd_display_program(KmdAdapter *a);
/* ISR: report a vertical blank (DXGK_INTERRUPT_CRTC_VSYNC) if enabled. */
bool kmd_display_vsync(KmdAdapter *a);

#endif
