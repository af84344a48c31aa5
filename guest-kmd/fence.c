/* SPDX-License-Identifier: MIT */
#include "fence.h"

uint64_t kmd_fence_extend(uint64_t last, uint32_t id)
{
    return last + (uint32_t)(id - (uint32_t)last);
}

bool kmd_fence_after(uint64_t a, uint64_t b)
{
    return (int64_t)(a - b) > 0;
}
