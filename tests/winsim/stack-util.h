/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the 'stack' suite's test files: start winsim on the
 * transport named by $WINSIM_TRANSPORT, contexts on both nodes, winsim
 * pages mapped into the aperture, allocation private data, UMD command
 * buffers with their patch lists, device memory found through registers.
 * Each test file registers its cases with stack_add_*_tests().
 */
#ifndef STACK_UTIL_H
#define STACK_UTIL_H

#include "winsim.h"
#include "vidsch.h"
#include "vidmm.h"
#include "ws-tdr.h"
#include "kmt.h"
#include "kmd-report.h"
#include "mdl.h"

/* A KMD device with one context per node. */
typedef struct Ctx {
    HANDLE device;
    HANDLE context[WS_MAX_NODES];
} Ctx;

/* Two winsim pages mapped into the aperture (GPU address gpu). */
typedef struct Mapped {
    uint64_t bus, gpu;
    uint8_t *cpu;
    struct _MDL *mdl;
} Mapped;

/* A UMD command buffer under construction: packets + sorted patch list. */
typedef struct Cmd {
    uint8_t buf[512];
    uint32_t len;
    D3DDDI_PATCHLOCATIONLIST patch[16];
    UINT npatch;
} Cmd;

const char *transport_name(void);
WsSim *started(void);
NTSTATUS query(WsSim *sim, DXGK_QUERYADAPTERINFOTYPE type, void *out, UINT size);
/* Arm a device fault injection (spec as in docs/protocol.md); fails the
 * test if the transport refuses it. */
void inject_ok(WsSim *sim, const char *spec);
void open_contexts(WsSim *sim, Ctx *c);
void close_contexts(WsSim *sim, Ctx *c);
uint32_t submit_ok(WsSim *sim, Ctx *c, unsigned node, uint64_t gpu, uint32_t size);
void map_pages(WsSim *sim, Mapped *m);
void unmap_pages(WsSim *sim, Mapped *m);
void put_write32(Mapped *m, unsigned n, uint32_t value);
uint32_t submit_write32(WsSim *sim, Ctx *c, Mapped *m, unsigned node, uint32_t value);
uint32_t read_result(Mapped *m, unsigned node);
/* A graphics-engine hang (WRITE32 of 0x11 on node 0) whose engine reset
 * fails: the TDR is promoted to the first adapter reset; the work is
 * aborted. */
void hang_to_adapter_reset(WsSim *sim, Ctx *c, Mapped *m);
struct sable_alloc_private surface_desc(void);
struct sable_alloc_private buffer_desc(uint64_t size, uint32_t segment);
NTSTATUS create_one(WsSim *sim, struct sable_alloc_private *p, DXGK_ALLOCATIONINFO *info);
void destroy_one(WsSim *sim, HANDLE h);
void cmd_put(Cmd *c, const void *pkt, uint32_t size);
void cmd_patch(Cmd *c, uint32_t field_off, UINT alloc, uint32_t alloc_off);
void cmd_write32(Cmd *c, uint32_t alloc_off, uint32_t value);
void cmd_fill(Cmd *c, uint32_t alloc_off, uint32_t pattern, uint64_t size);
void cmd_copy(Cmd *c, uint32_t dst_off, uint32_t src_off, uint64_t size);
void *reg_ram(WsSim *sim, uint32_t lo_reg, uint64_t offset, uint64_t len);

void stack_add_basic_tests(void);
void stack_add_submit_tests(void);
void stack_add_paging_tests(void);
void stack_add_alloc_tests(void);
void stack_add_render_tests(void);
void stack_add_tdr_tests(void);
void stack_add_kmt_tests(void);
void stack_add_swizzle_tests(void);
void stack_add_display_tests(void);
void stack_add_irql_tests(void);
void stack_add_system_tests(void);
void stack_add_report_tests(void);
void stack_add_3d_tests(void);

#endif
