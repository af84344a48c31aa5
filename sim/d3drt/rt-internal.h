/* SPDX-License-Identifier: MIT */
/*
 * What the files of winsim's D3D runtime share and its users do not: the
 * contract-violation report (RT_FAIL), the kernel-mode objects of shared
 * resources (d3drt.c keeps them per adapter, rt-alloc.c makes them at
 * pfnAllocateCb), and the runtime callback tables (rt-callbacks.c,
 * rt-alloc.c) that d3drt.c hands the UMD at OpenAdapter and CreateDevice.
 */
#ifndef WS_RT_INTERNAL_H
#define WS_RT_INTERNAL_H

#include "d3drt.h"

/* In a test: fail it (and go on, as the runtime would remove the device);
 * elsewhere (the demo): stop. */
#define RT_FAIL(...) do { \
        g_printerr(__VA_ARGS__); \
        g_printerr("\n"); \
        if (g_test_initialized()) { \
            g_test_fail(); \
        } else { \
            g_error("winsim d3d runtime: contract violation"); \
        } \
    } while (0)

/* The DDI being called, for messages. */
static inline const char *rt_cur_name(const RtDevice *d)
{
    return d->cur < 0 ? "(no DDI)" : umd_ddi_name((UmdDdi)d->cur);
}

/* A shared resource's kernel-mode object (dxgkrnl's). The runtime models
 * one allocation per shared resource, which is what Sable's UMD makes; a
 * second one fails the test. */
typedef struct RtShared {
    unsigned refs;              /* resources, created or opened, holding it */
    WsKmtAllocation *a;
    struct sable_alloc_private alloc_priv;
    uint8_t *res_priv;          /* the resource private data, as allocated */
    UINT res_priv_size;
    RtResource desc;            /* the runtime's own description of it */
} RtShared;

/* d3drt.c: one reference less to the kernel-mode resource km. */
void rt_shared_release(RtAdapter *a, D3DKMT_HANDLE km);

/* rt-callbacks.c: the callback tables of an adapter and of a device. */
void rt_callbacks_adapter(RtAdapter *a);
void rt_callbacks_device(RtDevice *d);
/* rt-callbacks.c: the allocation `h` names on the device (NULL: none);
 * interrupts serviced; whether a TDR removed the device. */
RtAlloc *rt_lookup(RtDevice *d, D3DKMT_HANDLE h);
void rt_poll(RtDevice *d);
bool rt_removed(RtDevice *d);

/* rt-alloc.c: the allocation and lock callbacks of a device's table; an
 * allocation closed or destroyed; renamed-away instances released (all:
 * whether or not the GPU is done). */
void rt_callbacks_alloc(RtDevice *d);
void rt_free_alloc(RtDevice *d, RtAlloc *al);
void rt_release_retired(RtDevice *d, bool all);

#endif
