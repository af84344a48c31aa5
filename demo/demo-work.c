/* SPDX-License-Identifier: MIT */
/* The work the demo submits, and hang detection by device-time timeout. */
#include <string.h>

#include "demo.h"

#define MARKER_SLOTS 64u
#define POLL_STEP_NS 100000ull

void demo_work_init(SqtDevice *d, DemoWork *w, uint32_t size)
{
    w->size = size;
    w->src = sqt_alloc(d, size, 4096);
    w->vram = sqt_vram_alloc(d, size, 4096);
    w->check = sqt_alloc(d, 4 * MARKER_SLOTS, 64);
    uint8_t *p = w->src.ptr;
    for (uint32_t i = 0; i < size; i++) {
        p[i] = (uint8_t)(i * 2654435761u >> 24);
    }
}

bool demo_copy_round(SqtDevice *d, DemoWork *w, unsigned i, uint64_t *fence)
{
    uint8_t *v = sqt_vram_ptr(d->m, w->vram, w->size);
    memset(v, 0, w->size);
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_copy(&cb, w->vram, w->src.gpu, w->size);
    sqt_cmd_write32(&cb, w->check.gpu + 4ull * (MARKER_SLOTS - 1), i);
    *fence = sqt_submit_cmdbuf(d, SABLE_ENGINE_COPY, &cb);
    return sqt_wait_fence(d, SABLE_ENGINE_COPY, *fence, SQT_STEP_NS, SQT_TIMEOUT_NS) &&
           memcmp(v, w->src.ptr, w->size) == 0;
}

uint64_t demo_gfx_submit(SqtDevice *d, DemoWork *w, unsigned slot, uint32_t marker)
{
    SqtCmdBuf cb = sqt_cmdbuf_new(d, 64);
    sqt_cmd_fill(&cb, w->vram + w->size / 2, 0xff00ff00u, 4096);
    sqt_cmd_write32(&cb, w->check.gpu + 4ull * (slot % MARKER_SLOTS), marker);
    return sqt_submit_cmdbuf(d, SABLE_ENGINE_GRAPHICS, &cb);
}

bool demo_marker_is(DemoWork *w, unsigned slot, uint32_t marker)
{
    return sqt_load32((uint32_t *)w->check.ptr + slot % MARKER_SLOTS) == marker;
}

bool demo_detect_hang(SqtDevice *d, unsigned e, uint64_t fence,
                      uint64_t timeout_ns, uint64_t *detected_at_ns)
{
    uint64_t seen = sqt_fence_page_read(d, e);
    int64_t now = sqt_clock_step(d->m, 0);
    int64_t progress_at = now;
    while ((int64_t)(seen - fence) < 0) {
        if ((uint64_t)(now - progress_at) >= timeout_ns) {
            *detected_at_ns = (uint64_t)now;
            return true;
        }
        now = sqt_clock_step(d->m, POLL_STEP_NS);
        uint64_t cur = sqt_fence_page_read(d, e);
        if (cur != seen) {
            seen = cur;
            progress_at = now;
        }
    }
    return false;
}
