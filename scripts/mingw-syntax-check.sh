#!/bin/sh
# SPDX-License-Identifier: MIT
# Check that C sources compile for Windows x64 with mingw-w64 (-std=c11,
# warnings are errors). Paths are relative to SRC_ROOT; patterns are
# expanded there. Exit 77 (meson "skipped") only if the cross compiler is
# absent; 2 on bad usage; 1 if a file is missing or does not compile.
# Usage: mingw-syntax-check.sh SRC_ROOT [CFLAG...] -- PATTERN...
set -eu
[ $# -ge 1 ] || { echo "usage: $0 SRC_ROOT [CFLAG...] -- PATTERN..." >&2; exit 2; }
cd "$1"
shift
flags=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    flags="$flags $1"
    shift
done
[ $# -ge 2 ] || { echo "usage: mingw-syntax-check.sh SRC_ROOT [CFLAG...] -- PATTERN..." >&2; exit 2; }
shift
cc="${MINGW_CC:-x86_64-w64-mingw32-gcc}"
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "$cc not found: skipping"
    exit 77
fi
for pattern in "$@"; do
    for f in $pattern; do
        [ -f "$f" ] || { echo "mingw-syntax-check: no file matches $f" >&2; exit 1; }
        # shellcheck disable=SC2086 # flags are split on purpose
        "$cc" -std=c11 -Wall -Wextra -Werror -fsyntax-only $flags "$f"
    done
done
echo "mingw-w64 x64: $* compile"
