#!/bin/bash
# tests/suites/11-clang.sh - clang build of the library and of the core
# tests with every warning an error, then the core tests.
set -eu
. tests/suites/common.sh
B=$BUILD_ROOT/clang
configure "$B" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_C_FLAGS=-Werror -DINETCSUM_TEST_SUPPORT=ON
build "$B" inetcsum_static inetcsum_shared inetcsum_core_tests
run_ctest "$B" clang --output-on-failure -j "$JOBS" -L core
