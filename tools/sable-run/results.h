/* SPDX-License-Identifier: MIT */
/*
 * What one script's run produced, as the child process records it line by
 * line in its results file and the parent reads it back (so a child that
 * crashes or times out still leaves what it finished):
 *   test <TAB> ok|fail|skip <TAB> name <TAB> message
 *   image <TAB> role <TAB> name <TAB> file <TAB> tolerance  (for the next test)
 *   end
 * Fields are C-escaped (sr_strescape; read back with g_strcompress), so
 * messages keep their newlines.
 */
#ifndef SABLE_RUN_RESULTS_H
#define SABLE_RUN_RESULTS_H

#include <stdbool.h>
#include <stdio.h>
#include <glib.h>

#include "results-write.h"

typedef struct SrImageRef {
    char *role;                 /* capture, actual, expected, diff */
    char *name;                 /* what the script called it */
    unsigned tolerance;         /* per channel, for comparisons (captures: 0) */
    char *file;                 /* relative to the script's output folder */
} SrImageRef;

typedef struct SrTest {
    SrStatus status;
    char *name;
    char *message;
    GPtrArray *images;          /* SrImageRef */
} SrTest;

typedef struct SrScriptResult {
    GPtrArray *tests;           /* SrTest */
    bool ended;                 /* the child wrote `end` */
} SrScriptResult;

/* Reads a results file (a missing one reads as no tests, not ended). */
SrScriptResult *sr_results_read(const char *path);
/* Appends a test to r (what the parent adds for a crash or timeout, or
 * a comparison); returns it. */
SrTest *sr_results_add(SrScriptResult *r, SrStatus st, const char *name, const char *message);
/* Adds an image to t. */
void sr_results_add_image(SrTest *t, const char *role, const char *name, const char *file);
void sr_results_free(SrScriptResult *r);

#endif
