# shellcheck shell=bash
# tests/suites/skip.sh - how a suite says that something was not tested,
# or why it failed (sourced by common.sh and by the suites that do not use
# it; not a suite).  tests/run_tests.sh gives each suite a file $SKIP_LOG:
# a suite that wrote a line there is counted as SKIP, never as PASS, and
# the line is named at the end of the run.  It also gives a file $FAIL_LOG,
# whose lines it prints at the very end when the suite fails: the last
# lines of a long run are often all a CI report keeps.

# skip WHAT: WHY...: record one thing not tested, and why.  Run by hand,
# with no SKIP_LOG, the line is only printed.
skip() {
	echo "SKIP: $*"
	if [ -n "${SKIP_LOG-}" ]; then echo "$*" >>"$SKIP_LOG"; fi
}

# fail_note LINE...: one line saying what failed (repeated at the end of
# the run if the suite fails).  Run by hand, it is only printed.
fail_note() {
	echo "FAILED: $*"
	if [ -n "${FAIL_LOG-}" ]; then echo "$*" >>"$FAIL_LOG"; fi
}

# ctest_skips DIR OUT [PREFIX]: after a ctest run in build folder DIR whose
# output is in file OUT, record a skip for every test that ctest lists as
# "(Skipped)" (the program exited 77, tests/CMakeLists.txt's
# SKIP_RETURN_CODE), with the program's own "SKIP: ..." lines, found in
# ctest's LastTest.log, as the reason.  Prints nothing if nothing skipped.
ctest_skips() {
	local dir=$1 out=$2 prefix=${3:+$3: } t why
	local log=$dir/Testing/Temporary/LastTest.log
	for t in $(sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/\1/p' \
		"$out"); do
		why=$(awk -v t="$t" '
			/^[0-9]+\/[0-9]+ Test: / { on = $3 == t; next }
			on && /^SKIP: / { sub(/^SKIP: /, ""); print }' \
			"$log" 2>/dev/null | paste -sd ';' | sed 's/;/; /g')
		skip "${prefix}test $t: ${why:-exit 77, no reason printed}"
	done
}

# run_ctest DIR PREFIX CTEST-ARGS...: ctest in DIR with its output shown,
# its skips recorded (ctest_skips), the tests that failed named
# (fail_note), and its exit status returned.
run_ctest() {
	local dir=$1 prefix=$2 out rc=0
	shift 2
	out=$(mktemp)
	(cd "$dir" && ctest "$@") >"$out" 2>&1 || rc=$?
	cat "$out"
	ctest_skips "$dir" "$out" "$prefix"
	if [ $rc -ne 0 ]; then
		fail_note "${prefix:+$prefix: }ctest failed:" $(sed -n \
			'/tests FAILED:/,$s/^[[:space:]]*[0-9]* - \([^ ]*\).*/\1/p' \
			"$out")
	fi
	rm -f "$out"
	return $rc
}
