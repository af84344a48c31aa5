/* SPDX-License-Identifier: MIT */
/*
 * PNG files without libpng (image.h), for the Windows build (Debian has no
 * mingw libpng): RGBA8, written with stored (uncompressed) deflate blocks;
 * read back only in that form (8-bit RGBA, stored blocks, any row filter),
 * anything else is refused with a message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "port.h"

static const uint8_t signature[8] = { 137, 'P', 'N', 'G', 13, 10, 26, 10 };

static uint32_t crc32_update(uint32_t c, const uint8_t *p, size_t n)
{
    c = ~c;
    while (n--) {
        c ^= *p++;
        for (int k = 0; k < 8; k++) {
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        }
    }
    return ~c;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static bool chunk(FILE *f, const char type[4], const uint8_t *data, size_t n)
{
    uint8_t h[8], c[4];
    put32(h, (uint32_t)n);
    memcpy(h + 4, type, 4);
    put32(c, crc32_update(crc32_update(0, h + 4, 4), data, n));
    return fwrite(h, 1, 8, f) == 8 && (n == 0 || fwrite(data, 1, n, f) == n) &&
           fwrite(c, 1, 4, f) == 4;
}

/* The zlib stream of raw: header, stored blocks of at most 65535 bytes,
 * Adler-32. */
static uint8_t *zlib_stored(const uint8_t *raw, size_t n, size_t *out_n)
{
    size_t blocks = n / 65535 + 1;
    uint8_t *z = sr_xmalloc(2 + n + blocks * 5 + 4), *p = z;
    *p++ = 0x78;
    *p++ = 0x01;
    uint32_t a = 1, b = 0;
    for (size_t off = 0, left = n; blocks--; ) {
        size_t len = SR_MIN(left, (size_t)65535);
        *p++ = blocks == 0;     /* BFINAL on the last, BTYPE 00 */
        *p++ = (uint8_t)len;
        *p++ = (uint8_t)(len >> 8);
        *p++ = (uint8_t)~len;
        *p++ = (uint8_t)(~len >> 8);
        memcpy(p, raw + off, len);
        for (size_t i = 0; i < len; i++) {
            a = (a + raw[off + i]) % 65521;
            b = (b + a) % 65521;
        }
        p += len;
        off += len;
        left -= len;
    }
    put32(p, b << 16 | a);
    *out_n = (size_t)(p + 4 - z);
    return z;
}

bool sr_image_save(const SrImage *img, const char *path, char **err)
{
    size_t row = (size_t)img->width * 4 + 1, n = row * img->height, zn;
    uint8_t *raw = sr_xmalloc(n);
    for (uint32_t y = 0; y < img->height; y++) {
        raw[y * row] = 0;       /* filter: none */
        memcpy(raw + y * row + 1, img->px + (size_t)y * img->width * 4, row - 1);
    }
    uint8_t *z = zlib_stored(raw, n, &zn);
    free(raw);
    uint8_t ihdr[13] = { 0 };
    put32(ihdr, img->width);
    put32(ihdr + 4, img->height);
    ihdr[8] = 8;                /* bits per channel */
    ihdr[9] = 6;                /* RGBA */
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(signature, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) &&
              chunk(f, "IDAT", z, zn) && chunk(f, "IEND", NULL, 0);
    ok = f && fclose(f) == 0 && ok;
    free(z);
    if (!ok) {
        *err = sr_strdup_printf("%s: cannot write", path);
    }
    return ok;
}

/* The file's bytes; NULL on a read error or above 1 GiB. */
static uint8_t *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *d = sr_xmalloc(cap);
    for (size_t got; (got = fread(d + len, 1, cap - len, f)) > 0; ) {
        len += got;
        if (len == cap) {
            if (cap >= (1u << 30)) {
                free(d);
                fclose(f);
                return NULL;
            }
            uint8_t *bigger = sr_xmalloc(cap * 2);
            memcpy(bigger, d, len);
            free(d);
            d = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    *n = len;
    return d;
}

/* The concatenated IDAT data of a checked 8-bit RGBA PNG; a message on error. */
static const char *png_idat(const uint8_t *d, size_t n, uint32_t *w, uint32_t *h,
                            uint8_t **idat, size_t *idat_n)
{
    if (n < 8 || memcmp(d, signature, 8) != 0) {
        return "not a PNG file";
    }
    *idat = sr_xmalloc(n);
    *idat_n = 0;
    bool header = false;
    for (size_t off = 8; off + 12 <= n; ) {
        uint64_t len = get32(d + off);
        if (len > n - off - 12) {
            return "truncated chunk";
        }
        const uint8_t *type = d + off + 4, *data = d + off + 8;
        if (memcmp(type, "IHDR", 4) == 0) {
            if (len != 13 || data[8] != 8 || data[9] != 6 || data[12] != 0) {
                return "not 8-bit RGBA without interlacing (the Windows build's PNG reader "
                       "reads only what it writes)";
            }
            *w = get32(data);
            *h = get32(data + 4);
            header = true;
        } else if (memcmp(type, "IDAT", 4) == 0) {
            memcpy(*idat + *idat_n, data, (size_t)len);
            *idat_n += (size_t)len;
        } else if (memcmp(type, "IEND", 4) == 0) {
            return header ? NULL : "no IHDR";
        }
        off += 12 + (size_t)len;
    }
    return "no IEND";
}

/* Stored deflate blocks of a zlib stream into out (exactly out_n bytes). */
static const char *inflate_stored(const uint8_t *z, size_t n, uint8_t *out, size_t out_n)
{
    if (n < 6 || (z[0] & 0x0f) != 8 || (z[1] & 0x20) || ((z[0] << 8) | z[1]) % 31) {
        return "bad zlib header";
    }
    size_t off = 2, got = 0;
    for (bool last = false; !last; ) {
        if (off + 5 > n) {
            return "truncated deflate data";
        }
        last = z[off] & 1;
        if ((z[off] >> 1) & 3) {
            return "compressed deflate blocks (the Windows build's PNG reader reads only the "
                   "stored blocks it writes)";
        }
        size_t len = z[off + 1] | (size_t)z[off + 2] << 8;
        if ((size_t)(z[off + 3] | z[off + 4] << 8) != (~len & 0xffff) || off + 5 + len > n ||
            len > out_n - got) {
            return "bad stored block";
        }
        memcpy(out + got, z + off + 5, len);
        got += len;
        off += 5 + len;
    }
    return got == out_n ? NULL : "image data of the wrong size";
}

static unsigned paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (unsigned)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/* Undoes the row filters of raw into img; a message on a bad filter. */
static const char *unfilter(const uint8_t *raw, SrImage *img)
{
    size_t stride = (size_t)img->width * 4;
    for (uint32_t y = 0; y < img->height; y++) {
        const uint8_t *in = raw + y * (stride + 1) + 1;
        uint8_t *o = img->px + y * stride, *up = y ? o - stride : NULL;
        unsigned ft = in[-1];
        if (ft > 4) {
            return "bad row filter";
        }
        for (size_t i = 0; i < stride; i++) {
            int a = i >= 4 ? o[i - 4] : 0, b = up ? up[i] : 0, c = up && i >= 4 ? up[i - 4] : 0;
            unsigned pred = ft == 1 ? (unsigned)a : ft == 2 ? (unsigned)b
                          : ft == 3 ? (unsigned)(a + b) / 2 : ft == 4 ? paeth(a, b, c) : 0;
            o[i] = (uint8_t)(in[i] + pred);
        }
    }
    return NULL;
}

SrImage *sr_image_load(const char *path, char **err)
{
    size_t n, idat_n = 0;
    uint8_t *d = slurp(path, &n), *idat = NULL, *raw = NULL;
    uint32_t w = 0, h = 0;
    SrImage *img = NULL;
    const char *why = d ? png_idat(d, n, &w, &h, &idat, &idat_n) : "cannot read";
    if (!why) {
        static const uint8_t zero[4];
        img = sr_image_new(w, h, zero);
        why = img ? NULL : "not a size scripts handle";
    }
    if (!why) {
        size_t raw_n = ((size_t)w * 4 + 1) * h;
        raw = sr_xmalloc(raw_n);
        why = inflate_stored(idat, idat_n, raw, raw_n);
    }
    if (!why) {
        why = unfilter(raw, img);
    }
    free(d);
    free(idat);
    free(raw);
    if (why) {
        sr_image_free(img);
        *err = sr_strdup_printf("%s: %s", path, why);
        return NULL;
    }
    return img;
}
