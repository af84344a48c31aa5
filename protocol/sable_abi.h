/* SPDX-License-Identifier: MIT */
/*
 * Sable device ABI: common definitions shared by every protocol header.
 *
 * Contract: all multi-byte fields are little-endian; every structure has a
 * fixed layout checked by SABLE_LAYOUT(); reserved fields must be written as
 * zero by the producer and ignored by the consumer unless a header says the
 * device rejects non-zero values. ABI major breaks compatibility, minor only
 * extends it (new registers, packets, dump sections, feature bits).
 */
#ifndef SABLE_ABI_H
#define SABLE_ABI_H

#include <stdint.h>
#include <stddef.h>

#define SABLE_ABI_MAJOR 1u
#define SABLE_ABI_MINOR 5u /* 1.1: tiled surfaces, COPY_2D, swizzle ranges; 1.2: scanout;
                              1.3: 3D (sable_3d.h); 1.4: SABLE_CMD_F_ENSURE;
                              1.5: SABLE_CMD_F_SWAP_Z24S8 */
#define SABLE_ABI_VERSION ((SABLE_ABI_MAJOR << 16) | SABLE_ABI_MINOR)
#define SABLE_ABI_VERSION_MAJOR(v) ((uint32_t)(v) >> 16)
#define SABLE_ABI_VERSION_MINOR(v) ((uint32_t)(v) & 0xffffu)

#define SABLE_LAYOUT(type, size) \
    _Static_assert(sizeof(type) == (size), #type " must be " #size " bytes")
#define SABLE_OFFSET(type, field, off) \
    _Static_assert(offsetof(type, field) == (off), #type "." #field " at " #off)

#define SABLE_PAGE_SIZE 4096u
#define SABLE_PAGE_SHIFT 12u

#endif
