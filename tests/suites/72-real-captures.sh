#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/suites/72-real-captures.sh - check, fix and segment on the capture
# files of tcpdump's, libpcap's and Wireshark's test suites (some 790:
# real traffic of many link types, and the fuzzed files that once crashed
# tcpdump), with the tool built with ASan and UBSan:
#  - the upstream tarballs that the Debian release's source packages name,
#    from the mirror apt uses (tests/tools/pcap/real_captures.py fetch);
#    kept in REAL_CAPTURES_CACHE (default: the build folder) for reruns;
#  - check reads every file that libpcap or tshark reads, and refuses the
#    four that libpcap's tests mark invalid and tshark refuses too, with an
#    error naming file and offset (libpcap's pcap-invalid-version-2.pcap,
#    version 2.5, tshark reads, and so does check);
#  - its verdicts against tshark's, frame by frame: the same frame count in
#    every file tshark reads, and only the differences listed, with their
#    reasons, in tests/tools/pcap/real-differences.txt; a file tshark
#    cannot read against tcpdump -vv's verdicts, with no difference;
#  - fix --fix-partial of every file: check then finds nothing wrong, and
#    an uncompressed file keeps its size;
#  - segment --mtu 576 of every file: written, and check finds as many bad
#    checksums of each protocol after as before.
# About 6 minutes on 2 cores, most of it tshark's start per file.
# Environment: BUILD_ROOT, JOBS, REAL_CAPTURES_CACHE.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/suites/common.sh
ROOT=$PWD
OUT=$BUILD_ROOT/real-captures
A=$OUT/asan
W=$OUT/work
CACHE=${REAL_CAPTURES_CACHE:-$OUT/cache}
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
fail=0
pass() { echo "PASS: real captures: $*"; }
failed() { echo "FAIL: real captures: $*"; fail=1; }

if ! configure "$A" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DINETCSUM_SANITIZE=address,undefined -DINETCSUM_BUILD_TESTS=OFF \
	-DINETCSUM_BUILD_BENCH=OFF -DINETCSUM_BUILD_SHARED=OFF ||
   ! build "$A" inetcsum_tool; then
	echo "FAIL: real captures: build"
	exit 1
fi
T=$A/tools/inetcsum
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

if ! $PY tests/tools/pcap/real_captures.py fetch "$CACHE"; then
	echo "FAIL: real captures: could not fetch the upstream tarballs"
	exit 1
fi
rm -rf "$W" && mkdir -p "$W"
cd "$CACHE" || exit 1
# libpcap's tests/ marks these invalid; libpcap and tshark refuse them.
INVALID="pcap-invalid-version-1.pcap pcapng-invalid-vers-1.pcapng
pcapng-invalid-vers-2.pcapng shb-option-too-long.pcapng"
: >"$W/files.txt"
: >"$W/invalid.txt"
while read -r f; do
	case " $(echo $INVALID) " in
	*" $(basename "$f") "*) echo "$f" >>"$W/invalid.txt" ;;
	*) echo "$f" >>"$W/files.txt" ;;
	esac
done <files.txt
n=$(wc -l <"$W/files.txt")
[ "$(wc -l <"$W/invalid.txt")" = 4 ] && [ "$n" -gt 700 ] ||
	failed "expected 4 invalid files and over 700 others, got" \
		"$(wc -l <"$W/invalid.txt") and $n"

# Refused, each with its name and an offset, nothing else printed.
bad_refusal=0
while read -r f; do
	"$T" check "$f" >/dev/null 2>"$W/err.txt"
	rc=$?
	if [ $rc -ne 2 ] || ! grep -q "^inetcsum check: $f: .*offset" \
		"$W/err.txt"; then
		echo "  $f: exit $rc: $(head -c 300 "$W/err.txt")"
		bad_refusal=1
	fi
done <"$W/invalid.txt"
[ $bad_refusal = 0 ] && pass "libpcap's 4 invalid files refused by name and offset" ||
	failed "invalid files"

# Every other file read: exit 0 or 1, no error line.
"$T" check --json $(cat "$W/files.txt") >"$W/check.jsonl" 2>"$W/check.err"
rc=$?
if { [ $rc -eq 0 ] || [ $rc -eq 1 ]; } &&
   ! grep -q "^inetcsum check:" "$W/check.err"; then
	pass "check read all $n files ($(tail -1 "$W/check.jsonl" |
		$PY -c 'import json,sys; s=json.load(sys.stdin)["summary"];
print("%d frames, %d not fully parsed" % (s["frames"], s["unparsed"]))'))"
else
	failed "check exit $rc"
	grep "^inetcsum check:\|ERROR\|runtime error" "$W/check.err" | head -20
fi

if ! command -v tshark >/dev/null; then
	failed "tshark missing (scripts/deps/pcap.txt lists it)"
elif $PY "$ROOT/tests/tools/pcap/real_captures.py" compare "$W/files.txt" \
	"$W/check.jsonl" "$ROOT/tests/tools/pcap/real-differences.txt" \
	>"$W/tshark.txt"; then
	pass "$(tail -1 "$W/tshark.txt")"
else
	grep -v "^note:" "$W/tshark.txt" | head -40
	failed "verdicts differ from tshark's"
fi

# fix: one run per upstream tree (base names are unique within each).
fix_ok=1
fix_tree() {
	"$T" fix -q --fix-partial --output-dir "$W/fixed/$1" \
		--files-from "$W/fix-$1.txt" 2>"$W/fix-$1.err" ||
		echo "  fix of $1: $(head -c 300 "$W/fix-$1.err")" >"$W/fix-$1.fail"
}
for d in $(cut -d/ -f2 "$W/files.txt" | sort -u); do
	mkdir -p "$W/fixed/$d"
	grep "^files/$d/" "$W/files.txt" >"$W/fix-$d.txt"
	spawn fix_tree "$d"
done
wait
for e in "$W"/fix-*.fail; do
	[ -e "$e" ] && { cat "$e"; fix_ok=0; }
done
"$T" check -q $(find "$W/fixed" -type f | sort) >/dev/null 2>"$W/refix.err" ||
	{ echo "  check after fix: $(head -c 300 "$W/refix.err")"; fix_ok=0; }
while read -r f; do
	case "$f" in *.gz) continue ;; esac
	o=$W/fixed/$(echo "$f" | cut -d/ -f2)/$(basename "$f")
	[ "$(stat -c %s "$f")" = "$(stat -c %s "$o" 2>/dev/null)" ] ||
		{ echo "  fix changed the size of $f"; fix_ok=0; }
done <"$W/files.txt"
[ $fix_ok = 1 ] && pass "fix of every file: nothing wrong after, sizes kept" ||
	failed "fix"

# segment: every file written; as many bad checksums after as before.
seg_ok=1
mkdir -p "$W/seg"
segment_one() {
	"$T" segment -q --mtu 576 "$2" "$W/seg/$1.cap" 2>"$W/seg/$1.err" ||
		echo "  segment $2: $(head -c 300 "$W/seg/$1.err")" >"$W/seg/$1.fail"
}
i=0
while read -r f; do
	i=$((i + 1))
	spawn segment_one "$i" "$f"
done <"$W/files.txt"
wait
for e in "$W"/seg/*.fail; do
	[ -e "$e" ] && { cat "$e"; seg_ok=0; }
done
"$T" check --json $(seq -f "$W/seg/%g.cap" 1 "$i") >"$W/seg.jsonl" \
	2>/dev/null
$PY - "$W/check.jsonl" "$W/seg.jsonl" <<'PY' || seg_ok=0
import json, sys
def bad(path):
    out = []
    for line in open(path):
        o = json.loads(line)
        if o.get("type") == "file":
            lay = o["summary"]["layers"] if o["summary"] else {}
            out.append((o["file"], {p: v.get("bad", 0)
                                    for p, v in lay.items() if v.get("bad")}))
    return out
a, b = bad(sys.argv[1]), bad(sys.argv[2])
if len(a) != len(b):
    print("  %d files checked, %d segmented outputs" % (len(a), len(b)))
    sys.exit(1)
diff = [(x[0], x[1], y[1]) for x, y in zip(a, b) if x[1] != y[1]]
for f, x, y in diff[:10]:
    print("  %s: bad before %s, after %s" % (f, x, y))
sys.exit(1 if diff else 0)
PY
[ $seg_ok = 1 ] && pass "segment of every file: written, no checksum made good or bad" ||
	failed "segment"
exit $fail
