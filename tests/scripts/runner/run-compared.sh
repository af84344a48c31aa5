#!/bin/sh
# SPDX-License-Identifier: MIT
# Differential run: the scripts on the transport REF into OUT-REF, then on
# TRANSPORT into OUT with --compare OUT-REF: every test, and every picture
# the same as REF's within its tolerance (TAP of the second run on stdout).
# Usage: run-compared.sh SABLE_RUN REF TRANSPORT OUT SCRIPTS...
set -u
run=$1 ref=$2 transport=$3 out=$4
shift 4
"$run" --transport "$ref" --out "$out-$ref" "$@" > /dev/null 2>&1
exec "$run" --transport "$transport" --out "$out" --junit "$out/junit.xml" \
    --compare "$out-$ref" "$@"
