/* SPDX-License-Identifier: MIT */
/*
 * DXBC containers (what fxc/d3dcompiler write and D3D10/11's
 * Create*Shader take): reading with every offset and size checked, writing,
 * the container checksum (docs/dxbc.md), and the signature chunks
 * ISGN/OSGN/PCSG (24-byte elements) and OSG5 (28-byte elements with the
 * stream first).
 */
#ifndef SABLE_DXBC_H
#define SABLE_DXBC_H

#include <stddef.h>
#include <stdint.h>

#define DXBC_FOURCC(a, b, c, d) \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)
#define DXBC_MAX_CHUNKS 32
#define DXBC_MAX_SIG 64      /* elements per signature */
#define DXBC_NAME_MAX 64

typedef struct DxbcChunk {
    uint32_t fourcc;
    const uint8_t *data;
    uint32_t size;
} DxbcChunk;

typedef struct Dxbc {
    DxbcChunk chunk[DXBC_MAX_CHUNKS];
    uint32_t nchunks;
} Dxbc;

/* 0, or -1 with a message in err.  Chunks point into buf. */
int dxbc_parse(const uint8_t *buf, size_t len, Dxbc *out, char *err, size_t errlen);
const DxbcChunk *dxbc_find(const Dxbc *d, uint32_t fourcc);

/* The checksum of a container of len bytes (its bytes 20..len), as the four
 * little-endian DWORDs stored at offset 4. */
void dxbc_checksum(const uint8_t *buf, size_t len, uint32_t out[4]);
/* Plain MD5 (RFC 1321), the same compression function. */
void dxbc_md5(const uint8_t *msg, size_t len, uint8_t out[16]);

/* A container of the chunks, checksummed (free()); NULL if out of memory. */
uint8_t *dxbc_build(const DxbcChunk *chunks, uint32_t n, size_t *len);

typedef struct DxbcSigElem {
    char name[DXBC_NAME_MAX];
    uint32_t index;  /* semantic index */
    uint32_t sv;     /* D3D_NAME */
    uint32_t type;   /* D3D_REGISTER_COMPONENT_TYPE: 1 uint, 2 sint, 3 float */
    uint32_t reg;    /* 0xFFFFFFFF: no register (oDepth, oMask) */
    uint32_t stream;
    uint8_t mask, rw;
} DxbcSigElem;

/* D3D_NAME values beyond the D3D10_SB_NAME range shared with the tokens. */
#define DXBC_NAME_TARGET 64
#define DXBC_NAME_DEPTH 65
#define DXBC_NAME_COVERAGE 66
#define DXBC_NAME_DEPTH_GE 67
#define DXBC_NAME_DEPTH_LE 68

/* The token name (D3D10_SB_NAME / D3D11_SB_NAME 0-22) of an element: D3D_NAME
 * 0-10 as is; the tessellation factors (D3D_NAME 11 quad edge, 12 quad
 * inside, 13 tri edge, 14 tri inside, 15 line detail, 16 line density) with
 * the semantic index picking the edge; 0 (undefined) for anything else. */
uint32_t dxbc_sig_sb_name(uint32_t sv, uint32_t index);
/* The inverse for a token name 0-22: its D3D_NAME and semantic index (the
 * edge; line detail index 0, line density 1). */
void dxbc_sig_d3d_name(uint32_t sb, uint32_t *sv, uint32_t *index);

/* 0 with *n elements, or -1 (malformed, or more than max). */
int dxbc_sig_parse(const DxbcChunk *c, DxbcSigElem *out, uint32_t max, uint32_t *n);
/* A signature chunk body (OSG5 form when osg5), free(); NULL if out of memory. */
uint8_t *dxbc_sig_build(const DxbcSigElem *e, uint32_t n, int osg5, uint32_t *size);

#endif /* SABLE_DXBC_H */
