/* SPDX-License-Identifier: MIT */
/* Differential mode: pictures compared with another run's (compare.h). */
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "compare.h"
#include "image.h"

/* Saves img as `file` + suffix in dir; the new file's name (g_free) or NULL. */
static char *save_beside(const SrImage *img, const char *dir, const char *file,
                         const char *suffix)
{
    g_autofree char *stem = g_strndup(file, strlen(file) - strlen(".png"));
    char *name = g_strdup_printf("%s-%s.png", stem, suffix);
    g_autofree char *path = g_build_filename(dir, name, NULL);
    char *err = NULL;
    if (!sr_image_save(img, path, &err)) {
        free(err);
        g_clear_pointer(&name, g_free);
    }
    return name;
}

/* The file of the other run's picture of test `theirs` (NULL: none
 * recorded) named and made as im: found by name, not by file, whose
 * sequence number counts the pictures of tests one run skipped. */
static const char *other_file(const SrTest *theirs, const SrImageRef *im)
{
    for (guint k = 0; theirs && k < theirs->images->len; k++) {
        const SrImageRef *o = g_ptr_array_index(theirs->images, k);
        if (strcmp(o->name, im->name) == 0 && strcmp(o->role, im->role) == 0) {
            return o->file;
        }
    }
    return im->file;
}

/* One picture against the other run's; the outcome as a new test. */
static void compare_image(SrRun *run, const char *dir, const char *other_dir,
                          const SrTest *t, const SrImageRef *im, const SrTest *other)
{
    g_autofree char *name = g_strdup_printf("%s: %s matches the other run", t->name, im->name);
    g_autofree char *mine = g_build_filename(dir, im->file, NULL);
    g_autofree char *theirs = g_build_filename(other_dir, other_file(other, im), NULL);
    char *err = NULL;
    SrImage *a = sr_image_load(mine, &err);
    SrImage *b = a ? sr_image_load(theirs, &err) : NULL;
    if (!b) {
        sr_results_add(run->result, SR_FAIL, name, err);
        free(err);
        sr_image_free(a);
        return;
    }
    SrTest *c = sr_results_add(run->result, SR_OK, name, "");
    sr_results_add_image(c, "this run", im->name, im->file);
    g_autofree char *copy = save_beside(b, dir, im->file, "other");
    if (copy) {
        sr_results_add_image(c, "the other run", im->name, copy);
    }
    if (a->width != b->width || a->height != b->height) {
        c->status = SR_FAIL;
        g_free(c->message);
        c->message = g_strdup_printf("%ux%u here, %ux%u in %s", a->width, a->height, b->width,
                                     b->height, theirs);
    } else {
        SrImage *diff = NULL;
        SrCompare r = sr_image_compare(a, b, im->tolerance, &diff);
        if (r.differing) {
            c->status = SR_FAIL;
            g_free(c->message);
            c->message = g_strdup_printf("%" G_GUINT64_FORMAT " pixels differ beyond tolerance "
                                         "%u (largest difference %u), first at (%u, %u), from %s",
                                         r.differing, im->tolerance, r.max_delta, r.first_x,
                                         r.first_y, theirs);
            g_autofree char *d = save_beside(diff, dir, im->file, "diff");
            if (d) {
                sr_results_add_image(c, "diff", im->name, d);
            }
        }
        sr_image_free(diff);
    }
    sr_image_free(a);
    sr_image_free(b);
}

/* The other run's test named `name`, or its script-level skip (a skipped
 * test named after the script, as reference_gap() outside a test leaves). */
static const SrTest *other_test(const SrScriptResult *o, const char *script, const char *name)
{
    g_autofree char *base = g_path_get_basename(script);
    const SrTest *whole = NULL;
    for (guint i = 0; i < o->tests->len; i++) {
        const SrTest *t = g_ptr_array_index(o->tests, i);
        if (strcmp(t->name, name) == 0) {
            return t;
        }
        if (t->status == SR_SKIP && strcmp(t->name, base) == 0) {
            whole = t;
        }
    }
    return whole;
}

/* A test that failed in the other run (and passed or failed here): a
 * disagreement of its own. */
static void other_failed(SrRun *run, const SrTest *mine, const SrTest *theirs)
{
    g_autofree char *name = g_strdup_printf("%s: passes in the other run", mine->name);
    sr_results_add(run->result, SR_FAIL, name, theirs->message);
}

void sr_compare_run(const char *out, const char *other, SrRun *run)
{
    g_autofree char *dir = g_build_filename(out, run->id, NULL);
    g_autofree char *other_dir = g_build_filename(other, run->id, NULL);
    g_autofree char *other_results = g_build_filename(other_dir, SR_RESULTS_FILE, NULL);
    SrScriptResult *o = sr_results_read(other_results);
    if (!o->ended) {
        g_autofree char *base = g_path_get_basename(run->script);
        g_autofree char *name = g_strdup_printf("%s: the other run finished it", base);
        sr_results_add(run->result, SR_FAIL, name, other_results);
    }
    guint n = run->result->tests->len; /* the comparisons are appended */
    for (guint i = 0; i < n; i++) {
        const SrTest *t = g_ptr_array_index(run->result->tests, i);
        const SrTest *theirs = other_test(o, run->script, t->name);
        if (theirs && theirs->status == SR_SKIP) {
            g_autofree char *name = g_strdup_printf("%s: compared with the other run", t->name);
            sr_results_add(run->result, SR_SKIP, name, theirs->message);
            continue;
        }
        if (theirs && theirs->status == SR_FAIL) {
            other_failed(run, t, theirs);
        }
        for (guint k = 0; k < t->images->len; k++) {
            const SrImageRef *im = g_ptr_array_index(t->images, k);
            if (strcmp(im->role, "capture") == 0 || strcmp(im->role, "actual") == 0) {
                compare_image(run, dir, other_dir, t, im, theirs);
            }
        }
    }
    sr_results_free(o);
}
