/* SPDX-License-Identifier: MIT */
/* qfuzz-gen: edge-biased values and packets (see qfuzz-gen.h). */
#include <string.h>

#include "qfuzz-gen.h"

static uint32_t pick(GRand *r, uint32_t n)
{
    return (uint32_t)g_rand_int_range(r, 0, (gint32)n);
}

static uint64_t rand64(GRand *r)
{
    return (uint64_t)g_rand_int(r) << 32 | g_rand_int(r);
}

uint32_t qf_edge_u32(GRand *r)
{
    static const uint32_t edges[] = {
        0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 129, 255, 256,
        4095, 4096, 4097, 8192, 16383, 16384, 16385, 65535, 65536,
        0x7fffffffu, 0x80000000u, 0xfffffffcu, 0xffffffffu,
    };
    switch (pick(r, 4)) {
    case 0: return pick(r, 512);
    case 1: return g_rand_int(r);
    default: return edges[pick(r, G_N_ELEMENTS(edges))];
    }
}

uint64_t qf_edge_u64(GRand *r)
{
    static const uint64_t edges[] = {
        0, 1, 4, 8, 4096, 1ull << 20, 1ull << 32, (1ull << 32) + 4096,
        1ull << 63, UINT64_MAX - 4095, UINT64_MAX - 7, UINT64_MAX,
    };
    switch (pick(r, 3)) {
    case 0: return qf_edge_u32(r);
    case 1: return rand64(r);
    default: return edges[pick(r, G_N_ELEMENTS(edges))];
    }
}

/* Near `end` (an exclusive bound): a few bytes or pages either side. */
static uint64_t near(GRand *r, uint64_t end)
{
    static const int64_t d[] = { -8192, -4096, -64, -8, -4, -1, 0, 4, 4096 };
    return end + (uint64_t)d[pick(r, G_N_ELEMENTS(d))];
}

uint64_t qf_gpu_addr(GRand *r, const QfGpuMap *m)
{
    uint64_t hot = (rand64(r) % (QF_HOT_PAGES * 4096ull)) & ~127ull;
    switch (pick(r, 10)) {
    case 0: return near(r, m->vram_size);
    case 1: return near(r, m->gart_base);
    case 2: return near(r, m->gart_base + m->gart_size);
    case 3: return qf_edge_u64(r);
    case 4: return (rand64(r) % m->vram_size) & ~3ull;
    case 5: return hot;
    case 6: return m->scratch_gpu + hot;
    default: /* scratch RAM through the GART, often page-crossing */
        return m->scratch_gpu + ((rand64(r) % m->scratch_size) & ~3ull);
    }
}

uint32_t qf_opcode(GRand *r)
{
    switch (pick(r, 12)) {
    case 0: return SABLE_OP_DEBUG_STALL + pick(r, 2);
    case 1: return pick(r, 256) | (pick(r, 2) ? SABLE_CMD_F_OPTIONAL << 8 : 0);
    default: return pick(r, SABLE_OP_COPY_2D + 1);
    }
}

static void surface(GRand *r, const QfGpuMap *m, struct sable_surface *s)
{
    bool tiled = pick(r, 3) == 0;
    s->addr = qf_gpu_addr(r, m);
    if (tiled && pick(r, 2)) {
        s->addr &= ~4095ull;
    }
    s->pitch = pick(r, 2) ? 128u * (1 + pick(r, 64)) : qf_edge_u32(r);
    s->format = SABLE_SURFACE_FORMAT(pick(r, SABLE_FORMAT_COUNT + 1),
                                     tiled ? SABLE_TILING_Y : pick(r, 3) ? 0 : pick(r, 256));
    if (!pick(r, 16)) {
        s->format |= 1u << 24;
    }
    s->width = pick(r, 2) ? 1 + pick(r, 256) : qf_edge_u32(r);
    s->height = pick(r, 2) ? 1 + pick(r, 128) : qf_edge_u32(r);
}

/* A valid linear copy between a hot GART page and the VRAM (or another
 * hot page) its entry may alias, rows overlapping by a few bytes. */
static void sane_pair(GRand *r, const QfGpuMap *m, struct sable_cmd_blit_2d *b)
{
    uint64_t page = 4096ull * pick(r, QF_HOT_PAGES);
    uint64_t gart = m->scratch_gpu + page, vram = page + 4 * pick(r, 64);
    bool to_vram = pick(r, 2);
    struct sable_surface s = { .pitch = 256, .format = SABLE_FORMAT_B8G8R8A8_UNORM,
                               .width = 64, .height = 16 };
    b->src = s;
    b->dst = s;
    b->src.addr = to_vram ? gart : vram;
    b->dst.addr = to_vram ? vram : gart;
    b->src_rect = (struct sable_rect) { 0, 0, 64, 16 };
}

static void rect(GRand *r, struct sable_rect *rc)
{
    rc->x = pick(r, 2) ? pick(r, 64) : qf_edge_u32(r);
    rc->y = pick(r, 2) ? pick(r, 64) : qf_edge_u32(r);
    rc->w = pick(r, 2) ? pick(r, 128) : qf_edge_u32(r);
    rc->h = pick(r, 2) ? pick(r, 64) : qf_edge_u32(r);
}

/* Fill the body (after the header) of opcode op; returns its size in dw. */
static uint32_t body(GRand *r, const QfGpuMap *m, uint32_t op, uint32_t *dw,
                     uint32_t max_dw)
{
    union {
        uint32_t dw[20];
        struct sable_cmd_write32 w32;
        struct sable_cmd_write64 w64;
        struct sable_cmd_copy copy;
        struct sable_cmd_fill fill;
        struct sable_cmd_blit_2d blit;
        struct sable_cmd_solid_fill_2d solid;
        struct sable_cmd_timestamp ts;
        struct sable_cmd_wait_value wait;
        struct sable_cmd_gart_update gart;
        struct sable_cmd_debug_stall stall;
    } p;
    uint32_t n = 1;

    memset(&p, 0, sizeof(p));
    switch (op & 0xff) {
    case SABLE_OP_WRITE32:
        p.w32 = (struct sable_cmd_write32) { .value = g_rand_int(r), .addr = qf_gpu_addr(r, m) };
        n = sizeof(p.w32) / 4;
        break;
    case SABLE_OP_WRITE64:
        p.w64 = (struct sable_cmd_write64) { .addr = qf_gpu_addr(r, m), .value = rand64(r) };
        n = sizeof(p.w64) / 4;
        break;
    case SABLE_OP_COPY:
        p.copy = (struct sable_cmd_copy) { .dst = qf_gpu_addr(r, m), .src = qf_gpu_addr(r, m),
                                           .size = pick(r, 2) ? pick(r, 16384) : qf_edge_u64(r) };
        n = sizeof(p.copy) / 4;
        break;
    case SABLE_OP_FILL:
        p.fill = (struct sable_cmd_fill) { .pattern = g_rand_int(r), .dst = qf_gpu_addr(r, m),
                                           .size = pick(r, 2) ? pick(r, 16384) : qf_edge_u64(r) };
        n = sizeof(p.fill) / 4;
        break;
    case SABLE_OP_BLIT_2D:
    case SABLE_OP_COPY_2D:
        if (pick(r, 2)) {
            sane_pair(r, m, &p.blit);
            n = sizeof(p.blit) / 4;
            break;
        }
        surface(r, m, &p.blit.src);
        if (pick(r, 4)) {
            surface(r, m, &p.blit.dst);
        } else { /* overlapping blits within one surface */
            p.blit.dst = p.blit.src;
            p.blit.dst.addr += pick(r, 2) ? 0 : p.blit.src.pitch;
        }
        rect(r, &p.blit.src_rect);
        p.blit.dst_x = pick(r, 64);
        p.blit.dst_y = pick(r, 64);
        p.blit.reserved = pick(r, 16) ? 0 : g_rand_int(r);
        n = sizeof(p.blit) / 4;
        break;
    case SABLE_OP_SOLID_FILL_2D:
        p.solid.color = g_rand_int(r);
        surface(r, m, &p.solid.dst);
        rect(r, &p.solid.rect);
        n = sizeof(p.solid) / 4;
        break;
    case SABLE_OP_TIMESTAMP:
        p.ts.addr = qf_gpu_addr(r, m);
        n = sizeof(p.ts) / 4;
        break;
    case SABLE_OP_WAIT_VALUE: /* often never satisfied */
        p.wait = (struct sable_cmd_wait_value) { .compare = pick(r, 5), .addr = qf_gpu_addr(r, m),
                                                 .value = rand64(r), .mask = qf_edge_u64(r) };
        n = sizeof(p.wait) / 4;
        break;
    case SABLE_OP_GART_UPDATE:
        p.gart = (struct sable_cmd_gart_update) { .count = pick(r, 2) ? pick(r, 4) : qf_edge_u32(r),
                                                  .first_entry = qf_edge_u32(r) };
        n = sizeof(p.gart) / 4;
        break;
    case SABLE_OP_DEBUG_STALL:
        p.stall.usec = pick(r, 2000);
        n = sizeof(p.stall) / 4;
        break;
    default:
        n = 1 + pick(r, 8);
        for (uint32_t i = 1; i < n; i++) {
            p.dw[i] = g_rand_int(r);
        }
        break;
    }
    if (n > max_dw) {
        return 0;
    }
    memcpy(dw, p.dw, n * 4);
    return n;
}

uint32_t qf_packet(GRand *r, const QfGpuMap *m, uint32_t op, uint32_t *dw,
                   uint32_t max_dw)
{
    uint32_t n = body(r, m, op, dw, max_dw);
    if (!n) {
        return 0;
    }
    /* GART_UPDATE entries: PTEs into scratch RAM, garbage, or nothing. */
    if ((op & 0xff) == SABLE_OP_GART_UPDATE) {
        uint32_t extra = MIN(2 * pick(r, 4), max_dw - n);
        for (uint32_t i = 0; i < extra; i++) {
            dw[n + i] = g_rand_int(r);
        }
        n += extra;
    }
    uint32_t size = n;
    switch (pick(r, 10)) {
    case 0: size = 0; break;
    case 1: size = pick(r, n + 1); break;
    case 2: size = n + pick(r, 64); break;
    case 3: size = 0xffff; break;
    default: break;
    }
    uint32_t flags = pick(r, 16) ? (op >> 8) & 0xff : pick(r, 256);
    dw[0] = SABLE_CMD_HEADER(op & 0xff, flags, size & 0xffff);
    return n;
}
