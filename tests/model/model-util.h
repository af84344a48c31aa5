/* SPDX-License-Identifier: MIT */
/*
 * model-util: test helpers on top of simbus. Mt owns a SimBus with both
 * rings configured (Mt layout below), builds command buffers (CmdBuf) and
 * submits them with increasing fences.
 *
 * Guest RAM (bus addresses): rings at MT_RING(e), fence page MT_FENCE_PAGE,
 * GART table MT_GART_TABLE, GART backing pages from MT_GART_PAGES, dump
 * buffer MT_DUMP. VRAM (GPU addresses): data below MT_DMA_BASE, command
 * buffers per engine at MT_DMA(e), more data from MT_DATA_HI.
 */
#ifndef MODEL_UTIL_H
#define MODEL_UTIL_H

#include "simbus.h"

#define MT_RING(e) (0x10000ull + (uint64_t)(e) * 0x10000)
#define MT_RING_ENTRIES 64u
#define MT_FENCE_PAGE 0x40000ull
#define MT_GART_TABLE 0x50000ull
#define MT_GART_ENTRIES 1024u
#define MT_GART_PAGES 0x100000ull
#define MT_DUMP 0x800000ull
#define MT_DMA_BASE (1ull << 20)
#define MT_DMA_REGION (1ull << 20)
#define MT_DMA(e) (MT_DMA_BASE + (uint64_t)(e) * MT_DMA_REGION)
#define MT_DATA_HI (3ull << 20)
#define MT_GART(page) (SABLE_CORE_GART_BASE + (uint64_t)(page) * SABLE_PAGE_SIZE)

typedef struct CmdBuf {
    uint32_t dw[16384];
    uint32_t n;
} CmdBuf;

typedef struct Mt {
    SimBus *bus;
    uint32_t tail[SABLE_NUM_ENGINES];
    uint64_t dma_next[SABLE_NUM_ENGINES];
    uint64_t fence[SABLE_NUM_ENGINES];
} Mt;

Mt *mt_new(const SimBusConfig *cfg);
void mt_free(Mt *mt);
/* (Re)program both rings (MT_RING(e), MT_RING_ENTRIES) and enable them;
 * fences restart at 1. */
void mt_rings_init(Mt *mt);
uint32_t mt_reg(Mt *mt, unsigned e, uint32_t reg);
uint64_t mt_reg64(Mt *mt, unsigned e, uint32_t reg_lo);
void mt_write_reg(Mt *mt, unsigned e, uint32_t reg, uint32_t v);
/* Configure the GART table with MT_GART_ENTRIES entries: entry i maps
 * MT_GART_PAGES + i * 4096 with `flags` (0: none valid). */
void mt_gart_setup(Mt *mt, uint64_t flags);
void *mt_gart_page(Mt *mt, unsigned page);
/* Submit raw descriptor contents at the ring tail and ring the doorbell. */
void mt_submit_desc(Mt *mt, unsigned e, const struct sable_submit *d);
/* Place cb in VRAM, submit it with the next fence (returned). */
uint64_t mt_submit(Mt *mt, unsigned e, const CmdBuf *cb);
/* Parse and arm an injection spec; the test fails if either is refused. */
void mt_inject(Mt *mt, const char *spec);
/* Submit n WRITE32s (values 1..n at VRAM 0x100 + 4 * i) built in cb. */
uint64_t mt_submit_writes(Mt *mt, CmdBuf *cb, unsigned e, unsigned n);
uint64_t mt_submit_flags(Mt *mt, unsigned e, const CmdBuf *cb, uint32_t flags);
/* GPU address where the last mt_submit placed its buffer. */
uint64_t mt_last_dma(Mt *mt, unsigned e);
void mt_run(Mt *mt);
uint64_t mt_completed(Mt *mt, unsigned e);
uint32_t mt_status(Mt *mt, unsigned e);
void *mt_vram(Mt *mt, uint64_t gpa);

void cb_reset(CmdBuf *cb);
void cb_emit(CmdBuf *cb, const void *pkt, uint32_t bytes);
void cb_nop(CmdBuf *cb, uint32_t dwords);
void cb_write32(CmdBuf *cb, uint64_t addr, uint32_t v);
void cb_write64(CmdBuf *cb, uint64_t addr, uint64_t v);
void cb_copy(CmdBuf *cb, uint64_t dst, uint64_t src, uint64_t size);
void cb_fill(CmdBuf *cb, uint64_t dst, uint32_t pattern, uint64_t size);
void cb_timestamp(CmdBuf *cb, uint64_t addr);
void cb_wait(CmdBuf *cb, uint64_t addr, uint32_t compare, uint64_t value,
             uint64_t mask);
void cb_gart_update(CmdBuf *cb, uint32_t first, uint32_t count,
                    const uint64_t *entries);
void cb_stall(CmdBuf *cb, uint32_t usec);
void cb_hang(CmdBuf *cb);
struct sable_surface mt_surface(uint64_t addr, uint32_t pitch, uint32_t format,
                                uint32_t w, uint32_t h);
void cb_blit(CmdBuf *cb, struct sable_surface src, struct sable_surface dst,
             struct sable_rect r, uint32_t dx, uint32_t dy);
void cb_copy_2d(CmdBuf *cb, struct sable_surface src, struct sable_surface dst,
                struct sable_rect r, uint32_t dx, uint32_t dy);
void cb_solid(CmdBuf *cb, struct sable_surface dst, struct sable_rect r,
              uint32_t color);

#endif
