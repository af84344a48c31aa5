/* SPDX-License-Identifier: MIT */
/* sable_cmd_describe and the name tables. */
#include <glib.h>

#include "sable-dump-decode.h"
#include "sable-names.h"

static void check(uint32_t header, const uint32_t *args, size_t n, const char *want)
{
    g_autofree char *got = sable_cmd_describe(header, args, n);

    g_assert_cmpstr(got, ==, want);
}

#define H(op, dw) SABLE_CMD_HEADER(SABLE_OP_##op, 0, dw)

static void test_every_opcode(void)
{
    static const uint32_t a[19] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                    17, 18, 19 };

    check(H(NOP, 3), a, 2, "NOP size=3");
    check(H(WRITE32, 4), a, 3, "WRITE32 size=4 value=0x00000001 addr=0x0000000300000002");
    check(H(WRITE64, 6), a, 5,
          "WRITE64 size=6 reserved=0x00000001 addr=0x0000000300000002 "
          "value=0x0000000500000004");
    check(H(COPY, 8), (const uint32_t[]){ 0, 0x1000, 0, 0x2000, 1, 64, 0 }, 7,
          "COPY size=8 dst=0x0000000000001000 src=0x0000000100002000 size=64");
    check(H(FILL, 6), (const uint32_t[]){ 0xabcd, 0x40, 0, 32, 0 }, 5,
          "FILL size=6 pattern=0x0000abcd dst=0x0000000000000040 size=32");
    check(H(BLIT_2D, 20),
          (const uint32_t[]){ 0, 0x1000, 0, 256, SABLE_FORMAT_B8G8R8A8_UNORM, 64, 32, 0x9000, 0,
                              128, SABLE_FORMAT_B5G6R5_UNORM, 64, 32, 1, 2, 3, 4, 5, 6 },
          19,
          "BLIT_2D size=20 src.addr=0x0000000000001000 src.pitch=256 "
          "src.format=B8G8R8A8_UNORM src.width=64 src.height=32 "
          "dst.addr=0x0000000000009000 dst.pitch=128 dst.format=B5G6R5_UNORM dst.width=64 "
          "dst.height=32 src_rect.x=1 src_rect.y=2 src_rect.w=3 src_rect.h=4 dst_x=5 dst_y=6");
    check(H(COPY_2D, 20),
          (const uint32_t[]){ 0, 0x1000, 0, 256,
                              SABLE_SURFACE_FORMAT(SABLE_FORMAT_A8_UNORM, SABLE_TILING_Y), 64, 32,
                              0x9000, 0, 64, SABLE_FORMAT_A8_UNORM, 64, 32, 0, 0, 64, 32, 0, 0 },
          19,
          "COPY_2D size=20 src.addr=0x0000000000001000 src.pitch=256 "
          "src.format=A8_UNORM/TILE_Y src.width=64 src.height=32 "
          "dst.addr=0x0000000000009000 dst.pitch=64 dst.format=A8_UNORM dst.width=64 "
          "dst.height=32 src_rect.x=0 src_rect.y=0 src_rect.w=64 src_rect.h=32 dst_x=0 dst_y=0");
    check(H(SOLID_FILL_2D, 12), (const uint32_t[]){ 0xff00ff00, 0x100, 0, 64, 99, 16, 16, 0, 0,
                                                    16, 16 }, 11,
          "SOLID_FILL_2D size=12 color=0xff00ff00 dst.addr=0x0000000000000100 dst.pitch=64 "
          "dst.format=99 dst.width=16 dst.height=16 rect.x=0 rect.y=0 rect.w=16 rect.h=16");
    check(H(TIMESTAMP, 4), (const uint32_t[]){ 0, 0x80, 0 }, 3,
          "TIMESTAMP size=4 addr=0x0000000000000080");
    check(H(WAIT_VALUE, 8), (const uint32_t[]){ SABLE_COMPARE_GEQUAL_WRAP, 8, 0, 5, 0, ~0u, ~0u },
          7, "WAIT_VALUE size=8 compare=GEQUAL_WRAP addr=0x0000000000000008 "
          "value=0x0000000000000005 mask=0xffffffffffffffff");
    check(H(GART_UPDATE, 6), (const uint32_t[]){ 1, 10, 0, 0x1003, 0 }, 5,
          "GART_UPDATE size=6 count=1 first_entry=10");
    check(H(DEBUG_STALL, 2), (const uint32_t[]){ 500 }, 1, "DEBUG_STALL size=2 usec=500");
    check(H(DEBUG_HANG, 1), NULL, 0, "DEBUG_HANG size=1");
}

static void test_partial_and_unknown(void)
{
    static const uint32_t a[4] = { 0xdead, 0x1000, 0, 7 };

    /* a history entry keeps only the first four payload dwords */
    check(H(COPY, 8), a, 4, "COPY size=8 reserved=0x0000dead dst=0x0000000000001000 ...");
    check(H(WRITE32, 4), a, 2, "WRITE32 size=4 value=0x0000dead ...");
    check(H(WRITE32, 4), NULL, 3, "WRITE32 size=4 ...");
    check(SABLE_CMD_HEADER(0x33, SABLE_CMD_F_OPTIONAL, 2), a, 1,
          "opcode 0x33 size=2 flags=OPTIONAL");
    check(SABLE_CMD_HEADER(SABLE_OP_NOP, 0x81, 0), NULL, 0, "NOP size=0 flags=OPTIONAL|0x80");
}

static void test_dump_cmd(void)
{
    struct sable_dump_cmd c = { .header = H(WRITE32, 2), .args = { 1, 2, 3, 4 } };
    g_autofree char *short_packet = sable_dump_cmd_describe(&c);
    g_autofree char *zero = NULL;

    g_assert_cmpstr(short_packet, ==, "WRITE32 size=2 value=0x00000001 ...");
    c.header = H(WRITE32, 0);
    zero = sable_dump_cmd_describe(&c);
    g_assert_cmpstr(zero, ==, "WRITE32 size=0 ...");
}

static void test_names(void)
{
    g_autofree char *none = sable_bits_to_string(0, sable_engine_status_bits);
    g_autofree char *bits = sable_bits_to_string(SABLE_ENGINE_STATUS_BUSY | (1u << 20),
                                                 sable_engine_status_bits);
    g_autofree char *irq = sable_bits_to_string(SABLE_IRQ_FENCE(1) | SABLE_IRQ_FAULT(7) |
                                                SABLE_IRQ_RESET_DONE, sable_irq_bits);
    g_autofree char *reg = sable_reg_name(SABLE_REG_ENGINE(7) + SABLE_ENG_FAULT_CONTEXT);
    g_autofree char *dump_reg = sable_reg_name(SABLE_REG_DUMP_WRITTEN);
    g_autofree char *scanout_reg = sable_reg_name(SABLE_REG_SCANOUT_FRAME_COUNT);
    g_autofree char *scanout_bits = sable_bits_to_string(
        SABLE_IRQ_VBLANK | SABLE_IRQ_DUMP_DONE, sable_irq_bits);

    g_assert_cmpstr(sable_opcode_name(SABLE_OP_GART_UPDATE), ==, "GART_UPDATE");
    g_assert_null(sable_opcode_name(0x3f));
    g_assert_cmpstr(sable_fault_name(SABLE_FAULT_DEBUG_DISABLED), ==, "DEBUG_DISABLED");
    g_assert_cmpstr(sable_fault_name(SABLE_FAULT_3D_REJECTED), ==, "3D_REJECTED");
    g_assert_null(sable_fault_name(12));
    g_assert_cmpstr(sable_opcode_name(SABLE_OP_3D_SUBMIT), ==, "3D_SUBMIT");
    g_assert_cmpstr(sable_virgl_cmd_name(52), ==, "LINK_SHADER");
    g_assert_null(sable_virgl_cmd_name(53));
    g_assert_cmpstr(sable_engine_name(SABLE_ENGINE_COPY), ==, "copy");
    g_assert_null(sable_engine_name(SABLE_NUM_ENGINES));
    g_assert_cmpstr(sable_format_label(SABLE_FORMAT_R10G10B10A2_UNORM), ==, "R10G10B10A2_UNORM");
    g_assert_null(sable_format_label(SABLE_FORMAT_INVALID));
    g_assert_null(sable_format_label(SABLE_FORMAT_COUNT));
    g_assert_cmpstr(none, ==, "none");
    g_assert_cmpstr(bits, ==, "BUSY|0x100000");
    g_assert_cmpstr(irq, ==, "FENCE1|FAULT7|RESET_DONE");
    g_assert_cmpstr(reg, ==, "ENG7.FAULT_CONTEXT");
    g_assert_cmpstr(dump_reg, ==, "DUMP_WRITTEN");
    g_assert_cmpstr(scanout_reg, ==, "SCANOUT_FRAME_COUNT");
    g_assert_cmpstr(scanout_bits, ==, "DUMP_DONE|VBLANK");
    g_assert_null(sable_reg_name(0x0ffc));
    g_assert_null(sable_reg_name(SABLE_REG_ENGINE(8)));
    g_assert_null(sable_reg_name(SABLE_REG_ENGINE(0) + 0x5c));
}

static void test_names_1_1(void)
{
    g_autofree char *swz = sable_reg_name(SABLE_REG_SWZ(2) + SABLE_SWZ_PITCH);
    g_autofree char *last = sable_reg_name(SABLE_REG_SWZ(15) + SABLE_SWZ_FAULT_ADDR_HI);
    g_autofree char *feat = sable_bits_to_string(SABLE_FEATURE_TILING |
                                                 SABLE_FEATURE_SWIZZLE_RANGES,
                                                 sable_feature_bits);
    g_autofree char *err = sable_bits_to_string(SABLE_ERROR_SWIZZLE_RANGE, sable_error_bits);

    g_assert_cmpstr(swz, ==, "SWZ2.PITCH");
    g_assert_cmpstr(last, ==, "SWZ15.FAULT_ADDR_HI");
    g_assert_null(sable_reg_name(SABLE_REG_SWZ(0) + 0x2c));
    g_assert_null(sable_reg_name(SABLE_REG_SWZ(SABLE_SWZ_MAX_RANGES)));
    g_assert_cmpstr(feat, ==, "TILING|SWIZZLE_RANGES");
    g_assert_cmpstr(err, ==, "SWIZZLE_RANGE");
    g_assert_cmpstr(sable_opcode_name(SABLE_OP_COPY_2D), ==, "COPY_2D");
    g_assert_cmpstr(sable_tiling_name(SABLE_TILING_Y), ==, "TILE_Y");
    g_assert_null(sable_tiling_name(SABLE_TILING_COUNT));
    g_assert_cmpstr(sable_swz_error_name(SABLE_SWZ_ERR_FAULT), ==, "FAULT");
    g_assert_null(sable_swz_error_name(5));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tools/describe/every-opcode", test_every_opcode);
    g_test_add_func("/tools/describe/partial-and-unknown", test_partial_and_unknown);
    g_test_add_func("/tools/describe/dump-cmd", test_dump_cmd);
    g_test_add_func("/tools/names", test_names);
    g_test_add_func("/tools/names-1.1", test_names_1_1);
    return g_test_run();
}
