/* SPDX-License-Identifier: MIT */
/* sable-demo: start QEMU with sable-gpu (qtest accelerator, this program is
 * the guest), run work on both engines, hang the graphics engine by fault
 * injection over QMP, show the copy engine still completing, detect the
 * hang by a device-time timeout, fetch and decode the dump, reset the
 * engine and show new work completing. Prints a report (and writes it, the
 * raw dump and its JSON to --out DIR).
 *   sable-demo [--qemu PATH] [--firmware DIR] [--out DIR] [--hang-timeout-ms N] */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <glib/gstdio.h>

#include "demo.h"
#include "sable-dump-decode.h"
#include "sable-names.h"

#define GFX SABLE_ENGINE_GRAPHICS
#define CPY SABLE_ENGINE_COPY
#define COPY_SIZE (256u * 1024)

static GString *report;

void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *line = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    printf("%s\n", line);
    g_string_append_printf(report, "%s\n", line);
}

const char *report_text(void)
{
    return report->str;
}

static double ms(uint64_t ns)
{
    return (double)ns / 1e6;
}

static bool step_normal_work(SqtDevice *d, DemoWork *w)
{
    say("== 1. Normal work on both engines");
    uint64_t gf = demo_gfx_submit(d, w, 0, 0x1001);
    uint64_t cf;
    bool copy_ok = demo_copy_round(d, w, 1, &cf);
    bool gfx_ok = sqt_wait_fence(d, GFX, gf, SQT_STEP_NS, SQT_TIMEOUT_NS) &&
                  demo_marker_is(w, 0, 0x1001);
    say("   graphics: FILL 4 KiB in VRAM + WRITE32   fence %" G_GUINT64_FORMAT " %s",
        gf, gfx_ok ? "completed" : "DID NOT COMPLETE");
    say("   copy:     COPY %u KiB system->VRAM       fence %" G_GUINT64_FORMAT " %s",
        w->size / 1024, cf, copy_ok ? "completed, bytes exact" : "FAILED");
    return gfx_ok && copy_ok;
}

static bool step_inject_hang(SqtDevice *d, DemoWork *w, uint64_t *hung, uint64_t *queued)
{
    g_autoptr(GError) err = NULL;
    say("== 2. Inject a hang on the graphics engine (QMP qom-set %s inject \"hang,engine=0\")",
        SQT_DEVICE_PATH);
    if (!sqt_qom_set_str(d->m, SQT_DEVICE_PATH, "inject", "hang,engine=0", &err)) {
        say("   injection failed: %s", err->message);
        return false;
    }
    *hung = demo_gfx_submit(d, w, 1, 0x2001);
    *queued = demo_gfx_submit(d, w, 2, 0x2002);
    say("   graphics: submitted fence %" G_GUINT64_FORMAT " (will hang) and %"
        G_GUINT64_FORMAT " (queued behind it)", *hung, *queued);
    return true;
}

static bool step_copy_keeps_going(SqtDevice *d, DemoWork *w)
{
    say("== 3. The copy engine keeps completing while graphics is stuck");
    bool ok = true;
    for (unsigned i = 0; i < 4; i++) {
        uint64_t f;
        sqt_clock_step(d->m, 250000); /* let device time pass between rounds */
        bool done = demo_copy_round(d, w, 10 + i, &f);
        ok = ok && done;
        say("   copy fence %" G_GUINT64_FORMAT " %s (device time %.3f ms); graphics completed fence: %"
            G_GUINT64_FORMAT, f, done ? "completed, bytes exact" : "FAILED",
            ms((uint64_t)sqt_clock_step(d->m, 0)), sqt_fence_page_read(d, GFX));
    }
    return ok;
}

static bool step_detect(SqtDevice *d, uint64_t hung, uint64_t timeout_ns)
{
    say("== 4. Hang detection: graphics fence must advance within %.3f ms of device time",
        ms(timeout_ns));
    uint64_t at = 0;
    if (!demo_detect_hang(d, GFX, hung, timeout_ns, &at)) {
        say("   graphics completed fence %" G_GUINT64_FORMAT ": no hang", hung);
        return false;
    }
    g_autofree char *st = sable_bits_to_string(
        sqt_eng_read(d, GFX, SABLE_ENG_STATUS), sable_engine_status_bits);
    say("   TIMEOUT at device time %.3f ms: completed fence %" G_GUINT64_FORMAT
        ", waiting for %" G_GUINT64_FORMAT, ms(at), sqt_fence_page_read(d, GFX), hung);
    say("   ENG0.STATUS=%s CURRENT_FENCE=%" G_GUINT64_FORMAT " CURRENT_DMA=0x%"
        G_GINT64_MODIFIER "x +%u", st, sqt_eng_read64(d, GFX, SABLE_ENG_CURRENT_FENCE_LO),
        sqt_eng_read64(d, GFX, SABLE_ENG_CURRENT_DMA_LO),
        sqt_eng_read(d, GFX, SABLE_ENG_CURRENT_DMA_OFFSET));
    return true;
}

static void save_file(const char *dir, const char *name, const void *data, size_t len)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);
    g_autoptr(GError) err = NULL;
    if (!g_file_set_contents(path, data, (gssize)len, &err)) {
        say("   cannot write %s: %s", path, err->message);
    }
}

static bool step_dump(SqtDevice *d, const char *out_dir)
{
    say("== 5. Device dump (DUMP_* registers -> guest RAM), decoded");
    SqtBuf buf;
    uint32_t written = 0;
    g_autoptr(GError) err = NULL;
    if (!sqt_dump_fetch(d, &buf, &written, &err)) {
        say("   dump failed: %s", err->message);
        return false;
    }
    g_autoptr(SableDump) dump = sable_dump_decode(buf.ptr, written, &err);
    if (!dump) {
        say("   dump of %u bytes does not decode: %s", written, err->message);
        return false;
    }
    g_autofree char *text = sable_dump_to_text(dump);
    say("   %u bytes:\n%s", written, text);
    if (out_dir) {
        g_autofree char *json = sable_dump_to_json_string(dump, true);
        save_file(out_dir, "dump.bin", buf.ptr, written);
        save_file(out_dir, "dump.json", json, strlen(json));
    }
    return dump->engines[GFX].state.status & SABLE_ENGINE_STATUS_HUNG;
}

static bool step_reset(SqtDevice *d, DemoWork *w, uint64_t queued)
{
    say("== 6. Engine reset of graphics (ENG0.RESET = 1)");
    sqt_engine_reset(d, GFX);
    uint64_t aborted = sqt_eng_read64(d, GFX, SABLE_ENG_LAST_ABORTED_FENCE_LO);
    uint32_t rs = sqt_reg_read(d, SABLE_REG_RESET_STATUS);
    g_autofree char *rs_names = sable_bits_to_string(sable_reset_status_flags(rs),
                                                     sable_reset_status_bits);
    say("   RESET_STATUS=%s engine %u, LAST_ABORTED_FENCE=%" G_GUINT64_FORMAT
        ", ENG0.RESET_COUNT=%u, ENG1.RESET_COUNT=%u", rs_names,
        sable_reset_status_engine(rs), aborted, sqt_eng_read(d, GFX, SABLE_ENG_RESET_COUNT),
        sqt_eng_read(d, CPY, SABLE_ENG_RESET_COUNT));
    say("== 7. New work after the reset");
    uint64_t f = demo_gfx_submit(d, w, 3, 0x3001);
    bool ok = sqt_wait_fence(d, GFX, f, SQT_STEP_NS, SQT_TIMEOUT_NS) &&
              demo_marker_is(w, 3, 0x3001);
    uint64_t cf;
    bool cok = demo_copy_round(d, w, 20, &cf);
    say("   graphics fence %" G_GUINT64_FORMAT " %s; copy fence %" G_GUINT64_FORMAT " %s",
        f, ok ? "completed" : "DID NOT COMPLETE", cf, cok ? "completed" : "FAILED");
    return aborted == queued && ok && cok && !demo_marker_is(w, 2, 0x2002);
}

static bool run(SqtDevice *d, const char *qemu, const char *out_dir,
                uint64_t timeout_ns)
{
    DemoWork w;
    uint64_t hung = 0, queued = 0;
    demo_work_init(d, &w, COPY_SIZE);
    say("Sable demo: QEMU %s, sable-gpu ABI %u.%u, %u engines, %" G_GUINT64_FORMAT
        " MiB VRAM", qemu, SABLE_ABI_VERSION_MAJOR(sqt_reg_read(d, SABLE_REG_ABI_VERSION)),
        SABLE_ABI_VERSION_MINOR(sqt_reg_read(d, SABLE_REG_ABI_VERSION)), d->engines,
        d->vram_size >> 20);
    bool ok = step_normal_work(d, &w) && step_inject_hang(d, &w, &hung, &queued) &&
              step_copy_keeps_going(d, &w) && step_detect(d, hung, timeout_ns) &&
              step_dump(d, out_dir) && step_reset(d, &w, queued);
    say("== Result: %s", ok ? "hang detected, dumped, reset; no copy work lost; new work runs"
                            : "FAILED (see above)");
    return ok;
}

int main(int argc, char **argv)
{
    g_autofree char *qemu = NULL, *firmware = NULL, *out = NULL;
    gint timeout_ms = 2;
    GOptionEntry entries[] = {
        { "qemu", 0, 0, G_OPTION_ARG_FILENAME, &qemu, "QEMU binary with sable-gpu", "PATH" },
        { "firmware", 0, 0, G_OPTION_ARG_FILENAME, &firmware, "firmware directory (-L)", "DIR" },
        { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "write report.txt, dump.bin, dump.json here", "DIR" },
        { "hang-timeout-ms", 0, 0, G_OPTION_ARG_INT, &timeout_ms, "device time without progress that means a hang (default 2)", "N" },
        { NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new("- Sable TDR demo");
    g_autoptr(GError) err = NULL;
    g_option_context_add_main_entries(ctx, entries, NULL);
    if (!g_option_context_parse(ctx, &argc, &argv, &err) || timeout_ms <= 0) {
        fprintf(stderr, "sable-demo: %s\n", err ? err->message : "bad --hang-timeout-ms");
        return 2;
    }
    if (out && g_mkdir_with_parents(out, 0755) < 0) {
        fprintf(stderr, "sable-demo: cannot create %s: %s\n", out, g_strerror(errno));
        return 1;
    }
    report = g_string_new(NULL);
    SqtOptions opt = { .qemu = qemu, .firmware_dir = firmware };
    SqtDevice *d = sqt_device_open(&opt, &err);
    if (!d) {
        fprintf(stderr, "sable-demo: cannot start the device: %s\n", err->message);
        return 1;
    }
    bool ok = run(d, qemu ? qemu : sqt_default_qemu(), out,
                  (uint64_t)timeout_ms * 1000000);
    sqt_device_close(d);
    if (out) {
        save_file(out, "report.txt", report_text(), report->len);
    }
    g_string_free(report, TRUE);
    return ok ? 0 : 1;
}
