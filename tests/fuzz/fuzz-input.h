/* SPDX-License-Identifier: MIT */
/* A fuzz input read front to back: every read is bounded, and reads past
 * the end return zeros (so any input is a complete program). */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct FuzzIn {
    const uint8_t *p;
    size_t left;
} FuzzIn;

static inline void fuzz_take(FuzzIn *in, void *out, size_t n)
{
    size_t k = n < in->left ? n : in->left;
    memcpy(out, in->p, k);
    memset((uint8_t *)out + k, 0, n - k);
    in->p += k;
    in->left -= k;
}

static inline uint8_t fuzz_u8(FuzzIn *in)
{
    uint8_t v;
    fuzz_take(in, &v, 1);
    return v;
}

static inline uint32_t fuzz_u32(FuzzIn *in)
{
    uint32_t v;
    fuzz_take(in, &v, 4);
    return v;
}

static inline uint64_t fuzz_u64(FuzzIn *in)
{
    uint64_t v;
    fuzz_take(in, &v, 8);
    return v;
}

#endif
