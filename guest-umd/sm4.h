/* SPDX-License-Identifier: MIT */
/*
 * The SM4.0/4.1/5.0 token format (the shader program the D3D10/11 runtime
 * hands Create*Shader) and our decoder of it.
 *
 * Contract: sm4_decode() reads exactly the DWORDs the program's length
 * token (its second DWORD) claims, never more, checks every field it reads
 * and returns SM4_OK with a Sm4Program (free it with sm4_free), or an
 * Sm4Error with nothing allocated.  Constants are the values of the
 * "D3D10/D3D11 tokenized program format" reference (opcodes, operand types,
 * index representations, component selection, declarations' fields).
 * The opcode table (sm4_ops.c) is shared with the assembler and the
 * disassembler in tools/dxbc.
 */
#ifndef SABLE_SM4_H
#define SABLE_SM4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* program types (version token bits 16..31) */
enum { SM4_PS = 0, SM4_VS = 1, SM4_GS = 2, SM4_HS = 3, SM4_DS = 4, SM4_CS = 5 };

/* opcodes (opcode token bits 0..10) */
enum {
    SM4_ADD, SM4_AND, SM4_BREAK, SM4_BREAKC, SM4_CALL, SM4_CALLC, SM4_CASE, SM4_CONTINUE,
    SM4_CONTINUEC, SM4_CUT, SM4_DEFAULT, SM4_DERIV_RTX, SM4_DERIV_RTY, SM4_DISCARD, SM4_DIV,
    SM4_DP2, SM4_DP3, SM4_DP4, SM4_ELSE, SM4_EMIT, SM4_EMITTHENCUT, SM4_ENDIF, SM4_ENDLOOP,
    SM4_ENDSWITCH, SM4_EQ, SM4_EXP, SM4_FRC, SM4_FTOI, SM4_FTOU, SM4_GE, SM4_IADD, SM4_IF,
    SM4_IEQ, SM4_IGE, SM4_ILT, SM4_IMAD, SM4_IMAX, SM4_IMIN, SM4_IMUL, SM4_INE, SM4_INEG,
    SM4_ISHL, SM4_ISHR, SM4_ITOF, SM4_LABEL, SM4_LD, SM4_LD_MS, SM4_LOG, SM4_LOOP, SM4_LT,
    SM4_MAD, SM4_MIN, SM4_MAX, SM4_CUSTOMDATA, SM4_MOV, SM4_MOVC, SM4_MUL, SM4_NE, SM4_NOP,
    SM4_NOT, SM4_OR, SM4_RESINFO, SM4_RET, SM4_RETC, SM4_ROUND_NE, SM4_ROUND_NI, SM4_ROUND_PI,
    SM4_ROUND_Z, SM4_RSQ, SM4_SAMPLE, SM4_SAMPLE_C, SM4_SAMPLE_C_LZ, SM4_SAMPLE_L,
    SM4_SAMPLE_D, SM4_SAMPLE_B, SM4_SQRT, SM4_SWITCH, SM4_SINCOS, SM4_UDIV, SM4_ULT, SM4_UGE,
    SM4_UMUL, SM4_UMAD, SM4_UMAX, SM4_UMIN, SM4_USHR, SM4_UTOF, SM4_XOR,
    SM4_DCL_RESOURCE, SM4_DCL_CONSTANT_BUFFER, SM4_DCL_SAMPLER, SM4_DCL_INDEX_RANGE,
    SM4_DCL_GS_OUTPUT_PRIMITIVE_TOPOLOGY, SM4_DCL_GS_INPUT_PRIMITIVE,
    SM4_DCL_MAX_OUTPUT_VERTEX_COUNT, SM4_DCL_INPUT, SM4_DCL_INPUT_SGV, SM4_DCL_INPUT_SIV,
    SM4_DCL_INPUT_PS, SM4_DCL_INPUT_PS_SGV, SM4_DCL_INPUT_PS_SIV, SM4_DCL_OUTPUT,
    SM4_DCL_OUTPUT_SGV, SM4_DCL_OUTPUT_SIV, SM4_DCL_TEMPS, SM4_DCL_INDEXABLE_TEMP,
    SM4_DCL_GLOBAL_FLAGS, SM4_RESERVED0,
    SM4_LOD, SM4_GATHER4, SM4_SAMPLE_POS, SM4_SAMPLE_INFO, SM4_RESERVED1,
    SM5_HS_DECLS, SM5_HS_CONTROL_POINT_PHASE, SM5_HS_FORK_PHASE, SM5_HS_JOIN_PHASE,
    SM5_EMIT_STREAM, SM5_CUT_STREAM, SM5_EMITTHENCUT_STREAM, SM5_INTERFACE_CALL, SM5_BUFINFO,
    SM5_DERIV_RTX_COARSE, SM5_DERIV_RTX_FINE, SM5_DERIV_RTY_COARSE, SM5_DERIV_RTY_FINE,
    SM5_GATHER4_C, SM5_GATHER4_PO, SM5_GATHER4_PO_C, SM5_RCP, SM5_F32TOF16, SM5_F16TOF32,
    SM5_UADDC, SM5_USUBB, SM5_COUNTBITS, SM5_FIRSTBIT_HI, SM5_FIRSTBIT_LO, SM5_FIRSTBIT_SHI,
    SM5_UBFE, SM5_IBFE, SM5_BFI, SM5_BFREV, SM5_SWAPC, SM5_DCL_STREAM, SM5_DCL_FUNCTION_BODY,
    SM5_DCL_FUNCTION_TABLE, SM5_DCL_INTERFACE, SM5_DCL_INPUT_CONTROL_POINT_COUNT,
    SM5_DCL_OUTPUT_CONTROL_POINT_COUNT, SM5_DCL_TESS_DOMAIN, SM5_DCL_TESS_PARTITIONING,
    SM5_DCL_TESS_OUTPUT_PRIMITIVE, SM5_DCL_HS_MAX_TESSFACTOR,
    SM5_DCL_HS_FORK_PHASE_INSTANCE_COUNT, SM5_DCL_HS_JOIN_PHASE_INSTANCE_COUNT,
    SM5_DCL_THREAD_GROUP, SM5_DCL_UAV_TYPED, SM5_DCL_UAV_RAW, SM5_DCL_UAV_STRUCTURED,
    SM5_DCL_TGSM_RAW, SM5_DCL_TGSM_STRUCTURED, SM5_DCL_RESOURCE_RAW,
    SM5_DCL_RESOURCE_STRUCTURED, SM5_LD_UAV_TYPED, SM5_STORE_UAV_TYPED, SM5_LD_RAW,
    SM5_STORE_RAW, SM5_LD_STRUCTURED, SM5_STORE_STRUCTURED, SM5_ATOMIC_AND, SM5_ATOMIC_OR,
    SM5_ATOMIC_XOR, SM5_ATOMIC_CMP_STORE, SM5_ATOMIC_IADD, SM5_ATOMIC_IMAX, SM5_ATOMIC_IMIN,
    SM5_ATOMIC_UMAX, SM5_ATOMIC_UMIN, SM5_IMM_ATOMIC_ALLOC, SM5_IMM_ATOMIC_CONSUME,
    SM5_IMM_ATOMIC_IADD, SM5_IMM_ATOMIC_AND, SM5_IMM_ATOMIC_OR, SM5_IMM_ATOMIC_XOR,
    SM5_IMM_ATOMIC_EXCH, SM5_IMM_ATOMIC_CMP_EXCH, SM5_IMM_ATOMIC_IMAX, SM5_IMM_ATOMIC_IMIN,
    SM5_IMM_ATOMIC_UMAX, SM5_IMM_ATOMIC_UMIN, SM5_SYNC, SM5_DADD, SM5_DMAX, SM5_DMIN, SM5_DMUL,
    SM5_DEQ, SM5_DGE, SM5_DLT, SM5_DNE, SM5_DMOV, SM5_DMOVC, SM5_DTOF, SM5_FTOD,
    SM5_EVAL_SNAPPED, SM5_EVAL_SAMPLE_INDEX, SM5_EVAL_CENTROID, SM5_DCL_GS_INSTANCE_COUNT,
    SM5_ABORT, SM5_DEBUG_BREAK,
    SM4_OPCODE_COUNT
};

/* operand types (operand token bits 12..19) */
enum {
    SM4_OT_TEMP, SM4_OT_INPUT, SM4_OT_OUTPUT, SM4_OT_INDEXABLE_TEMP, SM4_OT_IMM32,
    SM4_OT_IMM64, SM4_OT_SAMPLER, SM4_OT_RESOURCE, SM4_OT_CONSTANT_BUFFER,
    SM4_OT_IMM_CONSTANT_BUFFER, SM4_OT_LABEL, SM4_OT_INPUT_PRIMITIVEID, SM4_OT_OUTPUT_DEPTH,
    SM4_OT_NULL, SM4_OT_RASTERIZER, SM4_OT_OUTPUT_COVERAGE_MASK, SM5_OT_STREAM,
    SM5_OT_FUNCTION_BODY, SM5_OT_FUNCTION_TABLE, SM5_OT_INTERFACE, SM5_OT_FUNCTION_INPUT,
    SM5_OT_FUNCTION_OUTPUT, SM5_OT_OUTPUT_CONTROL_POINT_ID, SM5_OT_INPUT_FORK_INSTANCE_ID,
    SM5_OT_INPUT_JOIN_INSTANCE_ID, SM5_OT_INPUT_CONTROL_POINT, SM5_OT_OUTPUT_CONTROL_POINT,
    SM5_OT_INPUT_PATCH_CONSTANT, SM5_OT_INPUT_DOMAIN_POINT, SM5_OT_THIS_POINTER, SM5_OT_UAV,
    SM5_OT_TGSM, SM5_OT_INPUT_THREAD_ID, SM5_OT_INPUT_THREAD_GROUP_ID,
    SM5_OT_INPUT_THREAD_ID_IN_GROUP, SM5_OT_INPUT_COVERAGE_MASK,
    SM5_OT_INPUT_THREAD_ID_IN_GROUP_FLATTENED, SM5_OT_INPUT_GS_INSTANCE_ID,
    SM5_OT_OUTPUT_DEPTH_GE, SM5_OT_OUTPUT_DEPTH_LE, SM5_OT_CYCLE_COUNTER,
    SM4_OT_COUNT
};

/* component selection modes; index representations; modifiers */
enum { SM4_SEL_MASK, SM4_SEL_SWIZZLE, SM4_SEL_SELECT1 };
enum { SM4_IDX_IMM32, SM4_IDX_IMM64, SM4_IDX_REL, SM4_IDX_IMM32_REL, SM4_IDX_IMM64_REL };
enum { SM4_MOD_NONE, SM4_MOD_NEG, SM4_MOD_ABS, SM4_MOD_ABSNEG };

/* resource dimensions (dcl_resource bits 11..15, extended opcode type 2) */
enum {
    SM4_RES_UNKNOWN, SM4_RES_BUFFER, SM4_RES_TEX1D, SM4_RES_TEX2D, SM4_RES_TEX2DMS,
    SM4_RES_TEX3D, SM4_RES_TEXCUBE, SM4_RES_TEX1DARRAY, SM4_RES_TEX2DARRAY,
    SM4_RES_TEX2DMSARRAY, SM4_RES_TEXCUBEARRAY, SM4_RES_RAW_BUFFER, SM4_RES_STRUCTURED_BUFFER,
    SM4_RES_COUNT
};
/* resource return types (4 bits per component) */
enum {
    SM4_RT_UNORM = 1, SM4_RT_SNORM, SM4_RT_SINT, SM4_RT_UINT, SM4_RT_FLOAT, SM4_RT_MIXED,
    SM4_RT_DOUBLE, SM4_RT_CONTINUED, SM4_RT_UNUSED
};
/* customdata classes */
enum { SM4_CD_COMMENT, SM4_CD_DEBUGINFO, SM4_CD_OPAQUE, SM4_CD_ICB, SM4_CD_SHADER_MESSAGE,
       SM4_CD_CLIP_PLANE_MAPPINGS };

/* errors */
typedef enum {
    SM4_OK = 0,
    SM4_ERR_TRUNCATED,   /* a token or an instruction goes past the program's end */
    SM4_ERR_VERSION,     /* program type or model not SM4.0/4.1/5.0 */
    SM4_ERR_OPCODE,      /* unknown or reserved opcode, bad instruction length */
    SM4_ERR_OPERAND,     /* bad operand token (type, components, index, modifier) */
    SM4_ERR_DECL,        /* a declaration's fields out of range */
    SM4_ERR_TOO_BIG,     /* more than the decoder's limits */
    SM4_ERR_NOMEM,
    SM4_ERR_UNSUPPORTED, /* well-formed, but the translator cannot map it */
} Sm4Error;

#define SM4_MAX_DWORDS (1u << 20) /* 4 MiB of tokens */
#define SM4_MAX_OPERANDS 8        /* per instruction (gather4_po_c: 6) */

typedef struct Sm4Index {
    uint64_t imm;   /* immediate part (0 when only relative) */
    int32_t rel;    /* operand pool index of the relative operand, or -1 */
    uint8_t rep;    /* SM4_IDX_* as encoded */
} Sm4Index;

typedef struct Sm4Operand {
    uint8_t type;
    uint8_t ncomp;     /* 0, 1 or 4 */
    uint8_t sel;       /* SM4_SEL_* (4-component operands) */
    uint8_t mask;      /* SM4_SEL_MASK: bits xyzw */
    uint8_t swz[4];    /* SM4_SEL_SWIZZLE; SELECT1: all four the same */
    uint8_t ndim;      /* index dimension 0..3 */
    uint8_t mod;       /* SM4_MOD_* */
    uint8_t imm_dwords;/* IMM32: 1 or 4; IMM64: 2 or 8 (imm holds them) */
    uint8_t pad;
    Sm4Index idx[3];
    uint32_t imm[4];
} Sm4Operand;

typedef struct Sm4Insn {
    uint16_t opcode;
    uint8_t nop;            /* operands */
    uint8_t sat;            /* _sat */
    uint8_t test_nz;        /* conditional ops: 1 = _nz, 0 = _z */
    uint8_t res_dim;        /* extended opcode type 2 (0 if absent) */
    uint8_t ret_type[4];    /* extended opcode type 3 (0 if absent) */
    int8_t offset[3];       /* extended opcode type 1: aoffimmi u, v, w */
    uint8_t has_offset;
    uint32_t ctl;           /* opcode token bits 11..23 (declaration fields) */
    uint32_t stride;        /* extended resource dim: structure stride */
    uint32_t op[SM4_MAX_OPERANDS]; /* operand pool indexes */
    uint32_t extra[4];      /* declaration DWORDs after the operands */
    uint8_t nextra;
    uint32_t data_first;    /* customdata: DWORD offset in Sm4Program.code */
    uint32_t data_count;    /*             and count */
    uint32_t at;            /* DWORD offset of the opcode token */
} Sm4Insn;

typedef struct Sm4Program {
    uint8_t stage, major, minor;
    uint32_t ndwords;
    uint32_t *code;         /* a copy of the tokens (ndwords) */
    Sm4Insn *insn;
    uint32_t ninsn, cap_insn;
    Sm4Operand *opnd;
    uint32_t nopnd, cap_opnd;
} Sm4Program;

/* The opcode table. */
enum {
    SM4_F_DECL = 1,      /* a declaration */
    SM4_F_TEST = 2,      /* has a _z/_nz test (bit 18) */
    SM4_F_VARLEN = 4,    /* operands not counted by the table */
};
typedef struct Sm4OpInfo {
    const char *name;    /* fxc's mnemonic; NULL: not a valid opcode */
    uint8_t ndst, nsrc;  /* declarations: nsrc = their operands */
    uint8_t flags;       /* SM4_F_* */
    uint8_t nextra;      /* declarations: DWORDs after the operands */
    uint8_t model;       /* 40, 41 or 50: the model that introduced it */
} Sm4OpInfo;
const Sm4OpInfo *sm4_op_info(uint32_t opcode); /* NULL when out of range or invalid */

Sm4Error sm4_decode(const uint32_t *tokens, uint32_t avail, Sm4Program *out);
void sm4_free(Sm4Program *p);
const char *sm4_error_name(Sm4Error e);

/* Field accessors of decoded operands. */
static inline const Sm4Operand *sm4_opnd(const Sm4Program *p, const Sm4Insn *i, unsigned k)
{
    return &p->opnd[i->op[k]];
}

#endif /* SABLE_SM4_H */
