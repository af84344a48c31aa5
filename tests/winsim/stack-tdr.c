/* SPDX-License-Identifier: MIT */
/* The stack suite: Timeout detection and recovery. */
#include <string.h>
#include <glib/gstdio.h>

#include "stack-util.h"
#include "sable-dump-decode.h"

/* The BucketingKey docs/kmd.md documents: the device id, TdrType, node + 1,
 * cause (1: hung). */
#define BUCKET(type, node, cause) \
    (SABLE_PCI_DEVICE_ID << 16 | (type) << 8 | ((node) + 1) << 4 | (cause))
#define HUNG 1u
/* The dump buffer this dxgkrnl offers: room for the device's whole dump. */
#define DUMP_BUF_SIZE (64u * 1024u)

/* The set-up most tests share: a started stack with a context on every
 * node and mapped pages for packets and results. */
typedef struct Tdr {
    WsSim *sim;
    Ctx c;
    Mapped m;
} Tdr;

static void tdr_setup(Tdr *t, gconstpointer data)
{
    t->sim = started();
    open_contexts(t->sim, &t->c);
    map_pages(t->sim, &t->m);
}

static void tdr_teardown(Tdr *t, gconstpointer data)
{
    unmap_pages(t->sim, &t->m);
    close_contexts(t->sim, &t->c);
    ws_sim_free(t->sim);
}

/* Check saved TDR dump i: engine `e` hung on fence f, DMA buffer gpu, the
 * next command at `offset` (the report's CurrentDmaBufferOffset). */
static void check_dump(WsSim *sim, unsigned i, unsigned e, uint32_t f, uint64_t gpu)
{
    const WsTdrReport *rep = &g_array_index(sim->tdr_reports, WsTdrReport, i);
    GError *err = NULL;
    g_autofree char *data = NULL;
    gsize len = 0;
    const char *path = g_ptr_array_index(sim->dump_files, i);
    g_assert_true(g_file_get_contents(path, &data, &len, NULL));
    g_autoptr(SableDump) dump = sable_dump_decode(data, len, &err);
    g_assert_no_error(err);
    g_assert_true(dump->engines[e].has_state);
    g_assert_cmphex(dump->engines[e].state.status & SABLE_ENGINE_STATUS_HUNG, ==,
                    SABLE_ENGINE_STATUS_HUNG);
    g_assert_cmphex(dump->engines[e].state.current_fence, ==, f);
    g_assert_cmphex(dump->engines[e].state.current_dma_addr, ==, gpu);
    g_assert_cmpuint(dump->engines[e].state.current_dma_offset, ==,
                     rep->ext.CurrentDmaBufferOffset);
    g_assert_cmpint(g_remove(path), ==, 0);
}

/* After a TDR blamed `guilty`'s context: it is refused; new work runs on
 * every node (a new device for the guilty node, the old contexts of the
 * others). */
static void run_after_tdr(WsSim *sim, Ctx *c, Mapped *m, unsigned guilty)
{
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_submit(sim, c->context[guilty], guilty, 0, 0, 0, false,
                                        &fence), ==, (uint32_t)STATUS_DEVICE_REMOVED);
    Ctx fresh;
    open_contexts(sim, &fresh);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        uint32_t f2 = submit_write32(sim, n == guilty ? &fresh : c, m, n, 0x22 + n);
        g_assert_true(ws_wait_fence(sim, n, f2));
        g_assert_cmphex(read_result(m, n), ==, 0x22 + n);
    }
    close_contexts(sim, &fresh);
}

/* An injected hang on the graphics engine times out after TdrDelay: the
 * per-engine path (dump, ResetEngine) recovers it; the copy node, busy
 * meanwhile, is not disturbed; new work runs on both nodes. */
static void test_tdr_engine(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    inject_ok(sim, "hang,engine=0");
    uint32_t f = submit_write32(sim, c, m, 0, 0x11);
    uint32_t copy = submit_write32(sim, c, m, 1, 0x12);
    g_assert_false(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->node[1].retired, ==, copy); /* completed, not aborted */
    g_assert_cmphex(read_result(m, 1), ==, 0x12);
    g_assert_cmpuint(sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    g_assert_cmpuint(sim->stats.adapter_resets, ==, 0);
    g_assert_cmpuint(sim->node[0].retired, ==, f); /* aborted, not completed */
    g_assert_cmphex(read_result(m, 0), ==, 0);
    g_assert_cmpuint(sim->dump_files->len, ==, 1);
    /* QueryEngineStatus, then CollectDbgInfo2 with the engine payload */
    g_assert_cmpuint(sim->tdr_reports->len, ==, 1);
    const WsTdrReport *rep = &g_array_index(sim->tdr_reports, WsTdrReport, 0);
    g_assert_cmpuint(rep->engine_status.Responsive, ==, 0);
    g_assert_true(rep->v2);
    g_assert_cmphex(rep->reason, ==, VIDEO_ENGINE_TIMEOUT_DETECTED);
    g_assert_cmpint(rep->type, ==, DXGK_TDR_TYPE_ENGINE_TIMEOUT);
    g_assert_true(rep->has_payload);
    g_assert_cmpuint(rep->payload.NodeOrdinal, ==, 0);
    g_assert_cmpuint(rep->payload.LastHwSubmittedFenceId, ==, f);
    g_assert_cmpuint(rep->payload.LastHwCompletedFenceId, ==, (uint32_t)(f - 1));
    g_assert_cmphex(rep->ext.BucketingKey, ==, BUCKET(DXGK_TDR_TYPE_ENGINE_TIMEOUT, 0, HUNG));
    g_assert_cmpuint(rep->ext.CurrentDmaBufferOffset, ==, 0); /* hung on its first packet */
    check_dump(sim, 0, 0, f, m->gpu);
    run_after_tdr(sim, c, m, 0);
}

/* Two contexts share the graphics node; the first hangs, the second's work
 * is queued behind it. The engine reset aborts both: the hung context is
 * put in error, the innocent one's work is submitted again and completes,
 * and its wait follows it to the new fence. */
static void test_tdr_innocent_resubmitted(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *a = &t->c;
    Mapped *m = &t->m;
    Ctx b;
    open_contexts(sim, &b);
    inject_ok(sim, "hang,engine=0");
    submit_write32(sim, a, m, 0, 0x66);
    put_write32(m, 1, 0x77);
    uint32_t innocent;
    g_assert_cmphex((uint32_t)ws_submit(sim, b.context[0], 0, SABLE_SEGMENT_APERTURE,
                                        m->gpu + 256, sizeof(struct sable_cmd_write32), false,
                                        &innocent), ==, 0);
    g_assert_true(ws_wait_fence(sim, 0, innocent));
    g_assert_cmpuint(sim->stats.engine_resets, ==, 1);
    g_assert_cmpuint(sim->stats.resubmitted, ==, 1);
    g_assert_cmphex(read_result(m, 1), ==, 0x77);
    g_assert_cmphex(read_result(m, 0), ==, 0);
    uint32_t fence;
    g_assert_cmphex((uint32_t)ws_submit(sim, a->context[0], 0, 0, 0, 0, false, &fence), ==,
                    (uint32_t)STATUS_DEVICE_REMOVED);
    close_contexts(sim, &b);
}

/* The engine reset fails: the TDR is promoted to an adapter reset
 * (ResetFromTimeout/RestartFromTimeout, the KMD programs everything again)
 * and new work runs on both nodes. */
static void test_tdr_promoted(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    inject_ok(sim, "hang,engine=0");
    inject_ok(sim, "reset-fail,engine=0");
    uint32_t f = submit_write32(sim, c, m, 0, 0x11);
    g_assert_false(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->stats.timeouts, ==, 1);
    g_assert_cmpuint(sim->stats.engine_resets, ==, 0);
    g_assert_cmpuint(sim->stats.adapter_resets, ==, 1);
    g_assert_cmpuint(sim->dump_files->len, ==, 2); /* engine, then adapter report */
    const WsTdrReport *eng = &g_array_index(sim->tdr_reports, WsTdrReport, 0);
    const WsTdrReport *adp = &g_array_index(sim->tdr_reports, WsTdrReport, 1);
    g_assert_cmpint(eng->type, ==, DXGK_TDR_TYPE_ENGINE_TIMEOUT);
    g_assert_true(adp->v2);
    g_assert_cmphex(adp->reason, ==, VIDEO_TDR_TIMEOUT_DETECTED);
    g_assert_cmpint(adp->type, ==, DXGK_TDR_TYPE_ENGINE_TIMEOUT_PROMOTED);
    g_assert_false(adp->has_payload);
    /* no payload: the KMD finds the stuck engine itself */
    g_assert_cmphex(adp->ext.BucketingKey, ==,
                    BUCKET(DXGK_TDR_TYPE_ENGINE_TIMEOUT_PROMOTED, 0, HUNG));
    check_dump(sim, 0, 0, f, m->gpu);
    check_dump(sim, 1, 0, f, m->gpu);
    run_after_tdr(sim, c, m, 0);
}

/* Per-engine recovery: a hung copy engine is reported unresponsive, its
 * group is itself, ResetEngine aborts the hung fence and the two queued
 * behind it (LastAbortedFenceId is the last of them), the graphics
 * node is never disturbed, and the copy node runs new work. A reset the
 * device fails is reported as a failure. */
static void test_reset_engine(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    inject_ok(sim, "hang,engine=1");
    uint32_t hung = submit_write32(sim, c, m, 1, 0x33);
    submit_write32(sim, c, m, 1, 0x34);           /* queued behind the hang */
    uint32_t last = submit_write32(sim, c, m, 1, 0x35);
    g_assert_cmphex(last, ==, hung + 2);
    uint32_t f0 = submit_write32(sim, c, m, 0, 0x44);
    g_assert_true(ws_wait_fence(sim, 0, f0));
    DXGKARG_QUERYENGINESTATUS qs = { .NodeOrdinal = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryEngineStatus(sim->adapter, &qs), ==, 0);
    g_assert_cmpuint(qs.EngineStatus.Responsive, ==, 0);
    qs.NodeOrdinal = 0;
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryEngineStatus(sim->adapter, &qs), ==, 0);
    g_assert_cmpuint(qs.EngineStatus.Responsive, ==, 1);
    DXGKARG_QUERYDEPENDENTENGINEGROUP g = { .NodeOrdinal = 1 };
    g_assert_cmphex((uint32_t)sim->init.DxgkDdiQueryDependentEngineGroup(sim->adapter, &g), ==, 0);
    g_assert_cmphex(g.DependentNodeOrdinalMask, ==, 2);
    uint32_t aborted = 0;
    g_assert_cmphex((uint32_t)ws_reset_engine(sim, 1, true, &aborted), ==, 0);
    g_assert_cmphex(aborted, ==, last); /* the last of the three aborted */
    g_assert_cmphex(read_result(m, 1), ==, 0); /* none of them ran */
    Ctx fresh;
    open_contexts(sim, &fresh);
    uint32_t f1 = submit_write32(sim, &fresh, m, 1, 0x55);
    g_assert_true(ws_wait_fence(sim, 1, f1));
    g_assert_cmphex(read_result(m, 1), ==, 0x55);
    close_contexts(sim, &fresh);
    g_assert_cmpuint(sim->stats.timeouts, ==, 0);

    inject_ok(sim, "reset-fail,engine=1");
    g_assert_cmphex((uint32_t)ws_reset_engine(sim, 1, true, &aborted), ==,
                    (uint32_t)STATUS_DEVICE_HARDWARE_ERROR);
}

/* `hangs` hangs, each on a fresh context, in a subprocess whose winsim
 * `configure` set up to bugcheck at the last: each recovered one says so on
 * stderr, and the run must end with the report matching `pattern`. On QEMU
 * too: the launcher has QEMU killed with the subprocess (PR_SET_PDEATHSIG). */
static void bugcheck_on_hang(void (*configure)(WsSim *sim), unsigned hangs,
                             const char *pattern)
{
    if (g_test_subprocess()) {
        WsSim *sim = started();
        Mapped m;
        configure(sim);
        map_pages(sim, &m);
        for (unsigned i = 0; i < hangs; i++) {
            Ctx c;
            open_contexts(sim, &c);
            inject_ok(sim, "hang,engine=0");
            g_assert_false(ws_wait_fence(sim, 0, submit_write32(sim, &c, &m, 0, 1)));
            g_printerr("recovered from hang %u\n", i + 1);
            close_contexts(sim, &c);
        }
        return; /* not reached when the last hang bugchecks */
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr(pattern);
}

static void two_tdrs_allowed(WsSim *sim)
{
    sim->tdr_limit_count = 2;
}

/* More TDRs than TdrLimitCount (2): two are recovered, the third is the
 * simulated bugcheck 0x116. */
static void test_tdr_limit(void)
{
    bugcheck_on_hang(two_tdrs_allowed, 3,
                     "*recovered from hang 2*STOP 0x00000116*TdrLimitCount exceeded: 3 *");
}

/* TdrLevel Off: detection disabled, the wait gives up with nothing reset. */
static void test_tdr_level_off(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    sim->tdr_level = WS_TDR_LEVEL_OFF;
    inject_ok(sim, "hang,engine=0");
    g_assert_false(ws_wait_fence(sim, 0, submit_write32(sim, c, m, 0, 1)));
    g_assert_cmpuint(sim->stats.timeouts, ==, 0);
    g_assert_cmpuint(sim->stats.engine_resets + sim->stats.adapter_resets, ==, 0);
    g_assert_cmpuint(sim->tdr_reports->len, ==, 0);
    /* Back to the default level: the same hang is now recovered. */
    sim->tdr_level = WS_TDR_LEVEL_RECOVER;
    g_assert_false(ws_wait_fence(sim, 0, sim->node[0].submitted));
    g_assert_cmpuint(sim->stats.timeouts, ==, 1);
}

static void level_bugcheck(WsSim *sim)
{
    sim->tdr_level = WS_TDR_LEVEL_BUGCHECK;
}

/* TdrLevel Bugcheck: the report is collected, then STOP 0x117. */
static void test_tdr_level_bugcheck(void)
{
    bugcheck_on_hang(level_bugcheck, 1, "*STOP 0x00000117*TdrLevel is Bugcheck*");
}

/* Two timeouts further apart than TdrLimitTime do not add up: with a limit
 * of one TDR per second of device time, two hangs two seconds apart are
 * both recovered. */
static void test_tdr_limit_time(void)
{
    WsSim *sim = started();
    Mapped m;
    sim->tdr_limit_count = 1;
    sim->tdr_limit_time_ns = 1000000000ull;
    map_pages(sim, &m);
    for (unsigned i = 0; i < 2; i++) {
        Ctx c;
        open_contexts(sim, &c);
        inject_ok(sim, "hang,engine=0");
        g_assert_false(ws_wait_fence(sim, 0, submit_write32(sim, &c, &m, 0, 1)));
        close_contexts(sim, &c);
    }
    g_assert_cmpuint(sim->stats.timeouts, ==, 2);
    g_assert_cmpuint(sim->tdr_times->len, ==, 1); /* the first one aged out */
    unmap_pages(sim, &m);
    ws_sim_free(sim);
}

/* The hang comes at the second packet of a DMA buffer: CollectDbgInfo2's
 * CurrentDmaBufferOffset is where the engine stopped (past the first
 * packet, which ran), as the dump shows. */
static void test_tdr_dma_offset(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    const uint32_t one = sizeof(struct sable_cmd_write32);
    put_write32(m, 0, 0x71);
    put_write32(m, 1, 0x72);
    memmove(m->cpu + one, m->cpu + 256, one); /* both packets back to back */
    inject_ok(sim, "hang,engine=0,after=1");
    uint32_t f = submit_ok(sim, c, 0, m->gpu, 2 * one);
    g_assert_false(ws_wait_fence(sim, 0, f));
    g_assert_cmphex(read_result(m, 0), ==, 0x71);
    g_assert_cmphex(read_result(m, 1), ==, 0);
    g_assert_cmpuint(sim->tdr_reports->len, ==, 1);
    const WsTdrReport *rep = &g_array_index(sim->tdr_reports, WsTdrReport, 0);
    g_assert_cmpuint(rep->ext.CurrentDmaBufferOffset, ==, one);
    check_dump(sim, 0, 0, f, m->gpu);
}

static NTSTATUS collect2(WsSim *sim, void *buf, SIZE_T size, DXGK_TDR_TYPE type,
                         void *payload, UINT payload_size, DXGKARG_COLLECTDBGINFO_EXT *ext)
{
    DXGKARG_COLLECTDBGINFO2 a = {
        .Reason = VIDEO_ENGINE_TIMEOUT_DETECTED, .pBuffer = buf, .BufferSize = size,
        .pExtension = ext, .TdrType = type, .TdrPayloadSize = payload_size,
        .TdrPayload = payload,
    };
    memset(ext, 0xee, sizeof(*ext));
    return sim->init.DxgkDdiCollectDbgInfo2(sim->adapter, &a);
}

/* DxgkDdiCollectDbgInfo2 called directly while the copy engine hangs: the
 * payload names the node when it is large enough, a NULL or short payload
 * is not read (the KMD finds the hung engine itself), a small buffer gets a
 * prefix and nothing past BufferSize, the full one decodes. */
static void test_collect_dbg_info2(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    GError *err = NULL;
    g_assert_true(ws_has_collect_dbg_info2(sim));
    inject_ok(sim, "hang,engine=1");
    uint32_t hung = submit_write32(sim, c, m, 1, 0x33);
    g_assert_true(ws_wait_fence(sim, 0, submit_write32(sim, c, m, 0, 0x44)));

    g_autofree uint8_t *buf = g_malloc(DUMP_BUF_SIZE);
    DXGKARG_COLLECTDBGINFO_EXT ext;
    DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT p = { .NodeOrdinal = 0, .LastHwSubmittedFenceId = 1 };
    /* the payload names node 0 (responsive, nothing in flight) */
    g_assert_cmphex((uint32_t)collect2(sim, buf, DUMP_BUF_SIZE, DXGK_TDR_TYPE_ENGINE_TIMEOUT, &p,
                                       sizeof(p), &ext), ==, 0);
    g_assert_cmphex(ext.BucketingKey, ==, BUCKET(DXGK_TDR_TYPE_ENGINE_TIMEOUT, 0, 0));
    g_assert_cmpuint(ext.CurrentDmaBufferOffset, ==, 0);
    /* one byte short: not read, the hung node 1 is reported */
    g_assert_cmphex((uint32_t)collect2(sim, buf, DUMP_BUF_SIZE, DXGK_TDR_TYPE_ENGINE_TIMEOUT, &p,
                                       sizeof(p) - 1, &ext), ==, 0);
    g_assert_cmphex(ext.BucketingKey, ==, BUCKET(DXGK_TDR_TYPE_ENGINE_TIMEOUT, 1, HUNG));
    /* NULL payload, with a size */
    g_assert_cmphex((uint32_t)collect2(sim, buf, DUMP_BUF_SIZE, DXGK_TDR_TYPE_ENGINE_TIMEOUT, NULL,
                                       sizeof(p), &ext), ==, 0);
    g_assert_cmphex(ext.BucketingKey, ==, BUCKET(DXGK_TDR_TYPE_ENGINE_TIMEOUT, 1, HUNG));
    g_autoptr(SableDump) dump = sable_dump_decode(buf, DUMP_BUF_SIZE, &err);
    g_assert_no_error(err);
    g_assert_cmphex(dump->engines[1].state.status & SABLE_ENGINE_STATUS_HUNG, ==,
                    SABLE_ENGINE_STATUS_HUNG);
    g_assert_cmphex(dump->engines[1].state.current_fence, ==, hung);
    g_assert_cmpuint(dump->engines[1].state.current_dma_offset, ==, ext.CurrentDmaBufferOffset);
    /* a payload of another TdrType is not read as an engine payload */
    g_assert_cmphex((uint32_t)collect2(sim, buf, DUMP_BUF_SIZE, DXGK_TDR_TYPE_FORCED, &p,
                                       sizeof(p), &ext), ==, 0);
    g_assert_cmphex(ext.BucketingKey, ==, BUCKET(DXGK_TDR_TYPE_FORCED, 1, HUNG));
    /* buffer too small: a prefix, nothing written past BufferSize */
    memset(buf, 0xaa, DUMP_BUF_SIZE);
    g_assert_cmphex((uint32_t)collect2(sim, buf, 64, DXGK_TDR_TYPE_ENGINE_TIMEOUT, NULL, 0,
                                       &ext), ==, 0);
    g_assert_cmphex(buf[64], ==, 0xaa);
    g_assert_null(sable_dump_decode(buf, 64, &err));
    g_assert_nonnull(err);
    g_clear_error(&err);
    /* no buffer at all: only the extension; a NULL buffer with a size is refused */
    g_assert_cmphex((uint32_t)collect2(sim, NULL, 0, DXGK_TDR_TYPE_ENGINE_TIMEOUT, NULL, 0,
                                       &ext), ==, 0);
    g_assert_cmphex(ext.BucketingKey, ==, BUCKET(DXGK_TDR_TYPE_ENGINE_TIMEOUT, 1, HUNG));
    g_assert_cmphex((uint32_t)collect2(sim, NULL, 64, DXGK_TDR_TYPE_ENGINE_TIMEOUT, NULL, 0,
                                       &ext), ==, (uint32_t)STATUS_INVALID_PARAMETER);
    uint32_t aborted;
    g_assert_cmphex((uint32_t)ws_reset_engine(sim, 1, true, &aborted), ==, 0);
    g_assert_cmphex(aborted, ==, hung);
}

/* TdrDelay counts time without progress, not time waited: four completions
 * each 0.9 s late keep a wait going for 3.6 s of device time with no TDR;
 * one 2.1 s late (no progress for longer than TdrDelay, 2 s) gives exactly
 * one TDR. */
static void test_tdr_progress(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    g_assert_cmpuint(sim->tdr_delay_ns, ==, 2000000000ull);
    uint64_t t0 = sim->now_ns;
    inject_ok(sim, "slow,engine=0,count=4,delay-ns=900000000");
    uint32_t last = 0;
    for (unsigned i = 0; i < 4; i++) {
        last = submit_write32(sim, c, m, 0, 0x100 + i);
    }
    g_assert_true(ws_wait_fence(sim, 0, last));
    g_assert_cmpuint(sim->now_ns - t0, >=, 4 * 900000000ull);
    g_assert_cmpuint(sim->stats.timeouts, ==, 0);
    g_assert_cmphex(read_result(m, 0), ==, 0x103);
    inject_ok(sim, "slow,engine=0,delay-ns=2100000000");
    g_assert_false(ws_wait_fence(sim, 0, submit_write32(sim, c, m, 0, 0x200)));
    g_assert_cmpuint(sim->stats.timeouts, ==, 1);
}

/* The device's own dump of its current state, taken through the DUMP
 * registers into winsim's memory (as the KMD does), as a reference. */
static uint8_t *device_dump(WsSim *sim, uint32_t *written)
{
    uint64_t bus;
    void *cpu;
    g_assert_true(ws_guestmem_alloc(&sim->mem, DUMP_BUF_SIZE, &bus, &cpu));
    const WsTransportOps *o = sim->t->ops;
    o->mmio_write(sim->t, SABLE_REG_DUMP_ADDR_LO, (uint32_t)bus);
    o->mmio_write(sim->t, SABLE_REG_DUMP_ADDR_LO + 4, (uint32_t)(bus >> 32));
    o->mmio_write(sim->t, SABLE_REG_DUMP_SIZE, DUMP_BUF_SIZE);
    o->mmio_write(sim->t, SABLE_REG_DUMP_CONTROL, 1);
    g_assert_cmpuint(o->mmio_read(sim->t, SABLE_REG_DUMP_STATUS), ==, SABLE_DUMP_STATUS_OK);
    *written = o->mmio_read(sim->t, SABLE_REG_DUMP_WRITTEN);
    o->mmio_write(sim->t, SABLE_REG_IRQ_STATUS, SABLE_IRQ_DUMP_DONE);
    uint8_t *copy = g_memdup2(cpu, *written);
    ws_guestmem_free(&sim->mem, bus, DUMP_BUF_SIZE);
    return copy;
}

/* The registers of the dump mechanism itself (where the dump went, its
 * status and size) differ between the reference and the KMD's dump by
 * construction: zero their values in both (positions found in the
 * reference, the full dump; only those inside `len` of `other`). */
static void mask_dump_registers(uint8_t *ref, uint32_t written, uint8_t *other, size_t len)
{
    static const uint32_t mech[] = {
        SABLE_REG_DUMP_ADDR_LO, SABLE_REG_DUMP_ADDR_HI, SABLE_REG_DUMP_SIZE,
        SABLE_REG_DUMP_CONTROL, SABLE_REG_DUMP_STATUS, SABLE_REG_DUMP_WRITTEN,
    };
    const struct sable_dump_header *h = (const void *)ref;
    for (uint32_t off = h->header_size; off + sizeof(struct sable_dump_section) <= written;) {
        struct sable_dump_section sec;
        memcpy(&sec, ref + off, sizeof(sec));
        g_assert_cmpuint(sec.size, >=, sizeof(sec));
        if (sec.type == SABLE_DUMP_SEC_REGISTERS) {
            struct sable_dump_registers r;
            memcpy(&r, ref + off, sizeof(r));
            for (uint32_t i = 0; i < r.count; i++) {
                uint32_t at = off + (uint32_t)sizeof(r) + i * 8;
                struct sable_dump_reg e;
                memcpy(&e, ref + at, sizeof(e));
                for (unsigned k = 0; k < G_N_ELEMENTS(mech); k++) {
                    if (e.offset == mech[k]) {
                        memset(ref + at + 4, 0, 4);
                        for (uint32_t b = at + 4; b < at + 8 && b < len; b++) {
                            other[b] = 0;
                        }
                    }
                }
            }
        }
        off += sec.size;
    }
}

/* CollectDbgInfo2's buffer is the device's dump byte for byte, cut to
 * BufferSize when smaller, zero-filled after the dump when larger, and
 * nothing is written past BufferSize (the dump registers' own values
 * aside). */
static void test_collect_exact(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    inject_ok(sim, "hang,engine=1");
    uint32_t hung = submit_write32(sim, c, m, 1, 0x33);
    uint32_t written;
    g_autofree uint8_t *ref = device_dump(sim, &written);
    g_assert_cmpuint(written, >, 64);
    g_assert_cmpuint(written, <, DUMP_BUF_SIZE);
    const SIZE_T sizes[] = { written - 1, written, written + 4096 };
    g_autofree uint8_t *buf = g_malloc(DUMP_BUF_SIZE + 4096 + 16);
    for (unsigned i = 0; i < G_N_ELEMENTS(sizes); i++) {
        SIZE_T size = sizes[i];
        DXGKARG_COLLECTDBGINFO_EXT ext;
        memset(buf, 0xaa, DUMP_BUF_SIZE + 4096 + 16);
        g_assert_cmphex((uint32_t)collect2(sim, buf, size, DXGK_TDR_TYPE_ENGINE_TIMEOUT, NULL, 0,
                                           &ext), ==, 0);
        SIZE_T same = MIN(size, written);
        mask_dump_registers(ref, written, buf, same);
        g_assert_cmpmem(buf, same, ref, same);
        for (SIZE_T b = same; b < size; b++) {
            g_assert_cmpuint(buf[b], ==, 0);
        }
        for (SIZE_T b = size; b < size + 16; b++) {
            g_assert_cmpuint(buf[b], ==, 0xaa);
        }
    }
    uint32_t aborted;
    g_assert_cmphex((uint32_t)ws_reset_engine(sim, 1, true, &aborted), ==, 0);
    g_assert_cmphex(aborted, ==, hung);
}

/* A KMD that does not declare WDDM 3.2 is never asked for CollectDbgInfo2:
 * winsim falls back to CollectDbgInfo (no TdrType), whose report still
 * decodes and carries the extension. */
static void test_tdr_collect_fallback(Tdr *t, gconstpointer data)
{
    WsSim *sim = t->sim;
    Ctx *c = &t->c;
    Mapped *m = &t->m;
    sim->init.Version = DXGKDDI_INTERFACE_VERSION_WIN8; /* as if captured from such a KMD */
    g_assert_false(ws_has_collect_dbg_info2(sim));
    inject_ok(sim, "hang,engine=0");
    uint32_t f = submit_write32(sim, c, m, 0, 0x11);
    g_assert_false(ws_wait_fence(sim, 0, f));
    g_assert_cmpuint(sim->tdr_reports->len, ==, 1);
    const WsTdrReport *rep = &g_array_index(sim->tdr_reports, WsTdrReport, 0);
    g_assert_false(rep->v2);
    g_assert_cmphex(rep->reason, ==, VIDEO_ENGINE_TIMEOUT_DETECTED);
    g_assert_cmphex(rep->ext.BucketingKey, ==, BUCKET(DXGK_TDR_TYPE_UNKNOWN, 0, HUNG));
    check_dump(sim, 0, 0, f, m->gpu);
}

static void add_tdr(const char *path, void (*test)(Tdr *t, gconstpointer data))
{
    g_test_add(path, Tdr, NULL, tdr_setup, test, tdr_teardown);
}

void stack_add_tdr_tests(void)
{
    add_tdr("/stack/tdr/engine-reset", test_tdr_engine);
    add_tdr("/stack/tdr/dma-offset", test_tdr_dma_offset);
    add_tdr("/stack/tdr/collect-dbg-info2", test_collect_dbg_info2);
    add_tdr("/stack/tdr/collect-fallback", test_tdr_collect_fallback);
    add_tdr("/stack/tdr/collect-exact", test_collect_exact);
    add_tdr("/stack/tdr/progress", test_tdr_progress);
    add_tdr("/stack/tdr/promoted-to-adapter", test_tdr_promoted);
    add_tdr("/stack/tdr/innocent-resubmitted", test_tdr_innocent_resubmitted);
    add_tdr("/stack/tdr/reset-engine", test_reset_engine);
    g_test_add_func("/stack/tdr/limit-bugcheck", test_tdr_limit);
    g_test_add_func("/stack/tdr/limit-time", test_tdr_limit_time);
    add_tdr("/stack/tdr/level-off", test_tdr_level_off);
    g_test_add_func("/stack/tdr/level-bugcheck", test_tdr_level_bugcheck);
}
