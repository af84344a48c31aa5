/* SPDX-License-Identifier: MIT */
/*
 * vgl: the UMD's encoder of the virgl command stream (the protocol
 * virglrenderer 0.10.4 decodes; numbers and bit layouts in
 * protocol/sable_virgl.h). Portable C11, no allocation.
 *
 * Commands go into a caller-provided dword buffer (VglBuf). Each encoder
 * reserves its whole command (header + arguments) before writing anything:
 * a command that does not fit, or whose arguments are out of the protocol's
 * range, writes nothing, sets `failed` and returns false, so the buffer
 * always holds whole commands and never overflows. vgl_reserve/vgl_commit
 * are the two halves for callers that build a command themselves.
 *
 * The state objects are described at the gallium level (VglBlend, VglDsa,
 * VglRasterizer, VglSampler, VglVertexElement); the D3D -> gallium mapping
 * is state3d.c's.
 */
#ifndef SABLE_VGL_ENCODE_H
#define SABLE_VGL_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sable_virgl.h"

typedef struct VglBuf {
    uint32_t *dw;
    uint32_t cap;     /* dwords */
    uint32_t n;       /* dwords written (whole commands) */
    uint32_t pending; /* dwords reserved by vgl_reserve, 0: none */
    bool failed;      /* a command was refused (no room or bad arguments) */
} VglBuf;

void vgl_init(VglBuf *b, uint32_t *dw, uint32_t cap);
/* The argument dwords of a command of `len` arguments (the header is
 * written), or NULL (nothing written, b->failed set). vgl_commit makes it
 * part of the stream. */
uint32_t *vgl_reserve(VglBuf *b, uint32_t cmd, uint32_t obj, uint32_t len);
void vgl_commit(VglBuf *b);
/* Whole commands encoded earlier (an object's kept CREATE_OBJECT): ndw
 * dwords, all or nothing. */
bool vgl_append(VglBuf *b, const uint32_t *cmds, uint32_t ndw);
uint32_t vgl_f2u(float f);

/* ---- state objects, gallium level ---- */
#define VGL_MAX_RT 8u
#define VGL_MAX_ELEMENTS 32u

typedef struct VglRtBlend {
    uint8_t enable, rgb_func, rgb_src, rgb_dst, alpha_func, alpha_src, alpha_dst, colormask;
} VglRtBlend;

typedef struct VglBlend {
    bool independent, alpha_to_coverage;
    VglRtBlend rt[VGL_MAX_RT];
} VglBlend;

typedef struct VglStencil {
    uint8_t enabled, func, fail_op, zpass_op, zfail_op, valuemask, writemask;
} VglStencil;

typedef struct VglDsa {
    uint8_t depth_enabled, depth_writemask, depth_func;
    VglStencil stencil[2]; /* front, back */
} VglDsa;

typedef struct VglRasterizer {
    uint32_t s0;          /* SABLE_VIRGL_RS_* bits */
    float point_size, line_width;
    float offset_units, offset_scale, offset_clamp;
} VglRasterizer;

typedef struct VglSampler {
    uint8_t wrap_s, wrap_t, wrap_r;
    uint8_t min_img_filter, min_mip_filter, mag_img_filter;
    uint8_t compare_mode, compare_func, max_anisotropy;
    float lod_bias, min_lod, max_lod;
    float border[4];
} VglSampler;

typedef struct VglVertexElement {
    uint32_t src_offset, instance_divisor, vertex_buffer_index, src_format;
} VglVertexElement;

/* Dword counts of the create commands, header included. */
#define VGL_BLEND_DW (1u + SABLE_VIRGL_BLEND_LEN)
#define VGL_DSA_DW (1u + SABLE_VIRGL_DSA_LEN)
#define VGL_RASTERIZER_DW (1u + SABLE_VIRGL_RASTERIZER_LEN)
#define VGL_SAMPLER_DW (1u + SABLE_VIRGL_SAMPLER_STATE_LEN)
#define VGL_VE_DW(n) (2u + 4u * (n))

bool vgl_create_blend(VglBuf *b, uint32_t handle, const VglBlend *s);
bool vgl_create_dsa(VglBuf *b, uint32_t handle, const VglDsa *s);
bool vgl_create_rasterizer(VglBuf *b, uint32_t handle, const VglRasterizer *s);
bool vgl_create_sampler_state(VglBuf *b, uint32_t handle, const VglSampler *s);
bool vgl_create_vertex_elements(VglBuf *b, uint32_t handle, const VglVertexElement *e,
                                uint32_t n);
/* TGSI text (NUL-terminated) as shader `type` (SABLE_VIRGL_SHADER_*);
 * `tokens`: the token budget for virglrenderer's text parser (0: derived
 * from the text's length). One command: texts longer than one command can
 * carry are refused (vgl_create_shader_part sends them in parts). No
 * stream output. */
bool vgl_create_shader(VglBuf *b, uint32_t handle, uint32_t type, const char *tgsi,
                       uint32_t tokens);
/* Stream output of a shader (gallium's pipe_stream_output_info): per
 * output the shader's OUT register, components start..start+count-1,
 * buffer, dword offset in the buffer's vertex; strides in dwords. */
typedef struct VglSoOutput {
    uint8_t reg, start, count, buffer, stream;
    uint16_t dst_offset;
} VglSoOutput;

typedef struct VglSo {
    uint32_t stride[4];
    uint32_t n;
    VglSoOutput out[SABLE_VIRGL_MAX_SO_OUTPUTS];
} VglSo;

/* vgl_create_shader with a stream output declaration (so NULL or n 0:
 * none); counts or components out of range are refused. */
bool vgl_create_shader_so(VglBuf *b, uint32_t handle, uint32_t type, const char *tgsi,
                          uint32_t tokens, const VglSo *so);
/* A text too long for one command goes in parts (virgl's long-shader
 * form): the first gives the total length and the stream output, each
 * later one its byte offset | SABLE_VIRGL_SHADER_CONTINUATION; each part
 * one command, possibly in another SUBMIT. `bytes` counts the NUL;
 * compute shaders carry shared_bytes in every part. */
typedef struct VglShaderText {
    uint32_t handle, type;
    const char *text;
    uint32_t bytes, tokens;
    const VglSo *so;
    uint32_t shared_bytes;
} VglShaderText;
bool vgl_create_shader_part(VglBuf *b, const VglShaderText *st, uint32_t off, uint32_t len);
/* Texture surface: level, layers first..last. */
bool vgl_create_surface(VglBuf *b, uint32_t handle, uint32_t res, uint32_t format,
                        uint32_t level, uint32_t first_layer, uint32_t last_layer);
/* Texture view: layers, levels first..last, swizzle (SABLE_VIRGL_SWIZZLE);
 * format may carry a SABLE_VIRGL_TARGET_* in bits 24-31 (the view target). */
bool vgl_create_sampler_view(VglBuf *b, uint32_t handle, uint32_t res, uint32_t format,
                             uint32_t first_layer, uint32_t last_layer, uint32_t first_level,
                             uint32_t last_level, uint32_t swizzle);
/* Buffer view (a typed Buffer SRV): elements first..last of format's size. */
bool vgl_create_buffer_view(VglBuf *b, uint32_t handle, uint32_t res, uint32_t format,
                            uint32_t first_element, uint32_t last_element, uint32_t swizzle);
bool vgl_create_query(VglBuf *b, uint32_t handle, uint32_t type, uint32_t index,
                      uint32_t offset, uint32_t res);
bool vgl_create_so_target(VglBuf *b, uint32_t handle, uint32_t res, uint32_t offset,
                          uint32_t size);
bool vgl_bind_object(VglBuf *b, uint32_t obj, uint32_t handle);
bool vgl_destroy_object(VglBuf *b, uint32_t obj, uint32_t handle);
bool vgl_bind_shader(VglBuf *b, uint32_t handle, uint32_t type);

/* ---- pipeline state ---- */
typedef struct VglViewport {
    float scale[3], translate[3];
} VglViewport;

typedef struct VglScissor {
    uint16_t minx, miny, maxx, maxy; /* maxx/maxy exclusive */
} VglScissor;

typedef struct VglVertexBuffer {
    uint32_t stride, offset, res;
} VglVertexBuffer;

bool vgl_set_framebuffer(VglBuf *b, const uint32_t *cbufs, uint32_t ncbufs, uint32_t zsurf);
bool vgl_set_viewports(VglBuf *b, uint32_t start, const VglViewport *v, uint32_t n);
bool vgl_set_scissors(VglBuf *b, uint32_t start, const VglScissor *s, uint32_t n);
bool vgl_set_vertex_buffers(VglBuf *b, const VglVertexBuffer *vb, uint32_t n);
/* res 0 unbinds; index_size 1, 2 or 4 */
bool vgl_set_index_buffer(VglBuf *b, uint32_t res, uint32_t index_size, uint32_t offset);
/* Inline constants (SET_CONSTANT_BUFFER: `ndw` dwords of data). */
bool vgl_set_constant_buffer(VglBuf *b, uint32_t shader, uint32_t index, const uint32_t *data,
                             uint32_t ndw);
/* A resource as constant buffer (SET_UNIFORM_BUFFER). */
bool vgl_set_uniform_buffer(VglBuf *b, uint32_t shader, uint32_t index, uint32_t offset,
                            uint32_t length, uint32_t res);
bool vgl_set_sampler_views(VglBuf *b, uint32_t shader, uint32_t start, const uint32_t *handles,
                           uint32_t n);
bool vgl_bind_sampler_states(VglBuf *b, uint32_t shader, uint32_t start,
                             const uint32_t *handles, uint32_t n);
bool vgl_set_blend_color(VglBuf *b, const float rgba[4]);
bool vgl_set_stencil_ref(VglBuf *b, uint8_t front, uint8_t back);
bool vgl_set_sample_mask(VglBuf *b, uint32_t mask);
bool vgl_set_streamout_targets(VglBuf *b, uint32_t append_mask, const uint32_t *handles,
                               uint32_t n);

/* ---- work ---- */
typedef struct VglDraw {
    uint32_t start, count, mode;          /* mode: SABLE_VIRGL_PRIM_* */
    bool indexed;
    uint32_t instance_count, start_instance;
    int32_t index_bias;
    bool primitive_restart;
    uint32_t restart_index, min_index, max_index;
    uint32_t count_from_so;               /* an SO target handle, 0: none */
    uint32_t vertices_per_patch;          /* PATCHES: 1..32 (the long form); else 0 */
    uint32_t indirect_res, indirect_offset; /* arguments in a buffer (res 0: none) */
} VglDraw;

typedef struct VglBox {
    uint32_t x, y, z, w, h, d;
} VglBox;

bool vgl_draw_vbo(VglBuf *b, const VglDraw *d);
/* buffers: SABLE_VIRGL_CLEAR_* */
bool vgl_clear(VglBuf *b, uint32_t buffers, const float rgba[4], double depth, uint32_t stencil);
bool vgl_resource_copy_region(VglBuf *b, uint32_t dst, uint32_t dst_level, uint32_t dx,
                              uint32_t dy, uint32_t dz, uint32_t src, uint32_t src_level,
                              const VglBox *box);
/* One side of a BLIT: mip `level` of resource `res` read/written as
 * `format`, the box (layers as z/d). */
typedef struct VglBlitSide {
    uint32_t res, level, format;
    VglBox box;
} VglBlitSide;
#define VGL_BLIT_MASK_RGBA 0xfu
#define VGL_BLIT_FILTER_NEAREST 0u
#define VGL_BLIT_FILTER_LINEAR 1u
/* BLIT src -> dst (scaled to dst's box with filter; no scissor, no
 * render condition, no blending). */
bool vgl_blit(VglBuf *b, uint32_t mask, uint32_t filter, const VglBlitSide *dst,
              const VglBlitSide *src);
/* RESOURCE_INLINE_WRITE of n bytes at byte x of buffer resource res (the
 * host copy, in stream order). */
#define VGL_INLINE_WRITE_ARGS 11u
bool vgl_inline_write(VglBuf *b, uint32_t res, uint32_t x, const void *data, uint32_t n);
bool vgl_begin_query(VglBuf *b, uint32_t handle);
bool vgl_end_query(VglBuf *b, uint32_t handle);
/* The query's state and result into its buffer (wait: the host waits
 * for the result). */
bool vgl_get_query_result(VglBuf *b, uint32_t handle, bool wait);
/* Draws and clears skipped when the query's result equals `condition`
 * (handle 0: always done). */
bool vgl_set_render_condition(VglBuf *b, uint32_t handle, bool condition);

#endif /* SABLE_VGL_ENCODE_H */
