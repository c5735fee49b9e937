#!/bin/bash
# bench/bench_matrix.sh - every kernel this CPU supports, each forced in its
# own run (INETCSUM_IMPL=<kernel> and --only <kernel>), merged into one
# table per size and regime, sorted by speed.
#
#   bench/bench_matrix.sh [BENCH ARGS...]
#
# Environment: BUILD (default build-matrix) is the build folder, JOBS the
# parallel build jobs, SIZES the sizes (default 64,1500,65536).  Extra
# arguments go to every "inetcsum bench" run, e.g. --quick or --cpu 1.
# Separate runs see the machine at different moments: on a busy machine
# prefer the interleaved comparison of one "inetcsum bench" run.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD:-build-matrix}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DINETCSUM_BUILD_TESTS=OFF \
	>"$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
cmake --build "$B" -j "${JOBS:-2}" --target inetcsum_tool >"$tmp/log" 2>&1 ||
	{ tail -n 30 "$tmp/log"; exit 1; }
T=$B/tools/inetcsum
kernels=$("$T" bench --list | sed -n 's/^kernels: //p')
echo "kernels: $kernels"
for k in $kernels; do
	echo "running $k ..." >&2
	INETCSUM_IMPL=$k "$T" bench --only "$k" --op partial,copy \
		--sizes "${SIZES:-64,1500,65536}" --offsets 0 \
		--csv "$tmp/$k.csv" "$@" >/dev/null
done
# op,impl,size,offset,cache,prefetch,ns_per_call,ns_p10,gbps,...
cat "$tmp"/*.csv | grep -v '^op,' |
	sort -t, -k1,1 -k5,5r -k3,3n -k9,9gr |
	awk -F, '
	{ key = $1 " " $5 " " $3 }
	key != last { printf "\n%-8s %-4s %8s  %-18s %9s %8s\n", "op",
		"mode", "size", "kernel", "ns/call", "GB/s"; last = key }
	{ printf "%-8s %-4s %8d  %-18s %9.1f %8.2f\n", $1, $5, $3, $2, $7, $9 }'
