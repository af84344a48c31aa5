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
 */
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
#define SABLE_ALLOC_F_ALL \
    (SABLE_ALLOC_F_CPU_VISIBLE | SABLE_ALLOC_F_TILE_Y | SABLE_ALLOC_F_PRIMARY)

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
