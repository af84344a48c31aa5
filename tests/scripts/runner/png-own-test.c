/* SPDX-License-Identifier: MIT */
/*
 * The Windows build's own PNG code (tools/sable-run/png-own.c), checked
 * on Linux against libpng: what it writes libpng reads back pixel for
 * pixel (several stored blocks), what it writes it reads back, and a
 * compressed PNG (libpng's) it refuses with a message. TAP.
 * Usage: png-own-test DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

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
    printf("1..%u\n", n_test);
    sr_image_free(img);
    free(px);
    free(own);
    free(lib);
    return 0;
}
