/* SPDX-License-Identifier: MIT */
/*
 * Pipeline statistics the host counts (pstats.c, docs/umd.md "Pipeline
 * statistics"): while a PIPELINESTATS query is open, draws bind the
 * counting variant of the PS, GS and DS (sm4_tgsi_count, made once per
 * shader at the first such draw), and of the VS for the draws whose
 * vertex counts are in GPU memory (indirect, DrawAuto), and at shader
 * buffer SM4_STATS_BUFFER of those stages the part of the device's
 * counter buffer for this kind of draw (its GS primitives rasterized or
 * not, its VS invocations counted or not). Begin and End copy the counter
 * buffer into the query's own (RESOURCE_COPY_REGION), End brings that back
 * to its allocation; GetData takes the differences. With no query open
 * and no stream output nothing in the draw path changes.
 */
#ifndef SABLE_UMD_PSTATS_H
#define SABLE_UMD_PSTATS_H

#include "umd.h"
#include "vgl_compute.h"

/* The device's counters the host kept for q (Begin..End): PS and DS
 * invocations, GS primitives rasterized and not, VS invocations of the
 * draws the UMD could not count: non-indexed indirect ones (also their IA
 * vertices), the others. */
typedef struct UmdPstatsHost {
    uint64_t ps, ds, gs_raster, gs_other, vs_ia, vs_only;
} UmdPstatsHost;

bool umd_pstats_init(UmdDevice *d, UmdQuery *q);
void umd_pstats_fini(UmdDevice *d, UmdQuery *q);
bool umd_pstats_begin(UmdDevice *d, UmdQuery *q);
bool umd_pstats_end(UmdDevice *d, UmdDdi ddi, UmdQuery *q);
/* After End's WRITE32 landed: false if the allocation cannot be read
 * (reported). */
bool umd_pstats_read(UmdDevice *d, UmdQuery *q, UmdPstatsHost *out);
void umd_pstats_device_fini(UmdDevice *d);

/* The draw path, first for each draw: its part of the counter buffer
 * (and the buffer, if draws count and it is not made yet). */
void umd_pstats_draw(UmdDevice *d, const VglDraw *draw);
/* Then: does this draw use the counting variant of stage's
 * shader (made here if needed; false also when it has none)? */
bool umd_pstats_counts(UmdDevice *d, unsigned stage);
/* Where this draw's counting variants find the counter buffer (every
 * stage the same range). */
VglShaderBuffer umd_pstats_binding(const UmdDevice *d);
/* The counter buffer while draws count (a query open, or stream-output
 * targets bound; made by Begin or umd_pstats_draw); NULL: not counting
 * (or no memory: not counted). */
UmdResource *umd_pstats_counter(const UmdDevice *d);
/* The rasterizer runs: a GS with stream output names a rasterized
 * stream (or there is none), and (D3D10) a PS is bound or depth or
 * stencil testing is on. */
bool umd_rasterizes(const UmdDevice *d);

#endif /* SABLE_UMD_PSTATS_H */
