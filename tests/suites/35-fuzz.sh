#!/bin/bash
# tests/suites/35-fuzz.sh - bounded libFuzzer runs (clang, with ASan and
# UBSan, the library instrumented for coverage too): fuzz_csum for 60 s,
# fuzz_reasm (the IP fragment reassembler, a small state machine that
# saturates early) for 20 s and every other fuzz/fuzz_*.c target for 30 s,
# JOBS targets at a time (one core each).  New inputs go to a scratch
# corpus under BUILD_ROOT; the committed corpora are only read.  A crash,
# a sanitizer report or a wrong sum fails the suite, and libFuzzer leaves
# the input that caused it as crash-* in the scratch folder; so does a
# timeout that comes back when its input is replayed alone.
set -eu
. tests/suites/common.sh
B=$BUILD_ROOT/fuzz
configure "$B" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DINETCSUM_BUILD_FUZZERS=ON -DINETCSUM_SANITIZE=address,undefined \
	-DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link -DINETCSUM_TEST_SUPPORT=ON \
	-DINETCSUM_BUILD_TESTS=OFF -DINETCSUM_BUILD_BENCH=OFF \
	-DINETCSUM_BUILD_TOOLS=OFF
names=()
for src in fuzz/fuzz_*.c; do
	names+=("$(basename "$src" .c)")
done
build "$B" "${names[@]}"
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# corpus_of NAME: the target's committed corpus folder, or nothing.
corpus_of() {
	local d=$PWD/fuzz/corpus/${1#fuzz_}

	if [ -d "$d" ]; then echo "$d"; fi
}

# fuzz NAME SECS: one libFuzzer run; its output in WORK.log, its exit
# status in WORK.rc.
fuzz() {
	local name=$1 secs=$2 corpus
	local work=$BUILD_ROOT/fuzz-work/${1#fuzz_} rc=0
	local -a dirs=("$work")
	mkdir -p "$work"
	corpus=$(corpus_of "$name")
	[ -n "$corpus" ] && dirs+=("$corpus")
	(cd "$work" && "$B/fuzz/$name" -max_total_time="$secs" -timeout=10 \
		-print_final_stats=1 "${dirs[@]}") >"$work.log" 2>&1 || rc=$?
	[ $rc -ne 0 ] && replay_timeout "$name" "$work" && rc=0
	echo $rc >"$work.rc"
}

# replay_timeout NAME WORK: after a run that ended in libFuzzer's timeout,
# run the input it saved once more, alone, under the same 10-second limit.
# A shared host can stall a process for seconds; an input that hangs the
# code hangs it again.  True (the run counts as passed, and the log says
# why) only if the replay finished in time.
replay_timeout() {
	local name=$1 work=$2 t start
	grep -q 'ERROR: libFuzzer: timeout' "$work.log" || return 1
	t=$(ls -t "$work"/timeout-* 2>/dev/null | head -n1)
	[ -n "$t" ] || return 1
	start=$(date +%s%N)
	"$B/fuzz/$name" -timeout=10 -runs=1 "$t" >"$work.replay" 2>&1 ||
		return 1
	echo "$name: the timeout of $t did not come back: replayed" \
		"alone in $(( ($(date +%s%N) - start) / 1000000 )) ms" \
		"(a stall of the host, not of the code)" | tee -a "$work.log"
	mv "$t" "$t.replayed"
}

# Each run is one process on one core: JOBS of them at a time, the longest
# first, so that the suite takes about half the sum of the times on 2 cores.
secs_of() {
	case $1 in fuzz_csum) echo 60 ;; fuzz_reasm) echo 20 ;; *) echo 30 ;; esac
}
order=(fuzz_csum)
for name in "${names[@]}"; do
	[ "$name" = fuzz_csum ] || order+=("$name")
done
for name in "${order[@]}"; do
	spawn fuzz "$name" "$(secs_of "$name")"
done
wait

# reproducer NAME WORK: say in the run's last lines which target failed,
# how (the sanitizer's or libFuzzer's first error line), and the input
# that did it, gzipped and in base64 when that is short, so that a CI
# report which keeps only the tail still holds the case:
#   base64 -d <<<'...' | gunzip > crash; build/fuzz/NAME_standalone crash
reproducer() {
	local name=$1 work=$2 why crash z
	why=$(grep -m1 -E 'ERROR:|SUMMARY:|deadly signal|Test unit written' \
		"$work.log" | sed 's/^==[0-9]*==//')
	fail_note "$name: ${why:-exit $(cat "$work.rc" 2>/dev/null), no error line}"
	# The first stack frame in this project's sources: where it went wrong.
	local frame='#[0-9]+ .* in .* [^ ]*(src|packet|capture|fuzz|tests)/'
	why=$(grep -m1 -E "$frame[^ ]+:[0-9]+" "$work.log" | sed 's/^ *//')
	[ -z "$why" ] || fail_note "$name at $why"
	crash=$(ls -t "$work"/crash-* "$work"/leak-* "$work"/timeout-* \
		"$work"/oom-* "$work"/slow-unit-* 2>/dev/null | head -n1)
	[ -n "$crash" ] || return 0
	z=$(gzip -9 -n <"$crash" | base64 -w 0)
	if [ ${#z} -le 2400 ]; then
		fail_note "$name input, $(wc -c <"$crash") bytes, gzip+base64:"
		fail_note "$z"
	else
		fail_note "$name input: $(wc -c <"$crash") bytes, too long" \
			"to print ($crash)"
	fi
}

status=0
# The lines of a passing run's log worth repeating.
stats='number_of_executed_units|stat::peak_rss_mb'
for name in "${names[@]}"; do
	work=$BUILD_ROOT/fuzz-work/${name#fuzz_}
	corpus=$(corpus_of "$name")
	echo "$name: $(secs_of "$name") s, corpus $work${corpus:+ $corpus}"
	if [ "$(cat "$work.rc" 2>/dev/null)" = 0 ]; then
		grep -E "^(stat::$stats)|DONE|did not come back" \
			"$work.log" | sed 's/^/  /'
	else
		echo "$name FAILED (exit $(cat "$work.rc" 2>/dev/null)):"
		tail -n 40 "$work.log"
		reproducer "$name" "$work"
		status=1
	fi
done
exit $status
