/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "cmdwriter.h"

void kmd_cmd_init(KmdCmdWriter *w, void *buf, uint32_t size)
{
    w->pos = buf;
    w->end = w->pos + (buf ? size : 0);
}

size_t kmd_cmd_room(const KmdCmdWriter *w)
{
    return (size_t)(w->end - w->pos);
}

bool kmd_cmd_put(KmdCmdWriter *w, const void *packet, size_t size)
{
    if (size > kmd_cmd_room(w)) {
        return false;
    }
    memcpy(w->pos, packet, size);
    w->pos += size;
    return true;
}
