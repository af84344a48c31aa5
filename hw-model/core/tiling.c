/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tiling.c: surface memory layouts (protocol/sable_cmd.h, struct
 * sable_surface): LINEAR rows and TILE_Y 4 KiB tiles. Moves a rectangle of
 * bytes between a surface in GPU memory and a linear host buffer, touching
 * only the rectangle's bytes. A tile row in VRAM (its tiles are contiguous)
 * is accessed in place; elsewhere (GART) a tiled surface is accessed one
 * whole tile at a time (an aligned 4 KiB page, so one translation) through
 * a copy of the tile, read first when a write covers it only partly. Every
 * access goes through gpumem, so faults are reported like any other GPU
 * access.
 */
#include <string.h>

#include "core-internal.h"

#define COLUMN_BYTES (SABLE_TILE_COLUMN * SABLE_TILE_HEIGHT) /* 512 */

bool sable_layout_check(const SableLayout *l, uint64_t row_bytes,
                        uint64_t *size)
{
    uint64_t rows = l->height;
    bool ok = l->pitch >= row_bytes && l->pitch > 0;

    switch (l->tiling) {
    case SABLE_TILING_LINEAR:
        ok = ok && !(l->pitch & 3);
        break;
    case SABLE_TILING_Y:
        ok = ok && !(l->pitch % SABLE_TILE_WIDTH) &&
             !(l->addr & (SABLE_TILE_SIZE - 1));
        rows = (rows + SABLE_TILE_HEIGHT - 1) / SABLE_TILE_HEIGHT *
               SABLE_TILE_HEIGHT;
        break;
    default:
        return false;
    }
    *size = rows * l->pitch;
    return ok && sable_range_ok(l->addr, *size);
}

/* The byte rectangle being moved and the host buffer it maps to. */
typedef struct Rect {
    uint32_t xb, y, wb, h;
    uint8_t *buf;      /* byte (xb, y) */
    uint64_t bpitch;
} Rect;

static bool linear_move(SableMem *m, const SableLayout *l, const Rect *r,
                        bool write)
{
    for (uint32_t i = 0; i < r->h; i++) {
        uint64_t gpa = l->addr + (uint64_t)(r->y + i) * l->pitch + r->xb;
        uint8_t *row = r->buf + i * r->bpitch;
        bool ok = write ? sable_mem_write(m, gpa, row, r->wb)
                        : sable_mem_read(m, gpa, row, r->wb);
        if (!ok) {
            return false;
        }
    }
    return true;
}

/* Tile-relative rows [r0, r1) and bytes [c0, c1) <-> host rows at buf. */
static void tile_copy(uint8_t *tile, uint8_t *buf, uint64_t bpitch,
                      uint32_t r0, uint32_t r1, uint32_t c0, uint32_t c1,
                      bool to_tile)
{
    for (uint32_t r = r0; r < r1; r++) {
        uint8_t *row = buf + (uint64_t)(r - r0) * bpitch - c0;
        for (uint32_t c = c0; c < c1;) {
            uint32_t n = MIN(c1, (c / SABLE_TILE_COLUMN + 1) *
                                 SABLE_TILE_COLUMN) - c;
            uint8_t *t = tile + c / SABLE_TILE_COLUMN * COLUMN_BYTES +
                         r * SABLE_TILE_COLUMN + c % SABLE_TILE_COLUMN;
            memcpy(to_tile ? t : row + c, to_tile ? row + c : t, n);
            c += n;
        }
    }
}

/* Move the part of r inside tile (tx, ty) through a local copy of the tile
 * (GART memory). */
static bool tile_move(SableMem *m, const SableLayout *l, const Rect *r,
                      uint32_t tx, uint32_t ty, bool write)
{
    uint8_t tile[SABLE_TILE_SIZE];
    uint64_t gpa = l->addr + ((uint64_t)ty * (l->pitch / SABLE_TILE_WIDTH) +
                              tx) * SABLE_TILE_SIZE;
    uint32_t x0 = tx * SABLE_TILE_WIDTH, y0 = ty * SABLE_TILE_HEIGHT;
    uint32_t c0 = MAX(r->xb, x0) - x0;
    uint32_t c1 = MIN((uint64_t)r->xb + r->wb, x0 + SABLE_TILE_WIDTH) - x0;
    uint32_t r0 = MAX(r->y, y0) - y0;
    uint32_t r1 = MIN((uint64_t)r->y + r->h, y0 + SABLE_TILE_HEIGHT) - y0;
    bool whole = c1 - c0 == SABLE_TILE_WIDTH && r1 - r0 == SABLE_TILE_HEIGHT;
    uint8_t *buf = r->buf + (uint64_t)(y0 + r0 - r->y) * r->bpitch +
                   (x0 + c0 - r->xb);

    if ((!write || !whole) && !sable_mem_read(m, gpa, tile, sizeof(tile))) {
        return false;
    }
    tile_copy(tile, buf, r->bpitch, r0, r1, c0, c1, write);
    return !write || sable_mem_write(m, gpa, tile, sizeof(tile));
}

/* Bytes [x, end) of one row, in 16-byte column pieces; trow is row 0's
 * byte 0 of the tile row plus the row's offset in a column, lin[x] the
 * linear byte. */
static void row_span_copy(uint8_t *trow, uint8_t *lin, uint64_t x,
                          uint64_t end, bool to_tile)
{
    while (x < end) {
        uint32_t n = (uint32_t)MIN(SABLE_TILE_COLUMN - x % SABLE_TILE_COLUMN,
                                   end - x);
        uint8_t *t = trow + x / SABLE_TILE_WIDTH * SABLE_TILE_SIZE +
                     x % SABLE_TILE_WIDTH / SABLE_TILE_COLUMN * COLUMN_BYTES +
                     x % SABLE_TILE_COLUMN;
        memcpy(to_tile ? t : lin + x, to_tile ? lin + x : t, n);
        x += n;
    }
}

/* Whole tile widths [x, end) (multiples of 128) of one row out of the
 * tiles: the de-tiling hot loop, the linear row written sequentially. */
static void row_tiles_read(const uint8_t *trow, uint8_t *lin, uint64_t x,
                           uint64_t end)
{
    for (; x < end; x += SABLE_TILE_WIDTH) {
        const uint8_t *t = trow + x / SABLE_TILE_WIDTH * SABLE_TILE_SIZE;
        for (uint32_t c = 0; c < SABLE_TILE_WIDTH / SABLE_TILE_COLUMN; c++) {
            memcpy(lin + x + c * SABLE_TILE_COLUMN, t + c * COLUMN_BYTES,
                   SABLE_TILE_COLUMN);
        }
    }
}

/* Whole tile widths [a, b) of rows [y0, y1) into the tiles, tile by tile
 * and column by column, so the tiles are written sequentially (the store
 * side is the slow one). */
static void tiles_write(uint8_t *block, const Rect *r, uint32_t y0,
                        uint32_t y1, uint64_t a, uint64_t b)
{
    for (uint64_t x = a; x < b; x += SABLE_TILE_COLUMN) {
        uint8_t *t = block + x / SABLE_TILE_WIDTH * SABLE_TILE_SIZE +
                     x % SABLE_TILE_WIDTH / SABLE_TILE_COLUMN * COLUMN_BYTES +
                     (y0 % SABLE_TILE_HEIGHT) * SABLE_TILE_COLUMN;
        const uint8_t *l = r->buf + (uint64_t)(y0 - r->y) * r->bpitch +
                           (x - r->xb);
        for (uint32_t y = y0; y < y1; y++) {
            memcpy(t, l, SABLE_TILE_COLUMN);
            t += SABLE_TILE_COLUMN;
            l += r->bpitch;
        }
    }
}

/* Rows [y0, y1) of r inside one tile row whose tiles are contiguous host
 * memory starting with the tile of byte column 0. De-tiling goes row by row
 * (the linear side one sequential stream, the tile row in cache);
 * re-tiling writes whole tiles sequentially; partial columns at the edges
 * go piece by piece. */
static void tile_row_copy(uint8_t *block, const Rect *r, uint32_t y0,
                          uint32_t y1, bool to_tile)
{
    uint64_t end = (uint64_t)r->xb + r->wb;
    uint64_t a = MIN(end, ((uint64_t)r->xb + SABLE_TILE_WIDTH - 1) /
                          SABLE_TILE_WIDTH * SABLE_TILE_WIDTH);
    uint64_t b = MAX(a, end / SABLE_TILE_WIDTH * SABLE_TILE_WIDTH);

    if (to_tile) {
        tiles_write(block, r, y0, y1, a, b);
    }
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *lin = r->buf + (uint64_t)(y - r->y) * r->bpitch - r->xb;
        uint8_t *trow = block + (y % SABLE_TILE_HEIGHT) * SABLE_TILE_COLUMN;
        row_span_copy(trow, lin, r->xb, a, to_tile);
        if (!to_tile) {
            row_tiles_read(trow, lin, a, b);
        }
        row_span_copy(trow, lin, b, end, to_tile);
    }
}

/* The part of r in tile row ty: in place when its tiles are in VRAM, else
 * tile by tile. */
static bool tile_row_move(SableMem *m, const SableLayout *l, const Rect *r,
                          uint32_t ty, bool write)
{
    uint32_t tx0 = r->xb / SABLE_TILE_WIDTH;
    uint32_t tx1 = (uint32_t)(((uint64_t)r->xb + r->wb - 1) / SABLE_TILE_WIDTH);
    uint64_t first = l->addr + ((uint64_t)ty * (l->pitch / SABLE_TILE_WIDTH) +
                                tx0) * SABLE_TILE_SIZE;
    uint32_t y0 = MAX(r->y, ty * SABLE_TILE_HEIGHT);
    uint32_t y1 = MIN((uint64_t)r->y + r->h, (ty + 1ull) * SABLE_TILE_HEIGHT);
    uint8_t *p;

    if (!sable_mem_direct(m, first, (uint64_t)(tx1 - tx0 + 1) * SABLE_TILE_SIZE,
                          write, &p)) {
        return false;
    }
    if (p) {
        tile_row_copy(p - (uint64_t)tx0 * SABLE_TILE_SIZE, r, y0, y1, write);
        return true;
    }
    for (uint32_t tx = tx0; tx <= tx1; tx++) {
        if (!tile_move(m, l, r, tx, ty, write)) {
            return false;
        }
    }
    return true;
}

static bool tiled_move(SableMem *m, const SableLayout *l, const Rect *r,
                       bool write)
{
    uint32_t ty0 = r->y / SABLE_TILE_HEIGHT;
    uint32_t ty1 = (uint32_t)(((uint64_t)r->y + r->h - 1) / SABLE_TILE_HEIGHT);

    for (uint32_t ty = ty0; ty <= ty1; ty++) {
        if (!tile_row_move(m, l, r, ty, write)) {
            return false;
        }
    }
    return true;
}

static bool layout_move(SableMem *m, const SableLayout *l, uint32_t xb,
                        uint32_t y, uint32_t wb, uint32_t h, uint8_t *buf,
                        uint64_t bpitch, bool write)
{
    Rect r = { .xb = xb, .y = y, .wb = wb, .h = h, .buf = buf,
               .bpitch = bpitch };
    if (!wb || !h) {
        return true;
    }
    return l->tiling == SABLE_TILING_Y ? tiled_move(m, l, &r, write)
                                       : linear_move(m, l, &r, write);
}

bool sable_layout_read(SableMem *m, const SableLayout *l, uint32_t xb,
                       uint32_t y, uint32_t wb, uint32_t h, uint8_t *buf,
                       uint64_t bpitch)
{
    return layout_move(m, l, xb, y, wb, h, buf, bpitch, false);
}

bool sable_layout_write(SableMem *m, const SableLayout *l, uint32_t xb,
                        uint32_t y, uint32_t wb, uint32_t h,
                        const uint8_t *buf, uint64_t bpitch)
{
    return layout_move(m, l, xb, y, wb, h, (uint8_t *)buf, bpitch, true);
}
