/* SPDX-License-Identifier: MIT */
/* Migration of the real QEMU device with work in flight: both engines are
 * held by DEBUG_STALLs ahead of a COPY and a WRITE32, a linear swizzle range
 * holds CPU writes not yet flushed, scanout is on. QEMU migrates to a file,
 * a second QEMU loads it with -incoming on the same RAM, VRAM and aperture
 * backends, and there the work completes with the right bytes, fences
 * (fence page and COMPLETED_FENCE registers) and MSI-X interrupts, the
 * range flushes the CPU's bytes and scanout keeps counting frames. */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixture.h"

#define SEED 0x316a7e5u
#define COPY_SIZE (4u << 20)
#define STALL_US(e) (2000u + 1000u * (e))
#define MARK 0x5ab1e17bu
#define WIN 0x100000u
#define WIN_PITCH 4096u
#define WIN_ROWS 16u
#define SCAN_W 64u
#define SCAN_H 32u

typedef struct Flight {
    SqtBuf src, mark;
    uint64_t copy_dst, surf, fence[2];
    uint8_t *win_bytes;     /* CPU writes to the range, not yet flushed */
    uint32_t frames;        /* FRAME_COUNT before migrating */
} Flight;

static void start_work(SqtDevice *d, GRand *rng, Flight *f)
{
    f->src = sqt_alloc(d, COPY_SIZE, 4096);
    f->mark = sqt_alloc(d, 4096, 4096);
    f->copy_dst = sqt_vram_alloc(d, COPY_SIZE, 4096);
    fixture_random_bytes(rng, f->src.ptr, COPY_SIZE);
    fixture_irq_clear(d);
    for (unsigned e = 0; e < 2; e++) {
        SqtCmdBuf cb = sqt_cmdbuf_new(d, 256);
        sqt_cmd_debug_stall(&cb, STALL_US(e));
        if (e == 0) {
            sqt_cmd_copy(&cb, f->copy_dst, f->src.gpu, COPY_SIZE);
        } else {
            sqt_cmd_write32(&cb, f->mark.gpu, MARK);
        }
        f->fence[e] = sqt_submit_cmdbuf(d, e, &cb);
    }
    sqt_sync(d->m);
}

static void range_and_scanout(SqtDevice *d, GRand *rng, Flight *f)
{
    uint64_t tiled = sqt_vram_alloc(d, WIN_PITCH * WIN_ROWS, 4096);
    SqtSwzRange c = { WIN, WIN_PITCH * WIN_ROWS, tiled, WIN_PITCH, WIN_ROWS,
                      SABLE_TILING_LINEAR };
    g_assert_cmpuint(sqt_swz_enable(d, 0, &c), ==, SABLE_SWZ_ERR_NONE);
    f->win_bytes = g_malloc(WIN_PITCH * WIN_ROWS);
    fixture_random_bytes(rng, f->win_bytes, WIN_PITCH * WIN_ROWS);
    memcpy(sqt_aperture_ptr(d->m, WIN, WIN_PITCH * WIN_ROWS), f->win_bytes,
           WIN_PITCH * WIN_ROWS);
    f->surf = tiled;

    uint64_t scan = sqt_vram_alloc(d, SCAN_W * 4 * SCAN_H, 4096);
    sqt_reg_write64(d, SABLE_REG_SCANOUT_ADDR_LO, scan);
    sqt_reg_write(d, SABLE_REG_SCANOUT_PITCH, SCAN_W * 4);
    sqt_reg_write(d, SABLE_REG_SCANOUT_FORMAT, SABLE_FORMAT_B8G8R8A8_UNORM);
    sqt_reg_write(d, SABLE_REG_SCANOUT_WIDTH, SCAN_W);
    sqt_reg_write(d, SABLE_REG_SCANOUT_HEIGHT, SCAN_H);
    sqt_reg_write(d, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);
    sqt_clock_step(d->m, 2 * SABLE_SCANOUT_VBLANK_PERIOD_NS + 1000);
    f->frames = sqt_reg_read(d, SABLE_REG_SCANOUT_FRAME_COUNT);
    g_assert_cmpuint(f->frames, ==, 2);
}

static void assert_in_flight(SqtDevice *d, const Flight *f)
{
    for (unsigned e = 0; e < 2; e++) {
        g_assert_cmpuint(sqt_fence_page_read(d, e), <, f->fence[e]);
        g_assert_cmphex(sqt_eng_read(d, e, SABLE_ENG_STATUS) &
                        SABLE_ENGINE_STATUS_WAITING, !=, 0);
        g_assert_false(sqt_msi_seen(d, SABLE_MSIX_VEC_ENGINE(e)));
    }
}

static void assert_completed(SqtDevice *d, const Flight *f)
{
    for (unsigned e = 0; e < 2; e++) {
        g_assert_true(sqt_wait_fence(d, e, f->fence[e], SQT_STEP_NS,
                                     SQT_TIMEOUT_NS));
        g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_ENGINE(e), SQT_STEP_NS,
                                   SQT_TIMEOUT_NS));
        g_assert_cmpuint(sqt_eng_read64(d, e, SABLE_ENG_COMPLETED_FENCE_LO), ==,
                         f->fence[e]);
        g_assert_cmpuint(sqt_eng_read(d, e, SABLE_ENG_FAULT_CODE), ==, 0);
    }
    g_assert_cmpmem(sqt_vram_ptr(d->m, f->copy_dst, COPY_SIZE), COPY_SIZE,
                    f->src.ptr, COPY_SIZE);
    g_assert_cmphex(sqt_load32(f->mark.ptr), ==, MARK);
}

static void test_work_in_flight(void)
{
    g_autoptr(GRand) rng = g_rand_new_with_seed(SEED);
    SqtOptions opt = { .debug = true, .migratable = true };
    SqtDevice *d = fixture_open(&opt);
    Flight f = { 0 };

    range_and_scanout(d, rng, &f);
    start_work(d, rng, &f);
    assert_in_flight(d, &f);

    g_autofree char *dir = g_dir_make_tmp("sable-migrate-XXXXXX", NULL);
    g_assert_nonnull(dir);
    g_autofree char *path = g_build_filename(dir, "state", NULL);
    SqtMigrateStats st;
    g_autoptr(GError) err = NULL;
    g_assert_true(sqt_device_migrate(d, &opt, path, &st, &err));
    g_assert_no_error(err);
    g_test_message("migration: downtime %" G_GINT64_FORMAT " ms, total %"
                   G_GINT64_FORMAT " ms, RAM %" G_GUINT64_FORMAT
                   " bytes transferred, stream %" G_GUINT64_FORMAT " bytes",
                   st.downtime_ms, st.total_ms, st.ram_bytes, st.file_bytes);
    g_assert_cmpuint(st.file_bytes, >, 0);

    /* The second QEMU holds the same work, still in flight. */
    assert_in_flight(d, &f);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_SCANOUT_STATUS), ==,
                    SABLE_SCANOUT_STATUS_ENABLED);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_SCANOUT_FRAME_COUNT), ==,
                     f.frames);
    assert_completed(d, &f);
    sqt_clock_step(d->m, SABLE_SCANOUT_VBLANK_PERIOD_NS);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_SCANOUT_FRAME_COUNT), ==,
                     f.frames + 1);

    /* The range kept its configuration: FLUSH writes the CPU's bytes. */
    g_assert_cmphex(sqt_swz_status(d, 0) & SABLE_SWZ_STATUS_ENABLED, !=, 0);
    g_assert_cmpuint(sqt_swz_control(d, 0, SABLE_SWZ_CONTROL_FLUSH), ==, 0);
    g_assert_cmpmem(sqt_vram_ptr(d->m, f.surf, WIN_PITCH * WIN_ROWS),
                    WIN_PITCH * WIN_ROWS, f.win_bytes, WIN_PITCH * WIN_ROWS);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_ERROR_STATUS), ==, 0);

    unlink(path);
    rmdir(dir);
    g_free(f.win_bytes);
    sqt_device_close(d);
}

/* Offset of the core's stream (its magic) in a migration file. */
static size_t stream_offset(const uint8_t *data, size_t len)
{
    static const uint8_t magic[4] = { 0x53, 0x4c, 0x42, 0x53 }; /* LE */
    for (size_t i = 0; i + 8 <= len; i++) {
        if (memcmp(data + i, magic, 4) == 0) {
            return i;
        }
    }
    g_assert_not_reached();
}

/* A stream whose device state is damaged fails the incoming migration with
 * the device's error: QEMU exits with status 1, not a crash. */
static void test_bad_stream_refused(void)
{
    SqtOptions opt = { .debug = true, .migratable = true };
    SqtDevice *d = fixture_open(&opt);
    g_autofree char *dir = g_dir_make_tmp("sable-migrate-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "state", NULL);
    g_autofree char *log = g_build_filename(dir, "incoming.log", NULL);
    g_autoptr(GError) err = NULL;
    g_assert_true(sqt_migrate_to_file(d->m, path, NULL, &err));
    g_assert_no_error(err);

    g_autofree uint8_t *data = NULL;
    gsize len;
    g_assert_true(g_file_get_contents(path, (char **)&data, &len, NULL));
    data[stream_offset(data, len) + 4] ^= 0x40; /* the stream's version */
    g_assert_true(g_file_set_contents(path, (char *)data, len, NULL));

    SqtOptions in = opt;
    in.migratable = false;
    in.incoming = "defer";
    in.share_from = d->m;
    in.log_path = log;
    SqtMachine *m = sqt_machine_start(&in, &err);
    g_assert_no_error(err);
    g_autofree char *cmd = g_strdup_printf(
        "{\"execute\":\"migrate-incoming\",\"arguments\":"
        "{\"uri\":\"exec:cat '%s'\"}}", path);
    g_free(sqt_qmp(m, cmd, &err));
    g_assert_no_error(err);
    int status = sqt_machine_wait_exit(m);
    sqt_machine_stop(m);
    g_assert_true(WIFEXITED(status));
    g_assert_cmpint(WEXITSTATUS(status), ==, 1);
    g_autofree char *text = NULL;
    g_assert_true(g_file_get_contents(log, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "sable-gpu: sable state: version 65"));

    unlink(log);
    unlink(path);
    rmdir(dir);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu/migrate/work-in-flight", test_work_in_flight);
    g_test_add_func("/qemu/migrate/bad-stream-refused", test_bad_stream_refused);
    return g_test_run();
}
