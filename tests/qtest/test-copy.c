/* SPDX-License-Identifier: MIT */
/* COPY, FILL and BLIT_2D move exactly the right bytes between GART-mapped
 * system memory and VRAM, and nothing else. Random data, fixed seed. */
#include <string.h>

#include "fixture.h"

#define SEED 0x5ab1c0f7u
#define GUARD 0xeeu

static void test_copy_roundtrip(void)
{
    enum { SIZE = 3 * 4096 + 1234, SRC_OFF = 3, DST_OFF = 5 };
    g_autoptr(GRand) rng = g_rand_new_with_seed(SEED);
    SqtDevice *d = fixture_open(NULL);
    SqtBuf src = sqt_alloc(d, SIZE + 64, 4096);
    SqtBuf dst = sqt_alloc(d, SIZE + 64, 4096);
    uint64_t vram = sqt_vram_alloc(d, SIZE + 64, 4096) + 0x11;
    uint8_t *s = (uint8_t *)src.ptr + SRC_OFF;
    uint8_t *v = sqt_vram_ptr(d->m, vram, SIZE + 1);
    fixture_random_bytes(rng, s, SIZE);
    memset(dst.ptr, GUARD, dst.size);
    v[SIZE] = GUARD;

    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    sqt_cmd_copy(&cb, vram, src.gpu + SRC_OFF, SIZE);
    fixture_run(d, SABLE_ENGINE_COPY, &cb);
    g_assert_cmpmem(v, SIZE, s, SIZE);
    g_assert_cmpuint(v[SIZE], ==, GUARD);

    sqt_cmdbuf_reset(&cb);
    sqt_cmd_copy(&cb, dst.gpu + DST_OFF, vram, SIZE);
    fixture_run(d, SABLE_ENGINE_GRAPHICS, &cb);
    const uint8_t *o = dst.ptr;
    g_assert_cmpmem(o + DST_OFF, SIZE, s, SIZE);
    for (unsigned i = 0; i < DST_OFF; i++) {
        g_assert_cmpuint(o[i], ==, GUARD);
    }
    g_assert_cmpuint(o[DST_OFF + SIZE], ==, GUARD);
    sqt_device_close(d);
}

static void check_fill(const uint8_t *p, uint64_t size, uint32_t pattern)
{
    for (uint64_t i = 0; i < size; i++) {
        if (p[i] != (uint8_t)(pattern >> (8 * (i % 4)))) {
            g_error("fill byte %" G_GUINT64_FORMAT " is 0x%02x", i, p[i]);
        }
    }
    g_assert_cmpuint(p[size], ==, GUARD);
}

static void test_fill(void)
{
    enum { SIZE = 2 * 4096 + 7 };
    SqtDevice *d = fixture_open(NULL);
    SqtBuf sys = sqt_alloc(d, SIZE + 16, 4096);
    uint64_t vram = sqt_vram_alloc(d, SIZE + 16, 4096);
    uint8_t *v = sqt_vram_ptr(d->m, vram, SIZE + 1);
    memset(sys.ptr, GUARD, sys.size);
    memset(v, GUARD, SIZE + 1);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    sqt_cmd_fill(&cb, vram, 0x11223344u, SIZE);
    sqt_cmd_fill(&cb, sys.gpu, 0xa1b2c3d4u, SIZE);
    fixture_run(d, SABLE_ENGINE_COPY, &cb);
    check_fill(v, SIZE, 0x11223344u);
    check_fill(sys.ptr, SIZE, 0xa1b2c3d4u);
    sqt_device_close(d);
}

/* A GART entry redirected to another page: the copy lands where the entry
 * points, not where the allocation was. */
static void test_gart_translation(void)
{
    SqtDevice *d = fixture_open(NULL);
    SqtBuf a = sqt_alloc(d, 4096, 4096);
    SqtBuf b = sqt_alloc(d, 4096, 4096);
    sqt_gart_set_pte(d, a.gpu, b.bus | SABLE_GART_PTE_VALID |
                     SABLE_GART_PTE_READ | SABLE_GART_PTE_WRITE);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    sqt_cmd_fill(&cb, a.gpu, 0x77777777u, 4096);
    fixture_run(d, SABLE_ENGINE_COPY, &cb);
    g_assert_cmpuint(((uint8_t *)b.ptr)[4095], ==, 0x77);
    g_assert_cmpuint(((uint8_t *)a.ptr)[0], ==, 0);
    sqt_device_close(d);
}

typedef struct Surface {
    struct sable_surface s;
    uint8_t *p;
} Surface;

static Surface sys_surface(SqtDevice *d, uint32_t format, uint32_t w,
                           uint32_t h, uint32_t pitch)
{
    SqtBuf b = sqt_alloc(d, (uint64_t)pitch * h, 4096);
    return (Surface){ { b.gpu, pitch, format, w, h }, b.ptr };
}

static Surface vram_surface(SqtDevice *d, uint32_t format, uint32_t w,
                            uint32_t h, uint32_t pitch)
{
    uint64_t size = (uint64_t)pitch * h;
    uint64_t gpu = sqt_vram_alloc(d, size, 4096);
    return (Surface){ { gpu, pitch, format, w, h }, sqt_vram_ptr(d->m, gpu, size) };
}

/* Expected R8G8B8A8 pixel for source B8G8R8A8/X8 bytes. */
static void bgra_to_rgba(const uint8_t *in, uint8_t *out, bool x_format)
{
    out[0] = in[2];
    out[1] = in[1];
    out[2] = in[0];
    out[3] = x_format ? 0xff : in[3];
}

static void check_blit(const Surface *src, const Surface *dst,
                       const struct sable_rect *r, uint32_t dx, uint32_t dy,
                       bool x_format)
{
    for (uint32_t y = 0; y < dst->s.height; y++) {
        for (uint32_t x = 0; x < dst->s.width; x++) {
            const uint8_t *got = dst->p + (uint64_t)y * dst->s.pitch + 4 * x;
            uint8_t want[4] = { GUARD, GUARD, GUARD, GUARD };
            if (x >= dx && x < dx + r->w && y >= dy && y < dy + r->h) {
                const uint8_t *in = src->p + (uint64_t)(r->y + y - dy) * src->s.pitch +
                                    4 * (r->x + x - dx);
                bgra_to_rgba(in, want, x_format);
            }
            if (memcmp(got, want, 4) != 0) {
                g_error("blit pixel (%u,%u): %02x%02x%02x%02x, want %02x%02x%02x%02x",
                        x, y, got[0], got[1], got[2], got[3], want[0], want[1],
                        want[2], want[3]);
            }
        }
    }
}

static void blit_case(SqtDevice *d, GRand *rng, uint32_t src_format, bool x_format)
{
    Surface src = sys_surface(d, src_format, 37, 23, 37 * 4 + 12);
    Surface dst = vram_surface(d, SABLE_FORMAT_R8G8B8A8_UNORM, 64, 40, 256);
    fixture_random_bytes(rng, src.p, (size_t)src.s.pitch * src.s.height);
    memset(dst.p, GUARD, (size_t)dst.s.pitch * dst.s.height);
    struct sable_rect r = { 3, 2, 20, 15 };
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 4096);
    sqt_cmd_blit(&cb, &src.s, &dst.s, &r, 10, 5);
    fixture_run(d, SABLE_ENGINE_GRAPHICS, &cb);
    check_blit(&src, &dst, &r, 10, 5, x_format);
}

static void test_blit(void)
{
    g_autoptr(GRand) rng = g_rand_new_with_seed(SEED);
    SqtDevice *d = fixture_open(NULL);
    blit_case(d, rng, SABLE_FORMAT_B8G8R8A8_UNORM, false);
    blit_case(d, rng, SABLE_FORMAT_B8G8R8X8_UNORM, true);
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/copy/roundtrip-sys-vram-sys", test_copy_roundtrip);
    g_test_add_func("/copy/fill", test_fill);
    g_test_add_func("/copy/gart-translation", test_gart_translation);
    g_test_add_func("/copy/blit-2d", test_blit);
    return g_test_run();
}
