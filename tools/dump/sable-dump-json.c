/* SPDX-License-Identifier: MIT */
/*
 * sable_dump_to_json: a decoded dump as JSON. 64-bit values are strings
 * "0x%016x" (JSON numbers lose precision past 2^53); flag words get a
 * "<name>_names" array; enums a "<name>_name" string (null if unknown).
 */
#include "sable-dump-decode.h"
#include "sable-names.h"
#include "sable_virgl.h"

static void add_u32(JsonBuilder *b, const char *name, uint32_t v)
{
    json_builder_set_member_name(b, name);
    json_builder_add_int_value(b, v);
}

static void add_u64(JsonBuilder *b, const char *name, uint64_t v)
{
    g_autofree char *hex = g_strdup_printf("0x%016" G_GINT64_MODIFIER "x", v);

    json_builder_set_member_name(b, name);
    json_builder_add_string_value(b, hex);
}

static void add_name(JsonBuilder *b, const char *member, const char *name)
{
    json_builder_set_member_name(b, member);
    if (name != NULL) {
        json_builder_add_string_value(b, name);
    } else {
        json_builder_add_null_value(b);
    }
}

/* name: v (a number, or a hex string for 64-bit words) and name_names. */
static void add_bits(JsonBuilder *b, const char *name, uint64_t v, bool wide,
                     const SableBitName *table)
{
    g_auto(GStrv) names = sable_bits_to_strv(v, table);
    g_autofree char *member = g_strconcat(name, "_names", NULL);

    if (wide) {
        add_u64(b, name, v);
    } else {
        add_u32(b, name, (uint32_t)v);
    }
    json_builder_set_member_name(b, member);
    json_builder_begin_array(b);
    for (char **n = names; *n != NULL; n++) {
        json_builder_add_string_value(b, *n);
    }
    json_builder_end_array(b);
}

static void add_header(JsonBuilder *b, const struct sable_dump_header *h)
{
    add_u32(b, "major", h->major);
    add_u32(b, "minor", h->minor);
    add_u32(b, "header_size", h->header_size);
    add_u32(b, "total_size", h->total_size);
    add_u32(b, "section_count", h->section_count);
    add_u32(b, "engine_count", h->engine_count);
    add_u64(b, "timestamp_ns", h->timestamp_ns);
    add_u32(b, "abi_major", SABLE_ABI_VERSION_MAJOR(h->abi_version));
    add_u32(b, "abi_minor", SABLE_ABI_VERSION_MINOR(h->abi_version));
}

static void add_device(JsonBuilder *b, const struct sable_dump_device *d)
{
    json_builder_set_member_name(b, "device");
    json_builder_begin_object(b);
    add_bits(b, "features", d->features, true, sable_feature_bits);
    add_u64(b, "vram_size", d->vram_size);
    add_u64(b, "gart_base", d->gart_base);
    add_u64(b, "gart_table", d->gart_table);
    add_u64(b, "fence_page", d->fence_page);
    add_u32(b, "gart_entries", d->gart_entries);
    add_bits(b, "irq_status", d->irq_status, false, sable_irq_bits);
    add_bits(b, "irq_mask", d->irq_mask, false, sable_irq_bits);
    add_bits(b, "error_status", d->error_status, false, sable_error_bits);
    add_u32(b, "reset_status", d->reset_status);
    add_bits(b, "reset_flags", sable_reset_status_flags(d->reset_status), false,
             sable_reset_status_bits);
    add_u32(b, "reset_engine", sable_reset_status_engine(d->reset_status));
    add_u32(b, "adapter_reset_count", d->adapter_reset_count);
    json_builder_set_member_name(b, "debug_enabled");
    json_builder_add_boolean_value(b, d->debug_enabled != 0);
    json_builder_end_object(b);
}

static void add_fault(JsonBuilder *b, const struct sable_dump_fault *f)
{
    json_builder_set_member_name(b, "fault");
    json_builder_begin_object(b);
    add_u32(b, "code", f->code);
    add_name(b, "code_name", sable_fault_name(f->code));
    add_bits(b, "flags", f->flags, false, sable_fault_flag_bits);
    add_u64(b, "addr", f->addr);
    add_u64(b, "fence", f->fence);
    add_u64(b, "dma_addr", f->dma_addr);
    add_u32(b, "dma_offset", f->dma_offset);
    add_u32(b, "opcode", f->opcode);
    add_name(b, "opcode_name", sable_opcode_name(f->opcode));
    add_u32(b, "context_id", f->context_id);
    json_builder_end_object(b);
}

static void add_state(JsonBuilder *b, const struct sable_dump_engine *e)
{
    add_bits(b, "status", e->status, false, sable_engine_status_bits);
    add_u64(b, "ring_base", e->ring_base);
    add_u32(b, "ring_size", e->ring_size);
    add_u32(b, "ring_head", e->ring_head);
    add_u32(b, "ring_tail", e->ring_tail);
    add_u64(b, "submitted_fence", e->submitted_fence);
    add_u64(b, "completed_fence", e->completed_fence);
    add_u64(b, "last_aborted_fence", e->last_aborted_fence);
    add_u64(b, "current_dma_addr", e->current_dma_addr);
    add_u32(b, "current_dma_size", e->current_dma_size);
    add_u32(b, "current_dma_offset", e->current_dma_offset);
    add_u64(b, "current_fence", e->current_fence);
    add_u32(b, "current_context", e->current_context);
    add_u32(b, "reset_count", e->reset_count);
    add_u32(b, "fault_count", e->fault_count);
    add_u32(b, "commands_executed", e->commands_executed);
    add_fault(b, &e->fault);
}

static void add_cmd(JsonBuilder *b, const struct sable_dump_cmd *c)
{
    g_autofree char *text = sable_dump_cmd_describe(c);

    json_builder_begin_object(b);
    add_u64(b, "dma_addr", c->dma_addr);
    add_u64(b, "fence", c->fence);
    add_u32(b, "dma_offset", c->dma_offset);
    add_u32(b, "header", c->header);
    add_u32(b, "opcode", SABLE_CMD_OPCODE(c->header));
    add_name(b, "opcode_name", sable_opcode_name(SABLE_CMD_OPCODE(c->header)));
    add_u32(b, "context_id", c->context_id);
    add_u32(b, "result", c->result);
    add_name(b, "result_name", sable_fault_name(c->result));
    json_builder_set_member_name(b, "args");
    json_builder_begin_array(b);
    for (size_t i = 0; i < G_N_ELEMENTS(c->args); i++) {
        json_builder_add_int_value(b, c->args[i]);
    }
    json_builder_end_array(b);
    json_builder_set_member_name(b, "text");
    json_builder_add_string_value(b, text);
    json_builder_end_object(b);
}

/* Per engine: index, name, then "state" and "history" when present. */
static void add_engine(JsonBuilder *b, uint32_t index, const SableDumpEngineInfo *e)
{
    json_builder_begin_object(b);
    add_u32(b, "index", index);
    add_name(b, "name", sable_engine_name(index));
    if (e->has_state) {
        json_builder_set_member_name(b, "state");
        json_builder_begin_object(b);
        add_state(b, &e->state);
        json_builder_end_object(b);
    }
    if (e->has_history) {
        json_builder_set_member_name(b, "history");
        json_builder_begin_array(b);
        for (uint32_t i = 0; i < e->history_count; i++) {
            add_cmd(b, &e->history[i]);
        }
        json_builder_end_array(b);
    }
    json_builder_end_object(b);
}

static void add_registers(JsonBuilder *b, const SableDump *d)
{
    json_builder_set_member_name(b, "registers");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < d->reg_count; i++) {
        g_autofree char *name = sable_reg_name(d->regs[i].offset);

        json_builder_begin_object(b);
        add_u32(b, "offset", d->regs[i].offset);
        add_name(b, "name", name);
        add_u32(b, "value", d->regs[i].value);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

static void add_swizzle(JsonBuilder *b, const SableDump *d)
{
    json_builder_set_member_name(b, "swizzle_ranges");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < d->swz_count; i++) {
        const struct sable_dump_swz_range *r = &d->swz[i];

        json_builder_begin_object(b);
        add_u32(b, "index", r->index);
        add_u32(b, "status", r->status);
        json_builder_set_member_name(b, "enabled");
        json_builder_add_boolean_value(b, r->status & SABLE_SWZ_STATUS_ENABLED);
        add_name(b, "error", sable_swz_error_name(SABLE_SWZ_STATUS_ERROR(r->status)));
        add_u32(b, "aperture_offset", r->aperture_offset);
        add_u32(b, "size", r->size);
        add_u64(b, "gpu_addr", r->gpu_addr);
        add_u32(b, "pitch", r->pitch);
        add_u32(b, "height", r->height);
        add_name(b, "tiling", sable_tiling_name(r->tiling));
        add_u64(b, "fault_addr", r->fault_addr);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

static void add_3d(JsonBuilder *b, const SableDump *d)
{
    const struct sable_dump_3d *t = &d->d3d;

    json_builder_set_member_name(b, "3d");
    json_builder_begin_object(b);
    add_u32(b, "context_count", t->context_count);
    add_u64(b, "live_contexts", t->live_contexts);
    add_u32(b, "resource_count", t->resource_count);
    add_u32(b, "guilty_context", t->guilty_context);
    json_builder_set_member_name(b, "waiting");
    json_builder_add_boolean_value(b, t->waiting != 0);
    add_u64(b, "stream_addr", t->stream_addr);
    add_u32(b, "stream_dw", t->stream_dw);
    add_u32(b, "stream_pos_dw", t->stream_pos_dw);
    add_u32(b, "stream_cmd", t->stream_cmd);
    add_name(b, "stream_cmd_name", t->stream_pos_dw < t->stream_dw
                                       ? sable_virgl_cmd_name(SABLE_VIRGL_CMD_OP(t->stream_cmd))
                                       : NULL);
    json_builder_set_member_name(b, "recent");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < d->recent3d_count; i++) {
        const struct sable_dump_3d_cmd *c = &d->recent3d[i];

        json_builder_begin_object(b);
        add_u32(b, "context_id", c->context_id);
        add_u64(b, "stream_addr", c->stream_addr);
        add_u32(b, "offset_dw", c->offset_dw);
        add_u32(b, "header", c->header);
        add_name(b, "name", sable_virgl_cmd_name(SABLE_VIRGL_CMD_OP(c->header)));
        add_u32(b, "result", c->result);
        add_name(b, "result_name", sable_fault_name(c->result));
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
}

JsonNode *sable_dump_to_json(const SableDump *d)
{
    g_autoptr(JsonBuilder) b = json_builder_new();

    json_builder_begin_object(b);
    add_header(b, &d->header);
    if (d->has_device) {
        add_device(b, &d->device);
    }
    json_builder_set_member_name(b, "engines");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < d->header.engine_count; i++) {
        add_engine(b, i, &d->engines[i]);
    }
    json_builder_end_array(b);
    if (d->has_registers) {
        add_registers(b, d);
    }
    if (d->has_swizzle) {
        add_swizzle(b, d);
    }
    if (d->has_3d) {
        add_3d(b, d);
    }
    add_u32(b, "unknown_sections", d->unknown_sections);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

char *sable_dump_to_json_string(const SableDump *d, bool pretty)
{
    g_autoptr(JsonNode) root = sable_dump_to_json(d);

    return json_to_string(root, pretty);
}
