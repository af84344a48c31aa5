/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gpumem.c: GPU address translation. VRAM is [0, vram_size); the GART window
 * is [SABLE_CORE_GART_BASE, + 4096 * GART_ENTRIES) with PTEs read from the
 * guest table via dma_read on every translation. Accesses are split per
 * page in the GART and checked for VALID/READ/WRITE; an entry whose page
 * overlaps one of the device's own BARs (as the host maps them now) is
 * treated as invalid, so no DMA ever targets the device's own memory or
 * registers; anything else is a PAGE fault at the first bad GPU address. A PAGE_FAULT injection makes the
 * next access fault. Engine accesses latch their fault on the engine;
 * accesses without an engine (swizzle ranges) only record it in SableMem.
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

/* True if the bus page at `page` overlaps one of the device's own BARs. */
static bool page_is_own_bar(const SableDevice *dev, uint64_t page)
{
    SableBusWindow w[SABLE_CORE_MAX_BARS];
    unsigned n = MIN(dev->ops.bar_windows(dev->opaque, w), SABLE_CORE_MAX_BARS);

    for (unsigned i = 0; i < n; i++) {
        bool hit = page >= w[i].addr ? page - w[i].addr < w[i].size
                                     : w[i].addr - page < SABLE_PAGE_SIZE;
        if (hit && w[i].size) {
            return true;
        }
    }
    return false;
}

/* One GART page (or part of it): [gpa, gpa + len) within one page. */
static bool gart_page_access(const GpuAccess *a, uint64_t gpa, uint64_t len)
{
    SableDevice *dev = a->mem->dev;
    uint64_t index = (gpa - SABLE_CORE_GART_BASE) >> SABLE_PAGE_SHIFT;
    uint64_t pte;

    if (!dev->ops.dma_read(dev->opaque, dev->gart_table + index * 8, &pte, 8)) {
        access_fault(a, SABLE_FAULT_DMA_ERROR, gpa, 0);
        return false;
    }
    pte = GUINT64_FROM_LE(pte);
    if (!(pte & SABLE_GART_PTE_VALID) ||
        page_is_own_bar(dev, pte & SABLE_GART_PTE_ADDR_MASK)) {
        access_fault(a, SABLE_FAULT_PAGE, gpa, 0);
        return false;
    }
    if (!(pte & (a->write ? SABLE_GART_PTE_WRITE : SABLE_GART_PTE_READ))) {
        access_fault(a, SABLE_FAULT_PROTECTION, gpa, 0);
        return false;
    }
    uint64_t bus = (pte & SABLE_GART_PTE_ADDR_MASK) +
                   (gpa & (SABLE_PAGE_SIZE - 1));
    bool ok = a->write ? dev->ops.dma_write(dev->opaque, bus, a->buf, len)
                       : dev->ops.dma_read(dev->opaque, bus, a->buf, len);
    if (!ok) {
        access_fault(a, SABLE_FAULT_DMA_ERROR, gpa, 0);
    }
    return ok;
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
        uint64_t page_left = SABLE_PAGE_SIZE - (gpa & (SABLE_PAGE_SIZE - 1));
        return MIN(len, page_left);
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
                                           : gart_page_access(a, gpa, n);
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
