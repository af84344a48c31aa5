/* SPDX-License-Identifier: MIT */
/*
 * The Linux backend's device (script.c): the simulated Windows with our
 * drivers on the chosen transport, started on first use (a Lua error if
 * it cannot start), ended by sr_backend_close.
 */
#ifndef SABLE_RUN_SCRIPT_SIM_H
#define SABLE_RUN_SCRIPT_SIM_H

#include "d3drt.h"
#include "script.h"

WsSim *sr_script_sim(lua_State *L);
RtAdapter *sr_script_adapter(lua_State *L);

#endif
