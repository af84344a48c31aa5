/* SPDX-License-Identifier: MIT */
/*
 * The compute half of the virgl encoder (vgl_encode.h's rules: a command
 * is written whole or not at all, b->failed set): shader buffers and
 * images of a stage, LAUNCH_GRID, MEMORY_BARRIER and CLEAR_TEXTURE.
 * Layouts in protocol/sable_virgl.h.
 */
#ifndef SABLE_VGL_COMPUTE_H
#define SABLE_VGL_COMPUTE_H

#include "vgl_encode.h"

#define VGL_MAX_SHADER_BUFFERS 32u
#define VGL_MAX_SHADER_IMAGES 32u

typedef struct VglShaderBuffer {
    uint32_t offset, length, res; /* res 0: the slot unbound */
} VglShaderBuffer;

typedef struct VglImage {
    uint32_t format, access;
    uint32_t first, last;  /* textures: layers; buffers: first byte, bytes */
    uint32_t level;        /* textures only */
    uint32_t res;          /* 0: the slot unbound */
    bool buffer;
} VglImage;

/* A compute shader: vgl_create_shader's command, where the dword a
 * graphics shader's stream output count takes holding the bytes of shared
 * memory the program uses (virglrenderer sizes its shared array by it). */
bool vgl_create_compute_shader(VglBuf *b, uint32_t handle, const char *tgsi,
                               uint32_t shared_bytes);
bool vgl_set_shader_buffers(VglBuf *b, uint32_t shader, uint32_t start,
                            const VglShaderBuffer *s, uint32_t n);
bool vgl_set_shader_images(VglBuf *b, uint32_t shader, uint32_t start, const VglImage *im,
                           uint32_t n);
/* block: the thread group size; grid: groups, or an indirect buffer
 * (indirect_res != 0) holding the three counts at indirect_offset. */
bool vgl_launch_grid(VglBuf *b, const uint32_t block[3], const uint32_t grid[3],
                     uint32_t indirect_res, uint32_t indirect_offset);
bool vgl_memory_barrier(VglBuf *b, uint32_t flags);
/* A box of a texture level to `data` (the texel in the texture's format). */
bool vgl_clear_texture(VglBuf *b, uint32_t res, uint32_t level, const VglBox *box,
                       const uint32_t data[4]);

#endif /* SABLE_VGL_COMPUTE_H */
