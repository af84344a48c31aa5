/* SPDX-License-Identifier: MIT */
/*
 * Sable: the shader-creation arguments of the Direct3D 10/11 user-mode DDI
 * (d3d10umddi.h, d3d10tokenizedprogramformat.hpp in the WDK), completing the
 * structures d3d10_umddi_types.h declares opaque.
 *
 * Written from Microsoft's public reference pages (learn.microsoft.com,
 * "windows-driver-docs-ddi", d3d10umddi section: one page per structure,
 * named below).  No header text from the WDK, Wine, Mesa or mingw-w64 was
 * used.  Layout asserts: wddm_umd_shader_layout_check.h (x64).
 *
 * The runtime hands Create*Shader the shader's token stream (pCode; its
 * second DWORD is its length in DWORDs) and, separately, the signatures:
 * one entry per declared register/mask of the stage's inputs and outputs,
 * with the system value the register carries (no semantic names: stages
 * link by register).
 */
#ifndef SABLE_D3D10_UMDDI_SHADER_H
#define SABLE_D3D10_UMDDI_SHADER_H

#include "d3d10_umddi_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* D3D10_SB_NAME (the "name" token of dcl_*_siv/sgv declarations; also the
 * SystemValue of a signature entry).  Values from the D3D10/11 tokenized
 * program format reference ("D3D10_SB_NAME" in the token format section). */
typedef enum D3D10_SB_NAME {
    D3D10_SB_NAME_UNDEFINED = 0,
    D3D10_SB_NAME_POSITION = 1,
    D3D10_SB_NAME_CLIP_DISTANCE = 2,
    D3D10_SB_NAME_CULL_DISTANCE = 3,
    D3D10_SB_NAME_RENDER_TARGET_ARRAY_INDEX = 4,
    D3D10_SB_NAME_VIEWPORT_ARRAY_INDEX = 5,
    D3D10_SB_NAME_VERTEX_ID = 6,
    D3D10_SB_NAME_PRIMITIVE_ID = 7,
    D3D10_SB_NAME_INSTANCE_ID = 8,
    D3D10_SB_NAME_IS_FRONT_FACE = 9,
    D3D10_SB_NAME_SAMPLE_INDEX = 10,
    D3D11_SB_NAME_FINAL_QUAD_U_EQ_0_EDGE_TESSFACTOR = 11,
    D3D11_SB_NAME_FINAL_QUAD_V_EQ_0_EDGE_TESSFACTOR = 12,
    D3D11_SB_NAME_FINAL_QUAD_U_EQ_1_EDGE_TESSFACTOR = 13,
    D3D11_SB_NAME_FINAL_QUAD_V_EQ_1_EDGE_TESSFACTOR = 14,
    D3D11_SB_NAME_FINAL_QUAD_U_INSIDE_TESSFACTOR = 15,
    D3D11_SB_NAME_FINAL_QUAD_V_INSIDE_TESSFACTOR = 16,
    D3D11_SB_NAME_FINAL_TRI_U_EQ_0_EDGE_TESSFACTOR = 17,
    D3D11_SB_NAME_FINAL_TRI_V_EQ_0_EDGE_TESSFACTOR = 18,
    D3D11_SB_NAME_FINAL_TRI_W_EQ_0_EDGE_TESSFACTOR = 19,
    D3D11_SB_NAME_FINAL_TRI_INSIDE_TESSFACTOR = 20,
    D3D11_SB_NAME_FINAL_LINE_DETAIL_TESSFACTOR = 21,
    D3D11_SB_NAME_FINAL_LINE_DENSITY_TESSFACTOR = 22,
} D3D10_SB_NAME;

/* D3D10DDIARG_SIGNATURE_ENTRY page: SystemValue (a D3D10_SB_NAME,
 * D3D10_SB_NAME_UNDEFINED when the entry is not a system value), Register
 * (the register index), Mask (the component mask: bits 0..3 = x, y, z, w). */
typedef struct D3D10DDIARG_SIGNATURE_ENTRY {
    D3D10_SB_NAME SystemValue;
    UINT Register;
    BYTE Mask;
} D3D10DDIARG_SIGNATURE_ENTRY;

/* UNCERTAIN: D3D11DDIARG_STAGE_IO_SIGNATURES and the tessellation form name
 * their entries D3D11DDIARG_SIGNATURE_ENTRY; no separate page describing a
 * different layout was found, so it is the D3D10 entry. */
typedef D3D10DDIARG_SIGNATURE_ENTRY D3D11DDIARG_SIGNATURE_ENTRY;

/* D3D10DDIARG_STAGE_IO_SIGNATURES page: the input and output signatures. */
struct D3D10DDIARG_STAGE_IO_SIGNATURES {
    D3D10DDIARG_SIGNATURE_ENTRY *pInputSignature;
    UINT NumInputSignatureEntries;
    D3D10DDIARG_SIGNATURE_ENTRY *pOutputSignature;
    UINT NumOutputSignatureEntries;
};

/* D3D11DDIARG_STAGE_IO_SIGNATURES page: the same members as the D3D10 form
 * (the D3D11 device table still passes D3D10DDIARG_STAGE_IO_SIGNATURES to
 * CreateVertex/Geometry/PixelShader). */
typedef struct D3D11DDIARG_STAGE_IO_SIGNATURES {
    D3D11DDIARG_SIGNATURE_ENTRY *pInputSignature;
    UINT NumInputSignatureEntries;
    D3D11DDIARG_SIGNATURE_ENTRY *pOutputSignature;
    UINT NumOutputSignatureEntries;
} D3D11DDIARG_STAGE_IO_SIGNATURES;

/* D3D11DDIARG_TESSELLATION_IO_SIGNATURES page (hull and domain shaders):
 * input, output and patch-constant signatures. */
struct D3D11DDIARG_TESSELLATION_IO_SIGNATURES {
    D3D11DDIARG_SIGNATURE_ENTRY *pInputSignature;
    UINT NumInputSignatureEntries;
    D3D11DDIARG_SIGNATURE_ENTRY *pOutputSignature;
    UINT NumOutputSignatureEntries;
    D3D11DDIARG_SIGNATURE_ENTRY *pPatchConstantSignature;
    UINT NumPatchConstantSignatureEntries;
};

/* D3D10DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY page: OutputSlot (the stream
 * output buffer), RegisterIndex (the GS output register), RegisterMask. */
typedef struct D3D10DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY {
    UINT OutputSlot;
    UINT RegisterIndex;
    BYTE RegisterMask;
} D3D10DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY;

/* D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY page: the stream first. */
typedef struct D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY {
    UINT Stream;
    UINT OutputSlot;
    UINT RegisterIndex;
    BYTE RegisterMask;
} D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY;

/* D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT page. */
struct D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT {
    const UINT *pShaderCode;
    const D3D10DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *pOutputStreamDecl;
    UINT NumEntries;
    UINT StreamOutputStrideInBytes;
};

/* D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT page: per-buffer strides
 * and the stream that is rasterized. */
struct D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT {
    const UINT *pShaderCode;
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *pOutputStreamDecl;
    UINT NumEntries;
    const UINT *BufferStridesInBytes;
    UINT NumStrides;
    UINT RasterizedStream;
};

/* "D3D11_SO_NO_RASTERIZED_STREAM" (RasterizedStream when none is). */
#define D3D11_SO_NO_RASTERIZED_STREAM 0xFFFFFFFFu

#ifdef __cplusplus
}
#endif

#endif /* SABLE_D3D10_UMDDI_SHADER_H */
