/* SPDX-License-Identifier: MIT */
/* TAP, JUnit XML and the HTML report (report.h). */
#include <string.h>
#include <glib.h>

#include "report.h"

unsigned sr_report_tap(FILE *out, const SrRun *run, unsigned *n)
{
    unsigned failed = 0;
    for (guint i = 0; i < run->result->tests->len; i++) {
        const SrTest *t = g_ptr_array_index(run->result->tests, i);
        failed += t->status == SR_FAIL;
        fprintf(out, "%s %u - %s: %s%s%s\n", t->status == SR_FAIL ? "not ok" : "ok", ++*n,
                run->script, t->name, t->status == SR_SKIP ? " # SKIP " : "",
                t->status == SR_SKIP ? t->message : "");
        if (t->status == SR_FAIL) {
            g_auto(GStrv) lines = g_strsplit(t->message, "\n", -1);
            for (guint l = 0; lines[l]; l++) {
                fprintf(out, "# %s\n", lines[l]);
            }
        }
    }
    fflush(out);
    return failed;
}

static unsigned count(const SrRun *run, SrStatus st)
{
    unsigned n = 0;
    for (guint i = 0; i < run->result->tests->len; i++) {
        n += ((const SrTest *)g_ptr_array_index(run->result->tests, i))->status == st;
    }
    return n;
}

static bool write_file(const char *path, GString *s)
{
    GError *err = NULL;
    if (!g_file_set_contents(path, s->str, (gssize)s->len, &err)) {
        fprintf(stderr, "sable-run: %s\n", err->message);
        g_error_free(err);
        return false;
    }
    return true;
}

bool sr_report_junit(const char *path, const char *suite, SrRun *const *runs, unsigned n)
{
    GString *s = g_string_new("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    unsigned tests = 0, failures = 0;
    for (unsigned r = 0; r < n; r++) {
        tests += runs[r]->result->tests->len;
        failures += count(runs[r], SR_FAIL);
    }
    g_autofree char *esuite = g_markup_escape_text(suite, -1);
    g_string_append_printf(s, "<testsuites name=\"%s\" tests=\"%u\" failures=\"%u\">\n", esuite,
                           tests, failures);
    for (unsigned r = 0; r < n; r++) {
        const SrRun *run = runs[r];
        g_autofree char *name = g_markup_escape_text(run->script, -1);
        g_string_append_printf(s, "  <testsuite name=\"%s\" tests=\"%u\" failures=\"%u\" "
                               "skipped=\"%u\" time=\"%.3f\">\n", name,
                               run->result->tests->len, count(run, SR_FAIL),
                               count(run, SR_SKIP), run->seconds);
        for (guint i = 0; i < run->result->tests->len; i++) {
            const SrTest *t = g_ptr_array_index(run->result->tests, i);
            g_autofree char *tn = g_markup_escape_text(t->name, -1);
            g_autofree char *msg = g_markup_escape_text(t->message, -1);
            g_string_append_printf(s, "    <testcase classname=\"%s\" name=\"%s\">", name, tn);
            if (t->status == SR_FAIL) {
                g_string_append_printf(s, "<failure message=\"%s\">%s</failure>", msg, msg);
            } else if (t->status == SR_SKIP) {
                g_string_append_printf(s, "<skipped message=\"%s\"/>", msg);
            }
            g_string_append(s, "</testcase>\n");
        }
        g_string_append(s, "  </testsuite>\n");
    }
    g_string_append(s, "</testsuites>\n");
    bool ok = write_file(path, s);
    g_string_free(s, TRUE);
    return ok;
}

static const char html_head[] =
    "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>\n<style>\n"
    "body{font-family:sans-serif;margin:1.5em;background:#fafafa;color:#222}\n"
    "h1{font-size:1.4em} h2{font-size:1.1em;margin-top:1.5em}\n"
    ".ok{color:#176f2c} .fail{color:#b00020} .skip{color:#8a6d00}\n"
    ".test{border:1px solid #ccc;background:#fff;padding:.5em 1em;margin:.5em 0}\n"
    "pre{white-space:pre-wrap;background:#f3f3f3;padding:.5em}\n"
    "figure{display:inline-block;margin:.3em;vertical-align:top;text-align:center}\n"
    "figure img{max-width:320px;border:1px solid #999;image-rendering:pixelated;"
    "min-width:64px;background:#ddd}\n"
    "</style></head><body>\n<h1>%s</h1>\n<p id=\"summary\">%u tests: "
    "<span class=\"ok\">%u passed</span>, <span class=\"fail\">%u failed</span>, "
    "<span class=\"skip\">%u skipped</span></p>\n";

static void html_test(GString *s, const SrRun *run, const SrTest *t)
{
    static const char *const cls[] = { "ok", "fail", "skip" };
    g_autofree char *name = g_markup_escape_text(t->name, -1);
    g_string_append_printf(s, "<div class=\"test\"><b class=\"%s\">%s</b> %s\n",
                           cls[t->status], cls[t->status], name);
    if (t->message[0]) {
        g_autofree char *msg = g_markup_escape_text(t->message, -1);
        g_string_append_printf(s, "<pre>%s</pre>\n", msg);
    }
    for (guint i = 0; i < t->images->len; i++) {
        const SrImageRef *im = g_ptr_array_index(t->images, i);
        g_autofree char *file = g_markup_escape_text(im->file, -1);
        g_autofree char *role = g_markup_escape_text(im->role, -1);
        g_autofree char *name = g_markup_escape_text(im->name, -1);
        g_string_append_printf(s, "<figure><a href=\"%s/%s\"><img src=\"%s/%s\" alt=\"%s\">"
                               "</a><figcaption>%s (%s)</figcaption></figure>\n", run->id, file,
                               run->id, file, name, name, role);
    }
    g_string_append(s, "</div>\n");
}

bool sr_report_html(const char *path, const char *title, SrRun *const *runs, unsigned n)
{
    unsigned tests = 0, ok = 0, failed = 0, skipped = 0;
    for (unsigned r = 0; r < n; r++) {
        tests += runs[r]->result->tests->len;
        ok += count(runs[r], SR_OK);
        failed += count(runs[r], SR_FAIL);
        skipped += count(runs[r], SR_SKIP);
    }
    g_autofree char *etitle = g_markup_escape_text(title, -1);
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, html_head, etitle, etitle, tests, ok, failed, skipped);
    for (unsigned r = 0; r < n; r++) {
        const SrRun *run = runs[r];
        g_autofree char *name = g_markup_escape_text(run->script, -1);
        bool bad = count(run, SR_FAIL) > 0;
        g_string_append_printf(s, "<h2 class=\"%s\">%s</h2>\n<p>%.2f s, <a href=\"%s/%s\">log"
                               "</a></p>\n", bad ? "fail" : "ok", name, run->seconds, run->id,
                               run->log);
        for (guint i = 0; i < run->result->tests->len; i++) {
            html_test(s, run, g_ptr_array_index(run->result->tests, i));
        }
    }
    g_string_append(s, "</body></html>\n");
    bool done = write_file(path, s);
    g_string_free(s, TRUE);
    return done;
}
