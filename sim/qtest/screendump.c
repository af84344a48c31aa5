/* SPDX-License-Identifier: MIT */
/* QMP screendump of the device's console, parsed from P6 (PPM). */
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "sable-qtest.h"

/* P6 with maxval 255. QEMU 7.2's ppm_save writes rows padded to 4 bytes
 * (its line buffer's stride); a correct P6 has packed rows. Accept both. */
static bool parse_ppm(const char *data, gsize len, SqtFrame *f, GError **err)
{
    unsigned width = 0, height = 0, maxval = 0;
    int hdr = 0;
    if (sscanf(data, "P6 %u %u %u%n", &width, &height, &maxval, &hdr) != 3 || maxval != 255 ||
        !width || !height || width > 16384 || height > 16384) {
        g_set_error(err, SQT_ERROR, 0, "not a P6 image of maxval 255");
        return false;
    }
    hdr++; /* one whitespace byte after maxval */
    gsize row = (gsize)width * 3, padded = (row + 3) & ~(gsize)3;
    gsize stride = len - hdr == row * height ? row : padded;
    if (len != (gsize)hdr + stride * height) {
        g_set_error(err, SQT_ERROR, 0, "P6 of %u x %u has %zu bytes",
                    width, height, (size_t)len);
        return false;
    }
    f->width = width;
    f->height = height;
    f->rgb = g_malloc(row * height);
    for (unsigned y = 0; y < height; y++) {
        memcpy(f->rgb + y * row, data + hdr + y * stride, row);
    }
    return true;
}

bool sqt_screendump(SqtMachine *m, SqtFrame *f, GError **err)
{
    g_autofree char *dir = g_dir_make_tmp("sable-screendump-XXXXXX", err);
    if (!dir) {
        return false;
    }
    g_autofree char *file = g_build_filename(dir, "shot.ppm", NULL);
    g_autofree char *cmd = g_strdup_printf(
        "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"%s\","
        "\"device\":\"" SQT_DEVICE_ID "\"}}", file);
    g_autofree char *r = sqt_qmp(m, cmd, err);
    g_autofree char *data = NULL;
    gsize len = 0;
    bool ok = r && g_file_get_contents(file, &data, &len, err) && parse_ppm(data, len, f, err);
    g_unlink(file);
    g_rmdir(dir);
    return ok;
}
