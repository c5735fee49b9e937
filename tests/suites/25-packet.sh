#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/suites/25-packet.sh - the packet semantics module (packet/): its
# CTest programs built twice and run, plus a symbol check.
#
#   gcc, Release, -Werror   test_packet (verdicts of every hand-built frame,
#                           fixer), test_truncate (every cut, guard pages,
#                           random damage), bench_frame smoke run
#   clang, ASan + UBSan     the same tests, so an over-read that stays inside
#                           a mapped page, or any UB, still fails
#   nm                      every external symbol of libinetcsum_packet.a
#                           starts with inetcsum_
#
# The module is built from a tree holding only the library and packet/
# (symbolic links into this checkout), which also checks that packet/
# depends on nothing but libinetcsum.  About a minute on 2 cores.
#
# Environment: BUILD_ROOT, JOBS (from tests/run_tests.sh).
set -u
cd "$(dirname "$0")/../.." || exit 1
SRC=$PWD
OUT=${BUILD_ROOT:-$PWD/build-tests}/packet
JOBS=${JOBS:-2}
fail=0

rm -rf "$OUT"
mkdir -p "$OUT/tree"
for d in CMakeLists.txt cmake include src packet; do
	ln -s "$SRC/$d" "$OUT/tree/$d"
done

# build NAME CMAKE-ARGS...: configure and build the packet targets.
build() {
	local name=$1
	shift
	echo "--- packet: build $name"
	if ! cmake -S "$OUT/tree" -B "$OUT/$name" -DINETCSUM_BUILD_SHARED=OFF \
		-DINETCSUM_BUILD_TESTS=ON -DCMAKE_COMPILE_WARNING_AS_ERROR=ON \
		"$@" >"$OUT/$name.log" 2>&1 ||
	   ! cmake --build "$OUT/$name" -j "$JOBS" --target test_packet \
		test_truncate bench_frame >>"$OUT/$name.log" 2>&1; then
		tail -n 40 "$OUT/$name.log"
		echo "FAIL: packet build $name"
		fail=1
		return 1
	fi
}

if build gcc -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release; then
	if (cd "$OUT/gcc" && ctest -R '^packet_' --output-on-failure); then
		echo "PASS: packet gcc ctest"
	else
		echo "FAIL: packet gcc ctest"
		fail=1
	fi
	"$OUT/gcc/packet/bench_frame" -n 20000 || fail=1
	# Defined external symbols (T, D, B, R) must carry the prefix.
	bad=$(nm -g --defined-only "$OUT/gcc/packet/libinetcsum_packet.a" |
	      awk 'NF == 3 && $2 ~ /[TDBR]/ && $3 !~ /^inetcsum_/ { print $3 }')
	if [ -n "$bad" ]; then
		echo "FAIL: packet symbols without the inetcsum_ prefix: $bad"
		fail=1
	else
		echo "PASS: packet symbol prefix"
	fi
fi

if command -v clang >/dev/null; then
	if build asan -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
		-DINETCSUM_SANITIZE=address,undefined; then
		if "$OUT/asan/packet/test_packet" &&
		   "$OUT/asan/packet/test_truncate" 100; then
			echo "PASS: packet ASan+UBSan"
		else
			echo "FAIL: packet ASan+UBSan"
			fail=1
		fi
	fi
else
	echo "SKIP: packet ASan+UBSan: clang not installed (scripts/deps/build.txt lists it)"
	fail=1
fi
exit $fail
