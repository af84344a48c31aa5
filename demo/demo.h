/* SPDX-License-Identifier: MIT */
/* sable-demo: a TDR story on the real QEMU device. */
#ifndef SABLE_DEMO_H
#define SABLE_DEMO_H

#include "sable-qtest.h"

/* Print a line to stdout and append it to the report. */
void say(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
/* The report so far. */
const char *report_text(void);

typedef struct DemoWork {
    SqtBuf src;       /* system memory, random-ish pattern */
    uint64_t vram;    /* VRAM copy target */
    SqtBuf check;     /* WRITE32 targets */
    uint32_t size;
} DemoWork;

void demo_work_init(SqtDevice *d, DemoWork *w, uint32_t size);
/* Copy engine: COPY src -> vram + marker write; waits; true if exact. */
bool demo_copy_round(SqtDevice *d, DemoWork *w, unsigned i, uint64_t *fence);
/* Graphics: FILL in VRAM + marker write; returns the fence (no wait). */
uint64_t demo_gfx_submit(SqtDevice *d, DemoWork *w, unsigned slot, uint32_t marker);
bool demo_marker_is(DemoWork *w, unsigned slot, uint32_t marker);
/* Step the clock until engine e's fence stops advancing for timeout_ns of
 * device time (true: hung) or reaches `fence` (false). */
bool demo_detect_hang(SqtDevice *d, unsigned e, uint64_t fence,
                      uint64_t timeout_ns, uint64_t *detected_at_ns);

#endif
