#!/bin/bash
# tests/suites/35-fuzz.sh - bounded libFuzzer runs (clang, with ASan and
# UBSan, the library instrumented for coverage too): fuzz_csum for 60 s,
# fuzz_reasm (the IP fragment reassembler, a small state machine that
# saturates early) for 20 s and every other fuzz/fuzz_*.c target for 30 s.  New inputs go to a scratch
# corpus under BUILD_ROOT; the committed corpora are only read.  A crash,
# a sanitizer report or a wrong sum fails the suite, and libFuzzer leaves
# the input that caused it as crash-* in the scratch folder.
set -eu
. tests/suites/common.sh
B=$BUILD_ROOT/fuzz
configure "$B" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DINETCSUM_BUILD_FUZZERS=ON -DINETCSUM_SANITIZE=address,undefined \
	-DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link -DINETCSUM_TEST_SUPPORT=ON \
	-DINETCSUM_BUILD_TESTS=OFF -DINETCSUM_BUILD_BENCH=OFF \
	-DINETCSUM_BUILD_TOOLS=OFF
names=()
for src in fuzz/fuzz_*.c; do
	names+=("$(basename "$src" .c)")
done
build "$B" "${names[@]}"
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for name in "${names[@]}"; do
	corpus=$PWD/fuzz/corpus/${name#fuzz_}
	work=$BUILD_ROOT/fuzz-work/${name#fuzz_}
	secs=30
	[ "$name" = fuzz_csum ] && secs=60
	[ "$name" = fuzz_reasm ] && secs=20
	mkdir -p "$work"
	dirs=("$work")
	[ -d "$corpus" ] && dirs+=("$corpus")
	echo "$name: ${secs} s, corpus ${dirs[*]}"
	if (cd "$work" && "$B/fuzz/$name" -max_total_time=$secs -timeout=10 \
		-print_final_stats=1 "${dirs[@]}") \
		>"$work.log" 2>&1; then
		grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|DONE' \
			"$work.log" | sed 's/^/  /'
	else
		echo "$name FAILED:"
		tail -n 40 "$work.log"
		status=1
	fi
done
exit $status
