/* SPDX-License-Identifier: MIT */
/*
 * Fences: dxgkrnl numbers submissions per node with 32-bit ids that wrap;
 * the device uses 64-bit fences that never wrap. The KMD extends each id to
 * 64 bits relative to the last fence it submitted on the node, and reports
 * the low 32 bits back. Comparisons are wrap-safe (signed difference).
 */
#ifndef KMD_FENCE_H
#define KMD_FENCE_H

#include <stdbool.h>
#include <stdint.h>

/* The 64-bit fence following `last` whose low 32 bits are `id`. */
uint64_t kmd_fence_extend(uint64_t last, uint32_t id);
/* The 64-bit fence for id on a node whose last fence is `last`; the first
 * fence of a node (primed false) is taken as is. 0 if id does not move
 * forward by less than 2^31. */
uint64_t kmd_fence_next(uint64_t last, bool primed, uint32_t id);
/* a is strictly after b (wrap-safe). */
bool kmd_fence_after(uint64_t a, uint64_t b);

#endif
