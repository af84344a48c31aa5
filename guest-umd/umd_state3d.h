/* SPDX-License-Identifier: MIT */
/*
 * Pipeline state objects (state3d.c): blend, depth-stencil, rasterizer and
 * sampler states and element (input) layouts. Create* validates the D3D
 * description, maps it to gallium state (the umd_map_* functions, pure and
 * tested on their own) and keeps, in the runtime's private memory, the
 * validated description, the gallium state, a virgl object handle and the
 * encoded CREATE_OBJECT command (vgl_encode.h) the draw path replays into
 * its stream. The setters record the bound object in UmdState.
 *
 * Validation: a field that takes effect must hold one of its enum's values;
 * a field D3D ignores (a disabled render target's blend factors, a
 * disabled depth test's function, disabled stencil's operations, the
 * comparison function of a non-comparison filter) is not judged and is
 * normalised to its default in the stored description. A description that
 * fails (or a NULL one): E_OUTOFMEMORY through pfnSetErrorCb, the only code
 * the Create* category allows; the device goes on, the object's memory is
 * not written (a NULL description) or zeroed.
 */
#ifndef SABLE_UMD_STATE3D_H
#define SABLE_UMD_STATE3D_H

#include "d3d10_umddi_state.h"
#include "vgl_encode.h"

typedef enum UmdStateErr {
    UMD_STATE_OK = 0,
    UMD_STATE_INVALID,     /* a value outside its enum or range */
    UMD_STATE_UNSUPPORTED, /* valid D3D, no gallium/virgl equivalent here */
} UmdStateErr;

#define UMD_BLEND_MAGIC 0x444e4c42u   /* "BLND" */
#define UMD_DSS_MAGIC 0x53534453u     /* "DSSS" */
#define UMD_RAST_MAGIC 0x54534152u    /* "RAST" */
#define UMD_SAMPLER_MAGIC 0x504d4153u /* "SAMP" */
#define UMD_LAYOUT_MAGIC 0x54594c45u  /* "ELYT" */
#define UMD_SAMPLER_SLOTS 16u         /* D3D10/11 sampler slots per stage */
#define UMD_MAX_ELEMENTS VGL_MAX_ELEMENTS
#define UMD_APPEND_ALIGNED_ELEMENT 0xffffffffu /* D3D10_APPEND_ALIGNED_ELEMENT */

typedef struct UmdBlendState {
    uint32_t magic;
    D3D10_1_DDI_BLEND_DESC desc;  /* the 10.0 form is kept in the 10.1 form */
    VglBlend vgl;
    uint32_t handle;
    bool host;                /* created in the device's virgl context */
    uint32_t ncreate;
    uint32_t create[VGL_BLEND_DW];
} UmdBlendState;

typedef struct UmdDepthStencilState {
    uint32_t magic;
    D3D10_DDI_DEPTH_STENCIL_DESC desc;
    VglDsa vgl;
    uint32_t handle;
    bool host;                /* created in the device's virgl context */
    uint32_t ncreate;
    uint32_t create[VGL_DSA_DW];
} UmdDepthStencilState;

typedef struct UmdRasterizerState {
    uint32_t magic;
    D3D10_DDI_RASTERIZER_DESC desc;
    VglRasterizer vgl;
    uint32_t handle;
    bool host;                /* created in the device's virgl context */
    uint32_t ncreate;
    uint32_t create[VGL_RASTERIZER_DW];
} UmdRasterizerState;

typedef struct UmdSampler {
    uint32_t magic;
    D3D10_DDI_SAMPLER_DESC desc;
    VglSampler vgl;
    uint32_t handle;
    bool host;                /* created in the device's virgl context */
    uint32_t ncreate;
    uint32_t create[VGL_SAMPLER_DW];
} UmdSampler;

typedef struct UmdElementLayout {
    uint32_t magic;
    D3D10DDIARG_INPUT_ELEMENT_DESC elem[UMD_MAX_ELEMENTS]; /* offsets resolved */
    uint32_t nelem;
    VglVertexElement ve[UMD_MAX_ELEMENTS]; /* indexed by input register */
    uint32_t nve;                          /* highest register + 1, 0: no inputs */
    uint32_t handle;
    bool host;                /* created in the device's virgl context */
    uint32_t ncreate;                      /* 0 when nve is 0 */
    uint32_t create[VGL_VE_DW(UMD_MAX_ELEMENTS)];
} UmdElementLayout;

/* ---- D3D -> gallium (pure) ---- */
UmdStateErr umd_map_blend10(const D3D10_DDI_BLEND_DESC *d, D3D10_1_DDI_BLEND_DESC *norm,
                            VglBlend *out);
UmdStateErr umd_map_blend(const D3D10_1_DDI_BLEND_DESC *d, D3D10_1_DDI_BLEND_DESC *norm,
                          VglBlend *out);
UmdStateErr umd_map_dsa(const D3D10_DDI_DEPTH_STENCIL_DESC *d,
                        D3D10_DDI_DEPTH_STENCIL_DESC *norm, VglDsa *out);
UmdStateErr umd_map_rasterizer(const D3D10_DDI_RASTERIZER_DESC *d, VglRasterizer *out);
UmdStateErr umd_map_sampler(const D3D10_DDI_SAMPLER_DESC *d, D3D10_DDI_SAMPLER_DESC *norm,
                            VglSampler *out);
/* elem: the elements with appended offsets resolved; ve/nve by register. */
UmdStateErr umd_map_elements(const D3D10DDIARG_CREATEELEMENTLAYOUT *d,
                             D3D10DDIARG_INPUT_ELEMENT_DESC *elem, VglVertexElement *ve,
                             uint32_t *nve);
/* The elements as the virgl object gets them: element r reads virgl
 * vertex buffer binding r (the draw binds the D3D slot of element r
 * there). virglrenderer 0.10.4 applies an instance divisor to the
 * binding of the element's own index, so a binding per element is what
 * makes per-instance data in any slot work. */
void umd_layout_bindings(const UmdElementLayout *o, VglVertexElement *out);
/* The virgl format of a vertex element's DXGI format, 0 if none. */
uint32_t umd_vertex_format(DXGI_FORMAT f);
/* Bytes of one element of a vertex format (DXGI), 0 if not one. */
uint32_t umd_vertex_format_size(DXGI_FORMAT f);
/* D3D viewport / scissor rectangle -> gallium (window y = row, row 0 at
 * the top: NDC y = +1). */
void umd_map_viewport(const D3D10_DDI_VIEWPORT *v, VglViewport *out);
void umd_map_scissor(const D3D10_DDI_RECT *r, VglScissor *out);

/* ---- objects (the DDIs) ---- */
struct UmdDevice;
void umd_blend_create10(struct UmdDevice *d, const D3D10_DDI_BLEND_DESC *c, UmdBlendState *o);
void umd_blend_create(struct UmdDevice *d, const D3D10_1_DDI_BLEND_DESC *c, UmdBlendState *o);
void umd_dss_create(struct UmdDevice *d, const D3D10_DDI_DEPTH_STENCIL_DESC *c,
                    UmdDepthStencilState *o);
void umd_rast_create(struct UmdDevice *d, const D3D10_DDI_RASTERIZER_DESC *c,
                     UmdRasterizerState *o);
void umd_sampler_create(struct UmdDevice *d, const D3D10_DDI_SAMPLER_DESC *c, UmdSampler *o);
void umd_layout_create(struct UmdDevice *d, const D3D10DDIARG_CREATEELEMENTLAYOUT *c,
                       UmdElementLayout *o);
/* The D3D default blend, depth-stencil and rasterizer states (what a
 * NULL binding means), encoded with handles of d; no statistics. */
void umd_state_defaults(struct UmdDevice *d, UmdBlendState *b, UmdDepthStencilState *s,
                        UmdRasterizerState *r);
/* The sampler state of the units a shader only loads from (ld, no
 * sampler): point filtering, CLAMP (docs/umd.md "Sampler units"). */
void umd_state_load_sampler(struct UmdDevice *d, UmdSampler *o);
/* Destroy*: unbinds, destroys its virgl object if the draw path created
 * one, then zeroes the object (sizeof *o bytes). */
void umd_state_object_destroy(struct UmdDevice *d, void *o, size_t size);

/* Setters: a NULL object binds the default state; an object that is not a
 * live one of the right kind is refused (umd_unsupported). */
void umd_set_blend(struct UmdDevice *d, UmdBlendState *o, const FLOAT factor[4], UINT mask);
void umd_set_dss(struct UmdDevice *d, UmdDepthStencilState *o, UINT ref);
void umd_set_rast(struct UmdDevice *d, UmdRasterizerState *o);
void umd_set_layout(struct UmdDevice *d, UmdElementLayout *o);
void umd_set_samplers(struct UmdDevice *d, UmdDdi ddi, unsigned stage, UINT start, UINT n,
                      const D3D10DDI_HSAMPLER *ph);

#endif /* SABLE_UMD_STATE3D_H */
