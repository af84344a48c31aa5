/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

#include "bugcheck.h"

void ws_bugcheck(uint32_t code, uint64_t p1, uint64_t p2, uint64_t p3, uint64_t p4,
                 const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *why = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    fprintf(stderr,
            "\n*** winsim: STOP 0x%08X (0x%016" G_GINT64_MODIFIER "x, 0x%016"
            G_GINT64_MODIFIER "x, 0x%016" G_GINT64_MODIFIER "x, 0x%016"
            G_GINT64_MODIFIER "x)\n*** %s\n", code, p1, p2, p3, p4, why);
    fflush(stderr);
    g_free(why);
    abort();
}
