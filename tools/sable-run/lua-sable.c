/* SPDX-License-Identifier: MIT */
/*
 * The `sable` module: the device under the drivers, for device-level
 * tests. sable.transport; sable.inject(spec) (the grammar of QMP `inject`
 * and sablectl: "hang,engine=0", "drop-irq,engine=0", "page-fault,...");
 * sable.status() -> {tdrs, engine_resets, adapter_resets, resubmitted,
 * fence_queries, completions_outside_isr, dumps, adapter_reset_count,
 * error_status}; sable.tdr_count();
 * sable.dumps() -> paths of the dumps TDRs saved; sable.decode_dump(path)
 * -> the decoded text; sable.reg(offset) -> a BAR0 register;
 * sable.submit(...) raw submissions: not available yet.
 */
#include <lauxlib.h>

#include "script-sim.h"
#include "sable-dump-decode.h"
#include "sable_regs.h"

static int l_inject(lua_State *L)
{
    const char *spec = luaL_checkstring(L, 1);
    WsSim *sim = sr_script_sim(L);
    GError *err = NULL;
    if (!sim->t->ops->inject(sim->t, spec, &err)) {
        lua_pushstring(L, err ? err->message : "refused");
        g_clear_error(&err);
        return sr_error(L, "inject '%s': %s", spec, lua_tostring(L, -1));
    }
    return 0;
}

static int l_status(lua_State *L)
{
    WsSim *sim = sr_script_sim(L);
    lua_createtable(L, 0, 9);
#define FIELD(name, v) (lua_pushinteger(L, (lua_Integer)(v)), lua_setfield(L, -2, name))
    FIELD("tdrs", sim->stats.timeouts);
    FIELD("engine_resets", sim->stats.engine_resets);
    FIELD("adapter_resets", sim->stats.adapter_resets);
    FIELD("resubmitted", sim->stats.resubmitted);
    FIELD("fence_queries", sim->stats.queries);
    FIELD("completions_outside_isr", sim->stats.notify_outside_isr);
    FIELD("dumps", sim->dump_files->len);
    FIELD("adapter_reset_count", sim->t->ops->mmio_read(sim->t, SABLE_REG_ADAPTER_RESET_COUNT));
    FIELD("error_status", sim->t->ops->mmio_read(sim->t, SABLE_REG_ERROR_STATUS));
#undef FIELD
    return 1;
}

static int l_tdr_count(lua_State *L)
{
    lua_pushinteger(L, sr_script_sim(L)->stats.timeouts);
    return 1;
}

static int l_dumps(lua_State *L)
{
    WsSim *sim = sr_script_sim(L);
    lua_createtable(L, (int)sim->dump_files->len, 0);
    for (guint i = 0; i < sim->dump_files->len; i++) {
        lua_pushstring(L, g_ptr_array_index(sim->dump_files, i));
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static int l_decode_dump(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    char *data = NULL;
    gsize len = 0;
    GError *err = NULL;
    SableDump *dump = NULL;
    if (g_file_get_contents(path, &data, &len, &err)) {
        dump = sable_dump_decode(data, len, &err);
        g_free(data);
    }
    if (!dump) {
        lua_pushstring(L, err->message);
        g_clear_error(&err);
        return sr_error(L, "decode_dump %s: %s", path, lua_tostring(L, -1));
    }
    char *text = sable_dump_to_text(dump);
    sable_dump_free(dump);
    lua_pushstring(L, text);
    g_free(text);
    return 1;
}

static int l_reg(lua_State *L)
{
    lua_Integer off = luaL_checkinteger(L, 1);
    WsSim *sim = sr_script_sim(L);
    luaL_argcheck(L, off >= 0 && off % 4 == 0 && (uint64_t)off < sim->t->bar[0].size, 1,
                  "a 4-byte aligned offset inside BAR0 expected");
    lua_pushinteger(L, sim->t->ops->mmio_read(sim->t, (uint32_t)off));
    return 1;
}

static int l_submit(lua_State *L)
{
    return sr_error(L, "sable.submit: raw submissions are not available to scripts yet "
                    "(device-level command streams go through tests/qtest)");
}

void sr_open_sable(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "inject", l_inject }, { "status", l_status }, { "tdr_count", l_tdr_count },
        { "dumps", l_dumps }, { "decode_dump", l_decode_dump }, { "reg", l_reg },
        { "submit", l_submit }, { NULL, NULL }
    };
    luaL_newlib(L, fns);
    lua_pushstring(L, sr_script(L)->transport);
    lua_setfield(L, -2, "transport");
    lua_setglobal(L, "sable");
}
