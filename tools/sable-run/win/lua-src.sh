#!/bin/sh
# SPDX-License-Identifier: MIT
# Debian's Lua 5.4 source for the Windows build of sable-run, fetched once
# with `apt-get source lua5.4` (deb-src: scripts/deps.sh qemu-src) into
# CACHE/lua-src; prints the folder holding lua.h and the .c files.
# Usage: lua-src.sh CACHE
set -eu
cache=$1/lua-src
if [ ! -f "$cache/done" ]; then
    rm -rf "$cache"
    mkdir -p "$cache"
    (cd "$cache" && apt-get source lua5.4 >&2) || {
        echo "lua-src.sh: apt-get source lua5.4 failed (run scripts/deps.sh qemu-src)" >&2
        exit 1
    }
    touch "$cache/done"
fi
for d in "$cache"/lua5.4-*/src; do
    [ -f "$d/lua.h" ] && { echo "$d"; exit 0; }
done
echo "lua-src.sh: no lua.h under $cache" >&2
exit 1
