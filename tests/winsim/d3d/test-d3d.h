/* SPDX-License-Identifier: MIT */
/* What the d3d test files share: a started adapter with one device and
 * the helpers several files use (test-d3d.c), and the registration of
 * each file's tests (test-d3d-<concern>.c), called by main(). */
#ifndef SABLE_TEST_D3D_H
#define SABLE_TEST_D3D_H

#include "d3drt.h"

typedef struct Env {
    WsSim *sim;
    RtAdapter *ad;
    RtDevice *d;
} Env;

/* a simulator on $WINSIM_TRANSPORT with its adapter started */
WsSim *start(void);
/* iv: the interface version; cmd/alist/plist: 0 for the defaults */
Env env_new(UINT iv, UINT cmd, UINT alist, UINT plist);
void env_free(Env *e);
/* An Env whose UMD sees a KMD without 3D: resources stay 2D (TILE_Y). */
Env env_new_2d(UINT iv);
/* n bytes of a pattern of its seed into p */
void pattern(uint8_t *p, size_t n, unsigned seed);
/* whether the UMD laid r out TILE_Y */
bool tiled(RtResource *r);
void d3d_adapter_tests_add(void);
void d3d_errors_tests_add(void);
void d3d_resources_tests_add(void);
void d3d_map_tests_add(void);
void d3d_submit_tests_add(void);
void d3d_tiled_tests_add(void);
void d3d_state_tests_add(void);
void d3d_copy_tests_add(void);
void d3d_present_tests_add(void);
void d3d_backbuf_tests_add(void);
void d3d_shared_tests_add(void);
void d3d_shader_tests_add(void);
void d3d_draw_tests_add(void);
void d3d_tex_tests_add(void);
void d3d_compute_tests_add(void);
void d3d_tess_tests_add(void);
void d3d_gs_tests_add(void);
void d3d_so_vs_tests_add(void);
void d3d_query_tests_add(void);
void d3d_indirect_tests_add(void);
void d3d_views_tests_add(void);
void d3d_pstats_tests_add(void);
void d3d_formats_tests_add(void);
void d3d_mrt_tests_add(void);
void d3d_prims_tests_add(void);
void d3d_sampler_tests_add(void);
void d3d_sm4_tests_add(void);
void d3d_typeless_tests_add(void);

#endif /* SABLE_TEST_D3D_H */
