/* SPDX-License-Identifier: MIT */
/* sable_device_snapshot, sable_inject_format and sable_dump_build: the
 * host's view of the device agrees with its registers and its dumps. */
#include <string.h>

#include "model-util.h"

static CmdBuf cb;

static void test_hung_engine(void)
{
    Mt *mt = mt_new(NULL);
    mt_inject(mt, "hang,engine=1,fence=2");
    mt_inject(mt, "slow,engine=0,after=1000,count=3,delay-ns=5000");
    uint64_t f1 = mt_submit_writes(mt, &cb, 1, 2);
    uint64_t f2 = mt_submit_writes(mt, &cb, 1, 3);
    mt_run(mt);

    SableSnapshot s;
    sable_device_snapshot(mt->bus->dev, &s);
    g_assert_cmpuint(s.engine_count, ==, SABLE_NUM_ENGINES);
    const SableEngineSnapshot *e1 = &s.engine[1];
    g_assert_cmphex(e1->status, ==, mt_status(mt, 1));
    g_assert_cmphex(e1->status & SABLE_ENGINE_STATUS_HUNG, !=, 0);
    g_assert_true(e1->busy);
    g_assert_cmpuint(e1->completed_fence, ==, f1);
    g_assert_cmpuint(e1->submitted_fence, ==, f2);
    g_assert_cmpuint(e1->fence, ==, f2);
    g_assert_cmphex(e1->dma_addr, ==, mt_last_dma(mt, 1));
    g_assert_cmpuint(e1->dma_size, ==, 3 * sizeof(struct sable_cmd_write32));
    g_assert_cmpuint(e1->ring_head, ==, mt_reg(mt, 1, SABLE_ENG_RING_HEAD));
    g_assert_cmpuint(e1->ring_tail, ==, mt_reg(mt, 1, SABLE_ENG_RING_TAIL));
    g_assert_cmpuint(e1->ring_tail, ==, 2);
    g_assert_cmphex(e1->ring_base, ==, MT_RING(1));

    /* The idle engine has no submission in flight. */
    g_assert_false(s.engine[0].busy);
    g_assert_cmphex(s.engine[0].dma_addr, ==, 0);
    g_assert_cmpuint(s.engine[0].fence, ==, 0);

    /* The hang fired; the slow injection is still pending, as armed. */
    g_assert_cmpuint(s.inject_count, ==, 1);
    g_assert_cmpint(s.inject[0].inj.kind, ==, SABLE_INJECT_SLOW);
    g_assert_cmpuint(s.inject[0].remaining, ==, 3);
    g_autofree char *spec = sable_inject_format(&s.inject[0].inj);
    g_assert_cmpstr(spec, ==, "slow,engine=0,after=1000,count=3,delay-ns=5000");

    /* Engine reset: counters and the last aborted fence. */
    mt_write_reg(mt, 1, SABLE_ENG_RESET, 1);
    sable_device_snapshot(mt->bus->dev, &s);
    g_assert_cmpuint(s.engine[1].reset_count, ==, 1);
    g_assert_cmpuint(s.engine[1].last_aborted_fence, ==, f2);
    g_assert_false(s.engine[1].busy);
    g_assert_cmphex(s.engine[1].status & SABLE_ENGINE_STATUS_HUNG, ==, 0);
    mt_free(mt);
}

static void test_fault_record(void)
{
    Mt *mt = mt_new(NULL);
    mt_inject(mt, "invalid-cmd,engine=0,after=1");
    uint64_t f = mt_submit_writes(mt, &cb, 0, 2);
    mt_run(mt);

    SableSnapshot s;
    sable_device_snapshot(mt->bus->dev, &s);
    const SableEngineSnapshot *e = &s.engine[0];
    g_assert_cmphex(e->status & SABLE_ENGINE_STATUS_FAULTED, !=, 0);
    g_assert_cmpuint(e->fault.code, ==, SABLE_FAULT_INVALID_COMMAND);
    g_assert_cmphex(e->fault.flags & SABLE_FAULT_F_INJECTED, !=, 0);
    g_assert_cmpuint(e->fault.fence, ==, f);
    g_assert_cmphex(e->fault.dma_addr, ==, mt_last_dma(mt, 0));
    g_assert_cmpuint(e->fault.dma_offset, ==, sizeof(struct sable_cmd_write32));
    g_assert_cmpuint(e->fault_count, ==, 1);
    g_assert_cmphex(s.irq_status & SABLE_IRQ_FAULT(0), !=, 0);
    g_assert_cmpuint(s.inject_count, ==, 0);
    mt_free(mt);
}

static void test_swizzle(void)
{
    Mt *mt = mt_new(NULL);
    uint32_t r = SABLE_REG_SWZ(3);
    simbus_write(mt->bus, r + SABLE_SWZ_APERTURE_OFFSET, 0x4000);
    simbus_write(mt->bus, r + SABLE_SWZ_SIZE, 0x1000);
    simbus_write(mt->bus, r + SABLE_SWZ_GPU_ADDR_LO, 0x20000);
    simbus_write(mt->bus, r + SABLE_SWZ_PITCH, 256);
    simbus_write(mt->bus, r + SABLE_SWZ_HEIGHT, 16);

    SableSnapshot s;
    sable_device_snapshot(mt->bus->dev, &s);
    g_assert_cmpuint(s.swz_count, ==, simbus_read(mt->bus, SABLE_REG_SWIZZLE_RANGES));
    g_assert_cmpuint(s.swz_count, ==, 8);
    g_assert_cmpuint(s.swz[3].aperture_offset, ==, 0x4000);
    g_assert_cmphex(s.swz[3].gpu_addr, ==, 0x20000);
    g_assert_cmpuint(s.swz[3].pitch, ==, 256);
    g_assert_cmpuint(s.swz[3].height, ==, 16);
    g_assert_cmpuint(s.swz[2].size, ==, 0);
    mt_free(mt);
}

static void test_scanout(void)
{
    Mt *mt = mt_new(NULL);
    simbus_write64(mt->bus, SABLE_REG_SCANOUT_ADDR_LO, 0x123456000ull);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_PITCH, 128);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_FORMAT, SABLE_FORMAT_B5G6R5_UNORM);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_WIDTH, 64);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_HEIGHT, 16);
    simbus_write(mt->bus, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);
    simbus_advance(mt->bus, 2 * SABLE_SCANOUT_VBLANK_PERIOD_NS);

    SableSnapshot s;
    sable_device_snapshot(mt->bus->dev, &s);
    g_assert_cmphex(s.scanout.addr, ==, 0x123456000ull);
    g_assert_cmpuint(s.scanout.pitch, ==, 128);
    g_assert_cmpuint(s.scanout.format, ==, SABLE_FORMAT_B5G6R5_UNORM);
    g_assert_cmpuint(s.scanout.width, ==, 64);
    g_assert_cmpuint(s.scanout.height, ==, 16);
    g_assert_cmphex(s.scanout.control, ==, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_cmphex(s.scanout.status, ==, SABLE_SCANOUT_STATUS_ENABLED);
    g_assert_cmpuint(s.scanout.frame_count, ==, 2);
    g_assert_true(s.features & SABLE_FEATURE_SCANOUT);
    mt_free(mt);

    SimBusConfig cfg = { .no_aperture = true };
    mt = mt_new(&cfg);
    sable_device_snapshot(mt->bus->dev, &s);
    g_assert_cmpuint(s.swz_count, ==, 0);
    mt_free(mt);
}

static void test_format_round_trip(void)
{
    const char *specs[] = {
        "hang,engine=0,count=1",
        "page-fault,engine=1,fence=18446744073709551615,count=2",
        "drop-irq,engine=1,after=0,count=4294967295",
        "slow,engine=0,count=1,delay-ns=1000000",
        "reset-fail,engine=1,after=7,count=1",
        "invalid-cmd,engine=0,fence=3,count=1",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(specs); i++) {
        SableInjection inj, back;
        GError *err = NULL;
        g_assert_true(sable_inject_parse(specs[i], &inj, &err));
        g_autofree char *out = sable_inject_format(&inj);
        g_assert_cmpstr(out, ==, specs[i]);
        g_assert_true(sable_inject_parse(out, &back, &err));
        g_assert_no_error(err);
        g_assert_cmpint(back.kind, ==, inj.kind);
        g_assert_cmpuint(back.engine, ==, inj.engine);
        g_assert_cmpint(back.when, ==, inj.when);
        g_assert_cmpuint(back.after, ==, inj.after);
        g_assert_cmpuint(back.count, ==, inj.count);
        g_assert_cmpuint(back.param_ns, ==, inj.param_ns);
    }
    /* Defaults are spelled out: count 0 means 1, slow's delay 1 ms. */
    SableInjection inj = { .kind = SABLE_INJECT_SLOW, .engine = 1 };
    g_autofree char *out = sable_inject_format(&inj);
    g_assert_cmpstr(out, ==, "slow,engine=1,count=1,delay-ns=1000000");
}

/* The dump built in host memory is the one DUMP_CONTROL writes. */
static void test_dump_build(void)
{
    Mt *mt = mt_new(NULL);
    mt->bus->now_ns = 777;
    mt_inject(mt, "hang,engine=0");
    uint64_t f = mt_submit_writes(mt, &cb, 0, 1);
    mt_run(mt);

    uint32_t size = 0;
    g_autofree uint8_t *buf = sable_dump_build(mt->bus->dev, &size);
    struct sable_dump_header h;
    g_assert_cmpuint(size, >, sizeof(h));
    memcpy(&h, buf, sizeof(h));
    g_assert_cmphex(h.magic, ==, SABLE_DUMP_MAGIC);
    g_assert_cmpuint(h.total_size, ==, size);
    g_assert_cmpuint(h.timestamp_ns, ==, 777);
    struct sable_dump_engine e0;
    memcpy(&e0, buf + sizeof(h) + sizeof(struct sable_dump_device), sizeof(e0));
    g_assert_cmpuint(e0.current_fence, ==, f);
    g_assert_cmphex(e0.current_dma_addr, ==, mt_last_dma(mt, 0));
    g_assert_cmphex(e0.status & SABLE_ENGINE_STATUS_HUNG, !=, 0);
    /* Building it changed nothing the guest sees. */
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_DUMP_REQUIRED), ==, 0);
    g_assert_cmpuint(simbus_count(mt->bus, SABLE_EV_DUMP), ==, 0);

    /* A guest request, then the same dump built by the host (its REGISTERS
     * show the same DUMP_* registers) and requested again: same bytes. */
    simbus_write64(mt->bus, SABLE_REG_DUMP_ADDR_LO, MT_DUMP);
    simbus_write(mt->bus, SABLE_REG_DUMP_SIZE, size);
    simbus_write(mt->bus, SABLE_REG_DUMP_CONTROL, 1);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_DUMP_STATUS), ==, SABLE_DUMP_STATUS_OK);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_DUMP_WRITTEN), ==, size);
    g_autofree uint8_t *again = sable_dump_build(mt->bus->dev, &size);
    simbus_write(mt->bus, SABLE_REG_DUMP_CONTROL, 1);
    g_assert_cmpmem(simbus_ram(mt->bus, MT_DUMP, size), size, again, size);
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/snapshot/hung-engine", test_hung_engine);
    g_test_add_func("/snapshot/fault-record", test_fault_record);
    g_test_add_func("/snapshot/swizzle", test_swizzle);
    g_test_add_func("/snapshot/inject-format", test_format_round_trip);
    g_test_add_func("/snapshot/dump-build", test_dump_build);
    g_test_add_func("/snapshot/scanout", test_scanout);
    return g_test_run();
}
