#!/bin/bash
# tests/run_tests.sh - the full test suite, as a menu of named suites.
#
#   tests/run_tests.sh                 run every suite
#   tests/run_tests.sh NAME...         run only these suites
#   tests/run_tests.sh --skip NAME...  run all but these
#   tests/run_tests.sh --list          list the suites
#
# A suite is tests/suites/NN-NAME.sh, run in NN order from the top of the
# tree with BUILD_ROOT (default build-tests) as its scratch folder; it exits
# non-zero on failure.  The last line is "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
export BUILD_ROOT=${BUILD_ROOT:-$PWD/build-tests}
export JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
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
for a in "$@"; do
	case "$a" in
	--list) printf '%s\n' "${suites[@]}"; exit 0 ;;
	--skip) mode=skip ;;
	*) if [ -z "$(file_of "$a")" ]; then echo "no suite named $a" >&2; exit 2; fi
	   if [ $mode = skip ]; then skip+=("$a"); else selected+=("$a"); fi ;;
	esac
done
[ ${#selected[@]} -eq 0 ] && selected=("${suites[@]}")

passed=0 failed=0 failed_names=""
for s in "${suites[@]}"; do
	[[ " ${selected[*]} " == *" $s "* ]] || continue
	[[ " ${skip[*]-} " == *" $s "* ]] && continue
	echo "=== suite $s ==="
	start=$(date +%s)
	if bash "$(file_of "$s")"; then
		passed=$((passed + 1)); r=PASS
	else
		failed=$((failed + 1)); r=FAIL; failed_names="$failed_names $s"
	fi
	echo "=== suite $s: $r ($(( $(date +%s) - start )) s) ==="
done
[ -n "$failed_names" ] && echo "failed suites:$failed_names"
echo "suites: $passed passed, $failed failed"
[ $failed -eq 0 ]
