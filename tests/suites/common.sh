# shellcheck shell=bash
# tests/suites/common.sh - helpers sourced by the suites of tests-core
# (not a suite itself: run_tests.sh only runs NN-NAME.sh files).
# Expects BUILD_ROOT and JOBS from tests/run_tests.sh; defaults allow
# running a suite file by hand from the top of the tree.
BUILD_ROOT=${BUILD_ROOT:-$PWD/build-tests}
JOBS=${JOBS:-2}
mkdir -p "$BUILD_ROOT"

# skip() and ctest_skips(): tests/suites/skip.sh.
. "$(dirname "${BASH_SOURCE[0]}")/skip.sh"

# quiet CMD...: run CMD with its output kept in a log that is shown only
# if it fails, so passing suites stay short.
quiet() {
	local log rc=0
	log=$(mktemp)
	"$@" >"$log" 2>&1 || rc=$?
	if [ $rc -ne 0 ]; then
		echo "command failed (exit $rc): $*"
		tail -n 80 "$log"
		fail_note "command failed (exit $rc): $*"
	fi
	rm -f "$log"
	return $rc
}

# configure DIR CMAKE-ARGS...: configure the tree into DIR.
configure() {
	local dir=$1
	shift
	quiet cmake -S . -B "$dir" "$@"
}

# build DIR [TARGET...]: build DIR (everything, or only TARGETs).
build() {
	local dir=$1 t args=()
	shift
	for t in "$@"; do args+=(--target "$t"); done
	quiet cmake --build "$dir" -j "$JOBS" "${args[@]}"
}

# native_build: the gcc Release build with test support that 10-native
# makes and 20-features reuses (rebuilt here if missing or stale).
NATIVE_BUILD=$BUILD_ROOT/native
native_build() {
	configure "$NATIVE_BUILD" -DCMAKE_C_COMPILER=gcc \
		-DCMAKE_BUILD_TYPE=Release -DINETCSUM_TEST_SUPPORT=ON &&
		build "$NATIVE_BUILD"
}

# release_build: a Release build of the library alone, as it ships (no test
# support), installed by 45-install into INSTALL_PREFIX and inspected by
# 40-symbols; whichever runs first builds it.
RELEASE_BUILD=$BUILD_ROOT/release
INSTALL_PREFIX=$BUILD_ROOT/install-prefix
release_build() {
	configure "$RELEASE_BUILD" -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_INSTALL_PREFIX="$INSTALL_PREFIX" \
		-DINETCSUM_BUILD_SHARED=ON -DINETCSUM_BUILD_TESTS=OFF \
		-DINETCSUM_BUILD_BENCH=OFF -DINETCSUM_BUILD_TOOLS=OFF \
		-DINETCSUM_BUILD_FUZZERS=OFF &&
		build "$RELEASE_BUILD"
}

# spawn CMD...: run CMD in the background, standard input from /dev/null,
# once fewer than JOBS commands started this way are still running (each
# is one single-threaded process); the caller waits for the last ones.
spawn() {
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
		wait -n || true
	done
	"$@" </dev/null &
}
