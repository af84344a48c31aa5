#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Apply each mutant of tests/mutants/mutants.txt in turn, rebuild, run the
test meant to kill it, restore the file, and report the kill rate.

Usage: scripts/mutants.py BUILDDIR [NAME...]
A mutant is killed when its test fails (or the tree no longer builds, which
is reported apart). Exit status 1 if any mutant survived, 2 on bad input.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEYS = {"name", "file", "from", "to", "test", "env"}


def parse(path):
    mutants, cur = [], {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for n, line in enumerate(lines + [""], 1):
        if line.startswith("#"):
            continue
        if not line.strip():
            if cur:
                missing = {"name", "file", "from", "to", "test"} - cur.keys()
                if missing:
                    sys.exit(f"{path}:{n}: mutant {cur.get('name', '?')} lacks {sorted(missing)}")
                mutants.append(cur)
                cur = {}
            continue
        key, sep, value = line.partition(": ")
        if not sep or key not in KEYS:
            sys.exit(f"{path}:{n}: expected 'KEY: value' with KEY in {sorted(KEYS)}")
        cur[key] = value.replace("\\n", "\n")
    return mutants


def run(cmd, build, env=None, timeout=300):
    try:
        return subprocess.run(cmd, cwd=build, env=env, timeout=timeout,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    except subprocess.TimeoutExpired:
        return -1


def compile_tree(build):
    return run(["meson", "compile", "-C", build], ROOT, timeout=1800) == 0


def try_mutant(m, build):
    path = os.path.join(ROOT, m["file"])
    with open(path, encoding="utf-8") as f:
        original = f.read()
    count = original.count(m["from"])
    if count != 1:
        sys.exit(f"mutant {m['name']}: 'from' found {count} times in {m['file']} (want 1)")
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original.replace(m["from"], m["to"]))
        if not compile_tree(build):
            return "stillborn"
        env = dict(os.environ)
        for pair in m.get("env", "").split():
            k, _, v = pair.partition("=")
            env[k] = v
        argv = m["test"].split()
        argv[0] = os.path.join(build, argv[0])
        return "killed" if run(argv, build, env) != 0 else "SURVIVED"
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)


def main():
    if len(sys.argv) < 2 or not os.path.isdir(sys.argv[1]):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    build = os.path.abspath(sys.argv[1])
    mutants = parse(os.path.join(ROOT, "tests", "mutants", "mutants.txt"))
    wanted = set(sys.argv[2:])
    unknown = wanted - {m["name"] for m in mutants}
    if unknown:
        print(f"mutants: unknown names {sorted(unknown)}", file=sys.stderr)
        return 2
    if wanted:
        mutants = [m for m in mutants if m["name"] in wanted]
    if not compile_tree(build):
        print("mutants: the unmutated tree does not build", file=sys.stderr)
        return 2
    results = []
    try:
        for m in mutants:
            r = try_mutant(m, build)
            results.append((m["name"], r))
            print(f"{r:10} {m['name']}  ({m['test']})", flush=True)
    finally:
        compile_tree(build)
    killed = sum(r != "SURVIVED" for _, r in results)
    stillborn = sum(r == "stillborn" for _, r in results)
    total = len(results)
    rate = 100.0 * killed / total if total else 0.0
    print(f"mutants: {killed} of {total} killed ({rate:.0f}%), {stillborn} did not build")
    return 0 if killed == total else 1


if __name__ == "__main__":
    sys.exit(main())
