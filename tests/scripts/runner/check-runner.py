#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The runner's own test (suite scripts): sable-run over the fixtures in
fixtures/ must report each outcome as designed (TAP that prove reads,
file:line messages, a timeout, a crash, images on a mismatch, JUnit,
report.html), split a suite across shards exactly once, give the same
results with --jobs, compare pictures with another run within their
tolerance (--compare), and refuse bad usage with exit status 2.
Usage: check-runner.py SABLE_RUN WORKDIR   (TAP on stdout)"""
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

RUN, WORK = sys.argv[1], sys.argv[2]
FIX = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
results = []


def check(ok, what):
    results.append((bool(ok), what))


# exit.lua ends its process with os.exit on purpose: under ASan that
# process's leak report is expected, not a finding.
ENV = dict(os.environ)
if "ASAN_OPTIONS" in ENV:
    ENV["ASAN_OPTIONS"] += ":detect_leaks=0"


def run(*args):
    p = subprocess.run([RUN, *args], capture_output=True, text=True, timeout=120, env=ENV)
    return p.returncode, p.stdout


def tap_lines(out):
    return [l for l in out.splitlines() if re.match(r"(not )?ok \d+", l)]


def names(out):
    return {re.sub(r"^(not )?ok \d+ - ", "", l).split(" # ")[0] for l in tap_lines(out)}


shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
out_dir = os.path.join(WORK, "all")
junit = os.path.join(WORK, "all.xml")
rc, out = run("--timeout", "3", "--out", out_dir, "--junit", junit, FIX)
lines = tap_lines(out)
check(rc == 1, "a failing suite exits 1 (got %d)" % rc)
check(re.search(r"^1\.\.%d$" % len(lines), out, re.M), "the plan counts every test line")
status = {}
for l in lines:
    m = re.match(r"(not )?ok \d+ - fixtures/?(?:.*/)?([\w-]+\.lua): (.*)", l) or \
        re.match(r"(not )?ok \d+ - .*/([\w-]+\.lua): (.*)", l)
    status[(m.group(2), m.group(3))] = "fail" if m.group(1) else "ok"
want = {("pass.lua", "passes"): "ok", ("pass.lua", "skipped # SKIP a reason"): "ok",
        ("fail-image.lua", "image mismatch"): "fail",
        ("fail-image.lua", "within tolerance"): "ok", ("syntax.lua", "syntax.lua"): "fail",
        ("runtime.lua", "raises"): "fail", ("runtime.lua", "still runs"): "ok",
        ("hang.lua", "first passes"): "ok", ("hang.lua", "(timeout)"): "fail",
        ("exit.lua", "before"): "ok", ("exit.lua", "(crash)"): "fail"}
for k, v in want.items():
    check(status.get(k) == v, "%s: %s is %s (got %s)" % (k[0], k[1], v, status.get(k)))
check(len(status) == len(want), "%d tests reported (got %d)" % (len(want), len(status)))
check(re.search(r"^# .*syntax\.lua:4: unexpected symbol near '='", out, re.M),
      "a syntax error is reported with file:line")
check(re.search(r"^# .*runtime\.lua:4: boom$", out, re.M), "a runtime error with file:line")
check(re.search(r"^# timed out after 3 s", out, re.M), "the hang is stopped by the timeout")
check(re.search(r"^# the script's process exited \(3\) before finishing", out, re.M),
      "an exiting script is reported, the runner goes on")
check(re.search(r"^# .*teal: 8 pixels differ beyond tolerance 4 \(largest difference 5\); "
                r"first at \(8, 4\): \{0, 107, 102, 255\}, expected \{0, 102, 102, 255\}",
                out, re.M), "the image mismatch names the count, the delta and the first pixel")
files = sorted(f for d, _, fs in os.walk(out_dir) for f in fs if f.endswith(".png"))
for role in ("actual", "expected", "diff"):
    check(any(f.endswith("image-mismatch-teal-%s.png" % role) for f in files),
          "the mismatch's %s PNG is saved" % role)
check(any(f.endswith("passes-small.png") for f in files), "the capture is saved")
html = open(os.path.join(out_dir, "report.html")).read()
check(html.count("<img ") == len(files), "report.html shows every image (%d)" % len(files))
suites = ET.parse(junit).getroot()
check(suites.get("tests") == str(len(want)) and suites.get("failures") == "5",
      "JUnit counts %d tests, 5 failures" % len(want))

# prove reads the TAP (one script at a time, as prove --exec does).
for fixture, ok in (("pass.lua", 0), ("runtime.lua", 1)):
    p = subprocess.run(["prove", "--exec", "%s --out %s/prove" % (RUN, WORK),
                        os.path.join(FIX, fixture)], capture_output=True, text=True, env=ENV)
    check((p.returncode == 0) == (ok == 0), "prove on %s: %s" % (fixture,
                                                             "PASS" if ok == 0 else "FAIL"))

# Shards split the suite once; --jobs changes nothing but the time.
shard_names = []
for k in (1, 2, 3):
    _, o = run("--timeout", "3", "--shard", "%d/3" % k, "--out", "%s/s%d" % (WORK, k), FIX)
    shard_names.append(names(o))
union = set().union(*shard_names)
check(union == names(out) and sum(len(s) for s in shard_names) == len(union),
      "shards 1/3, 2/3, 3/3 cover the suite exactly once")
_, again = run("--timeout", "3", "--shard", "2/3", "--out", WORK + "/s2b", FIX)
check(names(again) == shard_names[1], "a shard is deterministic")
_, par = run("--timeout", "3", "--jobs", "4", "--out", WORK + "/par", FIX)
check(tap_lines(par) == lines, "--jobs 4 reports the same lines in the same order")

# --compare: this run's pictures against another run's, within each
# picture's tolerance (capture: exact; expect.image: its tolerance 4).
CMP = os.path.join(os.path.dirname(FIX), "compare")
ENV["SR_SHADE"] = "7"
run("--out", WORK + "/cmp-ref", CMP)
outputs = {}
for shade, exact_ok in ((10, False), (7, True)):
    ENV["SR_SHADE"] = str(shade)
    rc, o = run("--out", WORK + "/cmp-%d" % shade, "--compare", WORK + "/cmp-ref", CMP)
    outputs[shade] = o
    exact = re.search(r"^(not )?ok \d+ - .*shaded: exact matches the other run", o, re.M)
    tolerant = re.search(r"^(not )?ok \d+ - .*shaded: tolerant matches the other run", o, re.M)
    check(exact and (exact.group(1) is None) == exact_ok,
          "--compare, shade %d vs 7: the exact capture %s" %
          (shade, "matches" if exact_ok else "differs"))
    check(tolerant and tolerant.group(1) is None,
          "--compare, shade %d vs 7: the picture with tolerance 4 matches" % shade)
    check(rc == (0 if exact_ok else 1), "--compare, shade %d: exit status %d" % (shade, rc))
ENV.pop("SR_SHADE")
check(re.search(r"^# 32 pixels differ beyond tolerance 0 \(largest difference 3\), first at "
                r"\(0, 0\)", outputs[10], re.M),
      "--compare names the count and the largest difference")
check(os.path.exists(os.path.join(WORK, "cmp-10", "000-shade.lua", "001-shaded-exact-diff.png")),
      "--compare saves a diff")

for args, what in ((["--shard", "4/3", FIX], "--shard 4/3"), (["--transport", "vfio", FIX],
                   "an unknown transport"), ([os.path.join(FIX, "missing.lua")],
                   "a missing script"), ([], "no scripts"), (["--jobs", "0", FIX], "--jobs 0")):
    rc, _ = run("--out", WORK + "/bad", *args)
    check(rc == 2, "%s: exit status 2 (got %d)" % (what, rc))

for i, (ok, what) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
print("1..%d" % len(results))
sys.exit(0 if all(ok for ok, _ in results) else 1)
