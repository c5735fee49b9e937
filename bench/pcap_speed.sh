#!/bin/bash
# bench/pcap_speed.sh - capture tools against their usual peers, side by
# side in one run on the same file:
#   inetcsum check  vs  tshark with IP/TCP/UDP checksum verification on
#   inetcsum fix    vs  tcprewrite --fixcsum
#
#   bench/pcap_speed.sh [WORKDIR]
# Environment: PCAP_SPEED_FRAMES (default 1000000) frames in the capture,
# INETCSUM (default build/tools/inetcsum) the tool, ROUNDS (default 2):
# each command runs ROUNDS times, alternating with its peer, best time kept.
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

# Seconds of the fastest of ROUNDS runs of "$@" (output discarded).
best=""
timeit() {
	local t0 t1 d
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>&1 || true
	t1=$(date +%s.%N)
	d=$(awk "BEGIN { print $t1 - $t0 }")
	if [ -z "$best" ] || awk "BEGIN { exit !($d < $best) }"; then
		best=$d
	fi
}
rate() { awk "BEGIN { printf \"%.0f\", $frames / $1 }"; }
ratio() { awk "BEGIN { printf \"%.1f\", $1 / $2 }"; }

TSHARK_OPTS=(-n -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE
	-o udp.check_checksum:TRUE -o udplite.check_checksum:TRUE
	-o tcp.analyze_sequence_numbers:FALSE)
ti="" tt="" fi="" ft=""
for r in $(seq "$ROUNDS"); do
	best=$ti; timeit "$T" check -q "$F"; ti=$best
	best=$tt; timeit tshark "${TSHARK_OPTS[@]}" -r "$F"; tt=$best
	best=$fi; timeit "$T" fix -q "$F" "$W/fixed-inetcsum.pcap"; fi=$best
	best=$ft; timeit tcprewrite --fixcsum -i "$F" -o "$W/fixed-tcprewrite.pcap"; ft=$best
done
printf "check: inetcsum %s frames/s (%.3f s), tshark %s frames/s (%.3f s): %sx\n" \
	"$(rate "$ti")" "$ti" "$(rate "$tt")" "$tt" "$(ratio "$tt" "$ti")"
printf "fix:   inetcsum %s frames/s (%.3f s), tcprewrite %s frames/s (%.3f s): %sx\n" \
	"$(rate "$fi")" "$fi" "$(rate "$ft")" "$ft" "$(ratio "$ft" "$fi")"
