/* SPDX-License-Identifier: MIT */
/* What the d3d test files share: a started adapter with one device
 * (test-d3d.c), and the registration of the shader tests
 * (test-d3d-shader.c), draws, textures and compute. */
#ifndef SABLE_TEST_D3D_H
#define SABLE_TEST_D3D_H

#include "d3drt.h"

typedef struct Env {
    WsSim *sim;
    RtAdapter *ad;
    RtDevice *d;
} Env;

/* iv: the interface version; cmd/alist/plist: 0 for the defaults */
Env env_new(UINT iv, UINT cmd, UINT alist, UINT plist);
void env_free(Env *e);
void d3d_shader_tests_add(void);
void d3d_draw_tests_add(void);
void d3d_tex_tests_add(void);
void d3d_compute_tests_add(void);
void d3d_tess_tests_add(void);
void d3d_gs_tests_add(void);
void d3d_query_tests_add(void);
void d3d_indirect_tests_add(void);
void d3d_views_tests_add(void);
void d3d_formats_tests_add(void);

#endif /* SABLE_TEST_D3D_H */
