/* SPDX-License-Identifier: MIT */
/* The SM4/SM5 -> TGSI text translator (contract in sm4_tgsi.h): the text
 * buffers, immediates, registers and operands, and the driver.  The
 * declarations are in sm4_tgsi_decl.c, the instructions in
 * sm4_tgsi_insn.c and sm4_tgsi_tex.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm4_tgsi_priv.h"

void tb_printf(TBuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = b->oom ? -1 : vsnprintf(b->s ? b->s + b->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = true;
            return;
        }
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = (b->cap + (size_t)n + 1) * 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

bool tx_fail(Tx *t, Sm4Error e, const char *fmt, ...)
{
    if (t->err == SM4_OK) {
        t->err = e;
        if (t->why && t->whylen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(t->why, t->whylen, fmt, ap);
            va_end(ap);
        }
    }
    return false;
}

void tx_emit(Tx *t, const char *fmt, ...)
{
    char line[6 * TX_OPLEN + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    tb_printf(&t->body, "%3u: %s\n", t->nout_insn++, line);
}

uint32_t tx_imm(Tx *t, uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
    for (uint32_t i = 0; i < t->nimm; i++) {
        const uint32_t *v = t->imm[i];
        if (v[0] == x && v[1] == y && v[2] == z && v[3] == w) {
            return i;
        }
    }
    if (t->nimm == t->cap_imm) {
        uint32_t cap = t->cap_imm ? t->cap_imm * 2 : 16;
        void *a = realloc(t->imm, (size_t)cap * sizeof *t->imm);
        if (!a) {
            t->head.oom = true;
            return 0;
        }
        t->imm = a;
        t->cap_imm = cap;
    }
    uint32_t *v = t->imm[t->nimm];
    v[0] = x, v[1] = y, v[2] = z, v[3] = w;
    return t->nimm++;
}

static const char comp_ch[4] = { 'x', 'y', 'z', 'w' };

uint8_t tx_dst_mask(const Sm4Operand *o)
{
    if (o->type == SM4_OT_NULL) {
        return 0;
    }
    if (o->ncomp == 4 && o->sel == SM4_SEL_MASK) {
        return o->mask ? o->mask : 0xF;
    }
    return o->ncomp == 1 ? 1 : 0xF;
}

/* A relative index: UARL ADDR[k].x, <operand>; returns k. */
static bool rel_addr(Tx *t, int32_t rel, uint32_t *k)
{
    const Sm4Operand *r = &t->p->opnd[rel];
    char s[TX_OPLEN];
    if (t->naddr >= TX_NADDR) {
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "more than %d relative indices", TX_NADDR);
    }
    if (r->ncomp == 4 && r->sel == SM4_SEL_MASK) {
        return tx_fail(t, SM4_ERR_OPERAND, "relative index with a mask");
    }
    if (!tx_src(t, r, s)) {
        return false;
    }
    *k = t->naddr++;
    if (*k + 1 > t->max_addr) {
        t->max_addr = *k + 1;
    }
    tx_emit(t, "UARL ADDR[%u].x, %s", *k, s);
    return true;
}

/* "[n]" or "[ADDR[k].x+n]" for index i of o, n = imm + base, checked < limit
 * when immediate. */
bool tx_index_text(Tx *t, const Sm4Operand *o, unsigned i, uint32_t base, uint32_t limit,
                   char *out)
{
    const Sm4Index *ix = &o->idx[i];
    if (i >= o->ndim) {
        return tx_fail(t, SM4_ERR_OPERAND, "operand needs %u indices", i + 1);
    }
    if (ix->imm >= limit) {
        return tx_fail(t, SM4_ERR_OPERAND, "index %llu out of range (%u)",
                       (unsigned long long)ix->imm, limit);
    }
    if (ix->rel < 0) {
        snprintf(out, 32, "[%u]", (uint32_t)ix->imm + base);
        return true;
    }
    uint32_t k = 0;
    if (!rel_addr(t, ix->rel, &k)) {
        return false;
    }
    snprintf(out, 32, "[ADDR[%u].x+%u]", k, (uint32_t)ix->imm + base);
    return true;
}

static bool io_reg(Tx *t, const TxReg *map, const Sm4Operand *o, unsigned ri, char *out)
{
    char a[32], b[40] = "";
    uint32_t reg;
    if (ri >= o->ndim || o->idx[ri].imm >= SM4_MAX_IO) {
        return tx_fail(t, SM4_ERR_OPERAND, "input/output register out of range");
    }
    reg = (uint32_t)o->idx[ri].imm;
    if (!map[reg].file) {
        return tx_fail(t, SM4_ERR_OPERAND, "register %u not declared", reg);
    }
    if (map[reg].arr) { /* in an index range: its TEMP array, from [reg] on */
        if (!tx_index_text(t, o, ri, map[reg].index - reg, SM4_MAX_IO, a)) {
            return false;
        }
        snprintf(out, TX_REGLEN, "TEMP%s(%u)", a, map[reg].arr);
        return true;
    }
    if (o->idx[ri].rel >= 0) {
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "input/output register index not immediate");
    }
    if (ri == 1 && !tx_index_text(t, o, 0, 0, 32, b)) { /* vertex / control point */
        return false;
    }
    snprintf(a, sizeof a, "[%u]", map[reg].index);
    snprintf(out, TX_REGLEN, "%s%s%s", map[reg].file, b, a);
    return true;
}

static bool special_reg(Tx *t, const Sm4Operand *o, char *out)
{
    const TxReg *r = &t->special[o->type];
    if (!r->file) {
        return tx_fail(t, SM4_ERR_OPERAND, "operand type %u not declared", o->type);
    }
    snprintf(out, TX_REGLEN, "%s[%u]", r->file, r->index);
    return true;
}

static bool temp_reg(Tx *t, const Sm4Operand *o, char *out)
{
    if (o->ndim != 1 || o->idx[0].rel >= 0 || o->idx[0].imm >= t->ntemps) {
        return tx_fail(t, SM4_ERR_OPERAND, "temp register out of range");
    }
    snprintf(out, TX_REGLEN, "TEMP[%u]", (uint32_t)o->idx[0].imm);
    return true;
}

static bool indexable_reg(Tx *t, const Sm4Operand *o, char *out)
{
    char ix[32];
    if (o->ndim != 2 || o->idx[0].rel >= 0 || o->idx[0].imm >= TX_MAX_X ||
        !t->xsize[o->idx[0].imm]) {
        return tx_fail(t, SM4_ERR_OPERAND, "indexable temp not declared");
    }
    uint32_t x = (uint32_t)o->idx[0].imm;
    if (!tx_index_text(t, o, 1, t->xbase[x], t->xsize[x], ix)) {
        return false;
    }
    snprintf(out, TX_REGLEN, "TEMP%s(%u)", ix, x + 1);
    return true;
}

static bool cb_reg(Tx *t, const Sm4Operand *o, char *out)
{
    char ix[32];
    if (o->ndim != 2 || o->idx[0].rel >= 0 || o->idx[0].imm >= SM4_MAX_CB ||
        !t->info->cb_size[o->idx[0].imm]) {
        return tx_fail(t, SM4_ERR_OPERAND, "constant buffer not declared");
    }
    uint32_t slot = (uint32_t)o->idx[0].imm;
    if (!tx_index_text(t, o, 1, 0, t->info->cb_size[slot], ix)) {
        return false;
    }
    snprintf(out, TX_REGLEN, "CONST[%u]%s", slot, ix);
    return true;
}

static bool icb_reg(Tx *t, const Sm4Operand *o, char *out)
{
    char ix[32];
    if (!t->icb_size) {
        return tx_fail(t, SM4_ERR_OPERAND, "no immediate constant buffer");
    }
    if (!tx_index_text(t, o, 0, t->icb_base, t->icb_size, ix)) {
        return false;
    }
    snprintf(out, TX_REGLEN, "TEMP%s(%u)", ix, TX_MAX_X + 1);
    return true;
}

static bool slot_reg(Tx *t, const Sm4Operand *o, const char *file, uint32_t limit, bool used,
                     uint32_t base, char *out)
{
    if (o->ndim != 1 || o->idx[0].rel >= 0 || o->idx[0].imm >= limit || !used) {
        return tx_fail(t, SM4_ERR_OPERAND, "%s register not declared or indexed", file);
    }
    snprintf(out, TX_REGLEN, "%s[%u]", file, (uint32_t)o->idx[0].imm + base);
    return true;
}

static bool srv_used(const Tx *t, uint64_t i)
{
    return i < SM4_MAX_SRV && (t->info->srv_used[i / 32] >> (i % 32) & 1);
}

/* Resources: typed SRVs are SVIEW[n], raw/structured SRVs BUFFER[8 + n];
 * UAVs: typed IMAGE[n], raw/structured BUFFER[n]. */
static bool resource_reg(Tx *t, const Sm4Operand *o, char *out)
{
    uint64_t i = o->ndim == 1 ? o->idx[0].imm : SM4_MAX_SRV;
    if (o->type == SM4_OT_RESOURCE) {
        bool buf = srv_used(t, i) && t->srv_kind[i] != TX_KIND_TYPED;
        return slot_reg(t, o, buf ? "BUFFER" : "SVIEW", SM4_MAX_SRV, srv_used(t, i),
                        buf ? TX_SRV_BUFFER_BASE : 0, out);
    }
    bool used = i < SM4_MAX_UAV && t->uav_kind[i];
    bool img = used && t->uav_kind[i] == TX_KIND_TYPED;
    return slot_reg(t, o, img ? "IMAGE" : "BUFFER", SM4_MAX_UAV, used, 0, out);
}

bool tx_reg(Tx *t, const Sm4Operand *o, char *out)
{
    switch (o->type) {
    case SM4_OT_TEMP:
        return temp_reg(t, o, out);
    case SM4_OT_INPUT:
    case SM5_OT_INPUT_CONTROL_POINT:
        return io_reg(t, t->in, o, o->ndim == 2 ? 1 : 0, out);
    case SM4_OT_OUTPUT:
        return t->p->stage == SM4_HS ? tx_tess_reg(t, o, out) : io_reg(t, t->out, o, 0, out);
    case SM5_OT_INPUT_PATCH_CONSTANT:
    case SM5_OT_OUTPUT_CONTROL_POINT:
        return tx_tess_reg(t, o, out);
    case SM4_OT_INDEXABLE_TEMP:
        return indexable_reg(t, o, out);
    case SM4_OT_CONSTANT_BUFFER:
        return cb_reg(t, o, out);
    case SM4_OT_IMM_CONSTANT_BUFFER:
        return icb_reg(t, o, out);
    case SM4_OT_SAMPLER:
        return slot_reg(t, o, "SAMP", SM4_MAX_SAMPLERS,
                        o->ndim == 1 && o->idx[0].imm < SM4_MAX_SAMPLERS &&
                            (t->info->samplers_used >> o->idx[0].imm & 1),
                        0, out);
    case SM4_OT_RESOURCE:
    case SM5_OT_UAV:
        return resource_reg(t, o, out);
    case SM5_OT_TGSM:
        /* every g# lives in the one MEMORY[0] (virglrenderer declares one
         * shared array), from its tgsm_base (the address operands add it) */
        if (!slot_reg(t, o, "MEMORY", TX_MAX_TGSM,
                      o->ndim == 1 && o->idx[0].imm < TX_MAX_TGSM &&
                          (t->tgsm_used >> o->idx[0].imm & 1),
                      0, out)) {
            return false;
        }
        snprintf(out, TX_REGLEN, "MEMORY[0]");
        return true;
    case SM4_OT_IMM32: {
        uint32_t v[4];
        for (int c = 0; c < 4; c++) {
            v[c] = o->imm[o->imm_dwords == 4 ? c : 0];
        }
        snprintf(out, TX_REGLEN, "IMM[%u]", tx_imm(t, v[0], v[1], v[2], v[3]));
        return true;
    }
    case SM4_OT_INPUT_PRIMITIVEID:
    case SM4_OT_OUTPUT_DEPTH:
    case SM4_OT_OUTPUT_COVERAGE_MASK:
    case SM5_OT_INPUT_THREAD_ID:
    case SM5_OT_INPUT_THREAD_GROUP_ID:
    case SM5_OT_INPUT_THREAD_ID_IN_GROUP:
    case SM5_OT_INPUT_THREAD_ID_IN_GROUP_FLATTENED:
    case SM5_OT_INPUT_COVERAGE_MASK:
    case SM5_OT_INPUT_GS_INSTANCE_ID:
    case SM5_OT_OUTPUT_DEPTH_GE:
    case SM5_OT_OUTPUT_DEPTH_LE:
    case SM5_OT_OUTPUT_CONTROL_POINT_ID:
    case SM5_OT_INPUT_FORK_INSTANCE_ID:
    case SM5_OT_INPUT_JOIN_INSTANCE_ID:
    case SM5_OT_INPUT_DOMAIN_POINT:
        return special_reg(t, o, out);
    case SM4_OT_NULL:
        snprintf(out, TX_REGLEN, "TEMP[%u]", t->scratch + TX_NSCRATCH - 1);
        return true;
    default:
        return tx_fail(t, SM4_ERR_UNSUPPORTED, "operand type %u", o->type);
    }
}

/* The lane of a special operand's value: oDepth in .z (TGSI's depth), the
 * rest in .x. */
static unsigned scalar_lane(const Sm4Operand *o)
{
    return o->type == SM4_OT_OUTPUT_DEPTH || o->type == SM5_OT_OUTPUT_DEPTH_GE ||
                   o->type == SM5_OT_OUTPUT_DEPTH_LE
               ? 2
               : 0;
}

static void swizzle_of(const Sm4Operand *o, uint8_t swz[4])
{
    if (o->ncomp == 4 && o->sel != SM4_SEL_MASK) {
        memcpy(swz, o->swz, 4);
    } else if (o->ncomp == 4 || o->type == SM4_OT_IMM32) {
        for (int c = 0; c < 4; c++) {
            swz[c] = (uint8_t)c;
        }
    } else {
        memset(swz, scalar_lane(o), 4);
    }
}

bool tx_src_get(Tx *t, const Sm4Operand *o, TxSrc *s)
{
    swizzle_of(o, s->swz);
    s->mod = o->mod;
    return tx_reg(t, o, s->reg);
}

void tx_src_fmt(const TxSrc *s, int lane, char *out)
{
    uint8_t swz[4];
    memcpy(swz, s->swz, 4);
    if (lane >= 0) {
        memset(swz, s->swz[lane & 3], 4);
    }
    const char *neg = (s->mod == SM4_MOD_NEG || s->mod == SM4_MOD_ABSNEG) ? "-" : "";
    const char *bar = (s->mod == SM4_MOD_ABS || s->mod == SM4_MOD_ABSNEG) ? "|" : "";
    snprintf(out, TX_OPLEN, "%s%s%s.%c%c%c%c%s", neg, bar, s->reg, comp_ch[swz[0]],
             comp_ch[swz[1]], comp_ch[swz[2]], comp_ch[swz[3]], bar);
}

bool tx_src(Tx *t, const Sm4Operand *o, char *out)
{
    TxSrc s;
    if (!tx_src_get(t, o, &s)) {
        return false;
    }
    tx_src_fmt(&s, -1, out);
    return true;
}

bool tx_dst(Tx *t, const Sm4Operand *o, char *out)
{
    char r[TX_OPLEN], m[5];
    unsigned n = 0;
    if (o->mod) {
        return tx_fail(t, SM4_ERR_OPERAND, "modifier on a destination");
    }
    if (!tx_reg(t, o, r)) {
        return false;
    }
    uint8_t mask = o->ncomp == 1 ? (uint8_t)(1u << scalar_lane(o)) : tx_dst_mask(o);
    for (int c = 0; c < 4; c++) {
        if (mask >> c & 1) {
            m[n++] = comp_ch[c];
        }
    }
    m[n] = 0;
    snprintf(out, TX_OPLEN, mask == 0xF ? "%s" : "%s.%s", r, m);
    return true;
}

/* ---- the driver ---- */

static const char *const processor[] = { "FRAG", "VERT", "GEOM", "TESS_CTRL", "TESS_EVAL",
                                         "COMP" };

static void temps_layout(Tx *t)
{
    uint32_t next = t->ntemps;
    for (unsigned x = 0; x < TX_MAX_X; x++) {
        t->xbase[x] = next;
        next += t->xsize[x];
    }
    t->icb_base = next;
    next += t->icb_size;
    t->next_temp = next;
}

static void declare_temps(Tx *t)
{
    if (t->ntemps) {
        tb_printf(&t->decl, "DCL TEMP[0..%u]\n", t->ntemps - 1);
    }
    for (unsigned x = 0; x < TX_MAX_X; x++) {
        if (t->xsize[x]) {
            tb_printf(&t->decl, "DCL TEMP[%u..%u], ARRAY(%u)\n", t->xbase[x],
                      t->xbase[x] + t->xsize[x] - 1, x + 1);
        }
    }
    if (t->icb_size) {
        tb_printf(&t->decl, "DCL TEMP[%u..%u], ARRAY(%u)\n", t->icb_base,
                  t->icb_base + t->icb_size - 1, TX_MAX_X + 1);
    }
}

/* Pass 1: declarations (and the immediate constant buffer). */
static bool pass_decls(Tx *t)
{
    for (uint32_t i = 0; i < t->p->ninsn; i++) {
        const Sm4Insn *in = &t->p->insn[i];
        const Sm4OpInfo *info = sm4_op_info(in->opcode);
        if (((info->flags & SM4_F_DECL) || in->opcode == SM4_CUSTOMDATA) && !tx_decl(t, in)) {
            return false;
        }
        if (in->opcode >= SM5_HS_DECLS && in->opcode <= SM5_HS_JOIN_PHASE &&
            !tx_tess_phase(t, in)) {
            return false;
        }
    }
    return true;
}

bool tx_code_range(Tx *t, uint32_t first, uint32_t end)
{
    for (uint32_t i = first; i < end && !t->ended; i++) {
        const Sm4Insn *in = &t->p->insn[i];
        const Sm4OpInfo *info = sm4_op_info(in->opcode);
        if ((info->flags & SM4_F_DECL) || in->opcode == SM4_CUSTOMDATA) {
            continue;
        }
        t->naddr = 0;
        if (!tx_insn(t, in)) {
            return false;
        }
    }
    if (t->depth != t->sub_base) {
        return tx_fail(t, SM4_ERR_OPCODE, "unterminated if/loop/switch");
    }
    return true;
}

static bool pass_code(Tx *t)
{
    return tx_code_range(t, 0, t->p->ninsn);
}

static char *assemble(Tx *t)
{
    TBuf out = { 0 };
    tb_printf(&out, "%s\n%s%s", processor[t->p->stage], t->head.s ? t->head.s : "",
              t->decl.s ? t->decl.s : "");
    if (t->max_addr) {
        tb_printf(&out, "DCL ADDR[0..%u]\n", t->max_addr - 1);
    }
    tb_printf(&out, "DCL TEMP[%u..%u]\n", t->scratch, t->scratch + TX_NSCRATCH - 1);
    for (uint32_t i = 0; i < t->nimm; i++) {
        tb_printf(&out, "IMM[%u] UINT32 {%u, %u, %u, %u}\n", i, t->imm[i][0], t->imm[i][1],
                  t->imm[i][2], t->imm[i][3]);
    }
    tb_printf(&out, "%s%3u: END\n", t->body.s ? t->body.s : "", t->nout_insn);
    if (out.oom || t->head.oom || t->decl.oom || t->body.oom) {
        free(out.s);
        return NULL;
    }
    return out.s;
}

Sm4Error sm4_to_tgsi(const Sm4Program *p, const Sm4Signatures *sig, char **text,
                     Sm4ShaderInfo *info, char *why, size_t whylen)
{
    static const Sm4Signatures none = { 0 };
    Tx *t = calloc(1, sizeof *t);
    *text = NULL;
    if (why && whylen) {
        why[0] = 0;
    }
    if (!t) {
        return SM4_ERR_NOMEM;
    }
    memset(info, 0, sizeof *info);
    t->p = p;
    t->sig = sig ? sig : &none;
    t->info = info;
    t->why = why;
    t->whylen = whylen;
    info->stage = p->stage;
    if (pass_decls(t)) {
        temps_layout(t);
        declare_temps(t);
        tx_finish_decls(t);
        t->scratch = t->next_temp;
        if (t->scratch + TX_NSCRATCH > TX_MAX_TEMPS) {
            tx_fail(t, SM4_ERR_TOO_BIG, "more than %u temporaries", TX_MAX_TEMPS);
        } else {
            if (p->stage == SM4_HS ? tx_tess_code(t) : pass_code(t)) {
                tx_declare_units(t);
            }
            if (!t->err && !t->ended && p->stage != SM4_GS && p->stage != SM4_HS) {
                tx_flush_outputs(t); /* main ran off its end without a ret */
            }
        }
    }
    Sm4Error e = t->err;
    if (!e) {
        info->tgsi_instructions = t->nout_insn + 1;
        *text = assemble(t);
        e = *text ? SM4_OK : SM4_ERR_NOMEM;
    }
    free(t->head.s);
    free(t->decl.s);
    free(t->body.s);
    free(t->imm);
    free(t);
    return e;
}
