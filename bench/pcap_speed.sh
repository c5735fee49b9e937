#!/bin/bash
# bench/pcap_speed.sh - capture tools against their usual peers, side by
# side in one run on the same file:
#   inetcsum check  vs  tshark with IP/TCP/UDP checksum verification on
#   inetcsum fix    vs  tcprewrite --fixcsum
#
#   bench/pcap_speed.sh [WORKDIR]
# Environment: PCAP_SPEED_FRAMES (default 1000000) frames in the capture,
# INETCSUM (default build/tools/inetcsum) the tool, ROUNDS (default 2):
# each command runs ROUNDS times, alternating with its peer; the best
# elapsed and the best CPU time are kept.
# Not part of "make test" except as a tiny smoke run (70-pcap.sh).
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
W=${1:-/tmp/inetcsum-pcap-speed}
N=${PCAP_SPEED_FRAMES:-1000000}
T=${INETCSUM:-$ROOT/build/tools/inetcsum}
ROUNDS=${ROUNDS:-2}
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
[ -x "$T" ] || { echo "no tool at $T (make, or set INETCSUM)" >&2; exit 2; }
mkdir -p "$W"
F=$($PY scripts/gen_corpus.py --bench "$N" "$W")
frames=$("$T" check -q --json "$F" | sed -n 's/.*"frames":\([0-9]*\).*/\1/p')
size=$(stat -c %s "$F")
echo "capture: $F, $frames frames, $size bytes (corpus Ethernet frames repeated)"
echo "tool: $("$T" --version)"

# timeit VAR CMD...: runs CMD (output discarded) and keeps in VAR the
# smallest elapsed and CPU (user + system) seconds seen so far, as
# "elapsed cpu".  CPU time is what to compare on a loaded machine: other
# processes stretch the elapsed time of both sides, not their CPU time.
timeit() {
	local var=$1 out e c
	shift
	out=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 |
		tail -n 1)
	e=$(echo "$out" | awk '{ print $1 }')
	c=$(echo "$out" | awk '{ print $2 + $3 }')
	if [ -n "${!var}" ]; then
		e=$(echo "${!var} $e" | awk '{ print ($1 < $3) ? $1 : $3 }')
		c=$(echo "${!var} $c" | awk '{ print ($2 < $3) ? $2 : $3 }')
	fi
	printf -v "$var" "%s %s" "$e" "$c"
}
# report NAME OURS PEER PEERNAME: frames/s and ratios, elapsed and CPU.
report() {
	echo "$2 $3" | awk -v n="$frames" -v name="$1" -v peer="$4" '{
		printf "%s: inetcsum %.0f frames/s (%.3f s, cpu %.3f s), " \
		       "%s %.0f frames/s (%.3f s, cpu %.3f s): " \
		       "%.1fx elapsed, %.1fx cpu\n", name, n / $1, $1, $2,
		       peer, n / $3, $3, $4, $3 / $1, $4 / $2 }'
}

TSHARK_OPTS=(-n -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE
	-o udp.check_checksum:TRUE -o udplite.check_checksum:TRUE
	-o tcp.analyze_sequence_numbers:FALSE)
ti="" tt="" fi="" ft=""
for r in $(seq "$ROUNDS"); do
	timeit ti "$T" check -q "$F"
	timeit tt tshark "${TSHARK_OPTS[@]}" -r "$F"
	timeit fi "$T" fix -q "$F" "$W/fixed-inetcsum.pcap"
	timeit ft tcprewrite --fixcsum -i "$F" -o "$W/fixed-tcprewrite.pcap"
done
report check "$ti" "$tt" tshark
report fix "$fi" "$ft" tcprewrite
