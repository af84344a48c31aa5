/* SPDX-License-Identifier: MIT */
/*
 * The C library subset the portable UMD core calls, over kernel32 alone, so
 * sable_d3d10*.dll imports no C runtime: the heap (malloc, calloc, realloc,
 * free over the process heap), memory and string functions, and the
 * __mingw_vsnprintf that mingw-w64's stdio.h inlines of snprintf reach
 * (umd_format.c). Built only into the DLLs (windows/meson.build), with
 * -fno-builtin so these loops stay loops.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "umd_format.h"

#if defined(_WIN64)
#define UMD_WINAPI
#else
#define UMD_WINAPI __stdcall
#endif

/* kernel32.dll, from the HeapAlloc / HeapFree / GetProcessHeap pages. */
#define UMD_HEAP_ZERO_MEMORY 0x00000008u
void *UMD_WINAPI GetProcessHeap(void);
void *UMD_WINAPI HeapAlloc(void *heap, uint32_t flags, size_t bytes);
void *UMD_WINAPI HeapReAlloc(void *heap, uint32_t flags, void *mem, size_t bytes);
int UMD_WINAPI HeapFree(void *heap, uint32_t flags, void *mem);

void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void free(void *p);
size_t strlen(const char *s);
char *strchr(const char *s, int c);
int strcmp(const char *a, const char *b);
int __mingw_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *calloc(size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size) {
        return NULL;
    }
    return HeapAlloc(GetProcessHeap(), UMD_HEAP_ZERO_MEMORY, n * size);
}

void *malloc(size_t size)
{
    return HeapAlloc(GetProcessHeap(), 0, size ? size : 1);
}

/* realloc(NULL, n) allocates; HeapReAlloc keeps the block on failure. */
void *realloc(void *p, size_t size)
{
    if (!p) {
        return malloc(size);
    }
    return HeapReAlloc(GetProcessHeap(), 0, p, size ? size : 1);
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

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n]) {
        n++;
    }
    return n;
}

char *strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c) {
            return (char *)s;
        }
        if (!*s) {
            return NULL;
        }
    }
}

int strcmp(const char *a, const char *b)
{
    for (; *a && *a == *b; a++, b++) {
    }
    return (unsigned char)*a - (unsigned char)*b;
}

int __mingw_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
    return umd_vformat(buf, size, fmt, ap);
}
