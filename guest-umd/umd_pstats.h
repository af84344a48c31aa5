/* SPDX-License-Identifier: MIT */
/*
 * Pipeline statistics the host counts (pstats.c, docs/umd.md "Pipeline
 * statistics"): while a PIPELINESTATS query is open, draws bind the
 * counting variant of the PS, GS and DS (sm4_tgsi_count, made once per
 * shader at the first such draw) and the device's counter buffer at
 * shader buffer SM4_STATS_BUFFER of those stages: word SM4_STATS_PS / _GS
 * / _DS of its first 16 bytes, a GS whose primitives reach no rasterizer
 * counting in the second 16. Begin and End copy the 32 bytes into the
 * query's own buffer (RESOURCE_COPY_REGION), End brings it back to its
 * allocation; GetData takes the difference. With no query open nothing in
 * the draw path changes.
 */
#ifndef SABLE_UMD_PSTATS_H
#define SABLE_UMD_PSTATS_H

#include "umd.h"
#include "vgl_compute.h"

#define UMD_PSTATS_BYTES 32u /* the counter buffer: two 16-byte halves */

/* The device's counters the host kept for q (Begin..End): PS and DS
 * invocations, GS primitives rasterized and not. */
typedef struct UmdPstatsHost {
    uint64_t ps, ds, gs_raster, gs_other;
} UmdPstatsHost;

bool umd_pstats_init(UmdDevice *d, UmdQuery *q);
void umd_pstats_fini(UmdDevice *d, UmdQuery *q);
bool umd_pstats_begin(UmdDevice *d, UmdQuery *q);
bool umd_pstats_end(UmdDevice *d, UmdDdi ddi, UmdQuery *q);
/* After End's WRITE32 landed: false if the allocation cannot be read
 * (reported). */
bool umd_pstats_read(UmdDevice *d, UmdQuery *q, UmdPstatsHost *out);
void umd_pstats_device_fini(UmdDevice *d);

/* The draw path: does this draw use the counting variant of stage's
 * shader (made here if needed; false also when it has none)? */
bool umd_pstats_counts(UmdDevice *d, unsigned stage);
/* Where stage's counting variant finds the counter buffer. */
VglShaderBuffer umd_pstats_binding(const UmdDevice *d, unsigned stage);
/* The counter buffer while draws count (a query open, or stream-output
 * targets bound), made at the first need; NULL: not counting (or no
 * memory: not counted). */
UmdResource *umd_pstats_counter(UmdDevice *d);
/* The rasterizer runs: a GS with stream output names a rasterized
 * stream (or there is none), and (D3D10) a PS is bound or depth or
 * stencil testing is on. */
bool umd_rasterizes(const UmdDevice *d);

#endif /* SABLE_UMD_PSTATS_H */
