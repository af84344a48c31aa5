/* SPDX-License-Identifier: MIT */
/*
 * Sable: the pipeline-state creation arguments of the Direct3D 10/10.1/11
 * user-mode DDI (d3d10umddi.h): blend, depth-stencil, rasterizer and
 * sampler descriptions and the input (element) layout, with their enums.
 *
 * Written from Microsoft's reference pages (learn.microsoft.com,
 * windows-hardware/drivers/ddi/d3d10umddi/...): each structure and enum
 * names its page; member order and types are the pages' syntax blocks, enum
 * values their value lists. Where a DDI page gives no values, the
 * API-level page of the same enum (d3d10.h, which the DDI mirrors) is
 * cited and the reliance marked UNCERTAIN. No WDK, Wine or mingw-w64 header
 * text was used. Layout asserts: wddm_umd_state_layout_check.h.
 */
#ifndef SABLE_D3D10_UMDDI_STATE_H
#define SABLE_D3D10_UMDDI_STATE_H

#include "d3d10_umddi_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT: the array length of the blend
 * descriptions (the D3D10_BLEND_DESC page spells it out: BlendEnable[8]). */
#define D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT 8

/* ne-d3d10umddi-d3d10_ddi_blend */
typedef enum D3D10_DDI_BLEND {
    D3D10_DDI_BLEND_ZERO = 1,
    D3D10_DDI_BLEND_ONE = 2,
    D3D10_DDI_BLEND_SRC_COLOR = 3,
    D3D10_DDI_BLEND_INV_SRC_COLOR = 4,
    D3D10_DDI_BLEND_SRC_ALPHA = 5,
    D3D10_DDI_BLEND_INV_SRC_ALPHA = 6,
    D3D10_DDI_BLEND_DEST_ALPHA = 7,
    D3D10_DDI_BLEND_INV_DEST_ALPHA = 8,
    D3D10_DDI_BLEND_DEST_COLOR = 9,
    D3D10_DDI_BLEND_INV_DEST_COLOR = 10,
    D3D10_DDI_BLEND_SRC_ALPHASAT = 11,
    D3D10_DDI_BLEND_BLEND_FACTOR = 14,
    D3D10_DDI_BLEND_INVBLEND_FACTOR = 15,
    D3D10_DDI_BLEND_SRC1_COLOR = 16,
    D3D10_DDI_BLEND_INV_SRC1_COLOR = 17,
    D3D10_DDI_BLEND_SRC1_ALPHA = 18,
    D3D10_DDI_BLEND_INV_SRC1_ALPHA = 19,
    D3D10_DDI_BLEND_ALPHA_FACTOR = 20,
    D3D10_DDI_BLEND_INVALPHA_FACTOR = 21
} D3D10_DDI_BLEND;

/* ne-d3d10umddi-d3d10_ddi_blend_op. UNCERTAIN: values from the API page
 * (D3D10_BLEND_OP: ADD 1 .. MAX 5), which the DDI enum mirrors. */
typedef enum D3D10_DDI_BLEND_OP {
    D3D10_DDI_BLEND_OP_ADD = 1,
    D3D10_DDI_BLEND_OP_SUBTRACT = 2,
    D3D10_DDI_BLEND_OP_REV_SUBTRACT = 3,
    D3D10_DDI_BLEND_OP_MIN = 4,
    D3D10_DDI_BLEND_OP_MAX = 5
} D3D10_DDI_BLEND_OP;

/* D3D10_DDI_COLOR_WRITE_ENABLE (values on the D3D10_DDI_BLEND_DESC page) */
#define D3D10_DDI_COLOR_WRITE_ENABLE_RED 1u
#define D3D10_DDI_COLOR_WRITE_ENABLE_GREEN 2u
#define D3D10_DDI_COLOR_WRITE_ENABLE_BLUE 4u
#define D3D10_DDI_COLOR_WRITE_ENABLE_ALPHA 8u
#define D3D10_DDI_COLOR_WRITE_ENABLE_ALL 15u

/* ns-d3d10umddi-d3d10_ddi_blend_desc */
struct D3D10_DDI_BLEND_DESC {
    BOOL AlphaToCoverageEnable;
    BOOL BlendEnable[D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT];
    D3D10_DDI_BLEND SrcBlend;
    D3D10_DDI_BLEND DestBlend;
    D3D10_DDI_BLEND_OP BlendOp;
    D3D10_DDI_BLEND SrcBlendAlpha;
    D3D10_DDI_BLEND DestBlendAlpha;
    D3D10_DDI_BLEND_OP BlendOpAlpha;
    UINT8 RenderTargetWriteMask[D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT];
};

/* ns-d3d10umddi-d3d10_ddi_render_target_blend_desc1 */
typedef struct D3D10_DDI_RENDER_TARGET_BLEND_DESC1 {
    BOOL BlendEnable;
    D3D10_DDI_BLEND SrcBlend;
    D3D10_DDI_BLEND DestBlend;
    D3D10_DDI_BLEND_OP BlendOp;
    D3D10_DDI_BLEND SrcBlendAlpha;
    D3D10_DDI_BLEND DestBlendAlpha;
    D3D10_DDI_BLEND_OP BlendOpAlpha;
    UINT8 RenderTargetWriteMask;
} D3D10_DDI_RENDER_TARGET_BLEND_DESC1;

/* ns-d3d10umddi-d3d10_1_ddi_blend_desc: AlphaToCoverageEnable,
 * IndependentBlendEnable, RenderTarget[8]. */
struct D3D10_1_DDI_BLEND_DESC {
    BOOL AlphaToCoverageEnable;
    BOOL IndependentBlendEnable;
    D3D10_DDI_RENDER_TARGET_BLEND_DESC1 RenderTarget[D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT];
};

/* ne-d3d10umddi-d3d10_ddi_comparison_func. UNCERTAIN: values from the API
 * page (D3D10_COMPARISON_FUNC: NEVER 1 .. ALWAYS 8). */
typedef enum D3D10_DDI_COMPARISON_FUNC {
    D3D10_DDI_COMPARISON_NEVER = 1,
    D3D10_DDI_COMPARISON_LESS = 2,
    D3D10_DDI_COMPARISON_EQUAL = 3,
    D3D10_DDI_COMPARISON_LESS_EQUAL = 4,
    D3D10_DDI_COMPARISON_GREATER = 5,
    D3D10_DDI_COMPARISON_NOT_EQUAL = 6,
    D3D10_DDI_COMPARISON_GREATER_EQUAL = 7,
    D3D10_DDI_COMPARISON_ALWAYS = 8
} D3D10_DDI_COMPARISON_FUNC;

/* DepthWriteMask values (the D3D10_DDI_DEPTH_STENCIL_DESC page) */
typedef enum D3D10_DDI_DEPTH_WRITE_MASK {
    D3D10_DDI_DEPTH_WRITE_MASK_ZERO = 0,
    D3D10_DDI_DEPTH_WRITE_MASK_ALL = 1
} D3D10_DDI_DEPTH_WRITE_MASK;

/* ne-d3d10umddi-d3d10_ddi_stencil_op. UNCERTAIN: values from the API page
 * (D3D10_STENCIL_OP: KEEP 1 .. DECR 8). */
typedef enum D3D10_DDI_STENCIL_OP {
    D3D10_DDI_STENCIL_OP_KEEP = 1,
    D3D10_DDI_STENCIL_OP_ZERO = 2,
    D3D10_DDI_STENCIL_OP_REPLACE = 3,
    D3D10_DDI_STENCIL_OP_INCR_SAT = 4,
    D3D10_DDI_STENCIL_OP_DECR_SAT = 5,
    D3D10_DDI_STENCIL_OP_INVERT = 6,
    D3D10_DDI_STENCIL_OP_INCR = 7,
    D3D10_DDI_STENCIL_OP_DECR = 8
} D3D10_DDI_STENCIL_OP;

/* ns-d3d10umddi-d3d10_ddi_depth_stencilop_desc */
typedef struct D3D10_DDI_DEPTH_STENCILOP_DESC {
    D3D10_DDI_STENCIL_OP StencilFailOp;
    D3D10_DDI_STENCIL_OP StencilDepthFailOp;
    D3D10_DDI_STENCIL_OP StencilPassOp;
    D3D10_DDI_COMPARISON_FUNC StencilFunc;
} D3D10_DDI_DEPTH_STENCILOP_DESC;

/* ns-d3d10umddi-d3d10_ddi_depth_stencil_desc */
struct D3D10_DDI_DEPTH_STENCIL_DESC {
    BOOL DepthEnable;
    D3D10_DDI_DEPTH_WRITE_MASK DepthWriteMask;
    D3D10_DDI_COMPARISON_FUNC DepthFunc;
    BOOL StencilEnable;
    BOOL FrontEnable;
    BOOL BackEnable;
    UINT8 StencilReadMask;
    UINT8 StencilWriteMask;
    D3D10_DDI_DEPTH_STENCILOP_DESC FrontFace;
    D3D10_DDI_DEPTH_STENCILOP_DESC BackFace;
};

/* FillMode and CullMode values (the D3D10_DDI_RASTERIZER_DESC page) */
typedef enum D3D10_DDI_FILL_MODE {
    D3D10_DDI_FILL_WIREFRAME = 2,
    D3D10_DDI_FILL_SOLID = 3
} D3D10_DDI_FILL_MODE;

typedef enum D3D10_DDI_CULL_MODE {
    D3D10_DDI_CULL_NONE = 1,
    D3D10_DDI_CULL_FRONT = 2,
    D3D10_DDI_CULL_BACK = 3
} D3D10_DDI_CULL_MODE;

/* ns-d3d10umddi-d3d10_ddi_rasterizer_desc (DepthBias: INT32) */
struct D3D10_DDI_RASTERIZER_DESC {
    D3D10_DDI_FILL_MODE FillMode;
    D3D10_DDI_CULL_MODE CullMode;
    BOOL FrontCounterClockwise;
    INT DepthBias;
    FLOAT DepthBiasClamp;
    FLOAT SlopeScaledDepthBias;
    BOOL DepthClipEnable;
    BOOL ScissorEnable;
    BOOL MultisampleEnable;
    BOOL AntialiasedLineEnable;
};

/* ne-d3d10umddi-d3d10_ddi_filter. UNCERTAIN: values from the API page
 * (D3D10_FILTER), whose encoding is: bit 0 mip linear, bit 2 mag linear,
 * bit 4 min linear, 0x55 anisotropic, 0x80 comparison, and
 * TEXT_1BIT 0x80000000. */
typedef enum D3D10_DDI_FILTER {
    D3D10_DDI_FILTER_MIN_MAG_MIP_POINT = 0,
    D3D10_DDI_FILTER_MIN_MAG_POINT_MIP_LINEAR = 0x1,
    D3D10_DDI_FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT = 0x4,
    D3D10_DDI_FILTER_MIN_POINT_MAG_MIP_LINEAR = 0x5,
    D3D10_DDI_FILTER_MIN_LINEAR_MAG_MIP_POINT = 0x10,
    D3D10_DDI_FILTER_MIN_LINEAR_MAG_POINT_MIP_LINEAR = 0x11,
    D3D10_DDI_FILTER_MIN_MAG_LINEAR_MIP_POINT = 0x14,
    D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR = 0x15,
    D3D10_DDI_FILTER_ANISOTROPIC = 0x55,
    D3D10_DDI_FILTER_COMPARISON_MIN_MAG_MIP_POINT = 0x80,
    D3D10_DDI_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR = 0x95,
    D3D10_DDI_FILTER_COMPARISON_ANISOTROPIC = 0xd5,
    D3D10_DDI_FILTER_TEXT_1BIT = (int)0x80000000
} D3D10_DDI_FILTER;

/* ne-d3d10umddi-d3d10_ddi_texture_address_mode. UNCERTAIN: values from the
 * API page (D3D10_TEXTURE_ADDRESS_MODE: WRAP 1 .. MIRROR_ONCE 5). */
typedef enum D3D10_DDI_TEXTURE_ADDRESS_MODE {
    D3D10_DDI_TEXTURE_ADDRESS_WRAP = 1,
    D3D10_DDI_TEXTURE_ADDRESS_MIRROR = 2,
    D3D10_DDI_TEXTURE_ADDRESS_CLAMP = 3,
    D3D10_DDI_TEXTURE_ADDRESS_BORDER = 4,
    D3D10_DDI_TEXTURE_ADDRESS_MIRRORONCE = 5
} D3D10_DDI_TEXTURE_ADDRESS_MODE;

/* ns-d3d10umddi-d3d10_ddi_sampler_desc */
struct D3D10_DDI_SAMPLER_DESC {
    D3D10_DDI_FILTER Filter;
    D3D10_DDI_TEXTURE_ADDRESS_MODE AddressU;
    D3D10_DDI_TEXTURE_ADDRESS_MODE AddressV;
    D3D10_DDI_TEXTURE_ADDRESS_MODE AddressW;
    FLOAT MipLODBias;
    UINT MaxAnisotropy;
    D3D10_DDI_COMPARISON_FUNC ComparisonFunc;
    FLOAT BorderColor[4];
    FLOAT MinLOD;
    FLOAT MaxLOD;
};

/* InputSlotClass values (the D3D10DDIARG_INPUT_ELEMENT_DESC page) */
typedef enum D3D10_DDI_INPUT_CLASSIFICATION {
    D3D10_DDI_INPUT_PER_VERTEX_DATA = 0,
    D3D10_DDI_INPUT_PER_INSTANCE_DATA = 1
} D3D10_DDI_INPUT_CLASSIFICATION;

/* ns-d3d10umddi-d3d10ddiarg_input_element_desc */
typedef struct D3D10DDIARG_INPUT_ELEMENT_DESC {
    UINT InputSlot;
    UINT AlignedByteOffset;
    DXGI_FORMAT Format;
    D3D10_DDI_INPUT_CLASSIFICATION InputSlotClass;
    UINT InstanceDataStepRate;
    UINT InputRegister;
} D3D10DDIARG_INPUT_ELEMENT_DESC;

/* ns-d3d10umddi-d3d10ddiarg_createelementlayout */
struct D3D10DDIARG_CREATEELEMENTLAYOUT {
    const D3D10DDIARG_INPUT_ELEMENT_DESC *pVertexElements;
    UINT NumElements;
};

#ifdef __cplusplus
}
#endif

#endif /* SABLE_D3D10_UMDDI_STATE_H */
