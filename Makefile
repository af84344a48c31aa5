# SPDX-License-Identifier: MIT
# Thin wrapper around meson. Every target installs what it needs (Debian
# packages, as root) and builds what is missing, so these work on a fresh
# Debian machine:
#   make demo    run the driver stack end to end against the real QEMU device
#   make test    build everything and run every test suite (plus ASan/UBSan)
#   make bench   run the benchmarks and print the table
#   make windows the Windows driver package (build-win64/package, docs/windows.md)
#   make soak    random injected faults through the stack (SOAK_COUNT=N TRANSPORT=qemu)
#   make scripts the Lua script suite (tests/scripts), HTML report (TRANSPORT=qemu)
#   make mutants apply the mutants of tests/mutants/mutants.txt, report the kill rate
#   make fuzz    run every fuzzer for a while (FUZZ_TIME seconds each)
BUILD ?= build
ASAN_BUILD ?= build-asan
WIN64_BUILD ?= build-win64
WIN32_BUILD ?= build-win32
FUZZ_BUILD ?= build-fuzz
FUZZ_TIME ?= 60
FUZZ_TARGETS = core 3d dump kmd qmp shader
JOBS ?= $(shell nproc)

SAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
          LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
          UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
# The sanitizer QEMU: any report aborts it; its own leaks at exit are not ours.
QEMU_SAN_ENV = SABLE_QEMU=$(BUILD)/qemu-san/qemu-system-x86_64 \
          ASAN_OPTIONS=abort_on_error=1:halt_on_error=1:detect_leaks=0 \
          UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1

.PHONY: all deps qemu qemu-san build asan fuzzers windows-build windows demo demo-device test bench soak scripts mutants fuzz clean

all: build

deps:
	@sh scripts/deps.sh

qemu: deps
	@sh scripts/qemu.sh $(BUILD)

# The same device in a QEMU built with ASan and UBSan ($(BUILD)/qemu-san/).
qemu-san: deps
	@QEMU_JOBS=$${QEMU_JOBS:-2} sh scripts/qemu.sh $(BUILD) san

$(BUILD)/build.ninja:
	meson setup $(BUILD)

$(ASAN_BUILD)/build.ninja:
	meson setup $(ASAN_BUILD) -Dqemu_tests=false \
	    -Db_sanitize=address,undefined -Db_lundef=false \
	    -Dc_args=-fno-sanitize-recover=undefined

build: qemu $(BUILD)/build.ninja
	meson compile -C $(BUILD) -j $(JOBS)

asan: deps $(ASAN_BUILD)/build.ninja
	meson compile -C $(ASAN_BUILD) -j $(JOBS)

# The Windows binaries (mingw-w64 cross builds, windows/meson.build):
# sable.sys and sable_d3d10.dll (x64), sable_d3d10_wow.dll (x86).
$(WIN64_BUILD)/build.ninja:
	meson setup $(WIN64_BUILD) --cross-file windows/cross/x86_64-w64-mingw32.ini

$(WIN32_BUILD)/build.ninja:
	meson setup $(WIN32_BUILD) --cross-file windows/cross/i686-w64-mingw32.ini

windows-build: deps $(WIN64_BUILD)/build.ninja $(WIN32_BUILD)/build.ninja
	meson compile -C $(WIN64_BUILD) -j $(JOBS)
	meson compile -C $(WIN32_BUILD) -j $(JOBS)

# The driver package (docs/windows.md): unsigned binaries, the INF and the
# test-signing script in $(WIN64_BUILD)/package.
windows: windows-build
	rm -rf $(WIN64_BUILD)/package
	sh windows/package.sh . $(WIN64_BUILD) $(WIN32_BUILD) $(WIN64_BUILD)/package
# libFuzzer targets (tests/fuzz): clang, ASan+UBSan, coverage everywhere.
$(FUZZ_BUILD)/build.ninja:
	CC=clang meson setup $(FUZZ_BUILD) -Dfuzzers=true -Dqemu_tests=false \
	    -Db_sanitize=address,undefined -Db_lundef=false -Dwerror=false \
	    "-Dc_args=-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined"

fuzzers: deps $(FUZZ_BUILD)/build.ninja
	@# ninja, not meson compile: it regenerates a stale build first, so
	@# targets added since the folder was set up are known
	ninja -C $(FUZZ_BUILD) -j $(JOBS) $(addprefix tests/fuzz/fuzz-,$(FUZZ_TARGETS))

# The whole stack against QEMU: winsim's dxgkrnl loads the KMD, renders,
# injects a hang and shows the TDR with its decoded dump, then recovers;
# then one hang end to end with sablectl (inject, status, dump, decode);
# then the D3D11-shaped scenario through the UMD (create, upload, copy,
# clear, present full screen, hang, device removed, recreate, present
# again), the presented frames saved as PNG next to the reports.
demo: build
	@mkdir -p $(BUILD)/demo-report
	@SABLE_QEMU=$(BUILD)/qemu/qemu-system-x86_64 \
	    $(BUILD)/tests/winsim/winsim-demo qemu > $(BUILD)/demo-report/stack.txt; \
	    status=$$?; cat $(BUILD)/demo-report/stack.txt; \
	    echo "report saved in $(BUILD)/demo-report/stack.txt"; exit $$status
	@SABLE_QEMU=$(BUILD)/qemu/qemu-system-x86_64 WINSIM_DUMP_DIR=$(BUILD)/demo-report \
	    $(BUILD)/tests/faults/fault-demo $(BUILD)/tools/sablectl > $(BUILD)/demo-report/tdr.txt \
	    2> $(BUILD)/demo-report/tdr-stderr.txt; status=$$?; cat $(BUILD)/demo-report/tdr.txt; \
	    echo "report saved in $(BUILD)/demo-report/tdr.txt"; exit $$status
	@SABLE_QEMU=$(BUILD)/qemu/qemu-system-x86_64 \
	    $(BUILD)/tests/winsim/d3d/d3d-demo --out $(BUILD)/demo-report qemu \
	    > $(BUILD)/demo-report/d3d.txt 2> $(BUILD)/demo-report/d3d-stderr.txt; \
	    status=$$?; cat $(BUILD)/demo-report/d3d.txt; \
	    echo "report saved in $(BUILD)/demo-report/d3d.txt"; exit $$status

# The device alone (no driver): both engines, a hang, the dump, engine reset.
demo-device: build
	$(BUILD)/demo/sable-demo --qemu $(BUILD)/qemu/qemu-system-x86_64 \
	    --out $(BUILD)/demo-report

# Both runs always happen; the summary counts both testlog.json files and
# decides the exit status. The first also runs suite qemu-san (the qemu
# suite against the sanitizer QEMU).
test: build asan qemu-san fuzzers windows-build
	@meson configure $(BUILD) -Dqemu_san_tests=true
	-meson test -C $(BUILD) --print-errorlogs --num-processes 2
	-meson test -C $(WIN64_BUILD) --print-errorlogs --num-processes 2
	-meson test -C $(WIN32_BUILD) --print-errorlogs --num-processes 2
	-$(SAN_ENV) meson test -C $(ASAN_BUILD) --suite model --suite tools --suite stack --suite faults \
	    --suite scripts --suite shader --print-errorlogs --num-processes 2
	-$(SAN_ENV) meson test -C $(FUZZ_BUILD) --suite fuzz --no-rebuild --print-errorlogs
	@python3 scripts/test-summary.py $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(WIN64_BUILD) $(WIN32_BUILD)

# N random faults over a mixed workload (default 1000 in-process, 100 on
# qemu); reports in $(BUILD)/soak-report-TRANSPORT, non-zero exit if a must-be-0 is not.
TRANSPORT ?= inproc
soak: build
	SABLE_QEMU=$(BUILD)/qemu/qemu-system-x86_64 $(BUILD)/tests/faults/sable-soak \
	    --transport $(TRANSPORT) $(if $(SOAK_COUNT),--count $(SOAK_COUNT)) \
	    $(if $(SOAK_SEED),--seed $(SOAK_SEED)) --out $(BUILD)/soak-report-$(TRANSPORT)

# The script suite through sable-run (docs/scripts.md): TAP on the
# terminal; report.html with every picture, JUnit and the logs in
# $(BUILD)/scripts-report.
scripts: build
	SABLE_QEMU=$(BUILD)/qemu/qemu-system-x86_64 $(BUILD)/tools/sable-run/sable-run \
	    --transport $(TRANSPORT) --jobs 2 --out $(BUILD)/scripts-report \
	    --junit $(BUILD)/scripts-report/junit.xml tests/scripts; \
	    status=$$?; echo "report: $(BUILD)/scripts-report/report.html"; exit $$status
# Every libFuzzer target for FUZZ_TIME seconds (new inputs kept in
# $(FUZZ_BUILD)/corpus/, findings saved as $(FUZZ_BUILD)/crash-*), then the
# qtest fuzzer as long against the sanitizer QEMU (FUZZ_SEED to replay).
fuzz: build qemu-san fuzzers
	@for t in $(FUZZ_TARGETS); do mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	    $(SAN_ENV) $(FUZZ_BUILD)/tests/fuzz/fuzz-$$t $(FUZZ_BUILD)/corpus/$$t \
	        tests/fuzz/corpus/$$t -max_total_time=$(FUZZ_TIME) -print_final_stats=1 \
	        -artifact_prefix=$(FUZZ_BUILD)/crash-$$t- || exit 1; done
	$(QEMU_SAN_ENV) $(BUILD)/tests/qfuzz/sable-qfuzz --time $(FUZZ_TIME) \
	    --seed $(if $(FUZZ_SEED),$(FUZZ_SEED),$$(date +%s))

bench: build
	$(BUILD)/bench/sable-bench --qemu $(BUILD)/qemu/qemu-system-x86_64 \
	    --json $(BUILD)/bench.json

# Each mutant (a small behaviour change) applied in turn, the tree rebuilt
# and the test meant to kill it run; not part of `make test`.
mutants: build
	python3 scripts/mutants.py $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(WIN64_BUILD) $(WIN32_BUILD)
