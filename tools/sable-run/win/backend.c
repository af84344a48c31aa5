/* SPDX-License-Identifier: MIT */
/*
 * The Windows build's backend of a script (script.h): `d3d` over the real
 * d3d11.dll (lua-d3d11.c), and a `sable` module holding only `transport`:
 * the device-level calls need the Sable device from the host side, so
 * each raises an error naming itself.
 */
#include <lauxlib.h>

#include "script.h"

void sr_open_d3d11(lua_State *L);

static int not_here(lua_State *L)
{
    return sr_error(L, "sable.%s: device-level calls are not in the Windows build",
                    lua_tostring(L, lua_upvalueindex(1)));
}

void sr_backend_open(lua_State *L)
{
    static const char *const calls[] = { "inject", "status", "tdr_count", "dumps",
                                         "decode_dump", "reg", "submit", NULL };
    sr_open_d3d11(L);
    lua_newtable(L);
    for (const char *const *c = calls; *c; c++) {
        lua_pushstring(L, *c);
        lua_pushcclosure(L, not_here, 1);
        lua_setfield(L, -2, *c);
    }
    lua_pushstring(L, sr_script(L)->transport);
    lua_setfield(L, -2, "transport");
    lua_setglobal(L, "sable");
}

void sr_backend_close(void)
{
}
