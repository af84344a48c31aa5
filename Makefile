# SPDX-License-Identifier: MIT
# Thin wrapper around meson. Every target installs what it needs (Debian
# packages, as root) and builds what is missing, so these work on a fresh
# Debian machine:
#   make demo    run the driver stack end to end against the real QEMU device
#   make test    build everything and run every test suite (plus ASan/UBSan)
#   make bench   run the benchmarks and print the table
#   make soak    random injected faults through the stack (SOAK_COUNT=N TRANSPORT=qemu)
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= $(shell nproc)

SAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
          UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1

.PHONY: all deps qemu build asan demo demo-device test bench soak clean

all: build

deps:
	@sh scripts/deps.sh

qemu: deps
	@sh scripts/qemu.sh $(BUILD)

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
# decides the exit status.
test: build asan
	-meson test -C $(BUILD) --print-errorlogs --num-processes 2
	-$(SAN_ENV) meson test -C $(ASAN_BUILD) --suite model --suite tools --suite stack --suite faults --suite shader \
	    --print-errorlogs --num-processes 2
	@python3 scripts/test-summary.py $(BUILD) $(ASAN_BUILD)

# N random faults over a mixed workload (default 1000 in-process, 100 on
# qemu); reports in $(BUILD)/soak-report-TRANSPORT, non-zero exit if a must-be-0 is not.
TRANSPORT ?= inproc
soak: build
	SABLE_QEMU=$(BUILD)/qemu/qemu-system-x86_64 $(BUILD)/tests/faults/sable-soak \
	    --transport $(TRANSPORT) $(if $(SOAK_COUNT),--count $(SOAK_COUNT)) \
	    $(if $(SOAK_SEED),--seed $(SOAK_SEED)) --out $(BUILD)/soak-report-$(TRANSPORT)

bench: build
	$(BUILD)/bench/sable-bench --qemu $(BUILD)/qemu/qemu-system-x86_64 \
	    --json $(BUILD)/bench.json

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
