#!/bin/sh
# SPDX-License-Identifier: MIT
# Compile the WDDM declarations and their layout asserts for Windows x64 with
# mingw-w64.  Exit 77 (meson "skipped") only if the cross compiler is absent.
set -eu
src_root="$1"
cc="${MINGW_CC:-x86_64-w64-mingw32-gcc}"
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "$cc not found: skipping"
    exit 77
fi
for t in test_wddm_layout.c test_wddm_umd_layout.c; do
    "$cc" -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only \
        -I"$src_root/wddm/include" "$src_root/tests/wddm/$t"
done
echo "mingw-w64 x64: WDDM KMD/UMD headers and layout asserts compile"
