/* SPDX-License-Identifier: MIT */
/*
 * Sable: umbrella header for our own user-mode (Direct3D 10/10.1/11 UMD)
 * DDI declarations.  See the individual headers for sources and the items
 * marked UNCERTAIN; layout asserts are in wddm_umd_layout_check.h.
 */
#ifndef SABLE_WDDM_UMD_H
#define SABLE_WDDM_UMD_H

#include "d3d10_umddi_types.h"       /* handles, HRESULTs, formats, resources, views */
#include "d3dddi_callbacks.h"        /* D3DDDI_DEVICECALLBACKS, D3DDDICB_* */
#include "dxgi_ddi.h"                /* DXGI_DDI_BASE_FUNCTIONS / _CALLBACKS */
#include "d3d10_umddi_devicefuncs.h" /* D3D10.0 / 10.1 tables, D3D10 core layer */
#include "d3d11_umddi_devicefuncs.h" /* D3D11.0 table, D3D11 core layer */
#include "d3d10_umddi_adapter.h"     /* OpenAdapter10[_2], CreateDevice, versions */
#include "d3d_umddi_errors.h"        /* pfnSetErrorCb error categories */
#include "d3d10_umddi_state.h"        /* blend, depth-stencil, rasterizer, sampler, element layout */

#endif /* SABLE_WDDM_UMD_H */
