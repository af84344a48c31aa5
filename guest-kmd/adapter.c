/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "adapter.h"
#include "display.h"
#include "dump.h"
#include "regs.h"
#include "swizzle.h"
#include "sysdisplay.h"
#include "s3d.h"

KmdAdapter *kmd_adapter_new(PDEVICE_OBJECT pdo)
{
    KmdAdapter *a = kmd_os_alloc(sizeof(*a));
    if (!a) {
        return NULL;
    }
    a->lock = kmd_os_lock_new();
    if (!a->lock) {
        kmd_os_free(a);
        return NULL;
    }
    a->pdo = pdo;
    return a;
}

void kmd_adapter_free(KmdAdapter *a)
{
    kmd_os_lock_free(a->lock);
    kmd_os_free(a);
}

static NTSTATUS map_registers(KmdAdapter *a)
{
    DXGK_DEVICE_INFO info;
    memset(&info, 0, sizeof(info));
    NTSTATUS st = a->dxgk.DxgkCbGetDeviceInformation(a->dxgk.DeviceHandle, &info);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    st = kmd_resources_parse(info.TranslatedResourceList, &a->res);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    PHYSICAL_ADDRESS pa;
    pa.QuadPart = (LONGLONG)a->res.mem[KMD_RES_REGS].start;
    PVOID va = NULL;
    st = a->dxgk.DxgkCbMapMemory(a->dxgk.DeviceHandle, pa, SABLE_MMIO_SIZE,
                                 FALSE, FALSE, MmNonCached, &va);
    a->regs = NT_SUCCESS(st) ? va : NULL;
    a->msix = a->res.msi;
    return st;
}

static bool is_pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

/* Device discovery: every value read is checked before it is used. */
static NTSTATUS discover(KmdAdapter *a)
{
    if (kmd_reg_read(a->regs, SABLE_REG_MAGIC) != SABLE_MAGIC) {
        kmd_os_log(KMD_LOG_ERROR, "sable: bad magic");
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    a->abi_version = kmd_reg_read(a->regs, SABLE_REG_ABI_VERSION);
    if (SABLE_ABI_VERSION_MAJOR(a->abi_version) != SABLE_ABI_MAJOR) {
        kmd_os_log(KMD_LOG_ERROR, "sable: ABI 0x%08x, driver needs major %u",
                   (unsigned)a->abi_version, SABLE_ABI_MAJOR);
        return STATUS_NOT_SUPPORTED;
    }
    a->features = kmd_reg_read64(a->regs, SABLE_REG_FEATURES_LO);
    a->vram_size = kmd_reg_read64(a->regs, SABLE_REG_VRAM_SIZE_LO);
    a->max_surface_dim = kmd_reg_read(a->regs, SABLE_REG_MAX_SURFACE_DIM);
    uint32_t engines = kmd_reg_read(a->regs, SABLE_REG_ENGINE_COUNT);
    if (engines < SABLE_NODE_COUNT || engines > SABLE_MAX_ENGINES ||
        !is_pow2(a->vram_size) || a->vram_size > a->res.mem[KMD_RES_VRAM].length) {
        kmd_os_log(KMD_LOG_ERROR, "sable: engines %u, VRAM 0x%llx not usable",
                   (unsigned)engines, (unsigned long long)a->vram_size);
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    return STATUS_SUCCESS;
}

static NTSTATUS allocate(KmdAdapter *a, uint32_t queue_entries)
{
    NTSTATUS st = kmd_gart_init(&a->gart, kmd_reg_read64(a->regs, SABLE_REG_GART_BASE_LO),
                                kmd_reg_read(a->regs, SABLE_REG_GART_MAX_ENTRIES));
    if (!NT_SUCCESS(st)) {
        return st;
    }
    if ((a->features & SABLE_FEATURE_FENCE_PAGE) &&
        !kmd_os_dma_alloc(SABLE_PAGE_SIZE, &a->fence_page)) {
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    if ((a->features & SABLE_FEATURE_DUMP) && !kmd_os_dma_alloc(KMD_DUMP_SIZE, &a->dump)) {
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    uint32_t max_ring = kmd_reg_read(a->regs, SABLE_REG_MAX_RING_ENTRIES);
    for (unsigned n = 0; n < SABLE_NODE_COUNT && NT_SUCCESS(st); n++) {
        st = kmd_ring_init(&a->ring[n], n, queue_entries, max_ring);
    }
    return st;
}

NTSTATUS kmd_adapter_program(KmdAdapter *a)
{
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, 0);
    kmd_gart_program(&a->gart, a->regs);
    kmd_reg_write64(a->regs, SABLE_REG_FENCE_PAGE_LO, a->fence_page.bus);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        kmd_ring_program(&a->ring[n], a->regs);
    }
    uint32_t error = kmd_reg_read(a->regs, SABLE_REG_ERROR_STATUS);
    if (error) {
        kmd_os_log(KMD_LOG_ERROR, "sable: programming set ERROR_STATUS 0x%x",
                   (unsigned)error);
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    a->irq_mask = 0;
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        a->irq_mask |= SABLE_IRQ_ENGINE_CAUSES(n);
    }
    a->irq_mask |= a->display.vsync ? SABLE_IRQ_VBLANK : 0;
    kmd_reg_write(a->regs, SABLE_REG_IRQ_STATUS, 0xffffffffu);
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, a->irq_mask);
    return kmd_display_program(a); /* after an adapter reset: the scanout it had */
}

static void release(KmdAdapter *a)
{
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        kmd_ring_free(&a->ring[n]);
    }
    if (a->fence_page.cpu) {
        kmd_os_dma_free(&a->fence_page);
    }
    memset(&a->fence_page, 0, sizeof(a->fence_page));
    if (a->dump.cpu) {
        kmd_os_dma_free(&a->dump);
    }
    memset(&a->dump, 0, sizeof(a->dump));
    kmd_gart_free(&a->gart);
    kmd_3d_stop(a);
    kmd_sysdisplay_unmap(a);
    if (a->regs) {
        a->dxgk.DxgkCbUnmapMemory(a->dxgk.DeviceHandle, (PVOID)a->regs);
        a->regs = NULL;
    }
}

NTSTATUS kmd_adapter_start(KmdAdapter *a, const DXGKRNL_INTERFACE *dxgk, uint32_t queue_entries)
{
    if (a->started || dxgk->Size < sizeof(a->dxgk)) {
        return STATUS_INVALID_PARAMETER;
    }
    a->dxgk = *dxgk;
    NTSTATUS st = map_registers(a);
    if (NT_SUCCESS(st)) {
        st = discover(a);
    }
    if (NT_SUCCESS(st)) {
        st = allocate(a, queue_entries);
    }
    if (NT_SUCCESS(st)) {
        st = kmd_3d_start(a);
    }
    if (NT_SUCCESS(st)) {
        kmd_swizzle_init(a);
        kmd_sysdisplay_start(a);
        st = kmd_adapter_program(a);
    }
    if (!NT_SUCCESS(st)) {
        if (a->regs) {
            kmd_reg_write(a->regs, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
        }
        release(a);
        return st;
    }
    a->started = true;
    return STATUS_SUCCESS;
}

/* An adapter reset aborts all work and stops the device's DMA before the
 * memory it used is released; then every register start wrote is cleared. */
void kmd_adapter_stop(KmdAdapter *a)
{
    if (!a->started) {
        return;
    }
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, 0);
    kmd_reg_write(a->regs, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, 0);
    kmd_reg_write(a->regs, SABLE_REG_GART_ENTRIES, 0);
    kmd_reg_write64(a->regs, SABLE_REG_FENCE_PAGE_LO, 0);
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        kmd_reg_write(a->regs, SABLE_REG_ENGINE(n) + SABLE_ENG_RING_CONTROL, 0);
    }
    kmd_reg_write(a->regs, SABLE_REG_IRQ_STATUS, 0xffffffffu);
    kmd_swizzle_reset(a); /* the adapter reset discarded the ranges */
    memset(&a->display, 0, sizeof(a->display)); /* and disabled the scanout */
    kmd_sysdisplay_keep(a);
    release(a);
    a->started = false;
}
