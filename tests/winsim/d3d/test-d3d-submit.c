/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, submission: deferred destruction of resources pending
 * work uses, command-buffer / allocation-list / patch-list overflow, and
 * the event query following the work.
 */
#include "test-d3d.h"

/* Deferred destruction: a destroyed buffer a pending copy uses keeps its
 * allocation until Flush submits the copy, then it is released (after the
 * submission); an unused one waits for Flush too, even with nothing to
 * submit; any other submission (a READ map's) drains as well; DestroyDevice
 * releases what is left. */
static void test_deferred(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    uint8_t init[1024];
    pattern(init, sizeof(init), 11);
    RtResource *a, *b, *c, *x;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(init), D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               init, &a), ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, sizeof(init), D3D10_DDI_USAGE_DEFAULT, 0, 0,
                                               NULL, &b), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    unsigned live = rt_live_allocations(d), renders = d->renders->len;
    unsigned deallocs = d->deallocations;
    g_assert_cmphex((uint32_t)rt_copy(d, b, a), ==, 0);
    rt_destroy(d, a);
    g_assert_cmpuint(rt_live_allocations(d), ==, live);
    g_assert_cmpuint(d->deallocations, ==, deallocs);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    g_assert_cmpuint(d->renders->len, ==, renders + 1);
    g_assert_cmpuint(d->deallocations, ==, deallocs + 1);
    g_assert_cmpuint(rt_live_allocations(d), ==, live - 1);
    uint8_t out[1024];
    rt_read(d, b, 0, out);
    g_assert_cmpmem(out, sizeof(out), init, sizeof(init));

    /* Nothing to submit: Flush still drains. */
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 4096, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &c),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    live = rt_live_allocations(d);
    renders = d->renders->len;
    rt_destroy(d, c);
    g_assert_cmpuint(rt_live_allocations(d), ==, live);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    g_assert_cmpuint(d->renders->len, ==, renders);
    g_assert_cmpuint(rt_live_allocations(d), ==, live - 1);

    /* Any submission drains too: here the one a READ map makes. */
    RtResource *y, *st;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 1024, D3D10_DDI_USAGE_DEFAULT, 0, 0, init, &y),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 1024, D3D10_DDI_USAGE_STAGING, 0,
                                               D3D10_DDI_CPU_ACCESS_READ, NULL, &st), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    live = rt_live_allocations(d);
    g_assert_cmphex((uint32_t)rt_copy(d, st, y), ==, 0);
    rt_destroy(d, y);
    g_assert_cmpuint(rt_live_allocations(d), ==, live);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    g_assert_cmphex((uint32_t)rt_map(d, st, 0, D3D10_DDI_MAP_READ, 0, &m), ==, 0);
    g_assert_cmpuint(rt_live_allocations(d), ==, live - 1);
    g_assert_cmpmem(m.pData, 1024, init, 1024);
    g_assert_cmphex((uint32_t)rt_unmap(d, st, 0), ==, 0);
    rt_destroy(d, st);

    /* DestroyDevice drains the rest (rt_device_free fails on leftovers). */
    g_assert_cmphex((uint32_t)rt_create_buffer(d, 4096, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &x),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_copy(d, x, b), ==, 0);
    rt_destroy(d, x);
    rt_destroy(d, b);
    g_assert_cmpuint(rt_live_allocations(d), >=, 2);
    env_free(&e);
}

/* Command-buffer overflow: with a small command buffer, allocation list or
 * patch list the UMD submits by itself when the next packet does not fit;
 * no submission exceeds the limits, an allocation used twice is listed
 * once, and every copy lands. */
typedef struct OverflowCase {
    UINT cmd, alist, plist;
} OverflowCase;

static void test_overflow(gconstpointer data)
{
    const OverflowCase *oc = data;
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, oc->cmd, oc->alist, oc->plist);
    RtDevice *d = e.d;
    enum { N = 6, SZ = 256 };
    uint8_t init[N][SZ], out[SZ];
    RtResource *src[N], *dst[N], *shared;
    for (unsigned i = 0; i < N; i++) {
        pattern(init[i], SZ, 20 + i);
        g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, init[i],
                                                   &src[i]), ==, 0);
        g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                                   &dst[i]), ==, 0);
    }
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ * N, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL,
                                               &shared), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    unsigned first = d->renders->len;
    SableUmdStats before = rt_umd_stats(d);
    D3D10_DDI_BOX box = { .left = 0, .right = SZ, .top = 0, .bottom = 1, .front = 0, .back = 1 };
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmphex((uint32_t)rt_copy(d, dst[i], src[i]), ==, 0);
        g_assert_cmphex((uint32_t)rt_copy_region(d, shared, 0, i * SZ, 0, src[i], 0, &box), ==, 0);
    }
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    SableUmdStats after = rt_umd_stats(d);
    g_assert_cmpuint(after.auto_flushes - before.auto_flushes, >=, 2);
    g_assert_cmpuint(d->renders->len - first, ==, after.submits - before.submits);
    bool deduplicated = false;
    for (guint i = first; i < d->renders->len; i++) {
        RtRender *r = &g_array_index(d->renders, RtRender, i);
        g_assert_cmpuint(r->len, <=, d->cfg_cmd_size);
        g_assert_cmpuint(r->nalloc, <=, d->cfg_alist_size);
        g_assert_cmpuint(r->npatch, <=, d->cfg_plist_size);
        deduplicated |= r->npatch > r->nalloc; /* some allocation named twice, listed once */
    }
    g_assert_true(deduplicated);
    for (unsigned i = 0; i < N; i++) {
        rt_read(d, dst[i], 0, out);
        g_assert_cmpmem(out, SZ, init[i], SZ);
    }
    g_autofree uint8_t *all = g_malloc(SZ * N);
    rt_read(d, shared, 0, all);
    for (unsigned i = 0; i < N; i++) {
        g_assert_cmpmem(all + i * SZ, SZ, init[i], SZ);
    }
    for (unsigned i = 0; i < N; i++) {
        rt_destroy(d, src[i]);
        rt_destroy(d, dst[i]);
    }
    rt_destroy(d, shared);
    g_assert_cmpuint(d->errors, ==, 0);
    env_free(&e);
}

static const OverflowCase overflow_cases[] = {
    { .cmd = 128, .alist = 64, .plist = 256 }, /* the command buffer runs out */
    { .cmd = 16384, .alist = 3, .plist = 256 }, /* the allocation list */
    { .cmd = 16384, .alist = 64, .plist = 5 }, /* the patch list */
};

/* Event query: not done while its write is unsubmitted (DO_NOT_FLUSH),
 * submitted by GetData otherwise, done once the work retired; again for a
 * second End; a query type the UMD does not know (8, past
 * STREAMOVERFLOWPREDICATE: D3D11's per-stream statistics) is refused
 * with E_OUTOFMEMORY. */
static void test_event_query(void)
{
    Env e = env_new(D3D11_0_DDI_INTERFACE_VERSION, 0, 0, 0);
    RtDevice *d = e.d;
    enum { SZ = 65536 };
    g_autofree uint8_t *init = g_malloc(SZ);
    pattern(init, SZ, 5);
    RtResource *src, *dst;
    RtQuery *q, *occ;
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, init, &src),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_buffer(d, SZ, D3D10_DDI_USAGE_DEFAULT, 0, 0, NULL, &dst),
                    ==, 0);
    g_assert_cmphex((uint32_t)rt_create_query(d, (D3D10DDI_QUERY)8, &occ), ==,
                    (uint32_t)E_OUTOFMEMORY);
    g_assert_null(occ);
    g_assert_cmphex((uint32_t)rt_create_query(d, D3D10DDI_QUERY_EVENT, &q), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);

    GError *err = NULL;
    g_assert_true(e.sim->t->ops->inject(e.sim->t, "slow,engine=0,delay-ns=30000000", &err));
    g_assert_no_error(err);
    g_assert_cmphex((uint32_t)rt_copy(d, dst, src), ==, 0);
    g_assert_cmphex((uint32_t)rt_query_end(d, q), ==, 0);
    unsigned renders = d->renders->len;
    BOOL done;
    unsigned still_drawing = 1;
    g_assert_cmphex((uint32_t)rt_query_get_data(d, q, D3D10_DDI_GET_DATA_DO_NOT_FLUSH, &done), ==,
                    (uint32_t)DXGI_DDI_ERR_WASSTILLDRAWING);
    g_assert_cmpuint(d->renders->len, ==, renders);
    /* Submitted now. The device executes the packets at once and only
     * reports the fence late (in process the engine may also run late):
     * either the write landed (done) or not yet (WASSTILLDRAWING, the
     * fence not retired either). */
    HRESULT hr = rt_query_get_data(d, q, 0, &done);
    g_assert_cmpuint(d->renders->len, ==, renders + 1);
    if (hr == DXGI_DDI_ERR_WASSTILLDRAWING) {
        g_assert_false(done);
        still_drawing++;
    } else {
        g_assert_cmphex((uint32_t)hr, ==, 0);
        g_assert_true(done);
    }
    rt_wait_idle(d);
    g_assert_cmphex((uint32_t)rt_query_get_data(d, q, 0, &done), ==, 0);
    g_assert_true(done);
    g_assert_cmphex((uint32_t)rt_query_end(d, q), ==, 0);
    g_assert_cmphex((uint32_t)rt_flush(d), ==, 0);
    rt_wait_idle(d);
    g_assert_cmphex((uint32_t)rt_query_get_data(d, q, 0, &done), ==, 0);
    g_assert_true(done);
    rt_destroy_query(d, q);
    rt_destroy(d, src);
    rt_destroy(d, dst);
    g_assert_cmpuint(d->errors, ==, 1 + still_drawing); /* occlusion, WASSTILLDRAWINGs */
    env_free(&e);
}

void d3d_submit_tests_add(void)
{
    g_test_add_func("/d3d/deferred-destruction", test_deferred);
    g_test_add_func("/d3d/query/event", test_event_query);
    g_test_add_data_func("/d3d/overflow/command-buffer", &overflow_cases[0], test_overflow);
    g_test_add_data_func("/d3d/overflow/allocation-list", &overflow_cases[1], test_overflow);
    g_test_add_data_func("/d3d/overflow/patch-list", &overflow_cases[2], test_overflow);
}
