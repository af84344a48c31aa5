/* SPDX-License-Identifier: MIT */
/*
 * Sable 3D (ABI 1.3, FEATURE_3D): packets of the graphics engine that drive
 * the device's virgl 3D engine (virglrenderer 0.10.4 on the host). The guest
 * encodes virgl command streams (sable_virgl.h) and the device executes them
 * for one 3D context. Objects:
 *   context   1..SABLE_3D_MAX_CONTEXTS, created/destroyed by packets.
 *   resource  1..SABLE_3D_MAX_RESOURCES, a virgl resource (its description
 *             below) with a host copy owned by the device and a backing: a
 *             range of GPU memory (the allocation) that TRANSFER packets copy
 *             to and from. A stream may only name resources attached to its
 *             context (ATTACH/DETACH).
 * With SABLE_CMD_F_ENSURE (ABI 1.4) the object packets state what must hold
 * afterwards instead of a change: CTX_CREATE of a live context and
 * RES_CREATE of a live resource (whose backing it then moves, the
 * description and host copy untouched: ids name one object until their
 * destroy) succeed, and so do CTX_DESTROY / RES_DESTROY of an id that does
 * not exist; a driver can then resend every object a submission needs,
 * which stays right after any reset.
 * Coherence is the guest's: the device never moves data between the backing
 * and the host copy except on TRANSFER. Packets run in ring order; a 3D
 * packet finishes (its virgl work is issued, or for TRANSFER FROM_HOST the
 * bytes are in the backing) before the next packet starts, and a submission
 * that executed any 3D packet completes its fence only when the host GPU has
 * finished its work. A packet on another engine, a bad id, a create of an
 * existing id or an object in the wrong state latches SABLE_FAULT_3D_OBJECT;
 * work virglrenderer refuses latches SABLE_FAULT_3D_REJECTED; both at the
 * packet's GPU address. Engine reset and adapter reset (1.4) destroy the 3D
 * context of the packet in flight or faulted (the guilty one); other
 * contexts and every resource (with its host copy) survive; power-on reset
 * destroys everything. Reserved fields must be zero (SABLE_FAULT_BAD_ARGUMENT).
 */
#ifndef SABLE_3D_H
#define SABLE_3D_H

#include "sable_abi.h"

#define SABLE_3D_MAX_CONTEXTS 64u
#define SABLE_3D_MAX_RESOURCES 4096u
#define SABLE_3D_MAX_STREAM_BYTES (4u << 20) /* one SUBMIT's virgl stream */
#define SABLE_3D_MAX_TRANSFER_BYTES (64u << 20) /* one TRANSFER */

enum sable_3d_opcode {
    SABLE_OP_3D_CTX_CREATE = 0x10,  /* struct sable_cmd_3d_ctx */
    SABLE_OP_3D_CTX_DESTROY = 0x11, /* struct sable_cmd_3d_ctx */
    SABLE_OP_3D_RES_CREATE = 0x12,  /* struct sable_cmd_3d_res_create */
    SABLE_OP_3D_RES_DESTROY = 0x13, /* struct sable_cmd_3d_res */
    SABLE_OP_3D_RES_BACKING = 0x14, /* struct sable_cmd_3d_res_backing */
    SABLE_OP_3D_ATTACH = 0x15,      /* struct sable_cmd_3d_attach */
    SABLE_OP_3D_DETACH = 0x16,      /* struct sable_cmd_3d_attach */
    SABLE_OP_3D_TRANSFER = 0x17,    /* struct sable_cmd_3d_transfer */
    SABLE_OP_3D_SUBMIT = 0x18,      /* struct sable_cmd_3d_submit */
    SABLE_OP_3D_CAPS = 0x19,        /* struct sable_cmd_3d_caps */
};

/* CTX_CREATE: ctx_id must be free; CTX_DESTROY: must exist (its resources
 * are detached, not destroyed). */
struct sable_cmd_3d_ctx {
    uint32_t header;
    uint32_t ctx_id;
};
SABLE_LAYOUT(struct sable_cmd_3d_ctx, 8);

/* RES_CREATE: a virgl resource (fields as virglrenderer's
 * virgl_renderer_resource_create_args: target SABLE_VIRGL_TARGET_*, format
 * SABLE_VIRGL_FORMAT_*, bind SABLE_VIRGL_BIND_*, last_level = mip levels - 1)
 * backed by [backing_addr, backing_addr + backing_size) of GPU memory. The
 * backing is only checked when a TRANSFER uses it. res_id must be free.
 * virglrenderer refusing the description latches 3D_REJECTED. */
struct sable_cmd_3d_res_create {
    uint32_t header;
    uint32_t res_id;
    uint32_t target;
    uint32_t format;
    uint32_t bind;
    uint32_t width;
    uint32_t height;
    uint32_t depth;
    uint32_t array_size;
    uint32_t last_level;
    uint32_t nr_samples;
    uint32_t flags;
    uint64_t backing_addr;
    uint64_t backing_size;
};
SABLE_LAYOUT(struct sable_cmd_3d_res_create, 64);

/* RES_DESTROY: detached from every context, then destroyed. */
struct sable_cmd_3d_res {
    uint32_t header;
    uint32_t res_id;
};
SABLE_LAYOUT(struct sable_cmd_3d_res, 8);

/* RES_BACKING: move the backing (the allocation was paged to a new GPU
 * address); the host copy is untouched. */
struct sable_cmd_3d_res_backing {
    uint32_t header;
    uint32_t res_id;
    uint64_t backing_addr;
    uint64_t backing_size;
};
SABLE_LAYOUT(struct sable_cmd_3d_res_backing, 24);

/* ATTACH/DETACH res_id to/from ctx_id: streams of ctx_id may name it.
 * Attaching twice or detaching an unattached resource is allowed. */
struct sable_cmd_3d_attach {
    uint32_t header;
    uint32_t ctx_id;
    uint32_t res_id;
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_cmd_3d_attach, 16);

/* TRANSFER: copy the box (x, y, z, w, h, d of mip `level`; for buffers x and
 * w are bytes) between the host copy and the backing bytes
 * [backing_addr + offset, + size), laid out with `stride` bytes per row and
 * `layer_stride` bytes per layer (0: tightly packed, as virglrenderer
 * computes). size must cover the box's footprint (else 3D_REJECTED) and lie
 * inside the backing (else BAD_ARGUMENT), at most SABLE_3D_MAX_TRANSFER_BYTES.
 * TO_HOST reads the backing, FROM_HOST writes it; a GPU memory fault on the
 * backing is an ordinary page fault of the engine. With SABLE_CMD_F_SWAP_Z24S8
 * (1.5) each whole dword of [offset, offset + size) is converted between
 * D24_UNORM_S8_UINT (backing) and S8_UINT_Z24_UNORM (host) on the way:
 * virglrenderer has no Z24_UNORM_S8_UINT resource; size must be a multiple
 * of 4 (else BAD_ARGUMENT). */
enum sable_3d_direction {
    SABLE_3D_TO_HOST = 0,
    SABLE_3D_FROM_HOST = 1,
};
struct sable_cmd_3d_transfer {
    uint32_t header;
    uint32_t direction;
    uint32_t res_id;
    uint32_t level;
    uint32_t x, y, z;
    uint32_t w, h, d;
    uint32_t stride;
    uint32_t layer_stride;
    uint64_t offset;
    uint64_t size;
};
SABLE_LAYOUT(struct sable_cmd_3d_transfer, 64);

/* SUBMIT: execute size_dw dwords of virgl stream at GPU address addr (4-byte
 * aligned, 1..SABLE_3D_MAX_STREAM_BYTES / 4 dwords) in context ctx_id. The
 * device reads the stream once, when the packet starts. */
struct sable_cmd_3d_submit {
    uint32_t header;
    uint32_t ctx_id;
    uint32_t size_dw;
    uint32_t reserved;
    uint64_t addr;
};
SABLE_LAYOUT(struct sable_cmd_3d_submit, 24);

/* CAPS: write struct sable_3d_caps followed by virglrenderer's capability
 * set (virgl_renderer_fill_caps of capset_id/capset_version, capset_size
 * bytes) to GPU address addr, at most size bytes of it (size >= 32). */
struct sable_cmd_3d_caps {
    uint32_t header;
    uint32_t size;
    uint64_t addr;
};
SABLE_LAYOUT(struct sable_cmd_3d_caps, 16);

#define SABLE_3D_CAPS_VERSION 1u
struct sable_3d_caps {
    uint32_t version;        /* SABLE_3D_CAPS_VERSION */
    uint32_t capset_id;      /* virgl capability set (2: VIRGL2) */
    uint32_t capset_version;
    uint32_t capset_size;    /* bytes following this structure */
    uint32_t max_contexts;   /* SABLE_3D_MAX_CONTEXTS */
    uint32_t max_resources;  /* SABLE_3D_MAX_RESOURCES */
    uint32_t max_stream_bytes;   /* also bounds one shader's TGSI text */
    uint32_t max_transfer_bytes;
};
SABLE_LAYOUT(struct sable_3d_caps, 32);

#endif
