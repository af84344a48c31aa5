/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "resources.h"
#include "sable_protocol.h"

static uint64_t large_length(const CM_PARTIAL_RESOURCE_DESCRIPTOR *d)
{
    if (d->Flags & CM_RESOURCE_MEMORY_LARGE_64) {
        return (uint64_t)d->u.Memory64.Length64 << 32;
    }
    if (d->Flags & CM_RESOURCE_MEMORY_LARGE_48) {
        return (uint64_t)d->u.Memory48.Length48 << 16;
    }
    if (d->Flags & CM_RESOURCE_MEMORY_LARGE_40) {
        return (uint64_t)d->u.Memory40.Length40 << 8;
    }
    return 0;
}

static void add_memory(KmdResources *out, uint64_t start, uint64_t length)
{
    if (out->mem_count < KMD_MAX_MEM_RANGES) {
        out->mem[out->mem_count].start = start;
        out->mem[out->mem_count].length = length;
        out->mem_count++;
    }
}

static void add_descriptor(KmdResources *out, const CM_PARTIAL_RESOURCE_DESCRIPTOR *d)
{
    switch (d->Type) {
    case CmResourceTypeMemory:
        add_memory(out, (uint64_t)d->u.Memory.Start.QuadPart, d->u.Memory.Length);
        break;
    case CmResourceTypeMemoryLarge:
        add_memory(out, (uint64_t)d->u.Memory.Start.QuadPart, large_length(d));
        break;
    case CmResourceTypeInterrupt:
        out->has_interrupt = true;
        out->msi = (d->Flags & CM_RESOURCE_INTERRUPT_MESSAGE) != 0;
        break;
    default:
        break;
    }
}

/* Only the first full descriptor is used: a PCI function has one. */
NTSTATUS kmd_resources_parse(const CM_RESOURCE_LIST *list, KmdResources *out)
{
    memset(out, 0, sizeof(*out));
    if (!list || list->Count < 1) {
        return STATUS_INVALID_PARAMETER;
    }
    const CM_PARTIAL_RESOURCE_LIST *partial = &list->List[0].PartialResourceList;
    const CM_PARTIAL_RESOURCE_DESCRIPTOR *d = partial->PartialDescriptors;
    for (ULONG i = 0; i < partial->Count && i < 64; i++) {
        add_descriptor(out, d + i);
    }
    if (out->mem_count <= KMD_RES_VRAM || !out->has_interrupt ||
        out->mem[KMD_RES_REGS].length < SABLE_MMIO_SIZE) {
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    return STATUS_SUCCESS;
}
