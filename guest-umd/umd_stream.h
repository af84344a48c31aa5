/* SPDX-License-Identifier: MIT */
/*
 * The draw path's virgl sub-stream (draw.c), shared with the compute path
 * (compute.c, uav.c): a chunk is built in d->s3d.b across operations and
 * sent as one inline 3D SUBMIT listing the resources it names (UmdNamed:
 * each once, with whether the work writes it) by umd_stream_flush (umd.h).
 * umd_stream_room sends the chunk first when ndw more dwords do not fit. The stage helpers do for one shader stage
 * what a draw does: name its constant buffers and shader resources,
 * create its shader, sampler views and samplers in the virgl context
 * (first use), then bind its constants and sampler units.
 */
#ifndef SABLE_UMD_STREAM_H
#define SABLE_UMD_STREAM_H

#include "umd.h"

/* Opens the chunk (or keeps the open one) and adds n to what it names;
 * the open chunk is sent first when the union would not fit. */
bool umd_stream_begin(UmdDevice *d, UmdDdi ddi, const UmdNamed *n);
bool umd_stream_send(UmdDevice *d, UmdDdi ddi, const UmdNamed *n);
bool umd_stream_room(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, uint32_t ndw);
/* Every resource n names brought to the host first (false: a transfer
 * failed, reported). */
bool umd_stream_to_host(UmdDevice *d, UmdDdi ddi, const UmdNamed *n);
/* After work that writes them, the host copies of what n names as written
 * are the newer ones (and map.c's DISCARD copy of them is stale). */
void umd_stream_written(const UmdNamed *n);
/* false: r is not a 3D resource, or too many resources */
bool umd_stream_name(UmdNamed *n, UmdResource *r, bool write);
bool umd_stage_name(UmdNamed *n, const UmdState *st, unsigned stage);
/* The stage's views that read a shadow (view_shadow.c): their shadows
 * made (first use) and named as written; then, in the stream before the
 * work, the views' ranges copied into them. */
bool umd_stage_shadows(UmdDevice *d, unsigned stage, UmdNamed *n);
bool umd_stage_copies(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, unsigned stage);
bool umd_stage_objects(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, unsigned stage);
bool umd_stage_state(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, unsigned stage);
uint32_t umd_virgl_stage(unsigned stage); /* SABLE_VIRGL_SHADER_* of UMD_VS.. */
/* A virgl shader object at *handle: `text`, s's compute info, so_src's
 * stream output declaration (none: nso 0). */
bool umd_shader_object(UmdDevice *d, UmdDdi ddi, const UmdNamed *n, const UmdShader *s,
                       const UmdShader *so_src, unsigned stage, const char *text,
                       uint32_t *handle);

#endif /* SABLE_UMD_STREAM_H */
