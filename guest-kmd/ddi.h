/* SPDX-License-Identifier: MIT */
/*
 * DDI entry points: thin WDDM-signature wrappers over the core modules.
 * kmd_driver_entry() is what DriverEntry does on any platform: fill
 * DRIVER_INITIALIZATION_DATA with the implemented DDIs (every other slot
 * NULL) and hand it to DxgkInitialize (dxgkrnl, or winsim's on the host).
 */
#ifndef KMD_DDI_H
#define KMD_DDI_H

#include "wddm_kmd.h"

NTSTATUS kmd_driver_entry(PDRIVER_OBJECT driver, PUNICODE_STRING registry_path);
/* The adapter-level entries: power, reset, ACPI, I/O requests, interfaces,
 * the system display and the display hand-over (ddi-system.c). */
void kmd_ddi_system_fill(DRIVER_INITIALIZATION_DATA *init);

#endif
