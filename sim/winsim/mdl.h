/* SPDX-License-Identifier: MIT */
/*
 * winsim's MDL: the memory descriptor list the OS hands the KMD (opaque to
 * the KMD, read through kmd_os_mdl_page). Describes whole guest pages.
 */
#ifndef WS_MDL_H
#define WS_MDL_H

#include <stdint.h>

struct _MDL {
    uint64_t pages;
    uint64_t bus[];
};

/* An MDL of `pages` pages starting at bus (physically contiguous here). */
struct _MDL *ws_mdl_new(uint64_t bus, uint64_t pages);
void ws_mdl_free(struct _MDL *mdl);

#endif
