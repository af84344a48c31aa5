/* SPDX-License-Identifier: MIT */
/*
 * The `image` module: RGBA8 images scripts build, load, capture and
 * compare. image.new(w, h [, {r,g,b,a}]), image.load(path) (relative to
 * the script's folder); img.width, img.height, img:get(x, y) -> r, g, b, a,
 * img:set(x, y, color), img:fill(x, y, w, h, color), img:save(name).
 */
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

#include "script.h"

#define IMAGE_MT "sable.image"

typedef struct LImage {
    SrImage *img;
} LImage;

void sr_push_image(lua_State *L, SrImage *img)
{
    LImage *u = lua_newuserdatauv(L, sizeof(*u), 0);
    u->img = img;
    luaL_setmetatable(L, IMAGE_MT);
}

SrImage *sr_check_image(lua_State *L, int idx)
{
    return ((LImage *)luaL_checkudata(L, idx, IMAGE_MT))->img;
}

void sr_check_color(lua_State *L, int idx, uint8_t rgba[4])
{
    luaL_checktype(L, idx, LUA_TTABLE);
    for (int i = 0; i < 4; i++) {
        lua_Integer v = 255;
        if (lua_geti(L, idx, i + 1) != LUA_TNIL || i < 3) {
            int isnum;
            v = lua_tointegerx(L, -1, &isnum);
            if (!isnum || v < 0 || v > 255) {
                sr_error(L, "colour component %d: an integer 0..255 expected", i + 1);
            }
        }
        lua_pop(L, 1);
        rgba[i] = (uint8_t)v;
    }
}

/* x, y at idx, idx + 1 checked inside img. */
static size_t check_xy(lua_State *L, const SrImage *img, int idx)
{
    lua_Integer x = luaL_checkinteger(L, idx), y = luaL_checkinteger(L, idx + 1);
    if (x < 0 || y < 0 || x >= img->width || y >= img->height) {
        sr_error(L, "pixel (%lld, %lld) outside the %ux%u image", (long long)x, (long long)y,
                 img->width, img->height);
    }
    return ((size_t)y * img->width + (size_t)x) * 4;
}

static int l_new(lua_State *L)
{
    lua_Integer w = luaL_checkinteger(L, 1), h = luaL_checkinteger(L, 2);
    uint8_t rgba[4] = { 0, 0, 0, 255 };
    if (!lua_isnoneornil(L, 3)) {
        sr_check_color(L, 3, rgba);
    }
    SrImage *img = w > 0 && h > 0 && w <= UINT32_MAX && h <= UINT32_MAX
                       ? sr_image_new((uint32_t)w, (uint32_t)h, rgba) : NULL;
    if (!img) {
        return sr_error(L, "image.new: %lldx%lld is not a size scripts handle", (long long)w,
                        (long long)h);
    }
    sr_push_image(L, img);
    return 1;
}

SrImage *sr_load_image(lua_State *L, const char *name, const char *what)
{
    char *path = sr_path_is_absolute(name) ? sr_strdup(name)
                                           : sr_path_join(sr_script(L)->dir, name);
    char *err = NULL;
    SrImage *img = sr_image_load(path, &err);
    free(path);
    if (!img) {
        lua_pushstring(L, err);
        free(err);
        sr_error(L, "%s: %s", what, lua_tostring(L, -1));
    }
    sr_push_image(L, img);
    return img;
}

static int l_load(lua_State *L)
{
    sr_load_image(L, luaL_checkstring(L, 1), "image.load");
    return 1;
}

static int l_get(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    const uint8_t *p = img->px + check_xy(L, img, 2);
    for (int i = 0; i < 4; i++) {
        lua_pushinteger(L, p[i]);
    }
    return 4;
}

static int l_set(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    size_t off = check_xy(L, img, 2);
    sr_check_color(L, 4, img->px + off);
    return 0;
}

static int l_fill(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    size_t first = check_xy(L, img, 2);
    lua_Integer w = luaL_checkinteger(L, 4), h = luaL_checkinteger(L, 5);
    uint8_t rgba[4];
    sr_check_color(L, 6, rgba);
    uint32_t x = (uint32_t)(first / 4 % img->width), y = (uint32_t)(first / 4 / img->width);
    if (w < 0 || h < 0 || w > img->width - x || h > img->height - y) {
        return sr_error(L, "fill: %dx%d at (%u, %u) leaves the %ux%u image", (int)w, (int)h,
                        x, y, img->width, img->height);
    }
    for (lua_Integer j = 0; j < h; j++) {
        for (lua_Integer i = 0; i < w; i++) {
            memcpy(img->px + ((size_t)(y + j) * img->width + x + i) * 4, rgba, 4);
        }
    }
    return 0;
}

static int l_save(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    char *file = sr_script_save_image(L, img, luaL_checkstring(L, 2), "capture", 0);
    lua_pushstring(L, file);
    free(file);
    return 1;
}

static int l_index(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "width") == 0) {
        lua_pushinteger(L, img->width);
    } else if (strcmp(k, "height") == 0) {
        lua_pushinteger(L, img->height);
    } else {
        luaL_getmetafield(L, 1, "methods");
        lua_getfield(L, -1, k);
    }
    return 1;
}

static int l_gc(lua_State *L)
{
    LImage *u = luaL_checkudata(L, 1, IMAGE_MT);
    sr_image_free(u->img);
    u->img = NULL;
    return 0;
}

static int l_tostring(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    lua_pushfstring(L, "image %dx%d", (int)img->width, (int)img->height);
    return 1;
}

void sr_open_image(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "get", l_get }, { "set", l_set }, { "fill", l_fill }, { "save", l_save }, { NULL, NULL }
    };
    static const luaL_Reg meta[] = {
        { "__index", l_index }, { "__gc", l_gc }, { "__tostring", l_tostring }, { NULL, NULL }
    };
    static const luaL_Reg module[] = { { "new", l_new }, { "load", l_load }, { NULL, NULL } };
    luaL_newmetatable(L, IMAGE_MT);
    luaL_setfuncs(L, meta, 0);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "methods");
    lua_pop(L, 1);
    luaL_newlib(L, module);
    lua_setglobal(L, "image");
}
