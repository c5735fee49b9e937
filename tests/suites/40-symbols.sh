#!/bin/bash
# tests/suites/40-symbols.sh - every symbol that libinetcsum exports from
# the shared library, and every global symbol that the static library
# defines, must carry the inetcsum_ prefix: the library must not claim names
# that belong to its users.  The check is first shown to catch a bad name.
# The shared library's exports must also be exactly the functions that the
# installed headers declare (include/*.h, INETCSUM_API): the public API and
# nothing else.
set -eu
. tests/suites/common.sh
release_build
B=$RELEASE_BUILD

# Symbols the linker itself defines in every shared object.
linker_syms='^(_init|_fini|_edata|_end|__bss_start|_DYNAMIC|_GLOBAL_OFFSET_TABLE_)$'

# bad_symbols KIND FILE: print FILE's offending defined global symbols.
bad_symbols() {
	if [ "$1" = dynamic ]; then
		nm -D --defined-only "$2"
	else
		nm -g --defined-only "$2"
	fi | awk 'NF >= 3 { print $3 }' | grep -Ev "$linker_syms" |
		grep -v '^inetcsum_' || true
}

# The checker must be able to fail: a stray global must be reported.
mkdir -p "$BUILD_ROOT/symbols"
probe=$BUILD_ROOT/symbols/probe
printf 'int stray_global = 1;\nint inetcsum_fine(void) { return 0; }\n' \
	>"$probe.c"
cc -c -fPIC "$probe.c" -o "$probe.o"
cc -shared "$probe.o" -o "$probe.so"
if [ "$(bad_symbols static "$probe.o")" != stray_global ] ||
	[ "$(bad_symbols dynamic "$probe.so")" != stray_global ]; then
	echo "the symbol check failed to spot a stray global"
	exit 1
fi

status=0
so=$(find "$B" -maxdepth 1 -name 'libinetcsum.so*' -type f | head -n 1)
a=$B/libinetcsum.a
for f in "$so" "$a"; do
	if [ -z "$f" ] || [ ! -f "$f" ]; then
		echo "library not found in $B"
		exit 1
	fi
done
n_dyn=$(nm -D --defined-only "$so" | awk 'NF >= 3' | grep -Evc "$linker_syms" || true)
n_sta=$(nm -g --defined-only "$a" | awk 'NF >= 3' | wc -l)
bad=$(bad_symbols dynamic "$so")
if [ -n "$bad" ]; then
	echo "exported from $(basename "$so") without the inetcsum_ prefix:"
	while read -r s; do echo "  $s"; done <<<"$bad"
	status=1
fi
bad=$(bad_symbols static "$a")
if [ -n "$bad" ]; then
	echo "global in libinetcsum.a without the inetcsum_ prefix:"
	while read -r s; do echo "  $s"; done <<<"$bad"
	status=1
fi
# The shared library exports exactly the public API: every function the
# installed headers declare with INETCSUM_API, and nothing else (an internal
# helper that escapes hidden visibility, or a declared function that is not
# built, both fail).
declared=$(cat include/*.h | tr '\n' ' ' | grep -oE 'INETCSUM_API[^;{(]*\(' |
	grep -oE 'inetcsum_[A-Za-z0-9_]+ *\($' | tr -d ' (' | sort -u)
exported=$(nm -D --defined-only "$so" | awk 'NF >= 3 { print $3 }' |
	grep -Ev "$linker_syms" | sort -u)
extra=$(comm -13 <(echo "$declared") <(echo "$exported"))
missing=$(comm -23 <(echo "$declared") <(echo "$exported"))
if [ -n "$extra" ]; then
	echo "exported from $(basename "$so") but not declared INETCSUM_API" \
		"in include/:" $extra
	status=1
fi
if [ -n "$missing" ]; then
	echo "declared INETCSUM_API in include/ but not exported:" $missing
	status=1
fi
echo "checked $n_dyn exported symbols of $(basename "$so") against the" \
	"$(echo "$declared" | wc -l) functions of include/*.h, and $n_sta" \
	"global symbols of libinetcsum.a"
exit $status
