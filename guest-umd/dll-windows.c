/* SPDX-License-Identifier: MIT */
/*
 * The UMD DLL's entry point on Windows (the C library subset the core
 * needs is dll-libc.c). Built only into sable_d3d10*.dll
 * (windows/meson.build).
 */
#include <stdint.h>

#if defined(_WIN64)
#define UMD_WINAPI
#else
#define UMD_WINAPI __stdcall
#endif

int UMD_WINAPI DllMain(void *instance, uint32_t reason, void *reserved);

/* Nothing to set up or tear down per process or thread. */
int UMD_WINAPI DllMain(void *instance, uint32_t reason, void *reserved)
{
    (void)instance;
    (void)reason;
    (void)reserved;
    return 1;
}
