/* SPDX-License-Identifier: MIT */
/*
 * One script run, in its own process: a Lua 5.4 state with the modules
 * (`d3d`, `sable`, `expect`, `image`, `test`, `capture`), the device
 * brought up on first use on the chosen transport, every test and image
 * recorded in the results file (results.h) as it happens.
 */
#ifndef SABLE_RUN_SCRIPT_H
#define SABLE_RUN_SCRIPT_H

#include <stdio.h>
#include <lua.h>

#include "d3drt.h"
#include "image.h"
#include "results.h"

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
    WsSim *sim;                 /* NULL until first used */
    RtAdapter *ad;
} SrScript;

/* Runs the script, writes its results; returns the process exit status. */
int sr_script_run(const char *path, const char *out_dir, const char *transport);

/* luaL_error with printf's format (luaL_error knows no %u or %x):
 * raises "file:line: message" at the calling Lua function. */
G_GNUC_PRINTF(2, 3) int sr_error(lua_State *L, const char *fmt, ...);

/* For the modules. */
SrScript *sr_script(lua_State *L);
/* The simulated Windows with our drivers on the device (started on first
 * use; a Lua error if it cannot start). */
WsSim *sr_script_sim(lua_State *L);
RtAdapter *sr_script_adapter(lua_State *L);
/* Saves img as a PNG in the output folder under a name made of the test's
 * and `name`, records it with `role` and the tolerance a comparison with
 * another run allows; returns the file name (g_free). */
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
