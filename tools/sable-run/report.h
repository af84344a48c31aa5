/* SPDX-License-Identifier: MIT */
/*
 * What the runner reports once scripts have run: TAP lines on stdout as
 * each script finishes (in script order), a JUnit XML file (one
 * testsuite per script, one testcase per test) and report.html in the
 * output folder, each test with its pictures side by side.
 */
#ifndef SABLE_RUN_REPORT_H
#define SABLE_RUN_REPORT_H

#include <stdio.h>

#include "results.h"

typedef struct SrRun {
    char *script;               /* path as given */
    char *id;                   /* its output folder's name (unique) */
    SrScriptResult *result;
    double seconds;
    char *log;                  /* log file, relative to the output folder */
} SrRun;

/* TAP for one script; *n numbers the lines. Returns the failures. */
unsigned sr_report_tap(FILE *out, const SrRun *run, unsigned *n);
bool sr_report_junit(const char *path, const char *suite, SrRun *const *runs, unsigned count);
bool sr_report_html(const char *path, const char *title, SrRun *const *runs, unsigned count);

#endif
