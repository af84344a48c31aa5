/* SPDX-License-Identifier: MIT */
/*
 * Sable device dump: the snapshot written by SABLE_REG_DUMP_CONTROL and
 * returned by the KMD from DxgkDdiCollectDbgInfo2. A dump is a header
 * followed by sections; each section starts with struct sable_dump_section
 * giving its type and total size (a multiple of 8), so decoders skip section
 * types they do not know. Versioning follows the ABI rules: the header's
 * major changes only when existing fields move; new sections and fields
 * appended at the end of a section bump the minor. Decoders must accept
 * sections larger than the structure they know and reject smaller ones.
 */
#ifndef SABLE_DUMP_H
#define SABLE_DUMP_H

#include "sable_abi.h"

#define SABLE_DUMP_MAGIC 0x504d4453u /* "SDMP" */
#define SABLE_DUMP_MAJOR 1u
#define SABLE_DUMP_MINOR 2u /* 1.1: SWIZZLE section; 1.2: 3D section */

struct sable_dump_header {
    uint32_t magic;
    uint16_t major;
    uint16_t minor;
    uint32_t header_size;   /* sizeof(struct sable_dump_header) in this version */
    uint32_t total_size;    /* header and all sections */
    uint32_t section_count;
    uint32_t engine_count;
    uint64_t timestamp_ns;  /* device clock when the dump was taken */
    uint32_t abi_version;   /* SABLE_ABI_VERSION of the device */
    uint32_t reserved[3];
};
SABLE_LAYOUT(struct sable_dump_header, 48);

enum sable_dump_section_type {
    SABLE_DUMP_SEC_DEVICE = 1,      /* struct sable_dump_device */
    SABLE_DUMP_SEC_ENGINE = 2,      /* struct sable_dump_engine; instance = engine */
    SABLE_DUMP_SEC_CMD_HISTORY = 3, /* struct sable_dump_history + entries; instance = engine */
    SABLE_DUMP_SEC_REGISTERS = 4,   /* struct sable_dump_registers + entries */
    SABLE_DUMP_SEC_SWIZZLE = 5,     /* 1.1: struct sable_dump_swizzle + entries */
    SABLE_DUMP_SEC_3D = 6,          /* 1.2: struct sable_dump_3d + entries */
};

struct sable_dump_section {
    uint32_t type;
    uint32_t size;      /* bytes, this header included, multiple of 8 */
    uint32_t instance;  /* engine index for per-engine sections, else 0 */
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_dump_section, 16);

struct sable_dump_device {
    struct sable_dump_section sec;
    uint64_t features;
    uint64_t vram_size;
    uint64_t gart_base;     /* GPU address of the GART window */
    uint64_t gart_table;    /* bus address of the page table */
    uint64_t fence_page;
    uint32_t gart_entries;
    uint32_t irq_status;
    uint32_t irq_mask;
    uint32_t error_status;
    uint32_t reset_status;
    uint32_t adapter_reset_count;
    uint32_t debug_enabled;
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_dump_device, 88);

struct sable_dump_fault {
    uint32_t code;       /* SABLE_FAULT_* */
    uint32_t flags;      /* SABLE_FAULT_F_* */
    uint64_t addr;       /* faulting GPU address */
    uint64_t fence;
    uint64_t dma_addr;
    uint32_t dma_offset;
    uint32_t opcode;
    uint32_t context_id;
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_dump_fault, 48);

struct sable_dump_engine {
    struct sable_dump_section sec;
    uint32_t status;        /* SABLE_ENGINE_STATUS_* */
    uint32_t ring_size;
    uint64_t ring_base;
    uint32_t ring_head;
    uint32_t ring_tail;
    uint64_t submitted_fence;
    uint64_t completed_fence;
    uint64_t last_aborted_fence;
    uint64_t current_dma_addr;   /* 0 when idle */
    uint32_t current_dma_size;
    uint32_t current_dma_offset; /* byte offset of the next command */
    uint64_t current_fence;
    uint32_t current_context;
    uint32_t reset_count;
    uint32_t fault_count;
    uint32_t commands_executed;  /* low 32 bits, since the last reset */
    struct sable_dump_fault fault;
};
SABLE_LAYOUT(struct sable_dump_engine, 152);

/* One executed (or faulting) command. Oldest entry first in the section. */
struct sable_dump_cmd {
    uint64_t dma_addr;
    uint64_t fence;
    uint32_t dma_offset;
    uint32_t header;     /* the packet header */
    uint32_t context_id;
    uint32_t result;     /* SABLE_FAULT_* it latched, 0 if it completed */
    uint32_t args[4];    /* the first payload dwords (zero past the packet) */
};
SABLE_LAYOUT(struct sable_dump_cmd, 48);

struct sable_dump_history {
    struct sable_dump_section sec;
    uint32_t count;      /* entries that follow */
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_dump_history, 24);

struct sable_dump_reg {
    uint32_t offset;     /* BAR0 offset */
    uint32_t value;
};
SABLE_LAYOUT(struct sable_dump_reg, 8);

struct sable_dump_registers {
    struct sable_dump_section sec;
    uint32_t count;      /* entries that follow */
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_dump_registers, 24);

/* One swizzle range (registers of the SABLE_REG_SWZ block), dump 1.1. */
struct sable_dump_swz_range {
    uint32_t index;
    uint32_t status;         /* SWZ_STATUS: ENABLED, error in bits 8..15 */
    uint32_t aperture_offset;
    uint32_t size;
    uint64_t gpu_addr;
    uint32_t pitch;
    uint32_t height;
    uint32_t tiling;
    uint32_t reserved;
    uint64_t fault_addr;
};
SABLE_LAYOUT(struct sable_dump_swz_range, 48);

struct sable_dump_swizzle {
    struct sable_dump_section sec;
    uint32_t count;      /* entries that follow: every range of the device */
    uint32_t reserved;
};
SABLE_LAYOUT(struct sable_dump_swizzle, 24);

/* One virgl command the 3D engine executed (or that failed), dump 1.2. */
struct sable_dump_3d_cmd {
    uint64_t stream_addr;  /* GPU address of its stream */
    uint32_t context_id;
    uint32_t header;       /* the virgl command header (sable_virgl.h) */
    uint32_t offset_dw;    /* dword offset in the stream */
    uint32_t result;       /* 0, or SABLE_FAULT_3D_REJECTED if it failed */
};
SABLE_LAYOUT(struct sable_dump_3d_cmd, 24);

/* The 3D engine (only on a device with FEATURE_3D), dump 1.2. The stream
 * fields describe the SUBMIT in flight, or the last one of the submission
 * in flight (e.g. the one that faulted); all zero when there is none. */
struct sable_dump_3d {
    struct sable_dump_section sec;
    uint32_t recent_count;    /* sable_dump_3d_cmd entries that follow, oldest first */
    uint32_t context_count;
    uint32_t resource_count;
    uint32_t guilty_context;  /* destroyed by an engine reset now; 0: none */
    uint32_t waiting;         /* 1: the graphics engine waits for the 3D thread */
    uint32_t stream_dw;
    uint64_t stream_addr;
    uint32_t stream_pos_dw;   /* the virgl command executing or that failed;
                                 == stream_dw: all issued, the host GPU runs it */
    uint32_t stream_cmd;      /* its header (0 past the end) */
    uint64_t live_contexts;   /* bit c - 1 set: context c exists */
};
SABLE_OFFSET(struct sable_dump_3d, recent_count, 16);
SABLE_OFFSET(struct sable_dump_3d, stream_addr, 40);
SABLE_LAYOUT(struct sable_dump_3d, 64);

#endif
