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

uint64_t kmd_fence_next(uint64_t last, bool primed, uint32_t id)
{
    if (!primed) {
        return id ? id : 1ull << 32; /* 0 stays "no fence" */
    }
    uint64_t fence = kmd_fence_extend(last, id);
    return kmd_fence_after(fence, last) && fence - last < (1ull << 31) ? fence : 0;
}
