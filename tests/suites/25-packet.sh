#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/suites/25-packet.sh - the packet semantics module (packet/): its
# CTest programs built twice and run, plus a symbol check.
#
#   gcc, Release, -Werror   every packet test program (ctest -R ^packet_):
#                           test_packet (verdicts of every hand-built frame,
#                           fixer), test_truncate (every cut, guard pages,
#                           random damage), test_jumbo (TSO, BIG TCP and
#                           jumbogram frames), the packet operations' tests
#                           (bench/frame_bench.c, the per-frame bench, runs
#                           in the native suite: it needs the bench engine)
#   clang, ASan + UBSan     test_packet, test_truncate and test_jumbo, so an
#                           over-read that stays inside a mapped page, or
#                           any UB, still fails
#   nm                      every external symbol that the packet layer's
#                           objects in libinetcsum.a define starts with
#                           inetcsum_
#   objdump                 gro.c's and gso.c's objects hold their
#                           prefetch instructions (x86-64, arm64)
#
#   tshark                  the catalog's frames written to a pcap per link
#                           type (catalog_pcap) and checked by tshark; every
#                           difference must be listed, with its reason, in
#                           tests/packet/tshark-differences.txt
#
# The module is built from a tree holding only the library, packet/ and
# tests/ (symbolic links into this checkout), which also checks that
# packet/ and its tests depend on nothing but libinetcsum.  About a minute
# on 2 cores.
#
# Environment: BUILD_ROOT, JOBS (from tests/run_tests.sh).
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/suites/skip.sh
SRC=$PWD
OUT=${BUILD_ROOT:-$PWD/build-tests}/packet
JOBS=${JOBS:-2}
fail=0

rm -rf "$OUT"
mkdir -p "$OUT/tree"
for d in CMakeLists.txt cmake include src packet tests; do
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
	   ! cmake --build "$OUT/$name" -j "$JOBS" --target inetcsum_packet_tests \
		>>"$OUT/$name.log" 2>&1; then
		tail -n 40 "$OUT/$name.log"
		echo "FAIL: packet build $name"
		fail=1
		return 1
	fi
}

# prefetches OBJDUMP-LISTING MEMBER [WHAT]: how many prefetch
# instructions (x86 prefetch*, arm64 prfm; only those whose line holds
# WHAT, if given) the listing shows in that archive member.
prefetches() {
	awk -v m="$2:" -v w="${3:-}" '
		$2 == "file" && $3 == "format" { on = $1 == m }
		on && /\t(prefetch|prfm)/ && (w == "" || index($0, w)) { n++ }
		END { print n + 0 }' "$1"
}

# check_prefetch: gro.c and gso.c prefetch the next segments, and the
# prefetches must be in the code: gcc 12 deleted the calls to a function
# that only prefetches (packet/pkt_fast.h, fast_prefetch()), and nothing
# but the speed showed it.  Checked on x86-64 and arm64, whose objdump
# names the instructions as matched; first shown to count 0 for code
# without a prefetch and 1 for a probe with one.
check_prefetch() {
	local lst=$OUT/gcc/objdump.txt probe=$OUT/probe m n
	case $(uname -m) in
	x86_64 | aarch64) ;;
	*) skip "prefetch check: objdump's names known for x86-64 and" \
		"arm64 only"; return 0 ;;
	esac
	printf 'void probe(const char *p) { __builtin_prefetch(p); }\n' \
		>"$probe-1.c"
	printf 'int probe(int x) { return x + 1; }\n' >"$probe-0.c"
	for n in 0 1; do
		gcc -O2 -c "$probe-$n.c" -o "$probe-$n.o" &&
			objdump -d "$probe-$n.o" >"$probe-$n.txt"
		if [ "$(prefetches "$probe-$n.txt" "$probe-$n.o")" != "$n" ]
		then
			echo "FAIL: the prefetch count of a probe is not $n"
			fail=1
			return
		fi
	done
	objdump -d "$OUT/gcc/libinetcsum.a" >"$lst"
	for m in gro.c.o gso.c.o; do
		n=$(prefetches "$lst" "$m")
		if [ "$n" -eq 0 ]; then
			echo "FAIL: no prefetch instruction in $m"
			fail=1
		else
			echo "PASS: $m holds $n prefetch instructions"
		fi
	done
	# gso.c prefetches the payload into L1, or into L2 where the tuning
	# table says so (src/tuning.c, gso_prefetch_l2): both loops.
	case $(uname -m) in
	x86_64) set -- prefetcht0 prefetcht1 ;;
	*) set -- pldl1keep pldl2keep ;;
	esac
	for m in "$@"; do
		if [ "$(prefetches "$lst" gso.c.o "$m")" -eq 0 ]; then
			echo "FAIL: no $m in gso.c.o"
			fail=1
			return
		fi
	done
	echo "PASS: gso.c.o prefetches into L1 ($1) and into L2 ($2)"
}

if build gcc -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Release; then
	if (cd "$OUT/gcc" && ctest -R '^packet_' --output-on-failure); then
		echo "PASS: packet gcc ctest"
	else
		echo "FAIL: packet gcc ctest"
		fail=1
	fi
	# Defined external symbols (T, D, B, R) must carry the prefix.
	objs=" $(cd packet && printf '%s.o: ' *.c)"
	bad=$(nm -g --defined-only "$OUT/gcc/libinetcsum.a" |
	      awk -v objs="$objs" '/\.o:$/ { on = index(objs, " " $0 " ") }
		   on && NF == 3 && $2 ~ /[TDBR]/ && $3 !~ /^inetcsum_/ {
			print $3 }')
	if [ -n "$bad" ]; then
		echo "FAIL: packet symbols without the inetcsum_ prefix: $bad"
		fail=1
	else
		echo "PASS: packet symbol prefix"
	fi
	check_prefetch
fi

# compare_tshark: this module's verdicts on the catalog against tshark's.
compare_tshark() {
	local w=$OUT/tshark
	mkdir -p "$w"
	local lt
	: >"$w/ours.txt"
	: >"$w/tshark.txt"
	: >"$w/carp.txt"
	# One file per link type: Ethernet, PPP, PPP/HDLC, 802.11, radiotap,
	# Linux ARCNET, Darwin's PKTAP, ipnet, NFLOG, PKTAP; ATM RFC 1483, enc,
	# pflog, PPP with direction; netANALYZER and its transparent mode,
	# IPoIB; Prism, AVS, PPI, ERF, Juniper Ethernet/PPP/Frame Relay/C-HDLC;
	# Token Ring, BSD's ARCNET, FDDI, ATM CLIP, Frame Relay, IP over FC,
	# SunATM, Apple IP over IEEE 1394.  tshark 4.0 reads none of C-HDLC
	# with direction (205), MPLS (219), PPP for pppd (166) and Frame Relay
	# with direction (206): the catalog's reference judges those alone.
	# Reassembly off: the catalog's fragments share IP IDs on purpose.
	# UDP 8472 is Linux's VXLAN port, which tshark needs told.  tshark
	# checks no SCTP checksum unless told which kind (its sctp.checksum
	# preference: None by default, or Adler 32, CRC 32c, Automatic).
	for lt in 1 9 50 105 127 129 149 226 239 258 100 109 117 204 12 13 14 \
		240 241 242 119 163 192 197 178 179 180 181 6 7 10 106 107 \
		122 123 138; do
		"$OUT/gcc/tests/packet/catalog_pcap" "$w/catalog-$lt.pcap" $lt \
			>>"$w/ours.txt" || return 1
		tshark -r "$w/catalog-$lt.pcap" -o ip.defragment:FALSE \
			-o ipv6.defragment:FALSE -o ip.check_checksum:TRUE \
			-o tcp.check_checksum:TRUE -o udp.check_checksum:TRUE \
			-o udplite.check_checksum:TRUE -d udp.port==8472,vxlan \
			-o 'sctp.checksum:CRC 32c' -T fields \
			-e ip.checksum.status -e tcp.checksum.status \
			-e udp.checksum.status -e icmp.checksum.status \
			-e icmpv6.checksum.status -e igmp.checksum.status \
			-e gre.checksum.status -e pim.cksum.status \
			-e vrrp.checksum.status -e carp.checksum.status \
			-e eigrp.checksum.status -e dccp.checksum.status \
			-e sctp.checksum.status -e pgm.hdr.cksum.status \
			-e cdp.checksum.status -e hip.checksum.status \
			-e edp.checksum.status -e nhrp.hdr.chksum.status \
			-e shim6.checksum.status \
			-E separator=';' -E occurrence=a \
			-E aggregator=, >>"$w/tshark.txt" 2>"$w/tshark.err" || {
			cat "$w/tshark.err"
			return 1
		}
		# CARP and VRRPv2 share protocol 112 and their header's first
		# byte; tshark tries its CARP heuristic only when asked to try
		# heuristics first.  The same verdicts either way.
		tshark -r "$w/catalog-$lt.pcap" -o ip.defragment:FALSE \
			-o ipv6.defragment:FALSE -o ip.try_heuristic_first:TRUE \
			-o ipv6.try_heuristic_first:TRUE -T fields \
			-e vrrp.checksum.status -e carp.checksum.status \
			-E separator=';' -E occurrence=a -E aggregator=, \
			>>"$w/carp.txt" 2>"$w/tshark.err" || {
			cat "$w/tshark.err"
			return 1
		}
	done
	python3 - "$w/ours.txt" "$w/tshark.txt" \
		tests/packet/tshark-differences.txt "$w/carp.txt" <<'PY'
import sys
# Our columns (catalog_pcap.c); tshark 4.0 verifies neither OSPF's nor
# RSVP's checksum (no status field), so those two are not compared here
# (docs/capture-tools.md).
cols = ["ip", "tcp", "udp", "icmp", "icmpv6", "igmp", "gre", "pim", "vrrp",
        "ospf", "rsvp", "eigrp", "dccp", "sctp", "pgm", "cdp",
        "hip", "edp", "nhrp", "shim6"]
skip = {"ospf", "rsvp"}
ours = [l.rstrip("\n").split(";") for l in open(sys.argv[1])]
def merge_vrrp(t):
    # vrrp.checksum.status and carp.checksum.status: one column, vrrp.
    return t[:8] + [",".join(x for x in t[8:10] if x)] + [""] * 2 + t[10:]
theirs = [merge_vrrp(l.rstrip("\n").split(";")) for l in open(sys.argv[2])]
sys.path.insert(0, "tests/tools/pcap")
from verdicts import pgm_statuses  # noqa: E402
k = cols.index("pgm")
for t in theirs:
    t[k] = ",".join(pgm_statuses([x for x in t[k].split(",") if x]))
carp = [l.rstrip("\n").split(";") for l in open(sys.argv[4])]
allowed = set()
for l in open(sys.argv[3]):
    if l.strip() and not l.startswith("#"):
        allowed.add(tuple(l.split()))
if len(ours) != len(theirs):
    sys.exit("tshark printed %d frames, want %d" % (len(theirs), len(ours)))
seen, bad, ncarp = set(), 0, 0
for o, t, v in zip(ours, theirs, carp):
    # The heuristics-first decoding must agree with the default one.
    ncarp += len(v) > 1 and v[1] != ""
    v = ",".join(x for x in v if x)
    if v != t[8]:
        bad += 1
        print("DIFFERENCE: %s vrrp: tshark %s, with CARP's heuristic %s" %
              (o[0], t[8] or "-", v or "-"))
    for k, c in enumerate(cols):
        if c in skip:
            continue
        a = ",".join(x for x in o[k + 1].split(",") if x) or "-"
        # tshark's 2 (unverified) is left out, as ours are.
        b = ",".join(x for x in t[k].split(",") if x and x != "2") or "-"
        if a == b:
            continue
        d = (o[0], c, a, b)
        if d in allowed:
            seen.add(d)
            print("known difference: %s %s: ours %s, tshark %s" % d)
        else:
            bad += 1
            print("DIFFERENCE: %s %s: ours %s, tshark %s" % d)
for d in sorted(allowed - seen):
    bad += 1
    print("listed difference not seen (update the list): %s %s %s %s" % d)
if not ncarp:
    bad += 1
    print("no frame decoded as CARP with tshark's heuristic first")
print("tshark: %d frames compared (%d as CARP too), %d unexplained" %
      (len(ours), ncarp, bad))
sys.exit(1 if bad else 0)
PY
}

if [ -x "$OUT/gcc/tests/packet/catalog_pcap" ]; then
	if ! command -v tshark >/dev/null || ! command -v python3 >/dev/null; then
		echo "FAIL: packet tshark comparison: tshark or python3 missing" \
			"(scripts/deps/packet.txt lists them)"
		fail=1
	elif compare_tshark; then
		echo "PASS: packet verdicts match tshark (listed differences only)"
	else
		echo "FAIL: packet verdicts differ from tshark"
		fail=1
	fi
fi

if command -v clang >/dev/null; then
	if build asan -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
		-DINETCSUM_SANITIZE=address,undefined; then
		if "$OUT/asan/tests/packet/test_packet" &&
		   "$OUT/asan/tests/packet/test_truncate" 100 &&
		   "$OUT/asan/tests/packet/test_jumbo"; then
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
