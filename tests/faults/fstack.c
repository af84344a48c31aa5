/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "fstack.h"
#include "vidmm.h"

static void pattern(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        p[i] = (uint8_t)(i * 131 + seed * 7 + (i >> 8) + 1);
    }
}

unsigned fs_live_objects(const WsSim *sim)
{
    return sim->stats.os_allocs + sim->stats.os_dma + sim->stats.os_locks +
           sim->stats.mappings + sim->mem.map.runs + ws_vidmm_runs(sim);
}

void fs_start(FStack *s)
{
    const char *t = g_getenv("WINSIM_TRANSPORT");
    s->sim = ws_sim_new(t ? t : "inproc");
    g_assert_cmphex((uint32_t)ws_adapter_start(s->sim), ==, (uint32_t)STATUS_SUCCESS);
    HRESULT hr;
    s->ad = rt_adapter_open(s->sim, 0, &hr);
    g_assert_nonnull(s->ad);
    s->live_base = fs_live_objects(s->sim);
}

void fs_stop(FStack *s)
{
    rt_adapter_close(s->ad);
    ws_sim_free(s->sim);
}

void fs_inject(FStack *s, const char *specs)
{
    GError *err = NULL;
    g_assert_true(s->sim->t->ops->inject(s->sim->t, specs, &err));
    g_assert_no_error(err);
}

UmdJob *umd_job_new(FStack *s, unsigned seed)
{
    UmdJob *j = g_new0(UmdJob, 1);
    pattern(j->data, sizeof(j->data), seed);
    j->d = rt_device_new(s->ad, D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(j->d, FS_JOB_SIZE, D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               j->data, &j->src), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(j->d, FS_JOB_SIZE, D3D10_DDI_USAGE_STAGING, 0,
                                               D3D10_DDI_CPU_ACCESS_READ, NULL, &j->st), ==, 0);
    for (unsigned c = 0; c < 4; c++) {
        j->rgba[c] = (uint8_t)(seed * 53 + c * 89 + 17);
    }
    g_assert_cmphex((uint32_t)rt_create_tex2d(j->d, FS_JOB_TEX_W, FS_JOB_TEX_H, 1, 1,
                                              DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_USAGE_DEFAULT,
                                              D3D10_DDI_BIND_RENDER_TARGET, 0, NULL, &j->target),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_tex2d(j->d, FS_JOB_TEX_W, FS_JOB_TEX_H, 1, 1,
                                              DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_USAGE_STAGING,
                                              0, D3D10_DDI_CPU_ACCESS_READ, NULL, &j->target_st),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_rtv(j->d, j->target, 0, 0, 1, &j->rtv), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(j->d), ==, 0);
    rt_wait_idle(j->d);
    return j;
}

void umd_job_free(UmdJob *j)
{
    rt_destroy_rtv(j->d, j->rtv);
    rt_destroy(j->d, j->target);
    rt_destroy(j->d, j->target_st);
    rt_destroy(j->d, j->src);
    rt_destroy(j->d, j->st);
    rt_device_free(j->d);
    g_free(j);
}

HRESULT umd_job_submit(UmdJob *j)
{
    HRESULT hr = rt_copy(j->d, j->st, j->src);
    hr = hr ? hr : rt_clear(j->d, j->rtv, j->rgba[0] / 255.0f, j->rgba[1] / 255.0f,
                            j->rgba[2] / 255.0f, j->rgba[3] / 255.0f);
    hr = hr ? hr : rt_copy(j->d, j->target_st, j->target);
    return hr ? hr : rt_flush(j->d);
}

/* Every row of the mapped render-target copy is the clear colour. */
static bool target_cleared(const UmdJob *j, const D3D10DDI_MAPPED_SUBRESOURCE *m)
{
    for (unsigned y = 0; y < FS_JOB_TEX_H; y++) {
        const uint8_t *row = (const uint8_t *)m->pData + (size_t)y * m->RowPitch;
        for (unsigned x = 0; x < FS_JOB_TEX_W; x++) {
            if (memcmp(row + 4 * x, j->rgba, 4) != 0) {
                return false;
            }
        }
    }
    return true;
}

/* READ map of r, judged by same(): exact, removed or wrong. */
static JobResult read_back(UmdJob *j, RtResource *r,
                           bool (*same)(const UmdJob *, const D3D10DDI_MAPPED_SUBRESOURCE *))
{
    D3D10DDI_MAPPED_SUBRESOURCE m;
    HRESULT hr = rt_map(j->d, r, 0, D3D10_DDI_MAP_READ, 0, &m);
    if (hr == D3DDDIERR_DEVICEREMOVED) {
        g_assert_null(m.pData);
        return JOB_REMOVED;
    }
    g_assert_cmphex((uint32_t)hr, ==, 0);
    bool ok = same(j, &m);
    g_assert_cmphex((uint32_t)rt_unmap(j->d, r, 0), ==, 0);
    return ok ? JOB_EXACT : JOB_WRONG;
}

static bool buffer_copied(const UmdJob *j, const D3D10DDI_MAPPED_SUBRESOURCE *m)
{
    return memcmp(m->pData, j->data, FS_JOB_SIZE) == 0;
}

JobResult umd_job_finish(UmdJob *j)
{
    JobResult r = read_back(j, j->st, buffer_copied);
    return r != JOB_EXACT ? r : read_back(j, j->target_st, target_cleared);
}

KmtJob *kmt_job_new(FStack *s, unsigned seed)
{
    KmtJob *j = g_new0(KmtJob, 1);
    pattern(j->data, sizeof(j->data), seed);
    j->d = ws_kmt_create_device(s->sim);
    struct sable_alloc_private p = {
        .magic = SABLE_ALLOC_PRIVATE_MAGIC, .version = SABLE_ALLOC_PRIVATE_VERSION,
        .kind = SABLE_ALLOC_BUFFER, .flags = SABLE_ALLOC_F_CPU_VISIBLE, .size = FS_JOB_SIZE,
        .segment = SABLE_SEGMENT_APERTURE,
    };
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(j->d, &p, &j->src), ==, 0);
    g_assert_cmphex((uint32_t)ws_kmt_create_allocation(j->d, &p, &j->dst), ==, 0);
    memcpy(ws_kmt_lock(j->d, j->src), j->data, FS_JOB_SIZE);
    ws_kmt_unlock(j->d, j->src);
    return j;
}

void kmt_job_free(KmtJob *j)
{
    ws_kmt_destroy_allocation(j->d, j->src);
    ws_kmt_destroy_allocation(j->d, j->dst);
    ws_kmt_destroy_device(j->d);
    g_free(j);
}

NTSTATUS kmt_job_submit(KmtJob *j)
{
    memset(ws_kmt_lock(j->d, j->dst), 0, FS_JOB_SIZE);
    ws_kmt_unlock(j->d, j->dst);
    struct sable_cmd_copy k = { .header = SABLE_CMD_HEADER(SABLE_OP_COPY, 0, 8),
                                .size = FS_JOB_SIZE };
    D3DDDI_PATCHLOCATIONLIST patch[2] = {
        { .AllocationIndex = 1, .PatchOffset = 8 },   /* dst */
        { .AllocationIndex = 0, .PatchOffset = 16 },  /* src */
    };
    WsKmtAllocation *list[2] = { j->src, j->dst };
    return ws_kmt_render(j->d, SABLE_NODE_COPY, &k, sizeof(k), list, 2, patch, 2, &j->fence);
}

JobResult kmt_job_finish(KmtJob *j)
{
    if (!ws_kmt_wait(j->d, SABLE_NODE_COPY, j->fence)) {
        return JOB_REMOVED;
    }
    bool same = memcmp(ws_kmt_lock(j->d, j->dst), j->data, FS_JOB_SIZE) == 0;
    ws_kmt_unlock(j->d, j->dst);
    return same ? JOB_EXACT : JOB_WRONG;
}

bool kmt_job_errored(const KmtJob *j)
{
    return g_hash_table_contains(j->d->sim->errored, j->d->context[SABLE_NODE_COPY]);
}

SableDump *fs_dump(const WsSim *sim, unsigned i, GError **err)
{
    g_autofree char *data = NULL;
    gsize len = 0;
    if (!g_file_get_contents(g_ptr_array_index(sim->dump_files, i), &data, &len, err)) {
        return NULL;
    }
    return sable_dump_decode(data, len, err);
}
