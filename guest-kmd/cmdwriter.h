/* SPDX-License-Identifier: MIT */
/*
 * Appending device packets (sable_cmd.h) to a DMA buffer of fixed size.
 * kmd_cmd_put() copies one whole packet or nothing; callers split work so
 * that each packet fits, and report STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER
 * when the next one does not.
 */
#ifndef KMD_CMDWRITER_H
#define KMD_CMDWRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

typedef struct KmdCmdWriter {
    uint8_t *pos;
    uint8_t *end;
} KmdCmdWriter;

void kmd_cmd_init(KmdCmdWriter *w, void *buf, uint32_t size);
size_t kmd_cmd_room(const KmdCmdWriter *w);
bool kmd_cmd_put(KmdCmdWriter *w, const void *packet, size_t size);

#endif
