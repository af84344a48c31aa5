/* SPDX-License-Identifier: MIT */
#include "dump-builder.h"

#include <string.h>

struct DumpBuilder {
    GByteArray *buf;
};

DumpBuilder *dump_builder_new(uint32_t engine_count)
{
    DumpBuilder *b = g_new0(DumpBuilder, 1);
    struct sable_dump_header h = {
        .magic = SABLE_DUMP_MAGIC,
        .major = SABLE_DUMP_MAJOR,
        .minor = SABLE_DUMP_MINOR,
        .header_size = sizeof h,
        .engine_count = engine_count,
        .timestamp_ns = 123456789,
        .abi_version = SABLE_ABI_VERSION,
    };

    b->buf = g_byte_array_new();
    g_byte_array_append(b->buf, (const guint8 *)&h, sizeof h);
    return b;
}

void dump_builder_add(DumpBuilder *b, uint32_t type, uint32_t instance, const void *sec,
                      size_t size)
{
    struct sable_dump_section hdr = { type, (uint32_t)size, instance, 0 };
    guint old = b->buf->len;

    g_byte_array_append(b->buf, sec, size);
    memcpy(b->buf->data + old, &hdr, sizeof hdr);
    dump_header(b->buf->data)->section_count++;
}

guint8 *dump_builder_finish(DumpBuilder *b, size_t *len)
{
    *len = b->buf->len;
    dump_header(b->buf->data)->total_size = b->buf->len;
    guint8 *data = g_byte_array_free(b->buf, FALSE);
    g_free(b);
    return data;
}

struct sable_dump_header *dump_header(guint8 *dump)
{
    return (struct sable_dump_header *)dump;
}

struct sable_dump_section *dump_section(guint8 *dump, unsigned i)
{
    guint8 *p = dump + dump_header(dump)->header_size;

    while (i-- > 0) {
        p += ((struct sable_dump_section *)p)->size;
    }
    return (struct sable_dump_section *)p;
}

static void add_device(DumpBuilder *b)
{
    struct sable_dump_device dev = {
        .features = SABLE_FEATURE_FENCE_PAGE | SABLE_FEATURE_MSIX | SABLE_FEATURE_DUMP,
        .vram_size = 64ull << 20,
        .gart_base = 1ull << 40,
        .gart_table = 0x7000,
        .fence_page = 0x8000,
        .gart_entries = 512,
        .irq_status = SABLE_IRQ_FAULT(0) | SABLE_IRQ_DUMP_DONE,
        .irq_mask = SABLE_IRQ_ENGINE_CAUSES(0) | SABLE_IRQ_ENGINE_CAUSES(1),
        .reset_status = SABLE_RESET_STATUS_DONE | (1u << SABLE_RESET_STATUS_ENGINE_SHIFT),
        .adapter_reset_count = 2,
        .debug_enabled = 1,
    };
    dump_builder_add(b, SABLE_DUMP_SEC_DEVICE, 0, &dev, sizeof dev);
}

static void add_engines(DumpBuilder *b)
{
    struct sable_dump_engine e0 = {
        .status = SABLE_ENGINE_STATUS_ENABLED | SABLE_ENGINE_STATUS_FAULTED,
        .ring_size = 256, .ring_base = 0x10000, .ring_head = 7, .ring_tail = 9,
        .submitted_fence = 42, .completed_fence = 41, .current_dma_addr = 0x200000,
        .current_dma_size = 64, .current_dma_offset = 16, .current_fence = 42,
        .current_context = 3, .reset_count = 1, .fault_count = 1, .commands_executed = 99,
        .fault = { .code = SABLE_FAULT_PAGE, .flags = SABLE_FAULT_F_WRITE | SABLE_FAULT_F_GART,
                   .addr = 0x10000001000ull, .fence = 42, .dma_addr = 0x200000,
                   .dma_offset = 16, .opcode = SABLE_OP_WRITE32, .context_id = 3 },
    };
    struct sable_dump_engine e1 = {
        .status = SABLE_ENGINE_STATUS_ENABLED, .ring_size = 64, .completed_fence = 0xfffffffffull,
    };
    dump_builder_add(b, SABLE_DUMP_SEC_ENGINE, 0, &e0, sizeof e0);
    dump_builder_add(b, SABLE_DUMP_SEC_ENGINE, 1, &e1, sizeof e1);
}

static void add_history(DumpBuilder *b)
{
    struct {
        struct sable_dump_history h;
        struct sable_dump_cmd cmds[2];
    } s = {
        .h = { .count = 2 },
        .cmds = {
            { .dma_addr = 0x200000, .fence = 42, .dma_offset = 0, .context_id = 3,
              .header = SABLE_CMD_HEADER(SABLE_OP_NOP, 0, 4) },
            { .dma_addr = 0x200000, .fence = 42, .dma_offset = 16, .context_id = 3,
              .header = SABLE_CMD_HEADER(SABLE_OP_WRITE32, 0, 4),
              .result = SABLE_FAULT_PAGE,
              .args = { 0xdeadbeef, 0x1000, 0x100, 0 } },
        },
    };
    dump_builder_add(b, SABLE_DUMP_SEC_CMD_HISTORY, 0, &s, sizeof s);
}

static void add_registers(DumpBuilder *b)
{
    struct {
        struct sable_dump_registers h;
        struct sable_dump_reg regs[3];
    } s = {
        .h = { .count = 3 },
        .regs = { { SABLE_REG_MAGIC, SABLE_MAGIC },
                  { SABLE_REG_ENGINE(0) + SABLE_ENG_RING_HEAD, 7 },
                  { 0x0ffc, 0x5a5a } },
    };
    dump_builder_add(b, SABLE_DUMP_SEC_REGISTERS, 0, &s, sizeof s);
}

guint8 *sample_dump(size_t *len)
{
    DumpBuilder *b = dump_builder_new(2);

    add_device(b);
    add_engines(b);
    add_history(b);
    add_registers(b);
    return dump_builder_finish(b, len);
}
