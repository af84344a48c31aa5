/* SPDX-License-Identifier: MIT */
/*
 * What the UMD DLL needs on Windows besides the portable core: its entry
 * point, and the few C library functions the core calls (calloc, free,
 * memcpy, memset, memcmp) over kernel32 alone, so the DLL imports no C runtime.
 * Built only into sable_d3d10*.dll (windows/meson.build).
 */
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN64)
#define UMD_WINAPI
#else
#define UMD_WINAPI __stdcall
#endif

/* kernel32.dll, from the HeapAlloc / HeapFree / GetProcessHeap pages. */
#define UMD_HEAP_ZERO_MEMORY 0x00000008u
void *UMD_WINAPI GetProcessHeap(void);
void *UMD_WINAPI HeapAlloc(void *heap, uint32_t flags, size_t bytes);
int UMD_WINAPI HeapFree(void *heap, uint32_t flags, void *mem);

void *calloc(size_t n, size_t size);
void free(void *p);
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int UMD_WINAPI DllMain(void *instance, uint32_t reason, void *reserved);

void *calloc(size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size) {
        return NULL;
    }
    return HeapAlloc(GetProcessHeap(), UMD_HEAP_ZERO_MEMORY, n * size);
}

void free(void *p)
{
    if (p) {
        HeapFree(GetProcessHeap(), 0, p);
    }
}

/* The compiler may turn these loops back into calls to themselves: the
 * DLL is built with -fno-builtin -fno-tree-loop-distribute-patterns.
 * Uploads go through memcpy: 8 bytes at a time when both ends allow. */
typedef uint64_t __attribute__((may_alias)) umd_word;

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if ((((uintptr_t)d | (uintptr_t)s) & (sizeof(umd_word) - 1)) == 0) {
        for (; n >= sizeof(umd_word); n -= sizeof(umd_word)) {
            *(umd_word *)d = *(const umd_word *)s;
            d += sizeof(umd_word);
            s += sizeof(umd_word);
        }
    }
    while (n--) {
        *d++ = *s++;
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--) {
        *d++ = (unsigned char)c;
    }
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++) {
        if (*x != *y) {
            return *x < *y ? -1 : 1;
        }
    }
    return 0;
}

/* Nothing to set up or tear down per process or thread. */
int UMD_WINAPI DllMain(void *instance, uint32_t reason, void *reserved)
{
    (void)instance;
    (void)reason;
    (void)reserved;
    return 1;
}
