/* SPDX-License-Identifier: MIT */
/*
 * Input and output registers the translator keeps in TEMPs ("staged"):
 * - index ranges (dcl_indexrange): the inputs of a VS or PS range are
 *   copied into a TEMP array at the start, the outputs of a range live in
 *   one, so that v[r0.x + n] / o[r0.x + n] can index them;
 * - a GS's layer, viewport index and primitive ID outputs (virglrenderer
 *   0.10.4 stores a typed result written straight into gl_Layer /
 *   gl_ViewportIndex / gl_PrimitiveID as a float: an integer 1 arrived as
 *   0; a MOV keeps the bits);
 * - clip and cull distances when there are cull distances: D3D puts them
 *   in any components of its registers, TGSI wants the clip distances
 *   first, then the cull ones, packed in CLIPDIST[0..1], with the counts
 *   as properties.
 * Staged outputs reach OUT at every output point: each GS emit, and the
 * end of the other stages' main (its top-level ret, a ret or retc inside
 * flow, or its last instruction).
 */
#include <stdio.h>

#include "sm4_tgsi_priv.h"

#define NAME_CLIP 2
#define NAME_CULL 3
#define NAME_RT_INDEX 4
#define NAME_VP_INDEX 5
#define NAME_PRIMITIVE_ID 7
#define OUT_CLIPDIST (SM4_MAX_IO + 2) /* OUT[34], OUT[35]: the packed distances */

bool tx_decl_range(Tx *t, const Sm4Insn *in)
{
    const Sm4Operand *o = sm4_opnd(t->p, in, 0);
    bool output = o->type == SM4_OT_OUTPUT;
    uint8_t st = t->p->stage;
    bool stage_ok = output ? st == SM4_VS || st == SM4_GS || st == SM4_DS || st == SM4_PS
                           : st == SM4_VS || st == SM4_PS;
    if ((o->type != SM4_OT_INPUT && !output) || o->ndim != 1 || !stage_ok) {
        return true; /* kept as it is: relative indexing of it is refused where used */
    }
    uint64_t first = o->idx[0].imm, count = in->nextra ? in->extra[0] : 0;
    if (o->idx[0].rel >= 0 || !count || first + count > SM4_MAX_IO) {
        return tx_fail(t, SM4_ERR_DECL, "bad index range");
    }
    if (t->nranges >= TX_MAX_RANGES) {
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "more than %d index ranges", TX_MAX_RANGES);
    }
    t->range[t->nranges++] = (TxRange){ output, (uint32_t)first, (uint32_t)count, 0 };
    return true;
}

void tx_reg_text(const TxReg *r, char *out)
{
    if (r->arr) {
        snprintf(out, TX_REGLEN, "%s[%u](%u)", r->file, r->index, r->arr);
    } else {
        snprintf(out, TX_REGLEN, "%s[%u]", r->file, r->index);
    }
}

void tx_finish_ranges(Tx *t)
{
    char s[TX_REGLEN];
    for (uint32_t k = 0; k < t->nranges; k++) {
        TxRange *g = &t->range[k];
        uint32_t id = TX_ARRAY_RANGE + k;
        g->base = t->next_temp;
        t->next_temp += g->count;
        tb_printf(&t->decl, "DCL TEMP[%u..%u], ARRAY(%u)\n", g->base, g->base + g->count - 1, id);
        for (uint32_t i = 0; i < g->count; i++) {
            TxReg *r = &(g->output ? t->out : t->in)[g->first + i];
            if (!r->declared || r->arr) {
                continue;
            }
            if (!g->output) {
                tx_reg_text(r, s);
                tx_emit(t, "MOV TEMP[%u](%u), %s", g->base + i, id, s);
            }
            r->file = "TEMP";
            r->index = g->base + i;
            r->arr = id;
            r->staged = g->output;
        }
    }
}

static bool is_distance(uint8_t sv)
{
    return sv == NAME_CLIP || sv == NAME_CULL;
}

bool tx_finish_clip_cull(Tx *t)
{
    uint32_t nclip = 0, ncull = 0;
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        for (int c = 0; c < 4; c++) {
            nclip += t->out[n].comp_sv[c] == NAME_CLIP;
            ncull += t->out[n].comp_sv[c] == NAME_CULL;
        }
    }
    if (!ncull) {
        return true;
    }
    if (nclip + ncull > 8) {
        return tx_fail(t, SM4_ERR_DECL, "more than 8 clip and cull distances");
    }
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        const TxReg *r = &t->out[n];
        bool any = false, other = false;
        for (int c = 0; c < 4; c++) {
            any |= is_distance(r->comp_sv[c]);
            other |= (r->mask >> c & 1) && !is_distance(r->comp_sv[c]);
        }
        if (any && other) {
            return tx_fail(t, SM4_ERR_UNSUPPORTED, "clip/cull distances packed with other values");
        }
        t->out[n].distances = any;
    }
    tb_printf(&t->head, "PROPERTY NUM_CLIPDIST_ENABLED %u\nPROPERTY NUM_CULLDIST_ENABLED %u\n",
              nclip, ncull);
    for (uint32_t i = 0; i < (nclip + ncull + 3) / 4; i++) {
        tb_printf(&t->decl, "DCL OUT[%u], CLIPDIST[%u]\n", OUT_CLIPDIST + i, i);
    }
    t->clip_cull = true;
    return true;
}

bool tx_gs_int_output(const Tx *t, const TxReg *r)
{
    return t->p->stage == SM4_GS &&
           (r->sv == NAME_RT_INDEX || r->sv == NAME_VP_INDEX || r->sv == NAME_PRIMITIVE_ID);
}

/* The distances of one kind into the packed CLIPDIST lanes from *k on. */
static void pack_distances(Tx *t, uint8_t kind, uint32_t *k)
{
    char s[TX_REGLEN];
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        const TxReg *r = &t->out[n];
        for (int c = 0; c < 4 && r->distances; c++) {
            if (r->comp_sv[c] == kind) {
                tx_reg_text(r, s);
                tx_emit(t, "MOV OUT[%u].%c, %s.%c%c%c%c", OUT_CLIPDIST + *k / 4, "xyzw"[*k % 4],
                        s, "xyzw"[c], "xyzw"[c], "xyzw"[c], "xyzw"[c]);
                ++*k;
            }
        }
    }
}

void tx_flush_outputs(Tx *t)
{
    char s[TX_REGLEN];
    for (uint32_t n = 0; n < SM4_MAX_IO; n++) {
        const TxReg *r = &t->out[n];
        if (r->declared && r->staged && !r->distances) {
            tx_reg_text(r, s);
            tx_emit(t, "MOV OUT[%u], %s", n, s);
        }
    }
    uint32_t k = 0;
    if (t->clip_cull) {
        pack_distances(t, NAME_CLIP, &k);
        pack_distances(t, NAME_CULL, &k);
    }
}
