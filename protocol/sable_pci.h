/* SPDX-License-Identifier: MIT */
/*
 * Sable PCI identity and BAR layout.
 *
 * BAR0  32-bit MMIO, SABLE_MMIO_SIZE bytes: registers (sable_regs.h).
 * BAR1  32-bit MMIO: MSI-X table and PBA.
 * BAR2  64-bit prefetchable memory: VRAM, size is the `vram-size` property
 *       (power of two, reported in SABLE_REG_VRAM_SIZE_LO/HI).
 * BAR4  64-bit prefetchable memory: swizzling aperture window, size reported
 *       in SABLE_REG_APERTURE_SIZE_LO/HI. Since ABI 1.1 it is plain memory
 *       whose swizzle ranges (SABLE_REG_SWZ) present tiled surfaces
 *       linearly; see sable_regs.h for when data moves.
 */
#ifndef SABLE_PCI_H
#define SABLE_PCI_H

#include "sable_abi.h"

#define SABLE_PCI_VENDOR_ID 0x1234u
#define SABLE_PCI_DEVICE_ID 0x5AB1u
#define SABLE_PCI_CLASS_DISPLAY_OTHER 0x0380u /* display controller, other */
#define SABLE_PCI_REVISION SABLE_ABI_MAJOR

#define SABLE_BAR_MMIO 0
#define SABLE_BAR_MSIX 1
#define SABLE_BAR_VRAM 2
#define SABLE_BAR_APERTURE 4

#define SABLE_MMIO_SIZE 0x4000u
#define SABLE_MSIX_BAR_SIZE 0x1000u
#define SABLE_APERTURE_SIZE (16u * 1024 * 1024)

/* MSI-X vectors. Without MSI-X the device uses INTx pin A (level). */
#define SABLE_MSIX_VEC_MISC 0u             /* resets, dumps, device errors */
#define SABLE_MSIX_VEC_ENGINE(e) (1u + (e)) /* fence completed / engine fault */
#define SABLE_MSIX_VECTORS(n_engines) (1u + (n_engines))

#endif
