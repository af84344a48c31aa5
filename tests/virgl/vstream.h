/* SPDX-License-Identifier: MIT */
/*
 * vstream: virgl command streams (protocol/sable_virgl.h) for the 3D tests
 * and benchmarks: raw commands appended to a Stream (vs_cmd, for hostile
 * streams too), and the few building blocks they share (a colour buffer, a
 * clear, a pass-through pipeline with TGSI text shaders, a draw of
 * R32G32B32A32 positions), encoded by the UMD's encoder (vgl_encode.h).
 */
#ifndef VSTREAM_H
#define VSTREAM_H

#include <stdint.h>

#include "sable_virgl.h"

#define VSTREAM_MAX_DW 8192u

typedef struct Stream {
    uint32_t dw[VSTREAM_MAX_DW];
    uint32_t n;
} Stream;

/* Object handles the building blocks use (any value the stream wants). */
enum {
    VS_SURFACE = 1, VS_BLEND = 10, VS_DSA = 11, VS_RASTERIZER = 12,
    VS_VERTEX_ELEMENTS = 13, VS_VS = 20, VS_FS = 21,
};

extern const char vs_tgsi_pass[];   /* VERT: OUT[0] = IN[0] */
extern const char vs_tgsi_green[];  /* FRAG: colour (0, 1, 0, 1) */

uint32_t vs_f2u(float f);
/* Append one command: header SABLE_VIRGL_CMD(cmd, obj, len) and len args. */
void vs_cmd(Stream *s, uint32_t cmd, uint32_t obj, uint32_t len, const uint32_t *args);
void vs_bind(Stream *s, uint32_t obj, uint32_t handle);
/* Surface VS_SURFACE on B8G8R8A8 resource res, bound as the only colour
 * buffer. */
void vs_color_buffer(Stream *s, uint32_t res);
void vs_clear(Stream *s, float r, float g, float b, float a);
/* Create shader `handle` of `type` from TGSI text and bind it. */
void vs_shader(Stream *s, uint32_t handle, uint32_t type, const char *text);
/* Blend (colour writes on), DSA (no depth), rasterizer (no culling),
 * a w x h viewport, vs_tgsi_pass and fragment shader `fs`. */
void vs_pipeline(Stream *s, uint32_t w, uint32_t h, const char *fs);
/* Vertex elements (one R32G32B32A32_FLOAT position), buffer vb bound with
 * stride 16. */
void vs_vertex_buffer(Stream *s, uint32_t vb);
/* DRAW_VBO of `count` vertices as triangles (from vertex `start`). */
void vs_draw(Stream *s, uint32_t count);
void vs_draw_range(Stream *s, uint32_t start, uint32_t count);

#endif
