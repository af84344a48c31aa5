/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * regs.c: BAR0 register decode (sable_regs.h). Reads have no side effects.
 * Writes store configuration after checking it: invalid programming sets an
 * ERROR_STATUS bit and leaves the previous safe state (ring disabled, GART
 * disabled, fence page off). The doorbell only reads the tail and schedules;
 * resets and dumps complete inside the write.
 */
#include "core-internal.h"

#define LO(v) ((uint32_t)(v))
#define HI(v) ((uint32_t)((v) >> 32))

static uint64_t set_lo(uint64_t v, uint32_t lo)
{
    return (v & 0xffffffff00000000ull) | lo;
}

static uint64_t set_hi(uint64_t v, uint32_t hi)
{
    return (v & 0xffffffffull) | ((uint64_t)hi << 32);
}

static uint64_t features(const SableDevice *dev)
{
    return SABLE_FEATURE_FENCE_PAGE | SABLE_FEATURE_MSIX |
           SABLE_FEATURE_BLIT_2D | SABLE_FEATURE_WAIT_VALUE |
           SABLE_FEATURE_DUMP | SABLE_FEATURE_ENGINE_RESET |
           SABLE_FEATURE_GART_UPDATE | SABLE_FEATURE_TILING |
           (dev->cfg.debug ? SABLE_FEATURE_DEBUG_CMDS : 0) |
           SABLE_FEATURE_SCANOUT |
           (dev->s3d.virgl ? SABLE_FEATURE_3D : 0) |
           (dev->aperture ? SABLE_FEATURE_SWIZZLE_RANGES : 0);
}

static uint32_t engine_read(const SableEngine *e, uint32_t reg)
{
    const SableFaultRecord *f = &e->fault;
    uint64_t cur_dma = e->busy ? e->cur.dma_addr : 0;

    switch (reg) {
    case SABLE_ENG_RING_BASE_LO: return LO(e->ring_base);
    case SABLE_ENG_RING_BASE_HI: return HI(e->ring_base);
    case SABLE_ENG_RING_SIZE: return e->ring_size;
    case SABLE_ENG_RING_CONTROL: return e->ring_control;
    case SABLE_ENG_RING_HEAD: return e->head;
    case SABLE_ENG_RING_TAIL: return e->tail;
    case SABLE_ENG_STATUS: return sable_engine_status(e);
    case SABLE_ENG_COMPLETED_FENCE_LO: return LO(e->completed_fence);
    case SABLE_ENG_COMPLETED_FENCE_HI: return HI(e->completed_fence);
    case SABLE_ENG_SUBMITTED_FENCE_LO: return LO(e->submitted_fence);
    case SABLE_ENG_SUBMITTED_FENCE_HI: return HI(e->submitted_fence);
    case SABLE_ENG_RESET_COUNT: return e->reset_count;
    case SABLE_ENG_LAST_ABORTED_FENCE_LO: return LO(e->last_aborted_fence);
    case SABLE_ENG_LAST_ABORTED_FENCE_HI: return HI(e->last_aborted_fence);
    case SABLE_ENG_CURRENT_DMA_LO: return LO(cur_dma);
    case SABLE_ENG_CURRENT_DMA_HI: return HI(cur_dma);
    case SABLE_ENG_CURRENT_DMA_OFFSET: return e->busy ? e->offset : 0;
    case SABLE_ENG_CURRENT_FENCE_LO: return e->busy ? LO(e->cur.fence) : 0;
    case SABLE_ENG_CURRENT_FENCE_HI: return e->busy ? HI(e->cur.fence) : 0;
    case SABLE_ENG_CURRENT_CONTEXT: return e->busy ? e->cur.context_id : 0;
    case SABLE_ENG_FAULT_COUNT: return e->fault_count;
    case SABLE_ENG_FAULT_CODE: return f->code;
    case SABLE_ENG_FAULT_FLAGS: return f->flags;
    case SABLE_ENG_FAULT_ADDR_LO: return LO(f->addr);
    case SABLE_ENG_FAULT_ADDR_HI: return HI(f->addr);
    case SABLE_ENG_FAULT_FENCE_LO: return LO(f->fence);
    case SABLE_ENG_FAULT_FENCE_HI: return HI(f->fence);
    case SABLE_ENG_FAULT_DMA_LO: return LO(f->dma_addr);
    case SABLE_ENG_FAULT_DMA_HI: return HI(f->dma_addr);
    case SABLE_ENG_FAULT_DMA_OFFSET: return f->dma_offset;
    case SABLE_ENG_FAULT_OPCODE: return f->opcode;
    case SABLE_ENG_FAULT_CONTEXT: return f->context_id;
    default: return 0;
    }
}

static bool scanout_reg(uint32_t reg)
{
    return reg >= SABLE_REG_SCANOUT_ADDR_LO && reg <= SABLE_REG_SCANOUT_VBLANK_NS;
}

static uint32_t global_read(const SableDevice *dev, uint32_t reg)
{
    uint64_t now;

    if (scanout_reg(reg)) {
        return sable_scanout_reg_read(dev, reg);
    }
    switch (reg) {
    case SABLE_REG_MAGIC: return SABLE_MAGIC;
    case SABLE_REG_ABI_VERSION: return SABLE_ABI_VERSION;
    case SABLE_REG_FEATURES_LO: return LO(features(dev));
    case SABLE_REG_FEATURES_HI: return HI(features(dev));
    case SABLE_REG_VRAM_SIZE_LO: return LO(dev->cfg.vram_size);
    case SABLE_REG_VRAM_SIZE_HI: return HI(dev->cfg.vram_size);
    case SABLE_REG_ENGINE_COUNT: return SABLE_NUM_ENGINES;
    case SABLE_REG_MAX_RING_ENTRIES: return SABLE_RING_MAX_ENTRIES;
    case SABLE_REG_GART_BASE_LO: return LO(SABLE_CORE_GART_BASE);
    case SABLE_REG_GART_BASE_HI: return HI(SABLE_CORE_GART_BASE);
    case SABLE_REG_GART_MAX_ENTRIES: return dev->gart_max;
    case SABLE_REG_CMD_HISTORY: return SABLE_CORE_CMD_HISTORY;
    case SABLE_REG_MAX_SURFACE_DIM: return SABLE_CORE_MAX_SURFACE_DIM;
    case SABLE_REG_APERTURE_SIZE_LO:
        return dev->aperture ? SABLE_APERTURE_SIZE : 0;
    case SABLE_REG_SWIZZLE_RANGES: return sable_swz_count(dev);
    case SABLE_REG_IRQ_STATUS: return dev->irq_status;
    case SABLE_REG_IRQ_MASK: return dev->irq_mask;
    case SABLE_REG_FENCE_PAGE_LO: return LO(dev->fence_page);
    case SABLE_REG_FENCE_PAGE_HI: return HI(dev->fence_page);
    case SABLE_REG_GART_TABLE_LO: return LO(dev->gart_table);
    case SABLE_REG_GART_TABLE_HI: return HI(dev->gart_table);
    case SABLE_REG_GART_ENTRIES: return dev->gart_entries;
    case SABLE_REG_RESET_STATUS: return dev->reset_status;
    case SABLE_REG_ADAPTER_RESET_COUNT: return dev->adapter_reset_count;
    case SABLE_REG_ERROR_STATUS: return dev->error_status;
    case SABLE_REG_DUMP_ADDR_LO: return LO(dev->dump_addr);
    case SABLE_REG_DUMP_ADDR_HI: return HI(dev->dump_addr);
    case SABLE_REG_DUMP_SIZE: return dev->dump_size;
    case SABLE_REG_DUMP_STATUS: return dev->dump_status;
    case SABLE_REG_DUMP_REQUIRED: return dev->dump_required;
    case SABLE_REG_DUMP_WRITTEN: return dev->dump_written;
    case SABLE_REG_SCRATCH: return dev->scratch;
    case SABLE_REG_TIMESTAMP_LO:
    case SABLE_REG_TIMESTAMP_HI:
        now = dev->ops.clock_ns(dev->opaque);
        return reg == SABLE_REG_TIMESTAMP_LO ? LO(now) : HI(now);
    default: return 0;
    }
}

/* Engine index of an offset in the engine block, or -1. */
static int engine_of(uint32_t offset)
{
    if (offset < SABLE_REG_ENGINE_BASE) {
        return -1;
    }
    uint32_t e = (offset - SABLE_REG_ENGINE_BASE) / SABLE_REG_ENGINE_STRIDE;
    return e < SABLE_NUM_ENGINES ? (int)e : -1;
}

uint32_t sable_regs_read(const SableDevice *dev, uint32_t offset)
{
    if (offset >= SABLE_MMIO_SIZE || (offset & 3)) {
        return 0;
    }
    int e = engine_of(offset);
    if (e >= 0) {
        return engine_read(&dev->eng[e], offset % SABLE_REG_ENGINE_STRIDE);
    }
    if (offset >= SABLE_REG_SWZ_BASE && offset < SABLE_REG_ENGINE_BASE) {
        return sable_swz_read(dev, offset);
    }
    return offset < SABLE_REG_ENGINE_BASE ? global_read(dev, offset) : 0;
}

uint32_t sable_mmio_read(SableDevice *dev, uint32_t offset)
{
    return sable_regs_read(dev, offset);
}

void sable_reg_error(SableDevice *dev, uint32_t bit, uint32_t offset)
{
    dev->error_status |= bit;
    sable_emit(dev, &(SableEvent){ .type = SABLE_EV_REG_ERROR, .reg_error = { offset, bit } });
}

bool sable_ring_config_valid(const SableEngine *e)
{
    uint32_t n = e->ring_size;
    return !(e->ring_base & (SABLE_PAGE_SIZE - 1)) &&
           n >= SABLE_RING_MIN_ENTRIES && n <= SABLE_RING_MAX_ENTRIES &&
           !(n & (n - 1)) &&
           sable_range_ok(e->ring_base, SABLE_RING_HEADER_SIZE + 64ull * n);
}

static void ring_control_write(SableEngine *e, uint32_t value, uint32_t offset)
{
    SableDevice *dev = e->dev;
    bool enable = value & SABLE_RING_CONTROL_ENABLE;

    if ((value & ~SABLE_RING_CONTROL_ENABLE) || (!enable && e->busy) ||
        (enable && !sable_ring_enabled(e) && !sable_ring_config_valid(e))) {
        sable_reg_error(dev, SABLE_ERROR_BAD_RING_CONFIG, offset);
        return;
    }
    if (enable && !sable_ring_enabled(e)) {
        e->head = 0;
        e->tail = 0;
    }
    e->ring_control = value;
}

static void engine_write(SableEngine *e, uint32_t reg, uint32_t value,
                         uint32_t offset)
{
    bool config = reg == SABLE_ENG_RING_BASE_LO ||
                  reg == SABLE_ENG_RING_BASE_HI || reg == SABLE_ENG_RING_SIZE;

    if (config && sable_ring_enabled(e)) {
        sable_reg_error(e->dev, SABLE_ERROR_BAD_RING_CONFIG, offset);
        return;
    }
    switch (reg) {
    case SABLE_ENG_RING_BASE_LO:
        e->ring_base = set_lo(e->ring_base, value);
        break;
    case SABLE_ENG_RING_BASE_HI:
        e->ring_base = set_hi(e->ring_base, value);
        break;
    case SABLE_ENG_RING_SIZE:
        e->ring_size = value;
        break;
    case SABLE_ENG_RING_CONTROL:
        ring_control_write(e, value, offset);
        break;
    case SABLE_ENG_DOORBELL:
        sable_ring_doorbell(e);
        break;
    case SABLE_ENG_RESET:
        if (value == 1) {
            sable_reset_engine(e);
        }
        break;
    default:
        break;
    }
}

bool sable_gart_config_valid(const SableDevice *dev)
{
    return !(dev->gart_table & (SABLE_PAGE_SIZE - 1)) &&
           dev->gart_entries <= dev->gart_max &&
           sable_range_ok(dev->gart_table, 8ull * dev->gart_entries);
}

/* GART table/entries after a write: disable it if the config is invalid. */
static void gart_check(SableDevice *dev, uint32_t offset)
{
    if (!sable_gart_config_valid(dev)) {
        dev->gart_entries = 0;
        sable_reg_error(dev, SABLE_ERROR_BAD_GART_CONFIG, offset);
    }
}

static void fence_page_write(SableDevice *dev, uint64_t page, uint32_t offset)
{
    if ((page & (SABLE_PAGE_SIZE - 1)) ||
        !sable_range_ok(page, SABLE_PAGE_SIZE)) {
        dev->fence_page = 0;
        sable_reg_error(dev, SABLE_ERROR_BAD_FENCE_PAGE, offset);
        return;
    }
    dev->fence_page = page;
}

static uint32_t irq_valid_causes(void)
{
    uint32_t v = SABLE_IRQ_MISC_CAUSES;
    for (unsigned e = 0; e < SABLE_NUM_ENGINES; e++) {
        v |= SABLE_IRQ_ENGINE_CAUSES(e);
    }
    return v;
}

static void global_write(SableDevice *dev, uint32_t reg, uint32_t value)
{
    if (scanout_reg(reg)) {
        sable_scanout_reg_write(dev, reg, value);
        return;
    }
    switch (reg) {
    case SABLE_REG_IRQ_STATUS:
        sable_irq_ack(dev, value);
        break;
    case SABLE_REG_IRQ_MASK:
        sable_irq_set_mask(dev, value & irq_valid_causes());
        sable_scanout_sync_timer(dev);
        break;
    case SABLE_REG_FENCE_PAGE_LO:
        fence_page_write(dev, set_lo(dev->fence_page, value), reg);
        break;
    case SABLE_REG_FENCE_PAGE_HI:
        fence_page_write(dev, set_hi(dev->fence_page, value), reg);
        break;
    case SABLE_REG_GART_TABLE_LO:
        dev->gart_table = set_lo(dev->gart_table, value);
        gart_check(dev, reg);
        break;
    case SABLE_REG_GART_TABLE_HI:
        dev->gart_table = set_hi(dev->gart_table, value);
        gart_check(dev, reg);
        break;
    case SABLE_REG_GART_ENTRIES:
        dev->gart_entries = value;
        gart_check(dev, reg);
        break;
    case SABLE_REG_ADAPTER_RESET:
        if (value == SABLE_ADAPTER_RESET_KEY) {
            sable_reset_adapter(dev);
        }
        break;
    case SABLE_REG_ERROR_STATUS:
        dev->error_status &= ~value;
        break;
    case SABLE_REG_DUMP_ADDR_LO:
        dev->dump_addr = set_lo(dev->dump_addr, value);
        break;
    case SABLE_REG_DUMP_ADDR_HI:
        dev->dump_addr = set_hi(dev->dump_addr, value);
        break;
    case SABLE_REG_DUMP_SIZE:
        dev->dump_size = value;
        break;
    case SABLE_REG_DUMP_CONTROL:
        sable_dump_request(dev, value);
        break;
    case SABLE_REG_SCRATCH:
        dev->scratch = value;
        break;
    default:
        break;
    }
}

void sable_mmio_write(SableDevice *dev, uint32_t offset, uint32_t value)
{
    if (offset >= SABLE_MMIO_SIZE || (offset & 3)) {
        return;
    }
    int e = engine_of(offset);
    if (e >= 0) {
        engine_write(&dev->eng[e], offset % SABLE_REG_ENGINE_STRIDE, value,
                     offset);
    } else if (offset >= SABLE_REG_SWZ_BASE && offset < SABLE_REG_ENGINE_BASE) {
        sable_swz_write(dev, offset, value);
    } else if (offset < SABLE_REG_SWZ_BASE) {
        global_write(dev, offset, value);
    }
}
