#!/bin/sh
# SPDX-License-Identifier: MIT
# report.html renders in headless Chromium: a report made from clears.lua,
# a screenshot, checked by report-shot.lua (TAP on stdout). A TAP skip
# (not a pass) when Chromium is not installed (scripts/deps.sh installs it).
# Usage: check-report.sh SABLE_RUN SCRIPTS_DIR WORKDIR
set -u
run=$1 scripts=$2 work=$3
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "1..0 # SKIP chromium is not installed"
    exit 0
fi
rm -rf "$work" && mkdir -p "$work"
"$run" --out "$work/report" "$scripts/clears.lua" > "$work/clears.tap" 2>&1
# Root needs --no-sandbox; a fresh profile; nothing fetched from the network.
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run \
    --user-data-dir="$work/profile" --window-size=1200,1000 \
    --screenshot="$work/screenshot.png" "file://$(realpath "$work/report/report.html")" \
    > "$work/chromium.log" 2>&1
if [ ! -s "$work/screenshot.png" ]; then
    echo "1..1"
    echo "not ok 1 - chromium wrote no screenshot (see $work/chromium.log)"
    exit 1
fi
SABLE_SCREENSHOT="$work/screenshot.png" exec "$run" --out "$work/check" \
    "$(dirname "$0")/report-shot.lua"
