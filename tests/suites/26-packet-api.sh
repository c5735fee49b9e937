#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/suites/26-packet-api.sh - the packet operations of issue 11 (fill,
# NAT, TTL decrement, GRO; packet/ip_packet.c, forward.c, gro.c) checked
# by two outsiders.
#
#   ctest           test_ip_packet, test_forward, test_gro and the
#                   fuzz_ip_packet corpus, gcc -Werror (INETCSUM_TEST_QUICK)
#   gen_packets     tests/packet/gen_packets.c: 1425 packets made by
#                   the API alone (filled built packets, NAT'd packets,
#                   TTL-decremented headers, GRO-coalesced packets) in a
#                   LINKTYPE_RAW pcap
#   inetcsum check  every checksum of the file good
#   tshark          IP, TCP, UDP, ICMP, ICMPv6, IGMP, GRE, PIM, VRRP, EIGRP,
#                   DCCP and SCTP (CRC32c, tshark's sctp.checksum) checksum
#                   checks on: no bad status, and as many good ones per
#                   protocol as "inetcsum check" counts
# A wrong value stored by fill (or a wrong update) fails both checks: the
# generator does not verify its own output.  About 40 s on 2 cores.
# Environment: BUILD_ROOT, JOBS.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/suites/common.sh
OUT=$BUILD_ROOT/packet-api
B=$OUT/gcc
W=$OUT/work
fail=0
rm -rf "$OUT"
mkdir -p "$W"

if ! configure "$B" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_COMPILE_WARNING_AS_ERROR=ON -DINETCSUM_BUILD_BENCH=OFF ||
   ! build "$B" inetcsum_static inetcsum_tool test_ip_packet test_forward \
	test_gro fuzz_ip_packet_standalone ||
   ! quiet gcc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude \
	-Itests/packet -Itests/lib \
	tests/packet/gen_packets.c tests/packet/l4gen.c \
	"$B/libinetcsum.a" -o "$B/gen_packets"; then
	echo "FAIL: packet-api build"
	exit 1
fi
if INETCSUM_TEST_QUICK=1 run_ctest "$B" packet-api \
	-R 'packet_test_(ip_packet|forward|gro)$|fuzz_ip_packet' \
	--output-on-failure; then
	echo "PASS: packet-api ctest"
else
	echo "FAIL: packet-api ctest"
	fail=1
fi

F=$W/api.pcap
if ! "$B/gen_packets" "$F" >"$W/gen.txt"; then
	echo "FAIL: packet-api: gen_packets"
	exit 1
fi
echo "gen_packets: $(paste -sd ';' "$W/gen.txt" | sed 's/;/; /')"

# "inetcsum check": exit 0, no frame with findings, the per-protocol
# good counts kept for the comparison with tshark.
"$B/tools/inetcsum" check -q "$F" >"$W/check.txt" 2>&1
rc=$?
if [ $rc -eq 0 ] &&
   grep -q ' 0 with bad checksums, 0 with other findings, 0 not fully' \
	"$W/check.txt"; then
	echo "PASS: packet-api: inetcsum check finds every checksum good"
else
	echo "FAIL: packet-api: inetcsum check (exit $rc)"
	cat "$W/check.txt"
	fail=1
fi

if ! command -v tshark >/dev/null; then
	skip "packet-api tshark check: tshark not installed (scripts/deps/pcap.txt)"
	exit $fail
fi
protos="ip tcp udp icmp icmpv6 igmp gre pim vrrp eigrp dccp sctp"
fields=()
for p in $protos; do
	case $p in
	pim) fields+=(-e pim.cksum.status) ;;	# tshark's name for it
	*) fields+=(-e "$p.checksum.status") ;;
	esac
done
# UDP port 9899 is SCTP over UDP (RFC 6951) to tshark, which this
# library does not parse: a random UDP packet sent there holds no SCTP
# packet, so tshark is told to read it as data.
if ! tshark -r "$F" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
	-o udp.check_checksum:TRUE -o 'sctp.checksum:CRC 32c' \
	-d udp.port==9899,data -T fields -E separator=/t "${fields[@]}" \
	>"$W/tshark.txt" 2>"$W/tshark.err"; then
	echo "FAIL: packet-api: tshark failed"
	tail -5 "$W/tshark.err"
	exit 1
fi
# Per column: statuses 0 (bad), 1 (good), 2 (not verified), comma-
# separated when a frame holds several layers of the protocol.
i=0
for p in $protos; do
	i=$((i + 1))
	counts=$(cut -f$i "$W/tshark.txt" | tr ',' '\n' | awk '
		$1 == "0" { bad++ } $1 == "1" { good++ }
		END { printf "%d %d", bad, good }')
	bad=${counts% *}
	good=${counts#* }
	name=$p
	[ "$p" = ip ] && name=ipv4
	ours=$(awk -v n="$name" '$1 == n && $2 == "good" { print $3 }' \
		"$W/check.txt")
	if [ "$bad" -ne 0 ] || [ "$good" -eq 0 ] || [ "$good" != "${ours:-0}" ]
	then
		echo "FAIL: packet-api: tshark $p: $bad bad, $good good" \
			"(inetcsum check: ${ours:-0} good)"
		fail=1
	else
		echo "PASS: packet-api: tshark $p: $good good, none bad"
	fi
done
exit $fail
