/* SPDX-License-Identifier: MIT */
/* sable-dxbc: the SM4/SM5 assembler and disassembler, and the UMD's
 * translation of a container to TGSI text (docs/dxbc.md).
 *   sable-dxbc asm IN.asm -o OUT.dxbc
 *   sable-dxbc dis IN.dxbc
 *   sable-dxbc tgsi IN.dxbc
 * Bad input: a message on stderr and exit status 1; usage errors: 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dxbc.h"
#include "sm4_asm.h"
#include "sm4_names.h"
#include "sm4_tgsi.h"

#define MAX_FILE (64u << 20)

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        return NULL;
    }
    uint8_t *b = malloc(MAX_FILE + 1);
    size_t n = b ? fread(b, 1, MAX_FILE + 1, f) : 0;
    fclose(f);
    if (!b || n > MAX_FILE) {
        free(b);
        return NULL;
    }
    b[n] = 0;
    *len = n;
    return b;
}

static int die(const char *what, const char *msg)
{
    fprintf(stderr, "sable-dxbc: %s: %s\n", what, msg);
    return 1;
}

static int cmd_asm(const char *in, const char *outp)
{
    size_t n, len;
    char err[256];
    uint8_t *text = slurp(in, &n);
    if (!text) {
        return die(in, "cannot read");
    }
    uint8_t *c = sm4_assemble_dxbc((const char *)text, &len, err, sizeof err);
    free(text);
    if (!c) {
        return die(in, err);
    }
    FILE *f = fopen(outp, "wb");
    int ok = f && fwrite(c, 1, len, f) == len;
    if (f && fclose(f)) {
        ok = 0;
    }
    free(c);
    return ok ? 0 : die(outp, "cannot write");
}

/* The shader chunk and signatures of a container. */
typedef struct Shader {
    uint8_t *file;
    Dxbc d;
    const DxbcChunk *code;
    DxbcSigElem in[DXBC_MAX_SIG], out[DXBC_MAX_SIG], patch[DXBC_MAX_SIG];
    uint32_t nin, nout, npatch;
    int has_patch;
} Shader;

static int load(const char *path, Shader *s)
{
    size_t n;
    char err[128];
    memset(s, 0, sizeof *s);
    s->file = slurp(path, &n);
    if (!s->file) {
        return die(path, "cannot read");
    }
    if (dxbc_parse(s->file, n, &s->d, err, sizeof err)) {
        return die(path, err);
    }
    s->code = dxbc_find(&s->d, DXBC_FOURCC('S', 'H', 'E', 'X'));
    if (!s->code) {
        s->code = dxbc_find(&s->d, DXBC_FOURCC('S', 'H', 'D', 'R'));
    }
    if (!s->code || s->code->size % 4) {
        return die(path, "no SHDR/SHEX chunk");
    }
    const DxbcChunk *i = dxbc_find(&s->d, DXBC_FOURCC('I', 'S', 'G', 'N'));
    const DxbcChunk *o = dxbc_find(&s->d, DXBC_FOURCC('O', 'S', 'G', 'N'));
    if (!o) {
        o = dxbc_find(&s->d, DXBC_FOURCC('O', 'S', 'G', '5'));
    }
    const DxbcChunk *pc = dxbc_find(&s->d, DXBC_FOURCC('P', 'C', 'S', 'G'));
    s->has_patch = pc != NULL;
    if ((i && dxbc_sig_parse(i, s->in, DXBC_MAX_SIG, &s->nin)) ||
        (o && dxbc_sig_parse(o, s->out, DXBC_MAX_SIG, &s->nout)) ||
        (pc && dxbc_sig_parse(pc, s->patch, DXBC_MAX_SIG, &s->npatch))) {
        return die(path, "bad signature chunk");
    }
    return 0;
}

static void positional(uint8_t mask, char out[5])
{
    for (int c = 0; c < 4; c++) {
        out[c] = mask >> c & 1 ? "xyzw"[c] : ' ';
    }
    out[4] = 0;
}

/* fxc's table layout, which the assembler reads back. */
static void print_sig(const char *what, const DxbcSigElem *e, uint32_t n)
{
    static const char *const type[] = { "unknown", "uint", "int", "float" };
    printf("//\n// %s signature:\n//\n"
           "// Name                 Index   Mask Register SysValue  Format   Used\n"
           "// -------------------- ----- ------ -------- -------- ------- ------\n",
           what);
    for (uint32_t i = 0; i < n; i++) {
        char mask[5], used[5], reg[12];
        positional(e[i].mask, mask);
        positional(e[i].rw, used);
        snprintf(reg, sizeof reg, e[i].reg == 0xFFFFFFFFu ? "N/A" : "%u", e[i].reg);
        printf("// %-20s %5u   %4s %8s %8s %7s   %4s\n", e[i].name, e[i].index, mask, reg,
               sm4_sig_sv_text(e[i].sv), type[e[i].type < 4 ? e[i].type : 0], used);
    }
    printf("//\n");
}

static uint32_t *tokens_of(const Shader *s)
{
    uint32_t *t = malloc(s->code->size ? s->code->size : 4);
    if (t) {
        memcpy(t, s->code->data, s->code->size);
    }
    return t;
}

static int cmd_dis(const char *path)
{
    Shader s;
    char err[128];
    if (load(path, &s)) {
        free(s.file);
        return 1;
    }
    uint32_t *t = tokens_of(&s);
    char *text = t ? sm4_disassemble(t, s.code->size / 4, err, sizeof err) : NULL;
    if (text) {
        print_sig("Input", s.in, s.nin);
        print_sig("Output", s.out, s.nout);
        if (s.has_patch) {
            print_sig("Patch Constant", s.patch, s.npatch);
        }
        fputs(text, stdout);
    }
    free(t);
    free(s.file);
    free(text);
    return text ? 0 : die(path, t ? err : "out of memory");
}

static int cmd_tgsi(const char *path)
{
    Shader s;
    char why[160];
    Sm4SigEntry in[DXBC_MAX_SIG], out[DXBC_MAX_SIG];
    if (load(path, &s)) {
        free(s.file);
        return 1;
    }
    for (uint32_t i = 0; i < s.nin; i++) {
        in[i] = (Sm4SigEntry){ s.in[i].sv < 23 ? s.in[i].sv : 0, s.in[i].reg, s.in[i].mask };
    }
    for (uint32_t i = 0; i < s.nout; i++) {
        out[i] = (Sm4SigEntry){ s.out[i].sv < 23 ? s.out[i].sv : 0, s.out[i].reg, s.out[i].mask };
    }
    Sm4Signatures sig = { in, out, NULL, s.nin, s.nout, 0 };
    uint32_t *t = tokens_of(&s);
    Sm4Program p;
    Sm4ShaderInfo info;
    char *text = NULL;
    Sm4Error e = t ? sm4_decode(t, s.code->size / 4, &p) : SM4_ERR_NOMEM;
    if (!e) {
        e = sm4_to_tgsi(&p, &sig, &text, &info, why, sizeof why);
        sm4_free(&p);
    } else {
        snprintf(why, sizeof why, "decoding");
    }
    free(t);
    free(s.file);
    if (e) {
        fprintf(stderr, "sable-dxbc: %s: %s: %s\n", path, sm4_error_name(e), why);
        return 1;
    }
    fputs(text, stdout);
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "asm") && !strcmp(argv[3], "-o")) {
        return cmd_asm(argv[2], argv[4]);
    }
    if (argc == 3 && !strcmp(argv[1], "dis")) {
        return cmd_dis(argv[2]);
    }
    if (argc == 3 && !strcmp(argv[1], "tgsi")) {
        return cmd_tgsi(argv[2]);
    }
    fprintf(stderr, "usage: sable-dxbc asm IN.asm -o OUT.dxbc | dis IN.dxbc | tgsi IN.dxbc\n");
    return 2;
}
