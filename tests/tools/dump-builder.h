/* SPDX-License-Identifier: MIT */
/* Building Sable dumps by hand for the decoder tests. */
#ifndef DUMP_BUILDER_H
#define DUMP_BUILDER_H

#include <glib.h>

#include "sable_protocol.h"

typedef struct DumpBuilder DumpBuilder;

/* A dump header for engine_count engines; no sections yet. */
DumpBuilder *dump_builder_new(uint32_t engine_count);
/* Append a section of size bytes; its sable_dump_section header is filled
 * with type, size and instance, and the header's section_count bumped. */
void dump_builder_add(DumpBuilder *b, uint32_t type, uint32_t instance, const void *sec,
                      size_t size);
/* Set total_size and return the bytes (g_free them); frees the builder. */
guint8 *dump_builder_finish(DumpBuilder *b, size_t *len);

/* The dump every test starts from: device, two engines (engine 0 faulted),
 * a two-command history for engine 0, three registers. */
guint8 *sample_dump(size_t *len);

/* Header access on a finished dump. */
struct sable_dump_header *dump_header(guint8 *dump);
/* The i-th section header of a finished dump. */
struct sable_dump_section *dump_section(guint8 *dump, unsigned i);

#endif
