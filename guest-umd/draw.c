/* SPDX-License-Identifier: MIT */
/*
 * The draw path (docs/umd.md "The draw path"): per draw, the bound D3D
 * state becomes a virgl sub-stream appended to one open chunk (at most
 * SABLE_KMD_3D_MAX_INLINE_DW dwords, split at command boundaries), sent as
 * one inline 3D SUBMIT listing the union of the allocations its commands
 * name when the command buffer is submitted or another packet begins
 * (umd_stream_flush).
 *
 * Objects (state objects, shaders, surfaces of RTVs/DSVs, sampler views of
 * SRVs) are created in the device's virgl context at their first draw
 * with UMD-chosen handles (`host` set) and destroyed when the D3D object
 * is (umd_vgl_destroy). Resources the draw reads get TRANSFER TO_HOST when
 * their backing is newer; render targets and the depth buffer have a
 * newer host copy afterwards (res3d.c). Views read through a shadow
 * (view_shadow.c) get their range copied into it before the draw.
 */
#include <stdlib.h>
#include <string.h>

#include "umd.h"
#include "umd_pstats.h"
#include "umd_stream.h"
#include "umd_uav.h"

#define STATE_DW 2048u /* one group of per-draw state commands at most */
#define SUBMIT_BYTES ((uint32_t)sizeof(struct sable_cmd_3d_submit))

uint32_t umd_vgl_handle(UmdDevice *d)
{
    if (++d->vgl_handles == 0) {
        d->vgl_handles = 1;
    }
    return d->vgl_handles;
}

int umd_prim_mode(UINT t)
{
    switch (t) {
    case 1: return SABLE_VIRGL_PRIM_POINTS;
    case 2: return SABLE_VIRGL_PRIM_LINES;
    case 3: return SABLE_VIRGL_PRIM_LINE_STRIP;
    case 4: return SABLE_VIRGL_PRIM_TRIANGLES;
    case 5: return SABLE_VIRGL_PRIM_TRIANGLE_STRIP;
    case 10: return SABLE_VIRGL_PRIM_LINES_ADJACENCY;
    case 11: return SABLE_VIRGL_PRIM_LINE_STRIP_ADJACENCY;
    case 12: return SABLE_VIRGL_PRIM_TRIANGLES_ADJACENCY;
    case 13: return SABLE_VIRGL_PRIM_TRIANGLE_STRIP_ADJACENCY;
    default: /* D3D11_PRIMITIVE_TOPOLOGY_1..32_CONTROL_POINT_PATCHLIST: 33..64 */
        return t >= 33 && t <= 64 ? SABLE_VIRGL_PRIM_PATCHES : -1;
    }
}

/* ---- the stream: one open chunk, sent as an inline SUBMIT ---- */

typedef UmdNamed Named;

/* Allocation-list entries one SUBMIT may carry. */
static uint32_t max_named(const UmdDevice *d)
{
    return d->cb.alloc_size < UMD_STREAM_ALLOCS ? d->cb.alloc_size : UMD_STREAM_ALLOCS;
}

static const UmdResource *magic_ok(const UmdResource *r)
{
    return r && r->magic == UMD_RESOURCE_MAGIC && r->res_id ? r : NULL;
}

static int find(const Named *n, const UmdResource *r)
{
    for (uint32_t i = 0; i < n->n; i++) {
        if (n->res[i] == r) {
            return (int)i;
        }
    }
    return -1;
}

static bool name(Named *n, UmdResource *r, bool write)
{
    if (!r) {
        return true;
    }
    if (!magic_ok(r)) {
        return false; /* not a 3D resource: cannot be drawn with */
    }
    int i = find(n, r);
    if (i >= 0) {
        n->write[i] |= write;
        return true;
    }
    if (n->n == UMD_STREAM_ALLOCS) {
        return false;
    }
    n->res[n->n] = r;
    n->write[n->n++] = write;
    return true;
}

/* Entries the union of the open chunk's list and n would have. */
static uint32_t union_size(const Named *open, const Named *n)
{
    uint32_t count = open->n;
    for (uint32_t i = 0; i < n->n; i++) {
        count += find(open, n->res[i]) < 0;
    }
    return count;
}

static bool merge(UmdDevice *d, const Named *n)
{
    Named *open = &d->s3d.open;
    if (union_size(open, n) > max_named(d)) {
        return false;
    }
    for (uint32_t i = 0; i < n->n; i++) {
        name(open, n->res[i], n->write[i]);
    }
    return true;
}

bool umd_stream_flush(UmdDevice *d, UmdDdi ddi)
{
    UmdStream *s = &d->s3d;
    uint32_t n = s->b.n;
    if (n == 0 || s->sending || s->b.failed || d->lost) {
        if (!s->sending) {
            s->b.n = 0;
            s->b.failed = false;
            s->open.n = 0;
        }
        return n == 0 || s->sending;
    }
    const Named *named = &s->open;
    UmdAlloc *allocs[UMD_STREAM_ALLOCS];
    for (uint32_t i = 0; i < named->n; i++) {
        allocs[i] = &named->res[i]->alloc;
    }
    s->sending = true;
    uint8_t *p = umd_cmd_begin(d, ddi, SUBMIT_BYTES + n * 4u, allocs, named->n, 0);
    if (p) {
        struct sable_cmd_3d_submit h = {
            .header = SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 6u + n),
            .size_dw = n,
        };
        memcpy(p, &h, sizeof(h));
        memcpy(p + SUBMIT_BYTES, s->dw, (size_t)n * 4u);
        for (uint32_t i = 0; i < named->n; i++) {
            umd_cmd_list(d, allocs[i], named->write[i]);
        }
        umd_cmd_commit(d);
        d->submits3d++;
    }
    s->sending = false;
    s->b.n = 0;
    s->open.n = 0;
    return p != NULL;
}

bool umd_stream_names(const UmdDevice *d, const UmdAlloc *a)
{
    const Named *open = &d->s3d.open;
    for (uint32_t i = 0; d->s3d.b.n && i < open->n; i++) {
        if (&open->res[i]->alloc == a) {
            return true;
        }
    }
    return false;
}

/* Opens the chunk (or keeps the open one) naming n too: the open chunk is
 * sent first when the union of the lists would not fit. */
static bool stream_begin(UmdDevice *d, UmdDdi ddi, const Named *named)
{
    UmdStream *s = &d->s3d;
    if (!s->dw && !(s->dw = malloc(SABLE_KMD_3D_MAX_INLINE_DW * 4u))) {
        return false;
    }
    if (s->b.n && union_size(&s->open, named) > max_named(d) && !umd_stream_flush(d, ddi)) {
        return false;
    }
    if (s->b.n == 0) {
        uint32_t cap = (d->cb.size - SUBMIT_BYTES) / 4u;
        vgl_init(&s->b, s->dw, cap < SABLE_KMD_3D_MAX_INLINE_DW ? cap : SABLE_KMD_3D_MAX_INLINE_DW);
        s->open.n = 0;
        s->chunk++;
    }
    return merge(d, named);
}

/* The operation's commands are in the open chunk, which names `named`
 * too; it stays open (umd_stream_flush sends it). */
static bool stream_send(UmdDevice *d, UmdDdi ddi, const Named *named)
{
    return !d->s3d.b.failed && merge(d, named);
}

/* Room for ndw more dwords in the chunk: the chunk goes first if not. */
static bool stream_room(UmdDevice *d, UmdDdi ddi, const Named *named, uint32_t ndw)
{
    VglBuf *b = &d->s3d.b;
    if (!merge(d, named)) {
        return false;
    }
    if (b->cap - b->n >= ndw) {
        return true;
    }
    return umd_stream_flush(d, ddi) && merge(d, named) && b->cap >= ndw;
}

void umd_vgl_destroy(UmdDevice *d, UmdDdi ddi, uint32_t type, uint32_t handle, bool host)
{
    static const Named none;
    if (!host || d->lost || !stream_begin(d, ddi, &none)) {
        return;
    }
    /* virglrenderer 0.10.4 keeps a pointer to the bound DSA object and
     * re-emits the stencil state only when a bind names another pointer:
     * a DSA created after this one is freed may get its memory, and its
     * stencil state would be ignored. Binding 0 first drops the pointer. */
    if (!stream_room(d, ddi, &none, 8)) {
        return;
    }
    if (type == SABLE_VIRGL_OBJECT_DSA) {
        vgl_bind_object(&d->s3d.b, type, 0);
    }
    vgl_destroy_object(&d->s3d.b, type, handle);
    stream_send(d, ddi, &none);
}

void umd_stream_fini(UmdDevice *d)
{
    free(d->s3d.dw);
    d->s3d.dw = NULL;
    free(d->s3d.sent);
    d->s3d.sent = NULL;
}

/* ---- state the context has ----
 * Per group of per-draw state commands (framebuffer and viewports, object
 * and shader binds, vertex and index buffers, each stage's constants and
 * sampler units), the commands last sent. Each SET/BIND replaces a host
 * binding no other group touches, so a group whose commands repeat the
 * last ones, with only draws in between, would change nothing: it is
 * dropped. Known only within one chunk (each SUBMIT states its bindings
 * from its first draw, whatever ran before it on the host: a reset, a
 * resubmission) and forgotten when anything else (a clear, a blit, a
 * dispatch, a query, a destroy) was appended since the last draw. Object
 * handles are never reused while the counter has not wrapped, and an
 * object made again gets a new handle, so the same commands name the same
 * objects; constant buffer 0's contents are in its command. */

enum { SENT_FB, SENT_BINDS, SENT_INPUTS, SENT_STAGE };

static void sent_forget(UmdStream *s)
{
    memset(s->sent_n, 0, sizeof(s->sent_n));
    s->sent_chunk = s->chunk;
}

/* At a draw's start: the groups are known if the last thing in the open
 * chunk is the last draw. */
static void sent_check(UmdStream *s)
{
    if (s->sent_chunk != s->chunk || s->draw_end != s->b.n) {
        sent_forget(s);
    }
}

/* The commands of group g written since `start` in chunk `chunk`: dropped
 * if the context got the same last, else remembered. */
static void sent_group(UmdDevice *d, unsigned g, uint32_t chunk, uint32_t start)
{
    UmdStream *s = &d->s3d;
    if (s->b.failed || s->chunk != chunk || s->sent_chunk != chunk) {
        return; /* the chunk was sent meanwhile: this one knows nothing yet */
    }
    if (!s->sent && !(s->sent = malloc(UMD_SENT_GROUPS * UMD_SENT_DW * 4u))) {
        return;
    }
    uint32_t n = s->b.n - start, *last = s->sent + g * UMD_SENT_DW;
    if (n && n == s->sent_n[g] && !memcmp(last, s->b.dw + start, n * 4u)) {
        s->b.n = start;
        d->state_skips++;
        return;
    }
    s->sent_n[g] = n <= UMD_SENT_DW ? n : 0;
    memcpy(last, s->b.dw + start, (size_t)s->sent_n[g] * 4u);
}

/* ---- what a draw names ---- */

bool umd_stream_cmds(UmdDevice *d, UmdDdi ddi, const uint32_t *cmds, uint32_t ndw,
                     UmdResource *const *r, uint32_t nr, bool write)
{
    Named n = { .n = 0 };
    bool ok = !d->lost;
    for (uint32_t i = 0; ok && i < nr; i++) {
        ok = name(&n, r[i], write);
    }
    if (!ok || !stream_begin(d, ddi, &n) || !stream_room(d, ddi, &n, ndw)) {
        return false;
    }
    return vgl_append(&d->s3d.b, cmds, ndw) && stream_send(d, ddi, &n);
}

/* Vertex buffer slots the layout reads: highest buffer index + 1. */
static uint32_t vb_slots(const UmdState *st)
{
    uint32_t n = 0;
    for (uint32_t i = 0; st->layout && i < st->layout->nve; i++) {
        uint32_t s = st->layout->ve[i].vertex_buffer_index + 1;
        n = s > n ? s : n;
    }
    return n;
}

static const unsigned draw_stages[] = { UMD_VS, UMD_PS, UMD_GS, UMD_HS, UMD_DS };
#define NSTAGES (sizeof(draw_stages) / sizeof(draw_stages[0]))
_Static_assert(SENT_STAGE + NSTAGES == UMD_SENT_GROUPS, "one sent group per draw stage");

static bool name_stage(Named *n, const UmdState *st, unsigned stage)
{
    bool ok = true;
    for (uint32_t i = 0; i < UMD_CB_SLOTS; i++) {
        ok &= name(n, st->cb[stage][i], false);
    }
    for (uint32_t i = 0; i < UMD_SRV_SLOTS; i++) {
        ok &= !st->srv[stage][i] || name(n, st->srv[stage][i]->res, false);
    }
    return ok;
}

static bool collect(const UmdState *st, bool indexed, UmdResource *args, Named *n)
{
    bool ok = name(n, args, false);
    for (uint32_t i = 0; i < UMD_RT_SLOTS; i++) {
        ok &= !st->rtv[i] || name(n, st->rtv[i]->res, true);
    }
    ok &= !st->dsv || name(n, st->dsv->res, true);
    for (uint32_t i = 0; i < vb_slots(st); i++) {
        ok &= name(n, st->vb[i], false);
    }
    ok &= !indexed || name(n, st->ib, false);
    for (uint32_t i = 0; i < UMD_SO_SLOTS; i++) {
        ok &= name(n, st->so[i], true);
    }
    for (uint32_t i = 0; i < NSTAGES; i++) {
        ok &= !umd_draw_shader(st, draw_stages[i]) || name_stage(n, st, draw_stages[i]);
    }
    return ok;
}

/* ---- objects ---- */

static const uint32_t virgl_stage[UMD_STAGES] = {
    [UMD_VS] = SABLE_VIRGL_SHADER_VERTEX, [UMD_PS] = SABLE_VIRGL_SHADER_FRAGMENT,
    [UMD_GS] = SABLE_VIRGL_SHADER_GEOMETRY, [UMD_HS] = SABLE_VIRGL_SHADER_TESS_CTRL,
    [UMD_DS] = SABLE_VIRGL_SHADER_TESS_EVAL, [UMD_CS] = SABLE_VIRGL_SHADER_COMPUTE,
};

static bool make(UmdDevice *d, UmdDdi ddi, const Named *n, const uint32_t *create,
                 uint32_t ncreate, bool *host)
{
    if (*host || ncreate == 0) {
        return true;
    }
    if (!stream_room(d, ddi, n, ncreate) || !vgl_append(&d->s3d.b, create, ncreate)) {
        return false;
    }
    *host = true;
    d->objects3d++;
    return true;
}

/* The shader's text in as few parts as the chunks hold: one command
 * when it fits what is left of the chunk (or a fresh one), else parts
 * filling chunks, each sent before the next (virgl's long-shader form,
 * vgl_create_shader_part). The stream output is so_src's. */
bool umd_shader_object(UmdDevice *d, UmdDdi ddi, const Named *n, const UmdShader *s,
                       const UmdShader *so_src, unsigned stage, const char *text,
                       uint32_t *handle)
{
    VglSo so;
    if (so_src->nso && !umd_so_decl(so_src, &so)) {
        return false;
    }
    size_t bytes = strlen(text) + 1;
    if (bytes > SABLE_VIRGL_SHADER_MAX_TEXT) {
        return false;
    }
    *handle = umd_vgl_handle(d);
    const VglShaderText st = { *handle, virgl_stage[stage], text, (uint32_t)bytes, 0,
                               so_src->nso ? &so : NULL, s->info.cs_shared_bytes };
    VglBuf *b = &d->s3d.b;
    uint32_t head = 2u + SABLE_VIRGL_SHADER_HDR_LEN + SABLE_VIRGL_SHADER_SO_LEN(so_src->nso ? so.n : 0);
    uint32_t whole = head + (uint32_t)(bytes + 3) / 4u;
    for (uint32_t off = 0; off < bytes;) {
        if (!stream_room(d, ddi, n, off || whole > b->cap ? head + 64 : whole)) {
            return false;
        }
        uint64_t room = 4ull * (b->cap - b->n - head);
        uint32_t len = bytes - off < room ? (uint32_t)(bytes - off) : (uint32_t)room;
        if (!vgl_create_shader_part(b, &st, off, len)) {
            return false;
        }
        off += len;
    }
    d->objects3d++;
    return true;
}

/* One of a shader's objects: its own or its counting variant's (pstats.c). */
typedef struct ShaderObj {
    uint32_t *handle, *tes_key;
    bool *host;
    const char *text;
} ShaderObj;

static ShaderObj shader_obj(UmdShader *s, bool counting)
{
    return counting ? (ShaderObj){ &s->count_handle, &s->count_tes_key, &s->count_host,
                                   s->count_tgsi }
                    : (ShaderObj){ &s->handle, &s->tes_key, &s->host, s->tgsi };
}

static bool shader_object(UmdDevice *d, UmdDdi ddi, const Named *n, UmdShader *s,
                          unsigned stage, const ShaderObj *o, const char *text)
{
    *o->host = umd_shader_object(d, ddi, n, s, s, stage, text, o->handle);
    return *o->host;
}

/* A DS's object carries the tessellator settings of the HS bound with it
 * (sm4_tes_link): made again when that HS has other ones. */
static bool make_tes(UmdDevice *d, UmdDdi ddi, const Named *n, UmdShader *s, const ShaderObj *o)
{
    const Sm4ShaderInfo *hs = &d->state.shader[UMD_HS]->info;
    uint32_t key = sm4_tes_key(hs);
    if (*o->host && *o->tes_key == key) {
        return true;
    }
    char *text = sm4_tes_link(o->text, hs);
    bool ok = text && stream_room(d, ddi, n, 2);
    if (ok && *o->host) {
        ok = vgl_destroy_object(&d->s3d.b, SABLE_VIRGL_OBJECT_SHADER, *o->handle);
        *o->host = false;
    }
    ok = ok && shader_object(d, ddi, n, s, UMD_DS, o, text);
    free(text);
    *o->tes_key = ok ? key : 0;
    return ok;
}

/* The object a draw binds: the counting variant while a pipeline
 * statistics query is open (if the stage has one). */
static bool make_shader(UmdDevice *d, UmdDdi ddi, const Named *n, UmdShader *s, unsigned stage)
{
    if (!s) {
        return true;
    }
    ShaderObj o = shader_obj(s, umd_pstats_counts(d, stage));
    if (stage == UMD_DS) {
        return make_tes(d, ddi, n, s, &o);
    }
    return *o.host || shader_object(d, ddi, n, s, stage, &o, o.text);
}

/* A view's virgl surface, made again when its resource id changed (a
 * rotation of identities). A view of several W slices of a 3D
 * texture but not all of them cannot be one: virglrenderer makes such a
 * multi-layer surface a GL texture view, which a 3D texture cannot have
 * (the context would be lost); a view of all the mip's slices is a
 * layered attachment (SV_RenderTargetArrayIndex picks the slice). */
static bool make_surface(UmdDevice *d, UmdDdi ddi, const Named *n, UmdResource *r,
                         DXGI_FORMAT f, uint32_t mip, uint32_t first, uint32_t count,
                         uint32_t *handle, bool *host, uint32_t *res_id)
{
    if (*host && *res_id == r->res_id) {
        return true;
    }
    if (r->dim == D3D10DDIRESOURCE_TEXTURE3D && count > 1 &&
        (first || mip >= r->nsub || count != r->sub[mip].depth)) {
        return false;
    }
    uint32_t vf = umd_virgl_format(f);
    if (!vf || !stream_room(d, ddi, n, 12)) {
        return false;
    }
    if (*host) {
        vgl_destroy_object(&d->s3d.b, SABLE_VIRGL_OBJECT_SURFACE, *handle);
        *host = false;
    }
    *handle = umd_vgl_handle(d);
    if (!vgl_create_surface(&d->s3d.b, *handle, r->res_id, vf, mip, first, first + count - 1)) {
        return false;
    }
    *host = true;
    *res_id = r->res_id;
    d->objects3d++;
    return true;
}

/* The virgl view target of what the shader declares at an SRV slot
 * (SM4_RES_*): the texture view virglrenderer makes when it differs from
 * the resource's (a Texture2D of one slice of an array, a TextureCube of
 * a cube array); 0 (undeclared): the resource's. */
static uint32_t view_target(uint32_t dim)
{
    static const uint8_t t[SM4_RES_COUNT] = {
        [SM4_RES_TEX1D] = SABLE_VIRGL_TARGET_TEXTURE_1D,
        [SM4_RES_TEX2D] = SABLE_VIRGL_TARGET_TEXTURE_2D,
        [SM4_RES_TEX2DMS] = SABLE_VIRGL_TARGET_TEXTURE_2D,
        [SM4_RES_TEX3D] = SABLE_VIRGL_TARGET_TEXTURE_3D,
        [SM4_RES_TEXCUBE] = SABLE_VIRGL_TARGET_TEXTURE_CUBE,
        [SM4_RES_TEX1DARRAY] = SABLE_VIRGL_TARGET_TEXTURE_1D_ARRAY,
        [SM4_RES_TEX2DARRAY] = SABLE_VIRGL_TARGET_TEXTURE_2D_ARRAY,
        [SM4_RES_TEX2DMSARRAY] = SABLE_VIRGL_TARGET_TEXTURE_2D_ARRAY,
        [SM4_RES_TEXCUBEARRAY] = SABLE_VIRGL_TARGET_TEXTURE_CUBE_ARRAY,
    };
    return dim < SM4_RES_COUNT ? t[dim] : 0;
}

/* The view's sampler view with `target` in the format dword's top byte;
 * a view made for another target (another shader), resource id (before
 * a rotation of identities) or on the other of its resource and its
 * shadow is made again. */
static bool make_view(UmdDevice *d, UmdDdi ddi, const Named *n, UmdSrv *v, uint32_t target)
{
    bool shadow = umd_srv_shadowed(v, target);
    if (v->host && v->res_id == v->res->res_id && (v->target == target || !target) &&
        v->on_shadow == shadow) {
        return true;
    }
    if (!stream_room(d, ddi, n, 12)) {
        return false;
    }
    if (v->host) {
        vgl_destroy_object(&d->s3d.b, SABLE_VIRGL_OBJECT_SAMPLER_VIEW, v->handle);
        v->host = false;
    }
    v->handle = umd_vgl_handle(d);
    if (!umd_srv_encode(v, target, &d->s3d.b)) {
        return false;
    }
    v->host = true;
    v->target = target;
    v->res_id = v->res->res_id;
    v->on_shadow = shadow;
    d->objects3d++;
    return true;
}

/* The view target the shader declares at SRV slot i (0: none, a buffer). */
static uint32_t slot_target(const UmdShader *sh, uint32_t i)
{
    return sh && i < SM4_MAX_SRV ? view_target(sh->info.srv_dim[i]) : 0;
}

/* The view at SRV slot i of the stage, if the stage's shader declares
 * the slot and the view reads a shadow there (view_shadow.c). */
static UmdSrv *shadowed_view(const UmdState *st, unsigned stage, uint32_t i)
{
    const UmdShader *sh = st->shader[stage];
    UmdSrv *v = i < UMD_SRV_SLOTS ? st->srv[stage][i] : NULL;
    return v && sh && i < SM4_MAX_SRV && sh->info.srv_dim[i] != SM4_RES_UNKNOWN &&
                   umd_srv_shadowed(v, slot_target(sh, i))
               ? v : NULL;
}

/* The shadows the stage reads: made (first use) and named as written. */
static bool name_shadows(UmdDevice *d, unsigned stage, Named *n)
{
    bool ok = true;
    for (uint32_t i = 0; ok && i < SM4_MAX_SRV; i++) {
        UmdSrv *v = shadowed_view(&d->state, stage, i);
        ok = !v || (umd_srv_shadow_make(d, v) && name(n, v->shadow, true));
    }
    return ok;
}

/* The render-target views of some W slices of a 3D texture draw into
 * their shadows: made (first use) and named as written. */
static bool name_rtv_shadows(UmdDevice *d, Named *n)
{
    bool ok = true;
    for (uint32_t i = 0; ok && i < UMD_RT_SLOTS; i++) {
        UmdRtv *v = d->state.rtv[i];
        ok = !v || !umd_rtv_w_range(v) || (umd_rtv_shadow_make(d, v) && name(n, v->shadow, true));
    }
    return ok;
}

/* Their slices into the shadows before the draw (what the draw blends
 * with or leaves), or back after it. */
static bool copy_rtv_shadows(UmdDevice *d, bool back)
{
    bool ok = true;
    for (uint32_t i = 0; ok && i < UMD_RT_SLOTS; i++) {
        const UmdRtv *v = d->state.rtv[i];
        ok = !v || !umd_rtv_w_range(v) || umd_rtv_shadow_copy(d, v, back);
    }
    return ok;
}

/* Before the work that reads them, in the stream: each shadow the stage
 * reads gets its view's range again (the resource may have changed). */
static bool copy_shadows(UmdDevice *d, UmdDdi ddi, const Named *n, unsigned stage)
{
    bool ok = true;
    for (uint32_t i = 0; ok && i < SM4_MAX_SRV; i++) {
        const UmdSrv *v = shadowed_view(&d->state, stage, i);
        ok = !v || (stream_room(d, ddi, n, umd_srv_shadow_dw(v)) && umd_srv_shadow_copy(d, v));
    }
    return ok;
}

static bool make_stage(UmdDevice *d, UmdDdi ddi, const Named *n, unsigned stage)
{
    UmdState *st = &d->state;
    UmdShader *sh = umd_draw_shader(st, stage);
    bool ok = make_shader(d, ddi, n, sh, stage);
    for (uint32_t i = 0; ok && i < UMD_SRV_SLOTS; i++) {
        /* raw / structured views are shader buffers (umd_put_srv_buffers) */
        UmdSrv *v = st->srv[stage][i];
        ok = !v || v->ex_kind || make_view(d, ddi, n, v, slot_target(sh, i));
    }
    for (uint32_t i = 0; ok && i < UMD_SAMPLER_SLOTS; i++) {
        UmdSampler *s = st->sampler[stage][i];
        ok = !s || make(d, ddi, n, s->create, s->ncreate, &s->host);
    }
    return ok;
}

/* The default state objects described once per device, and the sampler
 * of fetch-only units (put_samplers) made in the host context: draws and
 * dispatches both need it. */
static bool make_load_sampler(UmdDevice *d, UmdDdi ddi, const Named *n)
{
    UmdStream *s = &d->s3d;
    if (!s->defaults) {
        umd_state_defaults(d, &s->blend, &s->dss, &s->rast);
        umd_state_load_sampler(d, &s->load_sampler);
        s->defaults = true;
    }
    return make(d, ddi, n, s->load_sampler.create, s->load_sampler.ncreate,
                &s->load_sampler.host);
}

static bool make_objects(UmdDevice *d, UmdDdi ddi, const Named *n)
{
    UmdState *st = &d->state;
    UmdStream *s = &d->s3d;
    if (!make_load_sampler(d, ddi, n)) {
        return false;
    }
    UmdBlendState *bl = st->blend ? st->blend : &s->blend;
    UmdDepthStencilState *ds = st->dss ? st->dss : &s->dss;
    UmdRasterizerState *rs = st->rast ? st->rast : &s->rast;
    bool ok = make(d, ddi, n, bl->create, bl->ncreate, &bl->host) &&
              make(d, ddi, n, ds->create, ds->ncreate, &ds->host) &&
              make(d, ddi, n, rs->create, rs->ncreate, &rs->host) &&
              (!st->layout ||
               make(d, ddi, n, st->layout->create, st->layout->ncreate, &st->layout->host));
    for (uint32_t i = 0; ok && i < NSTAGES; i++) {
        ok = make_stage(d, ddi, n, draw_stages[i]);
    }
    ok = ok && umd_so_make_variant(d, ddi, n);
    for (uint32_t i = 0; ok && i < UMD_RT_SLOTS; i++) {
        UmdRtv *v = st->rtv[i];
        if (v && umd_rtv_w_range(v)) { /* the whole of its shadow (name_rtv_shadows) */
            ok = make_surface(d, ddi, n, v->shadow, v->format, 0, 0, v->slices, &v->handle,
                              &v->host, &v->res_id);
        } else {
            ok = !v || make_surface(d, ddi, n, v->res, v->format, v->mip, v->first_slice,
                                    v->slices, &v->handle, &v->host, &v->res_id);
        }
    }
    UmdDsv *z = st->dsv;
    return ok && (!z || make_surface(d, ddi, n, z->res, z->format, z->mip, z->first_slice,
                                     z->slices, &z->handle, &z->host, &z->res_id));
}

/* ---- per-draw state ---- */

static bool put_framebuffer(UmdDevice *d)
{
    UmdState *st = &d->state;
    VglBuf *b = &d->s3d.b;
    uint32_t cbufs[UMD_RT_SLOTS] = { 0 }, n = 0;
    for (uint32_t i = 0; i < UMD_RT_SLOTS; i++) {
        if (st->rtv[i]) {
            cbufs[i] = st->rtv[i]->handle;
            n = i + 1;
        }
    }
    bool ok = vgl_set_framebuffer(b, cbufs, n, st->dsv ? st->dsv->handle : 0);
    VglViewport vp[UMD_VIEWPORT_SLOTS];
    for (uint32_t i = 0; i < st->viewports; i++) {
        umd_map_viewport(&st->viewport[i], &vp[i]);
    }
    ok = ok && (!st->viewports || vgl_set_viewports(b, 0, vp, st->viewports));
    if (st->rast && st->rast->desc.ScissorEnable && st->scissors) {
        VglScissor sc[UMD_VIEWPORT_SLOTS];
        for (uint32_t i = 0; i < st->scissors; i++) {
            umd_map_scissor(&st->scissor[i], &sc[i]);
        }
        ok = ok && vgl_set_scissors(b, 0, sc, st->scissors);
    }
    return ok;
}

static bool put_binds(UmdDevice *d)
{
    UmdState *st = &d->state;
    UmdStream *s = &d->s3d;
    VglBuf *b = &s->b;
    uint32_t fs, blend, rast; /* stand-ins (so.c): no pixel shader, no rasterized stream */
    bool ok = umd_so_put_overrides(d, b, &fs, &blend, &rast) &&
              vgl_bind_object(b, SABLE_VIRGL_OBJECT_BLEND,
                              blend ? blend : (st->blend ? st->blend : &s->blend)->handle) &&
              vgl_bind_object(b, SABLE_VIRGL_OBJECT_DSA, (st->dss ? st->dss : &s->dss)->handle) &&
              vgl_bind_object(b, SABLE_VIRGL_OBJECT_RASTERIZER,
                              rast ? rast : (st->rast ? st->rast : &s->rast)->handle) &&
              vgl_bind_object(b, SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS,
                              st->layout && st->layout->ncreate ? st->layout->handle : 0);
    const UmdSoState *so = &s->so;
    for (uint32_t i = 0; ok && i < NSTAGES; i++) {
        unsigned stage = draw_stages[i];
        UmdShader *sh = umd_draw_shader(st, stage);
        uint32_t h = !sh                           ? (stage == UMD_PS ? fs : 0)
                     : umd_pstats_counts(d, stage) ? sh->count_handle
                                                   : sh->handle;
        h = so->var_handle && stage == so->var_stage ? so->var_handle : h;
        ok = vgl_bind_shader(b, h, virgl_stage[stage]);
    }
    const float *f = st->blend_factor;
    return ok && vgl_set_blend_color(b, f) &&
           vgl_set_stencil_ref(b, (uint8_t)st->stencil_ref, (uint8_t)st->stencil_ref) &&
           vgl_set_sample_mask(b, st->sample_mask);
}

static bool put_inputs(UmdDevice *d, bool indexed)
{
    UmdState *st = &d->state;
    VglBuf *b = &d->s3d.b;
    /* binding r: the D3D slot element r reads (umd_layout_bindings) */
    VglVertexBuffer vb[UMD_MAX_ELEMENTS];
    uint32_t n = st->layout ? st->layout->nve : 0;
    for (uint32_t r = 0; r < n; r++) {
        uint32_t i = st->layout->ve[r].vertex_buffer_index;
        vb[r] = (VglVertexBuffer){ st->vb_stride[i], st->vb_offset[i],
                                   st->vb[i] ? st->vb[i]->res_id : 0 };
    }
    bool ok = !n || vgl_set_vertex_buffers(b, vb, n);
    if (indexed) {
        uint32_t size = st->ib_format == DXGI_FORMAT_R32_UINT ? 4 : 2;
        ok = ok && vgl_set_index_buffer(b, st->ib ? st->ib->res_id : 0, size, st->ib_offset);
    }
    return ok;
}

/* The sample count of the bound render target (or depth-stencil
 * target): what a PS reads as the rasterizer's. */
static uint32_t rt_samples(const UmdState *st)
{
    const UmdResource *r = st->rtv[0] ? st->rtv[0]->res : st->dsv ? st->dsv->res : NULL;
    return r && r->samples > 1 ? r->samples : 1;
}

/* Constant buffer 0 of a PS that reads the rasterizer's sample count: its
 * registers (zeros past the buffer), then (count, 0, 0, 0), the register
 * the translator declared after them (Sm4ShaderInfo.rt_samples). */
static bool put_constants_rt(UmdDevice *d, UmdDdi ddi, const Named *n, uint32_t type,
                             const UmdResource *cb0, uint32_t declared)
{
    uint32_t have = cb0 && cb0->cb_data ? cb0->width / 4u : 0;
    uint32_t *dw = calloc(declared + 4u, 4);
    if (!dw) {
        return false;
    }
    if (have) {
        memcpy(dw, cb0->cb_data, (have < declared ? have : declared) * 4u);
    }
    dw[declared] = rt_samples(&d->state);
    bool ok = stream_room(d, ddi, n, declared + 8) &&
              vgl_set_constant_buffer(&d->s3d.b, type, 0, dw, declared + 4u);
    free(dw);
    return ok;
}

/* Constant buffers: D3D slot n is virgl constant buffer n of the stage;
 * slot 0 inline from the buffer's CPU copy (SET_CONSTANT_BUFFER: the
 * translator's CONST[0] is the default block), as many registers as the
 * shader declares; the others SET_UNIFORM_BUFFER on the resource. */
static bool put_constants(UmdDevice *d, UmdDdi ddi, const Named *n, unsigned stage)
{
    UmdState *st = &d->state;
    uint32_t type = virgl_stage[stage];
    UmdResource *cb0 = st->cb[stage][0];
    uint32_t declared = st->shader[stage]->info.cb_size[0] * 4u;
    if (st->shader[stage]->info.rt_samples) {
        if (!put_constants_rt(d, ddi, n, type, cb0, declared)) {
            return false;
        }
    } else if (cb0 && cb0->cb_data && declared) {
        uint32_t ndw = cb0->width / 4u < declared ? cb0->width / 4u : declared;
        if (!stream_room(d, ddi, n, ndw + 4) ||
            !vgl_set_constant_buffer(&d->s3d.b, type, 0, (const uint32_t *)cb0->cb_data, ndw)) {
            return false;
        }
    }
    if (!stream_room(d, ddi, n, STATE_DW)) {
        return false;
    }
    bool ok = true;
    for (uint32_t i = 1; ok && i < UMD_CB_SLOTS; i++) {
        UmdResource *r = st->cb[stage][i];
        ok = !r || vgl_set_uniform_buffer(&d->s3d.b, type, i, 0, r->width, r->res_id);
    }
    return ok;
}

/* The stage's shader samples through units (Sm4ShaderInfo.unit, docs/umd.md
 * "Sampler units"): unit u is the view of SRV slot unit[u].view at sampler
 * view u and the sampler of slot unit[u].sampler at sampler state u. */
static bool put_samplers(UmdDevice *d, unsigned stage)
{
    UmdState *st = &d->state;
    const Sm4ShaderInfo *info = &st->shader[stage]->info;
    uint32_t views[SM4_MAX_UNITS], samps[SM4_MAX_UNITS];
    uint32_t n = info->nunits <= SM4_MAX_UNITS ? info->nunits : SM4_MAX_UNITS;
    for (uint32_t u = 0; u < n; u++) {
        const Sm4TexUnit *t = &info->unit[u];
        const UmdSrv *v = t->view < UMD_SRV_SLOTS ? st->srv[stage][t->view] : NULL;
        const UmdSampler *s =
            t->sampler < UMD_SAMPLER_SLOTS ? st->sampler[stage][t->sampler] : NULL;
        views[u] = v ? v->handle : 0;
        samps[u] = s                                ? s->handle
                   : t->sampler == SM4_UNIT_NO_SAMPLER ? d->s3d.load_sampler.handle
                                                       : 0;
    }
    VglBuf *b = &d->s3d.b;
    return !n || (vgl_set_sampler_views(b, virgl_stage[stage], 0, views, n) &&
                  vgl_bind_sampler_states(b, virgl_stage[stage], 0, samps, n));
}

/* The pixel shader writes UAVs (bound by SetRenderTargets, uav.c). */
static bool ps_uavs(const UmdDevice *d)
{
    const UmdShader *ps = d->state.shader[UMD_PS];
    return ps && ps->info.uavs_used;
}

/* A counting variant's counter buffer (pstats.c), in the stage's group. */
static bool put_counter(UmdDevice *d, unsigned stage)
{
    if (!umd_pstats_counts(d, stage)) {
        return true;
    }
    VglShaderBuffer c = umd_pstats_binding(d);
    return vgl_set_shader_buffers(&d->s3d.b, virgl_stage[stage], SM4_STATS_BUFFER, &c, 1);
}

static bool put_draw(UmdDevice *d, UmdDdi ddi, const Named *n, const VglDraw *draw)
{
    UmdStream *s = &d->s3d;
    if (!stream_room(d, ddi, n, STATE_DW)) {
        return false;
    }
    uint32_t chunk = s->chunk, at = s->b.n;
    bool ok = put_framebuffer(d);
    sent_group(d, SENT_FB, chunk, at);
    at = s->b.n;
    ok = ok && put_binds(d);
    sent_group(d, SENT_BINDS, chunk, at);
    at = s->b.n;
    ok = ok && put_inputs(d, draw->indexed);
    sent_group(d, SENT_INPUTS, chunk, at);
    ok = ok && umd_so_put_targets(d, &s->b);
    for (uint32_t i = 0; ok && i < NSTAGES; i++) {
        unsigned stage = draw_stages[i];
        chunk = s->chunk;
        at = s->b.n;
        ok = !umd_draw_shader(&d->state, stage) ||
             (umd_stage_state(d, ddi, n, stage) && put_counter(d, stage));
        sent_group(d, SENT_STAGE + i, chunk, at);
    }
    bool uavs = ps_uavs(d);
    ok = ok && stream_room(d, ddi, n, STATE_DW) && (!uavs || umd_put_uavs(d, UMD_PS)) &&
         vgl_draw_vbo(&s->b, draw) &&
         (!uavs || vgl_memory_barrier(&s->b, SABLE_VIRGL_BARRIER_ALL)) &&
         copy_rtv_shadows(d, true) && stream_send(d, ddi, n);
    s->draw_end = s->b.n;
    return ok;
}

/* What this draw path cannot do: no 3D, nothing to draw with (no vertex
 * shader), a hull shader without a domain shader or the reverse, patches
 * without them or them without patches, a VS or DS created with stream
 * output in the GS slot whose outputs the last vertex stage's do not
 * match (umd_so_stage_matches). */
static bool drawable(const UmdDevice *d, const VglDraw *draw)
{
    const UmdState *st = &d->state;
    bool hs = st->shader[UMD_HS], ds = st->shader[UMD_DS];
    bool patches = draw->mode == SABLE_VIRGL_PRIM_PATCHES;
    return (d->adapter->priv.kmd_features & SABLE_KMD_F_3D) && st->shader[UMD_VS] &&
           hs == ds && hs == patches && umd_so_stage_matches(st);
}

void umd_draw(UmdDevice *d, UmdDdi ddi, const VglDraw *draw)
{
    umd_draw_args(d, ddi, draw, NULL);
}

void umd_draw_args(UmdDevice *d, UmdDdi ddi, const VglDraw *draw, UmdResource *args)
{
    if (umd_check_lost(d, ddi)) {
        return;
    }
    Named n = { .n = 0 };
    umd_pstats_draw(d, draw);
    umd_srv_split_modes(&d->state, draw_stages, NSTAGES);
    bool ok = drawable(d, draw) && collect(&d->state, draw->indexed, args, &n) &&
              name(&n, umd_pstats_counter(d), true) &&
              (!ps_uavs(d) || umd_uav_name(&d->state, UMD_PS, &n));
    for (uint32_t i = 0; ok && i < NSTAGES; i++) {
        ok = name_shadows(d, draw_stages[i], &n);
    }
    ok = ok && name_rtv_shadows(d, &n);
    if (!ok) {
        umd_unsupported(d, ddi, 0);
        return;
    }
    if (!umd_stream_to_host(d, ddi, &n)) {
        return;
    }
    ok = stream_begin(d, ddi, &n);
    for (uint32_t i = 0; ok && i < NSTAGES; i++) {
        ok = copy_shadows(d, ddi, &n, draw_stages[i]);
    }
    ok = ok && stream_room(d, ddi, &n, STATE_DW) && copy_rtv_shadows(d, false);
    if (ok) {
        sent_check(&d->s3d); /* after the copies: state groups are re-sent after one */
    }
    if (!ok || !make_objects(d, ddi, &n) || !put_draw(d, ddi, &n, draw)) {
        if (!d->lost) {
            umd_unsupported(d, ddi, 0);
        }
        return;
    }
    umd_stream_written(&n);
    umd_stats_draw(d, draw);
    d->draws++;
}

bool umd_stream_to_host(UmdDevice *d, UmdDdi ddi, const UmdNamed *n)
{
    for (uint32_t i = 0; i < n->n; i++) {
        if (!umd_res3d_to_host(d, ddi, n->res[i])) {
            return false;
        }
    }
    return true;
}

void umd_stream_written(const UmdNamed *n)
{
    for (uint32_t i = 0; i < n->n; i++) {
        if (n->write[i]) {
            n->res[i]->host_newer = true;
            n->res[i]->backing_newer = false;
            n->res[i]->dyn_valid = false; /* e.g. stream output: map.c's copy is stale */
        }
    }
}

/* ---- clears of 3D render targets and depth buffers: CLEAR in the stream ---- */

/* The view's surface alone in the framebuffer, then CLEAR; the host copy
 * is newer afterwards, so the other subresources' newer backing goes to
 * the host first. */
static void clear3d(UmdDevice *d, UmdDdi ddi, UmdResource *r, DXGI_FORMAT f, uint32_t mip,
                    uint32_t first, uint32_t count, uint32_t *handle, bool *host,
                    uint32_t *res_id, bool zs, uint32_t buffers, const float rgba[4], double z,
                    uint32_t stencil)
{
    Named n = { .n = 0 };
    name(&n, r, true);
    if (!umd_res3d_to_host(d, ddi, r)) {
        return;
    }
    if (!stream_begin(d, ddi, &n) ||
        !make_surface(d, ddi, &n, r, f, mip, first, count, handle, host, res_id) ||
        !stream_room(d, ddi, &n, 32) ||
        !vgl_set_framebuffer(&d->s3d.b, handle, zs ? 0 : 1, zs ? *handle : 0) ||
        !vgl_clear(&d->s3d.b, buffers, rgba, z, stencil) || !stream_send(d, ddi, &n)) {
        if (!d->lost) {
            umd_unsupported(d, ddi, 0);
        }
        return;
    }
    r->host_newer = true;
    r->backing_newer = false;
}

/* ---- blits and copies between 3D resources: BLIT or COPY_REGION ---- */

/* src and dst named, their newer backings on the host (false: reported). */
static bool host_op_begin(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UmdResource *src, Named *n)
{
    name(n, src, false);
    name(n, dst, true);
    return umd_res3d_to_host(d, ddi, src) && umd_res3d_to_host(d, ddi, dst);
}

/* Room for one command in the open chunk. */
static bool host_op_room(UmdDevice *d, UmdDdi ddi, Named *n)
{
    return stream_begin(d, ddi, n) && stream_room(d, ddi, n, 32);
}

/* The command (ok: encoded) sent; dst's host copy is newer. */
static bool host_op_end(UmdDevice *d, UmdDdi ddi, UmdResource *dst, Named *n, bool ok)
{
    if (!ok || !stream_send(d, ddi, n)) {
        if (!d->lost) {
            umd_unsupported(d, ddi, 0);
        }
        return false;
    }
    dst->host_newer = true;
    dst->backing_newer = false;
    return true;
}

bool umd_blit3d(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UmdResource *src, uint32_t filter,
                const VglBlitSide *ds, const VglBlitSide *ss)
{
    Named n = { .n = 0 };
    if (!host_op_begin(d, ddi, dst, src, &n)) {
        return false;
    }
    bool ok = host_op_room(d, ddi, &n) && vgl_blit(&d->s3d.b, VGL_BLIT_MASK_RGBA, filter, ds, ss);
    return host_op_end(d, ddi, dst, &n, ok);
}

bool umd_copy3d(UmdDevice *d, UmdDdi ddi, UmdResource *dst, uint32_t dlevel, uint32_t dz,
                UmdResource *src, uint32_t slevel, const VglBox *box)
{
    Named n = { .n = 0 };
    if (!host_op_begin(d, ddi, dst, src, &n)) {
        return false;
    }
    bool ok = host_op_room(d, ddi, &n) &&
              vgl_resource_copy_region(&d->s3d.b, dst->res_id, dlevel, 0, 0, dz, src->res_id,
                                       slevel, box);
    return host_op_end(d, ddi, dst, &n, ok);
}

/* ---- inline uploads into 3D buffers (map.c's DISCARD path) ---- */

bool umd_res3d_inline(UmdDevice *d, UmdDdi ddi, UmdResource *r, const uint8_t *data)
{
    Named n = { .n = 0 };
    name(&n, r, true);
    for (uint32_t off = 0; off < r->width;) {
        /* at least 256 bytes, or what an empty chunk holds */
        if (!stream_begin(d, ddi, &n) || !stream_room(d, ddi, &n, 65 + VGL_INLINE_WRITE_ARGS) ||
            d->s3d.b.cap - d->s3d.b.n <= 1 + VGL_INLINE_WRITE_ARGS) {
            return false;
        }
        uint32_t room = (d->s3d.b.cap - d->s3d.b.n - 1 - VGL_INLINE_WRITE_ARGS) * 4u;
        uint32_t len = r->width - off < room ? r->width - off : room;
        if (!vgl_inline_write(&d->s3d.b, r->res_id, off, data + off, len) ||
            !stream_send(d, ddi, &n)) {
            return false;
        }
        off += len;
    }
    r->host_newer = true;
    r->backing_newer = false;
    return true;
}

/* A view of several W slices of a 3D texture: each slice through a
 * surface of its own, made for the clear (make_surface). */
static void clear3d_w_slices(UmdDevice *d, UmdRtv *v, const FLOAT rgba[4])
{
    for (uint32_t w = v->first_slice; w < v->first_slice + v->slices && !d->lost; w++) {
        uint32_t handle = 0, res_id = 0;
        bool host = false;
        clear3d(d, UMD_DDI_ClearRenderTargetView, v->res, v->format, v->mip, w, 1, &handle,
                &host, &res_id, false, SABLE_VIRGL_CLEAR_COLOR0, rgba, 0, 0);
        umd_vgl_destroy(d, UMD_DDI_ClearRenderTargetView, SABLE_VIRGL_OBJECT_SURFACE, handle,
                        host);
    }
}

void umd_clear3d_rtv(UmdDevice *d, UmdRtv *v, const FLOAT rgba[4])
{
    if (v->res->dim == D3D10DDIRESOURCE_TEXTURE3D && v->slices > 1) {
        clear3d_w_slices(d, v, rgba);
        return;
    }
    clear3d(d, UMD_DDI_ClearRenderTargetView, v->res, v->format, v->mip, v->first_slice,
            v->slices, &v->handle, &v->host, &v->res_id, false, SABLE_VIRGL_CLEAR_COLOR0, rgba,
            0, 0);
}

void umd_clear3d_dsv(UmdDevice *d, UmdDsv *v, UINT flags, FLOAT depth, UINT8 stencil)
{
    static const float none[4];
    uint32_t buffers = ((flags & D3D10_DDI_CLEAR_DEPTH) ? SABLE_VIRGL_CLEAR_DEPTH : 0) |
                       ((flags & D3D10_DDI_CLEAR_STENCIL) ? SABLE_VIRGL_CLEAR_STENCIL : 0);
    if (buffers) {
        clear3d(d, UMD_DDI_ClearDepthStencilView, v->res, v->format, v->mip, v->first_slice,
                v->slices, &v->handle, &v->host, &v->res_id, true, buffers, none, depth,
                stencil);
    }
}

/* ---- shared with the compute path (umd_stream.h) ---- */

bool umd_stream_begin(UmdDevice *d, UmdDdi ddi, const UmdNamed *n)
{
    return stream_begin(d, ddi, n);
}
bool umd_stream_send(UmdDevice *d, UmdDdi ddi, const UmdNamed *n)
{
    return stream_send(d, ddi, n);
}
bool umd_stream_room(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, uint32_t ndw)
{
    return stream_room(d, ddi, n, ndw);
}
bool umd_stream_name(UmdNamed *n, UmdResource *r, bool write) { return name(n, r, write); }
bool umd_stage_name(UmdNamed *n, const UmdState *st, unsigned stage)
{
    return name_stage(n, st, stage);
}
bool umd_stage_shadows(UmdDevice *d, unsigned stage, UmdNamed *n)
{
    return name_shadows(d, stage, n);
}
bool umd_stage_copies(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, unsigned stage)
{
    return copy_shadows(d, ddi, n, stage);
}
bool umd_stage_objects(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, unsigned stage)
{
    return make_load_sampler(d, ddi, n) && make_stage(d, ddi, n, stage);
}
bool umd_stage_state(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, unsigned stage)
{
    return put_constants(d, ddi, n, stage) && stream_room(d, ddi, n, STATE_DW) &&
           put_samplers(d, stage) && umd_put_srv_buffers(d, stage);
}
uint32_t umd_virgl_stage(unsigned stage) { return stage < UMD_STAGES ? virgl_stage[stage] : 0; }
