/* SPDX-License-Identifier: MIT */
/*
 * Dump parsing and validation. Structures are copied out of the buffer with
 * memcpy (no alignment assumptions) and all arithmetic on sizes is 64-bit.
 */
#include "sable-dump-decode.h"

#include <stdarg.h>
#include <string.h>

G_STATIC_ASSERT(G_BYTE_ORDER == G_LITTLE_ENDIAN); /* the dump is little-endian */

G_DEFINE_QUARK(sable-dump-error-quark, sable_dump_error)

typedef struct Section {
    const uint8_t *p;
    uint64_t offset;
    uint32_t index;
    struct sable_dump_section hdr;
} Section;

static const char *section_type_name(uint32_t type)
{
    switch (type) {
    case SABLE_DUMP_SEC_DEVICE:
        return "DEVICE";
    case SABLE_DUMP_SEC_ENGINE:
        return "ENGINE";
    case SABLE_DUMP_SEC_CMD_HISTORY:
        return "CMD_HISTORY";
    case SABLE_DUMP_SEC_REGISTERS:
        return "REGISTERS";
    default:
        return "unknown";
    }
}

G_GNUC_PRINTF(3, 4)
static bool section_error(GError **err, const Section *s, const char *fmt, ...)
{
    va_list ap;
    g_autofree char *msg = NULL;

    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_INVALID,
                "section %u (type %u %s) at offset %" G_GUINT64_FORMAT ": %s", s->index,
                s->hdr.type, section_type_name(s->hdr.type), s->offset, msg);
    return false;
}

static bool check_header(const uint8_t *data, size_t len, struct sable_dump_header *h,
                         GError **err)
{
    if (data == NULL || len < sizeof *h) {
        g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_TRUNCATED,
                    "dump is %zu bytes, shorter than its %zu-byte header", data ? len : 0,
                    sizeof *h);
        return false;
    }
    memcpy(h, data, sizeof *h);
    if (h->magic != SABLE_DUMP_MAGIC) {
        g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_BAD_MAGIC,
                    "bad magic 0x%08x: not a Sable dump (expected 0x%08x)", h->magic,
                    SABLE_DUMP_MAGIC);
        return false;
    }
    if (h->major != SABLE_DUMP_MAJOR) {
        g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_VERSION,
                    "dump format %u.%u is not supported (this decoder reads %u.x)", h->major,
                    h->minor, SABLE_DUMP_MAJOR);
        return false;
    }
    if (h->total_size > len) {
        g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_TRUNCATED,
                    "dump claims %u bytes but only %zu are available", h->total_size, len);
        return false;
    }
    if (h->header_size < sizeof *h || h->header_size % 8 != 0 ||
        h->header_size > h->total_size) {
        g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_INVALID,
                    "header_size %u is invalid (at least %zu, a multiple of 8, within "
                    "total_size %u)", h->header_size, sizeof *h, h->total_size);
        return false;
    }
    if (h->engine_count > SABLE_MAX_ENGINES) {
        g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_INVALID,
                    "engine_count %u exceeds the maximum of %u", h->engine_count,
                    SABLE_MAX_ENGINES);
        return false;
    }
    return true;
}

/* The section at offset, checked to lie within the dump. */
static bool read_section(const uint8_t *data, uint32_t total, uint64_t offset, uint32_t index,
                         Section *s, GError **err)
{
    *s = (Section){ data + offset, offset, index, { 0 } };
    if (offset + sizeof s->hdr > total) {
        g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_INVALID,
                    "section %u at offset %" G_GUINT64_FORMAT " starts past total_size %u",
                    index, offset, total);
        return false;
    }
    memcpy(&s->hdr, s->p, sizeof s->hdr);
    if (s->hdr.size < sizeof s->hdr || s->hdr.size % 8 != 0) {
        return section_error(err, s, "size %u is not a multiple of 8 of at least %zu",
                             s->hdr.size, sizeof s->hdr);
    }
    if (offset + s->hdr.size > total) {
        return section_error(err, s, "size %u runs past total_size %u", s->hdr.size, total);
    }
    return true;
}

static bool need_size(const Section *s, size_t known, GError **err)
{
    if (s->hdr.size < known) {
        return section_error(err, s, "%u bytes, smaller than the %zu bytes of version %u.%u",
                             s->hdr.size, known, SABLE_DUMP_MAJOR, SABLE_DUMP_MINOR);
    }
    return true;
}

static bool not_seen(bool seen, const Section *s, GError **err)
{
    return seen ? section_error(err, s, "duplicate section") : true;
}

/* The engine a per-engine section is about, checked against engine_count. */
static SableDumpEngineInfo *section_engine(SableDump *d, const Section *s, GError **err)
{
    if (s->hdr.instance >= d->header.engine_count) {
        section_error(err, s, "engine %u but the dump has %u engines", s->hdr.instance,
                      d->header.engine_count);
        return NULL;
    }
    return &d->engines[s->hdr.instance];
}

/* Copy the count entries of entry_size bytes that follow a base-byte
 * section header, after checking they fit in the section. */
static bool copy_entries(const Section *s, size_t base, size_t entry_size, uint32_t *count,
                         void **entries, GError **err)
{
    uint32_t n;

    memcpy(&n, s->p + sizeof s->hdr, sizeof n);
    if ((uint64_t)n * entry_size > s->hdr.size - base) {
        return section_error(err, s, "count %u needs %" G_GUINT64_FORMAT
                             " bytes of entries, only %" G_GUINT64_FORMAT " follow", n,
                             (uint64_t)n * entry_size, (uint64_t)s->hdr.size - base);
    }
    *count = n;
    *entries = g_memdup2(s->p + base, (gsize)n * entry_size); /* NULL if n == 0 */
    return true;
}

static bool decode_device(SableDump *d, const Section *s, GError **err)
{
    if (!need_size(s, sizeof d->device, err) || !not_seen(d->has_device, s, err)) {
        return false;
    }
    memcpy(&d->device, s->p, sizeof d->device);
    d->has_device = true;
    return true;
}

static bool decode_engine(SableDump *d, const Section *s, GError **err)
{
    SableDumpEngineInfo *e;

    if (!need_size(s, sizeof e->state, err) || !(e = section_engine(d, s, err)) ||
        !not_seen(e->has_state, s, err)) {
        return false;
    }
    memcpy(&e->state, s->p, sizeof e->state);
    e->has_state = true;
    return true;
}

static bool decode_history(SableDump *d, const Section *s, GError **err)
{
    SableDumpEngineInfo *e;

    if (!need_size(s, sizeof(struct sable_dump_history), err) ||
        !(e = section_engine(d, s, err)) || !not_seen(e->has_history, s, err) ||
        !copy_entries(s, sizeof(struct sable_dump_history), sizeof(struct sable_dump_cmd),
                      &e->history_count, (void **)&e->history, err)) {
        return false;
    }
    e->has_history = true;
    return true;
}

static bool decode_registers(SableDump *d, const Section *s, GError **err)
{
    if (!need_size(s, sizeof(struct sable_dump_registers), err) ||
        !not_seen(d->has_registers, s, err) ||
        !copy_entries(s, sizeof(struct sable_dump_registers), sizeof(struct sable_dump_reg),
                      &d->reg_count, (void **)&d->regs, err)) {
        return false;
    }
    d->has_registers = true;
    return true;
}

static bool decode_swizzle(SableDump *d, const Section *s, GError **err)
{
    if (!need_size(s, sizeof(struct sable_dump_swizzle), err) ||
        !not_seen(d->has_swizzle, s, err) ||
        !copy_entries(s, sizeof(struct sable_dump_swizzle),
                      sizeof(struct sable_dump_swz_range), &d->swz_count,
                      (void **)&d->swz, err)) {
        return false;
    }
    d->has_swizzle = true;
    return true;
}

static bool decode_3d(SableDump *d, const Section *s, GError **err)
{
    if (!need_size(s, sizeof d->d3d, err) || !not_seen(d->has_3d, s, err) ||
        !copy_entries(s, sizeof d->d3d, sizeof(struct sable_dump_3d_cmd),
                      &d->recent3d_count, (void **)&d->recent3d, err)) {
        return false;
    }
    memcpy(&d->d3d, s->p, sizeof d->d3d);
    d->has_3d = true;
    return true;
}

static bool decode_section(SableDump *d, const Section *s, GError **err)
{
    switch (s->hdr.type) {
    case SABLE_DUMP_SEC_DEVICE:
        return decode_device(d, s, err);
    case SABLE_DUMP_SEC_ENGINE:
        return decode_engine(d, s, err);
    case SABLE_DUMP_SEC_CMD_HISTORY:
        return decode_history(d, s, err);
    case SABLE_DUMP_SEC_REGISTERS:
        return decode_registers(d, s, err);
    case SABLE_DUMP_SEC_SWIZZLE:
        return decode_swizzle(d, s, err);
    case SABLE_DUMP_SEC_3D:
        return decode_3d(d, s, err);
    default:
        d->unknown_sections++;
        return true;
    }
}

SableDump *sable_dump_decode(const void *data, size_t len, GError **err)
{
    g_autoptr(SableDump) d = g_new0(SableDump, 1);
    uint64_t offset;

    if (!check_header(data, len, &d->header, err)) {
        return NULL;
    }
    offset = d->header.header_size;
    for (uint32_t i = 0; i < d->header.section_count; i++) {
        Section s;

        if (!read_section(data, d->header.total_size, offset, i, &s, err) ||
            !decode_section(d, &s, err)) {
            return NULL;
        }
        offset += s.hdr.size;
    }
    if (offset != d->header.total_size) {
        g_set_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_INVALID,
                    "%u sections end at offset %" G_GUINT64_FORMAT " but total_size is %u",
                    d->header.section_count, offset, d->header.total_size);
        return NULL;
    }
    return g_steal_pointer(&d);
}

void sable_dump_free(SableDump *dump)
{
    if (dump == NULL) {
        return;
    }
    for (unsigned i = 0; i < SABLE_MAX_ENGINES; i++) {
        g_free(dump->engines[i].history);
    }
    g_free(dump->regs);
    g_free(dump->swz);
    g_free(dump->recent3d);
    g_free(dump);
}
