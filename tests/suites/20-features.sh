#!/bin/bash
# tests/suites/20-features.sh - rerun the native CTest suite while masking
# CPU features cumulatively, newest first (INETCSUM_DISABLE_CPU_FEATURES,
# honoured by INETCSUM_TEST_SUPPORT builds), so that the dispatcher falls
# back step by step to the portable kernel.  The feature names come from the
# library's own table (test_dispatch --list-features), the newest last, so
# this works for whatever kernels exist.  A step that leaves the same set of
# supported kernels as the step before would run the very same code, so it
# is reported and not rerun.
set -eu
. tests/suites/common.sh
native_build
T=$NATIVE_BUILD/tests/core/test_dispatch
mapfile -t feats < <("$T" --list-features)
if [ ${#feats[@]} -eq 0 ]; then
	echo "no CPU features on this architecture: only the portable kernel," \
		"nothing to mask (10-native already ran it)"
	exit 0
fi
log=$BUILD_ROOT/features.log
status=0
prev=$("$T" --print-kernel)
echo "no mask: kernel $prev"
mask=""
for ((i = ${#feats[@]} - 1; i >= 0; i--)); do
	mask=${mask:+$mask,}${feats[i]}
	now=$(INETCSUM_DISABLE_CPU_FEATURES=$mask "$T" --print-kernel)
	echo "masked $mask: kernel $now"
	if [ "${now#*(}" = "${prev#*(}" ]; then
		echo "  same supported kernels as the previous step: not rerun"
		continue
	fi
	prev=$now
	if (cd "$NATIVE_BUILD" && INETCSUM_DISABLE_CPU_FEATURES=$mask \
		ctest --output-on-failure -j "$JOBS") >"$log" 2>&1; then
		grep 'tests passed' "$log" | sed 's/^/  /'
	else
		# Go on masking: later steps show which kernels are affected.
		echo "  FAILED with $mask masked:"
		sed -n '/The following tests FAILED/,$p' "$log" | sed 's/^/  /'
		grep -E '^(FAIL|CRASH)' "$log" | head -n 20 | sed 's/^/  /'
		status=1
	fi
done
# With everything masked only feature-free kernels may remain.
case "$prev" in
*"(supported: "*) ;;
*) echo "no kernel left after masking every feature"; status=1 ;;
esac
exit $status
