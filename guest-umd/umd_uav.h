/* SPDX-License-Identifier: MIT */
/*
 * Unordered access views (uav.c) and the compute path (compute.c),
 * docs/umd.md "Compute".
 *
 * A UAV is checked against its 3D resource at creation: raw buffer views
 * (R32_TYPELESS, 4-byte elements), structured ones (the resource's
 * structure stride), typed buffer views and Texture2D / 2D array views of
 * a mip and a range of slices in the resource's own format; a structured
 * view with the append or counter flag gets a hidden counter (a buffer of
 * its own, bound as shader buffer SM4_COUNTER_BUFFER + u#). 1D and 3D
 * textures and formats virgl cannot name here are refused (E_OUTOFMEMORY,
 * CreateUnorderedAccessView's only code). CsSetUnorderedAccessViews
 * records slots 0..7 in UmdState.uav.
 *
 * For a Dispatch, u# is, by its view: a raw or structured buffer ->
 * virgl shader buffer # (the translator's BUFFER[#]); a typed buffer or
 * texture -> shader image # (IMAGE[#]). The compute stage's constant
 * buffers, texture SRVs and samplers bind as a draw binds them.
 */
#ifndef SABLE_UMD_UAV_H
#define SABLE_UMD_UAV_H

#include "umd.h"
#include "d3d11_umddi_uav.h"
#include "vgl_compute.h"

struct UmdNamed;

#define UMD_UAV_MAGIC 0x56415555u /* "UUAV" */

enum { UMD_UAV_RAW = 1, UMD_UAV_STRUCTURED, UMD_UAV_TYPED_BUFFER, UMD_UAV_TEXTURE };

typedef struct UmdUav {
    uint32_t magic;
    UmdResource *res;
    DXGI_FORMAT format;
    uint8_t kind;              /* UMD_UAV_* */
    uint32_t virgl_format;     /* typed views */
    uint32_t offset, size;     /* buffers: bytes */
    uint32_t mip, first_slice, slices; /* textures */
    UmdResource *counter;      /* append / counter views: the hidden counter (a
                                * 16-byte 3D buffer the UMD made; count at 0) */
} UmdUav;

/* A 3D buffer of the UMD's own (no runtime resource; UAV-bindable, a
 * copy source and destination), NULL if it cannot be had. */
UmdResource *umd_hidden_buffer(UmdDevice *d, uint32_t bytes);
SIZE_T umd_uav_size(void);
void umd_uav_create(UmdDevice *d, const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *c, UmdUav *v);
void umd_uav_destroy(UmdDevice *d, UmdUav *v);
/* counts: the initial hidden counts (UINT32_MAX: keep), or NULL */
void umd_set_uavs(UmdDevice *d, UINT start, UINT n, const D3D11DDI_HUNORDEREDACCESSVIEW *ph,
                  const UINT *counts);
/* ClearUnorderedAccessViewUint (is_float false: each channel takes the low
 * bits of its value) / Float (values are FLOATs converted to the format). */
void umd_clear_uav(UmdDevice *d, UmdDdi ddi, UmdUav *v, const void *values, bool is_float);
/* SetRenderTargets' UAVs (the pixel shader's): slots range_start ..
 * + range_size - 1 change; those in start .. start + n - 1 take ph[slot -
 * start], the others are unbound. */
void umd_set_om_uavs(UmdDevice *d, const D3D11DDI_HUNORDEREDACCESSVIEW *ph, const UINT *counts,
                     UINT start, UINT n, UINT range_start, UINT range_size);
/* CopyStructureCount: the view's hidden count to 4 bytes at offset of dst. */
void umd_copy_structure_count(UmdDevice *d, UmdResource *dst, UINT offset, UmdUav *v);
/* The UAVs bound for stage (UMD_CS: CsSetUnorderedAccessViews; UMD_PS:
 * the output merger's): name their resources as written (false if one is
 * not a 3D resource), then SET_SHADER_BUFFERS / SET_SHADER_IMAGES of
 * slots 0..7 (unbound slots: resource 0). */
bool umd_uav_name(const UmdState *st, unsigned stage, struct UmdNamed *n);
bool umd_put_uavs(UmdDevice *d, unsigned stage);

/* D3D11 BufferEx shader resource views: raw (R32_TYPELESS, RAW flag) and
 * structured (UNKNOWN) views of a 3D buffer, bound as shader buffer
 * 8 + t# (the translator's BUFFER[8 + #]); typed ones are ordinary buffer
 * views (umd_srv_create). Refusals: E_OUTOFMEMORY. */
void umd_srv_bufferex(UmdDevice *d, UmdResource *r, DXGI_FORMAT format,
                      const D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW *bx, UmdSrv *v);
/* SET_SHADER_BUFFERS from slot 8 for the raw / structured t# the stage's
 * shader declares (none: nothing); false if the encoder refused. */
bool umd_put_srv_buffers(UmdDevice *d, unsigned stage);

/* compute.c: Dispatch (args NULL) and DispatchIndirect (the three group
 * counts at `offset` in args). */
void umd_dispatch(UmdDevice *d, UmdDdi ddi, const UINT groups[3], UmdResource *args,
                  UINT offset);

#endif /* SABLE_UMD_UAV_H */
