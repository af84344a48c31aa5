/* SPDX-License-Identifier: MIT */
/*
 * One script run: a Lua 5.4 state with the modules (`d3d`, `sable`,
 * `expect`, `image`, `test`, `capture`), every test and image recorded in
 * the results file (results-write.h) as it happens. script-core.c is the
 * portable part; the backend (sr_backend_*) brings the `d3d` and `sable`
 * modules: script.c on Linux (winsim and our drivers on the device, one
 * script per process), win/ in the Windows build (the real d3d11.dll).
 */
#ifndef SABLE_RUN_SCRIPT_H
#define SABLE_RUN_SCRIPT_H

#include <stdio.h>
#include <lua.h>

#include "image.h"
#include "port.h"
#include "results-write.h"

/* The transport name of the Windows build under Wine: the reference. */
#define SR_TRANSPORT_WINE "d3d11-wine"

typedef void (*SrTestHook)(SrStatus st, const char *name, const char *message);

typedef struct SrScript {
    const char *path;           /* the script */
    char *dir;                  /* its folder: reference images are relative to it */
    const char *out_dir;        /* this script's output folder */
    const char *transport;
    FILE *results;
    const char *test;           /* running test's name (the script's while none) */
    unsigned images;            /* images saved so far (file name sequence) */
    unsigned tests;             /* test() calls */
    bool in_test;               /* inside test() */
    SrTestHook on_test;         /* told each test's outcome too (or NULL) */
} SrScript;

/* Runs the script, writes its results (and tells on_test, if not NULL);
 * returns the process exit status. */
int sr_script_run(const char *path, const char *out_dir, const char *transport,
                  SrTestHook on_test);

/* luaL_error with printf's format (luaL_error knows no %u or %x):
 * raises "file:line: message" at the calling Lua function. */
SR_PRINTF(2, 3) int sr_error(lua_State *L, const char *fmt, ...);

/* For the modules. */
SrScript *sr_script(lua_State *L);
/* The backend: opens the `d3d` and `sable` modules in a new state; ends
 * what they started, once the state is closed. */
void sr_backend_open(lua_State *L);
void sr_backend_close(void);
/* Saves img as a PNG in the output folder under a name made of the test's
 * and `name`, records it with `role` and the tolerance a comparison with
 * another run allows; returns the file name (free()). */
char *sr_script_save_image(lua_State *L, const SrImage *img, const char *name, const char *role,
                           unsigned tolerance);

void sr_open_d3d(lua_State *L);
void sr_open_sable(lua_State *L);
void sr_open_expect(lua_State *L);
void sr_open_image(lua_State *L);
/* The image userdata (lua-image.c): a new one owning img, or check one. */
void sr_push_image(lua_State *L, SrImage *img);
SrImage *sr_check_image(lua_State *L, int idx);
/* The PNG `name` (relative to the script's folder) as an image pushed on
 * the stack; a Lua error starting with `what` if it cannot be read. */
SrImage *sr_load_image(lua_State *L, const char *name, const char *what);
/* A colour {r, g, b [, a]} of integers 0..255 (alpha 255 if absent). */
void sr_check_color(lua_State *L, int idx, uint8_t rgba[4]);

#endif
