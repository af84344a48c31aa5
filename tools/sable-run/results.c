/* SPDX-License-Identifier: MIT */
/* The results file between a script's process and the runner (results.h). */
#include <string.h>

#include "results.h"

static void test_free(gpointer p)
{
    SrTest *t = p;
    g_free(t->name);
    g_free(t->message);
    g_ptr_array_free(t->images, TRUE);
    g_free(t);
}

static void image_ref_free(gpointer p)
{
    SrImageRef *i = p;
    g_free(i->role);
    g_free(i->name);
    g_free(i->file);
    g_free(i);
}

static SrTest *test_new(SrStatus st, const char *name, const char *message)
{
    SrTest *t = g_new0(SrTest, 1);
    t->status = st;
    t->name = g_strdup(name);
    t->message = g_strdup(message);
    t->images = g_ptr_array_new_with_free_func(image_ref_free);
    return t;
}

SrTest *sr_results_add(SrScriptResult *r, SrStatus st, const char *name, const char *message)
{
    SrTest *t = test_new(st, name, message);
    g_ptr_array_add(r->tests, t);
    return t;
}

static SrImageRef *image_ref_new(const char *role, const char *name, const char *file,
                                 unsigned tolerance)
{
    SrImageRef *i = g_new0(SrImageRef, 1);
    i->role = g_strdup(role);
    i->name = g_strdup(name);
    i->file = g_strdup(file);
    i->tolerance = tolerance;
    return i;
}

void sr_results_add_image(SrTest *t, const char *role, const char *name, const char *file)
{
    g_ptr_array_add(t->images, image_ref_new(role, name, file, 0));
}

static bool parse_status(const char *s, SrStatus *st)
{
    for (unsigned i = SR_OK; i <= SR_SKIP; i++) {
        if (strcmp(s, sr_status_name((SrStatus)i)) == 0) {
            *st = (SrStatus)i;
            return true;
        }
    }
    return false;
}

/* One line; lines that do not parse (a child killed mid-write) are skipped. */
static void parse_line(SrScriptResult *r, GPtrArray *pending, char *line)
{
    g_auto(GStrv) f = g_strsplit(line, "\t", 6);
    guint n = g_strv_length(f);
    for (guint i = 1; i < n; i++) {
        char *c = g_strcompress(f[i]);
        g_free(f[i]);
        f[i] = c;
    }
    SrStatus st;
    if (n == 4 && strcmp(f[0], "test") == 0 && parse_status(f[1], &st)) {
        SrTest *t = test_new(st, f[2], f[3]);
        for (guint i = 0; i < pending->len; i++) {
            g_ptr_array_add(t->images, g_ptr_array_index(pending, i));
        }
        g_ptr_array_set_size(pending, 0);
        g_ptr_array_add(r->tests, t);
    } else if (n == 5 && strcmp(f[0], "image") == 0) {
        guint64 tol;
        if (g_ascii_string_to_unsigned(f[4], 10, 0, 255, &tol, NULL)) {
            g_ptr_array_add(pending, image_ref_new(f[1], f[2], f[3], (unsigned)tol));
        }
    } else if (n == 1 && strcmp(f[0], "end") == 0) {
        r->ended = true;
    }
}

SrScriptResult *sr_results_read(const char *path)
{
    SrScriptResult *r = g_new0(SrScriptResult, 1);
    r->tests = g_ptr_array_new_with_free_func(test_free);
    g_autofree char *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, NULL)) {
        return r;
    }
    /* images of a test not recorded (its process died) are dropped */
    g_autoptr(GPtrArray) pending = g_ptr_array_new();
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (guint i = 0; lines[i]; i++) {
        parse_line(r, pending, lines[i]);
    }
    g_ptr_array_foreach(pending, (GFunc)(void (*)(void))image_ref_free, NULL);
    return r;
}

void sr_results_free(SrScriptResult *r)
{
    if (r) {
        g_ptr_array_free(r->tests, TRUE);
        g_free(r);
    }
}
