/* SPDX-License-Identifier: MIT */
/* The compute commands of the virgl encoder (contract in vgl_compute.h). */
#include <string.h>

#include "vgl_compute.h"

static bool lead(VglBuf *b, uint32_t cmd, uint32_t shader, uint32_t start, uint32_t n,
                 uint32_t max_n, uint32_t elem, uint32_t **p)
{
    if (shader >= SABLE_VIRGL_SHADER_TYPES || n == 0 || n > max_n || start > max_n - n) {
        b->failed = true;
        return false;
    }
    *p = vgl_reserve(b, cmd, 0, 2 + elem * n);
    if (!*p) {
        return false;
    }
    (*p)[0] = shader;
    (*p)[1] = start;
    return true;
}

bool vgl_create_compute_shader(VglBuf *b, uint32_t handle, const char *tgsi,
                               uint32_t shared_bytes)
{
    size_t bytes = tgsi ? strlen(tgsi) + 1 : 0;
    const VglShaderText st = { handle, SABLE_VIRGL_SHADER_COMPUTE, tgsi,
                               bytes > UINT32_MAX ? 0 : (uint32_t)bytes, 0, NULL, shared_bytes };
    return vgl_create_shader_part(b, &st, 0, st.bytes);
}

bool vgl_set_shader_buffers(VglBuf *b, uint32_t shader, uint32_t start,
                            const VglShaderBuffer *s, uint32_t n)
{
    uint32_t *p;
    if (!lead(b, SABLE_VIRGL_CCMD_SET_SHADER_BUFFERS, shader, start, n, VGL_MAX_SHADER_BUFFERS,
              SABLE_VIRGL_SHADER_BUFFER_ELEM, &p)) {
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t *e = p + 2 + SABLE_VIRGL_SHADER_BUFFER_ELEM * i;
        e[0] = s[i].offset;
        e[1] = s[i].length;
        e[2] = s[i].res;
    }
    vgl_commit(b);
    return true;
}

bool vgl_set_shader_images(VglBuf *b, uint32_t shader, uint32_t start, const VglImage *im,
                           uint32_t n)
{
    uint32_t *p;
    for (uint32_t i = 0; i < n; i++) {
        if (!im[i].buffer && (im[i].first > 0xffffu || im[i].last > 0xffffu)) {
            b->failed = true;
            return false;
        }
    }
    if (!lead(b, SABLE_VIRGL_CCMD_SET_SHADER_IMAGES, shader, start, n, VGL_MAX_SHADER_IMAGES,
              SABLE_VIRGL_SHADER_IMAGE_ELEM, &p)) {
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t *e = p + 2 + SABLE_VIRGL_SHADER_IMAGE_ELEM * i;
        e[0] = im[i].format;
        e[1] = im[i].access;
        e[2] = im[i].buffer ? im[i].first : im[i].first | im[i].last << 16;
        e[3] = im[i].buffer ? im[i].last : im[i].level;
        e[4] = im[i].res;
    }
    vgl_commit(b);
    return true;
}

bool vgl_launch_grid(VglBuf *b, const uint32_t block[3], const uint32_t grid[3],
                     uint32_t indirect_res, uint32_t indirect_offset)
{
    uint32_t *p = vgl_reserve(b, SABLE_VIRGL_CCMD_LAUNCH_GRID, 0, SABLE_VIRGL_LAUNCH_GRID_LEN);
    if (!p) {
        return false;
    }
    const uint32_t a[SABLE_VIRGL_LAUNCH_GRID_LEN] = {
        block[0], block[1], block[2], grid[0], grid[1], grid[2], indirect_res, indirect_offset,
    };
    memcpy(p, a, sizeof a);
    vgl_commit(b);
    return true;
}

bool vgl_memory_barrier(VglBuf *b, uint32_t flags)
{
    uint32_t *p = vgl_reserve(b, SABLE_VIRGL_CCMD_MEMORY_BARRIER, 0,
                              SABLE_VIRGL_MEMORY_BARRIER_LEN);
    if (!p) {
        return false;
    }
    p[0] = flags;
    vgl_commit(b);
    return true;
}

bool vgl_clear_texture(VglBuf *b, uint32_t res, uint32_t level, const VglBox *box,
                       const uint32_t data[4])
{
    uint32_t *p = vgl_reserve(b, SABLE_VIRGL_CCMD_CLEAR_TEXTURE, 0,
                              SABLE_VIRGL_CLEAR_TEXTURE_LEN);
    if (!p) {
        return false;
    }
    const uint32_t a[SABLE_VIRGL_CLEAR_TEXTURE_LEN] = {
        res, level, box->x, box->y, box->z, box->w, box->h, box->d,
        data[0], data[1], data[2], data[3],
    };
    memcpy(p, a, sizeof a);
    vgl_commit(b);
    return true;
}
