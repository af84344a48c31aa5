/* SPDX-License-Identifier: MIT */
/*
 * Differential mode (--compare DIR): every picture a script's tests
 * captured (captures and the actual side of expect.image) is compared
 * with the picture of the same name that another run of the same
 * scripts left in DIR (another transport, or a reference renderer),
 * within the tolerance the script gave it. Each comparison is a test of
 * its own in the results, with this run's picture, the other's (copied
 * next to it) and, on a mismatch, a diff. A test the other run failed is
 * a failure here too ("NAME: passes in the other run"); a test it skipped
 * (or a script it skipped whole: reference_gap()) has its comparisons
 * skipped with the other run's reason.
 */
#ifndef SABLE_RUN_COMPARE_H
#define SABLE_RUN_COMPARE_H

#include "report.h"

/* Adds the comparisons of run (output folder out) with the other run's
 * folder `other`. */
void sr_compare_run(const char *out, const char *other, SrRun *run);

#endif
