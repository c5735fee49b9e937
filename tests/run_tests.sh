#!/bin/bash
# tests/run_tests.sh - the full test suite, as a menu of named suites.
#
#   tests/run_tests.sh                 run every suite
#   tests/run_tests.sh NAME...         run only these suites
#   tests/run_tests.sh --skip NAME...  run all but these
#   tests/run_tests.sh --strict ...    a suite that skipped anything fails
#   tests/run_tests.sh --list          list the suites
#
# A suite is tests/suites/NN-NAME.sh, run in NN order from the top of the
# tree with BUILD_ROOT (default build-tests) as its scratch folder.  Each
# ends in one of three states:
#
#   PASS  exit 0 and nothing skipped
#   SKIP  exit 77 (nothing could run), or exit 0 with one or more skips
#         recorded: every check that ran passed, but something that should
#         have been tested was not (a kernel this CPU cannot run, a missing
#         tool).  Each skip is one line "what: why" that the suite appends
#         to the file $SKIP_LOG (common.sh's skip()), and is listed below.
#   FAIL  any other exit status
#
# A suite that fails may say why in one or a few lines (skip.sh's
# fail_note()); they are repeated after "failed suites:".
#
# A skip is never a pass: it is counted apart, named with its reason at the
# end, and with --strict (or INETCSUM_TEST_STRICT=1) it fails the run.  The
# last line is "suites: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
export BUILD_ROOT=${BUILD_ROOT:-$PWD/build-tests}
export JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
# The suites judge the built-in choices: a tuning record left on this
# machine by `inetcsum tune` must not change them (test_tuning_record
# writes and reads its own).
export INETCSUM_TUNING=${INETCSUM_TUNING:-none}
mkdir -p "$BUILD_ROOT"

suites=()
for f in tests/suites/[0-9]*.sh; do
	n=$(basename "$f" .sh)
	suites+=("${n#*-}")
done
file_of() { ls tests/suites/[0-9]*-"$1".sh 2>/dev/null | head -n1; }

selected=()
skip=()
mode=select
strict=${INETCSUM_TEST_STRICT:-0}
for a in "$@"; do
	case "$a" in
	--list) printf '%s\n' "${suites[@]}"; exit 0 ;;
	--skip) mode=skip ;;
	--strict) strict=1 ;;
	*) if [ -z "$(file_of "$a")" ]; then echo "no suite named $a" >&2; exit 2; fi
	   if [ $mode = skip ]; then skip+=("$a"); else selected+=("$a"); fi ;;
	esac
done
[ ${#selected[@]} -eq 0 ] && selected=("${suites[@]}")

passed=0 failed=0 skipped=0 failed_names="" skip_lines="" fail_lines=""
for s in "${suites[@]}"; do
	[[ " ${selected[*]} " == *" $s "* ]] || continue
	[[ " ${skip[*]-} " == *" $s "* ]] && continue
	echo "=== suite $s ==="
	start=$(date +%s)
	SKIP_LOG=$(mktemp)
	FAIL_LOG=$(mktemp)
	export SKIP_LOG FAIL_LOG
	rc=0
	bash "$(file_of "$s")" || rc=$?
	nskip=$(grep -c . "$SKIP_LOG")
	if [ $rc -eq 77 ] && [ "$nskip" -eq 0 ]; then
		echo "$s: exit 77 (nothing run)" >>"$SKIP_LOG"
		nskip=1
	fi
	while IFS= read -r line; do
		skip_lines="$skip_lines
  $s: $line"
	done <"$SKIP_LOG"
	rm -f "$SKIP_LOG"
	if [ $rc -ne 0 ] && [ $rc -ne 77 ]; then
		r=FAIL
	elif [ "$nskip" -gt 0 ] && [ "$strict" = 1 ]; then
		r="FAIL (--strict: $nskip skipped)"
	elif [ "$nskip" -gt 0 ]; then
		r="SKIP ($nskip skipped)"
	else
		r=PASS
	fi
	case $r in
	PASS) passed=$((passed + 1)) ;;
	SKIP*) skipped=$((skipped + 1)) ;;
	*) failed=$((failed + 1)); failed_names="$failed_names $s"
	   while IFS= read -r line; do
		fail_lines="$fail_lines
  $s: $line"
	   done <"$FAIL_LOG" ;;
	esac
	rm -f "$FAIL_LOG"
	echo "=== suite $s: $r ($(( $(date +%s) - start )) s) ==="
done
[ -n "$skip_lines" ] && echo "not tested (skipped):$skip_lines"
[ -n "$failed_names" ] && echo "failed suites:$failed_names$fail_lines"
echo "suites: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
