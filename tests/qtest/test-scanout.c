/* SPDX-License-Identifier: MIT */
/* Scanout through QEMU (ABI 1.2): a surface in VRAM shows up exactly in a
 * QMP screendump (PPM) of the device's console; a blank frame while
 * disabled; vblank MSI-X messages while enabled and none after disable. */
#include <string.h>

#include "fixture.h"

#define W 37u
#define H 23u
#define PITCH 256u
#define PERIOD SABLE_SCANOUT_VBLANK_PERIOD_NS

static void scanout_program(SqtDevice *d, uint64_t gpu, uint32_t format)
{
    sqt_reg_write64(d, SABLE_REG_SCANOUT_ADDR_LO, gpu);
    sqt_reg_write(d, SABLE_REG_SCANOUT_PITCH, PITCH);
    sqt_reg_write(d, SABLE_REG_SCANOUT_FORMAT, format);
    sqt_reg_write(d, SABLE_REG_SCANOUT_WIDTH, W);
    sqt_reg_write(d, SABLE_REG_SCANOUT_HEIGHT, H);
    sqt_reg_write(d, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_SCANOUT_STATUS), ==,
                    SABLE_SCANOUT_STATUS_ENABLED);
}

static void test_screendump(void)
{
    SqtDevice *d = fixture_open(NULL);
    g_assert_true(sqt_reg_read64(d, SABLE_REG_FEATURES_LO) & SABLE_FEATURE_SCANOUT);

    /* Disabled: a black 640x480 frame. */
    SqtFrame blank = fixture_screendump(d);
    g_assert_cmpuint(blank.width, ==, 640);
    g_assert_cmpuint(blank.height, ==, 480);
    for (gsize i = 0; i < (gsize)640 * 480 * 3; i++) {
        g_assert_cmpuint(blank.rgb[i], ==, 0);
    }
    g_free(blank.rgb);

    /* B8G8R8A8 surface with a per-pixel pattern. */
    uint64_t gpu = sqt_vram_alloc(d, PITCH * H, 4096);
    uint8_t *s = sqt_vram_ptr(d->m, gpu, PITCH * H);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            uint8_t *px = s + y * PITCH + x * 4;
            px[0] = (uint8_t)(x * 7 + y);   /* B */
            px[1] = (uint8_t)(y * 11 + 3);  /* G */
            px[2] = (uint8_t)(x ^ (y << 3)); /* R */
            px[3] = 0x40;
        }
    }
    scanout_program(d, gpu, SABLE_FORMAT_B8G8R8A8_UNORM);
    SqtFrame p = fixture_screendump(d);
    g_assert_cmpuint(p.width, ==, W);
    g_assert_cmpuint(p.height, ==, H);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            const uint8_t *rgb = p.rgb + (y * W + x) * 3;
            const uint8_t *px = s + y * PITCH + x * 4;
            g_assert_cmpuint(rgb[0], ==, px[2]);
            g_assert_cmpuint(rgb[1], ==, px[1]);
            g_assert_cmpuint(rgb[2], ==, px[0]);
        }
    }
    g_free(p.rgb);

    /* The `state` property shows the latched configuration. */
    g_autoptr(GError) err = NULL;
    g_autofree char *state = sqt_qmp(d->m,
        "{\"execute\":\"qom-get\",\"arguments\":{\"path\":\"" SQT_DEVICE_PATH
        "\",\"property\":\"state\"}}", &err);
    g_assert_no_error(err);
    const char *obj = strstr(state, "\"scanout\":{");
    g_assert_nonnull(obj);
    g_autofree char *so = g_strndup(obj, strcspn(obj, "}"));
    g_assert_nonnull(strstr(so, "\"width\":37"));
    g_assert_nonnull(strstr(so, "\"height\":23"));
    g_assert_nonnull(strstr(so, "\"status\":1"));

    /* A GPU address outside VRAM: black frame, ERR_FAULT with the address. */
    uint64_t outside = sqt_vram_size(d->m) + 0x1000;
    scanout_program(d, outside, SABLE_FORMAT_B8G8R8A8_UNORM);
    p = fixture_screendump(d);
    g_assert_cmpuint(p.rgb[0] | p.rgb[1] | p.rgb[2], ==, 0);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_SCANOUT_STATUS), ==,
                    SABLE_SCANOUT_STATUS_ENABLED | SABLE_SCANOUT_ERR_FAULT << 8);
    g_assert_cmphex(sqt_reg_read64(d, SABLE_REG_SCANOUT_FAULT_ADDR_LO), ==, outside);
    g_free(p.rgb);
    sqt_device_close(d);
}

static void test_vblank_msi(void)
{
    SqtDevice *d = fixture_open(NULL);
    uint64_t gpu = sqt_vram_alloc(d, PITCH * H, 4096);

    fixture_irq_clear(d);
    sqt_reg_write(d, SABLE_REG_IRQ_MASK,
                  sqt_reg_read(d, SABLE_REG_IRQ_MASK) | SABLE_IRQ_VBLANK);
    scanout_program(d, gpu, SABLE_FORMAT_B8G8R8X8_UNORM);
    sqt_clock_step(d->m, PERIOD / 2);
    sqt_sync(d->m);
    g_assert_false(sqt_msi_seen(d, SABLE_MSIX_VEC_MISC));
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_MISC, PERIOD / 4, 2ull * PERIOD));
    g_assert_true(sqt_reg_read(d, SABLE_REG_IRQ_STATUS) & SABLE_IRQ_VBLANK);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_SCANOUT_FRAME_COUNT), >=, 1);

    /* Acked: the next vblank signals again. */
    fixture_irq_clear(d);
    g_assert_true(sqt_wait_msi(d, SABLE_MSIX_VEC_MISC, PERIOD / 4, 2ull * PERIOD));

    /* Disabled: no message, no status bit, the frame counter stops. */
    sqt_reg_write(d, SABLE_REG_SCANOUT_CONTROL, 0);
    fixture_irq_clear(d);
    uint32_t frames = sqt_reg_read(d, SABLE_REG_SCANOUT_FRAME_COUNT);
    sqt_clock_step(d->m, 10ull * PERIOD);
    sqt_sync(d->m);
    g_assert_false(sqt_msi_seen(d, SABLE_MSIX_VEC_MISC));
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_IRQ_STATUS) & SABLE_IRQ_VBLANK, ==, 0);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_SCANOUT_FRAME_COUNT), ==, frames);
    sqt_device_close(d);
}

/* With the display's dirty tracking on (the device default), a refresh
 * converts only what changed in VRAM: a write through QEMU's memory API
 * (as a guest CPU writes BAR2) and a write by the device are shown; a
 * write behind QEMU's back (this process's shared mapping of VRAM) is not,
 * (its 16-row band had no other change), which shows unchanged rows are
 * not converted again; a flip to another surface converts everything. */
static void test_dirty_tracking(void)
{
    SqtOptions opt = { .display_dirty = true };
    SqtDevice *d = fixture_open(&opt);
    uint64_t gpu = sqt_vram_alloc(d, PITCH * H, 4096);
    uint32_t *px = sqt_vram_ptr(d->m, gpu, PITCH * H);
    for (unsigned i = 0; i < PITCH / 4 * H; i++) {
        px[i] = 0x00204060;
    }
    scanout_program(d, gpu, SABLE_FORMAT_B8G8R8A8_UNORM);
    SqtFrame f = fixture_screendump(d);
    g_assert_cmpuint(f.rgb[(5 * W + 5) * 3], ==, 0x20);
    g_free(f.rgb);

    px[5 * PITCH / 4 + 5] = 0x00ffffff;                    /* not seen by QEMU */
    uint32_t v = GUINT32_TO_LE(0x00aabbcc);
    sqt_memwrite(d->m, SQT_BAR2_ADDR + gpu + 20 * PITCH + 7 * 4, &v, 4); /* CPU */
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_write32(&cb, gpu + 18 * PITCH + 30 * 4, 0x00112233); /* device */
    fixture_run(d, SABLE_ENGINE_GRAPHICS, &cb);
    f = fixture_screendump(d);
    g_assert_cmpuint(f.rgb[(5 * W + 5) * 3], ==, 0x20);
    g_assert_cmpuint(f.rgb[(20 * W + 7) * 3], ==, 0xaa);
    g_assert_cmpuint(f.rgb[(20 * W + 7) * 3 + 2], ==, 0xcc);
    g_assert_cmpuint(f.rgb[(18 * W + 30) * 3], ==, 0x11);
    g_free(f.rgb);

    uint64_t gpu2 = sqt_vram_alloc(d, PITCH * H, 4096);
    memcpy(sqt_vram_ptr(d->m, gpu2, PITCH * H), px, PITCH * H);
    scanout_program(d, gpu2, SABLE_FORMAT_B8G8R8A8_UNORM); /* a flip */
    f = fixture_screendump(d);
    g_assert_cmpuint(f.rgb[(5 * W + 5) * 3], ==, 0xff);
    g_free(f.rgb);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/qemu/scanout/screendump", test_screendump);
    g_test_add_func("/qemu/scanout/vblank-msi", test_vblank_msi);
    g_test_add_func("/qemu/scanout/dirty-tracking", test_dirty_tracking);
    return g_test_run();
}
