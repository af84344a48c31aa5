/* SPDX-License-Identifier: MIT */
/*
 * The VidPN DDIs, through dxgkrnl's VidPN interface (DxgkCbQueryVidPnInterface):
 * - a VidPN is supported when its topology has at most the path
 *   source 0 -> target 0, with identity (or unpinned / unspecified)
 *   scaling and rotation, and its pinned modes (if any) are ours: a
 *   graphics source mode of a monitor size in X8R8G8B8 with the visible
 *   region the whole surface, a target mode of a monitor size at 60 Hz,
 *   both of the same size when both are pinned (no scaling);
 * - RecommendFunctionalVidPn builds that path with the preferred mode
 *   (1024x768) pinned on both ends;
 * - EnumVidPnCofuncModality gives each unpinned end of the path (except
 *   the pivot) a new mode set of the modes cofunctional with the other
 *   end's pinned mode, and reports identity-only scaling and rotation
 *   support where they are unpinned;
 * - CommitVidPn records the pinned source mode of source 0 (or none: no
 *   path) and disables the scanout until SetVidPnSourceAddress names a
 *   primary; SetVidPnSourceAddress checks the primary (ours, source 0,
 *   in VRAM, at least the mode's size) and SetVidPnSourceVisibility
 *   switches it on or off (display.h: kmd_display_program).
 * Every acquired object is released on every path.
 */
#ifndef KMD_VIDPN_H
#define KMD_VIDPN_H

#include "adapter.h"

/* D3DDDIFMT_X8R8G8B8: the one source format (Sable B8G8R8X8). */
#define KMD_SOURCE_D3DFMT 22u

NTSTATUS kmd_is_supported_vidpn(KmdAdapter *a, DXGKARG_ISSUPPORTEDVIDPN *args);
NTSTATUS kmd_recommend_functional_vidpn(KmdAdapter *a,
                                        const DXGKARG_RECOMMENDFUNCTIONALVIDPN *args);
NTSTATUS kmd_enum_cofunc_modality(KmdAdapter *a, const DXGKARG_ENUMVIDPNCOFUNCMODALITY *args);
NTSTATUS kmd_commit_vidpn(KmdAdapter *a, const DXGKARG_COMMITVIDPN *args);
NTSTATUS kmd_set_source_address(KmdAdapter *a, const DXGKARG_SETVIDPNSOURCEADDRESS *args);
NTSTATUS kmd_set_source_visibility(KmdAdapter *a, const DXGKARG_SETVIDPNSOURCEVISIBILITY *args);

#endif
