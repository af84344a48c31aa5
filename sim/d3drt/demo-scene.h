/* SPDX-License-Identifier: MIT */
/*
 * The D3D demo's 3D scene: a cube with a checkerboard texture on each face,
 * lit by a directional light (per-face normals turned in the vertex
 * shader, ambient plus diffuse), rotated by the matrices in a constant
 * buffer, drawn indexed with a depth buffer straight into the target it
 * is given (the swap chain's back buffer, a 3D resource).
 */
#ifndef DEMO_SCENE_H
#define DEMO_SCENE_H

#include "d3drt.h"

typedef struct DemoScene DemoScene;

/* The scene's objects on d for a w x h target; NULL if any creation
 * failed. */
DemoScene *demo_scene_new(RtDevice *d, UINT w, UINT h);
/* Clear `back` (w x h, a 3D render target: B8G8R8A8 or B8G8R8X8) and
 * draw the cube turned by `angle` radians into it through a view of it
 * (made at its first draw: a swap chain's back buffer keeps its view
 * across RotateResourceIdentities); what failed, else S_OK. */
HRESULT demo_scene_draw(DemoScene *s, RtResource *back, float angle);
void demo_scene_free(DemoScene *s);
/* Where the centre of the face turned most towards the viewer lands at
 * `angle` on a w x h target (pixel x, y) and its colour there (R, G, B
 * bytes): the checkerboard's centre texel (point sampled) times the face's
 * light. With the far side culled and the depth test on, the frame shows
 * that colour there. */
void demo_scene_facing(float angle, UINT w, UINT h, UINT *x, UINT *y, uint8_t rgb[3]);

#endif
