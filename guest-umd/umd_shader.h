/* SPDX-License-Identifier: MIT */
/*
 * Shader objects (shader.c): Create*Shader decodes the token stream
 * (sm4.h) and translates it to TGSI text (sm4_tgsi.h) once, keeping the
 * text and what the draw path needs (Sm4ShaderInfo, stream output);
 * DestroyShader frees them; Set*Shader records the binding in UmdState.
 * A malformed or untranslatable shader: E_OUTOFMEMORY through
 * pfnSetErrorCb, the only code Create*Shader's category allows.
 */
#ifndef SABLE_UMD_SHADER_H
#define SABLE_UMD_SHADER_H

#include "d3d10_umddi_shader.h"
#include "sm4_tgsi.h"

#define UMD_SHADER_MAGIC 0x52444853u /* "SHDR" */
#define UMD_SO_MAX_ENTRIES 128       /* D3D11: 4 streams x 32 entries ... bounded here */

typedef struct UmdSoEntry {
    uint32_t stream, slot, reg; /* reg 0xFFFFFFFF: a gap */
    uint8_t mask;
} UmdSoEntry;

typedef struct UmdShader {
    uint32_t magic;
    uint8_t program;            /* SM4_VS, SM4_PS, ... (the token stream's type) */
    char *tgsi;                 /* NUL-terminated TGSI text */
    Sm4ShaderInfo info;
    UmdSoEntry *so;             /* stream output declaration (GS/VS with SO) */
    uint32_t nso;
    uint32_t so_stride[4];
    uint32_t rasterized_stream;
    uint32_t handle;            /* its virgl shader object (draw.c), host: created */
    uint32_t tes_key;           /* DS: sm4_tes_key of the HS its object was made for */
    bool host;
    /* the counting variant (pipeline statistics, pstats.c): its text made
     * at first need (refused: the stage has none), its object as above */
    char *count_tgsi;
    bool count_refused, count_host;
    uint32_t count_handle, count_tes_key;
} UmdShader;

struct UmdDevice;
SIZE_T umd_shader_size(void);
/* sig10 for VS/GS/PS (may be NULL), sig11 for HS/DS; program: the type the
 * DDI expects. */
void umd_shader_create(struct UmdDevice *d, UmdDdi ddi, unsigned program, const UINT *code,
                       const D3D10DDIARG_STAGE_IO_SIGNATURES *sig10,
                       const D3D11DDIARG_TESSELLATION_IO_SIGNATURES *sig11, UmdShader *s);
void umd_shader_create_so10(struct UmdDevice *d,
                            const D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT *c,
                            const D3D10DDIARG_STAGE_IO_SIGNATURES *sig, UmdShader *s);
void umd_shader_create_so11(struct UmdDevice *d,
                            const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT *c,
                            const D3D10DDIARG_STAGE_IO_SIGNATURES *sig, UmdShader *s);
void umd_shader_destroy(struct UmdDevice *d, UmdShader *s);
/* stage: UMD_VS.. (umd.h); s NULL unbinds */
void umd_set_shader(struct UmdDevice *d, UmdDdi ddi, unsigned stage, UmdShader *s);

#endif /* SABLE_UMD_SHADER_H */
