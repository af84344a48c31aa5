/* SPDX-License-Identifier: MIT */
/*
 * Stream output and draws without a pixel shader (docs/umd.md "Stream
 * output"): a GS created with stream output carries its declaration in
 * its virgl shader object (gallium's pipe_stream_output_info: OUT register,
 * components, buffer, dword offset); SoSetTargets becomes virgl target
 * objects at the next draw (a slot keeps the object of the resource last
 * bound there: DrawAuto draws from it with count_from_so); a draw without
 * a pixel shader binds an empty fragment shader and a blend state writing
 * no colour (virglrenderer drops draws without a fragment shader), and a
 * GS with no rasterized stream a rasterizer that discards. A VS or DS
 * created with stream output in the GS slot is no GS: the draw binds none
 * and, for the last vertex stage, a variant of its shader carrying that
 * declaration (one virgl object per pair, kept until either is destroyed).
 */
#include <stdlib.h>
#include <string.h>

#include "umd.h"
#include "umd_stream.h"

#define SO_GAP 0xFFFFFFFFu

static uint32_t bits(uint32_t m)
{
    uint32_t n = 0;
    for (; m; m &= m - 1) {
        n++;
    }
    return n;
}

bool umd_so_decl(const UmdShader *s, VglSo *out)
{
    memset(out, 0, sizeof *out);
    uint32_t off[UMD_SO_SLOTS] = { 0 };
    for (uint32_t i = 0; i < UMD_SO_SLOTS; i++) {
        out->stride[i] = s->so_stride[i] / 4u;
    }
    for (uint32_t i = 0; i < s->nso; i++) {
        const UmdSoEntry *e = &s->so[i];
        uint32_t count = bits(e->mask), start = 0;
        while (!(e->mask & (1u << start))) {
            start++;
        }
        /* components are contiguous (StartComponent + ComponentCount) */
        if (e->slot >= UMD_SO_SLOTS || e->mask != ((1u << count) - 1u) << start) {
            return false;
        }
        if (e->reg != SO_GAP) {
            if (out->n == SABLE_VIRGL_MAX_SO_OUTPUTS || e->reg > 0xff) {
                return false;
            }
            out->out[out->n++] = (VglSoOutput){ (uint8_t)e->reg, (uint8_t)start, (uint8_t)count,
                                                (uint8_t)e->slot, (uint8_t)e->stream,
                                                (uint16_t)off[e->slot] };
        }
        off[e->slot] += count;
        if (off[e->slot] > 0xffff) {
            return false;
        }
    }
    return true;
}

/* A new target object for slot i: resource r from byte `off`. */
static bool new_target(UmdDevice *d, VglBuf *b, uint32_t i, UmdResource *r, uint32_t off)
{
    UmdSoState *so = &d->s3d.so;
    if (off > r->width || !r->res_id) {
        return false;
    }
    so->res[i] = r;
    so->handle[i] = umd_vgl_handle(d);
    d->objects3d++;
    return vgl_create_so_target(b, so->handle[i], r->res_id, off, (uint32_t)(r->width - off));
}

bool umd_so_put_targets(UmdDevice *d, VglBuf *b)
{
    UmdSoState *so = &d->s3d.so;
    const UmdState *st = &d->state;
    if (!so->dirty) {
        return true;
    }
    uint32_t handles[UMD_SO_SLOTS] = { 0 }, old[UMD_SO_SLOTS] = { 0 }, n = 0;
    bool ok = true;
    for (uint32_t i = 0; ok && i < UMD_SO_SLOTS; i++) {
        UmdResource *r = st->so[i];
        so->bound[i] = r != NULL;
        if (!r) {
            continue;
        }
        /* offset -1: append where the slot's last target left off */
        bool append = st->so_offset[i] == 0xFFFFFFFFu;
        if (!append || so->res[i] != r || !so->handle[i]) {
            old[i] = so->handle[i];
            ok = new_target(d, b, i, r, append ? 0 : st->so_offset[i]);
        }
        handles[i] = so->handle[i];
        n = i + 1;
    }
    for (uint32_t i = 0; ok && i < n; i++) {
        ok = handles[i] != 0; /* virgl binds targets from slot 0 without holes */
    }
    ok = ok && vgl_set_streamout_targets(b, 0, handles, n);
    for (uint32_t i = 0; ok && i < UMD_SO_SLOTS; i++) {
        ok = !old[i] || vgl_destroy_object(b, SABLE_VIRGL_OBJECT_STREAMOUT_TARGET, old[i]);
    }
    so->dirty = !ok;
    return ok;
}

static bool null_objects(UmdDevice *d, VglBuf *b)
{
    UmdSoState *so = &d->s3d.so;
    if (!so->null_fs) {
        so->null_fs = umd_vgl_handle(d);
        if (!vgl_create_shader(b, so->null_fs, SABLE_VIRGL_SHADER_FRAGMENT, "FRAG\nEND\n", 0)) {
            so->null_fs = 0;
            return false;
        }
    }
    if (!so->null_blend) {
        VglBlend none;
        memset(&none, 0, sizeof none); /* no blending, colour mask 0 on every target */
        so->null_blend = umd_vgl_handle(d);
        if (!vgl_create_blend(b, so->null_blend, &none)) {
            so->null_blend = 0;
            return false;
        }
    }
    return true;
}

bool umd_so_put_overrides(UmdDevice *d, VglBuf *b, uint32_t *fs, uint32_t *blend,
                          uint32_t *rast)
{
    const UmdState *st = &d->state;
    UmdSoState *so = &d->s3d.so;
    *fs = *blend = *rast = 0;
    if (!st->shader[UMD_PS]) {
        if (!null_objects(d, b)) {
            return false;
        }
        *fs = so->null_fs;
        *blend = so->null_blend;
    }
    const UmdShader *gs = st->shader[UMD_GS];
    if (gs && gs->nso && gs->rasterized_stream == D3D11_SO_NO_RASTERIZED_STREAM) {
        if (!so->discard_rast) {
            VglRasterizer r = d->s3d.rast.vgl; /* the default state, discarding */
            r.s0 |= SABLE_VIRGL_RS_RASTERIZER_DISCARD;
            so->discard_rast = umd_vgl_handle(d);
            if (!vgl_create_rasterizer(b, so->discard_rast, &r)) {
                so->discard_rast = 0;
                return false;
            }
        }
        *rast = so->discard_rast;
    }
    return true;
}

UmdShader *umd_draw_shader(const UmdState *st, unsigned stage)
{
    UmdShader *s = st->shader[stage];
    return stage == UMD_GS && s && s->program != SM4_GS ? NULL : s;
}

/* The VS or DS created with stream output in the GS slot, if any. */
static const UmdShader *so_stage_object(const UmdState *st)
{
    const UmdShader *gs = st->shader[UMD_GS];
    return gs && gs->program != SM4_GS ? gs : NULL;
}

static unsigned last_vertex_stage(const UmdState *st)
{
    return st->shader[UMD_DS] ? UMD_DS : UMD_VS;
}

bool umd_so_replaces(const UmdState *st, unsigned stage)
{
    return so_stage_object(st) && stage == last_vertex_stage(st);
}

/* D3D links stages by register: an output the declaration names (a
 * register of the SO object's output signature) must be one the bound
 * shader declares alike, or what is captured is not what was declared. */
bool umd_so_stage_matches(const UmdState *st)
{
    const UmdShader *src = so_stage_object(st), *real = st->shader[last_vertex_stage(st)];
    if (!src) {
        return true;
    }
    if (!real) {
        return false;
    }
    const Sm4ShaderInfo *a = &src->info, *b = &real->info;
    for (uint32_t i = 0; i < src->nso; i++) {
        const UmdSoEntry *e = &src->so[i];
        if (e->reg == SO_GAP) {
            continue;
        }
        uint32_t r = e->reg; /* < SM4_MAX_IO (shader.c) */
        if (!((a->out_mask & b->out_mask) >> r & 1u) || a->out_sv[r] != b->out_sv[r] ||
            (e->mask & ~(a->out_usage[r] & b->out_usage[r]))) {
            return false;
        }
    }
    return true;
}

/* The pair's entry, else a free one, else the next in turn. */
static UmdSoVariant *variant_entry(UmdSoState *so, const UmdShader *real, const UmdShader *src)
{
    UmdSoVariant *v = NULL;
    for (uint32_t i = 0; i < UMD_SO_VARIANTS; i++) {
        UmdSoVariant *e = &so->var[i];
        if (e->handle && e->real == real && e->src == src) {
            return e;
        }
        v = !v && !e->handle ? e : v;
    }
    if (!v) {
        v = &so->var[so->var_next];
        so->var_next = (so->var_next + 1) % UMD_SO_VARIANTS;
    }
    return v;
}

/* The entry's object made again for the pair (the old one destroyed). */
static bool make_variant(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, UmdSoVariant *v,
                         const UmdShader *real, const UmdShader *src, unsigned stage,
                         const Sm4ShaderInfo *hs, uint32_t key)
{
    if (v->handle && !(umd_stream_room(d, ddi, n, 2) &&
                       vgl_destroy_object(&d->s3d.b, SABLE_VIRGL_OBJECT_SHADER, v->handle))) {
        return false;
    }
    memset(v, 0, sizeof *v);
    char *text = hs ? sm4_tes_link(real->tgsi, hs) : real->tgsi;
    uint32_t h = 0;
    bool ok = text && umd_shader_object(d, ddi, n, real, src, stage, text, &h);
    if (hs) {
        free(text);
    }
    if (ok) {
        *v = (UmdSoVariant){ real, src, key, h };
    }
    return ok;
}

bool umd_so_make_variant(UmdDevice *d, UmdDdi ddi, const UmdNamed *n)
{
    UmdSoState *so = &d->s3d.so;
    const UmdState *st = &d->state;
    const UmdShader *src = so_stage_object(st);
    unsigned stage = last_vertex_stage(st);
    const UmdShader *real = st->shader[stage];
    so->var_handle = 0;
    if (!src) {
        return true;
    }
    /* a DS's text has its HS's tessellator settings (draw.c make_tes) */
    const Sm4ShaderInfo *hs = stage == UMD_DS ? &st->shader[UMD_HS]->info : NULL;
    uint32_t key = hs ? sm4_tes_key(hs) : 0;
    UmdSoVariant *v = variant_entry(so, real, src);
    bool same = v->handle && v->real == real && v->src == src && v->key == key;
    if (!same && !make_variant(d, ddi, n, v, real, src, stage, hs, key)) {
        return false;
    }
    so->var_handle = v->handle;
    so->var_stage = stage;
    return true;
}

void umd_so_forget(UmdDevice *d, const void *object)
{
    UmdSoState *so = &d->s3d.so;
    for (uint32_t i = 0; i < UMD_SO_VARIANTS; i++) {
        UmdSoVariant *v = &so->var[i];
        if (v->handle && ((const void *)v->real == object || (const void *)v->src == object)) {
            umd_vgl_destroy(d, UMD_DDI_DestroyShader, SABLE_VIRGL_OBJECT_SHADER, v->handle, true);
            memset(v, 0, sizeof *v);
        }
    }
    for (uint32_t i = 0; i < UMD_SO_SLOTS; i++) {
        if ((const void *)so->res[i] == object) {
            umd_vgl_destroy(d, UMD_DDI_DestroyResource, SABLE_VIRGL_OBJECT_STREAMOUT_TARGET,
                            so->handle[i], true);
            so->dirty |= so->bound[i];
            so->res[i] = NULL;
            so->handle[i] = 0;
            so->bound[i] = false;
        }
    }
}

/* DrawAuto: as many vertices as the last stream output into vertex buffer
 * 0 wrote (virgl count_from_so names that target object). A buffer no
 * target object of this device wrote has none: nothing is drawn. */
void umd_draw_auto(UmdDevice *d)
{
    UmdDdi ddi = UMD_DDI_DrawAuto;
    const UmdSoState *so = &d->s3d.so;
    if (umd_check_lost(d, ddi)) {
        return;
    }
    int mode = umd_prim_mode(d->state.topology);
    if (mode < 0) {
        umd_unsupported(d, ddi, 0);
        return;
    }
    for (uint32_t i = 0; i < UMD_SO_SLOTS; i++) {
        if (so->handle[i] && so->res[i] && so->res[i] == d->state.vb[0]) {
            VglDraw v = { .mode = (uint32_t)mode, .instance_count = 1,
                          .max_index = 0xffffffffu, .count_from_so = so->handle[i] };
            umd_draw(d, ddi, &v);
            return;
        }
    }
}
