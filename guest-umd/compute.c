/* SPDX-License-Identifier: MIT */
/*
 * The compute path (docs/umd.md "Compute"): Dispatch and DispatchIndirect
 * as one virgl chunk: the copies into the view shadows the shader reads,
 * the compute shader and its stage state (the draw path's helpers,
 * umd_stream.h), the UAVs as shader buffers and images,
 * LAUNCH_GRID, then a MEMORY_BARRIER so that later work (draws, copies,
 * transfers back) sees what the shader wrote. Every UAV's host copy is
 * newer afterwards.
 */
#include "umd_stream.h"
#include "umd_uav.h"

#define DISPATCH_MAX_GROUPS 65535u /* D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION */
#define BIND_DW 128u               /* the bind, buffers, images, launch and barrier */

static bool put_dispatch(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, const UINT groups[3],
                         UmdResource *args, UINT offset)
{
    const UmdShader *cs = d->state.shader[UMD_CS];
    const uint32_t type = SABLE_VIRGL_SHADER_COMPUTE;
    VglBuf *b = &d->s3d.b;
    return umd_stage_state(d, ddi, n, UMD_CS) && umd_stream_room(d, ddi, n, BIND_DW) &&
           vgl_bind_shader(b, cs->handle, type) && umd_put_uavs(d, UMD_CS) &&
           vgl_launch_grid(b, cs->info.cs_block, groups, args ? args->res_id : 0,
                           args ? offset : 0) &&
           vgl_memory_barrier(b, SABLE_VIRGL_BARRIER_ALL) && umd_stream_send(d, ddi, n);
}

/* Nothing runs: no compute shader, a zero count, a count past D3D's limit
 * (the API drops such a call), or indirect arguments outside the buffer. */
static bool nothing_to_run(const UmdDevice *d, const UINT groups[3], const UmdResource *args,
                           UINT offset)
{
    if (!d->state.shader[UMD_CS]) {
        return true;
    }
    if (args) {
        return args->magic != UMD_RESOURCE_MAGIC || (uint64_t)offset + 12u > args->width;
    }
    for (int i = 0; i < 3; i++) {
        if (groups[i] == 0 || groups[i] > DISPATCH_MAX_GROUPS) {
            return true;
        }
    }
    return false;
}

void umd_dispatch(UmdDevice *d, UmdDdi ddi, const UINT groups[3], UmdResource *args,
                  UINT offset)
{
    static const UINT none[3];
    if (umd_check_lost(d, ddi) || nothing_to_run(d, args ? none : groups, args, offset)) {
        return;
    }
    UmdNamed n = { .n = 0 };
    static const unsigned cs[1] = { UMD_CS };
    umd_srv_split_modes(&d->state, cs, 1);
    if (!(d->adapter->priv.kmd_features & SABLE_KMD_F_3D) || !umd_stage_name(&n, &d->state, UMD_CS) ||
        !umd_uav_name(&d->state, UMD_CS, &n) || (args && !umd_stream_name(&n, args, false)) ||
        !umd_stage_shadows(d, UMD_CS, &n)) {
        umd_unsupported(d, ddi, 0);
        return;
    }
    if (!umd_stream_to_host(d, ddi, &n)) {
        return;
    }
    if (!umd_stream_begin(d, ddi, &n) || !umd_stage_copies(d, ddi, &n, UMD_CS) ||
        !umd_stage_objects(d, ddi, &n, UMD_CS) ||
        !put_dispatch(d, ddi, &n, args ? none : groups, args, offset)) {
        if (!d->lost) {
            umd_unsupported(d, ddi, 0);
        }
        return;
    }
    umd_stream_written(&n);
    if (!args) {
        umd_stats_dispatch(d, groups);
    }
    d->dispatches++;
}
