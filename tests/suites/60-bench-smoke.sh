#!/bin/bash
# tests/suites/60-bench-smoke.sh - "inetcsum bench" and "inetcsum sum" run
# and tell the truth: a Release build, the benchmark with tiny sizes (odd
# ones too) and one round over every op (JSON validated, CSV cross-checked,
# every supported kernel, generic included, present and correct against the
# bench's own naive reference sum), the batch op (every workload and batch
# size with every kernel, results checked; the pool cold method too), the
# fine size preset, the A/B mode, the prefetch sweep over two builds of the
# library (bench/prefetch_sweep.sh), the pool cold method, a peer's known
# overflow detected, "inetcsum tune --quick" writing a record that the
# next process runs with, packet_jobs_bench's quick runs (IPv4 and IPv6,
# in order and in random slots, the sweep), and "inetcsum sum" against
# a python3 reference on files, stdin and a missing file; the tool linked
# with libinetcsum.so, and no peer in a default configuration.
# What cannot be checked here (a kernel this CPU cannot run, a missing peer
# or gnuplot) is recorded with skip(), never passed over in silence.
set -euo pipefail
. tests/suites/common.sh
B=$BUILD_ROOT/bench-smoke
T=$B/tools/inetcsum
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DINETCSUM_BUILD_TESTS=OFF \
	-DINETCSUM_BENCH_PEERS=ON \
	-DINETCSUM_BUILD_FUZZERS=OFF >"$tmp/cmake.log" 2>&1 ||
	{ cat "$tmp/cmake.log"; fail "configure"; }
cmake --build "$B" -j "${JOBS:-2}" --target inetcsum_tool \
	>"$tmp/build.log" 2>&1 ||
	{ tail -n 40 "$tmp/build.log"; fail "build"; }

# Kernels this CPU supports, straight from the tool's registry listing.
"$T" bench --list >"$tmp/list" || fail "bench --list"
kernels=$(sed -n 's/^kernels: //p' "$tmp/list")
[ -n "$kernels" ] || fail "bench --list names no kernel"
echo "bench --list: $kernels"

echo "--- all ops, tiny and odd sizes, one round, JSON + CSV"
# 63 and 1501: odd lengths, where a kernel's last byte goes wrong; offset
# 1: every word split across two of the kernel's loads.
# Exit 1 means a kernel gave a wrong result: the JSON check below then
# names it and its cells before the suite fails.
# The batch op has its own checks below.
rc=0
"$T" bench --op partial,copy,ipv4 --rounds 1 --target-us 20 \
	--sizes 20,63,1500,1501 --offsets 0,1 \
	--json "$tmp/b.json" --csv "$tmp/b.csv" --plot "$tmp/b.svg" \
	>"$tmp/out" || rc=$?
case $rc in
0) ;;
1) grep -E "WRONG|^bench:" "$tmp/out" | head -n 40 ;;
*) tail -n 40 "$tmp/out"; fail "bench run: exit $rc" ;;
esac
python3 -m json.tool "$tmp/b.json" >/dev/null || fail "JSON does not parse"
grep -q "kernel in use: .* (auto: .*)" "$tmp/out" ||
	fail "header names no kernel"
grep -q "^correct: .*naive reference" "$tmp/out" ||
	fail "header does not say what results are checked against"
# Registered kernels this CPU cannot run are listed in the header; they
# are not checked here, so say so.
sed -n 's/^kernels: //p' "$tmp/out" |
	{ grep -o '[^ ]* (not supported here)' || true; } |
	while read -r k _; do
		skip "bench correctness of $k: this CPU cannot run it"
	done
read -ra klist <<<"$kernels"
python3 - "$tmp/b.json" "$tmp/b.csv" "${klist[@]}" <<'PY' || fail "bad results"
import csv, json, sys
doc = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
kernels = sys.argv[3:]
res = doc["results"]
m = doc["machine"]
assert m["cpu"] and isinstance(m["features"], list) and m["tsc_hz"] > 1e6, m
assert len(rows) == len(res), (len(rows), len(res))
impls = {r["impl"] for r in res}
sizes = (20, 63, 1500, 1501)
cells = {(r["op"], r["size"], r["offset"], r["cache"]) for r in res}
want = {(op, s, o, c) for op in ("partial", "copy") for s in sizes
        for o in (0, 1) for c in ("hot", "cold")}
want |= {("ipv4", s, o, c) for s in (20, 60) for o in (0, 1)
         for c in ("hot", "cold")}
assert cells == want, sorted(want ^ cells)
# Every supported kernel, generic first among them, must be in every cell
# and agree with the bench's reference sum there (not with another kernel).
assert "generic" in kernels, kernels
for k in kernels:
    got = {(r["op"], r["size"], r["offset"], r["cache"]): r["correct"]
           for r in res if r["impl"] == k}
    assert set(got) == want, ("kernel %s missing cells" % k,
                              sorted(want ^ set(got)))
    bad = sorted(c for c, ok in got.items() if ok is not True)
    assert not bad, ("kernel %s WRONG against the reference in" % k, bad)
for r in res:
    assert r["ns_per_call"] > 0 and r["gbps"] > 0, r
    assert r["cache"] in ("hot", "cold") and r["prefetch"] is None, r
    peer = r["impl"] in ("dpdk", "lwip", "libnet")
    if r["impl"].startswith("read-"):
        assert r["correct"] is None, r      # not a checksum
    elif peer:
        assert r["correct"] in (True, False), r
    else:
        # The library's other functions and the copy baselines.
        assert r["correct"] is True, r
for need in ("memcpy", "memcpy+partial", "ipv4_header"):
    assert need in impls, need
print("json/csv: %d results, %d cells, all %d kernels correct; impls: %s"
      % (len(res), len(cells), len(kernels), " ".join(sorted(impls))))
PY
[ $rc -eq 0 ] || fail "bench run: exit $rc (a kernel gave a wrong result)"

echo "--- the crc32c op: every CRC32c kernel, odd sizes, checked"
# Each kernel against the bench's own bitwise CRC (bench_ref.c), at
# lengths around the x86 kernel's 384-byte blocks and an odd offset.
crc=$(sed -n 's/^crc32c kernels: //p' "$tmp/list")
[ -n "$crc" ] || fail "bench --list names no crc32c kernel"
"$T" bench --op crc32c --rounds 1 --target-us 20 --cache hot,cold \
	--sizes 1,63,383,384,1501,4099 --offsets 0,1 --csv "$tmp/c.csv" \
	>"$tmp/cout" || fail "crc32c op: exit $? (a wrong CRC?)"
for k in $crc; do
	n=$(grep -c "^crc32c,$k,.*,yes,,,\$" "$tmp/c.csv") || true
	[ "$n" -eq 24 ] || fail "crc32c op: $k correct in $n of 24 cells"
done
echo "crc32c op: $crc correct in every cell"
for k in $kernels; do
	n=$(grep -c "^partial,$k," "$tmp/b.csv") || true
	[ "$n" -eq 16 ] || fail "kernel $k has $n partial rows, want 16"
done
if command -v gnuplot >/dev/null; then
	grep -q "<svg" "$tmp/b.svg" || fail "--plot wrote no SVG"
else
	skip "--plot SVG check: gnuplot not installed"
	grep -q "gnuplot is not installed" "$tmp/out" || fail "--plot silent"
fi

echo "--- batch op: every workload and batch size, with every kernel"
# Batch sizes around the library's thresholds: 1, 3 (below the vector
# minimum of 4), 17 (one AVX-512 header group and a tail), 64.  The kernel
# in use is chosen with INETCSUM_IMPL; every library row must agree with
# the reference, a peer's row is only reported.
check_batch() {
	python3 - "$@" <<'PY'
import csv, json, sys
path, csvpath, kernel, batches, caches = sys.argv[1:6]
doc = json.load(open(path))
res = doc["results"]
rows = list(csv.DictReader(open(csvpath)))
assert len(rows) == len(res), (len(rows), len(res))
assert doc["machine"]["impl"] == kernel, (doc["machine"]["impl"], kernel)
batches = [int(b) for b in batches.split(",")]
caches = caches.split(",")
works = {"ipv4-20", "ipv4-20/24/60", "40", "64", "40-64", "imix"}
cells = {}
for r in res:
    assert r["op"] == "batch", r
    assert r["ns_per_call"] > 0 and r["time_over_batch"] > 0, r
    cells.setdefault((r["workload"], r["batch"], r["cache"]), []).append(r)
want = {(w, b, c) for w in works for b in batches for c in caches}
assert set(cells) == want, sorted(set(cells) ^ want)
for cell, rs in cells.items():
    hdr = cell[0].startswith("ipv4")
    lib = ("ipv4_header_batch", "ipv4_header_loop",
           "ipv4_header_inline_loop") if hdr else \
          ("partial_batch", "partial_loop")
    names = [r["impl"] for r in rs]
    assert names[:len(lib)] == list(lib), (cell, names)
    assert rs[0]["time_over_batch"] == 1.0, (cell, rs[0])
    limit = "ipv4_header_loads" if hdr else "partial_loads"
    assert limit in names, (cell, names)
    for r in rs:
        if r["impl"] in lib:
            assert r["correct"] is True, ("WRONG", kernel, cell, r)
        elif r["impl"] == limit:
            # The load limit computes no checksum: never judged.
            assert r["correct"] is None, r
        else:
            assert r["impl"].endswith("_loop") and \
                r["correct"] in (True, False), r
for r, row in zip(res, rows):
    assert (row["op"], row["impl"], row["workload"], int(row["batch"])) == \
        (r["op"], r["impl"], r["workload"], r["batch"]), (r, row)
print("batch %s: %d results, %d cells, all library rows correct"
      % (kernel, len(res), len(cells)))
PY
}
for k in $kernels; do
	INETCSUM_IMPL=$k "$T" bench --op batch --rounds 1 --target-us 20 \
		--batch 1,3,17,64 --json "$tmp/bt.json" --csv "$tmp/bt.csv" \
		>"$tmp/bt" || { grep -E "WRONG|^bench" "$tmp/bt"; fail "batch op, $k"; }
	check_batch "$tmp/bt.json" "$tmp/bt.csv" "$k" 1,3,17,64 hot,cold ||
		fail "batch op results, $k"
done
grep -q "^summary: batch, hot, ns per packet" "$tmp/bt" ||
	fail "batch op: no summary"
grep -q "^batch: kernel in use " "$tmp/bt" || fail "batch op: header"
if grep -q "^peer dpdk" "$tmp/bt"; then
	grep -q " dpdk_loop " "$tmp/bt" || fail "batch op: no DPDK loop rows"
fi
echo "--- batch op, quick, pool cold method"
"$T" bench --op batch --quick --cold-method pool --pool-mib 64 \
	--json "$tmp/bp.json" --csv "$tmp/bp.csv" >"$tmp/bp" ||
	{ tail -n 20 "$tmp/bp"; fail "batch op, pool"; }
check_batch "$tmp/bp.json" "$tmp/bp.csv" "$(sed -n 's/.*kernel in use: \([^ ]*\) .*/\1/p' "$tmp/bp" | head -n 1)" \
	1,8,32,256 hot,cold || fail "batch op, pool: results"
grep -q "random permutation" "$tmp/bp" || fail "batch op: pool not reported"
"$T" bench --op batch --batch 0 --quick >/dev/null 2>&1 &&
	fail "--batch 0 accepted"
"$T" bench --op batch --ab generic,x86_adx --quick >/dev/null 2>&1 &&
	fail "--ab with the batch op accepted"

echo "--- --sizes fine --quick (every op)"
"$T" bench --sizes fine --quick --offsets 0 --json "$tmp/f.json" \
	>"$tmp/f" || { grep -E "WRONG|^bench" "$tmp/f"; fail "--sizes fine"; }
python3 - "$tmp/f.json" <<'PY' || fail "--sizes fine results"
import json, sys
res = json.load(open(sys.argv[1]))["results"]
fine = [8, 16, 20, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120,
        128, 256, 576, 1024, 1500]
for op, want in (("partial", fine), ("copy", fine),
                 ("ipv4", list(range(20, 61, 4)))):
    got = sorted({r["size"] for r in res if r["op"] == op})
    assert got == want, (op, got)
assert any(r["op"] == "batch" for r in res), "no batch results"
for r in res:
    if r["impl"].startswith("read-") or r["impl"].endswith("_loads") or \
            r["impl"] in ("dpdk", "lwip", "libnet", "dpdk_loop"):
        continue
    assert r["correct"] is True, r
print("--sizes fine: %d results" % len(res))
PY
"$T" bench --sizes fine,9000 --list >/dev/null || fail "--sizes fine,9000"

echo "--- A/B"
second=$(echo "$kernels" | awk '{print $1}')
"$T" bench --ab "generic,$second" --rounds 3 --target-us 50 --sizes 64,4096 \
	--offsets 0 >"$tmp/ab" || { cat "$tmp/ab"; fail "--ab"; }
[ "$(grep -c '^partial ' "$tmp/ab")" -eq 4 ] ||
	{ cat "$tmp/ab"; fail "--ab rows"; }
awk '/^partial /{ if (!($7 > 0)) exit 1 }' "$tmp/ab" ||
	fail "--ab ratio not positive"
if grep -q "WRONG" "$tmp/ab"; then
	cat "$tmp/ab"
	fail "--ab: a kernel disagrees with the reference"
fi
if "$T" bench --ab generic,no_such_kernel --quick >/dev/null 2>&1; then
	fail "--ab accepted an unknown name"
fi

echo "--- prefetch sweep (two builds of the library, loaded side by side)"
# bench/prefetch_sweep.sh builds the library per distance and runs the
# tool (this suite's) on them all.
BUILD=$B PF_DIR=$B-prefetch DISTANCES=0,4096 JOBS=${JOBS:-2} \
	bench/prefetch_sweep.sh --rounds 1 --target-us 20 --sizes 4096,8192 \
	--offsets 0 --json "$tmp/p.json" >"$tmp/pf" || fail "prefetch_sweep.sh"
python3 - "$tmp/p.json" <<'PY' || fail "prefetch results"
import json, sys
res = json.load(open(sys.argv[1]))["results"]
d = {(r["impl"], r["cache"]): set() for r in res}
for r in res:
    assert r["correct"] is True, r
    d[(r["impl"], r["cache"])].add(r["prefetch"])
assert ("generic", "hot") in d and ("generic", "cold") in d, d
assert all(v == {0, 4096} for v in d.values()), d
PY
grep -q "^generic .* 4096 " "$tmp/pf" ||
	{ cat "$tmp/pf"; fail "prefetch table"; }
for d in 0 4096; do
	grep -q "^prefetch build $d: $B-prefetch/$d/libinetcsum.so" "$tmp/pf" ||
		{ cat "$tmp/pf"; fail "prefetch build $d not named"; }
done
cmp -s "$B-prefetch/0/libinetcsum.so" "$B-prefetch/4096/libinetcsum.so" &&
	fail "the builds for distances 0 and 4096 are the same file"
if "$T" bench --prefetch 0,8 --prefetch-builds "$B-prefetch" --quick \
	>/dev/null 2>"$tmp/pf-err"; then
	fail "--prefetch ran without a build for distance 8"
fi
grep -q "prefetch_sweep.sh" "$tmp/pf-err" ||
	{ cat "$tmp/pf-err"; fail "a missing build does not say how to make it"; }

echo "--- the tool links the shared library, and the peers only when asked"
readelf -d "$T" | grep -q 'NEEDED.*\[libinetcsum\.so\.' ||
	fail "inetcsum does not link libinetcsum.so"
ldd "$T" | grep -q "=> $B/libinetcsum\.so" ||
	{ ldd "$T"; fail "inetcsum does not run with this build's libinetcsum.so"; }
# A default configuration: the tool's link line names no peer library.
cmake -S . -B "$B-default" -DCMAKE_BUILD_TYPE=Release \
	-DINETCSUM_BUILD_TESTS=OFF -DINETCSUM_BUILD_FUZZERS=OFF \
	>"$tmp/cmake-default.log" 2>&1 ||
	{ cat "$tmp/cmake-default.log"; fail "default configure"; }
link=$B-default/tools/CMakeFiles/inetcsum_tool.dir/link.txt
grep -q "libinetcsum\.so" "$link" ||
	{ cat "$link"; fail "default build: inetcsum not linked with libinetcsum.so"; }
if grep -Eq "lwip|libnet|-lnet|rte_|dpdk" "$link"; then
	cat "$link"; fail "default build: inetcsum links a peer's library"
fi
grep -q "inetcsum bench peers: off" "$tmp/cmake-default.log" ||
	fail "default build: peers not reported off"

echo "--- cold pool method"
"$T" bench --cold-method pool --pool-mib 64 --cache cold --op partial \
	--only generic --rounds 2 --target-us 20 --sizes 64,1500 --offsets 0 \
	>"$tmp/pool" || fail "--cold-method pool"
grep -q "rotating buffer pool" "$tmp/pool" || fail "pool not reported"

for p in dpdk lwip libnet; do
	grep -q "^peer $p:" "$tmp/out" ||
		skip "peer $p: not built (its Debian package is missing)"
done

echo "--- peers' build flags and the baselines are reported"
python3 - "$tmp/b.json" "$(uname -m)" <<'PY' || fail "peers or baselines"
import json, sys
doc = json.load(open(sys.argv[1]))
m, res = doc["machine"], doc["results"]
impls = {r["impl"] for r in res}
for p in m["peers"]:
    assert p["flags"] and "(not recorded)" not in p["flags"], p
    if p["name"] == "dpdk":
        # Built as DPDK applications are (bench/CMakeLists.txt).
        assert "-O3" in p["flags"], p
        if sys.argv[2] == "x86_64":
            assert "-march=native" in p["flags"], p
    # A peer this CPU cannot run has no rows; one it can run has some.
    assert (p["name"] in impls) == p["runs"], p
b = m["baselines"]
assert b["read"] in impls and b["memcpy"], b
assert b["copy"] is None or b["copy"] in impls, b
print("peers: " + "; ".join("%s: %s" % (p["name"], p["flags"])
                            for p in m["peers"]))
PY
npeers=$(grep -c "^peer " "$tmp/out") || true
[ "$(grep -c "^  built with " "$tmp/out")" -eq "$npeers" ] ||
	fail "a peer's build flags are not in the header"

# The tool is built for the baseline x86-64 and must run on a CPU without
# AVX-512 or AVX2 (target attributes and CPUID checks, no SIGILL): the
# kernels, read and copy loops it picks must fit, and a peer built with
# -march=native for this machine must be left out, not called.
echo "--- runs on x86-64 CPUs without AVX-512 (QEMU Nehalem, Haswell)"
if [ "$(uname -m)" != x86_64 ]; then
	skip "bench on older x86-64 CPUs: not an x86-64 machine"
elif ! command -v qemu-x86_64 >/dev/null; then
	skip "bench on older x86-64 CPUs: qemu-x86_64 missing (qemu-user)"
else
	for cpu in Nehalem Haswell; do
		qemu-x86_64 -cpu $cpu "$T" bench --quick --sizes 63,1500 \
			--offsets 0,1 --json "$tmp/q.json" >"$tmp/q" 2>&1 ||
			{ tail -n 20 "$tmp/q"; fail "bench under -cpu $cpu"; }
		python3 - "$tmp/q.json" "$cpu" <<'PY' || fail "$cpu: results"
import json, sys
doc = json.load(open(sys.argv[1]))
m, res = doc["machine"], doc["results"]
assert not any(f.startswith("avx512") for f in m["features"]), m
for r in res:
    assert "avx512" not in r["impl"], r
    if not r["impl"].startswith("read-") and \
            not r["impl"].endswith("_loads") and r["impl"] not in (
            "dpdk", "lwip", "libnet", "dpdk_loop"):
        assert r["correct"] is True, r
ran = {r["impl"] for r in res}
for p in m["peers"]:
    assert (p["name"] in ran) == p["runs"], p
print("-cpu %s: %d results, read %s, copy %s, peers not run: %s"
      % (sys.argv[2], len(res), m["baselines"]["read"],
         m["baselines"]["copy"],
         " ".join(p["name"] for p in m["peers"] if not p["runs"]) or "-"))
PY
	done
fi

echo "--- a peer's 32-bit overflow is detected"
if grep -q "^peer dpdk" "$tmp/out"; then
	"$T" bench --only generic,dpdk --op partial --cache hot --rounds 1 \
		--target-us 20 --sizes 1M --offsets 0 --json "$tmp/w.json" \
		>"$tmp/w" || fail "overflow run"
	python3 -c "
import json, sys
r = {x['impl']: x['correct'] for x in json.load(open('$tmp/w.json'))['results']}
sys.exit(0 if r == {'generic': True, 'dpdk': False} else 1)" ||
		fail "dpdk's 1 MiB overflow not reported"
	grep -q "WRONG" "$tmp/w" || fail "table does not mark WRONG"
else
	skip "dpdk overflow check: DPDK peer not built (libdpdk-dev missing)"
fi

echo "--- inetcsum tune: a record written, and read by the next process"
"$T" tune --quick --output "$tmp/rec" >"$tmp/tune.out" ||
	{ tail -n 20 "$tmp/tune.out"; fail "tune --quick"; }
head -n 1 "$tmp/rec" | grep -qx "inetcsum-tuning 3" ||
	fail "tune: not a record of format 3"
[ "$(wc -l <"$tmp/rec")" -eq 12 ] || fail "tune: not twelve lines"
grep -Eqx "gro_far [0-9]+" "$tmp/rec" &&
	grep -Eqx "gso_prefetch_l2 [01]" "$tmp/rec" ||
	fail "tune: no packet prefetch lines"
grep -q "^GRO, far segments' first lines" "$tmp/tune.out" &&
	grep -q "^GSO payload prefetch" "$tmp/tune.out" ||
	fail "tune: the packet questions were not asked"
far=$(sed -n 's/^gro_far //p' "$tmp/rec")
l2=$(sed -n 's/^gso_prefetch_l2 //p' "$tmp/rec")
[ "$l2" = 1 ] && lvl=L2 || lvl=L1
INETCSUM_TUNING=$tmp/rec "$T" bench --op partial --rounds 1 --sizes 64 \
	--no-peers --target-us 5 >"$tmp/tb.out" || fail "bench with the record"
want="from the tuning record $tmp/rec: .*GRO far segments $far ahead"
want="$want, GSO payload into $lvl"
grep -q "$want" "$tmp/tb.out" ||
	{ grep "^tuning" "$tmp/tb.out"; fail "record not used"; }
echo "tune: a record of twelve lines, gro_far $far, GSO into $lvl, in use"

echo "--- inetcsum sum"
printf 'abc' >"$tmp/odd"
: >"$tmp/empty"
head -c 300001 /dev/urandom >"$tmp/rand"
# 0xff bytes: the sum's carries run through every word.
head -c 70000 /dev/zero | tr '\0' '\377' >"$tmp/ones"
ref() {
	python3 - "$@" <<'PY'
import sys
for f in sys.argv[1:]:
    d = open(f, "rb").read()
    n = len(d)
    if n % 2:
        d += b"\0"
    s = sum(int.from_bytes(d[i:i + 2], "big") for i in range(0, len(d), 2))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    print("%04x  %d  %s" % (~s & 0xffff, n, f))
PY
}
ref "$tmp/odd" "$tmp/empty" "$tmp/rand" "$tmp/ones" >"$tmp/want"
"$T" sum "$tmp/odd" "$tmp/empty" "$tmp/rand" "$tmp/ones" >"$tmp/got" ||
	fail "sum exit status"
diff -u "$tmp/want" "$tmp/got" || fail "sum of files differs from python"
# Standard input, both implicitly and as "-", through a pipe (read path).
want=$(ref "$tmp/rand" | awk '{print $1 "  " $2}')
# The cats are the point: a pipe takes the read path, not the mapping.
# shellcheck disable=SC2002
got=$(cat "$tmp/rand" | "$T" sum | awk '{print $1 "  " $2}')
[ "$got" = "$want" ] || fail "sum of a pipe: $got, want $want"
# shellcheck disable=SC2002
got=$(cat "$tmp/rand" | "$T" sum - | awk '{print $1 "  " $2 "  " $3}')
[ "$got" = "$want  -" ] || fail "sum of '-': $got"
# Standard input redirected from a file is mapped like a named file.
got=$("$T" sum - <"$tmp/rand" | awk '{print $1 "  " $2 "  " $3}')
[ "$got" = "$want  -" ] || fail "sum of '-' from a file: $got"
set +e
"$T" sum "$tmp/odd" "$tmp/missing" >"$tmp/got" 2>"$tmp/err"
rc=$?
set -e
[ $rc -eq 1 ] || fail "missing file: exit $rc, want 1"
grep -q "missing: No such file or directory" "$tmp/err" ||
	fail "missing file: error does not name file and reason"
grep -q "odd" "$tmp/got" || fail "a missing file stopped the others"
echo "--- packet_jobs_bench, quick: in order, random slots, TCP/IPv6, the sweep"
# Each run checks its own verdicts (every segment of every burst must
# verify, for us and for DPDK's loop) and exits 1 otherwise.
cmake --build "$B" -j "${JOBS:-2}" --target packet_jobs_bench \
	>"$tmp/build-pj.log" 2>&1 ||
	{ tail -n 40 "$tmp/build-pj.log"; fail "build packet_jobs_bench"; }
for o in "" "-x" "-6" "-6 -x" "-s -6"; do
	# shellcheck disable=SC2086
	"$B/bench/packet_jobs_bench" -q $o >"$tmp/pj" 2>&1 ||
		{ cat "$tmp/pj"; fail "packet_jobs_bench -q $o"; }
	grep -qE "^(gro verify|inetcsum_gro_verify)" "$tmp/pj" ||
		{ cat "$tmp/pj"; fail "packet_jobs_bench -q $o: no GRO line"; }
done
grep -q "TCP/IPv6" "$tmp/pj" || fail "packet_jobs_bench -6: not IPv6"
echo "bench smoke: all checks passed"
