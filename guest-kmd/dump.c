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

NTSTATUS kmd_collect_dbg_info(KmdAdapter *a, const DXGKARG_COLLECTDBGINFO *args)
{
    uint32_t written;
    if (!args->pBuffer && args->BufferSize) {
        return STATUS_INVALID_PARAMETER;
    }
    NTSTATUS st = kmd_dump_take(a, &written);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    size_t n = written < args->BufferSize ? written : args->BufferSize;
    memcpy(args->pBuffer, a->dump.cpu, n);
    memset((uint8_t *)args->pBuffer + n, 0, args->BufferSize - n);
    return STATUS_SUCCESS;
}
