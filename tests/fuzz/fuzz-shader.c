/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the UMD's shader path on any bytes, as Create*Shader
 * meets it: a DXBC container split as the runtime splits it (tools/dxbc:
 * SHDR/SHEX token stream, ISGN/OSGN signatures), or, when the input is no
 * container, the bytes as a bare token stream; then the SM4/SM5 decoder and
 * the TGSI translator (guest-umd) on whatever decodes, and the counting
 * variant of what translates. */
#include <stdlib.h>
#include <string.h>

#include "dxbc.h"
#include "sm4.h"
#include "sm4_tgsi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Signature entries of chunk fourcc, as the runtime passes them. */
static uint32_t sig_entries(const Dxbc *d, uint32_t fourcc, Sm4SigEntry *out)
{
    const DxbcChunk *c = dxbc_find(d, fourcc);
    DxbcSigElem e[DXBC_MAX_SIG];
    uint32_t n = 0;
    if (!c || dxbc_sig_parse(c, e, DXBC_MAX_SIG, &n)) {
        return 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        out[i] = (Sm4SigEntry){ .sv = dxbc_sig_sb_name(e[i].sv, e[i].index), .reg = e[i].reg,
                                .mask = e[i].mask };
    }
    return n;
}

static void translate(const uint32_t *tokens, uint32_t ntokens, const Sm4Signatures *sig)
{
    Sm4Program p;
    if (sm4_decode(tokens, ntokens, &p) != SM4_OK) {
        return;
    }
    char *text = NULL, why[128];
    Sm4ShaderInfo info;
    if (sm4_to_tgsi(&p, sig, &text, &info, why, sizeof(why)) == SM4_OK) {
        free(sm4_tgsi_count(text, &info)); /* the pipeline statistics' variant */
        free(text);
    }
    sm4_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Dxbc d;
    char err[128];
    Sm4SigEntry in[DXBC_MAX_SIG], out[DXBC_MAX_SIG];
    Sm4Signatures sig = { in, out, NULL, 0, 0, 0 };
    const uint8_t *code = data;
    size_t code_size = size;

    if (dxbc_parse(data, size, &d, err, sizeof(err)) == 0) {
        const DxbcChunk *c = dxbc_find(&d, DXBC_FOURCC('S', 'H', 'E', 'X'));
        c = c ? c : dxbc_find(&d, DXBC_FOURCC('S', 'H', 'D', 'R'));
        if (!c) {
            return 0;
        }
        code = c->data;
        code_size = c->size;
        sig.nin = sig_entries(&d, DXBC_FOURCC('I', 'S', 'G', 'N'), in);
        sig.nout = sig_entries(&d, DXBC_FOURCC('O', 'S', 'G', 'N'), out);
    }
    /* the runtime hands the tokens as aligned DWORDs */
    uint32_t n = (uint32_t)(code_size / 4);
    uint32_t *tokens = malloc((size_t)n * 4 + 4);
    if (!tokens) {
        return 0;
    }
    memcpy(tokens, code, (size_t)n * 4);
    translate(tokens, n, &sig);
    free(tokens);
    return 0;
}
