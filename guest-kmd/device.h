/* SPDX-License-Identifier: MIT */
/*
 * Devices and contexts. A device (DxgkDdiCreateDevice) belongs to the
 * adapter and counts its contexts; DestroyDevice with live contexts is
 * refused. A context (DxgkDdiCreateContext) is bound to one node (= engine:
 * graphics or copy, engine ordinal 0) and carries the id written into ring
 * descriptors (dumps). Both report the DMA buffer sizes and segment set.
 */
#ifndef KMD_DEVICE_H
#define KMD_DEVICE_H

#include "adapter.h"

/* Bit of segment id `id` in a segment set (DmaBufferSegmentSet). */
#define KMD_SEGMENT_BIT(id) (1u << ((id) - 1u))
#define KMD_DMA_BUFFER_SIZE (64u * 1024u)

typedef struct KmdDevice {
    KmdAdapter *adapter;
    uint32_t contexts;
    bool system;
} KmdDevice;

typedef struct KmdContext {
    KmdDevice *device;
    unsigned node;
    uint32_t id;
    uint32_t ctx3d;             /* device 3D context (s3d.c), 0: none yet */
} KmdContext;

NTSTATUS kmd_device_create(KmdAdapter *a, DXGKARG_CREATEDEVICE *args);
NTSTATUS kmd_device_destroy(KmdDevice *d);
NTSTATUS kmd_context_create(KmdDevice *d, DXGKARG_CREATECONTEXT *args);
NTSTATUS kmd_context_destroy(KmdContext *c);

#endif
