#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Count test results from meson's testlog.json files.

Usage: test-summary.py BUILDDIR [BUILDDIR...]
Prints failing tests, then one line "N passed, N failed" and exits non-zero
if any test failed or a build directory has no test log (a build that did
not get as far as running its tests counts as one failure).
"""
import json
import os
import sys

PASS = {"OK", "EXPECTEDFAIL"}
NEUTRAL = {"SKIP"}


def count(builddir):
    path = os.path.join(builddir, "meson-logs", "testlog.json")
    passed, failed = 0, []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                rec = json.loads(line)
                result = rec.get("result", "ERROR")
                if result in PASS:
                    passed += 1
                elif result not in NEUTRAL:
                    failed.append(f"{builddir}: {rec.get('name', '?')}: {result}")
    except FileNotFoundError:
        failed.append(f"{builddir}: no test log ({path}); the build or test run did not happen")
    except (OSError, ValueError) as e:
        failed.append(f"{builddir}: unreadable test log: {e}")
    return passed, failed


def main(argv):
    if len(argv) < 2:
        print("usage: test-summary.py BUILDDIR [BUILDDIR...]", file=sys.stderr)
        return 2
    total_pass, total_fail = 0, []
    for d in argv[1:]:
        p, f = count(d)
        total_pass += p
        total_fail += f
    for line in total_fail:
        print("FAILED:", line)
    print(f"{total_pass} passed, {len(total_fail)} failed")
    return 1 if total_fail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
