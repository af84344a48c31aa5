/* SPDX-License-Identifier: MIT */
/*
 * Where Windows would bugcheck (or dxgkrnl would stop the adapter for a
 * driver contract violation), winsim ends the run with a clear report: the
 * bugcheck code, its four parameters and what the driver did.
 */
#ifndef WS_BUGCHECK_H
#define WS_BUGCHECK_H

#include <stdint.h>
#include <glib.h>

/* Codes used here besides the VIDEO_* ones of wddm_types.h. */
#define WS_PAGE_FAULT_IN_NONPAGED_AREA 0x50u
#define WS_DRIVER_IRQL_NOT_LESS_OR_EQUAL 0xD1u
#define WS_INTERRUPT_STORM 0xF2u

G_NORETURN void ws_bugcheck(uint32_t code, uint64_t p1, uint64_t p2, uint64_t p3,
                            uint64_t p4, const char *fmt, ...) G_GNUC_PRINTF(6, 7);

#endif
