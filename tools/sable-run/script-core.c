/* SPDX-License-Identifier: MIT */
/* One script run: the script-facing core (script.h); portable. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include <lualib.h>

#include "script.h"

static const char script_key = 0;
/* The error object skip() raises: a table with this as its metatable. */
static const char skip_key = 0;

int sr_error(lua_State *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = sr_strdup_vprintf(fmt, ap);
    va_end(ap);
    luaL_where(L, 1);
    lua_pushstring(L, msg);
    free(msg);
    lua_concat(L, 2);
    return lua_error(L);
}

SrScript *sr_script(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &script_key);
    SrScript *s = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return s;
}

/* Lower-case letters, digits and '-' only: safe in file names and HTML. */
static char *slug(const char *s)
{
    char *o = sr_xmalloc(49);
    size_t n = 0;
    for (; *s && n < 48; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x80 && isalnum(c)) {
            o[n++] = (char)tolower(c);
        } else if (n && o[n - 1] != '-') {
            o[n++] = '-';
        }
    }
    o[n] = 0;
    return o;
}

char *sr_script_save_image(lua_State *L, const SrImage *img, const char *name, const char *role,
                           unsigned tolerance)
{
    SrScript *s = sr_script(L);
    char *t = slug(s->test), *n = slug(name);
    bool capture = strcmp(role, "capture") == 0;
    char *file = sr_strdup_printf("%03u-%s-%s%s%s.png", ++s->images, t, n, capture ? "" : "-",
                                 capture ? "" : role);
    char *path = sr_path_join(s->out_dir, file);
    char *err = NULL;
    bool saved = sr_image_save(img, path, &err);
    free(t);
    free(n);
    free(path);
    if (!saved) {
        lua_pushstring(L, err);
        free(err);
        free(file);
        lua_error(L);
    }
    sr_results_write_image(s->results, role, name, file, tolerance);
    return file;
}

static void record(SrScript *s, SrStatus st, const char *name, const char *message)
{
    sr_results_write_test(s->results, st, name, message);
    if (s->on_test) {
        s->on_test(st, name, message);
    }
}

/* Message handler: the error as a string (skip objects pass through), the
 * traceback on stderr (the script's log). */
static int on_error(lua_State *L)
{
    if (lua_istable(L, 1) && lua_getmetatable(L, 1)) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &skip_key);
        if (lua_rawequal(L, -1, -2)) {
            lua_pop(L, 2);
            return 1;
        }
        lua_pop(L, 2);
    }
    const char *msg = luaL_tolstring(L, 1, NULL);
    luaL_traceback(L, L, msg, 1);
    fprintf(stderr, "%s\n", lua_tostring(L, -1));
    lua_pop(L, 1);
    return 1;
}

/* Calls the function at the top with the handler; records the outcome
 * as test `name` unless it succeeded and `record_ok` is false. */
static SrStatus run_protected(lua_State *L, const char *name, bool record_ok)
{
    SrScript *s = sr_script(L);
    int fn = lua_gettop(L);
    lua_pushcfunction(L, on_error);
    lua_insert(L, fn);
    int rc = lua_pcall(L, 0, 0, fn);
    SrStatus st = SR_OK;
    if (rc == LUA_OK) {
        if (record_ok) {
            record(s, SR_OK, name, "");
        }
    } else if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "reason");
        record(s, SR_SKIP, name, lua_tostring(L, -1));
        lua_pop(L, 1);
        st = SR_SKIP;
    } else {
        record(s, SR_FAIL, name, lua_tostring(L, -1));
        st = SR_FAIL;
    }
    lua_settop(L, fn - 1);
    return st;
}

/* test(name, fn): runs fn now as the named test; returns whether it passed. */
static int l_test(lua_State *L)
{
    SrScript *s = sr_script(L);
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    if (s->in_test) {
        return sr_error(L, "test('%s') inside test '%s': tests do not nest", name, s->test);
    }
    s->tests++;
    s->in_test = true;
    const char *outer = s->test;
    s->test = name;
    lua_settop(L, 2);
    bool ok = run_protected(L, name, true) != SR_FAIL;
    /* What the test no longer references is released now, not at some
     * later collection in the middle of another test (a swap chain's
     * release points the display back at the desktop). */
    lua_gc(L, LUA_GCCOLLECT);
    s->test = outer;
    s->in_test = false;
    lua_pushboolean(L, ok);
    return 1;
}

/* skip(reason): ends the running test as skipped. */
static int l_skip(lua_State *L)
{
    const char *reason = luaL_checkstring(L, 1);
    lua_newtable(L);
    lua_pushstring(L, reason);
    lua_setfield(L, -2, "reason");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &skip_key);
    lua_setmetatable(L, -2);
    return lua_error(L);
}

/* reference_gap(reason): where the reference renderer (the Windows build
 * under Wine) is wrong or lacks a feature, the script says so in this one
 * marked line: there it ends the running test (or, outside tests, the
 * script) as skipped with the reason; everywhere else it does nothing. */
static int l_reference_gap(lua_State *L)
{
    const char *reason = luaL_checkstring(L, 1);
    if (strcmp(sr_script(L)->transport, SR_TRANSPORT_WINE) != 0) {
        return 0;
    }
    lua_settop(L, 0);
    lua_pushfstring(L, "reference: %s", reason);
    return l_skip(L);
}

/* capture(name, image): saves it in the output folder, shown in the report. */
static int l_capture(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    SrImage *img = sr_check_image(L, 2);
    char *file = sr_script_save_image(L, img, name, "capture", 0);
    lua_pushstring(L, file);
    free(file);
    return 1;
}

static lua_State *new_state(SrScript *s)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    lua_pushlightuserdata(L, s);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &script_key);
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &skip_key);
    lua_register(L, "test", l_test);
    lua_register(L, "skip", l_skip);
    lua_register(L, "capture", l_capture);
    lua_register(L, "reference_gap", l_reference_gap);
    sr_open_image(L);
    sr_open_expect(L);
    sr_backend_open(L);
    /* require() finds helpers next to the script first */
    lua_getglobal(L, "package");
    lua_pushfstring(L, "%s/?.lua;", s->dir);
    lua_getfield(L, -2, "path");
    lua_concat(L, 2);
    lua_setfield(L, -2, "path");
    lua_pop(L, 1);
    return L;
}

int sr_script_run(const char *path, const char *out_dir, const char *transport,
                  SrTestHook on_test)
{
    SrScript s = { .path = path, .out_dir = out_dir, .transport = transport,
                   .on_test = on_test };
    char *results = sr_path_join(out_dir, SR_RESULTS_FILE);
    s.results = fopen(results, "wb"); /* "\n" on Windows too: the Linux runner reads it */
    if (!s.results) {
        fprintf(stderr, "%s: cannot write\n", results);
        free(results);
        return 2;
    }
    free(results);
    s.dir = sr_path_dirname(path);
    const char *base = sr_path_basename(path);
    s.test = base;
    lua_State *L = new_state(&s);
    bool ok;
    if (luaL_loadfile(L, path) != LUA_OK) {
        record(&s, SR_FAIL, base, lua_tostring(L, -1));
        ok = false;
    } else {
        /* A script without test() calls is one test named after its file;
         * an error outside the tests fails the script. */
        SrStatus st = run_protected(L, base, false);
        ok = st != SR_FAIL;
        if (st == SR_OK && s.tests == 0) {
            record(&s, SR_OK, base, "");
        }
    }
    lua_close(L); /* finalizers release what the script left */
    sr_backend_close();
    sr_results_write_end(s.results);
    fclose(s.results);
    free(s.dir);
    return ok ? 0 : 1;
}
