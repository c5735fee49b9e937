# SPDX-License-Identifier: MIT
# cmake/toolchains/powerpc64le-linux-gnu.cmake - 64-bit little-endian
# PowerPC (POWER8 and later: the ELFv2 ABI's baseline).  Tests run under
# qemu-ppc64le.
#   cmake -S . -B build-ppc64le \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/powerpc64le-linux-gnu.cmake
# Needs Debian's gcc-powerpc64le-linux-gnu, libc6-dev-ppc64el-cross and
# qemu-user (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET powerpc64le-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR ppc64le)
set(INETCSUM_QEMU_NAME qemu-ppc64le)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
