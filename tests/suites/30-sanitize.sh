#!/bin/bash
# tests/suites/30-sanitize.sh - the CTest suite built with clang under
# AddressSanitizer + UndefinedBehaviorSanitizer (any error aborts the test),
# then test_dispatch and test_race, whose threads race through the first
# call and through inetcsum_impl_select(), under ThreadSanitizer.
set -eu
. tests/suites/common.sh
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

A=$BUILD_ROOT/asan-ubsan
configure "$A" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DINETCSUM_TEST_SUPPORT=ON -DINETCSUM_SANITIZE=address,undefined \
	-DINETCSUM_BUILD_BENCH=OFF -DINETCSUM_BUILD_TOOLS=OFF
build "$A"
# Both halves run even if the first fails; the suite fails if either does.
status=0
run_ctest "$A" asan-ubsan --output-on-failure -j "$JOBS" || status=1

T=$BUILD_ROOT/tsan
configure "$T" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DINETCSUM_TEST_SUPPORT=ON -DINETCSUM_SANITIZE=thread \
	-DINETCSUM_BUILD_BENCH=OFF -DINETCSUM_BUILD_TOOLS=OFF
build "$T" test_dispatch test_race
if ! nm "$T/tests/core/test_dispatch" | grep -q __tsan_init; then
	echo "test_dispatch was not built with ThreadSanitizer"
	exit 1
fi
# TSan in clang 14 cannot map its shadow memory when the kernel randomises
# mmap with more than 28 bits (vm.mmap_rnd_bits, LLVM issue #54810, fixed in
# clang 18); running without address randomisation avoids it.
norand=()
if ! (cd "$T" && ctest -R '^dispatch$' >/dev/null 2>&1) &&
	setarch "$(uname -m)" -R true 2>/dev/null; then
	echo "TSan needs address randomisation off here: using setarch -R"
	norand=(setarch "$(uname -m)" -R)
fi
(cd "$T" && "${norand[@]}" ctest --output-on-failure -R '^(dispatch|race)') ||
	status=1
exit $status
