/* SPDX-License-Identifier: MIT */
/* Formats by name for the `d3d` module: the ones the UMD supports today
 * (umd_format_bpp), named without the DXGI_FORMAT_ prefix. */
#include <string.h>
#include <lauxlib.h>

#include "lua-d3d.h"
#include "script.h"

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
    for (size_t i = 0; i < G_N_ELEMENTS(formats); i++) {
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
    lua_createtable(L, (int)G_N_ELEMENTS(formats), 0);
    for (size_t i = 0; i < G_N_ELEMENTS(formats); i++) {
        lua_createtable(L, 0, 2);
        lua_pushstring(L, formats[i].name);
        lua_setfield(L, -2, "name");
        lua_pushinteger(L, umd_format_bpp(formats[i].f));
        lua_setfield(L, -2, "size");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}
