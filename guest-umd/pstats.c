/* SPDX-License-Identifier: MIT */
/*
 * Pipeline statistics the shaders count on the host (umd_pstats.h): the
 * counting variants, the device's counter buffer and each query's copy of
 * it at Begin and End.
 */
#include <stdlib.h>
#include <string.h>

#include "umd_pstats.h"
#include "umd_uav.h"

#define HALF (UMD_PSTATS_BYTES / 2u)

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
    const UmdShader *gs = d->state.shader[UMD_GS];
    if (gs && gs->nso && gs->rasterized_stream == D3D11_SO_NO_RASTERIZED_STREAM) {
        return false;
    }
    return d->state.shader[UMD_PS] || !ds || ds->desc.DepthEnable || ds->desc.StencilEnable;
}

bool umd_pstats_init(UmdDevice *d, UmdQuery *q)
{
    return q->type != D3D10DDI_QUERY_PIPELINESTATS ||
           (q->pstats = umd_hidden_buffer(d, 2 * UMD_PSTATS_BYTES)) != NULL;
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

/* The counter buffer's 32 bytes to byte `at` of q's buffer, after the
 * shaders' writes (a barrier: llvmpipe defers rasterization, and a copy
 * does not wait for a shader buffer's writers). */
static bool snapshot(UmdDevice *d, UmdDdi ddi, UmdQuery *q, uint32_t at)
{
    UmdResource *c = d->s3d.pstats_counter, *const r[2] = { q->pstats, c };
    const VglBox box = { 0, 0, 0, UMD_PSTATS_BYTES, 1, 1 };
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
    if (!umd_pstats_counter(d) || !snapshot(d, UMD_DDI_QueryBegin, q, 0)) {
        s->pstats_open -= q->stats_open ? 0 : 1;
        return false;
    }
    return true;
}

bool umd_pstats_end(UmdDevice *d, UmdDdi ddi, UmdQuery *q)
{
    d->s3d.pstats_open--;
    return snapshot(d, ddi, q, UMD_PSTATS_BYTES) && umd_res3d_from_host(d, ddi, q->pstats);
}

bool umd_pstats_read(UmdDevice *d, UmdQuery *q, UmdPstatsHost *out)
{
    uint32_t w[2 * UMD_PSTATS_BYTES / 4];
    HRESULT hr = umd_peek(d, q->pstats->alloc.h, 0, w, sizeof w);
    if (FAILED(hr)) {
        umd_error(d, UMD_DDI_QueryGetData, hr, 0);
        return false;
    }
    const uint32_t *a = w, *e = w + UMD_PSTATS_BYTES / 4, g = HALF / 4 + SM4_STATS_GS;
    /* 32-bit counters: the difference modulo 2^32 */
    out->ps = (uint32_t)(e[SM4_STATS_PS] - a[SM4_STATS_PS]);
    out->ds = (uint32_t)(e[SM4_STATS_DS] - a[SM4_STATS_DS]);
    out->gs_raster = (uint32_t)(e[SM4_STATS_GS] - a[SM4_STATS_GS]);
    out->gs_other = (uint32_t)(e[g] - a[g]);
    return true;
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

UmdResource *umd_pstats_counter(UmdDevice *d)
{
    UmdStream *s = &d->s3d;
    if (!s->pstats_open && !so_bound(d)) {
        return NULL;
    }
    if (!s->pstats_counter) {
        s->pstats_counter = umd_hidden_buffer(d, UMD_PSTATS_BYTES);
    }
    return s->pstats_counter;
}

bool umd_pstats_counts(UmdDevice *d, unsigned stage)
{
    UmdShader *sh = d->state.shader[stage];
    if (!sh || sh->count_refused || (stage != UMD_PS && stage != UMD_GS && stage != UMD_DS) ||
        !umd_pstats_counter(d)) {
        return false;
    }
    if (!sh->count_tgsi && !(sh->count_tgsi = sm4_tgsi_count(sh->tgsi, &sh->info))) {
        sh->count_refused = true; /* uses SM4_STATS_BUFFER itself (or no memory) */
        return false;
    }
    return true;
}

VglShaderBuffer umd_pstats_binding(const UmdDevice *d, unsigned stage)
{
    uint32_t at = stage == UMD_GS && !umd_rasterizes(d) ? HALF : 0;
    return (VglShaderBuffer){ at, HALF, d->s3d.pstats_counter->res_id };
}
