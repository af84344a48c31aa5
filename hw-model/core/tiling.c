/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tiling.c: surface memory layouts (protocol/sable_cmd.h, struct
 * sable_surface): LINEAR rows and TILE_Y 4 KiB tiles. Moves a rectangle of
 * bytes between a surface in GPU memory and a linear host buffer. A tiled
 * surface is accessed one whole tile at a time (a tile is one aligned 4 KiB
 * page, so one translation): in place in VRAM, else through a copy of the
 * tile, and a tile only partly covered by a write is then read first, so
 * bytes outside the rectangle keep their value. Every access goes
 * through gpumem, so faults are reported like any other GPU access.
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

/* Whole tile rows [r0, r1) -> host rows at buf, row by row, so the
 * destination is written sequentially (strided stores are the slow side). */
static void tile_read_rows(const uint8_t *tile, uint8_t *buf, uint64_t bpitch,
                           uint32_t r0, uint32_t r1)
{
    for (uint32_t r = r0; r < r1; r++) {
        const uint8_t *t = tile + r * SABLE_TILE_COLUMN;
        uint8_t *row = buf + (uint64_t)(r - r0) * bpitch;
        for (uint32_t col = 0; col < SABLE_TILE_WIDTH / SABLE_TILE_COLUMN; col++) {
            memcpy(row + col * SABLE_TILE_COLUMN, t + col * COLUMN_BYTES,
                   SABLE_TILE_COLUMN);
        }
    }
}

/* Host rows at buf -> whole tile rows [r0, r1), column by column, so the
 * tile is written sequentially. */
static void tile_write_rows(uint8_t *tile, const uint8_t *buf, uint64_t bpitch,
                            uint32_t r0, uint32_t r1)
{
    for (uint32_t col = 0; col < SABLE_TILE_WIDTH / SABLE_TILE_COLUMN; col++) {
        uint8_t *t = tile + col * COLUMN_BYTES + r0 * SABLE_TILE_COLUMN;
        const uint8_t *row = buf + col * SABLE_TILE_COLUMN;
        for (uint32_t r = r0; r < r1; r++) {
            memcpy(t, row, SABLE_TILE_COLUMN);
            t += SABLE_TILE_COLUMN;
            row += bpitch;
        }
    }
}

/* Tile-relative rows [r0, r1) and bytes [c0, c1) <-> host rows at buf. */
static void tile_copy(uint8_t *tile, uint8_t *buf, uint64_t bpitch,
                      uint32_t r0, uint32_t r1, uint32_t c0, uint32_t c1,
                      bool to_tile)
{
    if (c0 == 0 && c1 == SABLE_TILE_WIDTH) {
        if (to_tile) {
            tile_write_rows(tile, buf, bpitch, r0, r1);
        } else {
            tile_read_rows(tile, buf, bpitch, r0, r1);
        }
        return;
    }
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

/* Move the part of r inside tile (tx, ty): in place when the tile is in
 * VRAM, else through a local copy of the tile. */
static bool tile_move(SableMem *m, const SableLayout *l, const Rect *r,
                      uint32_t tx, uint32_t ty, bool write)
{
    uint8_t local[SABLE_TILE_SIZE], *tile;
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

    if (!sable_mem_direct(m, gpa, SABLE_TILE_SIZE, write, &tile)) {
        return false;
    }
    if (tile) {
        tile_copy(tile, buf, r->bpitch, r0, r1, c0, c1, write);
        return true;
    }
    if ((!write || !whole) && !sable_mem_read(m, gpa, local, sizeof(local))) {
        return false;
    }
    tile_copy(local, buf, r->bpitch, r0, r1, c0, c1, write);
    return !write || sable_mem_write(m, gpa, local, sizeof(local));
}

static bool tiled_move(SableMem *m, const SableLayout *l, const Rect *r,
                       bool write)
{
    uint32_t tx0 = r->xb / SABLE_TILE_WIDTH;
    uint32_t tx1 = (uint32_t)(((uint64_t)r->xb + r->wb - 1) / SABLE_TILE_WIDTH);
    uint32_t ty0 = r->y / SABLE_TILE_HEIGHT;
    uint32_t ty1 = (uint32_t)(((uint64_t)r->y + r->h - 1) / SABLE_TILE_HEIGHT);

    for (uint32_t ty = ty0; ty <= ty1; ty++) {
        for (uint32_t tx = tx0; tx <= tx1; tx++) {
            if (!tile_move(m, l, r, tx, ty, write)) {
                return false;
            }
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
