/* SPDX-License-Identifier: MIT */
/*
 * Our translator from a decoded SM4/SM5 program (sm4.h) to TGSI text, the
 * form virglrenderer's tgsi_text_translate parses.
 *
 * Contract: sm4_to_tgsi() validates every register index, declaration
 * value and operand shape it uses (the decoder only checked the token
 * syntax) and returns SM4_OK with a NUL-terminated text (free() it) and the
 * Sm4ShaderInfo the draw path needs, or an error with `why` naming the
 * reason (SM4_ERR_UNSUPPORTED: well-formed but not mappable; the list is in
 * docs/umd.md).  Stages link by register: input/output register n that is
 * not a system value is GENERIC[n] in every stage, so a VS output links to
 * the GS/PS input of the same register, as D3D links signatures.
 */
#ifndef SABLE_SM4_TGSI_H
#define SABLE_SM4_TGSI_H

#include "sm4.h"

/* One signature entry, as the runtime passes it (D3D10DDIARG_SIGNATURE_ENTRY). */
typedef struct Sm4SigEntry {
    uint32_t sv;   /* D3D10_SB_NAME */
    uint32_t reg;
    uint8_t mask;
} Sm4SigEntry;

typedef struct Sm4Signatures {
    const Sm4SigEntry *in, *out, *patch;
    uint32_t nin, nout, npatch;
} Sm4Signatures;

#define SM4_MAX_IO 32      /* input/output registers */
#define SM4_MAX_CB 14      /* constant buffer slots */
#define SM4_MAX_SRV 128
#define SM4_MAX_SAMPLERS 16
#define SM4_MAX_UAV 8      /* D3D11.0 */
#define SM4_MAX_UNITS 32   /* TGSI sampler units per shader (virglrenderer's limit) */
#define SM4_UNIT_NO_SAMPLER 0xFF
/* The hidden counter of structured UAV u# (imm_atomic_alloc / consume) is
 * TGSI BUFFER[SM4_COUNTER_BUFFER + #], one 32-bit count at byte 0; raw /
 * structured SRV t# are BUFFER[8 + #], so those two must not meet. */
#define SM4_COUNTER_BUFFER 24

/* Pipeline statistics (sm4_tgsi_count): the counting variant of a VS, PS,
 * GS or DS adds 1 to 32-bit word SM4_STATS_* of BUFFER[SM4_STATS_BUFFER]
 * (the last shader buffer: u7's counter or raw t23, which a shader using
 * them cannot be counted with) per VS / PS / DS invocation and per
 * primitive a GS emits. */
#define SM4_STATS_BUFFER 31
#define SM4_STATS_BUFFER_TEXT "BUFFER[31]"
enum { SM4_STATS_PS, SM4_STATS_GS, SM4_STATS_DS, SM4_STATS_VS };

/* TGSI unit u (SAMP[u] with SVIEW[u]): virglrenderer samples it through
 * the stage's sampler view u and sampler state u.  D3D's t# and s# are
 * independent, so the translator gives every (t#, s#) pair a shader
 * samples with, and every t# it only fetches from or sizes, a unit: the
 * draw path binds the view of SRV slot `view` at sampler view u and the
 * sampler of slot `sampler` at sampler state u (SM4_UNIT_NO_SAMPLER: the
 * unit is only fetched from or sized; any state or none). */
typedef struct Sm4TexUnit {
    uint8_t view, sampler;
} Sm4TexUnit;

/* What the draw path needs, filled at create time. */
typedef struct Sm4ShaderInfo {
    uint8_t stage;
    uint32_t cb_size[SM4_MAX_CB];   /* vec4 registers declared per slot (0: unused) */
    uint32_t srv_used[SM4_MAX_SRV / 32];
    uint8_t srv_dim[SM4_MAX_SRV];   /* SM4_RES_* */
    uint16_t samplers_used;         /* s# declared */
    uint8_t nunits;                 /* sampler units, in the order of first use */
    Sm4TexUnit unit[SM4_MAX_UNITS];
    uint8_t uavs_used;
    uint8_t uav_counters;           /* u# whose hidden counter the shader uses */
    uint32_t in_mask, out_mask;     /* registers declared */
    uint8_t in_sv[SM4_MAX_IO], out_sv[SM4_MAX_IO]; /* D3D10_SB_NAME per register */
    uint8_t in_usage[SM4_MAX_IO], out_usage[SM4_MAX_IO]; /* component masks */
    uint8_t writes_depth, writes_mask;
    uint8_t rt_samples;             /* PS: reads the render target's sample count in
                                     * CONST[0][cb_size[0]].x (the draw path's) */
    uint8_t gs_in_prim, gs_out_topo, gs_instances;
    uint32_t gs_max_vertices;
    uint32_t cs_block[3];
    uint32_t cs_shared_bytes;       /* groupshared memory (all g#) */
    /* HS: tessellator declarations (D3D11_SB_TESSELLATOR_* values); DS: the domain */
    uint8_t tess_domain, tess_partitioning, tess_output_prim;
    uint8_t hs_in_cp, hs_out_cp;    /* control points per input / output patch */
    uint32_t tgsi_instructions;
} Sm4ShaderInfo;

Sm4Error sm4_to_tgsi(const Sm4Program *p, const Sm4Signatures *sig, char **text,
                     Sm4ShaderInfo *info, char *why, size_t whylen);

/* A domain shader's TGSI with the tessellator properties TGSI puts in the
 * TESS_EVAL but D3D declares in the hull shader (spacing, vertex order,
 * point mode) from the HS's info; NULL when out of memory (free() it). */
char *sm4_tes_link(const char *ds_tgsi, const Sm4ShaderInfo *hs);
/* The key of what sm4_tes_link takes from an HS (equal keys: same text). */
uint32_t sm4_tes_key(const Sm4ShaderInfo *hs);

/* The counting variant of the TGSI text sm4_to_tgsi made for info's
 * shader (a VS, PS, GS or DS); NULL when the stage has none, the shader uses
 * SM4_STATS_BUFFER, or out of memory (free() it). */
char *sm4_tgsi_count(const char *tgsi, const Sm4ShaderInfo *info);

#endif /* SABLE_SM4_TGSI_H */
