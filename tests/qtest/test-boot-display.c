/* SPDX-License-Identifier: MIT */
/*
 * The boot display (docs/protocol.md section 2.11): before the KMD enables
 * the scanout, the console shows the framebuffer the firmware described
 * through fw_cfg `etc/ramfb`. The test plays the firmware: it finds the file
 * in the fw_cfg directory, writes a mode with the fw_cfg DMA interface
 * (x86 ports 0x510/0x514), draws into the framebuffer in guest RAM and
 * compares a screendump; the scanout, once enabled, takes over the console;
 * boot-display=off keeps it blank. And SeaBIOS itself, run by TCG with
 * sable-gpu as the only display, shows its text through it.
 */
#include <string.h>

#include "fixture.h"

#define FW_CFG_SELECT 0x510
#define FW_CFG_DATA 0x511
#define FW_CFG_DMA_HI 0x514
#define FW_CFG_DMA_LO 0x518
#define FW_CFG_FILE_DIR 0x19
#define FW_CFG_DMA_CTL_ERROR 0x01u
#define FW_CFG_DMA_CTL_SELECT 0x08u
#define FW_CFG_DMA_CTL_WRITE 0x10u
/* DRM fourcc "XR24": x8r8g8b8, little-endian 32-bit pixels. */
#define DRM_FORMAT_XRGB8888 0x34325258u

#define W 64u
#define H 48u

static uint32_t fw_cfg_read_be32(SqtMachine *m)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < 4; i++) {
        v = v << 8 | sqt_inb(m, FW_CFG_DATA);
    }
    return v;
}

/* Selector of fw_cfg file `name`, or 0 if there is none. */
static uint16_t fw_cfg_find_file(SqtMachine *m, const char *name)
{
    sqt_outw(m, FW_CFG_SELECT, FW_CFG_FILE_DIR);
    uint32_t count = fw_cfg_read_be32(m);
    g_assert_cmpuint(count, <, 4096);
    for (uint32_t i = 0; i < count; i++) {
        uint8_t e[64];
        for (unsigned j = 0; j < sizeof(e); j++) {
            e[j] = sqt_inb(m, FW_CFG_DATA);
        }
        if (strncmp((const char *)e + 8, name, 56) == 0) {
            return (uint16_t)(e[4] << 8 | e[5]);
        }
    }
    return 0;
}

/* Describe the framebuffer at `fb` as the firmware does (RAMFBCfg: addr,
 * fourcc, flags, width, height, stride, all big-endian). */
static void ramfb_set_mode(SqtDevice *d, uint16_t sel, uint64_t fb, uint32_t stride)
{
    SqtBuf cfg = sqt_alloc(d, 64, 64);
    uint8_t *c = cfg.ptr;
    uint64_t addr = GUINT64_TO_BE(fb);
    uint32_t v[5] = { GUINT32_TO_BE(DRM_FORMAT_XRGB8888), 0, GUINT32_TO_BE(W),
                      GUINT32_TO_BE(H), GUINT32_TO_BE(stride) };
    memcpy(c, &addr, 8);
    memcpy(c + 8, v, sizeof(v));
    SqtBuf dma = sqt_alloc(d, 16, 16);
    uint32_t ctl = GUINT32_TO_BE((uint32_t)sel << 16 | FW_CFG_DMA_CTL_SELECT |
                                 FW_CFG_DMA_CTL_WRITE);
    uint32_t len = GUINT32_TO_BE(28);
    uint64_t src = GUINT64_TO_BE(cfg.bus);
    memcpy(dma.ptr, &ctl, 4);
    memcpy((uint8_t *)dma.ptr + 4, &len, 4);
    memcpy((uint8_t *)dma.ptr + 8, &src, 8);
    sqt_outl(d->m, FW_CFG_DMA_HI, GUINT32_TO_BE((uint32_t)(dma.bus >> 32)));
    sqt_outl(d->m, FW_CFG_DMA_LO, GUINT32_TO_BE((uint32_t)dma.bus));
    uint32_t done;
    memcpy(&done, dma.ptr, 4);
    g_assert_cmphex(GUINT32_FROM_BE(done) & ~FW_CFG_DMA_CTL_ERROR, ==, 0);
    g_assert_cmphex(GUINT32_FROM_BE(done), ==, 0);
}

/* Lit (text) pixels of rows [y0, y1) of a frame. */
static unsigned lit_pixels(const SqtFrame *f, unsigned y0, unsigned y1)
{
    unsigned lit = 0;
    for (gsize i = (gsize)y0 * f->width; i < (gsize)MIN(y1, f->height) * f->width; i++) {
        const uint8_t *p = f->rgb + i * 3;
        lit += p[0] > 0x80 || p[1] > 0x80 || p[2] > 0x80;
    }
    return lit;
}

static uint8_t pixel_r(unsigned x, unsigned y) { return (uint8_t)(x * 3 + y); }
static uint8_t pixel_g(unsigned x, unsigned y) { return (uint8_t)(y * 5); }
static uint8_t pixel_b(unsigned x, unsigned y) { return (uint8_t)(x ^ y); }

static void expect_pattern(const SqtFrame *f)
{
    g_assert_cmpuint(f->width, ==, W);
    g_assert_cmpuint(f->height, ==, H);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            const uint8_t *rgb = f->rgb + (y * W + x) * 3;
            g_assert_cmpuint(rgb[0], ==, pixel_r(x, y));
            g_assert_cmpuint(rgb[1], ==, pixel_g(x, y));
            g_assert_cmpuint(rgb[2], ==, pixel_b(x, y));
        }
    }
}

static void test_ramfb_mode(void)
{
    SqtDevice *d = fixture_open(NULL);
    uint16_t sel = fw_cfg_find_file(d->m, "etc/ramfb");
    g_assert_cmpuint(sel, !=, 0);
    g_assert_cmpuint(fw_cfg_find_file(d->m, "vgaroms/vgabios-ramfb.bin"), !=, 0);

    const uint32_t stride = W * 4 + 64;
    SqtBuf fb = sqt_alloc(d, (uint64_t)stride * H, 4096);
    for (unsigned y = 0; y < H; y++) {
        for (unsigned x = 0; x < W; x++) {
            uint8_t *px = (uint8_t *)fb.ptr + y * stride + x * 4;
            px[0] = pixel_b(x, y);
            px[1] = pixel_g(x, y);
            px[2] = pixel_r(x, y);
            px[3] = 0;
        }
    }
    ramfb_set_mode(d, sel, fb.bus, stride);
    SqtFrame f = fixture_screendump(d);
    expect_pattern(&f);
    g_free(f.rgb);

    /* The KMD's scanout takes the console over; disabled again, the frame
     * is blank until the firmware sets a mode again (a reboot). */
    uint64_t gpu = sqt_vram_alloc(d, 4096 * 8, 4096);
    memset(sqt_vram_ptr(d->m, gpu, 4096 * 8), 0xff, 4096 * 8);
    sqt_reg_write64(d, SABLE_REG_SCANOUT_ADDR_LO, gpu);
    sqt_reg_write(d, SABLE_REG_SCANOUT_PITCH, 256);
    sqt_reg_write(d, SABLE_REG_SCANOUT_FORMAT, SABLE_FORMAT_B8G8R8A8_UNORM);
    sqt_reg_write(d, SABLE_REG_SCANOUT_WIDTH, 16);
    sqt_reg_write(d, SABLE_REG_SCANOUT_HEIGHT, 16);
    sqt_reg_write(d, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);
    f = fixture_screendump(d);
    g_assert_cmpuint(f.width, ==, 16);
    g_assert_cmpuint(f.rgb[0], ==, 0xff);
    g_free(f.rgb);
    sqt_reg_write(d, SABLE_REG_SCANOUT_CONTROL, 0);
    f = fixture_screendump(d);
    g_assert_cmpuint(f.width, ==, 640);
    g_assert_cmpuint(f.rgb[0], ==, 0);
    g_free(f.rgb);
    ramfb_set_mode(d, sel, fb.bus, stride);
    f = fixture_screendump(d);
    expect_pattern(&f);
    g_free(f.rgb);
    sqt_device_close(d);
}

/* boot-display=off: no fw_cfg file, the disabled scanout stays black. */
static void test_off(void)
{
    SqtOptions opt = { .boot_display = "off" };
    SqtDevice *d = fixture_open(&opt);
    g_assert_cmpuint(fw_cfg_find_file(d->m, "etc/ramfb"), ==, 0);
    SqtFrame f = fixture_screendump(d);
    g_assert_cmpuint(f.width, ==, 640);
    g_assert_cmpuint(lit_pixels(&f, 0, f.height), ==, 0);
    g_free(f.rgb);
    sqt_device_close(d);
}

/* SeaBIOS (TCG, no qtest accelerator) with sable-gpu as the only display:
 * its VGA BIOS (vgabios-ramfb.bin) sets a mode on the boot framebuffer and
 * prints its banner and boot messages: within seconds the first text row
 * holds lit pixels (the banner), the lower half of the screen none, and
 * text covers a small part of the screen. */
static void test_seabios_text(void)
{
    SqtOptions opt = { .run_firmware = true };
    g_autoptr(GError) err = NULL;
    SqtMachine *m = sqt_machine_start(&opt, &err);
    g_assert_no_error(err);
    unsigned banner = 0;
    for (unsigned tries = 0; tries < 300 && banner < 50; tries++) {
        g_usleep(100 * 1000);
        SqtFrame f = { 0 };
        g_assert_true(sqt_screendump(m, &f, &err));
        banner = lit_pixels(&f, 0, 16);
        if (banner >= 50) {
            g_assert_cmpuint(f.width, >=, 640);
            g_assert_cmpuint(lit_pixels(&f, f.height / 2, f.height), ==, 0);
            g_assert_cmpuint(lit_pixels(&f, 0, f.height), <, f.width * f.height / 20);
        }
        g_free(f.rgb);
    }
    g_assert_cmpuint(banner, >=, 50);
    sqt_machine_stop(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/boot-display/ramfb-mode", test_ramfb_mode);
    g_test_add_func("/boot-display/off", test_off);
    g_test_add_func("/boot-display/seabios-text", test_seabios_text);
    return g_test_run();
}
