/* SPDX-License-Identifier: MIT */
/*
 * DxgkDdiRender and DxgkDdiPatch. Render validates the whole UMD command
 * buffer first (contract in sable_kmd_private.h; every read bounded by
 * CommandLength, every packet size, opcode, reserved field, patch location
 * and allocation access checked), then copies the packets from
 * MultipassOffset into the DMA buffer with address fields zeroed and emits
 * one output patch location per address field (offsets rebased to the DMA
 * buffer). When the DMA buffer or the output patch list is full it returns
 * STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER with MultipassOffset at the first
 * packet not copied. Patch checks every location of the submission against
 * the allocation list and the submitted range before writing any, then
 * writes PhysicalAddress + AllocationOffset.
 */
#ifndef KMD_RENDER_H
#define KMD_RENDER_H

#include "device.h"

NTSTATUS kmd_render(KmdContext *c, DXGKARG_RENDER *args);
NTSTATUS kmd_patch(KmdAdapter *a, const DXGKARG_PATCH *args);

#endif
