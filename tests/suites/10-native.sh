#!/bin/bash
# tests/suites/10-native.sh - gcc Release build with INETCSUM_TEST_SUPPORT
# and the whole CTest suite on this machine's CPU.
set -eu
. tests/suites/common.sh
native_build
run_ctest "$NATIVE_BUILD" native --output-on-failure -j "$JOBS"
