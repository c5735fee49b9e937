#!/bin/bash
# bench/prefetch_sweep.sh - software prefetch distances compared on this
# CPU.  The library's kernels prefetch at one distance fixed at build time
# (docs/bench.md, "Prefetch sweep"), so this builds the shared library once
# per distance, with every kernel's distance option set to it, into
# $PF_DIR/<distance>/ (default build-prefetch/), and the tool in $BUILD
# (default build/); then the tool loads all the builds side by side and
# times their kernels interleaved in one process:
#
#   bench/prefetch_sweep.sh [BENCH ARGS...]
#   DISTANCES=0,512,4096 bench/prefetch_sweep.sh --sizes 1448,64K --cpu 1
#
# DISTANCES (bytes, default 0,64,128,256,512,1024,2048,4096; 0 = none),
# CMAKE_ARGS (more options for every build, e.g. -DINETCSUM_CACHE_LINE=128),
# JOBS.  The bench's arguments follow, as for "inetcsum bench --prefetch".
set -euo pipefail
cd "$(dirname "$0")/.."

DISTANCES=${DISTANCES:-0,64,128,256,512,1024,2048,4096}
BUILD=${BUILD:-build}
PF_DIR=${PF_DIR:-build-prefetch}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
read -r -a extra <<<"${CMAKE_ARGS:-}"

for d in ${DISTANCES//,/ }; do
	case $d in
	*[!0-9]*|'') echo "prefetch_sweep: bad distance '$d'" >&2; exit 2 ;;
	esac
	echo "prefetch_sweep: library with prefetch distance $d in $PF_DIR/$d" >&2
	cmake -S . -B "$PF_DIR/$d" -DCMAKE_BUILD_TYPE=Release \
		-DINETCSUM_BUILD_SHARED=ON -DINETCSUM_BUILD_TESTS=OFF \
		-DINETCSUM_BUILD_TOOLS=OFF -DINETCSUM_BUILD_BENCH=OFF \
		-DINETCSUM_PREFETCH_DISTANCE="$d" \
		-DINETCSUM_X86_PREFETCH_DISTANCE="$d" \
		-DINETCSUM_X86_ADX_PREFETCH_DISTANCE="$d" \
		-DINETCSUM_NEON_PREFETCH_DISTANCE="$d" \
		${extra[@]+"${extra[@]}"} >"$PF_DIR.$d.log" 2>&1 &&
	cmake --build "$PF_DIR/$d" -j "$JOBS" --target inetcsum_shared \
		>>"$PF_DIR.$d.log" 2>&1 || {
		tail -n 30 "$PF_DIR.$d.log" >&2
		echo "prefetch_sweep: build for distance $d failed" \
			"(log: $PF_DIR.$d.log)" >&2
		exit 1
	}
	rm -f "$PF_DIR.$d.log"
done
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
	cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" -j "$JOBS" --target inetcsum_tool >/dev/null
exec "$BUILD/tools/inetcsum" bench --prefetch "$DISTANCES" \
	--prefetch-builds "$PF_DIR" "$@"
