/* SPDX-License-Identifier: MIT */
/*
 * The 'stack' suite, UMD part: winsim's D3D runtime (d3drt.h) drives the
 * Sable UMD over the KMD and the device named by $WINSIM_TRANSPORT
 * (inproc, inproc-intx, qemu). Each test starts the adapter, opens the UMD
 * as the D3D11 runtime does and ends with the leak check of ws_sim_free().
 * This file: the adapter every test starts, the helpers several test
 * files share, and main(), which registers each file's tests.
 */
#include <glib/gstdio.h>

#include "d3drt.h"
#include "test-d3d.h"

static const char *transport(void)
{
    const char *name = g_getenv("WINSIM_TRANSPORT");
    return name ? name : "inproc";
}

WsSim *start(void)
{
    WsSim *sim = ws_sim_new(transport());
    g_assert_cmphex((uint32_t)ws_adapter_start(sim), ==, (uint32_t)STATUS_SUCCESS);
    return sim;
}

Env env_new(UINT iv, UINT cmd, UINT alist, UINT plist)
{
    Env e = { .sim = start() };
    HRESULT hr;
    e.ad = rt_adapter_open(e.sim, 0, &hr);
    g_assert_nonnull(e.ad);
    e.d = rt_device_new(e.ad, iv, cmd, alist, plist);
    return e;
}

/* An Env whose UMD sees a KMD without 3D: resources stay 2D (TILE_Y). */
Env env_new_2d(UINT iv)
{
    Env e = { .sim = start() };
    HRESULT hr;
    e.ad = rt_adapter_open_ex(e.sim, 0, true, &hr);
    g_assert_nonnull(e.ad);
    e.d = rt_device_new(e.ad, iv, 0, 0, 0);
    return e;
}

void env_free(Env *e)
{
    rt_device_free(e->d);
    rt_adapter_close(e->ad);
    ws_sim_free(e->sim);
}

void pattern(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        p[i] = (uint8_t)(i * 31 + seed * 7 + (i >> 8));
    }
}

bool tiled(RtResource *r)
{
    return sable_umd_resource_tiled(r->mem) != 0;
}

/* The TDR test's dumps go to a directory of this run, removed at the end. */
static char *dump_dir_new(void)
{
    char *dir = g_dir_make_tmp("winsim-d3d-dumps-XXXXXX", NULL);
    g_assert_nonnull(dir);
    g_setenv("WINSIM_DUMP_DIR", dir, TRUE);
    return dir;
}

static void dump_dir_remove(char *dir)
{
    GDir *dd = g_dir_open(dir, 0, NULL);
    const char *name;
    while (dd && (name = g_dir_read_name(dd))) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        g_remove(path);
    }
    if (dd) {
        g_dir_close(dd);
    }
    g_rmdir(dir);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    char *dumps = g_test_subprocess() ? NULL : dump_dir_new();
    d3d_adapter_tests_add();
    d3d_errors_tests_add();
    d3d_resources_tests_add();
    d3d_map_tests_add();
    d3d_submit_tests_add();
    d3d_tiled_tests_add();
    d3d_state_tests_add();
    d3d_copy_tests_add();
    d3d_present_tests_add();
    d3d_backbuf_tests_add();
    d3d_shared_tests_add();
    d3d_shader_tests_add();
    d3d_draw_tests_add();
    d3d_tex_tests_add();
    d3d_compute_tests_add();
    d3d_tess_tests_add();
    d3d_gs_tests_add();
    d3d_so_vs_tests_add();
    d3d_query_tests_add();
    d3d_indirect_tests_add();
    d3d_views_tests_add();
    d3d_pstats_tests_add();
    d3d_formats_tests_add();
    d3d_mrt_tests_add();
    d3d_prims_tests_add();
    d3d_sampler_tests_add();
    d3d_sm4_tests_add();
    d3d_typeless_tests_add();
    int status = g_test_run();
    if (dumps) {
        dump_dir_remove(dumps);
    }
    return status;
}
