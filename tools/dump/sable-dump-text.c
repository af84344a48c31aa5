/* SPDX-License-Identifier: MIT */
/* sable_dump_to_text: the human-readable report of a decoded dump. */
#include "sable-dump-decode.h"
#include "sable-names.h"

#define X64 "0x%016" G_GINT64_MODIFIER "x"
#define U64 "%" G_GUINT64_FORMAT

static const char *or_unknown(const char *name)
{
    return name != NULL ? name : "unknown";
}

static void append_bits(GString *out, const char *label, uint64_t v,
                        const SableBitName *table)
{
    g_autofree char *names = sable_bits_to_string(v, table);

    g_string_append_printf(out, "  %-20s 0x%" G_GINT64_MODIFIER "x %s\n", label, v, names);
}

static void append_device(GString *out, const struct sable_dump_device *dev)
{
    uint32_t rs = dev->reset_status;
    g_autofree char *rs_names = sable_bits_to_string(sable_reset_status_flags(rs),
                                                     sable_reset_status_bits);

    g_string_append(out, "Device\n");
    append_bits(out, "features", dev->features, sable_feature_bits);
    g_string_append_printf(out, "  %-20s " X64 " (" U64 " MiB)\n", "vram_size",
                           dev->vram_size, dev->vram_size >> 20);
    g_string_append_printf(out, "  %-20s " X64 ", table " X64 ", %u entries\n", "gart",
                           dev->gart_base, dev->gart_table, dev->gart_entries);
    g_string_append_printf(out, "  %-20s " X64 "\n", "fence_page", dev->fence_page);
    append_bits(out, "irq_status", dev->irq_status, sable_irq_bits);
    append_bits(out, "irq_mask", dev->irq_mask, sable_irq_bits);
    append_bits(out, "error_status", dev->error_status, sable_error_bits);
    g_string_append_printf(out, "  %-20s 0x%x %s, engine %u\n", "reset_status", rs, rs_names,
                           sable_reset_status_engine(rs));
    g_string_append_printf(out, "  %-20s %u\n", "adapter_resets", dev->adapter_reset_count);
    g_string_append_printf(out, "  %-20s %s\n", "debug", dev->debug_enabled ? "on" : "off");
}

static void append_fault(GString *out, const struct sable_dump_fault *f)
{
    g_autofree char *flags = sable_bits_to_string(f->flags, sable_fault_flag_bits);

    if (f->code == SABLE_FAULT_NONE) {
        g_string_append_printf(out, "  %-20s none\n", "fault");
        return;
    }
    g_string_append_printf(out, "  %-20s %s (%u), flags %s, address " X64 "\n", "fault",
                           or_unknown(sable_fault_name(f->code)), f->code, flags, f->addr);
    g_string_append_printf(out, "  %-20s fence " U64 ", dma " X64 " + %u, opcode %s (0x%02x), "
                           "context %u\n", "", f->fence, f->dma_addr, f->dma_offset,
                           or_unknown(sable_opcode_name(f->opcode)), f->opcode, f->context_id);
}

static void append_state(GString *out, const struct sable_dump_engine *e)
{
    append_bits(out, "status", e->status, sable_engine_status_bits);
    g_string_append_printf(out, "  %-20s base " X64 ", %u entries, head %u, tail %u\n", "ring",
                           e->ring_base, e->ring_size, e->ring_head, e->ring_tail);
    g_string_append_printf(out, "  %-20s submitted " U64 ", completed " U64
                           ", last aborted " U64 "\n", "fences", e->submitted_fence,
                           e->completed_fence, e->last_aborted_fence);
    g_string_append_printf(out, "  %-20s dma " X64 ", %u bytes, offset %u, fence " U64
                           ", context %u\n", "current", e->current_dma_addr,
                           e->current_dma_size, e->current_dma_offset, e->current_fence,
                           e->current_context);
    g_string_append_printf(out, "  %-20s resets %u, faults %u, commands %u\n", "counters",
                           e->reset_count, e->fault_count, e->commands_executed);
    append_fault(out, &e->fault);
}

static void append_history(GString *out, const SableDumpEngineInfo *e)
{
    g_string_append_printf(out, "  history (%u commands, oldest first)\n", e->history_count);
    for (uint32_t i = 0; i < e->history_count; i++) {
        const struct sable_dump_cmd *c = &e->history[i];
        g_autofree char *cmd = sable_dump_cmd_describe(c);

        g_string_append_printf(out, "    fence " U64 " ctx %u dma " X64 "+%u: %s -> %s\n",
                               c->fence, c->context_id, c->dma_addr, c->dma_offset, cmd,
                               c->result ? or_unknown(sable_fault_name(c->result)) : "ok");
    }
}

static void append_engine(GString *out, uint32_t index, const SableDumpEngineInfo *e)
{
    g_string_append_printf(out, "Engine %u (%s)\n", index,
                           or_unknown(sable_engine_name(index)));
    if (e->has_state) {
        append_state(out, &e->state);
    } else {
        g_string_append(out, "  (no engine section)\n");
    }
    if (e->has_history) {
        append_history(out, e);
    }
}

static void append_registers(GString *out, const SableDump *d)
{
    g_string_append_printf(out, "Registers (%u)\n", d->reg_count);
    for (uint32_t i = 0; i < d->reg_count; i++) {
        g_autofree char *name = sable_reg_name(d->regs[i].offset);

        g_string_append_printf(out, "  0x%04x %-28s 0x%08x\n", d->regs[i].offset,
                               name ? name : "(reserved)", d->regs[i].value);
    }
}

static void append_swizzle(GString *out, const SableDump *d)
{
    g_string_append_printf(out, "Swizzle ranges (%u)\n", d->swz_count);
    for (uint32_t i = 0; i < d->swz_count; i++) {
        const struct sable_dump_swz_range *r = &d->swz[i];

        g_string_append_printf(out, "  %u %-8s window 0x%x+0x%x gpu " X64
                               " pitch %u height %u %s error %s fault " X64 "\n",
                               r->index,
                               r->status & SABLE_SWZ_STATUS_ENABLED ? "enabled" : "disabled",
                               r->aperture_offset, r->size, r->gpu_addr, r->pitch, r->height,
                               or_unknown(sable_tiling_name(r->tiling)),
                               or_unknown(sable_swz_error_name(
                                   SABLE_SWZ_STATUS_ERROR(r->status))),
                               r->fault_addr);
    }
}

static void append_3d(GString *out, const SableDump *d)
{
    const struct sable_dump_3d *t = &d->d3d;
    g_autofree char *cmd = sable_virgl_cmd_describe(t->stream_cmd);

    g_string_append_printf(out, "3D engine\n  %-20s %u (mask 0x%" G_GINT64_MODIFIER
                           "x), guilty %u\n  %-20s %u\n  %-20s %s\n", "contexts",
                           t->context_count, t->live_contexts, t->guilty_context,
                           "resources", t->resource_count, "waiting",
                           t->waiting ? "yes (for the 3D thread)" : "no");
    if (t->stream_addr) {
        g_string_append_printf(out, "  %-20s " X64 ", %u dwords, at dword %u: %s\n",
                               "stream", t->stream_addr, t->stream_dw, t->stream_pos_dw,
                               t->stream_pos_dw < t->stream_dw
                                   ? cmd : "(all issued; the host GPU is running it)");
    }
    g_string_append_printf(out, "  recent virgl commands (%u)\n", d->recent3d_count);
    for (uint32_t i = 0; i < d->recent3d_count; i++) {
        const struct sable_dump_3d_cmd *c = &d->recent3d[i];
        g_autofree char *desc = sable_virgl_cmd_describe(c->header);

        g_string_append_printf(out, "    ctx %u stream " X64 " +%u  %-40s %s\n",
                               c->context_id, c->stream_addr, c->offset_dw, desc,
                               c->result ? or_unknown(sable_fault_name(c->result)) : "ok");
    }
}

char *sable_dump_to_text(const SableDump *d)
{
    const struct sable_dump_header *h = &d->header;
    GString *out = g_string_new(NULL);

    g_string_append_printf(out, "Sable dump %u.%u (device ABI %u.%u), %u bytes, %u sections, "
                           "%u engines, taken at " U64 " ns\n", h->major, h->minor,
                           SABLE_ABI_VERSION_MAJOR(h->abi_version),
                           SABLE_ABI_VERSION_MINOR(h->abi_version), h->total_size,
                           h->section_count, h->engine_count, h->timestamp_ns);
    if (d->has_device) {
        append_device(out, &d->device);
    }
    for (uint32_t i = 0; i < h->engine_count; i++) {
        append_engine(out, i, &d->engines[i]);
    }
    if (d->has_registers) {
        append_registers(out, d);
    }
    if (d->has_swizzle) {
        append_swizzle(out, d);
    }
    if (d->has_3d) {
        append_3d(out, d);
    }
    if (d->unknown_sections != 0) {
        g_string_append_printf(out, "Skipped %u section(s) of unknown type\n",
                               d->unknown_sections);
    }
    return g_string_free(out, FALSE);
}
