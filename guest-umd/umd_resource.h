/* SPDX-License-Identifier: MIT */
/*
 * What the resource files (resource.c, layout.c, dxgi_format.c, copy.c,
 * map.c, view.c, clear.c) share among themselves and nobody else uses: the
 * allocation size, pfnLockCb/pfnUnlockCb of one allocation, the 3D sync
 * before 2D access, the copy-and-deswizzle copy and the buffer clear
 * pattern. The DDI-facing functions are in umd.h.
 */
#ifndef SABLE_UMD_RESOURCE_H
#define SABLE_UMD_RESOURCE_H

#include "umd.h"

#define UMD_PITCH_ALIGN 64u

static inline uint64_t umd_align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) / a * a;
}

/* Elements (blocks of b texels) covering n texels. */
static inline uint32_t umd_blocks(uint32_t n, uint32_t b)
{
    return (uint32_t)(((uint64_t)n + b - 1) / b);
}

/* dxgi_format.c: the device's 2D format (UNORM, linear), or INVALID. */
uint32_t umd_sable_format(DXGI_FORMAT f);
/* A swap chain buffer's 2D surface format (sRGB as UNORM: the bytes as
 * they are), SABLE_FORMAT_INVALID for none. */
uint32_t umd_present_format(DXGI_FORMAT f);
/* layout.c: the bytes of r's allocation. */
uint64_t umd_resource_bytes(const UmdResource *r);
/* resource.c: r's 3D allocation (res3d.c's description of r; res_id and
 * virgl_format set; constant buffers get their CPU copy). */
HRESULT umd_resource_alloc_3d(UmdDevice *d, UmdResource *r);
/* map.c */
HRESULT umd_lock(UmdDevice *d, D3DDDICB_LOCK *l);
void umd_unlock(UmdDevice *d, D3DKMT_HANDLE h);
/* copy.c: a 3D resource's host copy first if a draw wrote it; false if
 * the device is lost (reported). The whole tiled surface of r to/from its
 * linear shadow (copy-and-deswizzle). */
bool umd_sync_before(UmdDevice *d, UmdDdi ddi, UmdResource *r);
bool umd_copy_whole(UmdDevice *d, UmdDdi ddi, UmdResource *r, bool to_linear);
/* clear.c: the 32-bit FILL pattern of a buffer view's element cleared to
 * rgba; false for the formats it does not support (pattern may be NULL). */
bool umd_buffer_pattern(DXGI_FORMAT f, const FLOAT rgba[4], uint32_t *pattern);
/* clear.c: one FILL of `size` bytes of `pattern` at `offset` in the
 * allocation; false if the command buffer refused it (reported). */
bool umd_put_fill(UmdDevice *d, UmdDdi ddi, UmdAlloc *al, uint64_t offset, uint64_t size,
                  uint32_t pattern);

#endif
