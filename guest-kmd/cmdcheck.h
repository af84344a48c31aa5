/* SPDX-License-Identifier: MIT */
/*
 * What the KMD knows of each packet a UMD may send: minimum size, where
 * its GPU address fields are, and how many bytes each field's access
 * covers. kmd_cmd_check() validates one packet (copied out of the command
 * buffer by the caller) and fills a KmdPacketInfo; it returns the Render
 * status for a bad packet.
 */
#ifndef KMD_CMDCHECK_H
#define KMD_CMDCHECK_H

#include <stdbool.h>

#include "wddm_kmd.h"
#include "sable_protocol.h"

#define KMD_MAX_PACKET_BYTES 80u  /* the largest user packet (BLIT_2D) */
#define KMD_MAX_ADDR_FIELDS 2u

typedef struct KmdPacketInfo {
    uint32_t bytes;                          /* size the KMD emits */
    unsigned naddr;
    uint32_t addr_off[KMD_MAX_ADDR_FIELDS];  /* byte offset in the packet */
    uint64_t extent[KMD_MAX_ADDR_FIELDS];    /* bytes accessed from it */
    uint32_t align[KMD_MAX_ADDR_FIELDS];
} KmdPacketInfo;

/* header: the packet's first dword; avail: bytes left in the buffer;
 * tiling: the device has SABLE_FEATURE_TILING (COPY_2D, TILE_Y surfaces).
 * On success *min_bytes is what the caller must copy before calling
 * kmd_cmd_check() on the copy. */
NTSTATUS kmd_cmd_header(uint32_t header, uint32_t avail, bool tiling, uint32_t *min_bytes);
NTSTATUS kmd_cmd_check(const uint8_t *packet, bool tiling, KmdPacketInfo *info);

#endif
