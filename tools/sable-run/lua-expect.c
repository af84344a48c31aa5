/* SPDX-License-Identifier: MIT */
/*
 * The `expect` module: each function returns quietly when the
 * expectation holds and otherwise raises a Lua error at the caller's
 * file:line, which fails the running test.
 *   expect.pixel(img, x, y, colour [, tolerance])
 *   expect.region(img, x, y, w, h, colour [, tolerance])
 *   expect.bytes(actual, expected [, what])        strings of bytes
 *   expect.image(img, reference [, {tolerance=, name=}])  PNG path or image
 *   expect.error(name, fn, ...) -> message         fn must raise naming `name`
 *   expect.eq(actual, expected [, what]), expect.that(condition [, what])
 * Tolerances are per channel (0..255), default 0.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

#include "script.h"

static unsigned opt_tolerance(lua_State *L, int idx)
{
    lua_Integer t = luaL_optinteger(L, idx, 0);
    luaL_argcheck(L, t >= 0 && t <= 255, idx, "tolerance 0..255 expected");
    return (unsigned)t;
}

static bool near(const uint8_t *a, const uint8_t *e, unsigned tol)
{
    for (int i = 0; i < 4; i++) {
        if ((unsigned)abs((int)a[i] - (int)e[i]) > tol) {
            return false;
        }
    }
    return true;
}

/* Checks w x h pixels at (x, y) against colour; fails at the first off. */
static int check_rect(lua_State *L, const SrImage *img, lua_Integer x, lua_Integer y,
                      lua_Integer w, lua_Integer h, int colour_idx, int tol_idx)
{
    uint8_t e[4];
    sr_check_color(L, colour_idx, e);
    unsigned tol = opt_tolerance(L, tol_idx);
    if (x < 0 || y < 0 || w <= 0 || h <= 0 || x > img->width || y > img->height ||
        w > img->width - x || h > img->height - y) {
        return sr_error(L, "region %lldx%lld at (%lld, %lld) is not inside the %ux%u image",
                        (long long)w, (long long)h, (long long)x, (long long)y, img->width,
                        img->height);
    }
    for (lua_Integer j = y; j < y + h; j++) {
        for (lua_Integer i = x; i < x + w; i++) {
            const uint8_t *a = img->px + ((size_t)j * img->width + (size_t)i) * 4;
            if (!near(a, e, tol)) {
                return sr_error(L, "pixel (%d, %d) is {%d, %d, %d, %d}, expected {%d, %d, %d, "
                                "%d} within %d", (int)i, (int)j, a[0], a[1], a[2], a[3],
                                e[0], e[1], e[2], e[3], (int)tol);
            }
        }
    }
    return 0;
}

static int l_pixel(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    return check_rect(L, img, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3), 1, 1, 4, 5);
}

static int l_region(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    return check_rect(L, img, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3),
                      luaL_checkinteger(L, 4), luaL_checkinteger(L, 5), 6, 7);
}

static int l_bytes(lua_State *L)
{
    size_t na, ne;
    const uint8_t *a = (const uint8_t *)luaL_checklstring(L, 1, &na);
    const uint8_t *e = (const uint8_t *)luaL_checklstring(L, 2, &ne);
    const char *what = luaL_optstring(L, 3, "bytes");
    size_t n = SR_MIN(na, ne), i = 0;
    while (i < n && a[i] == e[i]) {
        i++;
    }
    if (i == n && na == ne) {
        return 0;
    }
    if (i == n) {
        return sr_error(L, "%s: %zu bytes, expected %zu (the first %zu match)", what, na, ne, n);
    }
    return sr_error(L, "%s differ at byte %zu of %zu: 0x%02x, expected 0x%02x", what, i, na,
                    a[i], e[i]);
}

/* The reference at idx: an image, or a PNG path relative to the script
 * (loaded onto the stack). */
static const SrImage *reference(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TSTRING) {
        return sr_check_image(L, idx);
    }
    return sr_load_image(L, lua_tostring(L, idx), "expect.image: reference");
}

static void save(lua_State *L, const SrImage *img, const char *name, const char *role,
                 unsigned tolerance)
{
    free(sr_script_save_image(L, img, name, role, tolerance));
}

static int l_image(lua_State *L)
{
    SrImage *img = sr_check_image(L, 1);
    luaL_checkany(L, 2);
    unsigned tol = 0;
    const char *name = "image";
    if (lua_istable(L, 3)) {
        lua_getfield(L, 3, "tolerance");
        tol = opt_tolerance(L, -1);
        lua_getfield(L, 3, "name");
        name = luaL_optstring(L, -1, name);
    }
    const SrImage *ref = reference(L, 2);
    if (img->width != ref->width || img->height != ref->height) {
        save(L, img, name, "actual", tol);
        save(L, ref, name, "expected", tol);
        return sr_error(L, "%s: %ux%u, the reference is %ux%u", name, img->width, img->height,
                        ref->width, ref->height);
    }
    SrImage *diff = NULL;
    SrCompare c = sr_image_compare(img, ref, tol, &diff);
    sr_push_image(L, diff); /* Lua owns it */
    save(L, img, name, "actual", tol);
    if (c.differing == 0) {
        return 0;
    }
    save(L, ref, name, "expected", tol);
    save(L, diff, name, "diff", tol);
    const uint8_t *a = img->px + ((size_t)c.first_y * img->width + c.first_x) * 4;
    const uint8_t *e = ref->px + ((size_t)c.first_y * img->width + c.first_x) * 4;
    return sr_error(L, "%s: %" PRIu64 " pixels differ beyond tolerance %u (largest "
                    "difference %u); first at (%u, %u): {%u, %u, %u, %u}, expected {%u, %u, %u, "
                    "%u}", name, c.differing, tol, c.max_delta, c.first_x, c.first_y, a[0], a[1],
                    a[2], a[3], e[0], e[1], e[2], e[3]);
}

static int l_error(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    int nargs = lua_gettop(L) - 2;
    if (lua_pcall(L, nargs, 0, 0) == LUA_OK) {
        return sr_error(L, "expected an error naming %s, the call succeeded", name);
    }
    const char *msg = lua_tostring(L, -1);
    if (!msg || !strstr(msg, name)) {
        return sr_error(L, "expected an error naming %s, got: %s", name,
                        msg ? msg : "(not a string)");
    }
    return 1;
}

static int l_eq(lua_State *L)
{
    luaL_checkany(L, 2);
    if (lua_compare(L, 1, 2, LUA_OPEQ)) {
        return 0;
    }
    const char *what = luaL_optstring(L, 3, "value");
    const char *a = luaL_tolstring(L, 1, NULL), *e = luaL_tolstring(L, 2, NULL);
    return sr_error(L, "%s is %s, expected %s", what, a, e);
}

static int l_that(lua_State *L)
{
    luaL_checkany(L, 1);
    if (lua_toboolean(L, 1)) {
        return 0;
    }
    return sr_error(L, "expectation failed: %s", luaL_optstring(L, 2, "(no description)"));
}

void sr_open_expect(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "pixel", l_pixel }, { "region", l_region }, { "bytes", l_bytes }, { "image", l_image },
        { "error", l_error }, { "eq", l_eq }, { "that", l_that }, { NULL, NULL }
    };
    luaL_newlib(L, fns);
    lua_setglobal(L, "expect");
}
