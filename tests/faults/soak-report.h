/* SPDX-License-Identifier: MIT */
/* What a soak run counted, and its reports: summary.json (json-glib) and
 * report.txt in the run directory. */
#ifndef SOAK_REPORT_H
#define SOAK_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

enum { SOAK_KINDS = 8 };
extern const char *const soak_kind_names[SOAK_KINDS];

typedef struct SoakStats {
    const char *transport;
    uint32_t seed;
    unsigned count;
    unsigned injected[SOAK_KINDS];
    unsigned tdrs, engine_resets, adapter_resets;
    unsigned removed;            /* guilty jobs (device or context in error) */
    GArray *recovery_ns;         /* uint64_t: per TDR: injection -> both jobs done */
    uint64_t device_ns;          /* device time the run took */
    /* must be 0 */
    unsigned innocent_lost;      /* innocent jobs removed or with wrong data */
    unsigned leaked;             /* winsim objects live at the end beyond the start */
    unsigned dumps_bad;          /* saved dumps that did not decode */
    unsigned unexpected_tdrs;    /* TDRs after drop-irq or slow under TdrDelay */
    unsigned dumps;              /* saved dumps */
} SoakStats;

bool soak_ok(const SoakStats *s);
/* Write summary.json and report.txt into dir; returns the text report. */
char *soak_write_reports(SoakStats *s, const char *dir, GError **err);

#endif
