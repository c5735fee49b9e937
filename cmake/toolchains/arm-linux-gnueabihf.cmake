# SPDX-License-Identifier: MIT
# cmake/toolchains/arm-linux-gnueabihf.cmake - 32-bit Arm, ARMv7-A, hard float.
# Tests run under qemu-arm.  CMakeLists.txt builds only the portable
# kernel for it (src/arm/ is arm64 code).
#   cmake -S . -B build-armv7 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-linux-gnueabihf.cmake
# Needs Debian's gcc-arm-linux-gnueabihf and qemu-user (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET arm-linux-gnueabihf)
set(CMAKE_SYSTEM_PROCESSOR armv7)
set(INETCSUM_CROSS_32BIT ON)
set(INETCSUM_QEMU_NAME qemu-arm)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
