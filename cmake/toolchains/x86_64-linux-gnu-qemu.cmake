# SPDX-License-Identifier: MIT
# cmake/toolchains/x86_64-linux-gnu-qemu.cmake - x86-64, built with the host
# compiler, tests run under qemu-x86_64 to give the x86 kernels and their
# CPUID/XGETBV probe other CPUs than the host's.  Only for x86-64 hosts:
# QEMU uses the host's own libraries.
#   cmake -S . -B build-x86-qemu \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/x86_64-linux-gnu-qemu.cmake \
#     -DINETCSUM_QEMU_CPU=Haswell
# or run ctest with QEMU_CPU=Haswell.  `qemu-x86_64 -cpu help` lists the
# models; QEMU 7.2 emulates up to AVX2, BMI2 and ADX but no AVX-512.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-linux-gnu-gcc)

find_program(INETCSUM_QEMU_EXECUTABLE qemu-x86_64)
if(NOT INETCSUM_QEMU_EXECUTABLE)
  message(WARNING "qemu-x86_64 not found (Debian: qemu-user); "
    "tests will not run")
  set(INETCSUM_QEMU_EXECUTABLE qemu-x86_64)
endif()
set(INETCSUM_QEMU_CPU "" CACHE STRING
  "QEMU CPU model for the tests (empty: \$QEMU_CPU, else QEMU's default)")
set(CMAKE_CROSSCOMPILING_EMULATOR ${INETCSUM_QEMU_EXECUTABLE})
if(INETCSUM_QEMU_CPU)
  list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -cpu ${INETCSUM_QEMU_CPU})
endif()
