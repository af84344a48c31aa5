/* SPDX-License-Identifier: MIT */
/*
 * sablectl status: the device's `state` object (64-bit values as hex
 * strings, 32-bit ones as numbers) printed with protocol names. The JSON
 * comes from QEMU, so every member is checked before use.
 */
#include <inttypes.h>
#include <stdbool.h>

#include "sable-names.h"
#include "status.h"

#define STATUS_ERROR (g_quark_from_static_string("sablectl-status"))

typedef struct Reader {
    GError **err;
    bool failed;
} Reader;

static void bad(Reader *r, const char *what)
{
    if (!r->failed) {
        g_set_error(r->err, STATUS_ERROR, 0, "the device state has no valid '%s'", what);
        r->failed = true;
    }
}

static uint32_t u32(Reader *r, JsonObject *o, const char *key)
{
    JsonNode *n = o ? json_object_get_member(o, key) : NULL;
    if (!n || json_node_get_value_type(n) != G_TYPE_INT64 || json_node_get_int(n) < 0 ||
        json_node_get_int(n) > UINT32_MAX) {
        bad(r, key);
        return 0;
    }
    return (uint32_t)json_node_get_int(n);
}

static uint64_t u64(Reader *r, JsonObject *o, const char *key)
{
    JsonNode *n = o ? json_object_get_member(o, key) : NULL;
    const char *s = n && json_node_get_value_type(n) == G_TYPE_STRING ? json_node_get_string(n)
                                                                       : NULL;
    guint64 v = 0;
    if (!s || !g_str_has_prefix(s, "0x") ||
        !g_ascii_string_to_unsigned(s + 2, 16, 0, UINT64_MAX, &v, NULL)) {
        bad(r, key);
    }
    return v;
}

static JsonObject *obj(Reader *r, JsonObject *o, const char *key)
{
    JsonNode *n = o ? json_object_get_member(o, key) : NULL;
    if (!n || !JSON_NODE_HOLDS_OBJECT(n)) {
        bad(r, key);
        return NULL;
    }
    return json_node_get_object(n);
}

static JsonArray *arr(Reader *r, JsonObject *o, const char *key)
{
    JsonNode *n = o ? json_object_get_member(o, key) : NULL;
    if (!n || !JSON_NODE_HOLDS_ARRAY(n)) {
        bad(r, key);
        return NULL;
    }
    return json_node_get_array(n);
}

static JsonObject *elem(Reader *r, JsonArray *a, guint i, const char *what)
{
    JsonNode *n = json_array_get_element(a, i);
    if (!JSON_NODE_HOLDS_OBJECT(n)) {
        bad(r, what);
        return NULL;
    }
    return json_node_get_object(n);
}

static const char *or_hex(const char *name, uint32_t v, char buf[16])
{
    if (name) {
        return name;
    }
    g_snprintf(buf, 16, "0x%x", v);
    return buf;
}

static void put_fault(Reader *r, GString *s, JsonObject *f)
{
    uint32_t code = u32(r, f, "code");
    char buf[16];
    if (code == SABLE_FAULT_NONE) {
        g_string_append(s, "  fault: none\n");
        return;
    }
    g_autofree char *flags = sable_bits_to_string(u32(r, f, "flags"), sable_fault_flag_bits);
    g_string_append_printf(s, "  fault: %s flags %s at 0x%016" PRIx64 ", fence %" PRIu64
                           ", DMA buffer 0x%016" PRIx64 " offset %u, opcode %s, context %u\n",
                           or_hex(sable_fault_name(code), code, buf), flags,
                           u64(r, f, "addr"), u64(r, f, "fence"), u64(r, f, "dma-addr"),
                           u32(r, f, "dma-offset"),
                           sable_opcode_name(u32(r, f, "opcode")) ?: "-", u32(r, f, "context"));
}

static void put_engine(Reader *r, GString *s, JsonObject *e)
{
    uint32_t index = u32(r, e, "index");
    g_autofree char *status = sable_bits_to_string(u32(r, e, "status"),
                                                   sable_engine_status_bits);
    JsonNode *busy = e ? json_object_get_member(e, "busy") : NULL;

    g_string_append_printf(s, "engine %u (%s): %s\n", index,
                           sable_engine_name(index) ?: "?", status);
    g_string_append_printf(s, "  ring: head %u tail %u size %u base 0x%016" PRIx64 "\n",
                           u32(r, e, "ring-head"), u32(r, e, "ring-tail"),
                           u32(r, e, "ring-size"), u64(r, e, "ring-base"));
    g_string_append_printf(s, "  fences: submitted %" PRIu64 " completed %" PRIu64
                           " last aborted %" PRIu64 "\n",
                           u64(r, e, "submitted-fence"), u64(r, e, "completed-fence"),
                           u64(r, e, "last-aborted-fence"));
    if (!busy || json_node_get_value_type(busy) != G_TYPE_BOOLEAN) {
        bad(r, "busy");
    } else if (json_node_get_boolean(busy)) {
        g_string_append_printf(s, "  in flight: fence %" PRIu64 ", DMA buffer 0x%016" PRIx64
                               " size %u, offset %u, context %u\n",
                               u64(r, e, "fence"), u64(r, e, "dma-addr"), u32(r, e, "dma-size"),
                               u32(r, e, "dma-offset"), u32(r, e, "context"));
    } else {
        g_string_append(s, "  in flight: nothing\n");
    }
    g_string_append_printf(s, "  resets %u, faults %u, commands %u\n", u32(r, e, "reset-count"),
                           u32(r, e, "fault-count"), u32(r, e, "commands-executed"));
    put_fault(r, s, obj(r, e, "fault"));
}

static void put_injections(Reader *r, GString *s, JsonArray *a)
{
    guint n = a ? json_array_get_length(a) : 0;
    g_string_append_printf(s, "injections pending: %u\n", n);
    for (guint i = 0; i < n; i++) {
        JsonObject *o = elem(r, a, i, "injections");
        const char *spec = o ? json_object_get_string_member_with_default(o, "spec", NULL) : NULL;
        if (!spec) {
            bad(r, "spec");
            return;
        }
        g_string_append_printf(s, "  %s (%u left)\n", spec, u32(r, o, "remaining"));
    }
}

static void put_swizzle(Reader *r, GString *s, JsonArray *a)
{
    guint n = a ? json_array_get_length(a) : 0;
    guint enabled = 0;
    for (guint i = 0; i < n; i++) {
        enabled += (u32(r, elem(r, a, i, "swizzle-ranges"), "status") &
                    SABLE_SWZ_STATUS_ENABLED) != 0;
    }
    g_string_append_printf(s, "swizzle ranges: %u, %u enabled\n", n, enabled);
    for (guint i = 0; i < n; i++) {
        JsonObject *o = elem(r, a, i, "swizzle-ranges");
        if (!(u32(r, o, "status") & SABLE_SWZ_STATUS_ENABLED)) {
            continue;
        }
        g_string_append_printf(s, "  range %u: aperture 0x%x+0x%x -> GPU 0x%016" PRIx64
                               " pitch %u height %u %s\n", u32(r, o, "index"),
                               u32(r, o, "aperture-offset"), u32(r, o, "size"),
                               u64(r, o, "gpu-addr"), u32(r, o, "pitch"), u32(r, o, "height"),
                               sable_tiling_name(u32(r, o, "tiling")) ?: "?");
    }
}

char *sctl_status_text(JsonNode *state, GError **err)
{
    Reader r = { .err = err };
    JsonObject *o = state && JSON_NODE_HOLDS_OBJECT(state) ? json_node_get_object(state) : NULL;
    g_autoptr(GString) s = g_string_new(NULL);

    if (!o) {
        bad(&r, "state");
        return NULL;
    }
    g_autofree char *irq = sable_bits_to_string(u32(&r, o, "irq-status"), sable_irq_bits);
    g_autofree char *errs = sable_bits_to_string(u32(&r, o, "error-status"), sable_error_bits);
    g_string_append_printf(s, "device: clock %" PRIu64 " ns, adapter resets %u\n",
                           u64(&r, o, "timestamp-ns"), u32(&r, o, "adapter-reset-count"));
    g_string_append_printf(s, "  irq status %s, errors %s\n", irq, errs);
    JsonArray *eng = arr(&r, o, "engines");
    for (guint i = 0; eng && i < json_array_get_length(eng); i++) {
        put_engine(&r, s, elem(&r, eng, i, "engines"));
    }
    put_injections(&r, s, arr(&r, o, "injections"));
    put_swizzle(&r, s, arr(&r, o, "swizzle-ranges"));
    if (r.failed) {
        return NULL;
    }
    return g_string_free(g_steal_pointer(&s), FALSE);
}
