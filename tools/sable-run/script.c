/* SPDX-License-Identifier: MIT */
/* The Linux runner's backend of a script (script.h, script-sim.h): the
 * simulated Windows with our drivers on the device, one per script process. */
#include <stdlib.h>

#include "script-sim.h"
#include "dxgdisplay.h"

static WsSim *sim;              /* NULL until first used */
static RtAdapter *ad;

WsSim *sr_script_sim(lua_State *L)
{
    SrScript *s = sr_script(L);
    if (!sim) {
        sim = ws_sim_new(s->transport);
        NTSTATUS st = ws_adapter_start(sim);
        if (st != STATUS_SUCCESS) {
            sr_error(L, "the adapter did not start on '%s' (StartDevice 0x%08x)", s->transport,
                     (unsigned)st);
        }
        st = ws_display_start(sim);
        if (st != STATUS_SUCCESS) {
            sr_error(L, "the display did not start on '%s' (0x%08x)", s->transport,
                     (unsigned)st);
        }
    }
    return sim;
}

RtAdapter *sr_script_adapter(lua_State *L)
{
    if (!ad) {
        HRESULT hr;
        ad = rt_adapter_open(sr_script_sim(L), 0, &hr);
        if (!ad) {
            sr_error(L, "OpenAdapter10_2 failed (0x%08x)", (unsigned)hr);
        }
    }
    return ad;
}

void sr_backend_open(lua_State *L)
{
    setenv("WINSIM_DUMP_DIR", sr_script(L)->out_dir, 1); /* TDR dumps go next to the images */
    sr_open_d3d(L);
    sr_open_sable(L);
}

void sr_backend_close(void)
{
    if (ad) {
        rt_adapter_close(ad);
        ad = NULL;
    }
    if (sim) {
        ws_sim_free(sim);
        sim = NULL;
    }
}
