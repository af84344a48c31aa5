/* SPDX-License-Identifier: MIT */
#include <string.h>
#include <glib.h>

#include "vstream.h"
#include "vgl_encode.h"

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
    return vgl_f2u(f);
}

/* Everything is the UMD's encoder (guest-umd/vgl_encode.h) writing at the
 * end of the stream. */
static VglBuf at_end(Stream *s)
{
    VglBuf b;
    vgl_init(&b, s->dw, VSTREAM_MAX_DW);
    b.n = s->n;
    return b;
}

static void done(Stream *s, const VglBuf *b)
{
    g_assert_false(b->failed);
    s->n = b->n;
}

void vs_cmd(Stream *s, uint32_t cmd, uint32_t obj, uint32_t len, const uint32_t *args)
{
    VglBuf b = at_end(s);
    uint32_t *p = vgl_reserve(&b, cmd, obj, len);
    g_assert_nonnull(p);
    memcpy(p, args, 4u * len);
    vgl_commit(&b);
    done(s, &b);
}

void vs_bind(Stream *s, uint32_t obj, uint32_t handle)
{
    VglBuf b = at_end(s);
    vgl_bind_object(&b, obj, handle);
    done(s, &b);
}

void vs_color_buffer(Stream *s, uint32_t res)
{
    VglBuf b = at_end(s);
    vgl_create_surface(&b, VS_SURFACE, res, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 0, 0, 0);
    vgl_set_framebuffer(&b, (const uint32_t[]){ VS_SURFACE }, 1, 0);
    done(s, &b);
}

void vs_clear(Stream *s, float r, float g, float bl, float a)
{
    VglBuf b = at_end(s);
    vgl_clear(&b, SABLE_VIRGL_CLEAR_COLOR0, (const float[4]){ r, g, bl, a }, 0.0, 0);
    done(s, &b);
}

/* Shader object with a token budget of 1024 for virglrenderer's parser,
 * no stream-output; then bound. */
void vs_shader(Stream *s, uint32_t handle, uint32_t type, const char *text)
{
    VglBuf b = at_end(s);
    vgl_create_shader(&b, handle, type, text, 1024);
    vgl_bind_shader(&b, handle, type);
    done(s, &b);
}

void vs_pipeline(Stream *s, uint32_t w, uint32_t h, const char *fs)
{
    VglBuf b = at_end(s);
    const VglBlend blend = { .rt[0].colormask = 0xf };
    vgl_create_blend(&b, VS_BLEND, &blend);
    vgl_bind_object(&b, SABLE_VIRGL_OBJECT_BLEND, VS_BLEND);
    const VglDsa dsa = { 0 };
    vgl_create_dsa(&b, VS_DSA, &dsa);
    vgl_bind_object(&b, SABLE_VIRGL_OBJECT_DSA, VS_DSA);
    /* depth clip, half-pixel centres; point size and line width 1 */
    const VglRasterizer rs = { .s0 = SABLE_VIRGL_RS_DEPTH_CLIP | SABLE_VIRGL_RS_HALF_PIXEL_CENTER,
                               .point_size = 1.0f, .line_width = 1.0f };
    vgl_create_rasterizer(&b, VS_RASTERIZER, &rs);
    vgl_bind_object(&b, SABLE_VIRGL_OBJECT_RASTERIZER, VS_RASTERIZER);
    const VglViewport vp = { { w / 2.0f, h / 2.0f, 0.5f }, { w / 2.0f, h / 2.0f, 0.5f } };
    vgl_set_viewports(&b, 0, &vp, 1);
    done(s, &b);
    vs_shader(s, VS_VS, SABLE_VIRGL_SHADER_VERTEX, vs_tgsi_pass);
    vs_shader(s, VS_FS, SABLE_VIRGL_SHADER_FRAGMENT, fs);
}

void vs_vertex_buffer(Stream *s, uint32_t vb)
{
    VglBuf b = at_end(s);
    const VglVertexElement ve = { 0, 0, 0, SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT };
    vgl_create_vertex_elements(&b, VS_VERTEX_ELEMENTS, &ve, 1);
    vgl_bind_object(&b, SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS, VS_VERTEX_ELEMENTS);
    const VglVertexBuffer vbs = { 16, 0, vb };
    vgl_set_vertex_buffers(&b, &vbs, 1);
    done(s, &b);
}

void vs_draw_range(Stream *s, uint32_t start, uint32_t count)
{
    VglBuf b = at_end(s);
    const VglDraw d = { .start = start, .count = count, .mode = SABLE_VIRGL_PRIM_TRIANGLES,
                        .instance_count = 1, .min_index = start,
                        .max_index = start + count - 1 };
    vgl_draw_vbo(&b, &d);
    done(s, &b);
}

void vs_draw(Stream *s, uint32_t count)
{
    vs_draw_range(s, 0, count);
}
