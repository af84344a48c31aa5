/* SPDX-License-Identifier: MIT */
/* The sable-gpu device behind QEMU: open (PCI, MSI-X, GART, fence page,
 * rings), register access, allocation of guest RAM and VRAM. */
#include <inttypes.h>
#include <string.h>

#include "sqt-internal.h"

#define IRQ_ALL_CAUSES(n) \
    ((((1u << (n)) - 1u) * (SABLE_IRQ_FENCE(0) | SABLE_IRQ_FAULT(0))) | \
     SABLE_IRQ_MISC_CAUSES)

uint32_t sqt_reg_read(SqtDevice *d, uint32_t off)
{
    return sqt_readl(d->m, SQT_BAR0_ADDR + off);
}

void sqt_reg_write(SqtDevice *d, uint32_t off, uint32_t v)
{
    sqt_writel(d->m, SQT_BAR0_ADDR + off, v);
}

uint64_t sqt_reg_read64(SqtDevice *d, uint32_t lo_off)
{
    uint32_t hi, lo;
    do {
        hi = sqt_reg_read(d, lo_off + 4);
        lo = sqt_reg_read(d, lo_off);
    } while (sqt_reg_read(d, lo_off + 4) != hi);
    return (uint64_t)hi << 32 | lo;
}

void sqt_reg_write64(SqtDevice *d, uint32_t lo_off, uint64_t v)
{
    sqt_reg_write(d, lo_off, (uint32_t)v);
    sqt_reg_write(d, lo_off + 4, (uint32_t)(v >> 32));
}

uint32_t sqt_eng_read(SqtDevice *d, unsigned e, uint32_t off)
{
    return sqt_reg_read(d, SABLE_REG_ENGINE(e) + off);
}

void sqt_eng_write(SqtDevice *d, unsigned e, uint32_t off, uint32_t v)
{
    sqt_reg_write(d, SABLE_REG_ENGINE(e) + off, v);
}

uint64_t sqt_eng_read64(SqtDevice *d, unsigned e, uint32_t lo_off)
{
    return sqt_reg_read64(d, SABLE_REG_ENGINE(e) + lo_off);
}

SqtBuf sqt_alloc(SqtDevice *d, uint64_t size, uint64_t align)
{
    uint64_t bus;
    if (!sqt_arena_alloc(&d->ram, size, align, &bus)) {
        sqt_fatal(d->m, "guest RAM arena exhausted (0x%" PRIx64 " bytes wanted)",
                  size);
    }
    SqtBuf b = {
        .ptr = sqt_guest_ptr(d->m, bus, size),
        .bus = bus,
        .gpu = d->gart_base + (bus - d->gart_ram_base),
        .size = size,
    };
    memset(b.ptr, 0, size);
    return b;
}

uint64_t sqt_vram_alloc(SqtDevice *d, uint64_t size, uint64_t align)
{
    uint64_t gpu;
    if (!sqt_arena_alloc(&d->vram, size, align, &gpu)) {
        sqt_fatal(d->m, "VRAM arena exhausted (0x%" PRIx64 " bytes wanted)", size);
    }
    return gpu;
}

static bool map_bars(SqtDevice *d, GError **err)
{
    static const struct { unsigned bar; uint64_t addr; } bars[] = {
        { SABLE_BAR_MMIO, SQT_BAR0_ADDR }, { SABLE_BAR_MSIX, SQT_BAR1_ADDR },
        { SABLE_BAR_VRAM, SQT_BAR2_ADDR }, { SABLE_BAR_APERTURE, SQT_BAR4_ADDR },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bars); i++) {
        uint64_t size = sqt_pci_bar_size(&d->pci, bars[i].bar);
        if (size == 0 || (bars[i].addr & (size - 1))) {
            g_set_error(err, SQT_ERROR, 0,
                        "BAR%u: size 0x%" PRIx64 " cannot be placed at 0x%" PRIx64,
                        bars[i].bar, size, bars[i].addr);
            return false;
        }
        sqt_pci_bar_set(&d->pci, bars[i].bar, bars[i].addr);
    }
    sqt_pci_enable(&d->pci);
    return true;
}

static bool discover(SqtDevice *d, GError **err)
{
    uint32_t magic = sqt_reg_read(d, SABLE_REG_MAGIC);
    uint32_t abi = sqt_reg_read(d, SABLE_REG_ABI_VERSION);
    if (magic != SABLE_MAGIC || SABLE_ABI_VERSION_MAJOR(abi) != SABLE_ABI_MAJOR) {
        g_set_error(err, SQT_ERROR, 0,
                    "not a Sable ABI %u device: magic 0x%08x, ABI 0x%08x",
                    SABLE_ABI_MAJOR, magic, abi);
        return false;
    }
    d->features = sqt_reg_read64(d, SABLE_REG_FEATURES_LO);
    d->vram_size = sqt_reg_read64(d, SABLE_REG_VRAM_SIZE_LO);
    if (d->vram_size != sqt_vram_size(d->m)) {
        g_set_error(err, SQT_ERROR, 0, "VRAM_SIZE reads 0x%" PRIx64
                    ", QEMU was given 0x%" PRIx64, d->vram_size, sqt_vram_size(d->m));
        return false;
    }
    d->engines = sqt_reg_read(d, SABLE_REG_ENGINE_COUNT);
    d->gart_base = sqt_reg_read64(d, SABLE_REG_GART_BASE_LO);
    if (d->engines == 0 || d->engines > SABLE_MAX_ENGINES) {
        g_set_error(err, SQT_ERROR, 0,
                    "device reports %u engines", d->engines);
        return false;
    }
    sqt_arena_init(&d->vram, 0, d->vram_size);
    return true;
}

static bool setup_msix(SqtDevice *d, GError **err)
{
    if (!sqt_msix_enable(&d->pci, &d->msix, err)) {
        return false;
    }
    d->msi_page = sqt_alloc(d, SABLE_PAGE_SIZE, SABLE_PAGE_SIZE);
    for (unsigned v = 0; v < SABLE_MSIX_VECTORS(d->engines) && v < d->msix.vectors; v++) {
        sqt_msix_route(&d->pci, &d->msix, v, d->msi_page.bus + 4u * v,
                       SQT_MSI_DATA(v));
    }
    return true;
}

bool sqt_device_program(SqtDevice *d, GError **err)
{
    sqt_reg_write(d, SABLE_REG_IRQ_MASK, IRQ_ALL_CAUSES(d->engines));
    sqt_reg_write64(d, SABLE_REG_FENCE_PAGE_LO, d->fence_page.bus);
    sqt_gart_program(d);
    for (unsigned e = 0; e < d->engines; e++) {
        sqt_ring_setup(d, e, SQT_RING_ENTRIES);
    }
    uint32_t error = sqt_reg_read(d, SABLE_REG_ERROR_STATUS);
    if (error) {
        g_set_error(err, SQT_ERROR, 0,
                    "programming the device set ERROR_STATUS 0x%x", error);
        return false;
    }
    return true;
}

bool sqt_device_adapter_reset(SqtDevice *d, GError **err)
{
    sqt_reg_write(d, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    return sqt_device_program(d, err);
}

static bool setup_device(SqtDevice *d, GError **err)
{
    if (!sqt_pci_find(d->m, SABLE_PCI_VENDOR_ID, SABLE_PCI_DEVICE_ID, &d->pci)) {
        g_set_error(err, SQT_ERROR, 0,
                    "no PCI device %04x:%04x on bus 0", SABLE_PCI_VENDOR_ID,
                    SABLE_PCI_DEVICE_ID);
        return false;
    }
    if (!map_bars(d, err) || !discover(d, err) || !sqt_gart_setup(d, err)) {
        return false;
    }
    d->fence_page = sqt_alloc(d, SABLE_PAGE_SIZE, SABLE_PAGE_SIZE);
    return setup_msix(d, err) && sqt_device_program(d, err);
}

SqtDevice *sqt_device_open(const SqtOptions *opt, GError **err)
{
    SqtMachine *m = sqt_machine_start(opt, err);
    if (!m) {
        return NULL;
    }
    SqtDevice *d = g_new0(SqtDevice, 1);
    d->m = m;
    d->pci.m = m;
    if (!setup_device(d, err)) {
        sqt_device_close(d);
        return NULL;
    }
    return d;
}

void sqt_device_close(SqtDevice *d)
{
    sqt_machine_stop(d->m);
    g_free(d);
}

bool sqt_msi_seen(SqtDevice *d, unsigned vector)
{
    return sqt_load32((uint8_t *)d->msi_page.ptr + 4u * vector) == SQT_MSI_DATA(vector);
}

void sqt_msi_clear(SqtDevice *d, unsigned vector)
{
    sqt_store32((uint8_t *)d->msi_page.ptr + 4u * vector, 0);
}
