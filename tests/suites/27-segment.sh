#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/suites/27-segment.sh - software GSO and "inetcsum segment" (issue 10).
#
#   ctest -L packet     test_gso / test_offload against the naive reference
#                       (tests/packet/l4gen.c), gcc -Werror
#   test_gso --pcap     the Ethernet segments it made, checked by
#                       "inetcsum check" and by tshark (every checksum good)
#   inetcsum segment    three captures (pcap LE/us, pcap BE/ns, pcapng with
#                       EPB options and SPB; jumbograms: IPv6 TCP with the
#                       RFC 2675 header and IPv4 BIG TCP split, IPv6 UDP
#                       kept; TSO frames with an IP length of 0 under
#                       64 KiB, split or fragmented or counted) from
#                       tests/tools/segment/segcheck.py:
#                       the output keeps the file header and every kept
#                       record byte for byte and in order, every packet fits
#                       the MTU, each TCP byte stream and each fragmented
#                       datagram is the input's, "inetcsum check" and tshark
#                       find every checksum good, the 2,030-byte TSO frame
#                       is the segments tshark expects, and every frame over
#                       the MTU is split or counted under its reason
#   wrong checksums     in-bad.pcap: kept where splitting would recompute
#                       them, fragmented where the fragments carry them;
#                       check counts as many bad ones after as before
#   streams             gzip/zstd/lz4 files, a pipe, a dribbled pipe: the
#                       same output as the file; OUT.gz written compressed
#   VLAN after SLL      segment's fragments of packets behind VLAN tags
#                       after SLL and SLL2 reassembled by check, every
#                       checksum good (tests/tools/segment/sll_vlan.py)
#   fuzz_gso            its corpus (GSO and fragmentation), under ASan +
#                       UBSan with clang
# Under a minute on 2 cores.  Environment: BUILD_ROOT, JOBS.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/suites/common.sh
OUT=$BUILD_ROOT/segment
B=$OUT/gcc
fail=0
rm -rf "$OUT"
mkdir -p "$OUT/work"

if ! configure "$B" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_COMPILE_WARNING_AS_ERROR=ON -DINETCSUM_BUILD_BENCH=OFF ||
   ! build "$B" test_gso test_offload inetcsum_tool fuzz_gso_standalone; then
	echo "FAIL: segment build"
	exit 1
fi
if run_ctest "$B" segment -R 'packet_test_(gso|offload)|fuzz_gso' \
	--output-on-failure; then
	echo "PASS: segment ctest"
else
	echo "FAIL: segment ctest"
	fail=1
fi

# tshark_good FILE: tshark's checksum statuses hold no 0 (bad).
tshark_good() {
	local st
	st=$(tshark -r "$1" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
		-o udp.check_checksum:TRUE -T fields -e ip.checksum.status \
		-e tcp.checksum.status -e udp.checksum.status 2>/dev/null) ||
		return 1
	[ -n "$st" ] || return 1
	! printf '%s\n' "$st" | tr '\t,' '\n\n' | grep -qx 0
}

# tso_split FILE MTU: the 2,030-byte IPv4 TSO frame of segcheck.py (total
# length 0, pseudo-header sum; TCP sequence 2^30, 1,964 payload bytes
# after 52 header bytes) came out as ceil(1964 / (MTU - 52)) segments,
# each with an IP length and a TCP checksum tshark finds good.
tso_split() {
	local want=$(( (1964 + $2 - 52 - 1) / ($2 - 52) )) got
	got=$(tshark -r "$1" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
		-Y 'ip && tcp.seq_raw >= 1073741824 && tcp.seq_raw < 1073743788' -T fields \
		-e ip.checksum.status -e tcp.checksum.status 2>/dev/null |
		grep -c '^1	1$')
	[ "$got" = "$want" ] || {
		echo "FAIL: segment: the TSO frame gave $got good segments, want $want"
		return 1
	}
}

W=$OUT/work
"$B/tests/packet/test_gso" --pcap "$W/gso.pcap" >/dev/null || fail=1
if quiet "$B/tools/inetcsum" check -q "$W/gso.pcap"; then
	echo "PASS: segment: GSO output good for inetcsum check"
else
	echo "FAIL: segment: inetcsum check on test_gso's segments"
	fail=1
fi
have_tshark=1
if ! command -v tshark >/dev/null; then
	have_tshark=0
	skip "segment tshark checks: tshark not installed (scripts/deps/packet.txt)"
elif tshark_good "$W/gso.pcap"; then
	echo "PASS: segment: GSO output good for tshark"
else
	echo "FAIL: segment: tshark finds a bad checksum in test_gso's segments"
	fail=1
fi

python3 tests/tools/segment/segcheck.py make "$W" || fail=1
for f in in-le-us.pcap in-be-ns.pcap in.pcapng; do
	for mtu in 1500 576; do
		o=$W/out-$mtu-$f
		if ! "$B/tools/inetcsum" segment --mtu $mtu "$W/$f" "$o" \
			>"$o.txt"; then
			echo "FAIL: segment $f --mtu $mtu"
			fail=1
			continue
		fi
		if python3 tests/tools/segment/segcheck.py check "$W/$f" "$o" $mtu \
			"$o.txt" &&
		   quiet "$B/tools/inetcsum" check -q "$o" &&
		   { [ $have_tshark = 0 ] || { tshark_good "$o" &&
			tso_split "$o" $mtu; }; }; then
			echo "PASS: segment $f --mtu $mtu: $(head -1 "$o.txt" |
				sed 's/.*MTU [0-9]*: //')"
		else
			echo "FAIL: segment $f --mtu $mtu"
			fail=1
		fi
	done
done
# Wrong checksums (segcheck.py's in-bad.pcap): never hidden by the copy.
# A frame whose wrong checksum splitting would compute afresh is kept and
# counted; fragments carry a bad UDP field on as data.  check finds as many
# bad checksums of each protocol in the output as in the input.
bad_counts() {
	"$B/tools/inetcsum" check "$1" | awk '/^  [a-z0-9]+ / {
		for (i = 2; i < NF; i++) if ($i == "bad") print $1, $(i + 1) }'
}
for mtu in 1500 576; do
	o=$W/out-$mtu-in-bad.pcap
	if "$B/tools/inetcsum" segment --mtu $mtu "$W/in-bad.pcap" "$o" \
		>"$o.txt" &&
	   python3 tests/tools/segment/segcheck.py check "$W/in-bad.pcap" "$o" \
		$mtu "$o.txt" >/dev/null &&
	   [ -n "$(bad_counts "$W/in-bad.pcap")" ] &&
	   [ "$(bad_counts "$W/in-bad.pcap")" = "$(bad_counts "$o")" ]; then
		echo "PASS: segment --mtu $mtu keeps every wrong checksum:" \
			$(bad_counts "$o")
	else
		echo "FAIL: segment --mtu $mtu and wrong checksums:" \
			"in $(bad_counts "$W/in-bad.pcap" | tr '\n' ' ')," \
			"out $(bad_counts "$o" | tr '\n' ' ')"
		fail=1
	fi
done
# VLAN tags after SLL and SLL2: segment fragments the packets behind them
# and check's reassembly puts the fragments together again, both finding
# the IP header with the packet layer's walker (tests/tools/segment/sll_vlan.py).
python3 tests/tools/segment/sll_vlan.py make "$W" || fail=1
for f in sll-vlan.pcap sll2-vlan.pcap; do
	o=$W/seg-$f
	if "$B/tools/inetcsum" segment --mtu 576 "$W/$f" "$o" >"$o.txt" &&
	   "$B/tools/inetcsum" check -q --json "$o" >"$o.json" &&
	   python3 tests/tools/segment/sll_vlan.py verify "$o.txt" "$o.json" 3 &&
	   { [ $have_tshark = 0 ] || tshark_good "$o"; }; then
		echo "PASS: segment and check agree on VLAN tags after ${f%%-*}"
	else
		echo "FAIL: segment and check on VLAN tags after ${f%%-*}"
		fail=1
	fi
done
# The same output from a gzip, zstd or lz4 file, a pipe and a pipe that
# dribbles (frames split across the stream window's refills); OUT.gz is
# written compressed.
streams_ok=1
for f in in-le-us.pcap in.pcapng; do
	ref=$W/out-576-$f
	gzip -c "$W/$f" >"$W/$f.gz"
	"$B/tools/inetcsum" segment -q --mtu 576 "$W/$f.gz" "$W/s-gz-$f" &&
		cmp -s "$ref" "$W/s-gz-$f" || { echo "  gzip input: $f"; streams_ok=0; }
	for z in zstd lz4; do
		command -v $z >/dev/null || {
			echo "  $z missing (scripts/deps/pcap.txt lists it)"
			streams_ok=0
			continue
		}
		$z -q -c "$W/$f" >"$W/$f.$z"
		"$B/tools/inetcsum" segment -q --mtu 576 "$W/$f.$z" "$W/s-$z-$f" &&
			cmp -s "$ref" "$W/s-$z-$f" || { echo "  $z input: $f"; streams_ok=0; }
	done
	cat "$W/$f" | "$B/tools/inetcsum" segment -q --mtu 576 - "$W/s-pipe-$f" &&
		cmp -s "$ref" "$W/s-pipe-$f" || { echo "  pipe: $f"; streams_ok=0; }
	python3 tests/tools/pcap/dribble.py "$W/$f" |
		"$B/tools/inetcsum" segment -q --mtu 576 - "$W/s-drib-$f" &&
		cmp -s "$ref" "$W/s-drib-$f" || { echo "  dribbled pipe: $f"; streams_ok=0; }
	"$B/tools/inetcsum" segment -q --mtu 576 "$W/$f" "$W/s-out-$f.gz" &&
		gzip -dc "$W/s-out-$f.gz" | cmp -s "$ref" - ||
		{ echo "  OUT.gz: $f"; streams_ok=0; }
done
if [ $streams_ok = 1 ]; then
	echo "PASS: segment reads gzip/zstd/lz4 files, pipes and dribbled pipes, writes OUT.gz: the same capture"
else
	echo "FAIL: segment on compressed or piped input"
	fail=1
fi
# A damaged input writes nothing.
head -c 1000 "$W/in-le-us.pcap" >"$W/cut.pcap"
if "$B/tools/inetcsum" segment "$W/cut.pcap" "$W/never.pcap" 2>/dev/null ||
   [ -e "$W/never.pcap" ]; then
	echo "FAIL: segment: a damaged input left an output"
	fail=1
else
	echo "PASS: segment: a damaged input writes no output"
fi

if command -v clang >/dev/null; then
	A=$OUT/asan
	if configure "$A" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
		-DINETCSUM_SANITIZE=address,undefined -DINETCSUM_BUILD_BENCH=OFF \
		-DINETCSUM_BUILD_TOOLS=OFF &&
	   build "$A" fuzz_gso_standalone test_gso &&
	   "$A/fuzz/fuzz_gso_standalone" fuzz/corpus/gso >/dev/null &&
	   INETCSUM_TEST_QUICK=1 "$A/tests/packet/test_gso" >/dev/null; then
		echo "PASS: segment ASan+UBSan (fuzz_gso corpus, test_gso)"
	else
		echo "FAIL: segment ASan+UBSan"
		fail=1
	fi
else
	skip "segment ASan+UBSan: clang not installed"
fi
exit $fail
