# SPDX-License-Identifier: MIT
# cmake/toolchains/i686-linux-gnu.cmake - 32-bit x86.
# An x86-64 host whose kernel runs 32-bit code executes i686 programs
# itself, so by default the tests run natively through the cross C
# library's loader (/usr/i686-linux-gnu/lib/ld-linux.so.2 --library-path
# ...), which needs no 32-bit libc on the host.  Where the kernel cannot
# (no IA32 emulation: "Exec format error", as on some VMs),
# -DINETCSUM_I686_QEMU=ON runs them under qemu-i386 instead, linked
# statically: under Debian 12's qemu-i386 7.2 a dynamically linked program
# hangs in its child after fork() (test_dispatch, test_race), a static one
# does not.  tests/suites/50-cross.sh probes the host and picks.
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
else()
  set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
