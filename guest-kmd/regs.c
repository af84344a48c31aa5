/* SPDX-License-Identifier: MIT */
#include "regs.h"
#include "os.h"

uint32_t kmd_reg_read(volatile uint8_t *regs, uint32_t off)
{
    return kmd_os_read32(regs + off);
}

void kmd_reg_write(volatile uint8_t *regs, uint32_t off, uint32_t value)
{
    kmd_os_write32(regs + off, value);
}

uint64_t kmd_reg_read64(volatile uint8_t *regs, uint32_t lo_off)
{
    uint32_t hi, lo;
    unsigned tries = 0;
    do {
        hi = kmd_reg_read(regs, lo_off + 4);
        lo = kmd_reg_read(regs, lo_off);
    } while (kmd_reg_read(regs, lo_off + 4) != hi && ++tries < 8);
    return (uint64_t)hi << 32 | lo;
}

void kmd_reg_write64(volatile uint8_t *regs, uint32_t lo_off, uint64_t value)
{
    kmd_reg_write(regs, lo_off, (uint32_t)value);
    kmd_reg_write(regs, lo_off + 4, (uint32_t)(value >> 32));
}
