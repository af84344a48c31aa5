/* SPDX-License-Identifier: MIT */
/*
 * Driver-private data the KMD returns for DXGKQAITYPE_UMDRIVERPRIVATE: what
 * the UMD needs to know about the device and the KMD. Versioned: `version`
 * is SABLE_UMD_PRIVATE_VERSION; `size` is sizeof the structure the KMD
 * filled. Later versions only append fields; a UMD accepts size >= the size
 * of the version it knows. All fields little-endian, fixed width.
 */
#ifndef SABLE_KMD_PRIVATE_H
#define SABLE_KMD_PRIVATE_H

#include "sable_protocol.h"
#include "sable_3d.h"
#include "sable_virgl.h"

#define SABLE_UMD_PRIVATE_MAGIC 0x44504d55u /* "UMPD" */
#define SABLE_UMD_PRIVATE_VERSION 1u

/* Node ordinals the KMD exposes (one per engine). */
#define SABLE_NODE_GRAPHICS SABLE_ENGINE_GRAPHICS
#define SABLE_NODE_COPY SABLE_ENGINE_COPY
#define SABLE_NODE_COUNT 2u

/* Segment ids the KMD reports in QUERYSEGMENT (1-based, as WDDM numbers). */
#define SABLE_SEGMENT_VRAM 1u
#define SABLE_SEGMENT_APERTURE 2u
#define SABLE_SEGMENT_COUNT 2u

struct sable_umd_private {
    uint32_t magic;
    uint32_t version;
    uint32_t size;
    uint32_t abi_version;      /* SABLE_REG_ABI_VERSION of the device */
    uint64_t device_features;  /* SABLE_FEATURE_* */
    uint64_t vram_size;
    uint64_t aperture_size;    /* bytes of the GART aperture segment */
    uint32_t node_count;
    uint32_t max_surface_dim;
    uint32_t kmd_features;     /* SABLE_KMD_F_*: what the KMD implements */
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_umd_private, 56);

/* KMD features (bits of kmd_features). */
#define SABLE_KMD_F_SUBMIT (1u << 0)          /* SubmitCommand on every node */
#define SABLE_KMD_F_APERTURE_MAP (1u << 1)    /* BuildPagingBuffer MAP_APERTURE_SEGMENT */
#define SABLE_KMD_F_ALLOCATIONS (1u << 2)     /* Create/Destroy/DescribeAllocation */
#define SABLE_KMD_F_RENDER (1u << 3)          /* Render + Patch of UMD command buffers */
#define SABLE_KMD_F_ESCAPE (1u << 4)          /* DxgkDdiEscape: stats, dump fetch */
/* 3D (the device has SABLE_FEATURE_3D): 3D allocations (version 2 private
 * data, SABLE_ALLOC_F_3D), the inline 3D SUBMIT and 3D TRANSFER packets in
 * command buffers of graphics-node contexts (below). */
#define SABLE_KMD_F_3D (1u << 5)

/*
 * UMD command buffers (DxgkDdiRender): a sequence of device packets
 * (sable_cmd.h) of the opcodes NOP, WRITE32, WRITE64, COPY, FILL, BLIT_2D,
 * SOLID_FILL_2D, TIMESTAMP, WAIT_VALUE, and COPY_2D and TILE_Y surfaces when
 * the device has SABLE_FEATURE_TILING, with packet flags 0 and reserved
 * fields 0. GART_UPDATE is privileged (STATUS_PRIVILEGED_INSTRUCTION), any
 * other opcode illegal (STATUS_ILLEGAL_INSTRUCTION). Every GPU address
 * field must be named by one patch location whose PatchOffset is the byte
 * offset of that 8-byte field in the command buffer, the patch list sorted
 * by PatchOffset; the address is AllocationOffset into the allocation
 * AllocationIndex, and the whole access must lie inside the allocation's
 * size (else STATUS_PRIVILEGED_INSTRUCTION). The UMD writes 0 in address
 * fields; the KMD writes the final address in DxgkDdiPatch.
 *
 * With SABLE_KMD_F_3D, command buffers of graphics-node contexts may also
 * hold two 3D packets (sable_3d.h); on the copy node, or without the
 * feature, they are illegal (STATUS_ILLEGAL_INSTRUCTION):
 * - SABLE_OP_3D_SUBMIT, inline: struct sable_cmd_3d_submit with ctx_id 0,
 *   reserved 0, addr 0 and size_dw = n (1..SABLE_KMD_3D_MAX_INLINE_DW),
 *   header size_dw = 6 + n, followed by the n dwords of virgl stream
 *   (resources named by the res_id of 3D allocations). The KMD runs it in
 *   the context's device 3D context. Malformed: STATUS_INVALID_PARAMETER
 *   (header size not 6 + n: STATUS_INVALID_USER_BUFFER).
 * - SABLE_OP_3D_TRANSFER: struct sable_cmd_3d_transfer (header size_dw
 *   16), direction TO_HOST or FROM_HOST, 0 < size <=
 *   SABLE_3D_MAX_TRANSFER_BYTES (else STATUS_INVALID_PARAMETER); res_id
 *   must be the id of a 3D allocation of this submission's allocation list
 *   and [offset, offset + size) must lie inside that allocation's `size`
 *   (else STATUS_PRIVILEGED_INSTRUCTION). offset is relative to the
 *   allocation (the device's backing is the whole allocation).
 * Every other 3D opcode (CTX_*, RES_*, ATTACH, DETACH, CAPS, or a SUBMIT
 * naming a context or address) is privileged: STATUS_PRIVILEGED_INSTRUCTION.
 * The stream names resources only: virglrenderer refuses a resource not
 * attached to the context, and the KMD attaches exactly the 3D allocations
 * of the submission's allocation list. A context gets its device 3D
 * context at its first 3D Render; with all SABLE_3D_MAX_CONTEXTS taken,
 * Render fails with STATUS_INSUFFICIENT_RESOURCES (a destroyed context's
 * id is free again once a later 3D submission carried its destroy).
 */
#define SABLE_KMD_3D_MAX_INLINE_DW 8192u /* 32 KiB of stream per inline SUBMIT */
#define SABLE_KMD_ALLOCATION_LIST_SIZE 64u
#define SABLE_KMD_PATCH_LIST_SIZE 256u

/*
 * Allocation private data: DXGK_ALLOCATIONINFO.pPrivateDriverData of each
 * allocation the UMD creates (PrivateDriverDataSize must be exactly the
 * size of this structure for `version`). A buffer has only `size`; a surface
 * also format/width/height/pitch, and size >= pitch * height (linear) or
 * the TILE_Y extent (SABLE_ALLOC_F_TILE_Y).
 */
#define SABLE_ALLOC_PRIVATE_MAGIC 0x434c4153u /* "SALC" */
#define SABLE_ALLOC_PRIVATE_VERSION 1u

enum sable_alloc_kind {
    SABLE_ALLOC_BUFFER = 1,
    SABLE_ALLOC_SURFACE = 2,
};

#define SABLE_ALLOC_F_CPU_VISIBLE (1u << 0) /* the CPU maps it (Lock) */
/* Surfaces only, devices with SABLE_FEATURE_TILING: the surface is laid out
 * TILE_Y (sable_cmd.h): pitch a multiple of SABLE_TILE_WIDTH and size >=
 * pitch * height rounded up to SABLE_TILE_HEIGHT rows. A CPU mapping sees
 * the tiled bytes (no swizzling range). */
#define SABLE_ALLOC_F_TILE_Y (1u << 1)
/* A primary: a linear SURFACE the display scans out, of a format the
 * scanout accepts (any but A8_UNORM, docs/protocol.md section 2.10), for
 * VidPN source `vidpn_source` (< SABLE_KMD_VIDPN_SOURCES). The KMD places
 * it in VRAM only; dxgkrnl never evicts it. */
#define SABLE_ALLOC_F_PRIMARY (1u << 2)
/* A 3D allocation (devices with SABLE_FEATURE_3D): the memory of a virgl
 * resource. Its private data is version 2, struct sable_alloc_private_3d.
 * Not with TILE_Y; PRIMARY only for a swap chain buffer (below). */
#define SABLE_ALLOC_F_3D (1u << 3)
#define SABLE_ALLOC_F_ALL \
    (SABLE_ALLOC_F_CPU_VISIBLE | SABLE_ALLOC_F_TILE_Y | SABLE_ALLOC_F_PRIMARY | SABLE_ALLOC_F_3D)

/* VidPN sources (and targets) the KMD reports: one display. */
#define SABLE_KMD_VIDPN_SOURCES 1u

struct sable_alloc_private {
    uint32_t magic;
    uint32_t version;
    uint32_t kind;           /* enum sable_alloc_kind */
    uint32_t flags;          /* SABLE_ALLOC_F_* */
    uint64_t size;           /* bytes, > 0 */
    uint32_t format;         /* surfaces: enum sable_format */
    uint32_t width;
    uint32_t height;
    uint32_t pitch;          /* bytes, multiple of 4 */
    uint32_t segment;        /* preferred: SABLE_SEGMENT_*, 0 = any */
    uint32_t vidpn_source;   /* primaries: VidPnSourceId, else 0 */
};
SABLE_LAYOUT(struct sable_alloc_private, 48);

/*
 * 3D allocations: private data version 2 (SABLE_ALLOC_PRIVATE_VERSION_3D),
 * PrivateDriverDataSize exactly sizeof(struct sable_alloc_private_3d).
 * base: flags has SABLE_ALLOC_F_3D (CPU_VISIBLE and PRIMARY allowed,
 * TILE_Y not); kind BUFFER for target SABLE_VIRGL_TARGET_BUFFER (width =
 * bytes <= size, height 1), else SURFACE; width and height
 * 1..max_surface_dim; format, pitch and vidpn_source 0 (the texel format
 * is virgl.format) but for a swap chain buffer; size > 0, the bytes the
 * UMD lays the resource out in (TRANSFERs stay inside it).
 * A swap chain buffer (format, pitch or PRIMARY set) is also a linear 2D
 * surface, which the present blit and the scanout read: target
 * TEXTURE_2D, depth and array_size 1, last_level 0, nr_samples 0, and
 * format/pitch/size (and for PRIMARY the scanout format, vidpn_source and
 * VRAM size) as version 1 checks them; the UMD keeps the texel of
 * virgl.format the same size as format's.
 * virgl: target <= SABLE_VIRGL_TARGET_TEXTURE_CUBE_ARRAY, format 1..
 * SABLE_KMD_3D_MAX_FORMAT, bind only SABLE_KMD_3D_BINDS, depth and
 * array_size >= 1 (depth <= max_surface_dim, array_size <=
 * SABLE_KMD_3D_MAX_ARRAY), last_level <= SABLE_KMD_3D_MAX_LEVEL,
 * nr_samples <= SABLE_KMD_3D_MAX_SAMPLES, res_id 0 on input.
 * res_id is OUT: DxgkDdiCreateAllocation writes the device resource id
 * (1..SABLE_3D_MAX_RESOURCES) it assigned into the caller's private data;
 * the UMD names the resource by it in virgl streams and TRANSFERs. When
 * every id is taken, CreateAllocation fails with
 * STATUS_INSUFFICIENT_RESOURCES (nothing created). Broken private data:
 * STATUS_INVALID_PARAMETER. 3D allocations cannot be opened by another
 * device (OpenAllocation: STATUS_NOT_SUPPORTED).
 */
#define SABLE_ALLOC_PRIVATE_VERSION_3D 2u
#define SABLE_KMD_3D_MAX_FORMAT 511u
#define SABLE_KMD_3D_MAX_ARRAY 2048u
#define SABLE_KMD_3D_MAX_LEVEL 15u
#define SABLE_KMD_3D_MAX_SAMPLES 16u
#define SABLE_KMD_3D_BINDS \
    (SABLE_VIRGL_BIND_DEPTH_STENCIL | SABLE_VIRGL_BIND_RENDER_TARGET | \
     SABLE_VIRGL_BIND_SAMPLER_VIEW | SABLE_VIRGL_BIND_VERTEX_BUFFER | \
     SABLE_VIRGL_BIND_INDEX_BUFFER | SABLE_VIRGL_BIND_CONSTANT_BUFFER | \
     SABLE_VIRGL_BIND_STREAM_OUTPUT | SABLE_VIRGL_BIND_COMMAND_ARGS | \
     SABLE_VIRGL_BIND_SHADER_BUFFER | SABLE_VIRGL_BIND_CUSTOM)

struct sable_alloc_virgl {
    uint32_t target;         /* SABLE_VIRGL_TARGET_* */
    uint32_t format;         /* SABLE_VIRGL_FORMAT_* */
    uint32_t bind;           /* SABLE_VIRGL_BIND_* */
    uint32_t depth;
    uint32_t array_size;
    uint32_t last_level;     /* mip levels - 1 */
    uint32_t nr_samples;
    uint32_t res_id;         /* out: the device resource id */
};
SABLE_LAYOUT(struct sable_alloc_virgl, 32);

struct sable_alloc_private_3d {
    struct sable_alloc_private base; /* version SABLE_ALLOC_PRIVATE_VERSION_3D */
    struct sable_alloc_virgl virgl;
};
SABLE_LAYOUT(struct sable_alloc_private_3d, 80);
SABLE_OFFSET(struct sable_alloc_private_3d, virgl.res_id, 76);

/*
 * Escapes (DxgkDdiEscape, pPrivateDriverData): a struct sable_escape_header
 * followed by the data of the operation. `size` is the whole buffer
 * (header included) and must equal PrivateDriverDataSize. Both operations
 * read the device, so the caller must set Flags.HardwareAccess. On return
 * `data_size` holds the bytes written after the header, or, with
 * STATUS_BUFFER_TOO_SMALL, the bytes needed. The DDI returns the status.
 */
#define SABLE_ESCAPE_MAGIC 0x43534553u /* "SESC" */
#define SABLE_ESCAPE_VERSION 1u

enum sable_escape_op {
    SABLE_ESCAPE_QUERY_STATS = 1, /* data: struct sable_escape_stats */
    SABLE_ESCAPE_FETCH_DUMP = 2,  /* data: a device dump (sable_dump.h) */
};

struct sable_escape_header {
    uint32_t magic;
    uint32_t version;
    uint32_t op;             /* enum sable_escape_op */
    uint32_t size;           /* bytes of the whole buffer */
    uint32_t data_size;      /* out */
    uint32_t reserved[3];    /* zero */
};
SABLE_LAYOUT(struct sable_escape_header, 32);

struct sable_escape_stats {
    uint64_t submitted_fence[SABLE_MAX_ENGINES]; /* per node, last submitted */
    uint64_t completed_fence[SABLE_MAX_ENGINES]; /* per node, device value */
    uint32_t engine_status[SABLE_MAX_ENGINES];   /* SABLE_ENGINE_STATUS_* */
    uint32_t reset_count[SABLE_MAX_ENGINES];
    uint32_t fault_count[SABLE_MAX_ENGINES];
    uint32_t node_count;
    uint32_t adapter_reset_count;
};
SABLE_LAYOUT(struct sable_escape_stats, 232);

#endif
