# SPDX-License-Identifier: MIT
# cmake/toolchains/i686-linux-gnu.cmake - 32-bit x86.
# An x86-64 host runs i686 code itself, so by default the tests run natively
# through the cross C library's loader (/usr/i686-linux-gnu/lib/
# ld-linux.so.2 --library-path ...), which needs no 32-bit libc on the host.
# -DINETCSUM_I686_QEMU=ON runs them under qemu-i386 instead (for a host that
# cannot execute 32-bit code).  Caveat: under Debian 12's qemu-i386 7.2 a
# dynamically linked program hangs in its child after fork(), so tests that
# fork (test_dispatch) time out there.
#   cmake -S . -B build-i686 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/i686-linux-gnu.cmake
# Needs Debian's gcc-i686-linux-gnu (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET i686-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(INETCSUM_CROSS_32BIT ON)
set(INETCSUM_QEMU_NAME qemu-i386)
option(INETCSUM_I686_QEMU "Run the i686 tests under qemu-i386" OFF)
if(NOT INETCSUM_I686_QEMU)
  set(INETCSUM_CROSS_LOADER ld-linux.so.2)
endif()
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
