/* SPDX-License-Identifier: MIT */
/*
 * The Windows build's own PNG code (tools/sable-run/png-own.c), checked
 * on Linux against libpng: what it writes libpng reads back pixel for
 * pixel (several stored blocks), what it writes it reads back, and a
 * compressed PNG (libpng's) it refuses with a message, and a stored one
 * libpng wrote with every row filter it reads pixel for pixel. TAP.
 * Usage: png-own-test DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>

#include "image.h"
#include "port.h"

static unsigned n_test;

static void check(bool ok, const char *what)
{
    printf("%s %u - %s\n", ok ? "ok" : "not ok", ++n_test, what);
}

/* 200x100 (80 000 bytes of rows: two stored blocks), every channel varying. */
static SrImage *pattern(void)
{
    static const uint8_t zero[4];
    SrImage *img = sr_image_new(200, 100, zero);
    for (uint32_t i = 0; i < 200u * 100u * 4u; i++) {
        img->px[i] = (uint8_t)(i * 7 + i / 800);
    }
    return img;
}

/* img written by libpng with zlib level 0 (stored blocks) and every row
 * filter allowed (libpng picks per row): what png-own reads. */
static bool write_stored_filtered(const SrImage *img, const char *path)
{
    FILE *f = fopen(path, "wb");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!f || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        if (f) {
            fclose(f);
        }
        return false;
    }
    png_init_io(png, f);
    png_set_compression_level(png, 0);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
    png_set_IHDR(png, info, img->width, img->height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    for (uint32_t y = 0; y < img->height; y++) {
        png_write_row(png, img->px + (size_t)y * img->width * 4);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(f) == 0;
}

/* Which row filters the file's rows use (bit per type), through zlib:
 * the test asserts the reader saw more than `none`. */
static unsigned filters_used(const char *path, uint32_t w, uint32_t h)
{
    static uint8_t d[1 << 20], z[1 << 20], raw[1 << 20];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(d, 1, sizeof(d), f) : 0, zn = 0;
    if (f) {
        fclose(f);
    }
    for (size_t off = 8; off + 12 <= n; ) {
        size_t len = (size_t)d[off] << 24 | d[off + 1] << 16 | d[off + 2] << 8 | d[off + 3];
        if (memcmp(d + off + 4, "IDAT", 4) == 0 && len <= n - off - 12 && zn + len <= sizeof(z)) {
            memcpy(z + zn, d + off + 8, len);
            zn += len;
        }
        off += 12 + len;
    }
    uLongf rn = sizeof(raw);
    unsigned used = 0;
    if (uncompress(raw, &rn, z, zn) == Z_OK && rn == ((size_t)w * 4 + 1) * h) {
        for (uint32_t y = 0; y < h; y++) {
            used |= 1u << raw[y * ((size_t)w * 4 + 1)];
        }
    }
    return used;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: png-own-test DIR\n");
        return 2;
    }
    SrImage *img = pattern();
    char *own = sr_path_join(argv[1], "own.png"), *lib = sr_path_join(argv[1], "libpng.png");
    char *err = NULL;
    check(sr_image_save(img, own, &err), "png-own writes a PNG");

    png_image pi = { .version = PNG_IMAGE_VERSION };
    uint8_t *px = malloc(200 * 100 * 4);
    bool read = png_image_begin_read_from_file(&pi, own) && pi.width == 200 &&
                pi.height == 100;
    pi.format = PNG_FORMAT_RGBA;
    read = read && png_image_finish_read(&pi, NULL, px, 200 * 4, NULL);
    check(read && memcmp(px, img->px, 200 * 100 * 4) == 0, "libpng reads it, the same pixels");
    png_image_free(&pi);

    SrImage *back = sr_image_load(own, &err);
    check(back && back->width == 200 && back->height == 100 &&
          memcmp(back->px, img->px, 200 * 100 * 4) == 0, "png-own reads it back");
    sr_image_free(back);

    png_image wi = { .version = PNG_IMAGE_VERSION, .width = 200, .height = 100,
                     .format = PNG_FORMAT_RGBA };
    bool wrote = png_image_write_to_file(&wi, lib, 0, img->px, 200 * 4, NULL);
    png_image_free(&wi);
    err = NULL;
    SrImage *refused = wrote ? sr_image_load(lib, &err) : NULL;
    check(wrote && !refused && err && strstr(err, "compressed"),
          "a compressed PNG is refused with a message");
    if (err) {
        printf("# %s\n", err);
    }
    free(err);
    char *filtered = sr_path_join(argv[1], "filtered.png");
    bool wrote_f = write_stored_filtered(img, filtered);
    back = wrote_f ? sr_image_load(filtered, &err) : NULL;
    check(back && memcmp(back->px, img->px, 200 * 100 * 4) == 0,
          "png-own reads libpng's stored PNG with its row filters");
    check(wrote_f && (filters_used(filtered, 200, 100) & ~1u),
          "(that file's rows use filters other than none)");
    sr_image_free(back);
    free(filtered);
    printf("1..%u\n", n_test);
    sr_image_free(img);
    free(px);
    free(own);
    free(lib);
    return 0;
}
