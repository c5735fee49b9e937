# SPDX-License-Identifier: MIT
# cmake/toolchains/linux-gnu-cross.cmake - shared part of the Linux cross
# toolchain files beside it.  The including file sets:
#
#   INETCSUM_CROSS_TRIPLET  GNU triplet of Debian's cross gcc, e.g.
#                           powerpc-linux-gnu (compiler <triplet>-gcc, C
#                           library under /usr/<triplet>)
#   CMAKE_SYSTEM_PROCESSOR  what the top-level CMakeLists.txt matches to
#                           pick src/x86/ or src/arm/
#   INETCSUM_QEMU_NAME      the QEMU user-mode emulator, e.g. qemu-ppc
#   INETCSUM_CROSS_LOADER   optional: the target's dynamic loader (file name
#                           in /usr/<triplet>/lib) when the host CPU runs
#                           the target's code natively; then no QEMU
##   INETCSUM_CROSS_32BIT    ON for 32-bit targets (see below)
#
# and this file sets CMAKE_CROSSCOMPILING_EMULATOR to
# "<qemu>;-L;/usr/<triplet>", so that `ctest` runs every test program under
# QEMU.  -L is QEMU's QEMU_LD_PREFIX: the dynamic loader and libc of the
# target come from the cross C library package instead of the host's /lib.
#
# The emulated CPU is QEMU's default for the target unless the environment
# of `ctest` has QEMU_CPU (e.g. QEMU_CPU=cortex-a53 ctest), or the cache
# variable INETCSUM_QEMU_CPU is set at configure time, which puts "-cpu" on
# the command line (and so overrides QEMU_CPU).  Compiler CPU flags such as
# -mcpu=ev4 go in CMAKE_C_FLAGS as usual.

set(CMAKE_SYSTEM_NAME Linux)

set(CMAKE_C_COMPILER ${INETCSUM_CROSS_TRIPLET}-gcc)

# 32-bit programs under QEMU user mode run on a 64-bit host kernel, which
# returns 64-bit directory offsets and inode numbers: without large-file
# support glibc's readdir() and stat() fail with EOVERFLOW (a fuzz corpus
# directory read as empty, for example).  _FILE_OFFSET_BITS=64 makes them use
# the 64-bit calls.  It is only the initial CMAKE_C_FLAGS: a -DCMAKE_C_FLAGS
# on the command line replaces it.
if(INETCSUM_CROSS_32BIT)
  set(CMAKE_C_FLAGS_INIT "-D_FILE_OFFSET_BITS=64")
endif()

# Headers and libraries come from the target's C library only; programs
# (the emulator, objdump) from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${INETCSUM_CROSS_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(INETCSUM_QEMU_CPU "" CACHE STRING
  "QEMU CPU model for the tests (empty: \$QEMU_CPU, else QEMU's default)")

# A target the host CPU executes itself (i686 on x86-64) runs its tests
# through the target's own dynamic loader from the cross C library, called
# as a program: no emulator, and no 32-bit libc needed on the host.
if(INETCSUM_CROSS_LOADER)
  set(CMAKE_CROSSCOMPILING_EMULATOR
    /usr/${INETCSUM_CROSS_TRIPLET}/lib/${INETCSUM_CROSS_LOADER}
    --library-path /usr/${INETCSUM_CROSS_TRIPLET}/lib)
  return()
endif()

# Without the emulator the build still works; only the tests cannot run.
find_program(INETCSUM_QEMU_EXECUTABLE ${INETCSUM_QEMU_NAME})
if(NOT INETCSUM_QEMU_EXECUTABLE)
  message(WARNING "${INETCSUM_QEMU_NAME} not found (Debian: qemu-user); "
    "tests will not run")
  set(INETCSUM_QEMU_EXECUTABLE ${INETCSUM_QEMU_NAME})
endif()

set(CMAKE_CROSSCOMPILING_EMULATOR ${INETCSUM_QEMU_EXECUTABLE})
if(INETCSUM_QEMU_CPU)
  list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -cpu ${INETCSUM_QEMU_CPU})
endif()
list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -L /usr/${INETCSUM_CROSS_TRIPLET})
