#!/bin/bash
# tests/suites/12-plain-cc.sh - the library builds without any build
# system: every source compiled with plain "cc -std=c11" (the ISA kernels
# carry target attributes, so no per-file flags are needed), linked into the
# test programs, which then run.  Also: the entry points and the dispatcher
# (src/csum.c, src/dispatch.c, src/x86/dispatch.c) compile at -O3 and with
# -march=native (they must not depend on the baseline ISA).
set -eu
. tests/suites/common.sh
CC=${CC:-cc}
O=$BUILD_ROOT/plain-cc
rm -rf "$O"
mkdir -p "$O"
objs=()
for f in src/*.c src/*/*.c; do
	# Two arch folders hold files of the same name: keep the path in it.
	o=$O/$(echo "${f%.c}" | tr / _).o
	"$CC" -std=c11 -O2 -c "$f" -o "$o"
	objs+=("$o")
done
# The packet layer is part of the library too (it needs only the headers).
for f in packet/*.c; do
	o=$O/$(echo "${f%.c}" | tr / _).o
	"$CC" -std=c11 -O2 -Iinclude -c "$f" -o "$o"
done
echo "compiled ${#objs[@]} library sources and packet/*.c with:" \
	"$CC -std=c11 -O2 -c"
# Tests use the internal registry (src/impl.h) like the CMake build does.
for t in test_vectors test_csum test_api; do
	"$CC" -std=c11 -O2 -Isrc -Iinclude -Itests/lib "tests/core/$t.c" \
		tests/lib/ref_csum.c tests/lib/test_util.c "${objs[@]}" -o "$O/$t"
done
# Exit 77: every check ran and passed but a kernel could not run on this
# CPU (the program names it): a recorded skip, never a pass.
for t in "test_vectors tests/core/vectors/*.txt" test_api test_csum; do
	rc=0
	# shellcheck disable=SC2086 # the glob of test_vectors' files
	"$O"/$t >"$O/out" 2>&1 || rc=$?
	cat "$O/out"
	case $rc in
	0) ;;
	77) while IFS= read -r l; do skip "${t%% *}: ${l#SKIP: }"; done \
		< <(grep '^SKIP: ' "$O/out") ;;
	*) echo "${t%% *} failed (exit $rc)"; exit 1 ;;
	esac
done
for f in src/csum.c src/dispatch.c src/x86/dispatch.c; do
	for flags in "-O3" "-O3 -march=native" "-O0"; do
		# shellcheck disable=SC2086
		"$CC" -std=c11 $flags -Wall -Wextra -c "$f" -o "$O/variant.o"
		echo "$f compiles with: $CC -std=c11 $flags"
	done
done
