/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "dump.h"
#include "regs.h"

NTSTATUS kmd_dump_take(KmdAdapter *a, uint32_t *written)
{
    if (!a->started || !a->dump.cpu) {
        return STATUS_UNSUCCESSFUL;
    }
    kmd_reg_write64(a->regs, SABLE_REG_DUMP_ADDR_LO, a->dump.bus);
    kmd_reg_write(a->regs, SABLE_REG_DUMP_SIZE, (uint32_t)a->dump.size);
    kmd_reg_write(a->regs, SABLE_REG_DUMP_CONTROL, 1);
    uint32_t status = kmd_reg_read(a->regs, SABLE_REG_DUMP_STATUS);
    *written = kmd_reg_read(a->regs, SABLE_REG_DUMP_WRITTEN);
    kmd_reg_write(a->regs, SABLE_REG_IRQ_STATUS, SABLE_IRQ_DUMP_DONE);
    if (status != SABLE_DUMP_STATUS_OK || *written > a->dump.size) {
        kmd_os_log(KMD_LOG_ERROR, "sable: dump failed (status %u, %u bytes)",
                   (unsigned)status, (unsigned)*written);
        return STATUS_UNSUCCESSFUL;
    }
    return STATUS_SUCCESS;
}

/* The node the report is about when dxgkrnl does not name it: an engine
 * that is hung or faulted, else none (-1). */
static int stuck_node(KmdAdapter *a)
{
    for (unsigned n = 0; n < SABLE_NODE_COUNT; n++) {
        uint32_t st = kmd_reg_read(a->regs, SABLE_REG_ENGINE(n) + SABLE_ENG_STATUS);
        if (st & (SABLE_ENGINE_STATUS_HUNG | SABLE_ENGINE_STATUS_FAULTED)) {
            return (int)n;
        }
    }
    return -1;
}

UINT kmd_bucketing_key(DXGK_TDR_TYPE type, int node, uint32_t engine_status)
{
    UINT cause = (engine_status & SABLE_ENGINE_STATUS_HUNG)      ? 1u
                 : (engine_status & SABLE_ENGINE_STATUS_FAULTED) ? 2u
                                                                 : 0u;
    return KMD_BUCKET_TAG << 16 | ((UINT)type & 0xffu) << 8 | (UINT)(node + 1) << 4 | cause;
}

/* CurrentDmaBufferOffset: where the node's engine stopped in the DMA
 * buffer in flight (the device's offset of the next command); 0 when the
 * node is unknown or has nothing in flight. */
static void fill_extension(KmdAdapter *a, int node, DXGK_TDR_TYPE type,
                           DXGKARG_COLLECTDBGINFO_EXT *ext)
{
    uint32_t status = 0;
    ext->CurrentDmaBufferOffset = 0;
    if (node >= 0) {
        uint32_t base = SABLE_REG_ENGINE((unsigned)node);
        status = kmd_reg_read(a->regs, base + SABLE_ENG_STATUS);
        if (status & SABLE_ENGINE_STATUS_BUSY) {
            ext->CurrentDmaBufferOffset = kmd_reg_read(a->regs, base + SABLE_ENG_CURRENT_DMA_OFFSET);
        }
    }
    ext->BucketingKey = kmd_bucketing_key(type, node, status);
}

static NTSTATUS collect(KmdAdapter *a, void *buf, SIZE_T size, DXGKARG_COLLECTDBGINFO_EXT *ext,
                        DXGK_TDR_TYPE type, int node)
{
    uint32_t written;
    if (!buf && size) {
        return STATUS_INVALID_PARAMETER;
    }
    NTSTATUS st = kmd_dump_take(a, &written);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    size_t n = written < size ? written : size;
    if (size) {
        memcpy(buf, a->dump.cpu, n);
        memset((uint8_t *)buf + n, 0, size - n);
    }
    if (ext) {
        fill_extension(a, node >= 0 ? node : stuck_node(a), type, ext);
    }
    return STATUS_SUCCESS;
}

NTSTATUS kmd_collect_dbg_info(KmdAdapter *a, const DXGKARG_COLLECTDBGINFO *args)
{
    return collect(a, args->pBuffer, args->BufferSize, args->pExtension,
                   DXGK_TDR_TYPE_UNKNOWN, -1);
}

NTSTATUS kmd_collect_dbg_info2(KmdAdapter *a, const DXGKARG_COLLECTDBGINFO2 *args)
{
    int node = -1;
    /* The payload is read only when it is there and large enough for the
     * structure its TdrType names; it "can be NULL". */
    if (args->TdrType == DXGK_TDR_TYPE_ENGINE_TIMEOUT && args->TdrPayload &&
        args->TdrPayloadSize >= sizeof(DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT)) {
        DXGK_TDR_PAYLOAD_ENGINE_TIMEOUT p;
        memcpy(&p, args->TdrPayload, sizeof(p));
        if (p.NodeOrdinal < SABLE_NODE_COUNT && p.EngineOrdinal == 0) {
            node = (int)p.NodeOrdinal;
        }
    }
    return collect(a, args->pBuffer, args->BufferSize, args->pExtension, args->TdrType, node);
}
