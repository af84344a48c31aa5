/* SPDX-License-Identifier: MIT */
/*
 * Writing one script's results file (the format: results.h), from the
 * script's process; portable (the Windows build writes the same file, so
 * the Linux runner's --compare reads a Windows run's folder).
 */
#ifndef SABLE_RUN_RESULTS_WRITE_H
#define SABLE_RUN_RESULTS_WRITE_H

#include <stdio.h>

/* Its name in the script's output folder. */
#define SR_RESULTS_FILE "results.tsv"

typedef enum SrStatus { SR_OK, SR_FAIL, SR_SKIP } SrStatus;

void sr_results_write_test(FILE *f, SrStatus st, const char *name, const char *message);
void sr_results_write_image(FILE *f, const char *role, const char *name, const char *file,
                            unsigned tolerance);
void sr_results_write_end(FILE *f);

const char *sr_status_name(SrStatus st);

#endif
