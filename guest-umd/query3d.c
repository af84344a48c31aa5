/* SPDX-License-Identifier: MIT */
/*
 * Queries answered by the device's virgl context (docs/umd.md "Queries"):
 * occlusion, occlusion predicate, timestamp, stream-output statistics and
 * the stream-overflow predicate are virgl query objects (made at the first
 * Begin or End) whose state GET_QUERY_RESULT writes into a small buffer
 * of the query in host memory (virglrenderer wants a CUSTOM buffer there);
 * QueryEnd then brings that buffer back to its allocation (TRANSFER
 * FROM_HOST) before the event WRITE32 query.c appends, so "the WRITE32
 * landed" means "the host's state is in the allocation" (a state not yet
 * known: GetData asks again). Timestamp disjoint needs no GPU object: GL
 * timestamps count nanoseconds and never jump. Pipeline statistics are
 * counted by the UMD from the draws and dispatches it sends (below), and
 * by the shaders on the host (pstats.c).
 * SetPredication is SET_RENDER_CONDITION on a predicate's object.
 */
#include <stdlib.h>
#include <string.h>

#include "umd.h"
#include "umd_pstats.h"

#define NS_PER_SECOND 1000000000ull

/* The virgl query types behind a D3D query, n of them (0: none needed). */
static uint32_t virgl_types(D3D10DDI_QUERY type, uint32_t t[UMD_QUERY_GPU_MAX])
{
    switch (type) {
    case D3D10DDI_QUERY_OCCLUSION:
        t[0] = SABLE_VIRGL_QUERY_OCCLUSION_COUNTER;
        return 1;
    case D3D10DDI_QUERY_OCCLUSIONPREDICATE:
        t[0] = SABLE_VIRGL_QUERY_OCCLUSION_PREDICATE;
        return 1;
    case D3D10DDI_QUERY_TIMESTAMP:
        t[0] = SABLE_VIRGL_QUERY_TIMESTAMP;
        return 1;
    case D3D10DDI_QUERY_STREAMOUTPUTSTATS: /* written, storage needed */
        t[0] = SABLE_VIRGL_QUERY_PRIMITIVES_EMITTED;
        t[1] = SABLE_VIRGL_QUERY_PRIMITIVES_GENERATED;
        return 2;
    case D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE:
        t[0] = SABLE_VIRGL_QUERY_SO_OVERFLOW_PREDICATE;
        return 1;
    default:
        return 0;
    }
}

/* The host's query target of virgl type t: one query active per target. */
static uint32_t target_of(uint32_t t)
{
    return t == SABLE_VIRGL_QUERY_OCCLUSION_PREDICATE ? SABLE_VIRGL_QUERY_OCCLUSION_COUNTER : t;
}

/* Begin: every target free (or q's own, a Begin again); then q holds
 * them. End: q lets them go. Timestamps have no Begin and hold nothing. */
static bool claim(UmdDevice *d, UmdQuery *q, bool begin)
{
    uint32_t t[UMD_QUERY_GPU_MAX];
    uint32_t n = virgl_types(q->type, t);
    UmdQuery **active = d->s3d.active_query;
    for (uint32_t i = 0; begin && i < n; i++) {
        if (active[target_of(t[i])] && active[target_of(t[i])] != q) {
            return false; /* two at once: GL refuses (the context would be lost) */
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        if (t[i] != SABLE_VIRGL_QUERY_TIMESTAMP && (begin || active[target_of(t[i])] == q)) {
            active[target_of(t[i])] = begin ? q : NULL;
        }
    }
    return true;
}

bool umd_query3d_supported(const UmdDevice *d, D3D10DDI_QUERY type)
{
    uint32_t t[UMD_QUERY_GPU_MAX];
    return (d->adapter->priv.kmd_features & SABLE_KMD_F_3D) &&
           (virgl_types(type, t) || type == D3D10DDI_QUERY_TIMESTAMPDISJOINT ||
            type == D3D10DDI_QUERY_PIPELINESTATS);
}

/* ---- pipeline statistics ----
 * virglrenderer 0.10.4 has no pipeline-statistics query (its
 * vrend_create_query knows occlusion, timestamp, time elapsed, primitives
 * generated / emitted and the overflow predicates), so the UMD counts what
 * the arguments of each draw and dispatch it sends fix exactly; the rest
 * the shaders count (pstats.c). */

/* Primitives of n vertices of virgl topology mode, one instance. */
static uint64_t primitives(uint32_t mode, uint64_t n, uint32_t per_patch)
{
    switch (mode) {
    case SABLE_VIRGL_PRIM_POINTS:
        return n;
    case SABLE_VIRGL_PRIM_LINES:
        return n / 2;
    case SABLE_VIRGL_PRIM_LINE_STRIP:
        return n >= 2 ? n - 1 : 0;
    case SABLE_VIRGL_PRIM_TRIANGLES:
        return n / 3;
    case SABLE_VIRGL_PRIM_TRIANGLE_STRIP:
        return n >= 3 ? n - 2 : 0;
    case SABLE_VIRGL_PRIM_LINES_ADJACENCY:
        return n / 4;
    case SABLE_VIRGL_PRIM_LINE_STRIP_ADJACENCY:
        return n >= 4 ? n - 3 : 0;
    case SABLE_VIRGL_PRIM_TRIANGLES_ADJACENCY:
        return n / 6;
    case SABLE_VIRGL_PRIM_TRIANGLE_STRIP_ADJACENCY:
        return n >= 6 ? (n - 4) / 2 : 0;
    case SABLE_VIRGL_PRIM_PATCHES:
        return per_patch ? n / per_patch : 0;
    default:
        return 0;
    }
}

/* IA vertices and VS invocations: count x instances (no post-transform
 * vertex reuse); IA primitives from the topology (an indexed strip's cut
 * indices are not seen); GS invocations: the input primitives times the
 * GS's instance count; HS invocations: the patches; C invocations: the
 * input primitives when neither a GS nor tessellation changes them and
 * the rasterizer is on (with a GS: its primitives, pstats.c). */
void umd_stats_draw(UmdDevice *d, const VglDraw *draw)
{
    if (draw->indirect_res || draw->count_from_so) {
        return;
    }
    const UmdShader *gs = umd_draw_shader(&d->state, UMD_GS), *hs = d->state.shader[UMD_HS];
    uint64_t inst = draw->instance_count, n = (uint64_t)draw->count * inst;
    uint64_t prims = primitives(draw->mode, draw->count, draw->vertices_per_patch) * inst;
    uint64_t *s = d->stats;
    s[UMD_STAT_IA_VERTICES] += n;
    s[UMD_STAT_VS_INVOCATIONS] += n;
    s[UMD_STAT_IA_PRIMITIVES] += prims;
    if (gs) {
        s[UMD_STAT_GS_INVOCATIONS] += prims * (gs->info.gs_instances ? gs->info.gs_instances : 1);
    }
    if (hs) {
        s[UMD_STAT_HS_INVOCATIONS] += prims;
    }
    if (!gs && !hs && umd_rasterizes(d)) {
        s[UMD_STAT_C_INVOCATIONS] += prims;
    }
}

/* CS invocations: the groups times the threads of a group. */
void umd_stats_dispatch(UmdDevice *d, const UINT groups[3])
{
    const uint32_t *b = d->state.shader[UMD_CS]->info.cs_block;
    d->stats[UMD_STAT_CS_INVOCATIONS] += (uint64_t)groups[0] * groups[1] * groups[2] *
                                         ((uint64_t)b[0] * b[1] * b[2]);
}

/* The query's buffer: a 3D buffer allocation whose virgl resource is a
 * CUSTOM one (host memory), NULL if it cannot be had. */
static UmdResource *qbuf_create(UmdDevice *d, uint32_t bytes)
{
    UmdResource *r = calloc(1, sizeof(UmdResource) + sizeof(UmdSubresource));
    const UmdResourceDesc desc = { .dim = D3D10DDIRESOURCE_BUFFER,
                                   .usage = D3D10_DDI_USAGE_DEFAULT,
                                   .format = DXGI_FORMAT_UNKNOWN, .width = bytes, .height = 1,
                                   .depth = 1, .mips = 1, .array_size = 1 };
    if (!r || !umd_resource_setup(d, r, &desc)) {
        free(r);
        return NULL;
    }
    struct sable_alloc_private_3d p;
    umd_res3d_private(r, bytes, &p);
    p.virgl.bind = SABLE_VIRGL_BIND_CUSTOM;
    if (FAILED(umd_allocate_3d(d, &r->alloc, &p)) || !p.virgl.res_id) {
        free(r);
        return NULL;
    }
    r->res_id = p.virgl.res_id;
    r->magic = UMD_RESOURCE_MAGIC;
    return r;
}

bool umd_query3d_init(UmdDevice *d, UmdQuery *q)
{
    uint32_t t[UMD_QUERY_GPU_MAX];
    q->nq = virgl_types(q->type, t);
    if (!q->nq) {
        return umd_pstats_init(d, q);
    }
    for (uint32_t i = 0; i < q->nq; i++) {
        if (!(q->qbo[i] = qbuf_create(d, SABLE_VIRGL_QUERY_STATE_BYTES))) {
            umd_query3d_fini(d, q);
            return false;
        }
        q->handle[i] = umd_vgl_handle(d);
    }
    return true;
}

void umd_query3d_fini(UmdDevice *d, UmdQuery *q)
{
    umd_pstats_fini(d, q);
    claim(d, q, false);
    if (d->state.predicate == q) {
        umd_set_predication(d, NULL, FALSE); /* the context stops testing it first */
    }
    for (uint32_t i = 0; i < q->nq; i++) {
        umd_vgl_destroy(d, UMD_DDI_DestroyQuery, SABLE_VIRGL_OBJECT_QUERY, q->handle[i], q->host);
    }
    for (uint32_t i = 0; i < q->nq; i++) {
        if (q->qbo[i]) {
            umd_resource_destroy(d, q->qbo[i]);
            free(q->qbo[i]);
            q->qbo[i] = NULL;
        }
    }
}

enum { BEGIN, END, POLL };

/* The CREATE_OBJECTs (first use), BEGIN or END of every object, and (END,
 * POLL) GET_QUERY_RESULT: the host writes the state it has. */
static bool put_queries(UmdQuery *q, VglBuf *b, int phase)
{
    uint32_t t[UMD_QUERY_GPU_MAX];
    virgl_types(q->type, t);
    bool ok = true;
    for (uint32_t i = 0; ok && !q->host && i < q->nq; i++) {
        ok = vgl_create_query(b, q->handle[i], t[i], 0, 0, q->qbo[i]->res_id);
    }
    for (uint32_t i = 0; ok && phase != POLL && i < q->nq; i++) {
        ok = phase == BEGIN ? vgl_begin_query(b, q->handle[i]) : vgl_end_query(b, q->handle[i]);
    }
    for (uint32_t i = 0; ok && phase != BEGIN && i < q->nq; i++) {
        ok = vgl_get_query_result(b, q->handle[i], true);
    }
    return ok;
}

/* A new round (Begin; End of a timestamp, which has none): the host's
 * copy of the buffer back to zero (state NEW), so an older round's
 * results are not taken for this one's. */
static bool reset(UmdDevice *d, UmdDdi ddi, UmdQuery *q)
{
    static const uint8_t zero[SABLE_VIRGL_QUERY_STATE_BYTES];
    bool ok = true;
    for (uint32_t i = 0; ok && i < q->nq; i++) {
        umd_update_subresource(d, ddi, q->qbo[i], 0, NULL, zero, sizeof zero, sizeof zero);
        ok = !d->lost && umd_res3d_to_host(d, ddi, q->qbo[i]);
    }
    return ok;
}

static bool send(UmdDevice *d, UmdDdi ddi, UmdQuery *q, int phase)
{
    bool fresh = phase == BEGIN || (phase == END && q->type == D3D10DDI_QUERY_TIMESTAMP);
    if ((phase != POLL && !claim(d, q, phase == BEGIN)) || (fresh && !reset(d, ddi, q))) {
        return false;
    }
    uint32_t cmds[64];
    VglBuf b;
    vgl_init(&b, cmds, 64);
    if (!put_queries(q, &b, phase) ||
        !umd_stream_cmds(d, ddi, cmds, b.n, q->qbo, q->nq, phase != BEGIN)) {
        return false;
    }
    q->host = true;
    return true;
}

bool umd_query3d_begin(UmdDevice *d, UmdQuery *q)
{
    if (q->type == D3D10DDI_QUERY_PIPELINESTATS) {
        if (!umd_pstats_begin(d, q)) {
            return false;
        }
        memcpy(q->stats, d->stats, sizeof q->stats);
        q->stats_open = true;
    }
    return !q->nq || send(d, UMD_DDI_QueryBegin, q, BEGIN);
}

bool umd_query3d_end(UmdDevice *d, UmdDdi ddi, UmdQuery *q, bool again)
{
    if (q->stats_open && !again) {
        for (uint32_t i = 0; i < UMD_STATS; i++) {
            q->stats[i] = d->stats[i] - q->stats[i];
        }
        q->stats_open = false;
        if (!umd_pstats_end(d, ddi, q)) {
            return false;
        }
    }
    if (!q->nq) {
        return true;
    }
    if (!send(d, ddi, q, again ? POLL : END)) {
        return false;
    }
    bool ok = true;
    for (uint32_t i = 0; ok && i < q->nq; i++) {
        q->qbo[i]->host_newer = true;
        q->qbo[i]->backing_newer = false;
        ok = umd_res3d_from_host(d, ddi, q->qbo[i]);
    }
    return ok;
}

/* Object i's state from its buffer's allocation: 1 known (*v), 0 not
 * yet, -1 failed (reported). */
static int read_result(UmdDevice *d, UmdResource *r, uint64_t *v)
{
    uint8_t b[16]; /* state, size, then the result */
    HRESULT hr = umd_peek(d, r->alloc.h, 0, b, sizeof(b));
    if (FAILED(hr)) {
        umd_error(d, UMD_DDI_QueryGetData, hr, 0);
        return -1;
    }
    uint32_t state;
    memcpy(&state, b, 4);
    memcpy(v, b + 8, 8);
    return state == SABLE_VIRGL_QUERY_STATE_DONE;
}

/* The UMD's counts with the host's: GS primitives (the clipper's input
 * when they are rasterized), PS and DS invocations, VS invocations of
 * indirect draws and DrawAuto (and IA vertices of non-indexed indirect
 * draws);
 * the clipper's output is taken to be its input (llvmpipe's clipping is
 * not observable). */
static bool pipeline_stats(UmdDevice *d, UmdQuery *q, uint8_t *out)
{
    UmdPstatsHost h;
    if (!umd_pstats_read(d, q, &h)) {
        return false;
    }
    uint64_t s[UMD_STATS];
    memcpy(s, q->stats, sizeof s);
    s[UMD_STAT_GS_PRIMITIVES] = h.gs_raster + h.gs_other;
    s[UMD_STAT_C_INVOCATIONS] += h.gs_raster;
    s[UMD_STAT_C_PRIMITIVES] = s[UMD_STAT_C_INVOCATIONS];
    s[UMD_STAT_PS_INVOCATIONS] = h.ps;
    s[UMD_STAT_DS_INVOCATIONS] = h.ds;
    s[UMD_STAT_VS_INVOCATIONS] += h.vs_ia + h.vs_only;
    s[UMD_STAT_IA_VERTICES] += h.vs_ia; /* llvmpipe: once per vertex (see the docs) */
    memcpy(out, s, sizeof s);
    return true;
}

int umd_query3d_data(UmdDevice *d, UmdQuery *q, void *data, UINT size)
{
    uint64_t v[UMD_QUERY_GPU_MAX] = { 0 };
    for (uint32_t i = 0; i < q->nq; i++) {
        int r = read_result(d, q->qbo[i], &v[i]);
        if (r <= 0) {
            return r;
        }
    }
    uint8_t out[8 * UMD_STATS];
    UINT n;
    BOOL flag;
    switch (q->type) {
    case D3D10DDI_QUERY_PIPELINESTATS: /* D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS; 10: 8 first */
        if (!pipeline_stats(d, q, out)) {
            return -1;
        }
        n = sizeof q->stats;
        break;
    case D3D10DDI_QUERY_TIMESTAMPDISJOINT: { /* D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT */
        const uint64_t freq = NS_PER_SECOND;
        flag = FALSE;
        memset(out, 0, sizeof out);
        memcpy(out, &freq, 8);
        memcpy(out + 8, &flag, sizeof flag);
        n = 16;
        break;
    }
    case D3D10DDI_QUERY_OCCLUSIONPREDICATE:
    case D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE:
        flag = v[0] != 0;
        memcpy(out, &flag, sizeof flag);
        n = sizeof flag;
        break;
    default: /* UINT64, or D3D10_DDI_QUERY_DATA_SO_STATISTICS */
        memcpy(out, v, 8u * q->nq);
        n = 8u * q->nq;
        break;
    }
    if (data) {
        memcpy(data, out, size < n ? size : n);
    }
    return 1;
}

/* SetPredication: draws and (virgl) clears are skipped while the
 * predicate's result equals `value`; NULL (or a predicate never issued)
 * turns predication off. */
void umd_set_predication(UmdDevice *d, UmdQuery *q, BOOL value)
{
    UmdDdi ddi = UMD_DDI_SetPredication;
    if (umd_check_lost(d, ddi) || (!q && !d->state.predicate)) {
        return;
    }
    if (q && (q->magic != UMD_QUERY_MAGIC || !q->nq ||
              (q->type != D3D10DDI_QUERY_OCCLUSIONPREDICATE &&
               q->type != D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE))) {
        umd_unsupported(d, ddi, 0);
        return;
    }
    if (q && !q->host) {
        q = NULL; /* never issued: no result to test, every draw is done */
    }
    if (!q && !d->state.predicate) {
        return;
    }
    uint32_t cmds[8];
    VglBuf b;
    vgl_init(&b, cmds, 8);
    /* GL: one conditional rendering at a time, ended before the next */
    bool ok = !d->state.predicate || vgl_set_render_condition(&b, 0, false);
    if (!ok || (q && !vgl_set_render_condition(&b, q->handle[0], value != FALSE)) ||
        !umd_stream_cmds(d, ddi, cmds, b.n, NULL, 0, false)) {
        if (!d->lost) {
            umd_unsupported(d, ddi, 0);
        }
        return;
    }
    d->state.predicate = q;
}
