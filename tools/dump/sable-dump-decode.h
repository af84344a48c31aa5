/* SPDX-License-Identifier: MIT */
/*
 * Decoding Sable device dumps (protocol/sable_dump.h). The input is
 * untrusted: every size, offset and count is checked before use and a
 * malformed dump is rejected with a GError, never read out of bounds.
 */
#ifndef SABLE_DUMP_DECODE_H
#define SABLE_DUMP_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "sable_protocol.h"

#define SABLE_DUMP_ERROR (sable_dump_error_quark())
GQuark sable_dump_error_quark(void);

typedef enum SableDumpError {
    SABLE_DUMP_ERROR_TRUNCATED,   /* the buffer ends before the dump does */
    SABLE_DUMP_ERROR_BAD_MAGIC,   /* not a Sable dump */
    SABLE_DUMP_ERROR_VERSION,     /* a major version this decoder does not know */
    SABLE_DUMP_ERROR_INVALID,     /* inconsistent sizes, counts or instances */
} SableDumpError;

/* Per engine: which sections were present, and their known fields. */
typedef struct SableDumpEngineInfo {
    bool has_state;
    struct sable_dump_engine state;
    bool has_history;
    uint32_t history_count;
    struct sable_dump_cmd *history; /* oldest first */
} SableDumpEngineInfo;

typedef struct SableDump {
    struct sable_dump_header header;
    bool has_device;
    struct sable_dump_device device;
    SableDumpEngineInfo engines[SABLE_MAX_ENGINES]; /* header.engine_count used */
    bool has_registers;
    uint32_t reg_count;
    struct sable_dump_reg *regs;
    bool has_swizzle;               /* dump 1.1 */
    uint32_t swz_count;
    struct sable_dump_swz_range *swz;
    bool has_3d;                    /* dump 1.2 */
    struct sable_dump_3d d3d;
    uint32_t recent3d_count;
    struct sable_dump_3d_cmd *recent3d; /* oldest first */
    uint32_t unknown_sections;      /* skipped: types this decoder does not know */
} SableDump;

/* Decode len bytes at data. Bytes past the header's total_size are ignored. */
SableDump *sable_dump_decode(const void *data, size_t len, GError **err);
void sable_dump_free(SableDump *dump);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SableDump, sable_dump_free)

/* Human-readable report. */
char *sable_dump_to_text(const SableDump *dump);
/* JSON: 64-bit values as "0x%016x" strings, 32-bit ones as numbers, flag
 * words with a "<field>_names" array beside them. */
JsonNode *sable_dump_to_json(const SableDump *dump);
char *sable_dump_to_json_string(const SableDump *dump, bool pretty);

/* One command: "WRITE32 size=4 value=0x1 addr=0x0000000000001000". args are
 * the payload dwords after the header (n_args of them, possibly fewer than
 * the packet has: missing fields are shown as "..."). */
char *sable_cmd_describe(uint32_t header, const uint32_t *args, size_t n_args);
/* A command history entry: its header and the args it recorded. */
char *sable_dump_cmd_describe(const struct sable_dump_cmd *cmd);
/* A virgl command header: "CLEAR len=8", "CREATE_OBJECT SURFACE len=5". */
char *sable_virgl_cmd_describe(uint32_t header);

#endif
