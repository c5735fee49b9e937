# SPDX-License-Identifier: MIT
# cmake/toolchains/aarch64-linux-gnu.cmake - 64-bit Arm, little-endian.
# Tests run under qemu-aarch64, whose default CPU (max) has every optional
# extension; QEMU_CPU=cortex-a53 ctest runs them on a plain ARMv8.0 core.
#   cmake -S . -B build-aarch64 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
# Needs Debian's gcc-aarch64-linux-gnu and qemu-user (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET aarch64-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(INETCSUM_QEMU_NAME qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
