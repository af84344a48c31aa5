/* SPDX-License-Identifier: MIT */
/*
 * Constants of the virgl command-stream protocol (the one virglrenderer
 * 0.10.4 decodes) that Sable's 3D packets carry (sable_3d.h): command and
 * object numbers, resource targets, bind flags and the formats Sable's
 * tests and UMD use. Declared here from the public protocol (Mesa's
 * virgl_protocol.h / virgl_hw.h and gallium's p_defines.h are the reference
 * for the numbers; the layouts of each command's dwords are documented
 * there). A stream is a sequence of commands, each a header dword
 * SABLE_VIRGL_CMD(cmd, object, length) followed by `length` dwords.
 */
#ifndef SABLE_VIRGL_H
#define SABLE_VIRGL_H

#include <stdint.h>

#define SABLE_VIRGL_CMD(cmd, obj, len) \
    ((uint32_t)(cmd) | ((uint32_t)(obj) << 8) | ((uint32_t)(len) << 16))
#define SABLE_VIRGL_CMD_OP(h) ((h) & 0xffu)
#define SABLE_VIRGL_CMD_OBJ(h) (((h) >> 8) & 0xffu)
#define SABLE_VIRGL_CMD_LEN(h) ((h) >> 16)

enum sable_virgl_ccmd {
    SABLE_VIRGL_CCMD_NOP = 0,
    SABLE_VIRGL_CCMD_CREATE_OBJECT = 1,
    SABLE_VIRGL_CCMD_BIND_OBJECT = 2,
    SABLE_VIRGL_CCMD_DESTROY_OBJECT = 3,
    SABLE_VIRGL_CCMD_SET_VIEWPORT_STATE = 4,
    SABLE_VIRGL_CCMD_SET_FRAMEBUFFER_STATE = 5,
    SABLE_VIRGL_CCMD_SET_VERTEX_BUFFERS = 6,
    SABLE_VIRGL_CCMD_CLEAR = 7,
    SABLE_VIRGL_CCMD_DRAW_VBO = 8,
    SABLE_VIRGL_CCMD_RESOURCE_INLINE_WRITE = 9,
    SABLE_VIRGL_CCMD_SET_SAMPLER_VIEWS = 10,
    SABLE_VIRGL_CCMD_SET_INDEX_BUFFER = 11,
    SABLE_VIRGL_CCMD_SET_CONSTANT_BUFFER = 12,
    SABLE_VIRGL_CCMD_SET_STENCIL_REF = 13,
    SABLE_VIRGL_CCMD_SET_BLEND_COLOR = 14,
    SABLE_VIRGL_CCMD_SET_SCISSOR_STATE = 15,
    SABLE_VIRGL_CCMD_BLIT = 16,
    SABLE_VIRGL_CCMD_RESOURCE_COPY_REGION = 17,
    SABLE_VIRGL_CCMD_BIND_SAMPLER_STATES = 18,
    SABLE_VIRGL_CCMD_BEGIN_QUERY = 19,
    SABLE_VIRGL_CCMD_END_QUERY = 20,
    SABLE_VIRGL_CCMD_GET_QUERY_RESULT = 21,
    SABLE_VIRGL_CCMD_SET_POLYGON_STIPPLE = 22,
    SABLE_VIRGL_CCMD_SET_CLIP_STATE = 23,
    SABLE_VIRGL_CCMD_SET_SAMPLE_MASK = 24,
    SABLE_VIRGL_CCMD_SET_STREAMOUT_TARGETS = 25,
    SABLE_VIRGL_CCMD_SET_RENDER_CONDITION = 26,
    SABLE_VIRGL_CCMD_SET_UNIFORM_BUFFER = 27,
    SABLE_VIRGL_CCMD_SET_SUB_CTX = 28,
    SABLE_VIRGL_CCMD_CREATE_SUB_CTX = 29,
    SABLE_VIRGL_CCMD_DESTROY_SUB_CTX = 30,
    SABLE_VIRGL_CCMD_BIND_SHADER = 31,
    SABLE_VIRGL_CCMD_SET_TESS_STATE = 32,
    SABLE_VIRGL_CCMD_SET_MIN_SAMPLES = 33,
    SABLE_VIRGL_CCMD_SET_SHADER_BUFFERS = 34,
    SABLE_VIRGL_CCMD_SET_SHADER_IMAGES = 35,
    SABLE_VIRGL_CCMD_MEMORY_BARRIER = 36,
    SABLE_VIRGL_CCMD_LAUNCH_GRID = 37,
    SABLE_VIRGL_CCMD_SET_FRAMEBUFFER_STATE_NO_ATTACH = 38,
    SABLE_VIRGL_CCMD_TEXTURE_BARRIER = 39,
    SABLE_VIRGL_CCMD_SET_ATOMIC_BUFFERS = 40,
    SABLE_VIRGL_CCMD_SET_DEBUG_FLAGS = 41,
    SABLE_VIRGL_CCMD_GET_QUERY_RESULT_QBO = 42,
    SABLE_VIRGL_CCMD_TRANSFER3D = 43,
    SABLE_VIRGL_CCMD_END_TRANSFERS = 44,
    SABLE_VIRGL_CCMD_COPY_TRANSFER3D = 45,
    SABLE_VIRGL_CCMD_SET_TWEAKS = 46,
    SABLE_VIRGL_CCMD_CLEAR_TEXTURE = 47,
    SABLE_VIRGL_CCMD_PIPE_RESOURCE_CREATE = 48,
    SABLE_VIRGL_CCMD_PIPE_RESOURCE_SET_TYPE = 49,
    SABLE_VIRGL_CCMD_GET_MEMORY_INFO = 50,
    SABLE_VIRGL_CCMD_EMIT_STRING_MARKER = 51,
    SABLE_VIRGL_CCMD_LINK_SHADER = 52,
    SABLE_VIRGL_CCMD_COUNT_0_10 = 53 /* commands known to virglrenderer 0.10 */
};

enum sable_virgl_object {
    SABLE_VIRGL_OBJECT_NULL = 0,
    SABLE_VIRGL_OBJECT_BLEND = 1,
    SABLE_VIRGL_OBJECT_RASTERIZER = 2,
    SABLE_VIRGL_OBJECT_DSA = 3,
    SABLE_VIRGL_OBJECT_SHADER = 4,
    SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS = 5,
    SABLE_VIRGL_OBJECT_SAMPLER_VIEW = 6,
    SABLE_VIRGL_OBJECT_SAMPLER_STATE = 7,
    SABLE_VIRGL_OBJECT_SURFACE = 8,
    SABLE_VIRGL_OBJECT_QUERY = 9,
    SABLE_VIRGL_OBJECT_STREAMOUT_TARGET = 10,
    SABLE_VIRGL_OBJECT_MSAA_SURFACE = 11,
};

/* Resource targets (gallium pipe_texture_target). */
enum sable_virgl_target {
    SABLE_VIRGL_TARGET_BUFFER = 0,
    SABLE_VIRGL_TARGET_TEXTURE_1D = 1,
    SABLE_VIRGL_TARGET_TEXTURE_2D = 2,
    SABLE_VIRGL_TARGET_TEXTURE_3D = 3,
    SABLE_VIRGL_TARGET_TEXTURE_CUBE = 4,
    SABLE_VIRGL_TARGET_TEXTURE_RECT = 5,
    SABLE_VIRGL_TARGET_TEXTURE_1D_ARRAY = 6,
    SABLE_VIRGL_TARGET_TEXTURE_2D_ARRAY = 7,
    SABLE_VIRGL_TARGET_TEXTURE_CUBE_ARRAY = 8,
};

/* Resource bind flags. */
#define SABLE_VIRGL_BIND_DEPTH_STENCIL (1u << 0)
#define SABLE_VIRGL_BIND_RENDER_TARGET (1u << 1)
#define SABLE_VIRGL_BIND_SAMPLER_VIEW (1u << 3)
#define SABLE_VIRGL_BIND_VERTEX_BUFFER (1u << 4)
#define SABLE_VIRGL_BIND_INDEX_BUFFER (1u << 5)
#define SABLE_VIRGL_BIND_CONSTANT_BUFFER (1u << 6)
#define SABLE_VIRGL_BIND_STREAM_OUTPUT (1u << 11)
#define SABLE_VIRGL_BIND_COMMAND_ARGS (1u << 8)
#define SABLE_VIRGL_BIND_SHADER_BUFFER (1u << 14)
#define SABLE_VIRGL_BIND_CUSTOM (1u << 17) /* a buffer in host memory */

/* Formats (virgl_formats; components from the least significant bit). */
enum sable_virgl_format {
    SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM = 1,
    SABLE_VIRGL_FORMAT_B8G8R8X8_UNORM = 2,
    SABLE_VIRGL_FORMAT_R10G10B10A2_UNORM = 8,
    SABLE_VIRGL_FORMAT_A8_UNORM = 10,
    SABLE_VIRGL_FORMAT_B8G8R8A8_SRGB = 100,
    SABLE_VIRGL_FORMAT_B8G8R8X8_SRGB = 101,
    SABLE_VIRGL_FORMAT_R8G8B8A8_SRGB = 104,
    SABLE_VIRGL_FORMAT_DXT1_RGBA = 106,
    SABLE_VIRGL_FORMAT_DXT3_RGBA = 107,
    SABLE_VIRGL_FORMAT_DXT5_RGBA = 108,
    SABLE_VIRGL_FORMAT_DXT1_SRGBA = 110,
    SABLE_VIRGL_FORMAT_DXT3_SRGBA = 111,
    SABLE_VIRGL_FORMAT_DXT5_SRGBA = 112,
    SABLE_VIRGL_FORMAT_RGTC1_UNORM = 113,
    SABLE_VIRGL_FORMAT_RGTC1_SNORM = 114,
    SABLE_VIRGL_FORMAT_RGTC2_UNORM = 115,
    SABLE_VIRGL_FORMAT_RGTC2_SNORM = 116,
    SABLE_VIRGL_FORMAT_R11G11B10_FLOAT = 124,
    SABLE_VIRGL_FORMAT_R9G9B9E5_FLOAT = 125,
    SABLE_VIRGL_FORMAT_R10G10B10A2_UINT = 253,
    SABLE_VIRGL_FORMAT_BPTC_RGBA_UNORM = 255,
    SABLE_VIRGL_FORMAT_BPTC_SRGBA = 256,
    SABLE_VIRGL_FORMAT_BPTC_RGB_FLOAT = 257,  /* signed: BC6H_SF16 */
    SABLE_VIRGL_FORMAT_BPTC_RGB_UFLOAT = 258, /* BC6H_UF16 */
    SABLE_VIRGL_FORMAT_Z32_FLOAT = 18,
    SABLE_VIRGL_FORMAT_Z24_UNORM_S8_UINT = 19, /* not in virglrenderer's table */
    SABLE_VIRGL_FORMAT_S8_UINT_Z24_UNORM = 20, /* GL_DEPTH24_STENCIL8 */
    SABLE_VIRGL_FORMAT_Z32_FLOAT_S8X24_UINT = 126,
    SABLE_VIRGL_FORMAT_S8X24_UINT = 137,    /* the stencil of S8_UINT_Z24_UNORM */
    SABLE_VIRGL_FORMAT_X32_S8X24_UINT = 138, /* the stencil of Z32_FLOAT_S8X24_UINT */
    SABLE_VIRGL_FORMAT_R32_FLOAT = 28,
    SABLE_VIRGL_FORMAT_R32G32_FLOAT = 29,
    SABLE_VIRGL_FORMAT_R32G32B32_FLOAT = 30,
    SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT = 31,
    SABLE_VIRGL_FORMAT_R8G8B8A8_UNORM = 67,
    SABLE_VIRGL_FORMAT_R8_UNORM = 64,
    SABLE_VIRGL_FORMAT_R8G8B8X8_UNORM = 134, /* GL_RGBA8, alpha read as 1 */
    SABLE_VIRGL_FORMAT_L32_FLOAT = 160,      /* GL_R32F, read as (r, r, r, 1) */
    SABLE_VIRGL_FORMAT_Z16_UNORM = 16,
    SABLE_VIRGL_FORMAT_R16_UNORM = 48,
    SABLE_VIRGL_FORMAT_R16G16_UNORM = 49,
    SABLE_VIRGL_FORMAT_R16G16B16A16_UNORM = 51,
    SABLE_VIRGL_FORMAT_R16_SNORM = 56,
    SABLE_VIRGL_FORMAT_R16G16_SNORM = 57,
    SABLE_VIRGL_FORMAT_R16G16B16A16_SNORM = 59,
    SABLE_VIRGL_FORMAT_R8G8_UNORM = 65,
    SABLE_VIRGL_FORMAT_R8_SNORM = 74,
    SABLE_VIRGL_FORMAT_R8G8_SNORM = 75,
    SABLE_VIRGL_FORMAT_R8G8B8A8_SNORM = 77,
    SABLE_VIRGL_FORMAT_R16_FLOAT = 91,
    SABLE_VIRGL_FORMAT_R16G16_FLOAT = 92,
    SABLE_VIRGL_FORMAT_R16G16B16A16_FLOAT = 94,
    SABLE_VIRGL_FORMAT_R8_UINT = 177,
    SABLE_VIRGL_FORMAT_R8G8_UINT = 178,
    SABLE_VIRGL_FORMAT_R8G8B8A8_UINT = 180,
    SABLE_VIRGL_FORMAT_R8_SINT = 181,
    SABLE_VIRGL_FORMAT_R8G8_SINT = 182,
    SABLE_VIRGL_FORMAT_R8G8B8A8_SINT = 184,
    SABLE_VIRGL_FORMAT_R16_UINT = 185,
    SABLE_VIRGL_FORMAT_R16G16_UINT = 186,
    SABLE_VIRGL_FORMAT_R16G16B16A16_UINT = 188,
    SABLE_VIRGL_FORMAT_R16_SINT = 189,
    SABLE_VIRGL_FORMAT_R16G16_SINT = 190,
    SABLE_VIRGL_FORMAT_R16G16B16A16_SINT = 192,
    SABLE_VIRGL_FORMAT_R32_UINT = 193,
    SABLE_VIRGL_FORMAT_R32G32_UINT = 194,
    SABLE_VIRGL_FORMAT_R32G32B32_UINT = 195,
    SABLE_VIRGL_FORMAT_R32G32B32A32_UINT = 196,
    SABLE_VIRGL_FORMAT_R32_SINT = 197,
    SABLE_VIRGL_FORMAT_R32G32_SINT = 198,
    SABLE_VIRGL_FORMAT_R32G32B32_SINT = 199,
    SABLE_VIRGL_FORMAT_R32G32B32A32_SINT = 200,
};

/* Shader stages (BIND_SHADER, SET_SAMPLER_VIEWS, ...). */
enum sable_virgl_shader {
    SABLE_VIRGL_SHADER_VERTEX = 0,
    SABLE_VIRGL_SHADER_FRAGMENT = 1,
    SABLE_VIRGL_SHADER_GEOMETRY = 2,
    SABLE_VIRGL_SHADER_TESS_CTRL = 3,
    SABLE_VIRGL_SHADER_TESS_EVAL = 4,
    SABLE_VIRGL_SHADER_COMPUTE = 5,
    SABLE_VIRGL_SHADER_TYPES = 6,
};

/* CLEAR buffers mask. */
#define SABLE_VIRGL_CLEAR_DEPTH (1u << 0)
#define SABLE_VIRGL_CLEAR_STENCIL (1u << 1)
#define SABLE_VIRGL_CLEAR_COLOR0 (1u << 2)

/* DRAW_VBO modes (gallium pipe_prim_type). */
enum sable_virgl_prim {
    SABLE_VIRGL_PRIM_POINTS = 0,
    SABLE_VIRGL_PRIM_LINES = 1,
    SABLE_VIRGL_PRIM_LINE_LOOP = 2,
    SABLE_VIRGL_PRIM_LINE_STRIP = 3,
    SABLE_VIRGL_PRIM_TRIANGLES = 4,
    SABLE_VIRGL_PRIM_TRIANGLE_STRIP = 5,
    SABLE_VIRGL_PRIM_TRIANGLE_FAN = 6,
    SABLE_VIRGL_PRIM_LINES_ADJACENCY = 10,
    SABLE_VIRGL_PRIM_LINE_STRIP_ADJACENCY = 11,
    SABLE_VIRGL_PRIM_TRIANGLES_ADJACENCY = 12,
    SABLE_VIRGL_PRIM_TRIANGLE_STRIP_ADJACENCY = 13,
    SABLE_VIRGL_PRIM_PATCHES = 14,
};

/* Comparison functions (DSA depth func). */
enum sable_virgl_func {
    SABLE_VIRGL_FUNC_NEVER = 0,
    SABLE_VIRGL_FUNC_LESS = 1,
    SABLE_VIRGL_FUNC_EQUAL = 2,
    SABLE_VIRGL_FUNC_LEQUAL = 3,
    SABLE_VIRGL_FUNC_GREATER = 4,
    SABLE_VIRGL_FUNC_NOTEQUAL = 5,
    SABLE_VIRGL_FUNC_GEQUAL = 6,
    SABLE_VIRGL_FUNC_ALWAYS = 7,
};

/* Blend factors and functions (gallium PIPE_BLENDFACTOR_*, PIPE_BLEND_*). */
enum sable_virgl_blendfactor {
    SABLE_VIRGL_BLENDFACTOR_ONE = 0x01,
    SABLE_VIRGL_BLENDFACTOR_SRC_COLOR = 0x02,
    SABLE_VIRGL_BLENDFACTOR_SRC_ALPHA = 0x03,
    SABLE_VIRGL_BLENDFACTOR_DST_ALPHA = 0x04,
    SABLE_VIRGL_BLENDFACTOR_DST_COLOR = 0x05,
    SABLE_VIRGL_BLENDFACTOR_SRC_ALPHA_SATURATE = 0x06,
    SABLE_VIRGL_BLENDFACTOR_CONST_COLOR = 0x07,
    SABLE_VIRGL_BLENDFACTOR_CONST_ALPHA = 0x08,
    SABLE_VIRGL_BLENDFACTOR_SRC1_COLOR = 0x09,
    SABLE_VIRGL_BLENDFACTOR_SRC1_ALPHA = 0x0a,
    SABLE_VIRGL_BLENDFACTOR_ZERO = 0x11,
    SABLE_VIRGL_BLENDFACTOR_INV_SRC_COLOR = 0x12,
    SABLE_VIRGL_BLENDFACTOR_INV_SRC_ALPHA = 0x13,
    SABLE_VIRGL_BLENDFACTOR_INV_DST_ALPHA = 0x14,
    SABLE_VIRGL_BLENDFACTOR_INV_DST_COLOR = 0x15,
    SABLE_VIRGL_BLENDFACTOR_INV_CONST_COLOR = 0x17,
    SABLE_VIRGL_BLENDFACTOR_INV_CONST_ALPHA = 0x18,
    SABLE_VIRGL_BLENDFACTOR_INV_SRC1_COLOR = 0x19,
    SABLE_VIRGL_BLENDFACTOR_INV_SRC1_ALPHA = 0x1a,
};

enum sable_virgl_blend_func {
    SABLE_VIRGL_BLEND_ADD = 0,
    SABLE_VIRGL_BLEND_SUBTRACT = 1,
    SABLE_VIRGL_BLEND_REVERSE_SUBTRACT = 2,
    SABLE_VIRGL_BLEND_MIN = 3,
    SABLE_VIRGL_BLEND_MAX = 4,
};

/* Stencil operations (gallium PIPE_STENCIL_OP_*). */
enum sable_virgl_stencil_op {
    SABLE_VIRGL_STENCIL_OP_KEEP = 0,
    SABLE_VIRGL_STENCIL_OP_ZERO = 1,
    SABLE_VIRGL_STENCIL_OP_REPLACE = 2,
    SABLE_VIRGL_STENCIL_OP_INCR = 3,       /* saturating */
    SABLE_VIRGL_STENCIL_OP_DECR = 4,       /* saturating */
    SABLE_VIRGL_STENCIL_OP_INCR_WRAP = 5,
    SABLE_VIRGL_STENCIL_OP_DECR_WRAP = 6,
    SABLE_VIRGL_STENCIL_OP_INVERT = 7,
};

/* Rasterizer faces and polygon modes (gallium PIPE_FACE_*, PIPE_POLYGON_MODE_*). */
#define SABLE_VIRGL_FACE_NONE 0u
#define SABLE_VIRGL_FACE_FRONT 1u
#define SABLE_VIRGL_FACE_BACK 2u
#define SABLE_VIRGL_POLYGON_FILL 0u
#define SABLE_VIRGL_POLYGON_LINE 1u

/* Sampler wrap modes and filters (gallium PIPE_TEX_WRAP_*, PIPE_TEX_FILTER_*,
 * PIPE_TEX_MIPFILTER_*, PIPE_TEX_COMPARE_*). */
enum sable_virgl_tex_wrap {
    SABLE_VIRGL_TEX_WRAP_REPEAT = 0,
    SABLE_VIRGL_TEX_WRAP_CLAMP = 1,
    SABLE_VIRGL_TEX_WRAP_CLAMP_TO_EDGE = 2,
    SABLE_VIRGL_TEX_WRAP_CLAMP_TO_BORDER = 3,
    SABLE_VIRGL_TEX_WRAP_MIRROR_REPEAT = 4,
    SABLE_VIRGL_TEX_WRAP_MIRROR_CLAMP = 5,
    SABLE_VIRGL_TEX_WRAP_MIRROR_CLAMP_TO_EDGE = 6,
    SABLE_VIRGL_TEX_WRAP_MIRROR_CLAMP_TO_BORDER = 7,
};
#define SABLE_VIRGL_TEX_FILTER_NEAREST 0u
#define SABLE_VIRGL_TEX_FILTER_LINEAR 1u
#define SABLE_VIRGL_TEX_MIPFILTER_NEAREST 0u
#define SABLE_VIRGL_TEX_MIPFILTER_LINEAR 1u
#define SABLE_VIRGL_TEX_MIPFILTER_NONE 2u
#define SABLE_VIRGL_TEX_COMPARE_NONE 0u
#define SABLE_VIRGL_TEX_COMPARE_R_TO_TEXTURE 1u

/* Bit fields of the state objects' dwords (virgl_protocol.h layouts). */
/* BLEND S0 and per-render-target S2 */
#define SABLE_VIRGL_BLEND_S0_INDEPENDENT (1u << 0)
#define SABLE_VIRGL_BLEND_S0_ALPHA_TO_COVERAGE (1u << 3)
#define SABLE_VIRGL_BLEND_RT(en, rgb_func, rgb_src, rgb_dst, a_func, a_src, a_dst, mask) \
    ((uint32_t)((en) & 1u) | (((uint32_t)(rgb_func) & 7u) << 1) | \
     (((uint32_t)(rgb_src) & 0x1fu) << 4) | (((uint32_t)(rgb_dst) & 0x1fu) << 9) | \
     (((uint32_t)(a_func) & 7u) << 14) | (((uint32_t)(a_src) & 0x1fu) << 17) | \
     (((uint32_t)(a_dst) & 0x1fu) << 22) | (((uint32_t)(mask) & 0xfu) << 27))
/* DSA S0 (depth) and S1/S2 (front/back stencil) */
#define SABLE_VIRGL_DSA_DEPTH(en, write, func) \
    ((uint32_t)((en) & 1u) | (((uint32_t)(write) & 1u) << 1) | (((uint32_t)(func) & 7u) << 2))
#define SABLE_VIRGL_DSA_STENCIL(en, func, fail, zpass, zfail, vmask, wmask) \
    ((uint32_t)((en) & 1u) | (((uint32_t)(func) & 7u) << 1) | (((uint32_t)(fail) & 7u) << 4) | \
     (((uint32_t)(zpass) & 7u) << 7) | (((uint32_t)(zfail) & 7u) << 10) | \
     (((uint32_t)(vmask) & 0xffu) << 13) | (((uint32_t)(wmask) & 0xffu) << 21))
/* RASTERIZER S0 */
#define SABLE_VIRGL_RS_DEPTH_CLIP (1u << 1)
#define SABLE_VIRGL_RS_CLIP_HALFZ (1u << 2) /* clip z to [0, w] (D3D), not [-w, w] */
#define SABLE_VIRGL_RS_RASTERIZER_DISCARD (1u << 3)
#define SABLE_VIRGL_RS_CULL_FACE(x) (((uint32_t)(x) & 3u) << 8)
#define SABLE_VIRGL_RS_FILL_FRONT(x) (((uint32_t)(x) & 3u) << 10)
#define SABLE_VIRGL_RS_FILL_BACK(x) (((uint32_t)(x) & 3u) << 12)
#define SABLE_VIRGL_RS_SCISSOR (1u << 14)
#define SABLE_VIRGL_RS_FRONT_CCW (1u << 15)
#define SABLE_VIRGL_RS_OFFSET_LINE (1u << 18)
#define SABLE_VIRGL_RS_OFFSET_POINT (1u << 19)
#define SABLE_VIRGL_RS_OFFSET_TRI (1u << 20)
#define SABLE_VIRGL_RS_MULTISAMPLE (1u << 25)
#define SABLE_VIRGL_RS_LINE_SMOOTH (1u << 26)
#define SABLE_VIRGL_RS_LINE_LAST_PIXEL (1u << 28)
#define SABLE_VIRGL_RS_HALF_PIXEL_CENTER (1u << 29)
#define SABLE_VIRGL_RS_BOTTOM_EDGE_RULE (1u << 30)
/* SAMPLER_STATE S0 */
#define SABLE_VIRGL_SAMPLER_S0(ws, wt, wr, min, mip, mag, cmp_mode, cmp_func, aniso) \
    ((((uint32_t)(ws) & 7u) << 0) | (((uint32_t)(wt) & 7u) << 3) | (((uint32_t)(wr) & 7u) << 6) | \
     (((uint32_t)(min) & 3u) << 9) | (((uint32_t)(mip) & 3u) << 11) | \
     (((uint32_t)(mag) & 3u) << 13) | (((uint32_t)(cmp_mode) & 1u) << 15) | \
     (((uint32_t)(cmp_func) & 7u) << 16) | (((uint32_t)(aniso) & 0x3fu) << 20))
/* SAMPLER_VIEW swizzle: r, g, b, a sources (0..3 the channels, 4 zero, 5 one) */
#define SABLE_VIRGL_SWIZZLE(r, g, b, a) \
    (((uint32_t)(r) & 7u) | (((uint32_t)(g) & 7u) << 3) | (((uint32_t)(b) & 7u) << 6) | \
     (((uint32_t)(a) & 7u) << 9))
#define SABLE_VIRGL_SWIZZLE_IDENTITY SABLE_VIRGL_SWIZZLE(0, 1, 2, 3)
/* SHADER: offlen bit 31 marks a continuation of a long text (the rest of
 * offlen its byte offset); the first part's offlen is the whole length */
#define SABLE_VIRGL_SHADER_CONTINUATION (1u << 31)
#define SABLE_VIRGL_SHADER_MAX_TEXT (SABLE_VIRGL_SHADER_CONTINUATION - 1u)

/* Dword counts (after the header) of fixed-size commands. */
#define SABLE_VIRGL_SURFACE_LEN 5u
#define SABLE_VIRGL_CLEAR_LEN 8u
#define SABLE_VIRGL_DRAW_VBO_LEN 12u
#define SABLE_VIRGL_DRAW_VBO_TESS_LEN 14u /* + vertices_per_patch, drawid */
/* + indirect buffer, offset, stride, draw count, count offset, count
 * buffer (after the TESS_LEN form) */
#define SABLE_VIRGL_DRAW_VBO_INDIRECT_LEN 20u
#define SABLE_VIRGL_BLEND_LEN 11u  /* 3 + 8 render targets */
#define SABLE_VIRGL_DSA_LEN 5u
#define SABLE_VIRGL_RASTERIZER_LEN 9u
#define SABLE_VIRGL_SAMPLER_VIEW_LEN 6u
#define SABLE_VIRGL_SAMPLER_STATE_LEN 9u
#define SABLE_VIRGL_BIND_SHADER_LEN 2u
#define SABLE_VIRGL_QUERY_LEN 4u
#define SABLE_VIRGL_SO_TARGET_LEN 4u
#define SABLE_VIRGL_SET_INDEX_BUFFER_LEN 3u
#define SABLE_VIRGL_SET_UNIFORM_BUFFER_LEN 5u
#define SABLE_VIRGL_BLEND_COLOR_LEN 4u
#define SABLE_VIRGL_STENCIL_REF_LEN 1u
#define SABLE_VIRGL_RESOURCE_COPY_REGION_LEN 13u
#define SABLE_VIRGL_BLIT_LEN 21u
#define SABLE_VIRGL_SHADER_HDR_LEN 5u   /* handle, type, offlen, tokens, SO outputs */
/* Compute (SET_SHADER_BUFFERS: shader, start, then offset, length, res per
 * slot; SET_SHADER_IMAGES: shader, start, then format, access,
 * first_layer | last_layer << 16 (buffers: byte offset), level (buffers:
 * byte size), res per slot; LAUNCH_GRID: block xyz, grid xyz, indirect
 * res, indirect offset; MEMORY_BARRIER: PIPE_BARRIER_* flags;
 * CLEAR_TEXTURE: res, level, x, y, z, w, h, d, 4 dwords of data in the
 * texture's format). */
#define SABLE_VIRGL_SHADER_BUFFER_ELEM 3u
#define SABLE_VIRGL_SHADER_IMAGE_ELEM 5u
#define SABLE_VIRGL_LAUNCH_GRID_LEN 8u
#define SABLE_VIRGL_MEMORY_BARRIER_LEN 1u
#define SABLE_VIRGL_CLEAR_TEXTURE_LEN 12u
#define SABLE_VIRGL_IMAGE_ACCESS_READ_WRITE 3u
#define SABLE_VIRGL_BARRIER_ALL 0x3fffu
/* With n stream outputs the shader header goes on with 4 strides (dwords)
 * and 2 dwords per output: SABLE_VIRGL_SO_OUTPUT, then its stream. */
#define SABLE_VIRGL_SHADER_SO_LEN(n) ((n) ? 4u + 2u * (n) : 0u)
#define SABLE_VIRGL_SO_OUTPUT(reg, start, count, buffer, dst_offset) \
    (((uint32_t)(reg) & 0xffu) | (((uint32_t)(start) & 3u) << 8) | \
     (((uint32_t)(count) & 7u) << 10) | (((uint32_t)(buffer) & 7u) << 13) | \
     (((uint32_t)(dst_offset) & 0xffffu) << 16))
#define SABLE_VIRGL_MAX_SO_OUTPUTS 64u
/* Query types (CREATE_OBJECT QUERY), the protocol's numbering. */
#define SABLE_VIRGL_QUERY_OCCLUSION_COUNTER 0u
#define SABLE_VIRGL_QUERY_OCCLUSION_PREDICATE 1u
#define SABLE_VIRGL_QUERY_TIMESTAMP 2u
#define SABLE_VIRGL_QUERY_PRIMITIVES_GENERATED 5u
#define SABLE_VIRGL_QUERY_PRIMITIVES_EMITTED 6u
#define SABLE_VIRGL_QUERY_SO_OVERFLOW_PREDICATE 8u
/* GET_QUERY_RESULT: handle, wait. The host then writes, at the query's
 * offset in its buffer (a CUSTOM one: host memory), the query state
 * (SABLE_VIRGL_QUERY_STATE_DONE once known), the result size, then the
 * 64-bit result. */
#define SABLE_VIRGL_QUERY_RESULT_LEN 2u
#define SABLE_VIRGL_QUERY_STATE_DONE 1u
#define SABLE_VIRGL_QUERY_STATE_BYTES 16u
/* SET_RENDER_CONDITION: query handle (0: off), condition, mode */
#define SABLE_VIRGL_RENDER_CONDITION_LEN 3u
#define SABLE_VIRGL_RENDER_COND_WAIT 0u
#define SABLE_VIRGL_MAX_CMD_LEN 0xffffu /* the header's 16-bit length */

#endif
