/* SPDX-License-Identifier: MIT */
/* The assembler's shared state and helpers (sm4_asm.c: statements;
 * sm4_asm_text.c: text helpers; sm4_asm_sig.c: signatures and the
 * container). */
#ifndef SABLE_SM4_ASM_PRIV_H
#define SABLE_SM4_ASM_PRIV_H

#include "sm4_asm.h"
#include "sm4_names.h"

#define MAX_OPS 8
#define MAX_TOK 64 /* DWORDs of one instruction (without custom data) */

typedef struct Asm {
    uint32_t *code;
    uint32_t n, cap;
    int line;
    char *err;
    size_t errlen;
    int failed;
    uint32_t major, minor, stage;
    Sm4Asm *out;
    int tables; /* signatures that came from comment tables: bits 1 in, 2 out, 4 patch */
} Asm;

typedef struct Insn {
    uint32_t tok[MAX_TOK];
    uint32_t n;
    uint32_t ext[3];
    uint32_t next;
} Insn;


typedef struct SigTable {
    int which;          /* 0 none, 1 input, 2 output, 3 patch constants */
    int ncols;
    size_t col[8][2];   /* start, length */
} SigTable;

/* sm4_asm_text.c */
int asm_bad(Asm *a, const char *fmt, ...);  /* the error with the line; returns -1 */
int asm_push(Asm *a, uint32_t v);           /* a DWORD to the program */
int asm_put(Asm *a, Insn *in, uint32_t v);  /* a DWORD to the instruction */
const char *asm_skip(const char *s);
size_t asm_word_len(const char *s);
int asm_split(char *s, char **parts, int max); /* at commas outside brackets */
int asm_parse_u32(const char *s, uint32_t *v); /* decimal, 0x, negative */
int asm_parse_imm(const char *s, uint32_t *v); /* an integer or a float's bits */
int asm_comp_index(char c);                 /* x/r 0 .. w/a 3, else -1 */

/* sm4_asm_sig.c */
int asm_sig_comment(Asm *a, SigTable *t, const char *comment); /* fxc's tables */
void asm_derive_signatures(Asm *a, const Sm4Program *p, int tables);

#endif /* SABLE_SM4_ASM_PRIV_H */
