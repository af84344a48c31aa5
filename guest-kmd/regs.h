/* SPDX-License-Identifier: MIT */
/*
 * Register access to BAR0 through the OS layer. Offsets are checked
 * against the mapped length by the caller's constants (all < SABLE_MMIO_SIZE).
 * 64-bit pairs are read HI, LO, HI until stable (sable_regs.h).
 */
#ifndef KMD_REGS_H
#define KMD_REGS_H

#include <stdint.h>

uint32_t kmd_reg_read(volatile uint8_t *regs, uint32_t off);
void kmd_reg_write(volatile uint8_t *regs, uint32_t off, uint32_t value);
uint64_t kmd_reg_read64(volatile uint8_t *regs, uint32_t lo_off);
void kmd_reg_write64(volatile uint8_t *regs, uint32_t lo_off, uint64_t value);

#endif
