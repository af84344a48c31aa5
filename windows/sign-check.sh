#!/bin/sh
# SPDX-License-Identifier: MIT
# Test of sign-test.sh: copy the images into a fresh STAGE directory, sign
# them there, and have osslsigncode verify each signature against the
# certificate made (the chain ends at that self-signed certificate).
# Usage: sign-check.sh SIGN_SCRIPT STAGE IMAGE...
set -eu
[ $# -ge 3 ] || { echo "usage: sign-check.sh SIGN_SCRIPT STAGE IMAGE..." >&2; exit 2; }
script=$1 stage=$2
shift 2
rm -rf "$stage"
mkdir -p "$stage"
cp "$@" "$stage/"
sh "$script" "$stage"
[ -s "$stage/sable-test.cer" ] || { echo "sign-check: no certificate exported" >&2; exit 1; }
for f in "$@"; do
    name=$(basename "$f")
    osslsigncode verify -CAfile "$stage/sable-test.pem" -in "$stage/$name" >"$stage/$name.verify" 2>&1 \
        || { cat "$stage/$name.verify"; echo "sign-check: $name: signature does not verify" >&2; exit 1; }
    echo "sign-check: $name: signed and verified"
done
