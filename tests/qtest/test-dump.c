/* SPDX-License-Identifier: MIT */
/* A dump fetched through the DUMP_* registers into shared RAM decodes with
 * the project's decoder and describes the device as the registers do. */
#include <string.h>

#include "fixture.h"
#include "sable-dump-decode.h"
#include "sable-names.h"

#define GFX SABLE_ENGINE_GRAPHICS
#define CPY SABLE_ENGINE_COPY

static void test_dump_after_fault(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf out = sqt_alloc(d, 64, 64);
    SqtCmdBuf ok = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&ok, out.gpu, 7);
    uint64_t copy_fence = fixture_run(d, CPY, &ok);

    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    sqt_cmd_write32(&cb, out.gpu + 4, 8);
    uint32_t bad[1] = { SABLE_CMD_HEADER(0x3f, 0, 1) };
    uint32_t bad_off = sqt_cmd_raw(&cb, bad, sizeof(bad));
    fixture_irq_clear(d);
    uint64_t fence = sqt_submit_cmdbuf(d, GFX, &cb);
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_ENGINE(GFX), SQT_STEP_NS, SQT_TIMEOUT_NS));

    SqtBuf buf;
    uint32_t written = 0;
    g_autoptr(GError) err = NULL;
    g_assert_true(sqt_dump_fetch(d, &buf, &written, &err));
    g_assert_no_error(err);
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_MISC, SQT_STEP_NS, SQT_TIMEOUT_NS));
    g_autoptr(SableDump) dump = sable_dump_decode(buf.ptr, written, &err);
    g_assert_no_error(err);
    g_assert_cmpuint(dump->header.total_size, ==, written);
    g_assert_cmpuint(dump->header.engine_count, ==, SABLE_NUM_ENGINES);
    g_assert_cmphex(dump->header.abi_version, ==, SABLE_ABI_VERSION);
    g_assert_true(dump->has_device);
    g_assert_cmpuint(dump->device.vram_size, ==, d->vram_size);
    g_assert_cmphex(dump->device.fence_page, ==, d->fence_page.bus);

    const struct sable_dump_engine *g = &dump->engines[GFX].state;
    g_assert_true(dump->engines[GFX].has_state);
    g_assert_cmpuint(g->fault.code, ==, SABLE_FAULT_INVALID_COMMAND);
    g_assert_cmpuint(g->fault.dma_offset, ==, bad_off);
    g_assert_cmphex(g->fault.dma_addr, ==, cb.buf.gpu);
    g_assert_cmpuint(g->fault.fence, ==, fence);
    g_assert_true(g->status & SABLE_ENGINE_STATUS_FAULTED);
    const struct sable_dump_engine *c = &dump->engines[CPY].state;
    g_assert_cmpuint(c->fault.code, ==, SABLE_FAULT_NONE);
    g_assert_cmpuint(c->completed_fence, ==, copy_fence);

    /* The history ends with the faulting command. */
    const SableDumpEngineInfo *gi = &dump->engines[GFX];
    g_assert_true(gi->has_history);
    g_assert_cmpuint(gi->history_count, >=, 1);
    const struct sable_dump_cmd *last = &gi->history[gi->history_count - 1];
    g_assert_cmpuint(last->result, ==, SABLE_FAULT_INVALID_COMMAND);
    g_assert_cmpuint(last->dma_offset, ==, bad_off);

    g_autofree char *text = sable_dump_to_text(dump);
    g_test_message("%s", text);
    g_assert_nonnull(strstr(text, sable_fault_name(SABLE_FAULT_INVALID_COMMAND)));
    sqt_device_close(d);
}

static void test_dump_too_small(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf small = sqt_alloc(d, 64, 64);
    sqt_reg_write64(d, SABLE_REG_DUMP_ADDR_LO, small.bus);
    sqt_reg_write(d, SABLE_REG_DUMP_SIZE, 64);
    sqt_reg_write(d, SABLE_REG_DUMP_CONTROL, 1);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_DUMP_STATUS), ==, SABLE_DUMP_STATUS_TOO_SMALL);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_DUMP_REQUIRED), >, 64);
    const uint8_t *p = small.ptr;
    for (unsigned i = 0; i < 64; i++) {
        g_assert_cmpuint(p[i], ==, 0);
    }
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/dump/after-fault", test_dump_after_fault);
    g_test_add_func("/dump/too-small", test_dump_too_small);
    return g_test_run();
}
