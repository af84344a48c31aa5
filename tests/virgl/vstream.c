/* SPDX-License-Identifier: MIT */
#include <string.h>
#include <glib.h>

#include "vstream.h"

const char vs_tgsi_pass[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0], POSITION\n"
    "  0: MOV OUT[0], IN[0]\n"
    "  1: END\n";

const char vs_tgsi_green[] =
    "FRAG\n"
    "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
    "DCL OUT[0], COLOR\n"
    "IMM[0] FLT32 { 0.0000, 1.0000, 0.0000, 1.0000 }\n"
    "  0: MOV OUT[0], IMM[0]\n"
    "  1: END\n";

uint32_t vs_f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

void vs_cmd(Stream *s, uint32_t cmd, uint32_t obj, uint32_t len, const uint32_t *args)
{
    g_assert_cmpuint(s->n + 1 + len, <=, VSTREAM_MAX_DW);
    s->dw[s->n++] = SABLE_VIRGL_CMD(cmd, obj, len);
    memcpy(&s->dw[s->n], args, 4 * len);
    s->n += len;
}

void vs_bind(Stream *s, uint32_t obj, uint32_t handle)
{
    vs_cmd(s, SABLE_VIRGL_CCMD_BIND_OBJECT, obj, 1, &handle);
}

void vs_color_buffer(Stream *s, uint32_t res)
{
    const uint32_t surf[] = { VS_SURFACE, res, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 0, 0 };
    vs_cmd(s, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SURFACE, 5, surf);
    const uint32_t fb[] = { 1, 0, VS_SURFACE };
    vs_cmd(s, SABLE_VIRGL_CCMD_SET_FRAMEBUFFER_STATE, 0, 3, fb);
}

void vs_clear(Stream *s, float r, float g, float b, float a)
{
    const uint32_t clr[] = { SABLE_VIRGL_CLEAR_COLOR0, vs_f2u(r), vs_f2u(g), vs_f2u(b),
                             vs_f2u(a), 0, 0, 0 };
    vs_cmd(s, SABLE_VIRGL_CCMD_CLEAR, 0, SABLE_VIRGL_CLEAR_LEN, clr);
}

/* Shader object: handle, type, text bytes (with the NUL), a token budget
 * for virglrenderer's parser, no stream-output; then the text. */
void vs_shader(Stream *s, uint32_t handle, uint32_t type, const char *text)
{
    uint32_t len = (uint32_t)strlen(text) + 1;
    uint32_t args[5 + 256] = { handle, type, len, 1024, 0 };
    g_assert_cmpuint((len + 3) / 4, <=, 256);
    memcpy(&args[5], text, len);
    vs_cmd(s, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SHADER, 5 + (len + 3) / 4,
           args);
    const uint32_t bind[] = { handle, type };
    vs_cmd(s, SABLE_VIRGL_CCMD_BIND_SHADER, 0, SABLE_VIRGL_BIND_SHADER_LEN, bind);
}

void vs_pipeline(Stream *s, uint32_t w, uint32_t h, const char *fs)
{
    const uint32_t blend[SABLE_VIRGL_BLEND_LEN] = { VS_BLEND, 0, 0, 0xfu << 27 };
    vs_cmd(s, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_BLEND,
           SABLE_VIRGL_BLEND_LEN, blend);
    vs_bind(s, SABLE_VIRGL_OBJECT_BLEND, VS_BLEND);
    const uint32_t dsa[SABLE_VIRGL_DSA_LEN] = { VS_DSA };
    vs_cmd(s, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_DSA, SABLE_VIRGL_DSA_LEN, dsa);
    vs_bind(s, SABLE_VIRGL_OBJECT_DSA, VS_DSA);
    /* depth clip, half-pixel centres; point size and line width 1 */
    const uint32_t rs[SABLE_VIRGL_RASTERIZER_LEN] = {
        VS_RASTERIZER, (1u << 1) | (1u << 29), vs_f2u(1.0f), 0, 0, vs_f2u(1.0f), 0, 0, 0 };
    vs_cmd(s, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_RASTERIZER,
           SABLE_VIRGL_RASTERIZER_LEN, rs);
    vs_bind(s, SABLE_VIRGL_OBJECT_RASTERIZER, VS_RASTERIZER);
    const uint32_t vp[7] = { 0, vs_f2u(w / 2.0f), vs_f2u(h / 2.0f), vs_f2u(0.5f),
                             vs_f2u(w / 2.0f), vs_f2u(h / 2.0f), vs_f2u(0.5f) };
    vs_cmd(s, SABLE_VIRGL_CCMD_SET_VIEWPORT_STATE, 0, 7, vp);
    vs_shader(s, VS_VS, SABLE_VIRGL_SHADER_VERTEX, vs_tgsi_pass);
    vs_shader(s, VS_FS, SABLE_VIRGL_SHADER_FRAGMENT, fs);
}

void vs_vertex_buffer(Stream *s, uint32_t vb)
{
    const uint32_t ve[5] = { VS_VERTEX_ELEMENTS, 0, 0, 0,
                             SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT };
    vs_cmd(s, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS, 5, ve);
    vs_bind(s, SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS, VS_VERTEX_ELEMENTS);
    const uint32_t vbs[3] = { 16, 0, vb };
    vs_cmd(s, SABLE_VIRGL_CCMD_SET_VERTEX_BUFFERS, 0, 3, vbs);
}

void vs_draw_range(Stream *s, uint32_t start, uint32_t count)
{
    /* start, count, mode, indexed, instances, index bias, start instance,
     * primitive restart, restart index, min index, max index, cso */
    const uint32_t draw[SABLE_VIRGL_DRAW_VBO_LEN] = {
        start, count, SABLE_VIRGL_PRIM_TRIANGLES, 0, 1, 0, 0, 0, 0,
        start, start + count - 1, 0 };
    vs_cmd(s, SABLE_VIRGL_CCMD_DRAW_VBO, 0, SABLE_VIRGL_DRAW_VBO_LEN, draw);
}

void vs_draw(Stream *s, uint32_t count)
{
    vs_draw_range(s, 0, count);
}
