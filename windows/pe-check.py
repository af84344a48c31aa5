#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check a Sable Windows binary (sable.sys or a UMD DLL) as Windows would
load it, without running it.

Usage: pe-check.py IMAGE --kind sys|dll --machine x86_64|x86 --map LDMAP
                   --entry SYMBOL --allowed EXPORTS.txt [--exports A,B]
Checks: machine; subsystem (native for a .sys, GUI for a DLL) and the DLL
flag; the entry point is SYMBOL's address in the linker map; the named
exports exist; every import is by name and listed in EXPORTS.txt (lines
"dll function  where-documented"), none from a C runtime DLL; base
relocations present with DYNAMIC_BASE and NX_COMPAT; no section both
writable and executable; CheckSum set and valid.
Exit 0 if all hold, 1 listing each failure, 2 on bad usage or input.
"""
import argparse
import re
import sys

import pefile

MACHINES = {"x86_64": 0x8664, "x86": 0x14C}
SUBSYSTEM = {"sys": 1, "dll": 2}  # IMAGE_SUBSYSTEM_NATIVE, _WINDOWS_GUI
FILE_DLL = 0x2000
DYNAMIC_BASE, NX_COMPAT = 0x0040, 0x0100
SCN_EXEC, SCN_WRITE = 0x20000000, 0x80000000
CRT = re.compile(r"^(msvcr|msvcp|ucrtbase|vcruntime|api-ms-win-crt-|libgcc|libwinpthread)",
                 re.IGNORECASE)


def load_allowed(path):
    allowed = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split("#", 1)[0].split()
            if len(fields) >= 2:
                allowed.add((fields[0].lower(), fields[1]))
    return allowed


def map_symbol(path, symbol):
    pat = re.compile(r"^\s+0x([0-9a-fA-F]+)\s+(\S+)\s*$")
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = pat.match(line)
            if m and m.group(2) == symbol:
                return int(m.group(1), 16)
    return None


def check_headers(pe, args, fail):
    if pe.FILE_HEADER.Machine != MACHINES[args.machine]:
        fail(f"machine 0x{pe.FILE_HEADER.Machine:x}, expected {args.machine}")
    if pe.OPTIONAL_HEADER.Subsystem != SUBSYSTEM[args.kind]:
        fail(f"subsystem {pe.OPTIONAL_HEADER.Subsystem}, expected {SUBSYSTEM[args.kind]}")
    is_dll = bool(pe.FILE_HEADER.Characteristics & FILE_DLL)
    if is_dll != (args.kind == "dll"):
        fail(f"IMAGE_FILE_DLL is {'set' if is_dll else 'clear'} for a {args.kind}")
    dllch = pe.OPTIONAL_HEADER.DllCharacteristics
    for flag, name in ((DYNAMIC_BASE, "DYNAMIC_BASE"), (NX_COMPAT, "NX_COMPAT")):
        if not dllch & flag:
            fail(f"DllCharacteristics lacks {name}")
    relocs = getattr(pe, "DIRECTORY_ENTRY_BASERELOC", [])
    if not relocs or not any(r.entries for r in relocs):
        fail("no base relocations")
    for s in pe.sections:
        name = s.Name.rstrip(b"\0").decode(errors="replace")
        if s.Characteristics & SCN_EXEC and s.Characteristics & SCN_WRITE:
            fail(f"section {name} is writable and executable")
    if pe.OPTIONAL_HEADER.CheckSum == 0 or pe.OPTIONAL_HEADER.CheckSum != pe.generate_checksum():
        fail(f"CheckSum 0x{pe.OPTIONAL_HEADER.CheckSum:x}, computed 0x{pe.generate_checksum():x}")


def check_entry(pe, args, fail):
    want = map_symbol(args.map, args.entry)
    got = pe.OPTIONAL_HEADER.ImageBase + pe.OPTIONAL_HEADER.AddressOfEntryPoint
    if want is None:
        fail(f"{args.entry} not in the linker map {args.map}")
    elif want != got:
        fail(f"entry point 0x{got:x} is not {args.entry} (0x{want:x})")


def check_exports(pe, args, fail):
    exp = getattr(pe, "DIRECTORY_ENTRY_EXPORT", None)
    have = {e.name.decode() for e in exp.symbols if e.name} if exp else set()
    for name in filter(None, (args.exports or "").split(",")):
        if name not in have:
            fail(f"export {name} missing (exports: {sorted(have)})")


def check_imports(pe, args, fail):
    allowed = load_allowed(args.allowed)
    for entry in getattr(pe, "DIRECTORY_ENTRY_IMPORT", []):
        dll = entry.dll.decode().lower()
        if CRT.match(dll):
            fail(f"imports the C runtime {dll}")
        for imp in entry.imports:
            if imp.name is None:
                fail(f"{dll}: import by ordinal {imp.ordinal}")
            elif (dll, imp.name.decode()) not in allowed:
                fail(f"{dll}!{imp.name.decode()} is not a documented export in {args.allowed}")


def main(argv):
    ap = argparse.ArgumentParser(description="check a Sable Windows PE image")
    ap.add_argument("image")
    ap.add_argument("--kind", choices=SUBSYSTEM, required=True)
    ap.add_argument("--machine", choices=MACHINES, required=True)
    ap.add_argument("--map", required=True)
    ap.add_argument("--entry", required=True)
    ap.add_argument("--allowed", required=True)
    ap.add_argument("--exports")
    args = ap.parse_args(argv[1:])
    try:
        pe = pefile.PE(args.image)
        failures = []
        for check in (check_headers, check_entry, check_exports, check_imports):
            check(pe, args, failures.append)
    except (OSError, pefile.PEFormatError) as e:
        print(f"pe-check: {e}", file=sys.stderr)
        return 2
    for f in failures:
        print(f"pe-check: {args.image}: {f}")
    if not failures:
        print(f"pe-check: {args.image}: all checks hold")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
