/* SPDX-License-Identifier: MIT */
/* Dump decoder: fields, text, JSON, and rejection of malformed dumps. */
#include <string.h>
#include <json-glib/json-glib.h>

#include "dump-builder.h"
#include "sable-dump-decode.h"
#include "sable_virgl.h"

static void test_fields(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);
    g_autoptr(GError) err = NULL;
    g_autoptr(SableDump) d = sable_dump_decode(data, len, &err);

    g_assert_no_error(err);
    g_assert_cmpuint(d->header.section_count, ==, 5);
    g_assert_cmpuint(d->header.timestamp_ns, ==, 123456789);
    g_assert_true(d->has_device);
    g_assert_cmpuint(d->device.gart_base, ==, 1ull << 40);
    g_assert_true(d->engines[0].has_state && d->engines[1].has_state);
    g_assert_cmpuint(d->engines[0].state.fault.code, ==, SABLE_FAULT_PAGE);
    g_assert_cmpuint(d->engines[0].state.fault.addr, ==, 0x10000001000ull);
    g_assert_cmpuint(d->engines[1].state.completed_fence, ==, 0xfffffffffull);
    g_assert_true(d->engines[0].has_history);
    g_assert_false(d->engines[1].has_history);
    g_assert_cmpuint(d->engines[0].history_count, ==, 2);
    g_assert_cmphex(d->engines[0].history[1].args[0], ==, 0xdeadbeef);
    g_assert_cmpuint(d->reg_count, ==, 3);
    g_assert_cmphex(d->regs[0].value, ==, SABLE_MAGIC);
    g_assert_cmpuint(d->unknown_sections, ==, 0);
}

static void assert_contains(const char *haystack, const char *needle)
{
    if (strstr(haystack, needle) == NULL) {
        g_error("\"%s\" not found in:\n%s", needle, haystack);
    }
}

static void test_text(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);
    g_autoptr(SableDump) d = sable_dump_decode(data, len, NULL);
    g_autofree char *text = sable_dump_to_text(d);
    g_autofree char *title = g_strdup_printf("Sable dump 1.2 (device ABI %u.%u)",
                                             SABLE_ABI_MAJOR, SABLE_ABI_MINOR);
    const char *const expect[] = {
        title, "5 sections, 2 engines, taken at 123456789 ns",
        "FENCE_PAGE|MSIX|DUMP", "FAULT0|DUMP_DONE", "DONE, engine 1", "debug                on",
        "Engine 0 (graphics)", "ENABLED|FAULTED", "head 7, tail 9",
        "PAGE (1), flags WRITE|GART, address 0x0000010000001000",
        "opcode WRITE32 (0x01), context 3", "resets 1, faults 1, commands 99",
        "history (2 commands, oldest first)", "NOP size=4 -> ok",
        "WRITE32 size=4 value=0xdeadbeef addr=0x0000010000001000 -> PAGE",
        "Engine 1 (copy)", "fault                none", "completed 68719476735",
        "Registers (3)", "MAGIC", "0x4c424153", "ENG0.RING_HEAD", "0x0ffc (reserved)",
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(expect); i++) {
        assert_contains(text, expect[i]);
    }
}

static JsonObject *parse_object(JsonParser *parser, const char *json)
{
    g_autoptr(GError) err = NULL;

    g_assert_true(json_parser_load_from_data(parser, json, -1, &err));
    g_assert_no_error(err);
    return json_node_get_object(json_parser_get_root(parser));
}

static JsonObject *array_object(JsonObject *o, const char *member, guint i)
{
    return json_array_get_object_element(json_object_get_array_member(o, member), i);
}

static void test_json(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);
    g_autoptr(SableDump) d = sable_dump_decode(data, len, NULL);
    g_autofree char *json = sable_dump_to_json_string(d, false);
    g_autoptr(JsonParser) parser = json_parser_new();
    JsonObject *root = parse_object(parser, json);
    JsonObject *dev = json_object_get_object_member(root, "device");
    JsonObject *e0 = array_object(root, "engines", 0);
    JsonObject *state = json_object_get_object_member(e0, "state");
    JsonObject *fault = json_object_get_object_member(state, "fault");
    JsonObject *cmd = array_object(e0, "history", 1);
    JsonArray *features = json_object_get_array_member(dev, "features_names");

    g_assert_cmpint(json_object_get_int_member(root, "major"), ==, 1);
    g_assert_cmpint(json_object_get_int_member(root, "engine_count"), ==, 2);
    g_assert_cmpstr(json_object_get_string_member(root, "timestamp_ns"), ==,
                    "0x00000000075bcd15");
    g_assert_cmpstr(json_object_get_string_member(dev, "gart_base"), ==, "0x0000010000000000");
    g_assert_cmpuint(json_array_get_length(features), ==, 3);
    g_assert_cmpstr(json_array_get_string_element(features, 2), ==, "DUMP");
    g_assert_true(json_object_get_boolean_member(dev, "debug_enabled"));
    g_assert_cmpint(json_object_get_int_member(dev, "reset_engine"), ==, 1);
    g_assert_cmpstr(json_object_get_string_member(e0, "name"), ==, "graphics");
    g_assert_cmpint(json_object_get_int_member(state, "ring_head"), ==, 7);
    g_assert_cmpstr(json_object_get_string_member(state, "completed_fence"), ==,
                    "0x0000000000000029");
    g_assert_cmpstr(json_object_get_string_member(fault, "code_name"), ==, "PAGE");
    g_assert_cmpstr(json_object_get_string_member(fault, "opcode_name"), ==, "WRITE32");
    g_assert_cmpstr(json_object_get_string_member(cmd, "result_name"), ==, "PAGE");
    g_assert_cmpint(json_object_get_int_member(cmd, "opcode"), ==, SABLE_OP_WRITE32);
    g_assert_cmpstr(json_object_get_string_member(cmd, "text"), ==,
                    "WRITE32 size=4 value=0xdeadbeef addr=0x0000010000001000");
    g_assert_false(json_object_has_member(array_object(root, "engines", 1), "history"));
    g_assert_cmpstr(json_object_get_string_member(array_object(root, "registers", 1), "name"),
                    ==, "ENG0.RING_HEAD");
    g_assert_true(json_object_get_null_member(array_object(root, "registers", 2), "name"));
    g_assert_cmpint(json_object_get_int_member(root, "unknown_sections"), ==, 0);
}

/* A dump with a 1.1 SWIZZLE section of two ranges (count n). */
static guint8 *swizzle_dump(size_t *len, uint32_t n, bool twice)
{
    DumpBuilder *b = dump_builder_new(1);
    struct {
        struct sable_dump_swizzle h;
        struct sable_dump_swz_range r[2];
    } s = {
        .h = { .count = n },
        .r = {
            { .index = 0, .status = SABLE_SWZ_STATUS_ENABLED, .aperture_offset = 0x10000,
              .size = 0x5000, .gpu_addr = 0x400000, .pitch = 384, .height = 45,
              .tiling = SABLE_TILING_Y },
            { .index = 1, .status = SABLE_SWZ_ERR_FAULT << SABLE_SWZ_STATUS_ERROR_SHIFT,
              .gpu_addr = 0x10000000000ull, .fault_addr = 0x10000004000ull,
              .tiling = SABLE_TILING_LINEAR },
        },
    };
    dump_builder_add(b, SABLE_DUMP_SEC_SWIZZLE, 0, &s, sizeof s);
    if (twice) {
        dump_builder_add(b, SABLE_DUMP_SEC_SWIZZLE, 0, &s, sizeof s);
    }
    return dump_builder_finish(b, len);
}

static void test_swizzle(void)
{
    size_t len;
    g_autofree guint8 *data = swizzle_dump(&len, 2, false);
    g_autoptr(GError) err = NULL;
    g_autoptr(SableDump) d = sable_dump_decode(data, len, &err);
    g_assert_no_error(err);
    g_assert_true(d->has_swizzle);
    g_assert_cmpuint(d->swz_count, ==, 2);
    g_assert_cmphex(d->swz[1].fault_addr, ==, 0x10000004000ull);
    g_autofree char *text = sable_dump_to_text(d);
    assert_contains(text, "Swizzle ranges (2)");
    assert_contains(text, "0 enabled  window 0x10000+0x5000 gpu 0x0000000000400000 "
                          "pitch 384 height 45 TILE_Y error NONE");
    assert_contains(text, "1 disabled window 0x0+0x0 gpu 0x0000010000000000 pitch 0 "
                          "height 0 LINEAR error FAULT fault 0x0000010000004000");
    g_autofree char *json = sable_dump_to_json_string(d, false);
    g_autoptr(JsonParser) parser = json_parser_new();
    JsonObject *root = parse_object(parser, json);
    JsonObject *r0 = array_object(root, "swizzle_ranges", 0);
    JsonObject *r1 = array_object(root, "swizzle_ranges", 1);
    g_assert_true(json_object_get_boolean_member(r0, "enabled"));
    g_assert_cmpstr(json_object_get_string_member(r0, "tiling"), ==, "TILE_Y");
    g_assert_cmpstr(json_object_get_string_member(r0, "gpu_addr"), ==, "0x0000000000400000");
    g_assert_cmpstr(json_object_get_string_member(r1, "error"), ==, "FAULT");
    g_assert_false(json_object_get_boolean_member(r1, "enabled"));
}

static void test_swizzle_invalid(void)
{
    size_t len;
    g_autofree guint8 *many = swizzle_dump(&len, 3, false);
    g_autoptr(GError) err = NULL;
    g_assert_null(sable_dump_decode(many, len, &err));
    g_assert_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_INVALID);
    g_clear_error(&err);
    g_autofree guint8 *dup = swizzle_dump(&len, 2, true);
    g_assert_null(sable_dump_decode(dup, len, &err));
    g_assert_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_INVALID);
}

/* A dump 1.2 3D section: context 2 faulted at dword 19 (BIND_OBJECT DSA)
 * of its stream, after a CLEAR; count recent entries claimed. */
static guint8 *dump_3d(size_t *len, uint32_t count)
{
    DumpBuilder *b = dump_builder_new(1);
    struct {
        struct sable_dump_3d h;
        struct sable_dump_3d_cmd c[2];
    } s = {
        .h = { .recent_count = count, .context_count = 2, .resource_count = 5,
               .guilty_context = 2, .stream_dw = 30, .stream_addr = 0x20000,
               .stream_pos_dw = 19, .stream_cmd = SABLE_VIRGL_CMD(2, 3, 1),
               .live_contexts = 0x3 },
        .c = {
            { .stream_addr = 0x20000, .context_id = 2, .offset_dw = 10,
              .header = SABLE_VIRGL_CMD(7, 0, 8) },
            { .stream_addr = 0x20000, .context_id = 2, .offset_dw = 19,
              .header = SABLE_VIRGL_CMD(2, 3, 1), .result = SABLE_FAULT_3D_REJECTED },
        },
    };
    dump_builder_add(b, SABLE_DUMP_SEC_3D, 0, &s, sizeof s);
    return dump_builder_finish(b, len);
}

static void test_3d(void)
{
    size_t len;
    g_autofree guint8 *data = dump_3d(&len, 2);
    g_autoptr(GError) err = NULL;
    g_autoptr(SableDump) d = sable_dump_decode(data, len, &err);
    g_assert_no_error(err);
    g_assert_true(d->has_3d);
    g_assert_cmpuint(d->recent3d_count, ==, 2);
    g_autofree char *text = sable_dump_to_text(d);
    assert_contains(text, "3D engine");
    assert_contains(text, "contexts             2 (mask 0x3), guilty 2");
    assert_contains(text, "resources            5");
    assert_contains(text, "stream               0x0000000000020000, 30 dwords, at dword 19: "
                          "BIND_OBJECT DSA len=1");
    assert_contains(text, "ctx 2 stream 0x0000000000020000 +10  CLEAR len=8");
    assert_contains(text, "BIND_OBJECT DSA len=1");
    assert_contains(text, "3D_REJECTED");
    g_autofree char *json = sable_dump_to_json_string(d, false);
    g_autoptr(JsonParser) parser = json_parser_new();
    JsonObject *root = parse_object(parser, json);
    JsonObject *t = json_object_get_object_member(root, "3d");
    g_assert_cmpint(json_object_get_int_member(t, "guilty_context"), ==, 2);
    g_assert_cmpstr(json_object_get_string_member(t, "stream_cmd_name"), ==, "BIND_OBJECT");
    JsonObject *r1 = json_array_get_object_element(
        json_object_get_array_member(t, "recent"), 1);
    g_assert_cmpstr(json_object_get_string_member(r1, "result_name"), ==, "3D_REJECTED");
    g_assert_cmpint(json_object_get_int_member(r1, "offset_dw"), ==, 19);
    /* more entries claimed than present: rejected */
    g_autofree guint8 *bad = dump_3d(&len, 3);
    g_assert_null(sable_dump_decode(bad, len, &err));
    g_assert_error(err, SABLE_DUMP_ERROR, SABLE_DUMP_ERROR_INVALID);
}

/* Decode data and expect the given error code. */
static void assert_rejected(const guint8 *data, size_t len, int code)
{
    g_autoptr(GError) err = NULL;
    SableDump *d = sable_dump_decode(data, len, &err);

    g_assert_null(d);
    g_assert_error(err, SABLE_DUMP_ERROR, code);
    g_test_message("rejected: %s", err->message);
}

static void test_truncated(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);

    assert_rejected(NULL, 0, SABLE_DUMP_ERROR_TRUNCATED);
    assert_rejected(data, sizeof(struct sable_dump_header) - 1, SABLE_DUMP_ERROR_TRUNCATED);
    /* every prefix shorter than the dump is rejected */
    for (size_t n = 0; n < len; n++) {
        g_assert_null(sable_dump_decode(data, n, NULL));
    }
}

static void test_bad_magic(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);

    dump_header(data)->magic = SABLE_MAGIC;
    assert_rejected(data, len, SABLE_DUMP_ERROR_BAD_MAGIC);
}

static void test_versions(void)
{
    size_t len;
    g_autofree guint8 *data = sample_dump(&len);
    SableDump *d;

    dump_header(data)->minor = 7; /* newer minor: still decoded */
    d = sable_dump_decode(data, len, NULL);
    g_assert_nonnull(d);
    sable_dump_free(d);
    dump_header(data)->major = SABLE_DUMP_MAJOR + 1;
    assert_rejected(data, len, SABLE_DUMP_ERROR_VERSION);
    dump_header(data)->major = 0;
    assert_rejected(data, len, SABLE_DUMP_ERROR_VERSION);
}

typedef void (*Corrupt)(guint8 *data);

static void hdr_size_small(guint8 *d) { dump_header(d)->header_size = 40; }
static void hdr_size_odd(guint8 *d) { dump_header(d)->header_size = 52; }
static void hdr_size_huge(guint8 *d) { dump_header(d)->header_size = 0xfffffff8u; }
static void engines_too_many(guint8 *d) { dump_header(d)->engine_count = SABLE_MAX_ENGINES + 1; }
static void engines_too_few(guint8 *d) { dump_header(d)->engine_count = 1; }
static void sections_too_many(guint8 *d) { dump_header(d)->section_count = 6; }
static void sections_too_few(guint8 *d) { dump_header(d)->section_count = 4; }
static void sections_huge(guint8 *d) { dump_header(d)->section_count = 0xffffffffu; }
static void total_small(guint8 *d) { dump_header(d)->total_size -= 8; }
static void sec_size_overflow(guint8 *d) { dump_section(d, 1)->size = 0xfffffff8u; }
static void sec_size_zero(guint8 *d) { dump_section(d, 4)->size = 0; }
static void sec_size_unaligned(guint8 *d) { dump_section(d, 0)->size = 92; }
static void engine_instance(guint8 *d) { dump_section(d, 2)->instance = 2; }
static void engine_duplicate(guint8 *d) { dump_section(d, 2)->instance = 0; }
static void device_duplicate(guint8 *d) { dump_section(d, 2)->type = SABLE_DUMP_SEC_DEVICE; }
static void history_instance(guint8 *d) { dump_section(d, 3)->instance = 9; }
static void history_count(guint8 *d) { ((struct sable_dump_history *)dump_section(d, 3))->count = 3; }
static void history_count_wrap(guint8 *d) { ((struct sable_dump_history *)dump_section(d, 3))->count = 0x80000000u; }
static void regs_count(guint8 *d) { ((struct sable_dump_registers *)dump_section(d, 4))->count = 4; }
static void regs_count_huge(guint8 *d) { ((struct sable_dump_registers *)dump_section(d, 4))->count = 0xffffffffu; }

static void test_invalid(void)
{
    static const Corrupt cases[] = {
        hdr_size_small, hdr_size_odd, hdr_size_huge, engines_too_many, engines_too_few,
        sections_too_many, sections_too_few, sections_huge, total_small, sec_size_overflow,
        sec_size_zero, sec_size_unaligned, engine_instance, engine_duplicate,
        device_duplicate, history_instance, history_count, history_count_wrap, regs_count,
        regs_count_huge,
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        size_t len;
        g_autofree guint8 *data = sample_dump(&len);

        cases[i](data);
        assert_rejected(data, len, SABLE_DUMP_ERROR_INVALID);
    }
}

/* Known sections smaller than version 1.0 defines are rejected. */
static void test_section_too_small(void)
{
    static const struct {
        uint32_t type;
        size_t size;
    } cases[] = {
        { SABLE_DUMP_SEC_DEVICE, sizeof(struct sable_dump_device) - 8 },
        { SABLE_DUMP_SEC_ENGINE, sizeof(struct sable_dump_engine) - 8 },
        { SABLE_DUMP_SEC_CMD_HISTORY, sizeof(struct sable_dump_section) },
        { SABLE_DUMP_SEC_REGISTERS, sizeof(struct sable_dump_section) },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        DumpBuilder *b = dump_builder_new(1);
        guint8 sec[sizeof(struct sable_dump_engine)] = { 0 };
        size_t len;
        g_autofree guint8 *data = NULL;

        dump_builder_add(b, cases[i].type, 0, sec, cases[i].size);
        data = dump_builder_finish(b, &len);
        assert_rejected(data, len, SABLE_DUMP_ERROR_INVALID);
    }
}

/* A dump with sections of a type and size this decoder does not know, a
 * longer header and a longer engine section: all accepted. */
static void test_forward_compatible(void)
{
    DumpBuilder *b = dump_builder_new(1);
    guint8 unknown[40] = { 0 };
    guint8 engine[sizeof(struct sable_dump_engine) + 16] = { 0 };
    struct sable_dump_engine *e = (struct sable_dump_engine *)engine;
    size_t len;
    g_autofree guint8 *data = NULL;
    g_autoptr(SableDump) d = NULL;
    g_autofree char *text = NULL;

    e->ring_size = 128;
    dump_builder_add(b, 99, 0, unknown, sizeof unknown);
    dump_builder_add(b, SABLE_DUMP_SEC_ENGINE, 0, engine, sizeof engine);
    dump_builder_add(b, 1000, 5, unknown, 16);
    data = dump_builder_finish(b, &len);
    d = sable_dump_decode(data, len, NULL);
    g_assert_nonnull(d);
    g_assert_cmpuint(d->unknown_sections, ==, 2);
    g_assert_false(d->has_device);
    g_assert_cmpuint(d->engines[0].state.ring_size, ==, 128);
    text = sable_dump_to_text(d);
    assert_contains(text, "Skipped 2 section(s) of unknown type");
}

static void test_larger_header(void)
{
    size_t len;
    g_autofree guint8 *sample = sample_dump(&len);
    size_t hs = sizeof(struct sable_dump_header);
    g_autofree guint8 *data = g_malloc0(len + 16);
    g_autoptr(SableDump) d = NULL;

    memcpy(data, sample, hs);
    memcpy(data + hs + 16, sample + hs, len - hs);
    dump_header(data)->header_size = hs + 16;
    dump_header(data)->total_size = len + 16;
    d = sable_dump_decode(data, len + 16, NULL);
    g_assert_nonnull(d);
    g_assert_cmpuint(d->reg_count, ==, 3);
}

/* Random corruption never crashes; whatever decodes also renders. */
static void test_random_corruption(void)
{
    const guint32 seed = 0x5ab1e002u;
    g_autoptr(GRand) rng = g_rand_new_with_seed(seed);
    size_t len;
    g_autofree guint8 *sample = sample_dump(&len);

    g_test_message("random seed 0x%x", seed);
    for (unsigned round = 0; round < 2000; round++) {
        g_autofree guint8 *data = g_malloc(len);
        SableDump *d;

        memcpy(data, sample, len);
        for (unsigned k = 0; k < 4; k++) {
            data[g_rand_int_range(rng, 0, (gint32)len)] = (guint8)g_rand_int(rng);
        }
        d = sable_dump_decode(data, len, NULL);
        if (d != NULL) {
            g_free(sable_dump_to_text(d));
            g_free(sable_dump_to_json_string(d, true));
            sable_dump_free(d);
        }
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tools/dump/fields", test_fields);
    g_test_add_func("/tools/dump/text", test_text);
    g_test_add_func("/tools/dump/json", test_json);
    g_test_add_func("/tools/dump/swizzle", test_swizzle);
    g_test_add_func("/tools/dump/swizzle-invalid", test_swizzle_invalid);
    g_test_add_func("/tools/dump/3d", test_3d);
    g_test_add_func("/tools/dump/truncated", test_truncated);
    g_test_add_func("/tools/dump/bad-magic", test_bad_magic);
    g_test_add_func("/tools/dump/versions", test_versions);
    g_test_add_func("/tools/dump/invalid", test_invalid);
    g_test_add_func("/tools/dump/section-too-small", test_section_too_small);
    g_test_add_func("/tools/dump/forward-compatible", test_forward_compatible);
    g_test_add_func("/tools/dump/larger-header", test_larger_header);
    g_test_add_func("/tools/dump/random-corruption", test_random_corruption);
    return g_test_run();
}
