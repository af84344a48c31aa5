/* SPDX-License-Identifier: MIT */
/*
 * Queries answered by the device's virgl context (docs/umd.md "Queries"):
 * occlusion, occlusion predicate, timestamp, stream-output statistics and
 * the stream-overflow predicate are virgl query objects (made at the first
 * Begin or End) whose results GET_QUERY_RESULT_QBO writes, as 64-bit
 * values, into a small 3D buffer of the query; QueryEnd then brings that
 * buffer back to its allocation (TRANSFER FROM_HOST) before the event
 * WRITE32 query.c appends, so "the WRITE32 landed" means "the results are
 * in the allocation". Timestamp disjoint needs no GPU object: GL
 * timestamps count nanoseconds and never jump. SetPredication is
 * SET_RENDER_CONDITION on a predicate's object.
 */
#include <stdlib.h>
#include <string.h>

#include "umd.h"

#define QBO_BYTES (8u * UMD_QUERY_GPU_MAX)
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

bool umd_query3d_supported(const UmdDevice *d, D3D10DDI_QUERY type)
{
    uint32_t t[UMD_QUERY_GPU_MAX];
    return (d->adapter->priv.kmd_features & SABLE_KMD_F_3D) &&
           (virgl_types(type, t) || type == D3D10DDI_QUERY_TIMESTAMPDISJOINT);
}

bool umd_query3d_init(UmdDevice *d, UmdQuery *q)
{
    uint32_t t[UMD_QUERY_GPU_MAX];
    q->nq = virgl_types(q->type, t);
    if (!q->nq) {
        return true;
    }
    D3D10DDI_MIPINFO mip = { .TexelWidth = QBO_BYTES, .TexelHeight = 1, .TexelDepth = 1,
                             .PhysicalWidth = QBO_BYTES, .PhysicalHeight = 1,
                             .PhysicalDepth = 1 };
    const D3D11DDIARG_CREATERESOURCE c = {
        .pMipInfoList = &mip, .ResourceDimension = D3D10DDIRESOURCE_BUFFER,
        .Usage = D3D10_DDI_USAGE_DEFAULT, .BindFlags = D3D10_DDI_BIND_VERTEX_BUFFER,
        .Format = DXGI_FORMAT_UNKNOWN, .SampleDesc = { 1, 0 }, .MipLevels = 1, .ArraySize = 1,
    };
    if (!(q->qbo = calloc(1, umd_resource_size(&c)))) { /* the subresource follows */
        return false;
    }
    umd_resource_create(d, &c, q->qbo, (D3D10DDI_HRTRESOURCE){ NULL });
    if (q->qbo->magic != UMD_RESOURCE_MAGIC || !q->qbo->res_id) {
        free(q->qbo);
        q->qbo = NULL;
        return false;
    }
    for (uint32_t i = 0; i < q->nq; i++) {
        q->handle[i] = umd_vgl_handle(d);
    }
    return true;
}

void umd_query3d_fini(UmdDevice *d, UmdQuery *q)
{
    if (d->state.predicate == q) {
        umd_set_predication(d, NULL, FALSE); /* the context stops testing it first */
    }
    for (uint32_t i = 0; i < q->nq; i++) {
        umd_vgl_destroy(d, UMD_DDI_DestroyQuery, SABLE_VIRGL_OBJECT_QUERY, q->handle[i], q->host);
    }
    if (q->qbo) {
        umd_resource_destroy(d, q->qbo);
        free(q->qbo);
        q->qbo = NULL;
    }
}

/* The CREATE_OBJECTs (first use) then BEGIN or END of every object. */
static bool put_queries(UmdQuery *q, VglBuf *b, bool begin)
{
    uint32_t t[UMD_QUERY_GPU_MAX];
    virgl_types(q->type, t);
    bool ok = true;
    for (uint32_t i = 0; ok && !q->host && i < q->nq; i++) {
        ok = vgl_create_query(b, q->handle[i], t[i], 0, 0, q->qbo->res_id);
    }
    for (uint32_t i = 0; ok && i < q->nq; i++) {
        ok = begin ? vgl_begin_query(b, q->handle[i]) : vgl_end_query(b, q->handle[i]);
    }
    for (uint32_t i = 0; ok && !begin && i < q->nq; i++) {
        ok = vgl_query_result_to_buffer(b, q->handle[i], q->qbo->res_id, 8u * i);
    }
    return ok;
}

static bool send(UmdDevice *d, UmdDdi ddi, UmdQuery *q, bool begin)
{
    uint32_t cmds[64];
    VglBuf b;
    vgl_init(&b, cmds, 64);
    if (!put_queries(q, &b, begin) || !umd_stream_cmds(d, ddi, cmds, b.n, q->qbo, !begin)) {
        return false;
    }
    q->host = true;
    return true;
}

bool umd_query3d_begin(UmdDevice *d, UmdQuery *q)
{
    return !q->nq || send(d, UMD_DDI_QueryBegin, q, true);
}

bool umd_query3d_end(UmdDevice *d, UmdQuery *q)
{
    if (!q->nq) {
        return true;
    }
    if (!send(d, UMD_DDI_QueryEnd, q, false)) {
        return false;
    }
    q->qbo->host_newer = true;
    q->qbo->backing_newer = false;
    return umd_res3d_from_host(d, UMD_DDI_QueryEnd, q->qbo);
}

static bool read_results(UmdDevice *d, UmdQuery *q, uint64_t v[UMD_QUERY_GPU_MAX])
{
    D3DDDICB_LOCK l;
    memset(&l, 0, sizeof(l));
    l.hAllocation = q->qbo->alloc.h;
    l.Flags.ReadOnly = 1;
    l.Flags.IgnoreSync = 1;
    HRESULT hr = d->kt->pfnLockCb(d->rt.handle, &l);
    if (FAILED(hr)) {
        umd_error(d, UMD_DDI_QueryGetData, hr, 0);
        return false;
    }
    memcpy(v, l.pData, 8u * q->nq);
    D3DDDICB_UNLOCK u = { .NumAllocations = 1, .phAllocations = &q->qbo->alloc.h };
    d->kt->pfnUnlockCb(d->rt.handle, &u);
    return true;
}

bool umd_query3d_data(UmdDevice *d, UmdQuery *q, void *data, UINT size)
{
    uint64_t v[UMD_QUERY_GPU_MAX] = { 0 };
    if (q->nq && !read_results(d, q, v)) {
        return false;
    }
    uint8_t out[16];
    UINT n;
    BOOL flag;
    switch (q->type) {
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
    return true;
}

/* SetPredication: draws and (virgl) clears are skipped while the
 * predicate's result equals `value`; NULL turns predication off. */
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
    uint32_t cmds[8];
    VglBuf b;
    vgl_init(&b, cmds, 8);
    if (q && !q->host) {
        umd_unsupported(d, ddi, 0); /* never begun: nothing to test against */
        return;
    }
    if (!vgl_set_render_condition(&b, q ? q->handle[0] : 0, value != FALSE) ||
        !umd_stream_cmds(d, ddi, cmds, b.n, NULL, false)) {
        if (!d->lost) {
            umd_unsupported(d, ddi, 0);
        }
        return;
    }
    d->state.predicate = q;
}
