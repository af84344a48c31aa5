/* SPDX-License-Identifier: MIT */
/*
 * Layout and value asserts for wddm_system.h (x64), included by
 * tests/wddm/test_wddm_layout.c next to wddm_layout_check.h.
 */
#ifndef SABLE_WDDM_SYSTEM_LAYOUT_CHECK_H
#define SABLE_WDDM_SYSTEM_LAYOUT_CHECK_H

#include <stddef.h>
#include "wddm_system.h"

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
_Static_assert(sizeof(STATUS_BLOCK) == 16, "STATUS_BLOCK");
_Static_assert(offsetof(STATUS_BLOCK, Information) == 8, "STATUS_BLOCK.Information");
_Static_assert(sizeof(VIDEO_REQUEST_PACKET) == 48, "VIDEO_REQUEST_PACKET");
_Static_assert(offsetof(VIDEO_REQUEST_PACKET, StatusBlock) == 8, "VRP.StatusBlock");
_Static_assert(offsetof(VIDEO_REQUEST_PACKET, InputBufferLength) == 24, "VRP.InputBufferLength");
_Static_assert(offsetof(VIDEO_REQUEST_PACKET, OutputBuffer) == 32, "VRP.OutputBuffer");
_Static_assert(offsetof(VIDEO_REQUEST_PACKET, OutputBufferLength) == 40, "VRP.OutputBufferLength");
_Static_assert(sizeof(QUERY_INTERFACE) == 32, "QUERY_INTERFACE");
_Static_assert(offsetof(QUERY_INTERFACE, Version) == 10, "QUERY_INTERFACE.Version");
_Static_assert(offsetof(QUERY_INTERFACE, Interface) == 16, "QUERY_INTERFACE.Interface");
_Static_assert(sizeof(DXGKARG_SYSTEM_DISPLAY_ENABLE_FLAGS) == 4, "SYSTEM_DISPLAY_ENABLE_FLAGS");
_Static_assert(PowerDeviceD0 == 1 && PowerDeviceD3 == 4, "DEVICE_POWER_STATE");
_Static_assert(PowerActionSleep == 2 && PowerActionDisplayOff == 8, "POWER_ACTION");
#else
#error "wddm_system_layout_check.h: x64 targets only"
#endif

#endif /* SABLE_WDDM_SYSTEM_LAYOUT_CHECK_H */
