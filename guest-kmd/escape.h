/* SPDX-License-Identifier: MIT */
/*
 * DxgkDdiEscape: the tools' channel (contract in sable_kmd_private.h).
 * The header is copied and checked first (magic, version, size equal to
 * PrivateDriverDataSize, reserved zero, HardwareAccess set); only then is
 * the data area written, never past `size`.
 */
#ifndef KMD_ESCAPE_H
#define KMD_ESCAPE_H

#include "adapter.h"

NTSTATUS kmd_escape(KmdAdapter *a, const DXGKARG_ESCAPE *args);

#endif
