/* SPDX-License-Identifier: MIT */
/* Bad commands and bad GPU addresses latch a fault record that names the
 * DMA buffer, the byte offset of the command, the fence and the address;
 * the engine stops, the other engine keeps working, a reset clears it. */
#include "fixture.h"

#define GFX SABLE_ENGINE_GRAPHICS
#define CPY SABLE_ENGINE_COPY
#define BAD_OPCODE 0x3fu

/* Wait for the fault interrupt of engine e and check the record. */
static void expect_fault(SqtDevice *d, unsigned e, uint32_t code, uint64_t fence)
{
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_ENGINE(e), SQT_STEP_NS, SQT_TIMEOUT_NS));
    g_assert_true(sqt_reg_read(d, SABLE_REG_IRQ_STATUS) & SABLE_IRQ_FAULT(e));
    g_assert_cmpuint(sqt_eng_read(d, e, SABLE_ENG_FAULT_CODE), ==, code);
    g_assert_cmpuint(sqt_eng_read64(d, e, SABLE_ENG_FAULT_FENCE_LO), ==, fence);
    g_assert_true(sqt_eng_read(d, e, SABLE_ENG_STATUS) & SABLE_ENGINE_STATUS_FAULTED);
    g_assert_cmpuint(sqt_eng_read(d, e, SABLE_ENG_FAULT_COUNT), ==, 1);
    g_assert_cmpuint(sqt_fence_page_read(d, e), <, fence);
}

/* After a reset the engine is clean and runs new work. */
static void expect_recovery(SqtDevice *d, unsigned e)
{
    sqt_engine_reset(d, e);
    g_assert_cmpuint(sqt_eng_read(d, e, SABLE_ENG_FAULT_CODE), ==, 0);
    g_assert_false(sqt_eng_read(d, e, SABLE_ENG_STATUS) & SABLE_ENGINE_STATUS_FAULTED);
    SqtBuf out = sqt_alloc(d, 64, 64);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&cb, out.gpu, 0x600d);
    fixture_run(d, e, &cb);
    g_assert_cmphex(sqt_load32(out.ptr), ==, 0x600d);
}

static void test_invalid_command_offset(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf out = sqt_alloc(d, 64, 64);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    sqt_cmd_write32(&cb, out.gpu, 0x1111);
    sqt_cmd_nop(&cb, 3);
    uint32_t bad[2] = { SABLE_CMD_HEADER(BAD_OPCODE, 0, 2), 0 };
    uint32_t bad_off = sqt_cmd_raw(&cb, bad, sizeof(bad));
    sqt_cmd_write32(&cb, out.gpu + 4, 0x2222); /* never runs */
    fixture_irq_clear(d);
    uint64_t fence = sqt_submit_cmdbuf(d, GFX, &cb);
    expect_fault(d, GFX, SABLE_FAULT_INVALID_COMMAND, fence);
    g_assert_cmpuint(bad_off, ==, 16 + 12);
    g_assert_cmpuint(sqt_eng_read(d, GFX, SABLE_ENG_FAULT_DMA_OFFSET), ==, bad_off);
    g_assert_cmphex(sqt_eng_read64(d, GFX, SABLE_ENG_FAULT_DMA_LO), ==, cb.buf.gpu);
    g_assert_cmphex(sqt_eng_read(d, GFX, SABLE_ENG_FAULT_OPCODE), ==, BAD_OPCODE);
    const uint32_t *v = out.ptr;
    g_assert_cmphex(sqt_load32(&v[0]), ==, 0x1111);
    g_assert_cmphex(sqt_load32(&v[1]), ==, 0);

    /* The copy engine is not affected. */
    SqtCmdBuf ok = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&ok, out.gpu + 8, 0x3333);
    fixture_run(d, CPY, &ok);
    g_assert_cmphex(sqt_load32(&v[2]), ==, 0x3333);
    g_assert_cmpuint(sqt_eng_read(d, CPY, SABLE_ENG_FAULT_CODE), ==, 0);
    expect_recovery(d, GFX);
    sqt_device_close(d);
}

/* Unmapped GART page on read, read-only page on write. */
static void test_page_and_protection_faults(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf src = sqt_alloc(d, 8192, 4096);
    SqtBuf dst = sqt_alloc(d, 4096, 4096);
    sqt_gart_set_pte(d, src.gpu + 4096, 0);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    sqt_cmd_copy(&cb, dst.gpu, src.gpu + 4096 + 0x40, 64);
    fixture_irq_clear(d);
    uint64_t fence = sqt_submit_cmdbuf(d, CPY, &cb);
    expect_fault(d, CPY, SABLE_FAULT_PAGE, fence);
    g_assert_cmphex(sqt_eng_read64(d, CPY, SABLE_ENG_FAULT_ADDR_LO), ==,
                    src.gpu + 4096 + 0x40);
    uint32_t flags = sqt_eng_read(d, CPY, SABLE_ENG_FAULT_FLAGS);
    g_assert_cmphex(flags & (SABLE_FAULT_F_GART | SABLE_FAULT_F_WRITE), ==,
                    SABLE_FAULT_F_GART);
    expect_recovery(d, CPY);

    sqt_gart_set_pte(d, dst.gpu, dst.bus | SABLE_GART_PTE_VALID | SABLE_GART_PTE_READ);
    sqt_cmdbuf_reset(&cb);
    sqt_cmd_fill(&cb, dst.gpu + 8, 0xffffffffu, 8);
    fixture_irq_clear(d);
    fence = sqt_submit_cmdbuf(d, CPY, &cb);
    /* The engine's second fault since the reset cleared the count. */
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_ENGINE(CPY), SQT_STEP_NS, SQT_TIMEOUT_NS));
    g_assert_cmpuint(sqt_eng_read(d, CPY, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_PROTECTION);
    g_assert_cmphex(sqt_eng_read64(d, CPY, SABLE_ENG_FAULT_ADDR_LO), ==, dst.gpu + 8);
    g_assert_true(sqt_eng_read(d, CPY, SABLE_ENG_FAULT_FLAGS) & SABLE_FAULT_F_WRITE);
    g_assert_cmpuint(sqt_eng_read64(d, CPY, SABLE_ENG_FAULT_FENCE_LO), ==, fence);
    g_assert_cmphex(((uint8_t *)dst.ptr)[8], ==, 0);
    sqt_device_close(d);
}

/* Lines of the QEMU log that contain `needle`. */
static unsigned log_lines_with(SqtDevice *d, const char *needle)
{
    g_autofree char *log = NULL;
    g_assert_true(g_file_get_contents(sqt_machine_log_path(d->m), &log, NULL, NULL));
    g_auto(GStrv) lines = g_strsplit(log, "\n", -1);
    unsigned n = 0;
    for (unsigned i = 0; lines[i]; i++) {
        n += strstr(lines[i], needle) != NULL;
    }
    return n;
}

/* Rejected guest input reaches QEMU's log with -d guest_errors (a fault
 * names its engine, code and address), rate-limited so that a flood of bad
 * register writes cannot fill it; without -d guest_errors nothing. */
static void test_guest_error_log(void)
{
    SqtOptions opt = { .log_guest_errors = true };
    SqtDevice *d = fixture_open(&opt);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    uint32_t bad[2] = { SABLE_CMD_HEADER(BAD_OPCODE, 0, 2), 0 };
    sqt_cmd_raw(&cb, bad, sizeof(bad));
    fixture_irq_clear(d);
    uint64_t fence = sqt_submit_cmdbuf(d, GFX, &cb);
    expect_fault(d, GFX, SABLE_FAULT_INVALID_COMMAND, fence);
    g_autofree char *fault = g_strdup_printf(
        "sable-gpu: engine %u fault code %u at GPU address 0x%" G_GINT64_MODIFIER "x",
        GFX, SABLE_FAULT_INVALID_COMMAND, sqt_eng_read64(d, GFX, SABLE_ENG_FAULT_ADDR_LO));
    g_assert_cmpuint(log_lines_with(d, fault), ==, 1);

    for (unsigned i = 0; i < 200; i++) {
        sqt_reg_write(d, SABLE_REG_FENCE_PAGE_LO, 0x123);
    }
    unsigned logged = log_lines_with(d, "sable-gpu: register error 0x4 at offset 0x50");
    g_assert_cmpuint(logged, >=, 1);
    g_assert_cmpuint(logged, <=, 20);
    sqt_device_close(d);

    d = fixture_open(NULL);
    sqt_reg_write(d, SABLE_REG_FENCE_PAGE_LO, 0x123);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_ERROR_STATUS) & SABLE_ERROR_BAD_FENCE_PAGE, ==,
                    SABLE_ERROR_BAD_FENCE_PAGE);
    g_assert_cmpuint(log_lines_with(d, "sable-gpu:"), ==, 0);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/fault/invalid-command-offset", test_invalid_command_offset);
    g_test_add_func("/fault/page-and-protection", test_page_and_protection_faults);
    g_test_add_func("/fault/guest-error-log", test_guest_error_log);
    return g_test_run();
}
