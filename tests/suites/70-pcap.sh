#!/bin/bash
# tests/suites/70-pcap.sh - "inetcsum check" and "inetcsum fix" on a
# generated capture corpus, built with ASan and UBSan:
#  - every frame's per-layer verdicts against the generator's record;
#  - the same verdicts against tshark's, differences only as listed in
#    tests/tools/pcap/tshark-differences.txt, and against tcpdump's where it
#    verifies (tests/tools/pcap/tcpdump-differences.txt);
#  - IP reassembly across frames (tests/tools/pcap/gen_frag.py) against the
#    generator and tshark, fix by file, pipe and gzip, the memory limits;
#  - fix: only wrong checksum bytes differ, the result checks good;
#  - -j N gives the same output as -j 1; standard input works;
#  - compressed files of several members or frames, and cut at every
#    byte, against gzip/zstd/lz4 -dc (tests/tools/pcap/stream.py compressed);
#  - records that libpcap and tshark read though their headers look
#    wrong (longer than the snapshot length, old length order), against
#    tshark, through check, fix and segment (tests/tools/pcap/oversize.py);
#  - damaged files: exit 2, an error naming file, record and offset, the
#    frames before the damage still checked; fix then writes nothing;
#  - many captures (tests/tools/pcap/files_from.py): check/fix --files-from
#    against one run per file, merged; fix --output-dir; failures counted;
#  - a full file system (small tmpfs) leaves no output behind;
#  - ICMP errors quoting whole datagrams, RFC 4884 extensions and pcapng
#    epb_flags (tests/tools/pcap/gen_icmp.py, gen_epbflags.py) against the
#    generator and tshark, and fix of them;
#  - TSO, BIG TCP and jumbogram frames past 64 KiB (tests/tools/pcap/gen_jumbo.py)
#    against the generator, and fix of them;
#  - a smoke run of bench/pcap_speed.sh in which every variant runs.
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
B=$BUILD_ROOT/pcap
W=$B/work
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
failures=0
pass() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
mnt=""
cleanup() { [ -n "$mnt" ] && umount "$mnt" 2>/dev/null; }
trap cleanup EXIT

# PCAP_TEST_TOOL=/path/to/inetcsum tests that binary instead of building.
if [ -n "${PCAP_TEST_TOOL:-}" ]; then
	T=$PCAP_TEST_TOOL
else
echo "--- build (ASan + UBSan) in $B"
cmake -S "$ROOT" -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DINETCSUM_SANITIZE=address,undefined -DINETCSUM_BUILD_TESTS=OFF \
	-DINETCSUM_BUILD_BENCH=OFF -DINETCSUM_BUILD_SHARED=OFF >"$B.cmake.log" 2>&1 &&
	cmake --build "$B" -j "${JOBS:-2}" --target inetcsum_tool >"$B.build.log" 2>&1 ||
	{ cat "$B.cmake.log" "$B.build.log" | tail -30; echo "build failed"; exit 1; }
T=$B/tools/inetcsum
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

rm -rf "$W" && mkdir -p "$W"
C=$W/corpus
$PY scripts/gen_corpus.py "$C" || { echo "corpus generation failed"; exit 1; }
cd "$C"
FILES=$(ls *.pcap *.pcapng)

echo "--- verdicts per frame and layer"
"$T" check --json $FILES >"$W/check.jsonl" 2>"$W/check.err"
rc=$?
[ $rc -eq 1 ] && pass "check exit status 1 with bad checksums" ||
	{ fail "check exit status $rc (want 1)"; cat "$W/check.err"; }
$PY "$ROOT/tests/tools/pcap/verdicts.py" expect "$C" "$W/check.jsonl" &&
	pass "verdicts match the generator" || fail "verdicts"
if command -v tshark >/dev/null; then
	$PY "$ROOT/tests/tools/pcap/verdicts.py" tshark "$C" "$W/check.jsonl" \
		"$ROOT/tests/tools/pcap/tshark-differences.txt" &&
		pass "verdicts match tshark (listed differences only)" ||
		fail "tshark comparison"
else
	fail "tshark missing (scripts/deps/pcap.txt lists it)"
fi

echo "--- output modes"
"$T" check $FILES >"$W/j1.txt" 2>&1
"$T" check -j 3 $FILES >"$W/j3.txt" 2>&1
cmp -s "$W/j1.txt" "$W/j3.txt" && pass "-j 3 output = -j 1 output" ||
	{ fail "-j 3 output differs"; diff "$W/j1.txt" "$W/j3.txt" | head; }
"$T" check -j 2 --json $FILES >"$W/j2.jsonl" 2>/dev/null
cmp -s "$W/check.jsonl" "$W/j2.jsonl" && pass "-j 2 --json = sequential" ||
	fail "-j 2 --json differs"
grep -q "^  tcp .*bad" "$W/j1.txt" && grep -q "^summary: 16 files" "$W/j1.txt" &&
	pass "text summary per protocol" || fail "text summary"
n1=$("$T" check --json eth-le-us.pcap | grep -c '"frame"')
n2=$("$T" check --json - <eth-le-us.pcap | grep -c '"frame"')
[ "$n1" = 64 ] && [ "$n2" = 64 ] && pass "standard input" ||
	fail "standard input: $n1 / $n2 frames"

# Never silent: frames that stop short are counted with their reason, and
# --strict makes them a finding; ARP (no checksum) is parsed to its end.
$PY - "$W/stops.pcap" <<'EOF'
import struct, sys
eth = bytes.fromhex("020000000002020000000001")
frs = [eth + b"\x08\x06" + bytes(28), eth + b"\x88\xb5" + bytes(46),
       eth + b"\x88\x47" + bytes.fromhex("00010140") + b"\x90" + bytes(45)]
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    for d in frs:
        f.write(struct.pack("<IIII", 0, 0, len(d), len(d)) + d)
EOF
"$T" check "$W/stops.pcap" >"$W/stops.txt" 2>&1
rc=$?
"$T" check --strict -q "$W/stops.pcap" >/dev/null 2>&1
rs=$?
"$T" check --json -q "$W/stops.pcap" >"$W/stops.jsonl" 2>&1
[ $rc -eq 0 ] && [ $rs -eq 1 ] &&
	grep -q "2 not fully parsed" "$W/stops.txt" &&
	grep -q "^  not parsed 1: ethertype not parsed" "$W/stops.txt" &&
	grep -q "^  not parsed 1: MPLS payload not IP" "$W/stops.txt" &&
	grep -q '"unparsed_reasons":{"MPLS payload not IP or a pseudowire control word":1,"ethertype not parsed":1}' "$W/stops.jsonl" &&
	pass "not fully parsed: counted with reasons, --strict exits 1" ||
	{ fail "not fully parsed (exit $rc, strict $rs)"; cat "$W/stops.txt"; }

echo "--- streams and compressed captures"
before=$failures
# Each compressed form must give the verdicts of the plain file, through
# the file name (magic number detection) and through a pipe.
for f in eth-le-us.pcap mixed.pcapng encap-1.pcap; do
	"$T" check --json "$f" | sed 's/"file":"[^"]*"//' >"$W/plain.jsonl"
	for z in "gzip -c" "zstd -q -c" "lz4 -q -c"; do
		ext=${z%% *}
		$z "$f" >"$W/$f.$ext" 2>/dev/null || { fail "$ext missing"; continue; }
		"$T" check --json "$W/$f.$ext" | sed 's/"file":"[^"]*"//' >"$W/z.jsonl"
		$z "$f" | "$T" check --json - | sed 's/"file":"[^"]*"//' >"$W/zp.jsonl"
		cmp -s "$W/plain.jsonl" "$W/z.jsonl" && cmp -s "$W/plain.jsonl" "$W/zp.jsonl" ||
			fail "$ext: $f verdicts differ from the plain file"
	done
	# A pipe fed a few bytes at a time: the window's every edge.
	$PY "$ROOT/tests/tools/pcap/dribble.py" "$f" | "$T" check --json - |
		sed 's/"file":"[^"]*"//' >"$W/drib.jsonl"
	cmp -s "$W/plain.jsonl" "$W/drib.jsonl" || fail "dribbled pipe: $f differs"
	# fix: from a pipe to standard output, and from a gzip file.
	"$T" fix -q "$f" "$W/ref.out"
	$PY "$ROOT/tests/tools/pcap/dribble.py" "$f" | "$T" fix -q - - >"$W/fs.out"
	"$T" fix -q "$W/$f.gzip" "$W/fz.out"
	cmp -s "$W/ref.out" "$W/fs.out" && cmp -s "$W/ref.out" "$W/fz.out" ||
		fail "fix - - / fix of gzip: $f differs from fix IN OUT"
done
[ $failures -eq $before ] &&
	pass "gzip, zstd, lz4 (file and pipe), dribbled pipes, fix - -, fix of .gz"
# Several gzip members / zstd and lz4 frames (empty ones, skippable ones),
# and each file cut at every byte, against what gzip, zstd and lz4 -dc make
# of it: the same frames and verdicts, or an error naming file and offset.
mkdir -p "$W/z"
m=$($PY "$ROOT/tests/tools/pcap/stream.py" compressed "$T" "$W/z" 2>&1) &&
	pass "multi-member/multi-frame and cut compressed files as gzip/zstd/lz4 -dc read them ($(echo "$m" | tail -1))" ||
	{ fail "compressed streams"; echo "$m" | tail -20; }
$PY "$ROOT/tests/tools/pcap/stream.py" live "$T" &&
	pass "a pipe's frames are reported as they arrive" ||
	fail "live pipe"
# Bounded memory: the peak RSS of a 512 MiB stream against a 32 MiB one.
r1=$($PY "$ROOT/tests/tools/pcap/stream.py" rss "$T" 32)
r2=$($PY "$ROOT/tests/tools/pcap/stream.py" rss "$T" 512)
if [ -n "$r1" ] && [ -n "$r2" ] && [ $((r2 - r1)) -lt 16384 ]; then
	pass "streaming memory bounded: peak RSS $r1 KiB (32 MiB), $r2 KiB (512 MiB)"
else
	fail "streaming memory: peak RSS '$r1' KiB (32 MiB), '$r2' KiB (512 MiB)"
fi

echo "--- fix"
before=$failures
for f in $FILES; do
	for mode in plain partial; do
		o=$W/fixed-$mode-$f
		opt=""; [ $mode = partial ] && opt=--fix-partial
		if ! "$T" fix -q $opt "$f" "$o"; then
			fail "fix $opt $f"; continue
		fi
		"$T" check --json "$f" >"$W/b.jsonl" 2>/dev/null
		"$T" check --json "$o" >"$W/a.jsonl" 2>/dev/null
		popt=""; [ $mode = partial ] && popt=--partial
		$PY "$ROOT/tests/tools/pcap/fixcheck.py" $popt "$f" "$o" "$W/b.jsonl" \
			"$W/a.jsonl" >"$W/fixcheck.out" ||
			{ fail "fix $opt $f"; cat "$W/fixcheck.out"; continue; }
	done
done
[ $failures -eq $before ] &&
	pass "fix: only wrong checksum bytes changed, all files, with and without --fix-partial"
# An independent look at the repaired files: tshark must find no bad
# checksum in any of them (partial ones were completed too).
if command -v tshark >/dev/null; then
	nbad=0
	for f in $FILES; do
		n=$(tshark -n -r "$W/fixed-partial-$f" -o ip.check_checksum:TRUE \
			-o tcp.check_checksum:TRUE -o udp.check_checksum:TRUE \
			-o udplite.check_checksum:TRUE \
			-o udplite.ignore_checksum_coverage:FALSE -T fields \
			-E occurrence=a -E aggregator=, -e ip.checksum.status \
			-e tcp.checksum.status -e udp.checksum.status \
			-e icmp.checksum.status -e icmpv6.checksum.status \
			-e igmp.checksum.status -e gre.checksum.status 2>/dev/null |
			tr '\t,' '\n\n' | grep -c '^0$')
		[ "$n" -gt 0 ] && echo "tshark: $n bad checksums in fixed $f"
		nbad=$((nbad + n))
	done
	[ $nbad -eq 0 ] && pass "tshark finds no bad checksum in fixed files" ||
		fail "tshark finds $nbad bad checksums in fixed files"
fi
# OUT named *.gz, *.zst, *.lz4: compressed, the same capture inside.
before=$failures
"$T" fix -q eth-le-us.pcap "$W/fo.pcap.gz" && zcat "$W/fo.pcap.gz" |
	cmp -s - "$W/fixed-plain-eth-le-us.pcap" || fail "fix to .gz"
"$T" fix -q eth-le-us.pcap "$W/fo.pcap.zst" && zstd -q -dc "$W/fo.pcap.zst" |
	cmp -s - "$W/fixed-plain-eth-le-us.pcap" || fail "fix to .zst"
"$T" fix -q eth-le-us.pcap "$W/fo.pcap.lz4" && lz4 -q -dc "$W/fo.pcap.lz4" |
	cmp -s - "$W/fixed-plain-eth-le-us.pcap" || fail "fix to .lz4"
[ $failures -eq $before ] && pass "fix writes OUT.gz, OUT.zst, OUT.lz4 compressed"
# --udp-port: the VXLAN port declared plain UDP drops the inner layers.
n1=$("$T" check --json encap-1.pcap | grep -o '"proto"' | wc -l)
n2=$("$T" check --udp-port 4789=none --json encap-1.pcap | grep -o '"proto"' | wc -l)
n3=$("$T" check --udp-port 4789=none --udp-port 4789=vxlan --json encap-1.pcap |
	grep -o '"proto"' | wc -l)
[ "$n2" -eq $((n1 - 4)) ] && [ "$n3" -eq "$n1" ] &&
	pass "--udp-port 4789=none / =vxlan ($n1, $n2, $n3 layers)" ||
	fail "--udp-port: $n1, $n2, $n3 layers"
# Option spellings: "--name=value", "-jN" and "--jobs N" mean what the
# separate forms mean; a flag with a value and a bad -j are refused.
before=$failures
want=$("$T" check --udp-port 4789=none -j 2 --json encap-1.pcap)
for o in "--udp-port=4789=none -j2" "--udp-port=4789=none --jobs 2" \
	"--udp-port 4789=none --jobs=2"; do
	# shellcheck disable=SC2086 # the options are split on purpose
	[ "$("$T" check $o --json encap-1.pcap)" = "$want" ] ||
		fail "options spelled '$o' mean something else"
done
for o in --json=1 -j0 -jx --jobs= --files-from= --reassembly-bytes=0; do
	"$T" check "$o" encap-1.pcap >/dev/null 2>"$W/opt.err"
	[ $? -eq 2 ] && grep -q "^inetcsum check: .*'.*'" "$W/opt.err" ||
		{ fail "option '$o' not refused"; head -2 "$W/opt.err"; }
done
"$T" check --reassembly-frames=5 -q encap-1.pcap >/dev/null 2>&1
[ $? -ne 2 ] ||
	fail "--reassembly-frames=5 refused"
[ $failures -eq $before ] &&
	pass "options: --name=value, -jN, --jobs; flags with values refused"
"$T" fix -q link-228.pcap "$W/good.pcap" && "$T" check -q "$W/good.pcap" >/dev/null
rc=$?
[ $rc -eq 0 ] && pass "check exit status 0 on a fixed file" ||
	fail "check of a fixed file: exit $rc"
cp eth-le-us.pcap "$W/same.pcap"
"$T" fix -q "$W/same.pcap" "$W/same.pcap" 2>/dev/null
[ $? -eq 2 ] && cmp -s "$W/same.pcap" eth-le-us.pcap &&
	pass "fix refuses IN = OUT" || fail "fix overwrote its input"
ln -f "$W/same.pcap" "$W/link.pcap"
"$T" fix -q "$W/same.pcap" "$W/link.pcap" 2>/dev/null
[ $? -eq 2 ] && pass "fix refuses a hard link to IN" || fail "hard link"
rm -f "$W/link.pcap"	# --in-place refuses a file with other hard links
"$T" fix -q --in-place "$W/same.pcap" &&
	cmp -s "$W/same.pcap" "$W/fixed-plain-eth-le-us.pcap" &&
	pass "--in-place" || fail "--in-place"
$PY "$ROOT/tests/tools/pcap/inplace_links.py" "$T" "$W/inplace-links" &&
	pass "--in-place: symbolic link target fixed, hard links refused, owner, group and mode kept" ||
	fail "--in-place links and owner (tests/tools/pcap/inplace_links.py)"
"$T" fix -q eth-le-us.pcap /dev/null 2>/dev/null
[ $? -eq 2 ] && [ -c /dev/null ] && pass "fix refuses a non-regular OUT" ||
	fail "non-regular OUT"

echo "--- records libpcap and tshark read"
# A 65,549-byte frame (a 65,535-byte datagram in Ethernet) in a file of
# snapshot length 65535, pcap and pcapng; pcap 2.2/2.3 length order;
# snapshot length 0: every frame read, as tshark reads it, the long ones
# counted; fix changes only the UDP checksums tshark finds bad, through a
# file, a pipe and gzip; segment splits them.
before=$failures
O=$W/over
mkdir -p "$O"
$PY "$ROOT/tests/tools/pcap/oversize.py" gen "$O" || fail "oversize.py gen"
OF="big.pcap big.pcapng v22.pcap v23.pcap snap0.pcap"
(cd "$O" && $PY "$ROOT/tests/tools/pcap/oversize.py" tshark "$T" $OF) >"$W/over.out" 2>&1 &&
	pass "long records, old length order, snaplen 0: frames and verdicts as tshark ($(grep -c 'as tshark' "$W/over.out") files)" ||
	{ fail "records libpcap reads"; cat "$W/over.out"; }
"$T" check "$O/big.pcap" >"$W/over.txt" 2>&1
"$T" check -q --json "$O/big.pcapng" >"$W/over.json" 2>&1
grep -q "^  2 records longer than the snapshot length, read whole" "$W/over.txt" &&
	grep -q '"oversize_records":2,' "$W/over.json" &&
	pass "summary counts the records longer than the snapshot length (text, JSON)" ||
	{ fail "oversize summary"; cat "$W/over.txt" "$W/over.json"; }
for f in $OF; do
	"$T" fix -q "$O/$f" "$W/over-fixed-$f" &&
		$PY "$ROOT/tests/tools/pcap/oversize.py" fixed "$O/$f" "$W/over-fixed-$f" >"$W/over-fix.out" ||
		{ fail "fix of $f"; cat "$W/over-fix.out"; }
	$PY "$ROOT/tests/tools/pcap/dribble.py" "$O/$f" | "$T" fix -q - - >"$W/over-fs.out"
	gzip -c "$O/$f" >"$W/over.gz" && "$T" fix -q "$W/over.gz" "$W/over-fz.out"
	cmp -s "$W/over-fixed-$f" "$W/over-fs.out" && cmp -s "$W/over-fixed-$f" "$W/over-fz.out" ||
		fail "fix of $f through a pipe or gzip differs from fix IN OUT"
done
for f in big.pcap big.pcapng; do
	"$T" segment "$O/$f" "$W/over-seg-$f" >"$W/over-seg.out" 2>&1 ||
		{ fail "segment $f"; cat "$W/over-seg.out"; continue; }
	n=$(tshark -n -r "$W/over-seg-$f" 2>/dev/null | wc -l)
	grep -q "42 frames, MTU 1500: .* 2 IPv4 packets into 90 fragments" "$W/over-seg.out" &&
		grep -q "^  2 records longer than the snapshot length, read whole" "$W/over-seg.out" &&
		[ "$n" = 130 ] || { fail "segment $f: tshark reads $n frames, or no oversize count"; cat "$W/over-seg.out"; }
done
[ $failures -eq $before ] &&
	pass "fix and segment of long records: only bad UDP checksums change, tshark reads the output"
# Past the maximum for the link type: an error naming file, record and
# length, as tshark refuses it too; the frames before it are checked.
for f in toobig.pcap toobig.pcapng; do
	"$T" check -q "$O/$f" >/dev/null 2>"$W/toobig.err"
	rc=$?
	tshark -n -r "$O/$f" >/dev/null 2>&1
	trc=$?
	[ $rc -eq 2 ] && [ $trc -ne 0 ] &&
		grep -Eq "$f: (record 3 at offset 260|block 5 at offset 320): captured length 262145 exceeds the maximum of 262144 for link type 1 .*\(2 frames checked before it\)" "$W/toobig.err" ||
		{ fail "record over the maximum in $f (exit $rc, tshark $trc)"; cat "$W/toobig.err"; }
done
mkdir -p "$W/over-out"
"$T" fix -q "$O/toobig.pcap" "$W/over-out/x.pcap" 2>/dev/null
[ $? -eq 2 ] && [ -z "$(ls -A "$W/over-out")" ] &&
	pass "a record over the maximum: exit 2 naming file, record and length; fix writes nothing" ||
	fail "fix of a record over the maximum"
# More IDBs in a section than the reader keeps (INETCSUM_CAP_MAX_IFS).
m=$($PY "$ROOT/tests/tools/pcap/idb_flood.py" "$T" 2>&1) &&
	pass "a pcapng section of too many IDBs: exit 2 naming file, block and offset, memory bounded, fix writes nothing ($(echo "$m" | tail -1))" ||
	{ fail "IDB flood (tests/tools/pcap/idb_flood.py)"; echo "$m" | tail -20; }

echo "--- reassembly"
before=$failures
FC=$W/frag
mkdir -p "$FC"
$PY "$ROOT/tests/tools/pcap/gen_frag.py" "$FC" >"$W/gen_frag.out" 2>&1 ||
	{ fail "fragment corpus generation"; cat "$W/gen_frag.out"; }
FF=$(cd "$FC" && ls *.pcap *.pcapng)
(cd "$FC" && "$T" check --json $FF) >"$W/frag.jsonl" 2>"$W/frag.err"
rc=$?
[ $rc -eq 1 ] || { fail "check of the fragments: exit $rc (want 1)"; cat "$W/frag.err"; }
$PY "$ROOT/tests/tools/pcap/verdicts.py" expect "$FC" "$W/frag.jsonl" >"$W/frag.expect" &&
	pass "reassembly: verdicts match the generator ($(tail -1 "$W/frag.expect"))" ||
	{ fail "reassembly verdicts"; cat "$W/frag.expect"; }
if command -v tshark >/dev/null; then
	$PY "$ROOT/tests/tools/pcap/verdicts.py" tshark "$FC" "$W/frag.jsonl" \
		"$ROOT/tests/tools/pcap/tshark-differences.txt" >"$W/frag.tshark" 2>&1 &&
		pass "reassembly: verdicts match tshark with reassembly on (listed differences only)" ||
		{ fail "reassembly: tshark comparison"; grep -v '^note' "$W/frag.tshark"; }
fi
(cd "$FC" && "$T" check $FF) >"$W/frag.txt" 2>&1
# One datagram expires by time in frag-expire.pcap, and the same one in
# frag-expire-ns.pcapng (nanosecond if_tsresol).
grep -q "^  reassembled [1-9][0-9]* datagrams from" "$W/frag.txt" &&
	grep -q "^  not reassembled 2: expired: no last fragment within the timeout" "$W/frag.txt" &&
	grep -q "^  not reassembled [0-9]*: fragment: overlap" "$W/frag.txt" &&
	grep -q '"reassembly":{"fragments":' "$W/frag.jsonl" &&
	grep -q '"not_reassembled":{.*"incomplete at the end of the capture"' "$W/frag.jsonl" &&
	pass "reassembly: summary (text and JSON) counts datagrams and reasons" ||
	{ fail "reassembly summary"; cat "$W/frag.txt"; }
(cd "$FC" && "$T" check -j 3 --json $FF) >"$W/frag-j3.jsonl" 2>/dev/null
cmp -s "$W/frag.jsonl" "$W/frag-j3.jsonl" && pass "reassembly: -j 3 --json = sequential" ||
	fail "reassembly: -j 3 differs"
# --no-reassembly: today's verdicts, no upper layer of a fragment verified.
(cd "$FC" && "$T" check --no-reassembly --json $FF) >"$W/frag-off.jsonl" 2>/dev/null
n=$(grep -Eo '"proto":"(udp|tcp|icmp|icmpv6)","status":"(good|bad)"' "$W/frag-off.jsonl" | wc -l)
[ "$n" -eq 0 ] && ! grep -q '"reassembly"' "$W/frag-off.jsonl" &&
	[ "$(grep -c '"frame"' "$W/frag-off.jsonl")" = "$(grep -c '"frame"' "$W/frag.jsonl")" ] &&
	pass "--no-reassembly: fragments unverified as before" ||
	fail "--no-reassembly: $n upper layers verified"
# fix: only wrong fields change; tshark finds nothing bad afterwards; the
# streamed paths give the same bytes, also when frames are held back
# across the window's refills.
for f in $FF; do
	o=$W/frag-fixed-$f
	"$T" fix -q "$FC/$f" "$o" || { fail "fix $f"; continue; }
	"$T" check --json "$FC/$f" >"$W/b.jsonl" 2>/dev/null
	"$T" check --json "$o" >"$W/a.jsonl" 2>/dev/null
	$PY "$ROOT/tests/tools/pcap/fixcheck.py" "$FC/$f" "$o" "$W/b.jsonl" "$W/a.jsonl" \
		>"$W/fixcheck.out" || { fail "fix $f"; cat "$W/fixcheck.out"; }
	# One fix leaves nothing bad, also where a fragment's header was bad.
	grep -q '"status":"bad"' "$W/a.jsonl" && fail "bad checksums left in fixed $f"
	$PY "$ROOT/tests/tools/pcap/dribble.py" "$FC/$f" | "$T" fix -q - - >"$W/frag-fs.out"
	cmp -s "$o" "$W/frag-fs.out" || fail "fix - - (dribbled) of $f differs from fix IN OUT"
	gzip -c "$FC/$f" >"$W/frag.gz" && "$T" fix -q "$W/frag.gz" "$W/frag-fz.out" &&
		cmp -s "$o" "$W/frag-fz.out" || fail "fix of gzipped $f differs"
	if command -v tshark >/dev/null; then
		n=$(tshark -n -r "$o" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
			-o udp.check_checksum:TRUE -T fields -E occurrence=a -E aggregator=, \
			-e ip.checksum.status -e tcp.checksum.status -e udp.checksum.status \
			-e icmp.checksum.status -e icmpv6.checksum.status 2>/dev/null |
			tr '\t,' '\n\n' | grep -c '^0$')
		[ "$n" -eq 0 ] || fail "tshark: $n bad checksums in fixed $f"
	fi
done
# A held-back limit of 3 KiB on a stream: datagrams are given up (evicted),
# and no byte changes that the unlimited fix would not change.  Which of the
# two byte limits evicts first (the held-back output or the pending
# fragments, both --reassembly-bytes) depends on how the pipe delivers the
# dribbled input, so either reason passes.
$PY "$ROOT/tests/tools/pcap/dribble.py" "$FC/frag-eth.pcap" |
	"$T" fix --reassembly-bytes 3K - - >"$W/frag-small.out" 2>"$W/frag-small.err"
cat >"$W/subset.py" <<'PYEOF'
import sys
a, b, full = (open(p, "rb").read() for p in sys.argv[1:])
assert len(a) == len(b) == len(full)
diff = [i for i in range(len(a)) if a[i] != b[i]]
assert diff and all(b[i] == full[i] for i in diff), "bytes outside the full fix"
PYEOF
$PY "$W/subset.py" "$FC/frag-eth.pcap" "$W/frag-small.out" "$W/frag-fixed-frag-eth.pcap" &&
	grep -q -E "not reassembled [0-9]*: evicted: (output held back over the byte limit|pending bytes over the limit)" "$W/frag-small.err" &&
	pass "fix: held-back output bounded by --reassembly-bytes (evictions, no wrong byte)" ||
	{ fail "fix with a small held-back limit"; cat "$W/frag-small.err"; }
[ $failures -eq $before ] &&
	pass "reassembly: fix rewrites only the first fragments' wrong fields; tshark agrees; pipes and gzip the same"
# Bounded memory: 6000 datagrams whose last fragment never comes.
$PY "$ROOT/tests/tools/pcap/gen_frag.py" many "$W/many.pcap" 6000 >/dev/null 2>&1
"$T" check -q --json "$W/many.pcap" >"$W/many.json"
"$T" check -q --json --reassembly-bytes 1M --reassembly-datagrams 8000 "$W/many.pcap" >"$W/many1m.json"
"$T" check -q --json --reassembly-frames 50 "$W/many.pcap" >"$W/many50.json"
cat >"$W/bounds.py" <<'PYEOF'
import json, sys
a, b, c = (json.loads(open(p).read().splitlines()[-1])["summary"]["reassembly"]
           for p in sys.argv[1:])
assert a["peak_pending_datagrams"] <= 4096 and a["peak_pending_bytes"] <= 64 << 20, a
assert a["not_reassembled"]["evicted: pending datagrams over the limit"] == 6000 - 4096, a
assert b["peak_pending_bytes"] <= 1 << 20, b
assert b["not_reassembled"]["evicted: pending bytes over the limit"] > 0, b
assert c["peak_pending_datagrams"] <= 51, c
assert c["not_reassembled"]["expired: no last fragment within the frame limit"] > 5000, c
print("peak %d datagrams, %d bytes; with 1 MiB: %d bytes; 50 frames: %d datagrams" %
      (a["peak_pending_datagrams"], a["peak_pending_bytes"], b["peak_pending_bytes"],
       c["peak_pending_datagrams"]))
PYEOF
m=$($PY "$W/bounds.py" "$W/many.json" "$W/many1m.json" "$W/many50.json" 2>&1) &&
	pass "reassembly memory bounded by its limits, evictions reported ($m)" ||
	fail "reassembly memory bounds: $m"

echo "--- ICMP quotes, RFC 4884 extensions, pcapng epb_flags (issue 24)"
# tests/tools/pcap/gen_icmp.py: whole quotes (the quoted upper layer verified),
# cut quotes, a bad quoted header under a wrong outer length, RFC 4884
# extensions; tests/tools/pcap/gen_epbflags.py: "checksum not ready" / "valid".
# Each against the generator, tshark (listed differences only), and fix:
# only wrong fields change, rechecked, and tshark finds nothing bad once
# partial fields are completed too (--fix-partial).
before=$failures
IC=$W/icmp
mkdir -p "$IC"
{ $PY "$ROOT/tests/tools/pcap/gen_icmp.py" "$IC" &&
	$PY "$ROOT/tests/tools/pcap/gen_epbflags.py" "$IC/ng"; } >"$W/gen_icmp.out" 2>&1 ||
	{ fail "ICMP / epb_flags corpus generation"; cat "$W/gen_icmp.out"; }
for d in "$IC" "$IC/ng" "$IC/ng/malformed"; do
	files=$(cd "$d" && ls *.pcap *.pcapng 2>/dev/null)
	(cd "$d" && "$T" check --json $files) >"$d.jsonl" 2>"$d.err"
	rc=$?
	[ $rc -eq 1 ] || { fail "check of $d: exit $rc (want 1)"; cat "$d.err"; }
	$PY "$ROOT/tests/tools/pcap/verdicts.py" expect "$d" "$d.jsonl" >"$d.expect" ||
		{ fail "verdicts of $d"; cat "$d.expect"; }
	# tshark 4.0 calls the malformed option list corrupt and reads none
	# of that file; libpcap (and inetcsum) read it.
	if [ "$d" != "$IC/ng/malformed" ] && command -v tshark >/dev/null; then
		$PY "$ROOT/tests/tools/pcap/verdicts.py" tshark "$d" "$d.jsonl" \
			"$ROOT/tests/tools/pcap/tshark-differences.txt" >"$d.tshark" 2>&1 ||
			{ fail "tshark comparison of $d"; grep -v '^note' "$d.tshark"; }
	fi
	for f in $files; do
		for popt in "" --fix-partial; do
			o=$W/icmp-fixed${popt}-$(basename "$d")-$f
			"$T" fix -q $popt "$d/$f" "$o" || { fail "fix $popt $f"; continue; }
			"$T" check --json "$d/$f" >"$W/b.jsonl" 2>/dev/null
			"$T" check --json "$o" >"$W/a.jsonl" 2>/dev/null
			$PY "$ROOT/tests/tools/pcap/fixcheck.py" ${popt:+--partial} "$d/$f" "$o" \
				"$W/b.jsonl" "$W/a.jsonl" >"$W/fixcheck.out" ||
				{ fail "fix $popt $f"; cat "$W/fixcheck.out"; }
			[ -n "$popt" ] || [ "$d" = "$IC" ] || continue
			[ "$d" = "$IC/ng/malformed" ] && continue
			command -v tshark >/dev/null || continue
			n=$(tshark -n -r "$o" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
				-o udp.check_checksum:TRUE -T fields -E occurrence=a -E aggregator=, \
				-e ip.checksum.status -e tcp.checksum.status -e udp.checksum.status \
				-e icmp.checksum.status -e icmpv6.checksum.status \
				-e icmp.ext.checksum.status 2>/dev/null | tr '\t,' '\n\n' | grep -c '^0$')
			[ "$n" -eq 0 ] || fail "tshark: $n bad checksums in fixed $f ($popt)"
		done
	done
done
if command -v tshark >/dev/null; then
	$PY "$ROOT/tests/tools/pcap/gen_epbflags.py" tshark "$IC/ng" >"$W/epbflags.out" 2>&1 ||
		{ fail "epb_flags words as tshark reads them"; cat "$W/epbflags.out"; }
fi
grep -q '"proto":"icmpext","status":"bad"' "$IC.jsonl" &&
	grep -Eq '"status":"partial"[^}]*"reason":"not ready"' "$IC/ng.jsonl" ||
	fail "icmpext / not ready layers missing from check --json"
[ $failures -eq $before ] &&
	pass "ICMP quotes, RFC 4884 extensions, epb_flags: generator, tshark, fix and tshark after it agree"

echo "--- TSO, BIG TCP and jumbogram frames (issue 24)"
# tests/tools/pcap/gen_jumbo.py: frames past 64 KiB in a file of snapshot length
# 262144, as a sending host captures them: IPv4 total length 0, IPv6 with
# an RFC 2675 jumbo option or past 64 KiB without one, TCP and UDP, good,
# partial (pseudo-header sum) and bad; invalid jumbograms unverified; a
# snapshot cut.  Verdicts and reasons against the generator, then fix
# (with and without --fix-partial): only wrong fields change, and with
# --fix-partial every layer that could be verified is good.
before=$failures
JB=$W/jumbo
mkdir -p "$JB"
$PY "$ROOT/tests/tools/pcap/gen_jumbo.py" "$JB" >"$W/gen_jumbo.out" 2>&1 ||
	{ fail "jumbo capture generation"; cat "$W/gen_jumbo.out"; }
"$T" check --json "$JB/jumbo.pcap" >"$JB.jsonl" 2>"$JB.err"
rc=$?
[ $rc -eq 1 ] || { fail "check of jumbo.pcap: exit $rc (want 1)"; cat "$JB.err"; }
$PY "$ROOT/tests/tools/pcap/verdicts.py" expect "$JB" "$JB.jsonl" >"$JB.expect" ||
	{ fail "verdicts of jumbo.pcap"; cat "$JB.expect"; }
$PY "$ROOT/tests/tools/pcap/gen_jumbo.py" reasons "$JB" "$JB.jsonl" >"$JB.reasons" ||
	{ fail "reasons of jumbo.pcap"; cat "$JB.reasons"; }
for popt in "" --fix-partial; do
	o=$W/jumbo-fixed$popt.pcap
	"$T" fix -q $popt "$JB/jumbo.pcap" "$o" || { fail "fix $popt jumbo.pcap"; continue; }
	"$T" check --json "$o" >"$W/a.jsonl" 2>/dev/null
	$PY "$ROOT/tests/tools/pcap/fixcheck.py" ${popt:+--partial} "$JB/jumbo.pcap" "$o" \
		"$JB.jsonl" "$W/a.jsonl" >"$W/fixcheck.out" ||
		{ fail "fix $popt jumbo.pcap"; cat "$W/fixcheck.out"; }
	if [ -n "$popt" ] && grep -Eq '"status":"(bad|partial)"' "$W/a.jsonl"; then
		fail "jumbo.pcap: bad or partial layers left after fix --fix-partial"
	fi
done
[ $failures -eq $before ] &&
	pass "TSO, BIG TCP and jumbogram frames: generator, reasons, fix agree"

echo "--- the modified pcap of Alexey Kuznetzov (magic 0xa1b2cd34)"
# tests/tools/pcap/to_kuznetzov.py rewrites a pcap file with 24-byte record
# headers, in both byte orders: check must say what it says of the
# original, fix and segment must give the converted fix and segment of the
# original byte for byte (the layout kept), and tshark must read all three.
before=$failures
for f in eth-le-us eth-be-us jumbo/jumbo; do
	case $f in jumbo/*) src=$W/$f.pcap ;; *) src=$W/corpus/$f.pcap ;; esac
	k=$W/kuz-${f##*/}
	$PY "$ROOT/tests/tools/pcap/to_kuznetzov.py" "$src" "$k.pcap" >/dev/null ||
		{ fail "Kuznetzov conversion of $f"; continue; }
	"$T" check "$src" 2>&1 | sed "s|$src|F|" >"$k.want"
	"$T" check "$k.pcap" 2>&1 | sed "s|$k.pcap|F|" >"$k.got"
	cmp -s "$k.want" "$k.got" ||
		{ fail "check of the Kuznetzov $f differs"; diff "$k.want" "$k.got" | head; }
	for op in fix segment; do
		"$T" $op -q "$src" "$k.$op-std.pcap" >/dev/null 2>&1
		"$T" $op -q "$k.pcap" "$k.$op.pcap" >/dev/null 2>&1 ||
			{ fail "$op of the Kuznetzov $f"; continue; }
		$PY "$ROOT/tests/tools/pcap/to_kuznetzov.py" "$k.$op-std.pcap" \
			"$k.$op-want.pcap" >/dev/null &&
		cmp -s "$k.$op-want.pcap" "$k.$op.pcap" ||
			fail "$op of the Kuznetzov $f is not the converted $op"
		n=$(tshark -r "$k.$op.pcap" 2>/dev/null | wc -l)
		m=$(tshark -r "$k.$op-std.pcap" 2>/dev/null | wc -l)
		[ "$n" -gt 0 ] && [ "$n" -eq "$m" ] ||
			fail "tshark read $n frames of the Kuznetzov $f $op, $m of the original's"
	done
done
[ $failures -eq $before ] &&
	pass "modified (Kuznetzov) pcap, both byte orders: check, fix and segment as for pcap"

echo "--- against tcpdump"
# tcpdump -n -vv's verdicts (IPv4 header, TCP, UDP, ICMP, ICMPv6, IGMP;
# no reassembly) on both corpora, differences only as listed in
# tests/tools/pcap/tcpdump-differences.txt.  .ci/run installs tcpdump
# (scripts/deps/pcap.txt), so only a hand-made setup skips this.
. "$ROOT/tests/suites/skip.sh"
if command -v tcpdump >/dev/null; then
	for td in corpus:check frag:frag; do
		dir=$W/${td%:*} out=$W/tcpdump-${td%:*}.out
		$PY "$ROOT/tests/tools/pcap/tcpdump_verdicts.py" "$dir" "$W/${td#*:}.jsonl" \
			"$ROOT/tests/tools/pcap/tcpdump-differences.txt" >"$out" 2>&1 &&
			pass "${td%:*} verdicts match tcpdump, listed differences only ($(tail -1 "$out" | sed 's/^tcpdump: //'))" ||
			{ fail "tcpdump comparison of ${td%:*}"; grep -v '^note\|^known' "$out"; }
	done
else
	skip "70-pcap: verdicts against tcpdump: tcpdump missing (scripts/deps/pcap.txt lists it)"
fi

echo "--- damaged files"
$PY - "$C" "$W" <<'EOF'
import struct, sys
c, w = sys.argv[1], sys.argv[2]
# pcap cut in the middle of frame 10's data.
d = open(c + "/eth-le-us.pcap", "rb").read()
pos = 24
for i in range(1, 10):
    pos += 16 + struct.unpack("<I", d[pos + 8:pos + 12])[0]
open(w + "/cut.pcap", "wb").write(d[:pos + 16 + 5])
open(w + "/cut.want", "w").write("record 10 at offset %d: captured length" % pos)
# caplen above the snapshot length: snaplen 40 in the header; libpcap
# and tshark read it.
open(w + "/snap.pcap", "wb").write(d[:16] + struct.pack("<I", 40) + d[20:])
pos, n = 24, 0
while pos < len(d):
    k = struct.unpack("<I", d[pos + 8:pos + 12])[0]
    n += k > 40
    pos += 16 + k
open(w + "/snap.want", "w").write(str(n))
# pcapng: damage the trailing length of the 8th block.
d = bytearray(open(c + "/mixed.pcapng", "rb").read())
pos = 0
for i in range(1, 8):
    pos += struct.unpack("<I", d[pos + 4:pos + 8])[0]
n = struct.unpack("<I", d[pos + 4:pos + 8])[0]
d[pos + n - 4:pos + n] = struct.pack("<I", n + 4)
open(w + "/trail.pcapng", "wb").write(d)
open(w + "/trail.want", "w").write("block 8 at offset %d: trailing block length" % pos)
open(w + "/garbage.pcap", "wb").write(b"GIF89a" + bytes(100))
EOF
cd "$W"
"$T" check --json cut.pcap >cut.jsonl 2>cut.err
rc=$?
[ $rc -eq 2 ] && grep -q "cut.pcap: $(cat cut.want)" cut.err &&
	[ "$(grep -c '"frame"' cut.jsonl)" = 9 ] &&
	pass "truncated pcap: exit 2, record and offset named, 9 frames checked" ||
	{ fail "truncated pcap (exit $rc)"; cat cut.err; }
"$T" check -q snap.pcap >snap.out 2>snap.err
rc=$?
n=$(tshark -n -r snap.pcap 2>/dev/null | wc -l)
[ $rc -ne 2 ] && [ ! -s snap.err ] && [ "$n" = 64 ] &&
	grep -q "^summary: 1 file (0 unreadable), 64 frames" snap.out &&
	grep -q "^  $(cat snap.want) records longer than the snapshot length" snap.out &&
	pass "caplen > snaplen: all 64 frames read as tshark reads them, $(cat snap.want) counted" ||
	{ fail "caplen > snaplen (exit $rc, tshark $n frames)"; cat snap.out snap.err; }
"$T" check trail.pcapng >/dev/null 2>trail.err
[ $? -eq 2 ] && grep -q "trail.pcapng: $(cat trail.want)" trail.err &&
	pass "pcapng trailing length" || { fail "pcapng damage"; cat trail.err; }
"$T" check garbage.pcap >/dev/null 2>garbage.err
[ $? -eq 2 ] && grep -q "garbage.pcap: not a pcap or pcapng" garbage.err &&
	pass "not a capture" || fail "garbage file"
"$T" check missing.pcap >/dev/null 2>&1
[ $? -eq 2 ] && pass "missing file: exit 2" || fail "missing file"
mkdir -p fixout
"$T" fix cut.pcap fixout/out.pcap >/dev/null 2>&1
[ $? -eq 2 ] && [ -z "$(ls -A fixout)" ] &&
	pass "fix of a damaged file writes nothing" || fail "fix left output"

echo "--- many captures: --files-from, fix --output-dir (issue 21)"
$PY "$ROOT/tests/tools/pcap/files_from.py" "$T" "$C" "$W/files-from" &&
	pass "--files-from: per-file summaries as their own runs, total as the runs merged, failures named and counted" ||
	fail "--files-from (tests/tools/pcap/files_from.py)"

echo "--- full file system"
mnt=$W/tiny
mkdir -p "$mnt"
if mount -t tmpfs -o size=4k tmpfs "$mnt" 2>"$W/mount.err"; then
	"$T" fix "$C/eth-le-us.pcap" "$mnt/out.pcap" >/dev/null 2>"$W/full.err"
	rc=$?
	[ $rc -eq 2 ] && [ -z "$(ls -A "$mnt")" ] && grep -q "No space" "$W/full.err" &&
		pass "ENOSPC: exit 2, no file left" ||
		{ fail "ENOSPC (exit $rc)"; cat "$W/full.err"; ls -la "$mnt"; }
	umount "$mnt"; mnt=""
else
	fail "cannot mount a small tmpfs to test a full disk: $(cat "$W/mount.err")"
fi

echo "--- bench smoke"
# Every variant of the script must run (streamed, compressed, fix to
# standard output, the RSS stream); its speeds are not judged here (the
# suite's tool is an ASan build).
PCAP_SPEED_FRAMES=2000 PCAP_SPEED_STREAM_MIB=16 ROUNDS=1 SELF_ROUNDS=1 \
	INETCSUM=$T bash "$ROOT/bench/pcap_speed.sh" "$W/bench" \
	>"$W/bench.out" 2>&1 && grep -q "^check: inetcsum" "$W/bench.out" &&
	grep -q "^check - peak RSS" "$W/bench.out" &&
	! grep -q "not run:" "$W/bench.out" &&
	pass "bench/pcap_speed.sh smoke (every variant ran)" ||
	{ fail "bench smoke"; tail -n 30 "$W/bench.out"; }

echo "pcap suite: $failures failure(s)"
[ $failures -eq 0 ]
