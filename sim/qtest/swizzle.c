/* SPDX-License-Identifier: MIT */
/* Swizzle ranges of BAR4 (sable_regs.h, SABLE_REG_SWZ). */
#include "sqt-internal.h"

static uint32_t swz_reg(unsigned r, uint32_t reg)
{
    return SABLE_REG_SWZ(r) + reg;
}

uint32_t sqt_swz_status(SqtDevice *d, unsigned r)
{
    return sqt_reg_read(d, swz_reg(r, SABLE_SWZ_STATUS));
}

uint32_t sqt_swz_control(SqtDevice *d, unsigned r, uint32_t ctl)
{
    sqt_reg_write(d, swz_reg(r, SABLE_SWZ_CONTROL), ctl);
    return SABLE_SWZ_STATUS_ERROR(sqt_swz_status(d, r));
}

uint32_t sqt_swz_enable(SqtDevice *d, unsigned r, const SqtSwzRange *c)
{
    sqt_reg_write(d, swz_reg(r, SABLE_SWZ_APERTURE_OFFSET), c->offset);
    sqt_reg_write(d, swz_reg(r, SABLE_SWZ_SIZE), c->size);
    sqt_reg_write64(d, swz_reg(r, SABLE_SWZ_GPU_ADDR_LO), c->gpu);
    sqt_reg_write(d, swz_reg(r, SABLE_SWZ_PITCH), c->pitch);
    sqt_reg_write(d, swz_reg(r, SABLE_SWZ_HEIGHT), c->height);
    sqt_reg_write(d, swz_reg(r, SABLE_SWZ_TILING), c->tiling);
    return sqt_swz_control(d, r, SABLE_SWZ_CONTROL_ENABLE);
}
