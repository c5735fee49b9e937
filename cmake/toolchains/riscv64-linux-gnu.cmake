# SPDX-License-Identifier: MIT
# cmake/toolchains/riscv64-linux-gnu.cmake - 64-bit RISC-V (rv64gc, the
# Debian baseline; the Zbb and vector kernels are chosen at run time).
# Tests run under qemu-riscv64.
#   cmake -S . -B build-riscv64 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/riscv64-linux-gnu.cmake
# Needs Debian's gcc-riscv64-linux-gnu, libc6-dev-riscv64-cross and
# qemu-user (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET riscv64-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(INETCSUM_QEMU_NAME qemu-riscv64)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
