#!/bin/bash
# tests/suites/45-install.sh - install to a temporary prefix and build two
# small consumers from outside the tree: one with pkg-config, one with
# CMake's find_package(inetcsum); then build the tree as part of an outside
# project with add_subdirectory and with FetchContent.  Every consumer must
# compute the RFC 1071 example and call the packet layer.
set -eu
. tests/suites/common.sh
B=$RELEASE_BUILD
P=$INSTALL_PREFIX
rm -rf "$P" "$BUILD_ROOT/consumer-cmake"
release_build
quiet cmake --install "$B"
test -f "$P/include/inetcsum.h"
test -f "$P/include/inetcsum_packet.h"
test -f "$P/share/man/man3/libinetcsum.3"
# The manual pages must format without a warning.
for m in man/*.[0-9]; do
	w=$(LC_ALL=C MANWIDTH=80 man --warnings -l "$m" 2>&1 >/dev/null) || true
	if [ -n "$w" ]; then echo "$m: $w"; exit 1; fi
done
pc=$(find "$P" -name inetcsum.pc | head -n 1)
libdir=$(dirname "$(find "$P" -name 'libinetcsum.so*' | head -n 1)")
if [ -z "$pc" ] || [ "$libdir" = . ]; then
	echo "install is missing inetcsum.pc or libinetcsum.so"
	find "$P" | sed 's/^/  /'
	exit 1
fi

# 1. pkg-config, shared library.
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$pc")
# Word splitting of the pkg-config flags is intended.
# shellcheck disable=SC2046
cc -std=c11 tests/install/consumer.c $(pkg-config --cflags --libs inetcsum) \
	-o "$BUILD_ROOT/consumer-pkgconfig"
LD_LIBRARY_PATH=$libdir "$BUILD_ROOT/consumer-pkgconfig"
if ! LD_LIBRARY_PATH=$libdir ldd "$BUILD_ROOT/consumer-pkgconfig" |
	grep -q "$libdir/libinetcsum.so"; then
	echo "the pkg-config consumer does not use the installed libinetcsum.so"
	exit 1
fi

# 2. CMake package: a shared and a static consumer.
configure_consumer() {
	quiet cmake -S tests/install -B "$BUILD_ROOT/consumer-cmake" \
		-DCMAKE_PREFIX_PATH="$P"
}
configure_consumer
quiet cmake --build "$BUILD_ROOT/consumer-cmake"
for exe in "$BUILD_ROOT"/consumer-cmake/consumer_*; do
	LD_LIBRARY_PATH=$libdir "$exe"
done

# 3. The source tree inside another project, both ways.
for how in subdirectory fetchcontent; do
	S=$BUILD_ROOT/consumer-$how
	rm -rf "$S"
	quiet cmake -S tests/install/subproject -B "$S" -DINETCSUM_HOW=$how \
		-DINETCSUM_SOURCE="$PWD"
	quiet cmake --build "$S" -j "$JOBS"
	for exe in "$S"/consumer_*; do
		"$exe" >/dev/null || { echo "$how: $exe failed"; exit 1; }
	done
	echo "$how: the library built as a subproject, consumers ran"
done
