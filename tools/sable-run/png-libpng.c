/* SPDX-License-Identifier: MIT */
/* PNG files through libpng's simplified API (image.h), in the Linux build. */
#include <string.h>
#include <png.h>

#include "image.h"
#include "port.h"

SrImage *sr_image_load(const char *path, char **err)
{
    png_image pi;
    memset(&pi, 0, sizeof(pi));
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&pi, path)) {
        *err = sr_strdup_printf("%s: %s", path, pi.message);
        return NULL;
    }
    pi.format = PNG_FORMAT_RGBA;
    static const uint8_t zero[4];
    SrImage *img = sr_image_new(pi.width, pi.height, zero);
    if (!img) {
        *err = sr_strdup_printf("%s: %ux%u is not a size scripts handle", path, pi.width,
                               pi.height);
        png_image_free(&pi);
        return NULL;
    }
    if (!png_image_finish_read(&pi, NULL, img->px, (png_int_32)(img->width * 4), NULL)) {
        *err = sr_strdup_printf("%s: %s", path, pi.message);
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
        *err = sr_strdup_printf("%s: %s", path, pi.message);
    }
    png_image_free(&pi);
    return ok;
}
