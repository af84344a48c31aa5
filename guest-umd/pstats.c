/* SPDX-License-Identifier: MIT */
/*
 * Pipeline statistics the shaders count on the host (umd_pstats.h): the
 * counting variants, the device's counter buffer and each query's copy of
 * it at Begin and End.
 *
 * The counter buffer is PARTS parts of 16 bytes, one per kind of draw: its
 * GS primitives rasterized or not, times where its VS invocations belong
 * (VS_*). A draw binds its
 * part at SM4_STATS_BUFFER in every counting stage (the host gives a slot
 * one binding for all stages), each stage adding to its word
 * SM4_STATS_*.
 */
#include <stdlib.h>
#include <string.h>

#include "umd_pstats.h"
#include "umd_uav.h"

/* Where a draw's VS invocations go: the UMD could not count them and they
 * are its IA vertices too (a non-indexed indirect draw), they are not (an
 * indexed one, DrawAuto), or the UMD counted them. */
enum { VS_IA, VS_ONLY, VS_SINK, VS_KINDS };
#define PART 16u
#define PARTS (2u * VS_KINDS)
#define COUNTER_BYTES (PARTS * PART)
#define WORDS (COUNTER_BYTES / 4u)

static uint32_t part_of(bool raster, uint32_t vs)
{
    return (raster ? VS_KINDS : 0) + vs;
}

static void buffer_free(UmdDevice *d, UmdResource **r)
{
    if (*r) {
        umd_resource_destroy(d, *r);
        free(*r);
        *r = NULL;
    }
}

bool umd_rasterizes(const UmdDevice *d)
{
    const UmdDepthStencilState *ds = d->state.dss; /* NULL: the default, depth on */
    const UmdShader *gs = d->state.shader[UMD_GS]; /* a GS, or a VS / DS with stream output */
    if (gs && gs->rasterized_stream == D3D11_SO_NO_RASTERIZED_STREAM) {
        return false;
    }
    return d->state.shader[UMD_PS] || !ds || ds->desc.DepthEnable || ds->desc.StencilEnable;
}

bool umd_pstats_init(UmdDevice *d, UmdQuery *q)
{
    return q->type != D3D10DDI_QUERY_PIPELINESTATS ||
           (q->pstats = umd_hidden_buffer(d, 2 * COUNTER_BYTES)) != NULL;
}

void umd_pstats_fini(UmdDevice *d, UmdQuery *q)
{
    if (q->stats_open) {
        d->s3d.pstats_open--;
        q->stats_open = false;
    }
    buffer_free(d, &q->pstats);
}

void umd_pstats_device_fini(UmdDevice *d)
{
    buffer_free(d, &d->s3d.pstats_counter);
}

/* Stream-output targets are bound: the GL transform feedback the host
 * keeps across draws cannot resume with another program, so while they
 * are, draws keep the counting variants whether a query is open or not. */
static bool so_bound(const UmdDevice *d)
{
    for (uint32_t i = 0; i < UMD_SO_SLOTS; i++) {
        if (d->state.so[i]) {
            return true;
        }
    }
    return false;
}

UmdResource *umd_pstats_counter(const UmdDevice *d)
{
    return d->s3d.pstats_open || so_bound(d) ? d->s3d.pstats_counter : NULL;
}

/* The counter buffer made when first needed (NULL: no memory, nothing
 * counted). */
static UmdResource *counter_make(UmdDevice *d)
{
    UmdStream *s = &d->s3d;
    if (!s->pstats_counter) {
        s->pstats_counter = umd_hidden_buffer(d, COUNTER_BYTES);
    }
    return s->pstats_counter;
}

/* The counter buffer to byte `at` of q's buffer, after the shaders'
 * writes (a barrier: llvmpipe defers rasterization, and a copy does not
 * wait for a shader buffer's writers). */
static bool snapshot(UmdDevice *d, UmdDdi ddi, UmdQuery *q, uint32_t at)
{
    UmdResource *c = d->s3d.pstats_counter, *const r[2] = { q->pstats, c };
    const VglBox box = { 0, 0, 0, COUNTER_BYTES, 1, 1 };
    uint32_t cmds[16];
    VglBuf b;
    vgl_init(&b, cmds, 16);
    if (!umd_res3d_to_host(d, ddi, c) || !umd_res3d_to_host(d, ddi, q->pstats) ||
        !vgl_memory_barrier(&b, SABLE_VIRGL_BARRIER_ALL) ||
        !vgl_resource_copy_region(&b, q->pstats->res_id, 0, at, 0, 0, c->res_id, 0, &box) ||
        !umd_stream_cmds(d, ddi, cmds, b.n, r, 2, true)) {
        return false;
    }
    q->pstats->host_newer = true;
    q->pstats->backing_newer = false;
    return true;
}

bool umd_pstats_begin(UmdDevice *d, UmdQuery *q)
{
    UmdStream *s = &d->s3d;
    s->pstats_open += q->stats_open ? 0 : 1; /* a Begin again stays one */
    if (!counter_make(d) || !snapshot(d, UMD_DDI_QueryBegin, q, 0)) {
        s->pstats_open -= q->stats_open ? 0 : 1;
        return false;
    }
    return true;
}

bool umd_pstats_end(UmdDevice *d, UmdDdi ddi, UmdQuery *q)
{
    d->s3d.pstats_open--;
    return snapshot(d, ddi, q, COUNTER_BYTES) && umd_res3d_from_host(d, ddi, q->pstats);
}

bool umd_pstats_read(UmdDevice *d, UmdQuery *q, UmdPstatsHost *out)
{
    uint32_t w[2 * WORDS];
    HRESULT hr = umd_peek(d, q->pstats->alloc.h, 0, w, sizeof w);
    if (FAILED(hr)) {
        umd_error(d, UMD_DDI_QueryGetData, hr, 0);
        return false;
    }
    memset(out, 0, sizeof *out);
    for (uint32_t p = 0; p < PARTS; p++) {
        uint32_t d4[4]; /* 32-bit counters: the differences modulo 2^32 */
        for (uint32_t k = 0; k < 4; k++) {
            d4[k] = w[WORDS + p * 4 + k] - w[p * 4 + k];
        }
        uint32_t vs = p % VS_KINDS;
        out->ps += d4[SM4_STATS_PS];
        out->ds += d4[SM4_STATS_DS];
        *(p >= VS_KINDS ? &out->gs_raster : &out->gs_other) += d4[SM4_STATS_GS];
        out->vs_ia += vs == VS_IA ? d4[SM4_STATS_VS] : 0;
        out->vs_only += vs == VS_ONLY ? d4[SM4_STATS_VS] : 0;
    }
    return true;
}

void umd_pstats_draw(UmdDevice *d, const VglDraw *draw)
{
    if (d->s3d.pstats_open || so_bound(d)) {
        counter_make(d);
    }
    /* what umd_stats_draw does not count; llvmpipe runs a DrawAuto's VS
     * more often than it has vertices (docs/umd.md) */
    uint32_t vs = draw->count_from_so ? VS_ONLY
                  : !draw->indirect_res ? VS_SINK
                  : draw->indexed       ? VS_ONLY
                                        : VS_IA;
    d->s3d.pstats_part = part_of(umd_rasterizes(d), vs);
}

/* The VS counts when the UMD cannot, or (into the sink) to keep the
 * variant bound under stream output. */
static bool vs_counts(const UmdDevice *d)
{
    return d->s3d.pstats_part % VS_KINDS != VS_SINK || so_bound(d);
}

bool umd_pstats_counts(UmdDevice *d, unsigned stage)
{
    UmdShader *sh = umd_draw_shader(&d->state, stage);
    if (!sh || sh->count_refused || stage == UMD_HS || stage == UMD_CS ||
        umd_so_replaces(&d->state, stage) || /* the SO variant is bound: not counted */
        (stage == UMD_VS && !vs_counts(d)) || !umd_pstats_counter(d)) {
        return false;
    }
    if (!sh->count_tgsi && !(sh->count_tgsi = sm4_tgsi_count(sh->tgsi, &sh->info))) {
        sh->count_refused = true; /* uses SM4_STATS_BUFFER itself (or no memory) */
        return false;
    }
    return true;
}

VglShaderBuffer umd_pstats_binding(const UmdDevice *d)
{
    return (VglShaderBuffer){ d->s3d.pstats_part * PART, PART, d->s3d.pstats_counter->res_id };
}
