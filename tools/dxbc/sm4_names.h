/* SPDX-License-Identifier: MIT */
/* The names fxc's disassembly uses, shared by the assembler and the
 * disassembler: registers, resource dimensions and return types,
 * interpolation modes, system values, global flags, GS primitives. */
#ifndef SABLE_SM4_NAMES_H
#define SABLE_SM4_NAMES_H

#include "sm4.h"

typedef struct Sm4RegName {
    const char *name;
    uint8_t type;   /* SM4_OT_* */
    uint8_t ncomp;  /* natural component count: 0, 1 or 4 */
    uint8_t ndim;   /* natural index dimension */
    uint8_t numbered; /* the first index follows the name (r0, cb0[...]) */
} Sm4RegName;

extern const Sm4RegName sm4_regs[];
extern const unsigned sm4_nregs;
const Sm4RegName *sm4_reg_of_type(uint32_t type);

#define SM4_NAMES(x) (sizeof(x) / sizeof((x)[0]))
extern const char *const sm4_dim_name[SM4_RES_COUNT];
extern const char *const sm4_ret_name[10];
extern const char *const sm4_interp_name[8];
extern const char *const sm4_sv_name[23];
extern const char *const sm4_gflag_name[8];
extern const char *const sm4_in_prim_name[8];
extern const char *const sm4_out_topo_name[6];
extern const char *const sm4_sampler_mode_name[3];
extern const char *const sm4_tess_domain_name[4];
extern const char *const sm4_tess_partitioning_name[5];
extern const char *const sm4_tess_output_name[5];

extern const char *const sm4_sig_sv_name[17]; /* by D3D_NAME */
extern const char *const sm4_sig_sv_high_name[5];
const char *sm4_sig_sv_text(uint32_t d3d_name); /* the SysValue column's name */

/* index of s in names[0..n) (NULL entries skipped), or -1 */
int sm4_name_find(const char *const *names, unsigned n, const char *s, size_t len);

#endif /* SABLE_SM4_NAMES_H */
