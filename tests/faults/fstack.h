/* SPDX-License-Identifier: MIT */
/*
 * The whole stack for fault tests and the soak: winsim's D3D runtime ->
 * the UMD -> winsim's dxgkrnl -> the KMD -> the device named by
 * $WINSIM_TRANSPORT (inproc, inproc-intx, qemu). Two kinds of work:
 *  - a UMD job on the graphics node: a DEFAULT buffer with a pattern copied
 *    into a STAGING buffer (CopyResource), and a TILE_Y render target
 *    cleared to a colour of the job's own and copied into a STAGING
 *    texture, then Flush; read back with READ maps, which wait for the work
 *    (and run any TDR on the way);
 *  - a KMT job on the copy node: a KMD-level COPY between two aperture
 *    allocations of a D3DKMT device (the UMD submits to graphics only).
 * A job's result is byte-exact or its context was put in error.
 */
#ifndef FSTACK_H
#define FSTACK_H

#include "d3drt.h"
#include "vidsch.h"
#include "ws-tdr.h"
#include "sable-dump-decode.h"

#define FS_JOB_SIZE 4096u

typedef struct FStack {
    WsSim *sim;
    RtAdapter *ad;
    unsigned live_base;         /* fs_live_objects() once started */
} FStack;

/* Start the adapter on $WINSIM_TRANSPORT (default inproc) and open the UMD. */
void fs_start(FStack *s);
void fs_stop(FStack *s);
/* Arm SPEC[;SPEC...] (docs/protocol.md section 11) through the transport. */
void fs_inject(FStack *s, const char *specs);
/* Live OS allocations, DMA buffers, locks, mappings, guest pages and
 * segment pages winsim accounts for: leaked = now - live_base. */
unsigned fs_live_objects(const WsSim *sim);

#define FS_JOB_TEX_W 40u
#define FS_JOB_TEX_H 24u

typedef struct UmdJob {
    RtDevice *d;
    RtResource *src, *st;
    RtResource *target, *target_st; /* the cleared render target, its copy */
    RtView *rtv;
    uint8_t data[FS_JOB_SIZE];
    uint8_t rgba[4];                /* the clear colour, R8G8B8A8 */
} UmdJob;

typedef enum JobResult { JOB_EXACT, JOB_REMOVED, JOB_WRONG } JobResult;

/* A UMD device (D3D11) with its two buffers, idle. */
UmdJob *umd_job_new(FStack *s, unsigned seed);
void umd_job_free(UmdJob *j);
/* CopyResource, ClearRenderTargetView + CopyResource, Flush: returns the
 * first failure the UMD reported. */
HRESULT umd_job_submit(UmdJob *j);
/* READ maps of both staging resources: exact, removed (DEVICEREMOVED from
 * Map) or wrong. */
JobResult umd_job_finish(UmdJob *j);

typedef struct KmtJob {
    WsKmtDevice *d;
    WsKmtAllocation *src, *dst;
    uint8_t data[FS_JOB_SIZE];
    uint32_t fence;
} KmtJob;

KmtJob *kmt_job_new(FStack *s, unsigned seed);
void kmt_job_free(KmtJob *j);
/* Clear dst, render the COPY on the copy node; its status. */
NTSTATUS kmt_job_submit(KmtJob *j);
/* Wait for it: exact, removed (the wait failed: its context in error) or
 * wrong. */
JobResult kmt_job_finish(KmtJob *j);
/* The job's copy-node context was put in error by a TDR. */
bool kmt_job_errored(const KmtJob *j);

/* Decode saved TDR dump i; NULL (and err) if it does not decode. */
SableDump *fs_dump(const WsSim *sim, unsigned i, GError **err);

#endif
