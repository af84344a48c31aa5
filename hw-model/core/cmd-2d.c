/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-2d.c: BLIT_2D, COPY_2D and SOLID_FILL_2D. Surfaces and rectangles are
 * checked with 64-bit math (BAD_ARGUMENT), then the rectangle is processed
 * in bands of rows that fit the byte budget: the needed part of each row is
 * staged into host buffers through tiling.c (linear rows, or whole tiles
 * de-tiled; GART pages may be scattered), rendered by sable-render (COPY_2D:
 * the staged bytes as they are) and written back (re-tiled). COPY_2D
 * between surfaces that share no memory skips the staging when one side is
 * linear in VRAM: the other side is (de-)tiled straight to/from it. A band's
 * source is staged completely before its destination is written, and bands
 * run bottom-up when the destination starts after the source (by linear
 * position), so overlapping blits between surfaces of one layout are
 * correct.
 */
#include "core-internal.h"
#include "sable-render.h"

_Static_assert(sizeof(struct sable_cmd_copy_2d) ==
               sizeof(struct sable_cmd_blit_2d) &&
               offsetof(struct sable_cmd_copy_2d, src_rect) ==
               offsetof(struct sable_cmd_blit_2d, src_rect) &&
               offsetof(struct sable_cmd_copy_2d, dst_y) ==
               offsetof(struct sable_cmd_blit_2d, dst_y),
               "COPY_2D is executed through BLIT_2D's layout");

typedef struct Surface {
    struct sable_surface s;
    SableLayout layout;
    uint32_t format;        /* pixel format */
    unsigned bpp;
    uint64_t size;          /* bytes it occupies (tile padding included) */
} Surface;

static bool surface_check(const struct sable_surface *in, Surface *out)
{
    out->s = *in;
    out->format = SABLE_SURFACE_PIXEL_FORMAT(in->format);
    out->bpp = sable_format_bpp(out->format);
    out->layout = (SableLayout) { .addr = in->addr, .pitch = in->pitch,
                                  .tiling = SABLE_SURFACE_TILING(in->format),
                                  .height = in->height };
    return out->bpp && !SABLE_SURFACE_RESERVED(in->format) &&
           in->width >= 1 && in->height >= 1 &&
           in->width <= SABLE_CORE_MAX_SURFACE_DIM &&
           in->height <= SABLE_CORE_MAX_SURFACE_DIM &&
           sable_layout_check(&out->layout, (uint64_t)in->width * out->bpp,
                              &out->size);
}

static bool surfaces_disjoint(const Surface *a, const Surface *b)
{
    return a->s.addr + a->size <= b->s.addr ||
           b->s.addr + b->size <= a->s.addr;
}

static bool rect_inside(const Surface *s, uint32_t x, uint32_t y, uint32_t w,
                        uint32_t h)
{
    return (uint64_t)x + w <= s->s.width && (uint64_t)y + h <= s->s.height;
}

/* Linear position of pixel (x, y) (its GPU address in a linear surface),
 * for ordering overlapping bands; inside the surface, so no overflow. */
static uint64_t pixel_addr(const Surface *s, uint32_t x, uint32_t y)
{
    return s->s.addr + (uint64_t)y * s->s.pitch + (uint64_t)x * s->bpp;
}

static uint32_t host_pitch(const Surface *s, uint32_t w)
{
    return ((uint32_t)w * s->bpp + 3u) & ~3u;
}

/* Rows of w pixels: [y, y + k) of s at column x <-> host buffer. */
static bool rows_transfer(SableEngine *eng, const Surface *s, uint32_t x,
                          uint32_t y, uint32_t w, uint32_t k, uint8_t *buf,
                          bool write)
{
    SableMem m = sable_mem_of(eng);
    uint32_t xb = x * s->bpp, wb = w * s->bpp; /* inside: <= 4 * 16384 */

    return write ? sable_layout_write(&m, &s->layout, xb, y, wb, k, buf,
                                      host_pitch(s, w))
                 : sable_layout_read(&m, &s->layout, xb, y, wb, k, buf,
                                     host_pitch(s, w));
}

static SableImage host_image(const Surface *s, void *buf, uint32_t w, uint32_t k)
{
    return (SableImage) { .pixels = buf, .pitch = host_pitch(s, w),
                          .format = s->format, .width = w, .height = k };
}

/* Next band of rows: [*first, *first + *k) of h rows, in processing order. */
static bool next_band(SableEngine *eng, uint32_t h, uint64_t row_bytes,
                      bool bottom_up, uint32_t *first, uint32_t *k)
{
    uint64_t left = h - eng->progress;
    uint64_t max_rows = MAX(1, SABLE_STAGE_MAX / row_bytes);
    uint64_t got = sable_budget_take(eng, MIN(left, max_rows) * row_bytes,
                                     row_bytes);
    if (!got) {
        return false;
    }
    *k = (uint32_t)(got / row_bytes);
    *first = bottom_up ? (uint32_t)(left - *k) : (uint32_t)eng->progress;
    return true;
}

static SableCmdResult render_failed(SableEngine *eng)
{
    sable_fault(eng, SABLE_FAULT_BAD_ARGUMENT, sable_cmd_gpa(eng), 0);
    return CMD_FAULT;
}

/* Convert the staged source band into the destination's format. */
static bool band_convert(const Surface *src, const Surface *dst, uint8_t *sbuf,
                         uint8_t *dbuf, uint32_t w, uint32_t k)
{
    SableImage si = host_image(src, sbuf, w, k);
    SableImage di = host_image(dst, dbuf, w, k);
    struct sable_rect rect = { 0, 0, w, k };
    return sable_render_blit(&si, &rect, &di, 0, 0);
}

/* convert: BLIT_2D; otherwise COPY_2D writes the staged bytes back as is
 * (same bytes per pixel, so the same host pitch). */
static SableCmdResult blit_band(SableEngine *eng, const Surface *src,
                                const Surface *dst, uint32_t first, uint32_t k,
                                bool convert)
{
    const struct sable_cmd_blit_2d *c = &eng->pkt.blit;
    uint32_t w = c->src_rect.w;
    uint8_t *sbuf = g_malloc((uint64_t)host_pitch(src, w) * k);
    uint8_t *dbuf = convert ? g_malloc0((uint64_t)host_pitch(dst, w) * k)
                            : sbuf;
    SableCmdResult r = CMD_FAULT;

    if (rows_transfer(eng, src, c->src_rect.x, c->src_rect.y + first, w, k,
                      sbuf, false)) {
        if (convert && !band_convert(src, dst, sbuf, dbuf, w, k)) {
            r = render_failed(eng);
        } else if (rows_transfer(eng, dst, c->dst_x, c->dst_y + first, w, k,
                                 dbuf, true)) {
            r = CMD_DONE;
        }
    }
    if (dbuf != sbuf) {
        g_free(dbuf);
    }
    g_free(sbuf);
    return r;
}

/* Host pointer of rows [y, y + k) of w pixels at column x of a linear
 * surface when they all lie in VRAM (*p NULL otherwise); false: faulted. */
static bool direct_rows(SableMem *m, const Surface *s, uint32_t x, uint32_t y,
                        uint32_t w, uint32_t k, bool write, uint8_t **p)
{
    *p = NULL;
    return s->layout.tiling != SABLE_TILING_LINEAR ||
           sable_mem_direct(m, pixel_addr(s, x, y),
                            (uint64_t)(k - 1) * s->s.pitch +
                            (uint64_t)w * s->bpp, write, p);
}

/* COPY_2D band of disjoint surfaces without staging, if one side allows. */
static SableCmdResult copy_band(SableEngine *eng, const Surface *src,
                                const Surface *dst, uint32_t first, uint32_t k)
{
    const struct sable_cmd_blit_2d *c = &eng->pkt.blit;
    uint32_t w = c->src_rect.w, wb = w * src->bpp;
    uint32_t sy = c->src_rect.y + first, dy = c->dst_y + first;
    SableMem m = sable_mem_of(eng);
    uint8_t *p;

    if (!direct_rows(&m, dst, c->dst_x, dy, w, k, true, &p)) {
        return CMD_FAULT;
    }
    if (p) {
        return sable_layout_read(&m, &src->layout, c->src_rect.x * src->bpp,
                                 sy, wb, k, p, dst->s.pitch) ? CMD_DONE
                                                             : CMD_FAULT;
    }
    if (!direct_rows(&m, src, c->src_rect.x, sy, w, k, false, &p)) {
        return CMD_FAULT;
    }
    if (p) {
        return sable_layout_write(&m, &dst->layout, c->dst_x * dst->bpp, dy,
                                  wb, k, p, src->s.pitch) ? CMD_DONE
                                                          : CMD_FAULT;
    }
    return blit_band(eng, src, dst, first, k, false);
}

static SableCmdResult blit_or_copy(SableEngine *eng, bool convert)
{
    const struct sable_cmd_blit_2d *c = &eng->pkt.blit;
    const struct sable_rect *r = &c->src_rect;
    Surface src, dst;

    if (c->reserved || !surface_check(&c->src, &src) ||
        !surface_check(&c->dst, &dst) ||
        (!convert && src.bpp != dst.bpp) ||
        !rect_inside(&src, r->x, r->y, r->w, r->h) ||
        !rect_inside(&dst, c->dst_x, c->dst_y, r->w, r->h)) {
        return render_failed(eng);
    }
    if (!r->w || !r->h) {
        return CMD_DONE;
    }
    bool bottom_up = pixel_addr(&dst, c->dst_x, c->dst_y) >
                     pixel_addr(&src, r->x, r->y);
    bool direct = !convert && surfaces_disjoint(&src, &dst);
    uint64_t row_bytes = (uint64_t)r->w * (src.bpp + dst.bpp);
    while (eng->progress < r->h) {
        uint32_t first, k;
        if (!next_band(eng, r->h, row_bytes, bottom_up, &first, &k)) {
            return CMD_YIELD;
        }
        SableCmdResult res = direct ? copy_band(eng, &src, &dst, first, k)
                                    : blit_band(eng, &src, &dst, first, k,
                                                convert);
        if (res != CMD_DONE) {
            return CMD_FAULT;
        }
        eng->progress += k;
    }
    return CMD_DONE;
}

SableCmdResult sable_cmd_blit(SableEngine *eng)
{
    return blit_or_copy(eng, true);
}

SableCmdResult sable_cmd_copy_2d(SableEngine *eng)
{
    return blit_or_copy(eng, false);
}

static SableCmdResult fill_band(SableEngine *eng, const Surface *dst,
                                uint32_t first, uint32_t k)
{
    const struct sable_cmd_solid_fill_2d *c = &eng->pkt.solid;
    uint32_t w = c->rect.w;
    uint8_t *buf = g_malloc0((uint64_t)host_pitch(dst, w) * k);
    SableImage di = host_image(dst, buf, w, k);
    struct sable_rect rect = { 0, 0, w, k };
    SableCmdResult r = CMD_FAULT;

    if (!sable_render_fill(&di, &rect, c->color)) {
        r = render_failed(eng);
    } else if (rows_transfer(eng, dst, c->rect.x, c->rect.y + first, w, k,
                             buf, true)) {
        r = CMD_DONE;
    }
    g_free(buf);
    return r;
}

SableCmdResult sable_cmd_solid_fill(SableEngine *eng)
{
    const struct sable_cmd_solid_fill_2d *c = &eng->pkt.solid;
    const struct sable_rect *r = &c->rect;
    Surface dst;

    if (!surface_check(&c->dst, &dst) ||
        !rect_inside(&dst, r->x, r->y, r->w, r->h)) {
        return render_failed(eng);
    }
    if (!r->w || !r->h) {
        return CMD_DONE;
    }
    uint64_t row_bytes = (uint64_t)r->w * dst.bpp;
    while (eng->progress < r->h) {
        uint32_t first, k;
        if (!next_band(eng, r->h, row_bytes, false, &first, &k)) {
            return CMD_YIELD;
        }
        if (fill_band(eng, &dst, first, k) != CMD_DONE) {
            return CMD_FAULT;
        }
        eng->progress += k;
    }
    return CMD_DONE;
}
