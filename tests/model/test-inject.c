/* SPDX-License-Identifier: MIT */
/* Fault injection: spec parsing and every kind firing at its point. */
#include <string.h>

#include "model-util.h"

static CmdBuf cb;

static void test_parse(void)
{
    SableInjection inj;
    GError *err = NULL;
    g_assert_true(sable_inject_parse("slow,engine=1,fence=7,count=3,delay-ns=500",
                                     &inj, &err));
    g_assert_cmpint(inj.kind, ==, SABLE_INJECT_SLOW);
    g_assert_cmpuint(inj.engine, ==, 1);
    g_assert_cmpint(inj.when, ==, SABLE_INJECT_ON_FENCE);
    g_assert_cmpuint(inj.after, ==, 7);
    g_assert_cmpuint(inj.count, ==, 3);
    g_assert_cmpuint(inj.param_ns, ==, 500);
    g_assert_true(sable_inject_parse("hang", &inj, &err));
    g_assert_cmpint(inj.when, ==, SABLE_INJECT_NOW);
    g_assert_cmpuint(inj.engine, ==, 0);
    g_assert_true(sable_inject_parse("invalid-cmd,after=12", &inj, &err));
    g_assert_cmpint(inj.when, ==, SABLE_INJECT_AFTER_CMDS);
    g_assert_cmpuint(inj.after, ==, 12);
    static const char *bad[] = {
        "", "boom", "hang,engine", "hang,engine=x", "hang,engine=99",
        "hang,after=1,fence=2", "hang,colour=3", "hang,count=-1", NULL,
    };
    for (unsigned i = 0; bad[i]; i++) {
        g_assert_false(sable_inject_parse(bad[i], &inj, &err));
        g_assert_nonnull(err);
        g_clear_error(&err);
    }
    for (unsigned k = 0; k < SABLE_INJECT_KIND_COUNT; k++) {
        g_assert_true(sable_inject_parse(sable_inject_kind_name(k), &inj, NULL));
        g_assert_cmpint(inj.kind, ==, k);
    }
    g_assert_cmpstr(sable_inject_kind_name(SABLE_INJECT_KIND_COUNT), ==, "unknown");
}

/* "SPEC;SPEC": all armed, or none when one is bad or they do not fit. */
static void test_list(void)
{
    Mt *mt = mt_new(NULL);
    SableInjection inj[SABLE_CORE_MAX_INJECTIONS];
    GError *err = NULL;
    unsigned n = sable_inject_parse_list("hang,engine=1;slow,delay-ns=9", inj, &err);
    g_assert_no_error(err);
    g_assert_cmpuint(n, ==, 2);
    g_assert_cmpint(inj[1].kind, ==, SABLE_INJECT_SLOW);
    g_assert_cmpuint(inj[1].param_ns, ==, 9);
    g_assert_true(sable_inject_all(mt->bus->dev, inj, n, &err));
    g_assert_cmpuint(sable_inject_pending(mt->bus->dev), ==, 2);
    static const char *bad[] = { "", "hang;", "hang;boom", NULL };
    for (unsigned i = 0; bad[i]; i++) {
        g_assert_cmpuint(sable_inject_parse_list(bad[i], inj, &err), ==, 0);
        g_assert_nonnull(err);
        g_clear_error(&err);
    }
    /* One invalid entry: nothing of the list is armed. */
    inj[0].engine = 0;
    inj[1].engine = SABLE_NUM_ENGINES;
    g_assert_false(sable_inject_all(mt->bus->dev, inj, 2, &err));
    g_clear_error(&err);
    g_assert_cmpuint(sable_inject_pending(mt->bus->dev), ==, 2);
    /* More than the free slots: nothing armed either. */
    for (unsigned i = 0; i < SABLE_CORE_MAX_INJECTIONS; i++) {
        inj[i] = inj[0];
    }
    g_assert_false(sable_inject_all(mt->bus->dev, inj, SABLE_CORE_MAX_INJECTIONS - 1, &err));
    g_assert_error(err, G_FILE_ERROR, G_FILE_ERROR_NOSPC);
    g_clear_error(&err);
    g_assert_cmpuint(sable_inject_pending(mt->bus->dev), ==, 2);
    g_assert_true(sable_inject_all(mt->bus->dev, inj, SABLE_CORE_MAX_INJECTIONS - 2, &err));
    g_assert_cmpuint(sable_inject_pending(mt->bus->dev), ==, SABLE_CORE_MAX_INJECTIONS);
    mt_free(mt);
}

static void test_arm_limits(void)
{
    Mt *mt = mt_new(NULL);
    GError *err = NULL;
    SableInjection inj = { .kind = SABLE_INJECT_DROP_IRQ, .engine = SABLE_NUM_ENGINES };
    g_assert_false(sable_inject(mt->bus->dev, &inj, &err));
    g_clear_error(&err);
    inj.engine = 0;
    for (unsigned i = 0; i < SABLE_CORE_MAX_INJECTIONS; i++) {
        g_assert_true(sable_inject(mt->bus->dev, &inj, NULL));
    }
    g_assert_cmpuint(sable_inject_pending(mt->bus->dev), ==, SABLE_CORE_MAX_INJECTIONS);
    g_assert_false(sable_inject(mt->bus->dev, &inj, &err));
    g_clear_error(&err);
    g_assert_cmpuint(simbus_count(mt->bus, SABLE_EV_INJECT), ==,
                     SABLE_CORE_MAX_INJECTIONS);
    sable_inject_clear(mt->bus->dev);
    g_assert_cmpuint(sable_inject_pending(mt->bus->dev), ==, 0);
    mt_free(mt);
}

static void test_hang(void)
{
    Mt *mt = mt_new(NULL);
    mt_inject(mt, "hang,engine=1,fence=2");
    uint64_t f1 = mt_submit_writes(mt, &cb, 1, 2);
    uint64_t f2 = mt_submit_writes(mt, &cb, 1, 2);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 1), ==, f1);
    g_assert_cmpuint(mt_status(mt, 1) & SABLE_ENGINE_STATUS_HUNG, !=, 0);
    g_assert_cmpuint(mt_reg64(mt, 1, SABLE_ENG_CURRENT_FENCE_LO), ==, f2);
    g_assert_cmpuint(sable_inject_pending(mt->bus->dev), ==, 0);
    const SableEvent *ev = simbus_last(mt->bus, SABLE_EV_INJECT);
    g_assert_true(ev->inject.fired);
    g_assert_cmpuint(ev->inject.kind, ==, SABLE_INJECT_HANG);
    simbus_advance(mt->bus, 1000000000ull);
    g_assert_cmpuint(mt_completed(mt, 1), ==, f1);
    mt_write_reg(mt, 1, SABLE_ENG_RESET, 1);
    g_assert_cmpuint(mt_reg64(mt, 1, SABLE_ENG_LAST_ABORTED_FENCE_LO), ==, f2);
    uint64_t f3 = mt_submit_writes(mt, &cb, 1, 1);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 1), ==, f3);
    mt_free(mt);
}

static void test_page_fault(void)
{
    Mt *mt = mt_new(NULL);
    mt_inject(mt, "page-fault,engine=0,after=3");
    mt_submit_writes(mt, &cb, 0, 6);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_PAGE);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_FLAGS) & SABLE_FAULT_F_INJECTED,
                     !=, 0);
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_DMA_OFFSET), ==, 3 * 16);
    uint32_t v;
    memcpy(&v, mt_vram(mt, 0x100 + 8), 4);
    g_assert_cmpuint(v, ==, 3);
    memcpy(&v, mt_vram(mt, 0x100 + 12), 4);
    g_assert_cmpuint(v, ==, 0);
    mt_free(mt);
}

static void test_invalid_cmd(void)
{
    Mt *mt = mt_new(NULL);
    mt_inject(mt, "invalid-cmd,engine=1");
    mt_submit_writes(mt, &cb, 1, 2);
    mt_run(mt);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_CODE), ==,
                     SABLE_FAULT_INVALID_COMMAND);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_FLAGS), ==, SABLE_FAULT_F_INJECTED);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_OPCODE), ==, SABLE_OP_WRITE32);
    g_assert_cmpuint(mt_reg(mt, 1, SABLE_ENG_FAULT_DMA_OFFSET), ==, 0);
    mt_free(mt);
}

static void test_drop_irq(void)
{
    Mt *mt = mt_new(NULL);
    simbus_write64(mt->bus, SABLE_REG_FENCE_PAGE_LO, MT_FENCE_PAGE);
    mt_inject(mt, "drop-irq,engine=0");
    uint64_t f1 = mt_submit_writes(mt, &cb, 0, 1);
    mt_run(mt);
    /* fence and status are updated, the interrupt is not delivered */
    g_assert_cmpuint(mt_completed(mt, 0), ==, f1);
    g_assert_cmpuint(simbus_ram_read64(mt->bus, MT_FENCE_PAGE), ==, f1);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS), ==, SABLE_IRQ_FENCE(0));
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_ENGINE(0)], ==, 0);
    g_assert_false(mt->bus->level);
    const SableEvent *ev = simbus_last(mt->bus, SABLE_EV_IRQ_DROPPED);
    g_assert_nonnull(ev);
    g_assert_cmpuint(ev->engine, ==, 0);
    g_assert_cmpuint(ev->irq_dropped.causes, ==, SABLE_IRQ_FENCE(0));
    /* only once: the next completion interrupts again */
    simbus_write(mt->bus, SABLE_REG_IRQ_STATUS, SABLE_IRQ_FENCE(0));
    uint64_t f2 = mt_submit_writes(mt, &cb, 0, 1);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f2);
    g_assert_cmpuint(mt->bus->pulses[SABLE_MSIX_VEC_ENGINE(0)], ==, 1);
    g_assert_true(mt->bus->level);
    mt_free(mt);
}

static void test_slow(void)
{
    Mt *mt = mt_new(NULL);
    mt_inject(mt, "slow,engine=1,delay-ns=5000");
    uint64_t f1 = mt_submit_writes(mt, &cb, 1, 2);
    uint64_t f2 = mt_submit_writes(mt, &cb, 1, 1);
    mt_run(mt);
    uint32_t v;
    memcpy(&v, mt_vram(mt, 0x104), 4);
    g_assert_cmpuint(v, ==, 2); /* commands ran, completion is late */
    g_assert_cmpuint(mt_completed(mt, 1), ==, 0);
    g_assert_cmpuint(mt_status(mt, 1) & SABLE_ENGINE_STATUS_WAITING, !=, 0);
    simbus_advance(mt->bus, 4999);
    g_assert_cmpuint(mt_completed(mt, 1), ==, 0);
    simbus_advance(mt->bus, 1);
    g_assert_cmpuint(mt_completed(mt, 1), ==, f2);
    g_assert_cmpuint(f2, ==, f1 + 1);
    mt_free(mt);
}

static void test_slow_count(void)
{
    Mt *mt = mt_new(NULL);
    mt_inject(mt, "slow,engine=0,count=2"); /* default delay 1 ms */
    mt_submit_writes(mt, &cb, 0, 1);
    mt_submit_writes(mt, &cb, 0, 1);
    uint64_t f3 = mt_submit_writes(mt, &cb, 0, 1);
    mt_run(mt);
    simbus_advance(mt->bus, 1000000);
    g_assert_cmpuint(mt_completed(mt, 0), ==, 1);
    simbus_advance(mt->bus, 1000000);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f3);
    mt_free(mt);
}

static void test_reset_fail(void)
{
    SimBusConfig cfg = { .debug = true };
    Mt *mt = mt_new(&cfg);
    cb_reset(&cb);
    cb_hang(&cb);
    uint64_t f = mt_submit(mt, 0, &cb);
    mt_run(mt);
    mt_inject(mt, "reset-fail,engine=0");
    mt_write_reg(mt, 0, SABLE_ENG_RESET, 1);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_RESET_STATUS), ==,
                     SABLE_RESET_STATUS_DONE | SABLE_RESET_STATUS_FAILED);
    g_assert_cmpuint(mt_status(mt, 0) & SABLE_ENGINE_STATUS_HUNG, !=, 0);
    const SableEvent *ev = simbus_last(mt->bus, SABLE_EV_ENGINE_RESET);
    g_assert_true(ev->engine_reset.failed);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_IRQ_STATUS) & SABLE_IRQ_RESET_DONE,
                     !=, 0);
    /* the next reset succeeds */
    mt_write_reg(mt, 0, SABLE_ENG_RESET, 1);
    g_assert_cmpuint(simbus_read(mt->bus, SABLE_REG_RESET_STATUS), ==,
                     SABLE_RESET_STATUS_DONE);
    g_assert_cmpuint(mt_reg64(mt, 0, SABLE_ENG_LAST_ABORTED_FENCE_LO), ==, f);
    uint64_t f2 = mt_submit_writes(mt, &cb, 0, 1);
    mt_run(mt);
    g_assert_cmpuint(mt_completed(mt, 0), ==, f2);
    mt_free(mt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/inject/parse", test_parse);
    g_test_add_func("/inject/list", test_list);
    g_test_add_func("/inject/arm-limits", test_arm_limits);
    g_test_add_func("/inject/hang", test_hang);
    g_test_add_func("/inject/page-fault", test_page_fault);
    g_test_add_func("/inject/invalid-cmd", test_invalid_cmd);
    g_test_add_func("/inject/drop-irq", test_drop_irq);
    g_test_add_func("/inject/slow", test_slow);
    g_test_add_func("/inject/slow-count", test_slow_count);
    g_test_add_func("/inject/reset-fail", test_reset_fail);
    return g_test_run();
}
