/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dump-3d.c: the dump's 3D section (protocol/sable_dump.h, dump 1.2): object
 * counts, the guilty context, the SUBMIT in flight with the virgl command
 * the 3D thread is executing (read atomically from the job it works on) or
 * that failed, and the recent virgl commands, oldest first.
 */
#include <string.h>

#include "core-internal.h"

uint32_t sable_dump_3d_size(const SableDevice *dev)
{
    const Sable3D *s = &dev->s3d;
    return s->virgl ? sizeof(struct sable_dump_3d) +
                      s->recent_count * sizeof(struct sable_dump_3d_cmd) : 0;
}

/* The virgl command at the stream position (live while the SUBMIT runs). */
static void stream_position(const Sable3D *s, struct sable_dump_3d *d)
{
    const SableVirglJob *job = s->wait_tag ? s->wait_job : NULL;

    d->stream_pos_dw = s->stream_pos_dw;
    d->stream_cmd = s->stream_cmd;
    if (job && job->op == SABLE_VIRGL_SUBMIT) {
        uint32_t pos = (uint32_t)g_atomic_int_get(&job->pos_dw);
        const uint32_t *dw = (const uint32_t *)job->data;
        d->stream_pos_dw = pos;
        d->stream_cmd = pos < job->len / 4 ? dw[pos] : 0;
    }
}

void sable_dump_3d_put(const SableDevice *dev, uint8_t *p)
{
    const Sable3D *s = &dev->s3d;
    uint32_t size = sable_dump_3d_size(dev);

    if (!size) {
        return;
    }
    struct sable_dump_3d d = {
        .sec = { .type = SABLE_DUMP_SEC_3D, .size = size },
        .context_count = s->ctx_count, .resource_count = s->res_count,
        .guilty_context = s->guilty_ctx,
        .waiting = dev->eng[SABLE_ENGINE_GRAPHICS].state == ENG_3D,
        .stream_addr = s->stream_addr, .stream_dw = s->stream_dw,
        .recent_count = s->recent_count,
    };
    for (uint32_t c = 1; c <= SABLE_3D_MAX_CONTEXTS; c++) {
        d.live_contexts |= (uint64_t)s->ctx_live[c] << (c - 1);
    }
    stream_position(s, &d);
    memcpy(p, &d, sizeof(d));
    p += sizeof(d);
    uint32_t first = (s->recent_next + SABLE_CORE_3D_RECENT - s->recent_count) %
                     SABLE_CORE_3D_RECENT;
    for (uint32_t i = 0; i < s->recent_count; i++) {
        memcpy(p + i * sizeof(struct sable_dump_3d_cmd),
               &s->recent[(first + i) % SABLE_CORE_3D_RECENT],
               sizeof(struct sable_dump_3d_cmd));
    }
}
