# SPDX-License-Identifier: MIT
# cmake/toolchains/powerpc-linux-gnu.cmake - 32-bit big-endian PowerPC.
# Tests run under qemu-ppc.
#   cmake -S . -B build-powerpc \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/powerpc-linux-gnu.cmake
# Needs Debian's gcc-powerpc-linux-gnu and qemu-user (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET powerpc-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR powerpc)
set(INETCSUM_CROSS_32BIT ON)
set(INETCSUM_QEMU_NAME qemu-ppc)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
