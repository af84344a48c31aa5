#!/bin/sh
# SPDX-License-Identifier: MIT
# Differential run against the reference renderer: the scripts through
# the Windows build (sable-run.exe) under Wine's Direct3D 11 (wine64 on
# Xvfb, Mesa llvmpipe) into OUT-wine, then on Sable in process into OUT with
# --compare OUT-wine (TAP of that run on stdout). One Wine prefix
# (OUT-wineprefix), made on the first run and reused by every script and
# every later run. A TAP skip when the Windows build, wine64 or xvfb-run
# is missing.
# Usage: run-wine.sh SABLE_RUN SABLE_RUN_EXE OUT SCRIPTS...
set -u
run=$1 exe=$2 out=$3
shift 3
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
for need in "$exe" "$wine" /usr/bin/xvfb-run; do
    if [ ! -x "$need" ] && [ ! -f "$need" ]; then
        echo "1..0 # SKIP $need not found (make windows-build; scripts/deps.sh)"
        exit 0
    fi
done
export WINEPREFIX="$out-wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
rm -rf "$out-wine"
mkdir -p "$out-wine"
xvfb-run -a -s "-screen 0 1024x768x24" "$wine" "$exe" --out "$out-wine" "$@" \
    > "$out-wine/tap.txt" 2> "$out-wine/log.txt"
exec "$run" --transport inproc --out "$out" --junit "$out/junit.xml" --compare "$out-wine" "$@"
