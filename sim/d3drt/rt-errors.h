/* SPDX-License-Identifier: MIT */
/*
 * winsim's D3D runtime's own table of pfnSetErrorCb error categories,
 * written from Microsoft's per-DDI reference pages (d3d10umddi.h), not
 * from the UMD's table: the two are compared by a test, so a wrong
 * category on either side fails it. Categories and the codes each allows
 * are those of the "Handling Errors" page (d3d_umddi_errors.h).
 */
#ifndef RT_ERRORS_H
#define RT_ERRORS_H

#include "d3d_umddi_errors.h"

/* The category of the DDI named `name` (the member name of its function
 * table slot without "pfn") in context `ctx`: RT_ERRCTX_DD_COUNTER for
 * CheckCounter on a device-dependent counter. */
#define RT_ERRCTX_DD_COUNTER 0x100u
D3D_UMDDI_ERROR_CATEGORY rt_ddi_category(const char *name, UINT ctx);

#endif
