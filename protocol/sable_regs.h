/* SPDX-License-Identifier: MIT */
/*
 * Sable MMIO register map (BAR0). All registers are 32 bits wide and must be
 * accessed with naturally aligned 32-bit accesses (64-bit accesses are split
 * low dword first). 64-bit values are LO/HI pairs; reading LO latches nothing,
 * so read HI, LO, HI again when a value may change. Unknown offsets read as
 * zero and ignore writes. RO = read-only, RW = read/write, W = write-only
 * (reads as zero), W1C = write one to clear.
 */
#ifndef SABLE_REGS_H
#define SABLE_REGS_H

#include "sable_abi.h"

/* ---- Discovery (RO) --------------------------------------------------- */
#define SABLE_REG_MAGIC 0x000          /* SABLE_MAGIC */
#define SABLE_REG_ABI_VERSION 0x004    /* SABLE_ABI_VERSION */
#define SABLE_REG_FEATURES_LO 0x008    /* SABLE_FEATURE_* bits 0..31 */
#define SABLE_REG_FEATURES_HI 0x00c    /* bits 32..63 */
#define SABLE_REG_VRAM_SIZE_LO 0x010   /* bytes */
#define SABLE_REG_VRAM_SIZE_HI 0x014
#define SABLE_REG_ENGINE_COUNT 0x018   /* number of engines (SABLE_ENGINE_*) */
#define SABLE_REG_MAX_RING_ENTRIES 0x01c /* largest RING_SIZE accepted */
#define SABLE_REG_GART_BASE_LO 0x020   /* GPU address where the GART window starts */
#define SABLE_REG_GART_BASE_HI 0x024
#define SABLE_REG_GART_MAX_ENTRIES 0x028 /* largest GART_ENTRIES accepted */
#define SABLE_REG_CMD_HISTORY 0x02c    /* commands kept per engine for dumps */
#define SABLE_REG_APERTURE_SIZE_LO 0x030 /* BAR4 size, bytes */
#define SABLE_REG_APERTURE_SIZE_HI 0x034
#define SABLE_REG_SWIZZLE_RANGES 0x038 /* swizzle ranges (SABLE_REG_SWZ); 0 in ABI 1.0 */
#define SABLE_REG_MAX_SURFACE_DIM 0x03c /* max width/height of BLIT surfaces */

#define SABLE_MAGIC 0x4c424153u /* "SABL" little-endian */

/* Feature bits */
#define SABLE_FEATURE_FENCE_PAGE (1ull << 0) /* FENCE_PAGE registers */
#define SABLE_FEATURE_MSIX (1ull << 1)       /* MSI-X capability present */
#define SABLE_FEATURE_BLIT_2D (1ull << 2)    /* BLIT_2D / SOLID_FILL_2D */
#define SABLE_FEATURE_WAIT_VALUE (1ull << 3)
#define SABLE_FEATURE_DUMP (1ull << 4)       /* DUMP_* registers */
#define SABLE_FEATURE_DEBUG_CMDS (1ull << 5) /* device property debug=on */
#define SABLE_FEATURE_ENGINE_RESET (1ull << 6)
#define SABLE_FEATURE_GART_UPDATE (1ull << 7) /* GART_UPDATE command */
#define SABLE_FEATURE_TILING (1ull << 8)     /* 1.1: tiled surfaces, COPY_2D */
#define SABLE_FEATURE_SWIZZLE_RANGES (1ull << 9) /* 1.1: BAR4 swizzle ranges */
#define SABLE_FEATURE_SCANOUT (1ull << 10)   /* 1.2: SCANOUT registers, VBLANK */
#define SABLE_FEATURE_3D (1ull << 11)        /* 1.3: 3D packets (sable_3d.h) */

/* ---- Interrupts ------------------------------------------------------- */
#define SABLE_REG_IRQ_STATUS 0x040 /* W1C: pending causes (SABLE_IRQ_*) */
#define SABLE_REG_IRQ_MASK 0x044   /* RW: 1 = cause enabled; reset value 0 */

#define SABLE_IRQ_FENCE(e) (1u << (e))        /* engine e completed a fence */
#define SABLE_IRQ_FAULT(e) (1u << (8 + (e)))  /* engine e latched a fault */
#define SABLE_IRQ_RESET_DONE (1u << 16)       /* an engine/adapter reset finished */
#define SABLE_IRQ_DUMP_DONE (1u << 17)        /* a dump request finished */
#define SABLE_IRQ_VBLANK (1u << 18)           /* 1.2: scanout vertical blank */
#define SABLE_IRQ_ENGINE_CAUSES(e) (SABLE_IRQ_FENCE(e) | SABLE_IRQ_FAULT(e))
#define SABLE_IRQ_MISC_CAUSES \
    (SABLE_IRQ_RESET_DONE | SABLE_IRQ_DUMP_DONE | SABLE_IRQ_VBLANK)

/* ---- Fence page ------------------------------------------------------- */
/* Bus (guest-physical) address of a 4 KiB page; 0 disables. When enabled the
 * device writes struct sable_fence_page.completed[e] (little-endian u64)
 * before raising SABLE_IRQ_FENCE(e). */
#define SABLE_REG_FENCE_PAGE_LO 0x050
#define SABLE_REG_FENCE_PAGE_HI 0x054

/* ---- GART ------------------------------------------------------------- */
/* The GART page table lives in guest memory at a bus address (4 KiB
 * aligned): GART_ENTRIES little-endian u64 entries (SABLE_GART_PTE_*). Entry i
 * maps GPU page GART_BASE + i * 4096. The device reads the entries of an
 * access (at most 64 pages) when it starts and keeps none after it (no
 * TLB), so CPU updates while the engines are idle and GART_UPDATE commands
 * take effect for the next access. Writing GART_ENTRIES with a
 * value over GART_MAX_ENTRIES, or a misaligned table, sets ERROR_STATUS and
 * disables the GART (GART_ENTRIES reads 0). */
#define SABLE_REG_GART_TABLE_LO 0x060
#define SABLE_REG_GART_TABLE_HI 0x064
#define SABLE_REG_GART_ENTRIES 0x068

#define SABLE_GART_PTE_VALID (1ull << 0)
#define SABLE_GART_PTE_READ (1ull << 1)
#define SABLE_GART_PTE_WRITE (1ull << 2)
#define SABLE_GART_PTE_ADDR_MASK 0x000ffffffffff000ull /* bus address bits */

/* ---- Adapter reset, device errors ------------------------------------ */
/* Adapter reset returns the device to its power-on state except IRQ_MASK
 * (kept, so RESET_DONE can be delivered) and ADAPTER_RESET_COUNT. */
#define SABLE_REG_ADAPTER_RESET 0x070 /* W: write SABLE_ADAPTER_RESET_KEY */
#define SABLE_REG_RESET_STATUS 0x074  /* RO: SABLE_RESET_STATUS_* of the last reset */
#define SABLE_REG_ADAPTER_RESET_COUNT 0x078 /* RO */
#define SABLE_REG_ERROR_STATUS 0x07c  /* W1C: SABLE_ERROR_* bad register programming */

#define SABLE_ADAPTER_RESET_KEY 0x52534554u /* "TESR": guards against stray writes */

#define SABLE_RESET_STATUS_DONE (1u << 0)   /* the last reset completed */
#define SABLE_RESET_STATUS_FAILED (1u << 1) /* the last engine reset failed */
#define SABLE_RESET_STATUS_ADAPTER (1u << 2) /* the last reset was an adapter reset */
#define SABLE_RESET_STATUS_ENGINE_SHIFT 8   /* bits 8..15: engine of the last engine reset */

#define SABLE_ERROR_BAD_RING_CONFIG (1u << 0)
#define SABLE_ERROR_BAD_GART_CONFIG (1u << 1)
#define SABLE_ERROR_BAD_FENCE_PAGE (1u << 2)
#define SABLE_ERROR_BAD_DUMP_REQUEST (1u << 3)
#define SABLE_ERROR_SWIZZLE_RANGE (1u << 4) /* 1.1: see the range's SWZ_STATUS */
#define SABLE_ERROR_BAD_SCANOUT (1u << 5)   /* 1.2: see SCANOUT_STATUS */

/* ---- Dumps ------------------------------------------------------------ */
/* Write a dump (sable_dump.h) of DUMP_SIZE bytes at most to the bus address
 * DUMP_ADDR, by writing 1 to DUMP_CONTROL. The dump is written before the
 * write returns; DUMP_STATUS tells the outcome and DUMP_REQUIRED the size a
 * complete dump needs (always valid after a request). */
#define SABLE_REG_DUMP_ADDR_LO 0x080
#define SABLE_REG_DUMP_ADDR_HI 0x084
#define SABLE_REG_DUMP_SIZE 0x088
#define SABLE_REG_DUMP_CONTROL 0x08c  /* W: 1 = write a dump */
#define SABLE_REG_DUMP_STATUS 0x090   /* RO: SABLE_DUMP_STATUS_* */
#define SABLE_REG_DUMP_REQUIRED 0x094 /* RO: bytes a complete dump needs */
#define SABLE_REG_DUMP_WRITTEN 0x098  /* RO: bytes written by the last request */

#define SABLE_DUMP_STATUS_NONE 0u
#define SABLE_DUMP_STATUS_OK 1u
#define SABLE_DUMP_STATUS_TOO_SMALL 2u /* nothing written; see DUMP_REQUIRED */
#define SABLE_DUMP_STATUS_DMA_ERROR 3u /* the buffer is not guest memory */

/* ---- Scratch / timestamp ---------------------------------------------- */
#define SABLE_REG_SCRATCH 0x0a0       /* RW: free for the driver, reset to 0 */
#define SABLE_REG_TIMESTAMP_LO 0x0a8  /* RO: device clock, ns */
#define SABLE_REG_TIMESTAMP_HI 0x0ac

/* ---- Scanout (ABI 1.2, FEATURE_SCANOUT) ------------------------------ */
/* The device scans out one linear surface at GPU address ADDR (PITCH bytes
 * per row, FORMAT, WIDTH x HEIGHT pixels) while enabled. ADDR..HEIGHT are
 * staged: the device checks and latches them only when CONTROL is written
 * with ENABLE, also while already enabled (a flip: write ADDR, then
 * CONTROL = ENABLE). Invalid programming (format not displayable, width or
 * height 0 or over MAX_SURFACE_DIM, pitch rules of linear surfaces, range
 * wraps, unknown CONTROL bits) disables scanout, sets ERR_BAD_CONFIG and
 * ERROR_STATUS.BAD_SCANOUT. GPU memory is read when the host displays a
 * frame; an inaccessible byte sets ERR_FAULT and FAULT_ADDR (the frame
 * shows black; no engine fault). While enabled, a vertical blank happens
 * every VBLANK_NS of device time (counted by FRAME_COUNT) and, only while
 * SABLE_IRQ_VBLANK is unmasked, raises it (MISC vector). Adapter and
 * power-on reset disable scanout and zero these registers. */
#define SABLE_REG_SCANOUT_ADDR_LO 0x100 /* RW: GPU address of the surface */
#define SABLE_REG_SCANOUT_ADDR_HI 0x104
#define SABLE_REG_SCANOUT_PITCH 0x108   /* RW: bytes per row */
#define SABLE_REG_SCANOUT_FORMAT 0x10c  /* RW: enum sable_format, not A8 */
#define SABLE_REG_SCANOUT_WIDTH 0x110   /* RW: pixels, 1..MAX_SURFACE_DIM */
#define SABLE_REG_SCANOUT_HEIGHT 0x114  /* RW: rows, 1..MAX_SURFACE_DIM */
#define SABLE_REG_SCANOUT_CONTROL 0x118 /* RW: SABLE_SCANOUT_CONTROL_* */
#define SABLE_REG_SCANOUT_STATUS 0x11c  /* RO: SABLE_SCANOUT_STATUS_* */
#define SABLE_REG_SCANOUT_FAULT_ADDR_LO 0x120 /* RO: GPU address of the last ERR_FAULT */
#define SABLE_REG_SCANOUT_FAULT_ADDR_HI 0x124
#define SABLE_REG_SCANOUT_FRAME_COUNT 0x128 /* RO: vertical blanks while enabled */
#define SABLE_REG_SCANOUT_VBLANK_NS 0x12c   /* RO: refresh period, ns */

#define SABLE_SCANOUT_CONTROL_ENABLE (1u << 0)

#define SABLE_SCANOUT_STATUS_ENABLED (1u << 0)
#define SABLE_SCANOUT_STATUS_ERROR(s) (((s) >> 8) & 0xffu) /* SABLE_SCANOUT_ERR_* */
#define SABLE_SCANOUT_STATUS_ERROR_SHIFT 8
#define SABLE_SCANOUT_ERR_NONE 0u
#define SABLE_SCANOUT_ERR_BAD_CONFIG 1u /* last CONTROL write rejected */
#define SABLE_SCANOUT_ERR_FAULT 2u      /* surface not readable: FAULT_ADDR */

#define SABLE_SCANOUT_VBLANK_PERIOD_NS 16666667u /* 60 Hz */

/* ---- Swizzle ranges (ABI 1.1, FEATURE_SWIZZLE_RANGES) ---------------- */
/* Range r (< SWIZZLE_RANGES) has a block at SABLE_REG_SWZ(r). While enabled,
 * BAR4 bytes [APERTURE_OFFSET, + SIZE) show the surface at GPU_ADDR (layout
 * TILING, PITCH bytes per row, HEIGHT rows) linearly: byte (xb, y) of the
 * surface is at aperture offset APERTURE_OFFSET + y * PITCH + xb. BAR4 is a
 * linear shadow, so data moves only on CONTROL writes:
 *   ENABLE   check the configuration, de-tile GPU memory into the window
 *   FLUSH    re-tile the window into GPU memory (stays enabled)
 *   REFRESH  de-tile GPU memory into the window again (unflushed CPU writes
 *            are lost)
 *   DISABLE  FLUSH, then disable and zero the window
 *   DISCARD  disable and zero the window without writing back
 * Engine writes to the surface are not visible through an enabled range
 * until REFRESH (or a new ENABLE); CPU writes reach GPU memory only on FLUSH
 * or DISABLE. Configuration registers can be written only while the range is
 * disabled. Adapter reset discards every range (no write-back). */
#define SABLE_REG_SWZ_BASE 0x800
#define SABLE_REG_SWZ_STRIDE 0x40
#define SABLE_REG_SWZ(r) (SABLE_REG_SWZ_BASE + (r) * SABLE_REG_SWZ_STRIDE)
#define SABLE_SWZ_MAX_RANGES 16u   /* blocks reserved in the map */

#define SABLE_SWZ_APERTURE_OFFSET 0x00 /* RW: byte offset in BAR4, 4 KiB aligned */
#define SABLE_SWZ_SIZE 0x04        /* RW: window bytes, multiple of 4 KiB, >= PITCH * HEIGHT */
#define SABLE_SWZ_GPU_ADDR_LO 0x08 /* RW: GPU address of the surface */
#define SABLE_SWZ_GPU_ADDR_HI 0x0c
#define SABLE_SWZ_PITCH 0x10       /* RW: bytes per row (layout rules of sable_surface) */
#define SABLE_SWZ_HEIGHT 0x14      /* RW: rows, 1..MAX_SURFACE_DIM */
#define SABLE_SWZ_TILING 0x18      /* RW: enum sable_tiling */
#define SABLE_SWZ_CONTROL 0x1c     /* W: SABLE_SWZ_CONTROL_* */
#define SABLE_SWZ_STATUS 0x20      /* RO: SABLE_SWZ_STATUS_* */
#define SABLE_SWZ_FAULT_ADDR_LO 0x24 /* RO: GPU address of the last FAULT */
#define SABLE_SWZ_FAULT_ADDR_HI 0x28

#define SABLE_SWZ_CONTROL_ENABLE 1u
#define SABLE_SWZ_CONTROL_FLUSH 2u
#define SABLE_SWZ_CONTROL_REFRESH 3u
#define SABLE_SWZ_CONTROL_DISABLE 4u
#define SABLE_SWZ_CONTROL_DISCARD 5u

#define SABLE_SWZ_STATUS_ENABLED (1u << 0)
#define SABLE_SWZ_STATUS_ERROR_SHIFT 8 /* bits 8..15: SABLE_SWZ_ERR_* of the last CONTROL/config write */
#define SABLE_SWZ_STATUS_ERROR(s) (((s) >> 8) & 0xffu)
#define SABLE_SWZ_ERR_NONE 0u
#define SABLE_SWZ_ERR_BAD_CONFIG 1u  /* alignment, size, pitch, height, tiling, outside BAR4 */
#define SABLE_SWZ_ERR_OVERLAP 2u     /* window overlaps another enabled range */
#define SABLE_SWZ_ERR_FAULT 3u       /* GPU memory not accessible: FAULT_ADDR */
#define SABLE_SWZ_ERR_BUSY 4u        /* config write while enabled, or bad CONTROL value/state */

/* ---- Per engine: SABLE_REG_ENGINE(e) + offset ------------------------- */
#define SABLE_REG_ENGINE_BASE 0x1000
#define SABLE_REG_ENGINE_STRIDE 0x100
#define SABLE_REG_ENGINE(e) (SABLE_REG_ENGINE_BASE + (e) * SABLE_REG_ENGINE_STRIDE)

#define SABLE_ENG_RING_BASE_LO 0x00  /* RW: bus address of the ring (4 KiB aligned) */
#define SABLE_ENG_RING_BASE_HI 0x04
#define SABLE_ENG_RING_SIZE 0x08     /* RW: entries, power of two, 2..MAX_RING_ENTRIES */
#define SABLE_ENG_RING_CONTROL 0x0c  /* RW: SABLE_RING_CONTROL_* */
#define SABLE_ENG_DOORBELL 0x10      /* W: any value: re-read the ring tail */
#define SABLE_ENG_RING_HEAD 0x14     /* RO: entries consumed (free-running) */
#define SABLE_ENG_RING_TAIL 0x18     /* RO: last tail the device read */
#define SABLE_ENG_STATUS 0x1c        /* RO: SABLE_ENGINE_STATUS_* */
#define SABLE_ENG_COMPLETED_FENCE_LO 0x20 /* RO */
#define SABLE_ENG_COMPLETED_FENCE_HI 0x24
#define SABLE_ENG_SUBMITTED_FENCE_LO 0x28 /* RO: fence of the last descriptor read */
#define SABLE_ENG_SUBMITTED_FENCE_HI 0x2c
#define SABLE_ENG_RESET 0x30          /* W: 1 = reset this engine */
#define SABLE_ENG_RESET_COUNT 0x34    /* RO */
#define SABLE_ENG_LAST_ABORTED_FENCE_LO 0x38 /* RO: highest fence aborted by the last reset, 0 if none */
#define SABLE_ENG_LAST_ABORTED_FENCE_HI 0x3c
#define SABLE_ENG_CURRENT_DMA_LO 0x40 /* RO: GPU address of the DMA buffer in flight */
#define SABLE_ENG_CURRENT_DMA_HI 0x44
#define SABLE_ENG_CURRENT_DMA_OFFSET 0x48 /* RO: byte offset of the next command */
#define SABLE_ENG_CURRENT_FENCE_LO 0x4c   /* RO: fence of the submission in flight */
#define SABLE_ENG_CURRENT_FENCE_HI 0x50
#define SABLE_ENG_CURRENT_CONTEXT 0x54    /* RO: context id in flight */
#define SABLE_ENG_FAULT_COUNT 0x58        /* RO */
/* Fault record: latched by the first fault, cleared only by a reset. */
#define SABLE_ENG_FAULT_CODE 0x60      /* RO: SABLE_FAULT_* (0 = none) */
#define SABLE_ENG_FAULT_FLAGS 0x64     /* RO: SABLE_FAULT_F_* */
#define SABLE_ENG_FAULT_ADDR_LO 0x68   /* RO: faulting GPU address */
#define SABLE_ENG_FAULT_ADDR_HI 0x6c
#define SABLE_ENG_FAULT_FENCE_LO 0x70  /* RO: fence of the faulting submission */
#define SABLE_ENG_FAULT_FENCE_HI 0x74
#define SABLE_ENG_FAULT_DMA_LO 0x78    /* RO: GPU address of its DMA buffer */
#define SABLE_ENG_FAULT_DMA_HI 0x7c
#define SABLE_ENG_FAULT_DMA_OFFSET 0x80 /* RO: byte offset of the faulting command */
#define SABLE_ENG_FAULT_OPCODE 0x84    /* RO: opcode of the faulting command */
#define SABLE_ENG_FAULT_CONTEXT 0x88   /* RO */

#define SABLE_RING_CONTROL_ENABLE (1u << 0)

#define SABLE_ENGINE_STATUS_ENABLED (1u << 0)
#define SABLE_ENGINE_STATUS_BUSY (1u << 1)    /* a submission is in flight */
#define SABLE_ENGINE_STATUS_WAITING (1u << 2) /* blocked in WAIT_VALUE or a stall */
#define SABLE_ENGINE_STATUS_FAULTED (1u << 3) /* stopped on a fault; reset to clear */
#define SABLE_ENGINE_STATUS_HUNG (1u << 4)    /* debug/injected hang: no progress */

/* Engines */
#define SABLE_ENGINE_GRAPHICS 0u
#define SABLE_ENGINE_COPY 1u
#define SABLE_NUM_ENGINES 2u
#define SABLE_MAX_ENGINES 8u

/* Fault codes */
#define SABLE_FAULT_NONE 0u
#define SABLE_FAULT_PAGE 1u            /* GPU address not mapped (or outside VRAM/GART) */
#define SABLE_FAULT_PROTECTION 2u      /* mapped without the needed READ/WRITE bit */
#define SABLE_FAULT_INVALID_COMMAND 3u /* unknown, non-optional opcode */
#define SABLE_FAULT_BAD_PACKET 4u      /* size 0, too small, or past the buffer end */
#define SABLE_FAULT_BAD_ARGUMENT 5u    /* alignment, format, rectangle, reserved bits */
#define SABLE_FAULT_BAD_DESCRIPTOR 6u  /* ring descriptor flags/size invalid */
#define SABLE_FAULT_BAD_RING 7u        /* ring tail beyond ring capacity */
#define SABLE_FAULT_DMA_ERROR 8u       /* a bus address is not guest memory */
#define SABLE_FAULT_DEBUG_DISABLED 9u  /* debug command without debug=on */
#define SABLE_FAULT_3D_OBJECT 10u      /* 1.3: bad 3D context/resource id or state */
#define SABLE_FAULT_3D_REJECTED 11u    /* 1.3: virglrenderer rejected the work */

#define SABLE_FAULT_F_WRITE (1u << 0)    /* the faulting access was a write */
#define SABLE_FAULT_F_INJECTED (1u << 1) /* raised by fault injection */
#define SABLE_FAULT_F_GART (1u << 2)     /* the address was in the GART window */

#endif
