#!/bin/sh
# SPDX-License-Identifier: MIT
# Test-sign the Sable driver package in DIR for a Windows guest in test-
# signing mode: make a self-signed code-signing certificate (openssl) unless
# DIR already has one, sign sable.sys and both UMD DLLs with it (osslsigncode,
# SHA-256), and export the certificate as DIR/sable-test.cer for the guest's
# certificate stores. Files of the three absent from DIR are skipped
# (sable.sys must be there). The catalog (sable.cat) cannot be made here: see
# docs/windows.md for the step on Windows (Inf2Cat, then signtool).
# Usage: sign-test.sh DIR. Exit 1 with a message if a tool or file is missing.
set -eu
[ $# -eq 1 ] || { echo "usage: sign-test.sh DIR" >&2; exit 2; }
dir=$1
for tool in openssl osslsigncode; do
    command -v "$tool" >/dev/null 2>&1 || { echo "sign-test.sh: $tool not found" >&2; exit 1; }
done
[ -f "$dir/sable.sys" ] || { echo "sign-test.sh: $dir/sable.sys missing" >&2; exit 1; }
key="$dir/sable-test.key"
cert="$dir/sable-test.pem"
if [ ! -f "$cert" ]; then
    openssl req -x509 -newkey rsa:3072 -sha256 -days 730 -nodes -keyout "$key" -out "$cert" \
        -subj "/CN=Sable GPU test signing" \
        -addext "keyUsage=critical,digitalSignature" \
        -addext "extendedKeyUsage=codeSigning" 2>/dev/null
fi
openssl x509 -in "$cert" -outform DER -out "$dir/sable-test.cer"
for f in sable.sys sable_d3d10.dll sable_d3d10_wow.dll; do
    [ -f "$dir/$f" ] || continue
    osslsigncode sign -certs "$cert" -key "$key" -h sha256 -n "Sable GPU" \
        -in "$dir/$f" -out "$dir/$f.signed" >/dev/null
    mv "$dir/$f.signed" "$dir/$f"
done
echo "sign-test.sh: signed $dir/sable.sys and the UMD DLLs; certificate $dir/sable-test.cer"
