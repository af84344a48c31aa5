/* SPDX-License-Identifier: MIT */
/* The stack suite: Submissions, fences and interrupts. */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"

static void test_empty_submissions(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    uint32_t f0 = submit_ok(sim, &c, SABLE_NODE_GRAPHICS, 0, 0);
    uint32_t f1 = submit_ok(sim, &c, SABLE_NODE_COPY, 0, 0);
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_GRAPHICS, f0));
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_COPY, f1));
    g_assert_cmpuint(sim->node[SABLE_NODE_GRAPHICS].retired, ==, f0);
    g_assert_cmpuint(sim->node[SABLE_NODE_COPY].retired, ==, f1);
    g_assert_cmpuint(sim->stats.isr_claimed, >=, 1);
    g_assert_cmpuint(sim->stats.dpc_calls, >=, 1);
    g_assert_cmpuint(sim->stats.notify_dpc, ==, sim->stats.dpc_calls); /* every DPC told VidSch */
    g_assert_cmpuint(sim->stats.notify_completed, >=, 2);
    g_assert_cmpuint(sim->stats.notify_outside_isr, ==, 0); /* no interrupt was lost */
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* A WRITE32 per node in page 0 aimed at page 1; both run, page 1 checked. */
static void test_dma_buffers(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        put_write32(&m, n, 0xC0FFEE00u + n);
    }
    uint32_t f0 = submit_ok(sim, &c, SABLE_NODE_GRAPHICS, m.gpu, sizeof(struct sable_cmd_write32));
    uint32_t f1 = submit_ok(sim, &c, SABLE_NODE_COPY, m.gpu + 256, sizeof(struct sable_cmd_write32));
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_GRAPHICS, f0));
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_COPY, f1));
    uint32_t got[2];
    memcpy(got, m.cpu + SABLE_PAGE_SIZE, 4);
    memcpy(got + 1, m.cpu + SABLE_PAGE_SIZE + 8, 4);
    g_assert_cmphex(got[0], ==, 0xC0FFEE00u);
    g_assert_cmphex(got[1], ==, 0xC0FFEE01u);
    g_assert_cmpuint(sim->node[SABLE_NODE_GRAPHICS].faults + sim->node[SABLE_NODE_COPY].faults, ==, 0);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* An injected page fault on the copy engine: DMA_FAULTED with the fence of
 * the faulting submission, the fence never reported complete, and the
 * graphics node keeps working. */
static void test_dma_faulted(void)
{
    WsSim *sim = started();
    Ctx c;
    Mapped m;
    open_contexts(sim, &c);
    map_pages(sim, &m);
    put_write32(&m, 0, 1);
    put_write32(&m, 1, 2);
    inject_ok(sim, "page-fault,engine=1");
    uint32_t f1 = submit_ok(sim, &c, SABLE_NODE_COPY, m.gpu + 256, sizeof(struct sable_cmd_write32));
    for (unsigned i = 0; i < 1000 && sim->node[SABLE_NODE_COPY].faults == 0; i++) {
        ws_service_interrupts(sim);
        sim->t->ops->advance(sim->t, WS_WAIT_STEP_NS);
    }
    g_assert_cmpuint(sim->node[SABLE_NODE_COPY].faults, ==, 1);
    g_assert_cmphex(sim->node[SABLE_NODE_COPY].faulted_fence, ==, f1);
    g_assert_cmphex(sim->node[SABLE_NODE_COPY].notified, !=, f1);
    uint32_t f0 = submit_ok(sim, &c, SABLE_NODE_GRAPHICS, m.gpu, sizeof(struct sable_cmd_write32));
    g_assert_true(ws_wait_fence(sim, SABLE_NODE_GRAPHICS, f0));
    uint32_t got;
    memcpy(&got, m.cpu + SABLE_PAGE_SIZE, 4);
    g_assert_cmphex(got, ==, 1);
    unmap_pages(sim, &m);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* Values the device writes to memory are not trusted: a completed fence
 * past the last submitted one is never reported, and a ring head the device
 * could not have written makes SubmitCommand refuse instead of overwriting
 * queued descriptors. */
static void test_defensive_device_values(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    uint32_t f = submit_ok(sim, &c, 0, 0, 0);
    g_assert_true(ws_wait_fence(sim, 0, f));
    uint64_t *fence_page = reg_ram(sim, SABLE_REG_FENCE_PAGE_LO, 0, 8);
    uint64_t good = *fence_page;
    *fence_page = good + 1000;
    g_assert_cmpuint(ws_query_current_fence(sim, 0), ==, f); /* winsim checks it too */
    *fence_page = good;
    struct sable_ring_header *ring =
        reg_ram(sim, SABLE_REG_ENGINE(1) + SABLE_ENG_RING_BASE_LO, 0, sizeof(*ring));
    ring->head = ring->tail + 5000;
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[1], 1, 0, 0, 0, false, &fence), ==,
                    (uint32_t)STATUS_DEVICE_NOT_READY);
    ring->head = ring->tail;
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[1], 1, 0, 0, 0, false, &fence), ==, 0);
    g_assert_true(ws_wait_fence(sim, 1, fence));
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

static void test_bad_submissions(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    uint32_t fence = 0;
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[0], 0, SABLE_SEGMENT_APERTURE,
                                        0x1000, 6, false, &fence), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER); /* not a multiple of 4 */
    uint32_t f = submit_ok(sim, &c, 0, 0, 0);
    sim->node[0].next_fence = f; /* the same id again: not moving forward */
    g_assert_cmphex((uint32_t)ws_submit(sim, c.context[0], 0, 0, 0, 0, false, &fence), ==,
                    (uint32_t)STATUS_INVALID_PARAMETER);
    sim->node[0].next_fence = f + 1;
    g_assert_true(ws_wait_fence(sim, 0, f));
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* 32-bit fence ids wrap; the device's 64-bit fences must not. */
static void test_fence_wrap(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    sim->node[1].next_fence = 0xfffffffeu;
    sim->node[1].notified = sim->node[1].retired = 0xfffffffdu;
    uint32_t last = 0;
    for (unsigned i = 0; i < 4; i++) {
        last = submit_ok(sim, &c, 1, 0, 0);
        g_assert_true(ws_wait_fence(sim, 1, last));
    }
    g_assert_cmphex(last, ==, 1u);
    uint32_t hi = sim->t->ops->mmio_read(sim->t, SABLE_REG_ENGINE(1) + SABLE_ENG_COMPLETED_FENCE_HI);
    g_assert_cmphex(hi, ==, 1u); /* 0x1_00000001 */
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

static void test_dropped_interrupt(void)
{
    WsSim *sim = started();
    Ctx c;
    open_contexts(sim, &c);
    inject_ok(sim, "drop-irq,engine=0");
    uint32_t f = submit_ok(sim, &c, 0, 0, 0);
    g_assert_true(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->stats.queries, >=, 1);
    g_assert_cmpuint(sim->stats.notify_outside_isr, ==, 1); /* reported by QueryCurrentFence */
    uint32_t f2 = submit_ok(sim, &c, 0, 0, 0); /* interrupts work again */
    unsigned queries = sim->stats.queries;
    g_assert_true(ws_wait_fence(sim, 0, f2));
    g_assert_cmpuint(sim->stats.queries, ==, queries);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

/* VidSch keeps no more than RequiredDmaQueueEntry submissions in flight
 * per node: the next one waits for the oldest to retire. */
static void test_queue_limit(void)
{
    WsSim *sim = ws_sim_new(transport_name());
    sim->dma_queue_entries = 2;
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, 0);
    Ctx c;
    open_contexts(sim, &c);
    uint32_t last = 0;
    for (unsigned i = 0; i < 10; i++) {
        last = submit_ok(sim, &c, 1, 0, 0);
        g_assert_cmpuint(sim->node[1].pending->len, <=, 2);
    }
    g_assert_true(ws_wait_fence(sim, 1, last));
    g_assert_cmpuint(sim->node[1].pending->len, ==, 0);
    close_contexts(sim, &c);
    ws_sim_free(sim);
}

void stack_add_submit_tests(void)
{
    g_test_add_func("/stack/submit/empty-both-nodes", test_empty_submissions);
    g_test_add_func("/stack/submit/dma-buffers", test_dma_buffers);
    g_test_add_func("/stack/submit/bad", test_bad_submissions);
    g_test_add_func("/stack/submit/dma-faulted", test_dma_faulted);
    g_test_add_func("/stack/submit/defensive", test_defensive_device_values);
    g_test_add_func("/stack/submit/fence-wrap", test_fence_wrap);
    g_test_add_func("/stack/submit/queue-limit", test_queue_limit);
    g_test_add_func("/stack/dropped-interrupt", test_dropped_interrupt);
}
