/* SPDX-License-Identifier: MIT */
/* Arguments of the `d3d` module's calls (lua-d3d-args.h); portable, shared
 * by the winsim backend (lua-d3d*.c) and the Windows one (win/). */
#include <stdio.h>
#include <string.h>
#include <lauxlib.h>

#include "lua-d3d-args.h"
#include "script.h"

lua_Integer ld_opt_field(lua_State *L, int idx, const char *key, lua_Integer def)
{
    if (!lua_istable(L, idx)) {
        return def;
    }
    lua_getfield(L, idx, key);
    int isnum;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    if (!isnum && !lua_isnil(L, -1)) {
        sr_error(L, "field '%s': an integer expected", key);
    }
    lua_pop(L, 1);
    return isnum ? v : def;
}

uint32_t ld_uint_field(lua_State *L, int idx, const char *key, lua_Integer def,
                       lua_Integer limit)
{
    lua_Integer v = ld_opt_field(L, idx, key, def);
    if (v < 0 || v > limit) {
        sr_error(L, "field '%s' = %lld: 0..%lld expected", key, (long long)v, (long long)limit);
    }
    return (uint32_t)v;
}

uint32_t ld_usage_field(lua_State *L, int idx)
{
    static const char *const names[] = { "default", "immutable", "dynamic", "staging", NULL };
    lua_getfield(L, idx, "usage");
    int u = lua_isnil(L, -1) ? 0 : luaL_checkoption(L, -1, NULL, names);
    lua_pop(L, 1);
    return (uint32_t)u;
}

/* A list of flag names (or one name) in field `key`: the OR of bit i for
 * names[i]. */
static uint32_t flags_field(lua_State *L, int idx, const char *key, const char *const names[])
{
    lua_getfield(L, idx, key);
    int t = lua_gettop(L);
    uint32_t v = 0;
    if (lua_isstring(L, t)) {
        lua_createtable(L, 1, 0);
        lua_pushvalue(L, t);
        lua_rawseti(L, -2, 1);
        lua_replace(L, t);
    }
    if (!lua_isnil(L, t)) {
        luaL_checktype(L, t, LUA_TTABLE);
        for (lua_Integer i = 1; lua_geti(L, t, i) != LUA_TNIL; i++) {
            v |= 1u << luaL_checkoption(L, -1, NULL, names);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return v;
}

uint32_t ld_bind_field(lua_State *L, int idx)
{
    static const char *const names[] = { "vertex_buffer", "index_buffer", "constant_buffer",
                                         "shader_resource", "stream_output", "render_target",
                                         "depth_stencil", "unordered_access", NULL };
    return flags_field(L, idx, "bind", names);
}

uint32_t ld_cpu_field(lua_State *L, int idx)
{
    static const char *const names[] = { "read", "write", NULL };
    return flags_field(L, idx, "cpu", names);
}

void ld_texture_desc(lua_State *L, int idx, LdTexDim dim, bool cube, LdTexDesc *t)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    *t = (LdTexDesc){ .dim = dim };
    t->w = ld_uint_field(L, idx, "width", 0, 16384);
    t->h = dim == LD_TEX1D ? 1 : ld_uint_field(L, idx, cube ? "width" : "height", 0, 16384);
    t->depth = dim == LD_TEX3D ? ld_uint_field(L, idx, "depth", 0, 2048) : 1;
    t->mips = ld_uint_field(L, idx, "mips", 1, 15);
    t->array = cube ? 6 * ld_uint_field(L, idx, "cubes", 1, 341)
                    : ld_uint_field(L, idx, "array", 1, dim == LD_TEX3D ? 1 : 2048);
    lua_getfield(L, idx, "format");
    t->f = ld_check_format(L, luaL_checkstring(L, -1));
    lua_pop(L, 1);
    t->bpp = umd_format_bpp(t->f);
    luaL_argcheck(L, t->w && t->h && t->depth && t->mips && t->array, idx,
                  "width, height, depth, mips and array must be at least 1");
}

bool ld_texture_data(lua_State *L, int idx, const LdTexDesc *t, LdSubData *up)
{
    lua_getfield(L, idx, "data");
    int di = lua_gettop(L);
    bool list = lua_istable(L, di), any = !lua_isnil(L, di);
    size_t off = 0, len = 0;
    const char *all = list || !any ? NULL : luaL_checklstring(L, di, &len);
    for (UINT s = 0; any && s < t->mips * t->array; s++) {
        UINT m = s % t->mips;
        UINT w = SR_MAX(t->w >> m, 1u), h = SR_MAX(t->h >> m, 1u), dz = SR_MAX(t->depth >> m, 1u);
        size_t pitch = (size_t)w * t->bpp, need = pitch * h * dz;
        const char *p = all ? all + off : NULL;
        if (list) {
            lua_geti(L, di, s + 1);
            p = luaL_checklstring(L, -1, &len);
            lua_pop(L, 1); /* still referenced by the table */
            off = 0;
        }
        if (len < off + need) {
            sr_error(L, "texture data: subresource %u needs %zu bytes, %zu given", s, need,
                     len - SR_MIN(len, off));
        }
        up[s] = (LdSubData){ p, (uint32_t)pitch, (uint32_t)(pitch * h) };
        off += need;
    }
    if (all && off != len) {
        sr_error(L, "texture data: %zu bytes, the subresources take %zu", len, off);
    }
    lua_pop(L, 1);
    return any;
}

bool ld_box_field(lua_State *L, int idx, LdBox *box)
{
    if (!lua_istable(L, idx)) {
        return false;
    }
    lua_getfield(L, idx, "box");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    int b = lua_gettop(L);
    luaL_checktype(L, b, LUA_TTABLE);
    lua_Integer v[6] = { 0, 0, 0, 0, 0, 1 };
    for (int i = 0; i < 6; i++) {
        if (lua_geti(L, b, i + 1) != LUA_TNIL || i < 4) {
            v[i] = luaL_checkinteger(L, -1);
        }
        if (v[i] < 0 || v[i] > UINT32_MAX) {
            sr_error(L, "box member %d out of range", i + 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    *box = (LdBox){ .left = (uint32_t)v[0], .top = (uint32_t)v[1], .right = (uint32_t)v[2],
                    .bottom = (uint32_t)v[3], .front = (uint32_t)v[4], .back = (uint32_t)v[5] };
    if (box->right < box->left || box->bottom < box->top || box->back < box->front) {
        sr_error(L, "box {%u, %u, %u, %u, %u, %u} is inverted", box->left, box->top, box->right,
                 box->bottom, box->front, box->back);
    }
    return true;
}

/* The formats the UMD supports today (umd_format_bpp), named without the
 * DXGI_FORMAT_ prefix. */
#define FMT(n) { #n, DXGI_FORMAT_##n }
static const struct { const char *name; DXGI_FORMAT f; } formats[] = {
    FMT(R32G32B32A32_TYPELESS), FMT(R32G32B32A32_FLOAT), FMT(R32G32B32A32_UINT),
    FMT(R32G32B32_FLOAT), FMT(R16G16B16A16_TYPELESS), FMT(R16G16B16A16_FLOAT),
    FMT(R16G16B16A16_UNORM), FMT(R32G32_FLOAT), FMT(R32G8X24_TYPELESS),
    FMT(D32_FLOAT_S8X24_UINT), FMT(R10G10B10A2_TYPELESS), FMT(R10G10B10A2_UNORM),
    FMT(R11G11B10_FLOAT), FMT(R8G8B8A8_TYPELESS), FMT(R8G8B8A8_UNORM),
    FMT(R8G8B8A8_UNORM_SRGB), FMT(R8G8B8A8_UINT), FMT(R8G8B8A8_SNORM), FMT(R8G8B8A8_SINT),
    FMT(R16G16_TYPELESS), FMT(R16G16_FLOAT), FMT(R16G16_UNORM), FMT(R32_TYPELESS),
    FMT(D32_FLOAT), FMT(R32_FLOAT), FMT(R32_UINT), FMT(R32_SINT), FMT(R24G8_TYPELESS),
    FMT(D24_UNORM_S8_UINT), FMT(R24_UNORM_X8_TYPELESS), FMT(X24_TYPELESS_G8_UINT),
    FMT(B8G8R8A8_UNORM), FMT(B8G8R8X8_UNORM), FMT(B8G8R8A8_TYPELESS),
    FMT(B8G8R8A8_UNORM_SRGB), FMT(B8G8R8X8_TYPELESS), FMT(B8G8R8X8_UNORM_SRGB),
    FMT(R8G8_TYPELESS), FMT(R8G8_UNORM), FMT(R16_TYPELESS), FMT(R16_FLOAT), FMT(D16_UNORM),
    FMT(R16_UNORM), FMT(R16_UINT), FMT(B5G6R5_UNORM), FMT(B5G5R5A1_UNORM), FMT(R8_TYPELESS),
    FMT(R8_UNORM), FMT(R8_UINT), FMT(A8_UNORM),
};

DXGI_FORMAT ld_check_format(lua_State *L, const char *name)
{
    for (size_t i = 0; i < SR_N_ELEMENTS(formats); i++) {
        if (strcmp(formats[i].name, name) == 0) {
            return formats[i].f;
        }
    }
    sr_error(L, "unknown format '%s' (d3d.formats() lists them)", name);
    return DXGI_FORMAT_UNKNOWN;
}

/* d3d.formats() -> { {name=, size=bytes per element}, ... } */
int ld_formats(lua_State *L)
{
    lua_createtable(L, (int)SR_N_ELEMENTS(formats), 0);
    for (size_t i = 0; i < SR_N_ELEMENTS(formats); i++) {
        lua_createtable(L, 0, 2);
        lua_pushstring(L, formats[i].name);
        lua_setfield(L, -2, "name");
        lua_pushinteger(L, umd_format_bpp(formats[i].f));
        lua_setfield(L, -2, "size");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static unsigned expand(unsigned v, unsigned bits)
{
    return (v << (8 - bits)) | (v >> (2 * bits - 8));
}

/* n texels of format f as RGBA8; false for formats images do not cover. */
bool ld_to_rgba(DXGI_FORMAT f, const uint8_t *in, size_t n, uint8_t *o)
{
    for (size_t i = 0; i < n; i++, o += 4) {
        const uint8_t *p = in + i * umd_format_bpp(f);
        unsigned v = p[0] | (umd_format_bpp(f) > 1 ? (unsigned)p[1] << 8 : 0);
        switch (f) {
        case DXGI_FORMAT_R8G8B8A8_UNORM: case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
        case DXGI_FORMAT_R8G8B8A8_TYPELESS: case DXGI_FORMAT_R8G8B8A8_UINT:
            memcpy(o, p, 4); break;
        case DXGI_FORMAT_B8G8R8A8_UNORM: case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
        case DXGI_FORMAT_B8G8R8A8_TYPELESS:
            o[0] = p[2]; o[1] = p[1]; o[2] = p[0]; o[3] = p[3]; break;
        case DXGI_FORMAT_B8G8R8X8_UNORM: case DXGI_FORMAT_B8G8R8X8_UNORM_SRGB:
        case DXGI_FORMAT_B8G8R8X8_TYPELESS:
            o[0] = p[2]; o[1] = p[1]; o[2] = p[0]; o[3] = 255; break;
        case DXGI_FORMAT_B5G6R5_UNORM:
            o[0] = (uint8_t)expand(v >> 11, 5); o[1] = (uint8_t)expand((v >> 5) & 63, 6);
            o[2] = (uint8_t)expand(v & 31, 5); o[3] = 255; break;
        case DXGI_FORMAT_B5G5R5A1_UNORM:
            o[0] = (uint8_t)expand((v >> 10) & 31, 5); o[1] = (uint8_t)expand((v >> 5) & 31, 5);
            o[2] = (uint8_t)expand(v & 31, 5); o[3] = (v >> 15) ? 255 : 0; break;
        case DXGI_FORMAT_R8_UNORM:
            o[0] = p[0]; o[1] = 0; o[2] = 0; o[3] = 255; break;
        case DXGI_FORMAT_R8G8_UNORM:
            o[0] = p[0]; o[1] = p[1]; o[2] = 0; o[3] = 255; break;
        case DXGI_FORMAT_A8_UNORM:
            o[0] = 0; o[1] = 0; o[2] = 0; o[3] = p[0]; break;
        default:
            return false;
        }
    }
    return true;
}

static uint32_t element_at(lua_State *L, int idx, uint32_t i, LdElement *e)
{
    if (lua_geti(L, idx, i) != LUA_TTABLE) {
        sr_error(L, "input_layout: element %u is not a table", (unsigned)i);
    }
    int t = lua_gettop(L);
    if (lua_getfield(L, t, "format") != LUA_TSTRING) {
        sr_error(L, "input_layout: element %u: format (a name) expected", (unsigned)i);
    }
    e->f = ld_check_format(L, lua_tostring(L, -1));
    e->slot = ld_uint_field(L, t, "slot", 0, 15);
    e->offset = ld_uint_field(L, t, "offset", 0, 2048);
    lua_getfield(L, t, "instance");
    e->step = lua_isinteger(L, -1) ? (uint32_t)luaL_checkinteger(L, -1)
                                   : lua_toboolean(L, -1) ? 1u : 0u;
    lua_pop(L, 3);
    return i;
}

uint32_t ld_layout_elements(lua_State *L, int idx, LdElement *el, uint32_t max)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_Integer n = luaL_len(L, idx);
    luaL_argcheck(L, n >= 1 && n <= (lua_Integer)max, idx, "1 to 16 elements expected");
    for (uint32_t i = 0; i < (uint32_t)n; i++) {
        element_at(L, idx, i + 1, &el[i]);
    }
    return (uint32_t)n;
}

unsigned ld_check_any_stage(lua_State *L, int idx)
{
    static const char *const stages[] = { "vs", "ps", "gs", "hs", "ds", "cs", NULL };
    return (unsigned)luaL_checkoption(L, idx, NULL, stages);
}

uint32_t ld_buffer_misc(lua_State *L, int idx, uint32_t *stride)
{
    *stride = ld_uint_field(L, idx, "structure", 0, 2048);
    uint32_t m = *stride ? LD_MISC_STRUCTURED : 0;
    if (lua_getfield(L, idx, "raw"), lua_toboolean(L, -1)) {
        m |= LD_MISC_RAW;
    }
    if (lua_getfield(L, idx, "indirect"), lua_toboolean(L, -1)) {
        m |= LD_MISC_INDIRECT;
    }
    lua_pop(L, 2);
    if ((m & LD_MISC_RAW) && *stride) {
        sr_error(L, "buffer: raw and structure exclude each other");
    }
    return m;
}

uint32_t ld_texture_samples(lua_State *L, int idx, const LdTexDesc *t, bool has_data)
{
    uint32_t n = ld_uint_field(L, idx, "samples", 1, 32);
    if (n > 1 && (t->mips != 1 || t->array != 1 || t->depth != 1 || has_data)) {
        sr_error(L, "a multisampled texture: one mip, one slice, no data");
    }
    return n ? n : 1;
}

uint32_t ld_count_arg(lua_State *L, int idx, bool required)
{
    lua_Integer v = required ? luaL_checkinteger(L, idx) : luaL_optinteger(L, idx, 0);
    luaL_argcheck(L, v >= 0 && v <= UINT32_MAX, idx, "0..2^32-1 expected");
    return (uint32_t)v;
}

int32_t ld_base_arg(lua_State *L, int idx)
{
    lua_Integer v = luaL_optinteger(L, idx, 0);
    luaL_argcheck(L, v >= INT32_MIN && v <= INT32_MAX, idx, "a 32-bit base vertex expected");
    return (int32_t)v;
}

static float num_field(lua_State *L, int idx, const char *k, double def)
{
    lua_getfield(L, idx, k);
    float v = (float)luaL_optnumber(L, -1, def);
    lua_pop(L, 1);
    return v;
}

void ld_viewport(lua_State *L, int idx, float vp[6])
{
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_getfield(L, idx, "width");
    lua_getfield(L, idx, "height");
    vp[0] = num_field(L, idx, "x", 0);
    vp[1] = num_field(L, idx, "y", 0);
    vp[2] = (float)luaL_checknumber(L, -2);
    vp[3] = (float)luaL_checknumber(L, -1);
    vp[4] = num_field(L, idx, "min_depth", 0);
    vp[5] = num_field(L, idx, "max_depth", 1);
    lua_pop(L, 2);
}

uint32_t ld_check_query(lua_State *L, int idx)
{
    static const char *const names[] = { "event", "occlusion", "timestamp", "timestamp_disjoint",
                                         "pipeline_stats", "occlusion_predicate", "so_stats",
                                         "so_overflow_predicate", NULL };
    return (uint32_t)luaL_checkoption(L, idx, NULL, names);
}

uint32_t ld_query_data_size(uint32_t type)
{
    static const uint8_t sizes[] = { 4, 8, 8, 16, 88, 4, 16, 4 };
    return type < sizeof sizes ? sizes[type] : 0;
}

static void set_u64(lua_State *L, const uint8_t *p, const char *key)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    lua_pushinteger(L, (lua_Integer)v);
    lua_setfield(L, -2, key);
}

void ld_push_query_data(lua_State *L, uint32_t type, const void *data)
{
    static const char *const stats[] = { "ia_vertices", "ia_primitives", "vs_invocations",
                                         "gs_invocations", "gs_primitives", "c_invocations",
                                         "c_primitives", "ps_invocations", "hs_invocations",
                                         "ds_invocations", "cs_invocations" };
    const uint8_t *p = data;
    uint32_t b;
    uint64_t v;
    switch (type) {
    case 1: case 2:
        memcpy(&v, p, sizeof v);
        lua_pushinteger(L, (lua_Integer)v);
        return;
    case 3:
        lua_createtable(L, 0, 2);
        set_u64(L, p, "frequency");
        memcpy(&b, p + 8, sizeof b);
        lua_pushboolean(L, b != 0);
        lua_setfield(L, -2, "disjoint");
        return;
    case 4:
        lua_createtable(L, 0, 11);
        for (int i = 0; i < 11; i++) {
            set_u64(L, p + 8 * i, stats[i]);
        }
        return;
    case 6:
        lua_createtable(L, 0, 2);
        set_u64(L, p, "written");
        set_u64(L, p + 8, "needed");
        return;
    default:
        memcpy(&b, p, sizeof b);
        lua_pushboolean(L, b != 0);
        return;
    }
}

uint32_t ld_map_type(lua_State *L, int idx, bool *do_not_wait)
{
    static const char *const types[] = { "read", "write", "read_write", "write_discard",
                                         "write_no_overwrite", NULL };
    int type = 0;
    *do_not_wait = false;
    if (lua_istable(L, idx)) {
        lua_getfield(L, idx, "type");
        type = lua_isnil(L, -1) ? 0 : luaL_checkoption(L, -1, NULL, types);
        lua_getfield(L, idx, "do_not_wait");
        *do_not_wait = lua_toboolean(L, -1);
        lua_pop(L, 2);
    }
    return (uint32_t)type + 1;
}

uint32_t ld_check_topology(lua_State *L, int idx)
{
    static const char *const names[] = { "point_list", "line_list", "line_strip",
                                         "triangle_list", "triangle_strip", NULL };
    const char *s = luaL_checkstring(L, idx);
    unsigned n = 0;
    char end = 0;
    if (sscanf(s, "patch_list_%u%c", &n, &end) == 1 && n >= 1 && n <= 32) {
        return 32 + n; /* D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST = 33 */
    }
    return (uint32_t)luaL_checkoption(L, idx, NULL, names) + 1;
}

static uint32_t mask_bits(lua_State *L, const char *m)
{
    uint32_t b = 0;
    for (const char *c = m; *c; c++) {
        const char *p = strchr("xyzw", *c);
        if (!p || (b & (1u << (p - "xyzw")))) {
            sr_error(L, "so mask '%s': letters of \"xyzw\" expected", m);
        }
        b |= 1u << (p - "xyzw");
    }
    if (!b || (b & (b + (b & -b))) != 0) {
        sr_error(L, "so mask '%s': contiguous components expected", m);
    }
    return b;
}

uint32_t ld_so_decl(lua_State *L, int idx, LdSoEntry *e, uint32_t max)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_Integer n = luaL_len(L, idx);
    if (n < 1 || n > max) {
        sr_error(L, "so declaration: 1..%u entries expected", (unsigned)max);
    }
    for (lua_Integer i = 0; i < n; i++) {
        if (lua_geti(L, idx, i + 1) != LUA_TTABLE) {
            sr_error(L, "so declaration entry %d: a table expected", (int)i + 1);
        }
        int t = lua_gettop(L);
        e[i].reg = ld_uint_field(L, t, "register", 0, 31);
        e[i].slot = ld_uint_field(L, t, "slot", 0, 3);
        e[i].stream = ld_uint_field(L, t, "stream", 0, 3);
        lua_getfield(L, t, "mask");
        e[i].mask = mask_bits(L, luaL_optstring(L, -1, "xyzw"));
        lua_pop(L, 2);
    }
    return (uint32_t)n;
}

uint32_t ld_so_options(lua_State *L, int idx, uint32_t strides[4], uint32_t *rasterized)
{
    *rasterized = 0;
    strides[0] = 16;
    if (lua_isnoneornil(L, idx)) {
        return 1;
    }
    luaL_checktype(L, idx, LUA_TTABLE);
    uint32_t n = 1;
    if (lua_getfield(L, idx, "strides") == LUA_TTABLE) {
        lua_Integer k = luaL_len(L, -1);
        if (k < 1 || k > 4) {
            sr_error(L, "so strides: 1..4 expected");
        }
        for (lua_Integer i = 0; i < k; i++) {
            lua_geti(L, -1, i + 1);
            lua_Integer v = luaL_checkinteger(L, -1);
            if (v < 0 || v > 2048 || v % 4) {
                sr_error(L, "so stride %d: a multiple of 4 up to 2048 expected", (int)i + 1);
            }
            strides[i] = (uint32_t)v;
            lua_pop(L, 1);
        }
        n = (uint32_t)k;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "rasterized") == LUA_TSTRING &&
        strcmp(lua_tostring(L, -1), "none") == 0) {
        *rasterized = LD_SO_NO_RASTERIZED;
    } else if (!lua_isnil(L, -1)) {
        *rasterized = ld_uint_field(L, idx, "rasterized", 0, 3);
    }
    lua_pop(L, 1);
    return n;
}

/* Option field k of the table at idx (def if absent). */
static int option_field(lua_State *L, int idx, const char *k, const char *def,
                        const char *const names[])
{
    lua_getfield(L, idx, k);
    int v = luaL_checkoption(L, -1, def, names);
    lua_pop(L, 1);
    return v;
}

void ld_sampler_desc(lua_State *L, int idx, LdSampler *s)
{
    static const char *const filters[] = { "point", "linear", NULL };
    static const char *const modes[] = { "wrap", "mirror", "clamp", NULL };
    luaL_checktype(L, idx, LUA_TTABLE);
    s->filter = option_field(L, idx, "filter", "point", filters) ? 0x15u : 0u;
    s->address = (uint32_t)option_field(L, idx, "address", "clamp", modes) + 1;
}

/* ---- pipeline states ---- */

static bool bool_field(lua_State *L, int idx, const char *k, bool def)
{
    lua_getfield(L, idx, k);
    bool v = lua_isnil(L, -1) ? def : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

static const char *const blend_names[] = {
    "zero", "one", "src_color", "inv_src_color", "src_alpha", "inv_src_alpha", "dest_alpha",
    "inv_dest_alpha", "dest_color", "inv_dest_color", "src_alpha_sat", "blend_factor",
    "inv_blend_factor", NULL };

static const char *const blend_op_names[] = { "add", "subtract", "rev_subtract", "min", "max",
                                               NULL };

/* D3D11_BLEND values: 1..11, then 14, 15 (12 and 13 do not exist). */
static uint32_t blend_field(lua_State *L, int idx, const char *k, const char *def)
{
    uint32_t v = (uint32_t)option_field(L, idx, k, def, blend_names) + 1;
    return v >= 12 ? v + 2 : v;
}

static const char *blend_name(uint32_t v)
{
    return blend_names[v >= 14 ? v - 3 : v - 1];
}

static uint32_t blend_op_field(lua_State *L, int idx, const char *k, const char *def)
{
    return (uint32_t)option_field(L, idx, k, def, blend_op_names) + 1;
}

static uint8_t write_mask_field(lua_State *L, int idx)
{
    lua_getfield(L, idx, "write_mask");
    const char *m = luaL_optstring(L, -1, "rgba");
    uint8_t bits = 0;
    for (const char *c = m; *c; c++) {
        const char *at = strchr("rgba", *c);
        if (!at) {
            sr_error(L, "write_mask: letters of \"rgba\" expected, got \"%s\"", m);
        }
        bits |= (uint8_t)(1u << (at - "rgba"));
    }
    lua_pop(L, 1);
    return bits;
}

/* A colour factor as an alpha factor: *_color becomes *_alpha (D3D
 * refuses colour factors for alpha). */
static uint32_t as_alpha_factor(uint32_t f)
{
    switch (f) {
    case 3: return 5;   /* src_color -> src_alpha */
    case 4: return 6;
    case 9: return 7;   /* dest_color -> dest_alpha */
    case 10: return 8;
    default: return f;
    }
}

void ld_blend_desc(lua_State *L, int idx, LdBlend *b)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    b->enable = bool_field(L, idx, "enable", true);
    b->src = blend_field(L, idx, "src", "one");
    b->dest = blend_field(L, idx, "dest", "zero");
    b->op = blend_op_field(L, idx, "op", "add");
    /* alpha: the colour's factors and operation unless given */
    b->src_alpha = blend_field(L, idx, "src_alpha", blend_name(as_alpha_factor(b->src)));
    b->dest_alpha = blend_field(L, idx, "dest_alpha", blend_name(as_alpha_factor(b->dest)));
    b->op_alpha = blend_op_field(L, idx, "op_alpha", blend_op_names[b->op - 1]);
    b->write_mask = write_mask_field(L, idx);
}

static uint32_t func_field(lua_State *L, int idx, const char *k, const char *def)
{
    static const char *const names[] = { "never", "less", "equal", "less_equal", "greater",
                                         "not_equal", "greater_equal", "always", NULL };
    return (uint32_t)option_field(L, idx, k, def, names) + 1;
}

static void stencil_face(lua_State *L, int idx, const char *k, LdStencilFace *f)
{
    static const char *const ops[] = { "keep", "zero", "replace", "incr_sat", "decr_sat",
                                       "invert", "incr", "decr", NULL };
    if (lua_getfield(L, idx, k) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_newtable(L);
    } else if (!lua_istable(L, -1)) {
        sr_error(L, "%s: a table expected", k);
    }
    int t = lua_gettop(L);
    f->fail = (uint32_t)option_field(L, t, "fail", "keep", ops) + 1;
    f->depth_fail = (uint32_t)option_field(L, t, "depth_fail", "keep", ops) + 1;
    f->pass = (uint32_t)option_field(L, t, "pass", "keep", ops) + 1;
    f->func = func_field(L, t, "func", "always");
    lua_pop(L, 1);
}

void ld_depth_stencil_desc(lua_State *L, int idx, LdDepthStencil *d)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    d->depth = bool_field(L, idx, "depth", true);
    d->depth_write = bool_field(L, idx, "depth_write", true);
    d->depth_func = func_field(L, idx, "depth_func", "less");
    d->stencil = bool_field(L, idx, "stencil", false);
    d->read_mask = (uint8_t)ld_uint_field(L, idx, "stencil_read_mask", 0xff, 0xff);
    d->write_mask = (uint8_t)ld_uint_field(L, idx, "stencil_write_mask", 0xff, 0xff);
    stencil_face(L, idx, "front", &d->front);
    stencil_face(L, idx, "back", &d->back);
}

void ld_raster_desc(lua_State *L, int idx, LdRaster *r)
{
    static const char *const fills[] = { "wireframe", "solid", NULL };
    static const char *const culls[] = { "none", "front", "back", NULL };
    luaL_checktype(L, idx, LUA_TTABLE);
    r->fill = (uint32_t)option_field(L, idx, "fill", "solid", fills) + 2;
    r->cull = (uint32_t)option_field(L, idx, "cull", "back", culls) + 1;
    r->front_ccw = bool_field(L, idx, "front_ccw", false);
    lua_Integer bias = ld_opt_field(L, idx, "depth_bias", 0);
    luaL_argcheck(L, bias >= INT32_MIN && bias <= INT32_MAX, idx, "depth_bias: 32 bits");
    r->depth_bias = (int32_t)bias;
    r->depth_bias_clamp = num_field(L, idx, "depth_bias_clamp", 0);
    r->slope_scaled_depth_bias = num_field(L, idx, "slope_scaled_depth_bias", 0);
    r->depth_clip = bool_field(L, idx, "depth_clip", true);
    r->scissor = bool_field(L, idx, "scissor", false);
}

void ld_rect(lua_State *L, int idx, int32_t rect[4])
{
    luaL_checktype(L, idx, LUA_TTABLE);
    for (int i = 0; i < 4; i++) {
        lua_geti(L, idx, i + 1);
        lua_Integer v = luaL_checkinteger(L, -1);
        luaL_argcheck(L, v >= INT32_MIN && v <= INT32_MAX, idx, "a 32-bit rectangle expected");
        rect[i] = (int32_t)v;
        lua_pop(L, 1);
    }
}

void ld_float4(lua_State *L, int idx, float out[4])
{
    for (int i = 0; i < 4; i++) {
        out[i] = 1;
    }
    if (lua_isnoneornil(L, idx)) {
        return;
    }
    luaL_checktype(L, idx, LUA_TTABLE);
    for (int i = 0; i < 4; i++) {
        lua_geti(L, idx, i + 1);
        out[i] = (float)luaL_optnumber(L, -1, 0);
        lua_pop(L, 1);
    }
}

void ld_keep(lua_State *L, int dev_idx, const char *key, int idx)
{
    dev_idx = lua_absindex(L, dev_idx);
    idx = lua_isnone(L, idx) ? 0 : lua_absindex(L, idx);
    if (lua_getiuservalue(L, dev_idx, 1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, dev_idx, 1);
    }
    if (idx) {
        lua_pushvalue(L, idx);
    } else {
        lua_pushnil(L);
    }
    lua_setfield(L, -2, key);
    lua_pop(L, 1);
}
