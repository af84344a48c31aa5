/* SPDX-License-Identifier: MIT */
/*
 * Sable UMD: what the DLL exports (OpenAdapter10, OpenAdapter10_2) and what
 * winsim's runtime simulator may read for its checks (the DDI error table,
 * umd_errors.h, and the device statistics).
 */
#ifndef SABLE_UMD_PUBLIC_H
#define SABLE_UMD_PUBLIC_H

#include "wddm_umd.h"

#ifdef __cplusplus
extern "C" {
#endif

HRESULT WDDM_API OpenAdapter10(D3D10DDIARG_OPENADAPTER *pOpenData);
HRESULT WDDM_API OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *pOpenData);

/* Interface versions the UMD supports, in GetSupportedVersions order. */
#define SABLE_UMD_VERSION_COUNT 3u

/* Statistics of a device (hDrvDevice.pDrvPrivate) for tests. */
typedef struct SableUmdStats {
    uint32_t submits, auto_flushes, amortized_calls, errors_reported;
    uint32_t unsupported_calls, deferred_freed, discard_retries;
    uint32_t lost;
    /* tiled surfaces: maps through an aperture range, maps that fell back
     * to the copy-and-deswizzle path (D3DERR_NOTAVAILABLE), resources
     * created TILE_Y */
    uint32_t aperture_maps, aperture_fallbacks, tiled_resources;
    /* uploads: pieces of the upload ring, renames of the ring (a new
     * instance when full), temporary allocations (too big for the ring) */
    uint32_t upload_pieces, upload_renames, upload_temporaries;
    uint32_t upload_in_place; /* updates written straight into an idle resource */
    uint64_t upload_ring_size;  /* bytes of the ring, 0 before the first upload */
    /* the draw path: Draw* calls recorded, 3D SUBMITs of the virgl stream
     * (one per chunk), state groups not sent again, copies into view
     * shadows (docs/umd.md), TRANSFER packets of 3D resources */
    uint32_t draws, submits3d, state_skips, shadow_copies, transfers;
} SableUmdStats;
void sable_umd_stats(void *drv_device, SableUmdStats *out);
/* Whether a resource (hDrvResource.pDrvPrivate) is TILE_Y, for tests. */
int sable_umd_resource_tiled(const void *drv_resource);

/* Bindings a device holds (hDrvDevice.pDrvPrivate), for tests. */
typedef struct SableUmdBindings {
    uint32_t constant_buffers, shader_resources, vertex_buffers, index_buffer;
    uint32_t stream_outputs, render_targets, depth_stencil;
    uint32_t topology;
    uint32_t viewports, scissor_rects; /* bound by SetViewports / SetScissorRects */
    D3D10_DDI_VIEWPORT viewport[16];
    D3D10_DDI_RECT scissor[16];
} SableUmdBindings;
void sable_umd_bindings(void *drv_device, SableUmdBindings *out);

/* Bytes per texel (per 4x4 block of a block-compressed format) of a
 * format the UMD supports, 0 if it does not; texels per block side. */
uint32_t umd_format_bpp(DXGI_FORMAT f);
uint32_t umd_format_block(DXGI_FORMAT f);

#ifdef __cplusplus
}
#endif

#endif
