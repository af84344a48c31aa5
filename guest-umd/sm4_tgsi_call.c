/* SPDX-License-Identifier: MIT */
/*
 * Subroutines: call, callc, label, and ret / retc inside them.
 * virglrenderer translates no TGSI subroutine (CAL, BGNSUB), so each call
 * inlines the label's body (up to the next label). The body runs inside a
 * one-pass loop (BGNLOOP ... BRK ENDLOOP, flow kind 'r'), so that a ret
 * inside it is a BRK; a ret inside the body's own loop or switch would
 * only leave that, and is refused. Calls nest at most 32 deep (D3D's
 * limit) and the inlined code is bounded, so a shader of many calls
 * cannot make the translation explode.
 */
#include "sm4_tgsi_priv.h"

enum { MAX_CALL_DEPTH = 32, MAX_INLINED = 1 << 16 };

static bool is_label(const Sm4Operand *o)
{
    return o->type == SM4_OT_LABEL && o->ndim == 1 && o->idx[0].rel < 0;
}

/* The body of the label l names: instructions [*first, *end). */
static bool find_label(Tx *t, const Sm4Operand *l, uint32_t *first, uint32_t *end)
{
    bool found = false;
    for (uint32_t i = 0; is_label(l) && i < t->p->ninsn; i++) {
        const Sm4Insn *in = &t->p->insn[i];
        if (in->opcode != SM4_LABEL || in->nop != 1) {
            continue;
        }
        if (found) {
            *end = i;
            return true;
        }
        const Sm4Operand *o = sm4_opnd(t->p, in, 0);
        if (is_label(o) && o->idx[0].imm == l->idx[0].imm) {
            found = true;
            *first = i + 1;
        }
    }
    *end = t->p->ninsn;
    return found || tx_fail(t, SM4_ERR_OPERAND, "call of a label that is not there");
}

static bool inline_body(Tx *t, uint32_t first, uint32_t end)
{
    tx_emit(t, "BGNLOOP");
    if (!tx_open_block(t, 'r')) {
        return false;
    }
    int base = t->sub_base;
    t->sub_base = t->depth;
    t->calls++;
    bool ok = tx_code_range(t, first, end);
    t->calls--;
    t->sub_base = base;
    t->ended = false;
    tx_emit(t, "BRK");
    return ok && tx_close_block(t, 'r', "ENDLOOP");
}

bool tx_call(Tx *t, const Sm4Insn *in)
{
    bool cond = in->opcode == SM4_CALLC;
    uint32_t first = 0, end = 0;
    if (!find_label(t, sm4_opnd(t->p, in, cond ? 1 : 0), &first, &end)) {
        return false;
    }
    if (t->calls >= MAX_CALL_DEPTH || t->nout_insn > MAX_INLINED) {
        return tx_fail(t, SM4_ERR_TOO_BIG, "calls nested over %d deep or over %d instructions",
                       MAX_CALL_DEPTH, MAX_INLINED);
    }
    if (!cond) {
        return inline_body(t, first, end);
    }
    return tx_uif(t, in, 0) && tx_open_block(t, 'i') && inline_body(t, first, end) &&
           tx_close_block(t, 'i', "ENDIF");
}

/* ret / retc below the top of a subroutine's body: BRK out of its
 * one-pass loop, when only if-blocks lie between. */
bool tx_sub_return(Tx *t, const Sm4Insn *in)
{
    for (int i = t->sub_base; i < t->depth; i++) {
        if (t->flow[i] == 'l' || t->flow[i] == 's') {
            return tx_fail(t, SM4_ERR_UNSUPPORTED, "ret inside a subroutine's loop or switch");
        }
    }
    if (in->opcode == SM4_RET) {
        tx_emit(t, "BRK");
        return true;
    }
    return tx_conditional(t, in, "BRK");
}
