#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the Debian packages Sable needs (root, non-interactive, idempotent).
# Usage: scripts/deps.sh [build|qemu-src]
#   build     toolchain, libraries and firmware for building and testing
#   qemu-src  additionally enable deb-src (derived from this machine's own apt
#             sources, never a hard-coded mirror) so `apt-get source qemu` works
set -eu

PKGS="build-essential meson ninja-build pkg-config python3 python3-venv \
libglib2.0-dev libpixman-1-dev libpng-dev flex bison libfdt-dev zlib1g-dev \
seabios dpkg-dev valgrind clang libclang-rt-14-dev mingw-w64 libjson-glib-dev \
python3-pefile wine64 osslsigncode openssl liblua5.4-dev chromium \
libvirglrenderer-dev libegl-mesa0 libgl1-mesa-dri xvfb"

missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
        || missing="$missing $p"
done

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

updated=0
apt_update() {
    [ "$updated" = 1 ] && return 0
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    updated=1
}

if [ -n "$missing" ]; then
    echo "deps: installing:$missing"
    apt_update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends $missing >/dev/null
fi

if [ "${1:-build}" = qemu-src ]; then
    src=/etc/apt/sources.list.d/sable-deb-src.sources
    if [ ! -f "$src" ]; then
        # Derive deb-src entries from the machine's existing Debian sources.
        found=0
        for f in /etc/apt/sources.list.d/*.sources; do
            [ -f "$f" ] || continue
            [ "$f" = "$src" ] && continue
            if grep -q '^Types:.*\bdeb\b' "$f"; then
                sed -e 's/^Types:.*/Types: deb-src/' "$f" | as_root tee -a "$src" >/dev/null
                echo | as_root tee -a "$src" >/dev/null
                found=1
            fi
        done
        if [ "$found" = 0 ] && [ -f /etc/apt/sources.list ]; then
            grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
                | as_root tee /etc/apt/sources.list.d/sable-deb-src.list >/dev/null
            found=1
        fi
        [ "$found" = 1 ] || { echo "deps: no Debian apt sources to derive deb-src from" >&2; exit 1; }
        updated=0
    fi
    apt_update
fi
