/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gpumem.c: GPU address translation. VRAM is [0, vram_size); the GART window
 * is [SABLE_CORE_GART_BASE, + 4096 * GART_ENTRIES) with PTEs read from the
 * guest table via dma_read when an access starts: an access is split into
 * chunks of at most SABLE_CORE_GART_BATCH pages, whose entries are read in
 * one DMA and checked for VALID/READ/WRITE; pages contiguous on the bus move
 * in one DMA. No translation is kept after the access (no TLB), so table
 * updates take effect for the next access. An entry whose page overlaps one
 * of the device's own BARs (as the host maps them now) is treated as
 * invalid, so no DMA ever targets the device's own memory or registers;
 * anything else is a PAGE fault at the first bad GPU address. A PAGE_FAULT
 * injection makes the next access fault. Engine accesses latch their fault
 * on the engine; accesses without an engine (swizzle ranges) only record it
 * in SableMem.
 */
#include <string.h>

#include "core-internal.h"

bool sable_range_ok(uint64_t addr, uint64_t len)
{
    return addr <= UINT64_MAX - len;
}

typedef struct GpuAccess {
    SableMem *mem;
    bool write;
    uint8_t *buf;      /* host side: source for writes, destination for reads */
} GpuAccess;

static void access_fault(const GpuAccess *a, uint32_t code, uint64_t gpa,
                         uint32_t extra)
{
    uint32_t flags = extra | (a->write ? SABLE_FAULT_F_WRITE : 0);
    if (gpa >= SABLE_CORE_GART_BASE) {
        flags |= SABLE_FAULT_F_GART;
    }
    a->mem->fault = (SableMemFault) { .code = code, .flags = flags,
                                      .addr = gpa };
    if (a->mem->eng) {
        sable_fault(a->mem->eng, code, gpa, flags);
    }
}

static bool vram_access(const GpuAccess *a, uint64_t gpa, uint64_t len)
{
    uint8_t *p = a->mem->dev->vram + gpa;
    if (a->write) {
        memmove(p, a->buf, len);
    } else {
        memmove(a->buf, p, len);
    }
    return true;
}

/* The device's own BARs as the host maps them now (read once per access). */
typedef struct OwnBars {
    SableBusWindow w[SABLE_CORE_MAX_BARS];
    unsigned n;
} OwnBars;

static void own_bars_get(const SableDevice *dev, OwnBars *b)
{
    b->n = MIN(dev->ops.bar_windows(dev->opaque, b->w), SABLE_CORE_MAX_BARS);
}

/* True if the bus page at `page` overlaps one of the device's own BARs. */
static bool page_is_own_bar(const OwnBars *b, uint64_t page)
{
    for (unsigned i = 0; i < b->n; i++) {
        const SableBusWindow *w = &b->w[i];
        bool hit = page >= w->addr ? page - w->addr < w->size
                                   : w->addr - page < SABLE_PAGE_SIZE;
        if (hit && w->size) {
            return true;
        }
    }
    return false;
}

/* One DMA of a run of bus-contiguous GART pages; on failure the run is
 * retried page by page so the fault names the first bad GPU address. */
static bool gart_run_dma(const GpuAccess *a, uint64_t gpa, uint64_t bus,
                         uint64_t len, uint8_t *buf)
{
    SableDevice *dev = a->mem->dev;

    while (len) {
        uint64_t n = len;
        bool ok = a->write ? dev->ops.dma_write(dev->opaque, bus, buf, n)
                           : dev->ops.dma_read(dev->opaque, bus, buf, n);
        if (ok) {
            return true;
        }
        n = MIN(len, SABLE_PAGE_SIZE - (gpa & (SABLE_PAGE_SIZE - 1)));
        ok = a->write ? dev->ops.dma_write(dev->opaque, bus, buf, n)
                      : dev->ops.dma_read(dev->opaque, bus, buf, n);
        if (!ok) {
            access_fault(a, SABLE_FAULT_DMA_ERROR, gpa, 0);
            return false;
        }
        gpa += n;
        bus += n;
        buf += n;
        len -= n;
    }
    return true;
}

/* The fault of a GART entry, or 0 if it allows the access. */
static uint32_t pte_fault(const GpuAccess *a, const OwnBars *bars, uint64_t pte)
{
    if (!(pte & SABLE_GART_PTE_VALID) ||
        page_is_own_bar(bars, pte & SABLE_GART_PTE_ADDR_MASK)) {
        return SABLE_FAULT_PAGE;
    }
    if (!(pte & (a->write ? SABLE_GART_PTE_WRITE : SABLE_GART_PTE_READ))) {
        return SABLE_FAULT_PROTECTION;
    }
    return 0;
}

static bool gart_access(const GpuAccess *a, uint64_t gpa, uint64_t len);

/* The same access one page at a time (the table is partly unreadable: the
 * fault names the first page whose entry cannot be read). */
static bool gart_access_by_page(const GpuAccess *a, uint64_t gpa, uint64_t len)
{
    GpuAccess page = *a;

    while (len) {
        uint64_t n = MIN(len, SABLE_PAGE_SIZE - (gpa & (SABLE_PAGE_SIZE - 1)));
        if (!gart_access(&page, gpa, n)) {
            return false;
        }
        page.buf += n;
        gpa += n;
        len -= n;
    }
    return true;
}

/* [gpa, gpa + len), inside the GART window, spanning at most
 * SABLE_CORE_GART_BATCH pages: their entries are read in one DMA when the
 * access starts, and pages that are contiguous on the bus move in one DMA.
 * Pages before a bad entry are transferred, then it faults. */
static bool gart_access(const GpuAccess *a, uint64_t gpa, uint64_t len)
{
    SableDevice *dev = a->mem->dev;
    uint64_t first = (gpa - SABLE_CORE_GART_BASE) >> SABLE_PAGE_SHIFT;
    uint64_t last = (gpa + len - 1 - SABLE_CORE_GART_BASE) >> SABLE_PAGE_SHIFT;
    uint64_t pte[SABLE_CORE_GART_BATCH];
    const uint64_t start = gpa;
    uint64_t run_gpa = gpa, run_bus = 0, run_len = 0;
    uint8_t *run_buf = a->buf;
    OwnBars bars;

    if (!dev->ops.dma_read(dev->opaque, dev->gart_table + first * 8, pte,
                           (last - first + 1) * 8)) {
        if (first == last) {
            access_fault(a, SABLE_FAULT_DMA_ERROR, gpa, 0);
            return false;
        }
        return gart_access_by_page(a, gpa, len);
    }
    own_bars_get(dev, &bars);
    for (uint64_t i = 0; i <= last - first; i++) {
        uint64_t e = GUINT64_FROM_LE(pte[i]);
        uint64_t off = gpa & (SABLE_PAGE_SIZE - 1);
        uint64_t n = MIN(len, SABLE_PAGE_SIZE - off);
        uint64_t bus = (e & SABLE_GART_PTE_ADDR_MASK) + off;
        uint32_t code = pte_fault(a, &bars, e);

        if (code || (run_len && bus != run_bus + run_len)) {
            if (run_len && !gart_run_dma(a, run_gpa, run_bus, run_len, run_buf)) {
                return false;
            }
            run_len = 0;
        }
        if (code) {
            access_fault(a, code, gpa, 0);
            return false;
        }
        if (!run_len) {
            run_gpa = gpa;
            run_bus = bus;
            run_buf = a->buf + (gpa - start);
        }
        run_len += n;
        gpa += n;
        len -= n;
    }
    return gart_run_dma(a, run_gpa, run_bus, run_len, run_buf);
}

/* Largest prefix of [gpa, gpa + len) handled in one step, 0 if unmapped. */
static uint64_t mapped_chunk(const SableDevice *dev, uint64_t gpa, uint64_t len)
{
    if (gpa < dev->cfg.vram_size) {
        return MIN(len, dev->cfg.vram_size - gpa);
    }
    uint64_t gart_end = SABLE_CORE_GART_BASE +
                        (uint64_t)dev->gart_entries * SABLE_PAGE_SIZE;
    if (gpa >= SABLE_CORE_GART_BASE && gpa < gart_end) {
        uint64_t batch_left = SABLE_CORE_GART_BATCH * SABLE_PAGE_SIZE -
                              (gpa & (SABLE_PAGE_SIZE - 1));
        return MIN(len, MIN(batch_left, gart_end - gpa));
    }
    return 0;
}

/* Checks every access starts with: injection, wrap-around. */
static bool access_start(const GpuAccess *a, uint64_t gpa, uint64_t len)
{
    if (a->mem->eng &&
        sable_inject_take(a->mem->eng, SABLE_INJECT_PAGE_FAULT, NULL)) {
        access_fault(a, SABLE_FAULT_PAGE, gpa, SABLE_FAULT_F_INJECTED);
        return false;
    }
    if (!sable_range_ok(gpa, len)) {
        access_fault(a, SABLE_FAULT_PAGE, gpa, 0);
        return false;
    }
    return true;
}

static bool gpu_access(GpuAccess *a, uint64_t gpa, uint64_t len)
{
    SableDevice *dev = a->mem->dev;

    if (!access_start(a, gpa, len)) {
        return false;
    }
    while (len) {
        uint64_t n = mapped_chunk(dev, gpa, len);
        if (!n) {
            access_fault(a, SABLE_FAULT_PAGE, gpa, 0);
            return false;
        }
        bool ok = gpa < dev->cfg.vram_size ? vram_access(a, gpa, n)
                                           : gart_access(a, gpa, n);
        if (!ok) {
            return false;
        }
        gpa += n;
        len -= n;
        a->buf += n;
    }
    return true;
}

SableMem sable_mem_of(SableEngine *eng)
{
    return (SableMem) { .dev = eng->dev, .eng = eng };
}

bool sable_mem_read(SableMem *m, uint64_t gpa, void *buf, uint64_t len)
{
    GpuAccess a = { .mem = m, .write = false, .buf = buf };
    return gpu_access(&a, gpa, len);
}

bool sable_mem_write(SableMem *m, uint64_t gpa, const void *buf, uint64_t len)
{
    GpuAccess a = { .mem = m, .write = true, .buf = (uint8_t *)buf };
    return gpu_access(&a, gpa, len);
}

bool sable_mem_direct(SableMem *m, uint64_t gpa, uint64_t len, bool write,
                      uint8_t **out)
{
    GpuAccess a = { .mem = m, .write = write };

    *out = NULL;
    if (!access_start(&a, gpa, len)) {
        return false;
    }
    if (gpa < m->dev->cfg.vram_size && len <= m->dev->cfg.vram_size - gpa) {
        *out = m->dev->vram + gpa;
    }
    return true;
}

bool sable_gpu_read(SableEngine *eng, uint64_t gpa, void *buf, uint64_t len)
{
    SableMem m = sable_mem_of(eng);
    return sable_mem_read(&m, gpa, buf, len);
}

bool sable_gpu_write(SableEngine *eng, uint64_t gpa, const void *buf,
                     uint64_t len)
{
    SableMem m = sable_mem_of(eng);
    return sable_mem_write(&m, gpa, buf, len);
}
