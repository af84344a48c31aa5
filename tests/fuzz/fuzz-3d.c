/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the device's 3D engine on simbus with virglrenderer
 * (llvmpipe) behind it. The input is a virgl command stream; the device
 * gets it as a guest would send it: a 3D context, a 64x64 B8G8R8A8 render
 * target resource (id 1) backed by VRAM and attached, a SUBMIT of the
 * stream from VRAM, then a FROM_HOST transfer of the target. The device
 * frames and checks the stream and hands it to virglrenderer; whatever the
 * bytes, nothing may crash, and a refused stream faults only the engine.
 * One device for the process (virglrenderer has one instance); every
 * input starts from an adapter reset, which destroys every 3D object.
 */
#include <string.h>

#include "model-3d.h"

#define RT 0x200000ull
#define STREAM 0x300000ull
#define MAX_STREAM_DW 16384u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Mt *mt;
static CmdBuf cb;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint32_t ndw = (uint32_t)MIN(size / 4, MAX_STREAM_DW);
    if (!ndw) {
        return 0;
    }
    if (!mt) {
        mt = mt3d();
    }
    simbus_write(mt->bus, SABLE_REG_ADAPTER_RESET, SABLE_ADAPTER_RESET_KEY);
    mt_rings_init(mt);
    memcpy(mt_vram(mt, STREAM), data, (size_t)ndw * 4);
    cb_reset(&cb);
    p_ctx(&cb, SABLE_OP_3D_CTX_CREATE, 1);
    p_res_2d(&cb, 1, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, SABLE_VIRGL_BIND_RENDER_TARGET, 64, 64,
             RT, 64 * 64 * 4);
    p_attach(&cb, SABLE_OP_3D_ATTACH, 1, 1);
    p_submit(&cb, 1, STREAM, ndw);
    p_transfer(&cb, SABLE_3D_FROM_HOST, 1, 64, 64, 4);
    run3d(mt, &cb);
    return 0;
}
