#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the reference pictures of tests/scripts/ref from their description
(not from a run): present.png is the frame present.lua draws on the
1024x768 display: teal (0, 102, 102) cleared, two 64x32 orange (255, 128, 0)
tiles at (40, 40) and (120, 80), a white 32x16 block at (200, 200).
Usage: make-refs.py [DIR] (default: this script's folder)."""
import os
import struct
import sys
import zlib


def png(path, w, h, rects, base):
    rows = []
    for y in range(h):
        row = bytearray(base * w)
        for (x0, y0, rw, rh, colour) in rects:
            if y0 <= y < y0 + rh:
                row[x0 * 3:(x0 + rw) * 3] = bytes(colour) * rw
        rows.append(b"\0" + bytes(row))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
                chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    orange, white = (255, 128, 0), (255, 255, 255)
    png(os.path.join(out, "present.png"), 1024, 768,
        [(40, 40, 64, 32, orange), (120, 80, 64, 32, orange), (200, 200, 32, 16, white)],
        bytes((0, 102, 102)))


main()
