/* SPDX-License-Identifier: MIT */
/*
 * The SM4/SM5 assembler and disassembler (the text fxc's disassembly
 * prints: "vs_4_0", "dcl_input v0.xyz", "mul r0.xyzw, v0.xxxx, cb0[0].xyzw",
 * "sample_indexable(texture2d)(float,float,float,float) r0.xyzw, ...").
 *
 * sm4_assemble: text -> token stream and the input/output/patch constant
 * signatures (from fxc's "// Input signature:" comment tables when present,
 * else derived from the dcl_input and dcl_output declarations).
 * sm4_assemble_dxbc wraps them in a container (RDEF, ISGN, OSGN, PCSG for
 * hull and domain shaders, SHDR or SHEX).  sm4_disassemble:
 * tokens -> text in the same syntax (the two round-trip).  Errors carry
 * the line number; nothing aborts on bad input.
 */
#ifndef SABLE_SM4_ASM_H
#define SABLE_SM4_ASM_H

#include <stddef.h>
#include <stdint.h>

#include "dxbc.h"

typedef struct Sm4Asm {
    uint32_t *tokens;
    uint32_t ntokens;
    DxbcSigElem in[DXBC_MAX_SIG], out[DXBC_MAX_SIG], patch[DXBC_MAX_SIG];
    uint32_t nin, nout, npatch; /* patch: hull/domain shaders' constants */
} Sm4Asm;

int sm4_assemble(const char *text, Sm4Asm *out, char *err, size_t errlen); /* 0 or -1 */
void sm4_asm_free(Sm4Asm *a);
uint8_t *sm4_assemble_dxbc(const char *text, size_t *len, char *err, size_t errlen);

/* NULL-terminated text (free()), or NULL with err set. */
char *sm4_disassemble(const uint32_t *tokens, uint32_t ndwords, char *err, size_t errlen);

#endif /* SABLE_SM4_ASM_H */
