#!/bin/sh
# SPDX-License-Identifier: MIT
# The UMD must compile for Windows x64 with mingw-w64 (-std=c11).
# Exit 77 (meson "skipped") only if the cross compiler is absent.
set -eu
src_root="$1"
cc="${MINGW_CC:-x86_64-w64-mingw32-gcc}"
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "$cc not found: skipping"
    exit 77
fi
for f in "$src_root"/guest-umd/*.c; do
    "$cc" -std=c11 -Wall -Wextra -Wno-unused-parameter -Werror -fsyntax-only \
        -I"$src_root/guest-umd" -I"$src_root/guest-kmd" -I"$src_root/wddm/include" \
        -I"$src_root/protocol" "$f"
done
echo "mingw-w64 x64: guest-umd compiles"
