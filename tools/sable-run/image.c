/* SPDX-License-Identifier: MIT */
/* RGBA8 images and their comparison (image.h); portable. */
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "port.h"

SrImage *sr_image_new(uint32_t w, uint32_t h, const uint8_t rgba[4])
{
    if (w == 0 || h == 0 || w > SR_IMAGE_MAX_SIDE || h > SR_IMAGE_MAX_SIDE) {
        return NULL;
    }
    SrImage *img = sr_xcalloc(1, sizeof(SrImage));
    img->width = w;
    img->height = h;
    size_t n = (size_t)w * h;
    img->px = sr_xmalloc(n * 4);
    for (size_t i = 0; i < n; i++) {
        memcpy(img->px + i * 4, rgba, 4);
    }
    return img;
}

void sr_image_free(SrImage *img)
{
    if (img) {
        free(img->px);
        free(img);
    }
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
            worst = SR_MAX(worst, d);
        }
        c.max_delta = SR_MAX(c.max_delta, worst);
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
