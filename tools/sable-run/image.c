/* SPDX-License-Identifier: MIT */
/* RGBA8 images, PNG files and comparison (image.h). */
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <png.h>

#include "image.h"

#define SR_IMAGE_MAX 16384u

SrImage *sr_image_new(uint32_t w, uint32_t h, const uint8_t rgba[4])
{
    if (w == 0 || h == 0 || w > SR_IMAGE_MAX || h > SR_IMAGE_MAX) {
        return NULL;
    }
    SrImage *img = g_new0(SrImage, 1);
    img->width = w;
    img->height = h;
    size_t n = (size_t)w * h;
    img->px = g_malloc(n * 4);
    for (size_t i = 0; i < n; i++) {
        memcpy(img->px + i * 4, rgba, 4);
    }
    return img;
}

void sr_image_free(SrImage *img)
{
    if (img) {
        g_free(img->px);
        g_free(img);
    }
}

SrImage *sr_image_load(const char *path, char **err)
{
    png_image pi;
    memset(&pi, 0, sizeof(pi));
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&pi, path)) {
        *err = g_strdup_printf("%s: %s", path, pi.message);
        return NULL;
    }
    pi.format = PNG_FORMAT_RGBA;
    static const uint8_t zero[4];
    SrImage *img = sr_image_new(pi.width, pi.height, zero);
    if (!img) {
        *err = g_strdup_printf("%s: %ux%u is not a size scripts handle", path, pi.width,
                               pi.height);
        png_image_free(&pi);
        return NULL;
    }
    if (!png_image_finish_read(&pi, NULL, img->px, (png_int_32)(img->width * 4), NULL)) {
        *err = g_strdup_printf("%s: %s", path, pi.message);
        sr_image_free(img);
        png_image_free(&pi);
        return NULL;
    }
    return img;
}

bool sr_image_save(const SrImage *img, const char *path, char **err)
{
    png_image pi;
    memset(&pi, 0, sizeof(pi));
    pi.version = PNG_IMAGE_VERSION;
    pi.width = img->width;
    pi.height = img->height;
    pi.format = PNG_FORMAT_RGBA;
    bool ok = png_image_write_to_file(&pi, path, 0, img->px, (png_int_32)(img->width * 4),
                                      NULL) != 0;
    if (!ok) {
        *err = g_strdup_printf("%s: %s", path, pi.message);
    }
    png_image_free(&pi);
    return ok;
}

SrCompare sr_image_compare(const SrImage *actual, const SrImage *expected, unsigned tolerance,
                           SrImage **diff)
{
    SrCompare c = { 0 };
    static const uint8_t magenta[4] = { 255, 0, 255, 255 };
    if (diff) {
        *diff = sr_image_new(actual->width, actual->height, magenta);
    }
    size_t n = (size_t)actual->width * actual->height;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *a = actual->px + i * 4, *e = expected->px + i * 4;
        unsigned worst = 0;
        for (unsigned ch = 0; ch < 4; ch++) {
            unsigned d = (unsigned)abs((int)a[ch] - (int)e[ch]);
            worst = MAX(worst, d);
        }
        c.max_delta = MAX(c.max_delta, worst);
        if (worst > tolerance) {
            if (c.differing++ == 0) {
                c.first_x = (uint32_t)(i % actual->width);
                c.first_y = (uint32_t)(i / actual->width);
            }
        } else if (diff) {
            uint8_t *o = (*diff)->px + i * 4;
            for (unsigned ch = 0; ch < 3; ch++) {
                o[ch] = (uint8_t)(a[ch] / 4);
            }
            o[3] = 255;
        }
    }
    return c;
}
