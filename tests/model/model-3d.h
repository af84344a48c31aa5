/* SPDX-License-Identifier: MIT */
/*
 * model-3d: the Sable 3D packets (protocol/sable_3d.h) for the in-process
 * 3D tests (test-3d, test-umd3d): contexts, resources, attachments,
 * transfers and stream submissions appended to a CmdBuf, and a device with
 * the 3D engine whose graphics-engine submissions are waited for.
 */
#ifndef MODEL_3D_H
#define MODEL_3D_H

#include "model-util.h"
#include "sable_virgl.h"

#define SETTLE_MS 20000u

void p_ctx(CmdBuf *c, uint32_t op, uint32_t ctx);
void p_res_2d(CmdBuf *c, uint32_t res, uint32_t format, uint32_t bind, uint32_t w, uint32_t h,
              uint64_t backing, uint64_t size);
/* A 2D array texture of `layers` layers (one level). */
void p_res_2d_array(CmdBuf *c, uint32_t res, uint32_t format, uint32_t bind, uint32_t w,
                    uint32_t h, uint32_t layers, uint64_t backing, uint64_t size);
void p_res_buffer(CmdBuf *c, uint32_t res, uint32_t bind, uint32_t bytes, uint64_t backing);
void p_attach(CmdBuf *c, uint32_t op, uint32_t ctx, uint32_t res);
/* Whole-level transfer of a w x h image (bpp bytes per pixel) or buffer. */
void p_transfer(CmdBuf *c, uint32_t dir, uint32_t res, uint32_t w, uint32_t h, uint32_t bpp);
/* The same of layers 0..d-1 (tightly packed). */
void p_transfer_layers(CmdBuf *c, uint32_t dir, uint32_t res, uint32_t w, uint32_t h, uint32_t d,
                       uint32_t bpp);
void p_submit(CmdBuf *c, uint32_t ctx, uint64_t addr, uint32_t ndw);

/* A device with the 3D engine. */
Mt *mt3d(void);
/* Submit c on the graphics engine and wait for the 3D thread; its fence. */
uint64_t run3d(Mt *mt, const CmdBuf *c);
/* No fault, and `fence` completed. */
void assert_ok(Mt *mt, uint64_t fence);

#endif
