#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keep the commands and facts the docs give a newcomer true.

Usage: scripts/doc-check.py SRCDIR BUILDDIR
Every line of a ```sh block in README.md and docs/*.md must be one of:
  make [VAR=value] TARGET...         each TARGET is a Makefile target
  meson test -C build [OPTS] [NAME]  each --suite and NAME exists in BUILDDIR
  build/PATH [ARGS] [-p /PATH]...    the executable exists and each -p path
                                     selects at least one of its tests
and the ABI version docs/protocol.md states for ABI_VERSION is the one of
protocol/sable_abi.h. Exit 1 listing every mismatch.
"""
import os
import re
import shlex
import subprocess
import sys


def sh_lines(path):
    out, on = [], False
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.startswith("```"):
                on = line.strip() == "```sh" and not on
                continue
            command = line.split("#", 1)[0].strip()
            if on and command:
                out.append((n, command))
    return out


def meson_tests(build):
    r = subprocess.run(["meson", "test", "-C", build, "--list", "--no-rebuild"],
                       capture_output=True, text=True, check=True)
    suites, names = set(), set()
    for line in r.stdout.splitlines():
        m = re.match(r"^\S+:(\S+) / (\S+)$", line.strip())
        if m:
            suites.add(m.group(1))
            names.add(m.group(2))
    return suites, names


def makefile_targets(src):
    with open(os.path.join(src, "Makefile"), encoding="utf-8") as f:
        return {m.group(1) for m in re.finditer(r"^([A-Za-z][\w-]*):", f.read(), re.M)}


def check_meson(argv, tests):
    suites, names = tests
    errs, i = [], 2
    while i < len(argv):
        a = argv[i]
        if a == "-C":
            i += 2
            continue
        if a == "--suite" and i + 1 < len(argv):
            if argv[i + 1] not in suites:
                errs.append(f"no suite {argv[i + 1]}")
            i += 2
            continue
        if not a.startswith("-") and a not in names:
            errs.append(f"no test named {a}")
        i += 1
    return errs


def check_exe(argv, build):
    exe = os.path.join(build, argv[0][len("build/"):])
    if not os.access(exe, os.X_OK):
        return [f"no executable {argv[0]}"]
    errs = []
    for i, a in enumerate(argv):
        if a == "-p" and i + 1 < len(argv):
            r = subprocess.run([exe, "-l", "-p", argv[i + 1]], capture_output=True, text=True,
                               env=dict(os.environ, WINSIM_TRANSPORT="inproc"))
            if not any(l.startswith("/") for l in r.stdout.splitlines()):
                errs.append(f"{argv[i + 1]} selects no test of {argv[0]}")
    return errs


def check_abi(src):
    with open(os.path.join(src, "protocol", "sable_abi.h"), encoding="utf-8") as f:
        h = f.read()
    major = int(re.search(r"#define SABLE_ABI_MAJOR (\d+)u", h).group(1))
    minor = int(re.search(r"#define SABLE_ABI_MINOR (\d+)u", h).group(1))
    with open(os.path.join(src, "docs", "protocol.md"), encoding="utf-8") as f:
        m = re.search(r"`ABI_VERSION` \| .*= `0x([0-9a-fA-F]{8})`", f.read())
    if not m:
        return ["docs/protocol.md: no ABI_VERSION value"]
    if int(m.group(1), 16) != (major << 16 | minor):
        return [f"docs/protocol.md: ABI_VERSION 0x{m.group(1)}, the header says {major}.{minor}"]
    return []


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    src, build = (os.path.abspath(a) for a in sys.argv[1:])
    docs = [os.path.join(src, "README.md")] + sorted(
        os.path.join(src, "docs", f) for f in os.listdir(os.path.join(src, "docs"))
        if f.endswith(".md"))
    tests, targets = meson_tests(build), makefile_targets(src)
    errs = check_abi(src)
    checked = 0
    for doc in docs:
        for n, line in sh_lines(doc):
            argv = shlex.split(line)
            where = f"{os.path.relpath(doc, src)}:{n}: {line}"
            if argv[0] == "make":
                bad = [f"no make target {t}" for t in argv[1:]
                       if "=" not in t and t not in targets]
            elif argv[:2] == ["meson", "test"]:
                bad = check_meson(argv, tests)
            elif argv[0].startswith("build/"):
                bad = check_exe(argv, build)
            else:
                bad = ["not a command form this check knows"]
            errs += [f"{where}: {e}" for e in bad]
            checked += 1
    for e in errs:
        print(e)
    print(f"doc-check: {checked} commands, {len(errs)} problems")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
