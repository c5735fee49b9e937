# Makefile - the README's commands.  The build itself is CMake's.
#
#   make          build everything (build/)
#   make bench    the main job: the checksum benchmark, then the packet
#                 workloads (GSO, GRO, forwarding, NAT; see README)
#   make test     the full test suite: native, sanitizers, every kernel,
#                 cross-architecture runs under QEMU, capture tools
#   make deps     install the Debian packages the tests need (as root)

BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all build bench test deps deps-bench clean

all: build

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The bench turns on its peers (DPDK, lwIP, libnet: off by default, so that
# a default build depends on nothing but the library).
bench: deps-bench $(BUILD)/CMakeCache.txt
	cmake -S . -B $(BUILD) -DINETCSUM_BENCH_PEERS=ON
	cmake --build $(BUILD) -j $(JOBS)
	$(BUILD)/tools/inetcsum bench $(BENCH_ARGS)
	@echo
	@echo "== packet workloads: software GSO (bench/gso_bench.c) =="
	$(BUILD)/bench/gso_bench -r 201
	@echo
	@echo "== packet workloads: GRO verify, forwarding, NAT (bench/packet_jobs_bench.c) =="
	$(BUILD)/bench/packet_jobs_bench
	@echo "-- the same with the packets in random slots, as a recycled mempool gives them (-x) --"
	$(BUILD)/bench/packet_jobs_bench -x
	@echo "-- the same with TCP/IPv6 segments (-6) --"
	$(BUILD)/bench/packet_jobs_bench -6
	@echo
	@echo "== lwIP: inetcsum_lwip.h hooks against Debian's liblwip (bench/lwip_hook_bench.c) =="
	$(BUILD)/bench/lwip_hook_bench
	@echo
	@echo "== Python: the inetcsum module against scapy's checksum() (python/bench.py) =="
	/usr/bin/python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore \
		--no-build-isolation --no-deps --no-index --upgrade --target $(BUILD)/python ./python
	PYTHONPATH=$(BUILD)/python /usr/bin/python3 python/bench.py

deps-bench:
	scripts/install-deps.sh bench

deps:
	scripts/install-deps.sh

test:
	scripts/install-deps.sh
	tests/run_tests.sh $(SUITES)

clean:
	rm -rf $(BUILD) build-*
