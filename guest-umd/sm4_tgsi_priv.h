/* SPDX-License-Identifier: MIT */
/* The translator's shared state (sm4_tgsi.c: registers, operands, the
 * driver; sm4_tgsi_decl.c: declarations; sm4_tgsi_insn.c: instructions;
 * sm4_tgsi_tex.c: texture instructions). */
#ifndef SABLE_SM4_TGSI_PRIV_H
#define SABLE_SM4_TGSI_PRIV_H

#include <stdarg.h>

#include "sm4_tgsi.h"

#define TX_MAX_TEMPS 4096     /* r# and x# registers together */
#define TX_MAX_X 64           /* indexable temp arrays */
#define TX_MAX_CB_SIZE 4096   /* vec4 per constant buffer */
#define TX_MAX_TGSM 32
#define TX_NSCRATCH 6         /* scratch temps per instruction */
#define TX_NADDR 4            /* ADDR registers per instruction */
#define TX_SRV_BUFFER_BASE SM4_MAX_UAV /* BUFFER[] index of raw/structured SRV t0 */
#define TX_OPLEN 160          /* one operand's text */
#define TX_REGLEN 128         /* a register's text (in an operand) */
#define TX_MAX_DEPTH 64       /* nested if/loop/switch */
#define TX_ARRAY_PC (TX_MAX_X + 2)  /* HS/DS: the patch constants' TEMP array */
#define TX_ARRAY_CPO (TX_MAX_X + 3) /* HS control point phase: its outputs' TEMP array */
#define TX_MAX_PHASES 64      /* HS fork and join phases */
#define TX_MAX_RANGES 8       /* index ranges */
#define TX_ARRAY_RANGE (TX_MAX_X + 4) /* the index ranges' TEMP arrays, one each */

typedef struct TBuf {
    char *s;
    size_t len, cap;
    bool oom;
} TBuf;

/* Where an SM4 input/output register lives in TGSI. */
typedef struct TxReg {
    const char *file;  /* "IN", "OUT", "SV", "TEMP" or NULL (undeclared) */
    uint32_t index;
    uint32_t arr;      /* TEMP array ID (an index range's), 0: none */
    uint8_t mask, sv, interp, declared;
    uint8_t sv_mask;   /* the components the system value occupies */
    uint8_t comp_sv[4]; /* the system value declared on each component */
    bool staged;       /* an output kept in a TEMP, copied out (sm4_tgsi_out.c) */
    bool distances;    /* ... into the packed clip/cull distances */
} TxReg;

/* dcl_indexrange of VS/PS inputs or VS/GS/DS/PS outputs: a TEMP array. */
typedef struct TxRange {
    bool output;
    uint32_t first, count, base;
} TxRange;

enum { TX_KIND_NONE, TX_KIND_TYPED, TX_KIND_RAW, TX_KIND_STRUCTURED };

typedef struct Tx {
    const Sm4Program *p;
    const Sm4Signatures *sig;
    Sm4ShaderInfo *info;
    TBuf head, decl, imms, body;
    uint32_t (*imm)[4];
    uint32_t nimm, cap_imm;
    uint32_t ntemps;                      /* dcl_temps */
    uint32_t xbase[TX_MAX_X], xsize[TX_MAX_X];
    uint32_t next_temp;                   /* next free TEMP index */
    uint32_t icb_base, icb_size;
    uint32_t scratch;                     /* TX_NSCRATCH temps from here */
    uint32_t nsv;                         /* SV[] declared */
    TxReg in[SM4_MAX_IO], out[SM4_MAX_IO];
    TxReg special[SM4_OT_COUNT];          /* vPrim, oDepth, vThreadID, ... */
    uint8_t srv_kind[SM4_MAX_SRV], uav_kind[SM4_MAX_UAV];
    uint8_t srv_ret[SM4_MAX_SRV];         /* typed: the x return type (SM4_RT_*) */
    uint8_t unit_shadow[SM4_MAX_UNITS];   /* the unit samples with comparison */
    uint8_t uav_dim[SM4_MAX_UAV], uav_ret[SM4_MAX_UAV];
    uint32_t srv_stride[SM4_MAX_SRV], uav_stride[SM4_MAX_UAV], tgsm_stride[TX_MAX_TGSM];
    uint32_t tgsm_used, cb_dynamic;
    uint32_t tgsm_base[TX_MAX_TGSM], tgsm_bytes; /* g#'s byte offset in MEMORY[0]; total */
    uint32_t naddr;                       /* ADDR registers used by this instruction */
    uint32_t max_addr;
    uint32_t nout_insn;
    int depth;                            /* open if/loop/switch */
    char flow[TX_MAX_DEPTH];              /* their kinds: i(f) e(lse) l(oop) s(witch) r(outine) */
    bool ended;                           /* a top-level ret was met */
    int sub_base;                         /* depth of the inlined subroutine's body (0: main) */
    TxRange range[TX_MAX_RANGES];
    uint32_t nranges;
    bool clip_cull;                       /* distances packed (there are cull distances) */
    uint32_t calls;                       /* subroutines being inlined */
    /* hull and domain shaders (sm4_tgsi_tess.c) */
    uint8_t phase;                        /* HS: the SM5_HS_* phase being read, 0 before */
    bool has_cp_phase;
    uint32_t phase_instances[TX_MAX_PHASES]; /* fork/join phases in order: instance counts */
    uint32_t nphases;
    uint32_t hs_in_cp, hs_out_cp;         /* declared control point counts (0: none) */
    float max_tessfactor;
    TxReg pc[SM4_MAX_IO];                 /* patch constants (HS: o# of fork/join, DS: vpc) */
    uint32_t pc_base, cpo_base;           /* their TEMP arrays */
    uint32_t factor_reg[2];               /* TESSOUTER, TESSINNER: OUT (HS) or SV (DS) index */
    Sm4Error err;
    char *why;
    size_t whylen;
} Tx;

void tb_printf(TBuf *b, const char *fmt, ...);
bool tx_fail(Tx *t, Sm4Error e, const char *fmt, ...);

/* Operands.  tx_src/tx_dst write the operand's text (emitting UARL first
 * for relative indices); tx_imm returns the IMM[] index of a vec4. */
typedef struct TxSrc {
    char reg[TX_REGLEN];
    uint8_t swz[4];
    uint8_t mod;
} TxSrc;
bool tx_src(Tx *t, const Sm4Operand *o, char *out);
bool tx_src_get(Tx *t, const Sm4Operand *o, TxSrc *s);
void tx_src_fmt(const TxSrc *s, int lane, char *out); /* lane -1: the swizzle; else .llll */
bool tx_dst(Tx *t, const Sm4Operand *o, char *out);
bool tx_reg(Tx *t, const Sm4Operand *o, char *out); /* the register alone */
uint32_t tx_imm(Tx *t, uint32_t x, uint32_t y, uint32_t z, uint32_t w);
void tx_emit(Tx *t, const char *fmt, ...);
uint8_t tx_dst_mask(const Sm4Operand *o);

const char *tx_tex_target(uint32_t sm4_dim);  /* TGSI texture target name */
const char *tx_return_type(uint32_t ret);     /* TGSI return type name */
const char *tx_image_format(uint32_t ret);    /* a PIPE_FORMAT for a typed UAV */
/* The result in scratch S0 to the instruction's destination (operand 0)
 * through res's swizzle. */
bool tx_swizzled_out(Tx *t, const Sm4Insn *in, const Sm4Operand *res);

/* Declarations (sm4_tgsi_decl.c), instructions (sm4_tgsi_insn.c) and the
 * texture instructions (sm4_tgsi_tex.c). */
bool tx_decl(Tx *t, const Sm4Insn *in);
bool tx_insn(Tx *t, const Sm4Insn *in);
/* Instructions first..end-1 (declarations skipped) up to a top-level ret;
 * fails when an if/loop/switch is left open. */
bool tx_code_range(Tx *t, uint32_t first, uint32_t end);
/* Flow blocks (sm4_tgsi_insn.c): the kinds i(f) e(lse) l(oop) s(witch)
 * r(outine: an inlined subroutine's one-pass loop); UIF on operand k
 * (_nz / _z); `what` under that UIF. */
bool tx_open_block(Tx *t, char kind);
bool tx_close_block(Tx *t, char kind, const char *tgsi);
bool tx_uif(Tx *t, const Sm4Insn *in, unsigned k);
bool tx_conditional(Tx *t, const Sm4Insn *in, const char *what);
/* call / callc: the label's body inlined (sm4_tgsi_call.c); ret / retc
 * inside it. */
bool tx_call(Tx *t, const Sm4Insn *in);
bool tx_sub_return(Tx *t, const Sm4Insn *in);
bool tx_tex_insn(Tx *t, const Sm4Insn *in); /* sample*, gather4*, lod, ld*, resinfo, sample_info */
bool tx_tex_size(Tx *t, const Sm4Operand *res, const char *mip); /* S0 = TXQ of a typed SRV */
void tx_finish_decls(Tx *t); /* DCLs, properties, prologue */
/* Staged registers (sm4_tgsi_out.c): dcl_indexrange recorded; the
 * ranges' TEMP arrays (after the inputs' and outputs' registers are
 * known); with cull distances, the packed CLIPDIST declarations (before
 * the outputs'); whether r is a GS output kept in a TEMP (layer, viewport
 * index, primitive ID); the staged outputs copied to OUT (at an output
 * point); a register's text ("TEMP[5](68)"). */
bool tx_decl_range(Tx *t, const Sm4Insn *in);
void tx_finish_ranges(Tx *t);
bool tx_finish_clip_cull(Tx *t);
bool tx_gs_int_output(const Tx *t, const TxReg *r);
void tx_flush_outputs(Tx *t);
void tx_reg_text(const TxReg *r, char *out);
void tx_declare_units(Tx *t); /* DCL SAMP / SVIEW of the units the code used */
/* "[n]" or "[ADDR[k].x+n]" for index i of o (n = imm + base, imm < limit) */
bool tx_index_text(Tx *t, const Sm4Operand *o, unsigned i, uint32_t base, uint32_t limit,
                   char *out);

/* The system value (D3D10_SB_NAME, not 0) the signature gives register reg. */
bool tx_sig_sv(const Sm4SigEntry *e, uint32_t n, uint32_t reg, uint8_t *sv);

/* Hull and domain shaders (sm4_tgsi_tess.c). */
bool tx_tess_decl(Tx *t, const Sm4Insn *in);   /* the tessellation declarations */
bool tx_tess_phase(Tx *t, const Sm4Insn *in);  /* HS phase markers in the declaration pass */
/* dcl_input/dcl_output of vicp, vocp, vpc and HS patch constant outputs:
 * 1 handled, 0 failed, -1 not one of them (the common path goes on) */
int tx_tess_decl_io(Tx *t, const Sm4Insn *in, bool output);
bool tx_tess_reg(Tx *t, const Sm4Operand *o, char *out); /* o#, vicp, vocp, vpc in HS/DS */
void tx_tess_finish(Tx *t);                    /* properties, DCLs, DS prologue */
bool tx_tess_code(Tx *t);                      /* HS: the phases as one TCS */

#endif /* SABLE_SM4_TGSI_PRIV_H */
