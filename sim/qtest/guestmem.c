/* SPDX-License-Identifier: MIT */
/* Guest RAM and VRAM shared with QEMU, and a bump allocator over address ranges. */
#include <inttypes.h>

#include "sqt-internal.h"

void *sqt_guest_ptr(SqtMachine *m, uint64_t bus, uint64_t len)
{
    if (bus > m->ram_size || len > m->ram_size - bus) {
        sqt_fatal(m, "bus range 0x%" PRIx64 "+0x%" PRIx64
                  " is outside guest RAM (0x%" PRIx64 " bytes)",
                  bus, len, m->ram_size);
    }
    return (uint8_t *)m->ram + bus;
}

void *sqt_vram_ptr(SqtMachine *m, uint64_t gpu, uint64_t len)
{
    if (gpu > m->vram_size || len > m->vram_size - gpu) {
        sqt_fatal(m, "VRAM range 0x%" PRIx64 "+0x%" PRIx64
                  " is outside VRAM (0x%" PRIx64 " bytes)", gpu, len, m->vram_size);
    }
    return (uint8_t *)m->vram + gpu;
}

uint64_t sqt_ram_size(const SqtMachine *m)
{
    return m->ram_size;
}

void sqt_arena_init(SqtArena *a, uint64_t base, uint64_t size)
{
    a->base = base;
    a->next = base;
    a->end = base + size;
}

bool sqt_arena_alloc(SqtArena *a, uint64_t size, uint64_t align, uint64_t *out)
{
    uint64_t start = (a->next + align - 1) & ~(align - 1);
    if (start < a->next || start > a->end || size > a->end - start) {
        return false;
    }
    a->next = start + size;
    *out = start;
    return true;
}

/* QEMU writes these concurrently from its own process: atomic accesses. */
uint64_t sqt_load64(const void *p)
{
    return __atomic_load_n((const uint64_t *)p, __ATOMIC_ACQUIRE);
}

uint32_t sqt_load32(const void *p)
{
    return __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
}

void sqt_store64(void *p, uint64_t v)
{
    __atomic_store_n((uint64_t *)p, v, __ATOMIC_RELEASE);
}

void sqt_store32(void *p, uint32_t v)
{
    __atomic_store_n((uint32_t *)p, v, __ATOMIC_RELEASE);
}

void *sqt_aperture_ptr(SqtMachine *m, uint64_t offset, uint64_t len)
{
    if (offset > SABLE_APERTURE_SIZE || len > SABLE_APERTURE_SIZE - offset) {
        sqt_fatal(m, "aperture [0x%" PRIx64 ", +0x%" PRIx64 ") is outside BAR4",
                  offset, len);
    }
    return (uint8_t *)m->aperture + offset;
}

uint64_t sqt_vram_size(const SqtMachine *m)
{
    return m->vram_size;
}
