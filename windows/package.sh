#!/bin/sh
# SPDX-License-Identifier: MIT
# Assemble the Windows driver package: OUT/ gets sable.inf, sable.sys,
# sable_d3d10.dll (x64), sable_d3d10_wow.dll (x86) and sign-test.sh.
# Usage: package.sh SRC_ROOT WIN64_BUILD WIN32_BUILD OUT
set -eu
[ $# -eq 4 ] || { echo "usage: package.sh SRC_ROOT WIN64_BUILD WIN32_BUILD OUT" >&2; exit 2; }
src=$1 win64=$2 win32=$3 out=$4
mkdir -p "$out"
for f in "$src/windows/sable.inf" "$src/windows/sign-test.sh" "$win64/windows/sable.sys" \
         "$win64/windows/sable_d3d10.dll" "$win32/windows/sable_d3d10_wow.dll"; do
    [ -f "$f" ] || { echo "package.sh: $f missing (run make windows-build)" >&2; exit 1; }
    cp "$f" "$out/"
done
echo "package.sh: Windows driver package in $out (test-sign: sh $out/sign-test.sh $out)"
