# SPDX-License-Identifier: MIT
# cmake/toolchains/alpha-linux-gnu.cmake - 64-bit little-endian Alpha.
# Tests run under qemu-alpha, whose default CPU is an EV67.  For the first
# Alpha cores, which lack the byte/word memory instructions (BWX), add
# -DCMAKE_C_FLAGS=-mcpu=ev4 and run ctest with QEMU_CPU=ev4: QEMU then
# raises SIGILL on any BWX instruction.
#   cmake -S . -B build-alpha \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/alpha-linux-gnu.cmake
# Needs Debian's gcc-alpha-linux-gnu and qemu-user (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET alpha-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR alpha)
set(INETCSUM_QEMU_NAME qemu-alpha)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
