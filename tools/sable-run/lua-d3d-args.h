/* SPDX-License-Identifier: MIT */
/*
 * Arguments of the `d3d` module's calls, read from a script's tables the
 * same way by both backends (winsim's runtime over our UMD, and the real
 * d3d11.dll in the Windows build). Values are D3D11's: usage 0..3 as
 * D3D11_USAGE_*, bind bits as D3D11_BIND_*; cpu bits are LD_CPU_*. Bad
 * values raise Lua errors naming the field.
 */
#ifndef SABLE_RUN_LUA_D3D_ARGS_H
#define SABLE_RUN_LUA_D3D_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lua.h>

#ifdef _WIN32
#include <dxgiformat.h>
#else
#include "d3d10_umddi_types.h"
#endif
/* The UMD's bytes per element of a format (guest-umd, portable). */
uint32_t umd_format_bpp(DXGI_FORMAT f);

enum {
    LD_BIND_VERTEX_BUFFER = 0x1, LD_BIND_RENDER_TARGET = 0x20, LD_BIND_DEPTH_STENCIL = 0x40,
    LD_BIND_UNORDERED_ACCESS = 0x80,
    LD_CPU_READ = 0x1, LD_CPU_WRITE = 0x2,
};

/* Integer field of the table at idx, def if absent (or idx not a table). */
lua_Integer ld_opt_field(lua_State *L, int idx, const char *key, lua_Integer def);
/* The same, 0..limit. */
uint32_t ld_uint_field(lua_State *L, int idx, const char *key, lua_Integer def,
                       lua_Integer limit);
/* Fields `usage` (a name), `bind` and `cpu` (a name or a list of names). */
uint32_t ld_usage_field(lua_State *L, int idx);
uint32_t ld_bind_field(lua_State *L, int idx);
uint32_t ld_cpu_field(lua_State *L, int idx);
typedef enum LdTexDim { LD_TEX1D, LD_TEX2D, LD_TEX3D } LdTexDim;
typedef struct LdTexDesc {
    LdTexDim dim;
    uint32_t w, h, depth, mips, array;  /* cubes: array = 6 * cubes */
    DXGI_FORMAT f;
    uint32_t bpp;
} LdTexDesc;
/* A subresource's initial data, laid out as D3D11_SUBRESOURCE_DATA and
 * D3D10DDIARG_SUBRESOURCE_UP (the backends assert it). */
typedef struct LdSubData {
    const void *p;
    uint32_t row_pitch, slice_pitch;
} LdSubData;
/* D3D11_BOX's members in its order. */
typedef struct LdBox {
    uint32_t left, top, front, right, bottom, back;
} LdBox;

/* A texture's description from the table at idx (width, height or for a
 * cube width and cubes, depth, mips, array, format). */
void ld_texture_desc(lua_State *L, int idx, LdTexDim dim, bool cube, LdTexDesc *t);
/* Its initial data, field data: one string holding every subresource
 * (tight rows, subresource order: mip within array slice) or a list of
 * strings, one per subresource. Fills up[mips * array] (pointers into Lua
 * strings the table at idx keeps). False: no data. */
bool ld_texture_data(lua_State *L, int idx, const LdTexDesc *t, LdSubData *up);
/* The `samples` field of a texture2d description (default 1): above 1
 * a multisampled texture, which takes one mip, one slice, no data
 * (a Lua error otherwise). */
uint32_t ld_texture_samples(lua_State *L, int idx, const LdTexDesc *t, bool has_data);
/* Field box = {left, top, right, bottom [, front, back]} of the table at
 * idx (front 0, back 1 by default); false if absent. */
bool ld_box_field(lua_State *L, int idx, LdBox *box);
/* A format by name (DXGI's without the prefix); d3d.formats(). */
DXGI_FORMAT ld_check_format(lua_State *L, const char *name);
int ld_formats(lua_State *L);
/* n texels of format f as RGBA8 (o: n * 4 bytes); false for formats
 * images do not cover. */
bool ld_to_rgba(DXGI_FORMAT f, const uint8_t *in, size_t n, uint8_t *o);

/* One vertex input of dev:input_layout (element order = input register). */
typedef struct LdElement {
    uint32_t slot, offset, step; /* step: instances per datum, 0 per vertex */
    DXGI_FORMAT f;
} LdElement;
/* The list of elements {slot=, offset=, format=, instance=false|n} at idx
 * (at most max); returns how many. */
uint32_t ld_layout_elements(lua_State *L, int idx, LdElement *el, uint32_t max);
/* "vs", "ps", "gs", "hs", "ds", "cs" at idx: 0..5 in that order. */
unsigned ld_check_any_stage(lua_State *L, int idx);
/* A buffer's `raw = true`, `structure = stride`, `indirect = true`
 * fields at idx as LD_MISC_* flags; *stride the structure's bytes. */
enum { LD_MISC_RAW = 1, LD_MISC_STRUCTURED = 2, LD_MISC_INDIRECT = 4 };
uint32_t ld_buffer_misc(lua_State *L, int idx, uint32_t *stride);
/* A sampler's description from the table at idx: filter "point" |
 * "linear" (all of min, mag, mip), address "clamp" | "wrap" | "mirror"
 * (u, v, w), as D3D11_FILTER and D3D11_TEXTURE_ADDRESS_MODE values. */
typedef struct LdSampler {
    uint32_t filter, address;
} LdSampler;
void ld_sampler_desc(lua_State *L, int idx, LdSampler *s);
/* Draw* arguments: a count at idx (required or 0 if absent), 0..2^32-1;
 * a base vertex (0 if absent), 32-bit signed. */
uint32_t ld_count_arg(lua_State *L, int idx, bool required);
int32_t ld_base_arg(lua_State *L, int idx);
/* set_viewport's table at idx: {x, y, width, height, min_depth,
 * max_depth} (D3D11_VIEWPORT's order; x, y 0 and depths 0..1 by default). */
void ld_viewport(lua_State *L, int idx, float vp[6]);

/* D3D11_QUERY by name ("event", "occlusion", ...; the DDI's numbers). */
uint32_t ld_check_query(lua_State *L, int idx);
/* shader_so's stream-output declaration at idx: a list of {register =,
 * mask = "xyzw", slot = 0, stream = 0} (the GS output register each
 * entry writes to buffer `slot`); returns how many (a Lua error past max
 * or on a bad field). mask: bits x=1, y=2, z=4, w=8, contiguous. */
typedef struct LdSoEntry {
    uint32_t stream, reg, mask, slot;
} LdSoEntry;
uint32_t ld_so_decl(lua_State *L, int idx, LdSoEntry *e, uint32_t max);
/* Its options at idx (a table or nil): strides = {bytes, ...} (one per
 * buffer, default {16}), rasterized = stream or "none"; returns how many
 * strides. */
enum { LD_SO_NO_RASTERIZED = 0xFFFFFFFFu };
uint32_t ld_so_options(lua_State *L, int idx, uint32_t strides[4], uint32_t *rasterized);
/* The bytes GetData returns for a query type (ld_check_query's order,
 * D3D's: event, occlusion, timestamp, timestamp_disjoint, pipeline_stats,
 * occlusion_predicate, so_stats, so_overflow_predicate), and the value
 * pushed for them: a boolean (event, predicates), an integer (occlusion,
 * timestamp), {frequency =, disjoint =}, {written =, needed =}, or the
 * pipeline statistics' fields. */
uint32_t ld_query_data_size(uint32_t type);
void ld_push_query_data(lua_State *L, uint32_t type, const void *data);
/* D3D11_MAP by name ("read", ..., "write_no_overwrite"), field `type` of
 * the table at idx ("read" if absent); *do_not_wait: field do_not_wait. */
uint32_t ld_map_type(lua_State *L, int idx, bool *do_not_wait);
/* D3D11_PRIMITIVE_TOPOLOGY by name ("triangle_list", ...). */
uint32_t ld_check_topology(lua_State *L, int idx);

/* Keeps the value at idx (nil: lets it go) referenced from the device
 * userdata at dev_idx (created with one user value) under `key` (a slot:
 * "vs", "vb3", "srv.1.0", ...), so that what is bound is not collected
 * while bound, as D3D's context holds a reference on what it binds. */
void ld_keep(lua_State *L, int dev_idx, const char *key, int idx);

/* Pipeline states from a script's table (docs/scripts.md), as D3D11's
 * values (D3D11_BLEND, _BLEND_OP, _COMPARISON_FUNC, _STENCIL_OP, _FILL_MODE,
 * _CULL_MODE: the same numbers as the DDI's). One blend description
 * for every render target. */
typedef struct LdBlend {
    bool enable;
    uint32_t src, dest, op, src_alpha, dest_alpha, op_alpha;
    uint8_t write_mask;         /* D3D11_COLOR_WRITE_ENABLE_* bits */
} LdBlend;
void ld_blend_desc(lua_State *L, int idx, LdBlend *b);
typedef struct LdStencilFace {
    uint32_t fail, depth_fail, pass, func;
} LdStencilFace;
typedef struct LdDepthStencil {
    bool depth, depth_write, stencil;
    uint32_t depth_func;
    uint8_t read_mask, write_mask;
    LdStencilFace front, back;
} LdDepthStencil;
void ld_depth_stencil_desc(lua_State *L, int idx, LdDepthStencil *d);
typedef struct LdRaster {
    uint32_t fill, cull;
    bool front_ccw, depth_clip, scissor;
    int32_t depth_bias;
    float depth_bias_clamp, slope_scaled_depth_bias;
} LdRaster;
void ld_raster_desc(lua_State *L, int idx, LdRaster *r);
/* {left, top, right, bottom} at idx (a D3D11_RECT's order). */
void ld_rect(lua_State *L, int idx, int32_t rect[4]);
/* {r, g, b, a} floats at idx (missing components 0; nil: all 1, the
 * blend factor's default). */
void ld_float4(lua_State *L, int idx, float out[4]);

#endif
