/* SPDX-License-Identifier: MIT */
/* DXBC containers: parsing, building and the checksum (see dxbc.h and
 * docs/dxbc.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dxbc.h"

#define HEADER 32 /* magic, checksum, version 1, total size, chunk count */

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static int fail(char *err, size_t n, const char *msg)
{
    if (err && n) {
        snprintf(err, n, "%s", msg);
    }
    return -1;
}

int dxbc_parse(const uint8_t *buf, size_t len, Dxbc *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (len < HEADER || memcmp(buf, "DXBC", 4)) {
        return fail(err, errlen, "not a DXBC container");
    }
    uint32_t total = rd32(buf + 24), n = rd32(buf + 28);
    if (total != len) {
        return fail(err, errlen, "container size does not match");
    }
    if (n > DXBC_MAX_CHUNKS || HEADER + 4ull * n > len) {
        return fail(err, errlen, "bad chunk count");
    }
    uint32_t sum[4];
    dxbc_checksum(buf, len, sum);
    for (int i = 0; i < 4; i++) {
        if (rd32(buf + 4 + 4 * i) != sum[i]) {
            return fail(err, errlen, "bad checksum");
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        uint64_t off = rd32(buf + HEADER + 4 * i);
        if (off + 8 > len || off + 8 + rd32(buf + off + 4) > len) {
            return fail(err, errlen, "chunk outside the container");
        }
        out->chunk[i].fourcc = rd32(buf + off);
        out->chunk[i].size = rd32(buf + off + 4);
        out->chunk[i].data = buf + off + 8;
    }
    out->nchunks = n;
    return 0;
}

const DxbcChunk *dxbc_find(const Dxbc *d, uint32_t fourcc)
{
    for (uint32_t i = 0; i < d->nchunks; i++) {
        if (d->chunk[i].fourcc == fourcc) {
            return &d->chunk[i];
        }
    }
    return NULL;
}

/* ---- MD5 (RFC 1321) ---- */

static const uint32_t K[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
    0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
    0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
    0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
    0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
    0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
    0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
    0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
    0xeb86d391,
};
static const uint8_t R[64] = {
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9,  14, 20, 5, 9,
    14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
};

static void md5_block(uint32_t h[4], const uint8_t blk[64])
{
    uint32_t m[16], a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 16; i++) {
        m[i] = rd32(blk + 4 * i);
    }
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) {
            f = (b & c) | (~b & d), g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
        } else if (i < 48) {
            f = b ^ c ^ d, g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d), g = (7 * i) % 16;
        }
        uint32_t x = a + f + K[i] + m[g];
        a = d, d = c, c = b;
        b = b + (x << R[i] | x >> (32 - R[i]));
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
}

static void md5_init(uint32_t h[4])
{
    h[0] = 0x67452301, h[1] = 0xefcdab89, h[2] = 0x98badcfe, h[3] = 0x10325476;
}

void dxbc_md5(const uint8_t *msg, size_t len, uint8_t out[16])
{
    uint32_t h[4];
    uint8_t blk[128] = { 0 };
    size_t full = len / 64 * 64, rest = len - full;
    md5_init(h);
    for (size_t i = 0; i < full; i += 64) {
        md5_block(h, msg + i);
    }
    memcpy(blk, msg + full, rest);
    blk[rest] = 0x80;
    size_t end = rest < 56 ? 64 : 128;
    uint64_t bits = (uint64_t)len * 8;
    wr32(blk + end - 8, (uint32_t)bits);
    wr32(blk + end - 4, (uint32_t)(bits >> 32));
    for (size_t i = 0; i < end; i += 64) {
        md5_block(h, blk + i);
    }
    for (int i = 0; i < 4; i++) {
        wr32(out + 4 * i, h[i]);
    }
}

/* DXBC's variant: MD5's compression over bytes 20..end, but the last block
 * carries the bit count (32 bits) in its first DWORD, the tail bytes after
 * it, 0x80, zeros and (bits >> 2) | 1 in its last DWORD; when the tail is 56
 * bytes or more, tail + 0x80 + zeros form one block and a second block
 * holds only the two DWORDs. */
void dxbc_checksum(const uint8_t *buf, size_t len, uint32_t out[4])
{
    const uint8_t *msg = buf + 20;
    size_t n = len > 20 ? len - 20 : 0, full = n / 64 * 64, rest = n - full;
    uint32_t bits = (uint32_t)(n * 8), h[4];
    uint8_t blk[64];
    md5_init(h);
    for (size_t i = 0; i < full; i += 64) {
        md5_block(h, msg + i);
    }
    memset(blk, 0, sizeof blk);
    if (rest >= 56) {
        memcpy(blk, msg + full, rest);
        blk[rest] = 0x80;
        md5_block(h, blk);
        memset(blk, 0, sizeof blk);
        wr32(blk, bits);
    } else {
        wr32(blk, bits);
        memcpy(blk + 4, msg + full, rest);
        blk[4 + rest] = 0x80;
    }
    wr32(blk + 60, (bits >> 2) | 1);
    md5_block(h, blk);
    memcpy(out, h, sizeof h);
}

uint8_t *dxbc_build(const DxbcChunk *chunks, uint32_t n, size_t *len)
{
    size_t total = HEADER + 4 * (size_t)n;
    for (uint32_t i = 0; i < n; i++) {
        total += 8 + ((chunks[i].size + 3u) & ~3u);
    }
    uint8_t *b = calloc(1, total);
    if (!b) {
        return NULL;
    }
    memcpy(b, "DXBC", 4);
    wr32(b + 20, 1);
    wr32(b + 24, (uint32_t)total);
    wr32(b + 28, n);
    size_t off = HEADER + 4 * (size_t)n;
    for (uint32_t i = 0; i < n; i++) {
        wr32(b + HEADER + 4 * i, (uint32_t)off);
        wr32(b + off, chunks[i].fourcc);
        wr32(b + off + 4, (chunks[i].size + 3u) & ~3u);
        memcpy(b + off + 8, chunks[i].data, chunks[i].size);
        off += 8 + ((chunks[i].size + 3u) & ~3u);
    }
    uint32_t sum[4];
    dxbc_checksum(b, total, sum);
    for (int i = 0; i < 4; i++) {
        wr32(b + 4 + 4 * i, sum[i]);
    }
    *len = total;
    return b;
}

/* ---- signatures ---- */

/* D3D_NAME 11..16: the first token name and how many edges
 * (D3D11_SB_NAME_FINAL_QUAD_U_EQ_0_EDGE_TESSFACTOR = 11 ... LINE_DENSITY = 22). */
static const uint8_t tess_first[6] = { 11, 15, 17, 20, 21, 22 };
static const uint8_t tess_count[6] = { 4, 2, 3, 1, 1, 1 };

uint32_t dxbc_sig_sb_name(uint32_t sv, uint32_t index)
{
    if (sv <= 10) {
        return sv;
    }
    if (sv > 16) {
        return 0;
    }
    uint32_t k = sv - 11;
    /* one-edge names (tri inside, line detail/density) ignore the index */
    return tess_count[k] == 1 ? tess_first[k] : index < tess_count[k] ? tess_first[k] + index : 0;
}

void dxbc_sig_d3d_name(uint32_t sb, uint32_t *sv, uint32_t *index)
{
    *sv = sb <= 22 ? sb : 0, *index = 0;
    for (uint32_t k = 0; k < 6 && sb > 10 && sb <= 22; k++) {
        if (sb >= tess_first[k] && sb < tess_first[k] + tess_count[k]) {
            *sv = 11 + k, *index = sb - tess_first[k];
        }
    }
    if (sb == 22) {
        *index = 1; /* SV_TessFactor[1] of an isoline: UNCERTAIN (docs/dxbc.md) */
    }
}

int dxbc_sig_parse(const DxbcChunk *c, DxbcSigElem *out, uint32_t max, uint32_t *n)
{
    int osg5 = c->fourcc == DXBC_FOURCC('O', 'S', 'G', '5');
    uint32_t esize = osg5 ? 28 : 24;
    if (c->size < 8) {
        return -1;
    }
    uint32_t count = rd32(c->data), first = rd32(c->data + 4);
    if (count > max || (uint64_t)first + (uint64_t)count * esize > c->size) {
        return -1;
    }
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = c->data + first + i * esize;
        DxbcSigElem *s = &out[i];
        memset(s, 0, sizeof *s);
        if (osg5) {
            s->stream = rd32(e);
            e += 4;
        }
        uint32_t name = rd32(e);
        s->index = rd32(e + 4);
        s->sv = rd32(e + 8);
        s->type = rd32(e + 12);
        s->reg = rd32(e + 16);
        s->mask = e[20];
        s->rw = e[21];
        size_t k = 0;
        for (; name + k < c->size && c->data[name + k] && k + 1 < DXBC_NAME_MAX; k++) {
            s->name[k] = (char)c->data[name + k];
        }
        if (name + k >= c->size || c->data[name + k]) {
            return -1; /* the name runs out of the chunk or is too long */
        }
    }
    *n = count;
    return 0;
}

uint8_t *dxbc_sig_build(const DxbcSigElem *e, uint32_t n, int osg5, uint32_t *size)
{
    uint32_t esize = osg5 ? 28 : 24, names = 8 + n * esize, total = names;
    for (uint32_t i = 0; i < n; i++) {
        total += (uint32_t)strlen(e[i].name) + 1;
    }
    total = (total + 3u) & ~3u;
    uint8_t *b = calloc(1, total);
    if (!b) {
        return NULL;
    }
    wr32(b, n);
    wr32(b + 4, 8);
    uint32_t at = names;
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *p = b + 8 + i * esize;
        if (osg5) {
            wr32(p, e[i].stream);
            p += 4;
        }
        wr32(p, at);
        wr32(p + 4, e[i].index);
        wr32(p + 8, e[i].sv);
        wr32(p + 12, e[i].type);
        wr32(p + 16, e[i].reg);
        p[20] = e[i].mask;
        p[21] = e[i].rw;
        size_t l = strlen(e[i].name) + 1;
        memcpy(b + at, e[i].name, l);
        at += (uint32_t)l;
    }
    *size = total;
    return b;
}
