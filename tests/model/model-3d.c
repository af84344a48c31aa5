/* SPDX-License-Identifier: MIT */
#include "model-3d.h"

void p_ctx(CmdBuf *c, uint32_t op, uint32_t ctx)
{
    struct sable_cmd_3d_ctx p = { SABLE_CMD_HEADER(op, 0, 2), ctx };
    cb_emit(c, &p, sizeof(p));
}

void p_res_2d_array(CmdBuf *c, uint32_t res, uint32_t format, uint32_t bind, uint32_t w,
                    uint32_t h, uint32_t layers, uint64_t backing, uint64_t size)
{
    struct sable_cmd_3d_res_create p = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_RES_CREATE, 0, 16),
        .res_id = res,
        .target = layers > 1 ? SABLE_VIRGL_TARGET_TEXTURE_2D_ARRAY : SABLE_VIRGL_TARGET_TEXTURE_2D,
        .format = format, .bind = bind, .width = w, .height = h, .depth = 1,
        .array_size = layers, .backing_addr = backing, .backing_size = size,
    };
    cb_emit(c, &p, sizeof(p));
}

void p_res_2d(CmdBuf *c, uint32_t res, uint32_t format, uint32_t bind,
              uint32_t w, uint32_t h, uint64_t backing, uint64_t size)
{
    p_res_2d_array(c, res, format, bind, w, h, 1, backing, size);
}

void p_res_buffer(CmdBuf *c, uint32_t res, uint32_t bind,
                  uint32_t bytes, uint64_t backing)
{
    struct sable_cmd_3d_res_create p = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_RES_CREATE, 0, 16),
        .res_id = res, .target = SABLE_VIRGL_TARGET_BUFFER,
        .format = SABLE_VIRGL_FORMAT_R8_UNORM, .bind = bind, .width = bytes,
        .height = 1, .depth = 1, .array_size = 1,
        .backing_addr = backing, .backing_size = bytes,
    };
    cb_emit(c, &p, sizeof(p));
}

void p_attach(CmdBuf *c, uint32_t op, uint32_t ctx, uint32_t res)
{
    struct sable_cmd_3d_attach p = { SABLE_CMD_HEADER(op, 0, 4), ctx, res, 0 };
    cb_emit(c, &p, sizeof(p));
}

/* Whole-level transfer of a w x h image (bpp bytes per pixel) or buffer. */
void p_transfer_layers(CmdBuf *c, uint32_t dir, uint32_t res, uint32_t w, uint32_t h, uint32_t d,
                       uint32_t bpp)
{
    struct sable_cmd_3d_transfer p = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_TRANSFER, 0, 16),
        .direction = dir, .res_id = res, .w = w, .h = h, .d = d,
        .stride = w * bpp, .size = (uint64_t)w * h * d * bpp,
    };
    cb_emit(c, &p, sizeof(p));
}

void p_transfer(CmdBuf *c, uint32_t dir, uint32_t res, uint32_t w,
                uint32_t h, uint32_t bpp)
{
    p_transfer_layers(c, dir, res, w, h, 1, bpp);
}

void p_submit(CmdBuf *c, uint32_t ctx, uint64_t addr, uint32_t ndw)
{
    struct sable_cmd_3d_submit p = {
        SABLE_CMD_HEADER(SABLE_OP_3D_SUBMIT, 0, 6), ctx, ndw, 0, addr };
    cb_emit(c, &p, sizeof(p));
}

/* ---- fixtures ---- */

Mt *mt3d(void)
{
    SimBusConfig cfg = { .enable_3d = true };
    return mt_new(&cfg);
}

/* Submit cb on the graphics engine and wait for the 3D thread. */
uint64_t run3d(Mt *mt, const CmdBuf *c)
{
    uint64_t f = mt_submit(mt, SABLE_ENGINE_GRAPHICS, c);
    g_assert_true(simbus_settle_3d(mt->bus, SETTLE_MS));
    return f;
}

void assert_ok(Mt *mt, uint64_t fence)
{
    g_assert_cmpuint(mt_reg(mt, 0, SABLE_ENG_FAULT_CODE), ==, SABLE_FAULT_NONE);
    g_assert_cmpuint(mt_completed(mt, 0), ==, fence);
}

