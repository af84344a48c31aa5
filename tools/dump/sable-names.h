/* SPDX-License-Identifier: MIT */
/*
 * Names of Sable protocol values (opcodes, faults, engines, formats, status
 * and flag bits, registers), shared by the dump decoder and the CLIs.
 */
#ifndef SABLE_NAMES_H
#define SABLE_NAMES_H

#include <stdint.h>
#include <glib.h>

#include "sable_regs.h"

/* One named bit of a flag word. Tables end with { 0, NULL }. */
typedef struct SableBitName {
    uint64_t bit;
    const char *name;
} SableBitName;

extern const SableBitName sable_feature_bits[];
extern const SableBitName sable_engine_status_bits[];
extern const SableBitName sable_fault_flag_bits[];
extern const SableBitName sable_reset_status_bits[]; /* without the engine field */
extern const SableBitName sable_error_bits[];
extern const SableBitName sable_cmd_flag_bits[];
extern const SableBitName sable_submit_flag_bits[];
extern const SableBitName sable_irq_bits[]; /* FENCE0..7, FAULT0..7, RESET_DONE, DUMP_DONE */

/* RESET_STATUS split into its flag bits and its engine field. */
static inline uint32_t sable_reset_status_flags(uint32_t rs)
{
    return rs & ~(0xffu << SABLE_RESET_STATUS_ENGINE_SHIFT);
}
static inline uint32_t sable_reset_status_engine(uint32_t rs)
{
    return (rs >> SABLE_RESET_STATUS_ENGINE_SHIFT) & 0xffu;
}

/* Each returns NULL for a value without a name. */
const char *sable_opcode_name(uint32_t opcode);
const char *sable_fault_name(uint32_t code);
const char *sable_engine_name(uint32_t engine);
const char *sable_format_label(uint32_t format);
const char *sable_compare_name(uint32_t compare);
const char *sable_tiling_name(uint32_t tiling);     /* enum sable_tiling */
const char *sable_swz_error_name(uint32_t error);   /* SABLE_SWZ_ERR_* */
const char *sable_virgl_cmd_name(uint32_t cmd);     /* SABLE_VIRGL_CCMD_* */
const char *sable_virgl_object_name(uint32_t obj);  /* SABLE_VIRGL_OBJECT_* */

/* "A|B|0x40" for the set bits of value (unknown bits in hex), "none" if 0. */
char *sable_bits_to_string(uint64_t value, const SableBitName *table);
/* The same, as a NULL-terminated array of names (unknown bits as hex). */
GStrv sable_bits_to_strv(uint64_t value, const SableBitName *table);
/* "MAGIC", "SWZ2.PITCH", "ENG1.RING_HEAD", ...; NULL for an offset with no register. */
char *sable_reg_name(uint32_t offset);

#endif
