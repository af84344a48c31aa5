/* SPDX-License-Identifier: MIT */
/*
 * 3D objects (devices with SABLE_FEATURE_3D; docs/kmd.md, "3D"). The KMD
 * owns the device's 3D contexts and resources:
 * - a resource id per 3D allocation, taken at CreateAllocation (round
 *   robin over 1..SABLE_3D_MAX_RESOURCES, so a freed id is reused late);
 * - a context id per graphics-node context, taken at its first 3D Render;
 * - the device objects are created, moved (RES_BACKING), attached and
 *   destroyed by a prologue at the start of every DMA buffer of a 3D
 *   submission. Render reserves it (fixed-size slots of NOPs, sizes from
 *   the allocation list) and records it in the DMA buffer's private data;
 *   Patch, which runs in submission order, fills each slot with the packet
 *   the object's state needs then, and writes the address of each inline
 *   SUBMIT's stream (a NOP payload in the same DMA buffer).
 * - Destroyed contexts and allocations whose device objects exist are
 *   queued and destroyed by the next 3D submission's prologue (at most
 *   KMD_3D_DESTROY_SLOTS per DMA buffer), so host memory stays bounded by
 *   the live objects plus that queue.
 * Engine reset: the device destroyed the guilty context if a SUBMIT of the
 * submission in flight started; the KMD forgets it. A reset that stopped
 * inside a prologue leaves the KMD unsure of what exists: kmd_3d_engine_reset
 * says so and the reset is promoted to the adapter. Adapter reset: every
 * device 3D object is gone; kmd_3d_forget() resets the KMD's view (ids
 * stay assigned; objects are created again on next use).
 * All state is under the adapter lock.
 */
#ifndef KMD_S3D_H
#define KMD_S3D_H

#include "alloc.h"
#include "device.h"

#define KMD_3D_DESTROY_SLOTS 8u
#define KMD_3D_MAX_SUBMITS 32u     /* inline SUBMITs per DMA buffer */
#define KMD_3D_TRACK 256u          /* 3D DMA buffers remembered for resets */
#define KMD_3D_PENDING (SABLE_3D_MAX_CONTEXTS + SABLE_3D_MAX_RESOURCES)
#define KMD_3D_PENDING_CTX 0x8000u /* pending entry: a context id */

#define KMD_DMA_PRIVATE_MAGIC 0x44334453u /* "SD3D" */

/* DMA buffer private data (ContextInfo.DmaBufferPrivateDataSize of
 * graphics contexts on 3D adapters): what Render left for Patch. */
typedef struct KmdDmaPrivate {
    uint32_t magic;
    uint32_t prologue_bytes;    /* 0: not a 3D submission */
    uint32_t nalloc3d;          /* 3D allocations the prologue has slots for */
    uint32_t nsubmit;
    uint32_t submit_off[KMD_3D_MAX_SUBMITS]; /* DMA offset of each device SUBMIT */
} KmdDmaPrivate;

typedef enum KmdResState {
    KMD_RES_FREE = 0,
    KMD_RES_ASSIGNED,           /* an allocation has the id; no device object */
    KMD_RES_LIVE,               /* created by a patched prologue */
    KMD_RES_DOOMED,             /* allocation destroyed, RES_DESTROY queued */
} KmdResState;

/* A DMA buffer Patch last filled as a 3D submission, for engine reset:
 * keyed by its GPU address (what the device reports in flight), so a
 * resubmission of the same buffer after a reset is found too. Patching the
 * buffer again (3D or not) replaces the entry; the least recently patched
 * entry makes room. The destroys its prologue carries go back to the queue
 * if the device stopped before them. */
typedef struct KmdTrack {
    uint64_t dma;               /* DMA buffer GPU address, 0: free */
    uint64_t seq;               /* Patch order */
    uint32_t ctx;               /* its device 3D context */
    uint32_t prologue_end;      /* DMA offset past the prologue */
    uint32_t first_submit;      /* DMA offset of its first SUBMIT, UINT32_MAX: none */
    uint32_t ndestroy;          /* destroy slots used, and their entries */
    uint16_t destroyed[KMD_3D_DESTROY_SLOTS];
} KmdTrack;

typedef struct Kmd3d {
    uint32_t next_ctx, next_res;
    uint8_t ctx_used[SABLE_3D_MAX_CONTEXTS + 1];
    uint8_t ctx_live[SABLE_3D_MAX_CONTEXTS + 1];
    uint8_t res[SABLE_3D_MAX_RESOURCES + 1];     /* KmdResState */
    uint16_t pending[KMD_3D_PENDING];
    uint32_t npending;
    KmdTrack track[KMD_3D_TRACK];
    uint64_t seq;
} Kmd3d;

/* Prologue bytes for n 3D allocations. */
uint32_t kmd_3d_prologue_bytes(uint32_t n);
/* At start: a->s3d allocated when the device has SABLE_FEATURE_3D. */
NTSTATUS kmd_3d_start(KmdAdapter *a);
void kmd_3d_stop(KmdAdapter *a);

/* Private data checks and resource ids (alloc.c). */
bool kmd_3d_desc_ok(const KmdAdapter *a, const struct sable_alloc_private_3d *p);
NTSTATUS kmd_3d_res_assign(KmdAdapter *a, uint32_t *res_id);
void kmd_3d_res_release(KmdAdapter *a, uint32_t res_id);

/* Contexts (device.c, render.c). */
NTSTATUS kmd_3d_context_id(KmdContext *c, uint32_t *ctx);
void kmd_3d_context_release(KmdAdapter *a, uint32_t ctx);

/* Render and Present: the DMA buffer's private data (NULL if the context
 * has none) initialized as "not a 3D submission". */
KmdDmaPrivate *kmd_3d_private_init(void *data, UINT size);
/* Render: write the prologue of NOPs for n 3D allocations at dma. */
void kmd_3d_reserve(uint8_t *dma, uint32_t n);
/* Patch (3D adapters): fill the prologue and SUBMIT addresses of a 3D DMA
 * buffer; priv NULL or not 3D: the buffer holds no 3D work any more. */
NTSTATUS kmd_3d_patch(KmdAdapter *a, const DXGKARG_PATCH *p, const KmdDmaPrivate *priv);

/* Engine reset of the graphics node, with what the engine was running when
 * it stopped (read before the reset: tdr.c); false: the KMD's view is
 * unsure (the reset stopped inside a prologue) and the adapter must be
 * reset. */
typedef struct KmdInFlight {
    bool valid;
    uint64_t dma;               /* DMA buffer GPU address */
    uint32_t offset;            /* first packet not finished */
} KmdInFlight;
bool kmd_3d_engine_reset(KmdAdapter *a, const KmdInFlight *f);
/* Adapter reset: no device 3D object exists any more. */
void kmd_3d_forget(KmdAdapter *a);

#endif
