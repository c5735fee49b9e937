# SPDX-License-Identifier: MIT
# cmake/toolchains/s390x-linux-gnu.cmake - 64-bit big-endian IBM Z.
# Tests run under qemu-s390x.
#   cmake -S . -B build-s390x \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x-linux-gnu.cmake
# Needs Debian's gcc-s390x-linux-gnu and qemu-user (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET s390x-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(INETCSUM_QEMU_NAME qemu-s390x)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
